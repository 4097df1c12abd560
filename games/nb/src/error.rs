//! What can go wrong, said precisely.

use thiserror::Error;

/// Errors of the Napoleon's Battles orders umpire.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum NbError {
    /// A name the game does not know.
    #[error("unknown {what} `{given}`{}; {known}", hint.as_ref().map(|h| format!(" (did you mean `{h}`?)")).unwrap_or_default())]
    Unknown {
        what: &'static str,
        given: String,
        hint: Option<String>,
        known: String,
    },
    /// Something the rules do not allow, with the reason.
    #[error("{0}")]
    Refused(String),
    /// A rules data or scenario file that cannot be used.
    #[error("{file}: {entry}: {message}")]
    Data {
        file: String,
        entry: String,
        message: String,
    },
    /// A rulings file or switch that cannot be taken.
    #[error(transparent)]
    Ruling(#[from] umpire_core::rulings::RulingError),
}

impl NbError {
    /// An unknown name, with a suggestion.
    pub fn unknown<'a>(
        what: &'static str,
        given: &str,
        known: impl Iterator<Item = &'a str> + Clone,
    ) -> NbError {
        let hint = umpire_core::text::suggest(given, known.clone()).map(str::to_string);
        let list: Vec<&str> = known.collect();
        NbError::Unknown {
            what,
            given: given.to_string(),
            hint,
            known: if list.is_empty() {
                "there are none".to_string()
            } else {
                format!("known: {}", list.join(", "))
            },
        }
    }
}
