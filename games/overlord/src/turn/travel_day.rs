//! Journeys under way: a day of travel, arrival, guards at the
//! destination, and RETREAT.
//!
//! While travelling the stack stays listed where it set out and acts on
//! nothing (OV-MOVE-025, 026; OV-SCH-032). On the last day it arrives and
//! appears at the destination, outside any structure, or still aboard the
//! vessel it sails in, which now lies there too ([`super::vessels`]).
//!
//! **Guards** (OV-MOVE-030..034, OV-GRD-010): as a stack on MOVE or MARCH
//! arrives, the units on guard there are taken in the location's order.
//! A guard stops only units it sees, does not stop a flying stack unless
//! it can fly itself, and covers only the ways it could travel (a walking
//! guard does not stop ships). For each guard, the stack's units are taken
//! in report order: the first one the guard's faction treats as Enemy is
//! attacked by the guard. Failing that, the first one it treats as Hostile
//! or worse either turns the whole stack back (MOVE: it goes back the way
//! it came, taking as long again) or, for MARCH, the marching leader
//! attacks the guard. The Enemy case is looked at first, over all guards.

use super::log::{BattleCause, Dropped, What};
use super::orders::drop_order;
use super::pending::{Outcome, after_run};
use super::relations;
use super::state::Turn;
use super::travel;
use super::vessels;
use super::visibility;
use crate::orders::UnitOrder;
use crate::world::{Journey, JourneyKind, LocationId, Stance, UnitId};

/// One day of `u`'s journey; arrival on the last.
pub fn advance(t: &mut Turn<'_>, u: UnitId) {
    let Some(mut j) = t.world.units[u].journey else {
        return;
    };
    let was_at_origin = j.seen_at_origin();
    j.elapsed += 1;
    if j.elapsed < j.days {
        t.world.units[u].journey = Some(j);
        if was_at_origin && !j.seen_at_origin() {
            entering(t, u, j);
        }
        return;
    }
    t.world.units[u].journey = None;
    arrive(t, u, j);
}

/// Half the journey done: from the next day the stack is seen at its
/// destination, not where it set out (OV-MOVE-027), and the factions there
/// see it come in. Said once; the arrival is told on the last day.
fn entering(t: &mut Turn<'_>, u: UnitId, j: Journey) {
    if j.from == j.to {
        return;
    }
    let units = t.stack_of(u);
    let mut seen = t.present_factions(j.to);
    seen.extend(units.iter().map(|&m| t.world.units[m].faction));
    t.event_at(
        j.to,
        u,
        What::Entering {
            from: j.from,
            to: j.to,
            units,
        },
        &seen,
    );
}

fn arrive(t: &mut Turn<'_>, u: UnitId, j: Journey) {
    let units = t.stack_of(u);
    // The day of arrival is a day of travel for the whole stack.
    for &m in &units {
        t.live(m).day_used = true;
    }
    move_stack(t, &units, j.from, j.to);
    if j.kind != JourneyKind::Retreat && j.to != j.from {
        match intercept(t, u, &units, &j) {
            Some(Stop::TurnBack(guard)) => {
                // Back the way it came, as long again (OV-MOVE-030): it
                // never counts as having entered.
                turn_back(t, u, &units, j, Some(guard));
                return;
            }
            Some(Stop::Battle(attacker, defender, cause)) => {
                arrived(t, u, &units, j);
                if cause == BattleCause::MarchForces {
                    t.begin_march(attacker, defender, j);
                } else {
                    t.begin_battle(attacker, defender, cause);
                }
                return;
            }
            None => {}
        }
    }
    arrived(t, u, &units, j);
}

/// The stack of `u` (`units`), which ended journey `j`, goes back the way
/// it came, as long again: a guard turned it back (OV-MOVE-030) or it lost
/// the battle it marched into (OV-CMB-084). The guard's faction is told.
pub fn turn_back(t: &mut Turn<'_>, u: UnitId, units: &[UnitId], j: Journey, guard: Option<UnitId>) {
    move_stack(t, units, j.to, j.from);
    t.world.units[u].journey = Some(Journey {
        to: j.from,
        kind: JourneyKind::Retreat,
        elapsed: 0,
        ..j
    });
    let also: Vec<_> = guard
        .and_then(|g| t.world.units.get(g))
        .map(|g| g.faction)
        .into_iter()
        .collect();
    t.event(
        Some(u),
        What::TurnedBack {
            toward: j.from,
            days: j.days,
            guard,
        },
        &also,
    );
}

fn arrived(t: &mut Turn<'_>, u: UnitId, units: &[UnitId], j: Journey) {
    t.came(j.to, units);
    let mut seen = t.present_factions(j.to);
    seen.extend(units.iter().map(|&m| t.world.units[m].faction));
    t.event(
        Some(u),
        What::Arrived {
            from: j.from,
            at: j.to,
            units: units.to_vec(),
        },
        &seen,
    );
    if j.from != j.to
        && let Some(s) = vessels::sailing(t, u, j.to)
    {
        t.event(
            Some(u),
            What::VesselArrived {
                structure: s,
                from: j.from,
                at: j.to,
            },
            &seen,
        );
    }
}

/// Take the stack out of `from` and into `to`, in the same order, outside
/// any structure, or aboard the vessel it sails in, which goes with it
/// ([`vessels::carry`]).
fn move_stack(t: &mut Turn<'_>, units: &[UnitId], from: LocationId, to: LocationId) {
    if to == from {
        return;
    }
    let vessel = units
        .first()
        .and_then(|&leader| vessels::sailing(t, leader, from));
    t.world.locations[from].units.retain(|x| !units.contains(x));
    for &m in units {
        let unit = &mut t.world.units[m];
        unit.location = to;
        unit.structure = vessel.filter(|s| unit.structure == Some(*s));
        t.world.locations[to].units.push(m);
    }
    if let Some(s) = vessel {
        vessels::carry(t, s, units, from, to);
    }
}

enum Stop {
    TurnBack(UnitId),
    Battle(UnitId, UnitId, BattleCause),
}

fn intercept(t: &mut Turn<'_>, leader: UnitId, units: &[UnitId], j: &Journey) -> Option<Stop> {
    let guards: Vec<UnitId> = t
        .guards_at(j.to)
        .into_iter()
        .filter(|&g| !t.travelling(g) && t.world.units[g].location == j.to)
        .collect();
    if guards.is_empty() {
        return None;
    }
    // Who each guard can stop, and how its faction treats them.
    let mut hostile: Option<(UnitId, UnitId)> = None;
    for &g in &guards {
        let gf = t.world.units[g].faction;
        let load = t.stack_load(g);
        // OV-MOVE-034: only the ways the guard could travel itself.
        let covers = travel::could_cover(&load, j.mode);
        if !covers {
            continue;
        }
        for &m in units {
            let mf = t.world.units[m].faction;
            if mf == gf {
                continue;
            }
            // A guard stops only what its faction sees where it stands
            // (OV-GRD-010); the arrivals are already in its place.
            let look = t.glance(gf, m);
            if !look.seen || visibility::seen_at(t.world, m) != Some(j.to) {
                continue;
            }
            let stance = relations::stance_toward_unit(t.world, gf, m, look.recognized);
            if stance == Stance::Enemy {
                return Some(Stop::Battle(g, m, BattleCause::GuardAttacks));
            }
            if stance <= Stance::Hostile && hostile.is_none() {
                hostile = Some((g, m));
            }
        }
    }
    let (g, _) = hostile?;
    Some(match j.kind {
        JourneyKind::March => Stop::Battle(leader, g, BattleCause::MarchForces),
        _ => Stop::TurnBack(g),
    })
}

/// RETREAT, before day 1 (OV-UO-074..077): only as the unit's first order
/// of the month. The leader of a travelling stack turns the whole stack
/// back; a member turns back alone with its substack (decision OV-UO-076).
/// Going back takes as long as the journey had lasted so far. A journey
/// that is itself a retreat cannot be retreated from. A RETREAT anywhere
/// else in a list, or with no journey to retreat from, is dropped.
pub fn retreats(t: &mut Turn<'_>) {
    for i in 0..t.live.len() {
        let u = umpire_core::ids::TypedId::from_index(i);
        let list = &t.live[i].list;
        let Some(pos) = list
            .iter()
            .position(|p| matches!(p.order.order, UnitOrder::Retreat(_)))
        else {
            continue;
        };
        let top = t.top(u);
        let journey = t.world.units[top].journey;
        let ok = pos == 0 && journey.is_some_and(|j| j.kind != JourneyKind::Retreat);
        let Some(j) = journey.filter(|_| ok) else {
            let order = t.live[i].list[pos].order.clone();
            drop_order(t, u, pos, &order, Dropped::Misplaced);
            continue;
        };
        let back = Journey {
            to: j.from,
            kind: JourneyKind::Retreat,
            days: j.elapsed.max(1),
            elapsed: 0,
            ..j
        };
        if top != u {
            t.set_parent(u, None);
        }
        t.world.units[u].journey = Some(back);
        after_run(&mut t.live[i].list, 0, Outcome::Done);
        t.private(
            u,
            What::TurnedBack {
                toward: j.from,
                days: back.days,
                guard: None,
            },
        );
    }
}
