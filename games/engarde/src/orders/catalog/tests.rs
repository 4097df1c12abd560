//! The catalog and the parser cannot disagree: every keyword the catalog
//! lists is read as its order, however it is cased or hyphenated; every
//! word the parser reads at the start of a line is one "did you mean"
//! knows; any other word is an unknown order.

use std::collections::HashSet;

use proptest::prelude::*;
use umpire_core::diagnostic::{Diagnostic, Severity};
use umpire_core::source::SourceFile;

use super::{ORDERS, OrderSpec, Section, find};
use crate::orders::ast::{Block, OrderSheet};
use crate::orders::codes;
use crate::orders::lexer::squash;
use crate::orders::parser::{accepted_words, keywords};

fn parse(text: &str) -> (OrderSheet, Vec<Diagnostic>) {
    crate::orders::parse(&SourceFile::new("orders.txt", text.to_string()))
}

/// The sheet's orders, with their places in the source left out.
fn orders(sheet: &OrderSheet) -> (Vec<String>, Vec<String>) {
    fn each<A: std::fmt::Debug>(blocks: &[Block<A>]) -> Vec<String> {
        blocks
            .iter()
            .map(|b| match b {
                Block::Order(o) => format!("{:?}", o.value),
                Block::If { .. } => "IF".to_string(),
            })
            .collect()
    }
    (
        each(&sheet.premonthly),
        sheet.weeks.iter().flat_map(|w| each(w)).collect(),
    )
}

/// An example read under a header of `section`: exactly one order there,
/// nothing held, no error.
fn read_under(header: &str, line: &str) -> OrderSheet {
    let (sheet, diags) = parse(&format!("{header}\n{line}\n"));
    assert!(
        sheet.for_gm.is_empty(),
        "`{line}` under {header} held: {diags:?}"
    );
    assert!(
        diags.iter().all(|d| d.severity != Severity::Error),
        "`{line}` under {header}: {diags:?}"
    );
    let (pre, weeks) = orders(&sheet);
    assert_eq!(
        pre.len() + weeks.len(),
        1,
        "`{line}` under {header}: {sheet:?}"
    );
    sheet
}

fn headers(section: Section) -> &'static [&'static str] {
    match section {
        Section::Premonthly => &["PREMONTHLY"],
        Section::Weekly => &["WEEK 1"],
        Section::Either => &["PREMONTHLY", "WEEK 1"],
    }
}

#[test]
fn every_keyword_has_an_example_and_finds_its_own_entry() {
    let mut seen = HashSet::new();
    for spec in ORDERS {
        for &kw in spec.keywords {
            assert_eq!(squash(kw), kw, "catalog keywords are written squashed");
            assert!(seen.insert(kw), "`{kw}` starts two orders");
            assert!(
                find(kw).is_some_and(|s| std::ptr::eq(s, spec)),
                "`{kw}` finds another entry"
            );
            assert!(
                spec.examples
                    .iter()
                    .any(|e| e.split_whitespace().next().map(squash).as_deref() == Some(kw)),
                "no example starts with `{kw}`"
            );
        }
        for e in spec.examples {
            let first = e.split_whitespace().next().map(squash).unwrap_or_default();
            assert!(
                spec.keywords.contains(&first.as_str()),
                "`{e}` is not {:?}",
                spec.keywords
            );
        }
    }
}

#[test]
fn every_example_reads_as_one_order_in_its_section_and_only_there() {
    for spec in ORDERS {
        for e in spec.examples {
            for header in headers(spec.section) {
                let sheet = read_under(header, e);
                let (pre, weeks) = orders(&sheet);
                let in_week = header.starts_with("WEEK");
                assert_eq!(weeks.len(), usize::from(in_week), "`{e}` under {header}");
                assert_eq!(pre.len(), usize::from(!in_week), "`{e}` under {header}");
            }
            let wrong = match spec.section {
                Section::Premonthly => "WEEK 1",
                Section::Weekly => "PREMONTHLY",
                Section::Either => continue,
            };
            let (sheet, diags) = parse(&format!("{wrong}\n{e}\n"));
            assert_eq!(sheet.for_gm.len(), 1, "`{e}` under {wrong}");
            assert!(
                diags.iter().any(|d| d.code == codes::WRONG_SECTION.code),
                "`{e}` under {wrong}: {diags:?}"
            );
        }
    }
}

#[test]
fn did_you_mean_offers_every_order_keyword() {
    let offered: Vec<&str> = keywords().collect();
    for spec in ORDERS {
        for kw in spec.keywords {
            assert!(offered.contains(kw), "`{kw}` is never suggested");
        }
    }
}

/// Any spelling of a keyword: any case, with hyphens or underscores.
fn spelling(kw: &'static str) -> impl Strategy<Value = String> {
    let n = kw.chars().count();
    (
        prop::collection::vec(any::<bool>(), n),
        prop::collection::vec(prop::sample::select(vec!["", "", "", "-", "_"]), n),
    )
        .prop_map(move |(upper, joins)| {
            kw.chars()
                .zip(upper)
                .zip(joins)
                .enumerate()
                .map(|(i, ((c, up), join))| {
                    let c = if up { c.to_ascii_uppercase() } else { c };
                    if i == 0 {
                        c.to_string()
                    } else {
                        format!("{join}{c}")
                    }
                })
                .collect()
        })
}

/// An example of some order with its keyword spelled some other way.
fn respelled() -> impl Strategy<Value = (&'static OrderSpec, &'static str, String)> {
    let examples: Vec<(&'static OrderSpec, &'static str)> = ORDERS
        .iter()
        .flat_map(|spec| spec.examples.iter().map(move |e| (*spec, *e)))
        .collect();
    prop::sample::select(examples).prop_flat_map(|(spec, e)| {
        let (kw, rest) = e.split_once(' ').unwrap_or((e, ""));
        let kw = spec
            .keywords
            .iter()
            .copied()
            .find(|k| squash(kw) == *k)
            .unwrap_or("");
        spelling(kw).prop_map(move |s| (spec, e, format!("{s} {rest}")))
    })
}

proptest! {
    #[test]
    fn every_spelling_of_a_keyword_reads_as_its_order((spec, example, line) in respelled()) {
        for header in headers(spec.section) {
            let canonical = orders(&read_under(header, example));
            let respelled = orders(&read_under(header, &line));
            prop_assert_eq!(&canonical, &respelled, "`{}` under {}", line, header);
        }
    }

    #[test]
    fn a_word_the_parser_does_not_read_is_an_unknown_order(word in "[a-z]{1,12}") {
        let accepted: HashSet<&str> = accepted_words().collect();
        let (sheet, diags) = parse(&format!("PREMONTHLY\n{word} 5\n"));
        let unknown = diags.iter().any(|d| d.code == codes::UNKNOWN_ORDER.code);
        prop_assert_eq!(unknown, !accepted.contains(word.as_str()), "`{}`: {:?}", word, diags);
        if unknown {
            prop_assert_eq!(sheet.for_gm.len(), 1);
        }
    }
}
