//! What the server tests share.

pub mod axe;
pub mod browser;
pub mod web;
