//! Any bytes as a whole message: the checker never panics, and whatever it
//! keeps prints back to text that reads as the same message.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use umpire_overlord::orders::{check, parse_message, ParseOptions, Vocabulary};

fuzz_target!(|data: &[u8]| {
    let options = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let checked = check("fuzz", data, options);
    let printed = checked.message.to_string();
    let source: Arc<str> = Arc::from("reprinted");
    let again = parse_message(&source, &printed, options);
    assert_eq!(
        checked.message.without_positions(),
        again.message.without_positions(),
        "reprint differs:\n{printed}"
    );
});
