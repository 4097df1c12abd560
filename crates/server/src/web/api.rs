//! The JSON API under `/api/v1`, for players' client programs (mappers,
//! order editors, bots). A program proves its seat with a token the player
//! made on their tokens page, sent as `Authorization: Bearer TOKEN`; it
//! reads and writes only that seat, as the player's own pages do.
//!
//! | route | what |
//! |---|---|
//! | `GET /api/v1` | this list, no token needed |
//! | `GET /api/v1/me` | the game, seat and turn the token stands for |
//! | `GET /api/v1/reports` | the turns with a report |
//! | `GET /api/v1/reports/{turn}` | a report: `text`, `report` (JSON), `template`; `latest` for the newest |
//! | `GET /api/v1/orders` | the orders stored for the coming turn |
//! | `POST /api/v1/orders` | send orders (the body is the text, or `{"text": …}`), taken exactly as a mail |
//! | `POST /api/v1/check` | check orders without sending them |
//! | `GET /api/v1/deadline` | the coming turn's deadline, and whether it may run early |
//! | `POST /api/v1/ready` | mark the orders sent ready (`{"ready": true}`), or not |
//!
//! Every error is JSON too: `{"error": "…"}` with the status that fits,
//! including the ones raised before a handler runs (`guard::json_errors`).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use umpire_host::host::messages::{Letter, Passed, Via};
use umpire_host::host::{Early, HostError, Settings, Submission, Word};
use umpire_host::schedule::{describe, from_ms};

use super::Web;
use super::player::diagnostics_json;

/// An API answer: JSON either way.
type Api = Result<Json<Value>, ApiError>;

/// Why an API request failed, as JSON.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.0, Json(json!({ "error": self.1 }))).into_response();
        if self.0 == StatusCode::UNAUTHORIZED {
            r.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                header::HeaderValue::from_static("Bearer realm=\"umpire\""),
            );
        }
        r
    }
}

impl From<HostError> for ApiError {
    fn from(e: HostError) -> ApiError {
        match e {
            HostError::Refused(why) | HostError::Busy(why) => {
                ApiError(StatusCode::BAD_REQUEST, why)
            }
            other => {
                tracing::error!(error = %other, "an API request failed");
                ApiError(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the server could not answer; nothing was changed".to_string(),
                )
            }
        }
    }
}

impl From<umpire_host::store::StoreError> for ApiError {
    fn from(e: umpire_host::store::StoreError) -> ApiError {
        HostError::from(e).into()
    }
}

/// The seat a request's token stands for.
struct Seat {
    game: String,
    seat: String,
}

async fn seat(web: &Web, headers: &HeaderMap) -> Result<Seat, ApiError> {
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    let Some(token) = given.filter(|t| !t.is_empty()) else {
        return Err(ApiError(
            StatusCode::UNAUTHORIZED,
            "send a token as `Authorization: Bearer TOKEN`; a player makes one on their API tokens page".to_string(),
        ));
    };
    match web.host.token_seat(token).await? {
        Some((game, seat)) => Ok(Seat { game, seat }),
        None => Err(ApiError(
            StatusCode::UNAUTHORIZED,
            "that token is not known, or was revoked".to_string(),
        )),
    }
}

/// `GET /api/v1`: what there is.
pub async fn index() -> Json<Value> {
    Json(json!({
        "api": "umpire",
        "version": 1,
        "authentication": "Authorization: Bearer TOKEN (a player makes tokens on their API tokens page)",
        "routes": {
            "GET /api/v1/me": "the game, seat and turn the token stands for",
            "GET /api/v1/reports": "the turns with a report",
            "GET /api/v1/reports/{turn}": "a report (text, JSON, order template); `latest` for the newest",
            "GET /api/v1/orders": "the orders stored for the coming turn",
            "POST /api/v1/orders": "send orders: the body is the text, or {\"text\": ...}",
            "POST /api/v1/check": "check orders without sending them",
            "GET /api/v1/deadline": "the coming turn's deadline, and whether it may run early",
            "POST /api/v1/ready": "mark the orders sent for the coming turn ready, {\"ready\": true}, or not ready, {\"ready\": false}",
            "GET /api/v1/messages": "the messages the seat wrote and was written, the newest first",
            "POST /api/v1/messages": "write to another seat: {\"to\": \"f12\", \"subject\": ..., \"body\": ...}",
        }
    }))
}

/// `GET /api/v1/me`.
pub async fn me(State(web): State<Web>, headers: HeaderMap) -> Api {
    let s = seat(&web, &headers).await?;
    let g = web.host.game(&s.game).await?;
    Ok(Json(json!({
        "game": s.game,
        "kind": g.kind,
        "seat": s.seat,
        "turn": g.turn,
        "collecting": g.turn + 1,
    })))
}

/// `GET /api/v1/reports`.
pub async fn reports(State(web): State<Web>, headers: HeaderMap) -> Api {
    let s = seat(&web, &headers).await?;
    let turns = web.host.store().report_turns(&s.game, &s.seat).await?;
    Ok(Json(json!({ "turns": turns })))
}

/// `GET /api/v1/reports/{turn}` (a number, or `latest`).
pub async fn report(State(web): State<Web>, headers: HeaderMap, Path(turn): Path<String>) -> Api {
    let s = seat(&web, &headers).await?;
    let wanted = match turn.as_str() {
        "latest" => None,
        t => Some(t.parse::<u32>().map_err(|_| {
            ApiError(
                StatusCode::BAD_REQUEST,
                format!("`{t}` is not a turn: give a number, or `latest`"),
            )
        })?),
    };
    let Some(r) = web.host.store().report(&s.game, &s.seat, wanted).await? else {
        return Err(ApiError(
            StatusCode::NOT_FOUND,
            match wanted {
                Some(t) => format!("{} has no report of turn {t}", s.seat),
                None => format!("{} has no report yet", s.seat),
            },
        ));
    };
    let parsed: Value = r
        .json
        .as_deref()
        .and_then(|j| serde_json::from_str(j).ok())
        .unwrap_or(Value::Null);
    Ok(Json(json!({
        "turn": r.turn,
        "seat": r.seat,
        "text": r.text,
        "report": parsed,
        "template": r.template,
    })))
}

/// `GET /api/v1/orders`.
pub async fn orders(State(web): State<Web>, headers: HeaderMap) -> Api {
    let s = seat(&web, &headers).await?;
    let g = web.host.game(&s.game).await?;
    let stored = web
        .host
        .store()
        .orders_of(&s.game, g.turn + 1, &s.seat)
        .await?;
    Ok(Json(json!({
        "turn": g.turn + 1,
        "orders": stored.as_ref().map(|o| &o.text),
        "received_at": stored.as_ref().map(|o| from_ms(o.received_at).to_string()),
    })))
}

/// The text of a body: plain, or `{"text": …}` when sent as JSON; UTF-8
/// and within what an order set may be.
fn body_text(headers: &HeaderMap, body: &[u8]) -> Result<String, ApiError> {
    let body = super::guard::utf8(body).map_err(|why| ApiError(StatusCode::BAD_REQUEST, why))?;
    let text = json_or_text(headers, body)?;
    super::orders_bounded(&text).map_err(|why| ApiError(StatusCode::PAYLOAD_TOO_LARGE, why))?;
    Ok(text)
}

fn json_or_text(headers: &HeaderMap, body: &str) -> Result<String, ApiError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !json {
        return Ok(body.to_string());
    }
    let v: Value = serde_json::from_str(body).map_err(|e| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!("the body is not JSON: {e}"),
        )
    })?;
    match v.get("text").and_then(Value::as_str) {
        Some(t) => Ok(t.to_string()),
        None => Err(ApiError(
            StatusCode::BAD_REQUEST,
            "a JSON body needs a string field `text` holding the orders".to_string(),
        )),
    }
}

/// `POST /api/v1/orders`: taken exactly as a mail or the web editor.
pub async fn submit(State(web): State<Web>, headers: HeaderMap, body: Bytes) -> Api {
    let s = seat(&web, &headers).await?;
    let text = body_text(&headers, &body)?;
    let sender = format!("seat:{}", s.seat);
    let answer = web
        .host
        .submit(Submission {
            game: &s.game,
            source: "api",
            sender: Some(&sender),
            message_id: None,
            name: "your orders",
            bytes: text.as_bytes(),
            authenticated: Some(&s.seat),
        })
        .await?;
    Ok(Json(json!({
        "submission": answer.submission,
        "stored": answer.refused == 0 && !answer.receipts.is_empty(),
        "refused": answer.refused,
        "receipts": answer.receipts.iter().map(|r| json!({
            "who": r.who,
            "what": r.what,
            "turn": r.turn,
            "line": r.line,
            "refused": r.refused,
            "findings": r.findings,
        })).collect::<Vec<_>>(),
        "answer": answer.text,
    })))
}

/// `POST /api/v1/check`.
pub async fn check(State(web): State<Web>, headers: HeaderMap, body: Bytes) -> Api {
    let s = seat(&web, &headers).await?;
    let text = body_text(&headers, &body)?;
    let found = web.host.check_orders(&s.game, &s.seat, &text).await?;
    Ok(Json(diagnostics_json(&found)))
}

/// `GET /api/v1/deadline`.
pub async fn deadline(State(web): State<Web>, headers: HeaderMap) -> Api {
    let s = seat(&web, &headers).await?;
    let g = web.host.game(&s.game).await?;
    let settings = Settings::of_row(&g);
    let r = web.host.readiness(&s.game).await?;
    let mine = r.seats.iter().find(|x| x.seat == s.seat);
    Ok(Json(json!({
        "turn": g.turn + 1,
        "deadline": g.deadline.map(|d| from_ms(d).to_string()),
        "text": g.deadline.map(|d| describe(from_ms(d), &settings.zone)),
        "paused": g.status == umpire_host::store::Status::Paused,
        "early": {
            "mode": settings.early.as_str(),
            "grace_minutes": settings.grace_minutes,
            "waiting": (settings.early != Early::Off).then_some(r.waiting),
            "at": r.at.map(|a| from_ms(a).to_string()),
            "text": r.at_text(&settings.zone),
            "ready": mine.map(|m| m.ready),
            "marked": mine.and_then(|m| m.mark),
        },
    })))
}

/// `POST /api/v1/ready`: `{"ready": true}` marks the orders the seat sent
/// for the coming turn ready (as a `#READY` line would), `false` not
/// ready.
pub async fn ready(State(web): State<Web>, headers: HeaderMap, body: Bytes) -> Api {
    let s = seat(&web, &headers).await?;
    let body = super::guard::utf8(&body).map_err(|why| ApiError(StatusCode::BAD_REQUEST, why))?;
    let v: Value = serde_json::from_str(body).map_err(|e| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!("the body is not JSON: {e}"),
        )
    })?;
    let Some(ready) = v.get("ready").and_then(Value::as_bool) else {
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            "send {\"ready\": true} or {\"ready\": false}".to_string(),
        ));
    };
    let word = if ready { Word::Ready } else { Word::NotReady };
    let line = web.host.mark_ready(&s.game, &s.seat, word).await?;
    let g = web.host.game(&s.game).await?;
    Ok(Json(json!({
        "turn": g.turn + 1,
        "ready": ready,
        "line": line,
    })))
}

/// `GET /api/v1/messages`: the seat's messages, the newest first (the
/// last 100).
pub async fn messages(State(web): State<Web>, headers: HeaderMap) -> Api {
    let s = seat(&web, &headers).await?;
    let rows = web.host.store().messages_of(&s.game, &s.seat, 100).await?;
    let list: Vec<Value> = rows
        .iter()
        .map(|m| {
            json!({
                "id": m.id,
                "from": m.from_seat,
                "to": m.to_seat,
                "subject": m.subject,
                "body": m.body,
                "via": m.via,
                "sent_at": m.sent_at,
            })
        })
        .collect();
    Ok(Json(json!({ "seat": s.seat, "messages": list })))
}

/// `POST /api/v1/messages`: a message to another seat, by the rule a
/// mail to its address takes.
pub async fn write(State(web): State<Web>, headers: HeaderMap, body: Bytes) -> Api {
    let s = seat(&web, &headers).await?;
    let body = super::guard::utf8(&body).map_err(|why| ApiError(StatusCode::BAD_REQUEST, why))?;
    let v: Value = serde_json::from_str(body).map_err(|e| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!("the body is not JSON: {e}"),
        )
    })?;
    let field = |k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let letter = Letter {
        from: s.seat.clone(),
        to: field("to"),
        subject: field("subject"),
        body: field("body"),
    };
    let postage = super::messages::postage(&web, &s.game, &s.seat).await?;
    match web
        .host
        .pass_message(&s.game, &letter, Via::Web, &postage)
        .await?
    {
        Passed::To(told) => Ok(Json(json!({ "passed": true, "line": told }))),
        Passed::Settled => Ok(Json(json!({ "passed": true, "line": "" }))),
    }
}

#[cfg(test)]
mod tests {
    /// The documentation of the API, kept in step with the routes.
    const DOCUMENTED: &str = include_str!("../../../../docs/web-api.md");

    #[tokio::test]
    async fn every_route_is_documented_and_every_documented_route_is_served() {
        let listed = super::index().await.0;
        let routes = listed["routes"].as_object().cloned().unwrap_or_default();
        assert_eq!(listed["version"], 1);
        assert!(routes.len() >= 7, "{routes:?}");
        for route in routes.keys() {
            assert!(
                DOCUMENTED.contains(&format!("| `{route}` |")),
                "docs/web-api.md's table lacks {route}"
            );
            assert!(
                DOCUMENTED.contains(&format!("### `{route}`")),
                "docs/web-api.md has no section on {route}"
            );
        }
        let table: Vec<&str> = DOCUMENTED
            .lines()
            .filter_map(|l| l.strip_prefix("| `")?.split_once("` |").map(|(r, _)| r))
            .filter(|r| r.contains("/api/v1/"))
            .collect();
        for route in &table {
            assert!(
                routes.contains_key(*route),
                "documented but not served: {route}"
            );
        }
        assert_eq!(table.len(), routes.len());
    }
}
