//! Order-file parse throughput on a generated corpus of realistic order
//! sets (10 MiB: 3,308 order sets, 74,515 units, 483,921 orders; see
//! `examples/corpus_stats.rs`).
//!
//!     cargo bench -p umpire-overlord --bench parse
//!
//! The corpus comes from `generate::orders::order_corpus` with a fixed seed,
//! so every run measures the same bytes. Figures go in BENCHMARKS.md.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use umpire_overlord::generate::orders::order_corpus;
use umpire_overlord::orders::{ParseOptions, Vocabulary, check, parse_message};

const CORPUS_BYTES: usize = 10 * 1024 * 1024;

fn bench_parse(c: &mut Criterion) {
    let vocab = Vocabulary::builtin();
    let corpus = order_corpus(2026, CORPUS_BYTES, vocab);
    let source: Arc<str> = Arc::from("corpus");
    let mut group = c.benchmark_group("order-corpus-10MB");
    group.throughput(Throughput::Bytes(corpus.len() as u64));
    group.sample_size(20);
    group.bench_function("parse, syntax only", |b| {
        b.iter(|| parse_message(&source, black_box(&corpus), ParseOptions::default()))
    });
    // The same, with the syntax tree freed outside the timed region: what
    // reading costs when the tree is kept (as the server and CLI do).
    group.bench_function("parse, syntax only, tree kept", |b| {
        b.iter_with_large_drop(|| {
            parse_message(&source, black_box(&corpus), ParseOptions::default())
        })
    });
    group.bench_function("parse, with tag vocabulary", |b| {
        b.iter(|| {
            parse_message(
                &source,
                black_box(&corpus),
                ParseOptions {
                    vocabulary: Some(vocab),
                },
            )
        })
    });
    group.bench_function("check (decode + parse + sort diagnostics)", |b| {
        b.iter(|| {
            check(
                "corpus",
                black_box(corpus.as_bytes()),
                ParseOptions {
                    vocabulary: Some(vocab),
                },
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
