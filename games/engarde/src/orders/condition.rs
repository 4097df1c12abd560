//! Conditions: `X IS IN PARIS`, `X RECEIVED ME IN WEEK 2`, `I HAVE AT
//! LEAST 300`, `DEATH ROLL OVER 12`, with NOT, AND and OR.

use umpire_core::text::suggest;

use super::ast::{ActionKind, Cond, WeekRef};
use super::lexer::{Kind, Tok, is_any, is_word};
use super::words::{money, name_text, number, post_words};

const VERBS: &[&str] = &[
    "is", "am", "are", "received", "did", "gives", "give", "appoints", "appoint", "let", "has",
    "have",
];

/// Parse a condition from `t[*i..]`, leaving `*i` after it. OR binds
/// looser than AND; NOT binds tightest.
pub(crate) fn parse_cond(src: &str, t: &[Tok], i: &mut usize) -> Result<Cond, String> {
    parse_cond_depth(src, t, i, 0)
}

fn parse_cond_depth(src: &str, t: &[Tok], i: &mut usize, depth: u32) -> Result<Cond, String> {
    if depth > 64 {
        return Err("the condition is nested too deeply".into());
    }
    let mut left = parse_and(src, t, i, depth)?;
    while is_word(t.get(*i), "or") {
        *i += 1;
        let right = parse_and(src, t, i, depth)?;
        left = Cond::Or(Box::new(left), Box::new(right));
    }
    Ok(left)
}

fn parse_and(src: &str, t: &[Tok], i: &mut usize, depth: u32) -> Result<Cond, String> {
    let mut left = parse_not(src, t, i, depth)?;
    while is_word(t.get(*i), "and") {
        *i += 1;
        let right = parse_not(src, t, i, depth)?;
        left = Cond::And(Box::new(left), Box::new(right));
    }
    Ok(left)
}

fn parse_not(src: &str, t: &[Tok], i: &mut usize, depth: u32) -> Result<Cond, String> {
    if is_word(t.get(*i), "not") {
        *i += 1;
        if depth > 64 {
            return Err("too many NOTs".into());
        }
        return Ok(Cond::Not(Box::new(parse_not(src, t, i, depth + 1)?)));
    }
    parse_atom(src, t, i)
}

fn week_ref(t: &[Tok], i: &mut usize) -> Result<Option<WeekRef>, String> {
    if is_word(t.get(*i), "last") && is_word(t.get(*i + 1), "week") {
        *i += 2;
        return Ok(Some(WeekRef::Last));
    }
    let k = if is_word(t.get(*i), "in") { *i + 1 } else { *i };
    if is_word(t.get(k), "week") {
        let n: u8 = number(t.get(k + 1)).ok_or("a week number is missing")?;
        if !(1..=4).contains(&n) {
            return Err(format!("there is no week {n}"));
        }
        *i = k + 2;
        return Ok(Some(WeekRef::Week(n)));
    }
    if let Some(w) = t.get(k)
        && let Some(d) = w.lower.strip_prefix('w')
        && let Ok(n) = d.parse::<u8>()
    {
        if !(1..=4).contains(&n) {
            return Err(format!("there is no week {n}"));
        }
        *i = k + 1;
        return Ok(Some(WeekRef::Week(n)));
    }
    Ok(None)
}

fn action_word(w: &str) -> Option<ActionKind> {
    Some(match w {
        "carouse" | "caroused" | "carousing" => ActionKind::Carouse,
        "gamble" | "gambled" | "gambling" => ActionKind::Gamble,
        "court" | "courted" | "courting" => ActionKind::Court,
        "bawdyhouse" | "visit" => ActionKind::Bawdyhouse,
        "practise" | "practice" | "practised" | "practiced" | "practising" | "practicing" => {
            ActionKind::Practise
        }
        "toady" | "toadied" | "toadying" => ActionKind::Toady,
        "duty" | "regimental" => ActionKind::Duty,
        "rest" | "rested" | "resting" => ActionKind::Rest,
        "give" | "gave" | "giving" => ActionKind::Give,
        _ => return None,
    })
}

fn parse_atom(src: &str, t: &[Tok], i: &mut usize) -> Result<Cond, String> {
    let start = *i;
    if let Some(cond) = death_roll(t, i)? {
        return Ok(cond);
    }
    // The subject: words up to a verb.
    let v = (start..t.len())
        .find(|&k| {
            t.get(k)
                .is_some_and(|x| x.is_any(VERBS) || x.lower == "didn't" || x.lower == "isn't")
        })
        .ok_or("no verb (IS, RECEIVED, DID, HAVE, GIVES, APPOINTS)")?;
    let subject_toks = t.get(start..v).unwrap_or(&[]);
    if subject_toks
        .iter()
        .any(|x| x.kind != Kind::Word || x.is_any(&["and", "or", "then"]))
    {
        return Err("the name before the verb is not clear".into());
    }
    let who = name_text(src, subject_toks).ok_or("whose? a name is missing")?;
    let verb = t.get(v).map(|x| x.lower.clone()).unwrap_or_default();
    *i = v + 1;
    let mut negate = false;
    let take_not = |i: &mut usize, negate: &mut bool| {
        if is_word(t.get(*i), "not") {
            *i += 1;
            *negate = !*negate;
        }
    };
    let cond = match verb.as_str() {
        "is" | "am" | "are" | "isn't" => {
            if verb == "isn't" {
                negate = true;
            }
            take_not(i, &mut negate);
            if is_word(t.get(*i), "in") && is_word(t.get(*i + 1), "paris") {
                *i += 2;
                Cond::InParis(who)
            } else if is_word(t.get(*i), "at") {
                *i += 1;
                if is_word(t.get(*i), "the") {
                    *i += 1;
                }
                if !is_word(t.get(*i), "front") {
                    return Err("write IS IN PARIS or IS AT THE FRONT".into());
                }
                *i += 1;
                Cond::AtFront(who)
            } else {
                return Err("write IS IN PARIS or IS AT THE FRONT".into());
            }
        }
        "has" | "have" => {
            if who != "me" {
                return Err("only `I HAVE AT LEAST n` can test money".into());
            }
            if is_word(t.get(*i), "at") && is_word(t.get(*i + 1), "least") {
                *i += 2;
            }
            let (n, k) = money(t, *i).ok_or("write I HAVE AT LEAST 300")?;
            *i = k;
            Cond::CashAtLeast(n)
        }
        "received" | "let" => {
            if !is_any(t.get(*i), &["me", "i"]) {
                return Err("write X RECEIVED ME [IN WEEK n | LAST WEEK]".into());
            }
            *i += 1;
            if verb == "let" {
                // LET ME IN / LET ME TOADY [TO HIM]
                if is_word(t.get(*i), "in") && !is_word(t.get(*i + 1), "week") {
                    *i += 1;
                } else if is_word(t.get(*i), "toady") {
                    *i += 1;
                    if is_word(t.get(*i), "to") {
                        *i += 2;
                    }
                }
            }
            let week = week_ref(t, i)?.unwrap_or(WeekRef::Last);
            Cond::Received { by: who, week }
        }
        "did" | "didn't" => {
            if verb == "didn't" {
                negate = true;
            }
            take_not(i, &mut negate);
            did(t, i, who)?
        }
        "gives" | "give" => {
            if is_any(t.get(*i), &["me", "i"]) {
                *i += 1;
            }
            let (amount, k) = money(t, *i).ok_or("write X GIVES ME 300")?;
            *i = k;
            Cond::Gives { who, amount }
        }
        "appoints" | "appoint" => appoints(src, t, i, who)?,
        _ => return Err("no verb".into()),
    };
    Ok(if negate {
        Cond::Not(Box::new(cond))
    } else {
        cond
    })
}

/// `DEATH ROLL [IS] OVER|UNDER n` (or `DR …`) at `t[*i..]`, if that is
/// what is written there.
fn death_roll(t: &[Tok], i: &mut usize) -> Result<Option<Cond>, String> {
    // DEATH ROLL / DR [IS] OVER|UNDER n
    let dr = if is_word(t.get(*i), "death") && is_word(t.get(*i + 1), "roll") {
        Some(*i + 2)
    } else if is_word(t.get(*i), "dr") {
        Some(*i + 1)
    } else {
        None
    };
    if let Some(mut k) = dr {
        if is_word(t.get(k), "is") {
            k += 1;
        }
        let over = if is_any(t.get(k), &["over", "above"]) {
            true
        } else if is_any(t.get(k), &["under", "below"]) {
            false
        } else {
            return Err("write DEATH ROLL OVER n or DEATH ROLL UNDER n".into());
        };
        let n: u8 = number(t.get(k + 1)).ok_or("a number is missing after OVER/UNDER")?;
        *i = k + 2;
        return Ok(Some(if over {
            Cond::DeathRoll {
                over: Some(n),
                under: None,
            }
        } else {
            Cond::DeathRoll {
                over: None,
                under: Some(n),
            }
        }));
    }
    Ok(None)
}

/// `X DID action [IN WEEK n | LAST WEEK]`, after DID (and NOT).
fn did(t: &[Tok], i: &mut usize, who: String) -> Result<Cond, String> {
    let a = t.get(*i).ok_or("DID what?")?;
    let action = action_word(&a.lower).ok_or_else(|| {
        let words: Vec<&str> = ActionKind::ALL.iter().map(|k| k.word()).collect();
        match suggest(&a.lower, words.iter().copied()) {
            Some(s) => format!("`{}` is not an action; did you mean `{s}`?", a.lower),
            None => format!("`{}` is not an action", a.lower),
        }
    })?;
    *i += 1;
    if action == ActionKind::Duty && is_word(t.get(*i), "duty") {
        *i += 1;
    }
    if action == ActionKind::Bawdyhouse && is_word(t.get(*i), "bawdyhouse") {
        *i += 1;
    }
    let week = week_ref(t, i)?.unwrap_or(WeekRef::Last);
    Ok(Cond::Did { who, action, week })
}

/// `X APPOINTS ME [AS|TO] [THE] post`, after APPOINTS.
fn appoints(src: &str, t: &[Tok], i: &mut usize, who: String) -> Result<Cond, String> {
    if is_any(t.get(*i), &["me", "i"]) {
        *i += 1;
    }
    if is_any(t.get(*i), &["as", "to"]) {
        *i += 1;
    }
    if is_word(t.get(*i), "the") {
        *i += 1;
    }
    let two = t
        .get(*i..*i + 2)
        .and_then(|w| post_words(src, w))
        .map(|p| (p, 2));
    let one = || {
        t.get(*i..*i + 1)
            .and_then(|w| post_words(src, w))
            .map(|p| (p, 1))
    };
    let (post, n) = two
        .or_else(one)
        .ok_or("write X APPOINTS ME Brigade Major (or Adjutant)")?;
    *i += n;
    Ok(Cond::Appoints { who, post })
}
