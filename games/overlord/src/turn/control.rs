//! Control points (OV-CP): checked once, after day 1 (OV-CP-008).
//!
//! A unit needs one point per started 20 figures (OV-CP-002), one more if
//! it is a hero (OV-CP-003), and one more per started 4 points of maximum
//! mana (OV-CP-004). A faction may use [`BASE`] points, plus those its
//! units' titles give (OV-CP-005), plus `Faction::control_points`, the
//! extra points a game master grants for relics and structures (decision
//! OV-CP-001/006). Non-player factions have no limit.
//!
//! With M points missing, each unit of the faction refuses to act for the
//! rest of the month with an M% chance (OV-CP-009); a refusing unit does
//! nothing but travel with its stack (OV-CP-010). And each unit that
//! would join a battle of its own accord refuses with a 5×M% chance
//! ([`refuses_battle`], OV-CP-011); the attacker and the stack attacked
//! fight whatever their faction lacks.

use umpire_core::ids::TypedId;

use super::log::What;
use super::state::Turn;
use crate::rules::Rules;
use crate::world::{FactionId, Player, Unit, World};

/// What every faction may use before titles and grants (OV-CP-001).
pub const BASE: u32 = 200;

/// Points a unit needs.
pub fn needed(rules: &Rules, unit: &Unit) -> u32 {
    let mut n = unit.figures.div_ceil(20);
    let race = rules.races.get(unit.race);
    if race.is_some_and(|r| r.tag == "hero") {
        n += 1;
    }
    let mana = max_mana(rules, unit);
    if mana > 0 {
        n += mana.div_ceil(4);
    }
    n
}

/// The most mana a unit can hold (OV-MAG-009): see
/// [`magic::mana::maximum`](crate::figures::mana::maximum).
pub fn max_mana(rules: &Rules, unit: &Unit) -> u32 {
    crate::figures::mana::maximum(rules, unit)
}

/// What every faction's units' titles add, indexed by faction (OV-CP-005).
fn title_points(world: &World, rules: &Rules) -> Vec<u32> {
    let mut out = vec![0u32; world.factions.len()];
    for l in world.locations.values() {
        for seat in &l.titles {
            if let Some(h) = seat.holder.and_then(|h| world.units.get(h))
                && let Some(b) = out.get_mut(h.faction.index())
            {
                *b = b.saturating_add(rules.titles.get(seat.title).map_or(0, |x| x.control));
            }
        }
    }
    out
}

/// The points a faction may use.
pub fn limit(world: &World, rules: &Rules, faction: FactionId) -> u32 {
    let titles = title_points(world, rules);
    limit_with(
        world,
        faction,
        titles.get(faction.index()).copied().unwrap_or(0),
    )
}

/// Every faction's limit, in faction order (one pass over the world).
pub fn limits(world: &World, rules: &Rules) -> Vec<u32> {
    title_points(world, rules)
        .into_iter()
        .zip(world.factions.ids())
        .map(|(t, f)| limit_with(world, f, t))
        .collect()
}

/// An unknown faction has the base limit (no grants).
fn limit_with(world: &World, faction: FactionId, titles: u32) -> u32 {
    BASE.saturating_add(world.factions.get(faction).map_or(0, |f| f.control_points))
        .saturating_add(titles)
}

/// The check after day 1.
pub fn check(t: &mut Turn<'_>) {
    let nf = t.world.factions.len();
    let mut need = vec![0u32; nf];
    let mut members: Vec<Vec<crate::world::UnitId>> = vec![Vec::new(); nf];
    for (id, u) in t.world.units.iter().filter(|(_, u)| !u.gone) {
        let f = u.faction.index();
        need[f] = need[f].saturating_add(needed(t.rules, u));
        members[f].push(id);
    }
    let titles = title_points(t.world, t.rules);
    for f in t.world.factions.ids() {
        if t.world.factions[f].player == Player::Npc {
            continue;
        }
        let limit = limit_with(t.world, f, titles[f.index()]);
        let needed = need[f.index()];
        t.faction_event(
            f,
            What::ControlChecked {
                faction: f,
                needed,
                limit,
            },
        );
        if needed <= limit {
            continue;
        }
        let missing = needed - limit;
        if t.control_missing.len() < nf {
            t.control_missing.resize(nf, 0);
        }
        t.control_missing[f.index()] = missing;
        let mut dice = t.dice.derive_indexed("control", f.index() as u64);
        for u in std::mem::take(&mut members[f.index()]) {
            if dice.chance_percent(missing.min(100)) {
                t.live(u).refusing = true;
                t.private(u, What::Refuses { missing });
            }
        }
    }
}

/// Does unit `u`, about to join a battle of its own accord, refuse for
/// its faction's missing control points (OV-CP-011: 5×M%)? One roll per
/// unit and day, so a unit asked twice in a day answers alike.
pub fn refuses_battle(t: &Turn<'_>, u: crate::world::UnitId) -> bool {
    let Some(f) = t.world.units.get(u).map(|x| x.faction) else {
        return false;
    };
    let missing = t.control_missing.get(f.index()).copied().unwrap_or(0);
    if missing == 0 {
        return false;
    }
    let key = (u64::from(t.day) << 32) | u.index() as u64;
    t.dice
        .derive_indexed("control-battle", key)
        .chance_percent(missing.saturating_mul(5).min(100))
}
