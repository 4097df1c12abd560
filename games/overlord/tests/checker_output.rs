//! What a player sees: the checker's rendered output for a file with the
//! usual mistakes, pinned as a snapshot (`tests/snapshots/`). Review changes
//! with `cargo insta review`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_core::diagnostic::{RenderOptions, render};
use umpire_overlord::orders::{ParseOptions, Vocabulary, check};

fn rendered(name: &str, bytes: &[u8]) -> String {
    let checked = check(
        name,
        bytes,
        ParseOptions {
            vocabulary: Some(Vocabulary::builtin()),
        },
    );
    let mut out = String::new();
    for d in &checked.diagnostics {
        out.push_str(&render(d, Some(&checked.source), RenderOptions::default()));
        out.push('\n');
    }
    for s in checked.summaries() {
        out.push_str(&format!("{name}: {}\n", s.describe()));
    }
    out.push_str(&format!("{name}: {}\n", checked.tally().describe()));
    out
}

#[test]
fn messy_order_file_renders_every_problem_with_a_hint() {
    let text = include_bytes!("fixtures/messy-orders.txt");
    insta::assert_snapshot!(rendered("messy-orders.txt", text));
}

#[test]
fn clean_file_reports_only_its_summary() {
    let text = b"GAME f06 s3cret\nUNIT U12\nMOVE NE\n@STUDY cmbt\nEND\n";
    assert_eq!(
        rendered("clean.txt", text),
        "clean.txt: GAME f06 (line 1): 1 unit, 2 orders\nclean.txt: 0 errors, 0 warnings\n"
    );
}
