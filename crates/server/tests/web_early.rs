//! A game whose turns run early, over a real port: the orders page says
//! how many seats the turn waits for and offers the player Ready, then
//! Not ready (forms, no script); a `#READY` line typed in the editor
//! counts as the button does; the desk shows each seat's readiness and
//! when the early run would happen, and sets the setting, audited.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::web::{Client, blocking, site};
use umpire_host::host::{Early, Settings};
use umpire_host::testing;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ready_button_marks_the_orders_sent_and_the_desk_shows_it() {
    let s = site(testing::sqlite("web-early")).await;
    s.host
        .set_early("spring", Some(Early::Ready), Some(15), "gm")
        .await
        .unwrap();
    let orders = s
        .studying_orders("f5")
        .await
        .replacen("PASSWORD", "\"\"", 1);
    let (base, pw, text) = (s.base.clone(), s.spring[0].clone(), orders.clone());
    let (before, sent, page, marked, ready_page, unmarked, unready_page, stale) =
        blocking(move || {
            let mut p = Client::new(&base);
            p.login("spring", "f5", &pw);
            let before = p.get("/games/spring/orders");
            let csrf = p.csrf("/games/spring/orders");
            let sent = p.post_form("/games/spring/orders", &[("csrf", &csrf), ("text", &text)]);
            let page = p.get(sent.location.as_deref().unwrap());
            let marked = p.post_form("/games/spring/ready", &[("csrf", &csrf), ("ready", "yes")]);
            let ready_page = p.get("/games/spring/orders");
            let unmarked = p.post_form("/games/spring/ready", &[("csrf", &csrf), ("ready", "no")]);
            let unready_page = p.get("/games/spring/orders");
            let stale = p.post_form(
                "/games/spring/ready",
                &[("csrf", "not-the-token"), ("ready", "yes")],
            );
            (
                before,
                sent,
                page,
                marked,
                ready_page,
                unmarked,
                unready_page,
                stale,
            )
        })
        .await;

    // Before any orders: the rule and the count, and no button.
    let b = &before.body;
    assert!(
        b.contains("Turn 2 runs early once every seat has marked its orders ready, 15 minutes after the last change."),
        "{b}"
    );
    assert!(b.contains("It still waits for 3 seats."), "{b}");
    assert!(!b.contains("action=\"/games/spring/ready\""), "{b}");

    // Orders sent without a word: the receipt says they are not marked
    // ready, and the page offers Ready.
    assert_eq!(sent.status, 303);
    let p = &page.body;
    assert!(
        p.contains("not marked ready (add a #READY line, or press Ready on the orders page, when they are final); turn 2 runs early once every seat is ready: it still waits for 3 seats"),
        "{p}"
    );
    assert!(p.contains("Your orders are not marked ready yet."), "{p}");
    assert!(p.contains("action=\"/games/spring/ready\""), "{p}");
    assert!(p.contains("name=\"ready\" value=\"yes\""), "{p}");
    for other in ["f6", "f7"] {
        assert!(!p.contains(&format!("waits for {other}")), "{p}");
    }

    // Ready: POST, redirect, GET; the mark is kept and Not ready offered.
    assert_eq!(
        (marked.status, marked.location.as_deref()),
        (303, Some("/games/spring/orders#ready"))
    );
    let r = &ready_page.body;
    assert!(r.contains("Your orders are marked ready."), "{r}");
    assert!(r.contains("It still waits for 2 seats."), "{r}");
    assert!(r.contains("name=\"ready\" value=\"no\""), "{r}");
    assert_eq!(unmarked.status, 303);
    let u = &unready_page.body;
    assert!(
        u.contains("You said not ready: the turn does not run early until you are."),
        "{u}"
    );
    // A form without the page's token changes nothing.
    assert_eq!(stale.status, 400);
    let marks = s.host.store().marks("spring", 2).await.unwrap();
    assert_eq!(marks.len(), 1);
    assert_eq!((marks[0].seat.as_str(), marks[0].ready), ("f5", false));

    // A #READY line typed in the editor marks them too.
    let (base, pw, text) = (
        s.base.clone(),
        s.spring[0].clone(),
        orders.replace("#END", "#READY\n#END"),
    );
    let typed = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let csrf = p.csrf("/games/spring/orders");
        let sent = p.post_form("/games/spring/orders", &[("csrf", &csrf), ("text", &text)]);
        p.get(sent.location.as_deref().unwrap())
    })
    .await;
    assert!(
        typed.body.contains(
            "; marked ready; turn 2 runs early once every seat is ready: it still waits for 2 seats"
        ),
        "{}",
        typed.body
    );
    let marks = s.host.store().marks("spring", 2).await.unwrap();
    assert_eq!((marks[0].seat.as_str(), marks[0].ready), ("f5", true));
    let kept = s
        .host
        .store()
        .orders_of("spring", 2, "f5")
        .await
        .unwrap()
        .unwrap();
    assert!(!kept.text.contains("READY"), "{}", kept.text);
    the_desk_shows_each_seats_readiness_and_sets_early_runs(&s).await;
}

/// The desk: each seat's readiness, the count, and the setting changed,
/// audited (f5 ready, f6 and f7 without orders).
async fn the_desk_shows_each_seats_readiness_and_sets_early_runs(s: &support::web::Site) {
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let (desk_page, set, after) = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let page = gm.get("/desk/games/spring");
        let csrf = gm.csrf("/desk/games/spring");
        let set = gm.post_form(
            "/desk/games/spring/act",
            &[
                ("csrf", &csrf),
                ("action", "early"),
                ("early", "sent"),
                ("grace", "30"),
            ],
        );
        let after = gm.get("/desk/games/spring");
        (page, set, after)
    })
    .await;
    let d = &desk_page.body;
    assert!(
        d.contains("Turn 2 waits for 2 of 3 seat(s) before it may run early."),
        "{d}"
    );
    let row = |seat: &str| {
        let start = d.find(&format!("data-seat=\"{seat}\"")).unwrap();
        let end = d[start..].find("</tr>").unwrap();
        d[start..start + end].to_string()
    };
    assert!(row("f5").contains("ready (marked)"), "{}", row("f5"));
    assert!(row("f6").contains("no orders yet"), "{}", row("f6"));
    assert_eq!(set.status, 303);
    assert!(
        after.body.contains("Early runs: a turn runs early when every seat in play has sent orders; grace 30 minutes."),
        "{}",
        after.body
    );
    let g = s.host.game("spring").await.unwrap();
    let settings = Settings::of_row(&g);
    assert_eq!((settings.early, settings.grace_minutes), (Early::Sent, 30));
    let audit = s.host.store().audit(Some("spring")).await.unwrap();
    assert!(
        audit.iter().any(|a| a.action == "early"
            && a.actor == "gm@desk"
            && a.detail.starts_with("early sent")),
        "{audit:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_program_reads_the_early_run_and_marks_its_orders_ready() {
    let s = site(testing::sqlite("api-early")).await;
    s.host
        .set_early("spring", Some(Early::Sent), Some(10), "gm")
        .await
        .unwrap();
    let token = s.host.new_token("spring", "f5", "bot").await.unwrap();
    let orders = s
        .studying_orders("f5")
        .await
        .replacen("PASSWORD", "\"\"", 1);
    let (base, token) = (s.base.clone(), token.expose().to_string());
    let (refused, deadline, sent, marked, after, bad) = blocking(move || {
        let mut c = Client::with_token(&base, &token);
        let json = [("Content-Type", "application/json")];
        let refused = c.post("/api/v1/ready", &json, "{\"ready\": true}");
        let sent = c.post("/api/v1/orders", &[], &orders);
        let deadline = c.get("/api/v1/deadline");
        let marked = c.post("/api/v1/ready", &json, "{\"ready\": false}");
        let after = c.get("/api/v1/deadline");
        let bad = c.post("/api/v1/ready", &json, "{\"ready\": \"yes\"}");
        (refused, deadline, sent, marked, after, bad)
    })
    .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body.contains(
            "f5 has sent no orders for turn 2 yet: send them first, then mark them ready"
        ),
        "{}",
        refused.body
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    let v: serde_json::Value = serde_json::from_str(&deadline.body).unwrap();
    assert_eq!(v["early"]["mode"], "sent");
    assert_eq!(v["early"]["grace_minutes"], 10);
    assert_eq!(v["early"]["waiting"], 2);
    assert_eq!(v["early"]["ready"], true);
    assert_eq!(v["early"]["marked"], serde_json::Value::Null);
    assert_eq!(v["early"]["at"], serde_json::Value::Null);
    assert_eq!(marked.status, 200, "{}", marked.body);
    let m: serde_json::Value = serde_json::from_str(&marked.body).unwrap();
    assert_eq!(
        (m["turn"].as_u64(), m["ready"].as_bool()),
        (Some(2), Some(false))
    );
    assert_eq!(
        m["line"],
        "f5: orders for turn 2; marked not ready: turn 2 does not run early until you send orders again or mark them ready"
    );
    let a: serde_json::Value = serde_json::from_str(&after.body).unwrap();
    assert_eq!(
        (
            a["early"]["waiting"].as_u64(),
            a["early"]["ready"].as_bool()
        ),
        (Some(3), Some(false))
    );
    assert_eq!(a["early"]["marked"], false);
    assert_eq!(bad.status, 400, "{}", bad.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ready_button_refuses_the_wrong_identity_and_changes_nothing() {
    let s = site(testing::sqlite("web-early-identity")).await;
    s.host
        .set_early("spring", Some(Early::Sent), Some(10), "gm")
        .await
        .unwrap();
    let orders = s.studying_orders("f5").await;
    let answer = s
        .host
        .submit(umpire_host::host::Submission {
            game: "spring",
            source: "mail",
            sender: Some("f5@players.test"),
            message_id: None,
            name: "mail",
            bytes: orders.replacen("PASSWORD", &s.spring[0], 1).as_bytes(),
            authenticated: None,
        })
        .await
        .unwrap();
    assert_eq!(answer.refused, 0, "{}", answer.text);
    let (base, athos, desk) = (s.base.clone(), s.paris[0].clone(), s.desk_password.clone());
    let (nobody, other, gm) = blocking(move || {
        let mut nobody = Client::new(&base);
        let a = nobody.post_form("/games/spring/ready", &[("csrf", "x"), ("ready", "no")]);
        let mut other = Client::new(&base);
        other.login("paris", &athos.0, &athos.1);
        let csrf = other.csrf("/games/paris/orders");
        let b = other.post_form("/games/spring/ready", &[("csrf", &csrf), ("ready", "no")]);
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let csrf = gm.csrf("/desk/games/spring");
        let c = gm.post_form("/games/spring/ready", &[("csrf", &csrf), ("ready", "no")]);
        (a, b, c)
    })
    .await;
    assert_eq!(
        (nobody.status, nobody.location.as_deref()),
        (303, Some("/?login=1"))
    );
    assert_eq!(other.status, 403, "{}", other.body);
    assert_eq!(gm.status, 403, "{}", gm.body);
    assert!(s.host.store().marks("spring", 2).await.unwrap().is_empty());
    let r = s.host.readiness("spring").await.unwrap();
    assert_eq!(r.seats.iter().filter(|x| x.ready).count(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editors_check_reads_ready_lines_as_the_host_does() {
    let s = site(testing::sqlite("web-early-check")).await;
    let orders = s
        .studying_orders("f5")
        .await
        .replacen("PASSWORD", "\"\"", 1);
    let with_words = orders.replace("#END", "#READY\n#NOTREADY\n#END");
    let plain = s.host.check_orders("spring", "f5", &orders).await.unwrap();
    let worded = s
        .host
        .check_orders("spring", "f5", &with_words)
        .await
        .unwrap();
    // The same findings: the words' lines are not orders, and no other
    // line moves (the words come after every unit's line).
    let said = |d: &[umpire_core::Diagnostic]| {
        d.iter()
            .map(|x| format!("{} {}", x.code, x.message))
            .collect::<Vec<_>>()
    };
    assert_eq!(said(&worded), said(&plain));
}
