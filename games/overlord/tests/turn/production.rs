//! Resources, production, construction and equipment: USE,
//! TARGET, BUILD, EQUIP. Run on the engine alone (`run_bare`) so that
//! upkeep never eats what the tests count.

use umpire_overlord::turn::TurnLog;
use umpire_overlord::turn::log::UseProblem;
use umpire_overlord::world::{Resource, Structure, UnitId};

use super::*;

fn item(tag: &str) -> umpire_overlord::rules::ItemId {
    rules().item(tag).unwrap()
}

fn skill(tag: &str) -> umpire_overlord::rules::SkillId {
    rules().skill(tag).unwrap()
}

fn has(g: &Game, u: UnitId, tag: &str) -> u64 {
    g.w.units[u].count(item(tag))
}

fn give(g: &mut Game, u: UnitId, tag: &str, n: u64) {
    g.w.units[u].add_items(item(tag), n, 0);
}

fn give_equipped(g: &mut Game, u: UnitId, tag: &str, n: u64) {
    g.w.units[u].add_items(item(tag), n, n);
}

/// L`at` offers `amount` of `tag` this month.
fn offer(g: &mut Game, at: u32, tag: &str, amount: u64) {
    let l = g.loc(at);
    g.w.locations[l].resources.push(Resource {
        item: item(tag),
        amount,
        full: amount,
    });
}

fn left(g: &Game, at: u32, tag: &str) -> u64 {
    let l = g.loc(at);
    g.w.locations[l]
        .resources
        .iter()
        .find(|r| r.item == item(tag))
        .map_or(0, |r| r.amount)
}

/// `figures` men of faction 1 at L1 knowing `skill` at `level`.
fn workers(g: &mut Game, figures: u32, skill: &str, level: u8) -> UnitId {
    let u = g.unit(1, "man", figures, 1);
    g.learn(u, skill, level);
    u
}

fn harvested(log: &TurnLog, u: UnitId) -> Vec<(u8, u64, u64)> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::Harvested {
                count,
                from_building,
                ..
            } => Some((e.day, count, from_building)),
            _ => None,
        })
        .collect()
}

fn cannot(log: &TurnLog, u: UnitId) -> Option<UseProblem> {
    log.of_unit(u).find_map(|e| match e.what {
        What::CannotUse { why, .. } => Some(why),
        _ => None,
    })
}

// --- Harvest -----------------------------------------------------------

#[test]
fn ov_wld_040_a_short_resource_is_shared_in_proportion_15_20_40_gives_5_and_10() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 15);
    // Digging at 1st level: one stone per 6 man-days, so 120 men ask for
    // 20 stone a day and 240 for 40.
    let a = workers(&mut g, 120, "digg", 1);
    let b = workers(&mut g, 240, "digg", 1);
    g.orders(a, &["USE digg"]);
    g.orders(b, &["USE digg"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, a, "ston"), 5);
    assert_eq!(has(&g, b, "ston"), 10);
    assert_eq!(left(&g, 1, "ston"), 0);
    assert_eq!(harvested(&log, a), [(1, 5, 0)]);
}

#[test]
fn ov_prod_001_002_figures_pool_their_man_days() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 1000);
    // 10 men, 6 man-days a stone: 30 days give 300 man-days, 50 stone;
    // the fraction left each day carries to the next.
    let u = workers(&mut g, 10, "digg", 1);
    g.orders(u, &["@USE digg"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 50);
    assert_eq!(left(&g, 1, "ston"), 950);
}

#[test]
fn ov_prod_001_no_resource_no_harvest() {
    let mut g = Game::new(1, 1);
    let u = workers(&mut g, 10, "digg", 1);
    g.orders(u, &["USE digg"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 0);
    assert_eq!(cannot(&log, u), Some(UseProblem::NoResource));
    assert_eq!(g.pending(u), ["USE digg"]);
}

#[test]
fn ov_prod_003_never_more_than_what_remains() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 2);
    let u = workers(&mut g, 60, "digg", 1);
    g.orders(u, &["3 USE digg"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 2);
    assert_eq!(left(&g, 1, "ston"), 0);
    // On day 2 there is none left for the third: the player is told.
    let e = first(&log, u, |w| matches!(w, What::CannotUse { .. })).unwrap();
    assert_eq!(e.day, 2);
    assert!(matches!(
        e.what,
        What::CannotUse {
            why: UseProblem::ResourceExhausted,
            ..
        }
    ));
}

#[test]
fn ov_uo_114_use_needs_the_skill() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 100);
    let u = g.unit(1, "man", 10, 1);
    g.orders(u, &["USE digg"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), Some(UseProblem::Unskilled));
    assert_eq!(has(&g, u, "ston"), 0);
}

#[test]
fn ov_uo_115_use_with_a_count_completes_after_that_many() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 1000);
    // 6 men: one stone a day; three stones, then the unit works.
    let u = workers(&mut g, 6, "digg", 1);
    g.orders(u, &["USE digg 3"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 3);
    assert!(g.pending(u).is_empty(), "{:?}", g.pending(u));
    assert_eq!(worked(&log, u), 27);
    // A large unit asks no more than the count.
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 1000);
    let u = workers(&mut g, 600, "digg", 1);
    g.orders(u, &["USE digg 7"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 7);
    assert_eq!(left(&g, 1, "ston"), 993);
}

#[test]
fn ov_uo_115_the_count_left_is_written_back() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 1000);
    // 1 man: a stone every 6 days, five in the month; 10 asked.
    let u = workers(&mut g, 1, "digg", 1);
    g.orders(u, &["USE digg 10"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 5);
    assert_eq!(g.pending(u), ["USE digg 5"]);
}

#[test]
fn ov_prod_010_equipped_tools_cut_the_time_by_a_third() {
    let run = |tools: u64| {
        let mut g = Game::new(1, 1);
        offer(&mut g, 1, "ston", 1000);
        let u = workers(&mut g, 4, "digg", 1);
        give_equipped(&mut g, u, "pick", tools);
        g.orders(u, &["6 USE digg"]);
        g.run_bare(&[]);
        has(&g, u, "ston")
    };
    // 4 men: 24 man-days in 6 days, 4 stone; with 4 picks 36, 6 stone;
    // two picks: 30, 5 stone.
    assert_eq!(run(0), 4);
    assert_eq!(run(4), 6);
    assert_eq!(run(2), 5);
}

#[test]
fn ov_grd_006_a_guard_works_with_half_its_figures() {
    let run = |guard: bool| {
        let mut g = Game::new(1, 1);
        offer(&mut g, 1, "ston", 1000);
        let u = workers(&mut g, 12, "digg", 1);
        g.learn(u, "cmbt", 1);
        if guard {
            g.title(1, "shrf", u);
            g.orders(u, &["@GUARD", "5 USE digg"]);
        } else {
            g.orders(u, &["5 USE digg"]);
        }
        g.run_bare(&[]);
        has(&g, u, "ston")
    };
    assert_eq!(run(false), 10);
    assert_eq!(run(true), 5);
}

#[test]
fn ov_skl_025_a_day_of_use_gives_a_tenth_of_a_day_and_5_percent_to_the_basics() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "iron", 1000);
    let u = workers(&mut g, 6, "mini", 1);
    g.learn(u, "digg", 1);
    let (digg, mini) = (skill("digg"), skill("mini"));
    let (d0, m0) = (g.w.units[u].experience(digg), g.w.units[u].experience(mini));
    g.orders(u, &["3 USE mini"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].experience(mini), m0 + 30);
    assert_eq!(g.w.units[u].experience(digg), d0 + 15);
}

#[test]
fn ov_wld_026_summer_adds_30_percent_to_land_production() {
    let run = |turn: u32| {
        let mut g = Game::new(1, 1);
        g.w.turn = turn;
        offer(&mut g, 1, "hrse", 1000);
        // Horse breaking: a horse per 30 man-days; 30 men, one a day.
        let u = workers(&mut g, 30, "hors", 1);
        g.learn(u, "beas", 1);
        g.orders(u, &["10 USE hors"]);
        g.run_bare(&[]);
        has(&g, u, "hrse")
    };
    // Turn 1 is spring; turn 4 the first of summer.
    assert_eq!(run(0), 10);
    assert_eq!(run(3), 13);
}

#[test]
fn ov_wld_029_030_031_032_weather_changes_agriculture() {
    let run = |weather: &str| {
        let mut g = Game::new(1, 1);
        let l = g.loc(1);
        g.w.locations[l].weather = rules().weather(weather).unwrap();
        offer(&mut g, 1, "grai", 1000);
        // Farming: a grain per 30 man-days; 30 men, one a day, ten days.
        let u = workers(&mut g, 30, "farm", 1);
        g.learn(u, "agri", 1);
        g.orders(u, &["10 USE farm"]);
        g.run_bare(&[]);
        has(&g, u, "grai")
    };
    assert_eq!(run("fair"), 10);
    assert_eq!(run("wind"), 10);
    assert_eq!(run("sun"), 11);
    assert_eq!(run("rain"), 11);
    assert_eq!(run("storm"), 8);
}

#[test]
fn ov_wld_035_inner_locations_shield_from_the_climate() {
    let mut g = Game::new(2, 1);
    let (l1, l2) = (g.loc(1), g.loc(2));
    g.w.locations[l2].outer = Some(l1);
    g.w.locations[l2].weather = rules().weather("storm").unwrap();
    offer(&mut g, 2, "grai", 1000);
    let u = g.unit(1, "man", 30, 2);
    g.learn(u, "farm", 1);
    g.learn(u, "agri", 1);
    g.orders(u, &["10 USE farm"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "grai"), 10);
}

fn building(
    g: &mut Game,
    tag: &str,
    at: u32,
    complete: bool,
) -> umpire_overlord::world::StructureId {
    let l = g.loc(at);
    let n = u32::try_from(g.w.structures.len()).unwrap() + 1;
    let mut s = Structure::new(n, rules().construction(tag).unwrap(), l);
    s.complete = complete;
    let id = g.w.structures.push(s);
    g.w.locations[l].structures.push(id);
    id
}

#[test]
fn ov_bld_039_040_a_mine_gives_half_again_and_its_share_comes_first() {
    let mut g = Game::new(1, 1);
    let mine = building(&mut g, "mine", 1, true);
    offer(&mut g, 1, "ston", 4);
    // 60 men: 10 stone a day from the land, 5 more from the mine. The land
    // has only 4 left; the mine's share does not draw on it.
    let u = workers(&mut g, 60, "digg", 1);
    g.w.units[u].structure = Some(mine);
    g.orders(u, &["USE digg"]);
    let log = g.run_bare(&[]);
    assert_eq!(harvested(&log, u), [(1, 9, 5)]);
    assert_eq!(has(&g, u, "ston"), 9);
    assert_eq!(left(&g, 1, "ston"), 0);
    // Mining iron is digging too (the bonus covers the skills built on it).
    let mut g = Game::new(1, 1);
    let mine = building(&mut g, "mine", 1, true);
    offer(&mut g, 1, "iron", 100);
    let u = workers(&mut g, 60, "mini", 1);
    g.learn(u, "digg", 1);
    g.w.units[u].structure = Some(mine);
    g.orders(u, &["USE mini"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "iron"), 15);
}

#[test]
fn ov_bld_037_038_production_buildings_help_only_their_own_trades() {
    let mut g = Game::new(1, 1);
    let farm = building(&mut g, "afrm", 1, true);
    offer(&mut g, 1, "ston", 100);
    let u = workers(&mut g, 60, "digg", 1);
    g.w.units[u].structure = Some(farm);
    g.orders(u, &["USE digg"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 10);
    // An unfinished mine gives nothing.
    let mut g = Game::new(1, 1);
    let mine = building(&mut g, "mine", 1, false);
    offer(&mut g, 1, "ston", 100);
    let u = workers(&mut g, 60, "digg", 1);
    g.w.units[u].structure = Some(mine);
    g.orders(u, &["USE digg"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 10);
}

// --- Craft -------------------------------------------------------------

#[test]
fn ov_prod_005_007_materials_go_when_work_starts_the_item_when_it_ends() {
    // Bladesmith: a sword per 30 man-days and 5 iron.
    let mut g = Game::new(1, 1);
    let u = workers(&mut g, 10, "blsm", 1);
    g.learn(u, "weap", 1);
    give(&mut g, u, "iron", 7);
    g.orders(u, &["2 USE blsm"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, u, "iron"), 2, "the iron is taken on day 1");
    assert_eq!(has(&g, u, "swrd"), 0, "20 of 30 man-days done");
    assert!(first(&log, u, |w| matches!(w, What::MaterialsUsed { .. })).is_some());
    // Each day says how far the sword got (OV-SCH-022: no day unsaid).
    let progress: Vec<_> = log
        .events
        .iter()
        .filter(|e| e.unit == Some(u))
        .filter_map(|e| match e.what {
            What::UseProgress { percent, .. } => Some((e.day, percent)),
            _ => None,
        })
        .collect();
    assert_eq!(progress, [(1, 33), (2, 66)]);
    let report = g.report(&log, 1);
    assert!(
        report.contains("works at bladesmith [blsm]: the next sword [swrd] is 66% done"),
        "{report}"
    );
    // Three days finish it.
    let mut g = Game::new(1, 1);
    let u = workers(&mut g, 10, "blsm", 1);
    g.learn(u, "weap", 1);
    give(&mut g, u, "iron", 7);
    g.orders(u, &["3 USE blsm"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, u, "swrd"), 1);
    assert_eq!(has(&g, u, "iron"), 2);
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::Produced { .. })),
        Some(3)
    );
}

#[test]
fn ov_prod_002_thirty_smiths_make_a_sword_a_day() {
    let mut g = Game::new(1, 1);
    let u = workers(&mut g, 30, "blsm", 1);
    g.learn(u, "weap", 1);
    give(&mut g, u, "iron", 100);
    g.orders(u, &["USE blsm 4"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "swrd"), 4);
    assert_eq!(has(&g, u, "iron"), 80);
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_prod_006_missing_materials_skip_or_idle_the_rest_of_the_day() {
    let mut g = Game::new(1, 1);
    let u = workers(&mut g, 10, "blsm", 1);
    g.learn(u, "weap", 1);
    give(&mut g, u, "iron", 3);
    g.orders(u, &["USE blsm"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), Some(UseProblem::NoMaterials));
    assert_eq!(g.pending(u), ["USE blsm"]);
    assert_eq!(has(&g, u, "iron"), 3);
    // 60 smiths could make two a day, but there is iron for one: one
    // sword, the other 30 men idle.
    let mut g = Game::new(1, 1);
    let u = workers(&mut g, 60, "blsm", 1);
    g.learn(u, "weap", 1);
    give(&mut g, u, "iron", 5);
    g.orders(u, &["USE blsm"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "swrd"), 1);
    assert_eq!(has(&g, u, "iron"), 0);
}

#[test]
fn ov_prod_009_higher_levels_work_faster_with_the_same_materials() {
    // 2nd level: 15 man-days a sword, still 5 iron.
    let mut g = Game::new(1, 1);
    let u = workers(&mut g, 15, "blsm", 2);
    g.learn(u, "weap", 1);
    give(&mut g, u, "iron", 10);
    g.orders(u, &["2 USE blsm"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "swrd"), 2);
    assert_eq!(has(&g, u, "iron"), 0);
}

#[test]
fn ov_prod_004_008_work_resumes_after_other_orders_but_moving_loses_it() {
    // Paused by WORK, resumed: no loss.
    let mut g = Game::new(2, 1);
    let u = workers(&mut g, 10, "blsm", 1);
    g.learn(u, "weap", 1);
    give(&mut g, u, "iron", 5);
    g.orders(u, &["2 USE blsm", "WORK", "USE blsm"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "swrd"), 1);
    // Moved in between: the work and the iron are lost.
    let mut g = Game::new(2, 1);
    let u = workers(&mut g, 10, "blsm", 1);
    g.learn(u, "weap", 1);
    g.learn(u, "scou", 1); // followers travel alone with scouting
    give(&mut g, u, "iron", 10);
    g.orders(u, &["2 USE blsm", "MOVE S", "USE blsm"]);
    let log = g.run_bare(&[]);
    assert!(first(&log, u, |w| matches!(w, What::WorkLost { .. })).is_some());
    assert_eq!(has(&g, u, "swrd"), 0);
    assert_eq!(has(&g, u, "iron"), 0, "a second sword's iron was taken");
}

#[test]
fn ov_prod_012_land_lore_makes_food() {
    let mut g = Game::new(1, 1);
    // Plainswalking: one food per 10 man-days.
    let u = g.unit(1, "man", 10, 1);
    g.learn(u, "scou", 1);
    g.learn(u, "plwk", 1);
    g.orders(u, &["3 USE plwk"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "food"), 3);
}

// --- Equipment ---------------------------------------------------------

fn equipped(g: &Game, u: UnitId, tag: &str) -> u64 {
    g.w.units[u]
        .items
        .iter()
        .find(|h| h.item == item(tag))
        .map_or(0, |h| h.equipped)
}

#[test]
fn ov_uo_033_035_item_005_one_weapon_a_figure_across_the_category() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 20, 1);
    g.learn(u, "blde", 1);
    g.learn(u, "cmbt", 1);
    give(&mut g, u, "swrd", 15);
    give(&mut g, u, "club", 15);
    g.orders(u, &["EQUIP swrd", "EQUIP club"]);
    g.run_bare(&[]);
    assert_eq!(equipped(&g, u, "swrd"), 15);
    assert_eq!(equipped(&g, u, "club"), 5);
}

#[test]
fn ov_uo_034_zero_unequips_a_lower_number_unequips_down_to_it() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 20, 1);
    give_equipped(&mut g, u, "swrd", 15);
    give_equipped(&mut g, u, "club", 5);
    g.orders(u, &["EQUIP swrd 0", "EQUIP club 2"]);
    g.run_bare(&[]);
    assert_eq!(equipped(&g, u, "swrd"), 0, "unequipping needs no skill");
    assert_eq!(equipped(&g, u, "club"), 2);
    assert_eq!(has(&g, u, "swrd"), 15);
}

#[test]
fn ov_uo_034_item_003_a_number_above_what_is_held_equips_what_is_held() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 20, 1);
    g.learn(u, "blde", 1);
    give(&mut g, u, "swrd", 8);
    g.orders(u, &["EQUIP swrd 12"]);
    let log = g.run_bare(&[]);
    assert_eq!(equipped(&g, u, "swrd"), 8);
    assert!(first(&log, u, |w| matches!(w, What::Equipped { equipped: 8, .. })).is_some());
}

#[test]
fn ov_uo_033_equip_before_the_items_come_waits_for_them() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 5, 1);
    g.learn(u, "blde", 1);
    g.orders(u, &["EQUIP swrd 3"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.pending(u), ["EQUIP swrd 3"], "kept, not used up");
    assert_eq!(
        kept_why(&log, u),
        ["the unit has no more swords to equip yet (0 held, 0 equipped)"]
    );
    // The swords come: next month it equips them.
    give(&mut g, u, "swrd", 3);
    g.run_bare(&[]);
    assert_eq!(equipped(&g, u, "swrd"), 3);
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_item_004_equipping_needs_the_skill() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 5, 1);
    give(&mut g, u, "swrd", 5);
    g.orders(u, &["EQUIP swrd"]);
    let log = g.run_bare(&[]);
    assert_eq!(equipped(&g, u, "swrd"), 0);
    assert_eq!(
        g.pending(u),
        ["EQUIP swrd"],
        "kept until the skill is known"
    );
    let refusals = log
        .of_unit(u)
        .filter(|e| matches!(e.what, What::CannotEquip { .. }))
        .count();
    assert_eq!(refusals, 1, "said once a turn");
}

#[test]
fn ov_item_007_two_rings_a_figure() {
    let r = rules();
    let ring = r
        .items
        .iter()
        .find(|(_, it)| {
            it.equip
                .as_ref()
                .is_some_and(|e| e.max == 2 && e.requires.is_empty())
        })
        .map(|(_, it)| it.tag.clone())
        .unwrap();
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    give(&mut g, u, &ring, 3);
    g.orders(u, &[&format!("EQUIP {ring}")]);
    g.run_bare(&[]);
    assert_eq!(equipped(&g, u, &ring), 2);
}

// --- Construction ------------------------------------------------------

fn builders(g: &mut Game, figures: u32, wood: u64) -> UnitId {
    let u = g.unit(1, "man", figures, 1);
    g.learn(u, "buil", 1);
    g.learn(u, "carp", 1);
    give(g, u, "wood", wood);
    u
}

#[test]
fn ov_bld_005_006_008_units_targeting_one_tag_build_one_structure() {
    let mut g = Game::new(1, 1);
    // A mine needs 75 wood structure works; carpentry at 1st level fits
    // one wood per 10 man-days: 50 men fit 5 a day, 30 men 3.
    let a = builders(&mut g, 50, 100);
    let b = builders(&mut g, 30, 100);
    g.orders(a, &["TARGET mine", "@USE carp"]);
    g.orders(b, &["TARGET mine", "@USE carp"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.structures.len(), 1, "one mine for both");
    let (s, mine) = g.w.structures.iter().next().unwrap();
    assert!(mine.complete);
    assert_eq!(mine.kind, rules().construction("mine").unwrap());
    assert_eq!(mine.faction, Some(g.faction(1)));
    assert_eq!(g.w.locations[g.loc(1)].structures, [s]);
    // 8 a day: 72 after 9 days, the last 3 on day 10 (a's pieces first).
    assert_eq!(
        day_of(&log, a, |w| matches!(w, What::StructureCompleted { .. })),
        Some(10)
    );
    assert_eq!(has(&g, a, "wood") + has(&g, b, "wood"), 200 - 75);
    assert_eq!(has(&g, a, "wood"), 100 - 48);
}

#[test]
fn ov_uo_008_009_build_is_target_and_use() {
    let mut g = Game::new(1, 1);
    let u = builders(&mut g, 10, 100);
    g.orders(u, &["BUILD carp mine 3"]);
    g.run_bare(&[]);
    assert_eq!(g.w.structures.len(), 1);
    let mine = g.w.structures.values().next().unwrap();
    assert!(!mine.complete);
    assert_eq!(mine.progress[0].done, 3);
    assert!(g.pending(u).is_empty());
    // A second unit joins the existing structure by its id.
    let code = mine.code();
    let v = builders(&mut g, 10, 100);
    g.orders(v, &[&format!("BUILD carp {code} 2")]);
    g.orders(u, &["BUILD carp mine 1"]);
    g.run_bare(&[]);
    assert_eq!(g.w.structures.len(), 1);
    assert_eq!(g.w.structures.values().next().unwrap().progress[0].done, 6);
}

#[test]
fn ov_bld_004_nothing_is_built_from_inside_a_structure_or_on_water() {
    let mut g = Game::new(1, 1);
    let tower = building(&mut g, "tave", 1, true);
    let u = builders(&mut g, 10, 100);
    g.w.units[u].structure = Some(tower);
    g.orders(u, &["TARGET mine", "USE carp"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), Some(UseProblem::CannotBuildHere));
    assert_eq!(g.w.structures.len(), 1);
    let mut g = Game::new(1, 1);
    let (water, _) = rules().terrains.iter().find(|(_, t)| t.no_build).unwrap();
    let l = g.loc(1);
    g.w.locations[l].terrain = water;
    let u = builders(&mut g, 10, 100);
    g.orders(u, &["TARGET mine", "USE carp"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), Some(UseProblem::CannotBuildHere));
    assert!(g.w.structures.is_empty());
}

#[test]
fn ov_bld_007_work_the_structure_does_not_need_is_refused() {
    // A mine is all wood: masonry has nothing to fit.
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 10, 1);
    g.learn(u, "buil", 1);
    g.learn(u, "maso", 1);
    give(&mut g, u, "ston", 10);
    g.orders(u, &["TARGET mine", "USE maso"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), Some(UseProblem::NothingToFit));
    assert_eq!(has(&g, u, "ston"), 10);
}

#[test]
fn ov_uo_108_a_new_target_throws_away_work_under_way() {
    let mut g = Game::new(1, 1);
    let old = building(&mut g, "mine", 1, false);
    let other = building(&mut g, "mine", 1, false);
    let (a, b) = (g.w.structures[old].code(), g.w.structures[other].code());
    // 5 men: half a work a day. One day on B1, then B2.
    let u = builders(&mut g, 5, 10);
    g.orders(
        u,
        &[
            &format!("TARGET {a}"),
            "USE carp",
            &format!("-TARGET {b}"),
            "-2 USE carp",
        ],
    );
    let log = g.run_bare(&[]);
    assert!(first(&log, u, |w| matches!(w, What::WorkLost { .. })).is_some());
    assert!(g.w.structures[old].progress.is_empty());
    assert_eq!(g.w.structures[other].progress[0].done, 1);
    assert_eq!(has(&g, u, "wood"), 8, "the first wood was lost");
}

#[test]
fn ov_prod_004_work_under_way_and_the_target_outlast_the_month_and_a_save() {
    let mut g = Game::new(1, 1);
    let smith = workers(&mut g, 10, "blsm", 1);
    g.learn(smith, "weap", 1);
    give(&mut g, smith, "iron", 5);
    g.orders(smith, &["USE blsm"]);
    let builder = builders(&mut g, 10, 10);
    g.orders(builder, &["TARGET mine", "USE carp"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[smith].making.len(), 1);
    let bytes = umpire_overlord::save::save(&g.w, rules());
    g.w = umpire_overlord::save::load(&bytes, rules()).unwrap();
    // 10 of 30 man-days done last month: two more days finish the sword,
    // with no more iron; the builder goes on with the same mine.
    g.orders(smith, &["2 USE blsm"]);
    g.orders(builder, &["USE carp"]);
    g.run_bare(&[]);
    assert_eq!(has(&g, smith, "swrd"), 1);
    assert_eq!(g.w.structures.len(), 1);
    assert_eq!(g.w.structures.values().next().unwrap().progress[0].done, 2);
}

#[test]
fn ov_bld_036_docks_take_a_third_off_a_ships_time() {
    let run = |docks: bool| {
        let mut g = Game::new(1, 1);
        // A fishing boat: 120 man-days and 30 wood at 1st shipcraft.
        let u = g.unit(1, "man", 40, 1);
        g.learn(u, "buil", 1);
        g.learn(u, "ship", 1);
        give(&mut g, u, "wood", 30);
        if docks {
            let d = building(&mut g, "dock", 1, true);
            g.w.units[u].structure = Some(d);
        }
        g.orders(u, &["USE ship 1"]);
        let log = g.run_bare(&[]);
        assert_eq!(has(&g, u, "wood"), 0);
        let boat =
            g.w.structures
                .values()
                .find(|s| s.kind == rules().construction("fshi").unwrap())
                .unwrap();
        assert!(boat.complete);
        assert_eq!(boat.faction, Some(g.faction(1)));
        day_of(&log, u, |w| matches!(w, What::StructureCompleted { .. }))
    };
    assert_eq!(run(false), Some(3));
    assert_eq!(run(true), Some(2));
}

#[test]
fn ov_land_004_the_land_s_controller_may_forbid_harvesting() {
    let mut g = Game::new(1, 2);
    offer(&mut g, 1, "ston", 100);
    let l = g.loc(1);
    g.w.locations[l].ownership.owner = Some(g.faction(2));
    let lord = g.leader(2, 1);
    g.learn(lord, "obse", 3);
    let u = workers(&mut g, 60, "digg", 1);
    g.orders(u, &["USE digg"]);
    let log = g.run_bare(&[]);
    // The owner whose policy it is is named.
    assert_eq!(
        cannot(&log, u),
        Some(UseProblem::Forbidden {
            owner: Some(g.faction(2))
        })
    );
    let report = g.report(&log, 1);
    assert!(
        report.contains("Faction 2 [f02], which owns the land, does not allow it"),
        "{report}"
    );
    assert_eq!(has(&g, u, "ston"), 0);
    // Held Friendly, the same unit may dig.
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, umpire_overlord::world::Stance::Friendly);
    g.run_bare(&[]);
    assert_eq!(has(&g, u, "ston"), 10);
}

#[test]
fn ov_item_010_given_items_leave_unequipped_first() {
    let mut g = Game::new(1, 1);
    let a = g.unit(1, "man", 10, 1);
    let b = g.unit(1, "man", 10, 1);
    g.w.units[a].add_items(item("swrd"), 10, 6);
    g.orders(a, &["GIVE U2 swrd 4"]);
    g.run_bare(&[]);
    assert_eq!(equipped(&g, a, "swrd"), 6);
    assert_eq!(has(&g, a, "swrd"), 6);
    assert_eq!(has(&g, b, "swrd"), 4);
    assert_eq!(equipped(&g, b, "swrd"), 0);
}

#[test]
fn ov_rep_047_a_harvester_shows_itself_that_day() {
    use umpire_core::dice::Dice;
    use umpire_overlord::turn::Turn;
    use umpire_overlord::turn::orders::use_skill::{Request, settle_harvests};
    let mut g = Game::new(1, 2);
    offer(&mut g, 1, "ston", 100);
    // An amulet of shadows hides the leader from faction 2's eyes there.
    let u = g.leader(1, 1);
    g.learn(u, "digg", 1);
    g.w.units[u].add_items(item("amsh"), 1, 1);
    g.leader(2, 1);
    let (f2, l1) = (g.faction(2), g.loc(1));
    let mut t = Turn::new(&mut g.w, rules(), Dice::for_turn(7, 1));
    t.new_day(1);
    assert!(!t.sees(f2, u));
    t.harvests.push(Request {
        unit: u,
        skill: skill("digg"),
        place: l1,
        item: item("ston"),
        want: 1,
        bonus: 0,
        counted: false,
    });
    settle_harvests(&mut t);
    assert!(t.sees(f2, u), "stone has weight: the digger is seen");
    t.new_day(2);
    assert!(!t.sees(f2, u));
}

// --- The land's resources at month end (the full game) ----------------

fn full(g: &Game, at: u32, tag: &str) -> u64 {
    let l = g.loc(at);
    g.w.locations[l]
        .resources
        .iter()
        .find(|r| r.item == item(tag))
        .map_or(0, |r| r.full)
}

#[test]
fn ov_wld_039_what_is_not_harvested_does_not_carry_over() {
    let mut g = Game::new(1, 1);
    offer(&mut g, 1, "ston", 40);
    let u = workers(&mut g, 60, "digg", 1);
    g.orders(u, &["USE digg"]);
    g.run(&[]);
    assert_eq!(has(&g, u, "ston"), 10);
    // 30 were left: next month offers its 40, not 70 nor 30.
    assert_eq!(left(&g, 1, "ston"), 40);
    assert_eq!(full(&g, 1, "ston"), 40);
}

#[test]
fn ov_bld_033_a_finished_guard_tower_seats_a_vacant_sheriff() {
    use umpire_overlord::world::structure::Progress;
    let mut g = Game::new(1, 1);
    let r = rules();
    let kind = r.construction("gtow").unwrap();
    let l = g.loc(1);
    let mut st = umpire_overlord::world::Structure::new(1, kind, l);
    st.complete = false;
    st.faction = Some(g.faction(1));
    // Everything fitted but the last piece of wood.
    st.progress = r.constructions[kind]
        .works
        .iter()
        .map(|w| Progress {
            work: w.work.id(),
            done: if r.works[w.work.id()].tag == "woodwk" {
                w.count - 1
            } else {
                w.count
            },
        })
        .collect();
    let s = g.w.structures.push(st);
    g.w.locations[l].structures.push(s);
    let u = builders(&mut g, 20, 5);
    let buil = r.skill("buil").unwrap();
    g.w.units[u].learn(buil, 9000);
    g.orders(u, &["TARGET B1", "USE carp"]);
    let log = g.run_bare(&[]);
    assert!(g.w.structures[s].complete);
    assert!(first(&log, u, |w| matches!(w, What::StructureCompleted { .. })).is_some());
    let shrf = r.title("shrf").unwrap();
    assert_eq!(
        g.w.locations[l].titles,
        [umpire_overlord::world::Seat {
            title: shrf,
            holder: None
        }]
    );
}

#[test]
fn ov_bld_011_a_stealthy_unit_slips_into_an_owned_structure() {
    let mut g = Game::new(1, 2);
    let r = rules();
    let l = g.loc(1);
    let s = g.w.structures.push(umpire_overlord::world::Structure::new(
        7,
        r.construction("tent").unwrap(),
        l,
    ));
    g.w.locations[l].structures.push(s);
    let owner = g.leader(2, 1);
    g.w.units[owner].structure = Some(s);
    // Leaders watch with observation 0: stealth 3 is not enough, 4 is.
    let sneak = g.leader(1, 1);
    let thief = g.leader(1, 1);
    g.learn(sneak, "stea", 3);
    g.learn(thief, "stea", 4);
    g.orders(sneak, &["ENTER B7"]);
    g.orders(thief, &["ENTER B7"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[sneak].structure, None);
    assert_eq!(g.w.units[thief].structure, Some(s));
    // A watcher with observation 1 keeps the better thief out too.
    let out = g.leader(1, 1);
    g.learn(out, "stea", 4);
    g.learn(owner, "obse", 1);
    g.orders(out, &["ENTER B7"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[out].structure, None);
}

#[test]
fn ov_uo_009_several_builders_each_give_their_own_wood_and_work() {
    let mut g = Game::new(1, 1);
    let a = builders(&mut g, 10, 100);
    g.orders(a, &["BUILD carp mine 3"]);
    g.run_bare(&[]);
    let code = g.w.structures.values().next().unwrap().code();
    // Two more join in the same month, each building on the same mine.
    let b = builders(&mut g, 10, 100);
    let c = builders(&mut g, 10, 100);
    g.orders(b, &[&format!("BUILD carp {code} 2")]);
    g.orders(c, &[&format!("BUILD carp {code} 4")]);
    g.run_bare(&[]);
    assert_eq!(g.w.structures.len(), 1);
    assert_eq!(
        g.w.structures.values().next().unwrap().progress[0].done,
        3 + 2 + 4
    );
    // Each paid its own wood: one a work.
    assert_eq!(
        (has(&g, a, "wood"), has(&g, b, "wood"), has(&g, c, "wood")),
        (97, 98, 96)
    );
}

#[test]
fn ov_wld_024_winter_takes_nothing_off_production() {
    let run = |turn: u32| {
        let mut g = Game::new(1, 1);
        g.w.turn = turn;
        offer(&mut g, 1, "hrse", 1000);
        // Horse breaking: a horse per 30 man-days; 30 men, one a day.
        let u = workers(&mut g, 30, "hors", 1);
        g.learn(u, "beas", 1);
        g.orders(u, &["10 USE hors"]);
        g.run_bare(&[]);
        has(&g, u, "hrse")
    };
    // Turn 1 is spring, turn 10 the first of winter, turn 12 the last.
    assert_eq!(run(0), 10);
    assert_eq!(run(9), 10);
    assert_eq!(run(11), 10);
}
