//! The committed order reference (`docs/overlord-orders.md`) is exactly
//! what the registry generates, so the manual never drifts from the parser.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

#[test]
fn committed_manual_matches_the_registry() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/overlord-orders.md");
    let committed = std::fs::read_to_string(&path).unwrap();
    let generated = umpire_overlord::orders::manual::markdown();
    assert!(
        committed == generated,
        "docs/overlord-orders.md is out of date; regenerate it with\n  \
         cargo run -q -p umpire-cli -- overlord manual > docs/overlord-orders.md"
    );
}
