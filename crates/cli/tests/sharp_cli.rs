//! The `umpire sharp` commands, run as players at the table would run them.

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
fn new_play_resume_and_replay() {
    let dir = std::env::temp_dir().join(format!("umpire-sharp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.display().to_string();
    let o = umpire(&["sharp", "new", &d], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("The farm at Vimeiro ready"));
    // A second `new` is refused without --force.
    assert!(!umpire(&["sharp", "new", &d], "").status.success());

    let o = umpire(
        &["sharp", "play", &d],
        "draw\ndraw\nhelp fire\nfire nobody at x range 3\n",
    );
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(out.contains("Turn 1:"), "{out}");
    assert!(out.contains("fire GROUP at TARGET"), "{out}");
    assert!(out.contains("error: no Group `nobody`"), "{out}");
    // Resume: the log carries on, and the game replays.
    let o = umpire(
        &["sharp", "play", &d, "--side", "British"],
        "show\ndraw\nshow French\nhand French\n",
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        !text(&o).contains("chasseurs"),
        "the British do not see under the French Blind: {}",
        text(&o)
    );
    // Drawing is the umpire's; the French hand is the French's.
    assert!(
        text(&o).contains("error: `draw` is the umpire's at this table: ask them"),
        "{}",
        text(&o)
    );
    assert!(
        text(&o).contains("error: you play the British: `hand` here is about the British's cards"),
        "{}",
        text(&o)
    );
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap();
    assert_eq!(log.lines().count(), 8);
    assert!(log.contains("as British show French"), "{log}");
    let o = umpire(&["sharp", "replay", &d], "");
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("Replayed 8 command(s)"), "{}", text(&o));
    // A battle.json changed by hand is noticed.
    let json = std::fs::read_to_string(dir.join("battle.json")).unwrap();
    std::fs::write(
        dir.join("battle.json"),
        json.replace("\"men\": 8", "\"men\": 9"),
    )
    .unwrap();
    let o = umpire(&["sharp", "replay", &d], "");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rulings_lists_every_ruling_and_writes_a_file_to_edit() {
    let o = umpire(&["sharp", "rulings"], "");
    assert!(o.status.success());
    let t = text(&o);
    assert!(
        t.contains("status-two (SP-BM-003)") && t.contains("(default)"),
        "{t}"
    );
    let o = umpire(&["sharp", "rulings", "--toml"], "");
    let t = text(&o);
    assert_eq!(
        t.lines()
            .filter(|l| !l.starts_with('#') && l.contains(" = \""))
            .count(),
        57,
        "{t}"
    );
    assert!(t.contains("enfilade = \"as-column\""), "{t}");
}
