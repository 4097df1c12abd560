//! A player's pages: their reports (the latest and every earlier one),
//! their map, the order editor that checks as they type and submits
//! exactly as a mail would, the Ready and Not ready buttons of a game
//! whose turns run early, the leave form (away for some turns, or back),
//! articles for the newspaper, the orders help,
//! and the tokens their client programs use. Every handler first makes
//! sure the viewer is logged in to this game; each reads only the
//! viewer's own seat.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::{Form, Json};
use maud::{Markup, PreEscaped, html};
use serde::Deserialize;
use serde_json::{Value, json};
use umpire_host::envelope::Leave;
use umpire_host::host::{Answer, Early, Settings, Submission, Word};
use umpire_host::schedule::{describe, from_ms};

use super::auth::{self, Viewer};
use super::layout::{deadline, page};
use super::{Page, Web, WebError, map, receipt};

/// A player logged in to `game`: their seat and their CSRF token.
pub struct Me {
    pub viewer: Viewer,
    pub game: String,
    pub seat: String,
    pub csrf: String,
    /// The session's token, which words for the next page are kept under.
    pub token: String,
}

/// The viewer, who must be a player of `game`.
pub async fn me(web: &Web, headers: &HeaderMap, game: &str) -> Result<Me, WebError> {
    let viewer = web.viewer(headers).await;
    match &viewer {
        Viewer::Anonymous => Err(WebError::Login),
        Viewer::Gm { .. } => Err(WebError::Forbidden(
            "This page is a player's; the desk shows every seat's reports.".to_string(),
        )),
        Viewer::Player {
            game: g,
            seat,
            csrf,
            token,
            ..
        } if g == game => Ok(Me {
            game: g.clone(),
            seat: seat.clone(),
            csrf: csrf.clone(),
            token: token.clone(),
            viewer: viewer.clone(),
        }),
        Viewer::Player { game: g, .. } => Err(WebError::Forbidden(format!(
            "You are logged in to {g}, not to {game}: log out to open another game."
        ))),
    }
}

/// The coming turn at a glance: its deadline and how long is left, and
/// whether orders are in — and when lines of them were left out, how
/// many, not a green "in". On the orders page itself the link to write
/// them goes to the editor below rather than to the page.
async fn coming(web: &Web, me: &Me, on_orders: bool) -> Result<Markup, WebError> {
    let g = web.host.game(&me.game).await?;
    let settings = Settings::of_row(&g);
    let collecting = g.turn + 1;
    let text = g.deadline.map(|d| describe(from_ms(d), &settings.zone));
    let sent = web
        .host
        .store()
        .orders_of(&me.game, collecting, &me.seat)
        .await?;
    let left = match &sent {
        Some(o) => left_out_of(web, me, o.submission, true).await?.0,
        None => 0,
    };
    let orders = if on_orders {
        "#write".to_string()
    } else {
        format!("/games/{}/orders", me.game)
    };
    let early = if on_orders && settings.early != Early::Off {
        Some(ready_part(web, me, &settings).await?)
    } else {
        None
    };
    let away = leave_part(web, me, &settings, collecting).await?;
    let key = web
        .host
        .news_key(&me.game, &me.seat)
        .await?
        .unwrap_or_default();
    let feed = format!(
        "/games/{}/news.atom?seat={}&key={key}",
        me.game,
        super::desk::query_value(&me.seat)
    );
    Ok(html! {
        section.card.coming {
            p { "Turn " (collecting) " runs " (deadline(g.deadline, text.as_deref())) "." }
            @match (&sent, left) {
                (Some(_), 0) => p.ok { "Your orders for turn " (collecting) " are in. " a href=(orders) { "See or change them" } },
                (Some(_), n) => p.warn { "Your orders for turn " (collecting) " are in, but " (n) " line" (if n == 1 { " was" } else { "s were" }) " left out. " a href=(orders) { "See what each unit will do" } },
                (None, _) => p.warn { "No orders for turn " (collecting) " yet: without them your units carry on with the orders they have. " a href=(orders) { "Write them" } },
            }
            @if let Some(e) = early { (e) }
            (away)
            @if !on_orders {
                p.muted {
                    "Follow the game: "
                    a href={ "/games/" (me.game) "/deadlines.ics" } { "its deadlines" } " (a calendar) · "
                    a href=(feed) { "its news" } " (a feed for your reader; the link is yours: it stops working when your password changes)"
                }
            }
        }
    })
}

/// A game whose turns run early: whether the turn may run early, and the
/// player's Ready or Not ready button (a form: no script needed). How
/// many seats the turn waits for is said; which ones is not.
async fn ready_part(web: &Web, me: &Me, settings: &Settings) -> Result<Markup, WebError> {
    let r = web.host.readiness(&me.game).await?;
    let mine = r.seats.iter().find(|s| s.seat == me.seat);
    let rule = match settings.early {
        Early::Ready => "once every seat has marked its orders ready",
        _ => "once every seat has sent orders",
    };
    Ok(html! {
        div #ready {
            p { "Turn " (r.turn) " runs early " (rule) ", " (settings.grace_minutes) " minutes after the last change. "
                @match r.at_text(&settings.zone) {
                    Some(at) => { "Every seat is ready: it runs early at " (at) ", unless someone changes their orders or says not ready before then." }
                    None => { "It still waits for " (r.waiting) " seat" (if r.waiting == 1 { "" } else { "s" }) "." }
                }
            }
            @if let Some(s) = mine.filter(|s| s.sent) {
                p #ready-state {
                    @match (s.ready, s.mark) {
                        (true, Some(true)) => "Your orders are marked ready.",
                        (true, _) => "Your orders are in: the turn does not wait for you.",
                        (false, Some(false)) => "You said not ready: the turn does not run early until you are.",
                        (false, _) => "Your orders are not marked ready yet.",
                    }
                }
                form.row method="post" action={ "/games/" (me.game) "/ready" } {
                    input type="hidden" name="csrf" value=(me.csrf);
                    @if s.ready {
                        input type="hidden" name="ready" value="no";
                        button.quiet type="submit" { "Not ready" }
                    } @else {
                        input type="hidden" name="ready" value="yes";
                        button type="submit" { "Ready" }
                    }
                }
            }
        }
    })
}

/// The leave form: away for some turns (as `#LEAVE 2` says), or back
/// (`#LEAVE OFF`) when on leave. Nothing when the game allows no leave
/// and the seat is not on leave.
async fn leave_part(
    web: &Web,
    me: &Me,
    settings: &Settings,
    collecting: u32,
) -> Result<Markup, WebError> {
    let until = web
        .host
        .store()
        .leaves(&me.game)
        .await?
        .into_iter()
        .find(|l| l.seat == me.seat && l.until >= collecting)
        .map(|l| l.until);
    Ok(html! {
        @if let Some(u) = until {
            form.row #leave method="post" action={ "/games/" (me.game) "/leave" } {
                span { "You are on leave until turn " (u) ": no reminders, and turns on leave do not count as missed." }
                input type="hidden" name="csrf" value=(me.csrf);
                input type="hidden" name="turns" value="off";
                button.quiet type="submit" { "Back from leave" }
            }
        } @else if settings.max_leave > 0 {
            form.row #leave method="post" action={ "/games/" (me.game) "/leave" } {
                input type="hidden" name="csrf" value=(me.csrf);
                label for="leave-turns" { "Away? Go on leave for" }
                select #leave-turns name="turns" {
                    @for n in 1..=settings.max_leave {
                        option value=(n) { (n) " turn" (if n == 1 { "" } else { "s" }) }
                    }
                }
                button.quiet type="submit" { "Go on leave" }
            }
        }
    })
}

#[derive(Deserialize)]
pub struct LeaveForm {
    csrf: String,
    /// How many turns, counting the coming one; or `off`.
    turns: String,
}

/// `POST /games/{game}/leave`: the player goes on leave, or comes back,
/// as a `#LEAVE 2` or `#LEAVE OFF` line would say it.
pub async fn leave(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<LeaveForm>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &f.csrf)?;
    let turns = f.turns.trim();
    let leave = if turns.eq_ignore_ascii_case("off") {
        Leave::Off
    } else {
        match turns.parse::<u32>() {
            Ok(n) if n > 0 => Leave::Turns(n),
            _ => {
                return Err(WebError::Bad(format!(
                    "`{turns}` is not a number of turns: choose how many turns you are away, or come back"
                )));
            }
        }
    };
    web.host.leave(&me.game, &me.seat, leave).await?;
    Ok(Redirect::to(&format!("/games/{}#leave", me.game)).into_response())
}

/// How many lines of a stored submission were left out, and what became
/// of each unit: read again from the submission's text and the orders
/// kept for the turn. `kept` says the submission is the one the seat's
/// orders were stored from (whichever way it came, mail too); otherwise
/// (a number from the page's address) it must be one this seat sent
/// from the web or the API, or nothing is shown.
async fn left_out_of(
    web: &Web,
    me: &Me,
    submission: i64,
    kept: bool,
) -> Result<(usize, Vec<receipt::Fate>, Option<String>), WebError> {
    let Some(sub) = web.host.store().submission(submission).await? else {
        return Ok((0, Vec::new(), None));
    };
    let mine = sub.game.as_deref() == Some(me.game.as_str())
        && (kept || sub.sender.as_deref() == Some(format!("seat:{}", me.seat).as_str()));
    if !mine {
        return Ok((0, Vec::new(), None));
    }
    let text = sub
        .text
        .clone()
        .unwrap_or_else(|| String::from_utf8_lossy(&sub.raw).into_owned());
    let found = web.host.check_orders(&me.game, &me.seat, &text).await?;
    let g = web.host.game(&me.game).await?;
    let stored = web
        .host
        .store()
        .orders_of(&me.game, g.turn + 1, &me.seat)
        .await?
        .filter(|o| o.submission == submission)
        .map(|o| o.text);
    let fates = receipt::fates(&text, &found, stored.as_deref());
    Ok((receipt::count(&fates), fates, sub.answer))
}

async fn report_page(web: &Web, me: Me, turn: Option<u32>) -> Page {
    let turns = web.host.store().report_turns(&me.game, &me.seat).await?;
    let prefs = web.host.mail_prefs(&me.game, &me.seat).await?;
    let laid = web
        .rendered
        .report(&web.host, &me.game, &me.seat, turn)
        .await?;
    let Some((shown, laid)) = laid else {
        return match turn {
            Some(t) => Err(WebError::NotFound(format!(
                "You have no report of turn {t}."
            ))),
            None => Ok(page(
                "Report",
                &me.viewer,
                &format!("/games/{}", me.game),
                html! { (coming(web, &me, false).await?) h1 { "Report" } p { "No report yet." } },
            )
            .into_response()),
        };
    };
    let body = html! {
        (coming(web, &me, false).await?)
        nav.row aria-label="Reports" {
            "Reports: "
            @for t in &turns {
                @if *t == shown { strong aria-current="page" { (t) } } @else { a href={ "/games/" (me.game) "/reports/" (t) } { (t) } }
            }
        }
        (PreEscaped(&*laid))
        (super::mail_prefs::section(&me, &prefs))
    };
    Ok(page(
        &format!("Turn {shown} report"),
        &me.viewer,
        &format!("/games/{}", me.game),
        body,
    )
    .into_response())
}

/// `/games/{game}`: the latest report.
pub async fn latest(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let me = me(&web, &headers, &game).await?;
    report_page(&web, me, None).await
}

/// `/games/{game}/reports/{turn}`.
pub async fn report(
    State(web): State<Web>,
    headers: HeaderMap,
    Path((game, turn)): Path<(String, u32)>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    report_page(&web, me, Some(turn)).await
}

/// `/games/{game}/map`.
pub async fn map(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let me = me(&web, &headers, &game).await?;
    // The map changes only with a new report: drawn once per latest one.
    let latest = web
        .host
        .store()
        .report_run(&me.game, &me.seat, None)
        .await?;
    let drawn = match latest {
        None => None,
        Some((turn, attempt)) => {
            let key = ("map", me.game.clone(), me.seat.clone(), turn, attempt);
            match web.rendered.get(&key) {
                Some(d) => Some(d),
                None => {
                    let jsons = web.host.store().report_jsons(&me.game, &me.seat).await?;
                    let base = format!("/games/{}/reports", me.game);
                    let kind = web.host.kind(&web.host.game(&me.game).await?.kind)?;
                    let made = tokio::task::spawn_blocking(move || {
                        map::drawn(&kind.map(&jsons), &base, kind.seat_noun())
                    })
                    .await
                    .map_err(|e| WebError::Internal(format!("the map could not be drawn: {e}")))?;
                    Some(web.rendered.put(key, made))
                }
            }
        }
    };
    let body = html! {
        h1 { "Map" }
        @match drawn.as_deref().filter(|d| !d.is_empty()) {
            None => p { "Your reports hold no map yet." },
            Some(d) => (PreEscaped(d)),
        }
    };
    Ok(page("Map", &me.viewer, &format!("/games/{}/map", me.game), body).into_response())
}

/// What the orders page shows besides the editor.
#[derive(Default, Deserialize)]
pub struct OrdersQuery {
    /// The submission just sent: its receipt.
    sent: Option<i64>,
    /// The draft has errors: say which lines sending would leave out.
    check: Option<String>,
    /// The draft was kept.
    kept: Option<String>,
}

/// The template as a logged-in player's editor shows it: the page knows
/// who they are, so the header's `PASSWORD` placeholder is written as the
/// empty password the stored orders show (`#GAME f05 "" spring`).
pub fn without_password(template: &str) -> String {
    template
        .lines()
        .map(|l| {
            if l.trim_start().starts_with('#') {
                l.split(' ')
                    .map(|w| if w == "PASSWORD" { "\"\"" } else { w })
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect()
}

/// The orders editor: the draft when there is one newer than the orders
/// stored, else the orders stored, else the latest template; with the
/// receipt of what was just sent, or the warning before sending orders
/// with errors.
async fn editor(web: &Web, me: &Me, q: &OrdersQuery) -> Page {
    let g = web.host.game(&me.game).await?;
    let collecting = g.turn + 1;
    let kind = web.host.kind(&g.kind)?;
    // What the game's pages offer besides the editor: the order a unit
    // with none left does, and a newspaper to write for.
    let default_order = kind.default_order();
    let newspaper = kind.article(&me.game, &me.seat, true, "").is_some();
    let stored = web
        .host
        .store()
        .orders_of(&me.game, collecting, &me.seat)
        .await?;
    let draft = web
        .host
        .store()
        .draft(&me.game, &me.seat)
        .await?
        .filter(|(_, at)| stored.as_ref().is_none_or(|o| *at > o.received_at));
    let template = match &stored {
        Some(_) => None,
        None => web
            .host
            .store()
            .report(&me.game, &me.seat, None)
            .await?
            .and_then(|r| r.template)
            .map(|t| without_password(&t)),
    };
    // What leaving the page without sending would lose nothing against.
    let sent_text = stored
        .as_ref()
        .map(|o| o.text.clone())
        .or_else(|| template.clone())
        .unwrap_or_default();
    let text = match (&draft, &stored) {
        (Some((d, _)), _) => d.clone(),
        (None, Some(o)) => o.text.clone(),
        (None, None) => template.clone().unwrap_or_default(),
    };
    let diagnostics = web.host.check_orders(&me.game, &me.seat, &text).await?;
    let receipt = match q.sent {
        Some(id) => {
            let (_, fates, answer) = left_out_of(web, me, id, false).await?;
            answer.map(|a| (fates, a))
        }
        None => None,
    };
    let warning = (q.check.is_some() && draft.is_some())
        .then(|| receipt::fates(&text, &diagnostics, None))
        .filter(|f| !f.is_empty());
    let body = html! {
        (coming(web, me, true).await?)
        @if let Some((fates, answer)) = &receipt {
            @if !fates.is_empty() { (receipt::card(fates, true, default_order)) }
            section.card id="receipt" {
                h2 { "What was stored" }
                pre { (answer) }
            }
        }
        @if let Some(fates) = &warning {
            (receipt::card(fates, false, default_order))
            p.warn #warning { "These orders have errors and were not sent. Fix them, or send them as they are and these lines are left out." }
        }
        @if q.kept.is_some() { p.flash { "Your draft is kept: it is here when you come back. It is not sent until you send it." } }
        h1 #write { "Orders for turn " (collecting) }
        div.editor {
            form method="post" action={ "/games/" (me.game) "/orders" } {
                input type="hidden" name="csrf" value=(me.csrf);
                div.code {
                    (gutter(&text, &diagnostics))
                    textarea #orders name="text" spellcheck="false" wrap="off" aria-labelledby="write"
                        data-check={ "/games/" (me.game) "/check" } data-csrf=(me.csrf)
                        data-draft={ "/games/" (me.game) "/draft" }
                        data-sent=(sent_text)
                        data-help={ "/games/" (me.game) "/help/" } { (text) }
                }
                p.muted #order-help { "Help on an order: " a href={ "/games/" (me.game) "/help" } { "every order" } }
                p.muted #draft-state {
                    @if draft.is_some() { "A draft you have not sent is shown; your orders as sent are kept apart until you send it." }
                }
                p.row {
                    button type="submit" { "Send these orders" }
                    @if warning.is_some() {
                        button.danger type="submit" name="anyway" value="yes" { "Send anyway, leaving those lines out" }
                    }
                    button.quiet type="submit" name="keep" value="draft" { "Keep as a draft" }
                }
            }
            div {
                h2 { "Checked" }
                // What the check found, said once to a screen reader each
                // time it changes (the list itself is not read out).
                p #check-state.muted role="status" { (check_state(&diagnostics)) }
                ul #diagnostics.diagnostics data-checked="server" {
                    @if diagnostics.is_empty() { li.ok { "No problems found." } }
                    @for d in diagnostics.iter().take(FINDINGS) {
                        li class=(d.severity.as_str()) data-line=(d.position.map(|p| p.line).unwrap_or(0)) {
                            // A finding's line is a link: Tab reaches it,
                            // Enter puts the caret on that line.
                            @if let Some(p) = d.position { a.jump href="#orders" data-line=(p.line) { "line " (p.line) } ": " }
                            (d.severity.as_str()) " " (d.code) ": " (d.message)
                            @if let Some(h) = &d.help { " (" (h) ")" }
                        }
                    }
                    @if diagnostics.len() > FINDINGS {
                        li.more { "… and " (diagnostics.len() - FINDINGS) " more: fix these first." }
                    }
                }
                p.muted { "The same checker reads your mail. " a href={ "/games/" (me.game) "/help" } { "Every order explained" } "." }
            }
        }
        @if newspaper {
            h2 { "An article for the newspaper" }
            form.stack method="post" action={ "/games/" (me.game) "/press" } {
                input type="hidden" name="csrf" value=(me.csrf);
                label for="kind" { "Kind" }
                select #kind name="kind" {
                    option value="signed" { "signed, with your " (kind.seat_noun()) "'s name" }
                    option value="rumour" { "a rumour, unsigned" }
                }
                label for="article" { "Text" }
                textarea #article.short name="text" {}
                p { button type="submit" { "Send the article" } }
            }
        }
    };
    Ok(page(
        "Orders",
        &me.viewer,
        &format!("/games/{}/orders", me.game),
        body,
    )
    .into_response())
}

/// The check's findings counted, and the first of the worst, for the editor's
/// status line: `No problems found.` or `2 errors, 1 warning. First: line
/// 3: error E0308: …` (the script words it alike as the player types).
pub fn check_state(found: &[umpire_core::Diagnostic]) -> String {
    let count = |severity: &str| {
        found
            .iter()
            .filter(|d| d.severity.as_str() == severity)
            .count()
    };
    let part = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    let (errors, warnings) = (count("error"), count("warning"));
    let notes = found.len() - errors - warnings;
    if found.is_empty() {
        return "No problems found.".to_string();
    }
    let mut parts = Vec::new();
    if errors > 0 {
        parts.push(part(errors, "error"));
    }
    if warnings > 0 {
        parts.push(part(warnings, "warning"));
    }
    if notes > 0 {
        parts.push(part(notes, "note"));
    }
    let mut said = format!("{}.", parts.join(", "));
    // The first of the worst: an error before a warning before a note.
    let worst = ["error", "warning"]
        .iter()
        .find_map(|w| found.iter().find(|d| d.severity.as_str() == *w))
        .or(found.first());
    if let Some(d) = worst {
        said.push_str(" First: ");
        if let Some(p) = d.position {
            said.push_str(&format!("line {}: ", p.line));
        }
        said.push_str(&format!(
            "{} {}: {}",
            d.severity.as_str(),
            d.code,
            d.message
        ));
    }
    said
}

/// The line numbers beside the editor, each marked with the worst finding
/// on its line (the script redraws it as the player types).
fn gutter(text: &str, found: &[umpire_core::Diagnostic]) -> Markup {
    let lines = text.lines().count().max(1);
    let worst = |line: usize| {
        let mut w: Option<&umpire_core::Diagnostic> = None;
        for d in found
            .iter()
            .filter(|d| d.position.map(|p| p.line as usize) == Some(line))
        {
            let rank = |d: &umpire_core::Diagnostic| match d.severity.as_str() {
                "error" => 3,
                "warning" => 2,
                _ => 1,
            };
            if w.is_none_or(|x| rank(d) > rank(x)) {
                w = Some(d);
            }
        }
        w
    };
    html! {
        pre #gutter.gutter aria-hidden="true" {
            @for n in 1..=lines {
                @match worst(n) {
                    Some(d) => span class={ "ln " (d.severity.as_str()) } data-line=(n) title={ (d.code) ": " (d.message) } { (n) },
                    None => span.ln data-line=(n) { (n) },
                }
                "\n"
            }
        }
    }
}

/// `/games/{game}/orders`: the editor, with the orders stored for the
/// coming turn or the latest template.
pub async fn orders(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Query(q): Query<OrdersQuery>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    editor(&web, &me, &q).await
}

#[derive(Deserialize)]
pub struct TextForm {
    csrf: String,
    text: String,
    /// `yes`: send even with errors (the lines with them are left out).
    #[serde(default)]
    anyway: String,
    /// `draft`: keep the text as the draft, send nothing.
    #[serde(default)]
    keep: String,
}

pub(super) fn csrf_ok(me: &Me, given: &str) -> Result<(), WebError> {
    if auth::same(&me.csrf, given) {
        Ok(())
    } else {
        Err(WebError::Bad(
            "this form has expired: reload the page and send it again".to_string(),
        ))
    }
}

/// Take a player's text as the host takes a mail.
async fn take(web: &Web, me: &Me, text: &str) -> Result<Answer, WebError> {
    let sender = format!("seat:{}", me.seat);
    Ok(web
        .host
        .submit(Submission {
            game: &me.game,
            source: "web",
            sender: Some(&sender),
            message_id: None,
            name: "your orders",
            bytes: text.as_bytes(),
            authenticated: Some(&me.seat),
        })
        .await?)
}

/// `POST /games/{game}/orders`: stored exactly as a mail would be, with
/// the same answer, shown on the orders page the browser is sent to
/// (POST, redirect, GET). Orders with errors are not sent at once: they
/// are kept as the draft, and the page says which lines sending would
/// leave out, with a button to send them anyway.
pub async fn submit(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<TextForm>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &f.csrf)?;
    super::orders_bounded(&f.text).map_err(WebError::Bad)?;
    let here = format!("/games/{}/orders", me.game);
    if f.keep == "draft" {
        web.host
            .store()
            .save_draft(&me.game, &me.seat, &f.text)
            .await?;
        return Ok(Redirect::to(&format!("{here}?kept=1")).into_response());
    }
    if f.anyway != "yes" {
        let found = web.host.check_orders(&me.game, &me.seat, &f.text).await?;
        if found.iter().any(umpire_core::Diagnostic::is_error) {
            web.host
                .store()
                .save_draft(&me.game, &me.seat, &f.text)
                .await?;
            return Ok(Redirect::to(&format!("{here}?check=1#left-out")).into_response());
        }
    }
    let answer = take(&web, &me, &f.text).await?;
    web.host.store().drop_draft(&me.game, &me.seat).await?;
    Ok(Redirect::to(&format!("{here}?sent={}#receipt", answer.submission)).into_response())
}

/// Why a request of the editor's script (a check, a draft) may not be
/// taken, as its JSON answer: it must carry the page's token in
/// `X-CSRF-Token`, and its text must be within an order set's bounds.
fn refused_from_the_page(me: &Me, headers: &HeaderMap, text: &str) -> Option<Response> {
    let given = headers
        .get("x-csrf-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !auth::same(&me.csrf, given) {
        return Some(
            (
                StatusCode::FORBIDDEN,
                Json(json!({"error": "the page has expired: reload it"})),
            )
                .into_response(),
        );
    }
    super::orders_bounded(text)
        .err()
        .map(|why| (StatusCode::PAYLOAD_TOO_LARGE, Json(json!({ "error": why }))).into_response())
}

#[derive(Deserialize)]
pub struct DraftBody {
    text: String,
}

/// `POST /games/{game}/draft`: keep what the player is typing (the
/// editor's script sends it as they type), so leaving the page loses
/// nothing.
pub async fn draft(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Json(b): Json<DraftBody>,
) -> Result<Response, WebError> {
    let me = me(&web, &headers, &game).await?;
    if let Some(refused) = refused_from_the_page(&me, &headers, &b.text) {
        return Ok(refused);
    }
    web.host
        .store()
        .save_draft(&me.game, &me.seat, &b.text)
        .await?;
    Ok(Json(json!({ "kept": true })).into_response())
}

#[derive(Deserialize)]
pub struct ReadyForm {
    csrf: String,
    /// `yes`: the orders sent are final; `no`: not ready.
    ready: String,
}

/// `POST /games/{game}/ready`: the player's word on the orders they sent
/// for the coming turn, as a `#READY` or `#NOTREADY` line would say it.
pub async fn ready(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<ReadyForm>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &f.csrf)?;
    let word = match f.ready.as_str() {
        "yes" => Word::Ready,
        "no" => Word::NotReady,
        other => {
            return Err(WebError::Bad(format!(
                "`{other}` is neither ready (yes) nor not ready (no)"
            )));
        }
    };
    web.host.mark_ready(&me.game, &me.seat, word).await?;
    Ok(Redirect::to(&format!("/games/{}/orders#ready", me.game)).into_response())
}

#[derive(Deserialize)]
pub struct PressForm {
    csrf: String,
    kind: String,
    text: String,
}

/// `POST /games/{game}/press`: an article, as a `#PRESS` or `#RUMOR` mail.
pub async fn press(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<PressForm>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &f.csrf)?;
    let kind = web.host.kind(&web.host.game(&game).await?.kind)?;
    let Some(text) = kind.article(&game, &me.seat, f.kind != "rumour", &f.text) else {
        return Err(WebError::Bad("this game has no newspaper".to_string()));
    };
    let answer = take(&web, &me, &text).await?;
    Ok(Redirect::to(&format!(
        "/games/{}/orders?sent={}#receipt",
        me.game, answer.submission
    ))
    .into_response())
}

#[derive(Deserialize)]
pub struct CheckBody {
    text: String,
}

/// `POST /games/{game}/check`: the order checker for the editor, as JSON.
pub async fn check(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Json(b): Json<CheckBody>,
) -> Result<Response, WebError> {
    let me = me(&web, &headers, &game).await?;
    if let Some(refused) = refused_from_the_page(&me, &headers, &b.text) {
        return Ok(refused);
    }
    let found = web.host.check_orders(&me.game, &me.seat, &b.text).await?;
    Ok(Json(diagnostics_json(&found)).into_response())
}

/// The most findings one answer lists; `more` counts the rest.
pub const FINDINGS: usize = 200;

/// Findings as the editor and the API give them: the first [`FINDINGS`],
/// and how many more there are.
pub fn diagnostics_json(found: &[umpire_core::Diagnostic]) -> Value {
    json!({
        "checked": true,
        "more": found.len().saturating_sub(FINDINGS),
        "diagnostics": found.iter().take(FINDINGS).map(|d| json!({
            "line": d.position.map(|p| p.line),
            "column": d.position.map(|p| p.column),
            "severity": d.severity.as_str(),
            "code": d.code,
            "message": d.message,
            "help": d.help,
            "notes": d.notes,
        })).collect::<Vec<_>>(),
    })
}

async fn help_page(web: &Web, me: Me, topic: &str) -> Page {
    let text = web.host.order_help(&me.game, topic).await?;
    let Some(text) = text else {
        return Err(WebError::NotFound(format!(
            "There is no order `{topic}`; the help page lists them all."
        )));
    };
    let body = html! {
        h1 { @if topic.is_empty() { "Orders" } @else { "Help: " (topic.to_ascii_uppercase()) } }
        form.row method="get" action={ "/games/" (me.game) "/help" } {
            "Read about an order: "
            @for w in ["MOVE", "GIVE", "STUDY", "BUY", "ATTACK"] {
                a href={ "/games/" (me.game) "/help/" (w) } { (w) }
            }
        }
        pre { (text) }
    };
    Ok(page(
        "Help",
        &me.viewer,
        &format!("/games/{}/help", me.game),
        body,
    )
    .into_response())
}

/// `/games/{game}/help`: every order.
pub async fn help_index(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    help_page(&web, me, "").await
}

/// `/games/{game}/help/{topic}`: one order in full.
pub async fn help(
    State(web): State<Web>,
    headers: HeaderMap,
    Path((game, topic)): Path<(String, String)>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    help_page(&web, me, &topic).await
}

async fn tokens_page(web: &Web, me: &Me, new: Option<&str>) -> Page {
    let tokens = web.host.store().tokens(&me.game, &me.seat).await?;
    let body = html! {
        h1 { "API tokens" }
        p { "A client program reads your reports and sends your orders with a token, as " code { "Authorization: Bearer TOKEN" } " on " code { "/api/v1" } ". Revoke one you no longer use." }
        @if let Some(t) = new {
            p.flash { "Your new token, shown this once: " code #new-token { (t) } }
        }
        @if !tokens.is_empty() {
            table {
                tr { th { "Label" } th { "Made" } th { "Revoke" } }
                @for t in &tokens {
                    tr {
                        td { (t.label) " " span.muted { "(" (&t.hash[..8]) "…)" } }
                        td { (describe(from_ms(t.created_at), "UTC")) }
                        td {
                            @if t.revoked_at.is_some() { span.muted { "revoked" } } @else {
                                form method="post" action={ "/games/" (me.game) "/tokens/revoke" } {
                                    input type="hidden" name="csrf" value=(me.csrf);
                                    input type="hidden" name="token" value=(t.hash);
                                    button.danger type="submit" { "Revoke" }
                                }
                            }
                        }
                    }
                }
            }
        }
        form.stack method="post" action={ "/games/" (me.game) "/tokens" } {
            input type="hidden" name="csrf" value=(me.csrf);
            label for="label" { "Label" }
            input #label type="text" name="label" placeholder="my mapping program";
            p { button type="submit" { "Make a token" } }
        }
    };
    Ok(page(
        "API tokens",
        &me.viewer,
        &format!("/games/{}/tokens", me.game),
        body,
    )
    .into_response())
}

/// `/games/{game}/tokens`.
pub async fn tokens(State(web): State<Web>, headers: HeaderMap, Path(game): Path<String>) -> Page {
    let me = me(&web, &headers, &game).await?;
    // A token just made is shown once, here, after the redirect.
    let new = web.flashes.take(&me.token);
    tokens_page(&web, &me, new.as_deref()).await
}

#[derive(Deserialize)]
pub struct LabelForm {
    csrf: String,
    #[serde(default)]
    label: String,
}

/// `POST /games/{game}/tokens`: a new token, shown once.
pub async fn new_token(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<LabelForm>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &f.csrf)?;
    let t = web.host.new_token(&me.game, &me.seat, &f.label).await?;
    web.flashes.put(&me.token, t.expose().to_string());
    Ok(Redirect::to(&format!("/games/{}/tokens", me.game)).into_response())
}

#[derive(Deserialize)]
pub struct RevokeForm {
    csrf: String,
    token: String,
}

/// `POST /games/{game}/tokens/revoke`.
pub async fn revoke_token(
    State(web): State<Web>,
    headers: HeaderMap,
    Path(game): Path<String>,
    Form(f): Form<RevokeForm>,
) -> Page {
    let me = me(&web, &headers, &game).await?;
    csrf_ok(&me, &f.csrf)?;
    // The whole hash names the token: exactly that one is revoked.
    if !web
        .host
        .store()
        .revoke_token(&me.game, &me.seat, f.token.trim())
        .await?
    {
        return Err(WebError::Bad("no such token of yours".to_string()));
    }
    Ok(Redirect::to(&format!("/games/{}/tokens", me.game)).into_response())
}
