//! Recruits at the end of the day (OV-ECON-001..006, OV-UO-067..073,
//! OV-WLD-016): the day's RECRUIT requests
//! ([`crate::turn::orders::recruit`]) are filled from the place's offer.
//!
//! - Each leader pays its own price per figure (at least the offer's,
//!   checked when the order ran) from its own coins only (OV-UO-069).
//! - When more figures are asked for than the offer (or the population)
//!   still holds — counting what each leader asked for and can pay, not
//!   what it can get, so one leader asking 30 of 23 over-subscribes the
//!   day as two asking 20 do — the day is settled by the market rule
//!   ([`super::clearing`]): the higher prices first, equal prices pro
//!   rata (OV-ECON-004, decision OV-ECON-012), and the offer's price then
//!   goes up by [`RAISE_PERCENT`] (at least 1 coin).
//! - The figures join the named unit, or a new unit created stacked under
//!   the leader for a placeholder (OV-UO-068); they leave the population
//!   (OV-WLD-016) and the offer (OV-ECON-003).
//! - Monthly ([`evolve`], OV-ECON-001/005): the offer is renewed at one
//!   figure per `fraction` inhabitants of the race's data, at most its
//!   `maximum` (a race without a fraction gets back the size the offer had
//!   at the start of the month), never more than the population; when
//!   fewer than a quarter of it were hired the price drops by
//!   [`DROP_PERCENT`] (at least 1 coin), never below [`FLOOR_PERCENT`] of
//!   the race's nominal cost. Heroes (race `hero`) come now and then: a
//!   place big enough for one offers it with a [`HERO_CHANCE_PERCENT`]
//!   chance each month, and an unhired hero does not wait for next month.
//! - A new unit takes its faction's settings (decision OV-FO-019).

use rustc_hash::FxHashMap;
use umpire_core::ids::TypedId;

use super::clearing::{Request, clear};
use super::market::{Hire, settle_order, stayed};
use crate::orders::UnitRef;
use crate::rules::RaceId;
use crate::turn::log::What;
use crate::turn::money;
use crate::turn::state::Turn;
use crate::world::{LocationId, Unit, UnitId};

/// How much an over-subscribed offer's price goes up (OV-ECON-004).
pub const RAISE_PERCENT: u64 = 10;
/// How much the price of a little-used offer drops in a month
/// (OV-ECON-005).
pub const DROP_PERCENT: u64 = 10;
/// The race offered now and then as a single hero.
pub const HERO: &str = "hero";
/// Chance each month that a place big enough for a hero offers one.
pub const HERO_CHANCE_PERCENT: u32 = 25;
/// The lowest price, as a share of the race's nominal cost (OV-ECON-005).
pub const FLOOR_PERCENT: u64 = 50;

/// The end-of-day recruiting (the `recruits` hook).
pub fn recruits(t: &mut Turn<'_>) {
    let day = t.day;
    let hires: Vec<Hire> = std::mem::take(&mut t.market.hires)
        .into_iter()
        .filter(|h| h.day == day)
        .collect();
    if hires.is_empty() {
        return;
    }
    let mut keys: Vec<(LocationId, RaceId)> = hires.iter().map(|h| (h.place, h.race)).collect();
    keys.sort_unstable();
    keys.dedup();
    for (place, race) in keys {
        let here: Vec<&Hire> = hires
            .iter()
            .filter(|h| h.place == place && h.race == race && stayed(t, h.unit, place))
            .filter(|h| target_ok(t, h))
            .collect();
        settle(t, place, race, &here);
    }
}

/// The unit the figures join is still there for them: a placeholder not
/// yet created, or an own unit of the race in the same place.
fn target_ok(t: &Turn<'_>, h: &Hire) -> bool {
    match t.unit_ref(h.into) {
        Some(x) => joinable(t, h.unit, x, h.race),
        None => matches!(h.into, UnitRef::New(_)),
    }
}

/// May `leader` recruit figures of `race` into unit `x` (OV-UO-072)?
pub fn joinable(t: &Turn<'_>, leader: UnitId, x: UnitId, race: RaceId) -> bool {
    let (Some(l), Some(unit)) = (t.world.units.get(leader), t.world.units.get(x)) else {
        return false;
    };
    unit.faction == l.faction
        && unit.race == race
        && unit.location == l.location
        && !t.travelling(x)
}

fn settle(t: &mut Turn<'_>, place: LocationId, race: RaceId, here: &[&Hire]) {
    let Some(loc) = t.world.locations.get(place) else {
        return;
    };
    let Some(k) = loc.recruits.iter().position(|r| r.race == race) else {
        return;
    };
    let offer = loc.recruits[k];
    let available = offer.count.min(loc.population);
    if available == 0 {
        return;
    }
    let mut purse: FxHashMap<UnitId, u64> = FxHashMap::default();
    let mut reqs = Vec::with_capacity(here.len());
    // What was asked for (and could be paid for), before anyone's request
    // is cut to what the offer holds: the day is over-subscribed when this
    // is more than the offer, however many leaders asked (OV-ECON-004).
    let mut demand = 0u64;
    for h in here {
        let cash = purse
            .entry(h.unit)
            .or_insert_with(|| money::cash(t, h.unit));
        let afford = match u64::from(h.price) {
            0 => u64::from(available),
            p => *cash / p,
        };
        // 0 is "as much as possible, given the available recruits in the
        // month and the cash": never more than the offer.
        let asked = if h.count == 0 {
            afford.min(u64::from(available))
        } else {
            u64::from(h.count).min(afford)
        };
        demand += asked;
        let want = asked.min(u64::from(available));
        *cash -= want * u64::from(h.price);
        reqs.push(Request {
            count: want,
            price: h.price,
        });
    }
    let c = clear(
        &reqs,
        &[Request {
            count: u64::from(available),
            price: offer.price,
        }],
    );
    let mut total = 0u32;
    for (h, &q) in here.iter().zip(&c.bought) {
        let Ok(n) = u32::try_from(q) else {
            continue;
        };
        if n == 0 {
            continue;
        }
        money::take_cash(t, h.unit, q * u64::from(h.price));
        let into = join(t, h, n);
        t.private(
            h.unit,
            What::Recruited {
                race,
                figures: n,
                price: h.price,
                into,
            },
        );
        settle_order(t, h.unit, &h.order, q);
        total += n;
    }
    let loc = &mut t.world.locations[place];
    loc.population = loc.population.saturating_sub(total);
    if let Some(o) = loc.recruits.get_mut(k) {
        o.count = o.count.saturating_sub(total);
        if demand > u64::from(available) {
            o.price = raise(o.price);
        }
    }
    *t.market.hired.entry((place, race)).or_insert(0) += total;
}

fn raise(price: u32) -> u32 {
    let p = u64::from(price);
    let up = p + (p * RAISE_PERCENT / 100).max(1);
    u32::try_from(up).unwrap_or(u32::MAX)
}

/// The figures join their unit, created for a placeholder (OV-UO-068).
fn join(t: &mut Turn<'_>, h: &Hire, n: u32) -> UnitId {
    if let Some(x) = t.unit_ref(h.into) {
        if let Some(unit) = t.world.units.get_mut(x) {
            let old = unit.figures;
            unit.figures += n;
            // New figures come without the unit's enchantments (OV-ENCH-005).
            super::super::magic::enchantments::figures_joined(t, x, old, n);
        }
        return x;
    }
    let leader = &t.world.units[h.unit];
    let (faction, place, structure) = (leader.faction, leader.location, leader.structure);
    let number = t.next_unit_number();
    let mut new = Unit::new(number, faction, h.race, n, place);
    new.structure = structure;
    // New units follow their faction's settings (decision OV-FO-019).
    if let Some(f) = t.world.factions.get(faction) {
        new.settings = f.settings;
    }
    if let Some(r) = t.rules.races.get(h.race) {
        for s in &r.skills {
            new.learn(s.skill.id(), s.experience);
        }
    }
    let id = t.world.units.push(new);
    t.set_parent(id, Some(h.unit));
    t.joined(faction, id);
    let list = &mut t.world.locations[place].units;
    let at = list
        .iter()
        .position(|&v| v == h.unit)
        .map_or(list.len(), |i| i + 1);
    list.insert(at, id);
    t.numbers.units.insert(number, id);
    t.moved(place);
    if let UnitRef::New(p) = h.into {
        t.bind(p, id);
    }
    id
}

/// The month's evolution of recruit offers (OV-ECON-005).
pub fn evolve(t: &mut Turn<'_>) {
    let hired = std::mem::take(&mut t.market.hired);
    let rules = t.rules;
    let mut dice = t.dice.derive("heroes");
    for (i, l) in t.world.locations.values_mut().enumerate() {
        let place = LocationId::from_index(i);
        let population = l.population;
        for o in &mut l.recruits {
            let n = hired.get(&(place, o.race)).copied().unwrap_or(0);
            let opening = o.count + n;
            let race = rules.races.get(o.race);
            let size = match race.and_then(|r| r.fraction) {
                Some(f) if f > 0 => {
                    let n = population / f;
                    race.and_then(|r| r.maximum).map_or(n, |m| n.min(m))
                }
                _ => opening,
            };
            o.count = size.min(population);
            if race.is_some_and(|r| r.tag == HERO) {
                // Now and then a hero (OV-ECON-001): one not hired this
                // month has gone; another may come.
                let comes = o.count > 0 && dice.chance_percent(HERO_CHANCE_PERCENT);
                o.count = u32::from(comes);
            }
            if u64::from(n) * 4 < u64::from(opening) {
                let cost = race.and_then(|r| r.cost).unwrap_or(0);
                let floor = (u64::from(cost) * FLOOR_PERCENT / 100).max(1);
                let p = u64::from(o.price);
                let down = p.saturating_sub((p * DROP_PERCENT / 100).max(1)).max(floor);
                // A price already under the floor is not pushed up.
                o.price = u32::try_from(down.min(p)).unwrap_or(o.price);
            }
        }
    }
}
