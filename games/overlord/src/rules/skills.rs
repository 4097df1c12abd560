//! Skills: how they are learnt (levels, study cost, prerequisites, who may
//! study them) and what each level gives (ratings, production, spells,
//! combat actions).
//!
//! Levels are written out in full: every level lists everything that holds
//! at that level, so what you read in `skills.toml` is what applies. (The
//! original engine let a level inherit whatever the previous one set; the
//! importer resolves that inheritance.)

use serde::{Deserialize, Serialize};

use super::combat::{Combat, Grant};
use super::common::{Capacity, ItemCount, Ref, SkillLevel, Stats, named_enum};
use super::ids::{ActionId, ConstructionId, EnchantmentId, ItemId, RaceId, WorkId};

fn is_false(b: &bool) -> bool {
    !*b
}

/// A skill.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    pub tag: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "SkillFlags::is_empty")]
    pub flags: SkillFlags,
    /// Who may study it.
    #[serde(default, skip_serializing_if = "Learning::is_normal")]
    pub learning: Learning,
    /// Skills needed before study may start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<SkillLevel>,
    /// Level 1 first. A level with `closed = true` cannot be reached: it
    /// marks the skill's ceiling.
    pub levels: Vec<Level>,
}

impl Skill {
    /// The level reached with this much experience (0 below the first).
    pub fn level_for(&self, experience: u32) -> u8 {
        let n = self
            .levels
            .iter()
            .take_while(|l| !l.closed && l.experience <= experience)
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// The level reached with this much experience, if any.
    pub fn reached(&self, experience: u32) -> Option<&Level> {
        let n = usize::from(self.level_for(experience));
        n.checked_sub(1).and_then(|i| self.levels.get(i))
    }
}

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SkillFlags {
    /// Basic skill: studied without a teacher.
    #[serde(skip_serializing_if = "is_false")]
    pub basic: bool,
    /// Combat skill: counts toward a unit's combat ratings.
    #[serde(skip_serializing_if = "is_false")]
    pub combat: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub magic: bool,
    /// One of the five elements.
    #[serde(skip_serializing_if = "is_false")]
    pub elemental: bool,
    /// Specialist skill: a unit may hold only one at advanced levels.
    #[serde(skip_serializing_if = "is_false")]
    pub specialist: bool,
    /// Cannot be studied (innate or granted only).
    #[serde(skip_serializing_if = "is_false")]
    pub no_learn: bool,
    /// Usable by anyone without study.
    #[serde(skip_serializing_if = "is_false")]
    pub use_anyone: bool,
    /// Using it gives no experience.
    #[serde(skip_serializing_if = "is_false")]
    pub no_experience: bool,
}

named_enum!(
    /// Who may study a skill.
    Learning {
        /// Anyone able to study.
        Normal = "normal",
        /// Leaders only.
        Leader = "leader",
        /// Creatures only.
        Creature = "creature",
    }
);

impl Learning {
    pub fn is_normal(&self) -> bool {
        *self == Learning::Normal
    }
}

#[allow(clippy::derivable_impls)] // the enum comes from a macro without a Default derive
impl Default for Learning {
    fn default() -> Self {
        Learning::Normal
    }
}

/// One level of a skill, complete (nothing is inherited).
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Level {
    /// Experience to reach it, in hundredths of a study day (3000 = 30 days).
    pub experience: u32,
    /// The skill cannot be studied up to this level.
    #[serde(skip_serializing_if = "is_false")]
    pub closed: bool,
    /// Coins per day of study toward this level.
    pub study_cost: u32,
    #[serde(skip_serializing_if = "Stats::is_zero")]
    pub stats: Stats,
    #[serde(skip_serializing_if = "Capacity::is_zero")]
    pub capacity: Capacity,
    /// Extra skill prerequisites for this level.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<SkillLevel>,
    /// An item (ring, focus) that deepens the user's insight at this level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wisdom: Option<Ref<ItemId>>,
    /// What `USE` of the skill does at this level.
    #[serde(rename = "use", skip_serializing_if = "Option::is_none")]
    pub use_: Option<SkillUse>,
    #[serde(skip_serializing_if = "Combat::is_empty")]
    pub combat: Combat,
    /// Original engine's visual effect number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fx: Option<u32>,
}

named_enum!(
    /// What using a skill does.
    UseKind {
        /// Turns materials into an item.
        Craft = "craft",
        /// Takes a resource from the land.
        Harvest = "harvest",
        /// Adds construction work to a structure.
        Construction = "construction",
        /// Raises a new structure.
        Build = "build",
        /// Lays an enchantment on a target.
        Enchant = "enchant",
        /// Calls creatures.
        Summon = "summon",
        /// Prepared for battle.
        Combat = "combat",
        /// Triggers a special action.
        Action = "action",
        /// Collects the land's taxes: `produces` says how many coins a
        /// batch of man-days brings (OV-ECON-029).
        Tax = "tax",
        /// Earns the land's entertainment money the same way
        /// (OV-ECON-030).
        Entertain = "entertain",
    }
);

impl UseKind {
    /// The original engine's names (`USING_CRAFT`…).
    pub fn from_legacy(text: &str) -> Option<Self> {
        Self::from_name(text.to_ascii_lowercase().strip_prefix("using_")?)
    }
}

/// Using a skill at one level.
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SkillUse {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<UseKind>,
    /// What it makes and the man-days each one takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub produces: Option<Produces>,
    /// How many it makes per use when more than one (percent of a batch).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multiple: Option<u32>,
    /// Resource taken from the location and man-days each.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harvest: Option<Harvest>,
    /// Materials used up per product.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub consume: Vec<ItemCount>,
    /// A tool that speeds the work.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool: Option<Ref<ItemId>>,
    /// Mana spent per use.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mana: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<UseTarget>,
    /// Creatures called per use.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub summons: Vec<Summons>,
    /// Enchantments laid on the target.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// Replaces a structure of one kind with another (a galley from a
    /// longboat).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upgrade: Option<Ref<ConstructionId>>,
    /// Items handed to the summoned unit.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub summoned_items: Vec<ItemCount>,
    /// How the summoned unit is set up.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summoned: Option<Summoned>,
}

/// The thing a skill makes.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Product {
    Item(Ref<ItemId>),
    Construction(Ref<ConstructionId>),
    Work(Ref<WorkId>),
    Effect(Ref<EnchantmentId>),
    Action(Ref<ActionId>),
}

impl Product {
    pub fn tag(&self) -> &str {
        match self {
            Product::Item(r) => r.tag(),
            Product::Construction(r) => r.tag(),
            Product::Work(r) => r.tag(),
            Product::Effect(r) => r.tag(),
            Product::Action(r) => r.tag(),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Produces {
    #[serde(flatten)]
    pub what: Product,
    /// Man-days per one made.
    pub days: u32,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Harvest {
    pub item: Ref<ItemId>,
    pub days: u32,
}

named_enum!(
    /// What a skill is used on.
    UseTarget {
        /// The user itself.
        SelfOnly = "self",
        /// A unit in the same location.
        Unit = "unit",
        /// A structure in the same location.
        Construction = "construction",
        /// An adjacent location.
        NearLocation = "near_location",
    }
);

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summons {
    pub race: Ref<RaceId>,
    pub count: u32,
}

/// The unit a summoning creates.
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Summoned {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<super::races::InnateSkill>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combat_tactics: Option<String>,
    /// Its standing combat orders, as order text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub combat_orders: Vec<String>,
}

impl SkillFlags {
    pub fn is_empty(&self) -> bool {
        *self == SkillFlags::default()
    }
}
