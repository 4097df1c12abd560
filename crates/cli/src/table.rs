//! The game folder and the prompt every table-top aid shares (Sharp
//! Practice, Napoleon's Battles): a scenario, the state saved after every
//! command, a log that replays, a transcript, and a prompt with history
//! and tab completion.
//!
//! ```text
//! DIR/scenario.toml   the game as set up
//! DIR/table.toml      the table's setting: `umpired = false` when the
//!                     players run it between them (no file: an umpire)
//! DIR/<state>.json    the game now (saved after every command)
//! DIR/log.txt         every command typed, in order: replays the game
//! DIR/transcript.txt  every command and its answer, with the working
//! DIR/.history        the prompt's history (up-arrow)
//! ```
//!
//! Playing rebuilds the session by replaying `log.txt` from the scenario
//! (so `undo` reaches back over earlier sittings, and a damaged state file
//! is noticed), then reads commands from the terminal or standard input.

use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use serde::Serialize;
use serde::de::DeserializeOwned;
use umpire_core::session::{Session, Table};

use umpire_host::files::write_atomic;

pub use umpire_host::tables::Spec;

/// The side as the scenario spells it, or why `given` is none of them
/// (before anything is run in its name).
pub fn side_of<T>(spec: &Spec<T>, state: &T, given: &str) -> Result<String> {
    spec.side_of(state, given)
        .map_err(|e| anyhow::anyhow!("{e}; nothing was run"))
}

/// A scenario's text: the built-in one by its name, or a file.
pub fn scenario_text(arg: &str, builtin: (&'static str, &'static str)) -> Result<String> {
    if arg == builtin.0 {
        Ok(builtin.1.to_string())
    } else {
        std::fs::read_to_string(arg).with_context(|| {
            format!(
                "cannot read the scenario {arg} (or name the built-in one, `{}`)",
                builtin.0
            )
        })
    }
}

/// Make a game folder from a scenario's text, for a table with or
/// without an umpire.
pub fn create<T: Table + Serialize>(
    spec: &Spec<T>,
    dir: &Path,
    name: &str,
    text: &str,
    force: bool,
    umpired: bool,
) -> Result<T> {
    let state = (spec.load)(name, text).map_err(|e| anyhow::anyhow!("{e}"))?;
    if dir.join(spec.state_file).exists() && !force {
        bail!(
            "{} already holds a game; add --force to replace it",
            dir.display()
        );
    }
    write_atomic(&dir.join("scenario.toml"), text.as_bytes())?;
    write_atomic(
        &dir.join("table.toml"),
        format!(
            "# Whether an umpire runs this table; without one, the umpire's commands\n# (rulings, the turn, cards) run when every side has asked for them.\numpired = {umpired}\n"
        )
        .as_bytes(),
    )?;
    write_atomic(&dir.join("log.txt"), b"")?;
    write_atomic(&dir.join("transcript.txt"), b"")?;
    save(spec, dir, &state)?;
    Ok(state)
}

fn save<T: Serialize>(spec: &Spec<T>, dir: &Path, state: &T) -> Result<()> {
    write_atomic(
        &dir.join(spec.state_file),
        &serde_json::to_vec_pretty(state)?,
    )
}

/// Replay the log from the scenario: the session as it stood, and the state
/// saved in the state file.
pub fn rebuild<T: Table + DeserializeOwned>(spec: &Spec<T>, dir: &Path) -> Result<(Session<T>, T)> {
    let scenario = std::fs::read_to_string(dir.join("scenario.toml")).with_context(|| {
        format!(
            "no {} game in {} (no scenario.toml)",
            spec.family,
            dir.display()
        )
    })?;
    let state = (spec.load)("scenario.toml", &scenario).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut session = Session::at_table(state, umpired(dir)?);
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap_or_default();
    for line in log.lines() {
        session.run(line);
    }
    let path = dir.join(spec.state_file);
    let saved: T = serde_json::from_slice(
        &std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?,
    )
    .with_context(|| format!("{} is damaged", path.display()))?;
    Ok((session, saved))
}

/// Whether an umpire runs the folder's table (`table.toml`; a folder
/// without one, as made before the setting existed, has an umpire).
fn umpired(dir: &Path) -> Result<bool> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Setting {
        umpired: bool,
    }
    let path = dir.join("table.toml");
    match std::fs::read_to_string(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
        Err(e) => Err(anyhow::anyhow!("cannot read {}: {e}", path.display())),
        Ok(text) => toml::from_str::<Setting>(&text)
            .map(|s| s.umpired)
            .with_context(|| {
                format!(
                    "{} is damaged (`umpired = true` or `false`)",
                    path.display()
                )
            }),
    }
}

/// `replay`: the log from the scenario must give every answer and the state
/// again.
pub fn replay<T: Table + DeserializeOwned + PartialEq>(
    spec: &Spec<T>,
    dir: &Path,
) -> Result<ExitCode> {
    let (session, saved) = rebuild(spec, dir)?;
    let mut out = std::io::stdout().lock();
    let transcript = std::fs::read_to_string(dir.join("transcript.txt")).unwrap_or_default();
    if session.state != saved {
        writeln!(out, "The replayed game differs from {}.", spec.state_file)?;
        return Ok(ExitCode::from(1));
    }
    if session.transcript() != transcript {
        writeln!(out, "The replayed answers differ from transcript.txt.")?;
        return Ok(ExitCode::from(1));
    }
    writeln!(
        out,
        "Replayed {} command(s) from the scenario: every answer and the game are identical.",
        session.log.len()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Run lines against a game folder, appending them to the log and saving
/// after each; returns how many were refused.
pub fn run_lines<T: Table + Serialize + DeserializeOwned>(
    spec: &Spec<T>,
    dir: &Path,
    lines: impl IntoIterator<Item = String>,
    out: &mut dyn Write,
) -> Result<usize> {
    let (mut session, _) = rebuild(spec, dir)?;
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(dir.join("log.txt"))
        .context("cannot open log.txt")?;
    let mut refused = 0;
    for line in lines {
        let answer = session.run(&line);
        if answer.text.starts_with("error") {
            refused += 1;
        }
        if !answer.text.is_empty() {
            writeln!(out, "{}", answer.text)?;
        }
        if !line.trim().is_empty() {
            writeln!(log, "{}", line.trim())?;
            log.flush()?;
        }
    }
    write_atomic(&dir.join("transcript.txt"), session.transcript().as_bytes())?;
    save(spec, dir, &session.state)?;
    Ok(refused)
}

struct Complete {
    words: Vec<String>,
    commands: Vec<String>,
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
        let pool = if start == 0 {
            &self.commands
        } else {
            &self.words
        };
        Ok((
            start,
            pool.iter()
                .filter(|w| w.to_ascii_lowercase().starts_with(&partial))
                .cloned()
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

/// `play`: the prompt (or standard input), each answer printed, the log,
/// transcript and state saved after every command.
pub fn play<T: Table + Serialize + DeserializeOwned>(
    spec: &Spec<T>,
    dir: &Path,
    side: Option<&str>,
) -> Result<ExitCode> {
    let (mut session, _) = rebuild(spec, dir)?;
    let side = match side {
        Some(s) => Some(side_of(spec, &session.state, s)?),
        None => None,
    };
    let side = side.as_deref();
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(dir.join("log.txt"))
        .context("cannot open log.txt")?;
    let mut out = std::io::stdout().lock();
    let mut handle = |line: &str, session: &mut Session<T>, out: &mut dyn Write| -> Result<bool> {
        let line = line.trim();
        if matches!(line, "quit" | "exit" | "q") {
            return Ok(false);
        }
        let line = match side {
            Some(s) if !line.is_empty() && !line.starts_with('#') => format!("as {s} {line}"),
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
            save(spec, dir, &session.state)?;
        }
        Ok(true)
    };
    let helper = |state: &T| Complete {
        words: (spec.names)(state),
        commands: spec.commands.iter().map(|c| c.name.to_string()).collect(),
    };
    if std::io::stdin().is_terminal() {
        let mut editor = rustyline::Editor::<Complete, rustyline::history::FileHistory>::new()
            .context("cannot start the prompt")?;
        editor.set_helper(Some(helper(&session.state)));
        let history = dir.join(".history");
        let _ = editor.load_history(&history);
        writeln!(
            out,
            "{} `help` lists the commands; `quit` leaves (the game is saved).",
            (spec.title)(&session.state)
        )?;
        let prompt = format!("{}> ", spec.family);
        loop {
            match editor.readline(&prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    if !handle(&line, &mut session, &mut out)? {
                        break;
                    }
                    editor.set_helper(Some(helper(&session.state)));
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

/// Print a rulings register (`--toml`: as a file to edit).
pub fn print_rulings(register: &[umpire_core::rulings::Ruling], toml: bool) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    for r in register {
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
