//! The game state: factions, units, locations and structures in dense,
//! typed-id storage ([`IdVec`]s indexed by [`FactionId`], [`UnitId`]…).
//! The numbers players write (`U12`, `L7`) live on each entity and are
//! found through [`World::unit_by_number`] and friends.
//!
//! Invariants (checked by [`World::check`]): every id points into its
//! table; a unit is listed in exactly the location it says it is in; stack
//! parents are in the same location and form no cycle; item counts hold
//! `equipped <= count`; numbers are unique per kind.

pub mod faction;
pub mod hex;
pub mod ids;
pub mod location;
pub mod structure;
pub mod unit;

pub use faction::{Faction, Player, Stance};
pub use hex::Hex;
pub use ids::*;
pub use location::{Exit, Location, Market, Offer, Recruits, Resource, Seat};
pub use structure::Structure;
pub use unit::{Holding, Knowledge, Unit};

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use umpire_core::ids::{IdVec, TypedId};

/// The whole game state between turns.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct World {
    /// The game's name, as players write it in `#GAME`.
    pub game: String,
    /// The turn just completed (0 before the first).
    pub turn: u32,
    /// The seed turns derive their dice from.
    pub seed: u64,
    pub factions: IdVec<FactionId, Faction>,
    pub units: IdVec<UnitId, Unit>,
    pub locations: IdVec<LocationId, Location>,
    pub structures: IdVec<StructureId, Structure>,
}

/// Number → id maps, built on demand.
#[derive(Clone, Debug, Default)]
pub struct Numbers {
    pub factions: FxHashMap<u32, FactionId>,
    pub units: FxHashMap<u32, UnitId>,
    pub locations: FxHashMap<u32, LocationId>,
    pub structures: FxHashMap<u32, StructureId>,
}

impl World {
    pub fn numbers(&self) -> Numbers {
        Numbers {
            factions: self.factions.iter().map(|(id, f)| (f.number, id)).collect(),
            units: self.units.iter().map(|(id, u)| (u.number, id)).collect(),
            locations: self
                .locations
                .iter()
                .map(|(id, l)| (l.number, id))
                .collect(),
            structures: self
                .structures
                .iter()
                .map(|(id, s)| (s.number, id))
                .collect(),
        }
    }

    pub fn unit_by_number(&self, n: u32) -> Option<UnitId> {
        self.units
            .iter()
            .find(|(_, u)| u.number == n)
            .map(|(id, _)| id)
    }

    pub fn location_by_number(&self, n: u32) -> Option<LocationId> {
        self.locations
            .iter()
            .find(|(_, l)| l.number == n)
            .map(|(id, _)| id)
    }

    pub fn faction_by_number(&self, n: u32) -> Option<FactionId> {
        self.factions
            .iter()
            .find(|(_, f)| f.number == n)
            .map(|(id, _)| id)
    }

    /// Units stacked directly under `parent`, in the location's order.
    pub fn stack_children(&self, parent: UnitId) -> Vec<UnitId> {
        let Some(p) = self.units.get(parent) else {
            return Vec::new();
        };
        let Some(loc) = self.locations.get(p.location) else {
            return Vec::new();
        };
        loc.units
            .iter()
            .copied()
            .filter(|u| {
                self.units
                    .get(*u)
                    .is_some_and(|x| x.stack_parent == Some(parent))
            })
            .collect()
    }

    /// Units of a faction.
    pub fn units_of(&self, faction: FactionId) -> impl Iterator<Item = (UnitId, &Unit)> {
        self.units.iter().filter(move |(_, u)| u.faction == faction)
    }

    /// Check the invariants; every breach is listed.
    pub fn check(&self) -> Vec<String> {
        let mut out = Vec::new();
        let nf = self.factions.len();
        let nl = self.locations.len();
        let ns = self.structures.len();
        let nu = self.units.len();
        let mut seen = FxHashMap::default();
        for (id, u) in self.units.iter() {
            if seen.insert(u.number, id).is_some() {
                out.push(format!("unit number U{} is used twice", u.number));
            }
            if u.faction.index() >= nf {
                out.push(format!(
                    "{} belongs to a faction that does not exist",
                    u.code()
                ));
            }
            match self.locations.get(u.location) {
                None => out.push(format!("{} is in a location that does not exist", u.code())),
                Some(l) => {
                    if !l.units.contains(&id) {
                        out.push(format!(
                            "{} says it is in {} but is not listed there",
                            u.code(),
                            l.code()
                        ));
                    }
                }
            }
            if let Some(s) = u.structure
                && s.index() >= ns
            {
                out.push(format!(
                    "{} is inside a structure that does not exist",
                    u.code()
                ));
            }
            for h in &u.items {
                if h.equipped > h.count {
                    out.push(format!("{} has more equipped than held", u.code()));
                }
            }
            if u.figures == 0 {
                out.push(format!("{} has no figures", u.code()));
            }
            // Stack: same location, no cycle.
            let mut cur = u.stack_parent;
            let mut steps = 0;
            while let Some(p) = cur {
                steps += 1;
                let Some(pu) = self.units.get(p) else {
                    out.push(format!(
                        "{} is stacked under a unit that does not exist",
                        u.code()
                    ));
                    break;
                };
                if pu.location != u.location {
                    out.push(format!(
                        "{} is stacked under {} in another location",
                        u.code(),
                        pu.code()
                    ));
                    break;
                }
                if p == id || steps > nu {
                    out.push(format!("{} is in a stack that loops", u.code()));
                    break;
                }
                cur = pu.stack_parent;
            }
        }
        for (id, l) in self.locations.iter() {
            for u in &l.units {
                if self.units.get(*u).is_none_or(|x| x.location != id) {
                    out.push(format!("{} lists a unit that is not there", l.code()));
                }
            }
            for e in &l.exits {
                if e.to.index() >= nl {
                    out.push(format!(
                        "{} has an exit to a location that does not exist",
                        l.code()
                    ));
                }
            }
            if let Some(o) = l.outer
                && o.index() >= nl
            {
                out.push(format!(
                    "{} lies inside a location that does not exist",
                    l.code()
                ));
            }
        }
        for s in self.structures.values() {
            if s.location.index() >= nl {
                out.push(format!(
                    "{} stands in a location that does not exist",
                    s.code()
                ));
            }
        }
        out
    }
}
