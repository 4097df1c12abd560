//! What an order's grammar works with: the words after its keyword, the
//! sheet they come from, and the way to report a word it cannot read.

use std::sync::Arc;

use umpire_core::diagnostic::Diagnostic;
use umpire_core::source::{SourceFile, Span};

use super::codes::{self, Code};
use super::lexer::{Tok, span_of, trim_end, trim_start};

/// A diagnostic about `span` of the sheet `src`, named `name`.
pub(crate) fn diagnostic(
    src: &SourceFile,
    name: &Arc<str>,
    code: &Code,
    message: impl Into<String>,
    span: Span,
) -> Diagnostic {
    Diagnostic::new(code.severity, code.code, Arc::clone(name), message)
        .at(span, src.position(span))
}

/// Why an order could not be read.
pub(crate) struct Unread {
    pub(crate) code: &'static Code,
    pub(crate) message: String,
    pub(crate) span: Span,
    pub(crate) label: String,
    pub(crate) help: Option<String>,
}

impl Unread {
    /// An order that was not understood.
    pub(crate) fn new(span: Span, message: impl Into<String>, help: Option<String>) -> Unread {
        Unread {
            code: &codes::UNREADABLE_ORDER,
            message: message.into(),
            span,
            label: "not understood".into(),
            help,
        }
    }
}

/// One order as written, handed to its grammar in the catalog.
pub(crate) struct Written<'a> {
    pub(crate) src: &'a SourceFile,
    pub(crate) name: &'a Arc<str>,
    /// The keyword, squashed (lower case, no hyphens or underscores).
    pub(crate) key: &'a str,
    /// The words after the keyword.
    pub(crate) args: &'a [Tok],
    /// The line as written from the keyword on (ANNOUNCE keeps it).
    pub(crate) raw: &'a str,
    /// The whole order.
    pub(crate) span: Span,
    /// Warnings about an order that is read all the same.
    pub(crate) diags: &'a mut Vec<Diagnostic>,
}

impl Written<'_> {
    pub(crate) fn diag(&self, code: &Code, message: impl Into<String>, span: Span) -> Diagnostic {
        diagnostic(self.src, self.name, code, message, span)
    }

    pub(crate) fn warn(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The order is not understood.
    pub(crate) fn unread(&self, message: impl Into<String>, help: Option<String>) -> Unread {
        Unread::new(self.span, message, help)
    }

    /// The order is not understood: what is wrong, and how to write it.
    pub(crate) fn bad<T>(&self, what: &str, help: &str) -> Result<T, Unread> {
        Err(self.unread(what.to_string(), Some(help.to_string())))
    }

    /// Warn about words after a complete order.
    pub(crate) fn extra(&mut self, t: &[Tok]) {
        let t = trim_end(trim_start(t));
        if let Some(span) = span_of(t) {
            let d = self
                .diag(
                    &codes::EXTRA_WORDS,
                    "words after the order are ignored",
                    span,
                )
                .with_label("ignored")
                .with_help("put remarks in parentheses or after `#`");
            self.warn(d);
        }
    }
}
