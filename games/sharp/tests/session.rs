//! The umpire at the table: initiative, action dice, the commands applied
//! to the battle, per-side views, undo, and a whole battle that replays.

use umpire_sharp::session::Session;
use umpire_sharp::setup::battle_from_toml;
use umpire_sharp::state::{Card, Wound};

const SCENARIO: &str = include_str!("../scenarios/vimeiro.toml");

fn session() -> Session {
    match battle_from_toml("vimeiro.toml", SCENARIO) {
        Ok(b) => Session::new(b),
        Err(e) => panic!("{e}"),
    }
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

fn initiatives(s: &Session) -> u32 {
    s.state.active.as_ref().map_or(0, |a| a.initiatives)
}

#[test]
fn sp_ini_001_each_use_costs_one_and_runs_out() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    assert_eq!(initiatives(&s), 2);
    ok(&mut s, "initiative charge");
    ok(&mut s, "initiative action");
    assert_eq!(initiatives(&s), 0);
    assert!(err(&mut s, "initiative fervour").contains("no initiative left"));
}

#[test]
fn sp_ini_002_activate_self_gives_him_and_his_group_two_dice() {
    let mut s = session();
    card_of(&mut s, "Captain Sharp");
    ok(&mut s, "initiative self");
    let dice = s
        .state
        .active
        .as_ref()
        .map(|a| a.dice.clone())
        .unwrap_or_default();
    assert_eq!(dice, vec![("rifles".to_string(), 2)]);
}

#[test]
fn sp_ini_003_activate_a_group_within_his_command_range() {
    let mut s = session();
    card_of(&mut s, "Captain Sharp");
    // Status III: influence 14".
    assert!(err(&mut s, "initiative activate line-company range 15").contains("beyond"));
    let t = ok(&mut s, "initiative activate line-company range 14");
    assert!(t.contains("14\" within his 14\" range"), "{t}");
    assert!(err(&mut s, "initiative activate voltigeurs").contains("not under"));
}

#[test]
fn sp_ini_004_activate_musician_sounds_one_of_his_calls() {
    let mut s = session();
    card_of(&mut s, "Captain Sharp");
    let t = ok(&mut s, "initiative musician Extend for rifles");
    assert!(t.contains("bugle") && t.contains("Extend"), "{t}");
    assert_eq!(initiatives(&s), 2);
    assert!(err(&mut s, "initiative musician Form column").contains("bugle call"));
}

#[test]
fn sp_ini_005_make_a_formation() {
    let mut s = session();
    card_of(&mut s, "Colonel Vandal");
    let t = ok(
        &mut s,
        "initiative form column1 column grenadiers fusiliers",
    );
    assert!(
        t.contains("column of grenadiers, fusiliers (24 men)"),
        "{t}"
    );
    assert_eq!(s.state.formations.len(), 1);
    assert!(
        s.state
            .groups
            .iter()
            .filter(|g| g.formation_of.as_deref() == Some("column1"))
            .count()
            == 2
    );
    // A Column needs at least two Groups.
    assert!(err(&mut s, "initiative form c2 column voltigeurs").starts_with("error"));
}

#[test]
fn sp_ini_006_remove_one_shock_from_his_group() {
    let mut s = session();
    ok(&mut s, "shock rifles +2");
    card_of(&mut s, "Captain Sharp");
    ok(&mut s, "initiative remove-shock rifles");
    assert_eq!(s.state.group("rifles").map(|g| g.shock).ok(), Some(1));
    assert!(err(&mut s, "initiative remove-shock line-company").contains("Group he is with"));
}

#[test]
fn sp_ini_007_charge() {
    let mut s = session();
    card_of(&mut s, "Colonel Vandal");
    assert!(ok(&mut s, "initiative charge").contains("SP-INI-007"));
    assert_eq!(initiatives(&s), 3);
}

#[test]
fn sp_ini_008_encourage_within_influence() {
    let mut s = session();
    card_of(&mut s, "Sergeant Harper");
    // Status I: 6".
    assert!(
        err(&mut s, "initiative encourage line-company range 7").contains("influence range of 6")
    );
    ok(&mut s, "initiative encourage line-company range 6");
}

#[test]
fn sp_ini_009_fervour() {
    let mut s = session();
    card_of(&mut s, "Colonel Vandal");
    assert!(ok(&mut s, "initiative fervour").contains("+1D6"));
}

#[test]
fn sp_ini_010_action() {
    let mut s = session();
    card_of(&mut s, "Colonel Vandal");
    assert!(ok(&mut s, "initiative action").contains("derring-do"));
}

#[test]
fn sp_ini_011_merge_groups_of_six_or_fewer() {
    let mut s = session();
    ok(&mut s, "kill grenadiers 7");
    ok(&mut s, "kill fusiliers 8");
    card_of(&mut s, "Colonel Vandal");
    assert!(err(&mut s, "initiative merge voltigeurs grenadiers").contains("6 men or fewer"));
    let t = ok(&mut s, "initiative merge grenadiers fusiliers");
    assert!(t.contains("9 men"), "{t}");
    assert!(s.state.group("fusiliers").is_err());
}

#[test]
fn sp_ini_012_chosen_man_is_called_then_shoots() {
    let mut s = session();
    card_of(&mut s, "Captain Sharp");
    assert!(err(&mut s, "chosen rifles at voltigeurs range 30").contains("not been called"));
    ok(&mut s, "initiative chosen-man rifles");
    let t = ok(&mut s, "chosen rifles at voltigeurs range 30 dice 5,3");
    assert!(t.contains("SP-CM"), "{t}");
    assert!(err(&mut s, "initiative chosen-man line-company").contains("no chosen man"));
}

#[test]
fn sp_ini_013_a_big_man_commands_as_many_groups_as_his_initiatives() {
    let mut s = session();
    card_of(&mut s, "Captain Sharp");
    ok(&mut s, "initiative self");
    ok(&mut s, "initiative activate line-company");
    ok(&mut s, "initiative activate line-company");
    assert!(err(&mut s, "initiative activate rifles").contains("no initiative left"));
}

#[test]
fn sp_ini_014_make_ready_needs_status_two_and_costs_everything() {
    let mut s = session();
    card_of(&mut s, "Sergeant Harper");
    assert!(err(&mut s, "initiative make-ready rifles").contains("status II"));
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative make-ready line-company");
    assert_eq!(initiatives(&s), 0);
    assert!(
        s.state
            .group("line-company")
            .map(|g| g.ready)
            .unwrap_or(false)
    );
    assert!(err(&mut s, "initiative charge").contains("Make ready!"));
}

#[test]
fn sp_act_001_an_activated_group_has_two_action_dice_and_spends_them() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    assert!(err(&mut s, "fire line-company at grenadiers range 8").contains("not activated"));
    ok(&mut s, "initiative activate line-company");
    ok(&mut s, "fire line-company at grenadiers range 8");
    ok(&mut s, "reload line-company");
    assert!(err(&mut s, "move line-company").contains("0 action dice left"));
}

#[test]
fn firing_applies_shock_kills_wounds_and_unloads() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    // 12 men good, first volley: 12 + 2 + 2 = 16 dice at 0-9": 5-6 hits.
    let faces = "6,6,6,6,5,5,1,1,1,2,2,3,3,4,4,4";
    // Six hits; effects 6,6,3,3,1,2; then the Big Man's D10 and wound die.
    let t = ok(
        &mut s,
        &format!("fire line-company at grenadiers range 8 dice {faces},6,6,3,3,1,2,9"),
    );
    assert!(t.contains("16 dice, 6 hits: 2 shock, 2 kills"), "{t}");
    let g = match s.state.group("grenadiers") {
        Ok(g) => g.clone(),
        Err(e) => panic!("{e}"),
    };
    assert_eq!((g.men, g.shock), (10, 2));
    let f = s
        .state
        .group("line-company")
        .map(|g| (g.loaded, g.first_volley_used))
        .ok();
    assert_eq!(f, Some((false, true)));
    assert_eq!(
        s.state.big_man("Capitaine Dubreton").map(|b| b.wound).ok(),
        Some(Wound::Unhurt)
    );
}

#[test]
fn typed_dice_that_run_out_change_nothing() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    let before = s.state.clone();
    assert!(
        err(&mut s, "fire line-company at grenadiers range 8 dice 6,6").contains("not enough dice")
    );
    assert_eq!(s.state, before);
}

#[test]
fn each_side_sees_only_its_own_blinds_and_hand() {
    let mut s = session();
    let british = ok(&mut s, "show British");
    assert!(
        !british.contains("chasseurs") && !british.contains("Lieutenant Ducos"),
        "{british}"
    );
    assert!(british.contains("Blind French Blind 1"), "{british}");
    let french = ok(&mut s, "show French");
    assert!(
        french.contains("chasseurs") && french.contains("Blind French Blind 1: chasseurs"),
        "{french}"
    );
}

/// A side's own session (`play --side British` types `as British …`)
/// never shows the French Blinds or hand, nor handles the French cards.
#[test]
fn a_sides_session_never_reads_the_other_sides_secrets() {
    let mut s = session();
    let mine = ok(&mut s, "as British show");
    assert!(!mine.contains("chasseurs"), "{mine}");
    assert_eq!(mine, ok(&mut s, "show British"));
    // A side's `show` is its own view, whatever side it names.
    assert_eq!(ok(&mut s, "as British show French"), mine);
    for line in [
        "as British hand French",
        "as British play French Some Card",
        "as British discard French Some Card",
    ] {
        let e = err(&mut s, line);
        assert!(
            e.contains("you play the British: ") && e.contains("about the British's cards"),
            "{line}: {e}"
        );
    }
    assert_eq!(
        err(&mut s, "as British bonus French"),
        "error: `bonus` is the umpire's at this table: ask them"
    );
    assert!(ok(&mut s, "as British hand British").contains("British holds"));
    assert!(err(&mut s, "as Prussians show").contains("Prussians"));
    // The French side's own session sees its Blinds' contents.
    assert!(ok(&mut s, "as French show").contains("Blind French Blind 1: chasseurs"));
}

/// `shock` and `kill` take only numbers the game can hold.
#[test]
fn shock_and_kill_refuse_absurd_numbers() {
    let mut s = session();
    let e = err(&mut s, "shock rifles +999999999999");
    assert!(e.contains("at most 99 either way"), "{e}");
    assert_eq!(ok(&mut s, "shock rifles +3"), "rifles: 3 shock.");
    let men = s.state.group("rifles").map(|g| g.men).unwrap_or(0);
    let e = err(&mut s, &format!("kill rifles {}", men + 1));
    assert!(e.contains(&format!("it has {men}")), "{e}");
    assert!(err(&mut s, "kill rifles lots").contains("is not a number of"));
    assert_eq!(
        ok(&mut s, "kill rifles 2"),
        format!("rifles: {} men left.", men - 2)
    );
}

#[test]
fn undo_takes_back_the_last_change() {
    let mut s = session();
    let start = s.state.clone();
    ok(&mut s, "shock rifles +3");
    ok(&mut s, "undo");
    assert_eq!(s.state.groups, start.groups);
    assert!(err(&mut s, "undo").contains("nothing to undo"));
}

/// Undo cannot be used to re-roll: the same fire after an undo rolls the
/// same dice, and the log keeps every try.
#[test]
fn undo_then_the_same_command_rolls_the_same_dice() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    let fire = "fire line-company at grenadiers range 8";
    let first = ok(&mut s, fire);
    let after = s.state.clone();
    for _ in 0..4 {
        ok(&mut s, "undo");
        assert_eq!(ok(&mut s, fire), first);
        assert_eq!(s.state, after);
    }
    let tries = s.log.iter().filter(|e| e.command == fire).count();
    assert_eq!(tries, 5);
    assert_eq!(s.log.iter().filter(|e| e.command == "undo").count(), 4);
}

#[test]
fn help_names_every_command_and_explains_one() {
    let mut s = session();
    let all = ok(&mut s, "help");
    for c in ["draw", "fire", "fight", "move", "spot", "odds", "undo"] {
        assert!(all.contains(c), "{c}");
    }
    assert!(
        ok(&mut s, "help fire").contains("usage: ")
            || ok(&mut s, "help fire").contains("fire GROUP at TARGET")
    );
    assert!(ok(&mut s, "help fier").contains("did you mean `fire`"));
    assert!(err(&mut s, "fier rifles").contains("did you mean `fire`"));
}

/// A scripted battle: three turns of cards, fire, fights, moves, spotting,
/// bonus cards and an undo.
const SCRIPT: &str = "
draw
draw
draw
initiative self
initiative activate line-company
fire line-company at grenadiers range 9
reload line-company
fire rifles at voltigeurs range 14 cover soft
odds fire rifles at voltigeurs range 14
move rifles
draw
draw
draw
draw
draw
fight grenadiers vs line-company
bonus British
draw
draw
draw
draw
draw
undo
draw
initiative self
spot rifles at French_Blind_1 range 8 obscurity open
draw
draw
draw
draw
draw
";

#[test]
fn a_whole_battle_replays_identically() {
    let mut a = session();
    for line in SCRIPT.lines() {
        a.run(line);
    }
    assert!(
        a.state.turn >= 2,
        "the script crosses a Tiffin card: turn {}",
        a.state.turn
    );
    let mut b = session();
    for e in a.log.clone() {
        b.run(&e.line);
    }
    assert_eq!(a.transcript(), b.transcript());
    assert_eq!(a.state, b.state);
    // And the battle round-trips through its saved form.
    let json = match serde_json::to_string(&a.state) {
        Ok(j) => j,
        Err(e) => panic!("{e}"),
    };
    let back: umpire_sharp::state::Battle = match serde_json::from_str(&json) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(back, a.state);
}

#[test]
fn a_blind_is_revealed_by_a_spot_or_by_hand() {
    let mut s = session();
    assert!(
        s.state
            .group("chasseurs")
            .map(|g| g.hidden)
            .unwrap_or(false)
    );
    ok(&mut s, "reveal French_Blind_1");
    assert!(!s.state.group("chasseurs").map(|g| g.hidden).unwrap_or(true));
    assert!(s.state.blinds.is_empty());
    assert!(ok(&mut s, "show British").contains("chasseurs"));
}

#[test]
fn a_scenario_may_bring_its_own_bonus_deck() {
    let text = format!(
        "{SCENARIO}\n[[bonus_card]]\nid = \"mud\"\nname = \"Mud\"\ntext = \"Everyone slips.\"\ncount = 5\n"
    );
    let b = match battle_from_toml("s.toml", &text) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(b.bonus_deck.len(), 5);
    assert!(b.bonus_deck.iter().all(|c| c.id == "mud"));
}

#[test]
fn a_bad_scenario_is_refused_naming_the_entry() {
    let bad = SCENARIO.replace("weapon = \"rifle\"", "weapon = \"rifel\"");
    match battle_from_toml("s.toml", &bad) {
        Err(e) => {
            let m = e.to_string();
            assert!(
                m.contains("group.rifles") && m.contains("did you mean `baker-rifle`")
                    || m.contains("rifle"),
                "{m}"
            );
        }
        Ok(_) => panic!("accepted a bad weapon"),
    }
    let bad = SCENARIO.replace("tap-duration", "tap-duraton");
    let bad = format!("{bad}\n");
    let with_ruling = bad.replace(
        "sides = [\"British\", \"French\"]",
        "sides = [\"British\", \"French\"]\n[rulings]\ntap-duraton = \"next-shot\"",
    );
    match battle_from_toml("s.toml", &with_ruling) {
        Err(e) => assert!(e.to_string().contains("did you mean `tap-duration`"), "{e}"),
        Ok(_) => panic!("accepted a bad ruling"),
    }
}

#[test]
fn lasting_conditions_change_later_rolls() {
    let mut s = session();
    // A broken flint: one man fewer fires (12 men -> 11: 11 + 2 + 2 = 15 dice).
    if let Ok(g) = s.state.group_mut("line-company") {
        g.conditions.push(umpire_sharp::state::Condition {
            id: "broken-flint".into(),
            tiffins_left: None,
        });
    }
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    let t = ok(&mut s, "odds fire line-company at grenadiers range 8");
    assert!(t.contains("15 dice"), "{t}");
    // Damp powder: no firing at all.
    if let Ok(g) = s.state.group_mut("line-company") {
        g.conditions.push(umpire_sharp::state::Condition {
            id: "damp-powder".into(),
            tiffins_left: None,
        });
    }
    assert!(err(&mut s, "fire line-company at grenadiers range 8").contains("damp"));
}

#[test]
fn json_and_odds_flags_follow_the_dbr_convention() {
    let mut s = session();
    let t = ok(&mut s, "fire rifles at voltigeurs range 14 --odds");
    assert!(t.contains("P(at least one kill)"), "{t}");
    let t = ok(&mut s, "odds fire rifles at voltigeurs range 14 --json");
    let v: serde_json::Value = match serde_json::from_str(&t) {
        Ok(v) => v,
        Err(e) => panic!("{e}: {t}"),
    };
    assert_eq!(v["result"]["pool"], 12);
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    let t = ok(&mut s, "fire line-company at grenadiers range 8 --json");
    let v: serde_json::Value = match serde_json::from_str(&t) {
        Ok(v) => v,
        Err(e) => panic!("{e}: {t}"),
    };
    assert_eq!(v["result"]["pool"], 16);
    assert!(
        v["result"]["steps"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
    );
    assert!(
        v["text"]
            .as_str()
            .is_some_and(|t| t.contains("line-company fires"))
    );
}

#[test]
fn a_column_spreads_shock_front_first_and_loses_men_from_the_rear() {
    let mut s = session();
    card_of(&mut s, "Colonel Vandal");
    ok(&mut s, "initiative form col column grenadiers fusiliers");
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    // 16 dice at 0-9" against a column: +1D6 and +1 pip (17 dice, 4-6 hit
    // with the pip). Faces: 9 hits, then effects 6,6,6,3,3,3,3,3,1.
    let mut faces: Vec<&str> = vec!["6"; 9];
    faces.extend(["1"; 8]);
    faces.extend(["6", "6", "6", "3", "3", "3", "3", "3", "1", "9"]);
    let t = ok(
        &mut s,
        &format!(
            "fire line-company at grenadiers range 8 dice {}",
            faces.join(",")
        ),
    );
    assert!(
        t.contains("SP-FORM-009") && t.contains("SP-FORM-010"),
        "{t}"
    );
    let g = s.state.group("grenadiers").map(|g| (g.men, g.shock)).ok();
    let f = s.state.group("fusiliers").map(|g| (g.men, g.shock)).ok();
    // 5 shock: 3 to the front Group, 2 to the rear; 3 kills, all from the
    // rear Group (the grenadiers' Capitaine Dubreton rolls 9: not hit).
    assert_eq!(g, Some((12, 3)), "{t}");
    assert_eq!(f, Some((9, 2)), "{t}");
}

#[test]
fn other_actions_spend_their_cost_in_action_dice() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    // A high obstacle costs 2 of the 2 dice (SP-ACT-005).
    let t = ok(&mut s, "act line-company high-obstacle");
    assert!(
        t.contains("2 action dice, 0 left") && t.contains("SP-ACT-005"),
        "{t}"
    );
    assert!(err(&mut s, "act line-company low-obstacle").contains("0 action dice left"));
    assert!(err(&mut s, "act line-company fire").contains("its own command"));
    assert!(err(&mut s, "act line-company hihg-obstacle").contains("did you mean `high-obstacle`"));
    assert!(err(&mut s, "act line-company dismount").contains("already on foot"));
}

/// `fight … lead BIGMAN` puts that Big Man at the head; one not with the
/// Groups, or unknown, is refused.
#[test]
fn sp_fist_003_the_named_big_man_leads_the_fight() {
    let mut s = session();
    let highest = ok(&mut s, "odds fight rifles vs voltigeurs");
    let harper = ok(
        &mut s,
        "odds fight rifles vs voltigeurs lead Sergeant Harper",
    );
    assert_ne!(highest, harper);
    assert_eq!(
        harper,
        ok(
            &mut s,
            "odds fight rifles vs voltigeurs lead Sergeant_Harper"
        )
    );
    // A flag after the name is still read as a flag.
    let flank = ok(
        &mut s,
        "odds fight rifles vs voltigeurs lead Sergeant Harper flank",
    );
    assert_ne!(flank, harper);
    let sharp = ok(&mut s, "odds fight rifles vs voltigeurs lead Captain Sharp");
    assert_eq!(sharp, highest, "Captain Sharp is the highest already");
    let e = err(
        &mut s,
        "odds fight rifles vs voltigeurs lead Sergeant Harpr",
    );
    assert!(e.contains("Sergeant Harper"), "{e}");
    let e = err(&mut s, "odds fight rifles vs voltigeurs lead Major Lawford");
    assert!(
        e.contains("Major Lawford cannot lead rifles: only a Big Man with those Groups"),
        "{e}"
    );
    assert!(err(&mut s, "odds fight rifles vs voltigeurs lead").contains("needs the Big Man"));
}

/// A word a command does not know is refused with a suggestion, and
/// nothing is rolled or spent.
#[test]
fn unknown_words_are_refused_not_dropped() {
    let mut s = session();
    let before = s.state.clone();
    let e = err(
        &mut s,
        "spot rifles at voltigeurs range 10 obscurity slight elevatd",
    );
    assert!(e.contains("`elevatd` is not a word `spot` knows"), "{e}");
    assert!(e.contains("Did you mean `elevated`?"), "{e}");
    let e = err(&mut s, "fire rifles at voltigeurs range 10 enfilde");
    assert!(e.contains("Did you mean `enfilade`?"), "{e}");
    let e = err(&mut s, "odds fire rifles at voltigeurs range 10 enfilde");
    assert!(e.contains("Did you mean `enfilade`?"), "{e}");
    assert!(err(&mut s, "fire rifles at voltigeurs range").contains("needs a value"));
    assert_eq!(s.state, before);
    // The right words still work.
    ok(
        &mut s,
        "odds spot rifles at voltigeurs range 10 obscurity slight elevated",
    );
}

/// After a fight the battle holds exactly the shock the answer gave: the
/// rounds' and the result table's (lost by 2 treated as 3: +2; overwhelmed:
/// its shock), on the loser.
#[test]
fn sp_fist_the_result_tables_shock_is_kept_on_the_loser() {
    let mut extra_seen = 0;
    for seed in 0..40 {
        let mut s = session();
        s.state.seed = seed;
        let shock = |s: &Session, g: &str| s.state.group(g).map(|g| g.shock).unwrap_or(0);
        card_of(&mut s, "Captain Sharp");
        ok(&mut s, "initiative self");
        let before = [shock(&s, "rifles"), shock(&s, "voltigeurs")];
        let answer = ok(&mut s, "fight rifles vs voltigeurs --json");
        let v: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
        let r = &v["result"];
        let taken = |i: usize| r["shock_taken"][i].as_u64().unwrap_or(0) as u32;
        let mut expected = [before[0] + taken(0), before[1] + taken(1)];
        let o = &r["outcome"];
        let (loser, extra) = if let Some(l) = o.get("Lost").filter(|l| l["surrender"].is_null()) {
            (
                l["loser"].as_str(),
                l["extra_shock"].as_u64().unwrap_or(0) as u32,
            )
        } else if let Some(w) = o.get("Overwhelmed").filter(|w| w["surrender"].is_null()) {
            (w["loser"].as_str(), w["shock"].as_u64().unwrap_or(0) as u32)
        } else {
            (None, 0)
        };
        match loser {
            Some("A") => expected[0] += extra,
            Some("B") => expected[1] += extra,
            _ => {}
        }
        extra_seen += extra;
        assert_eq!(
            [shock(&s, "rifles"), shock(&s, "voltigeurs")],
            expected,
            "seed {seed}: {o}"
        );
    }
    assert!(
        extra_seen > 0,
        "no fight of 40 gave the result table's shock"
    );
}

/// Out of range is told before any action die is spent: the Group can
/// still fire at what it can reach.
#[test]
fn sp_act_fire_out_of_range_spends_nothing() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    let before = s.state.clone();
    let a = s.run("fire line-company at grenadiers range 400");
    assert!(!a.changed, "{}", a.text);
    assert!(
        a.text
            .starts_with("line-company cannot fire at grenadiers: nothing spent."),
        "{}",
        a.text
    );
    assert!(a.text.contains("out of range"), "{}", a.text);
    assert_eq!(s.state, before);
    // Both action dice are still there: fire, then reload.
    ok(&mut s, "fire line-company at grenadiers range 8");
    ok(&mut s, "reload line-company");
}

/// A scenario's numbers are bounded by what a Group can be: 100,000 men
/// is refused, naming the entry, rather than taking all the memory at the
/// first `odds fire`.
#[test]
fn a_scenario_with_an_impossible_group_is_refused() {
    let bad = SCENARIO.replacen("men = 8", "men = 100000", 1);
    assert_ne!(bad, SCENARIO);
    match battle_from_toml("s.toml", &bad) {
        Err(e) => {
            let m = e.to_string();
            assert!(
                m.contains("100000 men is more than a Group holds: at most 30"),
                "{m}"
            );
        }
        Ok(_) => panic!("accepted a Group of 100,000 men"),
    }
    let most = SCENARIO.replacen("men = 8", "men = 30", 1);
    let mut s = match battle_from_toml("s.toml", &most) {
        Ok(b) => Session::new(b),
        Err(e) => panic!("{e}"),
    };
    assert!(
        s.run("odds fire rifles at voltigeurs range 10")
            .text
            .contains("hit")
    );
}

/// `show` gives at a glance what a player acts on: the action dice left,
/// whose cards are still to come, first volleys, Formations.
#[test]
fn show_tells_dice_cards_first_volleys_and_formations() {
    let mut s = session();
    card_of(&mut s, "Major Lawford");
    ok(&mut s, "initiative activate line-company");
    let t = ok(&mut s, "show");
    assert!(t.contains("\nAction dice left: line-company 2\n"), "{t}");
    assert!(t.contains("Big Man Major Lawford (status"), "{t}");
    assert!(
        t.lines()
            .any(|l| l.contains("Major Lawford") && l.ends_with("his card is in play")),
        "{t}"
    );
    assert!(
        t.lines()
            .any(|l| l.contains("Big Man Capitaine Dubreton") && l.ends_with("card to come")),
        "{t}"
    );
    assert!(
        t.lines()
            .any(|l| l.starts_with("  line-company") && l.contains("first volley")),
        "{t}"
    );
    ok(&mut s, "fire line-company at grenadiers range 8");
    let t = ok(&mut s, "show");
    assert!(t.contains("Action dice left: line-company 1"), "{t}");
    assert!(
        t.lines()
            .any(|l| l.starts_with("  line-company") && !l.contains("first volley")),
        "{t}"
    );
}

/// A Formation may be named as the target of fire: the shot is worked
/// against its front Group and a Column shares the shock.
#[test]
fn a_formation_can_be_the_target_of_fire() {
    let mut s = session();
    card_of(&mut s, "Colonel Vandal");
    ok(
        &mut s,
        "initiative form column1 column grenadiers fusiliers",
    );
    let t = ok(&mut s, "show British");
    assert!(
        t.contains("  Formation column1 (column): grenadiers, fusiliers"),
        "{t}"
    );
    let t = ok(&mut s, "odds fire rifles at column1 range 10");
    assert!(t.contains("hit"), "{t}");
    assert!(err(&mut s, "odds fire rifles at column2 range 10").contains("column2"));
}
