//! Sharp Practice at the table: Groups, Big Men and Blinds; a Blind's
//! contents and a side's bonus cards are that side's alone.

use umpire_sharp::session::COMMANDS;
use umpire_sharp::setup::battle_from_toml;
use umpire_sharp::state::Battle;

use super::spec::{Piece, Spec};

/// The demo scenario, built in (the game crate's own).
pub use umpire_sharp::setup::VIMEIRO;

fn names(b: &Battle) -> Vec<String> {
    let mut w: Vec<String> = b.groups.iter().map(|g| g.name.clone()).collect();
    w.extend(b.big_men.iter().map(|m| m.name.replace(' ', "_")));
    w.extend(b.blinds.iter().map(|m| m.name.replace(' ', "_")));
    w.extend(b.sides.iter().map(|s| s.name.clone()));
    w.extend(
        [
            "at",
            "range",
            "cover",
            "soft",
            "hard",
            "vs",
            "dice",
            "obscurity",
            "open",
            "slight",
            "obscured",
            "badly",
            "pace",
            "walk",
            "trot",
            "gallop",
            "self",
            "activate",
            "musician",
            "form",
            "line",
            "column",
            "square",
            "remove-shock",
            "charge",
            "encourage",
            "fervour",
            "action",
            "merge",
            "chosen-man",
            "make-ready",
            "firing",
            "movement",
        ]
        .map(String::from),
    );
    w
}

/// Groups and Big Men on the table, and the Blinds; what is still under a
/// Blind is seen only by its own side.
fn pieces(b: &Battle, viewer: Option<&str>) -> Vec<Piece> {
    let mine = |side: &str| viewer.is_none_or(|v| v.eq_ignore_ascii_case(side));
    let under_blind = |name: &str| {
        b.blinds
            .iter()
            .any(|bl| bl.big_men.iter().any(|m| m == name))
    };
    let mut p: Vec<Piece> = b
        .groups
        .iter()
        .filter(|g| !g.hidden || mine(&g.side))
        .map(|g| Piece {
            name: g.name.clone(),
            side: g.side.clone(),
            what: "Group",
        })
        .collect();
    p.extend(
        b.big_men
            .iter()
            .filter(|m| !m.off_table && (!under_blind(&m.name) || mine(&m.side)))
            .map(|m| Piece {
                name: m.name.replace(' ', "_"),
                side: m.side.clone(),
                what: "Big Man",
            }),
    );
    p.extend(b.blinds.iter().map(|bl| Piece {
        name: bl.name.replace(' ', "_"),
        side: bl.side.clone(),
        what: "Blind",
    }));
    p
}

/// Sharp Practice.
pub const SPEC: Spec<Battle> = Spec {
    family: "sharp",
    game: "Sharp Practice",
    state_file: "battle.json",
    builtin: ("vimeiro", VIMEIRO),
    load: |name, text| battle_from_toml(name, text).map_err(|e| e.to_string()),
    names,
    title: |b| format!("{} -- turn {}.", b.name, b.turn),
    commands: COMMANDS,
    sides: |b| b.sides.iter().map(|s| s.name.clone()).collect(),
    pieces,
    umpire_view: "show",
};
