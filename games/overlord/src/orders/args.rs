//! Reading an order's arguments, one typed value at a time, with a precise
//! diagnostic for every way an argument can be wrong.
//!
//! Each order's grammar (in `catalog/`) is written as calls on [`Args`]:
//! `let to = a.unit()?; let item = a.tag(TagKind::Item)?; …`. A method that
//! cannot read what was asked reports why and returns `None`, which ends that
//! order's parse; the order is then skipped, never the file (OV-ORD-028,
//! OV-ORD-029).

use umpire_core::Diagnostic;

use super::codes::{self, Code};
use super::context::LineCtx;
use super::lexer::{Token, TokenKind};
use super::refs::{
    FactionRef, LocationRef, NewId, NewKind, Shape, StructureRef, Tag, UnitRef, shape,
};
use super::vocabulary::{TagKind, Vocabulary};
use super::words::{Direction, WordList};

/// What the parser knows about the surroundings of the order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope<'a> {
    /// The faction of the envelope, for placeholder checks.
    pub faction: Option<FactionRef>,
    /// The unit receiving the order, for self-reference checks.
    pub unit: Option<UnitRef>,
    pub vocabulary: Option<&'a Vocabulary>,
}

/// The arguments of one order line.
pub struct Args<'a, 'd> {
    pub ctx: LineCtx<'a>,
    tokens: &'a [Token],
    pos: usize,
    /// Canonical keyword and syntax line, for messages.
    keyword: &'static str,
    syntax: &'static str,
    /// Where the keyword ends: missing arguments are reported after the last
    /// token read.
    last_end: u32,
    content_end: u32,
    pub scope: Scope<'a>,
    diags: &'d mut Vec<Diagnostic>,
    ok: bool,
    /// The shape of the token at this position, once computed: grammars
    /// peek at a token's shape and then read it.
    shape_cache: Option<(usize, Shape)>,
}

impl<'a, 'd> Args<'a, 'd> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        ctx: LineCtx<'a>,
        tokens: &'a [Token],
        keyword: &'static str,
        syntax: &'static str,
        keyword_end: u32,
        content_end: u32,
        scope: Scope<'a>,
        diags: &'d mut Vec<Diagnostic>,
    ) -> Args<'a, 'd> {
        Args {
            ctx,
            tokens,
            pos: 0,
            keyword,
            syntax,
            last_end: keyword_end,
            content_end,
            scope,
            diags,
            ok: true,
            shape_cache: None,
        }
    }

    /// False once any error was reported for this order.
    pub fn ok(&self) -> bool {
        self.ok
    }

    pub fn keyword(&self) -> &'static str {
        self.keyword
    }

    // ----- reporting -----

    /// Report an error (the order becomes invalid) and return `None`.
    pub fn fail<T>(&mut self, d: Diagnostic) -> Option<T> {
        self.ok = false;
        self.diags.push(d);
        None
    }

    /// Report a warning or note; the order stays valid.
    pub fn warn(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    pub fn diag_at(&self, code: &Code, tok: Token, message: impl Into<String>) -> Diagnostic {
        self.ctx.diag(code, tok.start, tok.end, message)
    }

    fn syntax_help(&self) -> String {
        format!("syntax: {}", self.syntax)
    }

    /// `GIVE` needs a unit id: reported just after the last argument read.
    pub fn missing<T>(&mut self, what: &str) -> Option<T> {
        let at = self.last_end;
        let d = self
            .ctx
            .diag(
                &codes::MISSING_ARGUMENT,
                at,
                at,
                format!("{} needs {what}", self.keyword),
            )
            .with_label(format!("expected {what} here"))
            .with_help(self.syntax_help());
        self.fail(d)
    }

    /// "expected a unit id, found `L47`", with a hint for the likely mix-up.
    pub fn wrong<T>(&mut self, tok: Token, expected: &str) -> Option<T> {
        let text = tok.text(self.ctx.text).to_string();
        let d = match (tok.kind, shape(&text)) {
            (TokenKind::Word, Shape::NewWrongCase(id)) => self
                .diag_at(
                    &codes::PLACEHOLDER_CASE,
                    tok,
                    format!("`{text}` has the wrong letter case for a placeholder id"),
                )
                .with_help(format!("placeholder ids are case-sensitive: write `{id}`")),
            (TokenKind::Word, Shape::NewBadDigits) => self
                .diag_at(
                    &codes::PLACEHOLDER_DIGITS,
                    tok,
                    format!("`{text}` is not a valid placeholder id"),
                )
                .with_help("placeholders end in exactly two digits, 00 to 99, e.g. `f06nU01`"),
            (TokenKind::Word, Shape::TooLarge) => self
                .diag_at(
                    &codes::NUMBER_OUT_OF_RANGE,
                    tok,
                    format!("`{text}` is too large"),
                )
                .with_help("numbers and ids go up to 4294967295"),
            (kind, sh) => {
                let found = match kind {
                    TokenKind::Quoted { .. } => "a quoted text".to_string(),
                    TokenKind::Word => describe(sh).to_string(),
                };
                self.diag_at(
                    &codes::WRONG_ARGUMENT,
                    tok,
                    format!("expected {expected}, found `{text}`"),
                )
                .with_label(format!("this is {found}"))
                .with_help(self.syntax_help())
            }
        };
        self.fail(d)
    }

    // ----- cursor -----

    pub fn peek(&self) -> Option<Token> {
        self.tokens.get(self.pos).copied()
    }

    /// The token after the next one.
    pub fn peek2(&self) -> Option<Token> {
        self.tokens.get(self.pos + 1).copied()
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    pub fn remaining(&self) -> usize {
        self.tokens.len().saturating_sub(self.pos)
    }

    /// Consume and return the next token.
    pub fn take(&mut self) -> Option<Token> {
        let t = self.peek()?;
        self.pos += 1;
        self.last_end = t.end;
        Some(t)
    }

    /// The shape of the next token, if it is a word.
    pub fn peek_shape(&mut self) -> Option<Shape> {
        let t = self.peek().filter(Token::is_word)?;
        Some(self.shape_at(self.pos, t))
    }

    fn shape_at(&mut self, pos: usize, t: Token) -> Shape {
        match self.shape_cache {
            Some((p, s)) if p == pos => s,
            _ => {
                let s = shape(t.text(self.ctx.text));
                self.shape_cache = Some((pos, s));
                s
            }
        }
    }

    pub fn text_of(&self, tok: Token) -> &'a str {
        tok.text(self.ctx.text)
    }

    /// True when the next word is `word` (any case); consumes it.
    pub fn eat_word(&mut self, word: &str) -> bool {
        match self.peek() {
            Some(t) if t.is_word() && t.text(self.ctx.text).eq_ignore_ascii_case(word) => {
                self.take();
                true
            }
            _ => false,
        }
    }

    /// Report anything left over; call after the last argument.
    pub fn finish(&mut self) {
        if let Some(first) = self.peek() {
            let last = self.tokens.last().copied().unwrap_or(first);
            let n = self.remaining();
            let d = self
                .ctx
                .diag(
                    &codes::EXTRA_ARGUMENTS,
                    first.start,
                    last.end,
                    format!(
                        "{} takes no further argument{}",
                        self.keyword,
                        if n > 1 { "s" } else { "" }
                    ),
                )
                .with_label(if n > 1 {
                    "unexpected arguments"
                } else {
                    "unexpected argument"
                })
                .with_help(self.syntax_help());
            self.fail::<()>(d);
            self.pos = self.tokens.len();
        }
    }

    // ----- typed arguments -----

    /// A unit id (`U222`) or a placeholder (`f06nU01`).
    pub fn unit(&mut self) -> Option<UnitRef> {
        let Some(tok) = self.take() else {
            return self.missing("a unit id");
        };
        match self.shape_of(tok) {
            Shape::Unit(n) => Some(UnitRef::Id(n)),
            Shape::New(
                id @ NewId {
                    kind: NewKind::Unit,
                    ..
                },
            ) => Some(UnitRef::New(id)),
            _ => self.wrong(tok, "a unit id (such as U222 or f06nU01)"),
        }
    }

    /// A unit id that must not be the unit receiving the order.
    pub fn other_unit(&mut self, role: &str) -> Option<UnitRef> {
        let tok = self.peek();
        let u = self.unit()?;
        if let (Some(me), Some(tok)) = (self.scope.unit, tok) {
            if me == u {
                let d = self
                    .diag_at(
                        &codes::SELF_REFERENCE,
                        tok,
                        format!("{u} cannot {role} itself"),
                    )
                    .with_label("this is the unit receiving the order");
                return self.fail(d);
            }
        }
        Some(u)
    }

    /// True when the next word has the shape of a unit id or placeholder
    /// (including misspelt placeholders, so that they get their diagnostic).
    pub fn peek_is_unit(&mut self) -> bool {
        matches!(
            self.peek_shape(),
            Some(
                Shape::Unit(_)
                    | Shape::New(NewId {
                        kind: NewKind::Unit,
                        ..
                    })
                    | Shape::NewWrongCase(_)
                    | Shape::NewBadDigits
            )
        )
    }

    /// A placeholder for a new unit of the order's own faction.
    pub fn own_new_unit(&mut self) -> Option<NewId> {
        let Some(tok) = self.take() else {
            return self.missing("a new unit's placeholder id");
        };
        match self.shape_of(tok) {
            Shape::New(
                id @ NewId {
                    kind: NewKind::Unit,
                    ..
                },
            ) => {
                self.check_own(tok, id)?;
                Some(id)
            }
            _ => self.wrong(tok, "a new unit's placeholder id (such as f06nU01)"),
        }
    }

    /// Reject a placeholder that belongs to another faction than the
    /// envelope's.
    pub fn check_own(&mut self, tok: Token, id: NewId) -> Option<()> {
        match self.scope.faction {
            Some(f) if f != id.owner() => {
                let d = self
                    .diag_at(&codes::FOREIGN_PLACEHOLDER, tok, format!("`{id}` is a placeholder of faction {}", id.owner()))
                    .with_help(format!("new entities of faction {f} are named {f}nU00 to {f}nU99 (units) and {f}nB00 to {f}nB99 (structures)"));
                self.fail(d)
            }
            _ => Some(()),
        }
    }

    pub fn location(&mut self) -> Option<LocationRef> {
        let Some(tok) = self.take() else {
            return self.missing("a location id");
        };
        match self.shape_of(tok) {
            Shape::Location(n) => Some(LocationRef(n)),
            _ => self.wrong(tok, "a location id (such as L47)"),
        }
    }

    pub fn peek_is_location(&mut self) -> bool {
        matches!(self.peek_shape(), Some(Shape::Location(_)))
    }

    /// A structure id (`B220`) or a new structure's placeholder (`f06nB01`).
    pub fn structure(&mut self) -> Option<StructureRef> {
        let Some(tok) = self.take() else {
            return self.missing("a structure id");
        };
        match self.shape_of(tok) {
            Shape::Structure(n) => Some(StructureRef::Id(n)),
            Shape::New(
                id @ NewId {
                    kind: NewKind::Building,
                    ..
                },
            ) => Some(StructureRef::New(id)),
            _ => self.wrong(tok, "a structure id (such as B220 or f06nB01)"),
        }
    }

    pub fn peek_is_structure(&mut self) -> bool {
        matches!(
            self.peek_shape(),
            Some(
                Shape::Structure(_)
                    | Shape::New(NewId {
                        kind: NewKind::Building,
                        ..
                    })
            )
        )
    }

    pub fn faction(&mut self) -> Option<FactionRef> {
        let Some(tok) = self.take() else {
            return self.missing("a faction id");
        };
        match self.shape_of(tok) {
            Shape::Faction(f) => Some(f),
            _ => self.wrong(tok, "a faction id (such as f06)"),
        }
    }

    pub fn peek_is_faction(&mut self) -> bool {
        matches!(self.peek_shape(), Some(Shape::Faction(_)))
    }

    pub fn peek_is_number(&mut self) -> bool {
        matches!(self.peek_shape(), Some(Shape::Number(_) | Shape::TooLarge))
    }

    /// A whole number of zero or more.
    pub fn number(&mut self, what: &str) -> Option<u32> {
        let Some(tok) = self.take() else {
            return self.missing(what);
        };
        match self.shape_of(tok) {
            Shape::Number(n) => Some(n),
            Shape::TooLarge => self.wrong(tok, what),
            _ => {
                let text = self.text_of(tok);
                let d = self
                    .diag_at(
                        &codes::NOT_A_NUMBER,
                        tok,
                        format!("expected {what}, found `{text}`"),
                    )
                    .with_help(if text.starts_with('-') {
                        "numbers cannot be negative".to_string()
                    } else {
                        self.syntax_help()
                    });
                self.fail(d)
            }
        }
    }

    /// A number within `min..=max`.
    pub fn number_in(&mut self, what: &str, min: u32, max: u32) -> Option<u32> {
        let tok = self.peek();
        let n = self.number(what)?;
        if (min..=max).contains(&n) {
            return Some(n);
        }
        let tok = tok?;
        let range = if max == u32::MAX {
            format!("at least {min}")
        } else {
            format!("from {min} to {max}")
        };
        let d = self.diag_at(
            &codes::NUMBER_OUT_OF_RANGE,
            tok,
            format!("{what} must be {range}, not {n}"),
        );
        self.fail(d)
    }

    /// A number if the next word is one.
    pub fn opt_number(&mut self, what: &str) -> Option<Option<u32>> {
        if self.peek_is_number() {
            self.number(what).map(Some)
        } else {
            Some(None)
        }
    }

    /// A tag of the given kind, checked against the vocabulary when there is
    /// one.
    pub fn tag(&mut self, kind: TagKind) -> Option<Tag> {
        let Some(tok) = self.take() else {
            return self.missing(&format!("{} tag", kind.article()));
        };
        self.tag_from(tok, kind)
    }

    /// Read `tok` as a tag of `kind`.
    pub fn tag_from(&mut self, tok: Token, kind: TagKind) -> Option<Tag> {
        let text = self.text_of(tok);
        let tag = match (tok.kind, Tag::new(text)) {
            (TokenKind::Word, Some(t)) => t,
            _ => return self.wrong(tok, &format!("{} tag", kind.article())),
        };
        self.check_known(tok, tag, kind)?;
        Some(tag)
    }

    /// Check `tag` against the vocabulary.
    pub fn check_known(&mut self, tok: Token, tag: Tag, kind: TagKind) -> Option<()> {
        let Some(vocab) = self.scope.vocabulary else {
            return Some(());
        };
        if vocab.knows(kind, tag) {
            return Some(());
        }
        let text = self.text_of(tok);
        let mut d = self
            .diag_at(
                &codes::UNKNOWN_TAG,
                tok,
                format!("unknown {} `{text}`", kind.noun()),
            )
            .with_label(format!("not {} of this game", kind.article()));
        if let Some((t, name)) = vocab.suggest(kind, text) {
            d = d.with_help(format!("did you mean `{t}` ({name})?"));
        } else if let Some(other) = vocab.kinds_of(tag).first() {
            let name = vocab.name(*other, tag).unwrap_or("");
            d = d.with_help(format!(
                "`{tag}` is {} ({name}), but {} goes here",
                other.article(),
                kind.article()
            ));
        }
        self.fail(d)
    }

    /// One of a closed list of words.
    pub fn word<W: WordList>(&mut self) -> Option<W> {
        let Some(tok) = self.take() else {
            return self.missing(W::WHAT);
        };
        self.word_from(tok)
    }

    /// Read `tok` as one of a closed list of words.
    pub fn word_from<W: WordList>(&mut self, tok: Token) -> Option<W> {
        let text = self.text_of(tok);
        if tok.is_word() {
            if let Some(w) = W::from_word(text) {
                return Some(w);
            }
        }
        let mut d = self
            .diag_at(
                &codes::UNKNOWN_WORD,
                tok,
                format!("expected {}, found `{text}`", W::WHAT),
            )
            .with_label(format!("not {}", W::WHAT));
        if let Some(s) = umpire_core::text::suggest(text, W::spellings()) {
            let canon = W::from_word(s).map_or(s, W::canonical);
            d = d.with_help(format!("did you mean `{canon}`?"));
        } else {
            let all: Vec<&str> = W::spellings().take(12).collect();
            d = d.with_help(format!("one of: {}", dedup_canonical::<W>(&all).join(", ")));
        }
        self.fail(d)
    }

    /// A direction, or a location id where the order accepts one.
    pub fn direction(&mut self) -> Option<Direction> {
        let Some(tok) = self.take() else {
            return self.missing("a direction");
        };
        let text = self.text_of(tok);
        if tok.is_word() {
            if let Some(d) = Direction::from_word(text) {
                return Some(d);
            }
            if ["E", "EAST", "W", "WEST"]
                .iter()
                .any(|w| w.eq_ignore_ascii_case(text))
            {
                let east = text.as_bytes()[0].eq_ignore_ascii_case(&b'E');
                let d = self
                    .diag_at(
                        &codes::NO_EAST_WEST,
                        tok,
                        format!("there is no `{text}` on a hex map"),
                    )
                    .with_help(if east {
                        "did you mean `NE` or `SE`?"
                    } else {
                        "did you mean `NW` or `SW`?"
                    });
                return self.fail(d);
            }
        }
        self.word_from::<Direction>(tok)
    }

    /// A free text: a quoted string, or the rest of the line (the overview's
    /// own example is `NAME The Emperor`, unquoted).
    pub fn text(&mut self, what: &str) -> Option<String> {
        let Some(first) = self.peek() else {
            return self.missing(what);
        };
        let value = match first.kind {
            TokenKind::Quoted { closed, .. } => {
                self.take();
                if !closed {
                    let d = self
                        .diag_at(&codes::UNTERMINATED_STRING, first, "missing closing quote")
                        .with_label("the text runs to the end of the line");
                    self.warn(d);
                }
                first.value(self.ctx.text)
            }
            TokenKind::Word => {
                let end = self.content_end;
                while self.take().is_some() {}
                self.ctx
                    .text
                    .get(first.start as usize..end as usize)
                    .unwrap_or("")
            }
        };
        if value.contains('"') && value.contains('”') {
            let d = self
                .diag_at(
                    &codes::UNPRINTABLE_TEXT,
                    first,
                    format!("{what} contains both `\"` and `”`"),
                )
                .with_help("use only one kind of double quote inside a text");
            return self.fail(d);
        }
        Some(value.to_string())
    }

    /// A text that must not be blank: a name.
    pub fn name_text(&mut self, what: &str) -> Option<String> {
        let before = self.peek();
        let text = self.text(what)?;
        if !text.trim().is_empty() {
            return Some(text);
        }
        match before {
            Some(tok) => {
                let d = self.diag_at(&codes::EMPTY_TEXT, tok, format!("{what} is empty"));
                self.fail(d)
            }
            None => self.missing(what),
        }
    }

    /// Shape of a token just taken (the one before the cursor).
    fn shape_of(&mut self, tok: Token) -> Shape {
        match tok.kind {
            TokenKind::Word => self.shape_at(self.pos.saturating_sub(1), tok),
            TokenKind::Quoted { .. } => Shape::Other,
        }
    }
}

fn dedup_canonical<W: WordList>(spellings: &[&'static str]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for s in spellings {
        if let Some(w) = W::from_word(s) {
            let c = w.canonical();
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// "a unit id", "a number", … for "found" labels.
fn describe(s: Shape) -> &'static str {
    match s {
        Shape::Number(_) | Shape::TooLarge => "a number",
        Shape::Unit(_) => "a unit id",
        Shape::Location(_) => "a location id",
        Shape::Structure(_) => "a structure id",
        Shape::Faction(_) => "a faction id",
        Shape::New(NewId {
            kind: NewKind::Unit,
            ..
        }) => "a new unit's placeholder id",
        Shape::New(NewId {
            kind: NewKind::Building,
            ..
        }) => "a new structure's placeholder id",
        Shape::NewWrongCase(_) | Shape::NewBadDigits => "a malformed placeholder id",
        Shape::Word => "a word",
        Shape::Other => "not a word",
    }
}
