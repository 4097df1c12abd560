//! Dice for the table, now shared by every game in `umpire_core::roll`;
//! re-exported so `umpire_sharp::roll::Rolls` keeps working. Their errors
//! become [`SharpError`](crate::SharpError)s with the same text.

pub use umpire_core::roll::*;
