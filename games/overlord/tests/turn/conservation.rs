//! coins and items are conserved by every transfer. Random
//! GIVE, GET, DROP, SWAP, SPLIT and MERGE orders among four units of two allied
//! factions in one place, a month of the engine alone (no wages, upkeep or
//! market, which make and spend coins by design): every item counted on
//! units and on the ground is the same before and after, and no unit is
//! left with no figures.

use proptest::prelude::*;
use std::collections::BTreeMap;
use umpire_core::ids::TypedId;
use umpire_overlord::world::Stance;

use super::*;

const ITEMS: [&str; 3] = ["coin", "iron", "wood"];

fn total(w: &World) -> BTreeMap<usize, u64> {
    let mut out = BTreeMap::new();
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

fn transfer() -> impl Strategy<Value = String> {
    let unit = 1..=4u32;
    let item = prop::sample::select(ITEMS.to_vec());
    let n = 0..40u32;
    prop_oneof![
        (unit.clone(), item.clone(), n.clone()).prop_map(|(u, i, n)| format!("GIVE U{u} {i} {n}")),
        (unit.clone(), item.clone(), n.clone(), 0..10u32)
            .prop_map(|(u, i, n, k)| format!("GIVE U{u} {i} {n} {k}")),
        (unit.clone(), n.clone(), item.clone()).prop_map(|(u, n, i)| format!("GET U{u} {n} {i}")),
        (n.clone(), item.clone(), 0..10u32).prop_map(|(n, i, k)| format!("GET L1 {n} {i} {k}")),
        (item.clone(), n.clone()).prop_map(|(i, n)| format!("DROP {i} {n}")),
        (unit.clone(), 1..30u32, item.clone(), 1..30u32, item.clone())
            .prop_map(|(u, a, i, b, j)| format!("SWAP U{u} {a} {i} {b} {j}")),
        (1..5u32).prop_map(|n| format!("SPLIT f01nU{n} {n}")),
        (unit.clone(), 0..12u32).prop_map(|(u, n)| format!("MERGE U{u} {n}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_transfer_conserves_coins_and_items(
        lists in prop::collection::vec(prop::collection::vec(transfer(), 0..6), 4),
        stock in prop::collection::vec((0..3usize, 0..200u64), 0..12),
    ) {
        let mut g = Game::new(1, 2);
        let (f1, f2) = (g.faction(1), g.faction(2));
        g.w.factions[f1].set_stance(f2, Stance::Ally);
        g.w.factions[f2].set_stance(f1, Stance::Ally);
        let units = [
            g.unit(1, "man", 4, 1),
            g.unit(1, "man", 10, 1),
            g.leader(2, 1),
            g.unit(2, "man", 6, 1),
        ];
        for (k, (i, n)) in stock.iter().enumerate() {
            let u = units[k % 4];
            g.w.units[u].add_items(rules().item(ITEMS[*i]).unwrap(), *n, 0);
        }
        for (u, list) in units.iter().zip(&lists) {
            let lines: Vec<&str> = list.iter().map(String::as_str).collect();
            g.orders(*u, &lines);
        }
        let before = total(&g.w);
        g.run_bare(&[]);
        prop_assert_eq!(total(&g.w), before);
        // A unit without figures survives only as a stockpile of items.
        prop_assert!(g.w.units.values().all(|u| u.gone || u.figures > 0 || !u.items.is_empty()));
    }
}
