//! What `umpire serve` runs besides the host's scheduler: the mail
//! gateway and the web.

pub mod config;
pub mod mail;
pub mod metrics;
pub mod serve;
pub mod web;
pub mod webhook;
