//! Who fights: ATTACK (OV-UO-005/006, OV-STK-010), TACTIC's
//! engagement setting (OV-UO-106), enemies on sight (OV-FAC-025,
//! OV-CMB-001, 003) and the sides of a battle (OV-CMB-002..013). Nobody is
//! harmed yet: the battles are checked through their events.

use umpire_overlord::turn::log::{BattleCause, Dropped};
use umpire_overlord::world::{FactionId, Journey, JourneyKind, Stance, Structure};

use super::*;

/// A battle as its event tells it.
#[derive(Debug, PartialEq, Eq)]
struct Fight {
    day: u8,
    attacker: UnitId,
    defender: UnitId,
    cause: BattleCause,
    attackers: Vec<UnitId>,
    defenders: Vec<UnitId>,
    withdrawn: Vec<FactionId>,
    seen_by: Vec<FactionId>,
}

fn fights(log: &TurnLog) -> Vec<Fight> {
    log.events
        .iter()
        .filter_map(|e| match &e.what {
            What::Battle {
                attacker,
                defender,
                cause,
                attackers,
                defenders,
                withdrawn,
            } => Some(Fight {
                day: e.day,
                attacker: *attacker,
                defender: *defender,
                cause: *cause,
                attackers: attackers.to_vec(),
                defenders: defenders.to_vec(),
                withdrawn: withdrawn.to_vec(),
                seen_by: e.seen_by.to_vec(),
            }),
            _ => None,
        })
        .collect()
}

/// The only battle of the month.
fn one(log: &TurnLog) -> Fight {
    let mut all = fights(log);
    assert_eq!(all.len(), 1, "{all:?}");
    all.remove(0)
}

/// The unit's battle setting, as the world keeps it.
fn tactic(g: &mut Game, u: UnitId, text: &str) {
    g.w.units[u].tactics.text = text.into();
}

/// The unit shows itself and its faction to all.
fn show(g: &mut Game, u: UnitId) {
    g.w.units[u].settings.announce = true;
    g.w.units[u].settings.advertise = true;
}

fn stance(g: &mut Game, of: u32, toward: u32, s: Stance) {
    let (a, b) = (g.faction(of), g.faction(toward));
    g.w.factions[a].set_stance(b, s);
}

/// U1 of f1 attacks U2 of f2, both at L1, and both show their factions.
fn duel(factions: u32) -> (Game, UnitId, UnitId) {
    let mut g = Game::new(2, factions);
    let a = g.leader(1, 1);
    let d = g.leader(2, 1);
    show(&mut g, a);
    show(&mut g, d);
    g.orders(a, &["ATTACK U2"]);
    (g, a, d)
}

#[test]
fn ov_uo_005_attack_begins_a_battle_with_a_unit_present() {
    let (mut g, a, d) = duel(2);
    let log = g.run_bare(&[]);
    let (f1, f2) = (g.faction(1), g.faction(2));
    assert_eq!(
        one(&log),
        Fight {
            day: 1,
            attacker: a,
            defender: d,
            cause: BattleCause::Attack,
            attackers: vec![a],
            defenders: vec![d],
            withdrawn: vec![],
            seen_by: vec![f1, f2],
        }
    );
    // Done: the order leaves the list, and the day was ATTACK's.
    assert!(g.pending(a).is_empty());
    assert_eq!(worked(&log, a), 29);
}

#[test]
fn ov_uo_005_attack_waits_until_its_target_is_here_and_seen() {
    // Elsewhere: kept, said once, the unit works meanwhile.
    let mut g = Game::new(2, 2);
    let a = g.leader(1, 1);
    g.leader(2, 2);
    g.orders(a, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    assert!(fights(&log).is_empty());
    let told = log
        .of_unit(a)
        .filter(|e| matches!(e.what, What::AttackWaits))
        .count();
    assert_eq!(told, 1);
    assert_eq!(g.pending(a), ["ATTACK U2"]);
    assert_eq!(worked(&log, a), 30);

    // Here but hidden (an amulet of shadows: stealth 4).
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let d = g.leader(2, 1);
    g.w.units[d].add_items(rules().item("amsh").unwrap(), 1, 1);
    g.orders(a, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    assert!(fights(&log).is_empty());
    assert_eq!(g.pending(a), ["ATTACK U2"]);
}

#[test]
fn ov_uo_005_attack_on_a_faction_takes_its_first_unit_known_to_be_its() {
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let unknown = g.leader(2, 1);
    let known = g.leader(2, 1);
    show(&mut g, known);
    tactic(&mut g, unknown, "avoid");
    g.orders(a, &["ATTACK f02"]);
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!((b.attacker, b.defender), (a, known));
    // The unit not known to be f2's is still f2's: it avoids the battle.
    assert_eq!(b.defenders, [known]);
}

#[test]
fn ov_uo_005_attack_on_a_structure_goes_for_the_unit_in_charge() {
    let mut g = Game::new(1, 2);
    let a = g.leader(1, 1);
    let owner = g.leader(2, 1);
    let l = g.loc(1);
    let kind = rules().construction("tave").unwrap();
    let s = g.w.structures.push(Structure::new(7, kind, l));
    g.w.locations[l].structures.push(s);
    g.w.structures[s].owner = Some(owner);
    g.w.units[owner].structure = Some(s);
    g.orders(a, &["ATTACK B7"]);
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!((b.attacker, b.defender), (a, owner));
}

#[test]
fn ov_uo_006_attacking_ones_own_does_nothing_and_leaves_the_list() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    let l = g.loc(1);
    let kind = rules().construction("tave").unwrap();
    let s = g.w.structures.push(Structure::new(7, kind, l));
    g.w.locations[l].structures.push(s);
    g.w.structures[s].owner = Some(b);
    g.w.units[b].structure = Some(s);
    g.orders(a, &["ATTACK U2", "ATTACK f01", "ATTACK B7"]);
    let log = g.run_bare(&[]);
    assert!(fights(&log).is_empty());
    let dropped = log
        .of_unit(a)
        .filter(|e| {
            matches!(
                e.what,
                What::OrderDropped {
                    reason: Dropped::OwnTarget,
                    ..
                }
            )
        })
        .count();
    assert_eq!(dropped, 3);
    assert!(g.pending(a).is_empty());
}

#[test]
fn ov_stk_010_a_stacked_unit_leaves_its_stack_to_attack() {
    let mut g = Game::new(1, 2);
    let top = g.leader(1, 1);
    let a = g.leader(1, 1);
    g.stack(a, top);
    let d = g.leader(2, 1);
    tactic(&mut g, top, "avoid");
    g.orders(a, &["ATTACK U3"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[a].stack_parent, None);
    assert!(
        first(
            &log,
            a,
            |w| matches!(w, What::Unstacked { from } if *from == top)
        )
        .is_some()
    );
    // Its old stack does not follow it (and its leader avoids battles).
    let b = one(&log);
    assert_eq!((b.attackers, b.defenders), (vec![a], vec![d]));
}

#[test]
fn ov_uo_106_tactic_sets_the_parts_it_names() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let v = g.leader(1, 1);
    tactic(&mut g, u, "attack front center charge");
    g.orders(u, &["TACTIC DEFEND", "TACTIC REAR"]);
    g.orders(v, &["TACTIC AVOID"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[u].tactics.text, "DEFEND REAR CENTER CHARGE");
    // Parts never given keep the defaults (FRONT CENTER CHARGE).
    assert_eq!(g.w.units[v].tactics.text, "AVOID FRONT CENTER CHARGE");
    let set: Vec<String> = log
        .of_unit(u)
        .filter_map(|e| match &e.what {
            What::TacticSet { text } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        set,
        ["DEFEND FRONT CENTER CHARGE", "DEFEND REAR CENTER CHARGE"]
    );
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_cmb_002_004_009_every_willing_unit_of_both_factions_fights() {
    let (mut g, a, d) = duel(2);
    let a2 = g.leader(1, 1);
    let a3 = g.leader(1, 1);
    let d2 = g.leader(2, 1);
    let d3 = g.leader(2, 1);
    tactic(&mut g, a3, "avoid rear center flee");
    tactic(&mut g, d3, "avoid");
    // The attacking and the attacked unit fight whatever their setting.
    tactic(&mut g, a, "avoid");
    tactic(&mut g, d, "avoid");
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!(b.attackers, [a, a2]);
    assert_eq!(b.defenders, [d, d2]);
}

#[test]
fn ov_cmb_010_defend_fights_only_on_the_defending_side() {
    let (mut g, a, d) = duel(2);
    let a2 = g.leader(1, 1);
    let d2 = g.leader(2, 1);
    tactic(&mut g, a2, "defend");
    tactic(&mut g, d2, "defend");
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!(b.attackers, [a]);
    assert_eq!(b.defenders, [d, d2]);
}

#[test]
fn ov_cmb_005_guards_who_hold_the_attacked_friendly_defend_it() {
    let run = |f2_hates_f3: bool| {
        let (mut g, a, d) = duel(4);
        let friend = g.leader(3, 1);
        let cold = g.leader(4, 1);
        let friend2 = g.leader(3, 1);
        for x in [friend, cold] {
            g.learn(x, "cmbt", 1);
            g.orders(x, &["@GUARD"]);
        }
        g.title(1, "shrf", friend);
        g.title(1, "mayo", cold);
        stance(&mut g, 3, 2, Stance::Friendly);
        if f2_hates_f3 {
            stance(&mut g, 2, 3, Stance::Hostile);
        }
        let log = g.run_bare(&[]);
        (g, one(&log), [a, d, friend, cold, friend2])
    };
    let (g, b, [a, d, friend, _, friend2]) = run(false);
    assert_eq!(b.attackers, [a]);
    // The guard's faction is in: its other units fight too.
    assert_eq!(b.defenders, [d, friend, friend2]);
    // The Neutral guard only watches.
    assert!(b.seen_by.contains(&g.faction(4)));
    // Friendship lapses while the attacked faction holds the guard's
    // Hostile (OV-FAC-021).
    let (_, b, [_, d, ..]) = run(true);
    assert_eq!(b.defenders, [d]);
}

#[test]
fn ov_cmb_006_allies_join_their_side_but_an_allys_ally_does_not() {
    let (mut g, a, d) = duel(5);
    let ally_of_1 = g.leader(3, 1);
    let ally_of_3 = g.leader(4, 1);
    let ally_of_2 = g.leader(5, 1);
    stance(&mut g, 3, 1, Stance::Ally);
    stance(&mut g, 4, 3, Stance::Ally);
    stance(&mut g, 5, 2, Stance::Ally);
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!(b.attackers, [a, ally_of_1]);
    assert_eq!(b.defenders, [d, ally_of_2]);
    assert!(!b.attackers.contains(&ally_of_3) && !b.defenders.contains(&ally_of_3));
    // The ally's ally watches.
    assert!(b.seen_by.contains(&g.faction(4)));
    assert!(b.withdrawn.is_empty());
}

#[test]
fn ov_cmb_007_a_third_faction_allied_to_both_withdraws() {
    let (mut g, a, d) = duel(3);
    let both = g.leader(3, 1);
    stance(&mut g, 3, 1, Stance::Ally);
    stance(&mut g, 3, 2, Stance::Ally);
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!((b.attackers, b.defenders), (vec![a], vec![d]));
    assert_eq!(b.withdrawn, [g.faction(3)]);
    assert!(b.seen_by.contains(&g.faction(3)));
    let _ = both;

    // But one may attack one's own ally.
    let (mut g, a, d) = duel(2);
    stance(&mut g, 1, 2, Stance::Ally);
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!((b.attackers, b.defenders), (vec![a], vec![d]));
    assert!(b.withdrawn.is_empty());
}

#[test]
fn ov_cmb_008_those_present_watch_those_away_or_on_the_road_do_not() {
    let (mut g, _, _) = duel(5);
    g.leader(3, 1);
    g.leader(4, 2);
    let walker = g.leader(5, 1);
    let (l1, l2) = (g.loc(1), g.loc(2));
    g.w.units[walker].journey = Some(Journey {
        from: l1,
        to: l2,
        mode: umpire_overlord::rules::Movement::Walk,
        kind: JourneyKind::Move,
        days: 5,
        elapsed: 0,
    });
    let log = g.run_bare(&[]);
    let b = one(&log);
    let (f1, f2, f3) = (g.faction(1), g.faction(2), g.faction(3));
    assert_eq!(b.seen_by, [f1, f2, f3]);
}

#[test]
fn ov_cmb_011_012_the_attacked_stack_fights_whole_other_stacks_by_their_settings() {
    let mut g = Game::new(1, 4);
    let a = g.leader(1, 1);
    // The attacked unit's stack: its leader avoids battles, a unit of f3
    // in it too, yet all fight.
    let top = g.leader(2, 1);
    let d = g.leader(2, 1);
    let m3 = g.leader(3, 1);
    g.stack(d, top);
    g.stack(m3, top);
    tactic(&mut g, top, "avoid");
    tactic(&mut g, m3, "avoid");
    // Another stack of f2: f4's units in it fight by their own settings.
    let p = g.leader(2, 1);
    let q4 = g.leader(4, 1);
    let r4 = g.leader(4, 1);
    g.stack(q4, p);
    g.stack(r4, p);
    tactic(&mut g, r4, "avoid");
    // f4's unit outside the stack stays out (OV-CMB-012).
    let s4 = g.leader(4, 1);
    g.orders(a, &["ATTACK U3"]);
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!(b.attackers, [a]);
    assert_eq!(b.defenders, [top, d, m3, p, q4]);
    assert!(!b.defenders.contains(&s4) && !b.defenders.contains(&r4));
}

#[test]
fn ov_cmb_013_a_faction_with_units_on_both_sides_withdraws_them() {
    let mut g = Game::new(1, 3);
    let a = g.leader(1, 1);
    let x3 = g.leader(3, 1);
    g.stack(x3, a);
    let d = g.leader(2, 1);
    let y3 = g.leader(3, 1);
    let z1 = g.leader(1, 1);
    g.stack(y3, d);
    g.stack(z1, d);
    g.orders(a, &["ATTACK U3"]);
    let log = g.run_bare(&[]);
    let b = one(&log);
    // f3 stands in both stacks: out entirely. f1's unit in the attacked
    // stack stays out; f1 attacks with the rest.
    assert_eq!(b.attackers, [a]);
    assert_eq!(b.defenders, [d]);
    assert_eq!(b.withdrawn, [g.faction(3)]);
    let _ = (x3, y3, z1);
}

#[test]
fn ov_cmb_003_mutual_enemies_the_later_comer_attacks() {
    let mut g = Game::new(1, 2);
    let first_here = g.leader(1, 1);
    let later = g.leader(2, 1);
    show(&mut g, first_here);
    show(&mut g, later);
    stance(&mut g, 1, 2, Stance::Enemy);
    stance(&mut g, 2, 1, Stance::Enemy);
    let log = g.run_bare(&[]);
    let all = fights(&log);
    // Every day they meet, one battle, the later comer attacking, until
    // a battle leaves one of them dead (battles are fought now).
    let gone = |u: UnitId| g.w.units.get(u).is_none_or(|x| x.gone || x.figures == 0);
    assert!(
        all.len() == 30 || gone(first_here) || gone(later),
        "{}",
        all.len()
    );
    assert!(!all.is_empty());
    assert!(
        all.iter()
            .enumerate()
            .all(|(i, b)| usize::from(b.day) == i + 1)
    );
    assert!(all.iter().all(|b| b.attacker == later
        && b.defender == first_here
        && b.cause == BattleCause::OnSight));
}

#[test]
fn ov_fac_025_enemies_attack_on_sight_unless_avoid_or_defend() {
    let run = |setting: &str, known: bool| {
        let mut g = Game::new(1, 2);
        let watcher = g.leader(1, 1);
        let hunter = g.leader(1, 1);
        let prey = g.leader(2, 1);
        tactic(&mut g, watcher, "defend");
        tactic(&mut g, hunter, setting);
        if known {
            show(&mut g, prey);
        }
        stance(&mut g, 1, 2, Stance::Enemy);
        let log = g.run_bare(&[]);
        (fights(&log), hunter, prey)
    };
    let (all, hunter, prey) = run("fight", true);
    assert!(!all.is_empty());
    assert_eq!(
        (all[0].day, all[0].attacker, all[0].defender),
        (1, hunter, prey)
    );
    assert!(run("avoid", true).0.is_empty());
    assert!(run("defend", true).0.is_empty());
    // A unit not known to be an enemy's is treated by the default stance.
    assert!(run("fight", false).0.is_empty());
}

#[test]
fn ov_fac_010_a_default_enemy_attacks_everyone_it_sees() {
    let mut g = Game::new(1, 2);
    let beast = g.unit(2, "skel", 5, 1);
    let man = g.leader(1, 1);
    let f2 = g.faction(2);
    g.w.factions[f2].default_stance = Stance::Enemy;
    let log = g.run_bare(&[]);
    let all = fights(&log);
    assert!(!all.is_empty());
    assert_eq!((all[0].attacker, all[0].defender), (beast, man));
}

#[test]
fn ov_fac_025_a_guard_interception_is_the_days_only_battle() {
    let mut g = Game::new(2, 2);
    let guard = g.leader(2, 1);
    g.learn(guard, "cmbt", 1);
    g.orders(guard, &["@GUARD"]);
    g.title(1, "shrf", guard);
    let u = g.leader(1, 2);
    show(&mut g, u);
    stance(&mut g, 2, 1, Stance::Enemy);
    g.orders(u, &["MOVE N"]);
    let log = g.run_bare(&[]);
    let all = fights(&log);
    let arrival = all.iter().find(|b| b.defender == u).unwrap().day;
    let that_day: Vec<&Fight> = all.iter().filter(|b| b.day == arrival).collect();
    assert_eq!(that_day.len(), 1);
    assert_eq!(that_day[0].cause, BattleCause::GuardAttacks);
    // From the next day the guard's faction attacks it on sight.
    assert!(
        all.iter()
            .filter(|b| b.day > arrival)
            .all(|b| b.cause == BattleCause::OnSight && b.attacker == guard)
    );
    // One battle a day at most, while both stand.
    let mut days: Vec<u8> = all.iter().map(|b| b.day).collect();
    days.dedup();
    assert_eq!(days.len(), all.len());
}

#[test]
fn ov_fac_004_imperial_guards_defend_whoever_is_attacked() {
    // f3 plays the Imperials: a guard needs no title (it guards anywhere)
    // and, Friendly to players by default, stands with the attacked.
    let (mut g, a, d) = duel(3);
    let f3 = g.npc(3, umpire_overlord::world::Role::Imperials);
    g.w.factions[f3].default_stance = Stance::Friendly;
    let guard = g.unit(3, "man", 10, 1);
    g.learn(guard, "cmbt", 1);
    g.orders(guard, &["@GUARD"]);
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!(b.attackers, [a]);
    assert_eq!(b.defenders, [d, guard]);
}

#[test]
fn ov_fac_006_the_citizens_stay_friendly_whatever_a_player_does() {
    // f2 plays the Citizens, Friendly to players; f1 attacks its unit and
    // the Citizens hold f1 Friendly all the same (the one exception is the
    // Overlord title, OV-FAC-005).
    let (mut g, a, d) = duel(2);
    let f2 = g.npc(2, umpire_overlord::world::Role::Citizens);
    g.w.factions[f2].default_stance = Stance::Friendly;
    let log = g.run_bare(&[]);
    let b = one(&log);
    assert_eq!((b.attackers, b.defenders), (vec![a], vec![d]));
    let f1 = g.faction(1);
    assert_eq!(g.w.factions[f2].stance_toward(f1), Stance::Friendly);
    assert!(g.w.factions[f2].stances.is_empty());
}
