//! DISBAND CONFIRM (OV-UO-026): the unit leaves the game at once with
//! everything it carries; leaders and followers join the local people
//! (OV-WLD-016), creatures go back to the wild and add nobody. Its stack
//! moves up to its own leader ([`Turn::remove_unit`]).

use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::rules::races::RaceKind;
use crate::world::UnitId;

pub fn disband(t: &mut Turn<'_>, u: UnitId) -> Outcome {
    let (figures, place) = (t.world.units[u].figures, t.world.units[u].location);
    let people = t.kind(u) != Some(RaceKind::Creature);
    t.private(u, What::Disbanded { figures });
    if people && let Some(l) = t.world.locations.get_mut(place) {
        l.population = l.population.saturating_add(figures);
    }
    t.remove_unit(u);
    Outcome::Done
}
