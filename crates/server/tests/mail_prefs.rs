//! What each player chooses to be mailed: reminders off means none, a
//! report "attached only" comes as a text file beside its JSON with a
//! word in the body, and the choice is the player's own on their page,
//! in the audit log. On SQLite and PostgreSQL; the mails as the mail
//! sender makes them, read back by a MIME parser.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::sync::Arc;

use mail_parser::{MessageParser, MimeHeaders};
use support::web::{Client, blocking, site};
use umpire_host::host::mail_prefs::{MailPrefs, ReportIn};
use umpire_host::host::{Host, NewGame, Ran, Settings, Trigger};
use umpire_host::kind::Options;
use umpire_host::on_both;
use umpire_host::store::{Location, now_ms};
use umpire_host::testing;
use umpire_server::mail::config::MailConfig;
use umpire_server::mail::send::compose;

/// A message as the mail sender makes it, parsed back: its text body and
/// its attachments' names.
async fn made(host: &Host, row: &umpire_host::store::OutboxRow) -> (String, Vec<String>) {
    let config = MailConfig {
        domain: "game.test".into(),
        ..MailConfig::default()
    };
    let raw = compose(host, &config, row).await.unwrap().formatted();
    let m = MessageParser::default().parse(&raw).unwrap();
    let body = m.body_text(0).unwrap().to_string();
    let names = m
        .attachments()
        .map(|a| a.attachment_name().unwrap_or("").to_string())
        .collect();
    (body, names)
}

async fn each_player_chooses_what_is_mailed(location: Location) {
    let host = Arc::new(Host::open(&location).await.unwrap());
    host.create(NewGame {
        kind: "overlord".into(),
        name: "spring".into(),
        options: Options(vec![
            ("factions".into(), "3".into()),
            ("seed".into(), "4".into()),
            ("size".into(), "small".into()),
        ]),
        settings: Settings {
            schedule: Some("sat 18:00".into()),
            ..Settings::default()
        },
        actor: "gm".into(),
    })
    .await
    .unwrap();
    for seat in ["f5", "f6", "f7"] {
        host.set_address("spring", seat, &format!("{seat}@players.test"), "gm")
            .await
            .unwrap();
    }
    let mine = MailPrefs {
        reminders: false,
        report: ReportIn::Attached,
        messages: true,
    };
    host.set_mail_prefs("spring", "f5", mine, "f5@web")
        .await
        .unwrap();
    assert_eq!(host.mail_prefs("spring", "f5").await.unwrap(), mine);
    assert_eq!(
        host.mail_prefs("spring", "f6").await.unwrap(),
        MailPrefs::default()
    );
    assert!(
        host.set_mail_prefs("spring", "f99", mine, "x")
            .await
            .is_err()
    );
    let audit = host.store().audit(Some("spring")).await.unwrap();
    let last = audit.last().unwrap();
    assert_eq!(
        (
            last.actor.as_str(),
            last.action.as_str(),
            last.detail.as_str()
        ),
        (
            "f5@web",
            "mail-prefs",
            "f5 is mailed: reminders off; reports attached only; messages from other players mailed"
        )
    );

    // Reminders: f6 and f7, not f5.
    let soon = now_ms() + 3_600_000;
    testing::execute(
        &location,
        &format!("UPDATE games SET deadline = {soon} WHERE id = 'spring'"),
    )
    .await;
    assert_eq!(host.remind("spring", now_ms()).await.unwrap(), 2);
    let reminded: Vec<String> = host
        .store()
        .outbox(Some("spring"), None)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.message.kind == "reminder")
        .filter_map(|r| r.message.seat)
        .collect();
    assert_eq!(reminded, ["f6", "f7"]);

    // Reports: f5's attached, f6's in the text.
    let ran = host
        .run_turn("spring", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let reports: Vec<_> = host
        .store()
        .outbox(Some("spring"), None)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.message.kind == "report")
        .collect();
    let of = |seat: &str| {
        reports
            .iter()
            .find(|r| r.message.seat.as_deref() == Some(seat))
            .unwrap()
    };
    let (body, names) = made(&host, of("f5")).await;
    assert_eq!(names, ["f5-turn-1.txt", "f5-turn-1.json"]);
    assert!(
        body.contains("Your report is attached (f5-turn-1.txt), as you chose on your page"),
        "{body}"
    );
    assert!(!body.contains("==== Order template"), "{body}");
    let (body, names) = made(&host, of("f6")).await;
    assert_eq!(names, ["f6-turn-1.json"]);
    assert!(body.contains("==== Order template"), "{body}");
}
on_both!(mail_prefs, each_player_chooses_what_is_mailed);

/// The choice is made on the player's own page, and kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_chooses_on_their_page() {
    let s = site(testing::sqlite("mail-prefs-web")).await;
    let (base, password) = (s.base.clone(), s.spring[0].clone());
    let (before, bad, after) = blocking(move || {
        let mut me = Client::new(&base);
        me.login("spring", "f5", &password);
        let before = me.get("/games/spring").body;
        let csrf = me.csrf("/games/spring");
        let bad = me.post_form(
            "/games/spring/mail",
            &[("csrf", &csrf), ("report", "pigeon")],
        );
        let got = me.post_form(
            "/games/spring/mail",
            &[("csrf", &csrf), ("report", "attached")],
        );
        assert_eq!(got.status, 303, "{}", got.body);
        (before, bad, me.get("/games/spring").body)
    })
    .await;
    assert!(before.contains("What we mail you"), "{before}");
    assert!(
        before.contains("reminders on; reports in the mail&#39;s text")
            || before.contains("reminders on; reports in the mail's text"),
        "{before}"
    );
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        after.contains("reminders off; reports attached only"),
        "{after}"
    );
    assert_eq!(
        s.host.mail_prefs("spring", "f5").await.unwrap(),
        MailPrefs {
            reminders: false,
            report: ReportIn::Attached,
            messages: false,
        }
    );
    let _ = s.stop.send(true);
}
