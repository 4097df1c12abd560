//! The world's places (OV-WLD): irregular and inner locations, what
//! lies on the ground, water, and what those inside see.

use umpire_overlord::rules::Movement;
use umpire_overlord::turn::What;
use umpire_overlord::turn::log::UseProblem;
use umpire_overlord::world::Stance;

use super::*;

fn item(tag: &str) -> umpire_overlord::rules::ItemId {
    rules().item(tag).unwrap()
}

/// An inner location (a settlement) inside L`outer`, named "Inner".
fn inner(g: &mut Game, outer: u32) -> LocationId {
    let plains = rules().terrain("plai").unwrap();
    let fair = rules().weather("fair").unwrap();
    let n = u32::try_from(g.w.locations.len()).unwrap() + 1;
    let mut l = Location::new(n, plains, fair);
    l.outer = Some(g.loc(outer));
    l.name = "Inner".into();
    g.w.locations.push(l)
}

fn put(g: &mut Game, u: UnitId, at: LocationId) {
    let from = g.w.units[u].location;
    g.w.locations[from].units.retain(|&x| x != u);
    g.w.units[u].location = at;
    g.w.locations[at].units.push(u);
}

fn report(g: &Game, log: &TurnLog, f: u32) -> String {
    let press = Vec::new();
    umpire_overlord::report::text::Reports::new(umpire_overlord::report::text::Inputs {
        world: &g.w,
        rules: rules(),
        log,
        next_turn: "soon",
        press: &press,
    })
    .report(g.faction(f))
}

#[test]
fn ov_wld_003_irregular_neighbours_and_an_inner_locations_own_exit() {
    let mut g = Game::new(3, 1);
    // L1's "north" leads to L3, far down the row: a Maelstrom-like link
    // of 4 days' walk.
    let (l1, l3) = (g.loc(1), g.loc(3));
    g.w.locations[l1].exits.push(Exit {
        direction: Direction::North,
        to: l3,
        only: Some((Movement::Walk, 4)),
        road: false,
    });
    let u = g.leader(1, 1);
    g.orders(u, &["MOVE N"]);
    let log = g.run_bare(&[]);
    assert_eq!(day_of(&log, u, arrived), Some(4));
    assert_eq!(g.w.units[u].location, l3);
    // An inner location with a way of its own: a tunnel from inside L1
    // straight to L3, 2 days.
    let cave = inner(&mut g, 1);
    g.w.locations[cave].exits.push(Exit {
        direction: Direction::South,
        to: l3,
        only: Some((Movement::Walk, 2)),
        road: false,
    });
    let v = g.leader(1, 1);
    put(&mut g, v, cave);
    g.orders(v, &["MOVE S"]);
    let log = g.run_bare(&[]);
    assert_eq!(day_of(&log, v, arrived), Some(2));
    assert_eq!(g.w.units[v].location, l3);
}

/// Those inside a settlement and those in the hex around it do not see
/// each other, nor can they hand each other anything.
#[test]
fn ov_wld_005_inside_and_outside_neither_see_nor_meet() {
    let mut g = Game::new(1, 2);
    let town = inner(&mut g, 1);
    let outside = g.leader(1, 1);
    let inside = g.leader(2, 1);
    put(&mut g, inside, town);
    g.w.units[outside].add_items(item("coin"), 10, 0);
    let (o, i) = (g.w.units[outside].number, g.w.units[inside].number);
    g.orders(outside, &[&format!("GIVE U{i} coin 5")]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[outside].count(item("coin")), 10);
    assert_eq!(g.w.units[inside].count(item("coin")), 0);
    let (r1, r2) = (report(&g, &log, 1), report(&g, &log, 2));
    assert!(!r1.contains(&format!("[U{i}]")), "{r1}");
    assert!(!r2.contains(&format!("[U{o}]")), "{r2}");
    assert!(
        r1.contains(&format!("order `GIVE U{i} coin 5` is kept for next month")),
        "{r1}"
    );
}

#[test]
fn ov_wld_006_those_inside_see_the_outer_locations_ways() {
    let mut g = Game::new(2, 1);
    let cave = inner(&mut g, 1);
    let u = g.leader(1, 1);
    put(&mut g, u, cave);
    let log = g.run_bare(&[]);
    let text = report(&g, &log, 1);
    let section = text
        .split("\n\n")
        .find(|s| s.starts_with("Inner [L3]"))
        .unwrap_or_else(|| panic!("{text}"));
    let from_outer = section
        .split("From outer location:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{section}"));
    assert!(
        from_outer.starts_with("  South, to Place 2 [L2], plains, 9 days."),
        "{section}"
    );
}

#[test]
fn ov_wld_007_an_inner_location_takes_anyone_in_any_number() {
    let mut g = Game::new(1, 1);
    let town = inner(&mut g, 1);
    let lead = g.leader(1, 1);
    let host = g.unit(1, "man", 2000, 1);
    let wolves = g.unit(1, "gwol", 50, 1);
    g.stack(host, lead);
    g.stack(wolves, lead);
    g.orders(lead, &["MOVE L2"]);
    g.run_bare(&[]);
    for u in [lead, host, wolves] {
        assert_eq!(g.w.units[u].location, town);
    }
}

#[test]
fn ov_wld_008_an_inner_location_guarded_against_a_faction_keeps_it_out() {
    let build = |stance: Stance| {
        let mut g = Game::new(1, 2);
        let town = inner(&mut g, 1);
        let guard = g.leader(2, 1);
        put(&mut g, guard, town);
        g.learn(guard, "cmbt", 1);
        g.orders(guard, &["@GUARD"]);
        g.title(1, "shrf", guard);
        let (f1, f2) = (g.faction(1), g.faction(2));
        g.w.factions[f2].set_stance(f1, stance);
        let u = g.leader(1, 1);
        g.w.units[u].settings.announce = true;
        g.w.units[u].settings.advertise = true;
        g.orders(u, &["MOVE L2"]);
        (g, town, u)
    };
    let (mut g, town, u) = build(Stance::Hostile);
    let log = g.run(&[]);
    assert!(first(&log, u, |w| matches!(w, What::TurnedBack { .. })).is_some());
    assert_ne!(g.w.units[u].location, town);
    // Not guarded against: in it goes.
    let (mut g, town, u) = build(Stance::Neutral);
    g.run(&[]);
    assert_eq!(g.w.units[u].location, town);
}

#[test]
fn ov_wld_012_the_ground_keeps_what_is_dropped_until_got() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.w.units[u].add_items(item("wood"), 12, 0);
    let l = g.loc(1);
    g.w.locations[l].ground.push((item("ston"), 4));
    g.orders(u, &["DROP wood 5"]);
    g.run_bare(&[]);
    let mut ground = g.w.locations[l].ground.clone();
    ground.sort();
    let mut want = vec![(item("ston"), 4), (item("wood"), 5)];
    want.sort();
    assert_eq!(ground, want);
    // A month later it is still there; GET takes it.
    g.run_bare(&[]);
    assert_eq!(g.w.locations[l].ground.len(), 2);
    g.orders(u, &["GET L1 ston", "GET L1 wood 2"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].count(item("ston")), 4);
    assert_eq!(g.w.units[u].count(item("wood")), 9);
    assert_eq!(g.w.locations[l].ground, vec![(item("wood"), 3)]);
}

#[test]
fn ov_wld_013_no_building_on_water() {
    let mut g = Game::new(2, 1);
    let sea = g.loc(2);
    g.w.locations[sea].terrain = rules().terrain("ocea").unwrap();
    // Builders afloat (on a raft of a ship) may not lay a foundation.
    let ship = {
        let n = u32::try_from(g.w.structures.len()).unwrap() + 1;
        let s = g.w.structures.push(umpire_overlord::world::Structure::new(
            n,
            rules().construction("lgbt").unwrap(),
            sea,
        ));
        g.w.locations[sea].structures.push(s);
        s
    };
    let b = g.unit(1, "man", 20, 2);
    g.w.units[b].structure = Some(ship);
    g.learn(b, "buil", 1);
    g.learn(b, "carp", 1);
    g.w.units[b].add_items(item("wood"), 100, 0);
    g.w.units[b].add_items(item("coin"), 1000, 0);
    g.orders(b, &["TARGET mine", "USE carp"]);
    let log = g.run(&[]);
    assert!(
        first(&log, b, |w| matches!(
            w,
            What::CannotUse {
                why: UseProblem::CannotBuildHere,
                ..
            }
        ))
        .is_some()
    );
    assert!(first(&log, b, |w| matches!(w, What::StructureBegun { .. })).is_none());
    assert_eq!(g.w.locations[sea].structures, [ship]);
    // Recruitment on water: see the world generator's test of OV-WLD-013.
}
