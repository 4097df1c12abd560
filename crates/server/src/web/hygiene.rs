//! What keeps requests cheap and bounded, with `tower-http`'s parts
//! where they fit (set in [`super::router`]):
//!
//! - a request's time: `tower_http::timeout::TimeoutLayer`, `[web]
//!   request_timeout_seconds` (default 60) until the answer starts (a
//!   table's live updates stream long after); past it the answer is 503
//!   with [`explain_timeout`]'s words. A turn run from the desk runs in a
//!   task of its own, so it is kept even when its page stops waiting;
//! - a body's time (`RequestBodyTimeoutLayer`, `body_timeout_seconds`)
//!   and size per route (`DefaultBodyLimit`: forms 16 KB, orders 256 KB,
//!   articles 64 KB);
//! - compression (`CompressionLayer`: gzip, for a client that asks) of
//!   pages and JSON, never of a table's event stream (it must arrive as
//!   it is written) or of a body under 32 bytes;
//! - [`conditional`]: an `ETag` on reports, maps and the assets, and 304
//!   for a request whose `If-None-Match` names it: a reload of a report
//!   that did not change sends no report again.
//!
//! A report's or map's page also shows what changes without the report
//! changing (the orders sent for the coming turn), so the tag is of the
//! page as sent, not of the report; there is no `Last-Modified` for the
//! same reason. Personal pages keep `Cache-Control: no-store` (Back
//! after logging out shows nothing): a browser then asks afresh, and the
//! tag serves the API's clients and anything else that revalidates.

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// The routes whose answers carry an `ETag`.
const TAGGED: &[&str] = &[
    "/games/{game}",
    "/games/{game}/reports/{turn}",
    "/games/{game}/map",
    "/desk/games/{game}/seats/{seat}/reports/{turn}",
    "/api/v1/reports",
    "/api/v1/reports/{turn}",
    "/assets/style.css",
    "/assets/app.js",
    "/assets/table.js",
];

/// The most of an answer that is read to tag it (a large game's map is a
/// few megabytes).
const TAGGED_BYTES: usize = 64 * 1024 * 1024;

/// Whether `if_none_match` names `etag` (weakly, as RFC 9110 compares
/// for GET), or is `*`.
pub fn matches(if_none_match: &str, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let etag = bare(etag);
    if_none_match
        .split(',')
        .any(|t| t.trim() == "*" || bare(t) == etag)
}

/// The `ETag` of `body`: weak, since a compressed answer carries it too.
pub fn tag(body: &[u8]) -> String {
    let d = Sha256::digest(body);
    let hex: String = d.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("W/\"{hex}\"")
}

/// Tag the answers of [`TAGGED`] routes; answer 304 when the client has
/// the same.
pub async fn conditional(req: Request, next: Next) -> Response {
    let tagged = matches!(*req.method(), Method::GET | Method::HEAD)
        && req
            .extensions()
            .get::<MatchedPath>()
            .is_some_and(|m| TAGGED.contains(&m.as_str()));
    if !tagged {
        return next.run(req).await;
    }
    let asked = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let r = next.run(req).await;
    if r.status() != StatusCode::OK {
        return r;
    }
    let (mut parts, body) = r.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, TAGGED_BYTES).await else {
        return super::WebError::Internal("an answer too large to send".to_string())
            .into_response();
    };
    let etag = tag(&bytes);
    if let Ok(v) = HeaderValue::from_str(&etag) {
        parts.headers.insert(header::ETAG, v);
    }
    if asked.as_deref().is_some_and(|a| matches(a, &etag)) {
        parts.status = StatusCode::NOT_MODIFIED;
        parts.headers.remove(header::CONTENT_LENGTH);
        parts.headers.remove(header::CONTENT_TYPE);
        return Response::from_parts(parts, axum::body::Body::empty());
    }
    Response::from_parts(parts, axum::body::Body::from(bytes))
}

/// A request whose time ran out (`TimeoutLayer`'s empty 503) says so.
pub async fn explain_timeout(req: Request, next: Next) -> Response {
    let r = next.run(req).await;
    let empty = axum::body::HttpBody::size_hint(r.body()).exact() == Some(0);
    if r.status() == StatusCode::SERVICE_UNAVAILABLE && empty {
        let (parts, _) = r.into_parts();
        let mut page = super::WebError::Busy(
            "The server took too long to answer this; nothing more is being done for it. Try again in a moment.".to_string(),
        )
        .into_response();
        for (name, value) in parts.headers.iter() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                page.headers_mut().insert(name.clone(), value.clone());
            }
        }
        return page;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_match_weakly_and_by_list() {
        let t = tag(b"a report");
        assert!(t.starts_with("W/\"") && t.len() == 3 + 32 + 1);
        assert!(matches(&t, &t));
        assert!(matches(&t.replace("W/", ""), &t));
        assert!(matches(&format!("\"x\", {t}"), &t));
        assert!(matches("*", &t));
        assert!(!matches(&tag(b"another"), &t));
        assert_ne!(tag(b"a report"), tag(b"a report."));
    }
}
