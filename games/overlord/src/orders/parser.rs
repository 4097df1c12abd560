//! Reading a whole message: envelopes, the faction block, UNIT sections.
//!
//! The parser never fails and never panics: it returns what it understood
//! and a diagnostic for everything else. A bad order skips that order, a
//! bad UNIT line skips that unit's orders, never the file.
//!
//! - Lines before the first header and after END are ignored (OV-ORD-003,
//!   OV-SRV-004). Outside an envelope a header is recognised only when its
//!   second word is a faction id, so mail prose that happens to start with
//!   "Game" or "Report" is not taken for one.
//! - Header keywords may be written with or without `#` (OV-ORD-002).
//! - `GAME faction password [game-name] [turn]`: a numeric field is the turn,
//!   another word the game's name (decision OV-ORD-001).
//! - A message may hold several envelopes; a header inside an open envelope
//!   closes it (reported as a missing END, W0002).

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use umpire_core::source::position_in_line;
use umpire_core::{Diagnostic, Position, Span};

use super::args::{Args, Scope};
use super::ast::{
    Article, Envelope, EnvelopeKind, Header, Message, Order, OrderSet, UnitSection, Written,
};
use super::codes::{self, Code};
use super::context::LineCtx;
use super::lexer::{LineInfo, Token, TokenKind, lex_line, lex_next};
use super::prefix::{PrefixParse, Repeat, parse_prefix};
use super::refs::{FactionRef, NewKind, Shape, UnitRef, shape};
use super::registry::{self, Emit, FactionOrder, UnitOrder, parse_faction_order, parse_unit_order};
use super::spec::{Keyword, OrderSpec, Placement};
use super::vocabulary::Vocabulary;

/// The most orders a unit's list holds (OV-ORD-018).
pub const MAX_ORDERS_PER_UNIT: usize = 50;

/// What the parser may consult.
#[derive(Debug, Clone, Copy, Default)]
pub struct ParseOptions<'a> {
    /// Known tags; without one, tags are checked for shape only.
    pub vocabulary: Option<&'a Vocabulary>,
}

/// The result of reading a message.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub message: Message,
    /// In the order found; sort with [`Diagnostic::reading_order`] to print.
    pub diagnostics: Vec<Diagnostic>,
}

/// Read a whole message.
pub fn parse_message(source: &Arc<str>, text: &str, options: ParseOptions<'_>) -> Parsed {
    let mut p = MessageParser {
        source: Arc::clone(source),
        text,
        options,
        diags: Vec::new(),
        envelopes: Vec::new(),
        open: Open::Nothing,
        near_miss: None,
        order_sets: HashMap::default(),
        saw_header: false,
        pending: Vec::new(),
        pending_section: Vec::new(),
        unread: Vec::new(),
        sections: Vec::new(),
        section_at: Vec::new(),
        seen: HashMap::default(),
    };
    let mut tokens: Vec<Token> = Vec::with_capacity(16);
    let mut header_tokens: Vec<Token> = Vec::with_capacity(16);
    let source = Arc::clone(source);
    let mut at = 0usize;
    let mut number = 0u32;
    loop {
        let next = lex_next(text, at, &mut tokens);
        number = number.saturating_add(1);
        let ctx = LineCtx {
            source: &source,
            number,
            text: text.get(at..next.end).unwrap_or(""),
            offset: at,
        };
        p.line(&ctx, &tokens, next.info, &mut header_tokens);
        if next.next <= at || next.next >= text.len() {
            break;
        }
        at = next.next;
    }
    p.finish(text.len());
    Parsed {
        message: Message {
            envelopes: p.envelopes,
        },
        diagnostics: p.diags,
    }
}

/// Read one unit order written alone on a line (as in an order template),
/// with the given surroundings. Returns the order if it is valid.
pub fn parse_order_line(line: &str, scope: Scope<'_>) -> (Option<Order>, Vec<Diagnostic>) {
    let source: Arc<str> = Arc::from("<order>");
    let ctx = LineCtx {
        source: &source,
        number: 1,
        text: line,
        offset: 0,
    };
    let mut tokens = Vec::new();
    let info = lex_line(line, &mut tokens);
    let mut diags = Vec::new();
    let mut out = Vec::new();
    let order = match read_order(
        &ctx,
        &tokens,
        info,
        scope,
        Block::Unit,
        &mut diags,
        &mut out,
    ) {
        Some(Read::Unit) => out.pop().map(|o| o.value),
        _ => None,
    };
    (order, diags)
}

enum Open {
    Nothing,
    Orders(Box<OpenOrders>),
    /// Kind, article so far, where its header is, whether it is valid.
    Article(EnvelopeKind, Article, Located, bool),
}

/// An order set being read. Its sections and unit orders are gathered in
/// the parser's `sections` and `pending` lists and placed in the
/// [`OrderSet`] when it closes.
struct OpenOrders {
    /// False when the header lacks a faction or password: the body is
    /// checked, but the envelope is not kept.
    valid: bool,
    /// The envelope's faction, if its header named one.
    faction: Option<FactionRef>,
    header: Header,
    faction_orders: Vec<Written<FactionOrder>>,
    /// Where the header line is, for diagnostics at closing time.
    at: Located,
    section: Section,
    /// True once a unit's section was opened again further down: its orders
    /// are then not all together in `pending`.
    joined: bool,
}

/// A place in the message, kept for diagnostics given later.
#[derive(Debug, Clone, Copy)]
struct Located {
    span: Span,
    position: Position,
}

impl Located {
    fn of(ctx: &LineCtx<'_>, start: u32, end: u32) -> Located {
        Located {
            span: ctx.span(start, end),
            position: position_in_line(ctx.number, ctx.text, start as usize, end as usize),
        }
    }
}

/// Where a UNIT line names its unit: enough to make a [`Located`] (whose
/// column takes counting characters) only when a diagnostic needs one.
#[derive(Debug, Clone, Copy)]
struct Spot {
    /// 1-based line number.
    number: u32,
    /// Byte offsets of the line in the message.
    line_start: usize,
    line_end: usize,
    /// Bytes within the line.
    start: u32,
    end: u32,
}

impl Spot {
    fn of(ctx: &LineCtx<'_>, start: u32, end: u32) -> Spot {
        Spot {
            number: ctx.number,
            line_start: ctx.offset,
            line_end: ctx.offset + ctx.text.len(),
            start,
            end,
        }
    }

    /// The same place as [`Located::of`] would give on that line of `text`.
    fn locate(self, source: &Arc<str>, text: &str) -> Located {
        let ctx = LineCtx {
            source,
            number: self.number,
            text: text.get(self.line_start..self.line_end).unwrap_or(""),
            offset: self.line_start,
        };
        Located::of(&ctx, self.start, self.end)
    }
}

enum Section {
    /// Before the first UNIT line.
    Faction,
    /// Under a valid UNIT line; index into the parser's `sections`.
    Unit(usize),
    /// Under an invalid UNIT line: orders are checked, not stored.
    Discarded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeaderWord {
    Envelope(EnvelopeKind),
    End,
}

struct MessageParser<'o, 't> {
    source: Arc<str>,
    /// The whole message.
    text: &'t str,
    options: ParseOptions<'o>,
    diags: Vec<Diagnostic>,
    envelopes: Vec<Envelope>,
    open: Open,
    /// A line outside any envelope that looked like a header but was not.
    near_miss: Option<(u32, String)>,
    /// Line of the latest GAME header of each faction.
    order_sets: HashMap<FactionRef, u32>,
    saw_header: bool,
    /// The open order set's unit orders in reading order, and the section
    /// of each. Kept between order sets so that their room is reused.
    pending: Vec<Written<Order>>,
    pending_section: Vec<u32>,
    /// The open order set's order lines that were not read (an error
    /// says why): section, line.
    unread: Vec<(u32, u32)>,
    /// The open order set's sections so far; while reading, a section's
    /// `len` counts every order read for it (beyond
    /// [`MAX_ORDERS_PER_UNIT`] too).
    sections: Vec<UnitSection>,
    /// Where each section's first UNIT line names its unit, by section.
    section_at: Vec<Spot>,
    /// Section of the open order set by unit, to join repeated sections.
    seen: HashMap<UnitRef, u32>,
}

/// `GAME`, `#GAME`, `END`, … at the start of the line: the keyword and the
/// byte offset just after it.
fn header_word(line: &str) -> Option<(HeaderWord, usize)> {
    // Fast reject: header lines start (after spaces) with `#` or with the
    // first letter of GAME, PRESS, RUMOR, REPORT or END.
    let first = line.bytes().find(|b| !b.is_ascii_whitespace())?;
    if !matches!(first.to_ascii_uppercase(), b'#' | b'G' | b'P' | b'R' | b'E') {
        return None;
    }
    let trimmed = line.trim_start();
    let lead = line.len() - trimmed.len();
    let body = trimmed.strip_prefix('#').unwrap_or(trimmed);
    let hash = trimmed.len() - body.len();
    let word_len = body.bytes().take_while(u8::is_ascii_alphabetic).count();
    let word = &body[..word_len];
    let after = body[word_len..].chars().next();
    if !(after.is_none() || after.is_some_and(|c| c.is_whitespace() || c == '#')) {
        return None;
    }
    let kw = if word.eq_ignore_ascii_case("GAME") {
        HeaderWord::Envelope(EnvelopeKind::Game)
    } else if word.eq_ignore_ascii_case("PRESS") {
        HeaderWord::Envelope(EnvelopeKind::Press)
    } else if word.eq_ignore_ascii_case("RUMOR") || word.eq_ignore_ascii_case("RUMOUR") {
        HeaderWord::Envelope(EnvelopeKind::Rumor)
    } else if word.eq_ignore_ascii_case("REPORT") {
        HeaderWord::Envelope(EnvelopeKind::Report)
    } else if word.eq_ignore_ascii_case("END") {
        HeaderWord::End
    } else {
        return None;
    };
    Some((kw, lead + hash + word_len))
}

/// Tokens of the rest of a header line, after its keyword.
fn lex_after(line: &str, from: usize, tokens: &mut Vec<Token>) {
    let mut rest = Vec::new();
    lex_line(line.get(from..).unwrap_or(""), &mut rest);
    tokens.clear();
    tokens.extend(rest.into_iter().map(|t| shift(t, from as u32)));
}

fn shift(t: Token, by: u32) -> Token {
    let kind = match t.kind {
        TokenKind::Word => TokenKind::Word,
        TokenKind::Quoted {
            inner_start,
            inner_end,
            closed,
        } => TokenKind::Quoted {
            inner_start: inner_start + by,
            inner_end: inner_end + by,
            closed,
        },
    };
    Token {
        start: t.start + by,
        end: t.end + by,
        kind,
    }
}

impl MessageParser<'_, '_> {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// One line, already split into `tokens`.
    fn line(
        &mut self,
        ctx: &LineCtx<'_>,
        tokens: &[Token],
        info: LineInfo,
        scratch: &mut Vec<Token>,
    ) {
        if let Some((word, after)) = header_word(ctx.text) {
            match word {
                HeaderWord::End => {
                    if !matches!(self.open, Open::Nothing) {
                        self.close(true);
                    }
                    return;
                }
                HeaderWord::Envelope(kind) => {
                    // `#GAME` lexes as a comment: read the fields after the keyword.
                    lex_after(ctx.text, after, scratch);
                    if self.header(ctx, kind, after, scratch) {
                        return;
                    }
                }
            }
        }
        match &mut self.open {
            Open::Nothing => {}
            Open::Article(_, art, _, _) => {
                art.lines.push(ctx.text.trim_end().to_string());
            }
            Open::Orders(_) => {
                if tokens.is_empty() {
                    return;
                }
                let first = tokens[0];
                if first.is_word() && first.text(ctx.text).eq_ignore_ascii_case("UNIT") {
                    self.unit_line(ctx, tokens);
                } else {
                    self.order_line(ctx, tokens, info);
                }
            }
        }
    }

    /// The optional words of a header after the faction and password
    /// (`rest`): the game's name and, for GAME and REPORT, the turn.
    fn header_game_and_turn(
        &mut self,
        ctx: &LineCtx<'_>,
        kind: EnvelopeKind,
        rest: &[Token],
        syntax: &str,
    ) -> (Option<String>, Option<u32>) {
        let mut game: Option<String> = None;
        let mut turn: Option<u32> = None;
        for t in rest {
            let text = t.text(ctx.text);
            match (t.kind, shape(text)) {
                (TokenKind::Word, Shape::Number(n)) if turn.is_none() => {
                    if matches!(kind, EnvelopeKind::Press | EnvelopeKind::Rumor) {
                        self.push(ctx.diag(
                            &codes::TURN_IGNORED,
                            t.start,
                            t.end,
                            format!("{} takes no turn number", kind.keyword()),
                        ));
                    } else {
                        turn = Some(n);
                    }
                }
                (TokenKind::Word, Shape::Word | Shape::Other) | (TokenKind::Quoted { .. }, _)
                    if game.is_none() =>
                {
                    game = Some(t.value(ctx.text).to_string());
                }
                // A second turn number or game name.
                _ => self.push(
                    ctx.diag(
                        &codes::HEADER_EXTRA,
                        t.start,
                        t.end,
                        format!("unexpected `{text}` in the {} line", kind.keyword()),
                    )
                    .with_help(format!("syntax: {syntax}")),
                ),
            }
        }
        (game, turn)
    }

    /// Warn when faction `f` already sent an order set in this message.
    fn check_second_order_set(&mut self, ctx: &LineCtx<'_>, f: FactionRef) {
        let earlier = self.order_sets.insert(f, ctx.number);
        if let Some(line) = earlier {
            self.push(
                ctx.diag_line(
                    &codes::DUPLICATE_ORDER_SET,
                    format!("a second order set for {f} in this message"),
                )
                .with_note(format!("it replaces the one at line {line}")),
            );
        }
    }

    /// A header line; returns false when it is not taken as one (prose
    /// outside an envelope, or inside an article).
    fn header(
        &mut self,
        ctx: &LineCtx<'_>,
        kind: EnvelopeKind,
        kw_end: usize,
        tokens: &[Token],
    ) -> bool {
        let faction_tok = tokens.first().copied();
        let faction = faction_tok.and_then(|t| match (t.kind, shape(t.text(ctx.text))) {
            (TokenKind::Word, Shape::Faction(f)) => Some(f),
            _ => None,
        });
        if faction.is_none() && !matches!(self.open, Open::Orders(_)) {
            if matches!(self.open, Open::Nothing) && self.near_miss.is_none() {
                let what = match faction_tok {
                    Some(t) => format!("`{}` is not a faction id", t.text(ctx.text)),
                    None => "it names no faction".to_string(),
                };
                self.near_miss = Some((
                    ctx.number,
                    format!(
                        "line {} starts with {} but {what}",
                        ctx.number,
                        kind.keyword()
                    ),
                ));
            }
            return false;
        }
        let kw_start = (ctx.text.len() - ctx.text.trim_start().len()) as u32;
        let line_end = tokens.last().map_or(kw_end as u32, |t| t.end);
        let at = Located::of(ctx, kw_start, kw_end as u32);
        if !matches!(self.open, Open::Nothing) {
            self.close(false);
        }
        self.saw_header = true;
        let mut password: Option<String> = None;
        let syntax = match kind {
            EnvelopeKind::Game => "GAME faction-id password [game-name] [turn]",
            EnvelopeKind::Press => "PRESS faction-id password [game-name]",
            EnvelopeKind::Rumor => "RUMOR faction-id password [game-name]",
            EnvelopeKind::Report => "REPORT faction-id password [game-name] [turn]",
        };
        match faction_tok {
            None => self.push(
                ctx.diag(
                    &codes::HEADER_FACTION,
                    kw_end as u32,
                    kw_end as u32,
                    format!("{} line without a faction id", kind.keyword()),
                )
                .with_label("expected a faction id such as f06")
                .with_help(format!("syntax: {syntax}")),
            ),
            Some(t) if faction.is_none() => self.push(
                ctx.diag(
                    &codes::HEADER_FACTION,
                    t.start,
                    t.end,
                    format!("`{}` is not a faction id", t.text(ctx.text)),
                )
                .with_help(format!("syntax: {syntax}")),
            ),
            Some(_) => {}
        }
        match tokens.get(1) {
            Some(t) => password = Some(t.value(ctx.text).to_string()),
            None if faction_tok.is_some() => {
                let at = faction_tok.map_or(kw_end as u32, |t| t.end);
                self.push(
                    ctx.diag(
                        &codes::HEADER_PASSWORD,
                        at,
                        at,
                        format!("{} line without a password", kind.keyword()),
                    )
                    .with_label("expected the faction's password")
                    .with_help(format!("syntax: {syntax}")),
                );
            }
            None => {}
        }
        let (game, turn) =
            self.header_game_and_turn(ctx, kind, &tokens[tokens.len().min(2)..], syntax);
        if kind == EnvelopeKind::Game {
            if let Some(f) = faction {
                self.check_second_order_set(ctx, f);
            }
        }
        // A header without faction or password makes the whole submission
        // invalid: its body is still checked, but nothing of it is kept.
        let valid = faction.is_some() && password.is_some();
        let header = Header {
            kind,
            faction: faction.unwrap_or(FactionRef::Player(0)),
            password: password.unwrap_or_default(),
            game,
            turn,
            line: ctx.number,
            span: ctx.span(kw_start, line_end),
            closed: kind == EnvelopeKind::Report,
            password_checked: false,
        };
        self.open = match kind {
            EnvelopeKind::Game => {
                self.pending.clear();
                self.pending_section.clear();
                self.sections.clear();
                self.section_at.clear();
                self.seen.clear();
                Open::Orders(Box::new(OpenOrders {
                    valid,
                    faction,
                    header,
                    faction_orders: Vec::new(),
                    at,
                    section: Section::Faction,
                    joined: false,
                }))
            }
            EnvelopeKind::Press | EnvelopeKind::Rumor => Open::Article(
                kind,
                Article {
                    header,
                    lines: Vec::new(),
                },
                at,
                valid,
            ),
            EnvelopeKind::Report => {
                if valid {
                    self.envelopes.push(Envelope::Report(header));
                }
                Open::Nothing
            }
        };
        true
    }

    fn unit_line(&mut self, ctx: &LineCtx<'_>, tokens: &[Token]) {
        let Open::Orders(open) = &mut self.open else {
            return;
        };
        let own = open.faction;
        let unit = match tokens.get(1) {
            None => {
                let at = tokens[0].end;
                self.diags.push(
                    ctx.diag(&codes::BAD_UNIT_LINE, at, at, "UNIT line without a unit id")
                        .with_label("expected a unit id such as U222")
                        .with_note("the orders under this line are checked but not stored"),
                );
                None
            }
            Some(t) => unit_id(ctx, *t, own, &mut self.diags),
        };
        if let Some(extra) = tokens.get(2) {
            let last = tokens.last().copied().unwrap_or(*extra);
            self.diags.push(
                ctx.diag(
                    &codes::UNIT_LINE_EXTRA,
                    extra.start,
                    last.end,
                    "extra text after the unit id is ignored",
                )
                .with_help("put notes after a `#`"),
            );
        }
        let id_at = tokens.get(1).map_or_else(
            || Spot::of(ctx, tokens[0].start, tokens[0].end),
            |t| Spot::of(ctx, t.start, t.end),
        );
        open.section = match unit {
            None => Section::Discarded,
            Some(u) => match self.seen.get(&u) {
                Some(&i) => {
                    let i = i as usize;
                    let first = self.section_at.get(i).map_or(0, |l| l.number);
                    self.diags.push(
                        ctx.diag_line(
                            &codes::DUPLICATE_UNIT_SECTION,
                            format!("{u} already has orders above"),
                        )
                        .with_note(format!(
                            "its orders from line {first} and from here are joined"
                        )),
                    );
                    open.joined = true;
                    Section::Unit(i)
                }
                None => {
                    let i = self.sections.len();
                    self.sections.push(UnitSection::new(u, ctx.number));
                    self.seen.insert(u, i as u32);
                    self.section_at.push(id_at);
                    Section::Unit(i)
                }
            },
        };
    }

    fn order_line(&mut self, ctx: &LineCtx<'_>, tokens: &[Token], info: LineInfo) {
        let Open::Orders(open) = &mut self.open else {
            return;
        };
        let (block, unit, position) = match open.section {
            Section::Faction => (Block::Faction, None, 0),
            Section::Unit(i) => (
                Block::Unit,
                Some(self.sections[i].unit),
                self.sections[i].order_count(),
            ),
            Section::Discarded => (Block::Unit, None, 0),
        };
        let scope = Scope {
            faction: open.faction,
            unit,
            vocabulary: self.options.vocabulary,
        };
        let block = if position > 0 {
            Block::UnitAfterFirst
        } else {
            block
        };
        let read = read_order(
            ctx,
            tokens,
            info,
            scope,
            block,
            &mut self.diags,
            &mut self.pending,
        );
        match (read, &open.section) {
            (None, &Section::Unit(i)) => self.unread.push((i as u32, ctx.number)),
            (None, _) => {}
            (Some(Read::Faction(order)), _) => open.faction_orders.push(Written {
                value: order,
                line: ctx.number,
                span: ctx.span(tokens[0].start, info.content_end),
            }),
            (Some(Read::Unit), &Section::Unit(i)) => {
                self.sections[i].count_order();
                self.pending_section.push(i as u32);
            }
            // Orders under an invalid UNIT line are checked, not kept.
            (Some(Read::Unit), _) => {
                self.pending.pop();
            }
        }
    }

    /// Close the open envelope; `by_end` when an END line closed it.
    fn close(&mut self, by_end: bool) {
        match std::mem::replace(&mut self.open, Open::Nothing) {
            Open::Nothing => {}
            Open::Orders(open) => {
                let OpenOrders {
                    valid,
                    mut header,
                    faction_orders,
                    at,
                    joined,
                    ..
                } = *open;
                header.closed = by_end;
                if !by_end {
                    self.missing_end(&header, at);
                }
                let orders = self.place_orders(joined);
                // The sections in a list of their own size; the parser's
                // stays for the next order set.
                let units = self.sections.to_vec();
                self.sections.clear();
                self.section_at.clear();
                if valid {
                    self.envelopes.push(Envelope::Orders(OrderSet::new(
                        header,
                        faction_orders,
                        units,
                        orders,
                    )));
                }
            }
            Open::Article(kind, mut art, at, valid) => {
                art.header.closed = by_end;
                if !by_end {
                    self.missing_end(&art.header, at);
                }
                while art.lines.last().is_some_and(|l| l.trim().is_empty()) {
                    art.lines.pop();
                }
                if art.lines.iter().all(|l| l.trim().is_empty()) {
                    self.push(self.diag_at(
                        &codes::EMPTY_ARTICLE,
                        at,
                        format!("the {} article is empty", kind.keyword()),
                    ));
                }
                if valid {
                    self.envelopes.push(match kind {
                        EnvelopeKind::Rumor => Envelope::Rumor(art),
                        _ => Envelope::Press(art),
                    });
                }
            }
        }
    }

    fn diag_at(&self, code: &Code, at: Located, message: String) -> Diagnostic {
        Diagnostic::new(code.severity, code.code, Arc::clone(&self.source), message)
            .at(at.span, at.position)
    }

    fn missing_end(&mut self, h: &Header, at: Located) {
        let d = self
            .diag_at(
                &codes::MISSING_END,
                at,
                format!("the {} envelope is not closed by END", h.kind.keyword()),
            )
            .with_label("opened here")
            .with_help("add a line reading END after the last line that belongs to it");
        self.push(d);
    }

    /// Once an order set is complete: its unit orders from `pending`,
    /// section after section (each section's `first` and `len` set), and
    /// the structural checks of its sections.
    fn place_orders(&mut self, joined: bool) -> Vec<Written<Order>> {
        let mut pending = std::mem::take(&mut self.pending);
        let mut units = std::mem::take(&mut self.sections);
        let unit_at = std::mem::take(&mut self.section_at);
        let unread = std::mem::take(&mut self.unread);
        if joined {
            // Bring each unit's orders together, in reading order.
            let mut tagged: Vec<(u32, Written<Order>)> = self
                .pending_section
                .drain(..)
                .zip(pending.drain(..))
                .collect();
            tagged.sort_by_key(|(section, _)| *section);
            pending.extend(tagged.into_iter().map(|(_, o)| o));
        }
        self.pending_section.clear();
        // Units this set's orders create, if a section names a placeholder.
        let created: Vec<UnitRef> = if units.iter().any(|u| matches!(u.unit, UnitRef::New(_))) {
            pending
                .iter()
                .filter_map(|o| match &o.value.order {
                    UnitOrder::Recruit(r) => Some(r.into),
                    UnitOrder::Split(s) => Some(UnitRef::New(s.new_unit)),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut start = 0usize;
        let mut too_many = false;
        for (index, (section, &spot)) in units.iter().zip(&unit_at).enumerate() {
            let at = || spot.locate(&self.source, self.text);
            let count = section.order_count();
            let orders = pending.get(start..start + count).unwrap_or(&[]);
            start += count;
            // One mistake, one finding: a section whose only orders could
            // not be read is told so on the error of its last one.
            let last_unread = unread
                .iter()
                .rev()
                .find(|(s, _)| *s as usize == index)
                .map(|&(_, line)| line);
            let told = count == 0
                && last_unread.is_some_and(|line| {
                    self.diags
                        .iter_mut()
                        .rev()
                        .find(|d| d.is_error() && d.position.is_some_and(|p| p.line == line))
                        .map(|d| {
                            d.notes.push(format!(
                                "{} has no other orders: its pending orders will be cleared and it will WORK",
                                section.unit
                            ));
                        })
                        .is_some()
                });
            if count == 0 && !told {
                self.diags.push(
                    self.diag_at(
                        &codes::EMPTY_UNIT_SECTION,
                        at(),
                        format!("no orders for {}", section.unit),
                    )
                    .with_label("no orders follow")
                    .with_note("its pending orders will be cleared and it will WORK"),
                );
            }
            if let UnitRef::New(id) = section.unit {
                if !created.contains(&section.unit) {
                    self.diags.push(
                        self.diag_at(
                            &codes::PLACEHOLDER_NEVER_CREATED,
                            at(),
                            format!("nothing in these orders creates {id}"),
                        )
                        .with_help(format!(
                            "create it with `RECRUIT {id} number race price` or `SPLIT {id} number`"
                        )),
                    );
                }
            }
            if count > MAX_ORDERS_PER_UNIT {
                too_many = true;
                self.too_many_orders(
                    section.unit,
                    orders.get(MAX_ORDERS_PER_UNIT..).unwrap_or(&[]),
                );
            }
        }
        // The orders kept: all of them, or the first MAX_ORDERS_PER_UNIT of
        // each section.
        let mut kept = Vec::with_capacity(pending.len());
        let mut next = 0u32;
        if too_many {
            let mut all = pending.drain(..);
            for section in units.iter_mut() {
                let count = section.order_count();
                let keep = count.min(MAX_ORDERS_PER_UNIT);
                kept.extend(all.by_ref().take(keep));
                if count > keep {
                    all.nth(count - keep - 1);
                }
                section.place(next, keep);
                next += keep as u32;
            }
        } else {
            kept.append(&mut pending);
            for section in units.iter_mut() {
                let count = section.order_count();
                section.place(next, count);
                next += count as u32;
            }
        }
        pending.clear();
        self.pending = pending;
        self.sections = units;
        self.section_at = unit_at;
        kept
    }

    /// E0310 for a section with more than [`MAX_ORDERS_PER_UNIT`] orders;
    /// `dropped` are those beyond.
    fn too_many_orders(&mut self, unit: UnitRef, dropped: &[Written<Order>]) {
        let Some(first) = dropped.first() else {
            return;
        };
        let mut d = Diagnostic::new(
            codes::TOO_MANY_ORDERS.severity,
            codes::TOO_MANY_ORDERS.code,
            Arc::clone(&self.source),
            format!(
                "{} has {} orders; only the first {MAX_ORDERS_PER_UNIT} are kept",
                unit,
                MAX_ORDERS_PER_UNIT + dropped.len()
            ),
        );
        d.position = Some(Position {
            line: first.line,
            column: 1,
            end_column: 2,
        });
        d.span = Some(first.span);
        for o in dropped.iter().take(10) {
            d = d.with_note(format!("dropped line {}: {}", o.line, o.value));
        }
        if dropped.len() > 10 {
            d = d.with_note(format!("and {} more", dropped.len() - 10));
        }
        self.diags.push(d);
    }

    fn finish(&mut self, len: usize) {
        if !matches!(self.open, Open::Nothing) {
            self.close(false);
        }
        if !self.saw_header {
            let mut d = Diagnostic::error(
                codes::NO_ENVELOPE.code,
                Arc::clone(&self.source),
                "no GAME, PRESS, RUMOR or REPORT line: nothing here would be read",
            )
            .with_help("start the orders with `GAME faction-id password` and end them with `END`");
            if let Some((line, what)) = self.near_miss.take() {
                d = d.with_note(what);
                d.position = Some(Position {
                    line,
                    column: 1,
                    end_column: 2,
                });
            }
            d.span = Some(Span::new(0, len.min(1)));
            self.diags.push(d);
        }
    }
}

/// The id on a UNIT line. A bare number is read as a unit id, as in the
/// rules' own `UNIT 206` (decision OV-ORD-014).
fn unit_id(
    ctx: &LineCtx<'_>,
    t: Token,
    own: Option<FactionRef>,
    diags: &mut Vec<Diagnostic>,
) -> Option<UnitRef> {
    let text = t.text(ctx.text);
    let note = "the orders under this line are checked but not stored";
    let s = if t.is_word() {
        shape(text)
    } else {
        Shape::Other
    };
    match s {
        Shape::Unit(n) | Shape::Number(n) => Some(UnitRef::Id(n)),
        Shape::New(id) if id.kind == NewKind::Unit => match own {
            Some(f) if f != id.owner() => {
                diags.push(
                    ctx.diag(
                        &codes::FOREIGN_PLACEHOLDER,
                        t.start,
                        t.end,
                        format!("`{id}` is a placeholder of faction {}", id.owner()),
                    )
                    .with_help(format!("your new units are named {f}nU00 to {f}nU99"))
                    .with_note(note),
                );
                None
            }
            _ => Some(UnitRef::New(id)),
        },
        Shape::NewWrongCase(id) => {
            diags.push(
                ctx.diag(
                    &codes::PLACEHOLDER_CASE,
                    t.start,
                    t.end,
                    format!("`{text}` has the wrong letter case for a placeholder id"),
                )
                .with_help(format!("placeholder ids are case-sensitive: write `{id}`"))
                .with_note(note),
            );
            None
        }
        Shape::NewBadDigits => {
            diags.push(
                ctx.diag(
                    &codes::PLACEHOLDER_DIGITS,
                    t.start,
                    t.end,
                    format!("`{text}` is not a valid placeholder id"),
                )
                .with_help("placeholders end in exactly two digits, 00 to 99, e.g. `f06nU01`")
                .with_note(note),
            );
            None
        }
        _ => {
            diags.push(
                ctx.diag(
                    &codes::BAD_UNIT_LINE,
                    t.start,
                    t.end,
                    format!("`{text}` is not a unit id"),
                )
                .with_label("expected a unit id such as U222 or f06nU01")
                .with_note(note),
            );
            None
        }
    }
}

/// Where an order line stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    Faction,
    /// First order of a unit section.
    Unit,
    /// A later order of a unit section.
    UnitAfterFirst,
}

enum Read {
    Faction(FactionOrder),
    /// A valid unit order, pushed at the end of the list given.
    Unit,
}

/// Read one order line (prefixes, keyword, arguments) in its block. A valid
/// unit order is pushed onto `out` (built in place rather than passed back);
/// `out` is as it was when the order is not valid.
fn read_order(
    ctx: &LineCtx<'_>,
    tokens: &[Token],
    info: LineInfo,
    scope: Scope<'_>,
    block: Block,
    diags: &mut Vec<Diagnostic>,
    out: &mut Vec<Written<Order>>,
) -> Option<Read> {
    if tokens.is_empty() {
        return None;
    }
    let prefix = parse_prefix(ctx, tokens, diags);
    let Some(kw_at) = prefix.keyword else {
        if !prefix.any {
            let t = tokens[0];
            diags.push(
                ctx.diag(
                    &codes::EXPECTED_KEYWORD,
                    t.start,
                    t.end,
                    "expected an order",
                )
                .with_label("an order keyword should come first")
                .with_help("see `umpire overlord help` for the orders"),
            );
        }
        return None;
    };
    let kw_tok = tokens[kw_at.token];
    let word = ctx
        .text
        .get(kw_at.start as usize..kw_tok.end as usize)
        .unwrap_or("");
    let Some(found) = registry::lookup(word) else {
        diags.push(unknown_keyword(ctx, word, kw_at.start, kw_tok.end));
        return None;
    };
    let spec = found.keyword.spec();
    if found.alias.is_some_and(|a| a.legacy) {
        diags.push(
            ctx.diag(
                &codes::LEGACY_SPELLING,
                kw_at.start,
                kw_tok.end,
                format!(
                    "`{word}` is the original engine's spelling of {}",
                    spec.name
                ),
            )
            .with_help(format!("write `{}`", spec.name)),
        );
    }
    let mut a = Args::new(
        *ctx,
        &tokens[kw_at.token + 1..],
        spec.name,
        spec.syntax,
        kw_tok.end,
        info.content_end,
        scope,
        diags,
    );
    if let Some(d) = misplaced(ctx, block, spec, &prefix, kw_at.start, kw_tok.end) {
        a.fail::<()>(d);
        return None;
    }
    match block {
        Block::Faction => {
            let mut order = None;
            parse_faction_order(found.keyword, &mut a, |o| order = Some(o));
            let order = order?;
            a.finish();
            a.ok().then_some(Read::Faction(order))
        }
        Block::Unit | Block::UnitAfterFirst => {
            let before = out.len();
            let emit = PushOrder {
                out: &mut *out,
                prefix: prefix.prefix,
                line: ctx.number,
                span: ctx.span(tokens[0].start, info.content_end),
            };
            if parse_unit_order(found.keyword, &mut a, emit) != Some(true) {
                return None;
            }
            a.finish();
            if !(a.ok() && prefix.ok) {
                out.truncate(before);
                return None;
            }
            prefix_meaning(ctx, &prefix, kw_tok.end, found.keyword, diags);
            if found.keyword == Keyword::Retreat && block == Block::UnitAfterFirst {
                out.truncate(before);
                diags.push(
                    ctx.diag(
                        &codes::RETREAT_NOT_FIRST,
                        kw_at.start,
                        kw_tok.end,
                        "RETREAT must be the unit's first order",
                    )
                    .with_help("move RETREAT to the line just after UNIT"),
                );
                return None;
            }
            Some(Read::Unit)
        }
    }
}

/// The error for `word` where an order keyword should be, with the nearest
/// order's name when there is one.
fn unknown_keyword(ctx: &LineCtx<'_>, word: &str, start: u32, end: u32) -> Diagnostic {
    let d = ctx
        .diag(
            &codes::UNKNOWN_KEYWORD,
            start,
            end,
            format!("`{word}` is not an order"),
        )
        .with_label("unknown order");
    if let Some(s) = umpire_core::text::suggest(word, registry::spellings()) {
        let canonical = registry::lookup(s).map_or(s, |f| f.keyword.spec().name);
        d.with_help(format!("did you mean `{canonical}`?"))
    } else if word.eq_ignore_ascii_case("UNIT") {
        d.with_help("UNIT must start the line, without prefixes")
    } else {
        d.with_help("see `umpire overlord help` for the orders")
    }
}

/// The error for an order in the wrong block: a faction order with a
/// prefix or a unit order before any UNIT line, a faction order after one.
/// `start..end` is the keyword.
fn misplaced(
    ctx: &LineCtx<'_>,
    block: Block,
    spec: &OrderSpec,
    prefix: &PrefixParse,
    start: u32,
    end: u32,
) -> Option<Diagnostic> {
    match block {
        Block::Faction if prefix.any => Some(
            ctx.diag(
                &codes::PREFIX_ON_FACTION_ORDER,
                prefix.start,
                prefix.end,
                format!("{} here is a faction order and takes no prefix", spec.name),
            )
            .with_help("faction orders apply before day 1; put unit orders after a UNIT line"),
        ),
        Block::Faction if spec.placement == Placement::Unit => Some(
            ctx.diag(
                &codes::UNIT_ORDER_IN_FACTION_BLOCK,
                start,
                end,
                format!(
                    "{} is a unit order, but no UNIT line came before it",
                    spec.name
                ),
            )
            .with_label("before the first UNIT line")
            .with_help("put a `UNIT id` line above the orders for that unit"),
        ),
        Block::Unit | Block::UnitAfterFirst if spec.placement == Placement::Faction => Some(
            ctx.diag(
                &codes::FACTION_ORDER_IN_UNIT_SECTION,
                start,
                end,
                format!(
                    "{} is a faction order and must come before the first UNIT line",
                    spec.name
                ),
            )
            .with_label("after a UNIT line"),
        ),
        _ => None,
    }
}

/// Pushes a unit order, with its prefixes and where it was written, onto
/// the parser's list.
struct PushOrder<'a> {
    out: &'a mut Vec<Written<Order>>,
    prefix: super::prefix::Prefix,
    line: u32,
    span: Span,
}

impl Emit<UnitOrder> for PushOrder<'_> {
    #[inline(always)]
    fn emit(self, order: UnitOrder) {
        self.out.push(Written {
            value: Order {
                prefix: self.prefix,
                order,
            },
            line: self.line,
            span: self.span,
        });
    }
}

/// Warn about prefixes the rules say have no effect on this order.
fn prefix_meaning(
    ctx: &LineCtx<'_>,
    prefix: &super::prefix::PrefixParse,
    kw_end: u32,
    keyword: Keyword,
    diags: &mut Vec<Diagnostic>,
) {
    let spec = keyword.spec();
    match prefix.prefix.repeat {
        Repeat::Days(n) if !spec.takes_count() => {
            let why = if spec.traits.movement {
                format!("{} takes as long as the journey takes", spec.name)
            } else if spec.traits.one_shot {
                format!(
                    "{} is a one-shot order: it ends when it executes",
                    spec.name
                )
            } else {
                format!("{} is an immediate order and has no duration", spec.name)
            };
            diags.push(
                ctx.diag(
                    &codes::COUNT_IGNORED,
                    prefix.start,
                    kw_end,
                    format!("the count {n} has no effect here"),
                )
                .with_note(why),
            );
        }
        Repeat::Always if !spec.takes_repeat() => diags.push(
            ctx.diag(
                &codes::REPEAT_IGNORED,
                prefix.start,
                kw_end,
                format!("`@` has no effect on {}", spec.name),
            )
            .with_note(format!(
                "{} is a condition: it leaves the list the first time it succeeds",
                spec.name
            )),
        ),
        _ => {}
    }
}
