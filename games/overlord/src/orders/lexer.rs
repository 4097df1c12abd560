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

/// Length of the whitespace at `i`, if any.
#[inline]
fn space_at(b: &[u8], i: usize) -> usize {
    match b[i] {
        b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => 1,
        0xC2 if b[i..].starts_with(NBSP) => 2,
        _ => 0,
    }
}

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

/// Tokenise `line` (without its line ending) into `out`, which is cleared
/// first so that one buffer can serve a whole file.
pub fn lex_line(line: &str, out: &mut Vec<Token>) -> LineInfo {
    out.clear();
    let b = line.as_bytes();
    let mut info = LineInfo::default();
    let mut i = 0;
    while i < b.len() {
        let sp = space_at(b, i);
        if sp > 0 {
            i += sp;
            continue;
        }
        if b[i] == b'#' {
            info.comment = Some(i as u32);
            break;
        }
        if let Some((open, close)) = quote_at(b, i) {
            let inner_start = i + open;
            let (inner_end, end, closed) = match find(b, close, inner_start) {
                Some(p) => (p, p + close.len(), true),
                None => {
                    let end = trim_end(b, b.len());
                    (end.max(inner_start), end.max(inner_start), false)
                }
            };
            out.push(Token {
                start: i as u32,
                end: end as u32,
                kind: TokenKind::Quoted {
                    inner_start: inner_start as u32,
                    inner_end: inner_end as u32,
                    closed,
                },
            });
            i = end;
            continue;
        }
        let start = i;
        while i < b.len() && space_at(b, i) == 0 && b[i] != b'#' && quote_at(b, i).is_none() {
            i += 1;
        }
        out.push(Token {
            start: start as u32,
            end: i as u32,
            kind: TokenKind::Word,
        });
    }
    info.content_end = out.last().map_or(0, |t| t.end);
    info
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
    fn empty_and_blank_lines() {
        assert!(words("").is_empty());
        assert!(words(" \t ").is_empty());
    }
}
