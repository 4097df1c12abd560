//! Save format 2, read forward into today's world.
//!
//! Format 2 had, on units, no `gone` flag (format 3 added it for units
//! disbanded, deserted or destroyed during a turn), no settings of their
//! own, no work under way (`making`) and no TARGET; on factions, no
//! settings. Every unit of a format-2 save is alive, follows its faction's
//! settings, and has no work under way and no target.

use serde::Deserialize;
use umpire_core::ids::IdVec;

use super::v3::StructureV3;
use super::{Body, RulesTags};
use crate::rules::{RaceId, SkillId};
use crate::world::unit::{Effect, Holding, Knowledge, Settings, Tactics};
use crate::world::{
    Faction, FactionId, Journey, Known, Location, LocationId, Player, Stance, StructureId, Unit,
    UnitId, World,
};

/// A faction as formats 1 and 2 wrote it: no faction-wide settings.
#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct FactionV2 {
    pub number: u32,
    pub name: String,
    pub player: Player,
    pub password_hash: String,
    pub email: String,
    pub default_stance: Stance,
    pub stances: Vec<(FactionId, Stance)>,
    pub funds: u64,
    pub control_points: u32,
    pub known: Vec<Known>,
    pub known_skills: Vec<(SkillId, u8)>,
    pub resigned: bool,
}

impl FactionV2 {
    pub(super) fn upgrade(self) -> Faction {
        Faction {
            number: self.number,
            name: self.name,
            player: self.player,
            password_hash: self.password_hash,
            email: self.email,
            default_stance: self.default_stance,
            stances: self.stances,
            funds: self.funds,
            stock: Vec::new(),
            control_points: self.control_points,
            known: self.known,
            known_skills: self.known_skills,
            resigned: self.resigned,
            settings: Settings::default(),
            terse: false,
            role: None,
        }
    }
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct UnitV2 {
    pub number: u32,
    pub name: String,
    pub description: String,
    pub faction: FactionId,
    pub race: RaceId,
    pub figures: u32,
    pub location: LocationId,
    pub structure: Option<StructureId>,
    pub stack_parent: Option<UnitId>,
    pub items: Vec<Holding>,
    pub skills: Vec<Knowledge>,
    pub effects: Vec<Effect>,
    pub mana: u32,
    pub dissent: u32,
    pub settings: Settings,
    pub tactics: Tactics,
    pub combat_orders: Vec<String>,
    pub orders: Vec<String>,
    pub journey: Option<Journey>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct WorldV2 {
    pub game: String,
    pub turn: u32,
    pub seed: u64,
    pub factions: IdVec<FactionId, FactionV2>,
    pub units: IdVec<UnitId, UnitV2>,
    pub locations: IdVec<LocationId, Location>,
    pub structures: IdVec<StructureId, StructureV3>,
    pub creatures: Option<FactionId>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct BodyV2 {
    pub rules: RulesTags,
    pub world: WorldV2,
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
            gone: false,
            own_settings: 0,
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
            factions: w.factions.into_values().map(FactionV2::upgrade).collect(),
            units,
            locations: w.locations,
            structures: super::v3::structures(w.structures),
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
    fn format_2_saves_load_with_every_unit_alive() {
        let Ok(rules) = Rules::bundled() else {
            panic!("bundled rules load")
        };
        let mut factions = IdVec::new();
        let fid = factions.push(FactionV2 {
            number: 1,
            name: "One".into(),
            player: Player::Human,
            password_hash: String::new(),
            email: String::new(),
            default_stance: Stance::Neutral,
            stances: Vec::new(),
            funds: 12,
            control_points: 0,
            known: Vec::new(),
            known_skills: Vec::new(),
            resigned: false,
        });
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
            orders: vec!["WORK".into()],
            journey: None,
        });
        locations[l].units.push(u);
        let body = BodyV2 {
            rules: RulesTags::of(&rules),
            world: WorldV2 {
                game: "old".into(),
                turn: 3,
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
        assert!(!w.units[u].gone);
        assert!(w.units[u].making.is_empty() && w.units[u].target.is_none());
        assert_eq!(w.units[u].figures, 3);
        assert_eq!(w.creatures, Some(fid));
        assert_eq!(w.factions[fid].funds, 12);
        assert!(!w.factions[fid].terse);
        assert_eq!(w.turn, 3);
    }
}
