//! The save format: round trips, versioning and refusal of foreign or
//! damaged files.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_core::ids::TypedId;
use umpire_overlord::rules::RaceId;
use umpire_overlord::rules::Rules;
use umpire_overlord::save::{self, SaveError};
use umpire_overlord::world::{
    Faction, FactionId, Hex, Location, LocationId, Player, Stance, Unit, UnitId, World,
};

fn small_world(rules: &Rules) -> World {
    let mut w = World {
        game: "test".into(),
        turn: 3,
        seed: 42,
        ..World::default()
    };
    let f = w.factions.push(Faction::new(6, "Red Hand", Player::Human));
    w.factions[f].set_stance(FactionId::from_index(0), Stance::Hostile);
    let mut loc = Location::new(
        7,
        rules.terrain("plai").unwrap(),
        rules.weather("fair").unwrap(),
    );
    loc.hex = Some(Hex::new(3, -2));
    let l = w.locations.push(loc);
    let mut u = Unit::new(12, f, rules.race("man").unwrap(), 50, l);
    u.add_items(rules.item("swrd").unwrap(), 50, 40);
    u.learn(rules.skill("cmbt").unwrap(), 4500);
    u.orders.push("STUDY cmbt".into());
    let u = w.units.push(u);
    w.locations[l].units.push(u);
    w
}

#[test]
fn a_world_reads_back_identical() {
    let rules = Rules::bundled().unwrap();
    let w = small_world(&rules);
    assert!(w.check().is_empty(), "{:?}", w.check());
    let bytes = save::save(&w, &rules);
    assert_eq!(&bytes[..8], b"UMPIREOV");
    assert_eq!(
        u32::from_le_bytes(bytes[8..12].try_into().unwrap()),
        save::VERSION
    );
    assert_eq!(save::load(&bytes, &rules).unwrap(), w);
    let json = save::to_json(&w);
    assert!(json.contains("\"Red Hand\""));
    let back: World = serde_json::from_str(&json).unwrap();
    assert_eq!(back, w);
}

#[test]
fn foreign_newer_and_damaged_files_are_refused() {
    let rules = Rules::bundled().unwrap();
    let bytes = save::save(&small_world(&rules), &rules);
    assert_eq!(
        save::load(b"hello world, not a save", &rules),
        Err(SaveError::NotASave)
    );
    let mut newer = bytes.clone();
    newer[8..12].copy_from_slice(&99u32.to_le_bytes());
    assert_eq!(
        save::load(&newer, &rules),
        Err(SaveError::TooNew { found: 99 })
    );
    let cut = &bytes[..bytes.len() / 2];
    assert!(matches!(
        save::load(cut, &rules),
        Err(SaveError::Damaged(_))
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        save::load(&longer, &rules),
        Err(SaveError::Damaged("1 stray bytes after the world".into()))
    );
    assert!(matches!(
        save::load(&bytes[..10], &rules),
        Err(SaveError::Damaged(_))
    ));
}

#[test]
fn a_save_is_refused_under_rules_with_other_ids() {
    let rules = Rules::bundled().unwrap();
    let bytes = save::save(&small_world(&rules), &rules);
    let mut tables = rules.tables();
    tables.items.swap(0, 1);
    let other = Rules::from_tables(tables, Default::default()).unwrap();
    assert_eq!(
        save::load(&bytes, &other),
        Err(SaveError::RulesChanged(
            "items entry 1 is `coin` in the save but `mana` in these rules".into()
        ))
    );
    // The location id survives as a dense index.
    let w = save::load(&bytes, &rules).unwrap();
    assert_eq!(
        w.units.values().next().unwrap().location,
        LocationId::from_index(0)
    );
}

#[test]
fn a_save_reads_under_rules_that_only_grew_at_the_end() {
    let rules = Rules::bundled().unwrap();
    let w = small_world(&rules);
    let bytes = save::save(&w, &rules);
    let mut tables = rules.tables();
    let mut extra = tables.items[0].clone();
    extra.tag = "newi".into();
    tables.items.push(extra);
    let grown = Rules::from_tables(tables, Default::default()).unwrap();
    assert_eq!(save::load(&bytes, &grown), Ok(w.clone()));

    // Read back under rules that lack the new entry: refused, naming it.
    let n = grown.items.len();
    let bytes = save::save(&w, &grown);
    assert_eq!(
        save::load(&bytes, &rules),
        Err(SaveError::RulesChanged(format!(
            "the save has {n} items, these rules {}; `newi` is gone",
            n - 1
        )))
    );
}

#[test]
fn a_save_of_a_broken_world_is_refused_as_damaged() {
    let rules = Rules::bundled().unwrap();
    let mut w = small_world(&rules);
    w.units[UnitId::from_index(0)].location = LocationId::from_index(5);
    assert_eq!(
        save::load(&save::save(&w, &rules), &rules),
        Err(SaveError::Damaged(
            "U12 is in a location that does not exist (and 1 more)".into()
        ))
    );

    let mut w = small_world(&rules);
    let n = rules.races.len();
    w.units[UnitId::from_index(0)].race = RaceId::from_index(n);
    assert_eq!(
        save::load(&save::save(&w, &rules), &rules),
        Err(SaveError::Damaged(format!(
            "U12 names race #{n}, which these rules do not have"
        )))
    );
}
