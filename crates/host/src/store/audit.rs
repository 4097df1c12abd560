//! The `audit` table: every game master's action, who and when. Entries
//! are written by the host's controls, in the same transaction as the
//! action; they never hold a password.

use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError, now_ms};

/// One action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: i64,
    pub game: Option<String>,
    pub at: i64,
    /// Who: `gm@host` from the command line, a desk login later.
    pub actor: String,
    /// What: `create`, `pause`, `run`, `rollback`, …
    pub action: String,
    pub detail: String,
}

pub(crate) async fn record(
    c: &mut AnyConnection,
    game: Option<&str>,
    actor: &str,
    action: &str,
    detail: &str,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO audit (game_id, at, actor, action, detail) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(game)
    .bind(now_ms())
    .bind(actor)
    .bind(action)
    .bind(detail)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot write the audit log"))?;
    Ok(())
}

impl Store {
    /// The audit log of `game` (every game when None), oldest first.
    pub async fn audit(&self, game: Option<&str>) -> Result<Vec<AuditEntry>> {
        let rows = sqlx::query(
            "SELECT id, game_id, at, actor, action, detail FROM audit WHERE $1 IS NULL OR game_id = $1 ORDER BY id",
        )
        .bind(game)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the audit log"))?;
        super::decode_all(
            &rows,
            |r| {
                Ok(AuditEntry {
                    id: r.try_get("id")?,
                    game: r.try_get("game_id")?,
                    at: r.try_get("at")?,
                    actor: r.try_get("actor")?,
                    action: r.try_get("action")?,
                    detail: r.try_get("detail")?,
                })
            },
            "cannot read the audit log",
        )
    }
}
