//! The web, served by `umpire serve` (`--listen`, default 127.0.0.1:8080):
//! players read their reports and map and write orders checked as they
//! type; game masters run their games from the desk; client programs use
//! the JSON API. Pages are rendered on the server (maud) and work without
//! JavaScript; the one small script and the style sheet are in the binary.
//!
//! Every page is built from one viewer's rights ([`auth::Viewer`]): a
//! player sees only their own seat's reports, map, orders and tokens; the
//! desk is only for game masters' logins. `tests/web_routes.rs` walks
//! every route with the wrong identity.

pub mod api;
pub mod auth;
pub mod calendar;
pub mod client;
pub mod desk;
pub mod gm_messages;
pub mod guard;
pub mod health;
pub mod home;
pub mod hygiene;
pub mod layout;
pub mod listen;
pub mod mail_prefs;
pub mod map;
pub mod messages;
pub mod news;
pub mod open;
pub mod player;
pub mod receipt;
pub mod report;
pub mod table;
pub mod tls;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use umpire_host::host::{Host, HostError};

use auth::{Limiter, Rate, Viewer};

use crate::config::WebConfig;

/// Pages that cannot change, laid out once: a kept report (by game,
/// seat, turn and run), and a seat's map as of its latest report (its
/// reports before that are kept too).
#[derive(Default)]
pub struct Rendered {
    pages: std::sync::Mutex<std::collections::HashMap<RenderedKey, Arc<str>>>,
}

/// What was laid out (`report` or `map`), and the game, seat, turn and
/// run of the report it was laid out from (the latest, for a map).
pub type RenderedKey = (&'static str, String, String, u32, i64);

/// How many laid-out pages are kept (a report is about 40 KB).
const RENDERED_KEPT: usize = 4_096;

impl Rendered {
    /// `seat`'s report of `turn` (None: its latest) laid out from the
    /// blocks its game gives, with its turn; None when it has none. Only
    /// which run it is is read each time; the report itself only when it
    /// was not laid out yet.
    pub async fn report(
        &self,
        host: &Host,
        game: &str,
        seat: &str,
        turn: Option<u32>,
    ) -> Result<Option<(u32, Arc<str>)>, WebError> {
        let store = host.store();
        let Some((turn, attempt)) = store.report_run(game, seat, turn).await? else {
            return Ok(None);
        };
        let key = ("report", game.to_string(), seat.to_string(), turn, attempt);
        if let Some(p) = self.get(&key) {
            return Ok(Some((turn, p)));
        }
        let Some(r) = store.report_of_run(game, seat, turn, attempt).await? else {
            return Ok(None);
        };
        let kind = host.kind(&host.game(game).await?.kind)?;
        let blocks = kind.report_page(umpire_host::kind::view::StoredReport {
            turn,
            text: &r.text,
            json: r.json.as_deref(),
        });
        let page = report::render(&blocks).into_string();
        Ok(Some((turn, self.put(key, page))))
    }

    /// What `key` names, if it was laid out.
    pub fn get(&self, key: &RenderedKey) -> Option<Arc<str>> {
        self.pages.lock().ok().and_then(|m| m.get(key).cloned())
    }

    /// Keep `page` as what `key` names.
    pub fn put(&self, key: RenderedKey, page: String) -> Arc<str> {
        let page: Arc<str> = page.into();
        if let Ok(mut m) = self.pages.lock() {
            if m.len() >= RENDERED_KEPT {
                m.clear();
            }
            m.insert(key, page.clone());
        }
        page
    }
}

/// Words for a page to show once, after the form that caused them
/// redirected to it (POST, redirect, GET): kept in memory under the
/// session's token for a few minutes, and taken by the first page that
/// shows them. A password or a token shown once travels this way, never
/// in an address.
#[derive(Default)]
pub struct Flashes {
    kept: std::sync::Mutex<std::collections::HashMap<String, (i64, String)>>,
}

/// How long words wait for their page.
const FLASH_MS: i64 = 10 * 60_000;

impl Flashes {
    /// Keep `words` for the session of `token`.
    pub fn put(&self, token: &str, words: String) {
        let now = umpire_host::store::now_ms();
        if let Ok(mut kept) = self.kept.lock() {
            kept.retain(|_, (at, _)| now - *at < FLASH_MS);
            kept.insert(umpire_host::host::web::token_hash(token), (now, words));
        }
    }

    /// The words kept for `token`'s session, once.
    pub fn take(&self, token: &str) -> Option<String> {
        let now = umpire_host::store::now_ms();
        let mut kept = self.kept.lock().ok()?;
        let (at, words) = kept.remove(&umpire_host::host::web::token_hash(token))?;
        (now - at < FLASH_MS).then_some(words)
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct Web {
    pub host: Arc<Host>,
    pub limiter: Arc<Limiter>,
    pub rendered: Arc<Rendered>,
    /// Cookies marked Secure and HSTS sent (the server is behind TLS).
    pub secure: bool,
    /// Games at the table.
    pub tables: Arc<umpire_host::tables::Tables>,
    /// The `[web]` settings: limits, timeouts, who makes tables.
    pub config: Arc<WebConfig>,
    /// Tables made per client address.
    pub tables_made: Arc<Rate>,
    /// Words waiting for the page a form redirected to.
    pub flashes: Arc<Flashes>,
    /// What `/readyz` last found.
    pub health: Arc<health::Health>,
    /// The mail settings, when this server sends mail: the addresses a
    /// message between players names for its way back.
    pub mail: Option<Arc<crate::mail::config::MailConfig>>,
}

impl Web {
    /// The web with the default settings (cookies Secure when `secure`).
    pub fn new(host: Arc<Host>, secure: bool) -> Web {
        Web::configured(
            host,
            WebConfig {
                secure_cookies: secure,
                ..WebConfig::default()
            },
        )
    }

    /// The web with `config`'s settings.
    pub fn configured(host: Arc<Host>, mut config: WebConfig) -> Web {
        // Served by https itself: the cookies are Secure, HSTS is sent.
        config.secure_cookies |= config.tls();
        Web {
            tables: Arc::new(umpire_host::tables::Tables::new(host.store().clone())),
            host,
            limiter: Arc::new(Limiter::default()),
            rendered: Arc::new(Rendered::default()),
            secure: config.secure_cookies,
            tables_made: Arc::new(Rate::per_hour(config.tables_per_hour)),
            flashes: Arc::new(Flashes::default()),
            health: Arc::new(health::Health::default()),
            config: Arc::new(config),
            mail: None,
        }
    }

    /// The web of a server that sends mail with `mail`'s settings.
    #[must_use]
    pub fn with_mail(mut self, mail: Option<crate::mail::config::MailConfig>) -> Web {
        self.mail = mail.map(Arc::new);
        self
    }

    /// `seat` of `game` as its game writes it; as it is when the game
    /// cannot be read.
    async fn spelt(&self, game: &str, seat: &str) -> String {
        match self.host.game(game).await {
            Ok(g) => self
                .host
                .kind(&g.kind)
                .map_or_else(|_| seat.to_string(), |k| k.spelt(seat)),
            Err(_) => seat.to_string(),
        }
    }

    /// Who is asking.
    pub async fn viewer(&self, headers: &HeaderMap) -> Viewer {
        let Some(token) = auth::cookie(headers, auth::SESSION) else {
            return Viewer::Anonymous;
        };
        match self.host.session(&token).await {
            Ok(Some(s)) if s.role == "player" => match (s.game, s.seat) {
                (Some(game), Some(seat)) => Viewer::Player {
                    spelt: self.spelt(&game, &seat).await,
                    game,
                    seat,
                    csrf: s.csrf,
                    token,
                },
                _ => Viewer::Anonymous,
            },
            Ok(Some(s)) if s.role == "gm" => Viewer::Gm {
                user: s.desk_user.unwrap_or_default(),
                csrf: s.csrf,
                token,
            },
            _ => Viewer::Anonymous,
        }
    }
}

/// Why a page cannot be shown, as a page.
#[derive(Debug)]
pub enum WebError {
    /// Not logged in: to the login.
    Login,
    /// Logged in, but not allowed.
    Forbidden(String),
    NotFound(String),
    /// A form that cannot be taken (and why).
    Bad(String),
    /// Too many attempts.
    Slow(String),
    /// The server cannot answer now (it took too long).
    Busy(String),
    Internal(String),
}

impl From<HostError> for WebError {
    fn from(e: HostError) -> WebError {
        match e {
            HostError::Refused(why) => WebError::Bad(why),
            HostError::Busy(why) => WebError::Bad(why),
            other => WebError::Internal(other.to_string()),
        }
    }
}

impl From<umpire_host::store::StoreError> for WebError {
    fn from(e: umpire_host::store::StoreError) -> WebError {
        WebError::Internal(e.to_string())
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let (status, title, why) = match self {
            WebError::Login => {
                return (StatusCode::SEE_OTHER, [(header::LOCATION, "/?login=1")]).into_response();
            }
            WebError::Forbidden(w) => (StatusCode::FORBIDDEN, "Not yours to see", w),
            WebError::NotFound(w) => (StatusCode::NOT_FOUND, "Not found", w),
            WebError::Bad(w) => (StatusCode::BAD_REQUEST, "That cannot be done", w),
            WebError::Slow(w) => (StatusCode::TOO_MANY_REQUESTS, "Too many attempts", w),
            WebError::Busy(w) => (StatusCode::SERVICE_UNAVAILABLE, "Not now", w),
            WebError::Internal(w) => {
                tracing::error!(error = %w, "a page failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Something went wrong",
                    "The server could not make this page; nothing was changed. Try again in a moment.".to_string(),
                )
            }
        };
        (
            status,
            layout::page(
                title,
                &Viewer::Anonymous,
                "",
                maud::html! { h1 { (title) } (layout::message(&why)) },
            ),
        )
            .into_response()
    }
}

pub type Page = Result<Response, WebError>;

async fn style() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("assets/style.css"),
    )
}

async fn table_script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("assets/table.js"),
    )
}

async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("assets/app.js"),
    )
}

/// The most a form may send (a login, a desk control, a token's label).
pub const FORM_BYTES: usize = 16 * 1024;
/// The most an order set may be, by the editor, the checker or the API.
pub const ORDERS_BYTES: usize = 256 * 1024;
/// The most lines an order set may have (a faction of 100 units giving
/// each 50 orders has 5,100).
pub const ORDERS_LINES: usize = 10_000;
/// The most an article for the newspaper may be.
pub const PRESS_BYTES: usize = 64 * 1024;

/// Whether `text` is within what an order set may be; the refusal's words
/// when it is not.
pub fn orders_bounded(text: &str) -> Result<(), String> {
    let lines = text.lines().count();
    if text.len() > ORDERS_BYTES || lines > ORDERS_LINES {
        return Err(format!(
            "orders may be at most {} KB and {ORDERS_LINES} lines; these are {} KB and {lines} lines",
            ORDERS_BYTES / 1024,
            text.len().div_ceil(1024)
        ));
    }
    Ok(())
}

/// Every route, with what every answer carries and every request is held
/// to (`guard`).
pub fn router(web: Web) -> Router {
    let secure = web.config.secure_cookies;
    let body_timeout = std::time::Duration::from_secs(web.config.body_timeout_seconds.max(1));
    let request_timeout = std::time::Duration::from_secs(web.config.request_timeout_seconds.max(1));
    let orders = DefaultBodyLimit::max(ORDERS_BYTES);
    let tables_guard = axum::middleware::from_fn_with_state(web.clone(), guard::tables);
    let routes = Router::new()
        .route("/", get(home::index))
        .route("/healthz", get(health::live))
        .route("/readyz", get(health::ready))
        .route("/metrics", get(crate::metrics::scrape_with_token))
        .route("/login", post(home::login))
        .route("/logout", post(home::logout))
        .route(
            "/desk/login",
            get(home::desk_login_page).post(home::desk_login),
        )
        .route("/assets/style.css", get(style))
        .route("/assets/app.js", get(script))
        .route("/assets/table.js", get(table_script))
        .route(
            "/tables/new",
            get(table::new_page).post(table::create).layer(tables_guard),
        )
        .route("/t/{token}", get(table::table))
        .route("/t/{token}/view", get(table::view))
        .route("/t/{token}/events", get(table::events))
        .route("/t/{token}/run", post(table::run))
        .route("/t/{token}/place", post(table::place))
        .route("/t/{token}/measure", get(table::measure))
        .route("/t/{token}/finish", post(table::finish))
        .route("/open", get(open::index).post(open::take))
        .route("/open/confirm", post(open::confirm))
        .route("/games/{game}", get(player::latest))
        .route("/games/{game}/leave", post(player::leave))
        .route("/games/{game}/deadlines.ics", get(calendar::deadlines))
        .route("/games/{game}/news.atom", get(news::feed))
        .route("/games/{game}/mail", post(mail_prefs::set))
        .route(
            "/games/{game}/messages",
            get(messages::index).post(messages::send),
        )
        .route("/games/{game}/reports/{turn}", get(player::report))
        .route("/games/{game}/map", get(player::map))
        .route(
            "/games/{game}/orders",
            get(player::orders).post(player::submit).layer(orders),
        )
        .route("/games/{game}/check", post(player::check).layer(orders))
        .route("/games/{game}/help", get(player::help_index))
        .route("/games/{game}/help/{topic}", get(player::help))
        .route("/games/{game}/draft", post(player::draft).layer(orders))
        .route("/games/{game}/ready", post(player::ready))
        .route(
            "/games/{game}/press",
            post(player::press).layer(DefaultBodyLimit::max(PRESS_BYTES)),
        )
        .route(
            "/games/{game}/tokens",
            get(player::tokens).post(player::new_token),
        )
        .route("/games/{game}/tokens/revoke", post(player::revoke_token))
        .route("/desk", get(desk::index))
        .route("/desk/games/{game}", get(desk::game))
        .route("/desk/games/{game}/act", post(desk::act))
        .route("/desk/games/{game}/confirm", get(desk::confirm))
        .route("/desk/games/{game}/inbox", get(desk::inbox))
        .route("/desk/games/{game}/outbox", get(desk::outbox))
        .route("/desk/games/{game}/audit", get(desk::audit))
        .route("/desk/games/{game}/messages", get(gm_messages::read))
        .route("/desk/games/{game}/held", get(desk::held).post(desk::rule))
        .route(
            "/desk/games/{game}/seats/{seat}/reports/{turn}",
            get(desk::report),
        )
        .route("/api/v1", get(api::index))
        .route("/api/v1/me", get(api::me))
        .route("/api/v1/reports", get(api::reports))
        .route("/api/v1/reports/{turn}", get(api::report))
        .route(
            "/api/v1/orders",
            get(api::orders).post(api::submit).layer(orders),
        )
        .route("/api/v1/check", post(api::check).layer(orders))
        .route("/api/v1/deadline", get(api::deadline))
        .route("/api/v1/ready", post(api::ready))
        .route("/api/v1/messages", get(api::messages).post(api::write))
        .fallback(not_found)
        .layer(axum::middleware::from_fn(hygiene::conditional))
        .layer(DefaultBodyLimit::max(FORM_BYTES))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            body_timeout,
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            request_timeout,
        ))
        .layer(axum::middleware::from_fn(hygiene::explain_timeout))
        .layer(axum::middleware::from_fn(guard::json_errors))
        .layer(axum::middleware::from_fn(crate::metrics::http))
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(web);
    guard::headers(routes, secure)
}

/// A route that is not here.
async fn not_found() -> WebError {
    WebError::NotFound("There is no such page here.".to_string())
}

/// Take the web's address, or say clearly why not.
pub async fn bind(listen: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(listen).await.map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::AddrInUse => "another program is using it".to_string(),
            std::io::ErrorKind::PermissionDenied => {
                "ports below 1024 need root; use a higher one behind a proxy".to_string()
            }
            _ => e.to_string(),
        };
        anyhow::anyhow!("cannot serve the web on {listen}: {why}; choose another address with --listen (or `--listen off`)")
    })
}

/// Serve the web on `listener` until `stop` turns true.
pub async fn serve(
    listener: tokio::net::TcpListener,
    web: Web,
    stop: tokio::sync::watch::Receiver<bool>,
) -> std::io::Result<()> {
    tracing::info!(address = %listener.local_addr()?, "the web is served");
    // Live updates end when the server stops, so that it can.
    let tables = web.tables.clone();
    let mut told = stop.clone();
    tokio::spawn(async move {
        let _ = told.wait_for(|s| *s).await;
        tables.close();
    });
    // Other servers' changes to the tables reach this one's pages; idle
    // tables leave memory.
    let following = web.tables.clone();
    tokio::spawn(async move { following.follow().await });
    let limits = listen::Limits {
        max_connections: web.config.max_connections,
        header_timeout: std::time::Duration::from_secs(web.config.header_timeout_seconds.max(1)),
    };
    // Checked when the config was read; a list made in code is held to
    // the same words here.
    let trusted = client::parse_all(&web.config.trusted_proxies)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let tls = match (&web.config.tls_cert, &web.config.tls_key) {
        (Some(cert), Some(key)) => {
            let t = tls::Reloading::new(cert, key)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
            tokio::spawn(t.clone().watch(stop.clone()));
            Some(t)
        }
        _ => None,
    };
    listen::run(listener, router(web), limits, Arc::new(trusted), tls, stop).await
}
