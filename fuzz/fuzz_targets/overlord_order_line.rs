//! Any text as one order line: never panics, and an accepted order prints
//! back to text that reads as the same order.
#![no_main]

use libfuzzer_sys::fuzz_target;
use umpire_overlord::orders::{parse_order_line, FactionRef, Scope, UnitRef, Vocabulary};

fuzz_target!(|line: &str| {
    let scope = Scope {
        faction: Some(FactionRef::Player(6)),
        unit: Some(UnitRef::Id(1)),
        vocabulary: Some(Vocabulary::builtin()),
    };
    if let (Some(order), _) = parse_order_line(line, scope) {
        let text = order.to_string();
        let (again, _) = parse_order_line(&text, scope);
        assert_eq!(again.as_ref(), Some(&order), "{line:?} printed as {text:?}");
    }
});
