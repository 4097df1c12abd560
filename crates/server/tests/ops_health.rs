//! `/healthz` and `/readyz` as a supervisor meets them: ready while the
//! database answers with this server's schema; not ready, saying why in
//! the answer and the log, when the database goes away or its schema is
//! not this server's; ready again by itself when the database returns.
//!
//! The database is the real PostgreSQL, reached through a forwarder in
//! the test that can cut every connection and refuse new ones (the
//! database "going away" without stopping a server other tests share).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::web::{Client, blocking, serve, serve_with};
use umpire_host::host::Host;
use umpire_host::store::{Location, migrate};
use umpire_host::testing;
use umpire_server::config::WebConfig;

/// A TCP forwarder to PostgreSQL that can be cut and mended.
struct Forwarder {
    port: u16,
    down: Arc<AtomicBool>,
    /// New connections are taken and never answered.
    stalled: Arc<AtomicBool>,
    open: Arc<std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Forwarder {
    async fn start(to: String) -> Forwarder {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let down = Arc::new(AtomicBool::new(false));
        let stalled = Arc::new(AtomicBool::new(false));
        let open = Arc::new(std::sync::Mutex::new(Vec::new()));
        let (d, st, o) = (down.clone(), stalled.clone(), open.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if d.load(Ordering::SeqCst) {
                    drop(inbound);
                    continue;
                }
                if st.load(Ordering::SeqCst) {
                    let task = tokio::spawn(async move {
                        tokio::time::sleep(Duration::from_secs(600)).await;
                        drop(inbound);
                    });
                    o.lock().unwrap().push(task);
                    continue;
                }
                let to = to.clone();
                let task = tokio::spawn(async move {
                    if let Ok(mut out) = tokio::net::TcpStream::connect(&to).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut out).await;
                    }
                });
                o.lock().unwrap().push(task);
            }
        });
        Forwarder {
            port,
            down,
            stalled,
            open,
        }
    }

    /// Every connection cut, new ones refused.
    fn cut(&self) {
        self.down.store(true, Ordering::SeqCst);
        for t in self.open.lock().unwrap().drain(..) {
            t.abort();
        }
    }

    /// Every connection cut, new ones taken and never answered: a
    /// database that hangs.
    fn stall(&self) {
        self.stalled.store(true, Ordering::SeqCst);
        for t in self.open.lock().unwrap().drain(..) {
            t.abort();
        }
    }

    fn mend(&self) {
        self.down.store(false, Ordering::SeqCst);
        self.stalled.store(false, Ordering::SeqCst);
        for t in self.open.lock().unwrap().drain(..) {
            t.abort();
        }
    }
}

/// What the server logged, for every test of this file (one log per
/// process).
fn log() -> &'static std::sync::Mutex<Vec<u8>> {
    static LOG: std::sync::OnceLock<&'static std::sync::Mutex<Vec<u8>>> =
        std::sync::OnceLock::new();
    LOG.get_or_init(|| {
        let log: &'static std::sync::Mutex<Vec<u8>> =
            Box::leak(Box::new(std::sync::Mutex::new(Vec::new())));
        let _ = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_writer(move || Writer(log))
            .try_init();
        log
    })
}

struct Writer(&'static std::sync::Mutex<Vec<u8>>);

impl std::io::Write for Writer {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn logged() -> String {
    String::from_utf8_lossy(&log().lock().unwrap()).into_owned()
}

/// `/readyz`'s status and JSON.
fn readyz(base: &str) -> (u16, Value) {
    let got = Client::new(base).get("/readyz");
    let v = serde_json::from_str(&got.body).unwrap_or_else(|e| panic!("{e}: {}", got.body));
    (got.status, v)
}

async fn wait_until(what: &str, base: &str, want: u16) -> Value {
    let started = Instant::now();
    loop {
        let b = base.to_string();
        let (status, v) = blocking(move || readyz(&b)).await;
        if status == want {
            return v;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{what}: /readyz still says {status} {v}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_follows_the_database_away_and_back() {
    log();
    // A schema of the test's own, reached through the forwarder.
    let direct = testing::postgres("readyz").await;
    // The schema `testing::postgres` names.
    let schema = format!("t_readyz_{}", std::process::id());
    let url = testing::postgres_url();
    let hostport = url
        .split('@')
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap()
        .to_string();
    let fwd = Forwarder::start(hostport.clone()).await;
    let via = Location::parse(&format!(
        "{}?schema={schema}",
        url.replace(&hostport, &format!("127.0.0.1:{}", fwd.port))
    ))
    .unwrap();
    let host = Arc::new(Host::open(&via).await.unwrap());
    let (base, stop) = serve(host.clone()).await;

    let b = base.clone();
    let health = blocking(move || Client::new(&b).get("/healthz")).await;
    assert_eq!(health.status, 200);
    let h: Value = serde_json::from_str(&health.body).unwrap();
    assert_eq!(h["version"], env!("CARGO_PKG_VERSION"));

    let v = wait_until("at the start", &base, 200).await;
    assert_eq!(v["ready"], true);
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["schema"]["applied"], migrate::latest());
    assert_eq!(v["schema"]["known"], migrate::latest());
    assert_eq!(v["database"], "postgres");

    // The database goes away: not ready, and why.
    fwd.cut();
    let v = wait_until("with the database gone", &base, 503).await;
    assert_eq!(v["ready"], false);
    let why = v["why"].as_str().unwrap();
    assert!(why.starts_with("the database"), "{why}");
    // The log says it too, with the same reason.
    let said = logged();
    assert!(
        said.lines()
            .any(|l| l.contains("not ready") && l.contains(why)),
        "{said}"
    );
    // Alive all the same.
    let b = base.clone();
    assert_eq!(
        blocking(move || Client::new(&b).get("/healthz"))
            .await
            .status,
        200
    );

    // It comes back: ready again, by itself.
    fwd.mend();
    let v = wait_until("with the database back", &base, 200).await;
    assert_eq!(v["ready"], true);
    assert!(v.get("why").is_none(), "{v}");
    assert!(logged().contains("ready again"), "{}", logged());

    // A newer Umpire's schema in the same database: not ready, and why.
    testing::execute(
        &direct,
        &format!(
            "INSERT INTO umpire_schema (version, name, applied_at) VALUES ({}, 'later', 0)",
            migrate::latest() + 1
        ),
    )
    .await;
    let v = wait_until("with a newer schema", &base, 503).await;
    let why = v["why"].as_str().unwrap();
    assert!(why.contains("newer than this server's"), "{why}");
    assert_eq!(v["schema"]["applied"], migrate::latest() + 1);
    // And a version missing: not ready, naming it.
    testing::execute(
        &direct,
        &format!(
            "DELETE FROM umpire_schema WHERE version >= {}",
            migrate::latest()
        ),
    )
    .await;
    let v = wait_until("with a version missing", &base, 503).await;
    let why = v["why"].as_str().unwrap();
    assert!(
        why.contains(&format!("{} (", migrate::latest())) && why.contains("not applied"),
        "{why}"
    );
    let _ = stop.send(true);
}

/// A database that hangs: pages answer 503 with the reason once their
/// time is up (`[web] request_timeout_seconds`), `/readyz` says the
/// database does not answer in time, and both recover when it does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_database_times_requests_out_and_readyz_says_so() {
    let _direct = testing::postgres("hang").await;
    let schema = format!("t_hang_{}", std::process::id());
    let url = testing::postgres_url();
    let hostport = url
        .split('@')
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap()
        .to_string();
    let fwd = Forwarder::start(hostport.clone()).await;
    let via = Location::parse(&format!(
        "{}?schema={schema}",
        url.replace(&hostport, &format!("127.0.0.1:{}", fwd.port))
    ))
    .unwrap();
    let host = Arc::new(Host::open(&via).await.unwrap());
    let (base, stop) = serve_with(
        host,
        WebConfig {
            request_timeout_seconds: 2,
            ..WebConfig::default()
        },
    )
    .await;
    let b = base.clone();
    assert_eq!(blocking(move || Client::new(&b).get("/")).await.status, 200);

    fwd.stall();
    let b = base.clone();
    let started = Instant::now();
    let page = blocking(move || Client::new(&b).get("/")).await;
    let took = started.elapsed();
    assert_eq!(page.status, 503, "{}", page.body);
    assert!(page.body.contains("took too long"), "{}", page.body);
    assert!(took < Duration::from_secs(10), "took {took:?}");
    // The API says it in JSON.
    let b = base.clone();
    let api = blocking(move || Client::with_token(&b, "x").get("/api/v1/me")).await;
    assert_eq!(api.status, 503, "{}", api.body);
    let v: Value = serde_json::from_str(&api.body).unwrap();
    assert!(
        v["error"].as_str().unwrap().contains("took too long"),
        "{v}"
    );
    let v = wait_until("with the database hanging", &base, 503).await;
    assert!(
        v["why"]
            .as_str()
            .unwrap()
            .contains("does not answer within"),
        "{v}"
    );

    fwd.mend();
    wait_until("with the database back", &base, 200).await;
    let b = base.clone();
    assert_eq!(blocking(move || Client::new(&b).get("/")).await.status, 200);
    let _ = stop.send(true);
}
