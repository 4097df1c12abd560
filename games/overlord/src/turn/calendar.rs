//! The calendar (OV-WLD-022): twelve months a year, three to a season,
//! and a game that starts in spring (RULES-DECISIONS OV-WLD-022). Turn 1
//! is the first month of spring; months 1–3 of the year are spring, 4–6
//! summer, 7–9 autumn, 10–12 winter.

use crate::rules::{Rules, SeasonId};

/// The seasons in the order the year runs, by their tags in `climate.toml`.
pub const SEASONS: [&str; 4] = ["spring", "summer", "autumn", "winter"];

/// The month of the year (1–12) turn `turn` (1 = the first) covers.
pub fn month_of_year(turn: u32) -> u32 {
    (turn.max(1) - 1) % 12 + 1
}

/// The tag of the season turn `turn` falls in.
pub fn season_tag(turn: u32) -> &'static str {
    SEASONS[((month_of_year(turn) - 1) / 3) as usize]
}

/// The season turn `turn` falls in, if the rules define it.
pub fn season(rules: &Rules, turn: u32) -> Option<SeasonId> {
    rules.index.seasons.get(season_tag(turn))
}

pub fn is_winter(turn: u32) -> bool {
    season_tag(turn) == "winter"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_wld_022_twelve_months_three_per_season_from_spring() {
        assert_eq!(month_of_year(1), 1);
        assert_eq!(month_of_year(12), 12);
        assert_eq!(month_of_year(13), 1);
        let year: Vec<&str> = (1..=12).map(season_tag).collect();
        assert_eq!(
            year,
            [
                "spring", "spring", "spring", "summer", "summer", "summer", "autumn", "autumn",
                "autumn", "winter", "winter", "winter"
            ]
        );
        assert!(is_winter(22));
        assert!(!is_winter(25));
    }
}
