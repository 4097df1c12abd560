//! Goods, units and factions: GET, DROP, SWAP, DISBAND, OATH,
//! RESIGN and SETTING, named after their checklist items. The engine runs
//! alone (`run_bare`) where coins are counted, so upkeep does not blur the
//! figures.

use super::*;
use umpire_overlord::world::location::Policy;
use umpire_overlord::world::{Role, Stance};

fn item(tag: &str) -> umpire_overlord::rules::ItemId {
    rules().item(tag).unwrap()
}

fn coin() -> umpire_overlord::rules::ItemId {
    item("coin")
}

#[test]
fn ov_uo_038_040_get_from_an_own_unit_with_and_without_left() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let v = g.leader(1, 1);
    g.w.units[v].add_items(item("iron"), 150, 0);
    g.orders(
        u,
        &["GET U2 100 iron", "GET U2 0 iron 20", "GET U2 5 iron 100"],
    );
    g.run_bare(&[]);
    // 100, then all but 20 (30); 5 + 100 left is more than the 20 there.
    assert_eq!(g.w.units[u].count(item("iron")), 130);
    assert_eq!(g.w.units[v].count(item("iron")), 20);
    assert_eq!(g.pending(u), ["GET U2 5 iron 100"]);
}

#[test]
fn ov_uo_038_get_needs_a_unit_of_the_same_faction() {
    let mut g = Game::new(1, 2);
    let u = g.leader(1, 1);
    let v = g.leader(2, 1);
    g.w.units[v].add_items(item("iron"), 10, 0);
    g.orders(u, &["GET U2 iron"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].count(item("iron")), 0);
    assert_eq!(g.w.units[v].count(item("iron")), 10);
    assert_eq!(g.pending(u), ["GET U2 iron"]);
}

#[test]
fn ov_uo_027_028_040_drop_then_get_from_the_ground() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let v = g.leader(1, 1);
    g.w.units[u].add_items(item("ston"), 15, 0);
    g.w.units[u].add_items(item("iron"), 30, 0);
    g.orders(u, &["DROP ston 15", "DROP iron 0 10"]);
    g.orders(v, &["DAY 2", "-GET L1 0 iron 5", "-GET L1 ston"]);
    let log = g.run_bare(&[]);
    let l = g.loc(1);
    assert_eq!(g.w.units[u].count(item("ston")), 0);
    assert_eq!(g.w.units[u].count(item("iron")), 10);
    // Day 2: all iron but 5 (15 of 20), then every stone.
    assert_eq!(g.w.units[v].count(item("iron")), 15);
    assert_eq!(g.w.units[v].count(item("ston")), 15);
    assert_eq!(g.w.locations[l].ground, vec![(item("iron"), 5)]);
    assert!(
        first(&log, u, |w| matches!(
            w,
            What::DroppedItems { count: 15, .. }
        ))
        .is_some()
    );
    assert!(
        first(&log, v, |w| matches!(
            w,
            What::Got {
                from: None,
                count: 15,
                ..
            }
        ))
        .is_some()
    );
}

#[test]
fn ov_uo_028_drop_with_no_number_drops_all() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.w.units[u].add_items(item("wood"), 7, 2);
    g.orders(u, &["DROP wood"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].count(item("wood")), 0);
    assert_eq!(g.w.locations[g.loc(1)].ground, vec![(item("wood"), 7)]);
}

#[test]
fn ov_uo_039_get_from_owned_ground_needs_the_owner_as_ally() {
    let mut g = Game::new(1, 2);
    let u = g.leader(1, 1);
    let l = g.loc(1);
    g.w.locations[l].ground = vec![(item("wood"), 9)];
    g.w.locations[l].ownership.owner = Some(g.faction(2));
    g.w.locations[l].ownership.policy = Policy::Neutral;
    g.orders(u, &["GET L1 wood", "NAME \"After\""]);
    let log = g.run_bare(&[]);
    // It fails at once and leaves the list; the wood stays.
    assert_eq!(g.w.units[u].count(item("wood")), 0);
    assert_eq!(g.w.locations[l].ground, vec![(item("wood"), 9)]);
    assert!(g.pending(u).is_empty());
    assert!(first(&log, u, |w| matches!(w, What::UnitRenamed)).is_some());
    // Once the owner holds the faction as ally, the wood can be had.
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, Stance::Ally);
    g.w.factions[f1].set_stance(f2, Stance::Ally);
    g.orders(u, &["GET L1 wood"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].count(item("wood")), 9);
}

#[test]
fn ov_uo_105_swap_with_the_mirror_order_whatever_the_stances() {
    let mut g = Game::new(1, 2);
    let u = g.leader(1, 1);
    let v = g.leader(2, 1);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f1].set_stance(f2, Stance::Hostile);
    g.w.units[u].add_items(coin(), 1000, 0);
    g.w.units[v].add_items(item("fish"), 15, 0);
    g.orders(u, &["SWAP U2 1000 coin 15 fish"]);
    g.orders(v, &["DAY 3", "-SWAP U1 15 fish 1000 coin"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[u].count(item("fish")), 15);
    assert_eq!(g.w.units[u].count(coin()), 0);
    assert_eq!(g.w.units[v].count(coin()), 1000);
    assert!(g.pending(u).is_empty() && g.pending(v).is_empty());
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::Swapped { .. })),
        Some(3)
    );
}

#[test]
fn ov_uo_105_swap_waits_for_an_exact_mirror() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let v = g.leader(1, 1);
    g.w.units[u].add_items(coin(), 100, 0);
    g.w.units[v].add_items(item("fish"), 15, 0);
    g.orders(u, &["SWAP U2 100 coin 15 fish"]);
    g.orders(v, &["SWAP U1 14 fish 100 coin"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[u].count(coin()), 100);
    assert_eq!(g.pending(u), ["SWAP U2 100 coin 15 fish"]);
}

#[test]
fn ov_uo_026_disband_joins_the_people_and_the_unit_is_gone() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].population = 1000;
    let boss = g.leader(1, 1);
    let men = g.unit(1, "man", 30, 1);
    let under = g.unit(1, "man", 5, 1);
    g.stack(men, boss);
    g.stack(under, men);
    g.w.units[men].add_items(coin(), 50, 0);
    g.orders(men, &["DISBAND CONFIRM", "WORK"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.locations[l].population, 1030);
    assert!(g.w.units[men].gone);
    assert_eq!(g.w.units[men].figures, 0);
    assert!(!g.w.locations[l].units.contains(&men));
    // Its own stack moves up to its leader.
    assert_eq!(g.w.units[under].stack_parent, Some(boss));
    assert!(first(&log, men, |w| matches!(w, What::Disbanded { figures: 30 })).is_some());
    assert_eq!(worked(&log, men), 0);
    // Saved between turns, it is still there, gone.
    let bytes = umpire_overlord::save::save(&g.w, rules());
    let back = umpire_overlord::save::load(&bytes, rules()).unwrap();
    assert!(back.units[men].gone);
    // The next turn removes it; the others keep their numbers.
    g.run_bare(&[]);
    assert_eq!(g.w.units.len(), 2);
    let numbers: Vec<u32> = g.w.units.values().map(|u| u.number).collect();
    assert_eq!(numbers, [1, 3]);
    let under = g.w.unit_by_number(3).unwrap();
    let boss = g.w.unit_by_number(1).unwrap();
    assert_eq!(g.w.units[under].stack_parent, Some(boss));
}

#[test]
fn ov_uo_060_oath_old_faction_keeps_the_unit_until_the_month_ends() {
    let mut g = Game::new(1, 2);
    let u = g.leader(1, 1);
    let _v = g.leader(2, 1);
    // f2 takes the unit as it would take a gift (OV-UNIT-012).
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, Stance::Friendly);
    g.orders(u, &["OATH U2", "WORK"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[u].faction, f2);
    // The new faction starts it afresh.
    assert!(g.pending(u).is_empty());
    assert_eq!(worked(&log, u), 30);
    let pledged = first(&log, u, |w| matches!(w, What::Pledged { .. })).unwrap();
    assert_eq!(pledged.day, 1);
    let joined = first(&log, u, |w| matches!(w, What::ChangedFaction { .. })).unwrap();
    assert!(joined.seen_by.contains(&g.faction(1)) && joined.seen_by.contains(&f2));
}

#[test]
fn ov_uo_060_an_oath_to_the_units_own_faction_is_dropped_with_why() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let _v = g.leader(1, 1);
    g.orders(u, &["OATH U2"]);
    let log = g.run_bare(&[]);
    let dropped = first(&log, u, |w| matches!(w, What::OrderDropped { .. })).unwrap();
    assert_eq!(
        dropped.what,
        What::OrderDropped {
            order: "OATH U2".to_string(),
            reason: umpire_overlord::turn::log::Dropped::OwnFaction,
        }
    );
    assert!(g.pending(u).is_empty());
    assert!(first(&log, u, |w| matches!(w, What::Pledged { .. })).is_none());
}

fn npc_world() -> Game {
    let mut g = Game::new(1, 4);
    g.npc(2, Role::Citizens);
    g.w.creatures = Some(g.npc(3, Role::Creatures));
    g
}

#[test]
fn ov_fo_004_to_007_resign_hands_everything_over() {
    let mut g = npc_world();
    let u = g.leader(1, 1);
    let wolf = g.unit(1, "skel", 3, 1);
    g.stack(wolf, u);
    g.orders(u, &["WORK"]);
    let log = g.run_bare(&["#GAME f01 pw\nRESIGN np2\n#END"]);
    let (f1, f2, f3) = (g.faction(1), g.faction(2), g.faction(3));
    assert_eq!(g.w.units[u].faction, f2);
    // A stacked creature takes its leader's side at the month's end
    // (OV-SCH-039), so it ends with the Citizens too.
    assert_eq!(g.w.units[wolf].faction, f2);
    assert!(g.w.factions[f1].resigned);
    assert!(g.pending(u).is_empty());
    assert!(log.events.iter().any(|e| e.what
        == What::Resigned {
            faction: f1,
            to: f2
        }));
    // The next turn's orders are refused.
    let log = g.run_bare(&["#GAME f01 pw\nUNIT U1\nNAME \"Back\"\n#END"]);
    assert!(log.events.iter().any(|e| matches!(
        e.what,
        What::OrdersRefused {
            reason: umpire_overlord::turn::log::Refusal::Resigned,
            ..
        }
    )));
    let _ = f3;
}

#[test]
fn ov_fo_005_resigned_creatures_alone_go_to_the_creatures() {
    let mut g = npc_world();
    let wolf = g.unit(1, "skel", 3, 1);
    g.run_bare(&["#GAME f01 pw\nRESIGN np2\n#END"]);
    assert_eq!(g.w.units[wolf].faction, g.faction(3));
}

#[test]
fn ov_fo_004_008_resign_to_a_player_or_the_creatures_is_refused() {
    let mut g = npc_world();
    let u = g.leader(1, 1);
    for target in ["f04", "np3", "np9"] {
        let log = g.run_bare(&[&format!("#GAME f01 pw\nRESIGN {target}\n#END")]);
        assert!(
            log.events
                .iter()
                .any(|e| matches!(e.what, What::ResignRefused { .. })),
            "{target}"
        );
        assert_eq!(g.w.units[u].faction, g.faction(1));
        assert!(!g.w.factions[g.faction(1)].resigned);
    }
}

#[test]
fn ov_fo_010_019_faction_setting_leaves_units_with_their_own_value() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let v = g.leader(1, 1);
    g.orders(v, &["SETTING SUPPORT OFF"]);
    g.run_bare(&[]);
    let log = g.run_bare(&["#GAME f01 pw\nSETTING SUPPORT ON\nSETTINGS TERSE ON\n#END"]);
    let f = g.faction(1);
    assert!(g.w.factions[f].settings.support);
    assert!(g.w.factions[f].terse);
    assert!(g.w.units[u].settings.support);
    assert!(!g.w.units[v].settings.support);
    assert!(log.events.iter().any(|e| matches!(
        &e.what,
        What::FactionSetting { setting, on: true, .. } if setting == "support"
    )));
}

#[test]
fn ov_fo_020_reshow_is_recorded_for_the_report() {
    let mut g = Game::new(1, 1);
    g.leader(1, 1);
    let log = g.run_bare(&["#GAME f01 pw\nRESHOW CMBT 2\n#END"]);
    assert!(log.events.iter().any(|e| matches!(
        &e.what,
        What::ReshowAsked { what, .. } if what == "RESHOW cmbt 2"
    )));
}

#[test]
fn ov_uo_055_a_stockpile_is_emptied_by_get_then_leaves_the_game() {
    let mut g = Game::new(1, 2);
    let a = g.unit(1, "man", 5, 1);
    let b = g.unit(1, "man", 5, 1);
    let thief = g.leader(2, 1);
    g.w.units[a].add_items(item("iron"), 12, 0);
    g.orders(a, &["MERGE U2 5"]);
    g.orders(thief, &["DAY 2", "-GET U1 iron"]);
    let log = g.run_bare(&[]);
    // Unowned ground: anyone may empty another faction's stockpile.
    assert_eq!(g.w.units[thief].count(item("iron")), 12);
    assert_eq!(g.w.units[b].figures, 10);
    assert!(g.w.units[a].gone);
    assert!(
        first(&log, thief, |w| matches!(
            w,
            What::Got {
                from: Some(_),
                count: 12,
                ..
            }
        ))
        .is_some()
    );
}

#[test]
fn ov_uo_054_merging_everything_leaves_nothing_behind() {
    let mut g = Game::new(1, 1);
    let a = g.unit(1, "man", 5, 1);
    let b = g.unit(1, "man", 5, 1);
    g.w.units[a].add_items(item("iron"), 3, 0);
    g.orders(a, &["MERGE U2 0"]);
    g.run_bare(&[]);
    assert!(g.w.units[a].gone);
    assert_eq!(g.w.units[b].figures, 10);
    assert_eq!(g.w.units[b].count(item("iron")), 3);
}

#[test]
fn ov_uo_026_a_target_naming_a_unit_gone_is_cleared_when_the_world_is_compacted() {
    use umpire_overlord::world::unit::Aim;
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.leader(1, 1);
    g.w.units[c].target = Some(Aim::Unit(b));
    g.w.units[b].target = Some(Aim::Unit(c));
    g.orders(a, &["DISBAND CONFIRM"]);
    g.run_bare(&[]);
    g.run_bare(&[]);
    // a is gone: b and c moved down one place and still aim at each other.
    let (b, c) = (
        g.w.unit_by_number(2).unwrap(),
        g.w.unit_by_number(3).unwrap(),
    );
    assert_eq!(g.w.units[b].target, Some(Aim::Unit(c)));
    assert_eq!(g.w.units[c].target, Some(Aim::Unit(b)));
    assert_eq!(g.w.units.len(), 2);
}
