//! Seasons and weathers: which weather each season brings, and what the
//! weather does to study, skill use and travel.

use serde::{Deserialize, Serialize};

use super::common::{Bonuses, Ref};
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
}
