//! What the host does with each envelope of a submission, and the answer
//! the player reads: one line per envelope, after the checker's findings.
//! A game folder and the server take envelopes the same way and answer in
//! the same words, so a player cannot tell them apart.
//!
//! The rules (OV-SRV-005..012, OV-PRESS-001..004):
//!
//! - orders for the turn being collected are stored, replacing what the
//!   seat sent for that turn before (the one received last wins);
//! - orders naming a later turn are archived for it, and checked again
//!   when it comes;
//! - orders naming a turn already run are refused, and so are orders and
//!   articles for the turn being run while it runs (orders for later turns
//!   are still taken);
//! - a report request stores nothing: the stored report is sent back.

use umpire_core::diagnostic::plural;

/// The most findings one answer shows; the rest are counted.
pub const MAX_FINDINGS: usize = 60;

/// Where the game stands when a submission arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The turn orders are collected for (turns run + 1).
    pub collecting: u32,
    /// That turn is being run now.
    pub running: bool,
}

/// What to do with an envelope whose seat and password checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Refuse(String),
    /// Store orders for `turn`; `archived` when it is a later turn.
    StoreOrders {
        turn: u32,
        archived: bool,
    },
    /// Store an article for the newspaper of `turn`.
    StoreArticle {
        turn: u32,
    },
}

/// Why the turn being run takes nothing more.
pub fn running_refusal(turn: u32) -> String {
    format!(
        "turn {turn} is being run, so it takes nothing more (orders naming turn {} are still taken; if no run is going on, a run stopped part way: the game master runs the turn again)",
        turn + 1
    )
}

/// Orders for `turn` (None: the turn being collected).
pub fn orders(turn: Option<u32>, now: Situation) -> Decision {
    let collecting = now.collecting;
    let turn = turn.unwrap_or(collecting);
    if turn < collecting {
        return Decision::Refuse(format!(
            "turn {turn} has already been run (orders are taken for turn {collecting} and later)"
        ));
    }
    if turn == collecting && now.running {
        return Decision::Refuse(running_refusal(turn));
    }
    Decision::StoreOrders {
        turn,
        archived: turn > collecting,
    }
}

/// An article, always for the turn being collected.
pub fn article(now: Situation) -> Decision {
    if now.running {
        return Decision::Refuse(running_refusal(now.collecting));
    }
    Decision::StoreArticle {
        turn: now.collecting,
    }
}

/// The answer to one envelope.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Receipt {
    /// The checker's findings for the envelope, rendered compiler-style.
    pub findings: Vec<String>,
    /// One line: `f5: 12 units' orders stored for turn 3 (replacing earlier ones)`.
    pub line: String,
    /// Nothing of the envelope was stored, and that is an error.
    pub refused: bool,
    /// The report a report request asked for.
    pub report: Option<String>,
    /// Who it was for, as named in the line.
    pub who: String,
    /// What it was: `orders`, `article`, `report`, or empty.
    pub what: &'static str,
    /// The turn it went to, when something was stored.
    pub turn: Option<u32>,
    /// What the answer's subject says of it, when the usual words do
    /// not fit ("your mail was empty").
    pub subject: Option<String>,
    /// The orders as stored, in canonical form, shown after the line.
    pub shown: Option<String>,
    /// Refused for a wrong password: said first, with no word on the
    /// orders.
    pub wrong_password: bool,
}

impl Receipt {
    /// Findings of this severity (`error`, `warning`).
    pub fn count(&self, severity: &str) -> usize {
        self.findings
            .iter()
            .filter(|f| f.starts_with(severity) || f.contains(&format!(": {severity}:")))
            .count()
    }
}

impl Receipt {
    /// Nothing stored, and why.
    pub fn refused(who: &str, why: &str) -> Receipt {
        Receipt {
            line: format!("{who}: refused: {why}; nothing stored"),
            refused: true,
            who: who.to_string(),
            ..Receipt::default()
        }
    }

    /// Orders kept: `f5: 12 units' orders stored for turn 3 (replacing
    /// earlier ones); 2 orders with errors left out (see above)`.
    pub fn orders(
        who: &str,
        summary: &str,
        turn: u32,
        archived: bool,
        replacing: bool,
        errors: usize,
    ) -> Receipt {
        let verb = if archived { "archived" } else { "stored" };
        let mut line = format!("{who}: {summary} {verb} for turn {turn}");
        if replacing {
            line.push_str(" (replacing earlier ones)");
        }
        if errors > 0 {
            line.push_str(&format!(
                "; {} with errors left out (see above)",
                plural(errors, "order", "orders")
            ));
        }
        Receipt {
            line,
            who: who.to_string(),
            what: "orders",
            turn: Some(turn),
            ..Receipt::default()
        }
    }

    /// Orders a kind read, kept for `turn`: the line, and the checker's
    /// warnings on obvious execution problems when they are for the turn
    /// being collected only, since a later turn's units may have changed
    /// hands by then (OV-SRV-006, 007).
    pub fn orders_kept(
        who: &str,
        orders: &crate::kind::Orders,
        turn: u32,
        archived: bool,
        replacing: bool,
    ) -> Receipt {
        let mut r = Receipt::orders(
            who,
            &orders.summary,
            turn,
            archived,
            replacing,
            orders.errors,
        );
        if !archived {
            r.findings = orders.warnings.clone();
        }
        r
    }

    /// Orders not kept because orders received after them are
    /// (OV-SRV-010: the one received last wins).
    pub fn superseded(who: &str, summary: &str, turn: u32) -> Receipt {
        Receipt {
            line: format!(
                "{who}: {summary} not kept for turn {turn}: orders you sent after this message were received first, and they are kept"
            ),
            who: who.to_string(),
            what: "orders",
            turn: Some(turn),
            ..Receipt::default()
        }
    }

    /// An article kept for the newspaper of `turn`.
    pub fn article(who: &str, summary: &str, turn: u32) -> Receipt {
        Receipt {
            line: format!("{who}: {summary} stored for the newspaper of turn {turn}"),
            who: who.to_string(),
            what: "article",
            turn: Some(turn),
            ..Receipt::default()
        }
    }

    /// A stored report sent back.
    pub fn report(who: &str, turn: u32, text: String) -> Receipt {
        Receipt {
            line: format!("{who}: the report for turn {turn} follows"),
            report: Some(text),
            who: who.to_string(),
            what: "report",
            turn: Some(turn),
            ..Receipt::default()
        }
    }

    /// A report that cannot be had, and why (OV-SRV-012).
    pub fn no_report(who: &str, why: &str) -> Receipt {
        Receipt {
            line: format!("{who}: refused: {why}"),
            refused: true,
            who: who.to_string(),
            what: "report",
            ..Receipt::default()
        }
    }
}

/// The answer to a whole submission.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Submitted {
    /// Findings about the submission as a whole (its encoding, no
    /// envelope).
    pub general: Vec<String>,
    pub receipts: Vec<Receipt>,
}

impl Submitted {
    /// A subject a player can scan: `f12 orders for turn 6 received: 2
    /// warnings`; `f12 orders refused`; several envelopes joined by `;`.
    pub fn subject(&self) -> String {
        let parts: Vec<String> = self
            .receipts
            .iter()
            .map(|r| {
                if let Some(s) = &r.subject {
                    return s.clone();
                }
                let what = if r.what.is_empty() { "message" } else { r.what };
                let who = if r.who.is_empty() {
                    "your message"
                } else {
                    r.who.as_str()
                };
                if r.wrong_password {
                    return format!("{who} {what} refused: wrong password");
                }
                if r.refused {
                    return format!("{who} {what} refused");
                }
                let mut s = match (r.what, r.turn) {
                    ("report", Some(t)) => format!("{who} report of turn {t}"),
                    (_, Some(t)) => format!("{who} {what} for turn {t} received"),
                    _ => format!("{who} {what} received"),
                };
                let (e, w) = (r.count("error"), r.count("warning"));
                let mut counts = Vec::new();
                if e > 0 {
                    counts.push(plural(e, "error", "errors"));
                }
                if w > 0 {
                    counts.push(plural(w, "warning", "warnings"));
                }
                if !counts.is_empty() {
                    s.push_str(&format!(": {}", counts.join(", ")));
                }
                s
            })
            .collect();
        if parts.is_empty() {
            "your message".to_string()
        } else {
            parts.join("; ")
        }
    }

    /// How many envelopes were refused.
    pub fn refused(&self) -> usize {
        self.receipts.iter().filter(|r| r.refused).count()
    }

    /// The answer as the player reads it: a wrong password first (and
    /// nothing about those orders), then what is about the whole
    /// submission, then each envelope's findings, line and what was
    /// stored; at most [`MAX_FINDINGS`] findings in all.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for r in self.receipts.iter().filter(|r| r.wrong_password) {
            out.push_str(&r.line);
            out.push('\n');
        }
        let (mut shown, mut more) = (0usize, 0usize);
        let mut finding = |out: &mut String, f: &str, more: &mut usize| {
            if shown < MAX_FINDINGS {
                out.push_str(f);
                out.push('\n');
                shown += 1;
            } else {
                *more += 1;
            }
        };
        for f in &self.general {
            finding(&mut out, f, &mut more);
        }
        for r in self.receipts.iter().filter(|r| !r.wrong_password) {
            for f in &r.findings {
                finding(&mut out, f, &mut more);
            }
            if more > 0 {
                out.push_str(&format!(
                    "… and {} more, not shown: put right the ones above and send again.\n",
                    plural(more, "finding", "findings")
                ));
                more = 0;
            }
            out.push_str(&r.line);
            out.push('\n');
            if let Some(s) = &r.shown {
                out.push_str(&format!(
                    "\n{}'s orders as stored, read back in canonical form (this is what runs):\n\n{}",
                    r.who,
                    s.trim_end()
                ));
                out.push_str("\n\n");
            }
            if let Some(report) = &r.report {
                out.push('\n');
                out.push_str(report);
            }
        }
        out
    }
}

/// The answer to a mail with no text in it.
pub fn empty(name: &str) -> Receipt {
    Receipt {
        line: format!(
            "{name}: your mail was empty: no text was found in it, so nothing was read and nothing stored. Write your orders in the body of the mail, as plain text."
        ),
        refused: true,
        subject: Some("your mail was empty".to_string()),
        ..Receipt::default()
    }
}

/// The answer to a mail whose text is not text.
pub fn not_text(name: &str, junk: usize, of: usize) -> Receipt {
    Receipt {
        line: format!(
            "{name}: this is not text that can be read: {junk} of its {of} characters are control characters or bytes that are no character (binary data, or an attachment pasted in), so nothing was read and nothing stored. Send your orders as plain text in the body of the mail."
        ),
        refused: true,
        subject: Some("your mail could not be read: it is not text".to_string()),
        ..Receipt::default()
    }
}

/// The line when a submission holds no envelope at all.
pub fn nothing_found(name: &str, keywords: &str) -> Receipt {
    Receipt {
        line: format!("{name}: no {keywords} envelope found; nothing stored"),
        refused: true,
        ..Receipt::default()
    }
}

/// The orders of `unit`'s section (from its `UNIT` line to the next
/// `UNIT` or `#` line) in an order text or template, as written there,
/// comments left out: what the unit will do, on a receipt and a report.
pub fn orders_of_unit(template: &str, unit: &str) -> Vec<String> {
    let keyword = |l: &str| {
        l.split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase()
    };
    let mut out = Vec::new();
    let mut inside = false;
    for l in template.lines() {
        let t = l.trim();
        if t.starts_with('#') || keyword(t) == "UNIT" {
            inside = keyword(t) == "UNIT"
                && t.split_whitespace()
                    .nth(1)
                    .is_some_and(|u| u.eq_ignore_ascii_case(unit));
            continue;
        }
        if inside && !t.is_empty() && !t.starts_with(';') {
            out.push(t.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_units_orders_run_from_its_unit_line_to_the_next_section() {
        let text = "#GAME 3 f5 \"secret\"\nBANNER x\nUNIT u1\n  MOVE N ; north\n; a comment\n\nSTUDY mini\nunit U2\nWORK\n#END\nWORK";
        assert_eq!(orders_of_unit(text, "U1"), ["MOVE N ; north", "STUDY mini"]);
        assert_eq!(orders_of_unit(text, "u2"), ["WORK"]);
        assert!(orders_of_unit(text, "u3").is_empty());
    }

    const NOW: Situation = Situation {
        collecting: 4,
        running: false,
    };
    const RUNNING: Situation = Situation {
        collecting: 4,
        running: true,
    };

    #[test]
    fn ov_srv_007_orders_for_a_later_turn_are_archived() {
        assert_eq!(
            orders(Some(6), NOW),
            Decision::StoreOrders {
                turn: 6,
                archived: true
            }
        );
        assert_eq!(
            orders(None, NOW),
            Decision::StoreOrders {
                turn: 4,
                archived: false
            }
        );
    }

    #[test]
    fn ov_srv_008_orders_for_a_turn_already_run_are_refused() {
        assert_eq!(
            orders(Some(3), NOW),
            Decision::Refuse(
                "turn 3 has already been run (orders are taken for turn 4 and later)".into()
            )
        );
    }

    #[test]
    fn ov_srv_009_the_turn_being_run_takes_nothing_but_later_turns_do() {
        assert!(
            matches!(orders(None, RUNNING), Decision::Refuse(w) if w.starts_with("turn 4 is being run"))
        );
        assert!(matches!(orders(Some(4), RUNNING), Decision::Refuse(_)));
        assert!(matches!(article(RUNNING), Decision::Refuse(_)));
        assert_eq!(
            orders(Some(5), RUNNING),
            Decision::StoreOrders {
                turn: 5,
                archived: true
            }
        );
    }

    #[test]
    fn the_subject_says_what_was_received_and_what_to_look_at() {
        let mut ok = Receipt::orders("f12", "3 units' orders", 6, false, false, 0);
        ok.findings = vec![
            "warning[W0008]: two order sets".into(),
            "mail:4:1: warning: U9 is not one of f12's units".into(),
        ];
        let s = Submitted {
            general: Vec::new(),
            receipts: vec![ok.clone()],
        };
        assert_eq!(s.subject(), "f12 orders for turn 6 received: 2 warnings");
        let s = Submitted {
            general: Vec::new(),
            receipts: vec![ok, Receipt::refused("f13", "wrong password for f13")],
        };
        assert_eq!(
            s.subject(),
            "f12 orders for turn 6 received: 2 warnings; f13 message refused"
        );
    }

    #[test]
    fn receipts_read_as_one_line_each() {
        let r = Receipt::orders("f5", "12 units' orders", 3, false, true, 2);
        assert_eq!(
            r.line,
            "f5: 12 units' orders stored for turn 3 (replacing earlier ones); 2 orders with errors left out (see above)"
        );
        let s = Submitted {
            general: vec!["note".into()],
            receipts: vec![r, Receipt::refused("f6", "wrong password for f6")],
        };
        assert_eq!(s.refused(), 1);
        assert!(
            s.text()
                .ends_with("f6: refused: wrong password for f6; nothing stored\n")
        );
    }
}
