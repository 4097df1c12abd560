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

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Subcommand;

use crate::table;

#[derive(Subcommand)]
pub enum Command {
    /// Start a game in DIR from a scenario file (or `vimeiro`, the built-in
    /// demo).
    #[command(
        after_help = "Examples:\n  umpire sharp new /tmp/farm --scenario vimeiro\n  umpire sharp new /tmp/farm --scenario my-battle.toml --force"
    )]
    New {
        /// The game folder to make (the scenario, the log, the state).
        dir: PathBuf,
        /// A scenario file, or `vimeiro`, the built-in one.
        #[arg(long, default_value = "vimeiro")]
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
    /// The umpire at the table: type commands (`help` lists them), each
    /// answered with its working; the battle is saved after every one.
    ///
    /// On a terminal the prompt has history (up-arrow, kept in DIR/.history)
    /// and tab completion of commands and names; otherwise commands are read
    /// from standard input, one per line, so a script can drive a game.
    /// `--side` plays one side from this terminal (each command is logged
    /// as `as SIDE …`): it commands only its own Groups, Big Men and
    /// cards, and is answered from what it may see — troops under the
    /// other side's Blinds do not exist for it. The umpire's commands
    /// (draw, bonus, shock, kill, rulings) are refused to it, or, at a
    /// table made with `new --no-umpire`, run when every side has asked.
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

pub use umpire_host::tables::sharp::SPEC;

/// Run an `umpire sharp` command.
pub fn run(cmd: Command) -> Result<ExitCode> {
    match cmd {
        Command::New {
            dir,
            scenario,
            force,
            no_umpire,
        } => {
            let text = table::scenario_text(&scenario, SPEC.builtin)?;
            let battle = table::create(&SPEC, &dir, &scenario, &text, force, !no_umpire)?;
            println!(
                "{} ready in {}: {} Big Men, {} Groups, turn 1. `umpire sharp play {}` to begin.",
                battle.name,
                dir.display(),
                battle.big_men.len(),
                battle.groups.len(),
                dir.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Play { dir, side } => table::play(&SPEC, &dir, side.as_deref()),
        Command::Replay { dir } => table::replay(&SPEC, &dir),
        Command::Rulings { toml } => table::print_rulings(umpire_sharp::RULINGS, toml),
    }
}
