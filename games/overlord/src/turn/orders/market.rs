//! BUY and SELL (OV-UO-010..013, OV-UO-079..082): immediate orders that
//! place an offer on the local market for today; the market settles it at
//! the end of the day ([`crate::turn::economy::market`]).
//!
//! An order places its offer when (otherwise it waits, OV-SCH-022):
//! - there is a market here and today is one of its days (decision
//!   OV-ECON-008);
//! - the land's policy lets the unit trade (OV-LAND-004/007), and no guard
//!   here holds its faction Hostile (OV-GRD-009, `guard::stopped`, said
//!   once a turn);
//! - BUY: some of the item is on offer: the town has stock left, or
//!   another unit placed a SELL for it here today (the immediate passes
//!   repeat, so the order of units does not matter), and the unit holds the coins for the whole order at its price (for `0`,
//!   for one item), beyond what its other offers today already promise;
//!   faction funds are not drawn on (OV-UO-011, OV-ECON-015);
//! - SELL: the town wants the item — selling anything else needs the
//!   marketing skill, which the rules do not define, so it is not possible
//!   (decision OV-UO-080) — and someone takes it: the town still wants
//!   some, or another unit placed a BUY for it today; and the unit holds
//!   the items (at least one for
//!   `0`) beyond what its other SELLs today offer.
//!
//! Without those, the order waits and the unit is free to go: an
//! exhausted market does not hold anyone for the month.
//!
//! A price left out is the town's own: what it sells at for BUY, what it
//! pays for SELL (decision OV-UO-010). The order stays in the list until
//! the market has settled it (`Kept`), and the trader may not set out
//! today; if its stack leaves, it drops out of the stack (OV-UO-082).

use super::super::economy::market::{
    Bid, Side, committed_cash, committed_items, offered_today, open_today, town_count, town_price,
};
use super::super::money;
use super::super::pending::Outcome;
use super::super::policy::{self, Act};
use super::super::state::Turn;
use crate::orders::Tag;
use crate::world::UnitId;

/// BUY number item [price].
pub fn buy(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    o: &crate::orders::catalog::goods::Buy,
) -> Outcome {
    place(t, u, i, Side::Buy, o.count, o.item, o.price)
}

/// SELL number item [price].
pub fn sell(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    o: &crate::orders::catalog::goods::Sell,
) -> Outcome {
    place(t, u, i, Side::Sell, o.count, o.item, o.price)
}

fn place(
    t: &mut Turn<'_>,
    u: UnitId,
    i: usize,
    side: Side,
    count: u32,
    item: Tag,
    price: Option<u32>,
) -> Outcome {
    let Some(item) = t.item(item) else {
        return Outcome::wait("there is no such item");
    };
    let Some(here) = t.world.units.get(u).map(|x| x.location) else {
        return Outcome::wait("the order is no longer in the list");
    };
    if !open_today(t, here) {
        return Outcome::wait(closed_why(t, here));
    }
    if let Some(why) = policy::forbidden(t, u, Act::Trade) {
        return Outcome::wait(why);
    }
    if super::guard::stopped(t, u, i, Act::Trade) {
        return Outcome::wait("a guard stops the trade (see the reason above)");
    }
    let sells = town_price(t, here, item, Side::Sell);
    let wants = town_price(t, here, item, Side::Buy);
    let count = u64::from(count);
    let price = match side {
        Side::Buy => {
            if town_count(t, here, item, Side::Sell) == 0
                && !offered_today(t, u, here, item, Side::Sell)
            {
                return Outcome::wait("nobody sells that here today");
            }
            let Some(price) = price.or(sells).or(wants) else {
                return Outcome::wait(
                    "no price: the market neither sells nor wants that here, and none was given",
                );
            };
            let need = count.max(1).saturating_mul(u64::from(price));
            if money::cash(t, u) < need.saturating_add(committed_cash(t, u)) {
                return Outcome::wait(format!(
                    "not enough coins: {} needed with today's other bids, the unit has {}",
                    need.saturating_add(committed_cash(t, u)),
                    money::cash(t, u)
                ));
            }
            price
        }
        Side::Sell => {
            let Some(town) = wants else {
                return Outcome::wait("the market here does not want that");
            };
            if town_count(t, here, item, Side::Buy) == 0
                && !offered_today(t, u, here, item, Side::Buy)
            {
                return Outcome::wait("nobody buys that here today");
            }
            let held = t.world.units.get(u).map_or(0, |x| x.count(item));
            if held < count.max(1).saturating_add(committed_items(t, u, item)) {
                return Outcome::wait(format!(
                    "the unit holds {held}, not enough to sell with today's other offers"
                ));
            }
            price.unwrap_or(town)
        }
    };
    let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
        return Outcome::wait("the order is no longer in the list");
    };
    let day = t.day;
    if t.market.bids.first().is_some_and(|b| b.day != day) {
        t.market.bids.retain(|b| b.day == day);
    }
    let bid = Bid {
        day,
        unit: u,
        place: here,
        item,
        side,
        count,
        price,
        order,
    };
    t.market.note(&bid);
    t.market.bids.push(bid);
    t.live(u).trading = true;
    Outcome::Kept
}

/// Why the market of `here` is not open today: none, or not a market day.
fn closed_why(t: &Turn<'_>, here: crate::world::LocationId) -> String {
    let Some(m) = t.world.locations.get(here).map(|l| &l.market) else {
        return "there is no market here".to_string();
    };
    if m.sells.is_empty() && m.buys.is_empty() {
        return "there is no market here".to_string();
    }
    let days: Vec<String> = m.days.iter().map(|d| d.to_string()).collect();
    format!(
        "today is not a market day here (market days: {})",
        days.join(", ")
    )
}
