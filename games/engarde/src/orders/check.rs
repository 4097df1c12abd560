//! The order checker: what a parsed sheet may not do.
//!
//! Conditions may test only what has already happened (EG-COND-001): the
//! present state of the world, and results of earlier weeks. An IF whose
//! condition is illegal is skipped whole, THEN and ELSE alike, and reported
//! with the reason (EG-COND-013). A week runs one action: the first
//! unconditional one in the text (EG-MON-005).

use std::sync::Arc;

use umpire_core::diagnostic::Diagnostic;
use umpire_core::source::{SourceFile, Span};
use umpire_core::text::suggest;

use super::ast::{
    ActionKind, Block, Cond, OrderSheet, Premonthly, Vocabulary, WeekRef, Weekly, name_key,
    table_key,
};
use super::codes::{self, Code};
use super::words::same_name;

/// The name among `known` nearest to `name` when both are compared by
/// `key` (`comte de villers` finds `the Comte de Villars`), if one is near.
pub fn nearest<'v>(
    name: &str,
    known: impl Iterator<Item = &'v str>,
    key: fn(&str) -> String,
) -> Option<&'v str> {
    let keyed: Vec<(String, &'v str)> = known.map(|k| (key(k), k)).collect();
    let found = suggest(&key(name), keyed.iter().map(|(k, _)| k.as_str()))?;
    keyed.iter().find(|(k, _)| k == found).map(|(_, n)| *n)
}

/// Where a condition is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Guarding a premonthly order: before any week of the month.
    Premonthly,
    /// Guarding an order of week 1 to 4.
    Week(u8),
    /// In the FRONT block (death-roll modifiers).
    Front,
}

/// The reason `cond` may not be used in `phase`, or `None` when it may.
pub fn illegal(cond: &Cond, phase: Phase) -> Option<String> {
    match cond {
        Cond::Not(a) => illegal(a, phase),
        Cond::And(a, b) | Cond::Or(a, b) => illegal(a, phase).or_else(|| illegal(b, phase)),
        Cond::InParis(_) | Cond::AtFront(_) | Cond::CashAtLeast(_) => None,
        Cond::DeathRoll { .. } => match phase {
            Phase::Front => None,
            _ => Some(
                "the death roll is rolled only at the front: it can be tested only by the \
                 death-roll modifiers of the FRONT block (EG-COND-012)"
                    .into(),
            ),
        },
        Cond::Gives { who, amount } => Some(format!(
            "`{who} GIVES ME {amount}` depends on the future; it is allowed only as the \
             condition of a single `APPOINT {who} …` (EG-COND-010)"
        )),
        Cond::Appoints { who, post } => Some(format!(
            "`{who} APPOINTS ME {}` depends on the future; it is allowed only as the \
             condition of a single `GIVE {who} …` (EG-COND-008)",
            post.name()
        )),
        Cond::Did {
            action: ActionKind::Bawdyhouse,
            ..
        } => Some(
            "a visit to the bawdyhouse is never known to anyone else, so it can never be \
             tested (EG-COND-007)"
                .into(),
        ),
        Cond::Received { week, .. } => future(*week, phase, "whether you were received"),
        Cond::Did { week, action, .. } => future(
            *week,
            phase,
            &format!("what was done ({})", action.word().to_uppercase()),
        ),
    }
}

/// Whether a test of a week's results is still in the future in `phase`.
fn future(week: WeekRef, phase: Phase, what: &str) -> Option<String> {
    match phase {
        Phase::Premonthly => Some(format!(
            "depends on the future: premonthly orders run before any week of this month, \
             so {what} is not known yet (EG-COND-001)"
        )),
        Phase::Front => Some(format!(
            "depends on the future: {what} is not known when the front's rolls are made \
             (EG-COND-001)"
        )),
        Phase::Week(n) => match week {
            WeekRef::Last if n <= 1 => Some(format!(
                "depends on the future: in week 1 there is no last week this month, so {what} \
                 is not known (EG-COND-001)"
            )),
            WeekRef::Last => None,
            WeekRef::Week(m) if m == n => Some(format!(
                "depends on the future: week {n}'s orders are resolved together, so {what} in \
                 week {m} is not known when they run (EG-COND-002, EG-COND-005)"
            )),
            WeekRef::Week(m) if m > n => Some(format!(
                "depends on the future: week {m} comes after week {n}, so {what} in week {m} \
                 is not known yet (EG-COND-001)"
            )),
            WeekRef::Week(_) => None,
        },
    }
}

/// Check a parsed sheet. `vocab` lists the names of the world; an empty
/// list skips that check.
pub fn check(sheet: &OrderSheet, vocab: &Vocabulary, source: &SourceFile) -> Vec<Diagnostic> {
    let mut c = Checker {
        source,
        name: source.shared_name(),
        vocab,
        diags: Vec::new(),
        left_out: 0,
    };
    match &sheet.character {
        None => {
            let d = Diagnostic::new(
                codes::NO_CHARACTER.severity,
                codes::NO_CHARACTER.code,
                Arc::clone(&c.name),
                "the sheet has no CHARACTER line",
            )
            .with_help("start the sheet with `CHARACTER your character's name`")
            .with_note("without it the orders cannot be given to anyone");
            c.diags.push(d);
        }
        Some(ch) => c.character(&ch.value, ch.span),
    }
    c.premonthly(&sheet.premonthly);
    for (k, week) in (1u8..).zip(sheet.weeks.iter()) {
        c.week(k, week);
    }
    c.diags.sort_by_key(Diagnostic::reading_order);
    c.diags
}

struct Checker<'a> {
    source: &'a SourceFile,
    name: Arc<str>,
    vocab: &'a Vocabulary,
    diags: Vec<Diagnostic>,
    /// Inside this many IF blocks whose condition has an error: the
    /// block is left out whole, so nothing in it "runs first".
    left_out: usize,
}

impl Checker<'_> {
    fn diag(&self, code: &Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(code.severity, code.code, Arc::clone(&self.name), message)
            .at(span, self.source.position(span))
    }

    /// `name` is not among `known` (compared by `key`, as the month
    /// finds them; `keys` holds the keys when indexed): say so, with the
    /// nearest name.
    #[allow(clippy::too_many_arguments)]
    fn unknown<'v>(
        &mut self,
        code: &Code,
        what: &str,
        name: &str,
        known: impl Iterator<Item = &'v str> + Clone,
        keys: &std::collections::HashSet<String>,
        key: fn(&str) -> String,
        span: Span,
    ) {
        let want = key(name);
        let found = if keys.is_empty() {
            known.clone().any(|k| key(k) == want)
        } else {
            keys.contains(&want)
        };
        if name == "me" || known.clone().next().is_none() || found {
            return;
        }
        let mut d = self
            .diag(code, format!("there is no {what} called `{name}`"), span)
            .with_label(format!("unknown {what}"));
        if let Some(s) = nearest(name, known, key) {
            d = d.with_help(format!("did you mean `{s}`?"));
        } else if matches!(name.to_lowercase().as_str(), "he" | "she" | "him" | "her") {
            d = d.with_help("write the name: it is not clear who is meant");
        }
        self.diags.push(d);
    }

    fn character(&mut self, name: &str, span: Span) {
        let v = self.vocab;
        self.unknown(
            &codes::UNKNOWN_CHARACTER,
            "character",
            name,
            v.characters.iter().map(String::as_str),
            &v.character_keys,
            name_key,
            span,
        );
    }

    fn mistress(&mut self, name: &str, span: Span) {
        let v = self.vocab;
        self.unknown(
            &codes::UNKNOWN_MISTRESS,
            "mistress",
            name,
            v.mistresses.iter().map(String::as_str),
            &v.mistress_keys,
            name_key,
            span,
        );
    }

    fn positive(&mut self, what: &str, n: i64, span: Span) {
        if n <= 0 {
            let d = self
                .diag(&codes::NOT_POSITIVE, format!("{what} of {n}"), span)
                .with_label("must be more than 0")
                .with_note("the order does not run");
            self.diags.push(d);
        }
    }

    fn cond(&mut self, cond: &Cond, span: Span) {
        match cond {
            Cond::Not(a) => self.cond(a, span),
            Cond::And(a, b) | Cond::Or(a, b) => {
                self.cond(a, span);
                self.cond(b, span);
            }
            Cond::InParis(n)
            | Cond::AtFront(n)
            | Cond::Received { by: n, .. }
            | Cond::Did { who: n, .. }
            | Cond::Gives { who: n, .. }
            | Cond::Appoints { who: n, .. } => {
                // "Is Mme X in Paris?" may be about a mistress.
                let v = self.vocab;
                let is_mistress = v.mistresses.iter().any(|m| same_name(m, n));
                if !is_mistress {
                    self.character(n, span);
                }
            }
            Cond::CashAtLeast(_) | Cond::DeathRoll { .. } => {}
        }
    }

    fn if_block(&mut self, cond: &Cond, span: Span, line: u32, phase: Phase) {
        self.cond(cond, span);
        if let Some(reason) = illegal(cond, phase) {
            let d = self
                .diag(
                    &codes::ILLEGAL_CONDITION,
                    format!("illegal condition: {reason}"),
                    span,
                )
                .with_label("may not be tested here")
                .with_note(format!(
                    "the whole IF block of line {line} is skipped, THEN and ELSE alike \
                     (EG-COND-013)"
                ))
                .with_help(
                    "a condition may test only what has already happened: where someone is \
                     now, your money now, or the results of earlier weeks",
                );
            self.diags.push(d);
        }
    }

    fn premonthly(&mut self, blocks: &[Block<Premonthly>]) {
        for b in blocks {
            match b {
                Block::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    self.if_block(&cond.value, cond.span, cond.line, Phase::Premonthly);
                    self.premonthly(then);
                    self.premonthly(otherwise);
                }
                Block::Order(o) => self.pre_order(&o.value, o.span),
            }
        }
    }

    fn pre_order(&mut self, o: &Premonthly, span: Span) {
        let v = self.vocab;
        match o {
            Premonthly::Borrow(n) => self.positive("a loan", *n, span),
            Premonthly::Repay(Some(n)) => self.positive("a repayment", *n, span),
            Premonthly::BuyHorses(n) | Premonthly::SellHorses(n) => {
                self.positive("a number of horses", i64::from(*n), span);
            }
            Premonthly::Consume(n) => {
                self.positive("a number of consumptions", i64::from(*n), span)
            }
            Premonthly::JoinClub(club) => self.unknown(
                &codes::UNKNOWN_CLUB,
                "club",
                club,
                v.clubs.iter().map(String::as_str),
                &std::collections::HashSet::new(),
                table_key,
                span,
            ),
            Premonthly::Apply { regiment, .. } => self.unknown(
                &codes::UNKNOWN_REGIMENT,
                "regiment",
                regiment,
                v.regiments
                    .iter()
                    .flat_map(|(id, name)| [id.as_str(), name.as_str()]),
                &std::collections::HashSet::new(),
                table_key,
                span,
            ),
            Premonthly::Give { to, amount, .. } => {
                self.character(to, span);
                self.positive("a gift", *amount, span);
            }
            Premonthly::Appoint { who, if_given, .. } => {
                self.character(who, span);
                if let Some(n) = if_given {
                    self.positive("a price for the post", *n, span);
                }
            }
            Premonthly::Repay(None)
            | Premonthly::LeaveClub
            | Premonthly::BuyCommission(_)
            | Premonthly::LeaveRegiment
            | Premonthly::Volunteer
            | Premonthly::Announce(_) => {}
        }
    }

    fn week(&mut self, n: u8, blocks: &[Block<Weekly>]) {
        // One action a week: the first valid unconditional one runs
        // (EG-MON-005).
        let mut first: Option<(&Weekly, u32)> = None;
        for b in blocks {
            match b {
                Block::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let before = self.diags.len();
                    self.if_block(&cond.value, cond.span, cond.line, Phase::Week(n));
                    let erred = self.diags.iter().skip(before).any(Diagnostic::is_error);
                    self.left_out += usize::from(erred);
                    self.week(n, then);
                    self.week(n, otherwise);
                    self.left_out -= usize::from(erred);
                }
                Block::Order(o) => {
                    let before = self.diags.len();
                    self.week_order(&o.value, o.span);
                    // A gift does not use the week; a COURT or BAWDYHOUSE
                    // without a sum cannot run, and an order with an error
                    // is left out (`left_out`), so the next action does.
                    let erred = self.diags.iter().skip(before).any(Diagnostic::is_error);
                    let unrunnable = erred
                        || matches!(
                            o.value,
                            Weekly::Court { purse: None, .. } | Weekly::Bawdyhouse { purse: None }
                        );
                    if !o.value.uses_the_week() || unrunnable {
                        continue;
                    }
                    match first {
                        None => first = Some((&o.value, o.line)),
                        Some(_) if self.left_out > 0 => {}
                        Some((w, line)) => {
                            let d = self
                                .diag(
                                    &codes::SECOND_WEEK_ACTION,
                                    format!(
                                        "week {n} already has an action: {} on line {line}",
                                        w.kind().word().to_uppercase()
                                    ),
                                    o.span,
                                )
                                .with_label("does not run")
                                .with_note(format!(
                                    "a character does one thing a week; only the first, {} on \
                                     line {line}, runs (EG-MON-005)",
                                    w.kind().word().to_uppercase()
                                ))
                                .with_help(
                                    "to choose between actions, use IF … ELSE … ENDIF (a GIVE \
                                     does not use the week)",
                                );
                            self.diags.push(d);
                        }
                    }
                }
            }
        }
    }

    fn week_order(&mut self, o: &Weekly, span: Span) {
        match o {
            Weekly::Gamble(bets) => {
                if bets.len() > 9 {
                    let d = self
                        .diag(
                            &codes::TOO_MANY_BETS,
                            format!("{} bets in one week; the most is 9", bets.len()),
                            span,
                        )
                        .with_label("too many bets")
                        .with_note("the order does not run");
                    self.diags.push(d);
                }
                if let Some(b) = bets.iter().find(|b| b.stake <= 0) {
                    self.positive("a stake", b.stake, span);
                }
            }
            Weekly::Court {
                mistress, purse, ..
            } => {
                self.mistress(mistress, span);
                if let Some(p) = purse {
                    self.positive("a purse", *p, span);
                }
            }
            Weekly::Bawdyhouse { purse: Some(p) } => self.positive("a purse", *p, span),
            Weekly::Toady(who) => self.character(who, span),
            Weekly::Give { to, amount, .. } => {
                self.character(to, span);
                self.positive("a gift", *amount, span);
            }
            Weekly::Bawdyhouse { purse: None }
            | Weekly::Carouse
            | Weekly::Practise(_)
            | Weekly::Duty
            | Weekly::Rest => {}
        }
    }
}
