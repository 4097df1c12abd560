//! Spotting (SP-SPOT): the number needed on 2D6 by obscurity and range,
//! every modifier, the roll, the exact odds, and automatic spotting of
//! Blinds and hidden troops.

use serde::Serialize;
use umpire_core::working::Step;

use crate::error::SharpError;
use crate::model::{Inches, Obscurity};
use crate::roll::Rolls;
use crate::rulings::{RulingId, Rulings};
use crate::tables::{AutoSubject, AutoWhen, Tables};

pub use crate::vocabulary::SpotModifier;

/// The question: can this spotter see that target?
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpotQuery {
    pub obscurity: Obscurity,
    pub range: Inches,
    /// Under fire in the previous turn or an earlier action this turn.
    pub spotter_under_fire: bool,
    /// The target made no move in the previous turn nor in an earlier
    /// action this turn.
    pub target_stationary: bool,
    /// The target is obscured by smoke.
    pub smoke: bool,
    /// Injuns or other wallahs adapted to sneaking about.
    pub target_sneaky: bool,
    pub spotter_elevated: bool,
    /// Movement dice the target rolled in the previous turn and earlier
    /// actions this turn (ruling `spot-moved-window`).
    pub target_moved_dice: u32,
    /// Action dice put into the attempt beyond the first.
    pub extra_dice: u32,
    pub spotter_big_man: bool,
    pub target_mounted: bool,
    pub spotter_injun: bool,
    /// The target is in a column, line or square.
    pub target_in_formation: bool,
}

impl SpotQuery {
    /// No modifiers.
    pub fn new(obscurity: Obscurity, range: Inches) -> SpotQuery {
        SpotQuery {
            obscurity,
            range,
            spotter_under_fire: false,
            target_stationary: false,
            smoke: false,
            target_sneaky: false,
            spotter_elevated: false,
            target_moved_dice: 0,
            extra_dice: 0,
            spotter_big_man: false,
            target_mounted: false,
            spotter_injun: false,
            target_in_formation: false,
        }
    }

    /// How many times each modifier applies.
    fn count(&self, m: SpotModifier) -> u32 {
        use SpotModifier as M;
        match m {
            M::SpotterUnderFire => u32::from(self.spotter_under_fire),
            M::TargetStationary => u32::from(self.target_stationary),
            M::Smoke => u32::from(self.smoke),
            M::TargetSneaky => u32::from(self.target_sneaky),
            M::SpotterElevated => u32::from(self.spotter_elevated),
            M::TargetMoved => self.target_moved_dice,
            M::ExtraDice => self.extra_dice,
            M::SpotterBigMan => u32::from(self.spotter_big_man),
            M::TargetMounted => u32::from(self.target_mounted),
            M::SpotterInjun => u32::from(self.spotter_injun),
            M::TargetInFormation => u32::from(self.target_in_formation),
        }
    }
}

/// What a spot needs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpotNeed {
    /// The band's index (0 = nearest).
    pub band: usize,
    /// The table's figure, `None` = automatic.
    pub base: Option<i64>,
    /// After modifiers, `None` = automatic.
    pub needed: Option<i64>,
    pub steps: Vec<Step>,
}

/// The number needed on 2D6 (SP-SPOT-001 to 028).
pub fn spot_needed(
    tables: &Tables,
    rulings: &Rulings,
    q: &SpotQuery,
) -> Result<SpotNeed, SharpError> {
    if !q.range.0.is_finite() || q.range.0 < 0.0 {
        return Err(SharpError::Invalid(format!("{} is not a range", q.range)));
    }
    if q.target_stationary && q.target_moved_dice > 0 {
        return Err(SharpError::Invalid(format!(
            "the target cannot be stationary and have moved {} dice (SP-SPOT-017, SP-SPOT-021)",
            q.target_moved_dice
        )));
    }
    if q.extra_dice > tables.action_dice.blind - 1 {
        return Err(SharpError::Invalid(format!(
            "{} extra dice: no one has more than {} action dice (SP-ACT-001, SP-ACT-016)",
            q.extra_dice, tables.action_dice.blind
        )));
    }
    let upper = rulings.is(RulingId::SpotBandEdges, "upper-inclusive");
    let band = tables
        .spotting
        .bands
        .iter()
        .position(|b| b.contains(q.range, upper))
        .ok_or_else(|| SharpError::Invalid(format!("{} is in no spotting band", q.range)))?;
    let row = tables.spot_row(q.obscurity)?;
    let base = row.cells[band];
    let label = tables.spotting.bands[band].label();
    let mut steps = Vec::new();
    let edge = tables
        .spotting
        .bands
        .iter()
        .any(|b| b.to == Some(q.range.0));
    let mut band_step = Step::new(
        "SP-SPOT-002",
        format!("{} is in the band {label}", q.range),
        band as i64,
    );
    if edge {
        band_step = band_step.by(RulingId::SpotBandEdges.name());
    }
    steps.push(band_step);
    let cell_rule = row.rules[band].0;
    let Some(base) = base else {
        steps.push(Step::new(
            cell_rule,
            format!("{} at {label}: spotted automatically", q.obscurity),
            0,
        ));
        let any = SpotModifier::ALL.iter().any(|m| q.count(*m) > 0);
        steps.push(
            Step::new(
                "SP-SPOT-028",
                if any {
                    "automatic stays automatic: modifiers do not apply"
                } else {
                    "automatic: no roll"
                },
                0,
            )
            .by(RulingId::SpotAutomatic.name()),
        );
        return Ok(SpotNeed {
            band,
            base: None,
            needed: None,
            steps,
        });
    };
    steps.push(Step::new(
        cell_rule,
        format!("{} at {label}: needs {base}", q.obscurity),
        base,
    ));
    let mut needed = base;
    for m in SpotModifier::ALL {
        let n = q.count(*m);
        if n == 0 {
            continue;
        }
        let row = tables.spot_modifier(*m)?;
        let change = row.value * i64::from(n);
        needed += change;
        let text = if m.per_die() {
            format!("{} ({n})", row.text)
        } else {
            row.text.clone()
        };
        let mut step = Step::new(row.rule.0, text, change);
        if let Some(r) = row.ruling {
            step = step.by(r.0.name());
        }
        steps.push(step);
    }
    if needed != base {
        steps.push(Step::new(
            "SP-SPOT-027",
            format!("all modifiers together: needs {needed}"),
            needed,
        ));
    }
    if needed > 12 {
        steps.push(Step::new(
            "SP-SPOT-014",
            format!("{needed} cannot be rolled on 2D6"),
            needed,
        ));
    }
    Ok(SpotNeed {
        band,
        base: Some(base),
        needed: Some(needed),
        steps,
    })
}

/// The chance that 2D6 make `needed` or more, exactly over the 36 outcomes.
pub fn at_least_2d6(needed: i64) -> f64 {
    let mut hits = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + b >= needed {
                hits += 1;
            }
        }
    }
    f64::from(hits) / 36.0
}

/// The chance that the spot succeeds (1 for an automatic spot).
pub fn spot_odds(tables: &Tables, rulings: &Rulings, q: &SpotQuery) -> Result<f64, SharpError> {
    Ok(match spot_needed(tables, rulings, q)?.needed {
        None => 1.0,
        Some(n) => at_least_2d6(n),
    })
}

/// The answer to a spotting attempt.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpotAnswer {
    /// `None` = automatic.
    pub needed: Option<i64>,
    /// The two dice, when rolled.
    pub dice: Option<[u32; 2]>,
    pub total: Option<u32>,
    pub success: bool,
    /// The chance it had.
    pub odds: f64,
    pub steps: Vec<Step>,
}

/// Try to spot (SP-SPOT-001): roll 2D6 unless automatic.
pub fn spot(
    tables: &Tables,
    rulings: &Rulings,
    q: &SpotQuery,
    rolls: &mut Rolls,
) -> Result<SpotAnswer, SharpError> {
    let need = spot_needed(tables, rulings, q)?;
    let mut steps = need.steps;
    let Some(n) = need.needed else {
        return Ok(SpotAnswer {
            needed: None,
            dice: None,
            total: None,
            success: true,
            odds: 1.0,
            steps,
        });
    };
    let a = rolls.die(6, "spotting")?;
    let b = rolls.die(6, "spotting")?;
    let total = a + b;
    let success = i64::from(total) >= n;
    steps.push(Step::new(
        "SP-SPOT-001",
        format!(
            "rolled {a} + {b} = {total} against {n}: {}",
            if success { "spotted" } else { "not spotted" }
        ),
        i64::from(total),
    ));
    Ok(SpotAnswer {
        needed: Some(n),
        dice: Some([a, b]),
        total: Some(total),
        success,
        odds: at_least_2d6(n),
        steps,
    })
}

/// The question for automatic spotting (SP-SPOT-029 to 031).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AutoQuery {
    /// A Blind, or troops on the table hidden in terrain.
    pub subject: AutoSubject,
    pub obscurity: Obscurity,
    /// To the nearest opponent.
    pub nearest_enemy: Inches,
    /// It moved to where it stands this turn.
    pub moved: bool,
}

/// What automatic spotting does.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AutoSpot {
    /// `None`: nothing happens automatically.
    pub when: Option<AutoWhen>,
    pub result: String,
    pub steps: Vec<Step>,
}

/// Automatic spotting of Blinds and hidden troops; "within" includes the
/// distance itself.
pub fn automatic_spots(tables: &Tables, q: &AutoQuery) -> Result<AutoSpot, SharpError> {
    if !q.nearest_enemy.0.is_finite() || q.nearest_enemy.0 < 0.0 {
        return Err(SharpError::Invalid(format!(
            "{} is not a distance",
            q.nearest_enemy
        )));
    }
    for a in &tables.spotting.automatic {
        if a.subject == q.subject
            && a.obscurity.contains(&q.obscurity)
            && q.nearest_enemy.0 <= a.within
            && (!a.must_move || q.moved)
        {
            return Ok(AutoSpot {
                when: Some(a.when),
                result: a.result.clone(),
                steps: vec![Step::new(
                    a.rule.0,
                    format!(
                        "{} within {} of an opponent{}: {}",
                        q.obscurity,
                        Inches(a.within),
                        if a.must_move { ", having moved" } else { "" },
                        a.result
                    ),
                    1,
                )],
            });
        }
    }
    Ok(AutoSpot {
        when: None,
        result: "not spotted automatically".into(),
        steps: vec![Step::new(
            match q.subject {
                AutoSubject::Blind => "SP-SPOT-029",
                AutoSubject::Hidden => "SP-SPOT-031",
            },
            format!(
                "{} at {} from the nearest opponent{}: no automatic spot",
                q.obscurity,
                q.nearest_enemy,
                if q.moved { ", having moved" } else { "" }
            ),
            0,
        )],
    })
}
