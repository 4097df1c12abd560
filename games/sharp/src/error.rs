//! What can go wrong, said precisely.

use thiserror::Error;

/// Errors of the Sharp Practice umpire: bad user input, bad rules data, and
/// typed-in dice that ran out.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SharpError {
    /// A word that is not one of the sheet's (a weapon, a formation, …).
    #[error("unknown {what} `{given}`{}; {known}", hint.as_ref().map(|h| format!(" (did you mean `{h}`?)")).unwrap_or_default())]
    Unknown {
        /// What kind of word ("weapon").
        what: &'static str,
        /// What was typed.
        given: String,
        /// A suggestion.
        hint: Option<String>,
        /// The words that are known, for the message.
        known: String,
    },
    /// A question the rules cannot answer as asked.
    #[error("{0}")]
    Invalid(String),
    /// Typed-in dice ran out.
    #[error("{0}")]
    NotEnoughDice(String),
    /// A rules data file that cannot be used.
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

impl From<umpire_core::roll::RollError> for SharpError {
    /// Dice that ran out stay `NotEnoughDice`; a bad face is `Invalid`; the
    /// text is kept as it is.
    fn from(e: umpire_core::roll::RollError) -> SharpError {
        use umpire_core::roll::RollError;
        match e {
            RollError::NotEnoughDice(m) => SharpError::NotEnoughDice(m),
            RollError::NotAFace(m) => SharpError::Invalid(m),
        }
    }
}

impl SharpError {
    /// An unknown word, with a suggestion from `known`.
    pub fn unknown<'a>(
        what: &'static str,
        given: &str,
        known: impl Iterator<Item = &'a str> + Clone,
    ) -> SharpError {
        let hint = umpire_core::text::suggest(given, known.clone()).map(str::to_string);
        SharpError::Unknown {
            what,
            given: given.to_string(),
            hint,
            known: format!("the sheet's are {}", known.collect::<Vec<_>>().join(", ")),
        }
    }
}
