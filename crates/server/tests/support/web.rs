//! A web server on a real port over a real host, and a small HTTP client
//! that keeps one identity's cookies: what the web tests share.

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use umpire_host::host::{Host, NewGame, Ran, Settings, Trigger};
use umpire_host::kind::Options;
use umpire_host::store::Location;
use umpire_server::web::{self, Web};

/// A hosted Overlord game (`spring`, seats f5–f7, one turn run) and an En
/// Garde! game (`paris`), a desk login, and the web serving them.
pub struct Site {
    pub host: Arc<Host>,
    pub base: String,
    /// spring's passwords: f5, f6, f7.
    pub spring: Vec<String>,
    /// paris's seats and passwords.
    pub paris: Vec<(String, String)>,
    pub desk_password: String,
    pub stop: tokio::sync::watch::Sender<bool>,
}

pub async fn site(location: Location) -> Site {
    let host = Arc::new(Host::open(&location).await.unwrap());
    let made = host
        .create(NewGame {
            kind: "overlord".into(),
            name: "spring".into(),
            options: Options(vec![
                ("factions".into(), "3".into()),
                ("seed".into(), "4".into()),
                ("size".into(), "small".into()),
            ]),
            settings: Settings::default(),
            actor: "gm".into(),
        })
        .await
        .unwrap();
    let spring = made
        .seats
        .iter()
        .map(|t| t.password.as_ref().unwrap().expose().to_string())
        .collect();
    let ran = host
        .run_turn("spring", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let paris = host
        .create(NewGame {
            kind: "engarde".into(),
            name: "paris".into(),
            options: Options(vec![
                ("player".into(), "Athos:athos@players.test".into()),
                ("player".into(), "Porthos:porthos@players.test".into()),
                ("seed".into(), "3".into()),
            ]),
            settings: Settings::default(),
            actor: "gm".into(),
        })
        .await
        .unwrap()
        .seats
        .iter()
        .map(|t| {
            (
                t.seat.clone(),
                t.password.as_ref().unwrap().expose().to_string(),
            )
        })
        .collect();
    let desk_password = host
        .add_desk_user("gm", "test")
        .await
        .unwrap()
        .expose()
        .to_string();
    let (base, stop) = serve(host.clone()).await;
    Site {
        host,
        base,
        spring,
        paris,
        desk_password,
        stop,
    }
}

impl Site {
    /// `seat`'s order template from its latest report, with a STUDY added
    /// to its last unit: orders a player could send.
    pub async fn studying_orders(&self, seat: &str) -> String {
        self.host
            .store()
            .report("spring", seat, None)
            .await
            .unwrap()
            .unwrap()
            .template
            .unwrap()
            .replace("#END", "STUDY scou\n#END")
    }
}

/// The web serving `host` on a free loopback port: its base address and
/// the switch that stops it.
pub async fn serve(host: Arc<Host>) -> (String, tokio::sync::watch::Sender<bool>) {
    serve_with(host, umpire_server::config::WebConfig::default()).await
}

/// [`serve`] with `[web]` settings of the test's own.
pub async fn serve_with(
    host: Arc<Host>,
    config: umpire_server::config::WebConfig,
) -> (String, tokio::sync::watch::Sender<bool>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(web::serve(listener, Web::configured(host, config), stop_rx));
    (base, stop)
}

/// An answer.
#[derive(Debug)]
pub struct Got {
    pub status: u16,
    pub location: Option<String>,
    pub body: String,
    /// The body as it came (compressed, when it was).
    pub bytes: Vec<u8>,
    /// Every header, names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Got {
    /// A header's value (the first, when it came more than once).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One browser's worth of cookies.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    agent: ureq::Agent,
    cookies: Vec<(String, String)>,
    bearer: Option<String>,
}

impl Client {
    pub fn new(base: &str) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .max_redirects_will_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Client {
            base: base.to_string(),
            agent,
            cookies: Vec::new(),
            bearer: None,
        }
    }

    /// A client program with an API token.
    pub fn with_token(base: &str, token: &str) -> Client {
        let mut c = Client::new(base);
        c.bearer = Some(token.to_string());
        c
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn took(&mut self, mut r: ureq::http::Response<ureq::Body>) -> Got {
        for v in r.headers().get_all("set-cookie") {
            let v = v.to_str().unwrap();
            let pair = v.split(';').next().unwrap();
            let (n, val) = pair.split_once('=').unwrap();
            self.cookies.retain(|(k, _)| k != n);
            if !v.contains("Max-Age=0") {
                self.cookies.push((n.to_string(), val.to_string()));
            }
        }
        let location = r
            .headers()
            .get("location")
            .map(|l| l.to_str().unwrap().to_string());
        let headers = r
            .headers()
            .iter()
            .map(|(n, v)| {
                (
                    n.as_str().to_ascii_lowercase(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect();
        let body = r
            .body_mut()
            .with_config()
            .limit(64 * 1024 * 1024)
            .read_to_vec()
            .unwrap();
        Got {
            status: r.status().as_u16(),
            location,
            body: String::from_utf8_lossy(&body).into_owned(),
            bytes: body,
            headers,
        }
    }

    pub fn get(&mut self, path: &str) -> Got {
        let mut req = self.agent.get(format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            req = req.header("Cookie", self.cookie_header());
        }
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        let r = req.call().unwrap();
        self.took(r)
    }

    /// A GET with headers of its own.
    pub fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Got {
        let mut req = self.agent.get(format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            req = req.header("Cookie", self.cookie_header());
        }
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let r = req.call().unwrap();
        self.took(r)
    }

    pub fn post_form(&mut self, path: &str, form: &[(&str, &str)]) -> Got {
        let mut req = self.agent.post(format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            req = req.header("Cookie", self.cookie_header());
        }
        let r = req.send_form(form.iter().copied()).unwrap();
        self.took(r)
    }

    /// A POST with a body and headers of its own.
    pub fn post(&mut self, path: &str, headers: &[(&str, &str)], body: &str) -> Got {
        self.post_bytes(path, headers, body.as_bytes())
    }

    /// A POST of raw bytes (which need not be UTF-8).
    pub fn post_bytes(&mut self, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Got {
        let mut req = self.agent.post(format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            req = req.header("Cookie", self.cookie_header());
        }
        if let Some(t) = &self.bearer {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let r = req.send(body).unwrap();
        self.took(r)
    }

    /// The CSRF token of the page at `path` (its first form's).
    pub fn csrf(&mut self, path: &str) -> String {
        let page = self.get(path);
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        attribute(&page.body, "name=\"csrf\" value=\"").expect("a form with a csrf token")
    }

    /// Log in to a seat from the front page; panics unless it works.
    pub fn login(&mut self, game: &str, seat: &str, password: &str) -> Got {
        let csrf = self.csrf("/");
        let got = self.post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("game", game),
                ("seat", seat),
                ("password", password),
            ],
        );
        assert_eq!(got.status, 303, "login of {game}/{seat}: {}", got.body);
        assert_eq!(
            got.location.as_deref(),
            Some(format!("/games/{game}").as_str()),
            "login of {game}/{seat} failed"
        );
        got
    }

    /// Log in to the desk.
    pub fn desk_login(&mut self, name: &str, password: &str) {
        let csrf = self.csrf("/desk/login");
        let got = self.post_form(
            "/desk/login",
            &[("csrf", &csrf), ("name", name), ("password", password)],
        );
        assert_eq!(
            got.location.as_deref(),
            Some("/desk"),
            "desk login: {}",
            got.body
        );
    }

    pub fn logged_in(&self) -> bool {
        self.cookies.iter().any(|(n, _)| n == "umpire_session")
    }
}

/// The value that follows `prefix` up to the next `"`.
pub fn attribute(page: &str, prefix: &str) -> Option<String> {
    let i = page.find(prefix)? + prefix.len();
    let rest = &page[i..];
    Some(rest[..rest.find('"')?].to_string())
}

/// Every bracketed id (`[U117]`, `[L438]`, `[f05]`, `[coin]`) in a text.
pub fn bracketed(text: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find('[') {
        rest = &rest[i + 1..];
        if let Some(j) = rest.find(']') {
            let inner = &rest[..j];
            if !inner.is_empty()
                && inner.len() <= 12
                && inner.chars().all(|c| c.is_ascii_alphanumeric())
            {
                out.insert(inner.to_string());
            }
        }
    }
    out
}

/// Run blocking HTTP work beside the server.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}
