//! Units: a group of figures of one race, with items, skills, settings and
//! pending orders.

use serde::{Deserialize, Serialize};

use super::ids::{FactionId, LocationId, StructureId, UnitId};
use crate::rules::{ConstructionId, EnchantmentId, ItemId, RaceId, SkillId};

/// Items of one kind held by a unit; `equipped` of them are in use.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Holding {
    pub item: ItemId,
    pub count: u64,
    pub equipped: u64,
}

/// Experience in a skill, in hundredths of a study day.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Knowledge {
    pub skill: SkillId,
    pub experience: u32,
}

/// An enchantment on a unit and the days it has left.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Effect {
    pub enchantment: EnchantmentId,
    pub days: u32,
}

/// What a unit eats first when upkeep falls due (OV-UO SETTING CONSUME).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Consume {
    /// Pay in coins.
    #[default]
    Silver,
    /// Eat food carried by the unit first.
    Unit,
    /// Eat food from the unit and its leader's stack.
    Leader,
}

/// Standing switches a player sets with SETTING.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Settings {
    /// Shows its faction to all.
    pub announce: bool,
    /// Offers its goods and skills in reports.
    pub advertise: bool,
    /// Does not report its events.
    pub silent: bool,
    /// Shares items with stack members when they need them.
    pub share: bool,
    /// Pays other units' upkeep from its purse.
    pub support: bool,
    pub consume: Consume,
}

/// Where a unit stands on the battlefield and what it does when it meets
/// the enemy (the original engine's `COMBAT_TACTICS attack front center
/// charge` reads as: stance, rank, file, movement).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Tactics {
    pub text: String,
}

/// A unit.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Unit {
    /// The number players write: `U12` is 12.
    pub number: u32,
    pub name: String,
    pub description: String,
    pub faction: FactionId,
    pub race: RaceId,
    pub figures: u32,
    pub location: LocationId,
    /// The structure it is inside, if any.
    pub structure: Option<StructureId>,
    /// The unit it is stacked under, if any. Children are found through
    /// [`World::stack_children`](super::World::stack_children).
    pub stack_parent: Option<UnitId>,
    /// Sorted by item.
    pub items: Vec<Holding>,
    /// Sorted by skill.
    pub skills: Vec<Knowledge>,
    pub effects: Vec<Effect>,
    pub mana: u32,
    /// Dissent points of unhappy followers.
    pub dissent: u32,
    pub settings: Settings,
    pub tactics: Tactics,
    /// Standing combat orders, as order text.
    pub combat_orders: Vec<String>,
    /// Orders carried to next turn, as canonical order text.
    pub orders: Vec<String>,
    /// The journey under way, when this unit leads a travelling stack or
    /// travels alone; its stack travels with it.
    pub journey: Option<super::Journey>,
    /// Disbanded, deserted or destroyed during the turn just run: listed
    /// in no location, stacked with nobody, kept only so that the turn's
    /// events can still name it, and removed when the next turn begins
    /// ([`World::compact`](super::World::compact)).
    pub gone: bool,
    /// The settings this unit set itself (one bit per setting, see
    /// `turn::settings`): those keep the unit's value when the faction
    /// changes its own (decision OV-FO-019).
    pub own_settings: u8,
    // --- production ---
    /// Work under way with USE, one entry per skill: kept from day to day
    /// and month to month, lost when the unit moves (OV-PROD-004, 008).
    #[serde(default)]
    pub making: Vec<Making>,
    /// What TARGET chose for construction skills (OV-UO-107).
    #[serde(default)]
    pub target: Option<Aim>,
}

/// Work under way with one skill (OV-PROD-004, 008).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Making {
    pub skill: SkillId,
    /// Where the work began: moving loses it.
    pub place: LocationId,
    /// Work done toward the current piece: hundredths of a man-day
    /// (craft, construction) or, for harvests, hundredths of a man-day
    /// times the items a batch yields.
    pub done: u64,
    /// The same for a production building's bonus share (harvests).
    pub extra: u64,
    /// The current piece's materials have been taken.
    pub started: bool,
}

/// What a unit's TARGET chose (OV-UO-107).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    Structure(StructureId),
    /// A new structure of this type (or an unfinished one to join).
    Kind(ConstructionId),
    Unit(UnitId),
    Location(LocationId),
}

impl Unit {
    pub fn new(
        number: u32,
        faction: FactionId,
        race: RaceId,
        figures: u32,
        location: LocationId,
    ) -> Self {
        Unit {
            number,
            name: format!("Unit {number}"),
            description: String::new(),
            faction,
            race,
            figures,
            location,
            structure: None,
            stack_parent: None,
            items: Vec::new(),
            skills: Vec::new(),
            effects: Vec::new(),
            mana: 0,
            dissent: 0,
            settings: Settings::default(),
            tactics: Tactics::default(),
            combat_orders: Vec::new(),
            orders: Vec::new(),
            journey: None,
            gone: false,
            own_settings: 0,
            making: Vec::new(),
            target: None,
        }
    }

    /// The id players write: `U12`.
    pub fn code(&self) -> String {
        format!("U{}", self.number)
    }

    pub fn count(&self, item: ItemId) -> u64 {
        self.items
            .binary_search_by_key(&item, |h| h.item)
            .map_or(0, |i| self.items[i].count)
    }

    /// Add (or with a negative `delta`, take) items; never below zero.
    /// Returns how many were actually added or taken.
    pub fn add_items(&mut self, item: ItemId, count: u64, equipped: u64) {
        match self.items.binary_search_by_key(&item, |h| h.item) {
            Ok(i) => {
                let h = &mut self.items[i];
                h.count = h.count.saturating_add(count);
                h.equipped = (h.equipped.saturating_add(equipped)).min(h.count);
            }
            Err(i) => self.items.insert(
                i,
                Holding {
                    item,
                    count,
                    equipped: equipped.min(count),
                },
            ),
        }
    }

    /// Take up to `count` items away, unequipped ones first (decision
    /// OV-ITEM-010); returns how many were taken.
    pub fn remove_items(&mut self, item: ItemId, count: u64) -> u64 {
        let Ok(i) = self.items.binary_search_by_key(&item, |h| h.item) else {
            return 0;
        };
        let h = &mut self.items[i];
        let taken = h.count.min(count);
        h.count -= taken;
        h.equipped = h.equipped.min(h.count);
        if h.count == 0 {
            self.items.remove(i);
        }
        taken
    }

    pub fn experience(&self, skill: SkillId) -> u32 {
        self.skills
            .binary_search_by_key(&skill, |k| k.skill)
            .map_or(0, |i| self.skills[i].experience)
    }

    /// Set a skill's experience (keeping the higher if already known).
    pub fn learn(&mut self, skill: SkillId, experience: u32) {
        match self.skills.binary_search_by_key(&skill, |k| k.skill) {
            Ok(i) => self.skills[i].experience = self.skills[i].experience.max(experience),
            Err(i) => self.skills.insert(i, Knowledge { skill, experience }),
        }
    }
}
