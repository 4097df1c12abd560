//! DBR at the table: bounds and PIPs diced and spent, combats rolled and
//! applied to the loser, moves and ranges with the one-question working,
//! undo that never re-rolls, and a battle that is always its log replayed.

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_dbr::battle::{Battle, Status};
use umpire_dbr::session::Session;

const SCENARIO: &str = include_str!("../scenarios/breitenfeld.toml");

fn session() -> Session {
    match Battle::from_toml("breitenfeld.toml", SCENARIO) {
        Ok(b) => Session::new(b),
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

fn status(s: &Session, e: &str) -> Status {
    s.state
        .element(e)
        .map(|e| e.status)
        .unwrap_or(Status::InPlay)
}

fn pips(s: &Session, c: &str) -> (Option<u32>, u32) {
    s.state
        .commands
        .iter()
        .find(|x| x.name == c)
        .map_or((None, 0), |x| (x.pips, x.spent))
}

/// DBR-PIP-035 (ruling pip-dice): one d6 per command of the side whose
/// bound it is; the other side's commands have none; unspent PIPs are lost.
#[test]
fn dbr_pip_035_each_bound_dices_one_d6_per_command_of_the_moving_side() {
    let mut s = session();
    let t = ok(&mut s, "bound dice 5,2");
    assert!(t.starts_with("Bound 1, the Swedes' bound."), "{t}");
    assert_eq!(pips(&s, "Baner"), (Some(5), 0));
    assert_eq!(pips(&s, "Teuffel"), (Some(2), 0));
    assert_eq!(pips(&s, "Tilly"), (None, 0));
    ok(&mut s, "pips Baner move smaland-horse");
    assert_eq!(pips(&s, "Baner"), (Some(5), 1));
    ok(&mut s, "bound dice 3,4");
    assert_eq!(pips(&s, "Baner"), (None, 0), "unspent PIPs are lost");
    assert_eq!(pips(&s, "Pappenheim"), (Some(3), 0));
    assert_eq!(pips(&s, "Tilly"), (Some(4), 0));
    assert!(ok(&mut s, "show").contains("bound 2, the Imperialists' bound"));
}

/// PIPs are spent as `umpire dbr pips` works them; more than a command
/// has left, a command not moving, and unknown words spend nothing.
#[test]
fn dbr_pip_spending_is_worked_and_bounded_by_what_is_left() {
    let mut s = session();
    ok(&mut s, "bound dice 1,2");
    let t = ok(&mut s, "pips Teuffel move regimental-guns off-road");
    assert!(
        t.contains("DBR-PIP-023: moving Art (O) off-road: +1 => 2"),
        "{t}"
    );
    let before = s.state.clone();
    let e = err(&mut s, "pips Teuffel move yellow-brigade-pike");
    assert!(e.contains("left this bound; nothing was spent"), "{e}");
    assert!(
        err(&mut s, "pips Tilly move tercio-pike")
            .contains("it is not the Imperialists' bound but the Swedes'")
    );
    assert!(err(&mut s, "pips Baner move tercio-pike").contains("in Tilly's command, not Baner's"));
    assert!(
        err(&mut s, "pips Baner move smaland-horse of-road").contains("Did you mean `off-road`?")
    );
    assert!(err(&mut s, "pips Banner move smaland-horse").contains("did you mean `Baner`?"));
    assert_eq!(s.state, before);
}

/// A combat is rolled, worked as `umpire dbr combat` works it, and its
/// outcome applied to the loser; a recoil lasts until the next bound; an
/// element out of the battle fights no more.
#[test]
fn dbr_res_combat_outcomes_are_applied_to_the_loser() {
    let mut s = session();
    ok(&mut s, "bound dice 3,3");
    let t = ok(&mut s, "combat smaland-horse vs croats dice 6,1");
    assert!(t.contains("DBR-RES-003"), "{t}");
    assert!(t.ends_with("croats is now destroyed."), "{t}");
    assert_eq!(status(&s, "croats"), Status::Destroyed);
    assert!(
        err(&mut s, "combat finnish-horse vs croats")
            .contains("croats is out of the battle (destroyed)")
    );
    let t = ok(&mut s, "combat yellow-brigade-pike vs tercio-pike dice 1,3");
    assert!(t.contains("scores"), "{t}");
    // Somebody recoils at some point in a few fights; the recoil ends with the bound.
    let mut recoiled = None;
    for faces in ["5,1", "1,5", "4,2", "2,4", "6,3", "3,6"] {
        ok(&mut s, "status tercio-pike in-play");
        ok(&mut s, "status yellow-brigade-pike in-play");
        ok(
            &mut s,
            &format!("combat yellow-brigade-pike vs tercio-pike dice {faces}"),
        );
        for e in ["yellow-brigade-pike", "tercio-pike"] {
            if status(&s, e) == Status::Recoiled {
                recoiled = Some(e);
            }
        }
        if recoiled.is_some() {
            break;
        }
    }
    let e = recoiled.expect("a pike fight ends in a recoil");
    ok(&mut s, "bound");
    assert_eq!(status(&s, e), Status::InPlay);
    assert!(err(&mut s, "combat smaland-horse vs finnish-horse").contains("same side"));
    assert!(
        err(&mut s, "combat smaland-horse vs tercio-shot sideways")
            .contains("is not a word `combat` knows")
    );
}

/// Moves and ranges: the one-question answers, for the element's type
/// and grade.
#[test]
fn dbr_move_and_range_answer_for_the_elements_type_and_grade() {
    let mut s = session();
    let t = ok(&mut s, "move croats good");
    assert!(t.starts_with("croats (LH(F)): moves up to 300p"), "{t}");
    let t = ok(&mut s, "move tercio-pike good,rough march");
    assert!(t.starts_with("tercio-pike (Pk(O)): moves up to"), "{t}");
    let t = ok(&mut s, "range imperial-guns");
    assert!(
        t.starts_with("imperial-guns (Art(S)): shoots 1,800p"),
        "{t}"
    );
    assert!(err(&mut s, "move croats good flying").contains("not a word `move` knows"));
}

/// Undo takes a command back and the same command rolls the same dice.
#[test]
fn undo_never_rerolls() {
    let mut s = session();
    ok(&mut s, "bound");
    let first = ok(&mut s, "combat smaland-horse vs croats");
    for _ in 0..4 {
        ok(&mut s, "undo");
        assert_eq!(status(&s, "croats"), Status::InPlay);
        assert_eq!(ok(&mut s, "combat smaland-horse vs croats"), first);
    }
}

/// A bad scenario is refused naming the entry.
#[test]
fn a_bad_scenario_is_refused_naming_the_entry() {
    let bad = SCENARIO.replacen("type = \"Cm(O)\"", "type = \"Cv(O)\"", 1);
    let e = Battle::from_toml("s.toml", &bad)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("element.smaland-horse") && e.contains("Cv"),
        "{e}"
    );
    let bad = SCENARIO.replacen("command = \"Baner\"", "command = \"Banner\"", 1);
    let e = Battle::from_toml("s.toml", &bad)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("no command `Banner`"), "{e}");
    let bad = SCENARIO.replace(
        "sides = [\"Swedes\", \"Imperialists\"]",
        "sides = [\"Swedes\"]",
    );
    assert!(Battle::from_toml("s.toml", &bad).is_err());
}

const POOL: &[&str] = &[
    "bound",
    "bound",
    "pips Baner move smaland-horse",
    "pips Teuffel move regimental-guns off-road",
    "pips Tilly move tercio-pike",
    "pips Pappenheim move-group black-cuirassiers,croats",
    "combat smaland-horse vs croats",
    "combat yellow-brigade-pike vs tercio-pike",
    "combat commanded-shot vs black-cuirassiers shooting",
    "odds finnish-horse vs croats",
    "move croats good",
    "status croats in-play",
    "undo",
    "undo",
    "show",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Whatever is typed, undo included, the battle is its log replayed.
    #[test]
    fn the_battle_is_always_its_log_replayed(picks in vec(0..POOL.len(), 1..60), seed in 0u64..1000) {
        let mut s = session();
        s.state.seed = seed;
        for i in picks {
            s.run(POOL[i]);
        }
        let mut again = session();
        again.state.seed = seed;
        for e in &s.log {
            again.run(&e.command);
        }
        prop_assert_eq!(&again.state, &s.state);
        prop_assert_eq!(again.transcript(), s.transcript());
    }
}
