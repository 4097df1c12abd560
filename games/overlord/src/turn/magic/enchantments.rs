//! Enchantments (OV-ENCH-001..006): timed effects on units
//! ([`Unit::effects`]), each an enchantment of `enchantments.toml` and the
//! days it has left.
//!
//! - **Where (decision OV-ENCH-001).** Enchantments are kept on units only.
//!   The rules allow them on structures and locations, but no spell of the
//!   data lays one there and the saved world has no place for them; a
//!   spell that would is reported as not adjudicated
//!   ([`super::casting`]).
//! - **What they do.** An enchantment's `stats` add to every figure's
//!   ratings wherever ratings are summed (`turn/visibility.rs`: stealth,
//!   observation, and the combat ratings read through it), its `capacity`
//!   to each figure's travel capacity (`turn/travel/load.rs`), its
//!   `stats.mana` to the maximum mana ([`super::mana::maximum`]), its
//!   `bonuses.use_skill` to the day's work with the skill and the skills
//!   built on it ([`use_bonus`], `turn/orders/use_skill.rs`) and its
//!   `bonuses.study` to study speed (`turn/orders/study.rs`). Its `combat`
//!   part is the combat rules'.
//! - **Laying one** ([`lay`]). Days laid on a unit that has the
//!   enchantment already add to its days. A permanent enchantment stays
//!   permanent; days added never make one permanent (at most
//!   [`PERMANENT`] − 1).
//! - **Counting down** ([`expire`], OV-ENCH-002). At the very end of each
//!   day every enchantment loses a day; one at zero lapses
//!   (`EnchantmentExpired`, told to the unit's faction unless the
//!   enchantment is `hidden`). An enchantment laid during a day counts that
//!   day: 3 days laid on day 1 lapse at the end of day 3.
//! - **Permanent** (OV-ENCH-003): [`PERMANENT`] days (100,000) or more
//!   never count down.
//! - **Not given** (OV-ENCH-004): enchantments are not items, so GIVE,
//!   GET, DROP and the markets never move them (an enchantment's tag names
//!   no item).
//! - **Diluted** (OV-ENCH-005, decision): when figures join an enchanted
//!   unit, by MERGE or from outside (recruits, summoned creatures), each
//!   enchantment's days become days × old figures / new figures, rounded
//!   down — the figure-weighted average over all the figures, one without
//!   it counting 0 ([`dilute`]). Figures merging in with an enchantment of
//!   their own bring their days into the same average. A permanent
//!   enchantment on either side stays permanent ("essentially infinite":
//!   a share of forever is forever). There is no GIVE of figures in the
//!   orders; MERGE is how one unit gives figures to another.
//! - **Split** (OV-ENCH-006): both parts keep every enchantment in full
//!   (`turn/orders/split.rs`).

use super::super::experience::covers;
use super::super::log::What;
use super::super::state::Turn;
use crate::rules::{EnchantmentId, SkillId};
use crate::world::UnitId;
use crate::world::unit::Effect;
use umpire_core::ids::TypedId;

/// Days that make an enchantment permanent (OV-ENCH-003).
pub const PERMANENT: u32 = 100_000;

/// Lay `days` of `enchantment` on unit `u`; returns the days it now has.
pub fn lay(t: &mut Turn<'_>, u: UnitId, enchantment: EnchantmentId, days: u32) -> u32 {
    let Some(unit) = t.world.units.get_mut(u) else {
        return 0;
    };
    match unit
        .effects
        .iter_mut()
        .find(|e| e.enchantment == enchantment)
    {
        Some(e) if e.days >= PERMANENT => e.days,
        Some(e) => {
            e.days = e.days.saturating_add(days).min(PERMANENT - 1);
            e.days
        }
        None => {
            let days = if days >= PERMANENT {
                days
            } else {
                days.min(PERMANENT - 1)
            };
            unit.effects.push(Effect { enchantment, days });
            days
        }
    }
}

/// The enchantments of `fa` figures carrying `a` joined by `fb` figures
/// carrying `b` (OV-ENCH-005): each one's days weighted by figures, in
/// `a`'s order then `b`'s; permanent ones stay permanent; those left at 0
/// lapse.
pub fn dilute(a: &[Effect], fa: u64, b: &[Effect], fb: u64) -> Vec<Effect> {
    let total = (fa + fb).max(1);
    let days = |list: &[Effect], e: &Effect| {
        list.iter()
            .find(|x| x.enchantment == e.enchantment)
            .map_or(0, |x| u64::from(x.days))
    };
    let mut out: Vec<Effect> = Vec::new();
    for e in a.iter().chain(b) {
        if out.iter().any(|x| x.enchantment == e.enchantment) {
            continue;
        }
        let (da, db) = (days(a, e), days(b, e));
        let permanent = u64::from(PERMANENT);
        let d = if (da >= permanent && fa > 0) || (db >= permanent && fb > 0) {
            da.max(db)
        } else {
            (da * fa + db * fb) / total
        };
        if d > 0 {
            out.push(Effect {
                enchantment: e.enchantment,
                days: u32::try_from(d).unwrap_or(u32::MAX),
            });
        }
    }
    out
}

/// `added` figures without enchantments joined unit `u`, which had `old`
/// figures before (recruits, summoned creatures): its enchantments are
/// diluted (OV-ENCH-005).
pub fn figures_joined(t: &mut Turn<'_>, u: UnitId, old: u32, added: u32) {
    let Some(unit) = t.world.units.get_mut(u) else {
        return;
    };
    if unit.effects.is_empty() || added == 0 {
        return;
    }
    unit.effects = dilute(&unit.effects, u64::from(old), &[], u64::from(added));
}

/// The end of the day: every enchantment loses a day and lapses at zero,
/// permanent ones excepted (OV-ENCH-002, 003).
pub fn expire(t: &mut Turn<'_>) {
    let mut lapsed: Vec<(UnitId, EnchantmentId)> = Vec::new();
    for (i, unit) in t.world.units.values_mut().enumerate() {
        let id = UnitId::from_index(i);
        if unit.effects.is_empty() {
            continue;
        }
        for e in &mut unit.effects {
            if e.days < PERMANENT {
                e.days = e.days.saturating_sub(1);
                if e.days == 0 && !unit.gone {
                    lapsed.push((id, e.enchantment));
                }
            }
        }
        unit.effects.retain(|e| e.days > 0);
    }
    for (u, enchantment) in lapsed {
        let hidden = t
            .rules
            .enchantments
            .get(enchantment)
            .is_some_and(|x| x.hidden);
        if !hidden {
            t.private(u, What::EnchantmentExpired { enchantment });
        }
    }
}

/// The percent the unit's enchantments add to its work with `skill`
/// (their `bonuses.use_skill` for the skill or one it is built on).
pub fn use_bonus(t: &Turn<'_>, u: UnitId, skill: SkillId) -> i64 {
    let Some(unit) = t.world.units.get(u) else {
        return 0;
    };
    unit.effects
        .iter()
        .filter_map(|e| t.rules.enchantments.get(e.enchantment))
        .flat_map(|x| x.bonuses.use_skill.iter())
        .filter(|b| covers(t, b.skill.id(), skill))
        .map(|b| i64::from(b.value))
        .sum()
}

/// The percent the unit's enchantments add to its study of `skill`.
pub fn study_bonus(t: &Turn<'_>, u: UnitId, skill: SkillId) -> i64 {
    let Some(unit) = t.world.units.get(u) else {
        return 0;
    };
    unit.effects
        .iter()
        .filter_map(|e| t.rules.enchantments.get(e.enchantment))
        .flat_map(|x| x.bonuses.study.iter())
        .filter(|b| b.skill.id() == skill)
        .map(|b| i64::from(b.value))
        .sum()
}
