//! Upgrades: a database made by an earlier Umpire migrates forward and its
//! games run on; one made by a later Umpire is refused with the reason,
//! and left as it was.
//!
//! `tests/fixtures/schema-v6.db` is a database made by schema version 6 (an
//! Overlord game after one turn with orders waiting for the next, an En
//! Garde! game after one month, a game master's desk login), kept as it
//! was made; `schema-v6.passwords` holds its seats' passwords. It is made
//! once by `make_the_schema_6_fixture` (ignored; run it only when a new
//! fixture is wanted, with the schema it is to keep) and then never
//! changed: each later schema version must open it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::{Path, PathBuf};

use umpire_host::backup;
use umpire_host::host::{Host, NewGame, Settings, Submission, Trigger};
use umpire_host::kind::Options;
use umpire_host::store::{Location, Store, migrate};
use umpire_host::testing::temp_dir;

const FIXTURE_SCHEMA: i64 = 6;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn fixture() -> PathBuf {
    fixtures().join(format!("schema-v{FIXTURE_SCHEMA}.db"))
}

/// The fixture's passwords: `game seat password` per line.
fn password(game: &str, seat: &str) -> String {
    let text =
        std::fs::read_to_string(fixtures().join(format!("schema-v{FIXTURE_SCHEMA}.passwords")))
            .unwrap();
    password_in(&text, game, seat)
}

/// What a database holds, table by table, to see that nothing changed.
async fn contents(db: &Path) -> Vec<(String, i64, String)> {
    use sqlx::{Connection, Row};
    let mut c = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let tables: Vec<String> =
        sqlx::query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&mut c)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<String, _>(0))
            .collect();
    let mut out = Vec::new();
    for t in tables {
        let r = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT count(*) AS n, coalesce(max(rowid), 0) AS top FROM \"{t}\""
        )))
        .fetch_one(&mut c)
        .await
        .unwrap();
        out.push((t, r.get::<i64, _>("n"), r.get::<i64, _>("top").to_string()));
    }
    let versions: Vec<i64> = sqlx::query("SELECT version FROM umpire_schema ORDER BY version")
        .fetch_all(&mut c)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<i64, _>(0))
        .collect();
    out.push(("versions".into(), 0, format!("{versions:?}")));
    c.close().await.unwrap();
    out
}

/// A copy of the fixture to work on.
fn copy_of_fixture(name: &str) -> Location {
    let db = temp_dir(name).join("umpire.db");
    std::fs::copy(fixture(), &db).unwrap();
    Location::sqlite(&db)
}

fn now() -> Trigger {
    Trigger::Now {
        actor: "gm@test".into(),
    }
}

async fn mail(host: &Host, game: &str, text: &str) -> umpire_host::host::Answer {
    host.submit(Submission {
        game,
        source: "mail",
        sender: Some("player@players.test"),
        message_id: None,
        name: "mail",
        bytes: text.as_bytes(),
        authenticated: None,
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_schema_6_migrates_forward_and_its_games_run_on() {
    // The fixture is what schema version 6 made.
    let kept = backup::examine(&fixture()).await.unwrap();
    assert_eq!(kept.schema, FIXTURE_SCHEMA);
    assert_eq!(
        kept.games,
        vec![
            ("paris".into(), "engarde".into(), 1),
            ("westmarch".into(), "overlord".into(), 1),
        ]
    );

    let location = copy_of_fixture("upgrade-forward");
    let host = Host::open(&location).await.unwrap();
    let applied = migrate::applied(host.store()).await.unwrap();
    assert_eq!(
        applied,
        (1..=migrate::latest()).collect::<Vec<_>>(),
        "every version since the fixture's is applied"
    );

    // Overlord: the orders sent before the upgrade run in the next turn,
    // new ones are taken with the old passwords, and the turn after too.
    let f5 = password("westmarch", "f5");
    let before = host
        .store()
        .report("westmarch", "f5", None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(before.turn, 1);
    let waiting = host.store().orders_of("westmarch", 2, "f5").await.unwrap();
    assert!(
        waiting.is_some(),
        "the fixture's orders for turn 2 are there"
    );
    host.run_turn("westmarch", now()).await.unwrap();
    let after = host
        .store()
        .report("westmarch", "f5", None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(after.turn, 2);
    assert!(
        after.text.contains("Report for Turn 2 for Faction 5"),
        "{}",
        after.text
    );
    let orders = after.template.unwrap().replacen("PASSWORD", &f5, 1);
    let a = mail(&host, "westmarch", &orders).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    assert!(a.text.contains("stored for turn 3"), "{}", a.text);
    host.run_turn("westmarch", now()).await.unwrap();
    assert_eq!(
        host.store().game("westmarch").await.unwrap().unwrap().turn,
        3
    );

    // En Garde!: Athos's sheet with his old password, and the month runs.
    let athos = password("paris", "athos");
    let a = mail(
        &host,
        "paris",
        &format!("CHARACTER Athos\nPASSWORD {athos}\nPREMONTHLY\nWEEK 1\nCAROUSE\n"),
    )
    .await;
    assert_eq!(a.refused, 0, "{}", a.text);
    host.run_turn("paris", now()).await.unwrap();
    let month = host
        .store()
        .report("paris", "athos", None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(month.turn, 2);

    // The game master's desk login still works.
    let desk = password("desk", "gm");
    let login = host
        .login_desk("gm", &umpire_host::password::Secret::new(desk))
        .await
        .unwrap();
    assert!(login.is_some(), "the desk login of before the upgrade");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_newer_than_this_umpire_is_refused_with_the_reason() {
    let location = copy_of_fixture("upgrade-newer");
    let db = location.sqlite_path().unwrap();
    let newer = migrate::latest() + 1;
    support::execute(
        &location,
        &format!(
            "INSERT INTO umpire_schema (version, name, applied_at) VALUES ({newer}, 'from the future', 0)"
        ),
    )
    .await;
    let before = contents(&db).await;
    let refused = Store::open(&location).await.err().expect("refused");
    let why = refused.to_string();
    println!("{why}");
    assert!(
        why.contains(&format!(
            "was made by a newer Umpire (schema version {newer}; this one knows up to {})",
            migrate::latest()
        )),
        "{why}"
    );
    assert!(why.contains("nothing was changed"), "{why}");
    assert!(contents(&db).await == before, "the database is as it was");

    // Nor is it restored over a database this Umpire can run.
    let other = Location::sqlite(&temp_dir("upgrade-newer-target").join("umpire.db"));
    let e = backup::restore(&db, &other).await.unwrap_err();
    assert!(e.to_string().contains("was made by a newer Umpire"), "{e}");
    assert!(
        !other.sqlite_path().unwrap().exists(),
        "nothing was put in place"
    );
}

/// Makes the fixture (run by hand, with `--ignored`, only to make a new
/// one): see the module's doc.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn make_the_schema_6_fixture() {
    assert_eq!(
        migrate::latest(),
        FIXTURE_SCHEMA,
        "the fixture is made by the schema it is named after"
    );
    let location = umpire_host::testing::sqlite("upgrade-make");
    let host = Host::open(&location).await.unwrap();
    let mut passwords = String::new();
    let made = host
        .create(NewGame {
            kind: "overlord".into(),
            name: "westmarch".into(),
            options: Options(vec![
                ("factions".into(), "3".into()),
                ("seed".into(), "21".into()),
                ("size".into(), "small".into()),
            ]),
            settings: Settings::default(),
            actor: "gm@test".into(),
        })
        .await
        .unwrap();
    for t in &made.seats {
        let pw = t.password.as_ref().unwrap().expose().to_string();
        passwords.push_str(&format!("westmarch {} {pw}\n", t.seat));
    }
    host.run_turn("westmarch", now()).await.unwrap();
    let f5 = password_in(&passwords, "westmarch", "f5");
    let r = host
        .store()
        .report("westmarch", "f5", None)
        .await
        .unwrap()
        .unwrap();
    let a = mail(
        &host,
        "westmarch",
        &r.template.unwrap().replacen("PASSWORD", &f5, 1),
    )
    .await;
    assert_eq!(a.refused, 0, "{}", a.text);

    let made = host
        .create(NewGame {
            kind: "engarde".into(),
            name: "paris".into(),
            options: Options(vec![
                ("player".into(), "Athos:athos@players.test".into()),
                ("player".into(), "Porthos:porthos@players.test".into()),
                ("seed".into(), "3".into()),
            ]),
            settings: Settings::default(),
            actor: "gm@test".into(),
        })
        .await
        .unwrap();
    for t in &made.seats {
        let pw = t.password.as_ref().unwrap().expose().to_string();
        passwords.push_str(&format!("paris {} {pw}\n", t.seat));
    }
    host.run_turn("paris", now()).await.unwrap();
    let desk = host.add_desk_user("gm", "gm@test").await.unwrap();
    passwords.push_str(&format!("desk gm {}\n", desk.expose()));

    let to = fixture();
    let _ = std::fs::remove_file(&to);
    let copy = backup::take(host.store(), &to).await.unwrap();
    std::fs::write(
        fixtures().join(format!("schema-v{FIXTURE_SCHEMA}.passwords")),
        passwords,
    )
    .unwrap();
    println!(
        "{} ({} bytes): {}",
        copy.path.display(),
        copy.bytes,
        copy.summary
    );
}

fn password_in(text: &str, game: &str, seat: &str) -> String {
    text.lines()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            (w.next() == Some(game) && w.next() == Some(seat))
                .then(|| w.next().unwrap().to_string())
        })
        .unwrap_or_else(|| panic!("no password for {game} {seat}"))
}
