//! Games at the table on everyone's phone: `/tables/new` makes a table
//! from a scenario and hands out one link per side and one for the
//! umpire; `/t/{token}` is the table as that link's holder may see it.
//!
//! | route | what |
//! |---|---|
//! | `GET /tables/new`, `POST /tables/new` | make a table |
//! | `GET /t/{token}` | the table's page |
//! | `GET /t/{token}/view` | the part of the page that changes |
//! | `GET /t/{token}/events` | live updates: the table's change count, each time it changes (server-sent events) |
//! | `POST /t/{token}/run` | run a command (typed, or a filled-in form; `measure A B` and `place PIECE X Y` are the map's) |
//! | `POST /t/{token}/place` | put a piece on the table map |
//! | `GET /t/{token}/measure?a=&b=` | the distance between two pieces |
//! | `POST /t/{token}/finish` | end the game: every log opens |
//!
//! The link is the key: whoever holds a side's link plays that side. The
//! live updates carry only a number; each page then asks for its own
//! view, so nothing a side may not see ever travels to it.

pub mod forms;
pub mod labels;
pub mod page;

use std::convert::Infallible;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Redirect, Response};
use maud::html;
use umpire_host::tables::{Kind, NewTable, Seat, TableError};

use super::{Page, Web, WebError, layout};

impl From<TableError> for WebError {
    fn from(e: TableError) -> WebError {
        match e {
            TableError::Refused(w) => WebError::Bad(w),
            TableError::NoSuchLink => WebError::NotFound(TableError::NoSuchLink.to_string()),
            other => WebError::Internal(other.to_string()),
        }
    }
}

/// The address the reader used, for the links handed out.
fn origin(web: &Web, headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
        })
        .unwrap_or("localhost");
    format!("{}://{host}", if web.secure { "https" } else { "http" })
}

/// `GET /tables/new`: the form that makes a table.
pub async fn new_page() -> Page {
    let body = html! {
        h1 { "A game at the table" }
        p { "Make a table, then hand each player their side's link: a phone is all they need. Each side sees its own orders, Blinds and cards; the umpire's page sees everything." }
        form.stack method="post" action="/tables/new" {
            label for="kind" { "Game" }
            select #kind name="kind" {
                @for k in Kind::ALL {
                    option value=(k.as_str()) { (k.game()) " (built-in scenario: " (k.builtin().0) ")" }
                }
            }
            label for="name" { "Name " span.muted { "(optional)" } }
            input #name type="text" name="name" placeholder="Saturday at the club";
            label for="scenario" { "Scenario " span.muted { "(optional: paste one; empty plays the built-in one)" } }
            textarea #scenario name="scenario" rows="6" style="min-height: 6rem" {}
            label { input type="checkbox" name="umpired" value="on" checked; " An umpire runs the game (otherwise the players between them: taking back a change, or ending the game, needs every side)" }
            fieldset.size {
                legend { "Table size" }
                div.row {
                    label.field { span { "Width" } input #width type="number" name="width" value="72" min="12" max="1200" style="width: 6rem"; }
                    label.field { span { "Depth" } input #depth type="number" name="depth" value="48" min="12" max="1200" style="width: 6rem"; }
                    label.field { span { "Unit" } select #unit name="unit" style="width: 6rem" { option value="in" { "in" } option value="cm" { "cm" } } }
                }
            }
            p { button type="submit" { "Make the table" } }
        }
    };
    Ok(layout::page(
        "A game at the table",
        &super::auth::Viewer::Anonymous,
        "",
        body,
    )
    .into_response())
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// `POST /tables/new`: make it, and go to the umpire's page (which hands
/// out the sides' links).
pub async fn create(
    State(web): State<Web>,
    axum::Form(form): axum::Form<Vec<(String, String)>>,
) -> Page {
    let kind = field(&form, "kind").unwrap_or_default();
    let kind = Kind::parse(kind).ok_or_else(|| {
        WebError::Bad(format!(
            "`{kind}` is not a game played at the table here: choose {}",
            Kind::ALL.map(|k| k.game()).join(", ")
        ))
    })?;
    let number = |name: &str, default: i64| -> Result<i64, WebError> {
        match field(&form, name).map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| {
                WebError::Bad(format!("the table's {name} is a whole number, not `{v}`"))
            }),
        }
    };
    let made = web
        .tables
        .create(NewTable {
            kind,
            name: field(&form, "name").map(str::to_string),
            scenario: field(&form, "scenario").map(str::to_string),
            umpired: field(&form, "umpired") == Some("on"),
            width: number("width", 72)?,
            depth: number("depth", 48)?,
            unit: field(&form, "unit").unwrap_or("in").to_string(),
        })
        .await?;
    Ok(Redirect::to(&page::base(&made.umpire)).into_response())
}

async fn seat(web: &Web, token: &str) -> Result<Seat, WebError> {
    Ok(web.tables.enter(token).await?)
}

/// `GET /t/{token}`: the table's page.
pub async fn table(State(web): State<Web>, Path(token): Path<String>, headers: HeaderMap) -> Page {
    let seat = seat(&web, &token).await?;
    let view = web.tables.view(&seat).await?;
    let links = seat.side_links(&view.sides);
    let markup = page::page(&view, &token, &links, &origin(&web, &headers));
    Ok((
        [
            (header::CACHE_CONTROL, "no-store"),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        markup,
    )
        .into_response())
}

/// `GET /t/{token}/view`: the part of the page that changes.
pub async fn view(State(web): State<Web>, Path(token): Path<String>) -> Page {
    let seat = seat(&web, &token).await?;
    let view = web.tables.view(&seat).await?;
    if view.side.is_none() && !view.umpired {
        return Err(WebError::Forbidden(
            "this table has no umpire: the game is seen on the sides' pages".into(),
        ));
    }
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        page::live(&view, &token),
    )
        .into_response())
}

/// `GET /t/{token}/events`: the change count, each time the table changes.
pub async fn events(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, WebError> {
    let seat = seat(&web, &token).await?;
    let changes = web.tables.changes(&seat).await?;
    let closing = web.tables.closing();
    let stream = futures::stream::unfold(
        (changes, closing),
        |(mut changes, mut closing)| async move {
            loop {
                let got = tokio::select! {
                    got = changes.recv() => got,
                    _ = closing.wait_for(|c| *c) => return None,
                };
                match got {
                    Ok(v) => {
                        let e = Event::default().event("changed").data(v.to_string());
                        return Some((Ok::<Event, Infallible>(e), (changes, closing)));
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
                }
            }
        },
    );
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}

/// What a command answered, for the page's script.
#[derive(serde::Serialize)]
struct Answered {
    line: String,
    answer: String,
    changed: bool,
    refused: bool,
}

fn wants_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|a| a.contains("application/json"))
}

/// The line a posted form stands for: typed, or built from the command's
/// form, with the players' own dice after `rolled`.
fn posted_line(
    commands: &'static umpire_core::session::Commands,
    form: &[(String, String)],
) -> Result<String, String> {
    let mut line = match (field(form, "line"), field(form, "cmd")) {
        (Some(l), _) if !l.trim().is_empty() => l.trim().to_string(),
        (_, Some(cmd)) => {
            let all = forms::forms(commands);
            let f = all
                .iter()
                .find(|f| f.name == cmd)
                .ok_or_else(|| format!("there is no command `{cmd}` at this table"))?;
            let values: Vec<String> = (0..f.slots.len())
                .map(|i| {
                    field(form, &format!("f{i}"))
                        .unwrap_or_default()
                        .to_string()
                })
                .collect();
            forms::line(f, &values)?
        }
        _ => return Err("type a command (`help` lists them)".into()),
    };
    if field(form, "go") == Some("odds") {
        line = forms::odds_line(commands, &line)
            .ok_or_else(|| format!("this game gives no odds for `{line}`"))?;
    }
    if let Some(d) = field(form, "rolled")
        .map(str::trim)
        .filter(|d| !d.is_empty())
    {
        line = format!("{line} rolled {d}");
    }
    Ok(line)
}

/// `POST /t/{token}/run`: run a command as the link's holder.
pub async fn run(
    State(web): State<Web>,
    Path(token): Path<String>,
    headers: HeaderMap,
    axum::Form(form): axum::Form<Vec<(String, String)>>,
) -> Page {
    let seat = seat(&web, &token).await?;
    let about = match web.tables.about(&seat).await {
        Err(TableError::Refused(why)) => return Err(WebError::Forbidden(why)),
        other => other?,
    };
    let line = posted_line(about.commands, &form);
    let answered = match line {
        Err(why) => Answered {
            line: String::new(),
            answer: format!("error: {why}; nothing was run"),
            changed: false,
            refused: true,
        },
        // `measure A B` and `place PIECE X Y` are the map's, typed.
        Ok(line) if let Some(on_map) = web.tables.typed_on_map(&seat, &line).await => {
            match on_map {
                Ok(answer) => Answered {
                    line,
                    answer,
                    changed: false,
                    refused: false,
                },
                Err(TableError::Refused(why)) => Answered {
                    line,
                    answer: format!("error: {why}"),
                    changed: false,
                    refused: true,
                },
                Err(e) => return Err(e.into()),
            }
        }
        Ok(line) => match web.tables.run(&seat, &line).await {
            Ok(ran) => Answered {
                refused: ran.answer.starts_with("error"),
                line,
                answer: ran.answer,
                changed: ran.changed,
            },
            Err(TableError::Refused(why)) => Answered {
                line,
                answer: format!("error: {why}"),
                changed: false,
                refused: true,
            },
            Err(e) => return Err(e.into()),
        },
    };
    if wants_json(&headers) {
        return Ok(Json(answered).into_response());
    }
    if answered.refused && answered.line.is_empty() {
        return Err(WebError::Bad(answered.answer));
    }
    Ok(Redirect::to(&page::base(&token)).into_response())
}

/// `POST /t/{token}/place`: put a piece at `x`, `y`.
pub async fn place(
    State(web): State<Web>,
    Path(token): Path<String>,
    axum::Form(form): axum::Form<Vec<(String, String)>>,
) -> Page {
    let seat = seat(&web, &token).await?;
    let name = field(&form, "name").unwrap_or_default();
    let number = |k: &str| -> Result<f64, WebError> {
        field(&form, k)
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| WebError::Bad(format!("a place needs {k} as a number")))
    };
    web.tables
        .place(&seat, name, number("x")?, number("y")?)
        .await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(serde::Deserialize)]
pub struct Between {
    a: String,
    b: String,
}

/// `GET /t/{token}/measure?a=&b=`: the distance between two pieces.
pub async fn measure(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(q): Query<Between>,
) -> Page {
    let seat = seat(&web, &token).await?;
    let (d, inches) = web.tables.measure(&seat, &q.a, &q.b).await?;
    let unit = web.tables.about(&seat).await?.unit;
    Ok(Json(serde_json::json!({
        "a": q.a, "b": q.b, "distance": d, "unit": unit, "inches": inches,
    }))
    .into_response())
}

/// `POST /t/{token}/finish`: the game is over (the umpire's word, or every
/// side's).
pub async fn finish(State(web): State<Web>, Path(token): Path<String>, headers: HeaderMap) -> Page {
    let seat = seat(&web, &token).await?;
    let said = web.tables.finish(&seat).await?;
    if wants_json(&headers) {
        return Ok(Json(serde_json::json!({ "answer": said })).into_response());
    }
    Ok(Redirect::to(&page::base(&token)).into_response())
}
