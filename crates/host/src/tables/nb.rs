//! Napoleon's Battles at the table: a side's orders, messengers, delays
//! and secret rolls are its own until the game ends; the generals are the
//! figures on the table.

use umpire_nb::setup::game_from_toml;
use umpire_nb::state::Game;

use super::spec::{Piece, Spec};

/// The demo scenario, built in (the game crate's own).
pub use umpire_nb::setup::LIGNY;

fn names(g: &Game) -> Vec<String> {
    let mut w: Vec<String> = g.formations.iter().map(|f| f.name.clone()).collect();
    w.extend(g.generals.iter().map(|x| x.name.replace(' ', "_")));
    w.extend(g.sides.iter().map(|s| s.name.clone()));
    w.extend(
        [
            "attack",
            "defend",
            "distance",
            "via",
            "to",
            "on-board",
            "off-board",
            "yes",
            "no",
            "in",
            "out",
            "as",
        ]
        .map(String::from),
    );
    w
}

/// Every general is a figure on the table; messengers ride between them.
fn pieces(g: &Game, _viewer: Option<&str>) -> Vec<Piece> {
    g.generals
        .iter()
        .map(|x| Piece {
            name: x.name.replace(' ', "_"),
            side: x.side.clone(),
            what: "general",
        })
        .collect()
}

/// Napoleon's Battles.
pub const SPEC: Spec<Game> = Spec {
    family: "nb",
    game: "Napoleon's Battles",
    state_file: "game.json",
    builtin: ("ligny", LIGNY),
    load: |name, text| game_from_toml(name, text).map_err(|e| e.to_string()),
    names,
    title: |g| format!("{} -- turn {}, {}.", g.name, g.turn, g.phase.name()),
    commands: umpire_nb::COMMANDS,
    sides: |g| g.sides.iter().map(|s| s.name.clone()).collect(),
    pieces,
    umpire_view: "reveal",
};
