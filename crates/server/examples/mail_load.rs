//! The mail gateway under load, for BENCHMARKS.md: every player faction
//! of a world mails its orders within `--seconds` (default 60), as a mail
//! server would hand them to `umpire mail deliver`, while the gateway
//! reads and answers them as `umpire serve` does.
//!
//! ```text
//! cargo run --release -p umpire-server --example mail_load -- alpha100
//! cargo run --release -p umpire-server --example mail_load -- alpha100 --seconds 0
//! (add --database 'postgres://root@127.0.0.1:5432/test?schema=mail_load' for PostgreSQL)
//! ```
//!
//! It checks that every message is answered once, every order set kept
//! once and nothing lost, and prints messages per second and the slowest
//! reply (from storing the message to its answer being queued).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../host/examples/shared/workloads.rs"]
mod workloads;

use std::sync::Arc;
use std::time::{Duration, Instant};

use umpire_overlord::rules::Rules;
use umpire_server::mail::config::MailConfig;
use umpire_server::mail::gateway::Gateway;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let workload = args.next().unwrap_or_else(|| "alpha100".into());
    let (mut seconds, mut database) = (60u64, None);
    while let Some(flag) = args.next() {
        let value = args.next().expect("a value after the flag");
        match flag.as_str() {
            "--seconds" => seconds = value.parse().unwrap(),
            "--database" => database = Some(value),
            other => panic!("unknown flag {other}"),
        }
    }
    let rules = Rules::bundled().unwrap();
    let w = workloads::world(&workload, &rules);
    let (host, dir) = workloads::hosted(&w, &rules, "mail-load", database.as_deref()).await;
    let config = MailConfig {
        domain: "game.test".into(),
        rate_per_hour: 100,
        ..MailConfig::default()
    };
    let gateway = Arc::new(Gateway::new(host.clone(), config));
    let mails: Vec<Vec<u8>> = workloads::templates(&w)
        .into_iter()
        .map(|(seat, orders)| {
            format!(
                "From: {seat}@players.test\r\nTo: server@game.test\r\nSubject: orders\r\nMessage-ID: <{seat}.load@players.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
                orders.replace('\n', "\r\n")
            )
            .into_bytes()
        })
        .collect();
    let n = mails.len();
    println!("workload {workload}: {n} players' mails within {seconds} s");
    let started = Instant::now();
    let gap = Duration::from_secs_f64(seconds as f64 / n as f64);
    let delivering = {
        let gateway = gateway.clone();
        tokio::spawn(async move {
            for (i, m) in mails.iter().enumerate() {
                let due = gap * u32::try_from(i).unwrap_or(u32::MAX);
                if let Some(wait) = due.checked_sub(started.elapsed()) {
                    tokio::time::sleep(wait).await;
                }
                gateway.deliver(m, None, None).await.unwrap();
            }
        })
    };
    // The server's loop: read what has come.
    loop {
        gateway.process_waiting().await.unwrap();
        let done = delivering.is_finished();
        if done && host.store().unanswered().await.unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let total = started.elapsed().as_secs_f64();
    let subs = host
        .store()
        .submissions(Some("load"), 1_000_000)
        .await
        .unwrap();
    assert_eq!(subs.len(), n, "every message stored once");
    assert!(
        subs.iter().all(|s| s.disposition == "answered"),
        "every message answered"
    );
    let refused = subs
        .iter()
        .filter(|s| s.answer.as_deref().unwrap_or("").contains("refused"))
        .count();
    assert_eq!(refused, 0, "no message refused");
    let o = host.overview("load").await.unwrap();
    assert_eq!(o.missing().len(), 0, "every order set kept");
    let answers = host
        .store()
        .outbox(Some("load"), None)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.message.kind == "answer")
        .count();
    assert_eq!(answers, n, "one answer each");
    let mut latency: Vec<i64> = subs
        .iter()
        .map(|s| s.answered_at.unwrap_or(0) - s.received_at)
        .collect();
    latency.sort_unstable();
    println!(
        "all {n} answered in {total:.1} s: {:.0} messages/s over the run; reply after storing: median {} ms, slowest {} ms",
        n as f64 / total,
        latency[n / 2],
        latency[n - 1]
    );
    host.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
