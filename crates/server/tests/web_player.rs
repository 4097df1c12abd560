//! A player's pages over a real port: orders with errors held back with
//! what would be left out and what each unit would do; the receipt that
//! leads with it; a checker that knows who is logged in; drafts kept on
//! the server; a template without a password placeholder; one spelling
//! of a seat; a deadline counted down; a first report that leads with
//! the units and what they will do.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use serde_json::Value;
use support::web::{Client, attribute, blocking, site};
use umpire_host::testing;

/// f5's first two units, from its template.
async fn two_units(s: &support::web::Site) -> (String, String) {
    let t = s
        .host
        .store()
        .report("spring", "f5", None)
        .await
        .unwrap()
        .unwrap()
        .template
        .unwrap();
    let units: Vec<String> = t
        .lines()
        .filter_map(|l| l.strip_prefix("UNIT "))
        .map(|u| u.split_whitespace().next().unwrap().to_string())
        .collect();
    assert!(units.len() >= 2, "{t}");
    (units[0].clone(), units[1].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_with_errors_are_held_back_then_the_receipt_leads_with_what_was_left_out() {
    let s = site(testing::sqlite("left-out")).await;
    let (a, b) = two_units(&s).await;
    let text =
        format!("#GAME f05 \"\" spring\nUNIT {a}\nMOVE nowhere\nUNIT {b}\nSTUDY scou\n#END\n");
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let (t, a2, b2) = (text.clone(), a.clone(), b.clone());
    let (held, warned, nothing_yet) = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let csrf = p.csrf("/games/spring/orders");
        let held = p.post_form("/games/spring/orders", &[("csrf", &csrf), ("text", &t)]);
        let warned = p.get(held.location.as_deref().unwrap_or("/"));
        (held, warned, (a2, b2))
    })
    .await;
    let _ = nothing_yet;
    // Not sent: the page says which line would go and what the unit would do.
    assert_eq!(held.status, 303);
    assert!(
        held.location
            .as_deref()
            .unwrap()
            .starts_with("/games/spring/orders?check=1"),
        "{:?}",
        held.location
    );
    assert!(
        s.host
            .store()
            .orders_of("spring", 2, "f5")
            .await
            .unwrap()
            .is_none()
    );
    let w = &warned.body;
    assert!(w.contains("1 line would be left out"), "{w}");
    assert!(w.contains("<code>MOVE nowhere</code>"), "{w}");
    assert!(
        w.contains(&format!("{a} will do: <code>WORK</code>")),
        "{w}"
    );
    assert!(w.contains("name=\"anyway\" value=\"yes\""), "{w}");
    // The draft is what the editor shows.
    assert!(w.contains("MOVE nowhere\n"), "{w}");

    // Sent anyway: stored without the line, and the receipt leads with it.
    let (base, pw, t) = (s.base.clone(), s.spring[0].clone(), text.clone());
    let (sent, receipt, report) = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let csrf = p.csrf("/games/spring/orders");
        let sent = p.post_form(
            "/games/spring/orders",
            &[("csrf", &csrf), ("text", &t), ("anyway", "yes")],
        );
        let receipt = p.get(sent.location.as_deref().unwrap_or("/"));
        (sent, receipt, p.get("/games/spring"))
    })
    .await;
    assert_eq!(sent.status, 303);
    let r = &receipt.body;
    let left = r
        .find("1 line was left out")
        .unwrap_or_else(|| panic!("{r}"));
    let stored = r.find("What was stored").unwrap();
    assert!(left < stored, "the receipt leads with what was left out");
    assert!(
        r.contains(&format!("{a} will do: <code>WORK</code>")),
        "{r}"
    );
    assert!(
        r.contains(&format!("{b} will do: <code>STUDY"))
            || !r.contains(&format!("data-unit=\"{b}\"")),
        "{r}"
    );
    let kept = s
        .host
        .store()
        .orders_of("spring", 2, "f5")
        .await
        .unwrap()
        .unwrap();
    assert!(!kept.text.contains("nowhere"), "{}", kept.text);
    // The banner is not a green "in" any more.
    for page in [r, &report.body] {
        assert!(page.contains("are in, but 1 line was left out"), "{page}");
        assert!(!page.contains("<p class=\"ok\">Your orders"), "{page}");
    }
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_checker_knows_who_is_logged_in() {
    let s = site(testing::sqlite("checker-seat")).await;
    let token = s.host.new_token("spring", "f5", "t").await.unwrap();
    let token = token.expose().to_string();
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let (web, api) = blocking(move || {
        let text = "#GAME f06 \"\" spring\nUNIT U1\nWORK\n#END\n";
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let page = p.get("/games/spring/orders").body;
        let csrf = attribute(&page, "data-csrf=\"").unwrap();
        let web = p.post(
            "/games/spring/check",
            &[
                ("content-type", "application/json"),
                ("x-csrf-token", &csrf),
            ],
            &serde_json::json!({ "text": text }).to_string(),
        );
        let api = Client::with_token(&base, &token).post(
            "/api/v1/check",
            &[("content-type", "text/plain")],
            text,
        );
        (web, api)
    })
    .await;
    for got in [web, api] {
        let v: Value = serde_json::from_str(&got.body).unwrap();
        let d = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["code"] == "H0001")
            .unwrap_or_else(|| panic!("no H0001 in {v}"));
        assert_eq!(d["line"], 1);
        assert_eq!(d["severity"], "error");
        assert!(d["message"].as_str().unwrap().contains("f06"), "{d}");
    }
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_orders_are_kept_as_a_draft_until_sent() {
    let s = site(testing::sqlite("drafts")).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let orders = s.studying_orders("f5").await;
    let o = orders.clone();
    blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let page = p.get("/games/spring/orders").body;
        let csrf = attribute(&page, "data-csrf=\"").unwrap();
        // The script keeps what is typed.
        let kept = p.post(
            "/games/spring/draft",
            &[
                ("content-type", "application/json"),
                ("x-csrf-token", &csrf),
            ],
            &serde_json::json!({ "text": "#GAME f05 \"\" spring\nUNIT U1\nHALF WRITTEN\n" })
                .to_string(),
        );
        assert_eq!(kept.status, 200, "{}", kept.body);
        // Without the form's token, nothing is kept.
        let refused = p.post(
            "/games/spring/draft",
            &[("content-type", "application/json")],
            "{\"text\": \"x\"}",
        );
        assert_eq!(refused.status, 403);
        // Coming back: the draft is there.
        let back = p.get("/games/spring/orders").body;
        assert!(back.contains("HALF WRITTEN"), "{back}");
        // Kept by the form too, without a script.
        let form = p.post_form(
            "/games/spring/orders",
            &[
                ("csrf", &csrf),
                ("text", "#GAME f05 \"\" spring\nSECOND DRAFT\n"),
                ("keep", "draft"),
            ],
        );
        assert_eq!(
            form.location.as_deref(),
            Some("/games/spring/orders?kept=1")
        );
        let back = p.get("/games/spring/orders?kept=1").body;
        assert!(
            back.contains("SECOND DRAFT") && back.contains("Your draft is kept"),
            "{back}"
        );
        // Sent: the draft goes, the orders sent are shown.
        let sent = p.post_form("/games/spring/orders", &[("csrf", &csrf), ("text", &o)]);
        assert_eq!(sent.status, 303, "{}", sent.body);
        let back = p.get("/games/spring/orders").body;
        assert!(!back.contains("SECOND DRAFT"), "{back}");
        assert!(back.contains("STUDY scou"), "{back}");
    })
    .await;
    assert!(
        s.host
            .store()
            .draft("spring", "f5")
            .await
            .unwrap()
            .is_none()
    );
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_orders_page_writes_no_password_one_spelling_and_a_countdown() {
    let s = site(testing::sqlite("orders-page")).await;
    s.host
        .set_schedule("spring", Some("every 3 days"), None, "gm")
        .await
        .unwrap();
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let (orders, report) = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        (
            p.get("/games/spring/orders").body,
            p.get("/games/spring").body,
        )
    })
    .await;
    let text = attribute(&orders, "data-help=\"/games/spring/help/\">")
        .map(|t| t.replace("&quot;", "\""))
        .unwrap_or_default();
    let _ = text;
    assert!(orders.contains("#GAME f05 &quot;&quot; spring"), "{orders}");
    assert!(!orders.contains("PASSWORD"), "{orders}");
    // The seat is written as the game writes it, on every page.
    for page in [&orders, &report] {
        assert!(page.contains("class=\"muted seat\">f05<"), "{page}");
        assert!(!page.contains(">f5<"), "{page}");
    }
    // The orders page's link to write them stays on the page.
    let card = &orders[orders.find("class=\"card coming\"").unwrap()..];
    let card = &card[..card.find("</section>").unwrap()];
    assert!(!card.contains("href=\"/games/spring/orders\""), "{card}");
    assert!(card.contains("href=\"#write\""), "{card}");
    // The deadline counts down.
    assert!(card.contains("data-until=\""), "{card}");
    assert!(
        card.contains("(in 2 days") || card.contains("(in 3 days"),
        "{card}"
    );
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_report_leads_with_the_units_and_what_they_will_do() {
    let s = site(testing::sqlite("first-report")).await;
    let (a, _) = two_units(&s).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    let page = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        p.get("/games/spring/reports/0").body
    })
    .await;
    let units = page
        .find("Your units and what they will do")
        .unwrap_or_else(|| panic!("{page}"));
    let knowledge = page
        .find("New knowledge")
        .unwrap_or_else(|| panic!("{page}"));
    assert!(units < knowledge);
    assert!(page.contains(&format!("data-unit=\"{a}\"")), "{page}");
    // The knowledge is folded.
    let before = &page[..knowledge];
    assert!(
        before.rfind("<details id=\"knowledge\">").is_some(),
        "{page}"
    );
    let _ = s.stop.send(true);
}
