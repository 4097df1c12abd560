//! The month's end and the living land (issue 5): wages, upkeep, press
//! rewards, population, weather and resources.

use umpire_overlord::turn::What;
use umpire_overlord::world::{Player, UnitId};

use super::*;

fn coins(g: &Game, u: UnitId) -> u64 {
    g.w.units[u].count(rules().item("coin").unwrap())
}

fn give_coins(g: &mut Game, u: UnitId, n: u64) {
    let c = rules().item("coin").unwrap();
    g.w.units[u].add_items(c, n, 0);
}

fn give_rations(g: &mut Game, u: UnitId, n: u64, equipped: u64) {
    let food = rules().item("food").unwrap();
    g.w.units[u].add_items(food, n, equipped);
}

fn rations(g: &Game, u: UnitId) -> (u64, u64) {
    let food = rules().item("food").unwrap();
    g.w.units[u]
        .items
        .iter()
        .find(|h| h.item == food)
        .map_or((0, 0), |h| (h.count, h.equipped))
}

fn upkeep_of(log: &TurnLog, u: UnitId) -> Option<(u64, u64, u64, u64, u64)> {
    log.of_unit(u).find_map(|e| match e.what {
        What::UpkeepPaid {
            due,
            rations,
            from_unit,
            from_others,
            from_funds,
        } => Some((due, rations, from_unit, from_others, from_funds)),
        _ => None,
    })
}

fn wages_paid(log: &TurnLog, u: UnitId) -> Option<u64> {
    log.of_unit(u).find_map(|e| match e.what {
        What::WagesPaid { amount, .. } => Some(amount),
        _ => None,
    })
}

// --- Wages -------------------------------------------------------------

#[test]
fn ov_econ_026_work_earns_wage_times_figures_times_days_over_30() {
    let mut g = Game::new(2, 1);
    let l2 = g.loc(2);
    g.w.locations[l2].wages = 11;
    let a = g.leader(1, 1);
    let men = g.unit(1, "man", 10, 1);
    g.stack(men, a);
    give_coins(&mut g, men, 1000);
    // Walk to L2 and work there from the day after arriving.
    g.orders(a, &["MOVE S"]);
    let log = g.run(&[]);
    let arrived = day_of(&log, a, arrived).unwrap();
    let days = 30 - u32::from(arrived);
    assert!(days > 0 && days < 30);
    assert!(log.of_unit(men).any(|e| e.what
        == What::WagesPaid {
            days,
            amount: 11 * 10 * u64::from(days) / 30
        }));
}

#[test]
fn ov_uo_118_work_is_the_default_and_pays_a_full_month() {
    let mut g = Game::new(1, 1);
    let l1 = g.loc(1);
    g.w.locations[l1].wages = 12;
    let a = g.leader(1, 1);
    give_coins(&mut g, a, 100);
    let log = g.run(&[]);
    assert_eq!(wages_paid(&log, a), Some(12));
    // 100 + 12 wages - 20 upkeep.
    assert_eq!(coins(&g, a), 92);
}

#[test]
fn ov_econ_027_leaving_the_place_worked_loses_the_wages() {
    let mut g = Game::new(2, 1);
    let (l1, l2) = (g.loc(1), g.loc(2));
    g.w.locations[l1].wages = 11;
    g.w.locations[l2].wages = 30;
    let a = g.leader(1, 1);
    give_coins(&mut g, a, 100);
    // Work 5 days in L1, then walk south and work there.
    g.orders(a, &["5 WORK", "MOVE S"]);
    let log = g.run(&[]);
    assert!(
        log.of_unit(a)
            .any(|e| matches!(e.what, What::WagesLost { days: 5 }))
    );
    let arrived = day_of(&log, a, arrived).unwrap();
    let days = 30 - u32::from(arrived);
    assert!(log.of_unit(a).any(|e| e.what
        == What::WagesPaid {
            days,
            amount: u64::from(days)
        }));
}

#[test]
fn ov_econ_027_a_traveller_at_the_months_end_loses_its_wages() {
    let mut g = Game::new(2, 1);
    let l1 = g.loc(1);
    g.w.locations[l1].wages = 30;
    let a = g.leader(1, 1);
    give_coins(&mut g, a, 100);
    // 28 days of work, then a journey that is not over at the month's end.
    g.orders(a, &["28 WORK", "MOVE S"]);
    let log = g.run(&[]);
    assert!(g.w.units[a].journey.is_some());
    assert_eq!(wages_paid(&log, a), None);
    assert!(
        log.of_unit(a)
            .any(|e| matches!(e.what, What::WagesLost { days: 28 }))
    );
}

// --- Upkeep ------------------------------------------------------------

#[test]
fn ov_econ_017_upkeep_per_figure_leaders_20_followers_10() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let men = g.unit(1, "man", 5, 1);
    give_coins(&mut g, a, 100);
    give_coins(&mut g, men, 100);
    g.orders(a, &["@WAIT 40"]);
    g.orders(men, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, a), Some((20, 0, 20, 0, 0)));
    assert_eq!(upkeep_of(&log, men), Some((50, 0, 50, 0, 0)));
    assert_eq!(coins(&g, a), 80);
    assert_eq!(coins(&g, men), 50);
}

#[test]
fn ov_wld_023_winter_doubles_upkeep() {
    let mut g = Game::new(1, 1);
    g.w.turn = 9; // turn 10: the first month of winter
    let men = g.unit(1, "man", 5, 1);
    give_coins(&mut g, men, 500);
    g.orders(men, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, men), Some((100, 0, 100, 0, 0)));
}

#[test]
fn ov_econ_019_upkeep_from_other_units_in_arrival_order_then_funds() {
    let mut g = Game::new(1, 2);
    let poor = g.unit(1, "man", 10, 1); // owes 100, has 30
    let first = g.leader(1, 1); // pays 20 of its 50: 30 left over
    let second = g.leader(1, 1); // pays 20 of its 40: 20 left over
    let stranger = g.leader(2, 1); // another faction lends nothing
    give_coins(&mut g, poor, 30);
    give_coins(&mut g, first, 50);
    give_coins(&mut g, second, 40);
    give_coins(&mut g, stranger, 500);
    let f1 = g.faction(1);
    g.w.factions[f1].funds = 1000;
    for u in [poor, first, second, stranger] {
        g.orders(u, &["@WAIT 40"]);
    }
    let log = g.run(&[]);
    // 30 own, 30 + 20 from the others, 20 from the treasury.
    assert_eq!(upkeep_of(&log, poor), Some((100, 0, 30, 50, 20)));
    assert_eq!(coins(&g, first), 0);
    assert_eq!(coins(&g, second), 0);
    assert_eq!(coins(&g, stranger), 480);
    assert_eq!(g.w.factions[f1].funds, 980);
}

#[test]
fn ov_econ_020_ov_uo_087_support_pays_from_the_treasury_first() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    give_coins(&mut g, a, 100);
    g.w.units[a].settings.support = true;
    let f1 = g.faction(1);
    g.w.factions[f1].funds = 15;
    g.orders(a, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, a), Some((20, 0, 5, 0, 15)));
    assert_eq!(g.w.factions[f1].funds, 0);
    assert_eq!(coins(&g, a), 95);
}

#[test]
fn ov_econ_023_024_thirty_men_twenty_rations() {
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 30, 1);
    give_coins(&mut g, men, 500);
    give_rations(&mut g, men, 25, 20);
    g.orders(men, &["@WAIT 40"]);
    let log = g.run(&[]);
    // 20 fed at $2, 10 at $10.
    assert_eq!(
        upkeep_of(&log, men),
        Some((20 * 2 + 10 * 10, 20, 140, 0, 0))
    );
    assert_eq!(rations(&g, men), (5, 0));
    assert_eq!(coins(&g, men), 360);
}

#[test]
fn ov_econ_023_leftover_rations_stay_equipped_and_leaders_pay_4() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    give_coins(&mut g, a, 100);
    give_rations(&mut g, a, 3, 3);
    g.orders(a, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, a), Some((4, 1, 4, 0, 0)));
    assert_eq!(rations(&g, a), (2, 2));
}

#[test]
fn ov_econ_023_in_winter_the_ration_covers_the_same_8_and_coin_grows() {
    let mut g = Game::new(1, 1);
    g.w.turn = 9;
    let men = g.unit(1, "man", 2, 1);
    give_coins(&mut g, men, 100);
    give_rations(&mut g, men, 2, 2);
    g.orders(men, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, men), Some((24, 2, 24, 0, 0)));
}

#[test]
fn ov_fo_013_consume_eats_unequipped_food_too() {
    use umpire_overlord::world::unit::Consume;
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 4, 1);
    let plain = g.unit(1, "man", 4, 1);
    for u in [men, plain] {
        give_coins(&mut g, u, 100);
        give_rations(&mut g, u, 3, 1);
        g.orders(u, &["@WAIT 40"]);
    }
    g.w.units[men].settings.consume = Consume::Unit;
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, men), Some((3 * 2 + 10, 3, 16, 0, 0)));
    assert_eq!(upkeep_of(&log, plain), Some((2 + 3 * 10, 1, 32, 0, 0)));
    assert_eq!(rations(&g, men), (0, 0));
    assert_eq!(rations(&g, plain), (2, 0));
}

#[test]
fn ov_econ_021_022_unpaid_upkeep_is_dissent_counted_in_months_running() {
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 3, 1);
    give_coins(&mut g, men, 25);
    g.orders(men, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, men), Some((30, 0, 25, 0, 0)));
    assert!(log.of_unit(men).any(|e| matches!(
        e.what,
        What::Unpaid {
            short: 5,
            dissent: 1
        }
    )));
    assert_eq!(g.w.units[men].dissent, 1);
    give_coins(&mut g, men, 30);
    let log = g.run(&[]);
    assert!(
        !log.of_unit(men)
            .any(|e| matches!(e.what, What::Unpaid { .. }))
    );
    assert_eq!(g.w.units[men].dissent, 0);
}

#[test]
fn ov_econ_018_upkeep_before_creatures_change_sides_npcs_pay_none() {
    let mut g = Game::new(1, 2);
    let f2 = g.faction(2);
    g.w.factions[f2].player = Player::Npc;
    g.w.creatures = Some(f2);
    let a = g.leader(1, 1);
    let wolf = g.unit(2, "acol", 1, 1);
    g.stack(wolf, a);
    give_coins(&mut g, a, 100);
    g.orders(a, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, wolf), None);
    assert_eq!(g.w.units[wolf].faction, g.faction(1));
    assert_eq!(coins(&g, a), 80);
}

// --- Press rewards -----------------------------------------------------

fn rewards_of(log: &TurnLog, f: umpire_overlord::world::FactionId) -> Vec<(u8, u64)> {
    log.seen_by(f)
        .filter_map(|e| match e.what {
            What::PressReward { amount } => Some((e.day, amount)),
            _ => None,
        })
        .collect()
}

#[test]
fn ov_press_005_signed_article_50_rumour_30_before_day_1() {
    let mut g = Game::new(1, 3);
    let log = g.run(&[
        "#PRESS f01 pw\nThe Red Hand rides again.\n#END",
        "#RUMOR f02 pw\nThey say the Emperor is ill.\n#END",
    ]);
    let (f1, f2, f3) = (g.faction(1), g.faction(2), g.faction(3));
    assert_eq!(rewards_of(&log, f1), [(0, 50)]);
    assert_eq!(rewards_of(&log, f2), [(0, 30)]);
    assert!(rewards_of(&log, f3).is_empty());
    assert_eq!(g.w.factions[f1].funds, 50);
    assert_eq!(g.w.factions[f2].funds, 30);
}

#[test]
fn ov_press_006_at_most_50_a_turn() {
    let mut g = Game::new(1, 2);
    g.run(&[
        "#PRESS f01 pw\nOne.\n#END\n#PRESS f01 pw\nTwo.\n#END\n#RUMOR f01 pw\nThree.\n#END",
        "#RUMOR f02 pw\nOne.\n#END\n#RUMOR f02 pw\nTwo.\n#END",
    ]);
    assert_eq!(g.w.factions[g.faction(1)].funds, 50);
    assert_eq!(g.w.factions[g.faction(2)].funds, 30);
}

#[test]
fn ov_press_005_articles_need_the_right_password_and_text() {
    use umpire_overlord::world::faction::hash_password;
    let mut g = Game::new(1, 2);
    let f1 = g.faction(1);
    g.w.factions[f1].password_hash = hash_password("secret", "f1");
    g.run(&["#PRESS f01 wrong\nForged.\n#END", "#PRESS f02 pw\n#END"]);
    assert_eq!(g.w.factions[f1].funds, 0);
    assert_eq!(g.w.factions[g.faction(2)].funds, 0);
    g.run(&["#PRESS f01 secret\nTrue news.\n#END"]);
    assert_eq!(g.w.factions[f1].funds, 50);
}
