//! Taxing and entertainment (OV-ECON-029, OV-ECON-030, OV-WLD-023,
//! OV-WLD-025, OV-BLD-043, OV-RSK-071): USE of `taxe` and `ente`, and the
//! entertainment money pillagers take.

use super::*;
use umpire_overlord::turn::log::UseProblem;
use umpire_overlord::turn::orders::earn::Purse;
use umpire_overlord::world::{Stance, Structure};

fn coins(g: &Game, u: UnitId) -> u64 {
    g.w.units[u].count(rules().item("coin").unwrap())
}

fn mails(f: u32, sections: &[(UnitId, &str)]) -> String {
    let mut out = format!("#GAME f0{f} pw\n");
    for (u, lines) in sections {
        out += &format!("UNIT U{}\n{lines}\n", u.index() + 1);
    }
    out + "#END"
}

/// `figures` men of faction `f` at L1 who know `skill` at `level`.
fn crew(g: &mut Game, f: u32, figures: u32, skill: &str, level: u8) -> UnitId {
    let u = g.unit(f, "man", figures, 1);
    g.learn(u, "cmbt", 1);
    g.learn(u, skill, level);
    u
}

/// Coins each day brought, from the events.
fn earned(log: &TurnLog, u: UnitId) -> Vec<(u8, u64)> {
    log.events
        .iter()
        .filter(|e| e.unit == Some(u))
        .filter_map(|e| match e.what {
            What::Earned { coins, .. } => Some((e.day, coins)),
            _ => None,
        })
        .collect()
}

#[test]
fn ov_econ_029_a_taxer_takes_a_coin_a_figure_a_day_from_the_taxes() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].taxes = 1000;
    let t = crew(&mut g, 1, 10, "taxe", 1);
    let log = g.run_bare(&[&mails(1, &[(t, "@USE taxe")])]);
    assert_eq!(coins(&g, t), 300);
    assert_eq!(g.w.locations[l].taxes, 700);
    let days = earned(&log, t);
    assert_eq!(days.len(), 30);
    assert!(days.iter().all(|&(_, c)| c == 10));
    assert!(log.events.iter().any(|e| e.unit == Some(t)
        && matches!(
            e.what,
            What::Earned {
                purse: Purse::Taxes,
                ..
            }
        )));
}

#[test]
fn ov_econ_029_short_taxes_are_shared_in_proportion_then_run_out() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].taxes = 45;
    let a = crew(&mut g, 1, 10, "taxe", 1);
    let b = crew(&mut g, 1, 20, "taxe", 1);
    let log = g.run_bare(&[&mails(1, &[(a, "@USE taxe"), (b, "@USE taxe")])]);
    // Day 1: 10 and 20 of 45; day 2: the 15 left, shared 5 and 10.
    assert_eq!(earned(&log, a), [(1, 10), (2, 5)]);
    assert_eq!(earned(&log, b), [(1, 20), (2, 10)]);
    assert_eq!((coins(&g, a), coins(&g, b)), (15, 30));
    assert_eq!(g.w.locations[l].taxes, 0);
    // From day 3 the purse is empty: said once, the order kept.
    let empty: Vec<u8> = log
        .events
        .iter()
        .filter(|e| e.unit == Some(a))
        .filter(|e| {
            matches!(
                e.what,
                What::CannotUse {
                    why: UseProblem::PurseEmpty,
                    ..
                }
            )
        })
        .map(|e| e.day)
        .collect();
    assert_eq!(empty, [3]);
    assert_eq!(g.pending(a), ["@USE taxe"]);
}

#[test]
fn ov_econ_029_a_count_stops_after_that_many_coins() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].taxes = 1000;
    let t = crew(&mut g, 1, 10, "taxe", 1);
    g.run_bare(&[&mails(1, &[(t, "USE taxe 25")])]);
    assert_eq!(coins(&g, t), 25);
    assert_eq!(g.w.locations[l].taxes, 975);
    assert!(g.pending(t).is_empty());
}

#[test]
fn ov_fac_017_only_the_holders_allies_tax_owned_land() {
    let mut g = Game::new(1, 3);
    let l = g.loc(1);
    g.w.locations[l].taxes = 1000;
    g.w.locations[l].ownership.owner = Some(g.faction(1));
    let (f1, f3) = (g.faction(1), g.faction(3));
    g.w.factions[f1].set_stance(f3, Stance::Ally);
    g.w.factions[f3].set_stance(f1, Stance::Ally);
    let stranger = crew(&mut g, 2, 10, "taxe", 1);
    let ally = crew(&mut g, 3, 10, "taxe", 1);
    let own = crew(&mut g, 1, 10, "taxe", 1);
    let log = g.run_bare(&[
        &mails(2, &[(stranger, "@USE taxe")]),
        &mails(3, &[(ally, "@USE taxe")]),
        &mails(1, &[(own, "@USE taxe")]),
    ]);
    assert_eq!(coins(&g, stranger), 0);
    assert!(
        first(&log, stranger, |w| matches!(
            w,
            What::CannotUse {
                why: UseProblem::Forbidden { .. },
                ..
            }
        ))
        .is_some()
    );
    assert_eq!((coins(&g, ally), coins(&g, own)), (300, 300));
}

/// The month's entertainment money at L1: one troupe big enough to take
/// it all on the first day.
fn entertainment_at(g: &mut Game) -> u64 {
    let t = crew(g, 1, 1000, "ente", 3);
    let log = g.run_bare(&[&mails(1, &[(t, "@USE ente")])]);
    assert!(
        earned(&log, t).iter().all(|&(day, _)| day == 1),
        "all taken on day 1"
    );
    coins(g, t)
}

#[test]
fn ov_econ_030_entertainment_money_follows_the_population() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].population = 1000;
    // Turn 1, spring, on plains: no season bonus. 1000 people, 100 coins.
    assert_eq!(entertainment_at(&mut g), 100);

    let mut g = Game::new(1, 1);
    assert_eq!(entertainment_at(&mut g), 0, "nobody lives there");
}

#[test]
fn ov_econ_030_entertainers_earn_their_level_a_figure_a_day() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].population = 10_000;
    let a = crew(&mut g, 1, 5, "ente", 1);
    let b = crew(&mut g, 1, 5, "ente", 2);
    g.run_bare(&[&mails(1, &[(a, "@USE ente"), (b, "@USE ente")])]);
    assert_eq!((coins(&g, a), coins(&g, b)), (150, 300));
}

#[test]
fn ov_wld_023_winter_entertainment_is_half_as_much_again() {
    let mut g = Game::new(1, 1);
    g.w.turn = 9; // turn 10, the first month of winter
    let l = g.loc(1);
    g.w.locations[l].population = 1000;
    assert_eq!(entertainment_at(&mut g), 150);
}

#[test]
fn ov_wld_025_spring_cheers_cities_and_villages_only() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].terrain = rules().terrain("city").unwrap();
    g.w.locations[l].population = 1000;
    assert_eq!(entertainment_at(&mut g), 125);

    // Summer in the same city: no bonus.
    let mut g = Game::new(1, 1);
    g.w.turn = 3;
    g.w.locations[l].terrain = rules().terrain("city").unwrap();
    g.w.locations[l].population = 1000;
    assert_eq!(entertainment_at(&mut g), 100);
}

#[test]
fn ov_bld_043_a_tavern_adds_half_again() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].population = 1000;
    let kind = rules().construction("tave").unwrap();
    let s = g.w.structures.push(Structure::new(1, kind, l));
    g.w.locations[l].structures.push(s);
    assert_eq!(entertainment_at(&mut g), 150);

    // An unfinished tavern gives nothing yet.
    let mut g = Game::new(1, 1);
    g.w.locations[l].population = 1000;
    let mut tavern = Structure::new(1, kind, l);
    tavern.complete = false;
    let s = g.w.structures.push(tavern);
    g.w.locations[l].structures.push(s);
    assert_eq!(entertainment_at(&mut g), 100);
}

#[test]
fn ov_uo_061_pillagers_take_entertainment_before_entertainers() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].population = 1000;
    g.w.locations[l].optimum = 1000;
    let p = g.unit(1, "man", 20, 1);
    let swrd = rules().item("swrd").unwrap();
    g.w.units[p].add_items(swrd, 20, 20);
    g.learn(p, "cmbt", 1);
    let e = crew(&mut g, 1, 1000, "ente", 1);
    // The entertainers come first in the day's order, yet are paid after
    // the pass, when the pillagers have had their 20.
    g.w.locations[l].units.retain(|&x| x != e);
    g.w.locations[l].units.insert(0, e);
    let log = g.run_bare(&[&mails(1, &[(e, "USE ente"), (p, "PILLAGE")])]);
    let pillaged = log.events.iter().find_map(|x| match x.what {
        What::Pillaged { entertainment, .. } if x.unit == Some(p) => Some(entertainment),
        _ => None,
    });
    assert_eq!(pillaged, Some(20));
    // 990 people after the day's pillage: 99 coins, 20 of them taken.
    assert_eq!(earned(&log, e), [(1, 79)]);
}
