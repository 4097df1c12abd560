//! The page around every page: the title, the navigation for who is
//! reading, and the log-out button.

use maud::{DOCTYPE, Markup, html};

use super::auth::Viewer;

/// A whole page.
pub fn page(title: &str, viewer: &Viewer, here: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " — Umpire" }
                link rel="stylesheet" href="/assets/style.css";
            }
            body {
                header.top {
                    a.brand href="/" { "Umpire" }
                    nav aria-label="Pages" { (navigation(viewer, here)) }
                    @if let Some(csrf) = viewer.csrf() {
                        form method="post" action="/logout" {
                            input type="hidden" name="csrf" value=(csrf);
                            button.quiet type="submit" { "Log out" }
                        }
                    }
                }
                main { (body) }
                script src="/assets/app.js" defer {}
            }
        }
    }
}

fn navigation(viewer: &Viewer, here: &str) -> Markup {
    let links: Vec<(String, &str)> = match viewer {
        Viewer::Anonymous => Vec::new(),
        Viewer::Player { game, .. } => vec![
            (format!("/games/{game}"), "Report"),
            (format!("/games/{game}/map"), "Map"),
            (format!("/games/{game}/orders"), "Orders"),
            (format!("/games/{game}/messages"), "Messages"),
            (format!("/games/{game}/help"), "Help"),
            (format!("/games/{game}/tokens"), "API tokens"),
        ]
        .into_iter()
        .chain(std::iter::once((String::new(), "")))
        .collect(),
        Viewer::Gm { .. } => vec![("/desk".to_string(), "Desk")],
    };
    let seat = match viewer {
        Viewer::Player { spelt, .. } => spelt.clone(),
        _ => String::new(),
    };
    html! {
        @for (href, text) in &links {
            @if href.is_empty() {
                span.muted.seat { (seat) }
            } @else {
                a href=(href) class=[(href == here).then_some("here")] aria-current=[(href == here).then_some("page")] { (text) }
            }
        }
    }
}

/// A short message, as a page's body.
pub fn message(text: &str) -> Markup {
    html! {
        p { (text) }
        p { a href="/" { "Back to the start" } }
    }
}

/// A deadline: the game's words, how long is left (counted down by the
/// page's script, written by the server for a page without it), and the
/// reader's own time when the script can tell it.
pub fn deadline(ms: Option<i64>, text: Option<&str>) -> Markup {
    match (ms, text) {
        (Some(ms), Some(text)) => {
            let iso = umpire_host::schedule::from_ms(ms).to_string();
            let left = countdown(ms - umpire_host::store::now_ms());
            html! {
                time datetime=(iso) data-local="1" { (text) }
                " " span.countdown data-until=(ms) { "(" (left) ")" }
            }
        }
        _ => html! { span.muted { "when the game master runs it" } },
    }
}

/// How long until a deadline `ms` milliseconds away, in words: `in 2
/// days 4 hours`, `in 3 hours 20 minutes`, `in 5 minutes`, `now`.
pub fn countdown(ms: i64) -> String {
    if ms < 60_000 {
        return if ms <= 0 {
            "due now".to_string()
        } else {
            "in less than a minute".to_string()
        };
    }
    let minutes = ms / 60_000;
    let (d, h, m) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let part = |n: i64, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    match (d, h) {
        (0, 0) => format!("in {}", part(m, "minute")),
        (0, h) => format!("in {} {}", part(h, "hour"), part(m, "minute")),
        (d, 0) => format!("in {}", part(d, "day")),
        (d, h) => format!("in {} {}", part(d, "day"), part(h, "hour")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countdowns_say_how_long_is_left() {
        let m = 60_000;
        assert_eq!(countdown(-5), "due now");
        assert_eq!(countdown(30_000), "in less than a minute");
        assert_eq!(countdown(5 * m), "in 5 minutes");
        assert_eq!(countdown(200 * m), "in 3 hours 20 minutes");
        assert_eq!(countdown((2 * 1440 + 4 * 60 + 7) * m), "in 2 days 4 hours");
        assert_eq!(countdown(1440 * m), "in 1 day");
    }
}
