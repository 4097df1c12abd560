//! Entertainment money (OV-ECON-030, OV-WLD-023, OV-WLD-025, OV-BLD-043).
//!
//! The rules say a place holds entertainment money that entertainers and
//! pillagers harvest, that winter raises it by half and spring by a
//! quarter in civilised areas, but define neither the amount nor an
//! entertainer. Decisions (RULES-DECISIONS "Taxing and entertainment"):
//!
//! - A place offers, each month, its population / [`PEOPLE_PER_COIN`]
//!   coins of entertainment, the people there being the audience (units
//!   passing through are not counted, so
//!   the figure holds for the whole month).
//! - Winter: [`WINTER_PERCENT`]%. Spring: [`SPRING_CIVILISED_PERCENT`]% in
//!   cities and villages ([`CIVILISED`]), the rules' "civilised areas".
//! - A complete tavern ([`TAVERN`]) in the place adds [`TAVERN_PERCENT`]%
//!   more (OV-BLD-043: the seed lists no benefit; this is ours). Several
//!   taverns count once.
//! - What is taken is remembered for the month in the turn
//!   ([`Turn::entertained`]); the money is never stored, so a new month
//!   starts afresh and nothing unspent carries over.
//! - Entertainers (skill `ente`, OV-RSK-071) and pillagers take from it
//!   ([`super::super::orders::earn`], [`super::super::orders::pillage`]).

use super::super::calendar;
use super::super::state::Turn;
use crate::world::LocationId;

pub const PEOPLE_PER_COIN: u64 = 10;
pub const WINTER_PERCENT: u64 = 150;
pub const SPRING_CIVILISED_PERCENT: u64 = 125;
pub const TAVERN_PERCENT: u64 = 50;
/// The tavern's construction tag.
pub const TAVERN: &str = "tave";
/// Terrain tags of the civilised areas spring cheers.
pub const CIVILISED: [&str; 2] = ["city", "vill"];

/// The month's entertainment money in `place`, before anyone takes any.
pub fn monthly(t: &Turn<'_>, place: LocationId) -> u64 {
    let Some(loc) = t.world.locations.get(place) else {
        return 0;
    };
    let base = u64::from(loc.population) / PEOPLE_PER_COIN;
    let season = match calendar::season_tag(t.log.turn) {
        "winter" => WINTER_PERCENT,
        "spring"
            if t.rules
                .terrains
                .get(loc.terrain)
                .is_some_and(|x| CIVILISED.contains(&x.tag.as_str())) =>
        {
            SPRING_CIVILISED_PERCENT
        }
        _ => 100,
    };
    let tavern = loc.structures.iter().any(|&s| {
        t.world.structures.get(s).is_some_and(|x| {
            x.complete
                && t.rules
                    .constructions
                    .get(x.kind)
                    .is_some_and(|c| c.tag == TAVERN)
        })
    });
    let extra = if tavern { TAVERN_PERCENT } else { 0 };
    base * season / 100 * (100 + extra) / 100
}

/// What is left of the month's entertainment money in `place`.
pub fn left(t: &Turn<'_>, place: LocationId) -> u64 {
    monthly(t, place).saturating_sub(t.entertained.get(&place).copied().unwrap_or(0))
}

/// Take up to `want` coins of entertainment money; returns what was taken.
pub fn take(t: &mut Turn<'_>, place: LocationId, want: u64) -> u64 {
    let n = want.min(left(t, place));
    if n > 0 {
        *t.entertained.entry(place).or_default() += n;
    }
    n
}
