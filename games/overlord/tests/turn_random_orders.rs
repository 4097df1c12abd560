//! Any orders a player can write, however odd, are adjudicated without a
//! panic and leave a consistent world: random valid orders (every kind,
//! every prefix, ids that may or may not exist) for every unit of the
//! imported alpha game, three months running.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use umpire_overlord::generate::orders::OrderGen;
use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
use umpire_overlord::legacy::world::import;
use umpire_overlord::orders::{UnitRef, Vocabulary};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::{TurnLog, What, run_turn};
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

/// Whether an order's prefix repeats it (`@`, or a count): such an order
/// stays in the list after running, and its events tell of it.
fn repeats(order: &str) -> bool {
    let rest = order.trim_start_matches(['-', '+']);
    rest.starts_with('@') || rest.starts_with(|c: char| c.is_ascii_digit())
}

/// Every order a unit keeps for next month is told to its faction with
/// why, but a repeated order that ran. (Orders that left the list ran or
/// were dropped, and dropping says why.)
fn every_kept_order_is_told(w: &World, log: &TurnLog, what: &str) {
    let mut told: std::collections::HashMap<_, Vec<&str>> = std::collections::HashMap::new();
    for e in &log.events {
        if let (Some(u), What::OrderKept { order, why }) = (e.unit, &e.what) {
            assert!(!why.is_empty(), "{what}: {order} kept without a reason");
            let f = w.units[u].faction;
            assert!(
                e.seen_by.binary_search(&f).is_ok(),
                "{what}: the faction is not told of {order}"
            );
            told.entry(u).or_default().push(order.as_str());
        }
    }
    let mut kept = 0;
    for (u, unit) in w.units.iter() {
        if unit.gone {
            continue;
        }
        let said = told.get(&u).cloned().unwrap_or_default();
        for o in &unit.orders {
            kept += 1;
            assert!(
                said.contains(&o.as_str()) || repeats(o),
                "{what}: U{} keeps `{o}` for next month and its faction is not told why (told: {said:?})",
                unit.number
            );
        }
    }
    assert!(
        kept > 0,
        "{what}: no order was kept, so nothing was checked"
    );
    assert!(!told.is_empty(), "{what}: no kept order was told");
}

#[test]
fn ov_sch_022_every_order_kept_for_next_month_says_why_on_the_alpha_game() {
    let r = rules();
    let mut w = alpha();
    for month in 0..2 {
        scramble(&mut w, 77 + month, 8);
        let log = run_turn(&mut w, r, &[], 5);
        every_kept_order_is_told(&w, &log, &format!("alpha month {month}"));
    }
}

#[test]
fn ov_sch_022_every_order_kept_for_next_month_says_why_on_a_new_world() {
    let r = rules();
    let mut w = generate(
        r,
        &WorldParams {
            game: "kept".into(),
            seed: 11,
            factions: 6,
            size: MapSize::SMALL,
        },
    )
    .unwrap()
    .world;
    for month in 0..2 {
        scramble(&mut w, 91 + month, 8);
        let log = run_turn(&mut w, r, &[], 3);
        every_kept_order_is_told(&w, &log, &format!("new world month {month}"));
    }
}
