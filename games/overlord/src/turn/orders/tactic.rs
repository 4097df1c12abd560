//! TACTIC (OV-UO-106): sets the parts of the unit's battle setting it
//! names — engagement, rank, file, movement — and keeps the others. How
//! the setting is kept and read is [`setting`]'s.

use super::super::battle::setting;
use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::orders::catalog::combat::Tactic;
use crate::world::UnitId;

pub fn tactic(t: &mut Turn<'_>, u: UnitId, o: &Tactic) -> Outcome {
    let Some(unit) = t.world.units.get_mut(u) else {
        return Outcome::Skip;
    };
    setting::apply(unit, o);
    let tactics = unit.tactics.text.clone();
    t.private(u, What::TacticSet { tactics });
    Outcome::Done
}
