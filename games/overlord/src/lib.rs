//! umpire-overlord: Overlord, the play-by-email fantasy game.
//!
//! So far: [`orders`], the order language (parser, checker, canonical
//! printer, the registry of every order) and [`generate`], generators of random
//! valid orders for benchmarks and property tests and of bot players' order
//! files.
//!
//! Invariant: the game crate does no IO; the `umpire` binary reads and
//! writes files.

pub mod combat;
pub mod figures;
pub mod generate;
pub mod legacy;
pub mod orders;
pub mod report;
pub mod rules;
pub mod save;
pub mod turn;
pub mod world;
