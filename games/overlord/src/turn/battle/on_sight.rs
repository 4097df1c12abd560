//! Enemies on sight (OV-CMB-001, OV-CMB-003, OV-FAC-025, OV-FAC-010): a
//! faction's units whose battle setting is not AVOID or DEFEND attack the
//! units it holds as Enemy where they meet.
//!
//! Decisions (RULES-DECISIONS, "Engagement and guarding (issue 6)"):
//! - When: at the end of every day, after the full-day pass (arrivals
//!   included) and the rival guards, before the day's battles are fought,
//!   place by place in ascending id. Units on a journey are on the road
//!   and meet nobody.
//! - Who attacks whom: for each two factions present, the attacker is the
//!   first unit (in the location's order) of the faction holding the other
//!   as Enemy that is set to FIGHT; the attacked unit is the first unit of
//!   the other faction that the attacking faction sees there and treats as
//!   Enemy — by its declared stance when it recognises the unit's faction,
//!   by its default stance when not (OV-FAC-026,
//!   [`relations::attacks_on_sight`]).
//! - OV-CMB-003: when both factions would attack, the later comer does. A
//!   faction arrived when its first unit now listed here did: the
//!   location lists units in the order they came.
//! - One battle a day for two factions in one place: none begins on sight
//!   when one has already begun between them there today (a guard's
//!   interception of an Enemy newcomer, a pillage, rival guards, ATTACK).

use super::super::log::BattleCause;
use super::super::relations;
use super::super::state::Turn;
use super::super::visibility;
use super::{begin, setting};
use crate::orders::words::Engage;
use crate::world::{FactionId, LocationId, Stance, UnitId};

/// Each faction present in one place with its units there, in the order
/// the factions came.
type Groups = Vec<(FactionId, Vec<UnitId>)>;

/// The end of the day: every faction meeting an Enemy attacks it.
pub fn enemies_on_sight(t: &mut Turn<'_>) {
    let places: Vec<LocationId> = t.world.locations.ids().collect();
    for place in places {
        let groups = groups(t, place);
        for j in 1..groups.len() {
            for i in 0..j {
                let (older, newer) = (&groups[i], &groups[j]);
                if fighting(t, place, older.0, newer.0) {
                    continue;
                }
                let clash = attack(t, newer, older).or_else(|| attack(t, older, newer));
                if let Some((a, d)) = clash {
                    begin(t, a, d, BattleCause::OnSight);
                }
            }
        }
    }
}

/// The factions present in `place`, each with its units there that are
/// not on a journey, in the order the factions came.
fn groups(t: &Turn<'_>, place: LocationId) -> Groups {
    let mut out: Groups = Vec::new();
    let Some(loc) = t.world.locations.get(place) else {
        return out;
    };
    for &u in &loc.units {
        let Some(unit) = t.world.units.get(u) else {
            continue;
        };
        if unit.gone || unit.figures == 0 || t.travelling(u) {
            continue;
        }
        match out.iter_mut().find(|g| g.0 == unit.faction) {
            Some(g) => g.1.push(u),
            None => out.push((unit.faction, vec![u])),
        }
    }
    out
}

/// Has a battle between these two factions begun here today?
fn fighting(t: &Turn<'_>, place: LocationId, x: FactionId, y: FactionId) -> bool {
    t.battles.iter().any(|c| {
        let fa = t.world.units.get(c.attacker).map(|u| u.faction);
        let fd = t.world.units.get(c.defender).map(|u| u.faction);
        c.place == place && ((fa == Some(x) && fd == Some(y)) || (fa == Some(y) && fd == Some(x)))
    })
}

/// Does `by` attack `target` on sight: its first FIGHTing unit and the
/// first unit of `target` it sees and treats as Enemy.
fn attack(
    t: &Turn<'_>,
    by: &(FactionId, Vec<UnitId>),
    target: &(FactionId, Vec<UnitId>),
) -> Option<(UnitId, UnitId)> {
    let f = by.0;
    // Only a declared or a default Enemy stance can make an enemy.
    let default = t.world.factions.get(f)?.default_stance;
    if relations::declared(t.world, f, target.0) != Stance::Enemy && default != Stance::Enemy {
        return None;
    }
    let attacker = by.1.iter().copied().find(|&u| {
        t.world
            .units
            .get(u)
            .is_some_and(|x| setting::engage(x) == Engage::Fight)
    })?;
    let defender = target.1.iter().copied().find(|&m| {
        let look = visibility::glance(t.world, t.rules, f, by.1.iter().copied(), m, t.exposure(m));
        look.seen && relations::attacks_on_sight(t.world, f, m, look.recognized)
    })?;
    Some((attacker, defender))
}
