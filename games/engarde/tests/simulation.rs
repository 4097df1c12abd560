//! Long runs: 50 NPC-played characters for 24 months keep a plausible
//! spread of SLs, the same seed gives the same game, and money moved by
//! gifts is never made or lost.

mod common;

use std::collections::BTreeMap;

use common::*;
use proptest::prelude::*;
use umpire_core::source::SourceFile;
use umpire_engarde::events::What;
use umpire_engarde::month::run_month;
use umpire_engarde::setup::{NewPlayer, new_game};
use umpire_engarde::world::World;
use umpire_engarde::{bots, mail};

/// Play `months` months of `players` bots from `seed`; every bot's sheet
/// must be read without a diagnostic.
fn simulate(players: usize, months: u32, seed: u64) -> World {
    let roster: Vec<NewPlayer> = (0..players)
        .map(|i| NewPlayer {
            name: format!("Player {i}"),
            password: format!("pw{i}"),
            address: String::new(),
        })
        .collect();
    let mut world = new_game("sim", seed, 1, &roster, tables());
    for _ in 0..months {
        let mut orders = BTreeMap::new();
        let reader = mail::Reader::new(&world, tables());
        for id in world.ids() {
            let Some(c) = world.character(id).filter(|c| !c.npc && c.is_alive()) else {
                continue;
            };
            let text = bots::orders_text(&world, tables(), id);
            let read = reader.read(&SourceFile::new(c.name.clone(), text.clone()));
            assert!(
                read.diagnostics.is_empty(),
                "{text}\n{:?}",
                read.diagnostics
            );
            let Some(who) = read.character else {
                panic!("refused: {text}")
            };
            orders.insert(who, read.sheet);
        }
        world = run_month(&world, tables(), &orders).world;
    }
    world
}

#[test]
fn fifty_characters_over_twenty_four_months_keep_a_plausible_spread_of_sl() {
    let world = simulate(50, 24, 7);
    assert_eq!(world.month, 25);
    let alive: Vec<_> = world
        .characters
        .iter()
        .filter(|c| !c.npc && c.is_alive())
        .collect();
    assert!((15..=50).contains(&alive.len()), "{} alive", alive.len());
    let sls: Vec<i64> = alive.iter().map(|c| c.sl).collect();
    let mean = sls.iter().sum::<i64>() as f64 / sls.len() as f64;
    assert!((2.5..=7.0).contains(&mean), "mean SL {mean}");
    assert!(sls.iter().all(|&s| (1..=12).contains(&s)), "{sls:?}");
    let distinct: std::collections::BTreeSet<i64> = sls.iter().copied().collect();
    assert!(distinct.len() >= 4, "{distinct:?}");
    let at_floor = sls.iter().filter(|&&s| s == 1).count();
    assert!(
        at_floor * 4 <= sls.len(),
        "{at_floor} of {} at SL 1",
        sls.len()
    );
    assert!(
        alive.iter().all(|c| c.cash >= 0),
        "nobody's purse is negative"
    );
    assert!(alive.iter().any(|c| c.regiment.is_some()) && alive.iter().any(|c| c.club.is_some()));
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let a = simulate(12, 6, 3);
    let b = simulate(12, 6, 3);
    assert_eq!(a, b);
    let c = simulate(12, 6, 4);
    assert_ne!(a, c);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Gifts in the premonthly phase and in the weeks move money from one
    /// purse to another: their events sum to zero, every purse's change is
    /// the sum of its events, and nobody gives more than he has.
    #[test]
    fn money_is_conserved_by_transfers(
        cash in proptest::collection::vec(0i64..400, 3),
        gifts in proptest::collection::vec((0usize..3, 0usize..3, 1i64..300, 0u8..5), 0..12),
    ) {
        let names = ["Athos", "Porthos", "Aramis"];
        let w = paris(&[(names[0], 4, cash[0]), (names[1], 5, cash[1]), (names[2], 6, cash[2])]);
        let mut sheets: Vec<String> = names.iter().map(|n| format!("CHARACTER {n}\n")).collect();
        for (from, to, amount, week) in &gifts {
            if from == to {
                continue;
            }
            let line = if *week == 0 {
                format!("PREMONTHLY\nGIVE {} {amount}\n", names[*to])
            } else {
                format!("WEEK {week}\nGIVE {} {amount}\n", names[*to])
            };
            sheets[*from].push_str(&line);
        }
        let refs: Vec<&str> = sheets.iter().map(String::as_str).collect();
        let out = play(&w, &refs);
        let transfers: i64 = out.events.iter().filter(|e| matches!(e.what, What::Gave { .. } | What::GotGift { .. })).map(|e| e.cash).sum();
        prop_assert_eq!(transfers, 0);
        for c in &out.world.characters {
            let before = w.characters.iter().find(|x| x.name == c.name).map_or(0, |x| x.cash);
            let delta: i64 = out.events.iter().filter(|e| out.world.character(e.who).is_some_and(|x| x.name == c.name)).map(|e| e.cash).sum();
            prop_assert_eq!(c.cash, before + delta);
            prop_assert!(c.cash >= 0);
        }
        let before: i64 = w.characters.iter().map(|c| c.cash).sum();
        let after: i64 = out.world.characters.iter().map(|c| c.cash).sum();
        let outside: i64 = out.events.iter().filter(|e| !matches!(e.what, What::Gave { .. } | What::GotGift { .. })).map(|e| e.cash).sum();
        prop_assert_eq!(after, before + outside);
    }
}
