//! Parse the benchmark's 10 MiB order corpus again and again, for
//! profiling (`perf record target/release/examples/parse_loop 20`).

#![allow(clippy::print_stdout)]

use std::sync::Arc;
use std::time::Instant;

use umpire_overlord::generate::orders::order_corpus;
use umpire_overlord::orders::{ParseOptions, Vocabulary, parse_message};

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let corpus = order_corpus(2026, 10 * 1024 * 1024, Vocabulary::builtin());
    let source: Arc<str> = Arc::from("corpus");
    let started = Instant::now();
    let mut orders = 0;
    for _ in 0..rounds {
        let p = parse_message(&source, &corpus, ParseOptions::default());
        orders += p.message.envelopes.len();
    }
    let secs = started.elapsed().as_secs_f64();
    let mib = corpus.len() as f64 * f64::from(rounds) / (1024.0 * 1024.0);
    println!(
        "{rounds} rounds, {orders} envelopes, {:.1} MiB/s",
        mib / secs
    );
}
