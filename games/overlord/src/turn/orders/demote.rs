//! DEMOTE (OV-UNIT-021): a hero becomes a plain leader. The rules allow
//! it for a hero with no combat skill at 4th level or higher and name no
//! order for it; decision OV-UNIT-021: this one. A hero with such a skill
//! waits until it FORGETs it, saying which; a unit that is no hero drops
//! the order. A plain leader costs a control point less (OV-CP-003) and
//! loses the hero's own bonuses, which are its race's.

use super::super::log::{Dropped, What};
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::drop_order;
use crate::world::UnitId;

/// The races a demotion goes from and to.
const HERO: &str = "hero";
const LEADER: &str = "ldr";

pub fn demote(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let (Some(hero), Some(leader)) = (t.rules.race(HERO), t.rules.race(LEADER)) else {
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    };
    let Some(unit) = t.world.units.get(u) else {
        return Outcome::wait("the unit is gone");
    };
    if unit.race != hero {
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    }
    let blocking: Vec<String> = unit
        .skills
        .iter()
        .filter(|k| t.rules.skills.get(k.skill).is_some_and(|s| s.flags.combat))
        .filter(|k| t.level(u, k.skill) >= 4)
        .filter_map(|k| t.rules.skills.get(k.skill).map(|s| s.tag.clone()))
        .collect();
    if let Some(first) = blocking.first() {
        return Outcome::wait(format!(
            "a hero with a combat skill at 4th level or higher is demoted only once it FORGETs it ({first})"
        ));
    }
    if let Some(unit) = t.world.units.get_mut(u) {
        unit.race = leader;
    }
    t.private(u, What::Demoted);
    Outcome::Done
}
