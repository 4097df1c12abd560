//! Seeded generators: random valid orders and order corpora, and whole
//! worlds (`umpire overlord new`).

pub mod orders;
pub mod world;
