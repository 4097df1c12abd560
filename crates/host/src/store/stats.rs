//! Counts for the server's metrics (`/metrics`), read at each scrape:
//! what the database holds now, so they are right after a restart and
//! with several servers on one database.

use sqlx::Row;

use super::{Result, Store, StoreError};

/// What the database holds now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Submissions (mail, web, API, bots) by source and disposition.
    pub submissions: Vec<(String, String, i64)>,
    /// Outbox messages by status (`waiting`, `sending`, `sent`,
    /// `failed`, …).
    pub outbox: Vec<(String, i64)>,
    /// Addresses whose mail is failing.
    pub failing: i64,
    /// Hosted games.
    pub games: i64,
}

/// The pool's connections: open, and of those idle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolUse {
    pub open: u32,
    pub idle: usize,
    pub max: u32,
}

impl Store {
    /// The counts for the metrics.
    pub async fn stats(&self) -> Result<Stats> {
        let read = StoreError::db;
        let mut c = self.connection().await?;
        let rows = sqlx::query(
            "SELECT source, disposition, COUNT(*) AS n FROM submissions GROUP BY source, disposition ORDER BY source, disposition",
        )
        .fetch_all(&mut *c)
        .await
        .map_err(read("cannot count the submissions"))?;
        let mut s = Stats::default();
        for r in rows {
            s.submissions.push((
                r.try_get("source")
                    .map_err(read("cannot count the submissions"))?,
                r.try_get("disposition")
                    .map_err(read("cannot count the submissions"))?,
                r.try_get("n")
                    .map_err(read("cannot count the submissions"))?,
            ));
        }
        let rows =
            sqlx::query("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status ORDER BY status")
                .fetch_all(&mut *c)
                .await
                .map_err(read("cannot count the outbox"))?;
        for r in rows {
            s.outbox.push((
                r.try_get("status")
                    .map_err(read("cannot count the outbox"))?,
                r.try_get("n").map_err(read("cannot count the outbox"))?,
            ));
        }
        s.failing = sqlx::query("SELECT COUNT(*) AS n FROM failing")
            .fetch_one(&mut *c)
            .await
            .and_then(|r| r.try_get("n"))
            .map_err(read("cannot count the failing addresses"))?;
        s.games = sqlx::query("SELECT COUNT(*) AS n FROM games")
            .fetch_one(&mut *c)
            .await
            .and_then(|r| r.try_get("n"))
            .map_err(read("cannot count the games"))?;
        Ok(s)
    }

    /// How much of the connection pool is in use.
    pub fn pool_use(&self) -> PoolUse {
        PoolUse {
            open: self.pool.size(),
            idle: self.pool.num_idle(),
            max: self.pool.options().get_max_connections(),
        }
    }
}
