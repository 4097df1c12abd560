//! GUARD (and PATROL): on guard for the day (OV-UO-045, OV-GRD). A guard
//! needs the first level of combat (OV-GRD-001); it guards alone, not its
//! stack (OV-GRD-002); it shows itself and its faction to everyone there
//! (OV-REP-050); it cannot WORK (OV-GRD-008); with one figure it does
//! nothing else that day (OV-GRD-007). The halved full-day order
//! (OV-GRD-006) is the economy's rule.
//!
//! **Who may guard** (OV-GRD-003..005, [`may_guard`]): a faction holding a
//! land title (Sheriff, Mayor, Baron, Lord, Marquis, Overlord: a title
//! with a range) whose area covers the place — any of them where areas
//! overlap, not only the legal owner; the Imperials anywhere; the
//! Citizens and the Free People (militia) anywhere, without a title.
//! A GUARD without the right (or without combat) is skipped, kept, and
//! said once a turn ([`What::GuardRefused`]).
//!
//! **What guards stop** (OV-GRD-009, OV-GRD-010, [`blocks`]): a guard
//! stops only units it sees, never its own faction's. As its faction acts
//! toward the unit ([`relations::acting_stance`]: Friendly lapses while
//! the unit's faction holds it Hostile; an unrecognised unit is judged by
//! the default stance):
//! - the place's resources — harvesting, taxing, entertaining — are kept
//!   from factions it does not hold Friendly or better; a unit whose
//!   faction it does not know may still harvest and entertain but not tax
//!   (OV-FAC-028);
//! - the market (BUY, SELL) and recruiting are kept from factions it holds
//!   Hostile or worse, and so is entering, which the guards at the
//!   destination check as a stack arrives ([`travel_day`](super::super::travel_day));
//! - nobody is stopped from working; pillagers are attacked, not stopped
//!   ([`pillage`](super::pillage)).
//!
//! A guard stops others from the moment its GUARD has run that day (the
//! first to have gone on guard is named); the orders call [`stopped`]
//! where they check the land's policy.
//!
//! Decisions (RULES-DECISIONS, "Engagement and guarding"):
//! OV-GRD-004 (occupiers may guard the place they occupy), OV-UO-045 /
//! OV-GRD-009 (what guarding forbids, above).

use super::super::log::{GuardRefusal, What};
use super::super::pending::Outcome;
use super::super::policy::Act;
use super::super::relations;
use super::super::state::Turn;
use super::super::visibility;
use crate::world::{FactionId, LocationId, Stance, UnitId};
use rustc_hash::FxHashMap;
use umpire_core::ids::TypedId;

/// The rules' Imperials [f01] and Citizens [f02], and the Free People,
/// may guard anywhere (OV-GRD-004): by their role, whatever their number
/// or name (the original sample game calls them Itorians and People).
fn guards_anywhere(faction: &crate::world::Faction) -> bool {
    faction.npc_role().is_some_and(|r| r.guards_anywhere())
}

pub fn guard(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    // The guard factions' own troops are exempt from the combat level
    // (decision OV-GRD-001: the original sample's militia have 15 days).
    let militia = t
        .world
        .units
        .get(u)
        .and_then(|x| t.world.factions.get(x.faction))
        .is_some_and(guards_anywhere);
    if !militia && t.level_of(u, "cmbt") < 1 {
        return refuse(t, u, i, GuardRefusal::NoCombat);
    }
    if !may_guard(t, u) {
        return refuse(t, u, i, GuardRefusal::NoRight);
    }
    let live = t.live(u);
    live.guarding = true;
    if t.world.units[u].figures <= 1 {
        t.live(u).day_used = true;
    }
    let place = t.world.units[u].location;
    t.posted.entry(place).or_default().push(u);
    let present = t.present_factions(place);
    t.event(Some(u), What::Guarding, &present);
    Outcome::Done
}

/// Skipped and kept; said once a turn.
fn refuse(t: &mut Turn<'_>, u: UnitId, i: usize, reason: GuardRefusal) -> Outcome {
    if let Some(p) = t.live(u).list.get_mut(i)
        && !p.noted
    {
        p.noted = true;
        t.private(u, What::GuardRefused { reason });
    }
    Outcome::wait("the guard is refused (see the reason above)")
}

/// May the unit's faction guard where the unit stands (OV-GRD-003..005)?
pub fn may_guard(t: &mut Turn<'_>, u: UnitId) -> bool {
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    let (f, place) = (unit.faction, unit.location);
    let Some(faction) = t.world.factions.get(f) else {
        return false;
    };
    if guards_anywhere(faction) {
        return true;
    }
    let Some(loc) = t.world.locations.get(place) else {
        return false;
    };
    if loc.ownership.owner == Some(f) || loc.ownership.occupier == Some(f) {
        return true;
    }
    // Overlapping areas (OV-GRD-005): any land title the faction holds.
    let seats = land_titles(t).get(&f).cloned().unwrap_or_default();
    seats.into_iter().any(|(seat, range)| {
        t.land
            .around(t.world, t.rules, seat, range)
            .contains_key(&place)
    })
}

/// Each faction's land titles as (seat, range), made once a day.
fn land_titles<'t>(t: &'t mut Turn<'_>) -> &'t FxHashMap<FactionId, Vec<(LocationId, u32)>> {
    let (world, rules) = (&*t.world, t.rules);
    t.land_titles.get_or_insert_with(|| {
        let mut by: FxHashMap<FactionId, Vec<(LocationId, u32)>> = FxHashMap::default();
        for (seat, l) in world.locations.iter() {
            for s in &l.titles {
                let holder = s.holder.and_then(|h| world.units.get(h));
                let range = rules.titles.get(s.title).and_then(|x| x.range);
                if let (Some(h), Some(range)) = (holder, range) {
                    by.entry(h.faction).or_default().push((seat, range));
                }
            }
        }
        by
    })
}

/// The first guard (in the order they went on guard today) that keeps
/// unit `u` from doing `act` where it stands (OV-GRD-009, OV-GRD-010), if
/// any.
pub fn blocks(t: &Turn<'_>, u: UnitId, act: Act) -> Option<UnitId> {
    if matches!(act, Act::Work | Act::Pillage) {
        return None;
    }
    let unit = t.world.units.get(u)?;
    let place = unit.location;
    let posted = t.posted.get(&place)?;
    posted.iter().copied().find(|&g| {
        let on_guard = t.live.get(g.index()).is_some_and(|l| l.guarding);
        let Some(gf) = t
            .world
            .units
            .get(g)
            .filter(|x| !x.gone && x.location == place)
            .map(|x| x.faction)
        else {
            return false;
        };
        if !on_guard || gf == unit.faction || t.travelling(g) {
            return false;
        }
        let w = &*t.world;
        let rule = |recognized: bool| match act {
            Act::Harvest | Act::Entertain => !relations::allows_harvest(w, gf, u, recognized),
            Act::Tax => !relations::known_friend(w, gf, u, recognized),
            Act::Trade | Act::Recruit | Act::Enter => {
                relations::acting_stance(w, gf, u, recognized) <= Stance::Hostile
            }
            Act::Work | Act::Pillage => false,
        };
        // A look, through the guard's faction's units here (OV-GRD-010),
        // only for a guard that would stop the unit if it saw it.
        if !rule(true) && !rule(false) {
            return false;
        }
        let loc = t.world.locations.get(place);
        let eyes = loc
            .into_iter()
            .flat_map(|l| l.units.iter().copied())
            .filter(|&x| t.world.units.get(x).is_some_and(|y| y.faction == gf));
        let look = visibility::glance(w, t.rules, gf, eyes, u, t.exposure(u));
        look.seen && rule(look.recognized)
    })
}

/// Is unit `u` stopped by a guard from doing `act` with its order `i`?
/// Said once a turn for the order, to the unit's faction and the guard's.
pub fn stopped(t: &mut Turn<'_>, u: UnitId, i: usize, act: Act) -> bool {
    let Some(guard) = blocks(t, u, act) else {
        return false;
    };
    if let Some(p) = t.live(u).list.get_mut(i)
        && !p.noted
    {
        p.noted = true;
        let gf = t.world.units[guard].faction;
        t.event(Some(u), What::StoppedByGuard { guard, act }, &[gf]);
    }
    true
}
