//! Seeded generators: random valid orders and order corpora, and bot
//! players. Later: worlds.

pub mod bots;
pub mod orders;
