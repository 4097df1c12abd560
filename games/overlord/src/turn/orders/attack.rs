//! ATTACK (OV-UO-005, OV-UO-006, OV-STK-010): a full-day order that
//! begins a battle as soon as its target is here.
//!
//! The target is a unit, a unit of a faction, or the unit in charge of a
//! structure; it must be in the same location, not on a journey, and seen
//! by the attacker's faction (OV-GRD-010's rule for guards applies to
//! anyone: you cannot attack what you do not see). While there is no such
//! target the order waits in the list — skipped, so the unit's next
//! full-day order or WORK runs — and says so once a turn
//! ([`What::AttackWaits`]). Once it begins a battle it is done (`@ATTACK`
//! attacks again each day); the battle is fought at the end of the day
//! and engaged by [`battle::engage`](super::super::battle::engage), the
//! attacking unit's faction attacking (OV-CMB-002).
//!
//! A stacked unit that attacks leaves its stack first (OV-STK-010): only
//! the overall leader attacks with the stack.
//!
//! Decisions (RULES-DECISIONS, "Engagement and guarding"):
//! - OV-UO-005: `ATTACK faction` goes for the faction's first unit in the
//!   location's order (the report's order) that the attacker's faction
//!   sees and recognises as that faction's.
//! - OV-UO-005/006: an ATTACK naming the attacker's own faction, one of
//!   its units, or a structure whose unit in charge is one of its units
//!   does nothing and leaves the list ([`Dropped::OwnTarget`]). A unit,
//!   faction or structure that does not exist (yet) is waited for, like
//!   an absent one.

use super::super::log::{BattleCause, Dropped, What};
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::{drop_order, stacks, stance};
use crate::orders::catalog::combat::{Attack, AttackTarget};
use crate::world::{FactionId, LocationId, UnitId};

pub fn attack(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Attack) -> Outcome {
    let Some(unit) = t.world.units.get(u) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let (me, place) = (unit.faction, unit.location);
    let target = match o.target {
        AttackTarget::Unit(r) => match t.unit_ref(r) {
            Some(x) if faction(t, x) == Some(me) => return own_target(t, u, i),
            Some(x) => Some(x).filter(|&x| within_reach(t, me, x, place)),
            None => None,
        },
        AttackTarget::Faction(r) => match stance::faction_ref(t, r) {
            Some(f) if f == me => return own_target(t, u, i),
            Some(f) => first_of(t, me, f, place),
            None => None,
        },
        AttackTarget::Structure(r) => {
            let owner = t
                .structure_ref(r)
                .and_then(|s| super::structures::in_charge(t.world, s));
            match owner {
                Some(x) if faction(t, x) == Some(me) => return own_target(t, u, i),
                Some(x) => Some(x).filter(|&x| within_reach(t, me, x, place)),
                None => None,
            }
        }
    };
    let Some(d) = target else {
        return waits(t, u, i);
    };
    stacks::unstack(t, u);
    let theirs = faction(t, d);
    super::super::empire::offended(t, me, theirs);
    t.begin_battle(u, d, BattleCause::Attack);
    Outcome::Done
}

fn faction(t: &Turn<'_>, u: UnitId) -> Option<FactionId> {
    t.world.units.get(u).map(|x| x.faction)
}

/// Is `x` here, not on a journey, and seen by faction `me`?
fn within_reach(t: &Turn<'_>, me: FactionId, x: UnitId, place: LocationId) -> bool {
    t.world
        .units
        .get(x)
        .is_some_and(|y| !y.gone && y.location == place)
        && !t.travelling(x)
        && t.sees(me, x)
}

/// The first unit of faction `f` here that `me` sees and recognises.
fn first_of(t: &Turn<'_>, me: FactionId, f: FactionId, place: LocationId) -> Option<UnitId> {
    let loc = t.world.locations.get(place)?;
    loc.units.iter().copied().find(|&x| {
        t.world
            .units
            .get(x)
            .is_some_and(|y| y.faction == f && !y.gone)
            && !t.travelling(x)
            && t.glance(me, x).recognized
    })
}

fn own_target(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    drop_order(t, u, i, &order, Dropped::OwnTarget)
}

/// No target here yet: skipped, kept, said once a turn.
fn waits(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    if let Some(p) = t.live(u).list.get_mut(i)
        && !p.noted
    {
        p.noted = true;
        t.private(u, What::AttackWaits);
    }
    Outcome::wait("the attack waits (see the reason above)")
}
