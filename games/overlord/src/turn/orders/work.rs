//! WORK, and the work every leader and follower does on a day with no
//! other full-day order (OV-UO-118, OV-SCH-025). Days are counted here;
//! the wages are paid at the end of the month by the economy's wages step.
//! Creatures do not work: with nothing to do they idle (decision
//! OV-SCH-025). A guard does not work (OV-GRD-008).

use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::rules::races::RaceKind;
use crate::world::UnitId;

pub fn work(t: &mut Turn<'_>, u: UnitId) -> Outcome {
    if t.live(u).guarding {
        return Outcome::wait("the unit is on guard");
    }
    let place = t.world.units[u].location;
    t.live(u).work_at(place);
    Outcome::Done
}

/// The day's default when no full-day order ran.
pub fn default_work(t: &mut Turn<'_>, u: UnitId) {
    let live = t.live(u);
    if live.refusing || live.guarding {
        return;
    }
    if matches!(t.kind(u), Some(RaceKind::Leader | RaceKind::Follower)) {
        let place = t.world.units[u].location;
        t.live(u).work_at(place);
    }
}
