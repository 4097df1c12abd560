//! Named points in a turn's run where a test can make the process die, to
//! prove that a run killed at any moment loses nothing and repeats the
//! same. With `UMPIRE_CRASH_AT=NAME` in its environment the process aborts
//! (as abruptly as a kill) when it reaches point NAME; without it, a point
//! costs one comparison.
//!
//! The points, in the order a run meets them: `locked`, `marked`,
//! `engine-done`, `kept-world`, `kept-reports`, `queued-mail`, `committed`.

use std::sync::OnceLock;

/// Every point, in order.
pub const POINTS: &[&str] = &[
    "locked",
    "marked",
    "engine-done",
    "kept-world",
    "kept-reports",
    "queued-mail",
    "committed",
];

fn wanted() -> Option<&'static str> {
    static AT: OnceLock<Option<String>> = OnceLock::new();
    AT.get_or_init(|| {
        std::env::var("UMPIRE_CRASH_AT")
            .ok()
            .filter(|s| !s.is_empty())
    })
    .as_deref()
}

/// Point `name` of a run.
pub fn point(name: &str) {
    if wanted() == Some(name) {
        eprintln!("umpire: UMPIRE_CRASH_AT={name}: stopping here, as a crash would");
        std::process::abort();
    }
}
