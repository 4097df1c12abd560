//! What each player chooses to be mailed. Receipts (the answer to what
//! they sent) always go; reminders before a deadline may be turned off;
//! a turn's report may come in the mail's text (the default) or only
//! attached, as a file beside its JSON; messages from other players
//! (`host/messages.rs`) may stay on the player's page only.
//!
//! Kept with the game's settings, by seat, and changed from the player's
//! page or with a `#MAIL` line in a mail (`crate::envelope::MailLine`);
//! every change is in the audit log, by the player.

use serde::{Deserialize, Serialize};

use super::{Host, HostError, Result, Settings};
use crate::envelope::MailLine;
use crate::store;

/// Where a turn's report goes in its mail.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportIn {
    /// In the mail's text (and its JSON attached).
    #[default]
    Body,
    /// Only attached, as a text file beside its JSON; the mail says so.
    Attached,
}

/// One player's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MailPrefs {
    /// Reminders before a deadline when no orders are in.
    pub reminders: bool,
    pub report: ReportIn,
    /// Messages from other players mailed (they are on the page either
    /// way).
    pub messages: bool,
}

impl Default for MailPrefs {
    fn default() -> Self {
        MailPrefs {
            reminders: true,
            report: ReportIn::Body,
            messages: true,
        }
    }
}

impl MailPrefs {
    /// In words, for the audit log and the page.
    pub fn describe(&self) -> String {
        format!(
            "reminders {}; reports {}; messages from other players {}",
            if self.reminders { "on" } else { "off" },
            match self.report {
                ReportIn::Body => "in the mail's text",
                ReportIn::Attached => "attached only",
            },
            if self.messages {
                "mailed"
            } else {
                "on the page only"
            }
        )
    }
}

impl MailPrefs {
    /// These choices with what `line` changes.
    pub fn with(self, line: MailLine) -> MailPrefs {
        MailPrefs {
            reminders: line.reminders.unwrap_or(self.reminders),
            report: match line.report_attached {
                Some(true) => ReportIn::Attached,
                Some(false) => ReportIn::Body,
                None => self.report,
            },
            messages: line.messages.unwrap_or(self.messages),
        }
    }
}

/// Keep what a `#MAIL` line from `seat` changes, in `tx` (in the audit
/// log by `actor`): what the seat is told, or why the line is refused.
pub(crate) async fn take(
    tx: &mut sqlx::AnyConnection,
    game: &str,
    seat: &str,
    line: MailLine,
    actor: &str,
) -> Result<std::result::Result<String, String>> {
    if line.bad {
        return Ok(Err(MailLine::HOW.to_string()));
    }
    let Some(mut row) = store::game_in(tx, game).await? else {
        return Err(HostError::Refused(format!("there is no game {game}")));
    };
    let mut settings = Settings::of(&row);
    let prefs = settings.mail_of(seat).with(line);
    keep(&mut settings, seat, prefs);
    row.settings = settings.json();
    store::games_update(tx, &row).await?;
    let told = format!("mailed: {}", prefs.describe());
    store::audit_record(
        tx,
        Some(game),
        actor,
        "mail-prefs",
        &format!("{seat} is {told}"),
    )
    .await?;
    Ok(Ok(told))
}

/// Keep `prefs` as `seat`'s choices in `settings` (the default kept as
/// nothing).
fn keep(settings: &mut Settings, seat: &str, prefs: MailPrefs) {
    if prefs == MailPrefs::default() {
        settings.mail.remove(seat);
    } else {
        settings.mail.insert(seat.to_string(), prefs);
    }
}

impl Settings {
    /// What `seat` chose to be mailed.
    pub fn mail_of(&self, seat: &str) -> MailPrefs {
        self.mail.get(seat).copied().unwrap_or_default()
    }
}

impl Host {
    /// What `seat` of `game` chose to be mailed.
    pub async fn mail_prefs(&self, game: &str, seat: &str) -> Result<MailPrefs> {
        Ok(Settings::of_row(&self.game(game).await?).mail_of(seat))
    }

    /// Keep `prefs` as what `seat` chooses to be mailed, in the audit log
    /// by `actor` (the player).
    pub async fn set_mail_prefs(
        &self,
        game: &str,
        seat: &str,
        prefs: MailPrefs,
        actor: &str,
    ) -> Result<()> {
        let Some(s) = self.store().seat(game, seat).await? else {
            return Err(HostError::Refused(format!("{game} has no seat {seat}")));
        };
        let seat = s.seat;
        self.change(game, actor, "mail-prefs", move |_, settings| {
            keep(settings, &seat, prefs);
            Ok(format!("{seat} is mailed: {}", prefs.describe()))
        })
        .await?;
        Ok(())
    }
}
