//! A battle fought in the turn: the engagement's two sides
//! mustered as fighters ([`crate::combat::muster`]), fought round by round
//! ([`crate::combat::fight`]) with the battle's own dice, and what it did
//! written back to the world.
//!
//! Decisions (RULES-DECISIONS "Combat"):
//! - **Dice:** each battle has its own stream, derived from the turn's by
//!   the day and the battle's place in the day's order, so one battle's
//!   rolls never shift another's.
//! - **Losses:** a unit keeps the figures left standing (OV-CMB-063,
//!   079); a unit with none left is gone ([`Turn::remove_unit`]) and, when
//!   there is a winner, half of each kind of thing it had goes as loot to
//!   the winners ([`aftermath`], OV-CMB-081..083; in a draw it all lies on
//!   the ground). A unit that fled is out of the battle and alive
//!   (OV-CMB-078) and stays where it stands.
//! - **Titles** of a slain holder (OV-TTL-010, 021) pass by
//!   [`titles::holder_killed`] to the winners' leaders, or to its own
//!   side's when nobody won.
//! - **Mana and components:** a mage keeps the mana the battle left it; the
//!   spell components used are taken from the unit.
//! - **Experience** (rules "Skills", battle experience), added after the
//!   battle to units still standing: per round on the field a day of
//!   combat [cmbt], two while the unit has no combat level; per round it
//!   struck in melee a day of melee [mele], if it has some melee or 1st
//!   combat; per round it parried a day of parry [parr], if it has some
//!   parry; per round it shot, a day in the skill its ranged weapon needs.
//! - **Heroes** (OV-UNIT-020): a leader [ldr] still standing becomes a
//!   hero [hero] with [`aftermath::hero_chance`] of its ratings.
//! - Summoned creatures last only for the battle.
//! - **The land** (OV-WLD-017, "lowered sharply by pillage and battles"):
//!   each battle cuts the place's optimum by [`OPTIMUM_CUT_PERCENT`]%,
//!   rounded up — more than a day of pillage (2%).

use umpire_core::ids::TypedId;

use super::super::experience::{self, DAY};
use super::super::log::{Standing, What};
use super::super::orders::titles;
use super::super::state::Turn;
use crate::combat::aftermath::{self, Carrier, Lot};
use crate::combat::army::Fighter;
use crate::combat::field::Side;
use crate::combat::fight;
use crate::combat::log::Report;
use crate::combat::muster;
use crate::figures::ratings;
use crate::rules::Movement;
use crate::rules::Rules;
use crate::rules::combat::CombatActionKind;
use crate::rules::common::Stats;
use crate::turn::travel::Load;
use crate::world::{LocationId, StructureId, UnitId, World};

/// How much a battle lowers the place's optimum, in percent.
pub const OPTIMUM_CUT_PERCENT: u64 = 5;

/// The units of a battle as fighters, each of its side. A defender
/// inside a complete structure has the structure's ratings
/// ([`ratings::shelter`], OV-BLD-031..035) when no attacker is inside
/// that structure: the walls help those holding them against enemies
/// from outside, never in a fight within, and never the attackers.
pub fn muster_sides(world: &World, rules: &Rules, units: &[(UnitId, Side)]) -> Vec<Fighter> {
    let attackers_in: Vec<StructureId> = units
        .iter()
        .filter(|&&(_, side)| side == Side::Attacker)
        .filter_map(|&(u, _)| world.units.get(u).and_then(|x| x.structure))
        .collect();
    units
        .iter()
        .filter_map(|&(u, side)| {
            let unit = world.units.get(u)?;
            let walls = side == Side::Defender
                && unit.structure.is_some_and(|s| !attackers_in.contains(&s));
            let shelter = if walls {
                ratings::shelter(world, rules, unit)
            } else {
                Stats::default()
            };
            Some(muster::fighter_sheltered(rules, unit, side, &shelter))
        })
        .collect()
}

/// Fight the battle between `attackers` and `defenders` at `place`;
/// `order` is the battle's place among the day's battles; `by_attack`:
/// an ATTACK order began it (no swapping of roles by ambush,
/// OV-CMB-016). Returns the
/// report (also told in a [`What::BattleFought`] event).
pub fn fight_out(
    t: &mut Turn<'_>,
    place: LocationId,
    order: usize,
    attackers: &[UnitId],
    defenders: &[UnitId],
    by_attack: bool,
) -> Report {
    let units: Vec<(UnitId, Side)> = attackers
        .iter()
        .map(|&u| (u, Side::Attacker))
        .chain(defenders.iter().map(|&u| (u, Side::Defender)))
        .filter(|&(u, _)| {
            t.world
                .units
                .get(u)
                .is_some_and(|x| !x.gone && x.figures > 0)
        })
        .collect();
    let mut fighters = muster_sides(t.world, t.rules, &units);
    let mut dice = t
        .dice
        .derive_indexed("battle", u64::from(t.day) * 10_000 + order as u64);
    let opening = muster::opening(t.rules, by_attack);
    let report = fight::fight_opening(&mut fighters, &opening, &mut dice);
    // Mustered units keep their places at the front; summoned ones follow.
    fighters.truncate(units.len());

    if let Some(loc) = t.world.locations.get_mut(place) {
        let o = u64::from(loc.optimum);
        loc.optimum =
            u32::try_from(o - (o * OPTIMUM_CUT_PERCENT).div_ceil(100).min(o)).unwrap_or(0);
    }
    let winner = report.winner;
    let mut slain: Vec<UnitId> = Vec::new();
    for (&(u, _), f) in units.iter().zip(&fighters) {
        write_back(t, u, f);
        if f.alive() == 0 && !f.fled {
            slain.push(u);
        }
    }
    let faction_of: Vec<_> = units
        .iter()
        .map(|&(u, _)| t.world.units[u].faction)
        .collect();
    // The round-by-round account is for the factions that fought;
    // spectators have the `Battle` event (OV-CMB-008).
    let mut seen = faction_of;
    seen.sort_unstable();
    seen.dedup();
    t.event(
        units.first().map(|&(u, _)| u),
        What::BattleFought {
            place,
            units: units.as_slice().into(),
            standing: fighters
                .iter()
                .map(|f| Standing {
                    start: f.start,
                    alive: f.alive(),
                    fled: f.fled,
                })
                .collect(),
            report: Box::new(report.clone()),
        },
        &seen,
    );
    // Winners (or, with no winner, each side's own survivors) inherit and
    // loot.
    let standing = |t: &Turn<'_>, side: Side| -> Vec<UnitId> {
        units
            .iter()
            .filter(|&&(u, s)| s == side && t.world.units.get(u).is_some_and(|x| x.figures > 0))
            .map(|&(u, _)| u)
            .collect()
    };
    for &u in &slain {
        let side = units
            .iter()
            .find(|&&(x, _)| x == u)
            .map_or(Side::Attacker, |&(_, s)| s);
        let heirs = standing(t, winner.unwrap_or(side));
        titles::holder_killed(t, u, &heirs);
        let saved = match winner {
            Some(w) => loot(t, u, place, &standing(t, w)),
            None => drop_all(t, u, place),
        };
        let items: Vec<(crate::rules::ItemId, u64)> = t.world.units[u]
            .items
            .iter()
            .map(|h| {
                let kept: u64 = saved
                    .iter()
                    .filter(|(i, _)| *i == h.item)
                    .map(|(_, n)| n)
                    .sum();
                (h.item, h.count.saturating_sub(kept))
            })
            .filter(|&(_, n)| n > 0)
            .collect();
        if !items.is_empty() {
            t.private(u, What::Perished { items });
        }
        t.remove_unit(u);
    }
    for (&(u, _), f) in units.iter().zip(&fighters) {
        if slain.contains(&u) {
            continue;
        }
        practise(t, u, f);
        hero(t, u, f, order);
    }
    report
}

/// Figures, mana and spent components back to the unit.
fn write_back(t: &mut Turn<'_>, u: UnitId, f: &Fighter) {
    let alive = f.alive();
    let unit = &mut t.world.units[u];
    let killed = unit.figures.saturating_sub(alive);
    unit.figures = alive;
    unit.mana = f.mana;
    let mut spent = Vec::new();
    for c in &f.components {
        if c.used == 0 {
            continue;
        }
        spent.push((c.item, c.used));
        if let Ok(k) = unit.items.binary_search_by_key(&c.item, |h| h.item) {
            let h = &mut unit.items[k];
            h.count -= c.used.min(h.count);
            h.equipped = h.equipped.min(h.count);
            if h.count == 0 {
                unit.items.remove(k);
            }
        }
    }
    if killed > 0 || f.fled || !spent.is_empty() {
        t.private(
            u,
            What::BattleLosses {
                killed,
                fled: f.fled,
                spent,
            },
        );
    }
}

/// Half of a slain unit's goods to the winners, lot by lot, and what
/// nobody can carry on the ground; the other half perishes. Returns what
/// was saved (looted or left on the ground).
fn loot(
    t: &mut Turn<'_>,
    dead: UnitId,
    place: LocationId,
    winners: &[UnitId],
) -> Vec<(crate::rules::ItemId, u64)> {
    let goods: Vec<(crate::rules::ItemId, u64)> = t.world.units[dead]
        .items
        .iter()
        .map(|h| (h.item, h.count))
        .collect();
    let mut carriers: Vec<Carrier> = winners
        .iter()
        .map(|&w| {
            let load = Load::of_unit(t.rules, &t.world.units[w]);
            let spare = u64::try_from(load.capacity(Movement::Walk))
                .unwrap_or(0)
                .saturating_sub(load.weight());
            Carrier {
                overloaded: !load.can(Movement::Walk),
                spare,
            }
        })
        .collect();
    let lots: Vec<(crate::rules::ItemId, u64)> = goods
        .iter()
        .map(|&(i, n)| (i, aftermath::half(n)))
        .filter(|&(_, n)| n > 0)
        .collect();
    let weights: Vec<Lot> = lots
        .iter()
        .map(|&(i, n)| Lot {
            weight: u64::from(t.rules.items.get(i).map_or(0, |x| x.weight)) * n,
        })
        .collect();
    let mut dice = t.dice.derive_indexed("loot", dead.index() as u64);
    let given = aftermath::share(&weights, &mut carriers, &mut dice);
    for (&(item, n), to) in lots.iter().zip(given) {
        match to.and_then(|k| winners.get(k)) {
            Some(&w) => {
                t.world.units[w].add_items(item, n, 0);
                t.private(
                    w,
                    What::Looted {
                        item,
                        count: n,
                        from: dead,
                    },
                );
            }
            None => super::super::orders::goods::add_ground(t, place, item, n),
        }
    }
    lots
}

/// A draw: the slain unit's goods lie where it fell.
fn drop_all(t: &mut Turn<'_>, dead: UnitId, place: LocationId) -> Vec<(crate::rules::ItemId, u64)> {
    let goods: Vec<(crate::rules::ItemId, u64)> = t.world.units[dead]
        .items
        .iter()
        .map(|h| (h.item, h.count))
        .collect();
    for &(item, n) in &goods {
        super::super::orders::goods::add_ground(t, place, item, n);
    }
    goods
}

/// Battle experience, added after the battle.
fn practise(t: &mut Turn<'_>, u: UnitId, f: &Fighter) {
    let p = f.practice;
    if p.rounds == 0 {
        return;
    }
    let rules = t.rules;
    let Some(cmbt) = rules.skill("cmbt") else {
        return;
    };
    let novice = t.level(u, cmbt) == 0;
    let per_round = if novice { 2 * DAY } else { DAY };
    let mut gained = Vec::new();
    gained.push((cmbt, p.rounds * per_round));
    if let Some(mele) = rules.skill("mele")
        && p.melee > 0
        && (t.world.units[u].experience(mele) > 0 || t.level(u, cmbt) >= 1)
    {
        gained.push((mele, p.melee * DAY));
    }
    if let Some(parr) = rules.skill("parr")
        && p.parry > 0
        && t.world.units[u].experience(parr) > 0
    {
        gained.push((parr, p.parry * DAY));
    }
    if p.ranged > 0
        && let Some(skill) = ranged_skill(t, u)
    {
        gained.push((skill, p.ranged * DAY));
    }
    for (skill, amount) in gained {
        experience::gain(t, u, skill, amount);
    }
}

/// The skill the unit's equipped ranged weapon needs.
fn ranged_skill(t: &Turn<'_>, u: UnitId) -> Option<crate::rules::SkillId> {
    t.world.units[u].items.iter().find_map(|h| {
        let item = t.rules.items.get(h.item)?;
        if h.equipped == 0 || item.combat.action != Some(CombatActionKind::Ranged) {
            return None;
        }
        item.equip.as_ref()?.requires.first().map(|r| r.skill.id())
    })
}

/// OV-UNIT-020: a leader who fought may prove a hero.
fn hero(t: &mut Turn<'_>, u: UnitId, f: &Fighter, order: usize) {
    let (Some(ldr), Some(hero)) = (t.rules.race("ldr"), t.rules.race("hero")) else {
        return;
    };
    if t.world.units[u].race != ldr || f.practice.rounds == 0 {
        return;
    }
    let mut dice = t
        .dice
        .derive_indexed("hero", (order as u64) << 32 | u.index() as u64);
    if aftermath::hero_chance(&f.ratings).roll(&mut dice) {
        t.world.units[u].race = hero;
        t.private(u, What::BecameHero);
    }
}
