//! The sheet's tables, loaded from `data/tables.toml` and validated.
//!
//! Distances are written once, in paces; a cell that is not also a whole
//! number of centimetres is refused, so the centimetre copy of the sheet is
//! derived exactly (DBR-UNIT-001). Every check names the file and the entry.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::DbrError;
use crate::model::{Class, ElementType, Going, Grade};
use crate::units::{Distance, Units};

const FILE: &str = "data/tables.toml";

/// The built-in tables text.
pub const TABLES_TOML: &str = include_str!("../data/tables.toml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTables {
    classes: BTreeMap<String, String>,
    moves: Vec<RawMoveRow>,
    move_adjustments: RawMoveAdjustments,
    ranges: Vec<RawRangeRow>,
    water_range: RawWaterRange,
    pips: RawPips,
    factors: Vec<RawFactorRow>,
    disabled_factors: RawFactorCells,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFactorRow {
    types: Vec<String>,
    cavalry: String,
    foot: String,
    train: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFactorCells {
    cavalry: String,
    foot: String,
    train: String,
}

/// A base-factor cell: one value, or Bd's "3/5" against foot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FactorCell {
    /// One value.
    One(i64),
    /// Two values, chosen by ruling `bd-three-five`.
    Either(i64, i64),
}

fn factor_cell(entry: &str, text: &str) -> Result<FactorCell, DbrError> {
    let num = |t: &str| {
        t.trim()
            .parse::<i64>()
            .ok()
            .filter(|n| (0..=9).contains(n))
            .ok_or_else(|| {
                data_err(
                    entry,
                    format!("`{text}` is not a factor from 0 to 9 (or two, as `3/5`)"),
                )
            })
    };
    match text.split_once('/') {
        Some((a, b)) => Ok(FactorCell::Either(num(a)?, num(b)?)),
        None => Ok(FactorCell::One(num(text)?)),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPips {
    actions: BTreeMap<String, i64>,
    adjustments: RawPipAdjustments,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawPipAdjustments {
    with_general: i64,
    general_away: i64,
    general_far: String,
    general_unseen: String,
    heavy_off_road: i64,
    third_march: i64,
    separate: i64,
    night: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMoveRow {
    types: Vec<String>,
    road: String,
    good: String,
    rough: String,
    difficult: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMoveAdjustments {
    grade_bonus: String,
    grade_penalty: String,
    cap: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
struct RawRangeRow {
    types: Vec<String>,
    S: String,
    O: String,
    I: String,
    F: String,
    X: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWaterRange {
    #[serde(rename = "type")]
    element: String,
    grade: String,
    range: String,
}

/// The validated tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    classes: Vec<Class>,
    moves: Vec<Option<[Option<Distance>; 4]>>,
    ranges: Vec<Option<[Option<Distance>; 5]>>,
    /// The (F)/(X) and Pk (S) bonus.
    pub grade_bonus: Distance,
    /// The (S) penalty.
    pub grade_penalty: Distance,
    /// The night, weather and river cap.
    pub cap: Distance,
    /// The type and grade that may shoot further over water (Gal (F)).
    pub water_range: (ElementType, Grade, Distance),
    /// PIP costs and adjustments.
    pub pips: PipTable,
    factors: Vec<[FactorCell; 3]>,
    /// The row for unladen Naval and captured Art or Naval.
    pub disabled_factors: [FactorCell; 3],
}

/// The PIP table: a cost per action and the adjustments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PipTable {
    actions: Vec<i64>,
    /// With the command's general (not yet moved): -1.
    pub with_general: i64,
    /// General lost, too far, or too far and unseen: +1.
    pub general_away: i64,
    /// Beyond this the general is too far (600p).
    pub general_far: Distance,
    /// Beyond this, and unseen, the general is too far (300p).
    pub general_unseen: Distance,
    /// Art (S)/(O) or Bg off-road, portable obstacles: +1.
    pub heavy_off_road: i64,
    /// A group's third march: +1.
    pub third_march: i64,
    /// Separating from a group or pivoting onto a flank: +2.
    pub separate: i64,
    /// Moving at night: +2.
    pub night: i64,
}

impl PipTable {
    /// The base cost of an action.
    pub fn cost(&self, action: crate::pips::PipAction) -> i64 {
        self.actions[action as usize]
    }
}

fn data_err(entry: impl Into<String>, message: impl Into<String>) -> DbrError {
    DbrError::Data {
        file: FILE.to_string(),
        entry: entry.into(),
        message: message.into(),
    }
}

/// A cell: `-` or a whole number of paces, e.g. `1800p`, that is also a
/// whole number of centimetres.
fn cell(entry: &str, text: &str) -> Result<Option<Distance>, DbrError> {
    let t = text.trim();
    if t == "-" {
        return Ok(None);
    }
    let digits = t.strip_suffix('p').ok_or_else(|| {
        data_err(
            entry,
            format!("`{t}` is neither `-` nor a distance in paces such as `200p`"),
        )
    })?;
    let n: u64 = digits
        .replace(',', "")
        .parse()
        .map_err(|_| data_err(entry, format!("`{t}` is not a whole number of paces")))?;
    let d = Distance::paces(n);
    if d.whole_in(Units::Cm).is_none() {
        return Err(data_err(
            entry,
            format!("`{t}` is not a whole number of centimetres at 12.5 paces to 1 cm"),
        ));
    }
    Ok(Some(d))
}

fn element(entry: &str, name: &str) -> Result<ElementType, DbrError> {
    ElementType::ALL
        .iter()
        .copied()
        .find(|e| e.name() == name)
        .ok_or_else(|| {
            let hint = umpire_core::text::suggest(name, ElementType::ALL.iter().map(|e| e.name()))
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            data_err(entry, format!("unknown element type `{name}`{hint}"))
        })
}

impl Tables {
    /// The built-in tables. The data is checked by this crate's tests, so
    /// a failure here is a bug in `data/tables.toml`.
    pub fn builtin() -> Result<&'static Tables, DbrError> {
        static CELL: OnceLock<Result<Tables, DbrError>> = OnceLock::new();
        CELL.get_or_init(|| Tables::from_toml(TABLES_TOML))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Load and validate tables from TOML text.
    pub fn from_toml(text: &str) -> Result<Tables, DbrError> {
        let raw: RawTables = toml::from_str(text).map_err(|e| data_err("(file)", e.to_string()))?;
        let n = ElementType::ALL.len();

        let classes = read_classes(&raw)?;

        let mut moves: Vec<Option<[Option<Distance>; 4]>> = vec![None; n];
        for (i, row) in raw.moves.iter().enumerate() {
            let entry = format!("moves[{i}]");
            let cells = [
                cell(&format!("{entry}.road"), &row.road)?,
                cell(&format!("{entry}.good"), &row.good)?,
                cell(&format!("{entry}.rough"), &row.rough)?,
                cell(&format!("{entry}.difficult"), &row.difficult)?,
            ];
            for name in &row.types {
                let e = element(&entry, name)?;
                if moves[e as usize].replace(cells).is_some() {
                    return Err(data_err(
                        &entry,
                        format!("`{name}` is in more than one move row"),
                    ));
                }
            }
        }
        for e in ElementType::ALL {
            if moves[*e as usize].is_none() && !e.is_bridge() {
                return Err(data_err("moves", format!("no move row for `{}`", e.name())));
            }
        }

        let mut ranges: Vec<Option<[Option<Distance>; 5]>> = vec![None; n];
        for (i, row) in raw.ranges.iter().enumerate() {
            let entry = format!("ranges[{i}]");
            let cells = [
                cell(&format!("{entry}.S"), &row.S)?,
                cell(&format!("{entry}.O"), &row.O)?,
                cell(&format!("{entry}.I"), &row.I)?,
                cell(&format!("{entry}.F"), &row.F)?,
                cell(&format!("{entry}.X"), &row.X)?,
            ];
            for name in &row.types {
                let e = element(&entry, name)?;
                if ranges[e as usize].replace(cells).is_some() {
                    return Err(data_err(
                        &entry,
                        format!("`{name}` is in more than one range row"),
                    ));
                }
            }
        }

        let adj = &raw.move_adjustments;
        let grade_bonus = need("move_adjustments.grade_bonus", &adj.grade_bonus)?;
        let grade_penalty = need("move_adjustments.grade_penalty", &adj.grade_penalty)?;
        let cap = need("move_adjustments.cap", &adj.cap)?;

        let w = &raw.water_range;
        let we = element("water_range.type", &w.element)?;
        let wg =
            Grade::parse(&w.grade).map_err(|e| data_err("water_range.grade", e.to_string()))?;
        let wr = need("water_range.range", &w.range)?;

        let pips = read_pips(&raw)?;

        let mut factors: Vec<Option<[FactorCell; 3]>> = vec![None; n];
        for (i, row) in raw.factors.iter().enumerate() {
            let entry = format!("factors[{i}]");
            let cells = [
                factor_cell(&format!("{entry}.cavalry"), &row.cavalry)?,
                factor_cell(&format!("{entry}.foot"), &row.foot)?,
                factor_cell(&format!("{entry}.train"), &row.train)?,
            ];
            for name in &row.types {
                let e = element(&entry, name)?;
                if factors[e as usize].replace(cells).is_some() {
                    return Err(data_err(
                        &entry,
                        format!("`{name}` is in more than one factor row"),
                    ));
                }
            }
        }
        let factors = ElementType::ALL
            .iter()
            .map(|e| {
                factors[*e as usize]
                    .ok_or_else(|| data_err("factors", format!("no factor row for `{}`", e.name())))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let d = &raw.disabled_factors;
        let disabled_factors = [
            factor_cell("disabled_factors.cavalry", &d.cavalry)?,
            factor_cell("disabled_factors.foot", &d.foot)?,
            factor_cell("disabled_factors.train", &d.train)?,
        ];

        Ok(Tables {
            factors,
            disabled_factors,
            pips,
            classes,
            moves,
            ranges,
            grade_bonus,
            grade_penalty,
            cap,
            water_range: (we, wg, wr),
        })
    }

    /// The class of a type.
    pub fn class(&self, e: ElementType) -> Class {
        self.classes[e as usize]
    }

    /// Whether the type is in the move table at all (bridges are not).
    pub fn moves(&self, e: ElementType) -> bool {
        self.moves[e as usize].is_some()
    }

    /// The move table's cell: `None` for a dash or a type not in the table.
    pub fn move_cell(&self, e: ElementType, going: Going) -> Option<Distance> {
        let col = match going {
            Going::Road => 0,
            Going::Good => 1,
            Going::Rough => 2,
            Going::Difficult => 3,
        };
        self.moves[e as usize].and_then(|row| row[col])
    }

    /// The range table's cell: `None` for a dash or a type that does not shoot.
    pub fn range_cell(&self, e: ElementType, grade: Grade) -> Option<Distance> {
        let col = match grade {
            Grade::S => 0,
            Grade::O => 1,
            Grade::I => 2,
            Grade::F => 3,
            Grade::X => 4,
        };
        self.ranges[e as usize].and_then(|row| row[col])
    }

    /// The base factor cell of `e` against an opponent of class `against`
    /// (naval opponents use the train/naval column).
    pub fn factor_cell(&self, e: ElementType, against: Class) -> FactorCell {
        self.factors[e as usize][factor_col(against)]
    }

    /// The disabled row's cell against `against`.
    pub fn disabled_factor_cell(&self, against: Class) -> FactorCell {
        self.disabled_factors[factor_col(against)]
    }

    /// Whether the type has a row in the range table.
    pub fn shoots(&self, e: ElementType) -> bool {
        self.ranges[e as usize].is_some()
    }
}

fn factor_col(c: Class) -> usize {
    match c {
        Class::Cavalry => 0,
        Class::Foot => 1,
        Class::Train | Class::Naval => 2,
    }
}

/// A distance the tables must give (not `-`).
fn need(entry: &str, text: &str) -> Result<Distance, DbrError> {
    cell(entry, text)?.ok_or_else(|| data_err(entry, "must be a distance, not `-`"))
}

/// Each element type's class (cavalry, foot, train or naval); exactly
/// Ships, Gal and Boats are naval.
fn read_classes(raw: &RawTables) -> Result<Vec<Class>, DbrError> {
    let n = ElementType::ALL.len();
    let mut classes: Vec<Option<Class>> = vec![None; n];
    for (name, class) in &raw.classes {
        let entry = format!("classes.{name}");
        let e = element(&entry, name)?;
        let c = Class::parse(class).ok_or_else(|| {
            data_err(
                &entry,
                format!("unknown class `{class}`; use cavalry, foot, train or naval"),
            )
        })?;
        classes[e as usize] = Some(c);
    }
    let classes = ElementType::ALL
        .iter()
        .map(|e| {
            classes[*e as usize]
                .ok_or_else(|| data_err("classes", format!("no class for `{}`", e.name())))
        })
        .collect::<Result<Vec<_>, _>>()?;
    for e in ElementType::ALL {
        let naval = classes[*e as usize] == Class::Naval;
        if naval != e.is_naval() {
            return Err(data_err(
                format!("classes.{}", e.name()),
                "exactly Ships, Gal and Boats are naval (the sheet's \"Naval\")",
            ));
        }
    }
    Ok(classes)
}

/// The PIP costs of each action and the PIP score's adjustments.
fn read_pips(raw: &RawTables) -> Result<PipTable, DbrError> {
    let p = &raw.pips;
    let mut actions: Vec<Option<i64>> = vec![None; crate::pips::PipAction::ALL.len()];
    for (name, cost) in &p.actions {
        let entry = format!("pips.actions.{name}");
        let a = crate::pips::PipAction::ALL
            .iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| data_err(&entry, format!("unknown action `{name}`")))?;
        if !(0..=6).contains(cost) {
            return Err(data_err(
                &entry,
                format!("a cost of {cost} PIPs is impossible on one die"),
            ));
        }
        actions[*a as usize] = Some(*cost);
    }
    let actions = crate::pips::PipAction::ALL
        .iter()
        .map(|a| {
            actions[*a as usize]
                .ok_or_else(|| data_err("pips.actions", format!("no cost for `{}`", a.name())))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let pa = &p.adjustments;
    Ok(PipTable {
        actions,
        with_general: pa.with_general,
        general_away: pa.general_away,
        general_far: need("pips.adjustments.general-far", &pa.general_far)?,
        general_unseen: need("pips.adjustments.general-unseen", &pa.general_unseen)?,
        heavy_off_road: pa.heavy_off_road,
        third_march: pa.third_march,
        separate: pa.separate,
        night: pa.night,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_tables_load() {
        assert!(Tables::builtin().is_ok());
    }

    #[test]
    fn bad_data_is_named() {
        let broken = TABLES_TOML.replace("road = \"600p\"", "road = \"610p\"");
        let err = Tables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("moves[0].road"), "{err}");
        assert!(err.contains("centimetres"), "{err}");
        let broken = TABLES_TOML.replace("types = [\"LH\"]", "types = [\"Lh2\"]");
        let err = Tables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("unknown element type `Lh2`"), "{err}");
        let broken = TABLES_TOML.replace("types = [\"Si\", \"Dr\"]", "types = [\"Si\", \"LH\"]");
        let err = Tables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("more than one move row"), "{err}");
        let broken = TABLES_TOML.replace("Dr = \"foot\"\n", "");
        let err = Tables::from_toml(&broken).unwrap_err().to_string();
        assert!(err.contains("no class for `Dr`"), "{err}");
    }
}
