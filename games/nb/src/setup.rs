//! A game from a scenario file (TOML): the sides with nation and year, the
//! generals with quality and command range, the formations and who
//! commands them, and the rulings switched.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::NbError;
use crate::ids::{FormationId, GeneralId};
use crate::log::Event;
use crate::model::{Level, OrderKind, Phase, Quality};
use crate::state::{Formation, Game, General, Order, Side};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    name: String,
    seed: u64,
    side: Vec<SideEntry>,
    general: Vec<GeneralEntry>,
    formation: Vec<FormationEntry>,
    #[serde(default)]
    unit: Vec<UnitEntry>,
    #[serde(default)]
    rulings: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitEntry {
    name: String,
    formation: String,
    arm: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideEntry {
    name: String,
    nation: String,
    year: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeneralEntry {
    name: String,
    side: String,
    level: String,
    quality: String,
    command_range: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormationEntry {
    name: String,
    side: String,
    level: String,
    general: String,
    parent: Option<String>,
}

/// Read a scenario. Formations start on Defend of their present position
/// until given starting orders or put in reserve.
pub fn game_from_toml(file: &str, text: &str) -> Result<Game, NbError> {
    let s: Scenario = toml::from_str(text).map_err(|e| NbError::Data {
        file: file.to_string(),
        entry: "(file)".into(),
        message: e.to_string(),
    })?;
    let reading = Reading { file, scenario: &s };
    if s.side.len() != 2 {
        return Err(reading.bad("side", "a game has two sides".into()));
    }
    let mut generals = reading.generals()?;
    reading.one_army_commander_each(&generals)?;
    let formations = reading.formations(&mut generals)?;
    let units = reading.units(&formations)?;
    let mut game = Game {
        name: s.name,
        seed: s.seed,
        turn: 1,
        phase: Phase::Arrival,
        sides: s
            .side
            .iter()
            .map(|x| Side {
                name: x.name.clone(),
                nation: x.nation.clone(),
                year: x.year,
            })
            .collect(),
        generals,
        formations,
        units,
        messengers: Vec::new(),
        written: Vec::new(),
        next_order: 1,
        log: Vec::new(),
        done: Vec::new(),
        rulings: s.rulings.into_iter().collect(),
        rolls: umpire_core::session::RollCounts::default(),
    };
    game.rulings().map_err(|e| NbError::Data {
        file: file.to_string(),
        entry: "rulings".into(),
        message: e.to_string(),
    })?;
    let opening = Event::Opening {
        game: game.name.clone(),
    };
    game.record(None, opening);
    Ok(game)
}

/// A scenario being read, for its entries' errors.
struct Reading<'a> {
    file: &'a str,
    scenario: &'a Scenario,
}

impl Reading<'_> {
    fn bad(&self, entry: &str, message: String) -> NbError {
        NbError::Data {
            file: self.file.to_string(),
            entry: entry.to_string(),
            message,
        }
    }

    /// A side, as the scenario names it.
    fn side_of(&self, name: &str, entry: &str) -> Result<String, NbError> {
        self.scenario
            .side
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(name))
            .map(|x| x.name.clone())
            .ok_or_else(|| self.bad(entry, format!("`{name}` is not a side")))
    }

    /// The generals, each with his level, quality and command range.
    fn generals(&self) -> Result<Vec<General>, NbError> {
        let mut generals = Vec::new();
        for g in &self.scenario.general {
            let entry = format!("general.{}", g.name);
            let level = Level::parse(&g.level).ok_or_else(|| {
                self.bad(
                    &entry,
                    format!("`{}` is not army, wing, corps or division", g.level),
                )
            })?;
            let quality = Quality::parse(&g.quality).ok_or_else(|| {
                self.bad(
                    &entry,
                    format!("`{}` is not a quality (E, G, A, P)", g.quality),
                )
            })?;
            if g.command_range.is_nan() || g.command_range <= 0.0 {
                return Err(self.bad(
                    &entry,
                    "a command range is a positive number of inches".into(),
                ));
            }
            generals.push(General {
                name: g.name.clone(),
                side: self.side_of(&g.side, &entry)?,
                level,
                quality,
                command_range: g.command_range,
                formation: None,
                attached_to_unit: false,
                attached_unit: None,
                attached_to_general: None,
                in_superior_range: true,
                fallen: false,
            });
        }
        Ok(generals)
    }

    /// Each side has exactly one Overall Army Commander.
    fn one_army_commander_each(&self, generals: &[General]) -> Result<(), NbError> {
        for side in &self.scenario.side {
            if generals
                .iter()
                .filter(|g| g.side == side.name && g.level == Level::Army)
                .count()
                != 1
            {
                return Err(self.bad(
                    "general",
                    format!(
                        "{} needs exactly one Overall Army Commander (level = \"army\")",
                        side.name
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The formations and who commands them; each general learns his.
    fn formations(&self, generals: &mut [General]) -> Result<Vec<Formation>, NbError> {
        let mut formations: Vec<Formation> = Vec::new();
        for f in &self.scenario.formation {
            let entry = format!("formation.{}", f.name);
            let level = Level::parse(&f.level)
                .filter(|l| *l != Level::Army)
                .ok_or_else(|| {
                    self.bad(
                        &entry,
                        format!("`{}` is not wing, corps or division", f.level),
                    )
                })?;
            let Some(g) = generals
                .iter_mut()
                .find(|g| g.name.eq_ignore_ascii_case(&f.general))
            else {
                return Err(self.bad(&entry, format!("no general called `{}`", f.general)));
            };
            if g.formation.is_some() {
                return Err(self.bad(&entry, format!("{} already commands a formation", g.name)));
            }
            g.formation = Some(FormationId::new(&f.name));
            formations.push(Formation {
                name: f.name.clone(),
                side: self.side_of(&f.side, &entry)?,
                level,
                general: GeneralId::new(&g.name),
                parent: f.parent.as_deref().map(FormationId::from),
                order: Order {
                    kind: OrderKind::Defend,
                    objective: "its present position".into(),
                    since: 1,
                    direct: false,
                    written: 0,
                },
                pending: Vec::new(),
                engaged: false,
                reserve: None,
                left_reserve: false,
                on_table: true,
            });
        }
        for f in &formations {
            if let Some(p) = &f.parent {
                if !formations.iter().any(|x| p == &x.name) {
                    return Err(self.bad(
                        &format!("formation.{}", f.name),
                        format!("no formation called `{p}` above it"),
                    ));
                }
            }
        }
        Ok(formations)
    }

    /// The combat units, each in a formation.
    fn units(&self, formations: &[Formation]) -> Result<Vec<crate::state::Unit>, NbError> {
        let mut units = Vec::new();
        for u in &self.scenario.unit {
            let entry = format!("unit.{}", u.name);
            let Some(f) = formations
                .iter()
                .find(|f| f.name.eq_ignore_ascii_case(&u.formation))
            else {
                return Err(self.bad(&entry, format!("no formation called `{}`", u.formation)));
            };
            let arm = u.arm.to_ascii_lowercase();
            if !matches!(arm.as_str(), "infantry" | "cavalry" | "artillery") {
                return Err(self.bad(
                    &entry,
                    format!("`{}` is not infantry, cavalry or artillery", u.arm),
                ));
            }
            units.push(crate::state::Unit {
                name: u.name.clone(),
                side: f.side.clone(),
                formation: f.id(),
                arm,
            });
        }
        Ok(units)
    }
}

/// The built-in scenario, `ligny`: the demo battle, played when no
/// scenario is given.
pub const LIGNY: &str = include_str!("../scenarios/ligny.toml");
