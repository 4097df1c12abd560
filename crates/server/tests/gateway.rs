//! The mail gateway on the host, on SQLite and PostgreSQL, without a mail
//! server: messages delivered as a mail server would, read, routed and
//! answered; what it queues is what goes out.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use umpire_host::host::{Host, NewGame, Settings};
use umpire_host::kind::Options;
use umpire_host::on_both;
use umpire_host::store::{Location, OutboxRow};
use umpire_server::mail::config::{MailConfig, Mode};
use umpire_server::mail::gateway::Gateway;

struct World {
    host: Arc<Host>,
    gateway: Gateway,
    /// f5's and f6's passwords.
    pw: Vec<String>,
}

fn config() -> MailConfig {
    MailConfig {
        domain: "game.test".into(),
        gm_address: Some("gm@game.test".into()),
        rate_per_hour: 5,
        ..MailConfig::default()
    }
}

async fn world(location: Location, config: MailConfig) -> World {
    let host = Arc::new(Host::open(&location).await.unwrap());
    let made = host
        .create(NewGame {
            kind: "overlord".into(),
            name: "spring".into(),
            options: Options(vec![
                ("factions".into(), "3".into()),
                ("seed".into(), "4".into()),
                ("size".into(), "small".into()),
            ]),
            settings: Settings {
                gm_address: Some("gm@game.test".into()),
                ..Settings::default()
            },
            actor: "gm".into(),
        })
        .await
        .unwrap();
    for (seat, who) in [("f5", "ann"), ("f6", "bob"), ("f7", "cid")] {
        host.set_address("spring", seat, &format!("{who}@players.test"), "gm")
            .await
            .unwrap();
    }
    let pw = made
        .seats
        .iter()
        .map(|t| t.password.as_ref().unwrap().expose().to_string())
        .collect();
    World {
        gateway: Gateway::new(host.clone(), config),
        host,
        pw,
    }
}

fn mail(from: &str, to: &str, id: &str, extra: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: orders\r\nMessage-ID: <{id}>\r\n{extra}MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    )
    .into_bytes()
}

impl World {
    async fn orders(&self, seat: &str, pw: &str) -> String {
        let r = self
            .host
            .store()
            .report("spring", seat, None)
            .await
            .unwrap()
            .unwrap();
        r.template.unwrap().replacen("PASSWORD", pw, 1)
    }

    async fn deliver(&self, raw: &[u8]) -> i64 {
        let id = self.gateway.deliver(raw, None, None).await.unwrap();
        self.gateway.process_waiting().await.unwrap();
        id
    }

    async fn out(&self) -> Vec<OutboxRow> {
        self.host.store().outbox(None, None).await.unwrap()
    }

    async fn out_to(&self, to: &str) -> Vec<OutboxRow> {
        self.out()
            .await
            .into_iter()
            .filter(|m| m.message.to == to)
            .collect()
    }
}

async fn orders_by_mail_are_stored_and_answered_once(location: Location) {
    let w = world(location, config()).await;
    let body = format!("Hi!\n\n{}\n-- \nAnn\n", w.orders("f5", &w.pw[0]).await);
    let raw = mail(
        "Ann <ann@players.test>",
        "server@game.test",
        "m1@players.test",
        "",
        &body,
    );
    let id = w.deliver(&raw).await;
    let sub = w.host.store().submission(id).await.unwrap().unwrap();
    assert_eq!(sub.disposition, "answered");
    assert_eq!(sub.game.as_deref(), Some("spring"));
    assert!(
        sub.text.unwrap().contains("-- \nAnn"),
        "what was read is kept"
    );
    assert!(
        w.host
            .store()
            .orders_of("spring", 1, "f5")
            .await
            .unwrap()
            .is_some()
    );
    let answers = w.out_to("ann@players.test").await;
    let answer = answers.iter().find(|m| m.message.kind == "answer").unwrap();
    assert_eq!(
        answer.message.subject,
        "[spring] f5 orders for turn 1 received"
    );
    assert_eq!(
        answer.message.in_reply_to.as_deref(),
        Some("<m1@players.test>")
    );
    assert_eq!(
        answer.message.references.as_deref(),
        Some("<m1@players.test>")
    );
    assert!(
        answer
            .message
            .body
            .contains("f5: 2 units' orders stored for turn 1"),
        "{}",
        answer.message.body
    );
    // The same message again (a mail server delivering twice): stored
    // once, answered once.
    let again = w.deliver(&raw).await;
    assert_eq!(again, id);
    let answers = w.out_to("ann@players.test").await;
    assert_eq!(
        answers
            .iter()
            .filter(|m| m.message.kind == "answer")
            .count(),
        1
    );
}
on_both!(answered_once, orders_by_mail_are_stored_and_answered_once);

async fn ov_srv_003_html_only_mail_is_read_and_shown(location: Location) {
    let w = world(location, config()).await;
    let orders = w.orders("f5", &w.pw[0]).await;
    let html: String = orders
        .lines()
        .map(|l| {
            format!(
                "<div>{}</div>",
                l.replace('&', "&amp;").replace('<', "&lt;")
            )
        })
        .collect();
    let raw = format!(
        "From: ann@players.test\r\nTo: server@game.test\r\nMessage-ID: <h1@players.test>\r\nContent-Type: text/html\r\n\r\n<html><body>{html}</body></html>\r\n"
    );
    w.deliver(raw.as_bytes()).await;
    let answer = &w.out_to("ann@players.test").await[0];
    let body = &answer.message.body;
    assert!(
        body.starts_with("warning: this mail has no plain-text part, only HTML"),
        "{body}"
    );
    assert!(body.contains("  | #GAME f05 ****"), "{body}");
    assert!(body.contains("stored for turn 1"), "{body}");
    // The lines read are shown back without the password.
    assert!(!body.contains(w.pw[0].as_str()), "{body}");
    let id = w.host.store().submissions(None, 1).await.unwrap()[0].id;
    let kept = w.host.store().submission(id).await.unwrap().unwrap();
    assert!(!kept.text.unwrap_or_default().contains(w.pw[0].as_str()));
    assert!(!kept.answer.unwrap_or_default().contains(w.pw[0].as_str()));
}
on_both!(html_only, ov_srv_003_html_only_mail_is_read_and_shown);

async fn machines_are_never_answered_and_bounces_are_noticed(location: Location) {
    let w = world(location, config()).await;
    let vacation = mail(
        "ann@players.test",
        "server@game.test",
        "v1@players.test",
        "Auto-Submitted: auto-replied\r\n",
        "I am away.\n",
    );
    let id = w.deliver(&vacation).await;
    let sub = w.host.store().submission(id).await.unwrap().unwrap();
    assert_eq!(sub.disposition, "ignored");
    assert!(w.out_to("ann@players.test").await.is_empty());
    let bounce = "From: MAILER-DAEMON@game.test\r\nTo: server@game.test\r\nMessage-ID: <b1@game.test>\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"r\"\r\n\r\n--r\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--r\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; bob@players.test\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n--r--\r\n";
    w.deliver(bounce.as_bytes()).await;
    assert!(
        w.host
            .store()
            .failing("bob@players.test")
            .await
            .unwrap()
            .is_some()
    );
    let gm = w.out_to("gm@game.test").await;
    assert!(
        gm.iter()
            .any(|m| m.message.subject == "Mail to bob@players.test bounces"
                && m.message.body.contains("f6 of spring"))
    );
    assert!(w.out_to("mailer-daemon@game.test").await.is_empty());
}
on_both!(
    machines,
    machines_are_never_answered_and_bounces_are_noticed
);

async fn a_flood_gets_one_answer_and_a_huge_mail_a_refusal(location: Location) {
    let mut c = config();
    c.max_kib = 8;
    let w = world(location, c).await;
    for k in 0..8 {
        let raw = mail(
            "spam@players.test",
            "server@game.test",
            &format!("s{k}@p"),
            "",
            "hello\n",
        );
        w.deliver(&raw).await;
    }
    let answers = w.out_to("spam@players.test").await;
    // Five read (each "no envelope"), one "too many", then silence.
    assert_eq!(answers.len(), 6, "{answers:#?}");
    assert_eq!(answers[5].message.subject, "Too many messages");
    let big = mail(
        "ann@players.test",
        "server@game.test",
        "big@p",
        "",
        &"x".repeat(9 * 1024),
    );
    w.deliver(&big).await;
    let a = w.out_to("ann@players.test").await;
    // Tagged with the game, as every answer is (one game is hosted).
    assert_eq!(
        a[0].message.subject,
        "[spring] Your message was too large to read"
    );
    assert!(
        a[0].message.body.contains("up to 8 KiB"),
        "{}",
        a[0].message.body
    );
}
on_both!(flood, a_flood_gets_one_answer_and_a_huge_mail_a_refusal);

async fn ov_srv_001_gm_and_entity_addresses(location: Location) {
    let w = world(location, config()).await;
    // gm@: passed to the game master, who can reply to the sender.
    w.deliver(&mail(
        "ann@players.test",
        "gm@game.test",
        "g1@p",
        "",
        "My wizard vanished.\n",
    ))
    .await;
    let gm = w.out_to("gm@game.test").await;
    let passed = gm.iter().find(|m| m.message.kind == "to-gm").unwrap();
    assert_eq!(passed.message.reply_to.as_deref(), Some("ann@players.test"));
    assert!(passed.message.body.contains("My wizard vanished."));
    assert!(
        w.out_to("ann@players.test").await[0]
            .message
            .body
            .contains("passed to the game master")
    );
    // f6@: relayed to f6's address; f5's address is not in it, the way
    // back is f5@game.test.
    w.deliver(&mail(
        "ann@players.test",
        "f6@game.test",
        "e1@p",
        "",
        "Alliance?\n",
    ))
    .await;
    let relayed = &w.out_to("bob@players.test").await[0];
    assert_eq!(relayed.message.kind, "relay");
    assert_eq!(relayed.message.reply_to.as_deref(), Some("f5@game.test"));
    assert_eq!(
        relayed.message.sender_name.as_deref(),
        Some("f5 via spring")
    );
    assert!(relayed.message.body.starts_with("Alliance?"));
    assert!(
        !relayed.message.body.contains("ann@"),
        "{}",
        relayed.message.body
    );
    // f2 is no player's: the game master plays it.
    w.deliver(&mail(
        "ann@players.test",
        "f2@game.test",
        "e2@p",
        "",
        "Dear Citizens\n",
    ))
    .await;
    assert!(
        w.out_to("gm@game.test")
            .await
            .iter()
            .any(|m| m.message.kind == "relay-gm")
    );
    // A stranger cannot write to a faction.
    w.deliver(&mail("eve@else.test", "f6@game.test", "e3@p", "", "hi\n"))
        .await;
    let refused = &w.out_to("eve@else.test").await[0];
    assert!(
        refused.message.body.contains("only the players of spring"),
        "{}",
        refused.message.body
    );
    // Nobody at an unknown address: a short polite answer.
    w.deliver(&mail(
        "ann@players.test",
        "info@game.test",
        "u1@p",
        "",
        "hi\n",
    ))
    .await;
    let a = w.out_to("ann@players.test").await;
    assert!(a.iter().any(|m| {
        m.message
            .body
            .starts_with("There is nobody at info@game.test.")
    }));
}
on_both!(addresses, ov_srv_001_gm_and_entity_addresses);

async fn ov_srv_002_one_mailbox_the_body_decides(location: Location) {
    let mut c = config();
    c.mode = Mode::Single;
    let w = world(location, c).await;
    let orders = w.orders("f6", &w.pw[1]).await;
    w.deliver(&mail(
        "bob@players.test",
        "everything@mail.test",
        "o1@p",
        "",
        &orders,
    ))
    .await;
    assert!(
        w.host
            .store()
            .orders_of("spring", 1, "f6")
            .await
            .unwrap()
            .is_some()
    );
    w.deliver(&mail(
        "bob@players.test",
        "everything@mail.test",
        "o2@p",
        "",
        "Hello GM, a question.\n",
    ))
    .await;
    assert!(
        w.out_to("gm@game.test")
            .await
            .iter()
            .any(|m| m.message.kind == "to-gm")
    );
}
on_both!(single_mailbox, ov_srv_002_one_mailbox_the_body_decides);

async fn a_wrong_password_is_told_to_the_seats_owner(location: Location) {
    let w = world(location, config()).await;
    let orders = w.orders("f5", "guessed").await;
    w.deliver(&mail(
        "eve@else.test",
        "server@game.test",
        "w1@p",
        "",
        &orders,
    ))
    .await;
    let to_eve = &w.out_to("eve@else.test").await[0];
    assert_eq!(
        to_eve.message.subject,
        "[spring] f5 orders refused: wrong password"
    );
    // Said first, and nothing about the orders or the password tried.
    assert_eq!(
        to_eve.message.body,
        "f5: refused: wrong password for f5; nothing stored\n"
    );
    let to_ann = &w.out_to("ann@players.test").await[0];
    assert_eq!(to_ann.message.kind, "notice");
    assert!(
        to_ann
            .message
            .body
            .contains("A message from eve@else.test gave a wrong password for f5")
    );
    assert!(!to_ann.message.body.contains("guessed"));
}
on_both!(wrong_password, a_wrong_password_is_told_to_the_seats_owner);

async fn with_several_games_the_game_line_decides(location: Location) {
    let w = world(location, config()).await;
    w.host
        .create(NewGame {
            kind: "engarde".into(),
            name: "paris".into(),
            options: Options(vec![("player".into(), "Athos:athos@players.test".into())]),
            settings: Settings::default(),
            actor: "gm".into(),
        })
        .await
        .unwrap();
    let orders = w.orders("f5", &w.pw[0]).await;
    w.deliver(&mail(
        "ann@players.test",
        "server@game.test",
        "n1@p",
        "",
        &orders,
    ))
    .await;
    assert!(
        w.host
            .store()
            .orders_of("spring", 1, "f5")
            .await
            .unwrap()
            .is_some()
    );
    let unnamed = orders.replacen(" spring\n", "\n", 1);
    w.deliver(&mail(
        "ann@players.test",
        "server@game.test",
        "n2@p",
        "",
        &unnamed,
    ))
    .await;
    let a = w.out_to("ann@players.test").await;
    let last = a.last().unwrap();
    assert!(
        last.message
            .body
            .contains("this server hosts several games (paris, spring)"),
        "{}",
        last.message.body
    );
    // f5.spring@ reaches f5 of spring.
    w.deliver(&mail(
        "bob@players.test",
        "f5.spring@game.test",
        "n3@p",
        "",
        "hello\n",
    ))
    .await;
    let relayed = w.out_to("ann@players.test").await;
    let r = relayed.iter().find(|m| m.message.kind == "relay").unwrap();
    assert_eq!(r.message.reply_to.as_deref(), Some("f6.spring@game.test"));
}
on_both!(several_games, with_several_games_the_game_line_decides);

async fn ov_srv_010_the_one_received_last_wins_whatever_is_read_first(location: Location) {
    let w = world(location, config()).await;
    let first = w.orders("f5", &w.pw[0]).await;
    let second = first.replacen("\nUNIT", "\nSTANCE f6 hostile\nUNIT", 1);
    let a = w
        .gateway
        .deliver(
            &mail("ann@players.test", "server@game.test", "r1@p", "", &first),
            None,
            None,
        )
        .await
        .unwrap();
    let b = w
        .gateway
        .deliver(
            &mail("ann@players.test", "server@game.test", "r2@p", "", &second),
            None,
            None,
        )
        .await
        .unwrap();
    assert!(a < b);
    // Read the later one first.
    let text = |raw: Vec<u8>| umpire_server::mail::message::read(&raw, "x").text;
    let later = text(w.host.store().submission(b).await.unwrap().unwrap().raw);
    let earlier = text(w.host.store().submission(a).await.unwrap().unwrap().raw);
    let read = |t: &str| umpire_host::host::Reading {
        game: "spring",
        name: "mail",
        text: t.as_bytes().to_vec().leak(),
        notes: Vec::new(),
        references: None,
        authenticated: None,
    };
    let rb = w.host.answer_mail(b, read(&later)).await.unwrap();
    assert!(rb.text.contains("stored for turn 1"), "{}", rb.text);
    let ra = w.host.answer_mail(a, read(&earlier)).await.unwrap();
    assert!(
        ra.text.contains(
            "not kept for turn 1: orders you sent after this message were received first"
        ),
        "{}",
        ra.text
    );
    let kept = w
        .host
        .store()
        .orders_of("spring", 1, "f5")
        .await
        .unwrap()
        .unwrap();
    assert!(
        kept.text.to_lowercase().contains("hostile"),
        "{}",
        kept.text
    );
}
on_both!(
    last_wins,
    ov_srv_010_the_one_received_last_wins_whatever_is_read_first
);

async fn en_garde_sheets_travel_by_mail(location: Location) {
    let host = Arc::new(Host::open(&location).await.unwrap());
    let made = host
        .create(NewGame {
            kind: "engarde".into(),
            name: "paris".into(),
            options: Options(vec![
                ("player".into(), "Athos:athos@players.test".into()),
                ("seed".into(), "2".into()),
            ]),
            settings: Settings::default(),
            actor: "gm".into(),
        })
        .await
        .unwrap();
    let pw = made.seats[0].password.clone().unwrap();
    let gateway = Gateway::new(host.clone(), config());
    let sheet = format!(
        "CHARACTER Athos\nPASSWORD {}\nWEEK 1\nCAROUSE\n",
        pw.expose()
    );
    gateway
        .deliver(
            &mail(
                "athos@players.test",
                "server@game.test",
                "eg1@p",
                "",
                &sheet,
            ),
            None,
            None,
        )
        .await
        .unwrap();
    gateway.process_waiting().await.unwrap();
    let out = host.store().outbox(None, Some("waiting")).await.unwrap();
    let answer = out.iter().find(|m| m.message.kind == "answer").unwrap();
    assert_eq!(answer.message.to, "athos@players.test");
    assert_eq!(
        answer.message.subject,
        "[paris] Athos orders for turn 1 received"
    );
    assert!(
        host.store()
            .orders_of("paris", 1, "athos")
            .await
            .unwrap()
            .is_some()
    );
}
on_both!(en_garde, en_garde_sheets_travel_by_mail);

async fn ready_lines_by_mail_mark_the_orders_and_the_answer_counts_the_seats(location: Location) {
    let w = world(location, config()).await;
    w.host
        .set_early(
            "spring",
            Some(umpire_host::host::Early::Ready),
            Some(10),
            "gm",
        )
        .await
        .unwrap();
    // Ann's orders, marked ready, with her signature under them.
    let body = format!("{}\n#READY\n-- \nAnn\n", w.orders("f5", &w.pw[0]).await);
    w.deliver(&mail(
        "Ann <ann@players.test>",
        "server@game.test",
        "r1@players.test",
        "",
        &body,
    ))
    .await;
    let answers = w.out_to("ann@players.test").await;
    let answer = answers.iter().find(|m| m.message.kind == "answer").unwrap();
    let text = &answer.message.body;
    assert!(
        text.contains(
            "f5: 2 units' orders stored for turn 1; marked ready; turn 1 runs early once every seat is ready: it still waits for 2 seats"
        ),
        "{text}"
    );
    // The answer counts the seats it waits for and names none of them.
    assert!(!text.contains("f6") && !text.contains("f7"), "{text}");
    // Bob says not ready, with a word alone: his orders first, then the word.
    let bob = w.orders("f6", &w.pw[1]).await;
    w.deliver(&mail(
        "bob@players.test",
        "server@game.test",
        "r2@players.test",
        "",
        &bob,
    ))
    .await;
    let header = bob.lines().find(|l| l.starts_with('#')).unwrap();
    w.deliver(&mail(
        "bob@players.test",
        "server@game.test",
        "r3@players.test",
        "",
        &format!("{header}\n#NOTREADY\n"),
    ))
    .await;
    let answers = w.out_to("bob@players.test").await;
    let word = answers
        .iter()
        .filter(|m| m.message.kind == "answer")
        .find(|m| m.message.in_reply_to.as_deref() == Some("<r3@players.test>"))
        .unwrap();
    assert!(
        word.message.body.contains(
            "f6: orders for turn 1 kept as they were; marked not ready: turn 1 does not run early until you send orders again or mark them ready"
        ),
        "{}",
        word.message.body
    );
    let marks = w.host.store().marks("spring", 1).await.unwrap();
    let marks: Vec<(&str, bool)> = marks.iter().map(|m| (m.seat.as_str(), m.ready)).collect();
    assert_eq!(marks, [("f5", true), ("f6", false)]);
    let kept = w
        .host
        .store()
        .orders_of("spring", 1, "f6")
        .await
        .unwrap()
        .unwrap();
    assert!(
        kept.text.contains("UNIT"),
        "the word left the orders: {}",
        kept.text
    );
    let r = w.host.readiness("spring").await.unwrap();
    assert_eq!((r.waiting, r.at), (2, None));
}
on_both!(
    ready_lines,
    ready_lines_by_mail_mark_the_orders_and_the_answer_counts_the_seats
);

async fn a_leave_line_by_mail_is_kept_and_answered_with_its_last_turn(location: Location) {
    let w = world(location, config()).await;
    let orders = w.orders("f6", &w.pw[1]).await;
    let header = orders.lines().find(|l| l.starts_with('#')).unwrap();
    w.deliver(&mail(
        "bob@players.test",
        "server@game.test",
        "l1@players.test",
        "",
        &format!("{header}\n#LEAVE 2\n-- \nBob\n"),
    ))
    .await;
    let answers = w.out_to("bob@players.test").await;
    let answer = answers
        .iter()
        .filter(|m| m.message.kind == "answer")
        .find(|m| m.message.in_reply_to.as_deref() == Some("<l1@players.test>"))
        .unwrap();
    assert!(
        answer
            .message
            .body
            .contains("f6: on leave for turns 1 to 2, until turn 2: no reminders"),
        "{}",
        answer.message.body
    );
    let away = w.host.on_leave("spring").await.unwrap();
    assert_eq!(away.len(), 1);
    assert_eq!((away[0].seat.as_str(), away[0].until), ("f6", 2));
    // Over the game's limit: refused, and the leave kept stays.
    w.deliver(&mail(
        "bob@players.test",
        "server@game.test",
        "l2@players.test",
        "",
        &format!("{header}\n#LEAVE 7\n"),
    ))
    .await;
    let answers = w.out_to("bob@players.test").await;
    let refused = answers
        .iter()
        .find(|m| m.message.in_reply_to.as_deref() == Some("<l2@players.test>"))
        .unwrap();
    assert!(
        refused.message.body.contains(
            "f6: refused: a leave of 7 turns is longer than this game allows (3 at most)"
        ),
        "{}",
        refused.message.body
    );
    assert_eq!(w.host.on_leave("spring").await.unwrap()[0].until, 2);
}
on_both!(
    leave_by_mail,
    a_leave_line_by_mail_is_kept_and_answered_with_its_last_turn
);
