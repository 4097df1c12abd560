//! Several servers on one PostgreSQL answer the same tables: each here is
//! a `Tables` of its own over its own pool, as a separate `umpire serve`
//! process has. Any of them answers any table as the database has it, no
//! line is lost or kept twice when they race, the map keeps every piece
//! placed through either, and a page open on one hears the other's
//! changes. (`crates/cli/tests/serve_shared.rs` plays the same through real
//! processes.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Duration;

use umpire_host::store::{Location, Store};
use umpire_host::tables::{Kind, NewTable, Seat, TableError, Tables, View};

fn dbr() -> NewTable {
    NewTable {
        kind: Kind::Dbr,
        name: None,
        scenario: None,
        umpired: true,
        width: 72,
        depth: 48,
        unit: "in".into(),
    }
}

/// Two servers sharing one fresh PostgreSQL schema.
async fn two(name: &str) -> (Location, Arc<Tables>, Arc<Tables>, Store, Store) {
    let location = umpire_host::testing::postgres(name).await;
    let a = Store::open(&location).await.unwrap();
    let b = Store::open(&location).await.unwrap();
    (
        location,
        Arc::new(Tables::new(a.clone())),
        Arc::new(Tables::new(b.clone())),
        a,
        b,
    )
}

/// A view's board, its log lines (seq, command, answer) and its pieces
/// where they stand.
type Seen = (String, Vec<(i64, String, String)>, Vec<(String, f64, f64)>);

/// What a view shows a reader, without the per-server change count.
fn seen(v: &View) -> Seen {
    (
        v.board.clone(),
        v.log
            .iter()
            .map(|l| (l.seq, l.command.clone(), l.answer.clone()))
            .collect(),
        v.pieces
            .iter()
            .map(|p| (p.piece.name.clone(), p.x, p.y))
            .collect(),
    )
}

async fn same_everywhere(a: &Tables, b: &Tables, seats: &[(Seat, Seat)]) {
    for (sa, sb) in seats {
        let (va, vb) = (a.view(sa).await.unwrap(), b.view(sb).await.unwrap());
        assert_eq!(
            seen(&va),
            seen(&vb),
            "the two servers show {:?} different tables",
            sa.side
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_played_alternately_through_two_servers_keeps_every_line() {
    let (_, a, b, sa, sb) = two("shared_alternate").await;
    let made = a.create(dbr()).await.unwrap();
    let seats = |t: &Arc<Tables>| {
        let t = t.clone();
        let made = made.clone();
        async move {
            let mut s = vec![t.enter(&made.umpire).await.unwrap()];
            for (_, token) in &made.sides {
                s.push(t.enter(token).await.unwrap());
            }
            s
        }
    };
    let (on_a, on_b) = (seats(&a).await, seats(&b).await);
    // Both read the table in before anything is played.
    same_everywhere(&a, &b, &[(on_a[0].clone(), on_b[0].clone())]).await;
    let mut kept = 0;
    for i in 0..12 {
        let (t, seat) = if i % 2 == 0 {
            (&a, &on_a[0])
        } else {
            (&b, &on_b[0])
        };
        let line = if i % 3 == 2 { "log" } else { "bound" };
        let ran = t.run(seat, line).await.unwrap();
        assert!(!ran.answer.starts_with("error"), "{line}: {}", ran.answer);
        kept += 1;
        // Whichever server is asked next shows every line kept so far.
        let other = if i % 2 == 0 { &b } else { &a };
        let other_seat = if i % 2 == 0 { &on_b[0] } else { &on_a[0] };
        let v = other.view(other_seat).await.unwrap();
        assert_eq!(
            v.log.len(),
            kept,
            "line {i} is missing from the other server's view"
        );
        assert_eq!(v.log.last().unwrap().answer, ran.answer);
    }
    let pairs: Vec<(Seat, Seat)> = on_a.iter().cloned().zip(on_b.iter().cloned()).collect();
    same_everywhere(&a, &b, &pairs).await;
    assert_eq!(sa.table_lines(&made.id).await.unwrap().len(), kept);
    sa.close().await;
    sb.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_raced_through_two_servers_are_each_kept_once_or_refused_with_the_reason() {
    let (_, a, b, sa, sb) = two("shared_race").await;
    let made = a.create(dbr()).await.unwrap();
    let (ua, ub) = (
        a.enter(&made.umpire).await.unwrap(),
        b.enter(&made.umpire).await.unwrap(),
    );
    // Both servers have the table in memory, then type at once.
    a.view(&ua).await.unwrap();
    b.view(&ub).await.unwrap();
    let mut typing = Vec::new();
    for i in 0..40 {
        let (t, seat) = if i % 2 == 0 {
            (a.clone(), ua.clone())
        } else {
            (b.clone(), ub.clone())
        };
        typing.push(tokio::spawn(async move { t.run(&seat, "bound").await }));
    }
    let (mut ran, mut refused) = (Vec::new(), 0);
    for t in typing {
        match t.await.unwrap() {
            Ok(r) => ran.push(r.answer),
            Err(TableError::Refused(why)) => {
                assert!(why.contains("the table moved on"), "{why}");
                refused += 1;
            }
            Err(e) => panic!("a raced line failed: {e}"),
        }
    }
    let lines = sa.table_lines(&made.id).await.unwrap();
    assert_eq!(
        lines.len(),
        ran.len(),
        "{refused} refused; every line answered is kept, and only those"
    );
    assert!(ran.len() >= 20, "only {} of 40 lines ran", ran.len());
    let mut kept: Vec<String> = lines.iter().map(|l| l.answer.clone()).collect();
    ran.sort();
    kept.sort();
    assert_eq!(ran, kept, "each answer given is the one kept");
    assert_eq!(
        lines.iter().map(|l| l.seq).collect::<Vec<_>>(),
        (0..lines.len() as i64).collect::<Vec<_>>()
    );
    same_everywhere(&a, &b, &[(ua, ub)]).await;
    sa.close().await;
    sb.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pieces_placed_through_two_servers_at_once_are_all_kept() {
    let (_, a, b, sa, sb) = two("shared_places").await;
    let made = a.create(dbr()).await.unwrap();
    let (ua, ub) = (
        a.enter(&made.umpire).await.unwrap(),
        b.enter(&made.umpire).await.unwrap(),
    );
    let pieces: Vec<String> = a
        .view(&ua)
        .await
        .unwrap()
        .pieces
        .iter()
        .map(|p| p.piece.name.clone())
        .collect();
    b.view(&ub).await.unwrap();
    assert!(pieces.len() >= 4, "{pieces:?}");
    let mut placing = Vec::new();
    for (i, name) in pieces.iter().enumerate() {
        let (t, seat) = if i % 2 == 0 {
            (a.clone(), ua.clone())
        } else {
            (b.clone(), ub.clone())
        };
        let name = name.clone();
        placing.push(tokio::spawn(async move {
            t.place(&seat, &name, 2.0 + i as f64, 3.0).await
        }));
    }
    for p in placing {
        p.await.unwrap().unwrap();
    }
    for t in [&a, &b] {
        let seat = if Arc::ptr_eq(t, &a) { &ua } else { &ub };
        let v = t.view(seat).await.unwrap();
        for (i, name) in pieces.iter().enumerate() {
            let p = v.pieces.iter().find(|p| &p.piece.name == name).unwrap();
            assert_eq!((p.x, p.y), (2.0 + i as f64, 3.0), "{name} was not kept");
        }
    }
    sa.close().await;
    sb.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_open_on_one_server_hears_the_other_servers_changes() {
    let (_, a, b, sa, sb) = two("shared_live").await;
    let following = b.clone();
    let follow = tokio::spawn(async move { following.follow().await });
    let made = a.create(dbr()).await.unwrap();
    let (ua, ub) = (
        a.enter(&made.umpire).await.unwrap(),
        b.enter(&made.umpire).await.unwrap(),
    );
    let mut live = b.changes(&ub).await.unwrap();
    // The follower listens from its start: give it that moment.
    tokio::time::sleep(Duration::from_millis(300)).await;
    for _ in 0..3 {
        let ran = a.run(&ua, "bound").await.unwrap();
        tokio::time::timeout(Duration::from_secs(10), live.recv())
            .await
            .expect("the page on the other server heard nothing in 10 s")
            .unwrap();
        // What the page then reads has the line.
        let v = b.view(&ub).await.unwrap();
        assert_eq!(v.log.last().unwrap().answer, ran.answer);
    }
    b.close();
    tokio::time::timeout(Duration::from_secs(10), follow)
        .await
        .expect("the follower stops with the server")
        .unwrap();
    sa.close().await;
    sb.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_no_one_looks_at_leave_memory_and_come_back_whole() {
    let (_, a, b, sa, sb) = two("shared_idle").await;
    let made = a.create(dbr()).await.unwrap();
    let ua = a.enter(&made.umpire).await.unwrap();
    let ub = b.enter(&made.umpire).await.unwrap();
    a.run(&ua, "bound").await.unwrap();
    let before = seen(&a.view(&ua).await.unwrap());
    assert_eq!(a.in_memory(), 1);
    // A watched table stays however long it is idle.
    let live = a.changes(&ua).await.unwrap();
    a.forget_idle(Duration::ZERO);
    assert_eq!(a.in_memory(), 1);
    drop(live);
    a.forget_idle(Duration::ZERO);
    assert_eq!(a.in_memory(), 0);
    // Played on meanwhile through the other server, it comes back as kept.
    b.run(&ub, "bound").await.unwrap();
    let after = seen(&a.view(&ua).await.unwrap());
    assert_eq!(after.1[..before.1.len()], before.1[..]);
    assert_eq!(after.1.len(), before.1.len() + 1);
    assert_eq!(after, seen(&b.view(&ub).await.unwrap()));
    sa.close().await;
    sb.close().await;
}
