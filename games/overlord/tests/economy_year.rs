//! A generated world with bot players lives a whole year
//! (twelve turns of the full game) and its economy stays sane: the world
//! keeps its invariants, prices stay within their bounds, people neither
//! vanish nor explode, treasuries stay finite, and the bots' trading,
//! recruiting, study and work all happen.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use umpire_core::ids::TypedId;
use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::{What, run_turn};
use umpire_overlord::world::{Player, World};

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::bundled().unwrap())
}

fn population(w: &World) -> u64 {
    w.locations.values().map(|l| u64::from(l.population)).sum()
}

/// Every market price within its bounds: half to twice the item's own
/// price (decision OV-ECON-013), never zero for a priced item.
fn prices_in_bounds(w: &World, r: &Rules) -> Result<(), String> {
    for l in w.locations.values() {
        for o in l.market.sells.iter().chain(&l.market.buys) {
            let nominal = r.items[o.item].price;
            if nominal == 0 {
                continue;
            }
            if o.price < nominal / 2 || o.price > nominal.saturating_mul(2) || o.price == 0 {
                return Err(format!(
                    "{}: {} at {} (nominal {nominal})",
                    l.code(),
                    r.items[o.item].tag,
                    o.price
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn a_generated_world_lives_a_year_with_bots_and_its_economy_stays_sane() {
    let r = rules();
    let seed = 11;
    let made = generate(
        r,
        &WorldParams {
            game: "year".into(),
            seed,
            factions: 6,
            size: MapSize::SMALL,
        },
    )
    .unwrap();
    let passwords: Vec<(u32, String)> = made
        .players
        .iter()
        .map(|p| (p.number, p.password.clone()))
        .collect();
    let mut w = made.world;
    let people = population(&w);
    assert!(people > 0);
    let mut count = std::collections::BTreeMap::<&str, usize>::new();
    for month in 0..12u64 {
        let sets = common::bot_sets(&w, r, &passwords, seed + month);
        let log = run_turn(&mut w, r, &sets, seed);
        assert!(w.check().is_empty(), "month {month}: {:?}", w.check());
        assert!(w.check_rules(r).is_empty(), "month {month}");
        prices_in_bounds(&w, r).unwrap_or_else(|e| panic!("month {month}: {e}"));
        let now = population(&w);
        assert!(
            now * 2 >= people && now <= people * 2,
            "month {month}: population {now}, started at {people}"
        );
        for f in w.factions.values() {
            assert!(f.funds < 100_000_000, "{}: {} in funds", f.code(), f.funds);
        }
        for l in w.locations.values() {
            for rec in &l.recruits {
                let floor = r.races[rec.race].cost.unwrap_or(0) / 2;
                assert!(
                    rec.price >= floor.max(1),
                    "{}: recruits at {}",
                    l.code(),
                    rec.price
                );
            }
        }
        // Upkeep goes unpaid only once the treasury is empty
        // (OV-ECON-019: it draws on the funds anywhere).
        for e in &log.events {
            if let What::Unpaid { .. } = e.what {
                let f = e.seen_by[0];
                assert_eq!(
                    w.factions[f].funds,
                    0,
                    "month {month}: {} unpaid with funds",
                    f.index()
                );
            }
        }
        for e in &log.events {
            let kind = match e.what {
                What::Bought { .. } => "bought",
                What::Sold { .. } => "sold",
                What::Recruited { .. } => "recruited",
                What::Studied { .. } => "studied",
                What::Worked { .. } => "worked",
                What::LevelReached { .. } => "level",
                What::TaxesCollected { .. } => "taxes",
                _ => continue,
            };
            *count.entry(kind).or_insert(0) += 1;
        }
    }
    assert_eq!(w.turn, 12);
    for kind in ["bought", "sold", "recruited", "studied", "worked", "level"] {
        assert!(
            count.get(kind).copied().unwrap_or(0) > 0,
            "no {kind} in a year: {count:?}"
        );
    }
    // At least half the players are still in the game: a faction that only
    // works slowly loses money (wages of about $10 a figure against $10 of
    // upkeep, $20 in winter), one that started poor may see its men
    // desert, and since battles are fought the creatures fall on
    // units they meet (OV-FAC-025): with this seed three of the six are
    // left after the year, one lost to desertion in month 9 and one after
    // the creatures' battles of month 11.
    let players: Vec<_> = w
        .factions
        .iter()
        .filter(|(_, f)| f.player == Player::Human)
        .collect();
    let alive = players
        .iter()
        .filter(|(id, _)| w.units_of(*id).next().is_some())
        .count();
    assert!(
        alive * 2 >= players.len(),
        "{alive} of {} players left",
        players.len()
    );
}
