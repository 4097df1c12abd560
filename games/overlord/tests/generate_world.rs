//! The world generator (`umpire overlord new`): determinism, invariants
//! and what the rules promise a new game holds (OV-WLD, OV-TTL, OV-START).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use umpire_core::ids::TypedId;
use umpire_overlord::generate::world::{
    GenerateError, Generated, LeaderType, MapSize, StartType, WorldParams, generate,
    starting_position::FAIR_COLONIAL,
};
use umpire_overlord::orders::{Scope, Vocabulary, parse_order_line};
use umpire_overlord::rules::Rules;
use umpire_overlord::rules::terrains::Direction;
use umpire_overlord::save;
use umpire_overlord::world::faction::password_matches;
use umpire_overlord::world::{LocationId, Player, Stance, UnitId, World};

fn rules() -> Rules {
    Rules::bundled().expect("bundled rules load")
}

fn params(seed: u64, factions: u32, size: MapSize) -> WorldParams {
    WorldParams {
        game: "test".into(),
        seed,
        factions,
        size,
    }
}

fn make(r: &Rules, seed: u64, factions: u32, size: MapSize) -> Generated {
    generate(r, &params(seed, factions, size)).expect("world generates")
}

fn terrain(r: &Rules, w: &World, l: LocationId) -> String {
    r.terrains[w.locations[l].terrain].tag.clone()
}

fn title_seats(r: &Rules, w: &World, tag: &str) -> Vec<(LocationId, Option<UnitId>)> {
    w.locations
        .iter()
        .flat_map(|(id, l)| {
            l.titles
                .iter()
                .filter(|s| r.titles[s.title].tag == tag)
                .map(move |s| (id, s.holder))
        })
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_world_byte_for_byte() {
    let r = rules();
    let a = make(&r, 11, 12, MapSize::SMALL);
    let b = make(&r, 11, 12, MapSize::SMALL);
    assert_eq!(save::save(&a.world, &r), save::save(&b.world, &r));
    assert_eq!(a.players, b.players);
    let c = make(&r, 12, 12, MapSize::SMALL);
    assert_ne!(save::save(&a.world, &r), save::save(&c.world, &r));
}

#[test]
fn generated_worlds_keep_every_invariant_and_survive_a_save() {
    let r = rules();
    for (seed, size, factions) in [
        (1, MapSize::SMALL, 3),
        (2, MapSize::SMALL, 40),
        (3, MapSize::MEDIUM, 25),
        (4, MapSize::new(30, 60), 10),
    ] {
        let g = make(&r, seed, factions, size);
        assert_eq!(g.world.check(), Vec::<String>::new(), "seed {seed}");
        let back = save::load(&save::save(&g.world, &r), &r).unwrap();
        assert_eq!(back, g.world);
        assert_eq!(g.world.factions.len() as u32, 4 + factions);
        assert_eq!(g.players.len() as u32, 4 + factions);
    }
}

#[test]
fn ov_wld_002_hexes_have_six_neighbours_both_ways_and_the_rim_is_ocean() {
    let r = rules();
    let g = make(&r, 5, 5, MapSize::SMALL);
    let w = &g.world;
    let hexes = w.locations.values().filter(|l| l.hex.is_some()).count();
    assert_eq!(hexes, MapSize::SMALL.hexes());
    let mut land = 0;
    for (id, l) in w.locations.iter() {
        let Some(h) = l.hex else { continue };
        let sides: Vec<_> = l
            .exits
            .iter()
            .filter(|e| e.direction.axial_offset().is_some())
            .collect();
        for e in &sides {
            let other = &w.locations[e.to];
            assert_eq!(
                other.hex,
                h.step(e.direction),
                "{} {}",
                l.code(),
                e.direction
            );
            assert!(
                other.exits.iter().any(|b| b.to == id
                    && b.direction == e.direction.opposite()
                    && b.road == e.road),
                "{} -> {} is one way",
                l.code(),
                other.code()
            );
        }
        if sides.len() < 6 {
            assert_eq!(terrain(&r, w, id), "ocea", "{} is on the rim", l.code());
        }
        if !matches!(terrain(&r, w, id).as_str(), "ocea" | "lake") {
            land += 1;
        }
    }
    let share = land * 100 / hexes;
    assert!((30..=70).contains(&share), "land share {share}%");
}

#[test]
fn terrains_come_in_clusters_not_salt_and_pepper() {
    // On average a land hex has more same-terrain neighbours than random
    // placement would give.
    let r = rules();
    let g = make(&r, 21, 20, MapSize::MEDIUM);
    let w = &g.world;
    let (mut same, mut total) = (0usize, 0usize);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (id, l) in w.locations.iter() {
        if l.hex.is_none() || matches!(terrain(&r, w, id).as_str(), "ocea" | "lake") {
            continue;
        }
        *counts.entry(terrain(&r, w, id)).or_default() += 1;
        for e in l
            .exits
            .iter()
            .filter(|e| e.direction.axial_offset().is_some())
        {
            total += 1;
            same += usize::from(w.locations[e.to].terrain == l.terrain);
        }
    }
    for t in ["plai", "hill", "moun", "fore", "dese", "tund"] {
        assert!(counts.get(t).copied().unwrap_or(0) > 5, "{t}: {counts:?}");
    }
    assert!(same * 100 / total > 45, "{same}/{total} neighbours alike");
}

#[test]
fn ov_wld_004_every_settlement_is_an_inner_location_with_a_way_in_and_out() {
    let r = rules();
    let g = make(&r, 6, 10, MapSize::MEDIUM);
    let w = &g.world;
    let inner: Vec<_> = w
        .locations
        .iter()
        .filter(|(_, l)| l.hex.is_none())
        .collect();
    assert!(inner.len() >= 10);
    for (id, l) in inner {
        let outer = l.outer.expect("inner location has an outer one");
        assert!(
            l.exits
                .iter()
                .any(|e| e.direction == Direction::Out && e.to == outer)
        );
        assert!(
            w.locations[outer]
                .exits
                .iter()
                .any(|e| e.direction == Direction::In && e.to == id)
        );
        assert!(matches!(terrain(&r, w, id).as_str(), "city" | "vill"));
        assert!(l.population > 0 && l.wages > 0, "{}", l.code());
        assert!(!l.recruits.is_empty(), "{} has no recruits", l.code());
        assert_eq!(l.titles.len(), 1, "{}: one title per location", l.code());
        if terrain(&r, w, id) == "city" {
            assert!(!l.market.sells.is_empty() && !l.market.buys.is_empty());
            let has_market = l
                .structures
                .iter()
                .any(|s| r.constructions[w.structures[*s].kind].tag == "mrkt");
            assert!(has_market, "{} has no marketplace", l.code());
        } else {
            assert_eq!(r.titles[l.titles[0].title].tag, "shrf");
            assert_eq!(l.titles[0].holder, None);
        }
        // Market prices: sells above the item's price, buys below it.
        for o in &l.market.sells {
            assert!(
                o.price >= r.items[o.item].price,
                "{} sells {}",
                l.code(),
                r.items[o.item].tag
            );
        }
        for o in &l.market.buys {
            assert!(
                o.price < r.items[o.item].price.max(2),
                "{} buys {}",
                l.code(),
                r.items[o.item].tag
            );
        }
    }
}

#[test]
fn ov_wld_037_resources_follow_the_terrain() {
    let r = rules();
    let g = make(&r, 7, 10, MapSize::MEDIUM);
    let w = &g.world;
    let mut with = 0;
    for l in w.locations.values() {
        let t = &r.terrains[l.terrain];
        for res in &l.resources {
            let allowed = t.resources.iter().find(|x| x.item.id() == res.item);
            let allowed =
                allowed.unwrap_or_else(|| panic!("{} grows {}", l.code(), r.items[res.item].tag));
            assert!(res.amount >= 1 && res.amount <= u64::from(allowed.amount));
            assert_eq!(res.amount, res.full);
        }
        with += usize::from(!l.resources.is_empty());
    }
    assert!(
        with * 2 > w.locations.len(),
        "only {with} locations have resources"
    );
}

#[test]
fn ov_wld_033_a_storm_has_no_calm_neighbours() {
    let r = rules();
    let g = make(&r, 8, 10, MapSize::MEDIUM);
    let w = &g.world;
    let storm = r.weather("storm").unwrap();
    let calm = [r.weather("fair").unwrap(), r.weather("sun").unwrap()];
    let mut storms = 0;
    for l in w.locations.values().filter(|l| l.hex.is_some()) {
        if l.weather != storm {
            continue;
        }
        storms += 1;
        for e in l
            .exits
            .iter()
            .filter(|e| e.direction.axial_offset().is_some())
        {
            assert!(!calm.contains(&w.locations[e.to].weather), "{}", l.code());
        }
    }
    assert!(storms > 0);
    for l in w.locations.values() {
        if let Some(o) = l.outer {
            assert_eq!(
                l.weather,
                w.locations[o].weather,
                "inner {} shares its hex's weather",
                l.code()
            );
        }
    }
}

#[test]
fn ov_start_013_to_018_the_npcs_hold_their_titles_and_stand_guard() {
    let r = rules();
    let g = make(&r, 9, 10, MapSize::MEDIUM);
    let w = &g.world;
    let names: Vec<&str> = w
        .factions
        .values()
        .take(4)
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(names, ["Imperials", "Citizens", "Mages", "Creatures"]);
    assert!(w.factions.values().take(4).all(|f| f.player == Player::Npc));

    // The Emperor holds the Overlord title in the Imperial City.
    let over = title_seats(&r, w, "over");
    assert_eq!(over.len(), 1);
    let (capital, holder) = over[0];
    let emperor = &w.units[holder.expect("the Overlord title is held")];
    assert_eq!(emperor.name, "The Emperor");
    assert_eq!(emperor.faction.index(), 0);
    assert!(
        r.skills[r.skill("cmbt").unwrap()].level_for(emperor.experience(r.skill("cmbt").unwrap()))
            >= 5
    );
    assert_eq!(terrain(&r, w, capital), "city");
    // The Advisor, of the Mages, in the Imperial City.
    let advisor = w.locations[capital]
        .units
        .iter()
        .map(|u| &w.units[*u])
        .find(|u| u.name == "The Advisor")
        .expect("the Advisor is in the Imperial City");
    assert_eq!(advisor.faction.index(), 2);
    for e in ["airs", "eart", "fire", "void", "wate"] {
        assert!(advisor.experience(r.skill(e).unwrap()) > 0, "{e}");
    }

    // Five elemental masters, each in a tower, with the skill their title needs.
    for t in ["amag", "emag", "fmag", "vmag", "wmag"] {
        let seats = title_seats(&r, w, t);
        assert_eq!(seats.len(), 1, "{t}");
        let u = &w.units[seats[0].1.expect("held")];
        assert_eq!(u.faction.index(), 2);
        let tower = u.structure.expect("inside the tower");
        assert_eq!(r.constructions[w.structures[tower].kind].tag, "mtow");
        let title = &r.titles[r.title(t).unwrap()];
        let need = &title.requires;
        let s = need.skill.id();
        assert!(r.skills[s].level_for(u.experience(s)) >= need.level, "{t}");
    }
    // Heads of Guild hold their guild titles and meet them.
    let guilds = title_seats(&r, w, "hgld");
    assert!(!guilds.is_empty());
    for (_, h) in guilds {
        let u = &w.units[h.expect("held")];
        let mage = r.skill("mage").unwrap();
        assert!(r.skills[mage].level_for(u.experience(mage)) >= 2);
    }

    // Every city is guarded, by the Imperials or by the Citizens.
    let vocab = Vocabulary::builtin();
    for (id, l) in w.locations.iter() {
        if terrain(&r, w, id) != "city" {
            continue;
        }
        let guards = l
            .units
            .iter()
            .filter(|u| w.units[**u].orders.iter().any(|o| o == "@GUARD"))
            .count();
        assert!(guards >= 1, "{} is unguarded", l.code());
    }
    // Every NPC order is one the order parser accepts without error.
    for u in w.units.values() {
        for o in &u.orders {
            let (order, diags) = parse_order_line(
                o,
                Scope {
                    faction: None,
                    unit: None,
                    vocabulary: Some(vocab),
                },
            );
            assert!(
                order.is_some() && diags.iter().all(|d| !d.is_error()),
                "{}: `{o}` {diags:?}",
                u.code()
            );
        }
    }
    // Creatures live in the wilds only.
    for u in w.units.values().filter(|u| u.faction.index() == 3) {
        assert!(w.locations[u.location].hex.is_some());
        assert!(w.locations[u.location].titles.is_empty() || u.structure.is_none());
    }
}

#[test]
fn ov_start_001_to_012_player_factions_start_by_the_rules() {
    let r = rules();
    let factions = 60;
    let g = make(&r, 10, factions, MapSize::MEDIUM);
    let w = &g.world;
    let hrse = r.item("hrse").unwrap();
    let man = r.race("man").unwrap();
    let hero_race = r.race("hero").unwrap();
    let mut per_colony: BTreeMap<LocationId, usize> = BTreeMap::new();
    let mut seen_types = BTreeSet::new();
    for p in g.players.iter().skip(4) {
        let fid = umpire_overlord::world::FactionId::from_index(p.number as usize - 1);
        let f = &w.factions[fid];
        assert_eq!(f.player, Player::Human);
        let start = p.start.unwrap();
        let leader = p.leader.unwrap();
        seen_types.insert(format!("{leader}/{start}"));
        assert_eq!(f.funds, 5000 + start.bonus(), "OV-START-010");
        assert!(password_matches(&f.password_hash, &p.password));
        assert!(!password_matches(&f.password_hash, "wrong"));
        assert_eq!(f.default_stance, Stance::Neutral, "OV-START-012");
        assert_eq!(
            f.stance_toward(umpire_overlord::world::FactionId::from_index(0)),
            Stance::Ally
        );
        assert_eq!(
            f.stance_toward(umpire_overlord::world::FactionId::from_index(3)),
            Stance::Hostile
        );

        let units: Vec<UnitId> = w
            .units
            .iter()
            .filter(|(_, u)| u.faction == fid)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(units.len(), 2, "OV-START-001");
        let hero = &w.units[units[0]];
        let men = &w.units[units[1]];
        assert_eq!(hero.race, hero_race);
        assert_eq!((men.race, men.figures), (man, 50));
        assert_eq!(men.stack_parent, Some(units[0]));
        assert!(men.skills.is_empty() && men.items.is_empty());
        let horse = hero.items.iter().find(|h| h.item == hrse).expect("a horse");
        assert_eq!((horse.count, horse.equipped), (1, 1), "OV-START-007");
        assert_eq!(Some(hero.location), p.location);
        for tag in &p.skills {
            let s = r.skill(tag).unwrap();
            assert_eq!(r.skills[s].level_for(hero.experience(s)), 1, "{tag}");
        }
        assert_eq!(p.skills.len(), 2, "{leader}");
        let has = |tag: &str| hero.count(r.item(tag).unwrap()) > 0;
        match leader {
            LeaderType::General => {
                assert_eq!(p.skills, ["cmbt", "blde"]);
                assert!(has("swrd") && has("plat"));
            }
            LeaderType::Mage => {
                assert_eq!(p.skills[0], "mage");
                assert!(["airs", "eart", "fire", "void", "wate"].contains(&p.skills[1].as_str()));
                assert_eq!(hero.items.len(), 3, "horse and two magic items");
            }
            LeaderType::Adventurer => {
                assert_eq!(p.skills[0], "scou");
                assert_eq!(hero.count(r.item("food").unwrap()), 30);
                let hex = w.locations[hero.location].outer.unwrap();
                let lore = r.terrains[w.locations[hex].terrain]
                    .landwalk
                    .as_ref()
                    .unwrap();
                assert_eq!(p.skills[1], lore.tag());
            }
            LeaderType::Craftsman => {
                assert_ne!(p.skills[0], p.skills[1]);
                assert!(
                    p.skills
                        .iter()
                        .all(|t| r.skills[r.skill(t).unwrap()].flags.basic)
                );
                let tools: u64 = hero
                    .items
                    .iter()
                    .filter(|h| {
                        r.items[h.item]
                            .equip
                            .as_ref()
                            .is_some_and(|e| e.slot == umpire_overlord::rules::EquipSlot::Tool)
                    })
                    .map(|h| h.count)
                    .sum();
                assert_eq!(tools, 2, "two tools");
            }
        }
        let loc = &w.locations[hero.location];
        assert_eq!(terrain(&r, w, hero.location), "city");
        let rank = &r.titles[loc.titles[0].title].tag;
        match start {
            StartType::Imperial => assert_eq!(rank, "over"),
            StartType::Colonial => *per_colony.entry(hero.location).or_default() += 1,
            StartType::Border => {}
        }
    }
    // OV-START-009: colonies fill in turn, FAIR_COLONIAL at a time.
    let counts: Vec<usize> = per_colony.values().copied().collect();
    let max = counts.iter().max().copied().unwrap_or(0);
    let min = counts.iter().min().copied().unwrap_or(0);
    assert!(max - min <= FAIR_COLONIAL, "{counts:?}");
    assert!(seen_types.len() >= 8, "{seen_types:?}");
}

#[test]
fn roads_join_the_imperial_cities_to_the_capital() {
    let r = rules();
    let g = make(&r, 13, 10, MapSize::MEDIUM);
    let w = &g.world;
    let (capital, _) = title_seats(&r, w, "over")[0];
    let start = w.locations[capital].outer.unwrap();
    // Hexes reachable from the capital's hex along roads.
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(l) = queue.pop_front() {
        for e in w.locations[l].exits.iter().filter(|e| e.road) {
            if seen.insert(e.to) {
                queue.push_back(e.to);
            }
        }
    }
    let mayors = title_seats(&r, w, "mayo");
    let imperial: Vec<_> = mayors
        .iter()
        .filter(|(_, h)| h.is_some_and(|u| w.units[u].faction.index() == 0))
        .collect();
    assert!(!imperial.is_empty());
    for (city, _) in imperial {
        let hex = w.locations[*city].outer.unwrap();
        assert!(
            seen.contains(&hex),
            "{} is off the road",
            w.locations[*city].code()
        );
    }
}

#[test]
fn a_map_without_room_for_an_empire_is_refused() {
    let r = rules();
    let err = generate(&r, &params(1, 1, MapSize::new(8, 8))).unwrap_err();
    assert!(matches!(err, GenerateError::TooSmall { .. }), "{err}");
    assert!(err.to_string().contains("use a larger --size"));
}

#[test]
fn bots_write_clean_orders_for_every_faction_of_a_generated_world() {
    use umpire_overlord::generate::bots::bot_orders;
    use umpire_overlord::orders::{ParseOptions, check};
    let r = rules();
    let g = make(&r, 14, 12, MapSize::SMALL);
    let w = &g.world;
    let mut units = 0;
    for (fid, f) in w.factions.iter() {
        let text = bot_orders(w, &r, fid, 3);
        let checked = check(
            &format!("f{}", f.number),
            text.as_bytes(),
            ParseOptions {
                vocabulary: Some(Vocabulary::builtin()),
            },
        );
        let errors: Vec<String> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.clone())
            .collect();
        assert!(errors.is_empty(), "f{}: {errors:?}\n{text}", f.number);
        units += text.lines().filter(|l| l.starts_with("UNIT U")).count();
    }
    assert_eq!(units, w.units.len());
}

#[test]
fn ov_mag_019_020_guilds_and_towers_teach_their_elements() {
    let r = rules();
    let g = make(&r, 9, 10, MapSize::MEDIUM);
    let w = &g.world;
    let (guild, tower) = (
        r.construction("mgld").unwrap(),
        r.construction("mtow").unwrap(),
    );
    let mut guilds = 0;
    let mut towers = Vec::new();
    for s in w.structures.values() {
        if s.kind == guild {
            guilds += 1;
            // One element, then one or two of the spells it opens, each
            // to the second level.
            let (first, spells) = s.teaches.split_first().expect("a guild teaches");
            assert!(r.skills[first.skill].flags.elemental, "{}", s.name);
            assert!((1..=2).contains(&spells.len()), "{}", s.name);
            for t in &s.teaches {
                assert_eq!(t.level, 2);
            }
            for t in spells {
                let spell = &r.skills[t.skill];
                assert!(spell.flags.magic && !spell.flags.elemental);
                assert!(spell.requires.iter().any(|q| q.skill.id() == first.skill));
            }
        } else if s.kind == tower {
            assert_eq!(s.teaches.len(), 1, "{}", s.name);
            towers.push(r.skills[s.teaches[0].skill].tag.clone());
        }
    }
    assert!(guilds >= 1);
    // Five towers, one per element.
    towers.sort();
    assert_eq!(towers, ["airs", "eart", "fire", "void", "wate"]);
}
