//! Items and equipment (OV-ITEM): what an item type is, who sees which,
//! how many a unit holds and equips, the categories, travel capacities
//! and the items nobody can make.

use umpire_overlord::report::text::{Inputs, Reports};
use umpire_overlord::rules::descriptions::Kind;
use umpire_overlord::rules::skills::Product;
use umpire_overlord::rules::{EquipSlot, Movement};
use umpire_overlord::turn::control;
use umpire_overlord::turn::travel::Load;

use std::collections::BTreeSet;

use super::*;

fn item(tag: &str) -> umpire_overlord::rules::ItemId {
    rules().item(tag).unwrap()
}

fn holding(g: &Game, u: UnitId, tag: &str) -> (u64, u64) {
    g.w.units[u]
        .items
        .iter()
        .find(|h| h.item == item(tag))
        .map_or((0, 0), |h| (h.count, h.equipped))
}

#[test]
fn ov_item_001_an_item_type_has_name_tag_weight_description_and_uses() {
    let r = rules();
    assert!(r.items.len() > 100);
    for it in r.items.values() {
        assert!(!it.tag.is_empty() && !it.name.is_empty(), "{it:?}");
        assert!(
            !r.descriptions.text(Kind::Items, &it.tag).trim().is_empty(),
            "{} has no description",
            it.tag
        );
    }
    // Weight, possibly 0.
    assert_eq!(r.items[item("coin")].weight, 0);
    assert_eq!(r.items[item("mana")].weight, 0);
    assert_eq!(r.items[item("swrd")].weight, 4);
    // Travel capacities, unequipped and equipped.
    let horse = &r.items[item("hrse")];
    assert_eq!((horse.capacity.walk, horse.capacity.ride), (120, 95));
    let mount = horse.equip.as_ref().unwrap();
    assert_eq!(mount.slot, EquipSlot::Mount);
    assert_eq!((mount.capacity.walk, mount.capacity.ride), (120, 200));
    // Equipment data, and none for what is not equipment.
    let sword = r.items[item("swrd")].equip.as_ref().unwrap();
    assert_eq!(sword.slot, EquipSlot::Weapon);
    assert_eq!(r.skills[sword.requires[0].skill.id()].tag, "blde");
    assert!(r.items[item("coin")].equip.is_none());
    // Battle use: the wand of fire shoots.
    let wand = &r.items[item("wfir")];
    assert!(wand.combat.action.is_some());
    assert_eq!(wand.combat.range, Some(2));
    assert!(r.items[item("swrd")].combat.action.is_none());
}

#[test]
fn ov_item_002_weightless_items_never_show_on_others_units() {
    let mut g = Game::new(1, 2);
    let mine = g.leader(1, 1);
    let theirs = g.leader(2, 1);
    g.w.units[theirs].add_items(item("coin"), 300, 0);
    g.w.units[theirs].add_items(item("amsh"), 1, 0);
    g.w.units[theirs].add_items(item("swrd"), 1, 1);
    g.w.units[theirs].add_items(item("hrse"), 2, 0);
    g.w.units[mine].add_items(item("coin"), 40, 0);
    let log = g.run_bare(&[]);
    let report = |f: u32| {
        Reports::new(Inputs {
            world: &g.w,
            rules: rules(),
            log: &log,
            next_turn: "soon",
            press: &[],
        })
        .report(g.faction(f))
    };
    let seen = report(1);
    let line = seen
        .lines()
        .find(|l| l.contains("[U2]") && l.contains(", has: "))
        .unwrap_or_else(|| panic!("f1 sees U2:\n{seen}"));
    assert!(line.contains("1 sword [swrd]"), "{line}");
    assert!(line.contains("2 horses [hrse]"), "{line}");
    assert!(!line.contains("coin") && !line.contains("amsh"), "{line}");
    // Its own report shows all of them.
    let own = report(2);
    assert!(own.contains("300 coins [coin]"), "{own}");
    assert!(own.contains("[amsh]"), "{own}");
}

#[test]
fn ov_item_003_any_number_held_equip_up_to_what_is_held() {
    let mut g = Game::new(1, 1);
    let few = g.unit(1, "man", 5, 1);
    let many = g.unit(1, "man", 5, 1);
    for u in [few, many] {
        g.learn(u, "blde", 1);
    }
    g.w.units[few].add_items(item("swrd"), 3, 0);
    g.w.units[many].add_items(item("swrd"), 1_000_000, 0);
    g.orders(few, &["EQUIP swrd 5"]);
    g.orders(many, &["EQUIP swrd"]);
    g.run_bare(&[]);
    assert_eq!(holding(&g, few, "swrd"), (3, 3), "no more than it owns");
    assert_eq!(
        holding(&g, many, "swrd"),
        (1_000_000, 5),
        "owns any number, one a figure equipped"
    );
}

#[test]
fn ov_item_005_the_limit_covers_the_whole_category() {
    // The rules' example: 20 figures with 15 swords and 15 hammers can
    // equip any mix up to 20 weapons.
    let mut g = Game::new(1, 1);
    let mix = |g: &mut Game, orders: &[&str]| {
        let u = g.unit(1, "man", 20, 1);
        g.learn(u, "blde", 1);
        g.learn(u, "mele", 1);
        g.learn(u, "cmbt", 1);
        g.w.units[u].add_items(item("swrd"), 15, 0);
        g.w.units[u].add_items(item("wham"), 15, 0);
        g.orders(u, orders);
        u
    };
    let a = mix(&mut g, &["EQUIP wham 12", "EQUIP swrd"]);
    let b = mix(&mut g, &["EQUIP swrd", "EQUIP wham"]);
    let c = mix(&mut g, &["EQUIP swrd 10", "EQUIP wham 10"]);
    g.run_bare(&[]);
    assert_eq!(
        (holding(&g, a, "wham").1, holding(&g, a, "swrd").1),
        (12, 8)
    );
    assert_eq!(
        (holding(&g, b, "swrd").1, holding(&g, b, "wham").1),
        (15, 5)
    );
    assert_eq!(
        (holding(&g, c, "swrd").1, holding(&g, c, "wham").1),
        (10, 10)
    );
    // Other categories are not counted: a horse a figure still fits.
    let r = rules();
    assert_eq!(
        r.items[item("wham")].equip.as_ref().unwrap().slot,
        r.items[item("swrd")].equip.as_ref().unwrap().slot
    );
}

#[test]
fn ov_item_006_the_equipment_categories() {
    let r = rules();
    let slots: Vec<&str> = EquipSlot::ALL.iter().map(|s| s.as_str()).collect();
    // The rules' thirteen, and the alpha's ship slot; no wand slot.
    for want in [
        "mount", "weapon", "armor", "shield", "cloak", "helmet", "gloves", "boots", "misc", "ring",
        "amulet", "tool", "food",
    ] {
        assert!(slots.contains(&want), "{want}");
    }
    assert_eq!(slots.len(), 14);
    assert!(slots.contains(&"ship"));
    assert!(!slots.contains(&"wand"));
    // Decision: the wand of fire is a weapon; the fishing boat is a vessel,
    // not an item, so no item uses the ship slot.
    assert_eq!(
        r.items[item("wfir")].equip.as_ref().unwrap().slot,
        EquipSlot::Weapon
    );
    assert!(
        r.items
            .values()
            .all(|i| i.equip.as_ref().is_none_or(|e| e.slot != EquipSlot::Ship))
    );
    assert_eq!(
        r.constructions[r.construction("fshi").unwrap()].name,
        "fishing boat"
    );
    assert!(r.items.values().all(|i| i.name != "fishing boat"));
}

#[test]
fn ov_item_009_capacity_owned_and_capacity_equipped_differ() {
    let r = rules();
    let mut g = Game::new(1, 1);
    let led = g.unit(1, "hero", 1, 1);
    g.w.units[led].add_items(item("hrse"), 1, 0);
    let ridden = g.unit(1, "hero", 1, 1);
    g.w.units[ridden].add_items(item("hrse"), 1, 1);
    let bare = g.unit(1, "hero", 1, 1);
    let load = |u: UnitId| Load::of_unit(r, &g.w.units[u]);
    let (walk, ride) = (
        load(bare).capacity(Movement::Walk),
        load(bare).capacity(Movement::Ride),
    );
    // A led horse carries 120 walking and 95 riding; ridden, 200 riding.
    assert_eq!(load(led).capacity(Movement::Walk), walk + 120);
    assert_eq!(load(led).capacity(Movement::Ride), ride + 95);
    assert_eq!(load(ridden).capacity(Movement::Walk), walk + 120);
    assert_eq!(load(ridden).capacity(Movement::Ride), ride + 200);
}

#[test]
fn ov_item_011_unique_items_cannot_be_made_and_relics_are_granted_points() {
    let r = rules();
    let unique: Vec<_> = r
        .items
        .iter()
        .filter(|(_, i)| i.flags.unique)
        .map(|(id, _)| id)
        .collect();
    assert!(unique.len() >= 5);
    // What skills make, by tag: of the unique items only the mystical
    // symbol (magery's) is made; the relics — the Hammer of Thor and the
    // rest — are made by nothing.
    let mut made = BTreeSet::new();
    for s in r.skills.values() {
        for l in &s.levels {
            if let Some(Product::Item(m)) = l
                .use_
                .as_ref()
                .and_then(|u| u.produces.as_ref())
                .map(|p| &p.what)
            {
                made.insert(m.id());
            }
        }
    }
    let unmade: Vec<&str> = unique
        .iter()
        .filter(|i| !made.contains(*i))
        .map(|i| r.items[*i].tag.as_str())
        .collect();
    assert_eq!(
        unmade,
        [
            "thammr", "hecshl", "ssvetog", "astf", "hscyt", "palhrs", "huntbw", "glassa"
        ]
    );
    // Decision OV-CP-001/006: a relic's control points are granted by the
    // game master (`Faction::control_points`), not read from the item.
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.w.units[u].add_items(unique[0], 1, 0);
    let f = g.faction(1);
    assert_eq!(control::limit(&g.w, r, f), 200);
    g.w.factions[f].control_points = 5;
    assert_eq!(control::limit(&g.w, r, f), 205);
}
