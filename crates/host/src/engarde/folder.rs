//! An En Garde! game folder as the host keeps it: one call for each of
//! the game master's commands (`umpire engarde new|submit|check|held|
//! approve|refuse|run|rollback|report|gazette`). The command line only
//! reads its arguments, calls these and prints; the folder's files, its
//! intake ([`crate::intake`]) and its month ([`crate::folder`]) are the
//! host's.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use umpire_core::Diagnostic;
use umpire_core::source::SourceFile;
use umpire_engarde::review::{Fate, Held};
use umpire_engarde::tables::Tables;
use umpire_engarde::world::World;

use crate::engarde::{game_dir, intake};
use crate::files::write_atomic;
use crate::folder::Kept;

pub use crate::engarde::game_dir::slug;
pub use crate::engarde::intake::Taken;

/// Each character's lines held for the game master, with their fates.
pub type HeldLines = Vec<(String, Vec<Held>)>;

/// An En Garde! game folder (which may hold no game yet).
pub struct Folder<'t> {
    dir: PathBuf,
    tables: &'t Tables,
}

impl<'t> Folder<'t> {
    pub fn at(dir: &Path, tables: &'t Tables) -> Folder<'t> {
        Folder {
            dir: dir.to_path_buf(),
            tables,
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The game now.
    pub fn world(&self) -> Result<World> {
        game_dir::read_world(&self.dir)
    }

    /// Everything kept of `month`: `months/N/`.
    pub fn month_dir(&self, month: u32) -> PathBuf {
        game_dir::month_dir(&self.dir, month)
    }

    /// Start the game `world` here: an empty folder, or with `force` a
    /// game folder (its sheets and months are removed).
    pub fn start(&self, world: &World, force: bool) -> Result<()> {
        game_dir::make(&self.dir, world, force)
    }

    /// [`Folder::start`], with each player's first report in
    /// `months/0/reports/`.
    pub fn make(&self, world: &World, force: bool) -> Result<()> {
        self.start(world, force)?;
        for id in world.ids() {
            if world.character(id).is_some_and(|c| !c.npc) {
                write_atomic(
                    &self
                        .month_dir(0)
                        .join("reports")
                        .join(format!("{}.txt", slug(world, id))),
                    umpire_engarde::report::welcome(world, self.tables, id, "").as_bytes(),
                )?;
            }
        }
        Ok(())
    }

    /// Take a player's sheet for the coming month, into the game now,
    /// `world`.
    pub fn submit(&self, world: &World, source: &SourceFile) -> Result<Taken> {
        intake::take_sheet(&self.dir, world, self.tables, source)
    }

    /// What the checker finds in a sheet read against this game, its
    /// password checked.
    pub fn check(&self, source: &SourceFile) -> Result<Vec<Diagnostic>> {
        let world = self.world()?;
        Ok(intake::read(&world, self.tables, source).diagnostics)
    }

    /// The living players with no sheet for the coming month, and that
    /// month.
    pub fn missing_sheets(&self) -> Result<(u32, Vec<String>)> {
        let world = self.world()?;
        Ok((world.month, game_dir::missing_sheets(&self.dir, &world)?))
    }

    /// Run the next month, all or nothing: its number, and what an
    /// earlier run had left that was cleared.
    pub fn run(&self) -> Result<Kept<u32>> {
        game_dir::run(&self.dir, self.tables)
    }

    /// Take the last month back; returns it.
    pub fn rollback(&self) -> Result<u32> {
        game_dir::rollback(&self.dir)
    }

    /// The coming month, and the lines of its sheets held for the game
    /// master, by character, with what was decided of each.
    pub fn held(&self) -> Result<(u32, HeldLines)> {
        let world = self.world()?;
        let held = game_dir::held_lines(&self.dir, &world, self.tables)?;
        Ok((world.month, held))
    }

    /// Approve or refuse line `line` of `character`'s sheet for the coming
    /// month: that month, and the line with its fate.
    pub fn review(&self, character: &str, line: u32, fate: Fate) -> Result<(u32, Held)> {
        let world = self.world()?;
        let held = game_dir::review_line(&self.dir, &world, self.tables, character, line, fate)?;
        Ok((world.month, held))
    }

    /// The last month run.
    pub fn last_month(&self) -> Result<u32> {
        game_dir::last_month(&self.dir)
    }

    /// `character`'s report of `month` (the last run by default), as text
    /// or with `json` as JSON.
    pub fn report(&self, character: &str, month: Option<u32>, json: bool) -> Result<String> {
        let month = match month {
            Some(m) => m,
            None => self.last_month()?,
        };
        let world = game_dir::month_world(&self.dir, month)?;
        let id = world.find_character(character).with_context(|| {
            format!(
                "no character called `{character}` in {}",
                self.dir.display()
            )
        })?;
        let name = slug(&world, id);
        let ext = if json { "json" } else { "txt" };
        let path = self
            .month_dir(month)
            .join("reports")
            .join(format!("{name}.{ext}"));
        std::fs::read_to_string(&path).with_context(|| {
            format!(
                "no report of month {month} for {character} ({})",
                path.display()
            )
        })
    }

    /// The gazette of `month` (the last run by default).
    pub fn gazette(&self, month: Option<u32>) -> Result<String> {
        let month = match month {
            Some(m) => m,
            None => self.last_month()?,
        };
        let path = self.month_dir(month).join("gazette.txt");
        std::fs::read_to_string(&path)
            .with_context(|| format!("no gazette for month {month} ({})", path.display()))
    }
}
