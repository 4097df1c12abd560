//! The land's resources at month end (OV-SCH-040, OV-WLD-038, 039): what
//! each location offers next month.
//!
//! - Nothing carries over: next month's amount is the monthly figure, not
//!   what was left plus it (OV-WLD-039).
//! - Depletion and regrowth (decision OV-WLD-038): a resource more than
//!   half harvested this month loses a tenth of its monthly figure
//!   (`full`); one harvested less regrows a tenth of its terrain's figure
//!   a month, up to that figure (no regrowth when the terrain does not list
//!   the resource).
//! - Seasons (decision OV-WLD-038): in winter, live resources (grain,
//!   herbs, animals, wood: items flagged `live`) offer half their monthly
//!   figure.

use super::super::calendar;
use super::super::state::Turn;

/// Set every location's resources for next month.
pub fn renew(t: &mut Turn<'_>) {
    let winter = calendar::is_winter(t.log.turn + 1);
    let rules = t.rules;
    for loc in t.world.locations.values_mut() {
        let terrain = rules.terrains.get(loc.terrain);
        for r in &mut loc.resources {
            let base = terrain
                .and_then(|x| x.resources.iter().find(|tr| tr.item.id() == r.item))
                .map(|tr| u64::from(tr.amount));
            let taken = r.full.saturating_sub(r.amount);
            if taken * 2 > r.full {
                r.full -= r.full / 10;
            } else if let Some(base) = base
                && r.full < base
            {
                r.full = (r.full + (base / 10).max(1)).min(base);
            }
            let live = rules.items.get(r.item).is_some_and(|x| x.flags.live);
            r.amount = if winter && live { r.full / 2 } else { r.full };
        }
    }
}
