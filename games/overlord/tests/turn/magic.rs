//! Magic outside battle: mana, meditation and ritual, world
//! spells cast with USE, summoning, enchantments, and the study rules of
//! magic. Spells are counted on the engine alone (`run_bare`), where mana
//! is only spent and made by spells; the day's regain and decay are the
//! economy's `mana` step and are tested with `run`.

use umpire_overlord::rules::{EnchantmentId, ItemId, SkillId};
use umpire_overlord::turn::log::{Dropped, StudyBlock, UseProblem};
use umpire_overlord::turn::magic::enchantments::PERMANENT;
use umpire_overlord::turn::magic::mana;
use umpire_overlord::turn::travel::Load;
use umpire_overlord::turn::{TurnLog, control, visibility};
use umpire_overlord::world::unit::Effect;

use super::*;

fn item(tag: &str) -> ItemId {
    rules().item(tag).unwrap()
}

fn skill(tag: &str) -> SkillId {
    rules().skill(tag).unwrap()
}

fn ench(tag: &str) -> EnchantmentId {
    rules().index.enchantments.get(tag).unwrap()
}

fn give(g: &mut Game, u: UnitId, tag: &str, n: u64) {
    g.w.units[u].add_items(item(tag), n, 0);
}

fn has(g: &Game, u: UnitId, tag: &str) -> u64 {
    g.w.units[u].count(item(tag))
}

fn days_of(g: &Game, u: UnitId, tag: &str) -> Option<u32> {
    g.w.units[u]
        .effects
        .iter()
        .find(|e| e.enchantment == ench(tag))
        .map(|e| e.days)
}

/// A leader of faction `f` at L`at` knowing magecraft and these skills at
/// 1st level, holding `mana`.
fn mage(g: &mut Game, f: u32, at: u32, skills: &[&str], mana: u32) -> UnitId {
    let u = g.leader(f, at);
    g.learn(u, "mage", 1);
    for s in skills {
        g.learn(u, s, 1);
    }
    g.w.units[u].mana = mana;
    u
}

fn cannot(log: &TurnLog, u: UnitId) -> Vec<UseProblem> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::CannotUse { why, .. } => Some(why),
            _ => None,
        })
        .collect()
}

/// (day, target, days now) of each enchantment `u` laid.
fn enchanted(log: &TurnLog, u: UnitId) -> Vec<(u8, UnitId, u32)> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::Enchanted { target, days, .. } => Some((e.day, target, days)),
            _ => None,
        })
        .collect()
}

/// (day, change, now) of each day's mana change.
fn mana_changes(log: &TurnLog, u: UnitId) -> Vec<(u8, i32, u32)> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::ManaChanged { by, now } => Some((e.day, by, now)),
            _ => None,
        })
        .collect()
}

fn spent(log: &TurnLog, u: UnitId) -> Vec<(u8, u32)> {
    log.of_unit(u)
        .filter_map(|e| match e.what {
            What::ManaSpent { mana, .. } => Some((e.day, mana)),
            _ => None,
        })
        .collect()
}

// --- Mana ------------------------------------------------------------------

#[test]
fn ov_mag_009_maximum_mana_is_the_sum_of_magic_levels() {
    let mut g = Game::new(1, 1);
    // The rules' example: 1st magecraft, earth, meditation and a fourth
    // spell (fertility is not in the data; ritual is) give 4.
    let u = mage(&mut g, 1, 1, &["eart", "medi", "ritu"], 0);
    assert_eq!(mana::maximum(rules(), &g.w.units[u]), 4);
    // 2nd magecraft adds one; the control points follow (OV-CP-004):
    // one for the figure, one per started 4 of maximum mana.
    g.learn(u, "mage", 2);
    assert_eq!(mana::maximum(rules(), &g.w.units[u]), 5);
    assert_eq!(control::needed(rules(), &g.w.units[u]), 1 + 2);
    // A leader with no magic has none.
    let plain = g.leader(1, 1);
    assert_eq!(mana::maximum(rules(), &g.w.units[plain]), 0);
}

#[test]
fn ov_mag_012_below_the_maximum_one_mana_at_the_end_of_every_second_day() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &[], 0);
    for s in ["wate", "void", "fire", "eart"] {
        g.learn(u, s, 4);
    }
    g.learn(u, "mage", 6);
    assert_eq!(mana::maximum(rules(), &g.w.units[u]), 22);
    give(&mut g, u, "coin", 1000);
    let log = g.run(&[]);
    assert_eq!(g.w.units[u].mana, 15);
    let changes = mana_changes(&log, u);
    assert_eq!(changes.len(), 15);
    assert_eq!(changes[0], (2, 1, 1));
    assert_eq!(changes[14], (30, 1, 15));
    assert!(changes.iter().all(|&(d, by, _)| d % 2 == 0 && by == 1));
}

#[test]
fn ov_mag_012_at_the_maximum_mana_stays() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &["eart", "medi", "ritu"], 4);
    give(&mut g, u, "coin", 1000);
    let log = g.run(&[]);
    assert_eq!(g.w.units[u].mana, 4);
    assert!(mana_changes(&log, u).is_empty());
}

#[test]
fn ov_mag_014_overcharged_mana_is_lost_faster_the_higher_it_is() {
    // Maximum 4. Under 50% over (5): one per two days, on even days.
    assert_eq!(mana::next(5, 4, 1), 5);
    assert_eq!(mana::next(5, 4, 2), 4);
    // Under 100% over (6, 7): one a day.
    assert_eq!(mana::next(6, 4, 1), 5);
    assert_eq!(mana::next(7, 4, 2), 6);
    // Under 150% over (8, 9): three per two days.
    assert_eq!(mana::next(9, 4, 1), 8);
    assert_eq!(mana::next(9, 4, 2), 7);
    // Under 200% over (10, 11): two a day; and so on.
    assert_eq!(mana::next(10, 4, 1), 8);
    assert_eq!(mana::next(11, 4, 2), 9);
    // Never below the maximum; nothing to hold it without one.
    assert_eq!(mana::next(5, 4, 30), 4);
    assert_eq!(mana::next(3, 0, 1), 0);
    // Below it: one on even days only.
    assert_eq!(mana::next(3, 4, 1), 3);
    assert_eq!(mana::next(3, 4, 2), 4);
}

#[test]
fn ov_mag_014_an_overcharged_mage_falls_back_to_its_maximum() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &["eart", "medi", "ritu"], 8);
    give(&mut g, u, "coin", 1000);
    let log = g.run(&[]);
    // 8 (100% over): 1 on day 1, then 7 and 6 are under 100% (1 a day),
    // then 5 is under 50% and goes on the even day 4.
    assert_eq!(
        mana_changes(&log, u),
        [(1, -1, 7), (2, -1, 6), (3, -1, 5), (4, -1, 4)]
    );
    assert_eq!(g.w.units[u].mana, 4);
}

#[test]
fn ov_mag_010_mana_is_the_units_own_and_is_not_given() {
    let mut g = Game::new(1, 1);
    let a = mage(&mut g, 1, 1, &[], 5);
    let b = mage(&mut g, 1, 1, &[], 0);
    g.orders(a, &["GIVE U2 mana 1"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[a].mana, 5);
    assert_eq!(g.w.units[b].mana, 0);
    assert!(first(&log, a, |w| matches!(w, What::Gave { .. })).is_none());
    assert_eq!(g.pending(a), ["GIVE U2 mana 1"]);
}

#[test]
fn ov_mag_010_mana_items_become_the_units_mana() {
    let mut g = Game::new(1, 1);
    // Maximum 1: three mana items held become mana at the end of day 1,
    // then the overcharge goes (200% over: two a day).
    let u = mage(&mut g, 1, 1, &[], 0);
    give(&mut g, u, "mana", 3);
    give(&mut g, u, "coin", 1000);
    let log = g.run(&[]);
    assert_eq!(has(&g, u, "mana"), 0);
    assert_eq!(mana_changes(&log, u)[0], (1, -2, 1));
    assert_eq!(g.w.units[u].mana, 1);
}

// --- Meditation and ritual -------------------------------------------------

#[test]
fn ov_mag_015_meditation_turns_one_herbs_into_a_mana_per_level() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &[], 0);
    g.learn(u, "medi", 2);
    give(&mut g, u, "hrbs", 3);
    g.orders(u, &["USE medi 3"]);
    let log = g.run_bare(&[]);
    // Three days, two mana each, past the maximum of 3.
    assert_eq!(g.w.units[u].mana, 6);
    assert_eq!(mana::maximum(rules(), &g.w.units[u]), 3);
    assert_eq!(has(&g, u, "hrbs"), 0);
    let made: Vec<(u8, u32)> = log
        .of_unit(u)
        .filter_map(|e| match e.what {
            What::Ritual { mana, target, .. } if target == u => Some((e.day, mana)),
            _ => None,
        })
        .collect();
    assert_eq!(made, [(1, 2), (2, 2), (3, 2)]);
    assert!(g.pending(u).is_empty());
    assert!(spent(&log, u).is_empty());
}

#[test]
fn ov_mag_015_no_herbs_no_meditation() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &["medi"], 0);
    g.orders(u, &["USE medi"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), [UseProblem::NoMaterials]);
    assert_eq!(g.w.units[u].mana, 0);
    assert_eq!(g.pending(u), ["USE medi"]);
}

#[test]
fn ov_mag_015_meditation_adds_to_the_days_regain() {
    let mut g = Game::new(1, 1);
    // Maximum 2 (magecraft, meditation), 0 mana: meditating on day 2
    // gives 1, and the end of day 2 still regains 1.
    let u = mage(&mut g, 1, 1, &["medi"], 0);
    give(&mut g, u, "hrbs", 1);
    give(&mut g, u, "coin", 1000);
    g.orders(u, &["D2 USE medi"]);
    let log = g.run(&[]);
    assert_eq!(mana_changes(&log, u)[0], (2, 1, 2));
    assert_eq!(g.w.units[u].mana, 2);
}

#[test]
fn ov_mag_015_ritual_lends_mana_to_the_target() {
    let mut g = Game::new(1, 1);
    let a = mage(&mut g, 1, 1, &["medi", "ritu"], 5);
    let b = mage(&mut g, 1, 1, &[], 0);
    g.orders(a, &["TARGET U2", "USE ritu 2"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[a].mana, 3);
    assert_eq!(g.w.units[b].mana, 2);
    assert_eq!(spent(&log, a), [(1, 1), (2, 1)]);
    let got: Vec<u32> = log
        .of_unit(b)
        .filter_map(|e| match e.what {
            What::ManaReceived { from, now, .. } if from == a => Some(now),
            _ => None,
        })
        .collect();
    assert_eq!(got, [1, 2]);
}

// --- World spells ----------------------------------------------------------

#[test]
fn ov_mag_016_a_spell_without_a_target_is_cast_on_the_caster() {
    let mut g = Game::new(1, 1);
    // Water walking, 1st level: 1 mana, 4 figure-days of swimming.
    let u = mage(&mut g, 1, 1, &["wate", "wwal"], 3);
    g.orders(u, &["USE wwal 1"]);
    let log = g.run_bare(&[]);
    assert_eq!(enchanted(&log, u), [(1, u, 4)]);
    assert_eq!(g.w.units[u].mana, 2);
    // Laid on day 1, it counts that day and lapses at the end of day 4.
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::EnchantmentExpired { .. })),
        Some(4)
    );
    assert!(g.w.units[u].effects.is_empty());
}

#[test]
fn ov_mag_018_use_spell_n_casts_it_n_times() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &["wate", "wwal"], 5);
    g.orders(u, &["USE wwal 3", "-NAME \"dry\""]);
    let log = g.run_bare(&[]);
    // 4, then 3 + 4, then 6 + 4: one casting a day for a lone mage.
    assert_eq!(enchanted(&log, u), [(1, u, 4), (2, u, 7), (3, u, 10)]);
    assert_eq!(spent(&log, u), [(1, 1), (2, 1), (3, 1)]);
    assert_eq!(g.w.units[u].mana, 2);
    assert!(g.pending(u).is_empty());
    assert_eq!(g.w.units[u].name, "dry");
}

#[test]
fn ov_mag_011_spells_cost_mana_on_top_of_their_components() {
    let mut g = Game::new(1, 2);
    // Blind: 1 herbs and 2 mana a casting, 3 figure-days of blindness,
    // on another faction's leader TARGETed by the caster.
    let a = mage(&mut g, 1, 1, &["void", "blnd"], 10);
    give(&mut g, a, "hrbs", 5);
    let b = g.leader(2, 1);
    g.w.units[b].settings.announce = true;
    g.orders(a, &["TARGET U2", "USE blnd 2"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.units[a].mana, 6);
    assert_eq!(has(&g, a, "hrbs"), 3);
    assert_eq!(enchanted(&log, a), [(1, b, 3), (2, b, 5)]);
    // The victim's faction learns of it, not who cast it.
    let told = first(&log, b, |w| matches!(w, What::EnchantmentGained { .. })).unwrap();
    assert_eq!(told.seen_by[..], [g.faction(2)]);
    assert_eq!(
        day_of(&log, b, |w| matches!(w, What::EnchantmentExpired { .. })),
        Some(6)
    );
}

#[test]
fn ov_mag_011_magical_crafts_pay_their_mana_too() {
    let mut g = Game::new(1, 1);
    // Enchant stone: 1 gems and 5 mana a stone, 5 days at 1st level.
    let u = mage(&mut g, 1, 1, &["esto"], 6);
    give(&mut g, u, "gems", 2);
    g.orders(u, &["USE esto 2"]);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, u, "msto"), 1);
    assert_eq!(has(&g, u, "gems"), 1);
    assert_eq!(g.w.units[u].mana, 1);
    assert_eq!(spent(&log, u), [(1, 5)]);
    assert_eq!(cannot(&log, u), [UseProblem::NoMana]);
    assert_eq!(g.pending(u), ["USE esto 1"]);
}

#[test]
fn ov_mag_011_without_the_mana_the_spell_waits() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &["wate", "wwal"], 0);
    g.orders(u, &["USE wwal"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), [UseProblem::NoMana]);
    assert!(g.w.units[u].effects.is_empty());
    assert_eq!(g.pending(u), ["USE wwal"]);
}

#[test]
fn ov_mag_016_without_a_valid_target_the_spell_waits_said_once() {
    let mut g = Game::new(2, 1);
    // Raise morale needs a unit TARGETed: none, then one elsewhere.
    let a = mage(&mut g, 1, 1, &["airs", "rmor"], 5);
    let b = mage(&mut g, 1, 1, &["airs", "rmor"], 5);
    g.unit(1, "man", 1, 2);
    g.orders(a, &["USE rmor"]);
    g.orders(b, &["TARGET U3", "USE rmor"]);
    let log = g.run_bare(&[]);
    // Each told its own reason: no TARGET given; a target not here.
    for (u, why) in [(a, UseProblem::NoTarget), (b, UseProblem::TargetOutOfReach)] {
        assert_eq!(cannot(&log, u), [why]);
        assert_eq!(g.w.units[u].mana, 5);
        assert_eq!(g.pending(u), ["USE rmor"]);
    }
}

#[test]
fn ov_mag_016_a_casting_shares_its_figure_days_over_the_targets_figures() {
    let mut g = Game::new(1, 1);
    // War paints, 1st level: 1 iron lays 10 × 10 figure-days of melee;
    // on 10 warriors (the painters themselves), 10 days.
    let painters = g.unit(1, "man", 10, 1);
    g.learn(painters, "wpai", 1);
    give(&mut g, painters, "iron", 3);
    g.orders(painters, &["TARGET U1", "USE wpai 1"]);
    // Raise morale, 1st level, gives 4 figure-days: not one for each of
    // 10 figures, so it is not cast at all.
    let m = mage(&mut g, 1, 1, &["airs", "rmor"], 5);
    g.orders(m, &["TARGET U1", "USE rmor"]);
    let log = g.run_bare(&[]);
    assert_eq!(enchanted(&log, painters), [(1, painters, 10)]);
    assert_eq!(has(&g, painters, "iron"), 2);
    assert_eq!(cannot(&log, m), [UseProblem::TooManyFigures]);
    assert_eq!(g.w.units[m].mana, 5);
}

#[test]
fn ov_mag_008_combat_spells_are_not_cast_with_use() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &["eart", "sboa"], 10);
    g.orders(u, &["USE sboa"]);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), [UseProblem::CombatOnly]);
    assert_eq!(g.w.units[u].mana, 10);
}

#[test]
fn ov_mag_008_battle_spells_without_a_world_effect_are_refused_outside_battle() {
    // Fire ball, hailstones and stone scales name no kind in the data: a
    // battle action at their level makes them battle spells, refused with
    // USE and not left as "not carried out yet".
    for (element, spell) in [("fire", "fbal"), ("eart", "scal"), ("fire", "ftch")] {
        let mut g = Game::new(1, 1);
        let u = mage(&mut g, 1, 1, &[element, spell], 10);
        g.orders(u, &[&format!("USE {spell}")]);
        let log = g.run_bare(&[]);
        assert_eq!(cannot(&log, u), [UseProblem::CombatOnly], "{spell}");
        assert!(
            !log.of_unit(u)
                .any(|e| matches!(e.what, What::NotAdjudicated { .. })),
            "{spell}"
        );
        assert_eq!(g.w.units[u].mana, 10, "{spell}");
    }
}

#[test]
fn ov_mag_016_icing_is_cast_on_the_caster() {
    // Icing names an effect and no kind: a world spell on the caster,
    // paid in mana stones.
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &["wate"], 0);
    g.learn(u, "wate", 2);
    g.learn(u, "icin", 1);
    give(&mut g, u, "mana", 5);
    g.orders(u, &["USE icin 1"]);
    let log = g.run_bare(&[]);
    assert!(
        !log.of_unit(u)
            .any(|e| matches!(e.what, What::NotAdjudicated { .. }))
    );
    assert!(
        days_of(&g, u, "evticin").is_some_and(|d| d > 0),
        "{:?}",
        g.w.units[u].effects
    );
}

#[test]
fn ov_mag_008_summoning_calls_creatures_stacked_under_the_caster() {
    let mut g = Game::new(1, 1);
    // Call grey wolf, 1st level: 8 mana and 15 man-days a wolf. In
    // summer (turn 4), when no season speeds earth magic.
    g.w.turn = 3;
    let u = mage(&mut g, 1, 1, &["eart", "chou", "cgwf"], 16);
    g.orders(u, &["USE cgwf 2"]);
    let log = g.run_bare(&[]);
    let calls: Vec<(u8, UnitId, bool)> = log
        .of_unit(u)
        .filter_map(|e| match e.what {
            What::Summoned { unit, new, .. } => Some((e.day, unit, new)),
            _ => None,
        })
        .collect();
    assert_eq!(calls.len(), 2);
    let pack = calls[0].1;
    assert_eq!(calls, [(15, pack, true), (30, pack, false)]);
    let wolves = &g.w.units[pack];
    assert_eq!(wolves.race, rules().race("gwol").unwrap());
    assert_eq!(wolves.figures, 2);
    assert_eq!(wolves.faction, g.faction(1));
    assert_eq!(wolves.stack_parent, Some(u));
    assert_eq!(g.w.units[u].mana, 0);
    assert_eq!(spent(&log, u), [(1, 8), (16, 8)]);
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_mag_017_an_interrupted_casting_is_spoiled() {
    let mut g = Game::new(1, 1);
    // One day of a 15-day summoning, then nothing: lost at the end of
    // day 2 with its mana.
    let u = mage(&mut g, 1, 1, &["eart", "chou", "cgwf"], 10);
    g.orders(u, &["USE cgwf"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::CastingSpoiled { .. })),
        Some(2)
    );
    assert_eq!(g.w.units[u].mana, 2);
    assert!(g.w.units[u].making.is_empty());
    assert_eq!(g.w.units.len(), 1);
}

#[test]
fn ov_mag_016_switching_targets_keeps_half_the_casting_and_pays_again() {
    let mut g = Game::new(3, 1);
    // Dream walking, 1st level: a look at a neighbouring location for 1
    // herbs and 5 man-days. Two days on L1, then TARGET L3: the casting
    // keeps 1 day, takes another herbs and needs 4 more days.
    let u = g.leader(1, 2);
    g.learn(u, "drew", 1);
    give(&mut g, u, "hrbs", 3);
    let seen = g.unit(1, "man", 5, 3);
    g.orders(u, &["TARGET L1", "2 USE drew", "-TARGET L3", "-USE drew 1"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::CastingRetargeted { .. })),
        Some(3)
    );
    let looks: Vec<(u8, LocationId, Vec<UnitId>)> = log
        .of_unit(u)
        .filter_map(|e| match &e.what {
            What::Reconnoitred { place, units, .. } => Some((e.day, *place, units.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(looks, [(6, g.loc(3), vec![seen])]);
    assert_eq!(has(&g, u, "hrbs"), 1);
    assert!(g.pending(u).is_empty());
}

// --- Study -----------------------------------------------------------------

#[test]
fn ov_mag_004_one_element_per_level_of_magecraft() {
    let mut g = Game::new(1, 1);
    let one = mage(&mut g, 1, 1, &["eart"], 0);
    let two = mage(&mut g, 1, 1, &["eart"], 0);
    g.learn(two, "mage", 2);
    for u in [one, two] {
        give(&mut g, u, "coin", 200);
        g.orders(u, &["STUDY fire 1"]);
    }
    let log = g.run_bare(&[]);
    let waits = |u| {
        log.of_unit(u).find_map(|e| match e.what {
            What::StudyWaits { why, .. } => Some(why),
            _ => None,
        })
    };
    assert_eq!(waits(one), Some(StudyBlock::Elements));
    assert_eq!(g.w.units[one].experience(skill("fire")), 0);
    assert_eq!(waits(two), None);
    assert!(g.w.units[two].experience(skill("fire")) >= 3000);
}

#[test]
fn ov_mag_002_followers_never_study_magic() {
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 5, 1);
    give(&mut g, u, "coin", 500);
    g.orders(u, &["STUDY mage"]);
    let log = g.run_bare(&[]);
    assert!(
        first(&log, u, |w| matches!(
            w,
            What::OrderDropped {
                reason: Dropped::NotAllowed,
                ..
            }
        ))
        .is_some()
    );
    assert_eq!(g.w.units[u].experience(skill("mage")), 0);
}

#[test]
fn ov_mag_006_generic_spells_need_only_magecraft() {
    let mut g = Game::new(1, 1);
    let u = mage(&mut g, 1, 1, &[], 0);
    give(&mut g, u, "coin", 200);
    g.orders(u, &["STUDY medi 1"]);
    g.run_bare(&[]);
    assert!(g.w.units[u].experience(skill("medi")) >= 3000);
}

// --- Enchantments ----------------------------------------------------------

#[test]
fn ov_ench_001_enchantments_count_in_ratings_capacities_and_work() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let stealth = visibility::stealth(&g.w, rules(), &g.w.units[u]);
    let swim =
        Load::of_unit(rules(), &g.w.units[u]).capacity(umpire_overlord::rules::Movement::Swim);
    for tag in ["efffors", "effswim"] {
        g.w.units[u].effects.push(Effect {
            enchantment: ench(tag),
            days: 10,
        });
    }
    assert_eq!(
        visibility::stealth(&g.w, rules(), &g.w.units[u]),
        stealth + 3
    );
    assert_eq!(
        Load::of_unit(rules(), &g.w.units[u]).capacity(umpire_overlord::rules::Movement::Swim),
        swim + 70
    );
    // Enhanced work: +50% to weaponsmithing. Ten men make a club (10
    // man-days) a day, 15 in ten days with it.
    let smiths = g.unit(1, "man", 10, 1);
    let plain = g.unit(1, "man", 10, 1);
    for s in [smiths, plain] {
        g.learn(s, "weap", 1);
        give(&mut g, s, "wood", 100);
        g.orders(s, &["10 USE weap"]);
    }
    g.w.units[smiths].effects.push(Effect {
        enchantment: ench("effenhw"),
        days: PERMANENT,
    });
    g.run_bare(&[]);
    assert_eq!(has(&g, plain, "club"), 10);
    assert_eq!(has(&g, smiths, "club"), 15);
}

#[test]
fn ov_ench_002_each_day_takes_a_day_and_at_zero_it_lapses() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.w.units[u].effects.push(Effect {
        enchantment: ench("effswim"),
        days: 5,
    });
    g.w.units[u].effects.push(Effect {
        enchantment: ench("effride"),
        days: 40,
    });
    let log = g.run_bare(&[]);
    assert_eq!(days_of(&g, u, "effswim"), None);
    assert_eq!(days_of(&g, u, "effride"), Some(10));
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::EnchantmentExpired { .. })),
        Some(5)
    );
}

#[test]
fn ov_ench_003_100000_days_is_permanent() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.w.units[u].effects.push(Effect {
        enchantment: ench("effswim"),
        days: PERMANENT,
    });
    g.run_bare(&[]);
    assert_eq!(days_of(&g, u, "effswim"), Some(PERMANENT));
}

#[test]
fn ov_ench_004_enchantments_are_not_given() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    g.w.units[a].effects.push(Effect {
        enchantment: ench("effswim"),
        days: 50,
    });
    g.orders(a, &["GIVE U2 effswim 10"]);
    let log = g.run_bare(&[]);
    assert_eq!(days_of(&g, a, "effswim"), Some(20));
    assert!(g.w.units[b].effects.is_empty());
    assert!(first(&log, a, |w| matches!(w, What::Gave { .. })).is_none());
}

#[test]
fn ov_ench_005_a_permanent_enchantment_survives_merging() {
    let mut g = Game::new(1, 1);
    let a = g.unit(1, "man", 10, 1);
    let b = g.unit(1, "man", 10, 1);
    g.w.units[b].effects.push(Effect {
        enchantment: ench("effswim"),
        days: PERMANENT,
    });
    g.w.units[b].effects.push(Effect {
        enchantment: ench("effride"),
        days: 90,
    });
    g.orders(a, &["MERGE U2 10"]);
    g.run_bare(&[]);
    assert_eq!(g.w.units[b].figures, 20);
    assert_eq!(days_of(&g, b, "effswim"), Some(PERMANENT));
    // 90 × 10 / 20 on day 1, then 30 days.
    assert_eq!(days_of(&g, b, "effride"), Some(45 - 30));
}

// --- Stealth actions and burial ----------------------------------------------

/// A thief of f1 knowing `skill` at `level` (and the stealth it needs),
/// aiming at `target`.
fn thief(g: &mut Game, skill: &str, level: u8, target: UnitId) -> UnitId {
    let u = g.leader(1, 1);
    g.learn(u, "scou", 1);
    g.learn(u, "stea", 2);
    g.learn(u, skill, level);
    g.orders(
        u,
        &[
            &format!("TARGET U{}", target.index() + 1),
            &format!("USE {skill} 1"),
        ],
    );
    u
}

#[test]
fn ov_rsk_071_pick_pockets_unseen_takes_a_tenth_of_the_coins_per_level() {
    let mut g = Game::new(1, 2);
    let mark = g.leader(2, 1);
    give(&mut g, mark, "coin", 200);
    let u = thief(&mut g, "ppoc", 2, mark);
    let log = g.run_bare(&[]);
    // 2nd level: two tenths of 200.
    assert_eq!(has(&g, mark, "coin"), 160);
    assert_eq!(has(&g, u, "coin"), 40);
    let mine = first(&log, u, |w| matches!(w, What::Pickpocketed { .. })).unwrap();
    assert!(matches!(
        mine.what,
        What::Pickpocketed {
            coins: 40,
            noticed: false,
            ..
        }
    ));
    // The mark's faction learns the coins went, not who took them.
    let theirs = first(&log, mark, |w| matches!(w, What::PocketsPicked { .. })).unwrap();
    assert_eq!(
        theirs.what,
        What::PocketsPicked {
            coins: 40,
            thief: None
        }
    );
    assert_eq!(theirs.seen_by[..], [g.faction(2)]);
    assert!(g.pending(u).is_empty());
}

#[test]
fn ov_rsk_071_pick_pockets_seen_is_caught_and_takes_nothing() {
    let mut g = Game::new(1, 2);
    let mark = g.leader(2, 1);
    give(&mut g, mark, "coin", 200);
    // Observation 4 sees the thief's stealth (2nd stealth, 1st pick
    // pockets: 3).
    g.learn(mark, "scou", 1);
    g.learn(mark, "obse", 4);
    let u = thief(&mut g, "ppoc", 1, mark);
    let log = g.run_bare(&[]);
    assert_eq!(has(&g, mark, "coin"), 200);
    assert_eq!(has(&g, u, "coin"), 0);
    let theirs = first(&log, mark, |w| matches!(w, What::PocketsPicked { .. })).unwrap();
    assert_eq!(
        theirs.what,
        What::PocketsPicked {
            coins: 0,
            thief: Some(u)
        }
    );
}

#[test]
fn ov_rsk_071_assassinate_kills_a_lone_figure_some_of_the_time() {
    let (mut kills, mut misses) = (0, 0);
    for seed in 1..=24 {
        let mut g = Game::new(1, 2);
        g.w.seed = seed;
        let mark = g.leader(2, 1);
        give(&mut g, mark, "swrd", 1);
        let u = thief(&mut g, "assa", 1, mark);
        let log = g.run_bare(&[]);
        let tried = first(&log, u, |w| matches!(w, What::AssassinationTried { .. })).unwrap();
        let What::AssassinationTried {
            killed, noticed, ..
        } = tried.what
        else {
            unreachable!()
        };
        assert!(!noticed);
        if killed {
            kills += 1;
            // Gone, its sword on the ground, its faction told how.
            assert!(g.w.units[mark].gone);
            let l = g.loc(1);
            assert_eq!(g.w.locations[l].ground, [(item("swrd"), 1)]);
            let told = first(&log, mark, |w| matches!(w, What::Assassinated)).unwrap();
            assert_eq!(told.seen_by[..], [g.faction(2)]);
        } else {
            misses += 1;
            assert!(!g.w.units[mark].gone);
            assert!(first(&log, mark, |w| matches!(w, What::Assassinated)).is_none());
        }
    }
    // 25 % at 1st level.
    assert!(
        kills > 0 && misses > kills,
        "{kills} kills, {misses} misses"
    );
}

#[test]
fn ov_rsk_071_assassinate_needs_a_lone_figure() {
    let mut g = Game::new(1, 2);
    let band = g.unit(2, "man", 10, 1);
    let u = thief(&mut g, "assa", 3, band);
    let log = g.run_bare(&[]);
    assert_eq!(cannot(&log, u), [UseProblem::NotAPerson]);
    assert_eq!(g.w.units[band].figures, 10);
    assert_eq!(
        g.pending(u),
        [format!("TARGET U{}", band.index() + 1), "USE assa 1".into()][1..]
    );
}

#[test]
fn ov_rsk_071_bury_lays_twenty_undead_to_rest_a_casting() {
    let mut g = Game::new(1, 2);
    let dead = g.unit(2, "zomb", 30, 1);
    let living = g.unit(2, "man", 5, 1);
    let diggers = g.unit(1, "man", 20, 1);
    g.learn(diggers, "bury", 1);
    g.orders(
        diggers,
        &[&format!("TARGET U{}", dead.index() + 1), "USE bury 2"],
    );
    let others = g.unit(1, "man", 20, 1);
    g.learn(others, "bury", 1);
    g.orders(
        others,
        &[&format!("TARGET U{}", living.index() + 1), "USE bury 1"],
    );
    let log = g.run_bare(&[]);
    let buried: Vec<u32> = log
        .of_unit(diggers)
        .filter_map(|e| match e.what {
            What::Buried { figures, .. } => Some(figures),
            _ => None,
        })
        .collect();
    assert_eq!(buried, [20, 10]);
    assert!(g.w.units[dead].gone);
    assert!(
        first(&log, dead, |w| matches!(
            w,
            What::LaidToRest { figures: 20 }
        ))
        .is_some()
    );
    // The living are not buried.
    assert_eq!(cannot(&log, others), [UseProblem::NotUndead]);
    assert_eq!(g.w.units[living].figures, 5);
}

#[test]
fn ov_wld_036_the_seasons_element_studies_and_crafts_faster() {
    // Earth magic: +10% in spring (turn 1), nothing in summer (turn 4).
    let run = |turn: u32| {
        let mut g = Game::new(1, 1);
        g.w.turn = turn;
        let scholar = mage(&mut g, 1, 1, &[], 0);
        give(&mut g, scholar, "coin", 1000);
        g.orders(scholar, &["STUDY eart"]);
        // Stone to granite: a day's work toward a granite, in hundredths
        // of a man-day.
        let crafter = mage(&mut g, 1, 1, &["eart", "stog"], 10);
        give(&mut g, crafter, "ston", 5);
        g.orders(crafter, &["USE stog"]);
        let log = g.run_bare(&[]);
        let studied = log
            .of_unit(scholar)
            .find_map(|e| match e.what {
                What::Studied { gain, .. } => Some(gain),
                _ => None,
            })
            .unwrap();
        let made = g.w.units[crafter].making.first().map(|m| m.done);
        (studied, made)
    };
    assert_eq!(run(0), (110, Some(110)));
    assert_eq!(run(3), (100, Some(100)));
}

#[test]
fn ov_prod_011_a_summoning_makes_a_new_unit_for_mana_and_materials() {
    // Summon lesser water elemental: 8 mana and a fish.
    let mut g = Game::new(1, 1);
    g.w.turn = 3;
    let u = mage(&mut g, 1, 1, &["wate", "slwe"], 8);
    give(&mut g, u, "fish", 3);
    let before = g.w.units.len();
    g.orders(u, &["USE slwe 1"]);
    let log = g.run_bare(&[]);
    let made = log
        .of_unit(u)
        .find_map(|e| match e.what {
            What::Summoned { unit, new, .. } => Some((unit, new)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{:?}", log.of_unit(u).collect::<Vec<_>>()));
    assert!(made.1, "a new unit");
    assert_eq!(g.w.units.len(), before + 1);
    assert_eq!(g.w.units[made.0].race, rules().race("lwel").unwrap());
    assert_eq!(g.w.units[u].mana, 0);
    assert_eq!(has(&g, u, "fish"), 2);
}

#[test]
fn ov_mag_005_each_elements_spells_follow_its_themes() {
    let r = rules();
    let element_of = |tag: &str| {
        let s = &r.skills[r.skill(tag).unwrap()];
        s.requires
            .iter()
            .map(|q| q.skill.tag().to_string())
            .next()
            .unwrap_or_default()
    };
    // Air: movement, creatures, observation.
    for t in ["sped", "flig", "slae"] {
        assert_eq!(element_of(t), "airs", "{t}");
    }
    // Earth: nature, production, resources.
    for t in ["stog", "mhor", "slee"] {
        assert_eq!(element_of(t), "eart", "{t}");
    }
    // Fire: battle and alteration.
    for t in ["pilf", "ftch", "itos"] {
        assert_eq!(element_of(t), "fire", "{t}");
    }
    // Void: knowledge, magic itself, death.
    for t in ["raur", "erpo", "necr"] {
        assert_eq!(element_of(t), "void", "{t}");
    }
    // Water: healing and production.
    for t in ["hpot", "blif", "clon"] {
        assert_eq!(element_of(t), "wate", "{t}");
    }
}

#[test]
fn ov_mag_009_the_report_shows_a_mages_mana_now_and_its_maximum() {
    let mut g = Game::new(1, 1);
    let m = mage(&mut g, 1, 1, &[], 0);
    let plain = g.leader(1, 1);
    let log = g.run_bare(&[]);
    let max = control::max_mana(rules(), &g.w.units[m]);
    let now = g.w.units[m].mana;
    assert!(max > 0);
    let text = g.report(&log, 1);
    let mage_part =
        &text[text.find("Unit 1 [U1] at").unwrap()..text.find("Unit 2 [U2] at").unwrap()];
    assert!(
        mage_part.contains(&format!("\n  Mana: {now} of {max}.\n")),
        "{mage_part}"
    );
    // A unit that can hold no mana says nothing of it.
    let plain_part = &text[text.find("Unit 2 [U2] at").unwrap()..];
    let plain_part = &plain_part[..plain_part.find("\n\n").unwrap()];
    assert!(!plain_part.contains("Mana:"), "{plain_part}");
    let _ = plain;
}

#[test]
fn ov_uo_107_target_is_told_by_the_name_of_what_it_chose() {
    let mut g = Game::new(1, 1);
    let a = mage(&mut g, 1, 1, &[], 0);
    let b = g.leader(1, 1);
    g.w.units[b].name = "Merlin".into();
    g.orders(a, &["TARGET U2"]);
    let log = g.run_bare(&[]);
    let text = g.report(&log, 1);
    assert!(text.contains("Day 1 - targets Merlin [U2]"), "{text}");
}
