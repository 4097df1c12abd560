//! Vessels that sail with their stack (OV-BLD-001, OV-BLD-013,
//! OV-WLD-010): a ship is a structure that moves, carrying those aboard.
//!
//! Decisions (RULES-DECISIONS, "Vessels"):
//!
//! - **Ships are structures** (OV-BLD-013): the `constructions.toml`
//!   entries with a `vessel`, launched complete by shipcraft and the other
//!   ship skills (`orders/target.rs::launch`). An item with a sailing
//!   capacity (sea horse, floating boots, the seed's fishing-boat item)
//!   is a separate small boat that counts in its holder's own load
//!   (OV-MOVE-004); the data's fishing boat [fshi] is the reference
//!   engine's vessel, a structure.
//! - **Who takes it** (OV-BLD-001): a stack sets out with the vessel its
//!   leader is aboard when the vessel is complete and its captain is in
//!   the stack. The captain is the unit in charge (`Structure::owner`)
//!   when aboard, else the first unit aboard in the location's order: the
//!   unit ENTER asks (`orders/structures.rs`). Any other stack aboard sets
//!   out without it, as from a building.
//! - **Crew**: `crew` figures (1 when the data gives none) of the stack's
//!   units that know every `crew_requires` skill at its level; with no
//!   skill required, figures of any unit but creatures. Every figure of a
//!   unit knows the unit's skills, as for capacities (`travel/load.rs`).
//! - **Load**: a floating hull carries itself: the vessel's `weight` does
//!   not count, and its capacities are cargo, added to the stack's own
//!   ([`Load::of_hull`]).
//! - **Mode**: a crewed vessel goes by its own modes only (sailing; flying
//!   for a flying ship), and a stack that can take its vessel across does,
//!   even when walking the coast would be quicker: a captain does not
//!   abandon ship to walk. Where the vessel cannot go (inland; into or out
//!   of an inner location, which a vessel never enters) or cannot carry
//!   the stack, the stack goes by its own means as from a building, and
//!   the vessel stays where it lies.
//! - **Aboard**: the whole travelling stack is aboard (members not yet
//!   aboard board as it sets out) and stays aboard on arrival. Units aboard
//!   that are not in the stack step ashore where the vessel lay as it
//!   sails ([`What::SteppedAshore`]) — at sea, into the water, where they
//!   may drown (OV-MOVE-029). A member that leaves the stack on the way
//!   (RETREAT) steps ashore when the vessel arrives without it.
//! - **Where it lies** (OV-WLD-010): a sailing vessel, like its stack,
//!   stays where it set out until the last day (OV-MOVE-025), and nobody
//!   may ENTER it meanwhile ([`under_way`]); on arrival it lies in the
//!   destination, moved to the end of the destination's structures; a
//!   stack turned back by a guard brings it back.

use super::log::{Stuck, What};
use super::state::Turn;
use super::travel::Load;
use crate::rules::Movement;
use crate::rules::constructions::Vessel;
use crate::rules::races::RaceKind;
use crate::world::{FactionId, LocationId, StructureId, UnitId};

/// A vessel a stack can take, with what it adds to the stack's load.
#[derive(Clone, Debug)]
pub struct Ship {
    pub id: StructureId,
    /// Its cargo capacities, weightless (decision: the hull carries itself).
    pub hull: Load,
    /// The modes it travels by: those with a capacity.
    pub modes: Vec<Movement>,
}

/// The vessel the stack led by `leader` would take with it: the one the
/// leader is aboard, complete, captained from within the stack and crewed
/// by it.
pub fn ship_for(t: &Turn<'_>, leader: UnitId) -> Option<Ship> {
    let unit = t.world.units.get(leader)?;
    let s = unit.structure?;
    let st = t.world.structures.get(s)?;
    if !st.complete || st.location != unit.location {
        return None;
    }
    let vessel = t.rules.constructions.get(st.kind)?.vessel.as_ref()?;
    let stack = t.stack_of(leader);
    if !captain(t, s).is_some_and(|c| stack.contains(&c)) {
        return None;
    }
    if crew(t, &stack, vessel) < u64::from(vessel.crew.unwrap_or(1)) {
        return None;
    }
    let modes = modes_of(vessel);
    Some(Ship {
        id: s,
        hull: Load::of_hull(&vessel.capacity),
        modes,
    })
}

/// The modes a vessel travels by: those it has a capacity for.
fn modes_of(vessel: &Vessel) -> Vec<Movement> {
    Movement::ALL
        .iter()
        .copied()
        .filter(|m| vessel.capacity.get(*m) > 0)
        .collect()
}

/// Why the vessel the leader `leader` is aboard (lying where it is) does
/// not take its stack: unfinished, in another's charge, or short of crew.
/// `None` when the leader is aboard no vessel, or [`ship_for`] would give
/// it. The modes the vessel would travel by come with the reason, so the
/// caller says it only where the vessel could have gone.
pub fn why_not_aboard(t: &Turn<'_>, leader: UnitId) -> Option<(Vec<Movement>, Stuck)> {
    let unit = t.world.units.get(leader)?;
    let s = unit.structure?;
    let st = t.world.structures.get(s)?;
    if st.location != unit.location {
        return None;
    }
    let vessel = t.rules.constructions.get(st.kind)?.vessel.as_ref()?;
    let modes = modes_of(vessel);
    if !st.complete {
        return Some((modes, Stuck::VesselUnfinished { structure: s }));
    }
    let stack = t.stack_of(leader);
    let in_charge = captain(t, s);
    if !in_charge.is_some_and(|c| stack.contains(&c)) {
        return Some((
            modes,
            Stuck::VesselNotCommanded {
                structure: s,
                captain: in_charge,
            },
        ));
    }
    let (crew, needed) = (crew(t, &stack, vessel), u64::from(vessel.crew.unwrap_or(1)));
    if crew < needed {
        return Some((
            modes,
            Stuck::VesselUncrewed {
                structure: s,
                crew,
                needed,
            },
        ));
    }
    None
}

/// The unit in charge of structure `s`: its owner unit when aboard, else
/// the first unit aboard in the location's order.
pub fn captain(t: &Turn<'_>, s: StructureId) -> Option<UnitId> {
    let st = t.world.structures.get(s)?;
    let aboard = |u: UnitId| {
        t.world
            .units
            .get(u)
            .is_some_and(|x| !x.gone && x.location == st.location && x.structure == Some(s))
    };
    if let Some(o) = st.owner
        && aboard(o)
    {
        return Some(o);
    }
    t.world
        .locations
        .get(st.location)?
        .units
        .iter()
        .copied()
        .find(|&u| aboard(u))
}

/// Figures of `stack` able to crew `vessel`.
fn crew(t: &Turn<'_>, stack: &[UnitId], vessel: &Vessel) -> u64 {
    stack
        .iter()
        .filter(|&&u| {
            if vessel.crew_requires.is_empty() {
                t.kind(u) != Some(RaceKind::Creature)
            } else {
                vessel
                    .crew_requires
                    .iter()
                    .all(|r| t.level(u, r.skill.id()) >= r.level)
            }
        })
        .filter_map(|&u| t.world.units.get(u))
        .map(|x| u64::from(x.figures))
        .sum()
}

/// The stack `units` sets out from `from` toward `to`: aboard `vessel`,
/// every one of them, or out of any structure. Units aboard the vessel
/// and not in the stack step ashore; `seen` learn that the vessel sailed.
pub fn board(
    t: &mut Turn<'_>,
    units: &[UnitId],
    from: LocationId,
    to: LocationId,
    vessel: Option<StructureId>,
    seen: &[FactionId],
) {
    for &m in units {
        t.world.units[m].structure = vessel;
    }
    let (Some(s), Some(&leader)) = (vessel, units.first()) else {
        return;
    };
    t.event(
        Some(leader),
        What::VesselSailed {
            structure: s,
            from,
            to,
        },
        seen,
    );
    put_ashore(t, s, from, units);
}

/// The vessel the travelling stack led by `leader` sails in: the vessel
/// the leader is aboard, lying at `from`.
pub fn sailing(t: &Turn<'_>, leader: UnitId, from: LocationId) -> Option<StructureId> {
    let s = t.world.units.get(leader)?.structure?;
    let st = t.world.structures.get(s)?;
    let vessel = t.rules.constructions.get(st.kind)?.vessel.is_some();
    (vessel && st.location == from).then_some(s)
}

/// Vessel `s` goes from `from` to `to` with the stack `units`, which have
/// already moved; whoever else was aboard steps ashore at `from`.
pub fn carry(t: &mut Turn<'_>, s: StructureId, units: &[UnitId], from: LocationId, to: LocationId) {
    put_ashore(t, s, from, units);
    t.world.structures[s].location = to;
    t.world.locations[from].structures.retain(|&x| x != s);
    t.world.locations[to].structures.push(s);
}

/// Units aboard `s` at `place` that are not among `units` step ashore.
fn put_ashore(t: &mut Turn<'_>, s: StructureId, place: LocationId, units: &[UnitId]) {
    let left: Vec<UnitId> = t.world.locations[place]
        .units
        .iter()
        .copied()
        .filter(|u| !units.contains(u) && t.world.units[*u].structure == Some(s))
        .collect();
    for u in left {
        t.world.units[u].structure = None;
        t.private(u, What::SteppedAshore { structure: s });
    }
}

/// Is vessel `s` sailing away with a stack (and so closed to ENTER)?
pub fn under_way(t: &Turn<'_>, s: StructureId) -> bool {
    let Some(st) = t.world.structures.get(s) else {
        return false;
    };
    t.world.locations.get(st.location).is_some_and(|l| {
        l.units
            .iter()
            .any(|&u| t.world.units[u].structure == Some(s) && t.travelling(u))
    })
}
