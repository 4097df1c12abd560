//! Hosting order-driven games.
//!
//! The engines are pure functions; this crate is where files, the
//! database, clocks and passwords live. It holds each game's loop
//! (take a player's mail, run the turn, keep the reports) for the command
//! line's game folders and for the server alike.

pub mod backup;
pub mod blank;
pub mod duty;
pub mod engarde;
pub mod envelope;
pub mod fault;
pub mod files;
pub mod folder;
pub mod host;
pub mod intake;
pub mod kind;
pub mod lock;
pub mod overlord;
pub mod password;
pub mod receipt;
pub mod schedule;
pub mod seed;
pub mod store;
pub mod tables;
#[cfg(feature = "testing")]
pub mod testing;
pub mod turns;
