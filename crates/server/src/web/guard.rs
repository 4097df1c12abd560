//! What every answer carries and what every request is held to, whoever
//! handles it:
//!
//! - the security headers: a Content-Security-Policy that allows only the
//!   server's own script and style (no inline script, no framing),
//!   `X-Content-Type-Options: nosniff`, a Referrer-Policy, and HSTS when
//!   the server is reached by https;
//! - `Cache-Control: no-store` on everything but the two assets, so that
//!   after logging out, Back shows no player's or game master's page;
//! - errors as JSON on the API and the editor's checker, whatever raised
//!   them (a body too large, of the wrong type, not UTF-8, an unknown
//!   route): `{"error": "…"}`, as `docs/web-api.md` promises;
//! - the limit on tables made per client address, and the setting that
//!   keeps making tables to game masters logged in to the desk.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::json;

use super::Web;
use super::auth::Viewer;

/// The pages' Content-Security-Policy: the server's own script, style
/// sheet and pictures, no inline script, in no frame. A `style`
/// attribute is allowed (the table pages size their fields with them);
/// it cannot run anything.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// HSTS, sent only when the server is reached by https.
pub const HSTS: &str = "max-age=31536000";

/// The headers every answer carries, each only when the handler did
/// not set its own (the assets keep their `Cache-Control`), and HSTS when
/// `secure` (the server is reached by https).
pub fn headers(router: axum::Router, secure: bool) -> axum::Router {
    use tower_http::set_header::SetResponseHeaderLayer as Set;
    let router = router
        .layer(Set::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(Set::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(Set::if_not_present(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(Set::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
        .layer(Set::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ));
    if secure {
        router.layer(Set::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        ))
    } else {
        router
    }
}

/// Whether `path` answers in JSON: the API, the editor's checker and
/// its drafts.
pub fn answers_json(path: &str) -> bool {
    path == "/api"
        || path.starts_with("/api/")
        || path.ends_with("/check")
        || path.ends_with("/draft")
}

/// The most of an error's text that is carried into its JSON.
const ERROR_TEXT: usize = 2_000;

/// Turn an error that is not JSON (axum's own rejections: 413, 415, 422,
/// a body that is not UTF-8, an unknown route or method) into
/// `{"error": "…"}` on the routes that answer in JSON.
pub async fn json_errors(req: Request, next: Next) -> Response {
    if !answers_json(req.uri().path()) {
        return next.run(req).await;
    }
    let r = next.run(req).await;
    let status = r.status();
    let is_json = r
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return r;
    }
    let (parts, body) = r.into_parts();
    let text = axum::body::to_bytes(body, ERROR_TEXT * 4)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let mut why: String = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request cannot be answered")
            .to_string()
    } else {
        text
    };
    if why.len() > ERROR_TEXT {
        let mut cut = ERROR_TEXT;
        while !why.is_char_boundary(cut) {
            cut -= 1;
        }
        why.truncate(cut);
    }
    let mut out = (status, axum::Json(json!({ "error": why }))).into_response();
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    out
}

/// `/tables/new`: with `tables_need_login`, only a game master logged in
/// to the desk; and at most `tables_per_hour` tables made from one
/// address an hour.
pub async fn tables(State(web): State<Web>, req: Request, next: Next) -> Response {
    if web.config.tables_need_login {
        match web.viewer(req.headers()).await {
            Viewer::Gm { .. } => {}
            Viewer::Anonymous => return Redirect::to("/desk/login").into_response(),
            Viewer::Player { .. } => {
                return super::WebError::Forbidden(
                    "Tables are made here by a game master logged in to the desk.".to_string(),
                )
                .into_response();
            }
        }
    }
    if req.method() == axum::http::Method::POST {
        let ip = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        if let Some(minutes) = web
            .tables_made
            .take(ip.map(|ip| ip.to_string()).as_deref().unwrap_or("unknown"))
        {
            return super::WebError::Slow(format!(
                "Too many tables made from your address: try again in {minutes} minute(s)."
            ))
            .into_response();
        }
    }
    next.run(req).await
}

/// A body's text, or why it is not text (as the API words it).
pub fn utf8(body: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(body).map_err(|e| {
        format!(
            "the body is not UTF-8 text (the first bad byte is at {}): send the orders as UTF-8",
            e.valid_up_to()
        )
    })
}
