//! Where things live in a game directory, and how files are written there.
//!
//! The layout is described in the [`turn`](crate::turn) module and in the
//! README. Every file a player's mail or a turn leaves behind is written
//! whole or not at all: into a hidden temporary file in the same folder,
//! then renamed over the real name (a rename within a folder is atomic).
//! Readers skip hidden files, so a temporary file left by a crash is never
//! read as orders.

use std::io::Write as _;
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

/// Where turn `turn` is written while it runs: `GAME_DIR/turns/N.partial/`.
pub fn staging_dir(dir: &Path, turn: u32) -> PathBuf {
    dir.join("turns").join(format!("{turn}.partial"))
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

/// The files of `folder` a reader should take, sorted by name: no hidden
/// files (temporary files start with a dot), no subfolders. A missing
/// folder has none.
pub fn visible_files(folder: &Path) -> Result<Vec<PathBuf>> {
    if !folder.is_dir() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in
        std::fs::read_dir(folder).with_context(|| format!("cannot list {}", folder.display()))?
    {
        let entry = entry.with_context(|| format!("cannot list {}", folder.display()))?;
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
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
        if let Some(n) = name.to_str().and_then(|n| n.parse::<u32>().ok()) {
            if entry.path().is_dir() {
                turns.push(n);
            }
        }
    }
    turns.sort_unstable();
    Ok(turns)
}

/// The hidden temporary file `path` is first written to.
fn temporary(path: &Path) -> Result<PathBuf> {
    let name = path
        .file_name()
        .with_context(|| format!("{} names no file", path.display()))?;
    Ok(path.with_file_name(format!(".{}.tmp", name.to_string_lossy())))
}

/// Write `bytes` to `path` whole or not at all: into a hidden file beside
/// it, flushed to disk, then renamed over `path`. Creates the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    let tmp = temporary(path)?;
    let mut file =
        std::fs::File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    drop(file);
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// Write `bytes` atomically under a new name in `folder`: `stem-1.txt`,
/// `stem-2.txt`, … the first one free. The name is claimed first (an empty
/// file, which readers find empty), so two writers never take the same
/// one. Returns the path written.
pub fn write_new_numbered(folder: &Path, stem: &str, bytes: &[u8]) -> Result<PathBuf> {
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    for k in 1..=u32::MAX {
        let path = folder.join(format!("{stem}-{k}.txt"));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => {
                write_atomic(&path, bytes)?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                return Err(e).with_context(|| format!("cannot write {}", path.display()));
            }
        }
    }
    anyhow::bail!("{} has no free file name left for {stem}", folder.display())
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
