//! Databases for tests (the `testing` feature): a fresh SQLite file, and a
//! fresh schema of the PostgreSQL the project's machines run
//! (127.0.0.1:5432, trust auth, database `test`; `UMPIRE_TEST_POSTGRES`
//! names another). A test that needs PostgreSQL fails, loudly, when it is
//! not there: it never passes without it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use crate::store::Location;
use sqlx::{Connection, Executor};

/// The PostgreSQL the tests use.
pub fn postgres_url() -> String {
    std::env::var("UMPIRE_TEST_POSTGRES").unwrap_or_else(|_| {
        let user = std::env::var("USER").unwrap_or_else(|_| "root".to_string());
        format!("postgres://{user}@127.0.0.1:5432/test")
    })
}

/// A new empty folder for test `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join("umpire-host-tests")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// A fresh SQLite database for test `name`.
pub fn sqlite(name: &str) -> Location {
    Location::sqlite(&temp_dir(name).join("umpire.db"))
}

/// A fresh PostgreSQL schema for test `name` (any left from an earlier
/// run is dropped first).
pub async fn postgres(name: &str) -> Location {
    let schema = format!("t_{}_{}", name.replace('-', "_"), std::process::id());
    sqlx::any::install_default_drivers();
    let url = postgres_url();
    let mut c = sqlx::AnyConnection::connect(&url)
        .await
        .unwrap_or_else(|e| {
            panic!(
                "PostgreSQL is needed for this test and does not answer at {url}: {e}\n\
             (start it with scripts/services, or set UMPIRE_TEST_POSTGRES)"
            )
        });
    c.execute(sqlx::AssertSqlSafe(format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE"
    )))
    .await
    .expect("drop the test schema");
    Location::parse(&format!("{url}?schema={schema}")).expect("a postgres location")
}

/// Run SQL on a location directly (to move a deadline into the past, as
/// time passing would).
pub async fn execute(location: &Location, sql: &str) {
    let mut c = connect(location).await;
    c.execute(sqlx::AssertSqlSafe(sql.to_string()))
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// The number a query on a location answers (its first column).
pub async fn count(location: &Location, query: &str) -> i64 {
    use sqlx::Row;
    let mut c = connect(location).await;
    sqlx::query(sqlx::AssertSqlSafe(query.to_string()))
        .fetch_one(&mut c)
        .await
        .and_then(|r| r.try_get::<i64, _>(0))
        .unwrap_or_else(|e| panic!("{query}: {e}"))
}

/// A connection to a location, in its schema (made when missing).
async fn connect(location: &Location) -> sqlx::AnyConnection {
    let url = match location.sqlite_path() {
        Some(p) => format!("sqlite://{}?mode=rwc", p.display()),
        None => postgres_url(),
    };
    sqlx::any::install_default_drivers();
    let mut c = sqlx::AnyConnection::connect(&url).await.expect("connect");
    if location.sqlite_path().is_none() {
        let shown = location.to_string();
        let schema = shown
            .rsplit_once("(schema ")
            .map(|(_, s)| s.trim_end_matches(')').to_string())
            .expect("a schema");
        c.execute(sqlx::AssertSqlSafe(format!(
            "CREATE SCHEMA IF NOT EXISTS {schema}"
        )))
        .await
        .expect("make the schema");
        c.execute(sqlx::AssertSqlSafe(format!("SET search_path TO {schema}")))
            .await
            .expect("set the schema");
    }
    c
}

/// Declare a test run once on SQLite and once on PostgreSQL.
#[macro_export]
macro_rules! on_both {
    ($name:ident, $case:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$case($crate::testing::sqlite(concat!(stringify!($name), "-lite"))).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$case($crate::testing::postgres(concat!(stringify!($name), "_pg")).await)
                    .await;
            }
        }
    };
}

/// The code last mailed to `address` for taking an open seat of `game`
/// (`Host::ask_for_seat`), as the newcomer reads it in the mail.
pub async fn claim_code(host: &crate::host::Host, game: &str, address: &str) -> String {
    let outbox = host.store().outbox(Some(game), None).await.unwrap();
    let mail = outbox
        .iter()
        .rev()
        .find(|m| m.message.kind == "claim" && m.message.to == address)
        .unwrap();
    mail.message
        .body
        .split("The code is ")
        .nth(1)
        .and_then(|r| r.split('.').next())
        .unwrap()
        .to_string()
}
