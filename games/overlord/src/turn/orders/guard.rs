//! GUARD (and PATROL): on guard for the day (OV-UO-045, OV-GRD). A guard
//! needs the first level of combat (OV-GRD-001); it guards alone, not its
//! stack (OV-GRD-002); it shows itself and its faction to everyone there
//! (OV-REP-050); it cannot WORK (OV-GRD-008); with one figure it does
//! nothing else that day (OV-GRD-007). Who may guard which land (titles,
//! OV-GRD-003..005) and the halved full-day order (OV-GRD-006) are the
//! economy's rules.

use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::world::UnitId;

pub fn guard(t: &mut Turn<'_>, u: UnitId) -> Outcome {
    if t.level_of(u, "cmbt") < 1 {
        return Outcome::Skip;
    }
    let live = t.live(u);
    live.guarding = true;
    if t.world.units[u].figures <= 1 {
        t.live(u).day_used = true;
    }
    let place = t.world.units[u].location;
    let present = t.present_factions(place);
    t.event(Some(u), What::Guarding, &present);
    Outcome::Done
}
