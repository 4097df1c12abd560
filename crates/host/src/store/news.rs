//! What each kept turn gave every player to read, for the game's news
//! feed (`host/news.rs`): its public texts and one seat's report JSON.

use sqlx::Row;

use super::{Result, Store, StoreError};

/// One kept turn's news, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnNews {
    pub turn: u32,
    /// When it ran (milliseconds since 1970).
    pub ran_at: i64,
    /// What every player may read, by name (JSON).
    pub public: String,
    /// One seat's report JSON of it, if any seat's has JSON.
    pub report_json: Option<String>,
}

impl Store {
    /// The last `n` kept turns of `game`, newest first.
    pub async fn turn_news(&self, game: &str, n: i64) -> Result<Vec<TurnNews>> {
        let read = || StoreError::db("cannot read the turns' news");
        let mut c = self.connection().await?;
        let rows = sqlx::query(
            "SELECT t.turn AS turn, t.ran_at AS ran_at, t.public AS public, \
                    (SELECT r.json FROM reports r \
                     WHERE r.game_id = t.game_id AND r.turn = t.turn AND r.attempt = t.attempt \
                       AND r.json IS NOT NULL \
                     ORDER BY r.seat LIMIT 1) AS report_json \
             FROM turns t WHERE t.game_id = $1 AND t.status = 'kept' \
             ORDER BY t.turn DESC LIMIT $2",
        )
        .bind(game)
        .bind(n)
        .fetch_all(&mut *c)
        .await
        .map_err(read())?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let turn: i64 = r.try_get("turn").map_err(read())?;
            out.push(TurnNews {
                turn: u32::try_from(turn).unwrap_or_default(),
                ran_at: r.try_get("ran_at").map_err(read())?,
                public: r.try_get("public").map_err(read())?,
                report_json: r.try_get("report_json").map_err(read())?,
            });
        }
        Ok(out)
    }
}
