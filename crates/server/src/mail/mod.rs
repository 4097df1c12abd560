//! The mail gateway.
