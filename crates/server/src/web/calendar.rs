//! `/games/{game}/deadlines.ics`: a game's coming deadlines as an
//! iCalendar feed (RFC 5545), for any calendar program to subscribe to.
//!
//! Public, as the start page's "Next turn" is: it tells when orders are
//! due, nothing of any seat. Each deadline is one event at its moment in
//! UTC, so every calendar shows it at the right local time whatever the
//! clocks do; the events come from the host's schedule
//! (`Host::coming_deadlines`), the one set now and those the schedule
//! sets after it. Each event keeps its UID (game and turn) when a
//! deadline moves, so a calendar moves it instead of adding another.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use jiff::Timestamp;

use super::{Page, Web, WebError};

/// How many deadlines the feed announces.
const AHEAD: usize = 10;

/// `/games/{game}/deadlines.ics`.
pub async fn deadlines(State(web): State<Web>, Path(game): Path<String>) -> Page {
    if web.host.store().game(&game).await?.is_none() {
        return Err(WebError::NotFound(format!("no game called {game} here")));
    }
    let due = web.host.coming_deadlines(&game, AHEAD).await?;
    let body = feed(&game, &due, Timestamp::now());
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/calendar; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{game}-deadlines.ics\""),
            ),
        ],
        body,
    )
        .into_response())
}

/// The calendar of `game`'s deadlines `due`, stamped `now`.
pub fn feed(game: &str, due: &[umpire_host::host::Due], now: Timestamp) -> String {
    let mut out = String::new();
    let stamp = utc(now);
    for line in [
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".to_string(),
        "PRODID:-//Umpire//Deadlines//EN".to_string(),
        "CALSCALE:GREGORIAN".to_string(),
        "METHOD:PUBLISH".to_string(),
        format!("X-WR-CALNAME:{}", text(&format!("{game}: deadlines"))),
    ] {
        push(&mut out, &line);
    }
    for d in due {
        let at = utc(Timestamp::from_millisecond(d.at).unwrap_or(Timestamp::MAX));
        for line in [
            "BEGIN:VEVENT".to_string(),
            format!(
                "UID:{}",
                text(&format!("{game}-turn-{}-deadline@umpire", d.turn))
            ),
            format!("DTSTAMP:{stamp}"),
            format!("DTSTART:{at}"),
            format!("DTEND:{at}"),
            format!(
                "SUMMARY:{}",
                text(&format!("{game}: orders for turn {} due", d.turn))
            ),
            format!(
                "DESCRIPTION:{}",
                text(&format!(
                    "Turn {} of {game} runs at its deadline, {}. Orders, changes and articles for it must be in by then.",
                    d.turn, d.text
                ))
            ),
            "TRANSP:TRANSPARENT".to_string(),
            "END:VEVENT".to_string(),
        ] {
            push(&mut out, &line);
        }
    }
    push(&mut out, "END:VCALENDAR");
    out
}

/// A moment as iCalendar writes one in UTC: `20270320T170000Z`.
fn utc(t: Timestamp) -> String {
    t.strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value escaped (RFC 5545, 3.3.11).
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Push one content line, folded at 75 octets (never inside a
/// character), ended with CRLF.
fn push(out: &mut String, line: &str) {
    let mut width = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_and_text_is_escaped() {
        let mut out = String::new();
        push(&mut out, &format!("DESCRIPTION:{}", "é".repeat(60)));
        for line in out.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(line.len() <= 75, "{line}");
        }
        let unfolded = out.replace("\r\n ", "");
        assert_eq!(unfolded, format!("DESCRIPTION:{}\r\n", "é".repeat(60)));
        assert_eq!(text("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
    }
}
