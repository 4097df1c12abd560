//! EQUIP item-tag [number] (OV-UO-033..035, OV-ITEM-003..007): put items
//! in use, or take them out of use.
//!
//! - A unit may equip up to as many items as it holds (OV-ITEM-003).
//! - Equipping needs every skill the item's equipment lists, at its level;
//!   a level of 0 ("novice") means any experience at all in the skill
//!   (decision OV-ITEM-004). Unequipping needs nothing.
//! - The item's per-figure limit covers all items of its category together
//!   (OV-ITEM-005, OV-UO-035): items of the category already equipped count
//!   against `figures × max`, so fewer than asked may be equipped. The
//!   limit is the item's own `max` (decision OV-ITEM-005).
//! - No number: as many as allowed; `0`: unequip all of that item; a number
//!   below the equipped count unequips down to it (OV-UO-034).
//!
//! An item with no equipment data can never be equipped: the order leaves
//! the list. A unit lacking the skill keeps the order (it may learn it).

use super::super::log::{Dropped, What};
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::drop_order;
use crate::orders::catalog::goods::Equip;
use crate::rules::ItemId;
use crate::world::UnitId;

pub fn equip(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Equip) -> Outcome {
    let Some(item) = t.item(o.item) else {
        return Outcome::wait("there is no such item");
    };
    let Some(spec) = t.rules.items.get(item).and_then(|it| it.equip.as_ref()) else {
        let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
            return Outcome::wait("the order is no longer in the list");
        };
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    };
    let Some(unit) = t.world.units.get(u) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let (held, now) = unit
        .items
        .binary_search_by_key(&item, |h| h.item)
        .map_or((0, 0), |k| (unit.items[k].count, unit.items[k].equipped));
    let room = category_room(t, u, item);
    let wanted = o.count.map_or(u64::MAX, u64::from);
    let new = if wanted <= now {
        wanted
    } else {
        wanted.min(held).min(now + room).max(now)
    };
    // Nothing more to equip yet: the items have not come. The order waits
    // for them rather than being used up.
    if wanted > now && held <= now {
        let plural = t
            .rules
            .items
            .get(item)
            .map_or_else(String::new, |it| it.plural.clone());
        return Outcome::wait(format!(
            "the unit has no more {plural} to equip yet ({held} held, {now} equipped)"
        ));
    }
    if new > now && !qualified(t, u, &spec.requires) {
        if let Some(p) = t.live(u).list.get_mut(i)
            && !p.noted
        {
            p.noted = true;
            t.private(u, What::CannotEquip { item });
        }
        return Outcome::wait("the unit lacks the skill these items need (see the reason above)");
    }
    let unit = &mut t.world.units[u];
    if let Ok(k) = unit.items.binary_search_by_key(&item, |h| h.item) {
        unit.items[k].equipped = new;
    }
    t.private(
        u,
        What::Equipped {
            item,
            equipped: new,
        },
    );
    Outcome::Done
}

/// Does the unit have every skill at the level asked? Level 0 is
/// "novice": any experience (decision OV-ITEM-004).
pub fn qualified(t: &Turn<'_>, u: UnitId, requires: &[crate::rules::SkillLevel]) -> bool {
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    requires.iter().all(|r| {
        let s = r.skill.id();
        if r.level == 0 {
            unit.experience(s) > 0
        } else {
            t.level(u, s) >= r.level
        }
    })
}

/// How many more of `item` the unit could equip under its category's
/// per-figure limit, counting the other items of that category already
/// equipped (OV-ITEM-005).
fn category_room(t: &Turn<'_>, u: UnitId, item: ItemId) -> u64 {
    let Some(spec) = t.rules.items.get(item).and_then(|it| it.equip.as_ref()) else {
        return 0;
    };
    let Some(unit) = t.world.units.get(u) else {
        return 0;
    };
    let limit = u64::from(unit.figures) * u64::from(spec.max);
    let used: u64 = unit
        .items
        .iter()
        .filter(|h| {
            t.rules
                .items
                .get(h.item)
                .and_then(|it| it.equip.as_ref())
                .is_some_and(|e| e.slot == spec.slot)
        })
        .map(|h| h.equipped)
        .sum();
    limit.saturating_sub(used)
}

/// How many figures of the unit have `item` equipped (tools, OV-PROD-010).
pub fn equipped(t: &Turn<'_>, u: UnitId, item: ItemId) -> u64 {
    t.world.units.get(u).map_or(0, |unit| {
        unit.items
            .binary_search_by_key(&item, |h| h.item)
            .map_or(0, |k| unit.items[k].equipped)
    })
}
