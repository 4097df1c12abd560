//! Enchantments (timed effects on units), special actions and
//! contagious effects such as the plague.

use serde::{Deserialize, Serialize};

use super::combat::Combat;
use super::common::{Bonuses, Capacity, Ref, Stats};
use super::ids::{ActionId, DiseaseId, EnchantmentId};

fn is_false(b: &bool) -> bool {
    !*b
}

/// A timed effect on a unit, counted in days (or combat rounds).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Enchantment {
    pub tag: String,
    pub name: String,
    pub plural: String,
    #[serde(default, skip_serializing_if = "Stats::is_zero")]
    pub stats: Stats,
    #[serde(default, skip_serializing_if = "Capacity::is_zero")]
    pub capacity: Capacity,
    #[serde(default, skip_serializing_if = "Bonuses::is_empty")]
    pub bonuses: Bonuses,
    #[serde(default, skip_serializing_if = "Combat::is_empty")]
    pub combat: Combat,
    /// A special action it triggers each day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Ref<ActionId>>,
    /// Not shown in the report of the unit bearing it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Words put before the unit's name in reports ("Infected by").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_prefix: Option<String>,
    /// Original engine's effect class and visual effect numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fx: Option<u32>,
}

/// A special action carried out by the engine when a skill or an
/// enchantment calls for it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    pub tag: String,
    pub name: String,
    /// The engine routine that carries it out.
    pub kind: ActionKind,
    /// The contagion it spreads, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disease: Option<Ref<DiseaseId>>,
}

super::common::named_enum!(
    /// The engine routines behind special actions.
    ActionKind {
        Pickpocket = "pickpocket",
        Ritual = "ritual",
        Bury = "bury",
        Infection = "infection",
        Assassinate = "assassinate",
        /// Scouting an adjacent location without entering it.
        Reconnoitre = "reconnoitre",
        /// Reading the skills of another unit.
        ReadSkills = "read_skills",
        /// Raising platforms (for siege engines and ship yards).
        BuildPlatform = "build_platform",
        /// Raising a wall around a location.
        BuildWall = "build_wall",
        /// The reference game's test action: does nothing.
        Test = "test",
    }
);

/// A contagion: how long it lasts, how it spreads and kills.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disease {
    pub tag: String,
    pub name: String,
    /// Days an outbreak lasts.
    pub length: u32,
    /// Percent chance a day to pass to a neighbour.
    pub virality: u32,
    /// Percent of the infected who die.
    pub lethality: u32,
    /// Days before symptoms show.
    pub incubation: u32,
    pub infection: Ref<EnchantmentId>,
    pub immunity: Ref<EnchantmentId>,
}
