//! The database itself: made on first use, brought up to date, and every
//! bad database refused with the reason and left as it was.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use umpire_host::on_both;

use umpire_host::store::{Location, Store, StoreError, migrate};

async fn opens_twice_and_keeps_its_schema(location: Location) {
    let store = Store::open(&location).await.unwrap();
    assert_eq!(
        migrate::applied(&store).await.unwrap(),
        vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    );
    assert!(store.games().await.unwrap().is_empty());
    store.close().await;
    // Opening again changes nothing.
    let store = Store::open(&location).await.unwrap();
    assert_eq!(
        migrate::applied(&store).await.unwrap(),
        vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    );
    store.close().await;
}
on_both!(opens_twice, opens_twice_and_keeps_its_schema);

async fn refuses_a_newer_schema(location: Location) {
    let store = Store::open(&location).await.unwrap();
    store.close().await;
    support::execute(
        &location,
        "INSERT INTO umpire_schema (version, name, applied_at) VALUES (99, 'from the future', 0)",
    )
    .await;
    let e = Store::open(&location).await.err().expect("refused");
    let text = e.to_string();
    assert!(
        text.contains(&format!(
            "made by a newer Umpire (schema version 99; this one knows up to {})",
            umpire_host::store::migrate::latest()
        )),
        "{text}"
    );
    assert!(text.contains("nothing was changed"), "{text}");
}
on_both!(newer_schema, refuses_a_newer_schema);

async fn refuses_someone_elses_tables(location: Location) {
    support::execute(&location, "CREATE TABLE games (id TEXT, score BIGINT)").await;
    let e = Store::open(&location).await.err().expect("refused");
    let text = e.to_string();
    assert!(text.contains("is not an Umpire database"), "{text}");
    assert!(text.contains("games"), "{text}");
}
on_both!(foreign_tables, refuses_someone_elses_tables);

#[tokio::test]
async fn a_file_that_is_not_a_database_is_refused_and_left_alone() {
    let dir = support::temp_dir("not-a-db");
    let path = dir.join("umpire.db");
    let junk: Vec<u8> = (0..8192u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(&path, &junk).unwrap();
    let e = Store::open(&Location::sqlite(&path))
        .await
        .err()
        .expect("refused");
    let text = e.to_string();
    assert!(matches!(e, StoreError::Open(_)), "{e:?}");
    assert!(
        text.contains("is not a SQLite database, or it is damaged"),
        "{text}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), junk, "the file is untouched");
}

#[tokio::test]
async fn a_folder_where_the_file_should_be_is_refused() {
    let dir = support::temp_dir("folder-db");
    let path = dir.join("umpire.db");
    std::fs::create_dir_all(&path).unwrap();
    let e = Store::open(&Location::sqlite(&path))
        .await
        .err()
        .expect("refused");
    assert!(e.to_string().contains("is a folder"), "{e}");
}

#[tokio::test]
async fn a_postgres_that_does_not_answer_is_named() {
    // Nothing listens on port 1.
    let e = Store::open(&Location::parse("postgres://root@127.0.0.1:1/test").unwrap())
        .await
        .err()
        .expect("refused");
    let text = e.to_string();
    assert!(text.contains("127.0.0.1:1"), "{text}");
}
