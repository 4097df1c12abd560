//! Descriptions: the prose shown in knowledge reports and by `umpire
//! overlord show`, kept apart from the figures in
//! `data/descriptions/*.toml` (tag → text, plus per-level text for skills).

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use super::common::named_enum;

named_enum!(
    /// Which table a description belongs to; also the file name.
    Kind {
        Items = "items",
        Skills = "skills",
        Races = "races",
        Terrains = "terrains",
        Titles = "titles",
        Constructions = "constructions",
        Works = "works",
        Enchantments = "enchantments",
        Actions = "actions",
        Diseases = "diseases",
        Seasons = "seasons",
        Weathers = "weathers",
    }
);

/// The text of one entry.
#[derive(Clone, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Description {
    pub text: String,
    /// Per-level text, keyed by level number (1 = first level).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub levels: BTreeMap<u32, String>,
}

/// All descriptions, by table and tag.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Descriptions {
    by_kind: FxHashMap<Kind, BTreeMap<String, Description>>,
}

impl Descriptions {
    pub fn insert(&mut self, kind: Kind, tag: &str, d: Description) {
        self.by_kind
            .entry(kind)
            .or_default()
            .insert(tag.to_ascii_lowercase(), d);
    }

    pub fn get(&self, kind: Kind, tag: &str) -> Option<&Description> {
        self.by_kind.get(&kind)?.get(&tag.to_ascii_lowercase())
    }

    /// Text of an entry, or "" when it has none.
    pub fn text(&self, kind: Kind, tag: &str) -> &str {
        self.get(kind, tag).map_or("", |d| d.text.as_str())
    }

    pub fn of_kind(&self, kind: Kind) -> impl Iterator<Item = (&str, &Description)> {
        self.by_kind
            .get(&kind)
            .into_iter()
            .flat_map(|m| m.iter().map(|(k, v)| (k.as_str(), v)))
    }

    pub fn len(&self) -> usize {
        self.by_kind.values().map(BTreeMap::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
