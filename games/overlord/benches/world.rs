//! Worlds at scale: generating, saving, loading and importing.
//!
//!     cargo bench -p umpire-overlord --bench world
//!
//! Workloads are made here from fixed seeds (and, for the import, from the
//! original engine's sample game beside the project, replicated 100 times
//! by `legacy::replicate`, as `../shared/tools/replicate-alpha.py` does), so
//! every run measures the same thing. Figures go in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

/// The sample game's files, shared with the turn benchmark.
#[path = "turn_workloads.rs"]
mod workloads;
use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
use umpire_overlord::legacy;
use umpire_overlord::rules::Rules;
use umpire_overlord::save;

fn params(factions: u32) -> WorldParams {
    WorldParams {
        game: "bench".into(),
        seed: 2026,
        factions,
        size: MapSize::HUGE,
    }
}

use workloads::alpha_files;

fn bench_world(c: &mut Criterion) {
    let Ok(rules) = Rules::bundled() else {
        eprintln!("bundled rules do not load");
        return;
    };
    let mut g = c.benchmark_group("world");
    g.sample_size(10);

    // 20,125 hexes, 400 players: the map and its NPCs.
    g.bench_function("generate huge map, 400 factions", |b| {
        b.iter(|| generate(&rules, black_box(&params(400))))
    });
    // The same map with 48,000 players: about 101,000 units.
    let big = match generate(&rules, &params(50_000)) {
        Ok(made) => made.world,
        Err(e) => {
            eprintln!("cannot generate: {e}");
            return;
        }
    };
    eprintln!(
        "big world: {} locations, {} units, {} factions",
        big.locations.len(),
        big.units.len(),
        big.factions.len()
    );
    g.bench_function("generate huge map, 50,000 factions", |b| {
        b.iter(|| generate(&rules, black_box(&params(50_000))))
    });
    let bytes = save::save(&big, &rules);
    eprintln!("saved: {} bytes", bytes.len());
    g.bench_function("save 101k-unit world", |b| {
        b.iter(|| save::save(black_box(&big), &rules))
    });
    g.bench_function("load 101k-unit world", |b| {
        b.iter(|| save::load(black_box(&bytes), &rules))
    });
    g.bench_function("JSON export of 101k-unit world", |b| {
        b.iter(|| save::to_json(black_box(&big)))
    });

    if let Some(alpha) = alpha_files() {
        g.bench_function("import alpha", |b| {
            b.iter(|| legacy::world::import(black_box(&alpha), &rules))
        });
        let x100 = legacy::replicate::replicate(&alpha, 100);
        g.bench_function("import alpha x100", |b| {
            b.iter(|| legacy::world::import(black_box(&x100), &rules))
        });
    } else {
        eprintln!("the sample game is not beside the project; import not measured");
    }
    g.finish();
}

criterion_group!(benches, bench_world);
criterion_main!(benches);
