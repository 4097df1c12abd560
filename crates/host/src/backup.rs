//! Backups that restore, of a SQLite database.
//!
//! - [`take`] writes a consistent copy while the server runs (SQLite's
//!   `VACUUM INTO` reads one snapshot; writers go on meanwhile), into a
//!   hidden file beside the destination, synced and renamed, readable by
//!   its owner only; then checks the copy as a restore would.
//! - [`examine`] checks a copy: a SQLite file, whole (`PRAGMA
//!   integrity_check`), Umpire's, and of a schema this program knows.
//! - [`restore`] puts a copy in place of a database: refused while a server
//!   uses it ([`crate::lock::ServeLock`]); the database it replaces is kept
//!   beside it, never deleted, and the answer says what was replaced.
//! - [`Policy`]: the automatic backups of `umpire serve` (`[backup]`): one
//!   before every turn and one a day, the newest `keep` of each kind kept.
//!
//! PostgreSQL is backed up with its own tools (`pg_dump`, `pg_restore`;
//! the README gives the commands): `take` says so.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, SystemTime};

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row, SqliteConnection};

use crate::lock::{ServeLock, Serving};
use crate::store::{Backend, Location, Result, Store, StoreError, migrate};

/// What a copy holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The schema's version.
    pub schema: i64,
    /// Each game: name, kind, turns run.
    pub games: Vec<(String, String, u32)>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "schema version {}; ", self.schema)?;
        match self.games.len() {
            0 => return write!(f, "no games"),
            1 => write!(f, "1 game: ")?,
            n => write!(f, "{n} games: ")?,
        }
        for (i, (name, kind, turn)) in self.games.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{name} ({kind}) after turn {turn}")?;
        }
        Ok(())
    }
}

/// A copy written.
#[derive(Clone, Debug)]
pub struct Copy {
    pub path: PathBuf,
    pub bytes: u64,
    pub summary: Summary,
}

fn io(what: String) -> impl FnOnce(std::io::Error) -> StoreError {
    move |e| StoreError::Open(format!("{what}: {e}"))
}

/// Take a consistent copy of `store`'s database into `to`, which must not
/// exist yet.
pub async fn take(store: &Store, to: &Path) -> Result<Copy> {
    if store.backend() == Backend::Postgres {
        return Err(StoreError::Refused(format!(
            "{} is a PostgreSQL database: back it up with PostgreSQL's own tools, `pg_dump --format=custom --file=FILE` (the README's \"Backups\" gives the commands, and how to restore with pg_restore)",
            store.location()
        )));
    }
    if to.exists() {
        return Err(StoreError::Refused(format!(
            "{} is there already: a backup never overwrites a file; name another",
            to.display()
        )));
    }
    let folder = to
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    crate::store::make_folder(folder)
        .map_err(io(format!("cannot make the folder {}", folder.display())))?;
    let name = to
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "backup".to_string());
    let partial = folder.join(format!(".{name}.partial"));
    let _ = std::fs::remove_file(&partial);
    // Made empty and the owner's only first: VACUUM INTO fills an empty file.
    owner_only_new(&partial)?;
    let target = partial.to_string_lossy().into_owned();
    let written = sqlx::query("VACUUM INTO $1")
        .bind(&target)
        .execute(store.pool())
        .await;
    if let Err(e) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(StoreError::Database {
            what: format!("cannot copy the database into {}", to.display()),
            source: e,
        });
    }
    let synced = std::fs::File::open(&partial).and_then(|f| f.sync_all());
    if let Err(e) = synced {
        let _ = std::fs::remove_file(&partial);
        return Err(io(format!("cannot sync {}", partial.display()))(e));
    }
    let summary = match examine(&partial).await {
        Ok(s) => s,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(StoreError::Open(format!(
                "the copy failed its check, and was not kept: {e}"
            )));
        }
    };
    std::fs::rename(&partial, to).map_err(io(format!("cannot name the copy {}", to.display())))?;
    if let Ok(dir) = std::fs::File::open(folder) {
        let _ = dir.sync_all();
    }
    let bytes = std::fs::metadata(to).map(|m| m.len()).unwrap_or(0);
    Ok(Copy {
        path: to.to_path_buf(),
        bytes,
        summary,
    })
}

/// Make `path`, empty, readable and writable by its owner only.
fn owner_only_new(path: &Path) -> Result<()> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    o.open(path)
        .map(|_| ())
        .map_err(io(format!("cannot make {}", path.display())))
}

/// Open a SQLite file to read only.
async fn read_only(path: &Path) -> Result<SqliteConnection> {
    crate::store::check_sqlite_header(path)?;
    if !path.is_file() {
        return Err(StoreError::Open(format!(
            "{} is not a file",
            path.display()
        )));
    }
    SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))
        .map_err(|e| StoreError::Open(format!("{}: {e}", path.display())))?
        .read_only(true)
        .connect()
        .await
        .map_err(|e| {
            StoreError::Open(format!(
                "{} cannot be opened as a SQLite database: {e}",
                path.display()
            ))
        })
}

/// Check a copy as a restore needs it: a whole SQLite database of
/// Umpire's, of a schema this program knows; and say what it holds.
pub async fn examine(path: &Path) -> Result<Summary> {
    let mut c = read_only(path).await?;
    let result = examine_on(&mut c, path).await;
    let _ = c.close().await;
    result
}

async fn examine_on(c: &mut SqliteConnection, path: &Path) -> Result<Summary> {
    let shown = path.display();
    let checks = sqlx::query("PRAGMA integrity_check")
        .fetch_all(&mut *c)
        .await
        .map_err(|e| {
            StoreError::Open(format!(
                "{shown} is not a SQLite database, or it is damaged: {e}"
            ))
        })?;
    let problems: Vec<String> = checks
        .iter()
        .filter_map(|r| r.try_get::<String, _>(0).ok())
        .filter(|s| s != "ok")
        .collect();
    if !problems.is_empty() {
        return Err(StoreError::Refused(format!(
            "{shown} is damaged (SQLite's integrity check: {})",
            problems
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    let versions = sqlx::query("SELECT version FROM umpire_schema ORDER BY version")
        .fetch_all(&mut *c)
        .await
        .map_err(|_| {
            StoreError::Refused(format!(
                "{shown} is not an Umpire database (it has no record of Umpire's schema)"
            ))
        })?;
    let schema = versions
        .last()
        .and_then(|r| r.try_get::<i64, _>(0).ok())
        .unwrap_or(0);
    if schema > migrate::latest() {
        return Err(StoreError::Refused(format!(
            "{shown} was made by a newer Umpire (schema version {schema}; this one knows up to {}); restore it with that version, or a later one",
            migrate::latest()
        )));
    }
    let rows = sqlx::query("SELECT id, kind, turn FROM games ORDER BY id")
        .fetch_all(&mut *c)
        .await
        .map_err(|e| StoreError::Refused(format!("{shown}: its games cannot be read: {e}")))?;
    let mut games = Vec::new();
    for r in rows {
        let id: String = r.try_get("id").unwrap_or_default();
        let kind: String = r.try_get("kind").unwrap_or_default();
        let turn: i64 = r.try_get("turn").unwrap_or_default();
        games.push((id, kind, u32::try_from(turn).unwrap_or(0)));
    }
    Ok(Summary { schema, games })
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// The database now in place.
    pub database: PathBuf,
    /// What it holds.
    pub summary: Summary,
    /// The database it replaced, if there was one: where it is kept now,
    /// and what it held (or why that could not be read).
    pub replaced: Option<(PathBuf, std::result::Result<Summary, String>)>,
}

impl fmt::Display for Restored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} is now the copy: {}.",
            self.database.display(),
            self.summary
        )?;
        match &self.replaced {
            None => writeln!(f, "There was no database there before."),
            Some((kept, Ok(s))) => writeln!(
                f,
                "It replaced a database with {s}; that one is kept as {}.",
                kept.display()
            ),
            Some((kept, Err(why))) => writeln!(
                f,
                "It replaced a database that could not be read ({why}); that one is kept as {}.",
                kept.display()
            ),
        }
    }
}

/// Put the copy `from` in place of the SQLite database at `location`.
pub async fn restore(from: &Path, location: &Location) -> Result<Restored> {
    let Some(db) = location.sqlite_path() else {
        return Err(StoreError::Refused(format!(
            "{location} is a PostgreSQL database: restore it with pg_restore (the README's \"Backups\" gives the commands)"
        )));
    };
    let summary = examine(from).await?;
    let lock = match ServeLock::restore(&db)? {
        Serving::Held(l) => l,
        Serving::Busy => {
            return Err(StoreError::Refused(format!(
                "umpire serve is using {}: stop it first (`systemctl stop umpire`, or Ctrl-C), then restore; nothing was changed",
                db.display()
            )));
        }
    };
    let replaced = if db.exists() {
        // Its log folded in first, so that the file kept is whole alone.
        let before = checkpoint(&db).await;
        let stamp = stamp(jiff::Timestamp::now());
        let kept = with_suffix(&db, &format!(".replaced-{stamp}"));
        std::fs::rename(&db, &kept).map_err(io(format!("cannot move {} aside", db.display())))?;
        for tail in ["-wal", "-shm"] {
            let side = with_suffix(&db, tail);
            if side.exists() {
                std::fs::rename(&side, with_suffix(&kept, tail))
                    .map_err(io(format!("cannot move {} aside", side.display())))?;
            }
        }
        Some((kept, before))
    } else {
        None
    };
    let folder = db
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    crate::store::make_folder(folder)
        .map_err(io(format!("cannot make the folder {}", folder.display())))?;
    let partial = with_suffix(&db, ".restoring");
    let _ = std::fs::remove_file(&partial);
    owner_only_new(&partial)?;
    std::fs::copy(from, &partial).map_err(io(format!(
        "cannot copy {} into {}",
        from.display(),
        partial.display()
    )))?;
    std::fs::File::open(&partial)
        .and_then(|f| f.sync_all())
        .map_err(io(format!("cannot sync {}", partial.display())))?;
    std::fs::rename(&partial, &db).map_err(io(format!(
        "cannot put the copy in place as {}",
        db.display()
    )))?;
    if let Ok(dir) = std::fs::File::open(folder) {
        let _ = dir.sync_all();
    }
    // Opened as a server would open it: an older schema is brought up to
    // date now, and anything wrong is said now rather than at the start.
    let store = Store::open(location).await?;
    store.close().await;
    drop(lock);
    Ok(Restored {
        database: db,
        summary,
        replaced,
    })
}

/// Fold a database's write-ahead log into it, and say what it holds.
async fn checkpoint(db: &Path) -> std::result::Result<Summary, String> {
    let opts = SqliteConnectOptions::from_str(&format!("sqlite://{}", db.display()))
        .map_err(|e| e.to_string())?;
    let mut c = opts.connect().await.map_err(|e| e.to_string())?;
    let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut c)
        .await;
    let s = examine_on(&mut c, db).await.map_err(|e| e.to_string());
    let _ = c.close().await;
    s
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// A time as it goes in a backup's name: sorts as it reads.
fn stamp(t: jiff::Timestamp) -> String {
    let z = jiff::tz::TimeZone::UTC.to_datetime(t);
    format!(
        "{}-{:03}",
        z.strftime("%Y%m%d-%H%M%S"),
        t.subsec_millisecond()
    )
}

/// The automatic backups of `umpire serve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Where they go.
    pub dir: PathBuf,
    /// How many of each kind (before a turn; daily) are kept.
    pub keep: usize,
}

/// One day.
const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// A name's characters that may stand in a file name.
fn safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

impl Policy {
    /// The file of a backup of this kind, taken now.
    pub fn file(&self, label: &str) -> PathBuf {
        self.dir.join(format!(
            "umpire-{}-{}.db",
            stamp(jiff::Timestamp::now()),
            label
        ))
    }

    /// The label of the backup taken before `game`'s turn `turn` runs.
    pub fn before_turn(game: &str, turn: u32) -> String {
        format!("before-{}-turn-{turn}", safe(game))
    }

    /// Take the backup before `game`'s turn `turn`, and keep the newest
    /// `keep` of them.
    pub async fn before(&self, store: &Store, game: &str, turn: u32) -> Result<Copy> {
        let copy = take(store, &self.file(&Policy::before_turn(game, turn))).await?;
        self.prune(|n| n.contains("-before-"))?;
        Ok(copy)
    }

    /// Take the day's backup if none was taken in the last day; keep the
    /// newest `keep`.
    pub async fn daily(&self, store: &Store) -> Result<Option<Copy>> {
        let now = SystemTime::now();
        let recent = self
            .list(|n| n.ends_with("-daily.db"))?
            .into_iter()
            .any(|p| {
                std::fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| now.duration_since(t).ok())
                    .is_some_and(|age| age < DAY)
            });
        if recent {
            return Ok(None);
        }
        let copy = take(store, &self.file("daily")).await?;
        self.prune(|n| n.ends_with("-daily.db"))?;
        Ok(Some(copy))
    }

    /// The backups in the folder whose names pass `kind`, oldest first.
    pub fn list(&self, kind: impl Fn(&str) -> bool) -> Result<Vec<PathBuf>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io(format!("cannot read {}", self.dir.display()))(e)),
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("umpire-") && n.ends_with(".db") && kind(n))
            })
            .collect();
        found.sort();
        Ok(found)
    }

    /// Delete all but the newest `keep` backups of a kind.
    fn prune(&self, kind: impl Fn(&str) -> bool) -> Result<()> {
        let all = self.list(kind)?;
        let extra = all.len().saturating_sub(self.keep.max(1));
        for old in &all[..extra] {
            if let Err(e) = std::fs::remove_file(old) {
                tracing::warn!(file = %old.display(), error = %e, "an old backup could not be deleted");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_as_times_and_say_what_they_are() {
        let a = stamp(jiff::Timestamp::from_millisecond(1_700_000_000_005).unwrap());
        let b = stamp(jiff::Timestamp::from_millisecond(1_700_000_000_120).unwrap());
        assert_eq!(a, "20231114-221320-005");
        assert!(a < b);
        assert_eq!(
            Policy::before_turn("west march/1", 4),
            "before-west_march_1-turn-4"
        );
    }

    #[test]
    fn a_summary_reads_as_a_sentence() {
        let s = Summary {
            schema: 6,
            games: vec![
                ("westmarch".into(), "overlord".into(), 3),
                ("paris".into(), "engarde".into(), 2),
            ],
        };
        assert_eq!(
            s.to_string(),
            "schema version 6; 2 games: westmarch (overlord) after turn 3, paris (engarde) after turn 2"
        );
    }
}
