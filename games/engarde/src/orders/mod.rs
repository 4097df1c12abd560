//! Orders as players write them: the text format, its parser and checker.

pub mod ast;
