//! Battles in the turn: where they begin and who takes part.
//!
//! - [`Turn::begin_battle`]: a battle starts today; movement past guards (OV-MOVE-031),
//!   pillage (OV-ECON-031), ATTACK (OV-UO-005), rival guards (OV-GRD-011)
//!   and enemies on sight ([`on_sight`], OV-FAC-025) call it.
//! - [`fight_the_day`]: at the end of the day (OV-SCH-030) the rival
//!   guards and the enemies on sight join the battles begun, and each is
//!   engaged ([`engage`], OV-CMB-001..013) and recorded as a
//!   [`What::Battle`] naming both sides.
//! - [`setting`]: a unit's AVOID/DEFEND/FIGHT setting (TACTIC).
//! - [`fought`]: the battle fought and its outcome applied.
//!
//! Each battle is then fought out ([`fought`]): the combat engine's rounds,
//! and its dead, loot, experience, heroes and titles written back.
//!
//! Decision OV-CMB-008 (RULES-DECISIONS, "Engagement and guarding
//!"): the [`What::Battle`] event is the partial report every
//! faction present gets, spectators and withdrawn factions included: who
//! attacked whom and why, the units on each side and the factions that
//! withdrew, but no blow by blow. The round by round report will be the
//! combat engine's, for the factions that fought.

pub mod engage;
pub mod fought;
pub mod on_sight;
pub mod setting;

use super::log::{BattleCause, What};
use super::state::Turn;
use super::travel_day;
use crate::combat::field::Side;
use crate::world::{FactionId, Journey, Stance, UnitId};

pub use engage::{Engagement, engage};

/// The end of the day's battles: rival guards and enemies on sight first,
/// then every battle begun today, in the order they began.
pub fn fight_the_day(t: &mut Turn<'_>) {
    rival_guards(t);
    on_sight::enemies_on_sight(t);
    let clashes = std::mem::take(&mut t.battles);
    for (k, c) in clashes.into_iter().enumerate() {
        let gone = |u: UnitId| t.world.units.get(u).is_none_or(|x| x.gone);
        if gone(c.attacker) {
            continue;
        }
        if gone(c.defender) {
            // Fallen in an earlier battle of the day: the attacker is told.
            t.private(c.attacker, What::TargetGone { target: c.defender });
            continue;
        }
        let e = engage(t, &c);
        for &u in &e.refused {
            let missing = t
                .world
                .units
                .get(u)
                .and_then(|x| {
                    let f = umpire_core::ids::TypedId::index(x.faction);
                    t.control_missing.get(f).copied()
                })
                .unwrap_or(0);
            t.private(u, What::RefusesBattle { missing });
        }
        let mut seen: Vec<FactionId> = e
            .attackers
            .iter()
            .chain(&e.defenders)
            .filter_map(|&u| t.world.units.get(u).map(|x| x.faction))
            .chain(e.spectators.iter().copied())
            .chain(e.withdrawn.iter().copied())
            .collect();
        seen.extend(t.present_factions(c.place));
        seen.sort_unstable();
        seen.dedup();
        t.event(
            Some(c.attacker),
            What::Battle {
                attacker: c.attacker,
                defender: c.defender,
                cause: c.cause,
                attackers: e.attackers.as_slice().into(),
                defenders: e.defenders.as_slice().into(),
                withdrawn: e.withdrawn.into(),
            },
            &seen,
        );
        let by_attack = c.cause == BattleCause::Attack;
        let marchers = c.march.map(|_| t.stack_of(c.attacker));
        let report = fought::fight_out(t, c.place, k, &e.attackers, &e.defenders, by_attack);
        if let (Some(j), Some(marchers)) = (c.march, marchers)
            && report.winner != Some(Side::Attacker)
        {
            march_back(t, &marchers, j, c.defender);
        }
    }
}

/// OV-CMB-084: a marching stack that lost or drew goes back the way it
/// came, taking as long as the journey took, as if turned back by the
/// guard it fought: every unit of it still standing at the journey's end,
/// under its leader if he lives, else each surviving part under its own
/// top unit. A victorious stack stays where it arrived and goes on with
/// its orders.
fn march_back(t: &mut Turn<'_>, marchers: &[UnitId], j: Journey, guard: UnitId) {
    let standing: Vec<UnitId> = marchers
        .iter()
        .copied()
        .filter(|&u| {
            t.world
                .units
                .get(u)
                .is_some_and(|x| !x.gone && x.figures > 0 && x.location == j.to)
        })
        .collect();
    let tops: Vec<UnitId> = standing
        .iter()
        .copied()
        .filter(|&u| {
            t.world.units[u]
                .stack_parent
                .is_none_or(|p| !standing.contains(&p))
        })
        .collect();
    for top in tops {
        if t.world.units[top].stack_parent.is_some() {
            t.set_parent(top, None);
        }
        let units = t.stack_of(top);
        travel_day::turn_back(t, top, &units, j, Some(guard));
    }
}

/// Two factions on guard in one place, one holding the other Hostile or
/// worse, fight (OV-GRD-011): the first guard of the faction that holds
/// the grudge attacks the first guard of the other.
fn rival_guards(t: &mut Turn<'_>) {
    for place in t.guarded_places() {
        let guards: Vec<UnitId> = t
            .guards_at(place)
            .into_iter()
            .filter(|&g| !t.travelling(g))
            .collect();
        let mut fought: Vec<(FactionId, FactionId)> = Vec::new();
        for &a in &guards {
            for &d in &guards {
                let (fa, fd) = (t.world.units[a].faction, t.world.units[d].faction);
                if fa == fd || fought.contains(&(fa, fd)) || fought.contains(&(fd, fa)) {
                    continue;
                }
                if t.world.factions[fa].stance_toward(fd) <= Stance::Hostile {
                    fought.push((fa, fd));
                    t.begin_battle(a, d, BattleCause::RivalGuards);
                }
            }
        }
    }
}
