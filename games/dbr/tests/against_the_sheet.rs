//! The tables against the sheet itself: both copies of
//! `../shared/seeds/dbr-quick-reference.txt` (paces, then cm) are parsed and
//! every cell of the move, range and combat-factor tables, and every
//! distance in the PIP, move-adjustment and tactical-factor lines, is
//! compared with what the library derives from its one definition in paces
//! (DBR-UNIT-001, DBR-UNIT-002).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use umpire_dbr::tables::FactorCell;
use umpire_dbr::{Class, ElementType as E, Going, Grade, Tables, Units};

/// The sheet, from the shared folder beside the project, or `UMPIRE_SHARED_DIR`.
fn sheet() -> String {
    match umpire_core::shared::read("seeds/dbr-quick-reference.txt") {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

/// The two copies: (paces copy, cm copy).
fn copies() -> (String, String) {
    let text = sheet();
    let marker = "YER INITIATIVE POINT DICING";
    let second = text
        .match_indices(marker)
        .nth(1)
        .map(|(i, _)| i)
        .expect("two copies");
    let split = text[..second].rfind('\n').unwrap_or(second);
    (text[..split].to_string(), text[split..].to_string())
}

/// The rows of the table that starts after `header`, until a blank line.
fn rows<'a>(copy: &'a str, header: &str) -> Vec<Vec<&'a str>> {
    let start = copy.find(header).unwrap_or_else(|| panic!("no `{header}`"));
    copy[start..]
        .lines()
        .skip(2) // the header and the column names
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            l.split('\t')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect()
}

/// "Ln, Pi, Cm or El" -> the types; "Naval" -> Ships, Gal, Boats.
fn types(cell: &str) -> Vec<E> {
    let cell = cell.split(", unladen").next().unwrap_or(cell);
    cell.replace(" or ", ",")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .flat_map(|name| match name {
            "Naval" => vec![E::Ships, E::Gal, E::Boats],
            "perm bridge" => vec![E::PermBridge],
            "temp bridge" => vec![E::TempBridge],
            n => vec![E::parse(n).unwrap_or_else(|e| panic!("{e}"))],
        })
        .collect()
}

fn show(d: Option<umpire_dbr::Distance>, units: Units) -> String {
    d.map_or("-".to_string(), |d| d.show(units))
}

#[test]
fn every_move_cell_of_both_copies() {
    let t = Tables::builtin().unwrap();
    let (p, c) = copies();
    for (copy, units) in [(&p, Units::Paces), (&c, Units::Cm)] {
        let table = rows(copy, "TACTICAL & MARCH MOVES");
        assert_eq!(table.len(), 7, "{units:?}");
        let mut seen = Vec::new();
        for row in &table {
            for e in types(row[0]) {
                for (i, going) in Going::ALL.iter().enumerate() {
                    assert_eq!(
                        show(t.move_cell(e, *going), units),
                        row[i + 1],
                        "{e} {going} {units:?}"
                    );
                }
                seen.push(e);
            }
        }
        assert_eq!(seen.len(), 21, "every moving type once");
    }
}

#[test]
fn every_range_cell_of_both_copies() {
    let t = Tables::builtin().unwrap();
    let (p, c) = copies();
    for (copy, units) in [(&p, Units::Paces), (&c, Units::Cm)] {
        let table = rows(copy, "RANGES");
        assert_eq!(table.len(), 9, "{units:?}");
        let mut shooters = Vec::new();
        for row in &table {
            for e in types(row[0]) {
                for (i, g) in Grade::ALL.iter().enumerate() {
                    assert_eq!(
                        show(t.range_cell(e, *g), units),
                        row[i + 1],
                        "{e} {g} {units:?}"
                    );
                }
                shooters.push(e);
            }
        }
        for e in E::ALL {
            assert_eq!(t.shoots(*e), shooters.contains(e), "{e}");
        }
        let water = if units == Units::Paces {
            "500p"
        } else {
            "40cm"
        };
        assert_eq!(t.water_range.2.show(units), water);
        assert!(copy.contains(&format!("Gal (F) can shoot {water} if only water")));
    }
}

#[test]
fn every_combat_factor_cell_of_both_copies() {
    let t = Tables::builtin().unwrap();
    let (p, c) = copies();
    for copy in [&p, &c] {
        let table = rows(copy, "COMBAT & SHOOTING FACTORS");
        assert_eq!(table.len(), 12);
        let mut seen = Vec::new();
        for row in &table {
            let cell = |text: &str| match text.split_once('/') {
                Some((a, b)) => FactorCell::Either(a.parse().unwrap(), b.parse().unwrap()),
                None => FactorCell::One(text.parse().unwrap()),
            };
            let expected = [cell(row[1]), cell(row[2]), cell(row[3])];
            for e in types(row[0]) {
                let got = [Class::Cavalry, Class::Foot, Class::Train].map(|k| t.factor_cell(e, k));
                assert_eq!(got, expected, "{e}");
                assert_eq!(t.factor_cell(e, Class::Naval), expected[2], "{e} vs naval");
                seen.push(e);
            }
            if row[0].contains("unladen Naval") {
                assert_eq!(t.disabled_factors, expected);
            }
        }
        assert_eq!(seen.len(), E::ALL.len(), "every type once");
    }
}

#[test]
fn every_other_distance_on_the_sheet_in_both_units() {
    let t = Tables::builtin().unwrap();
    let (p, c) = copies();
    for (copy, units) in [(&p, Units::Paces), (&c, Units::Cm)] {
        let s = |d: umpire_dbr::Distance| d.show(units);
        for needle in [
            format!("more than {} away", s(t.pips.general_far)),
            format!("more than {} away and cannot see", s(t.pips.general_unseen)),
            format!("add {} offroad", s(t.grade_bonus)),
            format!("always deduct {}", s(t.grade_penalty)),
            format!("Pk (S) add {}", s(t.grade_bonus)),
            format!("reduced to {} if", s(t.cap)),
            format!("Visibility is reduced to {}", s(t.cap)),
            format!("Art (S) within {}", s(umpire_dbr::Distance::paces(600))),
            format!("enemy within {}", s(umpire_dbr::Distance::paces(100))),
        ] {
            assert!(copy.contains(&needle), "{units:?} copy lacks `{needle}`");
        }
    }
}
