//! Stacks (OV-STK, OV-UO-001, 029, 066, 092..095, 097, 113): STACK,
//! UNSTACK, EJECT, PROMOTE, and ACCEPT and STAY, which fire when another
//! unit acts. A unit leaving a stack takes its own substack with it
//! (OV-STK-003).

use super::super::log::What;
use super::super::pending::{Outcome, after_run};
use super::super::state::Turn;
use crate::orders::{UnitOrder, UnitRef};
use crate::rules::races::RaceKind;
use crate::world::{Stance, UnitId};
use umpire_core::ids::TypedId;

/// STACK x: join x's stack (OV-UO-092). Only leaders lead (OV-STK-001);
/// a unit never stacks under its own stack (decision OV-UO-095); both must
/// stand in the same place, in or out of the same structure (decision,
/// RULES-DECISIONS). Under another faction's unit, that faction must count
/// the issuer an ally, or the leader must have an awake `ACCEPT` for it
/// (OV-UO-093), which is then used up. Plain STACK just unstacks
/// (OV-UO-094).
pub fn stack(t: &mut Turn<'_>, u: UnitId, under: Option<UnitRef>) -> Outcome {
    let Some(under) = under else {
        return unstack_order(t, u);
    };
    let Some(x) = t.unit_ref(under) else {
        return Outcome::wait("there is no such unit to stack under");
    };
    if x == u {
        return Outcome::wait("the unit cannot stack under itself");
    }
    if t.above(u, x) {
        return Outcome::wait("the unit cannot stack under a unit it leads");
    }
    if t.travelling(x) {
        return Outcome::wait("the leader to stack under is travelling");
    }
    let (me, them) = (&t.world.units[u], &t.world.units[x]);
    if me.location != them.location || me.structure != them.structure {
        return Outcome::wait("the leader to stack under is not at the same place and structure");
    }
    if t.kind(x) != Some(RaceKind::Leader) {
        return Outcome::wait("only a leader can lead a stack");
    }
    let (fu, fx) = (me.faction, them.faction);
    if fu != fx {
        let allied = t.world.factions[fx].stance_toward(fu) == Stance::Ally;
        if !allied && !accept(t, x, u) {
            return Outcome::wait("the other faction has not accepted (ACCEPT) and is not an ally");
        }
    }
    t.set_parent(u, Some(x));
    t.event(Some(u), What::Stacked { under: x }, &[fx]);
    Outcome::Done
}

/// Use up `leader`'s awake ACCEPT naming `u`, if it has one.
fn accept(t: &mut Turn<'_>, leader: UnitId, u: UnitId) -> bool {
    let day = t.day;
    if t.live(leader).refusing {
        return false;
    }
    let n = t.live(leader).list.len();
    let found = (0..n).find(|&j| {
        let p = &t.live[leader.index()].list[j];
        p.ready(day)
            && matches!(&p.order.order, UnitOrder::Accept(a) if t.unit_ref(a.unit) == Some(u))
    });
    let Some(j) = found else {
        return false;
    };
    after_run(&mut t.live(leader).list, j, Outcome::Done);
    let f = t.world.units[u].faction;
    t.event(Some(leader), What::Accepted { unit: u }, &[f]);
    true
}

/// UNSTACK (OV-UO-113): out of the stack, substack and all; nothing for a
/// unit that is not stacked.
pub fn unstack(t: &mut Turn<'_>, u: UnitId) -> Outcome {
    if let Some(p) = t.world.units[u].stack_parent {
        t.set_parent(u, None);
        let f = t.world.units[p].faction;
        t.event(Some(u), What::Unstacked { from: p }, &[f]);
    }
    Outcome::Done
}

/// The UNSTACK order (or a plain STACK): as [`unstack`], and a unit in no
/// stack is told it had none to leave.
pub fn unstack_order(t: &mut Turn<'_>, u: UnitId) -> Outcome {
    if t.world.units[u].stack_parent.is_none() {
        t.private(u, What::NotStacked);
        return Outcome::Done;
    }
    unstack(t, u)
}

/// EJECT x (OV-UO-029): x must be stacked directly under the issuer. An
/// overall leader sends it off alone; a substack leader puts it in its own
/// parent's stack, just after itself.
pub fn eject(t: &mut Turn<'_>, u: UnitId, x: UnitRef) -> Outcome {
    let Some(x) = t.unit_ref(x) else {
        return Outcome::wait("there is no such unit to eject");
    };
    if t.world.units[x].stack_parent != Some(u) {
        return Outcome::wait("that unit is not stacked directly under this one");
    }
    let parent = t.world.units[u].stack_parent;
    t.set_parent(x, parent);
    if parent.is_some() {
        place_after(t, x, u);
    }
    let f = t.world.units[x].faction;
    t.event(Some(u), What::Ejected { unit: x }, &[f]);
    Outcome::Done
}

/// PROMOTE x (OV-UO-066): x in the same place at the same stack level;
/// if it comes after the issuer it moves in front of it.
pub fn promote(t: &mut Turn<'_>, u: UnitId, x: UnitRef) -> Outcome {
    let Some(x) = t.unit_ref(x) else {
        return Outcome::wait("there is no such unit to promote");
    };
    let (a, b) = (&t.world.units[u], &t.world.units[x]);
    let refused = if x == u {
        Some("a unit cannot promote itself")
    } else if a.location != b.location {
        Some("that unit is not here")
    } else if a.stack_parent != b.stack_parent {
        Some("that unit is not in the same stack, under the same leader")
    } else if a.structure != b.structure {
        Some("that unit is not in the same structure")
    } else if t.travelling(x) {
        Some("that unit is travelling")
    } else {
        None
    };
    if let Some(why) = refused {
        return Outcome::wait(why);
    }
    let place = a.location;
    let list = &mut t.world.locations[place].units;
    let (Some(iu), Some(ix)) = (
        list.iter().position(|&v| v == u),
        list.iter().position(|&v| v == x),
    ) else {
        return Outcome::wait("that unit is not in the same stack");
    };
    if ix > iu {
        list.remove(ix);
        list.insert(iu, x);
    }
    t.private(u, What::Promoted { unit: x });
    Outcome::Done
}

/// Move `x` in its location's list to just after `after`.
fn place_after(t: &mut Turn<'_>, x: UnitId, after: UnitId) {
    let place = t.world.units[x].location;
    let list = &mut t.world.locations[place].units;
    if let Some(ix) = list.iter().position(|&v| v == x) {
        list.remove(ix);
        let at = list
            .iter()
            .position(|&v| v == after)
            .map_or(list.len(), |i| i + 1);
        list.insert(at, x);
    }
}

/// Who leaves `leader`'s stack as it sets out: members with an awake STAY
/// (OV-UO-097), and members whose own first full-day order today is a
/// journey of their own (OV-STK-005: they break off with their substacks
/// and travel separately). A unit refusing to act ignores its STAY
/// (OV-CP-010). Returns who left.
pub fn stay_behind(t: &mut Turn<'_>, leader: UnitId) -> Vec<UnitId> {
    let day = t.day;
    let mut stayed = Vec::new();
    for m in t.stack_of(leader).into_iter().skip(1) {
        // Already gone with a substack that left.
        if !t.above(leader, m) || t.live(m).refusing {
            continue;
        }
        let list = &t.live(m).list;
        let stay = list
            .iter()
            .position(|p| p.ready(day) && matches!(p.order.order, UnitOrder::Stay(_)));
        let own_journey = list
            .iter()
            .find(|p| p.ready(day) && p.full_day())
            .is_some_and(|p| {
                matches!(
                    p.order.order,
                    UnitOrder::Move(_) | UnitOrder::March(_) | UnitOrder::Caravan(_)
                )
            });
        // A unit trading today drops out of the stack (OV-UO-082).
        let trading = t.live(m).trading;
        if stay.is_none() && !own_journey && !trading {
            continue;
        }
        if let Some(j) = stay {
            after_run(&mut t.live(m).list, j, Outcome::Done);
        }
        let from = t.world.units[m].stack_parent;
        t.set_parent(m, None);
        t.private(
            m,
            What::Stayed {
                leader: from.unwrap_or(leader),
            },
        );
        stayed.push(m);
    }
    stayed
}

/// A unit disappears (OV-STK-008): the units stacked directly under it
/// join its own leader, or stand alone if it led the whole stack. If the
/// whole stack was travelling, each of them carries on the journey.
pub fn leader_lost(t: &mut Turn<'_>, gone: UnitId) {
    let parent = t.world.units[gone].stack_parent;
    let journey = t.world.units[gone].journey.take();
    let place = t.world.units[gone].location;
    let children: Vec<UnitId> = t
        .stack_of(gone)
        .into_iter()
        .skip(1)
        .filter(|&c| t.world.units[c].stack_parent == Some(gone))
        .collect();
    for c in children {
        t.set_parent(c, parent);
        if parent.is_none() {
            t.world.units[c].journey = journey;
        }
    }
    t.set_parent(gone, None);
    t.moved(place);
}
