//! Next month's weather, fixed at the month's end (OV-WLD-028, 033..035).
//!
//! Every territory (a location that is not inside another) draws its
//! weather from the odds of the *next* month's season (`climate.toml`);
//! then every neighbour of a storm that drew fair or sunny weather gets
//! wind or rain (OV-WLD-033, [`spread_storms`], the generator's rule for
//! the first month). Inner locations take their containing location's
//! weather, which is what their occupants' reports show (OV-WLD-035).
//! The dice are the turn's, derived under the label `weather`.

use super::super::calendar;
use super::super::state::Turn;
use crate::rules::WeatherId;
use crate::rules::climate::spread_storms;
use crate::world::LocationId;
use umpire_core::ids::TypedId;

pub fn next_month(t: &mut Turn<'_>) {
    let next = t.log.turn + 1;
    let Some(season) = calendar::season(t.rules, next).and_then(|s| t.rules.seasons.get(s)) else {
        return;
    };
    let mut dice = t.dice.derive("weather");
    let territories: Vec<LocationId> = t
        .world
        .locations
        .iter()
        .filter(|(_, l)| l.outer.is_none())
        .map(|(id, _)| id)
        .collect();
    // Territory index by location index.
    let mut slot: Vec<Option<usize>> = vec![None; t.world.locations.len()];
    for (i, l) in territories.iter().enumerate() {
        slot[l.index()] = Some(i);
    }
    let mut weather: Vec<WeatherId> = territories
        .iter()
        .map(|&l| {
            let now = t.world.locations[l].weather;
            season.draw(&mut dice).unwrap_or(now)
        })
        .collect();
    let world = &*t.world;
    spread_storms(
        t.rules,
        &mut weather,
        |i| {
            world.locations[territories[i]]
                .exits
                .iter()
                .filter_map(|e| slot.get(e.to.index()).copied().flatten())
                .collect()
        },
        &mut dice,
    );
    for (i, &l) in territories.iter().enumerate() {
        t.world.locations[l].weather = weather[i];
    }
    for l in t.world.locations.ids() {
        if let Some(outer) = outermost(t, l)
            && outer != l
        {
            t.world.locations[l].weather = t.world.locations[outer].weather;
        }
    }
}

/// The territory a location lies in (itself for a territory).
fn outermost(t: &Turn<'_>, l: LocationId) -> Option<LocationId> {
    let mut cur = l;
    // An inner location is never nested deeper than there are locations.
    for _ in 0..t.world.locations.len() {
        match t.world.locations.get(cur)?.outer {
            Some(o) => cur = o,
            None => return Some(cur),
        }
    }
    None
}
