//! SPLIT new-id n (OV-UO-090, OV-UO-091): n figures leave to form a new
//! unit just after the splitter, in the same place, structure and stack.
//! Figures without equipment go first, then figures with theirs, which
//! stays equipped; unequipped items stay behind. The new unit knows what
//! the splitter knows.
//!
//! This is where a placeholder (`f06nU01`) becomes a real unit: its
//! orders, written under `UNIT f06nU01`, become the new unit's list, and
//! every order naming the placeholder now names the unit (OV-ORD-022).

use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::orders::catalog::units::Split;
use crate::world::unit::Holding;
use crate::world::{Unit, UnitId};

pub fn split(t: &mut Turn<'_>, u: UnitId, o: &Split) -> Outcome {
    let me = &t.world.units[u];
    if me.figures <= o.figures {
        return Outcome::wait(format!(
            "the unit has {} figures: it must keep at least one of its own",
            me.figures
        ));
    }
    if t.placeholders.contains_key(&o.new_unit) {
        return Outcome::wait("the new unit's number is taken: a unit was already made under it");
    }
    if t.world.factions[me.faction].number != o.new_unit.faction {
        return Outcome::wait("the new unit's number is not of this faction");
    }
    let n = o.figures;
    // Figures carrying equipment: as many as the most-equipped item.
    let equipped = me
        .items
        .iter()
        .map(|h| h.equipped)
        .max()
        .unwrap_or(0)
        .min(u64::from(me.figures));
    let bare = u64::from(me.figures) - equipped;
    let k = u64::from(n).saturating_sub(bare);
    let mut moved: Vec<Holding> = Vec::new();
    for h in &me.items {
        let take = h.equipped.saturating_sub(equipped - k);
        if take > 0 {
            moved.push(Holding {
                item: h.item,
                count: take,
                equipped: take,
            });
        }
    }
    let mut new = Unit::new(0, me.faction, me.race, n, me.location);
    new.structure = me.structure;
    let parent = me.stack_parent;
    new.skills = me.skills.clone();
    // Both parts keep the full enchantments (OV-ENCH-006).
    new.effects = me.effects.clone();
    new.settings = me.settings;
    // Dissent goes with the figures (OV-ECON-021).
    new.dissent = me.dissent;
    new.items = moved;
    let place = me.location;
    let number = t.next_unit_number();
    new.number = number;
    new.name = format!("Unit {number}");
    let me = &mut t.world.units[u];
    me.figures -= n;
    for h in &new.items {
        if let Ok(i) = me.items.binary_search_by_key(&h.item, |x| x.item) {
            let x = &mut me.items[i];
            x.count -= h.count;
            x.equipped -= h.count;
        }
    }
    me.items.retain(|h| h.count > 0);
    let faction = new.faction;
    let id = t.world.units.push(new);
    t.set_parent(id, parent);
    t.joined(faction, id);
    let list = &mut t.world.locations[place].units;
    let at = list
        .iter()
        .position(|&v| v == u)
        .map_or(list.len(), |i| i + 1);
    list.insert(at, id);
    t.numbers.units.insert(number, id);
    t.private(
        u,
        What::Split {
            new: id,
            figures: n,
        },
    );
    t.bind(o.new_unit, id);
    Outcome::Done
}
