//! Titles: the skill they need, what they cost, the control points they
//! give and the range of territory they rule.

use serde::{Deserialize, Serialize};

use super::common::{Bonuses, SkillLevel};

fn is_false(b: &bool) -> bool {
    !*b
}

/// A title.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Title {
    pub tag: String,
    pub name: String,
    /// The one title above all others (the Overlord).
    #[serde(default, skip_serializing_if = "is_false")]
    pub supreme: bool,
    /// The skill the holder needs.
    pub requires: SkillLevel,
    /// Coins to claim it.
    pub cost: u32,
    /// Control points it gives its holder's faction.
    pub control: u32,
    /// Hexes around its location it rules over; land titles have one,
    /// guild and magic masteries do not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    #[serde(default, skip_serializing_if = "Bonuses::is_empty")]
    pub bonuses: Bonuses,
}
