//! The next turn of an Overlord game directory (`umpire overlord run`).
//!
//! Layout of a game directory:
//!
//! ```text
//! GAME_DIR/world.umpire                   the game now (turn N-1 has run)
//! GAME_DIR/factions.txt                   the game master's sheet (after `new`)
//! GAME_DIR/next-turn.txt                  optional: the next run's date, for the reports
//! GAME_DIR/orders/N/fNN.txt               orders for turn N, one file per faction
//!                                         (`submit` writes them; any other file
//!                                         there is read too, mail bodies are fine)
//! GAME_DIR/press/N/signed/fNN-K.txt       signed articles (#PRESS) for turn N's newspaper
//! GAME_DIR/press/N/rumors/fNN-K.txt       rumours (#RUMOR) for turn N's newspaper
//! GAME_DIR/turns/N/world.umpire           the game as it was before turn N ran
//! GAME_DIR/turns/N/events.json            everything that happened in turn N
//! GAME_DIR/turns/N/reports/fNN.txt        each faction's report of turn N
//! GAME_DIR/turns/N/reports/fNN.json       the same report as JSON (docs/overlord-report-schema.md)
//! GAME_DIR/turns/N/templates/fNN.txt      each faction's order template for turn N+1
//! GAME_DIR/turns/N.partial/               turn N while it is being written
//! ```
//!
//! A run is all or nothing. Turn N is written into `turns/N.partial/`,
//! which is renamed to `turns/N/` once complete; only then is
//! `world.umpire` replaced (written beside and renamed). A run that stops
//! part way leaves the old game in place; running again cleans up what it
//! left (`turns/N.partial/`, and a `turns/N/` whose world is the game now,
//! or has none) and repeats the turn, with the same dice: the same orders
//! give the same bytes. A `turns/N/` kept from some other game state (the
//! game master went back to an older world) is moved aside to
//! `turns/N.replaced-K/`, never deleted. While `turns/N.partial/` exists,
//! `submit` refuses orders and articles for turn N (OV-SRV-009).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use umpire_core::diagnostic::{RenderOptions, render};
use umpire_overlord::orders::{self, Envelope, OrderSet, ParseOptions, Vocabulary};
use umpire_overlord::report::knowledge::{Discovered, remember};
use umpire_overlord::report::text::{self, Inputs, Reports};
use umpire_overlord::rules::Rules;
use umpire_overlord::save;
use umpire_overlord::turn::economy::rewards;
use umpire_overlord::turn::log::{TurnLog, What};
use umpire_overlord::turn::{Economy, Hooks, Turn, run_turn_with};
use umpire_overlord::world::{FactionId, World};

use super::game_dir::{WORLD_FILE, read_world, rules};
use super::layout::{self, faction_file, faction_json_file, staging_dir, turn_dir};
use crate::files;

/// The full game's economy, telling the caller as each day ends.
struct Progress<'a>(&'a mut dyn FnMut(u8), Economy);

impl Hooks for Progress<'_> {
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
        (self.0)(day);
    }
}

/// How to run a turn.
pub struct RunOptions<'a> {
    /// The next turn's date for the reports; None reads
    /// `GAME_DIR/next-turn.txt` (and without it the reports leave it blank).
    pub next: Option<String>,
    /// Colour the rendered order errors.
    pub color: bool,
    /// Called as each of the 30 days ends.
    pub on_day: &'a mut dyn FnMut(u8),
}

/// What a run did.
pub struct Ran {
    pub game: String,
    pub turn: u32,
    pub took: Duration,
    /// Order sets read.
    pub sets: usize,
    /// Articles read (order files and `press/N/`).
    pub articles: usize,
    /// Every order left out for an error, rendered compiler-style.
    pub errors: Vec<String>,
    pub log: TurnLog,
    /// `turns/N/`.
    pub kept: PathBuf,
    /// Reports written, one per faction still playing.
    pub reports: usize,
    /// What was cleaned up or moved aside from an earlier run.
    pub cleaned: Vec<String>,
}

/// The order files for `turn`: every visible file in GAME_DIR/orders/<turn>/,
/// by name.
fn order_files(dir: &Path, turn: u32) -> Result<Vec<PathBuf>> {
    files::visible_files(&layout::orders_dir(dir, turn))
}

/// The article files for `turn`: signed, then rumours, each by name.
fn press_files(dir: &Path, turn: u32) -> Result<Vec<PathBuf>> {
    let press = layout::press_dir(dir, turn);
    let mut files = files::visible_files(&press.join(layout::SIGNED))?;
    files.extend(files::visible_files(&press.join(layout::RUMORS))?);
    Ok(files)
}

/// The date of the next run written in GAME_DIR/next-turn.txt (its first
/// line that is not blank), if any.
fn next_turn_date(dir: &Path) -> Result<String> {
    let path = dir.join("next-turn.txt");
    if !path.exists() {
        return Ok(String::new());
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_string())
}

/// Clear what an earlier run of `turn` left: the staging folder always
/// (it is never complete), `turns/N/` when it holds no world or the world
/// as it is now (a run that stopped between the rename and the save),
/// anything else is moved aside. Returns what was done, for the GM.
fn clean_up(dir: &Path, turn: u32, before: &[u8]) -> Result<Vec<String>> {
    let mut done = Vec::new();
    let staging = staging_dir(dir, turn);
    if staging.exists() {
        std::fs::remove_dir_all(&staging)
            .with_context(|| format!("cannot remove {}", staging.display()))?;
        done.push(format!(
            "removed {}, left by a run that stopped part way",
            staging.display()
        ));
    }
    let kept = turn_dir(dir, turn);
    if kept.exists() {
        let world = kept.join(WORLD_FILE);
        let leftover = match std::fs::read(&world) {
            Ok(bytes) => bytes == before,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
            Err(e) => {
                return Err(e).with_context(|| format!("cannot read {}", world.display()));
            }
        };
        if leftover {
            std::fs::remove_dir_all(&kept)
                .with_context(|| format!("cannot remove {}", kept.display()))?;
            done.push(format!(
                "removed {}, left by a run that stopped before saving the game",
                kept.display()
            ));
        } else {
            let aside = (1..=u32::MAX)
                .map(|k| dir.join("turns").join(format!("{turn}.replaced-{k}")))
                .find(|p| !p.exists())
                .context("no free name to move an old turn folder aside")?;
            std::fs::rename(&kept, &aside)
                .with_context(|| format!("cannot move {} aside", kept.display()))?;
            done.push(format!(
                "moved {} (turn {turn} run from another state of the game) to {}",
                kept.display(),
                aside.display()
            ));
        }
    }
    Ok(done)
}

/// Write everything kept of the turn into `staging`: the world before,
/// the events, each faction's report and order template. Returns how many
/// reports were written and what each faction learnt (for the caller to
/// remember, so that the next report shows only new knowledge).
fn stage(
    staging: &Path,
    before: &[u8],
    inputs: Inputs<'_>,
) -> Result<(usize, Vec<(FactionId, Discovered)>)> {
    let Inputs {
        world,
        rules: _,
        log,
        ..
    } = inputs;
    let write = |path: PathBuf, bytes: &[u8]| -> Result<()> {
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))
    };
    write(staging.join(WORLD_FILE), before)?;
    let events = serde_json::to_vec_pretty(log).context("cannot write the events as JSON")?;
    write(staging.join("events.json"), &events)?;
    let reports = staging.join("reports");
    let templates = staging.join("templates");
    for folder in [&reports, &templates] {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
    }
    let all = Reports::new(inputs);
    let mut learnt = Vec::new();
    // A faction that resigned this turn gets its last report.
    let resigned_now: Vec<FactionId> = log
        .events
        .iter()
        .filter_map(|e| match e.what {
            What::Resigned { faction, .. } => Some(faction),
            _ => None,
        })
        .collect();
    for (fid, f) in world
        .factions
        .iter()
        .filter(|(id, f)| !f.resigned || resigned_now.contains(id))
    {
        let name = faction_file(f.number);
        // The text and the JSON from one model, so they tell the same.
        if let Some((model, discovered)) = all.model_and_discovered(fid) {
            write(reports.join(&name), text::render(&model).as_bytes())?;
            let json = serde_json::to_vec_pretty(&model)
                .with_context(|| format!("cannot write the report of f{} as JSON", f.number))?;
            write(reports.join(faction_json_file(f.number)), &json)?;
            // The order template for the next turn (OV-REP-041).
            if !f.resigned {
                write(templates.join(&name), model.template.as_bytes())?;
            }
            learnt.push((fid, discovered));
        }
    }
    Ok((learnt.len(), learnt))
}

/// Run the next turn of the game in `dir` and keep it, all or nothing.
pub fn run_next(dir: &Path, mut options: RunOptions<'_>) -> Result<Ran> {
    let rules = rules()?;
    let mut world = read_world(dir, &rules)?;
    let before = save::save(&world, &rules);
    let turn = world.turn + 1;
    let next = match options.next.take() {
        Some(n) => n,
        None => next_turn_date(dir)?,
    };

    // Claim the turn first: from here `submit` refuses orders for it.
    let cleaned = clean_up(dir, turn, &before)?;
    let staging = staging_dir(dir, turn);
    std::fs::create_dir_all(&staging)
        .with_context(|| format!("cannot create {}", staging.display()))?;
    let result = run_staged(dir, &rules, &mut world, &before, &next, options);
    let mut ran = match result {
        Ok(ran) => ran,
        Err(e) => {
            // Release the turn for `submit`; the game is as it was.
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
    };
    ran.cleaned = cleaned;

    // The turn is kept whole, then the game moves on: a crash between the
    // two leaves turns/N beside the old game, which the next run clears.
    std::fs::rename(&staging, &ran.kept).with_context(|| {
        format!(
            "cannot rename {} to {}",
            staging.display(),
            ran.kept.display()
        )
    })?;
    super::game_dir::write_world(dir, &world, &rules, true)?;
    Ok(ran)
}

fn run_staged(
    dir: &Path,
    rules: &Rules,
    world: &mut World,
    before: &[u8],
    next: &str,
    options: RunOptions<'_>,
) -> Result<Ran> {
    let turn = world.turn + 1;
    // Orders: every envelope of every file; bad orders are reported and
    // left out, never the whole file. Articles come from the order files
    // too, and from press/N/.
    let parse = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let render_opts = RenderOptions {
        color: options.color,
    };
    let mut sets: Vec<OrderSet> = Vec::new();
    let mut articles: Vec<Envelope> = Vec::new();
    let mut errors = Vec::new();
    let press = press_files(dir, turn)?;
    for (file, is_press) in order_files(dir, turn)?
        .into_iter()
        .map(|f| (f, false))
        .chain(press.into_iter().map(|f| (f, true)))
    {
        let bytes =
            std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
        let checked = orders::check(&file.display().to_string(), &bytes, parse);
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            errors.push(render(d, Some(&checked.source), render_opts));
        }
        for e in checked.message.envelopes {
            match e {
                Envelope::Orders(set) if !is_press => sets.push(set),
                // Articles earn press rewards (OV-PRESS-005).
                e @ (Envelope::Press(_) | Envelope::Rumor(_)) => articles.push(e),
                Envelope::Orders(_) | Envelope::Report(_) => {}
            }
        }
    }

    let started = Instant::now();
    let seed = world.seed;
    // Articles are checked against the game before the turn.
    let published = rewards::published(world, &articles);
    let authors = published.iter().map(|p| (p.author, p.kind)).collect();
    let mut progress = Progress(options.on_day, Economy::with_press(authors));
    let log = run_turn_with(world, rules, &sets, seed, &mut progress);
    let took = started.elapsed();

    let staging = staging_dir(dir, turn);
    let inputs = Inputs {
        world,
        rules,
        log: &log,
        next_turn: next,
        press: &published,
    };
    let (reports, learnt) = stage(&staging, before, inputs)?;
    // Knowledge shown once is not shown again (OV-REP-037, 039).
    for (f, d) in &learnt {
        remember(world, *f, d);
    }
    Ok(Ran {
        game: world.game.clone(),
        turn,
        took,
        sets: sets.len(),
        articles: articles.len(),
        errors,
        log,
        kept: turn_dir(dir, turn),
        reports,
        cleaned: Vec::new(),
    })
}

/// What `run` prints once the turn is kept.
pub fn summary(dir: &Path, ran: &Ran) -> String {
    let mut out = String::new();
    let log = &ran.log;
    let turn = ran.turn;
    let count = |f: &dyn Fn(&What) -> bool| log.events.iter().filter(|e| f(&e.what)).count();
    let _ = writeln!(
        out,
        "{}: turn {turn} run in {:.2} s — {} order set(s), {} article(s), {} event(s)",
        ran.game,
        ran.took.as_secs_f64(),
        ran.sets,
        ran.articles,
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
    if !ran.errors.is_empty() {
        let _ = writeln!(
            out,
            "  {} order(s) with errors were left out (see above)",
            ran.errors.len()
        );
    }
    let _ = writeln!(
        out,
        "  saved {}; the turn's events are in {}, {} faction report(s) in {}, order templates in {}",
        dir.join(WORLD_FILE).display(),
        ran.kept.join("events.json").display(),
        ran.reports,
        ran.kept.join("reports").display(),
        ran.kept.join("templates").display()
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("umpire-turn-unit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn staging_fails_cleanly_when_a_folder_cannot_be_made() {
        let dir = temp("stage");
        // A file where the reports folder should go.
        std::fs::write(dir.join("reports"), b"in the way").unwrap();
        let rules = rules().unwrap();
        let world = World::default();
        let log = TurnLog::default();
        let inputs = Inputs {
            world: &world,
            rules: &rules,
            log: &log,
            next_turn: "",
            press: &[],
        };
        let err = stage(&dir, b"before", inputs).unwrap_err();
        assert!(format!("{err:#}").contains("cannot create"), "{err:#}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn clean_up_removes_leftovers_and_moves_other_turns_aside() {
        let dir = temp("clean");
        std::fs::create_dir_all(staging_dir(&dir, 3).join("reports")).unwrap();
        std::fs::create_dir_all(turn_dir(&dir, 3)).unwrap();
        std::fs::write(turn_dir(&dir, 3).join(WORLD_FILE), b"now").unwrap();
        let done = clean_up(&dir, 3, b"now").unwrap();
        assert_eq!(done.len(), 2, "{done:?}");
        assert!(!staging_dir(&dir, 3).exists());
        assert!(!turn_dir(&dir, 3).exists());

        std::fs::create_dir_all(turn_dir(&dir, 3)).unwrap();
        std::fs::write(turn_dir(&dir, 3).join(WORLD_FILE), b"another game").unwrap();
        let done = clean_up(&dir, 3, b"now").unwrap();
        assert!(done[0].contains("3.replaced-1"), "{done:?}");
        assert_eq!(
            std::fs::read(dir.join("turns/3.replaced-1").join(WORLD_FILE)).unwrap(),
            b"another game"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
