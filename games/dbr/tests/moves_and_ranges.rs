//! DBR-UNIT, DBR-MOVE and DBR-RNG: every cell of the move and range tables,
//! in paces and in centimetres, as transcribed from both copies of the
//! sheet; the adjustments and the cap; the rulings that decide them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_dbr::{
    Dbr, Distance, ElementType as E, Going, Grade, MoveQuery, River, Rulings, Tables, Units,
};

fn dbr() -> Dbr<'static> {
    Dbr::builtin().unwrap()
}

fn dbr_with(name: &str, option: &str) -> Dbr<'static> {
    let mut r = Rulings::default();
    r.set(name, option).unwrap();
    Dbr::new(Tables::builtin().unwrap(), r)
}

/// The plain table value, shown in both units.
fn cell(e: E, going: Going) -> Option<(String, String)> {
    dbr()
        .max_move(&MoveQuery::new(e, going))
        .unwrap()
        .distance
        .map(|d| (d.show(Units::Paces), d.show(Units::Cm)))
}

fn shown(paces: &str, cm: &str) -> Option<(String, String)> {
    Some((paces.to_string(), cm.to_string()))
}

fn moved(q: MoveQuery) -> Option<Distance> {
    dbr().max_move(&q).unwrap().distance
}

fn q(e: E, grade: Option<Grade>, going: Going) -> MoveQuery {
    let mut q = MoveQuery::new(e, going);
    q.grade = grade;
    q
}

// ---------------------------------------------------------------- the move table

/// One test per checklist cell: the types of the row, the going, and the
/// sheet's two copies (paces, cm); `None` is a dash.
macro_rules! move_cells {
    ($($name:ident: [$($t:ident),+] $going:ident => $cell:expr;)+) => {$(
        #[test]
        fn $name() {
            for e in [$(E::$t),+] {
                assert_eq!(cell(e, Going::$going), $cell, "{e} {}", Going::$going);
            }
        }
    )+};
}

move_cells! {
    dbr_move_001_lh_road_600p_48cm: [LH] Road => shown("600p", "48cm");
    dbr_move_002_lh_good_250p_20cm: [LH] Good => shown("250p", "20cm");
    dbr_move_003_lh_rough_200p_16cm: [LH] Rough => shown("200p", "16cm");
    dbr_move_004_lh_difficult_100p_8cm: [LH] Difficult => shown("100p", "8cm");
    dbr_move_005_si_dr_road_300p_24cm: [Si, Dr] Road => shown("300p", "24cm");
    dbr_move_006_si_dr_good_200p_16cm: [Si, Dr] Good => shown("200p", "16cm");
    dbr_move_007_si_dr_rough_150p_12cm: [Si, Dr] Rough => shown("150p", "12cm");
    dbr_move_008_si_dr_difficult_100p_8cm: [Si, Dr] Difficult => shown("100p", "8cm");
    dbr_move_009_ln_pi_cm_el_road_200p_16cm: [Ln, Pi, Cm, El] Road => shown("200p", "16cm");
    dbr_move_010_ln_pi_cm_el_good_200p_16cm: [Ln, Pi, Cm, El] Good => shown("200p", "16cm");
    dbr_move_011_ln_pi_cm_el_rough_150p_12cm: [Ln, Pi, Cm, El] Rough => shown("150p", "12cm");
    dbr_move_012_ln_pi_cm_el_difficult_50p_4cm: [Ln, Pi, Cm, El] Difficult => shown("50p", "4cm");
    dbr_move_013_sh_bw_sk_wb_road_200p_16cm: [Sh, Bw, Sk, Wb] Road => shown("200p", "16cm");
    dbr_move_014_sh_bw_sk_wb_good_150p_12cm: [Sh, Bw, Sk, Wb] Good => shown("150p", "12cm");
    dbr_move_015_sh_bw_sk_wb_rough_150p_12cm: [Sh, Bw, Sk, Wb] Rough => shown("150p", "12cm");
    dbr_move_016_sh_bw_sk_wb_difficult_100p_8cm: [Sh, Bw, Sk, Wb] Difficult => shown("100p", "8cm");
    dbr_move_017_pk_bd_hd_pont_bg_road_150p_12cm: [Pk, Bd, Hd, Pont, Bg] Road => shown("150p", "12cm");
    dbr_move_018_pk_bd_hd_pont_bg_good_100p_8cm: [Pk, Bd, Hd, Pont, Bg] Good => shown("100p", "8cm");
    dbr_move_019_pk_bd_hd_pont_bg_rough_100p_8cm: [Pk, Bd, Hd, Pont, Bg] Rough => shown("100p", "8cm");
    dbr_move_020_pk_bd_hd_pont_bg_difficult_50p_4cm: [Pk, Bd, Hd, Pont, Bg] Difficult => shown("50p", "4cm");
    dbr_move_021_art_wwg_road_150p_12cm: [Art, WWg] Road => shown("150p", "12cm");
    dbr_move_022_art_wwg_good_100p_8cm: [Art, WWg] Good => shown("100p", "8cm");
    dbr_move_023_art_wwg_rough_50p_4cm: [Art, WWg] Rough => shown("50p", "4cm");
    dbr_move_024_art_wwg_difficult_no_move: [Art, WWg] Difficult => None;
    dbr_move_025_naval_road_no_move: [Ships, Gal, Boats] Road => None;
    dbr_move_026_naval_good_200p_16cm: [Ships, Gal, Boats] Good => shown("200p", "16cm");
    dbr_move_027_naval_rough_no_move: [Ships, Gal, Boats] Rough => None;
    dbr_move_028_naval_difficult_100p_8cm: [Ships, Gal, Boats] Difficult => shown("100p", "8cm");
}

/// The whole move table, both copies of the sheet as printed, against every
/// type and going (bridges are not in it and do not move).
#[test]
fn move_table_every_cell_in_paces_and_cm() {
    // (types, paces copy, cm copy); "-" is a dash.
    let sheet: &[(&[E], [&str; 4], [&str; 4])] = &[
        (
            &[E::LH],
            ["600p", "250p", "200p", "100p"],
            ["48cm", "20cm", "16cm", "8cm"],
        ),
        (
            &[E::Si, E::Dr],
            ["300p", "200p", "150p", "100p"],
            ["24cm", "16cm", "12cm", "8cm"],
        ),
        (
            &[E::Ln, E::Pi, E::Cm, E::El],
            ["200p", "200p", "150p", "50p"],
            ["16cm", "16cm", "12cm", "4cm"],
        ),
        (
            &[E::Sh, E::Bw, E::Sk, E::Wb],
            ["200p", "150p", "150p", "100p"],
            ["16cm", "12cm", "12cm", "8cm"],
        ),
        (
            &[E::Pk, E::Bd, E::Hd, E::Pont, E::Bg],
            ["150p", "100p", "100p", "50p"],
            ["12cm", "8cm", "8cm", "4cm"],
        ),
        (
            &[E::Art, E::WWg],
            ["150p", "100p", "50p", "-"],
            ["12cm", "8cm", "4cm", "-"],
        ),
        (
            &[E::Ships, E::Gal, E::Boats],
            ["-", "200p", "-", "100p"],
            ["-", "16cm", "-", "8cm"],
        ),
    ];
    let mut seen = 0;
    for e in E::ALL {
        let row = sheet.iter().find(|(types, _, _)| types.contains(e));
        for (i, going) in Going::ALL.iter().enumerate() {
            let got = dbr()
                .max_move(&MoveQuery::new(*e, *going))
                .unwrap()
                .distance;
            match row {
                None => {
                    assert!(e.is_bridge(), "{e} missing from the sheet transcription");
                    assert_eq!(got, None, "{e} {going}");
                }
                Some((_, p, c)) => {
                    let paces = got.map_or("-".to_string(), |d| d.show(Units::Paces));
                    let cm = got.map_or("-".to_string(), |d| d.show(Units::Cm));
                    assert_eq!(paces, p[i], "{e} {going} paces");
                    assert_eq!(cm, c[i], "{e} {going} cm");
                    seen += 1;
                }
            }
        }
    }
    assert_eq!(seen, 21 * 4);
}

#[test]
fn dbr_move_029_march_move_uses_the_tactical_table() {
    for e in E::ALL {
        for going in Going::ALL {
            let mut march = MoveQuery::new(*e, going);
            march.march = true;
            assert_eq!(
                moved(march),
                moved(MoveQuery::new(*e, going)),
                "{e} {going}"
            );
        }
    }
}

#[test]
fn dbr_move_030_fast_or_exceptional_add_50p_offroad_ending_in_contact() {
    for grade in [Grade::F, Grade::X] {
        let mut m = q(E::Pk, Some(grade), Going::Rough);
        assert_eq!(moved(m.clone()), Some(Distance::paces(100)));
        m.ends_in_contact = true;
        assert_eq!(moved(m.clone()), Some(Distance::paces(150)));
        assert_eq!(dbr().max_move(&m).unwrap().distance, Some(Distance::cm(12)));
        // Not on a road.
        let mut road = q(E::Pk, Some(grade), Going::Road);
        road.ends_in_contact = true;
        assert_eq!(moved(road), Some(Distance::paces(150)));
    }
    // Other grades get nothing.
    let mut m = q(E::Pk, Some(Grade::O), Going::Rough);
    m.ends_in_contact = true;
    assert_eq!(moved(m), Some(Distance::paces(100)));
}

#[test]
fn dbr_move_031_lh_cm_bd_art_naval_fast_add_50p_offroad_always() {
    for e in [E::LH, E::Cm, E::Bd, E::Art, E::Ships, E::Gal, E::Boats] {
        for grade in [Grade::F, Grade::X] {
            let base = moved(MoveQuery::new(e, Going::Good)).unwrap();
            let a = dbr().max_move(&q(e, Some(grade), Going::Good)).unwrap();
            assert_eq!(
                a.distance,
                Some(base.plus(Distance::paces(50))),
                "{e} {grade}"
            );
            assert!(a.rulings().contains(&"fast-bonus"), "{e}");
            // Never on a road.
            if !e.is_naval() {
                assert_eq!(
                    moved(q(e, Some(grade), Going::Road)),
                    moved(MoveQuery::new(e, Going::Road))
                );
            }
        }
    }
    // The other reading, as a ruling: only when ending in contact.
    let d = dbr_with("fast-bonus", "only-in-contact");
    assert_eq!(
        d.max_move(&q(E::LH, Some(Grade::F), Going::Good))
            .unwrap()
            .distance,
        Some(Distance::paces(250))
    );
}

#[test]
fn dbr_move_032_bd_superior_deduct_50p_off_road_outside_bua() {
    assert_eq!(
        moved(q(E::Bd, Some(Grade::S), Going::Good)),
        Some(Distance::paces(50))
    );
    assert_eq!(
        moved(q(E::Bd, Some(Grade::S), Going::Road)),
        Some(Distance::paces(150))
    );
    let mut bua = q(E::Bd, Some(Grade::S), Going::Good);
    bua.in_bua = true;
    assert_eq!(moved(bua), Some(Distance::paces(100)));
}

#[test]
fn dbr_move_033_art_superior_deduct_50p_off_road_outside_bua() {
    assert_eq!(
        moved(q(E::Art, Some(Grade::S), Going::Rough)),
        Some(Distance::ZERO)
    );
    assert_eq!(
        moved(q(E::Art, Some(Grade::S), Going::Road)),
        Some(Distance::paces(150))
    );
    let mut bua = q(E::Art, Some(Grade::S), Going::Good);
    bua.in_bua = true;
    assert_eq!(moved(bua), Some(Distance::paces(100)));
}

#[test]
fn dbr_move_034_ships_superior_always_deduct_50p() {
    assert_eq!(
        moved(q(E::Ships, Some(Grade::S), Going::Good)),
        Some(Distance::cm(12))
    );
    assert_eq!(
        moved(q(E::Ships, Some(Grade::S), Going::Difficult)),
        Some(Distance::paces(50))
    );
}

#[test]
fn dbr_move_035_galleys_superior_always_deduct_50p() {
    assert_eq!(
        moved(q(E::Gal, Some(Grade::S), Going::Good)),
        Some(Distance::paces(150))
    );
    // Boats (S) do not.
    assert_eq!(
        moved(q(E::Boats, Some(Grade::S), Going::Good)),
        Some(Distance::paces(200))
    );
}

#[test]
fn dbr_move_036_pk_superior_add_50p_off_road_in_good_going() {
    assert_eq!(
        moved(q(E::Pk, Some(Grade::S), Going::Good)),
        Some(Distance::paces(150))
    );
    assert_eq!(
        moved(q(E::Pk, Some(Grade::S), Going::Rough)),
        Some(Distance::paces(100))
    );
    assert_eq!(
        moved(q(E::Pk, Some(Grade::S), Going::Road)),
        Some(Distance::paces(150))
    );
}

#[test]
fn dbr_move_037_low_visibility_caps_off_road_and_water_at_100p() {
    let mut m = MoveQuery::new(E::LH, Going::Good);
    m.low_visibility = true;
    assert_eq!(moved(m.clone()), Some(Distance::paces(100)));
    m.going = vec![Going::Road];
    assert_eq!(
        moved(m.clone()),
        Some(Distance::paces(600)),
        "roads are not capped"
    );
    let mut s = MoveQuery::new(E::Ships, Going::Good);
    s.low_visibility = true;
    assert_eq!(moved(s), Some(Distance::cm(8)));
    // Already below the cap: unchanged.
    let mut p = MoveQuery::new(E::Pk, Going::Difficult);
    p.low_visibility = true;
    assert_eq!(moved(p), Some(Distance::paces(50)));
}

#[test]
fn dbr_move_038_easy_river_caps_at_100p() {
    let mut m = MoveQuery::new(E::Si, Going::Good);
    m.river = Some(River::Easy);
    let a = dbr().max_move(&m).unwrap();
    assert_eq!(a.distance, Some(Distance::paces(100)));
    assert!(
        a.explain(Units::Paces)
            .iter()
            .any(|l| l.starts_with("DBR-MOVE-038"))
    );
}

#[test]
fn dbr_move_039_tricky_or_dangerous_river_caps_at_100p() {
    for river in [River::Tricky, River::Dangerous] {
        let mut m = MoveQuery::new(E::LH, Going::Rough);
        m.river = Some(river);
        assert_eq!(moved(m), Some(Distance::cm(8)));
    }
}

#[test]
fn dbr_move_040_grade_adjustments_then_cap_by_default() {
    // LH (F) good at night: 250 + 50 = 300, capped to 100.
    let mut m = q(E::LH, Some(Grade::F), Going::Good);
    m.low_visibility = true;
    let a = dbr().max_move(&m).unwrap();
    assert_eq!(a.distance, Some(Distance::paces(100)));
    assert!(a.rulings().contains(&"move-cap-order"));
    // Cap first, then adjust: 100 + 50 = 150.
    let d = dbr_with("move-cap-order", "cap-then-adjust");
    assert_eq!(d.max_move(&m).unwrap().distance, Some(Distance::paces(150)));
    // With no adjustment the order decides nothing and is not named.
    let mut plain = MoveQuery::new(E::LH, Going::Good);
    plain.low_visibility = true;
    assert!(dbr().max_move(&plain).unwrap().rulings().is_empty());
}

#[test]
fn dbr_move_041_mixed_going_slowest_limits_the_move() {
    let mut m = MoveQuery::new(E::LH, Going::Good);
    m.going = vec![Going::Good, Going::Difficult];
    let a = dbr().max_move(&m).unwrap();
    assert_eq!(a.distance, Some(Distance::paces(100)));
    assert_eq!(a.rulings()[0], "mixed-going");
    // A dash anywhere on the way: no move.
    let mut art = MoveQuery::new(E::Art, Going::Good);
    art.going = vec![Going::Good, Going::Difficult];
    assert_eq!(moved(art.clone()), None);
    let d = dbr_with("mixed-going", "starting");
    assert_eq!(
        d.max_move(&art).unwrap().distance,
        Some(Distance::paces(100))
    );
    assert!(dbr().max_move(&MoveQuery { going: vec![], ..m }).is_err());
}

#[test]
fn bridges_do_not_move() {
    for e in [E::PermBridge, E::TempBridge] {
        for going in Going::ALL {
            assert_eq!(moved(MoveQuery::new(e, going)), None);
        }
    }
}

// ---------------------------------------------------------------- the range table

fn range(e: E, g: Grade) -> Option<(String, String)> {
    dbr()
        .range(e, g)
        .unwrap()
        .range
        .map(|d| (d.show(Units::Paces), d.show(Units::Cm)))
}

macro_rules! range_cells {
    ($($name:ident: [$($t:ident),+] $grade:ident => $cell:expr;)+) => {$(
        #[test]
        fn $name() {
            for e in [$(E::$t),+] {
                assert_eq!(range(e, Grade::$grade), $cell, "{e} {}", Grade::$grade);
            }
        }
    )+};
}

range_cells! {
    dbr_rng_001_art_s_1800p_144cm: [Art] S => shown("1,800p", "144cm");
    dbr_rng_002_art_o_1200p_96cm: [Art] O => shown("1,200p", "96cm");
    dbr_rng_003_art_i_300p_24cm: [Art] I => shown("300p", "24cm");
    dbr_rng_004_art_f_600p_48cm: [Art] F => shown("600p", "48cm");
    dbr_rng_005_art_x_600p_48cm: [Art] X => shown("600p", "48cm");
    dbr_rng_006_ships_s_300p_24cm: [Ships] S => shown("300p", "24cm");
    dbr_rng_007_ships_o_300p_24cm: [Ships] O => shown("300p", "24cm");
    dbr_rng_008_ships_i_200p_16cm: [Ships] I => shown("200p", "16cm");
    dbr_rng_009_ships_f_300p_24cm: [Ships] F => shown("300p", "24cm");
    dbr_rng_010_ships_x_none: [Ships] X => None;
    dbr_rng_011_boats_s_200p_16cm: [Boats] S => shown("200p", "16cm");
    dbr_rng_012_boats_o_none: [Boats] O => None;
    dbr_rng_013_boats_i_none: [Boats] I => None;
    dbr_rng_014_boats_f_none: [Boats] F => None;
    dbr_rng_015_boats_x_none: [Boats] X => None;
    dbr_rng_016_gal_s_200p_16cm: [Gal] S => shown("200p", "16cm");
    dbr_rng_017_gal_o_200p_16cm: [Gal] O => shown("200p", "16cm");
    dbr_rng_018_gal_i_none: [Gal] I => None;
    dbr_rng_019_gal_f_200p_16cm: [Gal] F => shown("200p", "16cm");
    dbr_rng_020_gal_x_none: [Gal] X => None;
    dbr_rng_021_bw_s_200p_16cm: [Bw] S => shown("200p", "16cm");
    dbr_rng_022_bw_o_200p_16cm: [Bw] O => shown("200p", "16cm");
    dbr_rng_023_bw_i_200p_16cm: [Bw] I => shown("200p", "16cm");
    dbr_rng_024_bw_f_200p_16cm: [Bw] F => shown("200p", "16cm");
    dbr_rng_025_bw_x_none: [Bw] X => None;
    dbr_rng_026_sh_dr_s_200p_16cm: [Sh, Dr] S => shown("200p", "16cm");
    dbr_rng_027_sh_dr_o_200p_16cm: [Sh, Dr] O => shown("200p", "16cm");
    dbr_rng_028_sh_dr_i_100p_8cm: [Sh, Dr] I => shown("100p", "8cm");
    dbr_rng_029_sh_dr_f_100p_8cm: [Sh, Dr] F => shown("100p", "8cm");
    dbr_rng_030_sh_dr_x_none: [Sh, Dr] X => None;
    dbr_rng_031_sk_s_200p_16cm: [Sk] S => shown("200p", "16cm");
    dbr_rng_032_sk_o_100p_8cm: [Sk] O => shown("100p", "8cm");
    dbr_rng_033_sk_i_none: [Sk] I => None;
    dbr_rng_034_sk_f_none: [Sk] F => None;
    dbr_rng_035_sk_x_none: [Sk] X => None;
    dbr_rng_036_pi_lh_s_none: [Pi, LH] S => None;
    dbr_rng_037_pi_lh_o_none: [Pi, LH] O => None;
    dbr_rng_038_pi_lh_i_100p_8cm: [Pi, LH] I => shown("100p", "8cm");
    dbr_rng_039_pi_lh_f_none: [Pi, LH] F => None;
    dbr_rng_040_pi_lh_x_none: [Pi, LH] X => None;
    dbr_rng_041_wwg_s_none: [WWg] S => None;
    dbr_rng_042_wwg_o_200p_16cm: [WWg] O => shown("200p", "16cm");
    dbr_rng_043_wwg_i_none: [WWg] I => None;
    dbr_rng_044_wwg_f_none: [WWg] F => None;
    dbr_rng_045_wwg_x_none: [WWg] X => None;
}

/// The whole range table, both copies as printed, against every type and
/// grade; types not in the table do not shoot.
#[test]
fn range_table_every_cell_in_paces_and_cm() {
    let sheet: &[(&[E], [&str; 5], [&str; 5])] = &[
        (
            &[E::Art],
            ["1,800p", "1,200p", "300p", "600p", "600p"],
            ["144cm", "96cm", "24cm", "48cm", "48cm"],
        ),
        (
            &[E::Ships],
            ["300p", "300p", "200p", "300p", "-"],
            ["24cm", "24cm", "16cm", "24cm", "-"],
        ),
        (
            &[E::Boats],
            ["200p", "-", "-", "-", "-"],
            ["16cm", "-", "-", "-", "-"],
        ),
        (
            &[E::Gal],
            ["200p", "200p", "-", "200p", "-"],
            ["16cm", "16cm", "-", "16cm", "-"],
        ),
        (
            &[E::Bw],
            ["200p", "200p", "200p", "200p", "-"],
            ["16cm", "16cm", "16cm", "16cm", "-"],
        ),
        (
            &[E::Sh, E::Dr],
            ["200p", "200p", "100p", "100p", "-"],
            ["16cm", "16cm", "8cm", "8cm", "-"],
        ),
        (
            &[E::Sk],
            ["200p", "100p", "-", "-", "-"],
            ["16cm", "8cm", "-", "-", "-"],
        ),
        (
            &[E::Pi, E::LH],
            ["-", "-", "100p", "-", "-"],
            ["-", "-", "8cm", "-", "-"],
        ),
        (
            &[E::WWg],
            ["-", "200p", "-", "-", "-"],
            ["-", "16cm", "-", "-", "-"],
        ),
    ];
    for e in E::ALL {
        let row = sheet.iter().find(|(types, _, _)| types.contains(e));
        for (i, g) in Grade::ALL.iter().enumerate() {
            let got = dbr().range(*e, *g).unwrap().range;
            let paces = got.map_or("-".to_string(), |d| d.show(Units::Paces));
            let cm = got.map_or("-".to_string(), |d| d.show(Units::Cm));
            let (p, c) = row.map_or(("-", "-"), |(_, p, c)| (p[i], c[i]));
            assert_eq!((paces.as_str(), cm.as_str()), (p, c), "{e} {g}");
        }
    }
}

#[test]
fn dbr_rng_046_gal_f_shoots_500p_40cm_over_water_only() {
    let a = dbr().range(E::Gal, Grade::F).unwrap();
    assert_eq!(a.range, Some(Distance::paces(200)));
    assert_eq!(a.water_range, Some(Distance::paces(500)));
    assert_eq!(
        a.water_range.map(|d| d.show(Units::Cm)),
        Some("40cm".to_string())
    );
    for e in E::ALL {
        for g in Grade::ALL {
            if (*e, g) != (E::Gal, Grade::F) {
                assert_eq!(dbr().range(*e, g).unwrap().water_range, None, "{e} {g}");
            }
        }
    }
    let json = a.to_json(Units::Cm);
    assert_eq!(json["range"], 16);
    assert_eq!(json["water_range"], 40);
}

#[test]
fn dbr_rng_047_a_dash_is_a_non_shooter_or_with_the_ruling_a_bad_grade() {
    let a = dbr().range(E::Boats, Grade::O).unwrap();
    assert_eq!(a.range, None);
    assert!(a.explain(Units::Paces)[0].contains("ruling dash-grade"));
    assert_eq!(a.to_json(Units::Paces)["range"], serde_json::Value::Null);
    let strict = dbr_with("dash-grade", "reject");
    let e = strict.range(E::Boats, Grade::O).unwrap_err().to_string();
    assert!(e.contains("Boats cannot be graded (O)"), "{e}");
    // Types that do not shoot at all are never an error.
    assert_eq!(strict.range(E::Pk, Grade::S).unwrap().range, None);
}

// ---------------------------------------------------------------- units and model

#[test]
fn dbr_unit_001_every_distance_is_whole_in_paces_and_cm_at_12_5_to_1() {
    for (p, c) in [
        (50, 4),
        (100, 8),
        (150, 12),
        (200, 16),
        (250, 20),
        (300, 24),
        (500, 40),
        (600, 48),
        (1200, 96),
        (1800, 144),
    ] {
        assert_eq!(Distance::paces(p), Distance::cm(c));
    }
    let t = Tables::builtin().unwrap();
    for e in E::ALL {
        for going in Going::ALL {
            if let Some(d) = t.move_cell(*e, going) {
                assert!(d.whole_in(Units::Paces).is_some() && d.whole_in(Units::Cm).is_some());
            }
        }
        for g in Grade::ALL {
            if let Some(d) = t.range_cell(*e, g) {
                assert!(d.whole_in(Units::Cm).is_some());
            }
        }
    }
    assert_eq!(t.cap, Distance::cm(8));
    assert_eq!(t.grade_bonus, Distance::cm(4));
}

#[test]
fn dbr_unit_002_paces_and_cm_give_the_same_ruling() {
    // The answer is one distance; the unit is only how it is shown.
    for e in E::ALL {
        for going in Going::ALL {
            for g in Grade::ALL {
                let a = dbr().max_move(&q(*e, Some(g), going)).unwrap();
                if let Some(d) = a.distance {
                    let p = d.whole_in(Units::Paces).unwrap();
                    let c = d.whole_in(Units::Cm).unwrap();
                    assert_eq!(p * 2, c * 25, "{e} {g} {going}");
                    assert_eq!(Distance::of(c, Units::Cm), Distance::of(p, Units::Paces));
                }
            }
        }
    }
}

#[test]
fn dbr_unit_003_grades_are_read_as_letters_after_the_type() {
    for (text, g) in [
        ("S", Grade::S),
        ("(O)", Grade::O),
        ("i", Grade::I),
        (" (F) ", Grade::F),
        ("X", Grade::X),
    ] {
        assert_eq!(Grade::parse(text).unwrap(), g);
    }
    assert_eq!(Grade::S.to_string(), "(S)");
    let e = Grade::parse("Q").unwrap_err().to_string();
    assert!(e.contains("grades are S, O, I, F and X"), "{e}");
}

#[test]
fn dbr_unit_004_every_type_has_one_class_from_the_data() {
    use umpire_dbr::Class;
    let d = dbr();
    for e in E::ALL {
        assert_eq!(d.class(*e) == Class::Naval, e.is_naval(), "{e}");
    }
    for e in [E::El, E::Cm, E::Ln, E::Pi, E::Si, E::LH] {
        assert_eq!(d.class(e), Class::Cavalry, "{e}");
    }
    for e in [E::Dr, E::Pk, E::Bd, E::Sh, E::Bw, E::Sk, E::Wb, E::Hd] {
        assert_eq!(d.class(e), Class::Foot, "{e}");
    }
    for e in [E::Art, E::WWg, E::Bg, E::Pont, E::PermBridge, E::TempBridge] {
        assert_eq!(d.class(e), Class::Train, "{e}");
    }
    assert_eq!(
        dbr_with("classes", "dragoons-cavalry").class(E::Dr),
        Class::Cavalry
    );
}

#[test]
fn dbr_unit_005_sheet_misprints_are_refused_with_the_right_reading() {
    let e = E::parse("EI").unwrap_err().to_string();
    assert!(e.contains("`El`"), "{e}");
    let e = Grade::parse("0").unwrap_err().to_string();
    assert!(e.contains("`O`"), "{e}");
    let e = Grade::parse("1").unwrap_err().to_string();
    assert!(e.contains("`I`"), "{e}");
}

#[test]
fn element_names_are_as_on_the_sheet_with_did_you_mean() {
    for e in E::ALL {
        assert_eq!(E::parse(e.name()).unwrap(), *e);
        assert_eq!(E::parse(&e.name().to_ascii_lowercase()).unwrap(), *e);
    }
    let e = E::parse("Pkk").unwrap_err().to_string();
    assert!(e.contains("did you mean `Pk`"), "{e}");
    let e = E::parse("Naval").unwrap_err().to_string();
    assert!(e.contains("Ships, Gal or Boats"), "{e}");
    let e = Going::parse("rugh").unwrap_err().to_string();
    assert!(e.contains("did you mean `rough`"), "{e}");
    assert!(Units::parse("inches").is_err());
    assert_eq!(Units::parse("p").unwrap(), Units::Paces);
}

#[test]
fn move_json_has_distance_in_the_chosen_unit() {
    let query = q(E::Pk, Some(Grade::S), Going::Good);
    let a = dbr().max_move(&query).unwrap();
    assert_eq!(a.to_json(&query, Units::Paces)["distance"], 150);
    assert_eq!(a.to_json(&query, Units::Cm)["distance"], 12);
    let art = MoveQuery::new(E::Art, Going::Difficult);
    let a = dbr().max_move(&art).unwrap();
    assert_eq!(
        a.to_json(&art, Units::Cm)["distance"],
        serde_json::Value::Null
    );
}
