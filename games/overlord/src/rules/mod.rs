//! The rules content: every item, skill, race, terrain, title,
//! construction, enchantment and climate entry, loaded from
//! `games/overlord/data/*.toml`, validated and linked into dense tables.
//!
//! Load with [`Rules::bundled`] (the data compiled into the binary) or
//! [`Rules::from_sources`] (any set of files, e.g. a game master's own
//! variant). Either every reference resolves and every figure is sound, or
//! the load fails with a list of [`RulesError`]s naming file, entry and
//! field.

pub mod climate;
pub mod combat;
pub mod common;
pub mod constructions;
pub mod descriptions;
pub mod enchantments;
pub mod ids;
pub mod items;
mod link;
mod load;
pub mod races;
pub mod skills;
pub mod terrains;
pub mod titles;
mod write;

pub use common::{Capacity, EquipSlot, Movement, Ref, SkillLevel, Stats};
pub use descriptions::Descriptions;
pub use ids::*;
pub use load::{RulesError, RulesErrors, Source, bundled_sources};
pub use write::{WriteError, write_tables};

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use umpire_core::ids::{IdVec, TypedId};

/// Every rules table, in the shape of the data files (tags, not ids).
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Tables {
    pub items: Vec<items::Item>,
    pub skills: Vec<skills::Skill>,
    pub races: Vec<races::Race>,
    pub terrains: Vec<terrains::Terrain>,
    pub titles: Vec<titles::Title>,
    pub constructions: Vec<constructions::Construction>,
    pub works: Vec<constructions::Work>,
    pub enchantments: Vec<enchantments::Enchantment>,
    pub actions: Vec<enchantments::Action>,
    pub diseases: Vec<enchantments::Disease>,
    pub seasons: Vec<climate::Season>,
    pub weathers: Vec<climate::Weather>,
}

/// Tag → id for one table. Tags are matched without regard to case.
#[derive(Clone, Debug)]
pub struct TagIndex<I> {
    map: FxHashMap<Box<str>, I>,
}

impl<I: TypedId> TagIndex<I> {
    fn build<'a>(tags: impl Iterator<Item = &'a str>) -> (Self, Vec<(String, usize, usize)>) {
        let mut map = FxHashMap::default();
        let mut dups = Vec::new();
        for (i, tag) in tags.enumerate() {
            let key: Box<str> = tag.to_ascii_lowercase().into();
            if let Some(prev) = map.get(&key) {
                let prev: &I = prev;
                dups.push((tag.to_string(), prev.index(), i));
            } else {
                map.insert(key, I::from_index(i));
            }
        }
        (TagIndex { map }, dups)
    }

    pub fn get(&self, tag: &str) -> Option<I> {
        if let Some(id) = self.map.get(tag) {
            return Some(*id);
        }
        self.map.get(tag.to_ascii_lowercase().as_str()).copied()
    }

    pub fn tags(&self) -> impl Iterator<Item = &str> {
        self.map.keys().map(|k| &**k)
    }
}

/// Validated, linked rules. Every [`Ref`] inside resolves.
#[derive(Clone, Debug)]
pub struct Rules {
    pub items: IdVec<ItemId, items::Item>,
    pub skills: IdVec<SkillId, skills::Skill>,
    pub races: IdVec<RaceId, races::Race>,
    pub terrains: IdVec<TerrainId, terrains::Terrain>,
    pub titles: IdVec<TitleId, titles::Title>,
    pub constructions: IdVec<ConstructionId, constructions::Construction>,
    pub works: IdVec<WorkId, constructions::Work>,
    pub enchantments: IdVec<EnchantmentId, enchantments::Enchantment>,
    pub actions: IdVec<ActionId, enchantments::Action>,
    pub diseases: IdVec<DiseaseId, enchantments::Disease>,
    pub seasons: IdVec<SeasonId, climate::Season>,
    pub weathers: IdVec<WeatherId, climate::Weather>,
    pub index: Index,
    pub descriptions: Descriptions,
}

/// Tag lookups for every table.
#[derive(Clone, Debug)]
pub struct Index {
    pub items: TagIndex<ItemId>,
    pub skills: TagIndex<SkillId>,
    pub races: TagIndex<RaceId>,
    pub terrains: TagIndex<TerrainId>,
    pub titles: TagIndex<TitleId>,
    pub constructions: TagIndex<ConstructionId>,
    pub works: TagIndex<WorkId>,
    pub enchantments: TagIndex<EnchantmentId>,
    pub actions: TagIndex<ActionId>,
    pub diseases: TagIndex<DiseaseId>,
    pub seasons: TagIndex<SeasonId>,
    pub weathers: TagIndex<WeatherId>,
}

impl Rules {
    /// The rules shipped with Umpire (the files under `data/`, compiled in).
    pub fn bundled() -> Result<Rules, RulesErrors> {
        Rules::from_sources(&bundled_sources())
    }

    /// Parse, validate and link a set of data files.
    pub fn from_sources(sources: &[Source]) -> Result<Rules, RulesErrors> {
        let (tables, descriptions) = load::parse_sources(sources)?;
        Rules::from_tables(tables, descriptions)
    }

    /// Validate and link tables already in memory (the importer's path).
    pub fn from_tables(tables: Tables, descriptions: Descriptions) -> Result<Rules, RulesErrors> {
        link::link(tables, descriptions)
    }

    /// The tables back in data-file shape.
    pub fn tables(&self) -> Tables {
        Tables {
            items: self.items.values().cloned().collect(),
            skills: self.skills.values().cloned().collect(),
            races: self.races.values().cloned().collect(),
            terrains: self.terrains.values().cloned().collect(),
            titles: self.titles.values().cloned().collect(),
            constructions: self.constructions.values().cloned().collect(),
            works: self.works.values().cloned().collect(),
            enchantments: self.enchantments.values().cloned().collect(),
            actions: self.actions.values().cloned().collect(),
            diseases: self.diseases.values().cloned().collect(),
            seasons: self.seasons.values().cloned().collect(),
            weathers: self.weathers.values().cloned().collect(),
        }
    }

    pub fn item(&self, tag: &str) -> Option<ItemId> {
        self.index.items.get(tag)
    }
    pub fn skill(&self, tag: &str) -> Option<SkillId> {
        self.index.skills.get(tag)
    }
    pub fn race(&self, tag: &str) -> Option<RaceId> {
        self.index.races.get(tag)
    }
    pub fn terrain(&self, tag: &str) -> Option<TerrainId> {
        self.index.terrains.get(tag)
    }
    pub fn title(&self, tag: &str) -> Option<TitleId> {
        self.index.titles.get(tag)
    }
    pub fn construction(&self, tag: &str) -> Option<ConstructionId> {
        self.index.constructions.get(tag)
    }
    pub fn weather(&self, tag: &str) -> Option<WeatherId> {
        self.index.weathers.get(tag)
    }
}
