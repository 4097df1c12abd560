//! The market rule (OV-ECON-009..012), on its own: given the day's buy
//! and sell requests for one thing, the clearing price and how much each
//! request gets. Used for goods ([`super::market`]) and for recruits
//! ([`super::recruits`], OV-ECON-004).
//!
//! - The clearing price is the price, among those asked or bid, at which
//!   the most units change hands: the smaller of what is bid at that price
//!   or more and what is asked at that price or less (OV-ECON-009). When
//!   several prices give the same volume, the lowest is taken (decision
//!   OV-ECON-009).
//! - Buyers who bid less and sellers who asked more trade nothing
//!   (OV-ECON-010).
//! - When more is bid than is sold (or the reverse), the higher bids (the
//!   lower asks) are served first; requests at the same price share what
//!   is left in proportion to what they asked for, and the units a
//!   proportional share cannot split go one each in the order the
//!   requests were made (decision OV-ECON-012).

/// One request: up to `count` at `price` each (a buyer's most, a seller's
/// least).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub count: u64,
    pub price: u32,
}

/// The result of one clearing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clearing {
    /// `None` when nothing changes hands.
    pub price: Option<u32>,
    pub volume: u64,
    /// What each buy request gets, in the order given.
    pub bought: Vec<u64>,
    /// What each sell request gives, in the order given.
    pub sold: Vec<u64>,
}

/// Clear the requests for one item.
pub fn clear(buys: &[Request], sells: &[Request]) -> Clearing {
    let mut prices: Vec<u32> = buys.iter().chain(sells).map(|r| r.price).collect();
    prices.sort_unstable();
    prices.dedup();
    let mut best: Option<(u64, u32)> = None;
    for &p in &prices {
        let demand: u64 = buys.iter().filter(|r| r.price >= p).map(|r| r.count).sum();
        let supply: u64 = sells.iter().filter(|r| r.price <= p).map(|r| r.count).sum();
        let volume = demand.min(supply);
        if volume > 0 && best.is_none_or(|(v, _)| volume > v) {
            best = Some((volume, p));
        }
    }
    let Some((volume, price)) = best else {
        return Clearing {
            price: None,
            volume: 0,
            bought: vec![0; buys.len()],
            sold: vec![0; sells.len()],
        };
    };
    let bought = share(buys, volume, |r| r.price >= price, true);
    let sold = share(sells, volume, |r| r.price <= price, false);
    Clearing {
        price: Some(price),
        volume,
        bought,
        sold,
    }
}

/// Share `volume` among the eligible requests: best price first, equal
/// prices pro rata, the remainder one by one in request order.
fn share(
    reqs: &[Request],
    volume: u64,
    eligible: impl Fn(&Request) -> bool,
    highest_first: bool,
) -> Vec<u64> {
    let mut out = vec![0u64; reqs.len()];
    let mut prices: Vec<u32> = reqs
        .iter()
        .filter(|r| eligible(r))
        .map(|r| r.price)
        .collect();
    prices.sort_unstable();
    prices.dedup();
    if highest_first {
        prices.reverse();
    }
    let mut left = volume;
    for p in prices {
        if left == 0 {
            break;
        }
        let group: Vec<usize> = (0..reqs.len())
            .filter(|&i| eligible(&reqs[i]) && reqs[i].price == p)
            .collect();
        let wanted: u64 = group.iter().map(|&i| reqs[i].count).sum();
        if wanted <= left {
            for &i in &group {
                out[i] = reqs[i].count;
            }
            left -= wanted;
            continue;
        }
        // Pro rata, rounded down, then one each in request order.
        let mut given = 0u64;
        for &i in &group {
            let q = u128::from(reqs[i].count) * u128::from(left) / u128::from(wanted);
            let q = u64::try_from(q).unwrap_or(0);
            out[i] = q;
            given += q;
        }
        let mut rest = left - given;
        while rest > 0 {
            let mut any = false;
            for &i in &group {
                if rest > 0 && out[i] < reqs[i].count {
                    out[i] += 1;
                    rest -= 1;
                    any = true;
                }
            }
            if !any {
                break;
            }
        }
        left = 0;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(count: u64, price: u32) -> Request {
        Request { count, price }
    }

    #[test]
    fn ov_econ_009_the_price_with_most_trades_wins() {
        // Bids: 5 at 12, 5 at 10, 5 at 8. Asks: 4 at 7, 4 at 9, 10 at 11.
        // At 9: demand 10, supply 8 -> 8. At 10: demand 10, supply 8 -> 8.
        // At 11: demand 5, supply 18 -> 5. The lowest of the best is 9.
        let c = clear(
            &[r(5, 12), r(5, 10), r(5, 8)],
            &[r(4, 7), r(4, 9), r(10, 11)],
        );
        assert_eq!(c.price, Some(9));
        assert_eq!(c.volume, 8);
        // The 12 bid first, then the 10 bid; the 8 bid is out.
        assert_eq!(c.bought, [5, 3, 0]);
        assert_eq!(c.sold, [4, 4, 0]);
    }

    #[test]
    fn ov_econ_010_no_crossing_no_trade() {
        let c = clear(&[r(5, 5)], &[r(5, 6)]);
        assert_eq!(c.price, None);
        assert_eq!(c.bought, [0]);
        assert_eq!(c.sold, [0]);
    }

    #[test]
    fn ov_econ_012_equal_prices_share_pro_rata_then_in_order() {
        // 7 for sale, three bids at the same price for 4, 4 and 2.
        let c = clear(&[r(4, 10), r(4, 10), r(2, 10)], &[r(7, 10)]);
        // 7*4/10 = 2.8 -> 2, 2.8 -> 2, 1.4 -> 1: 5 given, 2 left, one each
        // to the first two.
        assert_eq!(c.bought, [3, 3, 1]);
        assert_eq!(c.sold, [7]);
    }
}
