//! Mana (OV-MAG-009..014): the magical power a mage holds and spends on
//! spells.
//!
//! **Where it is kept (decision OV-MAG-010).** A unit's mana is
//! [`Unit::mana`]: one number, the only source of truth. The weightless
//! item `mana` in `items.toml` is its name and tag (reports list mana with
//! the unit's possessions, as the rules show it); a unit never keeps it
//! among its items. Mana cannot be handed over with GIVE (the giver holds
//! no `mana` item) — the ritual spell lends it ([`super::meditation`]).
//! Should a unit come to hold `mana` items anyway (an imported game, a
//! summoning's `summoned_items`), they become its mana at the end of the
//! day ([`end_of_day`]).
//!
//! **Maximum (OV-MAG-009, decision).** The sum, over the skills the unit
//! has reached a level in, of that level's `stats.mana` in the data, plus
//! its race's, its equipped items' and its enchantments' `stats.mana`
//! ([`maximum`]). The data gives +1 for each level of a magic skill, so for
//! a plain mage this is the rules' "sum of all skill levels in magical
//! areas" (1st magecraft, earth, meditation and ritual: 4); where the
//! reference data gives a level no extra mana (7th magecraft, 2nd ritual…)
//! the data wins. The control points a mage costs use the same maximum
//! (OV-CP-004, `turn/control.rs`).
//!
//! **Each day's change** ([`next`]), at the end of the day, after battles,
//! markets and recruits and before enchantments expire (OV-SCH-030),
//! looking at the mana the unit holds after the day's spells:
//!
//! - Below the maximum: +1 at the end of every even day of the month (days
//!   2, 4 … 30; decision OV-MAG-012, "every two turns" read as two days).
//! - At the maximum: nothing.
//! - Above it (OV-MAG-014): over two days it loses k + 1, where k counts
//!   the whole halves of the maximum it is over (under 50% over: k = 0, 1
//!   per two days; under 100%: 1 a day; under 150%: 3 per two days; and
//!   so on). Decision: the loss is spread as ⌊(k+1)/2⌋ on odd days and
//!   ⌈(k+1)/2⌉ on even days, worked out afresh each day, and never takes
//!   the mana below the maximum. A unit with no maximum at all (mana lent
//!   to a non-mage) loses all its mana at the day's end.
//!
//! Regaining mana in battle (OV-MAG-013) is the combat rules'.
//!
//! **Engine or economy (decision).** The daily change runs in the
//! economy's `mana` hook ([`Hooks::mana`](super::super::Hooks::mana)), like
//! the other end-of-day steps the month table gives the economy: the engine
//! alone ([`NoEconomy`](super::super::NoEconomy)) spends mana on spells
//! but never regains or loses it by the day.

use super::super::log::What;
use super::super::state::Turn;
pub use crate::figures::mana::maximum;
use crate::world::UnitId;
use umpire_core::ids::TypedId;

/// The mana a unit holding `mana` with maximum `max` has after the end of
/// day `day` (OV-MAG-012, 014).
pub fn next(mana: u32, max: u32, day: u8) -> u32 {
    let even = day % 2 == 0;
    if mana < max {
        return if even { mana + 1 } else { mana };
    }
    if max == 0 {
        return 0;
    }
    let over = mana - max;
    // Whole halves of the maximum above it: under 50% → 0, under 100% → 1…
    let k = u64::from(over) * 2 / u64::from(max);
    let per_two_days = k + 1;
    let today = if even {
        per_two_days.div_ceil(2)
    } else {
        per_two_days / 2
    };
    let loss = u32::try_from(today).unwrap_or(u32::MAX).min(over);
    mana - loss
}

/// The end of day: `mana` items held become mana, then every unit's mana
/// moves toward its maximum (see the module doc).
pub fn end_of_day(t: &mut Turn<'_>) {
    let day = t.day;
    let item = t.rules.item("mana");
    let mut changes: Vec<(UnitId, i64, u32)> = Vec::new();
    for (i, unit) in t.world.units.values_mut().enumerate() {
        let id = UnitId::from_index(i);
        if unit.gone {
            continue;
        }
        if let Some(item) = item {
            let held = unit.remove_items(item, u64::MAX);
            unit.mana = unit
                .mana
                .saturating_add(u32::try_from(held).unwrap_or(u32::MAX));
        }
        let max = maximum(t.rules, unit);
        if unit.mana == 0 && max == 0 {
            continue;
        }
        let now = next(unit.mana, max, day);
        if now != unit.mana {
            changes.push((id, i64::from(now) - i64::from(unit.mana), now));
            unit.mana = now;
        }
    }
    for (u, by, now) in changes {
        t.private(
            u,
            What::ManaChanged {
                by: i32::try_from(by).unwrap_or(i32::MAX),
                now,
            },
        );
    }
}

/// Does the unit hold at least `need` mana?
pub fn has(t: &Turn<'_>, u: UnitId, need: u32) -> bool {
    t.world.units.get(u).is_some_and(|x| x.mana >= need)
}
