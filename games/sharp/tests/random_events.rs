//! SP-RND: the trigger, the grid (every cell typed from the sheet), the
//! grid's integrity, both event tables and the rulings of their gaps.

use umpire_sharp::random_events::{
    EventKind as K, EventTarget, event_effect, event_entry, event_from_grid, random_event, triggers,
};
use umpire_sharp::roll::Rolls;
use umpire_sharp::tables::{EventOn, Tables, grid_integrity};
use umpire_sharp::{Rulings, SharpError};

type R = Result<(), SharpError>;

fn t() -> Result<&'static Tables, SharpError> {
    Tables::builtin()
}

fn row(r: u32, expected: [u32; 6]) -> R {
    for (c, e) in expected.iter().enumerate() {
        assert_eq!(
            event_from_grid(t()?, r, c as u32 + 1)?,
            *e,
            "row {r} column {}",
            c + 1
        );
    }
    Ok(())
}

/// The event's name and lasting condition, and that the grid reaches it.
fn entry(kind: K, n: u32, name: &str, condition: Option<&str>) -> R {
    let tb = t()?;
    let e = event_entry(tb, kind, n)?;
    assert_eq!(e.name, name);
    assert_eq!(e.condition.as_deref(), condition);
    let cell = (1..=6)
        .flat_map(|r| (1..=6).map(move |c| (r, c)))
        .find(|(r, c)| event_from_grid(tb, *r, *c).ok() == Some(n))
        .unwrap_or_else(|| panic!("event {n} is on no cell"));
    let a = random_event(
        tb,
        &Rulings::default(),
        kind,
        &mut Rolls::typed([cell.0, cell.1]),
    )?;
    assert_eq!((a.number, a.entry.name.as_str()), (n, name));
    Ok(())
}

fn plain() -> EventTarget {
    EventTarget {
        has_big_man: true,
        in_formation: true,
    }
}

#[test]
fn sp_rnd_001_more_ones_than_sixes_triggers() {
    assert_eq!(triggers(&[1, 3, 4]), (1, 0, true));
    assert_eq!(triggers(&[1, 6, 4]), (1, 1, false));
    assert_eq!(triggers(&[1, 1, 6]), (2, 1, true));
    assert_eq!(triggers(&[2, 3, 5]), (0, 0, false));
}

#[test]
fn sp_rnd_002_kind_picks_the_table() -> R {
    let f = random_event(
        t()?,
        &Rulings::default(),
        K::Firing,
        &mut Rolls::typed([3, 2]),
    )?;
    let m = random_event(
        t()?,
        &Rulings::default(),
        K::Movement,
        &mut Rolls::typed([3, 2]),
    )?;
    assert_eq!(f.entry.name, "Low on ammunition");
    assert_eq!(m.entry.name, "Trips up");
    assert_eq!(K::parse("movement")?, K::Movement);
    assert!(K::parse("moving pictures").is_err());
    Ok(())
}

#[test]
fn sp_rnd_003_first_die_is_the_row_by_ruling() -> R {
    // (3, 2) is 1; (2, 3) is 10.
    let a = random_event(
        t()?,
        &Rulings::default(),
        K::Firing,
        &mut Rolls::typed([3, 2]),
    )?;
    assert_eq!((a.cell, a.number), ((3, 2), 1));
    let b = random_event(
        t()?,
        &Rulings::default(),
        K::Firing,
        &mut Rolls::typed([2, 3]),
    )?;
    assert_eq!((b.cell, b.number), ((2, 3), 10));
    assert_eq!(a.steps[0].ruling, Some("event-grid"));
    assert!(event_from_grid(t()?, 0, 3).is_err());
    assert!(event_from_grid(t()?, 3, 7).is_err());
    Ok(())
}

#[test]
fn sp_rnd_004_grid_row_1() -> R {
    row(1, [10, 10, 10, 10, 10, 10])
}
#[test]
fn sp_rnd_005_grid_row_2() -> R {
    row(2, [10, 10, 10, 10, 10, 10])
}
#[test]
fn sp_rnd_006_grid_row_3() -> R {
    row(3, [10, 1, 2, 3, 4, 10])
}
#[test]
fn sp_rnd_007_grid_row_4() -> R {
    row(4, [10, 5, 6, 7, 8, 10])
}
#[test]
fn sp_rnd_008_grid_row_5() -> R {
    row(5, [10, 10, 9, 10, 10, 10])
}
#[test]
fn sp_rnd_009_grid_row_6() -> R {
    row(6, [10, 10, 10, 10, 10, 10])
}
#[test]
fn sp_rnd_010_grid_integrity() -> R {
    let counts = grid_integrity(&t()?.events.grid)?;
    assert_eq!(counts, [1, 1, 1, 1, 1, 1, 1, 1, 1, 27]);
    let mut bad = t()?.events.grid.clone();
    bad[2][1] = 2;
    assert!(grid_integrity(&bad).is_err());
    Ok(())
}
#[test]
fn sp_rnd_011_low_ammunition() -> R {
    entry(K::Firing, 1, "Low on ammunition", Some("low-ammunition"))?;
    assert_eq!(
        event_entry(t()?, K::Firing, 1)?.ruling.map(|r| r.0.name()),
        Some("short-range")
    );
    Ok(())
}
#[test]
fn sp_rnd_012_damp_powder() -> R {
    entry(K::Firing, 2, "Damp squib!", Some("damp-powder"))
}
#[test]
fn sp_rnd_013_broken_flint() -> R {
    entry(K::Firing, 3, "Broken Flint", Some("broken-flint"))?;
    assert!(event_entry(t()?, K::Firing, 3)?.effect.contains("5 or 6"));
    Ok(())
}
#[test]
fn sp_rnd_014_smoke() -> R {
    entry(K::Firing, 4, "Smoke", Some("smoke"))?;
    let e = &event_entry(t()?, K::Firing, 4)?.effect;
    assert!(
        e.contains("6\"") && e.contains("one third") && e.contains("third Tiffin"),
        "{e}"
    );
    Ok(())
}
#[test]
fn sp_rnd_015_fouled_barrels() -> R {
    entry(K::Firing, 5, "Fouled Barrels", Some("fouled-barrels"))?;
    assert!(
        event_entry(t()?, K::Firing, 5)?
            .effect
            .contains("-1 to hit")
    );
    Ok(())
}
#[test]
fn sp_rnd_016_looting_two_or_three_by_d6() -> R {
    entry(K::Firing, 6, "Looting", Some("looting"))?;
    let r = Rulings::default();
    for (die, men) in [(1, 2), (3, 2), (4, 3), (6, 3)] {
        let o = event_effect(t()?, &r, K::Firing, 6, plain(), &mut Rolls::typed([die]))?;
        assert_eq!(o.men, Some(men), "D6 {die}");
        assert!(o.steps.iter().any(|s| s.ruling == Some("looters")));
    }
    Ok(())
}
#[test]
fn sp_rnd_017_fire() -> R {
    entry(K::Firing, 7, "Fire!", Some("building-alight"))?;
    let e = &event_entry(t()?, K::Firing, 7)?.effect;
    assert!(
        e.contains("12\"") && e.contains("three turns") && e.contains("water card"),
        "{e}"
    );
    Ok(())
}
#[test]
fn sp_rnd_018_fear() -> R {
    entry(K::Firing, 8, "Fear!", Some("struck-by-fear"))?;
    assert_eq!(event_entry(t()?, K::Firing, 8)?.on, EventOn::BigMan);
    Ok(())
}
#[test]
fn sp_rnd_019_livestock() -> R {
    entry(K::Firing, 9, "Damn & blast!", Some("loose-livestock"))?;
    let e = &event_entry(t()?, K::Firing, 9)?.effect;
    assert!(e.contains("2D6") && e.contains("9\""), "{e}");
    Ok(())
}
#[test]
fn sp_rnd_020_firing_bonus_card() -> R {
    entry(K::Firing, 10, "Bonus card", None)?;
    assert_eq!(event_entry(t()?, K::Firing, 10)?.on, EventOn::Player);
    Ok(())
}
#[test]
fn sp_rnd_021_trips_up() -> R {
    entry(K::Movement, 1, "Trips up", Some("fallen"))
}
#[test]
fn sp_rnd_022_damned_dog() -> R {
    entry(K::Movement, 2, "Damned dog!", Some("needs-wash"))
}
#[test]
fn sp_rnd_023_barged_aside() -> R {
    entry(K::Movement, 3, "Barged aside", None)?;
    assert_eq!(event_entry(t()?, K::Movement, 3)?.on, EventOn::BigMan);
    Ok(())
}
#[test]
fn sp_rnd_024_drunkard() -> R {
    entry(K::Movement, 4, "Drunkard!", Some("drunk-man"))
}
#[test]
fn sp_rnd_025_my_hat() -> R {
    entry(K::Movement, 5, "My Hat!", Some("hat-lost"))?;
    assert!(event_entry(t()?, K::Movement, 5)?.effect.contains("2D6"));
    Ok(())
}
#[test]
fn sp_rnd_026_needs_water_minus_1_per_die() -> R {
    entry(K::Movement, 6, "Needs water", Some("needs-water"))?;
    assert_eq!(event_entry(t()?, K::Movement, 6)?.move_pips, -1);
    Ok(())
}
#[test]
fn sp_rnd_027_twisted_ankle_minus_1_per_die() -> R {
    entry(K::Movement, 7, "Ouch!", Some("twisted-ankle"))?;
    assert_eq!(event_entry(t()?, K::Movement, 7)?.move_pips, -1);
    Ok(())
}
#[test]
fn sp_rnd_028_ladies_d6_minus_2_none_at_zero() -> R {
    entry(K::Movement, 8, "Hello Ladies!", Some("calling-on-ladies"))?;
    let r = Rulings::default();
    let o = event_effect(t()?, &r, K::Movement, 8, plain(), &mut Rolls::typed([2]))?;
    assert_eq!(
        (o.men, o.applies, o.condition.clone()),
        (Some(0), false, None)
    );
    assert!(o.steps.iter().any(|s| s.ruling == Some("ladies-none")));
    let o = event_effect(t()?, &r, K::Movement, 8, plain(), &mut Rolls::typed([1]))?;
    assert_eq!(o.men, Some(0));
    let o = event_effect(t()?, &r, K::Movement, 8, plain(), &mut Rolls::typed([6]))?;
    assert_eq!((o.men, o.applies), (Some(4), true));
    Ok(())
}
#[test]
fn sp_rnd_029_dress_the_ranks_single_group_ignores() -> R {
    entry(K::Movement, 9, "Dress the ranks!", Some("dressing-ranks"))?;
    let r = Rulings::default();
    let alone = EventTarget {
        has_big_man: true,
        in_formation: false,
    };
    let o = event_effect(t()?, &r, K::Movement, 9, alone, &mut Rolls::typed([]))?;
    assert!(!o.applies);
    let o = event_effect(t()?, &r, K::Movement, 9, plain(), &mut Rolls::typed([]))?;
    assert_eq!(o.condition.as_deref(), Some("dressing-ranks"));
    Ok(())
}
#[test]
fn sp_rnd_030_movement_bonus_card() -> R {
    entry(K::Movement, 10, "Bonus card", None)
}
#[test]
fn sp_rnd_031_big_man_event_without_a_big_man_has_no_effect() -> R {
    let r = Rulings::default();
    let none = EventTarget {
        has_big_man: false,
        in_formation: false,
    };
    for n in [1, 2, 3, 5, 7] {
        let o = event_effect(t()?, &r, K::Movement, n, none, &mut Rolls::typed([]))?;
        assert!(!o.applies, "event {n}");
        assert_eq!(o.condition, None);
        assert!(
            o.steps
                .iter()
                .any(|s| s.rule == "SP-RND-031" && s.ruling == Some("no-big-man"))
        );
    }
    let o = event_effect(t()?, &r, K::Movement, 7, plain(), &mut Rolls::typed([]))?;
    assert_eq!(o.condition.as_deref(), Some("twisted-ankle"));
    // Group events do not need a Big Man.
    let o = event_effect(t()?, &r, K::Movement, 6, none, &mut Rolls::typed([]))?;
    assert!(o.applies);
    Ok(())
}
