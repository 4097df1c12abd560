//! Weight and travel capacity of units and stacks (OV-MOVE-001..005,
//! OV-STK-007).
//!
//! Everything is counted in thousandths of a weight unit, so that a
//! weightless item (a coin) weighs 1/1000 (OV-MOVE-001). Decisions:
//!
//! - Reported weight is rounded down to a whole unit (OV-MOVE-002), and
//!   it is that whole weight which is compared with the capacities, so a
//!   stack can travel in a mode exactly when its report says so.
//! - Swimming is sailing (OV-MOVE-003): [`Movement::Swim`].
//! - A figure's capacity comes from its race; an item held adds its
//!   `capacity`, an equipped one its `equip.capacity` instead; so an
//!   unequipped horse still adds 95 riding, as its data says
//!   (OV-MOVE-004).
//! - A skill level's capacity and an enchantment's capacity count per
//!   figure, like races' capacities and skills' stats: every figure of a
//!   unit knows the unit's skills.
//! - Climbing (decision "climbing"): the rules never give it; the original
//!   engine's movement modes do, to a unit with [`CLIMBING`] (2nd
//!   mountainwalk): it climbs with the legs it walks on, so its climbing
//!   capacity is at least its walking capacity.

use crate::rules::{Movement, Rules};
use crate::world::{Unit, UnitId, World};

/// The skill and level that let a unit climb (`movements.var`: `MOVEMENT
/// climb`, `SKILL mnwk 2`).
pub const CLIMBING: (&str, u8) = ("mnwk", 2);

const MILLI: u64 = 1000;
const MILLI_I: i64 = 1000;

/// Weight and capacities in thousandths of a weight unit (a coin weighs
/// 1/1000, OV-MOVE-001).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Load {
    weight_milli: u64,
    /// Indexed like [`Movement::ALL`].
    capacity_milli: [i64; 5],
}

fn slot(mode: Movement) -> usize {
    Movement::ALL.iter().position(|m| *m == mode).unwrap_or(0)
}

impl Load {
    /// A unit alone: its figures, items, skills and enchantments.
    pub fn of_unit(rules: &Rules, unit: &Unit) -> Load {
        let mut load = Load::default();
        let figures = i64::from(unit.figures);
        if let Some(race) = rules.races.get(unit.race) {
            load.weight_milli = u64::from(race.weight)
                .saturating_mul(u64::from(unit.figures))
                .saturating_mul(MILLI);
            load.add_capacity(&race.capacity, figures);
        }
        for h in &unit.items {
            let Some(item) = rules.items.get(h.item) else {
                continue;
            };
            let each = if item.weight == 0 {
                1
            } else {
                u64::from(item.weight).saturating_mul(MILLI)
            };
            load.weight_milli = load
                .weight_milli
                .saturating_add(each.saturating_mul(h.count));
            let equipped = h.equipped.min(h.count);
            let held = i64::try_from(h.count - equipped).unwrap_or(i64::MAX);
            let equipped = i64::try_from(equipped).unwrap_or(i64::MAX);
            load.add_capacity(&item.capacity, held);
            match &item.equip {
                Some(e) => load.add_capacity(&e.capacity, equipped),
                None => load.add_capacity(&item.capacity, equipped),
            }
        }
        for k in &unit.skills {
            if let Some(level) = rules
                .skills
                .get(k.skill)
                .and_then(|s| s.reached(k.experience))
            {
                load.add_capacity(&level.capacity, figures);
            }
        }
        for e in &unit.effects {
            if let Some(en) = rules.enchantments.get(e.enchantment) {
                load.add_capacity(&en.capacity, figures);
            }
        }
        if climbs(rules, unit) {
            let (walk, climb) = (slot(Movement::Walk), slot(Movement::Climb));
            load.capacity_milli[climb] = load.capacity_milli[climb].max(load.capacity_milli[walk]);
        }
        load
    }

    /// A vessel's hull: its cargo capacities and no weight, since a
    /// floating hull carries itself (decision OV-BLD-001, see
    /// `turn/vessels.rs`).
    pub fn of_hull(capacity: &crate::rules::Capacity) -> Load {
        let mut load = Load::default();
        load.add_capacity(capacity, 1);
        load
    }

    fn add_capacity(&mut self, c: &crate::rules::Capacity, times: i64) {
        for mode in Movement::ALL {
            let add = i64::from(c.get(*mode))
                .saturating_mul(times)
                .saturating_mul(MILLI_I);
            let s = &mut self.capacity_milli[slot(*mode)];
            *s = s.saturating_add(add);
        }
    }

    /// The summed load of these units (a stack, OV-STK-007).
    pub fn of_units(rules: &Rules, world: &World, units: impl IntoIterator<Item = UnitId>) -> Load {
        let mut load = Load::default();
        for unit in units.into_iter().filter_map(|id| world.units.get(id)) {
            load.add(&Load::of_unit(rules, unit));
        }
        load
    }

    /// Add another unit's (or stack's) weight and capacities.
    pub fn add(&mut self, other: &Load) {
        self.weight_milli = self.weight_milli.saturating_add(other.weight_milli);
        for (a, b) in self.capacity_milli.iter_mut().zip(other.capacity_milli) {
            *a = a.saturating_add(b);
        }
    }

    /// Weight in thousandths of a unit.
    pub fn weight_milli(&self) -> u64 {
        self.weight_milli
    }

    /// Weight in whole units, rounded down (OV-MOVE-002).
    pub fn weight(&self) -> u64 {
        self.weight_milli / MILLI
    }

    /// Capacity by `mode` in whole units (rounded toward minus infinity;
    /// capacities from the data are whole anyway).
    pub fn capacity(&self, mode: Movement) -> i64 {
        self.capacity_milli[slot(mode)].div_euclid(MILLI_I)
    }

    /// Whether the load may travel by `mode`: a capacity above zero and not
    /// below the (whole) weight (OV-MOVE-006).
    pub fn can(&self, mode: Movement) -> bool {
        let c = self.capacity(mode);
        c > 0 && u64::try_from(c).is_ok_and(|c| c >= self.weight())
    }
}

/// Does the unit know [`CLIMBING`]?
fn climbs(rules: &Rules, unit: &Unit) -> bool {
    let (tag, level) = CLIMBING;
    let Some(skill) = rules.skill(tag) else {
        return false;
    };
    unit.skills.iter().any(|k| {
        k.skill == skill
            && rules
                .skills
                .get(skill)
                .is_some_and(|s| s.level_for(k.experience) >= level)
    })
}

/// The whole stack led by `leader`, substacks included (OV-STK-007): the
/// weights and capacities of every unit in it added together, so one
/// unit's spare capacity carries another's excess.
pub fn stack_load(world: &World, rules: &Rules, leader: UnitId) -> Load {
    Load::of_units(rules, world, world.stack_members(leader))
}

/// Whether a guard carrying `load` covers arrivals by `mode`
/// (OV-MOVE-034): only the ways it could travel itself. Walking, riding
/// and climbing are all ground travel and cover one another, and a stack
/// with any walking capacity counts as able to walk, since an overloaded
/// stack still walks (OV-MOVE-018); flying and sailing need the guard to
/// fly or sail.
pub fn could_cover(load: &Load, mode: Movement) -> bool {
    match mode {
        Movement::Walk | Movement::Ride | Movement::Climb => {
            load.capacity(Movement::Walk) > 0
                || load.can(Movement::Ride)
                || load.can(Movement::Climb)
        }
        Movement::Fly | Movement::Swim => load.can(mode),
    }
}
