//! Orders as players write them: the text format, its parser and checker.
//!
//! - [`lexer`] splits a line into words, dropping comments;
//! - [`catalog`] holds every order once: its keywords, where it belongs and
//!   its grammar;
//! - [`parser`] reads a sheet's headers, sections and IF blocks and hands
//!   each order to its catalog entry; [`condition`] and [`front`] read
//!   conditions and death-roll modifiers;
//! - [`check`] tells a player what the parsed sheet will do.

pub mod ast;
pub mod catalog;
pub mod check;
pub mod codes;
pub mod condition;
pub mod front;
pub mod left_out;
pub mod lexer;
pub mod parser;
pub mod print;
pub mod reading;
pub mod reply;
pub mod tree;
pub mod words;

pub use check::{Phase, check, illegal};
pub use parser::parse;
