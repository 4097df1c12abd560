//! umpire-dbr: an umpire aid for DBR (De Bellis Renationis), built on the
//! two-page quick reference sheet (`../shared/seeds/dbr-quick-reference.txt`)
//! and its checklist (`../shared/spec/dbr-checklist.md`).
//!
//! - [`model`]: element types, grades, classes, going, spelled as on the sheet;
//! - [`units`]: distances exact in paces and centimetres (12.5 p = 1 cm);
//! - [`tables`]: the sheet's tables as validated data (`data/tables.toml`),
//!   written once in paces;
//! - [`rulings`]: every `[gap]` of the checklist as a named, switchable ruling;
//! - [`movement`], [`range`]: how far an element moves and shoots, with the
//!   working shown step by step;
//! - [`pips`]: what an intended action costs in PIPs, every modifier shown;
//! - [`combat`]: close combat and shooting, from base factor to outcome;
//! - [`battle`], [`session`]: a battle at the table, command by command,
//!   saved, undone and replayed.
//!
//! Invariant: this crate does no IO and holds no global mutable state; the
//! same question gives the same answer. Start from [`Dbr`]:
//!
//! ```
//! use umpire_dbr::{Dbr, ElementType, Going, Grade, MoveQuery, Units};
//! let dbr = Dbr::builtin().unwrap();
//! let answer = dbr.max_move(&MoveQuery::new(ElementType::LH, Going::Road)).unwrap();
//! assert_eq!(answer.distance.map(|d| d.show(Units::Cm)), Some("48cm".to_string()));
//! let range = dbr.range(ElementType::Art, Grade::S).unwrap();
//! assert_eq!(range.range.map(|d| d.show(Units::Paces)), Some("1,800p".to_string()));
//! ```

pub mod battle;
pub mod combat;
pub mod error;
pub mod model;
pub mod movement;
pub mod pips;
pub mod range;
pub mod rulings;
pub mod session;
pub mod tables;
pub mod units;

pub use combat::{Combat, CombatKind, Effect, Odds, Resolution, Side, Who};
pub use error::DbrError;
pub use model::{Class, ElementType, Going, Grade};
pub use movement::{MoveAnswer, MoveQuery, River};
pub use pips::{PipAction, PipAnswer, PipQuery, SeparateException};
pub use range::RangeAnswer;
pub use rulings::{RULINGS, Ruling, RulingId, Rulings};
pub use tables::Tables;
pub use units::{Distance, Units};

/// The umpire: the tables and the rulings in force for one game.
#[derive(Debug, Clone)]
pub struct Dbr<'t> {
    /// The sheet's tables.
    pub tables: &'t Tables,
    /// The rulings in force.
    pub rulings: Rulings,
}

impl Dbr<'static> {
    /// The built-in tables with the default rulings.
    pub fn builtin() -> Result<Dbr<'static>, DbrError> {
        Ok(Dbr {
            tables: Tables::builtin()?,
            rulings: Rulings::default(),
        })
    }
}

impl<'t> Dbr<'t> {
    /// The given tables and rulings.
    pub fn new(tables: &'t Tables, rulings: Rulings) -> Dbr<'t> {
        Dbr { tables, rulings }
    }

    /// The class of a type: the data's, unless ruling `classes` is
    /// `dragoons-cavalry` (DBR-UNIT-004).
    pub fn class(&self, e: ElementType) -> Class {
        if e == ElementType::Dr && self.rulings.is(RulingId::Classes, "dragoons-cavalry") {
            return Class::Cavalry;
        }
        self.tables.class(e)
    }
}

impl Units {
    /// Read `paces`, `p`, `pace` or `cm`.
    pub fn parse(text: &str) -> Result<Units, DbrError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "paces" | "pace" | "p" => Ok(Units::Paces),
            "cm" | "centimetres" | "centimeters" => Ok(Units::Cm),
            _ => Err(DbrError::UnknownUnits {
                given: text.to_string(),
            }),
        }
    }
}
