//! Building blocks shared by several rules tables: movement modes,
//! equipment slots, the stat block, per-mode capacities, percentage
//! bonuses and references to other entries by tag.

use std::fmt;
use std::marker::PhantomData;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use umpire_core::ids::TypedId;

/// A reference to another rules entry, written as its tag (`"swrd"`) in the
/// data files and resolved to a dense id when the rules are linked.
///
/// Before linking the id is unknown; [`Rules`](super::Rules) is only handed
/// out after every reference has been resolved, so `id()` is always valid
/// there.
#[derive(Clone)]
pub struct Ref<I> {
    tag: Box<str>,
    id: u32,
    _kind: PhantomData<fn(I) -> I>,
}

impl<I: TypedId> Ref<I> {
    const UNRESOLVED: u32 = u32::MAX;

    pub fn new(tag: impl Into<Box<str>>) -> Self {
        Ref {
            tag: tag.into(),
            id: Self::UNRESOLVED,
            _kind: PhantomData,
        }
    }

    pub fn tag(&self) -> &str {
        &self.tag
    }

    /// The dense id. Valid once the rules are linked.
    pub fn id(&self) -> I {
        I::from_index(self.id as usize)
    }

    pub fn is_resolved(&self) -> bool {
        self.id != Self::UNRESOLVED
    }

    pub(crate) fn resolve(&mut self, id: I) {
        self.id = u32::try_from(id.index()).unwrap_or(Self::UNRESOLVED);
    }
}

/// Two references are equal when they name the same tag; the id is only
/// a cache of what the tag resolves to.
impl<I> PartialEq for Ref<I> {
    fn eq(&self, other: &Self) -> bool {
        self.tag == other.tag
    }
}

impl<I> Eq for Ref<I> {}

impl<I> fmt::Debug for Ref<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.tag)
    }
}

impl<I> Serialize for Ref<I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.tag)
    }
}

impl<'de, I: TypedId> Deserialize<'de> for Ref<I> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let tag = String::deserialize(d)?;
        Ok(Ref::new(tag))
    }
}

macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name used in the data files.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// Parse the data-file name (any case).
            pub fn from_name(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.as_str().eq_ignore_ascii_case(text))
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use named_enum;

named_enum!(
    /// How a unit travels; capacities and travel days are given per mode.
    Movement {
        Walk = "walk",
        Ride = "ride",
        Fly = "fly",
        Swim = "swim",
        Climb = "climb",
    }
);

impl Movement {
    /// The original engine numbers modes 0..4 in this order.
    pub fn from_index(index: i64) -> Option<Self> {
        usize::try_from(index)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

named_enum!(
    /// Where an equipped item goes. Each figure fills a slot at most as
    /// often as the item's `equip.max` allows.
    EquipSlot {
        Food = "food",
        Mount = "mount",
        Tool = "tool",
        Ship = "ship",
        Weapon = "weapon",
        Armor = "armor",
        Helmet = "helmet",
        Shield = "shield",
        Gloves = "gloves",
        Boots = "boots",
        Amulet = "amulet",
        Ring = "ring",
        Misc = "misc",
        Cloak = "cloak",
    }
);

impl EquipSlot {
    /// The original engine numbers slots from 1 in this order.
    pub fn from_number(n: i64) -> Option<Self> {
        usize::try_from(n - 1)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

/// Combat and other ratings. A race gives them per figure, a skill level,
/// item, title or construction adds them; zero fields are left out of the
/// data files.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Stats {
    #[serde(skip_serializing_if = "is_zero")]
    pub melee: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub missile: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub initiative: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub defense: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub damage: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub ranged_damage: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub hits: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub life: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub mana: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub upkeep: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub control: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub stealth: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub observation: i32,
}

impl Stats {
    pub fn is_zero(&self) -> bool {
        *self == Stats::default()
    }

    /// The field a legacy keyword sets (`MELEE`, `DEFENCE`…), if it is a stat.
    pub fn field_mut(&mut self, keyword: &str) -> Option<&mut i32> {
        Some(match keyword.to_ascii_uppercase().as_str() {
            "MELEE" => &mut self.melee,
            "MISSILE" => &mut self.missile,
            "INITIATIVE" => &mut self.initiative,
            "DEFENSE" | "DEFENCE" => &mut self.defense,
            "DAMAGE" => &mut self.damage,
            "RANGED_DAMAGE" => &mut self.ranged_damage,
            "HITS" => &mut self.hits,
            "LIFE" => &mut self.life,
            "MANA" => &mut self.mana,
            "UPKEEP" => &mut self.upkeep,
            "CONTROL" => &mut self.control,
            "STEALTH" => &mut self.stealth,
            "OBSERVATION" => &mut self.observation,
            _ => return None,
        })
    }

    /// Field-by-field sum.
    pub fn plus(&self, o: &Stats) -> Stats {
        Stats {
            melee: self.melee + o.melee,
            missile: self.missile + o.missile,
            initiative: self.initiative + o.initiative,
            defense: self.defense + o.defense,
            damage: self.damage + o.damage,
            ranged_damage: self.ranged_damage + o.ranged_damage,
            hits: self.hits + o.hits,
            life: self.life + o.life,
            mana: self.mana + o.mana,
            upkeep: self.upkeep + o.upkeep,
            control: self.control + o.control,
            stealth: self.stealth + o.stealth,
            observation: self.observation + o.observation,
        }
    }
}

/// Weight a figure can carry (or add) per movement mode.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Capacity {
    #[serde(skip_serializing_if = "is_zero")]
    pub walk: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub ride: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub fly: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub swim: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub climb: i32,
}

impl Capacity {
    pub fn is_zero(&self) -> bool {
        *self == Capacity::default()
    }

    pub fn get(&self, mode: Movement) -> i32 {
        match mode {
            Movement::Walk => self.walk,
            Movement::Ride => self.ride,
            Movement::Fly => self.fly,
            Movement::Swim => self.swim,
            Movement::Climb => self.climb,
        }
    }

    pub fn get_mut(&mut self, mode: Movement) -> &mut i32 {
        match mode {
            Movement::Walk => &mut self.walk,
            Movement::Ride => &mut self.ride,
            Movement::Fly => &mut self.fly,
            Movement::Swim => &mut self.swim,
            Movement::Climb => &mut self.climb,
        }
    }
}

/// A percentage bonus tied to a skill: to study speed, to the effect of
/// using it, or (for `learning_level`) extra levels it may reach.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillBonus {
    pub skill: Ref<super::SkillId>,
    pub value: i32,
}

/// The bonuses an entry grants to skills and movement.
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Bonuses {
    /// Percent faster study of a skill.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub study: Vec<SkillBonus>,
    /// Levels added to the highest level a skill may reach.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub learning_level: Vec<SkillBonus>,
    /// Percent better effect when using a skill (production, spells).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub use_skill: Vec<SkillBonus>,
    /// Percent faster travel by a movement mode.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub movement: Vec<MovementBonus>,
}

impl Bonuses {
    pub fn is_empty(&self) -> bool {
        self.study.is_empty()
            && self.learning_level.is_empty()
            && self.use_skill.is_empty()
            && self.movement.is_empty()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementBonus {
    pub mode: Movement,
    pub percent: i32,
}

/// A skill at a level: a prerequisite or an equipment condition.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillLevel {
    pub skill: Ref<super::SkillId>,
    #[serde(default = "one")]
    pub level: u8,
}

fn one() -> u8 {
    1
}

/// Some number of an item.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemCount {
    pub item: Ref<super::ItemId>,
    pub count: u32,
}
