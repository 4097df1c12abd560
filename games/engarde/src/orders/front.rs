//! Death-roll modifiers: `BRAVE 2`, `POLTROON 1`, `IF DEATH ROLL OVER 12
//! REDUCE IT TO 12`, written in the FRONT block.

use super::ast::FrontClause;
use super::lexer::{Kind, Tok, is_any, is_word, trim_end};
use super::words::number;

/// The words that start a death-roll modifier anywhere on the sheet (an
/// `IF DEATH ROLL …` starts one too).
pub(crate) const FRONT_WORDS: &[&str] = &["brave", "reckless", "poltroon"];

/// One death-roll modifier.
pub(crate) fn front_clause(t: &[Tok]) -> Option<FrontClause> {
    let first = t.first()?;
    let num = |k: usize| -> Option<u8> {
        let rest = trim_end(t.get(k..)?);
        if rest.len() != 1 {
            return None;
        }
        number(rest.first())
    };
    if first.is_any(&["brave", "reckless", "recklessly"]) {
        let k = if is_word(t.get(1), "brave") { 2 } else { 1 };
        return num(k).map(FrontClause::Brave);
    }
    if first.is("poltroon") {
        return num(1).map(FrontClause::Poltroon);
    }
    if !first.is("if") {
        return None;
    }
    let mut i = 1;
    if is_word(t.get(i), "death") && is_word(t.get(i + 1), "roll") {
        i += 2;
    } else if is_word(t.get(i), "dr") {
        i += 1;
    } else {
        return None;
    }
    if is_any(t.get(i), &["is", "of"]) {
        i += 1;
    }
    let over = if is_any(t.get(i), &["over", "above", ">"]) {
        true
    } else if is_any(t.get(i), &["under", "below", "<"]) {
        false
    } else {
        return None;
    };
    let n: u8 = number(t.get(i + 1))?;
    i += 2;
    while t
        .get(i)
        .is_some_and(|x| x.kind != Kind::Word || x.is("then"))
    {
        i += 1;
    }
    let verb = t.get(i)?;
    let verb_over = verb.is_any(&["reduce", "lower", "decrease", "cap"]);
    let verb_under = verb.is_any(&["raise", "increase", "lift"]);
    if !(verb_over && over || verb_under && !over) {
        return None;
    }
    i += 1;
    if is_any(t.get(i), &["it", "dr"]) {
        i += 1;
    } else if is_word(t.get(i), "death") && is_word(t.get(i + 1), "roll") {
        i += 2;
    }
    if !is_word(t.get(i), "to") {
        return None;
    }
    let m = num(i + 1)?;
    if m != n {
        return None;
    }
    Some(if over {
        FrontClause::CapAt(n)
    } else {
        FrontClause::FloorAt(n)
    })
}
