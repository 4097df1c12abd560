//! A hosted En Garde! game through the same host as Overlord: characters'
//! sheets taken by password, the month run on a schedule, every report and
//! the gazette mailed, and a player joining and retiring.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use umpire_host::on_both;

use umpire_host::host::{Host, NewGame, Ran, Settings, Submission, Trigger};
use umpire_host::kind::Options;
use umpire_host::store::{Location, SeatStatus};

/// Run paris's month now, as the game master does.
async fn run_now(host: &Host, game: &str) -> Ran {
    host.run_turn(
        game,
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap()
}

/// `seat`'s report of month `turn` of paris.
async fn report_of(host: &Host, seat: &str, turn: u32) -> umpire_host::store::ReportRow {
    host.store()
        .report("paris", seat, Some(turn))
        .await
        .unwrap()
        .unwrap()
}

async fn send(host: &Host, text: &str) -> umpire_host::host::Answer {
    host.submit(Submission {
        game: "paris",
        source: "mail",
        sender: Some("athos@players.test"),
        message_id: None,
        name: "sheet",
        bytes: text.as_bytes(),
        authenticated: None,
    })
    .await
    .unwrap()
}

async fn a_month_of_paris(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let athos = paris_is_made_and_welcomes_its_players(&host).await;
    sheets_are_taken_by_password(&host, &athos).await;
    the_month_runs_at_its_deadline(&host, &location).await;
    a_player_joins_and_another_retires(&host).await;
}

/// Paris made with Athos and Porthos: the world kept holds no password,
/// and each player's welcome is mailed. Returns Athos's password.
async fn paris_is_made_and_welcomes_its_players(host: &Host) -> String {
    let made = host
        .create(NewGame {
            kind: "En Garde!".into(),
            name: "paris".into(),
            options: Options(vec![
                ("player".into(), "Athos:athos@players.test".into()),
                ("player".into(), "Porthos:porthos@players.test".into()),
                ("seed".into(), "3".into()),
            ]),
            settings: Settings {
                schedule: Some("every 7 days".into()),
                hold_percent: 100,
                ..Settings::default()
            },
            actor: "gm@test".into(),
        })
        .await
        .unwrap();
    let seats: Vec<&str> = made.seats.iter().map(|t| t.seat.as_str()).collect();
    assert_eq!(seats, ["athos", "porthos"]);
    let athos = made.seats[0].password.clone().unwrap();
    let athos = athos.expose();
    // The world the host keeps holds no password.
    let game = host.game("paris").await.unwrap();
    let world =
        String::from_utf8(host.store().world("paris", game.world_rev).await.unwrap()).unwrap();
    assert!(!world.contains(athos));
    // Initial reports, mailed to the registered addresses.
    let outbox = host
        .store()
        .outbox(Some("paris"), Some("waiting"))
        .await
        .unwrap();
    let welcome = outbox
        .iter()
        .find(|m| m.message.to == "athos@players.test")
        .unwrap();
    let body = host.mail_body(welcome).await.unwrap();
    assert!(body.contains("Welcome to Paris, Athos."), "{body}");
    assert!(
        body.contains("CHARACTER Athos\nPASSWORD PASSWORD"),
        "{body}"
    );
    athos.to_string()
}

/// Athos's sheet is stored without its password; a wrong password and an
/// unknown character are refused.
async fn sheets_are_taken_by_password(host: &Host, athos: &str) {
    let sheet = format!(
        "CHARACTER Athos\nPASSWORD {}\nPREMONTHLY\nWEEK 1\nCAROUSE\nWEEK 2\nPRACTISE sabre\n",
        athos
    );
    let a = send(host, &sheet).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    assert!(
        a.text
            .contains("Athos: a sheet of 2 orders stored for turn 1"),
        "{}",
        a.text
    );
    let kept = host
        .store()
        .orders_of("paris", 1, "athos")
        .await
        .unwrap()
        .unwrap();
    assert!(!kept.text.contains(athos), "the password is not kept");
    assert!(kept.text.contains("PASSWORD **"), "{}", kept.text);
    let a = send(host, &sheet.replace(athos, "wrong")).await;
    assert!(
        a.text.contains("Athos: refused: wrong password for Athos"),
        "{}",
        a.text
    );
    let a = send(host, "CHARACTER Aramis\nPASSWORD x\n").await;
    assert!(a.text.contains("refused"), "{}", a.text);
    assert!(
        a.text.contains("no character called `Aramis`"),
        "{}",
        a.text
    );
}

/// The deadline passes: the month runs by itself, every report mailed
/// with the gazette, and Porthos, who sent nothing, missed a month.
async fn the_month_runs_at_its_deadline(host: &Host, location: &Location) {
    support::execute(
        location,
        "UPDATE games SET deadline = 1000 WHERE id = 'paris'",
    )
    .await;
    let tick = host.tick().await.unwrap();
    assert!(
        matches!(tick.ran[..], [(_, Ran::Kept { turn: 1, .. })]),
        "{tick:?}"
    );
    let report = host
        .store()
        .report("paris", "athos", None)
        .await
        .unwrap()
        .unwrap();
    assert!(report.text.contains("Report for"), "{}", report.text);
    assert!(report.json.is_some());
    let mails = host
        .store()
        .outbox(Some("paris"), Some("waiting"))
        .await
        .unwrap();
    let mailed = mails
        .iter()
        .find(|m| m.message.kind == "report" && m.message.seat.as_deref() == Some("athos"))
        .unwrap();
    let body = host.mail_body(mailed).await.unwrap();
    assert!(
        body.contains("==== gazette ===="),
        "the gazette goes with it"
    );
    assert!(body.contains(&report.text), "the report goes with it");
    let turns = host.store().turns("paris").await.unwrap();
    assert!(turns[0].public.contains("gazette"));
    // Porthos sent nothing: one missed month.
    let porthos = host
        .store()
        .seat("paris", "porthos")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(porthos.missed, 1);
}

/// A player joins with a password and sends a sheet; Porthos retires at
/// once; the next month reports on the two in play.
async fn a_player_joins_and_another_retires(host: &Host) {
    // A player joins: a new character in Paris, with a password.
    let d = host
        .join(
            "paris",
            Some("d'Artagnan"),
            Some("dart@players.test"),
            "gm@test",
        )
        .await
        .unwrap();
    assert_eq!(d.seat, "d-artagnan");
    let sheet = format!(
        "CHARACTER d'Artagnan\nPASSWORD {}\nWEEK 1\nCAROUSE\n",
        d.password.unwrap().expose()
    );
    let a = send(host, &sheet).await;
    assert_eq!(a.refused, 0, "{}", a.text);
    // Porthos retires at once.
    let note = host.remove("paris", "porthos", "gm@test").await.unwrap();
    assert!(note.contains("out of the game from now"), "{note}");
    let porthos = host
        .store()
        .seat("paris", "porthos")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(porthos.status, SeatStatus::Removed);
    let ran = run_now(host, "paris").await;
    assert!(
        matches!(
            ran,
            Ran::Kept {
                turn: 2,
                reports: 2,
                ..
            }
        ),
        "{ran:?}"
    );
}
on_both!(paris, a_month_of_paris);

/// An En Garde! game called `name` with Athos and Porthos, seed 3.
async fn two_musketeers(host: &Host, name: &str) -> umpire_host::host::Made {
    host.create(NewGame {
        kind: "engarde".into(),
        name: name.into(),
        options: Options(vec![
            ("player".into(), "Athos:athos@players.test".into()),
            ("player".into(), "Porthos:porthos@players.test".into()),
            ("seed".into(), "3".into()),
        ]),
        settings: Settings::default(),
        actor: "gm@test".into(),
    })
    .await
    .unwrap()
}

async fn a_bot_plays_a_character(location: Location) {
    let host = Host::open(&location).await.unwrap();
    two_musketeers(&host, "lyon").await;
    host.set_bot("lyon", "porthos", true, "gm@test")
        .await
        .unwrap();
    host.run_turn(
        "lyon",
        Trigger::Now {
            actor: "gm@test".into(),
        },
    )
    .await
    .unwrap();
    let orders = host
        .store()
        .orders_of("lyon", 1, "porthos")
        .await
        .unwrap()
        .unwrap();
    assert!(orders.text.contains("CHARACTER Porthos"), "{}", orders.text);
    assert!(orders.text.contains("WEEK 1"), "{}", orders.text);
    let sub = host
        .store()
        .submission(orders.submission)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (sub.source.as_str(), sub.disposition.as_str()),
        ("bot", "answered")
    );
    assert!(
        host.store()
            .orders_of("lyon", 1, "athos")
            .await
            .unwrap()
            .is_none()
    );
}

on_both!(engarde_bot, a_bot_plays_a_character);

async fn a_held_line_is_told_in_the_report(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let made = two_musketeers(&host, "paris").await;
    let athos = made.seats[0].password.clone().unwrap();
    // The welcome names who is who.
    let welcome = report_of(&host, "athos", 0).await;
    assert!(
        welcome.text.contains("Gentlemen of Paris: Porthos"),
        "{}",
        welcome.text
    );
    assert!(
        welcome.text.contains("Ladies one may court: "),
        "{}",
        welcome.text
    );
    let answer = send(
        &host,
        &format!(
            "CHARACTER Athos\nPASSWORD {}\nWEEK 1: CAROUSE\nDANCE WITH THE QUEEN\n",
            athos.expose()
        ),
    )
    .await;
    assert_eq!(answer.refused, 0, "{}", answer.text);
    run_now(&host, "paris").await;
    let r = report_of(&host, "athos", 1).await;
    assert!(
        r.text
            .contains("`DANCE WITH THE QUEEN`: not reviewed before the month ran: it did not run."),
        "{}",
        r.text
    );
    let json: serde_json::Value = serde_json::from_str(r.json.as_deref().unwrap()).unwrap();
    assert_eq!(json["held_lines"][0]["text"], "DANCE WITH THE QUEEN");
}

on_both!(engarde_held, a_held_line_is_told_in_the_report);

/// Passwords, right or wrong, quoted or not, are never kept in clear in a
/// submission's text, nor shown in an answer; the raw message keeps them,
/// as the record.
async fn a_password_is_never_kept_or_shown_in_clear(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let made = two_musketeers(&host, "paris").await;
    let athos = made.seats[0].password.clone().unwrap();
    let pw = athos.expose();
    // A reply quoting last month's sheet, password and all, with a
    // second PASSWORD line the checker remarks on (quoting the line).
    let right = format!(
        "CHARACTER Athos\nPASSWORD {pw}\nPASSWORD {pw}\nWEEK 1\nCAROUSE\n\n> CHARACTER Athos\n> PASSWORD {pw}\n"
    );
    let wrong = "CHARACTER Athos\nPASSWORD guessed-it-7\nWEEK 1\nCAROUSE\n".to_string();
    for (sheet, secret) in [(&right, pw), (&wrong, "guessed-it-7")] {
        let a = send(&host, sheet).await;
        assert!(!a.text.contains(secret), "{}", a.text);
        let row = host
            .store()
            .submission(a.submission)
            .await
            .unwrap()
            .unwrap();
        let kept = row.text.unwrap_or_default();
        assert!(!kept.contains(secret), "{kept}");
        let stars = "*".repeat(secret.chars().count());
        assert!(kept.contains(&format!("PASSWORD {stars}\n")), "{kept}");
        assert_eq!(
            kept.lines().count(),
            sheet.lines().count(),
            "every line keeps its place"
        );
        assert!(!row.answer.unwrap_or_default().contains(secret));
        assert!(
            String::from_utf8_lossy(&row.raw).contains(secret),
            "the record"
        );
    }
    let orders = host
        .store()
        .orders_of("paris", 1, "athos")
        .await
        .unwrap()
        .unwrap();
    assert!(!orders.text.contains(pw), "{}", orders.text);
    // The month runs on the sheet kept (the wrong one was refused): the
    // quoted lines were never orders, never held, and the report and its
    // JSON hold no password.
    run_now(&host, "paris").await;
    let r = report_of(&host, "athos", 1).await;
    assert!(!r.text.contains(pw), "{}", r.text);
    assert!(!r.text.contains("held for the game master"), "{}", r.text);
    assert!(!r.json.as_deref().unwrap().contains(pw));
}

on_both!(
    engarde_passwords,
    a_password_is_never_kept_or_shown_in_clear
);

/// What the answer says is left out does not run, and the answer, the
/// report and the game master's mail agree on it, line for line (the
/// PASSWORD line counts).
async fn orders_told_left_out_are_left_out(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let mut made = two_musketeers(&host, "paris").await;
    let pw = made.seats.remove(0).password.unwrap();
    let sheet = format!(
        "CHARACTER Athos\nPASSWORD {}\nPREMONTHLY\nWEEK 1\nTOADY TO Nobody At All\nCAROUSE\nWEEK 2\nCHALLENGE Porthos TO A DUEL\n",
        pw.expose()
    );
    let a = send(&host, &sheet).await;
    assert!(
        a.text.contains(
            "Athos: a sheet of 1 order stored for turn 1; 1 order with errors left out (see above)"
        ),
        "{}",
        a.text
    );
    assert!(a.text.contains("--> sheet:5:1"), "{}", a.text);
    assert!(a.text.contains("--> sheet:8:1"), "{}", a.text);
    assert!(
        !a.text.contains("already has an action"),
        "the order left out does not take the week: {}",
        a.text
    );
    run_now(&host, "paris").await;
    let r = report_of(&host, "athos", 1).await;
    assert!(
        r.text.contains(
            "Orders left out for errors (they did not run)\n  line 5: `TOADY TO Nobody At All`: there is no character called `Nobody At All`."
        ),
        "{}",
        r.text
    );
    assert!(!r.text.contains("toady to Nobody"), "{}", r.text);
    assert!(r.text.contains("Caroused."), "{}", r.text);
    assert!(
        r.text.contains("line 8: `CHALLENGE Porthos TO A DUEL`"),
        "{}",
        r.text
    );
    let json: serde_json::Value = serde_json::from_str(r.json.as_deref().unwrap()).unwrap();
    assert_eq!(json["left_out"][0]["line"], 5);
    assert_eq!(json["held_lines"][0]["line"], 8);
    let gm = host
        .store()
        .outbox(Some("paris"), None)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.message.kind == "gm")
        .unwrap();
    assert!(
        gm.message.body.contains(
            "1 order(s) with errors were left out:\nAthos, line 5: `TOADY TO Nobody At All`: there is no character called `Nobody At All`"
        ),
        "{}",
        gm.message.body
    );
}

on_both!(engarde_left_out, orders_told_left_out_are_left_out);

/// `host join --name "Comte de Villars"` is refused while the game's own
/// "the Comte de Villars" lives, and the refusal names him.
async fn a_join_under_a_name_in_the_game_is_refused(location: Location) {
    let host = Host::open(&location).await.unwrap();
    two_musketeers(&host, "paris").await;
    let e = host
        .join(
            "paris",
            Some("Comte de Villars"),
            Some("v@players.test"),
            "gm@test",
        )
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("there is already a character called `the Comte de Villars`"),
        "{e}"
    );
    assert_eq!(host.store().seats("paris").await.unwrap().len(), 2);
}

on_both!(
    engarde_join_names,
    a_join_under_a_name_in_the_game_is_refused
);

/// EG-ORD-005 hosted: the game master sees the lines held for them,
/// approves or refuses each before the month runs, the player's report
/// tells the ruling, and the game master's mail of the month lists what
/// was still held.
async fn eg_ord_005_the_game_master_rules_on_held_lines(location: Location) {
    use umpire_host::kind::Ruling;
    let host = Host::open(&location).await.unwrap();
    let made = two_musketeers(&host, "paris").await;
    let (athos, porthos) = (
        made.seats[0].password.clone().unwrap(),
        made.seats[1].password.clone().unwrap(),
    );
    let sheet = format!(
        "CHARACTER Athos\nPASSWORD {}\nWEEK 1\nCHALLENGE Porthos TO A DUEL\nSEEK AN AUDIENCE WITH THE CARDINAL\nDANCE WITH THE QUEEN\n",
        athos.expose()
    );
    send(&host, &sheet).await;
    host.submit(Submission {
        game: "paris",
        source: "mail",
        sender: Some("porthos@players.test"),
        message_id: None,
        name: "sheet",
        bytes: format!(
            "CHARACTER Porthos\nPASSWORD {}\nWEEK 2\nBUY THE INN\n",
            porthos.expose()
        )
        .as_bytes(),
        authenticated: None,
    })
    .await
    .unwrap();
    let (turn, held) = host.held("paris").await.unwrap();
    assert_eq!(turn, 1);
    let lines: Vec<(&str, u32, &str)> = held
        .iter()
        .map(|h| (h.seat.as_str(), h.line, h.text.as_str()))
        .collect();
    assert_eq!(
        lines,
        [
            ("athos", 4, "CHALLENGE Porthos TO A DUEL"),
            ("athos", 5, "SEEK AN AUDIENCE WITH THE CARDINAL"),
            ("athos", 6, "DANCE WITH THE QUEEN"),
            ("porthos", 4, "BUY THE INN"),
        ]
    );
    assert!(held.iter().all(|h| h.ruling.is_none()));

    let approve = Ruling::Approved {
        note: "the duel is fought at dawn in week 2".into(),
    };
    host.rule("paris", "Athos", 4, approve.clone(), "gm@desk")
        .await
        .unwrap();
    let e = host
        .rule(
            "paris",
            "athos",
            5,
            Ruling::Refused { reason: " ".into() },
            "gm@desk",
        )
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("a refusal needs the reason"), "{e}");
    host.rule(
        "paris",
        "athos",
        5,
        Ruling::Refused {
            reason: "the Cardinal receives nobody this month".into(),
        },
        "gm@desk",
    )
    .await
    .unwrap();
    let e = host
        .rule("paris", "athos", 3, approve.clone(), "gm@desk")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 3 of Athos's orders for turn 1 is not held for the game master; the held lines are 4, 5, 6"),
        "{e}"
    );
    // The sheet sent again with the same lines keeps the rulings.
    send(&host, &sheet).await;
    let (_, held) = host.held("paris").await.unwrap();
    assert_eq!(held[0].ruling, Some((approve, "gm@desk".to_string())));
    assert!(held[2].ruling.is_none());

    run_now(&host, "paris").await;
    let r = report_of(&host, "athos", 1).await;
    for told in [
        "line 4: `CHALLENGE Porthos TO A DUEL`: approved by the game master: the duel is fought at dawn in week 2.",
        "line 5: `SEEK AN AUDIENCE WITH THE CARDINAL`: refused by the game master: the Cardinal receives nobody this month.",
        "line 6: `DANCE WITH THE QUEEN`: not reviewed before the month ran: it did not run.",
    ] {
        assert!(r.text.contains(told), "{told}\n{}", r.text);
    }
    let gm = host
        .store()
        .outbox(Some("paris"), None)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.message.kind == "gm")
        .unwrap()
        .message
        .body;
    assert!(
        gm.contains("2 line(s) held for your ruling were not ruled on before turn 1 ran, so they did not run (their players' reports say so):\nAthos, line 6: `DANCE WITH THE QUEEN`\nPorthos, line 4: `BUY THE INN`\n\nOrders for turn 2"),
        "{gm}"
    );
    let audit: Vec<String> = host
        .store()
        .audit(Some("paris"))
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .collect();
    assert_eq!(audit, ["create", "approve", "refuse", "run"]);
    // Month 2's orders hold nothing yet: nothing to rule on.
    let e = host
        .rule(
            "paris",
            "athos",
            4,
            Ruling::Approved {
                note: String::new(),
            },
            "gm@desk",
        )
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("none of its lines is (or it sent no orders)"),
        "{e}"
    );
}

on_both!(
    engarde_rulings,
    eg_ord_005_the_game_master_rules_on_held_lines
);

/// Nothing passes silently: who sent no sheet is told in the run, the
/// game master's mail and the player's report; a sheet from an address
/// that is not the player's tells the player's own address; an empty mail
/// and a mail of binary junk get a short answer saying so.
async fn nothing_passes_silently(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let made = two_musketeers(&host, "paris").await;
    let pw = made.seats[0].password.clone().unwrap();
    let from = |sender: &'static str, bytes: Vec<u8>| {
        let host = &host;
        async move {
            host.submit(Submission {
                game: "paris",
                source: "mail",
                sender: Some(sender),
                message_id: None,
                name: "your mail",
                bytes: &bytes,
                authenticated: None,
            })
            .await
            .unwrap()
        }
    };
    let a = from(
        "stranger@else.test",
        format!(
            "CHARACTER Athos\nPASSWORD {}\nWEEK 1: CAROUSE\n",
            pw.expose()
        )
        .into_bytes(),
    )
    .await;
    assert!(
        a.text.contains("so Athos's own address is told too"),
        "{}",
        a.text
    );
    assert!(
        !a.text.contains("athos@players.test"),
        "never the address itself"
    );
    let outbox = host.store().outbox(Some("paris"), None).await.unwrap();
    let notice = outbox
        .iter()
        .find(|m| m.message.to == "athos@players.test" && m.message.kind == "notice")
        .unwrap();
    assert_eq!(
        notice.message.subject,
        "[paris] Orders for athos came from stranger@else.test"
    );
    // From the player's own address, no notice.
    from(
        "athos@players.test",
        format!(
            "CHARACTER Athos\nPASSWORD {}\nWEEK 1: CAROUSE\n",
            pw.expose()
        )
        .into_bytes(),
    )
    .await;
    let notices = host
        .store()
        .outbox(Some("paris"), None)
        .await
        .unwrap()
        .iter()
        .filter(|m| m.message.kind == "notice")
        .count();
    assert_eq!(notices, 1);

    let a = from("someone@players.test", b" \r\n\r\n".to_vec()).await;
    assert!(
        a.text
            .contains("your mail: your mail was empty: no text was found in it"),
        "{}",
        a.text
    );
    let answer = |id: i64| {
        let host = &host;
        async move {
            host.store()
                .outbox(None, None)
                .await
                .unwrap()
                .into_iter()
                .rfind(|m| m.message.kind == "answer" && m.message.to == "someone@players.test")
                .map(|m| (m.message.subject, id))
                .unwrap()
        }
    };
    assert_eq!(answer(0).await.0, "[paris] your mail was empty");
    let junk: Vec<u8> = (0u32..33 * 1024)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let a = from("someone@players.test", junk).await;
    assert!(a.text.len() < 600, "{} bytes: {}", a.text.len(), a.text);
    assert!(
        a.text.contains("this is not text that can be read"),
        "{}",
        a.text
    );
    assert_eq!(
        answer(1).await.0,
        "[paris] your mail could not be read: it is not text"
    );

    // Porthos sent nothing.
    let ran = host
        .run_turn(
            "paris",
            Trigger::Now {
                actor: "gm@test".into(),
            },
        )
        .await
        .unwrap();
    let Ran::Kept { missing, .. } = ran else {
        panic!("{ran:?}")
    };
    assert_eq!(missing, ["porthos (Porthos)"]);
    let gm = host
        .store()
        .outbox(Some("paris"), None)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.message.kind == "gm")
        .unwrap();
    assert!(
        gm.message
            .body
            .contains("No orders from 1 of the seats in play: porthos (Porthos)."),
        "{}",
        gm.message.body
    );
    let r = report_of(&host, "porthos", 1).await;
    assert!(
        r.text
            .contains("No sheet was received from you for month 1: Porthos gave no orders"),
        "{}",
        r.text
    );
    let json: serde_json::Value = serde_json::from_str(r.json.as_deref().unwrap()).unwrap();
    assert_eq!(json["sheet_received"], false);
    let r = report_of(&host, "athos", 1).await;
    assert!(!r.text.contains("No sheet"), "{}", r.text);
}

on_both!(engarde_silence, nothing_passes_silently);

/// The mail replies of En Garde!: a sheet comes back as it will run, in
/// canonical form with the game's own names; a wrong password is said
/// first and nothing is said about the sheet.
async fn answers_show_the_sheet_as_read(location: Location) {
    let host = Host::open(&location).await.unwrap();
    let made = two_musketeers(&host, "paris").await;
    let pw = made.seats[0].password.clone().unwrap();
    let sheet = format!(
        "character athos\npassword {}\npremonthly\napply the gascons as capt\njoin frog and peach\nW1: toady comte de villars\nW2: court mme babette 60 openly\n",
        pw.expose()
    );
    let a = send(&host, &sheet).await;
    assert!(
        a.text.ends_with(
            "Athos's orders as stored, read back in canonical form (this is what runs):\n\nCHARACTER Athos\nPREMONTHLY\n  APPLY TO Gascons (GAS) AS Captain\n  JOIN CLUB Frog & Peach\nWEEK 1\n  TOADY TO the Comte de Villars\nWEEK 2\n  COURT Mme Babette WITH 60 OPENLY\n\n"
        ),
        "{}",
        a.text
    );
    let a = send(
        &host,
        "CHARACTER Athos\nPASSWORD guess\nWEEK 1: DANCE WITH THE QUEEN\nTOADY TO nobody\n",
    )
    .await;
    assert_eq!(
        a.text,
        "Athos: refused: wrong password for Athos; nothing stored\n"
    );
}

on_both!(engarde_answers, answers_show_the_sheet_as_read);

/// A game folder made now keeps its passwords hashed; hosted, its players
/// keep them: the host takes the folder's hash as it is (and tells no
/// password), and the player's own password opens the seat.
async fn a_folder_with_hashed_passwords_is_hosted_and_its_passwords_work(location: Location) {
    let tables = umpire_engarde::tables::Tables::builtin().unwrap();
    let backend = if location.to_string().starts_with("sqlite") {
        "lite"
    } else {
        "pg"
    };
    let dir = std::env::temp_dir().join(format!(
        "umpire-engarde-import-{}-{backend}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let roster = [umpire_engarde::setup::NewPlayer {
        name: "Athos".into(),
        password: "sword".into(),
        address: "athos@players.test".into(),
    }];
    let world = umpire_engarde::setup::new_game("lyon", 3, 5, &roster, tables);
    umpire_host::engarde::folder::Folder::at(&dir, tables)
        .make(&world, false)
        .unwrap();
    let kept = std::fs::read_to_string(dir.join("world.json")).unwrap();
    assert!(!kept.contains("\"sword\""), "no password in clear");
    let host = Host::open(&location).await.unwrap();
    let made = host
        .import("engarde", dir.clone(), None, Settings::default(), "gm@test")
        .await
        .unwrap();
    let athos = made.seats.iter().find(|t| t.name == "Athos").unwrap();
    assert!(
        athos.password.is_none(),
        "the player keeps their own password"
    );
    let sheet = |password: &str| {
        format!("CHARACTER Athos\nPASSWORD {password}\nPREMONTHLY\nWEEK 1: CAROUSE\n")
    };
    let answer = host
        .submit(Submission {
            game: "lyon",
            source: "mail",
            sender: Some("athos@players.test"),
            message_id: None,
            name: "sheet",
            bytes: sheet("sword").as_bytes(),
            authenticated: None,
        })
        .await
        .unwrap();
    assert!(!answer.receipts[0].refused, "{answer:?}");
    let answer = host
        .submit(Submission {
            game: "lyon",
            source: "mail",
            sender: Some("athos@players.test"),
            message_id: Some("<two@players.test>"),
            name: "sheet",
            bytes: sheet("rapier").as_bytes(),
            authenticated: None,
        })
        .await
        .unwrap();
    assert!(answer.receipts[0].refused, "{answer:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
on_both!(
    hashed_folder_import,
    a_folder_with_hashed_passwords_is_hosted_and_its_passwords_work
);
