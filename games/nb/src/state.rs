//! The game between commands: the sides, the chain of command, each
//! formation's order, the orders in the post, the reserves, and a log in
//! which every entry says who may read it.
//!
//! Secrets live here too (an off-board reserve's planned turn, the contents
//! of orders in transit); the per-side report (`report`) shows each side
//! only its own, and the full log is for the post-game reveal.

use serde::{Deserialize, Serialize};

use crate::error::NbError;
use crate::ids::{FormationId, GeneralId, OrderId};
use crate::log::{Event, Note};
use crate::model::{Level, OrderKind, Phase, Quality, ReserveKind};

/// A side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Side {
    pub name: String,
    /// Nationality, as the tables name it ("French", "Russian", …).
    pub nation: String,
    /// The year of the battle (period modifiers).
    pub year: u32,
}

/// A general.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct General {
    pub name: String,
    pub side: String,
    pub level: Level,
    pub quality: Quality,
    /// Command range in inches (for the army commander: his messengers'
    /// speed, NB-MSG-003).
    pub command_range: f64,
    /// The formation he commands (none for the army commander).
    pub formation: Option<FormationId>,
    /// Attached to a combat unit (NB-ATT-001).
    pub attached_to_unit: bool,
    /// Which unit, when named.
    #[serde(default)]
    pub attached_unit: Option<String>,
    /// Attached to another general (the army commander joining a
    /// formation's general, NB-ATT-004).
    pub attached_to_general: Option<GeneralId>,
    /// Within his superior's command range, as the players say.
    pub in_superior_range: bool,
    /// Killed or captured, not yet replaced (NB-MISC).
    pub fallen: bool,
}

/// An order as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WrittenOrder {
    pub id: OrderId,
    pub side: String,
    /// The formations it is for (one corps, one division, or several corps
    /// of a wing, NB-ISS-006/007).
    pub to: Vec<FormationId>,
    pub kind: OrderKind,
    /// The single objective or position (NB-ISS-007, NB-DEF-001).
    pub objective: String,
    pub written_turn: u32,
}

/// An order in force.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    pub kind: OrderKind,
    pub objective: String,
    /// The turn it took effect.
    pub since: u32,
    /// It was written to this formation itself, not passed down from the
    /// formation above (NB-ISS-006: a division told to do something other
    /// than its corps gets an order of its own).
    #[serde(default)]
    pub direct: bool,
    /// The turn it was written (0: a starting order).
    #[serde(default)]
    pub written: u32,
}

/// A messenger on the road.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Messenger {
    pub order: WrittenOrder,
    /// The general he rides to.
    pub recipient: GeneralId,
    /// Inches still to ride (typed by the players, ruling `reaching`).
    pub distance_left: f64,
    /// The turn he delivered, once he has.
    pub delivered: Option<u32>,
    /// Read (so no longer waiting).
    pub read: bool,
}

/// An order read and rolled for, waiting out its delay.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub order: WrittenOrder,
    pub formation: FormationId,
    pub read_turn: u32,
    /// The die and the total, when rolled.
    pub roll: Option<(u32, i32)>,
    pub delay: u32,
    /// The turn from which the formation acts on it.
    pub acts_from: u32,
}

/// A reserve's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reserve {
    pub kind: ReserveKind,
    /// Off board: the grid square of entry (NB-OFF-001).
    pub entry_square: Option<String>,
    /// Off board: the planned turn, rolled in secret (NB-OFF-002).
    pub planned_turn: Option<u32>,
    /// Off board: the general is on the table edge (NB-OFF-003).
    pub general_placed: bool,
    /// Off board: the open arrival roll: die, total, turns late.
    pub arrival_roll: Option<(u32, i32, i32)>,
    pub arrival_turn: Option<u32>,
    /// The order it follows on entry (NB-OFF-004).
    pub entry_order: Option<Order>,
    /// Enemy within 17": defending itself, still a reserve (NB-RES-004/005).
    pub threatened: bool,
}

/// A formation: a wing, corps or division with its general.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Formation {
    pub name: String,
    pub side: String,
    pub level: Level,
    pub general: GeneralId,
    /// The formation above it (none: answers to the army commander).
    pub parent: Option<FormationId>,
    /// The order it is carrying out (`Reserve` while in reserve).
    pub order: Order,
    pub pending: Vec<Pending>,
    pub engaged: bool,
    pub reserve: Option<Reserve>,
    /// Has left reserve (never again, NB-ORD-004).
    pub left_reserve: bool,
    /// On the table (off-board reserves are not, until they arrive).
    pub on_table: bool,
}

impl Formation {
    /// The formation, as the records point at it.
    pub fn id(&self) -> FormationId {
        FormationId::new(&self.name)
    }
}

impl General {
    /// The general, as the records point at him.
    pub fn id(&self) -> GeneralId {
        GeneralId::new(&self.name)
    }
}

/// A combat unit (brigade), as far as the orders rules need it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub name: String,
    pub side: String,
    /// Its division (or other formation).
    pub formation: FormationId,
    /// infantry, cavalry or artillery.
    pub arm: String,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub name: String,
    pub seed: u64,
    pub turn: u32,
    pub phase: Phase,
    pub sides: Vec<Side>,
    pub generals: Vec<General>,
    pub formations: Vec<Formation>,
    /// Combat units, when the scenario lists them.
    #[serde(default)]
    pub units: Vec<Unit>,
    pub messengers: Vec<Messenger>,
    /// Orders written this turn, per side.
    pub written: Vec<(String, u32)>,
    pub next_order: u32,
    pub log: Vec<Note>,
    pub rulings: Vec<(String, String)>,
    /// Commands that rolled dice from the seed so far, each actor's.
    #[serde(default)]
    pub rolls: umpire_core::session::RollCounts,
    /// The sides that have done their part of the phase (`as SIDE done`);
    /// when every side has, the phase moves on without an umpire.
    #[serde(default)]
    pub done: Vec<String>,
}

fn same(a: &str, b: &str) -> bool {
    let k = |s: &str| s.replace(['_', '-'], " ").to_ascii_lowercase();
    k(a) == k(b)
}

impl Game {
    /// A side by name.
    pub fn side(&self, name: &str) -> Result<&Side, NbError> {
        self.sides
            .iter()
            .find(|s| same(&s.name, name))
            .ok_or_else(|| {
                NbError::unknown("side", name, self.sides.iter().map(|s| s.name.as_str()))
            })
    }

    /// A general by name.
    pub fn general(&self, name: &str) -> Result<&General, NbError> {
        self.generals
            .iter()
            .find(|g| same(&g.name, name))
            .ok_or_else(|| {
                NbError::unknown(
                    "general",
                    name,
                    self.generals.iter().map(|g| g.name.as_str()),
                )
            })
    }

    /// A general, to change.
    pub fn general_mut(&mut self, name: &str) -> Result<&mut General, NbError> {
        let names: Vec<String> = self.generals.iter().map(|g| g.name.clone()).collect();
        self.generals
            .iter_mut()
            .find(|g| same(&g.name, name))
            .ok_or_else(|| NbError::unknown("general", name, names.iter().map(String::as_str)))
    }

    /// A formation by name.
    pub fn formation(&self, name: &str) -> Result<&Formation, NbError> {
        self.formations
            .iter()
            .find(|f| same(&f.name, name))
            .ok_or_else(|| {
                NbError::unknown(
                    "formation",
                    name,
                    self.formations.iter().map(|f| f.name.as_str()),
                )
            })
    }

    /// A formation, to change.
    pub fn formation_mut(&mut self, name: &str) -> Result<&mut Formation, NbError> {
        let names: Vec<String> = self.formations.iter().map(|f| f.name.clone()).collect();
        self.formations
            .iter_mut()
            .find(|f| same(&f.name, name))
            .ok_or_else(|| NbError::unknown("formation", name, names.iter().map(String::as_str)))
    }

    /// A side's Overall Army Commander.
    pub fn army_commander(&self, side: &str) -> Result<&General, NbError> {
        self.generals
            .iter()
            .find(|g| same(&g.side, side) && g.level == Level::Army)
            .ok_or_else(|| NbError::Refused(format!("{side} has no Overall Army Commander")))
    }

    /// The general commanding a formation.
    pub fn commander_of(&self, formation: &str) -> Result<&General, NbError> {
        let f = self.formation(formation)?;
        self.general(&f.general)
    }

    /// Write an event to the log, for one side or both (`None`); its
    /// sentence, as the log shows it.
    pub fn record(&mut self, to: Option<&str>, event: Event) -> String {
        let text = event.render();
        self.log.push(Note {
            turn: self.turn,
            phase: self.phase,
            to: to.map(str::to_string),
            event,
        });
        text
    }

    /// The rulings in force.
    pub fn rulings(&self) -> Result<crate::Rulings, NbError> {
        let mut r = crate::Rulings::default();
        for (n, o) in &self.rulings {
            r.set(n, o)?;
        }
        Ok(r)
    }
}
