//! The combat engine on hand-made armies (issue 6): rounds, initiative,
//! PARRY, ranged fire, tactics, the end conditions, morale, rout, fleeing,
//! fanatics and wounds. Named after the checklist items they prove.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_core::dice::Dice;
use umpire_overlord::combat::army::{Action, Fighter, Ratings};
use umpire_overlord::combat::field::{Side, Square};
use umpire_overlord::combat::fight::{self, fight};
use umpire_overlord::combat::log::{Deed, Ending};
use umpire_overlord::combat::round::{self, Field};
use umpire_overlord::orders::words::{CombatMove, File, Rank};

/// A unit of `figures` at `rank` (centre file) that stands still.
fn unit(number: u32, side: Side, rank: Rank, figures: u32, r: Ratings) -> Fighter {
    Fighter::new(
        number,
        side,
        Square::deploy(side, rank, File::Center),
        CombatMove::Stand,
        r,
        figures,
    )
}

/// Always strikes, always hits an undefended figure, always kills it.
fn killers() -> Ratings {
    Ratings {
        melee: 15,
        ..Ratings::default()
    }
}

/// Never hurts anyone.
fn sheep() -> Ratings {
    Ratings::default()
}

fn hits_on(deeds: &[Deed], target: u32) -> u32 {
    deeds
        .iter()
        .map(|d| match d {
            Deed::Attacked {
                target: t, hits, ..
            } if *t == target => *hits,
            _ => 0,
        })
        .sum()
}

#[test]
fn ov_cmb_027_the_higher_initiative_strikes_first_and_wipes_out() {
    let mut fs = vec![
        unit(
            1,
            Side::Attacker,
            Rank::Front,
            10,
            Ratings {
                initiative: 5,
                ..killers()
            },
        ),
        unit(2, Side::Defender, Rank::Front, 10, killers()),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(1));
    assert_eq!(report.ending, Ending::Wiped);
    assert_eq!(report.winner, Some(Side::Attacker));
    assert_eq!(report.rounds[0].killed, [0, 10]);
    assert_eq!((fs[0].alive(), fs[1].alive()), (10, 0));
}

#[test]
fn ov_cmb_027_equal_initiatives_strike_at_the_same_time() {
    let mut fs = vec![
        unit(1, Side::Attacker, Rank::Front, 10, killers()),
        unit(2, Side::Defender, Rank::Front, 10, killers()),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(2));
    // Both struck with all ten before anyone fell: both wiped, a draw.
    assert_eq!(report.rounds[0].killed, [10, 10]);
    assert_eq!((report.ending, report.winner), (Ending::Wiped, None));
}

#[test]
fn ov_cmb_042_parry_adds_melee_to_defence_against_later_blows() {
    // 400 attackers at 15 against defenders of melee 15, defence 0.
    let run = |parry_first: bool, seed: u64| {
        let mut d = unit(2, Side::Defender, Rank::Front, 1000, killers());
        if parry_first {
            d.actions = vec![Action::Parry];
        }
        let mut fs = vec![unit(1, Side::Attacker, Rank::Front, 400, killers()), d];
        let (round, _) = round::run(
            &mut fs,
            &mut Field::default(),
            1,
            [0, 0],
            None,
            &mut Dice::from_seed(seed),
        );
        hits_on(&round.deeds, 2)
    };
    // Without a parry every blow hits; parrying at +2 first, 15 against
    // 15 hits half the time.
    assert_eq!(run(false, 3), 400);
    let parried = run(true, 3);
    assert!((160..=240).contains(&parried), "{parried}");
}

#[test]
fn ov_cmb_044_064_ranged_fire_at_a_third_of_defence_not_when_engaged() {
    let archers = Ratings {
        missile: 15,
        range: 5,
        ..Ratings::default()
    };
    let mut a = unit(1, Side::Attacker, Rank::Rear, 100, archers);
    a.actions = vec![Action::Ranged];
    // Defence 9: a third is 3; 15 against 3 → 13 against 1.
    let d = unit(
        2,
        Side::Defender,
        Rank::Front,
        10_000,
        Ratings {
            defense: 9,
            ..sheep()
        },
    );
    let mut fs = vec![a, d];
    let (round, _) = round::run(
        &mut fs,
        &mut Field::default(),
        1,
        [0, 0],
        None,
        &mut Dice::from_seed(4),
    );
    let hits = hits_on(&round.deeds, 2);
    // 100 always strike; 13/14 hit: about 93.
    assert!((85..=99).contains(&hits), "{hits}");
    assert!(
        round
            .deeds
            .iter()
            .any(|d| matches!(d, Deed::Attacked { ranged: true, .. }))
    );

    // An enemy adjacent: no ranged fire, the implicit MELEE instead.
    let mut a = unit(1, Side::Attacker, Rank::Front, 10, archers);
    a.actions = vec![Action::Ranged];
    let d = unit(2, Side::Defender, Rank::Front, 10, sheep());
    let mut fs = vec![a, d];
    let (round, _) = round::run(
        &mut fs,
        &mut Field::default(),
        1,
        [0, 0],
        None,
        &mut Dice::from_seed(5),
    );
    assert!(round.deeds.contains(&Deed::Skipped {
        unit: 1,
        action: Action::Ranged
    }));
    assert!(
        !round
            .deeds
            .iter()
            .any(|d| matches!(d, Deed::Attacked { ranged: true, .. }))
    );
}

#[test]
fn ov_cmb_020_021_the_better_tactician_strikes_first_while_it_lasts() {
    let mut a = unit(1, Side::Attacker, Rank::Front, 10, killers());
    a.tactics = 3;
    let d = unit(
        2,
        Side::Defender,
        Rank::Front,
        10,
        Ratings {
            initiative: 2,
            ..killers()
        },
    );
    let mut fs = vec![a, d];
    let report = fight(&mut fs, &mut Dice::from_seed(6));
    assert_eq!(report.advantage, Some((Side::Attacker, 3)));
    // +3 in round 1 beats the defenders' 2.
    assert_eq!(report.winner, Some(Side::Attacker));
    assert_eq!(fs[0].alive(), 10);
}

#[test]
fn ov_cmb_071_five_quiet_rounds_end_in_a_draw() {
    let mut fs = vec![
        unit(1, Side::Attacker, Rank::Front, 5, sheep()),
        unit(2, Side::Defender, Rank::Front, 5, sheep()),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(7));
    assert_eq!(report.ending, Ending::Quiet);
    assert_eq!(report.winner, None);
    assert_eq!(report.rounds.len(), fight::QUIET_ROUNDS as usize);
}

#[test]
fn ov_cmb_071_a_hundred_rounds_at_most() {
    // Wounds every round, deaths never: 1000 life points each.
    let tough = Ratings {
        melee: 15,
        defense: 16,
        life: 1000,
        base_combat: -20,
        ..Ratings::default()
    };
    let mut fs = vec![
        unit(1, Side::Attacker, Rank::Front, 10, tough),
        unit(2, Side::Defender, Rank::Front, 10, tough),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(8));
    assert_eq!(report.ending, Ending::Limit);
    assert_eq!(report.rounds.len(), fight::MAX_ROUNDS as usize);
    assert_eq!(report.winner, None);
}

#[test]
fn ov_cmb_072_075_076_half_lost_and_no_nerve_routs_the_side() {
    // Five killers take half of ten sheep in round 1; the sheep's morale
    // is 5% × defence 0 = 0: the check fails, the attackers win, and the
    // sheep fight a rout round in which they only parry.
    let mut fs = vec![
        unit(
            1,
            Side::Attacker,
            Rank::Front,
            5,
            Ratings {
                initiative: 5,
                ..killers()
            },
        ),
        unit(2, Side::Defender, Rank::Front, 10, sheep()),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(9));
    assert_eq!(report.ending, Ending::Morale);
    assert_eq!(report.winner, Some(Side::Attacker));
    assert_eq!(report.rounds.len(), 2, "one round and the rout");
    let rout = &report.rounds[1];
    assert!(
        !rout
            .deeds
            .iter()
            .any(|d| matches!(d, Deed::Attacked { unit: 2, .. }))
    );
    let fresh = unit(2, Side::Defender, Rank::Front, 10, sheep());
    assert_eq!(fight::morale(&[fresh], Side::Defender), Some(0));
}

#[test]
fn ov_cmb_072_good_defence_and_tactics_hold_the_line() {
    let mut d = unit(
        2,
        Side::Defender,
        Rank::Front,
        10,
        Ratings {
            defense: 10,
            ..sheep()
        },
    );
    d.tactics = 10;
    // 5 × 10 + 5 × 10 = 100%: never breaks.
    assert_eq!(fight::morale(&[d], Side::Defender), Some(100));
}

#[test]
fn ov_cmb_032_078_a_fleeing_unit_leaves_after_three_quiet_rounds() {
    let mut a = unit(1, Side::Attacker, Rank::Rear, 3, sheep());
    a.movement = CombatMove::Flee;
    let d = unit(2, Side::Defender, Rank::Rear, 3, sheep());
    let mut fs = vec![a, d];
    let report = fight(&mut fs, &mut Dice::from_seed(10));
    let fled_in: Vec<u32> = report
        .rounds
        .iter()
        .filter(|r| r.deeds.contains(&Deed::Fled { unit: 1 }))
        .map(|r| r.number)
        .collect();
    assert_eq!(fled_in, [3]);
    assert_eq!(
        (report.ending, report.winner),
        (Ending::Wiped, Some(Side::Defender))
    );
    assert!(fs[0].fled);
    assert_eq!(fs[0].killed(), 0, "fled, not dead");
}

#[test]
fn ov_cmb_077_losing_fanatics_die() {
    // Ten killers take half of twenty sheep in front, who break; the
    // fanatics behind, out of reach, are never checked and die with the
    // defeat.
    let mut zealots = unit(3, Side::Defender, Rank::Rear, 10, sheep());
    zealots.fanatic = true;
    let mut fs = vec![
        unit(
            1,
            Side::Attacker,
            Rank::Front,
            10,
            Ratings {
                initiative: 5,
                ..killers()
            },
        ),
        unit(2, Side::Defender, Rank::Front, 20, sheep()),
        zealots,
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(11));
    assert_eq!(
        (report.ending, report.winner),
        (Ending::Morale, Some(Side::Attacker))
    );
    assert_eq!(fs[2].alive(), 0, "the fanatics all died");
    assert_eq!(
        fight::morale(&fs[2..], Side::Defender),
        None,
        "never checked"
    );
}

#[test]
fn ov_cmb_079_the_wounded_recover_or_die_half_and_half() {
    // 4000 wounded figures of 2 life points sit out a quiet battle.
    let mut hurt = unit(
        2,
        Side::Defender,
        Rank::Rear,
        4000,
        Ratings { life: 2, ..sheep() },
    );
    for b in &mut hurt.bodies {
        b.wounded = true;
    }
    let mut fs = vec![unit(1, Side::Attacker, Rank::Rear, 1, sheep()), hurt];
    let report = fight(&mut fs, &mut Dice::from_seed(12));
    assert_eq!(report.ending, Ending::Quiet);
    // A second lost life point is not the last of two: nobody dies.
    assert_eq!(
        report.healed[1] + fs[1].bodies.iter().filter(|b| b.lost == 1).count() as u32,
        4000
    );
    assert_eq!(report.died_of_wounds[1], 0);
    let share = f64::from(report.healed[1]) / 4000.0;
    // Half recover: three deviations is 0.024.
    assert!((0.476..=0.524).contains(&share), "{share}");
    assert_eq!(fs[1].wounded(), 0, "nobody stays wounded");

    // One life point each: those who do not recover die.
    let mut frail = unit(2, Side::Defender, Rank::Rear, 1000, sheep());
    for b in &mut frail.bodies {
        b.wounded = true;
    }
    let mut fs = vec![unit(1, Side::Attacker, Rank::Rear, 1, sheep()), frail];
    let report = fight(&mut fs, &mut Dice::from_seed(13));
    assert_eq!(report.healed[1] + report.died_of_wounds[1], 1000);
    assert_eq!(fs[1].alive(), report.healed[1]);
}

#[test]
fn ov_cmb_031_extra_hits_strike_again_at_falling_initiative() {
    let hero = Ratings {
        initiative: 5,
        hits: 3,
        ..killers()
    };
    let mut fs = vec![
        unit(1, Side::Attacker, Rank::Front, 1, hero),
        unit(2, Side::Defender, Rank::Front, 3, sheep()),
    ];
    let (round, _) = round::run(
        &mut fs,
        &mut Field::default(),
        1,
        [0, 0],
        None,
        &mut Dice::from_seed(14),
    );
    let blows = round
        .deeds
        .iter()
        .filter(|d| matches!(d, Deed::Attacked { unit: 1, .. }))
        .count();
    assert_eq!(blows, 3);
    assert_eq!(round.killed, [0, 3]);
}

#[test]
fn ov_cmb_066_flyers_act_two_initiative_points_earlier() {
    let mut eagles = unit(1, Side::Attacker, Rank::Front, 10, killers());
    eagles.flying = true;
    let mut fs = vec![
        eagles,
        unit(
            2,
            Side::Defender,
            Rank::Front,
            10,
            Ratings {
                initiative: 1,
                ..killers()
            },
        ),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(15));
    assert_eq!(report.winner, Some(Side::Attacker));
    assert_eq!(fs[0].alive(), 10);
}

mod muster {
    use super::*;
    use umpire_core::ids::TypedId;
    use umpire_overlord::combat::muster;
    use umpire_overlord::rules::Rules;
    use umpire_overlord::world::{FactionId, LocationId, Unit};

    fn rules() -> Rules {
        Rules::bundled().unwrap()
    }

    fn men(r: &Rules, figures: u32) -> Unit {
        Unit::new(
            7,
            FactionId::from_index(0),
            r.race("man").unwrap(),
            figures,
            LocationId::from_index(0),
        )
    }

    fn learn(r: &Rules, u: &mut Unit, tag: &str, level: usize) {
        let s = r.skill(tag).unwrap();
        u.learn(s, r.skills[s].levels[level - 1].experience);
    }

    #[test]
    fn ov_item_008_equipment_counts_in_proportion_toward_zero() {
        let r = rules();
        let mut u = men(&r, 30);
        learn(&r, &mut u, "cmbt", 1);
        let horse = r.item("hrse").unwrap();
        u.add_items(horse, 10, 10);
        let sword = r.item("swrd").unwrap();
        u.add_items(sword, 30, 30);
        let x = muster::ratings(&r, &u);
        // Horses: +3 initiative × 10/30 = +1; −1 melee and defence × 1/3
        // round toward zero: nothing. Swords on all: +3 melee, +2 defence,
        // damage 2. Combat 1: +1 melee, +1 defence. Followers: life 3.
        assert_eq!(x.initiative, 1);
        assert_eq!((x.melee, x.defense, x.damage, x.life), (4, 3, 2, 3));
        // The base combat statistic leaves the sword out (OV-CMB-060).
        assert_eq!(x.base_combat, 1);
        assert_eq!((x.hits, x.ranged_damage, x.range), (1, 1, 0));

        let f = muster::fighter(&r, &u, Side::Defender);
        assert!(!f.mounted, "10 horses for 30 men");
        assert_eq!(f.alive(), 30);
        assert_eq!(f.number, 7);
    }

    #[test]
    fn tactic_and_combat_place_and_drive_the_fighter() {
        let r = rules();
        let mut u = men(&r, 5);
        u.tactics.text = "DEFEND REAR LEFT FIRE".into();
        u.combat_orders = vec!["RANGED PARRY".into()];
        let bow = r.item("lbow").unwrap();
        u.add_items(bow, 5, 5);
        let horse = r.item("hrse").unwrap();
        u.add_items(horse, 5, 5);
        learn(&r, &mut u, "fana", 1);
        learn(&r, &mut u, "tact", 2);
        let f = muster::fighter(&r, &u, Side::Attacker);
        assert_eq!(
            f.square,
            Square::deploy(Side::Attacker, Rank::Rear, File::Left)
        );
        assert_eq!(f.movement, CombatMove::Fire);
        assert_eq!(f.actions, [Action::Ranged, Action::Parry]);
        assert_eq!(
            (f.ratings.missile, f.ratings.ranged_damage, f.ratings.range),
            (3, 4, 2)
        );
        assert!(f.mounted && f.fanatic);
        assert_eq!(f.tactics, 2);
    }
}

#[test]
fn ov_cmb_022_strategy_keeps_the_advantage_all_battle() {
    // Tactics 1 against 0: +1 for round 1 only, unless the tactician
    // knows strategy. Both sides' figures are tough enough for the
    // battle to last; count the rounds the attackers struck first.
    let tough = Ratings {
        melee: 15,
        defense: 16,
        life: 1000,
        base_combat: -20,
        ..Ratings::default()
    };
    let first_strikes = |strategy: u8| {
        let mut a = unit(1, Side::Attacker, Rank::Front, 5, tough);
        a.tactics = 1;
        a.strategy = strategy;
        let mut fs = vec![a, unit(2, Side::Defender, Rank::Front, 5, tough)];
        let report = fight(&mut fs, &mut Dice::from_seed(16));
        report
            .rounds
            .iter()
            .filter(|r| {
                r.deeds
                    .iter()
                    .find(|d| matches!(d, Deed::Attacked { .. }))
                    .is_some_and(|d| matches!(d, Deed::Attacked { unit: 1, .. }))
            })
            .count()
    };
    let rounds = fight::MAX_ROUNDS as usize;
    assert_eq!(first_strikes(1), rounds);
    let without = first_strikes(0);
    assert!(without < rounds, "{without}");
}

#[test]
fn practice_counts_rounds_on_the_field_and_what_was_done_once_a_round() {
    let hero = Ratings {
        hits: 3,
        life: 1000,
        melee: 1,
        defense: 30,
        ..Ratings::default()
    };
    let mut wall = unit(
        2,
        Side::Defender,
        Rank::Front,
        5,
        Ratings {
            defense: 30,
            life: 1000,
            ..Ratings::default()
        },
    );
    wall.actions = vec![Action::Parry];
    let mut fs = vec![unit(1, Side::Attacker, Rank::Front, 1, hero), wall];
    let report = fight(&mut fs, &mut Dice::from_seed(17));
    let n = u32::try_from(report.rounds.len()).unwrap();
    // Three strikes a round, one round of melee practice.
    assert_eq!(fs[0].practice.rounds, n);
    assert_eq!(fs[0].practice.melee, n);
    assert_eq!((fs[0].practice.parry, fs[0].practice.ranged), (0, 0));
    assert_eq!(fs[1].practice.parry, n);
    assert_eq!(fs[1].practice.melee, 0);
}
