//! The imported alpha game run for two turns with its reports: every faction gets a report each turn, knowledge shown once is
//! not shown again, the units and locations in each report are the
//! faction's own, and the template read back gives the pending orders.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;

use umpire_core::ids::TypedId;
use umpire_overlord::legacy::world::import;
use umpire_overlord::orders::FactionRef;
use umpire_overlord::report::knowledge::remember;
use umpire_overlord::report::text::{Inputs, Reports};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::run_turn;
use umpire_overlord::turn::visibility::seen_at;
use umpire_overlord::world::FactionId;

/// One turn run and every faction's report written, knowledge remembered,
/// as `overlord run` does.
fn turn_with_reports(w: &mut umpire_overlord::world::World, rules: &Rules) -> Vec<String> {
    let seed = w.seed;
    let log = run_turn(w, rules, &[], seed);
    let (texts, learnt) = {
        let all = Reports::new(Inputs {
            world: w,
            rules,
            log: &log,
            next_turn: "next week",
            press: &[],
        });
        let ids: Vec<FactionId> = w.factions.ids().collect();
        let texts: Vec<String> = ids.iter().map(|&f| all.report(f)).collect();
        let learnt: Vec<_> = ids.iter().map(|&f| (f, all.discovered(f))).collect();
        (texts, learnt)
    };
    for (f, d) in &learnt {
        remember(w, *f, d);
    }
    texts
}

#[test]
fn ov_rep_the_alpha_game_runs_two_turns_with_reports() {
    let rules = Rules::bundled().unwrap();
    let mut w = import(&common::alpha_game_files(), &rules).world;
    let first = turn_with_reports(&mut w, &rules);
    let second = turn_with_reports(&mut w, &rules);
    assert_eq!(first.len(), w.factions.len());
    for (i, (fid, f)) in w.factions.iter().enumerate() {
        let code = FactionRef::Player(f.number).to_string();
        for (turn, text) in [(1, &first[i]), (2, &second[i])] {
            assert!(
                text.starts_with(&format!("alpha Report for Turn {turn} for ")),
                "{text}"
            );
            assert!(text.contains(&format!(" [{code}]")), "{code}");
            assert!(text.contains("\nNext turn: next week\n"), "{code}");
            assert!(text.ends_with("#END\n"), "{code}");
        }
        // Every unit of the faction has its section, and no other
        // faction's unit has one.
        let headers: BTreeSet<String> = second[i]
            .lines()
            .filter(|l| !l.starts_with(' ') && l.contains(" at ") && l.contains("] at "))
            .filter_map(|l| {
                let open = l.find(" [U")?;
                let close = l[open..].find(']')?;
                Some(l[open + 2..open + close].to_string())
            })
            .collect();
        let own: BTreeSet<String> = w.units_of(fid).map(|(_, u)| u.code()).collect();
        assert_eq!(headers, own, "{code}");
        // Every place where one of its units is seen has a section.
        for (u, _) in w.units_of(fid) {
            let at = seen_at(&w, u).unwrap();
            let l = &w.locations[at];
            let header = format!("\n{} [{}], ", l.name, l.code());
            assert!(second[i].contains(&header), "{code}: {header}");
        }
        // Knowledge is told once: turn 2 describes nothing turn 1 did.
        let entries = |text: &str| -> BTreeSet<String> {
            let Some(start) = text.find("\n// Knowledge\n") else {
                return BTreeSet::new();
            };
            let end = text[start..]
                .find("\n// Newspaper\n")
                .or_else(|| text[start..].find("\n// Orders template\n"))
                .map_or(text.len(), |e| start + e);
            text[start..end]
                .lines()
                .filter(|l| l.contains("]: "))
                .map(|l| l[..l.find("]: ").unwrap() + 1].to_string())
                .collect()
        };
        let (one, two) = (entries(&first[i]), entries(&second[i]));
        assert!(
            one.is_disjoint(&two),
            "{code}: {:?}",
            one.intersection(&two)
        );
    }
    // The first report describes what the factions hold: f05's hero's
    // horse among them.
    let f5 = w.faction_by_number(5).unwrap();
    assert!(first[f5.index()].contains("\nhorse [hrse]: Weight 100"));
}
