//! The checklist's reference data, entry by entry: every item of OV-RIT
//! (001..030) and every skill of OV-RSK (001..072) checked against the
//! bundled rules (`data/*.toml`, `Rules::bundled()`): weights, capacities,
//! equipment slots and requirements, stat bonuses, prerequisites, study
//! days and cost, leader-only / basic / combat / magic flags, and what
//! using a skill produces from what.
//!
//! The bundled figures are the original engine's alpha files
//! (`rules_data.rs` checks them against the reference figure for figure).
//! Where the checklist disagrees with them the test asserts the data and
//! names the `RULES-DECISIONS.md` row that settles it. The recurring one is
//! "OV-RSK (study days)": the alpha's study times are twice the v1.2
//! reference's (30 days where the checklist says 15).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::OnceLock;

use umpire_overlord::orders::vocabulary::{TagKind, Vocabulary};
use umpire_overlord::rules::combat::{CombatActionKind, CombatTarget, DamageType};
use umpire_overlord::rules::enchantments::ActionKind;
use umpire_overlord::rules::items::Item;
use umpire_overlord::rules::skills::{Learning, Level, Product, Skill, UseKind, UseTarget};
use umpire_overlord::rules::{Capacity, EquipSlot, Rules, Stats};

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| match Rules::bundled() {
        Ok(r) => r,
        Err(e) => panic!("bundled rules do not load:\n{e}"),
    })
}

fn item(tag: &str) -> &'static Item {
    let r = rules();
    let id = r
        .item(tag)
        .unwrap_or_else(|| panic!("item {tag} is not bundled"));
    &r.items[id]
}

fn skill(tag: &str) -> &'static Skill {
    let r = rules();
    let id = r
        .skill(tag)
        .unwrap_or_else(|| panic!("skill {tag} is not bundled"));
    &r.skills[id]
}

fn level(tag: &str, n: usize) -> &'static Level {
    &skill(tag).levels[n - 1]
}

/// Study days (experience is kept in hundredths of a day) and cost per day
/// to reach level `n`.
fn study(tag: &str, n: usize) -> (u32, u32) {
    let l = level(tag, n);
    (l.experience / 100, l.study_cost)
}

/// The skill's prerequisites as (tag, level).
fn needs(tag: &str) -> Vec<(&'static str, u8)> {
    skill(tag)
        .requires
        .iter()
        .map(|s| (s.skill.tag(), s.level))
        .collect()
}

/// What equipping the item needs, as (tag, level).
fn equip_needs(tag: &str) -> Vec<(&'static str, u8)> {
    item(tag)
        .equip
        .as_ref()
        .unwrap_or_else(|| panic!("{tag} cannot be equipped"))
        .requires
        .iter()
        .map(|s| (s.skill.tag(), s.level))
        .collect()
}

/// Slot and per-figure maximum of an equippable item.
fn slot(tag: &str) -> (EquipSlot, u32) {
    let e = item(tag)
        .equip
        .as_ref()
        .unwrap_or_else(|| panic!("{tag} cannot be equipped"));
    (e.slot, e.max)
}

fn equipped_capacity(tag: &str) -> Capacity {
    item(tag).equip.as_ref().unwrap().capacity
}

fn flags(tag: &str) -> (bool, bool, bool) {
    let f = skill(tag).flags;
    (f.basic, f.combat, f.magic)
}

fn leader_only(tag: &str) -> bool {
    skill(tag).learning == Learning::Leader
}

/// A harvesting skill's 1st level: (resource, items, man-days).
fn harvest(tag: &str) -> (&'static str, u32, u32) {
    let u = level(tag, 1).use_.as_ref().unwrap();
    assert_eq!(u.kind, Some(UseKind::Harvest), "{tag} harvests");
    let p = u.produces.as_ref().unwrap();
    let h = u.harvest.as_ref().unwrap();
    assert_eq!(
        p.what.tag(),
        h.item.tag(),
        "{tag} harvests what it produces"
    );
    (h.item.tag(), h.days, p.days)
}

/// A crafting skill's level: (product, how many, man-days, materials
/// sorted by tag).
fn craft(tag: &str, n: usize) -> (&'static str, u32, u32, Vec<(&'static str, u32)>) {
    let u = level(tag, n).use_.as_ref().unwrap();
    assert_eq!(u.kind, Some(UseKind::Craft), "{tag} crafts");
    let p = u.produces.as_ref().unwrap();
    assert!(matches!(p.what, Product::Item(_)), "{tag} makes an item");
    let mut consume: Vec<(&str, u32)> = u.consume.iter().map(|c| (c.item.tag(), c.count)).collect();
    consume.sort_unstable();
    (p.what.tag(), u.multiple.unwrap_or(1), p.days, consume)
}

fn tool(tag: &str) -> Option<&'static str> {
    level(tag, 1).use_.as_ref()?.tool.as_ref().map(|t| t.tag())
}

/// Skills whose 1st-level use consumes the item.
fn consumers(item_tag: &str) -> Vec<&'static str> {
    let mut v: Vec<&str> = rules()
        .skills
        .values()
        .filter(|s| {
            s.levels
                .first()
                .and_then(|l| l.use_.as_ref())
                .is_some_and(|u| u.consume.iter().any(|c| c.item.tag() == item_tag))
        })
        .map(|s| s.tag.as_str())
        .collect();
    v.sort_unstable();
    v
}

fn stats(melee: i32, initiative: i32, defense: i32, damage: i32) -> Stats {
    Stats {
        melee,
        initiative,
        defense,
        damage,
        ..Stats::default()
    }
}

// ---------------------------------------------------------------------
// OV-RIT — items
// ---------------------------------------------------------------------

#[test]
fn ov_rit_001_coin_is_weightless_currency_paid_by_taxes() {
    let coin = item("coin");
    assert_eq!(coin.weight, 0);
    assert_eq!(coin.price, 0);
    assert!(coin.equip.is_none());
    // "Hidden from other factions": weightless items are never shown on
    // other factions' units (OV-REP-052), which weight 0 gives.
    let tax = level("taxe", 1).use_.as_ref().unwrap();
    assert_eq!(tax.produces.as_ref().unwrap().what.tag(), "coin");
}

#[test]
fn ov_rit_002_mana_is_weightless() {
    let mana = item("mana");
    assert_eq!(mana.weight, 0);
    assert!(mana.equip.is_none());
    assert_eq!(mana.name, "mana");
}

#[test]
fn ov_rit_003_mule_weighs_80_and_carries_150_walking() {
    let mule = item("mule");
    assert_eq!(mule.weight, 80);
    assert_eq!(mule.capacity.walk, 150);
    assert_eq!(mule.capacity.ride, 0);
    assert!(mule.equip.is_none(), "a mule cannot be equipped");
}

#[test]
fn ov_rit_004_cattle_weighs_300_carries_299_and_is_food() {
    let catt = item("catt");
    assert_eq!(catt.weight, 300);
    assert_eq!(catt.capacity.walk, 299);
    assert_eq!(slot("catt"), (EquipSlot::Food, 1));
    let users = consumers("catt");
    assert!(
        users.contains(&"butc") && users.contains(&"pack"),
        "{users:?}"
    );
}

#[test]
fn ov_rit_005_food_weighs_1_and_is_the_ration() {
    assert_eq!(item("food").weight, 1);
    assert_eq!(slot("food"), (EquipSlot::Food, 1));
    assert!(equip_needs("food").is_empty());
}

#[test]
fn ov_rit_006_grain_weighs_8_is_food_and_is_baked() {
    assert_eq!(item("grai").weight, 8);
    assert_eq!(slot("grai"), (EquipSlot::Food, 1));
    assert!(consumers("grai").contains(&"bake"));
}

#[test]
fn ov_rit_007_tool_weighs_1_in_the_tool_slot() {
    assert_eq!(item("tool").weight, 1);
    assert_eq!(slot("tool"), (EquipSlot::Tool, 1));
    assert!(equip_needs("tool").is_empty());
    // The third off craft time is the production rule (OV-PROD-010); the
    // data names the generic tool for wheelcraft.
    assert_eq!(tool("whee"), Some("tool"));
}

#[test]
fn ov_rit_008_wagon_weighs_250_and_carries_800_only_equipped() {
    let wago = item("wago");
    assert_eq!(wago.weight, 250);
    assert_eq!(wago.capacity, Capacity::default(), "0 unequipped");
    assert_eq!(equipped_capacity("wago").walk, 800);
    assert_eq!(slot("wago"), (EquipSlot::Mount, 1));
    assert!(equip_needs("wago").is_empty(), "no skill needed");
    assert_eq!(wago.stats, stats(-1, -1, 1, 0));
}

#[test]
fn ov_rit_009_horse_weighs_100_carries_120_95_and_rides_200() {
    // Gap settled by RULES-DECISIONS "OV-ITM (horse)" (and OV-MOVE-004):
    // the reference horse, 120/95 held, 200 riding equipped, +3/−1/−1.
    let hrse = item("hrse");
    assert_eq!(hrse.weight, 100);
    assert_eq!((hrse.capacity.walk, hrse.capacity.ride), (120, 95));
    assert_eq!(equipped_capacity("hrse").ride, 200);
    assert_eq!(equipped_capacity("hrse").walk, 120);
    assert_eq!(slot("hrse"), (EquipSlot::Mount, 1));
    assert_eq!(hrse.stats, stats(-1, 3, -1, 0));
}

#[test]
fn ov_rit_010_fish_weighs_2_is_food_and_is_salted() {
    assert_eq!(item("fish").weight, 2);
    assert_eq!(slot("fish"), (EquipSlot::Food, 1));
    assert!(consumers("fish").contains(&"salt"));
}

#[test]
fn ov_rit_011_fishing_boat_is_a_vessel_weighing_500() {
    // RULES-DECISIONS OV-BLD-013 and OV-RIT-011: ships are structures; the
    // seed's fishing-boat item is not in the data. The alpha's fishing boat
    // weighs 500, carries 1000 sailing and its crew needs 1st fishing.
    let r = rules();
    assert!(r.item("fshi").is_none(), "no fishing-boat item");
    let fshi = &r.constructions[r.construction("fshi").unwrap()];
    assert_eq!(fshi.name, "fishing boat");
    assert_eq!(fshi.weight, Some(500));
    let v = fshi.vessel.as_ref().unwrap();
    assert_eq!(v.capacity.swim, 1000);
    let crew: Vec<(&str, u8)> = v
        .crew_requires
        .iter()
        .map(|s| (s.skill.tag(), s.level))
        .collect();
    assert_eq!(crew, [("fshn", 1)]);
}

#[test]
fn ov_rit_012_sword_weighs_4_needs_blades_and_adds_3_2_2() {
    // Gap settled by RULES-DECISIONS OV-RIT-012: the alpha sword, weight 4
    // and +2 damage.
    assert_eq!(item("swrd").weight, 4);
    assert_eq!(equip_needs("swrd"), [("blde", 1)]);
    assert_eq!(slot("swrd"), (EquipSlot::Weapon, 1));
    assert_eq!(item("swrd").stats, stats(3, 0, 2, 2));
}

#[test]
fn ov_rit_013_battle_axe_weighs_7_needs_blades_and_adds_3_1_3() {
    assert_eq!(item("baxe").weight, 7);
    assert_eq!(equip_needs("baxe"), [("blde", 1)]);
    assert_eq!(slot("baxe"), (EquipSlot::Weapon, 1));
    assert_eq!(item("baxe").stats, stats(3, 0, 1, 3));
}

#[test]
fn ov_rit_014_war_hammer_weighs_10_needs_melee_and_adds_4_4() {
    assert_eq!(item("wham").weight, 10);
    assert_eq!(equip_needs("wham"), [("mele", 1)]);
    assert_eq!(slot("wham"), (EquipSlot::Weapon, 1));
    assert_eq!(item("wham").stats, stats(4, 0, 0, 4));
}

#[test]
fn ov_rit_015_fighting_staff_weighs_1_needs_martial_arts() {
    assert_eq!(item("staf").weight, 1);
    assert_eq!(equip_needs("staf"), [("mart", 1)]);
    assert_eq!(slot("staf"), (EquipSlot::Weapon, 1));
    assert_eq!(item("staf").stats, stats(3, 1, 2, 1));
}

#[test]
fn ov_rit_016_longbow_weighs_5_needs_2nd_archery_and_shoots_for_4() {
    let lbow = item("lbow");
    assert_eq!(lbow.weight, 5);
    assert_eq!(equip_needs("lbow"), [("arch", 2)]);
    assert_eq!(slot("lbow"), (EquipSlot::Weapon, 1));
    assert_eq!(
        lbow.stats,
        Stats {
            missile: 3,
            ranged_damage: 4,
            ..Stats::default()
        }
    );
    assert_eq!(lbow.combat.action, Some(CombatActionKind::Ranged));
    assert_eq!(lbow.combat.target, Some(CombatTarget::Opposing));
    assert!(lbow.combat.range.unwrap() >= 2, "at range");
}

#[test]
fn ov_rit_017_leather_jerkin_weighs_5_and_adds_1_defense() {
    // "Novice combat": RULES-DECISIONS OV-RIT-017/018/020/026 keeps the
    // alpha's 1st combat.
    assert_eq!(item("leat").weight, 5);
    assert_eq!(item("leat").name, "leather jerkin");
    assert_eq!(equip_needs("leat"), [("cmbt", 1)]);
    assert_eq!(slot("leat"), (EquipSlot::Armor, 1));
    assert_eq!(item("leat").stats, stats(0, 0, 1, 0));
}

#[test]
fn ov_rit_018_coif_weighs_4_helmet_minus_1_initiative_plus_2_defense() {
    // Equip level: RULES-DECISIONS OV-RIT-017/018/020/026 (1st combat).
    assert_eq!(item("coif").weight, 4);
    assert_eq!(equip_needs("coif"), [("cmbt", 1)]);
    assert_eq!(slot("coif"), (EquipSlot::Helmet, 1));
    assert_eq!(item("coif").stats, stats(0, -1, 2, 0));
}

#[test]
fn ov_rit_019_iron_weighs_8_and_is_raw_material() {
    let iron = item("iron");
    assert_eq!(iron.weight, 8);
    assert!(iron.equip.is_none());
    assert_eq!(harvest("mini").0, "iron");
}

#[test]
fn ov_rit_020_hide_shield_weighs_5_needs_parry() {
    // Equip level: RULES-DECISIONS OV-RIT-017/018/020/026 (1st parry).
    assert_eq!(item("hshd").weight, 5);
    assert_eq!(equip_needs("hshd"), [("parr", 1)]);
    assert_eq!(slot("hshd"), (EquipSlot::Shield, 1));
    assert_eq!(item("hshd").stats, stats(0, -1, 2, 0));
}

#[test]
fn ov_rit_021_club_weighs_1_needs_1st_combat_adds_1_melee_1_damage() {
    assert_eq!(item("club").weight, 1);
    assert_eq!(equip_needs("club"), [("cmbt", 1)]);
    assert_eq!(slot("club"), (EquipSlot::Weapon, 1));
    assert_eq!(item("club").stats, stats(1, 0, 0, 1));
}

#[test]
fn ov_rit_022_hide_weighs_1_and_is_raw_material() {
    assert_eq!(item("hide").weight, 1);
    assert!(item("hide").equip.is_none());
    assert_eq!(harvest("hunt").0, "hide");
}

#[test]
fn ov_rit_023_wood_weighs_20_and_is_raw_material() {
    assert_eq!(item("wood").weight, 20);
    assert!(item("wood").equip.is_none());
    assert_eq!(harvest("lumb").0, "wood");
}

#[test]
fn ov_rit_024_herbs_weigh_1_and_feed_meditation() {
    // RULES-DECISIONS OV-RIT-024: the herbs item is the alpha's [hrbs];
    // [herb] is the herbalist skill.
    let r = rules();
    assert!(r.item("herb").is_none());
    assert_eq!(skill("herb").name, "herbalist");
    let hrbs = item("hrbs");
    assert_eq!(hrbs.name, "herbs");
    assert_eq!(hrbs.weight, 1);
    assert!(consumers("hrbs").contains(&"medi"));
}

#[test]
fn ov_rit_025_stone_weighs_20_and_is_building_material() {
    assert_eq!(item("ston").weight, 20);
    assert_eq!(harvest("digg").0, "ston");
    let maso = level("maso", 1).use_.as_ref().unwrap();
    assert_eq!(maso.consume[0].item.tag(), "ston");
}

#[test]
fn ov_rit_026_plate_mail_has_the_alpha_figures() {
    // Gap settled by RULES-DECISIONS OV-RIT-026: the alpha's plate mail
    // (2nd parry, +4 defense, −2 initiative, +2 life), tag [plat].
    let plat = item("plat");
    assert_eq!(plat.name, "plate mail");
    assert_eq!(plat.weight, 15);
    assert_eq!(equip_needs("plat"), [("parr", 2)]);
    assert_eq!(slot("plat"), (EquipSlot::Armor, 1));
    assert_eq!(
        plat.stats,
        Stats {
            initiative: -2,
            defense: 4,
            life: 2,
            ..Stats::default()
        }
    );
}

#[test]
fn ov_rit_027_hunting_hound_is_misc_2_per_figure() {
    // Gap settled by RULES-DECISIONS OV-RIT-027 (and OV-MOVE-005): the
    // alpha hound, 11 walking / 10 riding equipped.
    let houn = item("houn");
    assert_eq!(houn.weight, 10);
    assert_eq!(houn.capacity.walk, 10);
    assert_eq!(slot("houn"), (EquipSlot::Misc, 2));
    let eq = equipped_capacity("houn");
    assert_eq!((eq.walk, eq.ride), (11, 10));
    assert_eq!(
        houn.stats,
        Stats {
            initiative: 1,
            damage: 1,
            upkeep: 2,
            ..Stats::default()
        }
    );
}

#[test]
fn ov_rit_028_wand_of_fire_is_the_alpha_fire_weapon() {
    // RULES-DECISIONS OV-RIT-028: the alpha wand (a weapon-slot item with a
    // ranged fire attack), not the sample's wand slot and melee attack.
    let wfir = item("wfir");
    assert_eq!(wfir.weight, 1);
    assert_eq!(slot("wfir"), (EquipSlot::Weapon, 1));
    assert_eq!(wfir.combat.action, Some(CombatActionKind::Ranged));
    assert_eq!(wfir.combat.damage_type, Some(DamageType::Fire));
    assert_eq!(wfir.combat.bonus.hits, 4);
    assert_eq!(wfir.combat.bonus.initiative, 3);
    assert_eq!(wfir.combat.stats.missile, 5);
    assert_eq!(wfir.stats.ranged_damage, 5);
    assert_eq!((wfir.stats.defense, wfir.stats.initiative), (0, 0));
}

#[test]
fn ov_rit_029_named_items_follow_the_alpha_set() {
    // RULES-DECISIONS OV-RIT-029: the alpha's items stay, with its names;
    // wheat, iron gauntlets and the war axe are left out.
    let r = rules();
    let named: Vec<(&str, &str)> = [
        "kstn", "mkey", "plow", "rtiv", "amli", "cclo", "fbot", "pick", "rphs",
    ]
    .iter()
    .map(|t| (*t, item(t).name.as_str()))
    .collect();
    assert_eq!(
        named,
        [
            ("kstn", "keystone"),
            ("mkey", "mage key"),
            ("plow", "plow"),
            ("rtiv", "ring of minor invisibility"),
            ("amli", "amulet of life"),
            ("cclo", "camouflage cloak"),
            ("fbot", "floating boots"),
            ("pick", "pickaxe"),
            ("rphs", "ring of phases"),
        ]
    );
    for gone in ["whea", "irga", "waxe"] {
        assert!(r.item(gone).is_none(), "{gone} is left out");
    }
    assert_eq!(equip_needs("plow"), [("farm", 1)]);
    assert_eq!(equip_needs("pick"), [("digg", 1)]);
    assert_eq!(item("amli").stats.life, 25);
}

#[test]
fn ov_rit_030_hide_shield_and_leather_jerkin_tags_are_canonical() {
    // RULES-DECISIONS OV-RIT-030: [hshd] and [leat] are the tags; the
    // sample's [hshl] and [larm] are not known (no aliases), and the order
    // checker points [hshl] to [hshd].
    let r = rules();
    assert_eq!(item("hshd").name, "hide shield");
    assert_eq!(item("leat").name, "leather jerkin");
    assert!(r.item("hshl").is_none());
    assert!(r.item("larm").is_none());
    let v = Vocabulary::builtin();
    let (t, name) = v.suggest(TagKind::Item, "hshl").unwrap();
    assert_eq!((t.as_str(), name), ("hshd", "hide shield"));
}

// ---------------------------------------------------------------------
// OV-RSK — skills: scouting and land lore
// ---------------------------------------------------------------------

#[test]
fn ov_rsk_001_scouting_30_days_at_1_needs_nothing() {
    // Study days: RULES-DECISIONS "OV-RSK (study days)". Not flagged basic:
    // RULES-DECISIONS OV-RSK-001/027.
    assert!(needs("scou").is_empty());
    assert_eq!(study("scou", 1), (30, 1));
    assert_eq!(flags("scou"), (false, false, false));
    assert!(!leader_only("scou"));
}

#[test]
fn ov_rsk_002_observation_needs_scouting_and_adds_1() {
    // Prerequisite: RULES-DECISIONS OV-RSK-002 (the alpha's scouting).
    assert_eq!(needs("obse"), [("scou", 1)]);
    assert_eq!(study("obse", 1), (60, 2));
    assert_eq!(level("obse", 1).stats.observation, 1);
    assert!(rules().skill("rela").is_none());
}

/// A land-lore skill's 1st level: food every `days` man-days.
fn food_every(tag: &str) -> u32 {
    let (what, n, days, consume) = craft(tag, 1);
    assert_eq!((what, n), ("food", 1));
    assert!(consume.is_empty());
    days
}

#[test]
fn ov_rsk_003_plainswalk_adds_10_riding_and_food_per_10_days() {
    assert_eq!(needs("plwk"), [("scou", 1)]);
    assert_eq!(study("plwk", 1), (30, 1));
    assert_eq!(level("plwk", 1).capacity.ride, 10);
    assert_eq!(food_every("plwk"), 10);
}

#[test]
fn ov_rsk_004_hillswalk_adds_10_walking_and_food_per_10_days() {
    assert_eq!(needs("hiwk"), [("scou", 1)]);
    assert_eq!(study("hiwk", 1), (30, 1));
    assert_eq!(level("hiwk", 1).capacity.walk, 10);
    assert_eq!(food_every("hiwk"), 10);
}

#[test]
fn ov_rsk_005_forestwalk_adds_1_observation_and_food_per_10_days() {
    assert_eq!(needs("fowk"), [("scou", 1)]);
    assert_eq!(study("fowk", 1), (60, 1));
    assert_eq!(level("fowk", 1).stats.observation, 1);
    assert_eq!(food_every("fowk"), 10);
}

#[test]
fn ov_rsk_006_desertwalk_adds_20_walking_and_food_per_15_days() {
    assert_eq!(needs("dewk"), [("scou", 1)]);
    assert_eq!(study("dewk", 1), (30, 1));
    assert_eq!(level("dewk", 1).capacity.walk, 20);
    assert_eq!(food_every("dewk"), 15);
}

#[test]
fn ov_rsk_007_swampwalk_adds_1_stealth_and_food_per_15_days() {
    assert_eq!(needs("swwk"), [("scou", 1)]);
    assert_eq!(study("swwk", 1), (60, 1));
    assert_eq!(level("swwk", 1).stats.stealth, 1);
    assert_eq!(food_every("swwk"), 15);
}

#[test]
fn ov_rsk_008_ambush_needs_scouting_60_days_at_1() {
    assert_eq!(needs("ambu"), [("scou", 1)]);
    assert_eq!(study("ambu", 1), (60, 1));
    assert!(skill("ambu").flags.combat);
    assert_eq!(level("ambu", 1).stats, Stats::default());
}

#[test]
fn ov_rsk_009_stealth_is_a_combat_skill_adding_1_stealth() {
    assert_eq!(needs("stea"), [("scou", 1)]);
    assert_eq!(study("stea", 1), (60, 2));
    assert_eq!(flags("stea"), (false, true, false));
    assert_eq!(level("stea", 1).stats.stealth, 1);
}

// ---------------------------------------------------------------------
// Combat
// ---------------------------------------------------------------------

#[test]
fn ov_rsk_010_ov_rsk_011_combat_is_basic_30_then_90_days_adding_1_then_2() {
    // Gap OV-RSK-010 settled by RULES-DECISIONS "OV-RSK (study days)": the
    // alpha's 30 days (90 in total for 2nd).
    assert!(needs("cmbt").is_empty());
    assert_eq!(flags("cmbt"), (true, true, false));
    assert_eq!(study("cmbt", 1), (30, 1));
    assert_eq!(level("cmbt", 1).stats, stats(1, 0, 1, 0));
    assert_eq!(study("cmbt", 2), (90, 1));
    assert_eq!(level("cmbt", 2).stats, stats(2, 0, 2, 0));
}

#[test]
fn ov_rsk_012_blades_needs_combat_adds_1_melee_1_defense() {
    // Gap settled by RULES-DECISIONS "OV-RSK (study days)": 30 days.
    assert_eq!(needs("blde"), [("cmbt", 1)]);
    assert_eq!(study("blde", 1), (30, 1));
    assert_eq!(flags("blde"), (false, true, false));
    assert_eq!(level("blde", 1).stats, stats(1, 0, 1, 0));
}

#[test]
fn ov_rsk_013_melee_needs_combat_adds_1_melee() {
    assert_eq!(needs("mele"), [("cmbt", 1)]);
    assert_eq!(study("mele", 1), (30, 1));
    assert_eq!(flags("mele"), (false, true, false));
    assert_eq!(level("mele", 1).stats, stats(1, 0, 0, 0));
}

#[test]
fn ov_rsk_014_martial_arts_needs_2nd_combat_adds_1_defense() {
    assert_eq!(needs("mart"), [("cmbt", 2)]);
    assert_eq!(study("mart", 1), (30, 1));
    assert_eq!(flags("mart"), (false, true, false));
    assert_eq!(level("mart", 1).stats, stats(0, 0, 1, 0));
    // Unarmed figures fight with it: the fighting staff is its weapon.
    assert_eq!(equip_needs("staf"), [("mart", 1)]);
}

#[test]
fn ov_rsk_015_archery_needs_combat_adds_1_missile() {
    assert_eq!(needs("arch"), [("cmbt", 1)]);
    assert_eq!(study("arch", 1), (30, 1));
    assert_eq!(flags("arch"), (false, true, false));
    assert_eq!(
        level("arch", 1).stats,
        Stats {
            missile: 1,
            ..Stats::default()
        }
    );
}

#[test]
fn ov_rsk_016_parry_needs_combat_adds_1_defense() {
    assert_eq!(needs("parr"), [("cmbt", 1)]);
    assert_eq!(study("parr", 1), (30, 1));
    assert_eq!(flags("parr"), (false, true, false));
    assert_eq!(level("parr", 1).stats, stats(0, 0, 1, 0));
}

#[test]
fn ov_rsk_017_maneuvers_needs_combat_and_adds_nothing_at_1st() {
    assert_eq!(needs("mane"), [("cmbt", 1)]);
    assert_eq!(study("mane", 1), (30, 1));
    assert_eq!(flags("mane"), (false, true, false));
    assert_eq!(level("mane", 1).stats, Stats::default());
}

#[test]
fn ov_rsk_018_taxing_15_days_yields_a_coin_a_day_minus_1_initiative() {
    // The seed's skill (RULES-DECISIONS OV-RSK-071): its 15 days stand.
    assert_eq!(needs("taxe"), [("cmbt", 1)]);
    assert_eq!(study("taxe", 1), (15, 1));
    assert_eq!(flags("taxe"), (false, true, false));
    assert_eq!(level("taxe", 1).stats, stats(0, -1, 0, 0));
    let u = level("taxe", 1).use_.as_ref().unwrap();
    assert_eq!(u.kind, Some(UseKind::Tax));
    let p = u.produces.as_ref().unwrap();
    assert_eq!((p.what.tag(), p.days), ("coin", 1));
}

#[test]
fn ov_rsk_019_tactics_1st_is_leader_only_needs_combat_at_5() {
    // 60 days: RULES-DECISIONS "OV-RSK (study days)".
    assert!(leader_only("tact"));
    assert_eq!(needs("tact"), [("cmbt", 1)]);
    assert_eq!(study("tact", 1), (60, 5));
    assert_eq!(flags("tact"), (false, true, false));
    assert_eq!(level("tact", 1).stats, Stats::default());
}

#[test]
fn ov_rsk_020_tactics_2nd_adds_1_initiative() {
    assert_eq!(study("tact", 2), (180, 5));
    assert_eq!(level("tact", 2).stats.initiative, 1);
}

#[test]
fn ov_rsk_021_tactics_3rd_keeps_1_initiative() {
    // The data's levels are totals (OV-SKL-004): still +1 initiative, and
    // the alpha adds +1 observation.
    assert_eq!(study("tact", 3), (360, 5));
    assert_eq!(level("tact", 3).stats.initiative, 1);
    assert_eq!(level("tact", 3).stats.observation, 1);
}

#[test]
fn ov_rsk_022_strategy_is_leader_only_needs_3rd_tactics_at_10() {
    assert!(leader_only("stra"));
    assert_eq!(needs("stra"), [("tact", 3)]);
    assert_eq!(study("stra", 1), (120, 10));
    assert_eq!(flags("stra"), (false, true, false));
}

#[test]
fn ov_rsk_023_nobility_is_not_in_the_base_set() {
    // RULES-DECISIONS OV-RSK-023: nobility is not in the alpha and is left
    // out; neither the rules nor the order vocabulary know [nobl].
    assert!(rules().skill("nobl").is_none());
    assert!(
        !rules()
            .skills
            .values()
            .any(|s| s.name.eq_ignore_ascii_case("nobility"))
    );
    let tag = umpire_overlord::orders::refs::Tag::new("nobl").unwrap();
    assert!(!Vocabulary::builtin().knows(TagKind::Skill, tag));
}

#[test]
fn ov_rsk_024_fanaticism_needs_2nd_combat_and_costs_initiative_from_2nd() {
    // RULES-DECISIONS OV-RSK-024: 90 days, and the −1 initiative comes at
    // 2nd level with the alpha's +1 melee −1 defense.
    assert_eq!(needs("fana"), [("cmbt", 2)]);
    assert_eq!(study("fana", 1), (90, 1));
    assert_eq!(flags("fana"), (false, true, false));
    assert_eq!(level("fana", 1).stats, Stats::default());
    assert_eq!(level("fana", 2).stats, stats(1, -1, -1, 0));
}

// ---------------------------------------------------------------------
// Resource and craft skills
// ---------------------------------------------------------------------

#[test]
fn ov_rsk_025_digging_is_basic_and_yields_stone_per_6_man_days() {
    assert!(needs("digg").is_empty());
    assert!(skill("digg").flags.basic);
    assert_eq!(study("digg", 1), (30, 1));
    assert_eq!(harvest("digg"), ("ston", 1, 6));
}

#[test]
fn ov_rsk_026_iron_mining_needs_digging_and_yields_iron_per_6_man_days() {
    assert_eq!(needs("mini"), [("digg", 1)]);
    assert_eq!(study("mini", 1), (30, 1));
    assert_eq!(harvest("mini"), ("iron", 1, 6));
}

#[test]
fn ov_rsk_027_forestry_has_no_use_of_its_own() {
    // Not flagged basic: RULES-DECISIONS OV-RSK-001/027.
    assert!(needs("fore").is_empty());
    assert!(!skill("fore").flags.basic);
    assert_eq!(study("fore", 1), (30, 1));
    assert!(skill("fore").levels.iter().all(|l| l.use_.is_none()));
}

#[test]
fn ov_rsk_028_herbalist_yields_herbs_per_10_man_days() {
    assert_eq!(needs("herb"), [("fore", 1)]);
    assert_eq!(study("herb", 1), (30, 1));
    assert_eq!(harvest("herb"), ("hrbs", 1, 10));
}

#[test]
fn ov_rsk_029_lumberjack_yields_wood_per_5_man_days() {
    assert_eq!(needs("lumb"), [("fore", 1)]);
    assert_eq!(study("lumb", 1), (30, 1));
    assert_eq!(harvest("lumb"), ("wood", 1, 5));
}

#[test]
fn ov_rsk_030_hunting_yields_hide_per_10_man_days() {
    assert_eq!(needs("hunt"), [("fore", 1)]);
    assert_eq!(study("hunt", 1), (30, 1));
    assert_eq!(harvest("hunt"), ("hide", 1, 10));
}

#[test]
fn ov_rsk_031_beast_mastery_is_basic() {
    assert!(needs("beas").is_empty());
    assert_eq!(flags("beas"), (true, false, false));
    assert_eq!(study("beas", 1), (30, 1));
}

#[test]
fn ov_rsk_032_horse_breaking_yields_a_horse_per_30_man_days() {
    // Gap settled by RULES-DECISIONS OV-RSK-032: 1 horse per 30 man-days,
    // 30 study days.
    assert_eq!(needs("hors"), [("beas", 1)]);
    assert_eq!(study("hors", 1), (30, 1));
    assert_eq!(harvest("hors"), ("hrse", 1, 30));
}

#[test]
fn ov_rsk_033_pack_training_makes_2_mules_from_cattle_and_horse() {
    // RULES-DECISIONS OV-RSK-033: the stray `USE_BONUS fshn 100` is ignored;
    // nothing of pack training or farming names it.
    assert_eq!(needs("pack"), [("beas", 1)]);
    assert_eq!(study("pack", 1), (30, 1));
    assert_eq!(
        craft("pack", 1),
        ("mule", 2, 30, vec![("catt", 1), ("hrse", 1)])
    );
    for tag in ["pack", "farm"] {
        assert!(!format!("{:?}", skill(tag)).contains("fshn"), "{tag}");
    }
}

#[test]
fn ov_rsk_034_agriculture_is_basic() {
    assert!(needs("agri").is_empty());
    assert_eq!(flags("agri"), (true, false, false));
    assert_eq!(study("agri", 1), (30, 1));
}

#[test]
fn ov_rsk_035_farming_yields_grain_per_30_man_days() {
    assert_eq!(needs("farm"), [("agri", 1)]);
    assert_eq!(study("farm", 1), (30, 1));
    assert_eq!(harvest("farm"), ("grai", 1, 30));
}

#[test]
fn ov_rsk_036_cattle_ranching_yields_cattle_per_30_man_days() {
    assert_eq!(needs("ranc"), [("agri", 1)]);
    assert_eq!(study("ranc", 1), (30, 1));
    assert_eq!(harvest("ranc"), ("catt", 1, 30));
}

#[test]
fn ov_rsk_037_cooking_is_basic() {
    assert!(needs("cook").is_empty());
    assert_eq!(flags("cook"), (true, false, false));
    assert_eq!(study("cook", 1), (30, 1));
}

#[test]
fn ov_rsk_038_butchery_turns_cattle_into_food() {
    // RULES-DECISIONS OV-RSK-038..040: the alpha's 12 food a cattle in 30
    // man-days, with the cookery tool.
    assert_eq!(needs("butc"), [("cook", 1)]);
    assert_eq!(study("butc", 1), (30, 1));
    assert_eq!(craft("butc", 1), ("food", 12, 30, vec![("catt", 1)]));
    assert_eq!(tool("butc"), Some("ckry"));
}

#[test]
fn ov_rsk_039_salting_turns_fish_into_food() {
    // RULES-DECISIONS OV-RSK-038..040: 10 fish → 12 food in 30 man-days.
    assert_eq!(needs("salt"), [("cook", 1)]);
    assert_eq!(study("salt", 1), (30, 1));
    assert_eq!(craft("salt", 1), ("food", 12, 30, vec![("fish", 10)]));
}

#[test]
fn ov_rsk_040_baker_turns_grain_into_food() {
    // RULES-DECISIONS OV-RSK-038..040: 1 grain → 10 food in 30 man-days.
    assert_eq!(needs("bake"), [("cook", 1)]);
    assert_eq!(study("bake", 1), (30, 1));
    assert_eq!(craft("bake", 1), ("food", 10, 30, vec![("grai", 1)]));
}

#[test]
fn ov_rsk_041_artisan_is_basic() {
    assert!(needs("arti").is_empty());
    assert_eq!(flags("arti"), (true, false, false));
    assert_eq!(study("arti", 1), (30, 1));
}

#[test]
fn ov_rsk_042_toolcraft_makes_a_tool_from_iron_and_2_wood_in_15() {
    assert_eq!(needs("tolc"), [("arti", 1)]);
    assert_eq!(study("tolc", 1), (30, 1));
    assert_eq!(
        craft("tolc", 1),
        ("tool", 1, 15, vec![("iron", 1), ("wood", 2)])
    );
}

#[test]
fn ov_rsk_043_wheelcraft_makes_a_wagon_in_30() {
    assert_eq!(needs("whee"), [("arti", 1)]);
    assert_eq!(study("whee", 1), (30, 1));
    assert_eq!(
        craft("whee", 1),
        ("wago", 1, 30, vec![("hrse", 1), ("iron", 2), ("wood", 8)])
    );
}

#[test]
fn ov_rsk_044_seamanship_is_basic() {
    assert!(needs("seas").is_empty());
    assert_eq!(flags("seas"), (true, false, false));
    assert_eq!(study("seas", 1), (30, 1));
}

#[test]
fn ov_rsk_045_fishing_is_fshn_and_yields_fish() {
    // RULES-DECISIONS OV-RSK-045: the alpha's [fshn], a fish per 3
    // man-days; [fish] is the item only.
    assert!(rules().skill("fish").is_none());
    assert_eq!(skill("fshn").name, "fishing");
    assert_eq!(needs("fshn"), [("seas", 1)]);
    assert_eq!(study("fshn", 1), (30, 1));
    assert_eq!(harvest("fshn"), ("fish", 1, 3));
}

#[test]
fn ov_rsk_046_sailing_needs_seamanship_and_crews_ships() {
    // RULES-DECISIONS OV-RIT-011: the fishing boat's crew needs fishing;
    // sailing crews the larger ships (a longboat: 2nd sailing).
    assert_eq!(needs("sail"), [("seas", 1)]);
    assert_eq!(study("sail", 1), (30, 1));
    let r = rules();
    let lgbt = &r.constructions[r.construction("lgbt").unwrap()];
    let crew = &lgbt.vessel.as_ref().unwrap().crew_requires;
    assert_eq!((crew[0].skill.tag(), crew[0].level), ("sail", 2));
}

#[test]
fn ov_rsk_047_building_is_basic() {
    assert!(needs("buil").is_empty());
    assert_eq!(flags("buil"), (true, false, false));
    assert_eq!(study("buil", 1), (30, 1));
}

/// A construction skill's 1st level: (work, man-days, material).
fn fits(tag: &str) -> (&'static str, u32, (&'static str, u32)) {
    let u = level(tag, 1).use_.as_ref().unwrap();
    assert_eq!(u.kind, Some(UseKind::Build), "{tag} builds");
    assert_eq!(u.target, Some(UseTarget::Construction), "{tag} targets");
    let p = u.produces.as_ref().unwrap();
    assert!(matches!(p.what, Product::Work(_)));
    assert_eq!(u.consume.len(), 1);
    (
        p.what.tag(),
        p.days,
        (u.consume[0].item.tag(), u.consume[0].count),
    )
}

#[test]
fn ov_rsk_048_carpentry_fits_a_wood_per_10_days() {
    assert_eq!(needs("carp"), [("buil", 1)]);
    assert_eq!(study("carp", 1), (30, 1));
    assert_eq!(fits("carp"), ("woodwk", 10, ("wood", 1)));
}

#[test]
fn ov_rsk_049_masonry_fits_a_stone_per_10_days() {
    assert_eq!(needs("maso"), [("buil", 1)]);
    assert_eq!(study("maso", 1), (30, 1));
    assert_eq!(fits("maso"), ("stonwk", 10, ("ston", 1)));
}

#[test]
fn ov_rsk_050_shipcraft_makes_a_fishing_boat_from_30_wood_in_120() {
    assert_eq!(needs("ship"), [("buil", 1)]);
    assert_eq!(study("ship", 1), (30, 1));
    let u = level("ship", 1).use_.as_ref().unwrap();
    assert_eq!(u.kind, Some(UseKind::Construction));
    let p = u.produces.as_ref().unwrap();
    assert!(matches!(&p.what, Product::Construction(c) if c.tag() == "fshi"));
    assert_eq!(p.days, 120);
    assert_eq!((u.consume[0].item.tag(), u.consume[0].count), ("wood", 30));
    // 33% less time at docks: +50% work (RULES-DECISIONS OV-BLD-036).
    let r = rules();
    let dock = &r.constructions[r.construction("dock").unwrap()];
    let bonus: Vec<(&str, i32)> = dock
        .production_bonus
        .iter()
        .map(|b| (b.skill.tag(), b.value))
        .collect();
    assert_eq!(bonus, [("ship", 50)]);
}

#[test]
fn ov_rsk_051_siegecraft_fits_fortification_a_stone_per_10_days() {
    assert_eq!(needs("sieg"), [("buil", 1)]);
    assert_eq!(study("sieg", 1), (30, 1));
    assert_eq!(fits("sieg"), ("fortwk", 10, ("ston", 1)));
    // Half the stone of a military structure is fortification work
    // (RULES-DECISIONS OV-BLD-008/009): the castle's 250 and 250.
    let r = rules();
    let cast = &r.constructions[r.construction("cast").unwrap()];
    assert!(cast.military);
    let count = |w: &str| {
        cast.works
            .iter()
            .find(|x| x.work.tag() == w)
            .map(|x| x.count)
    };
    assert_eq!((count("fortwk"), count("stonwk")), (Some(250), Some(250)));
}

#[test]
fn ov_rsk_052_weaponsmith_is_basic_and_makes_a_club_from_wood_in_10() {
    assert!(needs("weap").is_empty());
    assert_eq!(flags("weap"), (true, false, false));
    assert_eq!(study("weap", 1), (30, 1));
    assert_eq!(craft("weap", 1), ("club", 1, 10, vec![("wood", 1)]));
}

#[test]
fn ov_rsk_053_bladesmith_makes_a_sword_from_5_iron_in_30() {
    assert_eq!(needs("blsm"), [("weap", 1)]);
    assert_eq!(study("blsm", 1), (30, 1));
    assert_eq!(craft("blsm", 1), ("swrd", 1, 30, vec![("iron", 5)]));
}

#[test]
fn ov_rsk_054_axesmith_makes_a_battle_axe_and_no_make_axes_exists() {
    // Gap settled by RULES-DECISIONS OV-RSK-054: axesmith/baxe; no
    // [mkax] skill and no [waxe] item.
    assert_eq!(needs("axsm"), [("weap", 1)]);
    assert_eq!(study("axsm", 1), (30, 1));
    assert_eq!(
        craft("axsm", 1),
        ("baxe", 1, 30, vec![("iron", 3), ("wood", 2)])
    );
    assert!(rules().skill("mkax").is_none());
    assert!(rules().item("waxe").is_none());
}

#[test]
fn ov_rsk_055_hammersmith_makes_a_war_hammer_in_30() {
    assert_eq!(needs("hmsm"), [("weap", 1)]);
    assert_eq!(study("hmsm", 1), (30, 1));
    assert_eq!(
        craft("hmsm", 1),
        ("wham", 1, 30, vec![("iron", 4), ("wood", 1)])
    );
}

#[test]
fn ov_rsk_056_staffsmith_makes_a_fighting_staff_from_3_wood_in_20() {
    assert_eq!(needs("stsm"), [("weap", 1)]);
    assert_eq!(study("stsm", 1), (30, 1));
    assert_eq!(craft("stsm", 1), ("staf", 1, 20, vec![("wood", 3)]));
}

#[test]
fn ov_rsk_057_bowyer_makes_a_longbow_from_5_wood_in_20() {
    assert_eq!(needs("bowy"), [("weap", 1)]);
    assert_eq!(study("bowy", 1), (30, 1));
    assert_eq!(craft("bowy", 1), ("lbow", 1, 20, vec![("wood", 5)]));
}

#[test]
fn ov_rsk_058_armory_is_basic() {
    assert!(needs("armo").is_empty());
    assert_eq!(flags("armo"), (true, false, false));
    assert_eq!(study("armo", 1), (30, 1));
}

#[test]
fn ov_rsk_059_leathers_makes_a_jerkin_from_3_hide_in_20() {
    assert_eq!(needs("leat"), [("armo", 1)]);
    assert_eq!(study("leat", 1), (30, 1));
    assert_eq!(craft("leat", 1), ("leat", 1, 20, vec![("hide", 3)]));
}

#[test]
fn ov_rsk_060_helmsman_makes_a_coif_from_iron_and_hide_in_20() {
    assert_eq!(needs("helm"), [("armo", 1)]);
    assert_eq!(study("helm", 1), (30, 1));
    assert_eq!(
        craft("helm", 1),
        ("coif", 1, 20, vec![("hide", 1), ("iron", 1)])
    );
}

#[test]
fn ov_rsk_061_shieldsmith_makes_a_hide_shield_from_2_wood_and_hide_in_20() {
    assert_eq!(needs("shsm"), [("armo", 1)]);
    assert_eq!(study("shsm", 1), (30, 1));
    assert_eq!(
        craft("shsm", 1),
        ("hshd", 1, 20, vec![("hide", 1), ("wood", 2)])
    );
}

// ---------------------------------------------------------------------
// Magic
// ---------------------------------------------------------------------

#[test]
fn ov_rsk_062_magecraft_is_basic_magic_leader_only_adding_1_mana() {
    // 30 days at $3: RULES-DECISIONS OV-MAG-001.
    assert!(needs("mage").is_empty());
    assert_eq!(flags("mage"), (true, false, true));
    assert!(leader_only("mage"));
    assert_eq!(study("mage", 1), (30, 3));
    assert_eq!(level("mage", 1).stats.mana, 1);
}

#[test]
fn ov_rsk_063_meditation_turns_a_herb_into_mana() {
    assert_eq!(needs("medi"), [("mage", 1)]);
    assert_eq!(flags("medi"), (false, false, true));
    assert!(leader_only("medi"));
    assert_eq!(study("medi", 1), (30, 3));
    assert_eq!(level("medi", 1).stats.mana, 1);
    // One day of use: one herb into the ritual that yields the mana.
    let u = level("medi", 1).use_.as_ref().unwrap();
    assert_eq!(u.kind, Some(UseKind::Action));
    let p = u.produces.as_ref().unwrap();
    assert!(matches!(&p.what, Product::Action(a) if a.tag() == "evtritu"));
    assert_eq!((p.days, u.multiple), (1, None));
    assert_eq!((u.consume[0].item.tag(), u.consume[0].count), ("hrbs", 1));
    let r = rules();
    let ritual = &r.actions[r.index.actions.get("evtritu").unwrap()];
    assert_eq!(ritual.kind, ActionKind::Ritual);
}

/// An element's 1st level: needs 1st magecraft, leader-only magic at $3,
/// +1 maximum mana.
fn element(tag: &str, name: &str) {
    let s = skill(tag);
    assert_eq!(s.name, name);
    assert_eq!(needs(tag), [("mage", 1)]);
    assert!(leader_only(tag));
    assert!(s.flags.magic && s.flags.elemental, "{tag} is an element");
    assert_eq!(study(tag, 1), (30, 3));
    assert_eq!(level(tag, 1).stats.mana, 1);
}

#[test]
fn ov_rsk_064_water_magics_is_an_element_of_magecraft() {
    element("wate", "water magics");
}

#[test]
fn ov_rsk_065_void_magics_is_an_element_of_magecraft() {
    element("void", "void magics");
}

#[test]
fn ov_rsk_066_fire_magics_is_an_element_of_magecraft() {
    element("fire", "fire magics");
}

#[test]
fn ov_rsk_067_earth_magics_is_an_element_of_magecraft() {
    element("eart", "earth magics");
}

#[test]
fn ov_rsk_068_air_magics_is_an_element_of_magecraft() {
    element("airs", "air magics");
}

#[test]
fn ov_rsk_069_strength_of_the_boar_is_a_2_mana_combat_spell() {
    // RULES-DECISIONS OV-RSK-069: the alpha's figures for the round's
    // enchantment (+5 melee, +1 initiative, +2 damage, +4 hits, +12 life).
    assert_eq!(needs("sboa"), [("eart", 1)]);
    assert_eq!(study("sboa", 1), (30, 3));
    assert!(skill("sboa").flags.magic);
    let l = level("sboa", 1);
    let u = l.use_.as_ref().unwrap();
    assert_eq!((u.kind, u.mana), (Some(UseKind::Combat), Some(2)));
    assert_eq!(l.combat.action, Some(CombatActionKind::Enchant));
    assert_eq!(l.combat.target, Some(CombatTarget::Opposing));
    assert_eq!(l.combat.range, Some(1), "melee range");
    assert_eq!(l.combat.secondary, Some(CombatActionKind::Melee));
    assert_eq!(u.grants[0].effect.tag(), "effsboa");
    let r = rules();
    let e = &r.enchantments[r.index.enchantments.get("effsboa").unwrap()];
    assert_eq!(
        e.stats,
        Stats {
            melee: 5,
            initiative: 1,
            damage: 2,
            hits: 4,
            life: 12,
            ..Stats::default()
        }
    );
}

#[test]
fn ov_rsk_070_target_the_leader_needs_2nd_marksmanship() {
    // RULES-DECISIONS OV-RSK-070: the alpha's skill, leader-only, 90 days,
    // +1 missile from 2nd level, no longbow condition.
    assert_eq!(needs("tgld"), [("mark", 2)]);
    assert!(leader_only("tgld"));
    assert_eq!(study("tgld", 1), (90, 1));
    assert!(skill("tgld").flags.combat);
    let l = level("tgld", 1);
    assert_eq!(l.stats.missile, 0);
    assert_eq!(level("tgld", 2).stats.missile, 1);
    assert_eq!(l.combat.action, Some(CombatActionKind::Ranged));
    assert_eq!(l.combat.target, Some(CombatTarget::OpposingLeader));
    assert_eq!(l.combat.range, Some(2));
}

#[test]
fn ov_rsk_071_referenced_skills_in_and_out_of_the_base_set() {
    // RULES-DECISIONS OV-RSK-071 (taxing, entertainment) and OV-RSK-071
    // (the rest): the alpha defines these …
    let r = rules();
    let defined: Vec<(&str, &str)> = [
        "mark", "icwk", "sgrp", "shai", "erst", "necr", "grop", "cava", "ppoc", "ente", "taxe",
    ]
    .iter()
    .map(|t| (*t, skill(t).name.as_str()))
    .collect();
    assert_eq!(
        defined,
        [
            ("mark", "marksmanship"),
            ("icwk", "icewalk"),
            ("sgrp", "stone grasp"),
            ("shai", "stone hail"),
            ("erst", "enchant ring of strength"),
            ("necr", "necromancy"),
            ("grop", "grope"),
            ("cava", "cavalry maneuvers"),
            ("ppoc", "pick pockets"),
            ("ente", "entertainment"),
            ("taxe", "taxing"),
        ]
    );
    assert_eq!(skill("grop").learning, Learning::Creature);
    // … and these stay out: relationships, fertility, marketing (see
    // OV-UO-080), running, swimming and assassination skills.
    assert!(r.skill("rela").is_none());
    for word in [
        "relation", "fertil", "market", "running", "swim", "assassin",
    ] {
        let hit: Vec<&str> = r
            .skills
            .values()
            .filter(|s| s.name.to_ascii_lowercase().contains(word))
            .map(|s| s.tag.as_str())
            .collect();
        assert!(hit.is_empty(), "{word}: {hit:?}");
    }
}

#[test]
fn ov_rsk_072_skills_derived_from_magecraft_are_magic() {
    // RULES-DECISIONS OV-RSK-072: every skill built on magecraft is flagged
    // magic, except the reference's icing and ice bolt, kept as they are;
    // and nothing else is.
    let r = rules();
    fn built_on_mage(r: &Rules, s: &Skill, depth: u8) -> bool {
        depth < 32
            && s.requires
                .iter()
                .chain(s.levels.iter().flat_map(|l| l.requires.iter()))
                .any(|q| {
                    q.skill.tag() == "mage" || built_on_mage(r, &r.skills[q.skill.id()], depth + 1)
                })
    }
    let mut derived = 0;
    let mut unflagged = Vec::new();
    for s in r.skills.values() {
        let on_mage = s.tag == "mage" || built_on_mage(r, s, 0);
        if on_mage {
            derived += 1;
            if !s.flags.magic {
                unflagged.push(s.tag.as_str());
            }
        } else {
            assert!(!s.flags.magic, "{} is magic but not built on mage", s.tag);
        }
    }
    assert!(derived > 50, "the magic tree ({derived})");
    unflagged.sort_unstable();
    assert_eq!(unflagged, ["iceb", "icin"]);
    for tag in ["icin", "iceb"] {
        assert!(leader_only(tag), "{tag} is still studied by leaders only");
    }
}
