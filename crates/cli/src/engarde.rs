//! `umpire engarde …`: the En Garde! moderator. Reads the arguments and the
//! players' sheets, calls the host's game folder and prints.
//!
//! The game folder and its loop are the host's:
//! `umpire_host::engarde::folder` (over the intake and the month kept as
//! every folder keeps its turns).

use std::io::{Read as _, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use umpire_core::diagnostic::{RenderOptions, Tally, render};
use umpire_core::source::{SourceFile, decode_text};
use umpire_engarde::bots;
use umpire_engarde::setup::{NewPlayer, new_game, new_game_checked};
use umpire_engarde::spsl::{Sp, convert};
use umpire_engarde::tables::Tables;
use umpire_engarde::world::World;

use umpire_engarde::review::Fate;
use umpire_host::engarde::folder::{Folder, slug};

#[derive(Subcommand)]
pub enum Command {
    /// The SP->SL conversion of section 3.3, for checking a month by hand.
    ///
    /// Prints the moderated SPs, the SL change (-1, 0 or +1) and the SPs
    /// carried into next month. SPs are kept exactly in quarters: 57 SP at
    /// SL 8 moderates to 52.5 and carries 12.5.
    #[command(
        after_help = "Examples:\n  umpire engarde convert --sl 8 --sp 56\n  umpire engarde convert --sl 8 --sp -32 --json\n  umpire engarde convert --sl 5 --sp 33.5"
    )]
    Convert {
        /// SL this month (at least 1).
        #[arg(long, allow_negative_numbers = true)]
        sl: i64,
        /// SPs this month: whole or in quarters (12, 12.5, -2.25).
        #[arg(long, allow_negative_numbers = true)]
        sp: String,
        /// Print JSON: `sl_change`, `sp_next`, and the working.
        #[arg(long)]
        json: bool,
    },
    /// Make a new game in DIR with the players named.
    ///
    /// Each --player is NAME or NAME:PASSWORD or NAME:PASSWORD:ADDRESS. The
    /// new Paris has an NPC general, a brigadier for each brigade, a colonel
    /// for each regiment and sixteen ladies; every player starts in Paris
    /// with SL 2+1d6, 100 x 2d6 crowns and MA 2+1d6, rolled from the seed.
    #[command(
        after_help = "Example:\n  umpire engarde new /tmp/paris --player Athos:sword --player Porthos:feast --seed 3"
    )]
    New {
        dir: PathBuf,
        #[arg(
            long = "player",
            value_name = "NAME[:PASSWORD[:ADDRESS]]",
            required = true
        )]
        players: Vec<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Calendar month of the first game month (1-12; June to August is
        /// the campaign season).
        #[arg(long, default_value_t = 3)]
        start_month: u8,
        /// Replace a game already in DIR.
        #[arg(long)]
        force: bool,
    },
    /// Take a player's orders (a file, or - for standard input).
    ///
    /// Prints what the checker found. The sheet is kept for the coming
    /// month when its CHARACTER and PASSWORD are right, even if some orders
    /// have errors (those orders will not run); a later sheet replaces it.
    /// Exits 1 when the sheet was refused.
    #[command(after_help = "Example:\n  umpire engarde submit /tmp/paris athos.txt")]
    Submit { dir: PathBuf, file: PathBuf },
    /// Check an order sheet without keeping it; with --game, names are
    /// checked against that game.
    #[command(
        after_help = "Examples:\n  umpire engarde check athos.txt\n  umpire engarde check athos.txt --game /tmp/paris --json"
    )]
    Check {
        file: PathBuf,
        #[arg(long, value_name = "DIR")]
        game: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Run the month: every kept sheet, the front, the weeks, the end of
    /// the month; write every player's report and the gazette.
    ///
    /// When a living player sent no sheet for the month, `run` lists them
    /// and stops: their characters would spend the month idle. `--anyway`
    /// runs it all the same. The world before the month is kept, so
    /// `rollback` can take the month back.
    #[command(
        after_help = "Examples:\n  umpire engarde run /tmp/paris\n  umpire engarde run /tmp/paris --anyway"
    )]
    Run {
        dir: PathBuf,
        /// Run even though some players sent no sheet.
        #[arg(long)]
        anyway: bool,
    },
    /// The lines of the coming month's sheets held for the game master
    /// (lines the reader could not take as orders), with what was decided
    /// of each.
    Held { dir: PathBuf },
    /// Approve a held line: you do what it asks by hand; the note tells the
    /// player what (it goes in their report).
    #[command(
        after_help = "Example:\n  umpire engarde approve /tmp/paris Athos 7 --note \"the duel is fought at dawn in week 2\""
    )]
    Approve {
        dir: PathBuf,
        character: String,
        line: u32,
        /// What you do about it, for the player's report.
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Refuse a held line, with the reason the player will read.
    #[command(
        after_help = "Example:\n  umpire engarde refuse /tmp/paris Athos 7 --reason \"duels are fought by CHALLENGE\""
    )]
    Refuse {
        dir: PathBuf,
        character: String,
        line: u32,
        #[arg(long)]
        reason: String,
    },
    /// Take back the last month run: the world goes back to before it, its
    /// reports are kept aside (months/N.rolled-back-K), the sheets sent for
    /// it stand and may be replaced; `run` runs it again, or --rerun at
    /// once (as `run` does: not while a player's sheet is missing).
    Rollback {
        dir: PathBuf,
        /// Run the month again at once.
        #[arg(long)]
        rerun: bool,
    },
    /// Print a player's report of a month (default: the last one run).
    #[command(
        after_help = "Examples:\n  umpire engarde report /tmp/paris Athos\n  umpire engarde report /tmp/paris Athos 2 --json"
    )]
    Report {
        dir: PathBuf,
        character: String,
        month: Option<u32>,
        #[arg(long)]
        json: bool,
    },
    /// Print the gazette of a month (default: the last one run).
    Gazette { dir: PathBuf, month: Option<u32> },
    /// A small game played by NPC players for a few months, through submit
    /// and run, ending with one report and the gazette.
    #[command(after_help = "Example:\n  umpire engarde demo /tmp/engarde-demo --months 4 --force")]
    Demo {
        #[arg(default_value = "engarde-demo")]
        dir: PathBuf,
        #[arg(long, default_value_t = 3)]
        months: u32,
        #[arg(long, default_value_t = 8)]
        players: usize,
        #[arg(long, default_value_t = 7)]
        seed: u64,
        #[arg(long)]
        force: bool,
    },
}

/// Run an `umpire engarde` command.
pub fn run(cmd: Command, color: bool) -> Result<ExitCode> {
    let tables = Tables::builtin().map_err(|e| anyhow::anyhow!("{e}"))?;
    match cmd {
        Command::Convert { sl, sp, json } => convert_cmd(sl, &sp, json),
        Command::New {
            dir,
            players,
            seed,
            start_month,
            force,
        } => new_game_cmd(&dir, &players, seed, start_month, force, tables),
        Command::Submit { dir, file } => {
            let folder = Folder::at(&dir, tables);
            let world = folder.world()?;
            let source = read_source(&file)?;
            let accepted = submit(&folder, &world, &source, color)?;
            Ok(if accepted {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Check { file, game, json } => {
            check_cmd(&file, game.as_deref(), json, tables, color)
        }
        Command::Run { dir, anyway } => run_month_cmd(&dir, anyway, tables),
        Command::Report {
            dir,
            character,
            month,
            json,
        } => report_cmd(&Folder::at(&dir, tables), &character, month, json),
        Command::Held { dir } => held_cmd(&dir, tables),
        Command::Approve {
            dir,
            character,
            line,
            note,
        } => review(&dir, tables, &character, line, Fate::Approved { note }),
        Command::Refuse {
            dir,
            character,
            line,
            reason,
        } => {
            if reason.trim().is_empty() {
                anyhow::bail!("a refusal needs the reason the player will read: --reason \"…\"");
            }
            review(&dir, tables, &character, line, Fate::Refused { reason })
        }
        Command::Rollback { dir, rerun } => {
            let month = Folder::at(&dir, tables).rollback()?;
            writeln!(
                std::io::stdout().lock(),
                "Month {month} taken back: the world is as it was before it; its reports are kept in {}; the sheets sent for it stand. `umpire engarde run {}` runs it again.",
                dir.join("months")
                    .join(format!("{month}.rolled-back-*"))
                    .display(),
                dir.display()
            )?;
            if rerun {
                return run_month_cmd(&dir, false, tables);
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Gazette { dir, month } => {
            let text = Folder::at(&dir, tables).gazette(month)?;
            std::io::stdout().lock().write_all(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Demo {
            dir,
            months,
            players,
            seed,
            force,
        } => demo(&dir, months, players, seed, force, tables, color),
    }
}

/// `umpire engarde new`: make the game folder and each player's first report.
fn new_game_cmd(
    dir: &Path,
    players: &[String],
    seed: u64,
    start_month: u8,
    force: bool,
    tables: &Tables,
) -> Result<ExitCode> {
    let roster = players
        .iter()
        .map(|p| parse_player(p))
        .collect::<Result<Vec<_>>>()?;
    let world = new_game_checked(&game_name(dir), seed, start_month, &roster, tables)
        .map_err(|e| anyhow::anyhow!("{e}; no game was made"))?;
    // With each player's first report: where they stand, and who is who.
    let folder = Folder::at(dir, tables);
    folder.make(&world, force)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "New game in {} with {} player(s); month 1 ({}) is next.",
        dir.display(),
        roster.len(),
        world.month_of_year(1).name()
    )?;
    for id in world.ids() {
        if let Some(c) = world.character(id).filter(|c| !c.npc) {
            writeln!(
                out,
                "  {}: SL {}, {} crowns, MA {}",
                c.name, c.sl, c.cash, c.ma
            )?;
        }
    }
    writeln!(
        out,
        "Each player's first report (where they stand, and who is who in Paris) is in {}; `umpire engarde report {} NAME 0` prints it.",
        folder.month_dir(0).join("reports").display(),
        dir.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `umpire engarde check`: the diagnostics of an order sheet, against a game if given.
fn check_cmd(
    file: &Path,
    game: Option<&Path>,
    json: bool,
    tables: &Tables,
    color: bool,
) -> Result<ExitCode> {
    let source = read_source(file)?;
    let diagnostics = match game {
        Some(g) => Folder::at(g, tables).check(&source)?,
        None => {
            let (sheet, mut d) = umpire_engarde::orders::parse(&source);
            d.extend(umpire_engarde::orders::check(
                &sheet,
                &Default::default(),
                &source,
            ));
            d
        }
    };
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&diagnostics)?)?;
    } else {
        print_diagnostics(&mut out, &source, &diagnostics, color)?;
    }
    Ok(if diagnostics.iter().any(|d| d.is_error()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `umpire engarde run`: run the next month, unless sheets are missing and not `anyway`.
fn run_month_cmd(dir: &Path, anyway: bool, tables: &Tables) -> Result<ExitCode> {
    let folder = Folder::at(dir, tables);
    let (coming, missing) = folder.missing_sheets()?;
    if !missing.is_empty() {
        let mut err = std::io::stderr().lock();
        writeln!(
            err,
            "No sheet for month {} from {} player(s): {}.",
            coming,
            missing.len(),
            missing.join(", ")
        )?;
        if !anyway {
            writeln!(
                err,
                "Nothing was run. Wait for their sheets, or run the month anyway with `umpire engarde run {} --anyway` (their characters spend it idle).",
                dir.display()
            )?;
            return Ok(ExitCode::from(1));
        }
    }
    let kept = folder.run()?;
    for note in &kept.cleaned {
        eprintln!("umpire: {note}");
    }
    let month = kept.ran;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "Month {month} run: reports in {}",
        folder.month_dir(month).join("reports").display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `umpire engarde report`: print a character's report of a month (the last by default).
fn report_cmd(
    folder: &Folder,
    character: &str,
    month: Option<u32>,
    json: bool,
) -> Result<ExitCode> {
    let text = folder.report(character, month, json)?;
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `umpire engarde held`: the lines of this month's sheets held for the game master.
fn held_cmd(dir: &Path, tables: &Tables) -> Result<ExitCode> {
    let (month, held) = Folder::at(dir, tables).held()?;
    let mut out = std::io::stdout().lock();
    if held.is_empty() {
        writeln!(
            out,
            "No line of month {month}'s sheets is held for the game master."
        )?;
    }
    for (name, lines) in held {
        writeln!(out, "{name}:")?;
        for h in lines {
            let fate = match &h.fate {
                Fate::NotReviewed => "not reviewed".to_string(),
                Fate::Approved { note } => format!("approved: {note}"),
                Fate::Refused { reason } => format!("refused: {reason}"),
            };
            writeln!(out, "  line {}: `{}` -- {fate}", h.line, h.text.trim())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn convert_cmd(sl: i64, sp: &str, json: bool) -> Result<ExitCode> {
    if sl < 1 {
        bail!("SL must be at least 1 (got {sl})");
    }
    let Some(n) = Sp::parse(sp) else {
        bail!("`{sp}` is not a number of SPs: write a whole number or quarters (12, -8.5, 2.25)");
    };
    let c = convert(sl, n);
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&c)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "SL {sl}, {n} SP this month")?;
    let band = match c.band {
        umpire_engarde::spsl::Band::Full => "all count in full".to_string(),
        umpire_engarde::spsl::Band::HighHalf => {
            format!("those over {} (6 x SL) count half", 6 * sl)
        }
        umpire_engarde::spsl::Band::HighQuarter => format!(
            "those over {} (6 x SL) count half, over {} (8 x SL) a quarter",
            6 * sl,
            8 * sl
        ),
        umpire_engarde::spsl::Band::LowHalf => format!("those under {} (-1 x SL) count half", -sl),
        umpire_engarde::spsl::Band::LowQuarter => format!(
            "those under {} (-1 x SL) count half, under {} (-3 x SL) a quarter",
            -sl,
            -3 * sl
        ),
    };
    writeln!(out, "  moderation: {band}: {}", c.moderated)?;
    let rule = if c.moderated < Sp::whole(sl) {
        format!(
            "{} < SL {sl}: down one SL, keep {}",
            c.moderated, c.moderated
        )
    } else if c.moderated < Sp::whole(4 * sl) {
        format!(
            "{sl} <= {} < {} (4 x SL): stay, carry {} - {}",
            c.moderated,
            4 * sl,
            c.moderated,
            2 * sl
        )
    } else {
        format!(
            "{} >= {} (4 x SL): up one SL, carry {} - {}",
            c.moderated,
            4 * sl,
            c.moderated,
            5 * sl
        )
    };
    writeln!(out, "  {rule}")?;
    if c.floored {
        writeln!(out, "  SL 1 is the lowest: the SL stays 1")?;
    }
    writeln!(out, "SL change: {:+}", c.sl_change)?;
    writeln!(out, "SP next month: {}", c.sp_next)?;
    Ok(ExitCode::SUCCESS)
}

fn parse_player(s: &str) -> Result<NewPlayer> {
    let mut parts = s.splitn(3, ':');
    let name = parts.next().unwrap_or("").trim();
    if name.is_empty() {
        bail!("--player `{s}` has no name; write NAME or NAME:PASSWORD");
    }
    Ok(NewPlayer {
        name: name.to_string(),
        password: parts.next().unwrap_or("").trim().to_string(),
        address: parts.next().unwrap_or("").trim().to_string(),
    })
}

fn game_name(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || "En Garde!".to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn read_source(file: &Path) -> Result<SourceFile> {
    let mut bytes = Vec::new();
    let name = if file.as_os_str() == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
        "<stdin>".to_string()
    } else {
        bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
        file.display().to_string()
    };
    let (text, _) = decode_text(&bytes);
    Ok(SourceFile::new(name, text.into_owned()))
}

fn print_diagnostics(
    out: &mut impl Write,
    source: &SourceFile,
    diagnostics: &[umpire_core::Diagnostic],
    color: bool,
) -> Result<()> {
    let options = RenderOptions { color };
    for d in diagnostics {
        write!(out, "{}", render(d, Some(source), options))?;
    }
    let tally = Tally::of(diagnostics);
    writeln!(out, "{}: {}", source.name(), tally.describe())?;
    Ok(())
}

/// Take a sheet for the coming month; true when kept.
fn submit(folder: &Folder, world: &World, source: &SourceFile, color: bool) -> Result<bool> {
    let taken = folder.submit(world, source)?;
    let mut out = std::io::stdout().lock();
    print_diagnostics(&mut out, source, &taken.read.diagnostics, color)?;
    let Some(path) = taken.kept else {
        if taken.read.character.is_some() {
            // Whose it is and the password were right; the month is not
            // taking sheets.
            writeln!(out, "Refused: {}", taken.receipt.line)?;
        } else {
            writeln!(
                out,
                "Refused: the sheet names no character of this game, or the password is wrong."
            )?;
        }
        return Ok(false);
    };
    writeln!(out, "Kept for month {} as {}.", taken.month, path.display())?;
    Ok(true)
}

fn demo(
    dir: &Path,
    months: u32,
    players: usize,
    seed: u64,
    force: bool,
    tables: &Tables,
    color: bool,
) -> Result<ExitCode> {
    const NAMES: [&str; 12] = [
        "Athos",
        "Porthos",
        "Aramis",
        "d'Artagnan",
        "Rochefort",
        "Treville",
        "Bonacieux",
        "Jussac",
        "Cahusac",
        "Bernajoux",
        "Biscarat",
        "Planchet",
    ];
    let roster: Vec<NewPlayer> = (0..players)
        .map(|i| NewPlayer {
            // Athos, …, Planchet, then Athos 2, … so every name is unique.
            name: match i / NAMES.len() {
                0 => format!("Chevalier {}", NAMES[i % NAMES.len()]),
                round => format!("Chevalier {} {}", NAMES[i % NAMES.len()], round + 1),
            },
            password: format!("pw{}", i + 1),
            address: String::new(),
        })
        .collect();
    let world = new_game(&game_name(dir), seed, 5, &roster, tables);
    let folder = Folder::at(dir, tables);
    folder.start(&world, force)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "A game of {players} NPC-played characters in {}, from May (the campaign season is June to August).",
        dir.display()
    )?;
    // The folder keeps the passwords hashed; the bots write them as the
    // players were given them.
    let given: Vec<String> = world
        .characters
        .iter()
        .map(|c| c.password.clone())
        .collect();
    for _ in 0..months {
        let world = folder.world()?;
        let mut players = world.clone();
        for (c, password) in players.characters.iter_mut().zip(&given) {
            c.password.clone_from(password);
        }
        for id in world.ids() {
            let Some(c) = world.character(id).filter(|c| !c.npc && c.is_alive()) else {
                continue;
            };
            let text = bots::orders_text(&players, tables, id);
            let source = SourceFile::new(format!("{}.txt", slug(&world, id)), text);
            let taken = folder.submit(&world, &source)?;
            if taken.kept.is_none() {
                print_diagnostics(&mut out, &source, &taken.read.diagnostics, color)?;
                bail!("the bot's sheet for {} was refused", c.name);
            }
        }
        let m = folder.run()?.ran;
        writeln!(out, "Month {m} run.")?;
    }
    let world = folder.world()?;
    let last = world.month.saturating_sub(1);
    if let Some(id) = world
        .ids()
        .find(|&id| world.character(id).is_some_and(|c| !c.npc))
    {
        let path = folder
            .month_dir(last)
            .join("reports")
            .join(format!("{}.txt", slug(&world, id)));
        if let Ok(text) = std::fs::read_to_string(&path) {
            writeln!(out, "\n--- {} ---\n{text}", path.display())?;
        }
    }
    if let Ok(text) = std::fs::read_to_string(folder.month_dir(last).join("gazette.txt")) {
        writeln!(out, "{text}")?;
    }
    writeln!(
        out,
        "Every report is in {}/months/N/reports/.",
        dir.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `approve` and `refuse`: the decision kept for the coming month.
fn review(dir: &Path, tables: &Tables, character: &str, line: u32, fate: Fate) -> Result<ExitCode> {
    let said = match &fate {
        Fate::Refused { .. } => ("Refused", "give the reason"),
        _ => ("Approved", "say so"),
    };
    let (month, h) = Folder::at(dir, tables).review(character, line, fate)?;
    writeln!(
        std::io::stdout().lock(),
        "{} line {line} of {character}'s sheet (`{}`); their report of month {} will {}.",
        said.0,
        h.text.trim(),
        month,
        said.1
    )?;
    Ok(ExitCode::SUCCESS)
}
