//! SP-SPOT: every cell of the spotting table typed from the sheet, every
//! modifier with its sign, band edges, automatic spots, and the exact odds
//! checked against 20,000 seeded rolls.

use umpire_core::Dice;
use umpire_sharp::model::{Inches, Obscurity as O};
use umpire_sharp::roll::Rolls;
use umpire_sharp::spotting::{
    AutoQuery, SpotQuery, at_least_2d6, automatic_spots, spot, spot_needed, spot_odds,
};
use umpire_sharp::tables::{AutoSubject, AutoWhen, Tables};
use umpire_sharp::{Rulings, SharpError};

type R = Result<(), SharpError>;

fn t() -> Result<&'static Tables, SharpError> {
    Tables::builtin()
}

fn needed(q: &SpotQuery) -> Result<Option<i64>, SharpError> {
    Ok(spot_needed(t()?, &Rulings::default(), q)?.needed)
}

fn cell(o: O, range: f64) -> Result<Option<i64>, SharpError> {
    needed(&SpotQuery::new(o, Inches(range)))
}

/// Obscured at 9-27" (needs 9) with one change.
fn with(change: impl Fn(&mut SpotQuery)) -> Result<i64, SharpError> {
    let mut q = SpotQuery::new(O::Obscured, Inches(15.0));
    change(&mut q);
    needed(&q)?.ok_or_else(|| SharpError::Invalid("automatic".into()))
}

#[test]
fn sp_spot_001_roll_2d6_at_least_the_number() -> R {
    let q = SpotQuery::new(O::Slight, Inches(5.0)); // needs 6
    let a = spot(t()?, &Rulings::default(), &q, &mut Rolls::typed([2, 4]))?;
    assert_eq!((a.needed, a.total, a.success), (Some(6), Some(6), true));
    let a = spot(t()?, &Rulings::default(), &q, &mut Rolls::typed([2, 3]))?;
    assert_eq!((a.total, a.success), (Some(5), false));
    Ok(())
}

#[test]
fn sp_spot_002_bands_edges_by_ruling() -> R {
    assert_eq!(cell(O::Slight, 9.0)?, Some(6));
    assert_eq!(cell(O::Slight, 27.0)?, Some(7));
    assert_eq!(cell(O::Slight, 27.5)?, Some(8));
    let s = spot_needed(
        t()?,
        &Rulings::default(),
        &SpotQuery::new(O::Slight, Inches(9.0)),
    )?;
    assert_eq!(s.steps[0].ruling, Some("spot-band-edges"));
    let mut r = Rulings::default();
    r.set("spot-band-edges", "lower-inclusive")?;
    let q = |d| SpotQuery::new(O::Slight, Inches(d));
    assert_eq!(spot_needed(t()?, &r, &q(9.0))?.needed, Some(7));
    assert_eq!(spot_needed(t()?, &r, &q(27.0))?.needed, Some(8));
    assert_eq!(spot_needed(t()?, &r, &q(8.9))?.needed, Some(6));
    Ok(())
}

#[test]
fn sp_spot_003_open_0_9_automatic() -> R {
    assert_eq!(cell(O::Open, 0.0)?, None);
    assert_eq!(cell(O::Open, 9.0)?, None);
    Ok(())
}
#[test]
fn sp_spot_004_open_9_27_automatic() -> R {
    assert_eq!(cell(O::Open, 20.0)?, None);
    Ok(())
}
#[test]
fn sp_spot_005_open_27_plus_needs_5() -> R {
    assert_eq!(cell(O::Open, 30.0)?, Some(5));
    Ok(())
}
#[test]
fn sp_spot_006_slight_0_9_needs_6() -> R {
    assert_eq!(cell(O::Slight, 4.0)?, Some(6));
    Ok(())
}
#[test]
fn sp_spot_007_slight_9_27_needs_7() -> R {
    assert_eq!(cell(O::Slight, 12.0)?, Some(7));
    Ok(())
}
#[test]
fn sp_spot_008_slight_27_plus_needs_8() -> R {
    assert_eq!(cell(O::Slight, 40.0)?, Some(8));
    Ok(())
}
#[test]
fn sp_spot_009_obscured_0_9_needs_7() -> R {
    assert_eq!(cell(O::Obscured, 1.0)?, Some(7));
    Ok(())
}
#[test]
fn sp_spot_010_obscured_9_27_needs_9() -> R {
    assert_eq!(cell(O::Obscured, 18.0)?, Some(9));
    Ok(())
}
#[test]
fn sp_spot_011_obscured_27_plus_needs_11() -> R {
    assert_eq!(cell(O::Obscured, 36.0)?, Some(11));
    Ok(())
}
#[test]
fn sp_spot_012_badly_0_9_needs_10() -> R {
    assert_eq!(cell(O::Badly, 6.0)?, Some(10));
    Ok(())
}
#[test]
fn sp_spot_013_badly_9_27_needs_11() -> R {
    assert_eq!(cell(O::Badly, 26.0)?, Some(11));
    Ok(())
}
#[test]
fn sp_spot_014_badly_27_plus_needs_14_unrollable_without_modifiers() -> R {
    let q = SpotQuery::new(O::Badly, Inches(30.0));
    assert_eq!(needed(&q)?, Some(14));
    assert_eq!(spot_odds(t()?, &Rulings::default(), &q)?, 0.0);
    let a = spot(t()?, &Rulings::default(), &q, &mut Rolls::typed([6, 6]))?;
    assert!(!a.success);
    // Brought down to 12 by modifiers: 1 chance in 36.
    let mut q2 = q.clone();
    q2.spotter_elevated = true;
    q2.spotter_big_man = true;
    assert_eq!(needed(&q2)?, Some(12));
    assert_eq!(spot_odds(t()?, &Rulings::default(), &q2)?, 1.0 / 36.0);
    Ok(())
}
#[test]
fn sp_spot_015_four_categories_with_the_sheets_examples() -> R {
    let ex = |o| -> Result<String, SharpError> { Ok(t()?.spot_row(o)?.examples.clone()) };
    assert!(ex(O::Open)?.contains("field"));
    assert!(ex(O::Slight)?.contains("low wall"));
    assert!(ex(O::Obscured)?.contains("window"));
    assert!(ex(O::Badly)?.contains("hill"));
    assert_eq!(O::parse("slightly obscured"), Some(O::Slight));
    assert_eq!(O::parse("badly obscured"), Some(O::Badly));
    Ok(())
}
#[test]
fn sp_spot_016_spotter_under_fire_plus_1() -> R {
    assert_eq!(with(|q| q.spotter_under_fire = true)?, 10);
    Ok(())
}
#[test]
fn sp_spot_017_target_stationary_plus_1() -> R {
    assert_eq!(with(|q| q.target_stationary = true)?, 10);
    let mut q = SpotQuery::new(O::Obscured, Inches(15.0));
    q.target_stationary = true;
    q.target_moved_dice = 1;
    assert!(needed(&q).is_err(), "stationary and moved at once");
    Ok(())
}
#[test]
fn sp_spot_018_smoke_plus_1() -> R {
    assert_eq!(with(|q| q.smoke = true)?, 10);
    Ok(())
}
#[test]
fn sp_spot_019_target_injuns_plus_1() -> R {
    assert_eq!(with(|q| q.target_sneaky = true)?, 10);
    Ok(())
}
#[test]
fn sp_spot_020_spotter_elevated_minus_1() -> R {
    assert_eq!(with(|q| q.spotter_elevated = true)?, 8);
    Ok(())
}
#[test]
fn sp_spot_021_minus_1_per_die_target_moved() -> R {
    assert_eq!(with(|q| q.target_moved_dice = 1)?, 8);
    assert_eq!(with(|q| q.target_moved_dice = 3)?, 6);
    let mut q = SpotQuery::new(O::Obscured, Inches(15.0));
    q.target_moved_dice = 2;
    let s = spot_needed(t()?, &Rulings::default(), &q)?;
    assert!(s.steps.iter().any(|s| s.rule == "SP-SPOT-021"
        && s.value == -2
        && s.ruling == Some("spot-moved-window")));
    Ok(())
}
#[test]
fn sp_spot_022_minus_1_per_extra_die_once_only() -> R {
    assert_eq!(with(|q| q.extra_dice = 1)?, 8);
    let mut q = SpotQuery::new(O::Obscured, Inches(15.0));
    q.extra_dice = 1;
    let s = spot_needed(t()?, &Rulings::default(), &q)?;
    // Not also the general +1 of SP-ACT-002.
    assert!(!s.steps.iter().any(|s| s.rule == "SP-ACT-002"));
    assert!(s.steps.iter().any(|s| s.ruling == Some("spot-extra-dice")));
    assert_eq!(with(|q| q.extra_dice = 2)?, 7, "a Blind's third die");
    assert!(with(|q| q.extra_dice = 3).is_err());
    Ok(())
}
#[test]
fn sp_spot_023_spotter_big_man_minus_1() -> R {
    assert_eq!(with(|q| q.spotter_big_man = true)?, 8);
    Ok(())
}
#[test]
fn sp_spot_024_target_mounted_minus_1() -> R {
    assert_eq!(with(|q| q.target_mounted = true)?, 8);
    Ok(())
}
#[test]
fn sp_spot_025_spotter_injun_minus_1() -> R {
    assert_eq!(with(|q| q.spotter_injun = true)?, 8);
    Ok(())
}
#[test]
fn sp_spot_026_target_in_formation_minus_1() -> R {
    assert_eq!(with(|q| q.target_in_formation = true)?, 8);
    Ok(())
}
#[test]
fn sp_spot_027_all_modifiers_add_together() -> R {
    // 9 +1 +1 +1 +1 -1 -2 -1 -1 -1 -1 -1 = 5
    let n = with(|q| {
        q.spotter_under_fire = true;
        q.smoke = true;
        q.target_sneaky = true;
        q.spotter_elevated = true;
        q.target_moved_dice = 2;
        q.extra_dice = 1;
        q.spotter_big_man = true;
        q.target_mounted = true;
        q.spotter_injun = true;
        q.target_in_formation = true;
    })?;
    assert_eq!(n, 9 + 3 - 1 - 2 - 1 - 1 - 1 - 1 - 1);
    assert_eq!(
        with(|q| {
            q.target_stationary = true;
            q.spotter_under_fire = true;
        })?,
        11
    );
    Ok(())
}
#[test]
fn sp_spot_028_automatic_stays_automatic_without_a_roll() -> R {
    let mut q = SpotQuery::new(O::Open, Inches(12.0));
    q.spotter_under_fire = true;
    q.smoke = true;
    q.target_stationary = true;
    let a = spot(t()?, &Rulings::default(), &q, &mut Rolls::typed([]))?;
    assert_eq!(
        (a.needed, a.dice, a.success, a.odds),
        (None, None, true, 1.0)
    );
    assert!(
        a.steps
            .iter()
            .any(|s| s.rule == "SP-SPOT-028" && s.ruling == Some("spot-automatic"))
    );
    Ok(())
}

fn auto(subject: AutoSubject, o: O, d: f64, moved: bool) -> Result<Option<AutoWhen>, SharpError> {
    Ok(automatic_spots(
        t()?,
        &AutoQuery {
            subject,
            obscurity: o,
            nearest_enemy: Inches(d),
            moved,
        },
    )?
    .when)
}

#[test]
fn sp_spot_029_blind_in_the_open_within_9_revealed_at_once() -> R {
    assert_eq!(
        auto(AutoSubject::Blind, O::Open, 9.0, false)?,
        Some(AutoWhen::AtOnce)
    );
    assert_eq!(
        auto(AutoSubject::Blind, O::Open, 3.0, true)?,
        Some(AutoWhen::AtOnce)
    );
    assert_eq!(auto(AutoSubject::Blind, O::Open, 9.5, false)?, None);
    assert_eq!(auto(AutoSubject::Blind, O::Obscured, 2.0, true)?, None);
    Ok(())
}
#[test]
fn sp_spot_030_slightly_obscured_blind_moving_within_6_placed_on_tiffin() -> R {
    assert_eq!(
        auto(AutoSubject::Blind, O::Slight, 6.0, true)?,
        Some(AutoWhen::Tiffin)
    );
    assert_eq!(auto(AutoSubject::Blind, O::Slight, 6.0, false)?, None);
    assert_eq!(auto(AutoSubject::Blind, O::Slight, 6.5, true)?, None);
    Ok(())
}
#[test]
fn sp_spot_031_hidden_troops_within_6_get_a_blind_on_tiffin() -> R {
    for o in [O::Slight, O::Obscured, O::Badly] {
        assert_eq!(
            auto(AutoSubject::Hidden, o, 6.0, false)?,
            Some(AutoWhen::Tiffin)
        );
    }
    assert_eq!(auto(AutoSubject::Hidden, O::Badly, 7.0, false)?, None);
    assert_eq!(auto(AutoSubject::Hidden, O::Open, 1.0, false)?, None);
    let a = automatic_spots(
        t()?,
        &AutoQuery {
            subject: AutoSubject::Hidden,
            obscurity: O::Obscured,
            nearest_enemy: Inches(4.0),
            moved: false,
        },
    )?;
    assert_eq!(a.steps[0].rule, "SP-SPOT-031");
    Ok(())
}

#[test]
fn exact_odds_over_36() {
    let expected = [
        (2, 36),
        (3, 35),
        (4, 33),
        (5, 30),
        (6, 26),
        (7, 21),
        (8, 15),
        (9, 10),
        (10, 6),
        (11, 3),
        (12, 1),
        (13, 0),
    ];
    for (n, hits) in expected {
        assert_eq!(at_least_2d6(n), f64::from(hits) / 36.0, "needs {n}");
    }
    assert_eq!(at_least_2d6(-3), 1.0);
}

#[test]
fn spot_odds_match_20000_seeded_rolls() -> R {
    let r = Rulings::default();
    let queries = [
        SpotQuery::new(O::Open, Inches(30.0)),
        SpotQuery::new(O::Slight, Inches(12.0)),
        SpotQuery::new(O::Obscured, Inches(15.0)),
        SpotQuery::new(O::Badly, Inches(20.0)),
    ];
    for (i, q) in queries.iter().enumerate() {
        let odds = spot_odds(t()?, &r, q)?;
        let mut rolls = Rolls::seeded(Dice::from_seed(1000 + i as u64));
        let mut hits = 0u32;
        for _ in 0..20_000 {
            if spot(t()?, &r, q, &mut rolls)?.success {
                hits += 1;
            }
        }
        let freq = f64::from(hits) / 20_000.0;
        assert!(
            (freq - odds).abs() < 0.01,
            "{:?}: {freq} vs {odds}",
            q.obscurity
        );
    }
    Ok(())
}
