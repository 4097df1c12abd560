//! Any bytes as an En Garde! order sheet: the parser and the checker never
//! panic, and every IF they keep has a legal-or-not answer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use umpire_core::source::{decode_text, SourceFile};
use umpire_engarde::orders::ast::{Block, Vocabulary};
use umpire_engarde::orders::{check, illegal, parse, Phase};

fn walk<A>(blocks: &[Block<A>], phase: Phase) {
    for b in blocks {
        if let Block::If { cond, then, otherwise } = b {
            let _ = illegal(&cond.value, phase);
            walk(then, phase);
            walk(otherwise, phase);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (text, _) = decode_text(data);
    let source = SourceFile::new("fuzz", text.into_owned());
    let (sheet, _) = parse(&source);
    let vocabulary = Vocabulary {
        characters: vec!["Athos".into(), "Porthos".into()],
        mistresses: vec!["Mme Babette".into()],
        clubs: vec!["Frog & Peach".into()],
        regiments: vec![("RFG".into(), "Royal Foot Guards".into())],
        ..Vocabulary::default()
    }
    .indexed();
    let _ = check(&sheet, &vocabulary, &source);
    let _ = check(&sheet, &Vocabulary::default(), &source);
    walk(&sheet.premonthly, Phase::Premonthly);
    for (w, week) in sheet.weeks.iter().enumerate() {
        walk(week, Phase::Week(w as u8 + 1));
    }
});
