//! Walking days around a seat, worked out once a turn (the weather does
//! not count): how far a land title reaches (OV-TTL-011..017).

use rustc_hash::FxHashMap;

use super::time::crossing_days;
use crate::rules::Rules;
use crate::world::{LocationId, World};

/// The walking days from a seat to every location within some bound,
/// worked out once a turn (the weather does not count).
#[derive(Clone, Debug, Default)]
pub struct Areas {
    within: FxHashMap<(LocationId, u32), FxHashMap<LocationId, u32>>,
    /// The locations lying inside each location.
    inner: Option<FxHashMap<LocationId, Vec<LocationId>>>,
}

impl Areas {
    /// Locations within `bound` walking days of `seat`, with their days.
    pub fn around(
        &mut self,
        world: &World,
        rules: &Rules,
        seat: LocationId,
        bound: u32,
    ) -> &FxHashMap<LocationId, u32> {
        let inner = self.inner.get_or_insert_with(|| {
            let mut m: FxHashMap<LocationId, Vec<LocationId>> = FxHashMap::default();
            for (id, l) in world.locations.iter() {
                if let Some(o) = l.outer {
                    m.entry(o).or_default().push(id);
                }
            }
            m
        });
        self.within
            .entry((seat, bound))
            .or_insert_with(|| walking_days(world, rules, inner, seat, bound))
    }
}

/// Shortest walks from `from`, up to `bound` days (Dijkstra over exits,
/// inner locations free).
pub fn walking_days(
    world: &World,
    rules: &Rules,
    inner_of: &FxHashMap<LocationId, Vec<LocationId>>,
    from: LocationId,
    bound: u32,
) -> FxHashMap<LocationId, u32> {
    let mut best: FxHashMap<LocationId, u32> = FxHashMap::default();
    let mut heap = std::collections::BinaryHeap::new();
    best.insert(from, 0);
    heap.push(std::cmp::Reverse((0u32, from)));
    while let Some(std::cmp::Reverse((d, here))) = heap.pop() {
        if best.get(&here).is_some_and(|&b| b < d) {
            continue;
        }
        let Some(loc) = world.locations.get(here) else {
            continue;
        };
        let mut next: Vec<(LocationId, u32)> = Vec::new();
        for e in &loc.exits {
            let inner = world
                .locations
                .get(e.to)
                .is_some_and(|x| x.outer == Some(here))
                || loc.outer == Some(e.to);
            if inner {
                next.push((e.to, 0));
            } else if let Some(w) = crossing_days(world, rules, here, e).walk {
                next.push((e.to, w));
            }
        }
        if let Some(o) = loc.outer {
            next.push((o, 0));
        }
        for &i in inner_of.get(&here).map_or(&[][..], Vec::as_slice) {
            next.push((i, 0));
        }
        for (to, w) in next {
            let nd = d.saturating_add(w);
            if nd > bound {
                continue;
            }
            if best.get(&to).is_none_or(|&b| nd < b) {
                best.insert(to, nd);
                heap.push(std::cmp::Reverse((nd, to)));
            }
        }
    }
    best
}
