//! The fixed words of the order language: directions, stances, settings,
//! battle tactics. Each is a closed enum with its canonical spelling, the
//! other spellings accepted, and case-insensitive lookup (OV-ORD-006).

use serde::Serialize;

/// A closed list of words an argument may take.
pub trait WordList: Sized + Copy {
    /// What the word is, for messages: "a direction".
    const WHAT: &'static str;
    fn from_word(word: &str) -> Option<Self>;
    fn spellings() -> impl Iterator<Item = &'static str>;
    fn canonical(self) -> &'static str;
}

/// Declare a closed word list. The first spelling is canonical; the rest are
/// accepted aliases.
macro_rules! word_enum {
    ($(#[$meta:meta])* $name:ident ($what:literal) { $($variant:ident => [$($spelling:literal),+]),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The canonical spelling.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => word_enum!(@first $($spelling),+)),+ }
            }

            /// Every accepted spelling, canonical ones first.
            pub fn spellings() -> impl Iterator<Item = &'static str> {
                [$(word_enum!(@first $($spelling),+)),+]
                    .into_iter()
                    .chain([$($($spelling),+),+])
            }

            /// Case-insensitive lookup of any accepted spelling.
            pub fn from_word(word: &str) -> Option<$name> {
                $(
                    if [$($spelling),+].iter().any(|s| s.eq_ignore_ascii_case(word)) {
                        return Some($name::$variant);
                    }
                )+
                None
            }
        }

        impl WordList for $name {
            const WHAT: &'static str = $what;
            fn from_word(word: &str) -> Option<Self> {
                $name::from_word(word)
            }
            fn spellings() -> impl Iterator<Item = &'static str> {
                $name::spellings()
            }
            fn canonical(self) -> &'static str {
                self.as_str()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
    (@first $first:literal $(, $rest:literal)*) => { $first };
}

word_enum! {
    /// A way out of a location (OV-ORD-025, OV-ORD-026). The map is made of
    /// hexes, so there is no east or west. UP, DOWN and PORT are exits the
    /// alpha world uses; PORTAL is defined by its data.
    Direction ("a direction") {
        N => ["N", "NORTH"],
        NE => ["NE", "NORTHEAST", "NORTH-EAST"],
        SE => ["SE", "SOUTHEAST", "SOUTH-EAST"],
        S => ["S", "SOUTH"],
        SW => ["SW", "SOUTHWEST", "SOUTH-WEST"],
        NW => ["NW", "NORTHWEST", "NORTH-WEST"],
        In => ["IN"],
        Out => ["OUT"],
        Up => ["UP"],
        Down => ["DOWN"],
        Port => ["PORT"],
        Portal => ["PORTAL"],
    }
}

word_enum! {
    /// A diplomatic stance (STANCE). `FRIEND` and `ALLIED` are the alpha
    /// data's spellings.
    Stance ("a stance (ALLY, FRIENDLY, NEUTRAL, HOSTILE or ENEMY)") {
        Ally => ["ALLY", "ALLIED"],
        Friendly => ["FRIENDLY", "FRIEND"],
        Neutral => ["NEUTRAL"],
        Hostile => ["HOSTILE"],
        Enemy => ["ENEMY"],
    }
}

word_enum! {
    /// A faction or unit setting (SETTING).
    SettingName ("a setting name") {
        Advertise => ["ADVERTISE"],
        Announce => ["ANNOUNCE"],
        Consume => ["CONSUME"],
        Silent => ["SILENT"],
        Share => ["SHARE"],
        Support => ["SUPPORT"],
        Terse => ["TERSE"],
    }
}

word_enum! {
    /// The value of a setting.
    OnOff ("ON or OFF") {
        On => ["ON"],
        Off => ["OFF"],
    }
}

word_enum! {
    /// TACTIC's first word: whether to join battles. `ATTACK` is the
    /// original engine's spelling of FIGHT.
    Engage ("AVOID, DEFEND or FIGHT") {
        Avoid => ["AVOID"],
        Defend => ["DEFEND"],
        Fight => ["FIGHT", "ATTACK"],
    }
}

word_enum! {
    /// TACTIC's rank.
    Rank ("FRONT, MIDDLE or REAR") {
        Front => ["FRONT"],
        Middle => ["MIDDLE"],
        Rear => ["REAR"],
    }
}

word_enum! {
    /// TACTIC's file.
    File ("LEFT, CENTER or RIGHT") {
        Left => ["LEFT"],
        Center => ["CENTER", "CENTRE"],
        Right => ["RIGHT"],
    }
}

word_enum! {
    /// TACTIC's movement setting.
    CombatMove ("a combat movement setting") {
        Flee => ["FLEE"],
        Retreat => ["RETREAT"],
        Stand => ["STAND"],
        Advance => ["ADVANCE"],
        Sweep => ["SWEEP"],
        Flank => ["FLANK"],
        Charge => ["CHARGE"],
        Fire => ["FIRE"],
        Support => ["SUPPORT"],
    }
}

word_enum! {
    /// What SKILL measures.
    SkillMeasure ("LEVEL or DAYS") {
        Level => ["LEVEL"],
        Days => ["DAYS"],
    }
}

word_enum! {
    /// The built-in entries of a COMBAT action list.
    CombatKeyword ("MELEE, PARRY or RANGED") {
        Melee => ["MELEE"],
        Parry => ["PARRY"],
        Ranged => ["RANGED"],
    }
}

word_enum! {
    /// Categories of rules RESHOW can reprint.
    RuleCategory ("a rule category") {
        Items => ["ITEMS", "ITEM"],
        Skills => ["SKILLS", "SKILL"],
        Races => ["RACES", "RACE"],
        Terrains => ["TERRAINS", "TERRAIN"],
        Titles => ["TITLES", "TITLE"],
        Constructions => ["CONSTRUCTIONS", "CONSTRUCTION", "STRUCTURES"],
        Enchantments => ["ENCHANTMENTS", "ENCHANTMENT"],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_ord_025_directions_full_or_abbreviated_any_case() {
        assert_eq!(Direction::from_word("nw"), Some(Direction::NW));
        assert_eq!(Direction::from_word("SouthWest"), Some(Direction::SW));
        assert_eq!(Direction::from_word("NorthEast"), Some(Direction::NE));
        assert_eq!(Direction::from_word("north"), Some(Direction::N));
        assert_eq!(Direction::from_word("East"), None);
        assert_eq!(Direction::SW.to_string(), "SW");
    }

    #[test]
    fn ov_ord_026_out_is_a_direction() {
        assert_eq!(Direction::from_word("Out"), Some(Direction::Out));
        assert_eq!(Direction::from_word("in"), Some(Direction::In));
    }

    #[test]
    fn aliases_and_canonical_spelling() {
        assert_eq!(Stance::from_word("friend"), Some(Stance::Friendly));
        assert_eq!(Stance::Friendly.as_str(), "FRIENDLY");
        assert_eq!(File::from_word("centre"), Some(File::Center));
        assert!(CombatMove::spellings().any(|s| s == "SWEEP"));
        assert_eq!(Engage::ALL.len(), 3);
    }
}
