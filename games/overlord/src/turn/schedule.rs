//! Who acts when: locations one after another in ascending id (decision
//! OV-SCH-026), and within a location the units in report order
//! (OV-SCH-027): units in the open first, then the units of each structure
//! in the order the structures are listed; within each group every
//! stack leader is followed by its stack, depth first, in arrival order.

use crate::world::{LocationId, StructureId, UnitId, World};

/// The units of one location in report order.
pub fn report_order(world: &World, place: LocationId) -> Vec<UnitId> {
    let mut out = Vec::new();
    append_report_order(world, place, &mut out, &mut Vec::new());
    out
}

/// Every unit of the world in the order the day examines them.
pub fn day_order(world: &World) -> Vec<UnitId> {
    let mut out = Vec::with_capacity(world.units.len());
    let mut scratch = Vec::new();
    for place in world.locations.ids() {
        append_report_order(world, place, &mut out, &mut scratch);
    }
    out
}

/// [`report_order`] of `place`, added to `out`; `edges` is room for the
/// place's (leader, member) pairs, kept between calls.
fn append_report_order(
    world: &World,
    place: LocationId,
    out: &mut Vec<UnitId>,
    edges: &mut Vec<(UnitId, UnitId)>,
) {
    let Some(loc) = world.locations.get(place) else {
        return;
    };
    // Most places hold no stack and no structure: arrival order it is.
    let plain = loc.structures.is_empty()
        && loc
            .units
            .iter()
            .all(|&u| world.units.get(u).is_some_and(|x| x.stack_parent.is_none()));
    if plain {
        out.extend_from_slice(&loc.units);
        return;
    }
    let group_of = |u: UnitId| world.units.get(u).and_then(|x| x.structure);
    // Each member under its leader when both are in the same group; the
    // others lead their own line. Members keep their arrival order.
    edges.clear();
    for &u in &loc.units {
        if let Some(p) = world.units.get(u).and_then(|x| x.stack_parent)
            && group_of(p) == group_of(u)
        {
            edges.push((p, u));
        }
    }
    edges.sort_by_key(|&(p, _)| p);
    let members = |p: UnitId| {
        let from = edges.partition_point(|&(q, _)| q < p);
        let to = edges.partition_point(|&(q, _)| q <= p);
        edges[from..to].iter().map(|&(_, c)| c)
    };
    let is_member = |u: UnitId| {
        world
            .units
            .get(u)
            .and_then(|x| x.stack_parent)
            .is_some_and(|p| group_of(p) == group_of(u))
    };
    // Depth first: a leader, then each member followed by its own stack.
    let mut stack: Vec<UnitId> = Vec::new();
    let mut emit = |group: Option<StructureId>, out: &mut Vec<UnitId>| {
        for &r in loc
            .units
            .iter()
            .filter(|&&r| !is_member(r) && group_of(r) == group)
        {
            stack.push(r);
            while let Some(u) = stack.pop() {
                out.push(u);
                let from = stack.len();
                stack.extend(members(u));
                stack[from..].reverse();
            }
        }
    };
    emit(None, out);
    for &s in &loc.structures {
        emit(Some(s), out);
    }
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
