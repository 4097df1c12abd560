//! The umpire at the table: typed commands against a game's state, each
//! issued by an actor (the umpire, a side, an observer), checked against
//! what that actor may do and see, answered, and kept in a log that
//! replays the game exactly.
//!
//! A game provides its state as a [`Table`]: its commands (each declared
//! once with who may issue it, [`Command`]), its sides, the view each
//! actor may have of it ([`Table::view_for`]), and `dispatch`, which reads
//! the words of one command and answers. The [`Session`] does the rest,
//! the same for every game, on the command line and on the web:
//!
//! - **Who acts.** A logged line `as SIDE …` is that side's; any other
//!   line is the umpire's. A side issues questions and commands on its own
//!   forces; the umpire's commands (rulings, the turn, cards) are refused
//!   to a side at a table with an umpire, and at a table without one they
//!   run when every side has asked for them.
//! - **What it learns.** A side's command is answered from the side's
//!   view of the game, in which nothing it may not know exists: a piece
//!   hidden from it is unknown exactly like a name that does not exist, and
//!   odds, errors and suggestions come from what it may see. The command
//!   also runs on the whole game, which is what is kept; where the two
//!   disagree (the outcome would depend on what the side cannot see) the
//!   command is refused with one fixed answer. What each other side reads
//!   of a change is worked out the same way from its own view.
//! - **Dice belong to the roll.** Each actor rolls from a stream of its
//!   own, derived from the game's seed and the count of its commands that
//!   rolled, and each purpose within a command from a stream of its own
//!   ([`Rolls`]). So a command that rolls nothing never moves the dice;
//!   what one side rolls in secret never moves another's; and an undo
//!   brings back the count with the state, so the same roll after an undo
//!   gets the same dice whatever is typed in between. Players may type
//!   their own dice with `dice 5,3,6` (or `rolled 5,3,6`) at the end of a
//!   command.
//! - **Undo.** The umpire takes back any change; a side its own last
//!   change if it rolled no dice; anything else needs the umpire, or at a
//!   table without one every side's asking. Every side's log says what was
//!   taken back and whether dice went with it. Where the game hides
//!   anything from a reader, an order that changed nothing (refused, or
//!   nothing to do) is taken back as nothing, so that what an undo takes
//!   back never depends on whether an order changed what that reader
//!   cannot see.

mod actor;
mod command;

use std::fmt::Write as _;

pub use actor::{Actor, RollCounts, read_actor};
pub use command::{Access, Command, Commands, Told, builtin, find, help, usage};

use crate::dice::Dice;
use crate::roll::{RollError, Rolls};

/// The longest command line taken, in characters: longer than any command
/// needs, short enough that no answer echoes a page of input.
pub const LINE_MAX: usize = 240;

/// The answer a side gets when its command would come out differently on
/// what it cannot see: the same words whatever is hidden.
pub const UNSEEN_REFUSAL: &str = "that cannot be settled from what you may see of the game; nothing was done (the umpire can settle it)";

/// A command's answer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answer {
    /// What to print.
    pub text: String,
    /// Whether the state changed (and so was saved and can be undone).
    pub changed: bool,
    /// What another reader (a side, an observer) reads of it instead of
    /// `text`, where the game words it for them (a card drawn that they may
    /// not name); an empty text: they read nothing of it.
    pub seen: Vec<(Actor, String)>,
    /// It puts on the table what was hidden, as the rules say (a Blind
    /// spotted): every reader reads it as it is.
    pub reveals: bool,
}

impl Answer {
    /// An answer that changed the state.
    pub fn changed(text: impl Into<String>) -> Answer {
        Answer {
            text: text.into(),
            changed: true,
            ..Answer::default()
        }
    }

    /// An answer that only says something.
    pub fn said(text: impl Into<String>) -> Answer {
        Answer {
            text: text.into(),
            ..Answer::default()
        }
    }

    /// It puts on the table what was hidden, as the rules say.
    pub fn revealing(mut self) -> Answer {
        self.reveals = true;
        self
    }

    /// How `reader` reads it (an empty text: not at all).
    pub fn seen_by(mut self, reader: Actor, text: impl Into<String>) -> Answer {
        self.seen.push((reader, text.into()));
        self
    }
}

/// What one reader may read of a log entry.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Reading {
    pub command: String,
    pub answer: String,
}

/// One entry of the log: who issued what, and what each reader read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    pub actor: Actor,
    /// The line as typed, `as SIDE` and all (what a log replays).
    pub line: String,
    /// The command without `as SIDE`.
    pub command: String,
    /// What its issuer read.
    pub answer: String,
    pub changed: bool,
    /// Whether it rolled dice (seeded or typed).
    pub rolled: bool,
    /// Whether it put on the table what was hidden.
    #[serde(default)]
    pub revealed: bool,
    /// What each other reader reads of it (the umpire, the other sides,
    /// an observer); a reader not listed reads nothing of it.
    pub readings: Vec<(Actor, Reading)>,
    /// Readers who read the game's own words for them, part of the
    /// answer: whether its dice are taken back is not theirs to know.
    #[serde(default)]
    pub partial: Vec<Actor>,
}

impl Entry {
    /// What `viewer` may read of it, if anything (every reader reads
    /// everything once the game is over).
    pub fn read_by(&self, viewer: &Actor, ended: bool) -> Option<Reading> {
        let own = || Reading {
            command: self.command.clone(),
            answer: self.answer.clone(),
        };
        let listed = |reader: &Actor| {
            self.readings
                .iter()
                .find(|(a, _)| a == reader)
                .map(|(_, r)| r.clone())
        };
        // The umpire, and everyone once the game is over, read it whole.
        if ended || viewer.is_umpire() {
            return Some(listed(&Actor::Umpire).unwrap_or_else(own));
        }
        if *viewer == self.actor {
            return Some(own());
        }
        listed(viewer)
    }
}

/// A game's state as the session drives it.
pub trait Table: Clone + PartialEq {
    /// What a command can fail with; shown as `error: {e}`.
    type Error: std::fmt::Display;

    /// Every command, the built-ins ([`builtin`]) among them.
    const COMMANDS: &'static Commands;

    /// The line `help` begins with.
    const PREAMBLE: &'static str;

    /// The game's seed, from which every roll's dice are derived.
    fn seed(&self) -> u64;

    /// How many commands each actor has rolled from the seed so far.
    fn rolls(&self) -> &RollCounts;

    /// The same, to count one more.
    fn rolls_mut(&mut self) -> &mut RollCounts;

    /// The sides, as the scenario spells them.
    fn sides(&self) -> Vec<String>;

    /// The game as `viewer` may know it, or None when nothing is hidden
    /// from them. What is hidden is gone or masked, so that two games that
    /// differ only in what the viewer may not know give the same view.
    fn view_for(&self, viewer: &Actor) -> Option<Self> {
        let _ = viewer;
        None
    }

    /// Run one command: `words` as typed (its first word the command's
    /// name, the typed dice taken off), issued by `actor`, which the
    /// session has already allowed to issue it; `rolls` its dice. On an
    /// error the session puts the state back as it was.
    fn dispatch(
        session: &mut Session<Self>,
        actor: &Actor,
        words: &[String],
        rolls: &mut Rolls,
    ) -> Result<Answer, Self::Error>;
}

/// An order that `undo` can take back: a change, or an order that
/// changed nothing (refused, or nothing to do).
#[derive(Debug, Clone)]
struct Change<T> {
    /// The state before it, where it changed the game.
    before: Option<T>,
    actor: Actor,
    rolled: bool,
    /// Its entry in the log.
    entry: usize,
}

/// A command of the umpire's that sides at a table without an umpire
/// have asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ask {
    /// The command as it will run.
    line: String,
    sides: Vec<String>,
}

/// A session: the state, its history for `undo`, the log, and the table's
/// setting.
#[derive(Debug, Clone)]
pub struct Session<T: Table> {
    /// The state now.
    pub state: T,
    history: Vec<Change<T>>,
    /// Every command run, with what each reader read.
    pub log: Vec<Entry>,
    /// Whether an umpire runs the table.
    umpired: bool,
    /// Whether the game is over (every log is open).
    ended: bool,
    asks: Vec<Ask>,
}

/// What one run of a command came to.
struct Ran<T> {
    result: Result<Answer, String>,
    state: T,
    rolled: bool,
    seeded: bool,
    /// Typed dice the command did not use.
    left_over: usize,
}

impl<T: Table> Session<T> {
    /// Start from a state, with an umpire.
    pub fn new(state: T) -> Session<T> {
        Session::at_table(state, true)
    }

    /// Start from a state at a table with or without an umpire.
    pub fn at_table(state: T, umpired: bool) -> Session<T> {
        Session {
            state,
            history: Vec::new(),
            log: Vec::new(),
            umpired,
            ended: false,
            asks: Vec::new(),
        }
    }

    /// Whether an umpire runs the table.
    pub fn umpired(&self) -> bool {
        self.umpired
    }

    /// Whether the game is over.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// How many orders `undo` can take back (changes, and orders that
    /// changed nothing).
    pub fn undoable(&self) -> usize {
        self.history.len()
    }

    /// What the sides have asked for that waits for the others, worded.
    pub fn asked(&self) -> Vec<String> {
        let sides = self.state.sides();
        self.asks
            .iter()
            .map(|a| {
                let waiting: Vec<&str> = sides
                    .iter()
                    .filter(|s| !a.sides.contains(s))
                    .map(String::as_str)
                    .collect();
                format!(
                    "The {} asked for `{}`; it runs when the {} ask too.",
                    a.sides.join(" and "),
                    a.line,
                    waiting.join(" and ")
                )
            })
            .collect()
    }

    /// The log as `viewer` may read it: (position, who issued it, what
    /// they read).
    pub fn log_for(&self, viewer: &Actor) -> Vec<(usize, &Entry, Reading)> {
        self.log
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.read_by(viewer, self.ended).map(|r| (i, e, r)))
            .collect()
    }

    /// Run one logged line: `as SIDE …` as that side, anything else as the
    /// umpire. Errors are answers too (nothing changes).
    pub fn run(&mut self, line: &str) -> Answer {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Answer::said("");
        }
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        match read_actor(&self.state.sides(), &words) {
            Ok((actor, rest)) => {
                let rest = rest.join(" ");
                self.run_as(&actor, &rest)
            }
            Err(e) => self.refuse(&Actor::Umpire, line, line, &e),
        }
    }

    /// Run one command issued by `actor`.
    pub fn run_as(&mut self, actor: &Actor, command: &str) -> Answer {
        let command = command.trim();
        let line = actor.line(command);
        if command.is_empty() || command.starts_with('#') {
            return Answer::said("");
        }
        if command.chars().count() > LINE_MAX {
            return self.refuse(
                actor,
                &line,
                &crate::text::clip(command),
                &format!(
                    "a command is at most {LINE_MAX} characters, and this one is {}; nothing was run",
                    command.chars().count()
                ),
            );
        }
        let (mut words, typed) = split_dice(command);
        let Some(first) = words.first().cloned() else {
            return Answer::said("");
        };
        let cmd = match find(T::COMMANDS, &first, actor, self.umpired) {
            Ok(c) => c,
            Err(e) => return self.refuse(actor, &line, command, &e),
        };
        words[0] = cmd.name.to_string();
        if !cmd.words && words.len() > 1 {
            let extra = crate::text::clip(&words[1..].join(" "));
            let hint = crate::text::suggest(&words[1], T::COMMANDS.iter().map(|c| c.name))
                .map(|h| format!(" (did you mean `{h}`?)"))
                .unwrap_or_default();
            return self.refuse(
                actor,
                &line,
                command,
                &format!(
                    "`{}` takes nothing after it, and `{extra}` is not read{hint}; nothing was run",
                    cmd.name
                ),
            );
        }
        if self.ended && cmd.access_for(words.len() - 1) != Access::Ask {
            return self.refuse(
                actor,
                &line,
                command,
                "the game is over: every log is open, and nothing more is played",
            );
        }
        // Who may issue it.
        match (actor, cmd.access_for(words.len() - 1)) {
            (Actor::Observer, a) if a != Access::Ask => {
                return self.refuse(
                    actor,
                    &line,
                    command,
                    "an observer may only ask: `help` lists the questions",
                );
            }
            (Actor::Side(side), Access::Umpire) => {
                if self.umpired {
                    let msg = format!("`{}` is the umpire's at this table: ask them", cmd.name);
                    return self.refuse(actor, &line, command, &msg);
                }
                let side = side.clone();
                return self.ask(&side, cmd, &canonical(cmd, command), &line);
            }
            _ => {}
        }
        match cmd.name {
            "help" => {
                let text = help(
                    T::COMMANDS,
                    words.get(1).map(String::as_str),
                    T::PREAMBLE,
                    actor,
                    self.umpired,
                );
                self.said_only(actor, &line, command, text)
            }
            "log" => {
                let text = self.log_text(actor);
                self.said_only(actor, &line, command, text)
            }
            "undo" => self.undo(actor, &line, command),
            "end" => {
                self.ended = true;
                self.asks.clear();
                let text = "The game is over: every log is open to every side.".to_string();
                self.keep_notice(actor, &line, command, text, true)
            }
            _ => {
                let answer = self.dispatch(actor, cmd, &words, typed, &line, command);
                if !answer.changed
                    && cmd.access_for(words.len() - 1) != Access::Ask
                    && self.hides_from_another(actor)
                {
                    self.keep_order_that_changed_nothing(actor);
                }
                answer
            }
        }
    }

    /// Whether the game hides anything from a reader other than `actor`
    /// (and the umpire, who sees all): then what `actor` orders may change
    /// what that reader cannot see.
    fn hides_from_another(&self, actor: &Actor) -> bool {
        self.readers(actor)
            .iter()
            .filter(|r| !r.is_umpire())
            .any(|r| self.state.view_for(r).is_some())
    }

    /// An order that changed nothing still takes its place among what
    /// `undo` takes back, where the game hides something from another
    /// reader. Whether an order changes the game can then depend on what
    /// that reader cannot see (the umpire activates a Group under a Blind:
    /// a hidden Big Man with initiative left, or one without), and the
    /// undo after it must take back the same order in both games, or the
    /// reader learns from what the undo takes back which of the two it
    /// was. Where nothing is hidden, an order that changed nothing is the
    /// issuer's own business and undo passes it by.
    fn keep_order_that_changed_nothing(&mut self, actor: &Actor) {
        let entry = self.log.len().saturating_sub(1);
        self.history.push(Change {
            before: None,
            actor: actor.clone(),
            rolled: false,
            entry,
        });
    }

    /// Run a command through the game: on the whole game (what is kept),
    /// and for a side on its view too (what it is told).
    fn dispatch(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        words: &[String],
        typed: Option<Result<Rolls, RollError>>,
        line: &str,
        command: &str,
    ) -> Answer {
        let rolls = match typed {
            Some(Ok(r)) => r,
            Some(Err(e)) => return self.refuse(actor, line, command, &e.to_string()),
            None => self.rolls_for(actor),
        };
        let before = self.state.clone();
        let real = self.try_on(before.clone(), actor, words, rolls.clone());
        // What the issuer is told: from its own view where something is
        // hidden from it.
        let revealing = real.result.as_ref().is_ok_and(|a| a.reveals);
        let told = match before.view_for(actor) {
            None => real.result.clone(),
            // What the rules put on the table is told as it is.
            Some(_) if revealing => real.result.clone(),
            Some(view) => {
                let seen = self.try_on(view, actor, words, rolls.clone());
                match (&seen.result, &real.result) {
                    (Err(e), _) => Err(e.clone()),
                    // A question is answered from the view alone.
                    (Ok(s), _) if !s.changed => Ok(s.clone()),
                    (Ok(_), Err(_)) => Err(UNSEEN_REFUSAL.to_string()),
                    (Ok(s), Ok(r)) => {
                        let agrees = s.changed == r.changed
                            && real.state.view_for(actor).as_ref().unwrap_or(&real.state)
                                == &seen.state;
                        if agrees {
                            Ok(s.clone())
                        } else {
                            Err(UNSEEN_REFUSAL.to_string())
                        }
                    }
                }
            }
        };
        let mut answer = match told {
            Err(e) => return self.refuse(actor, line, command, &e),
            Ok(a) => a,
        };
        if real.left_over > 0 {
            let _ = write!(answer.text, "\n({} typed dice not used)", real.left_over);
        }
        if !answer.changed {
            return self.said_only(actor, line, command, answer.text);
        }
        let Ok(full) = real.result else {
            return self.refuse(actor, line, command, UNSEEN_REFUSAL);
        };
        let after = real.state;
        // What every other reader reads of the change.
        let mut readings = Vec::new();
        let mut partial = Vec::new();
        if cmd.told == Told::All {
            for viewer in self.readers(actor) {
                let reading = if viewer.is_umpire() || revealing {
                    Some(Reading {
                        command: if viewer.is_umpire() {
                            command.to_string()
                        } else {
                            words.join(" ")
                        },
                        answer: full.text.clone(),
                    })
                } else {
                    self.reading_for(&viewer, actor, (&before, &after), words, &rolls, &full)
                };
                if full.seen.iter().any(|(a, _)| *a == viewer) {
                    partial.push(viewer.clone());
                }
                if let Some(r) = reading {
                    readings.push((viewer, r));
                }
            }
        } else if !actor.is_umpire() {
            readings.push((
                Actor::Umpire,
                Reading {
                    command: command.to_string(),
                    answer: full.text.clone(),
                },
            ));
        }
        self.state = after;
        if real.seeded && real.rolled {
            self.state.rolls_mut().bump(actor);
        }
        self.asks.clear();
        let entry = self.log.len();
        self.history.push(Change {
            before: Some(before),
            actor: actor.clone(),
            rolled: real.rolled,
            entry,
        });
        self.log.push(Entry {
            actor: actor.clone(),
            line: line.to_string(),
            command: command.to_string(),
            answer: answer.text.clone(),
            changed: true,
            rolled: real.rolled,
            revealed: revealing,
            readings,
            partial,
        });
        Answer {
            text: answer.text,
            changed: true,
            reveals: revealing,
            seen: Vec::new(),
        }
    }

    /// The dice of `actor`'s next command: its own stream, at the count of
    /// its commands that rolled; and the game's, for keyed rolls.
    fn rolls_for(&self, actor: &Actor) -> Rolls {
        let seed = Dice::from_seed(self.state.seed());
        Rolls::seeded_for(
            seed.derive(&actor.key())
                .derive_indexed("command", self.state.rolls().of(actor)),
            seed.derive("keyed"),
        )
    }

    /// Everyone who may read a change besides its issuer.
    fn readers(&self, actor: &Actor) -> Vec<Actor> {
        let mut r: Vec<Actor> = Vec::new();
        if !actor.is_umpire() {
            r.push(Actor::Umpire);
        }
        r.extend(
            self.state
                .sides()
                .into_iter()
                .map(Actor::Side)
                .filter(|a| a != actor),
        );
        r.push(Actor::Observer);
        r
    }

    /// What `viewer` reads of `actor`'s change: the game's own words for
    /// it, or the command worked on the viewer's view of the game before;
    /// nothing where that would come out otherwise. The command is read
    /// without the dice typed into it (they may be for a secret roll).
    #[allow(clippy::too_many_arguments)]
    fn reading_for(
        &self,
        viewer: &Actor,
        actor: &Actor,
        (before, after): (&T, &T),
        words: &[String],
        rolls: &Rolls,
        full: &Answer,
    ) -> Option<Reading> {
        // The game's own words for this reader: the command is named, its
        // words (which may name what the reader may not know) are not.
        if let Some((_, text)) = full.seen.iter().find(|(a, _)| a == viewer) {
            return (!text.is_empty()).then(|| Reading {
                command: words.first().cloned().unwrap_or_default(),
                answer: text.clone(),
            });
        }
        let Some(view) = before.view_for(viewer) else {
            return Some(Reading {
                command: words.join(" "),
                answer: full.text.clone(),
            });
        };
        let seen = self.try_on(view, actor, words, rolls.clone());
        let agrees = seen.result.as_ref().is_ok_and(|a| a.changed)
            && after.view_for(viewer).as_ref().unwrap_or(after) == &seen.state;
        // What would come out otherwise on the reader's view changed only
        // what it cannot see: it reads nothing of it (not even that
        // something happened).
        match seen.result {
            Ok(a) if agrees => Some(Reading {
                command: words.join(" "),
                answer: a.text,
            }),
            _ => None,
        }
    }

    /// Run the command on `state` (the whole game or a view of it) in a
    /// session of its own: what it answered, the state after, the dice.
    fn try_on(&self, state: T, actor: &Actor, words: &[String], mut rolls: Rolls) -> Ran<T> {
        let mut shadow = Session {
            state,
            history: Vec::new(),
            log: Vec::new(),
            umpired: self.umpired,
            ended: self.ended,
            asks: Vec::new(),
        };
        let result = T::dispatch(&mut shadow, actor, words, &mut rolls).map_err(|e| e.to_string());
        Ran {
            result,
            state: shadow.state,
            rolled: !rolls.given().is_empty(),
            seeded: rolls.is_seeded(),
            left_over: rolls.left_over(),
        }
    }

    /// A side asks for one of the umpire's commands at a table without an
    /// umpire: it runs when every side has asked for the same.
    fn ask(&mut self, side: &str, cmd: &Command, command: &str, line: &str) -> Answer {
        let command = command.to_string();
        let actor = Actor::Side(side.to_string());
        // Every side must be able to see what it agrees to.
        if cmd.name != "undo" && cmd.name != "end" {
            for other in self.state.sides() {
                let viewer = Actor::Side(other.clone());
                let state = self
                    .state
                    .view_for(&viewer)
                    .unwrap_or_else(|| self.state.clone());
                let (w, t) = split_dice(&command);
                let rolls = match t {
                    Some(Ok(r)) => r,
                    Some(Err(e)) => return self.refuse(&actor, line, &command, &e.to_string()),
                    None => self.rolls_for(&Actor::Umpire),
                };
                if let Err(e) = self.try_on(state, &Actor::Umpire, &w, rolls).result {
                    let why = if other == side {
                        e
                    } else {
                        format!(
                            "the {other} cannot agree to what they cannot see: {UNSEEN_REFUSAL}"
                        )
                    };
                    return self.refuse(&actor, line, &command, &why);
                }
            }
        }
        let key = command.to_ascii_lowercase();
        let i = match self
            .asks
            .iter()
            .position(|a| a.line.to_ascii_lowercase() == key)
        {
            Some(i) => i,
            None => {
                self.asks.push(Ask {
                    line: command.clone(),
                    sides: Vec::new(),
                });
                self.asks.len() - 1
            }
        };
        if !self.asks[i].sides.iter().any(|s| s == side) {
            self.asks[i].sides.push(side.to_string());
        }
        let sides = self.state.sides();
        let waiting: Vec<String> = sides
            .iter()
            .filter(|s| !self.asks[i].sides.contains(s))
            .cloned()
            .collect();
        if !waiting.is_empty() {
            let text = format!(
                "The {side} ask for `{command}`; it runs when the {} ask for it too.",
                waiting.join(" and ")
            );
            return self.keep_notice(&actor, line, &command, text, false);
        }
        self.asks.remove(i);
        let mut answer = self.run_as(&Actor::Umpire, &command);
        let prefix = |t: &str| format!("Every side asked for `{command}`: {t}");
        if !answer.changed {
            answer.text = prefix(&answer.text);
            return answer;
        }
        let ended = self.ended;
        if let Some(e) = self.log.last_mut() {
            e.answer = prefix(&e.answer);
            for (_, r) in &mut e.readings {
                r.answer = prefix(&r.answer);
            }
            // The side whose asking ran it reads it as that side may.
            answer.text = e
                .read_by(&actor, ended)
                .map_or_else(|| prefix("done"), |r| r.answer);
        }
        answer
    }

    /// `undo`: the umpire takes back any change; a side its own last
    /// change if it rolled nothing, and otherwise asks.
    fn undo(&mut self, actor: &Actor, line: &str, command: &str) -> Answer {
        let Some(last) = self.history.last() else {
            return self.refuse(actor, line, command, "nothing to undo");
        };
        if let Actor::Side(side) = actor {
            let own = last.actor == *actor;
            if !own || last.rolled {
                // Whose the last change was is not said: it may be one
                // this side cannot see.
                let why = if !own {
                    "a side takes back only its own last change, and the last change was not yours"
                        .to_string()
                } else {
                    "your last change rolled dice".to_string()
                };
                if self.umpired {
                    let msg =
                        format!("{why}: only the umpire takes it back at this table; ask them");
                    return self.refuse(actor, line, command, &msg);
                }
                let side = side.clone();
                return self.ask(&side, &builtin::UNDO, "undo", line);
            }
        }
        let Some(change) = self.history.pop() else {
            return self.refuse(actor, line, command, "nothing to undo");
        };
        let changed = change.before.is_some();
        if let Some(before) = change.before {
            self.state = before;
        }
        self.asks.clear();
        let undone = self.log.get(change.entry).cloned();
        let dice = if change.rolled {
            " Its dice are taken back: the same roll gets the same dice again."
        } else {
            ""
        };
        let whose = capital(&change.actor.name());
        let worded = |command: &str, dice: &str| {
            if changed {
                format!("Undone: {}'s `{command}`.{dice}", change.actor.name())
            } else {
                format!(
                    "Nothing to take back: {}'s `{command}` changed nothing. \
                     `undo` again takes back the order before it.",
                    change.actor.name()
                )
            }
        };
        let text = match &undone {
            Some(e) => worded(&e.command, dice),
            None => format!("Undone: {whose}'s last change.{dice}"),
        };
        // Every reader who read the change reads that it was taken back
        // (and its dice); one who could not see it reads nothing of either.
        let mut readings = Vec::new();
        for viewer in self.readers(actor) {
            let Some(e) = undone.as_ref() else { continue };
            if let Some(r) = e.read_by(&viewer, self.ended) {
                // The dice are said to go back to whoever read the whole
                // answer; one who read part of it may not learn that a
                // secret roll was made.
                let dice = if e.partial.contains(&viewer) {
                    ""
                } else {
                    dice
                };
                readings.push((
                    viewer,
                    Reading {
                        command: command.to_string(),
                        answer: worded(&r.command, dice),
                    },
                ));
            }
        }
        self.log.push(Entry {
            actor: actor.clone(),
            line: line.to_string(),
            command: command.to_string(),
            answer: text.clone(),
            changed,
            rolled: false,
            revealed: false,
            readings,
            partial: Vec::new(),
        });
        Answer {
            text,
            changed,
            ..Answer::default()
        }
    }

    /// The `log` command's text: what `actor` may read, oldest first.
    fn log_text(&self, actor: &Actor) -> String {
        let lines: Vec<String> = self
            .log_for(actor)
            .into_iter()
            .map(|(_, e, r)| {
                let who = match &e.actor {
                    Actor::Umpire => "umpire".to_string(),
                    Actor::Side(s) => s.clone(),
                    Actor::Observer => "observer".to_string(),
                };
                format!("{who}: {}", r.command)
            })
            .collect();
        if lines.is_empty() {
            "Nothing yet.".to_string()
        } else {
            lines.join("\n")
        }
    }

    /// A notice every reader reads (an ask, the end): kept in the log;
    /// `changed` says whether the game itself changed.
    fn keep_notice(
        &mut self,
        actor: &Actor,
        line: &str,
        command: &str,
        text: String,
        changed: bool,
    ) -> Answer {
        let readings = self
            .readers(actor)
            .into_iter()
            .map(|r| {
                (
                    r,
                    Reading {
                        command: command.to_string(),
                        answer: text.clone(),
                    },
                )
            })
            .collect();
        self.log.push(Entry {
            actor: actor.clone(),
            line: line.to_string(),
            command: command.to_string(),
            answer: text.clone(),
            changed,
            rolled: false,
            revealed: false,
            readings,
            partial: Vec::new(),
        });
        Answer {
            text,
            changed,
            ..Answer::default()
        }
    }

    /// An answer only its asker (and the umpire) reads.
    fn said_only(&mut self, actor: &Actor, line: &str, command: &str, text: String) -> Answer {
        self.log.push(Entry {
            actor: actor.clone(),
            line: line.to_string(),
            command: command.to_string(),
            answer: text.clone(),
            changed: false,
            rolled: false,
            revealed: false,
            readings: Vec::new(),
            partial: Vec::new(),
        });
        Answer::said(text)
    }

    fn refuse(&mut self, actor: &Actor, line: &str, command: &str, e: &str) -> Answer {
        self.said_only(actor, line, command, format!("error: {e}"))
    }

    /// The transcript: each command and its answer, as its issuer read it.
    pub fn transcript(&self) -> String {
        let mut s = String::new();
        for e in &self.log {
            let _ = writeln!(s, "> {}", e.line);
            if !e.answer.is_empty() {
                let _ = writeln!(s, "{}", e.answer);
            }
        }
        s
    }
}

/// The command with its first word as the command's own name (`dr 3` is
/// kept as `draw 3`), the rest as typed.
fn canonical(cmd: &Command, command: &str) -> String {
    let rest: Vec<&str> = command.split_whitespace().skip(1).collect();
    if rest.is_empty() {
        cmd.name.to_string()
    } else {
        format!("{} {}", cmd.name, rest.join(" "))
    }
}

/// "The French" from "the French".
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Split a command into its words and the typed dice after `dice` or
/// `rolled`.
type Split = (Vec<String>, Option<Result<Rolls, RollError>>);

fn split_dice(command: &str) -> Split {
    let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    match words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("dice") || w.eq_ignore_ascii_case("rolled"))
    {
        Some(i) => {
            let faces = words[i + 1..].join(" ");
            (words[..i].to_vec(), Some(Rolls::parse_typed(&faces)))
        }
        None => (words, None),
    }
}

#[cfg(test)]
mod tests;
