//! Messages between players as the game master sees them: how many each
//! seat wrote and was written, never the words — unless the game's rules
//! let the game master read them (`Messages::GmReads`, which every
//! player's page says), and then only those written under that rule.
//! The outbox shows a message's kind and address, not its subject
//! (`Outgoing::shown_subject`).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use maud::{Markup, html};
use umpire_host::host::Settings;
use umpire_host::host::messages::Messages;
use umpire_host::store::MessageCount;

use super::desk::{action, gm, when};
use super::layout::page;
use super::{Page, Web};

/// The most messages the game master's page lists.
const LISTED: i64 = 200;

/// The desk's card: the rule, the volume by seat, the control.
pub fn card(game: &str, csrf: &str, settings: &Settings, counts: &[MessageCount]) -> Markup {
    html! {
        h2 id="messages" { "Messages between players" }
        p { (super::messages::capitalised(settings.messages.describe())) "." }
        @if counts.is_empty() {
            p { "No messages yet." }
        } @else {
            table.messages {
                tr { th { "Seat" } th { "Written" } th { "Received" } }
                @for c in counts {
                    tr data-messages=(c.seat) { td { strong { (c.seat) } } td { (c.sent) } td { (c.received) } }
                }
            }
        }
        @if settings.messages == Messages::GmReads {
            p { a href={ "/desk/games/" (game) "/messages" } { "Read the messages written under this rule" } }
        }
        (action(game, csrf, "messages", "Set", html! {
            label { "Messages between players " select name="messages" {
                @for (m, words) in [(Messages::Private, "private: only the two seats read them"), (Messages::GmReads, "the game's rules let the game master read them"), (Messages::Off, "off: none")] {
                    option value=(m.as_str()) selected[settings.messages == m] { (words) }
                }
            } }
        }))
    }
}

/// `/desk/games/{game}/messages`: the messages the game master may read.
pub async fn read(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let gm = gm(&web, &headers).await?;
    let rows = web.host.messages_for_gm(&game, LISTED).await?;
    let body = html! {
        h1 { "Messages between players — " (game) }
        p { "By this game's rules the game master reads its messages; those written while they were private are not here." }
        @if rows.is_empty() { p { "None yet." } }
        @for r in &rows {
            article.card.message {
                p.muted { (r.from_seat) " to " (r.to_seat) ", " (when(r.sent_at)) @if r.via == "mail" { ", by mail" } }
                h3 { (r.subject) }
                pre.message-body { (r.body) }
            }
        }
        p { a href={ "/desk/games/" (game) } { "Back" } }
    };
    Ok(page("Messages", &gm.viewer, "/desk", body).into_response())
}
