//! Play N months of a game of NPC players and print the SL distribution:
//! `cargo run -p umpire-engarde --example simulate -- [players] [months] [seed]`.

use std::collections::BTreeMap;

use umpire_core::source::SourceFile;
use umpire_engarde::setup::{NewPlayer, new_game};
use umpire_engarde::tables::Tables;
use umpire_engarde::{bots, mail, month};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).map_or(Ok(50), |s| s.parse())?;
    let months: u32 = args.get(2).map_or(Ok(24), |s| s.parse())?;
    let seed: u64 = args.get(3).map_or(Ok(7), |s| s.parse())?;
    let tables = Tables::builtin()?;
    let roster: Vec<NewPlayer> = (0..players)
        .map(|i| NewPlayer {
            name: format!("Player{i}"),
            password: String::new(),
            address: String::new(),
        })
        .collect();
    let mut world = new_game("sim", seed, 1, &roster, tables);
    for _ in 0..months {
        let mut orders = BTreeMap::new();
        let mut warnings = 0;
        let reader = mail::Reader::new(&world, tables);
        for id in world.ids() {
            let Some(c) = world.character(id) else {
                continue;
            };
            if c.npc || !c.is_alive() {
                continue;
            }
            let text = bots::orders_text(&world, tables, id);
            let read = reader.read(&SourceFile::new(c.name.clone(), text.clone()));
            warnings += read.diagnostics.len();
            for d in &read.diagnostics {
                eprintln!("{}: {} {}", c.name, d.code, d.message);
            }
            if let Some(who) = read.character {
                orders.insert(who, read.sheet);
            }
        }
        let out = month::run_month(&world, tables, &orders);
        world = out.world;
        let mut sl: BTreeMap<i64, usize> = BTreeMap::new();
        let (mut dead, mut cash, mut n) = (0, 0i64, 0);
        for c in world.characters.iter().filter(|c| !c.npc) {
            if c.is_alive() {
                *sl.entry(c.sl).or_default() += 1;
                cash += c.cash;
                n += 1;
            } else {
                dead += 1;
            }
        }
        println!(
            "month {:>2}: dead {dead:>2} mean cash {:>5} SL {:?} diag {warnings}",
            out.month,
            cash / n.max(1),
            sl
        );
    }
    Ok(())
}
