//! Big Men, initiative and action dice: the Big Man table (SP-BM), what
//! initiative buys (SP-INI), how many action dice a Group, Formation, Big
//! Man or Blind has, and what each action costs (SP-ACT). Figures come from
//! `data/tables.toml`; each answer carries its working.

use serde::Serialize;
use umpire_core::working::Step;

use crate::error::SharpError;
use crate::model::{Inches, Status};
use crate::rulings::{RulingId, Rulings};
use crate::tables::{Tables, UseCost};

pub use crate::vocabulary::Action;

/// A Big Man's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BigMan {
    pub status: Status,
    /// Initiative level.
    pub initiative: u32,
    /// Influence range.
    pub influence: Inches,
    pub steps: Vec<Step>,
}

/// The Big Man table (SP-BM-001 to 004; status II by ruling `status-two`).
pub fn big_man(tables: &Tables, rulings: &Rulings, status: Status) -> Result<BigMan, SharpError> {
    let row = tables.big_man_row(status)?;
    let mut step = Step::new(
        row.rule.0,
        format!(
            "status {status}: initiative level {}, influence range {}",
            row.initiative,
            Inches(row.influence)
        ),
        i64::from(row.initiative),
    );
    if let Some(r) = row.ruling {
        // Ruling `status-two` has the one reading; naming it is the point.
        let _ = rulings.choice(r.0);
        step = step.by(r.0.name());
    }
    Ok(BigMan {
        status,
        initiative: row.initiative,
        influence: Inches(row.influence),
        steps: vec![step],
    })
}

/// Initiatives when his card comes up: his level, +1 per 'Grasp the
/// Nettle' card played for him (SP-BM-005).
pub fn initiatives(
    tables: &Tables,
    rulings: &Rulings,
    status: Status,
    grasp_cards: u32,
) -> Result<(u32, Vec<Step>), SharpError> {
    let bm = big_man(tables, rulings, status)?;
    let mut steps = bm.steps;
    let extra = grasp_cards * tables.initiative.per_grasp_card;
    if grasp_cards > 0 {
        steps.push(Step::new(
            tables.initiative.rule.0,
            format!("{grasp_cards} 'Grasp the Nettle' card(s)"),
            i64::from(extra),
        ));
    }
    Ok((bm.initiative + extra, steps))
}

/// A Big Man's command range: his influence range (SP-INI-003, ruling
/// `command-range`).
pub fn command_range(
    tables: &Tables,
    rulings: &Rulings,
    status: Status,
) -> Result<(Inches, Vec<Step>), SharpError> {
    let bm = big_man(tables, rulings, status)?;
    let step = Step::new(
        "SP-INI-003",
        format!("command range = influence range {}", bm.influence),
        bm.influence.0 as i64,
    )
    .by(RulingId::CommandRange.name());
    Ok((bm.influence, vec![step]))
}

/// Spend initiative on one use: what is left (SP-INI-001, SP-INI-014).
pub fn spend_initiative(
    tables: &Tables,
    status: Status,
    available: u32,
    use_id: &str,
) -> Result<(u32, Vec<Step>), SharpError> {
    let u = tables.initiative_use(use_id)?;
    if let Some(min) = u.min_status {
        if status < min {
            return Err(SharpError::Invalid(format!(
                "{} needs a Big Man of status {min} or higher; this one is status {status} ({})",
                u.name, u.rule.0
            )));
        }
    }
    if available == 0 {
        return Err(SharpError::Invalid(format!(
            "no initiative left for {} (SP-INI-001)",
            u.name
        )));
    }
    let (cost, left) = match u.cost {
        UseCost::One => (1, available - 1),
        UseCost::All => (available, 0),
    };
    let how = match u.cost {
        UseCost::One => "one initiative",
        UseCost::All => "all his initiative this turn",
    };
    Ok((
        left,
        vec![Step::new(
            u.rule.0,
            format!("{}: {} ({how})", u.name, u.text),
            -i64::from(cost),
        )],
    ))
}

/// Action dice on activation: 2, or 3 for a Blind (SP-ACT-001, SP-ACT-016,
/// ruling `blind-dice`).
pub fn action_dice(tables: &Tables, blind: bool) -> (u32, Vec<Step>) {
    if blind {
        let n = tables.action_dice.blind;
        (
            n,
            vec![
                Step::new(
                    "SP-ACT-016",
                    format!("a Blind has {n} action dice"),
                    i64::from(n),
                )
                .by(RulingId::BlindDice.name()),
            ],
        )
    } else {
        let n = tables.action_dice.base;
        (
            n,
            vec![Step::new(
                "SP-ACT-001",
                format!("a Group, Formation or Big Man has {n} action dice"),
                i64::from(n),
            )],
        )
    }
}

/// The bonus for putting both action dice on one action (SP-ACT-002). For
/// spotting, the -1 per extra die stands in for it (ruling
/// `spot-extra-dice`), see `spotting::spot`.
pub fn doubling_bonus(tables: &Tables, dice_on_action: u32) -> (i64, Vec<Step>) {
    if dice_on_action >= 2 {
        let b = tables.action_dice.doubling_bonus;
        (
            b,
            vec![Step::new(
                "SP-ACT-002",
                "both action dice on the same action",
                b,
            )],
        )
    } else {
        (0, Vec::new())
    }
}

/// What an action costs, in action dice (SP-ACT-003 to 015). `gunners_lost`
/// matters only for reloading artillery.
pub fn action_cost(
    tables: &Tables,
    rulings: &Rulings,
    action: Action,
    gunners_lost: u32,
) -> Result<(u32, Vec<Step>), SharpError> {
    let row = tables.action_row(action)?;
    let mut cost = row.cost;
    let mut steps = Vec::new();
    let mut step = Step::new(row.rule.0, row.name.clone(), i64::from(cost));
    if let Some(r) = row.ruling {
        let option = rulings.choice(r.0);
        if let Some(c) = row.by_ruling.get(option) {
            cost = *c;
            step = Step::new(
                row.rule.0,
                format!("{} ({option})", row.name),
                i64::from(cost),
            );
        }
        step = step.by(r.0.name());
    }
    steps.push(step);
    if row.per_two_gunners_lost > 0 && gunners_lost >= 2 {
        let extra = gunners_lost / 2 * row.per_two_gunners_lost;
        cost += extra;
        steps.push(Step::new(
            row.rule.0,
            format!(
                "{gunners_lost} gunners lost: +{} per two",
                row.per_two_gunners_lost
            ),
            i64::from(extra),
        ));
    }
    Ok((cost, steps))
}
