//! Files written whole or not at all, and the files a reader should take.
//!
//! Every file a player's mail or a turn leaves behind is written into a
//! hidden temporary file in the same folder, then renamed over the real
//! name (a rename within a folder is atomic). Readers skip hidden files,
//! so a temporary file left by a crash is never read as orders.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

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
