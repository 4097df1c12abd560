//! `/healthz` and `/readyz`, for a supervisor, a load balancer or a
//! monitor.
//!
//! - `/healthz`: the process answers (200, always, while it serves).
//! - `/readyz`: it can do its work: the database answers within
//!   [`READY_WITHIN`] and holds exactly the schema this server knows
//!   (every migration applied, none from a newer Umpire). 200 when ready,
//!   503 when not, with the reason in the JSON and in the log (once, when
//!   it turns; and once more when it is ready again, as it becomes by
//!   itself when the database returns: the pool opens new connections).
//!
//! Both show the server's version and the schema's versions, so an
//! operator sees what is running after an upgrade.

use std::sync::Mutex;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use umpire_host::store::migrate;

use super::Web;

/// The server's version, as `umpire --version` says it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// How long the database has to answer before the server is not ready
/// (at most half the request's time, `[web] request_timeout_seconds`).
pub const READY_WITHIN: Duration = Duration::from_secs(3);

/// Whether the last look found the server ready, and why not, to log
/// only when that changes.
#[derive(Default)]
pub struct Health {
    last: Mutex<Option<Result<(), String>>>,
}

impl Health {
    /// Keep what a look found; log it when it differs from the last.
    fn seen(&self, now: &Result<(), String>) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.as_ref() == Some(now) {
            return;
        }
        match now {
            Ok(()) if last.is_some() => tracing::info!("ready again: the database answers"),
            Ok(()) => {}
            Err(why) => tracing::warn!(why = %why, "not ready"),
        }
        *last = Some(now.clone());
    }
}

/// `GET /healthz`.
pub async fn live() -> Response {
    axum::Json(json!({ "status": "ok", "version": VERSION })).into_response()
}

/// Whether `web`'s database answers with this server's schema: the
/// versions applied (the newest), or why it is not ready.
pub async fn check(web: &Web) -> (Option<i64>, Result<(), String>) {
    let known = migrate::latest();
    // Within the request's own time, so the answer is this one's.
    let within = READY_WITHIN
        .min(Duration::from_secs(web.config.request_timeout_seconds.max(1)) / 2)
        .max(Duration::from_millis(500));
    let applied = tokio::time::timeout(within, migrate::applied(web.host.store())).await;
    match applied {
        Err(_) => (
            None,
            Err(format!(
                "the database does not answer within {:.1} seconds",
                within.as_secs_f64()
            )),
        ),
        Ok(Err(e)) => (None, Err(format!("the database cannot be reached: {e}"))),
        Ok(Ok(versions)) => {
            let newest = versions.last().copied();
            let missing: Vec<String> = migrate::MIGRATIONS
                .iter()
                .filter(|m| !versions.contains(&m.version))
                .map(|m| format!("{} ({})", m.version, m.name))
                .collect();
            let why = if let Some(n) = newest.filter(|&n| n > known) {
                Err(format!(
                    "the database's schema is version {n}, newer than this server's {known}: a newer Umpire changed it; run that version"
                ))
            } else if !missing.is_empty() {
                Err(format!(
                    "the schema's version(s) {} are not applied; restart the server to apply them",
                    missing.join(", ")
                ))
            } else {
                Ok(())
            };
            (newest, why)
        }
    }
}

/// `GET /readyz`.
pub async fn ready(State(web): State<Web>) -> Response {
    let (applied, result) = check(&web).await;
    web.health.seen(&result);
    let (status, ready, why) = match &result {
        Ok(()) => (StatusCode::OK, true, None),
        Err(w) => (StatusCode::SERVICE_UNAVAILABLE, false, Some(w.clone())),
    };
    let mut body = json!({
        "ready": ready,
        "version": VERSION,
        "schema": { "applied": applied, "known": migrate::latest() },
        "database": format!("{:?}", web.host.store().backend()).to_lowercase(),
    });
    if let Some(w) = why {
        body["why"] = json!(w);
    }
    (status, axum::Json(body)).into_response()
}
