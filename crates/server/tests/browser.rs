//! A player's evening in a real headless Chromium, and the game master's
//! look at it: log in, read the report, open the map and follow a hex to
//! its place, type a wrong order and see its finding on its line, fix it,
//! send it and see the receipt; the desk then shows the faction's orders
//! in. Then the player's own choices: Ready, leave and what they are
//! mailed, each kept across a reload, and the desk's record of each seat;
//! and a newcomer taking an open seat. Screenshots are kept in
//! `target/tmp/screenshots/` for a reviewer.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::browser::Browser;
use support::web::{blocking, site};
use umpire_host::envelope::Leave;
use umpire_host::host::{Early, Ran, Trigger};
use umpire_host::testing;

/// Mark a hex link wholly inside the map's view as `#tap-me` (the map
/// opens on the faction's units, so the first link may be out of view).
fn a_hex_in_view(b: &mut Browser) {
    let found = b.js(
        "var svg = document.querySelector('svg#map'); var r = svg.getBoundingClientRect();\
         var a = [...svg.querySelectorAll('a[href]')].find(a => { var p = a.querySelector('polygon').getBoundingClientRect();\
           return p.left >= r.left && p.right <= r.right && p.top >= r.top && p.bottom <= r.bottom; });\
         if (a) a.id = 'tap-me'; return !!a",
    );
    assert_eq!(found, serde_json::json!(true), "no hex wholly in view");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reads_writes_and_sends_orders_in_a_real_browser() {
    let s = site(testing::sqlite("browser-lite")).await;
    let (base, pw, desk) = (s.base.clone(), s.spring[0].clone(), s.desk_password.clone());
    let shots = blocking(move || {
        let mut b = Browser::start("player");

        // The start page, and a login.
        b.go(&format!("{base}/"));
        b.wait_for("the login form", "document.querySelector('#password')");
        b.screenshot("start");
        b.type_into("#game", "spring");
        b.type_into("#seat", "f5");
        b.type_into("#password", &pw);
        b.click("form[action='/login'] button[type=submit]");
        b.wait_for("the report", "location.pathname === '/games/spring'");

        // The report.
        let title = b.text("main h1");
        assert_eq!(title, "Turn 1 report for Faction 5 [f05]");
        let units = b.js("return document.querySelectorAll('details[id^=U]').length");
        assert!(units.as_u64().unwrap() >= 2, "{units}");
        b.screenshot("report");

        // The map; a hex leads to its place in the report, opened.
        b.click("header nav a[href='/games/spring/map']");
        b.wait_for("the map", "document.querySelector('svg#map polygon')");
        b.screenshot("map");
        a_hex_in_view(&mut b);
        let href = b
            .js("return document.querySelector('#tap-me').getAttribute('href')")
            .as_str()
            .unwrap()
            .to_string();
        let place = href.rsplit('#').next().unwrap().to_string();
        assert!(href.starts_with("/games/spring/reports/1#L"), "{href}");
        // A tap shows the place's summary; its link opens the report there.
        b.click("#tap-me");
        b.wait_for("the place's summary", "!document.querySelector('#place').hidden");
        let summary = b.text("#place h2");
        assert!(summary.contains(", at ") && summary.contains('['), "{summary}");
        b.click("#place-open");
        b.wait_for("the place in the report", &format!("location.hash === '#{place}'"));
        b.wait_for(
            "the place opened",
            &format!("document.getElementById('{place}') && document.getElementById('{place}').open"),
        );
        assert!(b.current().ends_with(&format!("/games/spring/reports/1#{place}")));
        b.screenshot("place");

        // The editor: a wrong order is marked on its line.
        b.click("header nav a[href='/games/spring/orders']");
        b.wait_for("the first check", "document.querySelector('#diagnostics').dataset.checked === 'true'");
        let template = b.js("return document.querySelector('#orders').value");
        assert!(template.as_str().unwrap().starts_with("#GAME f05 \"\" spring"), "{template}");
        b.type_into("#orders", "#GAME f05 \"\" spring\nUNIT U117\nMOVE nowhere\n#END\n");
        b.wait_for(
            "line 3 marked",
            "document.querySelector('#gutter span[data-line=\"3\"].error')",
        );
        let finding = b.text("#diagnostics li.error[data-line='3']");
        assert!(finding.contains("line 3: error E0308: expected a direction, found `nowhere`"), "{finding}");
        b.screenshot("wrong-order");

        // Fixed: the mark goes.
        b.type_into("#orders", "#GAME f05 \"\" spring\nUNIT U117\nMOVE OUT\n#END\n");
        b.wait_for(
            "no error left",
            "!document.querySelector('#gutter .error') && !document.querySelector('#diagnostics li.error') && document.querySelector('#diagnostics li')",
        );
        b.screenshot("fixed");

        // Sent: the receipt is the one a mail gets.
        b.click("form[action='/games/spring/orders'] button[type=submit]");
        b.wait_for("the receipt", "document.querySelector('#receipt')");
        assert!(b.current().contains("/games/spring/orders?sent="), "{}", b.current());
        let receipt = b.text("#receipt pre");
        assert_eq!(
            receipt,
            "f5: 1 unit's orders stored for turn 2\n\nf5's orders as stored, read back in canonical form (this is what runs):\n\nGAME f05 ******** spring\nUNIT U117\nMOVE OUT\nEND"
        );
        b.screenshot("receipt");

        // Log out; the desk shows f5's orders in.
        b.click("header form[action='/logout'] button");
        b.wait_for("logged out", "location.pathname === '/'");
        b.go(&format!("{base}/desk/login"));
        b.type_into("#name", "gm");
        b.type_into("#password", &desk);
        b.click("form[action='/desk/login'] button[type=submit]");
        b.wait_for("the desk", "location.pathname === '/desk'");
        b.click("a[href='/desk/games/spring']");
        b.wait_for("the game's page", "document.querySelector('tr[data-seat=f5]')");
        let row = b.text("tr[data-seat=f5]");
        assert!(row.starts_with("f5 Faction 5 a player orders in"), "{row}");
        let f6 = b.text("tr[data-seat=f6]");
        assert!(f6.contains("no orders yet"), "{f6}");
        b.screenshot("desk");
        b.shots.clone()
    })
    .await;
    // The screenshots are real pictures.
    let mut kept: Vec<_> = std::fs::read_dir(&shots)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    kept.sort();
    assert_eq!(kept.len(), 8, "{kept:?}");
    for k in &kept {
        let bytes = std::fs::read(k).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", k.display());
        assert!(bytes.len() > 5_000, "{} is nearly empty", k.display());
    }
    eprintln!("screenshots: {}", shots.display());
    let stored = s
        .host
        .store()
        .orders_of("spring", 2, "f5")
        .await
        .unwrap()
        .unwrap();
    assert!(stored.text.contains("MOVE OUT"), "{}", stored.text);
    let _ = s.stop.send(true);
}

/// The pages on a phone's screen: nothing wider than the screen, so
/// nothing needs scrolling sideways but the map, which scales to fit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_reads_the_report_map_and_orders_without_scrolling_sideways() {
    let s = site(testing::sqlite("phone-lite")).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut b = Browser::start("phone");
        b.resize(390, 844);
        let width = b.js("return window.innerWidth").as_u64().unwrap();
        assert!(width <= 420, "the window is {width} wide");
        player_login(&mut b, &base, &pw);
        for (path, ready, name) in [
            (
                "/games/spring",
                "document.querySelector('main h1')",
                "report",
            ),
            (
                "/games/spring/map",
                "document.querySelector('svg#map polygon')",
                "map",
            ),
            (
                "/games/spring/orders",
                "document.querySelector('#diagnostics').dataset.checked === 'true'",
                "orders",
            ),
            (
                "/games/spring/help/MOVE",
                "document.querySelector('main pre')",
                "help",
            ),
        ] {
            b.go(&format!("{base}{path}"));
            b.wait_for(name, ready);
            let wide = b.js(
                "return [document.documentElement.scrollWidth, window.innerWidth, \
                 Math.round(document.querySelector('main').getBoundingClientRect().width)]",
            );
            let (page, screen, main) = (
                wide[0].as_u64().unwrap(),
                wide[1].as_u64().unwrap(),
                wide[2].as_u64().unwrap(),
            );
            assert!(
                page <= screen && main <= screen,
                "{path} is {page} wide (main {main}) on a {screen} screen"
            );
            if name == "map" {
                let map = b.js(
                    "return Math.round(document.querySelector('svg#map').getBoundingClientRect().width)",
                );
                assert!(map.as_u64().unwrap() <= width, "the map is {map} wide");
            }
            b.screenshot(name);
        }
    })
    .await;
    let _ = s.stop.send(true);
}

/// Log a browser in to f5 of spring from the start page.
fn player_login(b: &mut Browser, base: &str, password: &str) {
    seat_login(b, base, "f5", password);
}

/// Log a browser in to the desk.
fn desk_login(b: &mut Browser, base: &str, password: &str) {
    b.go(&format!("{base}/desk/login"));
    b.wait_for("the desk's login", "document.querySelector('#name')");
    b.type_into("#name", "gm");
    b.type_into("#password", password);
    b.click("form[action='/desk/login'] button[type=submit]");
    b.wait_for("the desk", "location.pathname === '/desk'");
}

/// Whether the page is no wider than the window.
fn fits(b: &mut Browser) -> (u64, u64) {
    let w = b.js("return [document.documentElement.scrollWidth, window.innerWidth]");
    (w[0].as_u64().unwrap(), w[1].as_u64().unwrap())
}

/// Every control of the desk in a real browser: each ends on the game's
/// own page (POST, redirect, GET) with its result, which a reload does
/// not repeat; the ones that cannot be undone ask first; every field has
/// a visible label; and the desk fits a 390-pixel phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_desk_redirects_after_every_control_and_fits_a_phone() {
    let s = site(testing::sqlite("browser-desk")).await;
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    blocking(move || {
        let mut b = Browser::start("desk");
        b.resize(390, 844);
        desk_login(&mut b, &base, &desk);
        let (page, screen) = fits(&mut b);
        assert!(page <= screen, "/desk is {page} wide on a {screen} screen");
        b.go(&format!("{base}/desk/games/spring"));
        b.wait_for("the game's page", "document.querySelector('tr[data-seat=f5]')");
        let (page, screen) = fits(&mut b);
        assert!(page <= screen, "the game's page is {page} wide on a {screen} screen");
        // Every field has a label one can see.
        let unlabelled = b.js(
            "return [...document.querySelectorAll('main input:not([type=hidden]), main select, main textarea')]\
             .filter(e => !(e.labels && [...e.labels].some(l => l.textContent.trim() && l.getBoundingClientRect().width > 0)))\
             .map(e => e.name)",
        );
        assert_eq!(unlabelled, serde_json::json!([]), "fields without a visible label");
        b.screenshot("desk-phone");

        let on_game_page = "location.pathname === '/desk/games/spring' && location.search === '' && document.querySelector('main p.flash')";
        let control = |name: &str| format!("form:has(input[name=action][value={name}]) button[type=submit]");
        for (name, said) in [
            ("pause", "Paused"),
            ("resume", "Resumed"),
            ("extend", "Deadline moved"),
            ("schedule", "Schedule set"),
            ("resend", "is queued again"),
        ] {
            if name == "schedule" {
                b.type_into("input[name=schedule]", "every 3 days");
            }
            b.click(&control(name));
            b.wait_for(&format!("the game's page after {name}"), on_game_page);
            let flash = b.text("main p.flash");
            assert!(flash.contains(said), "{name}: {flash}");
            // A reload shows the page without the result: nothing again.
            b.js("location.reload(); return true");
            b.wait_for(
                &format!("the page reloaded after {name}"),
                "document.readyState === 'complete' && document.querySelector('tr[data-seat=f5]') && !document.querySelector('main p.flash')",
            );
        }
        // Adding a player, by its labelled fields.
        b.type_into("input[name=name]", "Newcomers");
        b.type_into("input[name=address]", "new@players.test");
        b.click(&control("join"));
        b.wait_for("the page after join", on_game_page);
        assert!(b.text("main p.flash").contains("joined; password"));

        // Running asks first, on a page of its own that fits the phone.
        b.click(&control("run"));
        b.wait_for("the question", "location.pathname === '/desk/games/spring/confirm'");
        assert!(b.text("main h1").contains("Run turn 2 of spring now?"));
        let (page, screen) = fits(&mut b);
        assert!(page <= screen, "the question is {page} wide on a {screen} screen");
        b.screenshot("confirm-run");
        b.click("main form button[type=submit]");
        b.wait_for("the page after the run", on_game_page);
        assert!(b.text("main p.flash").contains("Turn 2 ran and is kept"));
        b.screenshot("ran");
        b.js("location.reload(); return true");
        b.wait_for(
            "the page reloaded after the run",
            "document.readyState === 'complete' && document.querySelector('section.card') && !document.querySelector('main p.flash')",
        );
        let state = b.text("main section.card p");
        assert!(state.starts_with("2 turn(s) run"), "a reload ran again: {state}");
        // Cancel does nothing.
        b.click(&control("rollback"));
        b.wait_for("the rollback's question", "location.pathname === '/desk/games/spring/confirm'");
        b.click("main a.button");
        b.wait_for("back", "location.pathname === '/desk/games/spring' && !document.querySelector('main p.flash')");
        for path in ["/desk/games/spring/inbox", "/desk/games/spring/outbox", "/desk/games/spring/audit"] {
            b.go(&format!("{base}{path}"));
            b.wait_for(path, "document.querySelector('main h1')");
            let (page, screen) = fits(&mut b);
            assert!(page <= screen, "{path} is {page} wide on a {screen} screen");
        }
        b.screenshot("audit-phone");
    })
    .await;
    let g = s.host.game("spring").await.unwrap();
    assert_eq!(g.turn, 2);
    let _ = s.stop.send(true);
}

/// Orders typed are kept as a draft on the server: leaving asks first,
/// and coming back finds them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draft_outlives_leaving_the_editor_in_a_real_browser() {
    let s = site(testing::sqlite("browser-draft")).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut b = Browser::start("draft");
        player_login(&mut b, &base, &pw);
        b.go(&format!("{base}/games/spring/orders"));
        b.wait_for("the editor", "document.querySelector('#diagnostics').dataset.checked === 'true'");
        b.type_into("#orders", "#GAME f05 \"\" spring\nUNIT U117\nSTUDY scou\n; half way\n");
        b.wait_for("the draft kept", "document.querySelector('#draft-state').dataset.kept === '1'");
        b.screenshot("draft-kept");
        // Leaving with orders not sent asks first.
        let asks = b.js(
            "var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented",
        );
        assert_eq!(asks, serde_json::json!(true));
        b.go(&format!("{base}/games/spring/map"));
        b.wait_for("the map", "location.pathname === '/games/spring/map'");
        b.go(&format!("{base}/games/spring/orders"));
        b.wait_for("the editor again", "document.querySelector('#orders')");
        let back = b.js("return document.querySelector('#orders').value");
        assert!(back.as_str().unwrap().contains("; half way"), "{back}");
        b.screenshot("draft-back");
    })
    .await;
    let kept = s.host.store().draft("spring", "f5").await.unwrap();
    assert!(kept.is_some_and(|(t, _)| t.contains("half way")));
    let _ = s.stop.send(true);
}

/// The map names its places at a size one reads, on a phone and a wide
/// screen; it has a legend, zoom buttons, and a tap shows a summary.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_map_names_places_readably_with_a_legend_and_zoom_buttons() {
    let s = site(testing::sqlite("browser-map")).await;
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut b = Browser::start("map");
        player_login(&mut b, &base, &pw);
        for (width, name) in [(390u32, "map-phone"), (1280, "map-wide")] {
            b.resize(width, 900);
            b.go(&format!("{base}/games/spring/map"));
            b.wait_for("the map", "document.querySelector('svg#map text.label')");
            // The names in view are readable: drawn at least 10 px high.
            let sizes = b.js(
                "var svg = document.querySelector('svg#map'); var r = svg.getBoundingClientRect();\
                 return [...svg.querySelectorAll('text.label')].map(t => t.getBoundingClientRect())\
                 .filter(b => b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom)\
                 .map(b => b.height)",
            );
            let sizes: Vec<f64> = sizes.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            assert!(!sizes.is_empty(), "no name in view at {width}");
            assert!(sizes.iter().all(|h| *h >= 10.0), "names too small at {width}: {sizes:?}");
            let (page, screen) = fits(&mut b);
            assert!(page <= screen, "the map page is {page} wide on a {screen} screen");
            // A legend of what the colours and marks mean.
            let legend = b.text("#legend");
            for words in ["a settlement", "your units", "others seen", "a road", "coordinates"] {
                assert!(legend.contains(words), "{legend}");
            }
            b.screenshot(name);
        }
        // Zoom buttons, for a phone that has no wheel.
        b.resize(390, 844);
        b.go(&format!("{base}/games/spring/map"));
        b.wait_for("the tools", "!document.querySelector('#map-tools').hidden");
        let width = || "return Number(document.querySelector('svg#map').getAttribute('viewBox').split(' ')[2])";
        let before = b.js(width()).as_f64().unwrap();
        b.click("button[data-zoom=in]");
        let closer = b.js(width()).as_f64().unwrap();
        assert!(closer < before, "{closer} after {before}");
        b.click("button[data-zoom=all]");
        let whole = b.js(width()).as_f64().unwrap();
        let all = b
            .js("return Number(document.querySelector('svg#map').dataset.all.split(' ')[2])")
            .as_f64()
            .unwrap();
        assert_eq!(whole, all, "the whole map");
        b.click("button[data-zoom=mine]");
        // A tap on a hex: its summary, with its coordinates.
        a_hex_in_view(&mut b);
        b.click("#tap-me");
        b.wait_for("the summary", "!document.querySelector('#place').hidden");
        let summary = b.text("#place");
        assert!(summary.contains(" at ") && summary.contains("Open it in the report"), "{summary}");
        b.screenshot("map-summary");
    })
    .await;
    let _ = s.stop.send(true);
}

/// A player of a game whose turns run early, in a real browser: sends
/// orders and presses Ready, and the page says they are ready, after a
/// reload too; goes on leave with the leave form and comes back; unticks
/// reminders and chooses reports attached, and the form shows what was
/// kept after a reload. When turn 2 has run, the desk's record counts
/// f5's orders on time, f6's turn on leave apart from missed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_marks_ready_goes_on_leave_and_chooses_their_mail_in_a_real_browser() {
    let s = site(testing::sqlite("browser-choices")).await;
    // Turn 2 runs early once every seat has marked its orders ready, an
    // hour after: nothing runs by itself while the test looks.
    s.host
        .set_early("spring", Some(Early::Ready), Some(60), "gm")
        .await
        .unwrap();
    let (base, pw) = (s.base.clone(), s.spring[0].clone());
    blocking(move || {
        let mut b = Browser::start("choices");
        player_login(&mut b, &base, &pw);

        // Orders first: the Ready button comes with them.
        b.go(&format!("{base}/games/spring/orders"));
        b.wait_for("the editor", "document.querySelector('#diagnostics').dataset.checked === 'true'");
        assert!(
            b.js("return !document.querySelector('form[action=\"/games/spring/ready\"]')") == serde_json::json!(true),
            "a Ready button before any orders"
        );
        b.type_into("#orders", "#GAME f05 \"\" spring\nUNIT U117\nMOVE OUT\n#END\n");
        b.wait_for(
            "no error",
            "!document.querySelector('#diagnostics li.error') && document.querySelector('#diagnostics li')",
        );
        b.click("form[action='/games/spring/orders'] button[type=submit]");
        b.wait_for("the receipt", "document.querySelector('#receipt')");
        assert_eq!(b.text("#ready-state"), "Your orders are not marked ready yet.");
        assert_eq!(b.text("form[action='/games/spring/ready'] button"), "Ready");

        // Ready: the page says so, and a reload still does.
        b.click("form[action='/games/spring/ready'] button[type=submit]");
        b.wait_for(
            "the orders marked ready",
            "location.pathname === '/games/spring/orders' && location.hash === '#ready' \
             && document.querySelector('#ready-state').textContent === 'Your orders are marked ready.'",
        );
        let ready = |b: &mut Browser| {
            assert_eq!(b.text("#ready-state"), "Your orders are marked ready.");
            assert_eq!(
                b.text("#ready p"),
                "Turn 2 runs early once every seat has marked its orders ready, 60 minutes after the last change. It still waits for 2 seats."
            );
            assert_eq!(b.text("form[action='/games/spring/ready'] button"), "Not ready");
        };
        ready(&mut b);
        b.screenshot("ready");
        b.js("location.reload(); return true");
        b.wait_for(
            "the orders page reloaded",
            "document.readyState === 'complete' && document.querySelector('#ready-state')",
        );
        ready(&mut b);

        // On leave for two turns (2 and 3), from the report page's form.
        b.go(&format!("{base}/games/spring"));
        b.wait_for("the leave form", "document.querySelector('form#leave select#leave-turns')");
        b.click("#leave-turns option[value='2']");
        b.click("form#leave button[type=submit]");
        b.wait_for(
            "on leave",
            "location.pathname === '/games/spring' && location.hash === '#leave' && document.querySelector('form#leave span')",
        );
        let away = "You are on leave until turn 3: no reminders, and turns on leave do not count as missed.";
        assert_eq!(b.text("form#leave span"), away);
        assert_eq!(b.text("form#leave button"), "Back from leave");
        b.screenshot("on-leave");
        b.js("location.reload(); return true");
        b.wait_for(
            "the report reloaded",
            "document.readyState === 'complete' && document.querySelector('form#leave')",
        );
        assert_eq!(b.text("form#leave span"), away);
        // And back.
        b.click("form#leave button[type=submit]");
        b.wait_for("back from leave", "document.querySelector('form#leave select#leave-turns')");
        assert_eq!(b.text("form#leave button"), "Go on leave");
        assert_eq!(
            b.js("return !!document.querySelector('form#leave span')"),
            serde_json::json!(false)
        );

        // Mail choices: no reminders, reports attached (messages from
        // other players still mailed).
        let checked = |b: &mut Browser| {
            b.js("return [document.querySelector('section#mail input[name=reminders]').checked, \
                 document.querySelector('section#mail input[name=report][value=body]').checked, \
                 document.querySelector('section#mail input[name=report][value=attached]').checked, \
                 document.querySelector('section#mail input[name=messages]').checked]")
        };
        assert_eq!(checked(&mut b), serde_json::json!([true, true, false, true]));
        b.click("section#mail input[name=reminders]");
        b.click("section#mail input[name=report][value=attached]");
        b.click("section#mail button[type=submit]");
        b.wait_for(
            "the choices kept",
            "location.hash === '#mail' && !document.querySelector('section#mail input[name=reminders]').checked",
        );
        b.js("location.reload(); return true");
        b.wait_for(
            "the report reloaded",
            "document.readyState === 'complete' && document.querySelector('section#mail')",
        );
        assert_eq!(checked(&mut b), serde_json::json!([false, false, true, true]));
        assert_eq!(
            b.text("section#mail p"),
            "Answers to what you send always go. reminders off; reports attached only; messages from other players mailed."
        );
        b.screenshot("mail-choices");
    })
    .await;
    let prefs = s.host.mail_prefs("spring", "f5").await.unwrap();
    assert_eq!(
        prefs.describe(),
        "reminders off; reports attached only; messages from other players mailed"
    );
    assert!(s.host.on_leave("spring").await.unwrap().is_empty());

    // f6 goes on leave for turn 2; turn 2 runs. f5 sent, f6 was away, f7
    // sent nothing (none of them sent for turn 1).
    s.host.leave("spring", "f6", Leave::Turns(1)).await.unwrap();
    let ran = s
        .host
        .run_turn("spring", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 2, .. }), "{ran:?}");
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    blocking(move || {
        let mut b = Browser::start("choices-desk");
        desk_login(&mut b, &base, &desk);
        b.go(&format!("{base}/desk/games/spring"));
        b.wait_for("the record", "document.querySelector('tr[data-record=f7]')");
        assert_eq!(b.text("h2#record"), "Each seat's record");
        assert_eq!(b.text("tr[data-record=f5]"), "f5 2 1 0 1");
        assert_eq!(b.text("tr[data-record=f6]"), "f6 2 0 0 1 (on leave 1)");
        assert_eq!(b.text("tr[data-record=f7]"), "f7 2 0 0 2");
        b.js("document.getElementById('record').scrollIntoView(); return true");
        b.screenshot("desk-record");
    })
    .await;
    let _ = s.stop.send(true);
}

/// A newcomer in a real browser: finds the seat the game master opened
/// on the page of open seats, asks for it with their address, types the
/// code mailed there (a wrong one first) and sees the answer; the seat
/// is no longer listed, the old password no longer logs
/// in, and the new one (mailed to the newcomer) opens the seat's report.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_takes_an_open_seat_in_a_real_browser() {
    let s = site(testing::sqlite("browser-open")).await;
    s.host.open_seat("spring", "f6", "gm").await.unwrap();
    let (base, old) = (s.base.clone(), s.spring[1].clone());
    let old_pw = old.clone();
    let b = blocking(move || {
        let mut b = Browser::start("newcomer");
        b.go(&format!("{base}/"));
        b.wait_for(
            "the start page",
            "document.querySelector('a[href=\"/open\"]')",
        );
        b.click("a[href='/open']");
        b.wait_for(
            "the open seats",
            "location.pathname === '/open' && document.querySelector('main table')",
        );
        let rows = b.js("return [...document.querySelectorAll('main table tr')].length");
        assert_eq!(
            rows,
            serde_json::json!(2),
            "one open seat, under the heading row"
        );
        let row = b.text("main table tr:nth-child(2)");
        assert!(
            row.starts_with("spring (Overlord) faction f6 (Faction 6) 1"),
            "{row}"
        );
        b.screenshot("open-seats");
        b.type_into("#address-spring-f6", "newcomer@players.test");
        b.click("form[action='/open'] button[type=submit]");
        b.wait_for("the code page", "document.querySelector('#code')");
        assert_eq!(
            b.text("main p[role=status]"),
            "A code is on its way to newcomer@players.test. Type it here; it is good for an hour."
        );
        b.screenshot("seat-code");
        b
    })
    .await;
    // The code, as the newcomer reads it in their mail.
    let code = testing::claim_code(&s.host, "spring", "newcomer@players.test").await;
    let base = s.base.clone();
    blocking(move || {
        let mut b = b;
        b.type_into("#code", "wrong-code");
        b.click("form[action='/open/confirm'] button[type=submit]");
        b.wait_for("the refusal", "document.querySelector('main p[role=alert]')");
        assert!(b.text("main p[role=alert]").starts_with("The seat is not yours yet: that is not the code"));
        b.js("document.querySelector('#code').value = ''; return true");
        b.type_into("#code", &code);
        b.click("form[action='/open/confirm'] button[type=submit]");
        b.wait_for(
            "the answer",
            "document.querySelector('main h1') && document.querySelector('main h1').textContent === 'The seat is yours'",
        );
        assert_eq!(b.text("main p.ok"), "You play f6 (Faction 6) of spring from now on.");
        let told = b.text("main p.ok + p");
        assert!(
            told.starts_with("Its password is on its way to newcomer@players.test, with its latest report."),
            "{told}"
        );
        b.screenshot("seat-taken");
        b.go(&format!("{base}/open"));
        b.wait_for("the open seats again", "document.querySelector('main h1')");
        assert_eq!(b.text("main p.muted"), "No seat is open now.");

        // The old password no longer logs in.
        b.go(&format!("{base}/"));
        b.wait_for("the login form", "document.querySelector('#password')");
        b.type_into("#game", "spring");
        b.type_into("#seat", "f6");
        b.type_into("#password", &old_pw);
        b.click("form[action='/login'] button[type=submit]");
        b.wait_for("the refusal", "location.search.startsWith('?failed=')");
        assert_eq!(
            b.text("main p.flash.bad"),
            "The game, the faction (or character) or the password is wrong."
        );
    })
    .await;
    // The newcomer's welcome, with the seat's new password and its latest
    // report, is queued to their address, the seat's only one now.
    let seat = s.host.store().seat("spring", "f6").await.unwrap().unwrap();
    assert_eq!(seat.addresses, vec!["newcomer@players.test".to_string()]);
    let welcome: Vec<_> = s
        .host
        .store()
        .outbox(Some("spring"), None)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.message)
        .filter(|m| m.subject == "[spring] Welcome: you play f6 from now on")
        .collect();
    assert_eq!(welcome.len(), 1, "{welcome:#?}");
    assert_eq!(welcome[0].to, "newcomer@players.test");
    assert_eq!(welcome[0].report, Some((1, 1)), "with its latest report");
    let new = welcome[0]
        .body
        .split("Your password is ")
        .nth(1)
        .and_then(|r| r.split(". Write it").next())
        .unwrap()
        .to_string();
    assert_ne!(new, old);
    let base = s.base.clone();
    blocking(move || {
        let mut b = Browser::start("newcomer-in");
        seat_login(&mut b, &base, "f6", &new);
        assert_eq!(b.text("main h1"), "Turn 1 report for Faction 6 [f06]");
        b.screenshot("newcomer-report");
    })
    .await;
    let _ = s.stop.send(true);
}

/// Log a browser in to `seat` of spring from the start page.
fn seat_login(b: &mut Browser, base: &str, seat: &str, password: &str) {
    b.go(&format!("{base}/"));
    b.wait_for("the login form", "document.querySelector('#password')");
    b.type_into("#game", "spring");
    b.type_into("#seat", seat);
    b.type_into("#password", password);
    b.click("form[action='/login'] button[type=submit]");
    b.wait_for("the report", "location.pathname === '/games/spring'");
}

/// Two players on two browsers write to each other on their Messages
/// pages: a message to one's own seat comes back with its words and the
/// reason, one to another seat is on both pages (and after a reload), the
/// answer is written in the form under the message; and each player's
/// feeds (the game's deadlines, their own news link) are what a calendar
/// and a reader take.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_write_to_each_other_and_read_the_feeds_in_a_real_browser() {
    let s = site(testing::sqlite("browser-messages")).await;
    // A schedule, so that the calendar has deadlines to show.
    s.host
        .set_schedule("spring", Some("sat 18:00"), Some("Europe/Paris"), "gm")
        .await
        .unwrap();
    let (base, pw) = (s.base.clone(), s.spring.clone());
    blocking(move || {
        let mut f5 = Browser::start("messages-f5");
        seat_login(&mut f5, &base, "f5", &pw[0]);
        f5.click("header nav a[href='/games/spring/messages']");
        f5.wait_for("the Messages page", "document.querySelector('#write textarea')");
        assert_eq!(f5.text("main h1"), "Messages");
        f5.type_into("#write input[name=to]", "f5");
        f5.type_into("#write input[name=subject]", "Pact");
        f5.type_into("#write textarea", "Shall we share the pass?");
        f5.click("#write button[type=submit]");
        f5.wait_for("the refusal", "document.querySelector('#write [role=alert]')");
        assert_eq!(
            f5.text("#write [role=alert]"),
            "Your message was not passed on: f5 is your own seat. Its words are kept below."
        );
        assert_eq!(
            f5.js("return document.querySelector('#write textarea').value"),
            serde_json::json!("Shall we share the pass?")
        );
        f5.screenshot("message-refused");
        f5.js("document.querySelector('#write input[name=to]').value = ''; return true");
        f5.type_into("#write input[name=to]", "f6");
        f5.click("#write button[type=submit]");
        f5.wait_for("the message passed on", "document.querySelector('main p[role=status]')");
        assert_eq!(
            f5.text("main p[role=status]"),
            "Your message was passed to f6: on its page."
        );
        assert_eq!(f5.text("article.message h3"), "Pact");
        f5.screenshot("message-sent");

        // f6, on another browser: the message, and the answer under it.
        let mut f6 = Browser::start("messages-f6");
        seat_login(&mut f6, &base, "f6", &pw[1]);
        f6.go(&format!("{base}/games/spring/messages"));
        f6.wait_for("the message", "document.querySelector('article.message')");
        assert_eq!(f6.text("article.message pre"), "Shall we share the pass?");
        assert!(f6.text("article.message p").starts_with("From f5"));
        f6.click("article.message details summary");
        f6.type_into("article.message details textarea", "Agreed.");
        f6.screenshot("message-answer");
        f6.click("article.message details button[type=submit]");
        f6.wait_for("the answer passed on", "document.querySelector('main p[role=status]')");
        assert_eq!(
            f6.text("main p[role=status]"),
            "Your message was passed to f5: on its page."
        );

        // f5 reloads: both, the newest first.
        f5.js("location.reload(); return true");
        f5.wait_for(
            "both messages",
            "document.readyState === 'complete' && document.querySelectorAll('article.message').length === 2",
        );
        let subjects = f5.js("return [...document.querySelectorAll('article.message h3')].map(h => h.textContent)");
        assert_eq!(subjects, serde_json::json!(["Re: Pact", "Pact"]));

    })
    .await;

    // An article of f5's for turn 2's newspaper, sent from its orders
    // page; the turn runs.
    let (base, pw) = (s.base.clone(), s.spring.clone());
    blocking(move || {
        let mut f5 = Browser::start("messages-press");
        seat_login(&mut f5, &base, "f5", &pw[0]);
        f5.go(&format!("{base}/games/spring/orders"));
        f5.wait_for("the article form", "document.querySelector('#article')");
        f5.type_into("#article", "The pass is open to friends.");
        f5.click("form[action='/games/spring/press'] button[type=submit]");
        f5.wait_for("the article's answer", "document.querySelector('#receipt')");
    })
    .await;
    let ran = s
        .host
        .run_turn("spring", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 2, .. }), "{ran:?}");
    let (base, pw) = (s.base.clone(), s.spring.clone());
    blocking(move || {
        let mut f5 = Browser::start("messages-feeds");
        seat_login(&mut f5, &base, "f5", &pw[0]);
        // The feeds, as a calendar and a reader fetch them.
        f5.go(&format!("{base}/"));
        f5.wait_for("the start page", "document.querySelector('a[href$=\"deadlines.ics\"]')");
        let calendar = f5.js_async(
            "var done = arguments[0]; fetch(document.querySelector('a[href$=\"deadlines.ics\"]').href).then(r => r.text()).then(done)",
        );
        let calendar = calendar.as_str().unwrap_or_default().to_string();
        assert!(calendar.starts_with("BEGIN:VCALENDAR\r\n"), "{calendar}");
        assert!(calendar.contains("X-WR-CALNAME:spring: deadlines\r\n"), "{calendar}");
        assert_eq!(calendar.matches("BEGIN:VEVENT").count(), 10, "{calendar}");
        f5.go(&format!("{base}/games/spring"));
        f5.wait_for("the news link", "document.querySelector('a[href*=\"news.atom\"]')");
        let news = f5.js_async(
            "var done = arguments[0]; fetch(document.querySelector('a[href*=\"news.atom\"]').href).then(r => r.text()).then(done)",
        );
        let news = news.as_str().unwrap_or_default().to_string();
        assert!(news.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">"), "{news}");
        assert!(news.contains("<entry>"), "{news}");
        assert!(news.contains("The pass is open to friends."), "{news}");
    })
    .await;
    let _ = s.stop.send(true);
}
