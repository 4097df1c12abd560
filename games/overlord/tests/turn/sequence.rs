//! The month's sequence and the day's schedule (OV-SCH): which orders
//! wait for whom, the order of places and phases, and the steps after
//! day 30.

use umpire_overlord::turn::log::MONTH_END;
use umpire_overlord::turn::{MONTH, Step, What};
use umpire_overlord::world::{Player, Stance};

use super::*;

fn coins(g: &Game, u: UnitId) -> u64 {
    g.w.units[u].count(rules().item("coin").unwrap())
}

fn give_coins(g: &mut Game, u: UnitId, n: u64) {
    let c = rules().item("coin").unwrap();
    g.w.units[u].add_items(c, n, 0);
}

/// Index in the log of the first event matching `f`.
fn index_of(log: &TurnLog, f: impl Fn(&umpire_overlord::turn::Event) -> bool) -> Option<usize> {
    log.events.iter().position(f)
}

#[test]
fn ov_sch_014_a_count_on_a_movement_order_is_ignored() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 1);
    let p = umpire_overlord::orders::parse_message(
        &std::sync::Arc::from("mail"),
        "#GAME f01 pw\nUNIT U1\n3 MOVE S\n#END",
        umpire_overlord::orders::ParseOptions {
            vocabulary: Some(umpire_overlord::orders::Vocabulary::builtin()),
        },
    );
    assert!(
        p.diagnostics
            .iter()
            .any(|d| format!("{d:?}").contains("W0207")),
        "{:?}",
        p.diagnostics
    );
    g.orders(u, &["3 MOVE S"]);
    let log = g.run_bare(&[]);
    // One journey of nine days to L2, not three, and the order is gone.
    assert_eq!(day_of(&log, u, departed), Some(1));
    assert_eq!(day_of(&log, u, arrived), Some(9));
    assert_eq!(
        log.of_unit(u).filter(|e| departed(&e.what)).count(),
        1,
        "one journey"
    );
    assert_eq!(g.w.units[u].location, g.loc(2));
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_sch_017_special_orders_wait_for_another_units_action() {
    // ACCEPT fires on the day the other unit stacks.
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let c = g.leader(2, 1);
    g.orders(a, &["ACCEPT U2"]);
    g.orders(c, &["DAY 6", "-STACK U1"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        day_of(&log, a, |w| matches!(w, What::Accepted { .. })),
        Some(6)
    );
    assert_eq!(g.w.units[c].stack_parent, Some(a));
    // Nobody comes: ACCEPT waits all month, whatever its own unit does.
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    g.leader(2, 1);
    g.orders(a, &["ACCEPT U2"]);
    let log = g.run_bare(&[]);
    assert!(first(&log, a, |w| matches!(w, What::Accepted { .. })).is_none());
    assert_eq!(g.pending(a), ["ACCEPT U2"]);
    // STAY fires on the day the stack sets out.
    let mut g = Game::new(2, 1);
    let lead = g.leader(1, 2);
    let m = g.unit(1, "man", 3, 2);
    g.stack(m, lead);
    g.orders(m, &["STAY"]);
    g.orders(lead, &["WAIT 7", "-MOVE N"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        day_of(&log, m, |w| matches!(w, What::Stayed { .. })),
        Some(8)
    );
    // SYNCHRO fires when the partner's SYNCHRO is reached.
    let mut g = Game::new(1, 1);
    let x = g.leader(1, 1);
    let y = g.leader(1, 1);
    g.orders(x, &["SYNCHRO U2"]);
    g.orders(y, &["DAY 12", "-SYNCHRO U1"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        day_of(&log, x, |w| matches!(w, What::Synchronised { .. })),
        Some(12)
    );
    // RETREAT needs a journey under way: without one it is dropped.
    let mut g = Game::new(3, 1);
    let r = g.leader(1, 2);
    g.orders(r, &["RETREAT"]);
    let log = g.run_bare(&[]);
    assert!(first(&log, r, |w| matches!(w, What::OrderDropped { .. })).is_some());
    assert!(first(&log, r, |w| matches!(w, What::TurnedBack { .. })).is_none());
    g.orders(r, &["WAIT 25", "-MOVE N"]);
    g.run_bare(&[]);
    g.orders(r, &["RETREAT"]);
    let log = g.run_bare(&[]);
    assert_eq!(day_of(&log, r, arrived), Some(5));
    assert_eq!(g.w.units[r].location, g.loc(2));
}

#[test]
fn ov_sch_026_places_are_taken_in_ascending_id() {
    // U1 stands in L2, U2 in L1: L1's unit acts first.
    let mut g = Game::new(2, 1);
    let late = g.leader(1, 2);
    let early = g.leader(1, 1);
    g.orders(late, &["NAME \"Second\""]);
    g.orders(early, &["NAME \"First\""]);
    let log = g.run_bare(&[]);
    let renamed =
        |u: UnitId| index_of(&log, |e| e.unit == Some(u) && e.what == What::UnitRenamed).unwrap();
    assert!(renamed(early) < renamed(late));
    assert_eq!(g.w.units[early].name, "First");
}

#[test]
fn ov_sch_029_the_full_day_pass_takes_the_first_executable_order() {
    // PILLAGE cannot run (no combat), so the day goes to the STUDY below
    // it, two days of it, then to WORK; the PILLAGE stays.
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    give_coins(&mut g, u, 1000);
    g.orders(u, &["PILLAGE", "2 STUDY cmbt"]);
    let log = g.run_bare(&[]);
    let studied: Vec<u8> = log
        .of_unit(u)
        .filter(|e| matches!(e.what, What::Studied { .. }))
        .map(|e| e.day)
        .collect();
    assert_eq!(studied.first(), Some(&1));
    assert!(studied.iter().all(|&d| d <= 2), "{studied:?}");
    assert_eq!(worked(&log, u), 28);
    assert_eq!(g.pending(u), ["PILLAGE"]);
}

#[test]
fn ov_sch_032_a_travelling_stack_runs_no_orders_until_it_arrives() {
    let mut g = Game::new(2, 1);
    let a = g.leader(1, 2);
    let b = g.leader(1, 2);
    g.stack(b, a);
    // Out on day 26; the nine-day walk ends on day 4 of next month.
    g.orders(a, &["WAIT 25", "-MOVE N"]);
    g.run_bare(&[]);
    assert!(g.w.units[a].journey.is_some());
    let log = g.run_bare(&["#GAME f01 pw\nUNIT U1\nNAME \"Lead\"\nUNIT U2\nNAME \"Member\"\n#END"]);
    assert_eq!(day_of(&log, a, arrived), Some(4));
    for u in [a, b] {
        assert_eq!(
            day_of(&log, u, |w| matches!(w, What::UnitRenamed)),
            Some(5),
            "not even an immediate order on the road"
        );
    }
    assert_eq!(g.w.units[b].name, "Member");
}

#[test]
fn ov_sch_034_day_1_runs_every_phase() {
    // Day 1: the immediate NAME, the full-day STUDY and, at the day's
    // end, the battle begun by the ATTACK.
    let mut g = Game::new(1, 2);
    let u = g.leader(1, 1);
    give_coins(&mut g, u, 1000);
    let s = g.unit(1, "man", 10, 1);
    g.learn(s, "cmbt", 1);
    let foe = g.unit(2, "man", 1, 1);
    g.orders(u, &["NAME \"Busy\"", "STUDY cmbt"]);
    g.orders(s, &["ATTACK U3"]);
    let log = g.run_bare(&[]);
    assert_eq!(day_of(&log, u, |w| matches!(w, What::UnitRenamed)), Some(1));
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::Studied { .. })),
        Some(1)
    );
    let battle = log
        .events
        .iter()
        .find(|e| matches!(e.what, What::BattleFought { .. }))
        .unwrap();
    assert_eq!(battle.day, 1);
    let _ = foe;
}

#[test]
fn ov_sch_035_036_control_checked_after_day_1_then_days_2_to_30() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(
        u,
        &["DAY 2", "-NAME \"Two\"", "DAY 30", "-DESCRIBE \"Thirty\""],
    );
    let log = g.run_bare(&[]);
    let checked = index_of(&log, |e| matches!(e.what, What::ControlChecked { .. })).unwrap();
    assert_eq!(log.events[checked].day, 1);
    // Every day-1 event comes before the check, every later day after.
    for (i, e) in log.events.iter().enumerate() {
        if i != checked && (1..=30).contains(&e.day) {
            assert_eq!(i < checked, e.day == 1, "{e:?}");
        }
    }
    // Days 2 to 30 in turn: the log's days never go back.
    let days: Vec<u8> = log.events.iter().map(|e| e.day).collect();
    assert!(days.windows(2).all(|w| w[0] <= w[1]), "{days:?}");
    assert_eq!(day_of(&log, u, |w| matches!(w, What::UnitRenamed)), Some(2));
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::UnitDescribed)),
        Some(30)
    );
    let steps: Vec<Step> = MONTH.to_vec();
    let at = |s: Step| steps.iter().position(|&x| x == s).unwrap();
    assert!(at(Step::Day1) < at(Step::ControlPoints));
    assert!(at(Step::ControlPoints) < at(Step::Days2To30));
}

#[test]
fn ov_sch_037_038_wages_after_day_30_then_upkeep_paid_from_them() {
    // A penniless leader works all month: the wages come first, and pay
    // its upkeep.
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].wages = 30;
    let u = g.leader(1, 1);
    let log = g.run(&[]);
    let wages = index_of(&log, |e| {
        e.unit == Some(u) && matches!(e.what, What::WagesPaid { .. })
    })
    .unwrap();
    let upkeep = index_of(&log, |e| {
        e.unit == Some(u) && matches!(e.what, What::UpkeepPaid { .. })
    })
    .unwrap();
    assert!(wages < upkeep);
    assert_eq!(log.events[wages].day, MONTH_END);
    assert!(
        log.events[..wages].iter().all(|e| e.day <= 30),
        "wages after day 30"
    );
    assert!(log.of_unit(u).any(|e| e.what
        == What::WagesPaid {
            days: 30,
            amount: 30
        }));
    assert!(
        !log.of_unit(u)
            .any(|e| matches!(e.what, What::Unpaid { .. }))
    );
    assert_eq!(coins(&g, u), 10, "30 earned, 20 upkeep");
    // Who cannot pay dissents, and deserts the second month running.
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 4, 1);
    g.orders(men, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert!(log.of_unit(men).any(|e| matches!(
        e.what,
        What::Unpaid {
            short: 40,
            dissent: 1
        }
    )));
    let log = g.run(&[]);
    assert!(
        log.of_unit(men)
            .any(|e| matches!(e.what, What::Deserted { .. }))
    );
}

#[test]
fn ov_sch_039_creatures_follow_the_leader_of_their_smallest_stack() {
    let mut g = Game::new(1, 3);
    let f3 = g.faction(3);
    g.w.factions[f3].player = Player::Npc;
    g.w.creatures = Some(f3);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f1].set_stance(f2, Stance::Ally);
    g.w.factions[f2].set_stance(f1, Stance::Ally);
    let top = g.leader(1, 1);
    let sub = g.leader(2, 1);
    g.stack(sub, top);
    let follower = g.unit(2, "man", 2, 1);
    g.stack(follower, top);
    // A wolf under f2's leader, itself under f1's; another under a
    // follower of f2 in f1's stack; a third alone.
    let wolf = g.unit(1, "gwol", 1, 1);
    g.stack(wolf, sub);
    let deep = g.unit(2, "gwol", 1, 1);
    g.stack(deep, follower);
    let stray = g.unit(1, "gwol", 1, 1);
    for u in [top, sub, follower, wolf, deep, stray] {
        give_coins(&mut g, u, 500);
    }
    let log = g.run(&[]);
    assert_eq!(g.w.units[wolf].faction, f2, "its substack's leader");
    assert_eq!(g.w.units[deep].faction, f1, "no leader nearer than U1");
    assert_eq!(g.w.units[stray].faction, f3, "unstacked: the Creatures");
    assert!(
        log.of_unit(wolf)
            .any(|e| e.what == What::Allegiance { to: f2 })
    );
    assert!(
        log.of_unit(stray)
            .any(|e| e.what == What::Reverted { to: f3 })
    );
    // After upkeep: the wolf's upkeep was its old faction's business.
    let upkeep = index_of(&log, |e| matches!(e.what, What::UpkeepPaid { .. })).unwrap();
    let sides = index_of(&log, |e| matches!(e.what, What::Allegiance { .. })).unwrap();
    assert!(upkeep < sides);
}

#[test]
fn ov_sch_040_places_evolve_after_allegiance() {
    let steps: Vec<Step> = MONTH.to_vec();
    let at = |s: Step| steps.iter().position(|&x| x == s).unwrap();
    assert!(at(Step::Wages) < at(Step::Upkeep));
    assert!(at(Step::Upkeep) < at(Step::Allegiance));
    assert!(at(Step::Allegiance) < at(Step::Evolve));
    // The evolution: people and next month's resources, with the economy
    // on; none without it.
    let build = || {
        let mut g = Game::new(1, 1);
        let l = g.loc(1);
        g.w.locations[l].population = 500;
        g.w.locations[l].optimum = 5000;
        g.leader(1, 1);
        g
    };
    let mut bare = build();
    bare.run_bare(&[]);
    assert_eq!(bare.w.locations[bare.loc(1)].population, 500);
    let mut full = build();
    full.run(&[]);
    assert_ne!(full.w.locations[full.loc(1)].population, 500);
}
