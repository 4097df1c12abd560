//! Messages between players on the web, over a real port: a player writes
//! to another seat on their Messages page, the other reads it on theirs
//! and answers with the form under it, a third seat sees nothing; a
//! message refused comes back with its words and the reason; the game
//! master's desk shows how many each seat wrote and was written, the
//! outbox no subject, and the words only when the game's rules let the
//! game master read them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::web::{Client, blocking, site};
use umpire_host::host::messages::Messages;
use umpire_host::testing;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_write_to_each_other_and_the_game_master_sees_only_how_many() {
    let s = site(testing::sqlite("web-messages")).await;
    let (base, pw, desk) = (s.base.clone(), s.spring.clone(), s.desk_password.clone());
    let b = base.clone();
    let (empty, refused, sent, f6_page, f7_page, answered) = blocking(move || {
        let mut f5 = Client::new(&b);
        f5.login("spring", "f5", &pw[0]);
        let empty = f5.get("/games/spring/messages").body;
        let csrf = f5.csrf("/games/spring/messages");
        // To one's own seat: refused, the words kept.
        let refused = f5.post_form(
            "/games/spring/messages",
            &[
                ("csrf", &csrf),
                ("to", "f5"),
                ("subject", "Pact"),
                ("body", "Shall we share the pass?"),
            ],
        );
        let sent = f5.post_form(
            "/games/spring/messages",
            &[
                ("csrf", &csrf),
                ("to", "f6"),
                ("subject", "Pact"),
                ("body", "Shall we share the pass?\r\nYours, 5"),
            ],
        );
        let after = f5.get("/games/spring/messages").body;
        let mut f6 = Client::new(&b);
        f6.login("spring", "f6", &pw[1]);
        let f6_page = f6.get("/games/spring/messages").body;
        let csrf6 = f6.csrf("/games/spring/messages");
        let answer = f6.post_form(
            "/games/spring/messages",
            &[
                ("csrf", &csrf6),
                ("to", "f5"),
                ("subject", "Re: Pact"),
                ("body", "Agreed."),
            ],
        );
        assert_eq!(answer.status, 303, "{}", answer.body);
        let mut f7 = Client::new(&b);
        f7.login("spring", "f7", &pw[2]);
        let f7_page = f7.get("/games/spring/messages").body;
        let answered = f5.get("/games/spring/messages").body;
        ((empty, after), refused, sent, f6_page, f7_page, answered)
    })
    .await;
    let (empty, after) = empty;
    assert!(empty.contains("No messages yet."), "{empty}");
    assert!(
        empty.contains("only the two seats read a message, the game master sees how many"),
        "{empty}"
    );
    assert_eq!(
        refused.status, 200,
        "a refusal is the page again, not an error"
    );
    assert!(
        refused
            .body
            .contains("Your message was not passed on: f5 is your own seat."),
        "{}",
        refused.body
    );
    assert!(
        refused
            .body
            .contains(">Shall we share the pass?</textarea>"),
        "{}",
        refused.body
    );
    assert!(refused.body.contains("value=\"Pact\""), "{}", refused.body);
    assert_eq!(
        (sent.status, sent.location.as_deref()),
        (303, Some("/games/spring/messages"))
    );
    assert!(
        after.contains("Your message was passed to f6: on its page."),
        "{after}"
    );
    assert!(after.contains("To <strong>f6</strong>"), "{after}");
    assert!(f6_page.contains("From <strong>f5</strong>"), "{f6_page}");
    assert!(
        f6_page.contains("Shall we share the pass?\nYours, 5"),
        "{f6_page}"
    );
    assert!(f6_page.contains("<summary>Answer</summary>"), "{f6_page}");
    assert!(f7_page.contains("No messages yet."), "{f7_page}");
    assert!(!f7_page.contains("Shall we share"), "{f7_page}");
    assert!(answered.contains("From <strong>f6</strong>"), "{answered}");
    assert!(answered.contains("Agreed."), "{answered}");

    // The desk: how many, not what.
    let b = base.clone();
    let (desk_page, outbox, gm_read) = blocking(move || {
        let mut gm = Client::new(&b);
        gm.desk_login("gm", &desk);
        (
            gm.get("/desk/games/spring").body,
            gm.get("/desk/games/spring/outbox").body,
            gm.get("/desk/games/spring/messages"),
        )
    })
    .await;
    assert!(
        desk_page.contains("Messages between players"),
        "{desk_page}"
    );
    assert!(
        desk_page.contains(
            "<tr data-messages=\"f5\"><td><strong>f5</strong></td><td>1</td><td>1</td></tr>"
        ),
        "{desk_page}"
    );
    for words in ["Shall we share", "Agreed.", "Pact"] {
        assert!(!desk_page.contains(words), "{words} on the desk");
        assert!(!outbox.contains(words), "{words} in the outbox");
    }
    assert_eq!(gm_read.status, 400);
    assert!(
        gm_read
            .body
            .contains("the game master sees how many, not what"),
        "{}",
        gm_read.body
    );

    under_a_rule_that_lets_the_game_master_read(&s).await;
    let _ = s.stop.send(true);
}

/// Under a rule that lets the game master read: every player's page says
/// so, and only what is written from then on is shown to the game master.
async fn under_a_rule_that_lets_the_game_master_read(s: &support::web::Site) {
    let base = s.base.clone();
    s.host
        .set_messages("spring", Messages::GmReads, "gm")
        .await
        .unwrap();
    let (b, pw, desk) = (base.clone(), s.spring.clone(), s.desk_password.clone());
    let (told, read) = blocking(move || {
        let mut f7 = Client::new(&b);
        f7.login("spring", "f7", &pw[2]);
        let csrf = f7.csrf("/games/spring/messages");
        let sent = f7.post_form(
            "/games/spring/messages",
            &[
                ("csrf", &csrf),
                ("to", "f5"),
                ("subject", ""),
                ("body", "The GM may read this."),
            ],
        );
        assert_eq!(sent.status, 303, "{}", sent.body);
        let told = f7.get("/games/spring/messages").body;
        let mut gm = Client::new(&b);
        gm.desk_login("gm", &desk);
        (told, gm.get("/desk/games/spring/messages"))
    })
    .await;
    assert!(
        told.contains("by this game&#39;s rules the game master reads the messages too")
            || told.contains("by this game's rules the game master reads the messages too"),
        "{told}"
    );
    assert_eq!(read.status, 200);
    assert!(read.body.contains("The GM may read this."), "{}", read.body);
    assert!(!read.body.contains("Shall we share"), "{}", read.body);
}

/// A client program writes and reads messages with its token, by the
/// same rule: a refusal is a 400 with the reason, and nothing is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_program_writes_and_reads_messages() {
    let s = site(testing::sqlite("api-messages")).await;
    let t5 = s.host.new_token("spring", "f5", "bot").await.unwrap();
    let t6 = s.host.new_token("spring", "f6", "bot").await.unwrap();
    let (base, t5, t6) = (
        s.base.clone(),
        t5.expose().to_string(),
        t6.expose().to_string(),
    );
    let (refused, bad, sent, read) = blocking(move || {
        let json = [("Content-Type", "application/json")];
        let mut c5 = Client::with_token(&base, &t5);
        let refused = c5.post("/api/v1/messages", &json, r#"{"to": "f5", "body": "hi"}"#);
        let bad = c5.post("/api/v1/messages", &json, "to f6: hi");
        let sent = c5.post(
            "/api/v1/messages",
            &json,
            r#"{"to": "f6", "subject": "Pact", "body": "Shall we?"}"#,
        );
        let read = Client::with_token(&base, &t6).get("/api/v1/messages");
        (refused, bad, sent, read)
    })
    .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    let v: serde_json::Value = serde_json::from_str(&refused.body).unwrap();
    assert_eq!(v["error"], "f5 is your own seat");
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("the body is not JSON"), "{}", bad.body);
    assert_eq!(sent.status, 200, "{}", sent.body);
    let v: serde_json::Value = serde_json::from_str(&sent.body).unwrap();
    assert_eq!(v["line"], "passed to f6: on its page");
    let v: serde_json::Value = serde_json::from_str(&read.body).unwrap();
    assert_eq!(v["seat"], "f6");
    let list = v["messages"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{v}");
    assert_eq!(
        (
            &list[0]["from"],
            &list[0]["to"],
            &list[0]["subject"],
            &list[0]["body"],
            &list[0]["via"]
        ),
        (
            &serde_json::json!("f5"),
            &serde_json::json!("f6"),
            &serde_json::json!("Pact"),
            &serde_json::json!("Shall we?"),
            &serde_json::json!("web")
        )
    );
    let _ = s.stop.send(true);
}
