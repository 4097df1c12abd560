//! What a skill or item does in battle: its action, target, range, damage
//! type and the ratings it adds.

use serde::{Deserialize, Serialize};

use super::common::{Ref, Stats, named_enum};
use super::ids::EnchantmentId;

named_enum!(
    /// The kind of combat action.
    CombatActionKind {
        Melee = "melee",
        Ranged = "ranged",
        /// Casts an enchantment on the target.
        Enchant = "enchant",
        /// Brings creatures onto the battlefield.
        Summon = "summon",
    }
);

impl CombatActionKind {
    /// The original engine's names (`COMBAT_ENCHANT`, `RANGED`…).
    pub fn from_legacy(text: &str) -> Option<Self> {
        match text.to_ascii_uppercase().as_str() {
            "MELEE" => Some(Self::Melee),
            "RANGED" => Some(Self::Ranged),
            "COMBAT_ENCHANT" => Some(Self::Enchant),
            "COMBAT_SUMMON" => Some(Self::Summon),
            _ => None,
        }
    }
}

named_enum!(
    /// Who a combat action may be aimed at.
    CombatTarget {
        Opposing = "opposing",
        Leader = "leader",
        SelfOnly = "self",
        Friendly = "friendly",
        /// The whole battle (weather, terrain).
        All = "all",
        OwnSide = "own_side",
        OppositeSide = "opposite_side",
        OpposingLeader = "opposing_leader",
        FriendlyLeader = "friendly_leader",
    }
);

impl CombatTarget {
    /// The original engine's names (`BATTLEFIELD_TARGET_OPPOSING`…).
    pub fn from_legacy(text: &str) -> Option<Self> {
        let rest = text.to_ascii_lowercase();
        let rest = rest.strip_prefix("battlefield_target_")?;
        Self::from_name(rest)
    }
}

named_enum!(
    /// The element of the damage a blow or spell deals.
    DamageType {
        Physical = "physical",
        Air = "air",
        Earth = "earth",
        Fire = "fire",
        Void = "void",
        Water = "water",
    }
);

impl DamageType {
    /// The original engine numbers types 0..5 in this order.
    pub fn from_index(n: i64) -> Option<Self> {
        usize::try_from(n)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

/// An enchantment a combat action lays on its target, for some rounds or
/// days.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grant {
    pub effect: Ref<EnchantmentId>,
    pub amount: u32,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A combat action. `stats` are the action's own ratings (a spell's
/// missile and damage); `bonus` is what it adds to whoever it affects.
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Combat {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<CombatActionKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<CombatTarget>,
    /// How many ranks away it reaches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
    #[serde(skip_serializing_if = "Stats::is_zero")]
    pub stats: Stats,
    #[serde(skip_serializing_if = "Stats::is_zero")]
    pub bonus: Stats,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// A second action taken in the same round (a melee swing after a spell).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secondary: Option<CombatActionKind>,
    /// The secondary action applies in the next round rather than this one.
    #[serde(skip_serializing_if = "is_false")]
    pub secondary_next_round: bool,
}

impl Combat {
    pub fn is_empty(&self) -> bool {
        *self == Combat::default()
    }
}
