//! The umpire at the table for DBR: typed commands against the battle,
//! each answered with the same working and rulings as the one-question
//! commands (`umpire dbr move|range|pips|combat`), the battle saved after
//! every one, `undo`, and a log that replays the game exactly (the
//! session machinery is umpire-core's, [`umpire_core::session`]).
//!
//! Dice for command number N come from the battle's seed and N, unless the
//! players type theirs with `dice 4,2` at the end of the command.

use std::fmt::Write as _;

use umpire_core::roll::Rolls;
use umpire_core::session::{Actor, Answer, Command, Commands, RollCounts, Table, builtin};

use crate::battle::{Battle, Status, unknown};
use crate::combat::{Combat, CombatKind, Effect, Side, Who};
use crate::error::DbrError;
use crate::model::{ElementType, Going};
use crate::pips::{PipAction, PipQuery, SeparateException};
use crate::units::{Distance, Units};
use crate::{Dbr, MoveQuery, Tables};

/// A session: the battle (`session.state`), its history and log.
pub type Session = umpire_core::session::Session<Battle>;

/// Every command: what it does, how it is typed, an example, and who may
/// issue it. Nothing in DBR is hidden, so every side reads every change;
/// a side spends its own commands' PIPs in its own bound and fights with
/// its own elements; ending the bound and setting a status by hand are the
/// umpire's (every side's together at a table without one).
pub const COMMANDS: &[Command] = &[
    builtin::HELP,
    Command::new(
        "show",
        "the battle: the bound, each command's PIPs, every element",
        "show [SIDE]",
        "show Swedes",
    )
    .ask(),
    Command::new(
        "bound",
        "end this bound and start the other side's: its commands' PIPs are diced (1d6 each)",
        "bound",
        "bound",
    )
    .umpire()
    .bare(),
    Command::new(
        "pips",
        "a command spends PIPs on an action; the cost is worked as `umpire dbr pips` does",
        "pips COMMAND ACTION ELEMENT[,ELEMENT…] [with-general] [off-road] [road] [night] [moonlight] [separating [previous TYPE,TYPE…] [straight-ahead] [into-combat] [difficult]] [portable] [general-lost] [general-unseen] [general-distance N] [marched N]",
        "pips Baner move smaland-horse with-general",
    ),
    Command::new(
        "combat",
        "close combat (or `shooting`) between two elements, rolled and applied to the loser",
        "combat ELEMENT vs ELEMENT [shooting] [a CONDITIONS] [b CONDITIONS] [distance N] [dice A,B]",
        "combat smaland-horse vs croats dice 4,2",
    ),
    Command::new(
        "odds",
        "the odds of a combat before rolling",
        "odds ELEMENT vs ELEMENT [shooting] [a CONDITIONS] [b CONDITIONS] [distance N]",
        "odds smaland-horse vs croats",
    )
    .ask(),
    Command::new(
        "move",
        "how far an element may move",
        "move ELEMENT GOING[,GOING] [march] [contact] [bua] [night]",
        "move croats good,rough",
    )
    .ask(),
    Command::new(
        "range",
        "how far an element shoots",
        "range ELEMENT",
        "range imperial-guns",
    )
    .ask(),
    Command::new(
        "status",
        "set what became of an element by hand (rallied, recoiled, fled, destroyed, captured)",
        "status ELEMENT in-play|recoiled|fled|destroyed|captured",
        "status croats fled",
    )
    .umpire(),
    builtin::UNDO,
    builtin::LOG,
    builtin::END,
];

impl Table for Battle {
    type Error = DbrError;
    const COMMANDS: &'static Commands = COMMANDS;
    const PREAMBLE: &'static str =
        "Commands (dice from the battle's seed, or typed with `dice 4,2` at the end):";

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
        self.sides.clone()
    }

    fn dispatch(
        s: &mut Session,
        actor: &Actor,
        words: &[String],
        rolls: &mut Rolls,
    ) -> Result<Answer, DbrError> {
        dispatch(s, actor, words, rolls)
    }
}

/// "the Swedes'", "Tilly's".
fn of(name: &str) -> String {
    if name.ends_with('s') {
        format!("the {name}'")
    } else {
        format!("{name}'s")
    }
}

fn usage(command: &str) -> String {
    umpire_core::session::usage(COMMANDS, command)
}

/// Refuse a side's command on forces that are not its own.
fn own(actor: &Actor, side: &str, what: &str) -> Result<(), DbrError> {
    if actor.commands(side) {
        Ok(())
    } else {
        Err(DbrError::Invalid(format!(
            "{what} is {}: {} command their own",
            of(side),
            actor.name()
        )))
    }
}

fn arg<'a>(words: &'a [String], i: usize, what: &str) -> Result<&'a str, DbrError> {
    words.get(i).map(String::as_str).ok_or_else(|| {
        let c = words.first().map_or("", String::as_str);
        DbrError::Invalid(format!("{c} needs {what}: {}", usage(c)))
    })
}

fn number(word: Option<&String>, key: &str) -> Result<u64, DbrError> {
    word.and_then(|w| w.parse::<u64>().ok())
        .filter(|x| *x <= 100_000)
        .ok_or_else(|| DbrError::Invalid(format!("`{key}` needs a whole number, 0 to 100,000")))
}

fn dbr(b: &Battle) -> Result<Dbr<'static>, DbrError> {
    Ok(Dbr::new(Tables::builtin()?, b.rulings()?))
}

fn dispatch(
    s: &mut Session,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
) -> Result<Answer, DbrError> {
    match words[0].as_str() {
        "show" => {
            let side = match words.get(1) {
                Some(side) => Some(s.state.side(side)?.to_string()),
                None => actor.side().map(str::to_string),
            };
            if words.len() > 2 {
                return Err(DbrError::Invalid(format!(
                    "`show` takes at most a side; {}",
                    usage("show")
                )));
            }
            Ok(Answer::said(show(&s.state, side.as_deref())))
        }
        "bound" => bound(&mut s.state, rolls),
        "pips" => pips(&mut s.state, actor, words),
        "combat" => combat(&mut s.state, actor, words, rolls, false),
        "odds" => combat(&mut s.state, actor, words, rolls, true),
        "move" => move_cmd(&s.state, words),
        "range" => {
            let e = s.state.element(arg(words, 1, "an element")?)?;
            if words.len() > 2 {
                return Err(DbrError::Invalid(usage("range")));
            }
            let (t, g) = e.typed()?;
            let r = dbr(&s.state)?.range(t, g)?;
            let what = r.range.map_or("does not shoot".to_string(), |d| {
                format!("shoots {}", d.show(Units::Paces))
            });
            Ok(Answer::said(answer_for(e, &what, r.explain(Units::Paces))))
        }
        "status" => {
            let name = arg(words, 1, "an element")?;
            let given = arg(words, 2, "what became of it")?;
            let status = Status::parse(given).ok_or_else(|| {
                DbrError::Invalid(format!(
                    "`{}` is not a status: in-play, recoiled, fled, destroyed or captured",
                    umpire_core::text::clip(given)
                ))
            })?;
            if words.len() > 3 {
                return Err(DbrError::Invalid(usage("status")));
            }
            let e = s.state.element_mut(name)?;
            e.status = status;
            Ok(Answer::changed(format!(
                "{} is now {}.",
                e.name,
                status.name()
            )))
        }
        other => Err(unknown("command", other, COMMANDS.iter().map(|c| c.name))),
    }
}

/// The next bound: the other side moves, its commands' PIPs are diced;
/// last bound's recoils are over, and unspent PIPs are lost (DBR-PIP-035).
fn bound(b: &mut Battle, rolls: &mut Rolls) -> Result<Answer, DbrError> {
    if b.bound > 0 {
        b.moving = (b.moving + 1) % b.sides.len().max(1);
    }
    b.bound += 1;
    let side = b.sides.get(b.moving).cloned().unwrap_or_default();
    for e in &mut b.elements {
        if e.status == Status::Recoiled {
            e.status = Status::InPlay;
        }
    }
    let mut text = format!(
        "Bound {}, {} bound. PIPs (one d6 per command, ruling pip-dice):",
        b.bound,
        of(&side)
    );
    for c in &mut b.commands {
        if c.side == side {
            let d = rolls
                .die(6, &format!("{}'s PIPs", c.name))
                .map_err(|e| DbrError::Invalid(e.to_string()))?;
            c.pips = Some(d);
            let _ = write!(text, "\n  {}: {d}", c.name);
        } else {
            c.pips = None;
        }
        c.spent = 0;
        c.general_moved = false;
    }
    Ok(Answer::changed(text))
}

const PIP_FLAGS: &[&str] = &[
    "with-general",
    "off-road",
    "road",
    "night",
    "moonlight",
    "separating",
    "straight-ahead",
    "into-combat",
    "difficult",
    "portable",
    "general-lost",
    "general-unseen",
];
const PIP_VALUED: &[&str] = &["general-distance", "marched", "previous"];

/// `pips COMMAND ACTION ELEMENTS …`: the moving side spends a command's
/// PIPs, worked as `umpire dbr pips` works them.
///
/// The general's -1 (DBR-PIP-016) is taken only when the elements moved
/// include his own and he has not already moved this bound; the
/// exceptions to separating's +2 (DBR-PIP-029 to 032) are claimed with
/// `previous TYPES` (a), `straight-ahead` (b), `into-combat` (c) and
/// `difficult` (d), as the one-question command takes them.
fn pips(b: &mut Battle, actor: &Actor, words: &[String]) -> Result<Answer, DbrError> {
    let command = arg(words, 1, "a command")?.to_string();
    let action = PipAction::parse(arg(words, 2, "an action")?)?;
    let names = arg(words, 3, "the element or elements")?;
    let moving = b.sides.get(b.moving).cloned().unwrap_or_default();
    let (cname, left, general_moved) = {
        let c = b.command_mut(&command)?;
        own(actor, &c.side, &format!("command {}", c.name))?;
        if c.side != moving || c.pips.is_none() {
            return Err(DbrError::Invalid(format!(
                "it is not {} bound but {}: `bound` ends this one",
                of(&c.side),
                of(&moving)
            )));
        }
        (c.name.clone(), c.left(), c.general_moved)
    };
    let mut q = PipQuery {
        action: Some(action),
        ..PipQuery::default()
    };
    let mut moved: Vec<String> = Vec::new();
    let mut with_general_element = false;
    for n in names.split(',').filter(|n| !n.is_empty()) {
        let e = b.element(n)?;
        if moved.contains(&e.name) {
            return Err(DbrError::Invalid(format!(
                "{} is named twice; name each element once",
                e.name
            )));
        }
        if !e.command.eq_ignore_ascii_case(&cname) {
            return Err(DbrError::Invalid(format!(
                "{} is in {}'s command, not {cname}'s",
                e.name, e.command
            )));
        }
        if !e.status.on_table() {
            return Err(DbrError::Invalid(format!(
                "{} is out of the battle ({})",
                e.name,
                e.status.name()
            )));
        }
        with_general_element |= e.general;
        let (t, g) = e.typed()?;
        q.elements.push((t, Some(g)));
        moved.push(e.name.clone());
    }
    let mut i = 4;
    while let Some(w) = words.get(i) {
        let l = w.to_ascii_lowercase();
        match l.as_str() {
            "with-general" => q.with_general = true,
            "off-road" => q.off_road = true,
            "road" => q.along_road = true,
            "night" => q.night = true,
            "moonlight" => q.moonlight = true,
            "separating" => q.separating = true,
            "straight-ahead" => q.exceptions.push(SeparateException::StraightAhead),
            "into-combat" => q.exceptions.push(SeparateException::IntoCombat),
            "difficult" => q.exceptions.push(SeparateException::Difficult),
            "portable" => q.portable_obstacles = true,
            "general-lost" => q.general_lost = true,
            "general-unseen" => q.general_unseen = true,
            "general-distance" => {
                q.general_distance = Some(Distance::of(number(words.get(i + 1), w)?, Units::Paces));
                i += 1;
            }
            "marched" => {
                q.marches_before = u32::try_from(number(words.get(i + 1), w)?).unwrap_or(u32::MAX);
                i += 1;
            }
            "previous" => {
                let types = arg(
                    words,
                    i + 1,
                    "the previous group's types (`previous LH,LH`)",
                )?;
                q.previous_group = types
                    .split(',')
                    .filter(|t| !t.is_empty())
                    .map(ElementType::parse)
                    .collect::<Result<Vec<_>, _>>()?;
                i += 1;
            }
            _ => {
                let hint =
                    umpire_core::text::suggest(&l, PIP_FLAGS.iter().chain(PIP_VALUED).copied())
                        .map(|h| format!(" Did you mean `{h}`?"))
                        .unwrap_or_default();
                return Err(DbrError::Invalid(format!(
                    "`{}` is not a word `pips` knows, and nothing was spent.{hint} {}",
                    umpire_core::text::clip(w),
                    usage("pips")
                )));
            }
        }
        i += 1;
    }
    if (!q.previous_group.is_empty() || !q.exceptions.is_empty()) && !q.separating {
        return Err(DbrError::Invalid(
            "the exceptions (`previous`, `straight-ahead`, `into-combat`, `difficult`) are to separating's +2: add `separating`; nothing was spent".into(),
        ));
    }
    if q.with_general {
        if !with_general_element {
            return Err(DbrError::Invalid(format!(
                "with-general: {cname}'s general is not with {names}; the -1 is only for moving his own element or group (DBR-PIP-016); nothing was spent"
            )));
        }
        if general_moved {
            return Err(DbrError::Invalid(format!(
                "with-general: {cname}'s general has already moved this bound, so the -1 is not given again (DBR-PIP-016); nothing was spent"
            )));
        }
    }
    let answer = dbr(b)?.pip_cost(&q)?;
    let cost = u32::try_from(answer.cost.max(0)).unwrap_or(0);
    if cost > left {
        return Err(DbrError::Invalid(format!(
            "{} costs {cost} PIP(s) and {cname} has {left} left this bound; nothing was spent",
            action.name()
        )));
    }
    let c = b.command_mut(&cname)?;
    c.spent += cost;
    // He has moved once his element or group has (DBR-PIP-016's "already
    // moved this bound"); steadying or rallying does not move him.
    if with_general_element && action.is_move() {
        c.general_moved = true;
    }
    let mut text = format!(
        "{cname} spends {cost} PIP(s) on {} {}: {} left.",
        action.name(),
        moved.join(","),
        c.left()
    );
    for l in answer.explain() {
        let _ = write!(text, "\n  {l}");
    }
    Ok(Answer::changed(text))
}

/// `combat A vs B …`: the two sides' conditions after `a` and `b`.
fn combat(
    b: &mut Battle,
    actor: &Actor,
    words: &[String],
    rolls: &mut Rolls,
    odds_only: bool,
) -> Result<Answer, DbrError> {
    let a_name = arg(words, 1, "the first element")?;
    if !words.get(2).is_some_and(|w| w.eq_ignore_ascii_case("vs")) {
        return Err(DbrError::Invalid(usage(words[0].as_str())));
    }
    let b_name = arg(words, 3, "the second element")?;
    let (ea, eb) = (b.element(a_name)?.clone(), b.element(b_name)?.clone());
    if ea.side == eb.side {
        return Err(DbrError::Invalid(format!(
            "{} and {} are on the same side",
            ea.name, eb.name
        )));
    }
    if !odds_only && !actor.commands(&ea.side) && !actor.commands(&eb.side) {
        return Err(DbrError::Invalid(format!(
            "neither {} nor {} is {}': a side fights with its own elements",
            ea.name,
            eb.name,
            actor.name()
        )));
    }
    for e in [&ea, &eb] {
        if !e.status.on_table() {
            return Err(DbrError::Invalid(format!(
                "{} is out of the battle ({})",
                e.name,
                e.status.name()
            )));
        }
    }
    let mut shooting = false;
    let (mut fa, mut fb) = (String::new(), String::new());
    let mut distance = None;
    let mut i = 4;
    while let Some(w) = words.get(i) {
        match w.to_ascii_lowercase().as_str() {
            "shooting" => shooting = true,
            "a" => {
                fa = arg(words, i + 1, "A's conditions")?.to_string();
                i += 1;
            }
            "b" => {
                fb = arg(words, i + 1, "B's conditions")?.to_string();
                i += 1;
            }
            "distance" => {
                distance = Some(Distance::of(number(words.get(i + 1), w)?, Units::Paces));
                i += 1;
            }
            other => {
                return Err(DbrError::Invalid(format!(
                    "`{other}` is not a word `combat` knows, and nothing was rolled. {}",
                    usage("combat")
                )));
            }
        }
        i += 1;
    }
    let mut sa = Side::parse(&ea.kind, &fa)?;
    let mut sb = Side::parse(&eb.kind, &fb)?;
    sa.general |= ea.general;
    sb.general |= eb.general;
    let moving = b.sides.get(b.moving).cloned().unwrap_or_default();
    let c = Combat {
        kind: if shooting {
            CombatKind::Shooting
        } else {
            CombatKind::Close
        },
        bound: if ea.side == moving { Who::A } else { Who::B },
        a: sa,
        b: sb,
        distance,
    };
    let d = dbr(b)?;
    if odds_only {
        let o = d.odds(&c)?;
        let mut text = format!("Odds of {} against {}:", ea.name, eb.name);
        for l in o.explain() {
            let _ = write!(text, "\n  {l}");
        }
        return Ok(Answer::said(text));
    }
    let roll = |what: &str, rolls: &mut Rolls| {
        rolls
            .die(6, what)
            .map_err(|e| DbrError::Invalid(e.to_string()))
    };
    let (da, db) = (
        roll(&format!("{}'s die", ea.name), rolls)?,
        roll(&format!("{}'s die", eb.name), rolls)?,
    );
    let mut c = c;
    c.a.die = Some(da);
    c.b.die = Some(db);
    let r = d.resolve(&c)?;
    // The result first, then the working.
    let verb = if shooting { "shoots at" } else { "fights" };
    let mut result = String::new();
    if let Some(loser) = r.outcome.loser {
        let name = if loser == Who::A { &ea.name } else { &eb.name };
        let status = match r.outcome.effect {
            Effect::NoEffect | Effect::DraughtTeamsDesert => None,
            Effect::Recoil => Some(Status::Recoiled),
            Effect::Flee => Some(Status::Fled),
            Effect::Destroyed => Some(Status::Destroyed),
            Effect::Captured => Some(Status::Captured),
        };
        if let Some(st) = status {
            b.element_mut(name)?.status = st;
            result = format!(" {name} is now {}.", st.name());
        }
    }
    if result.is_empty() {
        result = " No element is moved or lost.".to_string();
    }
    let mut text = format!(
        "{} {verb} {}, {} to {}:{result}",
        ea.name, eb.name, r.a.final_score, r.b.final_score,
    );
    for l in r.explain(&c) {
        let _ = write!(text, "\n  {l}");
    }
    Ok(Answer::changed(text))
}

fn move_cmd(b: &Battle, words: &[String]) -> Result<Answer, DbrError> {
    let e = b.element(arg(words, 1, "an element")?)?;
    let going = arg(words, 2, "the going")?
        .split(',')
        .map(Going::parse)
        .collect::<Result<Vec<_>, _>>()?;
    let (t, g) = e.typed()?;
    let mut q = MoveQuery::new(t, going.first().copied().unwrap_or(Going::Good));
    q.going = going;
    q.grade = Some(g);
    for w in words.iter().skip(3) {
        match w.to_ascii_lowercase().as_str() {
            "march" => q.march = true,
            "contact" => q.ends_in_contact = true,
            "bua" => q.in_bua = true,
            "night" => q.low_visibility = true,
            other => {
                return Err(DbrError::Invalid(format!(
                    "`{other}` is not a word `move` knows. {}",
                    usage("move")
                )));
            }
        }
    }
    let a = dbr(b)?.max_move(&q)?;
    let what = a.distance.map_or("no move".to_string(), |d| {
        format!("moves up to {}", d.show(Units::Paces))
    });
    Ok(Answer::said(answer_for(e, &what, a.explain(Units::Paces))))
}

/// "croats (LH(F)): moves up to 300p" and the working under it.
fn answer_for(e: &crate::battle::Element, what: &str, working: Vec<String>) -> String {
    let mut text = format!("{} ({}): {what}", e.name, e.kind);
    for l in working {
        let _ = write!(text, "\n  {l}");
    }
    text
}

/// The battle at a glance; with a side, the same (nothing in DBR is
/// hidden from the table) with that side first.
pub fn show(b: &Battle, side: Option<&str>) -> String {
    let moving = b.sides.get(b.moving).map_or("", String::as_str);
    let mut s = if b.bound == 0 {
        format!("{} -- before the first bound (`bound` starts it)\n", b.name)
    } else {
        format!("{} -- bound {}, {} bound\n", b.name, b.bound, of(moving))
    };
    let mut sides: Vec<&String> = b.sides.iter().collect();
    if let Some(first) = side {
        sides.sort_by_key(|x| !x.eq_ignore_ascii_case(first));
    }
    for sd in sides {
        let _ = writeln!(s, "\n{sd}");
        for c in b.commands.iter().filter(|c| &c.side == sd) {
            let pips = match c.pips {
                Some(p) => format!("{p} PIPs diced, {} spent, {} left", c.spent, c.left()),
                None => "no PIPs this bound".to_string(),
            };
            let _ = writeln!(s, "  command {}: {pips}", c.name);
            for e in b.elements.iter().filter(|e| e.command == c.name) {
                let _ = writeln!(
                    s,
                    "    {} {}{}: {}",
                    e.name,
                    e.kind,
                    if e.general { " (general)" } else { "" },
                    e.status.name()
                );
            }
        }
        let lost = b
            .elements
            .iter()
            .filter(|e| &e.side == sd && !e.status.on_table())
            .count();
        let _ = writeln!(
            s,
            "  {lost} of {} elements fled, destroyed or captured",
            b.elements.iter().filter(|e| &e.side == sd).count()
        );
    }
    s
}

/// Names to complete at the prompt.
pub fn names(b: &Battle) -> Vec<String> {
    let mut w: Vec<String> = b.elements.iter().map(|e| e.name.clone()).collect();
    w.extend(b.commands.iter().map(|c| c.name.clone()));
    w.extend(b.sides.iter().cloned());
    w.extend(ElementType::ALL.iter().map(|e| e.name().to_string()));
    w
}
