//! Random command sequences, undo among them: the battle is always what
//! replaying its log from the scenario gives, and no side's own view ever
//! shows what is under the other side's Blind.

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_sharp::session::Session;
use umpire_sharp::setup::battle_from_toml;

const SCENARIO: &str = include_str!("../scenarios/vimeiro.toml");

const POOL: &[&str] = &[
    "draw",
    "draw",
    "draw",
    "initiative activate line-company",
    "initiative activate rifles",
    "initiative activate voltigeurs",
    "initiative self",
    "fire line-company at grenadiers range 8",
    "fire rifles at voltigeurs range 12",
    "fire voltigeurs at rifles range 9 enfilade",
    "reload line-company",
    "reload rifles",
    "move rifles actions 2",
    "move voltigeurs",
    "fight rifles vs voltigeurs",
    "fight line-company vs grenadiers lead Major Lawford",
    "spot rifles at French-Blind-1 range 10 obscurity slight",
    "undo",
    "undo",
    "shock voltigeurs +2",
    "kill grenadiers 1",
    "bonus British",
    "bonus French",
    "as French show",
    "as British show French",
    "reveal French Blind 1",
    "event firing rifles",
];

fn session() -> Session {
    match battle_from_toml("vimeiro.toml", SCENARIO) {
        Ok(b) => Session::new(b),
        Err(e) => panic!("{e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_battle_is_always_its_log_replayed_and_secrets_stay_secret(
        picks in vec(0..POOL.len(), 1..60),
        seed in 0u64..1_000,
    ) {
        let mut s = session();
        s.state.seed = seed;
        for i in picks {
            s.run(POOL[i]);
            let hidden: Vec<String> = s
                .state
                .groups
                .iter()
                .filter(|g| g.hidden && g.side == "French")
                .map(|g| g.name.clone())
                .collect();
            // What is under a French Blind: its Groups, its Big Men and
            // the Blind's contents. (A drawn card is seen by both sides,
            // as at the table.)
            let british = s.run("as British show").text;
            for g in &hidden {
                prop_assert!(
                    !british.contains(&format!("  {g} --")) && !british.contains(&format!(": {g}")),
                    "{g} shows in the British view:\n{british}"
                );
            }
            for b in s.state.blinds.iter().filter(|b| b.side == "French") {
                for m in &b.big_men {
                    prop_assert!(
                        !british.contains(&format!("Big Man {m} ")),
                        "{m} shows in the British view:\n{british}"
                    );
                }
            }
        }
        let mut replayed = session();
        replayed.state.seed = seed;
        for e in &s.log {
            replayed.run(&e.line);
        }
        prop_assert_eq!(&replayed.state, &s.state);
        prop_assert_eq!(replayed.transcript(), s.transcript());
    }
}
