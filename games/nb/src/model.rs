//! The words of the orders rules: general quality, command levels, the
//! three orders, reserve kinds, and the turn's phases.

use serde::{Deserialize, Serialize};

/// A general's quality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Quality {
    Excellent,
    Good,
    Average,
    Poor,
}

impl Quality {
    /// E, G, A or P.
    pub fn letter(self) -> &'static str {
        match self {
            Quality::Excellent => "E",
            Quality::Good => "G",
            Quality::Average => "A",
            Quality::Poor => "P",
        }
    }

    /// Read "E", "excellent", "good", …
    pub fn parse(text: &str) -> Option<Quality> {
        match text.trim().to_ascii_lowercase().as_str() {
            "e" | "excellent" => Some(Quality::Excellent),
            "g" | "good" => Some(Quality::Good),
            "a" | "average" => Some(Quality::Average),
            "p" | "poor" => Some(Quality::Poor),
            _ => None,
        }
    }
}

/// Where a general stands in the chain of command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// The Overall Army Commander.
    Army,
    Wing,
    Corps,
    Division,
}

impl Level {
    /// Read "army", "wing", "corps", "division".
    pub fn parse(text: &str) -> Option<Level> {
        match text.trim().to_ascii_lowercase().as_str() {
            "army" | "overall" => Some(Level::Army),
            "wing" => Some(Level::Wing),
            "corps" => Some(Level::Corps),
            "division" | "div" => Some(Level::Division),
            _ => None,
        }
    }
}

/// The three orders (NB-ORD-001).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderKind {
    /// Attack/Maneuver: all movement and attacks.
    Attack,
    /// Defend a position.
    Defend,
    /// Held in reserve (a status: never ordered again once left).
    Reserve,
}

impl OrderKind {
    /// As the rules name it.
    pub fn name(self) -> &'static str {
        match self {
            OrderKind::Attack => "Attack/Maneuver",
            OrderKind::Defend => "Defend",
            OrderKind::Reserve => "Reserve",
        }
    }

    /// Read "attack", "maneuver", "attack/maneuver", "defend", "reserve".
    pub fn parse(text: &str) -> Option<OrderKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "attack" | "maneuver" | "manoeuvre" | "attack/maneuver" | "move" => {
                Some(OrderKind::Attack)
            }
            "defend" | "defence" | "defense" | "hold" => Some(OrderKind::Defend),
            "reserve" => Some(OrderKind::Reserve),
            _ => None,
        }
    }
}

/// On or off the board (NB-RES, NB-OFF).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReserveKind {
    OnBoard,
    OffBoard,
}

/// The turn's phases in order (ruling `phases`, NB-SEQ-001).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Off-board reserves' generals are placed and their arrival rolled.
    Arrival,
    /// Orders are written; received orders are read and rolled for.
    Communications,
    /// Orders whose delay has run take effect.
    Command,
    /// Messengers move first, then everything else (the sheet's movement
    /// phase).
    Maneuver,
    /// The rest of the Napoleon's Battles turn (combat, rallies…), which
    /// this umpire does not adjudicate.
    Rest,
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Phase; 5] = [
        Phase::Arrival,
        Phase::Communications,
        Phase::Command,
        Phase::Maneuver,
        Phase::Rest,
    ];

    /// Its canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Arrival => "Arrival Step",
            Phase::Communications => "Communications Step",
            Phase::Command => "Command Step",
            Phase::Maneuver => "Maneuver Phase",
            Phase::Rest => "the rest of the turn",
        }
    }

    /// Read a phase by any of the names the rules use for it.
    pub fn parse(text: &str) -> Option<Phase> {
        let t: String = text
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .collect();
        match t.as_str() {
            "arrival" | "arrivalstep" | "arrivalphase" => Some(Phase::Arrival),
            "communications" | "communicationsstep" | "communicationsphase" | "communication" => {
                Some(Phase::Communications)
            }
            "command" | "commandstep" | "commandphase" => Some(Phase::Command),
            "maneuver" | "maneuverphase" | "movement" | "movementphase" | "manoeuvre" => {
                Some(Phase::Maneuver)
            }
            "rest" | "combat" => Some(Phase::Rest),
            _ => None,
        }
    }

    /// The next phase, and whether it starts a new turn.
    pub fn next(self) -> (Phase, bool) {
        match self {
            Phase::Arrival => (Phase::Communications, false),
            Phase::Communications => (Phase::Command, false),
            Phase::Command => (Phase::Maneuver, false),
            Phase::Maneuver => (Phase::Rest, false),
            Phase::Rest => (Phase::Arrival, true),
        }
    }
}
