//! The tags an order may name, by kind, so that the checker can catch
//! `GIVE U1 swrdd 5` and suggest `swrd`.
//!
//! Tags collide across kinds (`fish` is an item, a skill and a structure;
//! `leat`, `herb`, `farm` likewise). Each argument position expects one kind,
//! so a tag is looked up only among that kind (OV-ORD-027).

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use serde::Deserialize;
use umpire_core::text::{edit_distance, suggest};

use super::refs::Tag;

/// The kinds of tagged rules an order argument can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TagKind {
    Item,
    Skill,
    Race,
    Title,
    Construction,
}

impl TagKind {
    pub const ALL: [TagKind; 5] = [
        TagKind::Item,
        TagKind::Skill,
        TagKind::Race,
        TagKind::Title,
        TagKind::Construction,
    ];

    /// "an item", "a skill", for messages.
    pub fn article(self) -> &'static str {
        match self {
            TagKind::Item => "an item",
            TagKind::Skill => "a skill",
            TagKind::Race => "a race",
            TagKind::Title => "a title",
            TagKind::Construction => "a construction type",
        }
    }

    pub fn noun(self) -> &'static str {
        match self {
            TagKind::Item => "item",
            TagKind::Skill => "skill",
            TagKind::Race => "race",
            TagKind::Title => "title",
            TagKind::Construction => "construction type",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Known tags and their display names.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    tags: [Vec<(Tag, String)>; 5],
    index: [HashMap<Tag, usize>; 5],
}

#[derive(Debug, thiserror::Error)]
pub enum VocabularyError {
    #[error("vocabulary is not valid TOML: {0}")]
    Toml(#[from] toml::de::Error),
    #[error(
        "[{section}] `{tag}` is not a valid tag (letters, digits and _, starting with a letter, at most 15)"
    )]
    BadTag { section: &'static str, tag: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VocabularyFile {
    #[serde(default)]
    items: toml::Table,
    #[serde(default)]
    skills: toml::Table,
    #[serde(default)]
    races: toml::Table,
    #[serde(default)]
    titles: toml::Table,
    #[serde(default)]
    constructions: toml::Table,
}

static BUILTIN: OnceLock<Vocabulary> = OnceLock::new();

impl Vocabulary {
    /// The tags of the reference ruleset, from `data/tags.toml`.
    pub fn builtin() -> &'static Vocabulary {
        BUILTIN.get_or_init(|| {
            // The embedded file is part of the build and checked by a test;
            // an empty vocabulary only disables tag checks.
            Vocabulary::from_toml(include_str!("../../data/tags.toml")).unwrap_or_default()
        })
    }

    /// Read a vocabulary: sections `[items]`, `[skills]`, `[races]`,
    /// `[titles]`, `[constructions]`, each mapping tag to display name.
    pub fn from_toml(text: &str) -> Result<Vocabulary, VocabularyError> {
        let file: VocabularyFile = toml::from_str(text)?;
        let mut v = Vocabulary::default();
        for (kind, section, table) in [
            (TagKind::Item, "items", &file.items),
            (TagKind::Skill, "skills", &file.skills),
            (TagKind::Race, "races", &file.races),
            (TagKind::Title, "titles", &file.titles),
            (TagKind::Construction, "constructions", &file.constructions),
        ] {
            for (tag, name) in table {
                let t = Tag::new(tag).ok_or_else(|| VocabularyError::BadTag {
                    section,
                    tag: tag.clone(),
                })?;
                let name = name.as_str().unwrap_or(tag).to_string();
                v.insert(kind, t, name);
            }
        }
        Ok(v)
    }

    pub fn insert(&mut self, kind: TagKind, tag: Tag, name: String) {
        let k = kind.index();
        let list = &mut self.tags[k];
        let at = list.len();
        self.index[k].entry(tag).or_insert(at);
        list.push((tag, name));
    }

    /// The tags of one kind, in file order.
    pub fn tags(&self, kind: TagKind) -> impl Iterator<Item = Tag> + '_ {
        self.tags[kind.index()].iter().map(|(t, _)| *t)
    }

    pub fn len(&self, kind: TagKind) -> usize {
        self.tags[kind.index()].len()
    }

    pub fn is_empty(&self) -> bool {
        self.tags.iter().all(Vec::is_empty)
    }

    pub fn knows(&self, kind: TagKind, tag: Tag) -> bool {
        self.index[kind.index()].contains_key(&tag)
    }

    pub fn name(&self, kind: TagKind, tag: Tag) -> Option<&str> {
        let k = kind.index();
        self.index[k]
            .get(&tag)
            .and_then(|&i| self.tags[k].get(i))
            .map(|(_, n)| n.as_str())
    }

    /// The kinds a tag belongs to.
    pub fn kinds_of(&self, tag: Tag) -> Vec<TagKind> {
        TagKind::ALL
            .into_iter()
            .filter(|&k| self.knows(k, tag))
            .collect()
    }

    /// The tag of `kind` a player most likely meant by `word`: one whose
    /// display name is `word` (`sword` → `swrd`), else the nearest tag or
    /// name by spelling.
    pub fn suggest(&self, kind: TagKind, word: &str) -> Option<(Tag, &str)> {
        let list = &self.tags[kind.index()];
        if let Some((t, n)) = list.iter().find(|(_, n)| n.eq_ignore_ascii_case(word)) {
            return Some((*t, n.as_str()));
        }
        let by_tag = suggest(word, list.iter().map(|(t, _)| t.as_str()));
        let by_name = suggest(word, list.iter().map(|(_, n)| n.as_str()));
        let pick = match (by_tag, by_name) {
            (Some(t), Some(n)) => {
                if edit_distance(word, t) <= edit_distance(word, n) {
                    list.iter().find(|(x, _)| x.as_str() == t)
                } else {
                    list.iter().find(|(_, x)| x == n)
                }
            }
            (Some(t), None) => list.iter().find(|(x, _)| x.as_str() == t),
            (None, Some(n)) => list.iter().find(|(_, x)| x == n),
            (None, None) => None,
        };
        pick.map(|(t, n)| (*t, n.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(s: &str) -> Tag {
        Tag::new(s).unwrap()
    }

    #[test]
    fn builtin_has_the_bundled_counts() {
        let v = Vocabulary::from_toml(include_str!("../../data/tags.toml")).unwrap();
        assert_eq!(v.len(TagKind::Item), 122);
        assert_eq!(v.len(TagKind::Skill), 301);
        assert_eq!(v.len(TagKind::Race), 59);
        assert_eq!(v.len(TagKind::Title), 20);
        // The reference's 30 and the seed's city and village.
        assert_eq!(v.len(TagKind::Construction), 32);
        assert!(!Vocabulary::builtin().is_empty());
    }

    #[test]
    fn ov_ord_027_colliding_tags_resolve_by_kind() {
        let v = Vocabulary::builtin();
        assert!(v.knows(TagKind::Item, tag("swrd")));
        assert!(!v.knows(TagKind::Skill, tag("swrd")));
        assert!(v.knows(TagKind::Skill, tag("cmbt")));
        // `leat` is the leather jerkin and the leathers skill.
        let leat = v.kinds_of(tag("leat"));
        assert_eq!(leat, vec![TagKind::Item, TagKind::Skill]);
        assert_eq!(v.name(TagKind::Item, tag("leat")), Some("leather jerkin"));
        assert_eq!(v.name(TagKind::Skill, tag("leat")), Some("leathers"));
    }

    #[test]
    fn suggests_by_name_and_by_spelling() {
        let v = Vocabulary::builtin();
        assert_eq!(
            v.suggest(TagKind::Item, "sword")
                .map(|(t, _)| t.to_string()),
            Some("swrd".into())
        );
        assert_eq!(
            v.suggest(TagKind::Item, "swrdd")
                .map(|(t, _)| t.to_string()),
            Some("swrd".into())
        );
        assert_eq!(
            v.suggest(TagKind::Skill, "cmbtt")
                .map(|(t, _)| t.to_string()),
            Some("cmbt".into())
        );
        assert_eq!(v.suggest(TagKind::Item, "qqqqqqqq"), None);
    }

    #[test]
    fn rejects_bad_tags_and_unknown_sections() {
        assert!(matches!(
            Vocabulary::from_toml("[items]\n\"9x\" = \"nine\"\n"),
            Err(VocabularyError::BadTag {
                section: "items",
                ..
            })
        ));
        assert!(Vocabulary::from_toml("[spells]\nx = \"y\"\n").is_err());
    }
}
