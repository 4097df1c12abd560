//! Helpers for the canonical printer. Every order prints itself (its
//! `Display` impl beside its grammar); printing then parsing gives back the
//! same order (the round-trip property tested in `tests/roundtrip.rs`).

use std::fmt;

/// Write `text` quoted: straight quotes unless the text holds one, then
/// typographic quotes. The parser never produces a text holding both `"`
/// and `”` (E0315), so this always reads back as the same text.
/// `text` fit for one line of an order file or a comment: control
/// characters become spaces, and the ends are trimmed.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

pub fn quoted(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    if text.contains('"') {
        write!(f, "“{text}”")
    } else {
        write!(f, "\"{text}\"")
    }
}

/// Write ` item` for each item.
pub fn each<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for i in items {
        write!(f, " {i}")?;
    }
    Ok(())
}

/// Write ` value` if there is one.
pub fn opt<T: fmt::Display>(f: &mut fmt::Formatter<'_>, value: &Option<T>) -> fmt::Result {
    match value {
        Some(v) => write!(f, " {v}"),
        None => Ok(()),
    }
}
