//! Reading a player's mail against the game, and the code table.

mod common;

use common::*;
use umpire_core::source::SourceFile;
use umpire_engarde::mail;
use umpire_engarde::orders::codes;
use umpire_engarde::world::Whereabouts;

fn codes_of(text: &str, world: &umpire_engarde::world::World) -> (Vec<&'static str>, bool) {
    let read = mail::read(world, tables(), &SourceFile::new("mail", text.to_string()));
    (
        read.diagnostics.iter().map(|d| d.code).collect(),
        read.accepted(),
    )
}

/// Whose a sheet is: a living player's character. Its password is the
/// host's to check (`umpire_host::engarde::intake`, whose tests hold the
/// E2202 cases that were here).
#[test]
fn a_sheet_is_kept_only_for_a_living_player_with_the_right_password() {
    let mut w = paris(&[("Athos", 5, 100), ("Porthos", 5, 100)]);
    let a = id(&w, "Athos");
    w.characters[a.raw() as usize].password = "sword".into();
    assert_eq!(
        codes_of("CHARACTER Athos\nPASSWORD sword\nWEEK 1: REST", &w),
        (vec![], true)
    );
    assert_eq!(
        codes_of("CHARACTER Nobody\nWEEK 1: REST", &w),
        (vec!["E2201"], false)
    );
    let npc = w
        .characters
        .iter()
        .find(|c| c.npc)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    assert_eq!(
        codes_of(&format!("CHARACTER {npc}\nWEEK 1: REST"), &w),
        (vec!["E2203"], false)
    );
    let p = id(&w, "Porthos");
    w.characters[p.raw() as usize].whereabouts = Whereabouts::Dead;
    assert_eq!(
        codes_of("CHARACTER Porthos\nWEEK 1: REST", &w),
        (vec!["E2204"], false)
    );
    // Names are read without regard to case or spacing.
    assert_eq!(
        codes_of("character   athos\npassword sword", &w),
        (vec![], true)
    );
}

#[test]
fn the_players_guide_lists_every_code_and_no_other() {
    let guide = include_str!("../../../docs/engarde-orders.md");
    let listed: Vec<&str> = guide
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(" |").next())
        .filter(|c| {
            c.len() == 5 && c[1..].chars().all(|ch| ch.is_ascii_digit()) && "EWN".contains(&c[..1])
        })
        .collect();
    let known: Vec<&str> = codes::ALL.iter().map(|c| c.code).collect();
    assert_eq!(listed, known);
    let mut unique = known.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), known.len());
    for c in codes::ALL {
        let severity = match c.code.as_bytes().first() {
            Some(b'E') => umpire_core::Severity::Error,
            Some(b'W') => umpire_core::Severity::Warning,
            _ => umpire_core::Severity::Note,
        };
        assert_eq!(c.severity, severity, "{}", c.code);
    }
}

/// Names as RULES-DECISIONS promises ("Regiment ids", "Club ids",
/// "Names"): the order check finds every name the month finds, so nothing
/// is refused by the one and run by the other; a near miss is offered the
/// name it was near.
#[test]
fn names_are_found_as_the_rules_decisions_promise() {
    let w = paris(&[("Athos", 9, 900), ("Chevalier d'Artagnan", 5, 100)]);
    let sheet = "\
CHARACTER Chevalier d\u{2019}Artagnan
PREMONTHLY
APPLY TO the Gascons
APPLY TO queens own carabiniers
APPLY TO the kings musketeers
JOIN frog and peach
JOIN Bothwells
JOIN hunters
JOIN Frog & Peach
WEEK 1: TOADY TO Comte de Villars
WEEK 2: TOADY TO the comte DE VILLARS
WEEK 3: GIVE Chevalier d\u{2019}Artagnan 10
";
    let read = mail::read(&w, tables(), &SourceFile::new("mail", sheet.to_string()));
    assert!(read.accepted(), "{:#?}", read.diagnostics);
    let errors: Vec<&umpire_core::Diagnostic> =
        read.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // Every name the check takes, the month finds.
    for r in [
        "the Gascons",
        "queens own carabiniers",
        "the kings musketeers",
    ] {
        assert!(tables().regiment(r).is_some(), "{r}");
    }
    for c in ["frog and peach", "Bothwells", "hunters", "Frog & Peach"] {
        assert!(tables().club(c).is_some(), "{c}");
    }
    for n in ["Comte de Villars", "Chevalier d\u{2019}Artagnan"] {
        assert!(w.find_character(n).is_some(), "{n}");
    }
    // A near miss: refused, with the name it was near.
    let read = mail::read(
        &w,
        tables(),
        &SourceFile::new(
            "mail",
            "CHARACTER Athos\nWEEK 1: TOADY TO comte de villers\nPREMONTHLY\nAPPLY TO gascon\nJOIN frog and peaches\n",
        ),
    );
    let helps: Vec<(&str, Option<&str>)> = read
        .diagnostics
        .iter()
        .map(|d| (d.code, d.help.as_deref()))
        .collect();
    assert_eq!(
        helps,
        [
            ("E2103", Some("did you mean `the Comte de Villars`?")),
            ("E2106", Some("did you mean `Gascons`?")),
            ("E2105", Some("did you mean `Frog & Peach`?")),
        ]
    );
}

/// A player cannot join under the name of a character already in the
/// game, however it is written.
#[test]
fn a_name_already_in_the_game_is_refused_however_written() {
    let mut w = paris(&[("Athos", 9, 900)]);
    for name in ["Comte de Villars", "the COMTE de villars", "ATHOS"] {
        let e = umpire_engarde::setup::join(
            &mut w,
            &umpire_engarde::setup::NewPlayer {
                name: name.into(),
                password: String::new(),
                address: String::new(),
            },
            7,
        );
        let want = if name == "ATHOS" {
            "Athos"
        } else {
            "the Comte de Villars"
        };
        assert_eq!(
            e,
            Err(umpire_engarde::setup::JoinError::Taken(want.to_string())),
            "{name}"
        );
    }
}

mod names_property {
    use super::*;
    use proptest::prelude::*;

    /// A name as a player might type it: any case, an added or dropped
    /// "the", typographic apostrophes, `&` or "and", doubled spaces.
    fn respelled(name: &str, case: u8, the: bool, curly: bool, and: bool, wide: bool) -> String {
        let mut n = match case % 3 {
            0 => name.to_lowercase(),
            1 => name.to_uppercase(),
            _ => name.to_string(),
        };
        if curly {
            n = n.replace('\'', "\u{2019}");
        }
        if and {
            n = n.replace('&', "and");
        }
        if the {
            n = match n.strip_prefix("the ").or_else(|| n.strip_prefix("THE ")) {
                Some(rest) => rest.to_string(),
                None => format!("the {n}"),
            };
        }
        if wide {
            n = n.replace(' ', "  ");
        }
        n
    }

    proptest! {
        /// Whatever the spelling, the order check refuses a name exactly
        /// when the month would not find it.
        #[test]
        fn the_check_finds_a_name_exactly_when_the_month_does(
            pick in 0usize..200,
            case in 0u8..3,
            the: bool,
            curly: bool,
            and: bool,
            wide: bool,
            typo in prop::option::of(0usize..40),
        ) {
            let w = paris(&[("Athos", 9, 900), ("Chevalier d'Artagnan", 5, 100)]);
            let t = tables();
            let mut names: Vec<(&str, String)> = Vec::new();
            for r in &t.regiments {
                names.push(("APPLY TO", r.id.clone()));
                names.push(("APPLY TO", r.name.clone()));
            }
            for c in &t.clubs {
                names.push(("JOIN", c.name.clone()));
            }
            for c in &w.characters {
                names.push(("TOADY TO", c.name.clone()));
            }
            let (verb, name) = &names[pick % names.len()];
            let mut typed = respelled(name, case, the, curly, and, wide);
            if let Some(at) = typo {
                // A letter dropped: sometimes still the name, mostly not.
                let cut = at % typed.chars().count().max(1);
                typed = typed
                    .chars()
                    .enumerate()
                    .filter(|(i, _)| *i != cut)
                    .map(|(_, c)| c)
                    .collect();
            }
            let section = if *verb == "TOADY TO" { "WEEK 1" } else { "PREMONTHLY" };
            let sheet = format!("CHARACTER Athos\n{section}\n{verb} {typed}\n");
            let read = mail::read(&w, t, &SourceFile::new("mail", sheet));
            let refused = read.diagnostics.iter().any(|d| {
                matches!(d.code, "E2103" | "E2105" | "E2106")
            });
            let held = !read.sheet.for_gm.is_empty();
            let found = match *verb {
                "APPLY TO" => t.regiment(typed.trim()).is_some(),
                "JOIN" => t.club(typed.trim()).is_some(),
                _ => w.find_character(typed.trim()).is_some(),
            };
            prop_assert!(held || refused != found, "{} {}: refused {}, found {}", verb, typed, refused, found);
        }
    }
}
