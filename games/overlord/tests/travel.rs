//! Travel physics: weights, capacities, the mode a stack
//! travels by and the days a crossing takes, on tiny hand-built worlds
//! with the bundled rules. One test per checklist item.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_overlord::orders::catalog::movement::Destination;
use umpire_overlord::orders::refs::LocationRef;
use umpire_overlord::orders::words::Direction as Word;
use umpire_overlord::rules::terrains::Direction;
use umpire_overlord::rules::{Movement, Rules};
use umpire_overlord::turn::travel::{
    Load, NoTrip, Trip, could_cover, cut_third, find_exit, overloaded_days, plan, stack_load,
    time::listed_days,
};
use umpire_overlord::world::faction::Player;
use umpire_overlord::world::unit::Effect;
use umpire_overlord::world::{Exit, Faction, FactionId, Location, LocationId, Unit, UnitId, World};

struct Map {
    w: World,
    r: Rules,
    f: FactionId,
}

impl Map {
    fn new() -> Map {
        let r = Rules::bundled().unwrap();
        let mut w = World::default();
        let f = w.factions.push(Faction::new(1, "One", Player::Human));
        Map { w, r, f }
    }

    fn loc(&mut self, terrain: &str, weather: &str) -> LocationId {
        let n = u32::try_from(self.w.locations.len()).unwrap() + 1;
        let l = Location::new(
            n,
            self.r.terrain(terrain).unwrap(),
            self.r.weather(weather).unwrap(),
        );
        self.w.locations.push(l)
    }

    /// `a` → `b` in `dir`, and back.
    fn link(&mut self, a: LocationId, dir: Direction, b: LocationId) {
        self.exit(a, dir, b, None, false);
        self.exit(b, dir.opposite(), a, None, false);
    }

    fn exit(
        &mut self,
        a: LocationId,
        direction: Direction,
        to: LocationId,
        only: Option<(Movement, u32)>,
        road: bool,
    ) -> Exit {
        let e = Exit {
            direction,
            to,
            only,
            road,
        };
        self.w.locations[a].exits.push(e);
        e
    }

    /// A unit of `figures` `race` at `at`, with (item, count, equipped).
    fn unit(
        &mut self,
        at: LocationId,
        race: &str,
        figures: u32,
        items: &[(&str, u64, u64)],
    ) -> UnitId {
        let n = u32::try_from(self.w.units.len()).unwrap() + 1;
        let mut u = Unit::new(n, self.f, self.r.race(race).unwrap(), figures, at);
        for (tag, count, eq) in items {
            u.add_items(self.r.item(tag).unwrap(), *count, *eq);
        }
        let id = self.w.units.push(u);
        self.w.locations[at].units.push(id);
        id
    }

    fn load(&self, u: UnitId) -> Load {
        Load::of_unit(&self.r, &self.w.units[u])
    }

    fn plan(&self, from: LocationId, exit: &Exit, u: UnitId) -> Result<Trip, NoTrip> {
        plan(
            &self.w,
            &self.r,
            from,
            exit,
            &stack_load(&self.w, &self.r, u),
        )
    }

    /// From a plains hex in fair weather to a `terrain` hex in `weather`.
    fn pair(&mut self, terrain: &str, weather: &str) -> (LocationId, Exit) {
        let a = self.loc("plai", "fair");
        let b = self.loc(terrain, weather);
        self.link(a, Direction::North, b);
        (a, *self.w.locations[a].exit(Direction::North).unwrap())
    }
}

fn trip(mode: Movement, days: u32) -> Result<Trip, NoTrip> {
    Ok(Trip { mode, days })
}

#[test]
fn ov_move_001_weightless_items_weigh_a_thousandth() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let u = m.unit(a, "ldr", 1, &[("coin", 3000, 0)]);
    let l = m.load(u);
    assert_eq!(l.weight_milli(), 73_000);
    assert_eq!(l.weight(), 73);
}

#[test]
fn ov_move_002_weight_is_rounded_down_and_compared_whole() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    // Leader 70 + anvil 30 + 999 coins = 100.999: reported 100, and the
    // leader's 100 walking carries it.
    let u = m.unit(a, "ldr", 1, &[("anvi", 1, 0), ("coin", 999, 0)]);
    let l = m.load(u);
    assert_eq!(l.weight_milli(), 100_999);
    assert_eq!(l.weight(), 100);
    assert_eq!(l.capacity(Movement::Walk), 100);
    assert!(l.can(Movement::Walk));
}

#[test]
fn ov_move_003_capacity_sums_figures_items_skills_and_enchantments() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let u = m.unit(a, "ldr", 10, &[]);
    assert_eq!(m.load(u).capacity(Movement::Walk), 1000);
    // Hillswalk 1 adds 10 walking per figure.
    let hiwk = m.r.skill("hiwk").unwrap();
    m.w.units[u].learn(hiwk, 3000);
    assert_eq!(m.load(u).capacity(Movement::Walk), 1100);
    // Plainswalk 2 adds 20 riding per figure (not 10 + 20).
    let plwk = m.r.skill("plwk").unwrap();
    m.w.units[u].learn(plwk, 9000);
    assert_eq!(m.load(u).capacity(Movement::Ride), 200);
    // An enchantment of flight adds 75 flying per figure.
    let effflyi =
        m.r.enchantments
            .iter()
            .find(|(_, e)| e.tag == "effflyi")
            .unwrap()
            .0;
    m.w.units[u].effects.push(Effect {
        enchantment: effflyi,
        days: 10,
    });
    assert_eq!(m.load(u).capacity(Movement::Fly), 750);
    // Swimming is sailing: an undine carries 105 sailing.
    let o = m.unit(a, "ondi", 2, &[]);
    assert_eq!(m.load(o).capacity(Movement::Swim), 210);
}

#[test]
fn ov_move_004_unequipped_horses_keep_their_riding_capacity() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let led = m.unit(a, "hero", 1, &[("hrse", 1, 0)]);
    assert_eq!(m.load(led).capacity(Movement::Ride), 20 + 95);
    assert_eq!(m.load(led).capacity(Movement::Walk), 100 + 120);
    let ridden = m.unit(a, "hero", 1, &[("hrse", 1, 1)]);
    assert_eq!(m.load(ridden).capacity(Movement::Ride), 20 + 200);
    assert_eq!(m.load(ridden).capacity(Movement::Walk), 100 + 120);
}

#[test]
fn ov_move_005_sample_hero_weighs_480_walks_591_rides_515() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let u = m.unit(
        a,
        "hero",
        1,
        &[("hrse", 4, 1), ("houn", 1, 1), ("coin", 999, 0)],
    );
    let l = m.load(u);
    assert_eq!(l.weight(), 480);
    assert_eq!(l.capacity(Movement::Walk), 591);
    assert_eq!(l.capacity(Movement::Ride), 515);
    assert!(l.can(Movement::Ride));
}

#[test]
fn ov_stk_007_a_stack_adds_every_weight_and_capacity() {
    let mut m = Map::new();
    let (a, e) = m.pair("plai", "fair");
    // The leader rides alone (170 weight, 220 riding); a man with ten
    // stones (270 on 100 walking) cannot move alone; a substack leader
    // leads twenty spare horses (2070 weight, 2500 walking, 1900 riding).
    let leader = m.unit(a, "hero", 1, &[("hrse", 1, 1)]);
    let sub = m.unit(a, "ldr", 1, &[("hrse", 20, 0)]);
    let man = m.unit(a, "ldr", 1, &[("ston", 10, 0)]);
    assert_eq!(m.plan(a, &e, leader), trip(Movement::Ride, 6));
    assert_eq!(
        m.plan(a, &e, man),
        Err(NoTrip::Overloaded {
            weight: 270,
            capacity: 100
        })
    );
    m.w.units[sub].stack_parent = Some(leader);
    m.w.units[man].stack_parent = Some(sub);
    let total = stack_load(&m.w, &m.r, leader);
    assert_eq!(total.weight(), 170 + 2070 + 270);
    assert_eq!(total.capacity(Movement::Ride), 220 + 1900);
    assert_eq!(total.capacity(Movement::Walk), 220 + 2500 + 100);
    // Together they cannot ride (2120 < 2510) but all walk, unburdened.
    assert_eq!(m.plan(a, &e, leader), trip(Movement::Walk, 9));
    // The substack alone is what its leader leads.
    assert_eq!(stack_load(&m.w, &m.r, sub).weight(), 2070 + 270);
}

#[test]
fn ov_move_006_the_fastest_usable_mode_is_taken() {
    let mut m = Map::new();
    let (a, e) = m.pair("plai", "fair");
    let rider = m.unit(a, "hero", 1, &[("hrse", 1, 1)]);
    assert_eq!(m.plan(a, &e, rider), trip(Movement::Ride, 6));
    // Two stones (210 on 220) still ride.
    let heavy = m.unit(a, "hero", 1, &[("hrse", 1, 1), ("ston", 2, 0)]);
    assert_eq!(m.load(heavy).weight(), 210);
    assert_eq!(m.plan(a, &e, heavy), trip(Movement::Ride, 6));
    // Without a mount, walking is the only way.
    let walker = m.unit(a, "ldr", 1, &[("ston", 1, 0)]);
    assert_eq!(m.plan(a, &e, walker), trip(Movement::Walk, 9));
}

#[test]
fn ov_move_007_days_come_from_the_destination_terrain_and_roads() {
    let mut m = Map::new();
    let (a, e) = m.pair("hill", "fair");
    let u = m.unit(a, "ldr", 1, &[]);
    assert_eq!(m.plan(a, &e, u), trip(Movement::Walk, 13));
    let back = *m.w.locations[e.to].exit(Direction::South).unwrap();
    let v = m.unit(e.to, "ldr", 1, &[]);
    assert_eq!(m.plan(e.to, &back, v), trip(Movement::Walk, 9));
    // A road takes a third off: 13 − 4 = 9.
    let b = m.loc("hill", "fair");
    let road = m.exit(a, Direction::NorthEast, b, None, true);
    assert_eq!(m.plan(a, &road, u), trip(Movement::Walk, 9));
}

#[test]
fn ov_move_008_riding_cuts_a_third_rounded_down() {
    let m0 = Map::new();
    // The data's riding days are walking days less a third, rounded down.
    for t in m0.r.terrains.values() {
        if let (Some(w), Some(r)) = (t.days.walk, t.days.ride) {
            assert_eq!(r, w - w / 3, "{}", t.tag);
            assert_eq!(r, cut_third(w), "{}", t.tag);
        }
    }
    assert_eq!(cut_third(13), 9);
    let mut m = Map::new();
    let (a, e) = m.pair("hill", "fair");
    let rider = m.unit(a, "hero", 1, &[("hrse", 1, 1)]);
    assert_eq!(m.plan(a, &e, rider), trip(Movement::Ride, 9));
    // On a road riding loses a third again: 9 − 3 = 6.
    let b = m.loc("hill", "fair");
    let road = m.exit(a, Direction::NorthEast, b, None, true);
    assert_eq!(m.plan(a, &road, rider), trip(Movement::Ride, 6));
    // Forest lists no riding days: riders walk there.
    let (f, fe) = m.pair("fore", "fair");
    let r2 = m.unit(f, "hero", 1, &[("hrse", 1, 1)]);
    assert_eq!(m.plan(f, &fe, r2), trip(Movement::Walk, 15));
}

#[test]
fn ov_move_009_flying_takes_the_terrains_flying_days_anywhere() {
    let mut m = Map::new();
    let (a, plains) = m.pair("plai", "fair");
    let flyer = m.unit(a, "wman", 1, &[]);
    assert!(!m.load(flyer).can(Movement::Walk));
    assert_eq!(m.plan(a, &plains, flyer), trip(Movement::Fly, 4));
    let (b, ocean) = m.pair("ocea", "fair");
    let f2 = m.unit(b, "wman", 1, &[]);
    assert_eq!(m.plan(b, &ocean, f2), trip(Movement::Fly, 4));
    // Mountains cannot be walked; the data gives flying 10 days there.
    let (c, moun) = m.pair("moun", "fair");
    let f3 = m.unit(c, "wman", 1, &[]);
    assert_eq!(m.plan(c, &moun, f3), trip(Movement::Fly, 10));
    let w = m.unit(c, "ldr", 1, &[]);
    assert_eq!(m.plan(c, &moun, w), Err(NoTrip::Impassable));
}

#[test]
fn ov_move_010_a_flyer_walks_when_walking_is_faster() {
    let mut m = Map::new();
    // Storm: flying at least 15 days, walking 9 × 1.5 = 13.5 → 14.
    let (a, e) = m.pair("plai", "storm");
    let u = m.unit(a, "afre", 1, &[]);
    let l = m.load(u);
    assert!(l.can(Movement::Fly) && l.can(Movement::Walk));
    assert_eq!(m.plan(a, &e, u), trip(Movement::Walk, 14));
    // In fair weather flying (4) beats walking (9).
    let (b, f) = m.pair("plai", "fair");
    let v = m.unit(b, "afre", 1, &[]);
    assert_eq!(m.plan(b, &f, v), trip(Movement::Fly, 4));
}

#[test]
fn ov_move_011_flying_beats_sailing_when_at_least_as_fast() {
    let mut m = Map::new();
    // A wraith can walk, ride, fly and swim. Ocean: flying 4, sailing 5.
    let (a, e) = m.pair("ocea", "fair");
    let u = m.unit(a, "wrai", 1, &[]);
    assert_eq!(m.plan(a, &e, u), trip(Movement::Fly, 4));
    // Wind: flying at least 5, sailing 5 × 0.75 → 4: sailing is faster.
    let (b, w) = m.pair("ocea", "wind");
    let v = m.unit(b, "wrai", 1, &[]);
    assert_eq!(m.plan(b, &w, v), trip(Movement::Swim, 4));
    // A tie goes to flying: lake in fair weather with flying at 4 and an
    // explicit sailing exit of 4.
    let c = m.loc("ocea", "fair");
    let d = m.loc("ocea", "fair");
    let s = m.exit(c, Direction::Port, d, Some((Movement::Swim, 4)), false);
    m.exit(c, Direction::Port, d, Some((Movement::Fly, 4)), false);
    let x = m.unit(c, "wrai", 1, &[]);
    assert_eq!(m.plan(c, &s, x), trip(Movement::Fly, 4));
}

#[test]
fn ov_move_012_sailing_only_on_water_or_onto_its_shore() {
    let mut m = Map::new();
    let land = m.loc("plai", "fair");
    let sea = m.loc("ocea", "fair");
    let inland = m.loc("plai", "fair");
    m.link(land, Direction::North, sea);
    m.link(land, Direction::South, inland);
    let out = *m.w.locations[land].exit(Direction::North).unwrap();
    let ashore = *m.w.locations[sea].exit(Direction::South).unwrap();
    let south = *m.w.locations[land].exit(Direction::South).unwrap();
    // Undines sail (105) but cannot walk (45 < 70).
    let u = m.unit(land, "ondi", 1, &[]);
    assert_eq!(m.plan(land, &out, u), trip(Movement::Swim, 5));
    let v = m.unit(sea, "ondi", 1, &[]);
    assert_eq!(m.plan(sea, &ashore, v), trip(Movement::Swim, 5));
    // Inland, sailing is no way: the undine can only walk overloaded
    // (70 on 45: 55.6% over, 9 days × (1 + 3 × 25/45) = 24).
    assert_eq!(m.plan(land, &south, u), trip(Movement::Walk, 24));
}

#[test]
fn ov_move_013_coastal_sailing_takes_twice_the_walking_time() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let b = m.loc("plai", "fair");
    let sea = m.loc("ocea", "fair");
    m.link(a, Direction::North, b);
    m.link(a, Direction::NorthEast, sea);
    m.link(b, Direction::SouthEast, sea);
    let e = *m.w.locations[a].exit(Direction::North).unwrap();
    // A kelpie sails 200 and walks 99 with weight 100.
    let u = m.unit(a, "kelp", 1, &[]);
    assert_eq!(m.plan(a, &e, u), trip(Movement::Swim, 18));
    // A walker still walks 9.
    let w = m.unit(a, "ldr", 1, &[]);
    assert_eq!(m.plan(a, &e, w), trip(Movement::Walk, 9));
}

#[test]
fn ov_move_014_impassable_without_a_mode_that_goes_there() {
    let mut m = Map::new();
    let (a, ocean) = m.pair("ocea", "fair");
    let walker = m.unit(a, "hero", 1, &[("hrse", 1, 1)]);
    assert_eq!(m.plan(a, &ocean, walker), Err(NoTrip::Impassable));
    let (b, lava) = m.pair("lsea", "fair");
    let sailor = m.unit(b, "ondi", 1, &[]);
    assert_eq!(m.plan(b, &lava, sailor), Err(NoTrip::Impassable));
}

#[test]
fn ov_move_015_an_explicit_exit_is_only_for_its_mode() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let b = m.loc("plai", "fair");
    let e = m.exit(a, Direction::Port, b, Some((Movement::Swim, 4)), false);
    let walker = m.unit(a, "ldr", 1, &[]);
    assert_eq!(m.plan(a, &e, walker), Err(NoTrip::Impassable));
    let sailor = m.unit(a, "ondi", 1, &[]);
    assert_eq!(m.plan(a, &e, sailor), trip(Movement::Swim, 4));
}

#[test]
fn ov_move_016_every_trip_takes_at_least_a_day() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let b = m.loc("plai", "fair");
    let e = m.exit(a, Direction::Portal, b, Some((Movement::Walk, 0)), false);
    let u = m.unit(a, "ldr", 1, &[]);
    assert_eq!(m.plan(a, &e, u), trip(Movement::Walk, 1));
}

#[test]
fn ov_move_017_inner_locations_are_one_day_away() {
    let mut m = Map::new();
    let hex = m.loc("plai", "storm");
    let city = m.loc("city", "storm");
    m.w.locations[city].outer = Some(hex);
    let u = m.unit(hex, "ldr", 1, &[]);
    let city_no = m.w.locations[city].number;
    let hex_no = m.w.locations[hex].number;
    // No IN/OUT exits recorded: the order's location finds the way.
    let inn = find_exit(&m.w, hex, Destination::Location(LocationRef(city_no))).unwrap();
    assert_eq!((inn.direction, inn.to), (Direction::In, city));
    let out = find_exit(&m.w, city, Destination::Direction(Word::Out)).unwrap();
    assert_eq!((out.direction, out.to), (Direction::Out, hex));
    let out2 = find_exit(&m.w, city, Destination::Location(LocationRef(hex_no))).unwrap();
    assert_eq!(out2, out);
    // One day either way, storm or not (inner locations are sheltered).
    assert_eq!(m.plan(hex, &inn, u), trip(Movement::Walk, 1));
    let v = m.unit(city, "hero", 1, &[("hrse", 1, 1)]);
    assert_eq!(m.plan(city, &out, v), trip(Movement::Ride, 1));
}

#[test]
fn ov_move_018_overload_adds_three_times_its_proportion_up_to_100_percent() {
    let mut m = Map::new();
    let (a, e) = m.pair("plai", "fair");
    // 110 on 100: 10% over, 30% longer: 9 × 1.3 = 11.7 → 12.
    let u = m.unit(a, "ldr", 1, &[("ston", 2, 0)]);
    assert_eq!(m.plan(a, &e, u), trip(Movement::Walk, 12));
    // 210 on 100: 110% over, no move.
    let v = m.unit(a, "ldr", 1, &[("ston", 7, 0)]);
    assert_eq!(
        m.plan(a, &e, v),
        Err(NoTrip::Overloaded {
            weight: 210,
            capacity: 100
        })
    );
    // Exactly 100% over is already too much; just under is not.
    assert_eq!(overloaded_days(9, 200, 100), None);
    assert_eq!(overloaded_days(9, 199, 100), Some(36));
}

#[test]
fn ov_move_019_an_overloaded_trip_of_sixty_days_stays_put() {
    let mut m = Map::new();
    // Swamp: 25 days; 170 on 100 is 70% over: 25 × 3.1 = 77.5 → 78.
    let (a, e) = m.pair("swmp", "fair");
    let u = m.unit(a, "ldr", 1, &[("ston", 5, 0)]);
    assert_eq!(m.plan(a, &e, u), Err(NoTrip::TooHeavy { days: 78 }));
    // 130 on 100 into hills: 13 × 1.9 = 24.7 → 25, and it goes.
    let (b, h) = m.pair("hill", "fair");
    let v = m.unit(b, "ldr", 1, &[("ston", 3, 0)]);
    assert_eq!(m.plan(b, &h, v), trip(Movement::Walk, 25));
}

/// Walking, riding and flying trips into plains and a sailing trip into
/// ocean, in `weather`.
fn weather_trips(weather: &str) -> [Result<Trip, NoTrip>; 4] {
    let mut m = Map::new();
    let (a, e) = m.pair("plai", weather);
    let w = m.unit(a, "ldr", 1, &[]);
    let r = m.unit(a, "hero", 1, &[("hrse", 1, 1)]);
    let f = m.unit(a, "wman", 1, &[]);
    let (b, o) = m.pair("ocea", weather);
    let s = m.unit(b, "ondi", 1, &[]);
    [
        m.plan(a, &e, w),
        m.plan(a, &e, r),
        m.plan(a, &e, f),
        m.plan(b, &o, s),
    ]
}

#[test]
fn ov_move_020_rain_slows_walking_and_riding_by_a_fifth_and_flying_to_six_days() {
    assert_eq!(
        weather_trips("rain"),
        [
            trip(Movement::Walk, 11), // 10.8
            trip(Movement::Ride, 8),  // 7.2
            trip(Movement::Fly, 6),
            trip(Movement::Swim, 5),
        ]
    );
}

#[test]
fn ov_move_021_wind_slows_flying_to_five_days_and_speeds_sailing_a_quarter() {
    assert_eq!(
        weather_trips("wind"),
        [
            trip(Movement::Walk, 9),
            trip(Movement::Ride, 6),
            trip(Movement::Fly, 5),
            trip(Movement::Swim, 4), // 3.75
        ]
    );
}

#[test]
fn ov_move_022_storm_slows_walking_riding_flying_and_sailing() {
    assert_eq!(
        weather_trips("storm"),
        [
            trip(Movement::Walk, 14), // 13.5
            trip(Movement::Ride, 9),
            trip(Movement::Fly, 15),
            trip(Movement::Swim, 10),
        ]
    );
}

#[test]
fn ov_move_023_fair_and_sunny_weather_change_nothing() {
    let calm = [
        trip(Movement::Walk, 9),
        trip(Movement::Ride, 6),
        trip(Movement::Fly, 4),
        trip(Movement::Swim, 5),
    ];
    assert_eq!(weather_trips("fair"), calm);
    assert_eq!(weather_trips("sun"), calm);
}

#[test]
fn ov_move_024_seasons_act_on_travel_only_through_their_weather() {
    let r = Rules::bundled().unwrap();
    for s in r.seasons.values() {
        assert!(s.bonuses.movement.is_empty(), "{}", s.tag);
    }
    let winter = r.seasons.values().find(|s| s.tag == "winter").unwrap();
    let rain = r.weather("rain").unwrap();
    assert!(winter.weather.iter().any(|w| w.weather.id() == rain));
}

#[test]
fn ov_move_034_a_guard_covers_only_the_ways_it_could_travel() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let id = m.unit(a, "ldr", 1, &[]);
    let walker = m.load(id);
    assert!(could_cover(&walker, Movement::Walk));
    assert!(could_cover(&walker, Movement::Ride));
    assert!(!could_cover(&walker, Movement::Fly));
    assert!(!could_cover(&walker, Movement::Swim));
    let id = m.unit(a, "lwel", 1, &[]);
    let sailor = m.load(id);
    assert!(could_cover(&sailor, Movement::Swim));
    assert!(!could_cover(&sailor, Movement::Walk));
    let id = m.unit(a, "afre", 1, &[]);
    let flyer = m.load(id);
    assert!(could_cover(&flyer, Movement::Fly));
    assert!(could_cover(&flyer, Movement::Walk));
}

#[test]
fn orders_name_exits_by_direction_or_location() {
    let mut m = Map::new();
    let a = m.loc("plai", "fair");
    let b = m.loc("hill", "fair");
    m.link(a, Direction::NorthEast, b);
    let by_dir = find_exit(&m.w, a, Destination::Direction(Word::NE)).unwrap();
    assert_eq!(by_dir.to, b);
    let no = m.w.locations[b].number;
    let by_loc = find_exit(&m.w, a, Destination::Location(LocationRef(no))).unwrap();
    assert_eq!(by_loc, by_dir);
    assert_eq!(find_exit(&m.w, a, Destination::Direction(Word::S)), None);
    assert_eq!(
        find_exit(&m.w, a, Destination::Location(LocationRef(99))),
        None
    );
    assert_eq!(find_exit(&m.w, a, Destination::Direction(Word::Out)), None);
}

#[test]
fn weather_travel_tables_are_checked_when_the_rules_load() {
    let mut sources = umpire_overlord::rules::bundled_sources();
    let climate = sources
        .iter_mut()
        .find(|s| s.name.ends_with("climate.toml"))
        .unwrap();
    climate.text = climate.text.replace(
        r#"{ mode = "swim", percent = -25 }"#,
        r#"{ mode = "fly", percent = -100 }"#,
    );
    let err = Rules::from_sources(&sources).unwrap_err().to_string();
    assert!(err.contains("100% or more"), "{err}");
    assert!(err.contains("listed twice"), "{err}");
}

#[test]
fn ov_rep_027_the_directions_list_the_days_the_journey_takes() {
    let mut m = Map::new();
    // From fair plains into a storm in the hills: the journey meets the
    // destination's storm, and so do the listed days (not the fair sky
    // the unit stands under).
    let (a, north) = m.pair("hill", "storm");
    let walker = m.unit(a, "ldr", 1, &[]);
    let journey = m.plan(a, &north, walker).unwrap();
    assert_eq!(journey.mode, Movement::Walk);
    assert_eq!(
        listed_days(&m.w, &m.r, a, &north),
        Some((Movement::Walk, journey.days))
    );
    let fair_days = m.r.terrains[m.r.terrain("hill").unwrap()]
        .days
        .walk
        .unwrap();
    assert!(journey.days > fair_days, "{journey:?} vs {fair_days}");
    // Into and out of an inner location in a storm: one day, as the
    // journey.
    let hex = m.loc("plai", "storm");
    let city = m.loc("city", "storm");
    m.w.locations[city].outer = Some(hex);
    m.link(hex, Direction::In, city);
    let inn = *m.w.locations[hex].exit(Direction::In).unwrap();
    let u = m.unit(hex, "ldr", 1, &[]);
    assert_eq!(m.plan(hex, &inn, u), trip(Movement::Walk, 1));
    assert_eq!(
        listed_days(&m.w, &m.r, hex, &inn),
        Some((Movement::Walk, 1))
    );
}

#[test]
fn ov_move_climbing_comes_with_2nd_mountainwalk() {
    let mut m = Map::new();
    let (a, north) = m.pair("moun", "fair");
    let climb = m.r.terrains[m.r.terrain("moun").unwrap()]
        .days
        .climb
        .unwrap();
    let mnwk = m.r.skill("mnwk").unwrap();
    let plain = m.unit(a, "ldr", 1, &[]);
    let novice = m.unit(a, "ldr", 1, &[]);
    let walker = m.unit(a, "ldr", 1, &[]);
    m.w.units[novice].learn(mnwk, m.r.skills[mnwk].levels[0].experience);
    m.w.units[walker].learn(mnwk, m.r.skills[mnwk].levels[1].experience);
    assert_eq!(m.plan(a, &north, plain), Err(NoTrip::Impassable));
    assert_eq!(m.plan(a, &north, novice), Err(NoTrip::Impassable));
    // 2nd mountainwalk climbs with the legs it walks on: 100 capacity.
    assert_eq!(m.load(walker).capacity(Movement::Climb), 100);
    assert_eq!(m.plan(a, &north, walker), trip(Movement::Climb, climb));
}
