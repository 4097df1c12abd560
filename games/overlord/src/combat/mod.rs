//! Combat: battles fought on a board of two armies' ranks and
//! files, round by round, with seeded dice.
//!
//! The combat engine is pure: it takes a description of the two armies and
//! a [`Dice`](umpire_core::dice::Dice) stream and returns what happened;
//! the turn decides who fights and applies the outcome to the world.
//! A rule is found by its name:
//! - [`odds`]: strike, hit and deadly-blow chances (OV-CMB-056..060);
//! - [`field`]: the board, squares and distances (OV-CMB-023..025);
//! - [`blow`]: one figure's blow at another, wounds and deaths
//!   (OV-CMB-061..063);
//! - [`targets`]: who a unit's figures strike (OV-CMB-043, 044, 053..055);
//! - [`movement`]: the TACTIC movement settings (OV-CMB-032..041);
//! - [`army`]: the units as fighters; [`round`]: one round; [`fight`]: the
//!   whole battle, its end, rout and wounds; [`log`]: what happened;
//! - [`special`]: skills, spells and items used in battle
//!   (OV-CMB-046..052, 065, OV-MAG-013);
//! - [`setting`]: a unit's TACTIC and COMBAT settings; [`muster`]: a
//!   world unit as a fighter; [`scenario`]: a battle described in TOML,
//!   for the simulator; [`aftermath`]: loot and heroes; [`ambush`]: the
//!   ambush advantage.

pub mod aftermath;
pub mod ambush;
pub mod army;
pub mod blow;
pub mod board;
pub mod field;
pub mod fight;
pub mod log;
pub mod movement;
pub mod muster;
pub mod odds;
pub mod round;
pub mod scenario;
pub mod setting;
pub mod special;
pub mod strike;
pub mod targets;
