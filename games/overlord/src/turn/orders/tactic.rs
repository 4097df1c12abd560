//! TACTIC and COMBAT (OV-UO-022, 106, OV-CMB-023, 026): a unit's standing
//! battle settings, kept on the unit from month to month.
//!
//! TACTIC changes only the parts it names (OV-UO: "parts left out keep
//! their current setting"); COMBAT replaces the action list, and COMBAT
//! alone clears it to the implicit MELEE PARRY. Both are immediate and
//! one-shot. The settings' meaning is [`crate::combat::setting`]'s.

use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::combat::setting::Setting;
use crate::orders::catalog::combat::{Combat, Tactic};
use crate::world::UnitId;

/// TACTIC.
pub fn tactic(t: &mut Turn<'_>, u: UnitId, o: &Tactic) -> Outcome {
    let unit = &mut t.world.units[u];
    let mut s = Setting::parse(&unit.tactics.text);
    if let Some(e) = o.engage {
        s.engage = e;
    }
    if let Some(r) = o.rank {
        s.rank = r;
    }
    if let Some(f) = o.file {
        s.file = f;
    }
    if let Some(m) = o.movement {
        s.movement = m;
    }
    unit.tactics.text = s.text();
    let text = unit.tactics.text.clone();
    t.private(u, What::TacticSet { text });
    Outcome::Done
}

/// COMBAT.
pub fn combat(t: &mut Turn<'_>, u: UnitId, o: &Combat) -> Outcome {
    let line = o
        .actions
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let unit = &mut t.world.units[u];
    unit.combat_orders = if line.is_empty() {
        Vec::new()
    } else {
        vec![line.clone()]
    };
    t.private(u, What::CombatListSet { actions: line });
    Outcome::Done
}
