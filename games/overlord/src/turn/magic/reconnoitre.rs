//! Reconnaissance (the `reconnoitre` action, `evtsigh`): 4th-level
//! scouting and dream walking look into a neighbouring location without
//! entering it. The location is the one the unit's TARGET names, which an
//! exit of its own location must lead to ([`super::casting`]).
//!
//! Decision: when the casting is done the unit's faction learns of the
//! units seen there that day as if the caster stood there alone: those
//! whose stealth where they are seen (`visibility::presence_stealth`) is
//! at most the caster's observation, those that ANNOUNCE, and its own
//! (`Reconnoitred`, listing them in the location's order). It does not
//! learn their factions; the report names what it saw.

use super::super::log::What;
use super::super::state::Turn;
use super::super::visibility;
use crate::rules::SkillId;
use crate::world::{LocationId, UnitId};

/// One reconnaissance of `place` by `u`.
pub fn reconnoitre(t: &mut Turn<'_>, u: UnitId, skill: SkillId, place: LocationId) {
    let Some(me) = t.world.units.get(u) else {
        return;
    };
    let eye = visibility::observation(t.world, t.rules, me);
    let faction = me.faction;
    let Some(loc) = t.world.locations.get(place) else {
        return;
    };
    let units: Vec<UnitId> = loc
        .units
        .iter()
        .copied()
        .filter(|&x| visibility::seen_at(t.world, x) == Some(place))
        .filter(|&x| {
            t.world.units.get(x).is_some_and(|y| {
                let hidden = visibility::presence_stealth(
                    t.world,
                    x,
                    visibility::stealth(t.world, t.rules, y),
                );
                y.faction == faction || y.settings.announce || hidden <= eye
            })
        })
        .collect();
    t.private(
        u,
        What::Reconnoitred {
            skill,
            place,
            units,
        },
    );
}
