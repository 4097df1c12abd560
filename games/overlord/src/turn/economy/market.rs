//! The market at the end of the day (OV-ECON-007..013, OV-SCH-030):
//! BUY and SELL ([`crate::turn::orders::market`]) place offers during the
//! day; here they are settled against each other and against the town's
//! own stock, by the market rule of [`super::clearing`].
//!
//! Decisions (RULES-DECISIONS, "market"):
//! - OV-ECON-007: a location has a market when its town lists anything
//!   for sale or wanted (`Location.market`); the town's lists are its
//!   standing offers: what it sells is a sell request at its price for its
//!   stock, what it wants a buy request at its price for the count wanted.
//! - OV-ECON-008: markets are held only on the location's market days
//!   (`Market.days`; an empty list means every day); BUY and SELL place
//!   their offers only on those days, and a trader must still be in the
//!   place, not travelling, at the end of the day.
//! - OV-ECON-011: every buyer pays its own price and every seller gets its
//!   own; the clearing price decides only who trades. The spread (what
//!   the buyers paid beyond what the sellers got) is the market's toll:
//!   it is added to the location's taxes, so the land's owner collects it
//!   and no coin is lost.
//! - A BUY is served only up to the coins its unit holds at the end of
//!   the day, a SELL up to the goods it holds; `0` is as many as that
//!   allows (OV-UO-012/081).
//! - OV-ECON-013: each month ([`evolve`]) the town's stock and wants are
//!   restored to what they were at the start of the month; a price moves
//!   by [`PRICE_STEP_PERCENT`] (at least 1 coin): up when the town sold
//!   half its stock or more (down when it got half of what it wanted or
//!   more), back toward the item's nominal price when nobody traded, and
//!   always within [`PRICE_FLOOR_PERCENT`]..[`PRICE_CEILING_PERCENT`] of
//!   the nominal price.

use rustc_hash::FxHashMap;
use umpire_core::ids::TypedId;

pub use super::book::{Bid, Book, Hire, Side, Today};
use super::clearing::{Request, clear};
use crate::orders::{Order, Repeat, UnitOrder};
use crate::rules::ItemId;
use crate::turn::log::{NotTaken, What};
use crate::turn::money;
use crate::turn::pending::drop_invalid;
use crate::turn::state::Turn;
use crate::world::{LocationId, Offer, UnitId};

/// How much a town's price moves in a month (OV-ECON-013).
pub const PRICE_STEP_PERCENT: u64 = 10;
/// A town never prices an item below this share of its nominal price.
pub const PRICE_FLOOR_PERCENT: u64 = 50;
/// …nor above this share.
pub const PRICE_CEILING_PERCENT: u64 = 200;

/// Is there a market in `place`, and is today one of its days
/// (OV-ECON-007/008)?
pub fn open_today(t: &Turn<'_>, place: LocationId) -> bool {
    t.world.locations.get(place).is_some_and(|l| {
        let m = &l.market;
        (!m.sells.is_empty() || !m.buys.is_empty())
            && (m.days.is_empty() || m.days.contains(&t.day))
    })
}

/// The town's price for `item` on `side` of its own lists: what it sells
/// at, or what it pays.
pub fn town_price(t: &Turn<'_>, place: LocationId, item: ItemId, side: Side) -> Option<u32> {
    let m = &t.world.locations.get(place)?.market;
    let list = match side {
        Side::Sell => &m.sells,
        Side::Buy => &m.buys,
    };
    list.iter().find(|o| o.item == item).map(|o| o.price)
}

/// How many the town still has for sale (`Side::Sell`) or still wants
/// (`Side::Buy`) of `item`.
pub fn town_count(t: &Turn<'_>, place: LocationId, item: ItemId, side: Side) -> u64 {
    town_offer(t, place, item, side).map_or(0, |r| r.count)
}

/// Has another unit placed an offer on `side` for `item` here today?
pub fn offered_today(t: &Turn<'_>, u: UnitId, place: LocationId, item: ItemId, side: Side) -> bool {
    let today = &t.market.today;
    if today.day != t.day {
        return false;
    }
    let all = today.offers.get(&(place, item, side)).copied().unwrap_or(0);
    let own = today.own.get(&(u, place, item, side)).copied().unwrap_or(0);
    all > own
}

/// Coins the unit has promised today to its BUY and RECRUIT offers.
pub fn committed_cash(t: &Turn<'_>, u: UnitId) -> u64 {
    let today = &t.market.today;
    if today.day != t.day {
        return 0;
    }
    today.cash.get(&u).copied().unwrap_or(0)
}

/// Items the unit has offered today in its SELL offers.
pub fn committed_items(t: &Turn<'_>, u: UnitId, item: ItemId) -> u64 {
    let today = &t.market.today;
    if today.day != t.day {
        return 0;
    }
    today.items.get(&(u, item)).copied().unwrap_or(0)
}

/// Did the unit spend the whole day in `place` (OV-ECON-008)?
pub fn stayed(t: &Turn<'_>, u: UnitId, place: LocationId) -> bool {
    t.world
        .units
        .get(u)
        .is_some_and(|x| x.location == place && !t.travelling(u))
}

/// The end-of-day market (the `markets` hook).
pub fn markets(t: &mut Turn<'_>) {
    let day = t.day;
    let bids: Vec<Bid> = std::mem::take(&mut t.market.bids)
        .into_iter()
        .filter(|b| b.day == day)
        .collect();
    if bids.is_empty() {
        return;
    }
    let mut keys: Vec<(LocationId, ItemId)> = bids.iter().map(|b| (b.place, b.item)).collect();
    keys.sort_unstable();
    keys.dedup();
    for (place, item) in keys {
        let here: Vec<&Bid> = bids
            .iter()
            .filter(|b| b.place == place && b.item == item && stayed(t, b.unit, place))
            .collect();
        settle_item(t, place, item, &here);
    }
}

/// Who is behind a request.
#[derive(Clone, Copy)]
enum Party<'b> {
    Unit(&'b Bid),
    Town,
}

fn settle_item(t: &mut Turn<'_>, place: LocationId, item: ItemId, here: &[&Bid]) {
    let town_sells = town_offer(t, place, item, Side::Sell);
    let mut town_buys = town_offer(t, place, item, Side::Buy);
    // A town that would buy back what it sells at that price would trade
    // with itself: its want is left out of this item's market.
    if let (Some(s), Some(b)) = (town_sells, town_buys)
        && b.price >= s.price
    {
        town_buys = None;
    }
    // Sellers first, so that an unbounded buy can be capped by the supply.
    let mut sellers: Vec<(Party<'_>, Request)> = Vec::new();
    let mut stock: FxHashMap<UnitId, u64> = FxHashMap::default();
    for b in here.iter().filter(|b| b.side == Side::Sell) {
        let held = stock
            .entry(b.unit)
            .or_insert_with(|| t.world.units.get(b.unit).map_or(0, |x| x.count(item)));
        let want = if b.count == 0 {
            *held
        } else {
            b.count.min(*held)
        };
        *held -= want;
        sellers.push((Party::Unit(b), req(want, b.price)));
    }
    if let Some(o) = town_sells {
        sellers.push((Party::Town, o));
    }
    let supply: u64 = sellers.iter().map(|(_, r)| r.count).sum();
    let mut buyers: Vec<(Party<'_>, Request)> = Vec::new();
    let mut purse: FxHashMap<UnitId, u64> = FxHashMap::default();
    for b in here.iter().filter(|b| b.side == Side::Buy) {
        let cash = purse
            .entry(b.unit)
            .or_insert_with(|| money::cash(t, b.unit));
        let afford = match u64::from(b.price) {
            0 => supply,
            p => *cash / p,
        };
        let want = if b.count == 0 {
            afford
        } else {
            b.count.min(afford)
        }
        .min(supply);
        *cash -= want * u64::from(b.price);
        buyers.push((Party::Unit(b), req(want, b.price)));
    }
    if let Some(o) = town_buys {
        buyers.push((Party::Town, o));
    }
    let buy_reqs: Vec<Request> = buyers.iter().map(|(_, r)| *r).collect();
    let sell_reqs: Vec<Request> = sellers.iter().map(|(_, r)| *r).collect();
    let c = clear(&buy_reqs, &sell_reqs);
    // Every offer of a unit that nothing was taken of is told why.
    let offers = buyers
        .iter()
        .zip(c.bought.iter().copied().chain(std::iter::repeat(0)));
    let offers = offers.chain(
        sellers
            .iter()
            .zip(c.sold.iter().copied().chain(std::iter::repeat(0))),
    );
    for (&(party, r), q) in offers {
        let Party::Unit(b) = party else { continue };
        if q > 0 {
            continue;
        }
        let why = match b.side {
            Side::Buy if r.count == 0 && supply > 0 => NotTaken::Coins,
            Side::Sell if r.count == 0 => NotTaken::Goods,
            _ => NotTaken::Price { cleared: c.price },
        };
        t.private(
            b.unit,
            What::OfferNotTaken {
                item,
                buying: b.side == Side::Buy,
                price: b.price,
                why,
            },
        );
        // Placed, but nothing came of it: if the month ends so, the order
        // is kept with that reason, not as carried out.
        if let Some(p) = t.live(b.unit).list.iter_mut().find(|p| p.order == b.order) {
            p.ran = false;
            p.waiting = Some("the market did not take its offer (see the days above)".into());
        }
    }
    let Some(cleared) = c.price else {
        return;
    };
    let mut paid = 0u64;
    let mut received = 0u64;
    for (&(party, r), &q) in buyers.iter().zip(&c.bought) {
        if q == 0 {
            continue;
        }
        let coins = q * u64::from(r.price);
        paid += coins;
        match party {
            Party::Unit(b) => {
                money::take_cash(t, b.unit, coins);
                if let Some(x) = t.world.units.get_mut(b.unit) {
                    x.add_items(item, q, 0);
                }
                t.private(
                    b.unit,
                    What::Bought {
                        item,
                        count: q,
                        price: r.price,
                        cleared,
                    },
                );
                settle_order(t, b.unit, &b.order, q);
            }
            Party::Town => {
                town_take(t, place, item, Side::Buy, q);
                *t.market.town_bought.entry((place, item)).or_insert(0) += q;
            }
        }
    }
    for (&(party, r), &q) in sellers.iter().zip(&c.sold) {
        if q == 0 {
            continue;
        }
        let coins = q * u64::from(r.price);
        received += coins;
        match party {
            Party::Unit(b) => {
                take_items(t, b.unit, item, q);
                money::add_cash(t, b.unit, coins);
                t.private(
                    b.unit,
                    What::Sold {
                        item,
                        count: q,
                        price: r.price,
                        cleared,
                    },
                );
                settle_order(t, b.unit, &b.order, q);
            }
            Party::Town => {
                town_take(t, place, item, Side::Sell, q);
                *t.market.town_sold.entry((place, item)).or_insert(0) += q;
            }
        }
    }
    // Every buyer bid at least the clearing price and every seller asked
    // at most that, so the buyers paid at least what the sellers got.
    let spread = paid.saturating_sub(received);
    if let Some(l) = t.world.locations.get_mut(place) {
        l.taxes = l.taxes.saturating_add(spread);
    }
}

fn req(count: u64, price: u32) -> Request {
    Request { count, price }
}

/// The town's standing offer for `item`, as a request.
fn town_offer(t: &Turn<'_>, place: LocationId, item: ItemId, side: Side) -> Option<Request> {
    let m = &t.world.locations.get(place)?.market;
    let list = match side {
        Side::Sell => &m.sells,
        Side::Buy => &m.buys,
    };
    list.iter()
        .find(|o| o.item == item && o.count > 0)
        .map(|o| req(o.count, o.price))
}

/// The town's stock (or want) of `item` goes down by `q`.
fn town_take(t: &mut Turn<'_>, place: LocationId, item: ItemId, side: Side, q: u64) {
    let Some(l) = t.world.locations.get_mut(place) else {
        return;
    };
    let list = match side {
        Side::Sell => &mut l.market.sells,
        Side::Buy => &mut l.market.buys,
    };
    if let Some(o) = list.iter_mut().find(|o| o.item == item) {
        o.count = o.count.saturating_sub(q);
    }
}

/// Take up to `n` of `item` from the unit (equipped ones last).
pub fn take_items(t: &mut Turn<'_>, u: UnitId, item: ItemId, n: u64) -> u64 {
    let Some(unit) = t.world.units.get_mut(u) else {
        return 0;
    };
    let Ok(i) = unit.items.binary_search_by_key(&item, |h| h.item) else {
        return 0;
    };
    let h = &mut unit.items[i];
    let taken = h.count.min(n);
    h.count -= taken;
    h.equipped = h.equipped.min(h.count);
    if h.count == 0 {
        unit.items.remove(i);
    }
    taken
}

/// The count written in a BUY, SELL or RECRUIT order.
fn order_count(o: &UnitOrder) -> Option<u64> {
    match o {
        UnitOrder::Buy(b) => Some(u64::from(b.count)),
        UnitOrder::Sell(s) => Some(u64::from(s.count)),
        UnitOrder::Recruit(r) => Some(u64::from(r.count)),
        _ => None,
    }
}

fn set_count(o: &mut UnitOrder, n: u64) {
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    match o {
        UnitOrder::Buy(b) => b.count = n,
        UnitOrder::Sell(s) => s.count = n,
        UnitOrder::Recruit(r) => r.count = n,
        _ => {}
    }
}

/// After `filled` of a BUY, SELL or RECRUIT were settled: the order that
/// placed the offer is counted down (decision OV-UO-013/081):
/// - without a prefix, a non-zero count goes down by what was filled and
///   the order leaves the list at zero; a `0` order leaves once anything
///   was filled;
/// - with `@` the order is a standing daily offer and stays as written;
/// - with a day count (`3 BUY …`) the count is of days on which it traded:
///   one is used up per day with a fill.
///
/// Nothing filled leaves the order as it is, to try again.
pub fn settle_order(t: &mut Turn<'_>, u: UnitId, order: &Order, filled: u64) {
    if filled == 0 {
        return;
    }
    let list = &mut t.live(u).list;
    let Some(i) = list.iter().position(|p| p.order == *order) else {
        return;
    };
    let count = order_count(&order.order).unwrap_or(0);
    match order.prefix.repeat {
        Repeat::Always => {}
        Repeat::Days(n) => {
            if n <= 1 {
                drop_invalid(list, i);
            } else {
                list[i].order.prefix.repeat = Repeat::Days(n - 1);
            }
        }
        Repeat::Once => {
            if count == 0 || filled >= count {
                drop_invalid(list, i);
            } else {
                set_count(&mut list[i].order.order, count - filled);
            }
        }
    }
}

/// A price `step` percent up or down (at least one coin), kept within the
/// floor and ceiling around `nominal`.
fn moved(price: u32, up: Option<bool>, nominal: u32) -> u32 {
    let p = u64::from(price);
    let step = (p * PRICE_STEP_PERCENT / 100).max(1);
    let n = u64::from(nominal);
    let next = match up {
        Some(true) => p + step,
        Some(false) => p.saturating_sub(step),
        // Back toward the nominal price.
        None if n == 0 => p,
        None if p > n => p.saturating_sub(step).max(n),
        None => (p + step).min(n),
    };
    let (lo, hi) = if n == 0 {
        (1, u64::MAX)
    } else {
        (
            (n * PRICE_FLOOR_PERCENT / 100).max(1),
            (n * PRICE_CEILING_PERCENT / 100).max(1),
        )
    };
    // A price already outside the bounds (set by hand, imported) is not
    // pushed further out, nor pulled in all at once.
    u32::try_from(next.clamp(lo.min(p), hi.max(p))).unwrap_or(u32::MAX)
}

/// The month's evolution of the town markets (OV-ECON-013).
/// One town offer at the month's end: the stock comes back to what it
/// was, and the price moves `up` when at least half of it was dealt, drifts
/// back toward `nominal` when none was, and stays otherwise.
fn restock(o: &mut Offer, dealt: u64, up: bool, nominal: u32) {
    let opening = o.count + dealt;
    o.count = opening;
    if dealt == 0 {
        o.price = moved(o.price, None, nominal);
    } else if dealt * 2 >= opening {
        o.price = moved(o.price, Some(up), nominal);
    }
}

pub fn evolve(t: &mut Turn<'_>) {
    let sold = std::mem::take(&mut t.market.town_sold);
    let bought = std::mem::take(&mut t.market.town_bought);
    let rules = t.rules;
    for (i, l) in t.world.locations.values_mut().enumerate() {
        let place = LocationId::from_index(i);
        let nominal = |o: &Offer| rules.items.get(o.item).map_or(0, |x| x.price);
        for o in &mut l.market.sells {
            let dealt = sold.get(&(place, o.item)).copied().unwrap_or(0);
            let n = nominal(o);
            restock(o, dealt, true, n);
        }
        for o in &mut l.market.buys {
            let dealt = bought.get(&(place, o.item)).copied().unwrap_or(0);
            let n = nominal(o);
            restock(o, dealt, false, n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_econ_013_prices_step_and_stay_within_bounds() {
        assert_eq!(moved(100, Some(true), 100), 110);
        assert_eq!(moved(100, Some(false), 100), 90);
        assert_eq!(moved(195, Some(true), 100), 200);
        assert_eq!(moved(52, Some(false), 100), 50);
        assert_eq!(moved(120, None, 100), 108);
        assert_eq!(moved(95, None, 100), 100);
        assert_eq!(moved(1, Some(false), 0), 1);
        // Below the floor already: a rise is one step, not a jump.
        assert_eq!(moved(50, Some(true), 200), 55);
        assert_eq!(moved(40, Some(false), 200), 40);
    }
}
