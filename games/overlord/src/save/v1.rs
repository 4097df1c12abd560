//! Save format 1, read forward into today's world.
//!
//! Format 1 had no journeys on units, and ranked stances `hostile`,
//! `unfriendly`, `neutral`, `friendly`, `ally`: its `hostile` was the
//! least friendly stance (today's Enemy) and its `unfriendly` came from the
//! original's `enemy`… which was mapped the wrong way round. Postcard writes
//! variants by position, so position 0 reads as Enemy and 1 as Hostile;
//! [`upgrade`] swaps them back to what the game that was saved meant:
//! format 1's importer wrote the original's `hostile` at 0 and `enemy` at 1.

use serde::Deserialize;
use umpire_core::ids::IdVec;

use super::v2::{BodyV2, FactionV2, UnitV2, WorldV2};
use super::v3::StructureV3;
use super::{Body, RulesTags};
use crate::rules::RaceId;
use crate::world::unit::{Effect, Holding, Knowledge, Settings, Tactics};
use crate::world::{FactionId, Location, LocationId, Stance, StructureId, UnitId};

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
struct UnitV1 {
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
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
struct WorldV1 {
    game: String,
    turn: u32,
    seed: u64,
    factions: IdVec<FactionId, FactionV2>,
    units: IdVec<UnitId, UnitV1>,
    locations: IdVec<LocationId, Location>,
    structures: IdVec<StructureId, StructureV3>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct BodyV1 {
    rules: RulesTags,
    world: WorldV1,
}

fn swap(s: Stance) -> Stance {
    match s {
        Stance::Enemy => Stance::Hostile,
        Stance::Hostile => Stance::Enemy,
        other => other,
    }
}

pub(super) fn upgrade(b: BodyV1) -> Body {
    let w = b.world;
    let mut factions = w.factions;
    for f in factions.values_mut() {
        f.default_stance = swap(f.default_stance);
        for (_, s) in &mut f.stances {
            *s = swap(*s);
        }
    }
    // Format 2 only added journeys and named the creatures' faction: read
    // on through its upgrade.
    let units = w
        .units
        .into_values()
        .map(|u| UnitV2 {
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
            journey: None,
        })
        .collect();
    let mut body = super::v2::upgrade(BodyV2 {
        rules: b.rules,
        world: WorldV2 {
            game: w.game,
            turn: w.turn,
            seed: w.seed,
            factions,
            units,
            locations: w.locations,
            structures: w.structures,
            creatures: None,
        },
    });
    // Format 1 did not say which faction wild creatures belong to.
    body.world.creatures = body.world.guess_creatures();
    body
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, TerrainId, WeatherId};
    use crate::world::Player;
    use umpire_core::ids::TypedId;

    /// A format-1 file as the first importer wrote it: the importer put the original's
    /// `hostile` at position 0 and its `enemy` at position 1.
    #[test]
    fn format_1_saves_load_with_their_stances_meant_and_no_journeys() {
        let Ok(rules) = Rules::bundled() else {
            panic!("bundled rules load")
        };
        let mut f = FactionV2 {
            number: 1,
            name: "One".into(),
            player: Player::Human,
            password_hash: String::new(),
            email: String::new(),
            default_stance: Stance::Neutral,
            stances: Vec::new(),
            funds: 0,
            control_points: 0,
            known: Vec::new(),
            known_skills: Vec::new(),
            resigned: false,
        };
        // Written as position 0 (format 1's "hostile") and 1 ("unfriendly").
        f.default_stance = Stance::Enemy;
        f.stances = vec![(FactionId::from_index(0), Stance::Hostile)];
        let mut factions = IdVec::new();
        let fid = factions.push(f);
        let mut locations = IdVec::new();
        let l = locations.push(Location::new(
            1,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        let race = RaceId::from_index(0);
        let mut units = IdVec::new();
        let u = units.push(UnitV1 {
            number: 7,
            name: "Seven".into(),
            description: String::new(),
            faction: fid,
            race,
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
            orders: vec!["WORK".into()],
        });
        locations[l].units.push(u);
        let body = BodyV1 {
            rules: RulesTags::of(&rules),
            world: WorldV1 {
                game: "old".into(),
                turn: 2,
                seed: 9,
                factions,
                units,
                locations,
                structures: IdVec::new(),
            },
        };
        let mut bytes = super::super::MAGIC.to_vec();
        bytes.extend_from_slice(&1u32.to_le_bytes());
        let Ok(bytes) = postcard::to_extend(&body, bytes) else {
            panic!("format-1 body serialises")
        };
        let w = match super::super::load(&bytes, &rules) {
            Ok(w) => w,
            Err(e) => panic!("format 1 loads: {e}"),
        };
        let f = &w.factions[fid];
        assert_eq!(f.default_stance, Stance::Hostile);
        assert_eq!(f.stance_toward(FactionId::from_index(0)), Stance::Enemy);
        assert_eq!(w.units[u].journey, None);
        assert_eq!(w.units[u].orders, vec!["WORK".to_string()]);
        assert_eq!(w.turn, 2);
    }
}
