//! A player's submission taken envelope by envelope, the same wherever
//! the game is kept: each envelope's seat and password checked, then what
//! it asks kept or refused by the rules of [`crate::receipt`], with one
//! receipt per envelope.
//!
//! Where envelopes go is a [`Keep`]: the database (`host/intake.rs`, inside
//! the transaction that records the answer) or a game folder's files
//! (`overlord/intake.rs`, `engarde/intake.rs`). A keep says where orders,
//! articles and reports live, and how its answer is worded ([`Style`]);
//! the loop that decides what becomes of each envelope is here, once:
//!
//! 1. [`check`]: an envelope refused by its reader stays refused; one for
//!    no seat of the game is refused; then the password (or the seat a
//!    login proved, or the game master's own hand), then whether the seat
//!    still plays. Slow (argon2id), so it is done before a database
//!    transaction is opened.
//! 2. [`take`]: what the envelope asks, by the turn rules, kept where the
//!    keep keeps it, and the receipt worded.

use std::collections::HashMap;
use std::future::Future;

use crate::envelope::{Envelope, Orders, Request};
use crate::password::{self, Check, LegacyHash, Secret, Stored, Verified};
use crate::receipt::{self, Decision, Receipt, Situation};
use crate::store::{Kept, SeatStatus};

/// A seat as the intake needs it: what is kept of its password, and
/// whether it still plays.
#[derive(Clone, Debug)]
pub struct Seat {
    pub password: Stored,
    pub status: SeatStatus,
}

/// How the envelopes of a submission prove whose they are.
#[derive(Clone, Copy, Debug)]
pub enum Proof<'a> {
    /// Each by the password written on it.
    Password,
    /// By a login (a web session, an API token) of this seat: its
    /// envelopes need no password, envelopes for other seats are refused.
    Seat(&'a str),
    /// Sent by the game master's own hand (bots standing in for players):
    /// no password is asked.
    GameMaster,
}

/// How passwords are checked: the kind's legacy hash, and a cache of
/// checks already made (the server's, keyed by game and seat).
#[derive(Clone, Copy)]
pub struct Passwords<'a> {
    pub legacy: Option<LegacyHash>,
    pub remembered: Option<(&'a Verified, &'a str)>,
}

impl Passwords<'_> {
    fn check(&self, seat: &str, stored: &Stored, given: &Secret) -> Check {
        match (stored, self.remembered) {
            (Stored::Hash(h), Some((verified, game))) => {
                verified.check(&format!("{game}/{seat}"), h, given, self.legacy)
            }
            _ => password::check_stored(stored, given, self.legacy),
        }
    }
}

/// How a keep words its answer and keeps passwords.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// A new password set in orders is hashed on arrival and kept apart
    /// (the database); without, it stays in the orders as written (a
    /// folder, whose turn reads it there).
    pub hashes_new_passwords: bool,
    /// The answer shows the orders as stored, in canonical form.
    pub shows_stored: bool,
    /// A wrong password is said first, with no word on the orders.
    pub wrong_password_first: bool,
}

/// An envelope whose seat and password were looked at.
#[derive(Debug)]
pub struct Checked {
    /// Its place among the submission's envelopes.
    pub index: usize,
    pub envelope: Envelope,
    /// Why it is refused before anything is stored, if it is.
    pub refusal: Option<String>,
    /// An argon2id hash to store in place of an older hash.
    pub upgrade: Option<String>,
    /// The hash of a new password the orders set.
    pub new_password: Option<String>,
    /// Refused for a wrong password: the seat's owner may be told.
    pub wrong_password: bool,
}

/// Check each envelope's seat and password against `seats` (those the
/// envelopes name, by key).
pub fn check(
    envelopes: Vec<Envelope>,
    seats: &HashMap<String, Seat>,
    proof: Proof<'_>,
    passwords: Passwords<'_>,
    style: Style,
) -> Vec<Checked> {
    envelopes
        .into_iter()
        .enumerate()
        .map(|(index, envelope)| {
            let mut c = Checked {
                index,
                refusal: None,
                upgrade: None,
                new_password: None,
                wrong_password: false,
                envelope,
            };
            if let Some((key, seat)) = refused_before_password(&mut c, seats) {
                proven(&mut c, &key, &seat, proof, passwords, style);
            }
            c
        })
        .collect()
}

/// The seat an envelope is for, or None with the refusal set: refused by
/// its reader, or for no seat of the game.
fn refused_before_password(
    c: &mut Checked,
    seats: &HashMap<String, Seat>,
) -> Option<(String, Seat)> {
    if let Request::Refused { why } = &c.envelope.request {
        c.refusal = Some(why.clone());
        return None;
    }
    let found = c
        .envelope
        .seat
        .as_ref()
        .and_then(|s| Some((s.clone(), seats.get(s)?.clone())));
    if found.is_none() {
        c.refusal = Some(format!("{} has no seat in this game", c.envelope.who));
    }
    found
}

/// The password first, so a stranger learns nothing of the seat; then
/// whether the seat plays, and a new password hashed.
fn proven(
    c: &mut Checked,
    key: &str,
    seat: &Seat,
    proof: Proof<'_>,
    passwords: Passwords<'_>,
    style: Style,
) {
    let who = c.envelope.who.clone();
    let checked = match proof {
        Proof::GameMaster => Check::Matches { upgrade: None },
        Proof::Seat(a) if a == key => Check::Matches { upgrade: None },
        Proof::Seat(a) => {
            c.refusal = Some(format!(
                "you are logged in as {a}; orders for {who} come with its own login or by mail"
            ));
            return;
        }
        Proof::Password => passwords.check(key, &seat.password, &c.envelope.password),
    };
    match checked {
        Check::Wrong => {
            c.refusal = Some(format!("wrong password for {who}"));
            c.wrong_password = true;
            return;
        }
        Check::Matches { upgrade } => c.upgrade = upgrade,
    }
    match seat.status {
        SeatStatus::Removed => {
            c.refusal = Some(format!(
                "{who} has been removed from the game by the game master"
            ));
        }
        SeatStatus::Gone => c.refusal = Some(format!("{who} is no longer in the game")),
        SeatStatus::Playing | SeatStatus::GmDecides => {}
    }
    if style.hashes_new_passwords
        && let Request::Orders(o) = &c.envelope.request
        && let Some(p) = &o.new_password
    {
        match password::hash(p) {
            Ok(h) => c.new_password = Some(h),
            Err(e) => c.refusal = Some(e.to_string()),
        }
    }
}

/// Who is told of an envelope, besides its sender.
#[derive(Clone, Copy, Debug)]
pub enum Notice<'a> {
    /// Someone gave a wrong password for the seat.
    WrongPassword,
    /// Orders or an article (`what`) were kept for `turn`.
    Kept { what: &'a str, turn: u32 },
    /// The seat's report of `turn` was sent back.
    Report { turn: u32 },
}

/// Where a submission's envelopes are kept.
///
/// Each method is a future so the database keeps them inside its
/// transaction; a folder's are ready at once ([`at_once`]).
pub trait Keep {
    type Error;

    fn style(&self) -> Style;

    /// Store `hash` as `seat`'s password in place of an older hash.
    fn upgrade(
        &mut self,
        seat: &str,
        hash: &str,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// Keep envelope `index`'s orders as `seat`'s for `turn`, with the
    /// hash of the new password they set.
    fn keep_orders(
        &mut self,
        index: usize,
        seat: &str,
        turn: u32,
        orders: &Orders,
        new_password: Option<&str>,
    ) -> impl Future<Output = Result<Kept, Self::Error>> + Send;

    /// Keep envelope `index`'s article (`text`, signed or a rumour) for
    /// the newspaper of `turn`.
    fn keep_article(
        &mut self,
        index: usize,
        seat: &str,
        turn: u32,
        signed: bool,
        text: &str,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// `seat`'s stored report of `turn` (the last when None): the turn
    /// and the text, or why there is none.
    fn report(
        &mut self,
        seat: &str,
        turn: Option<u32>,
        now: Situation,
    ) -> impl Future<Output = Result<Result<(u32, String), String>, Self::Error>> + Send;

    /// Tell the seat's own address of `notice`, when the keep does and the
    /// envelope came from elsewhere. True when told.
    fn tell(
        &mut self,
        seat: &str,
        notice: Notice<'_>,
    ) -> impl Future<Output = Result<bool, Self::Error>> + Send;
}

/// Keep every checked envelope; one receipt each.
pub async fn take_all<K: Keep + Send>(
    keep: &mut K,
    checked: Vec<Checked>,
    now: Situation,
) -> Result<Vec<Receipt>, K::Error> {
    let mut receipts = Vec::with_capacity(checked.len());
    for c in checked {
        receipts.push(take(keep, c, now).await?);
    }
    Ok(receipts)
}

/// Keep what one checked envelope asks, and word its receipt.
pub async fn take<K: Keep + Send>(
    keep: &mut K,
    c: Checked,
    now: Situation,
) -> Result<Receipt, K::Error> {
    let who = c.envelope.who.clone();
    if c.wrong_password
        && let Some(seat) = &c.envelope.seat
    {
        keep.tell(seat, Notice::WrongPassword).await?;
    }
    let mut receipt = match (&c.refusal, &c.envelope.seat) {
        (Some(why), _) => Receipt::refused(&who, why),
        (None, None) => Receipt::refused(&who, "no seat"),
        (None, Some(seat)) => {
            if let Some(h) = &c.upgrade {
                keep.upgrade(seat, h).await?;
            }
            asked(keep, &c, seat, now).await?
        }
    };
    if receipt.what.is_empty() {
        receipt.what = match &c.envelope.request {
            Request::Orders(_) => "orders",
            Request::Article { .. } => "article",
            Request::Report { .. } => "report",
            Request::Refused { .. } => "",
        };
    }
    if c.wrong_password && keep.style().wrong_password_first {
        // Said first, and nothing about the orders: they are not the
        // sender's to read about.
        receipt.wrong_password = true;
        receipt.findings.clear();
        return Ok(receipt);
    }
    let mut all = c.envelope.findings;
    all.append(&mut receipt.findings);
    receipt.findings = all;
    Ok(receipt)
}

/// What an envelope whose seat and password checked asks, done.
async fn asked<K: Keep + Send>(
    keep: &mut K,
    c: &Checked,
    seat: &str,
    now: Situation,
) -> Result<Receipt, K::Error> {
    let who = c.envelope.who.as_str();
    Ok(match &c.envelope.request {
        Request::Orders(o) => match receipt::orders(o.turn, now) {
            Decision::StoreOrders { turn, archived } => {
                let new_password = c.new_password.as_deref();
                let kept = keep
                    .keep_orders(c.index, seat, turn, o, new_password)
                    .await?;
                if kept == Kept::Superseded {
                    return Ok(Receipt::superseded(who, &o.summary, turn));
                }
                let told = keep
                    .tell(
                        seat,
                        Notice::Kept {
                            what: "orders",
                            turn,
                        },
                    )
                    .await?;
                let replacing = kept == Kept::Replacing;
                let mut r = Receipt::orders_kept(who, o, turn, archived, replacing);
                if keep.style().shows_stored {
                    r.shown = Some(o.shown.clone()).filter(|s| !s.trim().is_empty());
                }
                if c.new_password.is_some() {
                    r.line.push_str(&format!(
                        "; the new password takes effect when turn {turn} runs"
                    ));
                }
                if told {
                    r.line.push_str(&format!(
                        "; they came from an address that is not {who}'s, so {who}'s own address is told too"
                    ));
                }
                r
            }
            Decision::Refuse(why) => Receipt::refused(who, &why),
            Decision::StoreArticle { .. } => Receipt::refused(who, "not an article"),
        },
        Request::Article {
            signed,
            text,
            summary,
        } => match receipt::article(now) {
            Decision::StoreArticle { turn } => {
                keep.keep_article(c.index, seat, turn, *signed, text)
                    .await?;
                let what = "an article";
                let told = keep.tell(seat, Notice::Kept { what, turn }).await?;
                let mut r = Receipt::article(who, summary, turn);
                if told {
                    r.line.push_str(&format!(
                        "; it came from an address that is not {who}'s, so {who}'s own address is told too"
                    ));
                }
                r
            }
            Decision::Refuse(why) => Receipt::refused(who, &why),
            Decision::StoreOrders { .. } => Receipt::refused(who, "not orders"),
        },
        Request::Report { turn } => match keep.report(seat, *turn, now).await? {
            Ok((turn, text)) => {
                keep.tell(seat, Notice::Report { turn }).await?;
                Receipt::report(who, turn, text)
            }
            Err(why) => Receipt::no_report(who, &why),
        },
        Request::Refused { why } => Receipt::refused(who, why),
    })
}

/// Orders kept in a game folder's file at `path`, replacing what the seat
/// sent for the turn before: which of the two it was.
pub fn keep_in_file(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<Kept> {
    let replacing = path.exists();
    crate::files::write_atomic(path, bytes)?;
    Ok(if replacing {
        Kept::Replacing
    } else {
        Kept::New
    })
}

/// The output of a future that never waits on anything (a folder's keep,
/// whose work is done by the time it is first polled); None if it would
/// wait, which no folder's does.
pub fn at_once<F: Future>(future: F) -> Option<F::Output> {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match future.as_mut().poll(&mut cx) {
        std::task::Poll::Ready(out) => Some(out),
        std::task::Poll::Pending => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_future_that_never_waits_is_ready_at_once_and_one_that_waits_is_not() {
        assert_eq!(at_once(async { 3 }), Some(3));
        assert_eq!(at_once(std::future::pending::<u8>()), None);
    }
}
