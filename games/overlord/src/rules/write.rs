//! Writing tables back as data files, in the house style: one `[[kind]]`
//! section per entry, small tables inline (`stats = { melee = 2 }`), skill
//! levels as their own `[[skill.levels]]` sections.

use std::fmt::Write as _;

use super::Tables;
use super::load::DataFile;

/// A table could not be written as TOML.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the rules as TOML: {0}")]
pub struct WriteError(String);

fn write_file(f: &DataFile) -> Result<String, WriteError> {
    let value = toml::Value::try_from(f).map_err(|e| WriteError(e.to_string()))?;
    let mut out = String::new();
    let Some(root) = value.as_table() else {
        return Err(WriteError("not a table".into()));
    };
    for (kind, entries) in root {
        let Some(entries) = entries.as_array() else {
            continue;
        };
        for entry in entries {
            let Some(entry) = entry.as_table() else {
                continue;
            };
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "[[{kind}]]");
            let mut sections = Vec::new();
            for (k, v) in entry {
                if let Some(arr) = v
                    .as_array()
                    .filter(|a| k == "levels" && a.iter().all(toml::Value::is_table))
                {
                    sections.push((k, arr));
                    continue;
                }
                let _ = writeln!(out, "{} = {}", key(k), inline(v));
            }
            for (k, arr) in sections {
                for item in arr {
                    let _ = writeln!(out, "\n[[{kind}.{k}]]");
                    if let Some(t) = item.as_table() {
                        for (k2, v2) in t {
                            let _ = writeln!(out, "{} = {}", key(k2), inline(v2));
                        }
                    }
                }
            }
        }
    }
    Ok(out)
}

fn key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        quote(k)
    }
}

fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn inline(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => quote(s),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => f.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(d) => d.to_string(),
        toml::Value::Array(a) => {
            let parts: Vec<String> = a.iter().map(inline).collect();
            format!("[{}]", parts.join(", "))
        }
        toml::Value::Table(t) => {
            if t.is_empty() {
                return "{}".into();
            }
            let parts: Vec<String> = t
                .iter()
                .map(|(k, v)| format!("{} = {}", key(k), inline(v)))
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
    }
}

/// Render tables as data files: `(file name, TOML text)`.
pub fn write_tables(t: &Tables) -> Result<Vec<(String, String)>, WriteError> {
    let files = [
        (
            "items.toml",
            DataFile {
                item: t.items.clone(),
                ..Default::default()
            },
        ),
        (
            "skills.toml",
            DataFile {
                skill: t.skills.clone(),
                ..Default::default()
            },
        ),
        (
            "races.toml",
            DataFile {
                race: t.races.clone(),
                ..Default::default()
            },
        ),
        (
            "terrains.toml",
            DataFile {
                terrain: t.terrains.clone(),
                ..Default::default()
            },
        ),
        (
            "titles.toml",
            DataFile {
                title: t.titles.clone(),
                ..Default::default()
            },
        ),
        (
            "constructions.toml",
            DataFile {
                construction: t.constructions.clone(),
                ..Default::default()
            },
        ),
        (
            "works.toml",
            DataFile {
                work: t.works.clone(),
                ..Default::default()
            },
        ),
        (
            "enchantments.toml",
            DataFile {
                enchantment: t.enchantments.clone(),
                ..Default::default()
            },
        ),
        (
            "actions.toml",
            DataFile {
                action: t.actions.clone(),
                ..Default::default()
            },
        ),
        (
            "diseases.toml",
            DataFile {
                disease: t.diseases.clone(),
                ..Default::default()
            },
        ),
        (
            "climate.toml",
            DataFile {
                season: t.seasons.clone(),
                weather: t.weathers.clone(),
                ..Default::default()
            },
        ),
    ];
    files
        .into_iter()
        .map(|(name, f)| Ok((name.to_string(), write_file(&f)?)))
        .collect()
}
