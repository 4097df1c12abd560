//! The main flows by keyboard alone, in a real headless Chromium: no
//! click, no pointer, only Tab, Shift+Tab, Enter, the arrows and typing
//! (and addresses typed where a person would type one). A player logs in,
//! reads a unit and follows it to its place, walks the map hex by hex and
//! opens a place from it, writes orders with a mistake, jumps to it from
//! the finding, fixes it and sends them; the game master pauses the game
//! from the desk; at a table the umpire runs, measures and places by
//! typing and chooses pieces on the map, and keeps the focus (and hears
//! about it) while a side changes the table.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::browser::{Browser, CONTROL, DOWN, ENTER, LEFT, RIGHT, UP};
use support::web::{blocking, site};
use umpire_host::testing;

/// Replace the whole text of the focused field by typing.
fn retype(b: &mut Browser, text: &str) {
    b.press_with(&[CONTROL], &["a"]);
    b.keys(text);
}

fn active_is(b: &mut Browser, css: &str) -> bool {
    b.js(&format!(
        "return !!(document.activeElement && document.activeElement.matches({}))",
        serde_json::to_string(css).unwrap()
    )) == serde_json::Value::Bool(true)
}

/// A player logs in: game, seat and password by Tab and typing.
fn log_in_as_a_player(b: &mut Browser, base: &str, pw: &str) {
    b.go(&format!("{base}/"));
    b.wait_for("the login form", "document.querySelector('#password')");
    b.tab_to("#game", false);
    b.keys("spring");
    b.tab_to("#seat", false);
    b.keys("f5");
    b.tab_to("#password", false);
    b.keys(pw);
    b.press(&[ENTER]);
    b.wait_for("the report", "location.pathname === '/games/spring'");
}

/// Read: a unit opens from its summary, and its place from there.
fn open_a_unit_and_its_place(b: &mut Browser) {
    b.tab_to("details[id^=U] > summary", false);
    b.press(&[ENTER]);
    assert_eq!(
        b.js("return document.activeElement.parentElement.open"),
        serde_json::json!(true),
        "Enter opens the unit"
    );
    b.tab_to("details[id^=U][open] > div a[href^='#L']", false);
    let place = b
        .js("return document.activeElement.getAttribute('href').slice(1)")
        .as_str()
        .unwrap()
        .to_string();
    b.press(&[ENTER]);
    b.wait_for(
        "the unit's place opened",
        &format!("location.hash === '#{place}' && document.getElementById('{place}').open"),
    );
    b.shot("read");
}

/// The map, hex by hex: the arrows lead from hex to hex, + zooms in, Enter opens a place's summary and the place.
fn walk_the_map_hex_by_hex(b: &mut Browser) {
    b.tab_to("header nav a[href='/games/spring/map']", true);
    b.press(&[ENTER]);
    b.wait_for("the map", "!document.querySelector('#map-tools').hidden");
    b.tab_to("svg#map a.hex", false);
    let first = b.focused();
    let mut walked = false;
    for (there, back) in [(DOWN, UP), (UP, DOWN), (RIGHT, LEFT), (LEFT, RIGHT)] {
        b.press(&[there]);
        let now = b.focused();
        if now != first {
            assert!(now.starts_with("a.hex"), "an arrow leads to a hex: {now}");
            b.press(&[back]);
            assert_eq!(b.focused(), first, "the opposite arrow leads back");
            walked = true;
            break;
        }
    }
    assert!(walked, "no arrow led anywhere from {first}");
    let width =
        "return Number(document.querySelector('svg#map').getAttribute('viewBox').split(' ')[2])";
    let before = b.js(width).as_f64().unwrap();
    b.press(&["+"]);
    let closer = b.js(width).as_f64().unwrap();
    assert!(closer < before, "+ zooms in: {closer} after {before}");
    assert!(
        active_is(b, "a.hex[href]"),
        "the first hex is a place shown: {first}"
    );
    b.press(&[ENTER]);
    b.wait_for("the summary", "!document.querySelector('#place').hidden");
    b.tab_to("#place-open", false);
    b.shot("map-summary");
    b.press(&[ENTER]);
    b.wait_for(
        "the place from the map",
        "location.pathname === '/games/spring/reports/1' && document.getElementById(location.hash.slice(1)).open",
    );
}

/// Orders: a mistake, found by Tab from its finding, fixed, sent.
fn fix_and_send_orders(b: &mut Browser) {
    b.tab_to("header nav a[href='/games/spring/orders']", true);
    b.press(&[ENTER]);
    b.wait_for(
        "the editor",
        "document.querySelector('#diagnostics').dataset.checked === 'true'",
    );
    b.tab_to("#orders", false);
    retype(b, "#GAME f05 \"\" spring\nUNIT U117\nMOVE nowhere\n#END\n");
    b.wait_for(
        "the finding",
        "document.querySelector('#diagnostics li.error a.jump[data-line=\"3\"]')",
    );
    b.wait_for(
        "the check said",
        "document.querySelector('#check-state').textContent.includes('1 error')",
    );
    let said = b.text("#check-state");
    assert!(
        said.contains("First: line 3: error E0308: expected a direction"),
        "what a screen reader hears: {said}"
    );
    assert_eq!(
        b.js("return document.querySelector('#check-state').getAttribute('role')"),
        serde_json::json!("status")
    );
    b.tab_to("#diagnostics a.jump[data-line='3']", false);
    b.press(&[ENTER]);
    assert!(
        active_is(b, "#orders"),
        "Enter on a finding goes to the editor: {}",
        b.focused()
    );
    let line = b.js(
        "const e = document.activeElement; return e.value.slice(0, e.selectionStart).split('\\n').length",
    );
    assert_eq!(
        line,
        serde_json::json!(3),
        "the caret is on the finding's line"
    );
    retype(b, "#GAME f05 \"\" spring\nUNIT U117\nMOVE OUT\n#END\n");
    b.wait_for(
        "no error left",
        "!document.querySelector('#diagnostics li.error') && !document.querySelector('#check-state').textContent.includes('error')",
    );
    b.tab_to(
        "form[action='/games/spring/orders'] button[type=submit]:not([name])",
        false,
    );
    b.press(&[ENTER]);
    b.wait_for("the receipt", "document.querySelector('#receipt')");
    let receipt = b.text("#receipt pre");
    assert!(
        receipt.starts_with("f5: 1 unit's orders stored for turn 2\n\n"),
        "{receipt}"
    );
    assert!(
        receipt.ends_with("UNIT U117\nMOVE OUT\nEND"),
        "the receipt shows the orders as stored: {receipt}"
    );
    b.screenshot("sent");
}

/// The desk: log out, log in as the game master, pause the game.
fn pause_the_game_at_the_desk(b: &mut Browser, base: &str, desk: &str) {
    b.tab_to("header form[action='/logout'] button", true);
    b.press(&[ENTER]);
    b.wait_for("logged out", "location.pathname === '/'");
    b.go(&format!("{base}/desk/login"));
    b.wait_for("the desk's login", "document.querySelector('#name')");
    b.tab_to("#name", false);
    b.keys("gm");
    b.tab_to("#password", false);
    b.keys(desk);
    b.press(&[ENTER]);
    b.wait_for("the desk", "location.pathname === '/desk'");
    b.tab_to("a[href='/desk/games/spring']", false);
    b.press(&[ENTER]);
    b.wait_for(
        "the game's page",
        "document.querySelector('tr[data-seat=f5]')",
    );
    b.tab_to(
        "form:has(input[name=action][value=pause]) button[type=submit]",
        false,
    );
    b.press(&[ENTER]);
    b.wait_for("paused", "document.querySelector('main p.flash')");
    assert!(b.text("main p.flash").contains("Paused"));
}

/// A table made, played, measured and placed by keyboard; a side's change keeps the umpire's focus where it was.
fn play_a_table(b: &mut Browser, base: &str) {
    b.go(&format!("{base}/tables/new"));
    b.wait_for("the form", "document.querySelector('#kind')");
    b.tab_to("form[action='/tables/new'] button[type=submit]", false);
    b.press(&[ENTER]);
    b.wait_for("the table", "document.querySelector('#live-state') && document.querySelector('#live-state').textContent === 'live'");
    let french = b
        .js("return document.querySelector('#links a[data-side=French]').href")
        .as_str()
        .unwrap()
        .to_string();
    b.tab_to("#line", false);
    let answer = |b: &mut Browser, line: &str| {
        b.js("document.querySelector('#answer').textContent = ''; return 0;");
        b.keys(&format!("{line}\n"));
        b.wait_for("the answer", "document.querySelector('#answer pre')");
        b.text("#answer pre")
    };
    let drawn = answer(b, "draw");
    assert!(drawn.contains("card"), "{drawn}");
    assert!(active_is(b, "#line"), "the focus stays in the command line");
    let measured = answer(b, "measure line-company voltigeurs");
    assert!(
        measured.starts_with("line-company to voltigeurs: "),
        "{measured}"
    );
    let placed = answer(b, "place line-company 20 30");
    assert_eq!(
        placed,
        "line-company is now at 20.0, 30.0 in (from the left edge and the far edge)"
    );
    b.wait_for(
        "the piece moved",
        "document.querySelector('g.piece[data-name=\"line-company\"]').getAttribute('transform') === 'translate(20.00 30.00)'",
    );
    // Two pieces chosen on the map: the distance between them.
    b.tab_to("svg.tablemap g.piece", true);
    let one = b.focused();
    b.press(&[ENTER]);
    let mut other = one.clone();
    for k in [RIGHT, LEFT, UP, DOWN] {
        b.press(&[k]);
        other = b.focused();
        if other != one {
            break;
        }
    }
    assert!(
        other != one && other.starts_with("g.piece"),
        "an arrow leads to another piece: {other}"
    );
    b.press(&[ENTER]);
    b.wait_for("the distance", "document.querySelector('#use-distance')");
    assert!(
        b.text("#measured").contains(" to "),
        "{}",
        b.text("#measured")
    );
    b.screenshot("table-measured");

    // A side changes the table: the umpire's focus stays on its piece,
    // and the change is said.
    let mut side = Browser::start("keyboard-side");
    side.go(&french);
    side.wait_for(
        "the side's page",
        "document.querySelector('#live-state').textContent === 'live'",
    );
    let focused = b.focused();
    side.js("document.querySelector('#answer').textContent = ''; return 0;");
    side.type_into("#line", "place voltigeurs 40 20");
    side.click("#typed button[type=submit]");
    side.wait_for("the side's answer", "document.querySelector('#answer pre')");
    b.wait_for(
        "the move said",
        "document.querySelector('#heard').textContent.includes('voltigeurs moved to 40.0, 20.0')",
    );
    assert_eq!(
        b.focused(),
        focused,
        "the focus stays on the piece through the redraw"
    );
    // The log's summary keeps the focus too, through a new line.
    b.tab_to("#log > summary", false);
    side.js("document.querySelector('#answer').textContent = ''; return 0;");
    side.type_into("#line", "bonus French");
    side.click("#typed button[type=submit]");
    side.wait_for("the side's answer", "document.querySelector('#answer pre')");
    b.wait_for(
        "the side's line said",
        "document.querySelector('#heard').textContent.includes('French: bonus French')",
    );
    b.wait_for(
        "the new line in the log",
        "document.querySelector('#log li code').textContent === 'bonus French'",
    );
    assert!(
        active_is(b, "#log > summary"),
        "the focus stays on the log through the redraw: {}",
        b.focused()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_main_flows_work_from_the_keyboard_alone() {
    let s = site(testing::sqlite("keyboard")).await;
    let (base, pw, desk) = (s.base.clone(), s.spring[0].clone(), s.desk_password.clone());
    blocking(move || {
        let mut b = Browser::start("keyboard");

        log_in_as_a_player(&mut b, &base, &pw);
        open_a_unit_and_its_place(&mut b);
        walk_the_map_hex_by_hex(&mut b);
        fix_and_send_orders(&mut b);
        pause_the_game_at_the_desk(&mut b, &base, &desk);
        play_a_table(&mut b, &base);
    })
    .await;
    let _ = s.stop.send(true);
}
