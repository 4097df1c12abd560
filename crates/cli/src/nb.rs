//! `umpire nb …`: the Napoleon's Battles orders umpire — at the table (a
//! prompt, like Sharp Practice's) or by mail (each side's orders as a text
//! file, one command a line). The game folder is the table-top one
//! (`crate::table`), with the game in `game.json`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::table;

#[derive(Subcommand)]
pub enum Command {
    /// Start a game in DIR from a scenario file (or `ligny`, the built-in
    /// demo).
    #[command(
        after_help = "Examples:\n  umpire nb new /tmp/ligny --scenario ligny\n  umpire nb new /tmp/game --scenario my-battle.toml --force"
    )]
    New {
        /// The game folder to make (the scenario, the log, the state).
        dir: PathBuf,
        /// A scenario file, or `ligny`, the built-in one.
        #[arg(long, default_value = "ligny")]
        scenario: String,
        /// Replace a game already in DIR.
        #[arg(long)]
        force: bool,
        /// No umpire: the players run the table between them, and the
        /// umpire's commands (rulings, the turn, cards) run when every
        /// side has asked for them.
        #[arg(long)]
        no_umpire: bool,
    },
    /// The staff officer at the table: type commands (`help` lists them).
    ///
    /// Without --side you are the umpire and see everything; with --side
    /// every command is given as that side: it may touch only its own
    /// formations and generals, `show` and `log` show only what it may
    /// see, and the umpire's commands (`next`, rulings) are refused to it —
    /// or, at a table made with `new --no-umpire`, run when every side has
    /// asked (`done` moves a step on the same way).
    #[command(
        after_help = "Examples:\n  umpire nb play /tmp/ligny\n  umpire nb play /tmp/ligny --side French"
    )]
    Play {
        dir: PathBuf,
        #[arg(long)]
        side: Option<String>,
    },
    /// Take a side's orders by mail: each line of FILE is a command given
    /// as SIDE (e.g. `order III-Corps attack the village of St Amand
    /// distance 20`). Prints each answer; exits 1 if any line was refused.
    #[command(after_help = "Example:\n  umpire nb submit /tmp/ligny French french-turn-2.txt")]
    Submit {
        dir: PathBuf,
        side: String,
        file: PathBuf,
    },
    /// A side's report: its own orders, delays, messengers and reserves, and
    /// of the enemy only what the rules make public. `--json`: the same, as
    /// a versioned JSON object (`umpire-nb-side-view`).
    Report {
        dir: PathBuf,
        side: String,
        #[arg(long)]
        json: bool,
    },
    /// Replay the log from the scenario and check every answer and the game.
    Replay { dir: PathBuf },
    /// The full log, both sides' secrets included: for after the game.
    Reveal { dir: PathBuf },
    /// Every ruling (the rules' gaps), its options and the default.
    Rulings {
        #[arg(long)]
        toml: bool,
    },
}

pub use umpire_host::tables::nb::SPEC;

/// Run an `umpire nb` command.
pub fn run(cmd: Command) -> Result<ExitCode> {
    match cmd {
        Command::New {
            dir,
            scenario,
            force,
            no_umpire,
        } => {
            let text = table::scenario_text(&scenario, SPEC.builtin)?;
            let g = table::create(&SPEC, &dir, &scenario, &text, force, !no_umpire)?;
            println!(
                "{} ready in {}: {} formations, turn 1, {}. Choose reserves (`reserve`) and starting orders (`start`), then `next`.",
                g.name,
                dir.display(),
                g.formations.len(),
                g.phase.name()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Play { dir, side } => table::play(&SPEC, &dir, side.as_deref()),
        Command::Submit { dir, side, file } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let side = table::side_of(&SPEC, &table::rebuild(&SPEC, &dir)?.0.state, &side)?;
            let lines: Vec<String> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| format!("as {side} {l}"))
                .collect();
            let mut out = std::io::stdout().lock();
            let refused = table::run_lines(&SPEC, &dir, lines, &mut out)?;
            Ok(if refused > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Report { dir, side, json } => {
            let (session, _) = table::rebuild(&SPEC, &dir)?;
            if json {
                let v = umpire_nb::report::side_view(&session.state, &side)
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
                println!("{}", serde_json::to_string_pretty(&v)?);
                return Ok(ExitCode::SUCCESS);
            }
            print!(
                "{}",
                umpire_nb::report::side_report(&session.state, &side)
                    .map_err(|e| anyhow::anyhow!("{e}"))?
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Replay { dir } => table::replay(&SPEC, &dir),
        Command::Reveal { dir } => {
            let (session, _) = table::rebuild(&SPEC, &dir)?;
            print!("{}", umpire_nb::report::full_log(&session.state));
            Ok(ExitCode::SUCCESS)
        }
        Command::Rulings { toml } => table::print_rulings(umpire_nb::RULINGS, toml),
    }
}
