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

// --- Battle experience (OV-SKL-026..030) -----------------------------------

/// For unit number `n` in a battle's report: rounds fought, rounds it
/// struck in melee, parried, and shot.
fn practice(r: &umpire_overlord::combat::log::Report, n: u32) -> (u32, u32, u32, u32) {
    use umpire_overlord::combat::log::Deed;
    let count = |f: &dyn Fn(&Deed) -> bool| {
        u32::try_from(r.rounds.iter().filter(|x| x.deeds.iter().any(f)).count()).unwrap()
    };
    (
        u32::try_from(r.rounds.len()).unwrap(),
        count(&|d| matches!(d, Deed::Attacked { unit, ranged: false, .. } if *unit == n)),
        count(&|d| matches!(d, Deed::Parried { unit } if *unit == n)),
        count(&|d| matches!(d, Deed::Attacked { unit, ranged: true, .. } if *unit == n)),
    )
}

fn skill_xp(g: &Game, u: UnitId, tag: &str) -> u32 {
    g.w.units[u].experience(rules().skill(tag).unwrap())
}

/// Faction 1's units attack a lone leader of faction 2; the one battle's
/// report.
fn rout(g: &mut Game, attacker: UnitId) -> (TurnLog, umpire_overlord::combat::log::Report) {
    let victim = g.leader(2, 1);
    show(g, victim);
    let code = format!("ATTACK U{}", g.w.units[victim].number);
    g.orders(attacker, &[&code]);
    let log = g.run_bare(&[]);
    let reports = fought(&log);
    assert_eq!(reports.len(), 1);
    let r = reports[0].clone();
    assert_eq!(r.winner, Some(Side::Attacker));
    (log, r)
}

#[test]
fn ov_skl_026_each_round_a_day_of_combat_striking_melee_parrying_parry() {
    let mut g = Game::new(1, 2);
    let army = swordsmen(&mut g, 1);
    // A second unit of the attacking faction that only parries, with
    // some parry already.
    let guards = swordsmen(&mut g, 1);
    g.w.units[guards].combat_orders = vec!["PARRY".into()];
    let parr = rules().skill("parr").unwrap();
    g.w.units[guards].learn(parr, 100);
    let before = |g: &Game, u| {
        (
            skill_xp(g, u, "cmbt"),
            skill_xp(g, u, "mele"),
            skill_xp(g, u, "parr"),
        )
    };
    let (a0, g0) = (before(&g, army), before(&g, guards));
    let (_, r) = rout(&mut g, army);
    let (rounds, struck, _, _) = practice(&r, g.w.units[army].number);
    assert!(rounds > 0 && struck > 0, "{rounds} {struck}");
    // 2nd combat: one day a round; a day of melee a round it struck.
    assert_eq!(skill_xp(&g, army, "cmbt"), a0.0 + 100 * rounds);
    assert_eq!(skill_xp(&g, army, "mele"), a0.1 + 100 * struck);
    let (rounds_g, _, parried, _) = practice(&r, g.w.units[guards].number);
    assert!(parried > 0);
    assert_eq!(skill_xp(&g, guards, "cmbt"), g0.0 + 100 * rounds_g);
    assert_eq!(skill_xp(&g, guards, "parr"), g0.2 + 100 * parried);
}

#[test]
fn ov_skl_027_028_novices_gain_two_days_a_round_and_no_melee_or_parry_from_nothing() {
    let mut g = Game::new(1, 2);
    let novices = g.unit(1, "man", 40, 1);
    let swrd = rules().item("swrd").unwrap();
    g.w.units[novices].add_items(swrd, 40, 40);
    let cmbt = rules().skill("cmbt").unwrap();
    g.w.units[novices].learn(cmbt, 1000);
    show(&mut g, novices);
    // Parriers with 1st combat but no parry at all.
    let parriers = swordsmen(&mut g, 1);
    g.w.units[parriers].combat_orders = vec!["PARRY".into()];
    let (_, r) = rout(&mut g, novices);
    let (rounds, struck, _, _) = practice(&r, g.w.units[novices].number);
    assert!(struck > 0);
    // Novice combat: two days a round; no melee without 1st combat.
    assert_eq!(skill_xp(&g, novices, "cmbt"), 1000 + 200 * rounds);
    assert_eq!(skill_xp(&g, novices, "mele"), 0);
    // No parry experience at all: parrying teaches nothing.
    let (_, _, parried, _) = practice(&r, g.w.units[parriers].number);
    assert!(parried > 0);
    assert_eq!(skill_xp(&g, parriers, "parr"), 0);
}

#[test]
fn ov_skl_028_melee_starts_with_1st_combat() {
    let mut g = Game::new(1, 2);
    let army = swordsmen(&mut g, 1);
    assert_eq!(skill_xp(&g, army, "mele"), 0);
    let (_, r) = rout(&mut g, army);
    let (_, struck, _, _) = practice(&r, g.w.units[army].number);
    assert!(struck > 0);
    assert_eq!(skill_xp(&g, army, "mele"), 100 * struck);
}

#[test]
fn ov_skl_029_shooting_gives_days_in_the_skill_the_weapon_needs() {
    let mut g = Game::new(1, 2);
    let archers = g.unit(1, "man", 30, 1);
    let xbow = rules().item("xbow").unwrap();
    g.w.units[archers].add_items(xbow, 30, 30);
    g.learn(archers, "cmbt", 1);
    g.learn(archers, "arch", 1);
    g.w.units[archers].combat_orders = vec!["RANGED".into()];
    g.w.units[archers].tactics.text = "FIGHT FRONT CENTER STAND".into();
    show(&mut g, archers);
    let arch0 = skill_xp(&g, archers, "arch");
    // The target holds in its middle rank, two lines off: in range.
    let victim = g.leader(2, 1);
    show(&mut g, victim);
    g.w.units[victim].tactics.text = "FIGHT MIDDLE CENTER STAND".into();
    g.orders(archers, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    let r = fought(&log)[0].clone();
    let (_, _, _, shot) = practice(&r, g.w.units[archers].number);
    assert!(shot > 0, "{:?}", r.rounds);
    assert_eq!(skill_xp(&g, archers, "arch"), arch0 + 100 * shot);
}

#[test]
fn ov_skl_030_battle_experience_is_credited_after_the_battle() {
    let mut g = Game::new(1, 2);
    let army = swordsmen(&mut g, 1);
    // Just short of 3rd combat (180 days).
    let cmbt = rules().skill("cmbt").unwrap();
    g.w.units[army].learn(cmbt, 17_950);
    let (log, _) = rout(&mut g, army);
    let at = |f: &dyn Fn(&What) -> bool| log.events.iter().position(|e| f(&e.what));
    let battle = at(&|w| matches!(w, What::BattleFought { .. })).unwrap();
    let level = at(&|w| matches!(w, What::LevelReached { level: 3, .. })).unwrap();
    assert!(level > battle, "{level} > {battle}");
    assert!(skill_xp(&g, army, "cmbt") >= 18_000);
}

#[test]
fn ov_cmb_080_survivors_keep_all_they_had_win_or_lose() {
    let mut g = Game::new(1, 2);
    let army = swordsmen(&mut g, 1);
    let crowd = g.unit(2, "man", 300, 1);
    show(&mut g, crowd);
    let (coin, iron) = (rules().item("coin").unwrap(), rules().item("iron").unwrap());
    g.w.units[crowd].add_items(coin, 5_000, 0);
    g.w.units[crowd].add_items(iron, 40, 0);
    g.w.units[army].add_items(iron, 7, 0);
    g.orders(army, &["ATTACK U2", "DESCRIBE \"after\""]);
    g.orders(crowd, &["DAY 20", "-NAME \"Still here\""]);
    let log = g.run_bare(&[]);
    let reports = fought(&log);
    assert_eq!(reports.len(), 1);
    // The crowd lost figures but lives: nothing else changed for it.
    let c = &g.w.units[crowd];
    assert!(!c.gone && c.figures > 0 && c.figures < 300, "{}", c.figures);
    assert_eq!((c.count(coin), c.count(iron)), (5_000, 40));
    assert_eq!((c.location, c.faction), (g.loc(1), g.faction(2)));
    assert_eq!(c.name, "Still here", "its orders went on");
    assert!(
        log.events
            .iter()
            .all(|e| !matches!(e.what, What::Looted { .. }))
    );
    // Nor for the attackers.
    let a = &g.w.units[army];
    assert_eq!((a.count(iron), a.location), (7, g.loc(1)));
    assert_eq!(a.description, "after");
}
