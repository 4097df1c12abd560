//! The sheet's tables, loaded from `data/tables.toml` and validated: Big
//! Men, initiative uses, action dice and costs, movement, turning,
//! formations, instruments and their calls, spotting, and the random-event
//! grid with both event tables.
//!
//! The types are the serde types; `from_toml` reads them and then checks
//! what serde cannot (every status, action, instrument, obscurity and
//! modifier once; the grid's integrity, SP-RND-010), naming the file and
//! the entry of every fault.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::SharpError;
use crate::model::{Arm, Band, Formation, Instrument, Obscurity, Pace, Status};
use crate::rulings::RulingId;
use crate::vocabulary::Action;
use crate::vocabulary::SpotModifier;

const FILE: &str = "data/tables.toml";

/// The built-in tables text.
pub const TABLES_TOML: &str = include_str!("../data/tables.toml");

/// The checklist items these tables and their functions answer.
const CHECKLIST: &[&str] = &[
    "SP-BM-001",
    "SP-BM-002",
    "SP-BM-003",
    "SP-BM-004",
    "SP-BM-005",
    "SP-BM-006",
    "SP-INI-001",
    "SP-INI-002",
    "SP-INI-003",
    "SP-INI-004",
    "SP-INI-005",
    "SP-INI-006",
    "SP-INI-007",
    "SP-INI-008",
    "SP-INI-009",
    "SP-INI-010",
    "SP-INI-011",
    "SP-INI-012",
    "SP-INI-013",
    "SP-INI-014",
    "SP-ACT-001",
    "SP-ACT-002",
    "SP-ACT-003",
    "SP-ACT-004",
    "SP-ACT-005",
    "SP-ACT-006",
    "SP-ACT-007",
    "SP-ACT-008",
    "SP-ACT-009",
    "SP-ACT-010",
    "SP-ACT-011",
    "SP-ACT-012",
    "SP-ACT-013",
    "SP-ACT-014",
    "SP-ACT-015",
    "SP-ACT-016",
    "SP-MOV-001",
    "SP-MOV-002",
    "SP-MOV-003",
    "SP-MOV-004",
    "SP-MOV-005",
    "SP-MOV-006",
    "SP-MOV-007",
    "SP-MOV-008",
    "SP-MOV-009",
    "SP-MOV-010",
    "SP-MOV-011",
    "SP-MOV-012",
    "SP-MOV-013",
    "SP-MOV-014",
    "SP-MOV-015",
    "SP-MOV-016",
    "SP-FORM-001",
    "SP-FORM-002",
    "SP-FORM-003",
    "SP-FORM-004",
    "SP-FORM-005",
    "SP-FORM-006",
    "SP-FORM-007",
    "SP-FORM-008",
    "SP-FORM-009",
    "SP-FORM-010",
    "SP-FORM-011",
    "SP-FORM-012",
    "SP-FORM-013",
    "SP-FORM-014",
    "SP-FORM-015",
    "SP-FORM-016",
    "SP-FORM-017",
    "SP-FORM-018",
    "SP-FORM-019",
    "SP-FORM-020",
    "SP-FORM-021",
    "SP-FORM-022",
    "SP-MUS-001",
    "SP-MUS-002",
    "SP-MUS-003",
    "SP-MUS-004",
    "SP-MUS-005",
    "SP-MUS-006",
    "SP-MUS-007",
    "SP-MUS-008",
    "SP-MUS-009",
    "SP-MUS-010",
    "SP-MUS-011",
    "SP-MUS-012",
    "SP-MUS-013",
    "SP-MUS-014",
    "SP-MUS-015",
    "SP-MUS-016",
    "SP-MUS-017",
    "SP-MUS-018",
    "SP-MUS-019",
    "SP-MUS-020",
    "SP-MUS-021",
    "SP-MUS-022",
    "SP-MUS-023",
    "SP-MUS-024",
    "SP-MUS-025",
    "SP-MUS-026",
    "SP-MUS-027",
    "SP-MUS-028",
    "SP-MUS-029",
    "SP-MUS-030",
    "SP-MUS-031",
    "SP-MUS-032",
    "SP-MUS-033",
    "SP-MUS-034",
    "SP-MUS-035",
    "SP-MUS-036",
    "SP-MUS-037",
    "SP-MUS-038",
    "SP-MUS-039",
    "SP-MUS-040",
    "SP-SPOT-001",
    "SP-SPOT-002",
    "SP-SPOT-003",
    "SP-SPOT-004",
    "SP-SPOT-005",
    "SP-SPOT-006",
    "SP-SPOT-007",
    "SP-SPOT-008",
    "SP-SPOT-009",
    "SP-SPOT-010",
    "SP-SPOT-011",
    "SP-SPOT-012",
    "SP-SPOT-013",
    "SP-SPOT-014",
    "SP-SPOT-015",
    "SP-SPOT-016",
    "SP-SPOT-017",
    "SP-SPOT-018",
    "SP-SPOT-019",
    "SP-SPOT-020",
    "SP-SPOT-021",
    "SP-SPOT-022",
    "SP-SPOT-023",
    "SP-SPOT-024",
    "SP-SPOT-025",
    "SP-SPOT-026",
    "SP-SPOT-027",
    "SP-SPOT-028",
    "SP-SPOT-029",
    "SP-SPOT-030",
    "SP-SPOT-031",
    "SP-RND-001",
    "SP-RND-002",
    "SP-RND-003",
    "SP-RND-004",
    "SP-RND-005",
    "SP-RND-006",
    "SP-RND-007",
    "SP-RND-008",
    "SP-RND-009",
    "SP-RND-010",
    "SP-RND-011",
    "SP-RND-012",
    "SP-RND-013",
    "SP-RND-014",
    "SP-RND-015",
    "SP-RND-016",
    "SP-RND-017",
    "SP-RND-018",
    "SP-RND-019",
    "SP-RND-020",
    "SP-RND-021",
    "SP-RND-022",
    "SP-RND-023",
    "SP-RND-024",
    "SP-RND-025",
    "SP-RND-026",
    "SP-RND-027",
    "SP-RND-028",
    "SP-RND-029",
    "SP-RND-030",
    "SP-RND-031",
];

/// A checklist id named by the data, checked against the checklist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "&'static str")]
pub struct RuleId(pub &'static str);

impl<'de> Deserialize<'de> for RuleId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RuleId, D::Error> {
        RuleId::try_from(String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<String> for RuleId {
    type Error = String;
    fn try_from(s: String) -> Result<RuleId, String> {
        CHECKLIST
            .iter()
            .find(|id| **id == s)
            .map(|id| RuleId(id))
            .ok_or_else(|| format!("`{s}` is not a checklist id of these tables (SP-BM, SP-INI, SP-ACT, SP-MOV, SP-FORM, SP-MUS, SP-SPOT, SP-RND)"))
    }
}

impl From<RuleId> for &'static str {
    fn from(r: RuleId) -> &'static str {
        r.0
    }
}

/// A ruling named by the data, checked against the register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "&'static str")]
pub struct RulingRef(pub RulingId);

impl<'de> Deserialize<'de> for RulingRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RulingRef, D::Error> {
        RulingRef::try_from(String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<String> for RulingRef {
    type Error = String;
    fn try_from(s: String) -> Result<RulingRef, String> {
        RulingId::ALL
            .iter()
            .find(|id| id.name() == s)
            .map(|id| RulingRef(*id))
            .ok_or_else(|| format!("`{s}` is not a ruling (see `umpire sharp rulings`)"))
    }
}

impl From<RulingRef> for &'static str {
    fn from(r: RulingRef) -> &'static str {
        r.0.name()
    }
}

/// A status as the sheet writes it ("IV", "iv", "4").
fn status_de<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Status, D::Error> {
    let s = String::deserialize(d)?;
    Status::parse(&s)
        .ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a status I to IV")))
}

fn min_status_de<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Status>, D::Error> {
    status_de(d).map(Some)
}

/// One row of the Big Man table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BigManRow {
    #[serde(deserialize_with = "status_de")]
    pub status: Status,
    /// Initiative level.
    pub initiative: u32,
    /// Influence range, inches.
    pub influence: f64,
    pub rule: RuleId,
    #[serde(default)]
    pub ruling: Option<RulingRef>,
}

/// How many initiatives the Big Man gets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeRule {
    /// Added per 'Grasp the Nettle' card.
    pub per_grasp_card: u32,
    pub rule: RuleId,
}

/// What an initiative use costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UseCost {
    /// One initiative (may be bought again while any remain).
    One,
    /// All the Big Man's initiative this turn.
    All,
}

/// One thing a Big Man may spend initiative on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeUse {
    pub id: String,
    pub name: String,
    pub text: String,
    pub cost: UseCost,
    /// The lowest status that may use it.
    #[serde(default, deserialize_with = "min_status_de")]
    pub min_status: Option<Status>,
    pub rule: RuleId,
}

/// Action dice on activation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDice {
    /// A Group, Formation or Big Man.
    pub base: u32,
    /// A Blind (ruling `blind-dice`).
    pub blind: u32,
    /// For both dice on the same action.
    pub doubling_bonus: i64,
}

/// The price of one action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRow {
    pub id: String,
    pub name: String,
    /// Action dice.
    pub cost: u32,
    /// Added for every two gunners lost (artillery reload).
    #[serde(default)]
    pub per_two_gunners_lost: u32,
    pub rule: RuleId,
    #[serde(default)]
    pub ruling: Option<RulingRef>,
    /// The price under each option of `ruling`.
    #[serde(default)]
    pub by_ruling: BTreeMap<String, u32>,
}

/// One movement rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRow {
    pub arms: Vec<Arm>,
    /// For infantry; `None` for mounted and artillery rates.
    #[serde(default)]
    pub formation: Option<Formation>,
    pub pace: Pace,
    /// Added to every die.
    pub pips: i64,
    /// Rolled beside the move dice.
    #[serde(default)]
    pub extra_dice: u32,
    pub rule: RuleId,
    #[serde(default)]
    pub ruling: Option<RulingRef>,
    pub text: String,
}

/// The cost of changing facing, inches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turning {
    /// A Group, any turn.
    pub group: f64,
    /// A Formation, each man 90 degrees.
    pub formation_quarter: f64,
    /// A Formation, each man about (180 degrees).
    pub formation_about: f64,
}

/// What makes a formation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationRule {
    pub formation: Formation,
    pub min_groups: u32,
    #[serde(default)]
    pub max_groups: Option<u32>,
    #[serde(default)]
    pub min_figures: Option<u32>,
    /// Only these arms may adopt it.
    #[serde(default)]
    pub arms: Option<Vec<Arm>>,
    /// Ranks deep allowed.
    #[serde(default)]
    pub ranks: Option<Vec<u32>>,
    /// Where it may fire.
    #[serde(default)]
    pub fire_arc: Option<String>,
    /// Added to each firing die.
    #[serde(default)]
    pub fire_pips: i64,
    /// Ranks that fight in a melee's first round.
    #[serde(default)]
    pub melee_first_round_ranks: Option<u32>,
    /// A dense target.
    #[serde(default)]
    pub dense_target: bool,
    pub rule: RuleId,
}

/// A musician's call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallRow {
    pub name: String,
    pub meaning: String,
    pub rule: RuleId,
}

/// An instrument, its range and its calls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstrumentRow {
    pub instrument: Instrument,
    pub name: String,
    /// Inches.
    pub range: f64,
    pub rule: RuleId,
    pub calls: Vec<CallRow>,
}

/// One obscurity row of the spotting table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotRow {
    pub obscurity: Obscurity,
    /// As written: "auto" or the number needed, one per band.
    pub needed: Vec<String>,
    /// Read: `None` = automatic.
    #[serde(skip)]
    pub cells: Vec<Option<i64>>,
    pub rules: Vec<RuleId>,
    pub examples: String,
}

/// How a spotting modifier counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    /// Once, when it applies.
    Flag,
    /// Once per die counted.
    Die,
}

/// A modifier to the number needed to spot (+ harder, - easier).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotModifierRow {
    pub id: String,
    pub value: i64,
    pub per: Per,
    pub text: String,
    pub rule: RuleId,
    #[serde(default)]
    pub ruling: Option<RulingRef>,
}

/// What is automatically spotted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AutoSubject {
    /// A Blind.
    Blind,
    /// A Group or Formation hidden in terrain, on the table.
    Hidden,
}

/// When an automatic spot takes effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AutoWhen {
    /// Immediately.
    AtOnce,
    /// On the Tiffin card (end of the turn).
    Tiffin,
}

/// One automatic-spotting rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutoSpotRow {
    pub subject: AutoSubject,
    pub obscurity: Vec<Obscurity>,
    /// Within this distance of an opponent (inclusive).
    pub within: f64,
    /// Only if the subject moved there.
    pub must_move: bool,
    pub when: AutoWhen,
    pub result: String,
    pub rule: RuleId,
}

/// The spotting tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spotting {
    pub bands: Vec<Band>,
    pub rows: Vec<SpotRow>,
    pub modifiers: Vec<SpotModifierRow>,
    pub automatic: Vec<AutoSpotRow>,
}

/// What a random event falls on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventOn {
    /// The Group that rolled.
    Group,
    /// A Big Man with the Group.
    BigMan,
    /// A Formation (a single Group ignores it).
    Formation,
    /// Some men leave the Group.
    Men,
    /// Something on the table, not the Group.
    Table,
    /// The player (a bonus card).
    Player,
}

/// One entry of a D10 event table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventEntry {
    pub number: u32,
    pub name: String,
    pub effect: String,
    pub on: EventOn,
    /// The lasting condition it leaves, by id.
    #[serde(default)]
    pub condition: Option<String>,
    /// Added to each movement die while the condition lasts.
    #[serde(default)]
    pub move_pips: i64,
    pub rule: RuleId,
    #[serde(default)]
    pub ruling: Option<RulingRef>,
}

/// The grid and both event tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Events {
    /// `grid[row - 1][column - 1]`.
    pub grid: Vec<Vec<u32>>,
    pub firing: Vec<EventEntry>,
    pub movement: Vec<EventEntry>,
}

/// The validated tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub big_men: Vec<BigManRow>,
    pub initiative: InitiativeRule,
    pub initiative_uses: Vec<InitiativeUse>,
    pub action_dice: ActionDice,
    pub actions: Vec<ActionRow>,
    pub movement: Vec<MoveRow>,
    pub turning: Turning,
    pub formations: Vec<FormationRule>,
    pub instruments: Vec<InstrumentRow>,
    pub spotting: Spotting,
    pub events: Events,
}

fn data_err(entry: impl Into<String>, message: impl Into<String>) -> SharpError {
    SharpError::Data {
        file: FILE.to_string(),
        entry: entry.into(),
        message: message.into(),
    }
}

/// Each of `all` exactly once among `present`, or an error naming `table`.
fn exactly_once<T: PartialEq + Copy>(
    table: &str,
    all: &[T],
    present: &[T],
    name: impl Fn(T) -> String,
) -> Result<(), SharpError> {
    for (i, p) in present.iter().enumerate() {
        if present[..i].contains(p) {
            return Err(data_err(
                format!("{table}[{i}]"),
                format!("`{}` appears twice", name(*p)),
            ));
        }
    }
    for a in all {
        if !present.contains(a) {
            return Err(data_err(table, format!("`{}` is missing", name(*a))));
        }
    }
    Ok(())
}

/// Check the grid: 6 rows of 6 cells from 1 to 10, results 1-9 once each
/// and 10 on the other 27 cells (SP-RND-010). Returns the cell count of
/// each result, 1 to 10.
pub fn grid_integrity(grid: &[Vec<u32>]) -> Result<[u32; 10], SharpError> {
    if grid.len() != 6 {
        return Err(data_err(
            "events.grid",
            format!("{} rows; the grid has 6", grid.len()),
        ));
    }
    let mut count = [0u32; 10];
    for (r, row) in grid.iter().enumerate() {
        if row.len() != 6 {
            return Err(data_err(
                format!("events.grid[{r}]"),
                format!("{} columns; the grid has 6", row.len()),
            ));
        }
        for (c, &v) in row.iter().enumerate() {
            if !(1..=10).contains(&v) {
                return Err(data_err(
                    format!("events.grid[{r}][{c}]"),
                    format!("{v} is not an event number 1 to 10"),
                ));
            }
            count[v as usize - 1] += 1;
        }
    }
    for (i, n) in count.iter().enumerate().take(9) {
        if *n != 1 {
            return Err(data_err(
                "events.grid",
                format!(
                    "event {} is on {n} cells; each of 1 to 9 must be on exactly one",
                    i + 1
                ),
            ));
        }
    }
    Ok(count)
}

impl Tables {
    /// The built-in tables, loaded once.
    pub fn builtin() -> Result<&'static Tables, SharpError> {
        static CELL: OnceLock<Result<Tables, SharpError>> = OnceLock::new();
        CELL.get_or_init(|| Tables::from_toml(TABLES_TOML))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Load and validate tables from TOML text.
    pub fn from_toml(text: &str) -> Result<Tables, SharpError> {
        let mut t: Tables = toml::from_str(text).map_err(|e| data_err("(file)", e.to_string()))?;
        t.validate()?;
        Ok(t)
    }

    fn validate(&mut self) -> Result<(), SharpError> {
        // Big Men.
        let statuses: Vec<Status> = self.big_men.iter().map(|r| r.status).collect();
        exactly_once("big_men", Status::ALL, &statuses, |s| s.name().to_string())?;
        for (i, r) in self.big_men.iter().enumerate() {
            if r.initiative == 0
                || r.influence.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)
            {
                return Err(data_err(
                    format!("big_men[{i}] (status {})", r.status),
                    "initiative and influence must be positive",
                ));
            }
        }

        // Initiative uses.
        for (i, u) in self.initiative_uses.iter().enumerate() {
            if self.initiative_uses[..i].iter().any(|v| v.id == u.id) {
                return Err(data_err(
                    format!("initiative_uses[{i}]"),
                    format!("`{}` appears twice", u.id),
                ));
            }
        }

        // Actions: every action once, ruling prices for every option.
        self.validate_actions()?;

        // Movement: no two rows for one arm, formation and pace.
        let mut seen: Vec<(Arm, Option<Formation>, Pace)> = Vec::new();
        for (i, m) in self.movement.iter().enumerate() {
            for arm in &m.arms {
                let k = (*arm, m.formation, m.pace);
                if seen.contains(&k) {
                    return Err(data_err(
                        format!("movement[{i}]"),
                        format!(
                            "a second row for {} {} at {}",
                            arm,
                            m.formation.map(|f| f.name()).unwrap_or("(any formation)"),
                            m.pace
                        ),
                    ));
                }
                seen.push(k);
            }
        }
        if self.turning.group < 0.0
            || self.turning.formation_quarter < 0.0
            || self.turning.formation_about < 0.0
        {
            return Err(data_err("turning", "a turning cost cannot be negative"));
        }

        // Formations.
        let forms: Vec<Formation> = self.formations.iter().map(|f| f.formation).collect();
        exactly_once("formations", Formation::ALL, &forms, |f| {
            f.name().to_string()
        })?;
        for (i, f) in self.formations.iter().enumerate() {
            if f.min_groups == 0 || f.max_groups.is_some_and(|m| m < f.min_groups) {
                return Err(data_err(
                    format!("formations[{i}] ({})", f.formation),
                    "min_groups must be at least 1 and no more than max_groups",
                ));
            }
        }

        // Instruments.
        let instr: Vec<Instrument> = self.instruments.iter().map(|i| i.instrument).collect();
        exactly_once("instruments", Instrument::ALL, &instr, |i| {
            i.name().to_string()
        })?;
        for (i, ins) in self.instruments.iter().enumerate() {
            let entry = format!("instruments[{i}] ({})", ins.instrument);
            if ins.range.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)
                || ins.calls.is_empty()
            {
                return Err(data_err(
                    &entry,
                    "needs a positive range and at least one call",
                ));
            }
            for (j, c) in ins.calls.iter().enumerate() {
                if ins.calls[..j]
                    .iter()
                    .any(|d| d.name.eq_ignore_ascii_case(&c.name))
                {
                    return Err(data_err(&entry, format!("call `{}` appears twice", c.name)));
                }
            }
        }

        // Spotting.
        validate_spotting(&mut self.spotting)?;

        // Events.
        grid_integrity(&self.events.grid)?;
        for (name, table) in [
            ("events.firing", &self.events.firing),
            ("events.movement", &self.events.movement),
        ] {
            if table.len() != 10 {
                return Err(data_err(
                    name,
                    format!("{} entries; the table runs 1 to 10", table.len()),
                ));
            }
            for (i, e) in table.iter().enumerate() {
                if e.number as usize != i + 1 {
                    return Err(data_err(
                        format!("{name}[{i}]"),
                        format!(
                            "number {} where {} was expected (the table runs 1 to 10 in order)",
                            e.number,
                            i + 1
                        ),
                    ));
                }
                if e.condition.as_deref().is_some_and(|c| {
                    c.is_empty() || !c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-')
                }) {
                    return Err(data_err(
                        format!("{name}[{i}] ({})", e.name),
                        "a condition id is lower-case words joined by hyphens",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every action once, with a price for every option of its ruling.
    fn validate_actions(&self) -> Result<(), SharpError> {
        let mut ids = Vec::new();
        for (i, a) in self.actions.iter().enumerate() {
            let entry = format!("actions[{i}] ({})", a.id);
            let action = Action::parse(&a.id).ok_or_else(|| {
                data_err(
                    &entry,
                    format!(
                        "unknown action; the actions are {}",
                        Action::ALL
                            .iter()
                            .map(|a| a.id())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?;
            ids.push(action);
            match a.ruling {
                Some(r) if !a.by_ruling.is_empty() => {
                    let options: Vec<&str> = r.0.ruling().options.iter().map(|o| o.name).collect();
                    for o in &options {
                        if !a.by_ruling.contains_key(*o) {
                            return Err(data_err(
                                &entry,
                                format!(
                                    "by_ruling has no price for option `{o}` of `{}`",
                                    r.0.name()
                                ),
                            ));
                        }
                    }
                    for k in a.by_ruling.keys() {
                        if !options.contains(&k.as_str()) {
                            return Err(data_err(
                                &entry,
                                format!("`{k}` is not an option of ruling `{}`", r.0.name()),
                            ));
                        }
                    }
                }
                None if !a.by_ruling.is_empty() => {
                    return Err(data_err(&entry, "by_ruling without a ruling"));
                }
                _ => {}
            }
        }
        exactly_once("actions", Action::ALL, &ids, |a| a.id().to_string())?;
        if self.action_dice.base == 0 || self.action_dice.blind == 0 {
            return Err(data_err("action_dice", "dice must be positive"));
        }
        Ok(())
    }

    /// The row for a status.
    pub fn big_man_row(&self, status: Status) -> Result<&BigManRow, SharpError> {
        self.big_men
            .iter()
            .find(|r| r.status == status)
            .ok_or_else(|| data_err("big_men", format!("no row for status {status}")))
    }

    /// The price of an action.
    pub fn action_row(&self, action: Action) -> Result<&ActionRow, SharpError> {
        self.actions
            .iter()
            .find(|r| r.id == action.id())
            .ok_or_else(|| data_err("actions", format!("no row for `{}`", action.id())))
    }

    /// An initiative use by id, with a "did you mean".
    pub fn initiative_use(&self, id: &str) -> Result<&InitiativeUse, SharpError> {
        self.initiative_uses
            .iter()
            .find(|u| u.id.eq_ignore_ascii_case(id.trim()))
            .ok_or_else(|| {
                SharpError::unknown(
                    "initiative use",
                    id,
                    self.initiative_uses.iter().map(|u| u.id.as_str()),
                )
            })
    }

    /// The rules of a formation.
    pub fn formation_rule(&self, formation: Formation) -> Result<&FormationRule, SharpError> {
        self.formations
            .iter()
            .find(|f| f.formation == formation)
            .ok_or_else(|| data_err("formations", format!("no rule for `{formation}`")))
    }

    /// An instrument's row.
    pub fn instrument(&self, instrument: Instrument) -> Result<&InstrumentRow, SharpError> {
        self.instruments
            .iter()
            .find(|i| i.instrument == instrument)
            .ok_or_else(|| data_err("instruments", format!("no row for `{instrument}`")))
    }

    /// A spotting row.
    pub fn spot_row(&self, obscurity: Obscurity) -> Result<&SpotRow, SharpError> {
        self.spotting
            .rows
            .iter()
            .find(|r| r.obscurity == obscurity)
            .ok_or_else(|| data_err("spotting.rows", format!("no row for `{obscurity}`")))
    }

    /// A spotting modifier.
    pub fn spot_modifier(&self, m: SpotModifier) -> Result<&SpotModifierRow, SharpError> {
        self.spotting
            .modifiers
            .iter()
            .find(|r| r.id == m.id())
            .ok_or_else(|| data_err("spotting.modifiers", format!("no row for `{}`", m.id())))
    }

    /// The condition ids any event may leave, with the movement change of
    /// each.
    pub fn conditions(&self) -> impl Iterator<Item = (&str, i64)> {
        self.events
            .firing
            .iter()
            .chain(&self.events.movement)
            .filter_map(|e| e.condition.as_deref().map(|c| (c, e.move_pips)))
    }
}

/// The spotting table: bands from 0, open-ended at the end; one row per
/// obscurity with a cell and a rule per band (cells read here); every
/// modifier once.
fn validate_spotting(sp: &mut Spotting) -> Result<(), SharpError> {
    if sp.bands.is_empty()
        || sp.bands[0].from != 0.0
        || sp.bands.last().and_then(|b| b.to).is_some()
    {
        return Err(data_err(
            "spotting.bands",
            "bands must start at 0 and the last must be open-ended",
        ));
    }
    for (i, w) in sp.bands.windows(2).enumerate() {
        if w[0].to != Some(w[1].from) {
            return Err(data_err(
                format!("spotting.bands[{}]", i + 1),
                format!("does not start where band {} ends", i),
            ));
        }
    }
    let obs: Vec<Obscurity> = sp.rows.iter().map(|r| r.obscurity).collect();
    exactly_once("spotting.rows", Obscurity::ALL, &obs, |o| {
        o.name().to_string()
    })?;
    let nbands = sp.bands.len();
    for (i, r) in sp.rows.iter_mut().enumerate() {
        let entry = format!("spotting.rows[{i}] ({})", r.obscurity);
        if r.needed.len() != nbands || r.rules.len() != nbands {
            return Err(data_err(
                &entry,
                format!("needs one cell and one rule per band ({nbands})"),
            ));
        }
        r.cells = r
            .needed
            .iter()
            .map(|c| {
                if c.trim().eq_ignore_ascii_case("auto") {
                    Ok(None)
                } else {
                    c.trim()
                        .parse::<i64>()
                        .ok()
                        .filter(|n| (2..=20).contains(n))
                        .map(Some)
                        .ok_or_else(|| {
                            data_err(
                                &entry,
                                format!("`{c}` is neither `auto` nor a score 2 to 20"),
                            )
                        })
                }
            })
            .collect::<Result<_, _>>()?;
    }
    let mut mods = Vec::new();
    for (i, m) in sp.modifiers.iter().enumerate() {
        let entry = format!("spotting.modifiers[{i}] ({})", m.id);
        let id = SpotModifier::parse(&m.id).ok_or_else(|| {
            data_err(
                &entry,
                format!(
                    "unknown modifier; the modifiers are {}",
                    SpotModifier::ALL
                        .iter()
                        .map(|m| m.id())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        if m.value == 0 {
            return Err(data_err(&entry, "a modifier of 0 changes nothing"));
        }
        if id.per_die() != (m.per == Per::Die) {
            return Err(data_err(
                &entry,
                format!(
                    "`per` must be `{}`",
                    if id.per_die() { "die" } else { "flag" }
                ),
            ));
        }
        mods.push(id);
    }
    exactly_once("spotting.modifiers", SpotModifier::ALL, &mods, |m| {
        m.id().to_string()
    })?;
    for (i, a) in sp.automatic.iter().enumerate() {
        if a.within.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) || a.obscurity.is_empty()
        {
            return Err(data_err(
                format!("spotting.automatic[{i}]"),
                "needs a positive distance and at least one obscurity",
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(from: &str, to: &str) -> String {
        match Tables::from_toml(&TABLES_TOML.replacen(from, to, 1)) {
            Ok(_) => panic!("`{from}` -> `{to}` was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn builtin_tables_load() {
        assert!(Tables::builtin().is_ok(), "{:?}", Tables::builtin().err());
    }

    #[test]
    fn faults_name_the_file_and_entry() {
        let e = broken("[10, 1, 2, 3, 4, 10]", "[10, 1, 2, 3, 3, 10]");
        assert!(e.contains("data/tables.toml: events.grid"), "{e}");
        assert!(e.contains("event 3 is on 2 cells"), "{e}");
        let e = broken("status = \"III\"", "status = \"IV\"");
        assert!(e.contains("big_men[1]") && e.contains("twice"), "{e}");
        let e = broken("id = \"tap-load\"", "id = \"tap-lode\"");
        assert!(e.contains("actions[8] (tap-lode)"), "{e}");
        let e = broken("two-dice = 2", "three-dice = 2");
        assert!(e.contains("two-dice"), "{e}");
        let e = broken(
            "needed = [\"6\", \"7\", \"8\"]",
            "needed = [\"6\", \"seven\", \"8\"]",
        );
        assert!(e.contains("spotting.rows[1] (slightly-obscured)"), "{e}");
        let e = broken("rule = \"SP-RND-026\"", "rule = \"SP-RND-926\"");
        assert!(e.contains("SP-RND-926"), "{e}");
        let e = broken("ruling = \"looters\"", "ruling = \"looterz\"");
        assert!(e.contains("looterz"), "{e}");
        let e = broken(
            "number = 7\nname = \"Ouch!\"",
            "number = 8\nname = \"Ouch!\"",
        );
        assert!(e.contains("events.movement[6]"), "{e}");
        let e = broken("id = \"smoke\"\nvalue = 1", "id = \"smoke\"\nvalue = 0");
        assert!(e.contains("spotting.modifiers[2] (smoke)"), "{e}");
    }
}
