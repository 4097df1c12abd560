//! Any orders a player can write, however odd, are adjudicated without a
//! panic and leave a consistent world: random valid orders (every kind,
//! every prefix, ids that may or may not exist) for every unit of the
//! imported alpha game, three months running.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use umpire_overlord::generate::orders::OrderGen;
use umpire_overlord::legacy::world::import;
use umpire_overlord::orders::{UnitRef, Vocabulary};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::run_turn;
use umpire_overlord::world::World;

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::bundled().unwrap())
}

fn alpha() -> World {
    import(&common::alpha_game_files(), rules()).world
}

/// Give every unit `n` random orders, as if they were pending.
fn scramble(w: &mut World, seed: u64, n: usize) {
    let vocab = Vocabulary::builtin();
    let numbers: Vec<(u32, u32)> = w
        .units
        .values()
        .map(|u| (u.number, w.factions[u.faction].number))
        .collect();
    for (i, u) in w.units.values_mut().enumerate() {
        let (me, faction) = numbers[i];
        let mut g = OrderGen::new(seed ^ (u64::from(me) << 20), vocab);
        g.faction = faction;
        g.me = UnitRef::Id(me);
        u.orders = (0..n).map(|_| g.order().to_string()).collect();
    }
}

#[test]
fn random_orders_never_break_the_world() {
    let cases: u64 = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(3);
    let r = rules();
    for seed in 0..cases {
        let mut w = alpha();
        for month in 0..3 {
            scramble(&mut w, seed * 31 + month, 8);
            let log = run_turn(&mut w, r, &[], seed);
            let problems = w.check();
            assert!(
                problems.is_empty(),
                "seed {seed} month {month}: {problems:?}"
            );
            assert!(w.check_rules(r).is_empty());
            assert!(log.events.iter().all(|e| e.day <= 31));
        }
    }
}
