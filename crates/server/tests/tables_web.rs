//! Games at the table over a real port, on SQLite and PostgreSQL: a table
//! made from the form hands out its links; each side's page, its live
//! part and its live updates carry nothing of the other side's secrets;
//! the command forms run the line they stand for; bad links and bad
//! tables are refused with the reason.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;
use support::web::{Client, blocking, serve};
use umpire_host::host::Host;
use umpire_host::on_both;
use umpire_host::store::Location;

/// The links a table's umpire page hands out, by side.
fn links(page: &str) -> Vec<(String, String)> {
    page.split("data-side=\"")
        .skip(1)
        .filter_map(|rest| {
            let (side, rest) = rest.split_once('"')?;
            let href = rest.split('>').nth(1)?.split('<').next()?;
            let token = href.rsplit("/t/").next()?;
            Some((side.to_string(), format!("/t/{token}")))
        })
        .filter(|(_, t)| t.len() > 10)
        .collect()
}

/// Make a table from the form; the umpire's page address.
fn make(c: &mut Client, kind: &str, umpired: bool) -> String {
    let mut form = vec![
        ("kind", kind),
        ("width", "72"),
        ("depth", "48"),
        ("unit", "in"),
    ];
    if umpired {
        form.push(("umpired", "on"));
    }
    let got = c.post_form("/tables/new", &form);
    assert_eq!(got.status, 303, "{}", got.body);
    got.location.unwrap()
}

/// A command's JSON answer.
fn run(c: &mut Client, page: &str, form: &str) -> Value {
    let got = c.post(
        &format!("{page}/run"),
        &[
            ("Accept", "application/json"),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ],
        form,
    );
    assert_eq!(got.status, 200, "{}", got.body);
    serde_json::from_str(&got.body).unwrap()
}

/// Every line of a page's live updates, as it comes.
fn listen(base: &str, page: &str) -> mpsc::Receiver<String> {
    let addr = base.trim_start_matches("http://").to_string();
    let path = format!("{page}/events");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut s = TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        for line in BufReader::new(s).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// What came on the live updates within `wait`.
fn heard(rx: &mpsc::Receiver<String>, wait: Duration) -> Vec<String> {
    let mut got = Vec::new();
    while let Ok(l) = rx.recv_timeout(wait) {
        got.push(l);
    }
    got
}

async fn a_sides_page_and_its_updates_hold_nothing_of_the_others(location: Location) {
    let host = std::sync::Arc::new(Host::open(&location).await.unwrap());
    let (base, stop) = serve(host).await;
    blocking(move || {
        let mut c = Client::new(&base);
        let form = c.get("/tables/new");
        assert!(form.body.contains("Sharp Practice") && form.body.contains("Napoleon's Battles"));
        let umpire = make(&mut c, "sharp", true);
        let page = c.get(&umpire);
        assert_eq!(page.status, 200);
        let sides = links(&page.body);
        assert_eq!(
            sides.iter().map(|(s, _)| s.as_str()).collect::<Vec<_>>(),
            ["British", "French"],
            "{}",
            page.body
        );
        let (british, french) = (sides[0].1.clone(), sides[1].1.clone());
        // The forms come from the game's command table.
        for command in ["draw", "fire", "fight", "move", "spot", "bonus", "play"] {
            assert!(
                page.body.contains(&format!("data-command=\"{command}\"")),
                "no form for {command}"
            );
        }

        let b_events = listen(&base, &british);
        let f_events = listen(&base, &french);
        std::thread::sleep(Duration::from_millis(300));
        // A side may not draw bonus cards at will: the umpire hands them out.
        let refused = run(&mut c, &french, "line=bonus+French");
        assert_eq!(refused["refused"], true, "{refused}");
        // The French are given a bonus card: theirs alone.
        let drawn = run(&mut c, &umpire, "line=bonus+French");
        let answer = drawn["answer"].as_str().unwrap().to_string();
        assert!(answer.starts_with("French draws "), "{answer}");
        let card = answer
            .trim_start_matches("French draws ")
            .split(':')
            .next()
            .unwrap()
            .to_string();
        // The umpire fires through the form: the line is the form's.
        let drawn = run(&mut c, &umpire, "cmd=draw");
        assert!(drawn["answer"].as_str().unwrap().contains("Major Lawford's card"), "{drawn}");
        let fired = run(
            &mut c,
            &umpire,
            "cmd=initiative&f0=activate&f1=line-company",
        );
        assert_eq!(fired["refused"], false, "{fired}");
        let fired = run(
            &mut c,
            &umpire,
            "cmd=fire&f0=line-company&f2=voltigeurs&f4=12&f8=on&rolled=6,6,6,6,1,1,1,1,1,1,1,1,1,1,1,1,3,3,3,3",
        );
        assert_eq!(
            fired["line"],
            "fire line-company at voltigeurs range 12 smoke rolled 6,6,6,6,1,1,1,1,1,1,1,1,1,1,1,1,3,3,3,3"
        );
        assert_eq!(fired["changed"], true, "{fired}");
        let odds = run(&mut c, &umpire, "cmd=fire&f0=rifles&f2=voltigeurs&f4=12&go=odds");
        assert!(odds["line"].as_str().unwrap().starts_with("odds fire rifles"), "{odds}");
        assert_eq!(odds["changed"], false);

        // Every page heard of each change; the updates carry a count only.
        let b_heard = heard(&b_events, Duration::from_millis(800));
        let f_heard = heard(&f_events, Duration::from_millis(300));
        for heard in [&b_heard, &f_heard] {
            let data: Vec<&String> = heard.iter().filter(|l| l.starts_with("data:")).collect();
            assert!(data.len() >= 3, "{heard:?}");
            assert!(
                data.iter().all(|l| l.trim_start_matches("data:").trim().parse::<u64>().is_ok()),
                "{heard:?}"
            );
        }
        assert!(!b_heard.concat().contains(&card));

        for path in [british.clone(), format!("{british}/view")] {
            let got = c.get(&path);
            assert_eq!(got.status, 200);
            for secret in [card.as_str(), "chasseurs", "Ducos", "bonus French"] {
                assert!(!got.body.contains(secret), "{secret} in the British {path}");
            }
            assert!(got.body.contains("fire line-company at voltigeurs"), "the shared fire");
        }
        let f = c.get(&french);
        assert!(f.body.contains(&card) && f.body.contains("chasseurs"));

        // Measuring names only what the side can see.
        let got = c.post_form(&format!("{british}/place"), &[("name", "rifles"), ("x", "10"), ("y", "10")]);
        assert_eq!(got.status, 204, "{}", got.body);
        let got = c.get(&format!("{british}/measure?a=rifles&b=chasseurs"));
        assert_eq!(got.status, 400);
        let got = c.get(&format!("{french}/measure?a=rifles&b=chasseurs"));
        assert_eq!(got.status, 200, "{}", got.body);
        let d: Value = serde_json::from_str(&got.body).unwrap();
        assert_eq!(d["unit"], "in");
        assert!(d["distance"].as_f64().unwrap() > 0.0);

        // Refusals, each with its reason.
        let got = c.get("/t/0000");
        assert_eq!(got.status, 404);
        assert!(got.body.contains("no table opens with this link"), "{}", got.body);
        let got = c.post_form("/tables/new", &[("kind", "chess")]);
        assert_eq!(got.status, 400);
        assert!(got.body.contains("`chess` is not a game played at the table here"));
        let got = c.post_form("/tables/new", &[("kind", "nb"), ("width", "wide")]);
        assert_eq!(got.status, 400);
        assert!(got.body.contains("a whole number, not `wide`"), "{}", got.body);
        let refused = run(&mut c, &umpire, "cmd=fire&f0=rifles");
        assert_eq!(refused["refused"], true);
        assert!(refused["answer"].as_str().unwrap().contains("`fire` needs TARGET"), "{refused}");

        // Without an umpire the maker's page only hands out the links.
        let organiser = make(&mut c, "nb", false);
        let page = c.get(&organiser);
        assert!(page.body.contains("This table has no umpire"));
        assert!(!page.body.contains("id=\"live\""));
        assert_eq!(c.get(&format!("{organiser}/view")).status, 403);
        let sides = links(&page.body);
        assert_eq!(sides.len(), 2, "{}", page.body);
        assert_eq!(c.get(&sides[0].1).status, 200);
    })
    .await;
    stop.send_replace(true);
}
on_both!(
    table_pages,
    a_sides_page_and_its_updates_hold_nothing_of_the_others
);

/// Placing and measuring without a pointer: `place PIECE X Y` and
/// `measure A B` typed at the table, answered in words, a side held to
/// its own pieces and to what it may see; a game's own `place` (Napoleon's
/// Battles') still goes to the game.
async fn the_map_is_played_by_typed_commands(location: Location) {
    let host = std::sync::Arc::new(Host::open(&location).await.unwrap());
    let (base, stop) = serve(host).await;
    blocking(move || {
        let mut c = Client::new(&base);
        let umpire = make(&mut c, "sharp", true);
        let sides = links(&c.get(&umpire).body);
        let (british, french) = (sides[0].1.clone(), sides[1].1.clone());

        let put = run(&mut c, &british, "line=place+rifles+10+12.5");
        assert_eq!(put["refused"], false, "{put}");
        assert_eq!(
            put["answer"],
            "rifles is now at 10.0, 12.5 in (from the left edge and the far edge)"
        );
        // Off the table: kept on its edge, and said so.
        let put = run(&mut c, &british, "line=place+line-company+500+-3");
        assert_eq!(
            put["answer"],
            "line-company is now at 72.0, 0.0 in (from the left edge and the far edge)"
        );
        let put = run(&mut c, &french, "line=place+voltigeurs+13+16.5");
        assert_eq!(put["refused"], false, "{put}");
        // 3 and 4 apart: 5 inches.
        let measured = run(&mut c, &british, "line=measure+rifles+voltigeurs");
        assert_eq!(
            measured["answer"],
            "rifles to voltigeurs: 5 in, centre to centre"
        );
        // The map on every page shows where the pieces now stand.
        let view = c.get(&format!("{british}/view")).body;
        assert!(view.contains("translate(10.00 12.50)"), "{view}");

        // A side moves only its own pieces, and measures only what it sees.
        let refused = run(&mut c, &british, "line=place+voltigeurs+1+1");
        assert_eq!(refused["refused"], true);
        assert!(
            refused["answer"]
                .as_str()
                .unwrap()
                .contains("the British move their own pieces"),
            "{refused}"
        );
        let refused = run(&mut c, &british, "line=measure+rifles+chasseurs");
        assert_eq!(refused["refused"], true);
        assert!(
            refused["answer"]
                .as_str()
                .unwrap()
                .contains("there is no piece `chasseurs`"),
            "{refused}"
        );
        let refused = run(&mut c, &british, "line=measure+rifles");
        assert_eq!(
            refused["answer"],
            "error: measure names two pieces: `measure A B`"
        );
        let refused = run(&mut c, &british, "line=place+rifes+1+1");
        assert!(
            refused["answer"]
                .as_str()
                .unwrap()
                .contains("did you mean `rifles`?"),
            "{refused}"
        );

        // Napoleon's Battles' own `place` is the game's.
        let nb = make(&mut c, "nb", true);
        let placed = run(&mut c, &nb, "line=place+VI-Corps+attack+Ligny");
        assert!(
            !placed["answer"].as_str().unwrap().contains("is now at"),
            "{placed}"
        );
    })
    .await;
    stop.send_replace(true);
}
on_both!(typed_map, the_map_is_played_by_typed_commands);
