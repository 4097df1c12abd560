//! The game master's desk: the games and their state; per game who has
//! sent orders for the coming turn, the mail log and the outbox, the audit
//! log, any seat's reports, and who is ready for an early run; and the
//! controls — pause, resume, extend, run now, roll back (and rerun),
//! schedule, early runs and their grace, leave (the bot for seats on
//! leave, the longest leave), add and remove a player, give a seat a new
//! password, open a seat for a newcomer and give it to one, resend a
//! report, who reads messages between players (`gm_messages.rs`); and
//! the game master's rulings on
//! lines held for them. Every control goes through the host, which writes
//! it to the audit log under the desk login's name.
//!
//! Every control is a POST answered with a redirect to the game's page,
//! which shows what was done once (POST, redirect, GET): reloading that
//! page does nothing again. Running a turn now, rolling back, rerunning,
//! removing a player and a new password first ask on a page of their own
//! (no script needed); the POST without that confirmation only leads
//! there.

use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect};
use maud::{Markup, html};
use serde::Deserialize;
use umpire_host::host::{Early, Ran, Readiness, Settings, Trigger};
use umpire_host::kind::Ruling;
use umpire_host::schedule::{describe, from_ms};

use super::auth::{self, Viewer};
use super::layout::{deadline, page};
use super::{Page, Web, WebError};

/// A game master logged in to the desk: their name and CSRF token.
pub(super) struct Gm {
    pub(super) viewer: Viewer,
    user: String,
    pub(super) csrf: String,
    /// The session's token, which the page after a control finds its
    /// words under.
    token: String,
}

pub(super) async fn gm(web: &Web, headers: &HeaderMap) -> Result<Gm, WebError> {
    let viewer = web.viewer(headers).await;
    match &viewer {
        Viewer::Gm { user, csrf, token } => Ok(Gm {
            user: user.clone(),
            csrf: csrf.clone(),
            token: token.clone(),
            viewer: viewer.clone(),
        }),
        Viewer::Player { .. } => Err(WebError::Forbidden(
            "The desk is the game master's; players have their own pages.".to_string(),
        )),
        Viewer::Anonymous => Err(WebError::Login),
    }
}

pub(super) fn when(ms: i64) -> String {
    describe(from_ms(ms), "UTC")
}

/// `/desk`: every game.
pub async fn index(State(web): State<Web>, headers: HeaderMap) -> Page {
    let gm = gm(&web, &headers).await?;
    let games = web.host.store().games().await?;
    let body = html! {
        h1 { "Games" }
        @if games.is_empty() { p { "No games yet: make one with " code { "umpire host new" } "." } }
        table.stack {
            tr { th { "Game" } th { "Kind" } th { "Turns run" } th { "State" } th { "Next turn" } }
            @for g in &games {
                @let s = Settings::of_row(g);
                @let text = g.deadline.map(|d| describe(from_ms(d), &s.zone));
                tr {
                    td { a href={ "/desk/games/" (g.id) } { (g.id) } }
                    td { (g.kind) }
                    td { (g.turn) }
                    td { (g.status.as_str()) @if g.held_turn == g.turn + 1 { " — held" } @if g.running_turn.is_some() { " — a run stopped part way" } }
                    td { (deadline(g.deadline, text.as_deref())) }
                }
            }
        }
    };
    Ok(page("Desk", &gm.viewer, "/desk", body).into_response())
}

pub(super) fn action(
    game: &str,
    csrf: &str,
    name: &str,
    label: impl maud::Render,
    extra: Markup,
) -> Markup {
    html! {
        form.row method="post" action={ "/desk/games/" (game) "/act" } {
            input type="hidden" name="csrf" value=(csrf);
            input type="hidden" name="action" value=(name);
            (extra)
            button type="submit" { (label) }
        }
    }
}

/// A control that asks first: a link-like form to its confirmation page.
fn asking(game: &str, name: &str, seat: Option<&str>, label: impl maud::Render) -> Markup {
    html! {
        form.row method="get" action={ "/desk/games/" (game) "/confirm" } {
            input type="hidden" name="action" value=(name);
            @if let Some(seat) = seat { input type="hidden" name="seat" value=(seat); }
            button.quiet type="submit" { (label) }
        }
    }
}

/// The controls that ask on a page of their own before they act.
const ASKING: [&str; 5] = ["run", "rollback", "rerun", "remove", "password"];

/// A seat written as a letter and a number (`f5`) → 5, so that such seats
/// sort by number (f5 before f10); any other seat after them, by name.
fn seat_order(seat: &str) -> (u64, &str) {
    (
        seat.trim_start_matches('f').parse().unwrap_or(u64::MAX),
        seat,
    )
}

/// Each seat's name in the game now, as its game reads it from its latest
/// report (a seat may rename itself); None for a seat whose reports do
/// not say.
async fn names_in_game(
    web: &Web,
    game: &str,
    seats: &[&str],
) -> Result<std::collections::HashMap<String, String>, WebError> {
    let mut names = std::collections::HashMap::new();
    let kind = web.host.kind(&web.host.game(game).await?.kind)?;
    for seat in seats {
        let Some(r) = web.host.store().report(game, seat, None).await? else {
            continue;
        };
        let name = r.json.as_deref().and_then(|j| kind.name_in_report(j));
        if let Some(n) = name {
            names.insert((*seat).to_string(), n);
        }
    }
    Ok(names)
}

/// Each seat's record over the turns that ran: on time, late, missed, on
/// leave (`umpire_host::host::Record`).
fn seat_record(record: &[umpire_host::host::Record]) -> Markup {
    html! {
        h2 id="record" { "Each seat's record" }
        @if record.is_empty() {
            p { "No turn has run yet: the record starts with the first." }
        } @else {
            p { "Over the turns that ran: orders by the deadline, after it (the turn still took them), or none (a bot's orders are the player's missed turn). A turn on leave without orders is not missed: it is counted apart." }
            table.record {
                tr { th { "Seat" } th { "Turns in play" } th { "On time" } th { "Late" } th { "Missed" } }
                @for r in record {
                    tr data-record=(r.seat) {
                        td { strong { (r.seat) } }
                        td { (r.turns()) }
                        td { (r.on_time) }
                        td { @if r.late > 0 { span.warn { (r.late) } } @else { "0" } }
                        td {
                            @if r.missed > 0 { span.warn { (r.missed) } } @else { "0" }
                            @if r.by_bot > 0 { " (a bot played " (r.by_bot) ")" }
                            @if r.on_leave > 0 { " (on leave " (r.on_leave) ")" }
                        }
                    }
                }
            }
        }
    }
}

/// The game's webhook (only its host: the rest of its address is the
/// secret that lets one post) and its last calls, with why one failed.
fn webhook_calls(url: Option<&str>, calls: &[umpire_host::store::OutboxRow]) -> Markup {
    html! {
        h2 id="webhook" { "Webhook" }
        @match url {
            None => p { "The game's news is posted to no webhook. Set one under Controls (a Discord or Slack channel's incoming webhook)." },
            Some(u) => p { "The game's news (turn ran, deadline near, paused, resumed) is posted to " code { (umpire_host::host::webhook::shown(u)) } "." },
        }
        @if !calls.is_empty() {
            table.webhook {
                tr { th { "Call" } th { "Event" } th { "What became of it" } }
                @for c in calls {
                    tr data-call=(c.id) {
                        td { (c.id) }
                        td { (c.message.subject) }
                        td {
                            @match c.status.as_str() {
                                "sent" => span.ok { "delivered" },
                                "failed" => span.warn { "failed: " (c.last_error.as_deref().unwrap_or("")) },
                                "withdrawn" => "withdrawn (its turn was rolled back)",
                                "waiting" if c.attempts > 0 => span.warn { "to be tried again (" (c.last_error.as_deref().unwrap_or("")) ")" },
                                other => (other),
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `/desk/games/{game}`: one game.
pub async fn game(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let gm = gm(&web, &headers).await?;
    let done = web.flashes.take(&gm.token);
    game_page(&web, &gm, &game, done).await
}

async fn game_page(web: &Web, gm: &Gm, game: &str, done: Option<String>) -> Page {
    let mut o = web.host.overview(game).await?;
    o.seats
        .sort_by(|a, b| seat_order(&a.seat.seat).cmp(&seat_order(&b.seat.seat)));
    let keys: Vec<&str> = o.seats.iter().map(|s| s.seat.seat.as_str()).collect();
    let names = names_in_game(web, game, &keys).await?;
    let calls = web.host.webhook_calls(game, 5).await?;
    let mut record = web.host.record(game).await?;
    record.sort_by(|a, b| seat_order(&a.seat).cmp(&seat_order(&b.seat)));
    let mut counts = web.host.store().message_counts(game, 0).await?;
    counts.sort_by(|a, b| seat_order(&a.seat).cmp(&seat_order(&b.seat)));
    let g = &o.game;
    let csrf = &gm.csrf;
    let body = html! {
        h1 { (g.id) " — " (g.kind) }
        @if let Some(d) = &done { p.flash { (d) } }
        section.card {
            p { (g.turn) " turn(s) run; collecting turn " (o.collecting) "; " (g.status.as_str()) "." }
            p { "Deadline: " (deadline(g.deadline, o.deadline.as_deref())) " — schedule " (o.settings.schedule.as_deref().unwrap_or("none")) " in " (o.settings.zone) "." }
            @if o.held { p.warn { "Held by the safety valve: too many seats sent nothing. Run it, or extend the deadline." } }
            @if let Some(t) = g.running_turn { p.warn { "A run of turn " (t) " began and was not kept; the server repeats it." } }
            p { "Outbox: " (o.waiting) " waiting, " (o.unsendable) " that cannot be sent. "
                a href={ "/desk/games/" (g.id) "/inbox" } { "Mail in" } " · "
                a href={ "/desk/games/" (g.id) "/outbox" } { "Mail out" } " · "
                a href={ "/desk/games/" (g.id) "/audit" } { "Audit log" } " · "
                a href={ "/desk/games/" (g.id) "/held" } { "Lines held for your ruling" } }
        }
        (early_card(&o.readiness, &o.settings))
        h2 { "Orders for turn " (o.collecting) ": " (o.seats.iter().filter(|s| s.seat.status.plays() && s.has_orders).count()) " of " (o.seats.iter().filter(|s| s.seat.status.plays()).count()) }
        table.seats {
            tr { th { "Seat" } th { "Name in the game" } th { "Played by" } th { "Orders" } @if o.settings.early != Early::Off { th { "Ready" } } th { "Status" } th { "Missed" } th { "Address" } th { "Seat's controls" } }
            @for s in &o.seats {
                @let key = s.seat.seat.as_str();
                tr data-seat=(key) {
                    td { strong { (key) } }
                    td { (names.get(key).map_or(s.seat.name.as_str(), String::as_str)) }
                    td { @if o.settings.bots.iter().any(|b| b == key) { "a bot" } @else { "a player" } }
                    td { @if s.has_orders { span.ok { "orders in" } } @else { span.warn { "no orders yet" } } }
                    @if o.settings.early != Early::Off { td.ready { (ready_cell(&o.readiness, key)) } }
                    td {
                        (s.seat.status.as_str())
                        @if let Some(u) = s.on_leave { br; span.muted.leave { "on leave until turn " (u) } }
                        @if s.open { br; span.warn.open { "open for a newcomer" } }
                    }
                    td { (s.seat.missed) " missed" }
                    td.address { (s.seat.address().unwrap_or("no address")) }
                    td.row {
                        // Each control names its seat to a screen reader,
                        // which reads it out of the row.
                        @if g.turn > 0 || s.seat.joined_turn == g.turn {
                            a href={ "/desk/games/" (g.id) "/seats/" (key) "/reports/" (g.turn) } { "Report" span.vh { " of " (key) } }
                        }
                        (action(&g.id, csrf, "resend", html! { "Resend report" span.vh { " of " (key) } }, html! { input type="hidden" name="seat" value=(key); }))
                        @if s.seat.status.plays() {
                            (asking(&g.id, "password", Some(key), html! { "New password" span.vh { " for " (key) } "…" }))
                            (asking(&g.id, "remove", Some(key), html! { "Remove" span.vh { " " (key) } "…" }))
                            (substitute(&g.id, csrf, key, s.open))
                        }
                    }
                }
            }
        }
        (seat_record(&record))
        (super::gm_messages::card(&g.id, csrf, &o.settings, &counts))
        (webhook_calls(o.settings.webhook.as_deref(), &calls))
        h2 { "Controls" }
        div.card.controls {
            (asking(&g.id, "run", None, "Run the turn now…"))
            @if g.status == umpire_host::store::Status::Paused {
                (action(&g.id, csrf, "resume", "Resume", html! {}))
            } @else {
                (action(&g.id, csrf, "pause", "Pause", html! {}))
            }
            (action(&g.id, csrf, "extend", "Extend the deadline", html! {
                label { "By " input type="text" name="by" value="1d" size="6"; }
            }))
            @if g.turn > 0 {
                (asking(&g.id, "rollback", None, "Roll back the last turn…"))
                (asking(&g.id, "rerun", None, "Roll back and rerun…"))
            }
            (action(&g.id, csrf, "schedule", "Set the schedule", html! {
                label { "Schedule " input type="text" name="schedule" value=(o.settings.schedule.as_deref().unwrap_or("sat 18:00")); }
                label { "Time zone " input type="text" name="zone" value=(o.settings.zone); }
            }))
            (action(&g.id, csrf, "webhook", "Set the webhook", html! {
                label { "Address " input type="url" name="url" size="40" autocomplete="off" placeholder="https://discord.com/api/webhooks/… (empty: none)"; }
            }))
            (action(&g.id, csrf, "early", "Set early runs", html! {
                label { "Run early " select name="early" {
                    @for (value, words) in [(Early::Off, "off: at the deadline only"), (Early::Sent, "when every seat has sent orders"), (Early::Ready, "when every seat has marked its orders ready")] {
                        option value=(value.as_str()) selected[o.settings.early == value] { (words) }
                    }
                } }
                label { "Grace (minutes) " input type="text" name="grace" inputmode="numeric" value=(o.settings.grace_minutes) size="4"; }
            }))
            (leave_controls(&g.id, csrf, &o.settings))
            (action(&g.id, csrf, "join", "Add a player", html! {
                label { "Name " input type="text" name="name" placeholder="optional"; }
                label { "Mail address " input type="text" name="address" inputmode="email" autocomplete="off" placeholder="player@example.org"; }
            }))
        }
    };
    Ok(page(&g.id, &gm.viewer, "/desk", body).into_response())
}

#[derive(Deserialize)]
pub struct ActForm {
    csrf: String,
    action: String,
    #[serde(default)]
    seat: String,
    #[serde(default)]
    by: String,
    #[serde(default)]
    schedule: String,
    #[serde(default)]
    zone: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    address: String,
    #[serde(default)]
    url: String,
    /// `yes` once the control's confirmation page was answered.
    #[serde(default)]
    confirm: String,
    /// Early runs: `off`, `sent` or `ready`.
    #[serde(default)]
    early: String,
    /// The grace before an early run, in minutes (`10`, `10m`, `1h`).
    #[serde(default)]
    grace: String,
    /// Leave: `on` when a bot plays the seats on leave.
    #[serde(default)]
    leave_bot: String,
    /// Leave: the most turns a leave lasts.
    #[serde(default)]
    max_leave: String,
    /// Who reads messages between players: `private`, `gm-reads`, `off`.
    #[serde(default)]
    messages: String,
}

/// A seat's controls for a substitute: open it for a newcomer, or, once
/// open, give it to one.
fn substitute(game: &str, csrf: &str, seat: &str, open: bool) -> Markup {
    if open {
        html! {
            (action(
                game,
                csrf,
                "give",
                html! { "Give" span.vh { " " (seat) } },
                html! {
                    input type="hidden" name="seat" value=(seat);
                    label { "to " input type="text" name="address" inputmode="email" autocomplete="off" placeholder="newcomer@example.org"; }
                },
            ))
            (action(
                game,
                csrf,
                "close",
                html! { "Close the opening" span.vh { " of " (seat) } },
                html! { input type="hidden" name="seat" value=(seat); },
            ))
        }
    } else {
        action(
            game,
            csrf,
            "open",
            html! { "Open for a newcomer" span.vh { ": " (seat) } },
            html! { input type="hidden" name="seat" value=(seat); },
        )
    }
}

/// The game's leave: whether a bot plays the seats on leave, and how many
/// turns a leave may last.
fn leave_controls(game: &str, csrf: &str, settings: &Settings) -> Markup {
    action(
        game,
        csrf,
        "leave",
        "Set leave",
        html! {
            label { "Seats on leave " select name="leave_bot" {
                option value="off" selected[!settings.leave_bot] { "carry on with their orders" }
                option value="on" selected[settings.leave_bot] { "are played by the bot" }
            } }
            label { "At most (turns) " input type="text" name="max_leave" inputmode="numeric" value=(settings.max_leave) size="3"; }
        },
    )
}

/// The controls of leave and substitutes: what was done, or None when
/// `f` asks another control.
async fn leave_act(
    web: &Web,
    game: &str,
    f: &ActForm,
    actor: &str,
) -> Result<Option<String>, WebError> {
    let host = &web.host;
    Ok(Some(match f.action.as_str() {
        "leave" => {
            let on = match f.leave_bot.as_str() {
                "on" => true,
                "off" => false,
                other => {
                    return Err(WebError::Bad(format!(
                        "`{other}` is neither on (the bot plays the seats on leave) nor off (their orders carry on)"
                    )));
                }
            };
            let max = f.max_leave.trim().parse::<u32>().map_err(|_| {
                WebError::Bad(format!(
                    "`{}` is not a number of turns: write how many turns a leave may last (0: none)",
                    f.max_leave
                ))
            })?;
            host.set_leave_bot(game, on, actor).await?;
            host.set_max_leave(game, max, actor).await?;
            format!(
                "Seats on leave {}; a leave lasts at most {max} turn(s).",
                if on {
                    "are played by the bot"
                } else {
                    "carry on with their orders"
                }
            )
        }
        "open" => format!("{}.", host.open_seat(game, &f.seat, actor).await?),
        "close" => format!("{}.", host.close_opening(game, &f.seat, actor).await?),
        "give" => {
            let t = host.take_seat(game, &f.seat, &f.address, actor).await?;
            format!(
                "{} is played from {} from now on: its new password is mailed there with its latest report; the old player's password, logins and tokens no longer work.",
                t.seat,
                t.address.as_deref().unwrap_or_default()
            )
        }
        _ => return Ok(None),
    }))
}

/// The early setting and who the turn waits for, when it runs early.
fn early_card(r: &Readiness, settings: &Settings) -> Markup {
    html! {
        @if settings.early != Early::Off {
            section.card #early {
                p { "Early runs: " (settings.early.describe()) ", " (settings.grace_minutes) " minutes after the last change." }
                @match r.at_text(&settings.zone) {
                    Some(at) => { p.ok { "Every seat is ready: turn " (r.turn) " runs early at " (at) "." } }
                    None => { p { "Turn " (r.turn) " waits for " (r.waiting) " of " (r.seats.len()) " seat(s) before it may run early." } }
                }
            }
        }
    }
}

/// A seat's readiness for an early run: ready, not ready (said so), or
/// waiting for orders; a seat that does not count (out of play, a bot's)
/// has none.
fn ready_cell(r: &Readiness, seat: &str) -> Markup {
    let Some(s) = r.seats.iter().find(|s| s.seat == seat) else {
        return html! { span.muted { "does not count" } };
    };
    html! {
        @match (s.ready, s.sent, s.mark) {
            (true, _, Some(true)) => span.ok { "ready (marked)" },
            (true, _, _) => span.ok { "ready (orders in)" },
            (false, _, Some(false)) => span.warn { "not ready (said so)" },
            (false, true, _) => span.warn { "orders in, not marked ready" },
            (false, false, _) => span.warn { "no orders yet" },
        }
    }
}

/// The grace before an early run from `10`, `10m`, `1h`, `0`, `0m`.
fn grace(s: &str) -> Option<u32> {
    let t = s.trim();
    let none = !t.is_empty()
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| c == '0' || "dhmDHM".contains(c));
    let m = if none {
        0
    } else if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        t.parse().ok()?
    } else {
        minutes(t)?
    };
    u32::try_from(m).ok()
}

/// Minutes from `1d`, `12h`, `30m`.
fn minutes(s: &str) -> Option<i64> {
    let mut total = 0i64;
    let mut number = String::new();
    for c in s.trim().chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let n: i64 = number.parse().ok()?;
        number.clear();
        total += n * match c {
            'd' | 'D' => 1440,
            'h' | 'H' => 60,
            'm' | 'M' => 1,
            _ => return None,
        };
    }
    (number.is_empty() && total > 0).then_some(total)
}

/// Run `game`'s turn now, in a task of its own: a request that stops
/// waiting (its time is up, the browser went away) does not cut the run
/// short; it finishes and is kept, and the desk shows it.
async fn run_now(web: &Web, game: &str, actor: String) -> Result<Ran, WebError> {
    let (host, game) = (web.host.clone(), game.to_string());
    tokio::spawn(async move { host.run_turn(&game, Trigger::Now { actor }).await })
        .await
        .map_err(|e| WebError::Internal(format!("the turn's run stopped: {e}")))?
        .map_err(WebError::from)
}

fn ran(r: &Ran) -> String {
    match r {
        Ran::Kept { turn, summary, .. } => format!("Turn {turn} ran and is kept. {summary}"),
        Ran::Held {
            turn,
            missing,
            playing,
        } => format!("Turn {turn} held: {missing} of {playing} sent nothing."),
        Ran::NotDue => "Nothing to run.".to_string(),
        Ran::Busy => "A run of this game is going on elsewhere.".to_string(),
    }
}

/// `POST /desk/games/{game}/act`: one control.
pub async fn act(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<ActForm>,
) -> Page {
    let gm = gm(&web, &headers).await?;
    if !auth::same(&gm.csrf, &f.csrf) {
        return Err(WebError::Bad(
            "this form has expired: reload the page and try again".to_string(),
        ));
    }
    if ASKING.contains(&f.action.as_str()) && f.confirm != "yes" {
        return Ok(Redirect::to(&confirm_path(&game, &f.action, &f.seat)).into_response());
    }
    let host = &web.host;
    let actor = format!("{}@desk", gm.user);
    if let Some(done) = leave_act(&web, &game, &f, &actor).await? {
        web.flashes.put(&gm.token, done);
        return Ok(Redirect::to(&format!("/desk/games/{game}")).into_response());
    }
    let done = match f.action.as_str() {
        "pause" => {
            host.pause(&game, &actor).await?;
            "Paused: no turn runs by itself.".to_string()
        }
        "resume" => {
            host.resume(&game, &actor).await?;
            "Resumed.".to_string()
        }
        "extend" => {
            let by = minutes(&f.by).ok_or_else(|| {
                WebError::Bad(format!(
                    "`{}` is not a duration: write 1d, 12h or 30m",
                    f.by
                ))
            })?;
            host.extend(&game, Some(by), None, &actor).await?;
            "Deadline moved; the players are told.".to_string()
        }
        "run" => ran(&run_now(&web, &game, actor).await?),
        "early" => {
            let early = Early::parse(&f.early)?;
            let minutes = grace(&f.grace).ok_or_else(|| {
                WebError::Bad(format!(
                    "`{}` is not a grace: write the minutes (10), or 1h",
                    f.grace
                ))
            })?;
            host.set_early(&game, Some(early), Some(minutes), &actor)
                .await?;
            format!("Early runs: {}; grace {minutes} minutes.", early.describe())
        }
        "rollback" => {
            let g = host.rollback(&game, &actor).await?;
            format!("Turn {} rolled back; the players are told.", g.turn + 1)
        }
        "rerun" => {
            host.rollback(&game, &actor).await?;
            ran(&run_now(&web, &game, actor).await?)
        }
        "schedule" => {
            let zone = (!f.zone.trim().is_empty()).then_some(f.zone.trim());
            host.set_schedule(&game, Some(&f.schedule), zone, &actor)
                .await?;
            "Schedule set.".to_string()
        }
        "join" => {
            let name = (!f.name.trim().is_empty()).then_some(f.name.trim());
            let address = (!f.address.trim().is_empty()).then_some(f.address.trim());
            let t = host.join(&game, name, address, &actor).await?;
            format!(
                "{} ({}) joined; password {} (also in their welcome mail when they have an address).",
                t.seat,
                t.name,
                t.password.as_ref().map_or("(unchanged)", |p| p.expose())
            )
        }
        "remove" => host.remove(&game, &f.seat, &actor).await?,
        "password" => {
            let pw = host.new_password(&game, &f.seat, &actor).await?;
            format!(
                "{}'s new password is {} (shown here once; also sent to their address). The old one no longer works, and {} is logged out everywhere.",
                f.seat,
                pw.expose(),
                f.seat
            )
        }
        "webhook" => {
            let url = f.url.trim();
            host.set_webhook(&game, Some(url), &actor).await?;
            if url.is_empty() || url == "off" {
                "The game's news is posted to no webhook.".to_string()
            } else {
                format!(
                    "The game's news is posted to the webhook at {} from now on.",
                    umpire_host::host::webhook::shown(url)
                )
            }
        }
        "messages" => {
            let m = umpire_host::host::messages::Messages::parse(&f.messages)?;
            host.set_messages(&game, m, &actor).await?;
            format!("Messages between players: {}.", m.describe())
        }
        "resend" => {
            let turn = host.resend(&game, &f.seat, None, &actor).await?;
            format!("{}'s report of turn {turn} is queued again.", f.seat)
        }
        other => return Err(WebError::Bad(format!("there is no control `{other}`"))),
    };
    // The result waits for the game's page, which the browser asks for
    // next: a reload of that page shows it and does nothing again.
    web.flashes.put(&gm.token, done);
    Ok(Redirect::to(&format!("/desk/games/{game}")).into_response())
}

/// Where a control asks before it acts.
fn confirm_path(game: &str, action: &str, seat: &str) -> String {
    let mut q = format!("/desk/games/{game}/confirm?action={}", query_value(action));
    if !seat.is_empty() {
        q.push_str(&format!("&seat={}", query_value(seat)));
    }
    q
}

/// A value for an address's query, escaped.
pub(super) fn query_value(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[derive(Deserialize)]
pub struct ConfirmQuery {
    action: String,
    #[serde(default)]
    seat: String,
}

/// `GET /desk/games/{game}/confirm?action=…&seat=…`: what a control will
/// do, and a button that does it (or a way back that does nothing).
pub async fn confirm(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Query(q): Query<ConfirmQuery>,
) -> Page {
    let gm = gm(&web, &headers).await?;
    let g = web.host.game(&game).await?;
    let seat_name = if q.seat.is_empty() {
        None
    } else {
        match web.host.store().seat(&game, &q.seat).await? {
            Some(s) => Some(format!("{} ({})", s.seat, s.name)),
            None => {
                return Err(WebError::NotFound(format!("{game} has no seat {}", q.seat)));
            }
        }
    };
    let who = seat_name.as_deref().unwrap_or("");
    let (question, what, button) = match q.action.as_str() {
        "run" => (
            format!("Run turn {} of {game} now?", g.turn + 1),
            "The orders received so far are used; a seat without orders carries on with the ones it has. The reports go out at once.".to_string(),
            "Run the turn now",
        ),
        "rollback" if g.turn > 0 => (
            format!("Roll back turn {} of {game}?", g.turn),
            "The game goes back to how it was before that turn ran; its reports are withdrawn and the players are told. The orders for it are kept.".to_string(),
            "Roll back the turn",
        ),
        "rerun" if g.turn > 0 => (
            format!("Roll back turn {} of {game} and run it again?", g.turn),
            "The turn is run again from the orders now stored; every player gets the new report.".to_string(),
            "Roll back and rerun",
        ),
        // What removal means is the game's to say: the host's
        // `Game::remove` does it by the game's own rules.
        "remove" if seat_name.is_some() => (
            format!("Remove {who} from {game}?"),
            format!(
                "They leave the game at the next turn ({}) and get no more reports.",
                web.host.kind(&g.kind)?.leaving()
            ),
            "Remove the player",
        ),
        "password" if seat_name.is_some() => (
            format!("Give {who} a new password?"),
            "The old password stops working at once and every browser logged in with it is logged out. The new one is shown to you once and sent to their address.".to_string(),
            "Give a new password",
        ),
        _ => {
            return Err(WebError::Bad(format!(
                "there is nothing to confirm for `{}`",
                q.action
            )));
        }
    };
    let body = html! {
        h1 { (question) }
        p { (what) }
        div.row {
            form method="post" action={ "/desk/games/" (game) "/act" } {
                input type="hidden" name="csrf" value=(gm.csrf);
                input type="hidden" name="action" value=(q.action);
                @if !q.seat.is_empty() { input type="hidden" name="seat" value=(q.seat); }
                input type="hidden" name="confirm" value="yes";
                button.danger type="submit" { (button) }
            }
            a.button.quiet href={ "/desk/games/" (game) } { "Cancel" }
        }
    };
    Ok(page(&question, &gm.viewer, "/desk", body).into_response())
}

/// `/desk/games/{game}/inbox`: every message and what became of it.
pub async fn inbox(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let gm = gm(&web, &headers).await?;
    web.host.game(&game).await?;
    let rows = web.host.store().submissions(Some(&game), 500).await?;
    let body = html! {
        h1 { "Mail in — " (game) }
        table.stack {
            tr { th { "#" } th { "Received" } th { "From" } th { "By" } th { "What became of it" } }
            @for m in &rows {
                tr {
                    td { (m.id) }
                    td { (when(m.received_at)) }
                    td { (m.sender.as_deref().unwrap_or("—")) }
                    td { (m.source) }
                    td { strong { (m.disposition) } details { summary { "answer" } div { pre { (m.answer.as_deref().unwrap_or("")) } } } }
                }
            }
        }
        p { a href={ "/desk/games/" (game) } { "Back" } }
    };
    Ok(page("Mail in", &gm.viewer, "/desk", body).into_response())
}

/// `/desk/games/{game}/outbox`: sent, waiting, failing.
pub async fn outbox(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let gm = gm(&web, &headers).await?;
    web.host.game(&game).await?;
    let rows = web.host.store().outbox(Some(&game), None).await?;
    let body = html! {
        h1 { "Mail out — " (game) }
        table.stack {
            tr { th { "#" } th { "Status" } th { "Kind" } th { "To" } th { "Subject" } th { "Attempts" } }
            @for m in rows.iter().rev().take(500) {
                tr {
                    td { (m.id) }
                    td class=[(m.status == "failed" || m.status == "no-address").then_some("bad")] { (m.status) }
                    td { (m.message.kind) }
                    td { @if m.message.to.is_empty() { "(no address)" } @else { (m.message.to) } }
                    td { (m.message.shown_subject()) @if let Some(e) = &m.last_error { br; span.muted { (e) } } }
                    td { (m.attempts) }
                }
            }
        }
        p { a href={ "/desk/games/" (game) } { "Back" } }
    };
    Ok(page("Mail out", &gm.viewer, "/desk", body).into_response())
}

/// `/desk/games/{game}/audit`.
pub async fn audit(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let gm = gm(&web, &headers).await?;
    web.host.game(&game).await?;
    let rows = web.host.store().audit(Some(&game)).await?;
    let body = html! {
        h1 { "Audit log — " (game) }
        table.stack {
            tr { th { "When" } th { "Who" } th { "What" } th { "Detail" } }
            @for e in rows.iter().rev() {
                tr { td { (when(e.at)) } td { (e.actor) } td { (e.action) } td { (e.detail) } }
            }
        }
        p { a href={ "/desk/games/" (game) } { "Back" } }
    };
    Ok(page("Audit log", &gm.viewer, "/desk", body).into_response())
}

/// `/desk/games/{game}/seats/{seat}/reports/{turn}`: any seat's report.
pub async fn report(
    State(web): State<Web>,
    headers: HeaderMap,
    Path((game, seat, turn)): Path<(String, String, u32)>,
) -> Page {
    let gm = gm(&web, &headers).await?;
    let laid = web
        .rendered
        .report(&web.host, &game, &seat, Some(turn))
        .await?;
    let Some((_, laid)) = laid else {
        return Err(WebError::NotFound(format!(
            "{game} has no report of turn {turn} for {seat}"
        )));
    };
    let body = html! {
        p { a href={ "/desk/games/" (game) } { "Back to " (game) } }
        (maud::PreEscaped(&*laid))
    };
    Ok(page(&format!("{seat}, turn {turn}"), &gm.viewer, "/desk", body).into_response())
}

/// `/desk/games/{game}/held`: the lines of the orders for the coming
/// turn held for the game master's ruling (En Garde!: a duel challenge,
/// an audience), each with its ruling so far and a form to approve it
/// (with a note for the player) or refuse it (with the reason).
pub async fn held(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let gm = gm(&web, &headers).await?;
    let (turn, lines) = web.host.held(&game).await?;
    let csrf = &gm.csrf;
    let body = html! {
        h1 { "Lines held for your ruling — " (game) }
        p { "These lines of the orders for turn " (turn) " could not be run by the machine. Approve one (you do what it asks by hand, and your note tells the player what) or refuse it with the reason the player will read. A line not ruled on when the turn runs does not run; the player's report says what became of each." }
        @if lines.is_empty() { p { "No line of the orders for turn " (turn) " is held." } }
        @for h in &lines {
            @let id = format!("{}-{}", h.seat, h.line);
            section.card id=(id) {
                p { strong { (h.name) } ", line " (h.line) ": " code { (h.text.trim()) } }
                p {
                    @match &h.ruling {
                        Some((r, by)) => { "Ruled: " (r.words()) " (by " (by) ")." }
                        None => span.warn { "Not ruled on yet." }
                    }
                }
                (rule_form(&game, csrf, h, "approve", "Approve", "Note for the player (what you do)", false))
                (rule_form(&game, csrf, h, "refuse", "Refuse", "Reason the player will read", true))
            }
        }
        p { a href={ "/desk/games/" (game) } { "Back" } }
    };
    Ok(page("Held lines", &gm.viewer, "/desk", body).into_response())
}

fn rule_form(
    game: &str,
    csrf: &str,
    h: &umpire_host::host::HeldView,
    verdict: &str,
    label: &str,
    words: &str,
    required: bool,
) -> Markup {
    let field = format!("{verdict}-{}-{}", h.seat, h.line);
    html! {
        form.row method="post" action={ "/desk/games/" (game) "/held" } {
            input type="hidden" name="csrf" value=(csrf);
            input type="hidden" name="seat" value=(h.seat);
            input type="hidden" name="line" value=(h.line);
            input type="hidden" name="verdict" value=(verdict);
            label for=(field) { (words) }
            input type="text" id=(field) name="words" required[required];
            button type="submit" { (label) }
        }
    }
}

#[derive(Deserialize)]
pub struct RuleForm {
    csrf: String,
    seat: String,
    line: u32,
    verdict: String,
    #[serde(default)]
    words: String,
}

/// `POST /desk/games/{game}/held`: one ruling, then back to the held
/// lines (a reload repeats nothing).
pub async fn rule(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<RuleForm>,
) -> Page {
    let gm = gm(&web, &headers).await?;
    if !auth::same(&gm.csrf, &f.csrf) {
        return Err(WebError::Bad(
            "this form has expired: reload the page and try again".to_string(),
        ));
    }
    let ruling = match f.verdict.as_str() {
        "approve" => Ruling::Approved { note: f.words },
        "refuse" => Ruling::Refused { reason: f.words },
        other => return Err(WebError::Bad(format!("there is no ruling `{other}`"))),
    };
    let actor = format!("{}@desk", gm.user);
    let h = web
        .host
        .rule(&game, &f.seat, f.line, ruling, &actor)
        .await?;
    Ok(Redirect::to(&format!("/desk/games/{game}/held#{}-{}", h.seat, h.line)).into_response())
}

#[cfg(test)]
mod tests {
    #[test]
    fn durations() {
        assert_eq!(super::minutes("1d12h"), Some(2160));
        assert_eq!(super::minutes("soon"), None);
        assert_eq!(super::minutes("0m"), None);
    }

    #[test]
    fn graces_may_be_none() {
        assert_eq!(super::grace("0m"), Some(0));
        assert_eq!(super::grace("0"), Some(0));
        assert_eq!(super::grace("10"), Some(10));
        assert_eq!(super::grace("1h"), Some(60));
        assert_eq!(super::grace("soon"), None);
        assert_eq!(super::grace(""), None);
    }
}
