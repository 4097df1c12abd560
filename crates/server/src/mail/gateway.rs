//! Mail in: every message stored raw first ([`Gateway::deliver`]), then
//! read, guarded and routed ([`Gateway::process_waiting`]):
//!
//! 1. too large: one polite refusal;
//! 2. from a machine (a bounce, an automatic reply, a list, one of ours):
//!    no answer; a bounce marks the address that failed and tells the
//!    game master;
//! 3. more than `rate_per_hour` from one sender: one answer saying so,
//!    then silence for the hour;
//! 4. routed by address (OV-SRV-001) — `server@` (or a game's own address)
//!    to the host, which reads the orders, articles and report requests
//!    and answers; `gm@` to the game master; `fNN@` relayed to that
//!    faction's address without showing the sender's, with a way back;
//!    anything else a short answer saying where to write — or, in the
//!    single-mailbox mode, by the body's header keyword (OV-SRV-002).
//!
//! Every message is answered at most once: the host claims it in the
//! transaction that records the answer, so a second process, or the same
//! message delivered twice (one Message-ID), does nothing more.

use std::sync::Arc;

use sha2::{Digest, Sha256};
use umpire_host::host::messages::{Letter, Postage, Via};
use umpire_host::host::{Host, HostError, Reading, Settings};
use umpire_host::store::{GameRow, Incoming, Outgoing, SubmissionRow, now_ms};

use super::config::{MailConfig, Mode};
use super::message::{self, Mail};

/// The mail gateway.
pub struct Gateway {
    host: Arc<Host>,
    config: MailConfig,
}

/// Where a message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// Orders, articles and report requests for the host; the game when
    /// the address names one.
    Server { game: Option<String> },
    /// The game master.
    Gm { game: Option<String> },
    /// A faction (or character), to relay.
    Entity { seat: String, game: Option<String> },
    /// Nobody here.
    Unknown(String),
}

/// Words that begin an envelope in a message's body.
fn has_envelope(text: &str) -> bool {
    text.lines().any(|l| {
        let w = l.trim_start().trim_start_matches('#');
        let word = w
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        ["GAME", "PRESS", "RUMOR", "RUMOUR", "REPORT", "CHARACTER"].contains(&word.as_str())
    })
}

/// The game a body names on its first header line (`#GAME f5 pw spring`).
fn game_named(text: &str) -> Option<String> {
    for l in text.lines() {
        let words: Vec<&str> = l.split_whitespace().collect();
        let Some(first) = words.first() else { continue };
        let key = first.trim_start_matches('#').to_ascii_uppercase();
        if !["GAME", "PRESS", "RUMOR", "RUMOUR", "REPORT"].contains(&key.as_str()) {
            continue;
        }
        return words
            .get(3)
            .filter(|w| !w.starts_with('#') && !w.chars().all(|c| c.is_ascii_digit()))
            .map(|w| w.trim_matches('"').to_ascii_lowercase());
    }
    None
}

impl Gateway {
    pub fn new(host: Arc<Host>, config: MailConfig) -> Gateway {
        Gateway { host, config }
    }

    pub fn config(&self) -> &MailConfig {
        &self.config
    }

    pub fn host(&self) -> &Arc<Host> {
        &self.host
    }

    /// The mark our own messages carry in X-Loop.
    pub fn loop_mark(&self) -> String {
        format!("umpire@{}", self.config.domain)
    }

    /// Store a message as received, before anything else is done with it.
    /// `envelope_from`/`envelope_to` are what the mail server said (a pipe
    /// transport's arguments), when known. A message delivered twice (one
    /// Message-ID) is stored once; its row is returned both times.
    pub async fn deliver(
        &self,
        raw: &[u8],
        envelope_from: Option<&str>,
        envelope_to: Option<&str>,
    ) -> Result<i64, HostError> {
        let mail = message::read(raw, &self.loop_mark());
        let id = mail.message_id.clone().unwrap_or_else(|| {
            // No Message-ID: the bytes name it, so a second delivery of
            // the same bytes is still the same message.
            let h = Sha256::digest(raw);
            let hex: String = h.iter().take(16).map(|b| format!("{b:02x}")).collect();
            format!("<{hex}@no-message-id.umpire>")
        });
        let sender = mail
            .reply_to
            .clone()
            .or_else(|| envelope_from.map(str::to_ascii_lowercase))
            .filter(|s| !s.is_empty() && s != "<>");
        let to = envelope_to.map(str::to_ascii_lowercase);
        let (row, _) = self
            .host
            .store()
            .receive(&Incoming {
                game: None,
                source: "mail",
                sender: sender.as_deref(),
                message_id: Some(&id),
                envelope_to: to.as_deref(),
                raw,
            })
            .await?;
        Ok(row.id)
    }

    /// Read and settle every mail stored and not yet answered, a few at a
    /// time (checking passwords takes a core each). Returns how many were
    /// settled; one that fails is left for the next round.
    pub async fn process_waiting(&self) -> Result<usize, HostError> {
        use futures::StreamExt;
        let rows: Vec<SubmissionRow> = self
            .host
            .store()
            .unanswered()
            .await?
            .into_iter()
            .filter(|r| r.source == "mail")
            .collect();
        let settled = std::sync::atomic::AtomicUsize::new(0);
        futures::stream::iter(rows)
            .for_each_concurrent(4, |row| {
                let settled = &settled;
                async move {
                    match self.process(&row).await {
                        Ok(()) => {
                            settled.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                        Err(e) => tracing::warn!(message = row.id, error = %e, "a mail could not be settled; it is tried again"),
                    }
                }
            })
            .await;
        Ok(settled.into_inner())
    }

    /// Which game a message is for, or why none.
    async fn game_for(
        &self,
        route_game: Option<String>,
        text: &str,
    ) -> Result<Result<GameRow, String>, HostError> {
        let games = self.host.store().games().await?;
        let named = route_game.or_else(|| game_named(text));
        if let Some(n) = named {
            return Ok(match games.iter().find(|g| g.id.eq_ignore_ascii_case(&n)) {
                Some(g) => Ok(g.clone()),
                None => Err(format!(
                    "there is no game `{n}` here; this server hosts {}",
                    games
                        .iter()
                        .map(|g| g.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            });
        }
        Ok(match games.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err("this server hosts no game yet".to_string()),
            many => Err(format!(
                "this server hosts several games ({}): name yours on the GAME line, as in `#GAME f5 password {}`",
                many.iter()
                    .map(|g| g.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                many[0].id
            )),
        })
    }

    /// The game a message is for, when its address or its text says (or
    /// the server hosts only one).
    async fn game_of(
        &self,
        row: &SubmissionRow,
        mail: &Mail,
    ) -> Result<Option<GameRow>, HostError> {
        let mut recipients: Vec<String> = row.envelope_to.iter().cloned().collect();
        recipients.extend(mail.recipients.iter().cloned());
        let named = match self.route(&recipients, &mail.text) {
            Route::Server { game } | Route::Gm { game } | Route::Entity { game, .. } => game,
            Route::Unknown(_) => None,
        };
        Ok(self.game_for(named, &mail.text).await?.ok())
    }

    /// Where a message sent to `recipients` goes.
    pub fn route(&self, recipients: &[String], text: &str) -> Route {
        let domain = self.config.domain.to_ascii_lowercase();
        if self.config.mode == Mode::Single {
            return if has_envelope(text) {
                Route::Server { game: None }
            } else {
                Route::Gm { game: None }
            };
        }
        let mut unknown = None;
        for r in recipients {
            for (game, m) in &self.config.games {
                if m.server
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case(r))
                {
                    return Route::Server {
                        game: Some(game.clone()),
                    };
                }
            }
            let Some((local, dom)) = r.rsplit_once('@') else {
                continue;
            };
            if dom != domain {
                continue;
            }
            let (who, game) = match local.split_once('.') {
                Some((w, g)) => (w, Some(g.to_string())),
                None => (local, None),
            };
            if who == self.config.server {
                return Route::Server { game };
            }
            if who == self.config.gm {
                return Route::Gm { game };
            }
            let seatlike = who.len() > 1
                && (who.starts_with('f') && who[1..].chars().all(|c| c.is_ascii_digit()));
            if seatlike {
                return Route::Entity {
                    seat: who.to_string(),
                    game,
                };
            }
            unknown.get_or_insert_with(|| r.clone());
        }
        Route::Unknown(unknown.unwrap_or_else(|| recipients.first().cloned().unwrap_or_default()))
    }

    /// A short answer to the sender.
    fn answer(
        &self,
        row: &SubmissionRow,
        mail: &Mail,
        subject: &str,
        body: String,
    ) -> Option<Outgoing> {
        let to = row.sender.clone()?;
        Some(Outgoing {
            game: None,
            seat: None,
            kind: "answer".to_string(),
            to,
            subject: subject.to_string(),
            body,
            report: None,
            in_reply_to: mail.message_id.clone(),
            references: match (&mail.references, &mail.message_id) {
                (Some(r), Some(id)) => Some(format!("{r} {id}")),
                (None, id) => id.clone(),
                (r, None) => r.clone(),
            },
            reply_to: None,
            sender_name: None,
            run: None,
        })
    }

    /// The game master's address for `game` (or the server's default).
    fn gm_of(&self, game: Option<&GameRow>) -> Option<String> {
        game.and_then(|g| Settings::of_row(g).gm_address)
            .or_else(|| self.config.gm_address.clone())
    }

    async fn process(&self, row: &SubmissionRow) -> Result<(), HostError> {
        let mail = message::read(&row.raw, &self.loop_mark());
        let host = &self.host;
        let text = Some(mail.text.as_str());
        // 1. Size.
        if row.raw.len() > self.config.max_bytes() {
            let body = format!(
                "Your message is {} KiB; this server reads messages of up to {} KiB. Nothing of it was read. Send your orders as plain text, without attachments.",
                row.raw.len() / 1024,
                self.config.max_kib
            );
            // Tagged with its game, as every answer is, when the address
            // or the text says which.
            let game = self.game_of(row, &mail).await?;
            let subject = match &game {
                Some(g) => format!("[{}] Your message was too large to read", g.id),
                None => "Your message was too large to read".to_string(),
            };
            let answer = self
                .answer(row, &mail, &subject, body.clone())
                .filter(|_| mail.automatic.is_none());
            host.dispose(
                row.id,
                game.as_ref().map(|g| g.id.as_str()),
                "refused",
                &body,
                None,
                answer.as_slice(),
            )
            .await?;
            return Ok(());
        }
        // 2. Machines.
        if let Some(why) = &mail.automatic {
            let mut notices = Vec::new();
            for a in &mail.bounced {
                let reason = format!("mail to it bounced ({})", mail.subject);
                if host.store().mark_failing(a, &reason).await? {
                    let seats = host.store().seats_at(a).await?;
                    let games: Vec<String> = seats.iter().map(|s| s.game.clone()).collect();
                    let game = match games.first() {
                        Some(g) => host.store().game(g).await?,
                        None => None,
                    };
                    let Some(gm) = self.gm_of(game.as_ref()) else {
                        continue;
                    };
                    let who: Vec<String> = seats
                        .iter()
                        .map(|s| format!("{} of {}", s.seat, s.game))
                        .collect();
                    notices.push(Outgoing {
                        game: game.as_ref().map(|g| g.id.clone()),
                        seat: None,
                        kind: "gm".to_string(),
                        to: gm,
                        subject: format!("Mail to {a} bounces"),
                        body: format!(
                            "Mail to {a} ({}) comes back undelivered; nothing more is sent to it. When the player gives a new address, set it with `umpire host address GAME SEAT ADDRESS`.",
                            if who.is_empty() { "no seat".to_string() } else { who.join(", ") }
                        ),
                        report: None,
                        in_reply_to: None,
                        references: None,
                        reply_to: None,
                        sender_name: None,
                        run: None,
                    });
                }
            }
            let disposition = if mail.bounced.is_empty() {
                "ignored"
            } else {
                "bounce"
            };
            host.dispose(
                row.id,
                None,
                disposition,
                &format!("not answered: {why}"),
                text,
                &notices,
            )
            .await?;
            return Ok(());
        }
        let Some(sender) = row.sender.clone() else {
            host.dispose(
                row.id,
                None,
                "ignored",
                "not answered: no sender",
                text,
                &[],
            )
            .await?;
            return Ok(());
        };
        // 3. Rate.
        let hour_ago = now_ms() - 3_600_000;
        let sent = host.store().received_from(&sender, hour_ago).await?;
        let limit = i64::from(self.config.rate_per_hour);
        if sent > limit {
            let answer = (sent == limit + 1).then(|| {
                self.answer(
                    row,
                    &mail,
                    "Too many messages",
                    format!(
                        "You have sent {sent} messages in the last hour; this server reads {limit} an hour from one address. This one and the next ones this hour are not read: send your orders again later, in one message."
                    ),
                )
            });
            host.dispose(
                row.id,
                None,
                "limited",
                "not read: too many messages this hour",
                text,
                answer.flatten().as_slice(),
            )
            .await?;
            return Ok(());
        }
        // 4. Route.
        let mut recipients: Vec<String> = row.envelope_to.iter().cloned().collect();
        recipients.extend(mail.recipients.iter().cloned());
        match self.route(&recipients, &mail.text) {
            Route::Server { game } => self.to_host(row, &mail, game).await,
            Route::Gm { game } => self.to_gm(row, &mail, game).await,
            Route::Entity { seat, game } => self.relay(row, &mail, &seat, game).await,
            Route::Unknown(address) => {
                // Seats' addresses are their keys (`f5@…`): the example is
                // a seat of the game with relayed addresses, Overlord's.
                let d = &self.config.domain;
                let body = format!(
                    "There is nobody at {address}. Send orders, articles and report requests to {}, write to the game master at {}@{d}, or to a faction at its own address (f5@{d}).",
                    self.config.server_address(),
                    self.config.gm
                );
                let answer = self.answer(row, &mail, "Nobody at that address", body.clone());
                host.dispose(row.id, None, "refused", &body, text, answer.as_slice())
                    .await?;
                Ok(())
            }
        }
    }

    /// Orders, articles and report requests: the host reads and answers.
    async fn to_host(
        &self,
        row: &SubmissionRow,
        mail: &Mail,
        game: Option<String>,
    ) -> Result<(), HostError> {
        let game = match self.game_for(game, &mail.text).await? {
            Ok(g) => g,
            Err(why) => {
                let answer = self.answer(
                    row,
                    mail,
                    "Your message was not for a game here",
                    format!("{why}; nothing stored"),
                );
                self.host
                    .dispose(
                        row.id,
                        None,
                        "refused",
                        &why,
                        Some(&mail.text),
                        answer.as_slice(),
                    )
                    .await?;
                return Ok(());
            }
        };
        self.host
            .answer_mail(
                row.id,
                Reading {
                    game: &game.id,
                    name: "your mail",
                    text: mail.text.as_bytes(),
                    notes: mail.notes.clone(),
                    references: mail.references.clone(),
                    authenticated: None,
                },
            )
            .await?;
        Ok(())
    }

    /// Mail for the game master: passed on, with the sender to reply to.
    async fn to_gm(
        &self,
        row: &SubmissionRow,
        mail: &Mail,
        game: Option<String>,
    ) -> Result<(), HostError> {
        let game = self.game_for(game, &mail.text).await?.ok();
        let sender = row.sender.clone().unwrap_or_default();
        let mut messages = Vec::new();
        let Some(gm) = self.gm_of(game.as_ref()) else {
            let answer = self.answer(
                row,
                mail,
                "No game master's address here",
                "This server has no game master's address to pass your message to; nothing was done with it.".to_string(),
            );
            self.host
                .dispose(
                    row.id,
                    game.as_ref().map(|g| g.id.as_str()),
                    "refused",
                    "no game master's address",
                    Some(&mail.text),
                    answer.as_slice(),
                )
                .await?;
            return Ok(());
        };
        messages.push(Outgoing {
            game: game.as_ref().map(|g| g.id.clone()),
            seat: None,
            kind: "to-gm".to_string(),
            to: gm,
            subject: format!("From {sender}: {}", mail.subject),
            body: mail.text.clone(),
            report: None,
            in_reply_to: None,
            references: None,
            reply_to: Some(sender.clone()),
            sender_name: Some(format!("{sender} via {}", self.config.domain)),
            run: None,
        });
        messages.extend(self.answer(
            row,
            mail,
            "Passed to the game master",
            "Your message was passed to the game master, who will answer you.".to_string(),
        ));
        self.host
            .dispose(
                row.id,
                game.as_ref().map(|g| g.id.as_str()),
                "to-gm",
                "passed to the game master",
                Some(&mail.text),
                &messages,
            )
            .await?;
        Ok(())
    }

    /// Refuse a message: the sender is told why (unless a machine sent
    /// it), and the refusal recorded.
    async fn refuse(
        &self,
        row: &SubmissionRow,
        mail: &Mail,
        game: Option<&str>,
        subject: &str,
        why: &str,
    ) -> Result<(), HostError> {
        let answer = self.answer(row, mail, subject, why.to_string());
        self.host
            .dispose(
                row.id,
                game,
                "refused",
                why,
                Some(&mail.text),
                answer.as_slice(),
            )
            .await?;
        Ok(())
    }

    /// Mail for a faction: passed on by the host's rule for messages
    /// between players (`umpire_host::host::messages`) — on the seat's
    /// page, and to its address; the sender's address is not shown, the
    /// way back is the sender's faction's address here.
    async fn relay(
        &self,
        row: &SubmissionRow,
        mail: &Mail,
        seat: &str,
        game: Option<String>,
    ) -> Result<(), HostError> {
        const NOT_PASSED: &str = "Your message was not passed on";
        let game = match self.game_for(game, &mail.text).await? {
            Ok(g) => g,
            Err(why) => return self.refuse(row, mail, None, NOT_PASSED, &why).await,
        };
        let host = &self.host;
        let sender = row.sender.clone().unwrap_or_default();
        let from_seat = host
            .store()
            .seats_at(&sender)
            .await?
            .into_iter()
            .find(|s| s.game == game.id && s.status.plays());
        let Some(from_seat) = from_seat else {
            let why = format!(
                "only the players of {} can write to its factions, from the address the game has for them; {sender} is not one",
                game.id
            );
            return self
                .refuse(row, mail, Some(&game.id), NOT_PASSED, &why)
                .await;
        };
        let several = host.store().games().await?.len() > 1;
        let letter = Letter {
            from: from_seat.seat.clone(),
            to: seat.to_string(),
            subject: mail.subject.clone(),
            body: mail.text.clone(),
        };
        let postage = Postage {
            way_back: Some(
                self.config
                    .entity_address(&from_seat.seat, &game.id, several),
            ),
            gm: self.gm_of(Some(&game)),
        };
        let via = Via::Mail { submission: row.id };
        match host.pass_message(&game.id, &letter, via, &postage).await {
            Ok(_) => Ok(()),
            Err(HostError::Refused(why)) => {
                self.refuse(row, mail, Some(&game.id), NOT_PASSED, &why)
                    .await
            }
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_line_names_the_game() {
        assert_eq!(
            game_named("hello\n#GAME f5 pw spring\n"),
            Some("spring".into())
        );
        assert_eq!(game_named("GAME f5 pw Spring 3\n"), Some("spring".into()));
        assert_eq!(game_named("#GAME f5 pw 3\n"), None);
        assert_eq!(game_named("#GAME f5 pw # a comment\n"), None);
        assert_eq!(game_named("CHARACTER Athos\n"), None);
        assert!(has_envelope("Dear GM\nCHARACTER Athos\n"));
        assert!(has_envelope("  #report f5 pw\n"));
        assert!(!has_envelope("Dear GM, my game is broken.\n"));
    }
}
