//! The opening of a faction's report (OV-REP-001..005), on the
//! imported alpha game.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use umpire_overlord::legacy::world::import;
use umpire_overlord::report::faction::opening;
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::control;

#[test]
fn ov_rep_001_to_005_header_funds_control_points_and_diplomacy() {
    let rules = Rules::bundled().unwrap();
    let w = import(&common::alpha_game_files(), &rules).world;

    // The People: no address, default Friendly, three stances.
    let people = w.faction_by_number(2).unwrap();
    let text = opening(&w, &rules, people, "Sunday 6 December");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "alpha Report for Turn 0 for People [f02]");
    assert_eq!(lines[1], "Next turn: Sunday 6 December");
    assert_eq!(
        lines[2..6],
        [
            "// Faction stats",
            "",
            "Faction funds:",
            "4840 coins [coin]."
        ]
    );
    assert_eq!(
        lines[8..],
        [
            "// Diplomacy (Stances)",
            "Default attitude is Friendly",
            "Attitude to Itorians [f01] is Neutral",
            "Attitude to Monsters [f03] is Hostile",
            "Attitude to Outlaws [f04] is Hostile",
        ]
    );

    // f05: the player's address, and its control points. Its eleven
    // units need 13 points for their figures (one per started 20: three
    // units of 20 or 30 men need 1 or 2), 1 for the hero and one per
    // started 4 points of each unit's maximum mana; the limit is the base
    // 200 (no titles, no grants).
    let f5 = w.faction_by_number(5).unwrap();
    let text = opening(&w, &rules, f5, "soon");
    assert!(
        text.starts_with("alpha Report for Turn 0 for f05 [f05], <jheywood@screaming.net>\n"),
        "{text}"
    );
    // Its funds hold the sample's 50 food beside the coins (OV-REP-003).
    assert!(
        text.contains("\n5000 coins [coin], 50 food [food].\n"),
        "{text}"
    );
    let units: Vec<_> = w.units_of(f5).map(|(_, u)| u).collect();
    assert_eq!(units.len(), 11);
    let figures: u32 = units.iter().map(|u| u.figures.div_ceil(20)).sum();
    assert_eq!(figures, 13);
    let mana: u32 = units
        .iter()
        .map(|u| control::max_mana(&rules, u).div_ceil(4))
        .sum();
    let used = figures + 1 + mana;
    assert!(
        text.contains(&format!("\nControl Points: {used} of 200\n")),
        "{text}"
    );
    assert!(text.ends_with("// Diplomacy (Stances)\nDefault attitude is Neutral\n"));

    // An unknown faction has no report.
    assert_eq!(
        opening(&w, &rules, umpire_overlord::world::FactionId::new(999), ""),
        ""
    );
}

#[test]
fn ov_rep_009_010_012_015_016_a_units_section() {
    use umpire_overlord::report::unit::section;
    let rules = Rules::bundled().unwrap();
    let w = import(&common::alpha_game_files(), &rules).world;
    // U500: a hero with a horse, 180 days of observation (2nd level at
    // 180, 3rd at 360), set to avoid battle; heroes cost 20 a month.
    // Weight: hero 70 + horse 100. Capacity: the hero's 100 walking and
    // 20 riding plus the equipped horse's 120 and 200. Stats: the hero's
    // initiative 1, life 4, observation 1, plus the horse's initiative 3,
    // melee -1, defense -1, plus 2nd observation's +1 and +1; a hero costs
    // 2 control points. May learn: every basic skill open to a leader
    // (observation itself needs scouting first, which it lacks).
    let u = w.unit_by_number(500).unwrap();
    assert_eq!(
        section(&w, &rules, u),
        "Faction Leader [U500] at Anarnium [L18]\n\
         \x20 1 hero [hero], has: 1 horse [hrse] (1 equipped).\n\
         \x20 Weight 170. Capacity 220, riding 220.\n\
         \x20 Skills: 2nd observation [obse] (180).\n\
         \x20 May learn: 1st scouting [scou], 1st combat [cmbt], 1st digging [digg], \
         1st forestry [fore], 1st beast mastery [beas], 1st agriculture [agri], \
         1st cooking [cook], 1st artisan [arti], 1st seamanship [seas], \
         1st building [buil], 1st weaponsmith [weap], 1st armory [armo], \
         1st magecraft [mage], 1st entertainment [ente].\n\
         \x20 Stats: ini 4, att -1, def -1, life 4, obs 3, CP 2.\n\
         \x20 Tactic: AVOID REAR CENTER FLEE.\n\
         \x20 Upkeep: 20 coins.\n"
    );
    // A title holder names his title and its seat.
    let held: Vec<_> = w
        .locations
        .iter()
        .flat_map(|(seat, l)| {
            l.titles
                .iter()
                .filter_map(move |s| Some((seat, s.title, s.holder?)))
        })
        .collect();
    assert!(!held.is_empty(), "the sample has title holders");
    for (seat, title, holder) in held {
        let first = section(&w, &rules, holder);
        let first = first.lines().next().unwrap();
        let want = format!(
            ", {} of {}",
            rules.titles[title].name, w.locations[seat].name
        );
        assert!(first.contains(&want), "{first} / {want}");
    }
}
