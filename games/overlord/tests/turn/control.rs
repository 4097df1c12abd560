//! Control points (OV-CP): the limit, what units cost, the check after
//! day 1 and what a refusing unit still does.

use umpire_overlord::report::faction::opening;
use umpire_overlord::turn::What;
use umpire_overlord::turn::control;

use super::*;

/// The (needed, limit, day) of the faction's control check this month.
fn checked(log: &TurnLog, f: FactionId) -> Vec<(u32, u32, u8)> {
    log.events
        .iter()
        .filter_map(|e| match e.what {
            What::ControlChecked {
                faction,
                needed,
                limit,
            } if faction == f => Some((needed, limit, e.day)),
            _ => None,
        })
        .collect()
}

fn refusing(log: &TurnLog) -> Vec<UnitId> {
    log.events
        .iter()
        .filter(|e| matches!(e.what, What::Refuses { .. }))
        .filter_map(|e| e.unit)
        .collect()
}

#[test]
fn ov_cp_001_a_new_faction_has_200_control_points() {
    let r = rules();
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 30, 1);
    let f = g.faction(1);
    assert_eq!(control::BASE, 200);
    assert_eq!(control::limit(&g.w, r, f), 200);
    let log = g.run(&[]);
    assert_eq!(checked(&log, f), [(2, 200, 1)]);
    let _ = u;
}

#[test]
fn ov_cp_004_mana_costs_a_point_per_started_four() {
    let r = rules();
    let mut g = Game::new(1, 1);
    // The rules' example: a hero with seven 1st-level magic skills has
    // 7 mana and needs 1 + 1 + 2 = 4 points.
    let h = g.unit(1, "hero", 1, 1);
    let magic: Vec<&str> = r
        .skills
        .values()
        .filter(|s| s.flags.magic && s.levels.first().is_some_and(|l| l.stats.mana == 1))
        .map(|s| s.tag.as_str())
        .take(7)
        .collect();
    assert_eq!(magic.len(), 7, "{magic:?}");
    let race_mana = control::max_mana(r, &g.w.units[h]);
    assert_eq!(race_mana, 0, "a hero has no mana of its own");
    for s in &magic {
        g.learn(h, s, 1);
    }
    assert_eq!(control::max_mana(r, &g.w.units[h]), 7);
    assert_eq!(control::needed(r, &g.w.units[h]), 4);
    // Eight mana still needs two, nine three.
    let more = r
        .skills
        .values()
        .filter(|s| s.flags.magic && s.levels.first().is_some_and(|l| l.stats.mana == 1))
        .map(|s| s.tag.as_str())
        .filter(|t| !magic.contains(t))
        .take(2)
        .collect::<Vec<_>>();
    g.learn(h, more[0], 1);
    assert_eq!(control::needed(r, &g.w.units[h]), 4);
    g.learn(h, more[1], 1);
    assert_eq!(control::needed(r, &g.w.units[h]), 5);
}

#[test]
fn ov_cp_006_granted_points_for_relics_and_structures_raise_the_limit() {
    let r = rules();
    let mut g = Game::new(1, 1);
    let f = g.faction(1);
    // 4100 men need 205 points: over the base 200, within 200 + 10.
    for _ in 0..41 {
        g.unit(1, "man", 100, 1);
    }
    g.w.factions[f].control_points = 10;
    assert_eq!(control::limit(&g.w, r, f), 210);
    let log = g.run(&[]);
    assert_eq!(checked(&log, f), [(205, 210, 1)]);
    assert!(refusing(&log).is_empty());
}

#[test]
fn ov_cp_007_the_report_shows_control_points_used_and_available() {
    let r = rules();
    let mut g = Game::new(1, 1);
    let f = g.faction(1);
    let h = g.unit(1, "hero", 1, 1);
    let men = g.unit(1, "man", 50, 1);
    g.stack(men, h);
    g.w.factions[f].control_points = 10;
    // Hero: 1 + 1; 50 men: 3.
    let used = control::needed(r, &g.w.units[h]) + control::needed(r, &g.w.units[men]);
    assert_eq!(used, 5);
    let text = opening(&g.w, r, f, "soon");
    assert!(text.contains("\nControl Points: 5 of 210\n"), "{text}");
}

#[test]
fn ov_cp_008_checked_once_after_day_1_a_faction_within_is_unaffected() {
    let mut g = Game::new(1, 2);
    // f1: 199 points, within. f2: 300 points, 100 over.
    for _ in 0..9 {
        g.unit(1, "man", 400, 1);
    }
    let inside = g.unit(1, "man", 380, 1);
    for _ in 0..15 {
        g.unit(2, "man", 400, 1);
    }
    let log = g.run(&[]);
    let (f1, f2) = (g.faction(1), g.faction(2));
    assert_eq!(checked(&log, f1), [(199, 200, 1)]);
    assert_eq!(checked(&log, f2), [(300, 200, 1)]);
    let refused = refusing(&log);
    assert!(refused.iter().all(|u| g.w.units[*u].faction == f2));
    assert_eq!(refused.len(), 15);
    // The faction within its limit works the whole month.
    assert_eq!(worked(&log, inside), 30);
    assert_eq!(worked(&log, UnitId::from_index(11)), 1);
}

#[test]
fn ov_cp_009_each_unit_refuses_with_an_m_percent_chance() {
    let mut g = Game::new(1, 1);
    // 250 units of one man: 250 points, 50 missing, so about half refuse.
    for _ in 0..250 {
        g.unit(1, "man", 1, 1);
    }
    let log = g.run(&[]);
    let missing: Vec<u32> = log
        .events
        .iter()
        .filter_map(|e| match e.what {
            What::Refuses { missing } => Some(missing),
            _ => None,
        })
        .collect();
    assert!(missing.iter().all(|m| *m == 50));
    assert!(
        (95..=155).contains(&missing.len()),
        "{} of 250 refused",
        missing.len()
    );
    // Those who refuse work day 1 only; the others the whole month.
    let refused = refusing(&log);
    for (id, _) in g.w.units.iter() {
        let days = worked(&log, id);
        assert_eq!(days, if refused.contains(&id) { 1 } else { 30 });
    }
}

#[test]
fn ov_cp_010_a_refusing_unit_acts_not_but_travels_with_its_stack() {
    let mut g = Game::new(2, 2);
    // f1 is 101 points over: every unit of it refuses.
    for _ in 0..15 {
        g.unit(1, "man", 400, 1);
    }
    let late = g.leader(1, 1);
    g.orders(late, &["WAIT 1", "-NAME \"Late\""]);
    let member = g.leader(1, 1);
    g.orders(member, &["STAY"]);
    // f2's leader sets out on day 2, with f1's unit in its stack.
    let leader = g.leader(2, 1);
    g.orders(leader, &["WAIT 1", "-MOVE S"]);
    g.stack(member, leader);
    let log = g.run(&[]);
    assert!(refusing(&log).contains(&member));
    assert!(!refusing(&log).contains(&leader));
    // It travelled with the stack, its STAY ignored and kept.
    assert_eq!(g.w.units[member].location, g.loc(2));
    assert_eq!(g.w.units[member].stack_parent, Some(leader));
    assert_eq!(g.pending(member), ["STAY"]);
    assert!(first(&log, member, |w| matches!(w, What::Stayed { .. })).is_none());
    // An order due after day 1 is not carried out.
    assert_ne!(g.w.units[late].name, "Late");
    assert_eq!(g.pending(late).last().unwrap(), "-NAME \"Late\"");
    assert_eq!(worked(&log, late), 1);
}

/// f2's leader attacks f1's leader U1 at L1 where f1's `men` men stand
/// too; the defenders of the battle, and the men's refusals.
fn defended_by(men: u32) -> (Vec<UnitId>, UnitId, UnitId, Vec<u32>) {
    let mut g = Game::new(1, 2);
    let target = g.leader(1, 1);
    let band = g.unit(1, "man", men, 1);
    let attacker = g.leader(2, 1);
    // After day 1, when control points are checked (OV-CP-008).
    g.orders(
        attacker,
        &["DAY 3", &format!("-ATTACK U{}", target.index() + 1)],
    );
    let log = g.run_bare(&[]);
    let defenders = log
        .events
        .iter()
        .find_map(|e| match &e.what {
            What::Battle { defenders, .. } => Some(defenders.to_vec()),
            _ => None,
        })
        .unwrap();
    let refusals = log
        .of_unit(band)
        .filter_map(|e| match e.what {
            What::RefusesBattle { missing } => Some(missing),
            _ => None,
        })
        .collect();
    (defenders, target, band, refusals)
}

#[test]
fn ov_cp_011_short_of_control_points_units_refuse_to_join_a_battle() {
    // 4,400 men need 220 points and the leader 1: 21 missing, a 105 %
    // chance to refuse joining. The leader attacked fights all the same.
    let (defenders, target, band, refusals) = defended_by(4400);
    assert!(defenders.contains(&target));
    assert!(!defenders.contains(&band), "{defenders:?}");
    assert_eq!(refusals, [21]);
    // Within the limit the men join the defence.
    let (defenders, target, band, refusals) = defended_by(100);
    assert!(defenders.contains(&target) && defenders.contains(&band));
    assert!(refusals.is_empty());
}
