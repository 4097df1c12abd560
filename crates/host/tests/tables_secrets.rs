//! What a side's page is made of — its board, the pieces on its map, the
//! log it may read, what is asked of it, the title — never depends on what
//! is hidden from it: two tables that differ only in that give the side
//! the same, as JSON, whatever anyone types. The pages and the live
//! updates (a change count) are laid out from exactly these.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_host::tables::{Kind, Played};

const VIMEIRO: &str = umpire_sharp::setup::VIMEIRO;
const LIGNY: &str = umpire_nb::setup::LIGNY;

/// Vimeiro with other troops under the French Blind.
fn other_blind() -> String {
    VIMEIRO
        .replace(
            "name = \"chasseurs\"\nside = \"French\"\nmen = 6\nquality = \"good\"",
            "name = \"chasseurs\"\nside = \"French\"\nmen = 11\nquality = \"elite\"",
        )
        .replace("chasseurs", "hussars")
        .replace("Lieutenant Ducos", "Capitaine Marbot")
}

/// A side's page, as data.
fn page(game: &dyn Played, side: &str) -> String {
    serde_json::json!({
        "board": game.board(Some(side)),
        "pieces": game.pieces(Some(side)),
        "log": game.log_for(Some(side)),
        "asked": game.asked(),
        "title": game.title(),
        "ended": game.ended(),
    })
    .to_string()
}

/// Play `lines` (with `{G}` the hidden Group) at a table made from
/// `scenario`, and `side`'s page after each.
fn pages(
    kind: Kind,
    scenario: &str,
    umpired: bool,
    hidden: &str,
    lines: &[&str],
    side: &str,
) -> Vec<String> {
    let mut game = kind.open("scenario", scenario, umpired).unwrap();
    let mut out = Vec::new();
    for l in lines {
        game.run(&l.replace("{G}", hidden));
        // What the rules put on the table, and the end of the game (every
        // log opens), are for all to read from then on.
        if game.ended()
            || game.log_for(None).last().is_some_and(|r| {
                r.answer.contains("is revealed") || r.answer.contains("placed on the table")
            })
        {
            break;
        }
        out.push(page(game.as_ref(), side));
    }
    out
}

const SHARP: &[&str] = &[
    "draw",
    "draw",
    "draw",
    "initiative self",
    "initiative activate {G}",
    "shock {G} +1",
    "kill {G} 1",
    "undo",
    "as French initiative self",
    "as French move {G}",
    "as French move French-Blind-1",
    "as French hand French",
    "as British show",
    "as British fire line-company at chasseurs range 10",
    "as British fight rifles vs hussars",
    "as British odds spot rifles at French-Blind-1 range 10 obscurity open",
    "as British initiative self",
    "as British draw",
    "as British undo",
    "as British end",
    "as French end",
    "bonus French",
];

const NB: &[&str] = &[
    "next",
    "next",
    "next",
    "undo",
    "as French start III-Corps attack {G}",
    "as French order IV-Corps attack {G} distance 18",
    "as French done",
    "as French show",
    "as Prussians order II-Corps attack the brewery distance 12",
    "as Prussians threat VI-Corps yes",
    "as Prussians done",
    "as Prussians show",
    "as Prussians undo",
    "as Prussians next",
    "as French next",
];

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    #[test]
    fn a_british_page_is_the_same_whatever_the_french_blind_holds(
        picks in vec(0..SHARP.len(), 1..40),
        umpired in any::<bool>(),
    ) {
        let lines: Vec<&str> = picks.iter().map(|&i| SHARP[i]).collect();
        let other = other_blind();
        prop_assert_eq!(
            pages(Kind::Sharp, VIMEIRO, umpired, "chasseurs", &lines, "British"),
            pages(Kind::Sharp, &other, umpired, "hussars", &lines, "British")
        );
    }

    #[test]
    fn a_prussian_page_is_the_same_whatever_the_french_orders_say(
        picks in vec(0..NB.len(), 1..40),
        umpired in any::<bool>(),
    ) {
        let lines: Vec<&str> = picks.iter().map(|&i| NB[i]).collect();
        prop_assert_eq!(
            pages(Kind::Nb, LIGNY, umpired, "the windmill", &lines, "Prussians"),
            pages(Kind::Nb, LIGNY, umpired, "the church", &lines, "Prussians")
        );
    }
}
