//! The original engine's data file format, read generically.
//!
//! Every `*.rules`, `*.var` and `*.dat` file of the original engine has the
//! same shape: comment lines (`#`), header lines, a `KEYWORD X n` line that
//! names the block keyword, then blocks, each opened by a line `X tag …` and
//! followed by `KEY arguments…` lines until the next block:
//!
//! ```text
//! KEYWORD ITEM
//! ITEM swrd
//! NAME sword
//! WEIGHT 4
//! ```
//!
//! This module splits a file into [`Block`]s of [`Line`]s, keeping line
//! numbers for error messages. What the keys mean is for the readers of each
//! file (`rules.rs`, `world.rs`).

/// One `KEY arguments…` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based line number in the file.
    pub number: u32,
    /// The first word, as written.
    pub key: &'a str,
    /// Everything after the key, trimmed, comment included (for free text
    /// such as DESCRIPTION).
    pub rest: &'a str,
    /// The words after the key up to a `#` comment; a `"quoted text"` is one
    /// argument, without its quotes.
    pub args: Vec<&'a str>,
}

impl<'a> Line<'a> {
    /// Argument `i`, if present.
    pub fn arg(&self, i: usize) -> Option<&'a str> {
        self.args.get(i).copied()
    }
}

/// A block: the opening line and the lines under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block<'a> {
    /// The opening line (`ITEM swrd`); its first argument is the tag.
    pub head: Line<'a>,
    pub lines: Vec<Line<'a>>,
}

impl<'a> Block<'a> {
    /// The block's tag (`swrd` in `ITEM swrd`); empty if the line has none.
    pub fn tag(&self) -> &'a str {
        self.head.arg(0).unwrap_or("")
    }

    /// The lines with this key (any case).
    pub fn all(&self, key: &str) -> impl Iterator<Item = &Line<'a>> {
        let key = key.to_string();
        self.lines
            .iter()
            .filter(move |l| l.key.eq_ignore_ascii_case(&key))
    }

    /// The first line with this key (any case).
    pub fn first(&self, key: &str) -> Option<&Line<'a>> {
        self.lines.iter().find(|l| l.key.eq_ignore_ascii_case(key))
    }
}

/// A whole file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegacyFile<'a> {
    /// The block keyword from the `KEYWORD X n` line (`ITEM`), if any.
    pub keyword: Option<&'a str>,
    /// Lines before the first block (the `KEYWORD` line included).
    pub header: Vec<Line<'a>>,
    pub blocks: Vec<Block<'a>>,
}

/// Split one line into key, rest and arguments; `None` for blank and
/// comment lines.
pub fn read_line(number: u32, raw: &str) -> Option<Line<'_>> {
    let text = raw.trim_end_matches(['\r', '\n']).trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    let (key, rest) = match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim()),
        None => (text, ""),
    };
    Some(Line {
        number,
        key,
        rest,
        args: split_args(rest),
    })
}

/// Words up to a `#` comment; a double-quoted text is one word.
fn split_args(rest: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut s = rest;
    loop {
        s = s.trim_start();
        if s.is_empty() || s.starts_with('#') {
            break;
        }
        if let Some(body) = s.strip_prefix('"') {
            match body.find('"') {
                Some(end) => {
                    out.push(&body[..end]);
                    s = &body[end + 1..];
                }
                None => {
                    out.push(body.trim_end());
                    break;
                }
            }
            continue;
        }
        let end = s
            .find(|c: char| c.is_whitespace() || c == '#')
            .unwrap_or(s.len());
        out.push(&s[..end]);
        s = &s[end..];
    }
    out
}

/// Read a file. The block keyword comes from its `KEYWORD X n` line, or
/// from `keyword` when the file has none.
pub fn read_file<'a>(text: &'a str, keyword: Option<&'a str>) -> LegacyFile<'a> {
    let mut file = LegacyFile {
        keyword,
        header: Vec::new(),
        blocks: Vec::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let Some(line) = read_line(u32::try_from(i + 1).unwrap_or(u32::MAX), raw) else {
            continue;
        };
        if file.keyword.is_none() && line.key.eq_ignore_ascii_case("KEYWORD") {
            file.keyword = line.arg(0);
            file.header.push(line);
            continue;
        }
        let opens = file
            .keyword
            .is_some_and(|k| line.key.eq_ignore_ascii_case(k));
        if opens {
            file.blocks.push(Block {
                head: line,
                lines: Vec::new(),
            });
        } else if let Some(block) = file.blocks.last_mut() {
            block.lines.push(line);
        } else {
            file.header.push(line);
        }
    }
    file
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# Items\r\n\
        #  Version 1.0\r\n\
        \r\n\
        KEYWORD ITEM\r\n\
        ITEM swrd\r\n\
        NAME sword\r\n\
        WEIGHT 4\r\n\
        PROSPECT_SKILL smin 1 #6000\r\n\
        ITEM lbow\r\n\
        NAME \"long bow\" extra\r\n\
        DESCRIPTION A bow; see #3 below.\r\n";

    #[test]
    fn splits_blocks_and_keeps_line_numbers() {
        let f = read_file(SAMPLE, None);
        assert_eq!(f.keyword, Some("ITEM"));
        assert_eq!(f.blocks.len(), 2);
        assert_eq!(f.blocks[0].tag(), "swrd");
        assert_eq!(f.blocks[0].head.number, 5);
        let w = f.blocks[0].first("weight").unwrap();
        assert_eq!((w.number, w.args.as_slice()), (7, &["4"][..]));
        let p = f.blocks[0].first("PROSPECT_SKILL").unwrap();
        assert_eq!(p.args, ["smin", "1"]);
        assert_eq!(p.rest, "smin 1 #6000");
        let n = f.blocks[1].first("NAME").unwrap();
        assert_eq!(n.args, ["long bow", "extra"]);
        let d = f.blocks[1].first("DESCRIPTION").unwrap();
        assert_eq!(d.rest, "A bow; see #3 below.");
    }

    #[test]
    fn keyword_may_be_given_when_the_file_has_none() {
        let f = read_file("GAME alpha\nNAME Alpha\nTURN 0\n", Some("GAME"));
        assert_eq!(f.blocks.len(), 1);
        assert_eq!(f.blocks[0].tag(), "alpha");
        assert_eq!(f.blocks[0].lines.len(), 2);
    }

    #[test]
    fn lines_before_the_first_block_are_header() {
        let f = read_file("KEYWORD  SKILL 999\nFOO 1\nSKILL cmbt\n", None);
        assert_eq!(f.keyword, Some("SKILL"));
        assert_eq!(f.header.len(), 2);
        assert_eq!(f.blocks.len(), 1);
    }
}
