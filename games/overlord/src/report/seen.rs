//! Who sees what, prepared once for all the reports of a turn: the
//! turn's events indexed by unit, place and reader ([`Index`]); who sees
//! whom at the turn's end ([`Eyes`]); and the places a faction's report
//! covers ([`covered`]).

use rustc_hash::{FxHashMap, FxHashSet};

use crate::turn::log::{Event, TurnLog, What};
use crate::turn::visibility::{self, Exposure, Glance, Sight};
use crate::world::{FactionId, LocationId, UnitId, World};

/// Units exposed on the month's last day (OV-REP-047): on guard, earning
/// coins, harvesting goods with weight.
pub fn final_exposure(rules: &crate::rules::Rules, log: &TurnLog) -> Exposed {
    let mut out: FxHashMap<UnitId, Exposure> = FxHashMap::default();
    for e in log.events.iter().filter(|e| e.day == 30) {
        let Some(u) = e.unit else { continue };
        let x = out.entry(u).or_default();
        match &e.what {
            What::Guarding => x.guarding = true,
            What::Earned { .. } => x.earning_cash = true,
            What::Harvested { item, .. }
                if rules.items.get(*item).is_some_and(|i| i.weight > 0) =>
            {
                x.harvesting = true;
            }
            _ => {}
        }
    }
    Exposed(out)
}

/// What each unit did on the last day that shows it whatever its stealth.
#[derive(Clone, Default, Debug)]
pub struct Exposed(FxHashMap<UnitId, Exposure>);

impl Exposed {
    pub fn of(&self, u: UnitId) -> Exposure {
        self.0.get(&u).copied().unwrap_or_default()
    }
}

/// Who sees whom at the turn's end: the world's [`Sight`] (built once for
/// every report) and what units did on the last day.
#[derive(Clone, Debug)]
pub struct Eyes {
    pub sight: Sight,
    pub exposed: Exposed,
    /// Units seen somewhere other than where they are listed (travellers
    /// past half their journey), by the place they are seen at.
    away: FxHashMap<LocationId, Vec<UnitId>>,
}

impl Eyes {
    pub fn new(world: &World, rules: &crate::rules::Rules, log: &TurnLog) -> Eyes {
        let sight = Sight::build(world, rules);
        let mut away: FxHashMap<LocationId, Vec<UnitId>> = FxHashMap::default();
        for (id, u) in world.units.iter() {
            if let Some(at) = sight.seen_at(id)
                && at != u.location
            {
                away.entry(at).or_default().push(id);
            }
        }
        Eyes {
            sight,
            exposed: final_exposure(rules, log),
            away,
        }
    }

    /// The units seen at `at` though listed elsewhere: stacks past half
    /// their journey to `at` (OV-MOVE-027), in the world's order.
    pub fn on_the_way_to(&self, at: LocationId) -> &[UnitId] {
        self.away.get(&at).map_or(&[], Vec::as_slice)
    }

    /// Whether `faction` sees `u`, and knows its faction.
    pub fn glance(&self, world: &World, faction: FactionId, u: UnitId) -> Glance {
        let x = self.exposed.of(u);
        let seen = self.sight.sees(world, faction, u, x);
        Glance {
            seen,
            recognized: seen && self.sight.recognizes(world, faction, u, x),
        }
    }
}

/// The locations a faction's report covers (OV-REP-019): where its units
/// are seen at the turn's end, and every place one of its units acted in
/// or passed through during the turn; in the world's order.
pub fn covered(world: &World, log: &TurnLog, index: &Index, mine: &[UnitId]) -> Vec<LocationId> {
    let mut places: FxHashSet<LocationId> = FxHashSet::default();
    for &u in mine {
        if let Some(at) = visibility::seen_at(world, u) {
            places.insert(at);
        }
        for e in index.of_unit(log, u) {
            if let Some(p) = e.place {
                places.insert(p);
            }
            match &e.what {
                What::Departed { from, .. } => {
                    places.insert(*from);
                }
                What::Arrived { at, .. } => {
                    places.insert(*at);
                }
                _ => {}
            }
        }
    }
    let mut out: Vec<LocationId> = places.into_iter().collect();
    out.sort_unstable();
    out
}

/// The turn's events indexed by unit and by place, built once for all
/// the reports of a turn.
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct Index {
    by_unit: FxHashMap<UnitId, Vec<At>>,
    by_place: FxHashMap<LocationId, Vec<At>>,
    by_reader: FxHashMap<FactionId, Vec<At>>,
    /// Events with a place, by reader and place: a city's events are many,
    /// the part one faction may read few.
    by_reader_at: FxHashMap<(FactionId, LocationId), Vec<At>>,
}

/// An event's place in the log: four bytes, not eight, since a large
/// game's index holds millions of them while every report is made.
type At = u32;

/// The events at `at` in the log.
fn events<'l>(log: &'l TurnLog, at: Option<&Vec<At>>) -> impl Iterator<Item = &'l Event> {
    at.into_iter()
        .flatten()
        .filter_map(|&i| log.events.get(usize::try_from(i).ok()?))
}

impl Index {
    pub fn new(log: &TurnLog) -> Index {
        let mut index = Index::default();
        index.add(0, &log.events);
        index
    }

    /// Index `events`, the log's events from `first` on, as they come: a
    /// turn's events indexed day by day while the turn runs give the index
    /// [`Index::new`] gives of the whole log, when every event is added
    /// once and in order.
    pub fn add(&mut self, first: usize, events: &[Event]) {
        for (i, e) in (first..).zip(events) {
            // A month never has four thousand million events.
            let Ok(i) = At::try_from(i) else { break };
            if let Some(u) = e.unit {
                self.by_unit.entry(u).or_default().push(i);
            }
            if let Some(p) = e.place {
                self.by_place.entry(p).or_default().push(i);
            }
            for &f in &e.seen_by {
                self.by_reader.entry(f).or_default().push(i);
                if let Some(p) = e.place {
                    self.by_reader_at.entry((f, p)).or_default().push(i);
                }
            }
        }
    }

    /// The events of one unit, in order.
    pub fn of_unit<'l>(&self, log: &'l TurnLog, u: UnitId) -> impl Iterator<Item = &'l Event> {
        events(log, self.by_unit.get(&u))
    }

    /// The events one faction may see, in order.
    pub fn seen_by<'l>(&self, log: &'l TurnLog, f: FactionId) -> impl Iterator<Item = &'l Event> {
        events(log, self.by_reader.get(&f))
    }

    /// The events at one place that one faction may see, in order.
    pub fn seen_at<'l>(
        &self,
        log: &'l TurnLog,
        f: FactionId,
        p: LocationId,
    ) -> impl Iterator<Item = &'l Event> {
        events(log, self.by_reader_at.get(&(f, p)))
    }

    /// The events at one place, in order.
    pub fn at<'l>(&self, log: &'l TurnLog, p: LocationId) -> impl Iterator<Item = &'l Event> {
        events(log, self.by_place.get(&p))
    }
}
