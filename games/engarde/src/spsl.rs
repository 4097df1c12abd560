//! The SP→SL conversion of section 3.3, exactly as the excerpt states it.
//!
//! N is the character's SPs for the month (the balance carried in plus the
//! month's gains and losses, decision EG-SPSL-002), SL his SL this month.
//!
//! 1. Moderation: SPs over 6×SL or under −1×SL count one half; over 8×SL or
//!    under −3×SL one quarter (EG-SPSL-003..008). The result is M.
//! 2. M < SL: down one SL, start next month with M.
//!    SL ≤ M < 4×SL: stay, start with M − 2×SL.
//!    M ≥ 4×SL: up one SL, start with M − 5×SL (EG-SPSL-010..012).
//!
//! **Fractions** (decision EG-SPSL-014): SPs are kept exactly, in quarters
//! ([`Sp`]), and shown as decimals ("12.5", "2.25"). A whole N always
//! moderates to an exact quarter. A carried fractional N can moderate to
//! finer than a quarter; the moderated excess is then cut toward zero to the
//! quarter, which keeps M monotone in N.
//!
//! **Floor** (decision EG-SPSL-015): SL never falls below 1. A character at
//! SL 1 who falls short keeps SL 1 and carries M, as EG-SPSL-010 says. There
//! is no ceiling.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The lowest SL (decision EG-SPSL-015).
pub const MIN_SL: i64 = 1;

/// Status points, kept exactly in quarters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sp(i64);

impl Sp {
    /// Zero SP.
    pub const ZERO: Sp = Sp(0);

    /// Whole SPs.
    pub const fn whole(n: i64) -> Sp {
        Sp(n.saturating_mul(4))
    }

    /// From quarters.
    pub const fn from_quarters(q: i64) -> Sp {
        Sp(q)
    }

    /// In quarters.
    pub const fn quarters(self) -> i64 {
        self.0
    }

    /// As a floating-point number (for JSON and display).
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 4.0
    }

    /// Parse "12", "-8.5", "2.25", "0.75" (quarters only).
    pub fn parse(text: &str) -> Option<Sp> {
        let t = text.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = match t.split_once('.') {
            Some((i, f)) => (i, f),
            None => (t, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let q = match frac.trim_end_matches('0') {
            "" => 0,
            "25" => 1,
            "5" => 2,
            "75" => 3,
            _ => return None,
        };
        let total = whole.checked_mul(4)?.checked_add(q)?;
        Some(Sp(if neg { -total } else { total }))
    }
}

impl std::ops::Add for Sp {
    type Output = Sp;
    fn add(self, rhs: Sp) -> Sp {
        Sp(self.0.saturating_add(rhs.0))
    }
}

impl std::ops::AddAssign for Sp {
    fn add_assign(&mut self, rhs: Sp) {
        *self = *self + rhs;
    }
}

impl std::ops::Sub for Sp {
    type Output = Sp;
    fn sub(self, rhs: Sp) -> Sp {
        Sp(self.0.saturating_sub(rhs.0))
    }
}

impl std::ops::Neg for Sp {
    type Output = Sp;
    fn neg(self) -> Sp {
        Sp(self.0.saturating_neg())
    }
}

impl fmt::Display for Sp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let frac = match a % 4 {
            1 => ".25",
            2 => ".5",
            3 => ".75",
            _ => "",
        };
        write!(f, "{sign}{}{frac}", a / 4)
    }
}

impl Serialize for Sp {
    /// A JSON number: an integer when whole, else a decimal (12.5).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 4 == 0 {
            s.serialize_i64(self.0 / 4)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

impl<'de> Deserialize<'de> for Sp {
    /// A JSON number, whole or in quarters (12, 12.5, -2.25); other
    /// fractions are rounded to the nearest quarter.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sp, D::Error> {
        let x = f64::deserialize(d)?;
        if !x.is_finite() || x.abs() > 1e15 {
            return Err(serde::de::Error::custom("SP out of range"));
        }
        Ok(Sp((x * 4.0).round() as i64))
    }
}

/// Which moderation band N fell in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Band {
    /// −SL ≤ N ≤ 6×SL: counts in full.
    Full,
    /// 6×SL < N ≤ 8×SL: the excess over 6×SL counts half.
    HighHalf,
    /// N > 8×SL: 6×SL..8×SL half, the rest a quarter.
    HighQuarter,
    /// −3×SL ≤ N < −SL: the part below −SL counts half.
    LowHalf,
    /// N < −3×SL.
    LowQuarter,
}

/// The result of one conversion, with its working.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Conversion {
    /// SL this month.
    pub sl: i64,
    /// N: SPs this month.
    pub sp: Sp,
    /// M: N after moderation.
    pub moderated: Sp,
    pub band: Band,
    /// −1, 0 or +1.
    pub sl_change: i64,
    /// SL next month.
    pub sl_next: i64,
    /// SPs to start next month.
    pub sp_next: Sp,
    /// True when SL 1 fell short and stayed at 1 (EG-SPSL-015).
    pub floored: bool,
}

/// Moderate N at `sl` (EG-SPSL-008's closed form, in quarters).
pub fn moderate(n: Sp, sl: i64) -> (Sp, Band) {
    let s = sl.max(MIN_SL).saturating_mul(4);
    let q = n.0;
    let (hi1, hi2) = (s.saturating_mul(6), s.saturating_mul(8));
    let (lo1, lo2) = (-s, s.saturating_mul(-3));
    if q > hi2 {
        (Sp(s * 7 + (q - hi2) / 4), Band::HighQuarter)
    } else if q > hi1 {
        (Sp(hi1 + (q - hi1) / 2), Band::HighHalf)
    } else if q >= lo1 {
        (Sp(q), Band::Full)
    } else if q >= lo2 {
        (Sp(lo1 + (q - lo1) / 2), Band::LowHalf)
    } else {
        (Sp(-2 * s + (q - lo2) / 4), Band::LowQuarter)
    }
}

/// Convert N SPs at `sl` (clamped to at least [`MIN_SL`]).
pub fn convert(sl: i64, n: Sp) -> Conversion {
    let sl = sl.max(MIN_SL);
    let (m, band) = moderate(n, sl);
    let (change, next) = if m < Sp::whole(sl) {
        (-1, m)
    } else if m < Sp::whole(4 * sl) {
        (0, m - Sp::whole(2 * sl))
    } else {
        (1, m - Sp::whole(5 * sl))
    };
    let floored = change == -1 && sl == MIN_SL;
    let sl_change = if floored { 0 } else { change };
    Conversion {
        sl,
        sp: n,
        moderated: m,
        band,
        sl_change,
        sl_next: sl + sl_change,
        sp_next: next,
        floored,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sp_shows_and_reads_quarters() {
        for (q, s) in [
            (50, "12.5"),
            (9, "2.25"),
            (-34, "-8.5"),
            (3, "0.75"),
            (-4, "-1"),
            (0, "0"),
        ] {
            assert_eq!(Sp::from_quarters(q).to_string(), s);
            assert_eq!(Sp::parse(s), Some(Sp::from_quarters(q)));
        }
        assert_eq!(Sp::parse("1.3"), None);
        assert_eq!(Sp::parse("x"), None);
        assert_eq!(Sp::parse("-"), None);
    }
}
