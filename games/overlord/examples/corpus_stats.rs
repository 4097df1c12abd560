//! Print the generated benchmark corpus's size and what the parser makes of
//! it: `cargo run --release -p umpire-overlord --example corpus_stats [MB] [--write FILE]`.

use std::collections::BTreeMap;
use std::sync::Arc;

use umpire_overlord::generate::orders::order_corpus;
use umpire_overlord::orders::{Envelope, ParseOptions, Vocabulary, parse_message};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mb: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let corpus = order_corpus(2026, mb * 1024 * 1024, Vocabulary::builtin());
    if let Some(i) = args.iter().position(|a| a == "--write") {
        if let Some(path) = args.get(i + 1) {
            if let Err(e) = std::fs::write(path, &corpus) {
                eprintln!("cannot write {path}: {e}");
                std::process::exit(2);
            }
        }
    }
    let source: Arc<str> = Arc::from("corpus");
    let parsed = parse_message(
        &source,
        &corpus,
        ParseOptions {
            vocabulary: Some(Vocabulary::builtin()),
        },
    );
    let mut units = 0;
    let mut orders = 0;
    for e in &parsed.message.envelopes {
        if let Envelope::Orders(o) = e {
            units += o.units.len();
            orders += o.order_count();
        }
    }
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for d in &parsed.diagnostics {
        *by_code.entry(d.code).or_default() += 1;
    }
    println!(
        "{} bytes, {} lines, {} envelopes, {} units, {} orders",
        corpus.len(),
        corpus.lines().count(),
        parsed.message.envelopes.len(),
        units,
        orders
    );
    println!("diagnostics: {by_code:?}");
}
