//! Leave and substitutes, on SQLite and on PostgreSQL: a seat on leave
//! (`#LEAVE 2` by mail) gets no reminder, is not counted as missing, does
//! not hold the safety valve and is not waited for by an early run, and
//! plays again when its leave runs out or it says `#LEAVE OFF`; a leave
//! longer than the game allows is refused; with `leave_bot` on, the bot
//! plays a seat on leave. A seat the game master opens is taken by a
//! newcomer (or given to one): the old password, sessions and tokens stop
//! working at once, the new password works, and a seat not open cannot
//! be taken.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use umpire_host::on_both;

use umpire_host::envelope::Leave;
use umpire_host::host::{Early, Host, HostError, Ran, Settings};
use umpire_host::store::{Location, SessionRow, now_ms};

const HOUR: i64 = 3_600_000;

async fn new_game(location: &Location, settings: Settings) -> (Host, Vec<(String, String)>) {
    support::overlord_game(location, "away", 3, settings).await
}

/// A weekly game that runs early when every seat has sent, warns after
/// one missed turn and holds a turn when more than half sent nothing.
async fn weekly(location: &Location, leave_bot: bool) -> (Host, Vec<(String, String)>) {
    let settings = Settings {
        schedule: Some("sat 18:00".into()),
        gm_address: Some("gm@game.test".into()),
        early: Early::Sent,
        nmr_warn_after: 1,
        nmr_gm_after: 3,
        hold_percent: 50,
        remind_hours: 24,
        leave_bot,
        ..Settings::default()
    };
    let (host, seats) = new_game(location, settings).await;
    set_deadline(location, now_ms() + 7 * 24 * HOUR).await;
    (host, seats)
}

async fn set_deadline(location: &Location, at: i64) {
    support::execute(
        location,
        &format!("UPDATE games SET deadline = {at} WHERE id = 'away'"),
    )
    .await;
}

async fn template(host: &Host, seat: &str, password: &str) -> String {
    support::orders_template(host, "away", seat, password).await
}

/// The envelope's header alone, with `line` under it.
async fn header_with(host: &Host, seat: &str, password: &str, line: &str) -> String {
    support::header_with(host, "away", seat, password, line).await
}

async fn send(host: &Host, text: &str) -> umpire_host::host::Answer {
    support::mail_in(host, "away", "player@players.test", text).await
}

async fn orders(host: &Host, seat: &(String, String)) {
    let t = template(host, &seat.0, &seat.1).await;
    let a = send(host, &t).await;
    assert_eq!(a.refused, 0, "{}", a.text);
}

async fn mail_to(host: &Host, kind: &str) -> Vec<umpire_host::store::Outgoing> {
    host.store()
        .outbox(Some("away"), None)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.message)
        .filter(|m| m.kind == kind)
        .collect()
}

async fn run_at_deadline(host: &Host, location: &Location) -> Ran {
    set_deadline(location, now_ms() - 1000).await;
    let tick = host.tick().await.unwrap();
    assert_eq!(tick.ran.len(), 1, "{tick:?}");
    tick.ran.into_iter().next().unwrap().1
}

async fn a_seat_on_leave_is_not_reminded_missing_or_waited_for(location: Location) {
    let (host, seats) = weekly(&location, false).await;
    let (a, b, c) = (&seats[0], &seats[1], &seats[2]);
    let leave = header_with(&host, &a.0, &a.1, "#LEAVE 2").await;
    let answer = send(&host, &leave).await;
    assert_eq!(answer.refused, 0, "{}", answer.text);
    let line = &answer.receipts[0].line;
    assert!(
        line.contains("on leave for turns 1 to 2, until turn 2")
            && line.contains("you are back from turn 3")
            && line.ends_with("orders kept as they were"),
        "{line}"
    );
    assert!(
        host.store()
            .orders_of("away", 1, &a.0)
            .await
            .unwrap()
            .is_none()
    );
    let away = host.on_leave("away").await.unwrap();
    assert_eq!(away.len(), 1);
    assert_eq!((away[0].seat.as_str(), away[0].until), (a.0.as_str(), 2));

    // The game master sees it.
    let o = host.overview("away").await.unwrap();
    let seen: Vec<_> = o
        .seats
        .iter()
        .map(|s| (s.seat.seat.clone(), s.on_leave))
        .collect();
    assert!(seen.contains(&(a.0.clone(), Some(2))), "{seen:?}");
    assert_eq!(o.missing().len(), 3 - 1, "the seat on leave is not missing");

    // No reminder for the seat on leave; one for the seat that sent nothing.
    orders(&host, b).await;
    set_deadline(&location, now_ms() + HOUR).await;
    assert_eq!(host.remind("away", now_ms()).await.unwrap(), 1);
    let reminded: Vec<_> = mail_to(&host, "reminder")
        .await
        .into_iter()
        .filter_map(|m| m.seat)
        .collect();
    assert_eq!(reminded, vec![c.0.clone()]);

    // The early run waits for the two seats in play, not the one away.
    let r = host.readiness("away").await.unwrap();
    let counted: Vec<_> = r.seats.iter().map(|s| s.seat.clone()).collect();
    assert_eq!(counted, vec![b.0.clone(), c.0.clone()]);
    assert_eq!(r.waiting, 1);

    // One of the two seats that count sent nothing: 50%, not held (it
    // would be two of three, held, if the seat on leave counted).
    let ran = run_at_deadline(&host, &location).await;
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let missed = |s: &str| {
        let host = &host;
        let s = s.to_string();
        async move { host.store().seat("away", &s).await.unwrap().unwrap().missed }
    };
    assert_eq!(missed(&a.0).await, 0, "a turn on leave is not missed");
    assert_eq!(missed(&c.0).await, 1);
    let warned: Vec<_> = mail_to(&host, "warning")
        .await
        .into_iter()
        .filter_map(|m| m.seat)
        .collect();
    assert_eq!(warned, vec![c.0.clone()]);

    // Turn 2: still on leave, and the early run is ready with the others.
    assert_eq!(host.on_leave("away").await.unwrap().len(), 1);
    orders(&host, b).await;
    orders(&host, c).await;
    let r = host.readiness("away").await.unwrap();
    assert_eq!((r.turn, r.waiting, r.seats.len()), (2, 0, 2));
    assert!(r.at.is_some(), "{r:?}");
    let ran = run_at_deadline(&host, &location).await;
    assert!(matches!(ran, Ran::Kept { turn: 2, .. }), "{ran:?}");
    assert_eq!(missed(&a.0).await, 0);

    // Turn 3: the leave has run out; the seat counts again.
    assert!(host.on_leave("away").await.unwrap().is_empty());
    let r = host.readiness("away").await.unwrap();
    assert_eq!((r.turn, r.seats.len()), (3, 3));
    assert_eq!(host.overview("away").await.unwrap().missing().len(), 3);
}
on_both!(
    not_missing,
    a_seat_on_leave_is_not_reminded_missing_or_waited_for
);

async fn leave_off_ends_it_and_a_leave_over_the_limit_is_refused(location: Location) {
    let (host, seats) = weekly(&location, false).await;
    let a = &seats[0];
    assert_eq!(Settings::default().max_leave, 3);
    let too_long = send(&host, &header_with(&host, &a.0, &a.1, "#LEAVE 4").await).await;
    assert_eq!(too_long.refused, 1, "{}", too_long.text);
    assert!(
        too_long.receipts[0].line.contains(
            "f5: refused: a leave of 4 turns is longer than this game allows (3 at most)"
        ),
        "{}",
        too_long.receipts[0].line
    );
    assert!(host.on_leave("away").await.unwrap().is_empty());

    // With orders: the orders are kept, and the leave too.
    let t = template(&host, &a.0, &a.1).await;
    let with = send(&host, &format!("{t}#leave 1\n")).await;
    assert_eq!(with.refused, 0, "{}", with.text);
    assert!(
        with.receipts[0]
            .line
            .contains("on leave for turn 1 only, until turn 1"),
        "{}",
        with.receipts[0].line
    );
    assert!(
        host.store()
            .orders_of("away", 1, &a.0)
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(host.on_leave("away").await.unwrap()[0].until, 1);

    let off = send(&host, &header_with(&host, &a.0, &a.1, "#LEAVE OFF").await).await;
    assert_eq!(off.refused, 0, "{}", off.text);
    assert!(
        off.receipts[0]
            .line
            .contains("not on leave: you play turn 1 and on"),
        "{}",
        off.receipts[0].line
    );
    assert!(host.on_leave("away").await.unwrap().is_empty());
    assert!(
        host.store()
            .orders_of("away", 1, &a.0)
            .await
            .unwrap()
            .is_some(),
        "a leave alone leaves the orders as they were"
    );

    // The web's form goes through the same rules.
    let refused = host.leave("away", &a.0, Leave::Turns(5)).await;
    assert!(
        matches!(&refused, Err(HostError::Refused(why)) if why.contains("3 at most")),
        "{refused:?}"
    );
    let kept = host.leave("away", &a.0, Leave::Turns(3)).await.unwrap();
    assert!(kept.contains("until turn 3"), "{kept}");
    host.set_max_leave("away", 0, "gm@test").await.unwrap();
    let none = host.leave("away", &a.0, Leave::Turns(1)).await;
    assert!(
        matches!(&none, Err(HostError::Refused(why)) if why.contains("this game allows no leave")),
        "{none:?}"
    );
    // A wrong password asks nothing.
    let wrong = send(
        &host,
        &header_with(&host, &a.0, "wrong", "#LEAVE OFF").await,
    )
    .await;
    assert_eq!(wrong.refused, 1, "{}", wrong.text);
    assert_eq!(host.on_leave("away").await.unwrap()[0].until, 3);
}
on_both!(
    off_and_limit,
    leave_off_ends_it_and_a_leave_over_the_limit_is_refused
);

async fn with_leave_bot_the_bot_plays_the_seat_on_leave(location: Location) {
    let (host, seats) = weekly(&location, false).await;
    host.set_leave_bot("away", true, "gm@test").await.unwrap();
    let audit = host.store().audit(Some("away")).await.unwrap();
    assert!(
        audit.iter().any(
            |e| e.action == "leave-bot" && e.detail.contains("a bot plays every seat on leave")
        ),
        "{audit:?}"
    );
    let a = &seats[0];
    let answer = send(&host, &header_with(&host, &a.0, &a.1, "#LEAVE 1").await).await;
    assert!(
        answer.receipts[0]
            .line
            .contains("a bot plays your seat meanwhile"),
        "{}",
        answer.receipts[0].line
    );
    orders(&host, &seats[1]).await;
    orders(&host, &seats[2]).await;
    let ran = run_at_deadline(&host, &location).await;
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let played = host
        .store()
        .orders_of("away", 1, &a.0)
        .await
        .unwrap()
        .unwrap();
    let by = host
        .store()
        .submission(played.submission)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(by.source, "bot");
    // Its leave over, the bot plays it no more.
    let none = host.store().orders_of("away", 2, &a.0).await.unwrap();
    assert!(none.is_none());
    host.set_leave_bot("away", false, "gm@test").await.unwrap();
    assert!(!Settings::of_row(&host.game("away").await.unwrap()).leave_bot);
}
on_both!(leave_bot, with_leave_bot_the_bot_plays_the_seat_on_leave);

/// Each seat's record as (seat, (sent, missed, on leave, turns)): the
/// tests run a turn by moving its deadline back, so orders sent count as
/// late.
async fn record(host: &Host) -> Vec<(String, (u32, u32, u32, u32))> {
    host.record("away")
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            (
                r.seat.clone(),
                (r.on_time + r.late, r.missed, r.on_leave, r.turns()),
            )
        })
        .collect()
}

/// The record counts a turn on leave without the player's orders apart
/// from one missed, whether the bot played it or not; rolled back and run
/// again after the leave was called off, the same turn is missed.
async fn the_record_counts_a_turn_on_leave_apart_from_one_missed(location: Location) {
    let (host, seats) = weekly(&location, true).await;
    let (a, b) = (&seats[0], &seats[1]);
    send(&host, &header_with(&host, &a.0, &a.1, "#LEAVE 1").await).await;
    orders(&host, b).await;
    let ran = run_at_deadline(&host, &location).await;
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    assert_eq!(
        record(&host).await,
        [
            ("f5".to_string(), (0, 0, 1, 1)),
            ("f6".to_string(), (1, 0, 0, 1)),
            ("f7".to_string(), (0, 1, 0, 1)),
        ]
    );
    host.rollback("away", "gm@test").await.unwrap();
    send(&host, &header_with(&host, &a.0, &a.1, "#LEAVE OFF").await).await;
    let ran = run_at_deadline(&host, &location).await;
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let f5 = record(&host).await.remove(0);
    assert_eq!(f5.0, "f5");
    assert_eq!((f5.1.1, f5.1.2), (1, 0), "missed, not on leave: {f5:?}");
}
on_both!(
    record_on_leave,
    the_record_counts_a_turn_on_leave_apart_from_one_missed
);

async fn session_for(host: &Host, seat: &str, hash: &str) {
    host.store()
        .open_session(
            hash,
            &SessionRow {
                role: "player".into(),
                game: Some("away".into()),
                seat: Some(seat.into()),
                desk_user: None,
                csrf: "csrf".into(),
                expires_at: now_ms() + HOUR,
            },
        )
        .await
        .unwrap();
}

async fn an_open_seat_is_taken_and_the_old_player_is_shut_out(location: Location) {
    let (host, seats) = weekly(&location, false).await;
    let a = &seats[0];
    session_for(&host, &a.0, "old-session").await;
    host.store()
        .add_token("old-token", "away", &a.0, "client")
        .await
        .unwrap();

    // Not open: refused.
    let refused = host
        .take_seat("away", &a.0, "new@players.test", "new@players.test")
        .await;
    assert!(
        matches!(&refused, Err(HostError::Refused(why)) if why.contains("is not open for a newcomer")),
        "{refused:?}"
    );
    assert!(host.store().session("old-session").await.unwrap().is_some());

    let note = host.open_seat("away", &a.0, "gm@test").await.unwrap();
    assert_eq!(note, format!("{} is open for a newcomer to take", a.0));
    let open = host.openings().await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(
        (
            open[0].game.as_str(),
            open[0].seat.as_str(),
            open[0].noun,
            open[0].turns
        ),
        ("away", a.0.as_str(), "faction", 0)
    );
    assert!(host.overview("away").await.unwrap().seats[0].open);

    let told = host
        .take_seat("away", &a.0, " new@players.test ", "new@players.test")
        .await
        .unwrap();
    let new = told.password.unwrap().expose().to_string();
    assert_ne!(new, a.1);
    assert!(host.openings().await.unwrap().is_empty());
    assert!(host.store().session("old-session").await.unwrap().is_none());
    assert!(host.store().token("old-token").await.unwrap().is_none());
    let seat = host.store().seat("away", &a.0).await.unwrap().unwrap();
    assert_eq!(seat.addresses, vec!["new@players.test".to_string()]);
    let welcome: Vec<_> = mail_to(&host, "welcome")
        .await
        .into_iter()
        .filter(|m| m.to == "new@players.test")
        .collect();
    assert_eq!(welcome.len(), 1);
    assert!(welcome[0].body.contains(&new), "{}", welcome[0].body);
    assert!(
        welcome[0].body.contains("every earlier report"),
        "{}",
        welcome[0].body
    );
    assert_eq!(
        welcome[0].report.map(|r| r.0),
        Some(0),
        "the latest report goes with it"
    );

    // The old password is refused; the new one works.
    let old = send(&host, &template(&host, &a.0, &a.1).await).await;
    assert_eq!(old.refused, 1, "{}", old.text);
    let fresh = send(&host, &template(&host, &a.0, &new).await).await;
    assert_eq!(fresh.refused, 0, "{}", fresh.text);

    // Taken once: a second newcomer is refused.
    let again = host
        .take_seat("away", &a.0, "late@players.test", "late@players.test")
        .await;
    assert!(
        matches!(&again, Err(HostError::Refused(why)) if why.contains("is not open")),
        "{again:?}"
    );

    // The game master gives the next one.
    let b = &seats[1];
    host.open_seat("away", &b.0, "gm@test").await.unwrap();
    let given = host
        .take_seat("away", &b.0, "friend@players.test", "gm@test")
        .await
        .unwrap();
    assert_eq!(given.address.as_deref(), Some("friend@players.test"));
    let audit = host.store().audit(Some("away")).await.unwrap();
    let actions: Vec<_> = audit
        .iter()
        .filter(|e| matches!(e.action.as_str(), "open" | "take"))
        .map(|e| (e.actor.clone(), e.action.clone()))
        .collect();
    assert_eq!(
        actions,
        vec![
            ("gm@test".to_string(), "open".to_string()),
            ("new@players.test".to_string(), "take".to_string()),
            ("gm@test".to_string(), "open".to_string()),
            ("gm@test".to_string(), "take".to_string()),
        ]
    );
    // A bad address is refused before anything changes.
    host.open_seat("away", &seats[2].0, "gm@test")
        .await
        .unwrap();
    let bad = host
        .take_seat("away", &seats[2].0, "not an address", "x")
        .await;
    assert!(matches!(bad, Err(HostError::Refused(_))), "{bad:?}");
    assert_eq!(host.openings().await.unwrap().len(), 1);
    // Removed from the game meanwhile: no longer listed, nor taken.
    host.remove("away", &seats[2].0, "gm@test").await.unwrap();
    assert!(host.openings().await.unwrap().is_empty());
    let out = host
        .take_seat("away", &seats[2].0, "late@players.test", "gm@test")
        .await;
    assert!(
        matches!(&out, Err(HostError::Refused(why)) if why.contains("is out of the game (removed)")),
        "{out:?}"
    );
}
on_both!(
    substitutes,
    an_open_seat_is_taken_and_the_old_player_is_shut_out
);

/// How many messages wait for `address` in `away`'s outbox.
async fn waiting_for(host: &Host, address: &str) -> usize {
    host.store()
        .outbox(Some("away"), Some("waiting"))
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.message.to == address)
        .count()
}

/// An opening the game master closes is no longer offered nor taken; a
/// seat taken withdraws the mail still waiting for the old player's
/// address, and the newcomer's welcome goes.
async fn an_opening_closes_and_a_seat_taken_withdraws_the_old_players_waiting_mail(
    location: Location,
) {
    let (host, seats) = weekly(&location, false).await;
    let a = &seats[0];
    host.set_address("away", &a.0, "old@players.test", "gm")
        .await
        .unwrap();
    // The turn's reports wait in the outbox (no sender runs here).
    let ran = host
        .run_turn(
            "away",
            umpire_host::host::Trigger::Now { actor: "gm".into() },
        )
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    assert!(waiting_for(&host, "old@players.test").await > 0);

    host.open_seat("away", &a.0, "gm@test").await.unwrap();
    let closed = host.close_opening("away", &a.0, "gm@test").await.unwrap();
    assert_eq!(closed, format!("{} is no longer open for a newcomer", a.0));
    assert!(host.openings().await.unwrap().is_empty());
    assert!(!host.overview("away").await.unwrap().seats[0].open);
    let again = host.close_opening("away", &a.0, "gm@test").await;
    assert!(
        matches!(&again, Err(HostError::Refused(why)) if why.ends_with("is not open for a newcomer, so there is nothing to close")),
        "{again:?}"
    );
    let taken = host
        .take_seat("away", &a.0, "new@players.test", "new@players.test")
        .await;
    assert!(matches!(taken, Err(HostError::Refused(_))), "{taken:?}");
    let audit = host.store().audit(Some("away")).await.unwrap();
    assert!(
        audit
            .iter()
            .any(|e| e.action == "close" && e.actor == "gm@test")
    );

    host.open_seat("away", &a.0, "gm@test").await.unwrap();
    host.take_seat("away", &a.0, "new@players.test", "gm@test")
        .await
        .unwrap();
    assert_eq!(
        waiting_for(&host, "old@players.test").await,
        0,
        "the old player's mail was withdrawn"
    );
    let to_new = host
        .store()
        .outbox(Some("away"), Some("waiting"))
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.message.to == "new@players.test")
        .map(|r| r.message.kind)
        .collect::<Vec<_>>();
    assert_eq!(to_new, ["welcome"]);
}
on_both!(
    closing,
    an_opening_closes_and_a_seat_taken_withdraws_the_old_players_waiting_mail
);

/// The code mailed to `address` for taking a seat of `away`.
async fn code_for(host: &Host, address: &str) -> String {
    support::claim_code(host, "away", address).await
}

/// Every claim waiting for its code was made `minutes` earlier.
async fn older(location: &Location, minutes: i64) {
    support::execute(
        location,
        &format!(
            "UPDATE seat_claims SET made_at = made_at - {}",
            minutes * 60_000
        ),
    )
    .await;
}

/// A newcomer asks for an open seat and takes it with the code mailed to
/// them: not before, not with a wrong code, not after too many wrong ones
/// or an hour, not with a code asked for another address; a new code
/// replaces the old.
async fn a_newcomer_takes_a_seat_only_with_the_code_mailed_to_them(location: Location) {
    let (host, seats) = weekly(&location, false).await;
    let a = &seats[0].0;
    let refused = |r: umpire_host::host::Result<umpire_host::host::Told>| match r {
        Err(HostError::Refused(why)) => why,
        other => panic!("not refused: {other:?}"),
    };
    let asked = host.ask_for_seat("away", a, "new@players.test").await;
    assert!(
        matches!(&asked, Err(HostError::Refused(why)) if why.contains("is not open for a newcomer")),
        "{asked:?}"
    );
    host.open_seat("away", a, "gm@test").await.unwrap();
    host.ask_for_seat("away", a, " new@players.test ")
        .await
        .unwrap();
    let first = code_for(&host, "new@players.test").await;
    assert!(
        host.openings().await.unwrap().len() == 1,
        "asking takes nothing"
    );
    // Another address cannot use it.
    let why = refused(
        host.take_with_code("away", a, "eve@players.test", &first)
            .await,
    );
    assert!(
        why.starts_with("no code was mailed to eve@players.test"),
        "{why}"
    );
    // Not again at once: a mailbox is not filled with codes.
    let again = host.ask_for_seat("away", a, "new@players.test").await;
    assert!(
        matches!(&again, Err(HostError::Refused(why)) if why.starts_with("a code was mailed to new@players.test 0 seconds ago")),
        "{again:?}"
    );
    // Two minutes on, a new code replaces the old.
    older(&location, 2).await;
    host.ask_for_seat("away", a, "new@players.test")
        .await
        .unwrap();
    let code = code_for(&host, "new@players.test").await;
    assert_ne!(code, first);
    let why = refused(
        host.take_with_code("away", a, "new@players.test", &first)
            .await,
    );
    assert!(
        why.starts_with("that is not the code mailed to new@players.test"),
        "{why}"
    );
    // Five wrong codes in all, and even the right one needs asking again.
    for _ in 0..4 {
        refused(
            host.take_with_code("away", a, "new@players.test", "nope")
                .await,
        );
    }
    let why = refused(
        host.take_with_code("away", a, "new@players.test", &code)
            .await,
    );
    assert_eq!(why, "5 wrong codes were tried: ask for a new one");
    // An hour old: refused.
    older(&location, 2).await;
    host.ask_for_seat("away", a, "new@players.test")
        .await
        .unwrap();
    let code = code_for(&host, "new@players.test").await;
    support::execute(
        &location,
        &format!(
            "UPDATE seat_claims SET made_at = {}",
            now_ms() - 61 * 60_000
        ),
    )
    .await;
    let why = refused(
        host.take_with_code("away", a, "new@players.test", &code)
            .await,
    );
    assert!(why.contains("is more than 60 minutes old"), "{why}");
    // In time, the right code (as typed, in capitals): taken.
    older(&location, 2).await;
    host.ask_for_seat("away", a, "new@players.test")
        .await
        .unwrap();
    let code = code_for(&host, "new@players.test").await;
    let told = host
        .take_with_code(
            "away",
            a,
            "new@players.test",
            &format!(" {} ", code.to_uppercase()),
        )
        .await
        .unwrap();
    assert_eq!(told.address.as_deref(), Some("new@players.test"));
    assert!(host.openings().await.unwrap().is_empty());
    let why = refused(
        host.take_with_code("away", a, "new@players.test", &code)
            .await,
    );
    assert!(why.starts_with("no code was mailed"), "{why}");
}
on_both!(
    claim_codes,
    a_newcomer_takes_a_seat_only_with_the_code_mailed_to_them
);
