//! The session's rules on a small two-sided game: each side has a score;
//! Red also keeps a secret number that Blue may not learn.

use proptest::prelude::*;

use super::*;

#[derive(Debug, Clone, PartialEq)]
struct Scores {
    seed: u64,
    rolls: RollCounts,
    red: i64,
    blue: i64,
    /// Red's alone.
    secret: i64,
}

const COMMANDS: &[Command] = &[
    builtin::HELP,
    Command::new("add", "add to your score", "add N", "add 3"),
    Command::new("roll", "add a d6 to your score", "roll", "roll").bare(),
    Command::new(
        "peek",
        "your score, and Red's secret if you may know it",
        "peek",
        "peek",
    )
    .ask()
    .bare(),
    Command::new("guess", "guess Red's secret", "guess N", "guess 4").ask(),
    Command::new("hide", "Red hides a number", "hide N", "hide 7").private(),
    Command::new("spend", "Red spends one of the secret", "spend", "spend")
        .private()
        .bare(),
    Command::new("bump", "add one to a side's score", "bump SIDE", "bump Red").umpire(),
    builtin::UNDO,
    builtin::LOG,
    builtin::END,
];

impl Table for Scores {
    type Error = String;
    const COMMANDS: &'static Commands = COMMANDS;
    const PREAMBLE: &'static str = "Commands:";

    fn seed(&self) -> u64 {
        self.seed
    }

    fn rolls(&self) -> &RollCounts {
        &self.rolls
    }

    fn rolls_mut(&mut self) -> &mut RollCounts {
        &mut self.rolls
    }

    fn sides(&self) -> Vec<String> {
        vec!["Red".into(), "Blue".into()]
    }

    fn view_for(&self, viewer: &Actor) -> Option<Scores> {
        (!viewer.sees_hidden_of("Red")).then(|| Scores {
            secret: 0,
            ..self.clone()
        })
    }

    fn dispatch(
        s: &mut Session<Scores>,
        actor: &Actor,
        words: &[String],
        rolls: &mut Rolls,
    ) -> Result<Answer, String> {
        let number = |i: usize| -> Result<i64, String> {
            words
                .get(i)
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| "a number, please".to_string())
        };
        let blue = actor.side() == Some("Blue");
        fn score(st: &mut Scores, blue: bool) -> &mut i64 {
            if blue { &mut st.blue } else { &mut st.red }
        }
        match words[0].as_str() {
            "add" => {
                // Changes the state before failing, to prove the session
                // puts it back.
                *score(&mut s.state, blue) += 1000;
                let n = number(1)?;
                *score(&mut s.state, blue) += n - 1000;
                Ok(Answer::changed(format!(
                    "now {}",
                    score(&mut s.state, blue)
                )))
            }
            "roll" => {
                let d = rolls.die(6, "the roll").map_err(|e| e.to_string())?;
                *score(&mut s.state, blue) += i64::from(d);
                Ok(Answer::changed(format!(
                    "rolled {d}: now {}",
                    score(&mut s.state, blue)
                )))
            }
            "peek" => Ok(Answer::said(format!(
                "red {}, blue {}, secret {}",
                s.state.red, s.state.blue, s.state.secret
            ))),
            "guess" => {
                let n = number(1)?;
                // A question whose error tells what it may: nothing
                // hidden, when asked on the view.
                if n == s.state.secret {
                    Ok(Answer::said("right"))
                } else {
                    Err(format!("not {n}"))
                }
            }
            "hide" => {
                if blue {
                    return Err("only Red hides".into());
                }
                s.state.secret = number(1)?;
                Ok(Answer::changed("hidden"))
            }
            // Whether it changes anything depends on the secret.
            "spend" => {
                if blue {
                    return Err("only Red spends".into());
                }
                if s.state.secret == 0 {
                    return Err("nothing left to spend".into());
                }
                s.state.secret -= 1;
                Ok(Answer::changed("spent"))
            }
            "bump" => {
                let side = words.get(1).ok_or("bump whom?")?;
                match side.to_ascii_lowercase().as_str() {
                    "red" => s.state.red += 1,
                    "blue" => s.state.blue += 1,
                    _ => return Err(format!("no side {side}")),
                }
                Ok(Answer::changed(format!("{side} bumped")))
            }
            other => Err(format!("the game does not know `{other}`")),
        }
    }
}

fn session(seed: u64) -> Session<Scores> {
    Session::new(Scores {
        seed,
        rolls: RollCounts::default(),
        red: 0,
        blue: 0,
        secret: 0,
    })
}

fn unumpired(seed: u64) -> Session<Scores> {
    Session::at_table(session(seed).state, false)
}

#[test]
fn errors_leave_the_state_as_it_was_and_are_logged() {
    let mut s = session(1);
    s.run("add 5");
    let before = s.state.clone();
    assert_eq!(s.run("add five"), Answer::said("error: a number, please"));
    assert_eq!(s.state, before);
    // The refused order takes its place among what undo takes back; a
    // line that names no command does not.
    assert_eq!(s.undoable(), 2);
    assert_eq!(
        s.run("jump").text,
        "error: no command `jump` (did you mean `bump`?); `help` lists them"
    );
    assert_eq!(s.log.last().map(|e| e.line.as_str()), Some("jump"));
    assert_eq!(s.log.len(), 3);
    assert_eq!(s.undoable(), 2);
}

#[test]
fn an_order_that_changed_nothing_is_taken_back_as_nothing() {
    let mut s = session(1);
    s.run("add 5");
    s.run("add five");
    let undone = s.run("undo");
    assert_eq!(
        undone.text,
        "Nothing to take back: the umpire's `add five` changed nothing. \
         `undo` again takes back the order before it."
    );
    assert!(!undone.changed);
    assert_eq!(s.state.red, 5);
    assert_eq!(s.run("undo").text, "Undone: the umpire's `add 5`.");
    assert_eq!(s.state.red, 0);
    // Questions are not orders: nothing is left to take back.
    s.run("help");
    assert_eq!(s.run("undo").text, "error: nothing to undo");
}

#[test]
fn blank_lines_and_comments_are_not_commands() {
    let mut s = session(1);
    assert_eq!(s.run("   "), Answer::said(""));
    assert_eq!(s.run("# a note"), Answer::said(""));
    assert!(s.log.is_empty());
}

#[test]
fn words_after_a_command_that_takes_none_are_refused() {
    let mut s = session(1);
    assert_eq!(
        s.run("roll oops").text,
        "error: `roll` takes nothing after it, and `oops` is not read; nothing was run"
    );
    assert_eq!(
        s.run("roll peek").text,
        "error: `roll` takes nothing after it, and `peek` is not read (did you mean `peek`?); nothing was run"
    );
    assert_eq!(s.state.red, 0);
}

#[test]
fn a_long_line_is_refused_without_being_echoed() {
    let mut s = session(1);
    let long = format!("add {}", "9".repeat(100_000));
    let a = s.run(&long);
    assert!(
        a.text
            .starts_with("error: a command is at most 240 characters"),
        "{}",
        a.text
    );
    assert!(a.text.len() < 200);
    assert!(s.log.iter().all(|e| e.command.chars().count() <= 40));
}

#[test]
fn unique_beginnings_of_commands_are_taken() {
    let mut s = session(1);
    assert_eq!(s.run("ad 2").text, "now 2");
    assert_eq!(s.log.last().map(|e| e.command.as_str()), Some("ad 2"));
}

#[test]
fn the_umpire_undoes_any_change_and_a_side_its_own_that_rolled_nothing() {
    let mut s = session(1);
    s.run("as Red add 2");
    s.run("as Blue add 3");
    assert_eq!(
        s.run("as Red undo").text,
        "error: a side takes back only its own last change, and the last change was not yours: only the umpire takes it back at this table; ask them"
    );
    assert_eq!(s.run("as Blue undo").text, "Undone: the Blue's `add 3`.");
    assert_eq!((s.state.red, s.state.blue), (2, 0));
    s.run("as Red roll");
    assert_eq!(
        s.run("as Red undo").text,
        "error: your last change rolled dice: only the umpire takes it back at this table; ask them"
    );
    let undone = s.run("undo").text;
    assert_eq!(
        undone,
        "Undone: the Red's `roll`. Its dice are taken back: the same roll gets the same dice again."
    );
    // Blue reads that dice were taken back.
    let blue = s.log_for(&Actor::Side("Blue".into()));
    assert_eq!(blue.last().map(|(_, _, r)| r.answer.clone()), Some(undone));
    s.run("undo");
    assert_eq!(s.run("undo").text, "error: nothing to undo");
}

#[test]
fn without_an_umpire_taking_back_a_roll_needs_every_side() {
    let mut s = unumpired(4);
    s.run("as Red roll");
    let rolled = s.state.red;
    assert_eq!(
        s.run("as Red undo").text,
        "The Red ask for `undo`; it runs when the Blue ask for it too."
    );
    assert_eq!(s.state.red, rolled);
    assert_eq!(
        s.asked(),
        ["The Red asked for `undo`; it runs when the Blue ask too."]
    );
    let a = s.run("as Blue undo");
    assert!(
        a.text
            .starts_with("Every side asked for `undo`: Undone: the Red's `roll`."),
        "{}",
        a.text
    );
    assert_eq!(s.state.red, 0);
    assert!(s.asked().is_empty());
}

#[test]
fn the_umpires_commands_are_refused_to_a_side_or_asked_for_without_an_umpire() {
    let mut s = session(1);
    assert_eq!(
        s.run("as Blue bump Blue").text,
        "error: `bump` is the umpire's at this table: ask them"
    );
    assert_eq!(s.run("bump Blue").text, "Blue bumped");

    let mut s = unumpired(1);
    assert_eq!(
        s.run("as Blue bump Blue").text,
        "The Blue ask for `bump Blue`; it runs when the Red ask for it too."
    );
    assert_eq!(s.state.blue, 0);
    // Asking for something else does not count as agreeing.
    s.run("as Red bump Red");
    assert_eq!(s.state.blue, 0);
    assert_eq!(
        s.run("as Red bump blue").text,
        "Every side asked for `bump blue`: blue bumped"
    );
    assert_eq!(s.state.blue, 1);
    // Any change clears what was asked.
    assert!(s.asked().is_empty());
}

#[test]
fn an_observer_only_asks() {
    let mut s = session(1);
    assert_eq!(
        s.run_as(&Actor::Observer, "add 1").text,
        "error: an observer may only ask: `help` lists the questions"
    );
    assert_eq!(
        s.run_as(&Actor::Observer, "peek").text,
        "red 0, blue 0, secret 0"
    );
}

#[test]
fn a_side_is_answered_from_what_it_may_see() {
    for secret in [0, 7, -3] {
        let mut s = session(1);
        s.run(&format!("as Red hide {secret}"));
        assert_eq!(s.run("as Blue peek").text, "red 0, blue 0, secret 0");
        // Guessing tells Blue nothing either way.
        assert_eq!(s.run("as Blue guess 7").text, "error: not 7");
        // Blue never reads Red's private command.
        let blue: Vec<String> = s
            .log_for(&Actor::Side("Blue".into()))
            .into_iter()
            .map(|(_, _, r)| format!("{}={}", r.command, r.answer))
            .collect();
        assert_eq!(
            blue,
            ["peek=red 0, blue 0, secret 0", "guess 7=error: not 7"]
        );
        assert_eq!(s.run("as Blue log").text, "Blue: peek\nBlue: guess 7");
    }
    let mut s = session(1);
    s.run("as Red hide 7");
    assert_eq!(s.run("as Red guess 7").text, "right");
    assert_eq!(s.run("guess 7").text, "right");
}

#[test]
fn typed_dice_are_used_and_running_out_is_said() {
    let mut s = session(1);
    assert_eq!(s.run("roll dice 4").text, "rolled 4: now 4");
    assert_eq!(s.run("roll rolled 2").text, "rolled 2: now 6");
    assert_eq!(
        s.run("roll dice").text,
        "error: not enough dice typed in: one more d6 is needed for the roll (0 used so far)"
    );
    assert_eq!(
        s.run("roll dice 9").text,
        "error: 9 cannot be rolled on a d6 (the roll)"
    );
    assert_eq!(
        s.run("roll dice 4,x").text,
        "error: `x` is not a die face; type the dice as 5,3,6"
    );
    assert_eq!(s.state.red, 6);
    assert_eq!(
        s.run("roll dice 3,5,6").text,
        "rolled 3: now 9\n(2 typed dice not used)"
    );
    // Typed dice do not move the seeded stream.
    assert_eq!(s.state.rolls, RollCounts::default());
}

#[test]
fn the_end_opens_every_log_and_stops_play() {
    let mut s = unumpired(1);
    s.run("as Red hide 3");
    let blue = Actor::Side("Blue".into());
    assert!(s.log_for(&blue).is_empty());
    s.run("as Red end");
    assert!(!s.ended());
    s.run("as Blue end");
    assert!(s.ended());
    assert_eq!(
        s.run("as Blue add 1").text,
        "error: the game is over: every log is open, and nothing more is played"
    );
    assert!(
        s.log_for(&blue)
            .iter()
            .any(|(_, _, r)| r.command == "hide 3")
    );
}

#[test]
fn the_same_seed_replays_the_same_transcript() {
    let lines = [
        "roll",
        "add 2",
        "as Blue roll",
        "undo",
        "roll",
        "oops",
        "roll dice 1",
        "roll",
    ];
    let play = |seed: u64| {
        let mut s = session(seed);
        for l in lines {
            s.run(l);
        }
        s
    };
    let (a, b) = (play(42), play(42));
    assert_eq!(a.transcript(), b.transcript());
    assert_eq!(a.state, b.state);
    assert!(a.transcript().contains("> as Blue roll\nrolled "));
    let others: Vec<String> = (0..8).map(|s| play(s).transcript()).collect();
    assert!(others.iter().any(|t| *t != a.transcript()));
}

/// How many cases a property runs: `PROPTEST_CASES`, or `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A command that rolls nothing.
fn quiet() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..5).prop_map(|n| format!("add {n}")),
        (0i64..5).prop_map(|n| format!("as Blue add {n}")),
        Just("peek".to_string()),
        Just("as Blue peek".to_string()),
        Just("log".to_string()),
        Just("help".to_string()),
        Just("oops".to_string()),
        Just("roll oops".to_string()),
        (0i64..9).prop_map(|n| format!("as Red hide {n}")),
        Just("bump Red".to_string()),
        Just("as Blue undo".to_string()),
    ]
}

/// Any command.
fn any_line() -> impl Strategy<Value = String> {
    prop_oneof![
        quiet(),
        Just("roll".to_string()),
        Just("as Red roll".to_string()),
        Just("as Blue roll".to_string()),
        Just("undo".to_string()),
        Just("spend".to_string()),
        Just("as Red spend".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// Dice belong to the roll: for any game so far, `X; undo; Y…; X`
    /// where Y rolls nothing gives X the same dice.
    #[test]
    fn undo_never_buys_new_dice(
        seed in 0u64..1000,
        before in proptest::collection::vec(any_line(), 0..12),
        roller in prop_oneof![Just("roll"), Just("as Red roll"), Just("as Blue roll")],
        between in proptest::collection::vec(quiet(), 0..8),
    ) {
        let mut s = session(seed);
        for l in &before {
            s.run(l);
        }
        let first = s.run(roller).text;
        prop_assume!(!first.starts_with("error"));
        let face = |t: &str| t.split(':').next().unwrap_or_default().to_string();
        s.run("undo");
        for l in &between {
            s.run(l);
        }
        let again = s.run(roller).text;
        prop_assert_eq!(face(&first), face(&again));
    }

    /// What Blue is told never depends on Red's secret.
    #[test]
    fn blue_learns_nothing_of_reds_secret(
        seed in 0u64..1000,
        secrets in (0i64..10, 0i64..10),
        lines in proptest::collection::vec(any_line(), 0..16),
        questions in proptest::collection::vec(
            prop_oneof![
                Just("as Blue peek".to_string()),
                (0i64..10).prop_map(|n| format!("as Blue guess {n}")),
                Just("as Blue log".to_string()),
                Just("as Blue help".to_string()),
            ],
            0..6,
        ),
    ) {
        let play = |secret: i64| {
            let mut s = session(seed);
            s.run(&format!("as Red hide {secret}"));
            let mut told = Vec::new();
            for l in lines.iter().chain(&questions) {
                let a = s.run(l);
                if l.starts_with("as Blue") {
                    told.push(a.text);
                }
            }
            let blue = Actor::Side("Blue".into());
            let read: Vec<Reading> = s.log_for(&blue).into_iter().map(|(_, _, r)| r).collect();
            (told, read)
        };
        prop_assert_eq!(play(secrets.0), play(secrets.1));
    }
}
