//! En Garde! games in a game folder: the world file, a player's sheet and
//! the month (`umpire engarde new|submit|run|report|gazette`).
//!
//! A game folder holds:
//!
//! ```text
//! DIR/world.json                 the game between months
//! DIR/orders/N/<character>.txt   the sheets accepted for month N (a later one replaces an earlier)
//! DIR/months/N/reports/<character>.txt and .json   each player's month
//! DIR/months/N/gazette.txt       the public gazette
//! DIR/months/N/events.json       every event of the month
//! DIR/months/N/world-before.json the world the month was run from
//! DIR/months/N/world-after.json  the world it left (world.json, until the next month)
//! DIR/months/N.rolled-back-K/    a month taken back by `rollback`, kept as it was
//! DIR/months/N.replaced-K/       a month N run from another state of the game, moved aside
//! DIR/reviews/N.json             the game master's decisions on lines held in month N's sheets
//! ```
//!
//! A month is kept by the rule every game folder keeps ([`crate::folder`]):
//! written into `months/N.partial/`, renamed to `months/N/`, and only then
//! is `world.json` replaced; a month that crashed half-way is run again
//! from the same world and orders, with the same dice, and a `months/N/`
//! run from another state of the game is moved aside, never deleted. Every month
//! keeps the world before and after it, so a month can be rolled back and
//! run again, and its reports are read with the world they were written
//! from even when `world.json` is damaged.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use umpire_core::source::{SourceFile, decode_text};
use umpire_engarde::mail;
use umpire_engarde::report;
use umpire_engarde::review::{self, Decision, Fate, Held};
use umpire_engarde::tables::Tables;
use umpire_engarde::world::{CharacterId, World};

use crate::files::{visible_files, write_atomic};

/// A sheet is taken through the host's intake (`super::intake`).
pub use super::intake::{Taken, take_sheet};

/// The world's file in a game folder.
pub const WORLD_FILE: &str = "world.json";

/// Start a game in `dir` with `world`: an empty folder, or with `force`
/// a game folder (its orders, months and upgraded passwords are removed).
/// The passwords `world` keeps in clear are kept hashed.
pub fn make(dir: &Path, world: &World, force: bool) -> Result<()> {
    if dir.join(WORLD_FILE).exists() {
        if !force {
            bail!(
                "{} already holds a game; add --force to replace it",
                dir.display()
            );
        }
        for sub in ["orders", "months"] {
            let p = dir.join(sub);
            if p.exists() {
                std::fs::remove_dir_all(&p)
                    .with_context(|| format!("cannot remove {}", p.display()))?;
            }
        }
        let upgraded = dir.join(crate::folder::passwords::FILE);
        if upgraded.exists() {
            std::fs::remove_file(&upgraded)
                .with_context(|| format!("cannot remove {}", upgraded.display()))?;
        }
    } else if dir.is_dir()
        && std::fs::read_dir(dir)
            .map(|mut d| d.next().is_some())
            .unwrap_or(false)
    {
        bail!(
            "{} is not empty and holds no game; choose an empty folder",
            dir.display()
        );
    }
    write_world(dir, &hashed(world)?)
}

/// `world` with every password it keeps in clear hashed (argon2id): a
/// folder's world never keeps a password anyone can read.
fn hashed(world: &World) -> Result<World> {
    use crate::password::{Secret, Stored, hash};
    let mut world = world.clone();
    for c in &mut world.characters {
        if let Stored::Clear(clear) = Stored::in_folder(&c.password) {
            c.password = hash(&Secret::new(clear))?;
        }
    }
    Ok(world)
}

/// Write the world, whole or not at all.
pub fn write_world(dir: &Path, world: &World) -> Result<()> {
    let json = serde_json::to_vec_pretty(world)?;
    write_atomic(&dir.join(WORLD_FILE), &json)
}

/// Read a game's world.
pub fn read_world(dir: &Path) -> Result<World> {
    let path = dir.join(WORLD_FILE);
    let bytes = std::fs::read(&path).with_context(|| {
        format!(
            "no En Garde! game in {} (cannot read {})",
            dir.display(),
            path.display()
        )
    })?;
    serde_json::from_slice(&bytes).with_context(|| format!("{} is damaged", path.display()))
}

/// A file name for a character: lower case, words joined by '-'.
pub fn slug(world: &World, id: CharacterId) -> String {
    let name = world
        .character(id)
        .map_or_else(|| format!("c{}", id.raw()), |c| c.name.clone());
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let s = s
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if s.is_empty() {
        format!("c{}", id.raw())
    } else {
        s
    }
}

/// The sheets kept for `month`.
pub fn orders_dir(dir: &Path, month: u32) -> PathBuf {
    dir.join("orders").join(month.to_string())
}

/// Everything kept of `month` once it has run.
pub fn month_dir(dir: &Path, month: u32) -> PathBuf {
    dir.join("months").join(month.to_string())
}

/// Where `month` is written while it runs: `months/N.partial/`.
pub fn month_staging(dir: &Path, month: u32) -> PathBuf {
    dir.join("months").join(format!("{month}.partial"))
}

/// A month's world as it was before it ran, and as it left it.
pub const WORLD_BEFORE: &str = "world-before.json";
pub const WORLD_AFTER: &str = "world-after.json";

/// The last month run: by the world, or, when `world.json` cannot be read,
/// by the months kept.
pub fn last_month(dir: &Path) -> Result<u32> {
    let last = match read_world(dir) {
        Ok(world) => world.month.checked_sub(1).filter(|&m| m >= 1),
        Err(_) => months_kept(dir)?.last().copied(),
    };
    match last {
        Some(m) => Ok(m),
        None => bail!("no month has been run yet in {}", dir.display()),
    }
}

/// The months run and kept (`months/N/`), in order.
pub fn months_kept(dir: &Path) -> Result<Vec<u32>> {
    let root = dir.join("months");
    if !root.exists() {
        return Ok(Vec::new());
    }
    let mut months: Vec<u32> = std::fs::read_dir(&root)
        .with_context(|| format!("cannot read {}", root.display()))?
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    months.sort_unstable();
    Ok(months)
}

/// The world `month`'s reports were written from (the world before it),
/// else the current world (a game run before months kept their worlds).
pub fn month_world(dir: &Path, month: u32) -> Result<World> {
    let path = month_dir(dir, month).join(WORLD_BEFORE);
    match std::fs::read(&path) {
        Ok(bytes) => {
            serde_json::from_slice(&bytes).with_context(|| format!("{} is damaged", path.display()))
        }
        Err(_) => read_world(dir),
    }
}

/// The living players' characters with no sheet kept for the coming month.
pub fn missing_sheets(dir: &Path, world: &World) -> Result<Vec<String>> {
    let kept: Vec<PathBuf> = visible_files(&orders_dir(dir, world.month))?;
    Ok(world
        .ids()
        .filter(|&id| world.character(id).is_some_and(|c| !c.npc && c.is_alive()))
        .filter(|&id| {
            let file = format!("{}.txt", slug(world, id));
            !kept
                .iter()
                .any(|p| p.file_name().and_then(|f| f.to_str()) == Some(file.as_str()))
        })
        .filter_map(|id| world.character(id).map(|c| c.name.clone()))
        .collect())
}

/// The months of the game in `dir`, kept by the folder's rule
/// ([`crate::folder`]): `months/N/`, each with the world it was run from.
pub fn months(dir: &Path) -> crate::folder::Turns {
    crate::folder::Turns {
        root: dir.join("months"),
        before: WORLD_BEFORE,
        noun: "month",
        world: dir.join(WORLD_FILE),
    }
}

/// Take back the last month run: the world goes back to what it was
/// before it, the month's folder is kept as `months/N.rolled-back-K/`, and
/// the sheets sent for it stand (players may replace them). Returns the
/// month taken back.
pub fn rollback(dir: &Path) -> Result<u32> {
    let month = last_month(dir)?;
    let opens = |path: &Path, bytes: &[u8]| -> Result<()> {
        serde_json::from_slice::<World>(bytes)
            .map(|_| ())
            .with_context(|| format!("{} is damaged", path.display()))
    };
    let path = dir.join(WORLD_FILE);
    let now = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let game = dir.display().to_string();
    crate::folder::roll_back(&months(dir), &game, month, &now, opens)?;
    Ok(month)
}

/// The game master's decisions on held lines for `month`.
fn reviews_path(dir: &Path, month: u32) -> PathBuf {
    dir.join("reviews").join(format!("{month}.json"))
}

fn read_reviews(dir: &Path, month: u32) -> Result<Vec<Decision>> {
    let path = reviews_path(dir, month);
    match std::fs::read(&path) {
        Ok(bytes) => {
            serde_json::from_slice(&bytes).with_context(|| format!("{} is damaged", path.display()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// The sheets kept for the coming month, by file name.
fn kept_sheets(dir: &Path, month: u32) -> Result<Vec<SourceFile>> {
    let mut out = Vec::new();
    for path in visible_files(&orders_dir(dir, month))? {
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let (text, _) = decode_text(&bytes);
        out.push(SourceFile::new(
            path.display().to_string(),
            text.into_owned(),
        ));
    }
    Ok(out)
}

/// The sheets kept for the coming month that name a character of the
/// game, read against the world.
fn read_kept(dir: &Path, world: &World, tables: &Tables) -> Result<Vec<(CharacterId, mail::Read)>> {
    let reader = super::intake::Sheets::new(world, tables);
    Ok(kept_sheets(dir, world.month)?
        .iter()
        .map(|source| reader.read(source))
        .filter_map(|read| Some((read.character?, read)))
        .collect())
}

/// A sheet's held lines: (line, text).
fn held_of(read: &mail::Read) -> Vec<(u32, String)> {
    read.sheet
        .for_gm
        .iter()
        .map(|h| (h.line, h.value.clone()))
        .collect()
}

/// Every line held for the game master in the coming month's sheets, by
/// character, with what was decided of it so far.
pub fn held_lines(dir: &Path, world: &World, tables: &Tables) -> Result<Vec<(String, Vec<Held>)>> {
    let decisions = read_reviews(dir, world.month)?;
    let mut out = Vec::new();
    for (id, read) in read_kept(dir, world, tables)? {
        let name = world
            .character(id)
            .map_or_else(String::new, |c| c.name.clone());
        let held = review::fates(&name, &held_of(&read), &decisions);
        if !held.is_empty() {
            out.push((name, held));
        }
    }
    Ok(out)
}

/// The game master approves or refuses line `line` of `character`'s sheet
/// for the coming month; the player's report will say so.
pub fn review_line(
    dir: &Path,
    world: &World,
    tables: &Tables,
    character: &str,
    line: u32,
    fate: Fate,
) -> Result<Held> {
    let Some(id) = world.find_character(character) else {
        bail!("no character called `{character}` in {}", dir.display());
    };
    let name = world
        .character(id)
        .map_or_else(String::new, |c| c.name.clone());
    let Some((_, read)) = read_kept(dir, world, tables)?
        .into_iter()
        .find(|(c, _)| *c == id)
    else {
        bail!("{name} has no sheet for month {}", world.month);
    };
    let lines = held_of(&read);
    let Some((_, text)) = lines.iter().find(|(l, _)| *l == line) else {
        let held: Vec<String> = lines.iter().map(|(l, _)| l.to_string()).collect();
        bail!(
            "line {line} of {name}'s sheet is not held for the game master{}",
            if held.is_empty() {
                "; none of its lines is".to_string()
            } else {
                format!("; the held lines are {}", held.join(", "))
            }
        );
    };
    let mut decisions = read_reviews(dir, world.month)?;
    decisions.push(Decision {
        character: name,
        line,
        text: text.clone(),
        fate: fate.clone(),
    });
    write_atomic(
        &reviews_path(dir, world.month),
        &serde_json::to_vec_pretty(&decisions)?,
    )?;
    Ok(Held {
        line,
        text: text.clone(),
        fate,
    })
}

/// Run the next month; returns its number.
pub fn run_next(dir: &Path, tables: &Tables) -> Result<u32> {
    Ok(run(dir, tables)?.ran)
}

/// Run the next month, all or nothing ([`crate::folder::run`]): its
/// number, and what an earlier run had left that was cleared.
pub fn run(dir: &Path, tables: &Tables) -> Result<crate::folder::Kept<u32>> {
    let world = read_world(dir)?;
    let month = world.month;
    let before = serde_json::to_vec_pretty(&world)?;
    let decisions = read_reviews(dir, month)?;
    // Orders with errors are left out, as `submit` told.
    let played = super::play::play(&world, tables, &kept_sheets(dir, month)?, |_, _| {
        decisions.clone()
    });
    let stage = |staging: &Path| {
        write_month(staging, &world, tables, &played, &before)?;
        Ok(crate::folder::Staged {
            ran: (),
            world: serde_json::to_vec_pretty(&played.outcome.world)?,
        })
    };
    let kept = crate::folder::run(&months(dir), month, &before, stage)?;
    Ok(crate::folder::Kept {
        ran: month,
        cleaned: kept.cleaned,
    })
}

/// Write a month played into `staging`: each player's report, the
/// worlds before and after it, the gazette and the events.
fn write_month(
    staging: &Path,
    world: &World,
    tables: &Tables,
    played: &super::play::Played,
    before: &[u8],
) -> Result<()> {
    let outcome = &played.outcome;
    let players: Vec<CharacterId> = world
        .ids()
        .filter(|&id| world.character(id).is_some_and(|c| !c.npc && c.is_alive()))
        .collect();
    let reports = report::Reports::new(world, outcome, tables);
    for &id in &players {
        if let Some(r) = reports.player(id) {
            let name = slug(world, id);
            let pages = played.pages(id, &r, "", Vec::new())?;
            write_atomic(
                &staging.join("reports").join(format!("{name}.txt")),
                pages.text.as_bytes(),
            )?;
            write_atomic(
                &staging.join("reports").join(format!("{name}.json")),
                &serde_json::to_vec_pretty(&pages.json)?,
            )?;
        }
    }
    write_atomic(&staging.join(WORLD_BEFORE), before)?;
    write_atomic(
        &staging.join(WORLD_AFTER),
        &serde_json::to_vec_pretty(&outcome.world)?,
    )?;
    write_atomic(&staging.join("gazette.txt"), reports.gazette().as_bytes())?;
    write_atomic(
        &staging.join("events.json"),
        &serde_json::to_vec_pretty(&outcome.events)?,
    )?;
    Ok(())
}
