//! What a kind gives the web to lay out: a stored report as a page of
//! typed blocks, the hexes of a seat's map, and what else its pages may
//! offer (a newspaper, a default order). The web lays these out and knows
//! nothing of the game they came from.

/// A piece of a line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inline {
    Text(String),
    /// Words in the game's own syntax (an order), set as code.
    Code(String),
    /// A link to a section of the same page (`#L7`).
    Link {
        to: String,
        text: String,
    },
    /// A new line within the same paragraph.
    Break,
}

/// A line of text and links.
pub type Line = Vec<Inline>;

/// Words as a line.
pub fn text(words: impl Into<String>) -> Inline {
    Inline::Text(words.into())
}

/// One part of a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A card: what a page leads with, set apart.
    Card {
        id: Option<String>,
        blocks: Vec<Block>,
    },
    /// A heading: 1 for the page's, 2 for a part's.
    Heading {
        level: u8,
        text: Line,
    },
    /// A paragraph; a muted one says something of lesser weight.
    Para {
        muted: bool,
        text: Line,
    },
    List {
        style: ListStyle,
        items: Vec<Item>,
    },
    /// A part that opens and closes: its summary, then what it holds.
    /// Its id is the anchor links to it name.
    Fold {
        id: Option<String>,
        summary: Line,
        blocks: Vec<Block>,
    },
    /// A table: its column heads, then its rows of cells.
    Table {
        head: Vec<String>,
        rows: Vec<Vec<Line>>,
    },
    /// Text kept as it is written (a battle's account, a template).
    Pre(String),
    /// Words quoted from someone (a newspaper's article), with who.
    Quote {
        text: Line,
        by: String,
    },
}

/// How a list is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListStyle {
    Plain,
    /// Each item a unit and what it will do.
    Orders,
}

/// An item of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The unit the item is about, for scripts and tests to find it.
    pub unit: Option<String>,
    /// How deep in a nesting the item sits (a unit in a unit's stack),
    /// from 1.
    pub depth: Option<u8>,
    pub text: Line,
}

impl Item {
    /// An item of text alone.
    pub fn plain(text: Line) -> Item {
        Item {
            unit: None,
            depth: None,
            text,
        }
    }
}

/// A stored report as a kind reads it for a page.
#[derive(Clone, Copy, Debug)]
pub struct StoredReport<'a> {
    pub turn: u32,
    pub text: &'a str,
    /// The report as JSON, when the kind keeps one.
    pub json: Option<&'a str>,
}

/// A report shown as its text: what a kind without a richer page gives.
pub fn plain_report(report: StoredReport<'_>) -> Vec<Block> {
    vec![
        Block::Heading {
            level: 1,
            text: vec![text(format!("Turn {} report", report.turn))],
        },
        Block::Pre(report.text.to_string()),
    ]
}

/// What a seat knows of one hex of its map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hex {
    pub id: String,
    pub name: String,
    pub terrain: String,
    /// The colour its terrain is drawn in (`#cfe3a0`).
    pub fill: &'static str,
    /// The report turn it was last shown in, if shown.
    pub shown_in: Option<u32>,
    /// The place's section in that report: the hex's own, or a
    /// settlement's in it when only the settlement was shown.
    pub anchor: String,
    pub settlements: Vec<String>,
    pub own_units: usize,
    pub others_seen: usize,
    pub titles: Vec<String>,
    /// The neighbouring hexes a road leads to from here.
    pub roads: Vec<(i32, i32)>,
}

/// A seat's map: its hexes by axial coordinates (`q`, `r`; north is
/// `r - 1`).
pub type Hexes = std::collections::BTreeMap<(i32, i32), Hex>;

/// The order a unit with none left does, said to a player whose every
/// order for a unit was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultOrder {
    /// The order as written: `WORK`.
    pub order: &'static str,
    /// What it does: `working for the minimum wage`.
    pub does: &'static str,
}
