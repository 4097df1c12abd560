//! Bot players on the original engine's sample game: for every faction the
//! order file reads back without a single diagnostic, has a UNIT section
//! for each of the faction's units and none for anyone else's, is the same
//! for the same seed, and names only what the world offers: real exits,
//! skills whose prerequisites the unit meets, goods of the local market.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;

use umpire_overlord::generate::bots::{
    BotOptions, PASSWORD_PLACEHOLDER, bot_orders, bot_orders_with,
};
use umpire_overlord::legacy::world::import;
use umpire_overlord::orders::catalog::combat::AttackTarget;
use umpire_overlord::orders::catalog::movement::Destination;
use umpire_overlord::orders::{
    Envelope, FactionRef, OrderSet, ParseOptions, UnitOrder, UnitRef, Vocabulary, check,
};
use umpire_overlord::rules::terrains::Direction as MapDirection;
use umpire_overlord::rules::{Rules, SkillLevel};
use umpire_overlord::world::{FactionId, Player, Unit, World};

const SEEDS: [u64; 4] = [0, 1, 7, 2026];

fn alpha() -> (World, Rules) {
    let rules = Rules::bundled().unwrap();
    let world = import(&common::alpha_game_files(), &rules).world;
    (world, rules)
}

/// Check the text as `umpire overlord check` does; no diagnostic at all is
/// allowed. Returns the one order set.
fn read_back(text: &str, what: &str) -> OrderSet {
    let checked = check(
        what,
        text.as_bytes(),
        ParseOptions {
            vocabulary: Some(Vocabulary::builtin()),
        },
    );
    let diags: Vec<String> = checked
        .diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} line {}: {}",
                d.code,
                d.position.map_or(0, |p| p.line),
                d.message
            )
        })
        .collect();
    assert!(diags.is_empty(), "{what}: {diags:#?}\n{text}");
    assert_eq!(checked.message.envelopes.len(), 1, "{what}");
    let Envelope::Orders(set) = checked.message.envelopes.into_iter().next().unwrap() else {
        panic!("{what}: not an order set")
    };
    set
}

#[test]
fn every_faction_gets_a_clean_order_file_with_a_section_per_unit() {
    let (w, r) = alpha();
    for (fid, f) in w.factions.iter() {
        for seed in SEEDS {
            let what = format!("f{} seed {seed}", f.number);
            let text = bot_orders(&w, &r, fid, seed);
            assert!(text.starts_with("#GAME "), "{what}");
            assert!(text.ends_with("#END\n"), "{what}");
            let set = read_back(&text, &what);

            assert_eq!(set.header.faction, FactionRef::Player(f.number), "{what}");
            assert_eq!(set.header.password, PASSWORD_PLACEHOLDER, "{what}");
            assert_eq!(set.header.game.as_deref(), Some("alpha"), "{what}");
            assert!(set.header.closed, "{what}");
            assert!(set.faction_orders.is_empty(), "{what}");

            // Exactly the faction's units, in the world's order, then the
            // units recruited into new placeholders.
            let mine: Vec<UnitRef> = w
                .units_of(fid)
                .map(|(_, u)| UnitRef::Id(u.number))
                .collect();
            let numbered: Vec<UnitRef> = set
                .units
                .iter()
                .map(|s| s.unit)
                .filter(|u| matches!(u, UnitRef::Id(_)))
                .collect();
            assert_eq!(numbered, mine, "{what}");
            let recruited: BTreeSet<UnitRef> = set
                .unit_orders()
                .iter()
                .filter_map(|o| match &o.value.order {
                    UnitOrder::Recruit(rec) => Some(rec.into),
                    _ => None,
                })
                .filter(|u| matches!(u, UnitRef::New(_)))
                .collect();
            let placeholders: BTreeSet<UnitRef> = set
                .units
                .iter()
                .map(|s| s.unit)
                .filter(|u| matches!(u, UnitRef::New(_)))
                .collect();
            assert_eq!(placeholders, recruited, "{what}");
            for p in &placeholders {
                let UnitRef::New(id) = p else { unreachable!() };
                assert_eq!(id.faction, f.number, "{what}");
            }
            // Every section says something.
            for (s, orders) in set.sections() {
                assert!(!orders.is_empty(), "{what}: {} has no orders", s.unit);
            }
        }
    }
}

#[test]
fn the_seed_decides_the_orders() {
    let (w, r) = alpha();
    let mut compared = 0;
    for (fid, f) in w.factions.iter() {
        for seed in SEEDS {
            assert_eq!(
                bot_orders(&w, &r, fid, seed),
                bot_orders(&w, &r, fid, seed),
                "f{} seed {seed}",
                f.number
            );
        }
        if w.units_of(fid).count() >= 5 {
            let texts: BTreeSet<String> =
                SEEDS.iter().map(|&s| bot_orders(&w, &r, fid, s)).collect();
            assert_eq!(
                texts.len(),
                SEEDS.len(),
                "f{}: seeds gave equal orders",
                f.number
            );
            compared += 1;
        }
    }
    assert!(
        compared >= 10,
        "only {compared} factions with several units"
    );
}

/// The alpha world with something to sell: every leader of a player
/// faction carries 40 of the first thing its market buys.
fn with_goods(w: &World, r: &Rules) -> World {
    let mut w = w.clone();
    let ids: Vec<_> = w.units.ids().collect();
    for id in ids {
        let u = &w.units[id];
        let human = w.factions[u.faction].player == Player::Human;
        let leader = r.races[u.race].kind == umpire_overlord::rules::races::RaceKind::Leader;
        if let (true, true, Some(o)) = (human, leader, w.locations[u.location].market.buys.first())
        {
            let item = o.item;
            w.units[id].add_items(item, 40, 0);
        }
    }
    w
}

fn meets(r: &Rules, unit: &Unit, requires: &[SkillLevel]) -> bool {
    requires.iter().all(|q| {
        let s = q.skill.id();
        r.skills[s].level_for(unit.experience(s)) >= q.level
    })
}

#[test]
fn orders_name_only_what_the_world_offers() {
    let (alpha_world, r) = alpha();
    let goods_world = with_goods(&alpha_world, &r);
    let mut seen: BTreeSet<&'static str> = BTreeSet::new();
    for w in [&alpha_world, &goods_world] {
        let numbers = w.numbers();
        for (fid, f) in w.factions.iter() {
            for seed in SEEDS {
                let what = format!("f{} seed {seed}", f.number);
                let set = read_back(&bot_orders(w, &r, fid, seed), &what);
                for section in &set.units {
                    let fresh;
                    let unit: &Unit = match section.unit {
                        UnitRef::Id(n) => &w.units[numbers.units[&n]],
                        UnitRef::New(_) => {
                            // A new recruit knows nothing yet.
                            let any = w.units_of(fid).next().unwrap().1;
                            fresh = Unit::new(0, fid, any.race, 1, any.location);
                            &fresh
                        }
                    };
                    assert_eq!(unit.faction, fid, "{what}");
                    let loc = &w.locations[unit.location];
                    for o in set.orders_of(section) {
                        let at = format!("{what} {}: {}", section.unit, o.value);
                        match &o.value.order {
                            UnitOrder::Move(m) => {
                                seen.insert("MOVE");
                                let real = loc.exits.iter().any(|e| match m.to {
                                    Destination::Location(l) => w.locations[e.to].number == l.0,
                                    Destination::Direction(d) => {
                                        MapDirection::from_name(d.as_str()) == Some(e.direction)
                                    }
                                });
                                assert!(real, "{at}: not an exit of {}", loc.code());
                            }
                            UnitOrder::Study(s) => {
                                seen.insert("STUDY");
                                let id = r.skill(s.skill.as_str()).unwrap();
                                let skill = &r.skills[id];
                                assert!(!skill.flags.no_learn, "{at}");
                                assert!(meets(&r, unit, &skill.requires), "{at}: prerequisites");
                                let level = skill.level_for(unit.experience(id));
                                let next = &skill.levels[usize::from(level)];
                                assert!(!next.closed, "{at}");
                                assert!(meets(&r, unit, &next.requires), "{at}: level needs");
                                if let Some(l) = s.level {
                                    assert_eq!(l, u32::from(level) + 1, "{at}");
                                }
                            }
                            UnitOrder::Buy(b) => {
                                seen.insert("BUY");
                                let item = r.item(b.item.as_str()).unwrap();
                                let offer = loc.market.sells.iter().find(|x| x.item == item);
                                let offer = offer.unwrap_or_else(|| panic!("{at}: not on sale"));
                                assert!(u64::from(b.count) <= offer.count, "{at}");
                                assert_eq!(b.price, Some(offer.price), "{at}");
                            }
                            UnitOrder::Sell(s) => {
                                seen.insert("SELL");
                                let item = r.item(s.item.as_str()).unwrap();
                                let offer = loc.market.buys.iter().find(|x| x.item == item);
                                let offer = offer.unwrap_or_else(|| panic!("{at}: not wanted"));
                                assert!(u64::from(s.count) <= offer.count, "{at}");
                                assert!(u64::from(s.count) <= unit.count(item), "{at}");
                            }
                            UnitOrder::Recruit(rec) => {
                                seen.insert("RECRUIT");
                                let race = r.race(rec.race.as_str()).unwrap();
                                let hire = loc.recruits.iter().find(|x| x.race == race);
                                let hire = hire.unwrap_or_else(|| panic!("{at}: no such recruits"));
                                assert!(rec.count >= 1 && rec.count <= hire.count, "{at}");
                                if let UnitRef::Id(n) = rec.into {
                                    let into = &w.units[numbers.units[&n]];
                                    assert_eq!(into.faction, fid, "{at}");
                                    assert_eq!(into.race, race, "{at}");
                                    assert_eq!(into.location, unit.location, "{at}");
                                }
                            }
                            UnitOrder::Attack(a) => {
                                seen.insert("ATTACK");
                                let AttackTarget::Unit(UnitRef::Id(n)) = a.target else {
                                    panic!("{at}")
                                };
                                let target = &w.units[numbers.units[&n]];
                                assert_ne!(target.faction, fid, "{at}");
                                assert_eq!(target.location, unit.location, "{at}");
                            }
                            UnitOrder::Use(u) => {
                                seen.insert("USE");
                                let id = r.skill(u.skill.as_str()).unwrap();
                                assert!(r.skills[id].level_for(unit.experience(id)) >= 1, "{at}");
                            }
                            UnitOrder::Build(b) => {
                                seen.insert("BUILD");
                                let id = r.skill(b.skill.as_str()).unwrap();
                                assert!(r.skills[id].level_for(unit.experience(id)) >= 1, "{at}");
                            }
                            UnitOrder::Guard(_) => {
                                seen.insert("GUARD");
                            }
                            UnitOrder::Work(_) => {
                                seen.insert("WORK");
                            }
                            UnitOrder::Withdraw(_) => {
                                seen.insert("WITHDRAW");
                            }
                            UnitOrder::Target(_) => {
                                seen.insert("TARGET");
                            }
                            other => panic!("{at}: unexpected {other:?}"),
                        }
                    }
                }
            }
        }
    }
    // Over all factions and seeds, a real turn's mix of orders.
    for k in [
        "STUDY", "WORK", "MOVE", "BUY", "SELL", "RECRUIT", "WITHDRAW", "GUARD", "ATTACK", "USE",
        "BUILD",
    ] {
        assert!(seen.contains(k), "no {k} in any order file: {seen:?}");
    }
}

#[test]
fn the_caller_supplies_the_password() {
    let (w, r) = alpha();
    let f5 = w.faction_by_number(5).unwrap();
    let options = BotOptions {
        password: "open sesame".into(),
    };
    let text = bot_orders_with(&w, &r, f5, 3, &options);
    assert!(
        text.starts_with("#GAME f05 \"open sesame\" alpha\n"),
        "{text}"
    );
    let set = read_back(&text, "f5 with password");
    assert_eq!(set.header.password, "open sesame");
    // Only the header differs from the placeholder's file.
    let plain = bot_orders(&w, &r, f5, 3);
    assert_eq!(
        text.lines().skip(1).collect::<Vec<_>>(),
        plain.lines().skip(1).collect::<Vec<_>>()
    );
}

#[test]
fn a_faction_not_in_the_world_gets_nothing() {
    let (w, r) = alpha();
    let missing = FactionId::new(u32::try_from(w.factions.len()).unwrap());
    assert_eq!(bot_orders(&w, &r, missing, 1), "");
}

#[test]
fn the_hundredfold_world_gets_clean_orders_too() {
    // Faction numbers in the thousands, 1,500 factions, 27,500 units: a
    // sample of factions from every copy's range.
    let rules = Rules::bundled().unwrap();
    let files = umpire_overlord::legacy::replicate::replicate(&common::alpha_game_files(), 100);
    let w = import(&files, &rules).world;
    let ids: Vec<FactionId> = w.factions.ids().collect();
    for &fid in ids.iter().step_by(37) {
        let f = &w.factions[fid];
        let what = format!("x100 f{}", f.number);
        let set = read_back(&bot_orders(&w, &rules, fid, 5), &what);
        assert_eq!(set.header.faction, FactionRef::Player(f.number), "{what}");
        let mine = w.units_of(fid).count();
        let numbered = set
            .units
            .iter()
            .filter(|s| matches!(s.unit, UnitRef::Id(_)))
            .count();
        assert_eq!(numbered, mine, "{what}");
    }
}
