//! The order checker: what `umpire overlord check` does to one file.
//!
//! Decode the bytes (UTF-8, else Windows-1252 with a warning), parse with
//! the rules' vocabulary, and hand back the message, the diagnostics in
//! reading order and a short summary of what was understood. Without a game
//! state, passwords and unit ownership cannot be judged; everything else
//! about the file can.

use std::sync::Arc;

use serde::Serialize;
use umpire_core::{Diagnostic, Encoding, SourceFile, Tally, decode_text};

use super::ast::{Envelope, Message};
use super::codes;
use super::parser::{ParseOptions, parse_message};

/// One checked file.
#[derive(Debug, Clone)]
pub struct Checked {
    pub source: SourceFile,
    pub encoding: Encoding,
    pub message: Message,
    /// In reading order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Check one file's bytes.
pub fn check(name: &str, bytes: &[u8], options: ParseOptions<'_>) -> Checked {
    let (text, encoding) = decode_text(bytes);
    let source = SourceFile::new(name, text.into_owned());
    let name: Arc<str> = source.shared_name();
    let parsed = parse_message(&name, source.text(), options);
    let mut diagnostics = parsed.diagnostics;
    if encoding == Encoding::Windows1252 {
        diagnostics.push(
            Diagnostic::warning(
                codes::NOT_UTF8.code,
                Arc::clone(&name),
                "the file is not UTF-8; it was read as Windows-1252",
            )
            .with_help("check that accented letters came out right, or save the file as UTF-8"),
        );
    }
    diagnostics.sort_by_key(Diagnostic::reading_order);
    Checked {
        source,
        encoding,
        message: parsed.message,
        diagnostics,
    }
}

/// What one envelope amounted to, for the summary line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnvelopeSummary {
    pub kind: &'static str,
    pub faction: String,
    pub line: u32,
    pub turn: Option<u32>,
    pub units: usize,
    pub orders: usize,
    pub faction_orders: usize,
    pub article_lines: usize,
}

impl Checked {
    pub fn tally(&self) -> Tally {
        Tally::of(&self.diagnostics)
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    pub fn summaries(&self) -> Vec<EnvelopeSummary> {
        self.message
            .envelopes
            .iter()
            .map(|e| {
                let h = e.header();
                let mut s = EnvelopeSummary {
                    kind: h.kind.keyword(),
                    faction: h.faction.to_string(),
                    line: h.line,
                    turn: h.turn,
                    units: 0,
                    orders: 0,
                    faction_orders: 0,
                    article_lines: 0,
                };
                match e {
                    Envelope::Orders(o) => {
                        s.units = o.units.len();
                        s.orders = o.order_count();
                        s.faction_orders = o.faction_orders.len();
                    }
                    Envelope::Press(a) | Envelope::Rumor(a) => s.article_lines = a.lines.len(),
                    Envelope::Report(_) => {}
                }
                s
            })
            .collect()
    }
}

impl EnvelopeSummary {
    /// "GAME f01 (line 1): 86 units, 131 orders".
    pub fn describe(&self) -> String {
        use umpire_core::diagnostic::plural;
        let who = &self.faction;
        let what = match self.kind {
            "GAME" => {
                let mut parts = vec![
                    plural(self.units, "unit", "units"),
                    plural(self.orders, "order", "orders"),
                ];
                if self.faction_orders > 0 {
                    parts.push(plural(
                        self.faction_orders,
                        "faction order",
                        "faction orders",
                    ));
                }
                parts.join(", ")
            }
            "REPORT" => match self.turn {
                Some(t) => format!("report for turn {t} requested"),
                None => "latest report requested".into(),
            },
            _ => plural(self.article_lines, "line", "lines"),
        };
        let turn = match (self.kind, self.turn) {
            ("GAME", Some(t)) => format!(", turn {t}"),
            _ => String::new(),
        };
        format!("{} {who} (line {}{turn}): {what}", self.kind, self.line)
    }
}
