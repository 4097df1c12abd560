//! Seasons and weathers: which weather each season brings, and what the
//! weather does to study, skill use and travel.

use serde::{Deserialize, Serialize};

use super::common::{Bonuses, Movement, Ref};
use super::ids::WeatherId;

/// A season.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Season {
    pub tag: String,
    pub name: String,
    /// Relative odds of each weather in this season.
    pub weather: Vec<WeatherOdds>,
    #[serde(default, skip_serializing_if = "Bonuses::is_empty")]
    pub bonuses: Bonuses,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeatherOdds {
    pub weather: Ref<WeatherId>,
    pub weight: u32,
}

/// A weather.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weather {
    pub tag: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Bonuses::is_empty")]
    pub bonuses: Bonuses,
    /// What the weather does to travel times (OV-MOVE-020..023), each mode
    /// listed at most once. Travel reads this table only; `bonuses.movement`
    /// keeps the original engine's figure and is not applied on top of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub travel: Vec<TravelChange>,
}

impl Weather {
    /// The change this weather makes to travel by `mode`, if any.
    pub fn travel_change(&self, mode: Movement) -> Option<&TravelChange> {
        self.travel.iter().find(|t| t.mode == mode)
    }
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

/// One travel mode slowed or sped up by a weather: the trip takes
/// `percent` more time (less when negative; above -100), and at least
/// `at_least` days.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TravelChange {
    pub mode: Movement,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub percent: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u32>,
}

impl Season {
    /// One territory's weather drawn from the season's odds (OV-WLD-028);
    /// `None` when the season lists no weather.
    pub fn draw(&self, dice: &mut umpire_core::dice::Dice) -> Option<WeatherId> {
        let total: u32 = self.weather.iter().map(|w| w.weight).sum();
        let mut roll = dice.below(total.max(1));
        for w in &self.weather {
            if roll < w.weight {
                return Some(w.weather.id());
            }
            roll -= w.weight;
        }
        None
    }
}

/// Storms spread (OV-WLD-033): every neighbour of a storm that drew calm
/// weather (fair or sun) gets wind or rain, even odds. `weather` is indexed
/// by territory and `neighbours(i)` lists territory `i`'s neighbours; the
/// territories are visited in index order, so the dice are used the same
/// way for the same map. Nothing changes if the rules lack any of the
/// weathers named.
pub fn spread_storms(
    rules: &super::Rules,
    weather: &mut [WeatherId],
    neighbours: impl Fn(usize) -> Vec<usize>,
    dice: &mut umpire_core::dice::Dice,
) {
    let storm = rules.weather("storm");
    let calm = [rules.weather("fair"), rules.weather("sun")];
    let unsettled = [rules.weather("wind"), rules.weather("rain")];
    let (Some(storm), [Some(wind), Some(rain)]) = (storm, unsettled) else {
        return;
    };
    for i in 0..weather.len() {
        if weather[i] != storm {
            continue;
        }
        for j in neighbours(i) {
            if j < weather.len() && calm.contains(&Some(weather[j])) {
                weather[j] = if dice.chance_percent(50) { wind } else { rain };
            }
        }
    }
}
