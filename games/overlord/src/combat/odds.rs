//! The odds of a blow (OV-CMB-056..060): whether a figure strikes, whether
//! the strike hits, and whether the hit is deadly.
//!
//! - **Strike** (OV-CMB-056): a figure strikes 40% of the time plus 4% per
//!   point of its melee statistic, between 0% and 100%.
//! - **Hit** (OV-CMB-057, 058): attack and defence below zero count as
//!   zero. An attack of 0 never hits; any attack against a defence of 0
//!   always hits. Otherwise both are lowered by the same amount until the
//!   smaller is 1, and the hit chance is `a / (a + d)` of what is left.
//!   Decision OV-CMB-057: the rules' first example (6 against 4 → 3 against
//!   1 → 75%) is `a / (a + d)`; their second (2 against 7 → 1 against 6)
//!   says "only 16%", which is `1/6`, the odds read the other way. One
//!   formula must serve both, and only `a / (a + d)` gives the first
//!   example, so 2 against 7 hits 1 time in 7 (14.3%).
//! - **Deadly** (OV-CMB-059, 060): an attack higher than the defence is
//!   always deadly. Otherwise the blow is deadly with 50% plus 5% per
//!   point of the attacker's base combat statistic (without equipment),
//!   capped at 100%; else it wounds. Decision OV-CMB-060: an attack equal
//!   to the defence is "not higher", so it takes that roll too.
//!
//! Chances are exact fractions, rolled with [`Dice::below`], so a test can
//! count outcomes against them without rounding.

use umpire_core::dice::Dice;

/// A chance of `num` in `den` (`den` ≥ 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    pub num: u32,
    pub den: u32,
}

impl Chance {
    pub const NEVER: Chance = Chance { num: 0, den: 1 };
    pub const ALWAYS: Chance = Chance { num: 1, den: 1 };

    pub fn percent(p: i64) -> Chance {
        Chance {
            num: u32::try_from(p.clamp(0, 100)).unwrap_or(0),
            den: 100,
        }
    }

    /// Roll it.
    pub fn roll(self, dice: &mut Dice) -> bool {
        if self.num == 0 {
            return false;
        }
        if self.num >= self.den {
            return true;
        }
        dice.below(self.den) < self.num
    }

    /// As a fraction, for reports and tests.
    pub fn as_f64(self) -> f64 {
        f64::from(self.num) / f64::from(self.den.max(1))
    }
}

/// OV-CMB-056: the chance a figure with this melee statistic strikes.
pub fn strike(melee: i32) -> Chance {
    Chance::percent(40 + 4 * i64::from(melee))
}

/// OV-CMB-057, 058: the attack and defence after lowering both until the
/// smaller is 1 (both clamped at zero first; unchanged when either is 0).
pub fn reduced(attack: i32, defense: i32) -> (u32, u32) {
    let a = u32::try_from(attack.max(0)).unwrap_or(0);
    let d = u32::try_from(defense.max(0)).unwrap_or(0);
    let low = a.min(d);
    if low <= 1 {
        return (a, d);
    }
    (a - (low - 1), d - (low - 1))
}

/// OV-CMB-057, 058: the chance a strike of `attack` hits a target
/// defending with `defense`.
pub fn hit(attack: i32, defense: i32) -> Chance {
    let (a, d) = reduced(attack, defense);
    if a == 0 {
        return Chance::NEVER;
    }
    if d == 0 {
        return Chance::ALWAYS;
    }
    Chance {
        num: a,
        den: a.saturating_add(d),
    }
}

/// OV-CMB-059, 060: the chance a hit is deadly rather than a wound.
/// `base_combat` is the attacker's combat statistic without equipment.
pub fn deadly(attack: i32, defense: i32, base_combat: i32) -> Chance {
    if attack.max(0) > defense.max(0) {
        return Chance::ALWAYS;
    }
    Chance::percent(50 + 5 * i64::from(base_combat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ov_cmb_056_strike_is_40_plus_4_per_melee() {
        assert_eq!(strike(0), Chance::percent(40));
        assert_eq!(strike(5), Chance::percent(60));
        assert_eq!(strike(15), Chance::percent(100));
        assert_eq!(strike(-10), Chance::percent(0));
        assert_eq!(strike(-3).num, 28);
    }

    #[test]
    fn ov_cmb_057_the_rules_worked_odds() {
        // 6 against 4: 3 against 1, 75%.
        assert_eq!(reduced(6, 4), (3, 1));
        assert_eq!(hit(6, 4), Chance { num: 3, den: 4 });
        // 2 against 7: 1 against 6, one hit in 7 (the rules' "16%" is
        // 1/6; decision OV-CMB-057).
        assert_eq!(reduced(2, 7), (1, 6));
        assert_eq!(hit(2, 7), Chance { num: 1, den: 7 });
        assert!((hit(2, 7).as_f64() - 0.142_857).abs() < 1e-6);
        // Equal ratings: even odds at any size.
        assert_eq!(hit(9, 9), Chance { num: 1, den: 2 });
        assert_eq!(hit(1, 1), Chance { num: 1, den: 2 });
        // Already at 1: unchanged.
        assert_eq!(hit(1, 5), Chance { num: 1, den: 6 });
    }

    #[test]
    fn ov_cmb_058_zero_and_negative_ratings() {
        assert_eq!(hit(0, 0), Chance::NEVER);
        assert_eq!(hit(0, 5), Chance::NEVER);
        assert_eq!(hit(-2, 5), Chance::NEVER);
        assert_eq!(hit(2, 0), Chance::ALWAYS);
        assert_eq!(hit(2, -4), Chance::ALWAYS);
    }

    #[test]
    fn ov_cmb_059_060_deadly_blows() {
        assert_eq!(deadly(5, 4, 0), Chance::ALWAYS);
        assert_eq!(deadly(3, 4, 0), Chance::percent(50));
        assert_eq!(deadly(3, 4, 2), Chance::percent(60));
        // Decision OV-CMB-060: equal is not higher.
        assert_eq!(deadly(4, 4, 1), Chance::percent(55));
        assert_eq!(deadly(1, 4, 20), Chance::percent(100));
    }

    #[test]
    fn chances_roll_at_their_rate() {
        let mut dice = Dice::from_seed(11);
        let n = 70_000;
        let hits = (0..n).filter(|_| hit(2, 7).roll(&mut dice)).count();
        // 1/7 of 70,000 is 10,000; 4 standard deviations is about 370.
        assert!((9_630..=10_370).contains(&hits), "{hits}");
        assert!((0..100).all(|_| Chance::ALWAYS.roll(&mut dice)));
        assert!((0..100).all(|_| !Chance::NEVER.roll(&mut dice)));
    }
}
