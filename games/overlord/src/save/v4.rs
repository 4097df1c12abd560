//! Save format 4, read forward into today's world.
//!
//! Format 4 had no faction roles (format 5 stores what each non-player
//! faction is to the rules: Imperials, Citizens, Free People…) and no
//! items in the faction funds (coins only). A
//! non-player faction of an older save gets the role its name says
//! ([`crate::world::Role::from_name`]), which is how those builds told
//! them apart.

use serde::Deserialize;
use umpire_core::ids::IdVec;

use super::{Body, RulesTags};
use crate::rules::SkillId;
use crate::world::unit::Settings;
use crate::world::{
    Faction, FactionId, Known, Location, LocationId, Player, Stance, Structure, StructureId, Unit,
    UnitId, World,
};

/// A faction as formats 3 and 4 wrote it: no role.
#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct FactionV4 {
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
    pub settings: Settings,
    pub terse: bool,
}

impl FactionV4 {
    fn upgrade(self) -> Faction {
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
            settings: self.settings,
            terse: self.terse,
            role: None,
        }
    }
}

/// Factions of an older save as today's (roles are given by
/// [`World::assign_roles_by_name`] once the world is whole).
pub(super) fn factions(old: IdVec<FactionId, FactionV4>) -> IdVec<FactionId, Faction> {
    old.into_values().map(FactionV4::upgrade).collect()
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct WorldV4 {
    pub game: String,
    pub turn: u32,
    pub seed: u64,
    pub factions: IdVec<FactionId, FactionV4>,
    pub units: IdVec<UnitId, Unit>,
    pub locations: IdVec<LocationId, Location>,
    pub structures: IdVec<StructureId, Structure>,
    pub creatures: Option<FactionId>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
pub(super) struct BodyV4 {
    pub rules: RulesTags,
    pub world: WorldV4,
}

pub(super) fn upgrade(b: BodyV4) -> Body {
    let w = b.world;
    Body {
        rules: b.rules,
        world: World {
            game: w.game,
            turn: w.turn,
            seed: w.seed,
            factions: factions(w.factions),
            units: w.units,
            locations: w.locations,
            structures: w.structures,
            creatures: w.creatures,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::world::Role;

    fn old_faction(number: u32, name: &str, player: Player) -> FactionV4 {
        FactionV4 {
            number,
            name: name.into(),
            player,
            password_hash: String::new(),
            email: String::new(),
            default_stance: Stance::Neutral,
            stances: Vec::new(),
            funds: 0,
            control_points: 0,
            known: Vec::new(),
            known_skills: Vec::new(),
            resigned: false,
            settings: Settings::default(),
            terse: true,
        }
    }

    #[test]
    fn format_4_saves_load_with_roles_from_the_factions_names() {
        let Ok(rules) = Rules::bundled() else {
            panic!("bundled rules load")
        };
        let mut factions = IdVec::new();
        let imp = factions.push(old_faction(1, "Imperials", Player::Npc));
        let people = factions.push(old_faction(102, "People", Player::Npc));
        let beasts = factions.push(old_faction(3, "Wild Things", Player::Npc));
        let player = factions.push(old_faction(5, "Citizens", Player::Human));
        let body = BodyV4 {
            rules: RulesTags::of(&rules),
            world: WorldV4 {
                game: "old".into(),
                turn: 2,
                seed: 3,
                factions,
                units: IdVec::new(),
                locations: IdVec::new(),
                structures: IdVec::new(),
                creatures: Some(beasts),
            },
        };
        let mut bytes = super::super::MAGIC.to_vec();
        bytes.extend_from_slice(&4u32.to_le_bytes());
        let Ok(bytes) = postcard::to_extend(&body, bytes) else {
            panic!("format-4 body serialises")
        };
        let w = match super::super::load(&bytes, &rules) {
            Ok(w) => w,
            Err(e) => panic!("format 4 loads: {e}"),
        };
        assert_eq!(w.factions[imp].role, Some(Role::Imperials));
        assert_eq!(w.factions[people].role, Some(Role::Citizens));
        assert_eq!(w.factions[beasts].role, Some(Role::Creatures));
        // A player's faction plays no role, whatever its name.
        assert_eq!(w.factions[player].role, None);
        assert!(w.factions[imp].terse);
    }
}
