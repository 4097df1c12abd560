//! WORK wages, paid after day 30 (OV-SCH-037, OV-UO-118, OV-ECON-026/027).
//!
//! Decisions (RULES-DECISIONS, "monthend"):
//! - OV-ECON-026: a location's wage is its pay for a full month of
//!   unskilled work per figure; a unit earns wage × figures × days / 30,
//!   rounded down, for the days it worked there.
//! - OV-ECON-027: wages are earned where the work was done. Working
//!   somewhere new forfeits the days worked before (`Live::work_at`), and a
//!   unit that is not, at the month's end, where it last worked (it left,
//!   or is travelling away) loses all its days.
//! - OV-WLD-023: winter doubles the wages units *require* (upkeep), not
//!   the wages WORK pays.

use super::super::log::What;
use super::super::money;
use super::super::state::Turn;
use umpire_core::ids::TypedId;

/// Days in a month's pay.
pub const MONTH_DAYS: u64 = 30;

pub fn wages(t: &mut Turn<'_>) {
    for u in t.world.units.ids() {
        let Some(live) = t.live.get(u.index()) else {
            continue;
        };
        let (Some(place), mut days, mut lost) = (live.wage_place, live.wage_days, live.wage_lost)
        else {
            continue;
        };
        if t.world.units[u].location != place || t.travelling(u) {
            lost += std::mem::take(&mut days);
        }
        if lost > 0 {
            t.private(u, What::WagesLost { days: lost });
        }
        if days == 0 {
            continue;
        }
        let unit = &t.world.units[u];
        let wage = t.world.locations.get(place).map_or(0, |l| l.wages);
        let amount = pay_for(wage, unit.figures, days);
        money::add_cash(t, u, amount);
        t.private(u, What::WagesPaid { days, amount });
    }
}

/// wage × figures × days / 30, rounded down.
pub fn pay_for(wage: u32, figures: u32, days: u32) -> u64 {
    u64::from(wage) * u64::from(figures) * u64::from(days) / MONTH_DAYS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_econ_026_wage_times_figures_times_days_over_30() {
        assert_eq!(pay_for(11, 10, 30), 110);
        assert_eq!(pay_for(11, 10, 15), 55);
        assert_eq!(pay_for(9, 1, 10), 3);
    }
}
