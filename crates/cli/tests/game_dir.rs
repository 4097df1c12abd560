//! `umpire overlord import` and `show`, on the original engine's sample
//! game.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn umpire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .arg("--color=never")
        .output()
        .unwrap()
}

fn alpha() -> String {
    std::env::var("UMPIRE_ALPHA_DIR").unwrap_or_else(|_| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/reference/overlord-alpha")
            .display()
            .to_string()
    })
}

fn temp_game(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `--copies N`: the sample game N times side by side, every copy its own
/// ids and its own stretch of map, for workloads at scale.
#[test]
fn import_copies_makes_disjoint_copies_of_the_game() {
    let dir = temp_game("import-copies");
    let d = dir.to_str().unwrap();
    let out = umpire(&["overlord", "import", &alpha(), d, "--copies", "3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("game `alpha` (3 copies) in "), "{text}");
    assert!(
        text.contains("627 locations, 825 units, 45 factions, 51 structures"),
        "{text}"
    );
    // Copy 2's U1 is U4001, of copy 2's faction f1, f201.
    let unit = umpire(&["overlord", "show", d, "--unit", "U4001"]);
    let s = String::from_utf8_lossy(&unit.stdout);
    assert!(
        s.starts_with("Ykima [U4001]: 1 hero, of Itorians [f201]"),
        "{s}"
    );
    let zero = umpire(&[
        "overlord",
        "import",
        &alpha(),
        d,
        "--copies",
        "0",
        "--force",
    ]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&zero.stderr).contains("0 is not in 1..=1000"),
        "{}",
        String::from_utf8_lossy(&zero.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_then_show() {
    let dir = temp_game("import");
    let d = dir.to_str().unwrap();
    let out = umpire(&["overlord", "import", &alpha(), d]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("209 locations, 275 units, 15 factions, 17 structures"),
        "{text}"
    );
    assert!(
        text.contains("10 line(s) could not be mapped exactly"),
        "{text}"
    );
    let notes = std::fs::read_to_string(dir.join("import-notes.txt")).unwrap();
    assert_eq!(notes.lines().count(), 10);
    // The units that never chose a tactic keep the original's default,
    // and the caravan saved at its last stop turns back.
    assert!(notes.contains("89 units have no COMBAT_TACTICS"), "{notes}");
    assert!(
        notes.contains("U315: `@ CARAVAN L304 L312 L322`"),
        "{notes}"
    );

    // A second import into the same folder is refused without --force.
    let again = umpire(&["overlord", "import", &alpha(), d]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds a game"));
    assert!(
        umpire(&["overlord", "import", &alpha(), d, "--force"])
            .status
            .success()
    );

    let show = umpire(&["overlord", "show", d]);
    let s = String::from_utf8_lossy(&show.stdout);
    assert!(s.contains("Game `alpha`, turn 0"), "{s}");
    assert!(
        s.contains("15 factions, 275 units, 209 locations, 17 structures"),
        "{s}"
    );

    let unit = umpire(&["overlord", "show", d, "--unit", "U1"]);
    let s = String::from_utf8_lossy(&unit.stdout);
    assert!(s.starts_with("Ykima [U1]: 1 hero, of Itorians [f1]"), "{s}");
    assert!(
        s.contains("leads Guards of Itora [U2], Itorian Archers [U3]"),
        "{s}"
    );
    assert!(s.contains("combat [cmbt] level 5 (450 days)"), "{s}");
    assert!(s.contains("1 adamantine sword [aswd] (1 equipped)"), "{s}");

    let loc = umpire(&["overlord", "show", d, "--location", "L2"]);
    let s = String::from_utf8_lossy(&loc.stdout);
    assert!(
        s.contains("exits: N L3, S L4, NE L5, SE L8, NW L7, SW L6, IN L1 (walk, 1 days)"),
        "{s}"
    );

    let fac = umpire(&["overlord", "show", d, "--faction", "f2", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&fac.stdout).unwrap();
    assert_eq!(v["number"], 2);
    assert_eq!(v["player"], "npc");

    let bad = umpire(&["overlord", "show", d, "--unit", "U99999"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("there is no unit U99999 in this game"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_without_a_game_says_how_to_make_one() {
    let dir = temp_game("empty");
    let out = umpire(&["overlord", "show", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("make a game with `umpire overlord new` or `umpire overlord import`"),
        "{e}"
    );
}

#[test]
fn import_refuses_a_folder_that_is_not_a_game() {
    let dir = temp_game("notgame");
    std::fs::create_dir_all(&dir).unwrap();
    let out = umpire(&[
        "overlord",
        "import",
        dir.to_str().unwrap(),
        dir.join("g").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("does not look like an original Overlord game")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_makes_a_game_and_the_sheet_and_is_repeatable() {
    let a = temp_game("new-a");
    let b = temp_game("new-b");
    let (da, db) = (a.to_str().unwrap(), b.to_str().unwrap());
    let out = umpire(&[
        "overlord",
        "new",
        da,
        "--seed",
        "5",
        "--factions",
        "6",
        "--name",
        "spring",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("Made game `spring` (seed 5, 48x36 map)"),
        "{text}"
    );
    assert!(text.contains("10 factions (6 players)"), "{text}");
    let sheet = std::fs::read_to_string(a.join("factions.txt")).unwrap();
    let rows: Vec<&str> = sheet.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows.len(), 10, "{sheet}");
    assert!(rows[0].starts_with("f1 ") && rows[0].contains("Imperials"));
    assert!(rows[9].starts_with("f10 ") && rows[9].contains("Faction 10"));

    // Same seed, same bytes.
    assert!(
        umpire(&[
            "overlord",
            "new",
            db,
            "--seed",
            "5",
            "--factions",
            "6",
            "--name",
            "spring"
        ])
        .status
        .success()
    );
    assert_eq!(
        std::fs::read(a.join("world.umpire")).unwrap(),
        std::fs::read(b.join("world.umpire")).unwrap()
    );

    // The game opens in `show`.
    let show = umpire(&["overlord", "show", da, "--faction", "f5"]);
    assert!(
        show.status.success(),
        "{}",
        String::from_utf8_lossy(&show.stderr)
    );
    assert!(String::from_utf8_lossy(&show.stdout).contains("Faction 5"));

    // Not over an existing game without --force.
    let again = umpire(&["overlord", "new", da, "--seed", "6"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds a game"));
    assert!(
        umpire(&["overlord", "new", da, "--seed", "6", "--force"])
            .status
            .success()
    );
    let _ = std::fs::remove_dir_all(&a);
    let _ = std::fs::remove_dir_all(&b);
}

#[test]
fn new_explains_bad_sizes_and_names() {
    let dir = temp_game("new-bad");
    let d = dir.to_str().unwrap();
    let out = umpire(&["overlord", "new", d, "--seed", "1", "--size", "enormous"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "`enormous` is not a map size: write small, medium, large, huge or WIDTHxHEIGHT"
        ),
        "{err}"
    );
    let out = umpire(&["overlord", "new", d, "--seed", "1", "--size", "8x8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("use a larger --size"));
    let out = umpire(&["overlord", "new", d, "--seed", "1", "--name", "two words"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("must be one word"));
    assert!(!dir.join("world.umpire").exists());
}

#[test]
fn run_takes_the_orders_runs_the_turn_and_keeps_the_old_game() {
    let dir = temp_game("run");
    let d = dir.to_str().unwrap();
    assert!(
        umpire(&["overlord", "import", &alpha(), d])
            .status
            .success()
    );
    let orders = dir.join("orders").join("1");
    std::fs::create_dir_all(&orders).unwrap();
    std::fs::write(
        orders.join("f05.txt"),
        "From: a player\n\n#GAME f05 pswd5\nUNIT U500\nNAME \"Renamed Leader\"\nFROB 3\n#END\n",
    )
    .unwrap();
    std::fs::write(
        orders.join("f06.txt"),
        "#GAME f06 wrong\nUNIT U600\nNAME \"No\"\n#END\n",
    )
    .unwrap();
    let out = umpire(&["overlord", "run", d, "--quiet"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}{err}");
    assert!(text.contains("alpha: turn 1 run in"), "{text}");
    assert!(text.contains("2 order set(s)"), "{text}");
    assert!(text.contains("order sets refused 1"), "{text}");
    assert!(
        text.contains("1 order(s) with errors were left out"),
        "{text}"
    );
    // The bad line is shown compiler-style, with its file.
    assert!(err.contains("FROB") && err.contains("f05.txt"), "{err}");
    assert!(dir.join("turns/1/world.umpire").exists());
    let events = std::fs::read_to_string(dir.join("turns/1/events.json")).unwrap();
    assert!(events.contains("\"orders_refused\""));
    let show = umpire(&["overlord", "show", d, "--unit", "U500"]);
    assert!(String::from_utf8_lossy(&show.stdout).contains("Renamed Leader"));
    // Each faction's order template, ready to fill in and send back.
    let t = std::fs::read_to_string(dir.join("turns/1/templates/f05.txt")).unwrap();
    assert!(t.starts_with("#GAME f05 PASSWORD alpha\n"), "{t}");
    assert!(t.contains("UNIT U500  # Renamed Leader, "), "{t}");
    assert!(t.ends_with("#END\n"), "{t}");
    // The next run is turn 2, with no orders: units carry on.
    let out = umpire(&["overlord", "run", d, "--quiet"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("turn 2 run in"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_pays_press_rewards_to_articles_with_the_right_password() {
    let dir = temp_game("press");
    let d = dir.to_str().unwrap();
    assert!(
        umpire(&["overlord", "import", &alpha(), d])
            .status
            .success()
    );
    let orders = dir.join("orders").join("1");
    std::fs::create_dir_all(&orders).unwrap();
    std::fs::write(
        orders.join("press.txt"),
        "#PRESS f05 pswd5\nThe north is ours.\n#END\n#RUMOR f05 pswd5\nAnd more.\n#END\n#RUMOR f06 wrong\nLies.\n#END\n",
    )
    .unwrap();
    let out = umpire(&["overlord", "run", d, "--quiet"]);
    assert!(out.status.success());
    let events = std::fs::read_to_string(dir.join("turns/1/events.json")).unwrap();
    // One reward: f05's $50; f06's rumour had the wrong password.
    assert_eq!(events.matches("\"press_reward\"").count(), 1, "{events}");
    let log: serde_json::Value = serde_json::from_str(&events).unwrap();
    assert!(
        log["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["what"]["event"] == "press_reward" && e["what"]["amount"] == 50),
        "{events}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
