//! The worlds the load generators share (`host_load`, and the server's
//! `mail_load` and `web_load`, which include this file by path), and the
//! game they are hosted as.
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
use std::sync::Arc;

use umpire_core::ids::TypedId;
use umpire_host::host::{Host, Settings};
use umpire_host::store::Location;
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

/// `world` written as a game folder in a fresh `umpire-TAG-PID` temporary
/// folder and imported as the game `load` (as `umpire host import` does)
/// into `database`, or a new SQLite file there. Returns the host and the
/// folder (remove it when done).
pub async fn hosted(
    world: &World,
    rules: &Rules,
    tag: &str,
    database: Option<&str>,
) -> (Arc<Host>, PathBuf) {
    let dir = std::env::temp_dir().join(format!("umpire-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = write_folder(world, rules, &dir);
    let location = match database {
        Some(url) => Location::parse(url).unwrap(),
        None => Location::sqlite(&dir.join("umpire.db")),
    };
    println!("database: {location}");
    let host = Arc::new(Host::open(&location).await.unwrap());
    if host.store().game("load").await.unwrap().is_some() {
        panic!("the database already holds a game `load`: give an empty one");
    }
    host.import(
        "overlord",
        folder,
        None,
        Settings {
            hold_percent: 100,
            ..Settings::default()
        },
        "load",
    )
    .await
    .unwrap();
    (host, dir)
}
