//! DBR at the table: nothing is secret; the elements are the pieces.

use umpire_dbr::battle::Battle;

use super::spec::{Piece, Spec};

/// The demo scenario, built in (the game crate's own).
pub use umpire_dbr::battle::BREITENFELD;

fn pieces(b: &Battle, _viewer: Option<&str>) -> Vec<Piece> {
    b.elements
        .iter()
        .map(|e| Piece {
            name: e.name.clone(),
            side: e.side.clone(),
            what: "element",
        })
        .collect()
}

/// DBR.
pub const SPEC: Spec<Battle> = Spec {
    family: "dbr",
    game: "DBR",
    state_file: "battle.json",
    builtin: ("breitenfeld", BREITENFELD),
    load: |name, text| Battle::from_toml(name, text).map_err(|e| e.to_string()),
    names: umpire_dbr::session::names,
    title: |b| format!("{} -- bound {}.", b.name, b.bound),
    commands: umpire_dbr::session::COMMANDS,
    sides: |b| b.sides.clone(),
    pieces,
    umpire_view: "show",
};
