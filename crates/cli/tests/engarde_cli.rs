//! The `umpire engarde` commands, run as a game master would run them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn umpire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .arg("--color=never")
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let o = umpire(args);
    assert!(
        o.status.success(),
        "{args:?}: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-engarde-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn convert_prints_the_sl_change_and_next_months_sp_for_every_excerpt_row() {
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
    for (sp, change, next) in rows {
        let v = json(&[
            "engarde",
            "convert",
            "--sl",
            "8",
            "--sp",
            &sp.to_string(),
            "--json",
        ]);
        assert_eq!(v["sl_change"], change, "SP {sp}");
        assert_eq!(v["sp_next"], next, "SP {sp}");
    }
    let v = json(&["engarde", "convert", "--sl", "8", "--sp", "57", "--json"]);
    assert_eq!(v["sp_next"], 12.5);
    assert_eq!(v["moderated"], 52.5);
    let text = stdout(&["engarde", "convert", "--sl", "8", "--sp", "-32"]);
    assert!(text.contains("SL change: -1"), "{text}");
    assert!(text.contains("SP next month: -18"), "{text}");
    assert!(
        text.contains("under -8 (-1 x SL) count half, under -24 (-3 x SL) a quarter"),
        "{text}"
    );
}

#[test]
fn convert_refuses_bad_numbers_with_a_reason() {
    let o = umpire(&["engarde", "convert", "--sl", "0", "--sp", "5"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("SL must be at least 1"));
    let o = umpire(&["engarde", "convert", "--sl", "5", "--sp", "1.3"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("quarters"));
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn new_submit_check_run_report_and_gazette() {
    let dir = scratch("loop");
    let game = dir.join("paris");
    std::fs::create_dir_all(&dir).unwrap();
    let g = game.display().to_string();
    let out = stdout(&[
        "engarde",
        "new",
        &g,
        "--player",
        "Athos:sword",
        "--player",
        "Porthos:feast",
        "--seed",
        "3",
    ]);
    assert!(out.contains("Athos: SL"), "{out}");
    // Each player's first report names who is who.
    let first = stdout(&["engarde", "report", &g, "Athos", "0"]);
    assert!(first.contains("Welcome to Paris, Athos."), "{first}");
    assert!(first.contains("Who is who in Paris"), "{first}");
    assert!(first.contains("Gentlemen of Paris: Porthos"), "{first}");
    assert!(first.contains("Frog & Peach (frog-and-peach)"), "{first}");
    assert!(first.contains("Royal Foot Guards (RFG)"), "{first}");
    assert!(
        first.contains("Colonel of the Royal Foot Guards"),
        "{first}"
    );
    // A second `new` is refused without --force.
    assert!(
        !umpire(&["engarde", "new", &g, "--player", "X"])
            .status
            .success()
    );

    let athos = write(
        &dir,
        "athos.txt",
        "CHARACTER Athos\nPASSWORD sword\nBORROW 50\nWEEK 1: CAROUSE\nWEEK 2: TOADY TO Porthos\nWEEK 3\nIF Porthos RECEIVED ME LAST WEEK THEN CAROUSE ELSE REST\n",
    );
    let out = stdout(&["engarde", "submit", &g, &athos]);
    assert!(out.contains("Kept for month 1"), "{out}");
    // Wrong password: refused, exit 1, nothing kept.
    let bad = write(
        &dir,
        "bad.txt",
        "CHARACTER Porthos\nPASSWORD nope\nWEEK 1: CAROUSE\n",
    );
    let o = umpire(&["engarde", "submit", &g, &bad]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("E2202"));
    assert!(!game.join("orders/1/porthos.txt").exists());
    // Check: an illegal condition is an error with its code.
    let future = write(
        &dir,
        "future.txt",
        "CHARACTER Athos\nWEEK 2\nTOADY TO Porthos\nIF Porthos RECEIVED ME IN WEEK 2 THEN REST\n",
    );
    let o = umpire(&["engarde", "check", &future, "--game", &g, "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(
        v.as_array().unwrap().iter().any(|d| d["code"] == "E2101"),
        "{v}"
    );

    // Porthos sent no sheet: run says so and runs nothing without --anyway.
    let o = umpire(&["engarde", "run", &g]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("No sheet for month 1 from 1 player(s): Porthos."),
        "{err}"
    );
    assert!(err.contains("Nothing was run"), "{err}");
    assert!(!game.join("months/1").exists());
    let o = umpire(&["engarde", "run", &g, "--anyway"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("Month 1 run"), "{out}");
    let first_report = stdout(&["engarde", "report", &g, "Athos"]);
    // Rolled back, the month runs again to the same reports.
    let out = stdout(&["engarde", "rollback", &g]);
    assert!(out.contains("Month 1 taken back"), "{out}");
    assert!(game.join("months/1.rolled-back-1/reports").exists());
    assert!(!game.join("months/1").exists());
    let o = umpire(&["engarde", "run", &g, "--anyway"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&["engarde", "report", &g, "Athos"]), first_report);
    // A damaged world.json does not take the reports with it.
    let world = std::fs::read(game.join("world.json")).unwrap();
    std::fs::write(game.join("world.json"), b"{ damaged").unwrap();
    assert_eq!(
        stdout(&["engarde", "report", &g, "Athos", "1"]),
        first_report
    );
    assert_eq!(stdout(&["engarde", "report", &g, "Athos"]), first_report);
    std::fs::write(game.join("world.json"), world).unwrap();
    let report = stdout(&["engarde", "report", &g, "Athos"]);
    assert!(report.contains("Report for Athos"), "{report}");
    assert!(report.contains("Borrowed 50 crowns"), "{report}");
    assert!(report.contains("Week 3"), "{report}");
    assert!(report.contains("SP to SL"), "{report}");
    let v = json(&["engarde", "report", &g, "athos", "1", "--json"]);
    assert_eq!(v["schema"], "umpire-engarde-report");
    assert_eq!(v["month"], 1);
    assert!(v["sl_after"].is_number() && v["sp_next"].is_number());
    // Porthos sent nothing: he still gets his month.
    let porthos = stdout(&["engarde", "report", &g, "Porthos"]);
    assert!(porthos.contains("End of the month"), "{porthos}");
    let gazette = stdout(&["engarde", "gazette", &g]);
    assert!(gazette.contains("The Paris Gazette"), "{gazette}");
    // Month 2 is next; a report of a month not run is a clear error.
    let o = umpire(&["engarde", "report", &g, "Athos", "2"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no report of month 2"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn demo_plays_a_few_months_through_submit_and_run() {
    let dir = scratch("demo");
    let d = dir.display().to_string();
    let out = stdout(&[
        "engarde",
        "demo",
        &d,
        "--months",
        "2",
        "--players",
        "5",
        "--force",
    ]);
    assert!(out.contains("Month 2 run."), "{out}");
    assert!(out.contains("Report for"), "{out}");
    assert!(out.contains("The Paris Gazette"), "{out}");
    assert!(dir.join("months/2/reports").is_dir());
    assert!(dir.join("months/2/events.json").is_file());
    let world: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("world.json")).unwrap()).unwrap();
    assert_eq!(world["month"], 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_refuses_twins_the_games_own_names_and_month_13_and_makes_nothing() {
    let dir = scratch("new-refusals");
    let d = dir.display().to_string();
    for (args, said) in [
        (
            vec!["--player", "Athos", "--player", "athos"],
            "`Athos` and `athos` differ only in case or accents",
        ),
        (
            vec!["--player", "Athos", "--player", "the Duc de Montmorency"],
            "is the name of the Duc de Montmorency, a character the game makes itself",
        ),
        (
            vec!["--player", "Athos", "--start-month", "13"],
            "month 13 is not a month of the year",
        ),
    ] {
        let mut all = vec!["engarde", "new", d.as_str()];
        all.extend(args);
        let o = umpire(&all);
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(said), "{err}");
        assert!(err.contains("no game was made"), "{err}");
        assert!(!dir.join("world.json").exists());
    }
}

/// EG-ORD-001/005: a line held for the game master is reviewed (approved
/// with a note, or refused with a reason), and every held line's fate is
/// in the player's report, reviewed or not.
#[test]
fn held_lines_are_reviewed_and_every_fate_is_reported() {
    let dir = scratch("held");
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("paris");
    let g = game.display().to_string();
    stdout(&[
        "engarde",
        "new",
        &g,
        "--player",
        "Athos:sword",
        "--player",
        "Porthos:feast",
    ]);
    let sheet = write(
        &dir,
        "athos.txt",
        "CHARACTER Athos\nPASSWORD sword\nWEEK 1: CAROUSE\nDANCE WITH THE QUEEN\nSERENADE Mme Bonacieux\nBUY A HORSE NAMED BUCEPHALUS\n",
    );
    stdout(&["engarde", "submit", &g, &sheet]);
    let held = stdout(&["engarde", "held", &g]);
    assert!(held.starts_with("Athos:\n"), "{held}");
    assert_eq!(held.matches("-- not reviewed").count(), 3, "{held}");
    let line = |text: &str| -> String {
        held.lines()
            .find(|l| l.contains(text))
            .and_then(|l| l.trim().strip_prefix("line "))
            .and_then(|l| l.split(':').next())
            .unwrap()
            .to_string()
    };
    let (dance, serenade) = (line("DANCE"), line("SERENADE"));
    let out = stdout(&[
        "engarde",
        "approve",
        &g,
        "athos",
        &dance,
        "--note",
        "the Queen grants one dance: +1 SP",
    ]);
    assert!(out.contains("Approved line"), "{out}");
    stdout(&[
        "engarde",
        "refuse",
        &g,
        "Athos",
        &serenade,
        "--reason",
        "write it as COURT Mme Bonacieux WITH 60",
    ]);
    // A line that is not held, and a refusal without a reason, are refused.
    let o = umpire(&["engarde", "approve", &g, "Athos", "3"]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(
            "line 3 of Athos's sheet is not held for the game master; the held lines are"
        ),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = umpire(&["engarde", "refuse", &g, "Athos", &serenade, "--reason", " "]);
    assert!(!o.status.success());

    stdout(&["engarde", "run", &g, "--anyway"]);
    let report = stdout(&["engarde", "report", &g, "Athos"]);
    assert!(
        report.contains("Lines held for the game master"),
        "{report}"
    );
    assert!(
        report.contains("`DANCE WITH THE QUEEN`: approved by the game master: the Queen grants one dance: +1 SP."),
        "{report}"
    );
    assert!(
        report.contains("`SERENADE Mme Bonacieux`: refused by the game master: write it as COURT Mme Bonacieux WITH 60."),
        "{report}"
    );
    assert!(
        report.contains(
            "`BUY A HORSE NAMED BUCEPHALUS`: not reviewed before the month ran: it did not run."
        ),
        "{report}"
    );
    let v = json(&["engarde", "report", &g, "Athos", "1", "--json"]);
    assert_eq!(v["held_lines"].as_array().map(Vec::len), Some(3), "{v}");
    assert_eq!(v["held_lines"][0]["fate"]["fate"], "approved");
    assert_eq!(
        v["held_lines"][0]["fate"]["note"],
        "the Queen grants one dance: +1 SP"
    );
    assert_eq!(v["held_lines"][2]["fate"]["fate"], "not-reviewed");
    let porthos = stdout(&["engarde", "report", &g, "Porthos"]);
    assert!(!porthos.contains("Lines held"), "{porthos}");
    let _ = std::fs::remove_dir_all(&dir);
}
