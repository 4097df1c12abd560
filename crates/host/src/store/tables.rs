//! The `table_games`, `table_lines` and `table_links` tables: games played
//! at a table through the web. A game is its scenario and every line typed
//! at it, in order; the state is rebuilt by replaying them.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Result, Store, StoreError};

/// A game at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub id: String,
    /// `dbr`, `sharp` or `nb`.
    pub kind: String,
    pub name: String,
    /// The scenario's text, as given.
    pub scenario: String,
    /// An umpire runs it (otherwise the players between them).
    pub umpired: bool,
    /// The table's size, in `unit`.
    pub width: i64,
    pub depth: i64,
    /// `in` or `cm`.
    pub unit: String,
    /// The pieces' places on the table map (JSON: name to `[x, y]`).
    pub places: String,
    /// Who has asked for what the players must agree on (JSON).
    pub consents: String,
    /// The game is over: every log is open to everyone.
    pub finished: bool,
    pub created_at: i64,
}

/// One line typed at a table, with its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLine {
    pub seq: i64,
    /// The side that typed it; empty for the umpire.
    pub who: String,
    /// The line as run (a side's with `as SIDE` in front, where the game
    /// wants it).
    pub line: String,
    pub answer: String,
    /// It changed the game.
    pub changed: bool,
    pub at: i64,
}

const COLUMNS: &str =
    "id, kind, name, scenario, umpired, width, depth, unit, places, consents, finished, created_at";

fn table(r: &AnyRow) -> std::result::Result<TableRow, sqlx::Error> {
    Ok(TableRow {
        id: r.try_get("id")?,
        kind: r.try_get("kind")?,
        name: r.try_get("name")?,
        scenario: r.try_get("scenario")?,
        umpired: r.try_get::<i64, _>("umpired")? != 0,
        width: r.try_get("width")?,
        depth: r.try_get("depth")?,
        unit: r.try_get("unit")?,
        places: r.try_get("places")?,
        consents: r.try_get("consents")?,
        finished: r.try_get::<i64, _>("finished")? != 0,
        created_at: r.try_get("created_at")?,
    })
}

fn line(r: &AnyRow) -> std::result::Result<TableLine, sqlx::Error> {
    Ok(TableLine {
        seq: r.try_get("seq")?,
        who: r.try_get("who")?,
        line: r.try_get("line")?,
        answer: r.try_get("answer")?,
        changed: r.try_get::<i64, _>("changed")? != 0,
        at: r.try_get("at")?,
    })
}

impl Store {
    /// Keep a new table and the hashes of its links (hash, who: a side,
    /// or empty for the umpire).
    pub async fn create_table(&self, t: &TableRow, links: &[(String, String)]) -> Result<()> {
        let mut tx = super::begin(self).await?;
        sqlx::query(sql!(
            "INSERT INTO table_games ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
        ))
        .bind(&t.id)
        .bind(&t.kind)
        .bind(&t.name)
        .bind(&t.scenario)
        .bind(i64::from(t.umpired))
        .bind(t.width)
        .bind(t.depth)
        .bind(&t.unit)
        .bind(&t.places)
        .bind(&t.consents)
        .bind(i64::from(t.finished))
        .bind(t.created_at)
        .execute(&mut *tx)
        .await
        .map_err(StoreError::db(format!("cannot keep table {}", t.id)))?;
        for (hash, who) in links {
            sqlx::query("INSERT INTO table_links (token_hash, table_id, who) VALUES ($1, $2, $3)")
                .bind(hash)
                .bind(&t.id)
                .bind(who)
                .execute(&mut *tx)
                .await
                .map_err(StoreError::db("cannot keep the table's links"))?;
        }
        tx.commit()
            .await
            .map_err(StoreError::db(format!("cannot keep table {}", t.id)))
    }

    /// The table a link's hash opens, and for whom (a side, or empty for
    /// the umpire).
    pub async fn table_link(&self, hash: &str) -> Result<Option<(String, String)>> {
        let r = sqlx::query("SELECT table_id, who FROM table_links WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db("cannot read the table's link"))?;
        super::decode_one(
            r,
            |r| Ok((r.try_get("table_id")?, r.try_get("who")?)),
            "cannot read the table's link",
        )
    }

    /// The table called `id`.
    pub async fn table(&self, id: &str) -> Result<Option<TableRow>> {
        let r = sqlx::query(sql!("SELECT {COLUMNS} FROM table_games WHERE id = $1"))
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(StoreError::db(format!("cannot read table {id}")))?;
        super::decode_one(r, table, format!("cannot read table {id}"))
    }

    /// Every line typed at a table, in order.
    pub async fn table_lines(&self, id: &str) -> Result<Vec<TableLine>> {
        let rows = sqlx::query(
            "SELECT seq, who, line, answer, changed, at FROM table_lines WHERE table_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db(format!("cannot read the lines of table {id}")))?;
        super::decode_all(&rows, line, format!("cannot read the lines of table {id}"))
    }

    /// The lines typed at a table from `seq` on, in order.
    pub async fn table_lines_from(&self, id: &str, seq: i64) -> Result<Vec<TableLine>> {
        let rows = sqlx::query(
            "SELECT seq, who, line, answer, changed, at FROM table_lines WHERE table_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(self.pool())
        .await
        .map_err(StoreError::db(format!("cannot read the lines of table {id}")))?;
        super::decode_all(&rows, line, format!("cannot read the lines of table {id}"))
    }

    /// Tell every other process sharing this database that table `id`
    /// changed (PostgreSQL's `NOTIFY`; a SQLite file has one process). The
    /// note reads `FROM ID`: `from` names the process that changed it, so
    /// that it need not listen to itself.
    pub async fn table_changed(&self, id: &str, from: &str) -> Result<()> {
        if self.backend() != super::Backend::Postgres {
            return Ok(());
        }
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(self.channel("tables"))
            .bind(format!("{from} {id}"))
            .execute(self.pool())
            .await
            .map_err(StoreError::db(
                "cannot tell the other servers of a table's change",
            ))?;
        Ok(())
    }

    /// Hear of every table another process changed (PostgreSQL's
    /// `LISTEN`): the tables' ids, as they change. None for SQLite.
    pub async fn table_changes(&self) -> Result<Option<sqlx::postgres::PgListener>> {
        if self.backend() != super::Backend::Postgres {
            return Ok(None);
        }
        let mut l = sqlx::postgres::PgListener::connect(&self.location.url)
            .await
            .map_err(StoreError::db(
                "cannot listen for other servers' table changes",
            ))?;
        l.listen(&self.channel("tables"))
            .await
            .map_err(StoreError::db(
                "cannot listen for other servers' table changes",
            ))?;
        Ok(Some(l))
    }

    /// Keep one more line typed at a table.
    pub async fn add_table_line(&self, id: &str, l: &TableLine) -> Result<()> {
        sqlx::query(
            "INSERT INTO table_lines (table_id, seq, who, line, answer, changed, at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(l.seq)
        .bind(&l.who)
        .bind(&l.line)
        .bind(&l.answer)
        .bind(i64::from(l.changed))
        .bind(l.at)
        .execute(self.pool())
        .await
        .map_err(StoreError::db(format!("cannot keep a line of table {id}")))?;
        Ok(())
    }

    /// Put one piece at `at` on a table's map, and return the whole map
    /// as now kept (JSON). The row is locked first, so two servers placing
    /// different pieces at once both keep theirs.
    pub async fn place_piece(&self, id: &str, piece: &str, at: (f64, f64)) -> Result<String> {
        let what = format!("cannot keep the map of table {id}");
        let mut tx = super::begin(self).await?;
        sqlx::query("UPDATE table_games SET places = places WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(StoreError::db(what.clone()))?;
        let r = sqlx::query("SELECT places FROM table_games WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await
            .map_err(StoreError::db(what.clone()))?;
        let kept: String = r.try_get("places").map_err(StoreError::db(what.clone()))?;
        let mut places: std::collections::BTreeMap<String, (f64, f64)> =
            serde_json::from_str(&kept).unwrap_or_default();
        places.insert(piece.to_string(), at);
        let places = serde_json::to_string(&places)
            .map_err(|e| StoreError::Refused(format!("{what}: {e}")))?;
        sqlx::query("UPDATE table_games SET places = $2 WHERE id = $1")
            .bind(id)
            .bind(&places)
            .execute(&mut *tx)
            .await
            .map_err(StoreError::db(what.clone()))?;
        super::commit(tx, &format!("the map of table {id}")).await?;
        Ok(places)
    }

    /// Mark a table's game over: every log opens to everyone.
    pub async fn finish_table(&self, id: &str) -> Result<()> {
        sqlx::query("UPDATE table_games SET finished = 1 WHERE id = $1")
            .bind(id)
            .execute(self.pool())
            .await
            .map_err(StoreError::db(format!("cannot end table {id}")))?;
        Ok(())
    }
}
