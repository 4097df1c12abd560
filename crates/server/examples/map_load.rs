//! The map page's work for a faction that knows many hexes, for
//! BENCHMARKS.md: `--hexes` known (default 1,000, 5,000 and 20,000),
//! seen over `--turns` reports (default 12), each report a JSON document
//! shaped as the report schema's `locations` (every hex with its six
//! directions, a few with a settlement, units and titles). Measures what
//! the map page does when a seat's latest report is new to it: read every
//! report's JSON and gather the hexes (the game's work), draw the SVG. Later views of the same
//! map are served from memory (`web::Rendered`).
//!
//! ```text
//! cargo run --release -p umpire-server --example map_load
//! cargo run --release -p umpire-server --example map_load -- --hexes 50000 --turns 30
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use serde_json::{Value, json};
use umpire_server::web::map;

const TERRAINS: &[&str] = &[
    "plains",
    "forest",
    "hills",
    "mountains",
    "ocean",
    "swamp",
    "desert",
];
const AXIAL: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// A report of turn `turn` showing the first `shown` hexes of a square
/// of side `side`.
fn report(side: i32, shown: usize, turn: u32) -> String {
    let id = |q: i32, r: i32| format!("L{}", (r * side + q) + 1);
    let mut locations = Vec::new();
    'all: for r in 0..side {
        for q in 0..side {
            if locations.len() >= shown {
                break 'all;
            }
            let n = (r * side + q) as usize;
            let terrain = TERRAINS[(n * 7 + turn as usize) % TERRAINS.len()];
            let directions: Vec<Value> = AXIAL
                .iter()
                .map(|(dq, dr)| {
                    json!({"to": {"id": id(q + dq, r + dr), "name": "Somewhere"},
                           "terrain": TERRAINS[(n + 3) % TERRAINS.len()],
                           "hex": {"q": q + dq, "r": r + dr}, "days": 7})
                })
                .collect();
            let units: Vec<Value> = (0..(n % 4))
                .map(|k| {
                    json!({"marker": if k == 0 { "*" } else { "-" },
                           "titles": if n.is_multiple_of(97) && k == 0 { json!([{"title": {"id": "mayo", "name": "mayor"}}]) } else { json!([]) }})
                })
                .collect();
            locations.push(
                json!({"id": id(q, r), "name": format!("Place {n}"), "terrain": terrain,
                "outer": null, "hex": {"q": q, "r": r}, "units": units, "directions": directions}),
            );
            if n.is_multiple_of(40) {
                locations.push(
                    json!({"id": format!("S{n}"), "name": format!("Town {n}"), "terrain": "city",
                    "outer": {"id": id(q, r), "name": format!("Place {n}"), "terrain": terrain},
                    "hex": {"q": q, "r": r}, "units": [], "directions": []}),
                );
            }
        }
    }
    json!({"schema": "umpire-overlord-report", "version": 1, "locations": locations}).to_string()
}

fn arg(args: &[String], name: &str) -> Option<usize> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.replace(',', "").parse().ok())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let turns = arg(&args, "--turns").unwrap_or(12) as u32;
    let sizes = match arg(&args, "--hexes") {
        Some(n) => vec![n],
        None => vec![1_000, 5_000, 20_000],
    };
    // The game's map (Overlord's, whose report schema these documents
    // follow) reads and gathers the hexes; the web draws them.
    let kind = umpire_host::kind::kind("overlord").unwrap();
    println!("| hexes known | reports | JSON read | parse and gather | draw | total | SVG |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for hexes in sizes {
        let side = (hexes as f64).sqrt().ceil() as i32 + 1;
        // Each report shows a little more of the map, the last all of it.
        let texts: Vec<(u32, String)> = (1..=turns)
            .map(|t| (t, report(side, hexes * t as usize / turns as usize, t)))
            .collect();
        let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();
        let mut best = [f64::MAX; 2];
        let mut cells_known = 0;
        let mut svg_bytes = 0;
        for _ in 0..5 {
            let t = Instant::now();
            let cells = kind.map(&texts);
            let gather = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let svg = map::drawn(&cells, "/games/g/reports", kind.seat_noun());
            let draw = t.elapsed().as_secs_f64();
            cells_known = cells.len();
            svg_bytes = svg.len();
            for (b, v) in best.iter_mut().zip([gather, draw]) {
                *b = b.min(v);
            }
        }
        println!(
            "| {hexes} ({cells_known} drawn) | {turns} | {:.1} MB | {:.0} ms | {:.0} ms | **{:.0} ms** | {:.1} MB |",
            bytes as f64 / 1e6,
            best[0] * 1e3,
            best[1] * 1e3,
            best.iter().sum::<f64>() * 1e3,
            svg_bytes as f64 / 1e6
        );
    }
}
