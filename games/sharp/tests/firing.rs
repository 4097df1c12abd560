//! SP-FIRE, SP-FMOD, SP-HIT, SP-HORSE, SP-CM, SP-TAP and the firing parts
//! of SP-FORM: one test per checklist item (every table cell its own
//! test), the rulings' options that change a result, and the odds against
//! 20,000 seeded resolutions. Every figure below is typed from the sheet
//! (`../shared/seeds/sharp-practice-qrs.txt`), never read from the TOML.

use umpire_core::dice::Dice;
use umpire_sharp::SharpError;
use umpire_sharp::firing::{
    BigMan, BigManOutcome, Effect, EventTable, FireOdds, FireQuery, FireResult, FireTables, Firers,
    HorseAgain, HorseResult, Mounted, Physique, Step, Table, Target, Unhorsed, Wound, fire_odds,
    resolve_fire,
};
use umpire_sharp::model::{Arm, Cover, Formation, Inches, Quality, Status, Weapon};
use umpire_sharp::roll::Rolls;
use umpire_sharp::{RulingId, Rulings};

type TestResult = Result<(), SharpError>;

fn tables() -> Result<&'static FireTables, SharpError> {
    FireTables::builtin()
}

fn with(name: &str, option: &str) -> Result<Rulings, SharpError> {
    let mut r = Rulings::default();
    r.set(name, option)?;
    Ok(r)
}

/// `men` good line infantry with muskets, unformed.
fn foot(men: u32) -> Firers {
    Firers::new(men, Quality::Good, Arm::LineInfantry, Weapon::Musket)
}

/// `men` good light infantry skirmishing with `weapon`.
fn skirmishers(men: u32, weapon: Weapon) -> Firers {
    Firers::new(men, Quality::Good, Arm::LightInfantry, weapon).in_formation(Formation::Skirmish)
}

fn gun(weapon: Weapon) -> Firers {
    Firers::new(4, Quality::Good, Arm::FootArtillery, weapon)
}

fn at(firers: Firers, range: f64) -> FireQuery {
    FireQuery::new(firers, Target::new(Formation::Unformed), range)
}

fn odds_with(r: &Rulings, q: &FireQuery) -> Result<FireOdds, SharpError> {
    fire_odds(tables()?, r, q)
}

fn odds(q: &FireQuery) -> Result<FireOdds, SharpError> {
    odds_with(&Rulings::default(), q)
}

fn typed_with(r: &Rulings, q: &FireQuery, dice: &[u32]) -> Result<FireResult, SharpError> {
    let mut rolls = Rolls::typed(dice.to_vec());
    let res = resolve_fire(tables()?, r, q, &mut rolls)?;
    assert_eq!(rolls.left_over(), 0, "dice left over: {:?}", res.explain());
    Ok(res)
}

fn typed(q: &FireQuery, dice: &[u32]) -> Result<FireResult, SharpError> {
    typed_with(&Rulings::default(), q, dice)
}

fn step<'a>(steps: &'a [Step], rule: &str) -> Option<&'a Step> {
    steps.iter().find(|s| s.rule == rule)
}

fn value(steps: &[Step], rule: &str) -> Option<i64> {
    step(steps, rule).map(|s| s.value)
}

fn ruling(steps: &[Step], rule: &str) -> Option<&'static str> {
    step(steps, rule).and_then(|s| s.ruling)
}

fn err(r: Result<impl std::fmt::Debug, SharpError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

// ---------------------------------------------------------------------
// SP-FIRE: the tables, cell by cell (figures typed from the sheet).

macro_rules! cell {
    ($name:ident, $table:ident, $weapon:ident, $range:expr, $hit:expr, $id:literal) => {
        #[test]
        fn $name() -> TestResult {
            let hit: Option<u32> = $hit;
            let c = tables()?.lookup(Table::$table, Weapon::$weapon, Inches($range), true)?;
            assert_eq!(c.hit_on, hit, "{c:?}");
            assert_eq!(c.rule, $id);
            // The same answer through a shot, or "out of range".
            let firers = match Table::$table {
                Table::Line => Firers::new(4, Quality::Good, Arm::LineInfantry, Weapon::$weapon),
                Table::Skirmish => skirmishers(4, Weapon::$weapon),
                _ => gun(Weapon::$weapon),
            };
            let o = odds(&at(firers, $range))?;
            assert_eq!(o.out_of_range, hit.is_none());
            assert_eq!(value(&o.steps, $id), Some(hit.map(i64::from).unwrap_or(0)));
            Ok(())
        }
    };
}

cell!(
    sp_fire_005_line_musket_0_9_hits_5_6,
    Line,
    Musket,
    4.0,
    Some(5),
    "SP-FIRE-005"
);
cell!(
    sp_fire_006_line_musket_9_18_hits_6,
    Line,
    Musket,
    13.0,
    Some(6),
    "SP-FIRE-006"
);
cell!(
    sp_fire_007_line_musket_18_27_out_of_range,
    Line,
    Musket,
    22.0,
    None,
    "SP-FIRE-007"
);
cell!(
    sp_fire_008_line_musket_27_36_out_of_range,
    Line,
    Musket,
    30.0,
    None,
    "SP-FIRE-008"
);
cell!(
    sp_fire_009_line_rifle_0_9_hits_5_6,
    Line,
    Rifle,
    4.0,
    Some(5),
    "SP-FIRE-009"
);
cell!(
    sp_fire_010_line_rifle_9_18_hits_5_6,
    Line,
    Rifle,
    13.0,
    Some(5),
    "SP-FIRE-010"
);
cell!(
    sp_fire_011_line_rifle_18_27_hits_5_6,
    Line,
    Rifle,
    22.0,
    Some(5),
    "SP-FIRE-011"
);
cell!(
    sp_fire_012_line_rifle_27_36_out_of_range,
    Line,
    Rifle,
    30.0,
    None,
    "SP-FIRE-012"
);
cell!(
    sp_fire_013_line_carbine_0_9_hits_6,
    Line,
    Carbine,
    4.0,
    Some(6),
    "SP-FIRE-013"
);
cell!(
    sp_fire_014_line_carbine_9_18_out_of_range,
    Line,
    Carbine,
    13.0,
    None,
    "SP-FIRE-014"
);
cell!(
    sp_fire_015_line_carbine_18_27_out_of_range,
    Line,
    Carbine,
    22.0,
    None,
    "SP-FIRE-015"
);
cell!(
    sp_fire_016_line_carbine_27_36_out_of_range,
    Line,
    Carbine,
    30.0,
    None,
    "SP-FIRE-016"
);
cell!(
    sp_fire_017_skirmish_musket_0_12_hits_4_6,
    Skirmish,
    Musket,
    6.0,
    Some(4),
    "SP-FIRE-017"
);
cell!(
    sp_fire_018_skirmish_musket_12_24_hits_5_6,
    Skirmish,
    Musket,
    18.0,
    Some(5),
    "SP-FIRE-018"
);
cell!(
    sp_fire_019_skirmish_musket_24_36_out_of_range,
    Skirmish,
    Musket,
    30.0,
    None,
    "SP-FIRE-019"
);
cell!(
    sp_fire_020_skirmish_musket_36_48_out_of_range,
    Skirmish,
    Musket,
    42.0,
    None,
    "SP-FIRE-020"
);
cell!(
    sp_fire_021_skirmish_rifle_0_12_hits_4_6,
    Skirmish,
    Rifle,
    6.0,
    Some(4),
    "SP-FIRE-021"
);
cell!(
    sp_fire_022_skirmish_rifle_12_24_hits_4_6,
    Skirmish,
    Rifle,
    18.0,
    Some(4),
    "SP-FIRE-022"
);
cell!(
    sp_fire_023_skirmish_rifle_24_36_hits_6,
    Skirmish,
    Rifle,
    30.0,
    Some(6),
    "SP-FIRE-023"
);
cell!(
    sp_fire_024_skirmish_rifle_36_48_out_of_range,
    Skirmish,
    Rifle,
    42.0,
    None,
    "SP-FIRE-024"
);
cell!(
    sp_fire_025_skirmish_carbine_0_12_hits_5_6,
    Skirmish,
    Carbine,
    6.0,
    Some(5),
    "SP-FIRE-025"
);
cell!(
    sp_fire_026_skirmish_carbine_12_24_out_of_range,
    Skirmish,
    Carbine,
    18.0,
    None,
    "SP-FIRE-026"
);
cell!(
    sp_fire_027_skirmish_carbine_24_36_out_of_range,
    Skirmish,
    Carbine,
    30.0,
    None,
    "SP-FIRE-027"
);
cell!(
    sp_fire_028_skirmish_carbine_36_48_out_of_range,
    Skirmish,
    Carbine,
    42.0,
    None,
    "SP-FIRE-028"
);
cell!(
    sp_fire_030_light_gun_0_9_hits_4_6,
    Artillery,
    LightGun,
    4.0,
    Some(4),
    "SP-FIRE-030"
);
cell!(
    sp_fire_031_light_gun_9_18_hits_4_6,
    Artillery,
    LightGun,
    13.0,
    Some(4),
    "SP-FIRE-031"
);
cell!(
    sp_fire_032_light_gun_18_27_hits_5_6,
    Artillery,
    LightGun,
    22.0,
    Some(5),
    "SP-FIRE-032"
);
cell!(
    sp_fire_033_light_gun_27_36_hits_6,
    Artillery,
    LightGun,
    30.0,
    Some(6),
    "SP-FIRE-033"
);
cell!(
    sp_fire_034_light_gun_36_plus_hits_6,
    Artillery,
    LightGun,
    40.0,
    Some(6),
    "SP-FIRE-034"
);
cell!(
    sp_fire_036_heavy_gun_0_9_hits_3_6,
    Artillery,
    HeavyGun,
    4.0,
    Some(3),
    "SP-FIRE-036"
);
cell!(
    sp_fire_037_heavy_gun_9_18_hits_4_6,
    Artillery,
    HeavyGun,
    13.0,
    Some(4),
    "SP-FIRE-037"
);
cell!(
    sp_fire_038_heavy_gun_18_27_hits_5_6,
    Artillery,
    HeavyGun,
    22.0,
    Some(5),
    "SP-FIRE-038"
);
cell!(
    sp_fire_039_heavy_gun_27_36_hits_5_6,
    Artillery,
    HeavyGun,
    30.0,
    Some(5),
    "SP-FIRE-039"
);
cell!(
    sp_fire_040_heavy_gun_36_plus_hits_5_6,
    Artillery,
    HeavyGun,
    40.0,
    Some(5),
    "SP-FIRE-040"
);
cell!(
    sp_fire_042_carronade_0_9_hits_2_6,
    Artillery,
    Carronade,
    4.0,
    Some(2),
    "SP-FIRE-042"
);
cell!(
    sp_fire_043_carronade_9_18_hits_4_6,
    Artillery,
    Carronade,
    13.0,
    Some(4),
    "SP-FIRE-043"
);
cell!(
    sp_fire_044_carronade_18_27_out_of_range,
    Artillery,
    Carronade,
    22.0,
    None,
    "SP-FIRE-044"
);
cell!(
    sp_fire_045_carronade_27_36_out_of_range,
    Artillery,
    Carronade,
    30.0,
    None,
    "SP-FIRE-045"
);
cell!(
    sp_fire_046_carronade_36_plus_out_of_range,
    Artillery,
    Carronade,
    40.0,
    None,
    "SP-FIRE-046"
);
cell!(
    sp_fire_048_swivel_gun_0_9_hits_5_6,
    Artillery,
    SwivelGun,
    4.0,
    Some(5),
    "SP-FIRE-048"
);
cell!(
    sp_fire_049_swivel_gun_9_18_hits_5_6,
    Artillery,
    SwivelGun,
    13.0,
    Some(5),
    "SP-FIRE-049"
);
cell!(
    sp_fire_050_swivel_gun_18_27_hits_6,
    Artillery,
    SwivelGun,
    22.0,
    Some(6),
    "SP-FIRE-050"
);
cell!(
    sp_fire_051_swivel_gun_27_36_out_of_range,
    Artillery,
    SwivelGun,
    30.0,
    None,
    "SP-FIRE-051"
);
cell!(
    sp_fire_052_swivel_gun_36_plus_out_of_range,
    Artillery,
    SwivelGun,
    40.0,
    None,
    "SP-FIRE-052"
);

fn gun_dice(weapon: Weapon, dice: u32, id: &str) -> TestResult {
    assert_eq!(tables()?.gun(weapon).map(|g| g.dice), Some(dice));
    let o = odds(&at(gun(weapon), 4.0))?;
    assert_eq!(value(&o.steps, id), Some(i64::from(dice)));
    assert_eq!(o.pool, dice, "a good crew adds no dice to a gun");
    Ok(())
}

#[test]
fn sp_fire_029_light_gun_fires_10_dice() -> TestResult {
    gun_dice(Weapon::LightGun, 10, "SP-FIRE-029")
}

#[test]
fn sp_fire_035_heavy_gun_fires_12_dice() -> TestResult {
    gun_dice(Weapon::HeavyGun, 12, "SP-FIRE-035")
}

#[test]
fn sp_fire_041_carronade_fires_18_dice() -> TestResult {
    gun_dice(Weapon::Carronade, 18, "SP-FIRE-041")
}

#[test]
fn sp_fire_047_swivel_gun_fires_6_dice() -> TestResult {
    gun_dice(Weapon::SwivelGun, 6, "SP-FIRE-047")
}

#[test]
fn the_band_headings_are_the_sheets() -> TestResult {
    let t = tables()?;
    let labels = |table| -> Vec<String> { t.bands(table).iter().map(|b| b.label()).collect() };
    assert_eq!(
        labels(Table::Line),
        ["0-9\"", "9-18\"", "18-27\"", "27-36\""]
    );
    assert_eq!(
        labels(Table::Skirmish),
        ["0-12\"", "12-24\"", "24-36\"", "36-48\""]
    );
    assert_eq!(
        labels(Table::Artillery),
        ["0-9\"", "9-18\"", "18-27\"", "27-36\"", "36\"+"]
    );
    Ok(())
}

#[test]
fn sp_fire_001_a_formation_fires_group_by_group() -> TestResult {
    let o = odds(&at(foot(8).in_formation(Formation::Line), 4.0))?;
    assert_eq!(value(&o.steps, "SP-FIRE-001"), Some(8));
    // An unformed Group is one Group already: no such step.
    let o = odds(&at(foot(8), 4.0))?;
    assert!(step(&o.steps, "SP-FIRE-001").is_none());
    Ok(())
}

#[test]
fn sp_fire_002_one_die_per_man_firing() -> TestResult {
    let o = odds(&at(foot(4), 4.0))?;
    assert_eq!(value(&o.steps, "SP-FIRE-002"), Some(4));
    assert_eq!(ruling(&o.steps, "SP-FIRE-002"), Some("small-arms-pool"));
    assert_eq!(o.pool, 4);
    Ok(())
}

#[test]
fn sp_fire_003_skirmishers_use_the_skirmish_table_others_the_line_table() -> TestResult {
    // Skirmishing light infantry: musket at 15" hits on 5-6 (skirmish 12-24").
    let o = odds(&at(skirmishers(4, Weapon::Musket), 15.0))?;
    assert_eq!(o.table, Table::Skirmish);
    // The same light infantry unformed: line table, 9-18" hits on 6.
    let light = Firers::new(4, Quality::Good, Arm::LightInfantry, Weapon::Musket);
    let o = odds(&at(light, 15.0))?;
    assert_eq!(o.table, Table::Line);
    assert_eq!(
        ruling(&o.steps, "SP-FIRE-003"),
        Some("light-not-skirmishing")
    );
    assert_eq!(value(&o.steps, "SP-FIRE-006"), Some(6));
    // Line infantry: line table, no ruling needed.
    let o = odds(&at(foot(4), 15.0))?;
    assert_eq!(o.table, Table::Line);
    assert_eq!(ruling(&o.steps, "SP-FIRE-003"), None);
    Ok(())
}

#[test]
fn sp_fire_004_shared_edges_and_what_hits() -> TestResult {
    // 9" is in 0-9" by default (musket hits on 5-6) ...
    let o = odds(&at(foot(4), 9.0))?;
    assert_eq!(value(&o.steps, "SP-FIRE-005"), Some(5));
    assert_eq!(ruling(&o.steps, "SP-FIRE-004"), Some("fire-band-edges"));
    // ... and in 9-18" (hits on 6) with the other option.
    let o = odds_with(
        &with("fire-band-edges", "lower-inclusive")?,
        &at(foot(4), 9.0),
    )?;
    assert_eq!(value(&o.steps, "SP-FIRE-006"), Some(6));
    // Not on an edge: no ruling decides.
    let o = odds(&at(foot(4), 9.5))?;
    assert_eq!(ruling(&o.steps, "SP-FIRE-004"), None);
    // 0" is in the first band under either reading; 36" (lower-inclusive)
    // falls off the line table.
    let o = odds_with(
        &with("fire-band-edges", "lower-inclusive")?,
        &at(foot(4), 0.0),
    )?;
    assert!(!o.out_of_range);
    let rifles = Firers::new(4, Quality::Good, Arm::LineInfantry, Weapon::Rifle);
    let o = odds_with(
        &with("fire-band-edges", "lower-inclusive")?,
        &at(rifles, 27.0),
    )?;
    assert!(o.out_of_range);
    // A die hits when it shows a number in the range: 5-6 at 4".
    let r = typed(&at(foot(4), 4.0), &[4, 5, 6, 2, 3, 3])?;
    assert_eq!(r.hits, 2);
    assert_eq!(r.to_hit, [4, 5, 6, 2]);
    Ok(())
}

#[test]
fn sp_fire_053_lost_gunners_do_not_cut_the_dice_and_36_plus_has_no_end() -> TestResult {
    let mut g = gun(Weapon::LightGun);
    g.men = 2;
    g.gunners_lost = 3;
    let o = odds(&at(g.clone(), 4.0))?;
    assert_eq!(o.pool, 10);
    assert_eq!(ruling(&o.steps, "SP-FIRE-053"), Some("artillery-crew"));
    let o = odds(&at(g, 200.0))?;
    assert!(!o.out_of_range);
    assert_eq!(value(&o.steps, "SP-FIRE-034"), Some(6));
    Ok(())
}

#[test]
fn sp_fire_054_pips_raise_every_face_a_natural_one_included() -> TestResult {
    // A carronade at 4" (2-6) at a column (+1D6, +1 pip): 19 dice, all hit,
    // even natural 1s.
    let q = FireQuery::new(gun(Weapon::Carronade), Target::new(Formation::Column), 4.0);
    let o = odds(&q)?;
    assert_eq!((o.pool, o.pips), (19, 1));
    assert_eq!(o.p_hit, 1.0);
    assert_eq!(ruling(&o.steps, "SP-FIRE-054"), Some("pip-natural-one"));
    let mut dice = vec![1; 19];
    dice.extend([1; 19]); // effects: all near misses
    let r = typed(&q, &dice)?;
    assert_eq!(r.hits, 19);
    // A line firing at 13" (6 to hit) with +1 pip hits on 5-6.
    let q = at(foot(4).in_formation(Formation::Line), 13.0);
    let r = typed(&q, &[5, 4, 6, 1, 2, 2])?;
    assert_eq!(r.hits, 2);
    Ok(())
}

// ---------------------------------------------------------------------
// SP-FMOD: the modifiers.

fn quality(q: Quality, men: u32) -> Result<(Vec<Step>, u32), SharpError> {
    let mut f = foot(men);
    f.quality = q;
    let o = odds(&at(f, 4.0))?;
    Ok((o.steps, o.pool))
}

#[test]
fn sp_fmod_001_elite_add_1d6_per_four_men_whole_fours_only() -> TestResult {
    let (s, pool) = quality(Quality::Elite, 9)?;
    assert_eq!(value(&s, "SP-FMOD-001"), Some(2));
    assert_eq!(ruling(&s, "SP-FMOD-001"), Some("per-men-rounding"));
    assert_eq!(pool, 11);
    assert_eq!(quality(Quality::Elite, 3)?.1, 3);
    assert_eq!(quality(Quality::Elite, 8)?.1, 10);
    Ok(())
}

#[test]
fn sp_fmod_002_good_add_1d6_per_five_men() -> TestResult {
    let (s, pool) = quality(Quality::Good, 14)?;
    assert_eq!(value(&s, "SP-FMOD-002"), Some(2));
    assert_eq!(pool, 16);
    assert_eq!(quality(Quality::Good, 4)?.1, 4);
    Ok(())
}

#[test]
fn sp_fmod_003_poor_lose_1d6_per_five_men() -> TestResult {
    let (s, pool) = quality(Quality::Poor, 10)?;
    assert_eq!(value(&s, "SP-FMOD-003"), Some(-2));
    assert_eq!(pool, 8);
    assert_eq!(quality(Quality::Poor, 9)?.1, 8);
    Ok(())
}

#[test]
fn sp_fmod_004_first_volley_adds_2d6() -> TestResult {
    let mut f = foot(4);
    f.first_volley = true;
    let o = odds(&at(f, 4.0))?;
    assert_eq!(value(&o.steps, "SP-FMOD-004"), Some(2));
    assert_eq!(ruling(&o.steps, "SP-FMOD-004"), Some("first-volley"));
    assert_eq!(o.pool, 6);
    Ok(())
}

#[test]
fn sp_fmod_005_on_a_big_mans_initiative_1d6_per_status_level() -> TestResult {
    for (s, add) in [
        (Status::I, 1),
        (Status::II, 2),
        (Status::III, 3),
        (Status::IV, 4),
    ] {
        let mut f = foot(4);
        f.initiative = Some(s);
        let o = odds(&at(f, 4.0))?;
        assert_eq!(value(&o.steps, "SP-FMOD-005"), Some(add));
        assert_eq!(o.pool, 4 + add as u32);
    }
    Ok(())
}

#[test]
fn sp_fmod_006_firers_in_line_add_one_pip() -> TestResult {
    let o = odds(&at(foot(4).in_formation(Formation::Line), 4.0))?;
    assert_eq!(value(&o.steps, "SP-FMOD-006"), Some(1));
    assert_eq!(o.pips, 1);
    assert_eq!(o.pool, 4);
    Ok(())
}

#[test]
fn sp_fmod_007_two_or_more_shock_lose_1d6_per_two() -> TestResult {
    for (shock, pool) in [(0, 4), (1, 4), (2, 3), (3, 3), (4, 2), (9, 0)] {
        let mut f = foot(4);
        f.shock = shock;
        let o = odds(&at(f, 4.0))?;
        assert_eq!(o.pool, pool, "{shock} shock");
    }
    let mut f = foot(4);
    f.shock = 1;
    assert!(step(&odds(&at(f, 4.0))?.steps, "SP-FMOD-007").is_none());
    Ok(())
}

fn at_target(target: Target) -> FireQuery {
    FireQuery::new(foot(4), target, 4.0)
}

#[test]
fn sp_fmod_008_column_target_adds_1d6_and_one_pip() -> TestResult {
    let o = odds(&at_target(Target::new(Formation::Column)))?;
    assert_eq!((o.pool, o.pips), (5, 1));
    assert_eq!(value(&o.steps, "SP-FMOD-008"), Some(1));
    Ok(())
}

#[test]
fn sp_fmod_009_enfiladed_line_by_ruling() -> TestResult {
    let mut t = Target::new(Formation::Line);
    t.enfiladed = true;
    let o = odds(&at_target(t.clone()))?;
    assert_eq!((o.pool, o.pips), (5, 1), "default: as a column");
    assert_eq!(ruling(&o.steps, "SP-FMOD-009"), Some("enfilade"));
    let o = odds_with(&with("enfilade", "as-square")?, &at_target(t))?;
    assert_eq!((o.pool, o.pips), (6, 1));
    // An unenfiladed line adds nothing.
    let o = odds(&at_target(Target::new(Formation::Line)))?;
    assert_eq!((o.pool, o.pips), (4, 0));
    Ok(())
}

#[test]
fn sp_fmod_010_square_target_adds_2d6_and_one_pip() -> TestResult {
    let o = odds(&at_target(Target::new(Formation::Square)))?;
    assert_eq!((o.pool, o.pips), (6, 1));
    assert_eq!(value(&o.steps, "SP-FMOD-010"), Some(2));
    Ok(())
}

fn in_cover(men: u32, cover: Cover, r: &Rulings) -> Result<u32, SharpError> {
    let mut t = Target::new(Formation::Unformed);
    t.cover = cover;
    Ok(odds_with(r, &FireQuery::new(foot(men), t, 4.0))?.pool)
}

#[test]
fn sp_fmod_011_soft_cover_loses_half_the_dice() -> TestResult {
    let d = Rulings::default();
    // 4 good men: 4 dice; 50% removed = 2.
    assert_eq!(in_cover(4, Cover::Soft, &d)?, 2);
    // 3 dice: removed rounded up (2) by default; kept rounded up (2 kept) otherwise.
    assert_eq!(in_cover(3, Cover::Soft, &d)?, 1);
    assert_eq!(
        in_cover(3, Cover::Soft, &with("cover-rounding", "kept-up")?)?,
        2
    );
    Ok(())
}

#[test]
fn sp_fmod_012_hard_cover_loses_three_quarters() -> TestResult {
    let d = Rulings::default();
    // 10 good men: 12 dice; 75% = 9 removed, 3 kept.
    assert_eq!(in_cover(10, Cover::Hard, &d)?, 3);
    // 2 men: 1.5 removed → 2 (none kept); kept-up → 0.5 kept → 1.
    assert_eq!(in_cover(2, Cover::Hard, &d)?, 0);
    assert_eq!(
        in_cover(2, Cover::Hard, &with("cover-rounding", "kept-up")?)?,
        1
    );
    Ok(())
}

#[test]
fn sp_fmod_013_whole_dice_first_then_cover_floor_zero() -> TestResult {
    // 4 good men + first volley = 6, soft cover: 3. (Cover first would be 2 + 2 = 4.)
    let mut f = foot(4);
    f.first_volley = true;
    let mut t = Target::new(Formation::Unformed);
    t.cover = Cover::Soft;
    let o = odds(&FireQuery::new(f, t, 4.0))?;
    assert_eq!(o.pool, 3);
    assert_eq!(ruling(&o.steps, "SP-FMOD-013"), Some("fire-order"));
    // 2 poor men with 6 shock: 2 - 3 = -1, floored at 0: nothing to roll.
    let mut f = foot(2);
    f.quality = Quality::Poor;
    f.shock = 6;
    let q = at(f, 4.0);
    assert_eq!(odds(&q)?.pool, 0);
    let r = typed(&q, &[])?;
    assert_eq!((r.pool, r.hits, r.out_of_range), (0, 0, false));
    Ok(())
}

#[test]
fn smoke_costs_a_third_of_the_dice_after_cover() -> TestResult {
    let mut f = foot(4);
    f.through_smoke = true;
    let o = odds(&at(f.clone(), 4.0))?;
    assert_eq!(o.pool, 2, "4 dice, a third (1.33) removed rounded up");
    assert_eq!(value(&o.steps, "SP-RND-014"), Some(-2));
    let o = odds_with(&with("cover-rounding", "kept-up")?, &at(f, 4.0))?;
    assert_eq!(o.pool, 3, "kept 2.67 rounded up");
    Ok(())
}

#[test]
fn fouled_barrels_fire_at_minus_one() -> TestResult {
    let mut f = foot(4);
    f.fouled_barrels = true;
    let o = odds(&at(f.clone(), 4.0))?;
    assert_eq!(o.pips, -1);
    assert!((o.p_hit - 1.0 / 6.0).abs() < 1e-12, "only a 6 hits at 5-6");
    // At 13" (6 to hit) nothing can hit.
    assert_eq!(odds(&at(f, 13.0))?.p_hit, 0.0);
    Ok(())
}

#[test]
fn low_on_ammunition_fires_at_short_range_only() -> TestResult {
    let mut f = foot(4);
    f.low_on_ammunition = true;
    let r = typed(&at(f.clone(), 13.0), &[])?;
    assert!(r.out_of_range);
    assert_eq!(ruling(&r.steps, "SP-RND-011"), Some("short-range"));
    assert!(r.summary().starts_with("out of range"));
    assert!(!odds(&at(f, 4.0))?.out_of_range);
    Ok(())
}

#[test]
fn out_of_range_is_an_answer_not_an_error() -> TestResult {
    let r = typed(&at(foot(4), 20.0), &[])?;
    assert!(r.out_of_range);
    assert_eq!(r.pool, 0);
    assert!(r.summary().starts_with("out of range"), "{}", r.summary());
    // Beyond the whole table as well.
    let r = typed(&at(foot(4), 50.0), &[])?;
    assert!(r.out_of_range);
    let o = odds(&at(foot(4), 50.0))?;
    assert_eq!((o.expected_kills, o.p_any_kill), (0.0, 0.0));
    Ok(())
}

// ---------------------------------------------------------------------
// SP-HIT: effects and Big Men.

#[test]
fn sp_hit_001_each_hit_rolled_again_1_2_no_effect() -> TestResult {
    for face in [1, 2] {
        assert_eq!(tables()?.effects.get(face), Some(Effect::None));
    }
    // 1 man at 4": a 6 hits, then effects die 2: a near miss.
    let r = typed(&at(foot(1), 4.0), &[6, 2])?;
    assert_eq!((r.hits, r.shock, r.kills), (1, 0, 0));
    assert_eq!(ruling(&r.steps, "SP-HIT-001"), Some("hits-rolled-again"));
    Ok(())
}

#[test]
fn sp_hit_002_effect_3_to_5_is_a_shock_point() -> TestResult {
    for face in [3, 4, 5] {
        assert_eq!(tables()?.effects.get(face), Some(Effect::Shock));
        let r = typed(&at(foot(1), 4.0), &[6, face])?;
        assert_eq!((r.shock, r.kills), (1, 0));
    }
    Ok(())
}

#[test]
fn sp_hit_003_effect_6_kills() -> TestResult {
    assert_eq!(tables()?.effects.get(6), Some(Effect::Kill));
    let r = typed(&at(foot(1), 4.0), &[5, 6])?;
    assert_eq!((r.shock, r.kills, r.men_removed), (0, 1, 1));
    Ok(())
}

fn with_big_men(firers: Firers, big_men: Vec<BigMan>) -> FireQuery {
    let mut t = Target::new(Formation::Unformed);
    t.big_men = big_men;
    FireQuery::new(firers, t, 4.0)
}

fn captain() -> BigMan {
    BigMan::new("Captain Sharp", Status::III, Physique::Robust)
}

#[test]
fn sp_hit_004_a_group_with_kills_rolls_a_d10_for_its_big_man() -> TestResult {
    assert_eq!(tables()?.big_men.die, 10);
    // Two hits, two kills; D10 shows 9: not hit.
    let q = with_big_men(foot(2), vec![captain()]);
    let r = typed(&q, &[6, 5, 6, 6, 9])?;
    assert_eq!(r.big_men[0].die_sides, 10);
    assert!(!r.big_men[0].hit);
    assert_eq!(value(&r.steps, "SP-HIT-004"), Some(9));
    // No kill: no roll at all.
    let r = typed(&q, &[6, 5, 3, 3])?;
    assert!(r.big_men.is_empty());
    Ok(())
}

#[test]
fn sp_hit_005_a_d6_against_skirmishers() -> TestResult {
    assert_eq!(tables()?.big_men.skirmish_die, 6);
    let q = with_big_men(skirmishers(2, Weapon::Musket), vec![captain()]);
    let r = typed(&q, &[6, 4, 6, 6, 3])?;
    assert_eq!(r.big_men[0].die_sides, 6);
    assert_eq!(value(&r.steps, "SP-HIT-005"), Some(3));
    // A 7 cannot be typed for a d6.
    assert!(err(typed(&q, &[6, 4, 6, 6, 7])).contains("d6"));
    Ok(())
}

#[test]
fn sp_hit_006_hit_when_not_above_the_kills_in_place_of_a_man() -> TestResult {
    let q = with_big_men(foot(2), vec![captain()]);
    // 2 kills, D10 = 2: hit; wound die 4: badly wounded.
    let r = typed(&q, &[6, 6, 6, 6, 2, 4])?;
    assert!(r.big_men[0].hit);
    assert_eq!((r.men_killed, r.men_removed), (2, 1));
    // D10 = 3: above 2 kills, not hit.
    let r = typed(&q, &[6, 6, 6, 6, 3])?;
    assert!(!r.big_men[0].hit);
    assert_eq!(r.men_removed, 2);
    Ok(())
}

fn wounded(b: BigMan, wound_die: u32) -> Result<BigManOutcome, SharpError> {
    let q = with_big_men(foot(1), vec![b]);
    let r = typed(&q, &[6, 6, 1, wound_die])?;
    Ok(r.big_men[0].outcome)
}

#[test]
fn sp_hit_007_wound_1_2_light_3_5_bad_6_dead() -> TestResult {
    let t = tables()?;
    let expect = [
        Wound::Light,
        Wound::Light,
        Wound::Bad,
        Wound::Bad,
        Wound::Bad,
        Wound::Dead,
    ];
    for (face, w) in (1..=6).zip(expect) {
        assert_eq!(t.wound.get(face), Some(w));
    }
    let q = with_big_men(foot(1), vec![captain()]);
    let r = typed(&q, &[6, 6, 1, 4])?;
    assert_eq!(r.big_men[0].wound, Some((4, Wound::Bad)));
    assert_eq!(ruling(&r.steps, "SP-HIT-007"), Some("wound-die"));
    Ok(())
}

#[test]
fn sp_hit_008_a_light_wound_costs_a_point_of_physique() -> TestResult {
    assert_eq!(
        wounded(captain(), 1)?,
        BigManOutcome::LightlyWounded {
            physique: Physique::Healthy
        }
    );
    Ok(())
}

#[test]
fn sp_hit_009_lightly_wounded_plays_only_cards_below_his_status() -> TestResult {
    let q = with_big_men(foot(1), vec![captain()]);
    let r = typed(&q, &[6, 6, 1, 2])?;
    let s = step(&r.steps, "SP-HIT-009").map(|s| s.text.clone());
    assert!(s.is_some_and(|t| t.contains("below status III")));
    Ok(())
}

#[test]
fn sp_hit_010_a_light_wound_down_to_sickly_cove_is_a_bad_wound() -> TestResult {
    let weak = BigMan::new("Ensign Pale", Status::I, Physique::Weak);
    assert_eq!(wounded(weak.clone(), 2)?, BigManOutcome::BadlyWounded);
    let q = with_big_men(foot(1), vec![weak]);
    let r = typed(&q, &[6, 6, 1, 2])?;
    assert_eq!(ruling(&r.steps, "SP-HIT-010"), Some("physique"));
    Ok(())
}

#[test]
fn sp_hit_011_badly_wounded_has_no_further_influence() -> TestResult {
    assert_eq!(wounded(captain(), 3)?, BigManOutcome::BadlyWounded);
    let q = with_big_men(foot(1), vec![captain()]);
    assert!(step(&typed(&q, &[6, 6, 1, 5])?.steps, "SP-HIT-011").is_some());
    Ok(())
}

#[test]
fn sp_hit_012_a_badly_wounded_big_man_wounded_again_dies() -> TestResult {
    let mut b = captain();
    b.badly_wounded = true;
    assert_eq!(wounded(b, 1)?, BigManOutcome::Dead, "even a light wound");
    Ok(())
}

#[test]
fn sp_hit_013_a_badly_wounded_big_man_may_be_carried_off() -> TestResult {
    // The procedure is ruling `carry-off`; firing reports the bad wound
    // that makes it possible.
    let r = Rulings::default();
    assert_eq!(r.choice(RulingId::CarryOff), "two-men-move");
    assert_eq!(wounded(captain(), 5)?, BigManOutcome::BadlyWounded);
    Ok(())
}

#[test]
fn sp_hit_014_a_wound_of_6_kills_outright() -> TestResult {
    assert_eq!(wounded(captain(), 6)?, BigManOutcome::Dead);
    Ok(())
}

#[test]
fn sp_hit_015_several_big_men_each_roll_against_the_same_kills() -> TestResult {
    let second = BigMan::new("Lieutenant Harper", Status::I, Physique::Healthy);
    let q = with_big_men(foot(1), vec![captain(), second]);
    // 1 kill: both roll 1; the first takes the kill, none is left for the second.
    let r = typed(&q, &[6, 6, 1, 5, 1])?;
    assert_eq!(ruling(&r.steps, "SP-HIT-015"), Some("several-big-men"));
    assert_eq!(r.big_men.len(), 2);
    assert!(r.big_men[0].hit && !r.big_men[1].hit);
    assert_eq!(r.men_removed, 0);
    // The first misses, the second is hit.
    let r = typed(&q, &[6, 6, 4, 1, 6])?;
    assert!(!r.big_men[0].hit && r.big_men[1].hit);
    assert_eq!(r.big_men[1].outcome, BigManOutcome::Dead);
    Ok(())
}

// ---------------------------------------------------------------------
// SP-HORSE: donkey wallopers.

fn at_cavalry(men: u32) -> FireQuery {
    let mut t = Target::new(Formation::Unformed);
    t.mounted = true;
    FireQuery::new(foot(men), t, 4.0)
}

#[test]
fn sp_horse_001_a_kill_on_mounted_troops_1_3_hits_the_horse() -> TestResult {
    for face in 1..=3 {
        assert_eq!(tables()?.mounted.get(face), Some(Mounted::Horse));
    }
    // Kill, horse die 2: the horse; horse table 5: no effect.
    let r = typed(&at_cavalry(1), &[6, 6, 2, 5])?;
    assert_eq!(r.horses[0].hit, Mounted::Horse);
    assert_eq!((r.kills, r.horse_kills, r.men_killed), (1, 1, 0));
    Ok(())
}

#[test]
fn sp_horse_002_4_6_hits_the_man() -> TestResult {
    for face in 4..=6 {
        assert_eq!(tables()?.mounted.get(face), Some(Mounted::Man));
    }
    let r = typed(&at_cavalry(1), &[6, 6, 4])?;
    assert_eq!((r.horse_kills, r.men_killed, r.men_removed), (0, 1, 1));
    Ok(())
}

#[test]
fn sp_horse_003_horse_1_4_falls_stone_dead() -> TestResult {
    for face in 1..=4 {
        assert_eq!(tables()?.horse.get(face), Some(HorseResult::Dead));
    }
    let r = typed(&at_cavalry(1), &[6, 6, 1, 3])?;
    assert_eq!(r.horses[0].horse, Some((3, HorseResult::Dead)));
    assert!(step(&r.steps, "SP-HORSE-003").is_some());
    Ok(())
}

#[test]
fn sp_horse_004_horse_5_no_effect() -> TestResult {
    assert_eq!(tables()?.horse.get(5), Some(HorseResult::NoEffect));
    let r = typed(&at_cavalry(1), &[6, 6, 1, 5])?;
    assert!(step(&r.steps, "SP-HORSE-004").is_some());
    Ok(())
}

#[test]
fn sp_horse_005_horse_6_roll_again() -> TestResult {
    assert_eq!(tables()?.horse.get(6), Some(HorseResult::RollAgain));
    let r = typed(&at_cavalry(1), &[6, 6, 1, 6, 2])?;
    assert!(step(&r.steps, "SP-HORSE-005").is_some());
    assert!(r.horses[0].again.is_some());
    Ok(())
}

#[test]
fn sp_horse_006_again_1_3_the_horse_bolts() -> TestResult {
    for face in 1..=3 {
        assert_eq!(tables()?.horse_again.get(face), Some(HorseAgain::Bolts));
    }
    let r = typed(&at_cavalry(1), &[6, 6, 1, 6, 3])?;
    assert_eq!(r.horses[0].again, Some((3, HorseAgain::Bolts)));
    assert_eq!(ruling(&r.steps, "SP-HORSE-006"), Some("bolting"));
    Ok(())
}

#[test]
fn sp_horse_007_again_4_6_falls_after_1d6_plus_1_inches() -> TestResult {
    for face in 4..=6 {
        assert_eq!(tables()?.horse_again.get(face), Some(HorseAgain::Falls));
    }
    assert_eq!(tables()?.horse_falls.falls_after_plus, 1);
    // Run die 4: 5"; rider 6: on his feet, thrown 2".
    let r = typed(&at_cavalry(1), &[6, 6, 1, 6, 4, 4, 6, 2])?;
    let fall = r.horses[0].fall;
    assert_eq!(fall.map(|f| f.runs_inches), Some(5));
    assert_eq!(value(&r.steps, "SP-HORSE-007"), Some(5));
    Ok(())
}

fn rider(face: u32, extra: &[u32]) -> Result<FireResult, SharpError> {
    let mut dice = vec![6, 6, 1, 6, 5, 1, face];
    dice.extend_from_slice(extra);
    typed(&at_cavalry(1), &dice)
}

#[test]
fn sp_horse_008_rider_1_2_trapped() -> TestResult {
    for face in [1, 2] {
        assert_eq!(tables()?.unhorsed.get(face), Some(Unhorsed::Trapped));
        let r = rider(face, &[])?;
        let f = r.horses[0].fall;
        assert_eq!(
            f.map(|f| (f.rider, f.thrown_inches)),
            Some((Unhorsed::Trapped, None))
        );
        assert_eq!(ruling(&r.steps, "SP-HORSE-008"), Some("trapped"));
    }
    Ok(())
}

#[test]
fn sp_horse_009_rider_3_thrown_and_knocked_out() -> TestResult {
    assert_eq!(tables()?.unhorsed.get(3), Some(Unhorsed::KnockedOut));
    let r = rider(3, &[4])?;
    let f = r.horses[0].fall;
    assert_eq!(
        f.map(|f| (f.rider, f.thrown_inches)),
        Some((Unhorsed::KnockedOut, Some(4)))
    );
    Ok(())
}

#[test]
fn sp_horse_010_rider_4_5_thrown_and_must_get_up() -> TestResult {
    for face in [4, 5] {
        assert_eq!(tables()?.unhorsed.get(face), Some(Unhorsed::GetUp));
        let r = rider(face, &[1])?;
        assert!(step(&r.steps, "SP-HORSE-010").is_some());
    }
    Ok(())
}

#[test]
fn sp_horse_011_rider_6_lands_on_his_feet() -> TestResult {
    assert_eq!(tables()?.unhorsed.get(6), Some(Unhorsed::OnFeet));
    assert_eq!(tables()?.horse_falls.thrown_dice, 1);
    let r = rider(6, &[3])?;
    let f = r.horses[0].fall;
    assert_eq!(
        f.map(|f| (f.rider, f.thrown_inches)),
        Some((Unhorsed::OnFeet, Some(3)))
    );
    Ok(())
}

#[test]
fn sp_horse_012_a_kill_on_a_horse_is_not_a_man_killed() -> TestResult {
    let mut q = at_cavalry(1);
    q.target.big_men = vec![captain()];
    // The kill goes to the horse (die 2, horse dead 1): no man killed, no
    // Big Man check.
    let r = typed(&q, &[6, 6, 2, 1])?;
    assert_eq!((r.men_killed, r.horse_kills), (0, 1));
    assert!(r.big_men.is_empty());
    assert_eq!(ruling(&r.steps, "SP-HORSE-012"), Some("horse-kill"));
    Ok(())
}

// ---------------------------------------------------------------------
// SP-CM: the chosen man.

fn chosen(range: f64) -> FireQuery {
    let mut f = skirmishers(6, Weapon::Rifle);
    f.chosen_man = true;
    at(f, range)
}

#[test]
fn sp_cm_001_a_chosen_man_is_in_a_rifle_armed_light_infantry_group() -> TestResult {
    assert!(odds(&chosen(10.0)).is_ok());
    let mut f = foot(6);
    f.chosen_man = true;
    let e = err(odds(&at(f.clone(), 10.0)));
    assert!(e.contains("rifle-armed light infantry"), "{e}");
    f.weapon = Weapon::Rifle;
    assert!(err(odds(&at(f, 10.0))).contains("SP-CM-001"));
    Ok(())
}

#[test]
fn sp_cm_002_called_forward_for_one_initiative() -> TestResult {
    assert_eq!(tables()?.chosen_man.initiative, 1);
    assert_eq!(value(&odds(&chosen(10.0))?.steps, "SP-CM-002"), Some(1));
    Ok(())
}

#[test]
fn sp_cm_003_one_unmodified_die() -> TestResult {
    let mut q = chosen(10.0);
    q.firers.quality = Quality::Elite;
    q.firers.first_volley = true;
    q.firers.initiative = Some(Status::IV);
    q.firers.fouled_barrels = true;
    q.target = Target::new(Formation::Square);
    q.target.cover = Cover::Hard;
    let o = odds(&q)?;
    assert_eq!((o.pool, o.pips), (1, 0));
    assert_eq!(ruling(&o.steps, "SP-CM-003"), Some("chosen-man-dice"));
    Ok(())
}

#[test]
fn sp_cm_004_one_band_longer_fixture_5_6_at_24_36_and_36_48() -> TestResult {
    let t = tables()?;
    for (range, hit) in [
        (6.0, Some(4)),
        (18.0, Some(4)),
        (30.0, Some(5)),
        (42.0, Some(5)),
        (50.0, None),
    ] {
        let c = t.lookup(Table::ChosenMan, Weapon::Rifle, Inches(range), true)?;
        assert_eq!(c.hit_on, hit, "{range}\"");
        let o = odds(&chosen(range))?;
        assert_eq!(o.out_of_range, hit.is_none());
        if hit.is_some() {
            assert_eq!(ruling(&o.steps, "SP-CM-004"), Some("chosen-man-bands"));
        }
    }
    // 30": a 5 hits (the Group itself would need a 6).
    let r = typed(&chosen(30.0), &[5, 4])?;
    assert_eq!((r.hits, r.shock), (1, 1));
    Ok(())
}

#[test]
fn sp_cm_005_the_rest_of_his_group_watches_in_awe() -> TestResult {
    let r = typed(&chosen(30.0), &[2])?;
    assert!(r.group_idle);
    assert!(step(&r.steps, "SP-CM-005").is_some());
    assert!(!typed(&at(foot(1), 4.0), &[2])?.group_idle);
    Ok(())
}

#[test]
fn sp_cm_006_a_1_and_he_is_out_of_fine_powder() -> TestResult {
    let r = typed(&chosen(30.0), &[1])?;
    assert!(r.out_of_powder);
    assert_eq!(r.random_event, Some(EventTable::Firing), "one 1, no 6");
    assert!(!typed(&chosen(30.0), &[2])?.out_of_powder);
    Ok(())
}

// ---------------------------------------------------------------------
// SP-TAP: tap-loading.

fn tapped() -> FireQuery {
    let mut f = skirmishers(4, Weapon::Rifle);
    f.tap_loaded = true;
    at(f, 13.0)
}

#[test]
fn sp_tap_001_only_rifles_tap_load() -> TestResult {
    assert!(odds(&tapped()).is_ok());
    let mut f = foot(4);
    f.tap_loaded = true;
    assert!(err(odds(&at(f, 4.0))).contains("only rifle-armed troops tap-load"));
    Ok(())
}

#[test]
fn sp_tap_002_tap_loaded_fire_is_line_musket_fire() -> TestResult {
    // Skirmishing rifles at 13" would hit on 4-6; tap-loaded, 6 (line musket 9-18").
    let o = odds(&tapped())?;
    assert_eq!(o.table, Table::Line);
    assert_eq!(value(&o.steps, "SP-FIRE-006"), Some(6));
    assert!(step(&o.steps, "SP-TAP-002").is_some());
    let mut q = tapped();
    q.range = Inches(20.0);
    assert!(odds(&q)?.out_of_range, "the musket cannot reach 18-27\"");
    Ok(())
}

#[test]
fn sp_tap_003_tap_loaded_fire_checks_big_men_on_a_d10() -> TestResult {
    let mut q = tapped();
    q.range = Inches(4.0);
    q.target.big_men = vec![captain()];
    let r = typed(&q, &[6, 6, 1, 2, 6, 3, 8])?;
    assert_eq!(r.big_men[0].die_sides, 10);
    assert_eq!(value(&r.steps, "SP-TAP-003"), Some(8));
    Ok(())
}

#[test]
fn sp_tap_004_how_long_tap_loading_lasts_by_ruling() -> TestResult {
    let r = typed(&tapped(), &[1, 2, 3, 4])?;
    assert!(!r.still_tap_loaded);
    assert_eq!(ruling(&r.steps, "SP-TAP-004"), Some("tap-duration"));
    let r = typed_with(
        &with("tap-duration", "until-reload")?,
        &tapped(),
        &[1, 2, 3, 4],
    )?;
    assert!(r.still_tap_loaded);
    Ok(())
}

// ---------------------------------------------------------------------
// SP-FORM (firing), random events, errors.

#[test]
fn sp_form_003_a_line_fires_straight_ahead_at_plus_one() -> TestResult {
    let o = odds(&at(foot(6).in_formation(Formation::Line), 4.0))?;
    let s = step(&o.steps, "SP-FMOD-006").map(|s| s.text.clone());
    assert!(s.is_some_and(|t| t.contains("straight ahead")));
    Ok(())
}

#[test]
fn sp_form_004_a_line_shares_its_hits_first_named_take_the_remainder() -> TestResult {
    let mut q = at(foot(7).in_formation(Formation::Line), 4.0);
    q.share_over = 3;
    // 8 dice (7 + 1 for five men), +1 pip: faces 4-6 hit. 7 hits.
    let mut dice = vec![6, 6, 6, 5, 5, 4, 4, 2];
    dice.extend([6, 6, 6, 3, 3, 1, 6]);
    let r = typed(&q, &dice)?;
    assert_eq!(r.hits, 7);
    let shares: Vec<(u32, u32, u32)> = r
        .shares
        .iter()
        .map(|s| (s.hits, s.kills, s.shock))
        .collect();
    assert_eq!(shares, [(3, 3, 0), (2, 0, 2), (2, 1, 0)]);
    assert_eq!(ruling(&r.steps, "SP-FORM-004"), Some("line-remainder"));
    // Skirmishers pick one target.
    let mut q = at(skirmishers(4, Weapon::Musket), 4.0);
    q.share_over = 2;
    assert!(err(odds(&q)).contains("SP-FORM-004"));
    Ok(())
}

#[test]
fn sp_form_016_a_square_is_a_dense_target() -> TestResult {
    let o = odds(&at_target(Target::new(Formation::Square)))?;
    let s = step(&o.steps, "SP-FMOD-010").map(|s| s.text.clone());
    assert!(s.is_some_and(|t| t.contains("dense target")));
    Ok(())
}

#[test]
fn sp_rnd_001_more_ones_than_sixes_triggers_a_firing_event() -> TestResult {
    let r = typed(&at(foot(3), 4.0), &[1, 1, 6, 5])?;
    assert_eq!((r.ones, r.sixes), (2, 1));
    assert_eq!(r.random_event, Some(EventTable::Firing));
    assert_eq!(ruling(&r.steps, "SP-RND-001"), Some("event-unit"));
    let r = typed(&at(foot(3), 4.0), &[1, 6, 3, 3])?;
    assert_eq!(r.random_event, None);
    Ok(())
}

#[test]
fn bad_questions_are_refused_precisely() -> TestResult {
    let t = tables()?;
    let e = err(t.lookup(Table::Artillery, Weapon::Carbine, Inches(4.0), true));
    assert!(e.contains("carbine is not on the artillery table"), "{e}");
    let e = err(t.lookup(Table::Line, Weapon::HeavyGun, Inches(4.0), true));
    assert!(e.contains("artillery table"), "{e}");
    let carbine_gunners = Firers::new(4, Quality::Good, Arm::FootArtillery, Weapon::Carbine);
    assert!(err(odds(&at(carbine_gunners, 4.0))).contains("artillery table"));
    assert!(err(odds(&at(foot(0), 4.0))).contains("0 men"));
    let mut g = gun(Weapon::LightGun);
    g.men = 0;
    assert!(err(odds(&at(g, 4.0))).contains("0 men"));
    let line_skirmish = foot(4).in_formation(Formation::Skirmish);
    assert!(err(odds(&at(line_skirmish, 4.0))).contains("only light infantry skirmish"));
    let mut t2 = Target::new(Formation::Column);
    t2.enfiladed = true;
    assert!(err(odds(&FireQuery::new(foot(4), t2, 4.0))).contains("only a line is enfiladed"));
    assert!(err(odds(&at(foot(4), f64::NAN))).contains("cannot be measured"));
    let mut q = at(foot(4), 4.0);
    q.share_over = 0;
    assert!(err(odds(&q)).contains("one target or more"));
    // Typed dice that run out say what is missing.
    assert!(err(typed(&at(foot(2), 4.0), &[6])).contains("not enough dice"));
    Ok(())
}

#[test]
fn the_modifiers_figures_are_the_sheets() -> TestResult {
    let m = &tables()?.modifiers;
    assert_eq!((m.elite.dice, m.elite.per_men), (1, 4));
    assert_eq!((m.good.dice, m.good.per_men), (1, 5));
    assert_eq!((m.poor.dice, m.poor.per_men), (-1, 5));
    assert_eq!(m.first_volley, 2);
    assert_eq!(m.initiative_per_status, 1);
    assert_eq!(m.line_pips, 1);
    assert_eq!((m.shock.dice, m.shock.per_shock, m.shock.from), (-1, 2, 2));
    assert_eq!((m.column.dice, m.column.pips), (1, 1));
    assert_eq!((m.square.dice, m.square.pips), (2, 1));
    assert_eq!((m.soft_cover_percent, m.hard_cover_percent), (50, 75));
    let ev = tables()?.events;
    assert_eq!((ev.smoke_fraction, ev.fouled_pips), ([1, 3], -1));
    let b = tables()?.big_men;
    assert_eq!((b.die, b.skirmish_die, b.tap_loaded_die), (10, 6, 10));
    let c = &tables()?.chosen_man;
    assert_eq!(c.dice, 1);
    assert_eq!(c.hits, [Some(4), Some(4), Some(5), Some(5)]);
    Ok(())
}

// ---------------------------------------------------------------------
// Odds: exact values, and against 20,000 seeded resolutions.

#[test]
fn odds_of_one_musket_at_close_range() -> TestResult {
    let o = odds(&at(foot(1), 4.0))?;
    assert!((o.p_hit - 1.0 / 3.0).abs() < 1e-12);
    assert!((o.p_any_kill - 1.0 / 18.0).abs() < 1e-12);
    assert!((o.expected_shock - 1.0 / 6.0).abs() < 1e-12);
    assert!((o.p_random_event - 1.0 / 6.0).abs() < 1e-12);
    // Two dice: P(2 kills) = (1/18)^2; the joint sums to one.
    let o = odds(&at(foot(2), 4.0))?;
    assert!((o.kills[2] - 1.0 / 324.0).abs() < 1e-12);
    let total: f64 = o.kills_and_shock.iter().flatten().sum();
    assert!((total - 1.0).abs() < 1e-12);
    Ok(())
}

#[test]
fn odds_say_what_they_leave_out() -> TestResult {
    let mut q = at_cavalry(4);
    q.target.big_men = vec![captain()];
    let o = odds(&q)?;
    assert_eq!(o.left_out.len(), 2);
    assert!(o.left_out[0].starts_with("horses"));
    assert!(o.left_out[1].starts_with("Big Men"));
    Ok(())
}

fn against_the_odds(q: &FireQuery, seed: u64) -> TestResult {
    const N: usize = 20_000;
    let t = tables()?;
    let r = Rulings::default();
    let o = fire_odds(t, &r, q)?;
    let mut rolls = Rolls::seeded(Dice::from_seed(seed));
    let (mut sum, mut any, mut events) = (0u64, 0usize, 0usize);
    for _ in 0..N {
        let res = resolve_fire(t, &r, q, &mut rolls)?;
        sum += u64::from(res.kills);
        any += usize::from(res.kills > 0);
        events += usize::from(res.random_event.is_some());
    }
    let mean = sum as f64 / N as f64;
    let var: f64 = o
        .kills
        .iter()
        .enumerate()
        .map(|(k, p)| (k as f64 - o.expected_kills).powi(2) * p)
        .sum();
    let se = (var / N as f64).sqrt();
    assert!(
        (mean - o.expected_kills).abs() <= 3.0 * se,
        "mean kills {mean} vs {} (se {se})",
        o.expected_kills
    );
    let p_any = any as f64 / N as f64;
    assert!(
        (p_any - o.p_any_kill).abs() <= 0.01,
        "P(kill) {p_any} vs {}",
        o.p_any_kill
    );
    let p_event = events as f64 / N as f64;
    assert!(
        (p_event - o.p_random_event).abs() <= 0.015,
        "P(event) {p_event} vs {}",
        o.p_random_event
    );
    Ok(())
}

#[test]
fn odds_match_20000_resolutions_line_volley_at_a_column() -> TestResult {
    let mut f = foot(12).in_formation(Formation::Line);
    f.first_volley = true;
    against_the_odds(&FireQuery::new(f, Target::new(Formation::Column), 6.0), 1)
}

#[test]
fn odds_match_20000_resolutions_heavy_gun_at_soft_cover() -> TestResult {
    let mut t = Target::new(Formation::Unformed);
    t.cover = Cover::Soft;
    t.mounted = true;
    against_the_odds(&FireQuery::new(gun(Weapon::HeavyGun), t, 20.0), 2)
}

#[test]
fn odds_match_20000_resolutions_elite_rifles_at_long_range() -> TestResult {
    let mut f = skirmishers(6, Weapon::Rifle);
    f.quality = Quality::Elite;
    f.fouled_barrels = false;
    against_the_odds(&at(f, 30.0), 3)
}

#[test]
fn the_working_names_a_checklist_item_on_every_line() -> TestResult {
    let mut f = foot(11).in_formation(Formation::Line);
    f.first_volley = true;
    f.shock = 2;
    let mut t = Target::new(Formation::Column);
    t.cover = Cover::Soft;
    t.mounted = true;
    t.big_men = vec![captain()];
    let q = FireQuery::new(f, t, 9.0);
    let r = resolve_fire(
        tables()?,
        &Rulings::default(),
        &q,
        &mut Rolls::seeded(Dice::from_seed(7)),
    )?;
    let lines = r.explain();
    for l in &lines[..lines.len() - 1] {
        assert!(l.starts_with("SP-"), "{l}");
    }
    println!("{}", lines.join("\n"));
    assert!(r.rulings().contains(&"fire-order"));
    Ok(())
}
