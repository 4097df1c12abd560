//! One day (OV-SCH-022..032), exactly as the rules run it:
//!
//! 1. **Immediate passes.** Every unit in [`day_order`](super::schedule::day_order)
//!    executes at most one immediate order: the first in its list that is
//!    awake, on its day, not yet run today and whose requirements hold.
//!    Passes repeat from the first unit while the last one executed
//!    anything (OV-SCH-028).
//! 2. **Full-day pass.** Each unit in the same order starts or continues
//!    its first executable full-day order; a unit with none WORKs (leaders
//!    and followers) or idles (creatures, decision OV-SCH-025). A stack
//!    leader on a journey travels instead (OV-SCH-032).
//! 3. **End of day** (OV-SCH-030): castings not carried on are spoiled
//!    (OV-MAG-017), then battles, markets, recruits, mana, taxes,
//!    enchantments — in that order (`turn/magic/`).
//!
//! A unit SPLIT makes during the immediate passes stands just after the
//! unit that split and takes part in the day from there on, as any unit in
//! report order: the rest of that pass, the next passes and the full-day
//! pass (OV-SCH-027..029). Units that arrive, are recruited or are
//! summoned during a day act from the next day.

use super::hooks::Hooks;
use super::log::{Dropped, What};
use super::orders;
use super::pending::{Outcome, after_run_dropping, note_waiting};
use super::schedule::day_order;
use super::state::Turn;
use super::travel_day;
use crate::world::UnitId;
use umpire_core::ids::TypedId;

/// Run day `day` of the month.
pub fn run_day(t: &mut Turn<'_>, hooks: &mut dyn Hooks, day: u8) {
    t.new_day(day);
    let mut order = day_order(t.world);
    // Only units with an immediate order ready can run one. A unit cannot
    // gain one during the passes without running one itself (orders wake
    // only when an order above them leaves the list), so the others are
    // left out of the passes: same result, far fewer visits.
    let mut active: Vec<UnitId> = order
        .iter()
        .copied()
        .filter(|&u| has_immediate(t, u))
        .collect();
    while !active.is_empty() {
        let mut any = false;
        let mut k = 0;
        while let Some(&u) = active.get(k) {
            let units = t.world.units.len();
            any |= immediate_step(t, u);
            k += 1;
            if t.world.units.len() != units {
                // A SPLIT made a unit, just after `u` in report order: it
                // takes part from here on, this pass included.
                order = day_order(t.world);
                let at = order.iter().position(|&v| v == u).map_or(0, |i| i + 1);
                k = order[..at].iter().filter(|&&v| has_immediate(t, v)).count();
                active = order
                    .iter()
                    .copied()
                    .filter(|&v| has_immediate(t, v))
                    .collect();
            }
        }
        if !any {
            break;
        }
        active.retain(|&u| has_immediate(t, u));
    }
    for &u in &order {
        full_day_step(t, u);
    }
    orders::use_skill::settle_harvests(t);
    orders::earn::settle(t);
    super::magic::casting::spoil_interrupted(t);
    super::battle::fight_the_day(t);
    hooks.markets(t);
    hooks.recruits(t);
    hooks.mana(t);
    hooks.taxes(t);
    super::magic::enchantments::expire(t);
    tell_quiet(t);
}

/// Has the unit an immediate order it could still run today?
fn has_immediate(t: &Turn<'_>, u: UnitId) -> bool {
    let day = t.day;
    t.live
        .get(u.index())
        .is_some_and(|l| l.list.iter().any(|p| p.ready(day) && !p.full_day()))
}

/// Can the unit act on its own orders today? A stockpile (no figures,
/// OV-UO-055) never does.
fn may_act(t: &Turn<'_>, u: UnitId) -> bool {
    let i = u.index();
    t.world
        .units
        .get(u)
        .is_some_and(|x| !x.gone && x.figures > 0)
        && !t.live.get(i).is_some_and(|l| l.refusing)
        && !t.travelling(u)
}

/// One immediate order, if any can run. Returns whether one did.
fn immediate_step(t: &mut Turn<'_>, u: UnitId) -> bool {
    if !may_act(t, u) {
        return false;
    }
    let day = t.day;
    let mut i = 0;
    while i < t.live(u).list.len() {
        let p = &t.live(u).list[i];
        if !p.ready(day) || p.full_day() {
            i += 1;
            continue;
        }
        let mark = t.log.events.len();
        match orders::immediate(t, u, i) {
            Outcome::Skip(why) => {
                note_waiting(&mut t.live(u).list, i, why);
                i += 1;
            }
            Outcome::Dropped => {}
            outcome => {
                ran(t, u, i, outcome, mark);
                return true;
            }
        }
    }
    false
}

/// The day's full-day order, journey or default work.
fn full_day_step(t: &mut Turn<'_>, u: UnitId) {
    if t.world.units.get(u).is_none_or(|x| x.gone) {
        return;
    }
    if t.world.units[u].journey.is_some() {
        if !t.live(u).day_used {
            t.live(u).day_used = true;
            travel_day::advance(t, u);
        }
        return;
    }
    if !may_act(t, u) || t.live(u).day_used {
        return;
    }
    let day = t.day;
    let mut i = 0;
    while i < t.live(u).list.len() {
        let p = &t.live(u).list[i];
        if !p.ready(day) || !p.full_day() {
            i += 1;
            continue;
        }
        let mark = t.log.events.len();
        match orders::full_day(t, u, i) {
            Outcome::Skip(why) => {
                note_waiting(&mut t.live(u).list, i, why);
                i += 1;
            }
            Outcome::Dropped => {}
            outcome => {
                t.live(u).day_used = true;
                ran(t, u, i, outcome, mark);
                return;
            }
        }
    }
    t.live(u).day_used = true;
    orders::work::default_work(t, u);
}

/// Order `i` of `u` was carried out with `outcome`; the events from `mark`
/// on are what it did. The list moves on, and the player is told of every
/// order that leaves it: an order that has said nothing of the unit by the
/// day's end is told as carried out ([`tell_quiet`]), and each `+`
/// alternative it makes unneeded is told as dropped.
fn ran(t: &mut Turn<'_>, u: UnitId, i: usize, outcome: Outcome, mark: usize) {
    let quiet = !told_since(t, u, mark);
    let order = t
        .live(u)
        .list
        .get(i)
        // WORK's days are told with the month's wages.
        .filter(|p| quiet && !matches!(p.order.order, crate::orders::UnitOrder::Work(_)))
        .map(|p| p.order.to_string());
    let mut dropped = Vec::new();
    after_run_dropping(&mut t.live(u).list, i, outcome, &mut dropped);
    if let Some(order) = order {
        t.quiet.push((u, order, mark));
    }
    for p in dropped {
        t.private(
            u,
            What::OrderDropped {
                order: p.order.to_string(),
                reason: Dropped::AlternativeNotNeeded,
            },
        );
    }
}

/// Has anything been told of `u` since the log stood at `mark`: its own
/// events, or its faction's as a whole (STANCE)?
fn told_since(t: &Turn<'_>, u: UnitId, mark: usize) -> bool {
    let faction = t.world.units[u].faction;
    t.log.events[mark..]
        .iter()
        .any(|e| e.unit == Some(u) || (e.unit.is_none() && e.seen_by.contains(&faction)))
}

/// At the day's end: an order carried out today that still has said
/// nothing of what it did (its battle, market or recruits came after it)
/// is told as carried out, so no order ends unsaid. One pass over the
/// day's later events finds the last event of each unit and faction.
fn tell_quiet(t: &mut Turn<'_>) {
    let quiet = std::mem::take(&mut t.quiet);
    let Some(from) = quiet.iter().map(|q| q.2).min() else {
        return;
    };
    let mut last_unit: rustc_hash::FxHashMap<UnitId, usize> = Default::default();
    let mut last_faction: rustc_hash::FxHashMap<crate::world::FactionId, usize> =
        Default::default();
    for (k, e) in t.log.events.iter().enumerate().skip(from) {
        match e.unit {
            Some(u) => {
                last_unit.insert(u, k);
            }
            None => {
                for f in &e.seen_by {
                    last_faction.insert(*f, k);
                }
            }
        }
    }
    for (u, order, mark) in quiet {
        let faction = t.world.units[u].faction;
        let told = last_unit.get(&u).is_some_and(|&k| k >= mark)
            || last_faction.get(&faction).is_some_and(|&k| k >= mark);
        if !told {
            t.private(u, What::OrderCarried { order });
        }
    }
}
