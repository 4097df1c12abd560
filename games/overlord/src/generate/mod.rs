//! Seeded generators: random valid orders and order corpora, whole worlds
//! (`umpire overlord new`) and bot players writing a faction's turn.

pub mod bots;
pub mod orders;
pub mod world;
