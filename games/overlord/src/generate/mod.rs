//! Seeded generators: random valid orders and order corpora. Later: worlds
//! and bot players.

pub mod orders;
