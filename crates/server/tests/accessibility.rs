//! Every page a player, a game master and a table's sides reach, checked
//! by axe-core (WCAG 2.1 A and AA) in a real headless Chromium at a
//! phone's width and a wide screen's, logged in and with every
//! `<details>` opened. One test lists every violation of every page, so
//! that a failure shows them all at once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::axe::{WIDTHS, violations};
use support::browser::Browser;
use support::web::{blocking, site};
use umpire_host::testing;

/// Every violation found so far, by page and width.
#[derive(Default)]
struct Found(Vec<String>);

impl Found {
    /// Check the page `b` is on at both widths, naming it `page`.
    fn check(&mut self, b: &mut Browser, page: &str) {
        for w in WIDTHS {
            b.resize(w, 900);
            for v in violations(b) {
                self.0.push(format!("`{page}` at {w} px: {v}"));
            }
        }
        b.resize(1280, 1000);
        let name: String = page
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        b.shot(name.trim_matches('-'));
    }

    /// Open `path` once `ready` holds, and check it.
    fn visit(&mut self, b: &mut Browser, base: &str, path: &str, ready: &str) {
        b.go(&format!("{base}{path}"));
        b.wait_for(path, ready);
        self.check(b, path);
    }
}

fn login(b: &mut Browser, base: &str, game: &str, seat: &str, password: &str) {
    b.go(&format!("{base}/"));
    b.wait_for("the login form", "document.querySelector('#password')");
    b.type_into("#game", game);
    b.type_into("#seat", seat);
    b.type_into("#password", password);
    b.click("form[action='/login'] button[type=submit]");
    b.wait_for(
        "the report",
        &format!("location.pathname === '/games/{game}'"),
    );
}

const H1: &str = "document.querySelector('main h1')";
const CHECKED: &str = "document.querySelector('#diagnostics').dataset.checked === 'true'";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_no_wcag_violation_on_any_page_at_a_phones_width_or_a_wide_screens() {
    let s = site(testing::sqlite("axe-pages")).await;
    // An open seat: the public page lists it with its form, the desk
    // shows its control.
    s.host.open_seat("spring", "f7", "gm").await.unwrap();
    let (base, pw, desk) = (s.base.clone(), s.spring[0].clone(), s.desk_password.clone());
    let paris = s.paris[0].clone();
    let found = blocking(move || {
        let mut found = Found::default();
        let mut b = Browser::start("axe");
        // Before logging in.
        found.visit(&mut b, &base, "/", "document.querySelector('#password')");
        found.visit(&mut b, &base, "/?failed=login", "document.querySelector('p.flash.bad')");
        found.visit(&mut b, &base, "/desk/login", "document.querySelector('#name')");
        found.visit(&mut b, &base, "/no/such/page", H1);
        found.visit(&mut b, &base, "/open", "document.querySelector('form[action=\\'/open\\']')");

        // A player of spring.
        login(&mut b, &base, "spring", "f5", &pw);
        found.visit(&mut b, &base, "/games/spring", H1);
        found.visit(&mut b, &base, "/games/spring/reports/1", H1);
        found.visit(&mut b, &base, "/games/spring/map", "document.querySelector('svg#map polygon')");
        found.visit(&mut b, &base, "/games/spring/orders", CHECKED);
        b.type_into("#orders", "#GAME f05 \"\" spring\nUNIT U117\nMOVE nowhere\n#END\n");
        b.wait_for("the finding", "document.querySelector('#diagnostics li.error')");
        found.check(&mut b, "/games/spring/orders with an error");
        b.click("form[action='/games/spring/orders'] button[type=submit]");
        b.wait_for("the warning", "document.querySelector('#warning')");
        found.check(&mut b, "/games/spring/orders?check=1");
        b.click("button[name=anyway]");
        b.wait_for("the receipt", "document.querySelector('#receipt')");
        found.check(&mut b, "/games/spring/orders?sent=");
        found.visit(&mut b, &base, "/games/spring/help", H1);
        found.visit(&mut b, &base, "/games/spring/help/MOVE", H1);
        b.go(&format!("{base}/games/spring/tokens"));
        b.wait_for("the tokens", H1);
        b.type_into("#label", "my program");
        b.click("form[action='/games/spring/tokens'] button[type=submit]");
        b.wait_for("the new token", "document.querySelector('#new-token')");
        found.check(&mut b, "/games/spring/tokens");
        b.click("header form[action='/logout'] button");
        b.wait_for("logged out", "location.pathname === '/'");

        // A player of paris (En Garde!: a report without a model).
        login(&mut b, &base, "paris", &paris.0, &paris.1);
        found.visit(&mut b, &base, "/games/paris", H1);
        found.visit(&mut b, &base, "/games/paris/orders", CHECKED);
        found.visit(&mut b, &base, "/games/paris/help", H1);
        b.click("header form[action='/logout'] button");
        b.wait_for("logged out", "location.pathname === '/'");

        // The game master.
        b.go(&format!("{base}/desk/login"));
        b.wait_for("the desk's login", "document.querySelector('#name')");
        b.type_into("#name", "gm");
        b.type_into("#password", &desk);
        b.click("form[action='/desk/login'] button[type=submit]");
        b.wait_for("the desk", "location.pathname === '/desk'");
        found.check(&mut b, "/desk");
        found.visit(&mut b, &base, "/desk/games/spring", "document.querySelector('tr[data-seat=f5]')");
        b.click("form:has(input[name=action][value=pause]) button[type=submit]");
        b.wait_for("the flash", "document.querySelector('main p.flash')");
        found.check(&mut b, "/desk/games/spring after a control");
        found.visit(&mut b, &base, "/desk/games/paris", H1);
        found.visit(&mut b, &base, "/desk/games/spring/confirm?action=run", H1);
        found.visit(&mut b, &base, "/desk/games/spring/confirm?action=remove&seat=f6", H1);
        found.visit(&mut b, &base, "/desk/games/spring/inbox", H1);
        found.visit(&mut b, &base, "/desk/games/spring/outbox", H1);
        found.visit(&mut b, &base, "/desk/games/spring/audit", H1);
        found.visit(&mut b, &base, "/desk/games/spring/seats/f5/reports/1", H1);
        b.click("header form[action='/logout'] button");
        b.wait_for("logged out", "location.pathname === '/'");

        // Tables: the form, the umpire's page, each side's, and the page
        // of whoever made a table with no umpire.
        found.visit(&mut b, &base, "/tables/new", "document.querySelector('#kind')");
        for (kind, umpired) in [("sharp", true), ("nb", true), ("dbr", false)] {
            b.go(&format!("{base}/tables/new"));
            b.wait_for("the form", "document.querySelector('#kind')");
            b.js(&format!(
                "document.querySelector('#kind').value = '{kind}'; document.querySelector('input[name=umpired]').checked = {umpired}; return 0;"
            ));
            b.click("form[action='/tables/new'] button[type=submit]");
            b.wait_for("the links", "document.querySelector('#links a[data-side]')");
            let sides = b.js(
                "return Array.from(document.querySelectorAll('#links a[data-side]')).map(a => [a.dataset.side, a.href]);",
            );
            let live = "document.querySelector('#live-state').textContent === 'live' || !document.querySelector('#live')";
            b.wait_for("the table", live);
            found.check(&mut b, &format!("{kind}: the page of the table's maker"));
            for side in sides.as_array().unwrap() {
                let (name, url) = (side[0].as_str().unwrap(), side[1].as_str().unwrap());
                b.go(url);
                b.wait_for("the side's page", live);
                found.check(&mut b, &format!("{kind}: the {name}' page"));
            }
        }
        found
    })
    .await;
    let _ = s.stop.send(true);
    assert!(
        found.0.is_empty(),
        "axe-core: {} WCAG 2.1 A/AA violation(s):\n{}",
        found.0.len(),
        found.0.join("\n")
    );
}
