//! The `leaves` and `open_seats` tables: seats whose player is away for
//! some turns (until the last turn of their leave), and seats the game
//! master opened for a newcomer to take.

use std::collections::HashSet;

use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError, now_ms};

/// A seat on leave: the last turn it is away for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leave {
    pub seat: String,
    pub until: u32,
}

/// A seat open for a newcomer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenSeat {
    pub game: String,
    pub seat: String,
    /// When it was opened (ms since 1970).
    pub opened_at: i64,
}

fn turn_of(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(0)
}

impl Store {
    /// Every leave kept for `game` (run out or not), by seat.
    pub async fn leaves(&self, game: &str) -> Result<Vec<Leave>> {
        let mut c = self
            .pool()
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))?;
        leaves_in(&mut c, game).await
    }

    /// The seats of `game` on leave for `turn`.
    pub async fn on_leave(&self, game: &str, turn: u32) -> Result<HashSet<String>> {
        let mut c = self
            .pool()
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))?;
        on_leave_in(&mut c, game, turn).await
    }

    /// Every seat open for a newcomer, in every game (`game`: in that one
    /// only).
    pub async fn open_seats(&self, game: Option<&str>) -> Result<Vec<OpenSeat>> {
        let rows = sqlx::query(
            "SELECT game_id, seat, opened_at FROM open_seats ORDER BY game_id, opened_at, seat",
        )
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the open seats"))?;
        let all = super::decode_all(
            &rows,
            |r| {
                Ok(OpenSeat {
                    game: r.try_get("game_id")?,
                    seat: r.try_get("seat")?,
                    opened_at: r.try_get("opened_at")?,
                })
            },
            "cannot read the open seats",
        )?;
        Ok(all
            .into_iter()
            .filter(|o| game.is_none_or(|g| g == o.game))
            .collect())
    }
}

/// Every leave kept for `game`, by seat.
pub(crate) async fn leaves_in(c: &mut AnyConnection, game: &str) -> Result<Vec<Leave>> {
    let rows = sqlx::query("SELECT seat, until_turn FROM leaves WHERE game_id = $1 ORDER BY seat")
        .bind(game)
        .fetch_all(&mut *c)
        .await
        .map_err(StoreError::db("cannot read who is on leave"))?;
    super::decode_all(
        &rows,
        |r| {
            Ok(Leave {
                seat: r.try_get("seat")?,
                until: turn_of(r.try_get("until_turn")?),
            })
        },
        "cannot read who is on leave",
    )
}

/// The seats of `game` on leave for `turn`.
pub(crate) async fn on_leave_in(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
) -> Result<HashSet<String>> {
    Ok(leaves_in(c, game)
        .await?
        .into_iter()
        .filter(|l| l.until >= turn)
        .map(|l| l.seat)
        .collect())
}

/// Keep `seat` on leave up to turn `until` (None: the leave ends).
pub(crate) async fn set_leave(
    c: &mut AnyConnection,
    game: &str,
    seat: &str,
    until: Option<u32>,
) -> Result<()> {
    let done = match until {
        Some(u) => {
            sqlx::query(
                "INSERT INTO leaves (game_id, seat, until_turn, set_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, seat) DO UPDATE SET until_turn = $3, set_at = $4",
            )
            .bind(game)
            .bind(seat)
            .bind(i64::from(u))
            .bind(now_ms())
            .execute(&mut *c)
            .await
        }
        None => {
            sqlx::query("DELETE FROM leaves WHERE game_id = $1 AND seat = $2")
                .bind(game)
                .bind(seat)
                .execute(&mut *c)
                .await
        }
    };
    done.map_err(StoreError::db("cannot keep the seat's leave"))?;
    Ok(())
}

/// Mark `seats`' reports of the run `(turn, attempt)` as those of seats
/// on leave for the turn, for their record.
pub(crate) async fn mark_on_leave(
    c: &mut AnyConnection,
    game: &str,
    (turn, attempt): (u32, i64),
    seats: &HashSet<String>,
) -> Result<()> {
    for seat in seats {
        sqlx::query(
            "UPDATE reports SET on_leave = 1 WHERE game_id = $1 AND turn = $2 AND attempt = $3 AND seat = $4",
        )
        .bind(game)
        .bind(i64::from(turn))
        .bind(attempt)
        .bind(seat)
        .execute(&mut *c)
        .await
        .map_err(StoreError::db("cannot keep who was on leave for the turn"))?;
    }
    Ok(())
}

/// Open `seat` for a newcomer. False when it was open already.
pub(crate) async fn open_seat(c: &mut AnyConnection, game: &str, seat: &str) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO open_seats (game_id, seat, opened_at) VALUES ($1, $2, $3) ON CONFLICT (game_id, seat) DO NOTHING",
    )
    .bind(game)
    .bind(seat)
    .bind(now_ms())
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot open the seat"))?;
    Ok(done.rows_affected() > 0)
}

/// Close `seat` (a newcomer took it). False when it was not open.
pub(crate) async fn close_seat(c: &mut AnyConnection, game: &str, seat: &str) -> Result<bool> {
    let done = sqlx::query("DELETE FROM open_seats WHERE game_id = $1 AND seat = $2")
        .bind(game)
        .bind(seat)
        .execute(&mut *c)
        .await
        .map_err(StoreError::db("cannot close the seat"))?;
    Ok(done.rows_affected() > 0)
}

/// A newcomer's claim on an open seat, waiting for its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub code_hash: String,
    /// When the code was mailed (ms since 1970).
    pub made_at: i64,
    /// Wrong codes tried.
    pub tries: u32,
}

/// Keep a claim on `seat` from `address` with its code's hash, replacing
/// one made before.
pub(crate) async fn put_claim(
    c: &mut AnyConnection,
    (game, seat, address): (&str, &str, &str),
    code_hash: &str,
) -> Result<()> {
    let what = || StoreError::db("cannot keep the claim on the seat");
    sqlx::query("DELETE FROM seat_claims WHERE game_id = $1 AND seat = $2 AND address = $3")
        .bind(game)
        .bind(seat)
        .bind(address)
        .execute(&mut *c)
        .await
        .map_err(what())?;
    sqlx::query(
        "INSERT INTO seat_claims (game_id, seat, address, code_hash, made_at, tries) VALUES ($1, $2, $3, $4, $5, 0)",
    )
    .bind(game)
    .bind(seat)
    .bind(address)
    .bind(code_hash)
    .bind(now_ms())
    .execute(&mut *c)
    .await
    .map_err(what())?;
    Ok(())
}

/// The claim on `seat` from `address`, if one waits.
pub(crate) async fn claim_of(
    c: &mut AnyConnection,
    (game, seat, address): (&str, &str, &str),
) -> Result<Option<Claim>> {
    let what = "cannot read the claim on the seat";
    let row = sqlx::query(
        "SELECT code_hash, made_at, tries FROM seat_claims WHERE game_id = $1 AND seat = $2 AND address = $3",
    )
    .bind(game)
    .bind(seat)
    .bind(address)
    .fetch_optional(&mut *c)
    .await
    .map_err(StoreError::db(what))?;
    row.map(|r| {
        Ok(Claim {
            code_hash: r.try_get("code_hash")?,
            made_at: r.try_get("made_at")?,
            tries: turn_of(r.try_get("tries")?),
        })
    })
    .transpose()
    .map_err(StoreError::db(what))
}

/// Count a wrong code tried on the claim on `seat` from `address`.
pub(crate) async fn count_try(
    c: &mut AnyConnection,
    (game, seat, address): (&str, &str, &str),
) -> Result<()> {
    sqlx::query(
        "UPDATE seat_claims SET tries = tries + 1 WHERE game_id = $1 AND seat = $2 AND address = $3",
    )
    .bind(game)
    .bind(seat)
    .bind(address)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot count the wrong code"))?;
    Ok(())
}

/// Drop every claim on `seat` (it was taken, or is no longer open).
pub(crate) async fn drop_claims(c: &mut AnyConnection, game: &str, seat: &str) -> Result<()> {
    sqlx::query("DELETE FROM seat_claims WHERE game_id = $1 AND seat = $2")
        .bind(game)
        .bind(seat)
        .execute(&mut *c)
        .await
        .map_err(StoreError::db("cannot drop the claims on the seat"))?;
    Ok(())
}

/// Revoke every API token of `seat` (its player has gone).
pub(crate) async fn revoke_tokens(c: &mut AnyConnection, game: &str, seat: &str) -> Result<()> {
    sqlx::query(
        "UPDATE api_tokens SET revoked_at = $3 WHERE game_id = $1 AND seat = $2 AND revoked_at IS NULL",
    )
    .bind(game)
    .bind(seat)
    .bind(now_ms())
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot revoke the seat's tokens"))?;
    Ok(())
}
