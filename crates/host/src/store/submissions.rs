//! The `submissions`, `orders` and `articles` tables: every message a
//! player sent (stored raw before anything is done with it), and what was
//! kept of it for each turn.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError, now_ms};

/// A message as received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubmissionRow {
    pub id: i64,
    pub game: Option<String>,
    /// `mail`, `web`, `api`, `cli`, `gm`, `bot`.
    pub source: String,
    /// The sender's address, when it came by mail.
    pub sender: Option<String>,
    /// The mail's Message-ID, which makes a second delivery a no-op.
    pub message_id: Option<String>,
    pub received_at: i64,
    pub raw: Vec<u8>,
    /// `received` (not processed yet), `answered` or `failed`.
    pub disposition: String,
    /// The answer sent back, once processed.
    pub answer: Option<String>,
    /// The address it was delivered to (a mail's envelope recipient).
    pub envelope_to: Option<String>,
    /// What was read of it: a mail's text as the checker saw it.
    pub text: Option<String>,
    /// When it was answered (ms since 1970).
    pub answered_at: Option<i64>,
}

fn row(r: &AnyRow) -> std::result::Result<SubmissionRow, sqlx::Error> {
    Ok(SubmissionRow {
        id: r.try_get("id")?,
        game: r.try_get("game_id")?,
        source: r.try_get("source")?,
        sender: r.try_get("sender")?,
        message_id: r.try_get("message_id")?,
        received_at: r.try_get("received_at")?,
        raw: r.try_get("raw")?,
        disposition: r.try_get("disposition")?,
        answer: r.try_get("answer")?,
        envelope_to: r.try_get("envelope_to")?,
        text: r.try_get("text")?,
        answered_at: r.try_get("answered_at")?,
    })
}

const COLUMNS: &str = "id, game_id, source, sender, message_id, received_at, raw, disposition, answer, envelope_to, text, answered_at";

/// A message to store.
pub struct Incoming<'a> {
    pub game: Option<&'a str>,
    pub source: &'a str,
    pub sender: Option<&'a str>,
    pub message_id: Option<&'a str>,
    /// The address it was delivered to, when known.
    pub envelope_to: Option<&'a str>,
    pub raw: &'a [u8],
}

/// Orders kept for a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrdersRow {
    pub seat: String,
    pub text: String,
    pub new_password_hash: Option<String>,
    pub submission: i64,
    pub received_at: i64,
}

impl Store {
    /// Store a message as received, before anything is done with it.
    /// Returns its row; a message whose Message-ID was stored before is
    /// not stored again, and its first row is returned.
    pub async fn receive(&self, m: &Incoming<'_>) -> Result<(SubmissionRow, bool)> {
        if let Some(id) = m.message_id
            && let Some(old) = self.submission_by_message_id(id).await?
        {
            return Ok((old, false));
        }
        let r = sqlx::query(sql!(
            "INSERT INTO submissions (game_id, source, sender, message_id, received_at, raw, disposition, envelope_to)
             VALUES ($1, $2, $3, $4, $5, $6, 'received', $7)
             ON CONFLICT (message_id) DO NOTHING
             RETURNING {COLUMNS}"
        ))
        .bind(m.game)
        .bind(m.source)
        .bind(m.sender)
        .bind(m.message_id)
        .bind(now_ms())
        .bind(m.raw)
        .bind(m.envelope_to)
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot store the message"))?;
        match r {
            Some(r) => Ok((
                row(&r).map_err(StoreError::db("cannot store the message"))?,
                true,
            )),
            // Stored meanwhile by another delivery of the same message.
            None => match m.message_id {
                Some(id) => self
                    .submission_by_message_id(id)
                    .await?
                    .map(|s| (s, false))
                    .ok_or_else(|| StoreError::Refused("the message vanished".to_string())),
                None => Err(StoreError::Refused(
                    "the message was not stored".to_string(),
                )),
            },
        }
    }

    async fn submission_by_message_id(&self, id: &str) -> Result<Option<SubmissionRow>> {
        let r = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM submissions WHERE message_id = $1"
        ))
        .bind(id)
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot read the messages"))?;
        super::decode_one(r, row, "cannot read the messages")
    }

    /// One message.
    pub async fn submission(&self, id: i64) -> Result<Option<SubmissionRow>> {
        let r = sqlx::query(sql!("SELECT {COLUMNS} FROM submissions WHERE id = $1"))
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db("cannot read the messages"))?;
        super::decode_one(r, row, "cannot read the messages")
    }

    /// Messages of `game` (all when None), newest first, at most `limit`.
    pub async fn submissions(&self, game: Option<&str>, limit: i64) -> Result<Vec<SubmissionRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM submissions WHERE $1 IS NULL OR game_id = $1 ORDER BY id DESC LIMIT $2"
        ))
        .bind(game)
        .bind(limit)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the messages"))?;
        super::decode_all(&rows, row, "cannot read the messages")
    }

    /// Messages stored but not yet answered (a crash came between), oldest
    /// first.
    pub async fn unanswered(&self) -> Result<Vec<SubmissionRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM submissions WHERE disposition = 'received' ORDER BY id"
        ))
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the messages"))?;
        super::decode_all(&rows, row, "cannot read the messages")
    }

    /// The seats with orders kept for `turn`.
    pub async fn seats_with_orders(&self, game: &str, turn: u32) -> Result<Vec<String>> {
        let rows =
            sqlx::query("SELECT seat FROM orders WHERE game_id = $1 AND turn = $2 ORDER BY seat")
                .bind(game)
                .bind(i64::from(turn))
                .fetch_all(self.pool())
                .await
                .map_err(StoreError::db("cannot read the orders"))?;
        super::decode_all(&rows, |r| r.try_get("seat"), "cannot read the orders")
    }

    /// The orders kept for `seat` and `turn`.
    pub async fn orders_of(&self, game: &str, turn: u32, seat: &str) -> Result<Option<OrdersRow>> {
        let rows = {
            let mut c = self
                .pool()
                .acquire()
                .await
                .map_err(StoreError::db("cannot reach the database"))?;
            orders_for(&mut c, game, turn).await?
        };
        Ok(rows.into_iter().find(|o| o.seat == seat))
    }
}

/// Take a received message for processing: false when another process
/// took it first (it is answered, or being answered, elsewhere).
pub(crate) async fn claim(c: &mut AnyConnection, id: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE submissions SET disposition = 'answering' WHERE id = $1 AND disposition = 'received'",
    )
    .bind(id)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot take the message"))?;
    Ok(done.rows_affected() == 1)
}

/// Keep what was read of a message.
pub(crate) async fn keep_text(c: &mut AnyConnection, id: i64, text: &str) -> Result<()> {
    sqlx::query("UPDATE submissions SET text = $2 WHERE id = $1")
        .bind(id)
        .bind(super::text(text))
        .execute(&mut *c)
        .await
        .map_err(StoreError::db("cannot keep the message's text"))?;
    Ok(())
}

/// Record what became of a message.
pub(crate) async fn answer(
    c: &mut AnyConnection,
    id: i64,
    game: Option<&str>,
    disposition: &str,
    answer: &str,
) -> Result<()> {
    sqlx::query(
        "UPDATE submissions SET disposition = $2, answer = $3, answered_at = $4, game_id = COALESCE(game_id, $5) WHERE id = $1",
    )
    .bind(id)
    .bind(disposition)
    .bind(super::text(answer))
    .bind(now_ms())
    .bind(game)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot record the answer"))?;
    Ok(())
}

/// What became of orders kept for a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The first the seat sent for the turn.
    New,
    /// They replace orders received before them.
    Replacing,
    /// Orders received after them are kept already (two messages read in
    /// another order than they arrived): these are not.
    Superseded,
}

/// Keep `text` as `seat`'s orders for `turn`, unless orders received
/// after it (a later submission) are kept already: the one received last
/// wins, whatever order they are read in (OV-SRV-010).
pub(crate) async fn keep_orders(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    seat: &str,
    submission: i64,
    text: &str,
    new_password_hash: Option<&str>,
) -> Result<Kept> {
    let before = sqlx::query(
        "SELECT submission_id FROM orders WHERE game_id = $1 AND turn = $2 AND seat = $3",
    )
    .bind(game)
    .bind(i64::from(turn))
    .bind(seat)
    .fetch_optional(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the orders"))?;
    let before: Option<i64> = before
        .map(|r| r.try_get("submission_id"))
        .transpose()
        .map_err(StoreError::db("cannot read the orders"))?;
    if before.is_some_and(|b| b > submission) {
        return Ok(Kept::Superseded);
    }
    sqlx::query(
        "INSERT INTO orders (game_id, turn, seat, submission_id, text, new_password_hash, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (game_id, turn, seat) DO UPDATE SET submission_id = $4, text = $5, new_password_hash = $6, received_at = $7",
    )
    .bind(game)
    .bind(i64::from(turn))
    .bind(seat)
    .bind(submission)
    .bind(super::text(text))
    .bind(new_password_hash)
    .bind(now_ms())
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot keep the orders"))?;
    Ok(if before.is_some() {
        Kept::Replacing
    } else {
        Kept::New
    })
}

/// Every seat's orders kept for `turn`, in the order received.
pub(crate) async fn orders_for(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
) -> Result<Vec<OrdersRow>> {
    let rows = sqlx::query(
        "SELECT seat, text, new_password_hash, submission_id, received_at FROM orders WHERE game_id = $1 AND turn = $2 ORDER BY received_at, seat",
    )
    .bind(game)
    .bind(i64::from(turn))
    .fetch_all(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the orders"))?;
    super::decode_all(
        &rows,
        |r| {
            Ok(OrdersRow {
                seat: r.try_get("seat")?,
                text: r.try_get("text")?,
                new_password_hash: r.try_get("new_password_hash")?,
                submission: r.try_get("submission_id")?,
                received_at: r.try_get("received_at")?,
            })
        },
        "cannot read the orders",
    )
}

/// Keep an article for the newspaper of `turn`.
pub(crate) async fn keep_article(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    seat: &str,
    signed: bool,
    text: &str,
    submission: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO articles (game_id, turn, seat, signed, text, submission_id) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(game)
    .bind(i64::from(turn))
    .bind(seat)
    .bind(i64::from(signed))
    .bind(super::text(text))
    .bind(submission)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot keep the article"))?;
    Ok(())
}

/// Every article kept for `turn`: seat, signed, text; in the order received.
pub(crate) async fn articles_for(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
) -> Result<Vec<(String, bool, String)>> {
    let rows = sqlx::query(
        "SELECT seat, signed, text FROM articles WHERE game_id = $1 AND turn = $2 ORDER BY id",
    )
    .bind(game)
    .bind(i64::from(turn))
    .fetch_all(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the articles"))?;
    super::decode_all(
        &rows,
        |r| {
            Ok((
                r.try_get("seat")?,
                r.try_get::<i64, _>("signed")? != 0,
                r.try_get("text")?,
            ))
        },
        "cannot read the articles",
    )
}
