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
                    nav { (navigation(viewer, here)) }
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
        Viewer::Player { game, seat, .. } => vec![
            (format!("/games/{game}"), "Report"),
            (format!("/games/{game}/map"), "Map"),
            (format!("/games/{game}/orders"), "Orders"),
            (format!("/games/{game}/help"), "Help"),
            (format!("/games/{game}/tokens"), "API tokens"),
        ]
        .into_iter()
        .chain(std::iter::once((String::new(), seat.as_str())))
        .collect(),
        Viewer::Gm { .. } => vec![("/desk".to_string(), "Desk")],
    };
    html! {
        @for (href, text) in &links {
            @if href.is_empty() {
                span.muted { (text) }
            } @else {
                a href=(href) class=[(href == here).then_some("here")] { (text) }
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

/// A deadline: the game's words, and the reader's own time when the page's
/// script can tell it.
pub fn deadline(ms: Option<i64>, text: Option<&str>) -> Markup {
    match (ms, text) {
        (Some(ms), Some(text)) => {
            let iso = umpire_host::schedule::from_ms(ms).to_string();
            html! { time datetime=(iso) data-local="1" { (text) } }
        }
        _ => html! { span.muted { "when the game master runs it" } },
    }
}
