//! The worlds the host's load generators share (`host_load`, and the mail
//! gateway's `mail_load`, which includes this file by path).
//!
//! - `alpha100`: the original engine's sample game (`../shared/reference/
//!   overlord-alpha`, or `UMPIRE_ALPHA_DIR`) replicated 100 times by
//!   `legacy::replicate` and imported: 20,900 locations, 27,500 units,
//!   1,500 factions of which 1,100 players.
//! - `generated`: `generate` on the huge map with 50,000 player factions
//!   (seed 2026): about 20,500 locations and 101,125 units.
//!
//! Every player faction gets the password `pw<number>`; a submission is
//! the faction's order template with it filled in.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use umpire_core::ids::TypedId;
use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
use umpire_overlord::legacy::{self, world::GameFiles};
use umpire_overlord::report::template::template_of;
use umpire_overlord::rules::Rules;
use umpire_overlord::world::faction::hash_password;
use umpire_overlord::world::{Player, World};

pub fn alpha_files() -> GameFiles {
    let dir = std::env::var_os("UMPIRE_ALPHA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| umpire_core::shared::dir().join("reference/overlord-alpha"));
    let files = umpire_host::overlord::game_dir::read_tree(&dir).unwrap();
    assert!(
        !files.is_empty(),
        "the sample game is not at {}",
        dir.display()
    );
    files
}

pub fn world(name: &str, rules: &Rules) -> World {
    let mut w = match name {
        "alpha100" => {
            let x100 = legacy::replicate::replicate(&alpha_files(), 100);
            legacy::world::import(&x100, rules).world
        }
        "generated" => {
            let params = WorldParams {
                game: "bench".into(),
                seed: 2026,
                factions: 50_000,
                size: MapSize::HUGE,
            };
            generate(rules, &params).unwrap().world
        }
        other => panic!("no workload `{other}`: alpha100 or generated"),
    };
    w.game = "load".to_string();
    for f in w
        .factions
        .values_mut()
        .filter(|f| f.player == Player::Human)
    {
        f.password_hash = hash_password(&format!("pw{}", f.number), &f.code());
        f.resigned = false;
    }
    w
}

/// Each player faction's template with its password: (seat, text).
pub fn templates(w: &World) -> Vec<(String, String)> {
    let by_faction = w.units_by_faction();
    w.factions
        .iter()
        .filter(|(_, f)| f.player == Player::Human)
        .map(|(id, f)| {
            let pw = format!("pw{}", f.number);
            (f.code(), template_of(w, id, &pw, &by_faction[id.index()]))
        })
        .collect()
}

/// Write `world` as a game folder in `dir` (what `umpire host import` reads).
pub fn write_folder(world: &World, rules: &Rules, dir: &Path) -> PathBuf {
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("world.umpire"),
        umpire_overlord::save::save(world, rules),
    )
    .unwrap();
    folder
}
