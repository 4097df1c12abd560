//! What every command shares: reading its words, refusing a side's
//! command on what is not its own, spending a Big Man's initiative, and
//! answering with the working.

use std::fmt::Write as _;

use crate::catalog::COMMANDS;
use crate::error::SharpError;
use crate::state::Battle;
use umpire_core::session::{Actor, Answer};

pub(crate) fn changed(text: String) -> Result<Answer, SharpError> {
    Ok(Answer::changed(text))
}

pub(crate) fn said(text: String) -> Result<Answer, SharpError> {
    Ok(Answer::said(text))
}

/// The word after `key`, if any (`range 14` → "14").
pub(crate) fn after<'a>(words: &'a [String], key: &str) -> Option<&'a str> {
    let i = words.iter().position(|w| w.eq_ignore_ascii_case(key))?;
    words.get(i + 1).map(String::as_str)
}

/// Whether a flag word is present.
pub(crate) fn flag(words: &[String], key: &str) -> bool {
    words.iter().any(|w| w.eq_ignore_ascii_case(key))
}

/// A required word at position `i`.
pub(crate) fn arg<'a>(words: &'a [String], i: usize, what: &str) -> Result<&'a str, SharpError> {
    words.get(i).map(String::as_str).ok_or_else(|| {
        SharpError::Invalid(format!(
            "{} needs {what}: {}",
            words.first().map_or("", String::as_str),
            usage(words.first().map_or("", String::as_str))
        ))
    })
}

/// A number after a key.
pub(crate) fn number_after(words: &[String], key: &str) -> Result<Option<f64>, SharpError> {
    match after(words, key) {
        None => Ok(None),
        Some(v) => crate::model::Inches::parse(v)
            .map(|i| Some(i.0))
            .ok_or_else(|| SharpError::Invalid(format!("`{key} {v}`: {v} is not a number"))),
    }
}

/// A command's usage line.
pub(crate) fn usage(command: &str) -> String {
    umpire_core::session::usage(COMMANDS, command)
}

/// Refuse a side's command on what is not its own.
pub(crate) fn own(actor: &Actor, side: &str, what: &str) -> Result<(), SharpError> {
    if actor.commands(side) {
        Ok(())
    } else {
        Err(SharpError::Invalid(format!(
            "{what} is the {side}': {} command their own",
            actor.name()
        )))
    }
}

/// Spend a Group's action dice on the card in play (SP-ACT-001..015).
pub(crate) fn spend_dice(
    b: &mut Battle,
    who: &str,
    cost: u32,
    what: &str,
) -> Result<u32, SharpError> {
    match &mut b.active {
        Some(a) => a.spend(who, cost, what),
        None => Err(SharpError::Invalid(format!(
            "no card is in play: `draw` until a Big Man's card comes up, then activate {who}"
        ))),
    }
}

/// Describe a list of working steps, one per line.
pub(crate) fn working(steps: &[umpire_core::working::Step]) -> String {
    let mut s = String::new();
    for st in steps {
        let _ = write!(s, "\n  {}: {}", st.rule, st.text);
        if let Some(r) = st.ruling {
            let _ = write!(s, " [ruling {r}]");
        }
    }
    s
}
