//! The vocabulary of the sheet: element types, grades, classes and going.
//!
//! Types and grades are spelled as on the sheet (`Pk`, `WWg`, `(S)`); which
//! class a type belongs to is rules content and lives in `data/tables.toml`
//! (DBR-UNIT-004), not here.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::error::DbrError;

macro_rules! element_types {
    ($($variant:ident = $name:literal, $what:literal;)+) => {
        /// An element type, as abbreviated on the sheet.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ElementType { $(#[doc = $what] $variant),+ }

        impl ElementType {
            /// Every type, in the sheet's order.
            pub const ALL: &'static [ElementType] = &[$(ElementType::$variant),+];

            /// The abbreviation on the sheet.
            pub fn name(self) -> &'static str {
                match self { $(ElementType::$variant => $name),+ }
            }

            /// What the abbreviation stands for.
            pub fn description(self) -> &'static str {
                match self { $(ElementType::$variant => $what),+ }
            }
        }
    };
}

element_types! {
    El = "El", "elephants";
    Cm = "Cm", "cuirassiers";
    Ln = "Ln", "lancers";
    Pi = "Pi", "pistoliers";
    Si = "Si", "sword-armed cavalry";
    LH = "LH", "light horse";
    Dr = "Dr", "dragoons";
    Pk = "Pk", "pikes";
    Bd = "Bd", "blades";
    Sh = "Sh", "shot";
    Bw = "Bw", "bows";
    Sk = "Sk", "skirmishers";
    Wb = "Wb", "warband";
    Hd = "Hd", "horde";
    Art = "Art", "artillery";
    WWg = "WWg", "war wagons";
    Bg = "Bg", "baggage";
    Pont = "Pont", "pontoons";
    PermBridge = "perm-bridge", "permanent bridge";
    TempBridge = "temp-bridge", "temporary bridge";
    Ships = "Ships", "ships";
    Gal = "Gal", "galleys";
    Boats = "Boats", "boats";
}

impl ElementType {
    /// Ships, Gal or Boats ("Naval" on the sheet).
    pub fn is_naval(self) -> bool {
        matches!(
            self,
            ElementType::Ships | ElementType::Gal | ElementType::Boats
        )
    }

    /// A permanent or temporary bridge.
    pub fn is_bridge(self) -> bool {
        matches!(self, ElementType::PermBridge | ElementType::TempBridge)
    }

    /// Read a type for the move table, whose rows the sheet names: as
    /// [`ElementType::parse`], and its `Naval` row (Ships, Gal and Boats
    /// all move alike) read as Ships.
    pub fn parse_move_row(text: &str) -> Result<ElementType, DbrError> {
        if text.trim().eq_ignore_ascii_case("naval") {
            return Ok(ElementType::Ships);
        }
        ElementType::parse(text)
    }

    /// Read a type as spelled on the sheet. Case is forgiven (`pk`, `PK`);
    /// `Naval` is refused with the three naval types named, anything else
    /// gets a "did you mean".
    pub fn parse(text: &str) -> Result<ElementType, DbrError> {
        let t = text.trim();
        let aliases: &[(&str, ElementType)] = &[
            ("permanent-bridge", ElementType::PermBridge),
            ("perm bridge", ElementType::PermBridge),
            ("temporary-bridge", ElementType::TempBridge),
            ("temp bridge", ElementType::TempBridge),
        ];
        if let Some(e) = ElementType::ALL
            .iter()
            .find(|e| e.name().eq_ignore_ascii_case(t))
        {
            return Ok(*e);
        }
        if let Some((_, e)) = aliases.iter().find(|(a, _)| a.eq_ignore_ascii_case(t)) {
            return Ok(*e);
        }
        let hint = if t.eq_ignore_ascii_case("naval") {
            Some("Naval means one of Ships, Gal or Boats: name which".to_string())
        } else if t.eq_ignore_ascii_case("EI") {
            // The paces copy of the sheet prints El as "EI" (DBR-UNIT-005).
            Some(
                "did you mean `El` (elephants)? The sheet's paces copy misprints it `EI`"
                    .to_string(),
            )
        } else {
            umpire_core::text::suggest(t, ElementType::ALL.iter().map(|e| e.name()))
                .map(|s| format!("did you mean `{s}`?"))
        };
        Err(DbrError::UnknownElement {
            given: t.to_string(),
            hint,
        })
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ElementType {
    type Err = DbrError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ElementType::parse(s)
    }
}

impl Serialize for ElementType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A grade, written after the type: Pk (S) (DBR-UNIT-003).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Grade {
    /// Superior.
    S,
    /// Ordinary.
    O,
    /// Inferior.
    I,
    /// Fast.
    F,
    /// Exceptional (the sheet's X).
    X,
}

impl Grade {
    /// The five grades, in the sheet's order.
    pub const ALL: [Grade; 5] = [Grade::S, Grade::O, Grade::I, Grade::F, Grade::X];

    /// The letter.
    pub fn letter(self) -> &'static str {
        match self {
            Grade::S => "S",
            Grade::O => "O",
            Grade::I => "I",
            Grade::F => "F",
            Grade::X => "X",
        }
    }

    /// Read `S`, `(S)` or `s`. The sheet's misprints `0` and `1` are refused
    /// with the letter they stand for (DBR-UNIT-005).
    pub fn parse(text: &str) -> Result<Grade, DbrError> {
        let t = text.trim();
        let inner = t
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or(t)
            .trim();
        let grade = match inner.to_ascii_uppercase().as_str() {
            "S" => Some(Grade::S),
            "O" => Some(Grade::O),
            "I" => Some(Grade::I),
            "F" => Some(Grade::F),
            "X" => Some(Grade::X),
            _ => None,
        };
        grade.ok_or_else(|| {
            let hint = match inner {
                "0" => Some("did you mean `O` (the letter)?".to_string()),
                "1" => Some("did you mean `I` (the letter)?".to_string()),
                _ => None,
            };
            DbrError::UnknownGrade {
                given: t.to_string(),
                hint,
            }
        })
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({})", self.letter())
    }
}

impl FromStr for Grade {
    type Err = DbrError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grade::parse(s)
    }
}

/// The class a type belongs to (DBR-UNIT-004).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Mounted fighting troops.
    Cavalry,
    /// Foot.
    Foot,
    /// Artillery, war wagons, baggage, pontoons, bridges.
    Train,
    /// Ships, galleys, boats.
    Naval,
}

impl Class {
    /// The name used in the data and in output.
    pub fn name(self) -> &'static str {
        match self {
            Class::Cavalry => "cavalry",
            Class::Foot => "foot",
            Class::Train => "train",
            Class::Naval => "naval",
        }
    }

    /// Read a class name from the data.
    pub fn parse(text: &str) -> Option<Class> {
        [Class::Cavalry, Class::Foot, Class::Train, Class::Naval]
            .into_iter()
            .find(|c| c.name() == text)
    }

    /// Land means any class but naval.
    pub fn is_land(self) -> bool {
        self != Class::Naval
    }
}

/// The columns of the move table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Going {
    /// Along a road.
    Road,
    /// Good going (for naval elements: open water, see RULES-DECISIONS).
    Good,
    /// Rough going.
    Rough,
    /// Difficult going (for naval elements: restricted water).
    Difficult,
}

impl Going {
    /// The four columns, in the sheet's order.
    pub const ALL: [Going; 4] = [Going::Road, Going::Good, Going::Rough, Going::Difficult];

    /// The column's name.
    pub fn name(self) -> &'static str {
        match self {
            Going::Road => "road",
            Going::Good => "good",
            Going::Rough => "rough",
            Going::Difficult => "difficult",
        }
    }

    /// Read a column name (any case), with a "did you mean".
    pub fn parse(text: &str) -> Result<Going, DbrError> {
        let t = text.trim();
        Going::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| DbrError::UnknownGoing {
                given: t.to_string(),
                hint: umpire_core::text::suggest(t, Going::ALL.iter().map(|g| g.name()))
                    .map(|s| format!("did you mean `{s}`?")),
            })
    }
}

impl fmt::Display for Going {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Going {
    type Err = DbrError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Going::parse(s)
    }
}
