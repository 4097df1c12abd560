//! Named points where a test can make the process die, to prove that a
//! process killed at any moment loses nothing and repeats the same. With
//! `UMPIRE_CRASH_AT=NAME` in its environment the process aborts (as
//! abruptly as a kill) when it reaches point NAME, and with
//! `UMPIRE_CRASH_AT=NAME:N` the N-th time; without it, a point costs one
//! comparison.
//!
//! A turn's run meets, in order: `locked`, `marked`, `engine-done`,
//! `kept-world`, `kept-reports`, `queued-mail`, `committed`. Sending mail
//! meets `sending` (a message taken, not yet handed to the relay) and
//! `relayed` (the relay took it, not yet recorded as sent) per message.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// The point asked for, and at which time it is reached.
fn wanted() -> Option<&'static (String, u64)> {
    static AT: OnceLock<Option<(String, u64)>> = OnceLock::new();
    AT.get_or_init(|| {
        let v = std::env::var("UMPIRE_CRASH_AT")
            .ok()
            .filter(|s| !s.is_empty())?;
        Some(match v.split_once(':') {
            Some((name, n)) => (name.to_string(), n.parse().unwrap_or(1)),
            None => (v, 1),
        })
    })
    .as_ref()
}

/// Point `name`.
pub fn point(name: &str) {
    static REACHED: AtomicU64 = AtomicU64::new(0);
    if let Some((at, n)) = wanted()
        && at == name
        && REACHED.fetch_add(1, Ordering::SeqCst) + 1 == *n
    {
        eprintln!("umpire: UMPIRE_CRASH_AT={at}:{n}: stopping here, as a crash would");
        std::process::abort();
    }
}
