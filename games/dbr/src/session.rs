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
use umpire_core::session::{Answer, Table};

use crate::battle::{Battle, Status, unknown};
use crate::combat::{Combat, CombatKind, Effect, Side, Who};
use crate::error::DbrError;
use crate::model::{ElementType, Going};
use crate::pips::{PipAction, PipQuery};
use crate::units::{Distance, Units};
use crate::{Dbr, MoveQuery, Tables};

/// A session: the battle (`session.state`), its history and log.
pub type Session = umpire_core::session::Session<Battle>;

/// Every command, its one-line help and its usage.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "help",
        "list the commands, or explain one",
        "help [COMMAND]",
    ),
    (
        "show",
        "the battle: the bound, each command's PIPs, every element",
        "show [SIDE]",
    ),
    (
        "bound",
        "end this bound and start the other side's: its commands' PIPs are diced (1d6 each)",
        "bound",
    ),
    (
        "pips",
        "a command spends PIPs on an action; the cost is worked as `umpire dbr pips` does",
        "pips COMMAND ACTION ELEMENT[,ELEMENT…] [with-general] [off-road] [road] [night] [moonlight] [separating] [portable] [general-lost] [general-unseen] [general-distance N] [marched N]",
    ),
    (
        "combat",
        "close combat (or `shooting`) between two elements, rolled and applied to the loser",
        "combat ELEMENT vs ELEMENT [shooting] [a CONDITIONS] [b CONDITIONS] [distance N] [dice A,B]",
    ),
    (
        "odds",
        "the odds of a combat before rolling",
        "odds ELEMENT vs ELEMENT [shooting] [a CONDITIONS] [b CONDITIONS] [distance N]",
    ),
    (
        "move",
        "how far an element may move",
        "move ELEMENT GOING[,GOING] [march] [contact] [bua] [night]",
    ),
    ("range", "how far an element shoots", "range ELEMENT"),
    (
        "status",
        "set what became of an element by hand (rallied, recoiled, fled, destroyed, captured)",
        "status ELEMENT in-play|recoiled|fled|destroyed|captured",
    ),
    (
        "undo",
        "take back the last command that changed the battle",
        "undo",
    ),
    ("log", "the commands so far", "log"),
];

impl Table for Battle {
    type Error = DbrError;

    fn seed(&self) -> u64 {
        self.seed
    }

    fn commands_run(&self) -> u64 {
        self.commands_run
    }

    fn count_command(&mut self) {
        self.commands_run += 1;
    }

    fn dispatch(s: &mut Session, words: &[String], rolls: &mut Rolls) -> Result<Answer, DbrError> {
        dispatch(s, words, rolls)
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

fn dispatch(s: &mut Session, words: &[String], rolls: &mut Rolls) -> Result<Answer, DbrError> {
    let Some(first) = words.first() else {
        return Ok(Answer::said(""));
    };
    let command = first.to_ascii_lowercase();
    match command.as_str() {
        "help" | "?" => Ok(Answer::said(umpire_core::session::help(
            COMMANDS,
            words.get(1).map(String::as_str),
            "Commands (dice from the battle's seed, or typed with `dice 4,2` at the end):",
        ))),
        "show" => {
            if let Some(side) = words.get(1) {
                s.state.side(side)?;
            }
            Ok(Answer::said(show(
                &s.state,
                words.get(1).map(String::as_str),
            )))
        }
        "bound" => bound(&mut s.state, rolls),
        "pips" => pips(&mut s.state, words),
        "combat" => combat(&mut s.state, words, rolls, false),
        "odds" => combat(&mut s.state, words, rolls, true),
        "move" => move_cmd(&s.state, words),
        "range" => {
            let e = s.state.element(arg(words, 1, "an element")?)?;
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
                    "`{given}` is not a status: in-play, recoiled, fled, destroyed or captured"
                ))
            })?;
            let e = s.state.element_mut(name)?;
            e.status = status;
            Ok(Answer::changed(format!(
                "{} is now {}.",
                e.name,
                status.name()
            )))
        }
        "undo" => match s.undo() {
            Some(()) => Ok(Answer::changed("Undone.")),
            None => Err(DbrError::Invalid("nothing to undo".into())),
        },
        "log" => Ok(Answer::said(
            s.log
                .iter()
                .map(|e| e.command.clone())
                .collect::<Vec<_>>()
                .join("\n"),
        )),
        other => Err(unknown(
            "command",
            other,
            COMMANDS.iter().map(|(c, _, _)| *c),
        )),
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
    "portable",
    "general-lost",
    "general-unseen",
];
const PIP_VALUED: &[&str] = &["general-distance", "marched"];

fn pips(b: &mut Battle, words: &[String]) -> Result<Answer, DbrError> {
    let command = arg(words, 1, "a command")?.to_string();
    let action = PipAction::parse(arg(words, 2, "an action")?)?;
    let names = arg(words, 3, "the element or elements")?;
    let moving = b.sides.get(b.moving).cloned().unwrap_or_default();
    let (cname, left) = {
        let c = b.command_mut(&command)?;
        if c.side != moving || c.pips.is_none() {
            return Err(DbrError::Invalid(format!(
                "it is not {} bound but {}: `bound` ends this one",
                of(&c.side),
                of(&moving)
            )));
        }
        (c.name.clone(), c.left())
    };
    let mut q = PipQuery {
        action: Some(action),
        ..PipQuery::default()
    };
    for n in names.split(',').filter(|n| !n.is_empty()) {
        let e = b.element(n)?;
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
        let (t, g) = e.typed()?;
        q.elements.push((t, Some(g)));
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
            _ => {
                let hint =
                    umpire_core::text::suggest(&l, PIP_FLAGS.iter().chain(PIP_VALUED).copied())
                        .map(|h| format!(" Did you mean `{h}`?"))
                        .unwrap_or_default();
                return Err(DbrError::Invalid(format!(
                    "`{w}` is not a word `pips` knows, and nothing was spent.{hint} {}",
                    usage("pips")
                )));
            }
        }
        i += 1;
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
    let mut text = format!(
        "{cname} spends {cost} PIP(s) on {} {names}: {} left.",
        action.name(),
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
    let mut text = format!(
        "{} {} {}: {} scores {}, {} scores {}.",
        ea.name,
        if shooting { "shoots at" } else { "fights" },
        eb.name,
        ea.name,
        r.a.final_score,
        eb.name,
        r.b.final_score
    );
    for l in r.explain(&c) {
        let _ = write!(text, "\n  {l}");
    }
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
            let _ = write!(text, "\n  {name} is now {}.", st.name());
        }
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
