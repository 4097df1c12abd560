//! MERGE unit number (OV-UO-051..055, OV-SKL-031..033, OV-ENCH-005): an
//! immediate order of followers and creatures moving figures into another
//! unit of the same race, at the same place, neither travelling, that
//! belongs to the same faction or is a stockpile. It runs once the unit
//! has at least `number` figures, and waits (kept) until then.
//!
//! - `MERGE U5 3`: three figures move, items stay (OV-UO-053).
//! - `MERGE U5 0`: every figure and every possession moves (OV-UO-054).
//! - `MERGE U5 n` with n the unit's size: the figures move, the items stay,
//!   and the emptied unit becomes a stockpile (OV-UO-055).
//!
//! **Skills (OV-SKL-031..033).** Experience is per unit, so the receiver's
//! experience in each skill becomes the figure-weighted average of both
//! sides (10 men at 2nd-level combat, 90 days, with 20 without: 30 days,
//! 1st level); nothing is lost but by the basic-skill rule. The issuer's
//! remaining figures keep what they knew.
//!
//! **Basic skills (OV-UO-052).** For follower races: when the receiver
//! would know two or more basic skills (roots of the prerequisite chains),
//! other than scouting with combat, the moved figures first forget each
//! basic skill the receiver does not know, with everything built on it.
//!
//! **Enchantments (OV-ENCH-005, decision).** Every enchantment's days left
//! become the figure-weighted average over the merged figures, a figure
//! without it counting 0 days: a receiver of 10 figures with 20 days
//! taking 10 bare figures keeps 10 days. Those left at 0 lapse; permanent
//! ones stay permanent (`turn/magic/enchantments.rs`).
//!
//! **Stockpile (decision OV-UO-055).** A unit with no figures is a
//! stockpile: it keeps its number, place, faction and items, holds no
//! skills, enchantments or orders, is in no stack (units under it are
//! unstacked) and never acts (the day skips units without figures).
//! Anyone of the same race may MERGE into a stockpile; a stockpile of
//! another faction becomes the merger's. Anyone who may GET from the
//! ground may GET from a stockpile (`orders/goods.rs`). A unit left with
//! no figures and no items (`MERGE id 0`, or a stockpile emptied by GET)
//! leaves the game ([`Turn::remove_unit`]). Dissent follows the figures in
//! proportion.

use super::super::log::What;
use super::super::magic::enchantments;
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::forget::drop_tree;
use super::study::{known_roots, roots_compatible};
use crate::orders::catalog::units::Merge;
use crate::rules::races::StudentType;
use crate::rules::{Rules, SkillId};
use crate::world::UnitId;
use crate::world::unit::Knowledge;

pub fn merge(t: &mut Turn<'_>, u: UnitId, o: &Merge) -> Outcome {
    let Some(into) = t.unit_ref(o.into) else {
        return Outcome::wait("there is no such unit to merge into");
    };
    let (Some(me), Some(them)) = (t.world.units.get(u), t.world.units.get(into)) else {
        return Outcome::wait("there is no such unit to merge into");
    };
    let stockpile = them.figures == 0;
    // Each check its own reason: the one that decided is the one told.
    let refused = if into == u {
        Some("a unit cannot merge into itself")
    } else if me.figures == 0 {
        Some("the unit has no figures to merge")
    } else if me.location != them.location {
        Some("the unit to merge into is not here")
    } else if me.faction != them.faction && !stockpile {
        // Before the race: another faction's unit tells nothing of itself.
        Some("the unit to merge into is not of this faction")
    } else if me.race != them.race {
        Some("the unit to merge into is of another race")
    } else if t.travelling(u) {
        Some("the unit is travelling")
    } else if t.travelling(into) {
        Some("the unit to merge into is travelling")
    } else {
        None
    };
    if let Some(why) = refused {
        return Outcome::wait(why);
    }
    let possessions = o.figures == 0;
    let moved = if possessions { me.figures } else { o.figures };
    if moved > me.figures {
        return Outcome::wait(format!(
            "the unit has {} figures, fewer than the {moved} to move",
            me.figures
        ));
    }
    let follower = t
        .rules
        .races
        .get(me.race)
        .is_some_and(|r| r.student == StudentType::Follower);
    let (mine, theirs) = (u64::from(moved), u64::from(them.figures));
    let mut carried = me.skills.clone();
    let mut forgot: Vec<SkillId> = Vec::new();
    if follower {
        forgot = clashing_roots(t.rules, &them.skills, &carried);
        for &r in &forgot {
            drop_tree(t.rules, &mut carried, r);
        }
    }
    let skills = average(&them.skills, theirs, &carried, mine);
    let effects = enchantments::dilute(&them.effects, theirs, &me.effects, mine);
    let dissent_moved = u64::from(me.dissent) * mine / u64::from(me.figures).max(1);
    let dissent_moved = u32::try_from(dissent_moved).unwrap_or(u32::MAX);
    let (my_faction, place) = (me.faction, me.location);
    let them_faction = them.faction;
    let items = if possessions {
        std::mem::take(&mut t.world.units[u].items)
    } else {
        Vec::new()
    };
    if stockpile && them_faction != my_faction {
        t.change_faction(into, my_faction);
        t.moved(place);
    }
    let target = &mut t.world.units[into];
    target.figures += moved;
    target.skills = skills;
    target.effects = effects;
    target.dissent = target.dissent.saturating_add(dissent_moved);
    for h in items {
        target.add_items(h.item, h.count, h.equipped);
    }
    let me = &mut t.world.units[u];
    me.figures -= moved;
    me.dissent -= dissent_moved.min(me.dissent);
    t.private(
        u,
        What::Merged {
            into,
            figures: moved,
            possessions,
            forgot,
        },
    );
    if t.world.units[u].figures == 0 {
        if t.world.units[u].items.is_empty() {
            // Nothing left to keep: the unit leaves the game.
            t.remove_unit(u);
        } else {
            become_stockpile(t, u);
        }
    }
    Outcome::Done
}

/// The unit has no figures left: it keeps its items and nothing else.
fn become_stockpile(t: &mut Turn<'_>, u: UnitId) {
    t.set_parent(u, None);
    // Nobody stays stacked under it (an imported creature stack may lead).
    let under: Vec<UnitId> = t
        .stack_of(u)
        .into_iter()
        .filter(|&c| t.world.units.get(c).and_then(|x| x.stack_parent) == Some(u))
        .collect();
    for c in under {
        t.set_parent(c, None);
    }
    let me = &mut t.world.units[u];
    me.skills.clear();
    me.effects.clear();
    me.orders.clear();
    me.dissent = 0;
    me.mana = 0;
    t.live(u).list.clear();
    t.private(u, What::BecameStockpile);
}

/// The basic skills the moved figures must forget: those the receiver
/// does not know, when together they would be two or more (other than
/// scouting with combat).
fn clashing_roots(rules: &Rules, receiver: &[Knowledge], moved: &[Knowledge]) -> Vec<SkillId> {
    let theirs = known_roots(rules, receiver);
    let mine = known_roots(rules, moved);
    let mut all = theirs.clone();
    all.extend(mine.iter().copied());
    all.sort_unstable();
    all.dedup();
    if roots_compatible(rules, &all) {
        return Vec::new();
    }
    mine.into_iter().filter(|r| !theirs.contains(r)).collect()
}

/// Each skill's experience weighted by figures (OV-SKL-031); sorted.
fn average(a: &[Knowledge], fa: u64, b: &[Knowledge], fb: u64) -> Vec<Knowledge> {
    let total = (fa + fb).max(1);
    let xp = |list: &[Knowledge], s: SkillId| {
        list.iter()
            .find(|k| k.skill == s)
            .map_or(0, |k| u64::from(k.experience))
    };
    let mut skills: Vec<SkillId> = a.iter().chain(b).map(|k| k.skill).collect();
    skills.sort_unstable();
    skills.dedup();
    skills
        .into_iter()
        .filter_map(|s| {
            let e = (xp(a, s) * fa + xp(b, s) * fb) / total;
            let experience = u32::try_from(e).unwrap_or(u32::MAX);
            (experience > 0).then_some(Knowledge {
                skill: s,
                experience,
            })
        })
        .collect()
}
