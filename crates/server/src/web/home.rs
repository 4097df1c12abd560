//! The start page (the games hosted here and the login), logging in and
//! out, and the game masters' login to the desk.

use std::net::SocketAddr;

use axum::Form;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Redirect, Response};
use maud::html;
use serde::Deserialize;
use umpire_host::host::Settings;
use umpire_host::host::web::random_token;
use umpire_host::password::Secret;
use umpire_host::schedule::{describe, from_ms};

use super::auth::{self, PRELOGIN, SESSION, Viewer};
use super::layout::{deadline, page};
use super::{Page, Web, WebError};

/// A form token for a visitor who is not logged in, and the cookie it is
/// matched against.
pub(super) fn prelogin(headers: &HeaderMap) -> Result<(String, Option<String>), WebError> {
    if let Some(v) = auth::cookie(headers, PRELOGIN).filter(|v| v.len() == 64) {
        return Ok((v, None));
    }
    let t = random_token().map_err(WebError::from)?.expose().to_string();
    Ok((t.clone(), Some(t)))
}

pub(super) fn with_cookie(mut r: Response, cookie: Option<String>) -> Response {
    if let Some(c) = cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        r.headers_mut().append(header::SET_COOKIE, c);
    }
    r
}

#[derive(Deserialize)]
pub struct Flash {
    login: Option<String>,
    failed: Option<String>,
}

impl Flash {
    /// The login page's own message for `?failed=`: only the words this
    /// page writes are shown, never text from the address (a link with
    /// `?failed=Your account is locked, call …` shows nothing).
    fn failure(&self, desk: bool) -> Option<&'static str> {
        match (self.failed.as_deref(), desk) {
            (Some(FAILED), false) => {
                Some("The game, the faction (or character) or the password is wrong.")
            }
            (Some(FAILED), true) => Some("The login or the password is wrong."),
            _ => None,
        }
    }
}

/// What `?failed=` says when a login failed (its one message).
const FAILED: &str = "login";

/// `/`: the games, and the login.
pub async fn index(State(web): State<Web>, headers: HeaderMap, Query(flash): Query<Flash>) -> Page {
    let viewer = web.viewer(&headers).await;
    match &viewer {
        Viewer::Player { game, .. } => {
            return Ok(Redirect::to(&format!("/games/{game}")).into_response());
        }
        Viewer::Gm { .. } => return Ok(Redirect::to("/desk").into_response()),
        Viewer::Anonymous => {}
    }
    let games = web.host.store().games().await?;
    let (form, set) = prelogin(&headers)?;
    let body = html! {
        h1 { "Umpire" }
        p { "A computer umpire for order-driven games. Log in to your seat to read your reports and map and write your orders; game masters run their games from the desk." }
        @if flash.login.is_some() { p.flash { "Log in first." } }
        @if let Some(why) = flash.failure(false) { p.flash.bad { (why) } }
        h2 { "Games here" }
        @if games.is_empty() {
            p.muted { "No game is hosted here yet. A game master makes one with " code { "umpire host new" } "." }
        } @else {
            table {
                tr { th { "Game" } th { "Kind" } th { "Turns run" } th { "Next turn" } th { "Calendar" } }
                @for g in &games {
                    @let s = Settings::of_row(g);
                    @let text = g.deadline.map(|d| describe(from_ms(d), &s.zone));
                    tr {
                        td { (g.id) }
                        td { (g.kind) }
                        td { (g.turn) }
                        td { (deadline(g.deadline, text.as_deref())) }
                        td { a href={ "/games/" (g.id) "/deadlines.ics" } { "Deadlines" span.vh { " of " (g.id) } " (iCalendar)" } }
                    }
                }
            }
        }
        h2 { "Log in" }
        form.stack method="post" action="/login" {
            input type="hidden" name="csrf" value=(form);
            label for="game" { "Game" }
            @if games.len() == 1 {
                input #game type="text" name="game" value=(games[0].id) required;
            } @else {
                input #game type="text" name="game" required placeholder="the game's name";
            }
            label for="seat" { "Faction or character" }
            input #seat type="text" name="seat" required placeholder="f5, or your character's name";
            label for="password" { "Password" }
            input #password type="password" name="password" required autocomplete="current-password";
            p { button type="submit" { "Log in" } }
        }
        p { "A player gone? " a href="/open" { "Seats open for a newcomer" } ": take one and play on from where they left it." }
        h2 { "A game at the table" }
        p { "Sharp Practice, Napoleon's Battles or DBR with a phone per side: " a href="/tables/new" { "make a table" } " and hand each player their side's link." }
        p.muted { a href="/desk/login" { "Game master's desk" } }
    };
    let r = page("Welcome", &viewer, "/", body).into_response();
    Ok(with_cookie(
        r,
        set.map(|t| auth::set_cookie(PRELOGIN, &t, 86_400, web.secure, true)),
    ))
}

#[derive(Deserialize)]
pub struct LoginForm {
    csrf: String,
    game: String,
    seat: String,
    password: String,
}

/// `POST /login`: a player to their seat.
pub async fn login(
    State(web): State<Web>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Form(f): Form<LoginForm>,
) -> Page {
    let expected = auth::cookie(&headers, PRELOGIN).unwrap_or_default();
    if expected.is_empty() || !auth::same(&expected, &f.csrf) {
        return Err(WebError::Bad(
            "this form has expired: reload the start page and log in again".to_string(),
        ));
    }
    // Failures count against the seat however it is spelt.
    let found = web.host.find_seat(f.game.trim(), &f.seat).await?;
    let key = auth::seat_key(&f.game, found.as_deref(), &f.seat);
    if let Some(minutes) = web.limiter.blocked(Some(addr.ip()), &key) {
        return Err(WebError::Slow(format!(
            "Too many wrong logins: try again in {minutes} minute(s)."
        )));
    }
    let login = web
        .host
        .login_player(f.game.trim(), &f.seat, &Secret::new(f.password))
        .await?;
    let Some(login) = login else {
        web.limiter.failed(Some(addr.ip()), &key);
        return Ok(Redirect::to(&format!("/?failed={FAILED}")).into_response());
    };
    web.limiter.succeeded(&key);
    let game = login.session.game.clone().unwrap_or_default();
    let r = Redirect::to(&format!("/games/{game}")).into_response();
    Ok(with_cookie(
        r,
        Some(auth::set_cookie(
            SESSION,
            login.token.expose(),
            umpire_host::host::web::SESSION_MS / 1000,
            web.secure,
            false,
        )),
    ))
}

#[derive(Deserialize)]
pub struct CsrfForm {
    csrf: String,
}

/// `POST /logout`.
pub async fn logout(State(web): State<Web>, headers: HeaderMap, Form(f): Form<CsrfForm>) -> Page {
    let viewer = web.viewer(&headers).await;
    let (Some(csrf), Viewer::Player { token, .. } | Viewer::Gm { token, .. }) =
        (viewer.csrf(), &viewer)
    else {
        return Ok(Redirect::to("/").into_response());
    };
    if !auth::same(csrf, &f.csrf) {
        return Err(WebError::Bad(
            "this form has expired: reload the page".to_string(),
        ));
    }
    web.host.logout(token).await?;
    let r = Redirect::to("/").into_response();
    Ok(with_cookie(
        r,
        Some(auth::set_cookie(SESSION, "", 0, web.secure, false)),
    ))
}

/// `/desk/login`: the game masters' login.
pub async fn desk_login_page(
    State(web): State<Web>,
    headers: HeaderMap,
    Query(flash): Query<Flash>,
) -> Page {
    let viewer = web.viewer(&headers).await;
    if let Viewer::Gm { .. } = viewer {
        return Ok(Redirect::to("/desk").into_response());
    }
    let (form, set) = prelogin(&headers)?;
    let body = html! {
        h1 { "The game master's desk" }
        @if let Some(why) = flash.failure(true) { p.flash.bad { (why) } }
        form.stack method="post" action="/desk/login" {
            input type="hidden" name="csrf" value=(form);
            label for="name" { "Login" }
            input #name type="text" name="name" required;
            label for="password" { "Password" }
            input #password type="password" name="password" required autocomplete="current-password";
            p { button type="submit" { "Log in" } }
        }
        p.muted { "A desk login is made on the server with " code { "umpire host desk-user NAME" } "." }
    };
    let r = page("Desk login", &viewer, "", body).into_response();
    Ok(with_cookie(
        r,
        set.map(|t| auth::set_cookie(PRELOGIN, &t, 86_400, web.secure, true)),
    ))
}

#[derive(Deserialize)]
pub struct DeskForm {
    csrf: String,
    name: String,
    password: String,
}

/// `POST /desk/login`.
pub async fn desk_login(
    State(web): State<Web>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Form(f): Form<DeskForm>,
) -> Page {
    let expected = auth::cookie(&headers, PRELOGIN).unwrap_or_default();
    if expected.is_empty() || !auth::same(&expected, &f.csrf) {
        return Err(WebError::Bad(
            "this form has expired: reload the page and log in again".to_string(),
        ));
    }
    let key = format!("desk/{}", f.name.trim());
    if let Some(minutes) = web.limiter.blocked(Some(addr.ip()), &key) {
        return Err(WebError::Slow(format!(
            "Too many wrong logins: try again in {minutes} minute(s)."
        )));
    }
    let Some(login) = web
        .host
        .login_desk(f.name.trim(), &Secret::new(f.password))
        .await?
    else {
        web.limiter.failed(Some(addr.ip()), &key);
        return Ok(Redirect::to(&format!("/desk/login?failed={FAILED}")).into_response());
    };
    web.limiter.succeeded(&key);
    let r = Redirect::to("/desk").into_response();
    Ok(with_cookie(
        r,
        Some(auth::set_cookie(
            SESSION,
            login.token.expose(),
            umpire_host::host::web::SESSION_MS / 1000,
            web.secure,
            false,
        )),
    ))
}
