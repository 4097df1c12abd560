//! What the server tests share.

pub mod browser;
pub mod web;
