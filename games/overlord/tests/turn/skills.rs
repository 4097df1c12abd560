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
    assert_eq!(waits(&log, big), Some(StudyBlock::Teacher));
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
