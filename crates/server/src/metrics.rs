//! The server's metrics, in Prometheus' text format (the `metrics` crate
//! and its Prometheus exporter), served at `/metrics` on a separate
//! address (`[web] metrics_listen`) or on the web's own behind a token
//! (`[web] metrics_token`, sent as `Authorization: Bearer TOKEN`).
//!
//! Counted as they happen: turns run (by outcome) and their duration,
//! reminders, mail read and sent and the rounds that failed, HTTP
//! requests by route, method and status with their latency (a table's
//! commands are its routes, `/t/{token}/run` and the rest), open
//! connections and tables' live-update streams. Read from the database at each scrape: submissions by
//! source and disposition, the outbox by status, failing addresses, the
//! games, and the connection pool's use.

use std::sync::OnceLock;
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;
use metrics::{
    Unit, counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram,
};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tracing::Instrument as _;
use umpire_host::host::Host;

/// Latency buckets, in seconds: from a cached page to a long turn.
const BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0,
];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// The process's recorder, installed on first use; None when another
/// recorder was installed first (then nothing is counted here).
pub fn handle() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".to_string()), BUCKETS)
                .ok()?
                .build_recorder();
            let handle = recorder.handle();
            metrics::set_global_recorder(recorder).ok()?;
            describe();
            Some(handle)
        })
        .as_ref()
}

fn describe() {
    describe_counter!(
        "umpire_turns_total",
        "Turns run (at a deadline, from the desk or the command line in this process), by outcome (kept, held, failed)."
    );
    describe_histogram!(
        "umpire_turn_duration_seconds",
        Unit::Seconds,
        "How long a kept turn took to run."
    );
    describe_counter!(
        "umpire_reminders_total",
        "Reminders of a coming deadline queued."
    );
    describe_counter!(
        "umpire_mail_read_total",
        "Mails read and answered by the gateway."
    );
    describe_counter!("umpire_mail_sent_total", "Mails sent from the outbox.");
    describe_counter!(
        "umpire_mail_errors_total",
        "Rounds of reading (side=in) or sending (side=out) mail that failed."
    );
    describe_counter!(
        "umpire_http_requests_total",
        "HTTP requests answered, by route, method and status."
    );
    describe_histogram!(
        "umpire_http_request_duration_seconds",
        Unit::Seconds,
        "How long HTTP requests took to answer, by route."
    );
    describe_gauge!("umpire_http_connections", "HTTP connections open now.");
    describe_gauge!(
        "umpire_table_streams",
        "Tables' live-update streams open now (a phone at a table holds one)."
    );
    describe_gauge!(
        "umpire_submissions",
        "Submissions (orders by mail, web, API or bot) in the database, by source and disposition."
    );
    describe_gauge!(
        "umpire_outbox_messages",
        "Messages in the outbox, by status (waiting is the depth still to send)."
    );
    describe_gauge!(
        "umpire_mail_failing_addresses",
        "Addresses whose mail is failing."
    );
    describe_gauge!("umpire_games", "Hosted games.");
    describe_gauge!(
        "umpire_db_pool_connections",
        "Database connections open, by state (in_use, idle) and the most allowed (max)."
    );
    describe_gauge!(
        "umpire_up",
        "1 when the last scrape could read the database's counts, else 0."
    );
}

/// Reminders queued.
pub fn reminders(n: usize) {
    if handle().is_some() {
        counter!("umpire_reminders_total").increment(n as u64);
    }
}

/// Mail read (`in`) or sent (`out`): how many, or that the round failed.
pub fn mail(side: &'static str, done: Result<usize, ()>) {
    if handle().is_none() {
        return;
    }
    match (side, done) {
        ("in", Ok(n)) => counter!("umpire_mail_read_total").increment(n as u64),
        (_, Ok(n)) => counter!("umpire_mail_sent_total").increment(n as u64),
        (side, Err(())) => counter!("umpire_mail_errors_total", "side" => side).increment(1),
    }
}

/// A connection opened (+1) or closed (-1).
pub fn connections(delta: f64) {
    if handle().is_some() {
        gauge!("umpire_http_connections").increment(delta);
    }
}

/// A request id: unique within the process, short enough to read.
fn request_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    static START: OnceLock<u64> = OnceLock::new();
    let start = *START.get_or_init(|| umpire_host::store::now_ms() as u64 % 0x10_0000);
    format!("{start:05x}-{:x}", NEXT.fetch_add(1, Ordering::Relaxed))
}

/// The route of a table's live updates.
const TABLE_STREAM: &str = "/t/{token}/events";

/// Counts a table's stream closed when it is dropped.
struct StreamOpen;

impl Drop for StreamOpen {
    fn drop(&mut self) {
        gauge!("umpire_table_streams").decrement(1.0);
    }
}

/// Every request: counted by its route (the pattern, never the address
/// asked for, so a token or a game's name makes no new series) and timed;
/// logged within a span carrying its id, which the answer carries too
/// (`X-Request-Id`).
pub async fn http(req: Request, next: Next) -> Response {
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |m| m.as_str().to_string());
    let method = req.method().as_str().to_string();
    let id = request_id();
    let span = tracing::info_span!("request", request_id = %id, method = %method, route = %route);
    let started = Instant::now();
    let mut r = next.run(req).instrument(span.clone()).await;
    let took = started.elapsed().as_secs_f64();
    let status = r.status().as_u16();
    span.in_scope(|| {
        tracing::debug!(status, seconds = took, "answered");
    });
    if let Ok(v) = axum::http::HeaderValue::from_str(&id) {
        r.headers_mut().insert("x-request-id", v);
    }
    // A table's live updates: counted while the stream is open.
    if route == TABLE_STREAM && r.status().is_success() && handle().is_some() {
        gauge!("umpire_table_streams").increment(1.0);
        let guard = StreamOpen;
        let (parts, body) = r.into_parts();
        let stream = futures::StreamExt::map(body.into_data_stream(), move |chunk| {
            let _open = &guard;
            chunk
        });
        r = Response::from_parts(parts, axum::body::Body::from_stream(stream));
    }
    if handle().is_some() {
        counter!("umpire_http_requests_total", "route" => route.clone(), "method" => method, "status" => status.to_string()).increment(1);
        histogram!("umpire_http_request_duration_seconds", "route" => route).record(took);
    }
    r
}

/// The scrape: the database's counts read now, then everything in
/// Prometheus' text format.
pub async fn render(host: &Host) -> String {
    let Some(h) = handle() else {
        return String::new();
    };
    let store = host.store();
    match store.stats().await {
        Ok(s) => {
            for (source, disposition, n) in s.submissions {
                gauge!("umpire_submissions", "source" => source, "disposition" => disposition)
                    .set(n as f64);
            }
            for (status, n) in s.outbox {
                gauge!("umpire_outbox_messages", "status" => status).set(n as f64);
            }
            gauge!("umpire_mail_failing_addresses").set(s.failing as f64);
            gauge!("umpire_games").set(s.games as f64);
            gauge!("umpire_up").set(1.0);
        }
        Err(e) => {
            tracing::warn!(error = %e, "the metrics could not read the database's counts");
            gauge!("umpire_up").set(0.0);
        }
    }
    let pool = store.pool_use();
    let idle = pool.idle.min(pool.open as usize) as f64;
    gauge!("umpire_db_pool_connections", "state" => "in_use").set(f64::from(pool.open) - idle);
    gauge!("umpire_db_pool_connections", "state" => "idle").set(idle);
    gauge!("umpire_db_pool_connections", "state" => "max").set(f64::from(pool.max));
    h.run_upkeep();
    h.render()
}

/// The scrape's answer.
async fn scrape(host: &Host) -> Response {
    use axum::response::IntoResponse as _;
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        render(host).await,
    )
        .into_response()
}

/// `GET /metrics` on the web's address: only with `[web] metrics_token`
/// set, and only for a request bearing it.
pub async fn scrape_with_token(
    axum::extract::State(web): axum::extract::State<crate::web::Web>,
    headers: axum::http::HeaderMap,
) -> Response {
    use axum::http::StatusCode;
    use axum::response::IntoResponse as _;
    let Some(token) = web
        .config
        .metrics_token
        .as_deref()
        .filter(|t| !t.is_empty())
    else {
        return crate::web::WebError::NotFound("There is no such page here.".to_string())
            .into_response();
    };
    let given = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if !crate::web::auth::same(given.trim(), token) {
        return (
            StatusCode::UNAUTHORIZED,
            [(axum::http::header::WWW_AUTHENTICATE, "Bearer")],
            "the metrics need the token of [web] metrics_token, as `Authorization: Bearer TOKEN`\n",
        )
            .into_response();
    }
    scrape(&web.host).await
}

/// The router of the metrics' own address (`[web] metrics_listen`):
/// `/metrics` and nothing else.
pub fn router(host: std::sync::Arc<Host>) -> axum::Router {
    axum::Router::new().route(
        "/metrics",
        axum::routing::get(move || {
            let host = host.clone();
            async move { scrape(&host).await }
        }),
    )
}
