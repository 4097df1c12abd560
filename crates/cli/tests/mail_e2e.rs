//! The mail gateway end to end, against real mail servers that
//! `scripts/mail-servers` installs and starts (Postfix for SMTP, Dovecot
//! for the mailboxes, read back over IMAP): players' mail goes in by SMTP
//! and reaches `umpire serve` both ways — polled from the server's mailbox
//! over IMAP, and piped by Postfix to `umpire mail deliver` — every
//! message is answered in its sender's mailbox, the deadline passes, and
//! every faction's report lands in its own mailbox and no other's.
//! Then the server is killed while it sends reports, and restarted:
//! nothing is lost and nothing arrives twice.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures::TryStreamExt;

const BIN: &str = env!("CARGO_BIN_EXE_umpire");

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
        Command::new(BIN)
            .args(["serve", "--data"])
            .arg(&self.data)
            .env("UMPIRE_TEST_IMAP_PASSWORD", "test")
            .env("UMPIRE_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
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
        .unwrap();
    assert!(
        o.status.success(),
        "swaks: {}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
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

#[test]
fn players_mail_in_both_ways_answers_and_reports_land_in_their_own_mailboxes() {
    let dir = std::env::temp_dir().join(format!("umpire-mail-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let schema = format!("mail_e2e_{}", std::process::id());
    let base = umpire_host::testing::postgres_url();
    let url = format!("{base}?schema={schema}");
    sql(&url, &format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
    let place = Place {
        data: data.clone(),
        url: url.clone(),
    };
    // The game: three factions, each with a player's address.
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
    let mut passwords = Vec::new();
    for line in made.lines().filter(|l| l.trim_start().starts_with('f')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        passwords.push((w[0].to_string(), w[3].to_string()));
    }
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
    std::fs::write(
        data.join("umpire.toml"),
        format!(
            r#"database = "{url}"
tick_seconds = 1

[mail]
domain = "game.test"
from_name = "Spring Umpire"
gm_address = "gm@game.test"

[mail.games.spring]
server = "spring@pipe.test"

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
        .arg("spring@pipe.test")
        .arg(&pipe)
        .output()
        .unwrap();
    assert!(
        started.status.success(),
        "the mail servers are needed for this test: {}{}",
        text(&started.stdout),
        text(&started.stderr)
    );
    let _servers = MailServers(dir.join("mailservers"));

    let server = place.serve();
    let template = |seat: &str, pw: &str| {
        let report = place.umpire(&["host", "report", "spring", seat]);
        report
            .split("==== Order template ====\n\n")
            .nth(1)
            .unwrap()
            .replacen("PASSWORD", pw, 1)
    };
    // f5 writes to the server's mailbox (read over IMAP), f6 to the
    // game's own address (piped by Postfix), f7 with a wrong password.
    send(
        "p5@players.test",
        "server@game.test",
        "o5@players.test",
        &template("f5", &passwords[0].1),
    );
    send(
        "p6@players.test",
        "spring@pipe.test",
        "o6@players.test",
        &template("f6", &passwords[1].1),
    );
    send(
        "p7@players.test",
        "server@game.test",
        "o7@players.test",
        &template("f7", "wrong"),
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
    let a6 = &mailbox("p6@players.test")[0];
    assert_eq!(
        header(a6, "Subject"),
        Some("[spring] f6 orders for turn 1 received"),
        "{a6}"
    );
    let a7 = &mailbox("p7@players.test")[0];
    assert_eq!(
        header(a7, "Subject"),
        Some("[spring] f7 orders refused"),
        "{a7}"
    );
    assert!(a7.contains("wrong password for f7"), "{a7}");

    // The deadline passes: every faction's report in its own mailbox.
    sql(&url, "UPDATE games SET deadline = 1000");
    wait_for("three reports", Duration::from_secs(90), || {
        (5..=7).all(|n| mailbox(&format!("p{n}@players.test")).len() >= 2)
    });
    for n in 5..=7 {
        let box_ = mailbox(&format!("p{n}@players.test"));
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
    let log = stop(server);
    assert!(log.contains("turn run and kept"), "{log}");
    assert!(log.contains("mail sent"), "{log}");
}
