//! The month in Paris: its stages, the premonthly sequence, the weeks and
//! the conditions, checked on the engine's events.

mod common;

use common::*;
use umpire_engarde::events::{What, When};
use umpire_engarde::model::{Post, Rank};
use umpire_engarde::month::weekly::{courting_die_needed, mugging_percent};
use umpire_engarde::spsl::{Sp, convert};
use umpire_engarde::world::{Appointment, Whereabouts};

#[test]
fn eg_mon_001_premonthly_then_four_weeks_then_endmonth() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nBORROW 50\nWEEK 1: CAROUSE\nWEEK 2: REST\nWEEK 3: CAROUSE\nWEEK 4: PRACTISE sabre",
        ],
    );
    let whens: Vec<When> = events(&out, "Athos").iter().map(|e| e.when).collect();
    assert_eq!(whens.first(), Some(&When::Premonthly));
    assert_eq!(whens.last(), Some(&When::Endmonth));
    assert!(whens.windows(2).all(|p| p[0] <= p[1]), "{whens:?}");
    for week in 1..=4 {
        assert_eq!(
            events_at(&out, "Athos", When::Week(week)).len(),
            1,
            "week {week}"
        );
    }
    assert_eq!((out.month, out.world.month), (1, 2));
}

#[test]
fn eg_mon_002_endmonth_tidies_up_in_a_fixed_order_ending_with_the_conversion() {
    let mut w = paris(&[("Athos", 5, 500)]);
    enlist(&mut w, "Athos", "13F", Rank::Subaltern);
    let out = play(
        &w,
        &["CHARACTER Athos\nJOIN Red Phillips\nWEEK 1: DUTY\nWEEK 2: BAWDYHOUSE 10"],
    );
    let kinds: Vec<&str> = events_at(&out, "Athos", When::Endmonth)
        .iter()
        .map(|what| match what {
            What::Pay { .. } => "pay",
            What::RankSp => "rank-sp",
            What::ClubSp => "club-sp",
            What::ClubDues { .. } => "dues",
            What::Upkeep { .. } => "upkeep",
            What::Conversion(_) => "conversion",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["pay", "rank-sp", "club-sp", "dues", "upkeep", "conversion"]
    );
}

#[test]
fn eg_mon_003_any_number_of_premonthly_actions_run() {
    let mut w = paris(&[("Athos", 6, 1000), ("Porthos", 6, 100)]);
    let a = id(&w, "Athos");
    w.characters[a.raw() as usize].horses = 1;
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nBORROW 100\nBUY HORSE 2\nSELL HORSE\nJOIN Frog & Peach\nGIVE Porthos 10\nGIVE Porthos 20\nANNOUNCE a feast\nCONSUME 2\nAPPLY TO 53F",
        ],
    );
    let pre = events_at(&out, "Athos", When::Premonthly);
    assert!(
        pre.iter().all(|e| !matches!(e, What::Refused { .. })),
        "{pre:?}"
    );
    assert_eq!(pre.len(), 9, "{pre:?}");
}

#[test]
fn eg_mon_004_at_most_one_weekly_action_a_week() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(
        &w,
        &["CHARACTER Athos\nWEEK 1\nCAROUSE\nPRACTISE sabre\nREST"],
    );
    let week = events_at(&out, "Athos", When::Week(1));
    assert_eq!(
        week.iter().filter(|e| matches!(e, What::Caroused)).count(),
        1,
        "{week:?}"
    );
    assert_eq!(
        week.iter()
            .filter(|e| matches!(e, What::Skipped { .. }))
            .count(),
        2,
        "{week:?}"
    );
    assert_eq!(week.len(), 3);
}

#[test]
fn eg_mon_005_the_first_valid_action_runs_the_rest_are_reported() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(
        &w,
        &["CHARACTER Athos\nWEEK 2\nCOURT Mme Babette\nPRACTISE rapier\nCAROUSE"],
    );
    let week = events_at(&out, "Athos", When::Week(2));
    assert!(
        matches!(week[0], What::Refused { .. }),
        "a courting without a sum cannot run: {week:?}"
    );
    assert!(
        matches!(week[1], What::Skipped { order, .. } if order.contains("carouse")),
        "{week:?}"
    );
    assert!(matches!(week[2], What::Practised { .. }), "{week:?}");
    assert_eq!(week.len(), 3);
}

#[test]
fn eg_mon_006_the_giving_money_step_comes_after_consumption_and_before_appointments() {
    let w = paris(&[("Athos", 5, 15), ("Porthos", 5, 0)]);
    // Written gift first; consumption (3 x SL = 15) still runs first, so the
    // gift of 15 finds an empty purse.
    let out = play(
        &w,
        &["CHARACTER Athos\nGIVE Porthos 15\nANNOUNCE a supper\nCONSUME"],
    );
    let pre = events_at(&out, "Athos", When::Premonthly);
    assert!(matches!(pre[1], What::Consumed { times: 1 }), "{pre:?}");
    assert!(matches!(pre[2], What::Refused { .. }), "{pre:?}");
    let p = umpire_engarde::month::premonthly::STEPS;
    let pos = |s: &str| p.iter().position(|x| *x == s);
    assert!(pos("conspicuous consumption") < pos("give money"));
    assert!(pos("give money") < pos("appointments"));
}

#[test]
fn eg_pre_001_premonthly_actions_run_in_the_fixed_sequence_not_as_written() {
    let w = paris(&[("Athos", 5, 5)]);
    // JOIN is written before BORROW; the borrowing runs first, so the dues
    // can be met at the end of the month.
    let out = play(&w, &["CHARACTER Athos\nJOIN Frog & Peach\nBORROW 100"]);
    let pre = events_at(&out, "Athos", When::Premonthly);
    assert!(matches!(pre[0], What::Borrowed { amount: 100 }), "{pre:?}");
    assert!(matches!(pre[1], What::JoinedClub { .. }), "{pre:?}");
}

#[test]
fn eg_pre_002_conspicuous_consumption_must_be_announced() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 5, 500)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nCONSUME",
            "CHARACTER Porthos\nANNOUNCE Porthos gives a ball\nCONSUME",
        ],
    );
    assert!(matches!(
        events_at(&out, "Athos", When::Premonthly)[0],
        What::Skipped { .. }
    ));
    let p = events(&out, "Porthos");
    assert!(
        p.iter()
            .any(|e| matches!(e.what, What::Consumed { times: 1 })
                && e.sp == Sp::whole(1)
                && e.cash == -15)
    );
    assert!(
        p.iter()
            .any(|e| matches!(e.what, What::Announced { .. }) && e.public)
    );
}

#[test]
fn eg_wk_001_every_weekly_action_runs() {
    let mut w = paris(&[("Athos", 5, 1000), ("Porthos", 6, 100)]);
    enlist(&mut w, "Athos", "13F", Rank::Subaltern);
    let id = id(&w, "Athos");
    w.characters[id.raw() as usize].club = Some("frog-and-peach".into());
    let sheets = [
        ("CAROUSE", "caroused"),
        ("GAMBLE 20, 20 CUT 4", "gambled"),
        ("COURT Mme Babette WITH 30", "courted"),
        ("BAWDYHOUSE 10", "bawdyhouse"),
        ("PRACTISE sabre", "practised"),
        ("TOADY TO Porthos", "toadied"),
        ("DUTY", "duty"),
        ("REST", "rested"),
    ];
    for (order, kind) in sheets {
        let out = play(&w, &[&format!("CHARACTER Athos\nWEEK 1: {order}")]);
        let week = events_at(&out, "Athos", When::Week(1));
        let got = match week.first() {
            Some(What::Caroused) => "caroused",
            Some(What::Gambled { .. }) => "gambled",
            Some(What::Courted { .. }) => "courted",
            Some(What::Bawdyhouse { .. }) => "bawdyhouse",
            Some(What::Practised { .. }) => "practised",
            Some(What::Toadied { .. }) => "toadied",
            Some(What::Duty) => "duty",
            Some(What::Rested) => "rested",
            other => panic!("{order}: {other:?}"),
        };
        assert_eq!(got, kind);
    }
}

#[test]
fn eg_wk_002_a_courting_without_a_sum_is_refused_never_guessed() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(&w, &["CHARACTER Athos\nWEEK 1: COURT Mme Babette"]);
    match events_at(&out, "Athos", When::Week(1)).first() {
        Some(What::Refused { reason, .. }) => assert!(reason.contains("no sum"), "{reason}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        cash(&out.world, "Athos"),
        500 - 2 * 5,
        "only the upkeep is taken"
    );
}

#[test]
fn eg_wk_003_a_bawdyhouse_visit_without_a_sum_is_refused() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(&w, &["CHARACTER Athos\nWEEK 1: BAWDYHOUSE"]);
    assert!(matches!(
        events_at(&out, "Athos", When::Week(1)).first(),
        Some(What::Refused { .. })
    ));
}

#[test]
fn eg_wk_004_courting_never_gets_harder_with_a_larger_purse() {
    for table in 2..=6u8 {
        for her_sl in 1..=14i64 {
            let mut last = 7u8;
            for purse in (3 * her_sl)..(3 * her_sl * 10) {
                let needed = courting_die_needed(table, purse, her_sl).unwrap_or(7);
                assert!(needed <= last, "table {table}, SL {her_sl}, purse {purse}");
                last = needed;
            }
            assert_eq!(
                courting_die_needed(table, 3 * her_sl - 1, her_sl),
                None,
                "below the minimum"
            );
        }
    }
    // The table: by your SL minus hers.
    let t = tables();
    assert_eq!(
        [-9, -6, -5, -4, -3, -1, 0, 2, 3, 9].map(|d| t.courting_needed(d)),
        [6, 6, 5, 5, 4, 4, 3, 3, 2, 2]
    );
}

#[test]
fn eg_wk_005_mugging_never_gets_less_likely_with_a_larger_purse() {
    for sl in 1..=15 {
        let mut last = 0;
        for purse in 0..2000 {
            let p = mugging_percent(purse, sl);
            assert!(p >= last, "SL {sl}, purse {purse}");
            last = p;
        }
        assert_eq!(mugging_percent(2 * sl, sl), 0, "just the price is safe");
        assert_eq!(mugging_percent(2 * sl + 5 * sl, sl), 10);
        assert_eq!(mugging_percent(100 * sl, sl), 60);
    }
}

#[test]
fn eg_wk_006_a_toadying_is_recorded_and_later_weeks_may_test_it() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 6, 500)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nWEEK 1: TOADY TO Porthos\nWEEK 2\nIF Porthos RECEIVED ME LAST WEEK THEN\nCAROUSE\nELSE\nREST\nENDIF",
        ],
    );
    let porthos = id(&out.world, "Porthos");
    assert!(matches!(
        events_at(&out, "Athos", When::Week(1))[0],
        What::Toadied { to, received: true } if *to == porthos
    ));
    assert!(matches!(
        events_at(&out, "Athos", When::Week(2))[0],
        What::Caroused
    ));
}

#[test]
fn eg_cond_003_the_branch_follows_last_weeks_outcome() {
    // Porthos is far above Athos: received only on a good die. Whatever
    // the die, week 2 follows week 1.
    for seed in 1..30 {
        let w = paris_in(3, seed, &[("Athos", 2, 500), ("Porthos", 9, 500)]);
        let out = play(
            &w,
            &[
                "CHARACTER Athos\nWEEK 1: TOADY TO Porthos\nWEEK 2\nIF Porthos RECEIVED ME IN WEEK 1\nTOADY TO Porthos\nELSE\nPRACTISE sabre\nENDIF",
            ],
        );
        let received = matches!(
            events_at(&out, "Athos", When::Week(1))[0],
            What::Toadied { received: true, .. }
        );
        let w2 = events_at(&out, "Athos", When::Week(2));
        assert_eq!(
            matches!(w2[0], What::Toadied { .. }),
            received,
            "seed {seed}"
        );
        assert_eq!(
            matches!(w2[0], What::Practised { .. }),
            !received,
            "seed {seed}"
        );
    }
}

#[test]
fn eg_cond_004_if_x_is_in_paris_tests_where_he_is_now() {
    let mut w = paris(&[("Athos", 5, 500), ("Porthos", 5, 500)]);
    let out = play(
        &w,
        &["CHARACTER Athos\nWEEK 1\nIF Porthos IS IN PARIS THEN TOADY TO Porthos ELSE REST"],
    );
    assert!(matches!(
        events_at(&out, "Athos", When::Week(1))[0],
        What::Toadied { .. }
    ));
    let p = id(&w, "Porthos");
    w.characters[p.raw() as usize].whereabouts = Whereabouts::Front;
    let out = play(
        &w,
        &["CHARACTER Athos\nWEEK 1\nIF Porthos IS IN PARIS THEN TOADY TO Porthos ELSE REST"],
    );
    assert!(matches!(
        events_at(&out, "Athos", When::Week(1))[0],
        What::Rested
    ));
}

#[test]
fn eg_cond_005_a_same_week_condition_skips_its_block() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 5, 500)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nWEEK 2\nIF Porthos DID CAROUSE IN WEEK 2 THEN CAROUSE ELSE REST\nPRACTISE sabre",
            "CHARACTER Porthos\nWEEK 2: CAROUSE",
        ],
    );
    let w2 = events_at(&out, "Athos", When::Week(2));
    assert!(
        matches!(w2[0], What::Skipped { reason, .. } if reason.contains("future") || reason.contains("week")),
        "{w2:?}"
    );
    assert!(
        matches!(w2[1], What::Practised { .. }),
        "neither branch runs: {w2:?}"
    );
}

#[test]
fn eg_cond_006_a_courting_is_seen_only_when_done_openly() {
    let sheet = "CHARACTER Athos\nWEEK 2\nIF Porthos DID COURT LAST WEEK THEN CAROUSE ELSE REST";
    for (porthos, seen) in [
        (
            "CHARACTER Porthos\nWEEK 1: COURT Mme Babette WITH 30 OPENLY",
            true,
        ),
        (
            "CHARACTER Porthos\nWEEK 1: COURT Mme Babette WITH 30",
            false,
        ),
    ] {
        let w = paris(&[("Athos", 5, 500), ("Porthos", 5, 500)]);
        let out = play(&w, &[sheet, porthos]);
        let w2 = events_at(&out, "Athos", When::Week(2));
        assert_eq!(matches!(w2[0], What::Caroused), seen, "{porthos}: {w2:?}");
    }
}

#[test]
fn eg_cond_007_a_bawdyhouse_visit_is_never_testable() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 5, 500)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nWEEK 2\nIF Porthos DID BAWDYHOUSE LAST WEEK THEN CAROUSE ELSE REST",
            "CHARACTER Porthos\nWEEK 1: BAWDYHOUSE 10",
        ],
    );
    let w2 = events_at(&out, "Athos", When::Week(2));
    assert_eq!(w2.len(), 1);
    assert!(matches!(w2[0], What::Skipped { .. }), "{w2:?}");
}

fn brigade_major_world(porthos_cash: i64) -> umpire_engarde::world::World {
    let mut w = paris(&[("Athos", 8, 100), ("Porthos", 6, porthos_cash)]);
    enlist(&mut w, "Athos", "RFG", Rank::Colonel);
    enlist(&mut w, "Porthos", "CG", Rank::Major);
    command(&mut w, "Athos", Appointment::Brigadier("guards".into()));
    w
}

#[test]
fn eg_cond_008_a_gift_on_condition_of_an_appointment() {
    let w = brigade_major_world(500);
    let out = play(
        &w,
        &[
            "CHARACTER Porthos\nGIVE Athos 300 IF HE APPOINTS ME Brigade Major",
            "CHARACTER Athos\nAPPOINT Porthos Brigade Major",
        ],
    );
    let p = events_at(&out, "Porthos", When::Premonthly);
    assert!(
        p.iter().any(|e| matches!(e, What::Appointed { .. })),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|e| matches!(e, What::Gave { amount: 300, .. })),
        "{p:?}"
    );
    // Without the appointment, no gift.
    let out = play(
        &w,
        &["CHARACTER Porthos\nGIVE Athos 300 IF HE APPOINTS ME Brigade Major"],
    );
    let p = events_at(&out, "Porthos", When::Premonthly);
    assert!(matches!(p[0], What::Refused { .. }), "{p:?}");
    assert!(!p.iter().any(|e| matches!(e, What::Gave { .. })));
}

#[test]
fn eg_cond_009_a_gift_may_be_made_in_any_week_without_using_it() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 5, 0)]);
    let out = play(&w, &["CHARACTER Athos\nWEEK 3\nGIVE Porthos 40\nCAROUSE"]);
    let w3 = events_at(&out, "Athos", When::Week(3));
    assert!(matches!(w3[0], What::Gave { amount: 40, .. }), "{w3:?}");
    assert!(matches!(w3[1], What::Caroused), "{w3:?}");
    assert!(
        events_at(&out, "Porthos", When::Week(3))
            .iter()
            .any(|e| matches!(e, What::GotGift { amount: 40, .. }))
    );
}

#[test]
fn eg_cond_010_the_mutual_pair_goes_through() {
    let w = brigade_major_world(500);
    let out = play(
        &w,
        &[
            "CHARACTER Porthos\nGIVE Athos 300 IF HE APPOINTS ME Brigade Major",
            "CHARACTER Athos\nIF Porthos GIVES ME 300 THEN APPOINT Porthos Brigade Major",
        ],
    );
    let given = |name: &str| {
        events(&out, name)
            .iter()
            .filter(|e| matches!(e.what, What::Gave { .. } | What::GotGift { .. }))
            .map(|e| e.cash)
            .sum::<i64>()
    };
    assert_eq!(given("Athos"), 300);
    assert_eq!(given("Porthos"), -300);
    let porthos = id(&out.world, "Porthos");
    assert_eq!(
        out.world
            .holder(&Appointment::Staff(Post::BrigadeMajor, "guards".into())),
        Some(porthos)
    );
}

#[test]
fn eg_cond_011_both_halves_or_neither() {
    let pair = [
        "CHARACTER Porthos\nGIVE Athos 300 IF HE APPOINTS ME Brigade Major",
        "CHARACTER Athos\nIF Porthos GIVES ME 300 THEN APPOINT Porthos Brigade Major",
    ];
    // Porthos has only 200: neither half.
    let out = play(&brigade_major_world(200), &pair);
    assert!(
        !out.events
            .iter()
            .any(|e| matches!(e.what, What::Gave { .. } | What::Appointed { .. }))
    );
    assert!(
        events_at(&out, "Athos", When::Premonthly)
            .iter()
            .any(|e| matches!(e, What::Refused { .. }))
    );
    // Athos is no brigadier: neither half.
    let mut w = brigade_major_world(500);
    command(&mut w, "Porthos", Appointment::Brigadier("heavy".into()));
    for c in &mut w.characters {
        if c.name == "Athos" {
            c.appointments.clear();
        }
    }
    let out = play(&w, &pair);
    assert!(
        !out.events
            .iter()
            .any(|e| matches!(e.what, What::Gave { .. } | What::Appointed { .. }))
    );
}

#[test]
fn eg_cond_013_an_illegal_condition_skips_the_whole_block_with_the_reason() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 5, 500)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nWEEK 1\nTOADY TO Porthos\nWEEK 2\nIF Porthos RECEIVED ME IN WEEK 3 THEN CAROUSE ELSE REST",
        ],
    );
    let w2 = events_at(&out, "Athos", When::Week(2));
    assert_eq!(w2.len(), 1, "{w2:?}");
    match w2[0] {
        What::Skipped { reason, .. } => assert!(!reason.is_empty()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn eg_ord_003_costs_and_sp_are_computed_by_the_engine() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(
        &w,
        &["CHARACTER Athos\nWEEK 1: CAROUSE (costs 100cr, +9 SP)"],
    );
    let e = events(&out, "Athos")
        .into_iter()
        .find(|e| matches!(e.what, What::Caroused));
    assert!(matches!(e, Some(e) if e.cash == -5 && e.sp == Sp::whole(1)));
}

#[test]
fn eg_spsl_001_the_month_ends_with_each_players_conversion() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(&w, &["CHARACTER Athos\nWEEK 1: CAROUSE"]);
    let c = events(&out, "Athos")
        .into_iter()
        .find_map(|e| match &e.what {
            What::Conversion(c) => Some(*c),
            _ => None,
        });
    let Some(c) = c else { panic!("no conversion") };
    // +1 carousing, -2 for a month alone: N = -1 at SL 5.
    assert_eq!(c, convert(5, Sp::whole(-1)));
    let athos = &out.world.characters[id(&out.world, "Athos").raw() as usize];
    assert_eq!((athos.sl, athos.sp), (c.sl_next, c.sp_next));
}

#[test]
fn the_ledger_adds_up_and_gifts_conserve_money() {
    let w = paris(&[("Athos", 5, 500), ("Porthos", 5, 100), ("Aramis", 4, 50)]);
    let out = play(
        &w,
        &[
            "CHARACTER Athos\nGIVE Porthos 120\nWEEK 2: GIVE Aramis 30\nWEEK 3: CAROUSE",
            "CHARACTER Porthos\nGIVE Aramis 60\nWEEK 1: BAWDYHOUSE 20",
            "CHARACTER Aramis\nWEEK 4: GIVE Athos 5",
        ],
    );
    let before: i64 = w.characters.iter().map(|c| c.cash).sum();
    let after: i64 = out.world.characters.iter().map(|c| c.cash).sum();
    let deltas: i64 = out.events.iter().map(|e| e.cash).sum();
    assert_eq!(after - before, deltas);
    let transfers: i64 = out
        .events
        .iter()
        .filter(|e| matches!(e.what, What::Gave { .. } | What::GotGift { .. }))
        .map(|e| e.cash)
        .sum();
    assert_eq!(transfers, 0);
    for c in &out.world.characters {
        let start = w
            .characters
            .iter()
            .find(|x| x.name == c.name)
            .map_or(Sp::ZERO, |x| x.sp);
        let gained = out
            .events
            .iter()
            .filter(|e| out.world.character(e.who).is_some_and(|x| x.name == c.name))
            .fold(Sp::ZERO, |a, e| a + e.sp);
        assert_eq!(start + gained, c.sp, "{}", c.name);
    }
}
