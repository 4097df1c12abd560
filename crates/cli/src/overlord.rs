//! `umpire overlord …`

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};
use umpire_core::Tally;
use umpire_core::diagnostic::{RenderOptions, plural, render};
use umpire_overlord::generate::world::MapSize;
use umpire_overlord::orders::{self, ParseOptions, Vocabulary, codes, manual, registry};

#[derive(Subcommand)]
pub enum Command {
    /// Check order files the way the server will read them.
    ///
    /// Prints every problem at once, compiler-style, with the line, a caret
    /// under the mistake and a hint. Reads standard input when no file (or
    /// `-`) is given. Exit status: 0 when the orders are valid (warnings
    /// allowed), 1 when any order has an error, 2 when a file cannot be
    /// read.
    ///
    /// Without a game, passwords and which units a faction owns cannot be
    /// judged; syntax, arguments, numbers, ids, tags and prefixes are.
    #[command(
        after_help = "Examples:\n  umpire overlord check orders.txt\n  umpire overlord check --format json f06.txt f07.txt\n  cat mail.txt | umpire overlord check"
    )]
    Check {
        /// Order files (mail bodies are fine: lines outside GAME … END are ignored).
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Treat warnings as errors (exit status 1).
        #[arg(long)]
        deny_warnings: bool,
        /// Do not check item, skill, race, title and construction tags.
        #[arg(long)]
        no_tags: bool,
    },
    /// Print what the server understood, in canonical form.
    ///
    /// Invalid orders are left out (and reported on standard error), so the
    /// output is exactly what would be stored.
    Fmt {
        /// Order files; standard input when none (or `-`).
        files: Vec<PathBuf>,
    },
    /// The order reference: all orders, or one order in full.
    #[command(
        after_help = "Examples:\n  umpire overlord help\n  umpire overlord help give\n  umpire overlord help combat_order"
    )]
    Help {
        /// An order keyword (any case; aliases and near misses are found).
        order: Option<String>,
    },
    /// Explain a diagnostic code, or list them all.
    Explain {
        /// A code such as E0102.
        code: Option<String>,
    },
    /// Print the whole order reference as Markdown.
    Manual,
    /// Make a new game: a generated world with NPCs and player factions.
    ///
    /// Lays out a hex continent (oceans, coasts, lakes, mountains, forests,
    /// deserts, tundra), the Imperial City and its cities, border and
    /// colonial cities, villages, roads, markets, recruits, resources and
    /// titles; the NPC factions (Imperials, Citizens, Mages, Creatures) with
    /// the Emperor, the Advisor, masters, guards and beasts; and N player
    /// factions placed by the starting-position rules. The same seed and
    /// options give the same world, byte for byte.
    ///
    /// Writes GAME_DIR/world.umpire and GAME_DIR/factions.txt, the game
    /// master's sheet with each faction's number, password, leader type and
    /// starting city (keep it private: it holds the passwords).
    #[command(
        after_help = "Examples:\n  umpire overlord new games/spring --seed 7 --factions 12\n  umpire overlord new games/big --seed 1 --factions 3000 --size huge\n  umpire overlord show games/spring --faction f5\n\nSizes: small (24x18), medium (48x36), large (100x60), huge (175x115) or WIDTHxHEIGHT.\nWithout --size the map grows with the number of factions (about 40 hexes each)."
    )]
    New {
        /// Where to put the game (created if missing).
        game_dir: PathBuf,
        /// The seed: the same seed gives the same world.
        #[arg(long)]
        seed: u64,
        /// How many player factions to place (numbered from f5).
        #[arg(long, default_value_t = 10)]
        factions: u32,
        /// Map size: small, medium, large, huge or WIDTHxHEIGHT.
        #[arg(long, value_parser = parse_size)]
        size: Option<MapSize>,
        /// The game's name players write in #GAME (default: GAME_DIR's name).
        #[arg(long)]
        name: Option<String>,
        /// Replace a game already in GAME_DIR.
        #[arg(long)]
        force: bool,
    },
    /// Import a game run by the original Overlord engine.
    ///
    /// Reads its `*.dat` files (locations, units, buildings, factions), the
    /// game's name and NPC list, and every `players/*/orders.0`, maps every
    /// tag to Umpire's rules and writes GAME_DIR/world.umpire. Whatever
    /// cannot be mapped exactly is listed, with file and line, in
    /// GAME_DIR/import-notes.txt; nothing is dropped silently.
    #[command(
        after_help = "Examples:\n  umpire overlord import ../shared/reference/overlord-alpha games/alpha\n  umpire overlord show games/alpha --unit U1\n  umpire overlord import ../shared/reference/overlord-alpha /tmp/ax100 --copies 100 && umpire overlord run /tmp/ax100"
    )]
    Import {
        /// The original game's folder (with units.dat, locations.dat…).
        source: PathBuf,
        /// Where to put the game (created if missing).
        game_dir: PathBuf,
        /// Replace a game already in GAME_DIR.
        #[arg(long)]
        force: bool,
        /// Import N disjoint copies of the game side by side (copy k's
        /// locations numbered from 1000k, units and structures from 2000k,
        /// factions from 100k, its map shifted 1000k columns east): the
        /// same game at N times the size, for measuring a turn.
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
        copies: u32,
    },
    /// Take a player's mail: store orders and articles, answer #REPORT.
    ///
    /// Reads a mail body (FILE, or standard input with `-`) and takes each
    /// envelope on its own. #GAME: the faction must exist and the password
    /// match. Orders for the turn being collected (the game's turn + 1, or
    /// no turn written) are stored as GAME_DIR/orders/N/fNN.txt, replacing
    /// what the faction sent for that turn before; orders naming a later
    /// turn are archived for it; a turn already run is refused. What is
    /// stored is what the server understood, in canonical form (as `fmt`
    /// prints it): orders with errors are left out and shown now.
    /// #PRESS and #RUMOR articles are stored, signed and rumours apart,
    /// in GAME_DIR/press/N/ for the turn's newspaper and rewards.
    /// #REPORT f5 password [turn] prints the faction's stored report.
    ///
    /// Answers with the checker's findings, compiler-style, and one line
    /// per envelope. Files are written whole or not at all. Exit status:
    /// 0 when every envelope was taken, 1 when one was refused (wrong
    /// password, unknown faction, a turn already run: nothing of it is
    /// stored), 2 when the mail or the game cannot be read.
    #[command(after_help = "Examples:
  umpire overlord submit games/spring mail.txt
  cat mail.txt | umpire overlord submit games/spring -
  echo '#REPORT f5 secret 2' | umpire overlord submit games/spring -")]
    Submit {
        /// The game (made by `new` or `import`).
        game_dir: PathBuf,
        /// The mail body; `-` for standard input.
        file: PathBuf,
    },
    /// Let the bots write the coming turn's orders of every player faction
    /// that has sent none (`--all`: of every player faction, replacing what
    /// was sent), taken as the game master's mail; then `run` as usual.
    /// For a game master short of players, and to rerun the benchmarks'
    /// workloads on any game.
    #[command(after_help = "Examples:
  umpire overlord bots games/alpha
  umpire overlord bots games/alpha --all && umpire overlord run games/alpha")]
    Bots {
        game_dir: PathBuf,
        /// Every player faction, not only those with no orders yet.
        #[arg(long)]
        all: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Run the next turn of a game.
    ///
    /// Reads the order files in GAME_DIR/orders/N/ (N is the turn to run:
    /// one more than the game's current turn; `submit` puts them there,
    /// and any mail body dropped in is read too), checks them as `check`
    /// does — an order with an error is left out and shown, never the
    /// whole file — reads the articles in GAME_DIR/press/N/ for the press
    /// rewards, and runs the month: the faction orders, 30 days of orders,
    /// movement, battles and magic, and the month's end. Units without new
    /// orders carry on with what was left from last turn.
    ///
    /// Keeps the game as it was in GAME_DIR/turns/N/world.umpire, every
    /// event of the turn (who did what, on which day, and who may see it)
    /// in GAME_DIR/turns/N/events.json, each faction's report in
    /// GAME_DIR/turns/N/reports/fNN.txt (and as JSON in fNN.json, for
    /// programs) and its order template in
    /// GAME_DIR/turns/N/templates/fNN.txt, then saves the new game and
    /// prints a summary. All or nothing: the turn is written into
    /// GAME_DIR/turns/N.partial/ and renamed when complete, and only then
    /// is the game replaced; after a crash, run again — it cleans up and
    /// repeats the turn with the same dice.
    #[command(after_help = "Examples:
  umpire overlord import ../shared/reference/overlord-alpha games/alpha
  umpire overlord run games/alpha
  umpire overlord submit games/alpha f06.txt
  umpire overlord run games/alpha --next \"14 June\"
  umpire overlord report games/alpha f6")]
    Run {
        game_dir: PathBuf,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// The date of the next run, printed in the reports (default: the
        /// first line of GAME_DIR/next-turn.txt, if there is one).
        #[arg(long, value_name = "DATE")]
        next: Option<String>,
    },
    /// Take back the last turn run, as `umpire host rollback` does for a
    /// hosted game.
    ///
    /// The game goes back to the world the turn was run from (kept in
    /// GAME_DIR/turns/N/world.umpire); the turn's folder is kept as
    /// GAME_DIR/turns/N.rolled-back-K/; the orders and articles sent for
    /// it stand and may be replaced. `run` runs it again, with the same
    /// dice; --rerun runs it at once.
    #[command(after_help = "Examples:
  umpire overlord rollback games/spring
  umpire overlord rollback games/spring --rerun")]
    Rollback {
        game_dir: PathBuf,
        /// Run the turn again at once.
        #[arg(long)]
        rerun: bool,
        /// No progress bar (with --rerun).
        #[arg(long)]
        quiet: bool,
    },
    /// Print a faction's report of a turn, as `run` kept it.
    ///
    /// FACTION is written f5, F05 or 5; TURN defaults to the last turn run.
    /// The report is GAME_DIR/turns/TURN/reports/fNN.txt; with --json,
    /// the same report as JSON, fNN.json beside it.
    #[command(after_help = "Examples:
  umpire overlord report games/spring f5
  umpire overlord report games/spring 5 2 | less
  umpire overlord report games/spring f5 --json")]
    Report {
        /// The game (made by `new` or `import`).
        game_dir: PathBuf,
        /// The faction: f5, F05 or 5.
        faction: String,
        /// The turn whose report to print (default: the last turn run).
        turn: Option<u32>,
        /// Print the JSON report (docs/overlord-report-schema.md) instead
        /// of the text.
        #[arg(long)]
        json: bool,
    },
    /// Fight a battle described in a small TOML file and print it.
    ///
    /// Each side is a list of units: race, figures, skill levels, equipped
    /// items, TACTIC and COMBAT, fought on the 3×3-a-side battlefield
    /// round by round exactly as a turn would fight it. The same file and
    /// seed give the same battle. Items are equipped as written (skills to
    /// equip them are not checked), so anything can be tried.
    ///
    /// The file:
    ///
    ///   seed = 7                       # optional
    ///   [[attacker]]
    ///   name = "Swordsmen"             # optional
    ///   race = "man"
    ///   figures = 20
    ///   skills = { cmbt = 2, blde = 1 }
    ///   items = { swrd = 20 }
    ///   tactic = "FIGHT FRONT CENTER CHARGE"
    ///   combat = "MELEE"
    ///   [[defender]]
    ///   race = "ldr"
    ///   figures = 1
    ///
    /// Exit status: 0 after a battle, 1 when the description has mistakes
    /// (all listed), 2 when the file cannot be read.
    #[command(
        after_help = "Examples:\n  umpire overlord battle ford.toml\n  umpire overlord battle ford.toml --seed 12 --terse\n  umpire overlord battle ford.toml --json > ford.json"
    )]
    Battle {
        /// The battle description (TOML); `-` for standard input.
        file: PathBuf,
        /// The dice: overrides the file's `seed` (default 1).
        #[arg(long)]
        seed: Option<u64>,
        /// Only actions other than MELEE and PARRY, and each round's dead.
        #[arg(long)]
        terse: bool,
        /// The battle's log and the survivors as JSON.
        #[arg(long, conflicts_with = "terse")]
        json: bool,
    },
    /// Show what a game holds: a summary, or one unit, location or faction.
    #[command(
        after_help = "Examples:\n  umpire overlord show games/alpha\n  umpire overlord show games/alpha --unit U1\n  umpire overlord show games/alpha --location L7 --json"
    )]
    Show {
        game_dir: PathBuf,
        /// A unit, as players write it: U12.
        #[arg(long, conflicts_with_all = ["location", "faction"])]
        unit: Option<String>,
        /// A location: L7.
        #[arg(long, conflicts_with = "faction")]
        location: Option<String>,
        /// A faction: f3.
        #[arg(long)]
        faction: Option<String>,
        /// Print the model as JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

fn parse_size(s: &str) -> std::result::Result<MapSize, String> {
    MapSize::parse(s)
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

pub fn run(cmd: Command, color: bool) -> Result<ExitCode> {
    match cmd {
        Command::Check {
            files,
            format,
            deny_warnings,
            no_tags,
        } => check(&files, format, deny_warnings, no_tags, color),
        Command::Fmt { files } => fmt(&files, color),
        Command::Help { order } => help(order.as_deref()),
        Command::Explain { code } => explain(code.as_deref()),
        Command::Manual => {
            write!(std::io::stdout().lock(), "{}", manual::markdown())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::New {
            game_dir,
            seed,
            factions,
            size,
            name,
            force,
        } => crate::game::new_game(&game_dir, seed, factions, size, name, force),
        Command::Import {
            source,
            game_dir,
            force,
            copies,
        } => crate::game::import(&source, &game_dir, force, copies),
        Command::Submit { game_dir, file } => crate::folder::submit(&game_dir, &file, color),
        Command::Bots {
            game_dir,
            all,
            quiet,
        } => crate::folder::bots(&game_dir, all, quiet),
        Command::Run {
            game_dir,
            quiet,
            next,
        } => crate::folder::run(&game_dir, color, quiet, next),
        Command::Report {
            game_dir,
            faction,
            turn,
            json,
        } => crate::folder::report(&game_dir, &faction, turn, json),
        Command::Rollback {
            game_dir,
            rerun,
            quiet,
        } => crate::folder::rollback(&game_dir, rerun, color, quiet),
        Command::Battle {
            file,
            seed,
            terse,
            json,
        } => battle(&file, seed, terse, json),
        Command::Show {
            game_dir,
            unit,
            location,
            faction,
            json,
        } => crate::game::show(
            &game_dir,
            unit.as_deref(),
            location.as_deref(),
            faction.as_deref(),
            json,
        ),
    }
}

/// The inputs: the named files, or standard input.
fn inputs(files: &[PathBuf]) -> Vec<(String, Result<Vec<u8>>)> {
    if files.is_empty() {
        return vec![("<stdin>".to_string(), read_stdin())];
    }
    files
        .iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                ("<stdin>".to_string(), read_stdin())
            } else {
                let name = p.display().to_string();
                let bytes = std::fs::read(p).with_context(|| format!("cannot read {name}"));
                (name, bytes)
            }
        })
        .collect()
}

fn read_stdin() -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    std::io::stdin()
        .read_to_end(&mut buf)
        .context("cannot read standard input")?;
    Ok(buf)
}

fn check(
    files: &[PathBuf],
    format: Format,
    deny_warnings: bool,
    no_tags: bool,
    color: bool,
) -> Result<ExitCode> {
    let options = ParseOptions {
        vocabulary: (!no_tags).then(Vocabulary::builtin),
    };
    let mut total = Tally::default();
    let mut unreadable = 0usize;
    let mut json_files = Vec::new();
    let out = std::io::stdout();
    let mut out = out.lock();
    let render_opts = RenderOptions { color };
    for (name, bytes) in inputs(files) {
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                unreadable += 1;
                eprintln!("umpire: {e:#}");
                continue;
            }
        };
        let checked = orders::check(&name, &bytes, options);
        let tally = checked.tally();
        total.errors += tally.errors;
        total.warnings += tally.warnings;
        total.notes += tally.notes;
        match format {
            Format::Text => {
                for d in &checked.diagnostics {
                    writeln!(out, "{}", render(d, Some(&checked.source), render_opts))?;
                }
                for s in checked.summaries() {
                    writeln!(out, "{name}: {}", s.describe())?;
                }
                writeln!(out, "{name}: {}", tally.describe())?;
            }
            Format::Json => json_files.push(serde_json::json!({
                "source": name,
                "encoding": checked.encoding,
                "errors": tally.errors,
                "warnings": tally.warnings,
                "notes": tally.notes,
                "envelopes": checked.summaries(),
                "diagnostics": checked.diagnostics,
                "message": checked.message,
            })),
        }
    }
    match format {
        Format::Text => {
            let n = files.len().max(1);
            if n > 1 {
                writeln!(
                    out,
                    "checked {}: {}",
                    plural(n, "file", "files"),
                    total.describe()
                )?;
            }
        }
        Format::Json => {
            let doc = serde_json::json!({
                "files": json_files,
                "errors": total.errors,
                "warnings": total.warnings,
                "notes": total.notes,
                "unreadable": unreadable,
            });
            serde_json::to_writer_pretty(&mut out, &doc)?;
            writeln!(out)?;
        }
    }
    Ok(if unreadable > 0 {
        ExitCode::from(2)
    } else if total.errors > 0 || (deny_warnings && total.warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn fmt(files: &[PathBuf], color: bool) -> Result<ExitCode> {
    let options = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let mut status = ExitCode::SUCCESS;
    let render_opts = RenderOptions {
        color: color && std::io::IsTerminal::is_terminal(&std::io::stderr()),
    };
    for (name, bytes) in inputs(files) {
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                eprintln!("umpire: {e:#}");
                status = ExitCode::from(2);
                continue;
            }
        };
        let checked = orders::check(&name, &bytes, options);
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            eprint!("{}", render(d, Some(&checked.source), render_opts));
        }
        write!(std::io::stdout().lock(), "{}", checked.message)?;
    }
    Ok(status)
}

fn help(order: Option<&str>) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let Some(word) = order else {
        writeln!(
            out,
            "Overlord orders (`umpire overlord help ORDER` for one in full):\n"
        )?;
        write!(out, "{}", manual::index())?;
        writeln!(
            out,
            "\nPrefixes: - (dormant)  + (alternative)  @ (repeat)  N (days)  Dnn (only on day nn)"
        )?;
        return Ok(ExitCode::SUCCESS);
    };
    match registry::lookup(word) {
        Some(found) => {
            write!(out, "{}", manual::order_page(found.keyword.spec()))?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            match umpire_core::text::suggest(word, registry::spellings()) {
                Some(s) => eprintln!("umpire: `{word}` is not an order; did you mean `{s}`?"),
                None => {
                    eprintln!("umpire: `{word}` is not an order; `umpire overlord help` lists them")
                }
            }
            Ok(ExitCode::from(2))
        }
    }
}

fn explain(code: Option<&str>) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let Some(code) = code else {
        for c in codes::ALL {
            writeln!(out, "{}  {}", c.code, c.title)?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    match codes::find(code) {
        Some(c) => {
            writeln!(out, "{} ({}): {}\n", c.code, c.severity.as_str(), c.title)?;
            writeln!(out, "{}", c.explanation)?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!("umpire: no diagnostic code `{code}`; `umpire overlord explain` lists them");
            Ok(ExitCode::from(2))
        }
    }
}

/// `umpire overlord battle`.
fn battle(file: &std::path::Path, seed: Option<u64>, terse: bool, json: bool) -> Result<ExitCode> {
    use umpire_overlord::combat::{fight, scenario};
    let (name, bytes) = inputs(&[file.to_path_buf()]).remove(0);
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => {
            eprintln!("umpire: {e:#}");
            return Ok(ExitCode::from(2));
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let rules = umpire_overlord::rules::Rules::bundled()
        .map_err(|e| anyhow::anyhow!("the bundled rules do not load: {e}"))?;
    let mut sc = match scenario::parse(&rules, &text) {
        Ok(s) => s,
        Err(problems) => {
            for p in &problems {
                eprintln!("umpire: {name}: {p}");
            }
            eprintln!(
                "umpire: {name}: {} to fix before the battle can be fought",
                plural(problems.len(), "mistake", "mistakes")
            );
            return Ok(ExitCode::from(1));
        }
    };
    let seed = seed.or(sc.seed).unwrap_or(1);
    let mut dice = umpire_core::dice::Dice::from_seed(seed).derive("battle");
    let opening = umpire_overlord::combat::muster::opening(&rules, true);
    let report = fight::fight_opening(&mut sc.fighters, &opening, &mut dice);
    let mut out = std::io::stdout().lock();
    if json {
        // Creatures summoned in the battle follow the units, named by
        // what they are, with their summoner.
        let survivors: Vec<serde_json::Value> = sc
            .fighters
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = f.summoned.as_ref().map_or_else(
                    || sc.names.get(i).cloned().unwrap_or_default(),
                    |s| s.name.clone(),
                );
                let mut v = serde_json::json!({
                    "unit": f.number, "name": name, "side": f.side,
                    "figures": f.start, "alive": f.alive(), "fled": f.fled,
                });
                if let Some(s) = &f.summoned {
                    v["summoned_by"] = serde_json::json!(s.by);
                }
                if f.max_mana > 0 {
                    v["mana"] = serde_json::json!(f.mana);
                }
                v
            })
            .collect();
        let doc = serde_json::json!({ "seed": seed, "report": report, "units": survivors });
        writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
    } else {
        writeln!(out, "Battle from {name}, seed {seed}.")?;
        write!(
            out,
            "{}",
            umpire_overlord::report::battle::account(&report, &sc.fighters, &sc.names, terse)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
