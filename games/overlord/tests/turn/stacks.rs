//! Stacks: OV-STK, STACK/UNSTACK/EJECT/PROMOTE/STAY/ACCEPT, ENTER/LEAVE.

use umpire_overlord::turn::What;
use umpire_overlord::world::Stance;

use super::*;

#[test]
fn ov_uo_092_093_stack_under_own_leader_or_an_ally_or_with_accept() {
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.leader(2, 1);
    let d = g.leader(2, 1);
    g.orders(b, &["STACK U1"]);
    g.orders(c, &["STACK U1"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[b].stack_parent, Some(a));
    // f1 does not count f2 an ally: refused, kept.
    assert_eq!(g.w.units[c].stack_parent, None);
    assert_eq!(g.pending(c), ["STACK U1"]);
    assert!(first(&log, c, |w| matches!(w, What::Stacked { .. })).is_none());
    // ACCEPT lets it in once.
    g.orders(a, &["ACCEPT U3"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[c].stack_parent, Some(a));
    assert!(g.pending(a).is_empty());
    // An ally needs no ACCEPT.
    let f1 = g.faction(1);
    let f2 = g.faction(2);
    g.w.factions[f1].set_stance(f2, Stance::Ally);
    g.orders(d, &["STACK U1"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[d].stack_parent, Some(a));
}

#[test]
fn ov_uo_095_no_stacking_under_followers_or_own_stack() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let f = g.unit(1, "man", 5, 1);
    g.stack(b, a);
    g.orders(a, &["STACK U2"]);
    g.orders(b, &["STACK U3"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[a].stack_parent, None);
    assert_eq!(g.w.units[b].stack_parent, Some(a));
    assert_eq!(g.pending(a), ["STACK U2"]);
    let _ = f;
}

#[test]
fn ov_uo_094_113_plain_stack_and_unstack_leave_with_the_substack() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.unit(1, "man", 5, 1);
    let d = g.leader(1, 1);
    g.stack(b, a);
    g.stack(c, b);
    g.stack(d, a);
    g.orders(b, &["UNSTACK"]);
    g.orders(d, &["STACK"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[b].stack_parent, None);
    assert_eq!(g.w.units[c].stack_parent, Some(b), "OV-STK-003");
    assert_eq!(g.w.units[d].stack_parent, None);
}

#[test]
fn ov_uo_029_eject_out_of_a_substack_lands_after_its_leader() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.unit(1, "man", 5, 1);
    let x = g.unit(1, "man", 5, 1);
    g.stack(b, a);
    g.stack(c, b);
    g.stack(x, a);
    g.orders(b, &["EJECT U3"]);
    g.orders(a, &["EJECT U4"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[c].stack_parent, Some(a));
    assert_eq!(g.w.units[x].stack_parent, None);
    let l = g.loc(1);
    let order = &g.w.locations[l].units;
    let at = |u| order.iter().position(|x| *x == u).unwrap();
    assert_eq!(at(c), at(b) + 1);
}

#[test]
fn ov_uo_066_promote_moves_a_later_unit_in_front() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.leader(1, 1);
    g.orders(a, &["PROMOTE U3"]);
    g.run_bare(&[]);
    let l = g.loc(1);
    assert_eq!(g.w.locations[l].units, vec![c, a, b]);
}

#[test]
fn ov_stk_005_006_stack_moves_as_one_and_a_member_breaking_off() {
    let mut g = Game::new(3, 1);
    let a = g.leader(1, 2);
    let b = g.unit(1, "man", 5, 2);
    let c = g.leader(1, 2);
    let d = g.unit(1, "man", 5, 2);
    g.stack(b, a);
    g.stack(c, a);
    g.stack(d, c);
    g.orders(a, &["MOVE N"]);
    g.orders(c, &["MOVE S"]);
    let log = g.run_bare(&[]);
    // c left a's stack with d and went south; a took b north.
    assert_eq!(g.w.units[a].location, g.loc(1));
    assert_eq!(g.w.units[b].location, g.loc(1));
    assert_eq!(g.w.units[c].location, g.loc(3));
    assert_eq!(g.w.units[d].location, g.loc(3));
    assert_eq!(g.w.units[c].stack_parent, None);
    assert_eq!(g.w.units[d].stack_parent, Some(c));
    assert!(
        first(&log, b, departed).is_none(),
        "members do not travel on their own"
    );
}

#[test]
fn ov_uo_097_stay_leaves_the_stack_as_it_sets_out() {
    let mut g = Game::new(3, 1);
    let a = g.leader(1, 2);
    let b = g.unit(1, "man", 5, 2);
    let c = g.unit(1, "man", 5, 2);
    g.stack(b, a);
    g.stack(c, a);
    g.orders(b, &["STAY"]);
    g.orders(a, &["WAIT 3", "-MOVE N"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[b].location, g.loc(2));
    assert_eq!(g.w.units[b].stack_parent, None);
    assert_eq!(g.w.units[c].location, g.loc(1));
    assert_eq!(
        day_of(&log, b, |w| matches!(w, What::Stayed { .. })),
        Some(4)
    );
}

#[test]
fn ov_stk_008_a_lost_leader_hands_its_units_up_or_lets_them_go() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.unit(1, "man", 5, 1);
    let d = g.unit(1, "man", 5, 1);
    g.stack(b, a);
    g.stack(c, b);
    g.stack(d, a);
    let rules = rules();
    let mut t =
        umpire_overlord::turn::Turn::new(&mut g.w, rules, umpire_core::dice::Dice::from_seed(1));
    umpire_overlord::turn::orders::stacks::leader_lost(&mut t, b);
    assert_eq!(t.world.units[c].stack_parent, Some(a));
    umpire_overlord::turn::orders::stacks::leader_lost(&mut t, a);
    assert_eq!(t.world.units[c].stack_parent, None);
    assert_eq!(t.world.units[d].stack_parent, None);
}

#[test]
fn ov_uo_030_031_032_enter_a_friendly_structure_leaving_the_stack() {
    let mut g = Game::new(1, 2);
    let r = rules();
    let l = g.loc(1);
    let s = g.w.structures.push(umpire_overlord::world::Structure::new(
        7,
        r.construction("tent").unwrap(),
        l,
    ));
    g.w.locations[l].structures.push(s);
    let owner = g.leader(2, 1);
    g.w.units[owner].structure = Some(s);
    let a = g.leader(1, 1);
    let f = g.unit(1, "man", 5, 1);
    g.stack(f, a);
    g.orders(f, &["ENTER B7"]);
    g.run_bare(&[]);
    // f2 is neutral to f1: the door stays shut.
    assert_eq!(g.w.units[f].structure, None);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f2].set_stance(f1, Stance::Friendly);
    g.run_bare(&[]);
    assert_eq!(g.w.units[f].structure, Some(s));
    assert_eq!(g.w.units[f].stack_parent, None);
    // LEAVE (and EXIT) with the structure named, or none.
    g.orders(f, &["EXIT B7"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[f].structure, None);
}

#[test]
fn ov_ord_022_split_binds_the_placeholder_and_its_orders() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 10, 1);
    let a = g.leader(1, 1);
    let log = g.run_bare(&[
        "#GAME f01 pw\nUNIT U1\nSPLIT f01nU01 4\nUNIT f01nU01\nNAME \"Splinter\"\nUNIT U2\nSEE f01nU01\n-NAME \"Seen\"\nSEE f01nU02\n-DESCRIBE \"never\"\n#END",
    ]);
    let new = g.w.units.ids().last().unwrap();
    assert_ne!(new, a);
    assert_eq!(g.w.units[u].figures, 6);
    assert_eq!(g.w.units[new].figures, 4);
    assert_eq!(g.w.units[new].name, "Splinter");
    assert_eq!(g.w.units[a].name, "Seen");
    // f01nU02 was never made: the order naming it went at month end, and
    // like any order dropped as invalid it woke the one below (OV-SCH-002).
    assert_eq!(g.pending(a), ["DESCRIBE \"never\""]);
    assert!(
        log.of_unit(a)
            .any(|e| matches!(e.what, What::PlaceholderUnused { .. }))
    );
}

#[test]
fn ov_unit_creatures_follow_their_leader_or_go_wild_at_month_end() {
    let mut g = Game::new(1, 3);
    let wild = g.faction(3);
    g.w.creatures = Some(wild);
    let a = g.leader(1, 1);
    let kept = g.unit(2, "gwol", 2, 1);
    let loose = g.unit(1, "gwol", 2, 1);
    g.stack(kept, a);
    g.run_bare(&[]);
    assert_eq!(g.w.units[kept].faction, g.faction(1));
    assert_eq!(g.w.units[loose].faction, wild);
}

#[test]
fn ov_unit_023_a_creature_serves_the_leader_of_its_substack() {
    // f1's leader leads the stack; f2's leader, an ally stacked under it,
    // leads a substack holding the wolves: they serve f2, not f1.
    let mut g = Game::new(1, 3);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.creatures = Some(g.faction(3));
    g.w.factions[f1].set_stance(f2, Stance::Ally);
    g.w.factions[f2].set_stance(f1, Stance::Ally);
    let top = g.leader(1, 1);
    let sub = g.leader(2, 1);
    let wolves = g.unit(1, "gwol", 2, 1);
    let bears = g.unit(2, "gwol", 1, 1);
    g.stack(sub, top);
    g.stack(wolves, sub);
    g.stack(bears, top);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[wolves].faction, f2);
    assert_eq!(g.w.units[bears].faction, f1);
    assert!(
        log.events.iter().any(
            |e| e.unit == Some(wolves) && matches!(e.what, What::Allegiance { to } if to == f2)
        )
    );
}

#[test]
fn ov_uo_113_unstack_always_runs_and_leaves_the_unstacked_as_they_are() {
    let mut g = Game::new(1, 1);
    let top = g.leader(1, 1);
    let mid = g.leader(1, 1);
    let alone = g.leader(1, 1);
    g.stack(mid, top);
    // The overall leader and a unit in no stack are unaffected; the order
    // is done all the same (one-shot).
    g.orders(top, &["UNSTACK"]);
    g.orders(alone, &["UNSTACK"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[mid].stack_parent, Some(top));
    assert_eq!(g.w.units[top].stack_parent, None);
    assert_eq!(g.w.units[alone].stack_parent, None);
    assert!(g.pending(top).is_empty());
    assert!(g.pending(alone).is_empty());
    // The stacked one leaves, once.
    g.orders(mid, &["UNSTACK"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[mid].stack_parent, None);
    assert!(g.pending(mid).is_empty());
}

/// The sides of the month's only battle.
fn sides(log: &TurnLog) -> (Vec<UnitId>, Vec<UnitId>) {
    let all: Vec<_> = log
        .events
        .iter()
        .filter_map(|e| match &e.what {
            What::Battle {
                attackers,
                defenders,
                ..
            } => Some((attackers.to_vec(), defenders.to_vec())),
            _ => None,
        })
        .collect();
    assert_eq!(all.len(), 1, "{all:?}");
    all[0].clone()
}

#[test]
fn ov_stk_001_leaders_and_heroes_lead_anyone_may_be_stacked() {
    let mut g = Game::new(1, 1);
    let hero = g.unit(1, "hero", 1, 1);
    let lead = g.leader(1, 1);
    let men = g.unit(1, "man", 5, 1);
    let wolf = g.unit(1, "gwol", 1, 1);
    let more = g.unit(1, "man", 5, 1);
    let other = g.leader(1, 1);
    let sub = g.unit(1, "man", 2, 1);
    g.stack(sub, other);
    g.orders(men, &["STACK U1"]);
    g.orders(wolf, &["STACK U2"]);
    // A leader with its own stack may itself be stacked.
    g.orders(other, &["STACK U2"]);
    // Nobody stacks under a follower or a creature.
    g.orders(more, &["STACK U3"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[men].stack_parent, Some(hero), "a hero leads");
    assert_eq!(g.w.units[wolf].stack_parent, Some(lead), "a creature");
    assert_eq!(g.w.units[other].stack_parent, Some(lead));
    assert_eq!(g.w.units[sub].stack_parent, Some(other));
    assert_eq!(g.w.units[more].stack_parent, None);
    assert!(first(&log, more, |w| matches!(w, What::Stacked { .. })).is_none());
    assert_eq!(g.pending(more), ["STACK U3"]);
    g.orders(more, &["STACK U4"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[more].stack_parent, None, "not under a creature");
}

#[test]
fn ov_stk_002_nested_stacks_move_and_fight_as_one() {
    let mut g = Game::new(2, 2);
    let top = g.leader(1, 1);
    let mid = g.leader(1, 1);
    let low = g.unit(1, "man", 5, 1);
    g.stack(mid, top);
    g.stack(low, mid);
    g.orders(top, &["MOVE S"]);
    let log = g.run_bare(&[]);
    for u in [top, mid, low] {
        assert_eq!(g.w.units[u].location, g.loc(2));
    }
    assert!(first(&log, low, departed).is_none(), "carried, not walking");
    assert_eq!(g.w.units[low].stack_parent, Some(mid));
    // Attacked, the whole tree defends.
    let foe = g.leader(2, 2);
    g.learn(foe, "cmbt", 1);
    g.orders(foe, &["ATTACK U1"]);
    let log = g.run_bare(&[]);
    let (attackers, defenders) = sides(&log);
    assert_eq!(attackers, [foe]);
    assert_eq!(defenders, [top, mid, low]);
}

#[test]
fn ov_stk_003_a_substack_leaves_whole() {
    let mut g = Game::new(2, 1);
    let top = g.leader(1, 1);
    let b = g.leader(1, 1);
    let c = g.leader(1, 1);
    let d = g.unit(1, "man", 5, 1);
    let e = g.unit(1, "man", 5, 1);
    g.stack(b, top);
    g.stack(c, b);
    g.stack(d, c);
    g.stack(e, b);
    // B sets out on its own: out of U1's stack, with all it leads.
    g.orders(b, &["MOVE S"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[b].stack_parent, None);
    assert_eq!(g.w.units[top].location, g.loc(1));
    for u in [b, c, d, e] {
        assert_eq!(g.w.units[u].location, g.loc(2));
    }
    assert_eq!(g.w.units[c].stack_parent, Some(b));
    assert_eq!(g.w.units[d].stack_parent, Some(c));
    assert_eq!(g.w.units[e].stack_parent, Some(b));
}

#[test]
fn ov_stk_004_stacked_units_act_on_their_own_but_move_with_the_stack() {
    let mut g = Game::new(2, 1);
    let a = g.leader(1, 1);
    let b = g.unit(1, "man", 5, 1);
    g.stack(b, a);
    let c = rules().item("coin").unwrap();
    g.w.units[b].add_items(c, 1000, 0);
    g.orders(a, &["10 WORK", "MOVE S"]);
    g.orders(b, &["NAME \"Scholars\"", "@STUDY cmbt"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[b].name, "Scholars");
    // Ten days of WORK, nine on the road, then WORK again from day 20.
    assert_eq!(worked(&log, a), 21);
    assert_eq!(worked(&log, b), 0);
    let studied: Vec<u8> = log
        .of_unit(b)
        .filter(|e| matches!(e.what, What::Studied { .. }))
        .map(|e| e.day)
        .collect();
    // It studied while the leader worked, stopped on the road (days 11
    // to 19), and studied again from day 20.
    assert!(studied.contains(&1) && studied.contains(&10), "{studied:?}");
    assert!(
        !studied.iter().any(|d| (11..=19).contains(d)),
        "{studied:?}"
    );
    assert!(studied.contains(&20), "{studied:?}");
    assert_eq!(g.w.units[b].location, g.loc(2));
    assert_eq!(g.w.units[b].stack_parent, Some(a));
}

#[test]
fn ov_stk_009_any_unit_inside_a_stack_can_be_attacked() {
    let mut g = Game::new(1, 2);
    let top = g.leader(1, 1);
    let mid = g.leader(1, 1);
    let low = g.unit(1, "man", 5, 1);
    g.stack(mid, top);
    g.stack(low, mid);
    let foe = g.leader(2, 1);
    g.learn(foe, "cmbt", 1);
    g.orders(foe, &["ATTACK U3"]);
    let log = g.run_bare(&[]);
    let b = log
        .events
        .iter()
        .find_map(|e| match &e.what {
            What::Battle { defender, .. } => Some(*defender),
            _ => None,
        })
        .unwrap();
    assert_eq!(b, low, "the deepest member was the target");
    let (_, defenders) = sides(&log);
    assert!(defenders.contains(&low) && defenders.contains(&top));
}

#[test]
fn ov_grd_002_a_leaders_guard_is_its_own_not_its_stacks() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    g.learn(a, "cmbt", 1);
    let b = g.unit(1, "man", 10, 1);
    g.learn(b, "cmbt", 1);
    g.stack(b, a);
    g.title(1, "shrf", a);
    g.orders(a, &["@GUARD"]);
    let log = g.run(&[]);
    assert!(first(&log, a, |w| matches!(w, What::Guarding)).is_some());
    assert!(first(&log, b, |w| matches!(w, What::Guarding)).is_none());
    // The leader never works; the member, not on guard, works all month.
    assert_eq!(worked(&log, a), 0);
    assert_eq!(worked(&log, b), 30);
}
