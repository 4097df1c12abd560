//! A game's webhook, posted to a real HTTP receiver the test starts: the
//! game's news (turn ran, deadline near, paused, resumed) arrives as the
//! JSON Discord and Slack take; a receiver that fails for a while gets the
//! call again; one that refuses for good, or never answers, marks the call
//! failed, and the desk shows why; a rolled-back turn's call that had not
//! gone is withdrawn. On SQLite and PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use support::web::{Client, blocking, site};
use umpire_host::host::{Host, NewGame, Ran, Settings, Trigger};
use umpire_host::kind::Options;
use umpire_host::on_both;
use umpire_host::store::{Location, now_ms};
use umpire_host::testing;
use umpire_server::webhook::{ATTEMPTS, Poster};

/// One request the receiver took.
#[derive(Clone, Debug)]
struct Request {
    path: String,
    content_type: String,
    body: String,
}

/// An HTTP receiver on a port of its own: `/gone` answers 404; anything
/// else answers the next status of its script, then 204.
struct Receiver {
    port: u16,
    got: Arc<Mutex<Vec<Request>>>,
}

impl Receiver {
    fn start(script: Vec<u16>) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let got = Arc::new(Mutex::new(Vec::new()));
        let script = Arc::new(Mutex::new(script));
        let seen = got.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    continue;
                }
                let path = line.split_whitespace().nth(1).unwrap_or("").to_string();
                let (mut length, mut content_type) = (0usize, String::new());
                loop {
                    let mut h = String::new();
                    reader.read_line(&mut h).unwrap();
                    let h = h.trim_end();
                    if h.is_empty() {
                        break;
                    }
                    let (name, value) = h.split_once(':').unwrap();
                    match name.to_ascii_lowercase().as_str() {
                        "content-length" => length = value.trim().parse().unwrap(),
                        "content-type" => content_type = value.trim().to_string(),
                        _ => {}
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                let status = if path == "/gone" {
                    404
                } else {
                    let mut s = script.lock().unwrap();
                    if s.is_empty() { 204 } else { s.remove(0) }
                };
                seen.lock().unwrap().push(Request {
                    path,
                    content_type,
                    body: String::from_utf8(body).unwrap(),
                });
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status} Whatever\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                );
            }
        });
        Receiver { port, got }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    fn got(&self) -> Vec<Request> {
        self.got.lock().unwrap().clone()
    }
}

/// The calls of the game's webhook: (event, status, last error).
async fn calls(host: &Host, game: &str) -> Vec<(String, String, Option<String>)> {
    let mut c: Vec<_> = host
        .webhook_calls(game, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.message.subject, r.status, r.last_error))
        .collect();
    c.reverse();
    c
}

/// Every call waiting may go now (instead of after its back-off).
async fn due_now(location: &Location) {
    testing::execute(
        location,
        "UPDATE outbox SET next_attempt_at = 0 WHERE kind = 'webhook' AND status = 'waiting'",
    )
    .await;
}

fn json(r: &Request) -> serde_json::Value {
    serde_json::from_str(&r.body).unwrap()
}

async fn a_games_news_reaches_its_webhook(location: Location) {
    // The receiver fails the first call once.
    let receiver = Receiver::start(vec![503]);
    let host = Arc::new(Host::open(&location).await.unwrap());
    host.create(NewGame {
        kind: "overlord".into(),
        name: "hooked".into(),
        options: Options(vec![
            ("factions".into(), "3".into()),
            ("seed".into(), "3".into()),
            ("size".into(), "small".into()),
        ]),
        settings: Settings {
            webhook: Some(receiver.url("/hook")),
            ..Settings::default()
        },
        actor: "gm".into(),
    })
    .await
    .unwrap();
    let poster = Poster::new(host.clone());
    let run = |host: Arc<Host>| async move {
        host.run_turn("hooked", Trigger::Now { actor: "gm".into() })
            .await
            .unwrap()
    };
    assert!(matches!(run(host.clone()).await, Ran::Kept { turn: 1, .. }));

    // Turn 1 ran: the receiver fails, the call waits, and goes again.
    assert_eq!(poster.post_due().await.unwrap(), 0);
    assert_eq!(
        calls(&host, "hooked").await,
        [(
            "turn-ran".to_string(),
            "waiting".to_string(),
            Some("not delivered yet: HTTP 503".to_string())
        )]
    );
    assert_eq!(
        poster.post_due().await.unwrap(),
        0,
        "not before its back-off"
    );
    due_now(&location).await;
    assert_eq!(poster.post_due().await.unwrap(), 1);
    let got = receiver.got();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].body, got[1].body, "the same call again");
    assert_eq!(got[1].path, "/hook");
    assert_eq!(got[1].content_type, "application/json");
    let v = json(&got[1]);
    assert_eq!(v["umpire"]["event"], "turn-ran");
    assert_eq!(v["umpire"]["game"], "hooked");
    assert_eq!(v["umpire"]["turn"], 1);
    assert_eq!(v["content"], v["text"]);
    assert!(
        v["content"]
            .as_str()
            .unwrap()
            .starts_with("Turn 1 of hooked ran: the reports are out. Turn 2 runs when"),
        "{v}"
    );

    // Paused and resumed.
    host.pause("hooked", "gm").await.unwrap();
    host.resume("hooked", "gm").await.unwrap();
    assert_eq!(poster.post_due().await.unwrap(), 2);
    let events: Vec<String> = receiver.got()[2..]
        .iter()
        .map(|r| json(r)["umpire"]["event"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(events, ["paused", "resumed"]);

    // A turn rolled back before its call went: the call is withdrawn.
    assert!(matches!(run(host.clone()).await, Ran::Kept { turn: 2, .. }));
    host.rollback("hooked", "gm").await.unwrap();
    assert_eq!(poster.post_due().await.unwrap(), 0);
    assert_eq!(receiver.got().len(), 4);
    assert_eq!(
        calls(&host, "hooked").await.last().map(|c| c.1.as_str()),
        Some("withdrawn")
    );

    // The deadline near: a day ahead.
    host.set_schedule("hooked", Some("sat 18:00"), Some("Europe/Paris"), "gm")
        .await
        .unwrap();
    let soon = now_ms() + 3_600_000;
    testing::execute(
        &location,
        &format!("UPDATE games SET deadline = {soon} WHERE id = 'hooked'"),
    )
    .await;
    host.remind("hooked", now_ms()).await.unwrap();
    host.remind("hooked", now_ms()).await.unwrap();
    assert_eq!(poster.post_due().await.unwrap(), 1, "once per turn");
    let v = json(receiver.got().last().unwrap());
    assert_eq!(v["umpire"]["event"], "deadline-soon");
    assert_eq!(v["umpire"]["turn"], 2);
    assert!(
        v["content"]
            .as_str()
            .unwrap()
            .starts_with("Orders for turn 2 of hooked are due "),
        "{v}"
    );

    failures_and_off(&host, &location, &receiver, &poster).await;
}
on_both!(webhooks, a_games_news_reaches_its_webhook);

/// A webhook that refuses for good, one that never answers, and one
/// turned off.
async fn failures_and_off(host: &Host, location: &Location, receiver: &Receiver, poster: &Poster) {
    // A webhook that is gone refuses for good: failed at once.
    host.set_webhook("hooked", Some(&receiver.url("/gone")), "gm")
        .await
        .unwrap();
    host.pause("hooked", "gm").await.unwrap();
    assert_eq!(poster.post_due().await.unwrap(), 0);
    assert_eq!(
        calls(host, "hooked").await.last().unwrap(),
        &(
            "paused".to_string(),
            "failed".to_string(),
            Some("the webhook refused it for good: HTTP 404".to_string())
        )
    );

    // One that never answers is tried again, then given up.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let nobody = format!(
        "http://127.0.0.1:{}/hook",
        closed.local_addr().unwrap().port()
    );
    drop(closed);
    host.set_webhook("hooked", Some(&nobody), "gm")
        .await
        .unwrap();
    host.resume("hooked", "gm").await.unwrap();
    for _ in 0..ATTEMPTS {
        assert_eq!(poster.post_due().await.unwrap(), 0);
        due_now(location).await;
    }
    let last = calls(host, "hooked").await.pop().unwrap();
    assert_eq!((last.0.as_str(), last.1.as_str()), ("resumed", "failed"));
    assert!(
        last.2
            .as_deref()
            .unwrap()
            .starts_with(&format!("given up after {ATTEMPTS} attempts: ")),
        "{last:?}"
    );
    // Turned off, nothing more is queued.
    host.set_webhook("hooked", Some("off"), "gm").await.unwrap();
    let before = calls(host, "hooked").await.len();
    host.pause("hooked", "gm").await.unwrap();
    assert_eq!(calls(host, "hooked").await.len(), before);
    // The audit names the webhook's host only.
    let audit = host.store().audit(Some("hooked")).await.unwrap();
    let set: Vec<&str> = audit
        .iter()
        .filter(|a| a.action == "webhook")
        .map(|a| a.detail.as_str())
        .collect();
    assert_eq!(set.len(), 3);
    assert_eq!(
        set[0],
        format!(
            "the game's news is posted to the webhook at http://127.0.0.1:{}/…",
            receiver.port
        )
    );
    assert_eq!(set[2], "the game's news is posted to no webhook");
}

/// The desk sets the webhook and shows why a call failed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_desk_sets_the_webhook_and_shows_a_failed_call() {
    let receiver = Receiver::start(Vec::new());
    let s = site(testing::sqlite("desk-webhook")).await;
    let (base, desk, gone) = (
        s.base.clone(),
        s.desk_password.clone(),
        receiver.url("/gone"),
    );
    let said = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let csrf = gm.csrf("/desk/games/spring");
        let bad = gm.post_form(
            "/desk/games/spring/act",
            &[
                ("csrf", &csrf),
                ("action", "webhook"),
                ("url", "discord.com/x"),
            ],
        );
        let got = gm.post_form(
            "/desk/games/spring/act",
            &[("csrf", &csrf), ("action", "webhook"), ("url", &gone)],
        );
        assert_eq!(got.status, 303, "{}", got.body);
        (bad, gm.get("/desk/games/spring").body)
    })
    .await;
    let (bad, page) = said;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        bad.body.contains("is not a webhook address"),
        "{}",
        bad.body
    );
    assert!(
        page.contains("The game&#39;s news is posted to the webhook at http://127.0.0.1:")
            || page.contains("The game's news is posted to the webhook at http://127.0.0.1:"),
        "{page}"
    );
    s.host.pause("spring", "gm").await.unwrap();
    let poster = Poster::new(s.host.clone());
    assert_eq!(poster.post_due().await.unwrap(), 0);
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let page = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        gm.get("/desk/games/spring").body
    })
    .await;
    assert!(
        page.contains("failed: the webhook refused it for good: HTTP 404"),
        "{page}"
    );
    assert!(
        !page.contains("/gone"),
        "the address's secret part is never shown"
    );
    assert_eq!(receiver.got().len(), 1);
    let _ = s.stop.send(true);
}
