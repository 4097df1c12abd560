//! Reading the data files: TOML text to [`Tables`], with errors that name
//! the file, the line and the entry.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::Tables;
use super::descriptions::{Description, Descriptions, Kind};
use super::{climate, constructions, enchantments, items, races, skills, terrains, titles};

/// One data file: its name relative to the data directory
/// (`items.toml`, `descriptions/items.toml`) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub name: String,
    pub text: String,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }
}

/// One problem in the rules data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub file: String,
    /// Line in the file, when known.
    pub line: Option<u32>,
    /// The entry's table and tag (`skill obse`).
    pub entry: Option<String>,
    /// The field, as a path (`levels[2].use.consume[0].item`).
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(entry) = &self.entry {
            write!(f, ": {entry}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ", field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every problem found; the rules load only when there are none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesErrors(pub Vec<RulesError>);

impl fmt::Display for RulesErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RulesErrors {}

/// The files under `games/overlord/data/`, compiled into the binary.
pub fn bundled_sources() -> Vec<Source> {
    macro_rules! files {
        ($($name:literal),+ $(,)?) => {
            vec![$(Source::new($name, include_str!(concat!("../../data/", $name)))),+]
        };
    }
    files![
        "items.toml",
        "skills.toml",
        "races.toml",
        "terrains.toml",
        "titles.toml",
        "constructions.toml",
        "works.toml",
        "enchantments.toml",
        "actions.toml",
        "diseases.toml",
        "climate.toml",
        "descriptions/items.toml",
        "descriptions/skills.toml",
        "descriptions/races.toml",
        "descriptions/terrains.toml",
        "descriptions/titles.toml",
        "descriptions/constructions.toml",
        "descriptions/works.toml",
        "descriptions/enchantments.toml",
        "descriptions/actions.toml",
        "descriptions/diseases.toml",
        "descriptions/seasons.toml",
        "descriptions/weathers.toml",
    ]
}

/// The shape of each data file: an array of tables per entry kind.
#[derive(Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DataFile {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub item: Vec<items::Item>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skill: Vec<skills::Skill>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub race: Vec<races::Race>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<terrains::Terrain>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub title: Vec<titles::Title>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub construction: Vec<constructions::Construction>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub work: Vec<constructions::Work>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enchantment: Vec<enchantments::Enchantment>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub action: Vec<enchantments::Action>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disease: Vec<enchantments::Disease>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub season: Vec<climate::Season>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weather: Vec<climate::Weather>,
}

impl DataFile {
    fn append_to(self, t: &mut Tables) {
        t.items.extend(self.item);
        t.skills.extend(self.skill);
        t.races.extend(self.race);
        t.terrains.extend(self.terrain);
        t.titles.extend(self.title);
        t.constructions.extend(self.construction);
        t.works.extend(self.work);
        t.enchantments.extend(self.enchantment);
        t.actions.extend(self.action);
        t.diseases.extend(self.disease);
        t.seasons.extend(self.season);
        t.weathers.extend(self.weather);
    }
}

/// A description file: tag → description, for the table the file is named
/// after.
type DescriptionFile = BTreeMap<String, Description>;

pub(crate) fn parse_sources(sources: &[Source]) -> Result<(Tables, Descriptions), RulesErrors> {
    assemble(parse_each(sources))
}

/// The files' tables put together, in the order given, or every error.
fn assemble(files: Vec<Parsed>) -> Result<(Tables, Descriptions), RulesErrors> {
    let mut tables = Tables::default();
    let mut descriptions = Descriptions::default();
    let mut errors = Vec::new();
    for parsed in files {
        match parsed {
            Parsed::Data(file) => file.append_to(&mut tables),
            Parsed::Descriptions(kind, file) => {
                for (tag, d) in file {
                    descriptions.insert(kind, &tag, d);
                }
            }
            Parsed::Wrong(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok((tables, descriptions))
    } else {
        Err(RulesErrors(errors))
    }
}

/// One data file read on its own.
enum Parsed {
    Data(DataFile),
    Descriptions(Kind, DescriptionFile),
    Wrong(RulesError),
}

/// Every file parsed, in the order given. The files are independent, so
/// the larger ones are parsed on a second thread while this one parses the
/// rest (every turn and every command that opens a game starts here); the
/// tables are put together in the files' order afterwards, so the rules
/// do not depend on which thread parsed what.
fn parse_each(sources: &[Source]) -> Vec<Parsed> {
    let total: usize = sources.iter().map(|s| s.text.len()).sum();
    if total < 64 * 1024 {
        return sources.iter().map(parse_one).collect();
    }
    // Split where half the text is behind: the skills' table alone is
    // nearly half the bundled rules.
    let mut behind = 0;
    let split = sources
        .iter()
        .position(|s| {
            behind += s.text.len();
            behind * 2 >= total
        })
        .map_or(sources.len(), |i| i + 1);
    parse_split(sources, split)
}

/// The files before `split` parsed on this thread, the rest on another.
fn parse_split(sources: &[Source], split: usize) -> Vec<Parsed> {
    let (first, second) = sources.split_at(split.min(sources.len()));
    if second.is_empty() {
        return first.iter().map(parse_one).collect();
    }
    std::thread::scope(|s| {
        let later = s.spawn(|| second.iter().map(parse_one).collect::<Vec<_>>());
        let mut all: Vec<Parsed> = first.iter().map(parse_one).collect();
        all.extend(
            later
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        );
        all
    })
}

fn parse_one(source: &Source) -> Parsed {
    let Some(file_name) = source.name.strip_prefix("descriptions/") else {
        return match toml::from_str::<DataFile>(&source.text) {
            Ok(file) => Parsed::Data(file),
            Err(e) => Parsed::Wrong(toml_error(source, &e)),
        };
    };
    let stem = file_name.strip_suffix(".toml").unwrap_or(file_name);
    let Some(kind) = Kind::from_name(stem) else {
        return Parsed::Wrong(RulesError {
            file: source.name.clone(),
            line: None,
            entry: None,
            field: None,
            message: format!(
                "no table is called `{stem}`; description files are named after one of: {}",
                Kind::ALL
                    .iter()
                    .map(|k| k.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    };
    match toml::from_str::<DescriptionFile>(&source.text) {
        Ok(file) => Parsed::Descriptions(kind, file),
        Err(e) => Parsed::Wrong(toml_error(source, &e)),
    }
}

/// A TOML syntax or shape error, placed at its line and inside the entry
/// whose `tag = "…"` last precedes it.
fn toml_error(source: &Source, e: &toml::de::Error) -> RulesError {
    let (line, entry) = match e.span() {
        Some(span) => {
            let before = source.text.get(..span.start).unwrap_or("");
            let line = u32::try_from(before.matches('\n').count() + 1).unwrap_or(u32::MAX);
            (Some(line), enclosing_entry(&source.text, span.start))
        }
        None => (None, None),
    };
    RulesError {
        file: source.name.clone(),
        line,
        entry,
        field: None,
        message: e.message().trim().to_string(),
    }
}

fn enclosing_entry(text: &str, pos: usize) -> Option<String> {
    // The last top-level `[[kind]]` header at or before `pos`…
    let mut header = None;
    let mut offset = 0;
    for l in text.split_inclusive('\n') {
        if offset > pos {
            break;
        }
        let t = l.trim();
        if let Some(h) = t.strip_prefix("[[").and_then(|h| h.strip_suffix("]]"))
            && !h.contains('.')
        {
            header = Some((h.to_string(), offset));
        }
        offset += l.len();
    }
    let (kind, start) = header?;
    // …and the `tag = "…"` of that entry, before the next entry starts.
    let body = text.get(start..).unwrap_or("");
    let tag = body
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().starts_with("[[") || l.trim().starts_with(&format!("[[{kind}.")))
        .find_map(|l| {
            l.trim()
                .strip_prefix("tag = ")
                .map(|v| v.trim().trim_matches('"').to_string())
        });
    Some(match tag {
        Some(g) => format!("{kind} `{g}`"),
        None => format!("a {kind} entry"),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// Wherever the files are split between the two threads, the rules
    /// are those of reading them one after the other.
    #[test]
    fn the_tables_do_not_depend_on_where_the_files_are_split() {
        let sources = bundled_sources();
        let alone = assemble(sources.iter().map(parse_one).collect()).unwrap();
        for split in 0..=sources.len() {
            assert!(
                assemble(parse_split(&sources, split)).unwrap() == alone,
                "split after {split} files"
            );
        }
    }

    /// Faults in files on both sides of the split are told in the files'
    /// order, each with its file.
    #[test]
    fn every_fault_is_told_in_the_files_order_wherever_the_split() {
        let mut sources = bundled_sources();
        let last = sources.len() - 1;
        sources[0].text.push_str("\n[[item]\n");
        sources[last].text.push_str("\n= nothing\n");
        let names = [sources[0].name.clone(), sources[last].name.clone()];
        for split in 0..=sources.len() {
            let Err(RulesErrors(errors)) = assemble(parse_split(&sources, split)) else {
                panic!("broken files loaded (split after {split})");
            };
            let files: Vec<&str> = errors.iter().map(|e| e.file.as_str()).collect();
            assert_eq!(files, names, "split after {split}");
            assert!(errors.iter().all(|e| e.line.is_some()), "{errors:?}");
        }
    }
}
