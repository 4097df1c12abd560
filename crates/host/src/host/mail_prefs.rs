//! What each player chooses to be mailed. Receipts (the answer to what
//! they sent) always go; reminders before a deadline may be turned off;
//! a turn's report may come in the mail's text (the default) or only
//! attached, as a file beside its JSON.
//!
//! Kept with the game's settings, by seat, and changed from the player's
//! page; every change is in the audit log, by the player.

use serde::{Deserialize, Serialize};

use super::{Host, HostError, Result, Settings};

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
}

impl Default for MailPrefs {
    fn default() -> Self {
        MailPrefs {
            reminders: true,
            report: ReportIn::Body,
        }
    }
}

impl MailPrefs {
    /// In words, for the audit log and the page.
    pub fn describe(&self) -> String {
        format!(
            "reminders {}; reports {}",
            if self.reminders { "on" } else { "off" },
            match self.report {
                ReportIn::Body => "in the mail's text",
                ReportIn::Attached => "attached only",
            }
        )
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
            if prefs == MailPrefs::default() {
                settings.mail.remove(&seat);
            } else {
                settings.mail.insert(seat.clone(), prefs);
            }
            Ok(format!("{seat} is mailed: {}", prefs.describe()))
        })
        .await?;
        Ok(())
    }
}
