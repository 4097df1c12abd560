//! Order sets coming in (OV-ORD): which units' lists they replace, which
//! they leave alone, what is refused, and what becomes of placeholders.

use umpire_overlord::orders::UnitRef;
use umpire_overlord::turn::log::Refusal;

use super::*;

fn refused_section(log: &TurnLog, n: u32) -> Option<Refusal> {
    log.events.iter().find_map(|e| match e.what {
        What::SectionRefused {
            unit: UnitRef::Id(m),
            reason,
            ..
        } if m == n => Some(reason),
        _ => None,
    })
}

fn orders_refused(log: &TurnLog) -> Option<Refusal> {
    log.events.iter().find_map(|e| match e.what {
        What::OrdersRefused { reason, .. } => Some(reason),
        _ => None,
    })
}

#[test]
fn ov_ord_015_a_unit_the_faction_does_not_own_gets_nothing() {
    let mut g = Game::new(1, 2);
    let mine = g.leader(1, 1);
    let theirs = g.leader(2, 1);
    g.orders(theirs, &["40 WORK"]);
    let log = g.run_bare(&[
        "#GAME f01 pw\nUNIT U2\nNAME \"Stolen\"\nUNIT U9\nWORK\nUNIT U1\nNAME \"Mine\"\n#END",
    ]);
    assert_eq!(refused_section(&log, 2), Some(Refusal::NotYourUnit));
    assert_eq!(refused_section(&log, 9), Some(Refusal::UnknownUnit));
    assert_ne!(g.w.units[theirs].name, "Stolen");
    assert_eq!(g.pending(theirs), ["10 WORK"]);
    // The faction's own section is still taken.
    assert_eq!(g.w.units[mine].name, "Mine");
}

#[test]
fn ov_ord_016_a_named_unit_gets_its_new_list_and_an_empty_section_clears_it() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    g.orders(a, &["40 WORK", "-NAME \"Old\""]);
    g.orders(b, &["40 WORK", "-NAME \"Old\""]);
    g.run_bare(&["#GAME f01 pw\nUNIT U1\nNAME \"New\"\n45 WORK\nUNIT U2\n#END"]);
    assert_eq!(g.w.units[a].name, "New");
    // What was left from last turn went: only the new list ran.
    assert_eq!(g.pending(a), ["15 WORK"]);
    assert!(g.pending(b).is_empty());
    assert_ne!(g.w.units[b].name, "Old");
}

#[test]
fn ov_ord_017_a_unit_not_named_keeps_its_list() {
    let mut g = Game::new(1, 1);
    let a = g.leader(1, 1);
    let b = g.leader(1, 1);
    g.orders(b, &["40 WORK", "-NAME \"Kept\""]);
    g.run_bare(&["#GAME f01 pw\nUNIT U1\nNAME \"Told\"\n#END"]);
    assert_eq!(g.w.units[a].name, "Told");
    assert_eq!(g.pending(b), ["10 WORK", "-NAME \"Kept\""]);
}

#[test]
fn ov_ord_019_unfinished_orders_resume_next_month_unsent() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    g.orders(u, &["40 WORK", "-NAME \"Done\""]);
    let log = g.run_bare(&[]);
    assert_eq!(worked(&log, u), 30);
    assert_eq!(g.pending(u), ["10 WORK", "-NAME \"Done\""]);
    // Next month, with orders sent for the faction but none for this unit.
    let log = g.run_bare(&["#GAME f01 pw\nNAME \"Us\"\n#END"]);
    assert_eq!(
        day_of(&log, u, |w| matches!(w, What::UnitRenamed)),
        Some(11)
    );
    assert_eq!(g.w.units[u].name, "Done");
}

#[test]
fn ov_ord_023_a_created_placeholder_is_renamed_everywhere() {
    let mut g = Game::new(1, 2);
    let splitter = g.unit(1, "man", 10, 1);
    let other = g.leader(2, 1);
    let log = g.run_bare(&[
        "#GAME f01 pw\nUNIT U1\nSPLIT f01nU01 4\nUNIT f01nU01\nNAME \"Splinter\"\n#END",
        "#GAME f02 pw\nUNIT U2\nSEE f01nU01\n-NAME \"Saw it\"\n@ACCEPT f01nU01\n#END",
    ]);
    let new = g.w.units.ids().last().unwrap();
    assert_ne!(new, other);
    assert_eq!(g.w.units[splitter].figures, 6);
    assert_eq!(g.w.units[new].name, "Splinter");
    // Another faction's order naming the placeholder found the new unit
    // during the month…
    assert_eq!(g.w.units[other].name, "Saw it");
    assert!(
        !log.of_unit(other)
            .any(|e| matches!(e.what, What::PlaceholderUnused { .. }))
    );
    // …and its list names it by its permanent id.
    let number = g.w.units[new].number;
    assert_eq!(g.pending(other), [format!("@ACCEPT U{number}")]);
}

#[test]
fn ov_ord_024_a_placeholder_never_made_goes_with_every_order_naming_it() {
    let mut g = Game::new(1, 2);
    let a = g.unit(1, "man", 10, 1);
    let other = g.leader(2, 1);
    let log = g.run_bare(&[
        "#GAME f01 pw\nUNIT U1\nNAME \"Men\"\nUNIT f01nU05\nNAME \"Never\"\n#END",
        "#GAME f02 pw\nUNIT U2\n@ACCEPT f01nU05\n@ACCEPT U1\n#END",
    ]);
    assert_eq!(g.w.units.len(), 2);
    assert_eq!(g.pending(other), ["@ACCEPT U1"]);
    assert!(
        log.of_unit(other)
            .any(|e| matches!(e.what, What::PlaceholderUnused { .. }))
    );
    // The placeholder's own orders are gone too: a SPLIT making it next
    // month does not find them.
    g.run_bare(&["#GAME f01 pw\nUNIT U1\nSPLIT f01nU05 2\n#END"]);
    let new = g.w.units.ids().last().unwrap();
    assert_ne!(new, other);
    assert_eq!(g.w.units[new].figures, 2);
    assert_ne!(g.w.units[new].name, "Never");
    assert_eq!(g.w.units[a].name, "Men");
}

#[test]
fn ov_ord_031_orders_without_a_turn_are_for_the_turn_being_run() {
    let mut g = Game::new(1, 1);
    let u = g.leader(1, 1);
    let next = g.w.turn + 1;
    let log = g.run_bare(&["#GAME f01 pw\nUNIT U1\nNAME \"No turn\"\n#END"]);
    assert_eq!(orders_refused(&log), None);
    assert_eq!(g.w.units[u].name, "No turn");
    assert_eq!(g.w.turn, next);
    // Naming another turn is refused; naming this one is taken.
    let log = g.run_bare(&[&format!(
        "#GAME f01 pw {}\nUNIT U1\nNAME \"Old\"\n#END",
        next
    )]);
    assert_eq!(orders_refused(&log), Some(Refusal::OtherTurn));
    assert_eq!(g.w.units[u].name, "No turn");
    let log = g.run_bare(&[&format!(
        "#GAME f01 pw {}\nUNIT U1\nNAME \"Right\"\n#END",
        g.w.turn + 1
    )]);
    assert_eq!(orders_refused(&log), None);
    assert_eq!(g.w.units[u].name, "Right");
}
