//! A journey under way: kept on the unit leading the travelling stack (or
//! travelling alone), so that a journey begun late in a month carries on
//! into the next.
//!
//! While travelling, a unit stays listed in the location it left and is
//! flagged by its journey: it takes part in nothing there (OV-MOVE-026).
//! Reports show it at the origin for the first half of the journey,
//! rounded down, and at the destination after (OV-MOVE-027).

use serde::{Deserialize, Serialize};

use super::ids::LocationId;
use crate::rules::Movement;

/// MOVE, MARCH (fights its way past guards) or the way back after RETREAT.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JourneyKind {
    Move,
    March,
    /// Going back after RETREAT; cannot itself be retreated from (OV-UO-077).
    Retreat,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Journey {
    pub from: LocationId,
    pub to: LocationId,
    pub mode: Movement,
    pub kind: JourneyKind,
    /// Days the whole journey takes (at least 1).
    pub days: u32,
    /// Days travelled so far.
    pub elapsed: u32,
}

impl Journey {
    /// Whether the stack is still seen where it set out from: the first
    /// half of the journey, rounded down (OV-MOVE-027).
    pub fn seen_at_origin(&self) -> bool {
        self.elapsed < self.days / 2
    }

    /// Where the travellers are seen now.
    pub fn seen_at(&self) -> LocationId {
        if self.seen_at_origin() {
            self.from
        } else {
            self.to
        }
    }
}
