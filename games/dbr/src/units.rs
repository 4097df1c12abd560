//! Distances: one internal unit, either unit of measure at the edges.
//!
//! The sheet is given twice, in paces (p) and in centimetres, at 12.5 p to
//! 1 cm (DBR-UNIT-001). A [`Distance`] is held in half-paces, so that every
//! whole number of paces and every whole number of centimetres is exact
//! (1 p = 2 half-paces, 1 cm = 25 half-paces); the same position given in
//! either unit is the same value (DBR-UNIT-002).

use std::fmt;

use serde::Serialize;

/// A unit of measure the player may choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Units {
    /// Paces, the sheet's first copy.
    Paces,
    /// Centimetres, the sheet's second copy.
    Cm,
}

impl Units {
    /// Half-paces in one of this unit.
    const fn half_paces(self) -> u64 {
        match self {
            Units::Paces => 2,
            Units::Cm => 25,
        }
    }

    /// The suffix the sheet writes after a number: `p` or `cm`.
    pub fn suffix(self) -> &'static str {
        match self {
            Units::Paces => "p",
            Units::Cm => "cm",
        }
    }

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Units::Paces => "paces",
            Units::Cm => "cm",
        }
    }
}

/// A non-negative distance, exact in paces and in centimetres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Distance {
    half_paces: u64,
}

impl Distance {
    /// Zero.
    pub const ZERO: Distance = Distance { half_paces: 0 };

    /// `n` half-paces (the internal unit).
    pub const fn from_half_paces(n: u64) -> Distance {
        Distance { half_paces: n }
    }

    /// The internal value, in half-paces.
    pub const fn half_paces(self) -> u64 {
        self.half_paces
    }

    /// `n` paces.
    pub const fn paces(n: u64) -> Distance {
        Distance { half_paces: n * 2 }
    }

    /// `n` centimetres.
    pub const fn cm(n: u64) -> Distance {
        Distance { half_paces: n * 25 }
    }

    /// `n` of `units`.
    pub const fn of(n: u64, units: Units) -> Distance {
        Distance {
            half_paces: n * units.half_paces(),
        }
    }

    /// The value in `units`, exact when it is whole, else as a fraction.
    pub fn value_in(self, units: Units) -> f64 {
        self.half_paces as f64 / units.half_paces() as f64
    }

    /// The value in `units` when it is a whole number.
    pub fn whole_in(self, units: Units) -> Option<u64> {
        let per = units.half_paces();
        (self.half_paces % per == 0).then_some(self.half_paces / per)
    }

    /// Sum.
    pub fn plus(self, other: Distance) -> Distance {
        Distance {
            half_paces: self.half_paces + other.half_paces,
        }
    }

    /// Difference, never below zero.
    pub fn minus(self, other: Distance) -> Distance {
        Distance {
            half_paces: self.half_paces.saturating_sub(other.half_paces),
        }
    }

    /// Shown in `units` the way the sheet writes it: `1,800p`, `144cm`.
    pub fn show(self, units: Units) -> String {
        let text = match self.whole_in(units) {
            Some(n) => group_thousands(n),
            None => format!("{}", self.value_in(units)),
        };
        format!("{text}{}", units.suffix())
    }

    /// As a JSON number in `units` (an integer when whole).
    pub fn to_json(self, units: Units) -> serde_json::Value {
        match self.whole_in(units) {
            Some(n) => serde_json::Value::from(n),
            None => serde_json::Value::from(self.value_in(units)),
        }
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.show(Units::Paces))
    }
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paces_and_cm_are_the_same_distance() {
        assert_eq!(Distance::paces(50), Distance::cm(4));
        assert_eq!(Distance::paces(1800), Distance::cm(144));
        assert_eq!(Distance::paces(1800).show(Units::Paces), "1,800p");
        assert_eq!(Distance::paces(1800).show(Units::Cm), "144cm");
        assert_eq!(Distance::paces(25).show(Units::Cm), "2cm");
        assert_eq!(Distance::paces(10).whole_in(Units::Cm), None);
        assert_eq!(Distance::paces(10).value_in(Units::Cm), 0.8);
        assert_eq!(
            Distance::paces(50).minus(Distance::paces(100)),
            Distance::ZERO
        );
    }
}
