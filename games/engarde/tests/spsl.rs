//! SP→SL conversion (section 3.3): every row of the excerpt's SL 8 table,
//! the checklist's derived fixtures, and the properties.

use proptest::prelude::*;
use umpire_engarde::spsl::{Band, MIN_SL, Sp, convert, moderate};

fn sp(x: f64) -> Sp {
    Sp::from_quarters((x * 4.0).round() as i64)
}

/// (SL, N) → (SL change, SP next month).
fn check(sl: i64, n: f64, change: i64, next: f64) {
    let c = convert(sl, sp(n));
    assert_eq!(
        (c.sl_change, c.sp_next),
        (change, sp(next)),
        "SL {sl}, N {n}: {c:?}"
    );
}

#[test]
fn eg_spsl_001_one_conversion_gives_the_sl_change_and_next_months_sp() {
    let c = convert(8, Sp::whole(40));
    assert_eq!(c.sl, 8);
    assert_eq!(c.sl_change, 1);
    assert_eq!(c.sl_next, 9);
    assert_eq!(c.sp_next, Sp::whole(0));
}

#[test]
fn eg_spsl_002_the_surplus_over_two_sl_is_carried_not_wiped() {
    // SL 5, N 17: stays, carries 17 - 10 = 7 (not 0).
    check(5, 17.0, 0, 7.0);
    // A shortfall is carried too: SL 5, N 6 → stays, -4.
    check(5, 6.0, 0, -4.0);
}

#[test]
fn eg_spsl_003_between_minus_sl_and_six_sl_counts_in_full() {
    for n in -8..=48 {
        assert_eq!(
            moderate(Sp::whole(n), 8),
            (Sp::whole(n), Band::Full),
            "N {n}"
        );
    }
}

#[test]
fn eg_spsl_004_above_six_sl_up_to_eight_sl_counts_half() {
    assert_eq!(moderate(Sp::whole(49), 8), (sp(48.5), Band::HighHalf));
    assert_eq!(moderate(Sp::whole(64), 8), (Sp::whole(56), Band::HighHalf));
}

#[test]
fn eg_spsl_005_above_eight_sl_counts_a_quarter() {
    assert_eq!(moderate(Sp::whole(65), 8), (sp(56.25), Band::HighQuarter));
    assert_eq!(
        moderate(Sp::whole(100), 8),
        (Sp::whole(65), Band::HighQuarter)
    );
}

#[test]
fn eg_spsl_006_below_minus_sl_down_to_minus_three_sl_counts_half() {
    assert_eq!(moderate(Sp::whole(-9), 8), (sp(-8.5), Band::LowHalf));
    assert_eq!(moderate(Sp::whole(-24), 8), (Sp::whole(-16), Band::LowHalf));
}

#[test]
fn eg_spsl_007_below_minus_three_sl_counts_a_quarter() {
    assert_eq!(moderate(Sp::whole(-25), 8), (sp(-16.25), Band::LowQuarter));
    assert_eq!(
        moderate(Sp::whole(-40), 8),
        (Sp::whole(-20), Band::LowQuarter)
    );
}

#[test]
fn eg_spsl_008_closed_form_of_the_moderation() {
    for sl in 1..=15i64 {
        for n in -10 * sl..=12 * sl {
            let (m, _) = moderate(Sp::whole(n), sl);
            let (n4, s4) = (n * 4, sl * 4);
            // In quarters: M = N; 6SL + (N-6SL)/2; 7SL + (N-8SL)/4; -SL + (N+SL)/2; -2SL + (N+3SL)/4.
            let want = if n > 8 * sl {
                7 * s4 + (n4 - 8 * s4) / 4
            } else if n > 6 * sl {
                6 * s4 + (n4 - 6 * s4) / 2
            } else if n >= -sl {
                n4
            } else if n >= -3 * sl {
                -s4 + (n4 + s4) / 2
            } else {
                -2 * s4 + (n4 + 3 * s4) / 4
            };
            assert_eq!(m.quarters(), want, "SL {sl}, N {n}");
        }
    }
}

#[test]
fn eg_spsl_009_sl_and_four_sl_lie_in_the_full_count_range() {
    for sl in 1..=30i64 {
        for n in [sl - 1, sl, 4 * sl - 1, 4 * sl] {
            let (m, band) = moderate(Sp::whole(n), sl);
            assert_eq!(band, Band::Full);
            assert_eq!(m, Sp::whole(n));
        }
    }
}

#[test]
fn eg_spsl_010_under_sl_loses_one_and_keeps_m() {
    check(8, 7.0, -1, 7.0);
    check(8, -3.0, -1, -3.0);
}

#[test]
fn eg_spsl_011_from_sl_to_four_sl_stays_and_carries_m_minus_two_sl() {
    check(8, 8.0, 0, -8.0);
    check(8, 31.0, 0, 15.0);
}

#[test]
fn eg_spsl_012_four_sl_or_more_rises_and_carries_m_minus_five_sl() {
    check(8, 32.0, 1, -8.0);
    check(3, 12.0, 1, -3.0);
}

#[test]
fn eg_spsl_013_a_negative_carry_is_kept() {
    let c = convert(8, Sp::whole(32));
    assert_eq!(c.sp_next, Sp::whole(-8));
    assert!(c.sp_next < Sp::ZERO);
}

#[test]
fn eg_spsl_014_fractions_are_kept_exactly_in_quarters() {
    // The checklist's cases: SL 8, N 57 → M 52.5, carry 12.5.
    let c = convert(8, Sp::whole(57));
    assert_eq!(
        (c.moderated, c.sl_change, c.sp_next),
        (sp(52.5), 1, sp(12.5))
    );
    assert_eq!(c.sp_next.to_string(), "12.5");
    // SL 8, N -9 → -8.5.
    assert_eq!(moderate(Sp::whole(-9), 8).0, sp(-8.5));
    // SL 5, N 33 → 31.5, +1, carry 6.5.
    check(5, 33.0, 1, 6.5);
    // SL 1, N 9 → 7.25, +1, carry 2.25.
    let c = convert(1, Sp::whole(9));
    assert_eq!(
        (c.moderated, c.sl_change, c.sp_next),
        (sp(7.25), 1, sp(2.25))
    );
    // A carried fraction moderated past a quarter is cut toward zero:
    // SL 1, N 8.25: 7 + 0.25/4 = 7.0625 → 7.
    assert_eq!(moderate(sp(8.25), 1).0, Sp::whole(7));
    assert_eq!(moderate(sp(-3.25), 1).0, Sp::whole(-2));
}

#[test]
fn eg_spsl_015_sl_never_falls_below_one_and_has_no_ceiling() {
    let c = convert(1, Sp::whole(0));
    assert_eq!(
        (c.sl_change, c.sl_next, c.sp_next, c.floored),
        (0, 1, Sp::whole(0), true)
    );
    assert_eq!(MIN_SL, 1);
    let c = convert(40, Sp::whole(160));
    assert_eq!((c.sl_change, c.sl_next), (1, 41));
}

#[test]
fn eg_spsl_016_sl8_minus_32() {
    check(8, -32.0, -1, -18.0);
    assert_eq!(moderate(Sp::whole(-32), 8).0, Sp::whole(-18));
}

#[test]
fn eg_spsl_017_sl8_0() {
    check(8, 0.0, -1, 0.0);
}

#[test]
fn eg_spsl_018_sl8_7() {
    check(8, 7.0, -1, 7.0);
}

#[test]
fn eg_spsl_019_sl8_8() {
    check(8, 8.0, 0, -8.0);
}

#[test]
fn eg_spsl_020_sl8_16() {
    check(8, 16.0, 0, 0.0);
}

#[test]
fn eg_spsl_021_sl8_31() {
    check(8, 31.0, 0, 15.0);
}

#[test]
fn eg_spsl_022_sl8_32() {
    check(8, 32.0, 1, -8.0);
}

#[test]
fn eg_spsl_023_sl8_40() {
    check(8, 40.0, 1, 0.0);
}

#[test]
fn eg_spsl_024_sl8_48() {
    check(8, 48.0, 1, 8.0);
}

#[test]
fn eg_spsl_025_sl8_56() {
    check(8, 56.0, 1, 12.0);
    assert_eq!(moderate(Sp::whole(56), 8).0, Sp::whole(52));
}

#[test]
fn eg_spsl_026_sl8_64() {
    check(8, 64.0, 1, 16.0);
    assert_eq!(moderate(Sp::whole(64), 8).0, Sp::whole(56));
}

#[test]
fn eg_spsl_027_sl8_band_boundaries() {
    check(8, -8.0, -1, -8.0);
    check(8, -24.0, -1, -16.0);
    check(8, -40.0, -1, -20.0);
    check(8, 72.0, 1, 18.0);
    check(8, 100.0, 1, 25.0);
}

#[test]
fn eg_spsl_028_sl3() {
    check(3, 2.0, -1, 2.0);
    check(3, 3.0, 0, -3.0);
    check(3, 11.0, 0, 5.0);
    check(3, 12.0, 1, -3.0);
    check(3, 20.0, 1, 4.0);
    check(3, -13.0, -1, -7.0);
}

#[test]
fn eg_spsl_029_sl12_and_sl1() {
    check(12, 80.0, 1, 16.0);
    check(12, -40.0, -1, -25.0);
    // SL 1: N 0 would be -1, but SL 1 is the floor (EG-SPSL-015).
    let c = convert(1, Sp::whole(0));
    assert_eq!((c.sl_change, c.sp_next, c.floored), (0, Sp::whole(0), true));
    check(1, 1.0, 0, -1.0);
    check(1, 4.0, 1, -1.0);
}

#[test]
fn excerpt_table_sl8_every_row() {
    let rows = [
        (-32, -1, -18),
        (0, -1, 0),
        (7, -1, 7),
        (8, 0, -8),
        (16, 0, 0),
        (31, 0, 15),
        (32, 1, -8),
        (40, 1, 0),
        (48, 1, 8),
        (56, 1, 12),
        (64, 1, 16),
    ];
    for (n, change, next) in rows {
        check(8, f64::from(n), change, f64::from(next));
    }
}

proptest! {
    /// EG-SPSL-008: M is non-decreasing in N (and so is the SL change).
    #[test]
    fn moderation_and_sl_change_are_monotone_in_sp(sl in 1i64..40, a in -4000i64..4000, b in -4000i64..4000) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let (ml, _) = moderate(Sp::from_quarters(lo), sl);
        let (mh, _) = moderate(Sp::from_quarters(hi), sl);
        prop_assert!(ml <= mh);
        prop_assert!(convert(sl, Sp::from_quarters(lo)).sl_change <= convert(sl, Sp::from_quarters(hi)).sl_change);
    }

    /// Moderation is continuous: one quarter more of N moves M by at most a
    /// quarter.
    #[test]
    fn moderation_is_continuous(sl in 1i64..40, n in -4000i64..4000) {
        let (m0, _) = moderate(Sp::from_quarters(n), sl);
        let (m1, _) = moderate(Sp::from_quarters(n + 1), sl);
        prop_assert!((m1.quarters() - m0.quarters()).abs() <= 1);
    }

    /// SP shown and read back is the same SP.
    #[test]
    fn sp_text_round_trips(q in -100_000i64..100_000) {
        let s = Sp::from_quarters(q);
        prop_assert_eq!(Sp::parse(&s.to_string()), Some(s));
    }
}
