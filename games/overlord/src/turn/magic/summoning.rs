//! Summoning spells (`kind = "summon"`): each casting calls one creature
//! of every race its `summons` lists (the man-days a casting takes are
//! the summons' `count`, see [`super::casting`]).
//!
//! Where the creatures go (decision, after the reference's "the target
//! must be a unit of zombie fighters, or a new unit"):
//! - into the unit the caster's TARGET names, when it is one of the
//!   caster's faction, of the creature's race, in the same place and not
//!   travelling;
//! - else into the first unit of that race and faction stacked directly
//!   under the caster (so `USE cgwf 5` makes one pack of five wolves);
//! - else into a new unit of the caster's faction, placed after the
//!   caster in the location, in its structure, stacked under it.
//!
//! A creature of a leader race (a void drake) is a unit of its own: it
//! always makes a new unit. A new unit knows its race's innate skills and
//! takes its faction's settings (as recruits do, decision OV-FO-019), and
//! the `summoned` settings of the data: name, skills, combat tactics and
//! standing combat orders. The data's `summoned_items` come with every
//! casting, to the unit the creatures join. Creatures joining a unit
//! dilute its enchantments (OV-ENCH-005). Stacked under the caster, they
//! keep its side at the month's end (OV-SCH-039).

use super::super::log::What;
use super::super::state::Turn;
use super::enchantments;
use crate::rules::races::RaceKind;
use crate::rules::skills::SkillUse;
use crate::rules::{RaceId, SkillId};
use crate::world::unit::Tactics;
use crate::world::{Aim, Unit, UnitId};

/// One casting's creatures; returns the castings it counts for (1).
pub fn summon(t: &mut Turn<'_>, u: UnitId, skill: SkillId, use_: &SkillUse) -> u64 {
    for s in &use_.summons {
        let race = s.race.id();
        let (into, new) = match joins(t, u, race) {
            Some(x) => {
                let old = t.world.units[x].figures;
                t.world.units[x].figures += 1;
                enchantments::figures_joined(t, x, old, 1);
                (x, false)
            }
            None => (new_unit(t, u, race, use_), true),
        };
        let mut items = Vec::new();
        for c in &use_.summoned_items {
            let n = u64::from(c.count);
            t.world.units[into].add_items(c.item.id(), n, 0);
            items.push((c.item.id(), n));
        }
        t.private(
            u,
            What::Summoned {
                skill,
                unit: into,
                race,
                new,
                items: items.into(),
            },
        );
    }
    1
}

/// The unit a creature of `race` summoned by `u` joins, if any.
fn joins(t: &Turn<'_>, u: UnitId, race: RaceId) -> Option<UnitId> {
    if t.rules
        .races
        .get(race)
        .is_none_or(|r| r.kind == RaceKind::Leader)
    {
        return None;
    }
    let me = t.world.units.get(u)?;
    let fits = |x: UnitId| {
        t.world.units.get(x).is_some_and(|y| {
            !y.gone
                && y.figures > 0
                && y.race == race
                && y.faction == me.faction
                && y.location == me.location
        }) && !t.travelling(x)
    };
    if let Some(Aim::Unit(x)) = me.target
        && fits(x)
    {
        return Some(x);
    }
    t.world
        .stack_children(u)
        .into_iter()
        .find(|&x| fits(x) && t.world.units.get(x).and_then(|y| y.stack_parent) == Some(u))
}

/// A new unit of one summoned creature, stacked under the caster.
fn new_unit(t: &mut Turn<'_>, u: UnitId, race: RaceId, use_: &SkillUse) -> UnitId {
    let caster = &t.world.units[u];
    let (faction, place, structure) = (caster.faction, caster.location, caster.structure);
    let number = t.next_unit_number();
    let mut new = Unit::new(number, faction, race, 1, place);
    new.structure = structure;
    if let Some(f) = t.world.factions.get(faction) {
        new.settings = f.settings;
    }
    if let Some(r) = t.rules.races.get(race) {
        for s in &r.skills {
            new.learn(s.skill.id(), s.experience);
        }
    }
    if let Some(sm) = &use_.summoned {
        if let Some(name) = &sm.name {
            new.name = name.clone();
        }
        for s in &sm.skills {
            new.learn(s.skill.id(), s.experience);
        }
        if let Some(text) = &sm.combat_tactics {
            new.tactics = Tactics { text: text.clone() };
        }
        new.combat_orders = sm.combat_orders.clone();
    }
    let id = t.world.units.push(new);
    t.set_parent(id, Some(u));
    t.joined(faction, id);
    let list = &mut t.world.locations[place].units;
    let at = list
        .iter()
        .position(|&v| v == u)
        .map_or(list.len(), |i| i + 1);
    list.insert(at, id);
    t.numbers.units.insert(number, id);
    t.moved(place);
    id
}
