//! The host's speed on realistic worlds, for BENCHMARKS.md.
//!
//! ```text
//! cargo run --release -p umpire-host --example host_load -- submissions alpha100
//! cargo run --release -p umpire-host --example host_load -- submissions generated --count 5000
//! cargo run --release -p umpire-host --example host_load -- turn alpha100
//! (add --database postgres://root@127.0.0.1:5432/test?schema=load to use PostgreSQL)
//! ```
//!
//! Workloads:
//!
//! - `alpha100`: the original engine's sample game (`../shared/reference/
//!   overlord-alpha`, or `UMPIRE_ALPHA_DIR`) replicated 100 times by
//!   `legacy::replicate` and imported: 20,900 locations, 27,500 units,
//!   1,500 factions.
//! - `generated`: `generate` on the huge map with 50,000 player factions
//!   (seed 2026): about 20,500 locations and 101,125 units.
//!
//! Every player faction is given the password `pw<number>` (its hash as a
//! game folder keeps it), the world is written as a game folder and
//! imported into a fresh database by `Host::import`, exactly as `umpire
//! host import` does. A submission is the faction's order template (every
//! unit with its pending orders) with the password filled in, as a
//! player sends it back.
//!
//! `submissions` sends `--count` factions' templates (default: all), with
//! `--concurrency` in flight (default 8), twice: the first round checks
//! each folder hash and upgrades it to argon2id, the second checks the
//! argon2id hash. `turn` sends every template, then times one scheduled
//! turn through the host (orders from storage in, every report, template
//! and mail kept) against the game folder's `overlord::turn::run_next` —
//! the code `umpire overlord run` runs — on the same world and orders.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "shared/workloads.rs"]
mod workloads;

use std::sync::Arc;
use std::time::Instant;

use umpire_host::host::{Host, Ran, Submission, Trigger};
use umpire_overlord::rules::Rules;
use workloads::{templates, world};

struct Args {
    mode: String,
    workload: String,
    database: Option<String>,
    count: Option<usize>,
    concurrency: usize,
}

fn args() -> Args {
    let mut a = std::env::args().skip(1);
    let mode = a.next().unwrap_or_else(|| "submissions".into());
    let workload = a.next().unwrap_or_else(|| "alpha100".into());
    let mut out = Args {
        mode,
        workload,
        database: None,
        count: None,
        concurrency: 8,
    };
    while let Some(flag) = a.next() {
        let value = a.next().expect("a value after the flag");
        match flag.as_str() {
            "--database" => out.database = Some(value),
            "--count" => out.count = Some(value.parse().unwrap()),
            "--concurrency" => out.concurrency = value.parse().unwrap(),
            other => panic!("unknown flag {other}"),
        }
    }
    out
}

async fn send_all(host: &Arc<Host>, subs: &[(String, String)], concurrency: usize) -> (f64, usize) {
    let started = Instant::now();
    let semaphore = Arc::new(tokio::sync::Semaphore::new(concurrency));
    let mut tasks = Vec::new();
    for (seat, text) in subs {
        let (seat, text) = (seat.clone(), text.clone());
        let host = host.clone();
        let permit = semaphore.clone().acquire_owned().await.unwrap();
        tasks.push(tokio::spawn(async move {
            let a = host
                .submit(Submission {
                    game: "load",
                    source: "web",
                    sender: None,
                    message_id: None,
                    name: &seat,
                    bytes: text.as_bytes(),
                    authenticated: None,
                })
                .await
                .unwrap();
            drop(permit);
            a.refused
        }));
    }
    let mut refused = 0;
    for t in tasks {
        refused += t.await.unwrap();
    }
    (started.elapsed().as_secs_f64(), refused)
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args = args();
    let rules = Rules::bundled().unwrap();
    let t = Instant::now();
    let w = world(&args.workload, &rules);
    println!(
        "workload {}: {} locations, {} units, {} factions (built in {:.1} s)",
        args.workload,
        w.locations.len(),
        w.units.len(),
        w.factions.len(),
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let (host, dir) = workloads::hosted(&w, &rules, "host-load", args.database.as_deref()).await;
    println!("folder and import: {:.2} s", t.elapsed().as_secs_f64());
    let mut subs = templates(&w);
    if let Some(n) = args.count {
        // Spread over the world, not the first n.
        let step = (subs.len() / n.max(1)).max(1);
        subs = subs.into_iter().step_by(step).take(n).collect();
    }
    let bytes: usize = subs.iter().map(|(_, t)| t.len()).sum();
    println!(
        "{} submissions, {:.1} KiB on average, {} in flight",
        subs.len(),
        bytes as f64 / subs.len() as f64 / 1024.0,
        args.concurrency
    );
    match args.mode.as_str() {
        "submissions" => {
            for round in [
                "first (folder hash checked, argon2id made)",
                "second (argon2id checked)",
            ] {
                let (secs, refused) = send_all(&host, &subs, args.concurrency).await;
                assert_eq!(refused, 0);
                println!(
                    "{round}: {:.2} s, {:.0} submissions/s",
                    secs,
                    subs.len() as f64 / secs
                );
            }
        }
        "turn" => {
            let (secs, refused) = send_all(&host, &subs, args.concurrency).await;
            assert_eq!(refused, 0);
            println!("orders in: {secs:.2} s");
            let t = Instant::now();
            let ran = host
                .run_turn(
                    "load",
                    Trigger::Now {
                        actor: "load".into(),
                    },
                )
                .await
                .unwrap();
            let host_secs = t.elapsed().as_secs_f64();
            let Ran::Kept {
                run_ms, reports, ..
            } = ran
            else {
                panic!("{ran:?}")
            };
            println!(
                "host turn: {host_secs:.2} s end to end ({:.2} s in the engine and reports, {reports} reports kept and mailed)",
                run_ms as f64 / 1000.0
            );
            // The game folder, as `umpire overlord run` takes it.
            let folder = dir.join("cli");
            std::fs::create_dir_all(folder.join("orders/1")).unwrap();
            std::fs::copy(dir.join("folder/world.umpire"), folder.join("world.umpire")).unwrap();
            for (seat, text) in &subs {
                std::fs::write(folder.join(format!("orders/1/{seat}.txt")), text).unwrap();
            }
            let t = Instant::now();
            let (mut on_day, mut on_report) = (|_| {}, |_, _| {});
            let ran = umpire_host::overlord::turn::run_next(
                &folder,
                umpire_host::overlord::turn::RunOptions {
                    next: Some(String::new()),
                    color: false,
                    on_day: &mut on_day,
                    on_report: &mut on_report,
                },
            )
            .unwrap();
            let cli_secs = t.elapsed().as_secs_f64();
            println!(
                "umpire overlord run: {cli_secs:.2} s end to end ({} reports written)",
                ran.reports
            );
            println!("host / command line: {:.2}x", host_secs / cli_secs);
        }
        other => panic!("no mode `{other}`: submissions or turn"),
    }
    host.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
