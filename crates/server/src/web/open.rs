//! `/open`: the seats game masters opened for a newcomer (their player
//! has gone), for anyone to see, and the forms that take one: the
//! newcomer gives their address, a code is mailed there, and the seat is
//! theirs when they type the code back (`/open/confirm`); its new
//! password then goes to that address with its latest report. So a seat
//! is only ever taken for an address that reads it, and by whoever reads
//! it.

use axum::Form;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use maud::{Markup, html};
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
        p { "Each of these seats lost its player. Take one with your mail address: a code comes to that address to type back here, then the seat's password with its latest report; its earlier reports are on the web once you log in." }
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

/// The form's token, checked against the page's.
fn checked(headers: &HeaderMap, csrf: &str) -> Result<(), WebError> {
    let expected = auth::cookie(headers, PRELOGIN).unwrap_or_default();
    if expected.is_empty() || !auth::same(&expected, csrf) {
        return Err(WebError::Bad(
            "this form has expired: reload the page of open seats and take the seat again"
                .to_string(),
        ));
    }
    Ok(())
}

/// The page that asks for the code mailed for `seat` of `game` to
/// `address`, saying why the last one was refused.
fn code_page(viewer: &auth::Viewer, csrf: &str, f: &TakeForm, refused: Option<&str>) -> Markup {
    let (game, seat, address) = (f.game.trim(), f.seat.trim(), f.address.trim());
    let body = html! {
        h1 { "Your code for " (seat) " of " (game) }
        @match refused {
            Some(why) => p.warn role="alert" { "The seat is not yours yet: " (why) "." },
            None => p.ok role="status" { "A code is on its way to " (address) ". Type it here; it is good for an hour." },
        }
        form.stack method="post" action="/open/confirm" {
            input type="hidden" name="csrf" value=(csrf);
            input type="hidden" name="game" value=(game);
            input type="hidden" name="seat" value=(seat);
            input type="hidden" name="address" value=(address);
            label { "The code from the mail " input #code type="text" name="code" required autocomplete="one-time-code" size="12"; }
            p { button type="submit" { "Take " (seat) } }
        }
        p.muted { "No mail? Look in its spam folder, or " a href="/open" { "ask again" } " (a new code replaces the old)." }
    };
    page("Your code", viewer, "/open", body)
}

/// `POST /open`: a newcomer asks for an open seat; a code is mailed to
/// their address.
pub async fn take(State(web): State<Web>, headers: HeaderMap, Form(f): Form<TakeForm>) -> Page {
    checked(&headers, &f.csrf)?;
    let viewer = web.viewer(&headers).await;
    web.host
        .ask_for_seat(f.game.trim(), f.seat.trim(), &f.address)
        .await?;
    Ok(code_page(&viewer, &f.csrf, &f, None).into_response())
}

#[derive(Deserialize)]
pub struct CodeForm {
    #[serde(flatten)]
    take: TakeForm,
    #[serde(default)]
    code: String,
}

/// `POST /open/confirm`: the code back; the seat is the newcomer's, or
/// the code page again with the reason.
pub async fn confirm(State(web): State<Web>, headers: HeaderMap, Form(f): Form<CodeForm>) -> Page {
    let t = &f.take;
    checked(&headers, &t.csrf)?;
    let viewer = web.viewer(&headers).await;
    let told = match web
        .host
        .take_with_code(t.game.trim(), t.seat.trim(), &t.address, &f.code)
        .await
    {
        Ok(told) => told,
        Err(umpire_host::host::HostError::Refused(why)) => {
            return Ok(code_page(&viewer, &t.csrf, t, Some(&why)).into_response());
        }
        Err(e) => return Err(e.into()),
    };
    let address = t.address.trim();
    let body = html! {
        h1 { "The seat is yours" }
        p.ok { "You play " (told.seat) " (" (told.name) ") of " (t.game.trim()) " from now on." }
        p { "Its password is on its way to " (address) ", with its latest report. Log in with it on the " a href="/" { "start page" } " to read every earlier report and write your orders." }
    };
    Ok(page("Seat taken", &viewer, "/open", body).into_response())
}
