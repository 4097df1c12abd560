//! A hosted Overlord game, end to end through the host, on SQLite and on
//! PostgreSQL: made with passwords and initial reports, players' orders
//! taken and answered, turns run, rolled back and rerun to the same bytes,
//! the safety valve, missed turns, reminders, joins and removals.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use umpire_host::on_both;

use umpire_host::host::{Host, Ran, Settings, Submission, Trigger};
use umpire_host::lock::RunLock;
use umpire_host::store::{Location, ReportRow, SeatStatus};

async fn new_game(
    location: &Location,
    name: &str,
    settings: Settings,
) -> (Host, Vec<(String, String)>) {
    support::overlord_game(location, name, 3, settings).await
}

/// The seat's order template with its password filled in, as a player
/// sends it back.
async fn filled_template(host: &Host, game: &str, seat: &str, password: &str) -> String {
    support::orders_template(host, game, seat, password).await
}

async fn send(host: &Host, game: &str, text: &str, id: Option<&str>) -> umpire_host::host::Answer {
    host.submit(Submission {
        game,
        source: "mail",
        sender: Some("player@players.test"),
        message_id: id,
        name: "mail",
        bytes: text.as_bytes(),
        authenticated: None,
    })
    .await
    .unwrap()
}

/// Move a game's deadline to `at` (milliseconds since the epoch).
async fn set_deadline(location: &Location, game: &str, at: i64) {
    support::execute(
        location,
        &format!("UPDATE games SET deadline = {at} WHERE id = '{game}'"),
    )
    .await;
}

/// The game master runs the turn now.
async fn run_now(host: &Host, game: &str) -> Ran {
    host.run_turn(
        game,
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap()
}

async fn a_game_takes_orders_runs_and_rolls_back(location: Location) {
    let (host, seats) = new_game(&location, "loop", Settings::default()).await;
    assert_eq!(seats.len(), 3);
    let (f, pw) = (seats[0].0.as_str(), seats[0].1.as_str());
    assert_eq!(f, "f5");
    every_seat_has_its_report_and_welcome(&host, &seats).await;
    let template = orders_are_checked_stored_and_answered(&host, f, pw).await;
    let first = the_turn_runs_and_its_reports_are_mailed(&host, f).await;
    a_run_turn_takes_no_more_orders_and_sends_its_report(&host, &template, (f, pw), &first).await;
    a_rollback_reruns_the_turn_to_the_same_bytes(&host, f, &first).await;
}

/// Every seat has its initial report and template, and its welcome kept
/// for the game master; the audit log holds no password.
async fn every_seat_has_its_report_and_welcome(host: &Host, seats: &[(String, String)]) {
    // Every seat has its initial report and template (the rules' overview).
    for (seat, password) in seats {
        let r = host
            .store()
            .report("loop", seat, None)
            .await
            .unwrap()
            .unwrap();
        assert_eq!((r.turn, r.attempt), (0, 0));
        assert!(
            r.text
                .contains(&format!("Report for Turn 0 for Faction {}", &seat[1..])),
            "{}",
            r.text
        );
        let number: u32 = seat[1..].parse().unwrap();
        let template = r.template.unwrap();
        assert!(
            template.starts_with(&format!("#GAME f{number:02} PASSWORD loop")),
            "{template}"
        );
        let welcome = host.store().outbox(Some("loop"), None).await.unwrap();
        let mine = welcome
            .iter()
            .find(|m| m.message.seat.as_deref() == Some(seat.as_str()))
            .unwrap();
        assert_eq!(mine.message.kind, "welcome");
        assert_eq!(
            mine.status, "no-address",
            "no address given: kept for the GM"
        );
        assert!(mine.message.body.contains(password.as_str()));
    }
    // The audit log names the action and holds no password.
    let audit = host.store().audit(Some("loop")).await.unwrap();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "create");
    assert!(
        seats
            .iter()
            .all(|(_, p)| !audit[0].detail.contains(p.as_str()))
    );
}

/// A player's orders: a wrong password refused, the right one stored (its
/// hash upgraded), a repeat ignored, the last replacing the others, a
/// later turn archived, and every answer queued. Returns the sent template.
async fn orders_are_checked_stored_and_answered(host: &Host, f: &str, pw: &str) -> String {
    // OV-SRV-005: a wrong password stores nothing and says why.
    let template = filled_template(host, "loop", f, "not-the-password").await;
    let a = send(host, "loop", &template, None).await;
    assert_eq!(a.refused, 1, "{}", a.text);
    assert!(
        a.text
            .contains("f5: refused: wrong password for f5; nothing stored"),
        "{}",
        a.text
    );
    assert!(!a.text.contains("not-the-password"));
    assert!(
        host.store()
            .seats_with_orders("loop", 1)
            .await
            .unwrap()
            .is_empty()
    );

    // The right one stores the orders for turn 1, and the folder world's
    // SHA-256 hash is upgraded to argon2id at this first good check.
    let seat = host.store().seat("loop", f).await.unwrap().unwrap();
    assert!(seat.password_hash.starts_with("sha256$"));
    let template = filled_template(host, "loop", f, pw).await;
    let a = send(host, "loop", &template, Some("<m1@players.test>")).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    assert!(
        a.text.contains("f5: 2 units' orders stored for turn 1"),
        "{}",
        a.text
    );
    let seat = host.store().seat("loop", f).await.unwrap().unwrap();
    assert!(seat.password_hash.starts_with("$argon2id$"));
    let kept = host.store().orders_of("loop", 1, f).await.unwrap().unwrap();
    assert!(
        !kept.text.contains(pw),
        "no password is stored with the orders"
    );

    // The same message again (same Message-ID) has no second effect.
    let again = send(host, "loop", &template, Some("<m1@players.test>")).await;
    assert!(again.repeated);
    assert_eq!(again.text, a.text);

    // OV-SRV-010: the one received last replaces the others.
    let a = send(host, "loop", &template, Some("<m2@players.test>")).await;
    assert!(
        a.text
            .contains("stored for turn 1 (replacing earlier ones)"),
        "{}",
        a.text
    );

    // OV-SRV-007: a later turn is archived.
    let later = template.replacen(&format!("{pw} loop"), &format!("{pw} loop 3"), 1);
    let a = send(host, "loop", &later, None).await;
    assert!(a.text.contains("archived for turn 3"), "{}", a.text);

    // The answers to mail are queued for the sender.
    let answers = host
        .store()
        .outbox(Some("loop"), Some("waiting"))
        .await
        .unwrap();
    assert!(answers.iter().any(|m| m.message.kind == "answer"
        && m.message.to == "player@players.test"
        && m.message.in_reply_to.as_deref() == Some("<m2@players.test>")));
    template
}

/// The turn runs: every faction's report kept, the players' mailed.
/// Returns `f`'s report of turn 1.
async fn the_turn_runs_and_its_reports_are_mailed(host: &Host, f: &str) -> ReportRow {
    // The turn runs: every seat's report and template, mailed.
    let ran = run_now(host, "loop").await;
    let Ran::Kept { turn, reports, .. } = ran else {
        panic!("{ran:?}");
    };
    // Every faction's report is kept, the NPC factions' too (for the GM);
    // the three players' are mailed.
    assert_eq!((turn, reports), (1, 7));
    let mailed = host.store().outbox(Some("loop"), None).await.unwrap();
    assert_eq!(
        mailed.iter().filter(|m| m.message.kind == "report").count(),
        3
    );
    let game = host.game("loop").await.unwrap();
    assert_eq!((game.turn, game.world_rev, game.running_turn), (1, 2, None));
    let first = host.store().report("loop", f, None).await.unwrap().unwrap();
    assert_eq!((first.turn, first.attempt), (1, 1));
    assert!(first.json.is_some());
    first
}

/// A turn run takes no more orders; its report is sent back on request,
/// a turn not yet run's is not.
async fn a_run_turn_takes_no_more_orders_and_sends_its_report(
    host: &Host,
    template: &str,
    (f, pw): (&str, &str),
    first: &ReportRow,
) {
    // OV-SRV-008: the turn already run takes nothing more.
    let one = template.replacen(&format!("{pw} loop"), &format!("{pw} loop 1"), 1);
    let a = send(host, "loop", &one, None).await;
    assert!(
        a.text
            .contains("turn 1 has already been run (orders are taken for turn 2 and later)"),
        "{}",
        a.text
    );
    // OV-SRV-011/012: a stored report is sent back; a turn not run is not.
    let a = send(host, "loop", &format!("#REPORT {f} {pw} 1\n"), None).await;
    assert!(
        a.text.contains("f5: the report for turn 1 follows"),
        "{}",
        a.text
    );
    assert!(a.text.contains(&first.text));
    let a = send(host, "loop", &format!("#REPORT {f} {pw} 7\n"), None).await;
    assert!(a.text.contains("turn 7 has not been run yet"), "{}", a.text);
}

/// A rollback: the world as before, the players told; the rerun writes
/// the same report on the same world, and the audit log says so.
async fn a_rollback_reruns_the_turn_to_the_same_bytes(host: &Host, f: &str, first: &ReportRow) {
    // Roll back: the world is as before, the turn is collected again with
    // the orders sent for it, and the players are told.
    let back = host.rollback("loop", "gm@test").await.unwrap();
    assert_eq!(back.turn, 0);
    let notices = host.store().outbox(Some("loop"), None).await.unwrap();
    assert_eq!(
        notices
            .iter()
            .filter(|m| m.message.subject.contains("rolled back"))
            .count(),
        3
    );
    assert!(
        host.store()
            .report("loop", f, Some(1))
            .await
            .unwrap()
            .is_none()
    );
    let ran = run_now(host, "loop").await;
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let second = host.store().report("loop", f, None).await.unwrap().unwrap();
    assert_eq!(second.attempt, 2);
    assert_eq!(second.text, first.text, "the rerun writes the same report");
    assert_eq!(second.json, first.json);
    assert_eq!(second.template, first.template);
    let turns = host.store().turns("loop").await.unwrap();
    let states: Vec<&str> = turns.iter().map(|t| t.status.as_str()).collect();
    assert_eq!(states, ["rolled-back", "kept"]);
    assert_eq!(
        host.store()
            .world("loop", turns[0].world_before)
            .await
            .unwrap(),
        host.store()
            .world("loop", turns[1].world_before)
            .await
            .unwrap(),
        "both ran on the same world"
    );
    let a = host
        .store()
        .world("loop", turns[0].world_after)
        .await
        .unwrap();
    let b = host
        .store()
        .world("loop", turns[1].world_after)
        .await
        .unwrap();
    assert_eq!(a, b, "the same world after the rerun");
    let audit: Vec<String> = host
        .store()
        .audit(Some("loop"))
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .collect();
    assert_eq!(audit, ["create", "run", "rollback", "run"]);
}
on_both!(game_loop, a_game_takes_orders_runs_and_rolls_back);

async fn the_turn_being_run_takes_nothing_but_later_turns_do(location: Location) {
    let (host, seats) = new_game(&location, "busy", Settings::default()).await;
    let (f, pw) = (seats[1].0.as_str(), seats[1].1.as_str());
    // A run of turn 1 began (and the server stopped before it was kept).
    support::execute(
        &location,
        "UPDATE games SET running_turn = 1 WHERE id = 'busy'",
    )
    .await;
    let template = filled_template(&host, "busy", f, pw).await;
    let a = send(&host, "busy", &template, None).await;
    assert!(
        a.text
            .contains("turn 1 is being run, so it takes nothing more"),
        "{}",
        a.text
    );
    let later = template.replacen(&format!("{pw} busy"), &format!("{pw} busy 2"), 1);
    let a = send(&host, "busy", &later, None).await;
    assert!(a.text.contains("archived for turn 2"), "{}", a.text);
    // The scheduler repeats the run that stopped.
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(tick.ran[..], [(ref g, Ran::Kept { turn: 1, .. })] if g == "busy"),
        "{tick:?}"
    );
    let game = host.game("busy").await.unwrap();
    assert_eq!((game.turn, game.running_turn), (1, None));
    // The archived orders are now the turn being collected.
    assert_eq!(
        host.store().seats_with_orders("busy", 2).await.unwrap(),
        [f]
    );
}
on_both!(
    running_turn,
    the_turn_being_run_takes_nothing_but_later_turns_do
);

async fn deadlines_hold_warn_remind_and_hand_over(location: Location) {
    let settings = Settings {
        schedule: Some("sat 18:00".into()),
        zone: "Europe/Paris".into(),
        gm_address: Some("gm@game.test".into()),
        nmr_warn_after: 1,
        nmr_gm_after: 2,
        hold_percent: 50,
        remind_hours: 24,
        bots: Vec::new(),
        ..Settings::default()
    };
    let (host, seats) = new_game(&location, "clock", settings).await;
    let game = host.game("clock").await.unwrap();
    let deadline = game.deadline.expect("a deadline from the schedule");
    let overview = host.overview("clock").await.unwrap();
    assert!(
        overview
            .deadline
            .as_deref()
            .unwrap()
            .starts_with("Saturday"),
        "in the game's zone"
    );
    assert_eq!(overview.missing().len(), 3);

    // Nothing is due before the deadline; within 24 hours, reminders go to
    // the seats that sent nothing, once. The schedule's next Saturday may
    // itself be less than a day away, so the quiet tick runs with the
    // deadline a week off.
    let now = umpire_host::store::now_ms();
    set_deadline(&location, "clock", now + 7 * 24 * 3_600_000).await;
    let quiet = host.tick().await.unwrap();
    assert!(quiet.ran.is_empty() && quiet.reminded == 0, "{quiet:?}");
    set_deadline(&location, "clock", now + 3_600_000).await;
    let (f, pw) = (seats[0].0.as_str(), seats[0].1.as_str());
    let template = filled_template(&host, "clock", f, pw).await;
    send(&host, "clock", &template, None).await;
    let tick = host.tick().await.unwrap();
    assert_eq!(tick.reminded, 2, "{tick:?}");
    assert_eq!(host.tick().await.unwrap().reminded, 0, "once per turn");
    let reminders = host.store().outbox(Some("clock"), None).await.unwrap();
    let reminded: Vec<&str> = reminders
        .iter()
        .filter(|m| m.message.kind == "reminder")
        .filter_map(|m| m.message.seat.as_deref())
        .collect();
    assert_eq!(reminded, [seats[1].0.as_str(), seats[2].0.as_str()]);
    the_turn_is_held_for_the_game_master(&host, &location).await;
    missed_turns_warn_then_hand_over(&host, deadline).await;
}

/// At the deadline two of three sent nothing: more than half, so the turn
/// is held and the game master told.
async fn the_turn_is_held_for_the_game_master(host: &Host, location: &Location) {
    set_deadline(location, "clock", 1000).await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(
            tick.ran[..],
            [(
                _,
                Ran::Held {
                    turn: 1,
                    missing: 2,
                    playing: 3
                }
            )]
        ),
        "{tick:?}"
    );
    assert!(
        host.tick().await.unwrap().ran.is_empty(),
        "held until the GM decides"
    );
    let gm = host.store().outbox(Some("clock"), None).await.unwrap();
    let held = gm.iter().find(|m| m.message.kind == "gm").unwrap();
    assert_eq!(held.message.to, "gm@game.test");
    assert!(
        held.message
            .body
            .contains("2 of the 3 seats in play sent no orders"),
        "{}",
        held.message.body
    );
}

/// The game master runs the held turn: the two who sent nothing are
/// warned; a second turn without orders hands them to the game master,
/// who may keep one in play.
async fn missed_turns_warn_then_hand_over(host: &Host, deadline: i64) {
    // The GM runs it: the two who sent nothing missed a turn and are
    // warned; the next deadline is the schedule's next Saturday.
    let ran = run_now(host, "clock").await;
    let Ran::Kept { next, .. } = ran else {
        panic!("{ran:?}")
    };
    assert!(next.unwrap().starts_with("Saturday"));
    let g = host.game("clock").await.unwrap();
    assert!(g.deadline.unwrap() > deadline - 1, "{:?}", g.deadline);
    let missed: Vec<(String, u32, SeatStatus)> = host
        .store()
        .seats("clock")
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.seat, s.missed, s.status))
        .collect();
    assert_eq!(
        missed,
        [
            ("f5".to_string(), 0, SeatStatus::Playing),
            ("f6".to_string(), 1, SeatStatus::Playing),
            ("f7".to_string(), 1, SeatStatus::Playing)
        ]
    );
    let warnings = host.store().outbox(Some("clock"), None).await.unwrap();
    assert_eq!(
        warnings
            .iter()
            .filter(|m| m.message.kind == "warning")
            .count(),
        2
    );

    // A second turn without orders hands them to the game master.
    run_now(host, "clock").await;
    let statuses: Vec<SeatStatus> = host
        .store()
        .seats("clock")
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.status)
        .collect();
    assert_eq!(
        statuses,
        [
            SeatStatus::Playing,
            SeatStatus::GmDecides,
            SeatStatus::GmDecides
        ]
    );
    host.keep("clock", "f6", "gm@test").await.unwrap();
    let f6 = host.store().seat("clock", "f6").await.unwrap().unwrap();
    assert_eq!((f6.status, f6.missed), (SeatStatus::Playing, 0));
    assert!(host.keep("clock", "f5", "gm@test").await.is_err());
}
on_both!(deadlines, deadlines_hold_warn_remind_and_hand_over);

async fn players_join_and_leave(location: Location) {
    let (host, seats) = new_game(&location, "doors", Settings::default()).await;
    let told = host
        .join(
            "doors",
            Some("Late Comers"),
            Some("late@players.test"),
            "gm@test",
        )
        .await
        .unwrap();
    assert_eq!(told.seat, "f8");
    let pw = told.password.unwrap();
    let r = host
        .store()
        .report("doors", "f8", None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(r.attempt, 0, "a joining player's initial report");
    let welcome = host
        .store()
        .outbox(Some("doors"), Some("waiting"))
        .await
        .unwrap();
    assert!(
        welcome
            .iter()
            .any(|m| m.message.to == "late@players.test" && m.message.kind == "welcome")
    );
    let template = filled_template(&host, "doors", "f8", pw.expose()).await;
    let a = send(&host, "doors", &template, None).await;
    assert_eq!(a.refused, 0, "{}", a.text);

    // Removing a player: Overlord's own RESIGN at the next turn; nothing
    // more is taken from it.
    let (f, pw) = (seats[2].0.as_str(), seats[2].1.as_str());
    let note = host.remove("doors", f, "gm@test").await.unwrap();
    assert!(note.contains("resigns when the next turn runs"), "{note}");
    let template = filled_template(&host, "doors", f, pw).await;
    let a = send(&host, "doors", &template, None).await;
    assert!(
        a.text
            .contains("has been removed from the game by the game master"),
        "{}",
        a.text
    );
    host.run_turn(
        "doors",
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap();
    let last = host
        .store()
        .report("doors", f, Some(1))
        .await
        .unwrap()
        .unwrap();
    assert!(
        last.template.is_none(),
        "a resigned faction gets no template"
    );
    assert!(last.text.to_lowercase().contains("resign"), "{}", last.text);
    // A rollback would undo the join: refused.
    let e = host.rollback("doors", "gm@test").await;
    assert!(e.is_ok(), "the join came before the turn: {e:?}");
    let e = host.join("doors", None, None, "gm@test").await.unwrap();
    assert_eq!(e.seat, "f9");
    host.run_turn(
        "doors",
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap();
    host.join("doors", None, None, "gm@test").await.unwrap();
    let e = host.rollback("doors", "gm@test").await.unwrap_err();
    assert!(
        e.to_string().contains("changed after turn 1 ran (join)"),
        "{e}"
    );
}
on_both!(joins, players_join_and_leave);

async fn one_run_at_a_time(location: Location) {
    let (host, _) = new_game(&location, "solo", Settings::default()).await;
    let held = RunLock::try_take(host.store(), "solo")
        .await
        .unwrap()
        .expect("free");
    // A second server on the same database.
    let other = Host::open(&location).await.unwrap();
    assert!(
        RunLock::try_take(other.store(), "solo")
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        other
            .run_turn("solo", Trigger::Now { actor: "gm".into() })
            .await
            .unwrap(),
        Ran::Busy
    );
    // Another game is not held.
    assert!(
        RunLock::try_take(other.store(), "other")
            .await
            .unwrap()
            .is_some()
    );
    held.release().await;
    assert!(
        RunLock::try_take(other.store(), "solo")
            .await
            .unwrap()
            .is_some()
    );
}
on_both!(run_lock, one_run_at_a_time);

/// Two installations in two schemas of one PostgreSQL database (advisory
/// locks are database-wide) each run their own game of the same name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_locks_of_two_schemas_do_not_block_each_other() {
    let a = Host::open(&umpire_host::testing::postgres("locks_a").await)
        .await
        .unwrap();
    let b = Host::open(&umpire_host::testing::postgres("locks_b").await)
        .await
        .unwrap();
    let held = RunLock::try_take(a.store(), "spring")
        .await
        .unwrap()
        .expect("free in a");
    let other = RunLock::try_take(b.store(), "spring").await.unwrap();
    assert!(other.is_some(), "schema b's spring is not schema a's");
    held.release().await;
    if let Some(o) = other {
        o.release().await;
    }
}

async fn bots_play_their_seats_and_never_a_players_orders(location: Location) {
    let (host, seats) = new_game(&location, "botland", Settings::default()).await;
    let (f6, f7) = (&seats[1], &seats[2]);
    assert_eq!((f6.0.as_str(), f7.0.as_str()), ("f6", "f7"));
    host.set_bot("botland", "f6", true, "gm@test")
        .await
        .unwrap();
    host.set_bot("botland", "f7", true, "gm@test")
        .await
        .unwrap();
    let err = host
        .set_bot("botland", "f99", true, "gm@test")
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("botland has no seat f99"), "{err}");
    let settings = Settings::of_row(&host.game("botland").await.unwrap());
    assert_eq!(settings.bots, ["f6", "f7"]);

    // f7's player writes their own orders; the bot must leave them alone.
    let own = filled_template(&host, "botland", "f7", &f7.1).await;
    let answer = send(&host, "botland", &own, None).await;
    assert_eq!(answer.refused, 0, "{}", answer.text);
    let f7_before = host
        .store()
        .orders_of("botland", 1, "f7")
        .await
        .unwrap()
        .unwrap();

    let ran = host
        .run_turn(
            "botland",
            Trigger::Now {
                actor: "gm@test".into(),
            },
        )
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let bot_subs: Vec<_> = host
        .store()
        .submissions(Some("botland"), 100)
        .await
        .unwrap()
        .into_iter()
        .filter(|s| s.source == "bot")
        .collect();
    assert_eq!(bot_subs.len(), 1, "one bot submission, for f6 only");
    assert_eq!(bot_subs[0].sender.as_deref(), Some("seat:f6"));
    assert_eq!(bot_subs[0].disposition, "answered");
    let answer = bot_subs[0].answer.clone().unwrap();
    assert!(!answer.contains("refused"), "{answer}");
    let f6_orders = host
        .store()
        .orders_of("botland", 1, "f6")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(f6_orders.submission, bot_subs[0].id);
    assert!(f6_orders.text.contains("UNIT"), "{}", f6_orders.text);
    let f7_after = host
        .store()
        .orders_of("botland", 1, "f7")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(f7_after.submission, f7_before.submission);
    assert!(
        host.store()
            .orders_of("botland", 1, "f5")
            .await
            .unwrap()
            .is_none()
    );

    // A bot taken off plays no more; one left on plays the next turn too.
    host.set_bot("botland", "f6", false, "gm@test")
        .await
        .unwrap();
    host.run_turn(
        "botland",
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap();
    assert!(
        host.store()
            .orders_of("botland", 2, "f6")
            .await
            .unwrap()
            .is_none()
    );
    let f7_turn2 = host
        .store()
        .orders_of("botland", 2, "f7")
        .await
        .unwrap()
        .unwrap();
    assert_ne!(f7_turn2.submission, f7_before.submission);

    let audit: Vec<String> = host
        .store()
        .audit(Some("botland"))
        .await
        .unwrap()
        .into_iter()
        .filter(|a| a.action == "bot")
        .map(|a| a.detail)
        .collect();
    assert_eq!(
        audit,
        [
            "a bot plays f6 from now on",
            "a bot plays f7 from now on",
            "no bot plays f6 any more"
        ]
    );
}

on_both!(bots, bots_play_their_seats_and_never_a_players_orders);

/// A rollback withdraws every message its turn queued and has not sent,
/// and each player is told which of that turn's messages already reached
/// them.
async fn a_rollback_withdraws_the_mail_of_its_turn(location: Location) {
    let (host, seats) = new_game(
        &location,
        "recall",
        Settings {
            gm_address: Some("gm@game.test".into()),
            hold_percent: 100,
            ..Settings::default()
        },
    )
    .await;
    for (seat, _) in &seats {
        host.set_address("recall", seat, &format!("{seat}@players.test"), "gm@test")
            .await
            .unwrap();
    }
    let now = Trigger::Now {
        actor: "gm@test".into(),
    };
    let ran = host.run_turn("recall", now.clone()).await.unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let of_turn = |rows: &[umpire_host::store::OutboxRow]| -> Vec<(i64, String, String)> {
        rows.iter()
            .filter(|m| m.message.run.map(|(t, _)| t) == Some(1))
            .map(|m| (m.id, m.message.subject.clone(), m.status.clone()))
            .collect()
    };
    let queued = of_turn(&host.store().outbox(Some("recall"), None).await.unwrap());
    // Three reports and the game master's mail.
    assert_eq!(queued.len(), 4, "{queued:?}");
    // The sender has already sent the first seat's report.
    let (f, _) = &seats[0];
    let sent = host
        .store()
        .outbox(Some("recall"), None)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.message.kind == "report" && m.message.seat.as_deref() == Some(f))
        .unwrap();
    assert!(host.store().take_to_send(sent.id).await.unwrap());
    host.store().mark_sent(sent.id).await.unwrap();

    host.rollback("recall", "gm@test").await.unwrap();
    let outbox = host.store().outbox(Some("recall"), None).await.unwrap();
    for (id, subject, _) in &queued {
        let now = outbox.iter().find(|m| m.id == *id).unwrap();
        let want = if *id == sent.id { "sent" } else { "withdrawn" };
        assert_eq!(now.status, want, "{subject}");
    }
    // Nothing of the rolled-back turn is due to be sent any more.
    let due = host
        .store()
        .due(umpire_host::store::Channel::Mail, i64::MAX, 100)
        .await
        .unwrap();
    assert!(
        due.iter().all(|m| m.message.run.is_none()),
        "{:?}",
        due.iter().map(|m| &m.message.subject).collect::<Vec<_>>()
    );
    // A failed attempt to send a withdrawn message does not revive it.
    let withdrawn = queued.iter().find(|(id, ..)| *id != sent.id).unwrap().0;
    host.store()
        .mark_retry(withdrawn, "refused", 0)
        .await
        .unwrap();
    let still = host.store().outbox(Some("recall"), None).await.unwrap();
    assert_eq!(
        still.iter().find(|m| m.id == withdrawn).unwrap().status,
        "withdrawn"
    );
    // Each player is told what reached them and what will not come.
    let notice = |seat: &str| {
        still
            .iter()
            .find(|m| {
                m.message.seat.as_deref() == Some(seat) && m.message.subject.contains("rolled back")
            })
            .unwrap()
            .message
            .body
            .clone()
    };
    let first = notice(f);
    assert!(
        first.contains(&format!(
            "Already sent to you and now void: \"[recall] Turn 1 report for {f}\"."
        )),
        "{first}"
    );
    assert!(!first.contains("withdrawn"), "{first}");
    let (g, _) = &seats[1];
    let second = notice(g);
    assert!(
        second.contains(
            "Your report of turn 1 had not been sent yet: it is withdrawn and will not come."
        ),
        "{second}"
    );
    assert!(!second.contains("Already sent"), "{second}");
    let audit = host.store().audit(Some("recall")).await.unwrap();
    assert!(
        audit
            .last()
            .unwrap()
            .detail
            .ends_with("3 of its 4 message(s) withdrawn before they were sent"),
        "{:?}",
        audit.last()
    );
    // The rerun queues its own reports, which go.
    host.run_turn("recall", now).await.unwrap();
    let waiting = host
        .store()
        .outbox(Some("recall"), Some("waiting"))
        .await
        .unwrap();
    assert_eq!(
        waiting
            .iter()
            .filter(|m| m.message.kind == "report" && m.message.run == Some((1, 2)))
            .count(),
        3
    );
}
on_both!(rollback_mail, a_rollback_withdraws_the_mail_of_its_turn);

/// A header's password, right or wrong, is blanked in the stored text
/// and in every finding that quotes its line; so is a new password.
async fn header_passwords_are_never_kept_or_shown_in_clear(location: Location) {
    let (host, seats) = new_game(&location, "hush", Settings::default()).await;
    let (f, pw) = (seats[0].0.as_str(), seats[0].1.as_str());
    let orders = filled_template(&host, "hush", f, pw).await;
    // A stray word on the header line: the finding quotes the line.
    let right = orders.replacen(&format!("{pw} hush"), &format!("{pw} hush spare-word"), 1);
    assert_ne!(right, orders);
    let with_new = format!("{right}\n#GAME {f} {pw}\nPASSWORD fresh-secret-9\n#END\n");
    let wrong = format!("#PRESS {f} wrong-guess-3 12\nA tale.\n#END\n");
    for (text, secrets) in [
        (with_new.as_str(), vec![pw, "fresh-secret-9"]),
        (wrong.as_str(), vec!["wrong-guess-3"]),
    ] {
        let a = send(&host, "hush", text, None).await;
        let row = host
            .store()
            .submission(a.submission)
            .await
            .unwrap()
            .unwrap();
        let kept = row.text.clone().unwrap_or_default();
        for secret in secrets {
            assert!(!a.text.contains(secret), "{secret}: {}", a.text);
            assert!(!kept.contains(secret), "{secret}: {kept}");
            assert!(String::from_utf8_lossy(&row.raw).contains(secret));
        }
        assert_eq!(kept.lines().count(), text.lines().count());
    }
    let a = send(&host, "hush", &with_new, None).await;
    assert!(a.text.contains("unexpected `spare-word`"), "{}", a.text);
    // The password's letters are blanked where they stood, so the finding
    // still points at the stray word.
    let stars = "*".repeat(pw.chars().count());
    assert!(
        a.text.contains(&format!("f05 {stars} hush spare-word")),
        "{}",
        a.text
    );
}
on_both!(hush, header_passwords_are_never_kept_or_shown_in_clear);

/// The answers players ask for first: a clean order set comes back as
/// stored, unit by unit, in canonical form; a wrong password is said
/// first and nothing is said about the orders; one mistake makes one
/// finding.
async fn answers_show_what_was_read(location: Location) {
    let (host, seats) = new_game(&location, "echo", Settings::default()).await;
    let (f, pw) = (seats[0].0.as_str(), seats[0].1.as_str());
    let template = filled_template(&host, "echo", f, pw).await;
    let unit = template
        .lines()
        .find_map(|l| l.strip_prefix("UNIT "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_string();
    let clean = template.replacen(
        &format!("UNIT {unit}"),
        &format!("UNIT {unit}\nname \u{201C}Søren la Fère\u{201D}\nwork"),
        1,
    );
    let a = send(&host, "echo", &clean, None).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    let shown = a
        .text
        .split_once("f5's orders as stored, read back in canonical form (this is what runs):\n\n")
        .map(|(_, s)| s)
        .unwrap_or_else(|| panic!("{}", a.text));
    assert!(shown.starts_with("GAME f05 ******** echo\n"), "{shown}");
    assert!(
        shown.contains(&format!("UNIT {unit}\nNAME \"Søren la Fère\"\nWORK\n")),
        "{shown}"
    );
    assert!(!a.text.contains(pw));

    // A wrong password: said first, and not a word on the orders.
    let wrong = clean
        .replacen(pw, "not-it", 1)
        .replace("\nwork", "\nfrobnicate");
    let a = send(&host, "echo", &wrong, Some("<wrong@players.test>")).await;
    assert!(
        a.text
            .starts_with("f5: refused: wrong password for f5; nothing stored\n"),
        "{}",
        a.text
    );
    assert!(!a.text.contains("frobnicate"), "{}", a.text);
    assert!(!a.text.contains("error["), "{}", a.text);
    let subject = host
        .store()
        .outbox(Some("echo"), None)
        .await
        .unwrap()
        .into_iter()
        .rfind(|m| m.message.kind == "answer")
        .unwrap()
        .message
        .subject;
    assert_eq!(subject, "[echo] f5 orders refused: wrong password");

    // One mistake, one finding: the unit whose only order is unknown is
    // told so on that finding, not in a second one.
    let mistaken = format!("#GAME f05 {pw} echo\nUNIT {unit}\nFROBNICATE\n#END\n");
    let a = send(&host, "echo", &mistaken, None).await;
    let findings = a.text.matches("error[").count()
        + a.text.matches("warning[").count()
        + a.text.matches("note[").count();
    assert_eq!(findings, 1, "{}", a.text);
    assert!(
        a.text.contains(&format!(
            "note: {unit} has no other orders: its pending orders will be cleared and it will WORK"
        )),
        "{}",
        a.text
    );
    assert!(
        !a.text.contains(&format!("no orders for {unit}")),
        "{}",
        a.text
    );
}
on_both!(answers, answers_show_what_was_read);

/// Each seat's record: turns on time, late and missed (a bot's orders are
/// the player's missed turn), counted from the turns kept; a turn rolled
/// back no longer counts.
async fn each_seats_record_counts_turns_on_time_late_and_missed(location: Location) {
    let settings = Settings {
        hold_percent: 100,
        ..Settings::default()
    };
    let (host, seats) = new_game(&location, "record", settings).await;
    let (a, b, c) = (&seats[0], &seats[1], &seats[2]);
    // Turn 1: A sends, the game master runs it now; B and C send nothing.
    let orders = filled_template(&host, "record", &a.0, &a.1).await;
    assert!(!send(&host, "record", &orders, None).await.receipts[0].refused);
    assert!(matches!(
        run_now(&host, "record").await,
        Ran::Kept { turn: 1, .. }
    ));
    // Turn 2 runs at a deadline already past when A sends; a bot plays C.
    set_deadline(&location, "record", 1000).await;
    host.set_bot("record", &c.0, true, "gm@test").await.unwrap();
    let orders = filled_template(&host, "record", &a.0, &a.1).await;
    assert!(!send(&host, "record", &orders, None).await.receipts[0].refused);
    let ran = host.run_turn("record", Trigger::Deadline).await.unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 2, .. }), "{ran:?}");

    let record = host.record("record").await.unwrap();
    let counts: Vec<(&str, u32, u32, u32, u32)> = record
        .iter()
        .map(|r| (r.seat.as_str(), r.on_time, r.late, r.missed, r.by_bot))
        .collect();
    assert_eq!(
        counts,
        vec![
            (a.0.as_str(), 1, 1, 0, 0),
            (b.0.as_str(), 0, 0, 2, 0),
            (c.0.as_str(), 0, 0, 2, 1),
        ]
    );

    host.rollback("record", "gm@test").await.unwrap();
    let record = host.record("record").await.unwrap();
    let counts: Vec<(u32, u32, u32, u32)> = record
        .iter()
        .map(|r| (r.on_time, r.late, r.missed, r.by_bot))
        .collect();
    assert_eq!(counts, vec![(1, 0, 0, 0), (0, 0, 1, 0), (0, 0, 1, 0)]);
    assert!(host.record("no-such-game").await.is_err());
}
on_both!(
    record,
    each_seats_record_counts_turns_on_time_late_and_missed
);
