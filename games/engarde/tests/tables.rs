//! The built-in tables (`data/tables.toml`) against the reference
//! (`../shared/reference/engarde/tables.md`), cell by cell, and the loader's
//! refusal of bad data. The expected figures below are typed from the
//! reference (and, where it leaves a figure open, from RULES-DECISIONS.md),
//! not copied from the TOML.

use umpire_engarde::model::{Mission, Rank};
use umpire_engarde::tables::{
    Club, Crowns, FrontMods, Outcome, Regiment, TABLES_TOML, Tables, TablesError,
};

fn tables() -> &'static Tables {
    match Tables::builtin() {
        Ok(t) => t,
        Err(e) => panic!("the built-in tables do not load: {e}"),
    }
}

fn fm(death: i32, mention: i32, promotion: i32, cash: i32) -> FrontMods {
    FrontMods {
        death,
        mention,
        promotion,
        cash,
    }
}

fn regiment(word: &str) -> &'static Regiment {
    match tables().regiment(word) {
        Some(r) => r,
        None => panic!("no regiment answers to `{word}`"),
    }
}

fn club(word: &str) -> &'static Club {
    match tables().club(word) {
        Some(c) => c,
        None => panic!("no club answers to `{word}`"),
    }
}

/// The built-in text with `from` replaced by `to` (which must be there).
fn mutated(from: &str, to: &str) -> String {
    assert!(
        TABLES_TOML.contains(from),
        "the test's text `{from}` is not in data/tables.toml"
    );
    TABLES_TOML.replacen(from, to, 1)
}

/// The error loading mutated tables gives.
fn refused(from: &str, to: &str) -> TablesError {
    match Tables::from_toml(&mutated(from, to)) {
        Ok(_) => panic!("tables with `{from}` -> `{to}` were accepted"),
        Err(e) => e,
    }
}

fn assert_refused(from: &str, to: &str, entry: &str, says: &str) {
    let e = refused(from, to);
    assert_eq!(e.file, "data/tables.toml", "{e}");
    assert_eq!(e.entry, entry, "{e}");
    assert!(e.message.contains(says), "`{e}` does not say `{says}`");
    let shown = e.to_string();
    assert!(
        shown.contains(entry) && shown.contains("data/tables.toml"),
        "{shown}"
    );
}

#[test]
fn eg_tables_builtin_load_and_reload_the_same() {
    let t = tables();
    match Tables::from_toml(TABLES_TOML) {
        Ok(again) => assert_eq!(&again, t),
        Err(e) => panic!("{e}"),
    }
    assert_eq!(t.regiments.len(), 17);
    assert_eq!(t.brigades.len(), 6);
    assert_eq!(t.clubs.len(), 6);
    assert!(t.validate().is_ok());
}

/// The reference's Battle Result table: row = MA 1..10, column = 1d6.
const BATTLE_RESULT: [[u8; 6]; 10] = [
    [6, 6, 5, 4, 4, 3],
    [6, 5, 5, 4, 3, 3],
    [6, 5, 4, 3, 3, 2],
    [5, 5, 4, 3, 3, 2],
    [5, 4, 4, 3, 2, 2],
    [5, 4, 3, 3, 2, 1],
    [4, 4, 3, 2, 2, 1],
    [4, 3, 3, 2, 1, 1],
    [4, 3, 2, 2, 1, 1],
    [3, 3, 2, 1, 1, 1],
];

#[test]
fn eg_front_005_battle_result_table_every_cell() {
    let t = tables();
    for (ma, row) in (1..=10).zip(BATTLE_RESULT) {
        for (d6, want) in (1..=6).zip(row) {
            assert_eq!(t.battle_result(ma, d6), want, "MA {ma}, 1d6 {d6}");
        }
    }
}

#[test]
fn eg_front_005_battle_result_clamps_ma_and_die() {
    let t = tables();
    for d6 in 1..=6u8 {
        assert_eq!(t.battle_result(0, d6), t.battle_result(1, d6));
        assert_eq!(t.battle_result(-5, d6), t.battle_result(1, d6));
        assert_eq!(t.battle_result(11, d6), t.battle_result(10, d6));
        assert_eq!(t.battle_result(i32::MAX, d6), t.battle_result(10, d6));
        assert_eq!(t.battle_result(i32::MIN, d6), t.battle_result(1, d6));
    }
    assert_eq!(t.battle_result(5, 0), t.battle_result(5, 1));
    assert_eq!(t.battle_result(5, 9), t.battle_result(5, 6));
    assert_eq!(t.battle_result(5, u8::MAX), t.battle_result(5, 6));
}

/// (death, mention, promotion, cash, plunder dice, plunder times) by BR.
type Cell = (i32, i32, i32, Option<i32>, u32, Crowns);

/// The reference's Personal Outcome table, one column per mission.
const SIEGE: [Cell; 6] = [
    (10, 11, 9, Some(9), 3, 100),
    (8, 9, 7, Some(8), 4, 100),
    (11, 12, 10, Some(11), 2, 100),
    (11, 12, 10, Some(12), 1, 100),
    (9, 10, 8, None, 0, 0),
    (7, 8, 6, None, 0, 0),
];
const ASSAULT: [Cell; 6] = [
    (9, 9, 8, Some(4), 4, 100),
    (8, 7, 7, Some(5), 6, 100),
    (7, 6, 6, Some(6), 4, 100),
    (9, 11, 8, None, 0, 0),
    (8, 9, 7, None, 0, 0),
    (6, 8, 5, None, 0, 0),
];
const DEFENCE: [Cell; 6] = [
    (9, 9, 8, Some(7), 2, 100),
    (8, 10, 7, Some(9), 2, 50),
    (10, 12, 9, Some(12), 1, 50),
    (10, 12, 9, Some(12), 1, 50),
    (6, 7, 5, None, 0, 0),
    (7, 11, 6, None, 0, 0),
];
const FIELD: [Cell; 6] = [
    (10, 9, 9, Some(8), 2, 50),
    (10, 10, 9, Some(9), 2, 100),
    (9, 12, 8, Some(10), 2, 50),
    (8, 12, 7, Some(11), 1, 50),
    (7, 10, 6, Some(12), 1, 50),
    (6, 7, 5, None, 0, 0),
];

fn reference_column(m: Mission) -> [Cell; 6] {
    match m {
        Mission::Siege => SIEGE,
        Mission::Assault => ASSAULT,
        Mission::Defence => DEFENCE,
        Mission::Field => FIELD,
    }
}

#[test]
fn eg_front_006_personal_outcome_every_cell() {
    let t = tables();
    for m in Mission::ALL {
        for (br, (death, mention, promotion, cash, dice, times)) in
            (1..=6u8).zip(reference_column(m))
        {
            let want = Outcome {
                death,
                mention,
                promotion,
                cash,
                plunder_dice: dice,
                plunder_times: times,
            };
            assert_eq!(t.outcome(m, br), Some(want), "{m:?} BR {br}");
        }
        assert_eq!(t.outcome(m, 0), None, "{m:?} BR 0");
        assert_eq!(t.outcome(m, 7), None, "{m:?} BR 7");
    }
}

#[test]
fn eg_front_006_result_names_by_mission_and_br() {
    let t = tables();
    let names: [(Mission, [&str; 6]); 4] = [
        (
            Mission::Siege,
            [
                "success by siege works",
                "success by storming party",
                "inconclusive",
                "inconclusive",
                "broken by sortie",
                "scattered by sortie",
            ],
        ),
        (
            Mission::Assault,
            [
                "victorious",
                "bloody victory",
                "pyrrhic victory",
                "inconclusive",
                "repulsed",
                "crushed",
            ],
        ),
        (
            Mission::Defence,
            [
                "enemy scattered by sortie",
                "enemy broken by sortie",
                "inconclusive",
                "inconclusive",
                "falls to storming party",
                "falls to siege works",
            ],
        ),
        (
            Mission::Field,
            [
                "enemy crushed",
                "enemy driven from field",
                "inconclusive",
                "inconclusive",
                "driven from field",
                "crushed",
            ],
        ),
    ];
    for (m, want) in names {
        for (br, name) in (1..=6u8).zip(want) {
            assert_eq!(t.result_name(m, br), Some(name), "{m:?} BR {br}");
        }
        assert_eq!(t.result_name(m, 0), None);
        assert_eq!(t.result_name(m, 7), None);
        match t.mission(m) {
            Some(table) => assert_eq!(table.mission, m),
            None => panic!("no table for {m:?}"),
        }
    }
    let order: Vec<Mission> = t.missions.iter().map(|m| m.mission).collect();
    assert_eq!(order, Mission::ALL);
}

#[test]
fn eg_front_009_plunder_by_br_and_mission() {
    let t = tables();
    // (dice, times) by BR, columns siege, assault, defence, field;
    // (0, 0) = no cash roll.
    let plunder: [[(u32, Crowns); 4]; 6] = [
        [(3, 100), (4, 100), (2, 100), (2, 50)],
        [(4, 100), (6, 100), (2, 50), (2, 100)],
        [(2, 100), (4, 100), (1, 50), (2, 50)],
        [(1, 100), (0, 0), (1, 50), (1, 50)],
        [(0, 0), (0, 0), (0, 0), (1, 50)],
        [(0, 0), (0, 0), (0, 0), (0, 0)],
    ];
    for (br, row) in (1..=6u8).zip(plunder) {
        for (m, (dice, times)) in Mission::ALL.into_iter().zip(row) {
            let Some(o) = t.outcome(m, br) else {
                panic!("no outcome for {m:?} BR {br}");
            };
            assert_eq!(
                (o.plunder_dice, o.plunder_times),
                (dice, times),
                "{m:?} BR {br}"
            );
            assert_eq!(
                o.cash.is_some(),
                dice > 0,
                "{m:?} BR {br}: a cash roll iff plunder"
            );
        }
    }
    // The two cells the brief names.
    assert_eq!(
        t.outcome(Mission::Assault, 4),
        Some(Outcome {
            death: 9,
            mention: 11,
            promotion: 8,
            cash: None,
            plunder_dice: 0,
            plunder_times: 0
        })
    );
    assert_eq!(
        t.outcome(Mission::Siege, 1)
            .map(|o| (o.cash, o.plunder_dice, o.plunder_times)),
        Some((Some(9), 3, 100))
    );
}

/// (id, name, brigade, pay class, min SL, D/M/P/C, mounted).
type RegimentRow = (
    &'static str,
    &'static str,
    &'static str,
    usize,
    Option<i32>,
    [i32; 4],
    bool,
);

const REGIMENTS: [RegimentRow; 17] = [
    (
        "RFG",
        "Royal Foot Guards",
        "guards",
        0,
        Some(7),
        [3, 0, 1, -2],
        false,
    ),
    (
        "CG",
        "Cardinal's Guard",
        "guards",
        1,
        Some(6),
        [2, 0, 0, -1],
        false,
    ),
    (
        "KM",
        "King's Musketeers",
        "guards",
        1,
        Some(6),
        [2, -1, 0, -1],
        false,
    ),
    (
        "DG",
        "Dragoon Guards",
        "horse-guards",
        2,
        Some(5),
        [2, -1, 0, -1],
        true,
    ),
    (
        "QOC",
        "Queen's Own Carabiniers",
        "horse-guards",
        3,
        Some(4),
        [2, 0, 0, 0],
        true,
    ),
    (
        "ALC",
        "Archduke Leopold Cuirassiers",
        "heavy",
        3,
        Some(4),
        [2, 0, 0, 0],
        true,
    ),
    (
        "CPC",
        "Crown Prince Cuirassiers",
        "heavy",
        4,
        Some(3),
        [1, -1, -1, 0],
        true,
    ),
    (
        "GDMD",
        "Grand Duke Max's Dragoons",
        "heavy",
        5,
        Some(2),
        [1, 0, 0, 0],
        true,
    ),
    (
        "PLLD",
        "Princess Louisa's Light Dragoons",
        "heavy",
        7,
        Some(0),
        [0, 0, 0, 0],
        true,
    ),
    (
        "RM",
        "Royal Marines",
        "1st-foot",
        5,
        Some(2),
        [1, 0, 0, 0],
        false,
    ),
    (
        "PM",
        "Picardy Musketeers",
        "1st-foot",
        6,
        Some(1),
        [0, 0, 1, 0],
        false,
    ),
    (
        "13F",
        "13th Fusiliers",
        "1st-foot",
        7,
        Some(0),
        [0, 0, 0, 0],
        false,
    ),
    (
        "53F",
        "53rd Fusiliers",
        "3rd-foot",
        8,
        None,
        [0, 0, 0, 0],
        false,
    ),
    (
        "27M",
        "27th Musketeers",
        "3rd-foot",
        8,
        None,
        [0, 0, 0, 0],
        false,
    ),
    (
        "4A",
        "4th Arquebusiers",
        "3rd-foot",
        8,
        None,
        [0, 0, 0, 0],
        false,
    ),
    (
        "69A",
        "69th Arquebusiers",
        "frontier",
        9,
        None,
        [-1, 0, 1, -2],
        false,
    ),
    ("GAS", "Gascons", "frontier", 9, None, [-1, 0, 1, -2], false),
];

#[test]
fn eg_front_006_regiment_and_rank_modifiers() {
    let t = tables();
    for (id, name, _, _, _, [d, m, p, c], _) in REGIMENTS {
        assert_eq!(regiment(id).front, fm(d, m, p, c), "{id}");
        assert_eq!(regiment(name).front, fm(d, m, p, c), "{name}");
    }
    assert_eq!(t.unattached_front, fm(-1, 0, 1, -1));
    let ranks = [
        (Rank::Private, fm(0, 0, 0, 0)),
        (Rank::Subaltern, fm(1, 0, 0, -1)),
        (Rank::Captain, fm(1, 0, 0, -1)),
        (Rank::Major, fm(2, 0, 0, -2)),
        (Rank::LtCol, fm(2, 0, 0, -2)),
        (Rank::Colonel, fm(2, 0, 0, -2)),
        (Rank::BrigGen, fm(3, 0, -1, -4)),
        (Rank::LtGen, fm(4, 0, 0, -5)),
        (Rank::General, fm(5, 0, 0, -6)),
        (Rank::FieldMarshal, fm(6, 0, 0, -8)),
    ];
    assert_eq!(t.rank_front.len(), 10);
    for (rank, want) in ranks {
        assert_eq!(t.rank_front(rank), want, "{rank:?}");
    }
}

#[test]
fn eg_regiments_min_sl_brigade_pay_class_mounted() {
    let t = tables();
    let ids: Vec<&str> = t.regiments.iter().map(|r| r.id.as_str()).collect();
    let want: Vec<&str> = REGIMENTS.iter().map(|r| r.0).collect();
    assert_eq!(ids, want, "every regiment, in the file's order");
    for (id, name, brigade, pay_class, min_sl, _, mounted) in REGIMENTS {
        let r = regiment(id);
        assert_eq!(r.id, id);
        assert_eq!(r.name, name, "{id}");
        assert_eq!(r.brigade, brigade, "{id}");
        assert_eq!(r.pay_class, pay_class, "{id}");
        assert_eq!(r.min_sl, min_sl, "{id}");
        assert_eq!(r.mounted, mounted, "{id}");
        match t.brigade_of(r) {
            Some(b) => assert_eq!(b.id, brigade, "{id}"),
            None => panic!("{id}: no brigade `{brigade}`"),
        }
    }
}

#[test]
fn eg_regiment_by_id_or_name_forgiving() {
    let cases = [
        ("Royal Foot Guards", "RFG"),
        ("royal foot guards", "RFG"),
        ("the Royal Foot Guards", "RFG"),
        ("rfg", "RFG"),
        ("R.F.G.", "RFG"),
        ("13th Fusiliers", "13F"),
        ("13F", "13F"),
        ("13f", "13F"),
        ("gascons", "GAS"),
        ("GAS", "GAS"),
        ("Cardinal's Guard", "CG"),
        ("cardinals guard", "CG"),
        ("The King's Musketeers", "KM"),
        ("grand duke maxs dragoons", "GDMD"),
        ("Princess-Louisa's Light Dragoons", "PLLD"),
        ("4th arquebusiers", "4A"),
    ];
    for (word, id) in cases {
        assert_eq!(regiment(word).id, id, "`{word}`");
    }
    let t = tables();
    for word in ["", "the", "  ", "Foot Guards", "14F", "gascon guards"] {
        assert!(
            t.regiment(word).is_none(),
            "`{word}` should match no regiment"
        );
    }
}

#[test]
fn eg_brigade_missions_and_staff_sp() {
    use Mission::{Assault as A, Defence as D, Field as F, Siege as S};
    let t = tables();
    let want = [
        ("guards", "Guards Brigade", [S, A, D, F, F, F], 6),
        (
            "horse-guards",
            "Horse Guards Brigade",
            [S, F, F, F, F, F],
            5,
        ),
        ("heavy", "Heavy Brigade", [S, D, F, F, F, F], 4),
        ("1st-foot", "First Foot Brigade", [S, A, A, D, F, F], 2),
        ("3rd-foot", "Third Foot Brigade", [S, S, A, D, F, F], 1),
        ("frontier", "Frontier Brigade", [S, D, A, S, D, F], 0),
    ];
    assert_eq!(t.brigades.len(), want.len());
    for (id, name, missions, staff_sp) in want {
        let Some(b) = t.brigade(id) else {
            panic!("no brigade `{id}`");
        };
        assert_eq!(b.name, name, "{id}");
        assert_eq!(b.missions, missions, "{id}");
        assert_eq!(b.staff_sp, staff_sp, "{id}");
    }
    assert!(t.brigade("Guards").is_none(), "brigade ids are exact");
}

/// (rank, min SL, price, pay, SP, duty weeks), one column per pay class.
type RankRow = (
    Rank,
    [i32; 10],
    Option<[Crowns; 10]>,
    [Crowns; 10],
    [i32; 10],
    u8,
);

const RANKS: [RankRow; 6] = [
    (
        Rank::Private,
        [7, 6, 5, 4, 3, 2, 0, 0, 0, 0],
        None,
        [12, 10, 10, 8, 8, 6, 4, 4, 2, 2],
        [6, 5, 4, 3, 3, 2, 1, 0, 0, 0],
        2,
    ),
    (
        Rank::Subaltern,
        [8, 7, 6, 5, 4, 3, 2, 2, 0, 0],
        Some([140, 130, 120, 110, 100, 90, 80, 70, 60, 50]),
        [16, 14, 14, 10, 10, 8, 6, 6, 4, 4],
        [7, 6, 5, 4, 4, 3, 2, 1, 0, 0],
        1,
    ),
    (
        Rank::Captain,
        [9, 8, 7, 6, 5, 4, 3, 3, 2, 2],
        Some([150, 140, 130, 120, 110, 100, 90, 80, 70, 60]),
        [18, 16, 16, 14, 14, 12, 10, 10, 8, 8],
        [8, 7, 6, 5, 5, 4, 3, 2, 1, 0],
        1,
    ),
    (
        Rank::Major,
        [10, 9, 8, 7, 6, 5, 4, 4, 3, 3],
        Some([170, 160, 150, 140, 130, 120, 110, 100, 90, 80]),
        [22, 20, 20, 18, 18, 16, 14, 14, 12, 12],
        [9, 8, 7, 6, 6, 5, 4, 3, 2, 1],
        1,
    ),
    (
        Rank::LtCol,
        [11, 10, 9, 8, 7, 6, 5, 5, 4, 4],
        Some([190, 180, 170, 160, 150, 140, 130, 120, 110, 100]),
        [26, 24, 24, 22, 22, 20, 18, 18, 16, 16],
        [10, 9, 8, 7, 7, 6, 5, 4, 3, 2],
        1,
    ),
    (
        Rank::Colonel,
        [12, 11, 10, 9, 8, 7, 6, 6, 5, 5],
        Some([240, 230, 220, 210, 200, 190, 180, 170, 160, 150]),
        [30, 28, 28, 26, 26, 24, 22, 22, 20, 20],
        [11, 10, 9, 8, 8, 7, 6, 5, 4, 3],
        1,
    ),
];

#[test]
fn eg_ranks_every_row_every_column() {
    let t = tables();
    for (rank, min_sl, price, pay, sp, duty) in RANKS {
        let Some(row) = t.regimental_rank(rank) else {
            panic!("no row for {rank:?}");
        };
        assert_eq!(row.duty_weeks, duty, "{rank:?}");
        assert!(t.general_rank(rank).is_none(), "{rank:?}");
        for class in 0..10 {
            let at = format!("{rank:?}, pay class {class}");
            assert_eq!(t.rank_min_sl(rank, class), Some(min_sl[class]), "{at}");
            assert_eq!(t.price(rank, class), price.map(|p| p[class]), "{at}");
            assert_eq!(t.pay(rank, class), pay[class], "{at}");
            assert_eq!(t.rank_sp(rank, class), sp[class], "{at}");
        }
        // A class with no column: nothing, not a panic.
        assert_eq!(t.rank_min_sl(rank, 10), None);
        assert_eq!(t.price(rank, 10), None);
        assert_eq!(t.pay(rank, 10), 0);
        assert_eq!(t.rank_sp(rank, usize::MAX), 0);
    }
    let order: Vec<Rank> = t.regimental_ranks.iter().map(|r| r.rank).collect();
    assert_eq!(order, Rank::ALL[..6]);
}

#[test]
fn eg_general_ranks_pay_and_sp_ignore_the_class() {
    let t = tables();
    let want = [
        (Rank::BrigGen, 30, 8),
        (Rank::LtGen, 35, 9),
        (Rank::General, 40, 10),
        (Rank::FieldMarshal, 45, 20),
    ];
    for (rank, pay, sp) in want {
        assert!(t.regimental_rank(rank).is_none(), "{rank:?}");
        match t.general_rank(rank) {
            Some(g) => assert_eq!((g.pay, g.sp), (pay, sp), "{rank:?}"),
            None => panic!("no row for {rank:?}"),
        }
        for class in [0, 5, 9, 42] {
            assert_eq!(t.pay(rank, class), pay, "{rank:?} class {class}");
            assert_eq!(t.rank_sp(rank, class), sp, "{rank:?} class {class}");
            assert_eq!(t.rank_min_sl(rank, class), None, "{rank:?}");
            assert_eq!(t.price(rank, class), None, "{rank:?}");
        }
    }
}

#[test]
fn eg_pay_class_of_every_regiment_reads_its_column() {
    let t = tables();
    // RFG's Private is paid 12 and gets 6 SP; the Gascons' 2 and 0.
    assert_eq!(t.pay(Rank::Private, regiment("RFG").pay_class), 12);
    assert_eq!(t.rank_sp(Rank::Private, regiment("RFG").pay_class), 6);
    assert_eq!(t.pay(Rank::Private, regiment("GAS").pay_class), 2);
    assert_eq!(t.rank_sp(Rank::Private, regiment("GAS").pay_class), 0);
    assert_eq!(t.price(Rank::Captain, regiment("PM").pay_class), Some(90));
    assert_eq!(t.price(Rank::Private, regiment("PM").pay_class), None);
}

/// (id, name, min SL, brigade only, dues, SP, house limit, minimum bet,
/// divisor).
type ClubRow = (
    &'static str,
    &'static str,
    Option<i32>,
    Option<&'static str>,
    Crowns,
    i32,
    Option<Crowns>,
    Crowns,
    Crowns,
);

#[test]
fn eg_clubs_every_figure() {
    let t = tables();
    let want: [ClubRow; 6] = [
        (
            "bothwells",
            "Bothwell's",
            Some(12),
            None,
            30,
            8,
            None,
            100,
            500,
        ),
        (
            "hunters",
            "Hunter's",
            Some(9),
            None,
            20,
            6,
            Some(200),
            1,
            300,
        ),
        (
            "horse-guards",
            "Horse Guards",
            None,
            Some("horse-guards"),
            20,
            4,
            Some(250),
            1,
            300,
        ),
        (
            "blue-gables",
            "Blue Gables",
            Some(7),
            None,
            15,
            4,
            Some(150),
            1,
            200,
        ),
        (
            "frog-and-peach",
            "Frog & Peach",
            Some(5),
            None,
            10,
            3,
            Some(100),
            1,
            150,
        ),
        (
            "red-phillips",
            "Red Phillips",
            Some(3),
            None,
            5,
            2,
            Some(50),
            1,
            150,
        ),
    ];
    let ids: Vec<&str> = t.clubs.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, want.map(|c| c.0));
    for (id, name, min_sl, brigade_only, dues, sp, limit, min_bet, divisor) in want {
        let c = club(id);
        assert_eq!(c.name, name, "{id}");
        assert_eq!(c.min_sl, min_sl, "{id}");
        assert_eq!(c.brigade_only.as_deref(), brigade_only, "{id}");
        assert_eq!(c.dues, dues, "{id}");
        assert_eq!(c.sp, sp, "{id}");
        assert_eq!(c.house_limit, limit, "{id}");
        assert_eq!(c.minimum_bet, min_bet, "{id}");
        assert_eq!(c.gambling_divisor, divisor, "{id}");
    }
}

#[test]
fn eg_club_by_id_or_name_forgiving() {
    let cases = [
        ("Frog & Peach", "frog-and-peach"),
        ("frog and peach", "frog-and-peach"),
        ("the Frog and Peach", "frog-and-peach"),
        ("frog-and-peach", "frog-and-peach"),
        ("Bothwell's", "bothwells"),
        ("bothwells", "bothwells"),
        ("BOTHWELLS", "bothwells"),
        ("Hunter's", "hunters"),
        ("horse guards", "horse-guards"),
        ("Blue Gables", "blue-gables"),
        ("red phillips", "red-phillips"),
    ];
    for (word, id) in cases {
        assert_eq!(club(word).id, id, "`{word}`");
    }
    let t = tables();
    for word in ["", "the", "frog", "peach & frog", "bothwell"] {
        assert!(t.club(word).is_none(), "`{word}` should match no club");
    }
}

#[test]
fn eg_society_figures() {
    let s = &tables().society;
    assert_eq!(s.upkeep_per_sl, 2);
    assert_eq!(s.consume_per_sl, 3);
    assert_eq!(s.consume_sp, 1);
    assert_eq!(s.mention_sp, 6);
    assert_eq!(s.club_rejoin_wait, 3);
    assert_eq!(s.max_bets, 9);
    assert_eq!(s.lonely_sp, 2);
    assert_eq!(s.lonely_sp_step, 2);
    assert_eq!(s.horse_price, 100);
}

#[test]
fn eg_courting_needed_by_sl_difference() {
    let t = tables();
    // The reference: -6: 6; -5/-4: 5; -3..-1: 4; 0..+2: 3; +3 or more: 2.
    // Below -6 still 6 (our decision).
    let want = [
        (i32::MIN, 6),
        (-20, 6),
        (-7, 6),
        (-6, 6),
        (-5, 5),
        (-4, 5),
        (-3, 4),
        (-2, 4),
        (-1, 4),
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 2),
        (4, 2),
        (12, 2),
        (i32::MAX, 2),
    ];
    for (difference, needed) in want {
        assert_eq!(
            t.courting_needed(difference),
            needed,
            "SL difference {difference}"
        );
    }
}

#[test]
fn eg_bad_tables_unknown_brigade() {
    assert_refused(
        "brigade = \"frontier\"\npay_class = 9\nfront = { death = -1, mention = 0, promotion = 1, cash = -2 }\nmounted = false\n\n[[regiments]]\nid = \"GAS\"",
        "brigade = \"borderers\"\npay_class = 9\nfront = { death = -1, mention = 0, promotion = 1, cash = -2 }\nmounted = false\n\n[[regiments]]\nid = \"GAS\"",
        "regiments.69A.brigade",
        "no brigade has the id `borderers`",
    );
}

#[test]
fn eg_bad_tables_nine_pay_columns() {
    assert_refused(
        "pay = [18, 16, 16, 14, 14, 12, 10, 10, 8, 8]",
        "pay = [18, 16, 16, 14, 14, 12, 10, 10, 8]",
        "regimental_ranks.Captain.pay",
        "9 columns, expected 10",
    );
    assert_refused(
        "min_sl = [7, 6, 5, 4, 3, 2, 0, 0, 0, 0]",
        "min_sl = [7, 6, 5, 4, 3, 2, 0, 0, 0, 0, 0]",
        "regimental_ranks.Private.min_sl",
        "11 columns, expected 10",
    );
}

#[test]
fn eg_bad_tables_2d6_number_of_14() {
    assert_refused(
        "{ death = 7, mention = 6, promotion = 6, cash = 6,",
        "{ death = 7, mention = 6, promotion = 6, cash = 14,",
        "missions.Assault.outcomes.BR3.cash",
        "14 is not a 2d6 number needed (2 to 13)",
    );
    assert_refused(
        "{ death = 10, mention = 11, promotion = 9,",
        "{ death = 1, mention = 11, promotion = 9,",
        "missions.Siege.outcomes.BR1.death",
        "1 is not a 2d6 number",
    );
}

#[test]
fn eg_bad_tables_missions_out_of_order() {
    let swapped = mutated("mission = \"Siege\"", "mission = \"@\"")
        .replacen("mission = \"Assault\"", "mission = \"Siege\"", 1)
        .replacen("mission = \"@\"", "mission = \"Assault\"", 1);
    match Tables::from_toml(&swapped) {
        Ok(_) => panic!("missions out of order were accepted"),
        Err(e) => {
            assert_eq!(e.entry, "missions", "{e}");
            assert!(
                e.message.contains("[Assault, Siege, Defence, Field]"),
                "{e}"
            );
            assert!(e.message.contains("in that order"), "{e}");
        }
    }
}

#[test]
fn eg_bad_tables_other_entries_named() {
    assert_refused(
        "[3, 3, 2, 1, 1, 1], # MA 10",
        "[3, 3, 2, 1, 1, 7], # MA 10",
        "battle_result.MA10.d6",
        "7 is not a battle result",
    );
    assert_refused(
        "pay_class = 9",
        "pay_class = 10",
        "regiments.69A.pay_class",
        "not a pay class",
    );
    assert_refused(
        "id = \"GAS\"",
        "id = \"rfg\"",
        "regiments.rfg",
        "already the id or name",
    );
    assert_refused(
        "rank = \"LtCol\"",
        "rank = \"Major\"",
        "regimental_ranks",
        "Private to Colonel",
    );
    assert_refused(
        "rank = \"LtGen\"",
        "rank = \"General\"",
        "general_ranks",
        "BrigGen to FieldMarshal",
    );
    assert_refused(
        "gambling_divisor = 500",
        "gambling_divisor = 0",
        "clubs.bothwells.gambling_divisor",
        "not above 0",
    );
    assert_refused(
        "{ at_least = -3, needed = 4 }",
        "{ at_least = -5, needed = 4 }",
        "society.courting.2.at_least",
        "strictly ascending",
    );
    assert_refused(
        "{ death = 6, mention = 0, promotion = 0, cash = -8 },  # FieldMarshal\n",
        "",
        "rank_front",
        "9 rows, expected 10",
    );
    assert_refused(
        "rank = \"Private\"\nmin_sl",
        "rank = \"Private\"\nprice = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nmin_sl",
        "regimental_ranks.Private.price",
        "not bought",
    );
    assert_refused(
        "brigade_only = \"horse-guards\"",
        "brigade_only = \"life-guards\"",
        "clubs.horse-guards.brigade_only",
        "no brigade has the id `life-guards`",
    );
    assert_refused(
        "{ death = 9, mention = 11, promotion = 8, plunder_dice = 0,",
        "{ death = 9, mention = 11, promotion = 8, plunder_dice = 2,",
        "missions.Assault.outcomes.BR4",
        "no cash roll, so no plunder",
    );
}

#[test]
fn eg_bad_tables_unknown_field_or_bad_toml() {
    let e = refused("mounted = false", "mounted = false\nhorses = 3");
    assert_eq!(e.entry, "(file)", "{e}");
    assert!(e.message.contains("horses"), "{e}");
    let e = refused("duty_weeks = 2", "duty_weeks = ");
    assert_eq!(e.entry, "(file)", "{e}");
}
