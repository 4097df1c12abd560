//! New cities and villages (OV-BLD-016, 027, 044, 045): the
//! data's figures, the new inner location a finished one becomes, people
//! drawn into it at the month's end, and recruiting there.

use umpire_overlord::turn::TurnLog;
use umpire_overlord::turn::log::UseProblem;
use umpire_overlord::world::structure::Progress;
use umpire_overlord::world::{Recruits, Structure, StructureId};

use super::*;

fn give(g: &mut Game, u: UnitId, tag: &str, n: u64) {
    g.w.units[u].add_items(rules().item(tag).unwrap(), n, 0);
}

/// L1..L`n` peopled at their optimum of 900; L1 offers men.
fn peopled(g: &mut Game, n: u32) {
    let man = rules().race("man").unwrap();
    for at in 1..=n {
        let l = g.loc(at);
        g.w.locations[l].optimum = 900;
        g.w.locations[l].population = 900;
    }
    let l1 = g.loc(1);
    g.w.locations[l1].recruits.push(Recruits {
        race: man,
        count: 6,
        price: 40,
    });
}

/// A `tag` of faction 1 at L`at` with every work fitted but one wood.
fn almost_done(g: &mut Game, tag: &str, at: u32) -> StructureId {
    let r = rules();
    let kind = r.construction(tag).unwrap();
    let l = g.loc(at);
    let n = u32::try_from(g.w.structures.len()).unwrap() + 1;
    let mut st = Structure::new(n, kind, l);
    st.complete = false;
    st.faction = Some(g.faction(1));
    st.progress = r.constructions[kind]
        .works
        .iter()
        .map(|w| Progress {
            work: w.work.id(),
            done: w.count - u32::from(r.works[w.work.id()].tag == "woodwk"),
        })
        .collect();
    let s = g.w.structures.push(st);
    g.w.locations[l].structures.push(s);
    s
}

/// Twenty carpenters at L`at`, skilled enough for a city, with 5 wood:
/// two pieces of wood a day.
fn builders(g: &mut Game, at: u32) -> UnitId {
    let u = g.unit(1, "man", 20, at);
    g.learn(u, "buil", 2);
    g.learn(u, "carp", 1);
    give(g, u, "wood", 5);
    give(g, u, "coin", 1000);
    u
}

/// The new place and the structure of the first `SettlementFounded`.
fn founded(log: &TurnLog) -> Option<(LocationId, StructureId)> {
    log.events.iter().find_map(|e| match e.what {
        What::SettlementFounded { place, structure } => Some((place, structure)),
        _ => None,
    })
}

/// Found a village at L1 with the last piece of wood (the engine alone).
fn found_village(g: &mut Game) -> (UnitId, StructureId, LocationId) {
    let s = almost_done(g, "vill", 1);
    let u = builders(g, 1);
    let code = g.w.structures[s].code();
    g.orders(u, &[&format!("TARGET {code}"), "USE carp 1"]);
    let log = g.run_bare(&[]);
    let (place, structure) = founded(&log).expect("a village was founded");
    assert_eq!(structure, s);
    (u, s, place)
}

fn people(g: &Game, l: LocationId) -> u32 {
    g.w.locations[l].population
}

fn cannot(log: &TurnLog, u: UnitId) -> Option<UseProblem> {
    log.of_unit(u).find_map(|e| match e.what {
        What::CannotUse { why, .. } => Some(why),
        _ => None,
    })
}

// --- The data -----------------------------------------------------------

/// Works of a construction by work tag, its building experience and the
/// terrain it becomes.
fn figures(tag: &str) -> (Vec<(String, u32)>, Option<u32>, Option<String>) {
    let r = rules();
    let c = &r.constructions[r.construction(tag).unwrap()];
    (
        c.works
            .iter()
            .map(|w| (w.work.tag().to_string(), w.count))
            .collect(),
        c.building_skill.as_ref().map(|b| b.experience),
        c.settlement.as_ref().map(|t| t.tag().to_string()),
    )
}

#[test]
fn ov_bld_016_a_city_takes_500_wood_2500_stone_300_iron() {
    let (works, skill, becomes) = figures("city");
    assert_eq!(
        works,
        [
            ("woodwk".to_string(), 500),
            ("stonwk".to_string(), 2500),
            ("ironwk".to_string(), 300)
        ]
    );
    // Building at 2nd level, as the castle and the other great buildings.
    assert_eq!(skill, Some(9000));
    assert_eq!(becomes.as_deref(), Some("city"));
}

#[test]
fn ov_bld_027_a_village_takes_250_wood_1000_stone_100_iron() {
    let (works, skill, becomes) = figures("vill");
    assert_eq!(
        works,
        [
            ("woodwk".to_string(), 250),
            ("stonwk".to_string(), 1000),
            ("ironwk".to_string(), 100)
        ]
    );
    assert_eq!(skill, Some(3000));
    assert_eq!(becomes.as_deref(), Some("vill"));
    // The castle stays a structure (it seats the Baron title).
    let r = rules();
    assert!(
        r.constructions[r.construction("cast").unwrap()]
            .settlement
            .is_none()
    );
}

#[test]
fn ov_bld_016_027_players_may_order_them() {
    // Known to the order checker's vocabulary: no error.
    let sets = order_sets(&["#GAME f01 pw\nUNIT U1\nTARGET city\nBUILD carp vill 3\n#END"]);
    assert_eq!(sets.len(), 1);
}

// --- Completion -----------------------------------------------------------

#[test]
fn ov_bld_045_a_finished_village_is_a_new_empty_place_inside_its_hex() {
    let mut g = Game::new(3, 1);
    peopled(&mut g, 3);
    let s = almost_done(&mut g, "vill", 1);
    let u = builders(&mut g, 1);
    g.orders(u, &["TARGET B1", "USE carp 1"]);
    let log = g.run_bare(&[]);
    let (p, structure) = founded(&log).unwrap();
    assert_eq!(structure, s);
    let e = first(&log, u, |w| matches!(w, What::SettlementFounded { .. })).unwrap();
    assert_eq!((e.day, e.place), (1, Some(g.loc(1))));
    assert!(
        first(&log, u, |w| matches!(w, What::StructureCompleted { .. })).is_none(),
        "a place, not a finished structure"
    );
    let r = rules();
    let l1 = g.loc(1);
    let v = &g.w.locations[p];
    assert_eq!(v.terrain, r.terrain("vill").unwrap());
    assert_eq!(v.number, 4, "one past the highest location number");
    assert_eq!(v.name, "Place 1 village");
    assert_eq!(v.outer, Some(l1));
    assert_eq!(v.hex, None);
    assert_eq!(
        (v.population, v.optimum, v.wages, v.taxes, v.economy),
        (0, 1000, 0, 0, 100)
    );
    assert_eq!(v.weather, g.w.locations[l1].weather);
    assert!(v.titles.is_empty());
    // A market opens: it wants food (and what the land yields), 20 at the
    // nominal price, and has nothing to sell yet.
    let food = r.item("food").unwrap();
    let price = r.items.get(food).map(|i| i.price).unwrap();
    assert!(v.market.sells.is_empty());
    assert!(
        v.market
            .buys
            .iter()
            .any(|o| o.item == food && o.count == 20 && o.price == price),
        "{:?}",
        v.market.buys
    );
    assert_eq!(v.ownership.owner, None);
    // Men from L1 around it, none yet, at their nominal 55.
    assert_eq!(
        v.recruits,
        [Recruits {
            race: r.race("man").unwrap(),
            count: 0,
            price: 55
        }]
    );
    // Linked both ways, as the world's other inner locations.
    assert_eq!(
        v.exits,
        [Exit {
            direction: Direction::Out,
            to: l1,
            only: None,
            road: false
        }]
    );
    assert!(g.w.locations[l1].exits.contains(&Exit {
        direction: Direction::In,
        to: p,
        only: None,
        road: false
    }));
    // The structure has left L1; its works wait in the village, complete,
    // until the next turn clears them.
    assert!(g.w.locations[l1].structures.is_empty());
    assert_eq!(g.w.structures[s].location, p);
    assert!(g.w.structures[s].complete);
    assert_eq!(g.w.locations[p].structures, [s]);
    // The wood came from the builder.
    assert_eq!(g.w.units[u].count(r.item("wood").unwrap()), 4);
}

#[test]
fn ov_bld_045_a_named_structure_gives_the_place_its_name() {
    let mut g = Game::new(1, 1);
    let s = almost_done(&mut g, "city", 1);
    g.w.structures[s].name = "Newhaven".into();
    let u = builders(&mut g, 1);
    g.orders(u, &["TARGET B1", "USE carp 1"]);
    let log = g.run_bare(&[]);
    let (p, _) = founded(&log).unwrap();
    let city = &g.w.locations[p];
    assert_eq!(city.name, "Newhaven");
    assert_eq!(city.terrain, rules().terrain("city").unwrap());
    assert_eq!(city.optimum, 5000);
    assert_eq!(city.number, 2);
    // Nobody offers recruits around: the founders' own race, men.
    assert_eq!(city.recruits.len(), 1);
    assert_eq!(city.recruits[0].race, rules().race("man").unwrap());
}

#[test]
fn ov_bld_045_units_move_in_and_the_works_are_cleared_next_turn() {
    let mut g = Game::new(2, 1);
    let walker = g.leader(1, 1);
    // In on day 2, once the village stands; the works it was built from
    // cannot be entered.
    g.orders(walker, &["D2 MOVE IN", "ENTER B1"]);
    let (_, s, p) = found_village(&mut g);
    assert_eq!(g.w.units[walker].location, p);
    assert_eq!(g.w.units[walker].structure, None);
    assert_eq!(g.pending(walker), ["ENTER B1"]);
    assert_eq!(g.w.structures[s].location, p);
    // The next turn begins by clearing them.
    let number = g.w.locations[p].number;
    g.orders(walker, &["MOVE OUT", &format!("MOVE L{number}")]);
    let log = g.run_bare(&[]);
    assert!(g.w.structures.is_empty(), "cleared as the turn began");
    assert!(g.w.locations[p].structures.is_empty());
    // Out and back in by the location's number, a day each way.
    let days: Vec<u8> = log
        .of_unit(walker)
        .filter(|e| arrived(&e.what))
        .map(|e| e.day)
        .collect();
    assert_eq!(days, [1, 2]);
    assert_eq!(g.w.units[walker].location, p);
}

#[test]
fn ov_bld_045_a_founded_settlement_survives_a_save() {
    let mut g = Game::new(2, 1);
    peopled(&mut g, 2);
    let (_, _, p) = found_village(&mut g);
    let bytes = umpire_overlord::save::save(&g.w, rules());
    let back = umpire_overlord::save::load(&bytes, rules()).unwrap();
    assert_eq!(back, g.w);
    g.w = back;
    g.run(&[]);
    assert!(g.w.structures.is_empty());
    assert_eq!(g.w.locations[p].outer, Some(g.loc(1)));
    let bytes = umpire_overlord::save::save(&g.w, rules());
    assert_eq!(umpire_overlord::save::load(&bytes, rules()).unwrap(), g.w);
}

#[test]
fn ov_bld_045_no_settlement_on_water_or_inside_another_place() {
    // Water: nothing is built there (OV-BLD-004).
    let mut g = Game::new(1, 1);
    let (water, _) = rules().terrains.iter().find(|(_, t)| t.no_build).unwrap();
    let l = g.loc(1);
    g.w.locations[l].terrain = water;
    let u = builders(&mut g, 1);
    g.orders(u, &["TARGET vill", "USE carp"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), Some(UseProblem::CannotBuildHere));
    assert!(g.w.structures.is_empty());
    // Inside a city: a settlement stands only in a hex of its own.
    let mut g = Game::new(2, 1);
    let (l1, l2) = (g.loc(1), g.loc(2));
    g.w.locations[l2].terrain = rules().terrain("city").unwrap();
    g.w.locations[l2].outer = Some(l1);
    let u = builders(&mut g, 2);
    g.orders(u, &["TARGET vill", "USE carp"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), Some(UseProblem::CannotBuildHere));
    assert!(g.w.structures.is_empty());
    // A mine may still be built there.
    g.orders(u, &["TARGET mine", "USE carp 1"]);
    g.run_bare(&[]);
    assert_eq!(g.w.structures.len(), 1);
}

// --- Growth ---------------------------------------------------------------

/// Three peopled plains; at L1 a village one piece of wood from done and
/// its builders, who fit it on day 1 if `build`.
fn valley(build: bool) -> (Game, UnitId) {
    let mut g = Game::new(3, 1);
    peopled(&mut g, 3);
    almost_done(&mut g, "vill", 1);
    let u = builders(&mut g, 1);
    if build {
        g.orders(u, &["TARGET B1", "USE carp 1"]);
    }
    (g, u)
}

#[test]
fn ov_bld_044_045_the_new_place_draws_people_from_around_it() {
    let (mut g, _) = valley(true);
    let (mut control, _) = valley(false);
    let log = g.run(&[]);
    control.run(&[]);
    let (p, _) = founded(&log).unwrap();
    let [l1, l2, l3] = [g.loc(1), g.loc(2), g.loc(3)];
    // The first month: the village drew people from L1, the hex it lies
    // in, and only from there; births and deaths were the same in both
    // worlds, so L1 lost exactly what the village gained.
    let drawn = people(&g, p);
    assert!(drawn > 0, "people came");
    assert_eq!(people(&g, l1) + drawn, people(&control, l1));
    assert_eq!(people(&g, l2), people(&control, l2));
    assert_eq!(people(&g, l3), people(&control, l3));
    // With people come wages and taxes.
    assert!(g.w.locations[p].wages > 0);
    assert!(g.w.locations[p].taxes > 0);
    // Month after month it keeps growing, and people are only moved:
    // the valley's total changes by births and deaths alone (at most 2%).
    let total = |g: &Game| -> u64 {
        [l1, l2, l3, p]
            .iter()
            .map(|&l| u64::from(people(g, l)))
            .sum()
    };
    let mut before = (drawn, total(&g));
    for _ in 0..3 {
        g.run(&[]);
        let now = (people(&g, p), total(&g));
        assert!(now.0 > before.0, "the village grows: {before:?} -> {now:?}");
        assert!(
            now.1.abs_diff(before.1) <= before.1 * 2 / 100 + 4,
            "{before:?} -> {now:?}"
        );
        before = now;
    }
    // L1 is below its optimum now and draws from its own neighbours.
    assert!(people(&g, l1) < 900);
}

#[test]
fn ov_bld_045_recruits_come_in_once_it_has_people() {
    let (mut g, _) = valley(true);
    let log = g.run(&[]);
    let (p, _) = founded(&log).unwrap();
    let man = rules().race("man").unwrap();
    let offer = |g: &Game| {
        g.w.locations[p]
            .recruits
            .iter()
            .find(|r| r.race == man)
            .copied()
    };
    // A few people, no recruit yet: one man per 150 inhabitants.
    assert_eq!(offer(&g).map(|o| o.count), Some(0));
    let lord = g.leader(1, 1);
    give(&mut g, lord, "coin", 1000);
    g.orders(lord, &["MOVE IN"]);
    g.run(&[]);
    assert_eq!(g.w.units[lord].location, p);
    let o = offer(&g).unwrap();
    assert!(o.count > 0, "{} people: {o:?}", people(&g, p));
    assert_eq!(o.count, people(&g, p) / 150);
    let before = people(&g, p);
    g.orders(lord, &["RECRUIT f01nU99 1 man 0"]);
    let log = g.run(&[]);
    let got = log.of_unit(lord).find_map(|e| match e.what {
        What::Recruited { figures, into, .. } => Some((figures, into)),
        _ => None,
    });
    let (figures, into) = got.expect("recruited in the new village");
    assert_eq!(figures, 1);
    assert_eq!(g.w.units[into].location, p);
    assert!(people(&g, p) > 0 && before > 0);
}

/// `MOVE IN` reaches a location lying in this one even where the world
/// has no explicit IN exit (an imported world's cities may have none).
#[test]
fn ov_move_in_without_an_explicit_exit_enters_the_inner_location() {
    let mut g = Game::new(2, 1);
    let walker = g.leader(1, 1);
    let (_, _, p) = found_village(&mut g);
    let outer = g.w.locations[p].outer.unwrap();
    g.w.locations[outer]
        .exits
        .retain(|e| e.direction != umpire_overlord::rules::terrains::Direction::In);
    g.w.locations[p].exits.clear();
    g.orders(walker, &["MOVE IN"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        g.w.units[walker].location,
        p,
        "{:?}",
        log.of_unit(walker).collect::<Vec<_>>()
    );
}

#[test]
fn ov_econ_006_a_built_village_offers_recruits_a_castle_none() {
    let mut g = Game::new(1, 1);
    let (_, _, place) = found_village(&mut g);
    let offers = &g.w.locations[place].recruits;
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].race, rules().race("man").unwrap());
    // A castle stays a structure of the place it stands in: it brings no
    // offer of its own, and none appears where there was none.
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    let castle = Structure::new(3, rules().construction("cast").unwrap(), l);
    let castle = g.w.structures.push(castle);
    g.w.locations[l].structures.push(castle);
    g.w.locations[l].population = 2000;
    g.leader(1, 1);
    g.run(&[]);
    assert!(g.w.locations[l].recruits.is_empty());
    assert_eq!(g.w.locations.len(), 1);
}
