//! umpire-engarde: a moderator for an e-mail En Garde! game, built on
//! section 3 of its rules (`../shared/seeds/engarde-month-excerpt.txt`), the
//! reference figures in `../shared/reference/engarde/tables.md` and the
//! checklist `../shared/spec/engarde-checklist.md`.
//!
//! - [`model`]: the words of the game (ranks, posts, weapons, missions);
//! - [`tables`]: the figures, as validated data (`data/tables.toml`);
//! - [`world`]: Paris — characters, NPC officers, mistresses, the calendar;
//! - [`orders`]: the order sheet players write, its parser and checker;
//! - [`month`]: the month itself, a pure function of world, tables and orders;
//! - [`events`]: everything that happens, typed;
//! - [`spsl`]: the SP→SL conversion of section 3.3;
//! - [`report`]: each player's month and the public gazette, from events;
//! - [`setup`]: a new game's Paris, and NPC players for demos and tests.
//!
//! Invariant: this crate does no IO and holds no global mutable state; the
//! same world, orders and seed give the same month, byte for byte.

pub mod bots;
pub mod events;
pub mod mail;
pub mod model;
pub mod month;
pub mod orders;
pub mod report;
pub mod review;
pub mod setup;
pub mod spsl;
pub mod tables;
pub mod world;
