//! The `umpire nb` commands: a game at the table and by mail.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn umpire(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn a_game_by_mail_keeps_each_sides_secrets() {
    let dir = std::env::temp_dir().join(format!("umpire-nb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.join("game").display().to_string();
    let o = umpire(&["nb", "new", &d], "");
    assert!(o.status.success(), "{}", text(&o));
    // The umpire sets up, then each side mails its orders.
    let o = umpire(
        &["nb", "play", &d],
        "reserve III-Corps-P off-board B9 dice 2\nstart III-Corps attack St Amand\nnext\n",
    );
    assert!(o.status.success(), "{}", text(&o));
    let french = dir.join("french.txt");
    std::fs::write(&french, "# turn 1\norder IV-Corps attack the windmill distance 30\norder II-Corps attack Ligny distance 5\n").unwrap();
    let o = umpire(
        &["nb", "submit", &d, "French", &french.display().to_string()],
        "",
    );
    assert_eq!(
        o.status.code(),
        Some(1),
        "one line was refused: {}",
        text(&o)
    );
    assert!(
        text(&o).contains("Order 1 written") && text(&o).contains("II-Corps is not French's"),
        "{}",
        text(&o)
    );
    // A side the game does not have runs nothing.
    let log_before = std::fs::read_to_string(dir.join("game/log.txt")).unwrap();
    let o = umpire(
        &[
            "nb",
            "submit",
            &d,
            "Austrians",
            &french.display().to_string(),
        ],
        "",
    );
    assert!(!o.status.success());
    assert!(
        text(&o).contains("`Austrians` is not a side of this game: its sides are French and Prussians; nothing was run"),
        "{}",
        text(&o)
    );
    let o = umpire(&["nb", "play", &d, "--side", "Prusians"], "show\n");
    assert!(!o.status.success());
    assert!(
        text(&o).contains("did you mean `Prussians`?"),
        "{}",
        text(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("game/log.txt")).unwrap(),
        log_before
    );
    let o = umpire(&["nb", "report", &d, "Prussians"], "");
    let prussian = text(&o);
    assert!(o.status.success(), "{prussian}");
    assert!(!prussian.contains("windmill"), "{prussian}");
    assert!(prussian.contains("planned turn 6"), "{prussian}");
    let o = umpire(&["nb", "report", &d, "French"], "");
    let french_report = text(&o);
    assert!(
        french_report.contains("windmill") && !french_report.contains("B9"),
        "{french_report}"
    );
    let o = umpire(&["nb", "report", &d, "Prussians", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["schema"], "umpire-nb-side-view");
    assert_eq!(v["formations"][2]["reserve"]["planned_turn"], 6);
    assert!(!String::from_utf8_lossy(&o.stdout).contains("windmill"));
    // Playing as a side: it may not touch the other's formations.
    let o = umpire(
        &["nb", "play", &d, "--side", "French"],
        "complete I-Corps\nshow\n",
    );
    assert!(text(&o).contains("I-Corps is not French's"), "{}", text(&o));
    let o = umpire(&["nb", "replay", &d], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("identical"), "{}", text(&o));
    let o = umpire(&["nb", "reveal", &d], "");
    assert!(text(&o).contains("windmill") && text(&o).contains("planned turn 6"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rulings_lists_all_23() {
    let o = umpire(&["nb", "rulings", "--toml"], "");
    assert!(o.status.success());
    let t = text(&o);
    assert_eq!(
        t.lines()
            .filter(|l| !l.starts_with('#') && l.contains(" = \""))
            .count(),
        23,
        "{t}"
    );
}
