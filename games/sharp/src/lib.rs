//! umpire-sharp: an umpire for Sharp Practice, built on the quick reference
//! sheet (`../shared/seeds/sharp-practice-qrs.txt`) and its checklist
//! (`../shared/spec/sharp-practice-checklist.md`), with the conventions of
//! the DBR aid: tables as validated data, every `[gap]` a named ruling with
//! a default (`umpire_core::rulings!`), every answer worked step by step
//! (`umpire_core::working::Step`) naming its checklist items and rulings,
//! dice rolled from a seed or typed in, odds before rolling.
//!
//! Invariant: this crate does no IO and holds no global mutable state.

pub mod actions;
mod actions_cmd;
mod answers;
pub mod catalog;
mod commands;
pub mod deck;
pub mod error;
pub mod firing;
pub mod fisticuffs;
pub mod formations;
pub mod model;
pub mod movement;
pub mod musicians;
pub mod random_events;
pub mod roll;
mod rolls_cmd;
pub mod rulings;
pub mod session;
pub mod setup;
pub mod spotting;
pub mod state;
pub mod tables;
pub mod vocabulary;

pub use error::SharpError;
pub use rulings::{RULINGS, RulingId, Rulings};
