//! The staff officer at the table or by mail: typed commands against the
//! game (umpire_core's session: undo, a log that replays, dice from the
//! seed or typed in).
//!
//! A command may be prefixed `as SIDE` (the mail gateway does this for
//! each line of a side's orders file): it may then touch only that side's
//! formations and generals.

use std::fmt::Write as _;

use umpire_core::roll::Rolls;
use umpire_core::session::{Answer, Session, Table};

use crate::engine::{self, Writing};
use crate::error::NbError;
use crate::model::{OrderKind, Quality, ReserveKind};
use crate::report;
use crate::state::Game;
use crate::tables::Tables;

/// Every command, with what it does and its usage.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "help",
        "list the commands, or explain one",
        "help [COMMAND]",
    ),
    (
        "show",
        "a side's report: only what that side may see",
        "show SIDE",
    ),
    ("reveal", "the full log, for after the game", "reveal"),
    (
        "next",
        "go on to the next step of the turn, doing what it does",
        "next",
    ),
    (
        "reserve",
        "hold a formation in reserve before play",
        "reserve FORMATION on-board | off-board SQUARE",
    ),
    (
        "start",
        "a formation's starting order (no roll)",
        "start FORMATION attack|defend OBJECTIVE…",
    ),
    (
        "order",
        "the army commander writes an order (Communications step)",
        "order FORMATION[,FORMATION] attack|defend OBJECTIVE… distance N [via GENERAL]",
    ),
    (
        "messenger",
        "re-measure a messenger, or turn him toward another general",
        "messenger ORDER-ID distance N [to GENERAL]",
    ),
    (
        "place",
        "place an off-board reserve's general with its order on entry (Arrival step)",
        "place FORMATION attack|defend OBJECTIVE…",
    ),
    (
        "engaged",
        "a division is engaged, or no longer",
        "engaged DIVISION yes|no",
    ),
    (
        "threat",
        "a reserve is threatened, or no longer",
        "threat FORMATION yes|no",
    ),
    (
        "complete",
        "a formation has completed its attack or move: it defends",
        "complete FORMATION",
    ),
    (
        "attach",
        "a general attaches to a combat unit (or the army commander to a general)",
        "attach GENERAL [to GENERAL]",
    ),
    ("detach", "a general detaches", "detach GENERAL"),
    (
        "range",
        "a general is within or outside his superior's command range",
        "range GENERAL in|out",
    ),
    ("fall", "a general is killed or captured", "fall GENERAL"),
    (
        "replace",
        "his replacement arrives",
        "replace GENERAL [as NAME] [quality E|G|A|P]",
    ),
    (
        "outofrange",
        "a unit ended its move out of its division general's range",
        "outofrange UNIT DIVISION [exempt REASON…]",
    ),
    (
        "ruling",
        "switch a ruling for this game, or list them",
        "ruling [NAME OPTION]",
    ),
    (
        "undo",
        "take back the last command that changed the game",
        "undo",
    ),
    ("log", "the commands so far", "log"),
    (
        "done",
        "a side has done its part of this phase; when both sides have, the turn moves on (two players, no umpire)",
        "done",
    ),
];

fn arg<'a>(words: &'a [String], i: usize, what: &str) -> Result<&'a str, NbError> {
    words.get(i).map(String::as_str).ok_or_else(|| {
        NbError::Refused(format!(
            "{} needs {what}: {}",
            words.first().map_or("", String::as_str),
            umpire_core::session::usage(COMMANDS, words.first().map_or("", String::as_str))
        ))
    })
}

fn after<'a>(words: &'a [String], key: &str) -> Option<&'a str> {
    let i = words.iter().position(|w| w.eq_ignore_ascii_case(key))?;
    words.get(i + 1).map(String::as_str)
}

fn kind(word: &str) -> Result<OrderKind, NbError> {
    OrderKind::parse(word)
        .ok_or_else(|| NbError::unknown("order", word, ["attack", "defend"].into_iter()))
}

fn yes(word: &str) -> Result<bool, NbError> {
    match word.to_ascii_lowercase().as_str() {
        "yes" | "y" | "on" | "true" | "in" => Ok(true),
        "no" | "n" | "off" | "false" | "out" => Ok(false),
        _ => Err(NbError::Refused(format!("`{word}`: say yes or no"))),
    }
}

/// The words from `from` up to (not including) any of `stops`.
fn phrase(words: &[String], from: usize, stops: &[&str]) -> String {
    words
        .iter()
        .skip(from)
        .take_while(|w| !stops.iter().any(|s| w.eq_ignore_ascii_case(s)))
        .cloned()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The longest distance taken, in inches: more than any table (a 12-foot
/// table is 144"), so a typing slip is refused rather than sending a
/// messenger on a ride of years.
pub const MAX_DISTANCE: f64 = 1_000.0;

fn number(words: &[String], key: &str) -> Result<Option<f64>, NbError> {
    match after(words, key) {
        None => Ok(None),
        Some(v) => {
            let x = v
                .trim_end_matches('"')
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| {
                    NbError::Refused(format!("`{key} {v}`: not a distance in inches"))
                })?;
            if x > MAX_DISTANCE {
                return Err(NbError::Refused(format!(
                    "`{key} {v}`: more than any table ({MAX_DISTANCE}\" at most); measure again"
                )));
            }
            Ok(Some(x))
        }
    }
}

fn changed(text: String) -> Result<Answer, NbError> {
    Ok(Answer::changed(text))
}

/// Check that a named formation or general belongs to the acting side.
fn guard(
    game: &Game,
    side: Option<&str>,
    formation: Option<&str>,
    general: Option<&str>,
) -> Result<(), NbError> {
    let Some(side) = side else { return Ok(()) };
    if let Some(f) = formation {
        for f in f.split(',').filter(|x| !x.is_empty()) {
            let fs = &game.formation(f)?.side;
            if !fs.eq_ignore_ascii_case(side) {
                return Err(NbError::Refused(format!("{f} is not {side}'s")));
            }
        }
    }
    if let Some(g) = general {
        let gs = &game.general(g)?.side;
        if !gs.eq_ignore_ascii_case(side) {
            return Err(NbError::Refused(format!("{g} is not {side}'s")));
        }
    }
    Ok(())
}

impl Table for Game {
    type Error = NbError;

    fn seed(&self) -> u64 {
        self.seed
    }

    fn commands_run(&self) -> u64 {
        self.commands
    }

    fn count_command(&mut self) {
        self.commands += 1;
    }

    fn dispatch(
        session: &mut Session<Game>,
        words: &[String],
        rolls: &mut Rolls,
    ) -> Result<Answer, NbError> {
        let (side, words): (Option<String>, &[String]) = match words.first() {
            Some(w) if w.eq_ignore_ascii_case("as") => {
                let s = arg(words, 1, "a side")?;
                let name = session.state.side(s)?.name.clone();
                (Some(name), &words[2..])
            }
            _ => (None, words),
        };
        let side = side.as_deref();
        let Some(first) = words.first() else {
            return Ok(Answer::said(""));
        };
        let tables = Tables::builtin()?;
        let mut roll = |sides: u32, what: &str| -> Result<u32, NbError> {
            rolls
                .die(sides, what)
                .map_err(|e| NbError::Refused(e.to_string()))
        };
        let g = &mut session.state;
        match first.to_ascii_lowercase().as_str() {
            "help" | "?" => Ok(Answer::said(umpire_core::session::help(
                COMMANDS,
                words.get(1).map(String::as_str),
                "Commands (dice from the game's seed, or typed with `dice 7` at the end):",
            ))),
            "show" | "report" => {
                let s = match (side, words.get(1)) {
                    (Some(s), _) => s.to_string(),
                    (None, Some(s)) => s.clone(),
                    (None, None) => return Err(NbError::Refused("whose view? `show SIDE`".into())),
                };
                Ok(Answer::said(report::side_report(g, &s)?))
            }
            "reveal" => match side {
                Some(s) => Err(NbError::Refused(format!(
                    "the full log holds both sides' secrets: it is for the umpire, or for after the game; `show` gives the {s}' own view"
                ))),
                None => Ok(Answer::said(report::full_log(g))),
            },
            "next" => {
                if side.is_some() {
                    return Err(NbError::Refused(
                        "only the umpire moves the turn on; a side says `done` and the turn moves on when both sides have".into(),
                    ));
                }
                g.done.clear();
                changed(engine::next_phase(g, tables, &mut roll)?.join("\n"))
            }
            // Two players without an umpire: each does its part of the
            // phase and says so; the last to be done moves the turn on and
            // reads only what its own side may (the other side reads its
            // news with `show`).
            "done" => {
                let Some(me) = side else {
                    return Err(NbError::Refused(
                        "`done` is a side's (`as French done`, or from `play --side French`); the umpire moves the turn on with `next`".into(),
                    ));
                };
                if !g.done.iter().any(|d| d == me) {
                    g.done.push(me.to_string());
                }
                let waiting: Vec<String> = g
                    .sides
                    .iter()
                    .map(|s| s.name.clone())
                    .filter(|n| !g.done.contains(n))
                    .collect();
                if !waiting.is_empty() {
                    return changed(format!(
                        "The {me} are done with turn {}, {}; waiting for the {}.",
                        g.turn,
                        g.phase.name(),
                        waiting.join(" and ")
                    ));
                }
                g.done.clear();
                let from = g.log.len();
                let lines = engine::next_phase(g, tables, &mut roll)?;
                let mut text = format!(
                    "Both sides are done: {}",
                    lines.first().cloned().unwrap_or_default()
                );
                for n in g.log.get(from..).unwrap_or_default() {
                    if n.to.as_deref().is_none_or(|t| t == me) {
                        text.push('\n');
                        text.push_str(&n.text);
                    }
                }
                changed(text)
            }
            "reserve" => {
                let f = arg(words, 1, "a formation")?;
                guard(g, side, Some(f), None)?;
                let k = match arg(words, 2, "on-board or off-board")?
                    .to_ascii_lowercase()
                    .as_str()
                {
                    "on-board" | "onboard" | "on" => ReserveKind::OnBoard,
                    "off-board" | "offboard" | "off" => ReserveKind::OffBoard,
                    other => {
                        return Err(NbError::unknown(
                            "reserve",
                            other,
                            ["on-board", "off-board"].into_iter(),
                        ));
                    }
                };
                changed(engine::make_reserve(
                    g,
                    tables,
                    f,
                    k,
                    words.get(3).map(String::as_str),
                    &mut roll,
                )?)
            }
            "start" => {
                let f = arg(words, 1, "a formation")?;
                guard(g, side, Some(f), None)?;
                let k = kind(arg(words, 2, "attack or defend")?)?;
                let objective = phrase(words, 3, &[]);
                engine::starting_order(g, f, k, &objective)?;
                let fs = g.formation(f)?.side.clone();
                let text = format!(
                    "{f} starts on {} {objective}, in force from turn 1 with no roll (NB-SETUP-004/005).",
                    k.name()
                );
                g.note(Some(&fs), text.clone());
                changed(text)
            }
            "order" => {
                let to = arg(words, 1, "the formation(s)")?;
                guard(g, side, Some(to), None)?;
                let first_formation = to.split(',').next().unwrap_or(to);
                let order_side = g.formation(first_formation)?.side.clone();
                let k = kind(arg(words, 2, "attack or defend")?)?;
                let objective = phrase(words, 3, &["distance", "via"]);
                let distance = number(words, "distance")?.ok_or_else(|| {
                    NbError::Refused(
                        "how far is the recipient? `distance N` (inches, measured on the table)"
                            .into(),
                    )
                })?;
                let w = Writing {
                    side: order_side,
                    to: to
                        .split(',')
                        .filter(|x| !x.is_empty())
                        .map(str::to_string)
                        .collect(),
                    kind: k,
                    objective,
                    via: after(words, "via").map(str::to_string),
                    distance,
                };
                let (id, steps) = engine::write_order(g, tables, &w)?;
                let mut text = format!("Order {id} written.");
                for s in steps {
                    let _ = write!(
                        text,
                        "\n  {}: {}{}",
                        s.rule,
                        s.text,
                        s.ruling
                            .map(|r| format!(" [ruling {r}]"))
                            .unwrap_or_default()
                    );
                }
                changed(text)
            }
            "messenger" => {
                let id: u32 = arg(words, 1, "an order number")?.parse().map_err(|_| {
                    NbError::Refused(umpire_core::session::usage(COMMANDS, "messenger"))
                })?;
                if let Some(s) = side {
                    if !g
                        .messengers
                        .iter()
                        .any(|m| m.order.id == id && m.order.side.eq_ignore_ascii_case(s))
                    {
                        return Err(NbError::Refused(format!("order {id} is not {s}'s")));
                    }
                }
                let d = number(words, "distance")?.ok_or_else(|| {
                    NbError::Refused(umpire_core::session::usage(COMMANDS, "messenger"))
                })?;
                changed(engine::redirect(g, id, after(words, "to"), d)?)
            }
            "place" => {
                let f = arg(words, 1, "a formation")?;
                guard(g, side, Some(f), None)?;
                let k = kind(arg(words, 2, "attack or defend")?)?;
                let objective = phrase(words, 3, &[]);
                changed(engine::place_general(
                    g, tables, f, k, &objective, &mut roll,
                )?)
            }
            "engaged" => {
                let f = arg(words, 1, "a division")?;
                changed(engine::set_engaged(
                    g,
                    f,
                    yes(arg(words, 2, "yes or no")?)?,
                )?)
            }
            "threat" => {
                let f = arg(words, 1, "a formation")?;
                changed(engine::threat(g, f, yes(arg(words, 2, "yes or no")?)?)?)
            }
            "complete" => {
                let f = arg(words, 1, "a formation")?;
                guard(g, side, Some(f), None)?;
                changed(engine::complete(g, f)?)
            }
            "attach" => {
                let who = arg(words, 1, "a general")?;
                guard(g, side, None, Some(who))?;
                changed(engine::attach(
                    g,
                    who,
                    after(words, "to"),
                    after(words, "unit"),
                )?)
            }
            "detach" => {
                let who = arg(words, 1, "a general")?;
                guard(g, side, None, Some(who))?;
                changed(engine::detach(g, who)?)
            }
            "range" => {
                let who = arg(words, 1, "a general")?;
                changed(engine::set_range(
                    g,
                    who,
                    yes(arg(words, 2, "in or out")?)?,
                )?)
            }
            "fall" => changed(engine::fall(g, arg(words, 1, "a general")?)?),
            "replace" => {
                let q = match after(words, "quality") {
                    Some(q) => Some(Quality::parse(q).ok_or_else(|| {
                        NbError::unknown("quality", q, ["E", "G", "A", "P"].into_iter())
                    })?),
                    None => None,
                };
                changed(engine::replace(
                    g,
                    arg(words, 1, "a general")?,
                    after(words, "as"),
                    q,
                )?)
            }
            "outofrange" => {
                let unit = arg(words, 1, "a unit")?;
                let div = arg(words, 2, "its division")?;
                let exempt = words
                    .iter()
                    .position(|w| w.eq_ignore_ascii_case("exempt"))
                    .map(|i| words[i + 1..].join(" "));
                changed(engine::out_of_range(g, unit, div, exempt.as_deref())?)
            }
            "ruling" | "rulings" => {
                let (Some(name), Some(option)) = (words.get(1), words.get(2)) else {
                    return Ok(Answer::said(g.rulings()?.summary()));
                };
                let mut r = g.rulings()?;
                r.set(name, option)?;
                g.rulings.retain(|(n, _)| n != name);
                g.rulings.push((name.clone(), option.clone()));
                changed(format!("Ruling {name} is now {option} for this game."))
            }
            "undo" => match session.undo() {
                Some(()) => Ok(Answer::changed("Undone.")),
                None => Err(NbError::Refused("nothing to undo".into())),
            },
            // A side reads back only what it typed itself: the other
            // side's orders and the umpire's secret rolls are not its to
            // read.
            "log" => Ok(Answer::said(match side {
                None => session
                    .log
                    .iter()
                    .map(|e| e.command.clone())
                    .collect::<Vec<_>>()
                    .join("\n"),
                Some(s) => {
                    let mine: Vec<String> = session
                        .log
                        .iter()
                        .filter_map(|e| own_command(&e.command, s))
                        .collect();
                    format!(
                        "The {s}' commands so far ({}); the other side's and the umpire's are not shown:\n{}",
                        mine.len(),
                        mine.join("\n")
                    )
                }
            })),
            other => Err(NbError::unknown(
                "command",
                other,
                COMMANDS.iter().map(|(c, _, _)| *c),
            )),
        }
    }
}

/// `as SIDE rest` typed by `side`: the rest.
fn own_command(line: &str, side: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    let (Some(a), Some(s)) = (words.next(), words.next()) else {
        return None;
    };
    (a.eq_ignore_ascii_case("as") && s.eq_ignore_ascii_case(side))
        .then(|| words.collect::<Vec<_>>().join(" "))
}
