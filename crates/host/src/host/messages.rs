//! Messages between players: written on a player's page, or mailed to a
//! faction's address (`f12@`), they reach the other seat both ways — on
//! its page always, and in its mail unless it chose not to be mailed
//! them — with the relay's anonymity: neither side sees the other's
//! address, only the seat (and its name) that wrote.
//!
//! The rules, in one place ([`Host::pass_message`]):
//!
//! - Only a seat in play writes, and to another seat than its own; a
//!   message needs words, and is at most [`MAX_BODY`] characters; a seat
//!   writes at most [`PER_HOUR`] messages in an hour.
//! - To a seat in play: kept for both pages, and mailed to the seat's
//!   address when it has one and takes messages by mail. To a seat no
//!   longer in the game: refused, and why. To a faction no player holds:
//!   the game master plays it, so it goes to the game master.
//! - The game master sees how many messages each seat wrote and was
//!   written, never their words, unless the game's rules say the game
//!   master reads them ([`Messages::GmReads`], which every player's page
//!   says); a game may also allow none ([`Messages::Off`]).
//! - A mailed message is settled (claimed, answered as relayed) in the
//!   transaction that keeps it, so a second delivery passes nothing on.

use serde::{Deserialize, Serialize};

use super::{Host, HostError, Result, Settings};
use crate::store::{self, Outgoing};

/// The longest message, in characters.
pub const MAX_BODY: usize = 20_000;

/// The longest subject, in characters.
pub const MAX_SUBJECT: usize = 200;

/// The most messages a seat writes in an hour: a player cannot flood
/// another's mailbox through the game.
pub const PER_HOUR: u64 = 30;

/// Why a game that allows no messages refuses one.
const OFF: &str =
    "this game allows no messages between players; write to the game master if you need to";

/// Who reads the messages players write each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Messages {
    /// The two seats only; the game master sees how many, not what.
    #[default]
    Private,
    /// The game's rules let the game master read them too.
    GmReads,
    /// The game allows no messages between players.
    Off,
}

impl Messages {
    /// `private`, `gm-reads` or `off`, as the command line and the desk
    /// write it.
    pub fn parse(s: &str) -> Result<Messages> {
        match s.trim().to_ascii_lowercase().as_str() {
            "private" => Ok(Messages::Private),
            "gm-reads" | "gm" | "open" => Ok(Messages::GmReads),
            "off" | "none" => Ok(Messages::Off),
            other => Err(HostError::Refused(format!(
                "`{other}` is not a way to keep messages between players: write private (only the two seats read them), gm-reads (the game master reads them too) or off (no messages)"
            ))),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Messages::Private => "private",
            Messages::GmReads => "gm-reads",
            Messages::Off => "off",
        }
    }

    /// The setting in words, for players and the game master.
    pub fn describe(self) -> &'static str {
        match self {
            Messages::Private => {
                "players may write to each other; only the two seats read a message, the game master sees how many"
            }
            Messages::GmReads => {
                "players may write to each other; by this game's rules the game master reads the messages too"
            }
            Messages::Off => "this game allows no messages between players",
        }
    }
}

/// A message as its writer gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The seat that writes.
    pub from: String,
    /// The seat written to.
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// How a message came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// Written on the writer's page.
    Web,
    /// Mailed to the seat's address: the stored submission it came in,
    /// settled with it.
    Mail { submission: i64 },
}

impl Via {
    fn as_str(self) -> &'static str {
        match self {
            Via::Web => "web",
            Via::Mail { .. } => "mail",
        }
    }
}

/// The addresses the mail of a message needs, which the mail settings
/// know: the writer's seat's address here (the way back) and the game
/// master's address when the game names none. None when the server
/// sends no mail.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Postage {
    pub way_back: Option<String>,
    pub gm: Option<String>,
}

/// What became of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Passed {
    /// Passed on: what the writer is told.
    To(String),
    /// Another process settled this mail first: nothing more was done.
    Settled,
}

/// Where a message goes: the seat's page, and perhaps an address.
struct Reach {
    to_seat: String,
    mail_to: Option<String>,
    kind: &'static str,
    told: String,
}

impl Host {
    /// Pass `letter` on in `game` by the rules above, or refuse it
    /// (`HostError::Refused`, the reason worded for the writer).
    pub async fn pass_message(
        &self,
        game: &str,
        letter: &Letter,
        via: Via,
        postage: &Postage,
    ) -> Result<Passed> {
        let row = self.game(game).await?;
        let reach = self
            .reach(game, &Settings::of_row(&row), letter, postage)
            .await?;
        let writer = self.seat_of(game, &letter.from).await?;
        let subject = subject_of(letter);
        // The rule as it stands when the message is kept.
        let (mut tx, row) = self.write_on(game).await?;
        let settings = Settings::of_row(&row);
        if settings.messages == Messages::Off {
            return Err(HostError::Refused(OFF.to_string()));
        }
        if let Via::Mail { submission } = via {
            if !store::claim(&mut tx, submission).await? {
                return Ok(Passed::Settled);
            }
            if settings.messages == Messages::GmReads {
                store::keep_text(&mut tx, submission, &letter.body).await?;
            }
            let note = format!("passed to {}", reach.to_seat);
            store::answer(&mut tx, submission, Some(game), "relayed", &note).await?;
        }
        let kept = store::NewMessage {
            game,
            from_seat: &letter.from,
            to_seat: &reach.to_seat,
            subject: &subject,
            body: letter.body.trim_end(),
            via: via.as_str(),
            gm_reads: settings.messages == Messages::GmReads,
        };
        store::keep_message(&mut tx, &kept).await?;
        if let Some(to) = &reach.mail_to {
            let body = format!(
                "{}\n\n-- \n{}\n",
                letter.body.trim_end(),
                footer(game, &writer.seat, &writer.name, via, postage)
            );
            let mail = Outgoing {
                game: Some(game.to_string()),
                seat: (reach.kind == "relay").then(|| reach.to_seat.clone()),
                kind: reach.kind.to_string(),
                to: to.clone(),
                subject,
                body,
                report: None,
                in_reply_to: None,
                references: None,
                reply_to: postage.way_back.clone(),
                sender_name: Some(format!("{} via {game}", writer.seat)),
                run: None,
            };
            store::queue(&mut tx, &mail).await?;
        }
        store::commit(tx, "the message").await?;
        Ok(Passed::To(reach.told))
    }

    /// Where `letter` goes, or why it cannot.
    async fn reach(
        &self,
        game: &str,
        settings: &Settings,
        letter: &Letter,
        postage: &Postage,
    ) -> Result<Reach> {
        let refuse = |why: String| Err(HostError::Refused(why));
        if settings.messages == Messages::Off {
            return refuse(OFF.to_string());
        }
        let from = self.seat_of(game, &letter.from).await?;
        if !from.status.plays() {
            return refuse(format!(
                "{} is no longer in the game, so it writes to nobody",
                from.seat
            ));
        }
        let typed = letter.to.trim();
        if typed.is_empty() {
            return refuse("say which seat the message is for".to_string());
        }
        // As the player wrote it (`F6`, `6`, `f06`, a name), or as typed
        // when no seat is called so.
        let to = self
            .find_seat(game, typed)
            .await?
            .unwrap_or_else(|| typed.to_string());
        let to = to.as_str();
        if to.eq_ignore_ascii_case(&from.seat) {
            return refuse(format!("{to} is your own seat"));
        }
        if letter.body.trim().is_empty() {
            return refuse("the message has no words".to_string());
        }
        let chars = letter.body.chars().count();
        if chars > MAX_BODY {
            return refuse(format!(
                "the message has {chars} characters; a message holds at most {MAX_BODY}"
            ));
        }
        let hour_ago = crate::store::now_ms() - 3_600_000;
        if self
            .store()
            .written_since(game, &from.seat, hour_ago)
            .await?
            >= PER_HOUR
        {
            return refuse(format!(
                "{} has written {PER_HOUR} messages in the last hour, as many as a seat may; write again later",
                from.seat
            ));
        }
        if letter.subject.chars().count() > MAX_SUBJECT {
            return refuse(format!(
                "the subject is longer than {MAX_SUBJECT} characters"
            ));
        }
        match self.store().seat(game, to).await? {
            Some(t) if t.status.plays() => {
                let mail_to = t
                    .address()
                    .filter(|_| settings.mail_of(&t.seat).messages)
                    .map(str::to_string);
                let told = match mail_to {
                    Some(_) => format!("passed to {}: on its page, and in its mail", t.seat),
                    None => format!("passed to {}: on its page", t.seat),
                };
                Ok(Reach {
                    to_seat: t.seat,
                    mail_to,
                    kind: "relay",
                    told,
                })
            }
            Some(t) => refuse(format!("{} is no longer in the game", t.seat)),
            // A faction no player holds: the game master plays it.
            None => match settings.gm_address.clone().or_else(|| postage.gm.clone()) {
                Some(gm) => Ok(Reach {
                    to_seat: to.to_string(),
                    mail_to: Some(gm),
                    kind: "relay-gm",
                    told: format!("passed to the game master, who plays {to}"),
                }),
                None => refuse(format!("there is nobody to pass a message for {to} to")),
            },
        }
    }
}

impl Host {
    /// Set who reads the messages of `game`'s players, in the audit log
    /// by `actor`. Messages written before keep the rule they were written
    /// under: opening them to the game master opens no earlier one.
    pub async fn set_messages(&self, game: &str, messages: Messages, actor: &str) -> Result<()> {
        self.change(game, actor, "messages", move |_, settings| {
            settings.messages = messages;
            Ok(format!("messages between players: {}", messages.describe()))
        })
        .await?;
        Ok(())
    }

    /// The messages of `game` its game master may read (those written
    /// while its rules said so), the newest first; refused, and why, when
    /// its rules keep them private now.
    pub async fn messages_for_gm(&self, game: &str, limit: i64) -> Result<Vec<store::MessageRow>> {
        let row = self.game(game).await?;
        if Settings::of_row(&row).messages != Messages::GmReads {
            return Err(HostError::Refused(format!(
                "the messages between {game}'s players are theirs: by the game's setting the game master sees how many, not what (`umpire host messages {game} --set gm-reads` lets the game master read those written from then on, and every player's page says so)"
            )));
        }
        Ok(self.store().messages_for_gm(game, limit).await?)
    }
}

/// A message's subject: as written, or one saying who wrote.
fn subject_of(letter: &Letter) -> String {
    let s = letter.subject.trim();
    if s.is_empty() {
        format!("A message from {}", letter.from)
    } else {
        s.to_string()
    }
}

/// The lines under a mailed message: who wrote, and how to answer.
fn footer(game: &str, seat: &str, name: &str, via: Via, postage: &Postage) -> String {
    let how = match (via, &postage.way_back) {
        (Via::Mail { .. }, _) => "passed on by the game's server. Reply to it".to_string(),
        (Via::Web, Some(_)) => {
            "written on the game's pages. Reply to it, or write on your page of the game,"
                .to_string()
        }
        (Via::Web, None) => {
            "written on the game's pages. Write on your page of the game".to_string()
        }
    };
    format!(
        "A message from {seat} ({name}) of {game}, {how} to answer {seat}; your address is not shown to them, nor theirs to you."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_reads_its_words_and_refuses_others() {
        assert_eq!(Messages::parse("Private").ok(), Some(Messages::Private));
        assert_eq!(Messages::parse("gm-reads").ok(), Some(Messages::GmReads));
        assert_eq!(Messages::parse(" off ").ok(), Some(Messages::Off));
        let e = Messages::parse("secret").err().map(|e| e.to_string());
        assert!(
            e.as_deref()
                .is_some_and(|e| e.starts_with("`secret` is not a way")),
            "{e:?}"
        );
        for m in [Messages::Private, Messages::GmReads, Messages::Off] {
            assert_eq!(Messages::parse(m.as_str()).ok(), Some(m));
        }
    }

    #[test]
    fn a_mailed_message_keeps_the_relays_footer() {
        let by_mail = footer(
            "spring",
            "f5",
            "Faction 5",
            Via::Mail { submission: 1 },
            &Postage::default(),
        );
        assert_eq!(
            by_mail,
            "A message from f5 (Faction 5) of spring, passed on by the game's server. Reply to it to answer f5; your address is not shown to them, nor theirs to you."
        );
        let web = footer("spring", "f5", "Faction 5", Via::Web, &Postage::default());
        assert!(
            web.contains("Write on your page of the game to answer f5"),
            "{web}"
        );
    }
}
