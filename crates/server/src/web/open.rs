//! `/open`: the seats game masters opened for a newcomer (their player
//! has gone), for anyone to see, and the form that takes one. The seat's
//! new password goes by mail to the address given, with its latest
//! report, so a seat is only ever played from an address that reads it.

use axum::Form;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use maud::html;
use serde::Deserialize;

use super::auth::{self, PRELOGIN};
use super::home::{prelogin, with_cookie};
use super::layout::page;
use super::{Page, Web, WebError};

/// `GET /open`: every open seat, with a form to take each.
pub async fn index(State(web): State<Web>, headers: HeaderMap) -> Page {
    let viewer = web.viewer(&headers).await;
    let open = web.host.openings().await?;
    let (form, set) = prelogin(&headers)?;
    let body = html! {
        h1 { "Seats open for a newcomer" }
        p { "Each of these seats lost its player. Take one with your mail address: its password comes to that address with its latest report, and its earlier reports are on the web once you log in." }
        @if open.is_empty() {
            p.muted { "No seat is open now." }
        } @else {
            table {
                tr { th { "Game" } th { "Seat" } th { "Turns run" } th { "Take it" } }
                @for o in &open {
                    tr {
                        td { (o.game) " (" (o.title) ")" }
                        td { (o.noun) " " (o.seat) " (" (o.name) ")" }
                        td { (o.turns) }
                        td {
                            form.row method="post" action="/open" {
                                input type="hidden" name="csrf" value=(form);
                                input type="hidden" name="game" value=(o.game);
                                input type="hidden" name="seat" value=(o.seat);
                                label.vh for={ "address-" (o.game) "-" (o.seat) } { "Your mail address for " (o.seat) " of " (o.game) }
                                input id={ "address-" (o.game) "-" (o.seat) } type="email" name="address" required placeholder="you@example.org" autocomplete="email";
                                button type="submit" { "Take " (o.seat) }
                            }
                        }
                    }
                }
            }
        }
        p.muted { a href="/" { "Back to the start page" } }
    };
    let r = page("Open seats", &viewer, "/open", body).into_response();
    Ok(with_cookie(
        r,
        set.map(|t| auth::set_cookie(PRELOGIN, &t, 86_400, web.secure, true)),
    ))
}

#[derive(Deserialize)]
pub struct TakeForm {
    csrf: String,
    game: String,
    seat: String,
    address: String,
}

/// `POST /open`: a newcomer takes an open seat.
pub async fn take(State(web): State<Web>, headers: HeaderMap, Form(f): Form<TakeForm>) -> Page {
    let expected = auth::cookie(&headers, PRELOGIN).unwrap_or_default();
    if expected.is_empty() || !auth::same(&expected, &f.csrf) {
        return Err(WebError::Bad(
            "this form has expired: reload the page of open seats and take the seat again"
                .to_string(),
        ));
    }
    let viewer = web.viewer(&headers).await;
    let address = f.address.trim().to_string();
    let told = web
        .host
        .take_seat(f.game.trim(), f.seat.trim(), &address, &address)
        .await?;
    let body = html! {
        h1 { "The seat is yours" }
        p.ok { "You play " (told.seat) " (" (told.name) ") of " (f.game.trim()) " from now on." }
        p { "Its password is on its way to " (address) ", with its latest report. Log in with it on the " a href="/" { "start page" } " to read every earlier report and write your orders." }
    };
    Ok(page("Seat taken", &viewer, "/open", body).into_response())
}
