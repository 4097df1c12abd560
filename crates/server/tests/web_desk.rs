//! The game master's desk over a real port: a control that cannot be
//! undone asks first on a page of its own, and nothing happens until it
//! is answered; the seat list in number order with who plays each seat
//! and its name in the game; an address checked before a welcome mail is
//! queued to it; each seat's record of turns on time, late and missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::web::{Client, blocking, site};
use umpire_host::testing;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn controls_that_cannot_be_undone_ask_first_and_do_nothing_until_answered() {
    let s = site(testing::sqlite("desk-confirm")).await;
    let before = s.host.store().seat("spring", "f6").await.unwrap().unwrap();
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let asked = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let page = gm.get("/desk/games/spring").body;
        let csrf = gm.csrf("/desk/games/spring");
        let mut asked = Vec::new();
        for (action, seat, question) in [
            ("run", "", "Run turn 2 of spring now?"),
            ("rollback", "", "Roll back turn 1 of spring?"),
            ("rerun", "", "Roll back turn 1 of spring and run it again?"),
            ("remove", "f6", "Remove f6 (Faction 6) from spring?"),
            ("password", "f6", "Give f6 (Faction 6) a new password?"),
        ] {
            // The desk's button leads to the question, not to the act.
            assert!(
                page.contains(&format!("name=\"action\" value=\"{action}\"")),
                "{action}"
            );
            let got = gm.post_form(
                "/desk/games/spring/act",
                &[("csrf", &csrf), ("action", action), ("seat", seat)],
            );
            assert_eq!(got.status, 303, "{action}: {}", got.body);
            let to = got.location.unwrap();
            assert!(to.starts_with("/desk/games/spring/confirm?action="), "{to}");
            let q = gm.get(&to);
            assert_eq!(q.status, 200, "{action}: {}", q.body);
            assert!(q.body.contains(question), "{action}: {}", q.body);
            assert!(
                q.body.contains("name=\"confirm\" value=\"yes\""),
                "{action}"
            );
            assert!(q.body.contains("Cancel"), "{action}");
            asked.push(action);
        }
        // Answered: the password is shown once, on the page after.
        let got = gm.post_form(
            "/desk/games/spring/act",
            &[
                ("csrf", &csrf),
                ("action", "password"),
                ("seat", "f6"),
                ("confirm", "yes"),
            ],
        );
        assert_eq!(got.location.as_deref(), Some("/desk/games/spring"));
        let shown = gm.get("/desk/games/spring").body;
        assert!(shown.contains("f6's new password is "), "{shown}");
        assert!(
            !gm.get("/desk/games/spring")
                .body
                .contains("new password is")
        );
        asked
    })
    .await;
    assert_eq!(asked.len(), 5);
    // Nothing ran, rolled back or left before it was answered.
    let g = s.host.game("spring").await.unwrap();
    assert_eq!(g.turn, 1);
    let after = s.host.store().seat("spring", "f6").await.unwrap().unwrap();
    assert!(after.status.plays());
    assert_ne!(after.password_hash, before.password_hash);
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seat_list_is_in_number_order_and_says_who_plays_each_seat() {
    let s = site(testing::sqlite("desk-seats")).await;
    for name in ["Eighth", "Ninth", "Tenth"] {
        s.host.join("spring", Some(name), None, "gm").await.unwrap();
    }
    s.host.set_bot("spring", "f7", true, "gm").await.unwrap();
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let page = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        gm.get("/desk/games/spring").body
    })
    .await;
    let mut order = Vec::new();
    let mut rest = page.as_str();
    while let Some(i) = rest.find("data-seat=\"") {
        rest = &rest[i + 11..];
        order.push(rest[..rest.find('"').unwrap()].to_string());
    }
    assert_eq!(order, ["f5", "f6", "f7", "f8", "f9", "f10"], "{page}");
    let row = |seat: &str| {
        let i = page.find(&format!("data-seat=\"{seat}\"")).unwrap();
        let end = page[i..].find("</tr>").unwrap();
        page[i..i + end].to_string()
    };
    assert!(row("f7").contains("a bot"), "{}", row("f7"));
    assert!(row("f5").contains("a player"), "{}", row("f5"));
    // The faction's name as its report gives it.
    assert!(row("f5").contains("Faction 5"), "{}", row("f5"));
    assert!(row("f10").contains("Tenth"), "{}", row("f10"));
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_is_checked_before_a_welcome_mail_is_queued() {
    let s = site(testing::sqlite("desk-address")).await;
    let queued = s
        .host
        .store()
        .outbox(Some("spring"), None)
        .await
        .unwrap()
        .len();
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let got = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let csrf = gm.csrf("/desk/games/spring");
        gm.post_form(
            "/desk/games/spring/act",
            &[
                ("csrf", &csrf),
                ("action", "join"),
                ("name", "Typo"),
                ("address", "new players.test"),
            ],
        )
    })
    .await;
    assert_eq!(got.status, 400, "{}", got.body);
    assert!(got.body.contains("is not a mail address"), "{}", got.body);
    let seats = s.host.store().seats("spring").await.unwrap();
    assert!(!seats.iter().any(|x| x.name == "Typo"), "{seats:?}");
    assert_eq!(
        s.host
            .store()
            .outbox(Some("spring"), None)
            .await
            .unwrap()
            .len(),
        queued
    );
    let _ = s.stop.send(true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seats_record_is_at_the_desk() {
    let s = site(testing::sqlite("desk-record")).await;
    // Turn 1 ran with no orders; a bot plays f7 in turn 2.
    s.host.set_bot("spring", "f7", true, "gm").await.unwrap();
    let ran = s
        .host
        .run_turn(
            "spring",
            umpire_host::host::Trigger::Now { actor: "gm".into() },
        )
        .await
        .unwrap();
    assert!(
        matches!(ran, umpire_host::host::Ran::Kept { turn: 2, .. }),
        "{ran:?}"
    );
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let page = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        gm.get("/desk/games/spring").body
    })
    .await;
    assert!(page.contains("Each seat's record"), "{page}");
    let row = |seat: &str| {
        let i = page
            .find(&format!("data-record=\"{seat}\""))
            .unwrap_or_else(|| panic!("no record of {seat}: {page}"));
        let end = page[i..].find("</tr>").unwrap();
        page[i..i + end].to_string()
    };
    let cells = |seat: &str| -> Vec<String> {
        row(seat)
            .split("<td>")
            .skip(1)
            .map(|c| {
                let mut text = String::new();
                let mut tag = false;
                for ch in c.chars() {
                    match ch {
                        '<' => tag = true,
                        '>' => tag = false,
                        _ if !tag => text.push(ch),
                        _ => {}
                    }
                }
                text
            })
            .collect()
    };
    assert_eq!(cells("f5"), ["f5", "2", "0", "0", "2"]);
    assert_eq!(cells("f7"), ["f7", "2", "0", "0", "2 (a bot played 1)"]);
    let _ = s.stop.send(true);
}
