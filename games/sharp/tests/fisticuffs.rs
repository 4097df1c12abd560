//! SP-FIST, SP-FRES and the melee items of SP-FORM: one test per checklist
//! item, the rulings that change a result, and a statistical check of the
//! exact odds. The sheet's figures are typed in here, not read from the
//! data file.

use umpire_core::dice::Dice;
use umpire_sharp::SharpError;
use umpire_sharp::fisticuffs::{
    Fight, FightResult, FistGroup, FistSide, FistTables, NextTurn, Outcome, Who, fight_dice,
    fight_odds, resolve_fight, round_dice,
};
use umpire_sharp::model::{Arm, Character, Cover, Formation, Quality, Status};
use umpire_sharp::roll::Rolls;
use umpire_sharp::rulings::Rulings;

type R = Result<(), SharpError>;

fn tables() -> Result<&'static FistTables, SharpError> {
    FistTables::builtin()
}

fn ruled(name: &str, option: &str) -> Result<Rulings, SharpError> {
    let mut r = Rulings::default();
    r.set(name, option)?;
    Ok(r)
}

fn group(men: u32, q: Quality) -> FistGroup {
    FistGroup::new(men, q)
}

/// One Group of good line infantry, unformed.
fn men(n: u32) -> FistSide {
    FistSide::new(vec![group(n, Quality::Good)])
}

fn cavalry(n: u32) -> FistSide {
    let mut s = men(n);
    s.arm = Arm::Cavalry;
    s
}

fn fight(a: FistSide, b: FistSide) -> Fight {
    Fight::new(a, b)
}

/// First-round dice (A, B) under the default rulings.
fn dice(f: &Fight) -> Result<(u32, u32), SharpError> {
    let d = fight_dice(tables()?, &Rulings::default(), f)?;
    Ok((d.a.dice, d.b.dice))
}

/// Side A's first-round dice.
fn a_dice(a: FistSide, b: FistSide) -> Result<u32, SharpError> {
    Ok(dice(&fight(a, b))?.0)
}

/// The value of side A's first-round step for `rule`, if there is one.
fn a_step(f: &Fight, rule: &str) -> Result<Option<i64>, SharpError> {
    let d = fight_dice(tables()?, &Rulings::default(), f)?;
    Ok(d.a.steps.iter().find(|s| s.rule == rule).map(|s| s.value))
}

fn resolve(f: &Fight, faces: &[u32]) -> Result<FightResult, SharpError> {
    resolve_with(&Rulings::default(), f, faces)
}

fn resolve_with(r: &Rulings, f: &Fight, faces: &[u32]) -> Result<FightResult, SharpError> {
    let mut rolls = Rolls::typed(faces.iter().copied());
    let result = resolve_fight(tables()?, r, f, &mut rolls)?;
    assert_eq!(rolls.left_over(), 0, "every typed die is used");
    Ok(result)
}

fn ones(n: usize) -> Vec<u32> {
    vec![1; n]
}

/// `kills` sixes, then ones up to `n` dice.
fn sixes(kills: usize, n: usize) -> Vec<u32> {
    let mut v = vec![6; kills];
    v.extend(ones(n - kills));
    v
}

fn lost(r: &FightResult) -> &umpire_sharp::fisticuffs::Loss {
    match &r.outcome {
        Outcome::Lost(l) => l,
        other => panic!("expected a loss, got {other:?}"),
    }
}

fn names(r: &FightResult) -> Vec<&'static str> {
    r.rulings()
}

// ---- SP-FIST: dice and modifiers ----

#[test]
fn sp_fist_001_one_die_per_man_big_men_and_musicians_included() -> R {
    let mut a = men(10);
    a.musicians = 1;
    a.other_big_men = vec![Status::I];
    let f = fight(a, men(10));
    assert_eq!(a_step(&f, "SP-FIST-001")?, Some(12));
    assert_eq!(dice(&f)?, (12, 10));
    Ok(())
}

#[test]
fn sp_fist_002_percentages_of_the_running_total_in_the_sheets_order() -> R {
    // 10 dice; hard cover +66% of 10 = +6 -> 16; flank -50% of 16 = -8 -> 8.
    let mut a = men(10);
    a.cover = Cover::Hard;
    a.flank_or_rear = true;
    let f = fight(a, men(10));
    assert_eq!(dice(&f)?.0, 8);
    let d = fight_dice(tables()?, &Rulings::default(), &f)?;
    assert!(
        d.a.steps
            .iter()
            .any(|s| s.rule == "SP-FIST-002" && s.ruling == Some("fist-percent-base"))
    );
    // Never below no dice: 1 weedy man is 1 - 2 = 0 dice.
    let mut w = FistSide::new(vec![group(1, Quality::Good)]);
    w.groups[0].character = Character::Weedy;
    assert_eq!(a_dice(w, men(1))?, 0);
    Ok(())
}

#[test]
fn sp_fist_003_leader_adds_one_die_per_status_level() -> R {
    let mut a = men(10);
    a.leader = Some(Status::III);
    // 10 men + the Big Man himself + 3 for status III.
    let f = fight(a, men(10));
    assert_eq!(a_step(&f, "SP-FIST-003")?, Some(3));
    assert_eq!(dice(&f)?.0, 14);
    Ok(())
}

#[test]
fn sp_fist_004_one_die_per_point_of_fervour() -> R {
    let mut a = men(10);
    a.fervour = 2;
    assert_eq!(a_dice(a, men(10))?, 12);
    Ok(())
}

#[test]
fn sp_fist_005_other_big_men_one_die_per_two_levels_rounded_down() -> R {
    let mut a = men(10);
    a.other_big_men = vec![Status::II, Status::III];
    // 5 levels -> 2 dice; the two Big Men are in the fight too: 12 + 2.
    let f = fight(a, men(10));
    assert_eq!(a_step(&f, "SP-FIST-005")?, Some(2));
    assert_eq!(dice(&f)?.0, 14);
    Ok(())
}

#[test]
fn sp_fist_006_two_dice_per_group_per_quality_level_above_the_enemy() -> R {
    // Two elite Groups against poor: 2 levels x 2 dice x 2 Groups = +8.
    let a = FistSide::new(vec![group(5, Quality::Elite), group(5, Quality::Elite)]);
    let b = FistSide::new(vec![group(10, Quality::Poor)]);
    let f = fight(a.clone(), b);
    assert_eq!(dice(&f)?, (18, 10));
    let d = fight_dice(tables()?, &Rulings::default(), &f)?;
    assert!(
        d.a.steps
            .iter()
            .any(|s| s.rule == "SP-FIST-006" && s.ruling == Some("quality-ladder"))
    );
    // Against good and poor Groups, the enemy's best (good) counts: 1 level.
    let mixed = FistSide::new(vec![group(5, Quality::Good), group(5, Quality::Poor)]);
    assert_eq!(dice(&fight(a, mixed))?, (14, 10));
    Ok(())
}

#[test]
fn sp_fist_007_minus_one_die_per_two_shock_on_a_group() -> R {
    let mut a = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    a.groups[0].shock = 5; // 2 pairs
    a.groups[1].shock = 1; // none
    assert_eq!(a_dice(a, men(12))?, 10);
    Ok(())
}

#[test]
fn sp_fist_008_aggressive_two_dice_per_group() -> R {
    let mut a = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    a.groups[0].character = Character::Aggressive;
    a.groups[1].character = Character::Aggressive;
    assert_eq!(a_dice(a, men(12))?, 16);
    Ok(())
}

#[test]
fn sp_fist_009_grenadiers_or_guards_two_dice_per_group() -> R {
    let mut a = men(10);
    a.groups[0].character = Character::Guards;
    assert_eq!(a_dice(a, men(10))?, 12);
    Ok(())
}

#[test]
fn sp_fist_010_weedy_coves_minus_two_dice_per_group() -> R {
    let mut a = men(10);
    a.groups[0].character = Character::Weedy;
    assert_eq!(a_dice(a, men(10))?, 8);
    Ok(())
}

#[test]
fn sp_fist_011_one_die_per_supporting_rank_in_column() -> R {
    let mut a = FistSide::new(vec![group(8, Quality::Good), group(8, Quality::Good)]);
    a.formation = Formation::Column;
    a.supporting_ranks = 3;
    let f = fight(a, men(16));
    assert_eq!(dice(&f)?.0, 19);
    let d = fight_dice(tables()?, &Rulings::default(), &f)?;
    assert!(
        d.a.steps
            .iter()
            .any(|s| s.rule == "SP-FIST-011" && s.ruling == Some("column-support"))
    );
    Ok(())
}

#[test]
fn sp_fist_012_defending_light_cover_plus_33_percent() -> R {
    let mut a = men(10);
    a.cover = Cover::Soft;
    assert_eq!(a_dice(a, men(10))?, 13); // 3.3 rounded down
    Ok(())
}

#[test]
fn sp_fist_013_defending_hard_cover_plus_66_percent() -> R {
    let mut a = men(10);
    a.cover = Cover::Hard;
    assert_eq!(a_dice(a, men(10))?, 16); // 6.6 rounded down
    Ok(())
}

#[test]
fn sp_fist_014_hit_in_flank_or_rear_minus_50_percent() -> R {
    let mut a = men(9);
    a.flank_or_rear = true;
    assert_eq!(a_dice(a, men(9))?, 4); // 4.5 removed, rounded up to 5
    Ok(())
}

#[test]
fn sp_fist_015_ambushed_minus_50_percent() -> R {
    let mut a = men(7);
    a.ambushed = true;
    assert_eq!(a_dice(a, men(7))?, 3); // 3.5 removed, rounded up to 4
    Ok(())
}

#[test]
fn sp_fist_016_bonuses_round_down_penalties_round_up() -> R {
    let mut a = men(10);
    a.cover = Cover::Soft;
    let f = fight(a, men(10));
    let d = fight_dice(tables()?, &Rulings::default(), &f)?;
    let s = d.a.steps.iter().find(|s| s.rule == "SP-FIST-012");
    assert_eq!(
        s.map(|s| (s.value, s.ruling)),
        Some((3, Some("fist-rounding")))
    );
    let mut b = men(10);
    b.ambushed = true; // 5 exactly; 11 would lose 6
    assert_eq!(a_dice(b, men(10))?, 5);
    let mut c = men(11);
    c.ambushed = true;
    assert_eq!(a_dice(c, men(11))?, 5);
    Ok(())
}

#[test]
fn sp_fist_017_lancers_against_cavalry_first_round_plus_10_percent_down() -> R {
    let mut a = cavalry(15);
    a.lancers = true;
    assert_eq!(a_dice(a, cavalry(15))?, 16); // 1.5 -> 1
    Ok(())
}

#[test]
fn sp_fist_018_lancers_against_cavalry_later_rounds_minus_10_percent_up() -> R {
    let mut a = cavalry(15);
    a.lancers = true;
    let f = fight(a, cavalry(15));
    let d = round_dice(tables()?, &Rulings::default(), &f, 2)?;
    assert_eq!(d.a.dice, 13); // 1.5 -> 2 removed
    // The sign flips in a resolved fight: round 1 draws, round 2 has 13.
    let mut faces = ones(16);
    faces.extend(ones(15));
    faces.extend(ones(13));
    faces.extend(sixes(1, 15));
    let r = resolve(&f, &faces)?;
    assert_eq!(r.rounds[1].dice.a.dice, 13);
    assert_eq!(lost(&r).loser, Who::A);
    Ok(())
}

#[test]
fn sp_fist_019_unloaded_infantry_receiving_a_charge_minus_33_percent() -> R {
    let mut a = men(10);
    a.unloaded_receiving_charge = true;
    assert_eq!(a_dice(a, cavalry(5))?, 6); // 3.3 -> 4 removed
    Ok(())
}

#[test]
fn sp_fist_020_cavalry_charging_with_elan_plus_25_percent() -> R {
    let mut a = cavalry(8);
    a.elan = true;
    let mut b = cavalry(8);
    b.formation = Formation::Line;
    assert_eq!(a_dice(a, b)?, 10);
    Ok(())
}

#[test]
fn sp_fist_021_cavalry_against_unformed_infantry_in_the_open_plus_100_percent() -> R {
    assert_eq!(a_dice(cavalry(8), men(8))?, 16);
    Ok(())
}

#[test]
fn sp_fist_022_cavalry_against_a_defended_square_minus_66_percent() -> R {
    let mut sq = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    sq.formation = Formation::Square;
    sq.square_defended = true;
    assert_eq!(a_dice(cavalry(12), sq)?, 4); // 7.92 -> 8 removed
    Ok(())
}

#[test]
fn sp_fist_023_cavalry_against_an_undefended_square_minus_33_percent() -> R {
    let mut sq = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    sq.formation = Formation::Square;
    assert_eq!(a_dice(cavalry(12), sq)?, 8); // 3.96 -> 4 removed
    Ok(())
}

#[test]
fn sp_fist_024_cavalry_against_a_formed_infantry_line_plus_25_percent() -> R {
    let mut line = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    line.formation = Formation::Line;
    assert_eq!(a_dice(cavalry(12), line)?, 15);
    Ok(())
}

#[test]
fn sp_fist_025_cavalry_against_lighter_cavalry_plus_25_percent() -> R {
    let mut a = cavalry(12);
    a.versus_lighter_cavalry = true;
    assert_eq!(a_dice(a, cavalry(12))?, 15);
    Ok(())
}

#[test]
fn sp_fist_026_cavalry_against_troops_in_cover_minus_66_percent() -> R {
    let mut b = men(12);
    b.cover = Cover::Soft; // in cover, so not "in the open"
    let f = fight(cavalry(12), b);
    assert_eq!(dice(&f)?, (4, 15)); // 12 - 8; 12 + 3
    let d = fight_dice(tables()?, &Rulings::default(), &f)?;
    assert!(
        d.a.steps
            .iter()
            .any(|s| s.rule == "SP-FIST-026" && s.ruling == Some("cavalry-pairing"))
    );
    Ok(())
}

#[test]
fn sp_fist_027_formed_cavalry_at_the_gallop_plus_25_percent() -> R {
    let mut a = cavalry(12);
    a.formation = Formation::Line;
    a.at_gallop = true;
    assert_eq!(a_dice(a.clone(), cavalry(12))?, 15);
    a.formation = Formation::Unformed; // not formed: no bonus
    assert_eq!(a_dice(a, cavalry(12))?, 12);
    Ok(())
}

#[test]
fn sp_fist_028_infantry_square_against_cavalry_plus_50_percent() -> R {
    let mut sq = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    sq.formation = Formation::Square;
    sq.square_defended = true;
    assert_eq!(a_dice(sq, cavalry(12))?, 18);
    Ok(())
}

#[test]
fn sp_fist_029_superior_mounts_in_a_cavalry_fight_plus_25_percent() -> R {
    let mut a = cavalry(12);
    a.superior_mounts = true;
    assert_eq!(a_dice(a, cavalry(12))?, 15);
    Ok(())
}

#[test]
fn sp_fist_030_cavalry_rows_ignored_without_cavalry() -> R {
    let mut a = men(10);
    a.unloaded_receiving_charge = true;
    let mut sq = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    sq.formation = Formation::Square;
    let f = fight(a, sq);
    assert_eq!(dice(&f)?, (10, 12));
    assert_eq!(a_step(&f, "SP-FIST-030")?, Some(0));
    Ok(())
}

// ---- SP-FORM: formations in melee ----

#[test]
fn sp_form_005_every_figure_of_a_contacted_line_fights() -> R {
    let mut line = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    line.formation = Formation::Line;
    assert_eq!(a_dice(line, men(12))?, 12);
    Ok(())
}

#[test]
fn sp_form_006_overlapping_men_join_on_big_man_initiative() -> R {
    let mut line = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    line.formation = Formation::Line;
    line.overlap_joined = 3;
    let f = fight(line, men(12));
    assert_eq!(a_step(&f, "SP-FORM-006")?, Some(3));
    assert_eq!(dice(&f)?.0, 15);
    Ok(())
}

fn column(rear: u32) -> FistSide {
    let mut c = FistSide::new(vec![group(8, Quality::Good), group(8, Quality::Good)]);
    c.formation = Formation::Column;
    c.column_rear_men = rear;
    c
}

#[test]
fn sp_form_010_kills_on_a_column_come_off_its_rear() -> R {
    // Round 1: 12 v 12, two kills each (a draw). Round 2: the Column has
    // 16 - 2 = 14 men fighting (the rear ranks joined, the dead taken from
    // them), the line 10.
    let f = fight(column(4), men(12));
    let mut faces = sixes(2, 12);
    faces.extend(sixes(2, 12));
    faces.extend(sixes(1, 14));
    faces.extend(ones(10));
    let r = resolve(&f, &faces)?;
    assert_eq!(r.rounds[1].dice.a.dice, 14);
    assert_eq!(r.rounds[1].dice.b.dice, 10);
    assert!(
        r.steps
            .iter()
            .any(|s| s.rule == "SP-FORM-010" && s.value == 2)
    );
    assert_eq!(lost(&r).loser, Who::B);
    Ok(())
}

#[test]
fn sp_form_011_first_four_ranks_of_a_column_fight_the_first_round() -> R {
    let f = fight(column(4), men(12));
    assert_eq!(a_step(&f, "SP-FORM-011")?, Some(-4));
    assert_eq!(dice(&f)?.0, 12);
    Ok(())
}

#[test]
fn sp_form_012_a_columns_rear_ranks_join_from_the_second_round() -> R {
    let f = fight(column(4), men(12));
    let d = round_dice(tables()?, &Rulings::default(), &f, 2)?;
    assert_eq!(d.a.dice, 16);
    Ok(())
}

#[test]
fn sp_form_014_a_defended_square_against_cavalry() -> R {
    let mut sq = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    sq.formation = Formation::Square;
    sq.square_defended = true;
    // Cavalry 12 - 66% (8) = 4; the square 12 + 50% = 18.
    assert_eq!(dice(&fight(cavalry(12), sq))?, (4, 18));
    Ok(())
}

#[test]
fn sp_form_015_an_undefended_square_against_cavalry() -> R {
    let mut sq = FistSide::new(vec![group(6, Quality::Good), group(6, Quality::Good)]);
    sq.formation = Formation::Square;
    // Cavalry 12 - 33% (4) = 8; the square 12 + 50% = 18.
    assert_eq!(dice(&fight(cavalry(12), sq))?, (8, 18));
    Ok(())
}

// ---- SP-FRES: results ----

#[test]
fn sp_fres_001_four_times_the_dice_routs_3d6_with_6_shock() -> R {
    let f = fight(men(12), men(3));
    let r = resolve(&f, &[2, 3, 4])?;
    assert_eq!(
        r.outcome,
        Outcome::Overwhelmed {
            loser: Who::B,
            rout: Some(9),
            shock: 6,
            surrender: None
        }
    );
    assert!(r.rounds.is_empty());
    assert!(names(&r).contains(&"overwhelm"));
    // Ruling overwhelm = more-than: 12 is not more than 4 x 3, both roll.
    let more = ruled("overwhelm", "more-than")?;
    let mut faces = ones(12);
    faces.extend(ones(3));
    faces.extend(ones(12));
    faces.extend(ones(3));
    faces.extend(ones(12));
    faces.extend(ones(3));
    let r = resolve_with(&more, &f, &faces)?;
    assert_eq!(r.outcome, Outcome::Breather { inches: 2 });
    Ok(())
}

#[test]
fn sp_fres_002_three_times_when_the_lesser_side_is_poor() -> R {
    // Good 9 (+2 over poor = 11) against poor 3: 11 >= 3 x 3.
    let f = fight(men(9), FistSide::new(vec![group(3, Quality::Poor)]));
    assert_eq!(dice(&f)?, (11, 3));
    let odds = fight_odds(tables()?, &Rulings::default(), &f)?;
    assert_eq!(odds.overwhelmed, Some(Who::B));
    assert!(
        odds.steps
            .iter()
            .any(|s| s.ruling == Some("overwhelm-poor"))
    );
    // Good against good: 9 < 4 x 3.
    let odds = fight_odds(tables()?, &Rulings::default(), &fight(men(9), men(3)))?;
    assert_eq!(odds.overwhelmed, None);
    // A poor larger side does not lower the ratio: 10 v 3 (1 good man + 2).
    let big_poor = FistSide::new(vec![group(10, Quality::Poor)]);
    let f = fight(big_poor, men(1));
    assert_eq!(dice(&f)?, (10, 3));
    assert_eq!(
        fight_odds(tables()?, &Rulings::default(), &f)?.overwhelmed,
        None
    );
    Ok(())
}

#[test]
fn sp_fres_003_an_overwhelmed_side_that_is_surrounded_surrenders() -> R {
    let mut b = men(3);
    b.surrounded = true;
    let r = resolve(&fight(men(12), b), &[])?;
    match r.outcome {
        Outcome::Overwhelmed {
            loser: Who::B,
            rout: None,
            surrender: Some(s),
            ..
        } => {
            assert_eq!((s.prisoners, s.guards), (3, 1));
        }
        other => panic!("expected a surrender, got {other:?}"),
    }
    Ok(())
}

#[test]
fn sp_fres_004_six_kills_five_shocks() -> R {
    let f = fight(men(4), men(4));
    let r = resolve(&f, &[6, 6, 5, 1, 6, 5, 5, 2])?;
    assert_eq!(r.rounds[0].kills, [2, 1]);
    assert_eq!(r.rounds[0].shock, [1, 2]);
    assert_eq!(r.kills_taken, [1, 2]);
    assert_eq!(r.shock_taken, [2, 1]);
    assert_eq!(lost(&r).loser, Who::B);
    Ok(())
}

#[test]
fn sp_fres_005_equal_kills_fight_again_at_once() -> R {
    let f = fight(men(2), men(2));
    let r = resolve(&f, &[1, 2, 3, 4, 6, 1, 1, 1])?;
    assert_eq!(r.rounds.len(), 2);
    assert_eq!(r.rounds[0].kills, [0, 0]);
    assert!(r.steps.iter().any(|s| s.rule == "SP-FRES-005"));
    assert_eq!(lost(&r).loser, Who::B);
    Ok(())
}

#[test]
fn sp_fres_006_three_drawn_rounds_then_both_retire_2_inches() -> R {
    let r = resolve(&fight(men(2), men(2)), &ones(12))?;
    assert_eq!(r.rounds.len(), 3);
    assert_eq!(r.outcome, Outcome::Breather { inches: 2 });
    Ok(())
}

#[test]
fn sp_fres_007_a_broken_off_fight_may_restart_on_a_big_mans_card() -> R {
    let r = resolve(&fight(men(2), men(2)), &ones(12))?;
    assert!(
        r.steps
            .iter()
            .any(|s| s.rule == "SP-FRES-006" && s.text.contains("Big Man's card"))
    );
    Ok(())
}

/// A wins the first round by `by` kills against `b` (both `n` dice).
fn a_wins_by(b: FistSide, n: usize, by: usize, shocks: usize) -> Result<FightResult, SharpError> {
    let a = men(n as u32);
    let mut faces = vec![6; by];
    faces.extend(vec![5; shocks]);
    faces.extend(ones(n - by - shocks));
    faces.extend(ones(n));
    resolve(&fight(a, b), &faces)
}

#[test]
fn sp_fres_008_lost_by_1_thrown_back_6_or_12_facing() -> R {
    let r = a_wins_by(men(8), 8, 1, 0)?;
    let l = lost(&r);
    assert_eq!(
        (
            l.loser,
            l.margin,
            l.push_back,
            l.facing_enemy,
            l.extra_shock,
            l.next_turn
        ),
        (Who::B, 1, Some(6), true, 0, NextTurn::Free)
    );
    // Cavalry losing to cavalry: 12".
    let a = cavalry(8);
    let mut faces = sixes(1, 8);
    faces.extend(ones(8));
    let r = resolve(&fight(a, cavalry(8)), &faces)?;
    assert_eq!(lost(&r).push_back, Some(12));
    Ok(())
}

#[test]
fn sp_fres_009_lost_by_2_thrown_back_9_or_18_two_shock_fire_only() -> R {
    let two = FistSide::new(vec![group(4, Quality::Good), group(4, Quality::Good)]);
    let r = a_wins_by(two, 8, 2, 0)?;
    let l = lost(&r);
    assert_eq!(
        (
            l.margin,
            l.push_back,
            l.facing_enemy,
            l.extra_shock,
            l.next_turn
        ),
        (2, Some(9), true, 2, NextTurn::FireOnly)
    );
    let mut faces = sixes(2, 8);
    faces.extend(ones(8));
    let r = resolve(&fight(cavalry(8), cavalry(8)), &faces)?;
    assert_eq!(lost(&r).push_back, Some(18));
    Ok(())
}

#[test]
fn sp_fres_010_lost_by_3_thrown_back_12_or_24_two_shock_per_group() -> R {
    let two = FistSide::new(vec![group(4, Quality::Good), group(4, Quality::Good)]);
    let r = a_wins_by(two, 8, 3, 0)?;
    let l = lost(&r);
    assert_eq!(
        (
            l.margin,
            l.push_back,
            l.facing_enemy,
            l.extra_shock,
            l.next_turn
        ),
        (3, Some(12), true, 4, NextTurn::FireOnly)
    );
    let mut faces = sixes(3, 8);
    faces.extend(ones(8));
    let r = resolve(&fight(cavalry(8), cavalry(8)), &faces)?;
    assert_eq!(lost(&r).push_back, Some(24));
    Ok(())
}

#[test]
fn sp_fres_011_lost_by_4_thrown_back_18_or_24_shock_doubled_no_move_or_fire() -> R {
    // B takes 4 kills and 2 shock: the 2 are doubled (2 more).
    let r = a_wins_by(men(8), 8, 4, 2)?;
    let l = lost(&r);
    assert_eq!(
        (
            l.margin,
            l.push_back,
            l.facing_enemy,
            l.extra_shock,
            l.next_turn
        ),
        (4, Some(18), false, 2, NextTurn::Nothing)
    );
    assert!(names(&r).contains(&"lost-by-four"));
    let mut faces = sixes(4, 8);
    faces.extend(ones(8));
    let r = resolve(&fight(cavalry(8), cavalry(8)), &faces)?;
    assert_eq!(lost(&r).push_back, Some(24));
    Ok(())
}

#[test]
fn sp_fres_012_lost_by_4_with_no_escape_surrenders_one_guard_per_five() -> R {
    let mut b = men(12);
    b.line_of_escape = false;
    let r = a_wins_by(b, 12, 4, 0)?;
    let l = lost(&r);
    assert_eq!(l.push_back, None);
    // 12 - 4 dead = 8 prisoners: 2 guards (a part-five rounded up).
    let s = l.surrender.map(|s| (s.prisoners, s.guards));
    assert_eq!(s, Some((8, 2)));
    assert!(names(&r).contains(&"guards"));
    Ok(())
}

#[test]
fn sp_fres_013_a_loss_by_more_than_4_is_as_by_4() -> R {
    let r = a_wins_by(men(8), 8, 6, 0)?;
    let l = lost(&r);
    assert_eq!((l.margin, l.treated_as, l.push_back), (6, 4, Some(18)));
    assert!(names(&r).contains(&"beyond-four"));
    Ok(())
}

#[test]
fn sp_fres_014_lost_by_2_shock_for_the_side_or_per_group() -> R {
    let three = FistSide::new(vec![
        group(3, Quality::Good),
        group(3, Quality::Good),
        group(3, Quality::Good),
    ]);
    let r = a_wins_by(three.clone(), 9, 2, 0)?;
    assert_eq!(lost(&r).extra_shock, 2);
    assert!(names(&r).contains(&"loss-by-two-shock"));
    let per_group = ruled("loss-by-two-shock", "per-group")?;
    let mut faces = sixes(2, 9);
    faces.extend(ones(9));
    let r = resolve_with(&per_group, &fight(men(9), three), &faces)?;
    assert_eq!(lost(&r).extra_shock, 6);
    Ok(())
}

#[test]
fn sp_fres_015_elite_ignore_a_loss_by_1_and_fight_again() -> R {
    // Elite 4 (+2 over good = 6 dice) v good 4. Round 1: elite lose by 1
    // and fight again; round 2 (5 dice, one man dead): lose by 2.
    let elite = FistSide::new(vec![group(4, Quality::Elite)]);
    let f = fight(elite.clone(), men(4));
    let mut faces = ones(6);
    faces.extend(sixes(1, 4));
    faces.extend(ones(5));
    faces.extend(sixes(2, 4));
    let r = resolve(&f, &faces)?;
    assert_eq!(r.rounds.len(), 2);
    let l = lost(&r);
    assert_eq!((l.loser, l.margin, l.push_back), (Who::A, 2, Some(9)));
    // The re-fight counts toward the three rounds (ruling elite-round):
    // two draws, then a loss by 1 in round 3 ends in a breather.
    let mut faces = ones(6);
    faces.extend(ones(4));
    faces.extend(ones(6));
    faces.extend(ones(4));
    faces.extend(ones(6));
    faces.extend(sixes(1, 4));
    let r = resolve(&f, &faces)?;
    assert_eq!(r.outcome, Outcome::Breather { inches: 2 });
    assert!(names(&r).contains(&"elite-round"));
    Ok(())
}

#[test]
fn sp_fres_016_poor_troops_take_a_defeat_one_step_worse() -> R {
    // Good 8 (+2 over poor = 10 dice) v poor 8: lost by 1 taken as by 2.
    let poor = FistSide::new(vec![group(8, Quality::Poor)]);
    let mut faces = sixes(1, 10);
    faces.extend(ones(8));
    let r = resolve(&fight(men(8), poor.clone()), &faces)?;
    let l = lost(&r);
    assert_eq!(
        (
            l.margin,
            l.treated_as,
            l.push_back,
            l.extra_shock,
            l.next_turn
        ),
        (1, 2, Some(9), 2, NextTurn::FireOnly)
    );
    // Lost by 4, taken as 5: as by 4 (ruling beyond-four).
    let mut faces = sixes(4, 10);
    faces.extend(ones(8));
    let r = resolve(&fight(men(8), poor), &faces)?;
    assert_eq!(lost(&r).treated_as, 4);
    Ok(())
}

// ---- input, dice and odds ----

#[test]
fn nonsense_sides_are_refused() -> R {
    let mut a = men(10);
    a.elan = true; // infantry with élan
    let err = fight_dice(tables()?, &Rulings::default(), &fight(a, men(10)));
    assert!(matches!(err, Err(SharpError::Invalid(m)) if m.contains("elan")));
    let mut c = men(10);
    c.column_rear_men = 4; // not a column
    assert!(fight_dice(tables()?, &Rulings::default(), &fight(c, men(10))).is_err());
    assert!(
        fight_dice(
            tables()?,
            &Rulings::default(),
            &fight(FistSide::new(vec![]), men(1))
        )
        .is_err()
    );
    Ok(())
}

#[test]
fn typed_dice_that_run_out_say_so() -> R {
    let mut rolls = Rolls::typed([6, 6]);
    let err = resolve_fight(
        tables()?,
        &Rulings::default(),
        &fight(men(4), men(4)),
        &mut rolls,
    );
    assert!(matches!(err, Err(SharpError::NotEnoughDice(_))));
    Ok(())
}

#[test]
fn odds_of_one_die_each_are_exact() -> R {
    let o = fight_odds(tables()?, &Rulings::default(), &fight(men(1), men(1)))?;
    assert!((o.draw - 26.0 / 36.0).abs() < 1e-12);
    assert!((o.a_wins_by[0] - 5.0 / 36.0).abs() < 1e-12);
    assert!((o.a_loses_by[0] - 5.0 / 36.0).abs() < 1e-12);
    assert!((o.expected_kills[0] - 1.0 / 6.0).abs() < 1e-12);
    let total: f64 = o.a_wins_by.iter().chain(&o.a_loses_by).sum::<f64>() + o.draw;
    assert!((total - 1.0).abs() < 1e-12);
    Ok(())
}

#[test]
fn seeded_first_rounds_match_the_exact_odds() -> R {
    let t = tables()?;
    let r = Rulings::default();
    let f = fight(men(10), men(8));
    let odds = fight_odds(t, &r, &f)?;
    assert_eq!(odds.overwhelmed, None);
    let root = Dice::from_seed(20_240_601);
    let n = 20_000;
    let mut wins = [0u32; 4];
    let mut losses = [0u32; 4];
    let mut draws = 0u32;
    let mut kills = [0u64; 2];
    for i in 0..n {
        let mut rolls = Rolls::seeded(root.derive_indexed("fisticuffs", i));
        let res = resolve_fight(t, &r, &f, &mut rolls)?;
        let k = res.rounds[0].kills;
        kills[0] += u64::from(k[0]);
        kills[1] += u64::from(k[1]);
        let d = i64::from(k[0]) - i64::from(k[1]);
        match d {
            0 => draws += 1,
            d if d > 0 => wins[(d.min(4) - 1) as usize] += 1,
            d => losses[((-d).min(4) - 1) as usize] += 1,
        }
    }
    let freq = |c: u32| f64::from(c) / n as f64;
    assert!((freq(draws) - odds.draw).abs() < 0.01, "draw");
    for i in 0..4 {
        assert!(
            (freq(wins[i]) - odds.a_wins_by[i]).abs() < 0.01,
            "win by {}",
            i + 1
        );
        assert!(
            (freq(losses[i]) - odds.a_loses_by[i]).abs() < 0.01,
            "lose by {}",
            i + 1
        );
    }
    let mean = |k: u64| k as f64 / n as f64;
    assert!((mean(kills[0]) - odds.expected_kills[0]).abs() < 0.05);
    assert!((mean(kills[1]) - odds.expected_kills[1]).abs() < 0.05);
    Ok(())
}
