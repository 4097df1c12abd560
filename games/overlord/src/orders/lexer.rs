//! Splitting one line of an order file into words and quoted strings.
//!
//! - `#` outside a quoted string starts a comment that runs to the end of the
//!   line (OV-ORD-009);
//! - strings may be quoted with straight (`"…"`) or typographic (`“…”`)
//!   double quotes (OV-ORD-010). A straight quote closes at the next
//!   straight quote; a typographic one at the next `”`. Apostrophes are
//!   ordinary letters, so `“Nirmal’s Roost”` is one string;
//! - spaces, tabs and no-break spaces (which mail programs like to insert)
//!   separate words.
//!
//! Tokens are byte ranges into the line; nothing is allocated per token.

/// One word or quoted string; offsets are bytes within the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub start: u32,
    pub end: u32,
    pub kind: TokenKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Word,
    /// A quoted string; `inner_*` delimit the text between the quotes.
    Quoted {
        inner_start: u32,
        inner_end: u32,
        /// False when the line ended before the closing quote.
        closed: bool,
    },
}

impl Token {
    pub fn text<'a>(&self, line: &'a str) -> &'a str {
        line.get(self.start as usize..self.end as usize)
            .unwrap_or("")
    }

    /// The text of a quoted string without its quotes, or the word itself.
    pub fn value<'a>(&self, line: &'a str) -> &'a str {
        match self.kind {
            TokenKind::Word => self.text(line),
            TokenKind::Quoted {
                inner_start,
                inner_end,
                ..
            } => line
                .get(inner_start as usize..inner_end as usize)
                .unwrap_or(""),
        }
    }

    pub fn is_word(&self) -> bool {
        self.kind == TokenKind::Word
    }
}

/// What else [`lex_line`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineInfo {
    /// Byte offset of the `#` that starts a comment.
    pub comment: Option<u32>,
    /// Byte offset where the tokens end (before any comment and trailing
    /// space).
    pub content_end: u32,
}

const OPEN_CURLY: &[u8] = "“".as_bytes();
const CLOSE_CURLY: &[u8] = "”".as_bytes();
const NBSP: &[u8] = "\u{a0}".as_bytes();

/// If a quoted string opens at `i`: (length of the opening quote, the closing
/// quote's bytes).
#[inline]
fn quote_at(b: &[u8], i: usize) -> Option<(usize, &'static [u8])> {
    match b[i] {
        b'"' => Some((1, b"\"")),
        0xE2 if b[i..].starts_with(OPEN_CURLY) || b[i..].starts_with(CLOSE_CURLY) => {
            Some((3, CLOSE_CURLY))
        }
        _ => None,
    }
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.len() == 1 {
        return hay[from..]
            .iter()
            .position(|&c| c == needle[0])
            .map(|p| p + from);
    }
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Bytes that can end a word: ASCII space, `#`, `"`, a line feed, and the
/// lead bytes of a no-break space (0xC2) and of typographic quotes (0xE2).
/// Everything else is part of a word, so the word loop is one table lookup
/// per byte.
const STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b' ' as usize] = true;
    t[b'\t' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t[0x0b] = true;
    t[0x0c] = true;
    t[b'#' as usize] = true;
    t[b'"' as usize] = true;
    t[0xC2] = true;
    t[0xE2] = true;
    t
};

/// Tokenise `line` (without its line ending) into `out`, which is cleared
/// first so that one buffer can serve a whole file.
pub fn lex_line(line: &str, out: &mut Vec<Token>) -> LineInfo {
    lex_next(line, 0, out).info
}

/// One line found by [`lex_next`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextLine {
    pub info: LineInfo,
    /// Byte offset in the text where the line ends, before its `\r\n` or
    /// `\n`.
    pub end: usize,
    /// Byte offset where the next line starts (`text.len()` at the end).
    pub next: usize,
}

/// Tokenise the line of `text` that starts at byte `start`, finding its end
/// on the way, so that a whole file is read in one pass. Token offsets are
/// relative to `start`.
pub fn lex_next(text: &str, start: usize, out: &mut Vec<Token>) -> NextLine {
    out.clear();
    let b = text.as_bytes();
    let n = b.len();
    let mut info = LineInfo::default();
    let rel = |i: usize| (i - start) as u32;
    let mut i = start;
    let newline = loop {
        if i >= n {
            break n;
        }
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'\n' => break i,
            b'#' => {
                info.comment = Some(rel(i));
                break find_byte(b, b'\n', i).unwrap_or(n);
            }
            0xC2 if b[i..].starts_with(NBSP) => {
                i += NBSP.len();
                continue;
            }
            _ => {}
        }
        if let Some((open, close)) = quote_at(b, i) {
            let line_end = find_byte(b, b'\n', i).unwrap_or(n);
            let inner_start = i + open;
            let (inner_end, end, closed) = match find(&b[..line_end], close, inner_start) {
                Some(p) => (p, p + close.len(), true),
                None => {
                    let end = trim_end(b, line_end).max(inner_start);
                    (end, end, false)
                }
            };
            out.push(Token {
                start: rel(i),
                end: rel(end),
                kind: TokenKind::Quoted {
                    inner_start: rel(inner_start),
                    inner_end: rel(inner_end),
                    closed,
                },
            });
            i = end;
            continue;
        }
        let word_start = i;
        i = word_end(b, i + 1);
        out.push(Token {
            start: rel(word_start),
            end: rel(i),
            kind: TokenKind::Word,
        });
    };
    let end = if newline > start && b[newline - 1] == b'\r' {
        newline - 1
    } else {
        newline
    };
    info.content_end = out.last().map_or(0, |t| t.end);
    NextLine {
        info,
        end: end.max(start),
        next: (newline + 1).min(n.max(newline)),
    }
}

/// Whether the byte at `i` ends a word.
#[inline]
fn stops_word(b: &[u8], i: usize) -> bool {
    let c = b[i];
    STOP[usize::from(c)]
        && (c != 0xC2 || b[i..].starts_with(NBSP))
        && (c != 0xE2 || quote_at(b, i).is_some())
}

const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The high bit of each byte of `x` that is below `n` (`n` at most 0x80);
/// exact up to the lowest byte flagged (a borrow can flag bytes above it).
#[inline]
fn bytes_below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(ONES * u64::from(n)) & !x & HIGHS
}

/// The high bit of each byte of `x` equal to `v`, exact up to the lowest.
#[inline]
fn bytes_equal(x: u64, v: u8) -> u64 {
    bytes_below(x ^ (ONES * u64::from(v)), 1)
}

/// Where the word that goes on at `i` ends: the first byte from `i` that
/// [`stops_word`], or the end of the text. Eight bytes are looked at at a
/// time for a byte that may end a word (one below `!`, `"`, `#`, or the
/// lead byte 0xC2 or 0xE2), so that most words cost one test rather than
/// a branch per letter.
#[inline]
fn word_end(b: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = b.get(i..i + 8) {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(chunk);
        let x = u64::from_le_bytes(eight);
        // `"`/`#` differ in their low bit, 0xC2/0xE2 in bit 5.
        let candidates = bytes_below(x, 0x21)
            | bytes_equal(x | ONES, 0x23)
            | bytes_equal(x | (ONES * 0x20), 0xE2);
        if candidates == 0 {
            i += 8;
            continue;
        }
        let at = i + (candidates.trailing_zeros() / 8) as usize;
        if stops_word(b, at) {
            return at;
        }
        i = at + 1;
    }
    while i < b.len() {
        if stops_word(b, i) {
            return i;
        }
        i += 1;
    }
    b.len()
}

fn find_byte(hay: &[u8], needle: u8, from: usize) -> Option<usize> {
    hay[from..]
        .iter()
        .position(|&c| c == needle)
        .map(|p| p + from)
}

fn trim_end(b: &[u8], mut end: usize) -> usize {
    while end > 0 && matches!(b[end - 1], b' ' | b'\t' | b'\r') {
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        let mut v = Vec::new();
        lex_line(line, &mut v);
        v.iter().map(|t| t.value(line).to_string()).collect()
    }

    #[test]
    fn splits_words_and_strips_comment() {
        assert_eq!(
            words("  GIVE U229 ston 100 #gives 100"),
            ["GIVE", "U229", "ston", "100"]
        );
        let mut v = Vec::new();
        let info = lex_line("STUDY mage # next", &mut v);
        assert_eq!(info.comment, Some(11));
        assert_eq!(info.content_end, 10);
    }

    #[test]
    fn ov_ord_009_comment_only_line() {
        let mut v = Vec::new();
        let info = lex_line("#@ claim shrf", &mut v);
        assert!(v.is_empty());
        assert_eq!(info.comment, Some(0));
    }

    #[test]
    fn ov_ord_010_straight_and_curly_quotes() {
        assert_eq!(
            words("NAME \"The Hooterville Posse\""),
            ["NAME", "The Hooterville Posse"]
        );
        assert_eq!(
            words("CHRISTEN “Nirmal’s Roost”"),
            ["CHRISTEN", "Nirmal’s Roost"]
        );
        assert_eq!(
            words("NAME \"#1 Posse\" # real comment"),
            ["NAME", "#1 Posse"]
        );
        assert_eq!(words("NAME “say \"hi\"”"), ["NAME", "say \"hi\""]);
    }

    #[test]
    fn quote_glued_to_word_starts_new_token() {
        assert_eq!(words("NAME\"Bob\"x"), ["NAME", "Bob", "x"]);
    }

    #[test]
    fn unterminated_quote_runs_to_end_of_line() {
        let line = "NAME \"Bob # the great  ";
        let mut v = Vec::new();
        lex_line(line, &mut v);
        assert_eq!(v.len(), 2);
        assert_eq!(v[1].value(line), "Bob # the great");
        assert!(matches!(v[1].kind, TokenKind::Quoted { closed: false, .. }));
    }

    #[test]
    fn no_break_space_separates() {
        assert_eq!(words("MOVE\u{a0}NE"), ["MOVE", "NE"]);
    }

    #[test]
    fn lex_next_walks_a_text_line_by_line() {
        let text = "GIVE U1 swrd\r\n# note\n\nNAME \"a\nb\"\nEND";
        let mut v = Vec::new();
        let mut at = 0;
        let mut lines = Vec::new();
        while at < text.len() {
            let l = lex_next(text, at, &mut v);
            let line = &text[at..l.end];
            lines.push((
                line.to_string(),
                v.iter()
                    .map(|t| t.value(line).to_string())
                    .collect::<Vec<_>>(),
            ));
            at = l.next;
        }
        assert_eq!(
            lines,
            vec![
                (
                    "GIVE U1 swrd".into(),
                    vec!["GIVE".to_string(), "U1".into(), "swrd".into()]
                ),
                ("# note".into(), vec![]),
                ("".into(), vec![]),
                ("NAME \"a".into(), vec!["NAME".into(), "a".into()]),
                ("b\"".into(), vec!["b".into(), "".into()]),
                ("END".into(), vec!["END".into()]),
            ]
        );
    }

    #[test]
    fn word_end_agrees_with_a_byte_by_byte_scan() {
        let alphabet = [
            "a", "Z", "1", " ", "\t", "\u{b}", "\u{c}", "\r", "\n", "\u{1}", "\u{1f}", "#", "\"",
            "“", "”", "’", "\u{a0}", "é", "€", "!", "~", "\u{7f}", "Ġ", "\u{2000}", "-",
        ];
        // A fixed linear congruential sequence: the same strings every run.
        let mut seed: u64 = 2026;
        let mut next = |m: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % m
        };
        for _ in 0..3000 {
            let len = next(40);
            let text: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
            let b = text.as_bytes();
            for i in 0..=b.len() {
                let naive = (i..b.len()).find(|&j| stops_word(b, j)).unwrap_or(b.len());
                assert_eq!(word_end(b, i), naive, "{text:?} from {i}");
            }
        }
    }

    #[test]
    fn empty_and_blank_lines() {
        assert!(words("").is_empty());
        assert!(words(" \t ").is_empty());
    }
}
