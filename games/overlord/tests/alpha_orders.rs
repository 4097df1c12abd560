//! The original engine's sample game: every `players/*/orders.0` parses
//! without an error or a warning, and what had to be accepted as legacy
//! spelling is exactly what is listed here. The files are read from
//! `../shared/reference/overlord-alpha` beside the project (override with
//! `UMPIRE_ALPHA_DIR`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
mod common;

use umpire_overlord::orders::{
    Envelope, ParseOptions, Scope, UnitOrder, Vocabulary, check, parse_order_line,
};

use common::alpha_dir;

/// What one faction's orders.0 must read as.
struct Expected {
    faction: &'static str,
    units: usize,
    orders: usize,
    /// N0114 legacy notes, by how their message starts, and how many.
    legacy: &'static [(&'static str, usize)],
    /// N0107 notes: UNIT sections with no orders.
    empty: usize,
}

const EXPECTED: &[Expected] = &[
    Expected {
        faction: "f01",
        units: 87,
        orders: 130,
        legacy: &[(
            "`COMBAT_ORDER` is the original engine's spelling of COMBAT",
            43,
        )],
        empty: 0,
    },
    Expected {
        faction: "f02",
        units: 12,
        orders: 12,
        legacy: &[
            ("skill before the pupils is the original engine's order", 6),
            ("SETTING SILENT without ON or OFF", 2),
        ],
        empty: 2,
    },
    Expected {
        faction: "f03",
        units: 0,
        orders: 0,
        legacy: &[],
        empty: 0,
    },
    Expected {
        faction: "f04",
        units: 0,
        orders: 0,
        legacy: &[],
        empty: 0,
    },
];

#[test]
fn every_alpha_order_file_parses_and_legacy_spellings_are_the_known_ones() {
    let dir = alpha_dir().join("players");
    let vocab = Vocabulary::builtin();
    for &Expected {
        faction,
        units,
        orders,
        legacy,
        empty,
    } in EXPECTED
    {
        let path = dir.join(faction).join("orders.0");
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let checked = check(
            &path.display().to_string(),
            &bytes,
            ParseOptions {
                vocabulary: Some(vocab),
            },
        );
        let serious: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.severity != umpire_core::Severity::Note)
            .map(|d| {
                format!(
                    "{}:{} {}",
                    d.code,
                    d.position.map_or(0, |p| p.line),
                    d.message
                )
            })
            .collect();
        assert!(serious.is_empty(), "{faction}: {serious:?}");

        let mut notes: BTreeMap<&str, usize> = BTreeMap::new();
        for d in checked.diagnostics.iter().filter(|d| d.code == "N0114") {
            let key = legacy
                .iter()
                .map(|(m, _)| *m)
                .find(|m| d.message.starts_with(m))
                .unwrap_or_else(|| panic!("{faction}: unexpected legacy note: {}", d.message));
            *notes.entry(key).or_default() += 1;
        }
        let want: BTreeMap<&str, usize> = legacy.iter().copied().collect();
        assert_eq!(notes, want, "{faction}");
        let empties = checked
            .diagnostics
            .iter()
            .filter(|d| d.code == "N0107")
            .count();
        assert_eq!(empties, empty, "{faction}: UNIT sections without orders");

        assert_eq!(checked.message.envelopes.len(), 1, "{faction}");
        let Envelope::Orders(set) = &checked.message.envelopes[0] else {
            panic!("{faction}")
        };
        assert_eq!(set.header.faction.to_string(), faction);
        assert_eq!(set.header.game.as_deref(), Some("alpha"));
        assert!(set.header.closed);
        assert_eq!(
            (set.units.len(), set.order_count()),
            (units, orders),
            "{faction}"
        );

        // Every order reads back from its canonical form.
        for u in &set.units {
            let scope = Scope {
                faction: Some(set.header.faction),
                unit: Some(u.unit),
                vocabulary: Some(vocab),
            };
            for o in set.orders_of(u) {
                let text = o.value.to_string();
                let (again, _) = parse_order_line(&text, scope);
                assert_eq!(
                    again.as_ref(),
                    Some(&o.value),
                    "{faction} line {}: {text}",
                    o.line
                );
            }
        }
    }
}

#[test]
fn alpha_legacy_forms_mean_what_the_original_engine_meant() {
    let dir = alpha_dir().join("players");
    let read = |f: &str| {
        let bytes = std::fs::read(dir.join(f).join("orders.0")).unwrap();
        let c = check(f, &bytes, ParseOptions::default());
        let Envelope::Orders(set) = c.message.envelopes.into_iter().next().unwrap() else {
            panic!()
        };
        set
    };
    let f01 = read("f01");
    let u3: Vec<String> = f01
        .orders_of(&f01.units[2])
        .iter()
        .map(|o| o.value.to_string())
        .collect();
    assert_eq!(u3, ["COMBAT RANGED", "@GUARD"]);
    let claim = &f01.orders_of(&f01.units[0])[0].value;
    assert_eq!(claim.to_string(), "CLAIM over");
    let f02 = read("f02");
    assert_eq!(
        f02.orders_of(&f02.units[0])[0].value.to_string(),
        "@TEACH void"
    );
    let UnitOrder::Setting(s) = &f02.orders_of(&f02.units[4 + 6])[0].value.order else {
        panic!("{:?}", f02.units[10])
    };
    assert_eq!(s.to_string(), "SETTING SILENT");
    assert_eq!(s.effective(), umpire_overlord::orders::words::OnOff::On);
}
