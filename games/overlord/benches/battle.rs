//! A 2,000-figure battle: five units a side of 200 armed men,
//! swords and bows, each side with a tactician, fought to the end.
//!
//!     cargo bench -p umpire-overlord --bench battle
//!
//! The armies are described in TOML as the battle simulator reads them
//! (`umpire overlord battle`), so the same battle can be watched with
//! `umpire overlord battle` on the text printed by `armies()`. Figures go
//! in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use umpire_core::dice::Dice;
use umpire_overlord::combat::{fight, scenario};
use umpire_overlord::rules::Rules;

fn side(name: &str, out: &mut String) {
    let plans = [
        ("FRONT LEFT SWEEP", "swrd", "blde", ""),
        ("FRONT CENTER CHARGE", "swrd", "blde", ""),
        ("FRONT RIGHT FLANK", "swrd", "blde", ""),
        ("MIDDLE CENTER FIRE", "lbow", "arch", "RANGED"),
        ("REAR CENTER SUPPORT", "lbow", "arch", "RANGED"),
    ];
    for (tactic, item, skill, combat) in plans {
        out.push_str(&format!(
            "[[{name}]]\nrace = \"man\"\nfigures = 200\nskills = {{ cmbt = 2, {skill} = 2 }}\nitems = {{ {item} = 200 }}\ntactic = \"FIGHT {tactic}\"\ncombat = \"{combat}\"\n\n"
        ));
    }
    out.push_str(&format!(
        "[[{name}]]\nrace = \"ldr\"\nfigures = 1\nskills = {{ cmbt = 3, tact = 2 }}\ntactic = \"FIGHT REAR CENTER STAND\"\n\n"
    ));
}

fn armies() -> String {
    let mut s = String::new();
    side("attacker", &mut s);
    side("defender", &mut s);
    s
}

fn battle(c: &mut Criterion) {
    let rules = match Rules::bundled() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let sc = match scenario::parse(&rules, &armies()) {
        Ok(s) => s,
        Err(e) => panic!("{e:?}"),
    };
    let figures: u32 = sc.fighters.iter().map(|f| f.start).sum();
    assert_eq!(figures, 2002);
    let mut g = c.benchmark_group("battle");
    g.sample_size(20);
    g.bench_function("2000 figures to the end", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut fighters = sc.fighters.clone();
            let mut dice = Dice::from_seed(seed).derive("battle");
            let report = fight::fight(&mut fighters, &mut dice);
            black_box(report.rounds.len())
        });
    });
    g.finish();
}

criterion_group!(benches, battle);
criterion_main!(benches);
