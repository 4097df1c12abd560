//! Where the host names a game: only in `src/kind/` (the kinds, behind
//! `GameKind`), the game folders' modules (`src/overlord/`,
//! `src/engarde/`) and the tables' specs (`src/tables/`). The host's
//! own modules (intake, turns, passwords, seeds, the store) reach a game
//! only through a kind.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn only_the_kinds_the_game_folders_and_the_tables_name_a_game_crate() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let allowed = ["kind", "overlord", "engarde", "tables"].map(|d| src.join(d));
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 30, "{files:?}");
    let games = [
        "umpire_overlord",
        "umpire_engarde",
        "umpire_dbr",
        "umpire_nb",
        "umpire_sharp",
    ];
    for (path, text) in &files {
        if allowed.iter().any(|d| Path::new(path).starts_with(d)) {
            continue;
        }
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for game in games {
            assert!(!code.contains(game), "{path} names {game}");
        }
    }
}
