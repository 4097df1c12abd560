//! The Overlord order language: what players write, read into a typed
//! syntax tree with precise diagnostics, and printed back canonically.
//!
//! - [`parse_message`] reads a whole mail or file: envelopes (`GAME`,
//!   `PRESS`, `RUMOR`, `REPORT` … `END`), the faction block and `UNIT`
//!   sections. It never fails; every problem is a [`Diagnostic`](umpire_core::Diagnostic).
//! - [`check`] is what `umpire overlord check` runs: decoding, parsing with
//!   the rules' vocabulary, diagnostics in reading order, a summary.
//! - Every order is declared once, in `catalog/`, with its grammar, its
//!   printer and its [`OrderSpec`]; [`registry::ORDERS`] lists them all.
//! - [`codes`] lists every diagnostic code.
//!
//! Invariant: no IO here. Callers hand in text and get values back.

pub mod args;
pub mod ast;
pub mod catalog;
pub mod check;
pub mod codes;
pub mod context;
pub mod lexer;
pub mod manual;
pub mod parser;
pub mod prefix;
pub mod print;
pub mod refs;
pub mod registry;
pub mod spec;
pub mod vocabulary;
pub mod words;

pub use args::Scope;
pub use ast::{
    Article, Envelope, EnvelopeKind, Header, Message, Order, OrderSet, UnitSection, Written,
};
pub use check::{Checked, check};
pub use parser::{MAX_ORDERS_PER_UNIT, ParseOptions, Parsed, parse_message, parse_order_line};
pub use prefix::{Prefix, Repeat};
pub use refs::{FactionRef, LocationRef, NewId, NewKind, StructureRef, Tag, UnitRef};
pub use registry::{FactionOrder, ORDERS, UnitOrder};
pub use spec::{Keyword, OrderSpec};
pub use vocabulary::{TagKind, Vocabulary};
