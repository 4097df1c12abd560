//! A DBR battle at the table: the armies' commands and elements, the
//! bound, each command's PIPs diced and spent, and what became of every
//! element (recoiled this bound, fled, destroyed, captured). Plain data,
//! saved after every command; the table's geometry stays on the table —
//! who touches whom and how far is typed in by the players.
//!
//! A scenario (TOML):
//!
//! ```toml
//! name = "Breitenfeld, the Swedish right"
//! seed = 7
//! sides = ["Swedes", "Imperialists"]
//!
//! [[command]]
//! name = "Horn"
//! side = "Swedes"
//!
//! [[element]]
//! name = "smaland-horse"
//! command = "Horn"
//! type = "Pi(O)"       # the sheet's type and grade: Pk(S), LH(F), Art(O)…
//! general = true       # the command's general is with this element
//! ```

use serde::{Deserialize, Serialize};

use crate::combat::parse_element;
use crate::error::DbrError;
use crate::model::{ElementType, Grade};
use crate::rulings::Rulings;

/// What became of an element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// On the table.
    InPlay,
    /// Recoiled this bound (back to in play at the next bound).
    Recoiled,
    /// Fled from combat.
    Fled,
    Destroyed,
    Captured,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::InPlay => "in play",
            Status::Recoiled => "recoiled",
            Status::Fled => "fled",
            Status::Destroyed => "destroyed",
            Status::Captured => "captured",
        }
    }

    /// Read `in-play`, `recoiled`, `fled`, `destroyed`, `captured`.
    pub fn parse(text: &str) -> Option<Status> {
        match text.to_ascii_lowercase().as_str() {
            "in-play" | "play" | "rallied" => Some(Status::InPlay),
            "recoiled" | "recoil" => Some(Status::Recoiled),
            "fled" | "flee" => Some(Status::Fled),
            "destroyed" => Some(Status::Destroyed),
            "captured" => Some(Status::Captured),
            _ => None,
        }
    }

    /// Still counts as on the table (may fight, move, be diced for).
    pub fn on_table(self) -> bool {
        matches!(self, Status::InPlay | Status::Recoiled)
    }
}

/// An element of an army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Element {
    pub name: String,
    pub side: String,
    pub command: String,
    /// The sheet's type and grade, as written: `Pk(S)`.
    pub kind: String,
    /// The command's general is with it.
    #[serde(default)]
    pub general: bool,
    pub status: Status,
}

impl Element {
    /// Its type and grade.
    pub fn typed(&self) -> Result<(ElementType, Grade), DbrError> {
        parse_element(&self.kind)
    }
}

/// A command: its PIPs this bound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Command {
    pub name: String,
    pub side: String,
    /// The PIPs diced for it this bound, when its side's bound has begun.
    pub pips: Option<u32>,
    /// PIPs spent this bound.
    pub spent: u32,
    /// Its general has moved this bound (DBR-PIP-016: the -1 for moving
    /// with him is only while he has not).
    #[serde(default)]
    pub general_moved: bool,
}

impl Command {
    pub fn left(&self) -> u32 {
        self.pips.unwrap_or(0).saturating_sub(self.spent)
    }
}

/// The battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub name: String,
    pub seed: u64,
    pub sides: Vec<String>,
    pub commands: Vec<Command>,
    pub elements: Vec<Element>,
    /// The bound being played (0 before the first).
    pub bound: u32,
    /// Whose bound it is (index into `sides`).
    pub moving: usize,
    /// Rulings switched for this game: (name, option).
    pub rulings: Vec<(String, String)>,
    /// Commands that rolled dice from the seed so far, each actor's: the
    /// index of its next roll's dice (a command that rolls nothing never
    /// moves them).
    #[serde(default)]
    pub rolls: umpire_core::session::RollCounts,
}

/// The most elements an army may field here: more than any DBR army
/// (a standard one is a few dozen), and a bound on what a typo costs.
pub const MAX_ELEMENTS: usize = 500;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    name: String,
    #[serde(default)]
    seed: u64,
    sides: Vec<String>,
    #[serde(default, rename = "command")]
    commands: Vec<ScenarioCommand>,
    #[serde(default, rename = "element")]
    elements: Vec<ScenarioElement>,
    #[serde(default)]
    rulings: std::collections::BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioCommand {
    name: String,
    side: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioElement {
    name: String,
    command: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    general: bool,
}

impl Battle {
    /// A battle from a scenario; every entry is checked and a bad one named.
    pub fn from_toml(file: &str, text: &str) -> Result<Battle, DbrError> {
        let bad = |entry: &str, why: String| DbrError::Invalid(format!("{file}, {entry}: {why}"));
        let s: Scenario =
            toml::from_str(text).map_err(|e| DbrError::Invalid(format!("{file}: {e}")))?;
        if s.sides.len() != 2 || s.sides[0].eq_ignore_ascii_case(&s.sides[1]) {
            return Err(bad(
                "sides",
                "a battle has two sides, named differently".into(),
            ));
        }
        if s.elements.len() > MAX_ELEMENTS {
            return Err(bad(
                "element",
                format!("{} elements; at most {MAX_ELEMENTS}", s.elements.len()),
            ));
        }
        let mut commands: Vec<Command> = Vec::new();
        for c in &s.commands {
            let entry = format!("command.{}", c.name);
            let Some(side) = s.sides.iter().find(|x| x.eq_ignore_ascii_case(&c.side)) else {
                return Err(bad(
                    &entry,
                    format!(
                        "no side `{}`; the sides are {}",
                        c.side,
                        s.sides.join(" and ")
                    ),
                ));
            };
            if commands
                .iter()
                .any(|x| x.name.eq_ignore_ascii_case(&c.name))
            {
                return Err(bad(&entry, "two commands with this name".into()));
            }
            commands.push(Command {
                name: c.name.clone(),
                side: side.clone(),
                pips: None,
                spent: 0,
                general_moved: false,
            });
        }
        let mut elements: Vec<Element> = Vec::new();
        for e in &s.elements {
            let entry = format!("element.{}", e.name);
            if e.name.trim().is_empty() || e.name.contains(char::is_whitespace) {
                return Err(bad(
                    &entry,
                    "an element's name is one word (use -): `smaland-horse`".into(),
                ));
            }
            let Some(c) = commands
                .iter()
                .find(|x| x.name.eq_ignore_ascii_case(&e.command))
            else {
                return Err(bad(&entry, format!("no command `{}`", e.command)));
            };
            parse_element(&e.kind).map_err(|x| bad(&entry, x.to_string()))?;
            if elements
                .iter()
                .any(|x| x.name.eq_ignore_ascii_case(&e.name))
            {
                return Err(bad(&entry, "two elements with this name".into()));
            }
            elements.push(Element {
                name: e.name.clone(),
                side: c.side.clone(),
                command: c.name.clone(),
                kind: e.kind.clone(),
                general: e.general,
                status: Status::InPlay,
            });
        }
        let mut rulings = Rulings::default();
        for (n, o) in &s.rulings {
            rulings
                .set(n, o)
                .map_err(|x| bad(&format!("rulings.{n}"), x.to_string()))?;
        }
        Ok(Battle {
            name: s.name,
            seed: s.seed,
            sides: s.sides,
            commands,
            elements,
            bound: 0,
            moving: 0,
            rulings: s.rulings.into_iter().collect(),
            rolls: umpire_core::session::RollCounts::default(),
        })
    }

    /// The rulings in force.
    pub fn rulings(&self) -> Result<Rulings, DbrError> {
        let mut r = Rulings::default();
        for (n, o) in &self.rulings {
            r.set(n, o).map_err(|e| DbrError::Invalid(e.to_string()))?;
        }
        Ok(r)
    }

    /// A side by name, as the scenario spells it.
    pub fn side(&self, name: &str) -> Result<&str, DbrError> {
        self.sides
            .iter()
            .find(|s| s.eq_ignore_ascii_case(name))
            .map(String::as_str)
            .ok_or_else(|| unknown("side", name, self.sides.iter().map(String::as_str)))
    }

    /// An element by its name, or the one name it begins (`croat`).
    pub fn element(&self, name: &str) -> Result<&Element, DbrError> {
        let found = find(
            name,
            "element",
            self.elements.iter().map(|e| e.name.as_str()),
        )?;
        self.elements
            .iter()
            .find(|e| e.name == found)
            .ok_or_else(|| unknown("element", name, std::iter::empty()))
    }

    /// An element, to change.
    pub fn element_mut(&mut self, name: &str) -> Result<&mut Element, DbrError> {
        let found = find(
            name,
            "element",
            self.elements.iter().map(|e| e.name.as_str()),
        )?;
        self.elements
            .iter_mut()
            .find(|e| e.name == found)
            .ok_or_else(|| unknown("element", name, std::iter::empty()))
    }

    /// A command by its name, or the one name it begins.
    pub fn command_mut(&mut self, name: &str) -> Result<&mut Command, DbrError> {
        let found = find(
            name,
            "command",
            self.commands.iter().map(|c| c.name.as_str()),
        )?;
        self.commands
            .iter_mut()
            .find(|c| c.name == found)
            .ok_or_else(|| unknown("command", name, std::iter::empty()))
    }
}

/// `given` among `names` (whole, or the one it begins), or why not.
fn find<'a>(
    given: &str,
    what: &str,
    names: impl Iterator<Item = &'a str>,
) -> Result<String, DbrError> {
    let all: Vec<&str> = names.collect();
    match umpire_core::text::find_name(given, all.iter().copied()) {
        Ok(n) => Ok(n.to_string()),
        Err(umpire_core::text::NameError::Ambiguous(many)) => Err(DbrError::Invalid(format!(
            "`{}` could be {}: type more of the name",
            umpire_core::text::clip(given),
            many.join(" or ")
        ))),
        Err(umpire_core::text::NameError::Unknown { .. }) => {
            Err(unknown(what, given, all.iter().copied()))
        }
    }
}

/// An unknown name, with a suggestion.
pub fn unknown<'a>(
    what: &str,
    given: &str,
    known: impl Iterator<Item = &'a str> + Clone,
) -> DbrError {
    let hint = umpire_core::text::suggest(given, known.clone())
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default();
    DbrError::Invalid(format!(
        "no {what} `{}`{hint}; the {what}s are {}",
        umpire_core::text::clip(given),
        known.collect::<Vec<_>>().join(", ")
    ))
}

/// The built-in scenario, `breitenfeld`: the demo battle, played when no
/// scenario is given.
pub const BREITENFELD: &str = include_str!("../scenarios/breitenfeld.toml");
