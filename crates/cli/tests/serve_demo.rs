//! `umpire serve --demo`, as a newcomer meets it: one command prints where
//! to open the browser and how to log in; the printed logins work for the
//! player's pages and the desk; bots play the other factions when a turn
//! runs; a second start goes on with the same game and new passwords.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../server/tests/support/web.rs"]
mod web;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use web::Client;

fn umpire(data: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
    cmd.arg("--color=never").args(args).arg("--data").arg(data);
    cmd.env_remove("UMPIRE_DATABASE_URL")
        .env_remove("UMPIRE_CRASH_AT")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// What the demo printed, up to its last line, and the running server
/// (the caller stops it).
#[allow(clippy::zombie_processes)]
fn start(data: &Path) -> (Child, String) {
    let mut child = umpire(data, &["serve", "--demo", "--listen", "127.0.0.1:0"])
        .spawn()
        .unwrap();
    let mut said = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            let o = child.wait_with_output().unwrap();
            panic!(
                "the demo stopped before saying how to log in:\n{said}{}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        said.push_str(&line);
        if line.starts_with("Stop with Ctrl-C") {
            return (child, said);
        }
    }
}

/// The last word of the line starting with `label`.
fn last_word(said: &str, label: &str) -> String {
    said.lines()
        .find(|l| l.trim_start().starts_with(label))
        .and_then(|l| l.split_whitespace().last())
        .unwrap_or_else(|| panic!("no `{label}` line in:\n{said}"))
        .to_string()
}

fn stop(mut child: Child) {
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}

fn host(data: &Path, args: &[&str]) -> String {
    let mut all = vec!["host"];
    all.extend_from_slice(args);
    let o = umpire(data, &all).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn serve_demo_hosts_a_game_a_newcomer_logs_into_and_bots_play() {
    let data: PathBuf = std::env::temp_dir().join(format!("umpire-demo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);

    let (child, said) = start(&data);
    assert!(
        said.starts_with(
            "The demo game is made: you play f5 (Faction 5); bots play f6, f7, f8, f9, f10."
        ),
        "{said}"
    );
    assert!(
        said.contains("A turn runs every 20 minutes (the next: "),
        "{said}"
    );
    let base = last_word(&said, "Open").trim_end_matches('/').to_string();
    assert!(base.starts_with("http://127.0.0.1:"), "{base}");
    let password = last_word(&said, "Log in");
    let desk = last_word(&said, "The desk");

    // The printed logins open the player's report and the desk.
    let mut player = Client::new(&base);
    assert!(player.get("/").body.contains("demo"));
    player.login("demo", "f5", &password);
    let page = player.get("/games/demo");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Faction 5"), "{}", page.body);
    let mut gm = Client::new(&base);
    gm.desk_login("gm", &desk);
    assert_eq!(gm.get("/desk/games/demo").status, 200);
    // And the table games' form.
    let tables = said
        .lines()
        .find(|l| l.trim_start().starts_with("A table"))
        .and_then(|l| l.split_whitespace().nth(2))
        .unwrap_or_else(|| panic!("no table address: {said}"));
    assert_eq!(tables, format!("{base}/tables/new"));
    assert!(
        Client::new(&base)
            .get("/tables/new")
            .body
            .contains("Make the table")
    );
    // And the calendar of the demo's deadlines: the next one, every 20
    // minutes after it.
    let calendar = said
        .lines()
        .find(|l| l.trim_start().starts_with("Calendar"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_else(|| panic!("no calendar address: {said}"));
    assert_eq!(calendar, format!("{base}/games/demo/deadlines.ics"));
    let feed = Client::new(&base).get("/games/demo/deadlines.ics").body;
    let starts: Vec<&str> = feed
        .split("\r\n")
        .filter_map(|l| l.strip_prefix("DTSTART:"))
        .collect();
    assert_eq!(starts.len(), 10, "{feed}");
    let minutes = |t: &str| -> i64 {
        let (h, m) = (&t[9..11], &t[11..13]);
        h.parse::<i64>().unwrap() * 60 + m.parse::<i64>().unwrap()
    };
    assert_eq!(
        (minutes(starts[1]) - minutes(starts[0])).rem_euclid(24 * 60),
        20
    );

    // The newcomer's own news feed, and turns that run early once the
    // newcomer's orders are in.
    let news = said
        .lines()
        .find(|l| l.trim_start().starts_with("News"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or_else(|| panic!("no news address: {said}"));
    let news = news.strip_prefix(&base).unwrap_or(news);
    assert!(
        news.starts_with("/games/demo/news.atom?seat=f5&key="),
        "{news}"
    );
    let got = Client::new(&base).get(news);
    assert_eq!(got.status, 200, "{}", got.body);
    assert!(
        got.body.contains("<title>demo: the news</title>"),
        "{}",
        got.body
    );
    assert!(
        said.contains("or two minutes after your orders are in"),
        "{said}"
    );
    let status = host(&data, &["status", "demo"]);
    assert!(
        status.contains("Early runs: sent (")
            && status.contains(", 2 minutes after the last change)"),
        "{status}"
    );

    // A turn: every bot sends its faction's orders; the newcomer's seat is
    // left to the newcomer.
    let ran = host(&data, &["run", "demo"]);
    assert!(ran.contains("turn 1 run in"), "{ran}");
    assert!(ran.contains(": 5 order set(s),"), "{ran}");
    assert!(ran.contains("Turn 1 kept"), "{ran}");
    let inbox = host(&data, &["inbox", "demo"]);
    let bots: Vec<&str> = inbox.lines().filter(|l| l.contains(" bot ")).collect();
    assert_eq!(bots.len(), 5, "{inbox}");
    for f in ["f6", "f7", "f8", "f9", "f10"] {
        assert!(
            bots.iter()
                .any(|l| l.contains(&format!("from seat:{f} ")) && l.contains("answered")),
            "{f}: {inbox}"
        );
    }
    assert!(!inbox.contains("seat:f5"), "{inbox}");
    // The data is its owner's only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&data), 0o700, "the data folder");
        assert_eq!(mode(&data.join("umpire.db")), 0o600, "umpire.db");
    }
    stop(child);

    // The game master adds a player (f11); a restart hands the newcomer
    // their own seat again and leaves the added player's password alone.
    let joined = host(&data, &["join", "demo", "--name", "Latecomers"]);
    assert!(
        joined.starts_with("f11 (Latecomers) joined demo"),
        "{joined}"
    );
    let latecomer = joined
        .split("password: ")
        .nth(1)
        .and_then(|p| p.split_whitespace().next())
        .unwrap_or_else(|| panic!("no password in {joined}"))
        .to_string();

    // Again: the same game goes on, with new passwords; the old one no
    // longer opens it.
    let (child, again) = start(&data);
    assert!(
        again.starts_with("The demo game is going on after 1 turn: you play f5"),
        "{again}"
    );
    let base = last_word(&again, "Open").trim_end_matches('/').to_string();
    let fresh = last_word(&again, "Log in");
    assert_ne!(fresh, password);
    let mut late = Client::new(&base);
    let csrf = late.csrf("/");
    let refused = late.post_form(
        "/login",
        &[
            ("csrf", &csrf),
            ("game", "demo"),
            ("seat", "f5"),
            ("password", &password),
        ],
    );
    assert!(
        refused
            .location
            .as_deref()
            .is_some_and(|l| l.starts_with("/?failed=")),
        "{refused:?}"
    );
    late.login("demo", "f5", &fresh);
    Client::new(&base).login("demo", "f11", &latecomer);
    stop(child);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn serve_demo_refuses_a_folder_whose_game_demo_is_not_the_demo() {
    let data: PathBuf =
        std::env::temp_dir().join(format!("umpire-demo-taken-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    host(
        &data,
        &["new", "overlord", "demo", "--factions", "2", "--seed", "3"],
    );
    let o = umpire(&data, &["serve", "--demo", "--listen", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("already hosts a game named `demo` that is not the demo"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&data);
}
