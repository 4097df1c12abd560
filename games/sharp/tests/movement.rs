//! SP-MOV and SP-FORM: movement by arm, formation and pace with typed-in
//! dice, shock, lasting conditions and turning; what makes each formation
//! valid and the rules that come with it.

use umpire_sharp::formations::{
    SquareState, column_fighting_ranks, dense_target, fire_arc, kill_order, line_fighters,
    line_ranks, share_hits, single_group_formation, spread_shock, square_state, validate_formation,
};
use umpire_sharp::model::{Arm, Formation as F, Pace};
use umpire_sharp::movement::{MoveAnswer, MoveQuery, movement};
use umpire_sharp::roll::Rolls;
use umpire_sharp::tables::Tables;
use umpire_sharp::{Rulings, SharpError};

type R = Result<(), SharpError>;

fn t() -> Result<&'static Tables, SharpError> {
    Tables::builtin()
}

fn go_with(r: &Rulings, q: &MoveQuery, dice: &[u32]) -> Result<MoveAnswer, SharpError> {
    let mut rolls = Rolls::typed(dice.iter().copied());
    let a = movement(t()?, r, q, &mut rolls)?;
    assert_eq!(rolls.left_over(), 0, "dice left over");
    Ok(a)
}

fn go(q: &MoveQuery, dice: &[u32]) -> Result<f64, SharpError> {
    Ok(go_with(&Rulings::default(), q, dice)?.distance.0)
}

fn q(arm: Arm, f: F, pace: Pace, dice: u32) -> MoveQuery {
    let mut q = MoveQuery::new(arm, f, pace);
    q.dice = dice;
    if matches!(f, F::Line | F::Column | F::Square) {
        q.shock = vec![0, 0];
    }
    q
}

const LINE: Arm = Arm::LineInfantry;
const LIGHT: Arm = Arm::LightInfantry;
const CAV: Arm = Arm::Cavalry;

#[test]
fn sp_mov_001_one_d6_per_move_action() -> R {
    assert_eq!(go(&q(LINE, F::Unformed, Pace::Normal, 1), &[4])?, 4.0);
    assert_eq!(go(&q(LINE, F::Unformed, Pace::Normal, 2), &[4, 5])?, 9.0);
    assert!(go(&q(LINE, F::Unformed, Pace::Normal, 0), &[]).is_err());
    Ok(())
}
#[test]
fn sp_mov_002_column_plus_1_per_die() -> R {
    assert_eq!(go(&q(LINE, F::Column, Pace::Normal, 2), &[3, 4])?, 9.0);
    Ok(())
}
#[test]
fn sp_mov_003_line_as_rolled() -> R {
    assert_eq!(go(&q(LINE, F::Line, Pace::Normal, 2), &[3, 4])?, 7.0);
    Ok(())
}
#[test]
fn sp_mov_004_skirmish_plus_1_per_die() -> R {
    assert_eq!(go(&q(LIGHT, F::Skirmish, Pace::Normal, 1), &[3])?, 4.0);
    Ok(())
}
#[test]
fn sp_mov_005_skirmish_retiring_at_speed_one_extra_die() -> R {
    let a = go_with(
        &Rulings::default(),
        &q(LIGHT, F::Skirmish, Pace::RetireAtSpeed, 1),
        &[3, 5],
    )?;
    assert_eq!(a.dice, [3, 5]);
    assert_eq!(a.distance.0, 10.0);
    // Only skirmishers retire at speed.
    assert!(go(&q(LINE, F::Column, Pace::RetireAtSpeed, 1), &[3, 5]).is_err());
    Ok(())
}
#[test]
fn sp_mov_006_cavalry_walk_as_rolled() -> R {
    assert_eq!(go(&q(CAV, F::Unformed, Pace::Walk, 1), &[4])?, 4.0);
    assert_eq!(go(&q(CAV, F::Unformed, Pace::Normal, 1), &[4])?, 4.0);
    Ok(())
}
#[test]
fn sp_mov_007_cavalry_trot_plus_3_per_die() -> R {
    assert_eq!(go(&q(CAV, F::Unformed, Pace::Trot, 2), &[4, 1])?, 11.0);
    Ok(())
}
#[test]
fn sp_mov_008_gallop_extra_die_plus_3_each_or_plain_by_ruling() -> R {
    let g = q(CAV, F::Unformed, Pace::Gallop, 1);
    let a = go_with(&Rulings::default(), &g, &[4, 2])?;
    assert_eq!(a.distance.0, 12.0);
    assert!(a.steps.iter().any(|s| s.ruling == Some("gallop-extra-die")));
    let mut r = Rulings::default();
    r.set("gallop-extra-die", "extra-plain")?;
    assert_eq!(go_with(&r, &g, &[4, 2])?.distance.0, 9.0);
    assert!(go(&q(LINE, F::Column, Pace::Gallop, 1), &[4, 2]).is_err());
    Ok(())
}
#[test]
fn sp_mov_009_foot_artillery_at_walk() -> R {
    let a = go_with(
        &Rulings::default(),
        &q(Arm::FootArtillery, F::Unformed, Pace::Walk, 1),
        &[5],
    )?;
    assert_eq!(a.distance.0, 5.0);
    assert!(a.steps.iter().any(|s| s.rule == "SP-MOV-009"));
    assert!(
        go(
            &q(Arm::FootArtillery, F::Unformed, Pace::Gallop, 1),
            &[5, 5]
        )
        .is_err()
    );
    Ok(())
}
#[test]
fn sp_mov_010_foot_artillery_trots_in_danger_one_turn_in_three() -> R {
    let mut a = q(Arm::FootArtillery, F::Unformed, Pace::Trot, 1);
    match go(&a, &[5]) {
        Err(e) => assert!(e.to_string().contains("artillery-trot"), "{e}"),
        Ok(_) => panic!("trotted without danger"),
    }
    a.in_danger = true;
    assert_eq!(go(&a, &[5])?, 8.0);
    a.trotted_recently = true;
    assert!(go(&a, &[5]).is_err());
    Ok(())
}
#[test]
fn sp_mov_011_horse_artillery_walk_or_trot() -> R {
    assert_eq!(
        go(&q(Arm::HorseArtillery, F::Unformed, Pace::Walk, 1), &[2])?,
        2.0
    );
    assert_eq!(
        go(&q(Arm::HorseArtillery, F::Unformed, Pace::Trot, 1), &[2])?,
        5.0
    );
    assert!(
        go(
            &q(Arm::HorseArtillery, F::Unformed, Pace::Gallop, 1),
            &[2, 2]
        )
        .is_err()
    );
    Ok(())
}
#[test]
fn sp_mov_012_a_group_turns_and_changes_formation_free() -> R {
    let mut a = q(LIGHT, F::Skirmish, Pace::Normal, 1);
    a.quarter_turns = 2;
    a.about_turns = 1;
    a.changing_to = Some(F::Unformed);
    let ans = go_with(&Rulings::default(), &a, &[3])?;
    assert_eq!(ans.distance.0, 4.0);
    assert!(ans.steps.iter().any(|s| s.rule == "SP-MOV-012"));
    Ok(())
}
#[test]
fn sp_mov_013_formation_quarter_turn_costs_1() -> R {
    let mut a = q(LINE, F::Line, Pace::Normal, 2);
    a.quarter_turns = 1;
    assert_eq!(go(&a, &[3, 4])?, 6.0);
    a.quarter_turns = 2;
    assert_eq!(go(&a, &[3, 4])?, 5.0);
    Ok(())
}
#[test]
fn sp_mov_014_formation_about_turn_costs_2() -> R {
    let mut a = q(LINE, F::Line, Pace::Normal, 2);
    a.about_turns = 1;
    assert_eq!(go(&a, &[3, 4])?, 5.0);
    a.about_turns = 4;
    assert_eq!(go(&a, &[1, 2])?, 0.0, "never below 0");
    Ok(())
}
#[test]
fn sp_mov_015_changing_formation_at_the_slowest_rate() -> R {
    let mut a = q(LINE, F::Column, Pace::Normal, 2);
    a.changing_to = Some(F::Line);
    assert_eq!(go(&a, &[3, 4])?, 7.0);
    let mut b = q(LINE, F::Line, Pace::Normal, 2);
    b.changing_to = Some(F::Column);
    assert_eq!(go(&b, &[3, 4])?, 7.0);
    Ok(())
}
#[test]
fn sp_mov_016_formation_dices_once_at_its_slowest_groups_rate() -> R {
    let mut a = q(LINE, F::Column, Pace::Normal, 2);
    a.shock = vec![0, 3, 1];
    // One die fewer for the two shock of the worst Group.
    let ans = go_with(&Rulings::default(), &a, &[3])?;
    assert_eq!(ans.distance.0, 4.0);
    assert!(
        ans.steps
            .iter()
            .any(|s| s.rule == "SP-MOV-016" && s.ruling == Some("shock-movement"))
    );
    // Never below one die.
    a.shock = vec![6, 0];
    assert_eq!(go(&a, &[5])?, 6.0);
    // Ruling: shock does not slow.
    let mut r = Rulings::default();
    r.set("shock-movement", "none")?;
    a.shock = vec![0, 3, 1];
    assert_eq!(go_with(&r, &a, &[3, 4])?.distance.0, 9.0);
    Ok(())
}

#[test]
fn lasting_conditions_take_1_per_die_each() -> R {
    let mut a = q(LINE, F::Line, Pace::Normal, 2);
    a.conditions = vec!["needs-water".into()];
    assert_eq!(go(&a, &[3, 4])?, 5.0);
    a.conditions.push("twisted-ankle".into());
    assert_eq!(go(&a, &[3, 1])?, 1.0, "a die never counts below 0");
    a.conditions = vec!["low-ammunition".into()];
    assert_eq!(go(&a, &[3, 4])?, 7.0, "no effect on movement");
    a.conditions = vec!["needs-watter".into()];
    match go(&a, &[3, 4]) {
        Err(e) => assert!(e.to_string().contains("did you mean `needs-water`"), "{e}"),
        Ok(_) => panic!("took an unknown condition"),
    }
    Ok(())
}

#[test]
fn a_move_with_more_ones_than_sixes_triggers_a_movement_event() -> R {
    let a = go_with(
        &Rulings::default(),
        &q(LINE, F::Line, Pace::Normal, 2),
        &[1, 4],
    )?;
    assert_eq!((a.ones, a.sixes, a.random_event), (1, 0, true));
    let a = go_with(
        &Rulings::default(),
        &q(LINE, F::Line, Pace::Normal, 2),
        &[1, 6],
    )?;
    assert!(!a.random_event);
    Ok(())
}

#[test]
fn a_square_has_no_movement_rate() -> R {
    match go(&q(LINE, F::Square, Pace::Normal, 1), &[3]) {
        Err(e) => assert!(e.to_string().contains("no movement rate"), "{e}"),
        Ok(_) => panic!("a square moved"),
    }
    Ok(())
}

fn valid(f: F, groups: &[(u32, Arm)]) -> Result<bool, SharpError> {
    Ok(validate_formation(t()?, f, groups).is_ok())
}

fn reason(f: F, groups: &[(u32, Arm)]) -> Result<String, SharpError> {
    match validate_formation(t()?, f, groups) {
        Err(e) => Ok(e.to_string()),
        Ok(_) => panic!("{f} of {groups:?} was accepted"),
    }
}

#[test]
fn sp_form_001_line_at_least_two_groups() -> R {
    assert!(valid(F::Line, &[(6, LINE), (4, LINE)])?);
    assert!(reason(F::Line, &[(10, LINE)])?.contains("at least 2 Groups; 1 given (SP-FORM-001)"));
    Ok(())
}
#[test]
fn sp_form_002_line_two_or_three_ranks() -> R {
    assert!(line_ranks(t()?, 2).is_ok());
    assert!(line_ranks(t()?, 3).is_ok());
    assert!(line_ranks(t()?, 1).is_err());
    assert!(line_ranks(t()?, 4).is_err());
    Ok(())
}
#[test]
fn sp_form_003_line_fires_straight_ahead_plus_1_pip() -> R {
    assert_eq!(fire_arc(t()?, F::Line)?, ("straight ahead".to_string(), 1));
    Ok(())
}
#[test]
fn sp_form_004_line_shares_hits_remainder_to_first_named() -> R {
    let (s, steps) = share_hits(&Rulings::default(), 7, 3)?;
    assert_eq!(s, [3, 2, 2]);
    assert_eq!(steps[0].ruling, Some("line-remainder"));
    assert_eq!(share_hits(&Rulings::default(), 6, 2)?.0, [3, 3]);
    Ok(())
}
#[test]
fn sp_form_005_all_figures_in_contacted_groups_fight() {
    assert_eq!(line_fighters(&[8, 6], 0, false).0, 14);
}
#[test]
fn sp_form_006_overlap_joins_on_big_man_initiative() {
    assert_eq!(line_fighters(&[8], 4, true).0, 12);
    assert_eq!(line_fighters(&[8], 4, false).0, 8);
}
#[test]
fn sp_form_007_column_two_groups_twelve_figures() -> R {
    assert!(valid(F::Column, &[(6, LINE), (6, LINE)])?);
    assert!(
        reason(F::Column, &[(6, LINE), (5, LINE)])?
            .contains("at least 12 figures altogether; 11 given (SP-FORM-007)")
    );
    assert!(reason(F::Column, &[(14, LINE)])?.contains("at least 2 Groups"));
    Ok(())
}
#[test]
fn sp_form_008_column_fires_front_or_sides() -> R {
    assert!(fire_arc(t()?, F::Column)?.0.contains("front or sides"));
    Ok(())
}
#[test]
fn sp_form_009_column_shock_spread_remainder_to_front() -> R {
    let (s, steps) = spread_shock(&Rulings::default(), 5, 3)?;
    assert_eq!(s, [2, 2, 1]);
    assert_eq!(steps[0].ruling, Some("column-shock-remainder"));
    Ok(())
}
#[test]
fn sp_form_010_column_kills_from_rear() {
    assert_eq!(kill_order(F::Column, 3), [2, 1, 0]);
    assert_eq!(kill_order(F::Line, 3), [0, 1, 2]);
}
#[test]
fn sp_form_011_column_first_four_ranks_fight_first_round() -> R {
    assert_eq!(column_fighting_ranks(t()?, 1, 6)?.0, 4);
    assert_eq!(column_fighting_ranks(t()?, 1, 3)?.0, 3);
    Ok(())
}
#[test]
fn sp_form_012_column_rear_ranks_join_after_first_round() -> R {
    assert_eq!(column_fighting_ranks(t()?, 2, 6)?.0, 6);
    Ok(())
}
#[test]
fn sp_form_013_square_two_groups_twelve_figures() -> R {
    assert!(valid(F::Square, &[(8, LINE), (8, LINE)])?);
    assert!(reason(F::Square, &[(5, LINE), (5, LINE)])?.contains("SP-FORM-013"));
    assert!(reason(F::Square, &[(16, LINE)])?.contains("at least 2 Groups"));
    Ok(())
}
#[test]
fn sp_form_014_square_defended_when_not_firing() {
    assert_eq!(square_state(false).0, SquareState::Defended);
}
#[test]
fn sp_form_015_square_undefended_after_firing() {
    assert_eq!(square_state(true).0, SquareState::Undefended);
}
#[test]
fn sp_form_016_square_dense_target() -> R {
    assert!(dense_target(t()?, F::Square)?);
    assert!(!dense_target(t()?, F::Line)?);
    Ok(())
}
#[test]
fn sp_form_017_skirmish_one_group_only() -> R {
    assert!(valid(F::Skirmish, &[(8, LIGHT)])?);
    assert!(
        reason(F::Skirmish, &[(6, LIGHT), (6, LIGHT)])?
            .contains("never more than one Group; 2 given (SP-FORM-017)")
    );
    Ok(())
}
#[test]
fn sp_form_018_skirmish_light_infantry_only() -> R {
    assert!(reason(F::Skirmish, &[(8, LINE)])?.contains(
        "only light-infantry may form skirmish; this Group is line-infantry (SP-FORM-018)"
    ));
    assert!(single_group_formation(CAV, true).is_err());
    Ok(())
}
#[test]
fn sp_form_019_skirmishers_fire_in_180() -> R {
    assert!(fire_arc(t()?, F::Skirmish)?.0.contains("180"));
    Ok(())
}
#[test]
fn sp_form_020_group_outside_a_formation_is_unformed() -> R {
    assert!(valid(F::Unformed, &[(10, LINE)])?);
    assert!(reason(F::Unformed, &[(6, LINE), (6, LINE)])?.contains("never more than one Group"));
    assert_eq!(single_group_formation(LINE, false)?.0, F::Unformed);
    Ok(())
}
#[test]
fn sp_form_021_single_group_unformed_unless_light_skirmishing() -> R {
    assert_eq!(single_group_formation(LIGHT, true)?.0, F::Skirmish);
    assert_eq!(single_group_formation(LIGHT, false)?.0, F::Unformed);
    assert!(valid(F::Unformed, &[(8, CAV)])?);
    Ok(())
}
#[test]
fn sp_form_022_unformed_fire_in_180() -> R {
    assert!(fire_arc(t()?, F::Unformed)?.0.contains("180"));
    Ok(())
}

#[test]
fn a_group_has_at_least_one_man() -> R {
    assert!(reason(F::Line, &[(6, LINE), (0, LINE)])?.contains("Group 2 has no men"));
    Ok(())
}
