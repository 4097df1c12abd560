//! The rules' figures as validated data (`data/tables.toml`): distances,
//! the orders allowance, the activation chart and its modifiers, the
//! arrival chart and its modifiers.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::NbError;
use crate::model::Quality;

/// The data file, compiled in.
pub const TABLES_TOML: &str = include_str!("../data/tables.toml");

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Distances {
    pub engagement: f64,
    pub on_board_reserve: f64,
    pub entry_from_general: f64,
    pub entry_from_enemy: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffBoard {
    pub entry_die: u32,
    pub entry_add: u32,
    pub placed_before: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allowance {
    /// A nation, or `*` for all others.
    pub nation: String,
    pub orders: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivationRow {
    pub at_least: i32,
    pub delay: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NationalityRow {
    pub nation: String,
    pub from: u32,
    pub to: u32,
    pub modifier: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrivalRow {
    pub at_least: i32,
    /// Turns late; negative is early.
    pub late: i32,
}

/// Every figure.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub distances: Distances,
    pub off_board: OffBoard,
    pub allowance: Vec<Allowance>,
    pub activation: Vec<ActivationRow>,
    pub nationality: Vec<NationalityRow>,
    pub activation_quality: BTreeMap<String, i32>,
    pub arrival: Vec<ArrivalRow>,
    pub arrival_quality: BTreeMap<String, i32>,
}

fn data(entry: &str, message: impl Into<String>) -> NbError {
    NbError::Data {
        file: "data/tables.toml".to_string(),
        entry: entry.to_string(),
        message: message.into(),
    }
}

impl Tables {
    /// The built-in tables.
    pub fn builtin() -> Result<&'static Tables, NbError> {
        static CELL: OnceLock<Result<Tables, NbError>> = OnceLock::new();
        CELL.get_or_init(|| Tables::from_toml(TABLES_TOML))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Read and validate a tables file.
    pub fn from_toml(text: &str) -> Result<Tables, NbError> {
        let t: Tables = toml::from_str(text).map_err(|e| data("(file)", e.to_string()))?;
        for (name, rows) in [
            (
                "activation",
                t.activation.iter().map(|r| r.at_least).collect::<Vec<_>>(),
            ),
            ("arrival", t.arrival.iter().map(|r| r.at_least).collect()),
        ] {
            if rows.is_empty() {
                return Err(data(name, "needs at least one row"));
            }
            if rows.windows(2).any(|w| w[0] >= w[1]) {
                return Err(data(name, "rows must rise strictly by their lowest total"));
            }
        }
        for q in ["E", "G", "A", "P"] {
            if !t.activation_quality.contains_key(q) {
                return Err(data(
                    "activation_quality",
                    format!("no modifier for quality {q}"),
                ));
            }
            if !t.arrival_quality.contains_key(q) {
                return Err(data(
                    "arrival_quality",
                    format!("no modifier for quality {q}"),
                ));
            }
        }
        if !t.allowance.iter().any(|a| a.nation == "*") {
            return Err(data("allowance", "needs a row for all other nations (`*`)"));
        }
        for r in &t.nationality {
            if r.from > r.to {
                return Err(data(
                    &format!("nationality.{}", r.nation),
                    format!("years {}-{} run backwards", r.from, r.to),
                ));
            }
        }
        if t.off_board.entry_die == 0 {
            return Err(data("off_board.entry_die", "a die needs faces"));
        }
        Ok(t)
    }

    /// Orders the army commander may write a turn (NB-ISS-002..004).
    pub fn allowance(&self, nation: &str) -> u32 {
        self.allowance
            .iter()
            .find(|a| a.nation.eq_ignore_ascii_case(nation))
            .or_else(|| self.allowance.iter().find(|a| a.nation == "*"))
            .map_or(1, |a| a.orders)
    }

    /// The nationality modifier, and whether the nation and year were listed
    /// (NB-ACT-008..015).
    pub fn nationality_modifier(&self, nation: &str, year: u32) -> (i32, bool) {
        self.nationality
            .iter()
            .find(|r| r.nation.eq_ignore_ascii_case(nation) && (r.from..=r.to).contains(&year))
            .map_or((0, false), |r| (r.modifier, true))
    }

    /// A quality's activation modifier (NB-ACT-016..019).
    pub fn activation_quality(&self, q: Quality) -> i32 {
        self.activation_quality
            .get(q.letter())
            .copied()
            .unwrap_or(0)
    }

    /// A quality's arrival modifier (NB-OFF-010..013).
    pub fn arrival_quality(&self, q: Quality) -> i32 {
        self.arrival_quality.get(q.letter()).copied().unwrap_or(0)
    }

    /// The delay for an activation total (below the first row: the first
    /// row, ruling `activation-low`).
    pub fn delay(&self, total: i32) -> u32 {
        self.activation
            .iter()
            .rev()
            .find(|r| total >= r.at_least)
            .or_else(|| self.activation.first())
            .map_or(0, |r| r.delay)
    }

    /// Turns late (negative early) for an arrival total, clamped to the
    /// chart (ruling `arrival-die`).
    pub fn arrival_late(&self, total: i32) -> i32 {
        self.arrival
            .iter()
            .rev()
            .find(|r| total >= r.at_least)
            .or_else(|| self.arrival.first())
            .map_or(0, |r| r.late)
    }
}
