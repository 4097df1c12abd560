//! The `rulings` table: the game master's rulings on lines of players'
//! orders held for them, by turn. Kept, never changed: a later ruling on
//! the same line and text is the one that counts.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError, now_ms};
use crate::kind::{Ruled, Ruling};

/// A ruling as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingRow {
    pub game: String,
    /// The turn whose orders held the line.
    pub turn: u32,
    pub ruled: Ruled,
    /// Who ruled (`gm@desk`, `gm@command-line`).
    pub actor: String,
    pub at: i64,
}

fn row(r: &AnyRow) -> std::result::Result<RulingRow, sqlx::Error> {
    let fate: String = r.try_get("fate")?;
    let note: String = r.try_get("note")?;
    Ok(RulingRow {
        game: r.try_get("game_id")?,
        turn: u32::try_from(r.try_get::<i64, _>("turn")?).unwrap_or(u32::MAX),
        ruled: Ruled {
            seat: r.try_get("seat")?,
            line: u32::try_from(r.try_get::<i64, _>("line")?).unwrap_or(u32::MAX),
            text: r.try_get("text")?,
            ruling: if fate == "refused" {
                Ruling::Refused { reason: note }
            } else {
                Ruling::Approved { note }
            },
        },
        actor: r.try_get("actor")?,
        at: r.try_get("at")?,
    })
}

/// Keep a ruling on a line of `turn`'s orders.
pub(crate) async fn keep_ruling(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    ruled: &Ruled,
    actor: &str,
) -> Result<()> {
    let (fate, note) = match &ruled.ruling {
        Ruling::Approved { note } => ("approved", note),
        Ruling::Refused { reason } => ("refused", reason),
    };
    sqlx::query(
        "INSERT INTO rulings (game_id, turn, seat, line, text, fate, note, actor, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(game)
    .bind(i64::from(turn))
    .bind(&ruled.seat)
    .bind(i64::from(ruled.line))
    .bind(super::text(&ruled.text))
    .bind(fate)
    .bind(super::text(note))
    .bind(actor)
    .bind(now_ms())
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot keep the ruling"))?;
    Ok(())
}

/// Every ruling on `turn`'s orders, oldest first.
pub(crate) async fn rulings_for(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
) -> Result<Vec<RulingRow>> {
    let rows = sqlx::query(
        "SELECT game_id, turn, seat, line, text, fate, note, actor, at FROM rulings WHERE game_id = $1 AND turn = $2 ORDER BY id",
    )
    .bind(game)
    .bind(i64::from(turn))
    .fetch_all(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the rulings"))?;
    super::decode_all(&rows, row, "cannot read the rulings")
}

impl Store {
    /// Every ruling on `turn`'s orders of `game`, oldest first.
    pub async fn rulings(&self, game: &str, turn: u32) -> Result<Vec<RulingRow>> {
        let mut c = self.connection().await?;
        rulings_for(&mut c, game, turn).await
    }
}
