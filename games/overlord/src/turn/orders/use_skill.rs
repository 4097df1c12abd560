//! USE skill-tag [count] (OV-UO-114, 115; OV-SKL-036; OV-PROD): a
//! full-day order that puts the unit's figures to work with a skill.
//!
//! **Work.** Each figure gives one man-day a day (OV-PROD-002); a unit on
//! GUARD works as if it had half its figures, rounded down (OV-GRD-006). A
//! figure with the skill's tool equipped works half as fast again: the
//! rules' "33% less time" (OV-PROD-010, decision: time × 2/3, so 150
//! hundredths of a man-day a day). The season's and the weather's
//! `use_skill` bonuses (`climate.toml`) add their percent to the day's work
//! (OV-WLD-026, 029..032); a bonus named for a skill counts for every skill
//! built on it (summer's `agri` for farming), and inner locations shield
//! their occupants from the climate (OV-WLD-035).
//!
//! **Harvest** (OV-PROD-001..004). At each level the skill's data says how
//! many items (`harvest.days`) a batch of `produces.days` man-days yields.
//! Work carries over from day to day as fractions of an item. What the day
//! completes is asked of the location's resource; the requests of the whole
//! full-day pass are settled together by [`settle_harvests`]: each gets
//! what it asked while the resource lasts, and when the day's requests
//! exceed what remains it is shared in proportion to what each asked
//! (OV-WLD-040: 15 left, 20 and 40 asked → 5 and 10; what rounding leaves
//! goes one by one in the day's order). Nobody takes more than remains
//! (OV-PROD-003). A unit inside a complete production building gets the
//! building's `production_bonus` percent more, and that share comes from
//! the building, before and besides the land's (OV-BLD-037..040). The land's
//! controller may forbid harvesting (OV-LAND, `policy::permits`), and
//! guards keep factions they do not hold Friendly from it (OV-GRD-009,
//! `guard::stopped`).
//!
//! A unit that harvested an item with weight shows itself that day
//! whatever its stealth (OV-REP-047).
//!
//! **Craft** (OV-PROD-005..009). An item's materials are all taken when work
//! on it starts; the item appears when its man-days (`produces.days`, the
//! data already giving X/N at level N) are done; a batch gives `multiple`
//! items (default 1). With the materials missing the order is skipped, or,
//! if some work was done today, the rest of the day is lost. Work is kept
//! from day to day; moving loses it with the materials (OV-PROD-008).
//! Land-lore skills make food this way (decision OV-PROD-012: a food item).
//!
//! Inside a complete building whose `production_bonus` covers the skill,
//! craft and construction work goes that much faster: docks (+50%, the
//! rules' "33% less time") for shipcraft (OV-BLD-036).
//!
//! **Construction** skills work the same way on the unit's TARGET (see
//! [`super::target`]). A skill that rebuilds one kind of vessel as another
//! (`use.upgrade`: prepare war galley, magic ship, magical galley, enchant
//! air ship) works on the complete vessel of that kind its TARGET names,
//! one of the unit's faction in the same place; its materials and mana
//! are taken when the work begins and the vessel changes kind when its
//! man-days are done (RULES-DECISIONS, "vessel refits").
//!
//! **Spells** (OV-PROD-011): enchantments, summonings and special actions
//! are cast as pieces of the same work by [`magic::casting`]
//! (`turn/magic/`). A skill whose use costs mana (`use.mana`: mage keys,
//! enchanted stones, magic ships…) pays it from the unit's mana when each
//! piece begins, with its materials (OV-MAG-011); without the mana it
//! waits, said once a turn. A combat spell is not used with USE
//! (OV-MAG-008): the order waits, said once a turn. An enchantment's
//! `bonuses.use_skill` speeds work like the season's (OV-ENCH-001).
//!
//! **Count** (OV-UO-115): `USE skill n` completes after `n` products; the
//! count left is written back into the order. Without a count the order
//! runs as its prefix says (once, `@` always, `10 USE` ten days).
//!
//! **Experience** (OV-SKL-025): each day of USE that did some work gives the
//! skill a tenth of a study day and each more basic skill 5% of a day.
//!
//! Work under way is kept on the unit ([`Making`]): it survives days,
//! other orders and months, and is lost when the unit moves.

pub use super::super::economy::asks::Request;
use super::super::experience::{self, DAY};
use super::super::log::{UseProblem, What};
use super::super::magic::{self, casting};
use super::super::pending::{self, Outcome};
use super::super::policy::{self, Act};
use super::super::share::share_out;
use super::super::state::Turn;
use super::{earn, equip, not_adjudicated, target};
use crate::orders::UnitOrder;
use crate::orders::catalog::skills::Use;
use crate::rules::skills::{Product, SkillUse, UseKind};
use crate::rules::{ItemId, SkillId};
use crate::world::{Aim, Making, UnitId};
use umpire_core::ids::TypedId;

/// The USE order.
pub fn use_order(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Use) -> Outcome {
    let Some(skill) = t.skill(o.skill) else {
        return Outcome::wait("there is no such skill");
    };
    let Some(use_) = skill_use(t, u, skill) else {
        let why = if t.level(u, skill) == 0 {
            UseProblem::Unskilled
        } else {
            UseProblem::NoUse
        };
        return cannot(t, u, i, skill, why);
    };
    forget_if_moved(t, u);
    match use_.kind {
        Some(UseKind::Harvest) => harvest(t, u, i, skill, &use_, o.count),
        Some(UseKind::Craft) => match use_.produces.as_ref().map(|p| &p.what) {
            Some(Product::Item(item)) => {
                let piece = Piece::Item(item.id(), u64::from(use_.multiple.unwrap_or(1).max(1)));
                work_pieces(t, u, i, skill, &use_, piece, o.count)
            }
            _ => unhandled(t, u, i),
        },
        Some(UseKind::Build) => target::work_on_target(t, u, i, skill, &use_, o.count),
        Some(UseKind::Tax) => earn::earn(t, u, i, skill, &use_, earn::Purse::Taxes, o.count),
        Some(UseKind::Entertain) => {
            earn::earn(t, u, i, skill, &use_, earn::Purse::Entertainment, o.count)
        }
        Some(UseKind::Construction) => match (
            use_.upgrade.as_ref().map(|r| r.id()),
            use_.produces.as_ref().map(|p| &p.what),
        ) {
            (None, Some(Product::Construction(c))) => {
                work_pieces(t, u, i, skill, &use_, Piece::Vessel(c.id()), o.count)
            }
            (Some(from), Some(Product::Construction(c))) => {
                let Some(s) = target::refit_target(t, u, from) else {
                    // None given, or not a finished vessel of that kind
                    // of the faction's here.
                    let why = match t.world.units[u].target {
                        None => UseProblem::NoTarget,
                        Some(_) => UseProblem::WrongTarget,
                    };
                    return cannot(t, u, i, skill, why);
                };
                work_pieces(
                    t,
                    u,
                    i,
                    skill,
                    &use_,
                    Piece::Refit(s, from, c.id()),
                    o.count,
                )
            }
            _ => unhandled(t, u, i),
        },
        Some(UseKind::Combat) => cannot(t, u, i, skill, UseProblem::CombatOnly),
        _ if casting::is_spell(&use_) => casting::cast(t, u, i, skill, &use_, o.count),
        // A battle spell whose use names no world effect (fire ball,
        // hailstones, stone scales…) is cast from the COMBAT list only.
        None if has_combat_action(t, u, skill) => cannot(t, u, i, skill, UseProblem::CombatOnly),
        _ => unhandled(t, u, i),
    }
}

/// What USE of the skill does at the unit's level, if it knows it.
pub fn skill_use(t: &Turn<'_>, u: UnitId, skill: SkillId) -> Option<SkillUse> {
    let level = usize::from(t.level(u, skill));
    let sk = t.rules.skills.get(skill)?;
    sk.levels.get(level.checked_sub(1)?)?.use_.clone()
}

/// Does the skill at the unit's level act in battle (a COMBAT action)?
fn has_combat_action(t: &Turn<'_>, u: UnitId, skill: SkillId) -> bool {
    let level = usize::from(t.level(u, skill));
    t.rules
        .skills
        .get(skill)
        .and_then(|s| s.levels.get(level.checked_sub(1)?))
        .is_some_and(|l| l.combat.action.is_some())
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

/// Does a bonus named for `named` count for `skill`: the skill itself or
/// one it is built on?
pub fn covers(t: &Turn<'_>, named: SkillId, skill: SkillId) -> bool {
    named == skill || experience::basics(t.rules, skill).contains(&named)
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

fn harvest(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    skill: SkillId,
    use_: &SkillUse,
    count: Option<u32>,
) -> Outcome {
    let Some(h) = use_.harvest.as_ref() else {
        return cannot(t, u, i, skill, UseProblem::NoUse);
    };
    let item = h.item.id();
    let per_batch = u64::from(h.days.max(1));
    let batch = u64::from(use_.produces.as_ref().map_or(1, |p| p.days).max(1)) * 100;
    if !policy::permits(t, u, Act::Harvest) {
        let owner = policy::named_ruler(t, t.world.units[u].location);
        return cannot(t, u, i, skill, UseProblem::Forbidden { owner });
    }
    if super::guard::stopped(t, u, i, Act::Harvest) {
        return Outcome::wait("a guard stops the work");
    }
    let place = t.world.units[u].location;
    let offered = t.world.locations[place]
        .resources
        .iter()
        .any(|r| r.item == item);
    if !offered {
        return cannot(t, u, i, skill, UseProblem::NoResource);
    }
    let work = day_work(t, u, skill, use_.tool.as_ref().map(|r| r.id()));
    if work == 0 {
        // No figure free to work today (one figure on guard).
        return Outcome::wait("no figure is free to work today (one is on guard)");
    }
    let pb = building_bonus(t, u, skill);
    let k = making(t, u, skill);
    let m = &mut t.world.units[u].making[k];
    m.done += work * per_batch;
    m.extra += work * per_batch * pb / 100;
    let items = m.done / batch;
    let extra = m.extra / batch;
    m.done %= batch;
    m.extra %= batch;
    let left = count.map_or(u64::MAX, u64::from);
    let bonus = extra.min(left);
    let want = items.min(left - bonus);
    if want == 0 && bonus == 0 {
        // A day towards the next one: the player sees how far it got.
        let percent = m.done * 100 / batch;
        t.private(
            u,
            What::UseProgress {
                skill,
                item: Some(item),
                percent,
            },
        );
    }
    t.harvests.push(Request {
        unit: u,
        skill,
        place,
        item,
        want,
        bonus,
        counted: count.is_some(),
    });
    practised(t, u, skill);
    if count.is_some() {
        Outcome::Kept
    } else {
        Outcome::Done
    }
}

/// Settle the day's harvests (OV-WLD-040, OV-PROD-003, OV-BLD-040).
pub fn settle_harvests(t: &mut Turn<'_>) {
    if t.harvests.is_empty() {
        return;
    }
    let requests = std::mem::take(&mut t.harvests);
    let mut got: Vec<u64> = vec![0; requests.len()];
    let mut done = vec![false; requests.len()];
    for a in 0..requests.len() {
        if done[a] {
            continue;
        }
        let (place, item) = (requests[a].place, requests[a].item);
        let group: Vec<usize> = (a..requests.len())
            .filter(|&b| requests[b].place == place && requests[b].item == item)
            .collect();
        for &b in &group {
            done[b] = true;
        }
        let Some(res) = t.world.locations[place]
            .resources
            .iter_mut()
            .find(|r| r.item == item)
        else {
            continue;
        };
        let wants: Vec<u64> = group.iter().map(|&b| requests[b].want).collect();
        for (&b, share) in group.iter().zip(share_out(res.amount, &wants)) {
            got[b] = share;
        }
        let taken: u64 = group.iter().map(|&b| got[b]).sum();
        res.amount -= taken.min(res.amount);
    }
    for (r, land) in requests.iter().zip(got) {
        let count = land + r.bonus;
        if count > 0 {
            t.world.units[r.unit].add_items(r.item, count, 0);
            if t.rules.items.get(r.item).is_some_and(|x| x.weight > 0) {
                let day = t.day;
                t.live(r.unit).harvested_on = day;
            }
            t.private(
                r.unit,
                What::Harvested {
                    skill: r.skill,
                    item: r.item,
                    count,
                    from_building: r.bonus,
                },
            );
        } else if r.want > 0 {
            t.private(
                r.unit,
                What::CannotUse {
                    skill: r.skill,
                    why: UseProblem::ResourceExhausted,
                },
            );
        }
        if r.counted {
            count_down(t, r.unit, r.skill, count);
        }
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

/// What a day of piece work makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// An item, `n` a batch.
    Item(ItemId, u64),
    /// Construction work on a structure (see [`super::target`]).
    Work(crate::world::StructureId, crate::rules::WorkId, u32),
    /// A new vessel, complete when its man-days are done.
    Vessel(crate::rules::ConstructionId),
    /// A casting of a world spell on its target (see [`magic::casting`]).
    Cast(Aim),
    /// A vessel of the first kind rebuilt as the second (a longboat made
    /// a war galley, see [`super::target::refit`]).
    Refit(
        crate::world::StructureId,
        crate::rules::ConstructionId,
        crate::rules::ConstructionId,
    ),
}

/// A day of work on pieces that each take the skill's `produces.days`
/// man-days and its materials, taken as each piece starts (OV-PROD-005..009,
/// OV-BLD-007). Returns the order's outcome.
pub fn work_pieces(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    skill: SkillId,
    use_: &SkillUse,
    piece: Piece,
    count: Option<u32>,
) -> Outcome {
    let days = match piece {
        Piece::Cast(_) => casting::man_days(use_),
        _ => use_.produces.as_ref().map_or(1, |p| p.days).max(1),
    };
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
        if !target::has_room(t, piece) {
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
            made += finish(t, u, skill, use_, piece);
        } else {
            m.done += avail;
            avail = 0;
        }
    }
    practised(t, u, skill);
    if let Piece::Item(item, _) = piece
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
    let item = match piece {
        Piece::Item(item, _) => Some(Some(item)),
        Piece::Cast(_) => Some(None),
        _ => None,
    };
    if let Some(item) = item
        && made == 0
    {
        let done = t.world.units[u].making[k].done;
        t.private(
            u,
            What::UseProgress {
                skill,
                item,
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

/// Finish one piece; returns how many products it counts for.
fn finish(t: &mut Turn<'_>, u: UnitId, skill: SkillId, use_: &SkillUse, piece: Piece) -> u64 {
    match piece {
        Piece::Item(item, n) => {
            t.world.units[u].add_items(item, n, 0);
            n
        }
        Piece::Work(s, work, n) => u64::from(target::fit(t, u, s, work, n)),
        Piece::Vessel(kind) => {
            target::launch(t, u, skill, kind);
            1
        }
        Piece::Cast(aim) => casting::complete(t, u, skill, use_, aim),
        Piece::Refit(s, from, to) => target::refit(t, u, s, from, to),
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
