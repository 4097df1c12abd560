//! The host's own lines in a player's text (`#READY`, `#LEAVE`, `#MAIL`),
//! over any mix of them with orders, quoted lines and look-alikes, in
//! either line ending: each is found on its line and emptied, its line
//! ending kept; every other line reaches the game as written, on the same
//! line number; and a line is the host's exactly when it says so alone
//! on its line.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_host::envelope::{Leave, MailLine, Word, leaves, mail_lines, words};

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Lines a player's mail may hold.
const LINES: &[&str] = &[
    "#GAME f5 pw spring",
    "UNIT U117",
    "MOVE n",
    "STUDY scou",
    "#END",
    "#READY",
    "  #not ready ",
    "#LEAVE 2",
    "#leave off",
    "#MAIL REMINDERS OFF",
    "#mail report attached messages on",
    "#MAIL PIGEONS",
    "> #MAIL REMINDERS OFF",
    "> #READY",
    "#MAILBOX full",
    "#LEAVES 2",
    "#READY NOW",
    "; #LEAVE 2",
    "",
    "CHARACTER Athos",
];

/// What the host makes of `line`: which of its lines it is, if any.
fn host_line(line: &str) -> Option<&'static str> {
    if Leave::of_line(line).is_some() {
        Some("leave")
    } else if MailLine::of_line(line).is_some() {
        Some("mail")
    } else if Word::of_line(line).is_some() {
        Some("word")
    } else {
        None
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn host_lines_are_emptied_in_place_and_every_other_line_reaches_the_game(
        picks in vec((0..LINES.len(), any::<bool>()), 0..40),
        last_ending in any::<bool>(),
    ) {
        let n = picks.len();
        let mut text = String::new();
        for (i, (p, crlf)) in picks.iter().enumerate() {
            text.push_str(LINES[*p]);
            if i + 1 < n || last_ending {
                text.push_str(if *crlf { "\r\n" } else { "\n" });
            }
        }
        // The host reads them in this order, as the intake does.
        let left = leaves(&text);
        let after_left = left.as_ref().map_or(text.as_str(), |(t, _)| t.as_str());
        let mailed = mail_lines(after_left);
        let after_mail = mailed.as_ref().map_or(after_left, |(t, _)| t.as_str());
        let said = words(after_mail);
        let for_game = said.as_ref().map_or(after_mail, |(t, _)| t.as_str());

        let given: Vec<&str> = text.split('\n').collect();
        let read: Vec<&str> = for_game.split('\n').collect();
        prop_assert_eq!(given.len(), read.len(), "the lines keep their numbers");
        let mut expect_found: Vec<(u32, &str)> = Vec::new();
        for (i, (g, r)) in given.iter().zip(&read).enumerate() {
            let body = g.trim_end_matches('\r');
            let ending = &g[body.len()..];
            match host_line(g) {
                Some(kind) => {
                    prop_assert_eq!(*r, ending, "line {} emptied, its ending kept", i + 1);
                    expect_found.push((u32::try_from(i + 1).unwrap(), kind));
                }
                None => prop_assert_eq!(r, g, "line {} as written", i + 1),
            }
        }
        let mut found: Vec<(u32, &str)> = Vec::new();
        found.extend(left.iter().flat_map(|(_, f)| f.iter().map(|(l, _)| (*l, "leave"))));
        found.extend(mailed.iter().flat_map(|(_, f)| f.iter().map(|(l, _)| (*l, "mail"))));
        found.extend(said.iter().flat_map(|(_, f)| f.iter().map(|(l, _)| (*l, "word"))));
        found.sort_unstable();
        prop_assert_eq!(found, expect_found);
    }
}
