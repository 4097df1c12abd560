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
    /// The password was checked before the turn, or the game master wrote
    /// these orders: the turn takes the set without checking it again.
    /// Never read from text (nothing a player writes sets it), never
    /// printed.
    #[serde(skip)]
    pub password_checked: bool,
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
            password_checked: false,
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

/// A UNIT section: which unit, where its UNIT line is, and where its orders
/// are in the order set ([`OrderSet::orders_of`]). Repeated sections for one
/// unit are joined into the first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitSection {
    pub unit: UnitRef,
    /// Line of the UNIT line.
    pub line: u32,
    /// Index of the section's first order in the set's order list.
    first: u32,
    /// How many orders the section holds.
    len: u32,
}

impl UnitSection {
    /// A section with no orders yet; the parser places them.
    pub(crate) fn new(unit: UnitRef, line: u32) -> UnitSection {
        UnitSection {
            unit,
            line,
            first: 0,
            len: 0,
        }
    }

    /// How many orders the section holds.
    pub fn order_count(&self) -> usize {
        self.len as usize
    }

    /// One more order read for the section (while parsing).
    pub(crate) fn count_order(&mut self) {
        self.len = self.len.saturating_add(1);
    }

    /// Where the section's orders ended up in the set's list.
    pub(crate) fn place(&mut self, first: u32, len: usize) {
        self.first = first;
        self.len = u32::try_from(len).unwrap_or(u32::MAX);
    }

    fn range(&self) -> std::ops::Range<usize> {
        let first = self.first as usize;
        first..first + self.len as usize
    }
}

/// A `GAME` envelope.
///
/// The unit orders of all sections are kept in one list, section after
/// section (one allocation per order set rather than one per unit); read a
/// section's orders with [`OrderSet::orders_of`] or walk them with
/// [`OrderSet::sections`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSet {
    pub header: Header,
    pub faction_orders: Vec<Written<FactionOrder>>,
    pub units: Vec<UnitSection>,
    /// Every section's orders, in the order of `units`.
    orders: Vec<Written<Order>>,
}

impl OrderSet {
    /// An order set from its header, faction orders, and sections with their
    /// orders.
    pub(crate) fn new(
        header: Header,
        faction_orders: Vec<Written<FactionOrder>>,
        units: Vec<UnitSection>,
        orders: Vec<Written<Order>>,
    ) -> OrderSet {
        OrderSet {
            header,
            faction_orders,
            units,
            orders,
        }
    }

    /// Number of unit orders in all sections.
    pub fn order_count(&self) -> usize {
        self.orders.len()
    }

    /// The orders of `section`, one of this set's `units`.
    pub fn orders_of(&self, section: &UnitSection) -> &[Written<Order>] {
        self.orders.get(section.range()).unwrap_or(&[])
    }

    /// Each section with its orders.
    pub fn sections(&self) -> impl Iterator<Item = (&UnitSection, &[Written<Order>])> {
        self.units.iter().map(|s| (s, self.orders_of(s)))
    }

    /// Every unit order of the set, section after section.
    pub fn unit_orders(&self) -> &[Written<Order>] {
        &self.orders
    }
}

/// How an order set is written as JSON: each section holds its orders, as
/// `{"unit", "line", "orders": [...]}`.
impl Serialize for OrderSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;

        struct Sections<'a>(&'a OrderSet);
        impl Serialize for Sections<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.sections().map(|(section, orders)| SectionOut {
                    unit: section.unit,
                    line: section.line,
                    orders,
                }))
            }
        }
        #[derive(Serialize)]
        struct SectionOut<'a> {
            unit: UnitRef,
            line: u32,
            orders: &'a [Written<Order>],
        }

        let mut st = s.serialize_struct("OrderSet", 3)?;
        st.serialize_field("header", &self.header)?;
        st.serialize_field("faction_orders", &self.faction_orders)?;
        st.serialize_field("units", &Sections(self))?;
        st.end()
    }
}

impl fmt::Display for OrderSet {
    /// The canonical text of the order set, ready to send back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.header)?;
        for o in &self.faction_orders {
            writeln!(f, "{}", o.value)?;
        }
        for (u, orders) in self.sections() {
            writeln!(f, "UNIT {}", u.unit)?;
            for o in orders {
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
                    }
                    for x in &mut o.orders {
                        x.line = 0;
                        x.span = Span::default();
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
