//! The `messages` table: what players wrote to each other, on the web or
//! by mail to a faction's address, kept for the pages of the seat that
//! wrote and the seat written to (`host/messages.rs`).

use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError, now_ms};

/// One message between players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageRow {
    pub id: i64,
    pub game: String,
    pub from_seat: String,
    pub to_seat: String,
    pub subject: String,
    pub body: String,
    /// `web` or `mail`.
    pub via: String,
    /// Written while the game's rules let the game master read it.
    pub gm_reads: bool,
    /// When it was written (ms since 1970).
    pub sent_at: i64,
}

/// How many messages a seat wrote and was written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageCount {
    pub seat: String,
    pub sent: u64,
    pub received: u64,
}

const COLUMNS: &str = "id, game_id, from_seat, to_seat, subject, body, via, gm_reads, sent_at";

fn row(r: &sqlx::any::AnyRow) -> std::result::Result<MessageRow, sqlx::Error> {
    Ok(MessageRow {
        id: r.try_get("id")?,
        game: r.try_get("game_id")?,
        from_seat: r.try_get("from_seat")?,
        to_seat: r.try_get("to_seat")?,
        subject: r.try_get("subject")?,
        body: r.try_get("body")?,
        via: r.try_get("via")?,
        gm_reads: r.try_get::<i64, _>("gm_reads")? != 0,
        sent_at: r.try_get("sent_at")?,
    })
}

/// A message to keep.
pub(crate) struct NewMessage<'a> {
    pub game: &'a str,
    pub from_seat: &'a str,
    pub to_seat: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    pub via: &'a str,
    pub gm_reads: bool,
}

/// Keep a message; its id.
pub(crate) async fn keep_message(c: &mut AnyConnection, m: &NewMessage<'_>) -> Result<i64> {
    let r = sqlx::query(
        "INSERT INTO messages (game_id, from_seat, to_seat, subject, body, via, gm_reads, sent_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(m.game)
    .bind(m.from_seat)
    .bind(m.to_seat)
    .bind(m.subject)
    .bind(m.body)
    .bind(m.via)
    .bind(i64::from(m.gm_reads))
    .bind(now_ms())
    .fetch_one(&mut *c)
    .await
    .map_err(StoreError::db("cannot keep the message"))?;
    r.try_get("id")
        .map_err(StoreError::db("cannot keep the message"))
}

impl Store {
    /// The last `limit` messages `seat` of `game` wrote or was written,
    /// the newest first.
    pub async fn messages_of(&self, game: &str, seat: &str, limit: i64) -> Result<Vec<MessageRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM messages WHERE game_id = $1 AND (to_seat = $2 OR from_seat = $2) \
             ORDER BY sent_at DESC, id DESC LIMIT $3"
        ))
        .bind(game)
        .bind(seat)
        .bind(limit)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the messages"))?;
        super::decode_all(&rows, row, "cannot read the messages")
    }

    /// The last `limit` messages of `game` written while its rules let
    /// the game master read them, the newest first.
    pub async fn messages_for_gm(&self, game: &str, limit: i64) -> Result<Vec<MessageRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM messages WHERE game_id = $1 AND gm_reads = 1 \
             ORDER BY sent_at DESC, id DESC LIMIT $2"
        ))
        .bind(game)
        .bind(limit)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the messages"))?;
        super::decode_all(&rows, row, "cannot read the messages")
    }

    /// How many messages `seat` of `game` wrote since `since` (ms since
    /// 1970).
    pub async fn written_since(&self, game: &str, seat: &str, since: i64) -> Result<u64> {
        let what = "cannot count the messages";
        let r = sqlx::query(
            "SELECT COUNT(*) AS n FROM messages WHERE game_id = $1 AND from_seat = $2 AND sent_at >= $3",
        )
        .bind(game)
        .bind(seat)
        .bind(since)
        .fetch_one(self.pool())
        .await
        .map_err(StoreError::db(what))?;
        let n: i64 = r.try_get("n").map_err(StoreError::db(what))?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// How many messages each seat of `game` wrote and was written since
    /// `since` (ms since 1970; 0: ever), by seat: the volume, never the
    /// words.
    pub async fn message_counts(&self, game: &str, since: i64) -> Result<Vec<MessageCount>> {
        let read = "cannot count the messages";
        let rows = sqlx::query(
            "SELECT from_seat AS seat, CAST(1 AS BIGINT) AS sent, CAST(0 AS BIGINT) AS received FROM messages WHERE game_id = $1 AND sent_at >= $2 \
             UNION ALL \
             SELECT to_seat AS seat, CAST(0 AS BIGINT) AS sent, CAST(1 AS BIGINT) AS received FROM messages WHERE game_id = $1 AND sent_at >= $2",
        )
        .bind(game)
        .bind(since)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db(read))?;
        let mut by: std::collections::BTreeMap<String, MessageCount> = Default::default();
        for r in rows {
            let seat: String = r.try_get("seat").map_err(StoreError::db(read))?;
            let sent: i64 = r.try_get("sent").map_err(StoreError::db(read))?;
            let received: i64 = r.try_get("received").map_err(StoreError::db(read))?;
            let c = by.entry(seat.clone()).or_insert_with(|| MessageCount {
                seat,
                ..MessageCount::default()
            });
            c.sent += u64::from(sent > 0);
            c.received += u64::from(received > 0);
        }
        Ok(by.into_values().collect())
    }
}
