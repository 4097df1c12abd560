//! A game folder's turn taken back runs again the same: `umpire overlord
//! rollback` puts the game back to the world the turn was run from, keeps
//! the turn aside, and the next `run` writes the same turn and the same
//! game, byte for byte. Played on the Overlord fixture folder
//! (`tests/fixtures/folders/overlord`, a game of an earlier release).
//! An En Garde! folder keeps its months by the same rule: a month left by
//! a run that stopped before saving the game is run again the same, and
//! one run from another state of the game is moved aside, never deleted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

mod folders;
use folders::{copy_tree, tree};

fn game(name: &str) -> PathBuf {
    fixture("overlord", name)
}

/// A copy of fixture folder `kind` to play on.
fn fixture(kind: &str, name: &str) -> PathBuf {
    let to = std::env::temp_dir().join(format!("umpire-rollback-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/folders")
        .join(kind);
    copy_tree(&from, &to);
    to
}

fn umpire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .arg("--color=never")
        .output()
        .unwrap()
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_rolled_back_overlord_folder_runs_the_same_turn_again_byte_for_byte() {
    let dir = game("overlord");
    let d = dir.to_str().unwrap();
    let world_before = std::fs::read(dir.join("world.umpire")).unwrap();
    ok(&umpire(&["overlord", "run", d, "--quiet"]));
    let turn = tree(&dir.join("turns/2"));
    let world_after = std::fs::read(dir.join("world.umpire")).unwrap();
    assert_ne!(world_before, world_after);

    let said = ok(&umpire(&["overlord", "rollback", d]));
    assert!(
        said.starts_with("Turn 2 of fixture was rolled back"),
        "{said}"
    );
    assert_eq!(
        std::fs::read(dir.join("world.umpire")).unwrap(),
        world_before
    );
    assert!(!dir.join("turns/2").exists());
    assert_eq!(tree(&dir.join("turns/2.rolled-back-1")), turn);
    // The orders sent for it stand.
    assert!(dir.join("orders/2/f05.txt").exists());

    ok(&umpire(&["overlord", "run", d, "--quiet"]));
    assert_eq!(tree(&dir.join("turns/2")), turn);
    assert_eq!(
        std::fs::read(dir.join("world.umpire")).unwrap(),
        world_after
    );

    // --rerun: taken back and run again at once, the same again.
    let said = ok(&umpire(&["overlord", "rollback", d, "--rerun", "--quiet"]));
    assert!(said.contains("turn 2 run in"), "{said}");
    assert_eq!(tree(&dir.join("turns/2")), turn);
    assert_eq!(tree(&dir.join("turns/2.rolled-back-2")), turn);
    assert_eq!(
        std::fs::read(dir.join("world.umpire")).unwrap(),
        world_after
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rollback_is_refused_while_a_run_stopped_part_way_or_before_any_turn() {
    let dir = game("refused");
    let d = dir.to_str().unwrap();
    let before = tree(&dir);
    std::fs::create_dir_all(dir.join("turns/2.partial")).unwrap();
    let o = umpire(&["overlord", "rollback", d]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("a run of turn 2 stopped part way; run it again before rolling back"),
        "{err}"
    );
    std::fs::remove_dir_all(dir.join("turns/2.partial")).unwrap();
    assert_eq!(tree(&dir), before);

    // Turn 1 taken back: nothing is left to take back.
    ok(&umpire(&["overlord", "rollback", d]));
    let o = umpire(&["overlord", "rollback", d]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("there is nothing to roll back"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engarde_month_left_over_is_run_again_and_one_from_another_game_moved_aside() {
    let dir = fixture("engarde", "engarde");
    let d = dir.to_str().unwrap();
    ok(&umpire(&["engarde", "run", d, "--anyway"]));
    let month = tree(&dir.join("months/2"));
    let after = std::fs::read(dir.join("world.json")).unwrap();
    let before = std::fs::read(dir.join("months/2/world-before.json")).unwrap();

    // Stopped after keeping the month, before saving the game.
    std::fs::write(dir.join("world.json"), &before).unwrap();
    let o = umpire(&["engarde", "run", d, "--anyway"]);
    ok(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("months/2, left by a run that stopped before saving the game"),
        "{err}"
    );
    assert_eq!(tree(&dir.join("months/2")), month);
    assert_eq!(std::fs::read(dir.join("world.json")).unwrap(), after);

    // The game master went back to another world for month 2: the month
    // run from the old one is kept aside.
    let mut other: serde_json::Value = serde_json::from_slice(&before).unwrap();
    other["seed"] = serde_json::json!(other["seed"].as_u64().unwrap() + 1);
    std::fs::write(
        dir.join("world.json"),
        serde_json::to_vec_pretty(&other).unwrap(),
    )
    .unwrap();
    let o = umpire(&["engarde", "run", d, "--anyway"]);
    ok(&o);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("(month 2 run from another state of the game)"),
        "{err}"
    );
    assert_eq!(tree(&dir.join("months/2.replaced-1")), month);
    assert!(dir.join("months/2/world-before.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engarde_month_rolled_back_and_rerun_is_the_same() {
    let dir = fixture("engarde", "engarde-rerun");
    let d = dir.to_str().unwrap();
    let porthos =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/folders/mail/porthos.txt");
    ok(&umpire(&[
        "engarde",
        "submit",
        d,
        porthos.to_str().unwrap(),
    ]));
    ok(&umpire(&["engarde", "run", d]));
    let month = tree(&dir.join("months/2"));
    let after = std::fs::read(dir.join("world.json")).unwrap();
    let said = ok(&umpire(&["engarde", "rollback", d, "--rerun"]));
    assert!(said.starts_with("Month 2 taken back"), "{said}");
    assert!(said.contains("Month 2 run: reports in"), "{said}");
    assert_eq!(tree(&dir.join("months/2")), month);
    assert_eq!(tree(&dir.join("months/2.rolled-back-1")), month);
    assert_eq!(std::fs::read(dir.join("world.json")).unwrap(), after);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game master put another world of the same turn in place after the
/// turn ran (one played from other orders): taking the turn back would
/// undo that too, so it is refused, for an Overlord folder and an En
/// Garde! folder alike, and nothing changes.
#[test]
fn a_rollback_is_refused_when_the_world_changed_after_the_turn_ran() {
    let porthos =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/folders/mail/porthos.txt");
    let porthos = porthos.to_str().unwrap();
    for (kind, world, kept, run, other_orders) in [
        (
            "overlord",
            "world.umpire",
            "turns/2",
            &["overlord", "run", "", "--quiet"][..],
            &["overlord", "bots", "", "--all", "--quiet"][..],
        ),
        (
            "engarde",
            "world.json",
            "months/2",
            &["engarde", "run", "", "--anyway"][..],
            &["engarde", "submit", "", porthos][..],
        ),
    ] {
        let dir = fixture(kind, &format!("{kind}-changed"));
        let other = fixture(kind, &format!("{kind}-other"));
        let on = |args: &[&str], dir: &PathBuf| -> Vec<String> {
            args.iter()
                .map(|a| {
                    if a.is_empty() {
                        dir.display().to_string()
                    } else {
                        a.to_string()
                    }
                })
                .collect()
        };
        let umpire_on = |args: &[&str], dir: &PathBuf| {
            let args = on(args, dir);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            umpire(&args)
        };
        let before = std::fs::read(dir.join(world)).unwrap();
        ok(&umpire_on(run, &dir));
        // The turn notes the world it left.
        let after = std::fs::read(dir.join(world)).unwrap();
        let left = std::fs::read_to_string(dir.join(kept).join("left.sha256")).unwrap();
        assert_eq!(left, sha256_hex(&after), "{kind}");
        // The same turn played from other orders.
        ok(&umpire_on(other_orders, &other));
        ok(&umpire_on(run, &other));
        let another = std::fs::read(other.join(world)).unwrap();
        assert_ne!(another, after, "{kind}");

        std::fs::write(dir.join(world), &another).unwrap();
        let files = tree(&dir);
        let o = umpire_on(&[kind, "rollback", ""], &dir);
        assert_eq!(o.status.code(), Some(2), "{kind}");
        let err = String::from_utf8_lossy(&o.stderr);
        let noun = if kind == "overlord" { "turn" } else { "month" };
        assert!(
            err.contains(&format!(
                "changed after {noun} 2 ran ({} is not the world {noun} 2 left); rolling back would undo that too, so it is refused",
                dir.join(world).display()
            )),
            "{kind}: {err}"
        );
        assert_eq!(
            tree(&dir),
            files,
            "{kind}: a refused rollback changes nothing"
        );

        // The world as the turn left it: the rollback goes ahead.
        std::fs::write(dir.join(world), &after).unwrap();
        ok(&umpire_on(&[kind, "rollback", ""], &dir));
        assert_eq!(std::fs::read(dir.join(world)).unwrap(), before, "{kind}");
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&other);
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A folder made before passwords were hashed keeps them as it did; the
/// first right password is kept again as argon2id beside the world
/// (`passwords.json`), which then stands for it, while the world file is
/// left as the turn wrote it. A new En Garde! folder keeps no password
/// in clear at all.
#[test]
fn a_folders_passwords_are_upgraded_beside_the_world_and_new_ones_never_kept_in_clear() {
    let mail = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/folders/mail");
    for (kind, world, letter, (right, wrong), seat, refusal) in [
        (
            "overlord",
            "world.umpire",
            "overlord-orders.txt",
            ("axryky5hbb", "axryky5hbc"),
            "f5",
            "wrong password for f5",
        ),
        (
            "engarde",
            "world.json",
            "porthos.txt",
            ("PASSWORD feast", "PASSWORD fest"),
            "porthos",
            "wrong or missing password for Porthos",
        ),
    ] {
        let dir = fixture(kind, &format!("{kind}-passwords"));
        let d = dir.to_str().unwrap();
        let kept = std::fs::read(dir.join(world)).unwrap();
        let letter = mail.join(letter);
        let text = std::fs::read_to_string(&letter).unwrap();
        assert!(text.contains(right), "{kind}");
        let wrong_letter = dir.with_extension("wrong.txt");
        std::fs::write(&wrong_letter, text.replace(right, wrong)).unwrap();
        assert!(!dir.join("passwords.json").exists());
        ok(&umpire(&[kind, "submit", d, letter.to_str().unwrap()]));
        let upgraded: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("passwords.json")).unwrap()).unwrap();
        let entry = &upgraded["seats"][seat];
        assert!(
            entry["argon2id"]
                .as_str()
                .unwrap()
                .starts_with("$argon2id$"),
            "{kind}: {upgraded}"
        );
        assert_eq!(entry["replaces"].as_str().unwrap().len(), 64, "{kind}");
        assert_eq!(std::fs::read(dir.join(world)).unwrap(), kept, "{kind}");
        // The upgraded password stands: the right one is taken again, a
        // wrong one refused, and the file is not rewritten.
        let file = std::fs::read(dir.join("passwords.json")).unwrap();
        ok(&umpire(&[kind, "submit", d, letter.to_str().unwrap()]));
        let o = umpire(&[kind, "submit", d, wrong_letter.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{kind}");
        let said = String::from_utf8_lossy(&o.stdout);
        assert!(said.contains(refusal), "{kind}: {said}");
        assert_eq!(std::fs::read(dir.join("passwords.json")).unwrap(), file);
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(&wrong_letter);
    }

    let dir = std::env::temp_dir().join(format!("umpire-new-passwords-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    ok(&umpire(&[
        "engarde",
        "demo",
        d,
        "--months",
        "1",
        "--players",
        "3",
        "--force",
    ]));
    let world = std::fs::read_to_string(dir.join("world.json")).unwrap();
    for clear in ["pw1", "pw2", "pw3"] {
        assert!(
            !world.contains(&format!("\"{clear}\"")),
            "{clear} kept in clear"
        );
    }
    assert_eq!(world.matches("\"password\": \"$argon2id$").count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}
