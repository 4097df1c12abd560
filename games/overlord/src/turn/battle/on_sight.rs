//! Enemies on sight (OV-CMB-001, OV-CMB-003, OV-FAC-025, OV-FAC-010): a
//! faction's units whose battle setting is not AVOID or DEFEND attack the
//! units it holds as Enemy where they meet.
//!
//! Decisions (RULES-DECISIONS, "Engagement and guarding"):
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
use super::setting;
use crate::orders::words::Engage;
use crate::world::{FactionId, LocationId, Stance, UnitId};
use rustc_hash::{FxHashMap, FxHashSet};
use umpire_core::ids::TypedId;

/// Each faction present in one place with its units there, in the order
/// the factions came.
type Groups = Vec<(FactionId, Vec<UnitId>)>;

/// The end of the day: every faction meeting an Enemy attacks it.
pub fn enemies_on_sight(t: &mut Turn<'_>) {
    // Factions that hold anyone Enemy, by index: the only possible
    // attackers.
    let minded: Vec<bool> = t
        .world
        .factions
        .iter()
        .map(|(_, f)| {
            f.default_stance == Stance::Enemy || f.stances.iter().any(|x| x.1 == Stance::Enemy)
        })
        .collect();
    if !minded.contains(&true) {
        return;
    }
    // Two factions fight at most once a day in one place.
    let mut begun: FxHashSet<(LocationId, FactionId, FactionId)> = t
        .battles
        .iter()
        .filter_map(|c| {
            let fa = t.world.units.get(c.attacker)?.faction;
            let fd = t.world.units.get(c.defender)?.faction;
            Some((c.place, fa.min(fd), fa.max(fd)))
        })
        .collect();
    let places: Vec<LocationId> = t.world.locations.ids().collect();
    for place in places {
        if !may_meet(t, place, &minded) {
            continue;
        }
        let groups = groups(t, place);
        // Each pair with a faction that holds the other Enemy, once; `x`
        // and `y` are indices in the order the factions came.
        for x in 0..groups.len() {
            let fx = groups[x].0;
            if !minded.get(fx.index()).copied().unwrap_or(false) {
                continue;
            }
            for y in targets(t, &groups, x) {
                let fy = groups[y].0;
                let key = (place, fx.min(fy), fx.max(fy));
                if begun.contains(&key) {
                    continue;
                }
                let (older, newer) = (&groups[x.min(y)], &groups[x.max(y)]);
                let clash = attack(t, newer, older).or_else(|| attack(t, older, newer));
                if let Some((a, d)) = clash {
                    begun.insert(key);
                    t.begin_battle(a, d, BattleCause::OnSight);
                }
            }
        }
    }
}

/// The groups faction `groups[x]` may hold Enemy: all the others when its
/// default stance is Enemy, else those it declared Enemy.
fn targets(t: &Turn<'_>, groups: &Groups, x: usize) -> Vec<usize> {
    let fx = groups[x].0;
    let Some(f) = t.world.factions.get(fx) else {
        return Vec::new();
    };
    if f.default_stance == Stance::Enemy {
        return (0..groups.len()).filter(|&y| y != x).collect();
    }
    let enemies: Vec<FactionId> = f
        .stances
        .iter()
        .filter(|s| s.1 == Stance::Enemy)
        .map(|s| s.0)
        .collect();
    (0..groups.len())
        .filter(|&y| y != x && enemies.contains(&groups[y].0))
        .collect()
}

/// Are there units of two factions in `place`, one of them holding
/// someone Enemy? (Whether they are on a journey is looked at later.)
fn may_meet(t: &Turn<'_>, place: LocationId, minded: &[bool]) -> bool {
    let Some(loc) = t.world.locations.get(place) else {
        return false;
    };
    let mut first: Option<FactionId> = None;
    let (mut mixed, mut hostile) = (false, false);
    for &u in &loc.units {
        let Some(f) = t.world.units.get(u).map(|x| x.faction) else {
            continue;
        };
        hostile |= minded.get(f.index()).copied().unwrap_or(false);
        match first {
            None => first = Some(f),
            Some(x) => mixed |= x != f,
        }
        if mixed && hostile {
            return true;
        }
    }
    false
}

/// The factions present in `place`, each with its units there that are
/// not on a journey, in the order the factions came.
fn groups(t: &Turn<'_>, place: LocationId) -> Groups {
    let mut out: Groups = Vec::new();
    let Some(loc) = t.world.locations.get(place) else {
        return out;
    };
    let mut at: FxHashMap<FactionId, usize> = FxHashMap::default();
    for &u in &loc.units {
        let Some(unit) = t.world.units.get(u) else {
            continue;
        };
        if unit.gone || unit.figures == 0 || t.travelling(u) {
            continue;
        }
        let i = *at.entry(unit.faction).or_insert_with(|| {
            out.push((unit.faction, Vec::new()));
            out.len() - 1
        });
        out[i].1.push(u);
    }
    out
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
