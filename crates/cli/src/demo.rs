//! `umpire demo`: the main job in one command. Makes a small Overlord game,
//! lets bots play every player faction for a few turns — their orders go
//! through `submit` into `orders/N/` and the turns through `run`, the very
//! code the commands use — and shows where the reports are.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use umpire_overlord::generate::bots::{BotOptions, bot_orders_with, bot_seed};
use umpire_overlord::generate::world::{MapSize, WorldParams};
use umpire_overlord::world::Player;

use umpire_host::overlord::folder::{Folder, RunOptions, WORLD_FILE, faction_file, rules};

/// How many lines of a report the demo shows at the end.
const EXCERPT_LINES: usize = 30;

#[derive(clap::Args)]
pub struct Args {
    /// Where to put the demo game.
    #[arg(default_value = "umpire-demo")]
    pub dir: PathBuf,
    /// How many turns the bots play.
    #[arg(long, default_value_t = 3)]
    pub turns: u32,
    /// How many player factions (numbered from f5, after the four NPC
    /// factions).
    #[arg(long, default_value_t = 6)]
    pub factions: u32,
    /// The seed: the same seed gives the same game, turn by turn.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// Replace the game already in DIR.
    #[arg(long)]
    pub force: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Make room for the demo in `dir`: an empty or missing folder is fine; a
/// game is replaced only with `force`; a folder holding anything else is
/// never emptied.
fn prepare(dir: &Path, force: bool) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        bail!("{} is a file, not a folder", dir.display());
    }
    let empty = !dir.exists()
        || std::fs::read_dir(dir)
            .with_context(|| format!("cannot read the folder {}", dir.display()))?
            .next()
            .is_none();
    if empty {
        return Ok(());
    }
    let game = dir.join(WORLD_FILE).exists();
    if !force {
        bail!(
            "{} is not empty{}; pass --force to replace it with a new demo, or choose another folder",
            dir.display(),
            if game { " (it holds a game)" } else { "" }
        );
    }
    if !game {
        bail!(
            "{} holds files but no game (no {WORLD_FILE}); not emptying it, even with --force: choose another folder",
            dir.display()
        );
    }
    std::fs::remove_dir_all(dir).with_context(|| format!("cannot remove {}", dir.display()))
}

/// `umpire demo`.
pub fn run(args: Args) -> Result<ExitCode> {
    let dir = &args.dir;
    prepare(dir, args.force)?;
    let rules = rules()?;
    let params = WorldParams {
        game: "demo".to_string(),
        seed: args.seed,
        factions: args.factions,
        size: MapSize::for_factions(args.factions),
    };
    let folder = Folder::at(dir);
    let made = folder.make(&rules, &params, false)?;
    let passwords: std::collections::HashMap<u32, String> = made
        .generated
        .players
        .iter()
        .map(|p| (p.number, p.password.clone()))
        .collect();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "Made game `{}` in {} (seed {}, {} map): {} factions, {} of them players; passwords in {}.",
        params.game,
        dir.display(),
        params.seed,
        params.size,
        made.generated.world.factions.len(),
        args.factions,
        made.sheet_path.display()
    )?;

    let days = u64::from(args.turns) * 30;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::with_draw_target(Some(days), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{msg:<28} {wide_bar} day {pos}/{len}") {
            b.set_style(style);
        }
        b
    };
    let mut shown = None;
    for k in 0..args.turns {
        let world = folder.world(&rules)?;
        let turn = world.turn + 1;
        bar.set_message(format!("turn {turn}: bots write orders"));
        // Every player faction's bot mails its orders, as a player would.
        for (fid, f) in world
            .factions
            .iter()
            .filter(|(_, f)| f.player == Player::Human && !f.resigned)
        {
            let options = BotOptions {
                password: passwords.get(&f.number).cloned().unwrap_or_default(),
            };
            let mail = bot_orders_with(&world, &rules, fid, bot_seed(world.seed, turn), &options);
            let name = format!("bot-{}", faction_file(f.number));
            let done = folder.submit_to(&world, &name, mail.as_bytes(), false)?;
            if done.refused() > 0 {
                bail!(
                    "the bot's orders for {} were refused:\n{}",
                    f.code(),
                    done.text()
                );
            }
            shown.get_or_insert(f.number);
        }
        bar.set_message(format!("turn {turn}: the month runs"));
        let start = u64::from(k) * 30;
        let mut on_day = |day: u8| bar.set_position(start + u64::from(day));
        let mut on_report = |_, _| {};
        let ran = folder.run(RunOptions {
            next: None,
            color: false,
            on_day: &mut on_day,
            on_report: &mut on_report,
        })?;
        for e in &ran.errors {
            bar.suspend(|| eprint!("{e}"));
        }
        bar.suspend(|| {
            println!(
                "Turn {turn}: {} order sets, {} events, {} reports ({:.2} s).",
                ran.sets,
                ran.log.events.len(),
                ran.reports,
                ran.took.as_secs_f64()
            );
        });
    }
    bar.finish_and_clear();

    let world = folder.world(&rules)?;
    writeln!(
        out,
        "\nThe game is at turn {}. Each faction's report is in {}/N/reports/fNN.txt, its order template in {}/N/templates/fNN.txt.",
        world.turn,
        dir.join("turns").display(),
        dir.join("turns").display()
    )?;
    if let Some(number) = shown.filter(|_| world.turn > 0) {
        let path = folder
            .turn_dir(world.turn)
            .join("reports")
            .join(faction_file(number));
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        writeln!(
            out,
            "Read one whole: umpire overlord report {} f{number}\n\nThe first lines of {}:\n",
            dir.display(),
            path.display()
        )?;
        for line in text.lines().take(EXCERPT_LINES) {
            writeln!(out, "    {line}")?;
        }
        if text.lines().count() > EXCERPT_LINES {
            writeln!(out, "    …")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
