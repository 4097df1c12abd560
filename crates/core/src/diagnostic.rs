//! Diagnostics: precise, friendly reports about user input.
//!
//! A [`Diagnostic`] names its source, the line and character columns it is
//! about, a stable code (`E0102`, `W0401`) that never changes meaning, a
//! one-line message, an optional label under the caret, a help line and
//! notes. [`render`] prints it the way compilers do:
//!
//! ```text
//! error[E0102]: `MOEV` is not an order
//!   --> f06.txt:12:3
//!    |
//! 12 |   MOEV NE
//!    |   ^^^^ unknown order
//!    |
//!    = help: did you mean `MOVE`?
//! ```
//!
//! Its JSON form (serde) carries the same fields for tools.

use std::fmt::Write as _;
use std::sync::Arc;

use serde::Serialize;

use crate::source::{Position, SourceFile, Span};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One problem found in one place of one source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// Name of the source (a file name, `<stdin>`, a mail id).
    pub source: Arc<str>,
    /// Where, for readers. Absent for problems about a whole source.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// Where, for tools: byte offsets into the source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub span: Option<Span>,
    /// Short text printed under the caret.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(
        severity: Severity,
        code: &'static str,
        source: Arc<str>,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            source,
            position: None,
            span: None,
            label: None,
            help: None,
            notes: Vec::new(),
        }
    }

    pub fn error(code: &'static str, source: Arc<str>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, source, message)
    }

    pub fn warning(code: &'static str, source: Arc<str>, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, source, message)
    }

    pub fn note(code: &'static str, source: Arc<str>, message: impl Into<String>) -> Self {
        Self::new(Severity::Note, code, source, message)
    }

    /// Attach a location.
    pub fn at(mut self, span: Span, position: Position) -> Self {
        self.span = Some(span);
        self.position = Some(position);
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Sort key that puts diagnostics in reading order.
    pub fn reading_order(&self) -> (u32, u32, Severity) {
        self.position
            .map_or((0, 0, self.severity), |p| (p.line, p.column, self.severity))
    }
}

/// Counts of diagnostics by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

impl Tally {
    pub fn of<'a>(diagnostics: impl IntoIterator<Item = &'a Diagnostic>) -> Tally {
        let mut t = Tally::default();
        for d in diagnostics {
            t.add(d.severity);
        }
        t
    }

    pub fn add(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }

    /// "2 errors, 1 warning" (notes are mentioned only when present).
    pub fn describe(&self) -> String {
        let mut parts = vec![
            plural(self.errors, "error", "errors"),
            plural(self.warnings, "warning", "warnings"),
        ];
        if self.notes > 0 {
            parts.push(plural(self.notes, "note", "notes"));
        }
        parts.join(", ")
    }
}

/// `"1 unit"`, `"3 units"`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How [`render`] draws.
#[derive(Debug, Clone, Copy, Default)]
pub struct RenderOptions {
    /// ANSI colours, for terminals.
    pub color: bool,
}

struct Palette {
    bold: &'static str,
    blue: &'static str,
    reset: &'static str,
    severity: &'static str,
}

impl Palette {
    fn new(options: RenderOptions, severity: Severity) -> Palette {
        if !options.color {
            return Palette {
                bold: "",
                blue: "",
                reset: "",
                severity: "",
            };
        }
        Palette {
            bold: "\x1b[1m",
            blue: "\x1b[1;34m",
            reset: "\x1b[0m",
            severity: match severity {
                Severity::Error => "\x1b[1;31m",
                Severity::Warning => "\x1b[1;33m",
                Severity::Note => "\x1b[1;36m",
            },
        }
    }
}

/// Render a diagnostic compiler-style: header, location, the source line and
/// a caret under the span, then help and notes. `source` supplies the line
/// text; pass the file the diagnostic came from.
pub fn render(
    diagnostic: &Diagnostic,
    source: Option<&SourceFile>,
    options: RenderOptions,
) -> String {
    let p = Palette::new(options, diagnostic.severity);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{sev}{}[{}]{reset}{bold}: {}{reset}",
        diagnostic.severity.as_str(),
        diagnostic.code,
        diagnostic.message,
        sev = p.severity,
        bold = p.bold,
        reset = p.reset,
    );
    let line_text = diagnostic
        .position
        .and_then(|pos| source.and_then(|s| s.line_text(pos.line)));
    let gutter = diagnostic
        .position
        .map_or(1, |pos| pos.line.to_string().len());
    let pad = " ".repeat(gutter);
    match diagnostic.position {
        Some(pos) => {
            let _ = writeln!(
                out,
                "{pad}{blue}-->{reset} {}:{}:{}",
                diagnostic.source,
                pos.line,
                pos.column,
                blue = p.blue,
                reset = p.reset
            );
        }
        None => {
            let _ = writeln!(
                out,
                "{pad}{blue}-->{reset} {}",
                diagnostic.source,
                blue = p.blue,
                reset = p.reset
            );
        }
    }
    if let (Some(pos), Some(text)) = (diagnostic.position, line_text) {
        let shown: String = text
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let width = shown.chars().count() as u32;
        let col = pos.column.max(1);
        let end = pos.end_column.max(col + 1).min(width.max(col) + 1);
        let _ = writeln!(out, "{pad} {blue}|{reset}", blue = p.blue, reset = p.reset);
        let _ = writeln!(
            out,
            "{blue}{}{reset} {blue}|{reset} {}",
            pos.line,
            shown.trim_end(),
            blue = p.blue,
            reset = p.reset
        );
        let carets = "^".repeat((end - col).max(1) as usize);
        let label = diagnostic
            .label
            .as_deref()
            .map(|l| format!(" {l}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{pad} {blue}|{reset} {}{sev}{carets}{label}{reset}",
            " ".repeat((col - 1) as usize),
            blue = p.blue,
            sev = p.severity,
            reset = p.reset
        );
    } else if let Some(label) = &diagnostic.label {
        let _ = writeln!(
            out,
            "{pad} {blue}={reset} {label}",
            blue = p.blue,
            reset = p.reset
        );
    }
    if diagnostic.help.is_some() || !diagnostic.notes.is_empty() {
        if line_text.is_some() {
            let _ = writeln!(out, "{pad} {blue}|{reset}", blue = p.blue, reset = p.reset);
        }
        if let Some(help) = &diagnostic.help {
            let _ = writeln!(
                out,
                "{pad} {blue}={reset} {bold}help{reset}: {help}",
                blue = p.blue,
                bold = p.bold,
                reset = p.reset
            );
        }
        for note in &diagnostic.notes {
            let _ = writeln!(
                out,
                "{pad} {blue}={reset} {bold}note{reset}: {note}",
                blue = p.blue,
                bold = p.bold,
                reset = p.reset
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (SourceFile, Diagnostic) {
        let text = "GAME f06 secret\nUNIT U12\n  MOEV NE\nEND\n";
        let file = SourceFile::new("f06.txt", text);
        let start = text.find("MOEV").unwrap();
        let span = Span::new(start, start + 4);
        let d = Diagnostic::error("E0102", file.shared_name(), "`MOEV` is not an order")
            .at(span, file.position(span))
            .with_label("unknown order")
            .with_help("did you mean `MOVE`?");
        (file, d)
    }

    #[test]
    fn renders_line_caret_and_help() {
        let (file, d) = sample();
        let text = render(&d, Some(&file), RenderOptions::default());
        let expected = "\
error[E0102]: `MOEV` is not an order
 --> f06.txt:3:3
  |
3 |   MOEV NE
  |   ^^^^ unknown order
  |
  = help: did you mean `MOVE`?
";
        assert_eq!(text, expected);
    }

    #[test]
    fn renders_without_position() {
        let d = Diagnostic::warning("W0001", Arc::from("mail"), "no END line")
            .with_note("the orders run to the end of the message");
        let text = render(&d, None, RenderOptions::default());
        assert_eq!(
            text,
            "warning[W0001]: no END line\n --> mail\n  = note: the orders run to the end of the message\n"
        );
    }

    #[test]
    fn colour_wraps_header_in_ansi() {
        let (file, d) = sample();
        let text = render(&d, Some(&file), RenderOptions { color: true });
        assert!(text.starts_with("\x1b[1;31merror[E0102]\x1b[0m"));
    }

    #[test]
    fn json_form_has_all_fields() {
        let (_, d) = sample();
        let v = serde_json::to_value(&d).unwrap();
        assert_eq!(v["code"], "E0102");
        assert_eq!(v["severity"], "error");
        assert_eq!(v["source"], "f06.txt");
        assert_eq!(v["line"], 3);
        assert_eq!(v["column"], 3);
        assert_eq!(v["end_column"], 7);
        assert_eq!(v["span"]["start"], 27);
        assert_eq!(v["help"], "did you mean `MOVE`?");
        assert!(v.get("notes").is_none());
    }

    #[test]
    fn tally_describes_counts() {
        let (_, d) = sample();
        let w = Diagnostic::warning("W1", Arc::from("x"), "w");
        let t = Tally::of([&d, &d, &w]);
        assert_eq!(t.describe(), "2 errors, 1 warning");
        assert_eq!(Tally::default().describe(), "0 errors, 0 warnings");
    }
}
