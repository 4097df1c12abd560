//! Hosting from the command line, as a game master does it: `umpire host`
//! makes a game, takes orders and runs turns; `umpire serve` runs them at
//! their deadlines and stops gracefully. And the promise behind both: a
//! run killed at any moment leaves the previous turn intact, and the run
//! repeated after restart gives the same bytes — on SQLite and on
//! PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use sqlx::{Connection, Executor};

const POINTS: &[&str] = &[
    "locked",
    "marked",
    "engine-done",
    "kept-world",
    "kept-reports",
    "queued-mail",
    "committed",
];

/// A server's place: a data folder, and PostgreSQL when `postgres`.
struct Server {
    data: PathBuf,
    database: Option<String>,
}

fn postgres_url() -> String {
    std::env::var("UMPIRE_TEST_POSTGRES").unwrap_or_else(|_| {
        let user = std::env::var("USER").unwrap_or_else(|_| "root".to_string());
        format!("postgres://{user}@127.0.0.1:5432/test")
    })
}

impl Server {
    fn new(name: &str, postgres: bool) -> Server {
        let data =
            std::env::temp_dir().join(format!("umpire-host-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        let database = postgres.then(|| {
            let schema = format!("cli_{}_{}", name.replace('-', "_"), std::process::id());
            sql(
                &postgres_url(),
                None,
                &format!("DROP SCHEMA IF EXISTS {schema} CASCADE"),
            );
            format!("{}?schema={schema}", postgres_url())
        });
        Server { data, database }
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
        cmd.arg("--color=never").args(args);
        cmd.arg("--data").arg(&self.data);
        if let Some(db) = &self.database {
            cmd.arg("--database").arg(db);
        }
        cmd.env_remove("UMPIRE_CRASH_AT")
            .env_remove("UMPIRE_DATABASE_URL");
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd
    }

    fn host(&self, args: &[&str]) -> Output {
        let mut all = vec!["host"];
        all.extend_from_slice(args);
        self.command(&all).output().unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let o = self.host(args);
        assert!(
            o.status.success(),
            "umpire host {args:?}: {}{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        text(&o.stdout)
    }

    /// Run SQL on this server's database, as time passing would.
    fn sql(&self, statement: &str) {
        match &self.database {
            Some(url) => {
                let (base, schema) = url.split_once("?schema=").unwrap();
                sql(base, Some(schema), statement);
            }
            None => sql(
                &format!("sqlite://{}", self.data.join("umpire.db").display()),
                None,
                statement,
            ),
        }
    }
}

fn sql(url: &str, schema: Option<&str>, statement: &str) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(url)
            .await
            .unwrap_or_else(|e| panic!("the database at {url} is needed for this test: {e}"));
        if let Some(s) = schema {
            c.execute(sqlx::AssertSqlSafe(format!("SET search_path TO {s}")))
                .await
                .unwrap();
        }
        c.execute(sqlx::AssertSqlSafe(statement.to_string()))
            .await
            .unwrap();
    });
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A game of twelve factions, every one of which sent its template back.
fn setup(server: &Server) -> Vec<String> {
    let made = server.ok(&[
        "new",
        "overlord",
        "crash",
        "--factions",
        "12",
        "--seed",
        "9",
    ]);
    let mut seats = Vec::new();
    for line in made.lines().filter(|l| l.trim_start().starts_with('f')) {
        let mut w = line.split_whitespace();
        let (seat, password) = (w.next().unwrap(), w.nth(2).unwrap());
        let report = server.ok(&["report", "crash", seat]);
        let template = report.split("==== Order template ====\n\n").nth(1).unwrap();
        let orders = template.replacen("PASSWORD", password, 1);
        let file = server.data.join(format!("{seat}.txt"));
        std::fs::write(&file, orders).unwrap();
        let answer = server.ok(&["submit", "crash", file.to_str().unwrap()]);
        assert!(answer.contains("stored for turn 1"), "{answer}");
        seats.push(seat.to_string());
    }
    assert_eq!(seats.len(), 12);
    seats
}

/// What a kept turn 1 is: every seat's report (text and JSON) and the
/// world after it, byte for byte.
fn outcome(server: &Server, seats: &[String]) -> Vec<String> {
    let mut all = Vec::new();
    for s in seats {
        all.push(server.ok(&["report", "crash", s, "1"]));
        all.push(server.ok(&["report", "crash", s, "1", "--json"]));
    }
    let folder = server.data.join("export");
    server.ok(&["export", "crash", folder.to_str().unwrap()]);
    let world = std::fs::read(folder.join("world.umpire")).unwrap();
    all.push(format!("{} bytes, {:?}", world.len(), sha(&world)));
    all
}

fn sha(b: &[u8]) -> u64 {
    // FNV-1a: enough to tell two worlds apart in a message.
    b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, x| {
        (h ^ u64::from(*x)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn crashes_at_every_point(postgres: bool) {
    let reference = Server::new(if postgres { "ref-pg" } else { "ref" }, postgres);
    let seats = setup(&reference);
    let ran = reference.ok(&["run", "crash"]);
    assert!(ran.contains("Turn 1 kept"), "{ran}");
    let expected = outcome(&reference, &seats);

    for point in POINTS {
        let name = format!("{}{point}", if postgres { "pg-" } else { "" });
        let server = Server::new(&name, postgres);
        setup(&server);
        let died = server
            .command(&["host", "run", "crash"])
            .env("UMPIRE_CRASH_AT", point)
            .output()
            .unwrap();
        assert!(!died.status.success(), "{point}: the run should have died");
        assert!(
            text(&died.stderr).contains(&format!("UMPIRE_CRASH_AT={point}")),
            "{point}"
        );
        let status = server.ok(&["status", "crash"]);
        if *point == "committed" {
            assert!(status.contains("1 turn(s) run"), "{point}: {status}");
        } else {
            // The previous turn stands; orders are all still there.
            assert!(status.contains("0 turn(s) run"), "{point}: {status}");
            assert!(
                status.contains("Orders for turn 1: 12 of 12"),
                "{point}: {status}"
            );
            assert!(server.host(&["report", "crash", "f5", "1"]).status.code() != Some(0));
        }
        if *point != "locked" && *point != "committed" {
            assert!(
                status.contains("A run of turn 1 began"),
                "{point}: {status}"
            );
        }
        // Started again, the server repeats the run (or, after the commit,
        // has nothing to do), and the turn is what it would have been.
        let again = server.command(&["serve", "--once"]).output().unwrap();
        assert!(again.status.success(), "{point}: {}", text(&again.stderr));
        if *point == "locked" {
            // Nothing was marked: the GM runs it again.
            server.ok(&["run", "crash"]);
        }
        assert_eq!(
            outcome(&server, &seats),
            expected,
            "after a crash at `{point}`"
        );
        let turns = server.ok(&["status", "crash"]);
        assert!(turns.contains("1 turn(s) run"), "{point}: {turns}");
    }
}

#[test]
fn a_run_killed_at_any_point_repeats_to_the_same_bytes_on_sqlite() {
    crashes_at_every_point(false);
}

#[test]
fn a_run_killed_at_any_point_repeats_to_the_same_bytes_on_postgres() {
    crashes_at_every_point(true);
}

/// Kill -9 at moments across the run, without telling the process.
#[test]
fn a_run_killed_by_the_system_at_any_moment_loses_nothing() {
    let reference = Server::new("kill-ref", false);
    let seats = setup(&reference);
    reference.ok(&["run", "crash"]);
    let expected = outcome(&reference, &seats);
    for ms in [0u64, 40, 120, 250, 400, 600] {
        let server = Server::new(&format!("kill-{ms}"), false);
        setup(&server);
        let mut child = server.command(&["host", "run", "crash"]).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(ms));
        let _ = child.kill();
        let _ = child.wait();
        let again = server.command(&["serve", "--once"]).output().unwrap();
        assert!(again.status.success(), "{ms} ms: {}", text(&again.stderr));
        let status = server.ok(&["status", "crash"]);
        if status.contains("0 turn(s) run") {
            // Killed before it marked the turn: the GM's run is simply
            // not done yet.
            server.ok(&["run", "crash"]);
        }
        assert_eq!(outcome(&server, &seats), expected, "killed after {ms} ms");
    }
}

fn wait_for(what: &str, limit: Duration, mut f: impl FnMut() -> bool) {
    let start = Instant::now();
    while !f() {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn serve_runs_both_games_deadlines_and_stops_gracefully(postgres: bool) {
    let server = Server::new(if postgres { "serve-pg" } else { "serve" }, postgres);
    let made = server.ok(&[
        "new",
        "engarde",
        "paris",
        "--player",
        "Athos:athos@players.test",
        "--player",
        "Porthos",
        "--seed",
        "4",
        "--schedule",
        "sat 18:00",
        "--zone",
        "Europe/Paris",
        "--hold-percent",
        "100",
    ]);
    assert!(made.contains("deadline Saturday"), "{made}");
    let made = server.ok(&[
        "new",
        "overlord",
        "west",
        "--factions",
        "4",
        "--seed",
        "8",
        "--schedule",
        "daily 06:00",
        "--zone",
        "America/New_York",
        "--hold-percent",
        "100",
    ]);
    // New York's zone, in winter or in summer time.
    assert!(made.contains("EST") || made.contains("EDT"), "{made}");
    // The deadlines pass.
    server.sql("UPDATE games SET deadline = 1000");
    let child = server
        .command(&["serve", "--tick", "1", "--listen", "127.0.0.1:0"])
        .spawn()
        .unwrap();
    wait_for("both games' turns to run", Duration::from_secs(90), || {
        server.ok(&["status", "paris"]).contains("1 turn(s) run")
            && server.ok(&["status", "west"]).contains("1 turn(s) run")
    });
    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let log = text(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("umpire serve started"), "{log}");
    assert!(log.contains("the web is served"), "{log}");
    assert!(log.contains("turn run and kept"), "{log}");
    assert!(log.contains("umpire serve stopped"), "{log}");
    // The next deadline is the schedule's next Saturday, and the reports
    // are in the outbox.
    let status = server.ok(&["status", "paris"]);
    assert!(
        status.contains("Turn 2 of paris: deadline Saturday"),
        "{status}"
    );
    let outbox = server.ok(&["outbox", "paris", "--status", "waiting"]);
    assert!(
        outbox.contains("[paris] Turn 1 report for athos"),
        "{outbox}"
    );
}

#[test]
fn serve_hosts_overlord_and_en_garde_on_a_schedule_on_sqlite() {
    serve_runs_both_games_deadlines_and_stops_gracefully(false);
}

#[test]
fn serve_hosts_overlord_and_en_garde_on_a_schedule_on_postgres() {
    serve_runs_both_games_deadlines_and_stops_gracefully(true);
}

#[test]
fn bad_schedules_zones_and_names_are_refused_with_the_reason() {
    let server = Server::new("refusals", false);
    let o = server.host(&["new", "overlord", "two words", "--factions", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("cannot be a game's name"),
        "{}",
        text(&o.stderr)
    );
    let o = server.host(&["new", "overlord", "w", "--schedule", "sat 25:00"]);
    assert!(
        text(&o.stderr).contains("`25:00` is not a time of day"),
        "{}",
        text(&o.stderr)
    );
    let o = server.host(&["new", "overlord", "w", "--zone", "Europe/Pariss"]);
    assert!(
        text(&o.stderr).contains("did you mean `Europe/Paris`"),
        "{}",
        text(&o.stderr)
    );
    let o = server.host(&["new", "chess", "w"]);
    assert!(
        text(&o.stderr).contains("no kind of game `chess`"),
        "{}",
        text(&o.stderr)
    );
    server.ok(&[
        "new",
        "overlord",
        "w",
        "--factions",
        "2",
        "--seed",
        "1",
        "--zone",
        "Europe/Paris",
    ]);
    let o = server.host(&["extend", "w", "--to", "2027-03-28 02:30"]);
    assert!(
        text(&o.stderr).contains("2027-03-28 02:30 does not exist in Europe/Paris"),
        "{}",
        text(&o.stderr)
    );
    let o = server.host(&["extend", "w", "--to", "2020-01-01 12:00"]);
    assert!(
        text(&o.stderr).contains("has already passed"),
        "{}",
        text(&o.stderr)
    );
    let o = server.host(&["extend", "w", "--by", "soon"]);
    assert!(
        text(&o.stderr).contains("is not a duration"),
        "{}",
        text(&o.stderr)
    );
    let o = server.host(&["schedule", "w", "sun 02:30", "--zone", "Mars/Olympus"]);
    assert!(
        text(&o.stderr).contains("is not a time zone"),
        "{}",
        text(&o.stderr)
    );
    let o = server.host(&["status", "ww"]);
    assert!(
        text(&o.stderr).contains("there is no game `ww` (did you mean `w`?)"),
        "{}",
        text(&o.stderr)
    );
    // Nothing of it reached the games.
    assert!(server.ok(&["games"]).starts_with("w "));
    assert_eq!(server.ok(&["audit"]).lines().count(), 1);
}

#[test]
fn a_database_that_is_not_ours_is_refused_and_left_alone() {
    let server = Server::new("foreign", false);
    let db = server.data.join("umpire.db");
    std::fs::write(&db, b"these are my notes, not a database").unwrap();
    let o = server.host(&["games"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("is not a SQLite database"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        std::fs::read(&db).unwrap(),
        b"these are my notes, not a database"
    );
}

#[test]
fn the_game_masters_controls_from_the_command_line() {
    let server = Server::new("controls", false);
    server.ok(&[
        "new",
        "overlord",
        "ctl",
        "--factions",
        "3",
        "--seed",
        "2",
        "--schedule",
        "sat 18:00",
    ]);
    let o = server.ok(&["pause", "ctl"]);
    assert!(o.contains("ctl is paused"), "{o}");
    assert!(server.ok(&["status", "ctl"]).contains("paused"));
    let o = server.ok(&["resume", "ctl"]);
    assert!(o.contains("deadline Saturday"), "{o}");
    let o = server.ok(&["extend", "ctl", "--by", "1d"]);
    assert!(o.contains("deadline Sunday"), "{o}");
    assert!(o.contains("The players are told"), "{o}");
    let o = server.ok(&[
        "schedule",
        "ctl",
        "every 3 days",
        "--zone",
        "America/New_York",
    ]);
    assert!(o.contains("(every 3 days)"), "{o}");
    assert!(o.contains("EST") || o.contains("EDT"), "{o}");
    let o = server.ok(&[
        "join",
        "ctl",
        "--name",
        "Newcomers",
        "--address",
        "new@players.test",
    ]);
    assert!(
        o.starts_with("f8 (Newcomers) joined ctl; password: "),
        "{o}"
    );
    assert!(o.contains("queued for new@players.test"), "{o}");
    let o = server.ok(&["password", "ctl", "f8"]);
    assert!(o.starts_with("f8's new password: "), "{o}");
    let o = server.ok(&["address", "ctl", "f8", "other@players.test"]);
    assert!(o.contains("other@players.test"), "{o}");
    let o = server.ok(&["record", "ctl"]);
    assert_eq!(o, "ctl: no turn has run yet, so no seat has a record.\n");
    server.ok(&["run", "ctl"]);
    let o = server.ok(&["rollback", "ctl", "--rerun"]);
    assert!(o.contains("Turn 1 of ctl was rolled back"), "{o}");
    assert!(
        o.contains("message(s) of turn 1 withdrawn before they were sent"),
        "{o}"
    );
    assert!(o.contains("Turn 1 kept"), "{o}");
    // Turn 1 ran again with no orders from anyone: each seat missed it once
    // (the run rolled back does not count).
    let o = server.ok(&["record", "ctl"]);
    let rows: Vec<Vec<&str>> = o
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            ["f5", "1", "0", "0", "1"],
            ["f6", "1", "0", "0", "1"],
            ["f7", "1", "0", "0", "1"],
            ["f8", "1", "0", "0", "1"]
        ],
        "{o}"
    );
    let o = server.ok(&["remove", "ctl", "f6"]);
    assert!(o.contains("f6 resigns when the next turn runs"), "{o}");
    let audit = server.ok(&["audit", "ctl"]);
    let actions: Vec<&str> = audit
        .lines()
        .map(|l| l.split_whitespace().nth(8).unwrap_or(""))
        .collect();
    assert_eq!(
        actions,
        [
            "create", "pause", "resume", "extend", "schedule", "join", "password", "address",
            "run", "rollback", "run", "remove"
        ],
        "{audit}"
    );
    let outbox = server.ok(&["outbox", "ctl"]);
    assert!(outbox.contains("Deadline moved"), "{outbox}");
    assert!(outbox.contains("rolled back"), "{outbox}");
}

#[test]
fn early_runs_are_set_and_shown_from_the_command_line() {
    let server = Server::new("early", false);
    server.ok(&[
        "new",
        "overlord",
        "soon",
        "--factions",
        "3",
        "--seed",
        "2",
        "--schedule",
        "sat 18:00",
        "--early",
        "sent",
        "--grace",
        "15m",
    ]);
    let o = server.ok(&["status", "soon"]);
    assert!(
        o.contains("Early runs: sent (a turn runs early when every seat in play has sent orders, 15 minutes after the last change)."),
        "{o}"
    );
    assert!(
        o.contains("Turn 1 waits for 3 of 3 seat(s): f5, f6, f7."),
        "{o}"
    );
    let o = server.ok(&["early", "soon", "ready", "--grace", "1h"]);
    assert!(
        o.contains("Early runs: ready (a turn runs early when every seat in play has sent orders and marked them ready, 60 minutes after the last change)."),
        "{o}"
    );
    let o = server.ok(&["early", "soon", "off"]);
    assert_eq!(o, "Early runs: off (turns run at their deadlines only).\n");
    let bad = server.host(&["early", "soon", "whenever"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("`whenever` is not a way to run early: write off (at the deadline only), sent (when every seat has sent orders) or ready (when every seat has marked its orders ready)"),
        "{}",
        text(&bad.stderr)
    );
    let bad = server.host(&["early", "soon", "sent", "--grace", "8d"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr)
            .contains("the grace before an early run is at most 10080 minutes (a week), not 11520"),
        "{}",
        text(&bad.stderr)
    );
    let audit = server.ok(&["audit", "soon"]);
    let early: Vec<&str> = audit.lines().filter(|l| l.contains(" early ")).collect();
    assert_eq!(early.len(), 2, "{audit}");
    assert!(
        early[1].contains("early off: turns run at their deadlines only; grace 60 minutes"),
        "{audit}"
    );
}

/// Every seat of game `soon` (three factions, early when all sent, no
/// grace) sends its template back.
fn all_sent_for_an_early_run(server: &Server) -> Vec<String> {
    let made = server.ok(&[
        "new",
        "overlord",
        "soon",
        "--factions",
        "3",
        "--seed",
        "9",
        "--schedule",
        "sat 18:00",
        "--early",
        "sent",
        "--grace",
        "0m",
    ]);
    let mut seats = Vec::new();
    for line in made.lines().filter(|l| l.trim_start().starts_with('f')) {
        let mut w = line.split_whitespace();
        let (seat, password) = (w.next().unwrap(), w.nth(2).unwrap());
        let report = server.ok(&["report", "soon", seat]);
        let template = report.split("==== Order template ====\n\n").nth(1).unwrap();
        let file = server.data.join(format!("{seat}.txt"));
        std::fs::write(&file, template.replacen("PASSWORD", password, 1)).unwrap();
        let answer = server.ok(&["submit", "soon", file.to_str().unwrap()]);
        assert!(answer.contains("stored for turn 1"), "{answer}");
        seats.push(seat.to_string());
    }
    assert_eq!(seats.len(), 3);
    seats
}

#[test]
fn an_early_run_killed_part_way_repeats_to_the_same_bytes_and_is_still_early() {
    let reference = Server::new("early-ref", false);
    let seats = all_sent_for_an_early_run(&reference);
    let once = reference.command(&["serve", "--once"]).output().unwrap();
    assert!(once.status.success(), "{}", text(&once.stderr));
    let status = reference.ok(&["status", "soon"]);
    assert!(status.contains("1 turn(s) run"), "{status}");
    let report = |server: &Server| -> Vec<String> {
        seats
            .iter()
            .map(|s| server.ok(&["report", "soon", s, "1"]))
            .collect()
    };
    let expected = report(&reference);
    assert!(
        reference
            .ok(&["outbox", "soon"])
            .contains("[soon] Turn 1 ran early"),
        "the game master's letter says so"
    );
    for point in ["marked", "engine-done", "kept-reports"] {
        let server = Server::new(&format!("early-{point}"), false);
        all_sent_for_an_early_run(&server);
        let died = server
            .command(&["serve", "--once"])
            .env("UMPIRE_CRASH_AT", point)
            .output()
            .unwrap();
        assert!(!died.status.success(), "{point}: the run should have died");
        let status = server.ok(&["status", "soon"]);
        assert!(
            status.contains("A run of turn 1 began"),
            "{point}: {status}"
        );
        let again = server.command(&["serve", "--once"]).output().unwrap();
        assert!(again.status.success(), "{point}: {}", text(&again.stderr));
        assert_eq!(report(&server), expected, "after a crash at `{point}`");
        let outbox = server.ok(&["outbox", "soon"]);
        assert!(
            outbox.contains("[soon] Turn 1 ran early"),
            "{point}: {outbox}"
        );
    }
}

#[test]
fn serve_says_why_it_cannot_serve_the_web() {
    let server = Server::new("web-address", false);
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = taken.local_addr().unwrap().to_string();
    let o = server
        .command(&["serve", "--listen", &address])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!(
            "cannot serve the web on {address}: another program is using it"
        )),
        "{err}"
    );
    let o = server
        .command(&["serve", "--listen", "localhost"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("`localhost` is not an address to listen on"),
        "{err}"
    );
    drop(taken);
}

#[test]
fn desk_logins_are_made_from_the_command_line() {
    let server = Server::new("desk-user", false);
    let said = server.ok(&["desk-user", "marshal"]);
    assert!(said.starts_with("Desk login marshal: password "), "{said}");
    let o = server.host(&["desk-user", "two words"]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("cannot be a login"),
        "{}",
        text(&o.stderr)
    );
    let audit = server.ok(&["audit"]);
    assert!(audit.contains("desk login marshal made"), "{audit}");
}

/// EG-ORD-005 from the command line: `umpire host held`, `approve` and
/// `refuse` on a hosted En Garde! game; the status says lines wait for a
/// ruling, and the report tells each ruling.
#[test]
fn eg_ord_005_the_game_master_rules_on_held_lines_from_the_command_line() {
    let server = Server::new("held", false);
    let made = server.ok(&[
        "new", "engarde", "rouen", "--player", "Athos", "--seed", "4",
    ]);
    let pw = made
        .lines()
        .find(|l| l.trim_start().starts_with("athos"))
        .and_then(|l| l.split_whitespace().nth(2))
        .unwrap()
        .to_string();
    let sheet = server.data.join("athos.txt");
    std::fs::write(
        &sheet,
        format!("CHARACTER Athos\nPASSWORD {pw}\nWEEK 1\nCHALLENGE Porthos TO A DUEL\nSEEK AN AUDIENCE WITH THE CARDINAL\n"),
    )
    .unwrap();
    server.ok(&["submit", "rouen", sheet.to_str().unwrap()]);
    let o = server.ok(&["held", "rouen"]);
    assert!(
        o.contains("athos          line 4   `CHALLENGE Porthos TO A DUEL` -- not ruled on yet"),
        "{o}"
    );
    assert!(
        server.ok(&["status", "rouen"]).contains(
            "Lines held for your ruling: 2 (2 not ruled on yet): `umpire host held rouen`."
        ),
    );
    let o = server.ok(&["approve", "rouen", "athos", "4", "--note", "fought at dawn"]);
    assert!(
        o.contains(
            "Line 4 of Athos's orders (`CHALLENGE Porthos TO A DUEL`) approved: fought at dawn"
        ),
        "{o}"
    );
    let no_reason = server.host(&["refuse", "rouen", "athos", "5", "--reason", ""]);
    assert!(!no_reason.status.success());
    assert!(text(&no_reason.stderr).contains("a refusal needs the reason"));
    server.ok(&[
        "refuse",
        "rouen",
        "Athos",
        "5",
        "--reason",
        "not this month",
    ]);
    let o = server.ok(&["held", "rouen"]);
    assert!(o.contains("-- refused: not this month (by "), "{o}");
    server.ok(&["run", "rouen"]);
    let r = server.ok(&["report", "rouen", "athos"]);
    assert!(
        r.contains(
            "line 4: `CHALLENGE Porthos TO A DUEL`: approved by the game master: fought at dawn."
        ),
        "{r}"
    );
    assert!(
        r.contains("line 5: `SEEK AN AUDIENCE WITH THE CARDINAL`: refused by the game master: not this month."),
        "{r}"
    );
}

#[test]
fn leave_and_substitutes_from_the_command_line() {
    let server = Server::new("leave", false);
    let made = server.ok(&[
        "new",
        "overlord",
        "away",
        "--factions",
        "3",
        "--seed",
        "4",
        "--max-leave",
        "2",
    ]);
    // f6 goes on leave by mail: its header and a #LEAVE line.
    let line = made
        .lines()
        .find(|l| l.trim_start().starts_with("f6 "))
        .unwrap();
    let password = line.split_whitespace().nth(3).unwrap();
    let report = server.ok(&["report", "away", "f6"]);
    let template = report.split("==== Order template ====\n\n").nth(1).unwrap();
    let header = template
        .replacen("PASSWORD", password, 1)
        .lines()
        .find(|l| l.starts_with('#'))
        .unwrap()
        .to_string();
    let file = server.data.join("leave.txt");
    std::fs::write(&file, format!("{header}\n#LEAVE 2\n")).unwrap();
    let answer = server.ok(&["submit", "away", file.to_str().unwrap()]);
    assert!(
        answer.contains("f6: on leave for turns 1 to 2, until turn 2"),
        "{answer}"
    );
    let o = server.ok(&["status", "away"]);
    assert!(
        o.contains("Orders for turn 1: 0 of 3 in play (1 on leave)."),
        "{o}"
    );
    let f6 = o
        .lines()
        .find(|l| l.trim_start().starts_with("f6 "))
        .unwrap();
    assert!(f6.ends_with("on leave until turn 2"), "{o}");
    assert!(
        o.contains("Leave: at most 2 turn(s); the orders of a seat on leave carry on."),
        "{o}"
    );
    let o = server.ok(&["leave-bot", "away", "on"]);
    assert_eq!(
        o,
        "A bot plays every seat on leave in away while it is away.\n"
    );
    assert!(
        server
            .ok(&["status", "away"])
            .contains("a bot plays the seats on leave")
    );
    let bad = server.host(&["leave-bot", "away", "maybe"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("`maybe` is neither on nor off"),
        "{}",
        text(&bad.stderr)
    );
    let o = server.ok(&["max-leave", "away", "4"]);
    assert_eq!(o, "A leave in away lasts at most 4 turn(s).\n");

    // Giving a seat that is not open is refused, and says why.
    let bad = server.host(&["give", "away", "f5", "new@players.test"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("f5 of away is not open for a newcomer"),
        "{}",
        text(&bad.stderr)
    );
    let o = server.ok(&["open", "away", "f5"]);
    assert_eq!(o, "f5 is open for a newcomer to take.\n");
    // Closed, and opened again.
    let o = server.ok(&["close", "away", "f5"]);
    assert_eq!(o, "f5 is no longer open for a newcomer.\n");
    let bad = server.host(&["close", "away", "f5"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr)
            .contains("f5 of away is not open for a newcomer, so there is nothing to close"),
        "{}",
        text(&bad.stderr)
    );
    server.ok(&["open", "away", "f5"]);
    let status = server.ok(&["status", "away"]);
    let f5 = status
        .lines()
        .find(|l| l.trim_start().starts_with("f5 "))
        .unwrap();
    assert!(f5.ends_with("OPEN for a newcomer"), "{status}");
    let o = server.ok(&["give", "away", "f5", "new@players.test"]);
    assert!(
        o.starts_with("f5 of away is played from new@players.test from now on; its new password (")
            && o.contains("The old player's password, logins and tokens no longer work."),
        "{o}"
    );
    let status = server.ok(&["status", "away"]);
    let f5 = status
        .lines()
        .find(|l| l.trim_start().starts_with("f5 "))
        .unwrap();
    assert!(f5.ends_with("new@players.test"), "{status}");
    let audit = server.ok(&["audit", "away"]);
    for action in [" leave-bot ", " max-leave ", " open ", " close ", " take "] {
        assert!(audit.contains(action), "{action}: {audit}");
    }
}
