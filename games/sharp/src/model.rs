//! The words of the quick reference sheet: Big Men's status, troop quality
//! and character, weapons, formations, cover, obscurity, instruments, and
//! the range bands of the tables. Each reads as players write it
//! (`parse`) and names itself as the sheet does (`name`).

use serde::{Deserialize, Serialize};

/// Read one of a closed list of words, forgivingly: case, spaces, hyphens
/// and underscores are ignored.
fn key(word: &str) -> String {
    word.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

macro_rules! words {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $word:literal $(| $alias:literal)*),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum $name { $($variant),+ }

        impl $name {
            /// Every value, in the sheet's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// As the sheet (and a command line) writes it.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $word),+ }
            }

            /// Read it as a player types it (any case; spaces, hyphens and
            /// underscores ignored; a few synonyms).
            pub fn parse(word: &str) -> Option<$name> {
                let k = key(word);
                $(if k == key($word) $(|| k == key($alias))* { return Some($name::$variant); })+
                None
            }

            /// Every accepted spelling's canonical form, for "did you mean".
            pub fn names() -> impl Iterator<Item = &'static str> + Clone {
                $name::ALL.iter().map(|v| v.name())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

words! {
    /// A Big Man's status, I (lowest) to IV.
    Status { I = "I" | "1", II = "II" | "2", III = "III" | "3", IV = "IV" | "4" }
}

impl Status {
    /// 1 to 4.
    pub fn level(self) -> u32 {
        match self {
            Status::I => 1,
            Status::II => 2,
            Status::III => 3,
            Status::IV => 4,
        }
    }
}

words! {
    /// Troop quality.
    Quality { Poor = "poor", Good = "good" | "regular", Elite = "elite" }
}

impl Quality {
    /// Steps on the quality ladder (poor 0, good 1, elite 2; ruling
    /// `quality-ladder`).
    pub fn rank(self) -> i64 {
        match self {
            Quality::Poor => 0,
            Quality::Good => 1,
            Quality::Elite => 2,
        }
    }
}

words! {
    /// A Group's character, apart from its quality (fisticuffs).
    Character { Ordinary = "ordinary" | "none", Aggressive = "aggressive", Guards = "guards" | "grenadiers" | "grenadier", Weedy = "weedy" | "weedy-coves" }
}

words! {
    /// What a Group shoots with.
    Weapon {
        Musket = "musket",
        Rifle = "baker-rifle" | "rifle" | "baker",
        Carbine = "carbine",
        LightGun = "light-gun",
        HeavyGun = "heavy-gun",
        Carronade = "carronade",
        SwivelGun = "swivel-gun" | "swivel",
        None = "none" | "unarmed",
    }
}

impl Weapon {
    /// An artillery piece (its own table and dice).
    pub fn is_artillery(self) -> bool {
        matches!(
            self,
            Weapon::LightGun | Weapon::HeavyGun | Weapon::Carronade | Weapon::SwivelGun
        )
    }
}

words! {
    /// Which firing table small arms use.
    FireTable { Line = "line" | "line-troops", Skirmish = "skirmish" | "skirmishing" | "light" }
}

words! {
    /// How a Group or Formation stands.
    Formation {
        Line = "line",
        Column = "column",
        Square = "square",
        Skirmish = "skirmish",
        Unformed = "unformed" | "group",
    }
}

words! {
    /// What kind of troops a Group is.
    Arm {
        LineInfantry = "line-infantry" | "infantry" | "line",
        LightInfantry = "light-infantry" | "light",
        Cavalry = "cavalry" | "horse",
        FootArtillery = "foot-artillery" | "artillery",
        HorseArtillery = "horse-artillery",
    }
}

impl Arm {
    /// Infantry of either kind.
    pub fn is_infantry(self) -> bool {
        matches!(self, Arm::LineInfantry | Arm::LightInfantry)
    }
}

words! {
    /// Cover a target is in (firing) or defends (fisticuffs).
    Cover { None = "none" | "open", Soft = "soft" | "light", Hard = "hard" }
}

words! {
    /// How well a target can be seen (spotting rows).
    Obscurity {
        Open = "open" | "in-the-open",
        Slight = "slightly-obscured" | "slight" | "slightly",
        Obscured = "obscured",
        Badly = "badly-obscured" | "badly",
    }
}

words! {
    /// A movement rate.
    Pace {
        Normal = "normal" | "march",
        RetireAtSpeed = "retire-at-speed" | "retire",
        Walk = "walk",
        Trot = "trot",
        Gallop = "gallop",
    }
}

words! {
    /// A musician's instrument.
    Instrument { Whistle = "whistle", Drum = "drum" | "infantry-drum", Bugle = "bugle" | "light-infantry-bugle", Trumpet = "trumpet" | "cavalry-trumpet" }
}

/// A distance on the table, in inches, as typed in (halves allowed).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Inches(pub f64);

impl Inches {
    /// Read "14", "14\"", "9.5", "14in".
    pub fn parse(text: &str) -> Option<Inches> {
        let t = text
            .trim()
            .trim_end_matches('"')
            .trim_end_matches("in")
            .trim_end_matches("inches")
            .trim();
        let v: f64 = t.parse().ok()?;
        (v.is_finite() && v >= 0.0).then_some(Inches(v))
    }
}

impl std::fmt::Display for Inches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.fract() == 0.0 {
            write!(f, "{}\"", self.0 as i64)
        } else {
            write!(f, "{}\"", self.0)
        }
    }
}

/// A range band of a table: from (exclusive, except the first) to
/// (inclusive); `to = None` is open-ended. Which end a shared boundary
/// belongs to is ruling `band-edges`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Band {
    pub from: f64,
    pub to: Option<f64>,
}

impl Band {
    /// Whether `d` is in this band, with upper bounds inclusive (the
    /// default reading) or lower bounds inclusive.
    pub fn contains(&self, d: Inches, upper_inclusive: bool) -> bool {
        let d = d.0;
        let above_from = if upper_inclusive {
            d > self.from || (self.from == 0.0 && d >= 0.0)
        } else {
            d >= self.from
        };
        let below_to = match self.to {
            None => true,
            Some(to) if upper_inclusive => d <= to,
            Some(to) => d < to,
        };
        above_from && below_to
    }

    /// "0-9\"", "36\"+".
    pub fn label(&self) -> String {
        match self.to {
            Some(to) => format!("{}-{}\"", self.from, to),
            None => format!("{}\"+", self.from),
        }
    }
}
