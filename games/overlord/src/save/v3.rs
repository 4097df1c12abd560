//! Save format 3, read forward into today's world.
//!
//! Format 3 had no per-structure teaching (format 4 added what a mage guild
//! or a magic tower teaches beyond its construction's bonuses): every
//! structure of a format-3 save (and of the older formats read through it)
//! teaches nothing of its own.

use serde::Deserialize;
use umpire_core::ids::IdVec;

use super::v4::FactionV4;
use super::{Body, RulesTags};
use crate::rules::ConstructionId;
use crate::world::structure::Progress;
use crate::world::{FactionId, Location, LocationId, Structure, StructureId, Unit, UnitId, World};

/// A structure as formats 1 to 3 wrote it.
#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct StructureV3 {
    pub number: u32,
    pub name: String,
    pub description: String,
    pub kind: ConstructionId,
    pub location: LocationId,
    pub faction: Option<FactionId>,
    pub owner: Option<UnitId>,
    pub progress: Vec<Progress>,
    pub complete: bool,
    pub public: bool,
    pub advertise: bool,
    pub tactics: String,
}

impl StructureV3 {
    pub(super) fn upgrade(self) -> Structure {
        Structure {
            number: self.number,
            name: self.name,
            description: self.description,
            kind: self.kind,
            location: self.location,
            faction: self.faction,
            owner: self.owner,
            progress: self.progress,
            complete: self.complete,
            public: self.public,
            advertise: self.advertise,
            tactics: self.tactics,
            teaches: Vec::new(),
        }
    }
}

/// Structures of an older save as today's.
pub(super) fn structures(old: IdVec<StructureId, StructureV3>) -> IdVec<StructureId, Structure> {
    old.into_values().map(StructureV3::upgrade).collect()
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct WorldV3 {
    pub game: String,
    pub turn: u32,
    pub seed: u64,
    pub factions: IdVec<FactionId, FactionV4>,
    pub units: IdVec<UnitId, Unit>,
    pub locations: IdVec<LocationId, Location>,
    pub structures: IdVec<StructureId, StructureV3>,
    pub creatures: Option<FactionId>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct BodyV3 {
    pub rules: RulesTags,
    pub world: WorldV3,
}

pub(super) fn upgrade(b: BodyV3) -> Body {
    let w = b.world;
    Body {
        rules: b.rules,
        world: World {
            game: w.game,
            turn: w.turn,
            seed: w.seed,
            factions: super::v4::factions(w.factions),
            units: w.units,
            locations: w.locations,
            structures: structures(w.structures),
            creatures: w.creatures,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, TerrainId, WeatherId};
    use umpire_core::ids::TypedId;

    #[test]
    fn format_3_saves_load_with_structures_teaching_nothing_of_their_own() {
        let Ok(rules) = Rules::bundled() else {
            panic!("bundled rules load")
        };
        let mut locations = IdVec::new();
        let l = locations.push(Location::new(
            1,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        let Some(guild) = rules.construction("mgld") else {
            panic!("the mage's guild is in the rules")
        };
        let mut structures = IdVec::new();
        let s = structures.push(StructureV3 {
            number: 4,
            name: "Old Guild".into(),
            description: String::new(),
            kind: guild,
            location: l,
            faction: None,
            owner: None,
            progress: Vec::new(),
            complete: true,
            public: true,
            advertise: false,
            tactics: String::new(),
        });
        locations[l].structures.push(s);
        let body = BodyV3 {
            rules: RulesTags::of(&rules),
            world: WorldV3 {
                game: "old".into(),
                turn: 5,
                seed: 9,
                factions: IdVec::new(),
                units: IdVec::new(),
                locations,
                structures,
                creatures: None,
            },
        };
        let mut bytes = super::super::MAGIC.to_vec();
        bytes.extend_from_slice(&3u32.to_le_bytes());
        let Ok(bytes) = postcard::to_extend(&body, bytes) else {
            panic!("format-3 body serialises")
        };
        let w = match super::super::load(&bytes, &rules) {
            Ok(w) => w,
            Err(e) => panic!("format 3 loads: {e}"),
        };
        assert_eq!(w.structures[s].name, "Old Guild");
        assert!(w.structures[s].public && w.structures[s].complete);
        assert!(w.structures[s].teaches.is_empty());
        assert_eq!(w.turn, 5);
    }
}
