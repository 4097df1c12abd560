//! The log as saved: a game saves its log as typed events and reads them
//! back unchanged, and a game saved when the log held sentences still
//! loads, its entries reading as they did.

use serde_json::Value;
use umpire_nb::Session;
use umpire_nb::log::Event;
use umpire_nb::model::Phase;
use umpire_nb::report::full_log;
use umpire_nb::setup::game_from_toml;
use umpire_nb::state::Game;

const LIGNY: &str = include_str!("../scenarios/ligny.toml");

fn ok(s: &mut Session, line: &str) -> String {
    let a = s.run(line);
    assert!(!a.text.starts_with("error"), "{line}: {}", a.text);
    a.text
}

/// A game with entries of many kinds: starting orders, reserves, an order
/// by messenger, its ride, reading and taking effect, engagement.
fn played() -> Game {
    let game = match game_from_toml("ligny.toml", LIGNY) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let mut s = Session::new(game);
    for line in [
        "start III-Corps attack St Amand",
        "start IV-Corps attack Ligny",
        "start I-Corps defend St Amand",
        "start II-Corps defend Ligny",
        "reserve VI-Corps on-board",
        "reserve III-Corps-P off-board B9 dice 3",
        "next",
        "order IV-Corps attack the mill distance 10",
    ] {
        ok(&mut s, line);
    }
    for _ in 0..12 {
        ok(&mut s, "next dice 5");
    }
    ok(&mut s, "engaged 8th-Division yes");
    ok(&mut s, "fall Blucher");
    assert!(s.state.phase != Phase::Arrival || s.state.turn > 1);
    s.state
}

fn json(game: &Game) -> Value {
    match serde_json::to_value(game) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

fn load(v: Value) -> Game {
    match serde_json::from_value(v) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_saved_game_reads_back_with_the_same_events() {
    let game = played();
    assert!(game.log.len() > 10, "{}", full_log(&game));
    assert!(
        game.log
            .iter()
            .all(|n| !matches!(n.event, Event::Written { .. })),
        "the engine writes typed events"
    );
    assert_eq!(load(json(&game)), game);
}

#[test]
fn a_game_saved_with_sentences_in_its_log_still_loads() {
    let game = played();
    let mut old = json(&game);
    let Some(Value::Array(entries)) = old.get_mut("log") else {
        panic!("no log in {old}");
    };
    for (entry, note) in entries.iter_mut().zip(&game.log) {
        let Value::Object(fields) = entry else {
            panic!("{entry}");
        };
        fields.remove("event");
        fields.insert("text".into(), Value::String(note.text()));
    }
    let loaded = load(old);
    assert_eq!(loaded.log.len(), game.log.len());
    for (then, now) in loaded.log.iter().zip(&game.log) {
        assert_eq!(then.text(), now.text());
        assert_eq!(
            (then.turn, then.phase, &then.to),
            (now.turn, now.phase, &now.to)
        );
    }
    assert_eq!(full_log(&loaded), full_log(&game));
}
