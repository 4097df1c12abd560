//! The `worlds`, `turns` and `reports` tables: every revision of a game's
//! world, every turn run (kept, or rolled back by the game master), and
//! each seat's report and template of each turn.
//!
//! A seat's report of where it stands when it joins (the rules' initial
//! turn report) is kept as attempt 0 of the turn count it joined at.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::games::u32_of;
use super::{Result, Store, StoreError, now_ms};

/// A revision of a world, without its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldRow {
    pub rev: i64,
    /// Turns run when it was made.
    pub turn: u32,
    /// `create`, `import`, `turn`, `join`, `remove`, `rollback`.
    pub made_by: String,
    pub made_at: i64,
    pub size: i64,
}

/// A turn run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRow {
    pub game: String,
    pub turn: u32,
    /// 1 for the first run of the turn; a rerun after a rollback is 2, …
    pub attempt: i64,
    /// `kept`, or `rolled-back`.
    pub status: String,
    pub seed: i64,
    pub world_before: i64,
    pub world_after: i64,
    pub summary: String,
    /// What every player may read (a gazette), as a JSON object.
    pub public: String,
    pub run_ms: i64,
    pub ran_at: i64,
    /// The deadline it ran for, and the next one its reports announce.
    pub deadline: Option<i64>,
    pub next_deadline: Option<i64>,
}

/// A seat's report of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    pub turn: u32,
    pub attempt: i64,
    pub seat: String,
    pub text: String,
    pub json: Option<String>,
    pub template: Option<String>,
}

fn turn_row(r: &AnyRow) -> std::result::Result<TurnRow, sqlx::Error> {
    Ok(TurnRow {
        game: r.try_get("game_id")?,
        turn: u32_of(r.try_get("turn")?),
        attempt: r.try_get("attempt")?,
        status: r.try_get("status")?,
        seed: r.try_get("seed")?,
        world_before: r.try_get("world_before")?,
        world_after: r.try_get("world_after")?,
        summary: r.try_get("summary")?,
        public: r.try_get("public")?,
        run_ms: r.try_get("run_ms")?,
        ran_at: r.try_get("ran_at")?,
        deadline: r.try_get("deadline")?,
        next_deadline: r.try_get("next_deadline")?,
    })
}

const TURN_COLUMNS: &str = "game_id, turn, attempt, status, seed, world_before, world_after, summary, public, run_ms, ran_at, deadline, next_deadline";

fn report_row(r: &AnyRow) -> std::result::Result<ReportRow, sqlx::Error> {
    Ok(ReportRow {
        turn: u32_of(r.try_get("turn")?),
        attempt: r.try_get("attempt")?,
        seat: r.try_get("seat")?,
        text: r.try_get("text")?,
        json: r.try_get("json")?,
        template: r.try_get("template")?,
    })
}

/// Only reports of kept turns, or a welcome (attempt 0).
const KEPT: &str = "(r.attempt = 0 OR EXISTS (SELECT 1 FROM turns t WHERE t.game_id = r.game_id AND t.turn = r.turn AND t.attempt = r.attempt AND t.status = 'kept'))";

impl Store {
    /// The bytes of revision `rev` of `game`'s world.
    pub async fn world(&self, game: &str, rev: i64) -> Result<Vec<u8>> {
        let mut c = self
            .pool()
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))?;
        world_in(&mut c, game, rev).await
    }

    /// Every revision of `game`'s world, oldest first, without the bytes.
    pub async fn worlds(&self, game: &str) -> Result<Vec<WorldRow>> {
        let rows = sqlx::query(
            "SELECT rev, turn, made_by, made_at, LENGTH(state) AS size FROM worlds WHERE game_id = $1 ORDER BY rev",
        )
        .bind(game)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the worlds"))?;
        super::decode_all(
            &rows,
            |r| {
                Ok(WorldRow {
                    rev: r.try_get("rev")?,
                    turn: u32_of(r.try_get("turn")?),
                    made_by: r.try_get("made_by")?,
                    made_at: r.try_get("made_at")?,
                    size: r
                        .try_get::<i64, _>("size")
                        .or_else(|_| r.try_get::<i32, _>("size").map(i64::from))?,
                })
            },
            "cannot read the worlds",
        )
    }

    /// Every run of every turn of `game`, in order.
    pub async fn turns(&self, game: &str) -> Result<Vec<TurnRow>> {
        let rows = sqlx::query(sql!(
            "SELECT {TURN_COLUMNS} FROM turns WHERE game_id = $1 ORDER BY turn, attempt"
        ))
        .bind(game)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db("cannot read the turns"))?;
        super::decode_all(&rows, turn_row, "cannot read the turns")
    }

    /// The events of a turn's run, as JSON.
    pub async fn events(&self, game: &str, turn: u32, attempt: i64) -> Result<Vec<u8>> {
        let r = sqlx::query(
            "SELECT events FROM turns WHERE game_id = $1 AND turn = $2 AND attempt = $3",
        )
        .bind(game)
        .bind(i64::from(turn))
        .bind(attempt)
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot read the events"))?;
        match r {
            Some(r) => r
                .try_get("events")
                .map_err(StoreError::db("cannot read the events")),
            None => Ok(Vec::new()),
        }
    }

    /// `seat`'s report of `turn` (None: the latest it has), from a kept
    /// run or its welcome.
    pub async fn report(
        &self,
        game: &str,
        seat: &str,
        turn: Option<u32>,
    ) -> Result<Option<ReportRow>> {
        let sql = format!(
            "SELECT turn, attempt, seat, text, json, template FROM reports r WHERE game_id = $1 AND seat = $2 AND ($3 < 0 OR turn = $3) AND {KEPT} ORDER BY turn DESC, attempt DESC LIMIT 1"
        );
        let r = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(game)
            .bind(seat)
            .bind(turn.map_or(-1, i64::from))
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db("cannot read the reports"))?;
        super::decode_one(r, report_row, "cannot read the reports")
    }

    /// The turn and run of `seat`'s report of `turn` (None: its latest),
    /// without the report: enough to find it laid out already.
    pub async fn report_run(
        &self,
        game: &str,
        seat: &str,
        turn: Option<u32>,
    ) -> Result<Option<(u32, i64)>> {
        let sql = format!(
            "SELECT turn, attempt FROM reports r WHERE game_id = $1 AND seat = $2 AND ($3 < 0 OR turn = $3) AND {KEPT} ORDER BY turn DESC, attempt DESC LIMIT 1"
        );
        let r = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(game)
            .bind(seat)
            .bind(turn.map_or(-1, i64::from))
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db("cannot read the reports"))?;
        super::decode_one(
            r,
            |r| Ok((u32_of(r.try_get("turn")?), r.try_get("attempt")?)),
            "cannot read the reports",
        )
    }

    /// `seat`'s JSON reports, the kept run of each turn, oldest first.
    pub async fn report_jsons(&self, game: &str, seat: &str) -> Result<Vec<(u32, String)>> {
        let sql = format!(
            "SELECT turn, json FROM reports r WHERE game_id = $1 AND seat = $2 AND json IS NOT NULL AND {KEPT} ORDER BY turn, attempt"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(game)
            .bind(seat)
            .fetch_all(self.pool())
            .await
            .map_err(StoreError::db("cannot read the reports"))?;
        let all: Vec<(u32, String)> = super::decode_all(
            &rows,
            |r| Ok((u32_of(r.try_get("turn")?), r.try_get("json")?)),
            "cannot read the reports",
        )?;
        // The latest kept run of each turn (they come in run order).
        let mut out: Vec<(u32, String)> = Vec::with_capacity(all.len());
        for (turn, json) in all {
            match out.last_mut() {
                Some(last) if last.0 == turn => last.1 = json,
                _ => out.push((turn, json)),
            }
        }
        Ok(out)
    }

    /// `seat`'s report of one run of a turn (attempt 0: its welcome),
    /// kept or not.
    pub async fn report_of_run(
        &self,
        game: &str,
        seat: &str,
        turn: u32,
        attempt: i64,
    ) -> Result<Option<ReportRow>> {
        let r = sqlx::query(
            "SELECT turn, attempt, seat, text, json, template FROM reports WHERE game_id = $1 AND seat = $2 AND turn = $3 AND attempt = $4",
        )
        .bind(game)
        .bind(seat)
        .bind(i64::from(turn))
        .bind(attempt)
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot read the reports"))?;
        super::decode_one(r, report_row, "cannot read the reports")
    }

    /// What every player may read of one run of a turn, by name.
    pub async fn public(
        &self,
        game: &str,
        turn: u32,
        attempt: i64,
    ) -> Result<Vec<(String, String)>> {
        let r = sqlx::query(
            "SELECT public FROM turns WHERE game_id = $1 AND turn = $2 AND attempt = $3",
        )
        .bind(game)
        .bind(i64::from(turn))
        .bind(attempt)
        .fetch_optional(self.pool())
        .await
        .map_err(StoreError::db("cannot read the turns"))?;
        let Some(r) = r else {
            return Ok(Vec::new());
        };
        let json: String = r
            .try_get("public")
            .map_err(StoreError::db("cannot read the turns"))?;
        let map: std::collections::BTreeMap<String, String> =
            serde_json::from_str(&json).unwrap_or_default();
        Ok(map.into_iter().collect())
    }

    /// The turns for which `seat` has a report, oldest first.
    pub async fn report_turns(&self, game: &str, seat: &str) -> Result<Vec<u32>> {
        let sql = format!(
            "SELECT DISTINCT turn FROM reports r WHERE game_id = $1 AND seat = $2 AND {KEPT} ORDER BY turn"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(game)
            .bind(seat)
            .fetch_all(self.pool())
            .await
            .map_err(StoreError::db("cannot read the reports"))?;
        super::decode_all(
            &rows,
            |r| r.try_get::<i64, _>("turn").map(u32_of),
            "cannot read the reports",
        )
    }
}

pub(crate) async fn world_in(c: &mut AnyConnection, game: &str, rev: i64) -> Result<Vec<u8>> {
    let r = sqlx::query("SELECT state FROM worlds WHERE game_id = $1 AND rev = $2")
        .bind(game)
        .bind(rev)
        .fetch_optional(&mut *c)
        .await
        .map_err(StoreError::db("cannot read the world"))?;
    match r {
        Some(r) => r
            .try_get("state")
            .map_err(StoreError::db("cannot read the world")),
        None => Err(StoreError::Refused(format!(
            "game {game} has no world revision {rev}"
        ))),
    }
}

/// When revision `rev` of `game`'s world was made (None: no such
/// revision).
pub(crate) async fn world_made_at(
    c: &mut AnyConnection,
    game: &str,
    rev: i64,
) -> Result<Option<i64>> {
    let r = sqlx::query("SELECT made_at FROM worlds WHERE game_id = $1 AND rev = $2")
        .bind(game)
        .bind(rev)
        .fetch_optional(&mut *c)
        .await
        .map_err(StoreError::db("cannot read the world"))?;
    r.map(|r| r.try_get("made_at"))
        .transpose()
        .map_err(StoreError::db("cannot read the world"))
}

/// Keep a new revision of `game`'s world; returns its number.
pub(crate) async fn keep_world(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    made_by: &str,
    state: &[u8],
) -> Result<i64> {
    let r = sqlx::query("SELECT COALESCE(MAX(rev), 0) AS rev FROM worlds WHERE game_id = $1")
        .bind(game)
        .fetch_one(&mut *c)
        .await
        .map_err(StoreError::db("cannot read the worlds"))?;
    let rev: i64 = r
        .try_get::<i64, _>("rev")
        .map_err(StoreError::db("cannot read the worlds"))?
        + 1;
    sqlx::query(
        "INSERT INTO worlds (game_id, rev, turn, made_by, state, made_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(game)
    .bind(rev)
    .bind(i64::from(turn))
    .bind(made_by)
    .bind(state)
    .bind(now_ms())
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot keep the world"))?;
    Ok(rev)
}

/// The next attempt number for `turn`.
pub(crate) async fn next_attempt(c: &mut AnyConnection, game: &str, turn: u32) -> Result<i64> {
    let r = sqlx::query(
        "SELECT COALESCE(MAX(attempt), 0) AS attempt FROM turns WHERE game_id = $1 AND turn = $2",
    )
    .bind(game)
    .bind(i64::from(turn))
    .fetch_one(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the turns"))?;
    Ok(r.try_get::<i64, _>("attempt")
        .map_err(StoreError::db("cannot read the turns"))?
        + 1)
}

/// Keep a turn's run.
pub(crate) async fn keep_turn(c: &mut AnyConnection, t: &TurnRow, events: &[u8]) -> Result<()> {
    sqlx::query(sql!(
        "INSERT INTO turns ({TURN_COLUMNS}, events) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
    ))
    .bind(&t.game)
    .bind(i64::from(t.turn))
    .bind(t.attempt)
    .bind(&t.status)
    .bind(t.seed)
    .bind(t.world_before)
    .bind(t.world_after)
    .bind(&t.summary)
    .bind(&t.public)
    .bind(t.run_ms)
    .bind(t.ran_at)
    .bind(t.deadline)
    .bind(t.next_deadline)
    .bind(events)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot keep the turn"))?;
    Ok(())
}

/// The kept run of `turn`.
pub(crate) async fn kept_turn(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
) -> Result<Option<TurnRow>> {
    let r = sqlx::query(sql!(
        "SELECT {TURN_COLUMNS} FROM turns WHERE game_id = $1 AND turn = $2 AND status = 'kept' ORDER BY attempt DESC LIMIT 1"
    ))
    .bind(game)
    .bind(i64::from(turn))
    .fetch_optional(&mut *c)
    .await
    .map_err(StoreError::db("cannot read the turns"))?;
    super::decode_one(r, turn_row, "cannot read the turns")
}

/// Mark a turn's run rolled back (it is kept, never deleted).
pub(crate) async fn roll_back(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    attempt: i64,
) -> Result<()> {
    sqlx::query(
        "UPDATE turns SET status = 'rolled-back' WHERE game_id = $1 AND turn = $2 AND attempt = $3",
    )
    .bind(game)
    .bind(i64::from(turn))
    .bind(attempt)
    .execute(&mut *c)
    .await
    .map_err(StoreError::db("cannot roll the turn back"))?;
    Ok(())
}

/// Keep a seat's report of a turn's run (attempt 0: its welcome).
pub(crate) async fn keep_report(
    c: &mut AnyConnection,
    game: &str,
    turn: u32,
    attempt: i64,
    r: &crate::kind::SeatReport,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO reports (game_id, turn, attempt, seat, text, json, template) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (game_id, turn, attempt, seat) DO UPDATE SET text = $5, json = $6, template = $7",
    )
    .bind(game)
    .bind(i64::from(turn))
    .bind(attempt)
    .bind(&r.seat)
    .bind(super::text(&r.text))
    .bind(r.json.as_deref().map(super::text))
    .bind(r.template.as_deref().map(super::text))
    .execute(&mut *c)
    .await
    .map_err(StoreError::db(format!("cannot keep the report of {}", r.seat)))?;
    Ok(())
}
