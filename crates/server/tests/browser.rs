//! A player's evening in a real headless Chromium, and the game master's
//! look at it: log in, read the report, open the map and follow a hex to
//! its place, type a wrong order and see its finding on its line, fix it,
//! send it and see the receipt; the desk then shows the faction's orders
//! in. Screenshots are kept in `target/tmp/screenshots/` for a reviewer.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::browser::Browser;
use support::web::{blocking, site};
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
    b.go(&format!("{base}/"));
    b.wait_for("the login form", "document.querySelector('#password')");
    b.type_into("#game", "spring");
    b.type_into("#seat", "f5");
    b.type_into("#password", password);
    b.click("form[action='/login'] button[type=submit]");
    b.wait_for("the report", "location.pathname === '/games/spring'");
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
