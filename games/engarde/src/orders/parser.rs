//! The order-sheet parser: forgiving, line-based, never failing.
//!
//! One order per line, keyword first, any case. `#` and `;` start a
//! comment, text in parentheses is a comment (so figures a player writes
//! never change anything, EG-ORD-003/004). Headers (`CHARACTER`,
//! `PASSWORD`, `PREMONTHLY`, `WEEK n`, `FRONT`) choose where the following
//! orders go; orders before any header are premonthly. A line that cannot
//! be read is held for the GM (`OrderSheet::for_gm`, EG-ORD-005) with a
//! warning; nothing is dropped silently. Quoted mail, a quote's
//! introduction and a signature are not the player's orders and are not
//! read at all ([`super::reply`]). See `docs/engarde-orders.md`.
//!
//! The words of a line come from [`super::lexer`]; an order's keyword is
//! looked up in [`super::catalog`], whose entry reads the rest of it.

use std::sync::Arc;

use umpire_core::diagnostic::Diagnostic;
use umpire_core::source::{SourceFile, Span};
use umpire_core::text::suggest;

use super::ast::{Cond, FrontClause, OrderSheet, Premonthly, Spanned, Weekly};
use super::catalog;
use super::codes::{self, Code};
use super::condition::parse_cond;
use super::front::{FRONT_WORDS, front_clause};
use super::lexer::{Kind, Tok, is_any, is_word, span_of, squash, tokenize, trim_end, trim_start};
use super::reading::{Unread, Written, diagnostic};
use super::tree::{Act, Builder, Order, Tree, cond_names_mut, cond_subject, to_block};
use super::words::{name_text, number, resolve_pronoun};

/// IF blocks nested deeper than this are held for the GM (no sheet needs
/// it, and it keeps the tree, and the walks over it, shallow).
const MAX_DEPTH: usize = 32;

/// The words of the sheet's structure, each with its spellings, the
/// documented one first.
pub(crate) const CHARACTER: &[&str] = &["character", "char"];
pub(crate) const PASSWORD: &[&str] = &["password"];
pub(crate) const PREMONTHLY: &[&str] = &["premonthly", "premonth"];
pub(crate) const WEEK: &[&str] = &["week"];
pub(crate) const FRONT: &[&str] = &["front"];
pub(crate) const IF: &[&str] = &["if"];
pub(crate) const ELSE: &[&str] = &["else", "otherwise"];
pub(crate) const ENDIF: &[&str] = &["endif"];

/// The structure's words, in the order "did you mean" offers them.
const STRUCTURE: [&[&str]; 8] = [
    CHARACTER, PASSWORD, PREMONTHLY, WEEK, FRONT, IF, ELSE, ENDIF,
];

/// Every keyword that may start a line, in its documented spelling: the
/// catalog's orders, the death-roll modifiers and the structure's words.
/// "Did you mean" offers these.
pub fn keywords() -> impl Iterator<Item = &'static str> {
    catalog::ORDERS
        .iter()
        .flat_map(|spec| spec.keywords.iter().copied())
        .chain(FRONT_WORDS.iter().copied())
        .chain(STRUCTURE.iter().filter_map(|words| words.first().copied()))
}

/// Every word the parser reads at the start of a line, all spellings.
pub fn accepted_words() -> impl Iterator<Item = &'static str> {
    keywords().chain(STRUCTURE.iter().flat_map(|words| words.iter().copied()))
}

/// Parse one order sheet. Never fails: what it cannot read is held for the
/// GM and reported.
pub fn parse(source: &SourceFile) -> (OrderSheet, Vec<Diagnostic>) {
    let mut p = Parser {
        src: source,
        name: source.shared_name(),
        sheet: OrderSheet::default(),
        diags: Vec::new(),
        section: Section::Implicit,
        pre: Builder::default(),
        weeks: Default::default(),
        line: 0,
        line_span: Span::default(),
        line_text: "",
    };
    let text = source.text();
    let not_orders = super::reply::not_orders(text);
    let mut offset = 0usize;
    for (i, raw) in text.split('\n').enumerate() {
        let start = offset;
        offset = offset.saturating_add(raw.len() + 1);
        if not_orders.get(i).copied().unwrap_or(false) {
            continue;
        }
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        p.line = u32::try_from(i + 1).unwrap_or(u32::MAX);
        p.line_span = Span::new(start, start + raw.len());
        p.line_text = raw;
        let toks = tokenize(raw, start);
        if toks.iter().all(|t| t.kind != Kind::Word) {
            continue;
        }
        p.line(raw, &toks);
    }
    p.end_section();
    let Parser {
        mut sheet,
        mut diags,
        pre,
        weeks,
        ..
    } = p;
    sheet.premonthly = pre.top;
    let [w1, w2, w3, w4] = weeks;
    sheet.weeks = [w1.top, w2.top, w3.top, w4.top];
    diags.sort_by_key(Diagnostic::reading_order);
    (sheet, diags)
}

// ---------------------------------------------------------------------------
// The parser

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before any header: premonthly orders.
    Implicit,
    Premonthly,
    Week(u8),
    Front,
    /// Under a header that could not be read: held for the GM.
    Limbo,
}

struct Parser<'a> {
    src: &'a SourceFile,
    name: Arc<str>,
    sheet: OrderSheet,
    diags: Vec<Diagnostic>,
    section: Section,
    pre: Builder<Premonthly>,
    weeks: [Builder<Weekly>; 4],
    line: u32,
    line_span: Span,
    line_text: &'a str,
}

impl<'a> Parser<'a> {
    fn diag(&self, code: &Code, message: impl Into<String>, span: Span) -> Diagnostic {
        diagnostic(self.src, &self.name, code, message, span)
    }

    fn text(&self) -> &'a str {
        self.src.text()
    }

    fn hold_line(&mut self) {
        self.sheet.for_gm.push(Spanned {
            value: self.line_text.trim().to_string(),
            span: self.line_span,
            line: self.line,
        });
    }

    fn hold(&mut self, u: Unread) {
        let line = self.line;
        let mut d = self
            .diag(u.code, u.message, u.span)
            .with_label(u.label)
            .with_note(format!(
                "line {line} is held for a GM ruling (EG-ORD-005): it runs only if the GM \
                 approves it"
            ));
        if let Some(h) = u.help {
            d = d.with_help(h);
        }
        self.diags.push(d);
        self.hold_line();
    }

    fn unread(&self, span: Span, message: impl Into<String>, help: Option<String>) -> Unread {
        Unread::new(span, message, help)
    }

    /// How many IF blocks are open in the current section.
    fn depth(&self) -> usize {
        match self.section {
            Section::Implicit | Section::Premonthly => self.pre.stack.len(),
            Section::Week(n) => self
                .weeks
                .get(usize::from(n.saturating_sub(1)))
                .map_or(0, |b| b.stack.len()),
            Section::Front | Section::Limbo => 0,
        }
    }

    fn builder_holding(&self) -> bool {
        match self.section {
            Section::Implicit | Section::Premonthly => self.pre.holding(),
            Section::Week(n) => self
                .weeks
                .get(usize::from(n.saturating_sub(1)))
                .is_some_and(Builder::holding),
            Section::Front | Section::Limbo => false,
        }
    }

    /// One line with at least one word.
    fn line(&mut self, raw: &str, toks: &[Tok]) {
        let Some(first) = toks.iter().find(|t| t.kind == Kind::Word) else {
            return;
        };
        let key = squash(&first.lower);
        // Headers are read even inside a held block, so that a section
        // change closes it.
        let key = key.as_str();
        if CHARACTER.contains(&key) {
            return self.character(toks);
        }
        if PASSWORD.contains(&key) {
            return self.password(toks);
        }
        if PREMONTHLY.contains(&key) {
            self.switch(Section::Premonthly);
            return self.rest_of_header(raw, toks.get(1..).unwrap_or(&[]));
        }
        if FRONT.contains(&key) {
            self.switch(Section::Front);
            return self.rest_of_header(raw, toks.get(1..).unwrap_or(&[]));
        }
        if let Some((week, rest)) = self.week_header(toks) {
            let section = match week {
                Some(n @ 1..=4) => Section::Week(n),
                _ => {
                    let span = span_of(toks.get(..2).unwrap_or(toks)).unwrap_or(self.line_span);
                    let d = self
                        .diag(&codes::BAD_WEEK, "there are only weeks 1 to 4", span)
                        .with_label("no such week")
                        .with_note("the orders under this header are held for the GM");
                    self.diags.push(d);
                    Section::Limbo
                }
            };
            self.switch(section);
            return self.rest_of_header(raw, rest);
        }
        self.content(raw, toks);
    }

    /// The rest of a header line (`WEEK 1: CAROUSE`), if any.
    fn rest_of_header(&mut self, raw: &str, rest: &[Tok]) {
        let rest = trim_start(rest);
        if rest.iter().any(|t| t.kind == Kind::Word) {
            // The raw text after the header is only used by ANNOUNCE.
            let from = rest.first().map_or(0, |t| t.start);
            let line_start = self.line_span.start as usize;
            let raw_rest = raw.get(from.saturating_sub(line_start)..).unwrap_or("");
            self.content(raw_rest, rest);
        }
    }

    /// `WEEK n`, `WEEK n:`, `W1`, `W1:`: the week (None when unreadable)
    /// and the tokens after the header.
    fn week_header<'t>(&self, toks: &'t [Tok]) -> Option<(Option<u8>, &'t [Tok])> {
        let first = toks.first()?;
        if first.is_any(WEEK) {
            let n = number::<u8>(toks.get(1));
            let rest = if n.is_some() || toks.get(1).is_some_and(|t| t.kind == Kind::Word) {
                toks.get(2..).unwrap_or(&[])
            } else {
                toks.get(1..).unwrap_or(&[])
            };
            return Some((n, rest));
        }
        let digits = first.lower.strip_prefix('w')?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some((digits.parse().ok(), toks.get(1..).unwrap_or(&[])))
    }

    fn end_section(&mut self) {
        match self.section {
            Section::Implicit | Section::Premonthly => {
                let mut b = std::mem::take(&mut self.pre);
                self.close_all(&mut b);
                self.pre = b;
            }
            Section::Week(n) => {
                if let Some(slot) = self.weeks.get_mut(usize::from(n.saturating_sub(1))) {
                    let mut b = std::mem::take(slot);
                    self.close_all(&mut b);
                    if let Some(slot) = self.weeks.get_mut(usize::from(n.saturating_sub(1))) {
                        *slot = b;
                    }
                }
            }
            Section::Front | Section::Limbo => {}
        }
    }

    fn close_all<A: Act>(&mut self, b: &mut Builder<A>) {
        while let Some((line, span)) = b.close() {
            let d = self
                .diag(
                    &codes::UNCLOSED_IF,
                    format!("the IF on line {line} has no ENDIF"),
                    span,
                )
                .with_label("not closed")
                .with_help("end the block with ENDIF")
                .with_note(
                    "the block was closed at the end of its section; check that it holds \
                     what you meant",
                );
            self.diags.push(d);
        }
    }

    fn switch(&mut self, s: Section) {
        self.end_section();
        self.section = s;
    }

    fn character(&mut self, toks: &[Tok]) {
        let rest = trim_start(toks.get(1..).unwrap_or(&[]));
        let rest = trim_end(rest);
        let Some(name) = name_text(self.text(), rest) else {
            let u = self.unread(self.line_span, "CHARACTER without a name", None);
            return self.hold(u);
        };
        let span = span_of(rest).unwrap_or(self.line_span);
        if let Some(prev) = &self.sheet.character {
            let d = self
                .diag(&codes::SECOND_HEADER, "a second CHARACTER line", span)
                .with_label("ignored")
                .with_note(format!(
                    "the sheet is for {} (line {})",
                    prev.value, prev.line
                ));
            self.diags.push(d);
            return;
        }
        self.sheet.character = Some(Spanned {
            value: name,
            span,
            line: self.line,
        });
    }

    fn password(&mut self, toks: &[Tok]) {
        let rest = trim_end(trim_start(toks.get(1..).unwrap_or(&[])));
        let Some(span) = span_of(rest) else {
            let u = self.unread(self.line_span, "PASSWORD without a password", None);
            return self.hold(u);
        };
        if self.sheet.password.is_some() {
            let d = self
                .diag(&codes::SECOND_HEADER, "a second PASSWORD line", span)
                .with_label("ignored");
            self.diags.push(d);
            return;
        }
        self.sheet.password = self.text().get(span.range()).map(str::to_string);
    }

    /// A line in a section: control words, front clauses or an order.
    fn content(&mut self, raw: &str, toks: &[Tok]) {
        let toks = trim_start(toks);
        let Some(first) = toks.first() else { return };
        if self.section == Section::Limbo {
            return self.hold_line();
        }
        let key = squash(&first.lower);
        let key = key.as_str();
        let is_endif = ENDIF.contains(&key) || (key == "end" && is_word(toks.get(1), "if"));
        let is_else = ELSE.contains(&key);
        let is_if = IF.contains(&key);
        let holding = self.builder_holding();
        if holding {
            // Inside an IF whose condition could not be read: hold every
            // line, and follow nesting so that the right ENDIF closes it.
            self.hold_line();
            if is_endif {
                self.endif(first.span());
            } else if is_if && self.section != Section::Front {
                self.open_block(None, first.span());
            }
            return;
        }
        if is_endif {
            return self.endif(first.span());
        }
        if is_else {
            return self.else_line(raw, toks);
        }
        if self.section == Section::Front
            || FRONT_WORDS.contains(&key)
            || (is_if && is_any(toks.get(1), &["death", "dr"]))
        {
            match self.front_clauses(toks) {
                Ok(clauses) => {
                    if self.section != Section::Front {
                        let span = span_of(toks).unwrap_or(self.line_span);
                        let d = self
                            .diag(
                                &codes::FRONT_CLAUSE_MOVED,
                                "a death-roll modifier outside the FRONT block",
                                span,
                            )
                            .with_note("it is used if you are at the front this month");
                        self.diags.push(d);
                    }
                    self.sheet.front.extend(clauses);
                    return;
                }
                Err(u) => {
                    if self.section == Section::Front || !is_if {
                        return self.hold(u);
                    }
                    // An ordinary IF on the death roll: read it as one.
                }
            }
        }
        if is_if {
            return self.if_line(raw, toks);
        }
        match self.order_line(raw, toks) {
            Ok(tree) => self.place(tree),
            Err(u) => self.hold(u),
        }
    }

    fn endif(&mut self, span: Span) {
        let closed = match self.section {
            Section::Implicit | Section::Premonthly => self.pre.close(),
            Section::Week(n) => self
                .weeks
                .get_mut(usize::from(n.saturating_sub(1)))
                .and_then(Builder::close),
            Section::Front | Section::Limbo => None,
        };
        if closed.is_none() {
            let d = self
                .diag(&codes::ENDIF_WITHOUT_IF, "ENDIF without an open IF", span)
                .with_label("nothing to close")
                .with_note("the line is ignored");
            self.diags.push(d);
        }
    }

    fn open_block(&mut self, cond: Option<Spanned<Cond>>, span: Span) {
        let line = self.line;
        match self.section {
            Section::Implicit | Section::Premonthly => self.pre.open(cond, line, span),
            Section::Week(n) => {
                if let Some(b) = self.weeks.get_mut(usize::from(n.saturating_sub(1))) {
                    b.open(cond, line, span);
                }
            }
            Section::Front | Section::Limbo => {}
        }
    }

    fn else_line(&mut self, raw: &str, toks: &[Tok]) {
        let span = toks.first().map_or(self.line_span, Tok::span);
        let state = match self.section {
            Section::Implicit | Section::Premonthly => {
                self.pre.stack.last_mut().map(|f| &mut f.in_else)
            }
            Section::Week(n) => self
                .weeks
                .get_mut(usize::from(n.saturating_sub(1)))
                .and_then(|b| b.stack.last_mut())
                .map(|f| &mut f.in_else),
            Section::Front | Section::Limbo => None,
        };
        match state {
            None => {
                let d = self
                    .diag(&codes::ELSE_WITHOUT_IF, "ELSE without an open IF", span)
                    .with_label("no IF to belong to")
                    .with_help(
                        "an IF on one line (`IF … THEN … ELSE …`) takes its ELSE on the same line",
                    );
                self.diags.push(d);
                // What follows ELSE is still read, unconditionally guarded
                // by nothing: hold it rather than run it.
                if toks.len() > 1 {
                    self.hold_line();
                }
                return;
            }
            Some(in_else) if *in_else => {
                let d = self
                    .diag(&codes::SECOND_ELSE, "a second ELSE in the same IF", span)
                    .with_label("second ELSE")
                    .with_note("the orders after it join the first ELSE part");
                self.diags.push(d);
            }
            Some(in_else) => *in_else = true,
        }
        let rest = trim_start(toks.get(1..).unwrap_or(&[]));
        if !rest.is_empty() {
            let from = rest.first().map_or(0, |t| t.start);
            let raw_rest = raw
                .get(from.saturating_sub(self.line_span.start as usize)..)
                .unwrap_or("");
            self.content(raw_rest, rest);
        }
    }

    fn if_line(&mut self, raw: &str, toks: &[Tok]) {
        let if_span = toks.first().map_or(self.line_span, Tok::span);
        let body = toks.get(1..).unwrap_or(&[]);
        let mut i = 0;
        let cond = parse_cond(self.text(), body, &mut i);
        let cond = match cond {
            Ok(c) => c,
            Err(why) => {
                let span = span_of(body).unwrap_or(if_span);
                let one_line = body.iter().any(|t| t.is("then"));
                let line = self.line;
                let mut d = self
                    .diag(
                        &codes::UNREADABLE_CONDITION,
                        format!("condition not understood: {why}"),
                        span,
                    )
                    .with_label("not understood")
                    .with_help(
                        "conditions are `X IS IN PARIS`, `X IS AT THE FRONT`, `X RECEIVED ME \
                         [IN WEEK n | LAST WEEK]`, `X DID action IN WEEK n`, `I HAVE AT LEAST n`, \
                         with NOT, AND, OR",
                    );
                d = d.with_note(if one_line {
                    format!("line {line} is held for a GM ruling (EG-ORD-005)")
                } else {
                    format!("the IF block of line {line} is held for a GM ruling, down to its ENDIF (EG-ORD-005)")
                });
                self.diags.push(d);
                self.hold_line();
                if !one_line {
                    self.open_block(None, if_span);
                }
                return;
            }
        };
        let cond_toks = body.get(..i).unwrap_or(&[]);
        let cond_span = span_of(cond_toks).unwrap_or(if_span);
        let cond = Spanned {
            value: cond,
            span: cond_span,
            line: self.line,
        };
        let mut rest = body.get(i..).unwrap_or(&[]);
        while let Some(t) = rest.first() {
            if t.is("then") || t.kind != Kind::Word {
                rest = rest.get(1..).unwrap_or(&[]);
            } else {
                break;
            }
        }
        if rest.is_empty() {
            if self.depth() >= MAX_DEPTH {
                let line = self.line;
                let d = self
                    .diag(
                        &codes::UNREADABLE_CONDITION,
                        format!("IF blocks nested more than {MAX_DEPTH} deep"),
                        if_span,
                    )
                    .with_label("too deep")
                    .with_note(format!(
                        "the IF block of line {line} is held for a GM ruling, down to its ENDIF"
                    ));
                self.diags.push(d);
                self.hold_line();
                return self.open_block(None, if_span);
            }
            return self.open_block(Some(cond), if_span);
        }
        // One line: IF cond THEN order [ELSE order].
        let (then_t, else_t) = if rest.first().is_some_and(|t| t.is("if")) {
            (rest, &[][..])
        } else {
            match rest.iter().position(|t| t.is("else") || t.is("otherwise")) {
                Some(k) => (
                    rest.get(..k).unwrap_or(&[]),
                    trim_start(rest.get(k + 1..).unwrap_or(&[])),
                ),
                None => (rest, &[][..]),
            }
        };
        let ls = self.line_span.start as usize;
        let raw_of = |t: &[Tok]| {
            t.first()
                .and_then(|f| raw.get(f.start.saturating_sub(ls)..))
                .unwrap_or("")
        };
        let mut then = Vec::new();
        let mut otherwise = Vec::new();
        for (part, out) in [(then_t, &mut then), (else_t, &mut otherwise)] {
            if trim_end(part).is_empty() {
                continue;
            }
            let tree = if part.first().is_some_and(|t| t.is("if")) {
                self.inline_if(part)
            } else {
                self.order_line(raw_of(part), part)
            };
            match tree {
                Ok(t) => out.push(t),
                Err(u) => return self.hold(u),
            }
        }
        if then.is_empty() && !otherwise.is_empty() {
            let u = self.unread(if_span, "an IF with an ELSE but no THEN order", None);
            return self.hold(u);
        }
        if let Some(s) = cond_subject(&cond.value).map(str::to_string) {
            for t in then.iter_mut().chain(otherwise.iter_mut()) {
                t.resolve_pronouns(&s);
            }
        }
        self.place(Tree::If {
            cond,
            then,
            otherwise,
        });
    }

    /// A one-line IF nested in another one-line IF's THEN part.
    fn inline_if(&mut self, toks: &[Tok]) -> Result<Tree, Unread> {
        let body = toks.get(1..).unwrap_or(&[]);
        let mut i = 0;
        let cond = parse_cond(self.text(), body, &mut i).map_err(|why| {
            self.unread(
                span_of(body).unwrap_or(self.line_span),
                format!("condition not understood: {why}"),
                None,
            )
        })?;
        let cond_span = span_of(body.get(..i).unwrap_or(&[])).unwrap_or(self.line_span);
        let mut rest = body.get(i..).unwrap_or(&[]);
        while rest
            .first()
            .is_some_and(|t| t.is("then") || t.kind != Kind::Word)
        {
            rest = rest.get(1..).unwrap_or(&[]);
        }
        let (then_t, else_t) = match rest.iter().position(|t| t.is("else") || t.is("otherwise")) {
            Some(k) => (
                rest.get(..k).unwrap_or(&[]),
                rest.get(k + 1..).unwrap_or(&[]),
            ),
            None => (rest, &[][..]),
        };
        let then = self.order_line("", then_t)?;
        let otherwise = match trim_end(trim_start(else_t)) {
            [] => Vec::new(),
            t => vec![self.order_line("", t)?],
        };
        let cond = Spanned {
            value: cond,
            span: cond_span,
            line: self.line,
        };
        let subject = cond_subject(&cond.value).map(str::to_string);
        let mut tree = Tree::If {
            cond,
            then: vec![then],
            otherwise,
        };
        if let (
            Some(s),
            Tree::If {
                then, otherwise, ..
            },
        ) = (subject, &mut tree)
        {
            for t in then.iter_mut().chain(otherwise.iter_mut()) {
                t.resolve_pronouns(&s);
            }
        }
        Ok(tree)
    }

    /// Put a parsed order (or one-line IF) in the current section.
    fn place(&mut self, tree: Tree) {
        let res = match self.section {
            Section::Implicit | Section::Premonthly => {
                to_block::<Premonthly>(tree).map(|b| self.pre.push(b))
            }
            Section::Week(n) => match to_block::<Weekly>(tree) {
                Ok(b) => {
                    if let Some(w) = self.weeks.get_mut(usize::from(n.saturating_sub(1))) {
                        w.push(b);
                    }
                    Ok(())
                }
                Err(o) => Err(o),
            },
            Section::Front | Section::Limbo => {
                self.hold_line();
                return;
            }
        };
        if let Err(o) = res {
            let (msg, help) = match (&o, self.section) {
                (Order::Week(w), _) => (
                    format!(
                        "`{}` is a weekly order, outside any week",
                        w.kind().word().to_uppercase()
                    ),
                    "put it under a `WEEK n` line",
                ),
                (_, Section::Week(n)) => (
                    format!("a premonthly order in week {n}"),
                    "put it under the `PREMONTHLY` line (or before any WEEK line)",
                ),
                _ => (
                    "an order in the wrong part of the sheet".to_string(),
                    "move it",
                ),
            };
            let span = self.line_span;
            self.hold(Unread {
                code: &codes::WRONG_SECTION,
                message: msg,
                span,
                label: "wrong section".into(),
                help: Some(help.into()),
            });
        }
    }

    /// One order, possibly followed by `IF cond` (`GIVE X 300 IF HE
    /// APPOINTS ME BRIGADE MAJOR`).
    fn order_line(&mut self, raw: &str, toks: &[Tok]) -> Result<Tree, Unread> {
        let toks = trim_end(trim_start(toks));
        let Some(first) = toks.first() else {
            return Err(self.unread(self.line_span, "an empty order", None));
        };
        let is_announce = first.is("announce");
        let split = if is_announce {
            None
        } else {
            toks.iter().skip(1).position(|t| t.is("if")).map(|k| k + 1)
        };
        let (order_t, cond_t) = match split {
            Some(k) => (toks.get(..k).unwrap_or(&[]), toks.get(k + 1..)),
            None => (toks, None),
        };
        let order = self.order(raw, trim_end(order_t))?;
        let Some(cond_t) = cond_t else {
            return Ok(Tree::Leaf(order));
        };
        let mut i = 0;
        let cond = parse_cond(self.text(), cond_t, &mut i).map_err(|why| {
            self.unread(
                span_of(cond_t).unwrap_or(self.line_span),
                format!("condition not understood: {why}"),
                None,
            )
        })?;
        let left = trim_end(cond_t.get(i..).unwrap_or(&[]));
        if let Some(span) = span_of(left) {
            return Err(self.unread(span, "words after the condition", None));
        }
        let mut cond = Spanned {
            value: cond,
            span: span_of(cond_t.get(..i).unwrap_or(&[])).unwrap_or(self.line_span),
            line: self.line,
        };
        let mut order = order;
        if let Some(target) = order.value.target_mut().map(|s| s.clone()) {
            cond_names_mut(&mut cond.value, &mut |n| resolve_pronoun(n, &target));
        }
        if let Some(s) = cond_subject(&cond.value).map(str::to_string)
            && let Some(t) = order.value.target_mut()
        {
            resolve_pronoun(t, &s);
        }
        Ok(Tree::If {
            cond,
            then: vec![Tree::Leaf(order)],
            otherwise: Vec::new(),
        })
    }

    /// One order without a trailing condition: its keyword looked up in
    /// the catalog, whose entry reads the rest.
    fn order(&mut self, raw: &str, t: &[Tok]) -> Result<Spanned<Order>, Unread> {
        let Some(first) = t.first() else {
            return Err(self.unread(self.line_span, "an empty order", None));
        };
        let span = span_of(t).unwrap_or(self.line_span);
        let key = squash(&first.lower);
        let Some(spec) = catalog::find(&key) else {
            return Err(self.unknown(first));
        };
        let mut written = Written {
            src: self.src,
            name: &self.name,
            key: &key,
            args: t.get(1..).unwrap_or(&[]),
            raw,
            span,
            diags: &mut self.diags,
        };
        let value = (spec.read)(&mut written)?;
        Ok(Spanned {
            value,
            span,
            line: self.line,
        })
    }

    /// A line that starts with no order's keyword.
    fn unknown(&self, first: &Tok) -> Unread {
        Unread {
            code: &codes::UNKNOWN_ORDER,
            message: format!(
                "`{}` is not an order",
                self.text()
                    .get(first.start..first.end)
                    .unwrap_or(&first.lower)
            ),
            span: first.span(),
            label: "unknown order".into(),
            help: suggest(&first.lower, keywords())
                .map(|s| format!("did you mean `{}`?", s.to_uppercase())),
        }
    }

    /// `FRONT` clauses on one line, separated by full stops.
    fn front_clauses(&self, toks: &[Tok]) -> Result<Vec<Spanned<FrontClause>>, Unread> {
        let mut out = Vec::new();
        for part in toks.split(|t| t.kind == Kind::Dot) {
            let part = trim_end(trim_start(part));
            if part.is_empty() {
                continue;
            }
            let span = span_of(part).unwrap_or(self.line_span);
            match front_clause(part) {
                Some(c) => out.push(Spanned {
                    value: c,
                    span,
                    line: self.line,
                }),
                None => {
                    return Err(self.unread(
                        span,
                        "death-roll modifier not understood",
                        Some(
                            "write `BRAVE 2`, `POLTROON 1`, `IF DEATH ROLL OVER 12 REDUCE IT TO 12` \
                             or `IF DR UNDER 9 RAISE IT TO 9`"
                                .into(),
                        ),
                    ));
                }
            }
        }
        if out.is_empty() {
            return Err(self.unread(self.line_span, "death-roll modifier not understood", None));
        }
        Ok(out)
    }
}
