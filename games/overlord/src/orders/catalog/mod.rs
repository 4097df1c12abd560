//! Every order, one family per file: its argument grammar, its canonical
//! printer and its [`OrderSpec`](super::spec::OrderSpec) with the rule in
//! our words.

pub mod combat;
pub mod conditions;
pub mod faction;
pub mod goods;
pub mod movement;
pub mod settings;
pub mod skills;
pub mod stacks;
pub mod titles;
pub mod units;
