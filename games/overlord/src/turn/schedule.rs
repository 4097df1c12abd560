//! Who acts when: locations one after another in ascending id (decision
//! OV-SCH-026), and within a location the units in report order
//! (OV-SCH-027): units in the open first, then the units of each structure
//! in the order the structures are listed; within each group every
//! stack leader is followed by its stack, depth first, in arrival order.

use rustc_hash::FxHashMap;

use crate::world::{LocationId, StructureId, UnitId, World};

/// The units of one location in report order.
pub fn report_order(world: &World, place: LocationId) -> Vec<UnitId> {
    let Some(loc) = world.locations.get(place) else {
        return Vec::new();
    };
    // Most places hold no stack and no structure: arrival order it is.
    let plain = loc.structures.is_empty()
        && loc
            .units
            .iter()
            .all(|&u| world.units.get(u).is_some_and(|x| x.stack_parent.is_none()));
    if plain {
        return loc.units.clone();
    }
    let group_of = |u: UnitId| world.units.get(u).and_then(|x| x.structure);
    let mut children: FxHashMap<UnitId, Vec<UnitId>> = FxHashMap::default();
    let mut roots: Vec<UnitId> = Vec::new();
    for &u in &loc.units {
        match world.units.get(u).and_then(|x| x.stack_parent) {
            Some(p) if group_of(p) == group_of(u) => children.entry(p).or_default().push(u),
            _ => roots.push(u),
        }
    }
    let mut out = Vec::with_capacity(loc.units.len());
    let emit = |group: Option<StructureId>, out: &mut Vec<UnitId>| {
        for &r in roots.iter().filter(|&&r| group_of(r) == group) {
            let start = out.len();
            out.push(r);
            let mut i = start;
            while i < out.len() {
                if let Some(c) = children.get(&out[i]) {
                    // Keep depth-first order: insert the children right
                    // after their parent's own subtree start.
                    let at = i + 1;
                    for (k, &x) in c.iter().enumerate() {
                        out.insert(at + k, x);
                    }
                }
                i += 1;
            }
        }
    };
    emit(None, &mut out);
    for &s in &loc.structures {
        emit(Some(s), &mut out);
    }
    out
}

/// Every unit of the world in the order the day examines them.
pub fn day_order(world: &World) -> Vec<UnitId> {
    let mut out = Vec::with_capacity(world.units.len());
    for place in world.locations.ids() {
        out.extend(report_order(world, place));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ConstructionId, RaceId, TerrainId, WeatherId};
    use crate::world::{Faction, Location, Player, Structure, Unit};
    use umpire_core::ids::TypedId;

    #[test]
    fn ov_sch_027_open_units_first_then_structures_stacks_depth_first() {
        let mut w = World::default();
        let f = w.factions.push(Faction::new(1, "F", Player::Human));
        let l = w.locations.push(Location::new(
            1,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        let s = w
            .structures
            .push(Structure::new(1, ConstructionId::from_index(0), l));
        w.locations[l].structures.push(s);
        let add = |n: u32, parent: Option<u32>, inside: bool, w: &mut World| {
            let mut u = Unit::new(n, f, RaceId::from_index(0), 1, l);
            u.stack_parent = parent.map(|p| UnitId::from_index(p as usize - 1));
            u.structure = inside.then_some(s);
            let id = w.units.push(u);
            w.locations[l].units.push(id);
        };
        add(1, None, true, &mut w); // U1 inside
        add(2, None, false, &mut w); // U2 leads
        add(3, None, false, &mut w); // U3 alone
        add(4, Some(2), false, &mut w); // U4 under U2
        add(5, Some(4), false, &mut w); // U5 under U4
        add(6, Some(2), false, &mut w); // U6 under U2
        let order: Vec<u32> = report_order(&w, l)
            .iter()
            .map(|u| w.units[*u].number)
            .collect();
        assert_eq!(order, [2, 4, 5, 6, 3, 1]);
    }
}
