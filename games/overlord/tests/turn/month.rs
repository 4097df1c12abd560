//! The month: orders in, the sequence, control points, determinism.

use umpire_overlord::turn::What;
use umpire_overlord::turn::log::Refusal;
use umpire_overlord::world::faction::hash_password;

use super::*;

#[test]
fn ov_ord_new_orders_replace_the_pending_list_others_keep_theirs() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    g.orders(a, &["@WORK"]);
    g.orders(b, &["@WORK"]);
    g.run(&["#GAME f01 pw\nUNIT U1\nNAME \"New\"\n#END"]);
    assert!(g.pending(a).is_empty());
    assert_eq!(g.pending(b), ["@WORK"]);
}

#[test]
fn orders_with_a_wrong_password_another_turn_or_anothers_unit_are_refused() {
    let mut g = Game::new(1, 2);
    let f1 = g.faction(1);
    g.w.factions[f1].password_hash = hash_password("secret", "f1");
    let a = g.leader(1, 1);
    let b = g.leader(2, 1);
    let log = g.run(&[
        "#GAME f01 wrong\nUNIT U1\nNAME \"Bad\"\n#END",
        "#GAME f02 pw 5\nUNIT U2\nNAME \"Later\"\n#END",
    ]);
    let reasons: Vec<_> = log
        .events
        .iter()
        .filter_map(|e| match e.what {
            What::OrdersRefused { reason, .. } => Some(reason),
            _ => None,
        })
        .collect();
    assert_eq!(reasons, [Refusal::WrongPassword, Refusal::OtherTurn]);
    assert_ne!(g.w.units[a].name, "Bad");
    let log = g.run(&["#GAME f02 pw\nUNIT U1\nNAME \"Stolen\"\n#END"]);
    assert!(log.events.iter().any(|e| matches!(
        e.what,
        What::SectionRefused {
            reason: Refusal::NotYourUnit,
            ..
        }
    )));
    assert_ne!(g.w.units[a].name, "Stolen");
    let _ = b;
}

#[test]
fn ov_sch_033_042_faction_orders_before_day_1() {
    let mut g = Game::new(1, 2);
    g.leader(1, 1);
    let log = g.run(&["#GAME f01 pw\nNAME \"Red Hand\"\nSTANCE f02 ENEMY\n#END"]);
    let f1 = g.faction(1);
    assert_eq!(g.w.factions[f1].name, "Red Hand");
    assert_eq!(
        g.w.factions[f1].stance_toward(g.faction(2)),
        umpire_overlord::world::Stance::Enemy
    );
    let e = log
        .events
        .iter()
        .find(|e| matches!(e.what, What::StanceSet { .. }))
        .unwrap();
    assert_eq!(e.day, 0);
}

#[test]
fn ov_cp_002_008_009_control_checked_after_day_1_and_refusal() {
    let mut g = Game::new(1, 1);
    // 4020 figures need 201 points: one over the 200.
    let big = g.unit(1, "man", 4020, 1);
    let log = g.run(&[]);
    let checked = log
        .events
        .iter()
        .find_map(|e| match e.what {
            What::ControlChecked { needed, limit, .. } => Some((needed, limit, e.day)),
            _ => None,
        })
        .unwrap();
    assert_eq!(checked, (201, 200, 1));
    let _ = big;
    // 100 points missing: every unit refuses, and only day 1's work is
    // done.
    let mut g = Game::new(1, 1);
    for _ in 0..15 {
        g.unit(1, "man", 400, 1);
    }
    let log = g.run(&[]);
    let u = UnitId::from_index(0);
    assert!(first(&log, u, |w| matches!(w, What::Refuses { missing: 100 })).is_some());
    assert_eq!(worked(&log, u), 1);
}

#[test]
fn ov_cp_003_004_heroes_and_mana_cost_points() {
    let r = rules();
    let mut g = Game::new(1, 1);
    let h = g.unit(1, "hero", 1, 1);
    assert_eq!(umpire_overlord::turn::control::needed(r, &g.w.units[h]), 2);
}

#[test]
fn a_turn_replays_byte_for_byte() {
    let build = || {
        let mut g = Game::new(4, 2);
        let a = g.leader(1, 2);
        let b = g.unit(1, "man", 30, 2);
        g.stack(b, a);
        g.orders(a, &["@CARAVAN L1 L2 L3 L4"]);
        for _ in 0..40 {
            g.unit(2, "man", 300, 3);
        }
        g
    };
    let (mut x, mut y) = (build(), build());
    let lx = x.run(&[]);
    let ly = y.run(&[]);
    assert_eq!(lx, ly);
    let r = rules();
    assert_eq!(
        umpire_overlord::save::save(&x.w, r),
        umpire_overlord::save::save(&y.w, r)
    );
    assert_eq!(x.w.turn, 1);
}

#[test]
fn ov_cp_005_titles_add_to_the_limit() {
    let r = rules();
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let over = r.title("over").unwrap();
    let l = g.loc(1);
    g.w.locations[l].titles.push(umpire_overlord::world::Seat {
        title: over,
        holder: Some(u),
    });
    let f = g.faction(1);
    assert_eq!(
        umpire_overlord::turn::control::limit(&g.w, r, f),
        200 + r.titles[over].control
    );
    let log = g.run(&[]);
    let limit = log
        .events
        .iter()
        .find_map(|e| match e.what {
            What::ControlChecked { limit, .. } => Some(limit),
            _ => None,
        })
        .unwrap();
    assert_eq!(limit, 250);
}

#[test]
fn a_later_order_set_from_a_faction_replaces_an_earlier_one() {
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let b = g.leader(2, 1);
    g.run(&[
        "#GAME f01 pw\nUNIT U1\nNAME \"First\"\n#END",
        "#GAME f02 pw\nUNIT U2\nNAME \"Other\"\n#END",
        "#GAME f01 pw\nUNIT U1\nDESCRIBE \"Second\"\n#END",
    ]);
    assert_ne!(g.w.units[a].name, "First");
    assert_eq!(g.w.units[a].description, "Second");
    assert_eq!(g.w.units[b].name, "Other");
}
