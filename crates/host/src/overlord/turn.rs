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
//! GAME_DIR/turns/N/events.json            everything that happened in turn N (compact JSON)
//! GAME_DIR/turns/N/reports/fNN.txt        each faction's report of turn N
//! GAME_DIR/turns/N/reports/fNN.json       the same report as compact JSON (docs/overlord-report-schema.md)
//! GAME_DIR/turns/N/templates/fNN.txt      each faction's order template for turn N+1
//! GAME_DIR/turns/N.partial/               turn N while it is being written
//! GAME_DIR/turns/N.replaced-K/            a turn N run from another state of the game
//! GAME_DIR/turns/N.rolled-back-K/         turn N taken back by `rollback`
//! ```
//!
//! A run is all or nothing, by the rule every game folder keeps
//! ([`crate::folder`]). Turn N is written into `turns/N.partial/`,
//! which is renamed to `turns/N/` once complete; only then is
//! `world.umpire` replaced (written beside and renamed). A run that stops
//! part way leaves the old game in place; running again cleans up what it
//! left (`turns/N.partial/`, and a `turns/N/` whose world is the game now,
//! or has none) and repeats the turn, with the same dice: the same orders
//! give the same bytes. A `turns/N/` kept from some other game state (the
//! game master went back to an older world) is moved aside to
//! `turns/N.replaced-K/`, never deleted. While `turns/N.partial/` exists,
//! `submit` refuses orders and articles for turn N (OV-SRV-009).
//! [`rollback`] takes the last turn back to `turns/N.rolled-back-K/`, the
//! game back to the world it was run from; `run` then repeats it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use umpire_overlord::rules::Rules;
use umpire_overlord::save;
use umpire_overlord::turn::log::TurnLog;
use umpire_overlord::world::World;

use super::game_dir::{WORLD_FILE, read_world, rules, rules_and_world};
use super::layout::{self, faction_file, faction_json_file, staging_dir, turn_dir};
use super::play::{FactionReport, Play, Source, Tally, play};
use crate::files;

/// How to run a turn.
pub struct RunOptions<'a> {
    /// The next turn's date for the reports; None reads
    /// `GAME_DIR/next-turn.txt` (and without it the reports leave it blank).
    pub next: Option<String>,
    /// Colour the rendered order errors.
    pub color: bool,
    /// Called as each of the 30 days ends.
    pub on_day: &'a mut dyn FnMut(u8),
    /// Called as each faction's report is written: how many so far, of
    /// how many.
    pub on_report: &'a mut dyn FnMut(usize, usize),
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

/// Clear what an earlier run of `turn` left, by the folder's rule
/// ([`crate::folder::clean_up`]). Returns what was done, for the GM.
#[cfg(test)]
fn clean_up(dir: &Path, turn: u32, before: &[u8]) -> Result<Vec<String>> {
    crate::folder::clean_up(&layout::turns(dir), turn, before)
}

/// Run the next turn of the game in `dir` and keep it, all or nothing
/// ([`crate::folder::run`]).
pub fn run_next(dir: &Path, mut options: RunOptions<'_>) -> Result<Ran> {
    let (rules, world) = rules_and_world(dir)?;
    let before = save::save(&world, &rules);
    let turn = world.turn + 1;
    let next = match options.next.take() {
        Some(n) => n,
        None => next_turn_date(dir)?,
    };
    let stage = |_: &Path| {
        let mut world = world;
        let ran = run_staged(dir, &rules, &mut world, &before, &next, options)?;
        Ok(crate::folder::Staged {
            ran,
            world: save::save(&world, &rules),
        })
    };
    let kept = crate::folder::run(&layout::turns(dir), turn, &before, stage)?;
    let mut ran = kept.ran;
    ran.cleaned = kept.cleaned;
    Ok(ran)
}

/// A turn taken back.
pub struct RolledBack {
    pub game: String,
    pub turn: u32,
    /// Where the turn is kept now: `turns/N.rolled-back-K/`.
    pub kept: PathBuf,
}

/// Take back the last turn run, as the host's `rollback` does: the game
/// goes back to the world the turn was run from, the turn's folder is kept
/// as `turns/N.rolled-back-K/`, and the orders and articles sent for it
/// stand (players may replace them), so `run` runs it again.
pub fn rollback(dir: &Path) -> Result<RolledBack> {
    let rules = rules()?;
    let world = read_world(dir, &rules)?;
    let turn = world.turn;
    if turn == 0 {
        anyhow::bail!(
            "no turn of {} has run yet: there is nothing to roll back",
            world.game
        );
    }
    let opens = |path: &Path, bytes: &[u8]| -> Result<()> {
        save::load(bytes, &rules)
            .map(|_| ())
            .with_context(|| format!("cannot open {}", path.display()))
    };
    let now = std::fs::read(dir.join(WORLD_FILE))
        .with_context(|| format!("cannot read {}", dir.join(WORLD_FILE).display()))?;
    let back = crate::folder::roll_back(&layout::turns(dir), &world.game, turn, &now, opens)?;
    Ok(RolledBack {
        game: world.game,
        turn,
        kept: back.kept,
    })
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
    // Orders: every envelope of every file. Articles come from the order
    // files too, and from press/N/.
    // Orders the game master sent are taken without a password.
    let read = |files: Vec<PathBuf>| -> Result<Vec<(String, Vec<u8>, bool)>> {
        files
            .into_iter()
            .map(|file| {
                let bytes = std::fs::read(&file)
                    .with_context(|| format!("cannot read {}", file.display()))?;
                let checked = layout::game_master_mark(&file).exists();
                Ok((file.display().to_string(), bytes, checked))
            })
            .collect()
    };
    let orders = read(order_files(dir, turn)?)?;
    let press = read(press_files(dir, turn)?)?;
    let (orders, press) = (sources(&orders), sources(&press));

    let staging = staging_dir(dir, turn);
    let write = |path: PathBuf, bytes: &[u8]| -> Result<()> {
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))
    };
    write(staging.join(WORLD_FILE), before)?;
    let reports = staging.join("reports");
    let templates = staging.join("templates");
    for folder in [&reports, &templates] {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
    }
    let mut written = 0;
    let events_path = staging.join("events.json");
    let events_file = std::fs::File::create(&events_path)
        .with_context(|| format!("cannot write {}", events_path.display()))?;
    let mut events = std::io::BufWriter::with_capacity(1 << 20, events_file);
    let played = play(
        world,
        rules,
        Play {
            orders: &orders,
            press: &press,
            next,
            color: options.color,
            // Compact: a third of the bytes of indented JSON, for programs;
            // `umpire overlord report --json` lays it out for people.
            compact_json: true,
            on_day: options.on_day,
            on_report: options.on_report,
            events: &mut events,
        },
        &mut |r: FactionReport| -> Result<()> {
            let name = faction_file(r.number);
            write(reports.join(&name), r.text.as_bytes())?;
            write(reports.join(faction_json_file(r.number)), &r.json)?;
            if let Some(t) = &r.template {
                write(templates.join(&name), t.as_bytes())?;
            }
            written += 1;
            Ok(())
        },
    )?;
    drop(events);
    Ok(Ran {
        game: world.game.clone(),
        turn,
        took: played.took,
        sets: played.sets,
        articles: played.articles,
        errors: played.errors,
        log: played.log,
        kept: turn_dir(dir, turn),
        reports: written,
        cleaned: Vec::new(),
    })
}

/// Files read, as the turn takes them.
fn sources(files: &[(String, Vec<u8>, bool)]) -> Vec<Source<'_>> {
    files
        .iter()
        .map(|(name, bytes, checked)| Source {
            name,
            bytes,
            password_checked: *checked,
        })
        .collect()
}

/// What `run` prints once the turn is kept.
pub fn summary(dir: &Path, ran: &Ran) -> String {
    let mut out = String::new();
    let log = &ran.log;
    let turn = ran.turn;
    let n = Tally::of(log);
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
        n.departed, n.arrived, n.turned_back, n.battles,
    );
    let _ = writeln!(
        out,
        "  order sets refused {}, sections refused {}, orders dropped {}, orders not yet adjudicated {}",
        n.orders_refused, n.sections_refused, n.orders_dropped, n.not_adjudicated,
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
        let rules = rules().unwrap();
        let mut world = World::default();
        // A file where the reports folder should go.
        let staging = staging_dir(&dir, 1);
        std::fs::create_dir_all(&staging).unwrap();
        std::fs::write(staging.join("reports"), b"in the way").unwrap();
        let (mut on_day, mut on_report) = (|_| {}, |_, _| {});
        let options = RunOptions {
            next: None,
            color: false,
            on_day: &mut on_day,
            on_report: &mut on_report,
        };
        let err = run_staged(&dir, &rules, &mut world, b"before", "", options).err();
        let err = format!("{:#}", err.unwrap());
        assert!(err.contains("cannot create"), "{err}");
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
