//! A day of skill work, shared by every use of a skill: what USE of a
//! skill does at the unit's level, the day's work in hundredths of a
//! man-day with its bonuses (OV-PROD-002, 010, OV-GRD-006, OV-WLD-026,
//! OV-BLD-037..039, OV-ENCH-001), work under way ([`Making`]) and its
//! loss on moving (OV-PROD-004, 008), pieces that take man-days, materials
//! and mana (OV-PROD-005..009, OV-MAG-011), experience for the day
//! (OV-SKL-025) and the count written back into the order (OV-UO-115).
//! The orders built on it sit above: [`super::use_skill`],
//! [`super::target`], [`super::earn`], [`crate::turn::magic::casting`].

use super::super::experience::{self, DAY, covers};
use super::super::log::{UseProblem, What};
use super::super::magic;
use super::super::pending::{self, Outcome};
use super::super::state::Turn;
use super::{equip, not_adjudicated};
use crate::orders::UnitOrder;
use crate::rules::skills::SkillUse;
use crate::rules::{ItemId, SkillId};
use crate::world::{Making, UnitId};
use umpire_core::ids::TypedId;

/// What USE of the skill does at the unit's level, if it knows it.
pub fn skill_use(t: &Turn<'_>, u: UnitId, skill: SkillId) -> Option<SkillUse> {
    let level = usize::from(t.level(u, skill));
    let sk = t.rules.skills.get(skill)?;
    sk.levels.get(level.checked_sub(1)?)?.use_.clone()
}

/// A use this build does not carry out: kept, said once a turn.
pub fn unhandled(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    not_adjudicated(t, u, i, &order)
}

/// The order cannot run today: skipped, said once a turn.
pub fn cannot(t: &mut Turn<'_>, u: UnitId, i: usize, skill: SkillId, why: UseProblem) -> Outcome {
    if let Some(p) = t.live(u).list.get_mut(i)
        && !p.noted
    {
        p.noted = true;
        t.private(u, What::CannotUse { skill, why });
    }
    Outcome::wait("the skill cannot be used today (see the reason above)")
}

/// Moving loses all work under way (OV-PROD-004, 008).
pub fn forget_if_moved(t: &mut Turn<'_>, u: UnitId) {
    let Some(here) = t.world.units.get(u).map(|x| x.location) else {
        return;
    };
    let gone: Vec<SkillId> = t.world.units[u]
        .making
        .iter()
        .filter(|m| m.place != here && (m.done > 0 || m.extra > 0 || m.started))
        .map(|m| m.skill)
        .collect();
    t.world.units[u].making.retain(|m| m.place == here);
    for skill in gone {
        t.private(u, What::WorkLost { skill });
    }
}

/// The unit's work under way with `skill`, made if none.
pub fn making(t: &mut Turn<'_>, u: UnitId, skill: SkillId) -> usize {
    let unit = &mut t.world.units[u];
    let place = unit.location;
    if let Some(k) = unit.making.iter().position(|m| m.skill == skill) {
        return k;
    }
    unit.making.push(Making {
        skill,
        place,
        done: 0,
        extra: 0,
        started: false,
    });
    unit.making.len() - 1
}

/// The season's and weather's percent bonus to using `skill` where the
/// unit stands (OV-WLD-026, 029..032); none in inner locations
/// (OV-WLD-035).
pub fn climate_bonus(t: &Turn<'_>, u: UnitId, skill: SkillId) -> i64 {
    let Some(loc) = t
        .world
        .units
        .get(u)
        .and_then(|x| t.world.locations.get(x.location))
    else {
        return 0;
    };
    if loc.outer.is_some() {
        return 0;
    }
    let season = super::super::calendar::season(t.rules, t.log.turn)
        .and_then(|s| t.rules.seasons.get(s))
        .map(|s| &s.bonuses.use_skill);
    let weather = t
        .rules
        .weathers
        .get(loc.weather)
        .map(|w| &w.bonuses.use_skill);
    season
        .into_iter()
        .chain(weather)
        .flatten()
        .filter(|b| covers(t, b.skill.id(), skill))
        .map(|b| i64::from(b.value))
        .sum()
}

/// The production building's percent bonus for `skill`, if the unit is
/// inside a complete one (OV-BLD-037..039).
pub fn building_bonus(t: &Turn<'_>, u: UnitId, skill: SkillId) -> u64 {
    let Some(s) = t
        .world
        .units
        .get(u)
        .and_then(|x| x.structure)
        .and_then(|s| t.world.structures.get(s))
    else {
        return 0;
    };
    if !s.complete {
        return 0;
    }
    t.rules.constructions.get(s.kind).map_or(0, |c| {
        c.production_bonus
            .iter()
            .filter(|b| covers(t, b.skill.id(), skill))
            .map(|b| u64::try_from(b.value).unwrap_or(0))
            .sum()
    })
}

/// The unit's work today with `skill`, in hundredths of a man-day: its
/// figures (halved on guard, OV-GRD-006), tooled figures at 150
/// (OV-PROD-010), and the climate's and its enchantments' bonuses.
pub fn day_work(t: &Turn<'_>, u: UnitId, skill: SkillId, tool: Option<ItemId>) -> u64 {
    let Some(unit) = t.world.units.get(u) else {
        return 0;
    };
    let mut figures = u64::from(unit.figures);
    if t.live.get(u.index()).is_some_and(|l| l.guarding) {
        figures /= 2;
    }
    let tooled = tool.map_or(0, |it| equip::equipped(t, u, it).min(figures));
    let base = (figures - tooled) * 100 + tooled * 150;
    let bonus = climate_bonus(t, u, skill) + magic::enchantments::use_bonus(t, u, skill);
    let percent = (100 + bonus).max(0);
    base * u64::try_from(percent).unwrap_or(0) / 100
}

/// A day of USE did some work: experience (OV-SKL-025).
pub fn practised(t: &mut Turn<'_>, u: UnitId, skill: SkillId) {
    let learns = t
        .rules
        .skills
        .get(skill)
        .is_some_and(|s| !s.flags.no_experience);
    if learns {
        experience::gain_with_basics(t, u, skill, DAY / 10, 50);
    }
}

/// Bring down the count of today's USE of `skill` by `made`; at zero it
/// is complete and leaves the list (OV-UO-115).
pub(crate) fn count_down(t: &mut Turn<'_>, u: UnitId, skill: SkillId, made: u64) {
    let rules = t.rules;
    let list = &mut t.live(u).list;
    let Some(j) = list.iter().position(|p| {
        p.done_today
            && matches!(&p.order.order, UnitOrder::Use(o) if rules.skill(o.skill.as_str()) == Some(skill))
    }) else {
        return;
    };
    let left = match &mut list[j].order.order {
        UnitOrder::Use(o) => match o.count {
            Some(c) => {
                let left = u64::from(c).saturating_sub(made);
                o.count = Some(u32::try_from(left).unwrap_or(u32::MAX).max(1));
                left
            }
            None => return,
        },
        _ => return,
    };
    if left == 0 {
        pending::after_run(list, j, Outcome::Finished);
    }
}

/// Are the next piece's materials and mana there? Materials are asked
/// first.
pub fn ready(t: &Turn<'_>, u: UnitId, use_: &SkillUse) -> Result<(), UseProblem> {
    if !has_materials(t, u, use_) {
        return Err(UseProblem::NoMaterials);
    }
    if !magic::mana::has(t, u, use_.mana.unwrap_or(0)) {
        return Err(UseProblem::NoMana);
    }
    Ok(())
}

pub fn has_materials(t: &Turn<'_>, u: UnitId, use_: &SkillUse) -> bool {
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    use_.consume
        .iter()
        .all(|c| unit.count(c.item.id()) >= u64::from(c.count))
}

/// Take a piece's mana and materials, unequipped materials first.
fn take_materials(t: &mut Turn<'_>, u: UnitId, skill: SkillId, use_: &SkillUse) {
    let mana = use_.mana.unwrap_or(0);
    if mana > 0 {
        let unit = &mut t.world.units[u];
        unit.mana = unit.mana.saturating_sub(mana);
        t.private(u, What::ManaSpent { skill, mana });
    }
    if use_.consume.is_empty() {
        return;
    }
    let mut items = Vec::new();
    let unit = &mut t.world.units[u];
    for c in &use_.consume {
        let (item, n) = (c.item.id(), u64::from(c.count));
        if let Ok(k) = unit.items.binary_search_by_key(&item, |h| h.item) {
            let h = &mut unit.items[k];
            h.count -= n.min(h.count);
            h.equipped = h.equipped.min(h.count);
            if h.count == 0 {
                unit.items.remove(k);
            }
        }
        items.push((item, n));
    }
    t.private(u, What::MaterialsUsed { skill, items });
}

/// Write the products still to make back into the order (USE or BUILD).
pub fn set_count(t: &mut Turn<'_>, u: UnitId, i: usize, left: u64) {
    let n = u32::try_from(left).unwrap_or(u32::MAX).max(1);
    if let Some(p) = t.live(u).list.get_mut(i) {
        match &mut p.order.order {
            UnitOrder::Use(o) => o.count = Some(n),
            UnitOrder::Build(o) => o.count = Some(n),
            _ => {}
        }
    }
}

/// A kind of piece a day of work makes: an item ([`super::use_skill`]),
/// construction work, a vessel or a refit ([`super::target`]), a casting
/// ([`crate::turn::magic::casting`]). Each kind says how long a piece
/// takes, whether another has somewhere to go, and what finishing one
/// does.
pub trait Piece: Copy {
    /// Man-days of one piece: the skill's `produces.days` unless the kind
    /// counts otherwise.
    fn days(&self, use_: &SkillUse) -> u32 {
        use_.produces.as_ref().map_or(1, |p| p.days).max(1)
    }

    /// Does the next piece still have somewhere to go?
    fn has_room(&self, _t: &Turn<'_>) -> bool {
        true
    }

    /// Finish one piece; returns how many products it counts for.
    fn finish(&self, t: &mut Turn<'_>, u: UnitId, skill: SkillId, use_: &SkillUse) -> u64;

    /// The item each piece makes, told as made.
    fn item(&self) -> Option<ItemId> {
        None
    }

    /// Is a day's progress towards the next piece told (items and
    /// castings)?
    fn tells_progress(&self) -> bool {
        false
    }
}

/// A day of work on pieces that each take the skill's `produces.days`
/// man-days and its materials, taken as each piece starts (OV-PROD-005..009,
/// OV-BLD-007). Returns the order's outcome.
pub fn work_pieces<P: Piece>(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    skill: SkillId,
    use_: &SkillUse,
    piece: P,
    count: Option<u32>,
) -> Outcome {
    let days = piece.days(use_);
    let cost = u64::from(days) * 100;
    // A production building speeds the work of its trades inside it: docks
    // take a third off a ship's time (OV-BLD-036: +50% work).
    let start = day_work(t, u, skill, use_.tool.as_ref().map(|r| r.id()))
        * (100 + building_bonus(t, u, skill))
        / 100;
    let mut avail = start;
    let mut made: u64 = 0;
    let left = count.map_or(u64::MAX, u64::from);
    if start == 0 {
        // No figure free to work today (one figure on guard).
        return Outcome::wait("no figure is free to work today (one is on guard)");
    }
    let k = making(t, u, skill);
    while avail > 0 && made < left {
        if !piece.has_room(t) {
            if avail == start {
                return cannot(t, u, i, skill, UseProblem::NothingToFit);
            }
            break;
        }
        if !t.world.units[u].making[k].started {
            if let Err(why) = ready(t, u, use_) {
                if avail == start {
                    return cannot(t, u, i, skill, why);
                }
                break;
            }
            take_materials(t, u, skill, use_);
            t.world.units[u].making[k].started = true;
        }
        let m = &mut t.world.units[u].making[k];
        let need = cost - m.done.min(cost);
        if avail >= need {
            avail -= need;
            m.done = 0;
            m.started = false;
            made += piece.finish(t, u, skill, use_);
        } else {
            m.done += avail;
            avail = 0;
        }
    }
    practised(t, u, skill);
    if let Some(item) = piece.item()
        && made > 0
    {
        t.private(
            u,
            What::Produced {
                skill,
                item,
                count: made,
            },
        );
    }
    // A day towards the next item or casting: how far it got.
    if piece.tells_progress() && made == 0 {
        let done = t.world.units[u].making[k].done;
        t.private(
            u,
            What::UseProgress {
                skill,
                item: piece.item(),
                percent: done.min(cost) * 100 / cost,
            },
        );
    }
    match count {
        None => Outcome::Done,
        Some(_) if made >= left => Outcome::Finished,
        Some(_) => {
            set_count(t, u, i, left - made);
            Outcome::Kept
        }
    }
}
