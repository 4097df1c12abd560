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
//! Work under way is kept on the unit ([`Making`](crate::world::Making)): it survives days,
//! other orders and months, and is lost when the unit moves.

pub use super::super::economy::asks::Request;
use super::super::log::{UseProblem, What};
use super::super::magic::casting;
use super::super::pending::Outcome;
use super::super::policy::{self, Act};
use super::super::share::share_out;
use super::super::state::Turn;
use super::skill_work::{
    Piece, building_bonus, cannot, count_down, day_work, forget_if_moved, making, practised,
    skill_use, unhandled, work_pieces,
};
use super::{earn, target};
use crate::orders::catalog::skills::Use;
use crate::rules::skills::{Product, SkillUse, UseKind};
use crate::rules::{ItemId, SkillId};
use crate::world::UnitId;

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
                let piece = Batch(item.id(), u64::from(use_.multiple.unwrap_or(1).max(1)));
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
                work_pieces(t, u, i, skill, &use_, target::Vessel(c.id()), o.count)
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
                    target::Refit(s, from, c.id()),
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

/// A batch of `n` items made by a craft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch(pub ItemId, pub u64);

impl Piece for Batch {
    fn finish(&self, t: &mut Turn<'_>, u: UnitId, _skill: SkillId, _use_: &SkillUse) -> u64 {
        let Batch(item, n) = *self;
        t.world.units[u].add_items(item, n, 0);
        n
    }

    fn item(&self) -> Option<ItemId> {
        Some(self.0)
    }

    fn tells_progress(&self) -> bool {
        true
    }
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
