//! Reading the original Overlord engine's files: its rules (`*.rules`,
//! `*.var`), its world (`*.dat`) and its players' orders, to import a game
//! it ran.

pub mod blocks;
pub mod replicate;
pub mod rules;
pub mod world;
