//! The `umpire overlord` commands, run as a player or GM would run them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn umpire(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
    cmd.args(args).arg("--color=never");
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    if let Some(bytes) = stdin {
        child.stdin.take().unwrap().write_all(bytes).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../games/overlord/tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p
}

#[test]
fn check_clean_file_exits_zero_with_a_summary() {
    let f = temp_file(
        "clean.txt",
        b"GAME f06 pw\nUNIT U1\nMOVE NE\n@STUDY cmbt\nEND\n",
    );
    let o = umpire(&["overlord", "check", f.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("GAME f06 (line 1): 1 unit, 2 orders"), "{out}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");
}

#[test]
fn check_reports_every_problem_and_exits_one() {
    let o = umpire(&["overlord", "check", &fixture("messy-orders.txt")], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    for code in [
        "E0101", "E0102", "E0202", "E0307", "E0309", "W0207", "E0305", "E0314", "W0109",
    ] {
        assert!(out.contains(&format!("[{code}]")), "{code} missing:\n{out}");
    }
    assert!(out.contains("= help: did you mean `MOVE`?"));
    assert!(out.contains("7 errors, 2 warnings"), "{out}");
}

#[test]
fn check_reads_standard_input() {
    let o = umpire(
        &["overlord", "check"],
        Some(b"GAME f06 pw\nUNIT U1\nGIEV U2 swrd 1\nEND\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("--> <stdin>:3:1"), "{out}");
    let o = umpire(&["overlord", "check", "-"], Some(b"GAME f06 pw\nEND\n"));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn check_json_has_counts_and_diagnostics() {
    let o = umpire(
        &[
            "overlord",
            "check",
            "--format",
            "json",
            &fixture("messy-orders.txt"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["errors"], 7);
    assert_eq!(v["warnings"], 2);
    let file = &v["files"][0];
    assert_eq!(file["encoding"], "utf8");
    let first = &file["diagnostics"][0];
    assert_eq!(first["code"], "E0101");
    assert_eq!(first["line"], 5);
    assert_eq!(first["column"], 1);
    assert_eq!(file["envelopes"][0]["faction"], "f06");
    assert_eq!(file["message"]["envelopes"][0]["units"][0]["unit"], "U12");
}

#[test]
fn unreadable_file_is_reported_and_the_rest_still_checked() {
    let good = temp_file("good.txt", b"GAME f06 pw\nEND\n");
    let o = umpire(
        &[
            "overlord",
            "check",
            "/no/such/file.txt",
            good.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot read /no/such/file.txt"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("good.txt: GAME f06"), "{}", stdout(&o));
}

#[test]
fn deny_warnings_turns_warnings_into_failure() {
    let f = temp_file("warn.txt", b"GAME f06 pw\nUNIT U1\n5 MOVE N\nEND\n");
    let path = f.to_str().unwrap();
    assert_eq!(
        umpire(&["overlord", "check", path], None).status.code(),
        Some(0)
    );
    assert_eq!(
        umpire(&["overlord", "check", "--deny-warnings", path], None)
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn no_tags_skips_vocabulary_checks() {
    let f = temp_file("tags.txt", b"GAME f06 pw\nUNIT U1\nGIVE U2 widget 1\nEND\n");
    let path = f.to_str().unwrap();
    assert_eq!(
        umpire(&["overlord", "check", path], None).status.code(),
        Some(1)
    );
    assert_eq!(
        umpire(&["overlord", "check", "--no-tags", path], None)
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn fmt_prints_what_would_be_stored() {
    let o = umpire(
        &["overlord", "fmt"],
        Some(b"junk\n#game f06 pw\nunit u1\n  give u2 SWRD 0 5 # keep five\nmove southwest\nMOEV N\nend\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "GAME f06 pw\nUNIT U1\nGIVE U2 swrd 0 5\nMOVE SW\nEND\n"
    );
    assert!(stderr(&o).contains("E0102"), "{}", stderr(&o));
}

#[test]
fn help_lists_orders_and_explains_one() {
    let o = umpire(&["overlord", "help"], None);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("GIVE") && out.contains("YIELD"), "{out}");
    let o = umpire(&["overlord", "help", "give"], None);
    assert!(stdout(&o).contains("GIVE unit-id item-tag [number [kept]]"));
    let o = umpire(&["overlord", "help", "combat_order"], None);
    assert!(stdout(&o).starts_with("COMBAT —"), "{}", stdout(&o));
    let o = umpire(&["overlord", "help", "moev"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("did you mean `MOVE`?"));
}

#[test]
fn explain_gives_the_code_and_its_meaning() {
    let o = umpire(&["overlord", "explain", "e0202"], None);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(
        out.starts_with("E0202 (error): `@` combined with a day count"),
        "{out}"
    );
    let o = umpire(&["overlord", "explain"], None);
    assert!(stdout(&o).lines().count() >= 40);
    assert_eq!(
        umpire(&["overlord", "explain", "E9999"], None)
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn top_level_help_teaches_the_commands() {
    let o = umpire(&["--help"], None);
    let out = stdout(&o);
    assert!(out.contains("overlord"), "{out}");
    let o = umpire(&["overlord", "check", "--help"], None);
    let out = stdout(&o);
    assert!(
        out.contains("Exit status: 0 when the orders are valid"),
        "{out}"
    );
    assert!(out.contains("umpire overlord check orders.txt"), "{out}");
}

fn example_battle() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../games/overlord/examples/battles/ford.toml");
    p.display().to_string()
}

#[test]
fn battle_prints_the_rounds_and_the_outcome_the_same_each_time() {
    let file = example_battle();
    let a = umpire(&["overlord", "battle", &file], None);
    assert!(a.status.success(), "{}", stderr(&a));
    let text = stdout(&a);
    assert!(text.starts_with("Battle from "), "{text}");
    assert!(text.contains("seed 7."), "{text}");
    assert!(text.contains("\nRound 1\n"), "{text}");
    assert!(text.contains("Survivors:"), "{text}");
    assert!(text.contains("The battle ends: "), "{text}");
    let b = umpire(&["overlord", "battle", &file], None);
    assert_eq!(stdout(&a), stdout(&b), "same file, same seed, same battle");

    // Terse leaves out melee and parries but keeps the archers' volleys.
    let t = umpire(&["overlord", "battle", &file, "--terse"], None);
    let terse = stdout(&t);
    assert!(!terse.contains(" parries."), "{terse}");
    assert!(!terse.contains(" attacks "), "{terse}");
    assert!(terse.contains(" shoots at "), "{terse}");

    // JSON: the seed from the command line wins.
    let j = umpire(
        &["overlord", "battle", &file, "--json", "--seed", "99"],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&j)).unwrap();
    assert_eq!(v["seed"], 99);
    assert_eq!(v["units"].as_array().map(Vec::len), Some(4));
    assert!(
        v["report"]["rounds"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
    );
}

#[test]
fn battle_with_spells_and_wands_tells_of_them_and_lists_the_summoned() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../games/overlord/examples/battles/sorcery.toml")
        .display()
        .to_string();
    let o = umpire(&["overlord", "battle", &file], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("U2 Wand men uses wfir (4 figures), fire damage."),
        "{text}"
    );
    assert!(
        text.contains("U3 Summoner uses sgar, spending 1 mana."),
        "{text}"
    );
    assert!(
        text.contains("calls Guards of U3 (10 figures) onto the field."),
        "{text}"
    );
    assert!(
        text.contains("U1 Boar mage uses sboa, spending 2 mana."),
        "{text}"
    );

    let j = umpire(&["overlord", "battle", &file, "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&j)).unwrap();
    let units = v["units"].as_array().unwrap();
    // The five units, then the guards called in battle.
    assert!(units.len() > 5, "{units:?}");
    assert!(units[..5].iter().all(|u| u.get("summoned_by").is_none()));
    assert!(
        units[5..]
            .iter()
            .all(|u| u["summoned_by"] == 3 && u["name"] == "Guards")
    );
    // Mages report the mana they have left.
    assert!(units[0]["mana"].is_u64(), "{:?}", units[0]);
    assert!(units[1].get("mana").is_none());
}

#[test]
fn battle_lists_every_mistake_and_exits_one() {
    let bad = temp_file(
        "bad-battle.toml",
        b"[[attacker]]\nrace = \"mann\"\nfigures = 3\n[[defender]]\nrace = \"ldr\"\nfigures = 1\nskills = { tact = 9 }\n",
    );
    let o = umpire(&["overlord", "battle", bad.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("there is no race `mann` (did you mean `man`?)"),
        "{err}"
    );
    assert!(err.contains("skill `tact` has levels 1 to"), "{err}");
    assert!(err.contains("2 mistakes to fix"), "{err}");

    let o = umpire(&["overlord", "battle", "/nonexistent/battle.toml"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}
