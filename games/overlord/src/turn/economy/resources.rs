//! The land's resources for next month (OV-WLD-037..039).
//!
//! What was not harvested is lost (OV-WLD-039): next month's amount is
//! worked out afresh from the resource's base. Decisions (OV-WLD-038):
//! - `Resource::full` is the amount the month started with; the base is
//!   `full` without this season's change.
//! - Living resources (items flagged `live`: fish, horses, cattle,
//!   grain…) change with the seasons: [`LIVE_SEASON_PERCENT`] of the base
//!   (winter 70%, summer 110%); stone, ores and the like do not.
//! - Depletion: a resource harvested to nothing loses
//!   [`DEPLETION_PERCENT`] of its base (at least 1; at least 1 stays).
//!   Regrowth: one not touched at all regains [`REGROWTH_PERCENT`] (at
//!   least 1), up to the amount its terrain lists in `terrains.toml`.
//! - A `nonregenerating` resource never comes back: next month has what
//!   is left.

use super::super::calendar;
use super::super::state::Turn;

/// Base percentage of a living resource available in each season.
pub const LIVE_SEASON_PERCENT: [(&str, u64); 4] = [
    ("spring", 100),
    ("summer", 110),
    ("autumn", 100),
    ("winter", 70),
];
pub const DEPLETION_PERCENT: u64 = 5;
pub const REGROWTH_PERCENT: u64 = 5;

fn season_percent(turn: u32) -> u64 {
    let tag = calendar::season_tag(turn);
    LIVE_SEASON_PERCENT
        .iter()
        .find(|(s, _)| *s == tag)
        .map_or(100, |x| x.1)
}

pub fn next_month(t: &mut Turn<'_>) {
    let (now, next) = (season_percent(t.log.turn), season_percent(t.log.turn + 1));
    let rules = t.rules;
    for loc in t.world.locations.values_mut() {
        let terrain = rules.terrains.get(loc.terrain);
        for r in &mut loc.resources {
            let Some(item) = rules.items.get(r.item) else {
                continue;
            };
            if item.flags.nonregenerating {
                r.full = r.amount;
                continue;
            }
            let (pct_now, pct_next) = if item.flags.live {
                (now, next)
            } else {
                (100, 100)
            };
            let mut base = r.full * 100 / pct_now.max(1);
            if r.amount == 0 && r.full > 0 {
                base = base
                    .saturating_sub((base * DEPLETION_PERCENT / 100).max(1))
                    .max(1);
            } else if r.amount >= r.full {
                let cap = terrain
                    .and_then(|tr| tr.resources.iter().find(|x| x.item.id() == r.item))
                    .map_or(base, |x| u64::from(x.amount).max(base));
                base = (base + (base * REGROWTH_PERCENT / 100).max(1)).min(cap);
            }
            r.full = if base > 0 {
                (base * pct_next / 100).max(1)
            } else {
                0
            };
            r.amount = r.full;
        }
    }
}
