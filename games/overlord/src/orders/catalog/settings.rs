//! SETTING and STANCE: accepted in the faction block and under a unit.

use std::fmt;

use serde::Serialize;

use crate::orders::args::Args;
use crate::orders::codes;
use crate::orders::print::opt;
use crate::orders::refs::FactionRef;
use crate::orders::spec::{Alias, Keyword, OrderSpec, Placement, Timing, Traits, Who};
use crate::orders::words::{OnOff, SettingName, Stance as StanceWord};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Setting {
    pub name: SettingName,
    /// `None`: the original engine's form without a value, which switches
    /// the setting on.
    pub value: Option<OnOff>,
}

impl Setting {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Setting> {
        let name = a.word()?;
        if a.at_end() {
            let end = a.ctx.text.trim_end().len() as u32;
            let d = a
                .ctx
                .diag(
                    &codes::LEGACY_SPELLING,
                    end,
                    end,
                    format!("SETTING {name} without ON or OFF"),
                )
                .with_help(format!(
                    "the original engine switches it on; write `SETTING {name} ON`"
                ));
            a.warn(d);
            return Some(Setting { name, value: None });
        }
        let value = Some(a.word()?);
        Some(Setting { name, value })
    }

    /// The value the setting takes.
    pub fn effective(&self) -> OnOff {
        self.value.unwrap_or(OnOff::On)
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SETTING {}", self.name)?;
        opt(f, &self.value)
    }
}

pub const SETTING: OrderSpec = OrderSpec {
    keyword: Keyword::Setting,
    name: "SETTING",
    aliases: &[Alias {
        spelling: "SETTINGS",
        legacy: false,
    }],
    syntax: "SETTING setting-name ON|OFF",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Both,
    summary: "Switches a faction setting (before the first UNIT line) or a unit setting.",
    details: "ADVERTISE: show allegiance to whoever sees the unit. ANNOUNCE: be listed to anyone \
              observing the location. CONSUME: pay upkeep from food. SILENT: leave routine \
              activity out of the report. SHARE: share food with units at the same place. \
              SUPPORT: pay upkeep from faction funds first. TERSE: short battle reports. A \
              unit's own value overrides the faction's (decision OV-FO-019). SETTINGS is \
              accepted (decision OV-FO-018). Without ON or OFF — how the original engine's \
              files write it — the setting is switched on.",
    examples: &[
        "SETTING ADVERTISE ON",
        "SETTING SHARE OFF",
        "SETTING TERSE ON",
    ],
    checklist: &[
        "OV-FO-010",
        "OV-FO-011",
        "OV-FO-012",
        "OV-FO-013",
        "OV-FO-014",
        "OV-FO-015",
        "OV-FO-016",
        "OV-FO-017",
        "OV-FO-018",
        "OV-FO-019",
        "OV-UO-083",
        "OV-UO-084",
        "OV-UO-085",
        "OV-UO-086",
        "OV-UO-087",
    ],
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stance {
    /// Your own faction id sets the default stance.
    pub toward: FactionRef,
    pub stance: StanceWord,
}

impl Stance {
    pub fn parse(a: &mut Args<'_, '_>) -> Option<Stance> {
        let toward = a.faction()?;
        let stance = a.word()?;
        Some(Stance { toward, stance })
    }
}

impl fmt::Display for Stance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "STANCE {} {}", self.toward, self.stance)
    }
}

pub const STANCE: OrderSpec = OrderSpec {
    keyword: Keyword::Stance,
    name: "STANCE",
    aliases: &[],
    syntax: "STANCE faction-id ALLY|FRIENDLY|NEUTRAL|HOSTILE|ENEMY",
    timing: Timing::Immediate,
    who: Who::Any,
    traits: Traits::ONE_SHOT,
    placement: Placement::Both,
    summary: "Sets your stance toward a faction; your own faction id sets the default stance.",
    details: "Stances are private. The rules document STANCE among unit orders, but it changes \
              the faction's state, so it is accepted in the faction block too (decision \
              OV-ORD-011).",
    examples: &[
        "STANCE f05 ALLY",
        "STANCE f11 HOSTILE",
        "STANCE f06 NEUTRAL  # as f06: everyone not listed is neutral",
    ],
    checklist: &["OV-UO-096", "OV-ORD-011"],
};
