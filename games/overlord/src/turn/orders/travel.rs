//! MOVE, MARCH and CARAVAN: setting out on a journey (OV-UO-015, 016,
//! 050, 056..058, OV-STK-005/006, OV-MOVE-025).
//!
//! A stacked unit that sets out leaves its stack first, taking its own
//! substack (OV-STK-005); members with an awake STAY stay behind
//! (OV-UO-097); the stack's whole load picks the mode and the time
//! ([`crate::turn::travel::plan`]). The day of departure is the first day
//! of travel. A way that exists but cannot be taken today (impassable for
//! this stack, too heavy) keeps the order and says why once a turn.

use super::super::log::{Stuck, What};
use super::super::orders::stacks;
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::super::travel::{self, NoTrip};
use super::super::travel_day;
use crate::orders::LocationRef;
use crate::orders::UnitOrder;
use crate::orders::catalog::movement::Destination;
use crate::world::{Journey, JourneyKind, UnitId};

/// Start MOVE or MARCH toward `to`.
pub fn set_out(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    to: Destination,
    kind: JourneyKind,
) -> Outcome {
    // A unit trading or recruiting today stays for the market (OV-UO-071,
    // OV-UO-082).
    if t.live(u).trading {
        return Outcome::Skip;
    }
    let from = t.world.units[u].location;
    let Some(exit) = travel::find_exit(t.world, from, to) else {
        return Outcome::Skip;
    };
    // Try the trip with the stack the unit would lead, before anyone
    // leaves anything.
    let load = t.stack_load(u);
    let trip = match travel::plan(t.world, t.rules, from, &exit, &load) {
        Ok(trip) => trip,
        Err(why) => {
            cannot(t, u, i, exit.to, why);
            return Outcome::Skip;
        }
    };
    if t.world.units[u].stack_parent.is_some() {
        stacks::unstack(t, u);
    }
    let stayed = stacks::stay_behind(t, u);
    // Who stayed lightens the load: plan again if anyone did.
    let trip = if stayed.is_empty() {
        trip
    } else {
        let load = t.stack_load(u);
        match travel::plan(t.world, t.rules, from, &exit, &load) {
            Ok(trip) => trip,
            Err(why) => {
                cannot(t, u, i, exit.to, why);
                return Outcome::Skip;
            }
        }
    };
    let units = t.stack_of(u);
    for &m in &units {
        t.world.units[m].structure = None;
    }
    let journey = Journey {
        from,
        to: exit.to,
        mode: trip.mode,
        kind,
        days: trip.days.max(1),
        elapsed: 0,
    };
    t.world.units[u].journey = Some(journey);
    t.left(from, &units);
    let mut seen = t.present_factions(from);
    seen.extend(units.iter().map(|&m| t.world.units[m].faction));
    t.event(
        Some(u),
        What::Departed {
            from,
            to: exit.to,
            mode: trip.mode,
            days: journey.days,
            kind,
            units,
        },
        &seen,
    );
    t.live(u).day_used = true;
    travel_day::advance(t, u);
    Outcome::Done
}

fn cannot(t: &mut Turn<'_>, u: UnitId, i: usize, to: crate::world::LocationId, why: NoTrip) {
    let Some(p) = t.live(u).list.get_mut(i) else {
        return;
    };
    if p.noted {
        return;
    }
    p.noted = true;
    let why = match why {
        NoTrip::Impassable => Stuck::Impassable,
        NoTrip::Overloaded { .. } | NoTrip::TooHeavy { .. } => Stuck::TooHeavy,
    };
    t.private(u, What::CannotTravel { to, why });
}

/// CARAVAN L1 L2 …: from one stop of the route to the next. Heading for
/// the last stop, the route is reversed and the order counts as done, so
/// `@CARAVAN` runs the route back and forth (OV-UO-016); a leg that is not
/// the last keeps the order.
pub fn caravan(t: &mut Turn<'_>, u: UnitId, i: usize, stops: &[LocationRef]) -> Outcome {
    let here = t.world.units[u].location;
    let Some(k) = stops.iter().position(|s| t.location_ref(*s) == Some(here)) else {
        return Outcome::Skip;
    };
    let Some(next) = stops.get(k + 1) else {
        return Outcome::Skip;
    };
    let last = k + 2 == stops.len();
    match set_out(t, u, i, Destination::Location(*next), JourneyKind::Move) {
        Outcome::Done if last => {
            if let Some(p) = t.live(u).list.get_mut(i)
                && let UnitOrder::Caravan(c) = &mut p.order.order
            {
                c.stops.reverse();
            }
            Outcome::Done
        }
        Outcome::Done => Outcome::Kept,
        other => other,
    }
}
