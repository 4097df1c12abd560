//! umpire-core: what every Umpire game shares.
//!
//! - [`dice`]: seeded, derivable, loggable dice (ChaCha12), one generator per
//!   turn and an independent stream per battle or location;
//! - [`diagnostic`]: precise reports about user input, rendered
//!   compiler-style or as JSON;
//! - [`source`]: spans, line/column lookup and forgiving decoding of user files;
//! - [`ids`]: typed dense ids and the vector they index;
//! - [`json`]: compact JSON laid out for people, keys in their order;
//! - [`text`]: "did you mean" suggestions for order languages;
//! - [`rulings`]: the register of named rulings every umpire aid keeps for
//!   the gaps in its rules ([`rulings!`]);
//! - [`working`]: the step-by-step working of an answer;
//! - [`roll`]: dice at the table, rolled from a seed or typed in by the
//!   players, each one remembered ([`roll::Rolls`]);
//! - [`session`]: the umpire at the table: typed commands against a game's
//!   state ([`session::Table`]), errors that change nothing, `undo`, and a
//!   log that replays exactly ([`session::Session`]).
//!
//! Invariant: this crate does no IO and holds no global state.

pub mod diagnostic;
pub mod dice;
pub mod ids;
pub mod json;
pub mod roll;
pub mod rulings;
pub mod session;
pub mod shared;
pub mod source;
pub mod text;
pub mod working;

pub use diagnostic::{Diagnostic, RenderOptions, Severity, Tally};
pub use dice::{Dice, Roll};
pub use ids::{IdVec, TypedId};
pub use source::{Encoding, Position, SourceFile, Span, decode_text};
