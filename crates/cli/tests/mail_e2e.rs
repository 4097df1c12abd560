//! The mail gateway end to end, against real mail servers that
//! `scripts/mail-servers` installs and starts (Postfix for SMTP, Dovecot
//! for the mailboxes, read back over IMAP): players' mail goes in by SMTP
//! and reaches `umpire serve` both ways — polled from the server's mailbox
//! over IMAP, and piped by Postfix to `umpire mail deliver` — every
//! message is answered in its sender's mailbox, the deadline passes, and
//! every faction's report lands in its own mailbox and no other's.
//! Then the server is killed while it sends reports, and restarted:
//! nothing is lost and nothing arrives twice. And a player's leave, a
//! turn run early and a seat given to a newcomer, each by real mail; and
//! messages between players, by mail to a faction's address and on the
//! web of the same server, with a player's `#MAIL` choice.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures::TryStreamExt;

const BIN: &str = env!("CARGO_BIN_EXE_umpire");

/// One test at a time: the mail servers listen on fixed ports.
static PORTS: std::sync::Mutex<()> = std::sync::Mutex::new(());

struct MailServers(PathBuf);

impl Drop for MailServers {
    fn drop(&mut self) {
        let _ = Command::new(script()).arg("stop").arg(&self.0).status();
    }
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/mail-servers")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

struct Place {
    data: PathBuf,
    url: String,
}

impl Place {
    fn umpire(&self, args: &[&str]) -> String {
        let o = Command::new(BIN)
            .args(args)
            .arg("--data")
            .arg(&self.data)
            .arg("--database")
            .arg(&self.url)
            .env_remove("UMPIRE_DATABASE_URL")
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "umpire {args:?}: {}{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        text(&o.stdout)
    }

    fn serve(&self) -> Child {
        self.serve_crashing(None)
    }

    /// `umpire serve` with its web on `listen`.
    fn serve_on(&self, listen: &str) -> Child {
        let mut c = Command::new(BIN);
        c.args(["serve", "--listen", listen, "--data"])
            .arg(&self.data)
            .env("UMPIRE_TEST_IMAP_PASSWORD", "test")
            .env_remove("UMPIRE_CRASH_AT")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        c.spawn().unwrap()
    }

    /// `umpire serve`, aborting at a fault point when `crash` names one.
    fn serve_crashing(&self, crash: Option<&str>) -> Child {
        let mut c = Command::new(BIN);
        c.args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(&self.data)
            .env("UMPIRE_TEST_IMAP_PASSWORD", "test")
            .env("UMPIRE_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        match crash {
            Some(at) => c.env("UMPIRE_CRASH_AT", at),
            None => c.env_remove("UMPIRE_CRASH_AT"),
        };
        c.spawn().unwrap()
    }
}

fn stop(child: Child) -> String {
    let pid = child.id().to_string();
    let _ = Command::new("kill").args(["-TERM", &pid]).status();
    let out = child.wait_with_output().unwrap();
    let log = text(&out.stderr);
    assert!(out.status.success(), "{log}");
    log
}

/// Send a mail over SMTP, as a player's mail program does.
fn send(from: &str, to: &str, id: &str, body: &str) {
    let o = Command::new("swaks")
        .args(["--server", "127.0.0.1:2525", "--from", from, "--to", to])
        .args(["--header", &format!("Message-Id: <{id}>")])
        .args(["--header", "Subject: orders"])
        .args(["--body", body, "--silent", "2"])
        .output()
        .unwrap_or_else(|e| panic!("swaks, which scripts/mail-servers installs, cannot run: {e}"));
    assert!(
        o.status.success(),
        "swaks: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
}

/// Send a mail with headers of its own (an HTML-only mail's
/// Content-Type), as a player's mail program does.
fn send_with(from: &str, to: &str, id: &str, headers: &[&str], body: &str) {
    let mut c = Command::new("swaks");
    c.args(["--server", "127.0.0.1:2525", "--from", from, "--to", to])
        .args(["--header", &format!("Message-Id: <{id}>")]);
    if !headers
        .iter()
        .any(|h| h.to_ascii_lowercase().starts_with("subject:"))
    {
        c.args(["--header", "Subject: orders"]);
    }
    for h in headers {
        c.args(["--header", h]);
    }
    let o = c
        .args(["--body", body, "--silent", "2"])
        .output()
        .unwrap_or_else(|e| panic!("swaks, which scripts/mail-servers installs, cannot run: {e}"));
    assert!(
        o.status.success(),
        "swaks: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
}

/// The text of a mail as a player's mail program shows it (decoded from
/// quoted-printable or base64, its plain parts joined).
fn body_of(mail: &str) -> String {
    umpire_server::mail::message::read(mail.as_bytes(), "test").text
}

/// Every message in `user`'s mailbox, read over IMAP.
fn mailbox(user: &str) -> Vec<String> {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let tcp = tokio::net::TcpStream::connect("127.0.0.1:1143")
            .await
            .unwrap();
        let mut client = async_imap::Client::new(tcp);
        client.read_response().await.unwrap();
        let mut s = client
            .login(user, "test")
            .await
            .map_err(|(e, _)| e)
            .unwrap();
        s.select("INBOX").await.unwrap();
        let fetched: Vec<_> = s
            .fetch("1:*", "BODY.PEEK[]")
            .await
            .unwrap()
            .try_collect()
            .await
            .unwrap_or_default();
        let all = fetched
            .iter()
            .filter_map(|f| f.body().map(|b| text(b).replace("\r\n", "\n")))
            .collect();
        let _ = s.logout().await;
        all
    })
}

fn header<'a>(mail: &'a str, name: &str) -> Option<&'a str> {
    let head = mail.split("\n\n").next()?;
    head.lines()
        .find(|l| {
            l.to_ascii_lowercase()
                .starts_with(&format!("{}:", name.to_ascii_lowercase()))
        })
        .map(|l| l[name.len() + 1..].trim())
}

fn wait_for(what: &str, limit: Duration, mut f: impl FnMut() -> bool) {
    let start = Instant::now();
    while !f() {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(Duration::from_millis(300));
    }
}

fn sql(url: &str, statement: &str) {
    let (base, schema) = url.split_once("?schema=").unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        use sqlx::{Connection, Executor};
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(base).await.unwrap();
        c.execute(sqlx::AssertSqlSafe(format!(
            "CREATE SCHEMA IF NOT EXISTS {schema}"
        )))
        .await
        .unwrap();
        c.execute(sqlx::AssertSqlSafe(format!("SET search_path TO {schema}")))
            .await
            .unwrap();
        c.execute(sqlx::AssertSqlSafe(statement.to_string()))
            .await
            .unwrap();
    });
}

/// A data folder, a PostgreSQL schema, its config, and the mail servers
/// piping `pipe_address` (several, separated by commas: the first is the
/// game's own) to `umpire mail deliver`.
fn setup(name: &str, pipe_address: &str) -> (Place, MailServers) {
    let dir = std::env::temp_dir().join(format!("umpire-mail-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let schema = format!("mail_{name}_{}", std::process::id());
    let base = umpire_host::testing::postgres_url();
    let url = format!("{base}?schema={schema}");
    sql(&url, &format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
    let place = Place {
        data: data.clone(),
        url: url.clone(),
    };
    // The game whose own address is piped: `spring` for spring@pipe.test.
    let own = pipe_address.split(',').next().unwrap_or(pipe_address);
    let game = own.split('@').next().unwrap_or("spring");
    std::fs::write(
        data.join("umpire.toml"),
        format!(
            r#"database = "{url}"
tick_seconds = 1

[mail]
domain = "game.test"
from_name = "Spring Umpire"
gm_address = "gm@game.test"

[mail.games.{game}]
server = "{own}"

[mail.imap]
host = "127.0.0.1"
port = 1143
security = "none"
user = "server@game.test"
password_env = "UMPIRE_TEST_IMAP_PASSWORD"
poll_seconds = 2

[mail.smtp]
host = "127.0.0.1"
port = 2525
security = "none"
"#
        ),
    )
    .unwrap();
    // The pipe runs as `nobody`: it reads the config and the program.
    for p in [&dir, &data] {
        let _ = Command::new("chmod").arg("a+rx").arg(p).status();
    }
    let _ = Command::new("chmod")
        .arg("a+r")
        .arg(data.join("umpire.toml"))
        .status();
    let pipe = format!(
        "{BIN} mail deliver --data {} --database {url}",
        data.display()
    );
    let started = Command::new(script())
        .arg("start")
        .arg(dir.join("mailservers"))
        .arg(pipe_address)
        .arg(&pipe)
        .output()
        .unwrap();
    assert!(
        started.status.success(),
        "the mail servers are needed for this test: {}{}",
        text(&started.stdout),
        text(&started.stderr)
    );
    (place, MailServers(dir.join("mailservers")))
}

#[test]
fn players_mail_in_both_ways_answers_and_reports_land_in_their_own_mailboxes() {
    let _one = PORTS.lock().unwrap_or_else(|e| e.into_inner());
    let (place, _servers) = setup("e2e", "spring@pipe.test");
    let url = place.url.clone();
    let passwords = spring_with_three_players(&place);
    let server = place.serve();
    orders_come_by_imap_and_by_pipe_and_are_answered(&place, &passwords);
    one_mistake_gets_one_finding(&place, &passwords);

    // The game master's list of what came in and what became of it.
    let inbox = place.umpire(&["host", "inbox", "spring"]);
    assert!(inbox.contains("from p5@players.test"), "{inbox}");
    assert!(
        inbox.contains("f7: refused: wrong password for f7"),
        "{inbox}"
    );
    assert_eq!(inbox.matches(" answered ").count(), 4, "{inbox}");

    every_report_lands_in_its_own_mailbox(&url);
    let log = stop(server);
    assert!(log.contains("turn run and kept"), "{log}");
    assert!(log.contains("mail sent"), "{log}");
}

/// The game: three factions, each with a player's address. Returns each
/// seat with its password.
fn spring_with_three_players(place: &Place) -> Vec<(String, String)> {
    let made = place.umpire(&[
        "host",
        "new",
        "overlord",
        "spring",
        "--factions",
        "3",
        "--seed",
        "5",
        "--gm",
        "gm@game.test",
        "--hold-percent",
        "100",
    ]);
    let passwords = seat_passwords(&made);
    assert_eq!(passwords.len(), 3, "{made}");
    for (seat, _) in &passwords {
        place.umpire(&[
            "host",
            "address",
            "spring",
            seat,
            &format!("p{}@players.test", &seat[1..]),
        ]);
    }
    passwords
}

/// A seat's order template, from its report, with its password filled in.
fn template(place: &Place, seat: &str, pw: &str) -> String {
    game_orders(place, "spring", seat, pw)
}

/// A seat of `game`'s order template, from its latest report, with
/// `password` filled in.
fn game_orders(place: &Place, game: &str, seat: &str, password: &str) -> String {
    place
        .umpire(&["host", "report", game, seat])
        .split("==== Order template ====\n\n")
        .nth(1)
        .unwrap()
        .replacen("PASSWORD", password, 1)
}

/// f5 writes to the server's mailbox (read over IMAP), f6 to the game's
/// own address (piped by Postfix), f7 with a wrong password: each is
/// answered in its own mailbox.
fn orders_come_by_imap_and_by_pipe_and_are_answered(place: &Place, passwords: &[(String, String)]) {
    // f5 writes to the server's mailbox (read over IMAP), f6 to the
    // game's own address (piped by Postfix), f7 with a wrong password.
    send(
        "p5@players.test",
        "server@game.test",
        "o5@players.test",
        &template(place, "f5", &passwords[0].1),
    );
    send(
        "p6@players.test",
        "spring@pipe.test",
        "o6@players.test",
        &template(place, "f6", &passwords[1].1),
    );
    send(
        "p7@players.test",
        "server@game.test",
        "o7@players.test",
        &template(place, "f7", "wrong"),
    );
    wait_for("three answers", Duration::from_secs(90), || {
        (5..=7).all(|n| !mailbox(&format!("p{n}@players.test")).is_empty())
    });
    let a5 = &mailbox("p5@players.test")[0];
    assert_eq!(
        header(a5, "Subject"),
        Some("[spring] f5 orders for turn 1 received"),
        "{a5}"
    );
    assert_eq!(header(a5, "In-Reply-To"), Some("<o5@players.test>"), "{a5}");
    assert_eq!(header(a5, "Auto-Submitted"), Some("auto-replied"), "{a5}");
    assert_eq!(header(a5, "X-Loop"), Some("umpire@game.test"), "{a5}");
    assert!(a5.contains("f5: 2 units' orders stored for turn 1"), "{a5}");
    // The orders come back as stored, in canonical form, without the
    // password.
    let b5 = body_of(a5);
    assert!(
        b5.contains(
            "f5's orders as stored, read back in canonical form (this is what runs):\n\nGAME f05 ******** spring\n"
        ),
        "{b5}"
    );
    assert!(!b5.contains(&passwords[0].1), "{b5}");
    let a6 = &mailbox("p6@players.test")[0];
    assert_eq!(
        header(a6, "Subject"),
        Some("[spring] f6 orders for turn 1 received"),
        "{a6}"
    );
    let a7 = &mailbox("p7@players.test")[0];
    assert_eq!(
        header(a7, "Subject"),
        Some("[spring] f7 orders refused: wrong password"),
        "{a7}"
    );
    // Said first, and not a word about the orders.
    assert_eq!(
        body_of(a7).trim_end(),
        "f7: refused: wrong password for f7; nothing stored",
        "{a7}"
    );
}

/// One mistake, one finding: a unit whose only order is unknown.
fn one_mistake_gets_one_finding(place: &Place, passwords: &[(String, String)]) {
    let unit = template(place, "f6", &passwords[1].1)
        .lines()
        .find_map(|l| l.strip_prefix("UNIT "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_string();
    send(
        "p6@players.test",
        "spring@pipe.test",
        "o6b@players.test",
        &format!(
            "#GAME f06 {} spring\nUNIT {unit}\nFROBNICATE\n#END\n",
            passwords[1].1
        ),
    );
    wait_for("f6's second answer", Duration::from_secs(90), || {
        mailbox("p6@players.test").len() >= 2
    });
    let b6 = body_of(&mailbox("p6@players.test")[1]);
    assert_eq!(
        b6.matches("error[").count() + b6.matches("warning[").count() + b6.matches("note[").count(),
        1,
        "{b6}"
    );
    assert!(
        b6.contains(&format!(
            "{unit} has no other orders: its pending orders will be cleared and it will WORK"
        )),
        "{b6}"
    );
}

/// The deadline passes: every faction's report in its own mailbox, and
/// the game master told the turn ran.
fn every_report_lands_in_its_own_mailbox(url: &str) {
    sql(url, "UPDATE games SET deadline = 1000");
    wait_for("three reports", Duration::from_secs(90), || {
        (5..=7).all(|n| mailbox(&format!("p{n}@players.test")).len() >= 2)
    });
    for n in 5..=7 {
        let box_ = mailbox(&format!("p{n}@players.test"));
        // f6's second set had no orders for its first unit and nothing
        // for the other: its report still comes.
        let reports: Vec<&String> = box_
            .iter()
            .filter(|m| header(m, "Subject").is_some_and(|s| s.contains("report")))
            .collect();
        assert_eq!(reports.len(), 1, "p{n}: {box_:#?}");
        let r = reports[0];
        assert_eq!(
            header(r, "Subject"),
            Some(format!("[spring] Turn 1 report for f{n}").as_str())
        );
        assert!(
            r.contains(&format!("Report for Turn 1 for Faction {n} [f0{n}]")),
            "p{n}"
        );
        assert!(
            r.contains(&format!("f{n}-turn-1.json")),
            "the JSON report is attached"
        );
        for other in (5..=7).filter(|o| *o != n) {
            assert!(
                !box_
                    .iter()
                    .any(|m| m.contains(&format!("Report for Turn 1 for Faction {other} ["))),
                "p{n}'s mailbox holds f{other}'s report"
            );
        }
    }
    let gm = mailbox("gm@game.test");
    assert!(
        gm.iter()
            .any(|m| header(m, "Subject") == Some("[spring] Turn 1 ran")),
        "{gm:#?}"
    );
}

/// Every player's mail of one seat (q5@… for f5).
fn count(user: &str, subject_has: &str) -> Vec<String> {
    mailbox(user)
        .into_iter()
        .filter(|m| header(m, "Subject").is_some_and(|s| s.contains(subject_has)))
        .collect()
}

#[test]
fn a_server_killed_while_it_reads_mail_or_sends_reports_loses_nothing() {
    let _one = PORTS.lock().unwrap_or_else(|e| e.into_inner());
    let (place, _servers) = setup("faults", "autumn@pipe.test");
    let made = place.umpire(&[
        "host",
        "new",
        "overlord",
        "autumn",
        "--factions",
        "12",
        "--seed",
        "9",
        "--gm",
        "gm@game.test",
        "--hold-percent",
        "100",
    ]);
    let seats = seat_passwords(&made);
    assert_eq!(seats.len(), 12);
    let user = |seat: &str| format!("q{}@players.test", &seat[1..]);
    for (seat, _) in &seats {
        place.umpire(&["host", "address", "autumn", seat, &user(seat)]);
    }
    // Every player mails orders while no server runs: they wait in the
    // server's mailbox.
    for (seat, pw) in &seats {
        let report = place.umpire(&["host", "report", "autumn", seat]);
        let orders = report
            .split("==== Order template ====\n\n")
            .nth(1)
            .unwrap()
            .replacen("PASSWORD", pw, 1);
        send(
            &user(seat),
            "server@game.test",
            &format!("o-{seat}@players.test"),
            &orders,
        );
    }
    wait_for(
        "twelve mails in the server's mailbox",
        Duration::from_secs(60),
        || mailbox("server@game.test").len() == 12,
    );
    // The server is killed while it reads them, twice, then left to finish.
    for ms in [250u64, 600] {
        let mut child = place.serve();
        std::thread::sleep(Duration::from_millis(ms));
        let _ = child.kill();
        let _ = child.wait();
    }
    let server = place.serve();
    wait_for("twelve answers", Duration::from_secs(90), || {
        seats
            .iter()
            .all(|(s, _)| !count(&user(s), "received").is_empty())
    });
    let status = place.umpire(&["host", "status", "autumn"]);
    assert!(
        status.contains("Orders for turn 1: 12 of 12 in play"),
        "{status}"
    );
    stop(server);
    // One answer each. A kill can land in the one moment a message can go
    // twice (the relay took it, the server had not written that down): it
    // then goes again with the same Message-ID, which a mail program shows
    // once. So: one Message-ID per seat, whatever the copies.
    for (s, _) in &seats {
        let answers = count(&user(s), "received");
        let ids: std::collections::BTreeSet<String> = answers
            .iter()
            .map(|m| header(m, "Message-ID").unwrap_or_default().to_string())
            .collect();
        assert_eq!(ids.len(), 1, "{s}: one answer, no more: {ids:?}");
        assert!(answers.len() <= 2, "{s}: {} copies", answers.len());
    }

    // The deadline passes; the server dies after handing the 5th report to
    // the relay... no: after taking it, before the relay has it.
    sql(&place.url, "UPDATE games SET deadline = 1000");
    let died = place
        .serve_crashing(Some("sending:5"))
        .wait_with_output()
        .unwrap();
    assert!(!died.status.success());
    assert!(
        text(&died.stderr).contains("UMPIRE_CRASH_AT=sending:5"),
        "{}",
        text(&died.stderr)
    );
    let sent_before: usize = seats
        .iter()
        .map(|(s, _)| count(&user(s), "Turn 1 report").len())
        .sum();
    assert!(
        sent_before < 12,
        "the server died part way: {sent_before} sent"
    );
    let server = place.serve();
    wait_for("twelve reports", Duration::from_secs(90), || {
        seats
            .iter()
            .all(|(s, _)| !count(&user(s), "Turn 1 report").is_empty())
    });
    stop(server);
    for (s, _) in &seats {
        let reports = count(&user(s), "Turn 1 report");
        assert_eq!(reports.len(), 1, "{s}: its report once, and only once");
    }

    // The one moment a message can go twice: the relay took it and the
    // server died before writing that down. It goes again, with the same
    // Message-ID, so a mail program shows it once.
    sql(&place.url, "UPDATE games SET deadline = 1000");
    let died = place
        .serve_crashing(Some("relayed:3"))
        .wait_with_output()
        .unwrap();
    assert!(!died.status.success());
    let server = place.serve();
    wait_for("twelve second reports", Duration::from_secs(90), || {
        seats
            .iter()
            .all(|(s, _)| !count(&user(s), "Turn 2 report").is_empty())
    });
    stop(server);
    let mut twice = 0;
    for (s, _) in &seats {
        let reports = count(&user(s), "Turn 2 report");
        let ids: std::collections::BTreeSet<&str> = reports
            .iter()
            .filter_map(|m| header(m, "Message-ID"))
            .collect();
        assert_eq!(ids.len(), 1, "{s}: one message, whatever the copies");
        twice += reports.len() - 1;
    }
    assert!(twice <= 1, "at most the one message in flight went twice");
}

/// Every mail of `user` whose subject holds `subject_has`, as its text.
fn texts(user: &str, subject_has: &str) -> Vec<String> {
    count(user, subject_has)
        .iter()
        .map(|m| body_of(m))
        .collect()
}

#[test]
fn en_garde_by_mail_replies_rulings_and_a_rollback_that_withdraws_its_mail() {
    let _one = PORTS.lock().unwrap_or_else(|e| e.into_inner());
    let (place, _servers) = setup("engarde", "paris@pipe.test");
    let athos = paris_with_athos_and_porthos(&place);
    let server = place.serve();
    wait_for("the welcomes", Duration::from_secs(90), || {
        !count("a1@players.test", "Welcome").is_empty()
            && !count("p2@players.test", "Welcome").is_empty()
    });

    an_html_sheet_is_read_and_shown_back(&athos);
    a_reply_is_read_above_its_quote_and_a_wrong_password_refused(&athos);
    // The game master rules on the held line.
    let held = place.umpire(&["host", "held", "paris"]);
    assert!(
        held.contains("athos          line 4   `CHALLENGE Porthos TO A DUEL` -- not ruled on yet"),
        "{held}"
    );
    place.umpire(&[
        "host",
        "approve",
        "paris",
        "athos",
        "4",
        "--note",
        "the duel is fought at dawn in week 2",
    ]);

    let server = a_rollback_withdraws_the_mail_not_yet_sent(&place, server);
    the_rerun_mails_each_report_once_with_the_ruling(&place, server, &athos);
}

/// Paris, with Athos and Porthos playing by mail. Returns Athos's password.
fn paris_with_athos_and_porthos(place: &Place) -> String {
    let made = place.umpire(&[
        "host",
        "new",
        "engarde",
        "paris",
        "--player",
        "Athos:a1@players.test",
        "--player",
        "Porthos:p2@players.test",
        "--seed",
        "3",
        "--gm",
        "gm@game.test",
        "--hold-percent",
        "100",
    ]);
    let pw = |seat: &str| -> String {
        made.lines()
            .find(|l| l.trim_start().starts_with(&format!("{seat} ")))
            .and_then(|l| l.split_whitespace().nth(2))
            .unwrap_or_else(|| panic!("{made}"))
            .to_string()
    };
    pw("athos")
}

/// An HTML-only sheet: the lines read are shown back, the password
/// blanked.
fn an_html_sheet_is_read_and_shown_back(athos: &str) {
    send_with(
        "a1@players.test",
        "server@game.test",
        "h1@players.test",
        &["Content-Type: text/html; charset=utf-8"],
        &format!(
            "<html><body><div>CHARACTER Athos</div><div>PASSWORD {athos}</div><div>WEEK 1: REST</div></body></html>"
        ),
    );
    wait_for(
        "the answer to the HTML mail",
        Duration::from_secs(90),
        || !count("a1@players.test", "received").is_empty(),
    );
    let html = &texts("a1@players.test", "received")[0];
    assert!(html.contains("  | PASSWORD **********"), "{html}");
    assert!(!html.contains(athos), "{html}");
}

/// Athos answers last month's mail with his mail program's Reply: only
/// the new orders above the quote are read; Porthos gets his password
/// wrong and is refused.
fn a_reply_is_read_above_its_quote_and_a_wrong_password_refused(athos: &str) {
    // Athos answers last month's mail with his mail program's Reply: new
    // orders above, his signature, the quote below with the old password.
    let reply = format!(
        "CHARACTER Athos\nPASSWORD {athos}\nWEEK 1\nCHALLENGE Porthos TO A DUEL\nCAROUSE\n\n-- \nAthos, of the King's Musketeers\n\nOn Monday, Umpire <server@game.test> wrote:\n> CHARACTER Athos\n> PASSWORD PASSWORD\n> WEEK 2\n> DANCE WITH THE QUEEN\n"
    );
    send(
        "a1@players.test",
        "server@game.test",
        "r1@players.test",
        &reply,
    );
    // Porthos gets his password wrong.
    send(
        "p2@players.test",
        "paris@pipe.test",
        "w2@players.test",
        "CHARACTER Porthos\nPASSWORD guessed\nWEEK 1: DANCE WITH THE QUEEN\n",
    );
    wait_for("the two answers", Duration::from_secs(90), || {
        count("a1@players.test", "received").len() >= 2
            && !count("p2@players.test", "refused").is_empty()
    });
    let answer = &texts("a1@players.test", "received")[1];
    assert!(
        answer.contains("Athos: a sheet of 1 order stored for turn 1 (replacing earlier ones)"),
        "{answer}"
    );
    // Only the new line is held; nothing quoted or signed is read.
    assert!(answer.contains("--> your mail:4:1"), "{answer}");
    assert_eq!(answer.matches("warning[").count(), 1, "{answer}");
    assert!(!answer.contains("DANCE"), "{answer}");
    assert!(
        answer.contains(
            "Athos's orders as stored, read back in canonical form (this is what runs):\n\nCHARACTER Athos\nWEEK 1\n  CAROUSE\n"
        ),
        "{answer}"
    );
    assert!(!answer.contains(athos), "{answer}");
    let refused = &count("p2@players.test", "refused")[0];
    assert_eq!(
        header(refused, "Subject"),
        Some("[paris] Porthos orders refused: wrong password")
    );
    assert_eq!(
        body_of(refused).trim_end(),
        "Porthos: refused: wrong password for Porthos; nothing stored"
    );
}

/// The month is run with the server down, and rolled back before any of
/// its mail has gone: all of it is withdrawn, and the players told. Returns
/// the server started again.
fn a_rollback_withdraws_the_mail_not_yet_sent(place: &Place, server: Child) -> Child {
    stop(server);
    let ran = place.umpire(&["host", "run", "paris"]);
    assert!(ran.contains("No orders from: porthos (Porthos)."), "{ran}");
    let back = place.umpire(&["host", "rollback", "paris"]);
    assert!(
        back.contains("3 message(s) of turn 1 withdrawn before they were sent."),
        "{back}"
    );
    let withdrawn = place.umpire(&["host", "outbox", "paris", "--status", "withdrawn"]);
    assert_eq!(withdrawn.lines().count(), 3, "{withdrawn}");
    let server = place.serve();
    wait_for("the rollback notices", Duration::from_secs(90), || {
        !count("a1@players.test", "rolled back").is_empty()
            && !count("p2@players.test", "rolled back").is_empty()
    });
    let notice = &texts("a1@players.test", "rolled back")[0];
    assert!(
        notice.contains(
            "Your report of turn 1 had not been sent yet: it is withdrawn and will not come."
        ),
        "{notice}"
    );
    server
}

/// Run again: the reports go, once, with the ruling; the first run's
/// mail never comes.
fn the_rerun_mails_each_report_once_with_the_ruling(place: &Place, server: Child, athos: &str) {
    place.umpire(&["host", "run", "paris"]);
    wait_for("the reports", Duration::from_secs(90), || {
        !count("a1@players.test", "Turn 1 report").is_empty()
            && !count("p2@players.test", "Turn 1 report").is_empty()
            && !count("gm@game.test", "Turn 1 ran").is_empty()
    });
    stop(server);
    let athos_report = texts("a1@players.test", "Turn 1 report");
    assert_eq!(athos_report.len(), 1, "the withdrawn report never came");
    assert!(
        athos_report[0].contains(
            "line 4: `CHALLENGE Porthos TO A DUEL`: approved by the game master: the duel is fought at dawn in week 2."
        ),
        "{}",
        athos_report[0]
    );
    assert!(!athos_report[0].contains(athos));
    assert!(!athos_report[0].contains("DANCE"));
    let porthos_report = texts("p2@players.test", "Turn 1 report");
    assert_eq!(porthos_report.len(), 1);
    assert!(
        porthos_report[0].contains("No sheet was received from you for month 1"),
        "{}",
        porthos_report[0]
    );
    let gm = texts("gm@game.test", "Turn 1 ran");
    assert_eq!(
        gm.len(),
        1,
        "the first run's mail to the game master was withdrawn"
    );
    assert!(
        gm[0].contains("No orders from 1 of the seats in play: porthos (Porthos)."),
        "{}",
        gm[0]
    );
}

/// Deliver mails into `to`'s mailbox straight through Dovecot's LMTP, as
/// the mail server does (many at once, quicker than one SMTP client each).
fn lmtp_deliver(to: &str, mails: &[(String, String, String)]) {
    use std::io::{BufRead, BufReader, Write};
    let s = std::net::TcpStream::connect("127.0.0.1:2424").unwrap();
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut w = s;
    let reply = |r: &mut BufReader<std::net::TcpStream>| -> String {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            all.push_str(&line);
            if line.len() < 4 || line.as_bytes()[3] != b'-' {
                return all;
            }
        }
    };
    assert!(reply(&mut r).starts_with("220"));
    write!(w, "LHLO test\r\n").unwrap();
    assert!(reply(&mut r).starts_with("250"));
    for (from, id, body) in mails {
        write!(w, "MAIL FROM:<{from}>\r\n").unwrap();
        assert!(reply(&mut r).starts_with("250"));
        write!(w, "RCPT TO:<{to}>\r\n").unwrap();
        assert!(reply(&mut r).starts_with("250"));
        write!(w, "DATA\r\n").unwrap();
        assert!(reply(&mut r).starts_with("354"));
        write!(
            w,
            "From: <{from}>\r\nTo: <{to}>\r\nMessage-ID: <{id}>\r\nSubject: hello\r\n\r\n{body}\r\n.\r\n"
        )
        .unwrap();
        let got = reply(&mut r);
        assert!(got.starts_with("250"), "{got}");
    }
    write!(w, "QUIT\r\n").unwrap();
}

/// A number the database answers.
fn number(url: &str, query: &str) -> i64 {
    let location = umpire_host::store::Location::parse(url).unwrap();
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(umpire_host::testing::count(&location, query))
}

/// A server whose log is read as it comes (a thousand mails fill a pipe
/// no one reads, and the server would wait on it), killed when dropped.
struct Drained(Child);

impl Drop for Drained {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn drained(mut child: Child) -> Drained {
    if let Some(err) = child.stderr.take() {
        std::thread::spawn(move || {
            use std::io::Read;
            let mut sink = Vec::new();
            let _ = std::io::BufReader::new(err).read_to_end(&mut sink);
        });
    }
    Drained(child)
}

/// How many mails of the shared-mailbox test; `UMPIRE_SHARED_MAILS` sets it.
fn shared_mails() -> usize {
    std::env::var("UMPIRE_SHARED_MAILS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
}

#[test]
fn servers_sharing_a_database_answer_each_mail_once_and_send_each_message_once_though_one_is_killed()
 {
    let _one = PORTS.lock().unwrap_or_else(|e| e.into_inner());
    let (place, _servers) = setup("shared", "winter@pipe.test");
    let n = shared_mails();
    // A thousand players write to the server's mailbox, each once.
    let mails: Vec<(String, String, String)> = (0..n)
        .map(|i| {
            (
                format!("s{i}@players.test"),
                format!("shared-{i}@players.test"),
                "What games are played here?".to_string(),
            )
        })
        .collect();
    let first = drained(place.serve());
    lmtp_deliver("server@game.test", &mails);
    let second = drained(place.serve());
    // The server reading the mailbox dies part way.
    wait_for(
        "a third of the mail stored",
        Duration::from_secs(120),
        || number(&place.url, "SELECT count(*) FROM submissions") >= n as i64 / 3,
    );
    drop(first);
    let stored_at_kill = number(&place.url, "SELECT count(*) FROM submissions");
    assert!(
        stored_at_kill < n as i64,
        "the kill landed after all was read ({stored_at_kill})"
    );
    wait_for(
        "every mail answered and every answer sent",
        Duration::from_secs(600),
        || {
            number(
                &place.url,
                "SELECT count(*) FROM submissions WHERE disposition IN ('received', 'answering')",
            ) == 0
                && number(&place.url, "SELECT count(*) FROM submissions") == n as i64
                && number(
                    &place.url,
                    "SELECT count(*) FROM outbox WHERE status <> 'sent'",
                ) == 0
        },
    );
    // Each stored once, answered once.
    assert_eq!(
        number(
            &place.url,
            "SELECT count(DISTINCT message_id) FROM submissions"
        ),
        n as i64
    );
    assert_eq!(
        number(
            &place.url,
            "SELECT count(*) FROM (SELECT in_reply_to FROM outbox GROUP BY in_reply_to HAVING count(*) <> 1) AS twice"
        ),
        0,
        "a mail answered more than once"
    );
    assert_eq!(number(&place.url, "SELECT count(*) FROM outbox"), n as i64);
    // And each answer arrived: one Message-ID in each player's mailbox.
    let mut copies = 0;
    for i in 0..n {
        let got = mailbox(&format!("s{i}@players.test"));
        let ids: std::collections::BTreeSet<&str> =
            got.iter().filter_map(|m| header(m, "Message-ID")).collect();
        assert_eq!(ids.len(), 1, "s{i}: {} answers", ids.len());
        copies += got.len() - 1;
    }
    assert!(copies <= 1, "{copies} answers went twice");

    // A thousand messages to send; the server sending them dies part way
    // and a third carries on.
    let mut third = drained(place.serve());
    sql(
        &place.url,
        &format!(
            "INSERT INTO outbox (kind, to_address, subject, body, created_at, status)
             SELECT 'notice', 'club@players.test', 'Notice ' || i, 'Notice number ' || i, 0, 'waiting'
             FROM generate_series(1, {n}) AS i"
        ),
    );
    wait_for(
        "a third of the notices sent",
        Duration::from_secs(300),
        || {
            number(
                &place.url,
                "SELECT count(*) FROM outbox WHERE kind = 'notice' AND status = 'sent'",
            ) >= n as i64 / 3
        },
    );
    drop(second);
    wait_for("every notice sent", Duration::from_secs(600), || {
        number(
            &place.url,
            "SELECT count(*) FROM outbox WHERE kind = 'notice' AND status <> 'sent'",
        ) == 0
    });
    let _ = Command::new("kill")
        .args(["-TERM", &third.0.id().to_string()])
        .status();
    assert!(
        third.0.wait().unwrap().success(),
        "the last server stops cleanly"
    );
    let club = mailbox("club@players.test");
    let ids: std::collections::BTreeSet<&str> = club
        .iter()
        .filter_map(|m| header(m, "Message-ID"))
        .collect();
    assert_eq!(ids.len(), n, "each notice arrived");
    // Only the one message in flight when the sender died may go twice,
    // with its Message-ID, which a mail program shows once.
    assert!(club.len() <= n + 1, "{} copies of {n}", club.len());
}

/// A player's leave, a turn run early and a seat given to a newcomer,
/// all by real mail: f5 mails `#LEAVE 2` alone and is told it is on
/// leave with its orders kept as they were; the game is set to run early
/// once every seat has sent (no grace), f6 sends with `#READY` and f7
/// without, and the turn runs at once: each report, in its own mailbox,
/// says it ran early. The record counts f5's turn on leave apart from
/// missed. The game master gives f7 to a newcomer, who is mailed the new
/// password with the latest report; the old password is then refused and
/// the new one taken.
#[test]
fn a_leave_an_early_turn_and_a_seat_given_to_a_newcomer_by_real_mail() {
    let _one = PORTS.lock().unwrap_or_else(|e| e.into_inner());
    let (place, _servers) = setup("away", "away@pipe.test");
    let pw = away_with_three_players(&place);
    let server = place.serve();
    f5_goes_on_leave_by_mail(&place, &pw[0].1);
    the_turn_runs_early_once_the_others_have_sent(&place, &pw);
    the_record_counts_the_turn_on_leave_apart(&place);
    f7_is_given_to_a_newcomer_and_the_old_password_refused(&place, &pw[2].1);
    stop(server);
}

/// `away`'s seat `seat`'s player's address (l5@… for f5).
fn away_user(seat: &str) -> String {
    format!("l{}@players.test", &seat[1..])
}

/// The game `away`: three factions, each with a player's address, a turn
/// every 7 days. Returns each seat with its password.
fn away_with_three_players(place: &Place) -> Vec<(String, String)> {
    three_players(place, "away")
}

/// Each seat and its password, as `umpire host new` prints them.
fn seat_passwords(made: &str) -> Vec<(String, String)> {
    made.lines()
        .filter(|l| l.trim_start().starts_with('f'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[0].to_string(), w[3].to_string())
        })
        .collect()
}

/// The game `game`: three factions, each with a player's address
/// ([`away_user`]), a turn every 7 days. Returns each seat with its
/// password.
fn three_players(place: &Place, game: &str) -> Vec<(String, String)> {
    let made = place.umpire(&[
        "host",
        "new",
        "overlord",
        game,
        "--factions",
        "3",
        "--seed",
        "5",
        "--gm",
        "gm@game.test",
        "--schedule",
        "every 7 days",
        "--hold-percent",
        "100",
    ]);
    let pw = seat_passwords(&made);
    let seats: Vec<&str> = pw.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(seats, ["f5", "f6", "f7"], "{made}");
    for s in &seats {
        place.umpire(&["host", "address", game, s, &away_user(s)]);
    }
    pw
}

/// A seat of `away`'s order template, from its latest report, with
/// `password` filled in.
fn away_orders(place: &Place, seat: &str, password: &str) -> String {
    game_orders(place, "away", seat, password)
}

/// f5 goes on leave: its envelope's header and `#LEAVE 2`, nothing else.
/// It is answered so, and no orders are stored for it.
fn f5_goes_on_leave_by_mail(place: &Place, password: &str) {
    let envelope = away_orders(place, "f5", password)
        .lines()
        .find(|l| l.starts_with("#GAME"))
        .unwrap()
        .to_string();
    send(
        &away_user("f5"),
        "away@pipe.test",
        "leave5@players.test",
        &format!("{envelope}\n#LEAVE 2\n#END\n"),
    );
    wait_for("f5's answer", Duration::from_secs(60), || {
        !mailbox(&away_user("f5")).is_empty()
    });
    let leave = body_of(&mailbox(&away_user("f5"))[0]);
    assert_eq!(
        leave.trim_end(),
        "f5: on leave for turns 1 to 2, until turn 2: no reminders, and they do not count as missed; \
         your orders carry on as the rules say meanwhile; you are back from turn 3; orders kept as they were",
        "{leave}"
    );
    let status = place.umpire(&["host", "status", "away"]);
    assert!(
        status.contains("Orders for turn 1: 0 of 3 in play (1 on leave)."),
        "the leave stored no orders: {status}"
    );
    assert!(status.contains("on leave until turn 2"), "{status}");
}

/// Early once every seat has sent, with no grace: the two seats not on
/// leave are waited for; f6 sends with `#READY`, f7 without, and the turn
/// runs at once. Every report says so, in its own mailbox.
fn the_turn_runs_early_once_the_others_have_sent(place: &Place, pw: &[(String, String)]) {
    let early = place.umpire(&["host", "early", "away", "sent", "--grace", "0m"]);
    assert!(
        early.contains("Early runs: sent (")
            && early.contains(", 0 minutes after the last change)."),
        "{early}"
    );
    let ready = away_orders(place, "f6", &pw[1].1).replacen('\n', "\n#READY\n", 1);
    send(
        &away_user("f6"),
        "away@pipe.test",
        "o6@players.test",
        &ready,
    );
    wait_for("f6's answer", Duration::from_secs(60), || {
        !count(&away_user("f6"), "received").is_empty()
    });
    let a6 = &texts(&away_user("f6"), "received")[0];
    assert!(
        a6.contains(
            "f6: 2 units' orders stored for turn 1; marked ready; turn 1 runs early once every seat is ready: it still waits for 1 seat"
        ),
        "{a6}"
    );
    send(
        &away_user("f7"),
        "away@pipe.test",
        "o7@players.test",
        &away_orders(place, "f7", &pw[2].1),
    );
    let seats = ["f5", "f6", "f7"];
    wait_for(
        "three reports and the game master's",
        Duration::from_secs(60),
        || {
            seats
                .iter()
                .all(|s| !count(&away_user(s), "Turn 1 report").is_empty())
                && !count("gm@game.test", "Turn 1 ran early").is_empty()
        },
    );
    // The game master's letter: f5 on leave, not missing.
    let letter = &texts("gm@game.test", "Turn 1 ran early")[0];
    assert!(
        letter.contains("On leave for turn 1 (not missing): f5."),
        "{letter}"
    );
    assert!(!letter.contains("No orders from"), "{letter}");
    let a7 = &texts(&away_user("f7"), "received")[0];
    assert!(
        a7.contains("; every seat is ready, so turn 1 runs early, at "),
        "{a7}"
    );
    for s in seats {
        let reports = texts(&away_user(s), "Turn 1 report");
        assert_eq!(reports.len(), 1, "{s}: {reports:#?}");
        let r = &reports[0];
        let early_line = r
            .lines()
            .find(|l| l.starts_with("Turn 1 ran early"))
            .unwrap_or_else(|| panic!("{s}'s report does not say it ran early: {r}"));
        assert!(
            early_line.starts_with("Turn 1 ran early, before its deadline (")
                && early_line
                    .contains("): every seat in play and not on leave had sent orders by ")
                && early_line.ends_with(", and nobody changed their mind in the 0 minutes after."),
            "{early_line}"
        );
        let n = &s[1..];
        assert!(
            r.contains(&format!("Report for Turn 1 for Faction {n} [f0{n}]")),
            "{s}: {r}"
        );
        for other in seats.iter().filter(|o| **o != s) {
            assert!(
                !r.contains(&format!("Report for Turn 1 for Faction {} [", &other[1..])),
                "{s}'s report holds {other}'s"
            );
        }
    }
    let status = place.umpire(&["host", "status", "away"]);
    assert!(
        status.contains("away (overlord): 1 turn(s) run, collecting turn 2"),
        "{status}"
    );
    let f5 = status
        .lines()
        .find(|l| l.trim_start().starts_with("f5 "))
        .unwrap();
    assert!(
        f5.contains("missed 0") && f5.contains("on leave until turn 2"),
        "a turn on leave is not missed: {f5}"
    );
}

/// The record: f6 and f7 on time; f5's turn on leave is not missed, but
/// counted apart.
fn the_record_counts_the_turn_on_leave_apart(place: &Place) {
    let record = place.umpire(&["host", "record", "away"]);
    let rows: Vec<Vec<&str>> = record
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec!["f5", "1", "0", "0", "0", "(on", "leave", "1)"],
            vec!["f6", "1", "1", "0", "0"],
            vec!["f7", "1", "1", "0", "0"],
        ],
        "{record}"
    );
}

/// The game master gives f7 to a newcomer, who is mailed its new
/// password with its latest report; a mail with the old password is
/// refused, one with the new is taken.
fn f7_is_given_to_a_newcomer_and_the_old_password_refused(place: &Place, old: &str) {
    let opened = place.umpire(&["host", "open", "away", "f7"]);
    assert_eq!(opened, "f7 is open for a newcomer to take.\n");
    let given = place.umpire(&["host", "give", "away", "f7", "new7@players.test"]);
    let new_pw = given
        .split("its new password (")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .unwrap_or_else(|| panic!("{given}"))
        .to_string();
    assert!(
        given.starts_with("f7 of away is played from new7@players.test from now on")
            && new_pw.len() >= 8
            && new_pw != old,
        "{given}"
    );
    wait_for("the newcomer's welcome", Duration::from_secs(60), || {
        !count("new7@players.test", "Welcome").is_empty()
    });
    let welcome = count("new7@players.test", "Welcome");
    assert_eq!(
        header(&welcome[0], "Subject"),
        Some("[away] Welcome: you play f7 from now on")
    );
    let w = body_of(&welcome[0]);
    assert!(
        w.contains(&format!("Your password is {new_pw}."))
            && w.contains(
                "You play f7 (Faction 7) from now on, after 1 turn run by another player."
            )
            && w.contains("Report for Turn 1 for Faction 7 [f07]"),
        "{w}"
    );

    // The old password is refused; the new one is taken.
    send(
        &away_user("f7"),
        "away@pipe.test",
        "old7@players.test",
        &away_orders(place, "f7", old),
    );
    send(
        "new7@players.test",
        "away@pipe.test",
        "n7@players.test",
        &away_orders(place, "f7", &new_pw),
    );
    wait_for("the two answers", Duration::from_secs(60), || {
        !count(&away_user("f7"), "refused").is_empty()
            && !count("new7@players.test", "received").is_empty()
    });
    let refused = &count(&away_user("f7"), "refused")[0];
    assert_eq!(
        header(refused, "Subject"),
        Some("[away] f7 orders refused: wrong password")
    );
    assert_eq!(
        body_of(refused).trim_end(),
        "f7: refused: wrong password for f7; nothing stored"
    );
    let taken = &count("new7@players.test", "received")[0];
    assert_eq!(
        header(taken, "Subject"),
        Some("[away] f7 orders for turn 2 received")
    );
}

/// Messages between players and a player's mail choices, by real mail and
/// on the web of the same server: f5 mails f6's address here and f6 reads
/// it in its own mailbox (never f5's address) and on its Messages page;
/// f6 answers on the web and f5 gets it by mail; f6 mails `#MAIL MESSAGES
/// OFF` and the next message stays on its page only; the game master sees
/// how many, and the outbox no subject.
#[test]
fn messages_between_players_by_mail_and_on_the_web_with_the_mail_choices() {
    let _one = PORTS.lock().unwrap_or_else(|e| e.into_inner());
    let (place, _servers) = setup("talk", "talk@pipe.test,f6@game.test");
    let pw = three_players(&place, "talk");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = place.serve_on(&format!("127.0.0.1:{port}"));
    let base = format!("http://127.0.0.1:{port}");
    wait_for("the web", Duration::from_secs(30), || {
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
    });
    f5_writes_to_f6_by_mail(&base, &pw[1].1);
    f6_answers_on_the_web(&base, &pw[1].1);
    f6_takes_messages_on_the_page_only(&place, &pw[1].1);
    let counts = place.umpire(&["host", "messages", "talk"]);
    assert!(
        counts.contains("talk: players may write to each other; only the two seats read a message"),
        "{counts}"
    );
    assert!(
        counts.contains(&format!("  {:<14} {:>7} {:>8}", "f5", 2, 1)),
        "{counts}"
    );
    assert!(
        counts.contains(&format!("  {:<14} {:>7} {:>8}", "f6", 1, 2)),
        "{counts}"
    );
    let outbox = place.umpire(&["host", "outbox", "talk"]);
    assert!(outbox.contains("(a message between players)"), "{outbox}");
    for words in ["Pact", "Agreed", "Still there"] {
        assert!(!outbox.contains(words), "{words} in the outbox: {outbox}");
    }
    stop(server);
}

#[path = "../../server/tests/support/web.rs"]
mod web;

/// The mails in `user`'s mailbox whose subject has `subject_has`, once
/// `n` of them are there.
fn wait_for_mails(user: &str, subject_has: &str, n: usize) -> Vec<String> {
    wait_for(
        &format!("{n} mail(s) '{subject_has}' for {user}"),
        Duration::from_secs(60),
        || count(user, subject_has).len() >= n,
    );
    count(user, subject_has)
}

/// f5 mails f6@game.test: f6 gets it by mail from "f5 via talk", replies
/// going to f5@game.test, f5's address nowhere; and on its page.
fn f5_writes_to_f6_by_mail(base: &str, f6_password: &str) {
    send_with(
        &away_user("f5"),
        "f6@game.test",
        "pact1@players.test",
        &["Subject: Pact"],
        "Shall we share the pass?\n",
    );
    let got = wait_for_mails(&away_user("f6"), "Pact", 1);
    assert_eq!(got.len(), 1);
    let m = &got[0];
    assert!(
        header(m, "From").is_some_and(|f| f.contains("f5 via talk")),
        "{m}"
    );
    assert_eq!(header(m, "Reply-To"), Some("f5@game.test"), "{m}");
    assert!(body_of(m).starts_with("Shall we share the pass?"), "{m}");
    assert!(
        !m.contains(&away_user("f5")),
        "f5's address in the mail to f6: {m}"
    );
    let mut f6 = web::Client::new(base);
    f6.login("talk", "f6", f6_password);
    let page = f6.get("/games/talk/messages").body;
    assert!(page.contains("From <strong>f5</strong>"), "{page}");
    assert!(page.contains("Shall we share the pass?"), "{page}");
    assert!(page.contains(", by mail"), "{page}");
    assert!(!page.contains(&away_user("f5")), "{page}");
}

/// f6 answers on its page: f5 gets it by mail, f6's address nowhere.
fn f6_answers_on_the_web(base: &str, f6_password: &str) {
    let mut f6 = web::Client::new(base);
    f6.login("talk", "f6", f6_password);
    let csrf = f6.csrf("/games/talk/messages");
    let sent = f6.post_form(
        "/games/talk/messages",
        &[
            ("csrf", &csrf),
            ("to", "f5"),
            ("subject", "Re: Pact"),
            ("body", "Agreed."),
        ],
    );
    assert_eq!(sent.status, 303, "{}", sent.body);
    let page = f6.get("/games/talk/messages").body;
    assert!(
        page.contains("Your message was passed to f5: on its page, and in its mail."),
        "{page}"
    );
    let got = wait_for_mails(&away_user("f5"), "Re: Pact", 1);
    let m = &got[0];
    assert!(
        header(m, "From").is_some_and(|f| f.contains("f6 via talk")),
        "{m}"
    );
    assert_eq!(header(m, "Reply-To"), Some("f6@game.test"), "{m}");
    assert!(body_of(m).starts_with("Agreed."), "{m}");
    assert!(
        !m.contains(&away_user("f6")),
        "f6's address in the mail to f5: {m}"
    );
}

/// f6 mails `#MAIL MESSAGES OFF` alone; the answer says so; f5's next
/// message reaches f6's page and no mail of f6's.
fn f6_takes_messages_on_the_page_only(place: &Place, f6_password: &str) {
    let envelope = game_orders(place, "talk", "f6", f6_password)
        .lines()
        .find(|l| l.starts_with("#GAME"))
        .unwrap()
        .to_string();
    send(
        &away_user("f6"),
        "talk@pipe.test",
        "mail6@players.test",
        &format!("{envelope}\n#MAIL MESSAGES OFF\n#END\n"),
    );
    let answers = wait_for_mails(&away_user("f6"), "[talk]", 1);
    let answer = body_of(&answers[0]);
    assert!(
        answer.contains("f6: mailed: reminders on; reports in the mail's text; messages from other players on the page only; orders kept as they were"),
        "{answer}"
    );
    send_with(
        &away_user("f5"),
        "f6@game.test",
        "still1@players.test",
        &["Subject: Still there?"],
        "Still there?\n",
    );
    wait_for("f6's second message kept", Duration::from_secs(60), || {
        place
            .umpire(&["host", "messages", "talk"])
            .contains(&format!("  {:<14} {:>7} {:>8}", "f6", 1, 2))
    });
    assert!(
        count(&away_user("f6"), "Still there").is_empty(),
        "mailed though f6 chose the page only"
    );
}
