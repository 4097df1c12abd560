//! ENTER and LEAVE (EXIT is its other spelling): in and out of buildings
//! and vessels. Neither takes time (OV-MOVE-016). The unit leaves its
//! stack and takes its own substack with it (OV-UO-032, OV-UO-036,
//! OV-UO-049).

use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::super::vessels;
use super::super::visibility;
use crate::orders::catalog::movement::{Enter, Leave};
use crate::world::{FactionId, Stance, StructureId, UnitId, World};

/// ENTER B (OV-UO-030, OV-UO-031): a complete structure in the same place
/// whose owner ([`owner_faction`]) counts the unit's faction at least
/// Friendly, or
/// that the unit slips into unseen (OV-BLD-011, [`slips_in`]). A vessel
/// sailing away with its stack takes nobody in (decision OV-WLD-010,
/// [`vessels::under_way`]).
pub fn enter(t: &mut Turn<'_>, u: UnitId, o: &Enter) -> Outcome {
    let Some(s) = t.structure_ref(o.structure) else {
        return Outcome::wait("there is no such structure");
    };
    let st = &t.world.structures[s];
    let unit = &t.world.units[u];
    // A finished city or village is a place, not a building: its works
    // wait inside it to be cleared (`turn/settlement.rs`).
    // Each check its own reason: the one that decided is the one told.
    let refused = if st.location != unit.location {
        Some("the structure is not here")
    } else if unit.structure == Some(s) {
        Some("the unit is already inside it")
    } else if super::super::settlement::founded(t.rules, st) {
        Some("it has become a place of its own: MOVE into it instead")
    } else if !st.complete {
        Some("the structure is not finished")
    } else if vessels::under_way(t, s) {
        Some("the vessel is sailing away with its stack")
    } else {
        None
    };
    if let Some(why) = refused {
        return Outcome::wait(why);
    }
    if let Some(owner) = owner_faction(t.world, s)
        && owner != unit.faction
        && t.world.factions[owner].stance_toward(unit.faction) < Stance::Friendly
        && !slips_in(t, u, owner)
    {
        return Outcome::wait("the structure's owner is not friendly and does not let the unit in");
    }
    t.set_parent(u, None);
    for m in t.stack_of(u) {
        t.world.units[m].structure = Some(s);
    }
    t.private(u, What::Entered { structure: s });
    Outcome::Done
}

/// The margin by which a unit's stealth must exceed the owner's best
/// observation to enter unasked (OV-BLD-011).
pub const STEALTH_MARGIN: i32 = 4;

/// OV-BLD-011: a stealthy unit enters an owned structure without leave
/// when its stealth is at least [`STEALTH_MARGIN`] above the best
/// observation among the owner's units in the location (decision: "exceeds
/// by 4" means stealth ≥ observation + 4). With none of the owner's units
/// there, nobody watches and it slips in.
fn slips_in(t: &Turn<'_>, u: UnitId, owner: crate::world::FactionId) -> bool {
    let unit = &t.world.units[u];
    let watch = t.world.locations[unit.location]
        .units
        .iter()
        .filter_map(|&x| t.world.units.get(x))
        .filter(|x| x.faction == owner && !x.gone)
        .map(|x| visibility::observation(t.world, t.rules, x))
        .max();
    let stealth = visibility::stealth(t.world, t.rules, unit);
    watch.is_none_or(|best| stealth >= best.saturating_add(STEALTH_MARGIN))
}

/// The faction that owns structure `s` (decision OV-BLD-012): its own
/// faction, when it has one (the builders', OV-BLD-006), kept with
/// nobody present (OV-BLD-010); else the faction of the unit in charge
/// ([`in_charge`]). It says who comes in (OV-UO-031).
pub fn owner_faction(world: &World, s: StructureId) -> Option<FactionId> {
    let st = world.structures.get(s)?;
    st.faction
        .or_else(|| in_charge(world, s).and_then(|u| world.units.get(u).map(|x| x.faction)))
}

/// The unit that acts for structure `s`'s owner (ATTACK B goes for it,
/// OV-UO-005; decision OV-BLD-012): the unit named in charge while it is
/// inside, else the first unit inside of the owning faction, else the
/// first unit inside, in the location's order.
pub fn in_charge(world: &World, s: StructureId) -> Option<UnitId> {
    let st = world.structures.get(s)?;
    let inside = |u: &UnitId| {
        world
            .units
            .get(*u)
            .is_some_and(|x| !x.gone && x.location == st.location && x.structure == Some(s))
    };
    if let Some(o) = st.owner.filter(inside) {
        return Some(o);
    }
    let units = &world.locations.get(st.location)?.units;
    let of_owner = |u: &&UnitId| {
        st.faction
            .is_some_and(|f| world.units.get(**u).is_some_and(|x| x.faction == f))
    };
    units
        .iter()
        .filter(|u| inside(u))
        .find(of_owner)
        .or_else(|| units.iter().find(|u| inside(u)))
        .copied()
}

/// LEAVE [B] (OV-UO-049; EXIT, decision OV-UO-036): out to the location.
/// A structure id, when written, must be the one the unit is in.
pub fn leave(t: &mut Turn<'_>, u: UnitId, o: &Leave) -> Outcome {
    let Some(s) = t.world.units[u].structure else {
        return Outcome::wait("the unit is in no structure");
    };
    if let Some(r) = o.structure
        && t.structure_ref(r) != Some(s)
    {
        return Outcome::wait("the unit is not in that structure");
    }
    t.set_parent(u, None);
    for m in t.stack_of(u) {
        t.world.units[m].structure = None;
    }
    t.private(u, What::Left { structure: s });
    Outcome::Done
}
