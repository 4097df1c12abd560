//! The front: who goes, battle results, the four rolls, reckless bravery
//! and poltroonery, checked on the engine's events over many seeds.

mod common;

use common::*;
use umpire_engarde::events::{Event, FrontRoll, What, When};
use umpire_engarde::model::{Mission, Rank};
use umpire_engarde::month::MonthOutcome;
use umpire_engarde::month::front::apply_clauses;
use umpire_engarde::orders::ast::Cond;
use umpire_engarde::orders::ast::FrontClause;
use umpire_engarde::orders::{Phase, illegal};
use umpire_engarde::spsl::Sp;
use umpire_engarde::world::{Appointment, Whereabouts, World};

/// June (the campaign season): Athos, a Captain of the 13th Fusiliers,
/// goes to the front with his regiment.
fn june(seed: u64, rank: Rank) -> World {
    let mut w = paris_in(6, seed, &[("Athos", 5, 500), ("Porthos", 5, 500)]);
    enlist(&mut w, "Athos", "13F", rank);
    w
}

fn front_month(seed: u64, rank: Rank, sheet: &str) -> MonthOutcome {
    play(&june(seed, rank), &[sheet])
}

fn death_roll(out: &MonthOutcome) -> Option<(i32, i32, i32, i32, u8)> {
    events(out, "Athos").iter().find_map(|e| match e.what {
        What::DeathRoll {
            base,
            adjusted,
            bravery,
            poltroonery,
            roll,
        } => Some((base, adjusted, bravery, poltroonery, roll)),
        _ => None,
    })
}

fn front_rolls(out: &MonthOutcome) -> Vec<(&'static str, FrontRoll)> {
    events(out, "Athos")
        .iter()
        .filter_map(|e| match &e.what {
            What::Mention(r) => Some(("mention", *r)),
            What::Promotion { roll, .. } => Some(("promotion", *roll)),
            What::Plunder { roll, .. } => Some(("cash", *roll)),
            _ => None,
        })
        .collect()
}

fn battle<'a>(out: &'a MonthOutcome, unit: &str) -> Option<&'a What> {
    out.events
        .iter()
        .map(|e| &e.what)
        .find(|w| matches!(w, What::Battle { unit: u, .. } if u == unit))
}

#[test]
fn eg_front_001_no_conspicuous_consumption_at_the_front() {
    let out = front_month(
        1,
        Rank::Captain,
        "CHARACTER Athos\nANNOUNCE a feast\nCONSUME\nBORROW 50",
    );
    let pre = events_at(&out, "Athos", When::Premonthly);
    assert!(
        pre.iter()
            .any(|e| matches!(e, What::Refused { order, .. } if order.contains("consume"))),
        "{pre:?}"
    );
    assert!(
        pre.iter()
            .any(|e| matches!(e, What::Borrowed { amount: 50 })),
        "other premonthly actions run: {pre:?}"
    );
    // A volunteer, too.
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(
        &w,
        &["CHARACTER Athos\nANNOUNCE a feast\nCONSUME\nVOLUNTEER"],
    );
    let pre = events_at(&out, "Athos", When::Premonthly);
    assert!(
        pre.iter().any(|e| matches!(e, What::Refused { .. })),
        "{pre:?}"
    );
    assert!(
        pre.iter().any(|e| matches!(e, What::Volunteered)),
        "{pre:?}"
    );
}

#[test]
fn eg_front_002_weekly_orders_are_void_at_the_front() {
    let survivor = (1..100)
        .map(|seed| {
            front_month(
                seed,
                Rank::Captain,
                "CHARACTER Athos\nWEEK 1: CAROUSE\nWEEK 3: PRACTISE sabre",
            )
        })
        .find(|out| {
            !events(out, "Athos")
                .iter()
                .any(|e| matches!(e.what, What::Killed))
        });
    let Some(out) = survivor else {
        panic!("nobody survived")
    };
    for week in [1, 3] {
        assert_eq!(
            events_at(&out, "Athos", When::Week(week)),
            vec![&What::WeekAtTheFront]
        );
    }
    assert!(events_at(&out, "Athos", When::Week(2)).is_empty());
    // The front is settled before week 1.
    let first_week = out
        .events
        .iter()
        .position(|e| matches!(e.when, When::Week(_)));
    let last_front = out.events.iter().rposition(|e| e.when == When::Front);
    assert!(last_front < first_week);
}

#[test]
fn eg_front_003_without_a_modifier_the_death_roll_is_unchanged() {
    for seed in 1..20 {
        let out = front_month(seed, Rank::Captain, "CHARACTER Athos");
        let Some((base, adjusted, brave, poltroon, _)) = death_roll(&out) else {
            panic!("no death roll")
        };
        assert_eq!((adjusted, brave, poltroon), (base, 0, 0));
    }
}

#[test]
fn eg_front_004_death_first_and_the_others_only_if_he_lives() {
    let (mut died, mut lived) = (0, 0);
    for seed in 1..200 {
        let out = front_month(seed, Rank::Private, "CHARACTER Athos");
        let Some((_, dr, _, _, roll)) = death_roll(&out) else {
            panic!("no death roll")
        };
        let rolls = front_rolls(&out);
        if i32::from(roll) >= dr {
            died += 1;
            assert!(rolls.is_empty(), "seed {seed}");
            assert!(
                events(&out, "Athos")
                    .iter()
                    .any(|e| matches!(e.what, What::Killed))
            );
            assert_eq!(
                out.world.characters[id(&out.world, "Athos").raw() as usize].whereabouts,
                Whereabouts::Dead
            );
        } else {
            lived += 1;
            let names: Vec<&str> = rolls.iter().map(|(n, _)| *n).collect();
            assert!(
                names == ["mention", "promotion", "cash"] || names == ["mention", "promotion"],
                "seed {seed}: {names:?}"
            );
        }
    }
    assert!(died > 0 && lived > 0, "died {died}, lived {lived}");
}

#[test]
fn eg_front_005_battle_results_cascade_from_the_commanders_ma() {
    let t = tables();
    for seed in 1..60 {
        let out = front_month(seed, Rank::Captain, "CHARACTER Athos");
        let cascade = |br: u8| match br {
            1 | 2 => 1,
            5 | 6 => -1,
            _ => 0,
        };
        let Some(What::Battle {
            br: army_br,
            ma,
            effective_ma,
            roll,
            ..
        }) = battle(&out, "the Army")
        else {
            panic!("no army battle")
        };
        assert_eq!(*effective_ma, *ma);
        assert_eq!(*army_br, t.battle_result(*effective_ma, *roll));
        let Some(What::Battle {
            br: bde_br,
            ma: bma,
            effective_ma: beff,
            roll: broll,
            ..
        }) = battle(&out, "First Foot Brigade")
        else {
            panic!("no brigade battle")
        };
        assert_eq!(*beff, (bma + cascade(*army_br)).clamp(1, 10), "seed {seed}");
        assert_eq!(*bde_br, t.battle_result(*beff, *broll));
        let Some(What::Battle {
            br,
            ma: rma,
            effective_ma: reff,
            roll: rroll,
            mission,
            ..
        }) = battle(&out, "13th Fusiliers")
        else {
            panic!("no regiment battle")
        };
        assert_eq!(
            *reff,
            (rma + cascade(*army_br) + cascade(*bde_br)).clamp(1, 10),
            "seed {seed}"
        );
        assert_eq!(*br, t.battle_result(*reff, *rroll));
        assert!(
            t.brigade("1st-foot")
                .is_some_and(|b| b.missions.contains(mission))
        );
    }
}

#[test]
fn eg_front_005_an_able_adjutant_lifts_his_colonel_by_one() {
    for seed in 1..30 {
        let mut w = june(seed, Rank::Captain);
        enlist(&mut w, "Porthos", "13F", Rank::Captain);
        command(
            &mut w,
            "Porthos",
            Appointment::Staff(umpire_engarde::model::Post::Adjutant, "13F".into()),
        );
        let colonel = w.holder(&Appointment::Colonel("13F".into()));
        let Some(colonel) = colonel else {
            panic!("no colonel")
        };
        w.characters[colonel.raw() as usize].ma = 3;
        let p = id(&w, "Porthos");
        w.characters[p.raw() as usize].ma = 5;
        let out = play(&w, &["CHARACTER Athos"]);
        let cascade = |name: &str| match battle(&out, name) {
            Some(What::Battle { br: 1 | 2, .. }) => 1,
            Some(What::Battle { br: 5 | 6, .. }) => -1,
            _ => 0,
        };
        let Some(What::Battle { effective_ma, .. }) = battle(&out, "13th Fusiliers") else {
            panic!()
        };
        assert_eq!(
            *effective_ma,
            (3 + 1 + cascade("the Army") + cascade("First Foot Brigade")).clamp(1, 10)
        );
    }
}

#[test]
fn eg_front_006_death_roll_from_the_table_plus_regiment_and_rank() {
    let t = tables();
    for (regiment, rank) in [
        ("13F", Rank::Captain),
        ("RFG", Rank::Major),
        ("GAS", Rank::Private),
    ] {
        for seed in 1..15 {
            let mut w = paris_in(6, seed, &[("Athos", 9, 500)]);
            enlist(&mut w, "Athos", regiment, rank);
            let out = play(&w, &["CHARACTER Athos"]);
            let name = t
                .regiment(regiment)
                .map(|r| r.name.clone())
                .unwrap_or_default();
            let Some(What::Battle { br, mission, .. }) = battle(&out, &name) else {
                panic!("no battle for {name}")
            };
            let Some(o) = t.outcome(*mission, *br) else {
                panic!()
            };
            let reg = t.regiment(regiment).map(|r| r.front).unwrap_or_default();
            let Some((base, ..)) = death_roll(&out) else {
                panic!()
            };
            assert_eq!(
                base,
                o.death + reg.death + t.rank_front(rank).death,
                "{regiment} {rank:?} seed {seed}"
            );
        }
    }
}

#[test]
fn eg_front_007_a_promotion_that_cannot_be_had_is_a_mention() {
    let mut seen = 0;
    for seed in 1..400 {
        let out = front_month(seed, Rank::Colonel, "CHARACTER Athos");
        for e in events(&out, "Athos") {
            if let What::Promotion {
                roll,
                rank,
                as_mention,
                ..
            } = &e.what
            {
                if roll.success {
                    assert!(*as_mention && rank.is_none(), "seed {seed}");
                    let paid = events(&out, "Athos").iter().find_map(|e| match e.what {
                        What::MentionsPaid { mentions } => Some(mentions),
                        _ => None,
                    });
                    assert!(paid.is_some_and(|m| m >= 1));
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 0);
    // A Captain who succeeds becomes a Major (brevet when his SL is short).
    for seed in 1..400 {
        let out = front_month(seed, Rank::Captain, "CHARACTER Athos");
        if let Some(What::Promotion {
            rank: Some(r),
            brevet,
            ..
        }) = events(&out, "Athos")
            .iter()
            .map(|e| &e.what)
            .find(|w| matches!(w, What::Promotion { rank: Some(_), .. }))
        {
            assert_eq!(*r, Rank::Major);
            let a = &out.world.characters[id(&out.world, "Athos").raw() as usize];
            assert_eq!((a.rank, a.brevet), (Some(Rank::Major), *brevet));
            return;
        }
    }
    panic!("no promotion in 400 seeds");
}

#[test]
fn eg_front_008_mentions_are_paid_as_sp_on_return() {
    let mut seen = false;
    for seed in 1..200 {
        let out = front_month(seed, Rank::Captain, "CHARACTER Athos");
        let mentions = events(&out, "Athos")
            .iter()
            .filter(|e| {
                matches!(&e.what, What::Mention(r) if r.success)
                    || matches!(
                        &e.what,
                        What::Promotion {
                            as_mention: true,
                            ..
                        }
                    )
            })
            .count() as u32;
        let front_sp: Sp = events(&out, "Athos")
            .iter()
            .filter(|e| e.when == When::Front)
            .fold(Sp::ZERO, |a, e| a + e.sp);
        assert_eq!(front_sp, Sp::ZERO, "nothing paid while away");
        let paid: Vec<&Event> = events(&out, "Athos")
            .into_iter()
            .filter(|e| matches!(e.what, What::MentionsPaid { .. }))
            .collect();
        if mentions > 0 {
            seen = true;
            assert_eq!(paid.len(), 1);
            assert_eq!(paid[0].when, When::Endmonth);
            assert_eq!(paid[0].sp, Sp::whole(6 * i64::from(mentions)));
        } else {
            assert!(paid.is_empty());
        }
    }
    assert!(seen);
}

#[test]
fn eg_front_009_a_successful_cash_roll_pays_plunder() {
    let t = tables();
    let mut seen = false;
    for seed in 1..300 {
        let out = front_month(seed, Rank::Private, "CHARACTER Athos");
        let Some(What::Battle { br, mission, .. }) = battle(&out, "13th Fusiliers") else {
            continue;
        };
        for e in events(&out, "Athos") {
            if let What::Plunder { roll, amount } = &e.what {
                let Some(o) = t.outcome(*mission, *br) else {
                    panic!()
                };
                assert_eq!(e.cash, *amount);
                if roll.success {
                    seen = true;
                    let (lo, hi) = (
                        i64::from(o.plunder_dice) * o.plunder_times,
                        i64::from(o.plunder_dice) * 6 * o.plunder_times,
                    );
                    assert!((lo..=hi).contains(amount), "{amount} not in {lo}..={hi}");
                    assert_eq!(amount % o.plunder_times, 0);
                } else {
                    assert_eq!(*amount, 0);
                }
            }
        }
    }
    assert!(seen);
}

#[test]
fn eg_brave_001_a_roll_at_or_above_the_death_roll_kills() {
    let (mut boundary, mut checked) = (0, 0);
    for seed in 1..300 {
        let out = front_month(seed, Rank::Private, "CHARACTER Athos");
        let Some((_, dr, _, _, roll)) = death_roll(&out) else {
            panic!()
        };
        let killed = events(&out, "Athos")
            .iter()
            .any(|e| matches!(e.what, What::Killed));
        assert_eq!(killed, i32::from(roll) >= dr, "seed {seed}");
        checked += 1;
        if i32::from(roll) == dr {
            boundary += 1;
            assert!(killed, "equality kills");
        }
    }
    assert!(boundary > 0 && checked > 0);
    // A lower death roll is worse: bravery lowers it.
    assert!(apply_clauses(10, &[FrontClause::Brave(2)]).0 < 10);
}

#[test]
fn eg_brave_002_reckless_bravery_takes_b_off_the_death_roll() {
    assert_eq!(apply_clauses(11, &[FrontClause::Brave(3)]), (8, 3, 0));
    for seed in 1..10 {
        let out = front_month(seed, Rank::Captain, "CHARACTER Athos\nFRONT\nBRAVE 2");
        let Some((base, adjusted, brave, _, _)) = death_roll(&out) else {
            panic!()
        };
        assert_eq!((adjusted, brave), (base - 2, 2));
    }
}

#[test]
fn eg_brave_003_bravery_takes_the_same_off_mention_promotion_and_cash() {
    for seed in 1..80 {
        let plain = front_month(seed, Rank::Captain, "CHARACTER Athos");
        let brave = front_month(seed, Rank::Captain, "CHARACTER Athos\nFRONT\nBRAVE 2");
        let (a, b) = (front_rolls(&plain), front_rolls(&brave));
        if a.is_empty() || b.is_empty() {
            continue;
        }
        for ((n1, r1), (n2, r2)) in a.iter().zip(&b) {
            assert_eq!(n1, n2);
            assert_eq!(r2.needed, r1.needed - 2, "seed {seed}: {n1}");
        }
    }
}

#[test]
fn eg_brave_004_poltroonery_adds_p_to_the_death_roll() {
    assert_eq!(apply_clauses(7, &[FrontClause::Poltroon(3)]), (10, 0, 3));
    let out = front_month(3, Rank::Captain, "CHARACTER Athos\nFRONT\nPOLTROON 3");
    let Some((base, adjusted, _, p, _)) = death_roll(&out) else {
        panic!()
    };
    assert_eq!((adjusted, p), (base + 3, 3));
}

#[test]
fn eg_brave_005_a_poltroon_risks_being_noticed_or_cashiered() {
    let (mut unnoticed, mut noticed, mut cashiered) = (0, 0, 0);
    for seed in 1..300 {
        let out = front_month(seed, Rank::Captain, "CHARACTER Athos\nFRONT\nPOLTROON 4");
        let Some(e) = events(&out, "Athos")
            .into_iter()
            .find(|e| matches!(e.what, What::Poltroonery { .. }))
        else {
            continue;
        };
        let What::Poltroonery {
            die,
            noticed: n,
            cashiered: c,
        } = e.what
        else {
            unreachable!()
        };
        let rolls = front_rolls(&out);
        let athos = &out.world.characters[id(&out.world, "Athos").raw() as usize];
        match die {
            1 | 2 => {
                unnoticed += 1;
                assert!(!n && !c && e.sp == Sp::ZERO);
                assert!(!rolls.is_empty());
                let plunder = events(&out, "Athos").iter().find_map(|x| match x.what {
                    What::Plunder { amount, .. } => Some(amount),
                    _ => None,
                });
                assert!(
                    plunder.is_none_or(|a| a == 0),
                    "no plunder for an unnoticed poltroon"
                );
            }
            3..=5 => {
                noticed += 1;
                assert!(n && !c && e.sp == Sp::whole(-3) && e.public);
                assert!(rolls.is_empty(), "no honours when noticed");
            }
            _ => {
                cashiered += 1;
                assert!(n && c && e.sp == Sp::whole(-6));
                assert_eq!(
                    (athos.regiment.as_deref(), athos.rank),
                    (None, None),
                    "thrown out of the regiment"
                );
            }
        }
    }
    assert!(
        unnoticed > 0 && noticed > 0 && cashiered > 0,
        "{unnoticed} {noticed} {cashiered}"
    );
}

#[test]
fn eg_brave_006_a_death_roll_condition_is_answered_after_the_roll_is_known() {
    for seed in 1..40 {
        let out = front_month(
            seed,
            Rank::Captain,
            "CHARACTER Athos\nFRONT\nIF DEATH ROLL OVER 9, REDUCE IT TO 9",
        );
        let Some((base, adjusted, brave, _, _)) = death_roll(&out) else {
            panic!()
        };
        assert_eq!(adjusted, base.min(9));
        assert_eq!(brave, (base - 9).max(0));
    }
}

#[test]
fn eg_brave_007_the_model_order_on_three_rolls() {
    let order = [FrontClause::CapAt(12), FrontClause::FloorAt(9)];
    assert_eq!(apply_clauses(14, &order), (12, 2, 0));
    assert_eq!(apply_clauses(10, &order), (10, 0, 0));
    assert_eq!(apply_clauses(7, &order), (9, 0, 2));
    // And as the excerpt writes it, through the parser.
    let out = front_month(
        1,
        Rank::Captain,
        "CHARACTER Athos\nFRONT\nIf death roll over 12, reduce it to 12. If DR under 9, increase it to 9",
    );
    let Some((base, adjusted, brave, poltroon, _)) = death_roll(&out) else {
        panic!()
    };
    assert_eq!((adjusted, brave, poltroon), apply_clauses(base, &order));
}

#[test]
fn eg_brave_008_conditions_test_the_adjusted_death_roll() {
    // A Major of the Royal Foot Guards: +3 regiment, +2 rank. The cap is
    // compared with the adjusted figure, so bravery is base - 12 whenever
    // the adjusted figure is over 12, even when the table's is not.
    let mut over_table = 0;
    for seed in 1..80 {
        let mut w = paris_in(6, seed, &[("Athos", 11, 500)]);
        enlist(&mut w, "Athos", "RFG", Rank::Major);
        let out = play(
            &w,
            &["CHARACTER Athos\nFRONT\nIF DEATH ROLL OVER 12, REDUCE IT TO 12"],
        );
        let Some((base, adjusted, brave, _, _)) = death_roll(&out) else {
            panic!()
        };
        assert_eq!(brave, (base - 12).max(0));
        assert_eq!(adjusted, base.min(12));
        if base > 12 && base - 5 <= 12 {
            over_table += 1;
        }
    }
    assert!(over_table > 0);
}

#[test]
fn eg_cond_012_only_the_front_may_test_the_death_roll() {
    let c = Cond::DeathRoll {
        over: Some(12),
        under: None,
    };
    assert!(illegal(&c, Phase::Front).is_none());
    assert!(illegal(&c, Phase::Week(2)).is_some());
    assert!(illegal(&c, Phase::Premonthly).is_some());
}

#[test]
fn a_volunteer_without_a_regiment_fights_with_the_frontier_brigade() {
    let w = paris(&[("Athos", 5, 500)]);
    let out = play(&w, &["CHARACTER Athos\nVOLUNTEER"]);
    assert!(battle(&out, "Frontier Brigade").is_some());
    let t = tables();
    let Some(What::Battle { br, mission, .. }) = battle(&out, "Frontier Brigade") else {
        panic!()
    };
    let Some(o) = t.outcome(*mission, *br) else {
        panic!()
    };
    let Some((base, ..)) = death_roll(&out) else {
        panic!()
    };
    assert_eq!(base, o.death + t.unattached_front.death);
    assert!(matches!(
        mission,
        Mission::Siege | Mission::Assault | Mission::Defence | Mission::Field
    ));
    let athos = &out.world.characters[id(&out.world, "Athos").raw() as usize];
    assert!(
        athos.whereabouts != Whereabouts::Front,
        "back from the front at the end of the month"
    );
}
