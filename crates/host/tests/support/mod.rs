//! The host's test databases: `umpire_host::testing`.

#![allow(unused_imports)]

pub use umpire_host::on_both;
pub use umpire_host::testing::*;
