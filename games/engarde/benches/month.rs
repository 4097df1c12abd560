//! A month of an En Garde! game played by NPC players, and reading their
//! sheets.
//!
//!     cargo bench -p umpire-engarde --bench month
//!
//! Workloads (from `bots::orders_text`, the same generator the demo and the
//! simulation use): a new game of 50 and of 2,000 characters, played three
//! months in (so regiments, clubs and mistresses are taken) and then
//! measured in the campaign season (June), when everyone in a regiment is
//! at the front. What is measured: `mail::read` of every sheet (parse,
//! check, whose sheet), `run_month`, and every player's report plus the
//! gazette. Figures go in BENCHMARKS.md.

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use umpire_core::source::SourceFile;
use umpire_engarde::month::run_month;
use umpire_engarde::orders::ast::OrderSheet;
use umpire_engarde::setup::{NewPlayer, new_game};
use umpire_engarde::tables::Tables;
use umpire_engarde::world::{CharacterId, World};
use umpire_engarde::{bots, mail, report};

fn sheets(world: &World, tables: &Tables) -> Vec<SourceFile> {
    world
        .ids()
        .filter(|&id| world.character(id).is_some_and(|c| !c.npc && c.is_alive()))
        .map(|id| {
            SourceFile::new(
                format!("c{}", id.raw()),
                bots::orders_text(world, tables, id),
            )
        })
        .collect()
}

fn read_all(
    world: &World,
    tables: &Tables,
    sources: &[SourceFile],
) -> BTreeMap<CharacterId, OrderSheet> {
    let reader = mail::Reader::new(world, tables);
    sources
        .iter()
        .filter_map(|s| {
            let r = reader.read(s);
            r.character.map(|c| (c, r.sheet))
        })
        .collect()
}

/// A game of `players` three months in, next month June.
fn workload(players: usize, tables: &Tables) -> World {
    let roster: Vec<NewPlayer> = (0..players)
        .map(|i| NewPlayer {
            name: format!("Player {i}"),
            password: String::new(),
            address: String::new(),
        })
        .collect();
    let mut world = new_game("bench", 11, 3, &roster, tables);
    for _ in 0..3 {
        let orders = read_all(&world, tables, &sheets(&world, tables));
        world = run_month(&world, tables, &orders).world;
    }
    world
}

fn bench(c: &mut Criterion) {
    let Ok(tables) = Tables::builtin() else {
        return;
    };
    for players in [50usize, 2000] {
        let world = workload(players, tables);
        let sources = sheets(&world, tables);
        let bytes: usize = sources.iter().map(|s| s.text().len()).sum();
        let orders = read_all(&world, tables, &sources);
        let mut g = c.benchmark_group(format!("month/{players}"));
        g.sample_size(if players > 100 { 20 } else { 100 });
        g.throughput(criterion::Throughput::Bytes(bytes as u64));
        g.bench_function("read sheets", |b| {
            b.iter(|| black_box(read_all(&world, tables, &sources)).len())
        });
        g.throughput(criterion::Throughput::Elements(players as u64));
        g.bench_function("run month", |b| {
            b.iter(|| black_box(run_month(&world, tables, &orders)).events.len())
        });
        let out = run_month(&world, tables, &orders);
        g.bench_function("reports and gazette", |b| {
            b.iter(|| {
                let reports = report::Reports::new(&world, &out, tables);
                let mut n = reports.gazette().len();
                for id in world
                    .ids()
                    .filter(|&id| world.character(id).is_some_and(|c| !c.npc))
                {
                    if let Some(r) = reports.player(id) {
                        n += report::render(&r).len();
                    }
                }
                black_box(n)
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
