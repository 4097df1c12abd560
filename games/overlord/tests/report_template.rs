//! The order template (OV-REP-041): sent back unchanged
//! it gives every unit the pending list it had. Checked on the imported
//! alpha game after a month, when lists hold orders part done.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::Arc;

use umpire_overlord::legacy::world::import;
use umpire_overlord::orders::{
    Envelope, FactionRef, ParseOptions, UnitRef, Vocabulary, parse_message,
};
use umpire_overlord::report::template::template;
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::run_turn;

#[test]
fn ov_rep_041_the_template_sent_back_unchanged_gives_the_same_pending_orders() {
    let rules = Rules::bundled().unwrap();
    let mut w = import(&common::alpha_game_files(), &rules).world;
    // Forty days of work in a thirty-day month: ten left to run.
    let worker = w.unit_by_number(261).unwrap();
    w.units[worker].orders = vec!["40 WORK".to_string()];
    let seed = w.seed;
    run_turn(&mut w, &rules, &[], seed);
    assert_eq!(w.units[worker].orders, ["10 WORK"]);
    assert!(template(&w, w.units[worker].faction, "").contains("UNIT U261  # Combat Trainer, "));
    assert!(template(&w, w.units[worker].faction, "").contains("\n10 WORK\n"));
    let source: Arc<str> = Arc::from("template");
    let mut units_checked = 0;
    let mut orders_checked = 0;
    let mut counted = 0;
    for (fid, f) in w.factions.iter() {
        let text = template(&w, fid, "secret");
        let head = format!("#GAME {} secret", FactionRef::Player(f.number));
        assert!(text.starts_with(&head), "{text}");
        assert!(text.ends_with("#END\n"));
        let parsed = parse_message(
            &source,
            &text,
            ParseOptions {
                vocabulary: Some(Vocabulary::builtin()),
            },
        );
        let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "f{}: {errors:?}\n{text}", f.number);
        let sets: Vec<_> = parsed
            .message
            .envelopes
            .iter()
            .filter_map(|e| match e {
                Envelope::Orders(s) => Some(s),
                _ => None,
            })
            .collect();
        assert_eq!(sets.len(), 1);
        let set = sets[0];
        // Every unit of the faction, in the world's order, once.
        let mine: Vec<_> = w.units_of(fid).filter(|(_, u)| !u.gone).collect();
        assert_eq!(set.units.len(), mine.len(), "f{}", f.number);
        for (section, (_, unit)) in set.units.iter().zip(&mine) {
            assert_eq!(section.unit, UnitRef::Id(unit.number));
            let back: Vec<String> = set
                .orders_of(section)
                .iter()
                .map(|o| o.value.to_string())
                .collect();
            assert_eq!(back, unit.orders, "{}", unit.code());
            units_checked += 1;
            orders_checked += back.len();
            counted += back
                .iter()
                .filter(|o| {
                    o.split_whitespace()
                        .next()
                        .is_some_and(|w| w.parse::<u32>().is_ok())
                })
                .count();
        }
    }
    assert!(units_checked > 200, "{units_checked}");
    assert!(orders_checked > 100, "{orders_checked}");
    assert!(counted > 0, "no order with a remaining count");
}
