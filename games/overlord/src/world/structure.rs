//! Structures: buildings and vessels standing in a location.

use serde::{Deserialize, Serialize};

use super::ids::{FactionId, LocationId, UnitId};
use crate::rules::{ConstructionId, SkillId, WorkId};

/// A skill a structure teaches beyond its construction's (a mage guild's
/// element and spells, a magic tower's element): a unit inside may study
/// it up to `level`, a specialist skill included, even past what it could
/// reach alone (OV-MAG-019, 020, the rules' "seats of teaching").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Teaching {
    pub skill: SkillId,
    pub level: u8,
}

/// Work done so far of one kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Progress {
    pub work: WorkId,
    pub done: u32,
}

/// A building or vessel.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Structure {
    /// The number players write: `B220` is 220.
    pub number: u32,
    pub name: String,
    pub description: String,
    pub kind: ConstructionId,
    pub location: LocationId,
    pub faction: Option<FactionId>,
    /// The unit in charge (first inside, or named by the owner).
    pub owner: Option<UnitId>,
    /// Work put in so far; when it meets the construction's needs the
    /// structure is complete.
    pub progress: Vec<Progress>,
    pub complete: bool,
    /// Open to units of other factions.
    pub public: bool,
    pub advertise: bool,
    /// How its defenders fight (as for units).
    pub tactics: String,
    /// What it teaches beyond its construction's study bonuses.
    pub teaches: Vec<Teaching>,
}

impl Structure {
    /// A complete, unowned, private structure with no name.
    pub fn new(number: u32, kind: ConstructionId, location: LocationId) -> Self {
        Structure {
            number,
            name: String::new(),
            description: String::new(),
            kind,
            location,
            faction: None,
            owner: None,
            progress: Vec::new(),
            complete: true,
            public: false,
            advertise: false,
            tactics: String::new(),
            teaches: Vec::new(),
        }
    }

    /// The id players write: `B220`.
    pub fn code(&self) -> String {
        format!("B{}", self.number)
    }
}
