//! What a message says, once read: envelopes (order sets, articles, report
//! requests), the faction block, UNIT sections and their orders.
//!
//! [`Order`] is pure data (prefixes and the order), comparable and
//! printable; the engine keeps it in a unit's pending list. The parse tree
//! wraps it with where it was written ([`Written`]).

use std::fmt;

use serde::Serialize;
use umpire_core::Span;

use super::catalog::faction::token_text;
use super::prefix::Prefix;
use super::print::quoted;
use super::refs::{FactionRef, UnitRef};
use super::refs::{Shape, shape};
use super::registry::{FactionOrder, UnitOrder};

/// One unit order with its prefixes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Order {
    pub prefix: Prefix,
    #[serde(flatten)]
    pub order: UnitOrder,
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.prefix, self.order)
    }
}

/// Something read from the message, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Written<T> {
    #[serde(flatten)]
    pub value: T,
    /// 1-based line number.
    pub line: u32,
    /// From the first prefix character to the end of the last argument.
    pub span: Span,
}

/// The four kinds of envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EnvelopeKind {
    /// `GAME`: an order set.
    Game,
    /// `PRESS`: a signed article.
    Press,
    /// `RUMOR`: an anonymous article.
    Rumor,
    /// `REPORT`: a request for a stored report.
    Report,
}

impl EnvelopeKind {
    pub fn keyword(self) -> &'static str {
        match self {
            EnvelopeKind::Game => "GAME",
            EnvelopeKind::Press => "PRESS",
            EnvelopeKind::Rumor => "RUMOR",
            EnvelopeKind::Report => "REPORT",
        }
    }
}

/// A header line: `GAME f06 password [game-name] [turn]`. Envelopes whose
/// header lacks the faction or the password are checked but not kept, so
/// every header in a [`Message`] has both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Header {
    pub kind: EnvelopeKind,
    pub faction: FactionRef,
    pub password: String,
    /// The game's name, as in the sample `GAME f99 mypassword alpha`.
    pub game: Option<String>,
    /// The turn the orders are for; absent means the current turn (OV-ORD-031).
    pub turn: Option<u32>,
    pub line: u32,
    pub span: Span,
    /// Whether an END line closed the envelope.
    pub closed: bool,
}

/// The password written on a `#GAME` line when the real one is not known
/// (the world keeps only a hash): the player writes theirs over it.
pub const PASSWORD_PLACEHOLDER: &str = "PASSWORD";

impl Header {
    /// A closed `#GAME` header for faction `number` of game `game`, for the
    /// current turn. Control characters cannot be written on the line and
    /// are left out; an empty password becomes [`PASSWORD_PLACEHOLDER`].
    pub fn game(number: u32, password: &str, game: &str) -> Header {
        let mut p: String = password.chars().filter(|c| !c.is_control()).collect();
        // A text holding both kinds of closing quote cannot be quoted (E0315).
        if p.contains('"') {
            p.retain(|c| c != '”');
        }
        if p.trim().is_empty() {
            p = PASSWORD_PLACEHOLDER.to_string();
        }
        let game = super::print::one_line(game);
        Header {
            kind: EnvelopeKind::Game,
            faction: FactionRef::Player(number),
            password: p,
            game: (!game.is_empty()).then_some(game),
            turn: None,
            line: 0,
            span: Span::default(),
            closed: true,
        }
    }
}

impl fmt::Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", self.kind.keyword(), self.faction)?;
        token_text(f, &self.password)?;
        if let Some(g) = &self.game {
            f.write_str(" ")?;
            // A game name that looks like a number or an id is quoted, or
            // it would read back as a turn number or be refused.
            match shape(g) {
                Shape::Word | Shape::Other => token_text(f, g)?,
                _ => quoted(f, g)?,
            }
        }
        if let Some(t) = self.turn {
            write!(f, " {t}")?;
        }
        Ok(())
    }
}

/// The orders for one unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnitSection {
    pub unit: UnitRef,
    /// Line of the UNIT line.
    pub line: u32,
    pub orders: Vec<Written<Order>>,
}

/// A `GAME` envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderSet {
    pub header: Header,
    pub faction_orders: Vec<Written<FactionOrder>>,
    pub units: Vec<UnitSection>,
}

impl OrderSet {
    pub fn order_count(&self) -> usize {
        self.units.iter().map(|u| u.orders.len()).sum()
    }
}

impl fmt::Display for OrderSet {
    /// The canonical text of the order set, ready to send back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.header)?;
        for o in &self.faction_orders {
            writeln!(f, "{}", o.value)?;
        }
        for u in &self.units {
            writeln!(f, "UNIT {}", u.unit)?;
            for o in &u.orders {
                writeln!(f, "{}", o.value)?;
            }
        }
        writeln!(f, "END")
    }
}

/// A `PRESS` or `RUMOR` article: its lines, verbatim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Article {
    pub header: Header,
    pub lines: Vec<String>,
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.header)?;
        for l in &self.lines {
            writeln!(f, "{l}")?;
        }
        writeln!(f, "END")
    }
}

/// One envelope of a message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "envelope", rename_all = "lowercase")]
pub enum Envelope {
    Orders(OrderSet),
    Press(Article),
    Rumor(Article),
    /// `REPORT faction password [turn]`: nothing is stored; the report is
    /// mailed back.
    Report(Header),
}

impl Envelope {
    pub fn header(&self) -> &Header {
        match self {
            Envelope::Orders(o) => &o.header,
            Envelope::Press(a) | Envelope::Rumor(a) => &a.header,
            Envelope::Report(h) => h,
        }
    }
}

impl fmt::Display for Envelope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Envelope::Orders(o) => o.fmt(f),
            Envelope::Press(a) | Envelope::Rumor(a) => a.fmt(f),
            Envelope::Report(h) => writeln!(f, "{h}"),
        }
    }
}

/// Everything one message (a mail body, a file) holds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Message {
    pub envelopes: Vec<Envelope>,
}

impl Message {
    /// The same message with every line number and span set to zero, so that
    /// two readings of the same orders compare equal wherever they were
    /// written (round-trip tests, fuzzing).
    pub fn without_positions(&self) -> Message {
        let mut m = self.clone();
        for e in &mut m.envelopes {
            let h = match e {
                Envelope::Orders(o) => {
                    for f in &mut o.faction_orders {
                        f.line = 0;
                        f.span = Span::default();
                    }
                    for u in &mut o.units {
                        u.line = 0;
                        for x in &mut u.orders {
                            x.line = 0;
                            x.span = Span::default();
                        }
                    }
                    &mut o.header
                }
                Envelope::Press(a) | Envelope::Rumor(a) => &mut a.header,
                Envelope::Report(h) => h,
            };
            h.line = 0;
            h.span = Span::default();
            // Whether END was written is not part of the orders.
            h.closed = false;
        }
        m
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.envelopes.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            e.fmt(f)?;
        }
        Ok(())
    }
}
