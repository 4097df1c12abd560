//! The pure figures of a unit: what it weighs and can carry ([`load`]),
//! its maximum mana ([`mana`]) and its ratings with shelter and equipment
//! ([`ratings`]). Functions of the world and the rules only: the month
//! ([`crate::turn`]) and battle ([`crate::combat`]) both stand on them and
//! neither needs the other to know them.

pub mod load;
pub mod mana;
pub mod ratings;
