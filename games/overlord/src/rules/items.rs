//! Item kinds: goods, tools, weapons, armour, mounts, magic items.

use serde::{Deserialize, Serialize};

use super::combat::Combat;
use super::common::{Bonuses, Capacity, EquipSlot, SkillLevel, Stats};

fn is_false(b: &bool) -> bool {
    !*b
}

/// One kind of item.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    pub tag: String,
    pub name: String,
    pub plural: String,
    /// Weight of one, in weight units.
    #[serde(default)]
    pub weight: u32,
    /// Nominal price in coins (markets start from it).
    #[serde(default)]
    pub price: u32,
    /// How much one counts when the world's wealth is rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<u32>,
    /// Carrying capacity each one adds while merely held (pack animals).
    #[serde(default, skip_serializing_if = "Capacity::is_zero")]
    pub capacity: Capacity,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equip: Option<Equip>,
    /// Ratings each equipped one adds to its figure.
    #[serde(default, skip_serializing_if = "Stats::is_zero")]
    pub stats: Stats,
    #[serde(default, skip_serializing_if = "Bonuses::is_empty")]
    pub bonuses: Bonuses,
    #[serde(default, skip_serializing_if = "Combat::is_empty")]
    pub combat: Combat,
    /// A hidden resource is found only by units with this skill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prospect: Option<SkillLevel>,
    /// A skill whose knowledge holding the item gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knowledge: Option<super::common::Ref<super::SkillId>>,
    /// Item class number kept from the original engine (1 = magic focus,
    /// 2 = enchanted), not used by the rules yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<u8>,
    /// Special visual effect number kept from the original engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fx: Option<u32>,
    #[serde(default, skip_serializing_if = "ItemFlags::is_empty")]
    pub flags: ItemFlags,
}

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ItemFlags {
    /// Cannot be bought, sold or made by ordinary means.
    #[serde(skip_serializing_if = "is_false")]
    pub special: bool,
    /// Only one may exist in the world.
    #[serde(skip_serializing_if = "is_false")]
    pub unique: bool,
    /// Living goods (animals, plants): they eat, breed or rot.
    #[serde(skip_serializing_if = "is_false")]
    pub live: bool,
    /// Not shown to those who do not know of it.
    #[serde(skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// A resource that does not grow back once taken.
    #[serde(skip_serializing_if = "is_false")]
    pub nonregenerating: bool,
}

/// How an item is equipped.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equip {
    pub slot: EquipSlot,
    /// How many one figure may equip (default 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub max: u32,
    /// Capacity each equipped one adds (a ridden horse).
    #[serde(default, skip_serializing_if = "Capacity::is_zero")]
    pub capacity: Capacity,
    /// Skills a figure needs to equip it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<SkillLevel>,
}

fn one() -> u32 {
    1
}

fn is_one(v: &u32) -> bool {
    *v == 1
}

impl ItemFlags {
    pub fn is_empty(&self) -> bool {
        *self == ItemFlags::default()
    }
}
