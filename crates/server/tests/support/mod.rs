//! What the server tests share.

pub mod web;
