//! What each seat did turn by turn, read back for its record
//! (`host/record.rs`): every kept run of a turn, each seat of the game
//! that had a report of it (so was in play when it ran), whether it was
//! on leave for it, and the orders it ran with.

use sqlx::Row;

use super::{Result, Store, StoreError};

/// One seat in one turn that ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatTurn {
    pub seat: String,
    pub turn: u32,
    /// The deadline the turn ran for (now, when the game master ran it
    /// early), if any.
    pub deadline: Option<i64>,
    /// When the orders it ran with came, if any.
    pub received_at: Option<i64>,
    /// Where they came from (`mail`, `web`, `api`, `bot`, …).
    pub source: Option<String>,
    /// The seat was on leave for the turn when it ran.
    pub on_leave: bool,
}

impl Store {
    /// Every seat in every turn of `game` that ran and is kept, by seat
    /// and turn.
    pub async fn seat_turns(&self, game: &str) -> Result<Vec<SeatTurn>> {
        let read = || StoreError::db("cannot read the seats' turns");
        let mut c = self.connection().await?;
        let rows = sqlx::query(
            "SELECT r.seat AS seat, t.turn AS turn, t.deadline AS deadline, \
                    o.received_at AS received_at, s.source AS source, r.on_leave AS on_leave \
             FROM turns t \
             JOIN reports r ON r.game_id = t.game_id AND r.turn = t.turn AND r.attempt = t.attempt \
             JOIN seats se ON se.game_id = t.game_id AND se.seat = r.seat \
             LEFT JOIN orders o ON o.game_id = t.game_id AND o.turn = t.turn AND o.seat = r.seat \
             LEFT JOIN submissions s ON s.id = o.submission_id \
             WHERE t.game_id = $1 AND t.status = 'kept' \
             ORDER BY r.seat, t.turn",
        )
        .bind(game)
        .fetch_all(&mut *c)
        .await
        .map_err(read())?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let turn: i64 = r.try_get("turn").map_err(read())?;
            out.push(SeatTurn {
                seat: r.try_get("seat").map_err(read())?,
                turn: u32::try_from(turn).unwrap_or_default(),
                deadline: r.try_get("deadline").map_err(read())?,
                received_at: r.try_get("received_at").map_err(read())?,
                source: r.try_get("source").map_err(read())?,
                on_leave: r.try_get::<i64, _>("on_leave").map_err(read())? != 0,
            });
        }
        Ok(out)
    }
}
