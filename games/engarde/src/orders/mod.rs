//! Orders as players write them: the text format, its parser and checker.

pub mod ast;
pub mod check;
pub mod codes;
pub mod left_out;
pub mod parse;
pub mod print;
pub mod reply;

pub use check::{Phase, check, illegal};
pub use parse::parse;
