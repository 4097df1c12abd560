//! Orders with errors are left out: what the order check tells a player
//! ("1 order with errors left out") is what the month does. The sheet the
//! month runs is the sheet read without every order, and every IF block,
//! that an error of the check points at; each one left out is listed, with
//! the error, in the player's report and the game master's mail.
//!
//! Errors about the sheet's shape (an IF without ENDIF, a stray ELSE or
//! ENDIF, a second ELSE, a week that does not exist) say themselves what
//! becomes of the lines they concern, and the parser has already done it;
//! they leave nothing out. Errors about a whole sheet (no CHARACTER, a
//! wrong password) refuse the sheet.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use umpire_core::diagnostic::Diagnostic;
use umpire_core::source::SourceFile;

use super::ast::{Block, OrderSheet};
use super::codes;

/// An order (or a whole IF block) left out of the month for an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeftOut {
    /// The order's line in the sheet (1-based).
    pub line: u32,
    /// The line as the player wrote it.
    pub text: String,
    /// The error, as the check said it.
    pub why: String,
    /// It was an IF: its THEN and ELSE parts are left out with it.
    pub block: bool,
}

/// Errors that say what becomes of their lines themselves.
const SHAPE: [&str; 5] = [
    codes::UNCLOSED_IF.code,
    codes::ELSE_WITHOUT_IF.code,
    codes::ENDIF_WITHOUT_IF.code,
    codes::SECOND_ELSE.code,
    codes::BAD_WEEK.code,
];

/// Whether `d` leaves out the order on its line.
pub fn leaves_out(d: &Diagnostic) -> bool {
    d.is_error() && d.position.is_some() && !SHAPE.contains(&d.code)
}

/// The sheet as the month runs it, and what was left out of it, in the
/// order of the sheet.
pub fn runnable(
    sheet: &OrderSheet,
    diagnostics: &[Diagnostic],
    source: &SourceFile,
) -> (OrderSheet, Vec<LeftOut>) {
    let errors: Vec<(u32, &str)> = diagnostics
        .iter()
        .filter(|d| leaves_out(d))
        .filter_map(|d| Some((d.position?.line, d.message.as_str())))
        .collect();
    let mut left = Vec::new();
    let mut out = sheet.clone();
    {
        let mut keep = |line: u32, block: bool| -> bool {
            let Some((_, why)) = errors.iter().find(|(l, _)| *l == line) else {
                return true;
            };
            left.push(LeftOut {
                line,
                text: source.line_text(line).unwrap_or("").trim().to_string(),
                why: (*why).to_string(),
                block,
            });
            false
        };
        out.premonthly = prune(&sheet.premonthly, &mut keep);
        for (week, blocks) in out.weeks.iter_mut().zip(&sheet.weeks) {
            *week = prune(blocks, &mut keep);
        }
        out.front.retain(|c| keep(c.line, false));
    }
    left.sort_by_key(|l| l.line);
    left.dedup_by_key(|l| l.line);
    (out, left)
}

fn prune<A: Clone>(blocks: &[Block<A>], keep: &mut impl FnMut(u32, bool) -> bool) -> Vec<Block<A>> {
    let mut out = Vec::with_capacity(blocks.len());
    for b in blocks {
        match b {
            Block::Order(o) => {
                if keep(o.line, false) {
                    out.push(b.clone());
                }
            }
            Block::If {
                cond,
                then,
                otherwise,
            } => {
                if keep(cond.line, true) {
                    out.push(Block::If {
                        cond: cond.clone(),
                        then: prune(then, keep),
                        otherwise: prune(otherwise, keep),
                    });
                }
            }
        }
    }
    out
}

/// The report's part on orders left out; empty when there were none.
pub fn render(left: &[LeftOut]) -> String {
    if left.is_empty() {
        return String::new();
    }
    let mut s = String::from("\nOrders left out for errors (they did not run)\n");
    for l in left {
        let whole = if l.block {
            " (the whole IF block, THEN and ELSE)"
        } else {
            ""
        };
        let _ = writeln!(s, "  line {}: `{}`{whole}: {}.", l.line, l.text, l.why);
    }
    s
}
