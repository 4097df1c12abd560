//! The combat engine on hand-made armies: rounds, initiative,
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

#[test]
fn ov_cmb_069_a_flyer_crosses_the_field_in_one_round() {
    // Both charge from their rear ranks; the flyer reaches the enemy's
    // front and strikes in the first round, the walkers one square apiece.
    let mut hawks = unit(1, Side::Attacker, Rank::Rear, 10, killers());
    hawks.flying = true;
    hawks.movement = CombatMove::Charge;
    let mut boars = unit(2, Side::Attacker, Rank::Rear, 10, sheep());
    boars.movement = CombatMove::Charge;
    let mut foes = unit(3, Side::Defender, Rank::Rear, 20, sheep());
    foes.movement = CombatMove::Stand;
    let mut fs = vec![hawks, boars, foes];
    let mut field = Field::default();
    let (r, _) = round::run(
        &mut fs,
        &mut field,
        1,
        [0, 0],
        None,
        &mut Dice::from_seed(3),
    );
    assert_eq!(fs[0].square, Square { line: 4, file: 1 });
    assert_eq!(fs[1].square, Square { line: 1, file: 1 });
    assert!(hits_on(&r.deeds, 3) > 0, "the flyer struck on arrival");
}

/// Blows dealt and hits landed by unit 1 over `battles` seeded first
/// rounds of `attacker` against a crowd that cannot hurt it.
fn tally(attacker: &Fighter, defense: i32, battles: u64) -> (u32, u32) {
    let (mut dealt, mut landed) = (0, 0);
    for seed in 0..battles {
        let target = unit(
            2,
            Side::Defender,
            Rank::Front,
            1_000,
            Ratings { defense, ..sheep() },
        );
        let mut fs = vec![attacker.clone(), target];
        let (round, _) = round::run(
            &mut fs,
            &mut Field::default(),
            1,
            [0, 0],
            None,
            &mut Dice::from_seed(seed),
        );
        for d in &round.deeds {
            if let Deed::Attacked {
                unit: 1,
                strikes,
                hits,
                ..
            } = d
            {
                dealt += strikes;
                landed += hits;
            }
        }
    }
    (dealt, landed)
}

#[test]
fn ov_cmb_056_057_064_strike_and_hit_rates_over_many_seeded_battles() {
    // Melee 3 strikes 40% + 12% = 52%; 3 against defence 5 is 1 against
    // 3, a hit one time in four: 13% of the blows dealt land.
    let swords = unit(
        1,
        Side::Attacker,
        Rank::Front,
        10,
        Ratings {
            melee: 3,
            ..Ratings::default()
        },
    );
    let (dealt, landed) = tally(&swords, 5, 2_000);
    assert_eq!(dealt, 20_000, "ten blows a battle");
    let rate = f64::from(landed) / f64::from(dealt);
    assert!((rate - 0.52 * 0.25).abs() < 0.01, "{rate}");

    // Missile 4 strikes 56%; against a third of defence 9 (3), 4 against
    // 3 is 2 against 1: two in three. 37.3% of the arrows land.
    let mut bows = unit(
        1,
        Side::Attacker,
        Rank::Rear,
        10,
        Ratings {
            missile: 4,
            range: 4,
            ..Ratings::default()
        },
    );
    bows.actions = vec![Action::Ranged];
    let (dealt, landed) = tally(&bows, 9, 2_000);
    assert_eq!(dealt, 20_000);
    let rate = f64::from(landed) / f64::from(dealt);
    assert!((rate - 0.56 * 2.0 / 3.0).abs() < 0.012, "{rate}");
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

/// Skills, spells and items used in battle (OV-CMB-046..052, 065,
/// OV-MAG-013), mustered from the bundled rules.
mod specials {
    use super::*;
    use umpire_core::ids::TypedId;
    use umpire_overlord::combat::army::Summoned;
    use umpire_overlord::combat::log::Round;
    use umpire_overlord::combat::muster;
    use umpire_overlord::combat::special::Equipment;
    use umpire_overlord::rules::Rules;
    use umpire_overlord::rules::combat::{CombatActionKind, DamageType};
    use umpire_overlord::world::{FactionId, LocationId, Unit};

    fn rules() -> Rules {
        Rules::bundled().unwrap()
    }

    /// A unit with skills at levels, items all equipped and a COMBAT list.
    fn world_unit(
        r: &Rules,
        number: u32,
        race: &str,
        figures: u32,
        skills: &[(&str, usize)],
        items: &[(&str, u64)],
        combat: &str,
    ) -> Unit {
        let mut u = Unit::new(
            number,
            FactionId::from_index(0),
            r.race(race).unwrap(),
            figures,
            LocationId::from_index(0),
        );
        for &(tag, level) in skills {
            let s = r.skill(tag).unwrap();
            u.learn(s, r.skills[s].levels[level - 1].experience);
        }
        for &(tag, n) in items {
            u.add_items(r.item(tag).unwrap(), n, n);
        }
        u.combat_orders = vec![combat.to_string()];
        u
    }

    /// The unit mustered, standing still in the centre file of `rank`.
    fn fighter(r: &Rules, u: &Unit, side: Side, rank: Rank) -> Fighter {
        let mut f = muster::fighter(r, u, side);
        f.square = Square::deploy(side, rank, File::Center);
        f.home_file = f.square.file;
        f.movement = CombatMove::Stand;
        f
    }

    /// A mage of earth magic knowing strength of the boar.
    fn boar_mage(r: &Rules, figures: u32, mana: u32, combat: &str) -> Fighter {
        let mut u = world_unit(
            r,
            1,
            "ldr",
            figures,
            &[("mage", 1), ("eart", 1), ("sboa", 1)],
            &[],
            combat,
        );
        u.mana = mana;
        fighter(r, &u, Side::Attacker, Rank::Front)
    }

    fn rounds(fs: &mut Vec<Fighter>, n: u32, seed: u64) -> Vec<Round> {
        let mut field = Field::default();
        let mut dice = Dice::from_seed(seed);
        (1..=n)
            .map(|k| round::run(fs, &mut field, k, [0, 0], None, &mut dice).0)
            .collect()
    }

    /// The tags used in a round, in order.
    fn used(r: &Round) -> Vec<String> {
        r.deeds
            .iter()
            .filter_map(|d| match d {
                Deed::Used { tag, .. } => Some(tag.clone()),
                _ => None,
            })
            .collect()
    }

    /// (strikes, hits) of unit `by`'s attacks on `target`.
    fn blows(r: &Round, by: u32, target: u32) -> (u32, u32) {
        r.deeds.iter().fold((0, 0), |(s, h), d| match d {
            Deed::Attacked {
                unit,
                target: t,
                strikes,
                hits,
                ..
            } if *unit == by && *t == target => (s + strikes, h + hits),
            _ => (s, h),
        })
    }

    fn attacks_by(r: &Round, by: u32) -> usize {
        r.deeds
            .iter()
            .filter(|d| matches!(d, Deed::Attacked { unit, .. } if *unit == by))
            .count()
    }

    #[test]
    fn ov_cmb_050_065_a_wand_of_fire_is_used_by_its_wielders_only() {
        let r = rules();
        let u = world_unit(&r, 1, "man", 10, &[], &[("wfir", 4)], "wfir");
        let wands = fighter(&r, &u, Side::Attacker, Rank::Middle);
        assert_eq!(wands.specials[0].equipment, Equipment::Wielded(4));
        let target = Ratings {
            defense: 9,
            life: 5,
            ..sheep()
        };
        let mut fs = vec![wands, unit(2, Side::Defender, Rank::Front, 1000, target)];
        let rs = rounds(&mut fs, 1, 21);
        assert_eq!(
            rs[0].deeds[0],
            Deed::Used {
                unit: 1,
                tag: "wfir".into(),
                kind: CombatActionKind::Ranged,
                users: 4,
                mana: 0,
                damage_type: Some(DamageType::Fire),
            }
        );
        // Four wielders, each with 1 hit and the wand's +4: 20 blows; the
        // six others do nothing, not even parry.
        assert_eq!(blows(&rs[0], 1, 2).0, 20);
        assert!(!rs[0].deeds.contains(&Deed::Parried { unit: 1 }));
        // The round's bonus is gone after it.
        assert_eq!(fs[0].ratings, muster::ratings(&r, &u));
        assert!(fs[0].boons.is_empty());

        // Eight fall: the two left pick up wands and carry on.
        let life = fs[0].life();
        for b in &mut fs[0].bodies[..8] {
            b.lost = life;
        }
        let rs = rounds(&mut fs, 1, 22);
        assert!(matches!(rs[0].deeds[0], Deed::Used { users: 2, .. }));
        assert_eq!(blows(&rs[0], 1, 2).0, 10);
    }

    #[test]
    fn ov_cmb_050_wielders_fire_with_the_wands_full_ratings() {
        // 400 wands in 1,000 men: the unit's share of the wand's ranged
        // damage 5 is 2; a wielder's is 5. The wand's own missile 5
        // against a third of defence 9 (3): 3 against 1 hits 3 in 4, a
        // figure strikes 60% of the time, every hit deadly (5 > 3), and
        // 5 blows kill a 5-life figure: 2,000 blows kill 45% each.
        let r = rules();
        let u = world_unit(&r, 1, "man", 1000, &[], &[("wfir", 400)], "wfir");
        let wands = fighter(&r, &u, Side::Attacker, Rank::Middle);
        assert_eq!(wands.ratings.ranged_damage, 2);
        let target = Ratings {
            defense: 9,
            life: 5,
            ..sheep()
        };
        let mut fs = vec![wands, unit(2, Side::Defender, Rank::Front, 10_000, target)];
        let rs = rounds(&mut fs, 1, 23);
        assert_eq!(blows(&rs[0], 1, 2).0, 2000);
        // 900 expected, four deviations about 89.
        let killed = rs[0].killed[1];
        assert!((811..=989).contains(&killed), "{killed}");
    }

    #[test]
    fn ov_cmb_052_strength_of_the_boar_lasts_the_round_and_costs_two_mana() {
        let r = rules();
        let mage = boar_mage(&r, 1000, 2, "sboa");
        let before = mage.ratings;
        assert_eq!((mage.mana, mage.max_mana), (2, 3));
        let target = Ratings {
            defense: 5,
            life: 100,
            ..sheep()
        };
        let mut fs = vec![mage, unit(2, Side::Defender, Rank::Front, 10_000, target)];
        let rs = rounds(&mut fs, 1, 31);
        let d = &rs[0].deeds;
        assert!(d.contains(&Deed::Used {
            unit: 1,
            tag: "sboa".into(),
            kind: CombatActionKind::Enchant,
            users: 1000,
            mana: 2,
            damage_type: None,
        }));
        assert!(d.contains(&Deed::Enchanted {
            unit: 1,
            target: 1,
            effect: "effsboa".into(),
            rounds: 1,
        }));
        // Its melee, then the boar's +4 hits: four more at falling
        // initiative, 5,000 blows. With the boar's +5 melee a mage strikes
        // 60% of the time and 5 against 5 hits half: 1,500 expected, four
        // deviations about 130. Without it melee 0 could never hit.
        assert_eq!(attacks_by(&rs[0], 1), 5);
        let (strikes, hits) = blows(&rs[0], 1, 2);
        assert_eq!(strikes, 5000);
        assert!((1370..=1630).contains(&hits), "{hits}");
        // The round over: the boar is gone, two mana spent, one regained.
        assert_eq!(fs[0].ratings, before);
        assert!(fs[0].boons.is_empty());
        assert_eq!(fs[0].mana, 1);
    }

    #[test]
    fn ov_cmb_052_a_mage_kept_up_by_the_boar_dies_at_the_next_hit() {
        let r = rules();
        // Eight sure deadly blows after the spell: 8 of the boar's 15
        // life points (leader 3 + 12).
        let striker = Ratings {
            melee: 15,
            initiative: -5,
            defense: 1000,
            life: 1000,
            ..sheep()
        };
        let mut fs = vec![
            boar_mage(&r, 1, 2, "sboa"),
            unit(2, Side::Defender, Rank::Front, 8, striker),
        ];
        let rs = rounds(&mut fs, 1, 41);
        assert_eq!(blows(&rs[0], 2, 1), (8, 8));
        assert_eq!(rs[0].killed[0], 0, "alive on the boar's life");
        assert!(rs[0].deeds.contains(&Deed::Doomed {
            unit: 1,
            figures: 1
        }));
        assert_eq!(fs[0].alive(), 1);
        assert!(fs[0].bodies[0].doomed);
        assert_eq!(fs[0].bodies[0].lost, 2);

        // Next round, without the boar (one mana: it waits), a blow that
        // only ever wounds (attack equal to defence, base combat −10: 0%
        // deadly) kills it whenever it hits.
        let mut mage = fs[0].clone();
        mage.ratings.defense = 15;
        let wounder = Ratings {
            melee: 15,
            initiative: 5,
            base_combat: -10,
            defense: 1000,
            life: 1000,
            ..sheep()
        };
        let (mut hit, mut missed) = (0, 0);
        for seed in 0..200 {
            let mut fs = vec![
                mage.clone(),
                unit(3, Side::Defender, Rank::Front, 1, wounder),
            ];
            let rs = rounds(&mut fs, 1, seed);
            match blows(&rs[0], 3, 1) {
                (1, 1) => {
                    hit += 1;
                    assert_eq!(fs[0].alive(), 0, "seed {seed}");
                }
                (1, 0) => {
                    missed += 1;
                    assert_eq!(fs[0].alive(), 1, "seed {seed}");
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(hit > 60 && missed > 60, "{hit} {missed}");
    }

    #[test]
    fn ov_cmb_048_049_a_spell_leaves_the_list_until_none_is_left() {
        let r = rules();
        let mut u = world_unit(
            &r,
            1,
            "ldr",
            1,
            &[("mage", 1), ("eart", 1), ("sboa", 1), ("sgrp", 1)],
            &[],
            "sboa sgrp",
        );
        u.mana = 20;
        let mage = fighter(&r, &u, Side::Attacker, Rank::Front);
        assert!(mage.specials.iter().all(|s| s.magic));
        // A non-magic skill beside it stays in its list.
        let grope = world_unit(&r, 3, "man", 5, &[("grop", 1)], &[], "grop");
        let grope = fighter(&r, &grope, Side::Attacker, Rank::Front);
        assert!(!grope.specials[0].magic);
        let target = Ratings {
            defense: 1000,
            life: 1000,
            ..sheep()
        };
        let mut fs = vec![
            mage,
            unit(2, Side::Defender, Rank::Front, 50, target),
            grope,
        ];
        let rs = rounds(&mut fs, 5, 51);
        let mage_used: Vec<Vec<String>> = rs
            .iter()
            .map(|r| used(r).into_iter().filter(|t| t != "grop").collect())
            .collect();
        assert_eq!(
            mage_used,
            [["sboa"], ["sgrp"], ["sboa"], ["sgrp"], ["sboa"]]
        );
        let restored: Vec<bool> = rs
            .iter()
            .map(|r| r.deeds.contains(&Deed::Restored { unit: 1 }))
            .collect();
        assert_eq!(restored, [false, false, true, false, true]);
        assert!(rs.iter().all(|r| used(r).contains(&"grop".to_string())));
        // Far above its maximum it regains nothing: 2 a casting.
        assert!(fs[0].max_mana < 10);
        assert_eq!(fs[0].mana, 20 - 5 * 2);
    }

    #[test]
    fn ov_cmb_051_mag_013_a_mage_without_mana_waits_and_regains_one_a_round() {
        let r = rules();
        let target = Ratings {
            defense: 1000,
            life: 1000,
            ..sheep()
        };
        let mut fs = vec![
            boar_mage(&r, 1, 0, "sboa"),
            unit(2, Side::Defender, Rank::Front, 5, target),
        ];
        let mut mana = Vec::new();
        let mut field = Field::default();
        let mut dice = Dice::from_seed(61);
        let mut rs = Vec::new();
        for k in 1..=5 {
            rs.push(round::run(&mut fs, &mut field, k, [0, 0], None, &mut dice).0);
            mana.push(fs[0].mana);
        }
        let waited = |r: &Round| {
            r.deeds.iter().find_map(|d| match d {
                Deed::Waited {
                    unit: 1,
                    tag,
                    mana,
                    needs,
                } => Some((tag.clone(), *mana, *needs)),
                _ => None,
            })
        };
        assert_eq!(waited(&rs[0]), Some(("sboa".into(), 0, 2)));
        assert_eq!(waited(&rs[1]), Some(("sboa".into(), 1, 2)));
        assert_eq!(used(&rs[2]), ["sboa"]);
        // Cast, the list is empty of spells but one mana cannot pay: it
        // comes back and the mage waits again.
        assert!(rs[3].deeds.contains(&Deed::Restored { unit: 1 }));
        assert_eq!(waited(&rs[3]), Some(("sboa".into(), 1, 2)));
        assert_eq!(used(&rs[4]), ["sboa"]);
        assert_eq!(mana, [1, 2, 1, 2, 1]);
        // While waiting it fights on down its list: the implicit MELEE.
        assert!(blows(&rs[0], 1, 2).0 > 0);

        // At the maximum nothing is gained; above it nothing is lost in
        // battle.
        for (start, end) in [(3, 3), (10, 10)] {
            let mut fs = vec![
                boar_mage(&r, 1, start, ""),
                unit(2, Side::Defender, Rank::Rear, 5, target),
            ];
            rounds(&mut fs, 3, 62);
            assert_eq!(fs[0].mana, end);
        }
    }

    #[test]
    fn ov_cmb_047_target_the_leader_needs_a_bow_per_figure_and_picks_leaders() {
        let r = rules();
        let archers = |bows: u64, combat: &str| {
            let u = world_unit(
                &r,
                1,
                "man",
                10,
                &[("arch", 2), ("mark", 2), ("tgld", 1)],
                &[("lbow", bows)],
                combat,
            );
            fighter(&r, &u, Side::Attacker, Rank::Middle)
        };
        // Men and leaders on the defenders' front centre, the men first
        // in the army: two squares from the archers.
        let leaders = world_unit(&r, 3, "ldr", 3, &[], &[], "");
        let leaders = fighter(&r, &leaders, Side::Defender, Rank::Front);
        assert!(leaders.leader);
        let men = unit(2, Side::Defender, Rank::Front, 20, sheep());
        assert!(!men.leader);
        let battle = |a: Fighter, seed: u64| {
            let mut fs = vec![a, men.clone(), leaders.clone()];
            rounds(&mut fs, 1, seed).remove(0)
        };

        let full = archers(10, "tgld");
        assert_eq!(full.specials[0].equipment, Equipment::Every(10));
        let rd = battle(full, 71);
        assert_eq!(used(&rd), ["tgld"]);
        // The three leaders first, one arrow each, then the men.
        assert_eq!(blows(&rd, 1, 3).0, 3);
        assert_eq!(blows(&rd, 1, 2).0, 7);
        let first = rd.deeds.iter().find_map(|d| match d {
            Deed::Attacked {
                unit: 1, target, ..
            } => Some(*target),
            _ => None,
        });
        assert_eq!(first, Some(3));
        // A plain RANGED takes the men first.
        let rd = battle(archers(10, "RANGED"), 72);
        assert_eq!(blows(&rd, 1, 2).0, 10);
        assert_eq!(blows(&rd, 1, 3).0, 0);

        // Nine bows for ten archers: unusable.
        let rd = battle(archers(9, "tgld"), 73);
        assert!(rd.deeds.contains(&Deed::Skipped {
            unit: 1,
            action: Action::Special("tgld".into()),
        }));
        assert!(used(&rd).is_empty());
        // One archer down: nine bows for nine, usable again.
        let mut nine = archers(9, "tgld");
        nine.bodies[0].lost = nine.life();
        let rd = battle(nine, 74);
        assert_eq!(used(&rd), ["tgld"]);
        assert_eq!(blows(&rd, 1, 3).0 + blows(&rd, 1, 2).0, 9);
    }

    #[test]
    fn ov_cmb_046_a_summoning_adds_fighters_to_the_casters_side() {
        let r = rules();
        let mut u = world_unit(&r, 1, "ldr", 1, &[("mage", 1), ("sgar", 1)], &[], "sgar");
        u.mana = 1;
        let caster = fighter(&r, &u, Side::Attacker, Rank::Rear);
        let target = Ratings {
            defense: 1000,
            life: 1000,
            ..sheep()
        };
        let mut fs = vec![caster, unit(2, Side::Defender, Rank::Rear, 5, target)];
        let rs = rounds(&mut fs, 1, 81);
        assert!(rs[0].deeds.contains(&Deed::Used {
            unit: 1,
            tag: "sgar".into(),
            kind: CombatActionKind::Summon,
            users: 1,
            mana: 1,
            damage_type: None,
        }));
        assert!(rs[0].deeds.contains(&Deed::Summoned {
            unit: 1,
            summoned: 3,
            figures: 10,
        }));
        assert_eq!(fs.len(), 3);
        assert_eq!(fs[0].mana, 1, "spent, and one regained");
        // Ten guards as the data makes them: men with blades, parry and
        // combat, sword, armour and helmet each, standing where their
        // tactics (middle centre, charge) put them.
        let g = &fs[2];
        assert_eq!(
            g.summoned,
            Some(Summoned {
                by: 1,
                name: "Guards".into()
            })
        );
        assert_eq!((g.number, g.side, g.alive()), (3, Side::Attacker, 10));
        assert_eq!(
            g.square,
            Square::deploy(Side::Attacker, Rank::Middle, File::Center)
        );
        assert_eq!(g.movement, CombatMove::Charge);
        let same = world_unit(
            &r,
            9,
            "man",
            10,
            &[("blde", 1), ("parr", 2), ("cmbt", 1)],
            &[("leat", 10), ("swrd", 10), ("plat", 10), ("hlmt", 10)],
            "MELEE",
        );
        assert_eq!(g.ratings, muster::ratings(&r, &same));
        // They fight from the next round.
        let rs = rounds(&mut fs, 1, 82);
        assert!(
            rs[0]
                .deeds
                .iter()
                .any(|d| matches!(d, Deed::Moved { unit: 3, .. }))
        );
        assert_eq!(fs[2].practice.rounds, 1);

        // A pillar of fire has no tactics: it rises on the caster's
        // square, and fights with its innate fire hit.
        let mut u = world_unit(&r, 1, "ldr", 1, &[("mage", 1), ("pilf", 1)], &[], "pilf");
        u.mana = 6;
        let caster = fighter(&r, &u, Side::Attacker, Rank::Rear);
        let at = caster.square;
        let mut fs = vec![caster, unit(2, Side::Defender, Rank::Rear, 5, target)];
        rounds(&mut fs, 1, 83);
        assert_eq!(fs.len(), 3);
        assert_eq!(fs[2].square, at);
        assert!(fs[2].special("fhit").is_some());
    }

    #[test]
    fn ov_cmb_046_a_tag_the_unit_cannot_use_is_skipped() {
        let r = rules();
        // Neither knows strength of the boar nor holds a wand.
        let u = world_unit(&r, 1, "man", 5, &[], &[], "sboa wfir xyzzy");
        let f = fighter(&r, &u, Side::Attacker, Rank::Front);
        assert!(f.specials.is_empty());
        let mut fs = vec![f, unit(2, Side::Defender, Rank::Front, 5, sheep())];
        let rs = rounds(&mut fs, 1, 91);
        let skipped: Vec<&Action> = rs[0]
            .deeds
            .iter()
            .filter_map(|d| match d {
                Deed::Skipped { unit: 1, action } => Some(action),
                _ => None,
            })
            .collect();
        assert_eq!(
            skipped,
            [
                &Action::Special("sboa".into()),
                &Action::Special("wfir".into()),
                &Action::Special("xyzzy".into())
            ]
        );
        assert!(blows(&rs[0], 1, 2).0 > 0, "then the implicit MELEE");
    }

    #[test]
    fn ov_cmb_052_a_battle_enchantment_lasts_its_rounds_without_stacking() {
        let r = rules();
        let mut u = world_unit(
            &r,
            1,
            "ldr",
            1,
            &[("mage", 1), ("eart", 1), ("shed", 1)],
            &[],
            "shed",
        );
        u.mana = 20;
        let mut mage = fighter(&r, &u, Side::Attacker, Rank::Rear);
        // Despair for three rounds instead of the data's one.
        mage.specials[0].grants[0].rounds = 3;
        let foe = Ratings {
            initiative: 4,
            ..sheep()
        };
        let mut fs = vec![mage, unit(2, Side::Defender, Rank::Rear, 5, foe)];
        let mut field = Field::default();
        let mut dice = Dice::from_seed(92);
        let mut init = Vec::new();
        let mut left = Vec::new();
        for k in 1..=5 {
            let (rd, _) = round::run(&mut fs, &mut field, k, [0, 0], None, &mut dice);
            if k == 1 {
                assert!(rd.deeds.contains(&Deed::Enchanted {
                    unit: 1,
                    target: 2,
                    effect: "effdes2".into(),
                    rounds: 3,
                }));
            }
            init.push(fs[1].ratings.initiative);
            left.push(fs[1].boons.iter().map(|b| b.rounds).sum::<u32>());
        }
        // Cast every round (a lone spell comes back each round), laid
        // again over itself: −2 while it lasts, never −4, its three
        // rounds renewed (two left after each round).
        assert_eq!(init, [2, 2, 2, 2, 2]);
        assert_eq!(left, [2, 2, 2, 2, 2]);
        let mut fs2 = fs.clone();
        fs2[0].mana = 0;
        fs2[0].max_mana = 0;
        let mut rounds_left = Vec::new();
        for k in 6..=8 {
            // Out of mana: it waits from now on.
            round::run(&mut fs2, &mut field, k, [0, 0], None, &mut dice);
            rounds_left.push(fs2[1].ratings.initiative);
        }
        // Laid last in round 5 for three rounds: in force through round 7
        // (one round left after the 6th), gone after it.
        assert_eq!(rounds_left, [2, 4, 4]);
    }
}

#[test]
fn ov_cmb_017_019_the_ambush_advantage_joins_the_tactic_level() {
    let mut a = unit(
        1,
        Side::Attacker,
        Rank::Front,
        10,
        Ratings {
            stealth: 3,
            ..sheep()
        },
    );
    a.tactics = 1;
    let mut fs = vec![a, unit(2, Side::Defender, Rank::Front, 10, sheep())];
    let report = fight(&mut fs, &mut Dice::from_seed(18));
    assert_eq!(report.ambush.advantage, 3);
    assert_eq!(report.ambush.levels, [3, 0]);
    // Tactics 1 plus ambush 3 against 0.
    assert_eq!(report.advantage, Some((Side::Attacker, 4)));
    // Three levels: the defenders stand on any file of their front rank.
    assert_eq!(fs[1].square.line, 3);
}

/// Where in the round's deeds the first deed matching `f` is.
fn position(deeds: &[Deed], f: impl Fn(&Deed) -> bool) -> Option<usize> {
    deeds.iter().position(f)
}

#[test]
fn ov_cmb_026_029_later_actions_are_capped_and_impossible_ones_skipped() {
    // The defender (initiative 0) parries at +2, before the attacker's
    // blows at 1: its parry counts against them.
    let run = |actions: Vec<Action>| {
        let mut d = unit(2, Side::Defender, Rank::Front, 100, killers());
        d.actions = actions;
        let a = unit(
            1,
            Side::Attacker,
            Rank::Front,
            10,
            Ratings {
                initiative: 1,
                ..killers()
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
        let parried = position(&round.deeds, |d| matches!(d, Deed::Parried { unit: 2 }));
        let struck = position(&round.deeds, |d| {
            matches!(d, Deed::Attacked { unit: 1, .. })
        });
        (parried.unwrap(), struck.unwrap(), round.deeds)
    };
    let (parried, struck, _) = run(vec![Action::Parry]);
    assert!(parried < struck, "PARRY at 0 + 2 goes before initiative 1");
    // RANGED first (initiative 0, impossible without a missile rating):
    // the PARRY after it is capped at 0, so it comes after the blows at 1.
    let (parried, struck, deeds) = run(vec![Action::Ranged, Action::Parry]);
    assert!(struck < parried, "the PARRY is capped at RANGED's 0");
    assert!(
        deeds.iter().any(|d| matches!(
            d,
            Deed::Skipped {
                unit: 2,
                action: Action::Ranged
            }
        )),
        "the impossible RANGED is skipped: {deeds:?}"
    );
}

#[test]
fn ov_cmb_028_a_unit_moves_once_when_first_activated() {
    // A charger with extra hits acts several times in the round but
    // moves only once, before its first action.
    let mut a = unit(
        1,
        Side::Attacker,
        Rank::Rear,
        10,
        Ratings {
            hits: 3,
            ..killers()
        },
    );
    a.movement = CombatMove::Advance;
    let mut fs = vec![a, unit(2, Side::Defender, Rank::Rear, 50, sheep())];
    let (round, _) = round::run(
        &mut fs,
        &mut Field::default(),
        1,
        [0, 0],
        None,
        &mut Dice::from_seed(5),
    );
    let moves: Vec<usize> = round
        .deeds
        .iter()
        .enumerate()
        .filter(|(_, d)| matches!(d, Deed::Moved { unit: 1, .. }))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(moves.len(), 1, "{:?}", round.deeds);
    let first_act = round
        .deeds
        .iter()
        .position(|d| !matches!(d, Deed::Moved { .. }) && deed_unit(d) == Some(1))
        .unwrap();
    assert!(moves[0] < first_act);
}

fn deed_unit(d: &Deed) -> Option<u32> {
    match d {
        Deed::Moved { unit, .. }
        | Deed::Parried { unit }
        | Deed::Attacked { unit, .. }
        | Deed::Unseen { unit }
        | Deed::Skipped { unit, .. }
        | Deed::Fled { unit } => Some(*unit),
        _ => None,
    }
}

#[test]
fn ov_cmb_030_an_empty_list_still_melees_or_else_parries() {
    // The implicit list: MELEE when an enemy is adjacent, else PARRY.
    let deeds = |rank: Rank| {
        let a = unit(1, Side::Attacker, rank, 10, killers());
        assert!(a.actions.is_empty());
        let mut fs = vec![a, unit(2, Side::Defender, rank, 100, sheep())];
        let (round, _) = round::run(
            &mut fs,
            &mut Field::default(),
            1,
            [0, 0],
            None,
            &mut Dice::from_seed(6),
        );
        round
            .deeds
            .into_iter()
            .filter(|d| deed_unit(d) == Some(1))
            .collect::<Vec<Deed>>()
    };
    let front = deeds(Rank::Front);
    assert!(
        matches!(front[..], [Deed::Attacked { unit: 1, .. }]),
        "{front:?}"
    );
    // Nobody in reach: the MELEE is skipped and the unit parries.
    let rear = deeds(Rank::Rear);
    assert_eq!(
        rear,
        [
            Deed::Skipped {
                unit: 1,
                action: Action::Melee
            },
            Deed::Parried { unit: 1 }
        ]
    );
}

#[test]
fn ov_cmb_036_mounted_units_are_twice_as_likely_to_go_first() {
    // Two units of one side at the same initiative advance from the same
    // square: which moves first is random, a mounted one winning two
    // times in three.
    let first_mover = |mounted: bool, seed: u64| {
        let mut a = unit(1, Side::Attacker, Rank::Rear, 10, sheep());
        a.movement = CombatMove::Advance;
        let mut b = unit(2, Side::Attacker, Rank::Rear, 10, sheep());
        b.movement = CombatMove::Advance;
        b.mounted = mounted;
        let mut fs = vec![a, b, unit(3, Side::Defender, Rank::Rear, 10, sheep())];
        let (round, _) = round::run(
            &mut fs,
            &mut Field::default(),
            1,
            [0, 0],
            None,
            &mut Dice::from_seed(seed),
        );
        round.deeds.iter().find_map(|d| match d {
            Deed::Moved { unit, .. } => Some(*unit),
            _ => None,
        })
    };
    let share = |mounted: bool| {
        let firsts = (0..1_200)
            .filter(|&s| first_mover(mounted, s) == Some(2))
            .count();
        firsts as f64 / 1_200.0
    };
    let even = share(false);
    assert!((even - 0.5).abs() < 0.05, "{even}");
    let mounted = share(true);
    assert!((mounted - 2.0 / 3.0).abs() < 0.05, "{mounted}");
}

#[test]
fn ov_cmb_067_a_flyer_striking_a_walker_gets_one_more_attack() {
    // Melee 15 always strikes; 15 against defence 15 hits half the time,
    // 16 against 15 (2 against 1) two times in three.
    let walker = unit(1, Side::Attacker, Rank::Front, 10, killers());
    let (dealt, landed) = tally(&walker, 15, 300);
    let rate = f64::from(landed) / f64::from(dealt);
    assert!((rate - 0.5).abs() < 0.03, "{rate}");
    let mut flyer = walker.clone();
    flyer.flying = true;
    let (dealt, landed) = tally(&flyer, 15, 300);
    let rate = f64::from(landed) / f64::from(dealt);
    assert!((rate - 2.0 / 3.0).abs() < 0.03, "{rate}");
}

#[test]
fn ov_cmb_068_a_flyer_defends_at_plus_5_in_melee_and_plus_2_against_missiles() {
    // Hit rate of unit 1's blows on 1000 figures defending at 10.
    let rate = |attacker: &Fighter, flying_target: bool| {
        let (mut dealt, mut landed) = (0, 0);
        for seed in 0..300 {
            let mut target = unit(
                2,
                Side::Defender,
                Rank::Front,
                1_000,
                // Melee -1: even with a flyer's +1 it never hits back.
                Ratings {
                    defense: 10,
                    melee: -1,
                    ..sheep()
                },
            );
            target.flying = flying_target;
            let mut fs = vec![attacker.clone(), target];
            let (round, _) = round::run(
                &mut fs,
                &mut Field::default(),
                1,
                [0, 0],
                None,
                &mut Dice::from_seed(seed),
            );
            for d in &round.deeds {
                if let Deed::Attacked {
                    unit: 1,
                    strikes,
                    hits,
                    ..
                } = d
                {
                    dealt += strikes;
                    landed += hits;
                }
            }
        }
        f64::from(landed) / f64::from(dealt)
    };
    // Melee 15 against 10 (6 against 1) hits 6 in 7; against a flyer's
    // 15, half the time.
    let swords = unit(1, Side::Attacker, Rank::Front, 10, killers());
    let ground = rate(&swords, false);
    assert!((ground - 6.0 / 7.0).abs() < 0.03, "{ground}");
    let air = rate(&swords, true);
    assert!((air - 0.5).abs() < 0.03, "{air}");
    // Missile 15 against a third of 10 (3: 13 against 1) hits 13 in 14;
    // against a flyer 3 + 2 = 5 (11 against 1), 11 in 12.
    let mut bows = unit(
        1,
        Side::Attacker,
        Rank::Rear,
        10,
        Ratings {
            missile: 15,
            range: 5,
            ..Ratings::default()
        },
    );
    bows.actions = vec![Action::Ranged];
    let ground = rate(&bows, false);
    assert!((ground - 13.0 / 14.0).abs() < 0.02, "{ground}");
    let air = rate(&bows, true);
    assert!((air - 11.0 / 12.0).abs() < 0.02, "{air}");
    assert!(air < ground);
}

/// A side of `figures` of which half have already fallen.
fn half_fallen(number: u32, side: Side, figures: u32, r: Ratings) -> Fighter {
    let mut f = unit(number, side, Rank::Rear, figures, r);
    f.bodies.truncate(figures as usize / 2);
    f
}

#[test]
fn ov_cmb_073_morale_falls_one_percent_a_round_after_the_first_check() {
    // Defence 20 gives 100% morale: the first check never fails, each
    // later one fails 1% more often. Nobody can wound, so the fifth
    // quiet round ends the battle: four checks that can fail, 1 + 2 + 3
    // + 4 %, about one battle in ten.
    let (mut broke, battles) = (0, 1_000);
    for seed in 0..battles {
        let mut fs = vec![
            half_fallen(
                1,
                Side::Attacker,
                20,
                Ratings {
                    defense: 20,
                    ..sheep()
                },
            ),
            unit(2, Side::Defender, Rank::Rear, 20, sheep()),
        ];
        let report = fight(&mut fs, &mut Dice::from_seed(seed));
        if report.ending == Ending::Morale {
            broke += 1;
            assert_eq!(report.winner, Some(Side::Defender));
            // Never in round 1; the rout round follows the failed check.
            assert!(report.rounds.len() >= 3, "{}", report.rounds.len());
        } else {
            assert_eq!(report.ending, Ending::Quiet);
        }
    }
    assert!((70..=125).contains(&broke), "{broke}");
}

#[test]
fn ov_cmb_074_both_sides_out_in_the_same_round_is_a_draw() {
    // Both wiped out at once.
    let mut fs = vec![
        unit(1, Side::Attacker, Rank::Front, 10, killers()),
        unit(2, Side::Defender, Rank::Front, 10, killers()),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(2));
    assert_eq!((report.ending, report.winner), (Ending::Wiped, None));
    assert_eq!(report.rounds.len(), 1);
    // Both half lost with no nerve (defence 0: morale 0): both break in
    // round 1, a draw with no rout round.
    let mut fs = vec![
        half_fallen(1, Side::Attacker, 20, sheep()),
        half_fallen(2, Side::Defender, 20, sheep()),
    ];
    let report = fight(&mut fs, &mut Dice::from_seed(3));
    assert_eq!((report.ending, report.winner), (Ending::Morale, None));
    assert_eq!(report.rounds.len(), 1);
    assert!(report.rounds.iter().all(|r| !r.rout));
}

#[test]
fn ov_mag_013_a_mage_regains_one_mana_a_round_up_to_its_maximum() {
    let mut mage = unit(1, Side::Attacker, Rank::Rear, 1, sheep());
    mage.max_mana = 3;
    let mut charged = unit(2, Side::Attacker, Rank::Rear, 1, sheep());
    charged.max_mana = 3;
    charged.mana = 10;
    let mut fs = vec![
        mage,
        charged,
        unit(3, Side::Defender, Rank::Rear, 5, sheep()),
    ];
    let (mut field, mut dice) = (Field::default(), Dice::from_seed(9));
    let mut mana = Vec::new();
    for k in 1..=5 {
        round::run(&mut fs, &mut field, k, [0, 0], None, &mut dice);
        mana.push((fs[0].mana, fs[1].mana));
    }
    assert_eq!(mana, [(1, 10), (2, 10), (3, 10), (3, 10), (3, 10)]);
}

#[test]
fn ov_cmb_045_no_reload_a_bow_shoots_every_round() {
    // RELOAD is not fought (alpha): archers fire in every round.
    let mut bows = unit(
        1,
        Side::Attacker,
        Rank::Rear,
        10,
        Ratings {
            missile: 15,
            range: 5,
            ..Ratings::default()
        },
    );
    bows.actions = vec![Action::Ranged];
    let target = Ratings {
        defense: 100,
        ..sheep()
    };
    let mut fs = vec![bows, unit(2, Side::Defender, Rank::Rear, 1_000, target)];
    let (mut field, mut dice) = (Field::default(), Dice::from_seed(12));
    for k in 1..=4 {
        let (r, _) = round::run(&mut fs, &mut field, k, [0, 0], None, &mut dice);
        let volleys = r
            .deeds
            .iter()
            .filter(|d| {
                matches!(
                    d,
                    Deed::Attacked {
                        unit: 1,
                        ranged: true,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(volleys, 1, "round {k}: {:?}", r.deeds);
    }
}

mod shooters_without_a_tactic {
    use super::*;
    use proptest::prelude::*;
    use umpire_overlord::combat::scenario;
    use umpire_overlord::rules::Rules;

    fn rules() -> &'static Rules {
        static R: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
        R.get_or_init(|| Rules::bundled().unwrap())
    }

    /// Rangers with bows and `COMBAT RANGED`, and `tactic` if any, against
    /// swordsmen charging from the front.
    fn battle(rangers: u32, swordsmen: u32, tactic: Option<&str>, seed: u64) -> String {
        battle_against(
            rangers,
            swordsmen,
            "FIGHT FRONT CENTER CHARGE",
            tactic,
            seed,
        )
    }

    fn battle_against(
        rangers: u32,
        swordsmen: u32,
        theirs: &str,
        tactic: Option<&str>,
        seed: u64,
    ) -> String {
        let tactic = tactic.map_or(String::new(), |t| format!("tactic = \"{t}\"\n"));
        format!(
            r#"seed = {seed}

[[attacker]]
name = "Swordsmen"
race = "man"
figures = {swordsmen}
skills = {{ cmbt = 2, blde = 1 }}
items = {{ swrd = {swordsmen} }}
tactic = "{theirs}"

[[defender]]
name = "Rangers"
race = "man"
figures = {rangers}
skills = {{ cmbt = 1, arch = 2 }}
items = {{ lbow = {rangers} }}
combat = "RANGED"
{tactic}"#
        )
    }

    /// What the rangers did, before the rout: the rounds they shot in,
    /// and whether they stood next to an enemy at the start or any move
    /// of theirs took them there (squares followed through every move).
    struct Seen {
        shot: Vec<u32>,
        stepped_next_to_an_enemy: bool,
        /// A melee blow struck with no enemy next to it: a shot not taken.
        struck_from_afar: bool,
    }

    fn seen(text: &str, seed: u64) -> Seen {
        let mut sc = scenario::parse(rules(), text).unwrap();
        let rangers = sc.fighters[1].number;
        let mut at: Vec<(u32, Side, Square)> = sc
            .fighters
            .iter()
            .map(|f| (f.number, f.side, f.square))
            .collect();
        let mut dice = Dice::from_seed(seed).derive("battle");
        let report = fight(&mut sc.fighters, &mut dice);
        let mut out = Seen {
            shot: Vec::new(),
            stepped_next_to_an_enemy: false,
            struck_from_afar: false,
        };
        let next_to_an_enemy = |at: &[(u32, Side, Square)], sq: Square| {
            at.iter()
                .any(|x| x.1 == Side::Attacker && x.2.distance(sq) <= 1)
        };
        for r in report.rounds.iter().filter(|r| !r.rout) {
            for d in &r.deeds {
                match d {
                    Deed::Attacked {
                        unit,
                        ranged: false,
                        ..
                    } if *unit == rangers => {
                        let here = at.iter().find(|x| x.0 == rangers).map(|x| x.2);
                        if here.is_some_and(|sq| !next_to_an_enemy(&at, sq)) {
                            out.struck_from_afar = true;
                        }
                    }
                    Deed::Attacked {
                        unit, ranged: true, ..
                    } if *unit == rangers && out.shot.last() != Some(&r.number) => {
                        out.shot.push(r.number);
                    }
                    Deed::Moved { unit, to } => {
                        if let Some(x) = at.iter_mut().find(|x| x.0 == *unit) {
                            x.2 = *to;
                        }
                        if *unit == rangers && next_to_an_enemy(&at, *to) {
                            out.stepped_next_to_an_enemy = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    #[test]
    fn ov_uo_106_a_unit_told_to_shoot_is_not_marched_into_melee() {
        // No TACTIC of their own: the rangers keep their distance (the
        // middle rank, stepping back from an enemy who comes next to them)
        // and shoot by the second round, rather than charge into melee and
        // shoot only in the rout.
        let text = battle(20, 20, None, 3);
        let sc = scenario::parse(rules(), &text).unwrap();
        let r = &sc.fighters[1];
        assert_eq!(r.movement, CombatMove::Support);
        assert_eq!(
            r.square,
            Square::deploy(Side::Defender, Rank::Middle, File::Center)
        );
        let s = seen(&text, 3);
        assert_eq!(s.shot.first(), Some(&2), "{:?}", s.shot);
        assert!(!s.stepped_next_to_an_enemy && !s.struck_from_afar);
        // A TACTIC they chose is theirs: charging, they close to melee.
        let text = battle(20, 20, Some("FIGHT FRONT CENTER CHARGE"), 3);
        let sc = scenario::parse(rules(), &text).unwrap();
        assert_eq!(sc.fighters[1].movement, CombatMove::Charge);
    }

    fn cases() -> u32 {
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(16)
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: cases(),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Whatever the numbers and the dice, rangers who gave no TACTIC
        /// never step next to an enemy, and never strike in melee unless an
        /// enemy stands next to them: with no enemy adjacent they shoot.
        #[test]
        fn shooters_without_a_tactic_keep_their_distance_and_shoot(
            rangers in 5u32..40,
            swordsmen in 5u32..40,
            rank in prop::sample::select(vec!["FRONT", "MIDDLE", "REAR"]),
            file in prop::sample::select(vec!["LEFT", "CENTER", "RIGHT"]),
            moves in prop::sample::select(vec!["CHARGE", "ADVANCE", "FLANK", "STAND"]),
            seed in 0u64..1000,
        ) {
            let theirs = format!("FIGHT {rank} {file} {moves}");
            let text = battle_against(rangers, swordsmen, &theirs, None, seed);
            let s = seen(&text, seed);
            prop_assert!(!s.stepped_next_to_an_enemy);
            prop_assert!(!s.struck_from_afar);
        }
    }
}
