//! The site's duties that one process does at a time, however many share
//! the database: reading the mailbox, sending the outbox.
//!
//! - PostgreSQL: a session advisory lock keyed by the schema and the duty,
//!   held on a connection of its own for as long as the process does the
//!   duty. A process that stops or dies loses its connection and with it
//!   the duty; another takes it at its next look (every few seconds). Each
//!   look checks that the connection is still there, so a process cut off
//!   from the database stops doing the duty as soon as it finds out.
//! - SQLite: one process uses the file; it always has every duty.
//!
//! Whoever takes a duty over is told so ([`Holding::Taken`]): work the
//! last holder left half done (messages marked as being sent) is its to
//! finish, since no one else can be doing it.

use sqlx::{AnyConnection, Connection as _, Row};

use crate::store::{Backend, Store, StoreError};

/// Whether this process has a duty, as of this look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    /// Another process has it.
    No,
    /// Taken just now: finish what the last holder left half done.
    Taken,
    /// Held since an earlier look.
    Kept,
}

impl Holding {
    pub fn held(self) -> bool {
        self != Holding::No
    }
}

/// One duty, as this process sees it.
pub struct Duty {
    store: Store,
    name: &'static str,
    /// The connection looked with, and whether it holds the lock.
    conn: Option<(AnyConnection, bool)>,
    sqlite_held: bool,
}

impl Duty {
    /// A duty called `name` (`mail-in`, `mail-out`), not held yet.
    pub fn new(store: Store, name: &'static str) -> Duty {
        Duty {
            store,
            name,
            conn: None,
            sqlite_held: false,
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Look: keep the duty if held and the database still knows it, or take
    /// it if no one has it.
    pub async fn look(&mut self) -> Result<Holding, StoreError> {
        if self.store.backend() == Backend::Sqlite {
            let was = std::mem::replace(&mut self.sqlite_held, true);
            return Ok(if was { Holding::Kept } else { Holding::Taken });
        }
        if let Some((c, held)) = self.conn.as_mut() {
            match c.ping().await {
                Ok(()) if *held => return Ok(Holding::Kept),
                Ok(()) => {}
                Err(e) => {
                    if *held {
                        tracing::warn!(duty = self.name, error = %e, "lost the database connection that held this duty; another server may take it");
                    }
                    self.conn = None;
                }
            }
        }
        if self.conn.is_none() {
            let c = self
                .store
                .pool()
                .acquire()
                .await
                .map_err(StoreError::db(format!(
                    "cannot reach the database for the {} duty",
                    self.name
                )))?
                .detach();
            self.conn = Some((c, false));
        }
        let Some((c, held)) = self.conn.as_mut() else {
            return Ok(Holding::No);
        };
        let what = format!("cannot take the {} duty", self.name);
        let schema: String = sqlx::query("SELECT current_schema()::text AS s")
            .fetch_one(&mut *c)
            .await
            .and_then(|r| r.try_get("s"))
            .map_err(StoreError::db(what.clone()))?;
        let ok: bool = sqlx::query("SELECT pg_try_advisory_lock($1) AS ok")
            .bind(key(&schema, self.name))
            .fetch_one(&mut *c)
            .await
            .and_then(|r| r.try_get("ok"))
            .map_err(StoreError::db(what))?;
        *held = ok;
        if ok {
            tracing::info!(duty = self.name, "this server takes the duty");
        }
        Ok(if ok { Holding::Taken } else { Holding::No })
    }

    /// Look, and on a failure to reach the database say so and count the
    /// duty as not held.
    pub async fn holding(&mut self) -> Holding {
        match self.look().await {
            Ok(h) => h,
            Err(e) => {
                tracing::warn!(duty = self.name, error = %e, "cannot tell whether this server has the duty; leaving it for now");
                self.conn = None;
                Holding::No
            }
        }
    }

    /// Give the duty up (when the server stops): another takes it at once.
    pub async fn release(&mut self) {
        if let Some((c, held)) = self.conn.take()
            && held
        {
            // Closing the connection lets the lock go.
            let _ = c.close().await;
        }
        self.sqlite_held = false;
    }
}

/// The advisory lock key of a duty in a schema.
fn key(schema: &str, duty: &str) -> i64 {
    crate::lock::advisory_key(&format!("umpire-duty:{schema}/{duty}"))
}
