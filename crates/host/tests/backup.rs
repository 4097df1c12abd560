//! Backups that restore: a copy taken while a turn runs and mail pours in
//! holds exactly the database of one moment; restored into a new folder it
//! is that moment's games, orders, reports and outbox. The automatic
//! backups (before every turn, daily) keep the newest few; a restore is
//! refused while a server uses the database, and says what it replaced.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use sqlx::{Connection, Row, SqliteConnection};
use umpire_host::backup::{self, Policy};
use umpire_host::host::{Host, NewGame, Settings, Submission, Trigger};
use umpire_host::kind::Options;
use umpire_host::lock::{ServeLock, Serving};
use umpire_host::store::Location;
use umpire_host::testing::{sqlite, temp_dir};

/// A hosted Overlord game of `factions` seats, and their passwords.
async fn new_game(host: &Host, name: &str, factions: u32) -> Vec<(String, String)> {
    let made = host
        .create(NewGame {
            kind: "overlord".into(),
            name: name.into(),
            options: Options(vec![
                ("factions".into(), factions.to_string()),
                ("seed".into(), "11".into()),
                ("size".into(), "small".into()),
            ]),
            settings: Settings::default(),
            actor: "gm@test".into(),
        })
        .await
        .unwrap();
    made.seats
        .iter()
        .map(|t| {
            (
                t.seat.clone(),
                t.password.as_ref().unwrap().expose().to_string(),
            )
        })
        .collect()
}

async fn mail(host: &Host, game: &str, from: &str, id: &str, text: &str) {
    host.submit(Submission {
        game,
        source: "mail",
        sender: Some(from),
        message_id: Some(id),
        name: "mail",
        bytes: text.as_bytes(),
        authenticated: None,
    })
    .await
    .unwrap();
}

async fn template(host: &Host, game: &str, seat: &str, password: &str) -> String {
    let r = host
        .store()
        .report(game, seat, None)
        .await
        .unwrap()
        .unwrap();
    r.template.unwrap().replacen("PASSWORD", password, 1)
}

async fn open(path: &Path) -> SqliteConnection {
    SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every row of every table, as SQLite quotes it, table by table (rows
/// sorted: a copy may number hidden row ids differently).
async fn dump(c: &mut SqliteConnection) -> Vec<(String, Vec<String>)> {
    let tables: Vec<String> =
        sqlx::query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&mut *c)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<String, _>(0))
            .collect();
    let mut out = Vec::new();
    for t in tables {
        let columns: Vec<String> = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT name FROM pragma_table_info('{t}')"
        )))
        .fetch_all(&mut *c)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<String, _>(0))
        .collect();
        let select = columns
            .iter()
            .map(|col| format!("quote(\"{col}\")"))
            .collect::<Vec<_>>()
            .join(" || ',' || ");
        let mut rows: Vec<String> = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {select} AS line FROM \"{t}\""
        )))
        .fetch_all(&mut *c)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<String, _>("line"))
        .collect();
        rows.sort();
        out.push((t, rows));
    }
    out
}

/// The end of each committed transaction in a write-ahead log: the byte
/// length of the log up to and including each commit frame.
fn commits(wal: &[u8]) -> Vec<usize> {
    assert!(wal.len() >= 32, "the log holds no header");
    let page = u32::from_be_bytes(wal[8..12].try_into().unwrap()) as usize;
    let frame = 24 + page;
    let mut ends = Vec::new();
    let mut at = 32;
    while at + frame <= wal.len() {
        let size_after = u32::from_be_bytes(wal[at + 4..at + 8].try_into().unwrap());
        if size_after != 0 {
            ends.push(at + frame);
        }
        at += frame;
    }
    ends
}

/// The database as it was after each commit since `db` alone: the file
/// with its log cut after that commit, opened and dumped.
async fn every_state(db: &Path, wal: &[u8], scratch: &Path) -> Vec<Vec<(String, Vec<String>)>> {
    let base = std::fs::read(db).unwrap();
    let mut states = Vec::new();
    let mut cuts = vec![0];
    cuts.extend(commits(wal));
    for (i, end) in cuts.into_iter().enumerate() {
        let dir = scratch.join(format!("state-{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        let copy = dir.join("umpire.db");
        std::fs::write(&copy, &base).unwrap();
        if end > 0 {
            std::fs::write(dir.join("umpire.db-wal"), &wal[..end]).unwrap();
        }
        let mut c = open(&copy).await;
        states.push(dump(&mut c).await);
        c.close().await.unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
    states
}

fn count(state: &[(String, Vec<String>)], table: &str) -> usize {
    state
        .iter()
        .find(|(t, _)| t == table)
        .map_or(0, |(_, rows)| rows.len())
}

/// From here every commit stays in the write-ahead log: the log is
/// emptied into the file, and a reader holds the file's state, so nothing
/// is folded in until the test has read every state. The reader is
/// returned, its read open.
async fn pin_the_file(db: &Path) -> SqliteConnection {
    let mut pin = open(db).await;
    let r = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_one(&mut pin)
        .await
        .unwrap();
    assert_eq!(r.get::<i64, _>(0), 0, "the log could not be emptied");
    sqlx::query("BEGIN").execute(&mut pin).await.unwrap();
    sqlx::query("SELECT count(*) FROM games")
        .fetch_one(&mut pin)
        .await
        .unwrap();
    pin
}

/// `burst` mails to moment, one after another as fast as they are taken,
/// counted in `sent`: players' orders, their articles, strangers' mail.
async fn burst_of_mail(
    host: Arc<Host>,
    seats: Vec<(String, String)>,
    burst: usize,
    sent: Arc<AtomicUsize>,
) {
    for i in 0..burst {
        let (seat, pw) = &seats[i % seats.len()];
        let text = match i % 3 {
            0 => template(&host, "moment", seat, pw).await,
            1 => format!("#PRESS {seat} {pw} moment\nThe harvest is in, number {i}.\n"),
            _ => format!("Hello, is this the game? ({i})\n"),
        };
        let from = format!("player{i}@players.test");
        mail(&host, "moment", &from, &format!("<burst{i}@t>"), &text).await;
        sent.fetch_add(1, Ordering::SeqCst);
    }
}

/// Another writer that takes the write lock as soon as moment's turn is
/// marked running (and before it is kept), and holds it.
async fn hold_the_write_lock_once_running(host: &Host, db: &Path) -> SqliteConnection {
    let mut writer = open(db).await;
    loop {
        let g = host.store().game("moment").await.unwrap().unwrap();
        assert_eq!(g.turn, 0, "the turn was kept before the backup could start");
        if g.running_turn.is_some() {
            sqlx::query("BEGIN IMMEDIATE")
                .execute(&mut writer)
                .await
                .unwrap();
            return writer;
        }
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
}

/// The game master runs `game`'s turn now.
async fn run_now(host: &Host, game: &str) -> umpire_host::host::Ran {
    host.run_turn(
        game,
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_during_a_turn_and_a_burst_of_mail_restores_that_moment() {
    let location = sqlite("backup-moment");
    let db = location.sqlite_path().unwrap();
    let host = Arc::new(Host::open(&location).await.unwrap());
    let seats = new_game(&host, "moment", 6).await;
    for (i, (seat, pw)) in seats.iter().enumerate() {
        let orders = template(&host, "moment", seat, pw).await;
        mail(
            &host,
            "moment",
            "p@players.test",
            &format!("<o{i}@t>"),
            &orders,
        )
        .await;
    }
    let mut pin = pin_the_file(&db).await;

    // The burst: players' mail (orders, which wait for the next turn
    // while this one runs), strangers' mail and articles, one after
    // another as fast as they are taken.
    let burst = 40;
    let sent = Arc::new(AtomicUsize::new(0));
    let mailer = tokio::spawn(burst_of_mail(
        host.clone(),
        seats.clone(),
        burst,
        sent.clone(),
    ));
    while sent.load(Ordering::SeqCst) < 3 {
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    let turn = {
        let host = host.clone();
        tokio::spawn(async move { run_now(&host, "moment").await })
    };
    // The backup, once the turn is marked running. Another writer (a slow
    // disk, a long command) holds the write lock meanwhile, so the turn's
    // commit and the next mail wait while the copy is taken: the copy is
    // taken inside the turn and inside the burst, whatever the machine's
    // speed.
    let mut writer = hold_the_write_lock_once_running(&host, &db).await;
    let sent_before = sent.load(Ordering::SeqCst);
    let to = temp_dir("backup-moment-copies").join("during.db");
    let copy = backup::take(host.store(), &to).await.unwrap();
    let sent_after = sent.load(Ordering::SeqCst);
    let still_running = host
        .store()
        .game("moment")
        .await
        .unwrap()
        .unwrap()
        .running_turn
        .is_some();
    assert!(
        still_running,
        "the turn was kept before the backup ended: not a backup during a turn"
    );
    assert!(
        sent_after < burst,
        "the burst was over before the backup ended"
    );
    sqlx::query("ROLLBACK").execute(&mut writer).await.unwrap();
    writer.close().await.unwrap();
    println!(
        "backup of {} bytes taken with {sent_before}..{sent_after} of {burst} mails in, during the turn: {}",
        copy.bytes, copy.summary
    );
    assert_eq!(
        copy.summary.games,
        vec![("moment".into(), "overlord".into(), 0)]
    );
    mailer.await.unwrap();
    turn.await.unwrap();
    assert_eq!(host.store().game("moment").await.unwrap().unwrap().turn, 1);

    // Every state the database went through since the pin.
    let wal = std::fs::read(format!("{}-wal", db.display())).unwrap();
    let scratch = temp_dir("backup-moment-states");
    let states = every_state(&db, &wal, &scratch).await;
    sqlx::query("ROLLBACK").execute(&mut pin).await.unwrap();
    pin.close().await.unwrap();
    let last = states.last().unwrap();
    assert_eq!(count(last, "turns"), 1, "the last state has the turn");

    // Restored into a new folder, as `umpire restore` does.
    let new = Location::sqlite(&temp_dir("backup-moment-restored").join("umpire.db"));
    let restored = backup::restore(&copy.path, &new).await.unwrap();
    println!("{restored}");
    assert!(restored.replaced.is_none());
    let mut c = open(&new.sqlite_path().unwrap()).await;
    let got = dump(&mut c).await;
    c.close().await.unwrap();
    let at = states.iter().position(|s| *s == got).unwrap_or_else(|| {
        panic!(
            "the restored database is none of the {} states the original went through",
            states.len()
        )
    });
    println!(
        "the restored database is the original after commit {at} of {}",
        states.len() - 1
    );
    // That moment is inside the turn and inside the burst: the turn not
    // kept, some of the burst in, not all.
    let moment = &states[at];
    assert_eq!(count(moment, "turns"), 0);
    let base = count(&states[0], "submissions");
    let burst_in = count(moment, "submissions") - base;
    assert!(
        burst_in >= sent_before && burst_in <= sent_after + 1 && burst_in < burst,
        "{burst_in} of the burst's mails in the copy; {sent_before}..{sent_after} were in when it was taken"
    );
    for table in [
        "games",
        "orders",
        "reports",
        "outbox",
        "submissions",
        "worlds",
    ] {
        assert!(
            got.iter().any(|(t, _)| t == table),
            "the copy has no table {table}"
        );
    }
    // The restored game goes on: the turn runs again from the moment.
    let again = Host::open(&new).await.unwrap();
    run_now(&again, "moment").await;
    assert_eq!(again.store().game("moment").await.unwrap().unwrap().turn, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn automatic_backups_come_before_each_turn_and_daily_and_keep_the_newest() {
    let location = sqlite("backup-auto");
    let dir = temp_dir("backup-auto-copies");
    let policy = Policy {
        dir: dir.clone(),
        keep: 2,
    };
    let host = Host::open(&location)
        .await
        .unwrap()
        .with_backups(policy.clone())
        .unwrap();
    new_game(&host, "auto", 3).await;
    for _ in 0..3 {
        host.run_turn(
            "auto",
            Trigger::Now {
                actor: "gm@test".into(),
            },
        )
        .await
        .unwrap();
    }
    let before = policy.list(|n| n.contains("-before-")).unwrap();
    let names: Vec<String> = before
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names[0].ends_with("-before-auto-turn-2.db"), "{names:?}");
    assert!(names[1].ends_with("-before-auto-turn-3.db"), "{names:?}");
    // Each holds the game as it was before its turn.
    assert_eq!(
        backup::examine(&before[1]).await.unwrap().games,
        vec![("auto".into(), "overlord".into(), 2)]
    );
    // One a day: the first tick takes it, the next does not.
    let t = host.tick().await.unwrap();
    let daily = t.backup.expect("the day's backup");
    assert!(daily.to_string_lossy().ends_with("-daily.db"));
    assert_eq!(
        backup::examine(&daily).await.unwrap().games,
        vec![("auto".into(), "overlord".into(), 3)]
    );
    assert!(host.tick().await.unwrap().backup.is_none());
    assert_eq!(policy.list(|n| n.ends_with("-daily.db")).unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restore_is_refused_while_a_server_runs_and_says_what_it_replaced() {
    let location = sqlite("backup-restore");
    let db = location.sqlite_path().unwrap();
    let host = Host::open(&location).await.unwrap();
    new_game(&host, "first", 3).await;
    let copies = temp_dir("backup-restore-copies");
    let copy = backup::take(host.store(), &copies.join("one.db"))
        .await
        .unwrap();
    // A file already there is never overwritten.
    let again = backup::take(host.store(), &copy.path).await.unwrap_err();
    assert!(again.to_string().contains("is there already"), "{again}");
    // The live database moves on: a turn, and a second game.
    host.run_turn(
        "first",
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap();
    new_game(&host, "second", 3).await;
    host.store().close().await;

    // A server holds the database: no restore.
    let Serving::Held(serving) = ServeLock::serve(&db).unwrap() else {
        panic!("no server runs yet")
    };
    let refused = backup::restore(&copy.path, &location).await.unwrap_err();
    assert!(
        refused.to_string().contains("umpire serve is using"),
        "{refused}"
    );
    assert_eq!(backup::examine(&db).await.unwrap().games.len(), 2);
    drop(serving);

    // A damaged copy, or no database at all: refused, nothing changed.
    let bytes = std::fs::read(&copy.path).unwrap();
    let damaged = copies.join("damaged.db");
    let mut cut = bytes.clone();
    cut.truncate(bytes.len() / 2);
    std::fs::write(&damaged, &cut).unwrap();
    let e = backup::restore(&damaged, &location).await.unwrap_err();
    assert!(
        e.to_string().contains("damaged") || e.to_string().contains("cannot be opened"),
        "{e}"
    );
    let text = copies.join("notes.db");
    std::fs::write(&text, "my notes").unwrap();
    let e = backup::restore(&text, &location).await.unwrap_err();
    assert!(e.to_string().contains("not a SQLite database"), "{e}");
    assert_eq!(backup::examine(&db).await.unwrap().games.len(), 2);

    // Restored: the copy's one game before its first turn; the database
    // replaced is kept, and said to hold two games.
    let restored = backup::restore(&copy.path, &location).await.unwrap();
    let said = restored.to_string();
    println!("{said}");
    assert_eq!(
        restored.summary.games,
        vec![("first".into(), "overlord".into(), 0)]
    );
    let (kept, before) = restored.replaced.as_ref().unwrap();
    let before = before.as_ref().unwrap();
    assert_eq!(
        before.games,
        vec![
            ("first".into(), "overlord".into(), 1),
            ("second".into(), "overlord".into(), 0)
        ]
    );
    assert!(said.contains("first (overlord) after turn 1, second (overlord) after turn 0"));
    assert!(said.contains(&kept.display().to_string()));
    assert_eq!(backup::examine(kept).await.unwrap(), *before);
    let host = Host::open(&location).await.unwrap();
    let games: Vec<String> = host
        .store()
        .games()
        .await
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(games, vec!["first".to_string()]);
    host.store().close().await;

    // A restore under way holds servers off.
    let Serving::Held(restoring) = ServeLock::restore(&db).unwrap() else {
        panic!("nobody holds the database")
    };
    assert!(matches!(ServeLock::serve(&db).unwrap(), Serving::Busy));
    drop(restoring);
}

#[tokio::test]
async fn a_postgresql_database_is_backed_up_with_its_own_tools() {
    let location = umpire_host::testing::postgres("backup_pg").await;
    let host = Host::open(&location).await.unwrap();
    let e = backup::take(host.store(), &PathBuf::from("/tmp/never.db"))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("pg_dump"), "{e}");
    let e = Host::open(&location)
        .await
        .unwrap()
        .with_backups(Policy {
            dir: PathBuf::from("/tmp"),
            keep: 1,
        })
        .err()
        .expect("refused");
    assert!(e.to_string().contains("pg_dump"), "{e}");
}

/// The README's PostgreSQL commands, as written there: `pg_dump` of
/// Umpire's schema, the schema lost, `pg_restore` brings it back whole and
/// the game runs on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readmes_pg_dump_and_pg_restore_bring_a_game_back() {
    let location = umpire_host::testing::postgres("backup_pgdump").await;
    let shown = location.to_string();
    let schema = shown
        .rsplit_once("(schema ")
        .map(|(_, s)| s.trim_end_matches(')').to_string())
        .unwrap();
    let url = umpire_host::testing::postgres_url();
    let host = Host::open(&location).await.unwrap();
    let seats = new_game(&host, "pg", 3).await;
    let (seat, pw) = &seats[0];
    let orders = template(&host, "pg", seat, pw).await;
    mail(&host, "pg", "p@players.test", "<pg1@t>", &orders).await;
    host.run_turn(
        "pg",
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap();
    let games = host.store().games().await.unwrap();
    let outbox = host.store().outbox(None, None).await.unwrap();
    let report = host.store().report("pg", seat, None).await.unwrap();
    host.store().close().await;

    let file = temp_dir("backup-pgdump").join("umpire.dump");
    let run = |cmd: &mut std::process::Command| {
        let o = cmd.output().unwrap_or_else(|e| {
            panic!("{cmd:?} cannot be run ({e}): PostgreSQL's client tools are needed (scripts/services installs them)")
        });
        assert!(
            o.status.success(),
            "{cmd:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    };
    run(std::process::Command::new("pg_dump")
        .arg("--format=custom")
        .arg(format!("--schema={schema}"))
        .arg(format!("--file={}", file.display()))
        .arg(&url));
    // The schema is lost.
    umpire_host::testing::execute(&location, &format!("DROP SCHEMA {schema} CASCADE")).await;
    assert!(
        Host::open(&location)
            .await
            .unwrap()
            .store()
            .games()
            .await
            .unwrap()
            .is_empty()
    );
    umpire_host::testing::execute(&location, &format!("DROP SCHEMA {schema} CASCADE")).await;
    run(std::process::Command::new("pg_restore")
        .arg("--clean")
        .arg("--if-exists")
        .arg(format!("--dbname={url}"))
        .arg(&file));
    let back = Host::open(&location).await.unwrap();
    assert_eq!(back.store().games().await.unwrap(), games);
    assert_eq!(back.store().outbox(None, None).await.unwrap(), outbox);
    assert_eq!(back.store().report("pg", seat, None).await.unwrap(), report);
    back.run_turn(
        "pg",
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap();
    assert_eq!(back.store().game("pg").await.unwrap().unwrap().turn, 2);
}
