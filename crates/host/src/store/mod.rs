//! The host's database: SQLite embedded by default, PostgreSQL when given
//! a URL. One schema and one set of queries for both (placeholders `$1`,
//! which both take); the migrations differ only in two words, spelled
//! `{id}` (an automatic row number) and `{blob}` (bytes) in the files and
//! filled in per backend.
//!
//! What it holds (nothing a player sent is ever deleted):
//!
//! | table | what |
//! |---|---|
//! | `games` | each game: kind, settings, status, turns run, the deadline, the run under way |
//! | `worlds` | every revision of a game's world: made, each turn, joins, removals, rollbacks |
//! | `seats` | factions or characters: addresses, password hash, status, turns missed |
//! | `submissions` | every message in, raw, with its source, time and what became of it |
//! | `orders` | the orders kept for each turn and seat (the one received last) |
//! | `articles` | press and rumours for each turn |
//! | `turns` | each turn run: worlds before and after, seed, events, run time |
//! | `reports` | each seat's report and template of each turn |
//! | `outbox` | every message to send, and what became of it |
//! | `audit` | every game master's action |
//! | `rulings` | the game master's rulings on lines held for them, by turn |
//! | `ready_marks` | each seat's word on its orders for a turn: ready, or not ready |
//! | `leaves` | each seat on leave: the last turn of its leave |
//! | `open_seats` | seats the game master opened for a newcomer to take |
//! | `seat_claims` | a newcomer's claim on an open seat, waiting for the code mailed to them |
//! | `messages` | what players wrote to each other, on the web or by mail to a faction's address |
//! | `table_games`, `table_lines`, `table_links` | games at the table: scenario, every line typed, the map, the links |
//!
//! Writes to one game are serialised: each write transaction first bumps
//! the game's `touched` counter, which takes PostgreSQL's row lock or
//! SQLite's write lock before anything is read.

/// A query built from this module's own constants (column lists), never
/// from input: every value is bound as a parameter.
macro_rules! sql {
    ($($t:tt)*) => {
        sqlx::AssertSqlSafe(format!($($t)*))
    };
}

mod audit;
mod games;
mod leave;
mod messages;
pub mod migrate;
mod news;
mod outbox;
mod readiness;
mod record;
mod rulings;
mod seats;
mod stats;
mod submissions;
mod tables;
mod turns;
mod web;

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Connection as _, Executor};

pub use audit::AuditEntry;
pub(crate) use audit::record as audit_record;
pub use games::{GameRow, Status};
pub(crate) use games::{game_in, insert as games_insert, update as games_update};
pub use leave::{Claim, Leave, OpenSeat};
pub(crate) use leave::{
    claim_of, close_seat, count_try, drop_claims, mark_on_leave, on_leave_in, open_seat, put_claim,
    revoke_tokens, set_leave,
};
pub use messages::{MessageCount, MessageRow};
pub(crate) use messages::{NewMessage, keep_message};
pub use news::TurnNews;
pub use outbox::{Channel, OutboxRow, Outgoing};
pub(crate) use outbox::{queue, withdraw_run, withdraw_seat_mail};
pub use readiness::ReadyMark;
pub(crate) use readiness::{marks_in, set_mark};
pub use record::SeatTurn;
pub use rulings::RulingRow;
pub(crate) use rulings::{keep_ruling, rulings_for};
pub use seats::{SeatRow, SeatStatus};
pub(crate) use seats::{seats_in, set_password, upgrade_password, upsert as upsert_seat};
pub use stats::{PoolUse, Stats};
pub use submissions::SubmissionRow;
pub use submissions::{Incoming, Kept, OrdersRow};
pub(crate) use submissions::{
    answer, articles_for, claim, keep_article, keep_orders, keep_text, orders_for,
};
pub use tables::{TableLine, TableRow};
pub use turns::{ReportRow, TurnRow, WorldRow};
pub(crate) use turns::{
    keep_report, keep_turn, keep_world, kept_turn, next_attempt, roll_back, world_in, world_made_at,
};
pub use web::{SessionRow, TokenRow};

/// Which database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Why the store could not do something, worded for the game master.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{0}")]
    Refused(String),
    #[error("the database cannot be opened: {0}")]
    Open(String),
    #[error("{what}: {source}{}", hint(source))]
    Database {
        what: String,
        #[source]
        source: sqlx::Error,
    },
}

/// A word on what a database failure means for the game master.
fn hint(e: &sqlx::Error) -> &'static str {
    match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => {
            " (the database does not answer: is it running and reachable? Nothing was lost; try again when it is)"
        }
        sqlx::Error::Database(d) if d.message().contains("full") => {
            " (the disk is full, or the database reached its size limit: nothing was changed; make room and try again)"
        }
        _ => "",
    }
}

impl StoreError {
    pub(crate) fn db(what: impl Into<String>) -> impl FnOnce(sqlx::Error) -> StoreError {
        let what = what.into();
        move |source| StoreError::Database { what, source }
    }

    /// The database itself failed (not a refusal): a full disk, a server
    /// gone away. Worth trying again later.
    pub fn is_transient(&self) -> bool {
        matches!(self, StoreError::Database { .. })
    }

    /// What was written is there already: another process wrote the same
    /// key first.
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            StoreError::Database { source: sqlx::Error::Database(d), .. } if d.is_unique_violation()
        )
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// Where the database is, as given: a `sqlite:` path or a `postgres://`
/// URL. Its `Debug` and `Display` hide a password in the URL.
#[derive(Clone, PartialEq, Eq)]
pub struct Location {
    url: String,
    /// The PostgreSQL schema to use (`?schema=NAME` on the URL), made if
    /// missing.
    schema: Option<String>,
    /// SQLite: at most this many pages (`?max_pages=N`), to cap the
    /// file's size; past it every write fails as on a full disk.
    max_pages: Option<u64>,
}

impl Location {
    /// A SQLite file.
    pub fn sqlite(path: &Path) -> Location {
        Location {
            url: format!("sqlite://{}", path.display()),
            schema: None,
            max_pages: None,
        }
    }

    /// Read `sqlite:PATH`, `sqlite://PATH`, a bare path, or
    /// `postgres://…` / `postgresql://…` (with an optional `schema=NAME`
    /// parameter).
    pub fn parse(s: &str) -> std::result::Result<Location, StoreError> {
        let s = s.trim();
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            let (base, query) = s.split_once('?').unwrap_or((s, ""));
            let mut schema = None;
            let mut rest = Vec::new();
            for pair in query.split('&').filter(|p| !p.is_empty()) {
                match pair.split_once('=') {
                    Some(("schema", v)) => {
                        if v.is_empty() || !v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        {
                            return Err(StoreError::Refused(format!(
                                "the schema `{v}` must be letters, digits and _"
                            )));
                        }
                        schema = Some(v.to_ascii_lowercase());
                    }
                    _ => rest.push(pair),
                }
            }
            let url = if rest.is_empty() {
                base.to_string()
            } else {
                format!("{base}?{}", rest.join("&"))
            };
            return Ok(Location {
                url,
                schema,
                max_pages: None,
            });
        }
        if s.starts_with("mysql:") || s.starts_with("mariadb:") {
            return Err(StoreError::Refused(format!(
                "`{}` is not a database Umpire can use: give a sqlite: path or a postgres:// URL",
                redact(s)
            )));
        }
        let path = s
            .strip_prefix("sqlite://")
            .or_else(|| s.strip_prefix("sqlite:"))
            .unwrap_or(s);
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        if path.is_empty() {
            return Err(StoreError::Refused(
                "no database given: a sqlite: path or a postgres:// URL".to_string(),
            ));
        }
        let mut l = Location::sqlite(Path::new(path));
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("max_pages", n)) => {
                    l.max_pages = Some(n.parse().map_err(|_| {
                        StoreError::Refused(format!(
                            "max_pages must be a number of pages, not `{n}`"
                        ))
                    })?);
                }
                _ => {
                    return Err(StoreError::Refused(format!(
                        "`{pair}` is not a setting of a SQLite database (max_pages=N is)"
                    )));
                }
            }
        }
        Ok(l)
    }

    pub fn backend(&self) -> Backend {
        if self.url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        }
    }

    /// The SQLite file, for a SQLite location.
    pub fn sqlite_path(&self) -> Option<PathBuf> {
        self.url.strip_prefix("sqlite://").map(PathBuf::from)
    }
}

/// The URL with any password replaced by `***`.
fn redact(url: &str) -> String {
    if let Some((scheme, rest)) = url.split_once("://")
        && let Some((auth, host)) = rest.split_once('@')
        && let Some((user, _)) = auth.split_once(':')
    {
        return format!("{scheme}://{user}:***@{host}");
    }
    url.to_string()
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.backend() {
            Backend::Sqlite => {
                write!(f, "{}", self.url)?;
                if let Some(n) = self.max_pages {
                    write!(f, " (at most {n} pages)")?;
                }
                Ok(())
            }
            Backend::Postgres => {
                write!(f, "{}", redact(&self.url))?;
                if let Some(s) = &self.schema {
                    write!(f, " (schema {s})")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Location({self})")
    }
}

/// The database, open.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    location: Location,
}

/// Milliseconds since 1970, the unit of every time in the store.
pub fn now_ms() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

impl Store {
    /// Open (and make, for SQLite) the database at `location`, and bring
    /// its schema up to date. Refuses a file or database that is not
    /// Umpire's, and one made by a newer Umpire.
    pub async fn open(location: &Location) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = location.backend();
        let mut url = location.url.clone();
        if backend == Backend::Sqlite {
            if let Some(path) = location.sqlite_path() {
                if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                    make_folder(parent).map_err(|e| {
                        StoreError::Open(format!(
                            "cannot make the folder {}: {e}",
                            parent.display()
                        ))
                    })?;
                }
                if path.is_dir() {
                    return Err(StoreError::Open(format!(
                        "{} is a folder, not a database file",
                        path.display()
                    )));
                }
                owner_only(&path)?;
                check_sqlite_header(&path)?;
            }
            url.push_str("?mode=rwc");
        }
        let options = AnyConnectOptions::from_str(&url)
            .map_err(|e| StoreError::Open(format!("{location}: {e}")))?;
        // One connection first, so a database that is not there fails at
        // once with its reason rather than after the pool's retries.
        sqlx::AnyConnection::connect_with(&options)
            .await
            .map_err(|e| open_error(location, e))?
            .close()
            .await
            .map_err(|e| open_error(location, e))?;
        let schema = location.schema.clone();
        let max_pages = location.max_pages;
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _meta| {
                let schema = schema.clone();
                Box::pin(async move {
                    match backend {
                        Backend::Sqlite => {
                            // Every commit reaches the disk before it counts
                            // (a turn must not be lost), readers do not wait
                            // for a writer, and a writer waits its turn.
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA synchronous = FULL").await?;
                            conn.execute("PRAGMA busy_timeout = 30000").await?;
                            if let Some(n) = max_pages {
                                conn.execute(sqlx::AssertSqlSafe(format!(
                                    "PRAGMA max_page_count = {n}"
                                )))
                                .await?;
                            }
                        }
                        Backend::Postgres => {
                            // Reports are large and compress well: lz4
                            // is several times faster than the default
                            // where the server has it (PostgreSQL 14+);
                            // without it, the default stays.
                            let _ = conn.execute("SET default_toast_compression TO 'lz4'").await;
                            if let Some(s) = schema {
                                conn.execute(sqlx::AssertSqlSafe(format!(
                                    "CREATE SCHEMA IF NOT EXISTS {s}"
                                )))
                                .await?;
                                conn.execute(sqlx::AssertSqlSafe(format!(
                                    "SET search_path TO {s}"
                                )))
                                .await?;
                            }
                        }
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(|e| open_error(location, e))?;
        let store = Store {
            pool,
            location: location.clone(),
        };
        migrate::up(&store).await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.location.backend()
    }

    pub fn location(&self) -> &Location {
        &self.location
    }

    /// A channel name of this database's Umpire (`LISTEN`/`NOTIFY` names
    /// are the database's, so the schema is in it).
    pub(crate) fn channel(&self, what: &str) -> String {
        format!(
            "umpire_{what}_{}",
            self.location.schema.as_deref().unwrap_or("public")
        )
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// A connection of the pool, for reads outside a transaction.
    pub(crate) async fn connection(&self) -> Result<sqlx::pool::PoolConnection<sqlx::Any>> {
        self.pool
            .acquire()
            .await
            .map_err(StoreError::db("cannot reach the database"))
    }

    /// Close every connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Refuse a file that is not empty and does not start as every SQLite
/// database does, before SQLite is let near it.
/// Make a folder (and those above it) that only its owner may open.
pub fn make_folder(path: &Path) -> std::io::Result<()> {
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(path)
}

/// Make the database file readable and writable by its owner only
/// (created so when it is new, so it is never readable by others even
/// for a moment); SQLite gives its journal the same permissions.
fn owner_only(path: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        if !path.exists() {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(path)
                .map_err(|e| StoreError::Open(format!("cannot make {}: {e}", path.display())))?;
        }
        // A file another user owns cannot be changed; it opens as before.
        if let Err(e) = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)) {
            tracing::warn!(path = %path.display(), error = %e, "the database stays readable by others");
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

pub(crate) fn check_sqlite_header(path: &Path) -> Result<()> {
    use std::io::Read as _;
    let Ok(mut f) = std::fs::File::open(path) else {
        return Ok(());
    };
    let mut head = [0u8; 16];
    let n = f.read(&mut head).unwrap_or(0);
    if n == 0 || head == *b"SQLite format 3\0" {
        return Ok(());
    }
    Err(StoreError::Open(format!(
        "{} is not a SQLite database, or it is damaged (it does not begin as one); nothing was changed",
        path.display()
    )))
}

/// Why a database could not be opened, in words.
fn open_error(location: &Location, e: sqlx::Error) -> StoreError {
    let text = e.to_string();
    if text.contains("file is not a database") || text.contains("malformed") {
        return StoreError::Open(format!(
            "{location} is not a SQLite database, or it is damaged ({text}); nothing was changed"
        ));
    }
    if text.contains("Connection refused") || text.contains("connection refused") {
        return StoreError::Open(format!(
            "no database server answers at {location} ({text}); is PostgreSQL running?"
        ));
    }
    StoreError::Open(format!("{location}: {text}"))
}

/// Text as both databases keep it: PostgreSQL's text cannot hold a NUL,
/// which a player's mail may, so a NUL is kept as U+FFFD (the raw message
/// keeps every byte).
pub(crate) fn text(s: &str) -> String {
    s.replace('\0', "\u{FFFD}")
}

/// Decode every row with `f`, or say what could not be read.
pub(crate) fn decode_all<T>(
    rows: &[sqlx::any::AnyRow],
    f: impl Fn(&sqlx::any::AnyRow) -> std::result::Result<T, sqlx::Error>,
    what: impl Into<String>,
) -> Result<Vec<T>> {
    rows.iter()
        .map(f)
        .collect::<std::result::Result<_, _>>()
        .map_err(StoreError::db(what))
}

/// Decode a row if there is one.
pub(crate) fn decode_one<T>(
    row: Option<sqlx::any::AnyRow>,
    f: impl Fn(&sqlx::any::AnyRow) -> std::result::Result<T, sqlx::Error>,
    what: impl Into<String>,
) -> Result<Option<T>> {
    row.as_ref()
        .map(f)
        .transpose()
        .map_err(StoreError::db(what))
}

/// Begin a transaction.
pub(crate) async fn begin(store: &Store) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
    store
        .pool
        .begin()
        .await
        .map_err(StoreError::db("cannot begin a transaction"))
}

/// Commit a transaction.
pub(crate) async fn commit(tx: sqlx::Transaction<'static, sqlx::Any>, what: &str) -> Result<()> {
    tx.commit()
        .await
        .map_err(StoreError::db(format!("cannot commit {what}")))
}

/// Begin a write transaction on `game`: its row is locked (PostgreSQL) or
/// the database's write lock taken (SQLite) before anything is read.
pub(crate) async fn begin_on(
    store: &Store,
    game: &str,
) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
    let mut tx = store
        .pool
        .begin()
        .await
        .map_err(StoreError::db("cannot begin a transaction"))?;
    sqlx::query("UPDATE games SET touched = touched + 1 WHERE id = $1")
        .bind(game)
        .execute(&mut *tx)
        .await
        .map_err(StoreError::db(format!("cannot lock game {game}")))?;
    Ok(tx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_read_as_game_masters_write_them() {
        let l = Location::parse(
            "postgres://umpire:s3cret@db.example:5432/umpire?schema=games_1&sslmode=disable",
        )
        .unwrap();
        assert_eq!(l.backend(), Backend::Postgres);
        assert_eq!(
            l.to_string(),
            "postgres://umpire:***@db.example:5432/umpire?sslmode=disable (schema games_1)"
        );
        assert!(!format!("{l:?}").contains("s3cret"));
        assert_eq!(
            Location::parse("sqlite:/tmp/x.db").unwrap().sqlite_path(),
            Some(PathBuf::from("/tmp/x.db"))
        );
        assert_eq!(
            Location::parse("/tmp/y.db").unwrap().sqlite_path(),
            Some(PathBuf::from("/tmp/y.db"))
        );
        assert!(Location::parse("mysql://root@localhost/test").is_err());
        assert!(Location::parse("postgres://h/db?schema=bad;drop").is_err());
        assert!(Location::parse("").is_err());
        let capped = Location::parse("sqlite:/tmp/z.db?max_pages=100").unwrap();
        assert_eq!(capped.sqlite_path(), Some(PathBuf::from("/tmp/z.db")));
        assert_eq!(capped.to_string(), "sqlite:///tmp/z.db (at most 100 pages)");
        assert!(Location::parse("sqlite:/tmp/z.db?max_pages=lots").is_err());
        assert!(Location::parse("sqlite:/tmp/z.db?journal=off").is_err());
    }
}
