//! `umpire overlord run`: the next turn of a game directory.
//!
//! Layout of a game directory:
//!
//! ```text
//! GAME_DIR/world.umpire            the game now
//! GAME_DIR/orders/N/*              order files (mail bodies) for turn N
//! GAME_DIR/turns/N/world.umpire    the game as it was before turn N ran
//! GAME_DIR/turns/N/events.json     everything that happened in turn N
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use umpire_core::diagnostic::{RenderOptions, render};
use umpire_overlord::orders::{self, Envelope, FactionRef, OrderSet, ParseOptions, Vocabulary};
use umpire_overlord::report::template::template;
use umpire_overlord::save;
use umpire_overlord::turn::economy::rewards;
use umpire_overlord::turn::log::What;
use umpire_overlord::turn::{Economy, Hooks, Turn, run_turn_with};

use crate::game::{WORLD_FILE, read_world, rules};

/// The full game's economy, showing the days go by on a terminal.
struct Progress(ProgressBar, Economy);

impl Hooks for Progress {
    fn rewards(&mut self, t: &mut Turn<'_>) {
        self.1.rewards(t);
    }
    fn markets(&mut self, t: &mut Turn<'_>) {
        self.1.markets(t);
    }
    fn recruits(&mut self, t: &mut Turn<'_>) {
        self.1.recruits(t);
    }
    fn mana(&mut self, t: &mut Turn<'_>) {
        self.1.mana(t);
    }
    fn taxes(&mut self, t: &mut Turn<'_>) {
        self.1.taxes(t);
    }
    fn wages(&mut self, t: &mut Turn<'_>) {
        self.1.wages(t);
    }
    fn upkeep(&mut self, t: &mut Turn<'_>) {
        self.1.upkeep(t);
    }
    fn evolve(&mut self, t: &mut Turn<'_>) {
        self.1.evolve(t);
    }
    fn day_done(&mut self, t: &mut Turn<'_>, day: u8) {
        self.1.day_done(t, day);
        self.0.set_position(u64::from(day));
    }
}

/// The order files for `turn`: every file in GAME_DIR/orders/<turn>/, by
/// name.
fn order_files(dir: &Path, turn: u32) -> Result<Vec<PathBuf>> {
    let folder = dir.join("orders").join(turn.to_string());
    if !folder.exists() {
        return Ok(Vec::new());
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .with_context(|| format!("cannot list {}", folder.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

pub fn run(dir: &Path, color: bool, quiet: bool) -> Result<ExitCode> {
    let rules = rules()?;
    let mut world = read_world(dir, &rules)?;
    let before = save::save(&world, &rules);
    let turn = world.turn + 1;

    // Orders: every envelope of every file; bad orders are reported and
    // left out, never the whole file.
    let options = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let render_opts = RenderOptions {
        color: color && std::io::IsTerminal::is_terminal(&std::io::stderr()),
    };
    let mut sets: Vec<OrderSet> = Vec::new();
    let mut articles: Vec<Envelope> = Vec::new();
    let mut errors = 0usize;
    for file in order_files(dir, turn)? {
        let bytes =
            std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
        let checked = orders::check(&file.display().to_string(), &bytes, options);
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            errors += 1;
            eprint!("{}", render(d, Some(&checked.source), render_opts));
        }
        for e in checked.message.envelopes {
            match e {
                Envelope::Orders(set) => sets.push(set),
                // Articles earn press rewards (OV-PRESS-005).
                e @ (Envelope::Press(_) | Envelope::Rumor(_)) => articles.push(e),
                Envelope::Report(_) => {}
            }
        }
    }

    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::with_draw_target(Some(30), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("turn {msg} day {pos:>2}/30 {wide_bar}") {
            b.set_style(style);
        }
        b.set_message(turn.to_string());
        b
    };
    let started = Instant::now();
    let seed = world.seed;
    let press = rewards::authors(&world, &articles);
    let mut progress = Progress(bar, Economy::with_press(press));
    let log = run_turn_with(&mut world, &rules, &sets, seed, &mut progress);
    progress.0.finish_and_clear();
    let took = started.elapsed();

    // Keep the world as it was, then the events, then the new world: a
    // crash part way leaves the old game in place.
    let keep = dir.join("turns").join(turn.to_string());
    std::fs::create_dir_all(&keep).with_context(|| format!("cannot create {}", keep.display()))?;
    std::fs::write(keep.join(WORLD_FILE), &before)
        .with_context(|| format!("cannot write {}", keep.join(WORLD_FILE).display()))?;
    let events = serde_json::to_vec_pretty(&log).context("cannot write the events as JSON")?;
    std::fs::write(keep.join("events.json"), events)
        .with_context(|| format!("cannot write {}", keep.join("events.json").display()))?;
    // Each faction's order template for the next turn (OV-REP-041).
    let templates = keep.join("templates");
    std::fs::create_dir_all(&templates)
        .with_context(|| format!("cannot create {}", templates.display()))?;
    for (fid, f) in world.factions.iter().filter(|(_, f)| !f.resigned) {
        let path = templates.join(format!("{}.txt", FactionRef::Player(f.number)));
        std::fs::write(&path, template(&world, fid, ""))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    crate::game::write_world(dir, &world, &rules, true)?;

    let mut out = String::new();
    let count = |f: &dyn Fn(&What) -> bool| log.events.iter().filter(|e| f(&e.what)).count();
    let _ = writeln!(
        out,
        "{}: turn {turn} run in {:.2} s — {} order set(s), {} event(s)",
        world.game,
        took.as_secs_f64(),
        sets.len(),
        log.events.len()
    );
    let _ = writeln!(
        out,
        "  journeys begun {}, arrivals {}, turned back {}, battles {}",
        count(&|w| matches!(w, What::Departed { .. })),
        count(&|w| matches!(w, What::Arrived { .. })),
        count(&|w| matches!(w, What::TurnedBack { .. })),
        count(&|w| matches!(w, What::Battle { .. })),
    );
    let _ = writeln!(
        out,
        "  order sets refused {}, sections refused {}, orders dropped {}, orders not yet adjudicated {}",
        count(&|w| matches!(w, What::OrdersRefused { .. })),
        count(&|w| matches!(w, What::SectionRefused { .. })),
        count(&|w| matches!(w, What::OrderDropped { .. })),
        count(&|w| matches!(w, What::NotAdjudicated { .. })),
    );
    if errors > 0 {
        let _ = writeln!(
            out,
            "  {errors} order(s) with errors were left out (see above)"
        );
    }
    let _ = writeln!(
        out,
        "  saved {}; the turn's events are in {}, each faction's order template in {}",
        dir.join(WORLD_FILE).display(),
        keep.join("events.json").display(),
        templates.display()
    );
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
