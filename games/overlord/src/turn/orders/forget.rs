//! FORGET skill (OV-UO-037): an immediate, one-shot order that runs when the
//! unit has any experience in the skill, and removes that skill and every
//! skill built on it (those with it anywhere down their prerequisite
//! chain). Without experience in the skill it does not run and stays.

use super::super::experience::basics;
use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::orders::catalog::skills::Forget;
use crate::rules::{Rules, SkillId};
use crate::world::{Knowledge, UnitId};

pub fn forget(t: &mut Turn<'_>, u: UnitId, o: &Forget) -> Outcome {
    let Some(skill) = t.skill(o.skill) else {
        return Outcome::wait("there is no such skill");
    };
    let Some(unit) = t.world.units.get_mut(u) else {
        return Outcome::wait("the order is no longer in the list");
    };
    if unit.experience(skill) == 0 {
        return Outcome::wait("the unit knows nothing of that skill");
    }
    let skills = drop_tree(t.rules, &mut unit.skills, skill);
    t.private(u, What::Forgot { skills });
    Outcome::Done
}

/// Remove `skill` and every skill built on it from `known`; returns those
/// removed, in skill order.
pub fn drop_tree(rules: &Rules, known: &mut Vec<Knowledge>, skill: SkillId) -> Vec<SkillId> {
    let gone: Vec<SkillId> = known
        .iter()
        .map(|k| k.skill)
        .filter(|&s| s == skill || basics(rules, s).contains(&skill))
        .collect();
    known.retain(|k| !gone.contains(&k.skill));
    gone
}
