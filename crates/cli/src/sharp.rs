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
use umpire_sharp::session::COMMANDS;
use umpire_sharp::setup::battle_from_toml;
use umpire_sharp::state::Battle;

use crate::table::{self, Spec};

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
    /// `--side` plays one side from this terminal: `show` shows what that
    /// side may see, and the other side's Blinds, hand and cards are
    /// refused (each command is logged as `as SIDE …`).
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

fn names(b: &Battle) -> Vec<String> {
    let mut w: Vec<String> = b.groups.iter().map(|g| g.name.clone()).collect();
    w.extend(b.big_men.iter().map(|m| m.name.replace(' ', "_")));
    w.extend(b.blinds.iter().map(|m| m.name.replace(' ', "_")));
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

/// Sharp Practice's game folder.
pub const SPEC: Spec<Battle> = Spec {
    family: "sharp",
    state_file: "battle.json",
    load: |name, text| battle_from_toml(name, text).map_err(|e| e.to_string()),
    names,
    title: |b| format!("{} -- turn {}.", b.name, b.turn),
    commands: COMMANDS,
    side_prefix: true,
    sides: |b| b.sides.iter().map(|s| s.name.clone()).collect(),
};

/// Run an `umpire sharp` command.
pub fn run(cmd: Command) -> Result<ExitCode> {
    match cmd {
        Command::New {
            dir,
            scenario,
            force,
        } => {
            let text = table::scenario_text(&scenario, ("vimeiro", VIMEIRO))?;
            let battle = table::create(&SPEC, &dir, &scenario, &text, force)?;
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
