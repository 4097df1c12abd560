//! What the words of an order name: sums of money, numbers, people,
//! ranks and posts.

use super::ast::Crowns;
use super::lexer::{Kind, Tok, is_any, is_word, span_of, trim_end, trim_start};
use crate::model::{Post, Rank};

/// Read a sum of money starting at `t[i]`: `300`, `300cr`, `300 Cr`,
/// `300 crowns`, `300c`. Returns the sum and the index after it.
pub(crate) fn money(t: &[Tok], i: usize) -> Option<(Crowns, usize)> {
    let tok = t.get(i)?;
    if tok.kind != Kind::Word {
        return None;
    }
    let w = tok.lower.as_str();
    let (neg, body) = match w.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, w),
    };
    let digits: &str = body
        .get(..body.bytes().take_while(u8::is_ascii_digit).count())
        .unwrap_or("");
    if digits.is_empty() {
        return None;
    }
    let suffix = body.get(digits.len()..).unwrap_or("");
    const UNITS: &[&str] = &["cr", "c", "crowns", "crown", "crs"];
    let mut next = i + 1;
    if suffix.is_empty() {
        if is_any(t.get(next), UNITS) {
            next += 1;
        }
    } else if !UNITS.contains(&suffix) {
        return None;
    }
    let n: Crowns = digits.parse().ok()?;
    Some((if neg { -n } else { n }, next))
}

/// The largest sum an order may name: far beyond any purse in Paris, and
/// safe to add up.
pub const MAX_SUM: Crowns = 1_000_000_000;

/// A word in `t` that reads as a sum of money but is larger than
/// [`MAX_SUM`] (or too long to read at all).
pub(crate) fn too_large(t: &[Tok]) -> Option<&Tok> {
    t.iter().find(|tok| {
        let w = tok.lower.trim_start_matches('-');
        let digits = w.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0
            && w.get(..digits)
                .is_some_and(|d| d.parse::<Crowns>().map_or(true, |n| n > MAX_SUM))
    })
}

/// A plain whole number.
pub(crate) fn number<T: std::str::FromStr>(t: Option<&Tok>) -> Option<T> {
    let t = t?;
    if t.kind != Kind::Word || !t.lower.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
        return None;
    }
    t.lower.parse().ok()
}

/// The name-like words of the player, trimmed and with single spaces.
pub(crate) fn name_text(src: &str, t: &[Tok]) -> Option<String> {
    let t = trim_end(trim_start(t));
    let span = span_of(t)?;
    let raw = src.get(span.range())?;
    let cleaned: Vec<&str> = raw
        .split(|c: char| c.is_whitespace() || c == '"' || c == '\u{201C}' || c == '\u{201D}')
        .filter(|w| !w.is_empty())
        .collect();
    if cleaned.is_empty() {
        return None;
    }
    let joined = cleaned.join(" ");
    Some(match joined.to_lowercase().as_str() {
        "i" | "me" | "myself" => "me".to_string(),
        _ => joined,
    })
}

pub(crate) fn is_pronoun(name: &str) -> bool {
    matches!(
        name.to_lowercase().as_str(),
        "he" | "she" | "him" | "her" | "they" | "them"
    )
}

pub(crate) fn resolve_pronoun(name: &mut String, subject: &str) {
    if is_pronoun(name) {
        *name = subject.to_string();
    }
}

/// Whether two names are the same name (case and spacing ignored).
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    super::ast::name_key(a) == super::ast::name_key(b)
}

/// A rank from the words left (`Captain`, `Lt Col`, `Brigadier General`).
pub(crate) fn rank_words(src: &str, t: &[Tok]) -> Option<Rank> {
    let s = span_of(t)?;
    Rank::parse(src.get(s.range())?)
}

/// A post from the words left (`Brigade Major`, `BM`), with an optional
/// leading "the".
pub(crate) fn post_words(src: &str, t: &[Tok]) -> Option<Post> {
    let t = if is_word(t.first(), "the") {
        t.get(1..).unwrap_or(&[])
    } else {
        t
    };
    let s = span_of(t)?;
    Post::parse(src.get(s.range())?)
}
