//! The rulings register: every gap of the checklist is a ruling, every
//! ruling is explained in RULES-DECISIONS.md, and switching works.

use umpire_sharp::{RULINGS, RulingId, Rulings};

const DECISIONS: &str = include_str!("../RULES-DECISIONS.md");

/// The checklist, from the shared folder beside the repository (or
/// `UMPIRE_SHARED_DIR`), as the DBR tests read their sheet.
fn checklist() -> String {
    match umpire_core::shared::read("spec/sharp-practice-checklist.md") {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn every_gap_of_the_checklist_has_a_ruling() {
    let text = checklist();
    let gaps: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("- [ ] ") && l.contains("[gap]"))
        .filter_map(|l| l.split_whitespace().nth(3))
        .collect();
    assert_eq!(gaps.len(), 58);
    for g in gaps {
        assert!(
            RULINGS.iter().any(|r| r.checklist.contains(&g)),
            "no ruling answers {g}"
        );
    }
}

#[test]
fn every_ruling_is_explained_and_unique() {
    let mut names: Vec<&str> = RULINGS.iter().map(|r| r.name).collect();
    for n in &names {
        assert!(
            DECISIONS.contains(&format!("`{n}`")),
            "RULES-DECISIONS.md does not explain `{n}`"
        );
    }
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), RULINGS.len());
    for (i, id) in RulingId::ALL.iter().enumerate() {
        assert_eq!(*id as usize, i);
    }
}

#[test]
fn a_rulings_file_switches_and_reports_mistakes() {
    let r = match Rulings::from_toml("r.toml", "enfilade = \"as-square\"\n") {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert!(r.is(RulingId::Enfilade, "as-square"));
    assert!(r.is_switched(RulingId::Enfilade));
    let e = Rulings::from_toml("r.toml", "enfilde = \"as-square\"")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("did you mean `enfilade`") && e.contains("umpire sharp rulings"),
        "{e}"
    );
    let e = Rulings::from_toml("r.toml", "enfilade = \"sideways\"")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("its options are `as-column`, `as-square`"),
        "{e}"
    );
}
