//! GET, DROP and SWAP (OV-UO-038..040, 027..028, 105), and the counting
//! rule every goods order shares with GIVE.
//!
//! - `GET unit|location [number] item [left]`: from a unit of the issuer's
//!   own faction that is present and not travelling (or from a stockpile,
//!   of any faction, on the ground's terms), or from the ground of
//!   the issuer's own location, when the location has no controller or its
//!   controller holds the issuer's faction Ally ([`policy::controller`]);
//!   otherwise the order fails at once and leaves the list (OV-UO-039).
//! - `DROP item [number [kept]]`: onto the ground; with no number, all of
//!   them (decision OV-UO-028).
//! - `SWAP unit n1 item1 n2 item2`: with a unit present that has the mirror
//!   order awake today, whatever the factions think of each other; both
//!   orders complete at once.
//!
//! Unequipped items leave first, and what arrives is not equipped
//! (decision OV-ITEM-010).

use super::super::log::What;
use super::super::pending::{Outcome, after_run};
use super::super::policy;
use super::super::relations;
use super::super::state::Turn;
use crate::orders::UnitOrder;
use crate::orders::catalog::goods::{Drop, Get, Quantity, Source, Swap};
use crate::rules::ItemId;
use crate::world::{LocationId, Stance, UnitId};
use umpire_core::ids::TypedId;

/// How many items an order moves from a holder of `have` (OV-UO-040,
/// 042): no number, all; a number, exactly that many; `number kept`, that
/// many if `kept` remain; `0 kept`, all but `kept`. `None` when the order
/// cannot move anything.
pub fn amount(have: u64, q: Quantity) -> Option<u64> {
    let n = match q {
        Quantity::All => have,
        Quantity::Count { count } => u64::from(count),
        Quantity::Keeping { count: 0, kept } => have.saturating_sub(u64::from(kept)),
        Quantity::Keeping { count, kept } => {
            if have < u64::from(count) + u64::from(kept) {
                return None;
            }
            u64::from(count)
        }
    };
    (n > 0 && n <= have).then_some(n)
}

/// Items of `item` lying in `place`.
pub fn on_ground(t: &Turn<'_>, place: LocationId, item: ItemId) -> u64 {
    t.world.locations.get(place).map_or(0, |l| {
        l.ground
            .binary_search_by_key(&item, |(i, _)| *i)
            .map_or(0, |k| l.ground[k].1)
    })
}

/// Put items on the ground of `place`.
pub fn add_ground(t: &mut Turn<'_>, place: LocationId, item: ItemId, n: u64) {
    let Some(l) = t.world.locations.get_mut(place) else {
        return;
    };
    match l.ground.binary_search_by_key(&item, |(i, _)| *i) {
        Ok(k) => l.ground[k].1 = l.ground[k].1.saturating_add(n),
        Err(k) => l.ground.insert(k, (item, n)),
    }
}

/// Leave everything unit `u` carries on the ground where it stands (a unit
/// deserting, slain outside battle, laid to rest).
pub fn leave_all_on_ground(t: &mut Turn<'_>, u: UnitId) {
    let Some(unit) = t.world.units.get(u) else {
        return;
    };
    let place = unit.location;
    let items: Vec<(ItemId, u64)> = unit.items.iter().map(|h| (h.item, h.count)).collect();
    for (item, n) in items {
        add_ground(t, place, item, n);
    }
}

/// Take up to `n` items from the ground of `place`; returns how many.
pub fn take_ground(t: &mut Turn<'_>, place: LocationId, item: ItemId, n: u64) -> u64 {
    let Some(l) = t.world.locations.get_mut(place) else {
        return 0;
    };
    let Ok(k) = l.ground.binary_search_by_key(&item, |(i, _)| *i) else {
        return 0;
    };
    let taken = l.ground[k].1.min(n);
    l.ground[k].1 -= taken;
    if l.ground[k].1 == 0 {
        l.ground.remove(k);
    }
    taken
}

/// May `faction` take from the ground of `place` (OV-UO-039)? When nobody
/// controls it, or its controller holds the faction Ally.
fn ground_open(t: &Turn<'_>, place: LocationId, faction: crate::world::FactionId) -> bool {
    match policy::controller(t, place) {
        None => true,
        Some(ruler) => {
            ruler == faction || relations::effective(t.world, ruler, faction) == Stance::Ally
        }
    }
}

pub fn get(t: &mut Turn<'_>, u: UnitId, o: &Get) -> Outcome {
    let Some(item) = t.item(o.item) else {
        return Outcome::wait("there is no such item");
    };
    let (here, faction) = (t.world.units[u].location, t.world.units[u].faction);
    match o.from {
        Source::Unit(r) => {
            let Some(from) = t.unit_ref(r) else {
                return Outcome::wait("there is no such unit to get from");
            };
            let other = &t.world.units[from];
            let stockpile = other.figures == 0;
            if from == u || other.location != here {
                return Outcome::wait("the unit to get from is not here");
            }
            if stockpile {
                // A stockpile is emptied like the ground (decision
                // OV-UO-055).
                if !ground_open(t, here, faction) {
                    return Outcome::Finished;
                }
            } else if other.faction != faction {
                return Outcome::wait("the unit to get from is not of this faction");
            }
            if t.travelling(from) {
                return Outcome::wait("the unit to get from is travelling");
            }
            let Some(n) = amount(other.count(item), o.quantity) else {
                return Outcome::wait("the unit to get from has none of that");
            };
            let n = t.world.units[from].remove_items(item, n);
            t.world.units[u].add_items(item, n, 0);
            if stockpile && t.world.units[from].items.is_empty() {
                t.remove_unit(from);
            }
            t.private(
                u,
                What::Got {
                    from: Some(from),
                    item,
                    count: n,
                },
            );
            Outcome::Done
        }
        Source::Location(r) => {
            if t.location_ref(r) != Some(here) {
                return Outcome::wait("the unit is not at that place");
            }
            if !ground_open(t, here, faction) {
                // OV-UO-039: it fails at once.
                return Outcome::Finished;
            }
            let Some(n) = amount(on_ground(t, here, item), o.quantity) else {
                return Outcome::wait("there is none of that on the ground here");
            };
            let n = take_ground(t, here, item, n);
            t.world.units[u].add_items(item, n, 0);
            t.private(
                u,
                What::Got {
                    from: None,
                    item,
                    count: n,
                },
            );
            Outcome::Done
        }
    }
}

pub fn drop(t: &mut Turn<'_>, u: UnitId, o: &Drop) -> Outcome {
    let Some(item) = t.item(o.item) else {
        return Outcome::wait("there is no such item");
    };
    let Some(n) = amount(t.world.units[u].count(item), o.quantity) else {
        return Outcome::wait("the unit has none of that to drop");
    };
    let n = t.world.units[u].remove_items(item, n);
    let here = t.world.units[u].location;
    add_ground(t, here, item, n);
    t.private(u, What::DroppedItems { item, count: n });
    Outcome::Done
}

pub fn swap(t: &mut Turn<'_>, u: UnitId, o: &Swap) -> Outcome {
    let Some(with) = t.unit_ref(o.with) else {
        return Outcome::wait("there is no such unit to swap with");
    };
    let (Some(give), Some(take)) = (t.item(o.give_item), t.item(o.take_item)) else {
        return Outcome::wait("there is no such item");
    };
    if with == u {
        return Outcome::wait("a unit cannot swap with itself");
    }
    if t.world.units[with].location != t.world.units[u].location {
        return Outcome::wait("the other unit is not here");
    }
    if t.travelling(with) {
        return Outcome::wait("the other unit is travelling");
    }
    if t.live(with).refusing {
        return Outcome::wait("the other unit refuses (REFUSE)");
    }
    let (gave, got) = (u64::from(o.give_count), u64::from(o.take_count));
    if t.world.units[u].count(give) < gave || t.world.units[with].count(take) < got {
        return Outcome::wait("one of the two has not enough of what it gives");
    }
    let day = t.day;
    let mirror = t.live[with.index()].list.iter().position(|p| {
        p.ready(day)
            && !p.done_today
            && matches!(&p.order.order, UnitOrder::Swap(s)
                if t.unit_ref(s.with) == Some(u)
                    && t.item(s.give_item) == Some(take)
                    && u64::from(s.give_count) == got
                    && t.item(s.take_item) == Some(give)
                    && u64::from(s.take_count) == gave)
    });
    let Some(j) = mirror else {
        return Outcome::wait("the other unit has no matching SWAP");
    };
    let moved = t.world.units[u].remove_items(give, gave);
    t.world.units[with].add_items(give, moved, 0);
    let back = t.world.units[with].remove_items(take, got);
    t.world.units[u].add_items(take, back, 0);
    after_run(&mut t.live(with).list, j, Outcome::Done);
    let (fu, fw) = (t.world.units[u].faction, t.world.units[with].faction);
    t.event(
        Some(u),
        What::Swapped {
            with,
            gave: (give, moved),
            got: (take, back),
        },
        &[fw],
    );
    t.event(
        Some(with),
        What::Swapped {
            with: u,
            gave: (take, back),
            got: (give, moved),
        },
        &[fu],
    );
    Outcome::Done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_follow_the_counting_rule() {
        assert_eq!(amount(30, Quantity::All), Some(30));
        assert_eq!(amount(0, Quantity::All), None);
        assert_eq!(amount(30, Quantity::Count { count: 10 }), Some(10));
        assert_eq!(amount(5, Quantity::Count { count: 10 }), None);
        let keep = |count, kept| Quantity::Keeping { count, kept };
        assert_eq!(amount(30, keep(0, 10)), Some(20));
        assert_eq!(amount(10, keep(0, 10)), None);
        assert_eq!(amount(30, keep(20, 10)), Some(20));
        assert_eq!(amount(29, keep(20, 10)), None);
    }
}
