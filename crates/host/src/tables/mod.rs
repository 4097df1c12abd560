//! Games at the table: DBR, Sharp Practice and Napoleon's Battles played
//! through the web by an umpire and a phone per side (the command line's
//! game folder shares [`Spec`]).
//!
//! A table is its scenario and every line typed at it, kept in the
//! database; the game is rebuilt by replaying the lines, and each answer
//! must come out as it was kept. Each side sees its own: the game says
//! which pieces and which answers the other side may read
//! ([`Spec::pieces`], [`Spec::shared`]). See [`host::Tables`].

pub mod dbr;
pub mod host;
pub mod nb;
pub mod played;
pub mod sharp;
pub mod spec;

pub use host::{Made, NewTable, Seat, TableError, Tables, View};
pub use played::{Played, Read};
pub use spec::{Piece, Spec};

/// Which game a table plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Dbr,
    Sharp,
    Nb,
}

impl Kind {
    /// Every kind, as offered when a table is made.
    pub const ALL: [Kind; 3] = [Kind::Sharp, Kind::Nb, Kind::Dbr];

    /// The kind's short name, as kept and typed: `dbr`, `sharp`, `nb`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Dbr => "dbr",
            Kind::Sharp => "sharp",
            Kind::Nb => "nb",
        }
    }

    /// The kind called `s` (its short name or the game's name).
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.as_str().eq_ignore_ascii_case(s) || k.game().eq_ignore_ascii_case(s))
    }

    /// The game's name for people.
    pub fn game(self) -> &'static str {
        match self {
            Kind::Dbr => dbr::SPEC.game,
            Kind::Sharp => sharp::SPEC.game,
            Kind::Nb => nb::SPEC.game,
        }
    }

    /// The built-in scenario's name and text.
    pub fn builtin(self) -> (&'static str, &'static str) {
        match self {
            Kind::Dbr => dbr::SPEC.builtin,
            Kind::Sharp => sharp::SPEC.builtin,
            Kind::Nb => nb::SPEC.builtin,
        }
    }

    /// A game of this kind from a scenario's text (`file` names it in
    /// messages), at a table with or without an umpire.
    pub fn open(self, file: &str, text: &str, umpired: bool) -> Result<Box<dyn Played>, String> {
        Ok(match self {
            Kind::Dbr => Box::new(played::Hosted::new(&dbr::SPEC, file, text, umpired)?),
            Kind::Sharp => Box::new(played::Hosted::new(&sharp::SPEC, file, text, umpired)?),
            Kind::Nb => Box::new(played::Hosted::new(&nb::SPEC, file, text, umpired)?),
        })
    }
}
