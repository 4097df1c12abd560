//! Whole turns on whole worlds: the imported alpha game runs a month on its
//! own `orders.0`, and generated worlds with bot orders replay bit for bit.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
use umpire_overlord::legacy::world::import;
use umpire_overlord::rules::Rules;
use umpire_overlord::save::save;
use umpire_overlord::turn::{NoEconomy, What, run_turn, run_turn_with};
use umpire_overlord::world::{Player, World};

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::bundled().unwrap())
}

#[test]
fn alpha_runs_a_full_turn_on_its_own_orders() {
    let r = rules();
    let mut w = import(&common::alpha_game_files(), r).world;
    let turn = w.turn;
    let seed = w.seed;
    let log = run_turn(&mut w, r, &[], seed);
    assert_eq!(w.turn, turn + 1);
    assert!(w.check().is_empty(), "{:?}", w.check());
    assert!(w.check_rules(r).is_empty());
    let count = |f: fn(&What) -> bool| log.events.iter().filter(|e| f(&e.what)).count();
    // The sample's pending MOVEs and CARAVANs set out, and some arrive
    // within the month.
    assert!(count(|w| matches!(w, What::Departed { .. })) >= 10);
    assert!(count(|w| matches!(w, What::Arrived { .. })) >= 5);
    // Every player faction is checked for control points after day 1.
    let humans = w
        .factions
        .values()
        .filter(|f| f.player == Player::Human)
        .count();
    assert_eq!(count(|w| matches!(w, What::ControlChecked { .. })), humans);
    // Every event says who may see it.
    assert!(
        log.events
            .iter()
            .all(|e| !e.seen_by.is_empty() && e.seen_by.windows(2).all(|p| p[0] < p[1]))
    );
    // A second month runs on what the first left.
    let log2 = run_turn(&mut w, r, &[], seed);
    assert!(w.check().is_empty(), "{:?}", w.check());
    assert_eq!(log2.turn, turn + 2);
}

/// `before` with what the month's production events say came and went.
fn coin() -> usize {
    umpire_core::ids::TypedId::index(rules().item("coin").unwrap())
}

fn produced(
    log: &umpire_overlord::turn::TurnLog,
    mut before: std::collections::BTreeMap<usize, u64>,
) -> std::collections::BTreeMap<usize, u64> {
    use umpire_core::ids::TypedId;
    for e in &log.events {
        match &e.what {
            What::Harvested { item, count, .. } | What::Produced { item, count, .. } => {
                *before.entry(item.index()).or_insert(0) += count;
            }
            // A summoning's items come with the creatures (none in the data
            // for world spells today).
            What::Summoned { items, .. } => {
                for (item, n) in items {
                    *before.entry(item.index()).or_insert(0) += n;
                }
            }
            // Taxing, entertainment and pillage bring coins from the land's
            // purses, which are not goods.
            What::Earned { coins, .. } => {
                *before.entry(coin()).or_insert(0) += coins;
            }
            What::Pillaged {
                taxes,
                wages,
                entertainment,
            } => {
                *before.entry(coin()).or_insert(0) += taxes + wages + entertainment;
            }
            // Drowned figures take their equipment down (OV-MOVE-029).
            // Battles: the goods of the slain that perished, and spell
            // components used up.
            What::MaterialsUsed { items, .. }
            | What::Drowned { items, .. }
            | What::Perished { items }
            | What::BattleLosses { spent: items, .. } => {
                for (item, n) in items {
                    let c = before.entry(item.index()).or_insert(0);
                    *c -= n;
                }
            }
            _ => {}
        }
    }
    before.retain(|_, n| *n > 0);
    before
}

/// Every item held by a unit or lying on the ground, summed per item, with
/// the factions' treasuries counted as coins (WITHDRAW moves coins from
/// one to the other).
fn goods(w: &World) -> std::collections::BTreeMap<usize, u64> {
    use umpire_core::ids::TypedId;
    let mut out = std::collections::BTreeMap::new();
    if let Some(coin) = rules().item("coin") {
        let funds: u64 = w.factions.values().map(|f| f.funds).sum();
        *out.entry(coin.index()).or_insert(0) += funds;
    }
    for u in w.units.values() {
        for h in &u.items {
            *out.entry(h.item.index()).or_insert(0) += h.count;
        }
    }
    for l in w.locations.values() {
        for (i, n) in &l.ground {
            *out.entry(i.index()).or_insert(0) += n;
        }
    }
    out.retain(|_, n| *n > 0);
    out
}

fn replays(seed: u64, factions: u32) {
    let r = rules();
    let made = generate(
        r,
        &WorldParams {
            game: "replay".into(),
            seed,
            factions,
            size: MapSize::SMALL,
        },
    )
    .unwrap();
    let passwords: Vec<(u32, String)> = made
        .players
        .iter()
        .map(|p| (p.number, p.password.clone()))
        .collect();
    let mut a = made.world;
    let mut b = a.clone();
    let mut bare = a.clone();
    for month in 0..2u64 {
        let sets = common::bot_sets(&a, rules(), &passwords, seed + month);
        let la = run_turn(&mut a, r, &sets, seed);
        let lb = run_turn(&mut b, r, &sets, seed);
        assert_eq!(la, lb, "events differ in month {month}");
        assert_eq!(save(&a, r), save(&b, r), "state differs in month {month}");
        assert!(a.check().is_empty(), "{:?}", a.check());
        assert!(a.check_rules(r).is_empty());
        // Nothing in the engine makes or destroys goods: GIVE and WITHDRAW
        // only move them (DESIGN: items are conserved by transfers). The
        // economy trades with the towns, pays wages and takes upkeep, so
        // this is checked on the engine alone, with its own bot orders.
        // Study and titles cost coins paid to nobody, and production makes
        // and uses goods: the events say exactly how much.
        let bare_sets = common::bot_sets(&bare, rules(), &passwords, seed + month);
        let before = goods(&bare);
        let log = run_turn_with(&mut bare, r, &bare_sets, seed, &mut NoEconomy);
        // Production makes and uses up goods, and says so in its events.
        let mut before = produced(&log, before);
        let spent: u64 = log
            .events
            .iter()
            .map(|e| match e.what {
                What::Studied { cost, .. } => cost,
                _ => 0,
            })
            .sum();
        let coin = umpire_core::ids::TypedId::index(rules().item("coin").unwrap());
        if let Some(c) = before.get_mut(&coin) {
            *c -= spent;
        }
        before.retain(|_, n| *n > 0);
        assert_eq!(goods(&bare), before, "goods changed in month {month}");
        // Every faction's orders were taken: right passwords, right turn.
        let taken = la
            .events
            .iter()
            .filter(|e| matches!(e.what, What::OrdersTaken { .. }))
            .count();
        assert_eq!(taken, sets.len());
    }
}

#[test]
fn generated_worlds_with_bot_orders_replay_bit_for_bit() {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(4);
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        },
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    runner
        .run(&(any::<u64>(), 1..6u32), |(seed, factions)| {
            replays(seed, factions);
            Ok(())
        })
        .unwrap();
}
