//! A game's deadlines as an iCalendar feed over a real port: public as
//! the start page's "Next turn" is, each deadline at its moment in UTC
//! across a change of the clocks, one event per turn with a UID that
//! stays when the deadline moves, lines folded and ended as RFC 5545
//! says; none for a paused game; 404 for a game that is not here.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::web::{Client, blocking, site};
use umpire_host::testing;

/// The feed's content lines, unfolded.
fn lines(body: &str) -> Vec<String> {
    assert!(body.ends_with("\r\n"), "{body:?}");
    for raw in body.split("\r\n") {
        assert!(raw.len() <= 75, "a line longer than 75 octets: {raw:?}");
        assert!(!raw.contains('\n') && !raw.contains('\r'), "{raw:?}");
    }
    body.replace("\r\n ", "")
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

fn values<'a>(lines: &'a [String], name: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_deadlines_are_a_calendar_feed_right_across_a_change_of_the_clocks() {
    let location = testing::sqlite("calendar");
    let s = site(location.clone()).await;
    s.host
        .set_schedule("spring", Some("sat 18:00"), Some("Europe/Paris"), "gm")
        .await
        .unwrap();
    // The deadline set now: Saturday 20 March 2027, 18:00 in Paris.
    let at = umpire_host::schedule::moment("2027-03-20 18:00", "Europe/Paris")
        .unwrap()
        .as_millisecond();
    testing::execute(
        &location,
        &format!("UPDATE games SET deadline = {at} WHERE id = 'spring'"),
    )
    .await;
    let base = s.base.clone();
    let (feed, missing, home) = blocking(move || {
        // Nobody logged in: the feed is public, as the start page is.
        let mut c = Client::new(&base);
        (
            c.get("/games/spring/deadlines.ics"),
            c.get("/games/nowhere/deadlines.ics"),
            c.get("/").body,
        )
    })
    .await;
    assert_eq!(feed.status, 200, "{}", feed.body);
    let kind = feed
        .headers
        .iter()
        .find(|(n, _)| n == "content-type")
        .map(|(_, v)| v.as_str());
    assert_eq!(kind, Some("text/calendar; charset=utf-8"));
    let l = lines(&feed.body);
    assert_eq!(l.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
    assert_eq!(l.last().map(String::as_str), Some("END:VCALENDAR"));
    assert_eq!(values(&l, "VERSION"), ["2.0"]);
    assert_eq!(values(&l, "BEGIN").len(), 11, "a calendar and ten events");
    assert_eq!(values(&l, "END").len(), 11);
    let starts = values(&l, "DTSTART");
    // Summer time begins in Paris on Sunday 28 March 2027: 18:00 is 17:00
    // UTC before it and 16:00 UTC after.
    assert_eq!(
        &starts[..3],
        ["20270320T170000Z", "20270327T170000Z", "20270403T160000Z"]
    );
    assert_eq!(starts.len(), 10);
    assert_eq!(values(&l, "DTEND"), starts);
    let uids = values(&l, "UID");
    assert_eq!(uids[0], "spring-turn-2-deadline@umpire");
    assert_eq!(uids[9], "spring-turn-11-deadline@umpire");
    let summaries = values(&l, "SUMMARY");
    assert_eq!(summaries[0], "spring: orders for turn 2 due");
    let described = values(&l, "DESCRIPTION");
    assert!(
        described[0].contains("Saturday 20 March 2027\\, 18:00 CET (17:00 UTC)"),
        "{}",
        described[0]
    );
    assert!(
        home.contains("href=\"/games/spring/deadlines.ics\""),
        "{home}"
    );
    assert_eq!(missing.status, 404, "{}", missing.body);

    // The deadline moves a day: the same event, a new moment.
    let later = at + 24 * 3_600_000;
    testing::execute(
        &location,
        &format!("UPDATE games SET deadline = {later} WHERE id = 'spring'"),
    )
    .await;
    s.host.pause("spring", "gm").await.unwrap();
    let base = s.base.clone();
    let paused = blocking(move || Client::new(&base).get("/games/spring/deadlines.ics")).await;
    let l = lines(&paused.body);
    assert!(values(&l, "DTSTART").is_empty(), "a paused game has none");
    s.host.resume("spring", "gm").await.unwrap();
    testing::execute(
        &location,
        &format!("UPDATE games SET deadline = {later} WHERE id = 'spring'"),
    )
    .await;
    let base = s.base.clone();
    let moved = blocking(move || Client::new(&base).get("/games/spring/deadlines.ics")).await;
    let l = lines(&moved.body);
    assert_eq!(values(&l, "UID")[0], "spring-turn-2-deadline@umpire");
    assert_eq!(values(&l, "DTSTART")[0], "20270321T170000Z");
    let _ = s.stop.send(true);
}
