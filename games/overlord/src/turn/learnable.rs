//! What a unit may study next without a teacher or a seat of teaching:
//! the "May learn" list of its report (OV-REP-013) and the bots' choice
//! of study.
//!
//! A skill is open to study when it is not innate, not a specialist skill
//! (those need a teacher or a structure, OV-SKL-014), and not for
//! creatures only; the unit's kind may study it (leader-only skills need a
//! leader or hero); a follower keeps to one basic skill (OV-SKL-010); every
//! prerequisite of the skill and of its next level is met; and the next
//! level is below the kind's unaided limit: followers level 1 (2 in combat
//! skills), leaders and heroes level 2 (3 in combat skills, 1 in magic),
//! as [`study::unaided_limit`](super::orders::study::unaided_limit) has it
//! without the bonuses of items and structures.

use crate::rules::races::{RaceKind, StudentType};
use crate::rules::skills::{Learning, Skill};
use std::sync::Mutex;

use rustc_hash::FxHashMap;

use crate::rules::{RaceId, Rules, SkillId, SkillLevel};
use crate::world::{Unit, World};
use umpire_core::ids::TypedId;

/// Skills someone may study unaided, in the rules' order.
pub fn open_skills(rules: &Rules) -> impl Iterator<Item = (SkillId, &Skill)> {
    rules.skills.iter().filter(|(_, s)| {
        !(s.flags.no_learn || s.flags.specialist || s.learning == Learning::Creature)
    })
}

fn level(rules: &Rules, unit: &Unit, skill: SkillId) -> u8 {
    rules
        .skills
        .get(skill)
        .map_or(0, |s| s.level_for(unit.experience(skill)))
}

fn meets(rules: &Rules, unit: &Unit, requires: &[SkillLevel]) -> bool {
    requires
        .iter()
        .all(|r| level(rules, unit, r.skill.id()) >= r.level)
}

/// The level study of `skill` leads `unit` to, if it may study it now
/// unaided (see the module doc).
pub fn next_level(rules: &Rules, unit: &Unit, id: SkillId) -> Option<u8> {
    let skill = rules.skills.get(id)?;
    if skill.flags.no_learn || skill.flags.specialist || skill.learning == Learning::Creature {
        return None;
    }
    let race = rules.races.get(unit.race)?;
    if race.kind == RaceKind::Creature || race.student == StudentType::Creature {
        return None;
    }
    let follower = race.student == StudentType::Follower;
    if skill.learning == Learning::Leader && race.student != StudentType::Leader {
        return None;
    }
    if follower
        && skill.flags.basic
        && unit.skills.iter().any(|k| {
            k.experience > 0
                && k.skill != id
                && rules.skills.get(k.skill).is_some_and(|s| s.flags.basic)
        })
    {
        return None;
    }
    // Most skills fail here: the unit lacks the skill they build on.
    if !meets(rules, unit, &skill.requires) {
        return None;
    }
    let current = skill.level_for(unit.experience(id));
    let limit = match (follower, skill.flags.combat, skill.flags.magic) {
        (true, true, _) => 2,
        (true, false, _) => 1,
        (false, _, true) => 1,
        (false, true, false) => 3,
        (false, false, false) => 2,
    };
    if current >= limit {
        return None;
    }
    let next = skill.levels.get(usize::from(current))?;
    if next.closed || !meets(rules, unit, &next.requires) {
        return None;
    }
    Some(current + 1)
}

/// Every skill `unit` may study now unaided, with the level study leads
/// to, in the rules' order.
pub fn may_learn(rules: &Rules, unit: &Unit) -> Vec<(SkillId, u8)> {
    open_skills(rules)
        .filter_map(|(id, _)| Some((id, next_level(rules, unit, id)?)))
        .collect()
}

/// [`may_learn`] and the skills the seat of teaching the unit is inside
/// teaches it (OV-SKL-034): the skills a complete structure's `teaches`
/// lists, a specialist skill included, up to the level taught (magic up
/// to 2nd, OV-SKL-014), where the unit's kind may study the skill and
/// meets its prerequisites. A teaching unit never adds anything. In the
/// rules' order.
pub fn may_learn_in(world: &World, rules: &Rules, unit: &Unit) -> Vec<(SkillId, u8)> {
    with_seat(world, rules, unit, may_learn(rules, unit))
}

/// [`may_learn_in`] with `unaided`, the unit's [`may_learn`], already
/// known.
fn with_seat(
    world: &World,
    rules: &Rules,
    unit: &Unit,
    mut out: Vec<(SkillId, u8)>,
) -> Vec<(SkillId, u8)> {
    let Some(seat) = unit
        .structure
        .and_then(|s| world.structures.get(s))
        .filter(|s| s.complete)
    else {
        return out;
    };
    for t in &seat.teaches {
        if out.iter().any(|&(k, _)| k == t.skill) {
            continue;
        }
        if let Some(next) = taught_level(rules, unit, t.skill, t.level) {
            out.push((t.skill, next));
        }
    }
    out.sort_by_key(|&(k, _)| k.index());
    out
}

/// The level a seat teaching `id` up to `up_to` leads `unit` to.
fn taught_level(rules: &Rules, unit: &Unit, id: SkillId, up_to: u8) -> Option<u8> {
    let skill = rules.skills.get(id)?;
    if skill.flags.no_learn || skill.learning == Learning::Creature {
        return None;
    }
    let race = rules.races.get(unit.race)?;
    if race.kind == RaceKind::Creature || race.student == StudentType::Creature {
        return None;
    }
    if skill.learning == Learning::Leader && race.student != StudentType::Leader {
        return None;
    }
    if !meets(rules, unit, &skill.requires) {
        return None;
    }
    let next = skill.level_for(unit.experience(id)).saturating_add(1);
    if next > up_to || (skill.flags.magic && next > 2) {
        return None;
    }
    let level = skill.levels.get(usize::from(next - 1))?;
    if level.closed || !meets(rules, unit, &level.requires) {
        return None;
    }
    Some(next)
}

/// What [`may_learn`] depends on: the unit's race, and for each skill it
/// holds the level reached and whether it has begun it.
type Standing = (RaceId, Vec<(SkillId, u8, bool)>);

/// [`may_learn_in`] for many units, each list of skills open to study
/// worked out once for all the units of the same race and skills (the
/// reports of a turn share one; most units are like many others).
#[derive(Default)]
pub struct MayLearn {
    known: Mutex<FxHashMap<Standing, Vec<(SkillId, u8)>>>,
}

/// A copy starts with nothing worked out (it is only a memo).
impl Clone for MayLearn {
    fn clone(&self) -> Self {
        MayLearn::default()
    }
}

impl MayLearn {
    /// [`may_learn_in`].
    pub fn of(&self, world: &World, rules: &Rules, unit: &Unit) -> Vec<(SkillId, u8)> {
        let standing: Standing = (
            unit.race,
            unit.skills
                .iter()
                .map(|k| (k.skill, level(rules, unit, k.skill), k.experience > 0))
                .collect(),
        );
        let known = self
            .known
            .lock()
            .ok()
            .and_then(|m| m.get(&standing).cloned());
        let unaided = match known {
            Some(list) => list,
            None => {
                let list = may_learn(rules, unit);
                if let Ok(mut m) = self.known.lock() {
                    m.insert(standing, list.clone());
                }
                list
            }
        };
        with_seat(world, rules, unit, unaided)
    }
}
