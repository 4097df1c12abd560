//! Musicians and their calls (SP-MUS): which instrument sounds which call,
//! its range, who carries which instrument, and what a call costs.

use serde::Serialize;
use umpire_core::working::Step;

use crate::error::SharpError;
use crate::model::{Arm, Inches, Instrument};
use crate::rulings::{RulingId, Rulings};
use crate::tables::Tables;

/// A call as the instrument sounds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CallAnswer {
    pub instrument: Instrument,
    /// The call's name as on the sheet.
    pub call: String,
    pub meaning: String,
    pub range: Inches,
    pub steps: Vec<Step>,
}

fn key(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn what(instrument: Instrument) -> &'static str {
    match instrument {
        Instrument::Whistle => "whistle call",
        Instrument::Drum => "drum call",
        Instrument::Bugle => "bugle call",
        Instrument::Trumpet => "trumpet call",
    }
}

/// A call of an instrument: its meaning and range, or an error naming the
/// instrument's calls (SP-MUS-003).
pub fn call(
    tables: &Tables,
    instrument: Instrument,
    call_name: &str,
) -> Result<CallAnswer, SharpError> {
    let row = tables.instrument(instrument)?;
    let k = key(call_name);
    let c = row
        .calls
        .iter()
        .find(|c| key(&c.name) == k)
        .ok_or_else(|| {
            SharpError::unknown(
                what(instrument),
                call_name,
                row.calls.iter().map(|c| c.name.as_str()),
            )
        })?;
    Ok(CallAnswer {
        instrument,
        call: c.name.clone(),
        meaning: c.meaning.clone(),
        range: Inches(row.range),
        steps: vec![
            Step::new(
                row.rule.0,
                format!("{}: range {}", row.name, Inches(row.range)),
                row.range as i64,
            ),
            Step::new(c.rule.0, format!("{}: {}", c.name, c.meaning), 0),
        ],
    })
}

/// The instruments troops of an arm use (SP-MUS-004, ruling
/// `instrument-troops`): line infantry drum or whistle, light infantry
/// bugle or whistle, cavalry trumpet; artillery none.
pub fn instrument_for(arm: Arm) -> &'static [Instrument] {
    match arm {
        Arm::LineInfantry => &[Instrument::Drum, Instrument::Whistle],
        Arm::LightInfantry => &[Instrument::Bugle, Instrument::Whistle],
        Arm::Cavalry => &[Instrument::Trumpet],
        Arm::FootArtillery | Arm::HorseArtillery => &[],
    }
}

/// Whether troops of `arm` may be given calls on `instrument`.
pub fn may_use(arm: Arm, instrument: Instrument) -> Result<Step, SharpError> {
    let ok = instrument_for(arm);
    if ok.contains(&instrument) {
        Ok(
            Step::new("SP-MUS-004", format!("{arm} answer the {instrument}"), 1)
                .by(RulingId::InstrumentTroops.name()),
        )
    } else {
        Err(SharpError::Invalid(format!(
            "{arm} do not answer the {instrument}; they answer {} (SP-MUS-004, ruling {})",
            if ok.is_empty() {
                "no instrument".to_string()
            } else {
                ok.iter().map(|i| i.name()).collect::<Vec<_>>().join(" or ")
            },
            RulingId::InstrumentTroops.name()
        )))
    }
}

/// What a Big Man spends to have a call sounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CallCost {
    /// One initiative (SP-INI-004).
    Initiative,
    /// One of his action dice.
    ActionDie,
}

/// The cost of a call (SP-MUS-001, ruling `musician-cost`).
pub fn musician_cost(rulings: &Rulings) -> (CallCost, Step) {
    if rulings.is(RulingId::MusicianCost, "action") {
        (
            CallCost::ActionDie,
            Step::new(
                "SP-MUS-001",
                "a call costs one of the Big Man's action dice",
                1,
            )
            .by(RulingId::MusicianCost.name()),
        )
    } else {
        (
            CallCost::Initiative,
            Step::new("SP-MUS-001", "a call costs one initiative (SP-INI-004)", 1)
                .by(RulingId::MusicianCost.name()),
        )
    }
}

/// Whether a Group `distance` from the musician hears the call: within the
/// instrument's range, inclusive (SP-MUS-002, ruling `musician-reach`).
pub fn call_reaches(
    tables: &Tables,
    rulings: &Rulings,
    instrument: Instrument,
    distance: Inches,
) -> Result<(bool, Step), SharpError> {
    let row = tables.instrument(instrument)?;
    let _ = rulings.choice(RulingId::MusicianReach);
    let ok = distance.0 <= row.range;
    Ok((
        ok,
        Step::new(
            "SP-MUS-002",
            format!(
                "{distance} from the musician, {} range {}: {}",
                row.name,
                Inches(row.range),
                if ok { "heard" } else { "out of range" }
            ),
            i64::from(ok),
        )
        .by(RulingId::MusicianReach.name()),
    ))
}
