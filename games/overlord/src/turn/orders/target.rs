//! TARGET and BUILD, and construction work with USE (OV-UO-008, 009, 107,
//! 108; OV-BLD-004..009).
//!
//! - `TARGET structure-id` chooses an unfinished structure in the unit's
//!   location to work on; `TARGET construction-tag` a new structure of that
//!   type (OV-BLD-005). Units and locations may be targeted too, for the
//!   magic rules. The builder need not be inside.
//! - A TARGET that changes the target throws away construction work under
//!   way, with its materials (decision OV-UO-108: one rule for all skills,
//!   the order reference's). A casting under way keeps half its time and
//!   pays its mana and components again (OV-MAG-016,
//!   `turn/magic/casting.rs`).
//! - USE of a construction skill (`kind = "build"`: carpentry, masonry,
//!   siegecraft…) fits one piece of work per its materials and man-days,
//!   like any production (OV-BLD-007: the data's man-days per level win,
//!   faster at higher levels). The work must be one the structure still
//!   needs; a military structure's stone is already split in the data
//!   between fortification work and stonework (OV-BLD-009).
//! - A construction tag joins the lowest-numbered unfinished structure of
//!   that type in the location, else begins a new one, numbered one past
//!   the highest, when the first piece of work starts (decision
//!   OV-BLD-006); from then on the unit's target is that structure, so
//!   every unit targeting the tag there works on the same one.
//! - Nothing is begun on water (`no_build` terrain) or by a unit inside a
//!   structure (OV-BLD-004); beginning one needs the construction's
//!   `building_skill` experience and `build_requires`.
//! - The structure is complete when all its works are fitted (OV-BLD-008).
//!   A city or village (a construction with a `settlement` terrain) then
//!   becomes a new inner location instead (OV-BLD-044/045,
//!   [`settlement`](super::super::settlement)); one is begun only in a
//!   location inside no other.
//! - BUILD skill [target] [count] is TARGET (when a target is given)
//!   followed by USE of the skill (decision OV-UO-008). A placeholder
//!   structure id (`f06nB01`) names nothing this build can resolve: such a
//!   BUILD is skipped.
//! - Vessels made directly by a skill (`kind = "construction"`) appear
//!   complete when their man-days are done.

use super::super::log::{UseProblem, What};
use super::super::pending::Outcome;
use super::super::settlement;
use super::super::state::Turn;
use super::skill_work::{self, Piece};
use crate::orders::catalog::skills::{Build, BuildTarget, Target, TargetRef};
use crate::orders::{StructureRef, Tag};
use crate::rules::skills::{Product, SkillUse};
use crate::rules::{ConstructionId, SkillId, WorkId};
use crate::world::structure::Progress;
use crate::world::{Aim, LocationId, Structure, StructureId, UnitId};

/// TARGET (immediate).
pub fn target(t: &mut Turn<'_>, u: UnitId, _i: usize, o: &Target) -> Outcome {
    let aim = match o.target {
        TargetRef::Unit(r) => t.unit_ref(r).map(Aim::Unit),
        TargetRef::Location(r) => t.location_ref(r).map(Aim::Location),
        TargetRef::Structure(r) => t.structure_ref(r).map(Aim::Structure),
        TargetRef::Kind(tag) => kind(t, tag).map(Aim::Kind),
    };
    // A target not (yet) there: kept, retried (OV-SCH-022).
    let Some(aim) = aim else {
        return Outcome::wait("the target is not here yet");
    };
    set_aim(t, u, aim);
    Outcome::Done
}

fn kind(t: &Turn<'_>, tag: Tag) -> Option<ConstructionId> {
    t.rules.construction(tag.as_str())
}

/// Set the target; a changed target loses construction work under way
/// (decision OV-UO-108).
fn set_aim(t: &mut Turn<'_>, u: UnitId, aim: Aim) {
    let old = t.world.units[u].target;
    if old != Some(aim) {
        let rules = t.rules;
        let lost: Vec<SkillId> = t.world.units[u]
            .making
            .iter()
            .filter(|m| (m.started || m.done > 0) && builds(rules, m.skill))
            .map(|m| m.skill)
            .collect();
        t.world.units[u].making.retain(|m| !lost.contains(&m.skill));
        for skill in lost {
            t.private(u, What::WorkLost { skill });
        }
        super::super::magic::casting::retargeted(t, u);
    }
    t.world.units[u].target = Some(aim);
    t.private(u, What::Targeted { aim });
}

/// Is `skill` a construction skill at any level?
fn builds(rules: &crate::rules::Rules, skill: SkillId) -> bool {
    rules.skills.get(skill).is_some_and(|s| {
        s.levels.iter().any(|l| {
            l.use_
                .as_ref()
                .is_some_and(|x| x.kind == Some(crate::rules::skills::UseKind::Build))
        })
    })
}

/// BUILD = TARGET (if given) + USE (decision OV-UO-008).
pub fn build(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Build) -> Outcome {
    let Some(skill) = t.skill(o.skill) else {
        return Outcome::wait("there is no such skill");
    };
    if let Some(to) = o.target {
        let aim = match to {
            BuildTarget::Kind(tag) => kind(t, tag).map(Aim::Kind),
            BuildTarget::Structure(StructureRef::Id(n)) => {
                t.numbers.structures.get(&n).copied().map(Aim::Structure)
            }
            BuildTarget::Structure(StructureRef::New(_)) => None,
        };
        let Some(aim) = aim else {
            return skill_work::cannot(t, u, i, skill, UseProblem::WrongTarget);
        };
        // Once a new structure is begun the target moves on to it; the
        // order's tag then means "the one I am building".
        let current = t.world.units[u].target;
        let same = match (aim, current) {
            (Aim::Kind(k), Some(Aim::Structure(s))) => t
                .world
                .structures
                .get(s)
                .is_some_and(|st| st.kind == k && !st.complete),
            (a, c) => Some(a) == c,
        };
        if !same {
            set_aim(t, u, aim);
        }
    }
    let Some(use_) = skill_work::skill_use(t, u, skill) else {
        return skill_work::cannot(t, u, i, skill, UseProblem::Unskilled);
    };
    skill_work::forget_if_moved(t, u);
    work_on_target(t, u, i, skill, &use_, o.count)
}

/// USE of a construction skill on the unit's target.
pub fn work_on_target(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    skill: SkillId,
    use_: &SkillUse,
    count: Option<u32>,
) -> Outcome {
    let Some(Product::Work(w)) = use_.produces.as_ref().map(|p| &p.what) else {
        return skill_work::cannot(t, u, i, skill, UseProblem::NoUse);
    };
    let work = w.id();
    let n = use_.multiple.unwrap_or(1).max(1);
    let here = t.world.units[u].location;
    let s = match t.world.units[u].target {
        Some(Aim::Structure(s)) => s,
        Some(Aim::Kind(k)) => match unfinished(t, here, k) {
            Some(s) => {
                t.world.units[u].target = Some(Aim::Structure(s));
                s
            }
            None => {
                if skill_work::day_work(t, u, skill, None) == 0 {
                    return Outcome::wait("no figure is free to work today (one is on guard)");
                }
                if let Err(why) = may_begin(t, u, k, work) {
                    return skill_work::cannot(t, u, i, skill, why);
                }
                let k_idx = skill_work::making(t, u, skill);
                let started = t.world.units[u].making[k_idx].started;
                if !started && let Err(why) = skill_work::ready(t, u, use_) {
                    return skill_work::cannot(t, u, i, skill, why);
                }
                let s = begin(t, u, k, false);
                t.world.units[u].target = Some(Aim::Structure(s));
                s
            }
        },
        None => return skill_work::cannot(t, u, i, skill, UseProblem::NoTarget),
        Some(_) => return skill_work::cannot(t, u, i, skill, UseProblem::WrongTarget),
    };
    let fits = t
        .world
        .structures
        .get(s)
        .is_some_and(|st| st.location == here);
    if !fits {
        return skill_work::cannot(t, u, i, skill, UseProblem::TargetOutOfReach);
    }
    skill_work::work_pieces(t, u, i, skill, use_, Works(s, work, n), count)
}

/// The lowest-numbered unfinished structure of type `k` in `place`.
fn unfinished(t: &Turn<'_>, place: LocationId, k: ConstructionId) -> Option<StructureId> {
    t.world.locations[place]
        .structures
        .iter()
        .copied()
        .filter(|&s| {
            t.world
                .structures
                .get(s)
                .is_some_and(|st| st.kind == k && !st.complete)
        })
        .min_by_key(|&s| t.world.structures[s].number)
}

/// May the unit begin a structure of type `k` here with this work?
fn may_begin(t: &Turn<'_>, u: UnitId, k: ConstructionId, work: WorkId) -> Result<(), UseProblem> {
    let unit = &t.world.units[u];
    let loc = &t.world.locations[unit.location];
    let water = t
        .rules
        .terrains
        .get(loc.terrain)
        .is_some_and(|x| x.no_build);
    if water || unit.structure.is_some() {
        return Err(UseProblem::CannotBuildHere);
    }
    let Some(c) = t.rules.constructions.get(k) else {
        return Err(UseProblem::WrongTarget);
    };
    if c.settlement.is_some() && !settlement::may_found_in(t.world, unit.location) {
        return Err(UseProblem::CannotBuildHere);
    }
    if !c.works.iter().any(|wc| wc.work.id() == work) {
        return Err(UseProblem::NothingToFit);
    }
    let skilled = c
        .building_skill
        .as_ref()
        .is_none_or(|b| unit.experience(b.skill.id()) >= b.experience)
        && super::equip::qualified(t, u, &c.build_requires);
    if !skilled {
        return Err(UseProblem::Unskilled);
    }
    Ok(())
}

/// A new structure of type `k` where the unit stands, its faction's.
fn begin(t: &mut Turn<'_>, u: UnitId, k: ConstructionId, complete: bool) -> StructureId {
    let (place, faction) = {
        let unit = &t.world.units[u];
        (unit.location, unit.faction)
    };
    let number = t
        .world
        .structures
        .values()
        .map(|s| s.number)
        .max()
        .unwrap_or(0)
        + 1;
    let mut st = Structure::new(number, k, place);
    st.complete = complete;
    st.faction = Some(faction);
    let s = t.world.structures.push(st);
    t.world.locations[place].structures.push(s);
    t.numbers.structures.insert(number, s);
    let others = t.present_factions(place);
    t.event(Some(u), What::StructureBegun { structure: s }, &others);
    s
}

/// Construction work of one kind on a structure, `n` at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Works(pub StructureId, pub WorkId, pub u32);

impl Piece for Works {
    fn has_room(&self, t: &Turn<'_>) -> bool {
        needed(t, self.0, self.1) > 0
    }

    fn finish(&self, t: &mut Turn<'_>, u: UnitId, _skill: SkillId, _use_: &SkillUse) -> u64 {
        let Works(s, work, n) = *self;
        u64::from(fit(t, u, s, work, n))
    }
}

/// A new vessel, complete when its man-days are done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vessel(pub ConstructionId);

impl Piece for Vessel {
    fn finish(&self, t: &mut Turn<'_>, u: UnitId, skill: SkillId, _use_: &SkillUse) -> u64 {
        launch(t, u, skill, self.0);
        1
    }
}

/// A vessel of the first kind rebuilt as the second (a longboat made a
/// war galley, see [`refit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refit(pub StructureId, pub ConstructionId, pub ConstructionId);

impl Piece for Refit {
    fn has_room(&self, t: &Turn<'_>) -> bool {
        let Refit(s, from, _) = *self;
        t.world
            .structures
            .get(s)
            .is_some_and(|st| st.kind == from && st.complete)
    }

    fn finish(&self, t: &mut Turn<'_>, u: UnitId, _skill: SkillId, _use_: &SkillUse) -> u64 {
        let Refit(s, from, to) = *self;
        refit(t, u, s, from, to)
    }
}

/// Work of this kind the structure still needs.
fn needed(t: &Turn<'_>, s: StructureId, work: WorkId) -> u32 {
    let Some(st) = t.world.structures.get(s) else {
        return 0;
    };
    if st.complete {
        return 0;
    }
    let want: u32 = t.rules.constructions.get(st.kind).map_or(0, |c| {
        c.works
            .iter()
            .filter(|w| w.work.id() == work)
            .map(|w| w.count)
            .sum()
    });
    let done: u32 = st
        .progress
        .iter()
        .filter(|p| p.work == work)
        .map(|p| p.done)
        .sum();
    want.saturating_sub(done)
}

/// Fit up to `n` works into the structure; complete it when nothing is
/// missing (OV-BLD-008). Returns how many were fitted.
pub fn fit(t: &mut Turn<'_>, u: UnitId, s: StructureId, work: WorkId, n: u32) -> u32 {
    let n = n.min(needed(t, s, work));
    if n == 0 {
        return 0;
    }
    let st = &mut t.world.structures[s];
    match st.progress.iter_mut().find(|p| p.work == work) {
        Some(p) => p.done += n,
        None => st.progress.push(Progress { work, done: n }),
    }
    t.private(
        u,
        What::BuiltWork {
            structure: s,
            work,
            count: n,
        },
    );
    let kind = t.world.structures[s].kind;
    let all_done = t
        .rules
        .constructions
        .get(kind)
        .is_some_and(|c| c.works.iter().all(|w| needed(t, s, w.work.id()) == 0));
    if all_done {
        t.world.structures[s].complete = true;
        if let Some(terrain) = settlement::terrain_of(t.rules, kind) {
            settlement::found(t, u, s, terrain);
            return n;
        }
        let place = t.world.structures[s].location;
        seat_titles(t, kind, place);
        open_market(t, kind, place);
        let others = t.present_factions(place);
        t.event(Some(u), What::StructureCompleted { structure: s }, &others);
    }
    n
}

/// A finished marketplace [mrkt] creates the location's market
/// (OV-BLD-042): where the town neither sells nor buys anything, it opens
/// as a new settlement's market does, wanting food and what the land
/// yields (`settlement::opening_market`). A place that has a market
/// keeps it as it is.
fn open_market(t: &mut Turn<'_>, kind: ConstructionId, place: crate::world::LocationId) {
    if t.rules
        .constructions
        .get(kind)
        .is_none_or(|c| c.tag != "mrkt")
    {
        return;
    }
    let Some(loc) = t.world.locations.get(place) else {
        return;
    };
    if !loc.market.sells.is_empty() || !loc.market.buys.is_empty() {
        return;
    }
    let market = settlement::opening_market(t, place);
    if let Some(loc) = t.world.locations.get_mut(place) {
        loc.market.sells = market.sells;
        loc.market.buys = market.buys;
    }
}

/// A finished structure that carries titles (a guard tower the sheriff's,
/// a castle the baron's: OV-BLD-031..033) seats each of them, vacant, in
/// its location, unless the location has it already (decision OV-TTL-001:
/// a title is seated once per location). CLAIM then takes them.
fn seat_titles(t: &mut Turn<'_>, kind: ConstructionId, place: crate::world::LocationId) {
    let Some(c) = t.rules.constructions.get(kind) else {
        return;
    };
    let Some(loc) = t.world.locations.get_mut(place) else {
        return;
    };
    for title in &c.titles {
        let title = title.id();
        if !loc.titles.iter().any(|s| s.title == title) {
            loc.titles.push(crate::world::Seat {
                title,
                holder: None,
            });
        }
    }
}

/// A vessel made directly by a skill: complete at once.
/// The vessel a refit works on: the complete structure of kind `from`
/// the unit's TARGET names, in the unit's place and of its faction.
pub fn refit_target(t: &Turn<'_>, u: UnitId, from: ConstructionId) -> Option<StructureId> {
    let unit = t.world.units.get(u)?;
    let Some(Aim::Structure(s)) = unit.target else {
        return None;
    };
    let st = t.world.structures.get(s)?;
    (st.kind == from
        && st.complete
        && st.location == unit.location
        && st.faction == Some(unit.faction))
    .then_some(s)
}

/// A refit done: the vessel is now of kind `to` (RULES-DECISIONS,
/// "vessel refits").
pub fn refit(
    t: &mut Turn<'_>,
    u: UnitId,
    s: StructureId,
    from: ConstructionId,
    to: ConstructionId,
) -> u64 {
    let Some(st) = t.world.structures.get_mut(s) else {
        return 0;
    };
    if st.kind != from {
        return 0;
    }
    st.kind = to;
    let place = st.location;
    let others = t.present_factions(place);
    t.event(
        Some(u),
        What::Refitted {
            structure: s,
            from,
            to,
        },
        &others,
    );
    1
}

pub fn launch(t: &mut Turn<'_>, u: UnitId, _skill: SkillId, kind: ConstructionId) {
    let s = begin(t, u, kind, true);
    let place = t.world.structures[s].location;
    let others = t.present_factions(place);
    t.event(Some(u), What::StructureCompleted { structure: s }, &others);
}
