//! Formations (SP-FORM): what makes a valid Line, Column, Square, skirmish
//! order or unformed Group, and the small rules that come with each (fire
//! arcs, shared hits and shock, ranks that fight, the square's state).

use serde::Serialize;
use umpire_core::working::Step;

use crate::error::SharpError;
use crate::model::{Arm, Formation};
use crate::rulings::{RulingId, Rulings};
use crate::tables::Tables;

/// The checklist items for (groups, figures, arms) of each formation.
fn ids(kind: Formation) -> (&'static str, &'static str, &'static str) {
    match kind {
        Formation::Line => ("SP-FORM-001", "SP-FORM-001", "SP-FORM-001"),
        Formation::Column => ("SP-FORM-007", "SP-FORM-007", "SP-FORM-007"),
        Formation::Square => ("SP-FORM-013", "SP-FORM-013", "SP-FORM-013"),
        Formation::Skirmish => ("SP-FORM-017", "SP-FORM-017", "SP-FORM-018"),
        Formation::Unformed => ("SP-FORM-020", "SP-FORM-020", "SP-FORM-021"),
    }
}

/// Whether Groups of `(men, arm)` may stand in `kind`: Ok with the rules
/// checked, or the precise reason they may not.
pub fn validate_formation(
    tables: &Tables,
    kind: Formation,
    groups: &[(u32, Arm)],
) -> Result<Vec<Step>, SharpError> {
    let rule = tables.formation_rule(kind)?;
    let (g_id, f_id, a_id) = ids(kind);
    let mut steps = Vec::new();
    if let Some(i) = groups.iter().position(|(men, _)| *men == 0) {
        return Err(SharpError::Invalid(format!(
            "Group {} has no men; a Group is at least one figure",
            i + 1
        )));
    }
    let n = groups.len() as u32;
    if n < rule.min_groups {
        return Err(SharpError::Invalid(format!(
            "a {kind} needs at least {} Groups; {n} given ({g_id})",
            rule.min_groups
        )));
    }
    if let Some(max) = rule.max_groups {
        if n > max {
            return Err(SharpError::Invalid(if max == 1 {
                format!("a {kind} is never more than one Group; {n} given ({g_id})")
            } else {
                format!("a {kind} is at most {max} Groups; {n} given ({g_id})")
            }));
        }
    }
    steps.push(Step::new(g_id, format!("{n} Group(s)"), i64::from(n)));
    let figures: u32 = groups.iter().map(|(m, _)| m).sum();
    if let Some(min) = rule.min_figures {
        if figures < min {
            return Err(SharpError::Invalid(format!(
                "a {kind} needs at least {min} figures altogether; {figures} given ({f_id})"
            )));
        }
        steps.push(Step::new(
            f_id,
            format!("{figures} figures, at least {min}"),
            i64::from(figures),
        ));
    }
    if let Some(arms) = &rule.arms {
        if let Some((_, arm)) = groups.iter().find(|(_, a)| !arms.contains(a)) {
            return Err(SharpError::Invalid(format!(
                "only {} may form {kind}; this Group is {arm} ({a_id})",
                arms.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
            )));
        }
        steps.push(Step::new(
            a_id,
            format!(
                "{} only",
                arms.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
            ),
            0,
        ));
    }
    Ok(steps)
}

/// How a single Group stands (SP-FORM-020, 021): light infantry that
/// choose skirmish order are skirmishing; every other single Group is
/// unformed. Asking skirmish of troops that are not light infantry is
/// refused (SP-FORM-018).
pub fn single_group_formation(
    arm: Arm,
    skirmish: bool,
) -> Result<(Formation, Vec<Step>), SharpError> {
    match (arm, skirmish) {
        (Arm::LightInfantry, true) => Ok((
            Formation::Skirmish,
            vec![Step::new(
                "SP-FORM-021",
                "light infantry in skirmish order",
                0,
            )],
        )),
        (_, true) => Err(SharpError::Invalid(format!(
            "only light infantry may skirmish; this Group is {arm} (SP-FORM-018)"
        ))),
        (_, false) => Ok((
            Formation::Unformed,
            vec![Step::new(
                "SP-FORM-020",
                "a Group not in a Formation is unformed",
                0,
            )],
        )),
    }
}

/// Whether a Line `ranks` deep is allowed (SP-FORM-002).
pub fn line_ranks(tables: &Tables, ranks: u32) -> Result<Step, SharpError> {
    let rule = tables.formation_rule(Formation::Line)?;
    let allowed = rule.ranks.clone().unwrap_or_default();
    if allowed.contains(&ranks) {
        Ok(Step::new(
            "SP-FORM-002",
            format!("a Line {ranks} ranks deep"),
            i64::from(ranks),
        ))
    } else {
        Err(SharpError::Invalid(format!(
            "a Line is {} ranks deep, not {ranks} (SP-FORM-002)",
            allowed
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        )))
    }
}

/// Where a formation may fire, and the pips it adds to each firing die
/// (SP-FORM-003, 008, 019, 022).
pub fn fire_arc(tables: &Tables, formation: Formation) -> Result<(String, i64), SharpError> {
    let rule = tables.formation_rule(formation)?;
    Ok((
        rule.fire_arc
            .clone()
            .unwrap_or_else(|| "as the full rules say".into()),
        rule.fire_pips,
    ))
}

/// Whether a formation is a dense target (SP-FORM-016).
pub fn dense_target(tables: &Tables, formation: Formation) -> Result<bool, SharpError> {
    Ok(tables.formation_rule(formation)?.dense_target)
}

/// A Line's hits shared equally over its targets, in the order named; the
/// remainder goes one each to the first named (SP-FORM-004, ruling
/// `line-remainder`).
pub fn share_hits(
    rulings: &Rulings,
    hits: u32,
    targets: u32,
) -> Result<(Vec<u32>, Vec<Step>), SharpError> {
    if targets == 0 {
        return Err(SharpError::Invalid(
            "a Line shares its hits over at least one target".into(),
        ));
    }
    let _ = rulings.choice(RulingId::LineRemainder);
    let share = split(hits, targets);
    let step = Step::new(
        "SP-FORM-004",
        format!("{hits} hits over {targets} targets: {share:?}"),
        i64::from(hits),
    )
    .by(RulingId::LineRemainder.name());
    Ok((share, vec![step]))
}

/// Shock on a Column spread equally over its Groups, front first; the
/// remainder goes one each to the leading Groups (SP-FORM-009, ruling
/// `column-shock-remainder`).
pub fn spread_shock(
    rulings: &Rulings,
    shock: u32,
    groups: u32,
) -> Result<(Vec<u32>, Vec<Step>), SharpError> {
    if groups == 0 {
        return Err(SharpError::Invalid(
            "a Column has at least one Group".into(),
        ));
    }
    let _ = rulings.choice(RulingId::ColumnShockRemainder);
    let share = split(shock, groups);
    let step = Step::new(
        "SP-FORM-009",
        format!("{shock} shock over {groups} Groups, front first: {share:?}"),
        i64::from(shock),
    )
    .by(RulingId::ColumnShockRemainder.name());
    Ok((share, vec![step]))
}

fn split(total: u32, parts: u32) -> Vec<u32> {
    (0..parts)
        .map(|i| total / parts + u32::from(i < total % parts))
        .collect()
}

/// The order in which a formation's Groups (front first, as given) lose
/// men to kills: a Column from the rear (SP-FORM-010); others as given.
pub fn kill_order(formation: Formation, groups: usize) -> Vec<usize> {
    if formation == Formation::Column {
        (0..groups).rev().collect()
    } else {
        (0..groups).collect()
    }
}

/// The ranks of a Column, `ranks` deep, that fight in round `round` of a
/// melee: the first four in round 1, all from round 2 (SP-FORM-011, 012).
pub fn column_fighting_ranks(
    tables: &Tables,
    round: u32,
    ranks: u32,
) -> Result<(u32, Step), SharpError> {
    let first = tables
        .formation_rule(Formation::Column)?
        .melee_first_round_ranks
        .unwrap_or(ranks);
    Ok(if round <= 1 {
        let n = ranks.min(first);
        (
            n,
            Step::new(
                "SP-FORM-011",
                format!("first round: the first {first} ranks fight"),
                i64::from(n),
            ),
        )
    } else {
        (
            ranks,
            Step::new(
                "SP-FORM-012",
                "later rounds: the rear ranks join",
                i64::from(ranks),
            ),
        )
    })
}

/// The figures of a Line that fight when contacted: every figure of the
/// contacted Groups, and the overlapping figures too if a Big Man spends an
/// initiative to have them break ranks (SP-FORM-005, 006).
pub fn line_fighters(
    contacted: &[u32],
    overlapping: u32,
    big_man_initiative: bool,
) -> (u32, Vec<Step>) {
    let in_contact: u32 = contacted.iter().sum();
    let mut steps = vec![Step::new(
        "SP-FORM-005",
        "every figure of the contacted Groups fights",
        i64::from(in_contact),
    )];
    let mut n = in_contact;
    if overlapping > 0 {
        if big_man_initiative {
            n += overlapping;
            steps.push(Step::new(
                "SP-FORM-006",
                "overlapping figures break ranks on a Big Man's initiative",
                i64::from(overlapping),
            ));
        } else {
            steps.push(Step::new(
                "SP-FORM-006",
                "overlapping figures stay in ranks (no Big Man's initiative spent)",
                0,
            ));
        }
    }
    (n, steps)
}

/// Whether a Square is defended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SquareState {
    /// Outer two ranks presenting bayonets, not firing (SP-FORM-014).
    Defended,
    /// Its front ranks fired this turn (SP-FORM-015).
    Undefended,
}

/// A Square's state from whether its front ranks fired this turn.
pub fn square_state(front_ranks_fired_this_turn: bool) -> (SquareState, Step) {
    if front_ranks_fired_this_turn {
        (
            SquareState::Undefended,
            Step::new(
                "SP-FORM-015",
                "its front ranks fired this turn: undefended",
                0,
            ),
        )
    } else {
        (
            SquareState::Defended,
            Step::new(
                "SP-FORM-014",
                "outer two ranks not firing, presenting bayonets: defended",
                1,
            ),
        )
    }
}
