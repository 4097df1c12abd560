//! A faction's whole text report, in the order the rules' sample report
//! gives it: the opening ([`faction`](super::faction)), then each unit's
//! section ([`unit`](super::unit)), then the order template
//! ([`template`](super::template)).
//!
//! The report is a pure function of the world after the turn, the turn's
//! typed log and the faction: the same inputs give the same bytes.

use crate::rules::Rules;
use crate::turn::log::TurnLog;
use crate::world::{FactionId, World};

use super::{faction, template, unit};

/// What a report needs besides the faction it is for.
#[derive(Clone, Copy)]
pub struct Inputs<'a> {
    /// The world after the turn ran.
    pub world: &'a World,
    pub rules: &'a Rules,
    /// The turn's events (an empty log for a report between turns).
    pub log: &'a TurnLog,
    /// The date of the next turn, as the game master writes it.
    pub next_turn: &'a str,
}

/// The full text report of `faction`; an unknown faction gives an empty
/// string.
pub fn report(inputs: Inputs<'_>, faction: FactionId) -> String {
    let Inputs {
        world,
        rules,
        log: _,
        next_turn,
    } = inputs;
    if world.factions.get(faction).is_none() {
        return String::new();
    }
    let mut out = faction::opening(world, rules, faction, next_turn);
    out.push_str("\n// Units\n\n");
    for (id, _) in world.units_of(faction).filter(|(_, u)| !u.gone) {
        out.push_str(&unit::section(world, rules, id));
        out.push('\n');
    }
    out.push_str("// Orders template\n\n");
    out.push_str(&template::template(world, faction, ""));
    out
}

