//! Reports: what each side is told, rendered from the engine's typed
//! events and state (DESIGN: nothing in the engine formats text).
//!
//! - [`battle`]: a battle's account, full or terse.

pub mod battle;
