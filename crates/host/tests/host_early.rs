//! A turn that runs early when everyone is ready, on SQLite and on
//! PostgreSQL: off by default; with `sent`, the turn runs once every seat
//! in play has sent orders and the grace has passed, and the players are
//! told why; a change within the grace stops it; with `ready`, every seat
//! must mark its orders ready (`#READY`, or the web's button); a seat out
//! of play or played by a bot does not count; En Garde! sheets carry the
//! same words; a rolled-back early turn waits the grace again; a run
//! stopped part way is repeated as early; and the early run writes the
//! same reports as the same turn run at its deadline.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use umpire_host::on_both;

use umpire_host::host::{Early, Host, NewGame, Ran, Settings, Trigger, Word};
use umpire_host::kind::Options;
use umpire_host::store::{Location, now_ms};

const MINUTE: i64 = 60_000;

async fn new_game(location: &Location, settings: Settings) -> (Host, Vec<(String, String)>) {
    support::overlord_game(location, "early", 3, settings).await
}

/// A weekly game that runs early as `early` says, its deadline a week off.
async fn weekly(location: &Location, early: Early) -> (Host, Vec<(String, String)>) {
    let settings = Settings {
        schedule: Some("sat 18:00".into()),
        gm_address: Some("gm@game.test".into()),
        early,
        grace_minutes: 10,
        ..Settings::default()
    };
    let (host, seats) = new_game(location, settings).await;
    set_deadline(location, now_ms() + 7 * 24 * 60 * MINUTE).await;
    (host, seats)
}

async fn set_deadline(location: &Location, at: i64) {
    support::execute(
        location,
        &format!("UPDATE games SET deadline = {at} WHERE id = 'early'"),
    )
    .await;
}

/// Time passes: every order and word of the game, and its world, is
/// `minutes` older.
async fn later_by(location: &Location, minutes: i64) {
    let by = minutes * MINUTE;
    support::execute(
        location,
        &format!("UPDATE worlds SET made_at = made_at - {by} WHERE game_id = 'early'"),
    )
    .await;
    support::execute(
        location,
        &format!("UPDATE orders SET received_at = received_at - {by} WHERE game_id = 'early'"),
    )
    .await;
    support::execute(
        location,
        &format!("UPDATE ready_marks SET marked_at = marked_at - {by} WHERE game_id = 'early'"),
    )
    .await;
}

/// The seat's order template with its password filled in.
async fn filled_template(host: &Host, seat: &str, password: &str) -> String {
    support::orders_template(host, "early", seat, password).await
}

/// The envelope's header alone (its first line), with `word` under it.
fn word_alone(template: &str, word: &str) -> String {
    let header = template
        .lines()
        .find(|l| l.trim_start().starts_with('#'))
        .unwrap();
    format!("{header}\n{word}\n")
}

async fn send(host: &Host, text: &str) -> umpire_host::host::Answer {
    support::mail_in(host, "early", "player@players.test", text).await
}

/// Every seat sends its template back (with `extra` at its end); the
/// answers' envelope lines.
async fn all_send(host: &Host, seats: &[(String, String)], extra: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for (seat, pw) in seats {
        let t = filled_template(host, seat, pw).await;
        let a = send(host, &format!("{t}{extra}")).await;
        assert_eq!(a.refused, 0, "{}", a.text);
        lines.push(a.receipts[0].line.clone());
    }
    lines
}

async fn turns_run(host: &Host) -> u32 {
    host.game("early").await.unwrap().turn
}

/// Mail the turn's run queued of `kind` (`report`, `gm`).
async fn mail_of(host: &Host, kind: &str) -> Vec<umpire_host::store::OutboxRow> {
    host.store()
        .outbox(Some("early"), None)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.message.kind == kind)
        .collect()
}

async fn off_by_default_the_turn_waits_for_its_deadline(location: Location) {
    assert_eq!(Settings::default().early, Early::Off);
    assert_eq!(Settings::default().grace_minutes, 10);
    let settings = Settings {
        schedule: Some("sat 18:00".into()),
        ..Settings::default()
    };
    let (host, seats) = new_game(&location, settings).await;
    set_deadline(&location, now_ms() + 7 * 24 * 60 * MINUTE).await;
    let lines = all_send(&host, &seats, "").await;
    assert!(
        lines
            .iter()
            .all(|l| !l.contains("early") && !l.contains("ready")),
        "{lines:?}"
    );
    later_by(&location, 60).await;
    let tick = host.tick().await.unwrap();
    assert!(tick.ran.is_empty(), "{tick:?}");
    assert_eq!(turns_run(&host).await, 0);
    let r = host.readiness("early").await.unwrap();
    assert_eq!((r.early, r.waiting, r.at), (Early::Off, 0, None));
    // A word changes nothing here, and says so.
    let t = filled_template(&host, &seats[0].0, &seats[0].1).await;
    let a = send(&host, &format!("{t}#READY\n")).await;
    assert!(
        a.receipts[0].line.ends_with(
            "marked ready, which changes nothing here: this game runs each turn at its deadline"
        ),
        "{}",
        a.receipts[0].line
    );
    assert!(host.tick().await.unwrap().ran.is_empty());
}
on_both!(
    off_by_default,
    off_by_default_the_turn_waits_for_its_deadline
);

async fn when_all_sent_the_turn_runs_after_the_grace_and_says_why(location: Location) {
    let (host, seats) = weekly(&location, Early::Sent).await;
    let deadline = host.game("early").await.unwrap().deadline.unwrap();
    let lines = all_send(&host, &seats[..2], "").await;
    assert!(
        lines[0]
            .ends_with("turn 1 runs early once every seat is ready: it still waits for 2 seats"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].ends_with("it still waits for 1 seat"),
        "{}",
        lines[1]
    );
    let last = all_send(&host, &seats[2..], "").await;
    assert!(
        last[0].contains("; every seat is ready, so turn 1 runs early, at ")
            && last[0]
                .ends_with("unless someone changes their orders or says not ready before then"),
        "{}",
        last[0]
    );
    let r = host.readiness("early").await.unwrap();
    assert_eq!(r.waiting, 0);
    assert_eq!(r.seats.len(), 3);
    assert_eq!(r.at, Some(r.last.unwrap() + 10 * MINUTE));

    // Within the grace nothing runs.
    later_by(&location, 9).await;
    assert!(host.tick().await.unwrap().ran.is_empty());
    assert_eq!(turns_run(&host).await, 0);

    // After it, the turn runs, well before its deadline.
    later_by(&location, 2).await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(&tick.ran[..], [(g, Ran::Kept { turn: 1, missing, .. })] if g == "early" && missing.is_empty()),
        "{tick:?}"
    );
    let after = host.game("early").await.unwrap();
    assert_eq!((after.turn, after.running_early), (1, None));
    assert!(
        after.deadline.unwrap() > deadline,
        "the next deadline is the one after the deadline the turn did not wait for"
    );
    let reports = mail_of(&host, "report").await;
    let ran: Vec<_> = reports
        .iter()
        .filter(|m| m.message.subject.contains("Turn 1 report"))
        .collect();
    assert_eq!(ran.len(), 3);
    for m in ran {
        assert!(
            m.message
                .body
                .contains("Turn 1 ran early, before its deadline (")
                && m.message
                    .body
                    .contains("every seat in play had sent orders by ")
                && m.message
                    .body
                    .contains("and nobody changed their mind in the 10 minutes after."),
            "{}",
            m.message.body
        );
    }
    let gm = mail_of(&host, "gm").await;
    let letter = gm
        .iter()
        .find(|m| m.message.subject.contains("Turn 1 ran"))
        .unwrap();
    assert!(
        letter.message.body.starts_with("Turn 1 ran early"),
        "{}",
        letter.message.body
    );
    // The next turn waits again.
    let r = host.readiness("early").await.unwrap();
    assert_eq!((r.turn, r.waiting, r.at), (2, 3, None));
    assert!(host.tick().await.unwrap().ran.is_empty());
    a_rolled_back_early_turn_waits_the_grace_and_runs_the_same(&host, &location, &seats).await;
}

/// Rolled back, the turn is ready again at once (the orders stand), but
/// the grace counts from the rollback: the game master may pause it. Run
/// again, it writes the same reports.
async fn a_rolled_back_early_turn_waits_the_grace_and_runs_the_same(
    host: &Host,
    location: &Location,
    seats: &[(String, String)],
) {
    let first = host
        .store()
        .report("early", &seats[0].0, Some(1))
        .await
        .unwrap()
        .unwrap();
    let before = now_ms();
    host.rollback("early", "gm@test").await.unwrap();
    let r = host.readiness("early").await.unwrap();
    assert_eq!((r.turn, r.waiting), (1, 0));
    assert!(r.at.unwrap() >= before + 10 * MINUTE, "{r:?}");
    assert!(host.tick().await.unwrap().ran.is_empty());
    later_by(location, 11).await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(&tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
    let again = host
        .store()
        .report("early", &seats[0].0, Some(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(again.text, first.text);
}
on_both!(
    all_sent,
    when_all_sent_the_turn_runs_after_the_grace_and_says_why
);

async fn a_change_within_the_grace_stops_the_early_run(location: Location) {
    let (host, seats) = weekly(&location, Early::Sent).await;
    all_send(&host, &seats, "").await;
    later_by(&location, 9).await;
    // New orders within the grace start it again.
    let again = all_send(&host, &seats[1..2], "").await;
    assert!(again[0].contains("every seat is ready"), "{}", again[0]);
    later_by(&location, 5).await;
    assert!(
        host.tick().await.unwrap().ran.is_empty(),
        "the grace began again"
    );
    let r = host.readiness("early").await.unwrap();
    assert_eq!(r.waiting, 0);
    // Asked to run early before the grace is over, the host does nothing.
    assert_eq!(
        host.run_turn("early", Trigger::Early).await.unwrap(),
        Ran::NotDue
    );
    let g = host.game("early").await.unwrap();
    assert_eq!((g.turn, g.running_turn, g.running_early), (0, None, None));

    // A word alone keeps the orders and stops the early run.
    let (seat, pw) = (&seats[2].0, &seats[2].1);
    let kept_before = host
        .store()
        .orders_of("early", 1, seat)
        .await
        .unwrap()
        .unwrap();
    let t = filled_template(&host, seat, pw).await;
    let a = send(&host, &word_alone(&t, "#NOTREADY")).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    assert_eq!(
        a.receipts[0].line,
        format!(
            "{seat}: orders for turn 1 kept as they were; marked not ready: turn 1 does not run early until you send orders again or mark them ready"
        )
    );
    let kept_after = host
        .store()
        .orders_of("early", 1, seat)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept_after.text, kept_before.text);
    assert_eq!(kept_after.submission, kept_before.submission);
    later_by(&location, 60).await;
    assert!(host.tick().await.unwrap().ran.is_empty());
    let r = host.readiness("early").await.unwrap();
    assert_eq!(r.waiting, 1);
    let waiting: Vec<_> = r.seats.iter().filter(|s| !s.ready).collect();
    assert_eq!(waiting[0].seat, *seat);
    assert_eq!((waiting[0].sent, waiting[0].mark), (true, Some(false)));

    // Ready again (the web's button): the grace starts from now.
    let words = host.mark_ready("early", seat, Word::Ready).await.unwrap();
    assert!(
        words.starts_with(&format!("{seat}: orders for turn 1; marked ready; every seat is ready, so turn 1 runs early, at ")),
        "{words}"
    );
    assert!(host.tick().await.unwrap().ran.is_empty());
    later_by(&location, 11).await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(&tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
}
on_both!(
    a_change_stops_it,
    a_change_within_the_grace_stops_the_early_run
);

async fn when_all_ready_every_seat_must_mark_its_orders_ready(location: Location) {
    let (host, seats) = weekly(&location, Early::Ready).await;
    let lines = all_send(&host, &seats, "").await;
    assert!(
        lines[2].ends_with("; not marked ready (add a #READY line, or press Ready on the orders page, when they are final); turn 1 runs early once every seat is ready: it still waits for 3 seats"),
        "{}",
        lines[2]
    );
    later_by(&location, 60).await;
    assert!(host.tick().await.unwrap().ran.is_empty());

    // Two send their orders again, marked ready.
    let lines = all_send(&host, &seats[..2], "\n#READY\n").await;
    assert!(
        lines[1].ends_with(
            "; marked ready; turn 1 runs early once every seat is ready: it still waits for 1 seat"
        ),
        "{}",
        lines[1]
    );
    // The third marks the orders it sent, with a word alone.
    let (seat, pw) = (&seats[2].0, &seats[2].1);
    let t = filled_template(&host, seat, pw).await;
    let a = send(&host, &word_alone(&t, "#ready")).await;
    assert!(
        a.receipts[0].line.starts_with(&format!(
            "{seat}: orders for turn 1 kept as they were; marked ready; every seat is ready, so turn 1 runs early, at "
        )),
        "{}",
        a.receipts[0].line
    );
    // The first changes their orders without #READY: no longer ready.
    let changed = all_send(&host, &seats[..1], "").await;
    assert!(changed[0].contains("not marked ready"), "{}", changed[0]);
    let r = host.readiness("early").await.unwrap();
    assert_eq!(r.waiting, 1);
    assert_eq!(r.seats[0].mark, None);
    later_by(&location, 60).await;
    assert!(host.tick().await.unwrap().ran.is_empty());
    // The web's button marks them ready again.
    host.mark_ready("early", &seats[0].0, Word::Ready)
        .await
        .unwrap();
    later_by(&location, 10).await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(&tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
    let reports = mail_of(&host, "report").await;
    let one = reports
        .iter()
        .find(|m| m.message.subject.contains("Turn 1 report"))
        .unwrap();
    assert!(
        one.message
            .body
            .contains("every seat in play had sent orders and marked them ready by "),
        "{}",
        one.message.body
    );
}
on_both!(
    all_ready,
    when_all_ready_every_seat_must_mark_its_orders_ready
);

async fn a_word_alone_with_no_orders_marks_nothing(location: Location) {
    let (host, seats) = weekly(&location, Early::Ready).await;
    let (seat, pw) = (&seats[0].0, &seats[0].1);
    let t = filled_template(&host, seat, pw).await;
    let a = send(&host, &word_alone(&t, "#READY")).await;
    assert_eq!(a.refused, 1, "{}", a.text);
    assert_eq!(
        a.receipts[0].line,
        format!(
            "{seat}: refused: no orders for turn 1 to mark: send them, with a #READY line when they are final; nothing stored"
        )
    );
    assert!(
        host.store()
            .orders_of("early", 1, seat)
            .await
            .unwrap()
            .is_none()
    );
    assert!(host.store().marks("early", 1).await.unwrap().is_empty());
    let refused = host
        .mark_ready("early", seat, Word::Ready)
        .await
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!("{seat} has sent no orders for turn 1 yet: send them first, then mark them ready")
    );
}
on_both!(
    word_without_orders,
    a_word_alone_with_no_orders_marks_nothing
);

async fn seats_out_of_play_or_played_by_a_bot_do_not_count(location: Location) {
    let (host, seats) = weekly(&location, Early::Sent).await;
    host.remove("early", &seats[2].0, "gm@test").await.unwrap();
    // A seat a bot plays does not count either: its orders are written
    // when the turn runs.
    host.set_bot("early", &seats[1].0, true, "gm@test")
        .await
        .unwrap();
    let r = host.readiness("early").await.unwrap();
    assert_eq!((r.seats.len(), r.waiting), (1, 1));
    all_send(&host, &seats[..1], "").await;
    let r = host.readiness("early").await.unwrap();
    assert_eq!(r.seats.len(), 1);
    assert_eq!(r.seats[0].seat, seats[0].0);
    assert_eq!(r.waiting, 0);
    let refused = host
        .mark_ready("early", &seats[2].0, Word::NotReady)
        .await
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!("{} is no longer in the game (removed)", seats[2].0)
    );
    later_by(&location, 11).await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(&tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
}
on_both!(
    out_of_play,
    seats_out_of_play_or_played_by_a_bot_do_not_count
);

/// The same game in a second database of the same kind.
async fn twin(location: &Location) -> Location {
    if location.sqlite_path().is_some() {
        support::sqlite("early-twin-lite")
    } else {
        support::postgres("early_twin_pg").await
    }
}

async fn an_early_run_writes_what_the_deadline_run_writes(location: Location) {
    let (early_host, early_seats) = weekly(&location, Early::Sent).await;
    let other = twin(&location).await;
    let (late_host, late_seats) = weekly(&other, Early::Off).await;
    // Both deadlines fall before the schedule's next one, so both runs
    // announce the same next deadline: the early game's a while off, the
    // other's passed.
    let next = early_host.game("early").await.unwrap().deadline.unwrap();
    let schedule_next = Settings::of_row(&early_host.game("early").await.unwrap())
        .schedule()
        .unwrap()
        .next_after(
            umpire_host::schedule::from_ms(now_ms()),
            &jiff::tz::TimeZone::UTC,
        )
        .as_millisecond();
    assert!(next > schedule_next, "the deadline was moved a week off");
    set_deadline(&location, now_ms() + (schedule_next - now_ms()) / 2).await;
    set_deadline(&other, now_ms() - MINUTE).await;
    all_send(&early_host, &early_seats, "").await;
    all_send(&late_host, &late_seats, "").await;
    later_by(&location, 11).await;
    let early = early_host.tick().await.unwrap();
    let late = late_host.tick().await.unwrap();
    assert!(
        matches!(&early.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{early:?}"
    );
    assert!(
        matches!(&late.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{late:?}"
    );
    assert!(
        early_host.game("early").await.unwrap().deadline.is_some(),
        "a next deadline"
    );
    assert_eq!(
        early_host.game("early").await.unwrap().deadline,
        late_host.game("early").await.unwrap().deadline,
        "the same next deadline"
    );
    for ((seat, _), _) in early_seats.iter().zip(&late_seats) {
        let a = early_host
            .store()
            .report("early", seat, Some(1))
            .await
            .unwrap()
            .unwrap();
        let b = late_host
            .store()
            .report("early", seat, Some(1))
            .await
            .unwrap()
            .unwrap();
        assert!(!a.text.is_empty());
        assert_eq!(a.text, b.text, "{seat}'s report");
        assert_eq!(a.template, b.template, "{seat}'s template");
    }
    let a = early_host
        .store()
        .turns("early")
        .await
        .unwrap()
        .pop()
        .unwrap();
    let b = late_host
        .store()
        .turns("early")
        .await
        .unwrap()
        .pop()
        .unwrap();
    // (The summary says how long the engine took: not compared.)
    assert_eq!((a.turn, a.seed, &a.public), (1, b.seed, &b.public));
    assert_eq!(a.next_deadline, b.next_deadline);
    let world_a = early_host
        .store()
        .world("early", a.world_after)
        .await
        .unwrap();
    let world_b = late_host
        .store()
        .world("early", b.world_after)
        .await
        .unwrap();
    assert!(!world_a.is_empty());
    assert!(world_a == world_b, "the same world after the turn");
    // Only the letters differ: the early one says why.
    let said = |m: &[umpire_host::store::OutboxRow]| {
        m.iter()
            .filter(|m| m.message.subject.contains("Turn 1 report"))
            .filter(|m| m.message.body.contains("ran early"))
            .count()
    };
    assert_eq!(said(&mail_of(&early_host, "report").await), 3);
    assert_eq!(said(&mail_of(&late_host, "report").await), 0);
}
on_both!(same_bytes, an_early_run_writes_what_the_deadline_run_writes);

async fn an_early_run_stopped_part_way_is_repeated_as_early(location: Location) {
    let (host, seats) = weekly(&location, Early::Sent).await;
    all_send(&host, &seats, "").await;
    later_by(&location, 11).await;
    let since = host.readiness("early").await.unwrap().last.unwrap();
    let g = host.game("early").await.unwrap();
    let deadline = g.deadline.unwrap();
    // What marking the early run keeps, as a run killed just after it
    // leaves the game.
    support::execute(
        &location,
        &format!(
            "UPDATE games SET running_turn = 1, running_deadline = {deadline}, running_next = {}, running_early = {since} WHERE id = 'early'",
            deadline + 7 * 24 * 60 * MINUTE
        ),
    )
    .await;
    // A player's change now is refused: the turn is being run.
    let refused = host
        .mark_ready("early", &seats[0].0, Word::NotReady)
        .await
        .unwrap_err();
    assert!(
        refused.to_string().starts_with("turn 1 is being run"),
        "{refused}"
    );
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(&tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
    let after = host.game("early").await.unwrap();
    assert_eq!(after.deadline, Some(deadline + 7 * 24 * 60 * MINUTE));
    assert_eq!(after.running_early, None);
    let reports = mail_of(&host, "report").await;
    let early = reports
        .iter()
        .filter(|m| m.message.subject.contains("Turn 1 report"))
        .filter(|m| {
            m.message
                .body
                .contains("Turn 1 ran early, before its deadline (")
        })
        .count();
    assert_eq!(early, 3);
}
on_both!(repeated, an_early_run_stopped_part_way_is_repeated_as_early);

async fn en_garde_sheets_carry_the_same_words(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let made = host
        .create(NewGame {
            kind: "engarde".into(),
            name: "early".into(),
            options: Options(vec![
                ("player".into(), "Athos:athos@players.test".into()),
                ("player".into(), "Porthos:porthos@players.test".into()),
                ("seed".into(), "3".into()),
            ]),
            settings: Settings {
                schedule: Some("every 7 days".into()),
                early: Early::Ready,
                grace_minutes: 5,
                ..Settings::default()
            },
            actor: "gm@test".into(),
        })
        .await
        .unwrap();
    let pw: Vec<String> = made
        .seats
        .iter()
        .map(|t| t.password.as_ref().unwrap().expose().to_string())
        .collect();
    let sheet = |name: &str, pw: &str, word: &str| {
        format!("CHARACTER {name}\nPASSWORD {pw}\n{word}PREMONTHLY\nWEEK 1\nCAROUSE\n")
    };
    let a = send(&host, &sheet("Athos", &pw[0], "#READY\n")).await;
    let line = &a.receipts[0].line;
    assert!(
        line.starts_with("Athos: a sheet of 1 order stored for turn 1;")
            && line.ends_with(
                "; marked ready; turn 1 runs early once every seat is ready: it still waits for 1 seat"
            ),
        "{line}"
    );
    let kept = host
        .store()
        .orders_of("early", 1, "athos")
        .await
        .unwrap()
        .unwrap();
    assert!(!kept.text.contains("READY"), "{}", kept.text);
    // Porthos's sheet, then a word alone: the sheet stays.
    let p = send(&host, &sheet("Porthos", &pw[1], "")).await;
    assert!(
        p.receipts[0].line.contains("not marked ready"),
        "{}",
        p.receipts[0].line
    );
    let before = host
        .store()
        .orders_of("early", 1, "porthos")
        .await
        .unwrap()
        .unwrap();
    let word = send(
        &host,
        &format!("CHARACTER Porthos\nPASSWORD {}\n#ready\n", pw[1]),
    )
    .await;
    assert!(
        word.receipts[0].line.starts_with(
            "Porthos: orders for turn 1 kept as they were; marked ready; every seat is ready, so turn 1 runs early, at "
        ),
        "{}",
        word.receipts[0].line
    );
    let after = host
        .store()
        .orders_of("early", 1, "porthos")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(after.text, before.text);
    later_by(&location, 6).await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(&tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
}
on_both!(en_garde, en_garde_sheets_carry_the_same_words);
