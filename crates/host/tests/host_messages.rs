//! Messages between players and the players' mail choices by mail line,
//! on SQLite and on PostgreSQL: a message written on the web or mailed to
//! a faction's address reaches the other seat's page and mail, neither
//! side sees the other's address, a seat not written to sees nothing of
//! it; every refusal says why and keeps nothing; the game master sees how
//! many, and the words only of messages written while the game's rules
//! let them read them. A `#MAIL` line changes what a player is mailed,
//! alone (keeping the orders as they were) or with orders, and a line not
//! understood is refused with how to write it.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::{header_with, mail_in, orders_template, overlord_game};
use umpire_host::host::mail_prefs::{MailPrefs, ReportIn};
use umpire_host::host::messages::{Letter, MAX_BODY, Messages, PER_HOUR, Passed, Postage, Via};
use umpire_host::host::{Host, HostError, Settings};
use umpire_host::on_both;
use umpire_host::store::{Location, MessageCount, Outgoing};

const GAME: &str = "talk";

fn letter(from: &str, to: &str, subject: &str, body: &str) -> Letter {
    Letter {
        from: from.into(),
        to: to.into(),
        subject: subject.into(),
        body: body.into(),
    }
}

fn postage(seat: &str) -> Postage {
    Postage {
        way_back: Some(format!("{seat}@game.test")),
        gm: Some("gm@server.test".into()),
    }
}

/// A game of three factions, each with an address of its own.
async fn talk(location: &Location, settings: Settings) -> (Host, Vec<String>) {
    let (host, seats) = overlord_game(location, GAME, 3, settings).await;
    for (s, _) in &seats {
        host.set_address(GAME, s, &format!("{s}@players.test"), "gm")
            .await
            .unwrap();
    }
    let keys = seats.into_iter().map(|(s, _)| s).collect();
    (host, keys)
}

async fn relayed(host: &Host) -> Vec<Outgoing> {
    host.store()
        .outbox(Some(GAME), None)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.message)
        .filter(|m| m.kind.starts_with("relay"))
        .collect()
}

async fn refused(host: &Host, l: &Letter) -> String {
    match host
        .pass_message(GAME, l, Via::Web, &postage(&l.from))
        .await
    {
        Err(HostError::Refused(why)) => why,
        other => panic!("not refused: {other:?}"),
    }
}

async fn a_message_reaches_the_other_seat_and_no_one_else(location: Location) {
    let (host, s) = talk(&location, Settings::default()).await;
    let (a, b, c) = (&s[0], &s[1], &s[2]);
    let passed = host
        .pass_message(
            GAME,
            &letter(a, b, "Alliance?", "Shall we share the pass?\r\n"),
            Via::Web,
            &postage(a),
        )
        .await
        .unwrap();
    assert_eq!(
        passed,
        Passed::To(format!("passed to {b}: on its page, and in its mail"))
    );
    // Both pages, not the third's.
    let to_b = host.store().messages_of(GAME, b, 10).await.unwrap();
    assert_eq!(to_b.len(), 1);
    assert_eq!(
        (
            to_b[0].from_seat.as_str(),
            to_b[0].to_seat.as_str(),
            to_b[0].subject.as_str(),
            to_b[0].body.as_str(),
            to_b[0].via.as_str()
        ),
        (
            a.as_str(),
            b.as_str(),
            "Alliance?",
            "Shall we share the pass?",
            "web"
        )
    );
    assert_eq!(host.store().messages_of(GAME, a, 10).await.unwrap(), to_b);
    assert!(
        host.store()
            .messages_of(GAME, c, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // The mail: to b's address, the way back a's address here, a's own
    // address nowhere.
    let mails = relayed(&host).await;
    assert_eq!(mails.len(), 1);
    let m = &mails[0];
    assert_eq!(
        (
            m.kind.as_str(),
            m.to.clone(),
            m.reply_to.clone(),
            m.sender_name.clone()
        ),
        (
            "relay",
            format!("{b}@players.test"),
            Some(format!("{a}@game.test")),
            Some(format!("{a} via {GAME}"))
        )
    );
    assert!(
        m.body.starts_with("Shall we share the pass?\n\n-- \n"),
        "{}",
        m.body
    );
    assert!(!m.body.contains(&format!("{a}@players.test")), "{}", m.body);
    // The game master: how many, not what.
    assert_eq!(
        host.store().message_counts(GAME, 0).await.unwrap(),
        vec![
            MessageCount {
                seat: a.clone(),
                sent: 1,
                received: 0
            },
            MessageCount {
                seat: b.clone(),
                sent: 0,
                received: 1
            }
        ]
    );
    let private = host
        .messages_for_gm(GAME, 10)
        .await
        .unwrap_err()
        .to_string();
    assert!(
        private.contains("the game master sees how many, not what"),
        "{private}"
    );

    // By mail to b's address: the same rule, settled once.
    let (row, _) = host
        .store()
        .receive(&umpire_host::store::Incoming {
            game: Some(GAME),
            source: "mail",
            sender: Some("c@players.test"),
            message_id: Some("<m1@players.test>"),
            raw: b"raw",
            envelope_to: Some("f6@game.test"),
        })
        .await
        .unwrap();
    let id = (row.id,);
    let by_mail = letter(c, b, "", "Beware of the east.");
    let first = host
        .pass_message(GAME, &by_mail, Via::Mail { submission: id.0 }, &postage(c))
        .await
        .unwrap();
    assert_eq!(
        first,
        Passed::To(format!("passed to {b}: on its page, and in its mail"))
    );
    let again = host
        .pass_message(GAME, &by_mail, Via::Mail { submission: id.0 }, &postage(c))
        .await
        .unwrap();
    assert_eq!(again, Passed::Settled);
    let to_b = host.store().messages_of(GAME, b, 10).await.unwrap();
    assert_eq!(to_b.len(), 2, "the second delivery kept nothing");
    assert_eq!(to_b[0].subject, format!("A message from {c}"));
    assert_eq!(to_b[0].via, "mail");
    let row = host.store().submission(id.0).await.unwrap().unwrap();
    assert_eq!(row.disposition, "relayed");
    assert_eq!(
        row.text, None,
        "a private message's words are not kept with the mail"
    );
    assert_eq!(relayed(&host).await.len(), 2);
    // The seat as a player may write it: `F06`, `6`.
    let number = b.trim_start_matches('f');
    for typed in [format!("F0{number}"), number.to_string()] {
        let passed = host
            .pass_message(GAME, &letter(a, &typed, "", "again"), Via::Web, &postage(a))
            .await
            .unwrap();
        assert_eq!(
            passed,
            Passed::To(format!("passed to {b}: on its page, and in its mail")),
            "{typed}"
        );
    }
    assert_eq!(
        host.store().messages_of(GAME, b, 10).await.unwrap().len(),
        4
    );
}
on_both!(reaches, a_message_reaches_the_other_seat_and_no_one_else);

async fn every_refusal_says_why_and_keeps_nothing(location: Location) {
    let (host, s) = talk(&location, Settings::default()).await;
    let (a, b, c) = (&s[0], &s[1], &s[2]);
    assert_eq!(
        refused(&host, &letter(a, b, "", "  \n")).await,
        "the message has no words"
    );
    assert_eq!(
        refused(&host, &letter(a, a, "", "hi")).await,
        format!("{a} is your own seat")
    );
    assert_eq!(
        refused(&host, &letter(a, " ", "", "hi")).await,
        "say which seat the message is for"
    );
    let long = "x".repeat(MAX_BODY + 1);
    assert_eq!(
        refused(&host, &letter(a, b, "", &long)).await,
        format!(
            "the message has {} characters; a message holds at most {MAX_BODY}",
            MAX_BODY + 1
        )
    );
    host.remove(GAME, c, "gm").await.unwrap();
    // Removal takes effect at the next turn: run it.
    host.run_turn(GAME, umpire_host::host::Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert_eq!(
        refused(&host, &letter(a, c, "", "hi")).await,
        format!("{c} is no longer in the game")
    );
    assert_eq!(
        refused(&host, &letter(c, a, "", "hi")).await,
        format!("{c} is no longer in the game, so it writes to nobody")
    );
    // At most thirty an hour from one seat.
    for n in 0..PER_HOUR {
        host.pass_message(
            GAME,
            &letter(a, b, "", &format!("{n}")),
            Via::Web,
            &postage(a),
        )
        .await
        .unwrap();
    }
    assert_eq!(
        refused(&host, &letter(a, b, "", "one more")).await,
        format!(
            "{a} has written 30 messages in the last hour, as many as a seat may; write again later"
        )
    );
    assert_eq!(
        host.store().messages_of(GAME, b, 100).await.unwrap().len(),
        30
    );
    support::execute(&location, "UPDATE messages SET sent_at = sent_at - 3600001").await;
    host.pass_message(GAME, &letter(a, b, "", "an hour on"), Via::Web, &postage(a))
        .await
        .unwrap();
    support::execute(&location, "DELETE FROM messages").await;
    support::execute(&location, "DELETE FROM outbox WHERE kind = 'relay'").await;
    host.set_messages(GAME, Messages::Off, "gm").await.unwrap();
    assert!(
        refused(&host, &letter(a, b, "", "hi"))
            .await
            .starts_with("this game allows no messages between players"),
    );
    assert!(
        host.store()
            .message_counts(GAME, 0)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(relayed(&host).await.is_empty());
}
on_both!(refusals, every_refusal_says_why_and_keeps_nothing);

async fn the_game_master_reads_only_what_was_written_under_a_rule_that_lets_them(
    location: Location,
) {
    let settings = Settings {
        gm_address: Some("gm@game.test".into()),
        ..Settings::default()
    };
    let (host, s) = talk(&location, settings).await;
    let (a, b) = (&s[0], &s[1]);
    let pass = |l: Letter| {
        let host = &host;
        async move {
            host.pass_message(GAME, &l, Via::Web, &postage(&l.from))
                .await
                .unwrap()
        }
    };
    pass(letter(a, b, "secret", "written while private")).await;
    host.set_messages(GAME, Messages::GmReads, "gm")
        .await
        .unwrap();
    pass(letter(b, a, "open", "written while the game master reads")).await;
    let read = host.messages_for_gm(GAME, 10).await.unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].body, "written while the game master reads");
    // A faction no player holds: the game master plays it.
    let to_npc = pass(letter(a, "f99", "", "Hail, neighbours")).await;
    assert_eq!(
        to_npc,
        Passed::To("passed to the game master, who plays f99".into())
    );
    let gm_mail: Vec<_> = relayed(&host)
        .await
        .into_iter()
        .filter(|m| m.kind == "relay-gm")
        .collect();
    assert_eq!(gm_mail.len(), 1);
    assert_eq!(
        gm_mail[0].to, "gm@game.test",
        "the game's own game master first"
    );
    // The rule is in the audit log.
    let audit = host.store().audit(Some(GAME)).await.unwrap();
    assert!(audit.iter().any(|e| {
        e.action == "messages"
            && e.detail
                .contains("by this game's rules the game master reads the messages too")
    }));
}
on_both!(
    gm_reads,
    the_game_master_reads_only_what_was_written_under_a_rule_that_lets_them
);

async fn a_mail_line_changes_what_a_player_is_mailed(location: Location) {
    let (host, seats) = overlord_game(&location, GAME, 3, Settings::default()).await;
    let (a, pw) = (&seats[0].0, &seats[0].1);
    let b = &seats[1].0;
    for (s, _) in &seats {
        host.set_address(GAME, s, &format!("{s}@players.test"), "gm")
            .await
            .unwrap();
    }
    // Orders first, then a #MAIL line alone: the orders stay.
    let t = orders_template(&host, GAME, a, pw).await;
    let sent = mail_in(&host, GAME, "p@players.test", &t).await;
    assert_eq!(sent.refused, 0, "{}", sent.text);
    let before = host.store().orders_of(GAME, 1, a).await.unwrap().unwrap();
    let alone = header_with(&host, GAME, a, pw, "#MAIL MESSAGES OFF REPORT ATTACHED").await;
    let got = mail_in(&host, GAME, "p@players.test", &alone).await;
    assert_eq!(got.refused, 0, "{}", got.text);
    assert!(
        got.text.contains(&format!(
            "{a}: mailed: reminders on; reports attached only; messages from other players on the page only; orders kept as they were"
        )),
        "{}",
        got.text
    );
    assert_eq!(
        host.store().orders_of(GAME, 1, a).await.unwrap().unwrap(),
        before
    );
    assert_eq!(
        host.mail_prefs(GAME, a).await.unwrap(),
        MailPrefs {
            reminders: true,
            report: ReportIn::Attached,
            messages: false
        }
    );
    // Messages to a now stay on its page.
    let passed = host
        .pass_message(GAME, &letter(b, a, "", "hello"), Via::Web, &postage(b))
        .await
        .unwrap();
    assert_eq!(passed, Passed::To(format!("passed to {a}: on its page")));
    assert!(relayed(&host).await.is_empty());
    // A line not understood: refused, and how to write it; nothing changes.
    let bad = header_with(&host, GAME, a, pw, "#MAIL PIGEONS ON").await;
    let got = mail_in(&host, GAME, "p@players.test", &bad).await;
    assert_eq!(got.refused, 1, "{}", got.text);
    assert!(
        got.text.contains("write #MAIL and what to change"),
        "{}",
        got.text
    );
    assert_eq!(
        host.store().orders_of(GAME, 1, a).await.unwrap().unwrap(),
        before
    );
    // With orders: both kept, and said.
    let with = format!("{}\n#MAIL REMINDERS OFF\n", t.trim_end());
    let got = mail_in(&host, GAME, "p@players.test", &with).await;
    assert_eq!(got.refused, 0, "{}", got.text);
    assert!(
        got.text.contains("; mailed: reminders off;"),
        "{}",
        got.text
    );
    assert!(!host.mail_prefs(GAME, a).await.unwrap().reminders);
    // Each change is the player's, in the audit log.
    let audit = host.store().audit(Some(GAME)).await.unwrap();
    let mine: Vec<_> = audit.iter().filter(|e| e.action == "mail-prefs").collect();
    assert_eq!(mine.len(), 2);
    assert_eq!(mine[0].actor, format!("{a}@mail"));
}
on_both!(mail_line, a_mail_line_changes_what_a_player_is_mailed);

/// En Garde!, the other hosted game: characters write to each other by the
/// same rule, and a `#MAIL` line in a sheet alone keeps the sheet sent
/// before.
async fn en_garde_characters_write_and_choose_their_mail(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let made = host
        .create(umpire_host::host::NewGame {
            kind: "En Garde!".into(),
            name: "paris".into(),
            options: umpire_host::kind::Options(vec![
                ("player".into(), "Athos:athos@players.test".into()),
                ("player".into(), "Porthos:porthos@players.test".into()),
                ("seed".into(), "3".into()),
            ]),
            settings: Settings::default(),
            actor: "gm@test".into(),
        })
        .await
        .unwrap();
    let athos = made.seats[0].password.clone().unwrap().expose().to_string();
    let passed = host
        .pass_message(
            "paris",
            &letter(
                "athos",
                "porthos",
                "A duel?",
                "At dawn, behind the Luxembourg.",
            ),
            Via::Web,
            &Postage::default(),
        )
        .await
        .unwrap();
    assert_eq!(
        passed,
        Passed::To("passed to porthos: on its page, and in its mail".into())
    );
    let mail = host
        .store()
        .outbox(Some("paris"), None)
        .await
        .unwrap()
        .into_iter()
        .find(|r| r.message.kind == "relay")
        .unwrap()
        .message;
    assert_eq!(mail.to, "porthos@players.test");
    assert!(!mail.body.contains("athos@players.test"), "{}", mail.body);
    assert!(
        mail.body.contains("A message from athos (Athos) of paris, written on the game's pages. Write on your page of the game to answer athos"),
        "{}",
        mail.body
    );
    let sheet = format!("CHARACTER Athos\nPASSWORD {athos}\nWEEK 1\nCAROUSE\n");
    let sent = mail_in(&host, "paris", "athos@players.test", &sheet).await;
    assert_eq!(sent.refused, 0, "{}", sent.text);
    let before = host
        .store()
        .orders_of("paris", 1, "athos")
        .await
        .unwrap()
        .unwrap();
    let alone = format!("CHARACTER Athos\nPASSWORD {athos}\n#MAIL REMINDERS OFF\n");
    let got = mail_in(&host, "paris", "athos@players.test", &alone).await;
    assert_eq!(got.refused, 0, "{}", got.text);
    assert!(got.text.contains("mailed: reminders off;"), "{}", got.text);
    assert!(
        got.text.contains("orders kept as they were"),
        "{}",
        got.text
    );
    assert_eq!(
        host.store()
            .orders_of("paris", 1, "athos")
            .await
            .unwrap()
            .unwrap(),
        before
    );
    assert!(!host.mail_prefs("paris", "athos").await.unwrap().reminders);
}
on_both!(en_garde, en_garde_characters_write_and_choose_their_mail);
