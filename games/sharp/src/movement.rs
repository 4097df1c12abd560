//! Movement (SP-MOV): the dice a move rolls, the adjustment for arm,
//! formation and pace, shock, lasting conditions (needs water, a twisted
//! ankle), turning costs of a Formation, and whether the roll triggers a
//! movement random event (SP-RND-001).

use serde::Serialize;
use umpire_core::working::Step;

use crate::error::SharpError;
use crate::model::{Arm, Formation, Inches, Pace};
use crate::roll::Rolls;
use crate::rulings::{RulingId, Rulings};
use crate::tables::{MoveRow, Tables};

/// The question: how far does this Group or Formation move?
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveQuery {
    pub arm: Arm,
    /// Unformed or skirmish for a single Group; line, column or square for
    /// a Formation.
    pub formation: Formation,
    pub pace: Pace,
    /// Move actions spent, 1D6 each (SP-MOV-001).
    pub dice: u32,
    /// Shock points on each Group (one entry for a single Group).
    pub shock: Vec<u32>,
    /// Lasting conditions on the Group or its Big Man, by id
    /// (`needs-water`, `twisted-ankle`, …).
    pub conditions: Vec<String>,
    /// A Formation's men turning 90 degrees, times (SP-MOV-013).
    pub quarter_turns: u32,
    /// A Formation's men turning about, times (SP-MOV-014).
    pub about_turns: u32,
    /// Changing into this formation during the move (SP-MOV-012, 015).
    pub changing_to: Option<Formation>,
    /// Foot artillery: the player declares it is in danger (SP-MOV-010).
    pub in_danger: bool,
    /// Foot artillery: it trotted in either of the two previous turns.
    pub trotted_recently: bool,
}

impl MoveQuery {
    /// One move die for a single Group with no shock.
    pub fn new(arm: Arm, formation: Formation, pace: Pace) -> MoveQuery {
        MoveQuery {
            arm,
            formation,
            pace,
            dice: 1,
            shock: vec![0],
            conditions: Vec::new(),
            quarter_turns: 0,
            about_turns: 0,
            changing_to: None,
            in_danger: false,
            trotted_recently: false,
        }
    }
}

/// Whether a formation is a Formation of several Groups (line, column,
/// square) rather than a single Group.
pub fn is_formation(f: Formation) -> bool {
    matches!(f, Formation::Line | Formation::Column | Formation::Square)
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveAnswer {
    /// The natural faces rolled, move dice then extra dice.
    pub dice: Vec<u32>,
    /// What each die counts for after its pips (never below 0).
    pub counted: Vec<i64>,
    /// The distance moved.
    pub distance: Inches,
    /// Natural 1s and 6s rolled.
    pub ones: u32,
    pub sixes: u32,
    /// More 1s than 6s: a movement random event (SP-RND-001, 002).
    pub random_event: bool,
    pub steps: Vec<Step>,
}

fn find_row(tables: &Tables, arm: Arm, formation: Formation, pace: Pace) -> Option<&MoveRow> {
    tables.movement.iter().find(|r| {
        r.arms.contains(&arm) && r.pace == pace && r.formation.is_none_or(|f| f == formation)
    })
}

/// How far a move goes, with the dice it rolls.
pub fn movement(
    tables: &Tables,
    rulings: &Rulings,
    q: &MoveQuery,
    rolls: &mut Rolls,
) -> Result<MoveAnswer, SharpError> {
    let mut steps = Vec::new();
    if q.dice == 0 {
        return Err(SharpError::Invalid(
            "a move spends at least one move action (1D6) (SP-MOV-001)".into(),
        ));
    }
    if q.shock.is_empty() {
        return Err(SharpError::Invalid(
            "give the shock points of each Group that moves (0 if none)".into(),
        ));
    }
    let formed = is_formation(q.formation);
    if !formed && q.shock.len() > 1 {
        return Err(SharpError::Invalid(format!(
            "a single Group ({}) has one shock figure, not {}",
            q.formation,
            q.shock.len()
        )));
    }

    // Mounted and artillery: the "normal" pace is the walk.
    let mut pace = q.pace;
    if !q.arm.is_infantry() && pace == Pace::Normal {
        pace = Pace::Walk;
    }
    let row = find_row(tables, q.arm, q.formation, pace).ok_or_else(|| {
        let paces: Vec<&str> = Pace::ALL
            .iter()
            .filter(|p| find_row(tables, q.arm, q.formation, **p).is_some())
            .map(|p| p.name())
            .collect();
        SharpError::Invalid(if paces.is_empty() {
            format!(
                "the sheet gives no movement rate for {} in {} (SP-MOV)",
                q.arm, q.formation
            )
        } else {
            format!(
                "{} in {} cannot move at `{}`; it may move at {}",
                q.arm,
                q.formation,
                q.pace,
                paces.join(", ")
            )
        })
    })?;

    // Foot artillery at the trot.
    if q.arm == Arm::FootArtillery && pace == Pace::Trot && (!q.in_danger || q.trotted_recently) {
        return Err(SharpError::Invalid(format!(
            "foot artillery may trot only when in danger, and not if it trotted in either of the two previous turns (SP-MOV-010, ruling {})",
            RulingId::ArtilleryTrot.name()
        )));
    }

    let rule = match (q.arm, pace) {
        (Arm::FootArtillery, Pace::Walk) => "SP-MOV-009",
        (Arm::HorseArtillery, _) => "SP-MOV-011",
        _ => row.rule.0,
    };
    steps.push(Step::new(
        "SP-MOV-001",
        format!("{} move action(s): {}D6", q.dice, q.dice),
        i64::from(q.dice),
    ));
    let mut row_step = Step::new(rule, row.text.clone(), row.pips);
    if let Some(r) = row.ruling {
        row_step = row_step.by(r.0.name());
    }
    steps.push(row_step);
    let mut pips = row.pips;
    let mut extra = row.extra_dice;
    if extra > 0 {
        steps.push(Step::new(
            rule,
            format!("{extra} extra die"),
            i64::from(extra),
        ));
    }
    let extra_pips = if pace == Pace::Gallop && rulings.is(RulingId::GallopExtraDie, "extra-plain")
    {
        steps.push(
            Step::new("SP-MOV-008", "the extra gallop die is rolled plain", 0)
                .by(RulingId::GallopExtraDie.name()),
        );
        0
    } else {
        if pace == Pace::Gallop {
            steps.push(
                Step::new(
                    "SP-MOV-008",
                    "the extra gallop die gets +3 as well",
                    row.pips,
                )
                .by(RulingId::GallopExtraDie.name()),
            );
        }
        row.pips
    };
    let mut extra_pips = extra_pips;

    // Changing formation.
    if let Some(to) = q.changing_to {
        change_formation(tables, q, to, pace, &mut pips, &mut extra_pips, &mut steps);
    }

    // Shock: the slowest Group sets the rate.
    let base = shock_dice(rulings, q, &mut extra, &mut steps);

    // Lasting conditions.
    let cond_pips = condition_pips(tables, q, &mut steps)?;

    // Roll.
    let faces = rolls.dice(base + extra, 6, "movement")?;
    let mut counted = Vec::with_capacity(faces.len());
    for (i, f) in faces.iter().enumerate() {
        let p = if (i as u32) < base { pips } else { extra_pips };
        counted.push((i64::from(*f) + p + cond_pips).max(0));
    }
    let rolled: i64 = counted.iter().sum();
    steps.push(rolled_step(&faces, &counted, rolled));

    // Turning.
    let turning = turning(tables, q, formed, &mut steps);
    let distance = (rolled as f64 - turning).max(0.0);

    let ones = faces.iter().filter(|f| **f == 1).count() as u32;
    let sixes = faces.iter().filter(|f| **f == 6).count() as u32;
    let random_event = ones > sixes;
    steps.push(
        Step::new(
            "SP-RND-001",
            format!(
                "{ones} one(s), {sixes} six(es): {}",
                if random_event {
                    "a movement random event (SP-RND-002)"
                } else {
                    "no random event"
                }
            ),
            i64::from(random_event),
        )
        .by(RulingId::EventUnit.name()),
    );
    Ok(MoveAnswer {
        dice: faces,
        counted,
        distance: Inches(distance),
        ones,
        sixes,
        random_event,
        steps,
    })
}

/// What the lasting conditions (from the events tables) add to each
/// movement die.
fn condition_pips(
    tables: &Tables,
    q: &MoveQuery,
    steps: &mut Vec<Step>,
) -> Result<i64, SharpError> {
    let mut cond_pips = 0;
    for c in &q.conditions {
        let entry = tables
            .events
            .firing
            .iter()
            .chain(&tables.events.movement)
            .find(|e| e.condition.as_deref() == Some(c.trim()))
            .ok_or_else(|| {
                let known: Vec<&str> = tables.conditions().map(|(id, _)| id).collect();
                SharpError::unknown("condition", c, known.into_iter())
            })?;
        if entry.move_pips != 0 {
            cond_pips += entry.move_pips;
            steps.push(Step::new(
                entry.rule.0,
                format!("{c}: {:+} per movement die", entry.move_pips),
                entry.move_pips,
            ));
        }
    }
    Ok(cond_pips)
}

/// The inches turning costs: a Formation's quarter and about turns, or a
/// Group's free change of facing.
fn turning(tables: &Tables, q: &MoveQuery, formed: bool, steps: &mut Vec<Step>) -> f64 {
    let mut turning = 0.0;
    if q.quarter_turns + q.about_turns > 0 {
        if formed {
            turning = f64::from(q.quarter_turns) * tables.turning.formation_quarter
                + f64::from(q.about_turns) * tables.turning.formation_about;
            if q.quarter_turns > 0 {
                steps.push(Step::new(
                    "SP-MOV-013",
                    format!("{} quarter turn(s) of a Formation", q.quarter_turns),
                    -(f64::from(q.quarter_turns) * tables.turning.formation_quarter) as i64,
                ));
            }
            if q.about_turns > 0 {
                steps.push(Step::new(
                    "SP-MOV-014",
                    format!("{} about turn(s) of a Formation", q.about_turns),
                    -(f64::from(q.about_turns) * tables.turning.formation_about) as i64,
                ));
            }
        } else {
            turning = tables.turning.group;
            steps.push(Step::new(
                "SP-MOV-012",
                "a Group changes facing at no cost",
                -(tables.turning.group as i64),
            ));
        }
    }
    turning
}

/// Changing formation on the move: a Group at no cost; a Formation at the
/// slower of the two rates.
fn change_formation(
    tables: &Tables,
    q: &MoveQuery,
    to: Formation,
    pace: Pace,
    pips: &mut i64,
    extra_pips: &mut i64,
    steps: &mut Vec<Step>,
) {
    let formed = is_formation(q.formation);
    if !formed {
        steps.push(Step::new(
            "SP-MOV-012",
            format!("a Group changes to {to} at no cost"),
            0,
        ));
    } else if let Some(r2) = find_row(tables, q.arm, to, pace) {
        if r2.pips < *pips {
            steps.push(Step::new(
                "SP-MOV-015",
                format!(
                    "changing from {} to {to}: the slowest man's rate, {:+} per die",
                    q.formation, r2.pips
                ),
                r2.pips - *pips,
            ));
            *extra_pips -= *pips - r2.pips;
            *pips = r2.pips;
        } else {
            steps.push(Step::new(
                "SP-MOV-015",
                format!(
                    "changing from {} to {to}: the slower rate is the present one",
                    q.formation
                ),
                0,
            ));
        }
    } else {
        steps.push(Step::new(
            "SP-MOV-015",
            format!(
                "changing from {} to {to}: the present rate (the sheet gives {to} none)",
                q.formation
            ),
            0,
        ));
    }
}

/// Shock slows a move (the slowest Group sets the rate): the base dice
/// left, with the extra dice going first.
fn shock_dice(rulings: &Rulings, q: &MoveQuery, extra: &mut u32, steps: &mut Vec<Step>) -> u32 {
    let worst = q.shock.iter().copied().max().unwrap_or(0);
    if is_formation(q.formation) {
        steps.push(Step::new(
            "SP-MOV-016",
            format!("the Formation dices once; its slowest Group has {worst} shock point(s)"),
            i64::from(worst),
        ));
    }
    let total = q.dice + *extra;
    let mut base = q.dice;
    if rulings.is(RulingId::ShockMovement, "minus-die-per-two") {
        let cut = worst / 2;
        if cut > 0 {
            let kept = total.saturating_sub(cut).max(1);
            let lost = total - kept;
            // Extra dice go first.
            let from_extra = lost.min(*extra);
            *extra -= from_extra;
            base -= lost - from_extra;
            steps.push(
                Step::new(
                    "SP-MOV-016",
                    format!("{worst} shock point(s): one die fewer per two, never below one"),
                    -i64::from(lost),
                )
                .by(RulingId::ShockMovement.name()),
            );
        }
    } else if worst > 0 {
        steps.push(
            Step::new("SP-MOV-016", "shock does not slow movement", 0)
                .by(RulingId::ShockMovement.name()),
        );
    }
    base
}

/// The roll, die by die, and what each counts for.
fn rolled_step(faces: &[u32], counted: &[i64], rolled: i64) -> Step {
    Step::new(
        "SP-MOV-001",
        format!(
            "rolled {} -> {}",
            faces
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            counted
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join(" + ")
        ),
        rolled,
    )
}
