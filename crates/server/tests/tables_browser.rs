//! Games at the table in real headless Chromiums, one per person at the
//! table: a turn of Sharp Practice and of Napoleon's Battles with the
//! umpire's page and a phone per side, and a turn of DBR (both bounds)
//! between two phones with no umpire. A change on one page appears on the
//! others; a secret given on one side's page never appears in the other's.
//! Screenshots of each table on a phone-sized window are kept in
//! `target/tmp/screenshots/` for a reviewer.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::sync::Arc;

use support::browser::Browser;
use support::web::{blocking, serve};
use umpire_host::host::Host;
use umpire_host::testing;

/// A phone's window.
const PHONE: (u32, u32) = (390, 844);

/// Make a table from the form in `b`: its sides' links, by side.
fn make(b: &mut Browser, base: &str, kind: &str, umpired: bool) -> Vec<(String, String)> {
    b.go(&format!("{base}/tables/new"));
    b.wait_for("the form", "document.querySelector('#kind')");
    b.js(&format!(
        "document.querySelector('#kind').value = '{kind}'; document.querySelector('input[name=umpired]').checked = {umpired}; return 0;"
    ));
    b.click("form[action='/tables/new'] button[type=submit]");
    b.wait_for("the links", "document.querySelector('#links a[data-side]')");
    let links = b.js(
        "return Array.from(document.querySelectorAll('#links a[data-side]')).map(a => [a.dataset.side, a.href]);",
    );
    links
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Open a page and wait for its live updates to be listening.
fn open(b: &mut Browser, url: &str) {
    b.go(url);
    b.wait_for(
        "the live updates",
        "document.querySelector('#live-state').textContent === 'live'",
    );
}

/// Type a command in the page's command line and wait for its answer.
fn typed(b: &mut Browser, line: &str) -> String {
    b.js("document.querySelector('#answer').textContent = ''; return 0;");
    b.type_into("#line", line);
    b.click("#typed button[type=submit]");
    b.wait_for("the answer", "document.querySelector('#answer pre')");
    b.text("#answer pre")
}

/// Click a command's plain button and wait for its answer.
fn pressed(b: &mut Browser, command: &str) -> String {
    b.js("document.querySelector('#answer').textContent = ''; return 0;");
    b.click(&format!("div.plain form[data-command='{command}'] button"));
    b.wait_for("the answer", "document.querySelector('#answer pre')");
    b.text("#answer pre")
}

/// Fill in a command's form (field number, value), run it, and wait for
/// its answer.
fn filled(b: &mut Browser, command: &str, fields: &[(usize, &str)], dice: Option<&str>) -> String {
    b.click(&format!(
        "details.cmd:has(form[data-command='{command}']) summary"
    ));
    for (i, v) in fields {
        b.type_into(&format!("form[data-command='{command}'] [name=f{i}]"), v);
    }
    if let Some(d) = dice {
        b.type_into(
            &format!("form[data-command='{command}'] input[name=rolled]"),
            d,
        );
    }
    b.js("document.querySelector('#answer').textContent = ''; return 0;");
    b.click(&format!("form[data-command='{command}'] button[value=run]"));
    b.wait_for("the answer", "document.querySelector('#answer pre')");
    b.text("#answer pre")
}

/// Press a plain command's button until its answer holds `end`; every
/// answer on the way must be taken.
fn until(b: &mut Browser, command: &str, end: &str) -> Vec<String> {
    let mut said = Vec::new();
    for _ in 0..40 {
        let a = pressed(b, command);
        assert!(!a.starts_with("error"), "{command}: {a}\n{said:?}");
        let done = a.contains(end);
        said.push(a);
        if done {
            return said;
        }
    }
    panic!("`{command}` never gave `{end}`: {said:?}");
}

/// Wait until the page's log shows `text`.
fn sees(b: &mut Browser, what: &str, text: &str) {
    let text = serde_json::to_string(text).unwrap();
    b.wait_for(
        what,
        &format!("document.querySelector('#live') && document.querySelector('#live').textContent.includes({text})"),
    );
}

/// The whole page as the browser holds it.
fn source(b: &mut Browser) -> String {
    b.js("return document.documentElement.outerHTML;")
        .as_str()
        .unwrap()
        .to_string()
}

/// Wait until `b` has caught up with change count `version`.
fn caught_up(b: &mut Browser, version: &str) {
    b.wait_for(
        "the page to catch up",
        &format!("Number(document.body.dataset.version) >= {version}"),
    );
}

/// Scroll to the top, for a screenshot of the page as it opens.
fn top(b: &mut Browser) {
    b.js("window.scrollTo(0, 0); return 0;");
}

fn version(b: &mut Browser) -> String {
    b.js("return document.body.dataset.version;")
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_tables_played_on_phones_and_the_umpires_page() {
    let host = Arc::new(
        Host::open(&testing::sqlite("tables-browser"))
            .await
            .unwrap(),
    );
    let (base, stop) = serve(host).await;
    blocking(move || {
        let mut umpire = Browser::start("table-umpire");
        let mut one = Browser::start("table-side-one");
        let mut two = Browser::start("table-side-two");
        one.resize(PHONE.0, PHONE.1);
        two.resize(PHONE.0, PHONE.1);

        sharp_practice_umpired_on_phones(&mut umpire, &mut one, &mut two, &base);
        napoleons_battles_keeps_an_order_to_its_side(&mut umpire, &mut one, &mut two, &base);
        dbr_between_two_phones_without_an_umpire(&mut umpire, &mut one, &mut two, &base);
    })
    .await;
    stop.send_replace(true);
}

/// Sharp Practice: the umpire's page and a phone per side; what is under
/// a side's Blind stays on its phone; the umpire draws and hands out
/// cards; the British fire, and the turn ends on every screen.
fn sharp_practice_umpired_on_phones(
    umpire: &mut Browser,
    one: &mut Browser,
    two: &mut Browser,
    base: &str,
) {
    // Sharp Practice: the umpire's page and a phone per side.
    let links = make(umpire, base, "sharp", true);
    assert_eq!(links[0].0, "British");
    let table = umpire.current();
    open(umpire, &table);
    open(one, &links[0].1);
    open(two, &links[1].1);
    top(umpire);
    umpire.screenshot("sharp-umpire");
    // The British cannot see what is under the French Blind.
    assert!(!source(one).contains("chasseurs"));
    assert!(source(two).contains("chasseurs"));

    let drawn = pressed(umpire, "draw");
    assert!(drawn.contains("Major Lawford's card"), "{drawn}");
    sees(one, "the draw on the British phone", "Major Lawford's card");
    sees(two, "the draw on the French phone", "Major Lawford's card");

    // A side may not draw bonus cards at will.
    let refused = typed(two, "bonus French");
    assert!(
        refused.contains("is the umpire's at this table"),
        "{refused}"
    );
    // A French bonus card, handed out by the umpire: on the French phone only.
    let card = typed(umpire, "bonus French");
    assert!(card.starts_with("French draws "), "{card}");
    let name = card
        .trim_start_matches("French draws ")
        .split(':')
        .next()
        .unwrap()
        .to_string();
    let v = version(two);
    caught_up(one, &v);
    assert!(!source(one).contains(&name), "{name} on the British phone");

    the_british_fire_with_the_range_measured_on_the_map(umpire, one, two);
    // The umpire draws on to the end of the turn.
    let drawn = until(umpire, "draw", "Tiffin! The turn ends.");
    assert!(drawn.len() > 1, "{drawn:?}");
    sees(one, "the turn's end on the British phone", "Turn 2 begins");
    sees(two, "the turn's end on the French phone", "Turn 2 begins");
    top(one);
    one.screenshot("sharp-british-phone");
    top(two);
    two.screenshot("sharp-french-phone");
}

/// The British activate and fire at a range measured on the map; the
/// working reaches every screen.
fn the_british_fire_with_the_range_measured_on_the_map(
    umpire: &mut Browser,
    one: &mut Browser,
    two: &mut Browser,
) {
    // The British activate and fire, the range measured on the map.
    let act = typed(umpire, "initiative activate line-company");
    assert!(act.contains("activates line-company"), "{act}");
    one.js(
        "const svg = document.querySelector('svg.tablemap');\
         const g = svg.querySelector('g.piece[data-name=\"line-company\"]');\
         const r = g.getBoundingClientRect();\
         const at = {clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true, pointerId: 1};\
         g.dispatchEvent(new PointerEvent('pointerdown', at));\
         svg.dispatchEvent(new PointerEvent('pointermove', Object.assign({}, at, {clientY: at.clientY - 120})));\
         svg.dispatchEvent(new PointerEvent('pointerup', Object.assign({}, at, {clientY: at.clientY - 120})));\
         return 0;",
    );
    // The drag is kept: the umpire's map shows it moved.
    umpire.wait_for(
        "the piece moved on the umpire's map",
        "!/translate\\(\\S+ 43\\.20\\)/.test(document.querySelector('g.piece[data-name=\"line-company\"]').getAttribute('transform'))",
    );
    one.click("g.piece[data-name='line-company'] circle");
    one.click("g.piece[data-name='voltigeurs'] circle");
    one.wait_for("the distance", "document.querySelector('#use-distance')");
    let measured = one.text("#measured");
    assert!(
        measured.starts_with("line-company to voltigeurs: "),
        "{measured}"
    );
    one.click("details.cmd:has(form[data-command='fire']) summary");
    one.type_into("form[data-command='fire'] input[name=f0]", "line-company");
    one.type_into("form[data-command='fire'] input[name=f2]", "voltigeurs");
    one.click("#use-distance");
    let range = one
        .js("return document.querySelector(\"form[data-command='fire'] input[name=f4]\").value;")
        .as_str()
        .unwrap()
        .to_string();
    assert!(range.parse::<f64>().unwrap() > 0.0, "{range}");
    one.js("document.querySelector('#answer').textContent = ''; return 0;");
    one.click("form[data-command='fire'] button[value=odds]");
    one.wait_for("the odds", "document.querySelector('#answer pre')");
    assert!(one.text("#answer pre").contains("P(at least one kill)"));
    one.js("document.querySelector('#answer').textContent = ''; return 0;");
    one.click("form[data-command='fire'] button[value=run]");
    one.wait_for("the fire", "document.querySelector('#answer pre')");
    let fire = one.text("#answer pre");
    assert!(fire.contains("line-company fires at voltigeurs"), "{fire}");
    assert!(
        fire.contains("SP-FIRE-004"),
        "the working with its checklist items: {fire}"
    );
    sees(
        two,
        "the fire on the French phone",
        "line-company fires at voltigeurs",
    );
    sees(
        umpire,
        "the fire on the umpire's page",
        "line-company fires at voltigeurs",
    );
}

/// Napoleon's Battles: the French order stays French until the umpire
/// ends the game.
fn napoleons_battles_keeps_an_order_to_its_side(
    umpire: &mut Browser,
    one: &mut Browser,
    two: &mut Browser,
    base: &str,
) {
    // Napoleon's Battles: the French order stays French.
    let links = make(umpire, base, "nb", true);
    let table = umpire.current();
    open(umpire, &table);
    open(one, &links[0].1);
    open(two, &links[1].1);
    for line in [
        "reserve III-Corps-P off-board B9 dice 2",
        "start III-Corps attack St Amand",
        "next",
    ] {
        let a = typed(umpire, line);
        assert!(!a.starts_with("error"), "{line}: {a}");
    }
    let order = typed(one, "order IV-Corps attack the windmill distance 30");
    assert!(order.contains("Order 1 written"), "{order}");
    sees(umpire, "the order on the umpire's page", "windmill");
    let v = version(one);
    caught_up(two, &v);
    assert!(
        !source(two).contains("windmill"),
        "the French order on the Prussian phone"
    );
    top(one);
    one.screenshot("nb-french-phone");
    top(two);
    two.screenshot("nb-prussian-phone");
    top(umpire);
    umpire.screenshot("nb-umpire");
    // The umpire takes the turn through its steps to turn 2.
    let steps = until(umpire, "next", "turn 2");
    assert!(steps.len() >= 3, "{steps:?}");
    one.wait_for(
        "turn 2 on the French phone",
        "document.querySelector('#title').textContent.includes('turn 2')",
    );
    let v = version(umpire);
    caught_up(two, &v);
    assert!(!source(two).contains("windmill"), "still hidden in turn 2");
    // The umpire ends the game: the whole log opens to both.
    umpire.click("form[action$='/finish'] button");
    sees(two, "the revealed order on the Prussian phone", "windmill");
}

/// DBR between two phones, no umpire: ending a bound and an undo need
/// both sides; the Swedes spend PIPs and fight through the forms.
fn dbr_between_two_phones_without_an_umpire(
    umpire: &mut Browser,
    one: &mut Browser,
    two: &mut Browser,
    base: &str,
) {
    // DBR between two phones, no umpire: an undo needs both.
    let links = make(umpire, base, "dbr", false);
    assert!(umpire.text("main").contains("This table has no umpire"));
    let (first, second) = (links[0].0.clone(), links[1].0.clone());
    open(one, &links[0].1);
    open(two, &links[1].1);
    // Ending a bound is the umpire's: without one, both phones ask.
    let asked = pressed(one, "bound");
    assert!(
        asked.contains(&format!("it runs when the {second} ask for it too")),
        "{asked}"
    );
    sees(
        two,
        "the ask on the other phone",
        &format!("The {first} asked for `bound`"),
    );
    let bound = pressed(two, "bound");
    assert!(
        bound.starts_with("Every side asked for `bound`: Bound 1"),
        "{bound}"
    );
    sees(
        one,
        "the bound on the other phone",
        bound.lines().next().unwrap(),
    );
    let asked = pressed(one, "undo");
    assert!(
        asked.contains(&format!("it runs when the {second} ask for it too")),
        "{asked}"
    );
    sees(
        two,
        "the ask on the other phone",
        &format!("The {first} asked for `undo`"),
    );
    top(two);
    two.screenshot("dbr-asked-phone");
    let undone = pressed(two, "undo");
    assert!(
        undone.starts_with("Every side asked for `undo`"),
        "{undone}"
    );
    assert!(undone.contains("Its dice are taken back"), "{undone}");
    pressed(one, "bound");
    let again = pressed(two, "bound");
    assert_eq!(
        again, bound,
        "the same bound after an undo rolls the same dice"
    );
    assert!(
        again.contains(&format!("Bound 1, the {first}' bound")),
        "{again}"
    );
    // The Swedes spend PIPs and fight with their own dice, through the forms.
    let spent = filled(
        one,
        "pips",
        &[(0, "Baner"), (1, "move"), (2, "smaland-horse")],
        None,
    );
    assert!(!spent.starts_with("error"), "{spent}");
    let fought = filled(
        one,
        "combat",
        &[(0, "smaland-horse"), (2, "croats")],
        Some("6,1"),
    );
    assert!(!fought.starts_with("error"), "{fought}");
    sees(
        two,
        "the combat on the other phone",
        fought.lines().next().unwrap(),
    );
    // The Imperialists' bound ends the turn's first half: a whole turn.
    pressed(two, "bound");
    let theirs = pressed(one, "bound");
    assert!(
        theirs.contains(&format!("Bound 2, the {second}' bound")),
        "{theirs}"
    );
    sees(one, "the other bound on the first phone", "Bound 2");
    top(one);
    one.screenshot("dbr-phone");
}

/// Pairs of piece names whose boxes, as Chromium draws them, overlap.
fn overlapping_names(b: &mut Browser) -> serde_json::Value {
    b.js(
        "const t = [...document.querySelectorAll('svg.tablemap g.piece text')]\
           .map(e => [e.textContent, e.getBoundingClientRect()]);\
         const out = [];\
         for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) {\
           const [a, ra] = t[i], [b, rb] = t[j];\
           if (ra.left < rb.right && rb.left < ra.right && ra.top < rb.bottom && rb.top < ra.bottom) out.push([a, b]);\
         }\
         return out;",
    )
}

/// How many names the map draws.
fn names_drawn(b: &mut Browser) -> u64 {
    b.js("return document.querySelectorAll('svg.tablemap g.piece text').length")
        .as_u64()
        .unwrap()
}

/// No two pieces' names overlap on the table map, as Chromium draws them,
/// on each game's opening lay-out at a phone's width and a wide screen's,
/// and when several pieces are put on one spot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn piece_names_never_overlap_on_the_table_map() {
    let host = Arc::new(Host::open(&testing::sqlite("tables-labels")).await.unwrap());
    let (base, stop) = serve(host).await;
    blocking(move || {
        let mut b = Browser::start("table-labels");
        for kind in ["sharp", "nb", "dbr"] {
            make(&mut b, &base, kind, true);
            let table = b.current();
            for (w, h) in [PHONE, (1280, 1000)] {
                b.resize(w, h);
                open(&mut b, &table);
                assert!(names_drawn(&mut b) > 0, "{kind}: no names");
                let clash = overlapping_names(&mut b);
                assert_eq!(clash, serde_json::json!([]), "{kind} at {w} px: names overlap");
                b.js("document.querySelector('#table-map').scrollIntoView(); return 0;");
                b.shot(&format!("{kind}-names-{w}"));
            }
            // A crowd: the first five pieces put on one spot.
            b.js_async(
                "const done = arguments[0];\
                 const svg = document.querySelector('svg.tablemap');\
                 const names = [...svg.querySelectorAll('g.piece')].slice(0, 5).map(g => g.dataset.name);\
                 Promise.all(names.map((n, i) => fetch(svg.dataset.place, { method: 'POST',\
                   body: new URLSearchParams({ name: n, x: String(30 + i * 0.2), y: String(24 + i * 0.1) }) })))\
                   .then(() => done(0));",
            );
            for (w, h) in [PHONE, (1280, 1000)] {
                b.resize(w, h);
                open(&mut b, &table);
                let clash = overlapping_names(&mut b);
                assert_eq!(clash, serde_json::json!([]), "{kind} crowded at {w} px: names overlap");
                b.js("document.querySelector('#table-map').scrollIntoView(); return 0;");
                b.shot(&format!("{kind}-crowd-{w}"));
            }
        }
    })
    .await;
    stop.send_replace(true);
}

/// Whether the page fits the window: its width and the window's, and the
/// elements that stick out past the window's right edge (for the message).
fn fits_window(b: &mut Browser) -> (u64, u64, serde_json::Value) {
    let v = b.js(
        "const w = window.innerWidth;\
         const out = [...document.querySelectorAll('body *')]\
           .filter(e => e.getBoundingClientRect().right > w + 0.5)\
           .slice(0, 8)\
           .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + e.className : '') + ' ' + Math.round(e.getBoundingClientRect().right));\
         return [document.documentElement.scrollWidth, w, out];",
    );
    (v[0].as_u64().unwrap(), v[1].as_u64().unwrap(), v[2].clone())
}

/// The table's pages on a 390-pixel phone: the umpire's and each side's
/// are no wider than the screen, every form opened, and every field has a
/// label one can see.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_umpires_page_and_the_sides_fit_a_phone() {
    let host = Arc::new(Host::open(&testing::sqlite("tables-phone")).await.unwrap());
    let (base, stop) = serve(host).await;
    blocking(move || {
        let mut b = Browser::start("table-phone");
        for kind in ["sharp", "nb", "dbr"] {
            b.resize(1280, 1000);
            let links = make(&mut b, &base, kind, true);
            let table = b.current();
            b.resize(PHONE.0, PHONE.1);
            for (who, url) in std::iter::once(("umpire".to_string(), table)).chain(links) {
                open(&mut b, &url);
                b.js("document.querySelectorAll('details').forEach(d => d.open = true); return 0;");
                let (page, screen, wide) = fits_window(&mut b);
                // Every field has a label one can see.
                let unlabelled = b.js(
                    "return [...document.querySelectorAll('main input:not([type=hidden]):not([type=checkbox]), main select, main textarea')]\
                     .filter(e => !(e.labels && [...e.labels].some(l => l.textContent.trim() && l.getBoundingClientRect().width > 0)))\
                     .map(e => (e.closest('form') && e.closest('form').dataset.command || '') + ' ' + e.name)",
                );
                assert_eq!(unlabelled, serde_json::json!([]), "{kind}: fields without a visible label on the {who}'s page");
                top(&mut b);
                let shot = b.screenshot(&format!("{kind}-{who}-phone"));
                assert!(
                    page <= screen,
                    "{kind}: the {who}'s page is {page} px wide on a {screen} px phone ({}); sticking out: {wide}",
                    shot.display()
                );
            }
        }
    })
    .await;
    stop.send_replace(true);
}
