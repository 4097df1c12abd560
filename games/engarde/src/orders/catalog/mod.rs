//! The one table of orders. Each entry, declared beside its grammar, gives
//! the keywords that start the order, where on the sheet it belongs, lines
//! that show it written, and the function that reads it. The parser finds
//! an order's keyword here, and "did you mean" offers these keywords, so
//! nothing has to be kept in step by hand.

pub mod bets;
pub mod gift;
pub mod premonthly;
pub mod weekly;

use super::reading::{Unread, Written};
use super::tree::Order;

/// Where on the sheet an order belongs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// Under `PREMONTHLY` (or before any header).
    Premonthly,
    /// Under `WEEK n`.
    Weekly,
    /// Either: GIVE is a premonthly gift or a weekly one.
    Either,
}

/// One order of the catalog.
#[derive(Debug)]
pub struct OrderSpec {
    /// The words that start it, squashed (lower case, no hyphens), the
    /// documented spelling first.
    pub keywords: &'static [&'static str],
    pub section: Section,
    /// Lines as a player writes them, at least one for each keyword.
    pub examples: &'static [&'static str],
    /// Reads the words after the keyword.
    pub(crate) read: fn(&mut Written<'_>) -> Result<Order, Unread>,
}

/// Every order, in the order "did you mean" offers their keywords.
pub static ORDERS: [&OrderSpec; 19] = [
    &weekly::CAROUSE,
    &weekly::GAMBLE,
    &weekly::COURT,
    &weekly::BAWDYHOUSE,
    &weekly::PRACTISE,
    &weekly::TOADY,
    &weekly::DUTY,
    &weekly::REST,
    &gift::GIVE,
    &premonthly::BORROW,
    &premonthly::REPAY,
    &premonthly::BUY,
    &premonthly::JOIN,
    &premonthly::RESIGN,
    &premonthly::APPLY,
    &premonthly::CONSUME,
    &premonthly::APPOINT,
    &premonthly::VOLUNTEER,
    &premonthly::ANNOUNCE,
];

/// The order a squashed keyword starts, if any.
pub fn find(key: &str) -> Option<&'static OrderSpec> {
    ORDERS
        .iter()
        .copied()
        .find(|spec| spec.keywords.contains(&key))
}

#[cfg(test)]
mod tests;
