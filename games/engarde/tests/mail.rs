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
        codes_of("CHARACTER Athos\nPASSWORD nope\nWEEK 1: REST", &w),
        (vec!["E2202"], false)
    );
    assert_eq!(
        codes_of("CHARACTER Athos\nWEEK 1: REST", &w),
        (vec!["E2202"], false)
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
