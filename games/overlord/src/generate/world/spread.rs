//! Where a new faction enters play when the city it chose is full
//! (decision OV-START-020, RULES-DECISIONS "World generator").
//!
//! The rules place a faction in the city of its starting position; they
//! say nothing of how many one city takes. Sign-ups come a few at a time
//! in a real game and the factions move on, so no city ever holds
//! thousands of new factions at once; a world made with 50,000 factions at
//! one go would, and every faction in the Imperial City would read the
//! other 20,000 units there in its report. So:
//!
//! - a place takes new factions up to one for every hundred people who
//!   live there, and at least one: the Imperial City about a hundred, an
//!   imperial city fifty, a border city forty, a colonial city twenty-five
//!   (five at a time, OV-START-009), a village nine, a farmed plain five
//!   to ten;
//! - a faction whose city is full enters at the nearest place with room,
//!   counting outwards over the land one can walk from its city (the
//!   settlements inside a hex before the hex itself, nearer hexes first,
//!   in the order of the exits), so Imperial starts fill the heartland
//!   around the Imperial City and colonial starts the land around their
//!   colony;
//! - when every place the city's land reaches is full, each of them takes
//!   as many again (an island colony fills up before the heartland does).
//!
//! Factions already in the world (a player joining a running game) count
//! against the place where they have a unit. A world of a few hundred
//! factions never fills a city, so only crowded worlds are spread.

use rustc_hash::{FxHashMap, FxHashSet};
use umpire_core::ids::TypedId;

use crate::rules::Rules;
use crate::world::{LocationId, Player, World};

/// People per new faction a place takes in one round.
pub const PEOPLE_PER_FACTION: u32 = 100;

/// The places new factions enter, and how many each has taken.
pub struct Spread {
    /// New factions in each place, by location index.
    loads: Vec<u32>,
    /// The places reached from each chosen city, nearest first, and the
    /// first of them that may still have room.
    walks: FxHashMap<LocationId, Walk>,
}

struct Walk {
    places: Vec<LocationId>,
    next: usize,
    /// How many times over the places may be filled.
    round: u32,
}

impl Spread {
    /// A spread of `world` as it is: a player faction with a unit in a
    /// place counts as one there.
    pub fn new(world: &World) -> Self {
        let mut loads = vec![0u32; world.locations.len()];
        let mut seen = FxHashSet::default();
        for u in world.units.values() {
            let human = world
                .factions
                .get(u.faction)
                .is_some_and(|f| f.player == Player::Human && !f.resigned);
            if human && !u.gone && seen.insert((u.location, u.faction)) {
                if let Some(n) = loads.get_mut(u.location.index()) {
                    *n += 1;
                }
            }
        }
        Spread {
            loads,
            walks: FxHashMap::default(),
        }
    }

    /// New factions a place takes in one round.
    pub fn capacity(world: &World, place: LocationId) -> u32 {
        world
            .locations
            .get(place)
            .map_or(1, |l| (l.population / PEOPLE_PER_FACTION).max(1))
    }

    /// Where a faction that chose `city` enters play (`city` itself while
    /// it has room), counted as entered.
    pub fn enter(&mut self, world: &World, rules: &Rules, city: LocationId) -> LocationId {
        if self.loads.len() < world.locations.len() {
            self.loads.resize(world.locations.len(), 0);
        }
        let walk = self.walks.entry(city).or_insert_with(|| Walk {
            places: reached(world, rules, city),
            next: 0,
            round: 1,
        });
        if walk.places.is_empty() {
            return city;
        }
        loop {
            while let Some(&place) = walk.places.get(walk.next) {
                let load = &mut self.loads[place.index()];
                if *load < Self::capacity(world, place).saturating_mul(walk.round) {
                    *load += 1;
                    return place;
                }
                walk.next += 1;
            }
            // Everything this city's land reaches is full: each place
            // takes as many again.
            walk.round += 1;
            walk.next = 0;
        }
    }
}

/// The places a faction that chose `city` may enter, nearest first: the
/// city, the other settlements of its hex, the hex, then the hexes one can
/// walk to, each ring in the order of the exits, a hex's settlements
/// before the hex.
fn reached(world: &World, rules: &Rules, city: LocationId) -> Vec<LocationId> {
    let Some(loc) = world.locations.get(city) else {
        return Vec::new();
    };
    let walkable = |l: LocationId| {
        world.locations.get(l).is_some_and(|x| {
            x.hex.is_some()
                && rules
                    .terrains
                    .get(x.terrain)
                    .is_some_and(|t| t.days.walk.is_some())
        })
    };
    let settlement = |l: LocationId| {
        world.locations.get(l).is_some_and(|x| {
            rules
                .terrains
                .get(x.terrain)
                .is_some_and(|t| matches!(t.tag.as_str(), "city" | "vill"))
        })
    };
    let mut inner: FxHashMap<LocationId, Vec<LocationId>> = FxHashMap::default();
    for (id, l) in world.locations.iter() {
        if let Some(o) = l.outer
            && settlement(id)
        {
            inner.entry(o).or_default().push(id);
        }
    }
    let start = loc.outer.unwrap_or(city);
    let mut places = vec![city];
    let mut seen = FxHashSet::default();
    seen.insert(start);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(hex) = queue.pop_front() {
        for &s in inner.get(&hex).map_or(&[][..], Vec::as_slice) {
            if s != city {
                places.push(s);
            }
        }
        if hex != city && walkable(hex) {
            places.push(hex);
        }
        for e in &world.locations[hex].exits {
            if walkable(e.to) && seen.insert(e.to) {
                queue.push_back(e.to);
            }
        }
    }
    places
}
