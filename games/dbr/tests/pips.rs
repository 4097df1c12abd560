//! DBR-PIP: the cost of every action and every adjustment, one test per
//! checklist item.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_core::Dice;
use umpire_dbr::{
    Dbr, Distance, ElementType as E, Grade, PipAction as A, PipQuery, Rulings,
    SeparateException as X, Tables,
};

fn dbr() -> Dbr<'static> {
    Dbr::builtin().unwrap()
}

fn dbr_with(name: &str, option: &str) -> Dbr<'static> {
    let mut r = Rulings::default();
    r.set(name, option).unwrap();
    Dbr::new(Tables::builtin().unwrap(), r)
}

fn q(action: A, elements: &[(E, Option<Grade>)]) -> PipQuery {
    PipQuery {
        action: Some(action),
        elements: elements.to_vec(),
        ..PipQuery::default()
    }
}

fn cost(query: &PipQuery) -> i64 {
    dbr().pip_cost(query).unwrap().cost
}

fn base(action: A) -> i64 {
    cost(&q(action, &[]))
}

#[test]
fn dbr_pip_001_first_march_by_road_costs_0() {
    assert_eq!(base(A::MarchRoad), 0);
}
#[test]
fn dbr_pip_002_moving_a_single_element_costs_1() {
    assert_eq!(base(A::Move), 1);
}
#[test]
fn dbr_pip_003_unlimbering_costs_1() {
    assert_eq!(base(A::Unlimber), 1);
}
#[test]
fn dbr_pip_004_limbering_costs_1() {
    assert_eq!(base(A::Limber), 1);
}
#[test]
fn dbr_pip_005_mounting_costs_1() {
    assert_eq!(base(A::Mount), 1);
}
#[test]
fn dbr_pip_006_dismounting_costs_1() {
    assert_eq!(base(A::Dismount), 1);
}
#[test]
fn dbr_pip_007_embarking_costs_1() {
    assert_eq!(base(A::Embark), 1);
}
#[test]
fn dbr_pip_008_disembarking_costs_1() {
    assert_eq!(base(A::Disembark), 1);
}
#[test]
fn dbr_pip_009_steadying_an_element_costs_1() {
    assert_eq!(base(A::Steady), 1);
}
#[test]
fn dbr_pip_010_moving_a_group_costs_1() {
    assert_eq!(base(A::MoveGroup), 1);
}
#[test]
fn dbr_pip_011_steadying_a_group_costs_2() {
    assert_eq!(base(A::SteadyGroup), 2);
}
#[test]
fn dbr_pip_012_rallying_costs_2() {
    assert_eq!(base(A::Rally), 2);
}
#[test]
fn dbr_pip_013_launching_a_bridge_costs_3() {
    assert_eq!(base(A::LaunchBridge), 3);
}
#[test]
fn dbr_pip_014_completing_a_bridge_costs_3() {
    assert_eq!(base(A::CompleteBridge), 3);
}
#[test]
fn dbr_pip_015_finishing_dismantling_a_bridge_costs_3() {
    assert_eq!(base(A::DismantleBridge), 3);
}

#[test]
fn dbr_pip_016_with_the_general_costs_1_less_for_move_or_steady() {
    for (a, expected) in [
        (A::Move, 0),
        (A::MoveGroup, 0),
        (A::Steady, 0),
        (A::SteadyGroup, 1),
    ] {
        let mut query = q(a, &[]);
        query.with_general = true;
        assert_eq!(cost(&query), expected, "{a:?}");
    }
    // Not for limbering and the like.
    let mut limber = q(A::Limber, &[]);
    limber.with_general = true;
    assert_eq!(cost(&limber), 1);
}

#[test]
fn dbr_pip_017_rallying_gets_nothing_for_the_general() {
    let mut query = q(A::Rally, &[]);
    query.with_general = true;
    let a = dbr().pip_cost(&query).unwrap();
    assert_eq!(a.cost, 2);
    assert!(a.explain()[1].starts_with("DBR-PIP-017"));
}

#[test]
fn dbr_pip_018_general_lost_costs_1_more_to_move_steady_or_rally() {
    for (a, expected) in [
        (A::Move, 2),
        (A::Steady, 2),
        (A::Rally, 3),
        (A::SteadyGroup, 3),
    ] {
        let mut query = q(a, &[]);
        query.general_lost = true;
        assert_eq!(cost(&query), expected, "{a:?}");
    }
    let mut embark = q(A::Embark, &[]);
    embark.general_lost = true;
    assert_eq!(cost(&embark), 1);
}

#[test]
fn dbr_pip_019_general_more_than_600p_48cm_away_costs_1_more() {
    let mut query = q(A::Move, &[]);
    query.general_distance = Some(Distance::paces(600));
    assert_eq!(cost(&query), 1, "exactly 600p is not more than 600p");
    query.general_distance = Some(Distance::cm(49));
    assert_eq!(cost(&query), 2);
    // Lost and far is still one +1.
    query.general_lost = true;
    assert_eq!(cost(&query), 2);
}

#[test]
fn dbr_pip_020_general_beyond_300p_24cm_and_unseen_costs_1_more() {
    let mut query = q(A::Move, &[]);
    query.general_distance = Some(Distance::paces(400));
    assert_eq!(cost(&query), 1, "seen: no extra");
    query.general_unseen = true;
    let a = dbr().pip_cost(&query).unwrap();
    assert_eq!(a.cost, 2);
    assert_eq!(a.rulings(), vec!["pip-general-sight"]);
    query.general_distance = Some(Distance::cm(24));
    assert_eq!(cost(&query), 1, "exactly 300p is not more");
}

#[test]
fn dbr_pip_021_general_distance_is_taken_as_given_nearest_points_with_detours() {
    // The umpire does not measure: the players give the distance measured
    // base to base round enemy and impassable terrain; the same distance in
    // either unit is the same ruling.
    let mut p = q(A::Move, &[]);
    p.general_distance = Some(Distance::paces(625));
    let mut c = q(A::Move, &[]);
    c.general_distance = Some(Distance::cm(50));
    assert_eq!(cost(&p), cost(&c));
    assert_eq!(cost(&p), 2);
}

#[test]
fn dbr_pip_022_art_s_off_road_costs_1_more() {
    let mut query = q(A::Move, &[(E::Art, Some(Grade::S))]);
    assert_eq!(cost(&query), 1);
    query.off_road = true;
    assert_eq!(cost(&query), 2);
}

#[test]
fn dbr_pip_023_art_o_off_road_costs_1_more() {
    let mut query = q(A::Move, &[(E::Art, Some(Grade::O))]);
    query.off_road = true;
    assert_eq!(cost(&query), 2);
    for g in [Grade::I, Grade::F, Grade::X] {
        let mut other = q(A::Move, &[(E::Art, Some(g))]);
        other.off_road = true;
        assert_eq!(cost(&other), 1, "Art {g}");
    }
}

#[test]
fn dbr_pip_024_bg_off_road_costs_1_more() {
    let mut query = q(A::MoveGroup, &[(E::Bg, None), (E::Bg, None)]);
    query.off_road = true;
    assert_eq!(cost(&query), 2);
}

#[test]
fn dbr_pip_025_portable_obstacles_cost_1_more() {
    let mut query = q(A::Move, &[]);
    query.portable_obstacles = true;
    assert_eq!(cost(&query), 2);
}

#[test]
fn dbr_pip_026_third_march_of_a_group_costs_1_more_unless_lh_dr_or_road() {
    let mut query = q(A::MoveGroup, &[(E::Pk, None), (E::Pk, None)]);
    query.marches_before = 1;
    assert_eq!(cost(&query), 1);
    query.marches_before = 2;
    assert_eq!(cost(&query), 2);
    query.along_road = true;
    assert_eq!(cost(&query), 1);
    let mut lh = q(A::MoveGroup, &[(E::LH, None), (E::Dr, None)]);
    lh.marches_before = 2;
    assert_eq!(cost(&lh), 1);
}

#[test]
fn dbr_pip_027_separating_from_a_group_costs_2_more() {
    let mut query = q(A::MoveGroup, &[(E::Pk, None), (E::Pk, None)]);
    query.separating = true;
    query.previous_group = vec![E::Pk, E::Pk, E::Sh];
    assert_eq!(cost(&query), 3);
}

#[test]
fn dbr_pip_028_pivoting_onto_an_enemy_flank_costs_2_more() {
    // The same +2, asked as "separating" (one row on the sheet).
    let mut query = q(A::Move, &[(E::Cm, None)]);
    query.separating = true;
    assert_eq!(cost(&query), 3);
}

#[test]
fn dbr_pip_029_exception_a_previous_group_only_lh_or_sk_wb() {
    for prev in [vec![E::LH, E::LH], vec![E::Sk, E::Wb], vec![E::Wb]] {
        let mut query = q(A::Move, &[]);
        query.separating = true;
        query.previous_group = prev.clone();
        assert_eq!(cost(&query), 1, "{prev:?}");
    }
    let mut mixed = q(A::Move, &[]);
    mixed.separating = true;
    mixed.previous_group = vec![E::LH, E::Sk];
    assert_eq!(
        cost(&mixed),
        3,
        "LH with Sk is neither only LH nor only Sk/Wb"
    );
}

#[test]
fn dbr_pip_030_exception_b_group_straight_ahead_while_rest_halt() {
    let mut query = q(A::MoveGroup, &[]);
    query.separating = true;
    query.exceptions = vec![X::StraightAhead];
    assert_eq!(cost(&query), 1);
    let mut single = q(A::Move, &[]);
    single.separating = true;
    single.exceptions = vec![X::StraightAhead];
    assert!(dbr().pip_cost(&single).is_err(), "(b) is for a group");
}

#[test]
fn dbr_pip_031_exception_c_into_close_combat_while_remainder_halt() {
    let mut query = q(A::MoveGroup, &[]);
    query.separating = true;
    query.exceptions = vec![X::IntoCombat];
    assert_eq!(cost(&query), 1);
}

#[test]
fn dbr_pip_032_exception_d_single_element_into_or_in_difficult_going() {
    let mut query = q(A::Move, &[]);
    query.separating = true;
    query.exceptions = vec![X::Difficult];
    assert_eq!(cost(&query), 1);
    let mut group = q(A::MoveGroup, &[]);
    group.separating = true;
    group.exceptions = vec![X::Difficult];
    assert!(
        dbr().pip_cost(&group).is_err(),
        "(d) is for a single element"
    );
}

#[test]
fn dbr_pip_033_moving_at_night_costs_2_more_unless_road_by_moonlight() {
    let mut query = q(A::Move, &[]);
    query.night = true;
    let a = dbr().pip_cost(&query).unwrap();
    assert_eq!(a.cost, 3);
    assert_eq!(a.rulings(), vec!["pip-night"]);
    query.along_road = true;
    assert_eq!(cost(&query), 3, "a road without moonlight is not enough");
    query.moonlight = true;
    assert_eq!(cost(&query), 1);
    // Separate from the +2 for separating: both apply.
    let mut both = q(A::Move, &[]);
    both.night = true;
    both.separating = true;
    assert_eq!(cost(&both), 5);
    // The other reading: night is a fifth exception.
    let d = dbr_with("pip-night", "fifth-exception");
    assert_eq!(d.pip_cost(&both).unwrap().cost, 1);
}

#[test]
fn dbr_pip_034_adjustments_stack_and_the_cost_never_falls_below_0() {
    let mut query = q(A::MarchRoad, &[]);
    query.with_general = true;
    let a = dbr().pip_cost(&query).unwrap();
    assert_eq!(a.cost, 0);
    assert_eq!(a.rulings(), vec!["pip-stacking"]);
    let d = dbr_with("pip-stacking", "stack-no-floor");
    assert_eq!(d.pip_cost(&query).unwrap().cost, -1);
    // Everything at once: 1 + 1 (general far) + 1 (Art off-road) + 2 (separating) + 2 (night) = 7.
    let mut all = q(A::Move, &[(E::Art, Some(Grade::S))]);
    all.general_distance = Some(Distance::paces(700));
    all.off_road = true;
    all.separating = true;
    all.night = true;
    assert_eq!(cost(&all), 7);
}

#[test]
fn dbr_pip_035_pips_are_one_d6_per_command_from_seeded_logged_dice() {
    let mut dice = Dice::from_seed(7).derive("bound:1").with_log();
    let rolls = dbr().roll_pips(&mut dice, 3);
    assert_eq!(rolls.len(), 3);
    assert!(rolls.iter().all(|r| (1..=6).contains(r)));
    assert_eq!(dice.log().len(), 3);
    let mut again = Dice::from_seed(7).derive("bound:1");
    assert_eq!(
        dbr().roll_pips(&mut again, 3),
        rolls,
        "same seed, same PIPs"
    );
}

#[test]
fn bad_pip_questions_get_clear_errors() {
    let e = A::parse("mvoe").unwrap_err().to_string();
    assert!(e.contains("did you mean `move`"), "{e}");
    let e = dbr()
        .pip_cost(&q(A::Move, &[(E::Pk, None), (E::Pk, None)]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("move-group"), "{e}");
    assert!(dbr().pip_cost(&PipQuery::default()).is_err());
}
