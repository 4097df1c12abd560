//! Battles fought in the turn: the engaged sides fight it out
//! and the world shows it — the dead, loot, experience, the land.

use super::*;
use umpire_overlord::combat::field::Side;

fn show(g: &mut Game, u: UnitId) {
    g.w.units[u].settings.announce = true;
    g.w.units[u].settings.advertise = true;
}

/// 20 swordsmen with 2nd combat and blades of faction `f` at L1.
fn swordsmen(g: &mut Game, f: u32) -> UnitId {
    let u = g.unit(f, "man", 20, 1);
    let swrd = rules().item("swrd").unwrap();
    g.w.units[u].add_items(swrd, 20, 20);
    g.learn(u, "cmbt", 2);
    g.learn(u, "blde", 1);
    show(g, u);
    u
}

fn fought(log: &TurnLog) -> Vec<&umpire_overlord::combat::log::Report> {
    log.events
        .iter()
        .filter_map(|e| match &e.what {
            What::BattleFought { report, .. } => Some(report.as_ref()),
            _ => None,
        })
        .collect()
}

#[test]
fn ov_cmb_081_an_attack_kills_and_the_winners_loot_half() {
    let mut g = Game::new(1, 2);
    let l = g.loc(1);
    g.w.locations[l].optimum = 1000;
    let army = swordsmen(&mut g, 1);
    let victim = g.leader(2, 1);
    show(&mut g, victim);
    let coin = rules().item("coin").unwrap();
    g.w.units[victim].add_items(coin, 101, 0);
    let xp_before = g.w.units[army].experience(rules().skill("cmbt").unwrap());
    g.orders(army, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    let reports = fought(&log);
    assert_eq!(reports.len(), 1, "one battle: the victim is gone after it");
    assert_eq!(reports[0].winner, Some(Side::Attacker));
    assert!(g.w.units[victim].gone);
    // Half the coins, rounded down, as loot; the rest lost with the dead.
    assert_eq!(g.w.units[army].count(coin), 50);
    assert!(first(&log, army, |w| matches!(w, What::Looted { count: 50, .. })).is_some());
    // Battle experience: at least a day of combat per round fought.
    let rounds = u32::try_from(reports[0].rounds.len()).unwrap();
    let xp_after = g.w.units[army].experience(rules().skill("cmbt").unwrap());
    assert!(
        xp_after >= xp_before + 100 * (rounds - 1),
        "{xp_before} → {xp_after}"
    );
    // The land suffers: 5% of the optimum.
    assert_eq!(g.w.locations[l].optimum, 950);
}

#[test]
fn ov_cmb_063_losses_are_written_back_and_told() {
    let mut g = Game::new(1, 2);
    let a = swordsmen(&mut g, 1);
    let d = swordsmen(&mut g, 2);
    g.orders(a, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    let reports = fought(&log);
    assert!(!reports.is_empty());
    let killed_a: u32 = reports
        .iter()
        .map(|r| r.rounds.iter().map(|x| x.killed[0]).sum::<u32>())
        .sum();
    let told: u32 = log
        .of_unit(a)
        .filter_map(|e| match e.what {
            What::BattleLosses { killed, .. } => Some(killed),
            _ => None,
        })
        .sum();
    let now = if g.w.units[a].gone {
        0
    } else {
        g.w.units[a].figures
    };
    // Losses in the rounds, told to the unit, match its figures now
    // (wounds after the battle may take a few more).
    assert!(told >= killed_a, "{told} < {killed_a}");
    assert_eq!(20 - now, told);
    let _ = d;
}

#[test]
fn ov_cmb_008_spectators_see_the_battle_but_not_its_blows() {
    let mut g = Game::new(1, 3);
    let army = swordsmen(&mut g, 1);
    let victim = g.leader(2, 1);
    show(&mut g, victim);
    let _onlooker = g.leader(3, 1);
    g.orders(army, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    let f3 = g.faction(3);
    let battle = log
        .events
        .iter()
        .find(|e| matches!(e.what, What::Battle { .. }))
        .unwrap();
    assert!(battle.seen_by.contains(&f3));
    let account = log
        .events
        .iter()
        .find(|e| matches!(e.what, What::BattleFought { .. }))
        .unwrap();
    assert!(!account.seen_by.contains(&f3));
    assert!(account.seen_by.contains(&g.faction(1)) && account.seen_by.contains(&g.faction(2)));
}
