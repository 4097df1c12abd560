//! Where things live in an Overlord game directory.
//!
//! The layout is described in the [`turn`](super::turn) module and in the
//! README; files are written through [`crate::files`].

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use umpire_overlord::orders::FactionRef;

/// Orders waiting for turn `turn`: `GAME_DIR/orders/N/`.
pub fn orders_dir(dir: &Path, turn: u32) -> PathBuf {
    dir.join("orders").join(turn.to_string())
}

/// Articles for the newspaper of turn `turn`: `GAME_DIR/press/N/`.
pub fn press_dir(dir: &Path, turn: u32) -> PathBuf {
    dir.join("press").join(turn.to_string())
}

/// Signed articles (`#PRESS`) go in this subfolder of [`press_dir`] …
pub const SIGNED: &str = "signed";
/// … rumours (`#RUMOR`) in this one, so the two are never mixed up.
pub const RUMORS: &str = "rumors";

/// Everything kept of turn `turn` once it has run: `GAME_DIR/turns/N/`.
pub fn turn_dir(dir: &Path, turn: u32) -> PathBuf {
    dir.join("turns").join(turn.to_string())
}

/// The turns of the game in `dir`, kept by the folder's rule
/// ([`crate::folder`]): `GAME_DIR/turns/N/`, each with the world it was
/// run from.
pub fn turns(dir: &Path) -> crate::folder::Turns {
    crate::folder::Turns {
        root: dir.join("turns"),
        before: super::game_dir::WORLD_FILE,
        noun: "turn",
        world: dir.join(super::game_dir::WORLD_FILE),
    }
}

/// Where turn `turn` is written while it runs: `GAME_DIR/turns/N.partial/`.
pub fn staging_dir(dir: &Path, turn: u32) -> PathBuf {
    dir.join("turns").join(format!("{turn}.partial"))
}

/// `orders/N/.f05.txt.game-master` beside `orders/N/f05.txt`: present
/// while that file holds orders the game master sent (their own mail,
/// `umpire overlord bots`), which the turn takes without checking the
/// faction's password. A player's own orders for the turn remove it.
pub fn game_master_mark(order_file: &Path) -> PathBuf {
    let name = order_file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    order_file.with_file_name(format!(".{name}.game-master"))
}

/// `f05.txt`: the file name of faction `number`'s orders, report or
/// template.
pub fn faction_file(number: u32) -> String {
    format!("{}.txt", FactionRef::Player(number))
}

/// `f05.json`: the file name of faction `number`'s JSON report.
pub fn faction_json_file(number: u32) -> String {
    format!("{}.json", FactionRef::Player(number))
}

/// The faction number in a file name written by [`faction_file`].
pub fn faction_of_file(name: &str) -> Option<u32> {
    let stem = name.strip_suffix(".txt")?;
    stem.strip_prefix('f')?.parse().ok()
}

/// A faction as a game master types it: `f5`, `F05`, `5` (or `np5`).
pub fn parse_faction(s: &str) -> Option<u32> {
    let t = s.trim();
    let lower = t.to_ascii_lowercase();
    let digits = lower
        .strip_prefix("np")
        .or_else(|| lower.strip_prefix('f'))
        .unwrap_or(&lower);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The turns whose folders `GAME_DIR/turns/N/` exist, in order.
pub fn turns_run(dir: &Path) -> Result<Vec<u32>> {
    let folder = dir.join("turns");
    if !folder.is_dir() {
        return Ok(Vec::new());
    }
    let mut turns = Vec::new();
    for entry in
        std::fs::read_dir(&folder).with_context(|| format!("cannot list {}", folder.display()))?
    {
        let entry = entry.with_context(|| format!("cannot list {}", folder.display()))?;
        let name = entry.file_name();
        if let Some(n) = name.to_str().and_then(|n| n.parse::<u32>().ok())
            && entry.path().is_dir()
        {
            turns.push(n);
        }
    }
    turns.sort_unstable();
    Ok(turns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factions_are_read_as_game_masters_type_them() {
        assert_eq!(parse_faction("f5"), Some(5));
        assert_eq!(parse_faction("F05"), Some(5));
        assert_eq!(parse_faction("5"), Some(5));
        assert_eq!(parse_faction("np3"), Some(3));
        assert_eq!(parse_faction("f"), None);
        assert_eq!(parse_faction("five"), None);
        assert_eq!(parse_faction("f-1"), None);
        assert_eq!(faction_file(5), "f05.txt");
        assert_eq!(faction_file(123), "f123.txt");
        assert_eq!(faction_json_file(5), "f05.json");
        assert_eq!(faction_of_file("f05.json"), None);
        assert_eq!(faction_of_file("f05.txt"), Some(5));
        assert_eq!(faction_of_file(".f05.txt.tmp"), None);
    }
}
