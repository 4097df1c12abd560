//! An Overlord game folder as the host keeps it: one call for each of the
//! game master's commands (`umpire overlord new|import|submit|bots|run|
//! rollback|report|show`). The command line only reads its arguments,
//! calls these and prints; the folder's files, its intake
//! ([`crate::intake`]) and its turn ([`crate::folder`]) are the host's.

use std::path::{Path, PathBuf};

use anyhow::Result;
use umpire_overlord::generate::world::WorldParams;
use umpire_overlord::rules::Rules;
use umpire_overlord::world::World;

use crate::overlord::{game_dir, intake, layout, reports, turn};

pub use crate::overlord::game_dir::{Imported, Made, WORLD_FILE, loc_name, rules};
pub use crate::overlord::layout::{faction_file, parse_faction};
pub use crate::overlord::reports::Missing;
pub use crate::overlord::turn::{Ran, RolledBack, RunOptions};
pub use crate::receipt::Submitted;

/// An Overlord game folder (which may hold no game yet).
#[derive(Clone, Debug)]
pub struct Folder {
    dir: PathBuf,
}

/// What the bots wrote.
pub struct Bots {
    /// The turn they wrote orders for.
    pub turn: u32,
    /// Each faction's number and the answer to its orders.
    pub done: Vec<(u32, Submitted)>,
}

impl Folder {
    pub fn at(dir: &Path) -> Folder {
        Folder {
            dir: dir.to_path_buf(),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether it holds a game (its `world.umpire`).
    pub fn holds_game(&self) -> bool {
        self.dir.join(WORLD_FILE).exists()
    }

    /// The game now.
    pub fn world(&self, rules: &Rules) -> Result<World> {
        game_dir::read_world(&self.dir, rules)
    }

    /// Turn `turn` as kept: `turns/N/`.
    pub fn turn_dir(&self, turn: u32) -> PathBuf {
        layout::turn_dir(&self.dir, turn)
    }

    /// Generate a world by `params` and keep it, with the game master's
    /// sheet; a game already here is replaced only with `force`.
    pub fn make(&self, rules: &Rules, params: &WorldParams, force: bool) -> Result<Made> {
        game_dir::make_game(rules, &self.dir, params, force)
    }

    /// Bring in the original engine's game in `source` (`copies` of it side
    /// by side); a game already here is replaced only with `force`.
    pub fn import(
        &self,
        rules: &Rules,
        source: &Path,
        force: bool,
        copies: u32,
    ) -> Result<Imported> {
        game_dir::import(rules, source, &self.dir, force, copies)
    }

    /// Take a player's mail (`name` for the findings).
    pub fn submit(&self, name: &str, bytes: &[u8], color: bool) -> Result<Submitted> {
        let rules = rules()?;
        let world = self.world(&rules)?;
        self.submit_to(&world, name, bytes, color)
    }

    /// [`Folder::submit`] against the game now, `world`, already read
    /// (many mails in a row).
    pub fn submit_to(
        &self,
        world: &World,
        name: &str,
        bytes: &[u8],
        color: bool,
    ) -> Result<Submitted> {
        intake::submit_mail(&self.dir, world, name, bytes, color)
    }

    /// The bots write the coming turn's orders of the player factions
    /// with none yet (or, `all`, of every one), taken as the game
    /// master's mail; `progress` after each faction.
    pub fn bots(&self, all: bool, progress: impl FnMut(usize, usize)) -> Result<Bots> {
        let rules = rules()?;
        let world = self.world(&rules)?;
        let done = intake::bot_orders(&self.dir, &world, &rules, all, progress)?;
        Ok(Bots {
            turn: world.turn + 1,
            done,
        })
    }

    /// Run the next turn, all or nothing.
    pub fn run(&self, options: RunOptions<'_>) -> Result<Ran> {
        turn::run_next(&self.dir, options)
    }

    /// What `run` tells the game master of a turn kept.
    pub fn summary(&self, ran: &Ran) -> String {
        turn::summary(&self.dir, ran)
    }

    /// Take the last turn back.
    pub fn rollback(&self) -> Result<RolledBack> {
        turn::rollback(&self.dir)
    }

    /// Faction `number`'s stored report of `turn` (the last by default),
    /// the text or with `json` the JSON: the turn and the report, or
    /// what is missing.
    pub fn report(
        &self,
        number: u32,
        turn: Option<u32>,
        json: bool,
    ) -> Result<std::result::Result<(u32, String), Missing>> {
        reports::stored_as(&self.dir, number, turn, json)
    }
}
