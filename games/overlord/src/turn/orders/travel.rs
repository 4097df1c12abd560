//! MOVE, MARCH and CARAVAN: setting out on a journey (OV-UO-015, 016,
//! 050, 056..058, OV-STK-005/006, OV-MOVE-025).
//!
//! A stacked unit that sets out leaves its stack first, taking its own
//! substack (OV-STK-005); members with an awake STAY stay behind
//! (OV-UO-097); the stack's whole load picks the mode and the time
//! ([`crate::turn::travel::plan`]). The day of departure is the first day
//! of travel. A way that exists but cannot be taken today (impassable for
//! this stack, too heavy) keeps the order and says why once a turn.
//!
//! A stack whose leader is aboard a vessel it may take sails with it when
//! the vessel can make the crossing: the hull's capacity joins the load
//! and only the vessel's modes are tried ([`crate::turn::vessels`],
//! OV-BLD-001). Otherwise the stack leaves any structure it is in.

use super::super::log::{Stuck, What};
use super::super::orders::stacks;
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::super::travel::{self, NoTrip, Trip};
use super::super::travel_day;
use super::super::vessels;
use crate::orders::LocationRef;
use crate::orders::UnitOrder;
use crate::orders::catalog::movement::Destination;
use crate::world::{Exit, Journey, JourneyKind, LocationId, StructureId, UnitId};

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
        return Outcome::wait("the unit stays for the market today (trading or recruiting)");
    }
    let from = t.world.units[u].location;
    let Some(exit) = travel::find_exit(t.world, from, to) else {
        return Outcome::wait("there is no way from here to there");
    };
    // Try the trip with the stack the unit would lead, before anyone
    // leaves anything.
    let (trip, vessel) = match route(t, u, from, &exit) {
        Ok(go) => go,
        Err(why) => {
            cannot(t, u, i, exit.to, why);
            return Outcome::wait("the way cannot be taken today (see the reason above)");
        }
    };
    if t.world.units[u].stack_parent.is_some() {
        stacks::unstack(t, u);
    }
    let stayed = stacks::stay_behind(t, u);
    // Who stayed lightens the load, and may have been the crew: plan
    // again if anyone did.
    let (trip, vessel) = if stayed.is_empty() {
        (trip, vessel)
    } else {
        match route(t, u, from, &exit) {
            Ok(go) => go,
            Err(why) => {
                cannot(t, u, i, exit.to, why);
                return Outcome::wait("the way cannot be taken today (see the reason above)");
            }
        }
    };
    let units = t.stack_of(u);
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
            units: units.as_slice().into(),
        },
        &seen,
    );
    vessels::board(t, &units, from, exit.to, vessel, &seen);
    t.live(u).day_used = true;
    travel_day::advance(t, u);
    Outcome::Done
}

/// How the stack `u` leads crosses `exit`: aboard its vessel when the
/// vessel can take it there (never into or out of an inner location),
/// else by its own means. When neither can, the reason given is the one
/// that decided: where the vessel the leader is aboard goes that way, why
/// the vessel could not take the stack (overloaded, with the weights;
/// short of crew; in another's charge; unfinished), else why the stack
/// cannot go by its own means.
fn route(
    t: &Turn<'_>,
    u: UnitId,
    from: LocationId,
    exit: &Exit,
) -> Result<(Trip, Option<StructureId>), Stuck> {
    let load = t.stack_load(u);
    let mut afloat = None;
    if !travel::is_inner_exit(t.world, from, exit) {
        // The first of the vessel's modes that goes that way (worked out
        // only when the vessel does not take the stack).
        let goes = |modes: &[crate::rules::Movement]| {
            let days = travel::crossing_days(t.world, t.rules, from, exit);
            modes.iter().find(|m| days.get(**m).is_some()).copied()
        };
        if let Some(ship) = vessels::ship_for(t, u) {
            let mut aboard = load;
            aboard.add(&ship.hull);
            if let Some(trip) = travel::plan_by(t.world, t.rules, from, exit, &aboard, &ship.modes)
            {
                return Ok((trip, Some(ship.id)));
            }
            if let Some(mode) = goes(&ship.modes) {
                afloat = Some(Stuck::VesselOverloaded {
                    structure: ship.id,
                    weight: aboard.weight(),
                    capacity: aboard.capacity(mode),
                });
            }
        } else if let Some((modes, why)) = vessels::why_not_aboard(t, u)
            && goes(&modes).is_some()
        {
            afloat = Some(why);
        }
    }
    match travel::plan(t.world, t.rules, from, exit, &load) {
        Ok(trip) => Ok((trip, None)),
        Err(why) => Err(afloat.unwrap_or(match why {
            NoTrip::Impassable => Stuck::Impassable,
            NoTrip::Overloaded { weight, capacity } => Stuck::Overloaded { weight, capacity },
            NoTrip::TooHeavy { days } => Stuck::TooHeavy { days },
        })),
    }
}

fn cannot(t: &mut Turn<'_>, u: UnitId, i: usize, to: LocationId, why: Stuck) {
    let Some(p) = t.live(u).list.get_mut(i) else {
        return;
    };
    if p.noted {
        return;
    }
    p.noted = true;
    t.private(u, What::CannotTravel { to, why });
}

/// CARAVAN L1 L2 …: from one stop of the route to the next. Heading for
/// the last stop, the route is reversed and the order counts as done, so
/// `@CARAVAN` runs the route back and forth (OV-UO-016); a leg that is not
/// the last keeps the order.
pub fn caravan(t: &mut Turn<'_>, u: UnitId, i: usize, stops: &[LocationRef]) -> Outcome {
    let here = t.world.units[u].location;
    let Some(k) = stops.iter().position(|s| t.location_ref(*s) == Some(here)) else {
        return Outcome::wait("the unit is at none of the caravan's stops");
    };
    let Some(next) = stops.get(k + 1) else {
        return Outcome::wait("the caravan is at its last stop");
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
