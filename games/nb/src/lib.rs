//! umpire-nb: the Napoleon's Battles orders umpire — the honest, tireless
//! staff officer of the optional orders rules 1.3
//! (`../shared/seeds/nb-orders-optional-rules-1.3.md`, checklist
//! `../shared/spec/nb-orders-checklist.md`): hidden orders, messengers,
//! activation delays and reserves, with the conventions of the DBR and
//! Sharp Practice aids (tables as data, every `[gap]` a named ruling, the
//! working named by checklist id, dice seeded or typed in).
//!
//! Invariant: this crate does no IO and holds no global mutable state.

mod commands;
pub mod engine;
pub mod error;
pub mod ids;
pub mod log;
pub mod model;
pub mod report;
pub mod rulings;
pub mod setup;
pub mod state;
pub mod tables;

pub use commands::COMMANDS;
pub use error::NbError;
pub use rulings::{RULINGS, RulingId, Rulings};

/// The staff officer at the table: the game, its undo history and its log.
pub type Session = umpire_core::session::Session<state::Game>;
