//! The session's commands: each reads its words, asks the rules modules,
//! applies the result to the battle and says what happened, with the
//! working.

use std::fmt::Write as _;

use crate::answers::{arg, changed, own, said, usage};
use crate::deck::{self, Drawn};
use crate::error::SharpError;
use crate::roll::Rolls;
use crate::state::Session;
use crate::state::{Battle, Card, Group, Side};
use umpire_core::session::{Actor, Answer};

/// The most shock a single `shock` command adds or removes: more than any
/// Group could carry before it breaks.
const MAX_SHOCK_CHANGE: i64 = 99;

/// Run one command, issued by `actor` (who the session allowed to issue
/// it); a side's runs on what it may see.
pub(crate) fn dispatch(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
) -> Result<Answer, SharpError> {
    let command = words[0].clone();
    let rulings = s.state.rulings()?;
    // A side's cards are its own: it looks at, plays and throws away only
    // its own hand.
    if let Some(v) = actor.side() {
        let asked = match command.as_str() {
            "hand" | "play" | "discard" => words.get(1),
            _ => None,
        };
        if let Some(other) = asked.filter(|a| !a.eq_ignore_ascii_case(v)) {
            return Err(SharpError::Invalid(format!(
                "you play the {v}: `{command}` here is about the {v}'s cards, not `{}`",
                umpire_core::text::clip(other)
            )));
        }
    }
    match command.as_str() {
        "show" => {
            let side = match actor.side() {
                Some(own) => Some(own.to_string()),
                None => match words.get(1) {
                    Some(w) => Some(s.state.side_mut(w)?.name.clone()),
                    None => None,
                },
            };
            said(show(&s.state, side.as_deref()))
        }
        "draw" => draw(s, &rulings),
        "bonus" => {
            let side = arg(words, 1, "a side")?;
            let side = s.state.side_mut(side)?.name.clone();
            let d = deck::draw_bonus(&mut s.state, &side)?;
            let mut t = format!("{side} draws {}: {}", d.card.name, d.card.text);
            if d.played {
                t.push_str("\n  played at once.");
            }
            if d.must_discard {
                t.push_str("\n  four cards in hand: discard one now (`discard SIDE CARD`).");
            }
            let mut a = Answer::changed(t);
            // The other side learns that a card was drawn, not which.
            if !d.played {
                for other in s.state.sides.iter().filter(|o| o.name != side) {
                    a = a.seen_by(
                        Actor::Side(other.name.clone()),
                        format!("{side} draws a bonus card."),
                    );
                }
                a = a.seen_by(Actor::Observer, format!("{side} draws a bonus card."));
            }
            Ok(a)
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
            let side = s.state.side_mut(side)?;
            let hand = side
                .hand
                .iter()
                .map(|c| format!("{} ({})", c.name, c.id))
                .collect::<Vec<_>>();
            said(if hand.is_empty() {
                format!("{} holds no cards.", side.name)
            } else {
                format!("{} holds: {}", side.name, hand.join(", "))
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
                        "`{}` is not a change of shock: give +N or -N, at most {MAX_SHOCK_CHANGE} either way ({})",
                        umpire_core::text::clip(given),
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
                    "`{}` is not a number of {}'s men: it has {} (`kill {} {}` removes them all)",
                    umpire_core::text::clip(given),
                    group.name,
                    group.men,
                    group.name,
                    group.men
                ))
            })?;
            group.men -= n;
            changed(format!("{}: {} men left.", group.name, group.men))
        }
        "ruling" => ruling(s, words),
        "reveal" => {
            let name = arg(words, 1, "a Blind")?;
            let blind = s.state.blind(name)?.clone();
            own(actor, &blind.side, &blind.name)?;
            s.state.blinds.retain(|b| b.name != blind.name);
            for g in &blind.groups {
                s.state.group_mut(g)?.hidden = false;
            }
            Ok(Answer::changed(format!(
                "SP-SPOT-029/030: {} is placed on the table: {}",
                blind.name,
                [blind.groups, blind.big_men].concat().join(", ")
            ))
            .revealing())
        }
        _ => crate::actions_cmd::dispatch(s, actor, &command, words, rolls, &rulings),
    }
}

/// `draw`: the next card, and what each side may read of it (a Big Man
/// under a Blind is only "one of the French").
fn draw(s: &mut Session, rulings: &crate::rulings::Rulings) -> Result<Answer, SharpError> {
    let before = s.state.clone();
    let d = deck::draw(&mut s.state, rulings)?;
    let turn = s.state.turn;
    // A card is drawn in front of everyone; a Big Man under a Blind is
    // named only to his own side.
    let drawn_man = match &d {
        Drawn::BigMan { name, .. } | Drawn::Passed { name } => Some(name.clone()),
        _ => None,
    };
    let text = draw_text(&s.state, turn, d);
    let mut answer = Answer::changed(text.clone());
    for reader in before.readers() {
        let seen = match (&drawn_man, &reader) {
            (Some(name), _) if before.hidden_from(&reader).1.contains(name) => {
                let side = before
                    .big_man(name)
                    .map(|m| m.side.clone())
                    .unwrap_or_default();
                format!("Turn {turn}: the card of a {side} Big Man under a Blind.")
            }
            // What cleared on Groups the reader may not see is not told.
            _ => {
                let (groups, _) = before.hidden_from(&reader);
                text.lines()
                    .filter(|l| {
                        l.strip_prefix("  cleared: ")
                            .and_then(|c| c.split(':').next())
                            .is_none_or(|g| !groups.contains(g))
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            }
        };
        answer = answer.seen_by(reader, seen);
    }
    Ok(answer)
}

/// What a drawn card says.
fn draw_text(state: &crate::state::Battle, turn: u32, d: Drawn) -> String {
    match d {
        Drawn::BigMan { name, initiatives } => {
            format!("Turn {turn}: {name}'s card. {initiatives} initiative(s).")
        }
        Drawn::HiddenBigMan { side } => {
            format!("Turn {turn}: the card of a {side} Big Man under a Blind.")
        }
        Drawn::Passed { name } => {
            format!("Turn {turn}: {name}'s card; he can no longer act: passed.")
        }
        Drawn::Blinds { side } => {
            format!("Turn {turn}: {side}'s Blinds: each may move with 3 action dice.")
        }
        Drawn::Grasp { side } => {
            format!("Turn {turn}: Grasp the Nettle: {side} takes it into hand.")
        }
        Drawn::Extra { name, side, text } => format!(
            "Turn {turn}: {}{name}: {text}",
            side.map(|x| format!("{x}'s ")).unwrap_or_default()
        ),
        Drawn::Tiffin { cleared, next_turn } => {
            let mut t = format!("Tiffin! The turn ends. Turn {next_turn} begins with a new deck.");
            if !state.blinds.is_empty() {
                t.push_str(
                    "\n  Automatic spotting (SP-SPOT-030/031): a Blind slightly obscured that moved within 6\" of the enemy is placed now (`reveal BLIND`); a Group hidden in terrain within 6\" of the enemy gets a Blind.",
                );
            }
            for c in cleared {
                let _ = write!(t, "\n  cleared: {c}");
            }
            t
        }
    }
}

/// The battle as the umpire sees it, or as one side may.
pub fn show(b: &Battle, side: Option<&str>) -> String {
    let mut s = show_turn(b);
    show_activation(&mut s, b, side);
    for sd in &b.sides {
        let mine = side.is_none_or(|x| x.eq_ignore_ascii_case(&sd.name));
        let _ = writeln!(s, "\n{}", sd.name);
        show_big_men(&mut s, b, sd, mine);
        show_groups(&mut s, b, sd, mine);
        show_formations(&mut s, b, sd, mine);
        show_blinds(&mut s, b, sd, mine);
        show_hand(&mut s, sd, mine);
    }
    s
}

/// The heading line: the turn, the card in play and what is left of the deck.
fn show_turn(b: &Battle) -> String {
    let mut s = format!("{} -- turn {}", b.name, b.turn);
    if let Some(a) = &b.active {
        let _ = write!(s, "; in play: {}", a.card.describe());
        if matches!(a.card, Card::BigMan(_)) {
            let _ = write!(s, " ({} initiative(s) left)", a.initiatives);
        }
    }
    let _ = writeln!(s, "; {} card(s) left in the deck", b.deck.len());
    s
}

/// The action dice left and the Groups commanded on the card in play.
fn show_activation(s: &mut String, b: &Battle, side: Option<&str>) {
    let Some(a) = &b.active else {
        return;
    };
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

/// A side's Big Men, with where their cards stand this turn; one under a
/// Blind is shown only to his own side.
fn show_big_men(s: &mut String, b: &Battle, sd: &Side, mine: bool) {
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
}

/// A side's Groups with their conditions; one under a Blind is shown only
/// to its own side.
fn show_groups(s: &mut String, b: &Battle, sd: &Side, mine: bool) {
    for g in b.groups.iter().filter(|x| x.side == sd.name) {
        if g.hidden && !mine {
            continue;
        }
        let conds = group_conditions(g);
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
}

/// What is worth saying about a Group beyond its men and shock: its
/// conditions, its loading and the Formation it stands in.
fn group_conditions(g: &Group) -> Vec<String> {
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
    conds
}

/// A side's Formations; one holding a hidden Group is shown only to its
/// own side.
fn show_formations(s: &mut String, b: &Battle, sd: &Side, mine: bool) {
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
}

/// A side's Blinds: its own side sees what is under each.
fn show_blinds(s: &mut String, b: &Battle, sd: &Side, mine: bool) {
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
}

/// A side's bonus cards: named to their holder, counted to anyone else.
fn show_hand(s: &mut String, sd: &Side, mine: bool) {
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

fn ruling(s: &mut Session, words: &[String]) -> Result<Answer, SharpError> {
    let (Some(name), Some(option)) = (words.get(1), words.get(2)) else {
        if words.len() == 2 {
            return Err(SharpError::Invalid(format!(
                "a ruling is switched with its name and an option: {}",
                usage("ruling")
            )));
        }
        return said(s.state.rulings()?.summary());
    };
    if words.len() > 3 {
        return Err(SharpError::Invalid(usage("ruling")));
    }
    let mut r = s.state.rulings()?;
    r.set(name, option)?;
    s.state.rulings.retain(|(n, _)| n != name);
    s.state.rulings.push((name.clone(), option.clone()));
    changed(format!("Ruling {name} is now {option} for this game."))
}
