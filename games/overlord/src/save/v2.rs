//! Save format 2 (issue 4), read forward into today's world.
//!
//! Format 2 had no work under way (`making`) and no TARGET on units
//! (issue 5): they read as none.

use serde::Deserialize;
use umpire_core::ids::IdVec;

use super::{Body, RulesTags};
use crate::rules::RaceId;
use crate::world::unit::{Effect, Holding, Knowledge, Settings, Tactics};
use crate::world::{
    Faction, FactionId, Journey, Location, LocationId, Structure, StructureId, Unit, UnitId, World,
};

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
struct UnitV2 {
    number: u32,
    name: String,
    description: String,
    faction: FactionId,
    race: RaceId,
    figures: u32,
    location: LocationId,
    structure: Option<StructureId>,
    stack_parent: Option<UnitId>,
    items: Vec<Holding>,
    skills: Vec<Knowledge>,
    effects: Vec<Effect>,
    mana: u32,
    dissent: u32,
    settings: Settings,
    tactics: Tactics,
    combat_orders: Vec<String>,
    orders: Vec<String>,
    journey: Option<Journey>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
struct WorldV2 {
    game: String,
    turn: u32,
    seed: u64,
    factions: IdVec<FactionId, Faction>,
    units: IdVec<UnitId, UnitV2>,
    locations: IdVec<LocationId, Location>,
    structures: IdVec<StructureId, Structure>,
    creatures: Option<FactionId>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct BodyV2 {
    rules: RulesTags,
    world: WorldV2,
}

pub(super) fn upgrade(b: BodyV2) -> Body {
    let w = b.world;
    let mut units = IdVec::new();
    for u in w.units.into_values() {
        units.push(Unit {
            number: u.number,
            name: u.name,
            description: u.description,
            faction: u.faction,
            race: u.race,
            figures: u.figures,
            location: u.location,
            structure: u.structure,
            stack_parent: u.stack_parent,
            items: u.items,
            skills: u.skills,
            effects: u.effects,
            mana: u.mana,
            dissent: u.dissent,
            settings: u.settings,
            tactics: u.tactics,
            combat_orders: u.combat_orders,
            orders: u.orders,
            journey: u.journey,
            making: Vec::new(),
            target: None,
        });
    }
    Body {
        rules: b.rules,
        world: World {
            game: w.game,
            turn: w.turn,
            seed: w.seed,
            factions: w.factions,
            units,
            locations: w.locations,
            structures: w.structures,
            creatures: w.creatures,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, TerrainId, WeatherId};
    use crate::world::Player;
    use umpire_core::ids::TypedId;

    /// A format-2 file as issue 4 wrote it loads, with nothing under way.
    #[test]
    fn format_2_saves_load_with_no_work_under_way() {
        let Ok(rules) = Rules::bundled() else {
            panic!("bundled rules load")
        };
        let mut factions = IdVec::new();
        let fid = factions.push(Faction::new(1, "One", Player::Human));
        let mut locations = IdVec::new();
        let l = locations.push(Location::new(
            1,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        let mut units = IdVec::new();
        let u = units.push(UnitV2 {
            number: 7,
            name: "Seven".into(),
            description: String::new(),
            faction: fid,
            race: RaceId::from_index(0),
            figures: 3,
            location: l,
            structure: None,
            stack_parent: None,
            items: Vec::new(),
            skills: Vec::new(),
            effects: Vec::new(),
            mana: 0,
            dissent: 0,
            settings: Settings::default(),
            tactics: Tactics::default(),
            combat_orders: Vec::new(),
            orders: vec!["USE digg".into()],
            journey: None,
        });
        locations[l].units.push(u);
        let body = BodyV2 {
            rules: RulesTags::of(&rules),
            world: WorldV2 {
                game: "old".into(),
                turn: 5,
                seed: 9,
                factions,
                units,
                locations,
                structures: IdVec::new(),
                creatures: Some(fid),
            },
        };
        let mut bytes = super::super::MAGIC.to_vec();
        bytes.extend_from_slice(&2u32.to_le_bytes());
        let Ok(bytes) = postcard::to_extend(&body, bytes) else {
            panic!("format-2 body serialises")
        };
        let w = match super::super::load(&bytes, &rules) {
            Ok(w) => w,
            Err(e) => panic!("format 2 loads: {e}"),
        };
        assert!(w.units[u].making.is_empty());
        assert_eq!(w.units[u].target, None);
        assert_eq!(w.units[u].orders, vec!["USE digg".to_string()]);
        assert_eq!(w.creatures, Some(fid));
        assert_eq!(w.turn, 5);
    }
}
