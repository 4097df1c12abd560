//! Any orders a player can write, however odd, are adjudicated without a
//! panic and leave a consistent world: random valid orders (every kind,
//! every prefix, ids that may or may not exist) for every unit of the
//! imported alpha game, three months running. And every one of them is
//! accounted for in its unit's report: kept with why, dropped with the
//! reason, or carried out with its own event, on the sample game and on
//! the world `umpire demo` makes. And every unit a faction sees is in its
//! report, where it is seen, stacks on the road included.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use std::collections::HashMap;
use umpire_overlord::generate::orders::OrderGen;
use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
use umpire_overlord::legacy::world::import;
use umpire_overlord::orders::{UnitRef, Vocabulary};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::{TurnLog, What, run_turn};

use umpire_overlord::world::{FactionId, UnitId, World};

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::bundled().unwrap())
}

fn alpha() -> World {
    import(&common::alpha_game_files(), rules()).world
}

/// Give every unit `n` random orders, as if they were pending.
fn scramble(w: &mut World, seed: u64, n: usize) {
    let vocab = Vocabulary::builtin();
    let numbers: Vec<(u32, u32)> = w
        .units
        .values()
        .map(|u| (u.number, w.factions[u.faction].number))
        .collect();
    for (i, u) in w.units.values_mut().enumerate() {
        let (me, faction) = numbers[i];
        let mut g = OrderGen::new(seed ^ (u64::from(me) << 20), vocab);
        g.faction = faction;
        g.me = UnitRef::Id(me);
        u.orders = (0..n).map(|_| g.order().to_string()).collect();
    }
}

#[test]
fn random_orders_never_break_the_world() {
    let cases: u64 = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(3);
    let r = rules();
    for seed in 0..cases {
        let mut w = alpha();
        for month in 0..3 {
            scramble(&mut w, seed * 31 + month, 8);
            let log = run_turn(&mut w, r, &[], seed);
            let problems = w.check();
            assert!(
                problems.is_empty(),
                "seed {seed} month {month}: {problems:?}"
            );
            assert!(w.check_rules(r).is_empty());
            assert!(log.events.iter().all(|e| e.day <= 31));
        }
    }
}

/// Whether an order's prefix repeats it (`@`, or a count): such an order
/// stays in the list after running, and its events tell of it.
fn repeats(order: &str) -> bool {
    let rest = order.trim_start_matches(['-', '+']);
    rest.starts_with('@') || rest.starts_with(|c: char| c.is_ascii_digit())
}

/// Every order a unit keeps for next month is told to its faction with
/// why, but a repeated order that ran. (Orders that left the list ran or
/// were dropped, and dropping says why.)
fn every_kept_order_is_told(w: &World, log: &TurnLog, what: &str) {
    let mut told: std::collections::HashMap<_, Vec<&str>> = std::collections::HashMap::new();
    for e in &log.events {
        if let (Some(u), What::OrderKept { order, why }) = (e.unit, &e.what) {
            assert!(!why.is_empty(), "{what}: {order} kept without a reason");
            let f = w.units[u].faction;
            assert!(
                e.seen_by.binary_search(&f).is_ok(),
                "{what}: the faction is not told of {order}"
            );
            told.entry(u).or_default().push(order.as_str());
        }
    }
    let mut kept = 0;
    for (u, unit) in w.units.iter() {
        if unit.gone {
            continue;
        }
        let said = told.get(&u).cloned().unwrap_or_default();
        for o in &unit.orders {
            kept += 1;
            assert!(
                said.contains(&o.as_str()) || repeats(o),
                "{what}: U{} keeps `{o}` for next month and its faction is not told why (told: {said:?})",
                unit.number
            );
        }
    }
    assert!(
        kept > 0,
        "{what}: no order was kept, so nothing was checked"
    );
    assert!(!told.is_empty(), "{what}: no kept order was told");
}

#[test]
fn ov_sch_022_every_order_kept_for_next_month_says_why_on_the_alpha_game() {
    let r = rules();
    let mut w = alpha();
    for month in 0..2 {
        scramble(&mut w, 77 + month, 8);
        let log = run_turn(&mut w, r, &[], 5);
        every_kept_order_is_told(&w, &log, &format!("alpha month {month}"));
    }
}

#[test]
fn ov_sch_022_every_order_kept_for_next_month_says_why_on_a_new_world() {
    let r = rules();
    let mut w = generate(
        r,
        &WorldParams {
            game: "kept".into(),
            seed: 11,
            factions: 6,
            size: MapSize::SMALL,
        },
    )
    .unwrap()
    .world;
    for month in 0..2 {
        scramble(&mut w, 91 + month, 8);
        let log = run_turn(&mut w, r, &[], 3);
        every_kept_order_is_told(&w, &log, &format!("new world month {month}"));
    }
}

/// Each unit's list as the month starts, and its faction.
fn lists(w: &World) -> Vec<(UnitId, FactionId, Vec<String>)> {
    w.units
        .iter()
        .filter(|(_, u)| !u.gone)
        .map(|(id, u)| (id, u.faction, u.orders.clone()))
        .collect()
}

/// What the month told of a unit's orders.
#[derive(Default)]
struct Told<'l> {
    kept: Vec<&'l str>,
    dropped: Vec<&'l str>,
    carried: Vec<&'l str>,
    /// Events of the unit other than those three: what its orders did.
    acts: usize,
}

/// The property: every order in a unit's list as the month began
/// ends it accounted for in the unit's report — kept for next month with
/// why, dropped with the reason, or carried out with its own event — and
/// the order list's last word (`OrderCarried`, for an order that said
/// nothing else) is never needed: every order family tells what it did.
fn every_order_is_accounted_for(
    before: &[(UnitId, FactionId, Vec<String>)],
    w: &World,
    log: &TurnLog,
    what: &str,
) -> usize {
    // Told to the faction the unit had when the month began (a unit that
    // swore an OATH changes hands at the month's end).
    let start_faction: HashMap<UnitId, FactionId> =
        before.iter().map(|(u, f, _)| (*u, *f)).collect();
    let mut told: HashMap<UnitId, Told> = HashMap::new();
    // STANCE is told in the faction's own section, not the unit's.
    let mut stances: Vec<FactionId> = Vec::new();
    for e in &log.events {
        if let What::StanceSet { faction, .. } = e.what {
            stances.push(faction);
        }
        let Some(u) = e.unit else { continue };
        let t = told.entry(u).or_default();
        match &e.what {
            What::OrderKept { order, .. } => t.kept.push(order),
            What::OrderDropped { order, .. } => t.dropped.push(order),
            What::OrderCarried { order } => t.carried.push(order),
            _ => t.acts += 1,
        }
        if matches!(
            e.what,
            What::OrderKept { .. } | What::OrderDropped { .. } | What::OrderCarried { .. }
        ) && let Some(f) = start_faction.get(&u).copied()
        {
            assert!(
                e.seen_by.binary_search(&f).is_ok(),
                "{what}: U{}'s faction is not told of {:?}",
                w.units[u].number,
                e.what
            );
        }
    }
    let carried: Vec<_> = told
        .iter()
        .flat_map(|(u, t)| t.carried.iter().map(move |o| (w.units[*u].number, *o)))
        .collect();
    assert!(
        carried.is_empty(),
        "{what}: orders that said nothing of what they did: {carried:?}"
    );
    let mut checked = 0;
    let none = Told::default();
    for (u, faction, start) in before {
        let unit = &w.units[*u];
        // A unit gone or given away ends with its list (its end is told).
        if unit.gone || unit.faction != *faction {
            continue;
        }
        let t = told.get(u).unwrap_or(&none);
        for o in start {
            checked += 1;
            let stays = unit.orders.contains(o);
            if stays {
                assert!(
                    t.kept.contains(&o.as_str()) || repeats(o),
                    "{what}: U{} keeps `{o}` and is not told why",
                    unit.number
                );
            } else {
                let stance = body(o).starts_with("STANCE") && stances.contains(faction);
                assert!(
                    t.dropped.iter().any(|d| same_order(d, o, start))
                        || t.kept.iter().any(|k| same_order(k, o, start))
                        || t.acts > 0
                        || stance,
                    "{what}: U{}'s `{o}` left the list and nothing tells what became of it",
                    unit.number
                );
            }
        }
    }
    checked
}

/// An order without its prefix: `-@3 D7 WORK` is `WORK`.
fn body(s: &str) -> &str {
    let s = s.trim_start_matches(['-', '+', '@']);
    let s = s
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start();
    match s.strip_prefix('D') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start(),
        _ => s,
    }
}

/// The same order with its prefix changed: its count run down (`3 WORK`
/// kept as `2 WORK`), its dashes used up as the orders above it went; or
/// an order of the same kind whose words the month changed (`WAIT 2` kept
/// as `WAIT 1`, a BUY partly filled).
fn same_order(told: &str, start: &str, starts: &[String]) -> bool {
    let keyword = |s: &str| body(s).split_whitespace().next().map(str::to_string);
    body(told) == body(start)
        || (keyword(told) == keyword(start) && !starts.iter().any(|s| s == told))
}

/// Every faction's text report holds every answer its units were given.
fn every_answer_is_in_the_report(
    before: &[(UnitId, FactionId, Vec<String>)],
    w: &World,
    log: &TurnLog,
    what: &str,
) {
    // A unit that changed hands at the month's end is told of in its
    // first faction's report.
    let start_faction: HashMap<UnitId, FactionId> =
        before.iter().map(|(u, f, _)| (*u, *f)).collect();
    use umpire_overlord::report::text::{Inputs, Reports};
    let press = Vec::new();
    let reports = Reports::new(Inputs {
        world: w,
        rules: rules(),
        log,
        next_turn: "soon",
        press: &press,
    });
    let mut by_faction: HashMap<FactionId, Vec<String>> = HashMap::new();
    for e in &log.events {
        let Some(u) = e.unit else { continue };
        let order = match &e.what {
            What::OrderKept { order, .. }
            | What::OrderDropped { order, .. }
            | What::OrderCarried { order } => order,
            _ => continue,
        };
        if w.units[u].gone {
            continue;
        }
        by_faction
            .entry(start_faction.get(&u).copied().unwrap_or(w.units[u].faction))
            .or_default()
            .push(format!("order `{order}`"));
    }
    assert!(!by_faction.is_empty(), "{what}: no answer to check");
    for (f, answers) in by_faction {
        if w.factions[f].resigned {
            continue;
        }
        let text = reports.report(f);
        for a in answers {
            assert!(
                text.contains(&a),
                "{what}: f{}'s report lacks {a}",
                w.factions[f].number
            );
        }
    }
}

fn a_month_of_random_orders(mut w: World, seed: u64, what: &str) {
    let r = rules();
    let mut checked = 0;
    for month in 0..2 {
        scramble(&mut w, seed + month, 8);
        // The turn drops units gone last month first; number as it will.
        w.compact();
        let before = lists(&w);
        let log = run_turn(&mut w, r, &[], seed);
        let what = format!("{what} month {month}");
        checked += every_order_is_accounted_for(&before, &w, &log, &what);
        every_answer_is_in_the_report(&before, &w, &log, &what);
    }
    assert!(checked > 500, "{what}: only {checked} orders checked");
}

/// How many seeds: `PROPTEST_CASES` (3 by default; 1,000 seeds of both
/// worlds pass, `PROPTEST_CASES=1000 cargo test --release`).
fn cases() -> u64 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(3)
}

#[test]
fn every_order_of_a_month_is_accounted_for_on_the_alpha_game() {
    for k in 0..cases() {
        a_month_of_random_orders(alpha(), 77 + 13 * k, &format!("alpha seed {k}"));
    }
}

#[test]
fn every_order_of_a_month_is_accounted_for_on_the_demo_world() {
    let w = common::demo_world(rules());
    for k in 0..cases() {
        a_month_of_random_orders(w.clone(), 91 + 13 * k, &format!("demo world seed {k}"));
    }
}

/// Every unit a faction sees at the month's end, where one of its own units
/// is, by the visibility rules, is in that faction's report, listed at the
/// place it is seen at: travellers too, wherever their journey has them
/// (OV-MOVE-027). Returns how many sightings were checked and how many of
/// them were of stacks past half their journey (seen away from where they
/// are listed).
fn everyone_seen_is_in_the_report(w: &World, log: &TurnLog, what: &str) -> (usize, usize) {
    use std::collections::HashSet;
    use umpire_overlord::report::text::{Inputs, Reports};
    use umpire_overlord::turn::visibility::{Exposure, Sight};
    let sight = Sight::build(w, rules());
    let press = Vec::new();
    let reports = Reports::new(Inputs {
        world: w,
        rules: rules(),
        log,
        next_turn: "soon",
        press: &press,
    });
    let mut eyes: HashMap<FactionId, HashSet<usize>> = HashMap::new();
    for (id, u) in w.units.iter().filter(|(_, u)| !u.gone) {
        if let Some(at) = sight.seen_at(id) {
            eyes.entry(u.faction)
                .or_default()
                .insert(umpire_core::ids::TypedId::index(at));
        }
    }
    let (mut checked, mut away) = (0, 0);
    for (&f, places) in &eyes {
        if w.factions[f].resigned {
            continue;
        }
        let json = reports.json(f);
        let mut listed: HashSet<(String, String)> = HashSet::new();
        for l in json["locations"].as_array().unwrap() {
            for u in l["units"].as_array().unwrap() {
                listed.insert((
                    l["id"].as_str().unwrap().to_string(),
                    u["id"].as_str().unwrap().to_string(),
                ));
            }
        }
        for (id, u) in w.units.iter().filter(|(_, u)| !u.gone && u.figures > 0) {
            let Some(at) = sight.seen_at(id) else {
                continue;
            };
            if !places.contains(&umpire_core::ids::TypedId::index(at))
                || !sight.sees(w, f, id, Exposure::default())
            {
                continue;
            }
            checked += 1;
            if at != u.location {
                away += 1;
            }
            let place = w.locations[at].code();
            assert!(
                listed.contains(&(place.clone(), u.code())),
                "{what}: f{} sees {} at {place} but its report does not list it there",
                w.factions[f].number,
                u.code()
            );
        }
    }
    (checked, away)
}

/// Every third unit waits some days into the month, then sets out for a
/// neighbouring place: journeys that end the month on the road, some
/// before and some past their halfway point.
fn late_journeys(w: &mut World, seed: u64) {
    let mut dice = seed.wrapping_mul(6_364_136_223_846_793_005) | 1;
    let ids: Vec<UnitId> = w.units.ids().collect();
    for (k, u) in ids.into_iter().enumerate() {
        dice = dice
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let exits = &w.locations[w.units[u].location].exits;
        if k % 3 != 0 || exits.is_empty() || w.units[u].gone {
            continue;
        }
        let to = exits[(dice >> 33) as usize % exits.len()].to;
        let wait = 15 + (dice >> 40) % 15;
        let place = w.locations[to].code();
        w.units[u].orders = vec![format!("WAIT {wait}"), format!("-MOVE {place}")];
    }
}

#[test]
fn ov_move_027_no_unit_a_faction_sees_is_missing_from_its_report() {
    let cases: u64 = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(2);
    let r = rules();
    let (mut checked, mut away) = (0, 0);
    for seed in 0..cases {
        for (name, mut w) in [("alpha", alpha()), ("demo", common::demo_world(r))] {
            for month in 0..3 {
                scramble(&mut w, 1000 + seed * 31 + month, 8);
                late_journeys(&mut w, seed * 7 + month);
                let log = run_turn(&mut w, r, &[], seed);
                let (c, a) = everyone_seen_is_in_the_report(
                    &w,
                    &log,
                    &format!("{name} seed {seed} month {month}"),
                );
                checked += c;
                away += a;
            }
        }
    }
    assert!(checked > 0, "nothing was seen");
    assert!(
        away > 0,
        "no stack past half its journey was seen: the case went untested"
    );
}
