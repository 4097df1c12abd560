//! umpire-engarde: a moderator for an e-mail En Garde! game, built on
//! section 3 of its rules (`../shared/seeds/engarde-month-excerpt.txt`), the
//! reference figures in `../shared/reference/engarde/tables.md` and the
//! checklist `../shared/spec/engarde-checklist.md`.
//!
//! Invariant: this crate does no IO and holds no global mutable state.

pub mod model;
pub mod orders;
pub mod tables;
