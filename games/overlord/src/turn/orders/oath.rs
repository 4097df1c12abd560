//! OATH unit (OV-UO-060): on meeting the target unit (present, seen, not
//! travelling), the unit pledges itself to the target's faction if it is
//! not its own. Decision OV-UO-060: the old faction keeps control and pays
//! the month's upkeep; at the month's end, after upkeep, the unit joins the
//! new faction and its order list is emptied, so it WORKs until its new
//! masters say otherwise (`turn/mod.rs`, allegiance step).
//!
//! The new faction takes the unit as it would take a gift (OV-UNIT-012,
//! OV-FAC-020): only when it holds the unit's faction Friendly or better;
//! until then the OATH waits. An OATH to a unit of the unit's own faction
//! has nothing to pledge: it is dropped, and the player told why.

use super::super::log::{Dropped, What};
use super::super::pending::Outcome;
use super::super::relations;
use super::super::state::Turn;
use crate::orders::{Order, UnitRef};
use crate::world::UnitId;

pub fn oath(t: &mut Turn<'_>, u: UnitId, i: usize, order: &Order, to: UnitRef) -> Outcome {
    let Some(x) = t.unit_ref(to) else {
        return Outcome::wait("there is no such unit to swear to");
    };
    let (me, them) = (&t.world.units[u], &t.world.units[x]);
    if x == u {
        return Outcome::wait("a unit cannot swear to itself");
    }
    if me.location != them.location {
        return Outcome::wait("the unit to swear to is not here");
    }
    if t.travelling(x) {
        return Outcome::wait("the unit to swear to is travelling");
    }
    let (mine, theirs) = (me.faction, them.faction);
    if theirs == mine {
        // Sworn already: nothing to pledge, now or later.
        return super::drop_order(t, u, i, order, Dropped::OwnFaction);
    }
    if !t.sees(mine, x) {
        return Outcome::wait("the unit to swear to is not seen");
    }
    if !relations::accepts_gift(t.world, theirs, u) {
        return Outcome::wait("the other faction does not accept this unit");
    }
    t.live(u).oath = Some(theirs);
    t.event(Some(u), What::Pledged { to: theirs }, &[theirs]);
    Outcome::Done
}
