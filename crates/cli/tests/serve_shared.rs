//! Several `umpire serve` processes on one PostgreSQL, as a site behind a
//! load balancer runs them: a table played through whichever process
//! answers keeps every line and every page current, live updates reach the
//! pages of every process, and a process killed in the middle of a command
//! leaves the others carrying on with nothing lost or kept twice. (The mail
//! duties across processes are in `mail_e2e.rs`, beside the mail servers
//! they need.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../server/tests/support/web.rs"]
mod web;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;
use web::Client;

/// One `umpire serve` process: its web address and its log.
struct Server {
    child: Child,
    base: String,
    log: mpsc::Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh PostgreSQL schema and a data folder per process.
struct Site {
    url: String,
    dir: PathBuf,
    started: usize,
}

impl Site {
    fn new(name: &str) -> Site {
        let dir = std::env::temp_dir().join(format!("umpire-shared-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let schema = format!("shared_{name}_{}", std::process::id());
        let url = format!("{}?schema={schema}", umpire_host::testing::postgres_url());
        sql(&url, &format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
        Site {
            url,
            dir,
            started: 0,
        }
    }

    /// Start `n` more processes on the site's database, all at once (they
    /// bring a fresh schema up to date between them).
    fn serve(&mut self, n: usize) -> Vec<Server> {
        self.serve_with(n, "", None)
    }

    /// [`Site::serve`], each with `config` in its `umpire.toml`, and
    /// aborting at the fault point `crash` when given.
    fn serve_with(&mut self, n: usize, config: &str, crash: Option<&str>) -> Vec<Server> {
        let spawned: Vec<(usize, Child, mpsc::Receiver<String>)> = (0..n)
            .map(|_| {
                self.started += 1;
                let data = self.dir.join(format!("data{}", self.started));
                std::fs::create_dir_all(&data).unwrap();
                std::fs::write(data.join("umpire.toml"), config).unwrap();
                let mut command = Command::new(env!("CARGO_BIN_EXE_umpire"));
                if let Some(at) = crash {
                    command.env("UMPIRE_CRASH_AT", at);
                } else {
                    command.env_remove("UMPIRE_CRASH_AT");
                }
                let mut child = command
                    .args([
                        "--color=never",
                        "serve",
                        "--listen",
                        "127.0.0.1:0",
                        "--data",
                    ])
                    .arg(&data)
                    .arg("--database")
                    .arg(&self.url)
                    .env("UMPIRE_LOG", "info")
                    .env_remove("UMPIRE_DATABASE_URL")
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                let (tx, log) = mpsc::channel();
                let err = child.stderr.take().unwrap();
                std::thread::spawn(move || {
                    for line in BufReader::new(err).lines() {
                        let Ok(line) = line else { return };
                        if tx.send(plain(&line)).is_err() {
                            return;
                        }
                    }
                });
                (self.started, child, log)
            })
            .collect();
        spawned
            .into_iter()
            .map(|(i, child, log)| {
                let start = Instant::now();
                let mut said = String::new();
                loop {
                    let Ok(line) =
                        log.recv_timeout(Duration::from_secs(60).saturating_sub(start.elapsed()))
                    else {
                        panic!("server {i} did not say where it serves:\n{said}");
                    };
                    said.push_str(&line);
                    said.push('\n');
                    if line.contains("the web is served")
                        && let Some(a) = line.split("address=").nth(1)
                    {
                        let a = a.split_whitespace().next().unwrap();
                        return Server {
                            child,
                            base: format!("http://{a}"),
                            log,
                        };
                    }
                }
            })
            .collect()
    }
}

/// `umpire ARGS` on the site's database: what it printed.
fn umpire(site: &Site, args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .arg("--color=never")
        .args(args)
        .arg("--data")
        .arg(site.dir.join("cli"))
        .arg("--database")
        .arg(&site.url)
        .env_remove("UMPIRE_DATABASE_URL")
        .env_remove("UMPIRE_CRASH_AT")
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(o.status.success(), "umpire {args:?}: {said}");
    said
}

/// A log line without its terminal colours.
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn sql(url: &str, statement: &str) {
    let location = umpire_host::store::Location::parse(url).unwrap();
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(umpire_host::testing::execute(&location, statement));
}

/// The lines kept at the site's only table: (seq, answer).
fn kept(url: &str) -> Vec<(i64, String)> {
    let (base, schema) = url.split_once("?schema=").unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        use sqlx::{Connection, Row};
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(base).await.unwrap();
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT seq, answer FROM {schema}.table_lines ORDER BY seq"
        )))
        .fetch_all(&mut c)
        .await
        .unwrap();
        rows.iter()
            .map(|r| (r.get::<i64, _>("seq"), r.get::<String, _>("answer")))
            .collect()
    })
}

/// Make an umpired DBR table through `server`; its umpire page's path.
fn make_table(server: &Server) -> String {
    let mut c = Client::new(&server.base);
    let got = c.post_form(
        "/tables/new",
        &[
            ("kind", "dbr"),
            ("width", "72"),
            ("depth", "48"),
            ("unit", "in"),
            ("umpired", "on"),
        ],
    );
    assert_eq!(got.status, 303, "{}", got.body);
    got.location.unwrap()
}

/// Run a command at the table through `base`: its answer, or why not
/// (a refusal, an HTTP error, no answer at all).
fn run(base: &str, page: &str, line: &str) -> Result<String, String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let r = agent
        .post(format!("{base}{page}/run"))
        .header("Accept", "application/json")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .send(format!("line={}", line.replace(' ', "+")));
    match r {
        Ok(mut r) => {
            let status = r.status().as_u16();
            let body = r.body_mut().read_to_string().unwrap_or_default();
            if status != 200 {
                return Err(format!("HTTP {status}: {body}"));
            }
            let v: Value = serde_json::from_str(&body).unwrap();
            let answer = v["answer"].as_str().unwrap_or_default().to_string();
            if answer.starts_with("error") {
                return Err(answer);
            }
            Ok(answer)
        }
        Err(e) => Err(format!("no answer: {e}")),
    }
}

/// The part of the page that changes, as `base` serves it, without the
/// process's own change count.
fn view(base: &str, page: &str) -> String {
    let got = Client::new(base).get(&format!("{page}/view"));
    assert_eq!(got.status, 200, "{}", got.body);
    let mut out = String::new();
    let mut rest = got.body.as_str();
    while let Some(i) = rest.find("data-version=\"") {
        out.push_str(&rest[..i]);
        rest = &rest[i + "data-version=\"".len()..];
        rest = rest.split_once('"').map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out
}

/// Every line of a page's live updates on `base`, as it comes.
fn listen(base: &str, page: &str) -> mpsc::Receiver<String> {
    let addr = base.trim_start_matches("http://").to_string();
    let path = format!("{page}/events");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut s = TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        for line in BufReader::new(s).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// Wait for a `changed` event.
fn heard(events: &mpsc::Receiver<String>, within: Duration) -> bool {
    let start = Instant::now();
    while let Some(left) = within.checked_sub(start.elapsed()) {
        match events.recv_timeout(left) {
            Ok(l) if l.starts_with("event: changed") => return true,
            Ok(_) => {}
            Err(_) => return false,
        }
    }
    false
}

fn log_of(s: &Server) -> String {
    s.log.try_iter().collect::<Vec<_>>().join("\n")
}

#[test]
fn a_table_played_through_three_servers_in_turn_keeps_every_line_and_every_page_current() {
    let mut site = Site::new("table3");
    let servers = site.serve(3);
    let page = make_table(&servers[0]);
    // A page open on the third process hears what the others change.
    let events = listen(&servers[2].base, &page);
    // The page listens once its answer has begun (it subscribed first).
    let began = events.recv_timeout(Duration::from_secs(30)).unwrap();
    assert!(began.starts_with("HTTP/1.1 200"), "{began}");
    let mut answers = Vec::new();
    for i in 0..15 {
        let by = &servers[i % 3];
        let line = if i % 4 == 3 { "log" } else { "bound" };
        let answer = run(&by.base, &page, line)
            .unwrap_or_else(|e| panic!("{line} through server {}: {e}\n{}", i % 3 + 1, log_of(by)));
        answers.push(answer);
        if i % 3 != 2 {
            assert!(
                heard(&events, Duration::from_secs(10)),
                "the page on server 3 heard nothing of line {i} in 10 s"
            );
        }
        // Every process shows the table as kept, at once.
        let views: Vec<String> = servers.iter().map(|s| view(&s.base, &page)).collect();
        assert_eq!(
            views[0].matches("data-seq=").count(),
            i + 1,
            "line {i} missing from the view"
        );
        assert!(
            views.iter().all(|v| *v == views[0]),
            "the servers show different tables after line {i}"
        );
    }
    let lines = kept(&site.url);
    assert_eq!(
        lines.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        (0..15).collect::<Vec<i64>>()
    );
    assert_eq!(
        lines.into_iter().map(|(_, a)| a).collect::<Vec<_>>(),
        answers
    );
    for s in &servers {
        let log = log_of(s);
        assert!(!log.contains("duplicate key"), "{log}");
        assert!(!log.contains("ERROR"), "{log}");
    }
}

#[test]
fn two_servers_typed_at_once_keep_each_line_once_and_a_killed_one_loses_none() {
    let mut site = Site::new("tablekill");
    let mut two = site.serve(2);
    let b = two.pop().unwrap();
    let a = two.pop().unwrap();
    let page = make_table(&a);
    // Both processes are typed at, at once, from two threads.
    let typing = |base: String, page: String, n: usize| {
        std::thread::spawn(move || {
            (0..n)
                .map(|_| run(&base, &page, "bound"))
                .collect::<Vec<_>>()
        })
    };
    let (ta, tb) = (
        typing(a.base.clone(), page.clone(), 25),
        typing(b.base.clone(), page.clone(), 25),
    );
    let mut answered = Vec::new();
    for r in ta.join().unwrap().into_iter().chain(tb.join().unwrap()) {
        match r {
            Ok(answer) => answered.push(answer),
            Err(e) => assert!(e.contains("the table moved on"), "{e}"),
        }
    }
    let lines = kept(&site.url);
    assert_eq!(lines.len(), answered.len(), "every answer kept, no other");
    // The first process is killed while it is typed at; the second carries
    // on, and every line the dead one answered is kept.
    let base = a.base.clone();
    let p = page.clone();
    let typist = std::thread::spawn(move || {
        let mut got = Vec::new();
        for _ in 0..400 {
            match run(&base, &p, "bound") {
                Ok(answer) => got.push(answer),
                Err(_) => break,
            }
        }
        got
    });
    std::thread::sleep(Duration::from_millis(700));
    let mut a = a;
    a.child.kill().unwrap();
    let _ = a.child.wait();
    let before_kill = typist.join().unwrap();
    assert!(
        !before_kill.is_empty() && before_kill.len() < 400,
        "the kill lands mid-typing ({} lines)",
        before_kill.len()
    );
    let after = run(&b.base, &page, "bound").unwrap();
    let lines = kept(&site.url);
    assert_eq!(
        lines.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        (0..lines.len() as i64).collect::<Vec<_>>(),
        "the lines run on without a gap"
    );
    let answers: Vec<&String> = lines.iter().map(|(_, a)| a).collect();
    // Every answer the killed process gave is kept; at most the one it was
    // keeping when killed is kept without its answer having gone out.
    let n = answered.len();
    assert_eq!(
        answers[n..n + before_kill.len()],
        before_kill.iter().collect::<Vec<_>>()[..]
    );
    assert!(
        lines.len() - n - before_kill.len() <= 2,
        "{} lines",
        lines.len()
    );
    assert_eq!(*answers.last().unwrap(), &after);
    // The survivor shows the table as kept.
    assert_eq!(
        view(&b.base, &page).matches("data-seq=").count(),
        lines.len()
    );
}

/// A number the site's database answers.
fn number(url: &str, query: &str) -> i64 {
    let location = umpire_host::store::Location::parse(url).unwrap();
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(umpire_host::testing::count(&location, query))
}

fn wait_for(what: &str, limit: Duration, mut f: impl FnMut() -> bool) {
    let start = Instant::now();
    while !f() {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn reminders_go_once_and_a_turn_whose_server_dies_mid_run_is_kept_once_by_another() {
    let mut site = Site::new("turns");
    std::fs::create_dir_all(site.dir.join("cli")).unwrap();
    let made = umpire(
        &site,
        &[
            "host",
            "new",
            "overlord",
            "winter",
            "--factions",
            "6",
            "--seed",
            "4",
            "--hold-percent",
            "100",
        ],
    );
    let seats = made
        .lines()
        .filter(|l| l.trim_start().starts_with('f'))
        .count() as i64;
    assert_eq!(seats, 6, "{made}");
    // The deadline is an hour off: every server reminds, once between them.
    let soon = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
        + 3_600_000;
    sql(&site.url, &format!("UPDATE games SET deadline = {soon}"));
    let mut both = site.serve_with(2, "tick_seconds = 1\n", None);
    wait_for("the reminders", Duration::from_secs(30), || {
        number(
            &site.url,
            "SELECT count(*) FROM outbox WHERE kind = 'reminder'",
        ) >= seats
    });
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(
        number(
            &site.url,
            "SELECT count(*) FROM outbox WHERE kind = 'reminder'"
        ),
        seats,
        "each seat reminded once"
    );
    drop(both.pop());
    // A server that looks at the deadlines every 10 s carries on while
    // another, looking every second, takes the turn and dies running it.
    let steady = site.serve_with(1, "tick_seconds = 10\n", None);
    // Its first look, at its start, finds nothing due; the next is 10 s on.
    std::thread::sleep(Duration::from_secs(1));
    sql(&site.url, "UPDATE games SET deadline = 1000");
    let mut dying = site.serve_with(1, "tick_seconds = 1\n", Some("engine-done"));
    let dead = dying.pop().unwrap();
    let start = Instant::now();
    let mut said = String::new();
    while let Ok(line) = dead.log.recv_timeout(Duration::from_secs(30)) {
        said.push_str(&line);
        said.push('\n');
        assert!(start.elapsed() < Duration::from_secs(60), "{said}");
    }
    assert!(
        said.contains("UMPIRE_CRASH_AT=engine-done"),
        "the server died mid-turn:\n{said}"
    );
    assert_eq!(
        number(
            &site.url,
            "SELECT count(*) FROM outbox WHERE kind = 'report'"
        ),
        0,
        "nothing of the dead run was kept"
    );
    wait_for(
        "the other server to keep the turn",
        Duration::from_secs(60),
        || {
            number(
                &site.url,
                "SELECT count(*) FROM outbox WHERE kind = 'report'",
            ) >= seats
        },
    );
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(
        number(
            &site.url,
            "SELECT count(*) FROM outbox WHERE kind = 'report'"
        ),
        seats,
        "one report per seat"
    );
    let status = umpire(&site, &["host", "status", "winter"]);
    assert!(status.contains("1 turn(s) run"), "{status}");
    drop(steady);
    drop(both);
}
