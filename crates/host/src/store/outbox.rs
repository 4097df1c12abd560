//! The `outbox` table: every message the host means to send (answers,
//! reports, reminders, warnings, notices to the game master), queued in
//! the same transaction as what caused it, and what became of it. The
//! mail gateway sends from here; nothing is sent from anywhere else.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError, now_ms};

/// A message to queue.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outgoing {
    pub game: Option<String>,
    pub seat: Option<String>,
    /// `answer`, `report`, `reminder`, `warning`, `notice`, `gm`,
    /// `password`; or `webhook`, a call of the game's webhook, not a mail.
    pub kind: String,
    /// Empty when the seat has no address: the message is kept, marked
    /// `no-address`, for the game master to see.
    pub to: String,
    pub subject: String,
    /// The words before the report, when one follows (see `report`).
    pub body: String,
    /// The seat's report of this turn and attempt follows the body, with
    /// what every player may read and the order template; kept once in
    /// `reports`, not copied into every message.
    pub report: Option<(u32, i64)>,
    /// The Message-ID it answers, for a threaded reply.
    pub in_reply_to: Option<String>,
    /// The thread's Message-IDs, space-separated.
    pub references: Option<String>,
    /// Where replies should go (a relayed message's way back).
    pub reply_to: Option<String>,
    /// The name it is sent under (`f5 via spring`), instead of the
    /// server's.
    pub sender_name: Option<String>,
    /// The run of a turn that queued it (turn, attempt): rolling that run
    /// back withdraws it if it has not been sent.
    pub run: Option<(u32, i64)>,
}

impl Outgoing {
    /// The subject as the game master's lists show it: a message between
    /// players is its writer's words, so its subject is not shown.
    pub fn shown_subject(&self) -> &str {
        if self.kind == "relay" {
            "(a message between players)"
        } else {
            &self.subject
        }
    }
}

/// Who sends a message of the outbox: the mail sender (SMTP), or the
/// webhook sender (an HTTP POST of a `webhook` call).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    Mail,
    Webhooks,
}

/// A message in the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    pub id: i64,
    pub message: Outgoing,
    pub created_at: i64,
    /// `waiting`, `sending`, `sent`, `failed`, `no-address`, or
    /// `withdrawn` (its turn was rolled back before it was sent).
    pub status: String,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub sent_at: Option<i64>,
}

fn row(r: &AnyRow) -> std::result::Result<OutboxRow, sqlx::Error> {
    Ok(OutboxRow {
        id: r.try_get("id")?,
        message: Outgoing {
            game: r.try_get("game_id")?,
            seat: r.try_get("seat")?,
            kind: r.try_get("kind")?,
            to: r.try_get("to_address")?,
            subject: r.try_get("subject")?,
            body: r.try_get("body")?,
            report: match (
                r.try_get::<Option<i64>, _>("report_turn")?,
                r.try_get::<Option<i64>, _>("report_attempt")?,
            ) {
                (Some(t), Some(a)) => Some((u32::try_from(t).unwrap_or(u32::MAX), a)),
                _ => None,
            },
            in_reply_to: r.try_get("in_reply_to")?,
            references: r.try_get("reference_ids")?,
            reply_to: r.try_get("reply_to")?,
            sender_name: r.try_get("sender_name")?,
            run: match (
                r.try_get::<Option<i64>, _>("run_turn")?,
                r.try_get::<Option<i64>, _>("run_attempt")?,
            ) {
                (Some(t), Some(a)) => Some((u32::try_from(t).unwrap_or(u32::MAX), a)),
                _ => None,
            },
        },
        created_at: r.try_get("created_at")?,
        status: r.try_get("status")?,
        attempts: r.try_get("attempts")?,
        last_error: r.try_get("last_error")?,
        sent_at: r.try_get("sent_at")?,
    })
}

const COLUMNS: &str = "id, game_id, seat, kind, to_address, subject, body, report_turn, report_attempt, in_reply_to, reference_ids, reply_to, sender_name, run_turn, run_attempt, created_at, status, attempts, last_error, sent_at";

/// Queue a message.
pub(crate) async fn queue(c: &mut AnyConnection, m: &Outgoing) -> Result<()> {
    let status = if m.to.trim().is_empty() {
        "no-address"
    } else {
        "waiting"
    };
    sqlx::query(
        "INSERT INTO outbox (game_id, seat, kind, to_address, subject, body, in_reply_to, created_at, status, report_turn, report_attempt, reference_ids, reply_to, sender_name, run_turn, run_attempt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(m.game.as_deref())
    .bind(m.seat.as_deref())
    .bind(&m.kind)
    .bind(&m.to)
    .bind(super::text(&m.subject))
    .bind(super::text(&m.body))
    .bind(m.in_reply_to.as_deref())
    .bind(now_ms())
    .bind(status)
    .bind(m.report.map(|(t, _)| i64::from(t)))
    .bind(m.report.map(|(_, a)| a))
    .bind(m.references.as_deref())
    .bind(m.reply_to.as_deref())
    .bind(m.sender_name.as_deref())
    .bind(m.run.map(|(t, _)| i64::from(t)))
    .bind(m.run.map(|(_, a)| a))
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot queue a message"))?;
    Ok(())
}

/// Withdraw what the run `(turn, attempt)` of `game` queued and has not
/// sent (waiting, or kept for want of an address): it will never go.
/// Returns every message that run queued, as it stands after.
pub(crate) async fn withdraw_run(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    attempt: i64,
) -> Result<Vec<OutboxRow>> {
    sqlx::query(
        "UPDATE outbox SET status = 'withdrawn' WHERE game_id = $1 AND run_turn = $2 AND run_attempt = $3 AND status IN ('waiting', 'no-address')",
    )
    .bind(game)
    .bind(i64::from(turn))
    .bind(attempt)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot withdraw the turn's mail"))?;
    of_run(c, game, turn, attempt).await
}

/// Withdraw the mail waiting for `seat` of `game` that goes to another
/// address than `keep` (its player has gone: what was written for them
/// is not the newcomer's to read, nor theirs any longer); how many.
pub(crate) async fn withdraw_seat_mail(
    c: &mut AnyConnection,
    game: &str,
    seat: &str,
    keep: &str,
) -> Result<u64> {
    let done = sqlx::query(
        "UPDATE outbox SET status = 'withdrawn' WHERE game_id = $1 AND seat = $2 AND to_address <> $3 AND status IN ('waiting', 'no-address')",
    )
    .bind(game)
    .bind(seat)
    .bind(keep)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot withdraw the seat's mail"))?;
    Ok(done.rows_affected())
}

/// The mail the run `(turn, attempt)` of `game` queued, oldest first.
async fn of_run(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    attempt: i64,
) -> Result<Vec<OutboxRow>> {
    let rows = sqlx::query(sql!(
        "SELECT {COLUMNS} FROM outbox WHERE game_id = $1 AND run_turn = $2 AND run_attempt = $3 ORDER BY id"
    ))
    .bind(game)
    .bind(i64::from(turn))
    .bind(attempt)
    .fetch_all(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the turn's mail"))?;
    super::decode_all(&rows, row, "cannot read the turn's mail")
}

impl Store {
    /// The mail the run `(turn, attempt)` of `game` queued, oldest first.
    pub async fn outbox_of_run(
        &self,
        game: &str,
        turn: u32,
        attempt: i64,
    ) -> Result<Vec<OutboxRow>> {
        let mut c = self.connection().await?;
        of_run(&mut c, game, turn, attempt).await
    }

    /// The outbox of `game` (every game when None), oldest first; only
    /// messages of `status` when given.
    pub async fn outbox(&self, game: Option<&str>, status: Option<&str>) -> Result<Vec<OutboxRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM outbox WHERE ($1 IS NULL OR game_id = $1) AND ($2 IS NULL OR status = $2) ORDER BY id"
        ))
        .bind(game)
        .bind(status)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the outbox"))?;
        super::decode_all(&rows, row, "cannot read the outbox")
    }

    /// What `channel` sends whose time has come, oldest first: the mail
    /// sender's messages, or the webhook sender's calls (kind `webhook`:
    /// `to` is the address called, `body` the JSON posted).
    pub async fn due(&self, channel: Channel, now: i64, limit: i64) -> Result<Vec<OutboxRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM outbox WHERE status = 'waiting' AND (CASE WHEN kind = 'webhook' THEN 1 ELSE 0 END) = $3 AND (next_attempt_at IS NULL OR next_attempt_at <= $1) ORDER BY id LIMIT $2"
        ))
        .bind(now)
        .bind(limit)
        .bind(i64::from(channel == Channel::Webhooks))
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the outbox"))?;
        super::decode_all(&rows, row, "cannot read the outbox")
    }

    /// The last `n` messages of `kind` in `game`'s outbox, newest first.
    pub async fn latest_of_kind(&self, game: &str, kind: &str, n: i64) -> Result<Vec<OutboxRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM outbox WHERE game_id = $1 AND kind = $2 ORDER BY id DESC LIMIT $3"
        ))
        .bind(game)
        .bind(kind)
        .bind(n)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the outbox"))?;
        super::decode_all(&rows, row, "cannot read the outbox")
    }

    /// Take a waiting message to send it: false when another sender took
    /// it first.
    pub async fn take_to_send(&self, id: i64) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE outbox SET status = 'sending' WHERE id = $1 AND status = 'waiting'",
        )
        .bind(id)
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot update the outbox"))?;
        Ok(done.rows_affected() == 1)
    }

    /// Messages a sender took and never finished (it stopped): waiting
    /// again. A stop between the relay's acceptance and this record is the
    /// one moment a message can go twice; it goes with the same
    /// Message-ID.
    ///
    /// Mail and webhook calls are sent by different duties, so each
    /// takes back only its own `channel`'s.
    pub async fn requeue_sending(&self, channel: Channel) -> Result<u64> {
        let done = sqlx::query(
            "UPDATE outbox SET status = 'waiting' WHERE status = 'sending' AND (CASE WHEN kind = 'webhook' THEN 1 ELSE 0 END) = $1",
        )
        .bind(i64::from(channel == Channel::Webhooks))
            .execute(self.pool())
            .await
            .map_err(StoreError::db("cannot update the outbox"))?;
        Ok(done.rows_affected())
    }

    /// Record that a message was sent.
    pub async fn mark_sent(&self, id: i64) -> Result<()> {
        sqlx::query("UPDATE outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1")
            .bind(id)
            .bind(now_ms())
            .execute(self.pool())
            .await
            .map_err(StoreError::db("cannot update the outbox"))?;
        Ok(())
    }

    /// A failed attempt to try again at `next` (ms since 1970). Only a
    /// message being sent goes back to waiting (never one withdrawn).
    pub async fn mark_retry(&self, id: i64, error: &str, next: i64) -> Result<()> {
        sqlx::query(
            "UPDATE outbox SET status = 'waiting', attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1 AND status = 'sending'",
        )
        .bind(id)
        .bind(error)
        .bind(next)
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot update the outbox"))?;
        Ok(())
    }

    /// A message that cannot be sent (refused for good, or too many
    /// attempts).
    pub async fn mark_failed(&self, id: i64, error: &str) -> Result<()> {
        sqlx::query(
            "UPDATE outbox SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE id = $1",
        )
        .bind(id)
        .bind(error)
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot update the outbox"))?;
        Ok(())
    }

    /// Mark an address as failing (it bounced, or the relay refused it
    /// for good). Returns false when it was already.
    pub async fn mark_failing(&self, address: &str, reason: &str) -> Result<bool> {
        let done = sqlx::query(
            "INSERT INTO failing (address, reason, since) VALUES ($1, $2, $3) ON CONFLICT (address) DO NOTHING",
        )
        .bind(address.to_ascii_lowercase())
        .bind(reason)
        .bind(now_ms())
        .execute(self.pool())
        .await
        .map_err(StoreError::db("cannot record a failing address"))?;
        Ok(done.rows_affected() == 1)
    }

    /// Why `address` is failing, if it is.
    pub async fn failing(&self, address: &str) -> Result<Option<String>> {
        let r = sqlx::query("SELECT reason FROM failing WHERE address = $1")
            .bind(address.to_ascii_lowercase())
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db("cannot read the failing addresses"))?;
        match r {
            Some(r) => Ok(Some(
                r.try_get("reason")
                    .map_err(StoreError::db("cannot read the failing addresses"))?,
            )),
            None => Ok(None),
        }
    }

    /// An address works again (the game master says so).
    pub async fn clear_failing(&self, address: &str) -> Result<()> {
        sqlx::query("DELETE FROM failing WHERE address = $1")
            .bind(address.to_ascii_lowercase())
            .execute(self.pool())
            .await
            .map_err(StoreError::db("cannot update the failing addresses"))?;
        Ok(())
    }

    /// Messages received from `sender` since `since` (ms since 1970), for
    /// a rate limit.
    pub async fn received_from(&self, sender: &str, since: i64) -> Result<i64> {
        let r = sqlx::query(
            "SELECT COUNT(*) AS n FROM submissions WHERE sender = $1 AND received_at >= $2",
        )
        .bind(sender)
        .bind(since)
        .fetch_one(self.pool())
        .await
        .map_err(StoreError::db("cannot count the messages"))?;
        r.try_get::<i64, _>("n")
            .map_err(StoreError::db("cannot count the messages"))
    }

    /// Queue a message outside any other change.
    pub async fn queue_one(&self, m: &Outgoing) -> Result<()> {
        let mut c = self
            .pool()
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))?;
        queue(&mut c, m).await
    }
}
