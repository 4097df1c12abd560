//! Who may do what at a Napoleon's Battles table: a side writes orders to
//! and records what happens to its own formations and generals only; the
//! umpire moves the turn on; and what one side is told never depends on
//! the other side's orders.

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_core::session::{Actor, Reading};
use umpire_nb::Session;
use umpire_nb::setup::game_from_toml;

const LIGNY: &str = include_str!("../scenarios/ligny.toml");

fn session() -> Session {
    match game_from_toml("ligny.toml", LIGNY) {
        Ok(g) => Session::new(g),
        Err(e) => panic!("{e}"),
    }
}

fn ok(s: &mut Session, line: &str) -> String {
    let a = s.run(line);
    assert!(!a.text.starts_with("error"), "{line}: {}", a.text);
    a.text
}

fn err(s: &mut Session, line: &str) -> String {
    let a = s.run(line);
    assert!(
        a.text.starts_with("error"),
        "{line} should fail: {}",
        a.text
    );
    a.text
}

#[test]
fn a_side_changes_only_its_own_formations_and_generals() {
    let mut s = session();
    ok(&mut s, "as French reserve VI-Corps on-board");
    // Probing the other side's reserves gets the same answer for each of
    // its formations, reserve or not.
    let a = err(&mut s, "as Prussians threat VI-Corps yes");
    let b = err(&mut s, "as Prussians threat IV-Corps yes");
    assert_eq!(a.replace("VI-Corps", "X"), b.replace("IV-Corps", "X"));
    for line in [
        "as Prussians range Lefol out",
        "as Prussians fall Gerard",
        "as Prussians replace Lefol",
        "as Prussians detach Napoleon",
        "as Prussians engaged 8th-Division yes",
        "as Prussians complete III-Corps",
        "as Prussians outofrange 9e-Leger 8th-Division",
    ] {
        let e = err(&mut s, line);
        assert!(
            e.contains("is not Prussians's") || e.contains("is not Prussians'"),
            "{line}: {e}"
        );
    }
    // The army commander joins a general of his own army, never himself.
    let e = err(&mut s, "as French attach Napoleon to Blucher");
    assert!(e.contains("Blucher is the Prussians' general"), "{e}");
    let e = err(&mut s, "as French attach Napoleon to Napoleon");
    assert!(e.contains("cannot attach to himself"), "{e}");
    ok(&mut s, "as French attach Napoleon to Gerard");
    // A general is replaced only once he has fallen.
    let e = err(&mut s, "as French replace Lefol");
    assert!(e.contains("Lefol has not fallen"), "{e}");
    ok(&mut s, "as French fall Lefol");
    let t = ok(&mut s, "as French replace Lefol as Girard");
    assert_eq!(
        t,
        "Girard takes over from Lefol; waiting messengers ride on to him."
    );
    // Moving the turn on is the umpire's at an umpired table.
    assert!(err(&mut s, "as French next").contains("`next` is the umpire's at this table"));
}

/// NB-ISS-006: a corps order does not silently replace a division's own
/// order written no earlier: the division keeps it, and the side is told.
#[test]
fn nb_iss_006_a_divisions_own_order_is_kept_when_its_corps_gets_one() {
    let mut s = session();
    ok(&mut s, "start 8th-Division attack the farm");
    ok(&mut s, "start III-Corps defend St Amand");
    let f = |s: &Session, n: &str| {
        s.state
            .formation(n)
            .map(|f| (f.order.kind.name().to_string(), f.order.objective.clone()))
            .unwrap_or_default()
    };
    // Written the same turn, the division's own order stands.
    assert_eq!(f(&s, "8th-Division").1, "the farm");
    assert_eq!(f(&s, "10th-Division").1, "St Amand");
    // A corps order written later reaches every division that has no
    // newer order of its own, and the answer says which kept theirs.
    ok(&mut s, "next");
    ok(&mut s, "order III-Corps attack Ligny distance 0 dice 10");
    let mut told = String::new();
    for _ in 0..12 {
        let t = s.run("next dice 10,10,10,10");
        told.push_str(&t.text);
        told.push('\n');
        if f(&s, "III-Corps").1 == "Ligny" {
            break;
        }
    }
    assert_eq!(f(&s, "III-Corps").1, "Ligny", "{told}");
    assert_eq!(f(&s, "10th-Division").1, "Ligny", "{told}");
    assert_eq!(
        f(&s, "8th-Division").1,
        "Ligny",
        "an older order of its own is replaced: {told}"
    );
}

#[test]
fn nb_iss_006_a_newer_division_order_is_not_overwritten_by_its_corps() {
    let mut s = session();
    ok(&mut s, "start III-Corps defend St Amand");
    ok(&mut s, "next");
    // Turn 1: an order to the corps, another to the 8th Division itself.
    ok(&mut s, "order III-Corps attack Ligny distance 0");
    ok(&mut s, "order 8th-Division defend the farm distance 0");
    let mut told = String::new();
    for _ in 0..15 {
        let t = s.run("next dice 10,10,10,10");
        told.push_str(&t.text);
        told.push('\n');
    }
    let f = |n: &str| {
        s.state
            .formation(n)
            .map(|f| f.order.objective.clone())
            .unwrap_or_default()
    };
    assert_eq!(f("III-Corps"), "Ligny", "{told}");
    assert_eq!(f("10th-Division"), "Ligny", "{told}");
    assert_eq!(f("8th-Division"), "the farm", "{told}");
    assert!(
        told.contains("8th-Division keeps its own order, Defend the farm (NB-ISS-006)")
            || !told.contains("III-Corps now acts")
            || told.find("III-Corps now acts") < told.find("8th-Division now acts"),
        "{told}"
    );
}

#[test]
fn names_given_twice_and_words_a_command_does_not_take_are_refused() {
    let mut s = session();
    ok(&mut s, "next");
    let e = err(&mut s, "order IV-Corps,IV-Corps attack x distance 3");
    assert!(e.contains("IV-Corps is named twice"), "{e}");
    assert!(err(&mut s, "next oops").contains("`next` takes nothing after it"));
    let long = format!("order IV-Corps attack {} distance 3", "x".repeat(100_000));
    let e = err(&mut s, &long);
    assert!(e.contains("at most 240 characters") && e.len() < 200, "{e}");
}

/// Commands of every seat: `{O}` is the French orders' objective, which
/// differs between the two games compared. (How far a French messenger
/// rides is secret too, but it decides when a French formation acts on its
/// order, which the Prussians see on the table; and a side's own commands
/// may then succeed in one game and not the other, and an undo of "the
/// last change" take back another change. So the games compared differ in
/// what the orders say, not in when they arrive.)
const POOL: &[&str] = &[
    "next",
    "next",
    "next",
    "next",
    "next dice 7,7,7,7",
    "undo",
    "ruling",
    "as French start III-Corps attack {O}",
    "as French start IV-Corps defend {O}",
    "as French order IV-Corps attack {O} distance 18",
    "as French order III-Corps,IV-Corps defend {O} distance 18",
    "as French order 8th-Division attack {O} distance 18",
    "as French attach Napoleon to Gerard",
    "as French complete III-Corps",
    "as French range Lefol out",
    "as French threat VI-Corps yes",
    "as French done",
    "as French undo",
    "as French show",
    "as Prussians start I-Corps defend Sombreffe",
    "as Prussians order II-Corps attack the brewery distance 12",
    "as Prussians show",
    "as Prussians log",
    "as Prussians help",
    "as Prussians threat VI-Corps yes",
    "as Prussians range Lefol out",
    "as Prussians fall Gerard",
    "as Prussians replace Lefol",
    "as Prussians messenger 1 distance 5",
    "as Prussians attach Blucher to Napoleon",
    "as Prussians done",
    "as Prussians reveal",
    "as Prussians undo",
    "as Prussians next",
    "as Prussians complete II-Corps",
];

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What the Prussians are told and read.
fn prussians(secret: &str, picks: &[usize], seed: u64) -> (Vec<String>, Vec<Reading>, String) {
    let mut s = session();
    s.state.seed = seed;
    let mut told = Vec::new();
    for &i in picks {
        let line = POOL[i].replace("{O}", secret);
        let a = s.run(&line);
        if line.starts_with("as Prussians") {
            told.push(a.text);
        }
    }
    let read = s
        .log_for(&Actor::Side("Prussians".into()))
        .into_iter()
        .map(|(_, _, r)| r)
        .collect();
    (told, read, s.run("as Prussians show").text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    /// Noninterference: two games that differ only in what the French
    /// orders say give the Prussians the same answers, errors, log and
    /// report, whatever anyone types.
    #[test]
    fn the_prussians_learn_nothing_of_the_french_orders(
        picks in vec(0..POOL.len(), 1..60),
        seed in 0u64..1_000,
    ) {
        prop_assert_eq!(
            prussians("the windmill", &picks, seed),
            prussians("the church of Saint-Amand", &picks, seed)
        );
    }
}

/// Commands that roll nothing.
const QUIET: &[&str] = &[
    "as French show",
    "as Prussians log",
    "ruling",
    "as French range Lefol out",
    "as Prussians range Zieten out",
    "as French engaged 8th-Division yes",
    "help next",
    "next oops",
    "as French undo",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    /// Dice belong to the roll: the activation rolled when an order is
    /// read comes out the same after an undo, whatever rolls nothing in
    /// between.
    #[test]
    fn undo_never_buys_new_dice(
        between in vec(0..QUIET.len(), 0..10),
        seed in 0u64..1_000,
    ) {
        let mut s = session();
        s.state.seed = seed;
        for l in ["next", "as French order IV-Corps attack Ligny distance 0", "next", "next", "next", "next"] {
            s.run(l);
        }
        // The Communications step of turn 2: IV-Corps reads its order.
        let first = s.run("next");
        prop_assert!(first.text.contains("d10 = "), "{}", first.text);
        s.run("undo");
        for i in between {
            s.run(QUIET[i]);
        }
        let again = s.run("next");
        let die = |t: &str| t.split("d10 = ").nth(1).and_then(|r| r.split(' ').next()).map(str::to_string);
        prop_assert_eq!(die(&first.text), die(&again.text));
    }
}
