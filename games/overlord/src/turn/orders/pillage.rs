//! PILLAGE (OV-UO-061..065, OV-LAND-006, 009, OV-ECON-030..032): a
//! full-day order that loots the location.
//!
//! Decisions (RULES-DECISIONS, "titles"):
//! - OV-UO-061/063: one test of size: the pillaging unit with the units
//!   stacked under it, counting only units whose every figure can deal
//!   damage (an equipped weapon each, or martial arts), must be a
//!   significant force for the location (OV-LAND-008: one figure per 50
//!   inhabitants, at least 20, at most 50) — that is what "large enough
//!   to take half the taxes" means. The pillager itself must have 1st
//!   combat and deal damage with every figure (else the order is skipped
//!   and kept), and the land's policy must allow it (OV-LAND-004).
//!   A force too small spends the day with no effect (the rules'
//!   "otherwise PILLAGE has no effect"), and is told so.
//! - OV-LAND-009/OV-UO-062: a day of pillage loots all the tax money
//!   stored in the location (`Location::taxes`), and the pillagers "work
//!   at the same time": a day's wages for each figure of the force, the
//!   location's wage being a month's pay, so wage × figures / 30 rounded
//!   down ([`wages::pay_for`] for one day), what a day of WORK earns. The
//!   efficiency (OV-UO-064: 1, plus one for each combat level above the
//!   2nd) raises only entertainment and tax, as the rules say ("increase
//!   the PILLAGE efficiency by one level equivalence for entertainment
//!   and tax"); a day's work is a day's work. The coins go to the
//!   pillaging unit.
//! - OV-ECON-030: the force also takes entertainment money as 1st-level
//!   entertainers would (a coin a figure, times the efficiency) from what
//!   the month has left ([`entertainment`]), before any entertainer or
//!   taxer is paid that day (they are paid after the full-day pass).
//! - OV-UO-065: no combat experience is gained.
//! - OV-ECON-032: each day of pillage, 1% of the population leaves
//!   (rounded up), the optimum falls by 2% (rounded up), and every market
//!   offer and recruit pool shrinks by 5% (rounded up).
//! - OV-LAND-006: a legal owner may pillage his own land like anyone the
//!   policy allows; loyalty and uprisings are not modelled (no rules for
//!   them).
//! - OV-ECON-031: every faction with a unit on guard here that does not
//!   hold the pillager's faction Ally attacks: its first guard (in the
//!   location's order) begins a battle against the pillager, fought at
//!   the end of the day like every battle; the guards' allies and the
//!   pillager's are the combat rules' to gather.

use super::super::economy::{entertainment, wages};
use super::super::land;
use super::super::log::{BattleCause, What};
use super::super::money;
use super::super::pending::Outcome;
use super::super::policy::{self, Act};
use super::super::relations;
use super::super::state::Turn;
use crate::world::{FactionId, Stance, UnitId};

/// Shrink `n` by `percent`, rounded up.
fn shrink(n: u64, percent: u64) -> u64 {
    n - (n * percent).div_ceil(100).min(n)
}

pub fn pillage(t: &mut Turn<'_>, u: UnitId) -> Outcome {
    if t.level_of(u, "cmbt") < 1 {
        return Outcome::wait("the unit has no level in combat [cmbt]: pillage needs the 1st");
    }
    if !land::deals_damage(t, u) {
        return Outcome::wait(
            "not every figure of the unit can deal damage (an equipped weapon each, or martial arts)",
        );
    }
    if let Some(why) = policy::forbidden(t, u, Act::Pillage) {
        return Outcome::wait(why);
    }
    let place = t.world.units[u].location;
    let force: u32 = t
        .stack_of(u)
        .into_iter()
        .filter(|&x| t.world.units.get(x).is_some_and(|y| y.location == place))
        .filter(|&x| land::deals_damage(t, x))
        .map(|x| t.world.units[x].figures)
        .sum();
    let needed = land::significant(t.world.locations[place].population);
    guards_attack(t, u);
    if force < needed {
        t.private(u, What::PillageTooWeak { force, needed });
        return Outcome::Done;
    }
    let (me, owner) = (
        t.world.units[u].faction,
        t.world.locations[place].ownership.owner,
    );
    super::super::empire::offended(t, me, owner);
    let efficiency = 1 + u64::from(t.level_of(u, "cmbt").saturating_sub(2));
    let loc = &mut t.world.locations[place];
    let taxes = std::mem::take(&mut loc.taxes);
    // A day's work for each figure: the wage is a month's pay.
    let wages = wages::pay_for(loc.wages, force, 1);
    loc.population = shrink(u64::from(loc.population), 1) as u32;
    loc.optimum = shrink(u64::from(loc.optimum), 2) as u32;
    for o in loc
        .market
        .sells
        .iter_mut()
        .chain(loc.market.buys.iter_mut())
    {
        o.count = shrink(o.count, 5);
    }
    for r in &mut loc.recruits {
        r.count = shrink(u64::from(r.count), 5) as u32;
    }
    // As a 1st-level entertainer per figure, times the efficiency, before
    // any entertainer is paid (OV-UO-061).
    let entertainment = entertainment::take(t, place, u64::from(force) * efficiency);
    money::add_cash(t, u, taxes + wages + entertainment);
    let seen = t.present_factions(place);
    t.event(
        Some(u),
        What::Pillaged {
            taxes,
            wages,
            entertainment,
        },
        &seen,
    );
    Outcome::Done
}

/// OV-ECON-031: guards who do not hold the pillager Ally attack it.
fn guards_attack(t: &mut Turn<'_>, u: UnitId) {
    let place = t.world.units[u].location;
    let mine = t.world.units[u].faction;
    let mut fought: Vec<FactionId> = vec![mine];
    for g in t.guards_at(place) {
        let f = t.world.units[g].faction;
        if fought.contains(&f) || t.travelling(g) {
            continue;
        }
        fought.push(f);
        if relations::effective(t.world, f, mine) != Stance::Ally {
            t.begin_battle(g, u, BattleCause::Pillage);
        }
    }
}
