//! The session's commands: each reads its words, asks the rules modules,
//! applies the result to the battle and says what happened, with the
//! working.

use std::fmt::Write as _;

use crate::deck::{self, Drawn};
use crate::error::SharpError;
use crate::roll::Rolls;
use crate::session::{Answer, COMMANDS, Session};
use crate::state::{Battle, Card};

pub(crate) fn changed(text: String) -> Result<Answer, SharpError> {
    Ok(Answer {
        text,
        changed: true,
    })
}

pub(crate) fn said(text: String) -> Result<Answer, SharpError> {
    Ok(Answer {
        text,
        changed: false,
    })
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

/// The most shock a single `shock` command adds or removes: more than any
/// Group could carry before it breaks.
const MAX_SHOCK_CHANGE: i64 = 99;

/// `as SIDE …`: the side whose session typed the command (the rest of
/// the words), or nobody's.
fn viewer<'w>(
    b: &Battle,
    words: &'w [String],
) -> Result<(Option<String>, &'w [String]), SharpError> {
    match words.first() {
        Some(w) if w.eq_ignore_ascii_case("as") => {
            let given = arg(words, 1, "a side")?;
            let side = b
                .sides
                .iter()
                .find(|x| x.name.eq_ignore_ascii_case(given))
                .ok_or_else(|| {
                    SharpError::unknown("side", given, b.sides.iter().map(|x| x.name.as_str()))
                })?;
            Ok((Some(side.name.clone()), &words[2..]))
        }
        _ => Ok((None, words)),
    }
}

/// Run one command.
pub(crate) fn dispatch(
    s: &mut Session,
    words: &[String],
    rolls: &mut Rolls,
) -> Result<Answer, SharpError> {
    let (viewer, words) = viewer(&s.state, words)?;
    let Some(first) = words.first() else {
        return said(String::new());
    };
    let command = first.to_ascii_lowercase();
    let rulings = s.state.rulings()?;
    // A side's own session sees and handles its own secrets only: its
    // Blinds' contents and its hand are not the other side's to read, nor
    // its cards to play.
    if let Some(v) = &viewer {
        let asked = match command.as_str() {
            "show" | "view" | "hand" | "bonus" | "play" | "discard" => words.get(1),
            _ => None,
        };
        if let Some(other) = asked.filter(|a| !a.eq_ignore_ascii_case(v)) {
            return Err(SharpError::Invalid(format!(
                "you play the {v}: the {other}' Blinds, hand and cards are theirs alone; `{command}` here is about the {v}"
            )));
        }
    }
    match command.as_str() {
        "help" | "?" => said(umpire_core::session::help(
            COMMANDS,
            words.get(1).map(String::as_str),
            "Commands (dice are rolled from the game's seed, or typed with `dice 5,3,…` at the end):",
        )),
        "show" | "view" => said(show(
            &s.state,
            words.get(1).map(String::as_str).or(viewer.as_deref()),
        )),
        "draw" => {
            let d = deck::draw(&mut s.state, &rulings)?;
            changed(match d {
                Drawn::BigMan { name, initiatives } => format!(
                    "Turn {}: {name}'s card. {initiatives} initiative(s).",
                    s.state.turn
                ),
                Drawn::Passed { name } => format!(
                    "Turn {}: {name}'s card; he can no longer act: passed.",
                    s.state.turn
                ),
                Drawn::Blinds { side } => format!(
                    "Turn {}: {side}'s Blinds: each may move with 3 action dice.",
                    s.state.turn
                ),
                Drawn::Grasp { side } => format!(
                    "Turn {}: Grasp the Nettle: {side} takes it into hand.",
                    s.state.turn
                ),
                Drawn::Extra { name, side, text } => format!(
                    "Turn {}: {}{name}: {text}",
                    s.state.turn,
                    side.map(|x| format!("{x}'s ")).unwrap_or_default()
                ),
                Drawn::Tiffin { cleared, next_turn } => {
                    let mut t =
                        format!("Tiffin! The turn ends. Turn {next_turn} begins with a new deck.");
                    if !s.state.blinds.is_empty() {
                        t.push_str(
                            "\n  Automatic spotting (SP-SPOT-030/031): a Blind slightly obscured that moved within 6\" of the enemy is placed now (`reveal BLIND`); a Group hidden in terrain within 6\" of the enemy gets a Blind.",
                        );
                    }
                    for c in cleared {
                        let _ = write!(t, "\n  cleared: {c}");
                    }
                    t
                }
            })
        }
        "bonus" => {
            let side = arg(words, 1, "a side")?;
            let d = deck::draw_bonus(&mut s.state, side)?;
            let mut t = format!("{side} draws {}: {}", d.card.name, d.card.text);
            if d.played {
                t.push_str("\n  played at once.");
            }
            if d.must_discard {
                t.push_str("\n  four cards in hand: discard one now (`discard SIDE CARD`).");
            }
            changed(t)
        }
        "play" => {
            let c = deck::play(
                &mut s.state,
                arg(words, 1, "a side")?,
                &words[2..].join(" "),
            )?;
            changed(format!("Played {}: {}", c.name, c.text))
        }
        "discard" => {
            let c = deck::discard(
                &mut s.state,
                arg(words, 1, "a side")?,
                &words[2..].join(" "),
            )?;
            changed(format!("Discarded {}.", c.name))
        }
        "hand" => {
            let side = arg(words, 1, "a side")?;
            let hand = s
                .state
                .sides
                .iter()
                .find(|x| x.name.eq_ignore_ascii_case(side))
                .ok_or_else(|| {
                    SharpError::unknown("side", side, s.state.sides.iter().map(|x| x.name.as_str()))
                })?
                .hand
                .iter()
                .map(|c| format!("{} ({})", c.name, c.id))
                .collect::<Vec<_>>();
            said(if hand.is_empty() {
                format!("{side} holds no cards.")
            } else {
                format!("{side} holds: {}", hand.join(", "))
            })
        }
        "shock" => {
            let g = arg(words, 1, "a Group")?;
            let given = arg(words, 2, "+N or -N")?;
            let n: i64 = given
                .parse()
                .ok()
                .filter(|n: &i64| n.abs() <= MAX_SHOCK_CHANGE)
                .ok_or_else(|| {
                    SharpError::Invalid(format!(
                        "`{given}` is not a change of shock: give +N or -N, at most {MAX_SHOCK_CHANGE} either way ({})",
                        usage("shock")
                    ))
                })?;
            let group = s.state.group_mut(g)?;
            let now = (i64::from(group.shock) + n).clamp(0, i64::from(u32::MAX));
            group.shock = u32::try_from(now).unwrap_or(0);
            changed(format!("{}: {} shock.", group.name, group.shock))
        }
        "kill" => {
            let g = arg(words, 1, "a Group")?;
            let given = arg(words, 2, "a number of men")?;
            let group = s.state.group_mut(g)?;
            let n: u32 = given.parse().ok().filter(|n| *n <= group.men).ok_or_else(|| {
                SharpError::Invalid(format!(
                    "`{given}` is not a number of {}'s men: it has {} (`kill {} {}` removes them all)",
                    group.name, group.men, g, group.men
                ))
            })?;
            group.men -= n;
            changed(format!("{}: {} men left.", group.name, group.men))
        }
        "ruling" | "rulings" => ruling(s, words),
        "reveal" => {
            let name = words[1..].join(" ").replace(['_', '-'], " ");
            let Some(i) = s
                .state
                .blinds
                .iter()
                .position(|b| b.name.eq_ignore_ascii_case(&name))
            else {
                return Err(SharpError::unknown(
                    "Blind",
                    &name,
                    s.state.blinds.iter().map(|b| b.name.as_str()),
                ));
            };
            let bl = s.state.blinds.remove(i);
            for g in &bl.groups {
                s.state.group_mut(g)?.hidden = false;
            }
            changed(format!(
                "SP-SPOT-029/030: {} is placed on the table: {}",
                bl.name,
                [bl.groups, bl.big_men].concat().join(", ")
            ))
        }
        "undo" => match s.undo() {
            Some(()) => changed("Undone.".to_string()),
            None => Err(SharpError::Invalid("nothing to undo".into())),
        },
        "log" => said(
            s.log
                .iter()
                .map(|e| e.command.clone())
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        _ => crate::actions_cmd::dispatch(s, &command, words, rolls, &rulings),
    }
}

/// The battle as the umpire sees it, or as one side may.
pub fn show(b: &Battle, side: Option<&str>) -> String {
    let mut s = format!("{} -- turn {}", b.name, b.turn);
    if let Some(a) = &b.active {
        let _ = write!(s, "; in play: {}", a.card.describe());
        if matches!(a.card, Card::BigMan(_)) {
            let _ = write!(s, " ({} initiative(s) left)", a.initiatives);
        }
    }
    let _ = writeln!(s, "; {} card(s) left in the deck", b.deck.len());
    if let Some(a) = &b.active {
        // A Group under the other side's Blind is not named.
        let seen = |g: &str| {
            b.group(g).map_or(true, |g| {
                !g.hidden || side.is_none_or(|x| x.eq_ignore_ascii_case(&g.side))
            })
        };
        let dice: Vec<String> = a
            .dice
            .iter()
            .filter(|(g, _)| seen(g))
            .map(|(g, n)| format!("{g} {n}"))
            .collect();
        if !dice.is_empty() {
            let _ = writeln!(s, "Action dice left: {}", dice.join(", "));
        }
        let commanded: Vec<&str> = a
            .commanded
            .iter()
            .filter(|g| seen(g))
            .map(String::as_str)
            .collect();
        if !commanded.is_empty() {
            let _ = writeln!(s, "Commanded on this card: {}", commanded.join(", "));
        }
    }
    for sd in &b.sides {
        let mine = side.is_none_or(|x| x.eq_ignore_ascii_case(&sd.name));
        let _ = writeln!(s, "\n{}", sd.name);
        for bm in b.big_men.iter().filter(|x| x.side == sd.name) {
            let hidden = b
                .blinds
                .iter()
                .any(|bl| bl.big_men.iter().any(|n| n == &bm.name));
            if hidden && !mine {
                continue;
            }
            let card = if b
                .active
                .as_ref()
                .is_some_and(|a| matches!(&a.card, Card::BigMan(n) if *n == bm.name))
            {
                "his card is in play"
            } else if b
                .drawn
                .iter()
                .any(|c| matches!(c, Card::BigMan(n) if *n == bm.name))
            {
                "has acted this turn"
            } else {
                "card to come"
            };
            let _ = writeln!(
                s,
                "  Big Man {} (status {}), physique {}, {:?}{}, {card}{}",
                bm.name,
                bm.status,
                bm.physique,
                bm.wound,
                bm.group
                    .as_ref()
                    .map(|g| format!(", with {g}"))
                    .unwrap_or_default(),
                if hidden { " [under a Blind]" } else { "" }
            );
        }
        for g in b.groups.iter().filter(|x| x.side == sd.name) {
            if g.hidden && !mine {
                continue;
            }
            let mut conds: Vec<String> = g.conditions.iter().map(|c| c.id.clone()).collect();
            if !g.loaded {
                conds.push("unloaded".into());
            }
            if g.tap_loaded {
                conds.push("tap-loaded".into());
            }
            if !g.first_volley_used && g.loaded {
                conds.push("first volley".into());
            }
            if g.ready {
                conds.push("made ready".into());
            }
            if let Some(f) = &g.formation_of {
                conds.push(format!("in {f}"));
            }
            let _ = writeln!(
                s,
                "  {} -- {} {} {} {}, {}, {} men, {} shock{}{}",
                g.name,
                g.quality,
                g.character,
                g.arm,
                g.weapon,
                g.formation,
                g.men,
                g.shock,
                if conds.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", conds.join(", "))
                },
                if g.hidden { " [under a Blind]" } else { "" }
            );
        }
        for f in b.formations.iter().filter(|x| x.side == sd.name) {
            if !mine && f.groups.iter().any(|g| b.group(g).is_ok_and(|g| g.hidden)) {
                continue;
            }
            let _ = writeln!(
                s,
                "  Formation {} ({}): {}",
                f.name,
                f.kind,
                f.groups.join(", ")
            );
        }
        for bl in b.blinds.iter().filter(|x| x.side == sd.name) {
            if mine {
                let _ = writeln!(
                    s,
                    "  Blind {}: {}",
                    bl.name,
                    [bl.groups.clone(), bl.big_men.clone()].concat().join(", ")
                );
            } else {
                let _ = writeln!(s, "  Blind {}", bl.name);
            }
        }
        if mine {
            let hand: Vec<&str> = sd.hand.iter().map(|c| c.name.as_str()).collect();
            let _ = writeln!(
                s,
                "  bonus cards: {}",
                if hand.is_empty() {
                    "none".to_string()
                } else {
                    hand.join(", ")
                }
            );
        } else {
            let _ = writeln!(s, "  bonus cards: {} held", sd.hand.len());
        }
    }
    s
}

fn ruling(s: &mut Session, words: &[String]) -> Result<Answer, SharpError> {
    let (Some(name), Some(option)) = (words.get(1), words.get(2)) else {
        return said(s.state.rulings()?.summary());
    };
    let mut r = s.state.rulings()?;
    r.set(name, option)?;
    s.state.rulings.retain(|(n, _)| n != name);
    s.state.rulings.push((name.clone(), option.clone()));
    changed(format!("Ruling {name} is now {option} for this game."))
}
