//! Skills: STUDY, TEACH, FORGET and MERGE.
//!
//! Most tests run the engine alone (`run_bare`): study pays for itself
//! through its own order, and upkeep or wages would only blur the coins.

use umpire_overlord::rules::ItemId;
use umpire_overlord::turn::What;
use umpire_overlord::turn::log::{Dropped, StudyBlock};
use umpire_overlord::world::unit::Effect;
use umpire_overlord::world::{Seat, Structure, StructureId};

use super::*;

fn coin() -> ItemId {
    rules().item("coin").unwrap()
}

fn xp(g: &Game, u: UnitId, tag: &str) -> u32 {
    g.w.units[u].experience(rules().skill(tag).unwrap())
}

fn level(g: &Game, u: UnitId, tag: &str) -> u8 {
    let s = rules().skill(tag).unwrap();
    rules().skills[s].level_for(g.w.units[u].experience(s))
}

fn coins(g: &mut Game, u: UnitId, n: u64) {
    g.w.units[u].add_items(coin(), n, 0);
}

/// The gains of each day's study, in order.
fn gains(log: &TurnLog, u: UnitId) -> Vec<u32> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::Studied { gain, .. } => Some(gain),
            _ => None,
        })
        .collect()
}

fn waits(log: &TurnLog, u: UnitId) -> Option<StudyBlock> {
    log.of_unit(u).find_map(|e| match e.what {
        What::StudyWaits { why, .. } => Some(why),
        _ => None,
    })
}

fn dropped(log: &TurnLog, u: UnitId) -> bool {
    first(log, u, |w| {
        matches!(
            w,
            What::OrderDropped {
                reason: Dropped::NotAllowed,
                ..
            }
        )
    })
    .is_some()
}

/// A complete structure of kind `tag` at L`at`, with these units inside.
fn structure(g: &mut Game, tag: &str, at: u32, inside: &[UnitId]) -> StructureId {
    let kind = rules().construction(tag).unwrap();
    let l = g.loc(at);
    let n = u32::try_from(g.w.structures.len()).unwrap() + 1;
    let s = g.w.structures.push(Structure::new(n, kind, l));
    g.w.locations[l].structures.push(s);
    for &u in inside {
        g.w.units[u].structure = Some(s);
    }
    s
}

// --- STUDY: the day, its cost, its stop ------------------------------------

#[test]
fn ov_uo_098_skl_010_a_day_of_study_costs_the_daily_price_per_figure() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 10, 1);
    coins(&mut g, u, 100);
    g.orders(u, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(xp(&g, u, "cmbt"), 100);
    assert_eq!(g.w.units[u].count(coin()), 90);
    assert_eq!(gains(&log, u), [100]);
    // One day, then the order left and the unit worked the rest.
    assert!(g.pending(u).is_empty());
    assert_eq!(worked(&log, u), 29);
}

#[test]
fn ov_econ_015_study_draws_on_the_treasury_only_in_a_city() {
    let mut g = Game::new(2, 1);
    let l1 = g.loc(1);
    g.w.locations[l1].terrain = rules().terrain("city").unwrap();
    let f = g.faction(1);
    g.w.factions[f].funds = 50;
    let town = g.unit(1, "man", 5, 1);
    let field = g.unit(1, "man", 5, 2);
    g.orders(town, &["2 STUDY cmbt"]);
    g.orders(field, &["2 STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(xp(&g, town, "cmbt"), 200);
    assert_eq!(g.w.factions[f].funds, 40);
    assert_eq!(xp(&g, field, "cmbt"), 0);
    assert_eq!(waits(&log, field), Some(StudyBlock::Cost));
    assert_eq!(g.pending(field), ["2 STUDY cmbt"]);
}

#[test]
fn ov_skl_011_study_interrupted_and_resumed_loses_nothing() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    coins(&mut g, u, 100);
    g.orders(u, &["5 STUDY cmbt", "3 WORK", "5 STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(xp(&g, u, "cmbt"), 1000);
    assert_eq!(worked(&log, u), 20);
}

#[test]
fn ov_uo_099_creatures_may_not_study() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "acol", 1, 1);
    g.orders(u, &["STUDY cmbt", "-NAME \"x\""]);
    let log = g.run_bare(&[]);
    assert!(dropped(&log, u));
    assert_eq!(xp(&g, u, "cmbt"), 0);
    assert_eq!(g.w.units[u].name, "x");
}

#[test]
fn ov_uo_100_study_to_a_level_renews_itself_until_reached() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    coins(&mut g, a, 100);
    coins(&mut g, b, 100);
    // Combat 1st level is 30 days: reached on day 30 exactly.
    g.orders(a, &["STUDY cmbt 1"]);
    g.orders(b, &["STUDY cmbt 2"]);
    let log = g.run_bare(&[]);
    assert_eq!(level(&g, a, "cmbt"), 1);
    assert!(g.pending(a).is_empty());
    assert_eq!(gains(&log, a).len(), 30);
    assert_eq!(xp(&g, b, "cmbt"), 3000);
    assert_eq!(g.pending(b), ["STUDY cmbt 2"]);
    // OV-SKL-035: the level reached is now known to the faction.
    let cmbt = rules().skill("cmbt").unwrap();
    let f = g.faction(1);
    assert!(g.w.factions[f].known_skills.contains(&(cmbt, 1)));
    assert_eq!(
        day_of(&log, a, |w| matches!(w, What::LevelReached { .. })),
        Some(30)
    );
}

#[test]
fn ov_mag_001_magecraft_costs_three_a_day_and_takes_thirty_days() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    coins(&mut g, u, 200);
    g.orders(u, &["STUDY mage 1"]);
    let log = g.run_bare(&[]);
    assert_eq!(level(&g, u, "mage"), 1);
    assert_eq!(gains(&log, u).len(), 30);
    assert_eq!(g.w.units[u].count(coin()), 200 - 90);
}

#[test]
fn ov_grd_006_a_guard_studies_at_half_strength_and_cannot_be_taught() {
    let mut g = Game::new(1, 1);
    let teacher = g.leader(1, 1);
    let guard = g.unit(1, "man", 10, 1);
    g.learn(teacher, "cmbt", 2);
    g.learn(guard, "cmbt", 1);
    coins(&mut g, guard, 100);
    g.orders(teacher, &["TEACH U2 cmbt"]);
    g.orders(guard, &["@GUARD", "STUDY cmbt"]);
    g.title(1, "shrf", guard);
    let log = g.run_bare(&[]);
    // Half the figures pay, the day counts half, no teacher.
    assert_eq!(gains(&log, guard), [50]);
    assert_eq!(g.w.units[guard].count(coin()), 95);
    assert!(first(&log, teacher, |w| matches!(w, What::Taught { .. })).is_none());
}

#[test]
fn ov_uo_102_study_fixtures_as_long_as_possible_ten_days_to_a_level() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.leader(1, 1);
    for u in [a, b, c] {
        coins(&mut g, u, 100);
    }
    g.learn(c, "cmbt", 1);
    g.orders(a, &["@STUDY CMBT"]);
    g.orders(b, &["10 STUDY CMBT"]);
    g.orders(c, &["STUDY CMBT 2"]);
    g.run_bare(&[]);
    assert_eq!(xp(&g, a, "cmbt"), 3000);
    assert_eq!(g.pending(a), ["@STUDY cmbt"]);
    assert_eq!(xp(&g, b, "cmbt"), 1000);
    assert!(g.pending(b).is_empty());
    assert_eq!(xp(&g, c, "cmbt"), 6000);
    assert_eq!(g.pending(c), ["STUDY cmbt 2"]);
}

#[test]
fn ov_uo_101_missing_prerequisite_studied_first_when_the_faction_knows_the_skill() {
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let b = g.leader(2, 1);
    coins(&mut g, a, 100);
    coins(&mut g, b, 100);
    let mele = rules().skill("mele").unwrap();
    let f1 = g.faction(1);
    g.w.factions[f1].known_skills.push((mele, 1));
    g.orders(a, &["@STUDY mele"]);
    g.orders(b, &["@STUDY mele"]);
    let log = g.run_bare(&[]);
    // Combat first (30 days to its 1st level), so no day was left for melee.
    assert_eq!(xp(&g, a, "cmbt"), 3000);
    assert_eq!(xp(&g, a, "mele"), 0);
    // Faction 2 does not know melee: the order waits.
    assert_eq!(xp(&g, b, "cmbt"), 0);
    assert_eq!(waits(&log, b), Some(StudyBlock::Prerequisite));
    assert_eq!(g.pending(b), ["@STUDY mele"]);
}

#[test]
fn ov_skl_024_study_of_an_advanced_skill_gives_its_basics_ten_percent() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    coins(&mut g, u, 100);
    g.learn(u, "cmbt", 1);
    g.orders(u, &["10 STUDY mele"]);
    g.run_bare(&[]);
    assert_eq!(xp(&g, u, "mele"), 1000);
    assert_eq!(xp(&g, u, "cmbt"), 3000 + 100);
}

// --- Limits and refusals ---------------------------------------------------

#[test]
fn ov_skl_012_unaided_limits_by_kind_and_skill() {
    let mut g = Game::new(1, 1);
    // Followers: 1st level, combat 2nd.
    let digger = g.unit(1, "man", 1, 1);
    g.learn(digger, "digg", 1);
    let soldier = g.unit(1, "man", 1, 1);
    g.learn(soldier, "cmbt", 1);
    // Leaders: 2nd, combat 3rd, magic 1st.
    let mage = g.leader(1, 1);
    g.learn(mage, "mage", 1);
    let captain = g.leader(1, 1);
    g.learn(captain, "cmbt", 3);
    // Heroes: combat 4th.
    let hero = g.unit(1, "hero", 1, 1);
    g.learn(hero, "cmbt", 3);
    for u in [digger, soldier, mage, captain, hero] {
        coins(&mut g, u, 1000);
    }
    g.orders(digger, &["STUDY digg"]);
    g.orders(soldier, &["STUDY cmbt"]);
    g.orders(mage, &["STUDY mage"]);
    g.orders(captain, &["STUDY cmbt"]);
    g.orders(hero, &["STUDY cmbt"]);
    let before: Vec<u32> = [digger, soldier, mage, captain, hero]
        .iter()
        .map(|&u| g.w.units[u].skills[0].experience)
        .collect();
    let log = g.run_bare(&[]);
    assert_eq!(waits(&log, digger), Some(StudyBlock::Limit));
    assert_eq!(xp(&g, digger, "digg"), before[0]);
    assert_eq!(xp(&g, soldier, "cmbt"), before[1] + 100);
    assert_eq!(waits(&log, mage), Some(StudyBlock::Limit));
    assert_eq!(xp(&g, mage, "mage"), before[2]);
    assert_eq!(waits(&log, captain), Some(StudyBlock::Limit));
    assert_eq!(xp(&g, hero, "cmbt"), before[4] + 100);
}

#[test]
fn ov_skl_018_study_that_can_never_succeed_is_dropped() {
    let mut g = Game::new(1, 1);
    // A leader-only skill for followers, a magic skill for followers, an
    // innate skill for anyone: dropped, and the order below wakes.
    let a = g.unit(1, "man", 5, 1);
    let b = g.unit(1, "man", 5, 1);
    let c = g.leader(1, 1);
    g.learn(a, "cmbt", 1);
    for u in [a, b, c] {
        coins(&mut g, u, 100);
    }
    g.orders(a, &["STUDY tact", "-NAME \"a\""]);
    g.orders(b, &["STUDY ctow", "-NAME \"b\""]);
    g.orders(c, &["STUDY egra", "-NAME \"c\""]);
    let log = g.run_bare(&[]);
    for u in [a, b, c] {
        assert!(dropped(&log, u), "{u:?}");
        assert!(g.pending(u).is_empty());
    }
    assert_eq!(g.w.units[a].name, "a");
    assert_eq!(g.w.units[c].name, "c");
}

#[test]
fn ov_skl_follower_one_basic_skill_scouting_with_combat_excepted() {
    let mut g = Game::new(1, 1);
    let digger = g.unit(1, "man", 1, 1);
    g.learn(digger, "digg", 1);
    let scout = g.unit(1, "man", 1, 1);
    g.learn(scout, "scou", 1);
    for u in [digger, scout] {
        coins(&mut g, u, 100);
    }
    g.orders(digger, &["STUDY cmbt"]);
    g.orders(scout, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(waits(&log, digger), Some(StudyBlock::OtherBasicSkill));
    assert_eq!(xp(&g, digger, "cmbt"), 0);
    assert_eq!(xp(&g, scout, "cmbt"), 100);
}

// --- Faster studies --------------------------------------------------------

#[test]
fn ov_skl_019_a_leader_above_knowing_more_gives_ten_percent() {
    let mut g = Game::new(1, 1);
    let boss = g.leader(1, 1);
    let mid = g.leader(1, 1);
    let men = g.unit(1, "man", 10, 1);
    g.learn(boss, "cmbt", 1);
    g.stack(mid, boss);
    g.stack(men, mid);
    coins(&mut g, men, 100);
    g.orders(men, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    // The substack leader knows nothing; its own leader does.
    assert_eq!(gains(&log, men), [110]);
}

#[test]
fn ov_skl_020_a_structure_teaching_the_skill_or_one_built_on_it_gives_twenty_percent() {
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 10, 1);
    let scouts = g.unit(1, "man", 10, 1);
    let outside = g.unit(1, "man", 10, 1);
    structure(&mut g, "barr", 1, &[men]);
    // The guard tower teaches observation, which needs scouting 1.
    structure(&mut g, "gtow", 1, &[scouts]);
    for u in [men, scouts, outside] {
        coins(&mut g, u, 100);
    }
    g.orders(men, &["STUDY cmbt"]);
    g.orders(scouts, &["STUDY scou"]);
    g.orders(outside, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, men), [120]);
    assert_eq!(gains(&log, scouts), [120]);
    assert_eq!(gains(&log, outside), [100]);
}

#[test]
fn ov_skl_021_stack_leader_structure_and_teacher_make_260_percent() {
    let mut g = Game::new(1, 1);
    let teacher = g.leader(1, 1);
    let men = g.unit(1, "man", 10, 1);
    g.learn(teacher, "cmbt", 2);
    g.stack(men, teacher);
    structure(&mut g, "barr", 1, &[teacher, men]);
    coins(&mut g, men, 100);
    g.orders(teacher, &["TEACH U2 cmbt"]);
    g.orders(men, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, men), [260]);
    assert!(first(&log, teacher, |w| matches!(w, What::Taught { .. })).is_some());
}

#[test]
fn ov_skl_023_title_season_and_weather_bonuses_from_the_data() {
    let mut g = Game::new(3, 1);
    // Head of Guild: +20 % to magecraft in the data.
    let head = g.leader(1, 1);
    let l1 = g.loc(1);
    g.w.locations[l1].titles.push(Seat {
        title: rules().title("hgld").unwrap(),
        holder: Some(head),
    });
    // Turn 1 is spring: +10 % to earth magic.
    let earth = g.leader(1, 2);
    g.learn(earth, "mage", 1);
    // A storm: +20 % to void magic.
    let void = g.leader(1, 3);
    g.learn(void, "mage", 1);
    let l3 = g.loc(3);
    g.w.locations[l3].weather = rules().weather("storm").unwrap();
    for u in [head, earth, void] {
        coins(&mut g, u, 100);
    }
    g.orders(head, &["STUDY mage"]);
    g.orders(earth, &["STUDY eart"]);
    g.orders(void, &["STUDY void"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, head), [120]);
    assert_eq!(gains(&log, earth), [110]);
    assert_eq!(gains(&log, void), [120]);
}

// --- TEACH -----------------------------------------------------------------

#[test]
fn ov_uo_109_teaching_needs_a_pupil_studying_it_and_a_higher_level() {
    let mut g = Game::new(1, 1);
    let t1 = g.leader(1, 1);
    let idle = g.unit(1, "man", 5, 1);
    let t2 = g.leader(1, 1);
    let equal = g.unit(1, "man", 5, 1);
    g.learn(t1, "cmbt", 2);
    g.learn(t2, "cmbt", 1);
    g.learn(equal, "cmbt", 1);
    coins(&mut g, equal, 100);
    g.orders(t1, &["TEACH U2 cmbt"]);
    g.orders(t2, &["TEACH U4 cmbt"]);
    g.orders(equal, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    let _ = idle;
    for t in [t1, t2] {
        assert!(first(&log, t, |w| matches!(w, What::Taught { .. })).is_none());
        assert_eq!(worked(&log, t), 30);
    }
    assert_eq!(g.pending(t1), ["TEACH U2 cmbt"]);
    assert_eq!(
        kept_why(&log, t1),
        ["no pupil here is studying what the unit can teach"],
        "the teacher's player is told why nothing was taught"
    );
    assert_eq!(gains(&log, equal), [100]);
}

#[test]
fn ov_uo_110_double_speed_for_fifty_figures_and_at_most_ten_past_the_limit() {
    let mut g = Game::new(1, 1);
    let t1 = g.leader(1, 1);
    let many = g.unit(1, "man", 100, 1);
    let t2 = g.leader(1, 1);
    let big = g.unit(1, "man", 20, 1);
    let t3 = g.leader(1, 1);
    let small = g.unit(1, "man", 10, 1);
    for t in [t1, t2, t3] {
        g.learn(t, "cmbt", 3);
    }
    // At their 2nd-level limit, these need the teacher.
    g.learn(big, "cmbt", 2);
    g.learn(small, "cmbt", 2);
    for u in [many, big, small] {
        coins(&mut g, u, 1000);
    }
    g.orders(t1, &["TEACH U2 cmbt"]);
    g.orders(many, &["STUDY cmbt"]);
    g.orders(t2, &["TEACH U4 cmbt"]);
    g.orders(big, &["STUDY cmbt"]);
    g.orders(t3, &["TEACH U6 cmbt"]);
    g.orders(small, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    // 50 of 100 figures doubled: 150 %.
    assert_eq!(gains(&log, many), [150]);
    // Told why: too many figures, not the teacher's place in the order.
    assert_eq!(waits(&log, big), Some(StudyBlock::TooManyToTeach));
    assert!(gains(&log, big).is_empty());
    // Past its limit: taught, but at normal speed.
    assert_eq!(gains(&log, small), [100]);
}

#[test]
fn ov_uo_111_a_pupil_needing_its_teacher_must_come_after_it() {
    let mut g = Game::new(2, 1);
    // In L1 the pupil comes before its teacher, in L2 after.
    let early = g.unit(1, "man", 5, 1);
    let t1 = g.leader(1, 1);
    let t2 = g.leader(1, 2);
    let late = g.unit(1, "man", 5, 2);
    g.learn(t1, "cmbt", 3);
    g.learn(t2, "cmbt", 3);
    g.learn(early, "cmbt", 2);
    g.learn(late, "cmbt", 2);
    coins(&mut g, early, 100);
    coins(&mut g, late, 100);
    g.orders(t1, &["TEACH U1 cmbt"]);
    g.orders(t2, &["TEACH U4 cmbt"]);
    g.orders(early, &["STUDY cmbt"]);
    g.orders(late, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(waits(&log, early), Some(StudyBlock::Teacher));
    assert!(gains(&log, early).is_empty());
    assert_eq!(gains(&log, late), [100]);
}

#[test]
fn ov_uo_111_a_pupil_only_sped_up_may_come_before_its_teacher() {
    let mut g = Game::new(1, 1);
    let pupil = g.leader(1, 1);
    let teacher = g.leader(1, 1);
    g.learn(teacher, "cmbt", 1);
    coins(&mut g, pupil, 100);
    g.orders(pupil, &["STUDY cmbt"]);
    g.orders(teacher, &["TEACH U1 cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, pupil), [200]);
    assert!(first(&log, teacher, |w| matches!(w, What::Taught { .. })).is_some());
    assert_eq!(worked(&log, teacher), 29);
}

#[test]
fn ov_uo_109_a_pupil_catching_up_with_its_teacher_was_still_taught_that_day() {
    let mut g = Game::new(1, 1);
    let pupil = g.leader(1, 1);
    let teacher = g.leader(1, 1);
    g.learn(teacher, "cmbt", 1);
    let cmbt = rules().skill("cmbt").unwrap();
    g.w.units[pupil].learn(cmbt, 2900);
    coins(&mut g, pupil, 100);
    g.orders(pupil, &["@STUDY cmbt"]);
    g.orders(teacher, &["@TEACH U1 cmbt"]);
    let log = g.run_bare(&[]);
    // Day 1 taught (200) reaches the teacher's level: alone afterwards.
    let days = gains(&log, pupil);
    assert_eq!(days[..3], [200, 100, 100]);
    let taught = log
        .of_unit(teacher)
        .filter(|e| matches!(e.what, What::Taught { .. }))
        .count();
    assert_eq!(taught, 1);
    assert_eq!(worked(&log, teacher), 29);
}

#[test]
fn ov_uo_112_several_leader_pupils_share_the_fifty_figures() {
    let mut g = Game::new(1, 1);
    let teacher = g.leader(1, 1);
    g.learn(teacher, "cmbt", 1);
    let pupils: Vec<UnitId> = (0..6).map(|_| g.leader(1, 1)).collect();
    let mut line = String::from("TEACH");
    for &p in &pupils {
        coins(&mut g, p, 100);
        g.orders(p, &["STUDY cmbt"]);
        line.push_str(&format!(" U{} cmbt", g.w.units[p].number));
    }
    g.orders(teacher, &[line.as_str()]);
    // Six leaders weigh 60 figures: each is doubled on 50/60.
    let log = g.run_bare(&[]);
    for &p in &pupils {
        assert_eq!(gains(&log, p), [100 + 100 * 50 / 60]);
    }
    // A follower among several pupils makes the order impossible.
    let mut g = Game::new(1, 1);
    let teacher = g.leader(1, 1);
    g.learn(teacher, "cmbt", 1);
    g.leader(1, 1);
    g.unit(1, "man", 5, 1);
    g.orders(teacher, &["TEACH U2 cmbt U3 cmbt"]);
    let log = g.run_bare(&[]);
    assert!(dropped(&log, teacher));
}

#[test]
fn ov_skl_017_mag_007_a_specialist_skill_needs_a_teacher() {
    let mut g = Game::new(1, 1);
    let teacher = g.leader(1, 1);
    let pupil = g.leader(1, 1);
    let alone = g.leader(1, 1);
    g.learn(teacher, "ianc", 1);
    coins(&mut g, pupil, 100);
    coins(&mut g, alone, 100);
    g.orders(teacher, &["TEACH U2 ianc"]);
    g.orders(pupil, &["STUDY ianc"]);
    g.orders(alone, &["STUDY ianc"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, pupil), [100]);
    assert_eq!(waits(&log, alone), Some(StudyBlock::Specialist));
    assert_eq!(xp(&g, alone, "ianc"), 0);
}

#[test]
fn ov_skl_013_mag_003_taught_past_the_limit_up_to_the_teacher_magic_stops_at_2nd() {
    let mut g = Game::new(1, 1);
    let teacher = g.leader(1, 1);
    let pupil = g.leader(1, 1);
    g.learn(teacher, "mage", 3);
    g.learn(pupil, "mage", 2);
    let master = g.leader(1, 1);
    let fencer = g.leader(1, 1);
    g.learn(master, "fore", 3);
    g.learn(fencer, "fore", 2);
    for u in [pupil, fencer] {
        coins(&mut g, u, 1000);
    }
    g.orders(teacher, &["@TEACH U2 mage"]);
    g.orders(pupil, &["@STUDY mage"]);
    g.orders(master, &["@TEACH U4 fore"]);
    g.orders(fencer, &["@STUDY fore"]);
    let log = g.run_bare(&[]);
    // Magic past 2nd: no study at all, the order is over.
    assert!(gains(&log, pupil).is_empty());
    assert!(g.pending(pupil).is_empty());
    // A craft past a leader's 2nd level: taught at normal speed.
    assert_eq!(gains(&log, fencer).len(), 30);
    assert!(gains(&log, fencer).iter().all(|&x| x == 100));
}

// --- FORGET ----------------------------------------------------------------

#[test]
fn ov_uo_037_forget_removes_the_skill_and_everything_built_on_it() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.learn(u, "cmbt", 2);
    g.learn(u, "mele", 1);
    g.learn(u, "cava", 1);
    g.learn(u, "digg", 1);
    let v = g.leader(1, 1);
    g.orders(u, &["FORGET cmbt"]);
    g.orders(v, &["FORGET cmbt"]);
    let log = g.run_bare(&[]);
    let known: Vec<&str> = g.w.units[u]
        .skills
        .iter()
        .map(|k| rules().skills[k.skill].tag.as_str())
        .collect();
    assert_eq!(known, ["digg"]);
    let forgot = log
        .of_unit(u)
        .find_map(|e| match &e.what {
            What::Forgot { skills } => Some(skills.len()),
            _ => None,
        })
        .unwrap();
    assert_eq!(forgot, 3);
    // Without experience it does not run and stays.
    assert_eq!(g.pending(v), ["FORGET cmbt"]);
}

// --- MERGE -----------------------------------------------------------------

#[test]
fn ov_skl_031_uo_053_merge_averages_experience_by_figures_items_stay() {
    let mut g = Game::new(1, 1);
    let vets = g.unit(1, "man", 15, 1);
    let rookies = g.unit(1, "man", 20, 1);
    g.learn(vets, "cmbt", 2);
    coins(&mut g, vets, 7);
    g.orders(vets, &["MERGE U2 10"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[rookies].figures, 30);
    assert_eq!(g.w.units[vets].figures, 5);
    // 10 × 90 days over 30 figures: 30 days, 1st level.
    assert_eq!(xp(&g, rookies, "cmbt"), 3000);
    assert_eq!(level(&g, rookies, "cmbt"), 1);
    assert_eq!(xp(&g, vets, "cmbt"), 9000);
    assert_eq!(g.w.units[vets].count(coin()), 7);
    assert_eq!(g.w.units[rookies].count(coin()), 0);
}

#[test]
fn ov_uo_052_skl_033_merged_figures_forget_a_clashing_basic_skill() {
    let mut g = Game::new(1, 1);
    let soldiers = g.unit(1, "man", 10, 1);
    g.learn(soldiers, "cmbt", 2);
    g.learn(soldiers, "mele", 1);
    let diggers = g.unit(1, "man", 10, 1);
    g.learn(diggers, "digg", 1);
    let scouts = g.unit(1, "man", 10, 1);
    g.learn(scouts, "scou", 1);
    let fighters = g.unit(1, "man", 10, 1);
    g.learn(fighters, "cmbt", 1);
    g.orders(soldiers, &["MERGE U2 5"]);
    g.orders(scouts, &["MERGE U4 5"]);
    g.run_bare(&[]);
    // Combat and digging clash: the five soldiers forgot combat and melee.
    assert_eq!(xp(&g, diggers, "cmbt"), 0);
    assert_eq!(xp(&g, diggers, "mele"), 0);
    assert_eq!(xp(&g, diggers, "digg"), 3000 * 10 / 15);
    assert_eq!(g.w.units[diggers].figures, 15);
    // Scouting with combat is allowed: a normal merge.
    assert_eq!(xp(&g, fighters, "scou"), 3000 * 5 / 15);
    assert_eq!(xp(&g, fighters, "cmbt"), 3000 * 10 / 15);
    // The soldiers left behind keep what they knew.
    assert_eq!(level(&g, soldiers, "cmbt"), 2);
}

#[test]
fn ov_uo_054_merge_zero_moves_everyone_and_everything() {
    let mut g = Game::new(1, 1);
    let a = g.unit(1, "man", 8, 1);
    let b = g.unit(1, "man", 2, 1);
    coins(&mut g, a, 30);
    g.orders(a, &["MERGE U2 0", "WORK"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[b].figures, 10);
    assert_eq!(g.w.units[b].count(coin()), 30);
    assert_eq!(g.w.units[a].figures, 0);
    assert!(g.w.units[a].items.is_empty());
    assert!(g.pending(a).is_empty());
    // Nothing left to keep: it leaves the game rather than linger empty.
    assert!(g.w.units[a].gone);
    assert!(first(&log, a, |w| matches!(w, What::BecameStockpile)).is_none());
    assert_eq!(worked(&log, a), 0);
}

#[test]
fn ov_uo_055_merging_every_figure_leaves_a_stockpile_that_keeps_the_items() {
    let mut g = Game::new(1, 1);
    let leader = g.leader(1, 1);
    let a = g.unit(1, "man", 8, 1);
    let b = g.unit(1, "man", 2, 1);
    g.stack(a, leader);
    coins(&mut g, a, 30);
    g.orders(a, &["MERGE U3 8", "@WORK"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[b].figures, 10);
    assert_eq!(g.w.units[b].count(coin()), 0);
    assert_eq!(g.w.units[a].figures, 0);
    assert_eq!(g.w.units[a].count(coin()), 30);
    assert_eq!(g.w.units[a].stack_parent, None);
    assert!(g.pending(a).is_empty());
    assert_eq!(worked(&log, a), 0);
    // It stays inert next month (the world checks pass in `run_bare`), and
    // anyone of the race may fill it again.
    g.orders(b, &["MERGE U2 4"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[a].figures, 4);
    assert_eq!(g.w.units[a].count(coin()), 30);
}

#[test]
fn ov_uo_055_a_stockpile_leads_no_stack() {
    let mut g = Game::new(1, 1);
    let a = g.unit(1, "acol", 4, 1);
    let b = g.unit(1, "acol", 2, 1);
    let rider = g.unit(1, "acol", 1, 1);
    g.stack(rider, a);
    g.orders(a, &["MERGE U2 4"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[b].figures, 6);
    assert_eq!(g.w.units[a].figures, 0);
    assert_eq!(g.w.units[rider].stack_parent, None);
}

#[test]
fn ov_uo_051_merge_waits_for_figures_and_needs_same_race_faction_place() {
    let mut g = Game::new(2, 2);
    let a = g.unit(1, "man", 3, 1);
    let own = g.unit(1, "man", 3, 1);
    let theirs = g.unit(2, "man", 3, 1);
    let far = g.unit(1, "man", 3, 2);
    let other = g.unit(1, "acol", 3, 1);
    g.orders(a, &["MERGE U2 5", "MERGE U3 1", "MERGE U4 1", "MERGE U5 1"]);
    g.run_bare(&[]);
    for u in [own, theirs, far, other] {
        assert_eq!(g.w.units[u].figures, 3);
    }
    assert_eq!(g.w.units[a].figures, 3);
    assert_eq!(g.pending(a).len(), 4);
}

// --- Enchantments ----------------------------------------------------------

#[test]
fn ov_ench_005_merging_dilutes_enchantments_by_figures() {
    let mut g = Game::new(1, 1);
    let e = umpire_overlord::rules::EnchantmentId::from_index(0);
    let a = g.unit(1, "man", 15, 1);
    let b = g.unit(1, "man", 10, 1);
    g.w.units[b].effects.push(Effect {
        enchantment: e,
        days: 100,
    });
    g.orders(a, &["MERGE U2 10"]);
    g.run_bare(&[]);
    // 100 days × 10 / 20 on day 1, then 30 days pass.
    assert_eq!(g.w.units[b].effects[0].days, 50 - 30);
}

#[test]
fn ov_ench_006_both_parts_of_a_split_keep_the_enchantment() {
    let mut g = Game::new(1, 1);
    let e = umpire_overlord::rules::EnchantmentId::from_index(0);
    let a = g.unit(1, "man", 10, 1);
    g.w.units[a].effects.push(Effect {
        enchantment: e,
        days: 100,
    });
    g.run_bare(&["#GAME f01 pw\nUNIT U1\nSPLIT f01nU01 4\n#END"]);
    let new = g.w.units.ids().last().unwrap();
    assert_ne!(new, a);
    assert_eq!(g.w.units[new].effects, g.w.units[a].effects);
    assert_eq!(g.w.units[a].effects[0].days, 70);
}

#[test]
fn ov_mag_019_020_a_guild_teaches_its_element_and_spells_past_the_limit() {
    use umpire_overlord::world::structure::Teaching;
    let skill = |tag: &str| rules().skill(tag).unwrap();
    let mut g = Game::new(1, 1);
    let inside = [g.leader(1, 1), g.leader(1, 1)];
    let outside = [g.leader(1, 1), g.leader(1, 1)];
    for u in inside.into_iter().chain(outside) {
        g.learn(u, "mage", 2);
        g.learn(u, "eart", 1);
        coins(&mut g, u, 1000);
    }
    // A guild teaching earth magic and permanent post (a specialist spell)
    // to the second level.
    let guild = structure(&mut g, "mgld", 1, &inside);
    g.w.structures[guild].teaches = vec![
        Teaching {
            skill: skill("eart"),
            level: 2,
        },
        Teaching {
            skill: skill("ppst"),
            level: 2,
        },
    ];
    g.orders(inside[0], &["STUDY eart"]);
    g.orders(inside[1], &["STUDY ppst"]);
    g.orders(outside[0], &["STUDY eart"]);
    g.orders(outside[1], &["STUDY ppst"]);
    let log = g.run_bare(&[]);
    // Inside: past a leader's first level in magic, and the specialist
    // spell, with no teacher; the guild also speeds the study by 20% (and
    // turn 1 is spring: +10% to earth magic).
    assert_eq!(gains(&log, inside[0])[0], 130);
    assert_eq!(gains(&log, inside[1])[0], 120);
    assert_eq!(xp(&g, inside[1], "ppst"), 120);
    // Outside the same orders wait.
    assert_eq!(waits(&log, outside[0]), Some(StudyBlock::Limit));
    assert_eq!(waits(&log, outside[1]), Some(StudyBlock::Specialist));
    assert!(gains(&log, outside[0]).is_empty());
    // The guild teaches to its level only: a unit already at it is done.
    assert!(level(&g, inside[0], "eart") <= 2);
}

#[test]
fn ov_uo_053_a_partial_merge_moves_figures_and_leaves_the_items() {
    let mut g = Game::new(1, 1);
    let a = g.unit(1, "man", 8, 1);
    let b = g.unit(1, "man", 2, 1);
    coins(&mut g, a, 30);
    let swrd = rules().item("swrd").unwrap();
    g.w.units[a].add_items(swrd, 8, 8);
    g.orders(a, &["MERGE U2 3"]);
    g.run_bare(&[]);
    assert_eq!((g.w.units[a].figures, g.w.units[b].figures), (5, 5));
    // Even the equipped swords stay with the issuer.
    assert_eq!(g.w.units[a].count(coin()), 30);
    assert_eq!(g.w.units[a].count(swrd), 8);
    assert!(g.w.units[b].items.is_empty());
    assert!(g.pending(a).is_empty());
}

// --- Skills, their levels and kinds (OV-SKL-001..010) ----------------------

/// The "Skills:" line of the unit's report section.
fn skills_line(g: &Game, u: UnitId) -> String {
    umpire_overlord::report::unit::section(&g.w, rules(), u)
        .lines()
        .find_map(|l| l.trim().strip_prefix("Skills: ").map(str::to_string))
        .unwrap_or_default()
}

fn experience_ladder(tag: &str) -> Vec<u32> {
    let r = rules();
    r.skills[r.skill(tag).unwrap()]
        .levels
        .iter()
        .map(|l| l.experience)
        .collect()
}

#[test]
fn ov_skl_001_a_skill_has_name_tag_levels_and_descriptions() {
    let r = rules();
    let id = r.skill("cmbt").unwrap();
    let cmbt = &r.skills[id];
    assert_eq!((cmbt.name.as_str(), cmbt.tag.as_str()), ("combat", "cmbt"));
    assert_eq!(cmbt.levels.len(), 7);
    // A description per level.
    use umpire_overlord::report::knowledge::skill_entry;
    let (one, two) = (skill_entry(r, id, 1), skill_entry(r, id, 2));
    assert!(one.starts_with("1st combat [cmbt]: "), "{one}");
    assert!(two.starts_with("2nd combat [cmbt]: "), "{two}");
    assert_ne!(one["1st".len()..], two["2nd".len()..]);
    // A unit's skill: level, name, tag and days.
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 1, 1);
    g.learn(u, "cmbt", 1);
    assert_eq!(skills_line(&g, u), "1st combat [cmbt] (30).");
}

#[test]
fn ov_skl_002_below_1st_level_a_unit_is_a_novice_and_cannot_use_the_skill() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l]
        .resources
        .push(umpire_overlord::world::Resource {
            item: rules().item("ston").unwrap(),
            amount: 100,
            full: 100,
        });
    let u = g.unit(1, "man", 10, 1);
    let digg = rules().skill("digg").unwrap();
    g.w.units[u].learn(digg, 1000);
    assert_eq!(skills_line(&g, u), "novice digging [digg] (10).");
    g.orders(u, &["USE digg"]);
    let log = g.run_bare(&[]);
    let why = log.of_unit(u).find_map(|e| match e.what {
        What::CannotUse { why, .. } => Some(why),
        _ => None,
    });
    assert_eq!(why, Some(umpire_overlord::turn::log::UseProblem::Unskilled));
    assert_eq!(g.w.units[u].count(rules().item("ston").unwrap()), 0);
    // At 1st level it digs.
    g.w.units[u].learn(digg, 3000);
    assert_eq!(skills_line(&g, u), "1st digging [digg] (30).");
    g.run_bare(&[]);
    assert!(g.w.units[u].count(rules().item("ston").unwrap()) > 0);
}

#[test]
fn ov_skl_003_levels_need_one_three_six_ten_fifteen_twenty_one_times_the_first() {
    // Combat: 30, 90, 180, 300, 450, 630 days; tactics 60, 180, 360.
    assert_eq!(
        experience_ladder("cmbt")[..6],
        [3000, 9000, 18000, 30000, 45000, 63000]
    );
    assert_eq!(experience_ladder("tact")[..3], [6000, 18000, 36000]);
    // The totals count: a day of study from 89 days reaches 2nd level.
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 1, 1);
    let cmbt = rules().skill("cmbt").unwrap();
    g.w.units[u].learn(cmbt, 8900);
    coins(&mut g, u, 10);
    g.orders(u, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(level(&g, u, "cmbt"), 2);
    assert!(
        first(&log, u, |w| matches!(
            w,
            What::LevelReached { level: 2, .. }
        ))
        .is_some()
    );
}

#[test]
fn ov_skl_004_level_bonuses_are_totals_not_increments() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let base = r.races[r.race("man").unwrap()].stats;
    let u = g.unit(1, "man", 1, 1);
    let seen = |g: &Game, u| umpire_overlord::turn::visibility::ratings(&g.w, r, &g.w.units[u]);
    g.learn(u, "cmbt", 2);
    // 2nd combat: +2 melee and +2 defence in all, not 1 + 2.
    assert_eq!(seen(&g, u).melee, base.melee + 2);
    assert_eq!(seen(&g, u).defense, base.defense + 2);
    // Tactics: +1 initiative at 2nd and still +1 at 3rd.
    let ldr = r.races[r.race("ldr").unwrap()].stats;
    let captain = g.leader(1, 1);
    g.learn(captain, "tact", 2);
    assert_eq!(seen(&g, captain).initiative, ldr.initiative + 1);
    g.learn(captain, "tact", 3);
    assert_eq!(seen(&g, captain).initiative, ldr.initiative + 1);
}

#[test]
fn ov_skl_005_basic_advanced_specialist_and_innate_skills() {
    let mut g = Game::new(1, 1);
    let basic = g.unit(1, "man", 1, 1);
    let advanced = g.unit(1, "man", 1, 1);
    let specialist = g.leader(1, 1);
    g.learn(specialist, "mage", 1);
    g.learn(specialist, "void", 1);
    let innate = g.leader(1, 1);
    for u in [basic, advanced, specialist, innate] {
        coins(&mut g, u, 100);
    }
    g.orders(basic, &["STUDY cmbt"]);
    // Blades needs 1st combat, which the faction does not know yet.
    g.orders(advanced, &["STUDY blde"]);
    g.orders(specialist, &["STUDY necr"]);
    g.orders(innate, &["STUDY egra"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, basic), [100]);
    assert_eq!(waits(&log, advanced), Some(StudyBlock::Prerequisite));
    assert_eq!(xp(&g, advanced, "blde"), 0);
    assert_eq!(waits(&log, specialist), Some(StudyBlock::Specialist));
    assert_eq!(xp(&g, specialist, "necr"), 0);
    assert!(dropped(&log, innate));
}

#[test]
fn ov_skl_006_every_skill_built_on_magecraft_is_a_magic_skill() {
    let r = rules();
    let mage = r.skill("mage").unwrap();
    assert!(r.skills[mage].flags.magic);
    let mut derived = 0;
    for (id, s) in r.skills.iter() {
        // Walk the prerequisite chain down to its roots.
        let mut todo: Vec<_> = s.requires.iter().map(|q| q.skill.id()).collect();
        let mut seen = Vec::new();
        let mut on_mage = false;
        while let Some(x) = todo.pop() {
            if seen.contains(&x) {
                continue;
            }
            seen.push(x);
            on_mage |= x == mage;
            todo.extend(r.skills[x].requires.iter().map(|q| q.skill.id()));
        }
        // Icing and ice bolt stay unflagged, as the reference has them
        // (decision OV-RSK-072).
        if on_mage && !["icin", "iceb"].contains(&r.skills[id].tag.as_str()) {
            derived += 1;
            assert!(s.flags.magic, "{} [{}]", s.name, r.skills[id].tag);
        }
    }
    assert!(derived > 50, "{derived}");
    // Magic skills are for leaders: a follower's STUDY of fire is dropped.
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 1, 1);
    coins(&mut g, u, 100);
    g.orders(u, &["STUDY fire"]);
    let log = g.run_bare(&[]);
    assert!(dropped(&log, u));
}

#[test]
fn ov_skl_007_leader_only_skills_are_for_leaders_and_heroes() {
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 1, 1);
    let captain = g.leader(1, 1);
    let hero = g.unit(1, "hero", 1, 1);
    for u in [men, captain, hero] {
        g.learn(u, "cmbt", 1);
        coins(&mut g, u, 100);
        g.orders(u, &["STUDY tact"]);
    }
    let log = g.run_bare(&[]);
    assert!(dropped(&log, men));
    assert_eq!(gains(&log, captain), [100]);
    assert_eq!(gains(&log, hero), [100]);
}

#[test]
fn ov_skl_008_no_skill_is_kept_to_a_race() {
    // Decision OV-SKL-008: none in the data. Men and wood men alike
    // study digging.
    let mut g = Game::new(1, 1);
    let races = ["man", "wman"];
    let units: Vec<UnitId> = races.iter().map(|r| g.unit(1, r, 1, 1)).collect();
    for &u in &units {
        coins(&mut g, u, 100);
        g.orders(u, &["STUDY digg"]);
    }
    let log = g.run_bare(&[]);
    for &u in &units {
        assert_eq!(gains(&log, u), [100], "{u:?}");
    }
}

#[test]
fn ov_skl_009_combat_skills_have_a_higher_follower_limit() {
    let r = rules();
    for tag in ["cmbt", "blde", "parr", "mele", "tact", "arch"] {
        assert!(r.skills[r.skill(tag).unwrap()].flags.combat, "{tag}");
    }
    for tag in ["digg", "carp", "mage"] {
        assert!(!r.skills[r.skill(tag).unwrap()].flags.combat, "{tag}");
    }
    // Followers study combat skills to 2nd, others to 1st.
    let mut g = Game::new(1, 1);
    let fencers = g.unit(1, "man", 1, 1);
    g.learn(fencers, "cmbt", 1);
    g.learn(fencers, "blde", 1);
    let diggers = g.unit(1, "man", 1, 1);
    g.learn(diggers, "digg", 1);
    for u in [fencers, diggers] {
        coins(&mut g, u, 100);
    }
    g.orders(fencers, &["STUDY blde"]);
    g.orders(diggers, &["STUDY digg"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, fencers), [100]);
    assert_eq!(waits(&log, diggers), Some(StudyBlock::Limit));
}

#[test]
fn ov_skl_010_fifty_men_studying_combat_pay_fifty_a_day() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 50, 1);
    coins(&mut g, u, 120);
    g.orders(u, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(gains(&log, u), [100]);
    assert_eq!(g.w.units[u].count(coin()), 70);
    assert_eq!(xp(&g, u, "cmbt"), 100);
}

// --- Limits (OV-SKL-014..016) -----------------------------------------------

#[test]
fn ov_skl_014_no_magic_past_2nd_even_in_a_guild_teaching_3rd() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.learn(u, "mage", 2);
    coins(&mut g, u, 1000);
    let guild = structure(&mut g, "mgld", 1, &[u]);
    let mage = rules().skill("mage").unwrap();
    g.w.structures[guild]
        .teaches
        .push(umpire_overlord::world::structure::Teaching {
            skill: mage,
            level: 3,
        });
    let before = xp(&g, u, "mage");
    g.orders(u, &["STUDY mage"]);
    let log = g.run_bare(&[]);
    assert!(gains(&log, u).is_empty());
    assert_eq!(xp(&g, u, "mage"), before);
    // Below 2nd the guild teaches (and past the leader's unaided 1st).
    let pupil = g.leader(1, 1);
    g.learn(pupil, "mage", 1);
    coins(&mut g, pupil, 1000);
    g.w.units[pupil].structure = Some(guild);
    g.orders(pupil, &["STUDY mage"]);
    let log = g.run_bare(&[]);
    assert!(!gains(&log, pupil).is_empty());
}

#[test]
fn ov_skl_015_past_its_limit_a_skill_grows_by_use() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l]
        .resources
        .push(umpire_overlord::world::Resource {
            item: rules().item("ston").unwrap(),
            amount: 1000,
            full: 1000,
        });
    // Followers study digging to 1st only; 10 hundredths a day of use
    // still carry it to 2nd (90 days) and on.
    let u = g.unit(1, "man", 10, 1);
    let digg = rules().skill("digg").unwrap();
    g.w.units[u].learn(digg, 9000 - 10);
    coins(&mut g, u, 100);
    g.orders(u, &["STUDY digg"]);
    let log = g.run_bare(&[]);
    assert_eq!(waits(&log, u), Some(StudyBlock::Limit));
    g.orders(u, &["USE digg 10"]);
    let log = g.run_bare(&[]);
    // 10 hundredths of a day for each day of use.
    let days = u32::try_from(
        log.of_unit(u)
            .filter(|e| matches!(e.what, What::Harvested { .. }))
            .count(),
    )
    .unwrap();
    assert!(days > 0);
    assert_eq!(xp(&g, u, "digg"), 9000 - 10 + 10 * days);
    assert_eq!(level(&g, u, "digg"), 2);
    // And on past it, by use alone.
    let now = xp(&g, u, "digg");
    g.orders(u, &["USE digg 10"]);
    g.run_bare(&[]);
    assert!(xp(&g, u, "digg") > now);
}

#[test]
fn ov_skl_016_an_item_raising_a_limit_lets_study_go_further() {
    use umpire_overlord::rules::common::SkillBonus;
    use umpire_overlord::turn::{NoEconomy, run_turn_with};
    let r = rules();
    // No item in the data raises a limit (decision OV-SKL-012, 016).
    assert!(
        r.items
            .values()
            .all(|i| i.bonuses.learning_level.is_empty())
    );
    // One that did would count when every figure has it equipped.
    let mut with = r.clone();
    let stcu = r.skill("stcu").unwrap();
    let digg_ref = r.skills[stcu].requires[0].skill.clone();
    assert_eq!(digg_ref.tag(), "digg");
    let pick = with.item("swrd").unwrap();
    with.items[pick].bonuses.learning_level.push(SkillBonus {
        skill: digg_ref,
        value: 1,
    });
    let run = |rules: &umpire_overlord::rules::Rules, equipped: u64| {
        let mut g = Game::new(1, 1);
        let u = g.unit(1, "man", 2, 1);
        g.learn(u, "digg", 1);
        coins(&mut g, u, 100);
        g.w.units[u].add_items(pick, 2, equipped);
        g.orders(u, &["STUDY digg"]);
        let before = xp(&g, u, "digg");
        run_turn_with(&mut g.w, rules, &order_sets(&[]), 7, &mut NoEconomy);
        xp(&g, u, "digg") - before
    };
    assert_eq!(run(r, 2), 0, "the bundled sword raises nothing");
    assert_eq!(run(&with, 1), 0, "one figure in two is not enough");
    assert_eq!(run(&with, 2), 100);
}

#[test]
fn ov_skl_022_a_teacher_doubles_fifty_figures_of_a_larger_unit() {
    let mut g = Game::new(1, 1);
    let teacher = g.leader(1, 1);
    g.learn(teacher, "cmbt", 2);
    let men = g.unit(1, "man", 100, 1);
    coins(&mut g, men, 1000);
    g.orders(teacher, &["TEACH U2 cmbt"]);
    g.orders(men, &["STUDY cmbt"]);
    let log = g.run_bare(&[]);
    // 100 men: the doubling on 50 of them, 150 %.
    assert_eq!(gains(&log, men), [150]);
}

// --- Merging and splitting (OV-SKL-032, 033) --------------------------------

#[test]
fn ov_skl_032_splitting_and_merging_keep_the_experience() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 10, 1);
    g.learn(u, "cmbt", 1);
    let before = xp(&g, u, "cmbt");
    g.run_bare(&["#GAME f01 pw\nUNIT U1\nSPLIT f01nU01 4\n#END"]);
    let new = g.w.units.ids().last().unwrap();
    assert_ne!(new, u);
    assert_eq!((g.w.units[u].figures, g.w.units[new].figures), (6, 4));
    // Each figure keeps what it knew: both halves at the same days.
    assert_eq!(xp(&g, u, "cmbt"), before);
    assert_eq!(xp(&g, new, "cmbt"), before);
    // Merged back, nothing is lost.
    g.orders(new, &["MERGE U1 4"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].figures, 10);
    assert_eq!(xp(&g, u, "cmbt"), before);
}

#[test]
fn ov_skl_033_merging_into_one_basic_skill_averages_it() {
    let mut g = Game::new(1, 1);
    let diggers = g.unit(1, "man", 10, 1);
    g.learn(diggers, "digg", 1);
    let raw = g.unit(1, "man", 10, 1);
    g.orders(raw, &["MERGE U1 10"]);
    g.run_bare(&[]);
    // One basic skill between them: a normal merge, half the days, the
    // unit now a novice digger.
    assert!(g.w.units[raw].gone || g.w.units[raw].figures == 0);
    assert_eq!(g.w.units[diggers].figures, 20);
    assert_eq!(xp(&g, diggers, "digg"), 1500);
    assert_eq!(level(&g, diggers, "digg"), 0);
}

// --- What a report offers to learn (OV-SKL-034) -----------------------------

#[test]
fn ov_skl_034_a_seat_s_specialist_skill_is_in_may_learn_a_teacher_s_never() {
    let mut g = Game::new(1, 1);
    let necr = rules().skill("necr").unwrap();
    let may = |g: &Game, u: UnitId| {
        umpire_overlord::report::unit::section(&g.w, rules(), u)
            .lines()
            .find_map(|l| l.trim().strip_prefix("May learn: ").map(str::to_string))
            .unwrap_or_default()
    };
    let u = g.leader(1, 1);
    g.learn(u, "mage", 1);
    g.learn(u, "void", 1);
    // A necromancer standing by teaches nothing to the list.
    let master = g.leader(1, 1);
    g.learn(master, "mage", 2);
    g.learn(master, "void", 2);
    g.learn(master, "necr", 1);
    assert!(!may(&g, u).contains("[necr]"), "{}", may(&g, u));
    // Inside a guild teaching necromancy, it is offered at 1st level.
    let guild = structure(&mut g, "mgld", 1, &[u]);
    g.w.structures[guild]
        .teaches
        .push(umpire_overlord::world::structure::Teaching {
            skill: necr,
            level: 2,
        });
    assert!(
        may(&g, u).contains("1st necromancy [necr]"),
        "{}",
        may(&g, u)
    );
    // Not to a unit outside the guild, nor while it is unfinished.
    assert!(!may(&g, master).contains("[necr]"));
    g.w.structures[guild].complete = false;
    assert!(!may(&g, u).contains("[necr]"));
}

// --- Teaching buildings (OV-BLD-030, 041) -----------------------------------

/// The first day's study gain of a fresh unit of `race` studying `skill`
/// inside a complete `tag` (or outside with `None`).
fn first_gain(race: &str, skill: &str, inside: Option<&str>) -> u32 {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, race, 1, 1);
    coins(&mut g, u, 100);
    if let Some(tag) = inside {
        structure(&mut g, tag, 1, &[u]);
    }
    g.orders(u, &[&format!("STUDY {skill}")]);
    let log = g.run_bare(&[]);
    gains(&log, u).first().copied().unwrap_or(0)
}

#[test]
fn ov_bld_030_barracks_teach_combat() {
    assert_eq!(first_gain("man", "cmbt", Some("barr")), 120);
    assert_eq!(first_gain("man", "cmbt", None), 100);
    // Not a craft.
    assert_eq!(first_gain("man", "digg", Some("barr")), 100);
}

#[test]
fn ov_bld_041_guildhall_teaches_crafts_magic_guild_magecraft() {
    for craft in ["buil", "weap", "armo", "arti", "cook"] {
        assert_eq!(first_gain("man", craft, Some("guld")), 120, "{craft}");
    }
    assert_eq!(first_gain("man", "cmbt", Some("guld")), 100);
    assert_eq!(first_gain("ldr", "mage", Some("mgld")), 120);
    assert_eq!(first_gain("ldr", "mage", None), 100);
    assert_eq!(first_gain("ldr", "buil", Some("mgld")), 100);
}

// --- What USE does (OV-SKL-036) ---------------------------------------------

#[test]
fn ov_skl_036_use_harvests_makes_builds_casts_and_summons() {
    use umpire_overlord::rules::skills::Product;
    let r = rules();
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    let item = |t: &str| r.item(t).unwrap();
    g.w.locations[l]
        .resources
        .push(umpire_overlord::world::Resource {
            item: item("ston"),
            amount: 100,
            full: 100,
        });
    // Harvest: stone from the land.
    let diggers = g.unit(1, "man", 10, 1);
    g.learn(diggers, "digg", 1);
    g.orders(diggers, &["USE digg 1"]);
    // Make: a club from wood.
    let smiths = g.unit(1, "man", 10, 1);
    g.learn(smiths, "weap", 1);
    g.w.units[smiths].add_items(item("wood"), 1, 0);
    g.orders(smiths, &["USE weap 1"]);
    // Build: a piece of wood into a new mine.
    let builders = g.unit(1, "man", 10, 1);
    g.learn(builders, "buil", 1);
    g.learn(builders, "carp", 1);
    g.w.units[builders].add_items(item("wood"), 1, 0);
    g.orders(builders, &["TARGET mine", "USE carp 1"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[diggers].count(item("ston")), 1);
    assert_eq!(g.w.units[smiths].count(item("club")), 1);
    assert_eq!(g.w.units[smiths].count(item("wood")), 0);
    let mine = g.w.structures.values().next().unwrap();
    assert_eq!(mine.kind, r.construction("mine").unwrap());
    assert_eq!(mine.progress[0].done, 1);
    // Cast and summon: skills whose use lays an enchantment or calls a
    // new unit exist in the data (their runs are OV-MAG's tests).
    let uses = || {
        r.skills
            .values()
            .flat_map(|s| &s.levels)
            .filter_map(|l| l.use_.as_ref())
    };
    assert!(uses().any(|u| {
        !u.grants.is_empty()
            || matches!(
                u.produces.as_ref().map(|p| &p.what),
                Some(Product::Effect(_))
            )
    }));
    assert!(uses().any(|u| !u.summons.is_empty()));
}

#[test]
fn ov_mag_003_magic_alone_to_1st_taught_to_2nd_then_only_by_use() {
    let mut g = Game::new(1, 1);
    // From nothing, alone: earth magic is studied.
    let novice = g.leader(1, 1);
    g.learn(novice, "mage", 1);
    // At 1st level, alone: it waits for a teacher.
    let alone = g.leader(1, 1);
    g.learn(alone, "mage", 1);
    g.learn(alone, "eart", 1);
    // At 1st level with a 2nd-level mage teaching: studied.
    let teacher = g.leader(1, 1);
    g.learn(teacher, "mage", 1);
    g.learn(teacher, "eart", 2);
    let pupil = g.leader(1, 1);
    g.learn(pupil, "mage", 1);
    g.learn(pupil, "eart", 1);
    // At 2nd level, even with a 3rd-level teacher: study is over.
    let master = g.leader(1, 1);
    g.learn(master, "mage", 1);
    g.learn(master, "eart", 3);
    let adept = g.leader(1, 1);
    g.learn(adept, "mage", 1);
    g.learn(adept, "eart", 2);
    for u in [novice, alone, pupil, adept] {
        coins(&mut g, u, 1000);
    }
    g.orders(novice, &["STUDY eart"]);
    g.orders(alone, &["STUDY eart"]);
    g.orders(teacher, &["TEACH U4 eart"]);
    g.orders(pupil, &["STUDY eart"]);
    g.orders(master, &["TEACH U6 eart"]);
    g.orders(adept, &["STUDY eart"]);
    let xp_adept = xp(&g, adept, "eart");
    let log = g.run_bare(&[]);
    // Turn 1 is spring: +10% to earth magic.
    assert_eq!(gains(&log, novice), [110]);
    assert_eq!(waits(&log, alone), Some(StudyBlock::Limit));
    assert!(gains(&log, alone).is_empty());
    assert!(!gains(&log, pupil).is_empty());
    assert!(gains(&log, adept).is_empty());
    assert_eq!(xp(&g, adept, "eart"), xp_adept);
    assert!(g.pending(adept).is_empty(), "the study is over");
}

#[test]
fn ov_mag_007_a_specialist_spell_needs_a_teacher_or_a_guild_basic_ones_do_not() {
    use umpire_overlord::world::structure::Teaching;
    let mut g = Game::new(1, 1);
    let mage = |g: &mut Game| {
        let u = g.leader(1, 1);
        g.learn(u, "mage", 1);
        g.learn(u, "eart", 1);
        coins(g, u, 1000);
        u
    };
    // A basic spell (mutate horse) alone; permanent post, a specialist
    // spell, alone, with a teacher and in a guild teaching it.
    let basic = mage(&mut g);
    let alone = mage(&mut g);
    let teacher = mage(&mut g);
    g.learn(teacher, "ppst", 1);
    let taught = mage(&mut g);
    let member = mage(&mut g);
    let guild = structure(&mut g, "mgld", 1, &[member]);
    g.w.structures[guild].teaches = vec![Teaching {
        skill: rules().skill("ppst").unwrap(),
        level: 1,
    }];
    g.orders(basic, &["STUDY mhor"]);
    g.orders(alone, &["STUDY ppst"]);
    g.orders(teacher, &["TEACH U4 ppst"]);
    g.orders(taught, &["STUDY ppst"]);
    g.orders(member, &["STUDY ppst"]);
    let log = g.run_bare(&[]);
    assert!(!gains(&log, basic).is_empty());
    assert_eq!(waits(&log, alone), Some(StudyBlock::Specialist));
    assert!(gains(&log, alone).is_empty());
    assert!(!gains(&log, taught).is_empty());
    assert!(!gains(&log, member).is_empty());
    // "May learn" lists the specialist spell for the guild's member only.
    let may_learn = |u: UnitId| {
        umpire_overlord::report::unit::section(&g.w, rules(), u)
            .lines()
            .find(|l| l.trim().starts_with("May learn"))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        may_learn(member).contains("[ppst]"),
        "{}",
        may_learn(member)
    );
    assert!(!may_learn(alone).contains("[ppst]"), "{}", may_learn(alone));
}

#[test]
fn ov_wld_009_a_teaching_structure_teaches_those_inside_past_their_limits() {
    use umpire_overlord::world::structure::Teaching;
    let mut g = Game::new(1, 1);
    // Followers stop at 1st digging alone; a mine teaching it to 3rd lets
    // those inside go on.
    let inside = g.unit(1, "man", 5, 1);
    let outside = g.unit(1, "man", 5, 1);
    for u in [inside, outside] {
        g.learn(u, "digg", 1);
        coins(&mut g, u, 1000);
        g.orders(u, &["STUDY digg"]);
    }
    let school = structure(&mut g, "mgld", 1, &[inside]);
    g.w.structures[school].teaches = vec![Teaching {
        skill: rules().skill("digg").unwrap(),
        level: 3,
    }];
    let log = g.run_bare(&[]);
    assert!(!gains(&log, inside).is_empty());
    assert_eq!(waits(&log, outside), Some(StudyBlock::Limit));
    assert!(gains(&log, outside).is_empty());
}
