//! Where the parser is while it reads a line, and how it reports.

use std::sync::Arc;

use umpire_core::source::position_in_line;
use umpire_core::{Diagnostic, Span};

use super::codes::Code;

/// One line of the message being read.
#[derive(Debug, Clone, Copy)]
pub struct LineCtx<'a> {
    pub source: &'a Arc<str>,
    /// 1-based.
    pub number: u32,
    /// The line without its line ending.
    pub text: &'a str,
    /// Byte offset of the line's start in the message.
    pub offset: usize,
}

impl LineCtx<'_> {
    /// Absolute span of the line-relative byte range `start..end`.
    pub fn span(&self, start: u32, end: u32) -> Span {
        Span::new(self.offset + start as usize, self.offset + end as usize)
    }

    /// A diagnostic about bytes `start..end` of this line.
    pub fn diag(
        &self,
        code: &Code,
        start: u32,
        end: u32,
        message: impl Into<String>,
    ) -> Diagnostic {
        let pos = position_in_line(self.number, self.text, start as usize, end as usize);
        Diagnostic::new(code.severity, code.code, Arc::clone(self.source), message)
            .at(self.span(start, end), pos)
    }

    /// A diagnostic about the whole content of the line.
    pub fn diag_line(&self, code: &Code, message: impl Into<String>) -> Diagnostic {
        let start = self.text.len() - self.text.trim_start().len();
        let end = self.text.trim_end().len().max(start);
        self.diag(code, start as u32, end as u32, message)
    }
}
