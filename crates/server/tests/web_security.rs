//! The web as an attacker meets it, over a real port on a real host: the
//! login limit whatever the seat's spelling, the headers every answer
//! carries, sessions that end with their password, slow clients cut off,
//! tables made at a bounded rate, answers bounded by the request, the
//! login page's own words only, one token revoked at a time, a wrong
//! password's time that tells nothing, and errors that stay JSON on the
//! API.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::Value;
use support::web::{Client, attribute, blocking, serve_with, site};
use umpire_host::password::Secret;
use umpire_host::testing;
use umpire_server::config::WebConfig;

fn login_form<'a>(csrf: &'a str, seat: &'a str, password: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("csrf", csrf),
        ("game", "spring"),
        ("seat", seat),
        ("password", password),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_login_limit_counts_a_seat_however_it_is_spelt() {
    let s = site(testing::sqlite("limit-spelling")).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut c = Client::new(&base);
        // Eight misses, each spelling f5 another way.
        for seat in ["f5", "F5", "f05", "5", "f005", "F05", "05", " f5 "] {
            let csrf = c.csrf("/");
            let got = c.post_form("/login", &login_form(&csrf, seat, "nope"));
            assert_eq!(got.status, 303, "{seat}: {}", got.body);
        }
        // Now every spelling waits, the right password too.
        for seat in ["f5", "f05", "F005", "5"] {
            let csrf = c.csrf("/");
            let got = c.post_form("/login", &login_form(&csrf, seat, &pw));
            assert_eq!(got.status, 429, "{seat} logged in after 8 misses: {got:?}");
        }
        // A seat that is not there counts the same way.
        let mut d = Client::new(&base);
        for seat in ["f99", "F99", "f099", "99", "f99", "099", "f0099", "F099"] {
            let csrf = d.csrf("/");
            d.post_form("/login", &login_form(&csrf, seat, "nope"));
        }
        let csrf = d.csrf("/");
        assert_eq!(
            d.post_form("/login", &login_form(&csrf, "f099", "x"))
                .status,
            429
        );
    })
    .await;
    let _ = s.stop.send(true);
}

/// Every page a player, a game master and nobody reach, and the API.
const PAGES: &[&str] = &[
    "/",
    "/desk/login",
    "/tables/new",
    "/games/spring",
    "/games/spring/map",
    "/games/spring/orders",
    "/games/spring/help",
    "/games/spring/tokens",
    "/desk",
    "/desk/games/spring",
    "/desk/games/spring/inbox",
    "/desk/games/spring/audit",
    "/desk/games/spring/seats/f5/reports/1",
];

fn assert_guarded(got: &support::web::Got, what: &str) {
    let csp = got
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no CSP"));
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(csp.contains("script-src 'self'"), "{what}: {csp}");
    let script = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .unwrap_or_else(|| panic!("{what}: no script-src in {csp}"));
    assert!(!script.contains("unsafe"), "{what}: {csp}");
    assert_eq!(
        got.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert!(got.header("referrer-policy").is_some(), "{what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers_and_personal_pages_are_not_kept() {
    let s = site(testing::sqlite("headers")).await;
    let (base, pw, desk) = (s.base.clone(), s.spring[0].clone(), s.desk_password.clone());
    blocking(move || {
        let mut player = Client::new(&base);
        player.login("spring", "f5", &pw);
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        for p in PAGES {
            let c = if p.starts_with("/desk/") || *p == "/desk" {
                &mut gm
            } else {
                &mut player
            };
            let got = c.get(p);
            assert!(got.status < 400, "{p}: {}", got.status);
            assert_guarded(&got, p);
            assert_eq!(got.header("cache-control"), Some("no-store"), "{p}");
            assert!(got.header("strict-transport-security").is_none(), "{p}");
            // No inline script, no inline style, no handler attributes: the
            // policy would block them.
            let body = &got.body;
            assert!(
                !body.contains("<script>") && !body.contains("<script type"),
                "{p} has an inline script"
            );
            if *p != "/tables/new" {
                assert!(!body.contains(" style=\""), "{p} has an inline style");
            }
            assert!(!body.contains(" onclick="), "{p} has a handler attribute");
        }
        // A redirect, an error and the API carry them too.
        let mut nobody = Client::new(&base);
        assert_guarded(&nobody.get("/games/spring"), "a redirect");
        assert_guarded(&nobody.get("/nowhere"), "a 404");
        let api = nobody.get("/api/v1/me");
        assert_guarded(&api, "the API");
        assert_eq!(api.header("cache-control"), Some("no-store"));
        // The assets may be kept.
        let js = nobody.get("/assets/app.js");
        assert_eq!(js.header("cache-control"), Some("max-age=3600"));
        assert_eq!(js.header("x-content-type-options"), Some("nosniff"));
    })
    .await;
    let _ = s.stop.send(true);

    // Behind TLS: HSTS as well.
    let (base, _stop) = serve_with(
        s.host.clone(),
        WebConfig {
            secure_cookies: true,
            ..WebConfig::default()
        },
    )
    .await;
    let got = blocking(move || Client::new(&base).get("/")).await;
    assert!(
        got.header("strict-transport-security")
            .is_some_and(|h| h.contains("max-age=")),
        "{:?}",
        got.headers
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_end_when_their_password_changes() {
    let s = site(testing::sqlite("sessions-end")).await;
    let (base, f5, f6, desk) = (
        s.base.clone(),
        s.spring[0].clone(),
        s.spring[1].clone(),
        s.desk_password.clone(),
    );
    let (mut player, mut other, mut gm) = blocking(move || {
        let mut player = Client::new(&base);
        player.login("spring", "f5", &f5);
        let mut other = Client::new(&base);
        other.login("spring", "f6", &f6);
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        assert_eq!(player.get("/games/spring").status, 200);
        assert_eq!(gm.get("/desk").status, 200);
        (player, other, gm)
    })
    .await;
    // The game master gives f5 a new password, and the desk login gets one.
    s.host.new_password("spring", "f5", "gm").await.unwrap();
    s.host.add_desk_user("gm", "test").await.unwrap();
    let (p, o, g) = blocking(move || {
        (
            player.get("/games/spring"),
            other.get("/games/spring"),
            gm.get("/desk"),
        )
    })
    .await;
    assert_eq!((p.status, p.location.as_deref()), (303, Some("/?login=1")));
    assert_eq!((g.status, g.location.as_deref()), (303, Some("/?login=1")));
    // Another seat's session goes on.
    assert_eq!(o.status, 200);
    let _ = s.stop.send(true);
}

/// Send `bytes` on a new connection and keep it open.
fn half_sent(addr: &str, bytes: &[u8]) -> TcpStream {
    let mut c = TcpStream::connect(addr).unwrap();
    c.write_all(bytes).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    c
}

/// Whether the server closed `c` (or answered and closed): reads to the end.
fn closed_within(c: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    c.set_read_timeout(Some(limit)).unwrap();
    loop {
        match c.read(&mut buf) {
            Ok(0) | Err(_) if start.elapsed() < limit => return Some(start.elapsed()),
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off_and_connections_are_capped() {
    let host = std::sync::Arc::new(
        umpire_host::host::Host::open(&testing::sqlite("slow-clients"))
            .await
            .unwrap(),
    );
    let (base, stop) = serve_with(
        host,
        WebConfig {
            max_connections: 3,
            header_timeout_seconds: 1,
            body_timeout_seconds: 1,
            ..WebConfig::default()
        },
    )
    .await;
    blocking(move || {
        let addr = base.trim_start_matches("http://").to_string();
        // Three half-sent requests take every place.
        let mut slow: Vec<TcpStream> = (0..3)
            .map(|_| half_sent(&addr, b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "))
            .collect();
        std::thread::sleep(Duration::from_millis(200));
        // A whole request waits for a place rather than being taken...
        let started = Instant::now();
        let whole = Client::new(&base).get("/");
        assert_eq!(whole.status, 200);
        // ...which comes when the slow ones are cut off, after a second.
        assert!(
            started.elapsed() >= Duration::from_millis(500),
            "answered at once: the cap did not hold"
        );
        for (i, c) in slow.iter_mut().enumerate() {
            assert!(
                closed_within(c, Duration::from_secs(5)).is_some(),
                "slow connection {i} was still open"
            );
        }
        // A body that never comes is cut off too.
        let mut body = half_sent(
            &addr,
            b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncsrf=",
        );
        let started = Instant::now();
        assert!(
            closed_within(&mut body, Duration::from_secs(8)).is_some(),
            "a body that never came held its connection"
        );
        assert!(started.elapsed() < Duration::from_secs(8));
        // And the server still answers.
        assert_eq!(Client::new(&base).get("/").status, 200);
    })
    .await;
    let _ = stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_made_at_a_bounded_rate_and_can_need_a_login() {
    let s = site(testing::sqlite("tables-rate")).await;
    let (base, _stop) = serve_with(
        s.host.clone(),
        WebConfig {
            tables_per_hour: 2,
            ..WebConfig::default()
        },
    )
    .await;
    let statuses = blocking(move || {
        let mut c = Client::new(&base);
        (0..3)
            .map(|_| {
                let got = c.post_form("/tables/new", &[("kind", "nothing")]);
                (got.status, got.body)
            })
            .collect::<Vec<_>>()
    })
    .await;
    assert_ne!(statuses[0].0, 429);
    assert_ne!(statuses[1].0, 429);
    assert_eq!(statuses[2].0, 429, "{}", statuses[2].1);
    assert!(
        statuses[2].1.contains("Too many tables"),
        "{}",
        statuses[2].1
    );

    let (base, _stop2) = serve_with(
        s.host.clone(),
        WebConfig {
            tables_need_login: true,
            ..WebConfig::default()
        },
    )
    .await;
    let (desk, pw) = (s.desk_password.clone(), s.spring[0].clone());
    blocking(move || {
        let mut nobody = Client::new(&base);
        let got = nobody.get("/tables/new");
        assert_eq!(
            (got.status, got.location.as_deref()),
            (303, Some("/desk/login"))
        );
        let got = nobody.post_form("/tables/new", &[("kind", "sharp")]);
        assert_eq!(
            (got.status, got.location.as_deref()),
            (303, Some("/desk/login"))
        );
        let mut player = Client::new(&base);
        player.login("spring", "f5", &pw);
        assert_eq!(player.get("/tables/new").status, 403);
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        assert_eq!(gm.get("/tables/new").status, 200);
    })
    .await;
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_stay_proportional_to_requests_and_inputs_are_bounded() {
    let s = site(testing::sqlite("bounded")).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let token = s.host.new_token("spring", "f5", "test").await.unwrap();
    let token = token.expose().to_string();
    blocking(move || {
        // 40 KB of orders the checker finds fault with on every line.
        let mut many = String::from("#GAME f05 x spring\nUNIT U117\n");
        for _ in 0..4_000 {
            many.push_str("FLY a\n");
        }
        many.push_str("#END\n");
        let mut api = Client::with_token(&base, &token);
        let got = api.post("/api/v1/check", &[("content-type", "text/plain")], &many);
        assert_eq!(got.status, 200, "{}", got.body);
        let v: Value = serde_json::from_str(&got.body).unwrap();
        let listed = v["diagnostics"].as_array().unwrap().len();
        assert_eq!(listed, 200, "the first 200 findings");
        assert!(v["more"].as_u64().unwrap() >= 3_800, "{}", v["more"]);
        assert!(got.body.len() < 20 * many.len(), "{} bytes", got.body.len());

        // Too much to be an order set: refused, in JSON, before checking.
        let huge = "STUDY scou\n".repeat(30_000);
        for path in ["/api/v1/check", "/api/v1/orders"] {
            let got = api.post(path, &[("content-type", "text/plain")], &huge);
            assert_eq!(got.status, 413, "{path}: {}", got.body);
            let v: Value = serde_json::from_str(&got.body).unwrap();
            assert!(v["error"].is_string(), "{path}: {}", got.body);
        }
        // Many short lines: within the bytes, beyond the lines.
        let lines = "\n".repeat(20_000);
        let got = api.post("/api/v1/check", &[("content-type", "text/plain")], &lines);
        assert_eq!(got.status, 413, "{}", got.body);

        // The editor: the same bounds, and a page in proportion.
        let mut player = Client::new(&base);
        player.login("spring", "f5", &pw);
        let page = player.get("/games/spring/orders").body;
        let csrf = attribute(&page, "data-csrf=\"").unwrap();
        let checked = player.post(
            "/games/spring/check",
            &[
                ("content-type", "application/json"),
                ("x-csrf-token", &csrf),
            ],
            &serde_json::json!({ "text": many }).to_string(),
        );
        let v: Value = serde_json::from_str(&checked.body).unwrap();
        assert_eq!(v["diagnostics"].as_array().unwrap().len(), 200);
        let sent = player.post_form("/games/spring/orders", &[("csrf", &csrf), ("text", &lines)]);
        assert_eq!(sent.status, 400, "{}", sent.status);
        assert!(sent.body.contains("at most"), "{}", sent.body);
        assert!(sent.body.len() < 50_000, "{} bytes", sent.body.len());
        let form = player.post_form("/games/spring/orders", &[("csrf", &csrf), ("text", &huge)]);
        assert_eq!(form.status, 413);
    })
    .await;
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_login_pages_show_only_their_own_messages() {
    let s = site(testing::sqlite("own-messages")).await;
    let base = s.base.clone();
    blocking(move || {
        let mut c = Client::new(&base);
        for page in ["/", "/desk/login"] {
            let bait = format!("{page}?failed=Your+account+is+locked%3A+call+0800+123");
            let got = c.get(&bait);
            assert_eq!(got.status, 200);
            assert!(
                !got.body.contains("account is locked"),
                "{page} shows the bait"
            );
            assert!(!got.body.contains("0800"), "{page}");
        }
        assert!(
            c.get("/?failed=login")
                .body
                .contains("The game, the faction (or character) or the password is wrong.")
        );
        assert!(
            c.get("/desk/login?failed=login")
                .body
                .contains("The login or the password is wrong.")
        );
    })
    .await;
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn revoking_a_token_revokes_exactly_that_token() {
    let s = site(testing::sqlite("revoke-one")).await;
    let a = s.host.new_token("spring", "f5", "a").await.unwrap();
    let b = s.host.new_token("spring", "f5", "b").await.unwrap();
    let (a, b) = (a.expose().to_string(), b.expose().to_string());
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let hash = umpire_host::host::web::token_hash(&a);
        // A part of the hash names no token.
        for part in [&hash[..8], &hash[..16], &hash[..63]] {
            let csrf = p.csrf("/games/spring/tokens");
            let got = p.post_form(
                "/games/spring/tokens/revoke",
                &[("csrf", &csrf), ("token", part)],
            );
            assert_eq!(got.status, 400, "{part}");
        }
        assert_eq!(Client::with_token(&base, &a).get("/api/v1/me").status, 200);
        // The whole hash revokes that one; the other still works.
        let csrf = p.csrf("/games/spring/tokens");
        let got = p.post_form(
            "/games/spring/tokens/revoke",
            &[("csrf", &csrf), ("token", &hash)],
        );
        assert!(got.status < 400, "{}", got.body);
        assert_eq!(Client::with_token(&base, &a).get("/api/v1/me").status, 401);
        assert_eq!(Client::with_token(&base, &b).get("/api/v1/me").status, 200);
    })
    .await;
    let _ = s.stop.send(true);
}

/// The median of `n` timings of `f`.
async fn median<F, Fut>(n: usize, mut f: F) -> Duration
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut times = Vec::new();
    for _ in 0..n {
        let t = Instant::now();
        f().await;
        times.push(t.elapsed());
    }
    times.sort();
    times[n / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_password_takes_as_long_whoever_the_seat() {
    let s = site(testing::sqlite("equal-timing")).await;
    let host = s.host.clone();
    host.set_bot("spring", "f7", true, "gm").await.unwrap();
    let wrong = Secret::new("not the password");
    let real = median(5, || async {
        assert!(
            host.login_player("spring", "f5", &wrong)
                .await
                .unwrap()
                .is_none()
        );
    })
    .await;
    for (game, seat) in [("spring", "f99"), ("winter", "f5"), ("spring", "f7")] {
        let t = median(5, || async {
            assert!(
                host.login_player(game, seat, &wrong)
                    .await
                    .unwrap()
                    .is_none()
            );
        })
        .await;
        assert!(
            t * 2 >= real,
            "{game}/{seat}: {t:?} against a player's seat's {real:?}"
        );
    }
    let desk = median(5, || async {
        assert!(host.login_desk("gm", &wrong).await.unwrap().is_none());
    })
    .await;
    let nobody = median(5, || async {
        assert!(host.login_desk("nobody", &wrong).await.unwrap().is_none());
    })
    .await;
    assert!(nobody * 2 >= desk, "{nobody:?} against {desk:?}");
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_errors_are_json_everywhere() {
    let s = site(testing::sqlite("json-errors")).await;
    let token = s.host.new_token("spring", "f5", "t").await.unwrap();
    let token = token.expose().to_string();
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut api = Client::with_token(&base, &token);
        let big = "x".repeat(300 * 1024);
        let cases: Vec<(&str, support::web::Got)> = vec![
            (
                "a body too large",
                api.post("/api/v1/check", &[("content-type", "text/plain")], &big),
            ),
            (
                "bad UTF-8",
                api.post_bytes(
                    "/api/v1/orders",
                    &[("content-type", "text/plain")],
                    b"#GAME f05 x spring\n\xff\xfe\n#END\n",
                ),
            ),
            (
                "JSON that is not",
                api.post(
                    "/api/v1/check",
                    &[("content-type", "application/json")],
                    "{",
                ),
            ),
            ("an unknown route", api.get("/api/v1/nothing")),
            (
                "a method not allowed",
                api.post("/api/v1/me", &[("content-type", "text/plain")], ""),
            ),
        ];
        let mut player = Client::new(&base);
        player.login("spring", "f5", &pw);
        let page = player.get("/games/spring/orders").body;
        let csrf = attribute(&page, "data-csrf=\"").unwrap();
        let editor: Vec<(&str, support::web::Got)> = vec![
            (
                "the checker sent text",
                player.post(
                    "/games/spring/check",
                    &[("content-type", "text/plain"), ("x-csrf-token", &csrf)],
                    "MOVE N",
                ),
            ),
            (
                "the checker sent JSON without text",
                player.post(
                    "/games/spring/check",
                    &[
                        ("content-type", "application/json"),
                        ("x-csrf-token", &csrf),
                    ],
                    "{\"words\": 1}",
                ),
            ),
        ];
        let want = [413, 400, 400, 404, 405, 415, 422];
        for ((what, got), status) in cases.iter().chain(editor.iter()).zip(want) {
            assert_eq!(got.status, status, "{what}: {}", got.body);
            assert!(
                got.header("content-type")
                    .is_some_and(|t| t.starts_with("application/json")),
                "{what}: {:?}",
                got.headers
            );
            let v: Value = serde_json::from_str(&got.body)
                .unwrap_or_else(|e| panic!("{what}: {e}: {}", got.body));
            assert!(
                v["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{what}: {}",
                got.body
            );
        }
        assert!(cases[1].1.body.contains("UTF-8"), "{}", cases[1].1.body);
    })
    .await;
    let _ = s.stop.send(true);
}
