//! The `games` table: one row per hosted game.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Result, Store, StoreError};

/// Whether a game's deadlines run by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Turns run at their deadlines.
    Open,
    /// The game master paused it: no turn runs by itself.
    Paused,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Paused => "paused",
        }
    }

    fn parse(s: &str) -> Status {
        match s {
            "paused" => Status::Paused,
            _ => Status::Open,
        }
    }
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's name: players write it on their orders.
    pub id: String,
    /// Its kind (`overlord`, `engarde`).
    pub kind: String,
    /// Its settings, as JSON (`crate::host::Settings`).
    pub settings: String,
    pub status: Status,
    /// Turns run.
    pub turn: u32,
    /// The world's current revision.
    pub world_rev: i64,
    /// When the next turn runs (ms since 1970), if a schedule is set.
    pub deadline: Option<i64>,
    /// A run of this turn began and has not been kept yet.
    pub running_turn: Option<u32>,
    /// The deadline that run was for, and the one after it: kept so that a
    /// run repeated after a crash writes the same reports.
    pub running_deadline: Option<i64>,
    pub running_next: Option<i64>,
    /// A run under way early, before its deadline: when every seat in play
    /// was ready (the last change that counted), for the players' letters.
    pub running_early: Option<i64>,
    /// The last turn whose reminders were sent.
    pub reminded_turn: u32,
    /// The last turn held back by the safety valve.
    pub held_turn: u32,
    pub created_at: i64,
}

pub(crate) fn u32_of(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

fn row(r: &AnyRow) -> std::result::Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get("id")?,
        kind: r.try_get("kind")?,
        settings: r.try_get("settings")?,
        status: Status::parse(&r.try_get::<String, _>("status")?),
        turn: u32_of(r.try_get("turn")?),
        world_rev: r.try_get("world_rev")?,
        deadline: r.try_get("deadline")?,
        running_turn: r.try_get::<Option<i64>, _>("running_turn")?.map(u32_of),
        running_deadline: r.try_get("running_deadline")?,
        running_next: r.try_get("running_next")?,
        running_early: r.try_get("running_early")?,
        reminded_turn: u32_of(r.try_get("reminded_turn")?),
        held_turn: u32_of(r.try_get("held_turn")?),
        created_at: r.try_get("created_at")?,
    })
}

const COLUMNS: &str = "id, kind, settings, status, turn, world_rev, deadline, running_turn, running_deadline, running_next, reminded_turn, held_turn, created_at, running_early";

impl Store {
    /// The game called `id`.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>> {
        let mut c = self
            .pool()
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))?;
        game_in(&mut c, id).await
    }

    /// Every game, by name.
    pub async fn games(&self) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(sql!("SELECT {COLUMNS} FROM games ORDER BY id"))
            .fetch_all(self.pool())
            .await
            .map_err(StoreError::db("cannot list the games"))?;
        super::decode_all(&rows, row, "cannot read the games")
    }
}

/// The game called `id`, inside a transaction.
pub(crate) async fn game_in(c: &mut AnyConnection, id: &str) -> Result<Option<GameRow>> {
    let r = sqlx::query(sql!("SELECT {COLUMNS} FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *c)
        .await
        .map_err(StoreError::db(format!("cannot read game {id}")))?;
    super::decode_one(r, row, format!("cannot read game {id}"))
}

/// Add a game.
pub(crate) async fn insert(c: &mut AnyConnection, g: &GameRow) -> Result<()> {
    sqlx::query(sql!(
        "INSERT INTO games ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
    ))
    .bind(&g.id)
    .bind(&g.kind)
    .bind(&g.settings)
    .bind(g.status.as_str())
    .bind(i64::from(g.turn))
    .bind(g.world_rev)
    .bind(g.deadline)
    .bind(g.running_turn.map(i64::from))
    .bind(g.running_deadline)
    .bind(g.running_next)
    .bind(i64::from(g.reminded_turn))
    .bind(i64::from(g.held_turn))
    .bind(g.created_at)
    .bind(g.running_early)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db(format!("cannot add game {}", g.id)))?;
    Ok(())
}

/// Write back a game's row (all but its name, kind and creation time).
pub(crate) async fn update(c: &mut AnyConnection, g: &GameRow) -> Result<()> {
    sqlx::query(
        "UPDATE games SET settings = $2, status = $3, turn = $4, world_rev = $5, deadline = $6, running_turn = $7, running_deadline = $8, running_next = $9, reminded_turn = $10, held_turn = $11, running_early = $12 WHERE id = $1",
    )
    .bind(&g.id)
    .bind(&g.settings)
    .bind(g.status.as_str())
    .bind(i64::from(g.turn))
    .bind(g.world_rev)
    .bind(g.deadline)
    .bind(g.running_turn.map(i64::from))
    .bind(g.running_deadline)
    .bind(g.running_next)
    .bind(i64::from(g.reminded_turn))
    .bind(i64::from(g.held_turn))
    .bind(g.running_early)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db(format!("cannot update game {}", g.id)))?;
    Ok(())
}
