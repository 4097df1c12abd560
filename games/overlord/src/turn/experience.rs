//! Experience: adding days to a skill, the share that flows down to the
//! more basic skills it is built on (OV-SKL-024, 025), and what reaching a
//! level tells the faction (OV-SKL-035).
//!
//! Experience is kept in hundredths of a study day (`100` = one day).

use super::log::What;
use super::state::Turn;
use crate::rules::{Rules, SkillId};
use crate::world::UnitId;

/// One study day, in the unit experience is kept in.
pub const DAY: u32 = 100;

/// The skills `skill` is built on, nearest first, each once: its
/// prerequisites, theirs, and so on down to the basic skills
/// (cavalry maneuvers → maneuvers → combat).
pub fn basics(rules: &Rules, skill: SkillId) -> Vec<SkillId> {
    let mut out: Vec<SkillId> = Vec::new();
    let mut next = vec![skill];
    while let Some(s) = next.pop() {
        let Some(sk) = rules.skills.get(s) else {
            continue;
        };
        for r in &sk.requires {
            let id = r.skill.id();
            if id != skill && !out.contains(&id) {
                out.push(id);
                next.insert(0, id);
            }
        }
    }
    out
}

/// Add `amount` hundredths of a day to the unit's `skill`. On reaching a
/// new level the unit's faction learns that level (OV-SKL-035) and the
/// event [`What::LevelReached`] is logged. Returns the new level.
pub fn gain(t: &mut Turn<'_>, u: UnitId, skill: SkillId, amount: u32) -> u8 {
    let Some(sk) = t.rules.skills.get(skill) else {
        return 0;
    };
    let Some(unit) = t.world.units.get_mut(u) else {
        return 0;
    };
    let before = sk.level_for(unit.experience(skill));
    let now_xp = unit.experience(skill).saturating_add(amount);
    match unit.skills.binary_search_by_key(&skill, |k| k.skill) {
        Ok(i) => unit.skills[i].experience = now_xp,
        Err(i) => unit.skills.insert(
            i,
            crate::world::Knowledge {
                skill,
                experience: now_xp,
            },
        ),
    }
    let faction = unit.faction;
    let after = sk.level_for(now_xp);
    if after > before {
        if let Some(f) = t.world.factions.get_mut(faction) {
            match f.known_skills.binary_search_by_key(&skill, |(s, _)| *s) {
                Ok(i) => f.known_skills[i].1 = f.known_skills[i].1.max(after),
                Err(i) => f.known_skills.insert(i, (skill, after)),
            }
        }
        t.private(
            u,
            What::LevelReached {
                skill,
                level: after,
            },
        );
    }
    after
}

/// Add `amount` to `skill` and `percent`% of it to every skill it is built
/// on: study passes 10% down (OV-SKL-024), use 5% (OV-SKL-025).
pub fn gain_with_basics(t: &mut Turn<'_>, u: UnitId, skill: SkillId, amount: u32, percent: u32) {
    gain(t, u, skill, amount);
    let share = amount.saturating_mul(percent) / 100;
    if share == 0 {
        return;
    }
    for b in basics(t.rules, skill) {
        gain(t, u, b, share);
    }
}

/// Does a bonus named for `named` count for `skill`: the skill itself or
/// one it is built on?
pub fn covers(t: &Turn<'_>, named: SkillId, skill: SkillId) -> bool {
    named == skill || basics(t.rules, skill).contains(&named)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics_follow_the_chain_down() {
        let Ok(r) = Rules::bundled() else {
            panic!("bundled rules");
        };
        let (Some(cmbt), Some(mele)) = (r.skill("cmbt"), r.skill("mele")) else {
            panic!("combat and melee are in the bundled skills");
        };
        let chain = basics(&r, mele);
        assert!(chain.contains(&cmbt), "{chain:?}");
        assert!(basics(&r, cmbt).is_empty());
    }
}
