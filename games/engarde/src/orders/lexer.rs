//! The words of an order line: a line split into tokens, with comments
//! (`#`, `;` and anything in parentheses) dropped, and the small tests the
//! grammar asks of a token.

use umpire_core::source::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Word,
    Comma,
    Colon,
    Dot,
}

#[derive(Debug, Clone)]
pub(crate) struct Tok {
    pub(crate) kind: Kind,
    /// Byte offsets into the whole source.
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// Lower case, for keyword matching.
    pub(crate) lower: String,
}

impl Tok {
    pub(crate) fn is(&self, word: &str) -> bool {
        self.kind == Kind::Word && self.lower == word
    }

    pub(crate) fn is_any(&self, words: &[&str]) -> bool {
        self.kind == Kind::Word && words.contains(&self.lower.as_str())
    }

    pub(crate) fn span(&self) -> Span {
        Span::new(self.start, self.end)
    }
}

pub(crate) fn is_word(t: Option<&Tok>, word: &str) -> bool {
    t.is_some_and(|t| t.is(word))
}

pub(crate) fn is_any(t: Option<&Tok>, words: &[&str]) -> bool {
    t.is_some_and(|t| t.is_any(words))
}

/// Split one line into tokens, dropping comments: `#` or `;` to the end of
/// the line, and anything in parentheses (an unclosed parenthesis runs to
/// the end of the line). Double quotes are spaces.
pub(crate) fn tokenize(line: &str, base: usize) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut depth = 0usize;
    let mut word_start: Option<usize> = None;
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let flush = |toks: &mut Vec<Tok>, ws: &mut Option<usize>, end: usize| {
        if let Some(s) = ws.take() {
            let w = line.get(s..end).unwrap_or("");
            if !w.is_empty() {
                toks.push(Tok {
                    kind: Kind::Word,
                    start: base + s,
                    end: base + end,
                    lower: w.to_lowercase(),
                });
            }
        }
    };
    for (k, &(i, c)) in chars.iter().enumerate() {
        if depth > 0 {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            continue;
        }
        let punct = |kind: Kind| Tok {
            kind,
            start: base + i,
            end: base + i + c.len_utf8(),
            lower: c.to_string(),
        };
        match c {
            '#' | ';' => {
                flush(&mut toks, &mut word_start, i);
                return toks;
            }
            '(' => {
                flush(&mut toks, &mut word_start, i);
                depth = 1;
            }
            ')' | '"' | '\u{201C}' | '\u{201D}' => flush(&mut toks, &mut word_start, i),
            ',' => {
                flush(&mut toks, &mut word_start, i);
                toks.push(punct(Kind::Comma));
            }
            ':' => {
                flush(&mut toks, &mut word_start, i);
                toks.push(punct(Kind::Colon));
            }
            '.' => {
                let prev = k
                    .checked_sub(1)
                    .and_then(|j| chars.get(j))
                    .is_some_and(|&(_, p)| p.is_alphanumeric());
                let next = chars.get(k + 1).is_some_and(|&(_, n)| n.is_alphanumeric());
                if prev && next && word_start.is_some() {
                    continue; // "lt.col", "3.5": part of the word
                }
                flush(&mut toks, &mut word_start, i);
                toks.push(punct(Kind::Dot));
            }
            c if c.is_whitespace() => flush(&mut toks, &mut word_start, i),
            _ => {
                if word_start.is_none() {
                    word_start = Some(i);
                }
            }
        }
    }
    flush(&mut toks, &mut word_start, line.len());
    toks
}

/// Drop trailing full stops and commas.
pub(crate) fn trim_end(t: &[Tok]) -> &[Tok] {
    let mut n = t.len();
    while n > 0 && t.get(n - 1).is_some_and(|t| t.kind != Kind::Word) {
        n -= 1;
    }
    t.get(..n).unwrap_or(&[])
}

/// Drop leading colons, commas and full stops.
pub(crate) fn trim_start(t: &[Tok]) -> &[Tok] {
    let n = t.iter().take_while(|t| t.kind != Kind::Word).count();
    t.get(n..).unwrap_or(&[])
}

pub(crate) fn span_of(t: &[Tok]) -> Option<Span> {
    Some(Span::new(t.first()?.start, t.last()?.end))
}

/// A keyword for matching: lower case, hyphens and underscores dropped.
pub(crate) fn squash(word: &str) -> String {
    word.chars()
        .filter(|c| *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}
