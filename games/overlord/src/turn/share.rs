//! Sharing out what is short (OV-WLD-040): when the day's requests on a
//! limited stock exceed what remains, each gets a share in proportion to
//! what it asked, rounded down, and what rounding leaves goes one by one
//! in the requests' order. Used by harvests and by taxing and
//! entertainment ([`super::orders::earn`]).

/// How much of `remaining` each of `wants` gets. Nobody gets more than it
/// asked, and no more than `remaining` is given in all.
pub fn share_out(remaining: u64, wants: &[u64]) -> Vec<u64> {
    let total: u64 = wants.iter().sum();
    if total <= remaining {
        return wants.to_vec();
    }
    let mut got: Vec<u64> = wants
        .iter()
        .map(|&w| {
            u64::try_from(u128::from(remaining) * u128::from(w) / u128::from(total)).unwrap_or(0)
        })
        .collect();
    let mut spare = remaining - got.iter().sum::<u64>();
    while spare > 0 {
        let mut any = false;
        for (g, &w) in got.iter_mut().zip(wants) {
            if spare > 0 && *g < w {
                *g += 1;
                spare -= 1;
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    got
}

#[cfg(test)]
mod tests {
    use super::share_out;

    #[test]
    fn ov_wld_040_short_stock_is_shared_in_proportion() {
        assert_eq!(share_out(15, &[20, 40]), [5, 10]);
        assert_eq!(share_out(100, &[20, 40]), [20, 40]);
        // 10 over 3 equal asks: 3 each, the spare coin to the first.
        assert_eq!(share_out(10, &[5, 5, 5]), [4, 3, 3]);
        assert_eq!(share_out(0, &[5, 5]), [0, 0]);
        assert_eq!(share_out(7, &[]), Vec::<u64>::new());
    }
}
