//! Journeys: MOVE, MARCH, CARAVAN, RETREAT; guards at the destination.

use umpire_overlord::rules::Movement;
use umpire_overlord::turn::What;
use umpire_overlord::turn::log::{BattleCause, Stuck};
use umpire_overlord::world::{JourneyKind, Stance};

use super::*;

/// Plains take 9 days on foot.
const WALK: u8 = 9;

#[test]
fn ov_uo_056_move_walks_the_plains_and_arrives_on_the_last_day() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["MOVE N", "-NAME \"There\""]);
    let log = g.run(&[]);
    assert_eq!(day_of(&log, u, departed), Some(1));
    // Day 1 is the first day of travel: arrival at the end of day 9.
    assert_eq!(day_of(&log, u, arrived), Some(WALK));
    assert_eq!(g.w.units[u].location, g.loc(1));
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::UnitRenamed)),
        Some(WALK + 1)
    );
    let Some(e) = first(&log, u, departed) else {
        unreachable!()
    };
    let What::Departed { mode, days, .. } = &e.what else {
        unreachable!()
    };
    assert_eq!((*mode, *days), (Movement::Walk, u32::from(WALK)));
}

#[test]
fn ov_move_025_026_no_orders_on_the_way_and_not_there_for_others() {
    let mut g = Game::new(3, 1);
    let a = g.leader(1, 2);
    let b = g.unit(1, "man", 3, 2);
    g.stack(b, a);
    g.orders(a, &["MOVE N"]);
    g.orders(b, &["NAME \"Late\""]);
    let log = g.run(&[]);
    // The stack set out on day 1 before b… no: immediate orders come
    // first, so b's NAME ran on day 1, then the journey began.
    assert_eq!(day_of(&log, b, |w| matches!(w, What::UnitRenamed)), Some(1));
    let mut g = Game::new(3, 1);
    let a = g.leader(1, 2);
    let b = g.unit(1, "man", 3, 2);
    g.stack(b, a);
    g.orders(a, &["MOVE N"]);
    g.orders(b, &["DAY 2", "-NAME \"Late\""]);
    let log = g.run(&[]);
    // Travelling on day 2: b's DAY 2 never held; after arrival it is
    // too late for it.
    assert_eq!(day_of(&log, b, |w| matches!(w, What::UnitRenamed)), None);
    assert_eq!(worked(&log, b), 30 - u32::from(WALK));
}

#[test]
fn ov_uo_058_repeated_move_goes_on_until_blocked() {
    let mut g = Game::new(4, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["@MOVE S"]);
    let log = g.run(&[]);
    // L1 → L2 (days 1–9), L2 → L3 (10–18), L3 → L4 (19–27); no way on.
    assert_eq!(g.w.units[u].location, g.loc(4));
    let arrivals = log.of_unit(u).filter(|e| arrived(&e.what)).count();
    assert_eq!(arrivals, 3);
    assert_eq!(g.pending(u), ["@MOVE S"]);
}

#[test]
fn ov_move_027_seen_at_the_origin_for_half_the_journey() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["WAIT 25", "-MOVE N"]);
    g.run(&[]);
    // Set out on day 26: 5 of 9 days behind it at the month's end.
    let j = g.w.units[u].journey.unwrap();
    assert_eq!((j.elapsed, j.days, j.kind), (5, 9, JourneyKind::Move));
    assert!(!j.seen_at_origin());
    assert_eq!(j.seen_at(), g.loc(1));
    // It carries on into the next month and arrives on day 4.
    let log = g.run(&[]);
    assert_eq!(day_of(&log, u, arrived), Some(4));
    assert_eq!(g.w.units[u].location, g.loc(1));
}

#[test]
fn ov_uo_074_075_retreat_first_goes_back_as_long_as_it_went() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["WAIT 25", "-MOVE N"]);
    g.run(&[]);
    let log = g.run(&["#GAME f01 pw\nUNIT U1\nRETREAT\nNAME \"Home\"\n#END"]);
    // Five days out, five days back: home at the end of day 5.
    assert_eq!(day_of(&log, u, arrived), Some(5));
    assert_eq!(g.w.units[u].location, g.loc(2));
    assert_eq!(g.w.units[u].name, "Home");
}

#[test]
fn ov_uo_074_077_retreat_not_first_or_from_a_retreat_is_dropped() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["NAME \"x\"", "RETREAT"]);
    let log = g.run(&[]);
    assert!(first(&log, u, |w| matches!(w, What::OrderDropped { .. })).is_some());
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_uo_076_a_member_retreats_alone() {
    let mut g = Game::new(3, 1);
    let a = g.leader(1, 2);
    let b = g.leader(1, 2);
    g.stack(b, a);
    g.orders(a, &["WAIT 25", "-MOVE N"]);
    g.run(&[]);
    let log = g.run(&["#GAME f01 pw\nUNIT U2\nRETREAT\n#END"]);
    assert_eq!(g.w.units[b].location, g.loc(2));
    assert_eq!(g.w.units[a].location, g.loc(1));
    assert_eq!(day_of(&log, a, arrived), Some(4));
    assert_eq!(day_of(&log, b, arrived), Some(5));
}

#[test]
fn ov_uo_015_016_caravan_runs_the_route_and_turns_round() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["@CARAVAN L1 L2 L3"]);
    g.run(&[]);
    // L1 → L2 (days 1–9), L2 → L3 (10–18, route reversed), L3 → L2
    // (19–27), and on day 28 L2 → L1 sets out, reversing the route again.
    assert_eq!(g.w.units[u].location, g.loc(2));
    assert_eq!(g.w.units[u].journey.map(|j| j.to), Some(g.loc(1)));
    assert_eq!(g.pending(u), ["@CARAVAN L1 L2 L3"]);
    let log = g.run(&[]);
    let e = first(&log, u, arrived).unwrap();
    assert_eq!(e.day, 6);
    assert!(matches!(e.what, What::Arrived { at, .. } if at == g.loc(1)));
}

/// L1 guarded by a leader of f2, which holds f1 at `stance`; a unit of f1
/// of `race` in L2 (south of it) that shows itself and its faction.
fn guarded_north(stance: Stance, race: &str) -> (Game, UnitId, UnitId) {
    let mut g = Game::new(3, 2);
    let guard = g.leader(2, 1);
    g.learn(guard, "cmbt", 1);
    g.orders(guard, &["@GUARD"]);
    g.title(1, "shrf", guard);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, stance);
    let u = g.unit(1, race, 1, 2);
    g.w.units[u].settings.announce = true;
    g.w.units[u].settings.advertise = true;
    (g, guard, u)
}

#[test]
fn ov_move_030_a_hostile_guard_turns_a_move_back() {
    let (mut g, _, u) = guarded_north(Stance::Hostile, "ldr");
    let f2 = g.faction(2);
    g.orders(u, &["MOVE N"]);
    let log = g.run(&[]);
    let e = first(&log, u, |w| matches!(w, What::TurnedBack { .. })).unwrap();
    assert_eq!(e.day, WALK);
    assert!(e.seen_by.contains(&f2));
    // As long back: home at the end of day 18.
    assert_eq!(day_of(&log, u, arrived), Some(2 * WALK));
    assert_eq!(g.w.units[u].location, g.loc(2));
}

#[test]
fn ov_move_031_march_fights_its_way_in_and_enemies_are_attacked() {
    let (mut g, guard, u) = guarded_north(Stance::Hostile, "ldr");
    g.orders(u, &["MARCH N"]);
    let log = g.run(&[]);
    // It arrives (and then fights: what follows the battle is
    // OV-CMB-084's).
    assert_eq!(day_of(&log, u, arrived), Some(WALK));
    let b = log
        .events
        .iter()
        .find_map(|e| match e.what {
            What::Battle {
                attacker,
                defender,
                cause,
                ..
            } => Some((attacker, defender, cause, e.day)),
            _ => None,
        })
        .unwrap();
    assert_eq!(b, (u, guard, BattleCause::MarchForces, WALK));
    // An enemy is attacked by the guard, MOVE or not.
    let (mut g, guard, u) = guarded_north(Stance::Enemy, "ldr");
    g.orders(u, &["MOVE N"]);
    let log = g.run(&[]);
    assert!(log.events.iter().any(|e| matches!(
        e.what,
        What::Battle { attacker, defender, cause: BattleCause::GuardAttacks, .. } if attacker == guard && defender == u
    )));
}

/// The battle's winner, from the account of the first battle fought.
fn winner(log: &TurnLog) -> Option<umpire_overlord::combat::field::Side> {
    log.events
        .iter()
        .find_map(|e| match &e.what {
            What::BattleFought { report, .. } => Some(report.winner),
            _ => None,
        })
        .unwrap()
}

#[test]
fn ov_cmb_084_a_march_that_wins_stays_one_that_does_not_goes_back() {
    use umpire_overlord::combat::field::Side;
    // A lone leader marching on a guard does not win: it goes back the way
    // it came, as long again, told that the guard turned it back.
    let (mut g, guard, u) = guarded_north(Stance::Hostile, "ldr");
    g.orders(u, &["MARCH N"]);
    let log = g.run(&[]);
    assert_ne!(winner(&log), Some(Side::Attacker));
    let e = first(&log, u, |w| matches!(w, What::TurnedBack { .. })).unwrap();
    assert_eq!(e.day, WALK);
    assert!(matches!(
        e.what,
        What::TurnedBack { guard: Some(x), days, .. } if x == guard && days == u32::from(WALK)
    ));
    assert_eq!(day_of(&log, u, arrived), Some(WALK));
    assert_eq!(
        log.of_unit(u)
            .filter(|e| arrived(&e.what))
            .nth(1)
            .map(|e| e.day),
        Some(2 * WALK),
        "home again"
    );
    assert_eq!(g.w.units[u].location, g.loc(2));

    // With forty trained men under it, the march wins and stays.
    let (mut g, _, u) = guarded_north(Stance::Hostile, "ldr");
    let men = g.unit(1, "man", 40, 2);
    g.learn(men, "cmbt", 3);
    g.learn(u, "cmbt", 3);
    g.stack(men, u);
    g.orders(u, &["MARCH N"]);
    let log = g.run(&[]);
    assert_eq!(winner(&log), Some(Side::Attacker));
    assert!(first(&log, u, |w| matches!(w, What::TurnedBack { .. })).is_none());
    assert_eq!(g.w.units[u].location, g.loc(1));
    assert_eq!(g.w.units[men].location, g.loc(1));
    assert_eq!(g.w.units[men].stack_parent, Some(u));
}

/// Two guards of f2 at L1 and, arriving from L2, a stack led by a leader
/// of f3 (whom f2 leaves alone) with two units of f1 (f2's enemies) in it.
/// `swap` puts the second guard and the second unit first in their
/// places' order, as if they had come first.
fn two_guards_and_a_stack(swap: bool) -> (TurnLog, [UnitId; 2], [UnitId; 2]) {
    let mut g = Game::new(3, 3);
    let guards = [g.leader(2, 1), g.leader(2, 1)];
    for &x in &guards {
        g.learn(x, "cmbt", 1);
        g.orders(x, &["@GUARD"]);
    }
    g.title(1, "shrf", guards[0]);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, Stance::Enemy);
    let lead = g.leader(3, 2);
    let men = [g.unit(1, "man", 5, 2), g.unit(1, "man", 5, 2)];
    for &m in &men {
        g.stack(m, lead);
        g.w.units[m].settings.announce = true;
        g.w.units[m].settings.advertise = true;
    }
    if swap {
        for (at, pair) in [(1, guards), (2, men)] {
            let l = g.loc(at);
            let list = &mut g.w.locations[l].units;
            let (i, j) = (
                list.iter().position(|&x| x == pair[0]).unwrap(),
                list.iter().position(|&x| x == pair[1]).unwrap(),
            );
            list.swap(i, j);
        }
    }
    g.orders(lead, &["MOVE N"]);
    let log = g.run(&[]);
    (log, guards, men)
}

#[test]
fn ov_move_032_the_first_guard_to_arrive_takes_the_first_unit_of_the_stack() {
    let battle = |log: &TurnLog| {
        log.events.iter().find_map(|e| match e.what {
            What::Battle {
                attacker,
                defender,
                cause,
                ..
            } => Some((attacker, defender, cause)),
            _ => None,
        })
    };
    let (log, guards, men) = two_guards_and_a_stack(false);
    assert_eq!(
        battle(&log),
        Some((guards[0], men[0], BattleCause::GuardAttacks))
    );
    let (log, guards, men) = two_guards_and_a_stack(true);
    assert_eq!(
        battle(&log),
        Some((guards[1], men[1], BattleCause::GuardAttacks))
    );
}

#[test]
fn ov_move_033_flyers_pass_ground_guards() {
    let (mut g, _, w) = guarded_north(Stance::Hostile, "whir");
    g.orders(w, &["MOVE N"]);
    let log = g.run(&[]);
    let e = first(&log, w, departed).unwrap();
    assert!(matches!(
        e.what,
        What::Departed {
            mode: Movement::Fly,
            ..
        }
    ));
    assert!(first(&log, w, |x| matches!(x, What::TurnedBack { .. })).is_none());
    assert_eq!(g.w.units[w].location, g.loc(1));
}

#[test]
fn ov_grd_001_guard_needs_combat() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["@GUARD"]);
    let log = g.run(&[]);
    assert!(first(&log, u, |w| matches!(w, What::Guarding)).is_none());
    assert_eq!(worked(&log, u), 30);
}

#[test]
fn ov_grd_007_008_a_lone_guard_does_nothing_else_and_guards_never_work() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.learn(u, "cmbt", 1);
    let f = g.unit(1, "man", 10, 1);
    g.learn(f, "cmbt", 1);
    g.orders(u, &["@GUARD", "@WORK"]);
    g.orders(f, &["5 GUARD"]);
    g.title(1, "shrf", u);
    let log = g.run(&[]);
    assert_eq!(worked(&log, u), 0);
    assert_eq!(worked(&log, f), 25);
}

#[test]
fn ov_grd_011_rival_guards_fight() {
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let b = g.leader(2, 1);
    for u in [a, b] {
        g.learn(u, "cmbt", 1);
        g.orders(u, &["GUARD"]);
    }
    // Overlapping areas: both may guard (OV-GRD-005).
    g.title(1, "shrf", a);
    g.title(1, "mayo", b);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, Stance::Hostile);
    let log = g.run(&[]);
    let battles: Vec<_> = log
        .events
        .iter()
        .filter_map(|e| match e.what {
            What::Battle {
                attacker,
                defender,
                cause,
                ..
            } => Some((attacker, defender, cause, e.day)),
            _ => None,
        })
        .collect();
    assert_eq!(battles, [(b, a, BattleCause::RivalGuards, 1)]);
}

#[test]
fn departures_and_arrivals_are_seen_by_those_present_only() {
    let mut g = Game::new(3, 3);
    let a = g.leader(1, 2);
    let b = g.leader(2, 2);
    let c = g.leader(3, 1);
    g.orders(a, &["MOVE N"]);
    g.orders(b, &["WAIT 2", "-MOVE S"]);
    let log = g.run(&[]);
    let (f1, f2, f3) = (g.faction(1), g.faction(2), g.faction(3));
    let dep_a = first(&log, a, departed).unwrap();
    assert_eq!(dep_a.seen_by[..], vec![f1, f2]);
    // By day 3 a is away: b leaves unseen by f1.
    let dep_b = first(&log, b, departed).unwrap();
    assert_eq!(dep_b.seen_by[..], vec![f2]);
    // a arrives where c stands.
    let arr_a = first(&log, a, arrived).unwrap();
    assert_eq!(arr_a.seen_by[..], vec![f1, f3]);
    let _ = c;
}

#[test]
fn ov_move_028_travelling_crowds_are_easier_to_notice_but_not_to_name() {
    use umpire_overlord::turn::visibility::{Exposure, presence_stealth, recognizes, sees};
    let r = rules();
    let mut g = Game::new(3, 2);
    // 40 followers, each with an amulet of shadows: stealth 4.
    let band = g.unit(1, "man", 40, 2);
    let amsh = r.item("amsh").unwrap();
    g.w.units[band].add_items(amsh, 40, 40);
    // A watcher with a ring of true sight: observation 3 (< 4).
    let watcher = g.leader(2, 2);
    let rtsi = r.item("rtsi").unwrap();
    g.w.units[watcher].add_items(rtsi, 1, 1);
    let f2 = g.faction(2);
    let none = Exposure::default();
    assert!(!sees(&g.w, r, f2, band, none));
    // On the move (walking, still seen at the origin): 4 − 2 = 2.
    let (l1, l2) = (g.loc(1), g.loc(2));
    g.w.units[band].journey = Some(umpire_overlord::world::Journey {
        from: l2,
        to: l1,
        mode: Movement::Walk,
        kind: JourneyKind::Move,
        days: 9,
        elapsed: 1,
    });
    assert_eq!(presence_stealth(&g.w, band, 4), 2);
    assert!(sees(&g.w, r, f2, band, none));
    // Its faction still needs observation 4 + 3.
    assert!(!recognizes(&g.w, r, f2, band, none));
    // Flying adds one; sailing halves.
    g.w.units[band].journey.as_mut().unwrap().mode = Movement::Fly;
    assert_eq!(presence_stealth(&g.w, band, 4), 3);
    g.w.units[band].journey.as_mut().unwrap().mode = Movement::Swim;
    assert_eq!(presence_stealth(&g.w, band, 4), 1);
}

#[test]
fn ov_uo_050_march_moves_like_move_but_fights_the_guard_in_the_way() {
    // No guard: a MARCH is a MOVE.
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    let men = g.unit(1, "man", 10, 2);
    g.orders(u, &["MARCH N", "-NAME \"There\""]);
    g.orders(men, &["MARCH N"]);
    let log = g.run(&[]);
    assert_eq!(day_of(&log, u, departed), Some(1));
    assert_eq!(day_of(&log, u, arrived), Some(WALK));
    assert_eq!(g.w.units[u].location, g.loc(1));
    assert_eq!(g.w.units[u].name, "There");
    assert!(g.pending(u).is_empty(), "one-shot");
    let Some(e) = first(&log, u, departed) else {
        unreachable!()
    };
    assert!(matches!(
        e.what,
        What::Departed {
            kind: JourneyKind::March,
            ..
        }
    ));
    // Followers without scouting may not march.
    assert_eq!(g.w.units[men].location, g.loc(2));
    assert!(first(&log, men, |w| matches!(w, What::OrderDropped { .. })).is_some());
    // A hostile guard in the way: where a MOVE turns back, a MARCH fights.
    let (mut g, guard, u) = guarded_north(Stance::Hostile, "ldr");
    g.orders(u, &["MARCH N"]);
    let log = g.run(&[]);
    // (What follows a lost battle is OV-CMB-084's.)
    assert!(log.events.iter().any(|e| e.day == WALK
        && matches!(
            e.what,
            What::Battle { attacker, defender, cause: BattleCause::MarchForces, .. }
                if attacker == u && defender == guard
        )));
}

#[test]
fn ov_uo_057_a_move_ends_on_arrival_on_retreat_or_when_a_guard_bars_the_way() {
    // The journey ends: the unit is there, with no journey left, and acts.
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["MOVE N", "-NAME \"There\""]);
    g.run(&[]);
    assert_eq!(g.w.units[u].location, g.loc(1));
    assert!(g.w.units[u].journey.is_none());
    assert!(g.pending(u).is_empty());
    // RETREAT cancels it: back where it set out.
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["WAIT 25", "-MOVE N"]);
    g.run(&[]);
    assert!(g.w.units[u].journey.is_some(), "still on the road");
    g.run(&["#GAME f01 pw\nUNIT U1\nRETREAT\n#END"]);
    assert!(g.w.units[u].journey.is_none());
    assert_eq!(g.w.units[u].location, g.loc(2));
    // A guard bars the destination: turned back, the MOVE is over.
    let (mut g, _, u) = guarded_north(Stance::Hostile, "ldr");
    g.orders(u, &["MOVE N"]);
    let log = g.run(&[]);
    assert!(first(&log, u, |w| matches!(w, What::TurnedBack { .. })).is_some());
    assert!(g.w.units[u].journey.is_none());
    assert_eq!(g.w.units[u].location, g.loc(2));
    assert!(g.pending(u).is_empty(), "not tried again");
}

#[test]
fn ov_move_018_a_stack_overloaded_past_the_limit_is_told_its_weight() {
    // A leader with 1000 iron bars (8 each) cannot walk at all: the
    // reason is the load, with the weight and what it can carry, never the
    // way.
    let mut g = Game::new(2, 1);
    let u = g.leader(1, 1);
    g.w.units[u].add_items(rules().item("iron").unwrap(), 1000, 0);
    g.orders(u, &["MOVE S"]);
    let load = umpire_overlord::turn::travel::stack_load(&g.w, rules(), u);
    let log = g.run_bare(&[]);
    let why = log.of_unit(u).find_map(|e| match e.what {
        What::CannotTravel { why, .. } => Some(why),
        _ => None,
    });
    assert_eq!(
        why,
        Some(Stuck::Overloaded {
            weight: load.weight(),
            capacity: load.capacity(Movement::Walk)
        })
    );
    let report = g.report(&log, 1);
    assert!(
        report.contains(&format!(
            "the stack is overloaded: it weighs {}",
            load.weight()
        )),
        "{report}"
    );
}

/// The section of place `n` in a text report, up to the next blank line.
fn section(report: &str, n: u32) -> &str {
    let head = format!("\nPlace {n} [L{n}], ");
    let from = report.find(&head).map_or(report.len(), |i| i + 1);
    let rest = &report[from..];
    &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

#[test]
fn ov_move_027_past_halfway_every_faction_sees_the_stack_at_its_destination() {
    let mut g = Game::new(3, 2);
    let u = g.leader(1, 2);
    let rider = g.unit(1, "man", 3, 2);
    g.stack(rider, u);
    // f2 watches both ends of the road.
    g.leader(2, 1);
    g.leader(2, 2);
    g.orders(u, &["WAIT 25", "-MOVE N"]);
    let log = g.run(&[]);
    // Set out on day 26: 5 of 9 days behind it, seen at L1 now.
    assert_eq!(g.w.units[u].journey.unwrap().seen_at(), g.loc(1));
    let theirs = g.report(&log, 2);
    let (l1, l2) = (section(&theirs, 1), section(&theirs, 2));
    assert!(l1.contains("  - Unit 1 [U1], 1 leader"), "{l1}");
    assert!(l1.contains("    - Unit 2 [U2], 3 followers"), "{l1}");
    assert!(
        l1.contains("Day 29 - Unit 1 [U1], 1 leader [ldr], comes in from Place 2 [L2]"),
        "{l1}"
    );
    assert!(!l2.contains("\n  - Unit 1 [U1]"), "{l2}");
    assert!(l2.contains("Day 26 - Unit 1 [U1], 1 leader [ldr], departs to Place 1 [L1]."));
    // Its own faction sees it there too, and is told when it got half way.
    let mine = g.report(&log, 1);
    let l1 = section(&mine, 1);
    assert!(l1.contains("  * Unit 1 [U1] of Faction 1 [f01]"), "{l1}");
    assert!(l1.contains("    * Unit 2 [U2] of Faction 1 [f01]"), "{l1}");
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::Entering { .. })),
        Some(29)
    );
}
