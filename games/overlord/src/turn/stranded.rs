//! Stranded in water (OV-MOVE-029): at the month's end, a stack in open
//! water (ocean, lake: sailed, never walked) that can neither sail nor fly
//! is sinking, and some of its people drown.
//!
//! Decisions (RULES-DECISIONS, "Vessels"):
//!
//! - It runs once a month, after day 30 and before wages and upkeep
//!   (drowned figures cost nothing), with or without the economy: it is
//!   the world's physics, not the economy's.
//! - Who is afloat: each stack in the water, travelling or not, judged by
//!   its whole load ([`Load::can`] sail or fly). Everybody aboard a
//!   complete vessel there is judged together, with the hull's capacity
//!   added once: the hull floats whether or not it has its crew (crew is
//!   needed to sail it, not to stay afloat), and an overloaded vessel
//!   sinks until the survivors fit ("the survivors resume their trip on
//!   the remaining ships").
//! - How many drown: "up to 25%" is a quarter on average: a unit of `n`
//!   figures loses `n / 4` rounded down, and one more with a chance of
//!   `n mod 4` in 4 (8 figures lose 2; 10 lose 2, or 3 one time in two).
//!   A single-figure unit thus vanishes one time in four, as the rule
//!   says, with everything it had ([`Turn::remove_unit`]); a unit of more
//!   figures never loses them all. The roll is the unit's own
//!   (`drowning`, by unit), so units elsewhere do not change it.
//! - "Their equipment may be lost": the drowned figures' equipment goes
//!   down with them, each equipped item in proportion to the figures
//!   lost, rounded down; goods carried unequipped stay with the unit.
//! - Who learns of it: the unit's faction and the factions present.
//! - A unit inside a complete building that is not a vessel (a magic
//!   tower on an ocean hex) is not "left in water": it is never stranded.
//!   Its stack members outside the building are judged as a stack.

use umpire_core::ids::TypedId;

use super::log::{MONTH_END, What};
use super::state::Turn;
use super::travel::{self, Load};
use crate::rules::{ItemId, Movement};
use crate::world::{LocationId, StructureId, UnitId};

/// One figure in this many drowns in a month: the rule's 25%.
pub const ONE_IN: u32 = 4;

/// A group judged together: a stack, or everybody aboard a vessel.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Afloat {
    Stack(UnitId),
    Vessel(StructureId),
}

/// Drown what is stranded in water at the month's end.
pub fn drown(t: &mut Turn<'_>) {
    t.day = MONTH_END;
    for place in t.world.locations.ids() {
        let loc = &t.world.locations[place];
        if loc.units.is_empty()
            || !t
                .rules
                .terrains
                .get(loc.terrain)
                .is_some_and(travel::is_water)
        {
            continue;
        }
        for group in groups(t, place) {
            for u in sinking(t, &group) {
                drown_unit(t, u, place);
            }
        }
    }
}

/// The units of `place`, by stack or vessel, in the place's order.
fn groups(t: &Turn<'_>, place: LocationId) -> Vec<(Afloat, Vec<UnitId>)> {
    let mut out: Vec<(Afloat, Vec<UnitId>)> = Vec::new();
    for &u in &t.world.locations[place].units {
        if t.world.units[u].gone || sheltered(t, u, place) {
            continue;
        }
        let top = t.top(u);
        let key = match t.world.units[top].structure {
            Some(s) if hull(t, s, place).is_some() => Afloat::Vessel(s),
            _ => Afloat::Stack(top),
        };
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(u),
            None => out.push((key, vec![u])),
        }
    }
    out
}

/// Is `u` inside a building at `place`, standing on its floor rather than
/// in the water: a complete structure that is not a vessel (a magic tower
/// on an ocean hex), and the unit not on a journey.
fn sheltered(t: &Turn<'_>, u: UnitId, place: LocationId) -> bool {
    let Some(s) = t.world.units[u].structure else {
        return false;
    };
    let building = t.world.structures.get(s).is_some_and(|st| {
        st.complete
            && st.location == place
            && t.rules
                .constructions
                .get(st.kind)
                .is_some_and(|c| c.vessel.is_none())
    });
    building && !t.travelling(u)
}

/// The capacity of a complete vessel lying at `place`.
fn hull(t: &Turn<'_>, s: StructureId, place: LocationId) -> Option<Load> {
    let st = t.world.structures.get(s)?;
    if !st.complete || st.location != place {
        return None;
    }
    let v = t.rules.constructions.get(st.kind)?.vessel.as_ref()?;
    Some(Load::of_hull(&v.capacity))
}

/// The group's units if it can neither sail nor fly, else none.
fn sinking(t: &Turn<'_>, group: &(Afloat, Vec<UnitId>)) -> Vec<UnitId> {
    let (key, units) = group;
    let mut load = Load::of_units(t.rules, t.world, units.iter().copied());
    if let Afloat::Vessel(s) = key {
        let place = t.world.structures[*s].location;
        if let Some(h) = hull(t, *s, place) {
            load.add(&h);
        }
    }
    if load.can(Movement::Swim) || load.can(Movement::Fly) {
        Vec::new()
    } else {
        units.clone()
    }
}

/// How many of `figures` drown, given a roll below [`ONE_IN`] (see the
/// module's decisions).
pub fn drowned(figures: u32, roll: u32) -> u32 {
    figures / ONE_IN + u32::from(roll < figures % ONE_IN)
}

fn drown_unit(t: &mut Turn<'_>, u: UnitId, place: LocationId) {
    let figures = t.world.units[u].figures;
    if figures == 0 {
        return;
    }
    let mut dice = t.dice.derive_indexed("drowning", u.index() as u64);
    let lost = drowned(figures, dice.below(ONE_IN));
    if lost == 0 {
        return;
    }
    let vanished = lost >= figures;
    let unit = &mut t.world.units[u];
    let mut items: Vec<(ItemId, u64)> = Vec::new();
    if vanished {
        items = unit.items.iter().map(|h| (h.item, h.count)).collect();
    } else {
        for h in &mut unit.items {
            let n = h.equipped * u64::from(lost) / u64::from(figures);
            if n > 0 {
                h.count -= n;
                h.equipped -= n;
                items.push((h.item, n));
            }
        }
        unit.items.retain(|h| h.count > 0);
        unit.figures -= lost;
    }
    let seen = t.present_factions(place);
    t.event(
        Some(u),
        What::Drowned {
            figures: lost,
            items,
            vanished,
        },
        &seen,
    );
    if vanished {
        t.remove_unit(u);
    }
}
