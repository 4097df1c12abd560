//! One full turn of a large world, for measuring wall time and peak memory:
//!
//!     /usr/bin/time -v cargo run --release -p umpire-overlord --example turn_memory -- alpha100
//!     /usr/bin/time -v cargo run --release -p umpire-overlord --example turn_memory -- generated
//!
//! ("Maximum resident set size" is the peak; it includes building the world
//! and, for `generated`, writing and parsing the bots' orders.) Add `--only-build`
//! to measure the same without the turn, so the turn's own share shows, and
//! `--reports` to write every faction's report after the turn, text and
//! JSON as `overlord run` writes them (each dropped once written; their
//! total size and time printed), with `--text-only` for the text alone.
//! The workloads are those of `benches/turn.rs`.

#![allow(clippy::print_stdout, clippy::print_stderr)]

#[path = "../benches/turn_workloads.rs"]
mod workloads;

use std::time::Instant;

use umpire_overlord::rules::Rules;
use umpire_overlord::turn::run_turn;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let which = args.first().map_or("alpha100", String::as_str);
    let only_build = args.iter().any(|a| a == "--only-build");
    let with_reports = args.iter().any(|a| a == "--reports");
    let text_only = args.iter().any(|a| a == "--text-only");
    let rules = match Rules::bundled() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bundled rules do not load: {e}");
            std::process::exit(1);
        }
    };
    let started = Instant::now();
    let (mut world, sets) = match which {
        "alpha100" => match workloads::alpha100(&rules) {
            Some(w) => (w, Vec::new()),
            None => {
                eprintln!("the sample game is not beside the project (set UMPIRE_ALPHA_DIR)");
                std::process::exit(1);
            }
        },
        "generated" => match workloads::generated(&rules) {
            Ok(made) => made,
            Err(e) => {
                eprintln!("cannot generate: {e}");
                std::process::exit(1);
            }
        },
        other => {
            eprintln!("unknown workload {other}: alpha100 or generated");
            std::process::exit(2);
        }
    };
    let pending: usize = world.units.iter().map(|(_, u)| u.orders.len()).sum();
    println!(
        "{which}: {} locations, {} units, {} factions, {} order sets ({} orders), {} pending orders; built in {:.2} s",
        world.locations.len(),
        world.units.len(),
        world.factions.len(),
        sets.len(),
        sets.iter().map(|s| s.order_count()).sum::<usize>(),
        pending,
        started.elapsed().as_secs_f64()
    );
    if only_build {
        return;
    }
    let t0 = Instant::now();
    let log = run_turn(&mut world, &rules, &sets, workloads::TURN_SEED);
    let took = t0.elapsed();
    println!(
        "turn {}: {} events in {:.3} s",
        log.turn,
        log.events.len(),
        took.as_secs_f64()
    );
    battles(&log);
    if with_reports {
        reports(&world, &rules, &log, text_only);
    }
}

/// Every faction's report, text and JSON from one model, as `overlord
/// run` writes them.
fn reports(
    world: &umpire_overlord::world::World,
    rules: &Rules,
    log: &umpire_overlord::turn::TurnLog,
    text_only: bool,
) {
    use umpire_overlord::report::text::{Inputs, Reports, render};
    let t0 = Instant::now();
    let all = Reports::new(Inputs {
        world,
        rules,
        log,
        next_turn: "soon",
        press: &[],
    });
    let prepared = t0.elapsed();
    let t1 = Instant::now();
    let mut text_bytes = 0usize;
    for (fid, _) in world.factions.iter().filter(|(_, f)| !f.resigned) {
        text_bytes += all.report(fid).len();
    }
    let text_alone = t1.elapsed();
    if text_only {
        println!(
            "reports: {:.1} MB of text in {:.3} s ({:.3} s preparing)",
            text_bytes as f64 / 1e6,
            text_alone.as_secs_f64() + prepared.as_secs_f64(),
            prepared.as_secs_f64()
        );
        return;
    }
    let t0 = Instant::now();
    let (mut bytes, mut json) = (0usize, 0usize);
    let mut count = 0usize;
    for (fid, _) in world.factions.iter().filter(|(_, f)| !f.resigned) {
        if let Some(model) = all.model(fid) {
            bytes += render(&model).len();
            json += serde_json::to_vec_pretty(&model).map_or(0, |v| v.len());
        }
        count += 1;
    }
    println!(
        "reports: {count} factions, {:.1} MB of text and {:.1} MB of JSON in {:.3} s ({:.3} s preparing; the text alone {:.3} s)",
        bytes as f64 / 1e6,
        json as f64 / 1e6,
        t0.elapsed().as_secs_f64() + prepared.as_secs_f64(),
        prepared.as_secs_f64(),
        text_alone.as_secs_f64()
    );
}

/// How much fighting the turn held: battles, their sizes, and what set
/// them off.
fn battles(log: &umpire_overlord::turn::TurnLog) {
    use umpire_overlord::turn::log::What;
    let mut sizes = Vec::new();
    let mut causes = std::collections::BTreeMap::<String, usize>::new();
    for e in &log.events {
        if let What::Battle {
            attackers,
            defenders,
            cause,
            ..
        } = &e.what
        {
            sizes.push(attackers.len() + defenders.len());
            *causes.entry(format!("{cause:?}")).or_default() += 1;
        }
    }
    if sizes.is_empty() {
        println!("no battles");
        return;
    }
    sizes.sort_unstable();
    let total: usize = sizes.iter().sum();
    println!(
        "{} battles, {} units in all; units per battle: median {}, mean {}, largest {}; causes {:?}",
        sizes.len(),
        total,
        sizes[sizes.len() / 2],
        total / sizes.len(),
        sizes[sizes.len() - 1],
        causes
    );
}
