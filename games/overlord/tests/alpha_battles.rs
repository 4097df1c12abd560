//! The original sample game's guards and militia fight:
//! the alpha world is imported as it is and one ATTACK order is added, in
//! Albanis (two Itorian guard units among five player factions) and in
//! Anarnium (two units of the People's militia on GUARD among six player
//! factions). The sample's f01 and f02 are the rules' Imperials and
//! Citizens (decisions OV-GRD-001, OV-GRD-004).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::OnceLock;

use umpire_overlord::combat::field::Side;
use umpire_overlord::legacy::world::import;
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::log::BattleCause;
use umpire_overlord::turn::{TurnLog, What, run_turn};
use umpire_overlord::world::{FactionId, UnitId, World};

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::bundled().unwrap())
}

fn alpha() -> World {
    import(&common::alpha_game_files(), rules()).world
}

fn unit(w: &World, n: u32) -> UnitId {
    w.unit_by_number(n).unwrap()
}

fn faction(w: &World, n: u32) -> FactionId {
    w.faction_by_number(n).unwrap()
}

fn numbers(w: &World, ids: &[UnitId]) -> Vec<u32> {
    ids.iter().map(|&u| w.units[u].number).collect()
}

/// The first battle of the turn: (attackers, defenders, cause, seen by).
fn first_battle(log: &TurnLog) -> (Vec<UnitId>, Vec<UnitId>, BattleCause, Vec<FactionId>) {
    log.events
        .iter()
        .find_map(|e| match &e.what {
            What::Battle {
                attackers,
                defenders,
                cause,
                ..
            } => Some((
                attackers.to_vec(),
                defenders.to_vec(),
                *cause,
                e.seen_by.to_vec(),
            )),
            _ => None,
        })
        .expect("a battle was fought")
}

/// Who was told the round-by-round account, and which side won.
fn fought(log: &TurnLog) -> (Vec<FactionId>, Option<Side>, Vec<(UnitId, Side)>) {
    log.events
        .iter()
        .find_map(|e| match &e.what {
            What::BattleFought { units, report, .. } => {
                Some((e.seen_by.to_vec(), report.winner, units.to_vec()))
            }
            _ => None,
        })
        .expect("the battle was fought out")
}

#[test]
fn itorian_guards_defend_themselves_in_albanis() {
    let mut w = alpha();
    let attacker = unit(&w, 603);
    w.units[attacker].orders = vec!["ATTACK U12".to_string()];
    let before: u32 = [11, 12].iter().map(|&n| w.units[unit(&w, n)].figures).sum();
    let seed = w.seed;
    let log = run_turn(&mut w, rules(), &[], seed);

    let (attackers, defenders, cause, seen) = first_battle(&log);
    assert_eq!(cause, BattleCause::Attack);
    // The whole guard of the place defends (both units of the Itorians,
    // OV-CMB-004/009); nobody of the five player factions here joins them.
    let d = numbers(&w, &defenders);
    assert!(d.contains(&11) && d.contains(&12), "{d:?}");
    assert!(
        defenders
            .iter()
            .all(|&u| w.units[u].faction == faction(&w, 1)),
        "{d:?}"
    );
    // The attacker's faction attacks with its units that are not set to
    // AVOID or DEFEND, always with the unit that gave ATTACK.
    assert!(attackers.contains(&attacker));
    assert!(
        attackers
            .iter()
            .all(|&u| w.units[u].faction == faction(&w, 6))
    );
    // Every faction present sees that a battle was fought (OV-CMB-008).
    for f in [1, 6, 9, 10, 11, 13] {
        assert!(seen.contains(&faction(&w, f)), "f{f} saw the battle");
    }
    // Only the two sides are told the account.
    let (told, winner, sides) = fought(&log);
    assert_eq!(told, vec![faction(&w, 1), faction(&w, 6)]);
    assert_eq!(sides.len(), attackers.len() + defenders.len());
    // Seventy armoured guards against a starting faction: the guards win.
    assert_eq!(winner, Some(Side::Defender));
    let after: u32 = [11, 12]
        .iter()
        .filter_map(|&n| w.unit_by_number(n))
        .map(|u| w.units[u].figures)
        .sum();
    assert!(after > 0 && after <= before, "{before} -> {after}");
    assert!(w.check().is_empty(), "{:?}", w.check());
}

#[test]
fn the_peoples_militia_guards_a_friendly_faction_in_anarnium() {
    let mut w = alpha();
    let attacker = unit(&w, 503);
    let target = unit(&w, 703);
    w.units[attacker].orders = vec!["ATTACK U703".to_string()];
    let seed = w.seed;
    let log = run_turn(&mut w, rules(), &[], seed);

    // The militia stand guard on day 1, with their 15 days of combat
    // (decision OV-GRD-001).
    for n in [233, 234] {
        let m = unit(&w, n);
        assert!(
            log.of_unit(m)
                .any(|e| e.day == 1 && matches!(e.what, What::Guarding)),
            "U{n} guards"
        );
    }
    let (attackers, defenders, cause, _) = first_battle(&log);
    assert_eq!(cause, BattleCause::Attack);
    // The People guard here and hold f07 Friendly (their default): both
    // militia units join the defence (OV-CMB-005, OV-GRD-004).
    let d = numbers(&w, &defenders);
    assert!(d.contains(&233) && d.contains(&234), "{d:?}");
    assert!(defenders.contains(&target));
    // The defenders are f07's and the People's; the attackers f05's.
    assert!(defenders.iter().all(|&u| {
        let f = w.units[u].faction;
        f == faction(&w, 7) || f == faction(&w, 2)
    }));
    assert!(
        attackers
            .iter()
            .all(|&u| w.units[u].faction == faction(&w, 5))
    );
    // The other player factions here (f08, f12, f14, f15) only watch.
    let (told, _, _) = fought(&log);
    assert_eq!(
        told,
        vec![faction(&w, 2), faction(&w, 5), faction(&w, 7)],
        "the account goes to the sides only"
    );
    assert!(w.check().is_empty(), "{:?}", w.check());
}

#[test]
fn itorian_guards_join_the_defence_of_a_friendly_faction() {
    let mut w = alpha();
    let attacker = unit(&w, 603);
    let target = unit(&w, 903);
    w.units[attacker].orders = vec!["ATTACK U903".to_string()];
    let seed = w.seed;
    let log = run_turn(&mut w, rules(), &[], seed);

    let (attackers, defenders, _, _) = first_battle(&log);
    // The Itorians hold f09 Friendly by default and guard here: both
    // guard units defend it (OV-CMB-005), beside f09's own units.
    let d = numbers(&w, &defenders);
    assert!(d.contains(&11) && d.contains(&12), "{d:?}");
    assert!(defenders.contains(&target));
    assert!(defenders.iter().all(|&u| {
        let f = w.units[u].faction;
        f == faction(&w, 9) || f == faction(&w, 1)
    }));
    assert!(
        attackers
            .iter()
            .all(|&u| w.units[u].faction == faction(&w, 6))
    );
    let (told, _, _) = fought(&log);
    assert_eq!(told, vec![faction(&w, 1), faction(&w, 6), faction(&w, 9)]);
}
