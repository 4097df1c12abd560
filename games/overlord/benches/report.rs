//! Writing every faction's text report after a turn.
//!
//!     cargo bench -p umpire-overlord --bench report
//!
//! Workloads: the original engine's sample game after one turn (15
//! factions), and the same replicated 100 times (1,500 factions, 15,000
//! units), each turn run once before measuring; what is measured is
//! preparing the turn's shared tables (`Reports::new`) and rendering every
//! faction's report. The 100,000-unit generated world is measured by
//! `cargo run --release --example turn_memory -- generated --reports`
//! (one run takes minutes). Figures go in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "turn_workloads.rs"]
mod workloads;

use umpire_overlord::legacy::world::import;
use umpire_overlord::report::text::{Inputs, Reports};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::{TurnLog, run_turn};
use umpire_overlord::world::World;

fn all_reports(world: &World, rules: &Rules, log: &TurnLog) -> usize {
    let all = Reports::new(Inputs {
        world,
        rules,
        log,
        next_turn: "soon",
        press: &[],
    });
    world
        .factions
        .ids()
        .map(|f| all.report(f).len())
        .sum::<usize>()
}

fn bench_reports(c: &mut Criterion) {
    let Ok(rules) = Rules::bundled() else {
        eprintln!("bundled rules do not load");
        return;
    };
    let Some(files) = workloads::alpha_files() else {
        eprintln!("the sample game is not beside the project (set UMPIRE_ALPHA_DIR)");
        return;
    };
    let mut g = c.benchmark_group("report");
    g.sample_size(10);

    let mut alpha = import(&files, &rules).world;
    let seed = alpha.seed;
    let log = run_turn(&mut alpha, &rules, &[], seed);
    g.bench_function("alpha: 15 factions' reports", |b| {
        b.iter(|| all_reports(black_box(&alpha), &rules, &log))
    });

    if let Some(mut big) = workloads::alpha100(&rules) {
        let seed = big.seed;
        let log = run_turn(&mut big, &rules, &[], seed);
        g.bench_function("alpha x100: 1,500 factions' reports", |b| {
            b.iter(|| all_reports(black_box(&big), &rules, &log))
        });
    }
    g.finish();
}

criterion_group!(benches, bench_reports);
criterion_main!(benches);
