//! `umpire sharp …`: the Sharp Practice umpire at the table. Glue over
//! `umpire-sharp`: a game folder, an interactive session with history and
//! tab completion, and a replayable log.
//!
//! A game folder holds:
//!
//! ```text
//! DIR/scenario.toml   the sides, Big Men, Groups and Blinds, the seed, rulings
//! DIR/battle.json     the battle now (saved after every command)
//! DIR/log.txt         every command typed, in order: replays the game
//! DIR/transcript.txt  every command and its answer, with the working
//! DIR/.history        the prompt's history (up-arrow)
//! ```
//!
//! `play` rebuilds the session by replaying `log.txt` from the scenario (so
//! `undo` reaches back over earlier sittings, and a damaged battle.json is
//! noticed), then reads commands from the terminal or from standard input.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use umpire_sharp::session::{COMMANDS, Session};
use umpire_sharp::setup::battle_from_toml;
use umpire_sharp::state::Battle;

use crate::layout::write_atomic;

/// The demo scenario, built in.
const VIMEIRO: &str = include_str!("../../../games/sharp/scenarios/vimeiro.toml");

#[derive(Subcommand)]
pub enum Command {
    /// Start a game in DIR from a scenario file (or `vimeiro`, the built-in
    /// demo).
    #[command(
        after_help = "Examples:\n  umpire sharp new /tmp/farm --scenario vimeiro\n  umpire sharp new /tmp/farm --scenario my-battle.toml --force"
    )]
    New {
        dir: PathBuf,
        #[arg(long, default_value = "vimeiro")]
        scenario: String,
        #[arg(long)]
        force: bool,
    },
    /// The umpire at the table: type commands (`help` lists them), each
    /// answered with its working; the battle is saved after every one.
    ///
    /// On a terminal the prompt has history (up-arrow, kept in DIR/.history)
    /// and tab completion of commands and names; otherwise commands are read
    /// from standard input, one per line, so a script can drive a game.
    /// `--side` makes `show` show only what that side may see.
    #[command(
        after_help = "Examples:\n  umpire sharp play /tmp/farm\n  echo 'draw' | umpire sharp play /tmp/farm\n  umpire sharp play /tmp/farm --side French"
    )]
    Play {
        dir: PathBuf,
        #[arg(long)]
        side: Option<String>,
    },
    /// Replay a game's log from its scenario and check that every answer
    /// and the final battle are the same.
    Replay { dir: PathBuf },
    /// Every ruling (the sheet's gaps), its options and the default; `--toml`
    /// writes a rulings file to edit.
    Rulings {
        #[arg(long)]
        toml: bool,
    },
}

/// Run an `umpire sharp` command.
pub fn run(cmd: Command) -> Result<ExitCode> {
    match cmd {
        Command::New {
            dir,
            scenario,
            force,
        } => {
            let text = if scenario == "vimeiro" {
                VIMEIRO.to_string()
            } else {
                std::fs::read_to_string(&scenario)
                    .with_context(|| format!("cannot read {scenario}"))?
            };
            let battle = battle_from_toml(&scenario, &text).map_err(|e| anyhow::anyhow!("{e}"))?;
            if dir.join("battle.json").exists() && !force {
                bail!(
                    "{} already holds a game; add --force to replace it",
                    dir.display()
                );
            }
            write_atomic(&dir.join("scenario.toml"), text.as_bytes())?;
            write_atomic(&dir.join("log.txt"), b"")?;
            write_atomic(&dir.join("transcript.txt"), b"")?;
            save(&dir, &battle)?;
            let mut out = std::io::stdout().lock();
            writeln!(
                out,
                "{} ready in {}: {} Big Men, {} Groups, turn 1. `umpire sharp play {}` to begin.",
                battle.name,
                dir.display(),
                battle.big_men.len(),
                battle.groups.len(),
                dir.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Play { dir, side } => play(&dir, side.as_deref()),
        Command::Replay { dir } => {
            let (session, saved) = rebuild(&dir)?;
            let mut out = std::io::stdout().lock();
            let transcript =
                std::fs::read_to_string(dir.join("transcript.txt")).unwrap_or_default();
            if session.state != saved {
                writeln!(out, "The replayed battle differs from battle.json.")?;
                return Ok(ExitCode::from(1));
            }
            if session.transcript() != transcript {
                writeln!(out, "The replayed answers differ from transcript.txt.")?;
                return Ok(ExitCode::from(1));
            }
            writeln!(
                out,
                "Replayed {} command(s) from the scenario: every answer and the battle are identical.",
                session.log.len()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Rulings { toml } => {
            let mut out = std::io::stdout().lock();
            for r in umpire_sharp::RULINGS {
                if toml {
                    writeln!(out, "# {} ({})", r.question, r.checklist.join(", "))?;
                    for o in r.options {
                        writeln!(out, "#   {}: {}", o.name, o.meaning)?;
                    }
                    writeln!(out, "{} = \"{}\"\n", r.name, r.default_option())?;
                } else {
                    writeln!(
                        out,
                        "{} ({}): {}",
                        r.name,
                        r.checklist.join(", "),
                        r.question
                    )?;
                    for (i, o) in r.options.iter().enumerate() {
                        writeln!(
                            out,
                            "  {}{}: {}",
                            o.name,
                            if i == 0 { " (default)" } else { "" },
                            o.meaning
                        )?;
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn save(dir: &Path, battle: &Battle) -> Result<()> {
    write_atomic(
        &dir.join("battle.json"),
        &serde_json::to_vec_pretty(battle)?,
    )
}

/// Replay the log from the scenario: the session as it stood, and the
/// battle saved in battle.json.
fn rebuild(dir: &Path) -> Result<(Session, Battle)> {
    let scenario = std::fs::read_to_string(dir.join("scenario.toml")).with_context(|| {
        format!(
            "no Sharp Practice game in {} (no scenario.toml)",
            dir.display()
        )
    })?;
    let battle =
        battle_from_toml("scenario.toml", &scenario).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut session = Session::new(battle);
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap_or_default();
    for line in log.lines() {
        session.run(line);
    }
    let saved: Battle = serde_json::from_slice(
        &std::fs::read(dir.join("battle.json"))
            .with_context(|| format!("cannot read {}", dir.join("battle.json").display()))?,
    )
    .with_context(|| "battle.json is damaged")?;
    Ok((session, saved))
}

/// Completion of commands and of the battle's names.
struct Complete {
    words: Vec<String>,
}

impl Completer for Complete {
    type Candidate = String;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let head = line.get(..pos).unwrap_or(line);
        let start = head.rfind(' ').map_or(0, |i| i + 1);
        let partial = head.get(start..).unwrap_or("").to_ascii_lowercase();
        let pool: Vec<String> = if start == 0 {
            COMMANDS.iter().map(|(c, _, _)| (*c).to_string()).collect()
        } else {
            self.words.clone()
        };
        Ok((
            start,
            pool.into_iter()
                .filter(|w| w.to_ascii_lowercase().starts_with(&partial))
                .collect(),
        ))
    }
}

impl Hinter for Complete {
    type Hint = String;
}
impl Highlighter for Complete {}
impl Validator for Complete {}
impl rustyline::Helper for Complete {}

fn names(b: &Battle) -> Vec<String> {
    let mut w: Vec<String> = b.groups.iter().map(|g| g.name.clone()).collect();
    w.extend(b.big_men.iter().map(|m| m.name.replace(' ', "_")));
    w.extend(b.sides.iter().map(|s| s.name.clone()));
    w.extend(
        [
            "at",
            "range",
            "cover",
            "soft",
            "hard",
            "vs",
            "dice",
            "obscurity",
            "open",
            "slight",
            "obscured",
            "badly",
            "pace",
            "walk",
            "trot",
            "gallop",
            "self",
            "activate",
            "musician",
            "form",
            "line",
            "column",
            "square",
            "remove-shock",
            "charge",
            "encourage",
            "fervour",
            "action",
            "merge",
            "chosen-man",
            "make-ready",
            "firing",
            "movement",
        ]
        .map(String::from),
    );
    w
}

fn play(dir: &Path, side: Option<&str>) -> Result<ExitCode> {
    let (mut session, _) = rebuild(dir)?;
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(dir.join("log.txt"))
        .context("cannot open log.txt")?;
    let mut out = std::io::stdout().lock();
    let mut handle = |line: &str, session: &mut Session, out: &mut dyn Write| -> Result<bool> {
        let line = line.trim();
        if matches!(line, "quit" | "exit" | "q") {
            return Ok(false);
        }
        let line = match (side, line) {
            (Some(s), "show") => format!("show {s}"),
            _ => line.to_string(),
        };
        let answer = session.run(&line);
        if !answer.text.is_empty() {
            writeln!(out, "{}", answer.text)?;
        }
        if !line.is_empty() {
            writeln!(log, "{line}")?;
            log.flush()?;
            write_atomic(&dir.join("transcript.txt"), session.transcript().as_bytes())?;
            save(dir, &session.state)?;
        }
        Ok(true)
    };
    if std::io::stdin().is_terminal() {
        let mut editor = rustyline::Editor::<Complete, rustyline::history::FileHistory>::new()
            .context("cannot start the prompt")?;
        editor.set_helper(Some(Complete {
            words: names(&session.state),
        }));
        let history = dir.join(".history");
        let _ = editor.load_history(&history);
        writeln!(
            out,
            "{} -- turn {}. `help` lists the commands; `quit` leaves (the game is saved).",
            session.state.name, session.state.turn
        )?;
        loop {
            match editor.readline("sharp> ") {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    if !handle(&line, &mut session, &mut out)? {
                        break;
                    }
                    editor.set_helper(Some(Complete {
                        words: names(&session.state),
                    }));
                }
                Err(
                    rustyline::error::ReadlineError::Interrupted
                    | rustyline::error::ReadlineError::Eof,
                ) => break,
                Err(e) => return Err(e.into()),
            }
        }
        let _ = editor.save_history(&history);
    } else {
        for line in std::io::stdin().lock().lines() {
            let line = line.context("cannot read standard input")?;
            if !handle(&line, &mut session, &mut out)? {
                break;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
