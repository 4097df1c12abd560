//! GIVE: money to another character, premonthly or in a week.

use super::{OrderSpec, Section};
use crate::orders::lexer::is_word;
use crate::orders::reading::{Unread, Written};
use crate::orders::tree::Order;
use crate::orders::words::{money, name_text};

pub(crate) static GIVE: OrderSpec = OrderSpec {
    keywords: &["give"],
    section: Section::Either,
    examples: &["GIVE Rochefort 300", "GIVE 300 TO Rochefort"],
    read: give,
};

/// GIVE
fn give(w: &mut Written<'_>) -> Result<Order, Unread> {
    let args = w.args;
    let src = w.src.text();
    // GIVE name n / GIVE n [TO] name
    if let Some((amount, k)) = money(args, 0) {
        let a = args.get(k..).unwrap_or(&[]);
        let a = if is_word(a.first(), "to") {
            a.get(1..).unwrap_or(&[])
        } else {
            a
        };
        match name_text(src, a) {
            Some(to) => Ok(Order::Give {
                to,
                amount,
                if_appointed: None,
            }),
            None => w.bad("GIVE to whom?", "write `GIVE Rochefort 300`"),
        }
    } else {
        let k = (0..args.len()).find(|&k| money(args, k).is_some());
        let Some(k) = k else {
            return w.bad("GIVE needs a sum", "write `GIVE Rochefort 300`");
        };
        let Some((amount, after)) = money(args, k) else {
            return w.bad("GIVE needs a sum", "write `GIVE Rochefort 300`");
        };
        let who = args.get(..k).unwrap_or(&[]);
        let who = if is_word(who.first(), "to") {
            who.get(1..).unwrap_or(&[])
        } else {
            who
        };
        let Some(to) = name_text(src, who) else {
            return w.bad("GIVE to whom?", "write `GIVE Rochefort 300`");
        };
        w.extra(args.get(after..).unwrap_or(&[]));
        Ok(Order::Give {
            to,
            amount,
            if_appointed: None,
        })
    }
}
