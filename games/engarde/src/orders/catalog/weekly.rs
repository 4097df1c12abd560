//! The weekly orders: carousing, gambling, courting, the bawdyhouse,
//! practice, toadying, regimental duty and rest.

use umpire_core::text::suggest;

use super::bets::{MAX_EXPANDED_BETS, bets, purse_and_name};
use super::{OrderSpec, Section};
use crate::model::Weapon;
use crate::orders::ast::Weekly;
use crate::orders::codes;
use crate::orders::lexer::is_word;
use crate::orders::reading::{Unread, Written};
use crate::orders::tree::Order;
use crate::orders::words::{MAX_SUM, name_text, too_large};

pub(crate) static CAROUSE: OrderSpec = OrderSpec {
    keywords: &["carouse"],
    section: Section::Weekly,
    examples: &["CAROUSE"],
    read: carouse,
};

/// CAROUSE
fn carouse(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    w.extra(args);
    Ok(Order::Week(Weekly::Carouse))
}

pub(crate) static GAMBLE: OrderSpec = OrderSpec {
    keywords: &["gamble"],
    section: Section::Weekly,
    examples: &["GAMBLE 50 CUT 5, 20", "GAMBLE 3 x 50 CUT 4"],
    read: gamble,
};

/// GAMBLE
fn gamble(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    match bets(args) {
        Some(b) => {
            if b.len() > MAX_EXPANDED_BETS {
                return w.bad("far too many bets", "at most 9 bets a week");
            }
            Ok(Order::Week(Weekly::Gamble(b)))
        }
        None => w.bad(
            "GAMBLE bets not understood",
            "write `GAMBLE 50`, `GAMBLE 50 CUT 5, 20` or `GAMBLE 3 x 50 CUT 4` (cut 1 to 6)",
        ),
    }
}

pub(crate) static COURT: OrderSpec = OrderSpec {
    keywords: &["court"],
    section: Section::Weekly,
    examples: &["COURT Mme Bonacieux WITH 60"],
    read: court,
};

/// COURT
fn court(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    let (mistress_t, purse, openly) = purse_and_name(args);
    let big = too_large(args);
    let purse = purse.filter(|_| big.is_none());
    let Some(mistress) = name_text(src, mistress_t) else {
        return w.bad("COURT whom?", "write `COURT Mme Bonacieux WITH 60`");
    };
    if let Some(t) = big {
        let d = w
            .diag(
                &codes::SUM_TOO_LARGE,
                format!(
                    "COURT {mistress} with {}: a sum larger than any purse",
                    src.get(t.start..t.end).unwrap_or(&t.lower)
                ),
                w.span,
            )
            .with_label("too large")
            .with_help(format!(
                "at most {MAX_SUM} crowns; write `COURT {mistress} WITH 60`"
            ))
            .with_note("the order does not run");
        w.warn(d);
    } else if purse.is_none() {
        let d = w
            .diag(
                &codes::COURT_WITHOUT_SUM,
                format!("COURT {mistress} without a sum of money"),
                w.span,
            )
            .with_label("no sum")
            .with_help(format!("write `COURT {mistress} WITH 60`"))
            .with_note("the umpire never guesses a sum (EG-WK-002): the order does not run");
        w.warn(d);
    }
    Ok(Order::Week(Weekly::Court {
        mistress,
        purse,
        openly,
    }))
}

pub(crate) static BAWDYHOUSE: OrderSpec = OrderSpec {
    keywords: &["bawdyhouse", "visit"],
    section: Section::Weekly,
    examples: &["BAWDYHOUSE WITH 40", "VISIT BAWDYHOUSE WITH 40"],
    read: bawdyhouse,
};

/// BAWDYHOUSE / VISIT
fn bawdyhouse(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    let mut a = args;
    if w.key == "visit" {
        if is_word(a.first(), "the") {
            a = a.get(1..).unwrap_or(&[]);
        }
        if !is_word(a.first(), "bawdyhouse") {
            return w.bad("VISIT what?", "write `VISIT BAWDYHOUSE WITH 40`");
        }
        a = a.get(1..).unwrap_or(&[]);
    }
    let (before, purse, _) = purse_and_name(a);
    let big = too_large(a);
    let purse = purse.filter(|_| big.is_none());
    if let Some(t) = big {
        let d = w
            .diag(
                &codes::SUM_TOO_LARGE,
                format!(
                    "BAWDYHOUSE with {}: a sum larger than any purse",
                    src.get(t.start..t.end).unwrap_or(&t.lower)
                ),
                w.span,
            )
            .with_label("too large")
            .with_help(format!(
                "at most {MAX_SUM} crowns; write `BAWDYHOUSE WITH 40`"
            ))
            .with_note("the order does not run");
        w.warn(d);
    } else if purse.is_none() {
        let d = w
            .diag(
                &codes::BAWDYHOUSE_WITHOUT_SUM,
                "BAWDYHOUSE without a sum of money",
                w.span,
            )
            .with_label("no sum")
            .with_help("write `BAWDYHOUSE WITH 40`")
            .with_note("the umpire never guesses a sum (EG-WK-003): the order does not run");
        w.warn(d);
    } else {
        w.extra(before);
    }
    Ok(Order::Week(Weekly::Bawdyhouse { purse }))
}

pub(crate) static PRACTISE: OrderSpec = OrderSpec {
    keywords: &["practise", "practice"],
    section: Section::Weekly,
    examples: &["PRACTISE sabre", "PRACTICE rapier"],
    read: practise,
};

/// PRACTISE / PRACTICE
fn practise(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    match args.first().and_then(|t| Weapon::parse(&t.lower)) {
        Some(weapon) => {
            w.extra(args.get(1..).unwrap_or(&[]));
            Ok(Order::Week(Weekly::Practise(weapon)))
        }
        None => {
            let help = args
                .first()
                .and_then(|t| suggest(&t.lower, Weapon::ALL.iter().map(|w| w.name())))
                .map_or_else(
                    || "weapons: sabre, rapier, cutlass, pistol".to_string(),
                    |s| format!("did you mean `{s}`?"),
                );
            Err(w.unread("PRACTISE which weapon?", Some(help)))
        }
    }
}

pub(crate) static TOADY: OrderSpec = OrderSpec {
    keywords: &["toady"],
    section: Section::Weekly,
    examples: &["TOADY TO Rochefort"],
    read: toady,
};

/// TOADY
fn toady(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    let a = if is_word(args.first(), "to") {
        args.get(1..).unwrap_or(&[])
    } else {
        args
    };
    match name_text(src, a) {
        Some(n) => Ok(Order::Week(Weekly::Toady(n))),
        None => w.bad("TOADY to whom?", "write `TOADY TO Rochefort`"),
    }
}

pub(crate) static DUTY: OrderSpec = OrderSpec {
    keywords: &["duty", "regimental"],
    section: Section::Weekly,
    examples: &["DUTY", "REGIMENTAL DUTY"],
    read: duty,
};

/// DUTY / REGIMENTAL
fn duty(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let a = if w.key == "regimental" {
        if !is_word(args.first(), "duty") {
            return w.bad("REGIMENTAL what?", "write `REGIMENTAL DUTY` or `DUTY`");
        }
        args.get(1..).unwrap_or(&[])
    } else {
        args
    };
    w.extra(a);
    Ok(Order::Week(Weekly::Duty))
}

pub(crate) static REST: OrderSpec = OrderSpec {
    keywords: &["rest"],
    section: Section::Weekly,
    examples: &["REST"],
    read: rest,
};

/// REST
fn rest(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    w.extra(args);
    Ok(Order::Week(Weekly::Rest))
}
