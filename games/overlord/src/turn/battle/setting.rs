//! A unit's engagement setting, as the engagement reads it: AVOID,
//! DEFEND or FIGHT, from the TACTIC text kept on the unit. How that text
//! is read and written is [`crate::combat::setting`]'s (both the original
//! engine's lower-case words with `attack` for FIGHT, and ours); a unit
//! that never gave TACTIC FIGHTs (the reason is given there; an imported
//! unit carries the original engine's own default instead).

use crate::combat::setting::Setting;
use crate::orders::words::Engage;
use crate::world::Unit;

/// Whether the unit joins battles: AVOID, DEFEND or FIGHT (the default).
pub fn engage(unit: &Unit) -> Engage {
    Setting::parse(&unit.tactics.text).engage
}
