//! The web under load, for BENCHMARKS.md: `--players` (default 1,500)
//! logged in at once to a world's seats (some seats twice when the world
//! has fewer), each on their own connection, reading their latest report
//! page and checking their orders (their whole template) over and over for
//! `--seconds` (default 30), as fast as the server answers.
//!
//! ```text
//! cargo run --release -p umpire-server --example web_load -- alpha100
//! cargo run --release -p umpire-server --example web_load -- alpha100 --players 300 --seconds 10
//! (add --database 'postgres://root@127.0.0.1:5432/test?schema=web_load' for PostgreSQL)
//! (add --servers 2 with PostgreSQL: the players are spread over two
//!  servers sharing the database, each with its own pool and caches, as
//!  two `umpire serve` processes behind a load balancer)
//! ```
//!
//! The world is imported and one turn is run through the host first, so
//! every player has a real report. The server and the players share the
//! machine (and its cores); each player is a closed loop with no pause,
//! so the figures are the server's ceiling, not a typical evening. It
//! needs about two open files per player: raise `ulimit -n` if
//! connections fail.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../host/examples/shared/workloads.rs"]
mod workloads;

use std::time::{Duration, Instant};

use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use umpire_host::host::web::Login;
use umpire_host::host::{Host, Trigger};
use umpire_host::password::Secret;
use umpire_overlord::rules::Rules;
use umpire_server::web::{self, Web};

/// One request on a kept-alive connection: the status and the body's size.
async fn request(conn: &mut BufReader<TcpStream>, req: &[u8]) -> std::io::Result<(u16, usize)> {
    conn.get_mut().write_all(req).await?;
    let mut line = String::new();
    conn.read_line(&mut line).await?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {line:?}")))?;
    let mut length = 0usize;
    loop {
        line.clear();
        conn.read_line(&mut line).await?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0u8; length];
    conn.read_exact(&mut body).await?;
    Ok((status, length))
}

/// A percentile of sorted microseconds, in milliseconds.
fn pct(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// As many sessions as players, each a seat and its orders: more players
/// than seats open some seats twice (a player at home and on the phone).
fn sessions(seats: Vec<(String, String)>, players: usize) -> Vec<(String, String)> {
    if players < seats.len() {
        let step = (seats.len() / players.max(1)).max(1);
        seats.into_iter().step_by(step).take(players).collect()
    } else {
        seats.iter().cycle().take(players).cloned().collect()
    }
}

/// Every player logged in, 64 at a time, each with the orders they check.
async fn log_everyone_in(host: &Arc<Host>, templates: &[(String, String)]) -> Vec<(Login, String)> {
    let mut logins = Vec::new();
    for chunk in templates.chunks(64) {
        let mut batch = Vec::new();
        for (seat, text) in chunk {
            let (host, seat, text) = (Arc::clone(host), seat.clone(), text.clone());
            batch.push(tokio::spawn(async move {
                let digits = seat.trim_start_matches(|c: char| !c.is_ascii_digit());
                let pw = format!("pw{}", digits.trim_start_matches('0'));
                let login = host
                    .login_player("load", &seat, &Secret::new(pw))
                    .await
                    .unwrap()
                    .unwrap_or_else(|| panic!("{seat} could not log in"));
                (login, text)
            }));
        }
        for b in batch {
            logins.push(b.await.unwrap());
        }
    }
    logins
}

/// `servers` web servers on the one database, each on its own port,
/// until `stop` says.
async fn serve_on(
    host: &Arc<Host>,
    servers: usize,
    stop_rx: &tokio::sync::watch::Receiver<bool>,
) -> (
    Vec<std::net::SocketAddr>,
    Vec<tokio::task::JoinHandle<std::io::Result<()>>>,
) {
    let mut addresses = Vec::new();
    let mut served = Vec::new();
    for i in 0..servers.max(1) {
        let h = if i == 0 {
            Arc::clone(host)
        } else {
            std::sync::Arc::new(
                umpire_host::host::Host::open(host.store().location())
                    .await
                    .unwrap(),
            )
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        addresses.push(listener.local_addr().unwrap());
        served.push(tokio::spawn(web::serve(
            listener,
            Web::new(h, false),
            stop_rx.clone(),
        )));
    }

    (addresses, served)
}

/// One player, until `until`: the report page and an order check, again
/// and again on one connection. Returns each request's time in
/// microseconds (reads, checks) and the bytes of pages taken.
async fn one_player(
    address: std::net::SocketAddr,
    login: Login,
    text: String,
    until: Instant,
) -> (Vec<u64>, Vec<u64>, usize) {
    let cookie = format!("umpire_session={}", login.token.expose());
    let report = format!("GET /games/load HTTP/1.1\r\nHost: {address}\r\nCookie: {cookie}\r\n\r\n")
        .into_bytes();
    let body = serde_json::json!({ "text": text }).to_string();
    let check = format!(
        "POST /games/load/check HTTP/1.1\r\nHost: {address}\r\nCookie: {cookie}\r\nX-CSRF-Token: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        login.session.csrf,
        body.len()
    )
    .into_bytes();
    let stream = TcpStream::connect(address)
        .await
        .expect("a connection (raise `ulimit -n`?)");
    let mut conn = BufReader::new(stream);
    let (mut reads, mut checks, mut bytes) = (Vec::new(), Vec::new(), 0usize);
    while Instant::now() < until {
        for (req, into) in [(&report, &mut reads), (&check, &mut checks)] {
            let t = Instant::now();
            let (status, n) = request(&mut conn, req).await.unwrap();
            assert_eq!(status, 200);
            into.push(t.elapsed().as_micros() as u64);
            bytes += n;
        }
    }
    (reads, checks, bytes)
}

/// The requests' rate and their latencies, each kind and all together.
fn print_latencies(mut reads: Vec<u64>, mut checks: Vec<u64>, bytes: usize, secs: f64) {
    reads.sort_unstable();
    checks.sort_unstable();
    let mut all: Vec<u64> = reads.iter().chain(&checks).copied().collect();
    all.sort_unstable();
    println!(
        "{:.1} s: {} requests, {:.0} requests/s, {:.1} MiB/s of pages",
        secs,
        all.len(),
        all.len() as f64 / secs,
        bytes as f64 / secs / 1_048_576.0
    );
    for (what, v) in [
        ("report page", &reads),
        ("order check", &checks),
        ("all", &all),
    ] {
        println!(
            "{what:>12}: {:>7} done, p50 {:>7.1} ms, p99 {:>7.1} ms, max {:>7.1} ms",
            v.len(),
            pct(v, 0.50),
            pct(v, 0.99),
            pct(v, 1.0)
        );
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let workload = args.next().unwrap_or_else(|| "alpha100".into());
    let (mut seconds, mut database, mut players, mut servers) = (30u64, None, 1_500usize, 1usize);
    while let Some(flag) = args.next() {
        let value = args.next().expect("a value after the flag");
        match flag.as_str() {
            "--seconds" => seconds = value.parse().unwrap(),
            "--database" => database = Some(value),
            "--players" => players = value.parse().unwrap(),
            "--servers" => servers = value.parse().unwrap(),
            other => panic!("unknown flag {other}"),
        }
    }
    let rules = Rules::bundled().unwrap();
    let w = workloads::world(&workload, &rules);
    let seats = workloads::templates(&w);
    // More players than seats: some seats are open twice (a player at
    // home and on the phone), as many sessions as players.
    let templates = sessions(seats, players);
    let (host, dir) = workloads::hosted(&w, &rules, "web-load", database.as_deref()).await;
    let t = Instant::now();
    host.run_turn(
        "load",
        Trigger::Now {
            actor: "load".into(),
        },
    )
    .await
    .unwrap();
    println!(
        "{workload}: imported, one turn run in {:.1} s; {} players on {} seats",
        t.elapsed().as_secs_f64(),
        templates.len(),
        templates
            .iter()
            .map(|(s, _)| s)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );

    // Every player logs in (argon2id: the slow part of setting up).
    let t = Instant::now();
    let logins = log_everyone_in(&host, &templates).await;
    println!(
        "{} logins in {:.1} s",
        logins.len(),
        t.elapsed().as_secs_f64()
    );

    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let (addresses, served) = serve_on(&host, servers, &stop_rx).await;

    let until = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (i, (login, text)) in logins.into_iter().enumerate() {
        let address = addresses[i % addresses.len()];
        tasks.push(tokio::spawn(one_player(address, login, text, until)));
    }
    let (mut reads, mut checks, mut bytes) = (Vec::new(), Vec::new(), 0usize);
    for t in tasks {
        let (r, c, b) = t.await.unwrap();
        reads.extend(r);
        checks.extend(c);
        bytes += b;
    }
    let secs = started.elapsed().as_secs_f64();
    let _ = stop_tx.send(true);
    for s in served {
        let _ = s.await;
    }
    if servers > 1 {
        println!("spread over {servers} servers sharing the database");
    }
    print_latencies(reads, checks, bytes, secs);
    host.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
