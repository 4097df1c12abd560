//! Napoleon's Battles orders: one test per checklist id, on the engine and
//! through the session as players type it.

use umpire_nb::engine::{self, Writing};
use umpire_nb::model::{Level, OrderKind, Phase, Quality, ReserveKind};
use umpire_nb::report::side_report;
use umpire_nb::setup::game_from_toml;
use umpire_nb::state::Game;
use umpire_nb::tables::Tables;
use umpire_nb::{NbError, Session};

const LIGNY: &str = include_str!("../scenarios/ligny.toml");

fn game() -> Game {
    match game_from_toml("ligny.toml", LIGNY) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn tables() -> &'static Tables {
    match Tables::builtin() {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

fn session() -> Session {
    Session::new(game())
}

fn ok(s: &mut Session, line: &str) -> String {
    let a = s.run(line);
    assert!(!a.text.starts_with("error"), "{line}: {}", a.text);
    a.text
}

fn err(s: &mut Session, line: &str) -> String {
    let a = s.run(line);
    assert!(
        a.text.starts_with("error"),
        "{line} should be refused: {}",
        a.text
    );
    a.text
}

/// Move on until turn `turn`, phase `phase`.
fn to(s: &mut Session, turn: u32, phase: Phase) {
    for _ in 0..200 {
        if s.state.turn == turn && s.state.phase == phase {
            return;
        }
        ok(s, "next");
    }
    panic!("never reached turn {turn} {phase:?}");
}

/// A started game: starting orders given, at turn 1's Communications step.
fn started() -> Session {
    let mut s = session();
    for line in [
        "start III-Corps attack St Amand",
        "start IV-Corps attack Ligny",
        "start VI-Corps defend the heights",
        "start I-Corps defend St Amand",
        "start II-Corps defend Ligny",
        "start III-Corps-P defend Sombreffe",
    ] {
        ok(&mut s, line);
    }
    to(&mut s, 1, Phase::Communications);
    s
}

fn order_of(s: &Session, f: &str) -> (OrderKind, String) {
    let f = match s.state.formation(f) {
        Ok(f) => f,
        Err(e) => panic!("{e}"),
    };
    (f.order.kind, f.order.objective.clone())
}

// NB-SEQ

#[test]
fn nb_seq_001_arrival_communications_command_maneuver() {
    let mut s = session();
    let mut seen = vec![s.state.phase];
    for _ in 0..5 {
        ok(&mut s, "next");
        seen.push(s.state.phase);
    }
    assert_eq!(
        seen,
        [
            Phase::Arrival,
            Phase::Communications,
            Phase::Command,
            Phase::Maneuver,
            Phase::Rest,
            Phase::Arrival
        ]
    );
    assert_eq!(s.state.turn, 2);
    for name in [
        "communications phase",
        "Communications Step",
        "movement phase",
        "Maneuver Phase",
        "command step",
        "Arrival Step",
    ] {
        assert!(Phase::parse(name).is_some(), "{name}");
    }
    assert_eq!(Phase::parse("movement"), Phase::parse("maneuver"));
}

#[test]
fn nb_seq_002_messengers_move_first_in_the_maneuver_phase() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 10");
    to(&mut s, 1, Phase::Command);
    let t = ok(&mut s, "next");
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[0], "Turn 1, Maneuver Phase.");
    assert!(lines[1].contains("Messenger with order 1"), "{t}");
}

// NB-SETUP

#[test]
fn nb_setup_001_reserves_are_chosen_before_play() {
    let mut s = session();
    ok(&mut s, "reserve VI-Corps on-board");
    ok(&mut s, "next");
    assert!(err(&mut s, "reserve IV-Corps on-board").contains("before play"));
}

#[test]
fn nb_setup_002_on_board_reserves_set_up_within_12() {
    let mut s = session();
    assert!(ok(&mut s, "reserve VI-Corps on-board").contains("within 12\""));
}

#[test]
fn nb_setup_003_off_board_reserves_get_a_square_and_a_secret_turn() {
    let mut s = session();
    assert!(err(&mut s, "reserve III-Corps-P off-board").contains("grid square"));
    ok(&mut s, "reserve III-Corps-P off-board B9 dice 3");
    let r = s
        .state
        .formation("III-Corps-P")
        .ok()
        .and_then(|f| f.reserve.clone());
    assert_eq!(
        r.as_ref().and_then(|r| r.entry_square.clone()).as_deref(),
        Some("B9")
    );
    assert_eq!(r.and_then(|r| r.planned_turn), Some(7));
}

#[test]
fn nb_setup_004_formations_not_in_reserve_get_attack_or_defend() {
    let mut s = session();
    ok(&mut s, "start IV-Corps attack Ligny");
    assert_eq!(
        order_of(&s, "IV-Corps"),
        (OrderKind::Attack, "Ligny".into())
    );
    assert!(err(&mut s, "start IV-Corps reserve").contains("reserve"));
}

#[test]
fn nb_setup_005_starting_orders_need_no_roll() {
    let mut s = started();
    assert!(s.state.formations.iter().all(|f| f.pending.is_empty()));
    assert_eq!(
        s.state.formation("IV-Corps").map(|f| f.order.since).ok(),
        Some(1)
    );
    assert!(!ok(&mut s, "show French").contains("d10"));
}

#[test]
fn nb_setup_006_the_order_type_and_objective_are_stored_as_given() {
    let mut s = session();
    ok(
        &mut s,
        "start 8th-Division defend the church and the cemetery of St Amand",
    );
    assert_eq!(
        order_of(&s, "8th-Division"),
        (
            OrderKind::Defend,
            "the church and the cemetery of St Amand".into()
        )
    );
}

// NB-ORD

#[test]
fn nb_ord_001_exactly_three_orders() {
    for (w, k) in [
        ("attack", OrderKind::Attack),
        ("maneuver", OrderKind::Attack),
        ("defend", OrderKind::Defend),
        ("reserve", OrderKind::Reserve),
    ] {
        assert_eq!(OrderKind::parse(w), Some(k));
    }
    assert_eq!(OrderKind::parse("retreat"), None);
}

#[test]
fn nb_ord_002_any_formation_with_a_general_may_be_a_reserve() {
    let mut s = session();
    ok(&mut s, "reserve 10th-Division on-board");
    ok(&mut s, "reserve IV-Corps on-board");
    assert!(
        s.state
            .formations
            .iter()
            .filter(|f| f.reserve.is_some())
            .count()
            == 2
    );
}

#[test]
fn nb_ord_003_an_order_into_reserve_is_refused() {
    let mut s = started();
    assert!(err(&mut s, "order IV-Corps reserve the farm distance 5").contains("NB-ORD-003"));
}

#[test]
fn nb_ord_004_a_formation_that_left_reserve_never_returns() {
    let mut s = session();
    ok(&mut s, "reserve VI-Corps on-board");
    to(&mut s, 1, Phase::Communications);
    ok(&mut s, "order VI-Corps attack Ligny distance 10");
    to(&mut s, 1, Phase::Rest);
    let f = s.state.formation("VI-Corps").ok().cloned();
    assert!(
        f.as_ref()
            .is_some_and(|f| f.left_reserve && f.reserve.is_none())
    );
    to(&mut s, 2, Phase::Communications);
    assert!(err(&mut s, "order VI-Corps reserve behind the hill distance 5").starts_with("error"));
}

// NB-ENG

#[test]
fn nb_eng_001_engagement_range_is_17() {
    assert_eq!(tables().distances.engagement, 17.0);
}

#[test]
fn nb_eng_002_a_division_is_engaged_when_the_players_say_an_enemy_is_within_17() {
    let mut s = started();
    let t = ok(&mut s, "engaged 8th-Division yes");
    assert!(t.contains("within 17\""), "{t}");
    assert!(s.state.formation("8th-Division").is_ok_and(|f| f.engaged));
}

#[test]
fn nb_eng_003_routed_enemy_never_engages_so_the_players_do_not_report_it() {
    // The umpire takes engagement as the players report it; a routed enemy
    // is not a reason to say `engaged … yes`, and ending it is always
    // accepted.
    let mut s = started();
    ok(&mut s, "engaged 8th-Division yes");
    ok(&mut s, "engaged 8th-Division no");
    assert!(s.state.formation("8th-Division").is_ok_and(|f| !f.engaged));
}

#[test]
fn nb_eng_004_engagement_is_by_division() {
    let mut s = started();
    ok(&mut s, "engaged 8th-Division yes");
    assert!(s.state.formation("10th-Division").is_ok_and(|f| !f.engaged));
    assert!(err(&mut s, "engaged III-Corps yes").contains("division by division"));
    assert_eq!(order_of(&s, "III-Corps").0, OrderKind::Attack);
}

#[test]
fn nb_eng_005_engaged_units_respond_only_to_those_engaged() {
    let mut s = started();
    ok(&mut s, "start 8th-Division attack the farm");
    ok(&mut s, "engaged 8th-Division yes");
    let d = engine::duties(&s.state, "8th-Division").unwrap_or_default();
    assert!(d.iter().any(|(id, _)| *id == "NB-ENG-005"));
}

#[test]
fn nb_eng_006_engagement_ends_when_reported() {
    let mut s = started();
    ok(&mut s, "engaged 8th-Division yes");
    let t = ok(&mut s, "engaged 8th-Division no");
    assert!(t.contains("engagement-ends"), "{t}");
}

// NB-ATK

fn duty_ids(s: &Session, f: &str) -> Vec<&'static str> {
    engine::duties(&s.state, f)
        .unwrap_or_default()
        .into_iter()
        .map(|(id, _)| id)
        .collect()
}

#[test]
fn nb_atk_001_attack_is_for_movement_and_attacks() {
    let s = started();
    assert!(duty_ids(&s, "IV-Corps").contains(&"NB-ATK-001"));
}

#[test]
fn nb_atk_002_units_in_column_or_march_column() {
    let s = started();
    assert!(duty_ids(&s, "IV-Corps").contains(&"NB-ATK-002"));
}

#[test]
fn nb_atk_003_at_least_half_speed() {
    let s = started();
    assert!(duty_ids(&s, "IV-Corps").contains(&"NB-ATK-003"));
}

#[test]
fn nb_atk_004_no_line_until_within_17() {
    let s = started();
    let d = engine::duties(&s.state, "IV-Corps").unwrap_or_default();
    assert!(
        d.iter()
            .any(|(id, t)| *id == "NB-ATK-004" && t.contains("no unit may form line"))
    );
}

#[test]
fn nb_atk_005_engaged_lifts_the_half_speed_minimum() {
    let mut s = started();
    ok(&mut s, "start 8th-Division attack the farm");
    ok(&mut s, "engaged 8th-Division yes");
    let ids = duty_ids(&s, "8th-Division");
    assert!(ids.contains(&"NB-ATK-005") && !ids.contains(&"NB-ATK-003"));
}

#[test]
fn nb_atk_006_back_to_the_order_when_no_enemy_is_left() {
    let mut s = started();
    ok(&mut s, "start 8th-Division attack the farm");
    ok(&mut s, "engaged 8th-Division yes");
    ok(&mut s, "engaged 8th-Division no");
    let ids = duty_ids(&s, "8th-Division");
    assert!(ids.contains(&"NB-ATK-003") && ids.contains(&"NB-ATK-006"));
    ok(&mut s, "ruling back-to-column no");
    assert!(!duty_ids(&s, "8th-Division").contains(&"NB-ATK-006"));
}

#[test]
fn nb_atk_007_a_completed_attack_becomes_defend() {
    let mut s = started();
    let t = ok(&mut s, "complete IV-Corps");
    assert!(t.contains("completion"), "{t}");
    assert_eq!(
        order_of(&s, "IV-Corps"),
        (OrderKind::Defend, "Ligny".into())
    );
    assert!(err(&mut s, "complete I-Corps").contains("not on Attack"));
}

// NB-DEF

#[test]
fn nb_def_001_defend_names_a_position() {
    let mut s = started();
    assert!(err(&mut s, "order IV-Corps defend distance 5").contains("objective or position"));
    ok(&mut s, "order IV-Corps defend the mill distance 5");
}

#[test]
fn nb_def_002_a_formation_may_start_on_defend() {
    let s = started();
    assert_eq!(
        order_of(&s, "I-Corps"),
        (OrderKind::Defend, "St Amand".into())
    );
}

#[test]
fn nb_def_003_redeploy_within_the_division_generals_range() {
    let s = started();
    assert!(duty_ids(&s, "I-Corps").contains(&"NB-DEF-003"));
}

#[test]
fn nb_def_004_engaged_defenders_may_attack_beyond_range() {
    let mut s = started();
    ok(&mut s, "start 8th-Division defend the church");
    ok(&mut s, "engaged 8th-Division yes");
    assert!(duty_ids(&s, "8th-Division").contains(&"NB-DEF-004"));
}

#[test]
fn nb_def_005_and_come_back_when_out_of_combat() {
    let mut s = started();
    ok(&mut s, "start 8th-Division defend the church");
    ok(&mut s, "engaged 8th-Division yes");
    let d = engine::duties(&s.state, "8th-Division").unwrap_or_default();
    assert!(
        d.iter()
            .any(|(id, t)| *id == "NB-DEF-005" && t.contains("return-to-range"))
    );
}

#[test]
fn nb_def_006_cavalry_react_only_engaged_or_on_defend() {
    let mut s = started();
    assert_eq!(engine::may_react(&s.state, "I-Corps").ok(), Some(true));
    assert_eq!(engine::may_react(&s.state, "IV-Corps").ok(), Some(false));
    ok(&mut s, "start 8th-Division attack the farm");
    ok(&mut s, "engaged 8th-Division yes");
    assert_eq!(engine::may_react(&s.state, "8th-Division").ok(), Some(true));
}

// NB-RES

fn with_reserve() -> Session {
    let mut s = session();
    ok(&mut s, "reserve VI-Corps on-board");
    s
}

#[test]
fn nb_res_001_on_board_within_12_of_the_base_edge() {
    let s = with_reserve();
    let d = engine::duties(&s.state, "VI-Corps").unwrap_or_default();
    assert!(
        d.iter()
            .any(|(id, t)| *id == "NB-RES-001" && t.contains("12\""))
    );
}

#[test]
fn nb_res_002_scenario_forces_may_be_put_in_reserve() {
    // Any formation of the scenario may be put in reserve before play; it
    // then deploys in the reserve zone.
    let mut s = session();
    let t = ok(&mut s, "reserve III-Corps on-board");
    assert!(t.contains("deploy it within 12\""), "{t}");
    assert!(
        s.state
            .formation("III-Corps")
            .is_ok_and(|f| f.on_table && f.reserve.is_some())
    );
}

#[test]
fn nb_res_003_a_reserve_acts_at_once_on_delivery() {
    let mut s = with_reserve();
    to(&mut s, 1, Phase::Communications);
    ok(&mut s, "order VI-Corps attack Ligny distance 10");
    to(&mut s, 1, Phase::Command);
    let t = ok(&mut s, "next");
    assert!(t.contains("acts on order 1 at once"), "{t}");
    assert_eq!(
        order_of(&s, "VI-Corps"),
        (OrderKind::Attack, "Ligny".into())
    );
    assert!(
        s.state
            .formation("VI-Corps")
            .is_ok_and(|f| f.pending.is_empty())
    );
}

#[test]
fn nb_res_004_a_threatened_reserve_defends_itself() {
    let mut s = with_reserve();
    ok(&mut s, "threat VI-Corps yes");
    assert!(duty_ids(&s, "VI-Corps").contains(&"NB-RES-004"));
    assert!(
        s.state
            .formation("VI-Corps")
            .is_ok_and(|f| f.reserve.is_some())
    );
}

#[test]
fn nb_res_005_back_to_plain_reserve_after_the_threat() {
    let mut s = with_reserve();
    ok(&mut s, "threat VI-Corps yes");
    ok(&mut s, "threat VI-Corps no");
    assert!(!duty_ids(&s, "VI-Corps").contains(&"NB-RES-004"));
    assert_eq!(order_of(&s, "VI-Corps").0, OrderKind::Reserve);
}

#[test]
fn nb_res_006_an_order_ends_reserve_status_for_good() {
    let mut s = with_reserve();
    to(&mut s, 1, Phase::Communications);
    ok(&mut s, "order VI-Corps defend the heights distance 1");
    to(&mut s, 1, Phase::Rest);
    assert!(
        s.state
            .formation("VI-Corps")
            .is_ok_and(|f| f.left_reserve && f.reserve.is_none())
    );
    assert!(err(&mut s, "threat VI-Corps yes").contains("not in reserve"));
}

// NB-OFF

/// Thielmann's corps off board at B9, planned turn 7 (die 3).
fn off_board() -> Session {
    let mut s = session();
    if let Ok(g) = s.state.general_mut("Thielmann") {
        g.quality = Quality::Average;
    }
    ok(&mut s, "reserve III-Corps-P off-board B9 dice 3");
    s
}

#[test]
fn nb_off_001_an_entry_square() {
    let s = off_board();
    assert!(s.state.formation("III-Corps-P").is_ok_and(|f| {
        f.reserve
            .as_ref()
            .and_then(|r| r.entry_square.clone())
            .as_deref()
            == Some("B9")
            && !f.on_table
    }));
}

#[test]
fn nb_off_002_planned_turn_d6_plus_4_in_secret() {
    for (die, turn) in [(1, 5), (6, 10)] {
        let mut s = session();
        ok(
            &mut s,
            &format!("reserve III-Corps-P off-board B9 dice {die}"),
        );
        assert_eq!(
            s.state
                .formation("III-Corps-P")
                .ok()
                .and_then(|f| f.reserve.as_ref().and_then(|r| r.planned_turn)),
            Some(turn)
        );
        let french = ok(&mut s, "show French");
        assert!(
            !french.contains("planned turn") && !french.contains("B9"),
            "{french}"
        );
    }
}

#[test]
fn nb_off_003_the_general_is_placed_two_turns_before() {
    let mut s = off_board();
    to(&mut s, 4, Phase::Arrival);
    assert!(err(&mut s, "place III-Corps-P attack Ligny").contains("turn 5"));
    to(&mut s, 5, Phase::Arrival);
    let t = ok(&mut s, "place III-Corps-P attack Ligny dice 5");
    assert!(t.contains("placed at B9"), "{t}");
}

#[test]
fn nb_off_004_the_order_on_entry_is_given_then_with_no_roll() {
    let mut s = off_board();
    to(&mut s, 5, Phase::Arrival);
    ok(&mut s, "place III-Corps-P attack Ligny dice 5");
    let r = s
        .state
        .formation("III-Corps-P")
        .ok()
        .and_then(|f| f.reserve.clone());
    assert_eq!(
        r.and_then(|r| r.entry_order).map(|o| (o.kind, o.objective)),
        Some((OrderKind::Attack, "Ligny".to_string()))
    );
}

#[test]
fn nb_off_005_the_arrival_roll_is_public() {
    let mut s = off_board();
    to(&mut s, 5, Phase::Arrival);
    ok(&mut s, "place III-Corps-P attack Ligny dice 5");
    let french = ok(&mut s, "show French");
    assert!(french.contains("arrival roll d10 = 5"), "{french}");
    assert!(
        !french.contains("attack Ligny") && !french.contains("Attack/Maneuver Ligny"),
        "the order on entry stays secret: {french}"
    );
}

fn arrival_for(die: u32, quality: Quality) -> Option<u32> {
    let mut s = off_board();
    if let Ok(g) = s.state.general_mut("Thielmann") {
        g.quality = quality;
    }
    to(&mut s, 5, Phase::Arrival);
    ok(
        &mut s,
        &format!("place III-Corps-P attack Ligny dice {die}"),
    );
    s.state
        .formation("III-Corps-P")
        .ok()
        .and_then(|f| f.reserve.as_ref().and_then(|r| r.arrival_turn))
}

#[test]
fn nb_off_006_one_or_two_two_turns_late() {
    assert_eq!(arrival_for(1, Quality::Average), Some(9));
    assert_eq!(arrival_for(2, Quality::Average), Some(9));
}

#[test]
fn nb_off_007_three_or_four_one_turn_late() {
    assert_eq!(arrival_for(3, Quality::Average), Some(8));
    assert_eq!(arrival_for(4, Quality::Average), Some(8));
}

#[test]
fn nb_off_008_five_to_eight_as_planned() {
    for d in 5..=8 {
        assert_eq!(arrival_for(d, Quality::Average), Some(7));
    }
}

#[test]
fn nb_off_009_nine_or_ten_one_turn_early() {
    assert_eq!(arrival_for(9, Quality::Average), Some(6));
    assert_eq!(arrival_for(10, Quality::Average), Some(6));
}

#[test]
fn nb_off_010_excellent_plus_two() {
    assert_eq!(tables().arrival_quality(Quality::Excellent), 2);
    assert_eq!(arrival_for(7, Quality::Excellent), Some(6));
}

#[test]
fn nb_off_011_good_plus_one() {
    assert_eq!(tables().arrival_quality(Quality::Good), 1);
    assert_eq!(arrival_for(8, Quality::Good), Some(6));
}

#[test]
fn nb_off_012_poor_minus_two() {
    assert_eq!(tables().arrival_quality(Quality::Poor), -2);
    assert_eq!(arrival_for(5, Quality::Poor), Some(8));
}

#[test]
fn nb_off_013_a_d10_with_totals_clamped() {
    assert_eq!(tables().arrival_quality(Quality::Average), 0);
    // Poor rolling 1: total -1 reads as 1-2 (two late); excellent rolling
    // 10: total 12 reads as 9-10 (one early).
    assert_eq!(arrival_for(1, Quality::Poor), Some(9));
    assert_eq!(arrival_for(10, Quality::Excellent), Some(6));
    assert!(
        !err(
            &mut off_board_at_placing(),
            "place III-Corps-P attack Ligny dice 11"
        )
        .is_empty()
    );
}

fn off_board_at_placing() -> Session {
    let mut s = off_board();
    to(&mut s, 5, Phase::Arrival);
    s
}

#[test]
fn nb_off_014_the_chart_may_bring_it_early() {
    assert_eq!(arrival_for(9, Quality::Average), Some(6));
    let mut s = off_board();
    ok(&mut s, "ruling early-arrival planned-is-earliest");
    to(&mut s, 5, Phase::Arrival);
    let t = ok(&mut s, "place III-Corps-P attack Ligny dice 9");
    assert!(t.contains("not before the planned turn"), "{t}");
    assert_eq!(
        s.state
            .formation("III-Corps-P")
            .ok()
            .and_then(|f| f.reserve.as_ref().and_then(|r| r.arrival_turn)),
        Some(7)
    );
}

#[test]
fn nb_off_015_the_derived_fixture() {
    // Planned turn 7 → placed turn 5; average 9 → 6; 6 → 7; 2 → 9;
    // excellent 7 (total 9) → 6.
    assert_eq!(arrival_for(9, Quality::Average), Some(6));
    assert_eq!(arrival_for(6, Quality::Average), Some(7));
    assert_eq!(arrival_for(2, Quality::Average), Some(9));
    assert_eq!(arrival_for(7, Quality::Excellent), Some(6));
}

fn arrived() -> (Session, String) {
    let mut s = off_board();
    to(&mut s, 5, Phase::Arrival);
    ok(&mut s, "place III-Corps-P attack Ligny dice 6");
    to(&mut s, 6, Phase::Rest);
    let t = ok(&mut s, "next");
    (s, t)
}

#[test]
fn nb_off_016_enter_within_6_of_the_general() {
    let (_, t) = arrived();
    assert!(t.contains("within 6\" of its general"), "{t}");
}

#[test]
fn nb_off_017_not_within_8_of_the_enemy() {
    let (_, t) = arrived();
    assert!(t.contains("no closer than 8\""), "{t}");
    assert_eq!(tables().distances.entry_from_enemy, 8.0);
}

#[test]
fn nb_off_018_the_marker_moves_without_delay() {
    // The marker's shift is the players' geometry; the umpire keeps the
    // arrival turn whatever shift they make.
    let (s, _) = arrived();
    assert!(s.state.formation("III-Corps-P").is_ok_and(|f| f.on_table));
    assert_eq!(s.state.turn, 7);
}

#[test]
fn nb_off_019_all_enter_at_one_marker() {
    let (s, _) = arrived();
    let duties_before = {
        let s2 = off_board();
        engine::duties(&s2.state, "III-Corps-P").unwrap_or_default()
    };
    assert!(duties_before.iter().any(|(id, _)| *id == "NB-OFF-016"));
    assert!(
        s.state
            .formation("III-Corps-P")
            .is_ok_and(|f| f.reserve.is_none())
    );
}

#[test]
fn nb_off_020_no_combat_on_the_turn_of_arrival() {
    let (_, t) = arrived();
    assert!(t.contains("may not start combat this turn"), "{t}");
}

#[test]
fn nb_off_021_the_original_order_activates_on_arrival() {
    let (s, _) = arrived();
    assert_eq!(
        order_of(&s, "III-Corps-P"),
        (OrderKind::Attack, "Ligny".into())
    );
}

#[test]
fn nb_off_022_a_change_before_arrival_goes_by_messenger_to_the_edge() {
    let mut s = off_board();
    to(&mut s, 5, Phase::Arrival);
    ok(&mut s, "place III-Corps-P attack Ligny dice 6");
    to(&mut s, 5, Phase::Communications);
    ok(&mut s, "order III-Corps-P defend Sombreffe distance 10");
    to(&mut s, 6, Phase::Communications);
    let p = s
        .state
        .formation("III-Corps-P")
        .ok()
        .map(|f| f.pending.clone())
        .unwrap_or_default();
    assert_eq!(p.len(), 1, "read and rolled for in the normal way");
    assert!(p[0].roll.is_some());
}

// NB-ISS

#[test]
fn nb_iss_001_orders_are_written_in_the_communications_step() {
    let mut s = session();
    assert!(
        err(&mut s, "order IV-Corps attack the mill distance 5").contains("Communications Step")
    );
    to(&mut s, 1, Phase::Communications);
    ok(&mut s, "order IV-Corps attack the mill distance 5");
}

#[test]
fn nb_iss_002_french_three_a_turn() {
    let mut s = started();
    for f in ["IV-Corps", "VI-Corps", "III-Corps"] {
        ok(&mut s, &format!("order {f} attack the mill distance 5"));
    }
    assert!(err(&mut s, "order 8th-Division attack the mill distance 5").contains("3 order(s)"));
    assert_eq!(tables().allowance("French"), 3);
}

#[test]
fn nb_iss_003_british_two() {
    assert_eq!(tables().allowance("British"), 2);
}

#[test]
fn nb_iss_004_all_others_one() {
    let mut s = started();
    ok(&mut s, "order I-Corps attack Ligny distance 5");
    assert!(err(&mut s, "order II-Corps attack Ligny distance 5").contains("1 order(s)"));
    for n in ["Prussian", "Russian", "Austrian", "Spanish"] {
        assert_eq!(tables().allowance(n), 1, "{n}");
    }
}

#[test]
fn nb_iss_005_beyond_the_allowance_is_refused_and_the_allowance_renews() {
    let mut s = started();
    ok(&mut s, "order I-Corps attack Ligny distance 5");
    err(&mut s, "order II-Corps attack Ligny distance 5");
    to(&mut s, 2, Phase::Communications);
    ok(&mut s, "order II-Corps attack Ligny distance 5");
    // The other reading: the bonus alone (French 2).
    let mut s = started();
    ok(&mut s, "ruling allowance bonus-only");
    ok(&mut s, "order IV-Corps attack the mill distance 5");
    ok(&mut s, "order VI-Corps attack the mill distance 5");
    assert!(err(&mut s, "order III-Corps attack the mill distance 5").contains("2 order(s)"));
}

#[test]
fn nb_iss_006_corps_and_division_orders_count_separately() {
    let mut s = started();
    ok(&mut s, "order III-Corps attack St Amand distance 10");
    ok(
        &mut s,
        "order 8th-Division defend the church distance 10 via Vandamme",
    );
    assert_eq!(s.state.written, vec![("French".to_string(), 2)]);
    assert!(
        err(&mut s, "order III-Corps,8th-Division attack x distance 5")
            .contains("corps of one wing")
    );
}

#[test]
fn nb_iss_007_several_corps_one_objective() {
    let mut s = started();
    let t = ok(
        &mut s,
        "order III-Corps,IV-Corps attack St Amand distance 10",
    );
    assert!(t.contains("Order 1"), "{t}");
    let m = s
        .state
        .messengers
        .first()
        .map(|m| m.order.to.clone())
        .unwrap_or_default();
    assert_eq!(m, vec!["III-Corps".to_string(), "IV-Corps".to_string()]);
}

#[test]
fn nb_iss_008_no_orders_while_the_army_commander_is_attached_to_a_unit() {
    let mut s = started();
    ok(&mut s, "attach Napoleon");
    assert!(err(&mut s, "order IV-Corps attack the mill distance 5").contains("NB-ATT-002"));
    ok(&mut s, "detach Napoleon");
    ok(&mut s, "order IV-Corps attack the mill distance 5");
}

// NB-MSG

#[test]
fn nb_msg_001_each_order_has_its_messenger() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 30");
    ok(&mut s, "order VI-Corps attack the mill distance 30");
    assert_eq!(s.state.messengers.len(), 2);
}

#[test]
fn nb_msg_002_a_messenger_rides_the_army_commanders_range() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 50");
    to(&mut s, 1, Phase::Maneuver);
    assert_eq!(s.state.messengers[0].distance_left, 26.0);
    to(&mut s, 2, Phase::Maneuver);
    assert_eq!(s.state.messengers[0].distance_left, 2.0);
    to(&mut s, 3, Phase::Maneuver);
    assert_eq!(s.state.messengers[0].delivered, Some(3));
}

#[test]
fn nb_msg_003_the_army_commander_has_no_command_range_of_his_own() {
    // Napoleon's 24" is only his messengers' speed: he has no superior and
    // nobody's range is checked against his.
    let s = started();
    let n = s.state.general("Napoleon").ok().cloned();
    assert!(n.is_some_and(|n| n.level == Level::Army
        && n.formation.is_none()
        && n.command_range == 24.0));
}

#[test]
fn nb_msg_004_delivered_when_the_typed_distance_is_covered() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 30");
    to(&mut s, 1, Phase::Maneuver);
    // The recipient moved: re-measure.
    ok(&mut s, "messenger 1 distance 40");
    to(&mut s, 2, Phase::Maneuver);
    assert_eq!(s.state.messengers[0].distance_left, 16.0);
    assert!(err(&mut s, "messenger 9 distance 4").contains("no messenger"));
}

#[test]
fn nb_msg_005_received_in_turn_t_read_in_turn_t_plus_one() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 10");
    to(&mut s, 1, Phase::Rest);
    assert!(
        s.state
            .formation("IV-Corps")
            .is_ok_and(|f| f.pending.is_empty())
    );
    to(&mut s, 2, Phase::Communications);
    let p = s
        .state
        .formation("IV-Corps")
        .ok()
        .map(|f| f.pending.clone())
        .unwrap_or_default();
    assert_eq!(p.first().map(|p| p.read_turn), Some(2));
}

#[test]
fn nb_msg_006_a_messenger_may_turn_toward_the_wing_commander() {
    let text = LIGNY.replace(
        "[[formation]]\nname = \"III-Corps\"\nside = \"French\"\nlevel = \"corps\"\ngeneral = \"Vandamme\"",
        "[[formation]]\nname = \"Right-Wing\"\nside = \"French\"\nlevel = \"wing\"\ngeneral = \"Grouchy\"\n\n[[formation]]\nname = \"III-Corps\"\nside = \"French\"\nlevel = \"corps\"\ngeneral = \"Vandamme\"\nparent = \"Right-Wing\"",
    ) + "\n[[general]]\nname = \"Grouchy\"\nside = \"French\"\nlevel = \"wing\"\nquality = \"G\"\ncommand_range = 12\n";
    let g = match game_from_toml("w.toml", &text) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let mut s = Session::new(g);
    to(&mut s, 1, Phase::Communications);
    ok(&mut s, "order III-Corps attack St Amand distance 40");
    let t = ok(&mut s, "messenger 1 distance 10 to Grouchy");
    assert!(t.contains("Grouchy"), "{t}");
    to(&mut s, 2, Phase::Communications);
    // Vandamme is within Grouchy's range: III Corps tests (NB-ROUTE-007).
    assert!(
        s.state
            .formation("III-Corps")
            .is_ok_and(|f| f.pending.len() == 1)
    );
}

// NB-ACT

fn activation(nation: &str, year: u32, quality: Quality, die: u32) -> (i32, u32) {
    let mut g = game();
    if let Some(side) = g.sides.iter_mut().find(|s| s.name == "French") {
        side.nation = nation.to_string();
        side.year = year;
    }
    if let Ok(v) = g.general_mut("Gerard") {
        v.quality = quality;
    }
    match engine::activation(tables(), &g, "IV-Corps", die) {
        Ok((t, d, _)) => (t, d),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn nb_act_001_a_d10_plus_modifiers() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 10");
    to(&mut s, 1, Phase::Rest);
    ok(&mut s, "next");
    let t = ok(&mut s, "next dice 4");
    assert!(t.contains("d10 = 4") && t.contains("activation-die"), "{t}");
}

#[test]
fn nb_act_002_one_or_less_four_turns() {
    assert_eq!(activation("Austrian", 1800, Quality::Poor, 1), (-3, 4));
    assert_eq!(tables().delay(1), 4);
}

#[test]
fn nb_act_003_two_to_five_three_turns() {
    for t in 2..=5 {
        assert_eq!(tables().delay(t), 3);
    }
}

#[test]
fn nb_act_004_six_or_seven_two_turns() {
    assert_eq!((tables().delay(6), tables().delay(7)), (2, 2));
}

#[test]
fn nb_act_005_eight_or_nine_one_turn() {
    assert_eq!((tables().delay(8), tables().delay(9)), (1, 1));
}

#[test]
fn nb_act_006_ten_or_more_immediate() {
    assert_eq!((tables().delay(10), tables().delay(15)), (0, 0));
}

#[test]
fn nb_act_007_nationality_and_quality_both_count() {
    assert_eq!(activation("French", 1815, Quality::Excellent, 5), (10, 0));
}

#[test]
fn nb_act_008_french_plus_three() {
    assert_eq!(tables().nationality_modifier("French", 1805), (3, true));
}

#[test]
fn nb_act_009_russia_1792_1808_minus_three() {
    assert_eq!(tables().nationality_modifier("Russian", 1805), (-3, true));
}

#[test]
fn nb_act_010_russia_1809_1814_minus_two() {
    assert_eq!(tables().nationality_modifier("Russian", 1812), (-2, true));
}

#[test]
fn nb_act_011_prussia_1792_1806_minus_three() {
    assert_eq!(tables().nationality_modifier("Prussian", 1806), (-3, true));
}

#[test]
fn nb_act_012_prussia_1813_1815_plus_one() {
    assert_eq!(tables().nationality_modifier("Prussian", 1815), (1, true));
}

#[test]
fn nb_act_013_austria_1792_1806_minus_two() {
    assert_eq!(tables().nationality_modifier("Austrian", 1800), (-2, true));
}

#[test]
fn nb_act_014_austria_1807_1815_minus_one() {
    assert_eq!(tables().nationality_modifier("Austrian", 1809), (-1, true));
}

#[test]
fn nb_act_015_unlisted_nations_and_years_get_zero() {
    for (n, y) in [
        ("British", 1815),
        ("Russian", 1815),
        ("Prussian", 1810),
        ("Spanish", 1808),
    ] {
        assert_eq!(tables().nationality_modifier(n, y), (0, false), "{n} {y}");
    }
    let mut g = game();
    if let Some(side) = g.sides.iter_mut().find(|s| s.name == "French") {
        side.nation = "British".into();
    }
    let steps = engine::activation(tables(), &g, "IV-Corps", 5)
        .map(|(_, _, s)| s)
        .unwrap_or_default();
    assert!(
        steps
            .iter()
            .any(|s| s.rule == "NB-ACT-015" && s.ruling == Some("unlisted-nations"))
    );
}

#[test]
fn nb_act_016_excellent_plus_two() {
    assert_eq!(tables().activation_quality(Quality::Excellent), 2);
}

#[test]
fn nb_act_017_good_plus_one() {
    assert_eq!(tables().activation_quality(Quality::Good), 1);
}

#[test]
fn nb_act_018_average_zero() {
    assert_eq!(tables().activation_quality(Quality::Average), 0);
}

#[test]
fn nb_act_019_poor_minus_two() {
    assert_eq!(tables().activation_quality(Quality::Poor), -2);
}

#[test]
fn nb_act_020_the_senders_quality_does_not_count() {
    let mut g = game();
    let a = engine::activation(tables(), &g, "IV-Corps", 4)
        .map(|(t, d, _)| (t, d))
        .ok();
    if let Ok(n) = g.general_mut("Napoleon") {
        n.quality = Quality::Poor;
    }
    let b = engine::activation(tables(), &g, "IV-Corps", 4)
        .map(|(t, d, _)| (t, d))
        .ok();
    assert_eq!(a, b);
}

#[test]
fn nb_act_021_acts_from_read_turn_plus_delay() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 10");
    to(&mut s, 1, Phase::Rest);
    ok(&mut s, "next");
    // Gerard (G, French): 1 + 3 + 1 = 5 → 3 turns: acts from turn 5.
    ok(&mut s, "next dice 1");
    let p = s
        .state
        .formation("IV-Corps")
        .ok()
        .and_then(|f| f.pending.first().cloned());
    assert_eq!(
        p.map(|p| (p.read_turn, p.delay, p.acts_from)),
        Some((2, 3, 5))
    );
    // Immediate: acts in the reading turn's Command step.
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 10");
    to(&mut s, 2, Phase::Arrival);
    ok(&mut s, "next dice 9");
    let t = ok(&mut s, "next");
    assert!(t.contains("IV-Corps now acts on order 1"), "{t}");
}

#[test]
fn nb_act_022_the_french_average_general_reads_on_turn_6() {
    // The sheet's example: French average general reads on turn 6, rolls 3;
    // 3 + 3 = 6: two turns; acts in the Maneuver Phase of turn 8.
    let mut s = started();
    if let Ok(g) = s.state.general_mut("Gerard") {
        g.quality = Quality::Average;
    }
    if let Ok(g) = s.state.general_mut("Napoleon") {
        g.quality = Quality::Average;
    }
    to(&mut s, 5, Phase::Communications);
    ok(&mut s, "order IV-Corps attack the mill distance 10");
    to(&mut s, 6, Phase::Arrival);
    let t = ok(&mut s, "next dice 3");
    assert!(
        t.contains("total 6: 2 turn(s)' delay; acts from turn 8"),
        "{t}"
    );
    to(&mut s, 7, Phase::Maneuver);
    assert_eq!(order_of(&s, "IV-Corps").1, "Ligny");
    to(&mut s, 8, Phase::Maneuver);
    assert_eq!(
        order_of(&s, "IV-Corps"),
        (OrderKind::Attack, "the mill".into())
    );
}

#[test]
fn nb_act_023_derived_fixtures() {
    assert_eq!(activation("Russian", 1805, Quality::Poor, 4), (-1, 4));
    assert_eq!(activation("Prussian", 1814, Quality::Excellent, 7), (10, 0));
    assert_eq!(activation("Austrian", 1809, Quality::Good, 9), (9, 1));
}

#[test]
fn nb_act_024_the_longest_delay_is_four() {
    assert_eq!((-20..=20).map(|t| tables().delay(t)).max(), Some(4));
}

#[test]
fn nb_act_025_the_previous_order_stands_meanwhile() {
    let mut s = started();
    ok(&mut s, "order IV-Corps defend the mill distance 10");
    to(&mut s, 2, Phase::Arrival);
    ok(&mut s, "next dice 1");
    to(&mut s, 4, Phase::Maneuver);
    assert_eq!(
        order_of(&s, "IV-Corps"),
        (OrderKind::Attack, "Ligny".into())
    );
    to(&mut s, 5, Phase::Maneuver);
    assert_eq!(
        order_of(&s, "IV-Corps"),
        (OrderKind::Defend, "the mill".into())
    );
}

// NB-ROUTE

#[test]
fn nb_route_001_a_corps_order_tests_with_the_corps_commander() {
    let mut s = started();
    ok(&mut s, "order III-Corps attack St Amand distance 10");
    to(&mut s, 2, Phase::Arrival);
    let t = ok(&mut s, "next dice 5");
    assert!(
        t.contains("III-Corps reads") && t.contains("(Vandamme): +0"),
        "{t}"
    );
}

#[test]
fn nb_route_002_a_division_order_tests_with_the_division_general() {
    let mut s = started();
    ok(
        &mut s,
        "order 10th-Division defend the farm distance 10 via Vandamme",
    );
    to(&mut s, 2, Phase::Arrival);
    let t = ok(&mut s, "next dice 5");
    assert!(
        t.contains("10th-Division reads") && t.contains("(Habert): +1"),
        "{t}"
    );
}

#[test]
fn nb_route_003_a_division_order_may_go_to_the_corps_commander() {
    let mut s = started();
    ok(
        &mut s,
        "order 10th-Division defend the farm distance 10 via Vandamme",
    );
    assert_eq!(s.state.messengers[0].recipient, "Vandamme");
    assert!(
        err(
            &mut s,
            "order 10th-Division defend the farm distance 10 via Gerard"
        )
        .contains("neither commands")
    );
}

#[test]
fn nb_route_004_the_alerted_division_tests_next_communications_step() {
    let mut s = started();
    ok(
        &mut s,
        "order 10th-Division defend the farm distance 10 via Vandamme",
    );
    to(&mut s, 1, Phase::Rest);
    assert!(
        s.state
            .formation("10th-Division")
            .is_ok_and(|f| f.pending.is_empty())
    );
    to(&mut s, 2, Phase::Communications);
    assert!(
        s.state
            .formation("10th-Division")
            .is_ok_and(|f| f.pending.len() == 1)
    );
}

#[test]
fn nb_route_005_out_of_range_the_messenger_rides_to_the_division() {
    let mut s = started();
    ok(&mut s, "range Habert out");
    assert!(
        err(
            &mut s,
            "order 10th-Division defend the farm distance 10 via Vandamme"
        )
        .contains("NB-ROUTE-005")
    );
    ok(&mut s, "order 10th-Division defend the farm distance 10");
    assert_eq!(s.state.messengers[0].recipient, "Habert");
}

fn winged() -> Session {
    let text = LIGNY.replace(
        "[[formation]]\nname = \"III-Corps\"\nside = \"French\"\nlevel = \"corps\"\ngeneral = \"Vandamme\"",
        "[[formation]]\nname = \"Right-Wing\"\nside = \"French\"\nlevel = \"wing\"\ngeneral = \"Grouchy\"\n\n[[formation]]\nname = \"III-Corps\"\nside = \"French\"\nlevel = \"corps\"\ngeneral = \"Vandamme\"\nparent = \"Right-Wing\"",
    )
    .replace("name = \"IV-Corps\"\nside = \"French\"\nlevel = \"corps\"\ngeneral = \"Gerard\"", "name = \"IV-Corps\"\nside = \"French\"\nlevel = \"corps\"\ngeneral = \"Gerard\"\nparent = \"Right-Wing\"")
        + "\n[[general]]\nname = \"Grouchy\"\nside = \"French\"\nlevel = \"wing\"\nquality = \"G\"\ncommand_range = 12\n";
    let g = match game_from_toml("w.toml", &text) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let mut s = Session::new(g);
    to(&mut s, 1, Phase::Communications);
    s
}

#[test]
fn nb_route_006_a_wing_order_may_go_to_the_wing_commander() {
    let mut s = winged();
    ok(
        &mut s,
        "order III-Corps,IV-Corps attack St Amand distance 10 via Grouchy",
    );
    assert_eq!(s.state.messengers[0].recipient, "Grouchy");
}

#[test]
fn nb_route_007_corps_in_range_of_the_wing_test_next_step() {
    let mut s = winged();
    ok(
        &mut s,
        "order III-Corps,IV-Corps attack St Amand distance 10 via Grouchy",
    );
    to(&mut s, 2, Phase::Communications);
    assert!(
        s.state
            .formation("III-Corps")
            .is_ok_and(|f| f.pending.len() == 1)
    );
    assert!(
        s.state
            .formation("IV-Corps")
            .is_ok_and(|f| f.pending.len() == 1)
    );
}

#[test]
fn nb_route_008_a_corps_out_of_the_wings_range_does_not_test() {
    let mut s = winged();
    ok(&mut s, "range Gerard out");
    ok(
        &mut s,
        "order III-Corps,IV-Corps attack St Amand distance 10 via Grouchy",
    );
    to(&mut s, 2, Phase::Communications);
    assert!(
        s.state
            .formation("IV-Corps")
            .is_ok_and(|f| f.pending.is_empty())
    );
    assert!(
        s.state
            .formation("III-Corps")
            .is_ok_and(|f| f.pending.len() == 1)
    );
}

#[test]
fn nb_route_009_sending_to_the_wing_is_optional() {
    let mut s = winged();
    ok(&mut s, "order III-Corps attack St Amand distance 10");
    assert_eq!(s.state.messengers[0].recipient, "Vandamme");
}

#[test]
fn nb_route_010_a_division_tests_via_the_corps_only_in_range() {
    let mut s = started();
    ok(
        &mut s,
        "order 10th-Division defend the farm distance 10 via Vandamme",
    );
    ok(&mut s, "range Habert out");
    to(&mut s, 2, Phase::Communications);
    assert!(
        s.state
            .formation("10th-Division")
            .is_ok_and(|f| f.pending.is_empty())
    );
}

#[test]
fn nb_route_011_a_division_out_of_range_ignores_a_corps_order() {
    let mut s = started();
    ok(&mut s, "order III-Corps attack St Amand distance 10");
    ok(&mut s, "range Lefol out");
    to(&mut s, 2, Phase::Arrival);
    let t = ok(&mut s, "next");
    assert!(
        t.contains("8th-Division is out of Vandamme's range") && t.contains("corps-range-check"),
        "{t}"
    );
}

// NB-CMD

#[test]
fn nb_cmd_001_divisions_may_leave_the_corps_range() {
    let mut s = started();
    let before = order_of(&s, "8th-Division");
    ok(&mut s, "range Lefol out");
    // Without penalty: the division keeps its corps' order.
    assert_eq!(order_of(&s, "8th-Division"), before);
    assert_eq!(before, (OrderKind::Attack, "St Amand".into()));
}

/// Ruling `starting-orders`: a division under a corps holds its corps'
/// order — from the start, when a new order takes effect, and when the
/// corps completes its attack — and its side's report says so.
#[test]
fn nb_setup_006_divisions_follow_their_corps_order() {
    let mut s = started();
    assert_eq!(
        order_of(&s, "8th-Division"),
        (OrderKind::Attack, "St Amand".into())
    );
    let report = ok(&mut s, "as French show");
    let line = report
        .lines()
        .find(|l| l.contains("8th-Division"))
        .unwrap_or_default()
        .to_string();
    assert!(line.contains("Attack"), "{report}");
    ok(&mut s, "complete III-Corps");
    assert_eq!(order_of(&s, "8th-Division").0, OrderKind::Defend);
}

#[test]
fn nb_cmd_002_units_end_movement_within_range() {
    let s = started();
    assert!(duty_ids(&s, "8th-Division").contains(&"NB-CMD-002"));
}

#[test]
fn nb_cmd_003_three_exceptions() {
    let mut s = started();
    for why in ["initiated combat", "routed", "detachment"] {
        let t = ok(
            &mut s,
            &format!("outofrange Lefol-2nd-Brigade 8th-Division exempt {why}"),
        );
        assert!(t.contains("exempt") && t.contains("exceptions"), "{t}");
    }
}

#[test]
fn nb_cmd_004_an_out_of_range_unit_must_try_to_return() {
    let mut s = started();
    assert!(
        ok(&mut s, "outofrange Lefol-2nd-Brigade 8th-Division").contains("must try to get back")
    );
}

#[test]
fn nb_cmd_005_no_penalty_only_a_report() {
    let mut s = started();
    assert!(ok(&mut s, "outofrange Lefol-2nd-Brigade 8th-Division").contains("no penalty"));
    ok(&mut s, "ruling out-of-range penalty");
    assert!(ok(&mut s, "outofrange Lefol-2nd-Brigade 8th-Division").contains("GM's penalty"));
}

#[test]
fn nb_cmd_006_an_attached_general_keeps_his_range() {
    let mut s = started();
    let t = ok(&mut s, "attach Lefol");
    assert!(t.contains("keeping his command range"), "{t}");
    assert_eq!(
        s.state.general("Lefol").map(|g| g.command_range).ok(),
        Some(4.0)
    );
}

// NB-ATT

#[test]
fn nb_att_001_a_general_attaches_to_a_unit() {
    let mut s = started();
    ok(&mut s, "attach Gerard");
    assert!(s.state.general("Gerard").is_ok_and(|g| g.attached_to_unit));
}

#[test]
fn nb_att_002_the_attached_army_commander_issues_nothing() {
    let mut s = started();
    ok(&mut s, "attach Napoleon");
    assert!(
        err(&mut s, "order IV-Corps attack the mill distance 5").contains("can issue no orders")
    );
}

#[test]
fn nb_att_003_an_attached_commander_reads_after_detaching() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 10");
    ok(&mut s, "attach Gerard");
    to(&mut s, 2, Phase::Communications);
    assert!(
        s.state
            .formation("IV-Corps")
            .is_ok_and(|f| f.pending.is_empty())
    );
    ok(&mut s, "detach Gerard");
    to(&mut s, 3, Phase::Communications);
    assert!(
        s.state
            .formation("IV-Corps")
            .is_ok_and(|f| f.pending.len() == 1)
    );
}

#[test]
fn nb_att_004_the_army_commander_with_a_general_activates_at_once() {
    let mut s = started();
    ok(&mut s, "attach Napoleon to Gerard");
    let t = ok(&mut s, "order IV-Corps attack the mill distance 30");
    assert!(t.contains("NB-ATT-004"), "{t}");
    assert!(s.state.messengers.is_empty());
}

#[test]
fn nb_att_005_written_on_turn_2_acts_on_turn_3() {
    let mut s = started();
    to(&mut s, 2, Phase::Communications);
    ok(&mut s, "attach Napoleon to Gerard");
    ok(&mut s, "order IV-Corps attack the mill distance 30");
    to(&mut s, 2, Phase::Maneuver);
    assert_eq!(order_of(&s, "IV-Corps").1, "Ligny");
    to(&mut s, 3, Phase::Command);
    assert_eq!(
        order_of(&s, "IV-Corps"),
        (OrderKind::Attack, "the mill".into())
    );
}

#[test]
fn nb_att_006_joined_to_a_general_is_not_attached_to_a_unit() {
    let mut s = started();
    ok(&mut s, "attach Gerard");
    ok(&mut s, "attach Napoleon to Gerard");
    ok(&mut s, "order VI-Corps attack the mill distance 5");
}

// NB-MISC

#[test]
fn nb_misc_001_a_fallen_general_is_replaced() {
    let mut s = started();
    ok(&mut s, "fall Gerard");
    let t = ok(&mut s, "replace Gerard as Vichery quality A");
    assert!(t.contains("Vichery takes over from Gerard"), "{t}");
    assert_eq!(
        s.state
            .formation("IV-Corps")
            .map(|f| f.general.clone())
            .ok()
            .as_deref(),
        Some("Vichery")
    );
}

#[test]
fn nb_misc_002_no_new_orders_delivered_until_replaced() {
    let mut s = started();
    ok(&mut s, "order IV-Corps attack the mill distance 5");
    ok(&mut s, "fall Gerard");
    to(&mut s, 1, Phase::Maneuver);
    assert_eq!(s.state.messengers[0].delivered, None);
    to(&mut s, 2, Phase::Rest);
    ok(&mut s, "replace Gerard as Vichery");
    to(&mut s, 3, Phase::Maneuver);
    assert_eq!(s.state.messengers[0].delivered, Some(3));
    assert_eq!(s.state.messengers[0].recipient, "Vichery");
}

#[test]
fn nb_misc_003_the_last_order_stands() {
    let mut s = started();
    ok(&mut s, "fall Gerard");
    to(&mut s, 3, Phase::Rest);
    assert_eq!(
        order_of(&s, "IV-Corps"),
        (OrderKind::Attack, "Ligny".into())
    );
}

#[test]
fn nb_misc_004_a_read_order_keeps_its_delay() {
    let mut s = started();
    ok(&mut s, "order IV-Corps defend the mill distance 5");
    to(&mut s, 2, Phase::Arrival);
    ok(&mut s, "next dice 3");
    ok(&mut s, "fall Gerard");
    ok(&mut s, "replace Gerard as Vichery");
    // Gerard (G, French) rolled 3: 3 + 3 + 1 = 7, two turns: from turn 4.
    let p = s
        .state
        .formation("IV-Corps")
        .ok()
        .and_then(|f| f.pending.first().cloned());
    assert_eq!(p.map(|p| p.acts_from), Some(4));
}

// The game as a whole.

#[test]
fn reports_never_leak_the_other_sides_secrets() {
    let mut s = session();
    for l in [
        "as French reserve VI-Corps on-board",
        "as Prussians reserve III-Corps-P off-board B9 dice 4",
        "as French start III-Corps attack St Amand",
        "as Prussians start I-Corps defend St Amand",
        "next",
        "as French order IV-Corps attack the windmill of Brye distance 30",
        "as Prussians order II-Corps attack the brewery distance 12",
        "next dice 2",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
        "next",
    ] {
        ok(&mut s, l);
    }
    let mut placed = false;
    for _ in 0..20 {
        let a = s.run("next dice 5");
        if a.text.contains("cannot end yet") {
            // Its Arrival Step: the Prussians place III-Corps-P's general.
            ok(
                &mut s,
                "as Prussians place III-Corps-P defend Sombreffe dice 5",
            );
            ok(&mut s, "next dice 5");
            placed = true;
        } else {
            assert!(!a.text.starts_with("error"), "{}", a.text);
        }
    }
    assert!(placed);
    let french = side_report(&s.state, "French").unwrap_or_default();
    let prussian = side_report(&s.state, "Prussians").unwrap_or_default();
    // (Its entry square, B9, became public when its general was placed
    // there, NB-OFF-003; the planned turn never does.)
    for secret in [
        "brewery",
        "planned turn 8",
        "III-Corps-P (Corps, Thielmann): Reserve",
    ] {
        assert!(!french.contains(secret), "French see `{secret}`:\n{french}");
    }
    for secret in ["windmill", "VI-Corps is an on-board reserve"] {
        assert!(
            !prussian.contains(secret),
            "Prussians see `{secret}`:\n{prussian}"
        );
    }
    assert!(french.contains("windmill") && prussian.contains("brewery"));
    // A side may not touch the other's formations.
    assert!(err(&mut s, "as French complete II-Corps").contains("not French's"));
    // The full log has everything, for the reveal.
    let all = umpire_nb::report::full_log(&s.state);
    assert!(all.contains("windmill") && all.contains("brewery") && all.contains("planned turn 8"));
    // And the game replays from its log.
    let mut again = session();
    for e in s.log.clone() {
        again.run(&e.line);
    }
    assert_eq!(again.transcript(), s.transcript());
    assert_eq!(again.state, s.state);
}

#[test]
fn bad_input_is_refused_with_a_reason_and_changes_nothing() {
    let mut s = started();
    let before = s.state.clone();
    assert!(err(&mut s, "order IV-Corp attack x distance 5").contains("did you mean `IV-Corps`"));
    assert!(err(&mut s, "order IV-Corps retreat x distance 5").contains("unknown order"));
    assert!(err(&mut s, "order IV-Corps attack the mill").contains("distance"));
    assert!(err(&mut s, "ordr IV-Corps").contains("did you mean `order`"));
    assert_eq!(s.state, before);
    let bad = LIGNY.replace("quality = \"E\"", "quality = \"Z\"");
    assert!(
        matches!(game_from_toml("b.toml", &bad), Err(NbError::Data { entry, .. }) if entry == "general.Napoleon")
    );
    let _ = ReserveKind::OnBoard;
    let _ = Writing {
        side: String::new(),
        to: Vec::new(),
        kind: OrderKind::Attack,
        objective: String::new(),
        via: None,
        distance: 0.0,
    };
}

#[test]
fn units_are_checked_by_name_and_listed_in_the_report() {
    let mut s = started();
    assert!(
        err(&mut s, "outofrange Lefol-3rd-Brigade 8th-Division")
            .contains("did you mean `Lefol-1st-Brigade`")
            || err(&mut s, "outofrange Lefol-3rd-Brigade 8th-Division").contains("unknown unit")
    );
    assert!(
        err(&mut s, "outofrange Habert-1st-Brigade 8th-Division")
            .contains("belongs to 10th-Division")
    );
    ok(&mut s, "attach Lefol unit Lefol-1st-Brigade");
    assert_eq!(
        s.state
            .general("Lefol")
            .ok()
            .and_then(|g| g.attached_unit.clone())
            .as_deref(),
        Some("Lefol-1st-Brigade")
    );
    assert!(err(&mut s, "attach Lefol unit Zieten-Cavalry").contains("not French's"));
    let r = ok(&mut s, "show French");
    assert!(
        r.contains("units: Lefol-1st-Brigade (infantry), Lefol-2nd-Brigade (infantry)"),
        "{r}"
    );
    // A division with no cavalry gets no React reminder.
    assert!(!duty_ids(&s, "8th-Division").contains(&"NB-DEF-006"));
    assert!(duty_ids(&s, "I-Corps").contains(&"NB-DEF-006"));
}

/// A secret roll cannot be re-rolled by undoing it: the off-board
/// reserve's arrival turn comes out the same every time.
#[test]
fn nb_undo_then_the_same_secret_roll_rolls_the_same() {
    let mut s = session();
    let line = "reserve III-Corps-P off-board B9";
    ok(&mut s, line);
    let turn = |s: &Session| {
        s.state
            .formation("III-Corps-P")
            .ok()
            .and_then(|f| f.reserve.clone())
            .and_then(|r| r.planned_turn)
    };
    let first = turn(&s);
    assert!(first.is_some());
    for _ in 0..4 {
        ok(&mut s, "undo");
        assert_eq!(turn(&s), None);
        ok(&mut s, line);
        assert_eq!(turn(&s), first);
    }
}

/// A side's session reads back only its own commands, and never the full
/// log with the other side's secrets; the umpire still has both.
#[test]
fn nb_a_sides_session_never_reads_the_other_sides_secrets() {
    let mut s = session();
    ok(&mut s, "as Prussians reserve III-Corps-P off-board B9");
    ok(&mut s, "as French start IV-Corps attack Ligny");
    let e = err(&mut s, "as French reveal");
    assert!(e.contains("the full log holds both sides' secrets"), "{e}");
    let log = ok(&mut s, "as French log");
    assert!(log.contains("start IV-Corps attack Ligny"), "{log}");
    assert!(!log.contains("III-Corps-P") && !log.contains("B9"), "{log}");
    assert!(ok(&mut s, "reveal").contains("III-Corps-P"));
    assert!(ok(&mut s, "log").contains("Prussians: reserve III-Corps-P off-board B9"));
}

/// Distances are measured on a table: a typing slip of 23 digits is
/// refused, and nothing is written.
#[test]
fn nb_absurd_distances_are_refused() {
    let mut s = started();
    let before = s.state.clone();
    let e = err(
        &mut s,
        "order IV-Corps attack the mill distance 99999999999999999999999",
    );
    assert!(e.contains("more than any table (1000\" at most)"), "{e}");
    assert!(err(&mut s, "order IV-Corps attack the mill distance -3").contains("not a distance"));
    assert_eq!(s.state, before);
    ok(&mut s, "order IV-Corps attack the mill distance 40");
}

/// One messenger reaches one general: an order for two corps carried to
/// the first corps' commander is read and rolled for by that corps only,
/// and the side is told why the other never hears of it.
#[test]
fn nb_msg_one_messenger_reaches_one_general() {
    let mut s = started();
    ok(
        &mut s,
        "order III-Corps,IV-Corps attack St Amand distance 10",
    );
    assert_eq!(s.state.messengers[0].recipient, "Vandamme");
    to(&mut s, 2, Phase::Arrival);
    let t = ok(&mut s, "next dice 5");
    assert!(t.contains("III-Corps reads order 1"), "{t}");
    assert!(!t.contains("IV-Corps reads"), "{t}");
    assert!(
        t.contains("Order 1 was carried to Vandamme, who commands neither IV-Corps nor the formation above it: IV-Corps never receives it"),
        "{t}"
    );
    assert!(
        s.state
            .formation("IV-Corps")
            .is_ok_and(|f| f.pending.is_empty())
    );
    assert!(
        s.state
            .formation("III-Corps")
            .is_ok_and(|f| f.pending.len() == 1)
    );
}

/// NB-OFF-003: the Arrival Step cannot end while an off-board reserve due
/// to have its general placed has none; once placed it enters on time.
#[test]
fn nb_off_003_an_unplaced_reserve_holds_the_arrival_step() {
    let mut s = session();
    ok(&mut s, "reserve III-Corps-P off-board B9 dice 3");
    let planned = s
        .state
        .formation("III-Corps-P")
        .ok()
        .and_then(|f| f.reserve.clone())
        .and_then(|r| r.planned_turn);
    assert_eq!(planned, Some(7));
    to(&mut s, 5, Phase::Arrival);
    let e = err(&mut s, "next");
    assert!(
        e.contains("III-Corps-P (Prussians) must have its general placed now, two turns before its planned turn (NB-OFF-003)"),
        "{e}"
    );
    assert_eq!((s.state.turn, s.state.phase), (5, Phase::Arrival));
    ok(&mut s, "place III-Corps-P defend Sombreffe dice 5");
    ok(&mut s, "next");
    to(&mut s, 8, Phase::Communications);
    assert!(
        s.state
            .formation("III-Corps-P")
            .is_ok_and(|f| f.on_table && f.reserve.is_none())
    );
}

/// Two players, no umpire: each side does its part of a phase and says
/// `done`; when both have, the turn moves on, and the one who moved it on
/// reads only its own side's news.
#[test]
fn nb_two_players_move_the_turn_on_without_an_umpire() {
    let mut s = session();
    for l in [
        "as French start III-Corps attack St Amand",
        "as French start IV-Corps attack Ligny",
        "as French start VI-Corps defend the heights",
        "as Prussians start I-Corps defend St Amand",
        "as Prussians start II-Corps defend Ligny",
        "as Prussians start III-Corps-P defend Sombreffe",
    ] {
        ok(&mut s, l);
    }
    // With an umpire, moving the turn on is theirs.
    assert_eq!(
        err(&mut s, "as French next"),
        "error: `next` is the umpire's at this table: ask them"
    );
    assert!(err(&mut s, "done").contains("`done` is a side's"));
    let mut s = umpire_core::session::Session::at_table(s.state.clone(), false);
    let t = ok(&mut s, "as French done");
    assert_eq!(
        t,
        "The French are done with turn 1, Arrival Step; waiting for the Prussians."
    );
    assert_eq!(
        ok(&mut s, "as French done"),
        t,
        "saying it twice changes nothing"
    );
    let t = ok(&mut s, "as Prussians done");
    assert!(
        t.starts_with("Both sides are done: Turn 1, Communications"),
        "{t}"
    );
    ok(
        &mut s,
        "as French order IV-Corps attack the windmill distance 8",
    );
    ok(
        &mut s,
        "as Prussians order II-Corps attack the brewery distance 4",
    );
    let mut read = false;
    for _ in 0..10 {
        let french = ok(&mut s, "as French done");
        assert!(!french.contains("brewery"), "{french}");
        let prussian = ok(&mut s, "as Prussians done");
        assert!(!prussian.contains("windmill"), "{prussian}");
        if prussian.contains("reads order") {
            read = true;
        }
        if s.state
            .formation("IV-Corps")
            .is_ok_and(|f| !f.pending.is_empty())
        {
            break;
        }
    }
    assert!(read, "the Prussians read their own order");
    assert!(
        s.state
            .formation("IV-Corps")
            .is_ok_and(|f| !f.pending.is_empty())
    );
    assert!(s.state.turn >= 2);
}
