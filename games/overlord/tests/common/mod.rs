//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::sync::Arc;

use umpire_core::Diagnostic;
use umpire_overlord::orders::{
    FactionRef, Message, ParseOptions, Scope, UnitRef, Vocabulary, parse_message,
};

/// Read a message with the rules' vocabulary.
pub fn parse(text: &str) -> (Message, Vec<Diagnostic>) {
    let src: Arc<str> = Arc::from("test");
    let p = parse_message(
        &src,
        text,
        ParseOptions {
            vocabulary: Some(Vocabulary::builtin()),
        },
    );
    (p.message, p.diagnostics)
}

/// Unit U1 of faction f06, with or without the vocabulary.
pub fn scope(vocabulary: bool) -> Scope<'static> {
    Scope {
        faction: Some(FactionRef::Player(6)),
        unit: Some(UnitRef::Id(1)),
        vocabulary: vocabulary.then(Vocabulary::builtin),
    }
}

/// Codes and messages of the errors.
pub fn errors(diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}

/// The original engine's sample game: `../shared/reference/overlord-alpha`
/// beside the project, or `UMPIRE_ALPHA_DIR`.
pub fn alpha_dir() -> std::path::PathBuf {
    if let Some(dir) = std::env::var_os("UMPIRE_ALPHA_DIR") {
        return std::path::PathBuf::from(dir);
    }
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/reference/overlord-alpha");
    assert!(
        dir.is_dir(),
        "the alpha reference game is expected at {} (the shared folder beside the project); \
         set UMPIRE_ALPHA_DIR to read it from elsewhere",
        dir.display()
    );
    dir
}

/// The alpha game's rules files (`*.rules`, `*.var`), by file name.
pub fn alpha_rules_files() -> std::collections::BTreeMap<String, String> {
    let mut files = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir(alpha_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".rules") || name.ends_with(".var") {
            let bytes = std::fs::read(&path).unwrap();
            files.insert(name, String::from_utf8_lossy(&bytes).to_string());
        }
    }
    files
}

/// Every file of the alpha game, by path relative to its directory.
pub fn alpha_game_files() -> std::collections::BTreeMap<String, Vec<u8>> {
    fn walk(
        root: &std::path::Path,
        dir: &std::path::Path,
        out: &mut std::collections::BTreeMap<String, Vec<u8>>,
    ) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let root = alpha_dir();
    let mut out = std::collections::BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

/// Every player faction's bot orders for the world as it stands, read as
/// order sets (`passwords`: faction number and password).
pub fn bot_sets(
    world: &umpire_overlord::world::World,
    rules: &umpire_overlord::rules::Rules,
    passwords: &[(u32, String)],
    seed: u64,
) -> Vec<umpire_overlord::orders::OrderSet> {
    use umpire_overlord::generate::bots::{BotOptions, bot_orders_with};
    use umpire_overlord::orders::Envelope;
    use umpire_overlord::world::Player;
    let mut out = Vec::new();
    for (f, fac) in world.factions.iter() {
        if fac.player != Player::Human {
            continue;
        }
        let password = passwords
            .iter()
            .find(|(n, _)| *n == fac.number)
            .map(|(_, p)| p.clone())
            .unwrap_or_default();
        let text = bot_orders_with(world, rules, f, seed, &BotOptions { password });
        let src: Arc<str> = Arc::from("bot");
        let p = parse_message(
            &src,
            &text,
            ParseOptions {
                vocabulary: Some(Vocabulary::builtin()),
            },
        );
        for e in p.message.envelopes {
            if let Envelope::Orders(s) = e {
                out.push(s);
            }
        }
    }
    out
}

/// The world `umpire demo` makes with its defaults: eight player
/// factions, seed 2026, the map size for them.
pub fn demo_world(rules: &umpire_overlord::rules::Rules) -> umpire_overlord::world::World {
    use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
    generate(
        rules,
        &WorldParams {
            game: "demo".into(),
            seed: 2026,
            factions: 8,
            size: MapSize::for_factions(8),
        },
    )
    .unwrap()
    .world
}
