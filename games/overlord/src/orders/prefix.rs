//! Order prefixes: `-` (dormant until the order above leaves the list),
//! `+` (alternative, dropped when an order above executes), `@` (repeat) or a
//! day count, and `Dnn` (only on day nn).
//!
//! The documented order is dashes, `+`, `@` or count, `Dnn`, then the
//! keyword: `-+@Dn ORDER` (OV-SCH-020). The examples glue `-`, `+` and `@` to
//! what follows (`+@USE`, `-10 USE`), and the original engine's own files put
//! a space after `@` (`@ guard`); both are accepted. Prefixes in another
//! order are understood and reported (W0206) — the decision recorded for
//! OV-SCH-020. `@` together with a count is an error (OV-SCH-013).

use std::fmt;

use serde::Serialize;
use umpire_core::Diagnostic;

use super::codes;
use super::context::LineCtx;
use super::lexer::{Token, TokenKind};
use super::refs::parse_u32;

/// How often an order runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "days")]
pub enum Repeat {
    /// No `@` and no count: the order runs once (a full-day order for one day).
    #[default]
    Once,
    /// `@`: kept in the list after it executes.
    Always,
    /// `10 USE digg`: a full-day order for that many executed days.
    Days(u32),
}

/// The prefixes of one order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Prefix {
    /// Number of leading `-`: the order is dormant while this is above 0.
    pub dashes: u8,
    /// `+`: an alternative, removed when an order above it executes.
    pub plus: bool,
    pub repeat: Repeat,
    /// `Dnn`: runs only on that day of the month, 1 to 30.
    pub day: Option<u8>,
}

pub const MAX_DASHES: u8 = 99;

impl fmt::Display for Prefix {
    /// Canonical form: `--+@D10 ` or `-10 `, ready to be followed by the
    /// keyword.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.dashes {
            f.write_str("-")?;
        }
        if self.plus {
            f.write_str("+")?;
        }
        match self.repeat {
            Repeat::Once => {}
            Repeat::Always => f.write_str("@")?,
            Repeat::Days(n) => write!(f, "{n} ")?,
        }
        if let Some(d) = self.day {
            write!(f, "D{d} ")?;
        }
        Ok(())
    }
}

/// Where the keyword starts after the prefixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeywordAt {
    /// Index of the token holding the keyword.
    pub token: usize,
    /// Byte offset in the line where the keyword starts (prefix characters
    /// may be glued to it: `+@USE`).
    pub start: u32,
}

/// The outcome of reading the prefixes of a line.
#[derive(Debug)]
pub struct PrefixParse {
    pub prefix: Prefix,
    /// `None` when the line holds prefixes only (an error has been reported).
    pub keyword: Option<KeywordAt>,
    /// True when any prefix was written; lets callers reject prefixes on
    /// faction orders.
    pub any: bool,
    /// Byte range of all the prefixes.
    pub start: u32,
    pub end: u32,
    /// False when an error made the order invalid.
    pub ok: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Dash,
    Plus,
    Repeat,
    Day,
}

/// Read the prefixes at the start of `tokens`.
#[inline]
pub fn parse_prefix(
    ctx: &LineCtx<'_>,
    tokens: &[Token],
    diags: &mut Vec<Diagnostic>,
) -> PrefixParse {
    let start = tokens.first().map_or(0, |t| t.start);
    // Most orders have no prefix: a word starting with a letter other than a
    // `D` followed by a digit is the keyword itself. This test is inlined
    // into the caller; the rest is not.
    if let Some(first) = tokens.first().filter(|t| t.is_word()) {
        let w = ctx
            .text
            .as_bytes()
            .get(first.start as usize..first.end as usize)
            .unwrap_or(&[]);
        let day = w.len() > 1 && w[0].eq_ignore_ascii_case(&b'D') && w[1].is_ascii_digit();
        if w.first().is_some_and(u8::is_ascii_alphabetic) && !day {
            return PrefixParse {
                prefix: Prefix::default(),
                keyword: Some(KeywordAt { token: 0, start }),
                any: false,
                start,
                end: start,
                ok: true,
            };
        }
    }
    parse_written_prefix(ctx, tokens, diags)
}

/// [`parse_prefix`] for a line whose first word is not a keyword.
#[inline(never)]
fn parse_written_prefix(
    ctx: &LineCtx<'_>,
    tokens: &[Token],
    diags: &mut Vec<Diagnostic>,
) -> PrefixParse {
    let mut p = PrefixParse {
        prefix: Prefix::default(),
        keyword: None,
        any: false,
        start: tokens.first().map_or(0, |t| t.start),
        end: tokens.first().map_or(0, |t| t.start),
        ok: true,
    };
    let line = ctx.text.as_bytes();
    let mut last = Part::Dash;
    let mut out_of_order: Option<(u32, u32)> = None;
    let mut dashes: u32 = 0;
    let mut note = |part: Part, s: u32, e: u32, last: &mut Part| {
        if part < *last && out_of_order.is_none() {
            out_of_order = Some((s, e));
        }
        *last = (*last).max(part);
    };
    for (ti, tok) in tokens.iter().enumerate() {
        if tok.kind != TokenKind::Word {
            break;
        }
        let (ts, te) = (tok.start as usize, tok.end as usize);
        let mut i = ts;
        while i < te {
            let at = i as u32;
            match line[i] {
                b'-' => {
                    dashes += 1;
                    note(Part::Dash, at, at + 1, &mut last);
                }
                b'+' => {
                    if p.prefix.plus {
                        diags.push(ctx.diag(
                            &codes::DUPLICATE_PLUS,
                            at,
                            at + 1,
                            "`+` is given twice",
                        ));
                    }
                    p.prefix.plus = true;
                    note(Part::Plus, at, at + 1, &mut last);
                }
                b'@' => {
                    match p.prefix.repeat {
                        Repeat::Always => {
                            p.ok = false;
                            diags.push(ctx.diag(
                                &codes::DUPLICATE_PREFIX,
                                at,
                                at + 1,
                                "`@` is given twice",
                            ));
                        }
                        Repeat::Days(_) => {
                            p.ok = false;
                            diags.push(
                                ctx.diag(&codes::REPEAT_WITH_COUNT, at, at + 1, "`@` cannot be combined with a day count")
                                    .with_label("repeat")
                                    .with_help("keep either `@` (repeat every day) or the count (run that many days)"),
                            );
                        }
                        Repeat::Once => p.prefix.repeat = Repeat::Always,
                    }
                    note(Part::Repeat, at, at + 1, &mut last);
                }
                _ => break,
            }
            i += 1;
            p.any = true;
            p.end = i as u32;
        }
        if i == te {
            continue;
        }
        let rest = &line[i..te];
        let at = i as u32;
        if rest.iter().all(u8::is_ascii_digit) {
            p.any = true;
            p.end = te as u32;
            note(Part::Repeat, at, te as u32, &mut last);
            count(ctx, rest, at, te as u32, &mut p, diags);
            continue;
        }
        if rest.len() > 1
            && rest[0].eq_ignore_ascii_case(&b'D')
            && rest[1..].iter().all(u8::is_ascii_digit)
        {
            p.any = true;
            p.end = te as u32;
            note(Part::Day, at, te as u32, &mut last);
            day(ctx, &rest[1..], at, te as u32, &mut p, diags);
            continue;
        }
        p.keyword = Some(KeywordAt {
            token: ti,
            start: at,
        });
        break;
    }
    if dashes > u32::from(MAX_DASHES) {
        p.ok = false;
        diags.push(ctx.diag(
            &codes::TOO_MANY_DASHES,
            p.start,
            p.end,
            format!("{dashes} dashes; at most {MAX_DASHES} are accepted"),
        ));
    }
    p.prefix.dashes = dashes.min(u32::from(MAX_DASHES)) as u8;
    if let (Some((s, e)), true) = (out_of_order, p.ok) {
        diags.push(
            ctx.diag(&codes::PREFIX_ORDER, s, e, "prefixes are out of order")
                .with_help(format!(
                    "write them as `{}`",
                    p.prefix.to_string().trim_end()
                )),
        );
    }
    if p.keyword.is_none() && p.any {
        p.ok = false;
        diags.push(
            ctx.diag(
                &codes::PREFIX_WITHOUT_ORDER,
                p.start,
                p.end,
                "prefix without an order",
            )
            .with_label("an order keyword should follow")
            .with_help(
                "write the prefix and the order on one line, e.g. `-MOVE N` or `10 USE digg`",
            ),
        );
    }
    p
}

fn count(
    ctx: &LineCtx<'_>,
    digits: &[u8],
    s: u32,
    e: u32,
    p: &mut PrefixParse,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(n) = parse_u32(digits) else {
        p.ok = false;
        diags.push(ctx.diag(&codes::NUMBER_OUT_OF_RANGE, s, e, "day count too large"));
        return;
    };
    if n == 0 {
        p.ok = false;
        diags.push(
            ctx.diag(&codes::ZERO_COUNT, s, e, "a day count must be at least 1")
                .with_help("leave the count out to run the order for one day"),
        );
        return;
    }
    match p.prefix.repeat {
        Repeat::Always => {
            p.ok = false;
            diags.push(
                ctx.diag(
                    &codes::REPEAT_WITH_COUNT,
                    s,
                    e,
                    "`@` cannot be combined with a day count",
                )
                .with_label("count")
                .with_help("keep either `@` (repeat every day) or the count (run that many days)"),
            );
        }
        Repeat::Days(_) => {
            p.ok = false;
            diags.push(ctx.diag(&codes::DUPLICATE_PREFIX, s, e, "a second day count"));
        }
        Repeat::Once => p.prefix.repeat = Repeat::Days(n),
    }
}

fn day(
    ctx: &LineCtx<'_>,
    digits: &[u8],
    s: u32,
    e: u32,
    p: &mut PrefixParse,
    diags: &mut Vec<Diagnostic>,
) {
    if p.prefix.day.is_some() {
        p.ok = false;
        diags.push(ctx.diag(&codes::DUPLICATE_PREFIX, s, e, "a second day restriction"));
        return;
    }
    match parse_u32(digits) {
        Some(d @ 1..=30) => p.prefix.day = Some(d as u8),
        _ => {
            p.ok = false;
            diags.push(
                ctx.diag(
                    &codes::DAY_OUT_OF_RANGE,
                    s,
                    e,
                    "day restriction out of range",
                )
                .with_label("days run from D1 to D30"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::orders::lexer::lex_line;

    fn run(line: &str) -> (PrefixParse, Vec<Diagnostic>) {
        let src: Arc<str> = Arc::from("t");
        let ctx = LineCtx {
            source: &src,
            number: 1,
            text: line,
            offset: 0,
        };
        let mut toks = Vec::new();
        lex_line(line, &mut toks);
        let mut d = Vec::new();
        let p = parse_prefix(&ctx, &toks, &mut d);
        (p, d)
    }

    fn keyword(line: &str) -> &str {
        let (p, _) = run(line);
        let k = p.keyword.unwrap();
        let mut toks = Vec::new();
        lex_line(line, &mut toks);
        &line[k.start as usize..toks[k.token].end as usize]
    }

    #[test]
    fn documented_forms() {
        let cases: &[(&str, Prefix)] = &[
            (
                "10 USE digg",
                Prefix {
                    repeat: Repeat::Days(10),
                    ..Prefix::default()
                },
            ),
            (
                "@BUY 0 iron 25",
                Prefix {
                    repeat: Repeat::Always,
                    ..Prefix::default()
                },
            ),
            (
                "-@PILLAGE",
                Prefix {
                    dashes: 1,
                    repeat: Repeat::Always,
                    ..Prefix::default()
                },
            ),
            (
                "+30 STUDY CMBT",
                Prefix {
                    plus: true,
                    repeat: Repeat::Days(30),
                    ..Prefix::default()
                },
            ),
            (
                "D10 DAY 15",
                Prefix {
                    day: Some(10),
                    ..Prefix::default()
                },
            ),
            (
                "--STUDY MAGE 1",
                Prefix {
                    dashes: 2,
                    ..Prefix::default()
                },
            ),
            (
                "+@USE skill",
                Prefix {
                    plus: true,
                    repeat: Repeat::Always,
                    ..Prefix::default()
                },
            ),
            (
                "-10 USE LUMB",
                Prefix {
                    dashes: 1,
                    repeat: Repeat::Days(10),
                    ..Prefix::default()
                },
            ),
            (
                "@ guard",
                Prefix {
                    repeat: Repeat::Always,
                    ..Prefix::default()
                },
            ),
            (
                "-+@D5 GIVE",
                Prefix {
                    dashes: 1,
                    plus: true,
                    repeat: Repeat::Always,
                    day: Some(5),
                },
            ),
        ];
        for (line, want) in cases {
            let (p, d) = run(line);
            assert!(d.is_empty(), "{line}: {d:?}");
            assert!(p.ok);
            assert_eq!(&p.prefix, want, "{line}");
        }
        assert_eq!(keyword("+@USE skill"), "USE");
        assert_eq!(keyword("@ guard"), "guard");
        assert_eq!(keyword("DAY 15"), "DAY");
    }

    #[test]
    fn ov_sch_013_repeat_and_count_is_an_error() {
        let (p, d) = run("@10 USE digg");
        assert!(!p.ok);
        assert_eq!(d[0].code, "E0202");
        let (p, d) = run("10 @USE digg");
        assert!(!p.ok);
        assert_eq!(d[0].code, "E0202");
    }

    #[test]
    fn ov_sch_020_out_of_order_is_understood_and_reported() {
        let (p, d) = run("@-MOVE N");
        assert!(p.ok);
        assert_eq!(
            p.prefix,
            Prefix {
                dashes: 1,
                repeat: Repeat::Always,
                ..Prefix::default()
            }
        );
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, "W0206");
        assert_eq!(d[0].help.as_deref(), Some("write them as `-@`"));
    }

    #[test]
    fn bad_prefixes() {
        assert_eq!(run("0 USE digg").1[0].code, "E0204");
        assert_eq!(run("D31 GUARD").1[0].code, "E0205");
        assert_eq!(run("D0 GUARD").1[0].code, "E0205");
        assert_eq!(run("D3 D4 GUARD").1[0].code, "E0203");
        assert_eq!(run("-@").1[0].code, "E0201");
        assert_eq!(run("++GUARD").1[0].code, "W0211");
        assert_eq!(run(&format!("{}GUARD", "-".repeat(100))).1[0].code, "E0210");
        assert_eq!(run("99999999999 USE x").1[0].code, "E0304");
    }

    #[test]
    fn canonical_print() {
        let p = Prefix {
            dashes: 2,
            plus: true,
            repeat: Repeat::Days(5),
            day: Some(3),
        };
        assert_eq!(p.to_string(), "--+5 D3 ");
        let p = Prefix {
            repeat: Repeat::Always,
            day: Some(3),
            ..Prefix::default()
        };
        assert_eq!(p.to_string(), "@D3 ");
        assert_eq!(Prefix::default().to_string(), "");
    }
}
