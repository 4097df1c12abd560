//! The premonthly orders: money, horses, commissions, clubs and
//! regiments, appointments, volunteering and announcements.

use super::{OrderSpec, Section};
use crate::orders::ast::Premonthly;
use crate::orders::lexer::{is_any, is_word, span_of, trim_end};
use crate::orders::reading::{Unread, Written};
use crate::orders::tree::Order;
use crate::orders::words::{money, name_text, number, post_words, rank_words};

pub(crate) static BORROW: OrderSpec = OrderSpec {
    keywords: &["borrow"],
    section: Section::Premonthly,
    examples: &["BORROW 200"],
    read: borrow,
};

/// BORROW
fn borrow(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    match money(args, 0) {
        Some((n, k)) => {
            w.extra(args.get(k..).unwrap_or(&[]));
            Ok(Order::Pre(Premonthly::Borrow(n)))
        }
        None => w.bad("BORROW needs a sum", "write `BORROW 200`"),
    }
}

pub(crate) static REPAY: OrderSpec = OrderSpec {
    keywords: &["repay", "pay"],
    section: Section::Premonthly,
    examples: &["REPAY 200", "REPAY ALL", "PAY DEBTS 200"],
    read: repay,
};

/// REPAY / PAY
fn repay(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let mut a = args;
    if w.key == "pay" {
        if !is_any(a.first(), &["debts", "debt", "off"]) {
            return w.bad("PAY what?", "write `PAY DEBTS 200` or `REPAY ALL`");
        }
        a = a.get(1..).unwrap_or(&[]);
    } else if is_any(a.first(), &["debts", "debt"]) {
        a = a.get(1..).unwrap_or(&[]);
    }
    if a.is_empty() || is_word(a.first(), "all") {
        w.extra(a.get(1..).unwrap_or(&[]));
        Ok(Order::Pre(Premonthly::Repay(None)))
    } else if let Some((n, k)) = money(a, 0) {
        w.extra(a.get(k..).unwrap_or(&[]));
        Ok(Order::Pre(Premonthly::Repay(Some(n))))
    } else {
        w.bad(
            "REPAY needs a sum or ALL",
            "write `REPAY 200` or `REPAY ALL`",
        )
    }
}

pub(crate) static BUY: OrderSpec = OrderSpec {
    keywords: &["buy", "sell"],
    section: Section::Premonthly,
    examples: &[
        "BUY HORSE",
        "BUY 2 HORSES",
        "BUY COMMISSION Captain",
        "SELL HORSE 2",
    ],
    read: buy,
};

/// BUY / SELL
fn buy(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    let sell = w.key == "sell";
    // BUY [n] HORSE[S] [n]
    let (lead, a) = match number::<u32>(args.first()) {
        Some(n) => (Some(n), args.get(1..).unwrap_or(&[])),
        None => (None, args),
    };
    let a = if is_any(a.first(), &["a", "an"]) {
        a.get(1..).unwrap_or(&[])
    } else {
        a
    };
    if is_any(a.first(), &["horse", "horses"]) {
        let after = a.get(1..).unwrap_or(&[]);
        let (n, k) = match (lead, number::<u32>(after.first())) {
            (Some(n), _) => (n, 0),
            (None, Some(n)) => (n, 1),
            (None, None) => (1, 0),
        };
        w.extra(after.get(k..).unwrap_or(&[]));
        if sell {
            Ok(Order::Pre(Premonthly::SellHorses(n)))
        } else {
            Ok(Order::Pre(Premonthly::BuyHorses(n)))
        }
    } else if sell {
        w.bad("SELL what?", "write `SELL HORSE` or `SELL HORSE 2`")
    } else {
        let a = if is_word(a.first(), "commission") {
            a.get(1..).unwrap_or(&[])
        } else {
            a
        };
        let a = if is_any(a.first(), &["as", "of", "to", "a", "an"]) {
            a.get(1..).unwrap_or(&[])
        } else {
            a
        };
        match rank_words(src, trim_end(a)) {
            Some(r) => Ok(Order::Pre(Premonthly::BuyCommission(r))),
            None => w.bad(
                "BUY what?",
                "write `BUY HORSE`, `BUY COMMISSION Captain` or `BUY Captain`",
            ),
        }
    }
}

pub(crate) static JOIN: OrderSpec = OrderSpec {
    keywords: &["join"],
    section: Section::Premonthly,
    examples: &["JOIN CLUB Red Phillips"],
    read: join,
};

/// JOIN
fn join(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    let a = if is_word(args.first(), "club") {
        args.get(1..).unwrap_or(&[])
    } else {
        args
    };
    match name_text(src, a) {
        Some(n) => Ok(Order::Pre(Premonthly::JoinClub(n))),
        None => w.bad("JOIN which club?", "write `JOIN CLUB Red Phillips`"),
    }
}

pub(crate) static RESIGN: OrderSpec = OrderSpec {
    keywords: &["resign", "leave"],
    section: Section::Premonthly,
    examples: &["RESIGN CLUB", "LEAVE REGIMENT"],
    read: resign,
};

/// RESIGN / LEAVE
fn resign(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let a = if is_any(args.first(), &["from", "my", "the"]) {
        args.get(1..).unwrap_or(&[])
    } else {
        args
    };
    let a = if is_any(a.first(), &["my", "the"]) {
        a.get(1..).unwrap_or(&[])
    } else {
        a
    };
    if is_word(a.first(), "club") {
        w.extra(a.get(1..).unwrap_or(&[]));
        Ok(Order::Pre(Premonthly::LeaveClub))
    } else if is_any(a.first(), &["commission", "regiment"]) {
        w.extra(a.get(1..).unwrap_or(&[]));
        Ok(Order::Pre(Premonthly::LeaveRegiment))
    } else {
        w.bad(
            "resign from what?",
            "write `RESIGN CLUB` or `RESIGN COMMISSION`",
        )
    }
}

pub(crate) static APPLY: OrderSpec = OrderSpec {
    keywords: &["apply"],
    section: Section::Premonthly,
    examples: &["APPLY RFG AS Captain"],
    read: apply,
};

/// APPLY
fn apply(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    let a = if is_any(args.first(), &["to", "for"]) {
        args.get(1..).unwrap_or(&[])
    } else {
        args
    };
    let k = a.iter().position(|t| t.is("as")).unwrap_or(a.len());
    let rank = match a.get(k + 1..) {
        Some(r) if !r.is_empty() => {
            let r = if is_any(r.first(), &["a", "an"]) {
                r.get(1..).unwrap_or(&[])
            } else {
                r
            };
            match rank_words(src, trim_end(r)) {
                Some(rank) => Some(rank),
                None => {
                    return w.bad("APPLY … AS which rank?", "write `APPLY RFG AS Captain`");
                }
            }
        }
        _ => None,
    };
    match name_text(src, a.get(..k).unwrap_or(&[])) {
        Some(regiment) => Ok(Order::Pre(Premonthly::Apply { regiment, rank })),
        None => w.bad("APPLY to which regiment?", "write `APPLY RFG`"),
    }
}

pub(crate) static CONSUME: OrderSpec = OrderSpec {
    keywords: &["consume", "conspicuous"],
    section: Section::Premonthly,
    examples: &["CONSUME 2", "CONSPICUOUS CONSUMPTION"],
    read: consume,
};

/// CONSUME / CONSPICUOUS
fn consume(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let a = if w.key == "conspicuous" {
        if !is_any(args.first(), &["consumption", "consume"]) {
            return w.bad("CONSPICUOUS what?", "write `CONSPICUOUS CONSUMPTION`");
        }
        args.get(1..).unwrap_or(&[])
    } else if is_word(args.first(), "conspicuously") {
        args.get(1..).unwrap_or(&[])
    } else {
        args
    };
    let (n, k) = match number::<u32>(a.first()) {
        Some(n) => (n, 1),
        None => (1, 0),
    };
    let k = if is_any(a.get(k), &["times", "x"]) {
        k + 1
    } else {
        k
    };
    w.extra(a.get(k..).unwrap_or(&[]));
    Ok(Order::Pre(Premonthly::Consume(n)))
}

pub(crate) static APPOINT: OrderSpec = OrderSpec {
    keywords: &["appoint"],
    section: Section::Premonthly,
    examples: &["APPOINT Rochefort AS Brigade Major"],
    read: appoint,
};

/// APPOINT
fn appoint(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    // APPOINT name [AS|TO] post
    let k = args.iter().position(|t| t.is_any(&["as", "to"]));
    let (who_t, post) = match k {
        Some(k) => (
            args.get(..k).unwrap_or(&[]),
            post_words(src, trim_end(args.get(k + 1..).unwrap_or(&[]))),
        ),
        None => {
            let n = args.len();
            let two = n
                .checked_sub(2)
                .and_then(|s| post_words(src, args.get(s..).unwrap_or(&[])));
            match two {
                Some(p) => (args.get(..n.saturating_sub(2)).unwrap_or(&[]), Some(p)),
                None => (
                    args.get(..n.saturating_sub(1)).unwrap_or(&[]),
                    n.checked_sub(1)
                        .and_then(|s| post_words(src, args.get(s..).unwrap_or(&[]))),
                ),
            }
        }
    };
    let who = name_text(src, who_t);
    match (who, post) {
        (Some(who), Some(post)) => Ok(Order::Pre(Premonthly::Appoint {
            who,
            post,
            if_given: None,
        })),
        _ => w.bad(
            "APPOINT whom to which post?",
            "write `APPOINT Rochefort AS Brigade Major` (posts: Adjutant, Brigade Major)",
        ),
    }
}

pub(crate) static VOLUNTEER: OrderSpec = OrderSpec {
    keywords: &["volunteer"],
    section: Section::Premonthly,
    examples: &["VOLUNTEER FOR THE FRONT"],
    read: volunteer,
};

/// VOLUNTEER
fn volunteer(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let mut a = args;
    for word in ["for", "the", "front"] {
        if is_word(a.first(), word) {
            a = a.get(1..).unwrap_or(&[]);
        }
    }
    w.extra(a);
    Ok(Order::Pre(Premonthly::Volunteer))
}

pub(crate) static ANNOUNCE: OrderSpec = OrderSpec {
    keywords: &["announce"],
    section: Section::Premonthly,
    examples: &["ANNOUNCE the engagement of my sister"],
    read: announce,
};

/// ANNOUNCE
fn announce(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    // The rest of the line, as written (parentheses kept) when
    // the line starts with ANNOUNCE; otherwise the words read.
    let from_raw = w.raw.trim_start();
    let text = if from_raw.len() >= 8
        && from_raw
            .get(..8)
            .is_some_and(|w| w.eq_ignore_ascii_case("announce"))
    {
        from_raw.get(8..).unwrap_or("").trim().to_string()
    } else {
        span_of(args)
            .and_then(|s| src.get(s.range()))
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let text = text.trim_start_matches(':').trim().to_string();
    if text.is_empty() {
        return w.bad("ANNOUNCE what?", "write the announcement after ANNOUNCE");
    }
    Ok(Order::Pre(Premonthly::Announce(text)))
}
