//! The month: [`run_turn`] takes the world, the rules, the orders and a
//! seed, and moves the world one month on, returning what happened as typed
//! events. No IO, no clock, no global dice: the same inputs give the same
//! bytes out.

pub mod travel;
pub mod relations;
pub mod visibility;
