//! The web over a real port, on SQLite and PostgreSQL: every route walked
//! with every identity (nobody, a player of this game, a player of
//! another game, a game master), reports and maps that show the seat's
//! own and nothing else, the editor's checker, orders taken exactly as
//! mail takes them, logins, the API and the desk.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use support::web::{Client, attribute, blocking, bracketed, serve, site};
use umpire_host::host::Submission;
use umpire_host::on_both;
use umpire_host::store::{Location, Status};

/// A player's pages, a game master's pages and the API, with what each
/// identity gets.
const PLAYER_PAGES: &[&str] = &[
    "/games/spring",
    "/games/spring/reports/1",
    "/games/spring/reports/0",
    "/games/spring/map",
    "/games/spring/orders",
    "/games/spring/help",
    "/games/spring/help/MOVE",
    "/games/spring/tokens",
    "/games/spring/messages",
];
const DESK_PAGES: &[&str] = &[
    "/desk",
    "/desk/games/spring",
    "/desk/games/spring/inbox",
    "/desk/games/spring/outbox",
    "/desk/games/spring/audit",
    "/desk/games/spring/seats/f5/reports/1",
    "/desk/games/paris",
    "/desk/games/paris/held",
];
const API: &[&str] = &[
    "/api/v1/me",
    "/api/v1/reports",
    "/api/v1/reports/1",
    "/api/v1/orders",
    "/api/v1/deadline",
    "/api/v1/messages",
];

async fn every_route_refuses_the_wrong_identity(location: Location) {
    let s = site(location).await;
    let (base, f5, athos, desk) = (
        s.base.clone(),
        s.spring[0].clone(),
        s.paris[0].clone(),
        s.desk_password.clone(),
    );
    blocking(move || {
        let mut nobody = Client::new(&base);
        let mut player = Client::new(&base);
        player.login("spring", "f5", &f5);
        let mut other = Client::new(&base);
        other.login("paris", &athos.0, &athos.1);
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);

        for p in PLAYER_PAGES {
            let got = nobody.get(p);
            assert_eq!(
                (got.status, got.location.as_deref()),
                (303, Some("/?login=1")),
                "nobody at {p}"
            );
            assert_eq!(player.get(p).status, 200, "f5 at {p}");
            let got = other.get(p);
            assert_eq!(got.status, 403, "a paris player at {p}");
            assert!(
                got.body
                    .contains("You are logged in to paris, not to spring"),
                "{}",
                got.body
            );
            assert_eq!(gm.get(p).status, 403, "the game master at {p}");
        }
        for p in DESK_PAGES {
            let got = nobody.get(p);
            assert_eq!(
                (got.status, got.location.as_deref()),
                (303, Some("/?login=1")),
                "nobody at {p}"
            );
            assert_eq!(player.get(p).status, 403, "f5 at {p}");
            assert_eq!(other.get(p).status, 403, "a paris player at {p}");
            assert_eq!(gm.get(p).status, 200, "the game master at {p}");
        }
        // The API takes only tokens: a logged-in browser is not enough.
        for p in API {
            for (who, c) in [
                ("nobody", &mut nobody),
                ("f5's browser", &mut player),
                ("the gm", &mut gm),
            ] {
                let got = c.get(p);
                assert_eq!(got.status, 401, "{who} at {p}");
                let v: Value = serde_json::from_str(&got.body).unwrap();
                assert!(
                    v["error"].as_str().unwrap().contains("Bearer"),
                    "{}",
                    got.body
                );
            }
        }
        // A report that does not exist, and one seat's report for another.
        assert_eq!(player.get("/games/spring/reports/9").status, 404);
        assert_eq!(gm.get("/desk/games/spring/seats/f9/reports/1").status, 404);
        let got = gm.get("/desk/games/nowhere");
        assert_eq!(got.status, 400);
        assert!(got.body.contains("nowhere"), "{}", got.body);
    })
    .await;

    // Writing with the wrong identity changes nothing, even with a good
    // form token of the writer's own.
    let (base, athos, f5) = (s.base.clone(), s.paris[0].clone(), s.spring[0].clone());
    let (other_status, desk_status) = blocking(move || {
        let mut other = Client::new(&base);
        other.login("paris", &athos.0, &athos.1);
        let csrf = other.csrf("/games/paris/orders");
        let a = other.post_form(
            "/games/spring/orders",
            &[
                ("csrf", &csrf),
                ("text", "#GAME f05 x spring\nUNIT U117\nSTUDY scou\n#END\n"),
            ],
        );
        let mut player = Client::new(&base);
        player.login("spring", "f5", &f5);
        let csrf = player.csrf("/games/spring/orders");
        let b = player.post_form(
            "/desk/games/spring/act",
            &[("csrf", &csrf), ("action", "pause")],
        );
        (a.status, b.status)
    })
    .await;
    assert_eq!((other_status, desk_status), (403, 403));
    assert!(
        s.host
            .store()
            .orders_of("spring", 2, "f5")
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(s.host.game("spring").await.unwrap().status, Status::Open);

    // Every form of a player's own, posted by a player of another game
    // (with a good token of their own), by the game master and by nobody:
    // refused, and nothing kept.
    let (base, athos, desk) = (s.base.clone(), s.paris[0].clone(), s.desk_password.clone());
    let refusals = blocking(move || {
        let mut other = Client::new(&base);
        other.login("paris", &athos.0, &athos.1);
        let csrf = other.csrf("/games/paris/orders");
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let gm_csrf = gm.csrf("/desk/games/spring");
        let mut nobody = Client::new(&base);
        let mut got = Vec::new();
        for (path, fields) in PLAYER_FORMS {
            let with = |token: &str| {
                let mut f: Vec<(&str, String)> = vec![("csrf", token.to_string())];
                f.extend(fields.iter().map(|(k, v)| (*k, (*v).to_string())));
                f
            };
            let post = |c: &mut Client, form: Vec<(&str, String)>| {
                let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
                c.post_form(path, &form)
            };
            let a = post(&mut other, with(&csrf));
            let b = post(&mut gm, with(&gm_csrf));
            let c = post(&mut nobody, with("x"));
            got.push((*path, a.status, b.status, c.status, c.location));
        }
        got
    })
    .await;
    for (path, other, gm, nobody, to) in refusals {
        assert_eq!(
            (other, gm, nobody, to.as_deref()),
            (403, 403, 303, Some("/?login=1")),
            "{path}"
        );
    }
    assert!(
        s.host
            .store()
            .messages_of("spring", "f6", 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(s.host.store().leaves("spring").await.unwrap().is_empty());
    assert_eq!(
        s.host.mail_prefs("spring", "f5").await.unwrap(),
        umpire_host::host::mail_prefs::MailPrefs::default()
    );
    let _ = s.stop.send(true);
}

/// A player's own forms, each with fields that would change something.
const PLAYER_FORMS: &[(&str, &[(&str, &str)])] = &[
    (
        "/games/spring/messages",
        &[("to", "f6"), ("subject", "x"), ("body", "hello")],
    ),
    ("/games/spring/leave", &[("turns", "2")]),
    ("/games/spring/mail", &[("report", "attached")]),
    ("/games/spring/ready", &[("ready", "yes")]),
    (
        "/games/spring/press",
        &[("kind", "press"), ("text", "Hear ye")],
    ),
    ("/games/spring/tokens", &[("label", "bot")]),
];

on_both!(route_walk, every_route_refuses_the_wrong_identity);

async fn the_front_page_answers_before_any_game_exists(location: Location) {
    let host = std::sync::Arc::new(umpire_host::host::Host::open(&location).await.unwrap());
    let (base, _stop) = serve(host).await;
    blocking(move || {
        let mut c = Client::new(&base);
        let got = c.get("/");
        assert_eq!(got.status, 200);
        assert!(
            got.body.contains("No game is hosted here yet"),
            "{}",
            got.body
        );
        assert!(got.body.contains("umpire host new"), "{}", got.body);
        // Its login form works and says plainly that nothing matched.
        let csrf = c.csrf("/");
        let got = c.post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("game", "spring"),
                ("seat", "f5"),
                ("password", "anything"),
            ],
        );
        assert_eq!(got.status, 303);
        let to = got.location.unwrap();
        assert!(to.starts_with("/?failed="), "{to}");
        assert!(!c.logged_in());
        // The desk's login page answers too, and a game that is not here
        // sends a visitor to log in rather than failing.
        assert_eq!(c.get("/desk/login").status, 200);
        let got = c.get("/games/spring");
        assert_eq!(
            (got.status, got.location.as_deref()),
            (303, Some("/?login=1"))
        );
    })
    .await;
}

on_both!(empty_host, the_front_page_answers_before_any_game_exists);

async fn reports_and_maps_show_the_seat_its_own(location: Location) {
    let s = site(location).await;
    let text = |seat: &'static str| {
        let host = s.host.clone();
        async move {
            let mut all = String::new();
            for t in [0, 1] {
                all += &host
                    .store()
                    .report("spring", seat, Some(t))
                    .await
                    .unwrap()
                    .unwrap()
                    .text;
            }
            all
        }
    };
    let (f5_text, f6_text) = (text("f5").await, text("f6").await);
    let latest = s
        .host
        .store()
        .report("spring", "f5", None)
        .await
        .unwrap()
        .unwrap();
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let (report, map) = blocking(move || {
        let mut player = Client::new(&base);
        player.login("spring", "5", &pw);
        (
            player.get("/games/spring").body,
            player.get("/games/spring/map").body,
        )
    })
    .await;

    // The report page holds every id the text report names.
    let ids = bracketed(&latest.text);
    assert!(ids.len() > 20, "{ids:?}");
    for id in &ids {
        assert!(
            report.contains(&format!("[{id}]")),
            "the report page lacks [{id}]"
        );
    }
    assert!(report.contains(&format!("Turn {} report", latest.turn)));

    // The map: every place drawn is one f5's reports name; places only
    // f6 has seen are neither drawn nor anywhere in the page.
    let mut drawn = Vec::new();
    let mut rest = map.as_str();
    while let Some(place) = attribute(rest, "data-place=\"") {
        let i = rest.find("data-place=\"").unwrap() + 12;
        rest = &rest[i..];
        drawn.push(place);
    }
    assert!(drawn.len() > 5, "{map}");
    for place in &drawn {
        assert!(
            f5_text.contains(&format!("[{place}]")),
            "{place} is drawn but f5 never saw it"
        );
    }
    // No place of the world f5 never saw is named in the page.
    let unseen: Vec<String> = (1..=2000)
        .map(|n| format!("L{n}"))
        .filter(|id| !f5_text.contains(&format!("[{id}]")))
        .collect();
    assert!(unseen.len() > 400, "{}", unseen.len());
    for id in &unseen {
        assert!(
            !map.contains(&format!("\"{id}\""))
                && !map.contains(&format!("[{id}]"))
                && !map.contains(&format!("#{id}\"")),
            "{id}, never seen by f5, is in its map"
        );
    }
    // f6's reports are not f5's: what only f6 saw is not there either.
    for id in bracketed(&f6_text)
        .iter()
        .filter(|id| !f5_text.contains(&format!("[{id}]")))
    {
        assert!(
            !map.contains(&format!("[{id}]")),
            "f6's {id} leaks into f5's map"
        );
    }
    // f5's own units are drawn, others' too, each as the report says.
    assert!(map.contains("of your units"), "{map}");
    assert!(map.contains("/games/spring/reports/1#"), "{map}");

    // The map is drawn once per latest report: a new turn draws it anew,
    // its hexes linking to the new report.
    s.host
        .run_turn(
            "spring",
            umpire_host::host::Trigger::Now { actor: "gm".into() },
        )
        .await
        .unwrap();
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let again = blocking(move || {
        let mut player = Client::new(&base);
        player.login("spring", "f5", &pw);
        player.get("/games/spring/map").body
    })
    .await;
    assert!(again.contains("/games/spring/reports/2#"), "{again}");
    let _ = s.stop.send(true);
}

on_both!(own_reports_and_map, reports_and_maps_show_the_seat_its_own);

async fn the_editor_checks_and_sends_exactly_as_mail(location: Location) {
    let s = site(location).await;
    let draft = "#GAME f06 PASSWORD spring\nUNIT U1\nWORK\nUNIT U200\nMOVE nowhere\nFLY\n#END\n";
    // What the checker says over the web is what the host's checker says.
    let expected: Vec<String> = s
        .host
        .check_orders("spring", "f6", draft)
        .await
        .unwrap()
        .iter()
        .map(|d| d.code.to_string())
        .collect();
    assert!(expected.contains(&"E0102".to_string()), "{expected:?}");
    assert!(
        expected.contains(&"W0115".to_string()) || expected.contains(&"E0308".to_string()),
        "{expected:?}"
    );

    // f6's units: the template names them.
    let orders = s.studying_orders("f6").await;
    let (base, pw) = (s.base.clone(), s.spring[1].clone());
    let (d, o) = (draft.to_string(), orders.clone());
    let (checked, no_token, page) = blocking(move || {
        let mut player = Client::new(&base);
        player.login("spring", "F06", &pw);
        let page = player.get("/games/spring/orders").body;
        let csrf = attribute(&page, "data-csrf=\"").unwrap();
        let body = serde_json::json!({ "text": d }).to_string();
        let checked = player.post(
            "/games/spring/check",
            &[
                ("content-type", "application/json"),
                ("x-csrf-token", &csrf),
            ],
            &body,
        );
        let no_token = player.post(
            "/games/spring/check",
            &[("content-type", "application/json")],
            &body,
        );
        let sent = player.post_form("/games/spring/orders", &[("csrf", &csrf), ("text", &o)]);
        // Answered with a redirect to the page that shows the receipt.
        assert_eq!(sent.status, 303, "{}", sent.body);
        let to = sent.location.unwrap();
        assert!(to.starts_with("/games/spring/orders?sent="), "{to}");
        let shown = player.get(&to);
        (checked, no_token, shown)
    })
    .await;
    assert_eq!(checked.status, 200, "{}", checked.body);
    let v: Value = serde_json::from_str(&checked.body).unwrap();
    let codes: Vec<String> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes, expected);
    assert_eq!(no_token.status, 403);

    // Sent from the editor: stored, and the answer says so.
    assert_eq!(page.status, 200);
    assert!(page.body.contains("What was stored"), "{}", page.body);
    let by_web = s
        .host
        .store()
        .orders_of("spring", 2, "f6")
        .await
        .unwrap()
        .unwrap();
    let web_sub = s
        .host
        .store()
        .submission(by_web.submission)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(web_sub.source, "web");

    // The same orders by mail, with the password, are stored the same.
    let mailed = orders.replacen("PASSWORD", &s.spring[1], 1);
    let answer = s
        .host
        .submit(Submission {
            game: "spring",
            source: "mail",
            sender: Some("bob@players.test"),
            message_id: None,
            name: "orders",
            bytes: mailed.as_bytes(),
            authenticated: None,
        })
        .await
        .unwrap();
    let by_mail = s
        .host
        .store()
        .orders_of("spring", 2, "f6")
        .await
        .unwrap()
        .unwrap();
    assert_ne!(by_mail.submission, by_web.submission);
    assert_eq!(by_mail.text, by_web.text);
    let line = |t: &str| t.replace(" (replacing earlier ones)", "");
    assert!(
        page.body.contains(&line(&answer.receipts[0].line)),
        "{}\n{}",
        answer.text,
        page.body
    );

    // Without the password, a mail is refused; the web needed none.
    let unsigned = s
        .host
        .submit(Submission {
            game: "spring",
            source: "mail",
            sender: Some("bob@players.test"),
            message_id: None,
            name: "orders",
            bytes: orders.as_bytes(),
            authenticated: None,
        })
        .await
        .unwrap();
    assert_eq!(unsigned.refused, 1, "{}", unsigned.text);
    let _ = s.stop.send(true);
}

on_both!(editor, the_editor_checks_and_sends_exactly_as_mail);

async fn logins_answer_plainly_then_wait_and_logouts_end_sessions(location: Location) {
    let s = site(location).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut c = Client::new(&base);
        // A wrong password, a wrong seat, a wrong game: the same answer.
        for (game, seat, p) in [
            ("spring", "f5", "nope"),
            ("spring", "f99", pw.as_str()),
            ("winter", "f5", pw.as_str()),
        ] {
            let csrf = c.csrf("/");
            let got = c.post_form(
                "/login",
                &[
                    ("csrf", &csrf),
                    ("game", game),
                    ("seat", seat),
                    ("password", p),
                ],
            );
            assert_eq!(got.status, 303);
            let to = got.location.unwrap();
            assert!(to.starts_with("/?failed="), "{to}");
            let page = c.get(&to).body;
            assert!(
                page.contains("The game, the faction (or character) or the password is wrong."),
                "{page}"
            );
            assert!(!c.logged_in());
        }
        // A form without its cookie is refused.
        let mut stranger = Client::new(&base);
        let got = stranger.post_form(
            "/login",
            &[
                ("csrf", "x"),
                ("game", "spring"),
                ("seat", "f5"),
                ("password", &pw),
            ],
        );
        assert_eq!(got.status, 400);
        assert!(got.body.contains("this form has expired"));
        // Too many wrong passwords for a seat: it waits, even for the right one.
        for _ in 0..8 {
            let csrf = c.csrf("/");
            c.post_form(
                "/login",
                &[
                    ("csrf", &csrf),
                    ("game", "spring"),
                    ("seat", "f5"),
                    ("password", "nope"),
                ],
            );
        }
        let csrf = c.csrf("/");
        let got = c.post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("game", "spring"),
                ("seat", "f5"),
                ("password", &pw),
            ],
        );
        assert_eq!(got.status, 429, "{}", got.body);
        assert!(got.body.contains("try again in"), "{}", got.body);
        // Another seat is not held up.
        let mut d = Client::new(&base);
        let csrf = d.csrf("/");
        let got = d.post_form(
            "/login",
            &[
                ("csrf", &csrf),
                ("game", "spring"),
                ("seat", "f6"),
                ("password", "nope"),
            ],
        );
        assert_eq!(got.status, 303);
    })
    .await;
    // f7's session, copied before log-out, no longer works after it.
    let (base, f7) = (s.base.clone(), s.spring[2].clone());
    blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f7", &f7);
        let copy = p.clone();
        let csrf = p.csrf("/games/spring");
        let got = p.post_form("/logout", &[("csrf", &csrf)]);
        assert_eq!((got.status, got.location.as_deref()), (303, Some("/")));
        assert!(!p.logged_in());
        let mut copy = copy;
        assert!(copy.logged_in());
        assert_eq!(copy.get("/games/spring").status, 303);
    })
    .await;
    let _ = s.stop.send(true);
}

on_both!(
    logins,
    logins_answer_plainly_then_wait_and_logouts_end_sessions
);

async fn api_tokens_read_and_write_their_seat_only(location: Location) {
    let s = site(location).await;
    let orders = s.studying_orders("f5").await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let token = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let csrf = p.csrf("/games/spring/tokens");
        let made = p.post_form(
            "/games/spring/tokens",
            &[("csrf", &csrf), ("label", "my mapper")],
        );
        assert_eq!(made.location.as_deref(), Some("/games/spring/tokens"));
        let page = p.get("/games/spring/tokens").body;
        assert!(page.contains("my mapper"), "{page}");
        // Shown once: a reload does not show it again.
        assert!(
            !p.get("/games/spring/tokens")
                .body
                .contains("id=\"new-token\"")
        );
        attribute(&page, "id=\"new-token\">").map(|t| t.split('<').next().unwrap().to_string())
    })
    .await
    .unwrap_or_default();
    // The token is shown once; it was cut at the tag's end.
    let token = token.trim().to_string();
    assert_eq!(token.len(), 64, "{token}");
    let (base, t, o) = (s.base.clone(), token.clone(), orders.clone());
    let (me, report, sent, check, bad_turn) = blocking(move || {
        let mut api = Client::with_token(&base, &t);
        (
            api.get("/api/v1/me"),
            api.get("/api/v1/reports/latest"),
            api.post("/api/v1/orders", &[("content-type", "text/plain")], &o),
            api.post(
                "/api/v1/check",
                &[("content-type", "application/json")],
                &serde_json::json!({"text": "#GAME f05 x spring\nFLY\n#END\n"}).to_string(),
            ),
            api.get("/api/v1/reports/soon"),
        )
    })
    .await;
    let me: Value = serde_json::from_str(&me.body).unwrap();
    assert_eq!(
        (
            me["game"].as_str(),
            me["seat"].as_str(),
            me["collecting"].as_u64()
        ),
        (Some("spring"), Some("f5"), Some(2))
    );
    let report: Value = serde_json::from_str(&report.body).unwrap();
    let stored = s
        .host
        .store()
        .report("spring", "f5", None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(report["text"].as_str(), Some(stored.text.as_str()));
    assert_eq!(report["turn"].as_u64(), Some(1));
    assert!(report["report"]["locations"].is_array());
    let sent: Value = serde_json::from_str(&sent.body).unwrap();
    assert_eq!(sent["stored"], Value::Bool(true), "{sent}");
    let kept = s
        .host
        .store()
        .orders_of("spring", 2, "f5")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        s.host
            .store()
            .submission(kept.submission)
            .await
            .unwrap()
            .unwrap()
            .source,
        "api"
    );
    let check: Value = serde_json::from_str(&check.body).unwrap();
    assert!(
        check["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "E0102"),
        "{check}"
    );
    assert_eq!(bad_turn.status, 400);

    // Revoked: refused from then on.
    let (base, pw, t) = (s.base.clone(), s.spring[0].clone(), token.clone());
    let after = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let csrf = p.csrf("/games/spring/tokens");
        let got = p.post_form(
            "/games/spring/tokens/revoke",
            &[
                ("csrf", &csrf),
                ("token", &umpire_host::host::web::token_hash(&t)),
            ],
        );
        assert_eq!(got.status, 303, "{}", got.body);
        assert!(p.get("/games/spring/tokens").body.contains("revoked"));
        Client::with_token(&base, &t).get("/api/v1/me")
    })
    .await;
    assert_eq!(after.status, 401);
    assert!(after.body.contains("revoked"), "{}", after.body);
    let _ = s.stop.send(true);
}

on_both!(api, api_tokens_read_and_write_their_seat_only);

async fn the_desk_runs_the_game(location: Location) {
    let s = site(location).await;
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let pages = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let csrf = gm.csrf("/desk/games/spring");
        // Each control: its answer, and the page it leads to (twice: a
        // reload shows the result no more and does nothing again).
        let mut act = |fields: &[(&str, &str)]| {
            let mut all = vec![("csrf", csrf.as_str())];
            all.extend_from_slice(fields);
            let got = gm.post_form("/desk/games/spring/act", &all);
            let (shown, again) = match got.location.as_deref() {
                Some(to) if got.status == 303 => (gm.get(to), gm.get(to)),
                _ => (gm.get("/desk/games/spring"), gm.get("/desk/games/spring")),
            };
            (got, shown, again)
        };
        vec![
            act(&[("action", "pause")]),
            act(&[("action", "resume")]),
            act(&[
                ("action", "join"),
                ("name", "Newcomers"),
                ("address", "new@players.test"),
            ]),
            act(&[("action", "resend"), ("seat", "f5")]),
            act(&[("action", "extend"), ("by", "soon")]),
            act(&[("action", "fly")]),
            act(&[("action", "run")]),
            act(&[("action", "run"), ("confirm", "yes")]),
        ]
    })
    .await;
    let said: Vec<(u16, Option<String>, bool, bool)> = pages
        .iter()
        .zip([
            "Paused: no turn runs by itself.",
            "Resumed.",
            "joined; password",
            "report of turn 1 is queued again",
            "is not a duration",
            "there is no control `fly`",
            "Run turn 2 of spring now?",
            "Turn 2 ran and is kept.",
        ])
        .map(|((got, shown, again), want)| {
            let first = got.body.contains(want) || shown.body.contains(want);
            (
                got.status,
                got.location.clone(),
                first,
                again.body.contains(want) && got.status == 303 && !want.ends_with('?'),
            )
        })
        .collect();
    let game = Some("/desk/games/spring".to_string());
    assert_eq!(
        said,
        vec![
            (303, game.clone(), true, false),
            (303, game.clone(), true, false),
            (303, game.clone(), true, false),
            (303, game.clone(), true, false),
            (400, None, true, false),
            (400, None, true, false),
            (
                303,
                Some("/desk/games/spring/confirm?action=run".to_string()),
                true,
                false
            ),
            (303, game, true, false),
        ],
        "{:#?}",
        pages
            .iter()
            .map(|(p, s, _)| format!(
                "{} {:?}\n{}",
                p.status,
                p.location,
                &s.body[s.body.find("<main>").unwrap_or(0)..]
            ))
            .collect::<Vec<_>>()
    );
    let g = s.host.game("spring").await.unwrap();
    assert_eq!((g.turn, g.status), (2, Status::Open));
    let seats = s.host.store().seats("spring").await.unwrap();
    assert!(seats.iter().any(|x| x.name == "Newcomers"), "{seats:?}");
    let audit = s.host.store().audit(Some("spring")).await.unwrap();
    for what in ["pause", "resume", "join", "resend"] {
        assert!(
            audit
                .iter()
                .any(|a| a.action == what && a.actor == "gm@desk"),
            "{what}: {audit:?}"
        );
    }
    let _ = s.stop.send(true);
}

on_both!(desk, the_desk_runs_the_game);

async fn en_garde_players_log_in_by_name(location: Location) {
    let s = site(location).await;
    let (base, athos) = (s.base.clone(), s.paris[0].clone());
    let (report, orders, help) = blocking(move || {
        let mut p = Client::new(&base);
        p.login("paris", "Athos", &athos.1);
        (
            p.get("/games/paris"),
            p.get("/games/paris/orders"),
            p.get("/games/paris/help"),
        )
    })
    .await;
    assert_eq!(report.status, 200);
    assert!(report.body.contains("Athos"), "{}", report.body);
    assert_eq!(orders.status, 200);
    assert!(orders.body.contains("Orders for turn 1"), "{}", orders.body);
    assert_eq!(help.status, 200);
    // En Garde! has no newspaper form to send to.
    let _ = s.stop.send(true);
}

on_both!(en_garde, en_garde_players_log_in_by_name);
