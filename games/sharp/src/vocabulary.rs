//! The ids the data and the command line share for the rules' lists:
//! every action that costs action dice ([`Action`], SP-ACT) and every
//! spotting modifier ([`SpotModifier`], SP-SPOT). The tables
//! ([`crate::tables`]) are keyed by them and the rules modules
//! ([`crate::actions`], [`crate::spotting`]) read the tables.

use serde::Serialize;

use crate::error::SharpError;

macro_rules! actions {
    ($($variant:ident = $id:literal;)+) => {
        /// An action that costs action dice (SP-ACT-003 to 015).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Action { $($variant),+ }

        impl Action {
            /// Every action, in the sheet's order.
            pub const ALL: &'static [Action] = &[$(Action::$variant),+];

            /// Its id in the data and on the command line.
            pub fn id(self) -> &'static str {
                match self { $(Action::$variant => $id),+ }
            }

            /// Read an id (any case).
            pub fn parse(text: &str) -> Option<Action> {
                let t = text.trim();
                Action::ALL.iter().copied().find(|a| a.id().eq_ignore_ascii_case(t))
            }

            /// Read an id, or say which ids there are.
            pub fn read(text: &str) -> Result<Action, SharpError> {
                Action::parse(text).ok_or_else(|| {
                    SharpError::unknown("action", text, Action::ALL.iter().map(|a| a.id()))
                })
            }
        }
    };
}

actions! {
    Move = "move";
    LowObstacle = "low-obstacle";
    HighObstacle = "high-obstacle";
    EnterBuilding = "enter-building";
    Dismount = "dismount";
    Mount = "mount";
    Fire = "fire";
    ReloadRifle = "reload-rifle";
    TapLoad = "tap-load";
    ReloadMusket = "reload-musket";
    Spot = "spot";
    OpenRanks = "open-ranks";
    Task = "task";
    ReloadArtillery = "reload-artillery";
}

macro_rules! modifiers {
    ($($variant:ident = $id:literal, $per_die:literal;)+) => {
        /// A modifier to the number needed to spot (SP-SPOT-016 to 026).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum SpotModifier { $($variant),+ }

        impl SpotModifier {
            /// Every modifier, in the sheet's order.
            pub const ALL: &'static [SpotModifier] = &[$(SpotModifier::$variant),+];

            /// Its id in the data.
            pub fn id(self) -> &'static str {
                match self { $(SpotModifier::$variant => $id),+ }
            }

            /// Counted per die rather than once.
            pub fn per_die(self) -> bool {
                match self { $(SpotModifier::$variant => $per_die),+ }
            }

            /// Read an id.
            pub fn parse(text: &str) -> Option<SpotModifier> {
                let t = text.trim();
                SpotModifier::ALL.iter().copied().find(|m| m.id().eq_ignore_ascii_case(t))
            }
        }
    };
}

modifiers! {
    SpotterUnderFire = "spotter-under-fire", false;
    TargetStationary = "target-stationary", false;
    Smoke = "smoke", false;
    TargetSneaky = "target-sneaky", false;
    SpotterElevated = "spotter-elevated", false;
    TargetMoved = "target-moved", true;
    ExtraDice = "extra-dice", true;
    SpotterBigMan = "spotter-big-man", false;
    TargetMounted = "target-mounted", false;
    SpotterInjun = "spotter-injun", false;
    TargetInFormation = "target-in-formation", false;
}
