//! Faults a server meets: a full disk, a PostgreSQL that goes away in the
//! middle of a run. Each gets a clear error, loses nothing, and the turn
//! run again afterwards is the turn it would have been.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::io::copy_bidirectional;
use tokio::net::{TcpListener, TcpStream};
use umpire_host::host::{Host, NewGame, Ran, Settings, Submission, Trigger};
use umpire_host::kind::Options;
use umpire_host::store::Location;

/// Make game `name` in `location` and have every seat send its template.
async fn game_with_orders(location: &Location, name: &str) -> Vec<String> {
    let host = Host::open(location).await.unwrap();
    let made = host
        .create(NewGame {
            kind: "overlord".into(),
            name: name.into(),
            options: Options(vec![
                ("factions".into(), "6".into()),
                ("seed".into(), "21".into()),
            ]),
            settings: Settings::default(),
            actor: "gm".into(),
        })
        .await
        .unwrap();
    let mut seats = Vec::new();
    for t in &made.seats {
        let r = host
            .store()
            .report(name, &t.seat, None)
            .await
            .unwrap()
            .unwrap();
        let orders =
            r.template
                .unwrap()
                .replacen("PASSWORD", t.password.as_ref().unwrap().expose(), 1);
        let a = host
            .submit(Submission {
                game: name,
                source: "cli",
                sender: None,
                message_id: None,
                name: &t.seat,
                bytes: orders.as_bytes(),
                authenticated: None,
            })
            .await
            .unwrap();
        assert_eq!(a.refused, 0, "{}", a.text);
        seats.push(t.seat.clone());
    }
    host.store().close().await;
    seats
}

/// Every seat's report of turn 1, and the world after it.
async fn turn_one(host: &Host, name: &str, seats: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for s in seats {
        let r = host
            .store()
            .report(name, s, Some(1))
            .await
            .unwrap()
            .unwrap();
        out.push(r.text);
        out.push(r.json.unwrap_or_default());
    }
    let g = host.game(name).await.unwrap();
    let world = host.store().world(name, g.world_rev).await.unwrap();
    out.push(format!("{} bytes", world.len()));
    out.push(String::from_utf8_lossy(&world[world.len().saturating_sub(64)..]).into_owned());
    out
}

async fn reference(name: &str) -> Vec<String> {
    let location = support::sqlite(&format!("{name}-reference"));
    let seats = game_with_orders(&location, name).await;
    let host = Host::open(&location).await.unwrap();
    let ran = host
        .run_turn(name, Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    turn_one(&host, name, &seats).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_stops_the_run_with_the_reason_and_loses_nothing() {
    let expected = reference("full").await;
    let dir = support::temp_dir("full-disk");
    let path = dir.join("umpire.db");
    let location = Location::sqlite(&path);
    let seats = game_with_orders(&location, "full").await;
    // The database may not grow any more: as a full disk, every write
    // that needs a new page fails.
    let pages = std::fs::metadata(&path).unwrap().len() / 4096;
    let capped = Location::parse(&format!("sqlite:{}?max_pages={pages}", path.display())).unwrap();
    let host = Host::open(&capped).await.unwrap();
    let e = host
        .run_turn("full", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("full"), "{e}");
    assert!(e.contains("nothing was changed"), "{e}");
    // The previous turn stands, with every seat's orders.
    let g = host.game("full").await.unwrap();
    assert_eq!((g.turn, g.world_rev), (0, 1));
    assert_eq!(
        host.store()
            .seats_with_orders("full", 1)
            .await
            .unwrap()
            .len(),
        6
    );
    // A player's mail cannot be taken either: the sender is told so
    // (a mail server is told to try again later).
    let e = host
        .submit(Submission {
            game: "full",
            source: "mail",
            sender: Some("p@players.test"),
            message_id: Some("<big@players.test>"),
            name: "mail",
            bytes: "x".repeat(64 * 1024).as_bytes(),
            authenticated: None,
        })
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("full"), "{e}");
    host.store().close().await;

    // Room again: the run is repeated and is the turn it would have been.
    let host = Host::open(&location).await.unwrap();
    let ran = host
        .run_turn("full", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    assert_eq!(turn_one(&host, "full", &seats).await, expected);
}

/// A TCP proxy to PostgreSQL that can be cut, as a network or a server
/// going away would.
async fn proxy(target: &'static str, cut: Arc<AtomicBool>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let Ok((mut client, _)) = listener.accept().await else {
                return;
            };
            if cut.load(Ordering::SeqCst) {
                continue;
            }
            let cut = cut.clone();
            tokio::spawn(async move {
                let Ok(mut server) = TcpStream::connect(target).await else {
                    return;
                };
                tokio::select! {
                    _ = copy_bidirectional(&mut client, &mut server) => {}
                    _ = async {
                        while !cut.load(Ordering::SeqCst) {
                            tokio::time::sleep(Duration::from_millis(5)).await;
                        }
                    } => {}
                }
            });
        }
    });
    port
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_that_goes_away_mid_run_loses_nothing() {
    let expected = reference("gone").await;
    let direct = support::postgres("gone_pg").await;
    let seats = game_with_orders(&direct, "gone").await;
    let cut = Arc::new(AtomicBool::new(false));
    let port = proxy("127.0.0.1:5432", cut.clone()).await;
    let shown = direct.to_string();
    let schema = shown
        .rsplit_once("(schema ")
        .map(|(_, s)| s.trim_end_matches(')').to_string())
        .unwrap();
    let url = support::postgres_url().replace(":5432/", &format!(":{port}/"));
    let via_proxy = Location::parse(&format!("{url}?schema={schema}")).unwrap();
    let host = Arc::new(Host::open(&via_proxy).await.unwrap());
    // The run begins; the database goes away while the engine works.
    let running = {
        let host = host.clone();
        tokio::spawn(async move {
            host.run_turn("gone", Trigger::Now { actor: "gm".into() })
                .await
        })
    };
    let watcher = Host::open(&direct).await.unwrap();
    for _ in 0..400 {
        if watcher.game("gone").await.unwrap().running_turn == Some(1) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    cut.store(true, Ordering::SeqCst);
    let e = running.await.unwrap().unwrap_err().to_string();
    assert!(
        e.contains("does not answer") || e.contains("connection"),
        "{e}"
    );
    // Nothing of the turn was kept; it is marked as begun.
    let g = watcher.game("gone").await.unwrap();
    assert_eq!((g.turn, g.world_rev, g.running_turn), (0, 1, Some(1)));
    assert_eq!(
        watcher
            .store()
            .seats_with_orders("gone", 1)
            .await
            .unwrap()
            .len(),
        6
    );
    // Back again: the scheduler repeats the run, to the same bytes.
    let tick = watcher.tick().await.unwrap();
    assert!(
        matches!(tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
    assert_eq!(turn_one(&watcher, "gone", &seats).await, expected);
}
