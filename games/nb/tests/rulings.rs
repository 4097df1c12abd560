//! Every gap of the checklist is a ruling, explained; the tables validate.

use umpire_nb::tables::Tables;
use umpire_nb::{RULINGS, RulingId, Rulings};

const DECISIONS: &str = include_str!("../RULES-DECISIONS.md");

fn checklist() -> String {
    match umpire_core::shared::read("spec/nb-orders-checklist.md") {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn every_gap_has_a_ruling_and_every_ruling_is_explained() {
    let text = checklist();
    let gaps: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("- [ ] ") && l.contains("[gap]"))
        .filter_map(|l| l.split_whitespace().nth(3))
        .collect();
    assert_eq!(gaps.len(), 23);
    for g in gaps {
        assert!(
            RULINGS.iter().any(|r| r.checklist.contains(&g)),
            "no ruling answers {g}"
        );
    }
    for r in RULINGS {
        assert!(
            DECISIONS.contains(&format!("`{}`", r.name)),
            "`{}` is not explained",
            r.name
        );
    }
    for (i, id) in RulingId::ALL.iter().enumerate() {
        assert_eq!(*id as usize, i);
    }
}

#[test]
fn a_rulings_file_switches_and_reports_mistakes() {
    let r = match Rulings::from_toml("r.toml", "allowance = \"bonus-only\"") {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert!(r.is(RulingId::Allowance, "bonus-only"));
    let e = Rulings::from_toml("r.toml", "alowance = \"x\"")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("did you mean `allowance`") && e.contains("umpire nb rulings"),
        "{e}"
    );
}

#[test]
fn bad_tables_are_refused_naming_the_entry() {
    let good = umpire_nb::tables::TABLES_TOML;
    assert!(Tables::from_toml(good).is_ok());
    for (from, to, entry) in [
        (
            "at_least = 6\ndelay = 2",
            "at_least = 1\ndelay = 2",
            "activation",
        ),
        (
            "[arrival_quality]\nE = 2",
            "[arrival_quality]\nX = 2",
            "arrival_quality",
        ),
        ("nation = \"*\"", "nation = \"Swedish\"", "allowance"),
        (
            "from = 1809\nto = 1814",
            "from = 1814\nto = 1809",
            "nationality.Russian",
        ),
    ] {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good, "{from}");
        match Tables::from_toml(&bad) {
            Err(umpire_nb::NbError::Data { entry: e, .. }) => assert_eq!(e, entry),
            other => panic!("{from}: {other:?}"),
        }
    }
}
