//! Overlord game directories: the world file, new games and imports.
//!
//! A game directory holds `world.umpire` (the saved state, see
//! `umpire_overlord::save`); after `new`, `factions.txt` (the game
//! master's sheet with passwords); after an import, `import-notes.txt`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use umpire_overlord::generate::world::{Generated, WorldParams};
use umpire_overlord::rules::Rules;
use umpire_overlord::world::{LocationId, World};
use umpire_overlord::{generate, legacy, save};

pub const WORLD_FILE: &str = "world.umpire";

pub fn rules() -> Result<Rules> {
    Rules::bundled().map_err(|e| anyhow::anyhow!("the bundled rules do not load:\n{e}"))
}

/// Every file below `root`, by its path relative to it.
pub fn read_tree(root: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) -> Result<()> {
        let entries = std::fs::read_dir(dir)
            .with_context(|| format!("cannot read the folder {}", dir.display()))?;
        for entry in entries {
            let path = entry?.path();
            if path.is_dir() {
                walk(root, &path, out)?;
            } else {
                let rel = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                let bytes = std::fs::read(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                out.insert(rel, bytes);
            }
        }
        Ok(())
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out)?;
    Ok(out)
}

/// Write the world into a game directory, refusing to replace one unless
/// `force`.
pub fn write_world(dir: &Path, world: &World, rules: &Rules, force: bool) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(WORLD_FILE);
    if path.exists() && !force {
        bail!(
            "{} already holds a game ({}); pass --force to replace it",
            dir.display(),
            WORLD_FILE
        );
    }
    let bytes = save::save(world, rules);
    // Write beside and rename, so a crash never leaves half a save.
    crate::files::write_atomic(&path, &bytes)?;
    Ok(path)
}

pub fn read_world(dir: &Path, rules: &Rules) -> Result<World> {
    let path = dir.join(WORLD_FILE);
    let bytes = read_world_file(&path)?;
    save::load(&bytes, rules).with_context(|| format!("cannot open {}", path.display()))
}

/// The bundled rules and the game in `dir`, as [`rules`] and
/// [`read_world`] give them; the world is read and decoded while the rules
/// load on a second thread, since a turn waits for both. A fault in the
/// rules is told before any in the game.
pub fn rules_and_world(dir: &Path) -> Result<(Rules, World)> {
    let path = dir.join(WORLD_FILE);
    let (rules, decoded) = std::thread::scope(|s| {
        let loading = s.spawn(rules);
        let decoded = read_world_file(&path).and_then(|bytes| {
            save::decode(&bytes).with_context(|| format!("cannot open {}", path.display()))
        });
        let rules = loading
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (rules, decoded)
    });
    let rules = rules?;
    let world = decoded?
        .with_rules(&rules)
        .with_context(|| format!("cannot open {}", path.display()))?;
    Ok((rules, world))
}

fn read_world_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| {
        format!(
            "cannot read {} (make a game with `umpire overlord new` or `umpire overlord import`)",
            path.display()
        )
    })
}

/// A new game made in `dir`: the world saved and the game master's sheet
/// written beside it. Refuses to replace a game unless `force`.
pub struct Made {
    pub generated: Generated,
    pub world_path: PathBuf,
    pub sheet_path: PathBuf,
    /// Seconds the world took to generate.
    pub elapsed: f64,
}

/// Generate a world by `params` and save it, with its sheet, in `dir`.
pub fn make_game(rules: &Rules, dir: &Path, params: &WorldParams, force: bool) -> Result<Made> {
    if dir.join(WORLD_FILE).exists() && !force {
        bail!(
            "{} already holds a game ({WORLD_FILE}); pass --force to replace it",
            dir.display()
        );
    }
    let started = std::time::Instant::now();
    let made = generate::world::generate(rules, params)?;
    let elapsed = started.elapsed().as_secs_f64();
    let world_path = write_world(dir, &made.world, rules, force)?;
    let sheet_path = dir.join("factions.txt");
    crate::files::write_atomic(&sheet_path, faction_sheet(&made, params, rules).as_bytes())?;
    let breaches = made.world.check();
    if !breaches.is_empty() {
        bail!(
            "the generated world breaks {} invariant(s), first: {}",
            breaches.len(),
            breaches[0]
        );
    }
    Ok(Made {
        generated: made,
        world_path,
        sheet_path,
        elapsed,
    })
}

/// The game master's sheet: one line per faction.
fn faction_sheet(made: &Generated, params: &WorldParams, rules: &Rules) -> String {
    let w = &made.world;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Factions of game `{}` (seed {}, {} map), made by `umpire overlord new`.",
        w.game, params.seed, params.size
    );
    let _ = writeln!(
        s,
        "# Keep this file private: it holds every faction's password."
    );
    let _ = writeln!(s, "#");
    let _ = writeln!(
        s,
        "# {:<7} {:<12} {:<12} {:<11} {:<22} {:<28} skills",
        "faction", "password", "name", "leader", "start", "enters at"
    );
    for p in &made.players {
        let city = p.location.map_or(String::new(), |l| loc_name(w, l));
        let skills: Vec<String> = p
            .skills
            .iter()
            .map(|t| {
                rules
                    .skill(t)
                    .and_then(|id| rules.skills.get(id))
                    .map_or(t.clone(), |sk| format!("{} [{t}]", sk.name))
            })
            .collect();
        let _ = writeln!(
            s,
            "f{:<8} {:<12} {:<12} {:<11} {:<22} {:<28} {}",
            p.number,
            p.password,
            p.name,
            p.leader.map_or("npc".to_string(), |l| l.to_string()),
            p.start.map_or(String::new(), |t| t.to_string()),
            city,
            skills.join(", ")
        );
    }
    s
}

/// A game of the original engine brought into a game directory.
pub struct Imported {
    pub world: World,
    pub world_path: PathBuf,
    /// What could not be mapped exactly, one line each (also written to
    /// `import-notes.txt`).
    pub notes: Vec<String>,
    pub notes_path: PathBuf,
    /// Seconds the import took.
    pub elapsed: f64,
    /// Invariants the imported world breaks; empty when it is sound.
    pub breaches: Vec<String>,
}

/// Read the original engine's game in `source` (its `*.dat` files and
/// players' folders) into the world format.
pub fn import_world(rules: &Rules, source: &Path) -> Result<legacy::world::Imported> {
    import_copies(rules, source, 1)
}

/// [`import_world`] of `copies` disjoint copies of the game side by side
/// (`legacy::replicate`: copy k's ids and map columns shifted), for
/// workloads of a known shape at any scale; 1 is the game as it is.
pub fn import_copies(rules: &Rules, source: &Path, copies: u32) -> Result<legacy::world::Imported> {
    if copies == 0 {
        bail!("--copies must be at least 1");
    }
    if !source.join("units.dat").exists() && !source.join("locations.dat").exists() {
        bail!(
            "{} does not look like an original Overlord game (no units.dat or locations.dat)",
            source.display()
        );
    }
    let files = read_tree(source)?;
    if copies == 1 {
        return Ok(legacy::world::import(&files, rules));
    }
    let files = legacy::replicate::replicate(&files, copies);
    Ok(legacy::world::import(&files, rules))
}

/// Import the original engine's game in `source` into the game directory
/// `dir` (`copies` of it side by side, see [`import_copies`]), refusing to
/// replace a game unless `force`.
pub fn import(
    rules: &Rules,
    source: &Path,
    dir: &Path,
    force: bool,
    copies: u32,
) -> Result<Imported> {
    let started = std::time::Instant::now();
    let im = import_copies(rules, source, copies)?;
    let elapsed = started.elapsed().as_secs_f64();
    let world_path = write_world(dir, &im.world, rules, force)?;
    let mut notes = String::new();
    for n in &im.notes {
        let _ = writeln!(notes, "{n}");
    }
    let notes_path = dir.join("import-notes.txt");
    crate::files::write_atomic(&notes_path, notes.as_bytes())?;
    let breaches = im.world.check().iter().map(ToString::to_string).collect();
    Ok(Imported {
        world: im.world,
        world_path,
        notes: im.notes.iter().map(ToString::to_string).collect(),
        notes_path,
        elapsed,
        breaches,
    })
}

/// A location as the game master reads it: `Norgate [L438]`.
pub fn loc_name(w: &World, id: LocationId) -> String {
    let l = &w.locations[id];
    format!(
        "{} [{}]",
        if l.name.is_empty() {
            "unnamed"
        } else {
            &l.name
        },
        l.code()
    )
}

#[cfg(test)]
mod tests {
    use umpire_overlord::generate::world::MapSize;

    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "umpire-game-dir-unit-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn message(e: &anyhow::Error) -> String {
        format!("{e:#}")
    }

    /// The rules and the game read side by side are those read one after
    /// the other.
    #[test]
    fn rules_and_world_are_those_read_one_after_the_other() {
        let dir = temp("same");
        let rules = rules().unwrap();
        let params = WorldParams {
            game: "side-by-side".into(),
            seed: 3,
            factions: 4,
            size: MapSize::SMALL,
        };
        make_game(&rules, &dir, &params, false).unwrap();
        let one_by_one = read_world(&dir, &rules).unwrap();
        let (rules2, world) = rules_and_world(&dir).unwrap();
        // A save names the rules' tables it was made with.
        assert_eq!(save::save(&world, &rules2), save::save(&one_by_one, &rules));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A game folder without a game, or with a damaged one, says so as
    /// reading the world alone does.
    #[test]
    fn a_missing_or_damaged_world_is_told_as_read_world_tells_it() {
        let dir = temp("faults");
        let rules = rules().unwrap();
        let missing = message(&rules_and_world(&dir).unwrap_err());
        assert_eq!(missing, message(&read_world(&dir, &rules).unwrap_err()));
        assert!(missing.contains("cannot read"), "{missing}");
        assert!(missing.contains("umpire overlord new"), "{missing}");
        std::fs::write(dir.join(WORLD_FILE), b"not a world at all").unwrap();
        let damaged = message(&rules_and_world(&dir).unwrap_err());
        assert_eq!(damaged, message(&read_world(&dir, &rules).unwrap_err()));
        assert!(damaged.starts_with("cannot open"), "{damaged}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
