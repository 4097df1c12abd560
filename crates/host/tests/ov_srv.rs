//! The rules' server (`../shared/spec/overlord-checklist.md`, OV-SRV), one
//! test per checklist item, through the host on SQLite and PostgreSQL.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use umpire_host::on_both;

use umpire_host::host::{Answer, Host, NewGame, Ran, Settings, Submission, Trigger};
use umpire_host::kind::Options;
use umpire_host::store::{Location, SeatStatus};

/// A game of three factions with addresses; f5's password and template.
struct Game {
    host: Host,
    password: String,
}

impl Game {
    async fn new(location: Location, settings: Settings) -> Game {
        let host = Host::open(&location).await.unwrap();
        let made = host
            .create(NewGame {
                kind: "overlord".into(),
                name: "srv".into(),
                options: Options(vec![
                    ("factions".into(), "3".into()),
                    ("seed".into(), "13".into()),
                    ("size".into(), "small".into()),
                ]),
                settings,
                actor: "gm".into(),
            })
            .await
            .unwrap();
        for t in &made.seats {
            host.set_address("srv", &t.seat, &format!("{}@players.test", t.seat), "gm")
                .await
                .unwrap();
        }
        let password = made.seats[0].password.clone().unwrap().expose().to_string();
        Game { host, password }
    }

    /// f5's latest template with its password, and `extra` faction orders
    /// after the header.
    async fn orders(&self, extra: &str) -> String {
        let r = self
            .host
            .store()
            .report("srv", "f5", None)
            .await
            .unwrap()
            .unwrap();
        let t = r.template.unwrap().replacen("PASSWORD", &self.password, 1);
        let (header, rest) = t.split_once('\n').unwrap();
        format!("{header}\n{extra}{rest}")
    }

    async fn send_from(&self, from: &str, text: &str) -> Answer {
        self.host
            .submit(Submission {
                game: "srv",
                source: "mail",
                sender: Some(from),
                message_id: None,
                name: "mail",
                bytes: text.as_bytes(),
                authenticated: None,
            })
            .await
            .unwrap()
    }

    async fn send(&self, text: &str) -> Answer {
        self.send_from("f5@players.test", text).await
    }

    async fn run(&self) -> Ran {
        self.host
            .run_turn("srv", Trigger::Now { actor: "gm".into() })
            .await
            .unwrap()
    }

    async fn kept(&self, turn: u32) -> Option<String> {
        self.host
            .store()
            .orders_of("srv", turn, "f5")
            .await
            .unwrap()
            .map(|o| o.text)
    }
}

async fn ov_srv_002_the_envelope_keyword_decides(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let orders = g.orders("").await;
    let pw = &g.password;
    let mail = format!("{orders}\n#PRESS f5 {pw}\nThe roads are safe.\n#END\n#REPORT f5 {pw}\n");
    let a = g.send(&mail).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    let lines: Vec<&str> = a.receipts.iter().map(|r| r.line.as_str()).collect();
    assert!(lines[0].contains("orders stored for turn 1"), "{lines:?}");
    assert!(
        lines[1].contains("signed article (1 line) stored for the newspaper of turn 1"),
        "{lines:?}"
    );
    assert!(
        lines[2].contains("the report for turn 0 follows"),
        "{lines:?}"
    );
}
on_both!(ov_srv_002, ov_srv_002_the_envelope_keyword_decides);

async fn ov_srv_004_lines_before_the_first_header_are_skipped(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let orders = g.orders("").await;
    let mail = format!(
        "Hi GM,\nhere are my orders for this month.\nGame on!\n\n{orders}\n-- \nsent from my phone\n"
    );
    let a = g.send(&mail).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    assert!(!a.text.contains("error"), "{}", a.text);
    assert!(!g.kept(1).await.unwrap().contains("phone"));
}
on_both!(
    ov_srv_004,
    ov_srv_004_lines_before_the_first_header_are_skipped
);

async fn ov_srv_005_a_wrong_password_or_faction_stores_nothing(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let orders = g.orders("").await;
    let a = g.send(&orders.replacen(&g.password, "guess", 1)).await;
    assert!(
        a.text
            .contains("f5: refused: wrong password for f5; nothing stored"),
        "{}",
        a.text
    );
    let a = g.send("#GAME f44 secret srv\n#END\n").await;
    assert!(
        a.text.contains("there is no faction f44 in game `srv`"),
        "{}",
        a.text
    );
    let a = g.send(&orders.replacen(" srv", " othergame", 1)).await;
    assert!(
        a.text
            .contains("the envelope is for game `othergame`; this is game `srv`"),
        "{}",
        a.text
    );
    assert_eq!(g.kept(1).await, None);
}
on_both!(
    ov_srv_005,
    ov_srv_005_a_wrong_password_or_faction_stores_nothing
);

async fn ov_srv_006_the_order_check_lists_problems(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let orders = g.orders("").await;
    // An order that does not parse, and another faction's unit.
    let body = orders.replace("#END\n", "");
    let bad = format!("{body}UNIT U1\nMOOVE N\nWORK\nUNIT U9999\nWORK\n#END\n");
    let a = g.send(&bad).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    assert!(a.text.contains("did you mean `MOVE`"), "{}", a.text);
    assert!(a.text.contains("U1 is not one of f5's units"), "{}", a.text);
    assert!(
        a.text.contains("there is no unit U9999 in this game"),
        "{}",
        a.text
    );
    assert!(
        a.text.contains("1 order with errors left out"),
        "{}",
        a.text
    );
    assert!(!g.kept(1).await.unwrap().contains("MOOVE"));
}
on_both!(ov_srv_006, ov_srv_006_the_order_check_lists_problems);

async fn ov_srv_007_a_later_turn_is_archived_and_taken_when_it_comes(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let orders = g.orders("").await.replacen(" srv\n", " srv 2\n", 1);
    let a = g.send(&orders).await;
    assert!(a.text.contains("archived for turn 2"), "{}", a.text);
    assert!(g.kept(1).await.is_none() && g.kept(2).await.is_some());
    g.run().await;
    let o = g.host.overview("srv").await.unwrap();
    assert_eq!(o.collecting, 2);
    assert!(
        o.seats
            .iter()
            .find(|s| s.seat.seat == "f5")
            .unwrap()
            .has_orders
    );
}
on_both!(
    ov_srv_007,
    ov_srv_007_a_later_turn_is_archived_and_taken_when_it_comes
);

async fn ov_srv_008_a_turn_already_run_is_refused(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    g.run().await;
    let orders = g.orders("").await.replacen(" srv\n", " srv 1\n", 1);
    let a = g.send(&orders).await;
    assert!(
        a.text
            .contains("turn 1 has already been run (orders are taken for turn 2 and later)"),
        "{}",
        a.text
    );
}
on_both!(ov_srv_008, ov_srv_008_a_turn_already_run_is_refused);

async fn ov_srv_009_the_turn_being_run_takes_nothing(location: Location) {
    let g = Game::new(location.clone(), Settings::default()).await;
    support::execute(&location, "UPDATE games SET running_turn = 1").await;
    let orders = g.orders("").await;
    let a = g.send(&orders).await;
    assert!(
        a.text
            .contains("turn 1 is being run, so it takes nothing more"),
        "{}",
        a.text
    );
    let a = g.send(&orders.replacen(" srv\n", " srv 2\n", 1)).await;
    assert!(a.text.contains("archived for turn 2"), "{}", a.text);
}
on_both!(ov_srv_009, ov_srv_009_the_turn_being_run_takes_nothing);

async fn ov_srv_010_the_set_received_last_wins(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let first = g.orders("STANCE f6 ally\n").await;
    let second = g.orders("STANCE f6 hostile\n").await;
    g.send(&first).await;
    let a = g.send(&second).await;
    assert!(a.text.contains("(replacing earlier ones)"), "{}", a.text);
    let kept = g.kept(1).await.unwrap();
    assert!(
        kept.to_lowercase().contains("hostile") && !kept.to_lowercase().contains("ally"),
        "{kept}"
    );
}
on_both!(ov_srv_010, ov_srv_010_the_set_received_last_wins);

async fn ov_srv_011_a_report_request_stores_nothing_and_the_owner_is_told(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    g.run().await;
    let a = g
        .send_from(
            "someone@else.test",
            &format!("#REPORT f5 {} 1\n", g.password),
        )
        .await;
    assert!(
        a.text.contains("f5: the report for turn 1 follows"),
        "{}",
        a.text
    );
    let stored = g
        .host
        .store()
        .report("srv", "f5", Some(1))
        .await
        .unwrap()
        .unwrap();
    assert!(a.text.contains(&stored.text));
    assert_eq!(g.kept(2).await, None, "nothing stored");
    let outbox = g.host.store().outbox(Some("srv"), None).await.unwrap();
    let answer = outbox
        .iter()
        .rev()
        .find(|m| m.message.kind == "answer")
        .unwrap();
    assert_eq!(answer.message.to, "someone@else.test");
    let notice = outbox.iter().find(|m| m.message.kind == "notice").unwrap();
    assert_eq!(notice.message.to, "f5@players.test");
    assert!(
        notice.message.body.contains("sent to someone@else.test"),
        "{}",
        notice.message.body
    );
}
on_both!(
    ov_srv_011,
    ov_srv_011_a_report_request_stores_nothing_and_the_owner_is_told
);

async fn ov_srv_012_no_report_no_partial_report(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let a = g.send(&format!("#REPORT f5 {} 3\n", g.password)).await;
    assert_eq!(a.refused, 1);
    assert!(
        a.text
            .contains("turn 3 has not been run yet (the last turn run is 0)"),
        "{}",
        a.text
    );
}
on_both!(ov_srv_012, ov_srv_012_no_report_no_partial_report);

async fn ov_srv_013_each_report_states_the_next_run(location: Location) {
    let settings = Settings {
        schedule: Some("sat 18:00".into()),
        zone: "Europe/London".into(),
        hold_percent: 100,
        ..Settings::default()
    };
    let g = Game::new(location.clone(), settings).await;
    support::execute(&location, "UPDATE games SET deadline = 1000").await;
    let tick = g.host.tick().await.unwrap();
    assert!(
        matches!(tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
    let r = g
        .host
        .store()
        .report("srv", "f6", None)
        .await
        .unwrap()
        .unwrap();
    let next = r
        .text
        .lines()
        .find(|l| l.starts_with("Next turn:"))
        .unwrap();
    assert!(next.starts_with("Next turn: Saturday "), "{next}");
    assert!(
        next.contains(", 18:00 GMT") || next.contains(", 18:00 BST (17:00 UTC)"),
        "{next}"
    );
}
on_both!(ov_srv_013, ov_srv_013_each_report_states_the_next_run);

async fn ov_srv_014_reports_go_to_the_registered_address_which_email_changes(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let a = g.send(&g.orders("EMAIL new5@players.test\n").await).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    g.run().await;
    let seat = g.host.store().seat("srv", "f5").await.unwrap().unwrap();
    assert_eq!(seat.address(), Some("new5@players.test"));
    assert_eq!(seat.addresses, ["new5@players.test", "f5@players.test"]);
    let outbox = g.host.store().outbox(Some("srv"), None).await.unwrap();
    let report = outbox
        .iter()
        .find(|m| m.message.kind == "report" && m.message.seat.as_deref() == Some("f5"))
        .unwrap();
    assert_eq!(report.message.to, "new5@players.test");
    let f6 = outbox
        .iter()
        .find(|m| m.message.kind == "report" && m.message.seat.as_deref() == Some("f6"))
        .unwrap();
    assert_eq!(f6.message.to, "f6@players.test");
    // Both the old and the new address are told of the change.
    let told: Vec<&str> = outbox
        .iter()
        .filter(|m| m.message.subject == "[srv] f5's address is now new5@players.test")
        .map(|m| m.message.to.as_str())
        .collect();
    assert_eq!(told, ["f5@players.test", "new5@players.test"]);
}
on_both!(
    ov_srv_014,
    ov_srv_014_reports_go_to_the_registered_address_which_email_changes
);

async fn ov_srv_015_a_faction_out_of_play_gets_its_last_report(location: Location) {
    let g = Game::new(location, Settings::default()).await;
    let a = g.send(&g.orders("RESIGN f2\n").await).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    g.run().await;
    let seat = g.host.store().seat("srv", "f5").await.unwrap().unwrap();
    assert_eq!(seat.status, SeatStatus::Gone);
    let last = g
        .host
        .store()
        .report("srv", "f5", Some(1))
        .await
        .unwrap()
        .unwrap();
    assert!(last.template.is_none());
    // Nothing more is taken from it, and it has no next report.
    let a = g
        .send(&format!("#GAME f5 {} srv\n#END\n", g.password))
        .await;
    assert!(
        a.text.contains("f5: refused: f5 has resigned"),
        "{}",
        a.text
    );
    g.run().await;
    assert!(
        g.host
            .store()
            .report("srv", "f5", Some(2))
            .await
            .unwrap()
            .is_none()
    );
}
on_both!(
    ov_srv_015,
    ov_srv_015_a_faction_out_of_play_gets_its_last_report
);
