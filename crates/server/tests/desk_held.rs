//! EG-ORD-005 at the desk: a game master sees the lines of a hosted En
//! Garde! game held for their ruling, approves or refuses each with a
//! labelled form that answers with a redirect (a reload repeats nothing),
//! and nobody else may see or rule.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::web::{Client, blocking, site};
use umpire_host::host::Submission;
use umpire_host::on_both;
use umpire_host::store::Location;

async fn eg_ord_005_the_desk_rules_on_held_lines(location: Location) {
    let s = site(location).await;
    let (seat, pw) = s.paris[0].clone();
    assert_eq!(seat, "athos");
    let sheet = format!(
        "CHARACTER Athos\nPASSWORD {pw}\nWEEK 1\nCHALLENGE Porthos TO A DUEL\nSEEK AN AUDIENCE WITH THE CARDINAL\n"
    );
    s.host
        .submit(Submission {
            game: "paris",
            source: "mail",
            sender: Some("athos@players.test"),
            message_id: None,
            name: "sheet",
            bytes: sheet.as_bytes(),
            authenticated: None,
        })
        .await
        .unwrap();
    let (base, desk, f5) = (s.base.clone(), s.desk_password.clone(), s.spring[0].clone());
    blocking(move || {
        let mut nobody = Client::new(&base);
        let got = nobody.get("/desk/games/paris/held");
        assert_eq!(
            (got.status, got.location.as_deref()),
            (303, Some("/?login=1"))
        );
        let mut player = Client::new(&base);
        player.login("spring", "f5", &f5);
        assert_eq!(player.get("/desk/games/paris/held").status, 403);
        let csrf = player.csrf("/games/spring/orders");
        let got = player.post_form(
            "/desk/games/paris/held",
            &[
                ("csrf", &csrf),
                ("seat", "athos"),
                ("line", "4"),
                ("verdict", "approve"),
                ("words", "a player's own approval"),
            ],
        );
        assert_eq!(got.status, 403);

        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let game = gm.get("/desk/games/paris");
        assert!(game.body.contains("/desk/games/paris/held"), "a link to it");
        let page = gm.get("/desk/games/paris/held");
        assert_eq!(page.status, 200);
        assert!(
            page.body
                .contains("Athos</strong>, line 4: <code>CHALLENGE Porthos TO A DUEL</code>"),
            "{}",
            page.body
        );
        assert_eq!(page.body.matches("Not ruled on yet.").count(), 2);
        // Every field has a visible label.
        assert!(
            page.body
                .contains("<label for=\"refuse-athos-5\">Reason the player will read</label>"),
            "{}",
            page.body
        );
        let csrf = gm.csrf("/desk/games/paris/held");
        let got = gm.post_form(
            "/desk/games/paris/held",
            &[
                ("csrf", &csrf),
                ("seat", "athos"),
                ("line", "4"),
                ("verdict", "approve"),
                ("words", "the duel is fought at dawn in week 2"),
            ],
        );
        assert_eq!(
            (got.status, got.location.as_deref()),
            (303, Some("/desk/games/paris/held#athos-4"))
        );
        let got = gm.post_form(
            "/desk/games/paris/held",
            &[
                ("csrf", &csrf),
                ("seat", "athos"),
                ("line", "5"),
                ("verdict", "refuse"),
                ("words", ""),
            ],
        );
        assert_eq!(got.status, 400);
        assert!(
            got.body.contains("a refusal needs the reason"),
            "{}",
            got.body
        );
        let got = gm.post_form(
            "/desk/games/paris/held",
            &[
                ("csrf", "stale"),
                ("seat", "athos"),
                ("line", "5"),
                ("verdict", "refuse"),
                ("words", "no"),
            ],
        );
        assert_eq!(got.status, 400);
        // The page after the redirect shows the ruling; reading it again
        // rules nothing again.
        for _ in 0..2 {
            let page = gm.get("/desk/games/paris/held");
            assert!(
                page.body.contains(
                    "Ruled: approved: the duel is fought at dawn in week 2 (by gm@desk)."
                ),
                "{}",
                page.body
            );
            assert_eq!(page.body.matches("Not ruled on yet.").count(), 1);
        }
    })
    .await;
    let audit: Vec<String> = s
        .host
        .store()
        .audit(Some("paris"))
        .await
        .unwrap()
        .into_iter()
        .map(|e| format!("{} {}", e.actor, e.action))
        .collect();
    assert_eq!(audit, ["gm create", "gm@desk approve"]);
    let _ = s.stop.send(true);
}

on_both!(desk_held, eg_ord_005_the_desk_rules_on_held_lines);
