//! The `seats` table: who plays each faction or character, how to reach
//! them, their password's hash and how many turns they have missed.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::games::u32_of;
use super::{Result, Store, StoreError};

/// Where a seat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatStatus {
    /// In play.
    Playing,
    /// Missed too many turns: the game master decides what becomes of it.
    /// Its pending orders still carry on, and it may still send orders.
    GmDecides,
    /// Removed by the game master: takes nothing more.
    Removed,
    /// Out of the game by the game's own rules (resigned, destroyed, dead).
    Gone,
}

impl SeatStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SeatStatus::Playing => "playing",
            SeatStatus::GmDecides => "gm-decides",
            SeatStatus::Removed => "removed",
            SeatStatus::Gone => "gone",
        }
    }

    fn parse(s: &str) -> SeatStatus {
        match s {
            "gm-decides" => SeatStatus::GmDecides,
            "removed" => SeatStatus::Removed,
            "gone" => SeatStatus::Gone,
            _ => SeatStatus::Playing,
        }
    }

    /// Takes orders and counts for the deadline.
    pub fn plays(self) -> bool {
        matches!(self, SeatStatus::Playing | SeatStatus::GmDecides)
    }
}

/// A seat as stored.
#[derive(Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub game: String,
    pub seat: String,
    pub name: String,
    /// argon2id, or a folder world's `sha256$…` until the next check.
    pub password_hash: String,
    /// Registered addresses, the first is where reports go.
    pub addresses: Vec<String>,
    pub status: SeatStatus,
    /// Turns in a row run without orders from this seat.
    pub missed: u32,
    /// The turn count when the seat joined (0: from the start).
    pub joined_turn: u32,
}

impl std::fmt::Debug for SeatRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeatRow")
            .field("game", &self.game)
            .field("seat", &self.seat)
            .field("name", &self.name)
            .field("password_hash", &"***")
            .field("addresses", &self.addresses)
            .field("status", &self.status)
            .field("missed", &self.missed)
            .field("joined_turn", &self.joined_turn)
            .finish()
    }
}

impl SeatRow {
    /// Where its mail goes, if anywhere.
    pub fn address(&self) -> Option<&str> {
        self.addresses.first().map(String::as_str)
    }
}

fn row(r: &AnyRow) -> std::result::Result<SeatRow, sqlx::Error> {
    let addresses: String = r.try_get("addresses")?;
    Ok(SeatRow {
        game: r.try_get("game_id")?,
        seat: r.try_get("seat")?,
        name: r.try_get("name")?,
        password_hash: r.try_get("password_hash")?,
        addresses: serde_json::from_str(&addresses).unwrap_or_default(),
        status: SeatStatus::parse(&r.try_get::<String, _>("status")?),
        missed: u32_of(r.try_get("missed")?),
        joined_turn: u32_of(r.try_get("joined_turn")?),
    })
}

const COLUMNS: &str = "game_id, seat, name, password_hash, addresses, status, missed, joined_turn";

impl Store {
    /// Every seat of `game`, by key.
    pub async fn seats(&self, game: &str) -> Result<Vec<SeatRow>> {
        let mut c = self
            .pool()
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))?;
        seats_in(&mut c, game).await
    }

    /// The seats, of every game, whose registered addresses include
    /// `address`.
    pub async fn seats_at(&self, address: &str) -> Result<Vec<SeatRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM seats WHERE LOWER(addresses) LIKE $1 ORDER BY game_id, seat"
        ))
        .bind(format!("%\"{}\"%", address.to_ascii_lowercase()))
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the seats"))?;
        let found = super::decode_all(&rows, row, "cannot read the seats")?;
        Ok(found
            .into_iter()
            .filter(|s| s.addresses.iter().any(|a| a.eq_ignore_ascii_case(address)))
            .collect())
    }

    /// One seat.
    pub async fn seat(&self, game: &str, seat: &str) -> Result<Option<SeatRow>> {
        let r = sqlx::query(sql!(
            "SELECT {COLUMNS} FROM seats WHERE game_id = $1 AND seat = $2"
        ))
        .bind(game)
        .bind(seat)
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot read a seat"))?;
        super::decode_one(r, row, "cannot read a seat")
    }
}

pub(crate) async fn seats_in(c: &mut AnyConnection, game: &str) -> Result<Vec<SeatRow>> {
    let rows = sqlx::query(sql!(
        "SELECT {COLUMNS} FROM seats WHERE game_id = $1 ORDER BY seat"
    ))
    .bind(game)
    .fetch_all(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the seats"))?;
    super::decode_all(&rows, row, "cannot read the seats")
}

/// Add a seat, or write back all of one.
pub(crate) async fn upsert(c: &mut AnyConnection, s: &SeatRow) -> Result<()> {
    let addresses = serde_json::to_string(&s.addresses).unwrap_or_else(|_| "[]".to_string());
    sqlx::query(sql!(
        "INSERT INTO seats ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (game_id, seat) DO UPDATE SET name = $3, password_hash = $4, addresses = $5, status = $6, missed = $7, joined_turn = $8"
    ))
    .bind(&s.game)
    .bind(&s.seat)
    .bind(&s.name)
    .bind(&s.password_hash)
    .bind(addresses)
    .bind(s.status.as_str())
    .bind(i64::from(s.missed))
    .bind(i64::from(s.joined_turn))
    .execute(&mut *c)
    .await
    .map_err(StoreError::db(format!("cannot write seat {}", s.seat)))?;
    Ok(())
}

/// Store a new password for a seat: every web session logged in with
/// the old one ends with it (a player who changed a password someone
/// else learnt shuts that person out).
pub(crate) async fn set_password(
    c: &mut AnyConnection,
    game: &str,
    seat: &str,
    hash: &str,
) -> Result<()> {
    upgrade_password(c, game, seat, hash).await?;
    sqlx::query("DELETE FROM sessions WHERE role = 'player' AND game_id = $1 AND seat = $2")
        .bind(game)
        .bind(seat)
        .execute(&mut *c)
        .await
        .map_err(StoreError::db("cannot end the seat's sessions"))?;
    Ok(())
}

/// Store the same password hashed anew (an older kind of hash upgraded
/// at a good login): the seat's sessions go on.
pub(crate) async fn upgrade_password(
    c: &mut AnyConnection,
    game: &str,
    seat: &str,
    hash: &str,
) -> Result<()> {
    sqlx::query("UPDATE seats SET password_hash = $3 WHERE game_id = $1 AND seat = $2")
        .bind(game)
        .bind(seat)
        .bind(hash)
        .execute(&mut *c)
        .await
        .map_err(StoreError::db("cannot store a password"))?;
    Ok(())
}
