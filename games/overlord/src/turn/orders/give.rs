//! GIVE unit item [number [kept]] (OV-UO-041..043): items to a unit that
//! is present and seen. With no number, as many as the giver has; with
//! `kept`, the giver must hold number + kept, and `0 kept` gives all but
//! `kept` as long as one can be given. Another faction's unit takes the
//! gift only if its faction holds the giver's Friendly or better
//! (OV-FAC-020, OV-FAC-027). Unequipped items go first; what arrives is
//! not equipped.
//!
//! The counting rule is [`goods::amount`](super::goods::amount), shared
//! with GET and DROP.

use super::super::log::What;
use super::super::pending::Outcome;
use super::super::relations;
use super::super::state::Turn;
use crate::orders::catalog::goods::Give;
use crate::world::UnitId;

pub fn give(t: &mut Turn<'_>, u: UnitId, o: &Give) -> Outcome {
    let Some(to) = t.unit_ref(o.to) else {
        return Outcome::wait("there is no such unit to give to");
    };
    let Some(item) = t.item(o.item) else {
        return Outcome::wait("there is no such item");
    };
    let (me, them) = (&t.world.units[u], &t.world.units[to]);
    if to == u {
        return Outcome::wait("a unit cannot give to itself");
    }
    if me.location != them.location {
        return Outcome::wait("the unit to give to is not here");
    }
    if t.travelling(to) {
        return Outcome::wait("the unit to give to is travelling");
    }
    let (fu, ft) = (me.faction, them.faction);
    if !t.sees(fu, to) {
        return Outcome::wait("the unit to give to is not seen");
    }
    if fu != ft && !relations::accepts_gift(t.world, ft, u) {
        return Outcome::wait("the other faction does not accept gifts from this unit");
    }
    let Some(n) = super::goods::amount(me.count(item), o.quantity) else {
        return Outcome::wait("the unit has none of that to give");
    };
    let n = t.world.units[u].remove_items(item, n);
    t.world.units[to].add_items(item, n, 0);
    t.event(Some(u), What::Gave { to, item, count: n }, &[ft]);
    Outcome::Done
}
