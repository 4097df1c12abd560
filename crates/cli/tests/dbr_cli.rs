//! The `umpire dbr` commands, run as a player would run them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

fn umpire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .arg("--color=never")
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let o = umpire(args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn err(args: &[&str]) -> String {
    let o = umpire(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn move_answers_distance_in_the_chosen_unit() {
    assert_eq!(
        json(&["dbr", "move", "LH", "road", "--json"])["distance"],
        600
    );
    assert_eq!(
        json(&["dbr", "move", "LH", "road", "--units", "cm", "--json"])["distance"],
        48
    );
    let v = json(&[
        "dbr", "move", "Pk", "good", "--grade", "S", "--units", "cm", "--json",
    ]);
    assert_eq!(v["distance"], 12);
    assert!(v["steps"][1].as_str().unwrap().starts_with("DBR-MOVE-036"));
    let v = json(&["dbr", "move", "Art", "difficult", "--json"]);
    assert_eq!(v["distance"], serde_json::Value::Null);
    let v = json(&[
        "dbr", "move", "Cm", "rough", "--grade", "F", "--night", "--march", "--json",
    ]);
    assert_eq!(v["distance"], 100);
    assert_eq!(
        v["rulings"],
        serde_json::json!(["fast-bonus", "move-cap-order"])
    );
}

/// The move table's own row name, Naval, is taken (Ships, Gal and Boats
/// move alike); elsewhere Naval still asks which of the three.
#[test]
fn move_takes_the_tables_naval_row() {
    for e in ["Naval", "naval", "Ships", "Gal", "Boats"] {
        assert_eq!(
            json(&["dbr", "move", e, "good", "--json"])["distance"],
            200,
            "{e}"
        );
        assert_eq!(
            json(&["dbr", "move", e, "difficult", "--json"])["distance"],
            100,
            "{e}"
        );
    }
    assert_eq!(
        json(&["dbr", "move", "Naval", "road", "--json"])["distance"],
        serde_json::Value::Null
    );
}

#[test]
fn move_text_shows_every_step() {
    let o = umpire(&[
        "dbr", "move", "Ships", "good", "--grade", "S", "--river", "easy",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("Ships (S), good: 100p\n"), "{out}");
    assert!(out.contains("DBR-MOVE-034"), "{out}");
    assert!(out.contains("DBR-MOVE-038"), "{out}");
}

#[test]
fn range_answers_range_in_the_chosen_unit() {
    assert_eq!(json(&["dbr", "range", "Art", "S", "--json"])["range"], 1800);
    assert_eq!(
        json(&["dbr", "range", "Art", "(S)", "--units", "cm", "--json"])["range"],
        144
    );
    let v = json(&["dbr", "range", "Gal", "F", "--units", "cm", "--json"]);
    assert_eq!(
        (v["range"].clone(), v["water_range"].clone()),
        (16.into(), 40.into())
    );
    assert_eq!(
        json(&["dbr", "range", "Boats", "O", "--json"])["range"],
        serde_json::Value::Null
    );
    assert_eq!(
        json(&["dbr", "range", "Pk", "S", "--json"])["range"],
        serde_json::Value::Null
    );
}

#[test]
fn bad_input_gets_a_clear_message() {
    assert!(err(&["dbr", "move", "Lx", "good"]).contains("did you mean `Ln`"));
    assert!(err(&["dbr", "move", "Pk", "grod"]).contains("did you mean `good`"));
    assert!(err(&["dbr", "move", "Pk", "good", "--grade", "0"]).contains("`O`"));
    assert!(err(&["dbr", "move", "Pk", "good", "--units", "in"]).contains("use `paces`"));
    assert!(
        err(&["dbr", "move", "Pk", "good", "--river", "wide"])
            .contains("easy, tricky or dangerous")
    );
    assert!(err(&["dbr", "range", "EI", "S"]).contains("`El`"));
}

#[test]
fn rulings_are_listed_and_switched_by_a_file() {
    let list = json(&["dbr", "rulings", "--json"]);
    let names: Vec<_> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.contains(&"move-cap-order".to_string()));
    let dir = std::env::temp_dir().join(format!("umpire-dbr-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rulings.toml");
    std::fs::write(
        &file,
        "dash-grade = \"reject\"\nmove-cap-order = \"cap-then-adjust\"\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let e = err(&["dbr", "range", "Boats", "O", "--rulings", f]);
    assert!(e.contains("Boats cannot be graded (O)"), "{e}");
    let v = json(&[
        "dbr",
        "move",
        "LH",
        "good",
        "--grade",
        "F",
        "--night",
        "--rulings",
        f,
        "--json",
    ]);
    assert_eq!(v["distance"], 150);
    let listed =
        String::from_utf8_lossy(&umpire(&["dbr", "rulings", "--rulings", f]).stdout).into_owned();
    assert!(listed.contains("* cap-then-adjust"), "{listed}");
    std::fs::write(&file, "dash-grad = \"reject\"\n").unwrap();
    let o = umpire(&["dbr", "rulings", "--rulings", f]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("did you mean `dash-grade`"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pips_answers_cost_with_every_step() {
    let v = json(&["dbr", "pips", "move", "Art(S)", "--off-road", "--json"]);
    assert_eq!(v["cost"], 2);
    assert!(v["steps"][1].as_str().unwrap().starts_with("DBR-PIP-022"));
    let v = json(&[
        "dbr",
        "pips",
        "move",
        "Art",
        "(O)",
        "--off-road",
        "--separating",
        "--json",
    ]);
    assert_eq!(v["cost"], 4);
    let v = json(&[
        "dbr",
        "pips",
        "move-group",
        "Pk",
        "Pk",
        "--with-general",
        "--night",
        "--json",
    ]);
    assert_eq!(v["cost"], 2);
    assert_eq!(v["rulings"], serde_json::json!(["pip-night"]));
    let v = json(&[
        "dbr",
        "pips",
        "rally",
        "--general-distance",
        "49",
        "--units",
        "cm",
        "--json",
    ]);
    assert_eq!(v["cost"], 3);
    let v = json(&[
        "dbr",
        "pips",
        "move",
        "LH",
        "--separating",
        "--previous-group",
        "LH,LH",
        "--json",
    ]);
    assert_eq!(v["cost"], 1);
    let v = json(&[
        "dbr",
        "pips",
        "move-group",
        "--separating",
        "--except",
        "b",
        "--json",
    ]);
    assert_eq!(v["cost"], 1);
    let o = umpire(&["dbr", "pips", "march-road", "--with-general"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("march-road: 0 PIPs\n"), "{out}");
    assert!(out.contains("[ruling pip-stacking]"), "{out}");
}

#[test]
fn pips_bad_input_gets_a_clear_message() {
    assert!(err(&["dbr", "pips", "mvoe"]).contains("did you mean `move`"));
    assert!(err(&["dbr", "pips", "move", "Pk", "Pk"]).contains("move-group"));
    assert!(err(&["dbr", "pips", "move", "(S)"]).contains("does not follow an element"));
    assert!(err(&["dbr", "pips", "move", "Art(Q)"]).contains("unknown grade"));
    assert!(err(&["dbr", "pips", "move", "--except", "e"]).contains("use b"));
}

#[test]
fn combat_shows_every_step_and_the_sheets_words() {
    let o = umpire(&[
        "dbr", "combat", "Bw(S)", "Ln(O)", "--a", "rear", "--b", "charged", "--dice", "5,2",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("DBR-CF-013: Bw (S) against cavalry (its own row): 4"),
        "{out}"
    );
    assert!(
        out.contains("\"Destroyed in close combat by Bw (S) whose front"),
        "{out}"
    );
    assert!(out.contains("DBR-OUT1-001"), "{out}");
    assert!(out.contains("=> DESTROYED"), "{out}");
    let v = json(&[
        "dbr", "combat", "Pk(O)", "Cm(S)", "--bound", "b", "--dice", "3,4", "--json",
    ]);
    assert_eq!(v["a"]["final_score"], 7);
    assert_eq!(v["b"]["final_score"], 7);
    assert_eq!(v["outcome"]["loser"], serde_json::Value::Null);
    assert!(
        v["rulings"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("tie"))
    );
}

#[test]
fn combat_rolls_seeded_logged_dice_and_counts_odds() {
    let a = json(&[
        "dbr",
        "combat",
        "Art(S)",
        "Pk(O)",
        "--shooting",
        "--distance",
        "700",
        "--seed",
        "7",
        "--json",
    ]);
    let b = json(&[
        "dbr",
        "combat",
        "Art(S)",
        "Pk(O)",
        "--shooting",
        "--distance",
        "700",
        "--seed",
        "7",
        "--json",
    ]);
    assert_eq!(a, b);
    assert_eq!(a["seed"], 7);
    assert_eq!(a["dice"].as_array().unwrap().len(), 2);
    let odds = json(&["dbr", "combat", "Pk", "Cm", "--odds", "--json"]);
    let pairs: u64 = odds["odds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["pairs"].as_u64().unwrap())
        .sum();
    assert_eq!(pairs, 36);
}

#[test]
fn combat_bad_input_gets_a_clear_message() {
    assert!(
        err(&["dbr", "combat", "Pk", "Cm", "--a", "rera", "--dice", "1,1"])
            .contains("did you mean `rear`")
    );
    assert!(err(&["dbr", "combat", "Pk", "Cm", "--dice", "7,1"]).contains("1 to 6"));
    assert!(err(&["dbr", "combat", "Pk", "Cm", "--dice", "1"]).contains("A,B"));
    assert!(
        err(&["dbr", "combat", "Pk", "Cm", "--bound", "c", "--dice", "1,1"]).contains("a or b")
    );
    assert!(
        err(&[
            "dbr", "combat", "Pk", "Cm", "--a", "unladen", "--dice", "1,1"
        ])
        .contains("only Naval")
    );
    assert!(
        err(&[
            "dbr",
            "combat",
            "Pk",
            "Cm",
            "--a",
            "going=mud",
            "--dice",
            "1,1"
        ])
        .contains("unknown going")
    );
}

#[test]
fn rulings_toml_round_trips_as_a_rulings_file() {
    let o = umpire(&["dbr", "rulings", "--toml"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        text.contains("move-cap-order = \"adjust-then-cap\""),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("umpire-dbr-toml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rulings.toml");
    std::fs::write(
        &file,
        text.replace("tie = \"no-result\"", "tie = \"no-result\"\n")
            .replace(
                "wwg-otherwise = \"no-effect\"",
                "wwg-otherwise = \"recoil\"",
            ),
    )
    .unwrap();
    let listed = json(&[
        "dbr",
        "rulings",
        "--json",
        "--rulings",
        file.to_str().unwrap(),
    ]);
    let wwg = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "wwg-otherwise")
        .unwrap();
    assert_eq!(wwg["in_force"], "recoil");
    assert_eq!(wwg["default"], "no-effect");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pip_dice_are_one_d6_per_command_replayable_from_the_seed() {
    let a = json(&[
        "dbr", "pip-dice", "3", "--seed", "7", "--bound", "2", "--json",
    ]);
    let b = json(&[
        "dbr", "pip-dice", "3", "--seed", "7", "--bound", "2", "--json",
    ]);
    assert_eq!(a, b);
    let pips = a["pips"].as_array().unwrap();
    assert_eq!(pips.len(), 3);
    assert!(pips.iter().all(|p| (1..=6).contains(&p.as_u64().unwrap())));
    assert!(err(&["dbr", "pip-dice", "0"]).contains("1 to 100"));
}

/// `umpire dbr new|play|replay`: a battle at the table, saved after every
/// command and replayed from its log.
#[test]
fn a_battle_at_the_table_is_played_saved_and_replayed() {
    let dir = std::env::temp_dir().join(format!("umpire-dbr-table-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.display().to_string();
    let o = umpire(&["dbr", "new", &d]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("4 commands, 11 elements"));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(["dbr", "play", &d])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut input = child.stdin.take().unwrap();
        input
            .write_all(b"bound dice 4,3\npips Baner move smaland-horse\ncombat smaland-horse vs croats dice 6,1\nshow\n")
            .unwrap();
    }
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("Bound 1, the Swedes' bound."), "{out}");
    assert!(out.contains("croats is now destroyed."), "{out}");
    assert!(out.contains("croats LH(F): destroyed"), "{out}");
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap();
    assert_eq!(log.lines().count(), 4);
    let o = umpire(&["dbr", "replay", &d]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Replayed 4 command(s)"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every `umpire dbr` command's help begins by saying what it does.
#[test]
fn each_command_describes_itself_in_its_help() {
    for (args, first) in [
        (
            &["dbr", "new", "--help"][..],
            "Start a battle at the table in DIR",
        ),
        (
            &["dbr", "rulings", "--help"][..],
            "List every ruling (the sheet's gaps)",
        ),
        (&["dbr", "play", "--help"][..], "The umpire at the table"),
    ] {
        let o = umpire(args);
        let text = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(o.status.success(), "{args:?}: {text}");
        assert!(text.starts_with(first), "{args:?}: {text}");
    }
    let o = umpire(&["dbr", "new", "--help"]);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.contains("--no-umpire") && text.contains("A scenario file, or `breitenfeld`"),
        "{text}"
    );
}

/// A combat's working prints no empty quotation of the sheet.
#[test]
fn a_combat_quotes_the_sheet_only_when_it_has_words() {
    // A shooter that loses is not shot at (DBR-SGF-009): no entry applies.
    let o = umpire(&[
        "dbr",
        "combat",
        "Bw(O)",
        "Pk(O)",
        "--shooting",
        "--dice",
        "1,6",
    ]);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success() && text.contains("DBR-SGF-009"), "{text}");
    assert!(!text.contains("the sheet: \"\""), "{text}");
}
