//! Random command sequences, undo among them, typed by the umpire and by
//! each side: the game is always what replaying its log gives, and no
//! side's own view (its report, its log) holds the other side's secrets.

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_nb::Session;
use umpire_nb::report::side_report;
use umpire_nb::setup::game_from_toml;

const SCENARIO: &str = include_str!("../scenarios/ligny.toml");

const POOL: &[&str] = &[
    "as Prussians reserve III-Corps-P off-board B9",
    "as French reserve VI-Corps on-board",
    "as French start III-Corps attack St Amand",
    "as French start IV-Corps attack Ligny",
    "as Prussians start I-Corps defend St Amand",
    "as Prussians start II-Corps defend Ligny",
    "next",
    "next",
    "next",
    "next",
    "as French order IV-Corps attack the windmill distance 30",
    "as French order III-Corps,IV-Corps attack the mill distance 12",
    "as Prussians order II-Corps attack the brewery distance 12",
    "as Prussians place III-Corps-P defend Sombreffe",
    "as French engaged 8th-Division yes",
    "as French complete III-Corps",
    "undo",
    "undo",
    "as French log",
    "as Prussians log",
    "as French show",
];

fn session() -> Session {
    match game_from_toml("ligny.toml", SCENARIO) {
        Ok(g) => Session::new(g),
        Err(e) => panic!("{e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_game_is_always_its_log_replayed_and_secrets_stay_secret(
        picks in vec(0..POOL.len(), 1..60),
    ) {
        let mut s = session();
        for i in picks {
            s.run(POOL[i]);
            let french = side_report(&s.state, "French").unwrap_or_default();
            let prussian = side_report(&s.state, "Prussians").unwrap_or_default();
            prop_assert!(!french.contains("brewery"), "{french}");
            prop_assert!(!prussian.contains("windmill"), "{prussian}");
            let french_log = s.run("as French log").text;
            prop_assert!(!french_log.contains("brewery") && !french_log.contains("III-Corps-P"), "{french_log}");
            let prussian_log = s.run("as Prussians log").text;
            prop_assert!(!prussian_log.contains("windmill"), "{prussian_log}");
        }
        let mut replayed = session();
        for e in &s.log {
            replayed.run(&e.line);
        }
        prop_assert_eq!(&replayed.state, &s.state);
        prop_assert_eq!(replayed.transcript(), s.transcript());
    }
}
