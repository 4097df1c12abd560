//! The small world of the report tests (`report_full.rs`, `report_json.rs`),
//! described in `report_full.rs`'s module documentation: f1 Wolves (Ulric
//! leading Clubmen, a Scout walking south), f2 Ravens' Merchant with coins
//! and a sword, f3 Shadows' stealthy Shade, Lurker (stacked under Ulric:
//! seen) and Creeper (under the Lurker: hidden). Included with `#[path]`
//! beside `common/game.rs` as module `game`.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use crate::game::{Game, rules};
use umpire_overlord::turn::TurnLog;
use umpire_overlord::turn::economy::rewards::{PressKind, Published};
use umpire_overlord::world::UnitId;

pub struct Scenario {
    pub g: Game,
    pub log: TurnLog,
    pub ulric: UnitId,
    pub merchant: UnitId,
    pub shade: UnitId,
    pub lurker: UnitId,
    pub creeper: UnitId,
}

pub fn scenario() -> Scenario {
    let r = rules();
    let mut g = Game::new(2, 3);
    for (i, name) in ["Wolves", "Ravens", "Shadows"].into_iter().enumerate() {
        let f = g.faction(i as u32 + 1);
        g.w.factions[f].name = name.to_string();
    }
    let f1 = g.faction(1);
    g.w.factions[f1].email = "wolves@example.org".to_string();
    g.w.factions[f1].funds = 1000;

    let ulric = g.leader(1, 1);
    g.w.units[ulric].name = "Ulric".into();
    g.w.units[ulric].add_items(r.item("coin").unwrap(), 100, 0);
    g.w.units[ulric].add_items(r.item("hrse").unwrap(), 1, 1);
    let spears = g.unit(1, "man", 20, 1);
    g.w.units[spears].name = "Clubmen".into();
    g.w.units[spears].add_items(r.item("club").unwrap(), 20, 0);
    g.stack(spears, ulric);
    let scout = g.leader(1, 1);
    g.w.units[scout].name = "Scout".into();
    g.w.units[scout].add_items(r.item("coin").unwrap(), 50, 0);

    let merchant = g.leader(2, 1);
    g.w.units[merchant].name = "Merchant".into();
    g.w.units[merchant].add_items(r.item("coin").unwrap(), 500, 0);
    g.w.units[merchant].add_items(r.item("swrd").unwrap(), 1, 0);

    let shade = g.leader(3, 1);
    g.w.units[shade].name = "Shade".into();
    let lurker = g.leader(3, 1);
    g.w.units[lurker].name = "Lurker".into();
    g.stack(lurker, ulric);
    let creeper = g.leader(3, 1);
    g.w.units[creeper].name = "Creeper".into();
    g.stack(creeper, lurker);
    for u in [shade, lurker, creeper] {
        g.learn(u, "scou", 1);
        g.learn(u, "stea", 2);
    }

    let log = g.run(&[
        "#GAME f1 x\nUNIT U1\nSTUDY cmbt 1\nUNIT U3\nMOVE S\n#END",
        "#PRESS f2 x\nThe Ravens buy swords at a fair price.\n#END",
    ]);
    Scenario {
        g,
        log,
        ulric,
        merchant,
        shade,
        lurker,
        creeper,
    }
}

/// The Ravens' signed article of the month, as `overlord run` publishes it.
pub fn press(g: &Game) -> Vec<Published> {
    vec![Published {
        author: g.faction(2),
        kind: PressKind::Signed,
        lines: vec!["The Ravens buy swords at a fair price.".to_string()],
    }]
}
