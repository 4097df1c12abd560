//! How soon every open page of a table hears of a change, for
//! BENCHMARKS.md: a Sharp Practice table with `--pages` (default 60)
//! listening to its live updates, one command run at a time (`--commands`,
//! default 200), each timed from the moment it is sent until every page
//! has heard of it.
//!
//! ```text
//! cargo run --release -p umpire-server --example table_live
//! cargo run --release -p umpire-server --example table_live -- --pages 300 --commands 100
//! (add --database 'postgres://root@127.0.0.1:5432/test?schema=table_live' for PostgreSQL)
//! cargo run --release -p umpire-server --example table_live -- --across \
//!     --database 'postgres://root@127.0.0.1:5432/test?schema=table_live'
//! ```
//!
//! `--across` serves the table from two servers sharing the PostgreSQL,
//! each with its own pool, as two `umpire serve` processes behind a load
//! balancer: the commands go to the first, the pages listen to the second,
//! so each change travels through the database (`NOTIFY`) to be heard.
//!
//! The pages and the server share the machine; a page here only listens
//! (a browser then asks for its own view, one more request).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use umpire_host::host::Host;
use umpire_host::store::Location;
use umpire_host::tables::{Kind, NewTable};
use umpire_server::web::{self, Web};

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().unwrap())
}

#[tokio::main]
async fn main() {
    let pages = arg("--pages", 60);
    let commands = arg("--commands", 200);
    let args: Vec<String> = std::env::args().collect();
    let location = match args.iter().position(|a| a == "--database") {
        Some(i) => Location::parse(&args[i + 1]).unwrap(),
        None => {
            let dir =
                std::env::temp_dir().join(format!("umpire-table-live-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            Location::sqlite(&dir.join("umpire.db"))
        }
    };
    let across = args.iter().any(|a| a == "--across");
    let host = Arc::new(Host::open(&location).await.unwrap());
    let web_state = Web::new(host, false);
    let made = web_state
        .tables
        .create(NewTable {
            kind: Kind::Sharp,
            name: None,
            scenario: None,
            umpired: true,
            width: 72,
            depth: 48,
            unit: "in".into(),
        })
        .await
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (_stop, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(web::serve(listener, web_state, stop_rx.clone()));
    // Where the pages listen: the same server, or the second one.
    let pages_at = if across {
        let other = Web::new(Arc::new(Host::open(&location).await.unwrap()), false);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let at = listener.local_addr().unwrap();
        tokio::spawn(web::serve(listener, other, stop_rx));
        at
    } else {
        addr
    };

    // The pages: each counts the changes it has heard.
    let (heard_tx, mut heard_rx) = tokio::sync::mpsc::unbounded_channel::<(usize, u64)>();
    for i in 0..pages {
        let token = if i % 2 == 0 {
            &made.sides[0].1
        } else {
            &made.sides[1].1
        };
        let mut conn = BufReader::new(TcpStream::connect(pages_at).await.unwrap());
        conn.get_mut()
            .write_all(
                format!(
                    "GET /t/{token}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
                )
                .as_bytes(),
            )
            .await
            .unwrap();
        let tx = heard_tx.clone();
        tokio::spawn(async move {
            let mut line = String::new();
            loop {
                line.clear();
                if conn.read_line(&mut line).await.unwrap_or(0) == 0 {
                    return;
                }
                if let Some(v) = line.strip_prefix("data:") {
                    let _ = tx.send((i, v.trim().parse().unwrap_or(0)));
                }
            }
        });
    }
    tokio::time::sleep(Duration::from_millis(500)).await;

    let mut client = BufReader::new(TcpStream::connect(addr).await.unwrap());
    let mut took = Vec::with_capacity(commands);
    let mut latest = vec![0u64; pages];
    let mut before = 0;
    for _ in 0..commands {
        // `shock` changes the game every time and rolls nothing.
        let body = "line=shock+rifles+%2B1";
        let req = format!(
            "POST /t/{}/run HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            made.umpire,
            body.len()
        );
        let start = Instant::now();
        client.get_mut().write_all(req.as_bytes()).await.unwrap();
        // Done when every page has heard the newest change count.
        let mut target = 0;
        loop {
            let (page, v) = heard_rx.recv().await.unwrap();
            latest[page] = latest[page].max(v);
            target = target.max(v);
            if target > before && latest.iter().all(|&l| l >= target) {
                break;
            }
        }
        before = target;
        took.push(start.elapsed());
        // Read the command's own answer off the connection.
        let mut line = String::new();
        let mut length = 0;
        loop {
            line.clear();
            client.read_line(&mut line).await.unwrap();
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().unwrap();
            }
            if line == "\r\n" {
                break;
            }
        }
        let mut body = vec![0u8; length];
        tokio::io::AsyncReadExt::read_exact(&mut client, &mut body)
            .await
            .unwrap();
    }
    took.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| took[((took.len() as f64 * q) as usize).min(took.len() - 1)];
    println!(
        "{commands} changes heard by all {pages} pages{}: median {:.1} ms, p99 {:.1} ms, slowest {:.1} ms",
        if across { " on the other server" } else { "" },
        ms(at(0.5)),
        ms(at(0.99)),
        ms(took[took.len() - 1])
    );
}
