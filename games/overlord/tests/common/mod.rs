//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::sync::Arc;

use umpire_core::Diagnostic;
use umpire_overlord::orders::{
    FactionRef, Message, ParseOptions, Scope, UnitRef, Vocabulary, parse_message,
};

/// Read a message with the rules' vocabulary.
pub fn parse(text: &str) -> (Message, Vec<Diagnostic>) {
    let src: Arc<str> = Arc::from("test");
    let p = parse_message(
        &src,
        text,
        ParseOptions {
            vocabulary: Some(Vocabulary::builtin()),
        },
    );
    (p.message, p.diagnostics)
}

/// Unit U1 of faction f06, with or without the vocabulary.
pub fn scope(vocabulary: bool) -> Scope<'static> {
    Scope {
        faction: Some(FactionRef::Player(6)),
        unit: Some(UnitRef::Id(1)),
        vocabulary: vocabulary.then(Vocabulary::builtin),
    }
}

/// Codes and messages of the errors.
pub fn errors(diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}
