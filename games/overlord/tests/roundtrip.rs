//! Properties of the order language:
//!
//! - the canonical printer is the parser's inverse: AST → text → AST is the
//!   identity, for generated orders of every kind and for whatever the parser
//!   accepts from arbitrary text;
//! - the parser never panics, on arbitrary bytes or on order-like noise.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::parse;

use proptest::prelude::*;
use umpire_overlord::generate::orders::{OrderGen, order_corpus};
use umpire_overlord::orders::{Envelope, ParseOptions, Vocabulary, check, parse_order_line};

/// Words that make order-like noise reach deep into the parser.
const FRAGMENTS: &[&str] = &[
    "GAME",
    "#GAME",
    "PRESS",
    "RUMOR",
    "REPORT",
    "END",
    "#END",
    "UNIT",
    "f06",
    "F99",
    "np1",
    "pw",
    "alpha",
    "7",
    "U1",
    "U22",
    "L47",
    "B220",
    "f06nU01",
    "f07nU01",
    "F06NU01",
    "f06nU1",
    "f06nB01",
    "GIVE",
    "GET",
    "DROP",
    "MOVE",
    "MARCH",
    "TEACH",
    "STUDY",
    "USE",
    "BUILD",
    "TARGET",
    "TACTIC",
    "COMBAT",
    "COMBAT_ORDER",
    "SETTING",
    "STANCE",
    "NAME",
    "DESCRIBE",
    "RECRUIT",
    "SPLIT",
    "MERGE",
    "CLAIM",
    "RESHOW",
    "EMAIL",
    "PASSWORD",
    "RETREAT",
    "DISBAND",
    "CONFIRM",
    "swrd",
    "cmbt",
    "man",
    "mayo",
    "barr",
    "N",
    "NE",
    "E",
    "OUT",
    "ON",
    "OFF",
    "ALLY",
    "FIGHT",
    "FRONT",
    "0",
    "1",
    "50",
    "99999999999",
    "-",
    "--",
    "+",
    "@",
    "@10",
    "D10",
    "D31",
    "#",
    "\"",
    "“",
    "”",
    "\"x y\"",
    "“Bob’s”",
    "é",
    "\t",
    "\r",
    "\u{a0}",
    "\n",
    "\n",
    "\n",
    " ",
    " ",
    " ",
];

fn noise() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..80).prop_map(|parts| {
        let mut s = String::new();
        for (i, p) in parts.iter().enumerate() {
            if i > 0 && !p.starts_with('\n') {
                s.push(' ');
            }
            s.push_str(p);
        }
        s
    })
}

proptest! {
    #[test]
    fn generated_unit_orders_round_trip(seed: u64) {
        let mut g = OrderGen::new(seed, Vocabulary::builtin());
        for i in 0..20 {
            let order = if i == 0 { g.first_order() } else { g.order() };
            let text = order.to_string();
            let (again, diags) = parse_order_line(&text, common::scope(true));
            let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).map(|d| &d.message).collect();
            prop_assert!(errors.is_empty(), "{}: {:?}", text, errors);
            prop_assert_eq!(again, Some(order), "{}", text);
        }
    }

    #[test]
    fn generated_faction_orders_round_trip(seed: u64) {
        let mut g = OrderGen::new(seed, Vocabulary::builtin());
        let orders: Vec<_> = (0..10).map(|_| g.faction_order()).collect();
        let mut text = String::from("GAME f06 pw\n");
        for o in &orders {
            text.push_str(&format!("{o}\n"));
        }
        text.push_str("END\n");
        let (msg, diags) = parse(&text);
        prop_assert!(diags.iter().all(|d| !d.is_error()), "{}: {:?}", text, diags);
        let Envelope::Orders(set) = &msg.envelopes[0] else { panic!() };
        let read: Vec<_> = set.faction_orders.iter().map(|f| f.value.clone()).collect();
        prop_assert_eq!(read, orders);
    }

    #[test]
    fn generated_order_files_round_trip(seed: u64) {
        let corpus = order_corpus(seed, 4_000, Vocabulary::builtin());
        let (first, diags) = parse(&corpus);
        let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).map(|d| (d.code, &d.message)).collect();
        prop_assert!(errors.is_empty(), "{:?}", errors);
        let (second, _) = parse(&first.to_string());
        prop_assert_eq!(first.without_positions(), second.without_positions());
    }

    #[test]
    fn parser_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2_000)) {
        let checked = check("bytes", &bytes, ParseOptions { vocabulary: Some(Vocabulary::builtin()) });
        // Every diagnostic points inside the text.
        for d in &checked.diagnostics {
            if let Some(span) = d.span {
                prop_assert!(span.end as usize <= checked.source.text().len() + 1);
            }
        }
    }

    #[test]
    fn whatever_is_accepted_reprints_to_itself(text in noise()) {
        let (first, _) = parse(&text);
        let printed = first.to_string();
        let (second, _) = parse(&printed);
        prop_assert_eq!(first.without_positions(), second.without_positions(), "printed:\n{}", printed);
    }

    #[test]
    fn single_lines_never_panic_and_reprint_to_themselves(text in noise()) {
        for line in text.lines() {
            let (order, _) = parse_order_line(line, common::scope(true));
            if let Some(order) = order {
                let (again, _) = parse_order_line(&order.to_string(), common::scope(true));
                prop_assert_eq!(again, Some(order), "{}", line);
            }
        }
    }
}

#[test]
fn header_fields_that_look_like_numbers_or_ids_survive_a_reprint() {
    // Found by fuzzing: a quoted game name "3" was printed bare and read
    // back as a turn number.
    for text in [
        "GAME f06 pw “3”\nEND\n",
        "GAME f06 pw \"f07\" 5\nEND\n",
        "GAME f06 \"my pass\" \"\"\nEND\n",
        "REPORT f06 pw \"U12\"\n",
    ] {
        let (first, diags) = parse(text);
        assert!(diags.iter().all(|d| !d.is_error()), "{text}: {diags:?}");
        assert_eq!(first.envelopes.len(), 1, "{text}");
        let (second, _) = parse(&first.to_string());
        assert_eq!(
            first.without_positions(),
            second.without_positions(),
            "{text}"
        );
    }
}
