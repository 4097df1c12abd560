//! Which way a stack goes and how long it takes: the exit an order names,
//! the days each travel mode needs through it, the mode chosen and the
//! effects of roads, weather and overload (OV-MOVE-006..024).
//!
//! Decisions (RULES-DECISIONS, "Movement"):
//!
//! - Days per mode come from the destination's terrain (OV-MOVE-007); a
//!   mode the terrain does not list cannot go there. Riding days are the
//!   terrain's own, which are the walking days less a third rounded down
//!   (`walk - walk / 3`, OV-MOVE-008): plains 9 → 6, hills 13 → 9.
//! - Flying takes the terrain's flying days (OV-MOVE-009): the rules'
//!   "4 days" is the plains and ocean figure; the data gives mountains 10,
//!   forest 6, and none underground, where nothing flies.
//! - The fastest usable mode is taken (OV-MOVE-006); a flyer that could
//!   walk or ride faster walks or rides, and is not counted as flying
//!   (OV-MOVE-010). Ties go to flying, then sailing, riding, walking and
//!   climbing (OV-MOVE-011).
//! - Sailing (OV-MOVE-012, 013): into a terrain with sailing days (ocean,
//!   lake) at those days; from water onto a land location next to it at
//!   the sailing days of the water left; between two land locations that
//!   share a water neighbour at twice the destination's walking days.
//! - An explicit exit (`Exit::only`) can be travelled only by its mode,
//!   at its days; several explicit exits with the same direction and
//!   destination offer one mode each (OV-MOVE-015). Nothing else opens an
//!   impassable direction (OV-MOVE-014).
//! - Into or out of an inner location takes 1 day by each mode the inner
//!   location's terrain allows, sheltered from the weather (OV-MOVE-017).
//! - A road along the exit takes a third off walking and riding, rounded
//!   down like riding (OV-MOVE-007).
//! - The weather of the destination applies, unless its terrain is
//!   covered; percentages round up (a part day is a day) and flying's
//!   figures are floors (rain: at least 6 days). Storm slows sailing: the
//!   rules' "10% less" reads as a slip, and the original engine's storm
//!   halves sailing speed, so sailing takes twice as long (OV-MOVE-022).
//!   Seasons add nothing of their own (OV-MOVE-024).
//! - Overload (OV-MOVE-018, 019): with no usable mode the stack walks,
//!   its walking time raised by three times the overload proportion,
//!   rounded up; at 100% overload or more it cannot move (the orders
//!   chapter's limit), and a trip of 60 days or more does not start.
//! - Every trip takes at least one day (OV-MOVE-016).

use crate::orders::catalog::movement::Destination;
use crate::orders::words::Direction as Word;
use crate::rules::climate::Weather;
use crate::rules::terrains::{Direction, Terrain, TravelDays};
use crate::rules::{Movement, Rules};
use crate::world::{Exit, Location, LocationId, World};

use crate::figures::load::Load;

/// An overloaded trip this long or longer does not start (OV-MOVE-019).
pub const MAX_OVERLOADED_DAYS: u32 = 60;

/// The modes in the order ties are settled.
const PREFERENCE: [Movement; 5] = [
    Movement::Fly,
    Movement::Swim,
    Movement::Ride,
    Movement::Walk,
    Movement::Climb,
];

/// How a stack makes a crossing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Trip {
    pub mode: Movement,
    pub days: u32,
}

/// Why a stack cannot make a crossing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoTrip {
    /// None of the modes the stack can use goes this way, and it cannot
    /// walk there overloaded either: the terrain (or explicit exit) gives
    /// no days for them (OV-MOVE-014).
    Impassable,
    /// Only overloaded walking remains and the overload is 100% or more
    /// (or the stack has no walking capacity) (OV-MOVE-018).
    Overloaded { weight: u64, capacity: i64 },
    /// Overloaded walking would take `days`, 60 or more (OV-MOVE-019).
    TooHeavy { days: u32 },
}

/// The map's direction for an order's direction word.
pub fn map_direction(d: Word) -> Direction {
    match d {
        Word::N => Direction::North,
        Word::NE => Direction::NorthEast,
        Word::SE => Direction::SouthEast,
        Word::S => Direction::South,
        Word::SW => Direction::SouthWest,
        Word::NW => Direction::NorthWest,
        Word::In => Direction::In,
        Word::Out => Direction::Out,
        Word::Up => Direction::Up,
        Word::Down => Direction::Down,
        Word::Port => Direction::Port,
        Word::Portal => Direction::Portal,
    }
}

/// Which exit of `from` leads where the order says: an exit in that
/// direction, or one leading to that location. Without an exit, the
/// location `from` lies in is reached OUT, and a location lying in `from`
/// is reached IN (by its number, or `MOVE IN` to the lowest-numbered).
pub fn find_exit(world: &World, from: LocationId, to: Destination) -> Option<Exit> {
    let here = world.locations.get(from)?;
    let inner = |to: LocationId, direction: Direction| Exit {
        direction,
        to,
        only: None,
        road: false,
    };
    match to {
        Destination::Direction(word) => {
            let d = map_direction(word);
            if let Some(e) = here.exit(d) {
                return Some(*e);
            }
            match (d, here.outer) {
                (Direction::Out, Some(o)) => Some(inner(o, Direction::Out)),
                // No IN exit: the location lying in this one (the
                // lowest-numbered, when several do).
                (Direction::In, _) => world
                    .locations
                    .iter()
                    .filter(|(_, l)| l.outer == Some(from))
                    .min_by_key(|(_, l)| l.number)
                    .map(|(id, _)| inner(id, Direction::In)),
                _ => None,
            }
        }
        Destination::Location(r) => {
            let number = |id: LocationId| world.locations.get(id).map(|l| l.number);
            if let Some(e) = here.exits.iter().find(|e| number(e.to) == Some(r.0)) {
                return Some(*e);
            }
            if let Some(o) = here.outer.filter(|o| number(*o) == Some(r.0)) {
                return Some(inner(o, Direction::Out));
            }
            let target = world.location_by_number(r.0)?;
            (world.locations.get(target)?.outer == Some(from)).then(|| inner(target, Direction::In))
        }
    }
}

/// Open water: sailed, never walked.
pub fn is_water(t: &Terrain) -> bool {
    t.days.swim.is_some() && t.days.walk.is_none()
}

fn terrain<'r>(rules: &'r Rules, l: &Location) -> Option<&'r Terrain> {
    rules.terrains.get(l.terrain)
}

/// A third off, rounded down: `days - days / 3` (OV-MOVE-008).
pub fn cut_third(days: u32) -> u32 {
    days - days / 3
}

fn is_inner_move(here: &Location, from: LocationId, to: LocationId, there: &Location) -> bool {
    there.outer == Some(from) || here.outer == Some(to)
}

/// Days by each mode through `exit` out of `from`, before weather and
/// load: terrain, explicit exits, inner locations, sailing and roads.
pub fn crossing_days(world: &World, rules: &Rules, from: LocationId, exit: &Exit) -> TravelDays {
    let mut days = TravelDays::default();
    let (Some(here), Some(there)) = (world.locations.get(from), world.locations.get(exit.to))
    else {
        return days;
    };
    let (Some(t_here), Some(t_there)) = (terrain(rules, here), terrain(rules, there)) else {
        return days;
    };
    if exit.only.is_some() {
        for e in here
            .exits
            .iter()
            .filter(|e| e.direction == exit.direction && e.to == exit.to)
        {
            if let Some((mode, d)) = e.only {
                *days.get_mut(mode) = Some(d);
            }
        }
    } else if is_inner_move(here, from, exit.to, there) {
        let inside = if there.outer == Some(from) {
            t_there
        } else {
            t_here
        };
        for mode in Movement::ALL {
            if inside.days.get(*mode).is_some() {
                *days.get_mut(*mode) = Some(1);
            }
        }
    } else {
        days = t_there.days;
        if days.swim.is_none() {
            if is_water(t_here) {
                days.swim = t_here.days.swim;
            } else if !is_water(t_there)
                && let Some(w) = t_there.days.walk
                && shares_water(world, rules, here, exit.to)
            {
                days.swim = Some(w.saturating_mul(2));
            }
        }
    }
    if exit.road {
        days.walk = days.walk.map(cut_third);
        days.ride = days.ride.map(cut_third);
    }
    days
}

/// Whether a water location borders both `here` and `to` (the same body of
/// water, OV-MOVE-013).
fn shares_water(world: &World, rules: &Rules, here: &Location, to: LocationId) -> bool {
    here.exits.iter().filter(|e| e.only.is_none()).any(|e| {
        world.locations.get(e.to).is_some_and(|w| {
            terrain(rules, w).is_some_and(is_water) && w.exits.iter().any(|x| x.to == to)
        })
    })
}

/// `days` by `mode` in `weather`: percentages rounded up, flying floors
/// (OV-MOVE-020..023); never below 1 day.
pub fn weathered(days: u32, mode: Movement, weather: Option<&Weather>) -> u32 {
    let mut d = u64::from(days);
    if let Some(c) = weather.and_then(|w| w.travel_change(mode)) {
        let pct = u64::try_from(100 + i64::from(c.percent)).unwrap_or(0);
        d = (d * pct).div_ceil(100);
        if let Some(min) = c.at_least {
            d = d.max(u64::from(min));
        }
    }
    u32::try_from(d).unwrap_or(u32::MAX).max(1)
}

/// Walking `days` with `weight` on `capacity` (OV-MOVE-018): three times
/// the overload proportion added, rounded up. `None` at 100% overload or
/// more, or without walking capacity.
pub fn overloaded_days(days: u32, weight: u64, capacity: i64) -> Option<u32> {
    let cap = u64::try_from(capacity).ok().filter(|c| *c > 0)?;
    if weight >= cap.saturating_mul(2) {
        return None;
    }
    let over = weight.saturating_sub(cap);
    let d = u64::from(days)
        .saturating_mul(cap.saturating_add(over.saturating_mul(3)))
        .div_ceil(cap);
    Some(u32::try_from(d).unwrap_or(u32::MAX))
}

/// The trip through `exit` out of `from` for a stack carrying `load`, in
/// the weather of the destination (see the module's decisions).
pub fn plan(
    world: &World,
    rules: &Rules,
    from: LocationId,
    exit: &Exit,
    load: &Load,
) -> Result<Trip, NoTrip> {
    let days = crossing_days(world, rules, from, exit);
    let weather = weather_for(world, rules, from, exit);
    if let Some(trip) = fastest(&days, weather, load, &PREFERENCE) {
        return Ok(trip);
    }
    let Some(walk) = days.walk else {
        return Err(NoTrip::Impassable);
    };
    let walk = weathered(walk, Movement::Walk, weather);
    let (weight, capacity) = (load.weight(), load.capacity(Movement::Walk));
    match overloaded_days(walk, weight, capacity) {
        None => Err(NoTrip::Overloaded { weight, capacity }),
        Some(d) if d >= MAX_OVERLOADED_DAYS => Err(NoTrip::TooHeavy { days: d }),
        Some(d) => Ok(Trip {
            mode: Movement::Walk,
            days: d.max(1),
        }),
    }
}

/// The trip through `exit` by one of `modes` only (a vessel's, decision
/// OV-BLD-001): the fastest of them that goes there and that `load` can
/// use, ties settled as in [`plan`]; no overloaded walking to fall back
/// on.
pub fn plan_by(
    world: &World,
    rules: &Rules,
    from: LocationId,
    exit: &Exit,
    load: &Load,
    modes: &[Movement],
) -> Option<Trip> {
    let days = crossing_days(world, rules, from, exit);
    let weather = weather_for(world, rules, from, exit);
    let modes: Vec<Movement> = PREFERENCE
        .iter()
        .copied()
        .filter(|m| modes.contains(m))
        .collect();
    fastest(&days, weather, load, &modes)
}

/// The fastest of `modes` (in tie order) that `load` can use and `days`
/// lists.
fn fastest(
    days: &TravelDays,
    weather: Option<&Weather>,
    load: &Load,
    modes: &[Movement],
) -> Option<Trip> {
    modes
        .iter()
        .filter(|m| load.can(**m))
        .filter_map(|m| days.get(*m).map(|d| (*m, weathered(d, *m, weather))))
        .fold(None::<(Movement, u32)>, |best, (m, d)| match best {
            Some((_, b)) if b <= d => best,
            _ => Some((m, d)),
        })
        .map(|(mode, days)| Trip { mode, days })
}

/// The days a report's directions list for `exit` out of `from`
/// (OV-REP-027): walking where one can walk, else the first of riding,
/// climbing, sailing and flying that goes there; in the weather the
/// journey itself would meet ([`plan`]: the destination's, none into or
/// out of an inner location or under cover), so the list tells the days a
/// lightly laden unit takes. `None`: impassable.
pub fn listed_days(
    world: &World,
    rules: &Rules,
    from: LocationId,
    exit: &Exit,
) -> Option<(Movement, u32)> {
    let days = crossing_days(world, rules, from, exit);
    let weather = weather_for(world, rules, from, exit);
    [
        Movement::Walk,
        Movement::Ride,
        Movement::Climb,
        Movement::Swim,
        Movement::Fly,
    ]
    .into_iter()
    .find_map(|m| days.get(m).map(|d| (m, weathered(d, m, weather))))
}

/// Whether `exit` out of `from` leads into or out of an inner location.
pub fn is_inner_exit(world: &World, from: LocationId, exit: &Exit) -> bool {
    match (world.locations.get(from), world.locations.get(exit.to)) {
        (Some(here), Some(there)) => is_inner_move(here, from, exit.to, there),
        _ => false,
    }
}

/// The weather a crossing is made in: the destination's, none when it is
/// covered or the move is into or out of an inner location.
fn weather_for<'r>(
    world: &World,
    rules: &'r Rules,
    from: LocationId,
    exit: &Exit,
) -> Option<&'r Weather> {
    let here = world.locations.get(from)?;
    let there = world.locations.get(exit.to)?;
    if is_inner_move(here, from, exit.to, there) || terrain(rules, there)?.covered {
        return None;
    }
    rules.weathers.get(there.weather)
}
