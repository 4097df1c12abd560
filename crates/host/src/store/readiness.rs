//! The `ready_marks` table: each seat's word on its orders for a turn,
//! ready or not ready, with when it was said. No row: the seat said
//! nothing (orders sent without a word clear it).

use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError, now_ms};

/// A seat's word on its orders for a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadyMark {
    pub seat: String,
    /// Ready (`#READY`, the web's Ready button), or not (`#NOTREADY`,
    /// Not ready).
    pub ready: bool,
    /// When it was said (ms since 1970).
    pub at: i64,
}

impl Store {
    /// Every seat's word on its orders for `turn`.
    pub async fn marks(&self, game: &str, turn: u32) -> Result<Vec<ReadyMark>> {
        let mut c = self
            .pool()
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))?;
        marks_in(&mut c, game, turn).await
    }
}

/// Every seat's word on its orders for `turn`, by seat.
pub(crate) async fn marks_in(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
) -> Result<Vec<ReadyMark>> {
    let rows = sqlx::query(
        "SELECT seat, ready, marked_at FROM ready_marks WHERE game_id = $1 AND turn = $2 ORDER BY seat",
    )
    .bind(game)
    .bind(i64::from(turn))
    .fetch_all(&mut *c)
    .await
    .map_err(StoreError::db("cannot read who is ready"))?;
    super::decode_all(
        &rows,
        |r| {
            Ok(ReadyMark {
                seat: r.try_get("seat")?,
                ready: r.try_get::<i64, _>("ready")? != 0,
                at: r.try_get("marked_at")?,
            })
        },
        "cannot read who is ready",
    )
}

/// Keep `seat`'s word on its orders for `turn` (None: it said nothing,
/// and any earlier word is forgotten). Returns the time it was kept.
pub(crate) async fn set_mark(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    seat: &str,
    ready: Option<bool>,
) -> Result<i64> {
    let at = now_ms();
    let done = match ready {
        Some(r) => sqlx::query(
            "INSERT INTO ready_marks (game_id, turn, seat, ready, marked_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, turn, seat) DO UPDATE SET ready = $4, marked_at = $5",
        )
        .bind(game)
        .bind(i64::from(turn))
        .bind(seat)
        .bind(i64::from(r))
        .bind(at)
        .execute(&mut *c)
        .await,
        None => sqlx::query(
            "DELETE FROM ready_marks WHERE game_id = $1 AND turn = $2 AND seat = $3",
        )
        .bind(game)
        .bind(i64::from(turn))
        .bind(seat)
        .execute(&mut *c)
        .await,
    };
    done.map_err(StoreError::db("cannot keep the seat's word on its orders"))?;
    Ok(at)
}
