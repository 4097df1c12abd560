//! A hand-written month of every order family, run on the world `umpire
//! demo` makes: the faction's report accounts for every order it wrote.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[path = "common/game.rs"]
mod game;

use game::{order_sets, rules};
use umpire_overlord::orders::Keyword;
use umpire_overlord::report::text::{Inputs, Reports};
use umpire_overlord::turn::run_turn;

const MAIL: &str = r#"
#GAME f05 PASSWORD
NAME "Order Keepers"
EMAIL keepers@example.org
STANCE f06 FRIENDLY
SETTING TERSE ON
PASSWORD keepers
RESHOW mage
UNIT U164
DESCRIBE "A keeper of every order"
TACTIC FIGHT REAR LEFT STAND
COMBAT RANGED
WITHDRAW 800
BUY 1 hrse
RECRUIT f05nU02 2 man 60
GIVE U165 coin 30
SELL 1 swrd
STANCE f07 NEUTRAL
ACCEPT U166
CLAIM amag
TARGET U165
STUDY mage
USE slae
TEACH airs
WORK
UNIT U165
SPLIT f05nU01 10
NAME "Followers Kept"
EQUIP swrd 5
STACK U164
UNSTACK
HAVE coin 20
-SETTING ADVERTISE ON
DAY 3
-GUARD
SIZE 30
SKILL cook 1
+STUDY cook
WAIT 2
SEE U164
LEADER U164
GET U164 coin 5
DROP coin 1
SWAP U164 1 coin 1 hrse
SYNCHRO U164
AT L1736
FORGET cook
LEAVE
ENTER B1
PROMOTE U164
EJECT U164
STAY
LEADING U164
DEMOTE
YIELD
BESTOW U164
CANCEL amag L1736
CHRISTEN "Keepers' Hall"
OATH U170
PILLAGE
ATTACK f04
MERGE f05nU01 5
CARAVAN L1736 L1729
BUILD buil
MARCH N
MOVE N
UNIT f05nU01
RETREAT
WORK
UNIT f05nU02
DISBAND CONFIRM
#END
"#;

#[test]
fn a_month_of_every_order_family_on_the_demo_world() {
    let rules = rules();
    let mut w = common::demo_world(rules);
    let f5 = w.faction_by_number(5).unwrap();
    w.factions[f5].password_hash.clear();
    // Every order is one the checker takes (N0114 notes the original
    // engine's TEACH word order, nothing more).
    let sets = order_sets(&[MAIL]);
    let seed = w.seed;
    let log = run_turn(&mut w, rules, &sets, seed);
    let press = Vec::new();
    let reports = Reports::new(Inputs {
        world: &w,
        rules,
        log: &log,
        next_turn: "soon",
        press: &press,
    });
    let text = reports.report(f5);
    for (block, order, phrase) in EXPECT {
        let lines = block_of(&text, block);
        assert!(
            lines.contains(phrase),
            "`{order}` is not accounted for in {block}: no `{phrase}` in\n{lines}"
        );
    }
    // Every order of the mail is in the table above…
    let written: Vec<&str> = MAIL
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("UNIT "))
        .collect();
    for order in &written {
        assert!(
            EXPECT.iter().any(|(_, o, _)| o == order),
            "`{order}` has no expected account"
        );
    }
    assert_eq!(written.len(), EXPECT.len());
    // …and every order family is written but RESIGN, which ends the
    // faction (its last report is tested on its own).
    let families: std::collections::BTreeSet<Keyword> = written
        .iter()
        .filter_map(|l| {
            let word = l
                .trim_start_matches(['-', '+', '@'])
                .split_whitespace()
                .next()?;
            Keyword::ALL
                .iter()
                .copied()
                .find(|k| format!("{k:?}").eq_ignore_ascii_case(word))
        })
        .collect();
    let missing: Vec<_> = Keyword::ALL
        .iter()
        .filter(|k| !families.contains(k) && **k != Keyword::Resign)
        .collect();
    assert!(missing.is_empty(), "families not written: {missing:?}");
}

/// The lines of the report's action block named `block`: a unit's
/// (`U164`), or the faction's global events (`global`).
fn block_of<'t>(text: &'t str, block: &str) -> &'t str {
    let header = if block == "global" {
        "// Global events\n".to_string()
    } else {
        format!("[{block}]'s actions:\n")
    };
    let Some(start) = text.find(&header) else {
        panic!("no {header:?} in\n{text}");
    };
    let rest = &text[start + header.len()..];
    &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// Each order of [`MAIL`], where its account is, and what it says.
const EXPECT: &[(&str, &str, &str)] = &[
    (
        "global",
        "NAME \"Order Keepers\"",
        "the faction is now Order Keepers [f05]",
    ),
    (
        "global",
        "EMAIL keepers@example.org",
        "the faction's address changed",
    ),
    (
        "global",
        "STANCE f06 FRIENDLY",
        "stance toward Faction 6 [f06] set to friendly",
    ),
    ("global", "SETTING TERSE ON", "faction setting terse on"),
    (
        "global",
        "PASSWORD keepers",
        "the faction's password changed",
    ),
    (
        "global",
        "RESHOW mage",
        "descriptions asked for again: RESHOW mage",
    ),
    (
        "U164",
        "DESCRIBE \"A keeper of every order\"",
        "Day 1 - takes a new description",
    ),
    (
        "U164",
        "TACTIC FIGHT REAR LEFT STAND",
        "Day 1 - TACTIC FIGHT REAR LEFT STAND",
    ),
    ("U164", "COMBAT RANGED", "Day 1 - COMBAT RANGED"),
    (
        "U164",
        "WITHDRAW 800",
        "Day 1 - withdraws 800 coins from the treasury",
    ),
    (
        "U164",
        "BUY 1 hrse",
        "order `BUY 1 hrse` is kept for next month: nobody sells that here today",
    ),
    (
        "U164",
        "RECRUIT f05nU02 2 man 60",
        "Day 1 - recruits 2 followers [man] at $60 into Unit 181 [U181]",
    ),
    (
        "U164",
        "GIVE U165 coin 30",
        "Day 1 - gives 30 coins [coin] to Followers Kept [U165]",
    ),
    (
        "U164",
        "SELL 1 swrd",
        "order `SELL 1 swrd` is kept for next month: the market here does not want that",
    ),
    (
        "global",
        "STANCE f07 NEUTRAL",
        "Day 1 - Order Keepers [f05]'s stance toward Faction 7 [f07] set to neutral",
    ),
    (
        "U164",
        "ACCEPT U166",
        "order `ACCEPT U166` is kept for next month: it runs only when another unit's action calls it",
    ),
    (
        "U164",
        "CLAIM amag",
        "order `CLAIM amag` is kept for next month: that place has no such title",
    ),
    (
        "U164",
        "TARGET U165",
        "Day 1 - targets Followers Kept [U165]",
    ),
    (
        "U164",
        "STUDY mage",
        "Day 1 - cannot study magecraft [mage]: the next level needs a teacher",
    ),
    (
        "U164",
        "USE slae",
        "Day 1 - cannot use summon lesser air elemental [slae]: the unit lacks the 1st level",
    ),
    (
        "U164",
        "TEACH airs",
        "order `TEACH airs` is kept for next month: no pupil here is studying what the unit can teach",
    ),
    ("U164", "WORK", "Month end - worked 30 days this month"),
    (
        "U165",
        "SPLIT f05nU01 10",
        "Day 1 - splits 10 figures into Unit 180 [U180]",
    ),
    (
        "U165",
        "NAME \"Followers Kept\"",
        "Day 1 - takes a new name",
    ),
    (
        "U165",
        "EQUIP swrd 5",
        "order `EQUIP swrd 5` is kept for next month: the unit has no more swords to equip yet",
    ),
    (
        "U165",
        "STACK U164",
        "Day 1 - stacks under Korin of Nimorfell [U164]",
    ),
    (
        "U165",
        "UNSTACK",
        "Day 1 - leaves the stack of Korin of Nimorfell [U164]",
    ),
    ("U165", "HAVE coin 20", "Day 1 - condition HAVE met"),
    (
        "U165",
        "-SETTING ADVERTISE ON",
        "Day 1 - setting advertise on",
    ),
    ("U165", "DAY 3", "Day 3 - condition DAY met"),
    (
        "U165",
        "-GUARD",
        "Day 3 - may not guard: guards need 1st combat",
    ),
    ("U165", "SIZE 30", "Day 1 - condition SIZE met"),
    (
        "U165",
        "SKILL cook 1",
        "order `SKILL cook 1` is kept for next month: SKILL is not met yet",
    ),
    ("U165", "+STUDY cook", "Day 1 - studies cooking [cook]"),
    ("U165", "WAIT 2", "Day 3 - condition WAIT met"),
    ("U165", "SEE U164", "Day 1 - condition SEE met"),
    (
        "U165",
        "LEADER U164",
        "order `LEADER U164` is kept for next month: LEADER is not met yet",
    ),
    (
        "U165",
        "GET U164 coin 5",
        "Day 1 - gets 5 coins [coin] from Korin of Nimorfell [U164]",
    ),
    ("U165", "DROP coin 1", "Day 1 - drops 1 coin [coin]"),
    (
        "U165",
        "SWAP U164 1 coin 1 hrse",
        "order `SWAP U164 1 coin 1 hrse` is kept for next month: one of the two has not enough of what it gives",
    ),
    (
        "U165",
        "SYNCHRO U164",
        "order `SYNCHRO U164` is kept for next month: the other unit has no SYNCHRO with this one",
    ),
    ("U165", "AT L1736", "Day 1 - condition AT met"),
    ("U165", "FORGET cook", "Day 2 - forgets cooking [cook]"),
    (
        "U165",
        "LEAVE",
        "order `LEAVE` is kept for next month: the unit is in no structure",
    ),
    (
        "U165",
        "ENTER B1",
        "order `ENTER B1` is kept for next month: the structure is not here",
    ),
    (
        "U165",
        "PROMOTE U164",
        "Day 1 - promotes Korin of Nimorfell [U164]",
    ),
    (
        "U165",
        "EJECT U164",
        "order `EJECT U164` dropped: this unit may not give it",
    ),
    (
        "U165",
        "STAY",
        "order `STAY` is kept for next month: it runs only when another unit's action calls it",
    ),
    (
        "U165",
        "LEADING U164",
        "order `LEADING U164` dropped: this unit may not give it",
    ),
    (
        "U165",
        "DEMOTE",
        "order `DEMOTE` dropped: this unit may not give it",
    ),
    (
        "U165",
        "YIELD",
        "order `YIELD` dropped: this unit may not give it",
    ),
    (
        "U165",
        "BESTOW U164",
        "order `BESTOW U164` dropped: this unit may not give it",
    ),
    (
        "U165",
        "CANCEL amag L1736",
        "order `CANCEL amag L1736` is kept for next month: the unit holds no title",
    ),
    (
        "U165",
        "CHRISTEN \"Keepers' Hall\"",
        "is kept for next month: the unit owns no structure here, and the place already has a name of its own",
    ),
    (
        "U165",
        "OATH U170",
        "order `OATH U170` is kept for next month: the unit to swear to is not here",
    ),
    (
        "U165",
        "PILLAGE",
        "order `PILLAGE` is kept for next month: the unit cannot pillage here",
    ),
    (
        "U165",
        "ATTACK f04",
        "Day 2 - ATTACK waits: the target is not here or not seen",
    ),
    (
        "U165",
        "MERGE f05nU01 5",
        "Day 1 - merges 5 figures into Unit 180 [U180]",
    ),
    (
        "U165",
        "CARAVAN L1736 L1729",
        "order `CARAVAN L1736 L1729` dropped: this unit may not give it",
    ),
    (
        "U165",
        "BUILD buil",
        "Day 2 - cannot use building [buil]: the unit lacks the 1st level",
    ),
    (
        "U165",
        "MARCH N",
        "order `MARCH N` dropped: this unit may not give it",
    ),
    (
        "U165",
        "MOVE N",
        "order `MOVE N` dropped: this unit may not give it",
    ),
    (
        "U180",
        "RETREAT",
        "order `RETREAT` dropped: RETREAT must be the first order, with something to retreat from",
    ),
    ("U180", "WORK", "Month end - worked 30 days this month"),
    ("U181", "DISBAND CONFIRM", "Day 2 - disbands (2 figures)"),
];
