//! The people of the land at the month's end (OV-WLD-014..021,
//! OV-ECON-028). Every rate is a constant here, recorded in
//! RULES-DECISIONS ("monthend").
//!
//! In order, for every location with an optimum (structures and open
//! water have none and keep no people):
//! 1. births and deaths: a random change of up to ±[`BIRTH_DEATH_PERCENT`]
//!    (drawn in hundredths of a percent), OV-WLD-015;
//! 2. migration (OV-WLD-018/019), from the populations after step 1:
//!    people move from the place whose population/optimum ratio is higher
//!    to its neighbour (any exit) whose ratio is lower — so an
//!    overpopulated place loses people and an underpopulated one draws
//!    them, unless the neighbour's ratio is lower still.
//!    [`MIGRATION_PERCENT`] of the number that would make the two ratios
//!    equal moves each month, divided by the days the crossing takes on
//!    foot (roads count, weather does not; no migration where people
//!    cannot walk), so migration is inversely
//!    proportional to travel time; a place never sends more people than it
//!    has. An empty place with an optimum (a city or village just built,
//!    OV-BLD-045) has the lowest ratio of all and draws people from the
//!    place it lies in, 1 day away;
//! 3. famine (OV-WLD-020): a place more than [`FAMINE_OVER_PERCENT`] of
//!    its optimum, whose market has no food for sale at the month's end,
//!    has a [`FAMINE_CHANCE_PERCENT`] chance of losing
//!    [`FAMINE_DEATH_PERCENT`] of its people; plague: a place of at least
//!    [`PLAGUE_MIN_PEOPLE`] people has a [`PLAGUE_CHANCE_PERMILLE`]‰ chance
//!    of losing [`PLAGUE_DEATH_PERCENT`];
//! 4. wages and taxes follow the people there, the population plus the
//!    figures of the units listed there (OV-ECON-028): wages are
//!    [`WAGE_AT_OPTIMUM`] × optimum / people, between [`WAGE_MIN`] and
//!    [`WAGE_MAX`]; taxes are people / [`PEOPLE_PER_TAX_COIN`], except on
//!    untaxed land (a populated place whose taxes are 0, such as the
//!    imperial heartland the generator makes), which stays untaxed. A
//!    place with no population offers neither.
//!
//! The optimum itself is stored on the location; what moves it here is
//! the place's economy rating (OV-WLD-017): the effective optimum is
//! optimum × rating / 100, the rating being the location's own plus the
//! economy points of its complete buildings, plus [`TRADE_POINTS`] in a
//! month its market traded, less [`TAXED_POINTS`] in a month a title
//! holder taxed it. Pillage cuts the stored optimum itself
//! (`orders/pillage.rs`); and so does every battle fought there (`battle/fought.rs`).
//! Autumn taxes are [`AUTUMN_TAX_PERCENT`]% (OV-WLD-027): the taxes set
//! for an autumn month.

use super::super::calendar;
use super::super::log::{Event, What};
use super::super::state::Turn;
use super::super::travel::time::crossing_days;
use crate::world::LocationId;

pub const BIRTH_DEATH_PERCENT: i64 = 2;
pub const MIGRATION_PERCENT: u64 = 30;
pub const FAMINE_OVER_PERCENT: u64 = 150;
pub const FAMINE_CHANCE_PERCENT: u32 = 25;
pub const FAMINE_DEATH_PERCENT: u64 = 20;
pub const PLAGUE_MIN_PEOPLE: u32 = 1000;
pub const PLAGUE_CHANCE_PERMILLE: u32 = 5;
pub const PLAGUE_DEATH_PERCENT: u64 = 10;
pub const WAGE_AT_OPTIMUM: u64 = 11;
pub const WAGE_MIN: u64 = 5;
pub const WAGE_MAX: u64 = 15;
/// One coin a month for every person, the original engine's yield: on
/// the sample game the 32,000 people of f01's land paid it 31,830 in one
/// turn (decision OV-ECON-028; the rules' own sample shows two).
pub const PEOPLE_PER_TAX_COIN: u64 = 1;

/// The taxes a place of `people` (population and the figures there)
/// yields in a month to come; `autumn` when that month is in autumn
/// (OV-ECON-028, OV-WLD-027).
pub fn taxes_for(people: u64, autumn: bool) -> u64 {
    let taxes = people / PEOPLE_PER_TAX_COIN;
    if autumn {
        taxes * AUTUMN_TAX_PERCENT / 100
    } else {
        taxes
    }
}

/// The people of place `l` (OV-ECON-028): its population and the figures
/// of the units listed there.
pub fn people_at(world: &crate::world::World, l: LocationId) -> u64 {
    world.locations.get(l).map_or(0, |loc| {
        let figures: u64 = loc
            .units
            .iter()
            .filter_map(|&u| world.units.get(u))
            .map(|u| u64::from(u.figures))
            .sum();
        u64::from(loc.population) + figures
    })
}

/// Is turn `turn` an autumn month, when taxes are higher (OV-WLD-027)?
pub fn autumn(turn: u32) -> bool {
    calendar::season_tag(turn) == "autumn"
}

/// The food whose sale on the market keeps famine away.
pub const FOOD: &str = "food";

/// A location's optimum with its economy rating applied.
pub fn effective_optimum(optimum: u32, economy: u32) -> u64 {
    u64::from(optimum) * u64::from(economy) / 100
}

/// Economy points a month of market trade adds to a place's rating, and
/// a month of taxes collected by a title holder takes away (OV-WLD-017).
pub const TRADE_POINTS: i64 = 10;
pub const TAXED_POINTS: i64 = 10;
/// Autumn taxes, in percent of the usual (OV-WLD-027).
pub const AUTUMN_TAX_PERCENT: u64 = 125;

/// What happened in each place this month that moves its optimum or its
/// taxes: market trades, taxes collected, pillage.
#[derive(Clone, Copy, Debug, Default)]
struct Month {
    traded: bool,
    taxed: bool,
    pillaged: bool,
}

fn this_month(t: &Turn<'_>) -> rustc_hash::FxHashMap<LocationId, Month> {
    let mut out: rustc_hash::FxHashMap<LocationId, Month> = rustc_hash::FxHashMap::default();
    for e in &t.log.events {
        let (place, f): (Option<LocationId>, fn(&mut Month)) = match e.what {
            What::Bought { .. } | What::Sold { .. } => (e.place, |m| m.traded = true),
            What::TaxesCollected { place, .. } => (Some(place), |m| m.taxed = true),
            What::Earned {
                purse: crate::turn::log::Purse::Taxes,
                ..
            } => (e.place, |m| m.taxed = true),
            What::Pillaged { .. } => (e.place, |m| m.pillaged = true),
            _ => continue,
        };
        if let Some(p) = place {
            f(out.entry(p).or_default());
        }
    }
    out
}

/// A place's economy rating this month (OV-WLD-017): its own rating, plus
/// the economy points of every complete structure standing there
/// (`constructions.toml`), plus [`TRADE_POINTS`] if its market traded,
/// less [`TAXED_POINTS`] if a title holder taxed it; never below 10.
fn rating(t: &Turn<'_>, l: LocationId, month: Month) -> u32 {
    let Some(loc) = t.world.locations.get(l) else {
        return 100;
    };
    let buildings: i64 = loc
        .structures
        .iter()
        .filter_map(|&s| t.world.structures.get(s))
        .filter(|s| s.complete)
        .filter_map(|s| t.rules.constructions.get(s.kind))
        .map(|c| i64::from(c.economy.unwrap_or(0)))
        .sum();
    let mut r = i64::from(loc.economy) + buildings;
    if month.traded {
        r += TRADE_POINTS;
    }
    if month.taxed {
        r -= TAXED_POINTS;
    }
    u32::try_from(r.max(10)).unwrap_or(u32::MAX)
}

pub fn evolve(t: &mut Turn<'_>) {
    let mut dice = t.dice.derive("population");
    let ids: Vec<LocationId> = t.world.locations.ids().collect();
    let month = this_month(t);
    // Untaxed land: populated, yet no taxes, and not because a title
    // holder or a pillager emptied them this month.
    let untaxed: Vec<bool> = ids
        .iter()
        .map(|&l| {
            let loc = &t.world.locations[l];
            let m = month.get(&l).copied().unwrap_or_default();
            loc.taxes == 0 && loc.population > 0 && !m.taxed && !m.pillaged
        })
        .collect();
    let autumn = autumn(t.log.turn + 1);
    // 1. Births and deaths.
    for &l in &ids {
        let loc = &t.world.locations[l];
        if loc.optimum == 0 || loc.population == 0 {
            continue;
        }
        let pop = i64::from(loc.population);
        let hundredths = i64::from(dice.below(2 * 100 * BIRTH_DEATH_PERCENT as u32 + 1))
            - 100 * BIRTH_DEATH_PERCENT;
        let next = pop + pop * hundredths / 10_000;
        t.world.locations[l].population = u32::try_from(next.max(0)).unwrap_or(u32::MAX);
    }
    // 2. Migration, from these populations.
    let pop: Vec<u64> = ids
        .iter()
        .map(|&l| u64::from(t.world.locations[l].population))
        .collect();
    let opt: Vec<u64> = ids
        .iter()
        .map(|&l| {
            let m = month.get(&l).copied().unwrap_or_default();
            effective_optimum(t.world.locations[l].optimum, rating(t, l, m))
        })
        .collect();
    let mut moves: Vec<(usize, usize, u64)> = Vec::new();
    for (a, &la) in ids.iter().enumerate() {
        if opt[a] == 0 || pop[a] == 0 {
            continue;
        }
        for e in &t.world.locations[la].exits {
            let b = umpire_core::ids::TypedId::index(e.to);
            if b >= ids.len() || b == a || opt[b] == 0 {
                continue;
            }
            let (ra, rb) = (pop[a] * opt[b], pop[b] * opt[a]);
            if ra <= rb {
                continue;
            }
            let days = crossing_days(t.world, t.rules, la, e);
            let Some(days) = days.walk else {
                continue;
            };
            let equal = (ra - rb) / (opt[a] + opt[b]);
            let n = equal * MIGRATION_PERCENT / 100 / u64::from(days.max(1));
            if n > 0 {
                moves.push((a, b, n));
            }
        }
    }
    let mut people: Vec<u64> = pop;
    for (a, b, n) in moves {
        let n = n.min(people[a]);
        people[a] -= n;
        people[b] += n;
    }
    for (i, &l) in ids.iter().enumerate() {
        if opt[i] > 0 {
            t.world.locations[l].population = u32::try_from(people[i]).unwrap_or(u32::MAX);
        }
    }
    // 3. Famine and plague.
    let food = t.rules.item(FOOD);
    for (i, &l) in ids.iter().enumerate() {
        let loc = &t.world.locations[l];
        let pop = u64::from(loc.population);
        if opt[i] == 0 || pop == 0 {
            continue;
        }
        let fed = loc
            .market
            .sells
            .iter()
            .any(|o| Some(o.item) == food && o.count > 0);
        if !fed
            && pop * 100 > opt[i] * FAMINE_OVER_PERCENT
            && dice.chance_percent(FAMINE_CHANCE_PERCENT)
        {
            let died = pop * FAMINE_DEATH_PERCENT / 100;
            lose(t, l, died, true);
        }
        let pop = t.world.locations[l].population;
        if pop >= PLAGUE_MIN_PEOPLE && dice.below(1000) < PLAGUE_CHANCE_PERMILLE {
            let died = u64::from(pop) * PLAGUE_DEATH_PERCENT / 100;
            lose(t, l, died, false);
        }
    }
    // 4. Wages and taxes.
    for (i, &l) in ids.iter().enumerate() {
        let people = people_at(t.world, l);
        let loc = &mut t.world.locations[l];
        if opt[i] == 0 {
            continue;
        }
        if loc.population == 0 {
            loc.wages = 0;
            loc.taxes = 0;
            continue;
        }
        loc.wages = u32::try_from((WAGE_AT_OPTIMUM * opt[i] / people).clamp(WAGE_MIN, WAGE_MAX))
            .unwrap_or(0);
        if !untaxed[i] {
            loc.taxes = taxes_for(people, autumn);
        }
    }
}

fn lose(t: &mut Turn<'_>, l: LocationId, died: u64, famine: bool) {
    let died = u32::try_from(died).unwrap_or(u32::MAX);
    let loc = &mut t.world.locations[l];
    let died = died.min(loc.population);
    loc.population -= died;
    let seen_by = t.present_factions(l);
    let what = if famine {
        What::Famine { died }
    } else {
        What::Plague { died }
    };
    t.log.events.push(Event {
        day: t.day,
        unit: None,
        place: Some(l),
        what,
        seen_by: seen_by.into(),
    });
}
