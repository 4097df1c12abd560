//! Races: leaders, heroes, followers and creatures, with their per-figure
//! ratings, capacities and costs.

use serde::{Deserialize, Serialize};

use super::common::{Bonuses, Capacity, Ref, Stats, named_enum};
use super::ids::SkillId;

named_enum!(
    /// What sort of figure a race makes.
    RaceKind {
        Leader = "leader",
        Follower = "follower",
        Creature = "creature",
    }
);

named_enum!(
    /// Which study rules apply to a race's units.
    StudentType {
        Leader = "leader",
        Follower = "follower",
        /// Creatures, monsters, beasts and battle entities.
        Creature = "creature",
    }
);

/// A race.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Race {
    pub tag: String,
    pub name: String,
    pub plural: String,
    pub kind: RaceKind,
    /// Which study rules apply.
    pub student: StudentType,
    /// Weight of one figure.
    #[serde(default)]
    pub weight: u32,
    #[serde(default, skip_serializing_if = "Capacity::is_zero")]
    pub capacity: Capacity,
    /// Coins per figure per month.
    #[serde(default)]
    pub upkeep: u32,
    /// Control points each figure costs its faction.
    #[serde(default)]
    pub control: u32,
    /// Coins to recruit one, when it can be recruited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<u32>,
    /// Population per recruitable figure: a location offers one for every
    /// `fraction` inhabitants.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fraction: Option<u32>,
    /// At most this many may be recruited in one location per month.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maximum: Option<u32>,
    /// Per-figure ratings (life, melee, defence…).
    #[serde(default, skip_serializing_if = "Stats::is_zero")]
    pub stats: Stats,
    #[serde(default, skip_serializing_if = "Bonuses::is_empty")]
    pub bonuses: Bonuses,
    /// Skills every figure is born with, with experience in hundredths of
    /// a study day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<InnateSkill>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InnateSkill {
    pub skill: Ref<SkillId>,
    pub experience: u32,
}
