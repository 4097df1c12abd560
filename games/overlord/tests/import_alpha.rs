//! Importing the original engine's sample game: the counts the original
//! reports, the same stacks, items, skills, titles and markets, and every
//! unmappable line reported.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use umpire_overlord::legacy::world::import;
use umpire_overlord::rules::Rules;
use umpire_overlord::world::{Player, Stance};

#[test]
fn alpha_imports_whole() {
    let rules = Rules::bundled().unwrap();
    let im = import(&common::alpha_game_files(), &rules);
    let w = &im.world;
    assert_eq!(
        (w.locations.len(), w.units.len(), w.factions.len()),
        (209, 275, 15)
    );
    assert!(w.check().is_empty(), "{:?}", w.check());
    assert_eq!(w.game, "alpha");
    assert_eq!(w.structures.len(), 17);

    // Factions: f01–f04 are the NPCs of overlord.config.
    let f01 = w.faction_by_number(1).unwrap();
    let f02 = w.faction_by_number(2).unwrap();
    let f03 = w.faction_by_number(3).unwrap();
    assert_eq!(w.factions[f01].name, "Itorians");
    assert_eq!(w.factions[f01].player, Player::Npc);
    assert_eq!(
        w.factions[w.faction_by_number(5).unwrap()].player,
        Player::Human
    );
    assert_eq!(w.factions[f01].funds, 31910);
    assert_eq!(w.factions[f01].stance_toward(f02), Stance::Neutral);
    assert_eq!(w.factions[f01].stance_toward(f03), Stance::Hostile);
    assert_eq!(w.factions[f01].default_stance, Stance::Friendly);
    assert!(umpire_overlord::world::faction::password_matches(
        &w.factions[f01].password_hash,
        "pswd1"
    ));
    assert!(!w.factions[f01].password_hash.contains("pswd1"));

    // U1 Ykima: a hero with 10000 coins, an equipped adamantium sword,
    // 450 days of combat; U2 stacked under U1.
    let u1 = w.unit_by_number(1).unwrap();
    let unit = &w.units[u1];
    assert_eq!(unit.name, "Ykima");
    assert_eq!(unit.race, rules.race("hero").unwrap());
    assert_eq!(unit.count(rules.item("coin").unwrap()), 10000);
    let aswd = unit
        .items
        .iter()
        .find(|h| h.item == rules.item("aswd").unwrap())
        .unwrap();
    assert_eq!((aswd.count, aswd.equipped), (1, 1));
    assert_eq!(unit.experience(rules.skill("cmbt").unwrap()), 45000);
    let u2 = w.unit_by_number(2).unwrap();
    assert_eq!(w.units[u2].stack_parent, Some(u1));
    assert_eq!(w.units[u2].figures, 60);
    assert!(w.stack_children(u1).contains(&u2));

    // L1 Itora: the Overlord title held by U1, swords sold at 200, food
    // bought at 8, men recruited at 50; it lies inside L2.
    let l1 = w.location_by_number(1).unwrap();
    let l2 = w.location_by_number(2).unwrap();
    let loc = &w.locations[l1];
    assert_eq!(loc.name, "Itora");
    assert_eq!(loc.outer, Some(l2));
    assert_eq!(loc.titles[0].title, rules.title("over").unwrap());
    assert_eq!(loc.titles[0].holder, Some(u1));
    let swrd = loc
        .market
        .sells
        .iter()
        .find(|o| o.item == rules.item("swrd").unwrap())
        .unwrap();
    assert_eq!((swrd.count, swrd.price), (40, 200));
    let food = loc
        .market
        .buys
        .iter()
        .find(|o| o.item == rules.item("food").unwrap())
        .unwrap();
    assert_eq!((food.count, food.price), (10000, 8));
    assert_eq!(loc.recruits[0].race, rules.race("man").unwrap());
    assert_eq!(loc.recruits[0].price, 50);
    assert_eq!(w.units[u1].location, l1);

    // L2's hex neighbours, from the doubled XY coordinates.
    let l3 = w.location_by_number(3).unwrap();
    let n = w.locations[l2]
        .hex
        .unwrap()
        .step(umpire_overlord::rules::terrains::Direction::North);
    assert_eq!(n, w.locations[l3].hex);
    assert_eq!(w.locations[l2].exits.len(), 7);

    // Pending orders come from the players' orders.0 in canonical form.
    assert_eq!(w.units[u1].orders, ["CLAIM over"]);

    // Buildings keep their standing description.
    let b211 = w.structures.values().find(|s| s.number == 211).unwrap();
    assert_eq!(b211.description, "Teaching 3-rd Combat");

    // The faction funds keep their items (OV-FAC-002): every new
    // faction's 50 food beside its 5,000 coins.
    let food = rules.item("food").unwrap();
    let f05 = w.faction_by_number(5).unwrap();
    assert_eq!(w.factions[f05].funds, 5000);
    assert_eq!(w.factions[f05].stock, [(food, 50)]);
    assert_eq!(
        w.factions
            .values()
            .filter(|f| f.stock_of(food) == 50)
            .count(),
        11
    );

    // What could not be mapped is reported, line by line.
    let notes: Vec<String> = im.notes.iter().map(ToString::to_string).collect();
    assert_eq!(
        notes.iter().filter(|n| n.contains("LOYALITY 100")).count(),
        4
    );
    let others: Vec<&String> = notes
        .iter()
        .filter(|n| !n.contains("LOYALITY 100") && !n.contains("no COMBAT_TACTICS"))
        .collect();
    assert_eq!(
        others,
        [
            "locations.dat:0: L94: lists structure B601, which buildings.dat does not define",
            "units.dat:24: U1: `SKILL parr 9000`: skill listed twice; the higher experience is kept",
            "locations.dat:0: L289: lists unit U612, which units.dat does not define or which was skipped",
            "units.dat:0: U315: `@ CARAVAN L304 L312 L322` stands at its caravan's last stop, where the original engine had reversed the route it saves as first written: the route is reversed to `@CARAVAN L322 L312 L304`",
            "factions.dat:0: f04: `Outlaws` plays the rules' Outlaws, who hold everyone Enemy (OV-FAC-009): its default stance `hostile` is raised to `enemy`",
        ]
    );
}

#[test]
fn the_import_survives_a_save() {
    let rules = Rules::bundled().unwrap();
    let w = import(&common::alpha_game_files(), &rules).world;
    let bytes = umpire_overlord::save::save(&w, &rules);
    assert_eq!(umpire_overlord::save::load(&bytes, &rules).unwrap(), w);
}

#[test]
fn the_hundredfold_alpha_world_imports_with_the_same_stacks() {
    let rules = Rules::bundled().unwrap();
    let files = umpire_overlord::legacy::replicate::replicate(&common::alpha_game_files(), 100);
    let im = import(&files, &rules);
    let w = &im.world;
    assert_eq!(
        (w.locations.len(), w.units.len(), w.factions.len()),
        (20_900, 27_500, 1_500)
    );
    assert_eq!(w.structures.len(), 1_700);
    assert!(
        w.check().is_empty(),
        "{:?}",
        &w.check()[..w.check().len().min(5)]
    );
    // Each copy notes the same 9 lines; one note lists every unit that
    // never gave TACTIC, in all the copies.
    assert_eq!(im.notes.len(), 901);
    assert!(im.notes.iter().any(|n| n.message.starts_with("8900 units")));
    // Copy 57: U1 becomes U114001, its guards U114002 stay stacked under it,
    // and the copy's Overlord title is held by it.
    let u = w.unit_by_number(114_001).unwrap();
    let g = w.unit_by_number(114_002).unwrap();
    assert_eq!(w.units[g].stack_parent, Some(u));
    let l = w.location_by_number(57_001).unwrap();
    assert_eq!(w.locations[l].titles[0].holder, Some(u));
    assert_eq!(w.units[u].orders, ["CLAIM over"]);
    let f = w.faction_by_number(5_701).unwrap();
    assert_eq!(w.units[u].faction, f);
}

#[test]
fn ov_fac_009_the_imported_outlaws_hold_everyone_enemy() {
    let rules = Rules::bundled().unwrap();
    let w = import(&common::alpha_game_files(), &rules).world;
    let f04 = w.faction_by_number(4).unwrap();
    let f05 = w.faction_by_number(5).unwrap();
    assert_eq!(w.factions[f04].default_stance, Stance::Enemy);
    // So a player's unit is attacked on sight (OV-FAC-025): the stance
    // the on-sight rule reads.
    assert_eq!(w.factions[f04].stance_toward(f05), Stance::Enemy);
}

#[test]
fn ov_uo_106_imported_units_that_never_gave_tactic_keep_the_original_default() {
    use umpire_overlord::combat::setting::Setting;
    use umpire_overlord::orders::words::{CombatMove, Engage, File, Rank};
    let rules = Rules::bundled().unwrap();
    let im = import(&common::alpha_game_files(), &rules);
    let w = &im.world;
    // 50 units chose AVOID REAR CENTER FLEE in the files; 89 never gave
    // TACTIC and carry the original engine's default, the same setting.
    let avoiding: Vec<&str> = w
        .units
        .values()
        .filter(|u| {
            Setting::parse(&u.tactics.text)
                == Setting {
                    engage: Engage::Avoid,
                    rank: Rank::Rear,
                    file: File::Center,
                    movement: CombatMove::Flee,
                }
        })
        .map(|u| u.tactics.text.as_str())
        .collect();
    assert_eq!(avoiding.len(), 50 + 89);
    let fighting = w
        .units
        .values()
        .filter(|u| Setting::parse(&u.tactics.text).engage == Engage::Fight)
        .count();
    assert_eq!(fighting, 61 + 57 + 7, "only the units that chose to fight");
    let note = im
        .notes
        .iter()
        .find(|n| n.message.contains("no COMBAT_TACTICS"))
        .expect("the import says so");
    assert!(note.message.starts_with("89 units"), "{}", note.message);
    assert!(note.message.contains("avoid rear center flee"));
}

#[test]
fn ov_uo_016_an_imported_caravan_at_its_last_stop_has_its_route_reversed() {
    let rules = Rules::bundled().unwrap();
    let im = import(&common::alpha_game_files(), &rules);
    let w = &im.world;
    // U315 stands at L322, the last stop of `@ CARAVAN L304 L312 L322`.
    let u315 = w.unit_by_number(315).unwrap();
    assert_eq!(w.locations[w.units[u315].location].number, 322);
    assert_eq!(w.units[u315].orders, ["@CARAVAN L322 L312 L304"]);
    assert!(
        im.notes
            .iter()
            .any(|n| n.entry == "U315" && n.message.contains("last stop"))
    );
    // The caravans elsewhere on their routes keep them as written.
    let u310 = w.unit_by_number(310).unwrap();
    assert_eq!(w.units[u310].orders, ["@ CARAVAN L720 L513 L648 L647"]);
}
