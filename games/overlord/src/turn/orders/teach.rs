//! TEACH unit skill [unit [skill]]… (OV-UO-109..112): a full-day order of
//! leaders. A day of teaching is given when at least one pupil is present,
//! not travelling nor guarding, knows the skill less well than the teacher
//! and studies it today by its own STUDY of it: it has done so already
//! counting on this teacher ([`Live::studied`]) or, coming later in the
//! day's order, its first ready full-day order is `STUDY` of that skill
//! with no prerequisite missing. Otherwise TEACH waits (kept).
//! The teacher records its lessons in [`Live::teaching`], where pupils
//! coming after it find them; see `study.rs` for what a pupil gains and
//! why a pupil needing its teacher must come after it (OV-UO-111).
//!
//! Several pupils may be named only if all are leaders (OV-UO-112); a
//! TEACH naming several pupils of which one is not a leader is dropped as
//! impossible. Each pupil has its own skill (decision OV-UO-112). The
//! original engine's `TEACH skill` teaches any unit here studying it. A
//! guarding leader cannot teach (OV-GRD-006).
//!
//! [`Live::studied`]: super::super::state::Live::studied
//! [`Live::teaching`]: super::super::state::Live::teaching

use umpire_core::ids::TypedId;

use super::super::log::{Dropped, What};
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::drop_order;
use super::study::{lessons_of, missing_prerequisite};
use crate::orders::UnitOrder;
use crate::orders::catalog::skills::{Pupils, Teach};
use crate::rules::SkillId;
use crate::rules::races::RaceKind;
use crate::world::UnitId;

pub fn teach(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Teach) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    if t.live(u).guarding {
        return Outcome::wait("the unit is on guard");
    }
    let lessons = lessons_of(t, &o.pupils);
    if let Pupils::Named(named) = &o.pupils
        && named.len() > 1
        && lessons
            .iter()
            .any(|&(p, _)| p.is_some_and(|p| t.kind(p) != Some(RaceKind::Leader)))
    {
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    }
    let given: Vec<(Option<UnitId>, SkillId)> = lessons
        .into_iter()
        .filter(|&(p, s)| match p {
            Some(p) => studying(t, u, p, s),
            None => anyone_studying(t, u, s),
        })
        .collect();
    if given.is_empty() {
        return Outcome::wait("no pupil here is studying what the unit can teach");
    }
    t.live(u).teaching = given.clone();
    t.private(u, What::Taught { lessons: given });
    Outcome::Done
}

fn anyone_studying(t: &Turn<'_>, teacher: UnitId, skill: SkillId) -> bool {
    let Some(here) = t
        .world
        .units
        .get(teacher)
        .and_then(|x| t.world.locations.get(x.location))
    else {
        return false;
    };
    here.units
        .iter()
        .any(|&p| p != teacher && studying(t, teacher, p, skill))
}

/// Is `pupil` here, studying `skill` today on its own STUDY, and below the
/// teacher's level?
fn studying(t: &Turn<'_>, teacher: UnitId, pupil: UnitId, skill: SkillId) -> bool {
    let (Some(a), Some(b)) = (t.world.units.get(teacher), t.world.units.get(pupil)) else {
        return false;
    };
    if a.location != b.location || t.travelling(pupil) || pupil == teacher {
        return false;
    }
    let Some(live) = t.live.get(pupil.index()) else {
        return false;
    };
    if live.guarding {
        return false;
    }
    // Already studied today, before this teacher: taught if it counted on
    // this teacher (it checked the levels then; it may have caught up since).
    if let Some((s, by)) = live.studied {
        return s == skill && by == Some(teacher);
    }
    if t.level(teacher, skill) <= t.level(pupil, skill) {
        return false;
    }
    // Not yet run today: it must be about to study this very skill, not a
    // prerequisite in its place (OV-UO-101).
    if live.day_used || live.refusing || missing_prerequisite(t, pupil, skill).is_some() {
        return false;
    }
    live.list
        .iter()
        .find(|p| p.ready(t.day) && p.full_day())
        .is_some_and(|p| match &p.order.order {
            UnitOrder::Study(s) => t.skill(s.skill) == Some(skill),
            _ => false,
        })
}
