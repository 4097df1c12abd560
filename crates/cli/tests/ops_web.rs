//! `umpire serve` as an operator runs it on the internet: behind a real
//! reverse proxy (nginx and Caddy from Debian's packages, installed by
//! `scripts/web-tools`), with the proxies' configs the README shows.
//!
//! Clients come from different loopback addresses (127.0.0.2, 127.0.0.3:
//! every 127/8 address is this machine's), so the proxy sees two clients
//! and `umpire serve` one connection, the proxy's.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("umpire-ops-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn umpire(data: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
    cmd.arg("--color=never").args(args).arg("--data").arg(data);
    cmd.env_remove("UMPIRE_DATABASE_URL")
        .env_remove("UMPIRE_LOG")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// `scripts/web-tools`: nginx, Caddy and promtool, installed when missing.
pub fn web_tools() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/web-tools");
    let o = Command::new(&script).output().unwrap();
    assert!(
        o.status.success(),
        "{} could not provide nginx, Caddy and promtool: {}{}",
        script.display(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A port free on 127.0.0.1 a moment ago.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A hosted Overlord game `spring` (f5–f7) in a new data folder; its
/// passwords.
fn game(data: &Path) -> Vec<(String, String)> {
    let o = umpire(
        data,
        &[
            "host",
            "new",
            "overlord",
            "spring",
            "--factions",
            "3",
            "--seed",
            "4",
            "--size",
            "small",
        ],
    )
    .output()
    .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| l.trim_start().starts_with('f'))
        .map(|l| {
            let mut w = l.split_whitespace();
            let seat = w.next().unwrap().to_string();
            (seat, w.nth(2).unwrap().to_string())
        })
        .collect()
}

/// `umpire serve` running, and what it has logged so far.
pub struct Served {
    child: Child,
    pub log: Arc<Mutex<String>>,
    pub addr: SocketAddr,
}

impl Served {
    /// `umpire serve` on `data` with `config` as its umpire.toml; waits
    /// until the web is served.
    pub fn start(data: &Path, config: &str) -> Served {
        std::fs::write(data.join("umpire.toml"), config).unwrap();
        let mut child = umpire(data, &["serve"]).spawn().unwrap();
        let log = Arc::new(Mutex::new(String::new()));
        let err = child.stderr.take().unwrap();
        let kept = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines() {
                let Ok(line) = line else { break };
                kept.lock().unwrap().push_str(&line);
                kept.lock().unwrap().push('\n');
            }
        });
        let started = Instant::now();
        loop {
            let text = log.lock().unwrap().clone();
            if let Some(addr) = text
                .lines()
                .find(|l| l.contains("the web is served"))
                .and_then(|l| {
                    l.split("address=")
                        .nth(1)
                        .or_else(|| l.split("\"address\":\"").nth(1))
                })
                .and_then(|a| {
                    a.split(|c: char| c.is_whitespace() || c == '"' || c == ',')
                        .find(|s| !s.is_empty())
                })
                .and_then(|a| a.parse().ok())
            {
                return Served { child, log, addr };
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!("umpire serve stopped ({status}) before serving the web:\n{text}");
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "umpire serve did not serve the web within a minute:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

/// A reverse proxy running with a config of its own.
struct Proxy {
    child: Child,
    port: u16,
}

impl Drop for Proxy {
    /// Asked to stop (nginx's master then stops its workers), and killed
    /// only if it does not within a few seconds.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(5) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The nginx site the README shows, in front of `upstream`.
pub fn nginx_site(listen: &str, upstream: SocketAddr) -> String {
    format!(
        "server {{
    listen {listen};
    location / {{
        proxy_pass http://{upstream};
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_buffering off;
    }}
}}"
    )
}

/// The Caddy site the README shows, in front of `upstream`.
pub fn caddy_site(site: &str, upstream: SocketAddr) -> String {
    format!("{site} {{\n    reverse_proxy {upstream}\n}}")
}

fn nginx(dir: &Path, upstream: SocketAddr) -> Proxy {
    let port = free_port();
    let dir = dir.join("nginx");
    std::fs::create_dir_all(dir.join("tmp")).unwrap();
    // Its workers run as nobody and may keep bodies here.
    let _ = Command::new("chmod").args(["-R", "777"]).arg(&dir).status();
    let d = dir.display();
    let conf = format!(
        "daemon off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log {d}/access.log;
    client_body_temp_path {d}/tmp/body;
    proxy_temp_path {d}/tmp/proxy;
    fastcgi_temp_path {d}/tmp/fastcgi;
    uwsgi_temp_path {d}/tmp/uwsgi;
    scgi_temp_path {d}/tmp/scgi;
{}
}}
",
        nginx_site(&format!("127.0.0.1:{port}"), upstream)
    );
    std::fs::write(dir.join("nginx.conf"), conf).unwrap();
    let bin = if Path::new("/usr/sbin/nginx").exists() {
        "/usr/sbin/nginx"
    } else {
        "nginx"
    };
    let child = Command::new(bin)
        .arg("-p")
        .arg(&dir)
        .arg("-c")
        .arg(dir.join("nginx.conf"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("nginx (scripts/web-tools installs it) cannot run: {e}"));
    wait_for_port(port, &dir.join("error.log"));
    Proxy { child, port }
}

fn caddy(dir: &Path, upstream: SocketAddr) -> Proxy {
    let port = free_port();
    let dir = dir.join("caddy");
    std::fs::create_dir_all(&dir).unwrap();
    let conf = format!(
        "{{\n    admin off\n    auto_https off\n}}\n{}\n",
        caddy_site(&format!("http://127.0.0.1:{port}"), upstream)
    );
    std::fs::write(dir.join("Caddyfile"), conf).unwrap();
    let log = std::fs::File::create(dir.join("caddy.log")).unwrap();
    let child = Command::new("caddy")
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(dir.join("Caddyfile"))
        .env("XDG_DATA_HOME", &dir)
        .env("XDG_CONFIG_HOME", &dir)
        .env("HOME", &dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap_or_else(|e| panic!("caddy (scripts/web-tools installs it) cannot run: {e}"));
    wait_for_port(port, &dir.join("caddy.log"));
    Proxy { child, port }
}

fn wait_for_port(port: u16, log: &Path) {
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the proxy does not answer on {port}: {}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// An answer, as read off the wire.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request to `to` from the local address `from`, with
/// `headers` and a form `body` (POST when there is one).
pub async fn request(
    from: IpAddr,
    to: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Answer {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    let mut s = socket.connect(to).await.unwrap();
    let mut req = format!(
        "{} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n",
        if body.is_some() { "POST" } else { "GET" }
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    req.push_str("\r\n");
    req.push_str(body.unwrap_or(""));
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut raw))
        .await
        .expect("an answer within 30 s")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
        .collect::<Vec<_>>();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        unchunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn unchunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A login from `from` through `to`: the form's page first (its cookie
/// and token), then the form; the answer's status.
async fn login(
    from: IpAddr,
    to: SocketAddr,
    seat: &str,
    password: &str,
    spoof: Option<&str>,
) -> u16 {
    let mut extra: Vec<(&str, &str)> = Vec::new();
    if let Some(s) = spoof {
        extra.push(("X-Forwarded-For", s));
    }
    let page = request(from, to, "/", &extra, None).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let cookie = page
        .headers
        .iter()
        .filter(|(k, _)| k == "set-cookie")
        .find_map(|(_, v)| {
            v.split(';')
                .next()
                .filter(|c| c.starts_with("umpire_form="))
        })
        .expect("the login form's cookie")
        .to_string();
    let csrf = page
        .body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("the login form's token")
        .to_string();
    extra.push(("Cookie", &cookie));
    let form = format!("csrf={csrf}&game=spring&seat={seat}&password={password}");
    request(from, to, "/login", &extra, Some(&form))
        .await
        .status
}

fn loopback(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

/// Behind `proxy`, one client's twenty wrong guesses lock that client out
/// and no one else: the limit counts the address the proxy names. What a
/// client writes in X-Forwarded-For itself changes nothing.
async fn limited_per_client_behind(proxy: &str) {
    web_tools();
    let dir = scratch(proxy);
    let data = dir.join("data");
    let seats = game(&data);
    let upstream = free_port();
    let served = Served::start(
        &data,
        &format!("[web]\nlisten = \"127.0.0.1:{upstream}\"\ntrusted_proxies = [\"127.0.0.1\"]\n"),
    );
    let p = match proxy {
        "nginx" => nginx(&dir, served.addr),
        _ => caddy(&dir, served.addr),
    };
    let front = SocketAddr::from(([127, 0, 0, 1], p.port));
    let (seat, password) = (&seats[0].0, &seats[0].1);

    // A guesser at 127.0.0.2 tries twenty seats (so no seat's own limit
    // is reached), each time claiming to be someone else.
    let guesser = loopback(2);
    for n in 0..20 {
        let spoof = format!("198.51.100.{n}");
        let status = login(
            guesser,
            front,
            &format!("f{}", 50 + n),
            "wrong",
            Some(&spoof),
        )
        .await;
        assert_eq!(status, 303, "guess {n} through {proxy}");
    }
    // Now the guesser waits, even with a right password…
    assert_eq!(
        login(guesser, front, seat, password, Some("203.0.113.9")).await,
        429,
        "through {proxy}, the guesser was not limited:\n{}",
        served.log.lock().unwrap()
    );
    // …and a player at 127.0.0.3 logs in as ever.
    assert_eq!(
        login(loopback(3), front, seat, password, None).await,
        303,
        "through {proxy}, another client was locked out by the guesser's misses"
    );

    // Straight to the server from an address that is no proxy, the
    // header is the client's own word and not believed: 127.0.0.4 claims
    // to be the player at 127.0.0.3 and is counted as itself.
    let direct = served.addr;
    for n in 0..20 {
        login(
            loopback(4),
            direct,
            &format!("f{}", 80 + n),
            "wrong",
            Some("127.0.0.3"),
        )
        .await;
    }
    assert_eq!(
        login(loopback(4), direct, seat, password, Some("127.0.0.3")).await,
        429
    );
    assert_eq!(login(loopback(3), front, seat, password, None).await, 303);
    drop(p);
    drop(served);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_nginx_failed_logins_are_limited_per_client() {
    limited_per_client_behind("nginx").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_caddy_failed_logins_are_limited_per_client() {
    limited_per_client_behind("caddy").await;
}

/// `umpire --version` names the program's version and the newest
/// database schema it knows, as `/readyz` does.
#[test]
fn the_version_names_the_database_schema() {
    let o = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(o.status.success());
    let said = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        said.trim(),
        format!(
            "umpire {} (database schema version {})",
            env!("CARGO_PKG_VERSION"),
            umpire_host::store::migrate::latest()
        )
    );
    // The subcommands say the same.
    let o = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(["serve", "--version"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("database schema version"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

/// A sample's value in a scrape, by name and labels.
fn sample(scrape: &prometheus_parse::Scrape, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    scrape
        .samples
        .iter()
        .find(|s| s.metric == name && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match &s.value {
            prometheus_parse::Value::Counter(v)
            | prometheus_parse::Value::Gauge(v)
            | prometheus_parse::Value::Untyped(v) => *v,
            prometheus_parse::Value::Histogram(h) => h.iter().map(|b| b.count).fold(0.0, f64::max),
            prometheus_parse::Value::Summary(_) => f64::NAN,
        })
}

fn scrape_text(at: SocketAddr, token: Option<&str>) -> (u16, String) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = Vec::new();
    if let Some(a) = &auth {
        headers.push(("Authorization", a.as_str()));
    }
    let a = rt.block_on(request(loopback(1), at, "/metrics", &headers, None));
    (a.status, a.body)
}

/// `/metrics` as Prometheus scrapes it: on its own address, or on the
/// web's behind the token; counts of turns, requests by route and status
/// with latency histograms, the database's submissions and outbox, the
/// pool; parsed by a Prometheus text parser and passed by `promtool check
/// metrics`. And `log_format = "json"`: every line a JSON object, a
/// request's lines carrying its id, a turn's its game and number.
#[test]
fn metrics_are_scraped_and_pass_promtool_and_the_log_is_json() {
    web_tools();
    let dir = scratch("metrics");
    let data = dir.join("data");
    spring_with_f5s_orders_in(&dir, &data);
    // The deadline has passed: the server runs the turn at once.
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(the_deadline_has_passed(&data));
    let (web_port, metrics_port) = (free_port(), free_port());
    let served = Served::start(
        &data,
        &format!(
            "tick_seconds = 1\nlog = \"info,umpire_server=debug\"\nlog_format = \"json\"\n\n[web]\nlisten = \"127.0.0.1:{web_port}\"\nmetrics_listen = \"127.0.0.1:{metrics_port}\"\nmetrics_token = \"scrape-me\"\n"
        ),
    );
    let web = served.addr;
    let metrics = SocketAddr::from(([127, 0, 0, 1], metrics_port));

    let request_id = rt.block_on(some_traffic(web));

    // The turn runs; its count shows.
    let text = the_turn_is_counted(metrics, &served);
    the_samples_say_what_happened(&text);
    promtool_passes(&text);
    table_streams_are_counted(&rt, web, metrics);

    // On the web's address: only with the token.
    assert_eq!(scrape_text(web, None).0, 401);
    assert_eq!(scrape_text(web, Some("wrong")).0, 401);
    let (status, with_token) = scrape_text(web, Some("scrape-me"));
    assert_eq!(status, 200);
    assert!(with_token.contains("# TYPE umpire_http_requests_total counter"));

    the_log_is_json(&served, &request_id);
    drop(served);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Spring, three factions on a daily schedule, with f5's template sent
/// back as mail would.
fn spring_with_f5s_orders_in(dir: &Path, data: &Path) {
    let o = umpire(
        data,
        &[
            "host",
            "new",
            "overlord",
            "spring",
            "--factions",
            "3",
            "--seed",
            "4",
            "--size",
            "small",
            "--schedule",
            "daily 06:00",
            "--hold-percent",
            "100",
        ],
    )
    .output()
    .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // f5 sends its template back, as mail would.
    let made = String::from_utf8_lossy(&o.stdout).into_owned();
    let password = made
        .lines()
        .find(|l| l.trim_start().starts_with("f5"))
        .and_then(|l| l.split_whitespace().nth(3))
        .unwrap()
        .to_string();
    let report = umpire(data, &["host", "report", "spring", "f5"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&report.stdout).into_owned();
    let template = report.split("==== Order template ====\n\n").nth(1).unwrap();
    let file = dir.join("f5.txt");
    std::fs::write(&file, template.replacen("PASSWORD", &password, 1)).unwrap();
    let o = umpire(data, &["host", "submit", "spring", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The deadline has passed: the server runs the turn at once.
async fn the_deadline_has_passed(data: &Path) {
    use sqlx::Connection as _;
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}", data.join("umpire.db").display());
    let mut c = sqlx::AnyConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE games SET deadline = 1000")
        .execute(&mut c)
        .await
        .unwrap();
    c.close().await.unwrap();
}

/// Some traffic: a page, a failed login, a page that is not there.
/// Returns the page's request id.
async fn some_traffic(web: SocketAddr) -> String {
    let page = request(loopback(2), web, "/", &[], None).await;
    assert_eq!(page.status, 200);
    let request_id = page
        .header("x-request-id")
        .expect("a request id")
        .to_string();
    assert_eq!(login(loopback(2), web, "f5", "wrong", None).await, 303);
    assert_eq!(
        request(loopback(2), web, "/nowhere", &[], None)
            .await
            .status,
        404
    );
    request_id
}

/// The scrape, once it counts the turn kept.
fn the_turn_is_counted(metrics: SocketAddr, served: &Served) -> String {
    let started = Instant::now();
    loop {
        let (status, text) = scrape_text(metrics, None);
        assert_eq!(status, 200, "{text}");
        if text.contains("umpire_turns_total{outcome=\"kept\"} 1") {
            break text;
        }
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "no turn counted:\n{text}\n{}",
            served.log.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// The samples: the turn, the requests by route and status, the outbox,
/// the submissions, the games, the pool, the connections.
fn the_samples_say_what_happened(text: &str) {
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let scrape = prometheus_parse::Scrape::parse(lines.into_iter().map(Ok)).unwrap();
    let get = |name: &str, labels: &[(&str, &str)]| {
        sample(&scrape, name, labels).unwrap_or_else(|| panic!("no {name} {labels:?} in:\n{text}"))
    };
    assert_eq!(get("umpire_turns_total", &[("outcome", "kept")]), 1.0);
    assert_eq!(get("umpire_turn_duration_seconds_count", &[]), 1.0);
    assert!(
        get(
            "umpire_http_requests_total",
            &[("route", "/"), ("method", "GET"), ("status", "200")]
        ) >= 2.0
    );
    assert_eq!(
        get(
            "umpire_http_requests_total",
            &[("route", "/login"), ("method", "POST"), ("status", "303")]
        ),
        1.0
    );
    assert_eq!(
        get(
            "umpire_http_requests_total",
            &[("route", "unmatched"), ("status", "404")]
        ),
        1.0
    );
    assert!(
        get(
            "umpire_http_request_duration_seconds_count",
            &[("route", "/")]
        ) >= 2.0
    );
    assert!(
        get(
            // The histogram's +Inf bucket.
            "umpire_http_request_duration_seconds",
            &[("route", "/")]
        ) >= 2.0
    );
    // Each seat's reports went to the outbox, kept for the game master:
    // the seats have no address.
    assert!(
        get("umpire_outbox_messages", &[("status", "no-address")]) >= 3.0,
        "{text}"
    );
    // f5's orders, by their source and what became of them.
    let submitted: f64 = scrape
        .samples
        .iter()
        .filter(|s| s.metric == "umpire_submissions")
        .map(|s| match s.value {
            prometheus_parse::Value::Gauge(v) => v,
            _ => 0.0,
        })
        .sum();
    assert_eq!(submitted, 1.0, "{text}");
    assert_eq!(get("umpire_games", &[]), 1.0);
    assert_eq!(get("umpire_db_pool_connections", &[("state", "max")]), 4.0);
    assert!(
        get("umpire_http_connections", &[]) >= 1.0,
        "the scrape's own connection is open"
    );
    assert_eq!(get("umpire_up", &[]), 1.0);
}

/// promtool, Prometheus' own checker, passes the scrape.
fn promtool_passes(text: &str) {
    let mut promtool = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool (scripts/web-tools installs it)");
    {
        use std::io::Write as _;
        promtool
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let checked = promtool.wait_with_output().unwrap();
    assert!(
        checked.status.success() && checked.stdout.is_empty() && checked.stderr.is_empty(),
        "promtool check metrics: {}{}\n{text}",
        String::from_utf8_lossy(&checked.stdout),
        String::from_utf8_lossy(&checked.stderr)
    );
}

/// A phone at a table holds its live updates open: counted while it
/// does.
fn table_streams_are_counted(rt: &tokio::runtime::Runtime, web: SocketAddr, metrics: SocketAddr) {
    let made = rt.block_on(request(
        loopback(2),
        web,
        "/tables/new",
        &[],
        Some("kind=dbr&width=72&depth=48&unit=in"),
    ));
    assert_eq!(made.status, 303, "{}", made.body);
    let table = made.header("location").unwrap().to_string();
    let streams = |want: f64| {
        let started = Instant::now();
        loop {
            let (_, text) = scrape_text(metrics, None);
            if text.contains(&format!("umpire_table_streams {want}")) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "no umpire_table_streams {want}:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    {
        use std::io::Write as _;
        let mut phone = std::net::TcpStream::connect(web).unwrap();
        write!(
            phone,
            "GET {table}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        streams(1.0);
        drop(phone);
    }
    streams(0.0);
}

/// The log: one JSON object a line; the page's request by its id, the
/// turn by its game and number.
fn the_log_is_json(served: &Served, request_id: &str) {
    let log = served.log.lock().unwrap().clone();
    let entries: Vec<serde_json::Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(
        entries.iter().any(|e| e["span"]["request_id"] == request_id
            && e["span"]["route"] == "/"
            && e["status"] == 200),
        "no log line of request {request_id}:\n{log}"
    );
    assert!(
        entries.iter().any(|e| e["message"] == "turn run and kept"
            && e["game"] == "spring"
            && e["turn"] == 1),
        "no log line of the turn:\n{log}"
    );
}

/// A metrics address that is taken stops the server with the reason and
/// the setting to change.
#[test]
fn a_taken_metrics_address_is_refused_with_the_setting_to_change() {
    let dir = scratch("metrics-taken");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    std::fs::write(
        data.join("umpire.toml"),
        format!("[web]\nlisten = \"127.0.0.1:0\"\nmetrics_listen = \"127.0.0.1:{port}\"\n"),
    )
    .unwrap();
    let o = umpire(&data, &["serve"]).output().unwrap();
    assert!(!o.status.success());
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains(&format!("cannot serve the metrics on 127.0.0.1:{port}"))
            && said.contains("[web] metrics_listen"),
        "{said}"
    );
    drop(taken);
    let _ = std::fs::remove_dir_all(&dir);
}
