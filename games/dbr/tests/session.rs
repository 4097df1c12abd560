//! DBR at the table: bounds and PIPs diced and spent, combats rolled and
//! applied to the loser, moves and ranges with the one-question working,
//! undo that never re-rolls, and a battle that is always its log replayed.

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_core::session::{Actor, Reading};
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
    // The result first, the working after.
    assert_eq!(
        t.lines().next(),
        Some("smaland-horse fights croats, 11 to 2: croats is now destroyed.")
    );
    assert_eq!(status(&s, "croats"), Status::Destroyed);
    assert!(
        err(&mut s, "combat finnish-horse vs croats")
            .contains("croats is out of the battle (destroyed)")
    );
    let t = ok(&mut s, "combat yellow-brigade-pike vs tercio-pike dice 1,3");
    assert!(
        t.starts_with("yellow-brigade-pike fights tercio-pike, "),
        "{t}"
    );
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

/// DBR-PIP-016: the general's -1 is for his own element or group, and only
/// while he has not moved this bound; steadying does not move him.
#[test]
fn dbr_pip_016_the_generals_minus_one_only_for_his_own_element_before_he_moves() {
    let mut s = session();
    ok(&mut s, "bound dice 6,6");
    // finnish-horse is Baner's, but the general is with smaland-horse.
    let e = err(&mut s, "pips Baner move finnish-horse with-general");
    assert!(
        e.contains("Baner's general is not with finnish-horse") && e.contains("DBR-PIP-016"),
        "{e}"
    );
    let t = ok(&mut s, "pips Baner move smaland-horse with-general");
    assert!(t.starts_with("Baner spends 0 PIP(s)"), "{t}");
    let e = err(&mut s, "pips Baner move smaland-horse with-general");
    assert!(e.contains("has already moved this bound"), "{e}");
    // Without the claim he may move again, at the full price.
    assert!(ok(&mut s, "pips Baner move smaland-horse").starts_with("Baner spends 1 PIP(s)"));
    // A new bound, and the general may give his -1 again.
    ok(&mut s, "bound dice 1,1");
    ok(&mut s, "bound dice 6,6");
    assert!(
        ok(
            &mut s,
            "pips Teuffel steady yellow-brigade-pike with-general"
        )
        .starts_with("Teuffel spends 0")
    );
    // Steadying did not move him.
    assert!(
        ok(&mut s, "pips Teuffel move yellow-brigade-pike with-general")
            .starts_with("Teuffel spends 0")
    );
}

/// DBR-PIP-027 to 032: separating costs +2 unless an exception is
/// claimed, as `umpire dbr pips` takes them.
#[test]
fn dbr_pip_029_to_032_the_separation_exceptions_are_claimed_at_the_table() {
    let mut s = session();
    ok(&mut s, "bound dice 6,6");
    let plus_two = ok(&mut s, "pips Baner move finnish-horse separating");
    assert!(plus_two.starts_with("Baner spends 3 PIP(s)"), "{plus_two}");
    ok(&mut s, "undo");
    for (what, claim, rule) in [
        ("move finnish-horse", "previous LH,LH", "exception (a)"),
        (
            "move-group finnish-horse,commanded-shot",
            "straight-ahead",
            "exception (b)",
        ),
        (
            "move-group finnish-horse,commanded-shot",
            "into-combat",
            "exception (c)",
        ),
        ("move finnish-horse", "difficult", "exception (d)"),
    ] {
        let t = ok(&mut s, &format!("pips Baner {what} separating {claim}"));
        assert!(
            t.starts_with("Baner spends 1 PIP(s)") && t.contains(rule),
            "{claim}: {t}"
        );
        ok(&mut s, "undo");
    }
    let e = err(&mut s, "pips Baner move finnish-horse straight-ahead");
    assert!(e.contains("add `separating`"), "{e}");
}

/// A side spends its own commands' PIPs and fights with its own
/// elements; the umpire's commands are the umpire's.
#[test]
fn a_side_acts_only_on_its_own_forces() {
    let mut s = session();
    ok(&mut s, "bound dice 4,4");
    let e = err(&mut s, "as Imperialists pips Baner move smaland-horse");
    assert_eq!(
        e,
        "error: command Baner is the Swedes': the Imperialists command their own"
    );
    let e = err(
        &mut s,
        "as Imperialists combat smaland-horse vs finnish-horse",
    );
    assert!(e.contains("same side"), "{e}");
    ok(
        &mut s,
        "as Imperialists combat croats vs smaland-horse dice 3,3",
    );
    for umpires in ["status croats fled", "bound"] {
        let e = err(&mut s, &format!("as Imperialists {umpires}"));
        assert!(e.contains("is the umpire's at this table"), "{e}");
    }
    assert!(ok(&mut s, "as Swedes pips Baner move smaland-horse").starts_with("Baner spends"));
}

/// Bad input is refused, never read as something else.
#[test]
fn words_a_command_does_not_take_and_names_given_twice_are_refused() {
    let mut s = session();
    let e = err(&mut s, "bound oops");
    assert!(e.contains("`bound` takes nothing after it"), "{e}");
    assert_eq!(s.state.bound, 0);
    ok(&mut s, "bound dice 6,6");
    let e = err(
        &mut s,
        "pips Pappenheim move-group black-cuirassiers,black-cuirassiers",
    );
    assert!(e.contains("it is not"), "{e}");
    let e = err(&mut s, "pips Baner move-group smaland-horse,smaland-horse");
    assert!(e.contains("smaland-horse is named twice"), "{e}");
    // A unique beginning of a name is taken.
    assert!(ok(&mut s, "move croat good").starts_with("croats (LH(F))"));
    let e = err(&mut s, "move yellow good");
    assert!(
        e.contains("`yellow` could be yellow-brigade-pike or yellow-brigade-shot"),
        "{e}"
    );
}

/// Typing commands that roll nothing between an undo and the roll does
/// not buy new dice.
#[test]
fn undo_then_quiet_commands_gives_the_same_bound_again() {
    let mut s = session();
    let first = ok(&mut s, "bound");
    ok(&mut s, "undo");
    ok(&mut s, "status croats in-play");
    ok(&mut s, "status croats in-play");
    assert_eq!(ok(&mut s, "bound"), first);
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
    "as Swedes pips Baner move smaland-horse with-general",
    "as Imperialists combat croats vs smaland-horse",
    "as Imperialists undo",
    "as Swedes undo",
];

/// Commands that roll nothing, from any seat.
const QUIET: &[&str] = &[
    "pips Baner move smaland-horse",
    "as Swedes pips Teuffel move regimental-guns off-road",
    "status croats in-play",
    "status croats recoiled",
    "show",
    "as Imperialists show",
    "odds finnish-horse vs croats",
    "move croats good",
    "log",
    "help combat",
    "bound oops",
    "as Swedes undo",
];

/// A side's questions: what it asks is its own business.
const QUESTIONS: &[&str] = &[
    "as Imperialists show",
    "as Imperialists odds croats vs smaland-horse",
    "as Imperialists move croats good",
    "as Imperialists range imperial-guns",
    "as Imperialists help",
    "as Imperialists log",
    "as Imperialists combat croats vs nobody",
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
            again.run(&e.line);
        }
        prop_assert_eq!(&again.state, &s.state);
        prop_assert_eq!(again.transcript(), s.transcript());
    }

    /// Dice belong to the roll: `X; undo; Y…; X` with Y rolling nothing
    /// gives X the same dice, whatever came before.
    #[test]
    fn undo_never_buys_new_dice(
        before in vec(0..POOL.len(), 0..30),
        roll in prop_oneof![Just("bound"), Just("combat smaland-horse vs croats"), Just("combat yellow-brigade-pike vs tercio-pike")],
        between in vec(0..QUIET.len(), 0..10),
        seed in 0u64..1000,
    ) {
        let mut s = session();
        s.state.seed = seed;
        for i in before {
            s.run(POOL[i]);
        }
        let first = s.run(roll);
        prop_assume!(first.changed);
        s.run("undo");
        for i in between {
            s.run(QUIET[i]);
        }
        let again = s.run(roll);
        // The same dice: the same working (the scores and PIPs diced).
        let dice = |t: &str| t.lines().filter(|l| l.contains("die") || l.contains(": ") && !l.contains("is now")).map(str::to_string).collect::<Vec<_>>();
        if roll == "bound" {
            prop_assert_eq!(first.text, again.text);
        } else {
            prop_assert_eq!(dice(&first.text), dice(&again.text));
        }
    }

    /// What one side asks is its own: the other side's answers and log
    /// are the same whether or not it asked.
    #[test]
    fn a_sides_questions_are_its_own(
        lines in vec(0..POOL.len(), 0..30),
        questions in vec((0..30usize, 0..QUESTIONS.len()), 0..10),
        seed in 0u64..1000,
    ) {
        let play = |ask: bool| {
            let mut s = session();
            s.state.seed = seed;
            let mut told = Vec::new();
            for (at, i) in lines.iter().enumerate() {
                if ask {
                    for (_, q) in questions.iter().filter(|(when, _)| *when == at) {
                        s.run(QUESTIONS[*q]);
                    }
                }
                let a = s.run(POOL[*i]);
                if POOL[*i].starts_with("as Swedes") {
                    told.push(a.text);
                }
            }
            let swedes = Actor::Side("Swedes".into());
            let log: Vec<Reading> = s.log_for(&swedes).into_iter().map(|(_, _, r)| r).collect();
            (told, log, s.run("as Swedes log").text)
        };
        prop_assert_eq!(play(false), play(true));
    }
}
