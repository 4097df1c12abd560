//! Games at the table kept in the database: made from a scenario with a
//! link per side and one for the umpire, every line kept and replayed,
//! each side shown only its own, undo without re-rolling, and the map's
//! places and distances.

// The cases are plain async functions run by the tests `on_both!` declares.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use umpire_host::on_both;
use umpire_host::store::{Location, Store};
use umpire_host::tables::{Kind, Made, NewTable, TableError, Tables};

fn new(kind: Kind, umpired: bool) -> NewTable {
    NewTable {
        kind,
        name: None,
        scenario: None,
        umpired,
        width: 72,
        depth: 48,
        unit: "in".into(),
    }
}

fn side<'a>(made: &'a Made, name: &str) -> &'a str {
    &made.sides.iter().find(|(s, _)| s == name).unwrap().1
}

async fn napoleons_battles_orders_stay_with_their_side_until_the_end(location: Location) {
    let store = Store::open(&location).await.unwrap();
    let tables = Tables::new(store.clone());
    let made = tables.create(new(Kind::Nb, true)).await.unwrap();
    assert_eq!(
        made.sides
            .iter()
            .map(|(s, _)| s.as_str())
            .collect::<Vec<_>>(),
        ["French", "Prussians"]
    );
    let umpire = tables.enter(&made.umpire).await.unwrap();
    let french = tables.enter(side(&made, "French")).await.unwrap();
    let prussians = tables.enter(side(&made, "Prussians")).await.unwrap();
    assert_eq!(french.side.as_deref(), Some("French"));
    assert_eq!(umpire.side, None);
    // The umpire's page hands out the same links; a side's page none.
    assert_eq!(
        umpire.side_links(&["French".into(), "Prussians".into()]),
        made.sides
    );
    assert!(french.side_links(&["French".into()]).is_empty());

    for line in [
        "reserve III-Corps-P off-board B9 dice 2",
        "start III-Corps attack St Amand",
        "next",
    ] {
        let ran = tables.run(&umpire, line).await.unwrap();
        assert!(!ran.answer.starts_with("error"), "{line}: {}", ran.answer);
    }
    let ran = tables
        .run(&french, "order IV-Corps attack the windmill distance 30")
        .await
        .unwrap();
    assert!(
        ran.changed && ran.answer.contains("Order 1 written"),
        "{}",
        ran.answer
    );
    // A side's line runs as that side: the other's formations are refused.
    let ran = tables
        .run(&french, "order II-Corps attack Ligny distance 5")
        .await
        .unwrap();
    assert!(
        ran.answer.contains("II-Corps is not French's"),
        "{}",
        ran.answer
    );

    let theirs = tables.view(&prussians).await.unwrap();
    let seen = format!("{}{:?}", theirs.board, theirs.log);
    assert!(!seen.contains("windmill"), "{seen}");
    let mine = tables.view(&french).await.unwrap();
    assert!(mine.board.contains("windmill"), "{}", mine.board);
    assert!(
        !format!("{}{:?}", mine.board, mine.log).contains("B9"),
        "where the Prussian reserve waits is theirs: {}",
        mine.board
    );
    assert_eq!(
        mine.log
            .iter()
            .map(|l| l.command.as_str())
            .collect::<Vec<_>>(),
        [
            "start III-Corps attack St Amand",
            "next",
            "order IV-Corps attack the windmill distance 30",
            "order II-Corps attack Ligny distance 5"
        ],
        "a side reads its own lines, without `as French`, and what the umpire did to its own forces or for all"
    );
    let all = tables.view(&umpire).await.unwrap();
    assert_eq!(all.log.len(), 5);
    assert!(all.board.contains("windmill"), "{}", all.board);

    // A side cannot end an umpired game; the umpire can, and then every
    // log is open.
    let e = tables.finish(&prussians).await.unwrap_err();
    assert!(
        e.to_string()
            .contains("`end` is the umpire's at this table"),
        "{e}"
    );
    tables.finish(&umpire).await.unwrap();
    let theirs = tables.view(&prussians).await.unwrap();
    assert!(theirs.finished);
    assert!(
        theirs.log.iter().any(|l| l.command.contains("windmill")),
        "{:?}",
        theirs.log
    );

    // Read in again by a new server: the same game, every answer replayed.
    let all = tables.view(&umpire).await.unwrap();
    let again = Tables::new(store.clone());
    let reread = again
        .view(&again.enter(&made.umpire).await.unwrap())
        .await
        .unwrap();
    assert_eq!(reread.differs, None);
    assert_eq!((reread.board, reread.log), (all.board, all.log));
    assert!(reread.finished);
    store.close().await;
}
on_both!(
    nb_secrets,
    napoleons_battles_orders_stay_with_their_side_until_the_end
);

async fn sharp_practice_blinds_and_bonus_cards_are_their_sides_own(location: Location) {
    let store = Store::open(&location).await.unwrap();
    let tables = Tables::new(store.clone());
    let made = tables.create(new(Kind::Sharp, true)).await.unwrap();
    let umpire = tables.enter(&made.umpire).await.unwrap();
    let british = tables.enter(side(&made, "British")).await.unwrap();
    let french = tables.enter(side(&made, "French")).await.unwrap();
    // The chasseurs and Lieutenant Ducos are under the French Blind.
    let b = tables.view(&british).await.unwrap();
    let names: Vec<&str> = b.pieces.iter().map(|p| p.piece.name.as_str()).collect();
    assert!(
        names.contains(&"French_Blind_1") && names.contains(&"rifles"),
        "{names:?}"
    );
    assert!(
        !names.contains(&"chasseurs") && !names.contains(&"Lieutenant_Ducos"),
        "{names:?}"
    );
    assert!(!b.board.contains("chasseurs"), "{}", b.board);
    let e = tables
        .measure(&british, "rifles", "chasseurs")
        .await
        .unwrap_err();
    assert!(matches!(e, TableError::Refused(_)), "{e}");
    let f = tables.view(&french).await.unwrap();
    assert!(f.pieces.iter().any(|p| p.piece.name == "chasseurs"));

    // A bonus card drawn for the British is theirs alone; a card drawn
    // from the main deck is everyone's.
    let ran = tables.run(&british, "bonus British").await.unwrap();
    assert_eq!(
        ran.answer,
        "error: `bonus` is the umpire's at this table: ask them"
    );
    let ran = tables.run(&umpire, "bonus British").await.unwrap();
    assert!(!ran.answer.starts_with("error"), "{}", ran.answer);
    let ran = tables.run(&umpire, "draw").await.unwrap();
    assert!(ran.changed, "{}", ran.answer);
    let f = tables.view(&french).await.unwrap();
    let read: Vec<(&str, &str)> = f
        .log
        .iter()
        .map(|l| (l.command.as_str(), l.answer.as_str()))
        .collect();
    assert_eq!(
        read[0],
        ("bonus", "British draws a bonus card."),
        "{:?}",
        f.log
    );
    assert_eq!(read.len(), 2, "{:?}", f.log);
    assert_eq!(read[1].0, "draw");
    let b = tables.view(&british).await.unwrap();
    assert_eq!(b.log.len(), 3, "{:?}", b.log);
    // A side's question is its own.
    tables.run(&french, "show").await.unwrap();
    let b = tables.view(&british).await.unwrap();
    assert_eq!(b.log.len(), 3);

    // The map: a side moves its own pieces, the server measures.
    tables.place(&british, "rifles", 10.0, 10.0).await.unwrap();
    tables
        .place(&umpire, "voltigeurs", 13.0, 14.0)
        .await
        .unwrap();
    let e = tables
        .place(&british, "voltigeurs", 0.0, 0.0)
        .await
        .unwrap_err();
    assert!(
        e.to_string().contains("the British move their own pieces"),
        "{e}"
    );
    assert_eq!(
        tables
            .measure(&french, "rifles", "voltigeurs")
            .await
            .unwrap(),
        (5.0, 5.0)
    );
    let e = tables
        .measure(&french, "rifles", "voltigers")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("did you mean `voltigeurs`?"), "{e}");
    // Off the table is put at its edge.
    tables
        .place(&umpire, "grenadiers", 500.0, -3.0)
        .await
        .unwrap();
    let v = tables.view(&umpire).await.unwrap();
    let g = v
        .pieces
        .iter()
        .find(|p| p.piece.name == "grenadiers")
        .unwrap();
    assert_eq!((g.x, g.y), (72.0, 0.0));

    // Kept: a new server reads the same places.
    let again = Tables::new(store.clone());
    let v2 = again
        .view(&again.enter(&made.umpire).await.unwrap())
        .await
        .unwrap();
    assert_eq!(v2.pieces, v.pieces);
    store.close().await;
}
on_both!(
    sharp_secrets,
    sharp_practice_blinds_and_bonus_cards_are_their_sides_own
);

async fn without_an_umpire_every_side_must_ask_to_undo(location: Location) {
    let store = Store::open(&location).await.unwrap();
    let tables = Tables::new(store.clone());
    let made = tables.create(new(Kind::Dbr, false)).await.unwrap();
    let sides: Vec<String> = made.sides.iter().map(|(s, _)| s.clone()).collect();
    let a = tables.enter(&made.sides[0].1).await.unwrap();
    let b = tables.enter(&made.sides[1].1).await.unwrap();
    // Ending a bound is the umpire's: without one, every side asks.
    let asked = tables.run(&a, "bound").await.unwrap();
    assert!(!asked.changed, "{}", asked.answer);
    assert_eq!(
        asked.answer,
        format!(
            "The {} ask for `bound`; it runs when the {} ask for it too.",
            sides[0], sides[1]
        )
    );
    let first = tables.run(&b, "bound").await.unwrap();
    assert!(
        first.changed
            && first
                .answer
                .starts_with("Every side asked for `bound`: Bound 1"),
        "{}",
        first.answer
    );
    // Taking back what every side agreed to (and its dice) needs every
    // side again.
    let asked = tables.run(&a, "undo").await.unwrap();
    assert!(!asked.changed);
    assert!(
        asked
            .answer
            .contains(&format!("it runs when the {} ask for it too", sides[1])),
        "{}",
        asked.answer
    );
    let v = tables.view(&b).await.unwrap();
    assert_eq!(v.asked.len(), 1, "{:?}", v.asked);
    let done = tables.run(&b, "undo").await.unwrap();
    assert!(
        done.changed && done.answer.contains("Every side asked for `undo`"),
        "{}",
        done.answer
    );
    assert!(
        done.answer.contains("Its dice are taken back"),
        "{}",
        done.answer
    );
    // The same command after an undo rolls the same dice.
    tables.run(&b, "bound").await.unwrap();
    let second = tables.run(&a, "bound").await.unwrap();
    assert_eq!(second.answer, first.answer);

    // The maker's link of a table with no umpire only hands out links:
    // it sees nothing of the game and does nothing in it.
    let maker = tables.enter(&made.umpire).await.unwrap();
    let v = tables.view(&maker).await.unwrap();
    assert!(v.log.is_empty() && v.pieces.is_empty() && v.board.is_empty());
    assert_eq!(maker.side_links(&sides), made.sides);
    let piece = tables.view(&a).await.unwrap().pieces[0].piece.name.clone();
    for e in [
        tables.run(&maker, "bound").await.map(|_| ()).unwrap_err(),
        tables.finish(&maker).await.map(|_| ()).unwrap_err(),
        tables.place(&maker, &piece, 1.0, 1.0).await.unwrap_err(),
        tables
            .measure(&maker, &piece, &piece)
            .await
            .map(|_| ())
            .unwrap_err(),
    ] {
        assert!(e.to_string().contains("play from your side's link"), "{e}");
    }

    // At an umpired table a side takes back only its own last change that
    // rolled nothing.
    let made = tables.create(new(Kind::Dbr, true)).await.unwrap();
    let umpire = tables.enter(&made.umpire).await.unwrap();
    let a = tables.enter(&made.sides[0].1).await.unwrap();
    tables.run(&umpire, "bound dice 6,6").await.unwrap();
    let e = tables.run(&a, "undo").await.unwrap();
    assert_eq!(
        e.answer,
        "error: a side takes back only its own last change, and the last change was not yours: only the umpire takes it back at this table; ask them"
    );
    let spent = tables
        .run(&a, "pips Baner move smaland-horse")
        .await
        .unwrap();
    assert!(spent.changed, "{}", spent.answer);
    let undone = tables.run(&a, "undo").await.unwrap();
    assert_eq!(
        undone.answer,
        "Undone: the Swedes's `pips Baner move smaland-horse`."
    );
    store.close().await;
}
on_both!(undo_consent, without_an_umpire_every_side_must_ask_to_undo);

async fn bad_tables_and_links_are_refused_with_the_reason(location: Location) {
    let store = Store::open(&location).await.unwrap();
    let tables = Tables::new(store.clone());
    let mut bad = new(Kind::Sharp, true);
    bad.scenario = Some("name = \"x\"\nsides = [\"A\"]\n[[nonsense".into());
    let e = tables.create(bad).await.unwrap_err();
    assert!(matches!(e, TableError::Refused(_)), "{e}");
    let mut bad = new(Kind::Nb, true);
    bad.unit = "furlongs".into();
    let e = tables.create(bad).await.unwrap_err();
    assert!(e.to_string().contains("`in` or `cm`"), "{e}");
    let mut bad = new(Kind::Nb, true);
    bad.width = 3;
    let e = tables.create(bad).await.unwrap_err();
    assert!(e.to_string().contains("12 to 1200"), "{e}");
    let e = tables.enter("not-a-link").await.unwrap_err();
    assert!(matches!(e, TableError::NoSuchLink), "{e}");
    let made = tables.create(new(Kind::Nb, true)).await.unwrap();
    let french = tables.enter(side(&made, "French")).await.unwrap();
    let e = tables.run(&french, "   ").await.unwrap_err();
    assert!(e.to_string().contains("type a command"), "{e}");
    let e = tables.run(&french, "as Prussians next").await.unwrap_err();
    assert!(e.to_string().contains("you play the French"), "{e}");
    // Nothing refused was kept.
    assert!(store.table_lines(&made.id).await.unwrap().is_empty());
    store.close().await;
}
on_both!(refusals, bad_tables_and_links_are_refused_with_the_reason);

async fn a_table_whose_kept_answers_differ_from_the_replay_says_so(location: Location) {
    let store = Store::open(&location).await.unwrap();
    let tables = Tables::new(store.clone());
    let made = tables.create(new(Kind::Dbr, true)).await.unwrap();
    let umpire = tables.enter(&made.umpire).await.unwrap();
    tables.run(&umpire, "bound").await.unwrap();
    tables.run(&umpire, "bound").await.unwrap();
    support::execute(
        &location,
        &format!(
            "UPDATE table_lines SET answer = 'something else' WHERE table_id = '{}' AND seq = 1",
            made.id
        ),
    )
    .await;
    let again = Tables::new(store.clone());
    let v = again
        .view(&again.enter(&made.umpire).await.unwrap())
        .await
        .unwrap();
    assert_eq!(v.differs, Some(1));
    store.close().await;
}
on_both!(
    replay_differs,
    a_table_whose_kept_answers_differ_from_the_replay_says_so
);

async fn rulings_are_switched_per_table_and_read_by_every_side(location: Location) {
    let store = Store::open(&location).await.unwrap();
    let tables = Tables::new(store.clone());
    let made = tables.create(new(Kind::Nb, true)).await.unwrap();
    let umpire = tables.enter(&made.umpire).await.unwrap();
    let french = tables.enter(side(&made, "French")).await.unwrap();
    let prussians = tables.enter(side(&made, "Prussians")).await.unwrap();
    let e = tables
        .run(&french, "ruling back-to-column no")
        .await
        .unwrap();
    assert_eq!(
        e.answer,
        "error: `ruling` is the umpire's at this table: ask them"
    );
    let listed = tables.run(&french, "ruling").await.unwrap();
    assert!(
        listed.answer.contains("back-to-column"),
        "{}",
        listed.answer
    );
    let ran = tables
        .run(&umpire, "ruling back-to-column no")
        .await
        .unwrap();
    assert!(ran.changed, "{}", ran.answer);
    let v = tables.view(&prussians).await.unwrap();
    assert_eq!(
        v.log.iter().map(|l| l.command.as_str()).collect::<Vec<_>>(),
        ["ruling back-to-column no"],
        "a ruling is the table's, read by both sides; the French listing is theirs"
    );
    // Another table keeps its own rulings.
    let here = tables.run(&umpire, "ruling").await.unwrap().answer;
    let other = tables.create(new(Kind::Nb, true)).await.unwrap();
    let other = tables.enter(&other.umpire).await.unwrap();
    let there = tables.run(&other, "ruling").await.unwrap().answer;
    let line = |text: &str| {
        text.lines()
            .find(|l| l.contains("back-to-column"))
            .unwrap()
            .to_string()
    };
    assert_ne!(line(&here), line(&there), "{here}\n{there}");
    assert!(line(&here).contains("no"), "{here}");
    store.close().await;
}
on_both!(
    rulings,
    rulings_are_switched_per_table_and_read_by_every_side
);
