//! PLAYER INITIATIVE POINT DICING: what an intended action costs
//! (DBR-PIP-001 to 034), and the PIP dice themselves (DBR-PIP-035).
//!
//! The base costs and the size of each adjustment are data
//! (`[pips]` in `data/tables.toml`); which adjustment applies to which
//! action is here, one step per adjustment, each naming its checklist item.

use serde::Serialize;
use umpire_core::Dice;

use crate::Dbr;
use crate::error::DbrError;
use crate::model::{ElementType, Grade};
use crate::rulings::RulingId;
use crate::tables::PipTable;
use crate::units::{Distance, Units};

macro_rules! actions {
    ($($variant:ident = $name:literal, $id:literal, $what:literal;)+) => {
        /// An action that costs PIPs.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
        pub enum PipAction { $(#[doc = $what] $variant),+ }

        impl PipAction {
            /// Every action, in the sheet's order.
            pub const ALL: &'static [PipAction] = &[$(PipAction::$variant),+];

            /// The name used on the command line and in the data.
            pub fn name(self) -> &'static str {
                match self { $(PipAction::$variant => $name),+ }
            }

            /// The checklist item of its base cost.
            pub fn rule(self) -> &'static str {
                match self { $(PipAction::$variant => $id),+ }
            }

            /// What it is.
            pub fn description(self) -> &'static str {
                match self { $(PipAction::$variant => $what),+ }
            }
        }
    };
}

actions! {
    MarchRoad = "march-road", "DBR-PIP-001", "the first march move this bound of an element or 1-element-wide column, entirely by road";
    Move = "move", "DBR-PIP-002", "move a single element";
    Unlimber = "unlimber", "DBR-PIP-003", "unlimber a single element";
    Limber = "limber", "DBR-PIP-004", "limber a single element";
    Mount = "mount", "DBR-PIP-005", "mount a single element";
    Dismount = "dismount", "DBR-PIP-006", "dismount a single element";
    Embark = "embark", "DBR-PIP-007", "embark a single element";
    Disembark = "disembark", "DBR-PIP-008", "disembark a single element";
    Steady = "steady", "DBR-PIP-009", "steady a single element";
    MoveGroup = "move-group", "DBR-PIP-010", "move a group";
    SteadyGroup = "steady-group", "DBR-PIP-011", "steady a group";
    Rally = "rally", "DBR-PIP-012", "rally a single routing or pursuing element";
    LaunchBridge = "launch-bridge", "DBR-PIP-013", "launch a bridge";
    CompleteBridge = "complete-bridge", "DBR-PIP-014", "complete a bridge";
    DismantleBridge = "dismantle-bridge", "DBR-PIP-015", "finish dismantling a bridge";
}

impl PipAction {
    /// Read an action name (any case), with a "did you mean".
    pub fn parse(text: &str) -> Result<PipAction, DbrError> {
        let t = text.trim();
        PipAction::ALL
            .iter()
            .copied()
            .find(|a| a.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| {
                let hint = umpire_core::text::suggest(t, PipAction::ALL.iter().map(|a| a.name()))
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                DbrError::Invalid(format!(
                    "unknown PIP action `{t}`{hint}; actions are {}",
                    PipAction::ALL
                        .iter()
                        .map(|a| a.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })
    }

    /// A move (march, element or group): what the move adjustments apply to.
    pub fn is_move(self) -> bool {
        matches!(
            self,
            PipAction::MarchRoad | PipAction::Move | PipAction::MoveGroup
        )
    }

    /// Steadying an element or a group.
    pub fn is_steady(self) -> bool {
        matches!(self, PipAction::Steady | PipAction::SteadyGroup)
    }

    /// An action by a group rather than a single element.
    pub fn is_group(self) -> bool {
        matches!(self, PipAction::MoveGroup | PipAction::SteadyGroup)
    }
}

/// The exceptions to the +2 for separating or pivoting (DBR-PIP-029 to 032).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeparateException {
    /// (b) A group moves straightforward while the rest halt.
    StraightAhead,
    /// (c) Groups move into close combat while any remainder stay halted.
    IntoCombat,
    /// (d) A single element moves into or while in difficult going.
    Difficult,
}

/// The question: what does this action cost?
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PipQuery {
    /// The action.
    pub action: Option<PipAction>,
    /// The element, or the group's elements, with grades where known.
    pub elements: Vec<(ElementType, Option<Grade>)>,
    /// The element or group includes its command's general, who has not yet
    /// moved this bound (DBR-PIP-016).
    pub with_general: bool,
    /// The command's general is lost (DBR-PIP-018).
    pub general_lost: bool,
    /// Distance to the command's general, nearest base to nearest base,
    /// detouring round enemy and terrain his element cannot cross
    /// (DBR-PIP-019 to 021).
    pub general_distance: Option<Distance>,
    /// The general cannot see the element or group (DBR-PIP-020).
    pub general_unseen: bool,
    /// The move is off-road (DBR-PIP-022 to 024).
    pub off_road: bool,
    /// Portable obstacles are moved (DBR-PIP-025).
    pub portable_obstacles: bool,
    /// How many times the group has already marched this bound (DBR-PIP-026).
    pub marches_before: u32,
    /// The move is along a road (DBR-PIP-026, 033).
    pub along_road: bool,
    /// Separating from a previous group, or pivoting from front-corner
    /// contact onto an enemy flank (DBR-PIP-027/028).
    pub separating: bool,
    /// The types of the previous group, for exception (a) (DBR-PIP-029).
    pub previous_group: Vec<ElementType>,
    /// Exceptions (b) to (d) (DBR-PIP-030 to 032).
    pub exceptions: Vec<SeparateException>,
    /// Moving at night (DBR-PIP-033).
    pub night: bool,
    /// There is moonlight (DBR-PIP-033).
    pub moonlight: bool,
}

/// One step of the working.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PipStep {
    /// The checklist item.
    pub rule: &'static str,
    /// What applied, in words.
    pub text: String,
    /// The change (the base cost for the first step).
    pub change: i64,
    /// The running total.
    pub total: i64,
    /// The ruling that decided this step, if any.
    pub ruling: Option<&'static str>,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PipAnswer {
    /// The action.
    pub action: PipAction,
    /// What it costs.
    pub cost: i64,
    /// Every step.
    pub steps: Vec<PipStep>,
}

impl PipAnswer {
    /// The working, one line per step.
    pub fn explain(&self) -> Vec<String> {
        self.steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let change = if i == 0 {
                    format!("{}", s.change)
                } else {
                    format!("{:+}", s.change)
                };
                let ruling = s
                    .ruling
                    .map(|r| format!(" [ruling {r}]"))
                    .unwrap_or_default();
                format!("{}: {}: {change} => {}{ruling}", s.rule, s.text, s.total)
            })
            .collect()
    }

    /// The rulings that decided something.
    pub fn rulings(&self) -> Vec<&'static str> {
        let mut r: Vec<_> = self.steps.iter().filter_map(|s| s.ruling).collect();
        r.dedup();
        r
    }

    /// As JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "action": self.action.name(),
            "cost": self.cost,
            "steps": self.explain(),
            "rulings": self.rulings(),
        })
    }
}

fn both(d: Distance) -> String {
    format!("{} ({})", d.show(Units::Paces), d.show(Units::Cm))
}

fn add(
    steps: &mut Vec<PipStep>,
    rule: &'static str,
    text: String,
    change: i64,
    ruling: Option<RulingId>,
) {
    let total = steps.last().map_or(0, |s| s.total) + change;
    steps.push(PipStep {
        rule,
        text,
        change,
        total,
        ruling: ruling.map(RulingId::name),
    });
}

impl Dbr<'_> {
    /// The PIP cost of an intended action (DBR-PIP-001 to 034).
    pub fn pip_cost(&self, q: &PipQuery) -> Result<PipAnswer, DbrError> {
        let action = q
            .action
            .ok_or_else(|| DbrError::Invalid("a PIP question needs an action".to_string()))?;
        if !action.is_group() && q.elements.len() > 1 && action != PipAction::MarchRoad {
            return Err(DbrError::Invalid(format!(
                "`{}` is for a single element, but {} elements were given; use `move-group` or `steady-group`",
                action.name(),
                q.elements.len()
            )));
        }
        let p = &self.tables.pips;
        let base = p.cost(action);
        let mut steps = vec![PipStep {
            rule: action.rule(),
            text: action.description().to_string(),
            change: base,
            total: base,
            ruling: None,
        }];
        let moving = action.is_move();

        // The general (DBR-PIP-016 to 021).
        general_steps(p, q, action, &mut steps);

        if moving {
            heavy_and_third_march(p, q, &mut steps);

            // Separating or pivoting (DBR-PIP-027 to 032).
            let night_waives = q.night && self.rulings.is(RulingId::PipNight, "fifth-exception");
            separating(p, q, action, night_waives, &mut steps)?;

            // Night (DBR-PIP-033).
            if q.night && !night_waives {
                if q.along_road && q.moonlight {
                    add(
                        &mut steps,
                        "DBR-PIP-033",
                        "at night, but along a road by moonlight".to_string(),
                        0,
                        Some(RulingId::PipNight),
                    );
                } else {
                    add(
                        &mut steps,
                        "DBR-PIP-033",
                        "moving at night".to_string(),
                        p.night,
                        Some(RulingId::PipNight),
                    );
                }
            }
        }

        // Stacking and the floor (DBR-PIP-034).
        let total = steps.last().map_or(0, |s| s.total);
        if total < 0 {
            if self.rulings.is(RulingId::PipStacking, "stack-floor-0") {
                add(
                    &mut steps,
                    "DBR-PIP-034",
                    "a cost is never below 0".to_string(),
                    -total,
                    Some(RulingId::PipStacking),
                );
            } else {
                add(
                    &mut steps,
                    "DBR-PIP-034",
                    "a cost below 0 stands".to_string(),
                    0,
                    Some(RulingId::PipStacking),
                );
            }
        }
        Ok(PipAnswer {
            action,
            cost: steps.last().map_or(0, |s| s.total),
            steps,
        })
    }

    /// Dice each command's PIPs for a bound: one d6 per command (ruling
    /// `pip-dice`, DBR-PIP-035). The rolls are made on `dice`, which the
    /// caller derives and logs.
    pub fn roll_pips(&self, dice: &mut Dice, commands: u32) -> Vec<u32> {
        (0..commands).map(|_| dice.roll(6)).collect()
    }
}

/// The general's part of a cost (DBR-PIP-016 to 021).
fn general_steps(p: &PipTable, q: &PipQuery, action: PipAction, steps: &mut Vec<PipStep>) {
    let moving = action.is_move();
    if q.with_general {
        if moving || action.is_steady() {
            add(
                steps,
                "DBR-PIP-016",
                "includes its command's general, who has not yet moved this bound".to_string(),
                p.with_general,
                None,
            );
        } else if action == PipAction::Rally {
            add(
                steps,
                "DBR-PIP-017",
                "rallying gets nothing for the general".to_string(),
                0,
                None,
            );
        }
    }
    if moving || action.is_steady() || action == PipAction::Rally {
        let away = if q.general_lost {
            Some((
                "DBR-PIP-018",
                "its command's general is lost".to_string(),
                None,
            ))
        } else {
            match q.general_distance {
                Some(d) if d > p.general_far => Some((
                    "DBR-PIP-019",
                    format!(
                        "its general is more than {} away",
                        p.general_far.show(Units::Paces)
                    ),
                    None,
                )),
                Some(d) if d > p.general_unseen && q.general_unseen => Some((
                    "DBR-PIP-020",
                    format!(
                        "its general is more than {} away and cannot see it",
                        both(p.general_unseen)
                    ),
                    Some(RulingId::PipGeneralSight),
                )),
                _ => None,
            }
        };
        if let Some((rule, text, ruling)) = away {
            add(steps, rule, text, p.general_away, ruling);
        }
    }
}

/// Heavy things off-road (DBR-PIP-022 to 025) and a group's third march
/// (DBR-PIP-026).
fn heavy_and_third_march(p: &PipTable, q: &PipQuery, steps: &mut Vec<PipStep>) {
    // Heavy things off-road (DBR-PIP-022 to 025): one +1 however
    // many apply (the sheet lists them in one row).
    let heavy = q.elements.iter().find(|(e, g)| {
        (*e == ElementType::Art && matches!(g.unwrap_or(Grade::O), Grade::S | Grade::O))
            || *e == ElementType::Bg
    });
    if q.off_road
        && let Some((e, g)) = heavy
    {
        let rule = match (e, g.unwrap_or(Grade::O)) {
            (ElementType::Bg, _) => "DBR-PIP-024",
            (_, Grade::S) => "DBR-PIP-022",
            _ => "DBR-PIP-023",
        };
        let shown = match e {
            ElementType::Bg => "Bg".to_string(),
            _ => format!("{e} {}", g.unwrap_or(Grade::O)),
        };
        add(
            steps,
            rule,
            format!("moving {shown} off-road"),
            p.heavy_off_road,
            None,
        );
    } else if q.portable_obstacles {
        add(
            steps,
            "DBR-PIP-025",
            "moving portable obstacles".to_string(),
            p.heavy_off_road,
            None,
        );
    }

    // A group's third march (DBR-PIP-026).
    if q.marches_before >= 2 {
        let all_lh_dr = !q.elements.is_empty()
            && q.elements
                .iter()
                .all(|(e, _)| matches!(e, ElementType::LH | ElementType::Dr));
        if q.along_road {
            add(
                steps,
                "DBR-PIP-026",
                "marching again, but along a road".to_string(),
                0,
                None,
            );
        } else if all_lh_dr {
            add(
                steps,
                "DBR-PIP-026",
                "marching again, but entirely LH or Dragoons".to_string(),
                0,
                None,
            );
        } else {
            add(
                steps,
                "DBR-PIP-026",
                format!(
                    "marching a group that has already marched {} times this bound",
                    q.marches_before
                ),
                p.third_march,
                None,
            );
        }
    }
}

/// Separating from a previous group or pivoting (DBR-PIP-027 to 032), with
/// its exceptions; an exception named where it cannot apply is refused.
fn separating(
    p: &PipTable,
    q: &PipQuery,
    action: PipAction,
    night_waives: bool,
    steps: &mut Vec<PipStep>,
) -> Result<(), DbrError> {
    if q.separating {
        let prev = &q.previous_group;
        let exception = if !prev.is_empty() && prev.iter().all(|e| *e == ElementType::LH) {
            Some((
                "DBR-PIP-029",
                "exception (a): the previous group was only LH",
                None,
            ))
        } else if !prev.is_empty()
            && prev
                .iter()
                .all(|e| matches!(e, ElementType::Sk | ElementType::Wb))
        {
            Some((
                "DBR-PIP-029",
                "exception (a): the previous group was of Sk and/or Wb",
                None,
            ))
        } else if q.exceptions.contains(&SeparateException::StraightAhead) && action.is_group() {
            Some((
                "DBR-PIP-030",
                "exception (b): a group moving straightforward while the rest halt",
                None,
            ))
        } else if q.exceptions.contains(&SeparateException::IntoCombat) {
            Some((
                "DBR-PIP-031",
                "exception (c): moving into close combat while any remainder stay halted",
                None,
            ))
        } else if q.exceptions.contains(&SeparateException::Difficult) && !action.is_group() {
            Some((
                "DBR-PIP-032",
                "exception (d): a single element moving into or in difficult going",
                None,
            ))
        } else if night_waives {
            Some((
                "DBR-PIP-033",
                "moving at night, read as a fifth exception",
                Some(RulingId::PipNight),
            ))
        } else {
            None
        };
        match exception {
            Some((rule, text, ruling)) => add(steps, rule, text.to_string(), 0, ruling),
            None => add(
                steps,
                "DBR-PIP-027",
                "separating from a previous group and/or pivoting onto an enemy flank".to_string(),
                p.separate,
                None,
            ),
        }
    }
    for x in &q.exceptions {
        let misapplied = match x {
            SeparateException::StraightAhead => !action.is_group(),
            SeparateException::Difficult => action.is_group(),
            SeparateException::IntoCombat => false,
        };
        if misapplied {
            return Err(DbrError::Invalid(format!(
                "exception {} applies only to {}",
                match x {
                    SeparateException::StraightAhead => "(b), a group moving straightforward,",
                    SeparateException::Difficult => "(d), difficult going,",
                    SeparateException::IntoCombat => "(c)",
                },
                if action.is_group() {
                    "a single element"
                } else {
                    "a group"
                }
            )));
        }
    }
    Ok(())
}
