//! The month's end and the living land: wages, upkeep, press
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
fn ov_econ_021_a_unit_that_paid_nothing_is_not_told_it_paid() {
    // A leader with no coins, no other unit and an empty treasury owes 20
    // and pays none of it: the report says so, and how much is short.
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    g.orders(a, &["@WAIT 40"]);
    let f1 = g.faction(1);
    g.w.factions[f1].funds = 0;
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, a), Some((20, 0, 0, 0, 0)));
    let report = g.report(&log, 1);
    assert!(!report.contains("pays 20 coins of upkeep"), "{report}");
    assert!(
        report.contains("pays nothing of the 20 coins of upkeep it owes"),
        "{report}"
    );
    assert!(
        report.contains("is 20 coins short of its upkeep"),
        "{report}"
    );
    // Part paid: what was paid, of what was owed.
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 3, 1);
    give_coins(&mut g, men, 25);
    g.orders(men, &["@WAIT 40"]);
    let f1 = g.faction(1);
    g.w.factions[f1].funds = 0;
    let log = g.run(&[]);
    let report = g.report(&log, 1);
    assert!(
        report.contains("pays 25 of the 30 coins of upkeep it owes"),
        "{report}"
    );
    assert!(
        report.contains("is 5 coins short of its upkeep"),
        "{report}"
    );
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

/// The articles of this mail the newspaper prints, checked as the
/// turn's rewards are.
fn newspaper(g: &Game, mail: &[&str]) -> Vec<umpire_overlord::turn::economy::rewards::Published> {
    umpire_overlord::turn::economy::rewards::published(&g.w, &articles(mail))
}

#[test]
fn ov_press_003_articles_are_authenticated_by_password_like_orders() {
    use umpire_overlord::world::faction::hash_password;
    let mut g = Game::new(1, 2);
    let f1 = g.faction(1);
    g.w.factions[f1].password_hash = hash_password("secret", "f1");
    let mail = [
        "#PRESS f01 wrong\nForged news.\n#END",
        "#RUMOR f01 wrong\nForged rumour.\n#END",
        "#PRESS f09 pw\nNo such faction.\n#END",
        "#RUMOR f01 secret\nA true rumour.\n#END",
    ];
    let printed = newspaper(&g, &mail);
    assert_eq!(printed.len(), 1);
    assert_eq!(printed[0].author, f1);
    assert_eq!(printed[0].lines, ["A true rumour."]);
    // The same password refuses the faction's orders.
    let u = g.leader(1, 1);
    let log = g.run(&[
        "#GAME f01 wrong\nUNIT U1\nNAME \"Forged\"\n#END",
        mail[0],
        mail[1],
    ]);
    assert!(log.events.iter().any(|e| matches!(
        e.what,
        What::OrdersRefused {
            reason: umpire_overlord::turn::log::Refusal::WrongPassword,
            ..
        }
    )));
    assert_ne!(g.w.units[u].name, "Forged");
    assert_eq!(g.w.factions[f1].funds, 0, "no reward for a forged article");
}

#[test]
fn ov_press_004_any_number_of_articles_and_rumours_a_turn() {
    let mut g = Game::new(1, 2);
    let mail = [
        "#PRESS f01 pw\nFirst.\n#END\n#PRESS f01 pw\nSecond.\n#END\n#RUMOR f01 pw\nThird.\n#END",
        "#RUMOR f01 pw\nFourth.\n#END",
        "#RUMOR f02 pw\nFifth.\n#END",
    ];
    let printed = newspaper(&g, &mail);
    let lines: Vec<&str> = printed.iter().map(|p| p.lines[0].as_str()).collect();
    assert_eq!(lines, ["First.", "Second.", "Third.", "Fourth.", "Fifth."]);
    // All of them in every faction's report.
    let log = g.run(&mail);
    let report =
        umpire_overlord::report::text::Reports::new(umpire_overlord::report::text::Inputs {
            world: &g.w,
            rules: rules(),
            log: &log,
            next_turn: "soon",
            press: &printed,
        })
        .report(g.faction(2));
    for l in lines {
        assert!(report.contains(&format!("\n{l}\n")), "{l}:\n{report}");
    }
}

#[test]
fn ov_press_007_the_game_master_withdraws_a_reward_by_removing_the_article() {
    // Decision OV-PRESS-007: the reward follows the mail the turn is run
    // with; an article taken out earns nothing and is not printed.
    let article = "#PRESS f01 pw\nBuy my swords, the best swords.\n#END";
    let mut kept = Game::new(1, 1);
    let mut withdrawn = Game::new(1, 1);
    assert_eq!(newspaper(&kept, &[article]).len(), 1);
    kept.run(&[article]);
    withdrawn.run(&[]);
    assert_eq!(kept.w.factions[kept.faction(1)].funds, 50);
    assert_eq!(withdrawn.w.factions[withdrawn.faction(1)].funds, 0);
    assert!(newspaper(&withdrawn, &[]).is_empty());
}

// --- The living land ---------------------------------------------------

use umpire_overlord::turn::economy::population;

fn people(g: &mut Game, at: u32, population: u32, optimum: u32) {
    let l = g.loc(at);
    let loc = &mut g.w.locations[l];
    loc.population = population;
    loc.optimum = optimum;
    loc.taxes = 1;
    loc.wages = 10;
}

#[test]
fn ov_wld_015_births_and_deaths_within_2_percent() {
    let mut changes = Vec::new();
    for seed in 0..20 {
        let mut g = Game::new(1, 1);
        g.w.seed = seed;
        people(&mut g, 1, 10_000, 10_000);
        g.run(&[]);
        let now = g.w.locations[g.loc(1)].population;
        assert!((9_800..=10_200).contains(&now), "{now}");
        changes.push(now);
    }
    // It is random: not every seed gives the same figure.
    changes.sort_unstable();
    changes.dedup();
    assert!(changes.len() > 5, "{changes:?}");
}

#[test]
fn ov_wld_018_019_overpopulation_emigrates_faster_to_nearer_neighbours() {
    // L2 is crowded; L1 (north) and L3 (south) are empty of people but
    // can hold them. L2–L3 is a road, quicker than L2–L1.
    let mut g = Game::new(3, 1);
    people(&mut g, 1, 100, 10_000);
    people(&mut g, 2, 20_000, 10_000);
    people(&mut g, 3, 100, 10_000);
    let (l2, l3) = (g.loc(2), g.loc(3));
    for e in &mut g.w.locations[l2].exits {
        if e.to == l3 {
            e.road = true;
        }
    }
    for e in &mut g.w.locations[l3].exits {
        if e.to == l2 {
            e.road = true;
        }
    }
    let total_before: u32 = g.w.locations.values().map(|l| l.population).sum();
    g.run(&[]);
    let p: Vec<u32> = g.w.locations.values().map(|l| l.population).collect();
    assert!(p[1] < 20_000 * 98 / 100, "{p:?}");
    assert!(p[0] > 110 && p[2] > p[0], "{p:?}");
    // Migration moves people; births and deaths are within 2% each.
    let total: u32 = p.iter().sum();
    assert!(
        total.abs_diff(total_before) <= total_before / 50 + 3,
        "{total} {total_before}"
    );
}

#[test]
fn ov_wld_018_an_underpopulated_place_loses_people_to_an_emptier_neighbour() {
    let mut g = Game::new(2, 1);
    people(&mut g, 1, 5_000, 10_000); // half full
    people(&mut g, 2, 0, 10_000); // empty
    g.run(&[]);
    // L1 is below its optimum, yet it loses people to L2, whose ratio is
    // lower (nobody is born where nobody lives).
    let p: Vec<u32> = g.w.locations.values().map(|l| l.population).collect();
    assert!(p[1] > 50, "{p:?}");
    assert!((4_900..=5_100).contains(&(p[0] + p[1])), "{p:?}");
}

#[test]
fn ov_wld_020_famine_strikes_the_overcrowded_unless_food_is_sold() {
    let famines = |food: bool| {
        let mut g = Game::new(1, 1);
        people(&mut g, 1, 30_000, 10_000);
        if food {
            let l = g.loc(1);
            g.w.locations[l]
                .market
                .sells
                .push(umpire_overlord::world::Offer {
                    item: rules().item("food").unwrap(),
                    count: 100,
                    price: 12,
                });
        }
        let mut n = 0;
        for _ in 0..12 {
            // Keep it crowded whatever happened.
            let l = g.loc(1);
            g.w.locations[l].population = 30_000;
            let log = g.run(&[]);
            n += log
                .events
                .iter()
                .filter(|e| matches!(e.what, What::Famine { .. }))
                .count();
        }
        n
    };
    assert!(famines(false) > 0);
    assert_eq!(famines(true), 0);
}

#[test]
fn ov_econ_028_more_people_lower_wages_and_raise_taxes() {
    let mut g = Game::new(2, 1);
    people(&mut g, 1, 10_000, 10_000);
    people(&mut g, 2, 10_000, 10_000);
    // Many figures in L2 add to its people.
    for _ in 0..10 {
        g.unit(1, "man", 500, 2);
    }
    g.run(&[]);
    let (l1, l2) = (g.loc(1), g.loc(2));
    let (a, b) = (&g.w.locations[l1], &g.w.locations[l2]);
    assert_eq!(
        u64::from(a.wages),
        population::WAGE_AT_OPTIMUM * 10_000 / u64::from(a.population)
    );
    assert!(b.wages < a.wages, "{} {}", b.wages, a.wages);
    assert!(b.taxes > a.taxes);
    assert_eq!(
        a.taxes,
        u64::from(a.population) / population::PEOPLE_PER_TAX_COIN
    );
}

#[test]
fn ov_econ_028_untaxed_land_stays_untaxed() {
    let mut g = Game::new(1, 1);
    people(&mut g, 1, 10_000, 10_000);
    let l = g.loc(1);
    g.w.locations[l].taxes = 0;
    g.run(&[]);
    assert_eq!(g.w.locations[l].taxes, 0);
    assert!(g.w.locations[l].wages > 0);
}

#[test]
fn ov_wld_014_no_people_where_there_is_no_optimum() {
    let mut g = Game::new(2, 1);
    people(&mut g, 1, 0, 0);
    people(&mut g, 2, 50_000, 10_000);
    g.run(&[]);
    assert_eq!(g.w.locations[g.loc(1)].population, 0);
}

#[test]
fn ov_wld_028_033_034_next_months_weather_from_next_season_storms_spread() {
    // A long row of territories over a year: each month's weather is one
    // the coming season allows, and no storm has a calm neighbour.
    let mut g = Game::new(40, 1);
    let r = rules();
    let storm = r.weather("storm").unwrap();
    let calm = [r.weather("fair").unwrap(), r.weather("sun").unwrap()];
    let mut seen = std::collections::BTreeSet::new();
    for month in 1..=12u32 {
        g.run(&[]);
        let next = umpire_overlord::turn::calendar::season_tag(month + 1);
        let season = r.seasons.values().find(|s| s.tag == next).unwrap();
        let allowed: Vec<_> = season.weather.iter().map(|w| w.weather.id()).collect();
        let ws: Vec<_> = g.w.locations.values().map(|l| l.weather).collect();
        for (i, w) in ws.iter().enumerate() {
            assert!(allowed.contains(w));
            seen.insert(*w);
            if *w == storm {
                for j in [i.wrapping_sub(1), i + 1] {
                    if let Some(n) = ws.get(j) {
                        assert!(!calm.contains(n), "month {month}: {ws:?}");
                    }
                }
            }
        }
    }
    assert!(seen.len() >= 4, "{seen:?}");
}

#[test]
fn ov_wld_035_inner_locations_share_their_territorys_weather() {
    let mut g = Game::new(1, 1);
    let r = rules();
    let mut city = Location::new(2, r.terrain("city").unwrap(), r.weather("fair").unwrap());
    city.outer = Some(g.loc(1));
    let c = g.w.locations.push(city);
    for _ in 0..6 {
        g.run(&[]);
        assert_eq!(g.w.locations[c].weather, g.w.locations[g.loc(1)].weather);
    }
}

#[test]
fn ov_wld_038_039_resources_reset_deplete_regrow_and_change_with_seasons() {
    use umpire_overlord::world::Resource;
    let mut g = Game::new(1, 1);
    let r = rules();
    let stone = r.item("ston").unwrap();
    let fish = r.item("fish").unwrap();
    let grain = r.item("grai").unwrap();
    let l = g.loc(1);
    g.w.locations[l].resources = vec![
        // Harvested a little: reset to the month's amount, unharvested lost.
        Resource {
            item: stone,
            amount: 30,
            full: 40,
        },
        // Harvested to nothing: depleted by 5%.
        Resource {
            item: fish,
            amount: 0,
            full: 100,
        },
        // Untouched: regrows 5%, up to the 70 plains list.
        Resource {
            item: grain,
            amount: 60,
            full: 60,
        },
    ];
    g.w.locations[l].resources.sort_by_key(|x| x.item);
    g.run(&[]);
    let get = |g: &Game, i| {
        g.w.locations[l]
            .resources
            .iter()
            .find(|x| x.item == i)
            .map(|x| (x.amount, x.full))
            .unwrap()
    };
    assert_eq!(get(&g, stone), (40, 40));
    assert_eq!(get(&g, fish), (95, 95));
    assert_eq!(get(&g, grain), (63, 63));
    // Into winter (turn 10): living resources fall to 70%, stone does not.
    g.w.turn = 8;
    g.run(&[]);
    assert_eq!(get(&g, stone), (40, 40));
    // Grain regrows to 66, then winter takes 30%; plains list no fish, so
    // the fish do not regrow past what they were.
    assert_eq!(get(&g, grain), (66 * 70 / 100, 66 * 70 / 100));
    assert_eq!(get(&g, fish), (95 * 70 / 100, 95 * 70 / 100));
}

#[test]
fn ov_wld_015_population_never_negative_over_years() {
    // A property over many seeds and shapes: crowded, empty and tiny places
    // side by side, two years running.
    for seed in 0..8 {
        let mut g = Game::new(5, 1);
        g.w.seed = seed;
        let shapes = [(1, 10), (0, 500), (90_000, 100), (3, 3), (4_000_000, 1)];
        for (i, &(p, o)) in shapes.iter().enumerate() {
            people(&mut g, i as u32 + 1, p, o);
        }
        for _ in 0..24 {
            g.run(&[]);
            for l in g.w.locations.values() {
                assert!(l.population <= 4_200_000);
                if l.optimum == 0 {
                    assert_eq!(l.population, 0);
                }
            }
        }
    }
}

#[test]
fn ov_fo_015_share_feeds_own_factions_consumers_in_arrival_order() {
    use umpire_overlord::world::unit::Consume;
    let mut g = Game::new(1, 2);
    let hungry = g.unit(1, "man", 5, 1);
    let silver = g.unit(1, "man", 5, 1);
    let first = g.unit(1, "man", 1, 1);
    let second = g.unit(1, "man", 1, 1);
    let ally = g.unit(2, "man", 1, 1);
    for u in [hungry, silver, first, second, ally] {
        give_coins(&mut g, u, 100);
        g.orders(u, &["@WAIT 40"]);
    }
    g.w.units[hungry].settings.consume = Consume::Unit;
    give_rations(&mut g, first, 3, 1);
    give_rations(&mut g, second, 4, 0);
    give_rations(&mut g, ally, 10, 0);
    for u in [first, second, ally] {
        g.w.units[u].settings.share = true;
    }
    let log = g.run(&[]);
    // The hungry unit eats the first sharer's 2 unequipped rations and 3
    // of the second's (the first then eats its own equipped one); the
    // silver one pays coins; the other faction's food is not touched.
    assert_eq!(upkeep_of(&log, hungry), Some((10, 5, 10, 0, 0)));
    assert_eq!(upkeep_of(&log, silver), Some((50, 0, 50, 0, 0)));
    assert_eq!(rations(&g, first), (0, 0));
    assert_eq!(rations(&g, second), (1, 0));
    assert_eq!(rations(&g, ally), (10, 0));
}

#[test]
fn ov_econ_021_dissent_goes_with_split_figures() {
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 4, 1);
    g.orders(men, &["@WAIT 40"]);
    g.run(&[]);
    assert_eq!(g.w.units[men].dissent, 1);
    g.run(&["#GAME f01 pw\nUNIT U1\nSPLIT f01nU01 2\n#END"]);
    let new = g.w.unit_by_number(2).unwrap();
    assert_eq!(g.w.units[new].dissent, 2);
    assert_eq!(g.w.units[men].dissent, 2);
}

#[test]
fn ov_econ_022_unpaid_two_months_running_deserts_into_the_people() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    let boss = g.leader(1, 1);
    let men = g.unit(1, "man", 3, 1);
    g.stack(men, boss);
    give_coins(&mut g, boss, 60);
    g.w.units[men].add_items(rules().item("iron").unwrap(), 4, 0);
    g.orders(men, &["@WAIT 40"]);
    g.orders(boss, &["@WAIT 40"]);
    let log = g.run(&[]);
    // The leader pays its own 20 and lends the rest: 40 of the 30 due.
    assert!(
        !log.of_unit(men)
            .any(|e| matches!(e.what, What::Unpaid { .. }))
    );
    let people = g.w.locations[l].population;
    let log = g.run(&[]);
    // 20 left: the leader's own upkeep; the men go unpaid (dissent 1).
    assert_eq!(g.w.units[men].dissent, 1);
    assert!(!g.w.units[men].gone);
    let log2 = g.run(&[]);
    assert!(
        g.w.units[men].gone,
        "{:?}",
        log2.of_unit(men).collect::<Vec<_>>()
    );
    assert!(
        log2.of_unit(men)
            .any(|e| matches!(e.what, What::Deserted { figures: 3 }))
    );
    assert!(g.w.locations[l].population >= people + 3 - people / 50 - 1);
    // Their iron is left on the ground.
    assert!(
        g.w.locations[l]
            .ground
            .contains(&(rules().item("iron").unwrap(), 4))
    );
    let _ = log;
}

#[test]
fn ov_wld_017_buildings_raise_the_optimum_and_draw_people() {
    // Two places alike, but L1 has a finished marketplace (economy +20):
    // its effective optimum is higher, so L2's people move to it.
    let mut g = Game::new(2, 1);
    people(&mut g, 1, 10_000, 10_000);
    people(&mut g, 2, 10_000, 10_000);
    let mut bare = Game::new(2, 1);
    people(&mut bare, 1, 10_000, 10_000);
    people(&mut bare, 2, 10_000, 10_000);
    let kind = rules().construction("mrkt").unwrap();
    let l1 = g.loc(1);
    let s =
        g.w.structures
            .push(umpire_overlord::world::Structure::new(1, kind, l1));
    g.w.locations[l1].structures.push(s);
    g.run(&[]);
    bare.run(&[]);
    // Births and deaths roll the same dice in both; only migration differs.
    let (with, without) = (
        g.w.locations[l1].population,
        bare.w.locations[bare.loc(1)].population,
    );
    assert!(with > without, "{with} {without}");
    let l2 = g.loc(2);
    assert!(g.w.locations[l2].population < bare.w.locations[bare.loc(2)].population);
}

#[test]
fn ov_wld_027_autumn_brings_more_taxes() {
    let mut g = Game::new(1, 1);
    people(&mut g, 1, 10_000, 10_000);
    // Turn 6 is the last month of summer: the taxes set for turn 7, the
    // first of autumn, are a quarter higher.
    g.w.turn = 5;
    g.run(&[]);
    let l = g.loc(1);
    let loc = &g.w.locations[l];
    assert_eq!(
        loc.taxes,
        u64::from(loc.population) / population::PEOPLE_PER_TAX_COIN
            * population::AUTUMN_TAX_PERCENT
            / 100
    );
    // And back to the usual once autumn is over.
    g.w.turn = 8;
    g.run(&[]);
    let loc = &g.w.locations[l];
    assert_eq!(
        loc.taxes,
        u64::from(loc.population) / population::PEOPLE_PER_TAX_COIN
    );
}

#[test]
fn ov_econ_028_land_emptied_by_its_tax_collector_is_taxed_again() {
    let mut g = Game::new(1, 1);
    people(&mut g, 1, 10_000, 10_000);
    let l = g.loc(1);
    g.w.locations[l].taxes = 300;
    // A sheriff holds the land: its faction collects the taxes daily.
    let h = g.leader(1, 1);
    g.w.units[h].add_items(rules().item("coin").unwrap(), 100, 0);
    let title = rules().title("shrf").unwrap();
    g.w.locations[l].titles.push(umpire_overlord::world::Seat {
        title,
        holder: Some(h),
    });
    let log = g.run(&[]);
    assert!(
        log.events
            .iter()
            .any(|e| matches!(e.what, What::TaxesCollected { .. }))
    );
    // Collected down to nothing, yet not untaxed land: next month's taxes
    // are set again.
    assert!(g.w.locations[l].taxes > 0);
}

#[test]
fn ov_rep_022_the_wage_and_taxes_lines_are_this_months() {
    // A worker earns the wage the month began with and the sheriff's
    // faction collects the taxes it began with; the month's end then sets
    // next month's. The report tells the month's figures, the ones its
    // own lines add up to.
    let mut g = Game::new(1, 1);
    people(&mut g, 1, 10_000, 10_000);
    let l = g.loc(1);
    g.w.locations[l].wages = 7;
    g.w.locations[l].taxes = 300;
    let h = g.leader(1, 1);
    g.w.units[h].add_items(rules().item("coin").unwrap(), 100, 0);
    let title = rules().title("shrf").unwrap();
    g.w.locations[l].titles.push(umpire_overlord::world::Seat {
        title,
        holder: Some(h),
    });
    let worker = g.unit(1, "man", 1, 1);
    g.orders(worker, &["WORK"]);
    let log = g.run(&[]);
    let taxed: u64 = log
        .events
        .iter()
        .filter_map(|e| match e.what {
            What::TaxesCollected { amount, .. } => Some(amount),
            _ => None,
        })
        .sum();
    assert_eq!(taxed, 300);
    // Next month's figures differ from this month's.
    assert_ne!(g.w.locations[l].wages, 7);
    assert_ne!(g.w.locations[l].taxes, 300);
    let press = Vec::new();
    let report =
        umpire_overlord::report::text::Reports::new(umpire_overlord::report::text::Inputs {
            world: &g.w,
            rules: rules(),
            log: &log,
            next_turn: "soon",
            press: &press,
        })
        .report(g.faction(1));
    let population = g.w.locations[l].population;
    assert!(
        report.contains(&format!(
            "Population: {population}. This month's wages: $7, taxes: $300."
        )),
        "{report}"
    );
}

#[test]
fn ov_press_002_008_the_newspaper_has_a_signed_section_and_an_unsigned_rumours_section() {
    let mut g = Game::new(1, 2);
    let mail = [
        "#RUMOR f02 pw\nThey say the Emperor is ill.\n#END",
        "#PRESS f01 pw\nThe Red Hand rides again.\n#END",
        "#RUMOR f01 pw\nA dragon was seen.\n#END",
        "#PRESS f02 pw\nSwords for sale.\n#END",
    ];
    let press = newspaper(&g, &mail);
    let log = g.run(&mail);
    let report =
        umpire_overlord::report::text::Reports::new(umpire_overlord::report::text::Inputs {
            world: &g.w,
            rules: rules(),
            log: &log,
            next_turn: "soon",
            press: &press,
        })
        .report(g.faction(1));
    let start = report.find("// Newspaper\n").unwrap();
    let end = report.find("// Orders template").unwrap();
    assert_eq!(
        &report[start..end],
        "// Newspaper\n\nSigned articles:\n\nThe Red Hand rides again.\n  -- Faction 1 [f01]\n\nSwords for sale.\n  -- Faction 2 [f02]\n\nRumours:\n\nThey say the Emperor is ill.\n  -- a rumour\n\nA dragon was seen.\n  -- a rumour\n\n"
    );
}

#[test]
fn ov_econ_025_cattle_fish_and_grain_are_not_eaten() {
    // Alpha-off: only the ration (`food`) feeds, even under CONSUME UNIT
    // with nothing else to pay with.
    use umpire_overlord::world::unit::Consume;
    let mut g = Game::new(1, 1);
    let men = g.unit(1, "man", 3, 1);
    give_coins(&mut g, men, 30);
    for tag in ["catt", "fish", "grai"] {
        let i = rules().item(tag).unwrap();
        g.w.units[men].add_items(i, 5, 0);
    }
    g.w.units[men].settings.consume = Consume::Unit;
    g.orders(men, &["@WAIT 40"]);
    let log = g.run(&[]);
    assert_eq!(upkeep_of(&log, men), Some((30, 0, 30, 0, 0)));
    for tag in ["catt", "fish", "grai"] {
        let i = rules().item(tag).unwrap();
        assert_eq!(g.w.units[men].count(i), 5, "{tag}");
    }
}
