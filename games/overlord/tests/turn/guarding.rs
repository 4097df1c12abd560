//! Guarding: who may GUARD (OV-GRD-001, 003..005) and what
//! guards stop (OV-GRD-009, 010; OV-UO-045).

use umpire_overlord::turn::log::GuardRefusal;
use umpire_overlord::turn::policy::Act;
use umpire_overlord::world::{FactionId, Offer, Recruits, Resource, Role, Stance};

use super::*;

fn item(tag: &str) -> umpire_overlord::rules::ItemId {
    rules().item(tag).unwrap()
}

fn has(g: &Game, u: UnitId, tag: &str) -> u64 {
    g.w.units[u].count(item(tag))
}

/// Faction `f` becomes the game's own faction called `name`.
fn npc(g: &mut Game, f: u32, name: &str) {
    let Some(role) = Role::from_name(name) else {
        panic!("`{name}` is no role")
    };
    g.npc(f, role);
}

fn stance(g: &mut Game, of: u32, toward: u32, s: Stance) {
    let (a, b) = (g.faction(of), g.faction(toward));
    g.w.factions[a].set_stance(b, s);
}

fn show(g: &mut Game, u: UnitId) {
    g.w.units[u].settings.announce = true;
    g.w.units[u].settings.advertise = true;
}

/// A leader of `f` at L`at` with combat 1 on `@GUARD`.
fn guard(g: &mut Game, f: u32, at: u32) -> UnitId {
    let u = g.leader(f, at);
    g.learn(u, "cmbt", 1);
    g.orders(u, &["@GUARD"]);
    u
}

fn guarded_days(log: &TurnLog, u: UnitId) -> usize {
    log.of_unit(u)
        .filter(|e| matches!(e.what, What::Guarding))
        .count()
}

fn refusals(log: &TurnLog, u: UnitId) -> Vec<GuardRefusal> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::GuardRefused { reason } => Some(reason),
            _ => None,
        })
        .collect()
}

/// Who stopped the unit from what, as its faction was told.
fn stops(log: &TurnLog, u: UnitId) -> Vec<(UnitId, Act)> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::StoppedByGuard { guard, act } => Some((guard, act)),
            _ => None,
        })
        .collect()
}

/// L1 guarded by a leader of the Citizens (f2, militia: no title
/// needed), which holds f1 at `s`.
fn militia(s: Stance) -> (Game, UnitId) {
    let mut g = Game::new(1, 2);
    npc(&mut g, 2, "Citizens");
    let gd = guard(&mut g, 2, 1);
    stance(&mut g, 2, 1, s);
    (g, gd)
}

#[test]
fn ov_grd_001_a_guard_without_combat_is_refused_and_told_once() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.title(1, "shrf", u);
    g.orders(u, &["@GUARD"]);
    let log = g.run_bare(&[]);
    assert_eq!(guarded_days(&log, u), 0);
    assert_eq!(refusals(&log, u), [GuardRefusal::NoCombat]);
    assert_eq!(g.pending(u), ["@GUARD"]);
}

#[test]
fn ov_grd_003_only_a_title_covering_the_place_gives_the_right() {
    let mut g = Game::new(3, 2);
    // f1 holds a Sheriff title at L3, whose area does not reach L1.
    let g1 = guard(&mut g, 1, 1);
    let far = g.leader(1, 3);
    g.title(3, "shrf", far);
    // f2's Sheriff of L1 does not guard himself; his faction's soldier may.
    let sheriff = g.leader(2, 1);
    g.title(1, "shrf", sheriff);
    let g2 = guard(&mut g, 2, 1);
    let log = g.run_bare(&[]);
    assert_eq!(guarded_days(&log, g1), 0);
    assert_eq!(refusals(&log, g1), [GuardRefusal::NoRight]);
    assert_eq!(g.pending(g1), ["@GUARD"]);
    assert_eq!(guarded_days(&log, g2), 30);
    assert!(refusals(&log, g2).is_empty());
}

#[test]
fn ov_grd_004_imperials_and_militia_guard_anywhere_and_occupiers_where_they_occupy() {
    for name in ["Imperials", "Citizens", "Free People"] {
        let mut g = Game::new(1, 1);
        npc(&mut g, 1, name);
        let u = guard(&mut g, 1, 1);
        let log = g.run_bare(&[]);
        assert_eq!(guarded_days(&log, u), 30, "{name}");
    }
    // A player's faction gains nothing by the name.
    let mut g = Game::new(1, 1);
    let f1 = g.faction(1);
    g.w.factions[f1].name = "Imperials".into();
    let u = guard(&mut g, 1, 1);
    let log = g.run_bare(&[]);
    assert_eq!(guarded_days(&log, u), 0);
    // Occupying the place is enough (decision OV-GRD-004).
    let mut g = Game::new(1, 1);
    let (f1, l1) = (g.faction(1), g.loc(1));
    g.w.locations[l1].ownership.occupier = Some(f1);
    let u = guard(&mut g, 1, 1);
    let log = g.run_bare(&[]);
    assert_eq!(guarded_days(&log, u), 30);
}

#[test]
fn ov_grd_005_every_title_whose_area_covers_the_place_gives_the_right() {
    let mut g = Game::new(2, 2);
    let sheriff = g.leader(1, 1);
    g.title(1, "shrf", sheriff);
    // A Mayor seated at L2 rules ten walking days around: L1 is nine.
    let mayor = g.leader(2, 2);
    g.title(2, "mayo", mayor);
    let g2 = guard(&mut g, 2, 1);
    let log = g.run(&[]);
    // The Sheriff's seat is nearer: L1 is f1's land, and f2 guards it.
    assert_eq!(g.w.locations[g.loc(1)].ownership.owner, Some(g.faction(1)));
    assert_eq!(guarded_days(&log, g2), 30);
}

fn market_day(s: Stance, hidden: bool) -> (TurnLog, UnitId, UnitId) {
    let (mut g, gd) = militia(s);
    let buyer = g.leader(1, 1);
    if hidden {
        // An amulet of shadows: stealth 4.
        g.w.units[buyer].add_items(item("amsh"), 1, 1);
    } else {
        show(&mut g, buyer);
    }
    g.w.units[buyer].add_items(item("coin"), 1000, 0);
    let l = g.loc(1);
    g.w.locations[l].market.sells.push(Offer {
        item: item("swrd"),
        count: 10,
        price: 20,
    });
    g.orders(buyer, &["BUY 1 swrd 30"]);
    let log = g.run(&[]);
    (log, buyer, gd)
}

fn bought(log: &TurnLog, u: UnitId) -> usize {
    log.of_unit(u)
        .filter(|e| matches!(e.what, What::Bought { .. }))
        .count()
}

#[test]
fn ov_grd_009_hostile_guards_close_the_market() {
    let (log, buyer, gd) = market_day(Stance::Hostile, false);
    assert_eq!(stops(&log, buyer), [(gd, Act::Trade)]);
    assert_eq!(bought(&log, buyer), 0);
    // The guard's faction hears of it too.
    let e = log
        .of_unit(buyer)
        .find(|e| matches!(e.what, What::StoppedByGuard { .. }))
        .unwrap();
    assert!(e.seen_by.contains(&FactionId::from_index(1)));
    // A Neutral guard lets it trade.
    let (log, buyer, _) = market_day(Stance::Neutral, false);
    assert!(stops(&log, buyer).is_empty());
    assert_eq!(bought(&log, buyer), 1);
}

#[test]
fn ov_grd_010_a_guard_stops_only_what_it_sees() {
    let (log, buyer, _) = market_day(Stance::Hostile, true);
    assert!(stops(&log, buyer).is_empty());
    assert_eq!(bought(&log, buyer), 1);
}

#[test]
fn ov_grd_009_hostile_guards_stop_recruiting() {
    let run = |s: Stance| {
        let (mut g, gd) = militia(s);
        let l = g.loc(1);
        g.w.locations[l].population = 10_000;
        g.w.locations[l].recruits.push(Recruits {
            race: rules().race("man").unwrap(),
            count: 60,
            price: 50,
        });
        let boss = g.leader(1, 1);
        show(&mut g, boss);
        g.w.units[boss].add_items(item("coin"), 1000, 0);
        let log = g.run(&["#GAME f01 pw\nUNIT U2\nRECRUIT f01nU01 5 man 51\n#END"]);
        let hired = log
            .of_unit(boss)
            .filter(|e| matches!(e.what, What::Recruited { .. }))
            .count();
        (stops(&log, boss), hired, gd)
    };
    let (stopped, hired, gd) = run(Stance::Hostile);
    assert_eq!((stopped, hired), (vec![(gd, Act::Recruit)], 0));
    let (stopped, hired, _) = run(Stance::Neutral);
    assert_eq!((stopped, hired), (vec![], 1));
}

#[test]
fn ov_grd_009_guards_keep_non_friends_from_the_resources() {
    let run = |s: Stance, known: bool| {
        let (mut g, gd) = militia(s);
        let l = g.loc(1);
        g.w.locations[l].resources.push(Resource {
            item: item("ston"),
            amount: 1000,
            full: 1000,
        });
        let diggers = g.unit(1, "man", 10, 1);
        g.learn(diggers, "digg", 1);
        if known {
            show(&mut g, diggers);
        }
        g.orders(diggers, &["@USE digg"]);
        let log = g.run_bare(&[]);
        (stops(&log, diggers), has(&g, diggers, "ston"), gd)
    };
    let (stopped, stone, gd) = run(Stance::Neutral, true);
    assert_eq!((stopped, stone), (vec![(gd, Act::Harvest)], 0));
    let (stopped, stone, _) = run(Stance::Friendly, true);
    assert!(stopped.is_empty());
    assert!(stone > 0);
    // A unit whose faction the guard does not know may harvest (OV-FAC-028).
    let (stopped, stone, _) = run(Stance::Neutral, false);
    assert!(stopped.is_empty());
    assert!(stone > 0);
}

#[test]
fn ov_grd_009_guards_keep_all_but_known_friends_from_the_taxes() {
    let run = |s: Stance, known: bool| {
        let (mut g, gd) = militia(s);
        let l = g.loc(1);
        g.w.locations[l].taxes = 1000;
        let taxers = g.unit(1, "man", 10, 1);
        g.learn(taxers, "cmbt", 1);
        g.learn(taxers, "taxe", 1);
        if known {
            show(&mut g, taxers);
        }
        g.orders(taxers, &["@USE taxe"]);
        let log = g.run_bare(&[]);
        (stops(&log, taxers), has(&g, taxers, "coin"), gd)
    };
    let (stopped, coins, gd) = run(Stance::Neutral, true);
    assert_eq!((stopped, coins), (vec![(gd, Act::Tax)], 0));
    let (stopped, coins, _) = run(Stance::Friendly, true);
    assert_eq!((stopped, coins), (vec![], 300));
    // A unit whose faction the guard does not know takes no taxes, even
    // when the guard's faction holds its own Friendly (OV-FAC-028).
    let (stopped, coins, gd) = run(Stance::Friendly, false);
    assert_eq!((stopped, coins), (vec![(gd, Act::Tax)], 0));
}

#[test]
fn ov_grd_009_nobody_is_stopped_from_working() {
    let (mut g, _) = militia(Stance::Hostile);
    let worker = g.leader(1, 1);
    show(&mut g, worker);
    g.orders(worker, &["@WORK"]);
    let log = g.run_bare(&[]);
    assert_eq!(worked(&log, worker), 30);
    assert!(stops(&log, worker).is_empty());
}
