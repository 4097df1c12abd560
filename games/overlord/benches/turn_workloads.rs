//! The two workloads of a full turn, shared by `benches/turn.rs` and
//! `examples/turn_memory.rs` (which includes this file by path).
//!
//! - `alpha100`: the original engine's sample game replicated 100 times by
//!   `legacy::replicate` and imported (20,900 locations, 27,500 units,
//!   1,500 factions); the importer puts each unit's `orders.0` into its
//!   pending list, so no order sets are needed.
//! - `generated`: `generate` on the huge map with 50,000 player factions
//!   (about 20,500 locations, 101,125 units), with an order set from
//!   `bot_orders_with` (seed 2026, the faction's real password) for every
//!   player faction, parsed with the rules' vocabulary.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use umpire_core::ids::TypedId;
use umpire_overlord::generate::bots::{BotOptions, bot_orders_for};
use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
use umpire_overlord::legacy::{self, world::GameFiles};
use umpire_overlord::orders::{Envelope, OrderSet, ParseOptions, Vocabulary, parse_message};
use umpire_overlord::rules::Rules;
use umpire_overlord::world::{Player, World};

/// The seed given to `run_turn`.
pub const TURN_SEED: u64 = 2026;

/// The sample game: `../shared/reference/overlord-alpha` beside the
/// project, or `UMPIRE_ALPHA_DIR`. `None` when it is not there.
pub fn alpha_files() -> Option<GameFiles> {
    fn walk(root: &Path, dir: &Path, out: &mut GameFiles) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else if let (Ok(rel), Ok(bytes)) = (p.strip_prefix(root), std::fs::read(&p)) {
                out.insert(rel.to_string_lossy().replace('\\', "/"), bytes);
            }
        }
    }
    let dir = std::env::var_os("UMPIRE_ALPHA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/reference/overlord-alpha")
        });
    let mut out = GameFiles::new();
    walk(&dir, &dir, &mut out);
    (!out.is_empty()).then_some(out)
}

/// The alpha world replicated 100 times, imported, with its own pending
/// orders.
pub fn alpha100(rules: &Rules) -> Option<World> {
    let alpha = alpha_files()?;
    let x100 = legacy::replicate::replicate(&alpha, 100);
    Some(legacy::world::import(&x100, rules).world)
}

/// A generated world of about 100,000 units and the bots' order sets for
/// every player faction.
pub fn generated(rules: &Rules) -> Result<(World, Vec<OrderSet>), String> {
    let params = WorldParams {
        game: "bench".into(),
        seed: 2026,
        factions: 50_000,
        size: MapSize::HUGE,
    };
    let made = generate(rules, &params).map_err(|e| e.to_string())?;
    let world = made.world;
    let source: Arc<str> = Arc::from("bots");
    let options = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let mut sets = Vec::new();
    let by_faction = world.units_by_faction();
    // `players` has one entry per faction, in faction order.
    for ((fid, f), start) in world.factions.iter().zip(&made.players) {
        if f.player != Player::Human || start.number != f.number {
            continue;
        }
        let text = bot_orders_for(
            &world,
            rules,
            fid,
            &by_faction[fid.index()],
            2026,
            &BotOptions {
                password: start.password.clone(),
            },
        );
        let parsed = parse_message(&source, &text, options);
        for env in parsed.message.envelopes {
            if let Envelope::Orders(set) = env {
                sets.push(set);
            }
        }
    }
    Ok((world, sets))
}
