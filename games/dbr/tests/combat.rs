//! DBR-CF, RS, FS, TF, SGF, CGF, RES, OUT1, OUT2: combat and shooting, one
//! test per checklist item, and worked combats checked by hand (the sums
//! are in the test names).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_dbr::{
    Combat, CombatKind, Dbr, Distance, Effect, ElementType as E, Going, Grade as G, Resolution,
    Rulings, Side, Tables, Who,
};

fn dbr() -> Dbr<'static> {
    Dbr::builtin().unwrap()
}

fn dbr_with(name: &str, option: &str) -> Dbr<'static> {
    let mut r = Rulings::default();
    r.set(name, option).unwrap();
    Dbr::new(Tables::builtin().unwrap(), r)
}

fn side(e: E, g: G) -> Side {
    Side::new(e, g)
}

fn close(bound: Who, a: Side, b: Side) -> Combat {
    Combat {
        kind: CombatKind::Close,
        bound,
        a,
        b,
        distance: None,
    }
}

fn shoot(a: Side, b: Side) -> Combat {
    Combat {
        kind: CombatKind::Shooting,
        bound: Who::A,
        a,
        b,
        distance: None,
    }
}

fn run(d: &Dbr, c: &Combat, da: u32, db: u32) -> Resolution {
    let mut c = c.clone();
    c.a.die = Some(da);
    c.b.die = Some(db);
    d.resolve(&c).unwrap()
}

/// The factor steps of side A (everything but the die), as (rule, value).
fn a_steps(d: &Dbr, c: &Combat) -> Vec<(&'static str, i64)> {
    run(d, c, 1, 1)
        .a
        .steps
        .iter()
        .filter(|s| s.rule != "DBR-RES-001")
        .map(|s| (s.rule, s.value))
        .collect()
}

fn a_total_without_die(d: &Dbr, c: &Combat) -> i64 {
    a_steps(d, c).iter().map(|(_, v)| v).sum()
}

/// The base factor of `e` against `foe` in close combat.
fn base(e: E, foe: E) -> i64 {
    run(&dbr(), &close(Who::A, side(e, G::O), side(foe, G::O)), 1, 1)
        .a
        .steps[0]
        .value
}

/// The effect on B when A wins close combat by `da` vs `db`.
fn effect(d: &Dbr, c: &Combat, da: u32, db: u32) -> (Option<Who>, &'static str, Effect) {
    let r = run(d, c, da, db);
    (r.outcome.loser, r.outcome.rule, r.outcome.effect)
}

// ------------------------------------------------------------- DBR-CF

/// (types, vs cavalry, vs foot, vs train/naval); opponents: Cm (cavalry),
/// Bw (foot), Bg (train), Ships (naval).
macro_rules! cf_rows {
    ($($cav:ident $foot:ident $train:ident: [$($t:ident),+] => $c:expr, $f:expr, $tr:expr;)+) => {$(
        #[test]
        fn $cav() {
            for e in [$(E::$t),+] { assert_eq!(base(e, E::Cm), $c, "{e} vs cavalry"); }
        }
        #[test]
        fn $foot() {
            for e in [$(E::$t),+] { assert_eq!(base(e, E::Bw), $f, "{e} vs foot"); }
        }
        #[test]
        fn $train() {
            for e in [$(E::$t),+] {
                assert_eq!(base(e, E::Bg), $tr, "{e} vs train");
                assert_eq!(base(e, E::Ships), $tr, "{e} vs naval");
            }
        }
    )+};
}

cf_rows! {
    dbr_cf_001_el_vs_cavalry_5 dbr_cf_002_el_vs_foot_4 dbr_cf_003_el_vs_train_2: [El] => 5, 4, 2;
    dbr_cf_004_wwg_ships_perm_bridge_vs_cavalry_4 dbr_cf_005_wwg_ships_perm_bridge_vs_foot_4 dbr_cf_006_wwg_ships_perm_bridge_vs_train_4: [WWg, Ships, PermBridge] => 4, 4, 4;
    dbr_cf_007_pi_vs_cavalry_4 dbr_cf_008_pi_vs_foot_3 dbr_cf_009_pi_vs_train_2: [Pi] => 4, 3, 2;
    dbr_cf_010_pk_vs_cavalry_4 dbr_cf_011_pk_vs_foot_3 dbr_cf_012_pk_vs_train_2: [Pk] => 4, 3, 2;
    dbr_cf_013_cm_bw_vs_cavalry_4 dbr_cf_014_cm_bw_vs_foot_2 dbr_cf_015_cm_bw_vs_train_2: [Cm, Bw] => 4, 2, 2;
    dbr_cf_016_bd_vs_cavalry_3 dbr_cf_017_bd_vs_foot_5_in_close_combat dbr_cf_018_bd_vs_train_3: [Bd] => 3, 5, 3;
    dbr_cf_019_ln_si_art_gal_vs_cavalry_3 dbr_cf_020_ln_si_art_gal_vs_foot_3 dbr_cf_021_ln_si_art_gal_vs_train_3: [Ln, Si, Art, Gal] => 3, 3, 3;
    dbr_cf_022_sh_vs_cavalry_2 dbr_cf_023_sh_vs_foot_4 dbr_cf_024_sh_vs_train_3: [Sh] => 2, 4, 3;
    dbr_cf_025_dr_wb_vs_cavalry_2 dbr_cf_026_dr_wb_vs_foot_3 dbr_cf_027_dr_wb_vs_train_3: [Dr, Wb] => 2, 3, 3;
    dbr_cf_028_lh_hd_boats_vs_cavalry_2 dbr_cf_029_lh_hd_boats_vs_foot_2 dbr_cf_030_lh_hd_boats_vs_train_3: [LH, Hd, Boats] => 2, 2, 3;
    dbr_cf_031_sk_pont_temp_bridge_vs_cavalry_2 dbr_cf_032_sk_pont_temp_bridge_vs_foot_2 dbr_cf_033_sk_pont_temp_bridge_vs_train_3: [Sk, Pont, TempBridge] => 2, 2, 3;
    dbr_cf_034_bg_vs_cavalry_1 dbr_cf_035_bg_vs_foot_1 dbr_cf_036_bg_vs_train_2: [Bg] => 1, 1, 2;
}

#[test]
fn dbr_cf_017_bd_vs_foot_3_when_shooting_and_rulings() {
    let c = shoot(side(E::Bw, G::O), side(E::Bd, G::O));
    let r = run(&dbr(), &c, 1, 1);
    assert_eq!(r.b.steps[0].value, 3);
    assert_eq!(r.b.steps[0].ruling, Some("bd-three-five"));
    let cc = close(Who::A, side(E::Bd, G::O), side(E::Bw, G::O));
    assert_eq!(
        run(&dbr_with("bd-three-five", "always-3"), &cc, 1, 1)
            .a
            .steps[0]
            .value,
        3
    );
    assert_eq!(
        run(&dbr_with("bd-three-five", "always-5"), &c, 1, 1)
            .b
            .steps[0]
            .value,
        5
    );
}

#[test]
fn dbr_cf_037_unladen_or_captured_use_the_last_row() {
    let mut ships = side(E::Ships, G::O);
    ships.unladen = true;
    let c = close(Who::A, ships.clone(), side(E::Cm, G::O));
    let r = run(&dbr(), &c, 1, 1);
    assert_eq!((r.a.steps[0].rule, r.a.steps[0].value), ("DBR-CF-034", 1));
    assert_eq!(r.a.steps[0].ruling, Some("unladen-row"));
    let mut art = side(E::Art, G::S);
    art.captured = true;
    assert_eq!(
        run(&dbr(), &close(Who::A, art.clone(), side(E::Bg, G::O)), 1, 1)
            .a
            .steps[0]
            .value,
        2
    );
    assert_eq!(
        run(&dbr_with("unladen-row", "own-row"), &c, 1, 1).a.steps[0].value,
        4
    );
    // Only naval can be unladen, only Art or naval captured.
    let mut pk = side(E::Pk, G::O);
    pk.unladen = true;
    assert!(
        dbr()
            .resolve(&Combat {
                a: Side { die: Some(1), ..pk },
                b: Side {
                    die: Some(1),
                    ..side(E::Cm, G::O)
                },
                ..c.clone()
            })
            .is_err()
    );
}

#[test]
fn dbr_cf_038_the_same_base_factor_in_close_combat_and_shooting() {
    for e in E::ALL {
        if *e == E::Bd {
            continue; // "3/5": DBR-CF-017.
        }
        let cc = run(
            &dbr(),
            &close(Who::A, side(*e, G::O), side(E::Bw, G::O)),
            1,
            1,
        )
        .a
        .steps[0]
            .value;
        let sh = run(&dbr(), &shoot(side(E::Bw, G::O), side(*e, G::O)), 1, 1)
            .b
            .steps[0]
            .value;
        assert_eq!(cc, sh, "{e}");
    }
}

// ------------------------------------------------------------- DBR-RS

fn rear(e: E, g: G, foe: E, bound: Who) -> i64 {
    let mut a = side(e, g);
    a.rear_support = true;
    let without = {
        let c = close(bound, side(e, g), side(foe, G::O));
        a_total_without_die(&dbr(), &c)
    };
    a_total_without_die(&dbr(), &close(bound, a, side(foe, G::O))) - without
}

#[test]
fn dbr_rs_001_pk_rear_support_against_anyone() {
    for foe in [E::Cm, E::Bw, E::Bg] {
        assert_eq!(rear(E::Pk, G::O, foe, Who::A), 1);
        assert_eq!(rear(E::Pk, G::F, foe, Who::B), 1);
    }
}
#[test]
fn dbr_rs_002_pi_except_f_rear_support() {
    assert_eq!(rear(E::Pi, G::S, E::Bw, Who::A), 1);
    assert_eq!(rear(E::Pi, G::I, E::Cm, Who::A), 1);
    assert_eq!(rear(E::Pi, G::F, E::Bw, Who::A), 0);
}
#[test]
fn dbr_rs_003_wb_s_rear_support() {
    assert_eq!(rear(E::Wb, G::S, E::Cm, Who::A), 1);
}
#[test]
fn dbr_rs_004_wb_o_rear_support() {
    assert_eq!(rear(E::Wb, G::O, E::Bw, Who::A), 1);
    assert_eq!(rear(E::Wb, G::F, E::Bw, Who::A), 0);
}
#[test]
fn dbr_rs_005_sh_except_f_against_sh() {
    assert_eq!(rear(E::Sh, G::O, E::Sh, Who::A), 1);
    assert_eq!(rear(E::Sh, G::F, E::Sh, Who::A), 0);
    assert_eq!(rear(E::Sh, G::O, E::Bw, Who::A), 0);
}
#[test]
fn dbr_rs_006_ln_except_s_against_cavalry_in_enemy_bound() {
    assert_eq!(rear(E::Ln, G::O, E::Cm, Who::B), 1);
    assert_eq!(rear(E::Ln, G::O, E::Cm, Who::A), 0, "own bound");
    assert_eq!(rear(E::Ln, G::S, E::Cm, Who::B), 0);
}
#[test]
fn dbr_rs_007_sh_any_grade_against_cavalry_in_enemy_bound() {
    assert_eq!(rear(E::Sh, G::F, E::Cm, Who::B), 1);
    assert_eq!(rear(E::Sh, G::F, E::Cm, Who::A), 0);
}
#[test]
fn dbr_rs_008_bd_except_f_against_cavalry_in_enemy_bound() {
    assert_eq!(rear(E::Bd, G::O, E::LH, Who::B), 1);
    assert_eq!(rear(E::Bd, G::F, E::LH, Who::B), 0);
}
#[test]
fn dbr_rs_009_si_against_cavalry_in_enemy_bound() {
    assert_eq!(rear(E::Si, G::O, E::Ln, Who::B), 1);
    assert_eq!(rear(E::Si, G::O, E::Bw, Who::B), 0);
}
#[test]
fn dbr_rs_010_no_other_type_gets_rear_support_and_it_is_plus_1() {
    for e in [E::Bw, E::Cm, E::LH, E::Sk, E::Art, E::Hd, E::El] {
        assert_eq!(rear(e, G::O, E::Cm, Who::B), 0, "{e}");
    }
    let mut a = side(E::Bw, G::O);
    a.rear_support = true;
    let r = run(&dbr(), &close(Who::A, a, side(E::Cm, G::O)), 1, 1);
    assert!(
        r.a.steps
            .iter()
            .any(|s| s.rule == "DBR-RS-010" && s.ruling == Some("rear-support"))
    );
}
#[test]
fn dbr_rs_011_grade_qualifiers_attach_to_the_type_before_them() {
    // "Pk, Pi except (F)": Pk (F) still gets it. "Ln except (S), Sh": Sh (S) still gets it.
    assert_eq!(rear(E::Pk, G::F, E::Bw, Who::A), 1);
    assert_eq!(rear(E::Sh, G::S, E::Cm, Who::B), 1);
    assert_eq!(rear(E::Si, G::F, E::Cm, Who::B), 1);
}

// ------------------------------------------------------------- DBR-FS

#[test]
fn dbr_fs_001_sh_vs_cavalry_or_wb_plus_2_flanked_by_pi_not_i_or_pk() {
    for foe in [E::Cm, E::Wb] {
        let mut a = side(E::Sh, G::O);
        a.flank_support = vec![(E::Pk, G::O)];
        assert!(
            a_steps(&dbr(), &close(Who::A, a.clone(), side(foe, G::O)))
                .contains(&("DBR-FS-001", 2))
        );
        a.flank_support = vec![(E::Pi, G::I)];
        assert!(
            !a_steps(&dbr(), &close(Who::A, a, side(foe, G::O)))
                .iter()
                .any(|s| s.0 == "DBR-FS-001")
        );
    }
    let mut a = side(E::Sh, G::O);
    a.flank_support = vec![(E::Pi, G::S)];
    assert!(
        !a_steps(&dbr(), &close(Who::A, a, side(E::Bw, G::O)))
            .iter()
            .any(|s| s.0 == "DBR-FS-001")
    );
}
#[test]
fn dbr_fs_002_sh_or_art_plus_1_flanked_by_art_i() {
    for e in [E::Sh, E::Art] {
        let mut a = side(e, G::O);
        a.flank_support = vec![(E::Art, G::I)];
        assert!(a_steps(&dbr(), &close(Who::A, a, side(E::Bw, G::O))).contains(&("DBR-FS-002", 1)));
    }
}
#[test]
fn dbr_fs_003_cavalry_minus_1_against_ln_pi_pk_flanked_by_sh_or_dr() {
    for foe in [E::Ln, E::Pi, E::Pk] {
        let mut b = side(foe, G::O);
        b.flank_support = vec![(E::Dr, G::O)];
        assert!(
            a_steps(&dbr(), &close(Who::A, side(E::Cm, G::O), b)).contains(&("DBR-FS-003", -1))
        );
    }
    let mut b = side(E::Bw, G::O);
    b.flank_support = vec![(E::Sh, G::O)];
    assert!(
        !a_steps(&dbr(), &close(Who::A, side(E::Cm, G::O), b))
            .iter()
            .any(|s| s.0 == "DBR-FS-003")
    );
}
#[test]
fn dbr_fs_004_support_on_both_flanks_counts_once_by_default() {
    let mut a = side(E::Sh, G::O);
    a.flank_support = vec![(E::Pk, G::O), (E::Pk, G::O)];
    let c = close(Who::A, a, side(E::Cm, G::O));
    assert!(a_steps(&dbr(), &c).contains(&("DBR-FS-001", 2)));
    assert!(a_steps(&dbr_with("flank-support", "per-flank"), &c).contains(&("DBR-FS-001", 4)));
}

// ------------------------------------------------------------- DBR-TF

fn has(d: &Dbr, c: &Combat, rule: &str, value: i64) -> bool {
    a_steps(d, c).contains(&(leak(rule), value))
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

#[test]
fn dbr_tf_001_fortified_foot_or_art_plus_2_in_close_combat_unless_vs_sk_x() {
    let mut a = side(E::Bw, G::O);
    a.fortified = true;
    assert!(has(
        &dbr(),
        &close(Who::A, a.clone(), side(E::Cm, G::O)),
        "DBR-TF-001",
        2
    ));
    assert!(!has(
        &dbr(),
        &close(Who::A, a, side(E::Sk, G::X)),
        "DBR-TF-001",
        2
    ));
    let mut cav = side(E::Cm, G::O);
    cav.fortified = true;
    assert!(
        !has(
            &dbr(),
            &close(Who::A, cav, side(E::Bw, G::O)),
            "DBR-TF-001",
            2
        ),
        "cavalry are not foot"
    );
}
#[test]
fn dbr_tf_002_fortified_plus_2_when_shot_at_unless_art_s_within_600p_or_bw() {
    let mut t = side(E::Pk, G::O);
    t.fortified = true;
    let target_has = |shooter: Side, dist: Option<Distance>, d: &Dbr| {
        let mut c = shoot(shooter, t.clone());
        c.distance = dist;
        run(d, &c, 1, 1)
            .b
            .steps
            .iter()
            .any(|s| s.rule == "DBR-TF-002" && s.value == 2)
    };
    assert!(target_has(side(E::Sh, G::O), None, &dbr()));
    assert!(!target_has(side(E::Bw, G::O), None, &dbr()));
    assert!(!target_has(
        side(E::Art, G::S),
        Some(Distance::paces(600)),
        &dbr()
    ));
    assert!(target_has(
        side(E::Art, G::S),
        Some(Distance::cm(49)),
        &dbr()
    ));
    assert!(target_has(
        side(E::Art, G::O),
        Some(Distance::paces(300)),
        &dbr()
    ));
    // The other reading: every shot-at element gets +2.
    let mut plain = shoot(side(E::Sh, G::O), side(E::Pk, G::O));
    plain.a.die = Some(1);
    plain.b.die = Some(1);
    assert!(
        dbr_with("fortified", "three-cases")
            .resolve(&plain)
            .unwrap()
            .b
            .steps
            .iter()
            .any(|s| s.rule == "DBR-TF-002")
    );
}
#[test]
fn dbr_tf_003_foot_art_bg_behind_obstacle_plus_1_vs_cavalry() {
    for e in [E::Bw, E::Art, E::Bg] {
        let mut a = side(e, G::O);
        a.obstacle = true;
        assert!(
            has(
                &dbr(),
                &close(Who::A, a.clone(), side(E::Cm, G::O)),
                "DBR-TF-003",
                1
            ),
            "{e}"
        );
        assert!(!has(
            &dbr(),
            &close(Who::A, a, side(E::Bw, G::O)),
            "DBR-TF-003",
            1
        ));
    }
}
#[test]
fn dbr_tf_004_upslope_plus_1_in_close_combat() {
    let mut a = side(E::Bw, G::O);
    a.upslope = true;
    assert!(has(
        &dbr(),
        &close(Who::A, a.clone(), side(E::Cm, G::O)),
        "DBR-TF-004",
        1
    ));
    assert!(!has(&dbr(), &shoot(a, side(E::Bw, G::O)), "DBR-TF-004", 1));
}
#[test]
fn dbr_tf_005_defending_a_riverbank_plus_1() {
    let mut a = side(E::Pk, G::O);
    a.riverbank = true;
    assert!(has(
        &dbr(),
        &close(Who::B, a, side(E::Bw, G::O)),
        "DBR-TF-005",
        1
    ));
}
#[test]
fn dbr_tf_006_foot_in_bua_plus_1_unless_shot_by_art_or_on_road() {
    let mut t = side(E::Bw, G::O);
    t.in_bua = true;
    assert!(has(
        &dbr(),
        &close(Who::A, t.clone(), side(E::Cm, G::O)),
        "DBR-TF-006",
        1
    ));
    let by_art = run(&dbr(), &shoot(side(E::Art, G::O), t.clone()), 1, 1);
    assert!(!by_art.b.steps.iter().any(|s| s.rule == "DBR-TF-006"));
    let mut on_road = t.clone();
    on_road.on_road = true;
    assert!(!has(
        &dbr(),
        &close(Who::A, on_road.clone(), side(E::Cm, G::O)),
        "DBR-TF-006",
        1
    ));
    assert!(has(
        &dbr_with("bua-road", "shooter-on-road"),
        &close(Who::A, on_road, side(E::Cm, G::O)),
        "DBR-TF-006",
        1
    ));
}
#[test]
fn dbr_tf_007_shot_at_by_art_on_a_hill_plus_1_to_the_target() {
    let mut art = side(E::Art, G::O);
    art.on_hill = true;
    let r = run(&dbr(), &shoot(art.clone(), side(E::Pk, G::O)), 1, 1);
    assert!(
        r.b.steps
            .iter()
            .any(|s| s.rule == "DBR-TF-007" && s.value == 1)
    );
    let r = run(
        &dbr_with("shot-at-bonus", "shooter"),
        &shoot(art, side(E::Pk, G::O)),
        1,
        1,
    );
    assert!(r.a.steps.iter().any(|s| s.rule == "DBR-TF-007"));
}
#[test]
fn dbr_tf_008_shot_at_by_wwg_or_ship_front_edge_plus_1_to_the_target() {
    for e in [E::WWg, E::Ships] {
        let mut s = side(e, G::O);
        s.front_edge = true;
        let r = run(&dbr(), &shoot(s, side(E::Pk, G::O)), 1, 1);
        let step = r.b.steps.iter().find(|s| s.rule == "DBR-TF-008").unwrap();
        assert_eq!((step.value, step.ruling), (1, Some("shot-at-bonus")));
    }
}
#[test]
fn dbr_tf_009_general_plus_1_in_close_combat_or_shot_at() {
    let mut g = side(E::Bw, G::O);
    g.general = true;
    assert!(has(
        &dbr(),
        &close(Who::A, g.clone(), side(E::Cm, G::O)),
        "DBR-TF-009",
        1
    ));
    assert!(
        !has(
            &dbr(),
            &shoot(g.clone(), side(E::Bw, G::O)),
            "DBR-TF-009",
            1
        ),
        "shooting, not shot at"
    );
    let r = run(&dbr(), &shoot(side(E::Bw, G::O), g), 1, 1);
    assert!(r.b.steps.iter().any(|s| s.rule == "DBR-TF-009"));
}
#[test]
fn dbr_tf_010_art_s_o_i_plus_1_in_close_combat_in_enemy_bound() {
    for g in [G::S, G::O, G::I] {
        assert!(has(
            &dbr(),
            &close(Who::B, side(E::Art, g), side(E::Cm, G::O)),
            "DBR-TF-010",
            1
        ));
        assert!(!has(
            &dbr(),
            &close(Who::A, side(E::Art, g), side(E::Cm, G::O)),
            "DBR-TF-010",
            1
        ));
    }
    for g in [G::F, G::X] {
        assert!(!has(
            &dbr(),
            &close(Who::B, side(E::Art, g), side(E::Cm, G::O)),
            "DBR-TF-010",
            1
        ));
    }
}
#[test]
fn dbr_tf_011_art_s_o_i_plus_1_shooting_within_100p() {
    let mut c = shoot(side(E::Art, G::I), side(E::Pk, G::O));
    c.distance = Some(Distance::cm(8));
    assert!(has(&dbr(), &c, "DBR-TF-011", 1));
    c.distance = Some(Distance::paces(150));
    assert!(!has(&dbr(), &c, "DBR-TF-011", 1));
    c.distance = Some(Distance::paces(100));
    c.a.grade = G::F;
    assert!(!has(&dbr(), &c, "DBR-TF-011", 1));
}
#[test]
fn dbr_tf_012_beaten_command_minus_1() {
    let mut a = side(E::Pk, G::O);
    a.beaten_command = true;
    assert!(has(
        &dbr(),
        &close(Who::A, a, side(E::Bw, G::O)),
        "DBR-TF-012",
        -1
    ));
}
#[test]
fn dbr_tf_013_weather_minus_1() {
    let mut a = side(E::Pk, G::O);
    a.weather = true;
    assert!(has(
        &dbr(),
        &close(Who::A, a, side(E::Bw, G::O)),
        "DBR-TF-013",
        -1
    ));
}
#[test]
fn dbr_tf_014_minus_1_per_flank_overlapped_or_contacted() {
    let mut a = side(E::Pk, G::O);
    a.overlaps = 2;
    assert!(has(
        &dbr(),
        &close(Who::A, a.clone(), side(E::Bw, G::O)),
        "DBR-TF-014",
        -2
    ));
    a.overlaps = 4;
    let mut c = close(Who::A, a, side(E::Bw, G::O));
    c.a.die = Some(1);
    c.b.die = Some(1);
    assert!(
        dbr().resolve(&c).is_err(),
        "at most two flanks and the rear"
    );
    assert!(dbr_with("overlap", "each").resolve(&c).is_ok());
}
#[test]
fn dbr_tf_015_minus_1_for_each_element_assisting_enemy_shooting() {
    let mut s = side(E::Bw, G::O);
    s.assisting = 2;
    let r = run(&dbr(), &shoot(s.clone(), side(E::Pk, G::O)), 1, 1);
    assert!(
        r.b.steps
            .iter()
            .any(|x| x.rule == "DBR-TF-015" && x.value == -2)
    );
    s.assisting = 3;
    let mut c = shoot(s, side(E::Pk, G::O));
    c.a.die = Some(1);
    c.b.die = Some(1);
    assert!(dbr().resolve(&c).is_err());
}
#[test]
fn dbr_tf_016_cavalry_pk_train_minus_2_attacking_across_fortification() {
    for e in [E::Cm, E::Pk, E::Art] {
        let mut a = side(e, G::O);
        a.across_obstacle = true;
        assert!(
            has(
                &dbr(),
                &close(Who::A, a, side(E::Bw, G::O)),
                "DBR-TF-016",
                -2
            ),
            "{e}"
        );
    }
    let mut bw = side(E::Bw, G::O);
    bw.across_obstacle = true;
    assert!(!has(
        &dbr(),
        &close(Who::A, bw, side(E::Bw, G::O)),
        "DBR-TF-016",
        -2
    ));
}
#[test]
fn dbr_tf_017_cavalry_pk_train_minus_2_in_rough_or_difficult_unless_facing_road() {
    let mut a = side(E::Pk, G::O);
    a.going = Going::Rough;
    assert!(has(
        &dbr(),
        &close(Who::A, a.clone(), side(E::Bw, G::O)),
        "DBR-TF-017",
        -2
    ));
    a.facing_road = true;
    assert!(!has(
        &dbr(),
        &close(Who::A, a, side(E::Bw, G::O)),
        "DBR-TF-017",
        -2
    ));
}
#[test]
fn dbr_tf_018_cavalry_pk_train_minus_2_fighting_enemy_in_rough_or_difficult() {
    let mut b = side(E::Bw, G::O);
    b.going = Going::Difficult;
    assert!(has(
        &dbr(),
        &close(Who::A, side(E::LH, G::O), b),
        "DBR-TF-018",
        -2
    ));
}
#[test]
fn dbr_tf_019_all_tactical_factors_add_together() {
    // Pk (O) vs Bw, general, upslope, one overlap, beaten command:
    // 3 + 1 + 1 - 1 - 1 = 3.
    let mut a = side(E::Pk, G::O);
    a.general = true;
    a.upslope = true;
    a.overlaps = 1;
    a.beaten_command = true;
    assert_eq!(
        a_total_without_die(&dbr(), &close(Who::A, a, side(E::Bw, G::O))),
        3
    );
}

// ------------------------------------------------------------- DBR-SGF / DBR-CGF

/// Side A's grading steps, for given dice.
fn grading(d: &Dbr, c: &Combat, da: u32, db: u32) -> Vec<(&'static str, i64)> {
    run(d, c, da, db)
        .a
        .grading
        .iter()
        .map(|s| (s.rule, s.value))
        .collect()
}

#[test]
fn dbr_sgf_001_s_plus_1_when_less_than_bw() {
    // Sk (S) 2+1 = 3 against Bw (O) 2+4 = 6.
    let c = shoot(side(E::Sk, G::S), side(E::Bw, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 4), vec![("DBR-SGF-001", 1)]);
    let c = shoot(side(E::Sk, G::S), side(E::Sh, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 4), vec![]);
}
#[test]
fn dbr_sgf_002_bw_or_art_s_plus_1_when_more() {
    for e in [E::Bw, E::Art] {
        let c = shoot(side(e, G::S), side(E::Pk, G::O));
        assert_eq!(grading(&dbr(), &c, 6, 1), vec![("DBR-SGF-002", 1)], "{e}");
    }
}
#[test]
fn dbr_sgf_003_i_minus_1_when_less() {
    let c = shoot(side(E::Sh, G::I), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 6), vec![("DBR-SGF-003", -1)]);
}
#[test]
fn dbr_sgf_004_i_land_minus_1_more_when_less_than_bw() {
    let c = shoot(side(E::Sh, G::I), side(E::Bw, G::O));
    assert_eq!(
        grading(&dbr(), &c, 1, 6),
        vec![("DBR-SGF-003", -1), ("DBR-SGF-004", -1)]
    );
}
#[test]
fn dbr_sgf_005_f_minus_1_when_more() {
    let c = shoot(side(E::Bw, G::F), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &c, 6, 1), vec![("DBR-SGF-005", -1)]);
}
#[test]
fn dbr_sgf_006_x_plus_2_even_against_cavalry_or_wwg() {
    // Art (X) 3 + 1 = 4 (even) against Cm.
    let c = shoot(side(E::Art, G::X), side(E::Cm, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 1), vec![("DBR-SGF-006", 2)]);
    let c = shoot(side(E::Art, G::X), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 1), vec![]);
}
#[test]
fn dbr_sgf_007_x_minus_2_odd() {
    let c = shoot(side(E::Art, G::X), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &c, 2, 1), vec![("DBR-SGF-007", -2)]);
}
#[test]
fn dbr_sgf_008_i_land_losing_to_bw_is_minus_2_by_default() {
    let c = shoot(side(E::Sh, G::I), side(E::Bw, G::O));
    let r = run(&dbr(), &c, 1, 6);
    assert_eq!(r.a.final_score, r.a.total - 2);
    assert!(r.rulings().contains(&"inferior-vs-bw"));
    let one = run(&dbr_with("inferior-vs-bw", "one-row"), &c, 1, 6);
    assert_eq!(one.a.final_score, one.a.total - 1);
}
#[test]
fn dbr_sgf_009_both_sides_graded_on_pre_grading_totals() {
    // Sh (F) 4 + 6 = 10 shoots at Sh (I) 4 + 1 = 5. A (F) more: -1 -> 9;
    // B (I) less: -1 -> 4. Both compare 10 with 5, the pre-grading totals.
    let c = shoot(side(E::Sh, G::F), side(E::Sh, G::I));
    let r = run(&dbr(), &c, 6, 1);
    assert_eq!((r.a.total, r.a.final_score), (10, 9));
    assert_eq!((r.b.total, r.b.final_score), (5, 4));
    assert!(r.rulings().contains(&"grading-basis"));
}

#[test]
fn dbr_cgf_001_s_plus_1_when_less_unless_vs_art_or_el() {
    let c = close(Who::A, side(E::Pk, G::S), side(E::Bw, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 6), vec![("DBR-CGF-001", 1)]);
    for foe in [E::Art, E::El] {
        let c = close(Who::A, side(E::Pk, G::S), side(foe, G::O));
        assert_eq!(grading(&dbr(), &c, 1, 6), vec![], "{foe}");
    }
}
#[test]
fn dbr_cgf_002_sh_s_plus_1_when_more() {
    let c = close(Who::A, side(E::Sh, G::S), side(E::Bw, G::O));
    assert_eq!(grading(&dbr(), &c, 6, 1), vec![("DBR-CGF-002", 1)]);
}
#[test]
fn dbr_cgf_003_i_minus_1_when_less_or_equal() {
    // Pk (I) 3+1 = 4 vs Pk (O) 3+1 = 4: equal.
    let c = close(Who::A, side(E::Pk, G::I), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 1), vec![("DBR-CGF-003", -1)]);
    assert_eq!(grading(&dbr(), &c, 2, 1), vec![]);
}
#[test]
fn dbr_cgf_004_f_minus_1_when_less_in_enemy_bound_only() {
    let c = close(Who::B, side(E::Wb, G::F), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 6), vec![("DBR-CGF-004", -1)]);
    let own = close(Who::A, side(E::Wb, G::F), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &own, 1, 6), vec![]);
}
#[test]
fn dbr_cgf_005_x_plus_2_even_against_cavalry_pk_el_wwg() {
    // Wb (X) vs Pk: 3 + 1 = 4, even.
    for foe in [E::Pk, E::Cm, E::El, E::WWg] {
        let c = close(Who::A, side(E::Wb, G::X), side(foe, G::O));
        let g = grading(&dbr(), &c, 1, 1);
        let total = run(&dbr(), &c, 1, 1).a.total;
        if total % 2 == 0 {
            assert_eq!(g, vec![("DBR-CGF-005", 2)], "{foe}");
        }
    }
    let c = close(Who::A, side(E::Wb, G::X), side(E::Bw, G::O));
    assert_eq!(
        grading(&dbr(), &c, 1, 1),
        vec![],
        "3 + 1 = 4 even, but Bw is not listed"
    );
}
#[test]
fn dbr_cgf_006_x_minus_2_odd() {
    let c = close(Who::A, side(E::Wb, G::X), side(E::Bw, G::O));
    assert_eq!(grading(&dbr(), &c, 2, 1), vec![("DBR-CGF-006", -2)]);
}
#[test]
fn dbr_cgf_007_f_in_own_bound_and_o_get_nothing() {
    let c = close(Who::A, side(E::Wb, G::F), side(E::Pk, G::O));
    assert_eq!(grading(&dbr(), &c, 1, 6), vec![]);
    let c = close(Who::A, side(E::Wb, G::O), side(E::Pk, G::O));
    for da in 1..=6 {
        assert_eq!(grading(&dbr(), &c, da, 3), vec![]);
    }
}

// ------------------------------------------------------------- DBR-RES

#[test]
fn dbr_res_001_final_is_base_plus_factors_plus_d6_then_graded() {
    // Pk (S) 4 vs cavalry + rear 1 + die 2 = 7; Cm (O) 4 + 6 = 10 (CF vs foot 2... Cm vs foot is 2): 2 + 6 = 8.
    let mut a = side(E::Pk, G::S);
    a.rear_support = true;
    let r = run(&dbr(), &close(Who::A, a, side(E::Cm, G::O)), 2, 6);
    assert_eq!(r.a.total, 7);
    assert_eq!(r.b.total, 8);
    assert_eq!(r.a.final_score, 8, "(S) less than: +1");
}
#[test]
fn dbr_res_002_loser_above_half_uses_table_1() {
    // Pk (O) 4+5 = 9 vs Cm (O) 2+4 = 6: 6 > 4.5.
    let r = run(
        &dbr(),
        &close(Who::A, side(E::Pk, G::O), side(E::Cm, G::O)),
        5,
        4,
    );
    assert_eq!((r.outcome.loser, r.outcome.table), (Some(Who::B), Some(1)));
}
#[test]
fn dbr_res_003_loser_at_half_or_less_uses_table_2() {
    // Pk (O) 4+4 = 8 vs Cm (O) 2+2 = 4: exactly half.
    let r = run(
        &dbr(),
        &close(Who::A, side(E::Pk, G::O), side(E::Cm, G::O)),
        4,
        2,
    );
    assert_eq!((r.outcome.loser, r.outcome.table), (Some(Who::B), Some(2)));
    let r = run(
        &dbr(),
        &close(Who::A, side(E::Pk, G::O), side(E::Cm, G::O)),
        4,
        3,
    );
    assert_eq!(r.outcome.table, Some(1), "5 is more than half of 8");
}
#[test]
fn dbr_res_004_first_matching_clause_decides() {
    // Pi beaten in an enemy bound by Ln: clause 2 of the entry, not "otherwise".
    let c = close(Who::A, side(E::Ln, G::O), side(E::Pi, G::O));
    let (l, rule, e) = effect(&dbr(), &c, 6, 4);
    assert_eq!(
        (l, rule, e),
        (Some(Who::B), "DBR-OUT1-005", Effect::Destroyed)
    );
}
#[test]
fn dbr_res_005_equal_scores_no_result() {
    let r = run(
        &dbr(),
        &close(Who::A, side(E::Pk, G::O), side(E::Pk, G::O)),
        3,
        3,
    );
    assert_eq!(
        (r.outcome.loser, r.outcome.effect),
        (None, Effect::NoEffect)
    );
    assert_eq!(r.outcome.ruling, Some("tie"));
}
#[test]
fn dbr_res_006_outcomes_are_named_for_the_players_to_carry_out() {
    let all = [
        Effect::NoEffect,
        Effect::Recoil,
        Effect::Flee,
        Effect::DraughtTeamsDesert,
        Effect::Destroyed,
        Effect::Captured,
    ];
    let names: Vec<_> = all.iter().map(|e| e.name()).collect();
    assert_eq!(
        names,
        [
            "no effect",
            "recoil",
            "flee",
            "draught teams desert",
            "destroyed",
            "captured"
        ]
    );
}
#[test]
fn dbr_res_007_counts_as_good_is_the_beaten_elements_going_by_default() {
    // Wb beaten by Ln: destroyed if the Wb stands in good going.
    let c = close(Who::A, side(E::Ln, G::O), side(E::Wb, G::O));
    assert_eq!(effect(&dbr(), &c, 6, 2).2, Effect::Destroyed);
    let mut rough = c.clone();
    rough.b.going = Going::Rough;
    assert_eq!(out1(&dbr(), &rough), ("DBR-OUT1-029", Effect::Recoil));
    let r = run(&dbr(), &rough, 6, 4);
    assert_eq!(
        (r.outcome.effect, r.outcome.ruling),
        (Effect::Recoil, Some("counts-as-good"))
    );
    let mut attacker_rough = c.clone();
    attacker_rough.a.going = Going::Rough;
    assert_eq!(effect(&dbr(), &attacker_rough, 6, 2).2, Effect::Destroyed);
    assert_eq!(
        effect(
            &dbr_with("counts-as-good", "either-in-good"),
            &attacker_rough,
            6,
            2
        )
        .2,
        Effect::Recoil
    );
}

// ------------------------------------------------------------- DBR-OUT1

/// B loses to A in table 1 (A scores more, B more than half): returns the
/// rule and effect. `bound` is whose bound; `shooting` makes A shoot at B.
fn out1(d: &Dbr, c: &Combat) -> (&'static str, Effect) {
    for da in 1..=6 {
        for db in 1..=6 {
            let r = run(d, c, da, db);
            if r.outcome.loser == Some(Who::B) && r.outcome.table == Some(1) {
                return (r.outcome.rule, r.outcome.effect);
            }
        }
    }
    panic!("no die pair gives B a table-1 loss");
}

fn out2(d: &Dbr, c: &Combat) -> (&'static str, Effect) {
    for da in (1..=6).rev() {
        for db in 1..=6 {
            let r = run(d, c, da, db);
            if r.outcome.loser == Some(Who::B) && r.outcome.table == Some(2) {
                return (r.outcome.rule, r.outcome.effect);
            }
        }
    }
    panic!("no die pair gives B a table-2 loss");
}

fn cc(bound: Who, a: (E, G), b: (E, G)) -> Combat {
    close(bound, side(a.0, a.1), side(b.0, b.1))
}

const O: G = G::O;

macro_rules! outcome_tests {
    ($table:ident: $($name:ident: $combat:expr => ($rule:literal, $effect:ident);)+) => {$(
        #[test]
        fn $name() {
            assert_eq!($table(&dbr(), &$combat), ($rule, Effect::$effect));
        }
    )+};
}

fn with_b(mut c: Combat, f: impl FnOnce(&mut Side)) -> Combat {
    f(&mut c.b);
    c
}

outcome_tests! { out1:
    dbr_out1_001_ln_charging_front_of_bw_s_destroyed: with_b(cc(Who::B, (E::Bw, G::S), (E::Ln, O)), |b| b.charged_front = true) => ("DBR-OUT1-001", Destroyed);
    dbr_out1_002_ln_destroyed_by_el: cc(Who::A, (E::El, O), (E::Ln, O)) => ("DBR-OUT1-002", Destroyed);
    dbr_out1_003_ln_otherwise_recoils: cc(Who::B, (E::Bw, G::S), (E::Ln, O)) => ("DBR-OUT1-003", Recoil);
    dbr_out1_005_pi_destroyed_in_enemy_bound_by_ln: cc(Who::A, (E::Ln, O), (E::Pi, O)) => ("DBR-OUT1-005", Destroyed);
    dbr_out1_006_pi_destroyed_in_enemy_bound_by_pi_f: cc(Who::A, (E::Pi, G::F), (E::Pi, O)) => ("DBR-OUT1-006", Destroyed);
    dbr_out1_007_pi_destroyed_in_own_bound_by_si: cc(Who::B, (E::Si, O), (E::Pi, O)) => ("DBR-OUT1-007", Destroyed);
    dbr_out1_008_pi_otherwise_recoils: cc(Who::B, (E::Ln, O), (E::Pi, O)) => ("DBR-OUT1-008", Recoil);
    dbr_out1_009_si_destroyed_by_ln_in_enemy_bound: cc(Who::A, (E::Ln, O), (E::Si, O)) => ("DBR-OUT1-009", Destroyed);
    dbr_out1_010_si_flees_from_shooting_by_pi_or_sh: shoot(side(E::Sh, O), side(E::Si, O)) => ("DBR-OUT1-010", Flee);
    dbr_out1_011_si_otherwise_recoils: cc(Who::B, (E::Ln, O), (E::Si, O)) => ("DBR-OUT1-011", Recoil);
    dbr_out1_012_lh_recoils_from_lh_or_sk: cc(Who::A, (E::Sk, O), (E::LH, O)) => ("DBR-OUT1-012", Recoil);
    dbr_out1_013_lh_otherwise_flees: cc(Who::A, (E::Cm, O), (E::LH, O)) => ("DBR-OUT1-013", Flee);
    dbr_out1_014_cm_s_destroyed_by_el: cc(Who::A, (E::El, O), (E::Cm, G::S)) => ("DBR-OUT1-014", Destroyed);
    dbr_out1_015_cm_otherwise_flees_even_cm_o_by_el: cc(Who::A, (E::El, O), (E::Cm, O)) => ("DBR-OUT1-015", Flee);
    dbr_out1_016_dr_or_bw_destroyed_by_cavalry_in_close_combat_good_going: cc(Who::A, (E::Cm, O), (E::Bw, O)) => ("DBR-OUT1-016", Destroyed);
    dbr_out1_017_dr_or_bw_otherwise_recoil: with_b(cc(Who::A, (E::Cm, O), (E::Dr, O)), |b| b.going = Going::Rough) => ("DBR-OUT1-017", Recoil);
    dbr_out1_018_pk_destroyed_by_pi_in_own_bound: cc(Who::B, (E::Pi, O), (E::Pk, O)) => ("DBR-OUT1-018", Destroyed);
    dbr_out1_019_pk_destroyed_in_enemy_bound_by_ln_cm_s_bd_f: cc(Who::A, (E::Bd, G::F), (E::Pk, O)) => ("DBR-OUT1-019", Destroyed);
    dbr_out1_020_pk_otherwise_recoils: cc(Who::A, (E::Pi, O), (E::Pk, O)) => ("DBR-OUT1-020", Recoil);
    dbr_out1_021_sh_destroyed_in_enemy_bound_by_ln_in_good_going: cc(Who::A, (E::Ln, O), (E::Sh, O)) => ("DBR-OUT1-021", Destroyed);
    dbr_out1_022_sh_destroyed_by_sh_f_bd_or_wb_any_going: with_b(cc(Who::B, (E::Wb, O), (E::Sh, O)), |b| b.going = Going::Difficult) => ("DBR-OUT1-022", Destroyed);
    dbr_out1_023_sh_otherwise_recoils: with_b(cc(Who::A, (E::Ln, O), (E::Sh, O)), |b| b.going = Going::Rough) => ("DBR-OUT1-023", Recoil);
    dbr_out1_024_bd_destroyed_in_enemy_bound_by_ln_si_cm_s: cc(Who::A, (E::Si, O), (E::Bd, O)) => ("DBR-OUT1-024", Destroyed);
    dbr_out1_025_bd_destroyed_by_sh_in_own_bound: cc(Who::B, (E::Sh, O), (E::Bd, O)) => ("DBR-OUT1-025", Destroyed);
    dbr_out1_026_bd_otherwise_recoils: cc(Who::A, (E::Sh, O), (E::Bd, O)) => ("DBR-OUT1-026", Recoil);
    dbr_out1_027_wb_hd_destroyed_by_ln_or_cm_s_in_good_going: cc(Who::A, (E::Cm, G::S), (E::Hd, O)) => ("DBR-OUT1-027", Destroyed);
    dbr_out1_028_wb_hd_flee_from_art_or_naval_shooting: shoot(side(E::Ships, O), side(E::Wb, O)) => ("DBR-OUT1-028", Flee);
    dbr_out1_029_wb_hd_otherwise_recoil: cc(Who::A, (E::Pk, O), (E::Wb, O)) => ("DBR-OUT1-029", Recoil);
    dbr_out1_030_sk_destroyed_by_cavalry_or_dragoons_in_good_going: cc(Who::A, (E::Dr, O), (E::Sk, O)) => ("DBR-OUT1-030", Destroyed);
    dbr_out1_031_sk_flees_from_wb_in_good_going: cc(Who::A, (E::Wb, O), (E::Sk, O)) => ("DBR-OUT1-031", Flee);
    dbr_out1_032_sk_recoils_from_others_in_good_going: cc(Who::A, (E::Bw, O), (E::Sk, O)) => ("DBR-OUT1-032", Recoil);
    dbr_out1_033_sk_otherwise_recoils: shoot(side(E::Bw, O), side(E::Sk, O)) => ("DBR-OUT1-033", Recoil);
    dbr_out1_034_art_destroyed_by_art_s: shoot(side(E::Art, G::S), side(E::Art, G::F)) => ("DBR-OUT1-034", Destroyed);
    dbr_out1_035_art_destroyed_in_close_combat: cc(Who::A, (E::Bw, O), (E::Art, G::I)) => ("DBR-OUT1-035", Destroyed);
    dbr_out1_037_art_f_or_x_flee: shoot(side(E::Bw, O), side(E::Art, G::F)) => ("DBR-OUT1-037", Flee);
    dbr_out1_038_art_i_recoils: shoot(side(E::Bw, O), side(E::Art, G::I)) => ("DBR-OUT1-038", Recoil);
    dbr_out1_040_pont_destroyed_in_close_combat: cc(Who::A, (E::Bw, O), (E::Pont, O)) => ("DBR-OUT1-040", Destroyed);
    dbr_out1_041_pont_otherwise_recoils: shoot(side(E::Bw, O), side(E::Pont, O)) => ("DBR-OUT1-041", Recoil);
    dbr_out1_042_wwg_destroyed_by_el_sk_x_art_s_o: shoot(side(E::Art, O), side(E::WWg, O)) => ("DBR-OUT1-042", Destroyed);
    dbr_out1_043_wwg_otherwise_no_effect: cc(Who::A, (E::Pk, O), (E::WWg, O)) => ("DBR-OUT1-043", NoEffect);
    dbr_out1_044_el_flee_from_shooting_by_pi_or_sh: shoot(side(E::Sh, O), side(E::El, O)) => ("DBR-OUT1-044", Flee);
    dbr_out1_045_el_otherwise_recoil: cc(Who::A, (E::Pk, O), (E::El, O)) => ("DBR-OUT1-045", Recoil);
    dbr_out1_046_bg_destroyed_in_close_combat: cc(Who::A, (E::LH, O), (E::Bg, O)) => ("DBR-OUT1-046", Destroyed);
    dbr_out1_047_bg_mobile_otherwise_flees: shoot(side(E::Bw, O), side(E::Bg, O)) => ("DBR-OUT1-047", Flee);
    dbr_out1_048_bg_immobile_otherwise_no_effect: with_b(shoot(side(E::Bw, O), side(E::Bg, O)), |b| b.immobile = true) => ("DBR-OUT1-048", NoEffect);
    dbr_out1_049_naval_or_bridge_destroyed_in_close_combat_by_naval_x: cc(Who::A, (E::Gal, G::X), (E::Boats, O)) => ("DBR-OUT1-049", Destroyed);
    dbr_out1_050_laden_naval_otherwise_recoils: cc(Who::A, (E::Gal, O), (E::Boats, O)) => ("DBR-OUT1-050", Recoil);
    dbr_out1_051_unladen_naval_or_bridge_otherwise_no_effect: cc(Who::A, (E::Bw, O), (E::TempBridge, O)) => ("DBR-OUT1-051", NoEffect);
}

#[test]
fn dbr_out1_004_pi_destroyed_in_enemy_bound_by_pi_s_or_o_with_even_score() {
    // Pi (O) 3 vs cavalry + 5 = 8 (even) beats Pi (O) 4 + ... use Pi vs Pi:
    // both 4 against cavalry. A: 4 + 4 = 8 (even); B: 4 + 2 = 6 -> destroyed.
    let c = cc(Who::A, (E::Pi, O), (E::Pi, O));
    let r = run(&dbr(), &c, 4, 2);
    assert_eq!((r.a.final_score, r.b.final_score), (8, 6));
    assert_eq!(
        (r.outcome.rule, r.outcome.effect),
        ("DBR-OUT1-004", Effect::Destroyed)
    );
    // Odd: A 4 + 5 = 9, B 4 + 3 = 7 -> recoil.
    let r = run(&dbr(), &c, 5, 3);
    assert_eq!(
        (r.outcome.rule, r.outcome.effect),
        ("DBR-OUT1-008", Effect::Recoil)
    );
}

#[test]
fn dbr_out1_036_art_s_or_o_even_score_loses_draught_teams() {
    // Shot by Bw (O): Bw 2 + 6 = 8; Art (O) 3 + 3 = 6 (even, more than half).
    let r = run(&dbr(), &shoot(side(E::Bw, O), side(E::Art, O)), 6, 3);
    assert_eq!(
        (r.b.final_score, r.outcome.rule, r.outcome.effect),
        (6, "DBR-OUT1-036", Effect::DraughtTeamsDesert)
    );
}

#[test]
fn dbr_out1_039_art_s_or_o_odd_score_no_effect() {
    // Bw (O) 2 + 6 = 8; Art (O) 3 + 2 = 5 (odd, more than half).
    let r = run(&dbr(), &shoot(side(E::Bw, O), side(E::Art, O)), 6, 2);
    assert_eq!(
        (r.outcome.rule, r.outcome.effect, r.outcome.ruling),
        ("DBR-OUT1-039", Effect::NoEffect, Some("art-odd"))
    );
}

#[test]
fn dbr_out1_043_wwg_recoil_ruling() {
    assert_eq!(
        out1(
            &dbr_with("wwg-otherwise", "recoil"),
            &cc(Who::A, (E::Pk, O), (E::WWg, O))
        ),
        ("DBR-OUT1-043", Effect::Recoil)
    );
}

#[test]
fn dbr_out1_022_sh_by_wb_only_in_enemy_bound_close_combat_ruling() {
    let d = dbr_with("sh-by-sh-f", "enemy-bound-close-combat");
    assert_eq!(
        out1(&d, &cc(Who::B, (E::Wb, O), (E::Sh, O))),
        ("DBR-OUT1-023", Effect::Recoil)
    );
    assert_eq!(
        out1(&d, &cc(Who::A, (E::Wb, O), (E::Sh, O))),
        ("DBR-OUT1-022", Effect::Destroyed)
    );
}

// ------------------------------------------------------------- DBR-OUT2

outcome_tests! { out2:
    dbr_out2_001_lh_sk_flee_from_pk: cc(Who::A, (E::Pk, O), (E::LH, O)) => ("DBR-OUT2-001", Flee);
    dbr_out2_002_lh_sk_flee_from_bd_except_f: cc(Who::A, (E::Bd, O), (E::Sk, O)) => ("DBR-OUT2-002", Flee);
    dbr_out2_003_lh_sk_flee_from_shooting: shoot(side(E::Bw, O), side(E::LH, O)) => ("DBR-OUT2-003", Flee);
    dbr_out2_004_lh_sk_otherwise_destroyed_even_by_bd_f: cc(Who::A, (E::Bd, G::F), (E::LH, O)) => ("DBR-OUT2-004", Destroyed);
    dbr_out2_005_other_cavalry_flee_from_pk_in_good_going: cc(Who::A, (E::Pk, O), (E::Pi, O)) => ("DBR-OUT2-005", Flee);
    dbr_out2_006_other_cavalry_otherwise_destroyed_ln_vs_pk: cc(Who::A, (E::Pk, O), (E::Ln, O)) => ("DBR-OUT2-006", Destroyed);
    dbr_out2_007_dr_destroyed_in_close_combat_good_going_by_cavalry: cc(Who::A, (E::Cm, O), (E::Dr, O)) => ("DBR-OUT2-007", Destroyed);
    dbr_out2_008_dr_otherwise_flees: cc(Who::A, (E::Pk, O), (E::Dr, O)) => ("DBR-OUT2-008", Flee);
    dbr_out2_009_art_captured_in_close_combat: cc(Who::A, (E::WWg, O), (E::Art, O)) => ("DBR-OUT2-009", Captured);
    dbr_out2_010_art_otherwise_destroyed: shoot(side(E::Bw, O), side(E::Art, O)) => ("DBR-OUT2-010", Destroyed);
    dbr_out2_011_other_land_destroyed: cc(Who::A, (E::Pk, O), (E::Bw, O)) => ("DBR-OUT2-011", Destroyed);
    dbr_out2_012_naval_or_bridge_captured_in_close_combat: cc(Who::A, (E::Ships, O), (E::Boats, O)) => ("DBR-OUT2-012", Captured);
    dbr_out2_013_naval_destroyed_by_art_or_naval_shooting: shoot(side(E::Art, O), side(E::Boats, O)) => ("DBR-OUT2-013", Destroyed);
    dbr_out2_014_laden_naval_otherwise_flee: shoot(side(E::Bw, O), side(E::Boats, O)) => ("DBR-OUT2-014", Flee);
    dbr_out2_015_unladen_naval_or_bridge_otherwise_destroyed: with_b(shoot(side(E::Bw, O), side(E::Boats, O)), |b| b.unladen = true) => ("DBR-OUT2-015", Destroyed);
}

#[test]
fn dbr_out2_005_cm_s_is_exempt_and_the_ruling_is_named() {
    let r = {
        let c = cc(Who::A, (E::Pk, O), (E::Cm, G::S));
        out2(&dbr(), &c)
    };
    assert_eq!(r, ("DBR-OUT2-006", Effect::Destroyed));
}

// ------------------------------------------------------------- worked combats

#[test]
fn worked_pk_o_4_rear_1_die_5_is_10_beats_cm_s_2_die_3_plus_1_graded_is_6_cm_flees() {
    // A Pk (O): 4 (vs cavalry) + 1 (rear) + 5 = 10. B Cm (S): 2 (vs foot)
    // + 3 = 5, (S) less than -> +1 = 6. 6 > 5 (half of 10): table 1, Cm:
    // "Otherwise flee".
    let mut a = side(E::Pk, O);
    a.rear_support = true;
    let r = run(&dbr(), &close(Who::A, a, side(E::Cm, G::S)), 5, 3);
    assert_eq!((r.a.final_score, r.b.total, r.b.final_score), (10, 5, 6));
    assert_eq!(
        (r.outcome.table, r.outcome.rule, r.outcome.effect),
        (Some(1), "DBR-OUT1-015", Effect::Flee)
    );
}

#[test]
fn worked_bw_s_shoots_ln_o_4_die_6_graded_11_vs_3_die_2_is_5_ln_destroyed_table_2() {
    // A Bw (S): 4 (vs cavalry) + 6 = 10, (S) Bw more -> +1 = 11. B Ln (O):
    // 3 (vs foot) + 2 = 5. 2 x 5 = 10 <= 11: table 2, other cavalry: destroyed.
    let r = run(&dbr(), &shoot(side(E::Bw, G::S), side(E::Ln, O)), 6, 2);
    assert_eq!((r.a.final_score, r.b.final_score), (11, 5));
    assert_eq!(
        (r.outcome.table, r.outcome.rule, r.outcome.effect),
        (Some(2), "DBR-OUT2-006", Effect::Destroyed)
    );
}

#[test]
fn worked_sh_o_4_flank_pk_2_die_1_is_7_vs_wb_x_3_die_4_odd_7_minus_2_is_5_wb_recoils() {
    // A Sh (O) vs Wb: 4 (vs foot) + 2 (flank-supported by Pk) + 1 = 7.
    // B Wb (X): 3 (vs foot) + 4 = 7, odd -> -2 = 5. 5 > 3.5: table 1, Wb
    // beaten by Sh: "Otherwise recoil".
    let mut a = side(E::Sh, O);
    a.flank_support = vec![(E::Pk, O)];
    let r = run(&dbr(), &close(Who::A, a, side(E::Wb, G::X)), 1, 4);
    assert_eq!((r.a.final_score, r.b.total, r.b.final_score), (7, 7, 5));
    assert_eq!(
        (r.outcome.rule, r.outcome.effect),
        ("DBR-OUT1-029", Effect::Recoil)
    );
}

#[test]
fn worked_shooter_that_loses_is_not_harmed() {
    // Sk (O) 2 + 1 = 3 shoots at Pk (O) 3 + 6 = 9: the shooter lost.
    let r = run(&dbr(), &shoot(side(E::Sk, O), side(E::Pk, O)), 1, 6);
    assert_eq!(
        (r.outcome.loser, r.outcome.effect, r.outcome.ruling),
        (Some(Who::A), Effect::NoEffect, Some("shooter-loses"))
    );
    let r = run(
        &dbr_with("shooter-loses", "outcome"),
        &shoot(side(E::Sk, O), side(E::Pk, O)),
        1,
        6,
    );
    assert_eq!(
        r.outcome.effect,
        Effect::Flee,
        "Sk beaten by double by shooting: flee"
    );
}

#[test]
fn odds_count_all_36_pairs_exactly() {
    // Pk (O) 4 vs Cm (O) 2 in close combat, A's bound: A = 4 + a, B = 2 + b.
    let c = cc(Who::A, (E::Pk, O), (E::Cm, O));
    let o = dbr().odds(&c).unwrap();
    let total: u32 = o.outcomes.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 36);
    // Ties: 4 + a = 2 + b, i.e. b = a + 2: (1,3) (2,4) (3,5) (4,6) = 4 pairs.
    assert!(
        o.outcomes
            .contains(&("equal scores: no result".to_string(), 4))
    );
    // Pk loses (4 + a < 2 + b): b >= a + 3: (1,4) (1,5) (1,6) (2,5) (2,6) (3,6) = 6; all
    // Pk recoils or (at half) is destroyed: 4 + 1 = 5 vs 2 + 6 = 8 is more than half.
    let pk: u32 = o
        .outcomes
        .iter()
        .filter(|(k, _)| k.starts_with("A "))
        .map(|(_, n)| n)
        .sum();
    assert_eq!(pk, 6);
}

#[test]
fn the_die_is_rolled_from_seeded_logged_dice_when_not_typed() {
    let c = cc(Who::A, (E::Pk, O), (E::Cm, O));
    let mut dice = umpire_core::Dice::from_seed(7)
        .derive("dbr-combat")
        .with_log();
    let r1 = dbr().resolve_with_dice(&c, &mut dice).unwrap();
    assert_eq!(dice.log().len(), 2);
    let mut again = umpire_core::Dice::from_seed(7).derive("dbr-combat");
    assert_eq!(dbr().resolve_with_dice(&c, &mut again).unwrap(), r1);
    assert!(dbr().resolve(&c).is_err(), "no dice typed");
    let mut bad = c.clone();
    bad.a.die = Some(7);
    bad.b.die = Some(1);
    assert!(
        dbr()
            .resolve(&bad)
            .unwrap_err()
            .to_string()
            .contains("1 to 6")
    );
}

#[test]
fn dbr_rng_047_shooting_needs_a_range_and_a_target_within_it() {
    let mut c = shoot(side(E::Pk, O), side(E::Bw, O));
    c.a.die = Some(1);
    c.b.die = Some(1);
    let e = dbr().resolve(&c).unwrap_err().to_string();
    assert!(e.contains("Pk (O) cannot shoot"), "{e}");
    let mut c = shoot(side(E::Bw, O), side(E::Pk, O));
    c.a.die = Some(1);
    c.b.die = Some(1);
    c.distance = Some(Distance::paces(200));
    assert!(dbr().resolve(&c).is_ok());
    c.distance = Some(Distance::cm(17));
    let e = dbr().resolve(&c).unwrap_err().to_string();
    assert!(e.contains("out of range"), "{e}");
}

#[test]
fn dbr_rng_046_gal_f_reaches_500p_in_combat_only_over_water() {
    let mut c = shoot(side(E::Gal, G::F), side(E::Boats, O));
    c.a.die = Some(1);
    c.b.die = Some(1);
    c.distance = Some(Distance::paces(500));
    assert!(dbr().resolve(&c).is_err(), "not over water only");
    c.a.water_only = true;
    assert!(dbr().resolve(&c).is_ok());
    c.distance = Some(Distance::cm(41));
    assert!(dbr().resolve(&c).is_err());
}
