//! No password a player writes, in any place a game reads one, right or
//! wrong, quoted from an earlier mail or not, comes back in what the host
//! keeps as a submission's text or in anything an answer shows (the
//! findings, the orders kept), for either kind of game; and the text kept
//! has the same lines as the mail, so line numbers agree. Articles too:
//! the newspaper is public.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::OnceLock;

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_host::kind::{Game, Mail, Options, Request, kind};

fn game(name: &str, options: &[(&str, &str)]) -> Box<dyn Game> {
    let k = kind(name).unwrap();
    let options = Options(
        options
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
    );
    let made = k.create("hush", &options).unwrap();
    k.open(&made.state).unwrap()
}

fn engarde() -> &'static dyn Game {
    static G: OnceLock<Box<dyn Game>> = OnceLock::new();
    G.get_or_init(|| {
        game(
            "engarde",
            &[("player", "Athos"), ("player", "Porthos"), ("seed", "3")],
        )
    })
    .as_ref()
}

fn overlord() -> &'static dyn Game {
    static G: OnceLock<Box<dyn Game>> = OnceLock::new();
    G.get_or_init(|| {
        game(
            "overlord",
            &[("factions", "2"), ("size", "small"), ("seed", "5")],
        )
    })
    .as_ref()
}

/// A line of a mail; `{}` is where the password goes.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("CHARACTER Athos".to_string()),
        Just("PASSWORD {}".to_string()),
        Just("password: {}".to_string()),
        Just("PASSWORD {}".to_string()),
        Just("#GAME f5 {} hush".to_string()),
        Just("#GAME f5 {} hush 1 spare".to_string()),
        Just("GAME f05 {}".to_string()),
        Just("#PRESS f5 {} 3".to_string()),
        Just("#REPORT f6 \"{}\"".to_string()),
        Just("UNIT U12".to_string()),
        Just("WORK".to_string()),
        Just("#END".to_string()),
        Just("WEEK 1".to_string()),
        Just("CAROUSE".to_string()),
        Just("GIVE Porthos 10".to_string()),
        Just("CHALLENGE Porthos TO A DUEL".to_string()),
        "[A-Za-z ]{0,24}",
    ]
}

/// A mail: lines, some quoted from an earlier one.
fn mail() -> impl Strategy<Value = Vec<String>> {
    vec(
        (
            line(),
            prop_oneof![Just(""), Just("> "), Just(">> "), Just("  ")],
        ),
        1..14,
    )
    .prop_map(|lines| lines.into_iter().map(|(l, q)| format!("{q}{l}")).collect())
}

fn check(g: &dyn Game, lines: &[String], password: &str) -> Result<(), TestCaseError> {
    let text = lines
        .iter()
        .map(|l| l.replace("{}", password))
        .collect::<Vec<_>>()
        .join("\n");
    let read = g.read(Mail {
        name: "mail",
        bytes: text.as_bytes(),
    });
    prop_assert!(!read.text.contains(password), "kept: {}", read.text);
    prop_assert_eq!(read.text.lines().count(), text.lines().count());
    for f in &read.general {
        prop_assert!(!f.contains(password), "{}", f);
    }
    for e in &read.envelopes {
        for f in &e.findings {
            prop_assert!(!f.contains(password), "{}", f);
        }
        match &e.request {
            Request::Orders(o) => {
                prop_assert!(!o.text.contains(password), "orders: {}", o.text);
                for w in &o.warnings {
                    prop_assert!(!w.contains(password), "{}", w);
                }
            }
            Request::Article { text, summary, .. } => {
                // Not even in a quoted header or a line of the article
                // that begins `PASSWORD`: the newspaper is public.
                prop_assert!(!text.contains(password), "{}", text);
                prop_assert!(!summary.contains(password));
            }
            Request::Refused { why } => prop_assert!(!why.contains(password), "{}", why),
            Request::Report { .. } => {}
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_password_is_kept_or_shown_for_en_garde(
        lines in mail(),
        password in "[a-z]{3}[0-9]{2}[a-z]{3}",
    ) {
        check(engarde(), &lines, &password)?;
    }

    #[test]
    fn no_password_is_kept_or_shown_for_overlord(
        lines in mail(),
        password in "[a-z]{3}[0-9]{2}[a-z]{3}",
    ) {
        check(overlord(), &lines, &password)?;
    }
}
