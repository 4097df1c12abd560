//! A player's submission, by mail, web or command line: stored raw, read
//! by the game's kind, every envelope's seat and password checked, and
//! what each asks kept or refused, with one answer for the whole of it.
//! Mail and web reach this same function and get the same answer.

use std::collections::HashMap;

use super::early::{readiness_in, words_for};
use super::plain::{self, Plain};
use super::{Host, HostError, Result, Settings, blocking};
use crate::envelope::{
    Leave, MailLine, Word, folded_by_envelope, leaves, mail_lines, words, words_by_envelope,
};
use crate::intake::{self, Keep, Notice, Passwords, Proof, Style};
use crate::kind::{Mail, Orders};
use crate::password::Stored;

use crate::receipt::{self, Receipt, Situation, Submitted};
use crate::store::{self, Incoming, SeatRow, SubmissionRow};

/// The database's answer: orders shown as stored, a wrong password said
/// first, a new password hashed on arrival.
const STYLE: Style = Style {
    hashes_new_passwords: true,
    shows_stored: true,
    wrong_password_first: true,
};

/// Envelopes kept in the database, in the transaction that records the
/// answer to `row`.
struct Database<'a> {
    host: &'a Host,
    tx: &'a mut sqlx::AnyConnection,
    game: &'a str,
    row: &'a SubmissionRow,
    /// Each envelope's word on its orders (`#READY`, `#NOTREADY`).
    words: Vec<Option<Word>>,
    /// Envelopes with no order besides their header: with a word, the word
    /// is kept and the orders sent before stay as they are.
    word_only: Vec<bool>,
    /// What became of each envelope's word, to say in its receipt.
    said: Vec<Said>,
    /// The envelope being kept is a word alone (no notice of orders kept).
    word_alone: bool,
    /// Each envelope's leave (`#LEAVE 2`, `#LEAVE OFF`).
    leaves: Vec<Option<Leave>>,
    /// Each envelope's mail choices (`#MAIL REMINDERS OFF`).
    mails: Vec<Option<MailLine>>,
    /// The game as the submission is kept, for the turns a leave counts.
    now: &'a store::GameRow,
    /// What became of each envelope's seat lines (leave, mail choices).
    left: Vec<SeatLine>,
}

/// What became of a line about the seat itself (`#LEAVE`, `#MAIL`): its
/// envelope, whether it came alone (no orders), what it is, and what the
/// seat is told or why it is refused.
struct SeatLine {
    index: usize,
    alone: bool,
    what: &'static str,
    told: std::result::Result<String, String>,
}

/// The host's lines of a submission, by envelope: each one's word on its
/// orders, whether it has nothing else (no orders), its leave and its
/// mail choices.
struct Lines {
    words: Vec<Option<Word>>,
    word_only: Vec<bool>,
    leaves: Vec<Option<Leave>>,
    mails: Vec<Option<MailLine>>,
}

/// What became of an envelope's word on its orders.
#[derive(Clone, Copy, Debug)]
struct Said {
    index: usize,
    turn: u32,
    word: Option<Word>,
    /// A word alone: `Some(true)` kept on the orders sent before,
    /// `Some(false)` refused for want of orders; None: it came with
    /// orders.
    alone: Option<bool>,
}

impl Keep for Database<'_> {
    type Error = HostError;

    fn style(&self) -> Style {
        STYLE
    }

    async fn upgrade(&mut self, seat: &str, hash: &str) -> Result<()> {
        store::set_password(self.tx, self.game, seat, hash).await?;
        Ok(())
    }

    async fn keep_orders(
        &mut self,
        index: usize,
        seat: &str,
        turn: u32,
        orders: &Orders,
        new_password: Option<&str>,
    ) -> Result<store::Kept> {
        let (game, id) = (self.game, self.row.id);
        let word = self.words.get(index).copied().flatten();
        self.word_alone = false;
        let alone = self.word_only.get(index).copied().unwrap_or(false) && word.is_none();
        let mut seat_lines = false;
        if let Some(leave) = self.leaves.get(index).copied().flatten() {
            let told = super::leave::take(self.tx, self.now, seat, leave).await?;
            self.left.push(SeatLine {
                index,
                alone,
                what: "leave",
                told,
            });
            seat_lines = true;
        }
        if let Some(line) = self.mails.get(index).copied().flatten() {
            let actor = format!("{seat}@{}", self.row.source);
            let told = super::mail_prefs::take(self.tx, game, seat, line, &actor).await?;
            self.left.push(SeatLine {
                index,
                alone,
                what: "mail choice",
                told,
            });
            seat_lines = true;
        }
        if seat_lines && alone {
            // Lines about the seat alone keep the orders sent before as
            // they are.
            self.word_alone = true;
            return Ok(store::Kept::Replacing);
        }
        if let Some(w) = word
            && self.word_only.get(index).copied().unwrap_or(false)
        {
            // A word alone marks the orders sent before; it never replaces
            // them with none.
            self.word_alone = true;
            let sent = store::orders_for(self.tx, game, turn)
                .await?
                .into_iter()
                .any(|o| o.seat == seat);
            if sent {
                store::set_mark(self.tx, game, turn, seat, Some(w.ready())).await?;
            }
            self.said.push(Said {
                index,
                turn,
                word,
                alone: Some(sent),
            });
            return Ok(store::Kept::Replacing);
        }
        let kept =
            store::keep_orders(self.tx, game, turn, seat, id, &orders.text, new_password).await?;
        if kept != store::Kept::Superseded {
            // Orders without a word take back the seat's earlier word.
            store::set_mark(self.tx, game, turn, seat, word.map(Word::ready)).await?;
            self.said.push(Said {
                index,
                turn,
                word,
                alone: None,
            });
        }
        Ok(kept)
    }

    async fn keep_article(
        &mut self,
        _index: usize,
        seat: &str,
        turn: u32,
        signed: bool,
        text: &str,
    ) -> Result<()> {
        let (game, id) = (self.game, self.row.id);
        self.word_alone = false;
        store::keep_article(self.tx, game, turn, seat, signed, text, id).await?;
        Ok(())
    }

    async fn report(
        &mut self,
        seat: &str,
        turn: Option<u32>,
        now: Situation,
    ) -> Result<std::result::Result<(u32, String), String>> {
        Ok(
            match self.host.store().report(self.game, seat, turn).await? {
                Some(r) => Ok((r.turn, r.text)),
                None => Err(self.host.no_report(self.game, seat, turn, now).await?),
            },
        )
    }

    async fn tell(&mut self, seat: &str, notice: Notice<'_>) -> Result<bool> {
        let (host, game, row) = (self.host, self.game, self.row);
        match notice {
            Notice::WrongPassword => {
                host.wrong_password_notice(self.tx, game, seat, row).await?;
                Ok(false)
            }
            // A word alone kept no orders: nothing to tell.
            Notice::Kept { what: "orders", .. } if self.word_alone => Ok(false),
            Notice::Kept { what, turn } => {
                host.stranger_notice(self.tx, game, seat, row, what, turn)
                    .await
            }
            Notice::Report { turn } => {
                host.report_notice(self.tx, game, seat, row, turn).await?;
                Ok(true)
            }
        }
    }
}

/// A submission as received.
#[derive(Clone, Copy, Debug)]
pub struct Submission<'a> {
    /// The game it is for.
    pub game: &'a str,
    /// `mail`, `web`, `cli`.
    pub source: &'a str,
    /// The sender's address (mail), where the answer goes.
    pub sender: Option<&'a str>,
    /// The mail's Message-ID: a second delivery has no second effect.
    pub message_id: Option<&'a str>,
    /// A name for findings (`mail from …`, a file name).
    pub name: &'a str,
    pub bytes: &'a [u8],
    /// The seat a web session or API token has already proven: its
    /// envelopes need no password, and envelopes for other seats are
    /// refused.
    pub authenticated: Option<&'a str>,
}

/// The answer to a submission.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The stored submission.
    pub submission: i64,
    /// What the player reads: every finding, and a line per envelope.
    pub text: String,
    pub receipts: Vec<Receipt>,
    /// Envelopes refused.
    pub refused: usize,
    /// This message had been received before: this is the answer it got
    /// then, and nothing was done again.
    pub repeated: bool,
}

/// What to read of a stored submission.
#[derive(Clone, Debug)]
pub struct Reading<'a> {
    /// The game it is for.
    pub game: &'a str,
    /// A name for findings.
    pub name: &'a str,
    /// The text to read (a mail's plain text, decoded).
    pub text: &'a [u8],
    /// What the player should know about how it was read, printed first.
    pub notes: Vec<String>,
    /// The mail's References, to thread the answer.
    pub references: Option<String>,
    /// The seat already proven (see [`Submission::authenticated`]).
    pub authenticated: Option<&'a str>,
}

/// The host's own lines in a submission's text (`#LEAVE`, `#MAIL`,
/// `#READY`), whatever the game: found once, emptied from the text the
/// game reads, and given to the envelopes they are written in.
struct Found {
    left: Option<(String, Vec<(u32, Leave)>)>,
    mailed: Option<(String, Vec<(u32, MailLine)>)>,
    said: Option<(String, Vec<(u32, Word)>)>,
}

impl Found {
    /// The lines of `text` (none when it is not text to read).
    fn read(text: &str, readable: bool) -> Found {
        let left = readable.then(|| leaves(text)).flatten();
        let after_left = left.as_ref().map_or(text, |(t, _)| t.as_str());
        let mailed = readable.then(|| mail_lines(after_left)).flatten();
        let after_mail = mailed.as_ref().map_or(after_left, |(t, _)| t.as_str());
        let said = readable.then(|| words(after_mail)).flatten();
        Found { left, mailed, said }
    }

    /// The text the game reads, without the host's lines, when it had any.
    fn for_game(&self) -> Option<&str> {
        self.said
            .as_ref()
            .map(|(t, _)| t.as_str())
            .or(self.mailed.as_ref().map(|(t, _)| t.as_str()))
            .or(self.left.as_ref().map(|(t, _)| t.as_str()))
    }

    /// Each envelope's lines, and whether it has no order besides them.
    fn by_envelope(&self, envelopes: &[crate::envelope::Envelope]) -> Lines {
        let starts: Vec<u32> = envelopes.iter().map(|e| e.line).collect();
        let word_only = envelopes
            .iter()
            .map(|e| matches!(&e.request, crate::envelope::Request::Orders(o) if o.empty))
            .collect();
        Lines {
            words: self
                .said
                .as_ref()
                .map(|(_, found)| words_by_envelope(&starts, found))
                .unwrap_or_default(),
            word_only,
            leaves: self
                .left
                .as_ref()
                .map(|(_, found)| words_by_envelope(&starts, found))
                .unwrap_or_default(),
            mails: self
                .mailed
                .as_ref()
                .map(|(_, found)| folded_by_envelope(&starts, found, MailLine::then))
                .unwrap_or_default(),
        }
    }
}

/// Each envelope's receipt says what became of its lines about the seat
/// (leave, mail choices): lines alone are the whole receipt (what was
/// kept, or refused and why, with the orders kept as they were); with
/// orders, words after the orders'.
fn say_seat_lines(left: &[SeatLine], receipts: &mut [Receipt]) {
    let mut by: Vec<(usize, bool, Vec<&SeatLine>)> = Vec::new();
    for l in left {
        match by.iter_mut().find(|(i, _, _)| *i == l.index) {
            Some((_, alone, lines)) => {
                *alone &= l.alone;
                lines.push(l);
            }
            None => by.push((l.index, l.alone, vec![l])),
        }
    }
    for (index, alone, lines) in by {
        let Some(receipt) = receipts.get_mut(index) else {
            continue;
        };
        let who = receipt.who.clone();
        let said: Vec<String> = lines
            .iter()
            .map(|l| match &l.told {
                Ok(text) => text.clone(),
                Err(why) => format!("{} refused: {why}", l.what),
            })
            .collect();
        let refused: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.told.as_ref().err().map(String::as_str))
            .collect();
        if alone && refused.len() == lines.len() {
            *receipt = Receipt::refused(&who, &refused.join("; "));
            receipt.what = "orders";
        } else if alone {
            receipt.line = format!("{who}: {}; orders kept as they were", said.join("; "));
            receipt.shown = None;
        } else {
            for s in said {
                receipt.line.push_str(&format!("; {s}"));
            }
        }
    }
}

/// The answer a message got before.
fn repeated(row: &SubmissionRow) -> Answer {
    Answer {
        submission: row.id,
        text: row.answer.clone().unwrap_or_default(),
        receipts: Vec::new(),
        refused: 0,
        repeated: true,
    }
}

/// `what` with a capital first letter.
fn capitalised(what: &str) -> String {
    let mut c = what.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn notes_text(notes: &[String]) -> String {
    let mut out = String::new();
    for n in notes {
        out.push_str(n);
        out.push('\n');
    }
    out
}

impl Host {
    /// Take a submission: store it raw, then read it and keep what it
    /// asks. A message received before (same Message-ID) gets the answer
    /// it got then.
    pub async fn submit(&self, s: Submission<'_>) -> Result<Answer> {
        let (row, fresh) = self
            .store()
            .receive(&Incoming {
                game: Some(s.game),
                source: s.source,
                sender: s.sender,
                message_id: s.message_id,
                envelope_to: None,
                raw: s.bytes,
            })
            .await?;
        if !fresh && row.disposition != "received" {
            return Ok(repeated(&row));
        }
        self.process(
            &row,
            Reading {
                game: s.game,
                name: s.name,
                text: s.bytes,
                notes: Vec::new(),
                references: None,
                authenticated: s.authenticated,
            },
        )
        .await
    }

    /// Answer a stored mail: `text` is what was read of it (its plain
    /// text, decoded), `notes` what the player should know about that
    /// (an HTML-only mail, an attachment not read). A mail answered before
    /// gets the answer it got then.
    pub async fn answer_mail(&self, id: i64, read: Reading<'_>) -> Result<Answer> {
        let Some(row) = self.store().submission(id).await? else {
            return Err(HostError::Refused(format!("there is no message {id}")));
        };
        if row.disposition != "received" {
            return Ok(repeated(&row));
        }
        self.process(&row, read).await
    }

    /// Answer every submission stored but not answered (the server
    /// stopped between the two), but mail, which the mail gateway reads.
    /// Returns how many were answered.
    pub async fn answer_waiting(&self) -> Result<usize> {
        let mut n = 0;
        for row in self.store().unanswered().await? {
            let Some(game) = row.game.clone().filter(|_| row.source != "mail") else {
                continue;
            };
            let name = format!("message {}", row.id);
            let raw = row.raw.clone();
            // A web, API or bot submission keeps the seat it was proven for.
            let proven = row
                .sender
                .as_deref()
                .filter(|_| matches!(row.source.as_str(), "web" | "api" | "bot"))
                .and_then(|s| s.strip_prefix("seat:"))
                .map(str::to_string);
            let read = Reading {
                game: &game,
                name: &name,
                text: &raw,
                notes: Vec::new(),
                references: None,
                authenticated: proven.as_deref(),
            };
            match self.process(&row, read).await {
                Ok(_) => n += 1,
                Err(e) => tracing::warn!(submission = row.id, error = %e, "still cannot answer"),
            }
        }
        Ok(n)
    }

    /// Read a stored submission and keep what it asks.
    async fn process(&self, row: &SubmissionRow, read: Reading<'_>) -> Result<Answer> {
        let name = read.name;
        let game = match self.game(read.game).await {
            Ok(g) => g,
            Err(HostError::Refused(why)) => {
                let mut tx = store::begin(self.store()).await?;
                if !store::claim(&mut tx, row.id).await? {
                    drop(tx);
                    return self.answered(row.id).await;
                }
                let mut text = notes_text(&read.notes);
                text.push_str(&format!("{why}; nothing stored\n"));
                store::answer(&mut tx, row.id, None, "answered", &text).await?;
                let subject = "your message was not for a game here".to_string();
                self.queue_answer(&mut tx, row, read.game, &subject, &text, read.references)
                    .await?;
                store::commit(tx, "the answer").await?;
                return Ok(Answer {
                    submission: row.id,
                    text,
                    receipts: Vec::new(),
                    refused: 1,
                    repeated: false,
                });
            }
            Err(e) => return Err(e),
        };
        // An empty mail, or one that is not text, is not read: a short
        // answer says so.
        let decoded = umpire_core::source::decode_text(read.text).0.into_owned();
        let plain = plain::plain(&decoded);
        // `#READY`, `#NOTREADY`, `#LEAVE` and `#MAIL` lines are the host's,
        // whatever the game: read here, and emptied before the game's
        // reader sees the text.
        let found = Found::read(&decoded, matches!(plain, Plain::Text));
        // A turn kept between reading and storing means reading again.
        for _ in 0..3 {
            let game = self.game(&game.id).await?;
            let loaded = self.loaded(&game).await?;
            let text = match found.for_game() {
                Some(t) => t.as_bytes().to_vec(),
                None => read.text.to_vec(),
            };
            let label = name.to_string();
            let reader = loaded.clone();
            let reading = match plain {
                Plain::Text => {
                    blocking(move || {
                        reader.game.read(Mail {
                            name: &label,
                            bytes: &text,
                        })
                    })
                    .await?
                }
                Plain::Empty | Plain::Binary { .. } => crate::kind::Reading {
                    text: crate::blank::passwords(&decoded),
                    ..Default::default()
                },
            };
            let lines = found.by_envelope(&reading.envelopes);
            // Only the seats the envelopes name.
            let mut seats: HashMap<String, intake::Seat> = HashMap::new();
            for e in &reading.envelopes {
                if let Some(key) = &e.seat
                    && !seats.contains_key(key)
                    && let Some(s) = self.store().seat(&game.id, key).await?
                {
                    let seat = intake::Seat {
                        password: Stored::Hash(s.password_hash),
                        status: s.status,
                    };
                    seats.insert(key.clone(), seat);
                }
            }
            let verified = self.verified.clone();
            let legacy = loaded.kind.legacy_hash();
            let id = game.id.clone();
            let mut general = match plain {
                // Nothing of it is echoed.
                Plain::Binary { .. } => Vec::new(),
                _ => read.notes.clone(),
            };
            general.extend(reading.general);
            let envelopes = reading.envelopes;
            let shown = reading.text;
            let authenticated = read.authenticated.map(str::to_string);
            let checked = blocking(move || {
                let proof = authenticated
                    .as_deref()
                    .map_or(Proof::Password, Proof::Seat);
                let passwords = Passwords {
                    legacy,
                    remembered: Some((&*verified, id.as_str())),
                };
                intake::check(envelopes, &seats, proof, passwords, STYLE)
            })
            .await?;

            let (mut tx, now) = self.write_on(&game.id).await?;
            if now.world_rev != game.world_rev {
                drop(tx);
                continue;
            }
            if !store::claim(&mut tx, row.id).await? {
                drop(tx);
                return self.answered(row.id).await;
            }
            // The text as read, without its passwords; the raw message
            // stays as received, the record.
            store::keep_text(&mut tx, row.id, &shown).await?;
            let collecting = now.turn + 1;
            let situation = Situation {
                collecting,
                running: now.running_turn == Some(collecting),
            };
            let mut receipts = self
                .keep_all(&mut tx, &now, row, checked, situation, lines)
                .await?;
            if receipts.is_empty() {
                receipts.push(match plain {
                    Plain::Empty => receipt::empty(name),
                    Plain::Binary { junk, of } => receipt::not_text(name, junk, of),
                    Plain::Text => receipt::nothing_found(name, &loaded.kind.envelope_keywords()),
                });
            }
            let submitted = Submitted { general, receipts };
            let text = submitted.text();
            store::answer(&mut tx, row.id, Some(&game.id), "answered", &text).await?;
            self.queue_answer(
                &mut tx,
                row,
                &game.id,
                &submitted.subject(),
                &text,
                read.references,
            )
            .await?;
            store::commit(tx, "the orders").await?;
            return Ok(Answer {
                submission: row.id,
                refused: submitted.refused(),
                text,
                receipts: submitted.receipts,
                repeated: false,
            });
        }
        Err(HostError::Busy(format!(
            "game {} kept changing while the message was read; it stays stored and will be answered",
            game.id
        )))
    }

    /// Keep every checked envelope of `row` in the game `now`, with their
    /// words (and which are words alone); one receipt each, saying what
    /// became of its word.
    async fn keep_all(
        &self,
        tx: &mut sqlx::AnyConnection,
        now: &store::GameRow,
        row: &SubmissionRow,
        checked: Vec<intake::Checked>,
        situation: Situation,
        lines: Lines,
    ) -> Result<Vec<Receipt>> {
        let Lines {
            words,
            word_only,
            leaves,
            mails,
        } = lines;
        let mut keep = Database {
            host: self,
            tx: &mut *tx,
            game: &now.id,
            row,
            words,
            word_only,
            said: Vec::new(),
            word_alone: false,
            leaves,
            mails,
            now,
            left: Vec::new(),
        };
        let mut receipts = intake::take_all(&mut keep, checked, situation).await?;
        let said = std::mem::take(&mut keep.said);
        let left = std::mem::take(&mut keep.left);
        self.say_words(tx, now, &said, &mut receipts).await?;
        say_seat_lines(&left, &mut receipts);
        Ok(receipts)
    }

    /// Each envelope's receipt says what became of its word, and how far
    /// the turn is from running early.
    async fn say_words(
        &self,
        tx: &mut sqlx::AnyConnection,
        row: &store::GameRow,
        said: &[Said],
        receipts: &mut [Receipt],
    ) -> Result<()> {
        let settings = Settings::of(row);
        // A game that never runs early has nothing to say of orders sent
        // without a word.
        if said.is_empty()
            || (settings.early == super::Early::Off && said.iter().all(|s| s.word.is_none()))
        {
            return Ok(());
        }
        let r = readiness_in(tx, row, &settings, row.turn + 1).await?;
        for s in said {
            let Some(receipt) = receipts.get_mut(s.index) else {
                continue;
            };
            let who = receipt.who.clone();
            match s.alone {
                Some(false) => {
                    *receipt = Receipt::refused(
                        &who,
                        &format!(
                            "no orders for turn {} to mark: send them, with a #READY line when they are final",
                            s.turn
                        ),
                    );
                    receipt.what = "orders";
                }
                Some(true) => {
                    receipt.line = format!(
                        "{who}: orders for turn {} kept as they were{}",
                        s.turn,
                        words_for(&settings, s.turn, s.word, &r).unwrap_or_default()
                    );
                    receipt.shown = None;
                }
                None => {
                    if let Some(w) = words_for(&settings, s.turn, s.word, &r) {
                        receipt.line.push_str(&w);
                    }
                }
            }
        }
        Ok(())
    }

    /// Settle a stored message the host does not read (mail for the game
    /// master, relayed between players, refused, or from a machine): it
    /// is claimed, what became of it recorded (with `text`, what was read
    /// of it, its passwords blanked), and `messages` queued, in one
    /// transaction. False when another process settled it first.
    pub async fn dispose(
        &self,
        id: i64,
        game: Option<&str>,
        disposition: &str,
        note: &str,
        text: Option<&str>,
        messages: &[store::Outgoing],
    ) -> Result<bool> {
        let mut tx = store::begin(self.store()).await?;
        if !store::claim(&mut tx, id).await? {
            return Ok(false);
        }
        if let Some(t) = text {
            store::keep_text(&mut tx, id, &crate::blank::passwords(t)).await?;
        }
        store::answer(&mut tx, id, game, disposition, note).await?;
        for m in messages {
            store::queue(&mut tx, m).await?;
        }
        store::commit(tx, "the message").await?;
        Ok(true)
    }

    /// The answer a message got when another process answered it.
    async fn answered(&self, id: i64) -> Result<Answer> {
        let row = self
            .store()
            .submission(id)
            .await?
            .ok_or_else(|| HostError::Refused(format!("there is no message {id}")))?;
        Ok(repeated(&row))
    }

    /// Why there is no report to send (OV-SRV-012): a turn not run yet,
    /// being run, or one the seat has no report of.
    async fn no_report(
        &self,
        game: &str,
        seat: &str,
        turn: Option<u32>,
        now: Situation,
    ) -> Result<String> {
        let have = self.store().report_turns(game, seat).await?;
        let list = have
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        Ok(match turn {
            Some(t) if t == now.collecting && now.running => {
                format!("turn {t} is being run now; its report comes when it is done")
            }
            Some(t) if t >= now.collecting => format!(
                "turn {t} has not been run yet (the last turn run is {})",
                now.collecting - 1
            ),
            _ if have.is_empty() => format!("{seat} has no stored report yet"),
            Some(t) => format!(
                "there is no report of turn {t} for {seat}; there are reports of turn(s) {list}"
            ),
            None => format!("{seat} has no stored report"),
        })
    }

    /// The answer goes back to a mail's sender, threaded as a reply.
    async fn queue_answer(
        &self,
        tx: &mut sqlx::AnyConnection,
        row: &SubmissionRow,
        game: &str,
        subject: &str,
        text: &str,
        references: Option<String>,
    ) -> Result<()> {
        if row.source != "mail" {
            return Ok(());
        }
        let Some(sender) = &row.sender else {
            return Ok(());
        };
        let mut m =
            super::letters::to_sender(sender, format!("[{game}] {subject}"), text.to_string());
        m.game = Some(game.to_string());
        m.in_reply_to = row.message_id.clone();
        m.references = match (references, &row.message_id) {
            (Some(r), Some(id)) => Some(format!("{r} {id}")),
            (None, Some(id)) => Some(id.clone()),
            (r, None) => r,
        };
        store::queue(tx, &m).await?;
        Ok(())
    }

    /// Someone tried a seat's password and got it wrong: its registered
    /// address is told, when the message came from another address.
    async fn wrong_password_notice(
        &self,
        tx: &mut sqlx::AnyConnection,
        game: &str,
        seat: &str,
        row: &SubmissionRow,
    ) -> Result<()> {
        let Some((_, registered, from)) = self.elsewhere(game, seat, row).await? else {
            return Ok(());
        };
        let registered = registered.as_str();
        store::queue(
            tx,
            &super::letters::to_seat(
                game,
                seat,
                Some(registered),
                "notice",
                format!("[{game}] A message for {seat} with a wrong password"),
                format!(
                    "A message from {from} gave a wrong password for {seat}; nothing of it was stored. If it was you, check the password on your orders (the game master can give you a new one). If it was not, nobody can act for {seat} without the password."
                ),
            ),
        )
        .await?;
        Ok(())
    }

    /// Where to tell a seat's player of a mail that came from elsewhere:
    /// the seat, the address it is registered at, and the sender (or "an
    /// unknown address"); None when the message did not come by mail,
    /// came from one of the seat's own addresses, or the seat has none.
    async fn elsewhere(
        &self,
        game: &str,
        seat: &str,
        row: &SubmissionRow,
    ) -> Result<Option<(SeatRow, String, String)>> {
        if row.source != "mail" {
            return Ok(None);
        }
        let Some(s) = self.store().seat(game, seat).await? else {
            return Ok(None);
        };
        let Some(registered) = s.address().map(str::to_string) else {
            return Ok(None);
        };
        let from = row.sender.clone();
        if from
            .as_deref()
            .is_some_and(|f| s.addresses.iter().any(|a| a.eq_ignore_ascii_case(f)))
        {
            return Ok(None);
        }
        let from = from.unwrap_or_else(|| "an unknown address".to_string());
        Ok(Some((s, registered, from)))
    }

    /// Orders or an article kept from an address that is not one of the
    /// seat's own: the seat's own address is told, so a player whose
    /// password someone else has learns of it at once. True when told.
    async fn stranger_notice(
        &self,
        tx: &mut sqlx::AnyConnection,
        game: &str,
        seat: &str,
        row: &SubmissionRow,
        what: &str,
        turn: u32,
    ) -> Result<bool> {
        let Some((s, registered, sender)) = self.elsewhere(game, seat, row).await? else {
            return Ok(false);
        };
        let registered = registered.as_str();
        store::queue(
            tx,
            &super::letters::to_seat(
                game,
                seat,
                Some(registered),
                "notice",
                format!("[{game}] {} for {seat} came from {sender}", capitalised(what)),
                format!(
                    "{} for {seat} ({}) {} received from {sender}, not from this address, with {seat}'s password, and kept for turn {turn}. If that was you, nothing needs doing. If it was not, send your own orders again (the last received counts) and ask the game master for a new password.",
                    capitalised(what),
                    s.name,
                    if what == "orders" { "were" } else { "was" }
                ),
            ),
        )
        .await?;
        Ok(true)
    }

    /// A report sent to an address that is not the seat's own: the seat's
    /// address is told (OV-SRV-011).
    async fn report_notice(
        &self,
        tx: &mut sqlx::AnyConnection,
        game: &str,
        seat: &str,
        row: &SubmissionRow,
        turn: u32,
    ) -> Result<()> {
        let Some((_, registered, to)) = self.elsewhere(game, seat, row).await? else {
            return Ok(());
        };
        store::queue(
            tx,
            &super::letters::to_seat(
                game,
                seat,
                Some(&registered),
                "notice",
                format!("[{game}] Your report of turn {turn} was requested"),
                format!(
                    "Your report of turn {turn} for {seat} was sent to {to}, who asked for it with your password. If that was not you, change your password."
                ),
            ),
        )
        .await?;
        Ok(())
    }
}
