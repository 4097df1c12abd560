//! One run of a game at a time, across processes.
//!
//! - PostgreSQL: a session advisory lock keyed by the schema and the game,
//!   held on one connection for the run. Two servers sharing the database
//!   and schema cannot both hold it; two installations in other schemas of
//!   one database (advisory locks are database-wide) never block each
//!   other; a server that dies loses its connection and with it the lock.
//! - SQLite: an exclusive lock on a file beside the database
//!   (`DB.run-GAME.lock`), held for the run. The kernel releases it when
//!   the process dies, however it dies.
//!
//! The lock guards the engine's time; the turn's commit checks again that
//! the turn it ran is still the next one, so a turn can never be kept
//! twice even if a lock were lost.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::PathBuf;

use sha2::{Digest, Sha256};
use sqlx::Row;
use sqlx::pool::PoolConnection;

use crate::store::{Backend, Store, StoreError};

/// A held run lock; dropping it releases it.
pub struct RunLock {
    game: String,
    inner: Inner,
}

enum Inner {
    File(#[allow(dead_code)] File),
    Postgres(PoolConnection<sqlx::Any>, i64),
}

/// The advisory lock key of a game.
fn key(game: &str) -> i64 {
    advisory_key(&format!("umpire-run:{game}"))
}

/// A PostgreSQL advisory lock key named by `what` (the first 8 bytes of
/// its SHA-256): the run locks, the site's duties and the schema's update
/// lock all take their keys from here.
pub(crate) fn advisory_key(what: &str) -> i64 {
    let digest = Sha256::digest(what.as_bytes());
    let mut b = [0u8; 8];
    b.copy_from_slice(&digest[..8]);
    i64::from_le_bytes(b)
}

fn lock_file(store: &Store, game: &str) -> Option<PathBuf> {
    let db = store.location().sqlite_path()?;
    let safe: String = game
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let name = format!(
        "{}.run-{safe}.lock",
        db.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    );
    Some(db.with_file_name(name))
}

impl RunLock {
    /// Take the run lock of `game`, or None when another run holds it.
    pub async fn try_take(store: &Store, game: &str) -> Result<Option<RunLock>, StoreError> {
        match store.backend() {
            Backend::Sqlite => {
                let Some(path) = lock_file(store, game) else {
                    return Err(StoreError::Refused(
                        "no file to lock beside the database".into(),
                    ));
                };
                let file = OpenOptions::new()
                    .create(true)
                    .truncate(false)
                    .write(true)
                    .open(&path)
                    .map_err(|e| {
                        StoreError::Open(format!(
                            "cannot open the lock file {}: {e}",
                            path.display()
                        ))
                    })?;
                match file.try_lock() {
                    Ok(()) => Ok(Some(RunLock {
                        game: game.to_string(),
                        inner: Inner::File(file),
                    })),
                    Err(TryLockError::WouldBlock) => Ok(None),
                    Err(TryLockError::Error(e)) => Err(StoreError::Open(format!(
                        "cannot lock {}: {e}",
                        path.display()
                    ))),
                }
            }
            Backend::Postgres => {
                let mut c = store
                    .pool()
                    .acquire()
                    .await
                    .map_err(StoreError::db("cannot reach the database for the run lock"))?;
                let schema: String = sqlx::query("SELECT current_schema()::text AS s")
                    .fetch_one(&mut *c)
                    .await
                    .and_then(|r| r.try_get("s"))
                    .map_err(StoreError::db("cannot take the run lock"))?;
                let k = key(&format!("{schema}/{game}"));
                let r = sqlx::query("SELECT pg_try_advisory_lock($1) AS ok")
                    .bind(k)
                    .fetch_one(&mut *c)
                    .await
                    .map_err(StoreError::db("cannot take the run lock"))?;
                let ok: bool = r
                    .try_get("ok")
                    .map_err(StoreError::db("cannot take the run lock"))?;
                Ok(ok.then(|| RunLock {
                    game: game.to_string(),
                    inner: Inner::Postgres(c, k),
                }))
            }
        }
    }

    /// Let the lock go.
    pub async fn release(self) {
        match self.inner {
            Inner::File(f) => drop(f),
            Inner::Postgres(mut c, k) => {
                let done = sqlx::query("SELECT pg_advisory_unlock($1) AS ok")
                    .bind(k)
                    .fetch_one(&mut *c)
                    .await;
                if let Err(e) = done {
                    // The connection is closed instead: that releases it too.
                    tracing::warn!(game = %self.game, error = %e, "releasing the run lock failed; closing its connection");
                    c.close_on_drop();
                }
            }
        }
    }
}

/// `umpire serve` at work on a SQLite database, across processes: each
/// server holds a shared lock on a file beside the database
/// (`DB.serve.lock`) while it runs; a restore takes it exclusively, so a
/// database is never replaced under a running server, and no server starts
/// while one is being put in place. The kernel releases it when the
/// process dies, however it dies.
pub struct ServeLock {
    _file: File,
}

/// Whether a serve lock could be had.
pub enum Serving {
    Held(ServeLock),
    /// Another process holds it the other way: a server (for a restore),
    /// or a restore (for a server).
    Busy,
}

impl ServeLock {
    /// The lock file of the SQLite database at `db`.
    pub fn path(db: &std::path::Path) -> PathBuf {
        let name = format!(
            "{}.serve.lock",
            db.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        );
        db.with_file_name(name)
    }

    fn open(db: &std::path::Path) -> Result<File, StoreError> {
        let path = ServeLock::path(db);
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            crate::store::make_folder(parent).map_err(|e| {
                StoreError::Open(format!("cannot make the folder {}: {e}", parent.display()))
            })?;
        }
        let opened = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path);
        // Another user's process (a mail pipe) may lock a file it can
        // only read: the lock is the kernel's, not the file's.
        let opened = match opened {
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => File::open(&path),
            other => other,
        };
        opened.map_err(|e| {
            StoreError::Open(format!("cannot open the lock file {}: {e}", path.display()))
        })
    }

    /// A server's lock on the database at `db`: shared with other servers,
    /// refused while a restore holds it.
    pub fn serve(db: &std::path::Path) -> Result<Serving, StoreError> {
        let file = ServeLock::open(db)?;
        match file.try_lock_shared() {
            Ok(()) => Ok(Serving::Held(ServeLock { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(Serving::Busy),
            Err(TryLockError::Error(e)) => Err(StoreError::Open(format!(
                "cannot lock {}: {e}",
                ServeLock::path(db).display()
            ))),
        }
    }

    /// A restore's lock on the database at `db`: nobody else's.
    pub fn restore(db: &std::path::Path) -> Result<Serving, StoreError> {
        let file = ServeLock::open(db)?;
        match file.try_lock() {
            Ok(()) => Ok(Serving::Held(ServeLock { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(Serving::Busy),
            Err(TryLockError::Error(e)) => Err(StoreError::Open(format!(
                "cannot lock {}: {e}",
                ServeLock::path(db).display()
            ))),
        }
    }
}
