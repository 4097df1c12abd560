//! The staff officer at the table or by mail: typed commands against the
//! game (umpire_core's session: undo, a log that replays, dice from the
//! seed or typed in).
//!
//! A command may be prefixed `as SIDE` (the mail gateway does this for
//! each line of a side's orders file): it may then touch only that side's
//! formations and generals.

use std::fmt::Write as _;

use umpire_core::roll::Rolls;
use umpire_core::session::{Actor, Answer, Command, Commands, RollCounts, Session, Table, builtin};

use crate::engine::{self, Roll, Writing};
use crate::error::NbError;
use crate::ids::OrderId;
use crate::log::{Event, Note};
use crate::model::{OrderKind, Quality, ReserveKind};
use crate::report;
use crate::state::Game;
use crate::tables::Tables;

/// Every command: what it does, how it is typed, an example, and who may
/// issue it. A side writes orders to, and records what happens to, its own
/// formations and generals; moving the turn on and the rulings are the
/// umpire's (`done` from every side moves it on at a table without one).
pub const COMMANDS: &[Command] = &[
    builtin::HELP,
    Command::new(
        "show",
        "a side's report: only what that side may see",
        "show SIDE",
        "show French",
    )
    .aliases(&["report"])
    .ask(),
    Command::new(
        "reveal",
        "the full log: for the umpire, or for everyone once the game is over",
        "reveal",
        "reveal",
    )
    .ask()
    .bare(),
    Command::new(
        "next",
        "go on to the next step of the turn, doing what it does",
        "next",
        "next",
    )
    .umpire()
    .bare(),
    Command::new(
        "reserve",
        "hold a formation in reserve before play",
        "reserve FORMATION on-board | off-board SQUARE",
        "reserve VI-Corps off-board A5",
    ),
    Command::new(
        "start",
        "a formation's starting order (no roll)",
        "start FORMATION attack|defend OBJECTIVE…",
        "start III-Corps attack Saint-Amand",
    ),
    Command::new(
        "order",
        "the army commander writes an order (Communications step)",
        "order FORMATION[,FORMATION] attack|defend OBJECTIVE… distance N [via GENERAL]",
        "order IV-Corps attack Ligny distance 18",
    ),
    Command::new(
        "messenger",
        "re-measure a messenger, or turn him toward another general",
        "messenger ORDER-ID distance N [to GENERAL]",
        "messenger 3 distance 10 to Gerard",
    ),
    Command::new(
        "place",
        "place an off-board reserve's general with its order on entry (Arrival step)",
        "place FORMATION attack|defend OBJECTIVE…",
        "place VI-Corps attack Ligny",
    ),
    Command::new(
        "engaged",
        "a division is engaged, or no longer",
        "engaged DIVISION yes|no",
        "engaged Vichery yes",
    ),
    Command::new(
        "threat",
        "a reserve is threatened, or no longer",
        "threat FORMATION yes|no",
        "threat VI-Corps yes",
    ),
    Command::new(
        "complete",
        "a formation has completed its attack or move: it defends",
        "complete FORMATION",
        "complete III-Corps",
    ),
    Command::new(
        "attach",
        "a general attaches to a combat unit (or the army commander to a general of his own side)",
        "attach GENERAL [to GENERAL] [unit UNIT]",
        "attach Napoleon to Gerard",
    ),
    Command::new(
        "detach",
        "a general detaches",
        "detach GENERAL",
        "detach Gerard",
    ),
    Command::new(
        "range",
        "a general is within or outside his superior's command range",
        "range GENERAL in|out",
        "range Lefol out",
    ),
    Command::new(
        "fall",
        "a general is killed or captured",
        "fall GENERAL",
        "fall Gerard",
    ),
    Command::new(
        "replace",
        "a fallen general's replacement arrives",
        "replace GENERAL [as NAME] [quality E|G|A|P]",
        "replace Gerard as Hulot quality A",
    ),
    Command::new(
        "outofrange",
        "a unit ended its move out of its division general's range",
        "outofrange UNIT DIVISION [exempt REASON…]",
        "outofrange 9e-Leger Vichery",
    ),
    Command::new(
        "ruling",
        "list the rulings, or switch one for this game",
        "ruling [NAME OPTION]",
        "ruling reaching on-arrival",
    )
    .aliases(&["rulings"])
    .umpire()
    .bare_asks(),
    Command::new(
        "done",
        "a side has done its part of this phase; when every side has, the turn moves on",
        "done",
        "done",
    )
    .bare(),
    builtin::UNDO,
    builtin::LOG,
    builtin::END,
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
    if let Some(f) = formation {
        let names: Vec<&str> = f.split(',').filter(|x| !x.is_empty()).collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
                return Err(NbError::Refused(format!(
                    "{n} is named twice; name each formation once"
                )));
            }
        }
    }
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
    const COMMANDS: &'static Commands = COMMANDS;
    const PREAMBLE: &'static str =
        "Commands (dice from the game's seed, or typed with `dice 7` at the end):";

    fn seed(&self) -> u64 {
        self.seed
    }

    fn rolls(&self) -> &RollCounts {
        &self.rolls
    }

    fn rolls_mut(&mut self) -> &mut RollCounts {
        &mut self.rolls
    }

    fn sides(&self) -> Vec<String> {
        self.sides.iter().map(|s| s.name.clone()).collect()
    }

    /// A command's answer as each reader may read it: the issuer and the
    /// umpire read it all; every other side, and an observer, the log
    /// entries the command wrote that are theirs to read (the game's log
    /// says who may read each one).
    fn dispatch(
        session: &mut Session<Game>,
        actor: &Actor,
        words: &[String],
        rolls: &mut Rolls,
    ) -> Result<Answer, NbError> {
        let from = session.state.log.len();
        let answer = run(session, actor, words, rolls)?;
        if !answer.changed {
            return Ok(answer);
        }
        let g = &session.state;
        let notes = g.log.get(from..).unwrap_or_default();
        // A change that wrote nothing to the log (a ruling, a side saying
        // it is done) hides nothing: everyone reads its answer.
        if notes.is_empty() {
            return Ok(answer);
        }
        // Moving the turn on: every reader reads which step it is.
        let header = match words.first().map(String::as_str) {
            Some("next" | "done") => answer.text.lines().next().map(str::to_string),
            _ => None,
        };
        let read = |side: Option<&str>| -> String {
            let mine: Vec<String> = notes
                .iter()
                .filter(|n| n.to.is_none() || n.to.as_deref() == side)
                .map(Note::text)
                .collect();
            if mine.len() == notes.len() && header.is_none() {
                // Every entry is theirs to read: the answer is, too.
                return answer.text.clone();
            }
            header
                .iter()
                .cloned()
                .chain(mine)
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut seen = Vec::new();
        for side in g.sides.iter().map(|s| s.name.clone()) {
            if actor.side() != Some(side.as_str()) {
                seen.push((Actor::Side(side.clone()), read(Some(&side))));
            }
        }
        seen.push((Actor::Observer, read(None)));
        // Moving the turn on is always worded for each reader, so that how
        // a reader reads it never says whether something hidden from them
        // happened in it.
        let always = header.is_some();
        let mut answer = answer;
        for (reader, text) in seen {
            if always || text != answer.text {
                answer = answer.seen_by(reader, text);
            }
        }
        Ok(answer)
    }
}

/// Run one command, issued by `actor`.
fn run(
    session: &mut Session<Game>,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
) -> Result<Answer, NbError> {
    let side = actor.side();
    let Some(first) = words.first() else {
        return Ok(Answer::said(""));
    };
    let tables = Tables::builtin()?;
    let mut roll = |sides: u32, what: &str| -> Result<u32, NbError> {
        rolls
            .die_keyed(sides, what)
            .map_err(|e| NbError::Refused(e.to_string()))
    };
    let ended = session.ended();
    let g = &mut session.state;
    match first.to_ascii_lowercase().as_str() {
        "show" => {
            let s = match (side, words.get(1)) {
                (Some(s), _) => s.to_string(),
                (None, Some(s)) => s.clone(),
                (None, None) => return Err(NbError::Refused("whose view? `show SIDE`".into())),
            };
            Ok(Answer::said(report::side_report(g, &s)?))
        }
        "reveal" => match side {
            Some(s) if !ended => Err(NbError::Refused(format!(
                "the full log holds both sides' secrets: it is for the umpire, or for after the game; `show` gives the {s}' own view"
            ))),
            _ => Ok(Answer::said(report::full_log(g))),
        },
        "next" => {
            g.done.clear();
            changed(engine::next_phase(g, tables, &mut roll)?.join("\n"))
        }
        // Two players without an umpire: each does its part of the
        // phase and says so; the last to be done moves the turn on and
        // reads only what its own side may (the other side reads its
        // news with `show`).
        "done" => done(g, side, tables, &mut roll),
        "reserve" => reserve(g, side, words, tables, &mut roll),
        "start" => {
            let f = arg(words, 1, "a formation")?;
            guard(g, side, Some(f), None)?;
            let k = kind(arg(words, 2, "attack or defend")?)?;
            let objective = phrase(words, 3, &[]);
            engine::starting_order(g, f, k, &objective)?;
            let fs = g.formation(f)?.side.clone();
            let event = Event::StartingOrder {
                formation: f.to_string(),
                kind: k,
                objective,
            };
            changed(g.record(Some(&fs), event))
        }
        "order" => write(g, side, words, tables),
        "messenger" => messenger(g, side, words),
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
            guard(g, side, Some(f), None)?;
            changed(engine::set_engaged(
                g,
                f,
                yes(arg(words, 2, "yes or no")?)?,
            )?)
        }
        "threat" => {
            let f = arg(words, 1, "a formation")?;
            guard(g, side, Some(f), None)?;
            changed(engine::threat(g, f, yes(arg(words, 2, "yes or no")?)?)?)
        }
        "complete" => {
            let f = arg(words, 1, "a formation")?;
            guard(g, side, Some(f), None)?;
            changed(engine::complete(g, f)?)
        }
        "attach" => attach(g, side, words),
        "detach" => {
            let who = arg(words, 1, "a general")?;
            guard(g, side, None, Some(who))?;
            changed(engine::detach(g, who)?)
        }
        "range" => {
            let who = arg(words, 1, "a general")?;
            guard(g, side, None, Some(who))?;
            changed(engine::set_range(
                g,
                who,
                yes(arg(words, 2, "in or out")?)?,
            )?)
        }
        "fall" => {
            let who = arg(words, 1, "a general")?;
            guard(g, side, None, Some(who))?;
            changed(engine::fall(g, who)?)
        }
        "replace" => {
            let q = match after(words, "quality") {
                Some(q) => Some(Quality::parse(q).ok_or_else(|| {
                    NbError::unknown("quality", q, ["E", "G", "A", "P"].into_iter())
                })?),
                None => None,
            };
            let who = arg(words, 1, "a general")?;
            guard(g, side, None, Some(who))?;
            changed(engine::replace(g, who, after(words, "as"), q)?)
        }
        "outofrange" => {
            let unit = arg(words, 1, "a unit")?;
            let div = arg(words, 2, "its division")?;
            guard(g, side, Some(div), None)?;
            let exempt = words
                .iter()
                .position(|w| w.eq_ignore_ascii_case("exempt"))
                .map(|i| words[i + 1..].join(" "));
            changed(engine::out_of_range(g, unit, div, exempt.as_deref())?)
        }
        "ruling" => ruling(g, words),
        other => Err(NbError::unknown(
            "command",
            other,
            COMMANDS.iter().map(|c| c.name),
        )),
    }
}

/// `done`: a side has done its part of the phase; the last side to be
/// done moves the turn on and reads only what its own side may.
fn done(
    g: &mut Game,
    side: Option<&str>,
    tables: &Tables,
    roll: Roll<'_>,
) -> Result<Answer, NbError> {
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
    let lines = engine::next_phase(g, tables, roll)?;
    let mut text = format!(
        "Both sides are done: {}",
        lines.first().cloned().unwrap_or_default()
    );
    for n in g.log.get(from..).unwrap_or_default() {
        if n.to.as_deref().is_none_or(|t| t == me) {
            text.push('\n');
            text.push_str(&n.text());
        }
    }
    changed(text)
}

/// `reserve FORMATION on-board|off-board [SQUARE]`.
fn reserve(
    g: &mut Game,
    side: Option<&str>,
    words: &[String],
    tables: &Tables,
    roll: Roll<'_>,
) -> Result<Answer, NbError> {
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
        roll,
    )?)
}

/// `order FORMATION[,FORMATION] attack|defend OBJECTIVE distance N [via GENERAL]`.
fn write(
    g: &mut Game,
    side: Option<&str>,
    words: &[String],
    tables: &Tables,
) -> Result<Answer, NbError> {
    let to = arg(words, 1, "the formation(s)")?;
    guard(g, side, Some(to), None)?;
    let first_formation = to.split(',').next().unwrap_or(to);
    let order_side = g.formation(first_formation)?.side.clone();
    let k = kind(arg(words, 2, "attack or defend")?)?;
    let objective = phrase(words, 3, &["distance", "via"]);
    let distance = number(words, "distance")?.ok_or_else(|| {
        NbError::Refused(
            "how far is the recipient? `distance N` (inches, measured on the table)".into(),
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

/// `messenger ORDER distance N [to GENERAL]`.
fn messenger(g: &mut Game, side: Option<&str>, words: &[String]) -> Result<Answer, NbError> {
    let id = arg(words, 1, "an order number")?
        .parse()
        .map(OrderId)
        .map_err(|_| NbError::Refused(umpire_core::session::usage(COMMANDS, "messenger")))?;
    if let Some(s) = side {
        if !g
            .messengers
            .iter()
            .any(|m| m.order.id == id && m.order.side.eq_ignore_ascii_case(s))
        {
            return Err(NbError::Refused(format!("order {id} is not {s}'s")));
        }
    }
    let d = number(words, "distance")?
        .ok_or_else(|| NbError::Refused(umpire_core::session::usage(COMMANDS, "messenger")))?;
    guard(g, side, None, after(words, "to"))?;
    changed(engine::redirect(g, id, after(words, "to"), d)?)
}

/// `attach GENERAL [to GENERAL] [unit UNIT]`.
fn attach(g: &mut Game, side: Option<&str>, words: &[String]) -> Result<Answer, NbError> {
    let who = arg(words, 1, "a general")?;
    guard(g, side, None, Some(who))?;
    if let Some(to) = after(words, "to") {
        // The army commander joins a general of his own army, and
        // not himself (NB-ATT-004).
        let (a, b) = (g.general(who)?.clone(), g.general(to)?.clone());
        if a.side != b.side {
            return Err(NbError::Refused(format!(
                "{} is the {}' general: {} joins only a general of his own army (NB-ATT-004)",
                b.name, b.side, a.name
            )));
        }
        if a.name == b.name {
            return Err(NbError::Refused(format!(
                "{} cannot attach to himself: name another of his generals",
                a.name
            )));
        }
    }
    changed(engine::attach(
        g,
        who,
        after(words, "to"),
        after(words, "unit"),
    )?)
}

/// `ruling [NAME OPTION]`: the rulings in force, or one switched.
fn ruling(g: &mut Game, words: &[String]) -> Result<Answer, NbError> {
    let (Some(name), Some(option)) = (words.get(1), words.get(2)) else {
        if words.len() > 1 {
            return Err(NbError::Refused(format!(
                "a ruling is switched with its name and an option: {}",
                umpire_core::session::usage(COMMANDS, "ruling")
            )));
        }
        return Ok(Answer::said(g.rulings()?.summary()));
    };
    let mut r = g.rulings()?;
    r.set(name, option)?;
    g.rulings.retain(|(n, _)| n != name);
    g.rulings.push((name.clone(), option.clone()));
    changed(format!("Ruling {name} is now {option} for this game."))
}
