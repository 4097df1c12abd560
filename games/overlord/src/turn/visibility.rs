//! Who sees whom: a unit's stealth and observation, whether a faction
//! notices another faction's unit (OV-REP-046..048, OV-REP-053), and
//! whether it recognises the unit's faction (OV-REP-049/050).
//!
//! Pure functions of the world and the rules. [`sees`] and [`recognizes`]
//! answer one question each and scan the observer's units to do so; the
//! turn engine, which asks about many pairs every day, builds a [`Sight`]
//! once per day instead and asks it.
//!
//! Decisions (see `RULES-DECISIONS.md`, "Visibility and stances"):
//!
//! - A unit's ratings are per figure: its race's, plus the level it has
//!   reached in each skill it knows ([`Skill::reached`](crate::rules::skills::Skill::reached)),
//!   plus its equipped items, plus the enchantments on it. An equipped item
//!   counts in proportion to the figures equipped, rounded toward zero,
//!   each figure counting at most the item's `equip.max` (OV-ITEM-008: one
//!   cloak among ten figures hides nobody), as battle counts it; the
//!   complete structure the unit is in counts too (OV-UNIT-010).
//! - A faction observes a location with the best observation among its
//!   units there (OV-REP-046). Units are "there" where they are seen: a
//!   travelling stack where [`Journey::seen_at`] says, at observation − 1
//!   (OV-REP-053), both as observers and as targets. Members of a
//!   travelling stack travel with its leader.
//! - Travelling changes the stealth that hides a unit's presence, never
//!   the one that hides its faction (OV-MOVE-028, applied although the
//!   original engine did not): −1 per full 20 figures, +1 flying, then
//!   halved (rounded down) when sailing; see [`presence_stealth`].
//! - A faction must have a unit in the location to see anything there,
//!   ANNOUNCE and GUARD included: they show the unit "to any unit capable of
//!   observing the location".
//! - ANNOUNCE shows presence only; ADVERTISE shows the faction to those who
//!   see the unit (the SETTING text). Faction-wide ANNOUNCE/ADVERTISE
//!   (OV-FO-011/012) are not on the world model; the engine applies them by
//!   setting the units' own settings.
//! - Recognising a faction needs seeing the unit first, then one of: own
//!   unit, ADVERTISE, GUARD (OV-REP-050), or observation at least stealth + 3
//!   with the same effective observation (so a travelling observer needs
//!   stealth + 4 of its own).
//! - Stacking reveals presence, not faction (OV-REP-047/048), and only
//!   direct stacking: one of the observer's units directly under the
//!   target, or the target directly under one of the observer's units
//!   (only leaders and heroes lead stacks).

use rustc_hash::FxHashMap;
use umpire_core::ids::TypedId;

use crate::figures::ratings;
use crate::rules::{Rules, Stats};
use crate::world::{FactionId, Holding, Journey, LocationId, Unit, UnitId, World};

/// Things a unit did today that show it whatever its stealth (OV-REP-047):
/// guarding, producing cash, harvesting an item with weight. The turn
/// engine sets these per unit per day.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Exposure {
    pub guarding: bool,
    pub earning_cash: bool,
    pub harvesting: bool,
}

impl Exposure {
    /// Anything that shows the unit regardless of stealth.
    pub fn any(self) -> bool {
        self.guarding || self.earning_cash || self.harvesting
    }
}

/// A unit's per-figure ratings: race, skill levels reached, enchantments,
/// the complete structure it is inside (OV-UNIT-010,
/// [`crate::figures::ratings::shelter`]) and equipped items in proportion to
/// the figures equipped (OV-ITEM-008, [`crate::figures::ratings::equipment`]),
/// as battle reads them.
pub fn ratings(world: &World, rules: &Rules, unit: &Unit) -> Stats {
    ratings::base(rules, unit)
        .plus(&ratings::shelter(world, rules, unit))
        .plus(&ratings::equipment(rules, unit))
}

/// A unit's stealth (see [`ratings`]).
pub fn stealth(world: &World, rules: &Rules, unit: &Unit) -> i32 {
    ratings(world, rules, unit).stealth
}

/// A unit's observation (see [`ratings`]), before the travelling penalty.
pub fn observation(world: &World, rules: &Rules, unit: &Unit) -> i32 {
    ratings(world, rules, unit).observation
}

/// The journey a unit is on: its own, or its stack leader's (a stack
/// travels with its leader).
pub fn journey(world: &World, unit: UnitId) -> Option<&Journey> {
    let mut cur = world.units.get(unit)?;
    for _ in 0..=world.units.len() {
        if let Some(j) = &cur.journey {
            return Some(j);
        }
        cur = world.units.get(cur.stack_parent?)?;
    }
    None
}

/// Where a unit is seen: where it stands, or for a travelling stack where
/// [`Journey::seen_at`] says (OV-MOVE-027).
/// A unit gone this turn is seen nowhere.
pub fn seen_at(world: &World, unit: UnitId) -> Option<LocationId> {
    if world.units.get(unit).is_none_or(|u| u.gone) {
        return None;
    }
    match journey(world, unit) {
        Some(j) => Some(j.seen_at()),
        None => world.units.get(unit).map(|u| u.location),
    }
}

/// A unit's observation as it counts where it is seen: one less while
/// travelling (OV-REP-053).
fn effective_observation(world: &World, rules: &Rules, id: UnitId, unit: &Unit) -> i32 {
    let o = observation(world, rules, unit);
    if journey(world, id).is_some() {
        o - 1
    } else {
        o
    }
}

/// The best effective observation among `mine` (units of one faction)
/// seen at `at`, or `None` when none is there.
fn best_observation(
    world: &World,
    rules: &Rules,
    mine: impl IntoIterator<Item = UnitId>,
    at: LocationId,
) -> Option<i32> {
    mine.into_iter()
        .filter(|&id| seen_at(world, id) == Some(at))
        .filter_map(|id| {
            world
                .units
                .get(id)
                .map(|u| effective_observation(world, rules, id, u))
        })
        .max()
}

/// Is one of `observer`'s units stacked directly under `target`, or is
/// `target` stacked directly under one of `observer`'s units?
fn directly_stacked(world: &World, observer: FactionId, target: UnitId, t: &Unit) -> bool {
    let above = t
        .stack_parent
        .and_then(|p| world.units.get(p))
        .is_some_and(|p| p.faction == observer);
    above
        || world
            .stack_children(target)
            .into_iter()
            .any(|c| world.units.get(c).is_some_and(|c| c.faction == observer))
}

/// The stealth that hides `unit`'s presence where it is seen: its
/// [`stealth`], changed while it travels (OV-MOVE-028): one less per full
/// 20 figures, one more while flying, then halved, rounded down, while
/// sailing. Recognising its faction always uses the unchanged stealth.
pub fn presence_stealth(world: &World, id: UnitId, normal: i32) -> i32 {
    let (Some(unit), Some(j)) = (world.units.get(id), journey(world, id)) else {
        return normal;
    };
    let big = i32::try_from(unit.figures / 20).unwrap_or(i32::MAX);
    let mut s = normal.saturating_sub(big);
    match j.mode {
        crate::rules::Movement::Fly => s = s.saturating_add(1),
        crate::rules::Movement::Swim => s = s.div_euclid(2),
        _ => {}
    }
    s
}

/// The rule itself, given what was gathered.
fn decide_sees(
    best: Option<i32>,
    target_stealth: i32,
    t: &Unit,
    exposure: Exposure,
    stacked: impl FnOnce() -> bool,
) -> bool {
    let Some(best) = best else {
        return false;
    };
    best >= target_stealth || t.settings.announce || exposure.any() || stacked()
}

fn decide_recognizes(best: Option<i32>, target_stealth: i32, t: &Unit, exposure: Exposure) -> bool {
    t.settings.advertise
        || exposure.guarding
        || best.is_some_and(|b| i64::from(b) >= i64::from(target_stealth) + 3)
}

/// What one faction makes of one unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Glance {
    /// It notices the unit ([`sees`]).
    pub seen: bool,
    /// It knows the unit's faction ([`recognizes`]).
    pub recognized: bool,
}

/// [`sees`] and [`recognizes`] at once, looking only through `mine`: the
/// observer's own units (all of them, or at least all those that could be
/// where the target is seen). The turn passes its index of each faction's
/// units, so a glance costs the faction's size, not the world's.
pub fn glance(
    world: &World,
    rules: &Rules,
    observer: FactionId,
    mine: impl IntoIterator<Item = UnitId>,
    target: UnitId,
    exposure: Exposure,
) -> Glance {
    let Some(t) = world.units.get(target) else {
        return Glance::default();
    };
    if t.faction == observer {
        return Glance {
            seen: true,
            recognized: true,
        };
    }
    let Some(at) = seen_at(world, target) else {
        return Glance::default();
    };
    let best = best_observation(world, rules, mine, at);
    let normal = stealth(world, rules, t);
    let hidden = presence_stealth(world, target, normal);
    let seen = decide_sees(best, hidden, t, exposure, || {
        directly_stacked(world, observer, target, t)
    });
    Glance {
        seen,
        recognized: seen && decide_recognizes(best, normal, t, exposure),
    }
}

/// Can `observer` (a faction) see `target` where it is seen? A faction
/// always sees its own units. Otherwise it needs a unit where the target is
/// seen, and then: observation at least the target's stealth (OV-REP-046),
/// or the target ANNOUNCEs, is exposed today, or is directly stacked with
/// one of the observer's units (OV-REP-047/048).
pub fn sees(
    world: &World,
    rules: &Rules,
    observer: FactionId,
    target: UnitId,
    exposure: Exposure,
) -> bool {
    let mine = world.units_of(observer).map(|(id, _)| id);
    glance(world, rules, observer, mine, target, exposure).seen
}

/// Does `observer` know `target`'s faction? Its own units, yes; others only
/// when it [`sees`] them and they ADVERTISE, are on GUARD (OV-REP-050), or
/// its observation there is at least their stealth + 3 (OV-REP-049).
pub fn recognizes(
    world: &World,
    rules: &Rules,
    observer: FactionId,
    target: UnitId,
    exposure: Exposure,
) -> bool {
    let mine = world.units_of(observer).map(|(id, _)| id);
    glance(world, rules, observer, mine, target, exposure).recognized
}

/// SEE `target` (OV-UO-078): `unit` and `target` are seen in the same
/// location and `unit`'s faction sees the target.
pub fn see_order(
    world: &World,
    rules: &Rules,
    unit: UnitId,
    target: UnitId,
    exposure: Exposure,
) -> bool {
    let Some(u) = world.units.get(unit) else {
        return false;
    };
    seen_at(world, unit).is_some_and(|a| seen_at(world, target) == Some(a))
        && sees(world, rules, u.faction, target, exposure)
}

/// Can `guard` stop `target` (OV-GRD-010)? Only if they are in the same
/// place and the guard's faction sees the target there: a guard watches
/// with its faction's best eyes in the location, as reports do.
pub fn guard_sees(
    world: &World,
    rules: &Rules,
    guard: UnitId,
    target: UnitId,
    exposure: Exposure,
) -> bool {
    see_order(world, rules, guard, target, exposure)
}

/// The possessions of `unit` shown to `observer` (who sees it): all of them
/// for its own units; for others, only those with weight (OV-REP-051/052).
pub fn shown_items<'a>(
    rules: &'a Rules,
    observer: FactionId,
    unit: &'a Unit,
) -> impl Iterator<Item = &'a Holding> + 'a {
    let own = unit.faction == observer;
    unit.items.iter().filter(move |h| {
        h.count > 0 && (own || rules.items.get(h.item).is_some_and(|i| i.weight > 0))
    })
}

/// What one location looks like to the factions present: each faction's
/// best effective observation there (travellers at − 1).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Watch {
    /// Sorted by faction.
    best: Vec<(FactionId, i32)>,
}

impl Watch {
    fn note(&mut self, faction: FactionId, observation: i32) {
        match self.best.binary_search_by_key(&faction, |(f, _)| *f) {
            Ok(i) => self.best[i].1 = self.best[i].1.max(observation),
            Err(i) => self.best.insert(i, (faction, observation)),
        }
    }

    /// The faction's best observation here, or `None` with no unit here.
    pub fn best(&self, faction: FactionId) -> Option<i32> {
        self.best
            .binary_search_by_key(&faction, |(f, _)| *f)
            .ok()
            .map(|i| self.best[i].1)
    }

    /// Factions with a unit here, and their best observation.
    pub fn factions(&self) -> &[(FactionId, i32)] {
        &self.best
    }
}

/// Everything [`sees`] and [`recognizes`] need, computed once for the whole
/// world (one pass over the units): each unit's stealth and where it is
/// seen, a [`Watch`] per location, and which factions have units stacked
/// directly under which units. Rebuild it when units move, stack, change
/// equipment or settings.
#[derive(Clone, Debug)]
pub struct Sight {
    stealth: Vec<i32>,
    seen_at: Vec<Option<LocationId>>,
    watches: Vec<Watch>,
    /// Factions other than the unit's own with a unit directly under it.
    under: FxHashMap<UnitId, Vec<FactionId>>,
}

impl Sight {
    pub fn build(world: &World, rules: &Rules) -> Sight {
        let n = world.units.len();
        let mut stealth_of = Vec::with_capacity(n);
        let mut seen = Vec::with_capacity(n);
        let mut watches = vec![Watch::default(); world.locations.len()];
        let mut under: FxHashMap<UnitId, Vec<FactionId>> = FxHashMap::default();
        for (id, u) in world.units.iter() {
            let r = ratings(world, rules, u);
            let travelling = journey(world, id).is_some();
            let at = seen_at(world, id);
            stealth_of.push(r.stealth);
            seen.push(at);
            if let Some(w) = at.and_then(|a| watches.get_mut(a.index())) {
                w.note(u.faction, r.observation - i32::from(travelling));
            }
            if let Some(p) = u.stack_parent
                && world.units.get(p).is_some_and(|p| p.faction != u.faction)
            {
                let fs = under.entry(p).or_default();
                if !fs.contains(&u.faction) {
                    fs.push(u.faction);
                }
            }
        }
        Sight {
            stealth: stealth_of,
            seen_at: seen,
            watches,
            under,
        }
    }

    /// The location's watch (empty for an unknown location).
    pub fn watch(&self, at: LocationId) -> Option<&Watch> {
        self.watches.get(at.index())
    }

    /// The unit's stealth as computed at build time.
    pub fn stealth(&self, unit: UnitId) -> Option<i32> {
        self.stealth.get(unit.index()).copied()
    }

    /// Where the unit is seen (see [`seen_at`]).
    pub fn seen_at(&self, unit: UnitId) -> Option<LocationId> {
        self.seen_at.get(unit.index()).copied().flatten()
    }

    fn best(&self, observer: FactionId, target: UnitId) -> Option<i32> {
        self.seen_at(target)
            .and_then(|a| self.watch(a))
            .and_then(|w| w.best(observer))
    }

    /// [`sees`], from the precomputed tables.
    pub fn sees(
        &self,
        world: &World,
        observer: FactionId,
        target: UnitId,
        exposure: Exposure,
    ) -> bool {
        let Some(t) = world.units.get(target) else {
            return false;
        };
        if t.faction == observer {
            return true;
        }
        let st = presence_stealth(world, target, self.stealth(target).unwrap_or(0));
        decide_sees(self.best(observer, target), st, t, exposure, || {
            t.stack_parent
                .and_then(|p| world.units.get(p))
                .is_some_and(|p| p.faction == observer)
                || self
                    .under
                    .get(&target)
                    .is_some_and(|fs| fs.contains(&observer))
        })
    }

    /// [`recognizes`], from the precomputed tables.
    pub fn recognizes(
        &self,
        world: &World,
        observer: FactionId,
        target: UnitId,
        exposure: Exposure,
    ) -> bool {
        let Some(t) = world.units.get(target) else {
            return false;
        };
        if t.faction == observer {
            return true;
        }
        self.sees(world, observer, target, exposure)
            && decide_recognizes(
                self.best(observer, target),
                self.stealth(target).unwrap_or(0),
                t,
                exposure,
            )
    }
}
