//! Constructions: buildings and vessels, what work builds them, who may
//! build them and what they give those inside.

use serde::{Deserialize, Serialize};

use super::common::{Bonuses, Capacity, Ref, SkillLevel, Stats};
use super::ids::{SkillId, TerrainId, TitleId, WorkId};
use super::skills::Product;

fn is_false(b: &bool) -> bool {
    !*b
}

/// A kind of building or vessel.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Construction {
    pub tag: String,
    pub name: String,
    /// Units of construction work needed to finish one.
    pub works: Vec<WorkCount>,
    /// Skill and experience (hundredths of study days) a builder needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub building_skill: Option<SkillExperience>,
    /// Skills needed to build it at all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub build_requires: Vec<SkillLevel>,
    /// Nominal value in coins.
    #[serde(default)]
    pub price: u32,
    /// Half its stone must be fortification work: it counts as a military
    /// structure (OV-BLD-009).
    #[serde(default, skip_serializing_if = "is_false")]
    pub military: bool,
    /// Ratings given to units inside.
    #[serde(default, skip_serializing_if = "Stats::is_zero")]
    pub stats: Stats,
    /// Economy points it adds to its location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub economy: Option<u32>,
    /// Bonuses to those inside: study speed, production and skill use.
    #[serde(default, skip_serializing_if = "Bonuses::is_empty")]
    pub bonuses: Bonuses,
    /// Percent more output of a production skill used inside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub production_bonus: Vec<super::common::SkillBonus>,
    /// Titles attached to it (a castle makes a baron's seat).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub titles: Vec<Ref<TitleId>>,
    /// What it yields by itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub produces: Option<ConstructionProduct>,
    /// A vessel: its crew and what it can carry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vessel: Option<Vessel>,
    /// Weight of the structure itself (vessels).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<u32>,
    /// Built by using a skill rather than with BUILD.
    #[serde(default, skip_serializing_if = "is_false")]
    pub built_by_skill_use: bool,
    /// Once finished it is no structure but a new inner location of this
    /// terrain, a city or village (OV-BLD-044/045,
    /// `turn/settlement.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settlement: Option<Ref<TerrainId>>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkCount {
    pub work: Ref<WorkId>,
    pub count: u32,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillExperience {
    pub skill: Ref<SkillId>,
    pub experience: u32,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ConstructionProduct {
    #[serde(flatten)]
    pub what: Product,
    pub count: u32,
}

/// Crew and cargo of a vessel.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vessel {
    /// Crew figures needed to move it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crew: Option<u32>,
    /// Skill the crew needs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crew_requires: Vec<SkillLevel>,
    /// Cargo it carries per movement mode.
    pub capacity: Capacity,
}

/// A kind of construction work (stonework, wood beams…): the unit in
/// which buildings are measured and which builders produce.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Work {
    pub tag: String,
    pub name: String,
    pub plural: String,
}
