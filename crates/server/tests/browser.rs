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
        let href = b
            .js("return document.querySelector('svg#map a').getAttribute('href')")
            .as_str()
            .unwrap()
            .to_string();
        let place = href.rsplit('#').next().unwrap().to_string();
        assert!(href.starts_with("/games/spring/reports/1#L"), "{href}");
        b.click("svg#map a");
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
        assert!(template.as_str().unwrap().starts_with("#GAME f05 PASSWORD spring"), "{template}");
        b.type_into("#orders", "#GAME f05 PASSWORD spring\nUNIT U117\nMOVE nowhere\n#END\n");
        b.wait_for(
            "line 3 marked",
            "document.querySelector('#gutter span[data-line=\"3\"].error')",
        );
        let finding = b.text("#diagnostics li.error[data-line='3']");
        assert!(finding.contains("line 3: error E0308: expected a direction, found `nowhere`"), "{finding}");
        b.screenshot("wrong-order");

        // Fixed: the mark goes.
        b.type_into("#orders", "#GAME f05 PASSWORD spring\nUNIT U117\nMOVE OUT\n#END\n");
        b.wait_for(
            "no error left",
            "!document.querySelector('#gutter .error') && !document.querySelector('#diagnostics li.error') && document.querySelector('#diagnostics li')",
        );
        b.screenshot("fixed");

        // Sent: the receipt is the one a mail gets.
        b.click("form[action='/games/spring/orders'] button[type=submit]");
        b.wait_for("the receipt", "document.querySelector('#receipt')");
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
        assert!(row.starts_with("f5 Faction 5 in"), "{row}");
        let f6 = b.text("tr[data-seat=f6]");
        assert!(f6.contains("none yet"), "{f6}");
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
        b.go(&format!("{base}/"));
        b.wait_for("the login form", "document.querySelector('#password')");
        b.type_into("#game", "spring");
        b.type_into("#seat", "f5");
        b.type_into("#password", &pw);
        b.click("form[action='/login'] button[type=submit]");
        b.wait_for("the report", "location.pathname === '/games/spring'");
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
