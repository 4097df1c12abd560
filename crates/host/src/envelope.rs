//! A player's submission as a kind reads it: the envelopes it holds,
//! whose each claims to be and what each asks of the host. Below both the
//! kinds and the readers that fill these in, so neither imports the other
//! for them.

use crate::password::Secret;

/// One message from a player, as the host received it.
#[derive(Clone, Copy, Debug)]
pub struct Mail<'a> {
    /// A name for findings: the file or `mail from …`.
    pub name: &'a str,
    pub bytes: &'a [u8],
}

/// A submission read by a kind: findings about the whole of it, then each
/// envelope it holds.
#[derive(Debug, Default)]
pub struct Reading {
    pub general: Vec<String>,
    pub envelopes: Vec<Envelope>,
    /// The submission's text as read, every password in it blanked
    /// ([`crate::blank`]), line for line: what the host keeps as its text.
    pub text: String,
}

/// One envelope of a submission: whose it claims to be, and what it asks.
#[derive(Debug)]
pub struct Envelope {
    /// Its first line in the submission.
    pub line: u32,
    /// The seat it names, when it names one the game has.
    pub seat: Option<String>,
    /// Who to name in the answer: the seat, or what was written.
    pub who: String,
    /// The password written on it.
    pub password: Secret,
    /// The checker's findings for this envelope, rendered.
    pub findings: Vec<String>,
    pub request: Request,
}

/// What an envelope asks of the host.
#[derive(Debug)]
pub enum Request {
    /// Keep these orders for a turn (the next one when `turn` is None).
    Orders(Orders),
    /// Keep an article for the newspaper of the turn being collected.
    Article {
        /// Signed (`#PRESS`) or a rumour (`#RUMOR`).
        signed: bool,
        text: String,
        /// "signed article (3 lines)".
        summary: String,
    },
    /// Send back the stored report of a turn (the last one when None).
    Report { turn: Option<u32> },
    /// Refused before any password is checked (another game, no such
    /// seat, a seat no longer in play, a header that cannot be read).
    Refused { why: String },
}

/// Orders read from an envelope.
#[derive(Debug)]
pub struct Orders {
    pub turn: Option<u32>,
    /// What is stored and what the turn runs: the orders as the checker
    /// understood them, without errors, quoted mail or any password.
    pub text: String,
    /// "12 units' orders and 1 faction order".
    pub summary: String,
    /// Orders left out for errors.
    pub errors: usize,
    /// Problems the turn being collected would meet (a unit that is not
    /// the seat's), shown only when the orders are for that turn.
    pub warnings: Vec<String>,
    /// A new password the orders set (Overlord's PASSWORD): the host
    /// keeps its hash and makes it the seat's when the turn runs.
    pub new_password: Option<Secret>,
    /// The orders as they will run, unit by unit (or section by
    /// section), in canonical form and with no password: the answer shows
    /// them, so a player sees how every line was read.
    pub shown: String,
}
