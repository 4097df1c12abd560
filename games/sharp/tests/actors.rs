//! Who may do what at a Sharp Practice table: a side commands its own
//! Groups and Big Men and learns only what it may see; the umpire's
//! commands are the umpire's; undo never buys new dice; and what a side is
//! told never depends on what lies under the other side's Blind.

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_core::session::{Actor, Reading};
use umpire_sharp::session::Session;
use umpire_sharp::setup::battle_from_toml;
use umpire_sharp::state::Card;

const VIMEIRO: &str = include_str!("../scenarios/vimeiro.toml");

/// Vimeiro with other troops under the French Blind: hussars (elite,
/// more men) and another Big Man of another status, where the scenario has
/// the chasseurs and Lieutenant Ducos.
fn other_blind() -> String {
    let hidden = VIMEIRO
        .replace(
            "name = \"chasseurs\"\nside = \"French\"\nmen = 6\nquality = \"good\"",
            "name = \"chasseurs\"\nside = \"French\"\nmen = 10\nquality = \"elite\"",
        )
        .replace(
            "name = \"Lieutenant Ducos\"\nside = \"French\"\nstatus = \"I\"",
            "name = \"Lieutenant Ducos\"\nside = \"French\"\nstatus = \"III\"",
        )
        .replace("chasseurs", "hussars")
        .replace("Lieutenant Ducos", "Capitaine Marbot");
    assert!(!hidden.contains("chasseurs") && hidden.contains("Marbot"));
    hidden
}

/// A command of the pool in one of the two battles: `{G}` is the Group
/// and `{M}` the Big Man under the French Blind in that battle (the
/// French and the umpire name their own troops, whatever they are).
fn line(pool: &str, hidden: (&str, &str)) -> String {
    pool.replace("{G}", hidden.0).replace("{M}", hidden.1)
}

fn session_of(text: &str) -> Session {
    match battle_from_toml("vimeiro.toml", text) {
        Ok(b) => Session::new(b),
        Err(e) => panic!("{e}"),
    }
}

fn session() -> Session {
    session_of(VIMEIRO)
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

/// Draw until `who`'s card is in play.
fn card_of(s: &mut Session, who: &str) {
    for _ in 0..40 {
        if matches!(&s.state.active, Some(a) if matches!(&a.card, Card::BigMan(n) if n == who)) {
            return;
        }
        s.run("draw");
    }
    panic!("{who}'s card never came up");
}

#[test]
fn a_side_cannot_fight_shock_kill_or_probe_troops_hidden_from_it() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    // The chasseurs are under the French Blind: to the British they do not
    // exist, exactly like a name that was never in the game.
    let hidden = err(&mut s, "as British fight line-company vs chasseurs");
    let nothing = err(&mut s, "as British fight line-company vs zouaves");
    assert_eq!(
        hidden.replace("chasseurs", "X"),
        nothing.replace("zouaves", "X")
    );
    assert!(!hidden.contains("Ducos"), "{hidden}");
    for line in [
        "as British odds fight line-company vs chasseurs",
        "as British odds fire line-company at chasseurs range 10",
        "as British odds spot rifles at chasseurs range 10 obscurity open",
        "as British fire line-company at chasseurs range 10",
    ] {
        let e = err(&mut s, line);
        assert!(e.contains("no Group `chasseurs`"), "{line}: {e}");
        // The Groups it may name are listed, and only those.
        assert!(e.contains("voltigeurs") && !e.contains("chasseurs,"), "{e}");
    }
    // By hand, shock and men are the umpire's.
    for line in [
        "as British shock chasseurs +1",
        "as British kill chasseurs 1",
    ] {
        assert!(err(&mut s, line).contains("is the umpire's at this table"));
    }
    // A British question names no French Big Man under the Blind.
    let help = ok(&mut s, "as British show");
    assert!(
        !help.contains("Ducos") && !help.contains("chasseurs"),
        "{help}"
    );
}

#[test]
fn a_side_commands_only_its_own_groups_and_big_men() {
    let mut s = session();
    card_of(&mut s, "Colonel Vandal");
    // A French Big Man's card: the British may not spend his initiative.
    let e = err(&mut s, "as British initiative self");
    assert!(
        e.contains("Colonel Vandal's initiative is the French'"),
        "{e}"
    );
    ok(&mut s, "as French initiative activate voltigeurs");
    let e = err(&mut s, "as British fire voltigeurs at rifles range 9");
    assert!(e.contains("voltigeurs is the French'"), "{e}");
    let e = err(&mut s, "as British move voltigeurs");
    assert!(e.contains("voltigeurs is the French'"), "{e}");
    let e = err(&mut s, "as British reveal French-Blind-1");
    assert!(e.contains("French Blind 1 is the French'"), "{e}");
    // The umpire's commands are refused to a side at an umpired table.
    for line in [
        "as British draw",
        "as British bonus French",
        "as French ruling first-volley every-volley",
    ] {
        assert!(
            err(&mut s, line).contains("is the umpire's at this table: ask them"),
            "{line}"
        );
    }
    // Listing the rulings is a question anyone may ask.
    assert!(ok(&mut s, "as British ruling").contains("first-volley"));
}

#[test]
fn a_hidden_big_mans_card_is_told_to_the_other_side_without_his_name() {
    // Play until Lieutenant Ducos' card (he is under the French Blind).
    let mut s = session();
    card_of(&mut s, "Lieutenant Ducos");
    let british = Actor::Side("British".into());
    let read = s.log_for(&british);
    let (_, _, last) = read.last().expect("the British read the draw");
    assert_eq!(last.command, "draw");
    assert!(
        last.answer
            .ends_with("the card of a French Big Man under a Blind."),
        "{}",
        last.answer
    );
    // Their own `show` tells whose card it is, and nothing of him.
    let shown = ok(&mut s, "as British show");
    assert!(
        shown.contains("in play: the card of a French Big Man under a Blind"),
        "{shown}"
    );
    assert!(
        !shown.contains("Ducos") && !shown.contains("initiative"),
        "{shown}"
    );
    // The British may not spend it, and are told why without his name.
    let e = err(&mut s, "as British initiative self");
    assert!(
        e.contains("a French Big Man's: the French spend his initiative"),
        "{e}"
    );
    // The French may.
    ok(&mut s, "as French initiative self");
}

#[test]
fn a_sides_log_shows_only_what_it_may_read() {
    let mut s = session();
    ok(&mut s, "bonus French");
    ok(&mut s, "as French hand French");
    ok(&mut s, "as British show");
    let log = ok(&mut s, "as British log");
    assert_eq!(log, "umpire: bonus\nBritish: show");
    let log = ok(&mut s, "as French log");
    assert!(
        log.starts_with("umpire: bonus French\nFrench: hand French"),
        "{log}"
    );
}

/// SP-FIST: a fight is between Groups of the two sides, each named once,
/// attacked by Groups activated (or encouraged) on the card in play, with
/// as much fervour as initiative added to it.
#[test]
fn sp_fist_001_a_fight_needs_activated_groups_of_both_sides_each_once() {
    let mut s = session();
    card_of(&mut s, "Captain Sharp");
    let e = err(&mut s, "fight rifles vs voltigeurs");
    assert!(e.contains("rifles is not activated on this card"), "{e}");
    ok(&mut s, "initiative self");
    let e = err(&mut s, "fight rifles vs line-company");
    assert!(e.contains("a fight is between the two sides"), "{e}");
    let e = err(&mut s, "fight rifles vs voltigeurs,voltigeurs");
    assert!(e.contains("voltigeurs is named twice"), "{e}");
    let e = err(&mut s, "fight rifles vs rifles");
    assert!(e.contains("rifles is named twice"), "{e}");
    let e = err(&mut s, "initiative merge rifles rifles");
    assert!(e.contains("rifles is named twice"), "{e}");
    let e = err(&mut s, "fight rifles vs voltigeurs,line-company");
    assert!(e.contains("are not all of one side"), "{e}");
    // SP-INI-009: fervour is the initiative spent on it this card.
    let e = err(&mut s, "fight rifles vs voltigeurs fervour 3");
    assert!(
        e.contains("fervour 3") && e.contains("0 has been added"),
        "{e}"
    );
    ok(&mut s, "initiative fervour");
    let e = err(&mut s, "fight rifles vs voltigeurs fervour 2");
    assert!(e.contains("1 has been added"), "{e}");
    let fought = ok(&mut s, "fight rifles vs voltigeurs fervour 1");
    // The result first, then the working.
    let first = fought.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("Fisticuffs, rifles against voltigeurs: "),
        "{fought}"
    );
    assert!(
        !fought.contains("FireOnly") && !fought.contains("NoMoveOrFire"),
        "{fought}"
    );
    // An encouraged Group may attack too (SP-INI-008).
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative encourage line-company");
    ok(&mut s, "fight line-company vs voltigeurs");
}

/// SP-BM-005 with SP-CARD-007: a Grasp the Nettle card rated II is played
/// only for a Big Man of status II or higher.
#[test]
fn sp_bm_005_a_rated_grasp_the_nettle_is_for_a_big_man_of_that_status_or_higher() {
    let mut s = session();
    // The British hold the rated cards I and II.
    let rated: Vec<_> = s
        .state
        .bonus_deck
        .iter()
        .filter(|c| c.id == "grasp-the-nettle-1" || c.id == "grasp-the-nettle-2")
        .cloned()
        .collect();
    assert_eq!(rated.len(), 2);
    s.state.bonus_deck.retain(|c| !rated.contains(c));
    s.state.sides[0].hand.extend(rated);
    card_of(&mut s, "Sergeant Harper");
    let e = err(&mut s, "as British play British grasp-the-nettle-2");
    assert!(
        e.contains("is for a Big Man of status II or higher, and Sergeant Harper is of status I"),
        "{e}"
    );
    let played = ok(&mut s, "as British play British grasp-the-nettle-1");
    assert!(
        played.starts_with("Played Grasp the Nettle (I)"),
        "{played}"
    );
}

/// `dice` means one thing everywhere: the faces typed in. A move spends
/// its action dice with `actions N`.
#[test]
fn a_move_uses_the_typed_dice_and_counts_action_dice_with_actions() {
    let mut s = session();
    card_of(&mut s, "Captain Sharp");
    ok(&mut s, "initiative self");
    let moved = ok(&mut s, "move rifles actions 2 dice 6,6");
    assert!(
        moved.starts_with("rifles moves ") && moved.contains("2 dice [6, 6]"),
        "{moved}"
    );
    let e = err(&mut s, "move rifles actions 9");
    assert!(e.contains("a move spends 1 to 6 action dice"), "{e}");
}

/// A fire's answer leads with what happened; kills past the Group's men
/// remove no more men than it has; spot odds say the score needed.
#[test]
fn answers_lead_with_the_result_and_say_what_is_needed() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    let fired = ok(
        &mut s,
        &format!(
            "fire line-company at voltigeurs range 3 dice {}",
            ["6"; 60].join(",")
        ),
    );
    let first = fired.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("line-company fires at voltigeurs"),
        "{fired}"
    );
    assert!(first.contains(" kills, "), "{fired}");
    // 16 kills against 8 men: 8 men removed, and the Group has none left.
    assert!(first.contains("16 kills, 8 men removed"), "{first}");
    assert!(fired.contains("\n  voltigeurs: 0 men, "), "{fired}");
    let odds = ok(
        &mut s,
        "odds spot rifles at French-Blind-1 range 10 obscurity slight",
    );
    assert!(
        odds.starts_with("rifles needs ") && odds.contains("or more on 2D6"),
        "{odds}"
    );
}

#[test]
fn help_explains_a_command_with_an_example_and_prefixes_are_taken() {
    let mut s = session();
    let h = ok(&mut s, "help fire");
    assert!(
        h.contains("example: fire rifles at voltigeurs range 12 cover soft"),
        "{h}"
    );
    let h = ok(&mut s, "as British help");
    assert!(
        !h.lines().any(|l| l.trim_start().starts_with("draw")),
        "{h}"
    );
    // `volt` is the one Group it begins.
    assert!(ok(&mut s, "odds fire rifles at volt range 12").starts_with("rifles at voltigeurs"));
    assert!(err(&mut s, "draw oops").contains("`draw` takes nothing after it"));
    let e = err(
        &mut s,
        &format!("fire rifles at {} range 3", "x".repeat(100_000)),
    );
    assert!(e.len() < 200, "no error echoes a page of input");
}

/// The umpire's activation of the Group under the French Blind succeeds
/// when the hidden Big Man has initiative left and is refused when he has
/// not; the undo after it takes back that order in both battles, so the
/// British read the same and keep the same bonus card.
#[test]
fn the_umpires_undo_after_an_order_on_hidden_troops_tells_the_british_nothing_more() {
    let picks = [0, 0, 0, 0, 7, 9, 7, 14];
    let other = other_blind();
    let ducos = british(VIMEIRO, ("chasseurs", "Lieutenant_Ducos"), &picks, 0);
    let marbot = british(&other, ("hussars", "Capitaine_Marbot"), &picks, 0);
    assert_eq!(ducos, marbot);
    assert!(
        !ducos.1.iter().any(|r| r.answer.starts_with("Undone")),
        "the British read no undo: {:?}",
        ducos.1
    );
}

/// Commands of every seat: the French and the umpire name the troops under
/// the Blind (`{G}`, `{M}`), the British name what they may and may not see.
const POOL: &[&str] = &[
    "draw",
    "draw",
    "draw",
    "draw",
    "initiative self",
    "initiative activate voltigeurs",
    "initiative activate line-company",
    "initiative activate {G}",
    "fire voltigeurs at rifles range 9",
    "bonus French",
    "bonus British",
    "shock voltigeurs +1",
    "kill {G} 1",
    "shock {G} +2",
    "undo",
    "as French initiative self",
    "as French initiative activate {G}",
    "as French move voltigeurs",
    "as French move {G}",
    "as French move French-Blind-1",
    "as French fire voltigeurs at rifles range 9",
    "as French hand French",
    "as French show",
    "as French undo",
    "as British show",
    "as British show French",
    "as British log",
    "as British help",
    "as British hand British",
    "as British initiative self",
    "as British initiative activate line-company",
    "as British fire line-company at voltigeurs range 12",
    "as British fire line-company at chasseurs range 10",
    "as British fire rifles at hussars range 5",
    "as British fight line-company vs chasseurs",
    "as British fight line-company vs hussars",
    "as British fight line-company vs cha",
    "as British fight rifles vs voltigeurs",
    "as British odds fire line-company at chasseurs range 10",
    "as British odds fire line-company at hussars range 10",
    "as British odds spot rifles at chasseurs range 10 obscurity open",
    "as British odds spot rifles at French-Blind-1 range 10 obscurity open",
    "as British odds fight rifles vs voltigeurs",
    "as British spot rifles at French-Blind-1 range 30 obscurity badly",
    "as British shock chasseurs +1",
    "as British kill hussars 1",
    "as British move rifles",
    "as British move chas",
    "as British reload line-company",
    "as British draw",
    "as British bonus British",
    "as British undo",
    "as British reveal French-Blind-1",
];

/// How many cases a property runs: `PROPTEST_CASES`, or `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What the British are told and read: their answers and their log, up to
/// the first command that puts hidden troops on the table.
fn british(
    text: &str,
    hidden: (&str, &str),
    picks: &[usize],
    seed: u64,
) -> (Vec<String>, Vec<Reading>, String) {
    let mut s = session_of(text);
    s.state.seed = seed;
    let mut told = Vec::new();
    for &i in picks {
        let a = s.run(&line(POOL[i], hidden));
        if s.log.iter().any(|e| e.revealed) {
            break;
        }
        if POOL[i].starts_with("as British") {
            told.push(a.text);
        }
    }
    let end = s.log.iter().position(|e| e.revealed).unwrap_or(s.log.len());
    let read = s
        .log_for(&Actor::Side("British".into()))
        .into_iter()
        .filter(|(i, _, _)| *i < end)
        .map(|(_, _, r)| r)
        .collect();
    let board = if end == s.log.len() {
        s.run("as British show").text
    } else {
        String::new()
    };
    (told, read, board)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    /// Noninterference: two battles that differ only in what is under the
    /// French Blind give the British the same answers, errors, odds, log
    /// and board, whatever anyone types.
    #[test]
    fn the_british_learn_nothing_of_what_is_under_the_french_blind(
        picks in vec(0..POOL.len(), 1..50),
        seed in 0u64..1_000,
    ) {
        let other = other_blind();
        prop_assert_eq!(
            british(VIMEIRO, ("chasseurs", "Lieutenant_Ducos"), &picks, seed),
            british(&other, ("hussars", "Capitaine_Marbot"), &picks, seed)
        );
    }

    /// Dice belong to the roll: after an undo, commands that roll nothing
    /// leave the dice as they were, and the same roll gets the same dice.
    #[test]
    fn undo_never_buys_new_dice(
        before in vec(0..QUIET.len(), 0..10),
        between in vec(0..QUIET.len(), 0..10),
        seed in 0u64..1_000,
    ) {
        let mut s = session();
        s.state.seed = seed;
        card_of(&mut s, "Colonel Vandal");
        s.run("initiative activate voltigeurs");
        for i in before {
            s.run(QUIET[i]);
        }
        let roll = "fire voltigeurs at rifles range 9 --json";
        let first = s.run(roll);
        prop_assert!(first.changed, "{}", first.text);
        s.run("undo");
        for i in between {
            s.run(QUIET[i]);
        }
        let again = s.run(roll);
        // The same dice: the to-hit faces, as far as both rolled (a Group
        // changed by hand in between may roll more or fewer).
        let faces = |t: &str| -> Vec<u64> {
            serde_json::from_str::<serde_json::Value>(t)
                .ok()
                .and_then(|v| v["result"]["to_hit"].as_array().cloned())
                .unwrap_or_default()
                .iter()
                .filter_map(serde_json::Value::as_u64)
                .collect()
        };
        let (a, b) = (faces(&first.text), faces(&again.text));
        prop_assert!(!a.is_empty() && !b.is_empty(), "{} / {}", first.text, again.text);
        let n = a.len().min(b.len());
        prop_assert_eq!(&a[..n], &b[..n]);
    }
}

/// Commands that roll nothing, from any seat.
const QUIET: &[&str] = &[
    "as British show",
    "as British log",
    "as French hand French",
    "shock rifles +1",
    "kill voltigeurs 1",
    "bonus British",
    "as British odds fire rifles at voltigeurs range 9",
    "ruling",
    "as British undo",
    "help fire",
    "draw oops",
];
