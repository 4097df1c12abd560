//! Buildings: what they are made of, who owns and enters them, how
//! their occupants deal with the place around them, and what a finished
//! one brings (OV-BLD).

use umpire_overlord::report::knowledge::skill_entry;
use umpire_overlord::turn::log::UseProblem;
use umpire_overlord::world::structure::Progress;
use umpire_overlord::world::{Stance, Structure, StructureId};

use super::*;

/// A structure `tag` numbered 7 at L1, complete or not.
fn building(g: &mut Game, tag: &str, complete: bool) -> StructureId {
    let l = g.loc(1);
    let mut s = Structure::new(7, rules().construction(tag).unwrap(), l);
    s.complete = complete;
    let id = g.w.structures.push(s);
    g.w.locations[l].structures.push(id);
    id
}

fn give(g: &mut Game, u: UnitId, tag: &str, n: u64) {
    g.w.units[u].add_items(rules().item(tag).unwrap(), n, 0);
}

fn has(g: &Game, u: UnitId, tag: &str) -> u64 {
    g.w.units[u].count(rules().item(tag).unwrap())
}

fn cannot(log: &TurnLog, u: UnitId) -> Option<UseProblem> {
    log.of_unit(u).find_map(|e| match e.what {
        What::CannotUse { why, .. } => Some(why),
        _ => None,
    })
}

/// The works of construction `tag`, by work tag, sorted.
fn works(tag: &str) -> Vec<(String, u32)> {
    let r = rules();
    let c = &r.constructions[r.construction(tag).unwrap()];
    let mut w: Vec<(String, u32)> = c
        .works
        .iter()
        .map(|w| (w.work.tag().to_string(), w.count))
        .collect();
    w.sort();
    w
}

/// The seed's table as works: wood and stone (stone split evenly
/// between fortification work and stonework for military structures),
/// and the others (iron reinforcement, key stone, magical consecration).
fn expect(tag: &str, wood: u32, stone: u32, military: bool, others: &[(&str, u32)]) {
    let mut want: Vec<(String, u32)> = Vec::new();
    if wood > 0 {
        want.push(("woodwk".into(), wood));
    }
    if military {
        want.push(("fortwk".into(), stone / 2));
        want.push(("stonwk".into(), stone - stone / 2));
    } else if stone > 0 {
        want.push(("stonwk".into(), stone));
    }
    for &(w, n) in others {
        want.push((w.into(), n));
    }
    want.sort();
    assert_eq!(works(tag), want, "{tag}");
    let r = rules();
    assert_eq!(
        r.constructions[r.construction(tag).unwrap()].military,
        military,
        "{tag}"
    );
}

// --- Structures and their place ------------------------------------------

#[test]
fn ov_bld_002_occupants_give_and_teach_across_the_walls() {
    let mut g = Game::new(1, 1);
    let s = building(&mut g, "tent", true);
    let teacher = g.leader(1, 1);
    let pupils = g.unit(1, "man", 10, 1);
    g.w.units[teacher].structure = Some(s);
    g.learn(teacher, "cmbt", 2);
    give(&mut g, teacher, "wood", 8);
    give(&mut g, pupils, "coin", 100);
    give(&mut g, pupils, "ston", 3);
    // Inside to outside and outside to inside, as in one place.
    g.orders(teacher, &["GIVE U2 wood 5", "TEACH U2 cmbt"]);
    g.orders(pupils, &["GIVE U1 ston 3", "STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!((has(&g, teacher, "wood"), has(&g, pupils, "wood")), (3, 5));
    assert_eq!((has(&g, teacher, "ston"), has(&g, pupils, "ston")), (3, 0));
    // Taught from inside: twice the day's study.
    let gains: Vec<u32> = log
        .of_unit(pupils)
        .filter_map(|e| match e.what {
            What::Studied { gain, .. } => Some(gain),
            _ => None,
        })
        .collect();
    assert_eq!(gains.first(), Some(&200), "{gains:?}");
    assert!(first(&log, teacher, |w| matches!(w, What::Taught { .. })).is_some());
}

#[test]
fn ov_bld_003_enter_and_leave_take_no_day() {
    let mut g = Game::new(1, 1);
    let s = building(&mut g, "tent", true);
    let u = g.unit(1, "man", 10, 1);
    give(&mut g, u, "coin", 100);
    g.orders(u, &["ENTER B7", "LEAVE", "ENTER B7", "STUDY cmbt"]);
    let log = g.run_bare(&[]);
    let moves: Vec<(u8, bool)> = log
        .of_unit(u)
        .filter_map(|e| match e.what {
            What::Entered { .. } => Some((e.day, true)),
            What::Left { .. } => Some((e.day, false)),
            _ => None,
        })
        .collect();
    assert_eq!(moves, [(1, true), (1, false), (1, true)]);
    assert_eq!(g.w.units[u].structure, Some(s));
    // The day itself went to study, from the first day.
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::Studied { .. })),
        Some(1)
    );
    assert_eq!(g.w.units[u].location, g.loc(1));
}

#[test]
fn ov_bld_008_nobody_enters_an_unfinished_structure() {
    let mut g = Game::new(1, 1);
    let s = building(&mut g, "tave", false);
    let u = g.unit(1, "man", 10, 1);
    g.orders(u, &["ENTER B7"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].structure, None);
    assert_eq!(g.pending(u), ["ENTER B7"], "the ENTER waits");
    // Finished, it lets the unit in.
    g.w.structures[s].complete = true;
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].structure, Some(s));
}

#[test]
fn ov_bld_009_half_a_castle_s_stone_is_fortification_work() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let s = building(&mut g, "cast", false);
    // All the stonework fitted, no fortification work yet.
    let stonwk = r.works.iter().find(|(_, w)| w.tag == "stonwk").unwrap().0;
    g.w.structures[s].progress = vec![Progress {
        work: stonwk,
        done: 250,
    }];
    g.w.structures[s].faction = Some(g.faction(1));
    let mason = g.unit(1, "man", 10, 1);
    let sapper = g.unit(1, "man", 10, 1);
    for (u, skill) in [(mason, "maso"), (sapper, "sieg")] {
        g.learn(u, "buil", 1);
        g.learn(u, skill, 1);
        give(&mut g, u, "ston", 10);
    }
    g.orders(mason, &["TARGET B7", "USE maso 1"]);
    g.orders(sapper, &["TARGET B7", "USE sieg 1"]);
    let log = g.run_bare(&[]);
    // Masonry has nothing left to fit; siegecraft fits a fortification
    // work from a stone (10 men, 10 man-days).
    assert_eq!(cannot(&log, mason), Some(UseProblem::NothingToFit));
    assert_eq!(has(&g, mason, "ston"), 10);
    assert_eq!(has(&g, sapper, "ston"), 9);
    let fortwk = r.works.iter().find(|(_, w)| w.tag == "fortwk").unwrap().0;
    let done: Vec<(umpire_overlord::rules::WorkId, u32)> = g.w.structures[s]
        .progress
        .iter()
        .map(|p| (p.work, p.done))
        .collect();
    assert_eq!(done, [(stonwk, 250), (fortwk, 1)]);
    expect("cast", 150, 500, true, &[("ironwk", 90), ("kstnwk", 10)]);
}

#[test]
fn ov_bld_010_an_owned_structure_keeps_out_the_unfriendly_with_nobody_inside() {
    let mut g = Game::new(1, 2);
    let s = building(&mut g, "tave", true);
    g.w.structures[s].faction = Some(g.faction(2));
    let stranger = g.unit(1, "man", 10, 1);
    let own = g.unit(2, "man", 10, 1);
    g.orders(stranger, &["ENTER B7"]);
    g.orders(own, &["ENTER B7"]);
    g.run_bare(&[]);
    // Nobody of f2 was inside: the structure still kept f1 out.
    assert_eq!(g.w.units[stranger].structure, None);
    assert_eq!(g.w.units[own].structure, Some(s));
    // Once f2 holds f1 Friendly, the door opens.
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, Stance::Friendly);
    g.w.units[own].structure = None;
    g.run_bare(&[]);
    assert_eq!(g.w.units[stranger].structure, Some(s));
}

#[test]
fn ov_bld_012_the_owner_is_the_structure_s_faction_not_the_first_inside() {
    let mut g = Game::new(1, 3);
    let s = building(&mut g, "tave", true);
    g.w.structures[s].faction = Some(g.faction(2));
    // An f1 intruder is first inside, f2's keeper after it.
    let intruder = g.leader(1, 1);
    let keeper = g.leader(2, 1);
    g.w.units[intruder].structure = Some(s);
    g.w.units[keeper].structure = Some(s);
    let friend = g.unit(1, "man", 10, 1);
    let raider = g.unit(3, "man", 10, 1);
    g.w.units[raider].add_items(rules().item("swrd").unwrap(), 10, 10);
    g.learn(raider, "cmbt", 1);
    // The intruder's faction does not decide who comes in: f2 does.
    g.orders(friend, &["ENTER B7"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[friend].structure, None);
    // ATTACK B7 goes for the owner's unit inside, not the first one.
    g.orders(friend, &[]);
    g.orders(raider, &["ATTACK B7"]);
    let log = g.run_bare(&[]);
    let battle = log
        .events
        .iter()
        .find_map(|e| match &e.what {
            What::Battle {
                attacker, defender, ..
            } => Some((*attacker, *defender)),
            _ => None,
        })
        .unwrap();
    assert_eq!(battle, (raider, keeper));
}

// --- What each structure is made of (the seed's table) ---------------------

#[test]
fn ov_bld_014_barracks_100_wood_50_stone() {
    expect("barr", 100, 50, false, &[]);
}

#[test]
fn ov_bld_015_castle_150_wood_500_stone_military_90_iron_10_keystone() {
    expect("cast", 150, 500, true, &[("ironwk", 90), ("kstnwk", 10)]);
}

#[test]
fn ov_bld_017_docks_100_wood_100_stone() {
    expect("dock", 100, 100, false, &[]);
}

#[test]
fn ov_bld_018_farm_90_wood_tagged_afrm() {
    // `farm` is farming's tag: the farm is [afrm] (RULES-DECISIONS).
    assert!(rules().skill("farm").is_some());
    assert!(rules().construction("farm").is_none());
    expect("afrm", 90, 0, false, &[]);
    // Built like any other: TARGET afrm starts one.
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 10, 1);
    g.learn(u, "buil", 1);
    g.learn(u, "carp", 1);
    give(&mut g, u, "wood", 5);
    g.orders(u, &["TARGET afrm", "USE carp 1"]);
    g.run_bare(&[]);
    let kinds: Vec<_> = g.w.structures.values().map(|s| s.kind).collect();
    assert_eq!(kinds, [rules().construction("afrm").unwrap()]);
}

#[test]
fn ov_bld_019_fishery_50_wood_25_stone_tagged_fsry() {
    // `fish` is the fish item's tag: the fishery is [fsry].
    assert!(rules().item("fish").is_some());
    assert!(rules().construction("fish").is_none());
    expect("fsry", 50, 25, false, &[]);
}

#[test]
fn ov_bld_020_fortress_100_wood_300_stone_military_50_iron() {
    expect("fort", 100, 300, true, &[("ironwk", 50)]);
}

#[test]
fn ov_bld_021_guard_tower_40_wood_100_stone_military_10_iron() {
    expect("gtow", 40, 100, true, &[("ironwk", 10)]);
}

#[test]
fn ov_bld_022_guildhall_80_wood_20_stone() {
    expect("guld", 80, 20, false, &[]);
}

#[test]
fn ov_bld_023_magic_guild_50_wood_300_stone_10_keystone_1_magekey() {
    expect("mgld", 50, 300, false, &[("kstnwk", 10), ("mconwk", 1)]);
}

#[test]
fn ov_bld_024_marketplace_50_wood_50_stone() {
    expect("mrkt", 50, 50, false, &[]);
}

#[test]
fn ov_bld_025_mine_75_wood() {
    expect("mine", 75, 0, false, &[]);
}

#[test]
fn ov_bld_026_tavern_75_wood_25_stone() {
    expect("tave", 75, 25, false, &[]);
}

#[test]
fn ov_bld_028_keystones_need_2nd_digging_and_the_magekey_2nd_magecraft() {
    let r = rules();
    let req = |tag: &str| -> Vec<(String, u8)> {
        r.skills[r.skill(tag).unwrap()]
            .requires
            .iter()
            .map(|s| (s.skill.tag().to_string(), s.level))
            .collect()
    };
    assert_eq!(req("stcu"), [("digg".to_string(), 2)]);
    assert_eq!(req("mkky"), [("mage".to_string(), 2)]);
    // Stone cutting makes a keystone from granite in 30 man-days; raising
    // stones fits it as key stonework.
    let mut g = Game::new(1, 1);
    let cutters = g.unit(1, "man", 30, 1);
    g.learn(cutters, "digg", 2);
    g.learn(cutters, "stcu", 1);
    give(&mut g, cutters, "gran", 2);
    g.orders(cutters, &["USE stcu 2"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, cutters, "kstn"), 2, "{:?}", cannot(&log, cutters));
    assert_eq!(has(&g, cutters, "gran"), 0);
    // The mage key: silver and 15 man-days at 1st level.
    let mage = g.leader(1, 1);
    g.learn(mage, "mage", 2);
    g.learn(mage, "mkky", 1);
    give(&mut g, mage, "silv", 1);
    g.w.units[mage].mana = 50;
    g.orders(mage, &["USE mkky 15"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, mage, "mkey"), 1, "{:?}", cannot(&log, mage));
    assert_eq!(has(&g, mage, "silv"), 0);
}

#[test]
fn ov_bld_029_the_skills_that_build_a_structure_describe_it() {
    let r = rules();
    // Shipcraft builds a fishing boat, stone fortress a fortress, the
    // tower consecration a magic tower: each level's entry says so.
    for (skill, name) in [
        ("ship", "fishing boat [fshi]"),
        ("stft", "fortress [fort]"),
        ("ctow", "magic tower [mtow]"),
    ] {
        let text = skill_entry(r, r.skill(skill).unwrap(), 1);
        assert!(text.contains(&format!("Builds {name}")), "{text}");
    }
}

#[test]
fn ov_bld_042_a_finished_marketplace_opens_the_market() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let s = building(&mut g, "mrkt", false);
    g.w.structures[s].faction = Some(g.faction(1));
    // Everything fitted but the last wood.
    let kind = g.w.structures[s].kind;
    g.w.structures[s].progress = r.constructions[kind]
        .works
        .iter()
        .map(|w| Progress {
            work: w.work.id(),
            done: if w.work.tag() == "woodwk" {
                w.count - 1
            } else {
                w.count
            },
        })
        .collect();
    let l = g.loc(1);
    assert!(g.w.locations[l].market.buys.is_empty() && g.w.locations[l].market.sells.is_empty());
    let u = g.unit(1, "man", 10, 1);
    g.learn(u, "buil", 2);
    g.learn(u, "carp", 1);
    give(&mut g, u, "wood", 1);
    g.orders(u, &["TARGET B7", "USE carp 1"]);
    let log = g.run_bare(&[]);
    assert!(g.w.structures[s].complete);
    assert!(first(&log, u, |w| matches!(w, What::StructureCompleted { .. })).is_some());
    // The town now wants food (and what the land yields) at its price.
    let food = r.item("food").unwrap();
    let buys = &g.w.locations[l].market.buys;
    assert!(
        buys.iter()
            .any(|o| o.item == food && o.count > 0 && o.price == r.items[food].price),
        "{buys:?}"
    );
}

#[test]
fn ov_bld_042_a_marketplace_leaves_an_existing_market_alone() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let l = g.loc(1);
    let wood = r.item("wood").unwrap();
    let offer = umpire_overlord::world::Offer {
        item: wood,
        count: 7,
        price: 3,
    };
    g.w.locations[l].market.sells = vec![offer];
    let s = building(&mut g, "mrkt", false);
    let kind = g.w.structures[s].kind;
    g.w.structures[s].progress = r.constructions[kind]
        .works
        .iter()
        .map(|w| Progress {
            work: w.work.id(),
            done: if w.work.tag() == "woodwk" {
                w.count - 1
            } else {
                w.count
            },
        })
        .collect();
    let u = g.unit(1, "man", 10, 1);
    g.learn(u, "buil", 2);
    g.learn(u, "carp", 1);
    give(&mut g, u, "wood", 1);
    g.orders(u, &["TARGET B7", "USE carp 1"]);
    g.run_bare(&[]);
    assert!(g.w.structures[s].complete);
    assert!(g.w.locations[l].market.buys.is_empty());
    assert_eq!(g.w.locations[l].market.sells, [offer]);
}
