//! Bot players on the original engine's sample game: the time to write the
//! order files of all 15 factions of the imported alpha world (275 units).
//!
//!     cargo bench -p umpire-overlord --bench bots
//!
//! The world is read from `../shared/reference/overlord-alpha` beside the
//! project (or `UMPIRE_ALPHA_DIR`), as the tests read it. Figures go in
//! BENCHMARKS.md.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use umpire_overlord::generate::bots::bot_orders;
use umpire_overlord::legacy::world::import;
use umpire_overlord::rules::Rules;

fn bench_bots(c: &mut Criterion) {
    let rules = Rules::bundled().unwrap();
    let world = import(&common::alpha_game_files(), &rules).world;
    let factions: Vec<_> = world.factions.ids().collect();
    let mut group = c.benchmark_group("bots-alpha");
    group.throughput(Throughput::Elements(world.units.len() as u64));
    // One fixed seed, so that every run measures the same orders.
    group.bench_function("bot orders, all 15 factions", |b| {
        b.iter(|| {
            factions
                .iter()
                .map(|&f| bot_orders(black_box(&world), &rules, f, 2026).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_bots);
criterion_main!(benches);
