//! The save format: a whole [`World`] to bytes and back.
//!
//! Layout: the 8-byte magic `UMPIREOV`, the schema version as a
//! little-endian `u32`, then a [postcard] body: the tags of every rules
//! table in id order (so a save is never read against rules whose ids mean
//! something else) and the world.
//!
//! Versions: [`VERSION`] is written (2 added journeys and put the
//! stances in the rules' order; 3 added units gone
//! during a turn, settings of their own and faction-wide, work under way
//! and the TARGET on units; 4 added what a structure
//! teaches; 5 added the non-player factions' roles and the items of the faction
//! funds); every older version that can still be
//! read has a `read_vN` that converts it forward. A save from a newer
//! Umpire is refused with a message saying so.
//!
//! [`to_json`] writes the same state as readable JSON for debugging.

mod v1;
mod v2;
mod v3;
mod v4;

use serde::{Deserialize, Serialize};

use crate::rules::Rules;
use crate::world::World;

pub const MAGIC: &[u8; 8] = b"UMPIREOV";
/// The schema version this build writes.
pub const VERSION: u32 = 5;

/// Why a save could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SaveError {
    #[error("not an Umpire Overlord save (it does not start with UMPIREOV)")]
    NotASave,
    #[error(
        "saved by a newer Umpire (save format {found}; this build reads up to {VERSION}); upgrade Umpire to open it"
    )]
    TooNew { found: u32 },
    #[error("the save is damaged: {0}")]
    Damaged(String),
    #[error("the save was made with other rules: {0}")]
    RulesChanged(String),
}

/// The tags of each rules table, in id order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RulesTags {
    pub items: Vec<String>,
    pub skills: Vec<String>,
    pub races: Vec<String>,
    pub terrains: Vec<String>,
    pub titles: Vec<String>,
    pub constructions: Vec<String>,
    pub works: Vec<String>,
    pub enchantments: Vec<String>,
    pub weathers: Vec<String>,
}

impl RulesTags {
    pub fn of(rules: &Rules) -> Self {
        fn tags<'a>(it: impl Iterator<Item = &'a String>) -> Vec<String> {
            it.cloned().collect()
        }
        RulesTags {
            items: tags(rules.items.values().map(|x| &x.tag)),
            skills: tags(rules.skills.values().map(|x| &x.tag)),
            races: tags(rules.races.values().map(|x| &x.tag)),
            terrains: tags(rules.terrains.values().map(|x| &x.tag)),
            titles: tags(rules.titles.values().map(|x| &x.tag)),
            constructions: tags(rules.constructions.values().map(|x| &x.tag)),
            works: tags(rules.works.values().map(|x| &x.tag)),
            enchantments: tags(rules.enchantments.values().map(|x| &x.tag)),
            weathers: tags(rules.weathers.values().map(|x| &x.tag)),
        }
    }

    /// The first difference, named. Rules that only grew at the end of a
    /// table (a new skill, a new construction) keep every saved id
    /// meaning what it meant, so they are no difference; a table that
    /// lost entries or changed one is.
    fn difference(&self, other: &RulesTags) -> Option<String> {
        let pairs: [(&str, &Vec<String>, &Vec<String>); 9] = [
            ("items", &self.items, &other.items),
            ("skills", &self.skills, &other.skills),
            ("races", &self.races, &other.races),
            ("terrains", &self.terrains, &other.terrains),
            ("titles", &self.titles, &other.titles),
            ("constructions", &self.constructions, &other.constructions),
            ("works", &self.works, &other.works),
            ("enchantments", &self.enchantments, &other.enchantments),
            ("weathers", &self.weathers, &other.weathers),
        ];
        for (name, saved, now) in pairs {
            if !now.starts_with(saved) {
                let at = saved.iter().zip(now.iter()).position(|(a, b)| a != b);
                return Some(match at {
                    Some(i) => format!(
                        "{name} entry {} is `{}` in the save but `{}` in these rules",
                        i + 1,
                        saved[i],
                        now[i]
                    ),
                    None => format!(
                        "the save has {} {name}, these rules {}; `{}` is gone",
                        saved.len(),
                        now.len(),
                        saved.get(now.len()).map_or("", String::as_str)
                    ),
                });
            }
        }
        None
    }
}

#[derive(Serialize)]
struct BodyRef<'a> {
    rules: &'a RulesTags,
    world: &'a World,
}

#[derive(Deserialize)]
struct Body {
    rules: RulesTags,
    world: World,
}

/// Write the world.
pub fn save(world: &World, rules: &Rules) -> Vec<u8> {
    let tags = RulesTags::of(rules);
    let mut out = Vec::with_capacity(64 + world.units.len() * 96);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    // Serialising plain data into a Vec cannot fail; fall back to an empty
    // body (which `load` then reports as damaged) rather than panic.
    let body = postcard::to_extend(
        &BodyRef {
            rules: &tags,
            world,
        },
        out,
    );
    match body {
        Ok(v) => v,
        Err(_) => {
            let mut v = MAGIC.to_vec();
            v.extend_from_slice(&VERSION.to_le_bytes());
            v
        }
    }
}

/// Read a world written by [`save`] (this or an older version), check it
/// was made with the same rules tables, and check it keeps the world's
/// invariants ([`World::check`], [`World::check_rules`]): a file that
/// decodes to a broken world is refused as damaged.
pub fn load(bytes: &[u8], rules: &Rules) -> Result<World, SaveError> {
    decode(bytes)?.with_rules(rules)
}

/// A save read as far as it can be without the rules: [`load`] in two
/// steps, so that a caller can read the world while the rules load.
pub struct Decoded {
    rules: RulesTags,
    world: World,
    /// What [`World::check`] found, told after a change of rules.
    problems: Vec<String>,
}

/// The first step of [`load`]: the world decoded and checked on its own.
pub fn decode(bytes: &[u8]) -> Result<Decoded, SaveError> {
    let rest = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or(SaveError::NotASave)?;
    let (ver, body) = rest
        .split_at_checked(4)
        .ok_or_else(|| SaveError::Damaged("it ends inside its header".into()))?;
    let version = u32::from_le_bytes([ver[0], ver[1], ver[2], ver[3]]);
    let mut body = match version {
        1 => v1::upgrade(read_body::<v1::BodyV1>(body)?),
        2 => v2::upgrade(read_body::<v2::BodyV2>(body)?),
        3 => v3::upgrade(read_body::<v3::BodyV3>(body)?),
        4 => v4::upgrade(read_body::<v4::BodyV4>(body)?),
        5 => read_body::<Body>(body)?,
        v if v > VERSION => return Err(SaveError::TooNew { found: v }),
        v => return Err(SaveError::Damaged(format!("unknown save format {v}"))),
    };
    if version < 5 {
        body.world.assign_roles_by_name();
    }
    // A damaged body can still decode, to a world whose ids point nowhere;
    // it is refused rather than let the engine index out of bounds later.
    let problems = body.world.check();
    Ok(Decoded {
        rules: body.rules,
        world: body.world,
        problems,
    })
}

impl Decoded {
    /// The second step of [`load`]: the world, if it was saved with
    /// these rules' tables and keeps the world's invariants under them.
    /// A change of rules is told before any damage.
    pub fn with_rules(self, rules: &Rules) -> Result<World, SaveError> {
        if let Some(diff) = self.rules.difference(&RulesTags::of(rules)) {
            return Err(SaveError::RulesChanged(diff));
        }
        let mut problems = self.problems;
        problems.extend(self.world.check_rules(rules));
        if let Some(first) = problems.first() {
            return Err(SaveError::Damaged(match problems.len() {
                1 => first.clone(),
                n => format!("{first} (and {} more)", n - 1),
            }));
        }
        Ok(self.world)
    }
}

fn read_body<B: serde::de::DeserializeOwned>(body: &[u8]) -> Result<B, SaveError> {
    let (b, rest) =
        postcard::take_from_bytes::<B>(body).map_err(|e| SaveError::Damaged(e.to_string()))?;
    if !rest.is_empty() {
        return Err(SaveError::Damaged(format!(
            "{} stray bytes after the world",
            rest.len()
        )));
    }
    Ok(b)
}

/// The world as pretty JSON, for reading and diffing.
pub fn to_json(world: &World) -> String {
    serde_json::to_string_pretty(world).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
