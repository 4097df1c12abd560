//! The knowledge part of a faction's report (OV-REP-037..040,
//! OV-SKL-035, OV-FO-020..024): what a faction discovers in a turn, the
//! item and skill entries, and the section as the report prints it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::OnceLock;

use umpire_overlord::report::knowledge::{
    Discovered, discover, item_entry, remember, section, skill_entry,
};
use umpire_overlord::report::text::{Inputs, report};
use umpire_overlord::rules::{ItemId, Rules, SkillId};
use umpire_overlord::turn::{Event, NoEconomy, TurnLog, What, run_turn_with};
use umpire_overlord::world::structure::Teaching;
use umpire_overlord::world::{
    Faction, FactionId, Known, Location, LocationId, Offer, Player, Resource, Structure, Unit,
    UnitId, World,
};

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::bundled().expect("bundled rules"))
}

fn item(tag: &str) -> ItemId {
    rules().item(tag).unwrap()
}

fn skill(tag: &str) -> SkillId {
    rules().skill(tag).unwrap()
}

/// A world of `places` plains locations L1…, factions f1 and f2.
fn world(places: u32) -> World {
    let r = rules();
    let mut w = World {
        game: "test".into(),
        seed: 7,
        ..World::default()
    };
    for n in 1..=2 {
        w.factions
            .push(Faction::new(n, format!("Faction {n}"), Player::Human));
    }
    for n in 1..=places {
        let mut l = Location::new(n, r.terrain("plai").unwrap(), r.weather("fair").unwrap());
        l.name = format!("Place {n}");
        w.locations.push(l);
    }
    w
}

fn place(w: &World, n: u32) -> LocationId {
    w.location_by_number(n).unwrap()
}

fn f1(w: &World) -> FactionId {
    w.faction_by_number(1).unwrap()
}

/// A unit of faction `f`: `figures` of `race` at L`at`.
fn unit(w: &mut World, f: u32, race: &str, figures: u32, at: u32) -> UnitId {
    let n = u32::try_from(w.units.len()).unwrap() + 1;
    let (fid, l) = (w.faction_by_number(f).unwrap(), place(w, at));
    let id = w
        .units
        .push(Unit::new(n, fid, rules().race(race).unwrap(), figures, l));
    w.locations[l].units.push(id);
    id
}

fn learn(w: &mut World, u: UnitId, tag: &str, level: u8) {
    let s = skill(tag);
    let xp = rules().skills[s].levels[usize::from(level) - 1].experience;
    w.units[u].learn(s, xp);
}

/// A complete structure of `kind` at L`at`.
fn structure(w: &mut World, kind: &str, at: u32) -> umpire_overlord::world::StructureId {
    let l = place(w, at);
    let n = u32::try_from(w.structures.len()).unwrap() + 1;
    let s = w
        .structures
        .push(Structure::new(n, rules().construction(kind).unwrap(), l));
    w.locations[l].structures.push(s);
    s
}

/// The discovery as tags: items, then skills as "tag level".
fn tags(d: &Discovered) -> (Vec<String>, Vec<String>) {
    let r = rules();
    (
        d.items.iter().map(|&i| r.items[i].tag.clone()).collect(),
        d.skills
            .iter()
            .map(|&(s, l)| format!("{} {l}", r.skills[s].tag))
            .collect(),
    )
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// An event the faction saw, as the engine would log it.
fn seen(w: &World, unit: Option<UnitId>, what: What) -> Event {
    Event {
        day: 1,
        unit,
        place: Some(place(w, 1)),
        what,
        seen_by: [f1(w)].into_iter().collect(),
    }
}

// --- Entries ------------------------------------------------------------

#[test]
fn ov_rep_038_sword_entry() {
    assert_eq!(
        item_entry(rules(), item("swrd")),
        "sword [swrd]: Weight 4. The standard bladed weapon of foot soldiers. \
         Equipped using 1st blades [blde]. Equipment category: weapon, 1 per figure. \
         Equipment gives +3 to melee, +2 to defense, +2 to damage."
    );
    assert_eq!(
        item_entry(rules(), item("coin")),
        "coin [coin]: The basic unit of money."
    );
}

#[test]
fn ov_rep_038_horse_entry_with_its_equipped_capacity() {
    // Held: 120 walking, 95 riding; equipped: 120 walking, 200 riding.
    assert_eq!(
        item_entry(rules(), item("hrse")),
        "horse [hrse]: Weight 100, capacity: 120/walking, 95/riding (200 while equipped). \
         The ordinary mount, good for quick riding and carrying light loads. It has no \
         combat training and gets in its rider's way during battle. Equipment category: \
         mount, 1 per figure. Equipment gives -1 to melee, -1 to defense, +3 to initiative."
    );
}

#[test]
fn ov_rep_038_per_figure_limit_prospect_and_battle_use() {
    assert_eq!(
        item_entry(rules(), item("houn")),
        "hunting hound [houn]: Weight 10, capacity: 10/walking (11 while equipped), \
         0/riding (10 while equipped). A loyal, simple animal. A hound makes its owner a \
         little quicker in battle and adds its own bite to its master's damage. Equipment \
         category: misc, 2 per figure. Equipment gives +1 to damage, +1 to initiative, \
         +2 to upkeep. Found in the land only with 1st train hunting hounds [thou]."
    );
    assert_eq!(
        item_entry(rules(), item("xbow")),
        "crossbow [xbow]: Weight 7. The great leveler: easy to learn and brutally \
         effective, but slow. A unit must RELOAD after firing a crossbow. Equipped using \
         1st archery [arch]. Equipment category: weapon, 1 per figure. Equipment gives +6 \
         to missile, +5 to ranged damage. In battle: a ranged attack on an opposing unit \
         at range 2."
    );
}

#[test]
fn ov_rep_040_combat_entry() {
    assert_eq!(
        skill_entry(rules(), skill("cmbt"), 1),
        "1st combat [cmbt]: Fundamental fighting drill for soldiers and commanders alike, \
         and the root of every other combat skill. The first level gives +1 melee and +1 \
         defense. Requires 30 days and $1/day to reach the level. This is a basic skill. \
         This is a combat skill. Gives +1 to melee. Gives +1 to defense."
    );
    // A higher level: its own text, the total days to reach it.
    assert_eq!(
        skill_entry(rules(), skill("cmbt"), 2),
        "2nd combat [cmbt]: More thorough drill: +2 melee and +2 defense. Requires 90 days \
         and $1/day to reach the level. This is a basic skill. This is a combat skill. \
         Gives +2 to melee. Gives +2 to defense."
    );
}

#[test]
fn ov_rep_040_prerequisite_leader_only_use_and_battle_action() {
    assert_eq!(
        skill_entry(rules(), skill("blde"), 1),
        "1st blades [blde]: Skill with swords and other edged weapons, needed to equip \
         them. Requires combat; the first level gives +1 melee and +1 defense. Requires 30 \
         days and $1/day to reach the level. Requires 1st combat [cmbt] to learn. This is a \
         combat skill. Gives +1 to melee. Gives +1 to defense."
    );
    assert_eq!(
        skill_entry(rules(), skill("digg"), 1),
        "1st digging [digg]: Basic skill of quarrying stone from the earth. USE in a \
         location that offers stone harvests one stone [ston] per 6 man-days, and pickaxes \
         [pick] speed the work. Requires 30 days and $1/day to reach the level. This is a \
         basic skill. Harvests 1 stone [ston] in 6 days, faster with a pickaxe [pick] \
         equipped."
    );
    assert_eq!(
        skill_entry(rules(), skill("mage"), 1),
        "1st magecraft [mage]: The root of all magic, open only to leaders. The first \
         level gives 1 mana and lets the mage take up one elemental magic skill; every \
         further level allows one more element. Requires 30 days and $3/day to reach the \
         level. Only leaders may study this skill. This is a basic skill. This is a magic \
         skill. Gives +1 to mana."
    );
    assert_eq!(
        skill_entry(rules(), skill("mark"), 1),
        "1st marksmanship [mark]: Lets an archer equipped with a longbow [lbow] pick off \
         an enemy unit further away, firing at range 3 with +4 ranged damage. Requires \
         3rd-level archery; the first level also gives +1 missile. Requires 60 days and \
         $1/day to reach the level. Requires 3rd archery [arch] to learn. This is a combat \
         skill. Gives +1 to missile. In battle: a ranged attack on an opposing unit at \
         range 3; effect: +4 to ranged damage."
    );
    // Materials and capacity bonuses.
    assert_eq!(
        skill_entry(rules(), skill("skin"), 1),
        "1st skinning [skin]: Turning even ordinary livestock into good hides. Requires \
         hunting; USE turns one cattle [catt] into 8 hides [hide] per 30 man-days. Requires \
         60 days and $1/day to reach the level. Requires 1st hunting [hunt] to learn. Makes \
         8 hides [hide] in 30 days from 1 cattle [catt]."
    );
    assert!(
        skill_entry(rules(), skill("plwk"), 1).contains(" Gives +10 to riding capacity. "),
        "{}",
        skill_entry(rules(), skill("plwk"), 1)
    );
}

// --- Discovery ----------------------------------------------------------

#[test]
fn ov_rep_037_held_items_and_the_skills_they_name() {
    let mut w = world(1);
    let u = unit(&mut w, 1, "ldr", 1, 1);
    w.units[u].add_items(item("swrd"), 1, 0);
    w.units[u].add_items(item("coin"), 100, 0);
    let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
    // The sword names blades, blades needs combat.
    assert_eq!(
        tags(&d),
        (strings(&["coin", "swrd"]), strings(&["cmbt 1", "blde 1"]))
    );
    // Another faction's unit with its own things teaches f1 nothing.
    let other = unit(&mut w, 2, "ldr", 1, 1);
    w.units[other].add_items(item("hrse"), 1, 0);
    assert_eq!(discover(&w, rules(), &TurnLog::default(), f1(&w)), d);
}

#[test]
fn ov_rep_037_markets_and_resources_where_the_faction_is() {
    let mut w = world(2);
    let u = unit(&mut w, 1, "man", 10, 1);
    let l1 = place(&w, 1);
    w.locations[l1].market.sells.push(Offer {
        item: item("iron"),
        count: 5,
        price: 30,
    });
    w.locations[l1].market.buys.push(Offer {
        item: item("wood"),
        count: 5,
        price: 10,
    });
    for tag in ["ston", "houn"] {
        w.locations[l1].resources.push(Resource {
            item: item(tag),
            amount: 10,
            full: 10,
        });
    }
    // L2's market is not seen: nobody is there.
    let l2 = place(&w, 2);
    w.locations[l2].market.sells.push(Offer {
        item: item("silv"),
        count: 5,
        price: 30,
    });
    let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
    // Hounds are found only with 1st train hunting hounds.
    assert_eq!(tags(&d).0, strings(&["ston", "iron", "wood"]));
    learn(&mut w, u, "thou", 1);
    let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
    assert!(tags(&d).0.contains(&"houn".to_string()), "{:?}", tags(&d));
    assert!(!tags(&d).0.contains(&"silv".to_string()));
}

#[test]
fn ov_rep_037_items_in_events_the_faction_saw() {
    let mut w = world(1);
    let u = unit(&mut w, 1, "man", 1, 1);
    let log = TurnLog {
        turn: 1,
        month: Vec::new(),
        events: vec![
            seen(
                &w,
                Some(u),
                What::Sold {
                    item: item("silv"),
                    count: 1,
                    price: 70,
                    cleared: 70,
                },
            ),
            seen(
                &w,
                Some(u),
                What::Produced {
                    skill: skill("skin"),
                    item: item("hide"),
                    count: 8,
                },
            ),
        ],
    };
    let d = discover(&w, rules(), &log, f1(&w));
    // Silver is found only with silver mining, which needs mining, which
    // needs digging: their uses name iron, stone and the pickaxe.
    assert_eq!(
        tags(&d),
        (
            strings(&["ston", "iron", "silv", "hide", "pick"]),
            strings(&["digg 1", "mini 1", "smin 1"])
        )
    );
}

#[test]
fn ov_skl_035_a_level_reached_and_the_next_one() {
    let mut w = world(1);
    let u = unit(&mut w, 1, "ldr", 1, 1);
    w.units[u].add_items(item("coin"), 100, 0);
    // One day short of 1st combat, then a day of study.
    w.units[u].learn(skill("cmbt"), 2900);
    w.units[u].orders = vec!["STUDY cmbt".into()];
    let log = run_turn_with(&mut w, rules(), &[], 7, &mut NoEconomy);
    assert!(log.events.iter().any(|e| e.what
        == What::LevelReached {
            skill: skill("cmbt"),
            level: 1
        }));
    // The engine already counts 1st combat as known (OV-UO-101)…
    assert_eq!(w.factions[f1(&w)].known_skills, [(skill("cmbt"), 1)]);
    // …but the report shows it, with the 2nd level, and the skills 1st
    // combat opens to a leader.
    let d = discover(&w, rules(), &log, f1(&w));
    assert_eq!(
        tags(&d),
        (
            strings(&["coin"]),
            strings(&[
                "cmbt 1", "cmbt 2", "blde 1", "mele 1", "arch 1", "parr 1", "mane 1", "tact 1",
                "taxe 1"
            ])
        )
    );
    // Leader-only tactics is not open to men.
    let mut w2 = world(1);
    let men = unit(&mut w2, 1, "man", 5, 1);
    learn(&mut w2, men, "cmbt", 1);
    let d = discover(&w2, rules(), &TurnLog::default(), f1(&w2));
    assert!(
        !tags(&d).1.contains(&"tact 1".to_string()),
        "{:?}",
        tags(&d)
    );
    assert!(tags(&d).1.contains(&"cmbt 2".to_string()));
}

#[test]
fn ov_skl_035_below_the_first_level_the_first_is_shown() {
    let mut w = world(1);
    let u = unit(&mut w, 1, "ldr", 1, 1);
    w.units[u].learn(skill("mage"), 100);
    let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
    assert_eq!(tags(&d).1, strings(&["mage 1"]));
    // At the last level there is no next one; magecraft's closed 7th
    // level is described as out of reach.
    learn(&mut w, u, "mage", 6);
    let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
    assert!(tags(&d).1.contains(&"mage 7".to_string()), "{:?}", tags(&d));
    assert!(!tags(&d).1.contains(&"mage 8".to_string()));
}

#[test]
fn ov_rep_039_skills_taught_where_the_faction_is() {
    let mut w = world(2);
    unit(&mut w, 1, "man", 1, 1);
    // A seat of teaching here (eart to 2nd), another in L2 where the
    // faction is not, and an unfinished one here.
    let here = structure(&mut w, "mgld", 1);
    w.structures[here].teaches = vec![Teaching {
        skill: skill("eart"),
        level: 2,
    }];
    let there = structure(&mut w, "mgld", 2);
    w.structures[there].teaches = vec![Teaching {
        skill: skill("fire"),
        level: 2,
    }];
    let unfinished = structure(&mut w, "guld", 1);
    w.structures[unfinished].complete = false;
    let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
    // The guild's construction speeds magecraft study: magecraft 1st; its
    // seat teaches earth magic to 2nd, which needs magecraft.
    assert_eq!(tags(&d).1, strings(&["mage 1", "eart 1", "eart 2"]));
    // Taught by a unit in an event the faction saw.
    let log = TurnLog {
        turn: 1,
        month: Vec::new(),
        events: vec![seen(
            &w,
            None,
            What::Taught {
                lessons: vec![(None, skill("cmbt"))],
            },
        )],
    };
    let d = discover(&w, rules(), &log, f1(&w));
    assert_eq!(
        tags(&d).1,
        strings(&["cmbt 1", "mage 1", "eart 1", "eart 2"])
    );
}

#[test]
fn ov_rep_037_039_closure_item_to_skill_to_item() {
    let mut w = world(1);
    let u = unit(&mut w, 1, "man", 1, 1);
    // A pickaxe is equipped with digging, whose use names stone.
    w.units[u].add_items(item("pick"), 1, 0);
    // Plate mail needs 2nd parry, parry needs combat.
    w.units[u].add_items(item("plat"), 1, 0);
    let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
    assert_eq!(
        tags(&d),
        (
            strings(&["ston", "pick", "plat"]),
            strings(&["cmbt 1", "parr 1", "parr 2", "digg 1"])
        )
    );
}

#[test]
fn ov_rep_037_remember_then_nothing_new() {
    let mut w = world(1);
    let u = unit(&mut w, 1, "ldr", 1, 1);
    w.units[u].add_items(item("swrd"), 1, 0);
    w.units[u].add_items(item("coin"), 100, 0);
    w.units[u].learn(skill("cmbt"), 2900);
    w.units[u].orders = vec!["STUDY cmbt".into()];
    let log = run_turn_with(&mut w, rules(), &[], 7, &mut NoEconomy);
    let f = f1(&w);
    let d = discover(&w, rules(), &log, f);
    assert!(!d.is_empty());
    remember(&mut w, f, &d);
    assert_eq!(
        w.factions[f].known,
        [
            Known::Item(item("coin")),
            Known::Item(item("swrd")),
            Known::Race(rules().race("ldr").unwrap())
        ]
    );
    let known: Vec<(String, u8)> = w.factions[f]
        .known_skills
        .iter()
        .map(|&(s, l)| (rules().skills[s].tag.clone(), l))
        .collect();
    assert_eq!(
        known,
        [
            ("cmbt".to_string(), 2),
            ("blde".to_string(), 1),
            ("mele".to_string(), 1),
            ("arch".to_string(), 1),
            ("parr".to_string(), 1),
            ("mane".to_string(), 1),
            ("tact".to_string(), 1),
            ("taxe".to_string(), 1),
        ]
    );
    // Next turn, with nothing happening: nothing new.
    assert_eq!(
        discover(&w, rules(), &TurnLog::default(), f),
        Discovered::default()
    );
    // Read again against this turn's log, only the log's own news is
    // left: the level reached.
    assert_eq!(
        tags(&discover(&w, rules(), &log, f)),
        (vec![], strings(&["cmbt 1"]))
    );
    // Remembering twice changes nothing.
    let before = w.factions[f].clone();
    remember(&mut w, f, &d);
    assert_eq!(w.factions[f], before);
}

#[test]
fn ov_rep_037_discovery_is_deterministic() {
    // The same units added in another order give the same discovery and
    // the same text.
    let build = |order: &[usize]| {
        let mut w = world(2);
        for &i in order {
            match i {
                0 => {
                    let u = unit(&mut w, 1, "ldr", 1, 1);
                    w.units[u].add_items(item("hrse"), 2, 1);
                    learn(&mut w, u, "scou", 1);
                }
                1 => {
                    let u = unit(&mut w, 1, "man", 4, 2);
                    w.units[u].add_items(item("xbow"), 4, 4);
                    learn(&mut w, u, "arch", 1);
                }
                _ => {
                    let u = unit(&mut w, 1, "man", 1, 1);
                    w.units[u].add_items(item("pick"), 1, 0);
                }
            }
        }
        let d = discover(&w, rules(), &TurnLog::default(), f1(&w));
        let text = section(rules(), &d);
        (d, text)
    };
    let (a, ta) = build(&[0, 1, 2]);
    let (b, tb) = build(&[2, 1, 0]);
    assert_eq!(a, b);
    assert_eq!(ta, tb);
    let mut sorted = a.skills.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(a.skills, sorted);
    let mut items = a.items.clone();
    items.sort();
    items.dedup();
    assert_eq!(a.items, items);
}

#[test]
fn ov_fo_020_024_reshow_prints_only_what_is_known() {
    let mut w = world(1);
    unit(&mut w, 1, "man", 1, 1);
    let f = f1(&w);
    w.factions[f].known = vec![Known::Item(item("swrd"))];
    w.factions[f].known_skills = vec![(skill("cmbt"), 3)];
    let ask = |w: &World, what: &str| {
        let log = TurnLog {
            turn: 1,
            month: Vec::new(),
            events: vec![seen(
                w,
                None,
                What::ReshowAsked {
                    faction: f,
                    what: what.into(),
                },
            )],
        };
        tags(&discover(w, rules(), &log, f))
    };
    assert_eq!(
        ask(&w, "RESHOW cmbt 2"),
        (vec![], strings(&["cmbt 2", "cmbt 3"]))
    );
    assert_eq!(
        ask(&w, "RESHOW cmbt"),
        (vec![], strings(&["cmbt 1", "cmbt 2", "cmbt 3"]))
    );
    assert_eq!(ask(&w, "RESHOW swrd"), (strings(&["swrd"]), vec![]));
    assert_eq!(ask(&w, "RESHOW ITEMS"), (strings(&["swrd"]), vec![]));
    assert_eq!(
        ask(&w, "RESHOW ALL"),
        (strings(&["swrd"]), strings(&["cmbt 1", "cmbt 2", "cmbt 3"]))
    );
    // Never what the faction has not discovered (OV-FO-024).
    assert_eq!(ask(&w, "RESHOW blde"), (vec![], vec![]));
    assert_eq!(ask(&w, "RESHOW hrse"), (vec![], vec![]));
    // Another faction's RESHOW is not f1's.
    let log = TurnLog {
        turn: 1,
        month: Vec::new(),
        events: vec![seen(
            &w,
            None,
            What::ReshowAsked {
                faction: w.faction_by_number(2).unwrap(),
                what: "RESHOW ALL".into(),
            },
        )],
    };
    let d = discover(&w, rules(), &log, f);
    assert!(d.items.is_empty() && d.skills.is_empty(), "{d:?}");
}

// --- The section and the report -------------------------------------------

#[test]
fn ov_rep_037_040_section_layout() {
    let d = Discovered {
        items: vec![item("coin"), item("mana")],
        skills: vec![(skill("cmbt"), 1)],
        races: vec![],
    };
    assert_eq!(
        section(rules(), &d),
        "Item knowledge:\n\
         \n\
         coin [coin]: The basic unit of money.\n\
         \n\
         mana [mana]: The unit of magical energy. Mana can be neither given away nor \
         received. It uses the tag [mana].\n\
         \n\
         Skill knowledge:\n\
         \n\
         1st combat [cmbt]: Fundamental fighting drill for soldiers and commanders alike, \
         and the root of every other combat skill. The first level gives +1 melee and +1 \
         defense. Requires 30 days and $1/day to reach the level. This is a basic skill. \
         This is a combat skill. Gives +1 to melee. Gives +1 to defense.\n"
    );
    // A part with nothing new is left out; nothing at all is nothing.
    let skills_only = Discovered {
        items: vec![],
        skills: vec![(skill("cmbt"), 1)],
        races: vec![],
    };
    assert!(section(rules(), &skills_only).starts_with("Skill knowledge:\n\n1st combat"));
    assert_eq!(section(rules(), &Discovered::default()), "");
}

#[test]
fn ov_rep_044_race_entry() {
    let hero = rules().race("hero").unwrap();
    let text = umpire_overlord::report::knowledge::race_entry(rules(), hero);
    // The data: weight 70, 100 walking and 20 riding, upkeep 20, 2 control
    // points, initiative 1, life 4, observation 1.
    assert!(
        text.starts_with("hero [hero]: Weight 70, capacity: 100/walking, 20/riding. "),
        "{text}"
    );
    assert!(
        text.ends_with(
            " A leader. Upkeep 20 coins a month, 2 control points. \
             Gives +1 to initiative, +4 to life, +1 to observation."
        ),
        "{text}"
    );
    let races_only = Discovered {
        races: vec![hero],
        ..Discovered::default()
    };
    assert!(section(rules(), &races_only).starts_with("Race knowledge:\n\nhero [hero]: "));
}

#[test]
fn ov_rep_037_the_report_has_a_knowledge_part_before_the_template() {
    let mut w = world(1);
    let u = unit(&mut w, 1, "man", 1, 1);
    w.units[u].add_items(item("coin"), 5, 0);
    let f = f1(&w);
    let log = TurnLog::default();
    let inputs = Inputs {
        world: &w,
        rules: rules(),
        log: &log,
        next_turn: "soon",
        press: &[],
    };
    let text = report(inputs, f);
    let k = text.find("// Knowledge\n\nItem knowledge:\n\ncoin [coin]: The basic unit of money.\n");
    let t = text.find("// Orders template");
    assert!(k.is_some() && t.is_some() && k < t, "{text}");
    // Once remembered, the part is gone.
    let d = discover(&w, rules(), &log, f);
    remember(&mut w, f, &d);
    let inputs = Inputs {
        world: &w,
        rules: rules(),
        log: &log,
        next_turn: "soon",
        press: &[],
    };
    assert!(!report(inputs, f).contains("// Knowledge"));
}
