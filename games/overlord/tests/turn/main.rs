//! Scenario tests of the turn engine, named after the checklist
//! items they prove: small worlds built by hand, orders written as players
//! write them, one month run, then the world and the events checked.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod battles;
mod buildings;
mod conservation;
mod control;
mod earn;
mod engage;
mod factions;
mod fortifications;
mod goods;
mod guarding;
mod items;
mod magic;
mod market;
mod month;
mod monthend;
mod movement;
mod order_list;
mod orders_in;
mod production;
mod reporting;
mod sequence;
mod settlements;
mod skills;
mod stacks;
mod tactic;
mod titles;
mod unit_orders;
mod units;
mod vessels;
mod world;

use umpire_core::ids::TypedId;
use umpire_overlord::rules::terrains::Direction;
use umpire_overlord::turn::{TurnLog, What};
use umpire_overlord::world::{Exit, FactionId, Location, LocationId, UnitId, World};

#[path = "../common/game.rs"]
mod game;
pub use game::*;

/// The cases a property test runs: `PROPTEST_CASES` when set (thousands,
/// by hand), else the few that keep CI quick.
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
