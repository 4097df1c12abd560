//! Leave and substitutes over a real port: a player goes on leave from
//! their page (a form, no script) and comes back, a leave over the
//! game's limit is refused and says why, and the desk shows who is on
//! leave; a seat the game master opens is listed on the public page of
//! open seats, linked from the start page, and a newcomer takes it there:
//! the old player's password and session stop working, and a seat not
//! open cannot be taken.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::web::{Client, blocking, site};
use umpire_host::testing;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_goes_on_leave_from_their_page_and_comes_back() {
    let s = site(testing::sqlite("web-leave")).await;
    let (base, pw, desk) = (s.base.clone(), s.spring[0].clone(), s.desk_password.clone());
    let (before, went, away, too_long, stale, gm_page, back, after) = blocking(move || {
        let mut p = Client::new(&base);
        p.login("spring", "f5", &pw);
        let before = p.get("/games/spring");
        let csrf = p.csrf("/games/spring");
        let went = p.post_form("/games/spring/leave", &[("csrf", &csrf), ("turns", "2")]);
        let away = p.get("/games/spring");
        let too_long = p.post_form("/games/spring/leave", &[("csrf", &csrf), ("turns", "9")]);
        let stale = p.post_form(
            "/games/spring/leave",
            &[("csrf", "not-the-token"), ("turns", "off")],
        );
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let gm_page = gm.get("/desk/games/spring");
        let back = p.post_form("/games/spring/leave", &[("csrf", &csrf), ("turns", "off")]);
        let after = p.get("/games/spring");
        (before, went, away, too_long, stale, gm_page, back, after)
    })
    .await;
    let b = &before.body;
    assert!(b.contains("action=\"/games/spring/leave\""), "{b}");
    assert!(b.contains("<option value=\"3\">3 turns</option>"), "{b}");
    assert!(!b.contains("<option value=\"4\">"), "{b}");
    assert_eq!(
        (went.status, went.location.as_deref()),
        (303, Some("/games/spring#leave"))
    );
    assert!(
        away.body.contains("You are on leave until turn 3"),
        "{}",
        away.body
    );
    assert!(away.body.contains("Back from leave"), "{}", away.body);
    assert_eq!(too_long.status, 400);
    assert!(
        too_long
            .body
            .contains("a leave of 9 turns is longer than this game allows (3 at most)"),
        "{}",
        too_long.body
    );
    assert_eq!(stale.status, 400);
    let g = &gm_page.body;
    let row = g.split("data-seat=\"f5\"").nth(1).unwrap();
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(row.contains("on leave until turn 3"), "{row}");
    assert!(g.contains("name=\"leave_bot\""), "{g}");
    assert_eq!(back.status, 303);
    assert!(!after.body.contains("You are on leave"), "{}", after.body);
    assert!(s.host.on_leave("spring").await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_takes_an_open_seat_from_the_public_page() {
    let s = site(testing::sqlite("web-open")).await;
    s.host.open_seat("spring", "f6", "gm").await.unwrap();
    let (base, old) = (s.base.clone(), s.spring[1].clone());
    let (start, open, refused, asked, n, old_player) = blocking(move || {
        let mut old_player = Client::new(&base);
        old_player.login("spring", "f6", &old);
        let mut n = Client::new(&base);
        let start = n.get("/");
        let open = n.get("/open");
        let csrf = n.csrf("/open");
        let ask = |n: &mut Client, seat: &str| {
            n.post_form(
                "/open",
                &[
                    ("csrf", &csrf),
                    ("game", "spring"),
                    ("seat", seat),
                    ("address", "new@players.test"),
                ],
            )
        };
        let refused = ask(&mut n, "f7");
        let asked = ask(&mut n, "f6");
        (start, open, refused, asked, n, old_player)
    })
    .await;
    assert!(start.body.contains("href=\"/open\""), "{}", start.body);
    let o = &open.body;
    assert_eq!(open.status, 200);
    assert!(o.contains("<td>faction f6 ("), "{o}");
    assert!(o.contains("<td>spring (Overlord)</td>"), "{o}");
    assert!(o.contains("<td>1</td>"), "{o}");
    assert!(o.contains("name=\"address\""), "{o}");
    assert_eq!(refused.status, 400);
    assert!(
        refused
            .body
            .contains("f7 of spring is not open for a newcomer"),
        "{}",
        refused.body
    );
    // Asked: nothing is taken yet, a code is mailed.
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(
        asked
            .body
            .contains("A code is on its way to new@players.test."),
        "{}",
        asked.body
    );
    assert_eq!(s.host.openings().await.unwrap().len(), 1);
    let code = testing::claim_code(&s.host, "spring", "new@players.test").await;
    assert_eq!(code.len(), 10, "{code}");
    let (base, old) = (s.base.clone(), s.spring[1].clone());
    let csrf = support::web::attribute(&asked.body, "name=\"csrf\" value=\"").unwrap();
    let (wrong, taken, gone, old_login, none, again) = blocking(move || {
        let (mut n, mut old_player) = (n, old_player);
        let confirm = |n: &mut Client, code: &str| {
            n.post_form(
                "/open/confirm",
                &[
                    ("csrf", &csrf),
                    ("game", "spring"),
                    ("seat", "f6"),
                    ("address", "new@players.test"),
                    ("code", code),
                ],
            )
        };
        let wrong = confirm(&mut n, "notthecode");
        let taken = confirm(&mut n, &code.to_uppercase());
        let gone = old_player.get("/games/spring");
        let mut again_old = Client::new(&base);
        let csrf_login = again_old.csrf("/");
        let old_login = again_old.post_form(
            "/login",
            &[
                ("csrf", &csrf_login),
                ("game", "spring"),
                ("seat", "f6"),
                ("password", &old),
            ],
        );
        let none = n.get("/open");
        let again = confirm(&mut n, &code);
        (wrong, taken, gone, old_login, none, again)
    })
    .await;
    // A wrong code: the code page again, and why; nothing taken.
    assert_eq!(wrong.status, 200, "{}", wrong.body);
    assert!(
        wrong
            .body
            .contains("The seat is not yours yet: that is not the code mailed to new@players.test"),
        "{}",
        wrong.body
    );
    assert_eq!(taken.status, 200, "{}", taken.body);
    assert!(
        taken
            .body
            .contains("Its password is on its way to new@players.test"),
        "{}",
        taken.body
    );
    // The old player's session and password no longer work.
    assert_ne!(gone.status, 200, "{}", gone.body);
    assert_eq!(old_login.status, 303);
    assert!(
        old_login
            .location
            .as_deref()
            .is_some_and(|l| l.starts_with("/?failed=")),
        "{:?}",
        old_login.location
    );
    assert!(none.body.contains("No seat is open now."), "{}", none.body);
    // The code does not take the seat twice.
    assert!(
        again
            .body
            .contains("no code was mailed to new@players.test for f6"),
        "{}",
        again.body
    );
    let seat = s.host.store().seat("spring", "f6").await.unwrap().unwrap();
    assert_eq!(seat.addresses, vec!["new@players.test".to_string()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_desk_opens_and_gives_a_seat_and_sets_leave() {
    let s = site(testing::sqlite("web-leave-desk")).await;
    let (base, desk) = (s.base.clone(), s.desk_password.clone());
    let (leave, opened, open_page, given, given_page) = blocking(move || {
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let csrf = gm.csrf("/desk/games/spring");
        let leave = gm.post_form(
            "/desk/games/spring/act",
            &[
                ("csrf", &csrf),
                ("action", "leave"),
                ("leave_bot", "on"),
                ("max_leave", "2"),
            ],
        );
        // Opened, closed from its row, opened again.
        for action in ["open", "close"] {
            let done = gm.post_form(
                "/desk/games/spring/act",
                &[("csrf", &csrf), ("action", action), ("seat", "f7")],
            );
            assert_eq!(done.status, 303, "{action}: {}", done.body);
        }
        let closed_page = gm.get("/desk/games/spring").body;
        assert!(
            closed_page.contains("f7 is no longer open for a newcomer."),
            "{closed_page}"
        );
        let opened = gm.post_form(
            "/desk/games/spring/act",
            &[("csrf", &csrf), ("action", "open"), ("seat", "f7")],
        );
        let open_page = gm.get("/desk/games/spring");
        let given = gm.post_form(
            "/desk/games/spring/act",
            &[
                ("csrf", &csrf),
                ("action", "give"),
                ("seat", "f7"),
                ("address", "friend@players.test"),
            ],
        );
        let given_page = gm.get("/desk/games/spring");
        (leave, opened, open_page, given, given_page)
    })
    .await;
    assert_eq!(leave.status, 303);
    assert_eq!(opened.status, 303);
    let p = &open_page.body;
    let row = p.split("data-seat=\"f7\"").nth(1).unwrap();
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(row.contains("open for a newcomer"), "{row}");
    assert!(row.contains("value=\"give\""), "{row}");
    assert!(row.contains("value=\"close\""), "{row}");
    assert_eq!(given.status, 303);
    assert!(
        given_page
            .body
            .contains("f7 is played from friend@players.test from now on"),
        "{}",
        given_page.body
    );
    let settings = umpire_host::host::Settings::of_row(&s.host.game("spring").await.unwrap());
    assert_eq!((settings.leave_bot, settings.max_leave), (true, 2));
    let audit = s.host.store().audit(Some("spring")).await.unwrap();
    let actions: Vec<_> = audit
        .iter()
        .filter(|e| e.actor == "gm@desk")
        .map(|e| e.action.as_str())
        .collect();
    assert_eq!(
        actions,
        vec!["leave-bot", "max-leave", "open", "close", "open", "take"]
    );
}
