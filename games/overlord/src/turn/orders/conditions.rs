//! Condition orders (OV-SCH-016): AT, DAY, HAVE, LEADER, LEADING, SEE,
//! SIZE, SKILL, WAIT and SYNCHRO. They succeed or are skipped; success
//! removes them (a `@` is ignored) and wakes the dashed orders below.

use super::super::log::What;
use super::super::pending::{Outcome, after_run};
use super::super::state::Turn;
use crate::orders::UnitOrder;
use crate::orders::UnitRef;
use crate::orders::catalog::conditions::{At, Day, Have, Place, Size, Skill};
use crate::orders::words::SkillMeasure;
use crate::world::UnitId;
use umpire_core::ids::TypedId;

fn met(t: &mut Turn<'_>, u: UnitId, ok: bool, order: crate::orders::Keyword) -> Outcome {
    if ok {
        t.private(u, What::ConditionMet { order });
        Outcome::Done
    } else {
        Outcome::wait(format!(
            "{} is not met yet",
            format!("{order:?}").to_uppercase()
        ))
    }
}

/// AT: at the location and not inside a structure there, or inside the
/// structure named (OV-UO-003, OV-UO-004).
pub fn at(t: &mut Turn<'_>, u: UnitId, o: &At) -> Outcome {
    let unit = &t.world.units[u];
    let ok = match o.place {
        Place::Location(l) => t.location_ref(l) == Some(unit.location) && unit.structure.is_none(),
        Place::Structure(s) => t.structure_ref(s).is_some() && t.structure_ref(s) == unit.structure,
    };
    met(t, u, ok, crate::orders::Keyword::At)
}

/// DAY n: on day n (OV-UO-024).
pub fn day(t: &mut Turn<'_>, u: UnitId, o: &Day) -> Outcome {
    if t.day == o.day {
        met(t, u, true, crate::orders::Keyword::Day)
    } else {
        Outcome::wait(format!("waiting for day {}", o.day))
    }
}

/// HAVE item [n]: holding at least n, 1 by default (OV-UO-046).
pub fn have(t: &mut Turn<'_>, u: UnitId, o: &Have) -> Outcome {
    let need = u64::from(o.count.unwrap_or(1));
    let ok = t
        .item(o.item)
        .is_some_and(|i| t.world.units[u].count(i) >= need);
    met(t, u, ok, crate::orders::Keyword::Have)
}

/// LEADER x: x leads `u`, directly or higher up (OV-UO-047).
pub fn leader(t: &mut Turn<'_>, u: UnitId, x: UnitRef) -> Outcome {
    let ok = t.unit_ref(x).is_some_and(|x| t.above(x, u));
    met(t, u, ok, crate::orders::Keyword::Leader)
}

/// LEADING x: x is in the stack `u` leads, at any depth, and `u`'s
/// faction can see it (OV-UO-048).
pub fn leading(t: &mut Turn<'_>, u: UnitId, x: UnitRef) -> Outcome {
    let ok = t
        .unit_ref(x)
        .is_some_and(|x| t.above(u, x) && t.sees(t.world.units[u].faction, x));
    met(t, u, ok, crate::orders::Keyword::Leading)
}

/// SEE x: x is visible in the same location (OV-UO-078).
pub fn see(t: &mut Turn<'_>, u: UnitId, x: UnitRef) -> Outcome {
    let ok = t.unit_ref(x).is_some_and(|x| {
        x != u
            && t.world.units[x].location == t.world.units[u].location
            && !t.travelling(x)
            && t.sees(t.world.units[u].faction, x)
    });
    met(t, u, ok, crate::orders::Keyword::See)
}

/// SIZE n: at least n figures (OV-UO-088).
pub fn size(t: &mut Turn<'_>, u: UnitId, o: &Size) -> Outcome {
    let ok = t.world.units[u].figures >= o.figures;
    met(t, u, ok, crate::orders::Keyword::Size)
}

/// SKILL tag n [LEVEL|DAYS] (OV-UO-089). Experience is kept in hundredths
/// of a day.
pub fn skill(t: &mut Turn<'_>, u: UnitId, o: &Skill) -> Outcome {
    let ok = t.skill(o.skill).is_some_and(|s| match o.measure {
        Some(SkillMeasure::Days) => t.world.units[u].experience(s) / 100 >= o.amount,
        Some(SkillMeasure::Level) | None => u32::from(t.level(u, s)) >= o.amount,
    });
    met(t, u, ok, crate::orders::Keyword::Skill)
}

/// WAIT n: counts one day each day it is reached, from the first day it
/// is reached (decision OV-UO-116), and holds once n days have passed:
/// `WAIT 10` reached on day 1 lets the order below it run on day 11. The
/// count left is what the next template shows. Counting is not executing:
/// it drops no `+` alternative.
pub fn wait(t: &mut Turn<'_>, u: UnitId, i: usize) -> Outcome {
    let Some(p) = t.live(u).list.get_mut(i) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let UnitOrder::Wait(w) = &mut p.order.order else {
        return Outcome::wait("the order is no longer in the list");
    };
    if w.days == 0 {
        return met(t, u, true, crate::orders::Keyword::Wait);
    }
    w.days -= 1;
    p.done_today = true;
    Outcome::wait(format!("waiting {} more day(s)", w.days))
}

/// SYNCHRO x: fires only together with x's own awake `SYNCHRO u`, both at
/// once, one a day per unit (OV-UO-103). Units of one faction meet
/// anywhere; of two factions, only in one place where each sees the
/// other (OV-UO-104).
pub fn synchro(t: &mut Turn<'_>, u: UnitId, x: UnitRef) -> Outcome {
    if t.live(u).synchronised {
        return Outcome::wait("already synchronised today");
    }
    let Some(x) = t.unit_ref(x) else {
        return Outcome::wait("there is no such unit to synchronise with");
    };
    if x == u {
        return Outcome::wait("a unit cannot synchronise with itself");
    }
    if t.live(x).synchronised {
        return Outcome::wait("the other unit has already synchronised today");
    }
    if t.live(x).refusing {
        return Outcome::wait("the other unit refuses (REFUSE)");
    }
    if t.travelling(x) {
        return Outcome::wait("the other unit is travelling");
    }
    let (fu, fx) = (t.world.units[u].faction, t.world.units[x].faction);
    if fu != fx {
        // Absent and unseen are one to the player: telling them apart
        // would say a hidden unit is here.
        if t.world.units[u].location != t.world.units[x].location || !t.sees(fu, x) {
            return Outcome::wait(
                "the other unit, of another faction, is not here or not seen (only a faction's own units synchronise from afar)",
            );
        }
        if !t.sees(fx, u) {
            return Outcome::wait("the other unit's faction cannot see this unit");
        }
    }
    let day = t.day;
    let n = t.live(x).list.len();
    let partner = (0..n).find(|&j| {
        let p = &t.live[x.index()].list[j];
        p.ready(day)
            && matches!(&p.order.order, UnitOrder::Synchro(s) if t.unit_ref(s.unit) == Some(u))
    });
    let Some(j) = partner else {
        return Outcome::wait("the other unit has no SYNCHRO with this one");
    };
    after_run(&mut t.live(x).list, j, Outcome::Done);
    t.live(x).synchronised = true;
    t.live(u).synchronised = true;
    t.private(x, What::Synchronised { with: u });
    t.private(u, What::Synchronised { with: x });
    Outcome::Done
}
