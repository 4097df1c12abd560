//! What can go wrong, said precisely.

use thiserror::Error;

fn show_hint(h: &Option<String>) -> String {
    h.as_ref().map(|h| format!(" ({h})")).unwrap_or_default()
}

/// Errors of the DBR umpire: bad user input and bad rules data.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DbrError {
    /// An element type not on the sheet.
    #[error("unknown element type `{given}`{}; the sheet's types are {}", show_hint(.hint), crate::model::ElementType::ALL.iter().map(|e| e.name()).collect::<Vec<_>>().join(", "))]
    UnknownElement {
        /// What was typed.
        given: String,
        /// A suggestion.
        hint: Option<String>,
    },
    /// A grade that is not S, O, I, F or X.
    #[error("unknown grade `{given}`{}; grades are S, O, I, F and X", show_hint(.hint))]
    UnknownGrade {
        /// What was typed.
        given: String,
        /// A suggestion.
        hint: Option<String>,
    },
    /// A going that is not a column of the move table.
    #[error("unknown going `{given}`{}; the move table's columns are road, good, rough and difficult", show_hint(.hint))]
    UnknownGoing {
        /// What was typed.
        given: String,
        /// A suggestion.
        hint: Option<String>,
    },
    /// A unit of measure other than paces or cm.
    #[error("unknown unit `{given}`; use `paces` (or `p`) or `cm`")]
    UnknownUnits {
        /// What was typed.
        given: String,
    },
    /// A grade the element cannot have.
    #[error("{element} cannot be graded {grade}: {reason}")]
    GradeNotAllowed {
        /// The type.
        element: String,
        /// The grade.
        grade: String,
        /// Why.
        reason: String,
    },
    /// Input that makes no sense for this element or question.
    #[error("{0}")]
    Invalid(String),
    /// The rules data is broken (a bug in `data/`, or a bad rulings file).
    #[error("{file}: {entry}: {message}")]
    Data {
        /// The file.
        file: String,
        /// The entry in it.
        entry: String,
        /// What is wrong.
        message: String,
    },
}
