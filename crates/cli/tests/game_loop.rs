//! The game loop as a game master runs it: `submit` the players' mail,
//! `run` the turn, read a `report`; and `demo`, which does all of it.
//! Played on the original engine's sample game (`alpha`), whose faction
//! f05 has the password `pswd5`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn umpire(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
    cmd.args(args).arg("--color=never");
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn alpha() -> String {
    std::env::var("UMPIRE_ALPHA_DIR").unwrap_or_else(|_| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/reference/overlord-alpha")
            .display()
            .to_string()
    })
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umpire-loop-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A fresh import of the sample game.
fn alpha_game(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let out = umpire(
        &["overlord", "import", &alpha(), dir.to_str().unwrap()],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    dir
}

/// Submit a mail through standard input.
fn submit(dir: &Path, mail: &str) -> Output {
    umpire(
        &["overlord", "submit", dir.to_str().unwrap(), "-"],
        Some(mail),
    )
}

fn read(path: impl AsRef<Path>) -> String {
    let path = path.as_ref();
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn names(folder: impl AsRef<Path>) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Every file under `root`, by path relative to it.
fn tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).unwrap().display().to_string();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

#[test]
fn submit_stores_replaces_archives_and_refuses() {
    let dir = alpha_game("submit");
    mail_from_a_file_is_stored(&dir);
    a_second_mail_replaces_the_first(&dir);
    later_turns_are_archived_and_strange_units_flagged(&dir);
    wrong_passwords_and_bad_envelopes_are_refused(&dir);
    articles_are_stored_for_the_newspaper(&dir);
    the_turn_being_run_takes_nothing_more(&dir);
    the_turn_runs_what_was_stored(&dir);
    a_past_turn_is_refused_and_its_report_sent(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// From a file, with the mail's headers around the envelope.
fn mail_from_a_file_is_stored(dir: &Path) {
    let d = dir.to_str().unwrap();
    let mail = dir.join("mail.txt");
    std::fs::write(
        &mail,
        "From: a player\nSubject: orders\n\n#GAME f05 pswd5\nUNIT U500\nNAME \"First\"\n#END\n-- \nsignature\n",
    )
    .unwrap();
    let o = umpire(&["overlord", "submit", d, mail.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "f5: 1 unit's orders stored for turn 1\n");
    let stored = dir.join("orders/1/f05.txt");
    assert_eq!(
        read(&stored),
        "GAME f05 pswd5\nUNIT U500\nNAME \"First\"\nEND\n"
    );
}

/// A second mail replaces the first; its bad order is shown and left out.
fn a_second_mail_replaces_the_first(dir: &Path) {
    let stored = dir.join("orders/1/f05.txt");
    let o = submit(
        dir,
        "#GAME f05 pswd5\nUNIT U500\nNAME \"Second\"\nFROB 3\n#END\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("error[E0102]: `FROB` is not an order"),
        "{out}"
    );
    assert!(out.contains(" --> <stdin>:4:1"), "{out}");
    assert!(
        out.ends_with(
            "f5: 1 unit's orders stored for turn 1 (replacing earlier ones); 1 order with errors left out (see above)\n"
        ),
        "{out}"
    );
    assert_eq!(
        read(&stored),
        "GAME f05 pswd5\nUNIT U500\nNAME \"Second\"\nEND\n"
    );
}

/// Orders for a later turn are archived for it; a unit of another faction is flagged for the turn being collected.
fn later_turns_are_archived_and_strange_units_flagged(dir: &Path) {
    let o = submit(dir, "#GAME f05 pswd5 3\nUNIT U500\nWORK\n#END\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "f5: 1 unit's orders archived for turn 3\n");
    assert_eq!(
        read(dir.join("orders/3/f05.txt")),
        "GAME f05 pswd5 3\nUNIT U500\nWORK\nEND\n"
    );

    // A unit of another faction is flagged for the turn being collected.
    let o = submit(dir, "#GAME f06 pswd6\nUNIT U500\nWORK\n#END\n");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "<stdin>:2: warning: U500 is not one of f6's units; its orders will be refused\nf6: 1 unit's orders stored for turn 1\n"
    );
}

/// A wrong password, an unknown faction, another game, a header without a password, no envelope: refused, nothing stored, exit status 1.
fn wrong_passwords_and_bad_envelopes_are_refused(dir: &Path) {
    let stored = dir.join("orders/1/f05.txt");
    let o = submit(dir, "#GAME f05 guess\nUNIT U500\nNAME \"Hacked\"\n#END\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "f5: refused: wrong password for f5; nothing stored\n"
    );
    assert_eq!(
        read(&stored),
        "GAME f05 pswd5\nUNIT U500\nNAME \"Second\"\nEND\n"
    );
    let o = submit(dir, "#GAME f07 guess\nUNIT U700\n#END\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(names(dir.join("orders/1")), ["f05.txt", "f06.txt"]);

    // Unknown factions, other games and headers without a password.
    let o = submit(dir, "#GAME f99 x\n#END\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "f99: refused: there is no faction f99 in game `alpha`; nothing stored\n"
    );
    let o = submit(dir, "#GAME f05 pswd5 beta\n#END\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "f5: refused: the envelope is for game `beta`; this is game `alpha`; nothing stored\n"
    );
    let o = submit(dir, "#GAME f05\nUNIT U500\n#END\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(
            "<stdin>:1: refused: this envelope was not read: its header needs the faction id and the password; nothing stored"
        ),
        "{}",
        stdout(&o)
    );
    let o = submit(dir, "Just saying hello.\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).ends_with(
        "<stdin>: no #GAME, #PRESS, #RUMOR or #REPORT envelope found; nothing stored\n"
    ));
}

/// Articles, signed and rumours apart, for this turn's newspaper.
fn articles_are_stored_for_the_newspaper(dir: &Path) {
    let o = submit(
        dir,
        "#PRESS f05 pswd5\nHear ye.\n#END\n#RUMOR f05 pswd5\nPsst.\n#END\n#PRESS f05 pswd5\nAgain.\n#END\n",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "f5: signed article (1 line) stored for the newspaper of turn 1\n\
         f5: rumour (1 line) stored for the newspaper of turn 1\n\
         f5: signed article (1 line) stored for the newspaper of turn 1\n"
    );
    assert_eq!(
        read(dir.join("press/1/signed/f05-1.txt")),
        "PRESS f05 pswd5\nHear ye.\nEND\n"
    );
    assert_eq!(
        read(dir.join("press/1/signed/f05-2.txt")),
        "PRESS f05 pswd5\nAgain.\nEND\n"
    );
    assert_eq!(
        read(dir.join("press/1/rumors/f05-1.txt")),
        "RUMOR f05 pswd5\nPsst.\nEND\n"
    );
}

/// While turn 1 is being run it takes nothing more; turn 2 still is.
fn the_turn_being_run_takes_nothing_more(dir: &Path) {
    let stored = dir.join("orders/1/f05.txt");
    std::fs::create_dir_all(dir.join("turns/1.partial")).unwrap();
    let o = submit(dir, "#GAME f05 pswd5\nUNIT U500\nWORK\n#END\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("f5: refused: turn 1 is being run"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        read(&stored),
        "GAME f05 pswd5\nUNIT U500\nNAME \"Second\"\nEND\n"
    );
    let o = submit(dir, "#GAME f05 pswd5 2\nUNIT U500\nWORK\n#END\n");
    assert_eq!(o.status.code(), Some(0));
    std::fs::remove_dir_all(dir.join("turns/1.partial")).unwrap();
}

/// The turn runs what was stored: the second name, the press reward.
fn the_turn_runs_what_was_stored(dir: &Path) {
    let d = dir.to_str().unwrap();
    let o = umpire(&["overlord", "run", d, "--quiet"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    // f05's and f06's orders; f06's section for U500 is refused.
    assert!(
        stdout(&o).contains("2 order set(s), 3 article(s)"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("order sets refused 0, sections refused 1"),
        "{}",
        stdout(&o)
    );
    let show = umpire(&["overlord", "show", d, "--unit", "U500"], None);
    assert!(
        stdout(&show).starts_with("Second [U500]"),
        "{}",
        stdout(&show)
    );
    let events = read(dir.join("turns/1/events.json"));
    let log: serde_json::Value = serde_json::from_str(&events).unwrap();
    assert!(
        log["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["what"]["event"] == "press_reward" && e["what"]["amount"] == 50),
        "{events}"
    );
}

/// Turn 1 is past now; #REPORT prints the stored report, with the right password only.
fn a_past_turn_is_refused_and_its_report_sent(dir: &Path) {
    let o = submit(dir, "#GAME f05 pswd5 1\nUNIT U500\nWORK\n#END\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "f5: refused: turn 1 has already been run (orders are taken for turn 2 and later); nothing stored\n"
    );

    // #REPORT prints the stored report, with the right password only.
    let o = submit(dir, "#REPORT f05 pswd5 1\n");
    assert_eq!(o.status.code(), Some(0));
    let report = read(dir.join("turns/1/reports/f05.txt"));
    assert_eq!(
        stdout(&o),
        format!("f5: the report for turn 1 follows\n\n{report}")
    );
    let o = submit(dir, "#REPORT f05 guess\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "f5: refused: wrong password for f5; nothing stored\n"
    );
    let o = submit(dir, "#REPORT f05 pswd5 4\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "f5: refused: turn 4 has not been run; reports are kept for turn 1\n"
    );
}

#[test]
fn submit_explains_an_unreadable_mail_or_game() {
    let dir = alpha_game("submit-bad");
    let d = dir.to_str().unwrap();
    let o = umpire(&["overlord", "submit", d, "/no/such/mail.txt"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read /no/such/mail.txt"));
    let o = umpire(
        &["overlord", "submit", &format!("{d}/nothing"), "-"],
        Some("#GAME f05 pswd5\n#END\n"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("make a game with `umpire overlord new`"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_prints_the_stored_report_and_explains_what_is_missing() {
    let dir = alpha_game("report");
    let d = dir.to_str().unwrap();
    let o = umpire(&["overlord", "report", d, "f5"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "umpire: no turn of this game has been run yet, so there are no reports (`umpire overlord run` writes them)\n"
    );

    for _ in 0..2 {
        let o = umpire(&["overlord", "run", d, "--quiet"], None);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let latest = read(dir.join("turns/2/reports/f05.txt"));
    assert!(
        latest.starts_with("alpha Report for Turn 2 for "),
        "{latest}"
    );
    let o = umpire(&["overlord", "report", d, "f5"], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), latest);
    let o = umpire(&["overlord", "report", d, "5", "1"], None);
    assert_eq!(stdout(&o), read(dir.join("turns/1/reports/f05.txt")));
    assert!(stdout(&o).starts_with("alpha Report for Turn 1 for "));

    // --json prints the JSON report kept beside the text: the file is
    // compact, one line; the reader gets it laid out, the same document.
    let o = umpire(&["overlord", "report", d, "f5", "--json"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let kept = read(dir.join("turns/2/reports/f05.json"));
    assert_eq!(kept.lines().count(), 1, "the kept JSON is compact");
    assert!(
        stdout(&o).starts_with("{\n  \"schema\": \"umpire-overlord-report\",\n"),
        "{}",
        stdout(&o)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        json,
        serde_json::from_str::<serde_json::Value>(&kept).unwrap()
    );
    assert_eq!(json["header"]["faction"]["id"], "f05");
    assert_eq!(json["header"]["turn"], 2);
    let o = umpire(&["overlord", "report", d, "5", "1", "--json"], None);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["header"]["turn"], 1);
    // A turn kept before JSON reports were written says so.
    std::fs::remove_file(dir.join("turns/1/reports/f05.json")).unwrap();
    let o = umpire(&["overlord", "report", d, "f5", "1", "--json"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "umpire: turn 1 has no JSON report for f5 (it was run before JSON reports were kept); its text report is there without --json\n"
    );

    let o = umpire(&["overlord", "report", d, "f99"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "umpire: there is no report for f99 in turn 2; turn 2 has reports for f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15\n"
    );
    let o = umpire(&["overlord", "report", d, "f5", "9"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "umpire: turn 9 has not been run; reports are kept for turns 1, 2\n"
    );
    let o = umpire(&["overlord", "report", d, "five"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "umpire: `five` is not a faction; write it like f5 (or 5)\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_writes_every_report_and_repeats_the_same_turn_after_a_crash() {
    let orders = "#GAME f05 pswd5\nUNIT U500\nNAME \"Crashproof\"\n#END\n";
    let clean = alpha_game("run-clean");
    assert_eq!(submit(&clean, orders).status.code(), Some(0));
    let world_before = std::fs::read(clean.join("world.umpire")).unwrap();
    std::fs::write(clean.join("next-turn.txt"), "\n  Saturday 1 May  \n").unwrap();
    let o = umpire(
        &["overlord", "run", clean.to_str().unwrap(), "--quiet"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("15 faction report(s) in "),
        "{}",
        stdout(&o)
    );
    // Every faction (none has resigned) has its report, text and JSON,
    // and its template.
    let turn = clean.join("turns/1");
    let expected: Vec<String> = (1..=15).map(|n| format!("f{n:02}.txt")).collect();
    let both: Vec<String> = (1..=15)
        .flat_map(|n| [format!("f{n:02}.json"), format!("f{n:02}.txt")])
        .collect();
    assert_eq!(names(turn.join("reports")), both);
    assert_eq!(names(turn.join("templates")), expected);
    assert_eq!(
        names(&turn),
        [
            "events.json",
            "left.sha256",
            "reports",
            "templates",
            "world.umpire"
        ]
    );
    assert_eq!(
        std::fs::read(turn.join("world.umpire")).unwrap(),
        world_before
    );
    let report = read(turn.join("reports/f05.txt"));
    assert!(report.contains("\nNext turn: Saturday 1 May\n"), "{report}");
    assert!(report.contains("Crashproof [U500]"), "{report}");
    assert!(report.ends_with(&read(turn.join("templates/f05.txt"))));
    // The JSON report is the same report's facts, for programs.
    let json: serde_json::Value =
        serde_json::from_str(&read(turn.join("reports/f05.json"))).unwrap();
    assert_eq!(json["schema"], "umpire-overlord-report");
    assert_eq!(json["version"], 1);
    assert_eq!(json["header"]["faction"]["id"], "f05");
    assert_eq!(json["header"]["turn"], 1);
    assert_eq!(json["header"]["next_turn"], "Saturday 1 May");
    assert_eq!(json["units"][0]["id"], "U500");
    assert_eq!(json["units"][0]["name"], "Crashproof");
    let funds = json["header"]["funds"]["count"].as_u64().unwrap();
    // The sample's new factions keep 50 food in their funds.
    assert_eq!(json["header"]["stock"][0]["count"], 50);
    assert_eq!(json["header"]["stock"][0]["tag"], "food");
    assert!(
        report.contains(&format!(
            "\nFaction funds:\n{funds} coins [coin], 50 food [food].\n"
        )),
        "{report}"
    );
    assert!(report.ends_with(json["template"].as_str().unwrap()));
    assert_eq!(names(clean.join("turns")), ["1"]);

    // A run that stopped while writing: a stale staging folder and a
    // half-written turn folder (no world in it) from an older run.
    let crashed = alpha_game("run-crashed");
    assert_eq!(submit(&crashed, orders).status.code(), Some(0));
    std::fs::write(crashed.join("next-turn.txt"), "Saturday 1 May\n").unwrap();
    std::fs::create_dir_all(crashed.join("turns/1.partial/reports")).unwrap();
    std::fs::write(
        crashed.join("turns/1.partial/reports/f05.txt"),
        "half a rep",
    )
    .unwrap();
    std::fs::create_dir_all(crashed.join("turns/1/templates")).unwrap();
    std::fs::write(crashed.join("turns/1/events.json"), "[{\"day\":").unwrap();
    let o = umpire(
        &["overlord", "run", crashed.to_str().unwrap(), "--quiet"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("turns/1.partial, left by a run that stopped part way"),
        "{err}"
    );
    assert!(
        err.contains("turns/1, left by a run that stopped before saving the game"),
        "{err}"
    );
    assert_eq!(tree(&crashed.join("turns")), tree(&clean.join("turns")));
    assert_eq!(
        std::fs::read(crashed.join("world.umpire")).unwrap(),
        std::fs::read(clean.join("world.umpire")).unwrap()
    );

    // A run that stopped after keeping the turn but before saving the game:
    // turns/1 is complete and the world is still the old one.
    std::fs::write(crashed.join("world.umpire"), &world_before).unwrap();
    let o = umpire(
        &["overlord", "run", crashed.to_str().unwrap(), "--quiet"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("turn 1 run in"), "{}", stdout(&o));
    assert_eq!(tree(&crashed.join("turns")), tree(&clean.join("turns")));
    assert_eq!(
        std::fs::read(crashed.join("world.umpire")).unwrap(),
        std::fs::read(clean.join("world.umpire")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&clean);
    let _ = std::fs::remove_dir_all(&crashed);
}

#[test]
fn a_run_that_fails_leaves_the_game_as_it_was() {
    let dir = alpha_game("run-fails");
    let before = std::fs::read(dir.join("world.umpire")).unwrap();
    // A file where the turn folders go: the turn cannot be kept.
    std::fs::write(dir.join("turns"), "in the way").unwrap();
    let o = umpire(&["overlord", "run", dir.to_str().unwrap(), "--quiet"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot create"), "{}", stderr(&o));
    assert_eq!(std::fs::read(dir.join("world.umpire")).unwrap(), before);
    assert_eq!(names(&dir), ["import-notes.txt", "turns", "world.umpire"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn demo_plays_a_small_game_with_bots() {
    let dir = temp_dir("demo");
    let d = dir.to_str().unwrap();
    let o = umpire(&["demo", d, "--turns", "2", "--quiet"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!(
            "Made game `demo` in {d} (seed 7, 48x36 map): 10 factions, 6 of them players;"
        )),
        "{out}"
    );
    assert!(out.contains("\nTurn 1: 6 order sets, "), "{out}");
    assert!(out.contains("\nTurn 2: 6 order sets, "), "{out}");
    assert!(out.contains("The game is at turn 2."), "{out}");
    assert!(
        out.contains(&format!("umpire overlord report {d} f5")),
        "{out}"
    );
    assert!(
        out.contains("    demo Report for Turn 2 for Faction 5 [f05]"),
        "{out}"
    );

    // The bots' orders went in as a player's mail would.
    let players: Vec<String> = (5..=10).map(|n| format!("f{n:02}.txt")).collect();
    let factions: Vec<String> = (1..=10).map(|n| format!("f{n:02}.txt")).collect();
    for turn in 1..=2 {
        assert_eq!(names(dir.join(format!("orders/{turn}"))), players);
        let reports: Vec<String> = (1..=10)
            .flat_map(|n| [format!("f{n:02}.json"), format!("f{n:02}.txt")])
            .collect();
        assert_eq!(names(dir.join(format!("turns/{turn}/reports"))), reports);
        assert_eq!(names(dir.join(format!("turns/{turn}/templates"))), factions);
    }
    let orders = read(dir.join("orders/2/f05.txt"));
    assert!(orders.starts_with("GAME f05 "), "{orders}");
    assert!(orders.contains("\nUNIT U"), "{orders}");
    assert!(!dir.join("turns/3").exists());
    let world = std::fs::read(dir.join("world.umpire")).unwrap();

    // Not over a game without --force; with it, the same game again.
    let o = umpire(&["demo", d, "--turns", "2", "--quiet"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "umpire: {d} is not empty (it holds a game); pass --force to replace it with a new demo, or choose another folder\n"
        )
    );
    let o = umpire(&["demo", d, "--turns", "2", "--quiet", "--force"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read(dir.join("world.umpire")).unwrap(), world);

    // A folder that holds something else is never emptied.
    let other = temp_dir("demo-other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("thesis.txt"), "precious").unwrap();
    let o = umpire(
        &["demo", other.to_str().unwrap(), "--quiet", "--force"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("holds files but no game (no world.umpire); not emptying it"),
        "{}",
        stderr(&o)
    );
    assert_eq!(read(other.join("thesis.txt")), "precious");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn a_faction_that_resigns_gets_its_last_report_and_no_template() {
    // f06 resigns to the Outlaws [f04] (a non-player faction of alpha).
    let dir = alpha_game("resign");
    let mail = "#GAME f06 pswd6\nRESIGN f04\n#END\n";
    let o = submit(&dir, mail);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = umpire(&["overlord", "run", dir.to_str().unwrap(), "--quiet"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let turn = dir.join("turns/1");
    let report = read(turn.join("reports/f06.txt"));
    assert!(report.contains("resigns, its units going to"), "{report}");
    assert!(!turn.join("templates/f06.txt").exists());
    assert!(turn.join("templates/f05.txt").exists());
    // A turn later it is gone from the game's reports.
    let o = umpire(&["overlord", "run", dir.to_str().unwrap(), "--quiet"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!dir.join("turns/2/reports/f06.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `umpire overlord bots`: the bots write the orders of every player
/// faction that has none, as the game master's mail (no password), never
/// replacing a player's own unless told to, and the turn then runs.
#[test]
fn bots_write_the_orders_of_every_player_faction_that_has_none() {
    let dir = alpha_game("bots");
    let d = dir.to_str().unwrap();
    // f05's player writes their own orders.
    let own = "#GAME f05 pswd5\nUNIT U500\nWORK\n#END\n";
    assert!(submit(&dir, own).status.success());
    let f05 = dir.join("orders/1/f05.txt");
    let theirs = read(&f05);
    let o = umpire(&["overlord", "bots", d, "--quiet"], None);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let said = stdout(&o);
    assert!(
        said.starts_with("The bots wrote turn 1's orders of "),
        "{said}"
    );
    let written = names(dir.join("orders/1"));
    assert!(written.len() > 5, "{written:?}");
    assert_eq!(read(&f05), theirs, "a player's own orders stand");
    let o = umpire(&["overlord", "bots", d, "--quiet"], None);
    assert!(
        stdout(&o).starts_with("Every player faction has orders for turn 1 already"),
        "{}",
        stdout(&o)
    );
    let o = umpire(&["overlord", "bots", d, "--quiet", "--all"], None);
    assert!(o.status.success(), "{}", stdout(&o));
    assert_ne!(read(&f05), theirs, "--all replaces them");
    // The bots' orders are marked as the game master's: the turn takes
    // them without the players' passwords. A player's own orders, sent
    // after, take the mark away again (and their password is checked).
    let mark = dir.join("orders/1/.f05.txt.game-master");
    assert!(mark.exists());
    let own = "#GAME f06 pswd6\nUNIT U600\nWORK\n#END\n";
    assert!(submit(&dir, own).status.success());
    assert!(!dir.join("orders/1/.f06.txt.game-master").exists());
    let o = umpire(&["overlord", "run", d, "--quiet"], None);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let said = stdout(&o);
    assert!(said.contains("order sets refused 0,"), "{said}");
    let report = read(dir.join("turns/1/reports/f05.txt"));
    assert!(!report.contains("orders refused"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game master's orders are taken without a password; orders put in
/// the folder by hand are checked as a player's mail is.
#[test]
fn orders_dropped_in_by_hand_still_need_the_password() {
    let dir = alpha_game("by-hand");
    let d = dir.to_str().unwrap();
    let folder = dir.join("orders/1");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("mail.txt"),
        "#GAME f05 wrong\nUNIT U500\nWORK\n#END\n",
    )
    .unwrap();
    let o = umpire(&["overlord", "run", d, "--quiet"], None);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let said = stdout(&o);
    assert!(said.contains("order sets refused 1,"), "{said}");
    let report = read(dir.join("turns/1/reports/f05.txt"));
    assert!(
        report.contains("orders refused: wrong password"),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ov_sch_041_after_the_month_each_faction_knows_more_and_gets_its_report() {
    // Two months of the sample game: each ends with every faction's report
    // written, and what a report described once (the faction's knowledge,
    // updated at the month's end) is not described again.
    let dir = alpha_game("sch-041");
    let d = dir.to_str().unwrap();
    for _ in 0..2 {
        let o = umpire(&["overlord", "run", d, "--quiet"], None);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("15 faction report(s) in "),
            "{}",
            stdout(&o)
        );
    }
    for turn in ["1", "2"] {
        let reports = names(dir.join("turns").join(turn).join("reports"));
        assert_eq!(reports.len(), 30, "turn {turn}: {reports:?}");
    }
    let first = read(dir.join("turns/1/reports/f05.txt"));
    let second = read(dir.join("turns/2/reports/f05.txt"));
    let horse = "\nhorse [hrse]: Weight 100";
    assert!(first.contains(horse), "{first}");
    assert!(!second.contains(horse), "{second}");
    let _ = std::fs::remove_dir_all(&dir);
}
