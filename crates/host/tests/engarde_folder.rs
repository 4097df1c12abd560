//! An En Garde! game folder under random play: sheets kept, months run,
//! months rolled back and run again. A month run again from the same world
//! and sheets gives the same world and reports (the game is its sheets
//! replayed), and no player's report holds another player's secrets (his
//! password, his held lines).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_core::source::SourceFile;
use umpire_engarde::setup::{NewPlayer, new_game_checked};
use umpire_engarde::tables::Tables;
use umpire_host::engarde::game_dir::{
    make, month_dir, read_world, rollback, run_next, slug, take_sheet,
};

const PLAYERS: [(&str, &str); 3] = [
    ("Athos", "sword-of-athos"),
    ("Porthos", "feast-of-porthos"),
    ("Aramis", "psalm-of-aramis"),
];

/// A sheet a player might send: orders the reader takes, and one line it
/// cannot, held for the game master and naming the player.
const SHEETS: [&str; 4] = [
    "WEEK 1: CAROUSE\nWEEK 2: REST\n",
    "BORROW 50\nWEEK 1: TOADY TO Athos\nWEEK 3: CAROUSE\n",
    "WEEK 1: BAWDYHOUSE WITH 40\nWEEK 4: CAROUSE\n",
    "WEEK 2: COURT Mme Babette WITH 60\n",
];

#[derive(Debug, Clone)]
enum Step {
    Sheet(usize, usize),
    Run,
    Rollback,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..PLAYERS.len(), 0..SHEETS.len()).prop_map(|(p, s)| Step::Sheet(p, s)),
        2 => Just(Step::Run),
        1 => Just(Step::Rollback),
    ]
}

fn reports(dir: &std::path::Path, month: u32) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(month_dir(dir, month).join("reports"))
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_month_run_again_is_the_same_and_no_report_holds_anothers_secret(
        steps in vec(step(), 1..14),
        seed in 0u64..500,
    ) {
        let tables = Tables::builtin().unwrap();
        let dir = tempdir(seed);
        let roster: Vec<NewPlayer> = PLAYERS
            .iter()
            .map(|(n, p)| NewPlayer { name: (*n).into(), password: (*p).into(), address: String::new() })
            .collect();
        let world = new_game_checked("paris", seed, 4, &roster, tables).unwrap();
        make(&dir, &world, true).unwrap();
        for s in steps {
            match s {
                Step::Sheet(p, k) => {
                    let world = read_world(&dir).unwrap();
                    let (name, password) = PLAYERS[p];
                    let text = format!(
                        "CHARACTER {name}\nPASSWORD {password}\n{}SECRET PLAN OF {name}\n",
                        SHEETS[k]
                    );
                    let taken = take_sheet(&dir, &world, tables, &SourceFile::new("sheet", text)).unwrap();
                    prop_assert!(taken.kept.is_some());
                }
                Step::Run => {
                    let month = run_next(&dir, tables).unwrap();
                    let world_after = std::fs::read(dir.join("world.json")).unwrap();
                    let first = reports(&dir, month);
                    // Run again from the same world and sheets: the same.
                    prop_assert_eq!(rollback(&dir).unwrap(), month);
                    prop_assert_eq!(run_next(&dir, tables).unwrap(), month);
                    prop_assert_eq!(std::fs::read(dir.join("world.json")).unwrap(), world_after);
                    let again = reports(&dir, month);
                    prop_assert_eq!(&again, &first);
                    let world = read_world(&dir).unwrap();
                    for (file, text) in &first {
                        for (name, password) in PLAYERS {
                            let id = world.find_character(name).unwrap();
                            let own = file.starts_with(&slug(&world, id));
                            prop_assert!(!text.contains(password), "{file} holds {name}'s password");
                            if !own {
                                prop_assert!(
                                    !text.contains(&format!("SECRET PLAN OF {name}")),
                                    "{file} holds {name}'s held line"
                                );
                            }
                        }
                    }
                }
                Step::Rollback => {
                    let before = read_world(&dir).unwrap().month;
                    match rollback(&dir) {
                        Ok(m) => prop_assert_eq!(m + 1, before),
                        Err(e) => prop_assert!(e.to_string().contains("no month has been run yet"), "{e}"),
                    }
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn tempdir(seed: u64) -> std::path::PathBuf {
    let n = &MADE;
    let d = std::env::temp_dir().join(format!(
        "umpire-engarde-prop-{}-{seed}-{}",
        std::process::id(),
        n.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
