//! RECRUIT unit-id number race price (OV-UO-067..073, OV-ECON-002):
//! an immediate order that asks for figures from the place's recruit
//! offer; they are hired at the end of the day
//! ([`crate::turn::economy::recruits`]).
//!
//! The request is made when (otherwise the order waits, OV-SCH-022):
//! - the place offers the race and some are left this month (OV-ECON-003),
//!   and it has people to recruit from (OV-WLD-016);
//! - the land's policy lets the unit recruit (OV-LAND-004/007), and no
//!   guard here holds its faction Hostile (OV-GRD-009, `guard::stopped`,
//!   said once a turn);
//! - the price is at least the offer's (`0` is the offer's price,
//!   OV-UO-070; the offer's price may have gone up since, OV-ECON-004);
//! - the leader holds the coins for the whole request (for `0`, for one
//!   figure) beyond what its other offers today promise; faction funds
//!   are never used (OV-UO-069);
//! - the unit named is a placeholder of the leader's faction not yet
//!   created (it will be, stacked under the leader, OV-UO-068), or an own
//!   unit of the same race in the same place (OV-UO-072). An existing unit
//!   of another faction or race can never be recruited into: the order is
//!   dropped.
//!
//! The leader may not set out on the day it recruits (OV-UO-071).
//!
//! Races (decisions OV-UNIT-017, OV-UNIT-022): creatures are never
//! recruited, whatever a place offers, and a leader race (leaders, heroes)
//! comes one figure to a unit: `RECRUIT f06nU01 1 ldr 0` (or `0` for
//! "as many as possible", which is one) into a placeholder not yet asked
//! for today. More than one, an existing unit, or a placeholder another
//! request fills today is dropped: a leader unit is always one figure.

use super::super::economy::market::{Hire, committed_cash};
use super::super::economy::recruits::joinable;
use super::super::log::Dropped;
use super::super::money;
use super::super::pending::Outcome;
use super::super::policy::{self, Act};
use super::super::state::Turn;
use super::drop_order;
use crate::orders::UnitRef;
use crate::orders::catalog::units::Recruit;
use crate::rules::races::RaceKind;
use crate::world::UnitId;

pub fn recruit(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Recruit) -> Outcome {
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let Some(race) = t.rules.race(o.race.as_str()) else {
        return Outcome::wait("there is no such race");
    };
    let Some(me) = t.world.units.get(u) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let (here, faction) = (me.location, me.faction);
    let kind = t.rules.races.get(race).map(|r| r.kind);
    let single = kind == Some(RaceKind::Leader);
    let taken = t
        .market
        .hires
        .iter()
        .any(|h| h.day == t.day && h.into == o.into);
    if kind == Some(RaceKind::Creature) || (single && (o.count > 1 || taken)) {
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    }
    match (o.into, t.unit_ref(o.into)) {
        (_, Some(x)) => {
            let other = t.world.units.get(x);
            if single || other.is_none_or(|y| y.faction != faction || y.race != race) {
                return drop_order(t, u, i, &order, Dropped::NotAllowed);
            }
            if !joinable(t, u, x, race) {
                return Outcome::wait("that unit cannot take these recruits");
            }
        }
        (UnitRef::New(p), None) => {
            if t.world.factions[faction].number != p.faction {
                return drop_order(t, u, i, &order, Dropped::NotAllowed);
            }
        }
        (UnitRef::Id(_), None) => {
            return drop_order(t, u, i, &order, Dropped::NotAllowed);
        }
    }
    let Some(offer) = t
        .world
        .locations
        .get(here)
        .and_then(|l| l.recruits.iter().find(|r| r.race == race).copied())
    else {
        return Outcome::wait("nobody of that race can be recruited here");
    };
    let people = t.world.locations.get(here).map_or(0, |l| l.population);
    if offer.count == 0 {
        return Outcome::wait("the month's offer of that race here is used up");
    }
    if people == 0 {
        return Outcome::wait("nobody lives here to be recruited");
    }
    if let Some(why) = policy::forbidden(t, u, Act::Recruit) {
        return Outcome::wait(why);
    }
    if super::guard::stopped(t, u, i, Act::Recruit) {
        return Outcome::wait("a guard stops the recruiting (see the reason above)");
    }
    let price = if o.price == 0 { offer.price } else { o.price };
    if price < offer.price {
        return Outcome::wait(format!(
            "the price offered is below the asking price of {}",
            offer.price
        ));
    }
    let need = u64::from(o.count.max(1)).saturating_mul(u64::from(price));
    if money::cash(t, u) < need.saturating_add(committed_cash(t, u)) {
        return Outcome::wait(format!(
            "not enough coins: {} needed with today's other bids, the unit has {}",
            need.saturating_add(committed_cash(t, u)),
            money::cash(t, u)
        ));
    }
    let day = t.day;
    if t.market.hires.first().is_some_and(|h| h.day != day) {
        t.market.hires.retain(|h| h.day == day);
    }
    let hire = Hire {
        day,
        unit: u,
        place: here,
        race,
        into: o.into,
        count: if single { 1 } else { o.count },
        price,
        order,
    };
    t.market.note_hire(&hire);
    t.market.hires.push(hire);
    t.live(u).trading = true;
    Outcome::Kept
}
