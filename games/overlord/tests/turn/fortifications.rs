//! What structures give the units inside them: the ratings of military
//! structures (OV-BLD-031..035), counted in a unit's vital statistics
//! (OV-UNIT-010) and, for those holding the walls, in battle.

use umpire_overlord::combat::army::Ratings;
use umpire_overlord::combat::field::Side;
use umpire_overlord::report::unit::section;
use umpire_overlord::rules::common::Stats;
use umpire_overlord::turn::battle::fought::muster_sides;
use umpire_overlord::turn::visibility;
use umpire_overlord::world::unit::Effect;
use umpire_overlord::world::{Structure, StructureId};

use super::*;

/// A complete structure `tag`, numbered `number`, at L1.
fn build(g: &mut Game, tag: &str, number: u32) -> StructureId {
    let l = g.loc(1);
    let kind = rules().construction(tag).unwrap();
    let s = g.w.structures.push(Structure::new(number, kind, l));
    g.w.locations[l].structures.push(s);
    s
}

/// 10 men of faction `f` at L1 with 1st combat and swords.
fn soldiers(g: &mut Game, f: u32) -> UnitId {
    let u = g.unit(f, "man", 10, 1);
    g.w.units[u].add_items(rules().item("swrd").unwrap(), 10, 10);
    g.learn(u, "cmbt", 1);
    u
}

/// The battle ratings of each unit as a battle between them musters
/// them.
fn mustered(g: &Game, attackers: &[UnitId], defenders: &[UnitId]) -> Vec<Ratings> {
    let units: Vec<(UnitId, Side)> = attackers
        .iter()
        .map(|&u| (u, Side::Attacker))
        .chain(defenders.iter().map(|&u| (u, Side::Defender)))
        .collect();
    muster_sides(&g.w, rules(), &units)
        .into_iter()
        .map(|f| f.ratings)
        .collect()
}

/// (initiative, melee, missile, defense) of a rating.
type Imd = (i32, i32, i32, i32);

fn imd(r: &Ratings) -> Imd {
    (r.initiative, r.melee, r.missile, r.defense)
}

/// A defender inside a structure `tag` against an attacker outside:
/// its ratings outside, then inside.
fn walls(tag: &str) -> (Imd, Imd) {
    let mut g = Game::new(1, 2);
    let s = build(&mut g, tag, 3);
    let a = soldiers(&mut g, 1);
    let d = soldiers(&mut g, 2);
    let outside = imd(&mustered(&g, &[a], &[d])[1]);
    g.w.units[d].structure = Some(s);
    let r = mustered(&g, &[a], &[d]);
    // The attacker, outside, gains nothing.
    assert_eq!(imd(&r[0]), outside, "{tag}: the attacker");
    (outside, imd(&r[1]))
}

#[test]
fn ov_bld_031_a_castle_gives_its_defenders_two_defense_and_one_missile() {
    let ((i, m, mi, d), inside) = walls("cast");
    assert_eq!(inside, (i, m, mi + 1, d + 2));
}

#[test]
fn ov_bld_032_a_fortress_gives_its_defenders_one_defense_and_one_missile() {
    let ((i, m, mi, d), inside) = walls("fort");
    assert_eq!(inside, (i, m, mi + 1, d + 1));
}

#[test]
fn ov_bld_033_a_guard_tower_gives_three_defense_and_costs_one_initiative() {
    let ((i, m, mi, d), inside) = walls("gtow");
    assert_eq!(inside, (i - 1, m, mi, d + 3));
}

#[test]
fn ov_bld_034_the_benefit_table_wins_over_the_reference_ratings() {
    let r = rules();
    let stats = |tag: &str| r.constructions[r.construction(tag).unwrap()].stats;
    let of = |missile, initiative, defense| Stats {
        missile,
        initiative,
        defense,
        ..Stats::default()
    };
    // The table's figures, not the reference's −10 initiative, +20/+25
    // defense and +40..100 life.
    assert_eq!(stats("cast"), of(1, 0, 2));
    assert_eq!(stats("fort"), of(1, 0, 1));
    assert_eq!(stats("gtow"), of(0, -1, 3));
    // The other military structure has the text's typical −1/+3.
    assert!(r.constructions[r.construction("wall").unwrap()].military);
    assert_eq!(stats("wall"), of(0, -1, 3));
    // Buildings that are not military give no rating, nor do vessels.
    for tag in ["tave", "mgld", "barr", "mine", "fshi", "trir"] {
        assert_eq!(stats(tag), Stats::default(), "{tag}");
    }
    // A tavern's guests fight as they would outside.
    let ((i, m, mi, d), inside) = walls("tave");
    assert_eq!(inside, (i, m, mi, d));
}

#[test]
fn ov_bld_035_no_walls_in_a_fight_within_for_attackers_or_unfinished() {
    let mut g = Game::new(1, 2);
    let s = build(&mut g, "cast", 3);
    let a = soldiers(&mut g, 1);
    let d = soldiers(&mut g, 2);
    let bare = mustered(&g, &[a], &[d]);
    // A fight within the castle: attacker and defender both inside, no
    // side is helped.
    g.w.units[a].structure = Some(s);
    g.w.units[d].structure = Some(s);
    assert_eq!(mustered(&g, &[a], &[d]), bare);
    // Attackers sallying out of the castle gain nothing either.
    g.w.units[d].structure = None;
    assert_eq!(mustered(&g, &[a], &[d]), bare);
    // Defenders in an unfinished castle have no walls yet.
    g.w.units[a].structure = None;
    g.w.units[d].structure = Some(s);
    g.w.structures[s].complete = false;
    assert_eq!(mustered(&g, &[a], &[d]), bare);
    // Finished, they have; every unit inside is helped (no capacity).
    g.w.structures[s].complete = true;
    let d2 = soldiers(&mut g, 2);
    g.w.units[d2].structure = Some(s);
    let r = mustered(&g, &[a], &[d, d2]);
    assert_eq!(r[0], bare[0]);
    for x in &r[1..] {
        assert_eq!(x.defense, bare[1].defense + 2);
        assert_eq!(x.missile, bare[1].missile + 1);
    }
}

#[test]
fn ov_bld_035_an_attack_on_a_castle_is_fought_with_its_walls() {
    // An ATTACK on a unit in the castle is a battle between the attacker
    // outside and the defender inside, mustered by `muster_sides` as
    // above (who wins is the dice's).
    let mut g = Game::new(1, 2);
    let s = build(&mut g, "cast", 3);
    let a = soldiers(&mut g, 1);
    let d = soldiers(&mut g, 2);
    g.w.units[d].structure = Some(s);
    g.w.units[d].settings.announce = true;
    g.orders(a, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    let fought = log.events.iter().find_map(|e| match &e.what {
        What::BattleFought { units, .. } => Some(units.to_vec()),
        _ => None,
    });
    assert_eq!(
        fought,
        Some(vec![(a, Side::Attacker), (d, Side::Defender)]),
        "the castle's defenders are attacked from outside"
    );
}

#[test]
fn ov_unit_010_vital_statistics_sum_race_skill_equipment_structure_and_enchantment() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let s = build(&mut g, "gtow", 3);
    let u = g.unit(1, "man", 1, 1);
    let race = r.races[r.race("man").unwrap()].stats;
    let seen = |g: &Game| visibility::ratings(&g.w, r, &g.w.units[u]);
    assert_eq!(seen(&g), race);
    // + 1st combat's +1 melee, +1 defense.
    g.learn(u, "cmbt", 1);
    let skill = r.skills[r.skill("cmbt").unwrap()].levels[0].stats;
    assert_eq!(seen(&g), race.plus(&skill));
    // + an equipped sword.
    let swrd = r.item("swrd").unwrap();
    g.w.units[u].add_items(swrd, 1, 1);
    let sword = r.items[swrd].stats;
    assert_eq!(seen(&g), race.plus(&skill).plus(&sword));
    // + the guard tower it stands in.
    g.w.units[u].structure = Some(s);
    let tower = r.constructions[r.construction("gtow").unwrap()].stats;
    assert_eq!(seen(&g), race.plus(&skill).plus(&sword).plus(&tower));
    // + an enchantment.
    let fists = r.index.enchantments.get("effstfi").unwrap();
    g.w.units[u].effects.push(Effect {
        enchantment: fists,
        days: 3,
    });
    let all = race
        .plus(&skill)
        .plus(&sword)
        .plus(&tower)
        .plus(&r.enchantments[fists].stats);
    assert_eq!(seen(&g), all);
    // The report's stats line shows the sum.
    let text = section(&g.w, r, u);
    assert!(
        text.contains(&format!("ini {}, att {}", all.initiative, all.melee)),
        "{text}"
    );
    assert!(text.contains(&format!("def {}", all.defense)), "{text}");
}

#[test]
fn ov_unit_009_the_stats_line_leaves_out_default_values() {
    let mut g = Game::new(1, 1);
    let r = rules();
    // An acolyte: initiative −20 and life 1, the default.
    let u = g.unit(1, "acol", 1, 1);
    let stats = |g: &Game| {
        section(&g.w, r, u)
            .lines()
            .find_map(|l| l.trim().strip_prefix("Stats: ").map(str::to_string))
            .unwrap()
    };
    assert_eq!(stats(&g), "ini -20, CP 1.");
    // Stony fists: +3 melee, +5 damage, hits 1 (the default, left out).
    g.w.units[u].effects.push(Effect {
        enchantment: r.index.enchantments.get("effstfi").unwrap(),
        days: 3,
    });
    assert_eq!(stats(&g), "ini -20, att 3, dmg 5, CP 1.");
    // The Shield of Hector's +1 hits and +3 life: hits 2 and life 4
    // differ from the defaults and are shown.
    g.w.units[u].add_items(r.item("hecshl").unwrap(), 1, 1);
    assert_eq!(
        stats(&g),
        "ini -20, att 3, def 4, dmg 5, life 4, hit 2, CP 1."
    );
}
