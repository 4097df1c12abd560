//! Source text: byte spans, line/column lookup and decoding of user files.
//!
//! Everything a player sends is user input. Files arrive as bytes that may be
//! UTF-8 (with or without a byte-order mark) or, from older mail clients,
//! Windows-1252 with its typographic quotes. [`decode_text`] never fails: it
//! says which encoding it used so that the caller can warn.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use serde::Serialize;

/// A half-open byte range `start..end` into a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: clamp_u32(start),
            end: clamp_u32(end.max(start)),
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

fn clamp_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Where a span sits for a reader: 1-based line and character columns.
/// `end_column` is exclusive, so a one-character span has
/// `end_column == column + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Position {
    pub line: u32,
    pub column: u32,
    pub end_column: u32,
}

/// A named source text with a line index (built on first use: most
/// files are read without ever rendering a diagnostic).
#[derive(Debug, Clone)]
pub struct SourceFile {
    name: Arc<str>,
    text: String,
    line_starts: OnceLock<Vec<usize>>,
}

impl SourceFile {
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
            line_starts: OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn shared_name(&self) -> Arc<str> {
        Arc::clone(&self.name)
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn line_count(&self) -> usize {
        self.line_starts().len()
    }

    /// The text of 1-based line `line`, without its line ending.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let idx = (line as usize).checked_sub(1)?;
        let starts = self.line_starts();
        let start = *starts.get(idx)?;
        let end = starts
            .get(idx + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let raw = self.text.get(start..end)?;
        Some(raw.strip_suffix('\r').unwrap_or(raw))
    }

    /// Line and character columns of a span. A span running past its first
    /// line is cut at the end of that line.
    pub fn position(&self, span: Span) -> Position {
        let start = (span.start as usize).min(self.text.len());
        let starts = self.line_starts();
        let idx = match starts.binary_search(&start) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let line_start = starts[idx.min(starts.len() - 1)];
        let line = u32::try_from(idx + 1).unwrap_or(u32::MAX);
        let line_text = self.line_text(line).unwrap_or("");
        let line_end = line_start + line_text.len();
        let end = (span.end as usize).clamp(start, line_end.max(start));
        position_in_line(line, line_text, start - line_start, end - line_start)
    }
}

/// Position of the byte range `start..end` within one line's text.
pub fn position_in_line(line: u32, line_text: &str, start: usize, end: usize) -> Position {
    let column = char_column(line_text, start);
    let end_column = char_column(line_text, end).max(column + 1);
    Position {
        line,
        column,
        end_column,
    }
}

/// 1-based character column of byte offset `byte` in `text`.
fn char_column(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    if text.as_bytes()[..byte].is_ascii() {
        return u32::try_from(byte + 1).unwrap_or(u32::MAX);
    }
    let chars = text.char_indices().take_while(|&(i, _)| i < byte).count();
    u32::try_from(chars + 1).unwrap_or(u32::MAX)
}

/// How [`decode_text`] read the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    Utf8,
    /// UTF-8 preceded by a byte-order mark, which was dropped.
    Utf8WithBom,
    /// Not valid UTF-8; read byte by byte as Windows-1252.
    Windows1252,
}

/// Decode user bytes without ever failing. Valid UTF-8 is borrowed; anything
/// else is read as Windows-1252, the usual encoding of old mail clients, so
/// that its typographic quotes survive.
pub fn decode_text(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    let (body, bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    match std::str::from_utf8(body) {
        Ok(s) if bom => (Cow::Borrowed(s), Encoding::Utf8WithBom),
        Ok(s) => (Cow::Borrowed(s), Encoding::Utf8),
        Err(_) => (
            Cow::Owned(body.iter().map(|&b| windows_1252(b)).collect()),
            Encoding::Windows1252,
        ),
    }
}

/// The Windows-1252 character for one byte. The five bytes the code page
/// leaves undefined map to the C1 control of the same value, as the WHATWG
/// encoding standard does.
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '\u{20AC}', '\u{81}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}',
        '\u{2021}', '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{8D}',
        '\u{017D}', '\u{8F}', '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}',
        '\u{2013}', '\u{2014}', '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}',
        '\u{9D}', '\u{017E}', '\u{0178}',
    ];
    match b {
        0x80..=0x9F => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_text_strips_crlf_and_handles_last_line() {
        let f = SourceFile::new("t", "one\r\ntwo\nthree");
        assert_eq!(f.line_text(1), Some("one"));
        assert_eq!(f.line_text(2), Some("two"));
        assert_eq!(f.line_text(3), Some("three"));
        assert_eq!(f.line_text(4), None);
        assert_eq!(f.line_text(0), None);
    }

    #[test]
    fn position_counts_characters_not_bytes() {
        let text = "NAME “Nirmal’s Roost” x\nMOVE NE";
        let f = SourceFile::new("t", text);
        let x = text.find(" x").unwrap() + 1;
        let pos = f.position(Span::new(x, x + 1));
        assert_eq!(
            pos,
            Position {
                line: 1,
                column: 23,
                end_column: 24
            }
        );
        let ne = text.find("NE").unwrap();
        assert_eq!(
            f.position(Span::new(ne, ne + 2)),
            Position {
                line: 2,
                column: 6,
                end_column: 8
            }
        );
    }

    #[test]
    fn position_of_empty_span_is_one_column_wide() {
        let f = SourceFile::new("t", "GIVE");
        let p = f.position(Span::new(4, 4));
        assert_eq!((p.column, p.end_column), (5, 6));
    }

    #[test]
    fn decode_prefers_utf8_and_drops_bom() {
        assert_eq!(decode_text(b"abc"), (Cow::Borrowed("abc"), Encoding::Utf8));
        let (s, e) = decode_text(b"\xEF\xBB\xBFabc");
        assert_eq!((s.as_ref(), e), ("abc", Encoding::Utf8WithBom));
    }

    #[test]
    fn decode_falls_back_to_windows_1252_quotes() {
        let (s, e) = decode_text(b"NAME \x93Roost\x94 \xe9");
        assert_eq!(e, Encoding::Windows1252);
        assert_eq!(s, "NAME \u{201C}Roost\u{201D} \u{e9}");
    }

    #[test]
    fn span_to_covers_both() {
        assert_eq!(Span::new(5, 7).to(Span::new(2, 3)), Span::new(2, 7));
        assert_eq!(Span::new(4, 2), Span::new(4, 4));
    }
}
