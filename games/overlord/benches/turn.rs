//! A full Overlord turn at scale: `turn::run_turn` on
//!
//! - the original engine's sample game replicated 100 times (20,900
//!   locations, 27,500 units, 1,500 factions) with its own pending orders;
//! - a generated huge map with 50,000 player factions (about 101,000 units)
//!   and the bots' orders for every player faction.
//!
//!     cargo bench -p umpire-overlord --bench turn
//!
//! The world is cloned outside the timing; the orders are written and parsed
//! before. Workloads are in `turn_workloads.rs`. Figures go in BENCHMARKS.md.

#[path = "turn_workloads.rs"]
mod workloads;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::run_turn;

fn bench_turn(c: &mut Criterion) {
    let Ok(rules) = Rules::bundled() else {
        eprintln!("bundled rules do not load");
        return;
    };
    let mut g = c.benchmark_group("turn");
    g.sample_size(10);

    if let Some(world) = workloads::alpha100(&rules) {
        eprintln!(
            "alpha x100: {} locations, {} units, {} factions",
            world.locations.len(),
            world.units.len(),
            world.factions.len()
        );
        g.bench_function("full turn, alpha x100", |b| {
            b.iter_batched(
                || world.clone(),
                |mut w| run_turn(&mut w, &rules, &[], workloads::TURN_SEED),
                BatchSize::LargeInput,
            )
        });
    } else {
        eprintln!("the sample game is not beside the project; alpha x100 not measured");
    }

    // The bots' orders for 50,000 factions take minutes to write (each
    // faction's file scans all units), so the world is made only when this
    // benchmark is selected, and once (criterion calls the closure for
    // each sample).
    let made = std::cell::OnceCell::new();
    g.bench_function("full turn, generated 101k units, bot orders", |b| {
        let made = made.get_or_init(|| {
            let made = workloads::generated(&rules);
            if let Ok((world, sets)) = &made {
                eprintln!(
                    "generated: {} locations, {} units, {} factions, {} order sets",
                    world.locations.len(),
                    world.units.len(),
                    world.factions.len(),
                    sets.len()
                );
            }
            made
        });
        let (world, sets) = match made {
            Ok(made) => made,
            Err(e) => {
                eprintln!("cannot generate: {e}");
                return;
            }
        };
        b.iter_batched(
            || world.clone(),
            |mut w| run_turn(&mut w, &rules, sets, workloads::TURN_SEED),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench_turn);
criterion_main!(benches);
