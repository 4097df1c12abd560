//! The order list through a month: OV-SCH-001..025, conditions.

use umpire_overlord::turn::What;
use umpire_overlord::turn::log::Dropped;

use super::*;

#[test]
fn ov_sch_003_dash_chain_waits_for_each_condition_in_turn() {
    // SEE stands in for GIVE (goods are adjudicated by the economy): the
    // first condition holds, the second never does.
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    let a = g.leader(1, 2);
    g.orders(u, &["SEE U2", "-5 STUDY cmbt", "SEE U99", "-MOVE S"]);
    let _ = a;
    let log = g.run(&[]);
    // The STUDY woke (its dash went) and is kept, since STUDY is the
    // skills' order; the second SEE never held, so MOVE never woke.
    assert_eq!(g.pending(u), ["5 STUDY cmbt", "SEE U99", "-MOVE S"]);
    assert_eq!(day_of(&log, u, departed), None);
}

#[test]
fn ov_sch_004_have_then_see_then_move() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    let coin = rules().item("coin").unwrap();
    g.w.units[u].add_items(coin, 2, 0);
    g.leader(1, 2);
    g.orders(u, &["HAVE coin 2", "-SEE U2", "--MOVE N"]);
    let log = g.run(&[]);
    // All three on day 1: two conditions in two passes, then the journey.
    assert_eq!(day_of(&log, u, departed), Some(1));
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_sch_006_alternative_runs_until_the_condition_then_moves() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    let coin = rules().item("coin").unwrap();
    // Not enough: the `+@WORK` runs every day and the MOVE sleeps.
    g.orders(u, &["HAVE coin 2", "+@WORK", "-MOVE N"]);
    let log = g.run(&[]);
    assert_eq!(worked(&log, u), 30);
    assert_eq!(g.pending(u), ["HAVE coin 2", "+@WORK", "-MOVE N"]);
    // With the coins, the HAVE holds on day 1: WORK goes, MOVE wakes.
    g.w.units[u].add_items(coin, 2, 0);
    let log = g.run(&[]);
    assert_eq!(day_of(&log, u, departed), Some(1));
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_sch_007_at_location_else_the_alternative() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["AT L2", "-10 WORK", "+STUDY cmbt"]);
    let log = g.run(&[]);
    // At L2 on day 1: STUDY dropped, ten days of work, then the default.
    assert_eq!(worked(&log, u), 30);
    assert!(g.pending(u).is_empty());
    assert!(day_of(&log, u, |w| matches!(w, What::ConditionMet { .. })) == Some(1));
    // The player is told the alternative went, and why.
    let dropped = first(&log, u, |w| matches!(w, What::OrderDropped { .. })).unwrap();
    assert_eq!(dropped.day, 1);
    assert_eq!(
        dropped.what,
        What::OrderDropped {
            order: "+STUDY cmbt".to_string(),
            reason: Dropped::AlternativeNotNeeded,
        }
    );
    let report = g.report(&log, 1);
    assert!(
        report.contains(
            "order `+STUDY cmbt` dropped: the order above it was carried out (`+` is an alternative)"
        ),
        "{report}"
    );
}

#[test]
fn ov_sch_005_only_the_alternatives_up_to_the_next_plain_order_go() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    // DAY 1 holds: both `+` orders below it go and the plain WORK stops
    // the sweep; the `+` after WORK goes only when WORK itself runs (the
    // same day, as the full-day order), each told to the player.
    g.orders(
        u,
        &["DAY 1", "+STUDY cmbt", "+10 WORK", "WORK", "+STUDY fire"],
    );
    let log = g.run(&[]);
    let dropped: Vec<_> = log
        .events
        .iter()
        .filter(|e| e.unit == Some(u))
        .filter_map(|e| match &e.what {
            What::OrderDropped { order, reason } => Some((order.as_str(), *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(
        dropped,
        [
            ("+STUDY cmbt", Dropped::AlternativeNotNeeded),
            ("+10 WORK", Dropped::AlternativeNotNeeded),
            ("+STUDY fire", Dropped::AlternativeNotNeeded),
        ]
    );
    assert!(day_of(&log, u, |w| matches!(w, What::ConditionMet { .. })) == Some(1));
}

#[test]
fn ov_sch_022_an_order_that_did_nothing_says_so() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["UNSTACK"]);
    let log = g.run(&[]);
    assert_eq!(day_of(&log, u, |w| matches!(w, What::NotStacked)), Some(1));
    assert!(g.pending(u).is_empty());
    let report = g.report(&log, 1);
    assert!(
        report.contains("is in no stack, so has none to leave"),
        "{report}"
    );
}

#[test]
fn ov_sch_010_011_counts_run_down_and_carry_over() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["40 WORK"]);
    g.run(&[]);
    assert_eq!(g.pending(u), ["10 WORK"]);
}

#[test]
fn ov_sch_012_a_plain_full_day_order_lasts_one_day() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["WORK", "-NAME \"Rested\""]);
    let log = g.run(&[]);
    // WORK left on day 1 and woke NAME, which ran on day 2.
    assert_eq!(g.w.units[u].name, "Rested");
    assert_eq!(day_of(&log, u, |w| matches!(w, What::UnitRenamed)), Some(2));
}

#[test]
fn ov_sch_018_019_day_prefix_and_the_inhibitor() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["D10 DAY 15", "-MOVE N"]);
    let log = g.run(&[]);
    assert_eq!(g.pending(u), ["D10 DAY 15", "-MOVE N"]);
    assert_eq!(day_of(&log, u, departed), None);
    let v = g.leader(1, 2);
    g.orders(v, &["D12 NAME \"Twelve\""]);
    let log = g.run(&[]);
    assert_eq!(
        day_of(&log, v, |w| matches!(w, What::UnitRenamed)),
        Some(12)
    );
}

#[test]
fn ov_sch_023_each_order_once_a_day() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.learn(u, "cmbt", 1);
    g.orders(u, &["@GUARD"]);
    g.title(1, "shrf", u);
    let log = g.run(&[]);
    let guards = log
        .of_unit(u)
        .filter(|e| matches!(e.what, What::Guarding))
        .count();
    assert_eq!(guards, 30);
    assert_eq!(g.pending(u), ["@GUARD"]);
}

#[test]
fn ov_sch_024_one_full_day_order_a_day_after_the_immediate_ones() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["5 WORK", "@WORK", "NAME \"Busy\""]);
    let log = g.run(&[]);
    // Thirty days of work, never two in a day; NAME (immediate) ran on
    // day 1 although it stands below the full-day orders.
    assert_eq!(worked(&log, u), 30);
    assert_eq!(day_of(&log, u, |w| matches!(w, What::UnitRenamed)), Some(1));
    assert_eq!(g.pending(u), ["@WORK"]);
}

#[test]
fn ov_sch_025_leaders_and_followers_work_by_default_creatures_idle() {
    let mut g = Game::new(1, 1);
    let l = g.leader(1, 1);
    let f = g.unit(1, "man", 10, 1);
    let c = g.unit(1, "gwol", 3, 1);
    let log = g.run(&[]);
    assert_eq!(worked(&log, l), 30);
    assert_eq!(worked(&log, f), 30);
    assert_eq!(worked(&log, c), 0);
}

#[test]
fn ov_sch_028_passes_repeat_while_anything_ran() {
    // U1 comes first but can only proceed after U2, later in the pass,
    // has stacked under it: all on day 1.
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    g.orders(a, &["LEADING U2", "-NAME \"Chief\""]);
    g.orders(b, &["STACK U1"]);
    let log = g.run(&[]);
    assert_eq!(g.w.units[b].stack_parent, Some(a));
    assert_eq!(day_of(&log, a, |w| matches!(w, What::UnitRenamed)), Some(1));
}

#[test]
fn ov_uo_024_day_fires_on_its_day() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["DAY 15", "-NAME \"Master of Miltonville\""]);
    let log = g.run(&[]);
    assert_eq!(g.w.units[u].name, "Master of Miltonville");
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::UnitRenamed)),
        Some(15)
    );
}

#[test]
fn ov_uo_116_wait_counts_from_the_day_it_is_reached() {
    let mut g = Game::new(3, 1);
    let u = g.leader(1, 2);
    g.orders(u, &["WAIT 10", "-MOVE N"]);
    let log = g.run(&[]);
    assert_eq!(day_of(&log, u, departed), Some(11));
    // Left over for next month: what a WAIT still has to count.
    let v = g.leader(1, 2);
    g.orders(v, &["DAY 25", "-WAIT 10", "--NAME \"Later\""]);
    g.run(&[]);
    assert_eq!(g.pending(v), ["WAIT 4", "-NAME \"Later\""]);
}

#[test]
fn ov_uo_046_have_counts_one_by_default() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let coin = rules().item("coin").unwrap();
    g.w.units[u].add_items(coin, 1, 0);
    g.orders(
        u,
        &["HAVE coin", "-NAME \"One\"", "HAVE coin 2", "-NAME \"Two\""],
    );
    g.run(&[]);
    assert_eq!(g.w.units[u].name, "One");
    assert_eq!(g.pending(u), ["HAVE coin 2", "-NAME \"Two\""]);
}

#[test]
fn ov_uo_088_089_size_and_skill() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 20, 1);
    g.learn(u, "cmbt", 1);
    g.orders(
        u,
        &[
            "SIZE 50",
            "-DESCRIBE \"big\"",
            "SKILL cmbt 1",
            "-NAME \"Trained\"",
        ],
    );
    g.run(&[]);
    assert_eq!(g.w.units[u].name, "Trained");
    assert_eq!(g.w.units[u].description, "");
    assert_eq!(g.pending(u), ["SIZE 50", "-DESCRIBE \"big\""]);
}

#[test]
fn ov_uo_003_004_at_location_or_structure() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let s = g.w.structures.push(umpire_overlord::world::Structure::new(
        5,
        r.construction("tent").unwrap(),
        g.loc(1),
    ));
    let l1 = g.loc(1);
    g.w.locations[l1].structures.push(s);
    let u = g.leader(1, 1);
    g.w.units[u].structure = Some(s);
    g.orders(u, &["AT L1", "-NAME \"Out\"", "AT B5", "-DESCRIBE \"In\""]);
    g.run(&[]);
    // Inside B5: AT L1 does not hold, AT B5 does.
    assert_eq!(g.w.units[u].description, "In");
    assert_eq!(g.pending(u), ["AT L1", "-NAME \"Out\""]);
}

#[test]
fn ov_uo_103_synchro_pair_fires_together_on_day_10() {
    let mut g = Game::new(2, 2);
    let a = g.leader(1, 1);
    let b = g.leader(2, 2);
    g.orders(
        a,
        &[
            "DAY 10",
            "-SYNCHRO U2",
            "--DESCRIBE \"THE OVERLORD SMELLS LIKE A PIG\"",
        ],
    );
    g.orders(
        b,
        &[
            "DAY 10",
            "-SYNCHRO U1",
            "--DESCRIBE \"THE OVERLORD IS GOING DOWN!!!\"",
        ],
    );
    // Different factions in different places cannot synchronise…
    let log = g.run(&[]);
    assert_eq!(
        day_of(&log, a, |w| matches!(w, What::Synchronised { .. })),
        None
    );
    // …units of one faction can, anywhere.
    g.w.units[b].faction = g.faction(1);
    g.orders(a, &["DAY 10", "-SYNCHRO U2", "--DESCRIBE \"pig\""]);
    g.orders(b, &["DAY 10", "-SYNCHRO U1", "--DESCRIBE \"down\""]);
    let log = g.run(&[]);
    assert_eq!(
        day_of(&log, a, |w| matches!(w, What::Synchronised { .. })),
        Some(10)
    );
    assert_eq!(
        day_of(&log, b, |w| matches!(w, What::Synchronised { .. })),
        Some(10)
    );
    assert_eq!(g.w.units[a].description, "pig");
    assert_eq!(g.w.units[b].description, "down");
}

#[test]
fn ov_uo_096_stance_toward_a_faction_and_the_default() {
    let mut g = Game::new(1, 3);
    let u = g.leader(1, 1);
    g.orders(u, &["STANCE f02 ALLY", "STANCE f01 HOSTILE"]);
    g.run(&[]);
    let f = &g.w.factions[g.faction(1)];
    assert_eq!(
        f.stance_toward(g.faction(2)),
        umpire_overlord::world::Stance::Ally
    );
    assert_eq!(f.default_stance, umpire_overlord::world::Stance::Hostile);
    assert_eq!(
        f.stance_toward(g.faction(3)),
        umpire_overlord::world::Stance::Hostile
    );
}

#[test]
fn ov_uo_059_025_name_and_describe() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.w.units[u].description = "old".into();
    g.orders(u, &["NAME \"Biscuithead\"", "DESCRIBE"]);
    g.run(&[]);
    assert_eq!(g.w.units[u].name, "Biscuithead");
    assert_eq!(g.w.units[u].description, "");
}

#[test]
fn a_use_not_carried_out_is_kept_and_reported_once() {
    // The data's test action [skxx], a creature skill no rule defines, is
    // the one use left that no rule carries out.
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "gwol", 1, 1);
    g.learn(u, "skxx", 1);
    g.orders(u, &["@USE skxx"]);
    let log = g.run(&[]);
    let told = log
        .of_unit(u)
        .filter(|e| matches!(e.what, What::NotAdjudicated { .. }))
        .count();
    assert_eq!(told, 1);
    assert_eq!(g.pending(u), ["@USE skxx"]);
}

#[test]
fn ov_uo_056_a_follower_without_scouting_may_not_move() {
    let mut g = Game::new(3, 1);
    let u = g.unit(1, "man", 5, 2);
    g.orders(u, &["MOVE N", "-NAME \"x\""]);
    let log = g.run(&[]);
    assert!(first(&log, u, |w| matches!(w, What::OrderDropped { .. })).is_some());
    // Dropping the MOVE woke the order below it.
    assert_eq!(g.w.units[u].name, "x");
    let v = g.unit(1, "man", 5, 2);
    g.learn(v, "scou", 1);
    g.orders(v, &["MOVE N"]);
    let log = g.run(&[]);
    assert_eq!(day_of(&log, v, departed), Some(1));
}

/// The rules' own examples, word for word, with GIVE.
mod rules_examples {
    use super::*;

    fn coin() -> umpire_overlord::rules::ItemId {
        rules().item("coin").unwrap()
    }

    #[test]
    fn ov_sch_003_give_study_give_move_when_b_never_comes() {
        let mut g = Game::new(3, 1);
        let u = g.leader(1, 2);
        let a = g.leader(1, 2);
        g.w.units[u].add_items(coin(), 5, 0);
        g.orders(
            u,
            &[
                "GIVE U2 coin 1",
                "-5 STUDY cmbt",
                "GIVE U9 coin 1",
                "-MOVE S",
            ],
        );
        let log = g.run_bare(&[]);
        assert_eq!(g.w.units[a].count(coin()), 1);
        // The STUDY woke and ran four days on the four coins left ($1 a
        // day), then waits for coins; unit-b (U9) never came, so the list
        // ends with its GIVE and the sleeping MOVE.
        assert_eq!(g.pending(u), ["1 STUDY cmbt", "GIVE U9 coin 1", "-MOVE S"]);
        assert!(first(&log, u, departed).is_none());
    }

    #[test]
    fn ov_sch_003_give_give_move_when_both_are_there() {
        let mut g = Game::new(3, 1);
        let u = g.leader(1, 2);
        g.leader(1, 2);
        g.leader(1, 2);
        g.w.units[u].add_items(coin(), 5, 0);
        g.orders(u, &["GIVE U2 coin 1", "-WORK", "GIVE U3 coin 1", "-MOVE S"]);
        let log = g.run(&[]);
        // Both GIVEs on day 1; WORK (full-day) then MOVE on day 2.
        assert_eq!(day_of(&log, u, departed), Some(2));
    }

    #[test]
    fn ov_sch_004_have_give_move() {
        let mut g = Game::new(3, 1);
        let u = g.leader(1, 2);
        let b = g.leader(1, 2);
        g.orders(u, &["HAVE coin 2", "-GIVE U2 coin 1", "--MOVE N"]);
        let log = g.run_bare(&[]);
        assert!(first(&log, u, departed).is_none());
        g.w.units[u].add_items(coin(), 2, 0);
        let log = g.run_bare(&[]);
        assert_eq!(g.w.units[b].count(coin()), 1);
        assert_eq!(day_of(&log, u, departed), Some(1));
    }

    #[test]
    fn ov_uo_041_042_give_all_some_or_all_but() {
        let mut g = Game::new(1, 1);
        let u = g.leader(1, 1);
        let v = g.leader(1, 1);
        g.w.units[u].add_items(coin(), 20, 0);
        g.orders(
            u,
            &["GIVE U2 coin 3", "GIVE U2 coin 0 5", "GIVE U2 coin 10 1"],
        );
        g.run_bare(&[]);
        // 3, then all but 5 (12); then 10 + 1 kept is more than the 5 left.
        assert_eq!(g.w.units[u].count(coin()), 5);
        assert_eq!(g.w.units[v].count(coin()), 15);
        assert_eq!(g.pending(u), ["GIVE U2 coin 10 1"]);
        g.orders(u, &["GIVE U2 coin"]);
        g.run_bare(&[]);
        assert_eq!(g.w.units[u].count(coin()), 0);
        assert_eq!(g.w.units[v].count(coin()), 20);
    }

    #[test]
    fn ov_uo_043_gifts_need_a_friendly_recipient() {
        let mut g = Game::new(1, 2);
        let u = g.leader(1, 1);
        let v = g.leader(2, 1);
        g.w.units[u].add_items(coin(), 4, 0);
        g.orders(u, &["GIVE U2 coin 1"]);
        g.run_bare(&[]);
        assert_eq!(g.w.units[v].count(coin()), 0);
        let (f1, f2) = (g.faction(1), g.faction(2));
        g.w.factions[f2].set_stance(f1, umpire_overlord::world::Stance::Friendly);
        let log = g.run_bare(&[]);
        assert_eq!(g.w.units[v].count(coin()), 1);
        let e = first(&log, u, |w| matches!(w, What::Gave { .. })).unwrap();
        assert_eq!(e.seen_by[..], vec![f1, f2]);
    }

    #[test]
    fn ov_sch_006_have_use_move_with_give_filling_the_purse() {
        // `HAVE x 2 / +@USE s / -MOVE N`: USE is the skills' order, so the
        // alternative here is @WORK; a friend hands over the coins on day 5.
        let mut g = Game::new(3, 1);
        let u = g.leader(1, 2);
        let friend = g.leader(1, 2);
        g.w.units[friend].add_items(coin(), 2, 0);
        g.orders(u, &["HAVE coin 2", "+@WORK", "-MOVE N"]);
        g.orders(friend, &["D5 GIVE U1 coin 2"]);
        let log = g.run(&[]);
        // Days 1–4 of work; on day 5 the coins arrive (U2 acts after U1 in
        // the first pass, and HAVE holds in the second), WORK goes and
        // the journey begins that day: 9 days, arriving at the end of day
        // 13, then default work on days 14–30 (4 + 17 days).
        assert_eq!(day_of(&log, u, departed), Some(5));
        assert_eq!(day_of(&log, u, arrived), Some(13));
        assert_eq!(worked(&log, u), 21);
        assert!(g.pending(u).is_empty());
    }
}

#[test]
fn ov_sch_021_a_stop_condition_completes_the_order() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.learn(u, "cmbt", 1);
    g.orders(u, &["10 STUDY cmbt 1", "-NAME \"Done\"", "10 STUDY cmbt 2"]);
    let log = g.run(&[]);
    // Level 1 is already there: the first STUDY is complete on day 1 and
    // wakes NAME; the second waits for the skills' rules.
    assert_eq!(day_of(&log, u, |w| matches!(w, What::UnitRenamed)), Some(2));
    assert_eq!(g.pending(u), ["10 STUDY cmbt 2"]);
    // The player is told why the STUDY ended.
    let cmbt = rules().skill("cmbt").unwrap();
    let met = first(&log, u, |w| matches!(w, What::StudyGoalMet { .. })).unwrap();
    assert_eq!(
        (met.day, &met.what),
        (
            1,
            &What::StudyGoalMet {
                skill: cmbt,
                level: 1
            }
        )
    );
    let report = g.report(&log, 1);
    assert!(
        report.contains("as its STUDY asked: the order is complete"),
        "{report}"
    );
}

#[test]
fn ov_uo_047_leader_holds_anywhere_up_the_stack() {
    let mut g = Game::new(1, 1);
    let top = g.leader(1, 1);
    let mid = g.leader(1, 1);
    let low = g.unit(1, "man", 5, 1);
    g.stack(mid, top);
    g.stack(low, mid);
    g.orders(
        low,
        &["LEADER U1", "-NAME \"Top\"", "LEADER U9", "-DESCRIBE \"x\""],
    );
    g.orders(mid, &["LEADER U3", "-NAME \"Never\""]);
    g.run(&[]);
    assert_eq!(g.w.units[low].name, "Top");
    assert_eq!(g.pending(low), ["LEADER U9", "-DESCRIBE \"x\""]);
    assert_eq!(g.pending(mid), ["LEADER U3", "-NAME \"Never\""]);
}

#[test]
fn ov_uo_004_at_a_structure_holds_only_once_the_unit_is_inside() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let s = g.w.structures.push(umpire_overlord::world::Structure::new(
        5,
        r.construction("tent").unwrap(),
        g.loc(1),
    ));
    let l1 = g.loc(1);
    g.w.locations[l1].structures.push(s);
    let owner = g.leader(1, 1);
    g.w.units[owner].structure = Some(s);
    let outside = g.leader(1, 1);
    let comer = g.leader(1, 1);
    g.orders(
        outside,
        &["AT B5", "-NAME \"In\"", "AT L1", "-DESCRIBE \"Out\""],
    );
    g.orders(comer, &["ENTER B5", "AT B5", "-NAME \"In\""]);
    g.run(&[]);
    // Outside B5: AT B5 does not hold, AT L1 does.
    assert_ne!(g.w.units[outside].name, "In");
    assert_eq!(g.pending(outside), ["AT B5", "-NAME \"In\""]);
    assert_eq!(g.w.units[outside].description, "Out");
    // Once inside, it holds.
    assert_eq!(g.w.units[comer].structure, Some(s));
    assert_eq!(g.w.units[comer].name, "In");
}

#[test]
fn ov_uo_058_every_repeated_order_stays_in_the_list() {
    // `@` keeps a one-shot order as it keeps a movement (the prefixes'
    // "repeated every day"): the alpha files' `@ SETTING silent` is still
    // there next month, and runs once each day.
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["@SETTING ANNOUNCE ON", "@NAME \"Again\""]);
    let log = g.run(&[]);
    assert_eq!(g.pending(u), ["@SETTING ANNOUNCE ON", "@NAME \"Again\""]);
    let renamed: Vec<u8> = log
        .of_unit(u)
        .filter(|e| matches!(e.what, What::UnitRenamed))
        .map(|e| e.day)
        .collect();
    assert_eq!(renamed, (1..=30).collect::<Vec<u8>>());
    // A one-shot order without `@` still runs once and leaves.
    g.orders(u, &["NAME \"Once\""]);
    g.run(&[]);
    assert!(g.pending(u).is_empty());
}
