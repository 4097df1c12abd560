//! The whole faction report: a small world built
//! by hand whose every line a reviewer can check against the rules, shown
//! in full as a snapshot, and what must never leak from one faction's
//! report into another's (OV-REP-046..053).
//!
//! The world: two plains hexes, Place 1 north of Place 2, nine days'
//! walk apart (plains, no road).
//!
//! - f1 "Wolves" (the reader): U1 Ulric, a leader at Place 1 with 100
//!   coins and a horse, studying combat, leading U2 "Clubmen" (20 men with
//!   20 clubs) and paying its upkeep; U3 Scout, a leader with 50 coins
//!   who walks south to Place 2 and pays his own upkeep of 20.
//! - f2 "Ravens": U4 Merchant at Place 1, a leader with 500 coins and a
//!   sword — the reader sees the unit and its sword, never its coins or
//!   its faction (observation 0 is not stealth 0 + 3).
//! - f3 "Shadows": U5 Shade, a leader with 2nd stealth at Place 1, unseen;
//!   U6 Lurker, 2nd stealth, stacked directly under Ulric — seen, since a
//!   unit stacked under your leader always is (OV-REP-047); U7 Creeper,
//!   2nd stealth, stacked under the Lurker — hidden (OV-REP-048).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "common/game.rs"]
mod game;
#[path = "common/small_world.rs"]
mod small_world;

use game::{Game, rules};
use small_world::{Scenario, scenario};
use umpire_overlord::report::text::{Inputs, Reports};
use umpire_overlord::turn::TurnLog;
use umpire_overlord::turn::visibility;
use umpire_overlord::world::{FactionId, UnitId};

fn report_of(s: &Scenario, f: FactionId) -> String {
    let press = small_world::press(&s.g);
    Reports::new(Inputs {
        world: &s.g.w,
        rules: rules(),
        log: &s.log,
        next_turn: "Sunday 6 December",
        press: &press,
    })
    .report(f)
}

#[test]
fn the_scenario_is_what_the_report_test_says() {
    let s = scenario();
    let r = rules();
    // Stealth 2 hides from observation 0; the reader's best is 0.
    assert_eq!(visibility::stealth(&s.g.w, r, &s.g.w.units[s.shade]), 2);
    assert_eq!(visibility::observation(&s.g.w, r, &s.g.w.units[s.ulric]), 0);
    assert_eq!(s.g.w.units[s.lurker].stack_parent, Some(s.ulric));
    assert_eq!(s.g.w.units[s.creeper].stack_parent, Some(s.lurker));
}

#[test]
fn ov_rep_full_report_of_a_small_world() {
    let s = scenario();
    let text = report_of(&s, s.g.faction(1));
    insta::assert_snapshot!(text);
}

#[test]
fn ov_rep_046_048_stealthy_units_do_not_leak() {
    let s = scenario();
    let text = report_of(&s, s.g.faction(1));
    let unit = |u: UnitId| format!("[{}]", s.g.w.units[u].code());
    // OV-REP-046: stealth above the reader's observation hides the Shade.
    assert!(!text.contains(&unit(s.shade)), "{text}");
    assert!(!text.contains("Shade"), "{text}");
    // OV-REP-047: stacked directly under the reader's leader: seen.
    assert!(text.contains("- Lurker [U6], 1 leader [ldr]."), "{text}");
    // OV-REP-048: further down the stack: hidden.
    assert!(!text.contains(&unit(s.creeper)), "{text}");
    assert!(!text.contains("Creeper"), "{text}");
    // The hidden faction is never named: none of its units is recognised.
    assert!(!text.contains("Shadows"), "{text}");
    assert!(!text.contains("[f03]"), "{text}");
}

#[test]
fn ov_rep_049_051_052_other_factions_coins_and_faction_do_not_leak() {
    let s = scenario();
    let text = report_of(&s, s.g.faction(1));
    // The Merchant is seen with its sword (weight), not its 500 coins
    // (weightless), and not its faction (observation 0 < stealth 0 + 3).
    assert!(
        text.contains("  - Merchant [U4], 1 leader [ldr], has: 1 sword [swrd].\n"),
        "{text}"
    );
    assert!(!text.contains("500 coins"), "{text}");
    assert!(!text.contains("Merchant [U4] of"), "{text}");
    // The Ravens appear only as the signature of their own press.
    assert_eq!(text.matches("Ravens [f02]").count(), 1, "{text}");
    assert!(text.contains("  -- Ravens [f02]\n"), "{text}");
    // Own units show everything, coins included (OV-REP-033).
    assert!(
        text.contains("  * Scout [U3] of Wolves [f01], 1 leader [ldr], has: 30 coins [coin].\n"),
        "{text}"
    );
}

#[test]
fn ov_rep_other_factions_reports_tell_their_own_story() {
    let s = scenario();
    // The Shadows see their own three units, and the Wolves' units they
    // can see (observation 0 against stealth 0), never the Wolves' coins.
    let text = report_of(&s, s.g.faction(3));
    assert!(text.contains("\nShade [U5] at Place 1 [L1]\n"), "{text}");
    assert!(text.contains("\nCreeper [U7] at Place 1 [L1]\n"), "{text}");
    assert!(
        text.contains("- Ulric [U1], 1 leader [ldr], has: 1 horse [hrse]."),
        "{text}"
    );
    assert!(!text.contains("100 coins"), "{text}");
    // A faction not in the world has no report; the merchant's is its own.
    assert_eq!(report_of(&s, FactionId::new(99)), "");
    let merchant = report_of(&s, s.g.faction(2));
    // 500 coins less its upkeep of 20.
    assert!(
        merchant.contains("has: 480 coins [coin], 1 sword [swrd]."),
        "{merchant}"
    );
    let _ = s.merchant;
}

#[test]
fn ov_rep_017_actions_are_told_by_day_with_runs_merged() {
    let s = scenario();
    let text = report_of(&s, s.g.faction(1));
    // Ulric studies combat every day; the days are one line.
    assert!(
        text.contains(
            "Ulric [U1]'s actions:\n  Days 1-30 - studies combat [cmbt]\n  \
             Day 30 - achieves 1st combat [cmbt]\n"
        ),
        "{text}"
    );
    // The Scout sets out on day 1 and arrives nine days later; Place 2's
    // events tell the arrival too.
    assert!(
        text.contains("  Day 1 - sets out for Place 2 [L2] (9 days, walk)\n"),
        "{text}"
    );
    assert!(
        text.contains("  Day 9 - arrives at Place 2 [L2]\n"),
        "{text}"
    );
}

/// A battle: f1's 20 swordsmen attack f2's lone leader (who knows
/// scouting and observation, which f1 does not) at Place 1.
fn battle(terse: bool) -> (Game, TurnLog) {
    let r = rules();
    let mut g = Game::new(1, 2);
    let army = g.unit(1, "man", 20, 1);
    g.w.units[army].name = "Swords".into();
    g.w.units[army].add_items(r.item("swrd").unwrap(), 20, 20);
    g.learn(army, "cmbt", 2);
    g.learn(army, "blde", 1);
    let victim = g.leader(2, 1);
    g.w.units[victim].name = "Victim".into();
    g.w.units[victim].settings.announce = true;
    g.learn(victim, "scou", 1);
    g.learn(victim, "obse", 1);
    let f1 = g.faction(1);
    g.w.factions[f1].terse = terse;
    g.orders(army, &["ATTACK U2"]);
    let log = g.run_bare(&[]);
    (g, log)
}

fn plain_report(g: &Game, log: &TurnLog, f: FactionId) -> String {
    Reports::new(Inputs {
        world: &g.w,
        rules: rules(),
        log,
        next_turn: "",
        press: &[],
    })
    .report(f)
}

#[test]
fn ov_rep_042_044_045_a_battle_in_full_with_statistics_for_the_winners() {
    let (g, log) = battle(false);
    let text = plain_report(&g, &log, g.faction(1));
    assert!(text.contains("\n// Battles\n\nBattle at Place 1 [L1] on day 1, your units as attacker:\nThe attackers: 1 unit, 20 figures.\nThe defenders: 1 unit, 1 figure.\n"), "{text}");
    // Full: every blow is told.
    assert!(text.contains("U1 Swords attacks U2 Victim"), "{text}");
    // The winners see each unit's statistics (OV-REP-045).
    assert!(
        text.contains("\nBattle statistics:\n  Swords [U1]: "),
        "{text}"
    );
    assert!(text.contains("\n  Victim [U2]: "), "{text}");
    // What either side had in the battle is described (OV-REP-044): the
    // victim's observation, which nothing else would have told f1.
    assert!(text.contains("\n1st observation [obse]: "), "{text}");
    // The loser, slain, has no survivor to learn from and no statistics.
    let loser = plain_report(&g, &log, g.faction(2));
    assert!(
        loser
            .contains("\n// Battles\n\nBattle at Place 1 [L1] on day 1, your units as defender:\n"),
        "{loser}"
    );
    assert!(!loser.contains("Battle statistics:"), "{loser}");
    assert!(loser.contains("\nVictim [U2] (gone)\n"), "{loser}");
}

#[test]
fn ov_rep_043_terse_battles_leave_out_melee() {
    let (g, log) = battle(true);
    let text = plain_report(&g, &log, g.faction(1));
    assert!(text.contains("Battle at Place 1 [L1] on day 1"), "{text}");
    assert!(!text.contains("U1 Swords attacks U2 Victim"), "{text}");
    assert!(
        text.contains("  Killed: attackers 0, defenders 1.\n"),
        "{text}"
    );
    // Terse reports do not describe what the other side had.
    assert!(!text.contains("observation [obse]"), "{text}");
}
