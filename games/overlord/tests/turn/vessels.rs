//! Vessels that sail with their stack (OV-BLD-001, OV-BLD-013,
//! OV-WLD-010, OV-MOVE-013) and stacks stranded in water (OV-MOVE-029).

use umpire_overlord::rules::terrains::Direction;
use umpire_overlord::rules::{ItemId, Movement};
use umpire_overlord::turn::log::{Stuck, UseProblem};
use umpire_overlord::turn::stranded;
use umpire_overlord::turn::travel::stack_load;
use umpire_overlord::world::{Exit, Structure, StructureId};

use super::*;

/// Sailing into the ocean in fair weather.
const SAIL: u8 = 5;

/// L1 plains – L2 ocean – L3 plains, two factions.
fn coast() -> Game {
    let mut g = Game::new(3, 2);
    let l2 = g.loc(2);
    g.w.locations[l2].terrain = rules().terrain("ocea").unwrap();
    g
}

/// A complete vessel of kind `tag` lying at L`at`.
fn vessel(g: &mut Game, tag: &str, at: u32) -> StructureId {
    let l = g.loc(at);
    let n = u32::try_from(g.w.structures.len()).unwrap() + 1;
    let s =
        g.w.structures
            .push(Structure::new(n, rules().construction(tag).unwrap(), l));
    g.w.locations[l].structures.push(s);
    s
}

fn board(g: &mut Game, units: &[UnitId], s: StructureId) {
    for &u in units {
        g.w.units[u].structure = Some(s);
    }
}

/// A leader of faction `f` at L`at` with `men` followers knowing sailing
/// at `level` stacked under it, all aboard `s`.
fn crew(g: &mut Game, f: u32, at: u32, men: u32, level: u8, s: StructureId) -> (UnitId, UnitId) {
    let captain = g.leader(f, at);
    let sailors = g.unit(f, "man", men, at);
    if level > 0 {
        g.learn(sailors, "seas", 1);
        g.learn(sailors, "sail", level);
    }
    g.stack(sailors, captain);
    board(g, &[captain, sailors], s);
    (captain, sailors)
}

fn cannot_travel(log: &TurnLog, u: UnitId) -> bool {
    first(log, u, |w| matches!(w, What::CannotTravel { .. })).is_some()
}

/// Why `u` could not set out, as its faction is told.
fn stuck(log: &TurnLog, u: UnitId) -> Option<Stuck> {
    log.of_unit(u).find_map(|e| match e.what {
        What::CannotTravel { why, .. } => Some(why),
        _ => None,
    })
}

/// The stack `captain` leads and `iron` bars loaded on its sailors,
/// aboard `ship`: the weights the crossing decides on.
fn laden(g: &mut Game, sailors: UnitId, iron: u64) {
    g.w.units[sailors].add_items(rules().item("iron").unwrap(), iron, 0);
}

/// A unit's `Drowned` event: figures, items lost, vanished.
type Drowning = (u32, Vec<(ItemId, u64)>, bool);

fn drowned(log: &TurnLog, u: UnitId) -> Option<Drowning> {
    log.of_unit(u).find_map(|e| match &e.what {
        What::Drowned {
            figures,
            items,
            vanished,
        } => Some((*figures, items.clone(), *vanished)),
        _ => None,
    })
}

#[test]
fn ov_bld_001_a_crewed_ship_carries_its_stack_over_the_ocean() {
    let mut g = coast();
    let ship = vessel(&mut g, "lgbt", 1);
    let (captain, sailors) = crew(&mut g, 1, 1, 5, 2, ship);
    g.orders(captain, &["MOVE S"]);
    let log = g.run_bare(&[]);
    let (l1, l2) = (g.loc(1), g.loc(2));
    let Some(e) = first(&log, captain, departed) else {
        panic!("no departure: {:?}", log.events)
    };
    let What::Departed {
        mode, days, units, ..
    } = &e.what
    else {
        unreachable!()
    };
    assert_eq!((*mode, *days), (Movement::Swim, u32::from(SAIL)));
    assert_eq!(units, &vec![captain, sailors]);
    assert!(
        first(&log, captain, |w| *w
            == What::VesselSailed {
                structure: ship,
                from: l1,
                to: l2
            })
        .is_some()
    );
    assert_eq!(day_of(&log, captain, arrived), Some(SAIL));
    assert_eq!(
        day_of(&log, captain, |w| *w
            == What::VesselArrived {
                structure: ship,
                from: l1,
                at: l2
            }),
        Some(SAIL)
    );
    // The ship lies in the ocean now, with the stack still aboard.
    assert_eq!(g.w.structures[ship].location, l2);
    assert_eq!(g.w.locations[l2].structures, vec![ship]);
    assert!(g.w.locations[l1].structures.is_empty());
    for u in [captain, sailors] {
        assert_eq!(g.w.units[u].location, l2);
        assert_eq!(g.w.units[u].structure, Some(ship));
    }
    // Afloat: nobody drowns at the month's end.
    assert_eq!(drowned(&log, sailors), None);
    assert_eq!(g.w.units[sailors].figures, 5);
}

#[test]
fn ov_bld_001_without_the_crew_the_ship_stays_and_the_stack_cannot_sail() {
    // Sailing 1 where the longboat needs 2nd; four sailors where it needs
    // five; nobody who knows sailing at all.
    for (men, level) in [(5, 1), (4, 2), (5, 0)] {
        let mut g = coast();
        let ship = vessel(&mut g, "lgbt", 1);
        let (captain, sailors) = crew(&mut g, 1, 1, men, level, ship);
        g.orders(captain, &["MOVE S"]);
        let log = g.run_bare(&[]);
        assert!(cannot_travel(&log, captain), "{men} sailors at {level}");
        // The reason is the crew, not the way (OV-BLD-001).
        let crew = if level >= 2 { u64::from(men) } else { 0 };
        assert_eq!(
            stuck(&log, captain),
            Some(Stuck::VesselUncrewed {
                structure: ship,
                crew,
                needed: 5
            }),
            "{men} sailors at {level}"
        );
        assert_eq!(first(&log, captain, departed), None);
        assert_eq!(g.w.structures[ship].location, g.loc(1));
        assert_eq!(g.w.units[sailors].structure, Some(ship));
    }
}

#[test]
fn ov_bld_001_a_unit_aboard_not_in_the_stack_steps_ashore() {
    let mut g = coast();
    let ship = vessel(&mut g, "lgbt", 1);
    let (captain, sailors) = crew(&mut g, 1, 1, 5, 2, ship);
    let passenger = g.unit(1, "man", 3, 1);
    board(&mut g, &[passenger], ship);
    g.orders(captain, &["MOVE S"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        day_of(&log, passenger, |w| *w
            == What::SteppedAshore { structure: ship }),
        Some(1)
    );
    assert_eq!(g.w.units[passenger].structure, None);
    assert_eq!(g.w.units[passenger].location, g.loc(1));
    assert_eq!(g.w.units[sailors].location, g.loc(2));
    assert_eq!(g.w.units[sailors].structure, Some(ship));
}

#[test]
fn ov_bld_001_a_ship_leaving_the_ocean_leaves_its_passengers_in_the_water() {
    // The ship lies in the ocean; eight men aboard but not in the stack are
    // left in the water when it sails for L3, and a quarter of them drown.
    let mut g = coast();
    let ship = vessel(&mut g, "lgbt", 2);
    let (captain, _) = crew(&mut g, 1, 2, 5, 2, ship);
    let passenger = g.unit(1, "man", 8, 2);
    board(&mut g, &[passenger], ship);
    g.orders(captain, &["MOVE S"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.structures[ship].location, g.loc(3));
    assert_eq!(g.w.units[captain].location, g.loc(3));
    assert_eq!(g.w.units[passenger].location, g.loc(2));
    assert_eq!(drowned(&log, passenger), Some((2, vec![], false)));
    assert_eq!(g.w.units[passenger].figures, 6);
}

#[test]
fn ov_bld_001_only_the_captain_takes_the_ship() {
    // Another faction's leader came aboard first: it is in charge, and
    // the crewed stack cannot take the ship across the ocean.
    let mut g = coast();
    let ship = vessel(&mut g, "lgbt", 1);
    let owner = g.leader(2, 1);
    board(&mut g, &[owner], ship);
    let (captain, sailors) = crew(&mut g, 1, 1, 5, 2, ship);
    g.orders(captain, &["MOVE S"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        stuck(&log, captain),
        Some(Stuck::VesselNotCommanded {
            structure: ship,
            captain: Some(owner)
        })
    );
    assert!(
        g.report(&log, 1)
            .contains("is in the charge of a unit that is not in the stack")
    );
    assert_eq!(g.w.structures[ship].location, g.loc(1));
    assert_eq!(g.w.units[sailors].location, g.loc(1));
    // Named in charge, the same stack sails, and the other leader is put
    // ashore.
    let mut g = coast();
    let ship = vessel(&mut g, "lgbt", 1);
    let other = g.leader(2, 1);
    board(&mut g, &[other], ship);
    let (captain, _) = crew(&mut g, 1, 1, 5, 2, ship);
    g.w.structures[ship].owner = Some(captain);
    g.orders(captain, &["MOVE S"]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.structures[ship].location, g.loc(2));
    assert_eq!(
        day_of(&log, other, |w| matches!(w, What::SteppedAshore { .. })),
        Some(1)
    );
    assert_eq!(g.w.units[other].structure, None);
}

#[test]
fn ov_bld_001_the_ship_stays_where_it_cannot_go() {
    // From L3 inland to L4 the stack walks and leaves the ship behind.
    let mut g = Game::new(4, 1);
    let l2 = g.loc(2);
    g.w.locations[l2].terrain = rules().terrain("ocea").unwrap();
    let ship = vessel(&mut g, "lgbt", 3);
    let (captain, sailors) = crew(&mut g, 1, 3, 5, 2, ship);
    g.orders(captain, &["MOVE S"]);
    let log = g.run_bare(&[]);
    let Some(e) = first(&log, captain, departed) else {
        panic!("no departure")
    };
    assert!(matches!(
        e.what,
        What::Departed {
            mode: Movement::Walk,
            ..
        }
    ));
    assert_eq!(
        first(&log, captain, |w| matches!(w, What::VesselSailed { .. })),
        None
    );
    assert_eq!(g.w.structures[ship].location, g.loc(3));
    assert_eq!(g.w.units[sailors].location, g.loc(4));
    assert_eq!(g.w.units[sailors].structure, None);
}

#[test]
fn ov_move_013_a_ship_sails_the_coast_at_twice_the_walking_days() {
    // L1 and L2 both border the ocean L3: the crew could walk to L2 in 9
    // days but keeps to its ship, 18 days along the coast.
    let mut g = Game::new(3, 1);
    let (l1, l3) = (g.loc(1), g.loc(3));
    g.w.locations[l3].terrain = rules().terrain("ocea").unwrap();
    g.w.locations[l1].exits.push(Exit {
        direction: Direction::SouthEast,
        to: l3,
        only: None,
        road: false,
    });
    g.w.locations[l3].exits.push(Exit {
        direction: Direction::NorthWest,
        to: l1,
        only: None,
        road: false,
    });
    let ship = vessel(&mut g, "lgbt", 1);
    let (captain, _) = crew(&mut g, 1, 1, 5, 2, ship);
    g.orders(captain, &["MOVE S"]);
    let log = g.run_bare(&[]);
    let Some(e) = first(&log, captain, departed) else {
        panic!("no departure")
    };
    let What::Departed { mode, days, .. } = &e.what else {
        unreachable!()
    };
    assert_eq!((*mode, *days), (Movement::Swim, 18));
    assert_eq!(day_of(&log, captain, arrived), Some(18));
    assert_eq!(g.w.structures[ship].location, g.loc(2));
}

#[test]
fn ov_wld_010_nobody_enters_a_ship_under_way() {
    let mut g = coast();
    let ship = vessel(&mut g, "lgbt", 1);
    let (captain, _) = crew(&mut g, 1, 1, 5, 2, ship);
    let late = g.unit(1, "man", 1, 1);
    g.orders(captain, &["MOVE S"]);
    g.orders(late, &["D2 ENTER B1"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        first(&log, late, |w| matches!(w, What::Entered { .. })),
        None
    );
    assert_eq!(g.w.units[late].structure, None);
    assert_eq!(g.w.structures[ship].location, g.loc(2));
}

#[test]
fn ov_move_029_a_quarter_drowns_and_their_equipment_with_them() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].terrain = rules().terrain("ocea").unwrap();
    let sword = rules().item("swrd").unwrap();
    let coin = rules().item("coin").unwrap();
    let eight = g.unit(1, "man", 8, 1);
    g.w.units[eight].add_items(sword, 4, 4);
    g.w.units[eight].add_items(coin, 50, 0);
    let hundred = g.unit(1, "man", 100, 1);
    // Floating boots carry their wearers: afloat.
    let boots = rules().item("fbot").unwrap();
    let shod = g.unit(1, "man", 4, 1);
    g.w.units[shod].add_items(boots, 4, 4);
    // Aboard a longboat without its crew: the hull still floats.
    let ship = vessel(&mut g, "lgbt", 1);
    let aboard = g.unit(1, "man", 8, 1);
    board(&mut g, &[aboard], ship);
    let log = g.run_bare(&[]);
    assert_eq!(drowned(&log, eight), Some((2, vec![(sword, 1)], false)));
    assert_eq!(g.w.units[eight].figures, 6);
    assert_eq!(g.w.units[eight].count(sword), 3);
    assert_eq!(g.w.units[eight].count(coin), 50);
    assert_eq!(drowned(&log, hundred), Some((25, vec![], false)));
    assert_eq!(g.w.units[hundred].figures, 75);
    assert_eq!(drowned(&log, shod), None);
    assert_eq!(drowned(&log, aboard), None);
    assert_eq!(g.w.units[aboard].figures, 8);
}

#[test]
fn ov_move_029_a_quarter_on_average_rounds_by_a_roll() {
    // n / 4, and one more with a chance of (n mod 4) in 4.
    for roll in 0..4 {
        assert_eq!(stranded::drowned(8, roll), 2);
        assert_eq!(stranded::drowned(100, roll), 25);
        assert_eq!(stranded::drowned(1, roll), u32::from(roll < 1));
        assert_eq!(stranded::drowned(10, roll), 2 + u32::from(roll < 2));
        assert!(stranded::drowned(3, roll) < 3);
    }
}

#[test]
fn ov_move_029_a_single_figure_vanishes_one_time_in_four() {
    let mut vanished = 0;
    let mut survived = 0;
    for seed in 1..=40 {
        let mut g = Game::new(1, 1);
        g.w.seed = seed;
        let l = g.loc(1);
        g.w.locations[l].terrain = rules().terrain("ocea").unwrap();
        let u = g.leader(1, 1);
        let coin = rules().item("coin").unwrap();
        g.w.units[u].add_items(coin, 10, 0);
        let log = g.run_bare(&[]);
        match drowned(&log, u) {
            Some((1, items, true)) => {
                assert_eq!(items, vec![(coin, 10)]);
                assert!(g.w.units[u].gone);
                assert!(!g.w.locations[l].units.contains(&u));
                vanished += 1;
            }
            None => {
                assert_eq!(g.w.units[u].figures, 1);
                survived += 1;
            }
            other => panic!("seed {seed}: {other:?}"),
        }
    }
    assert!(
        vanished > 0 && survived > vanished,
        "{vanished} of 40 vanished"
    );
}

#[test]
fn ov_move_029_nobody_drowns_on_land() {
    // Stranding is for open water only: eight men on the plains keep all
    // eight, where the ocean would take two.
    let mut g = Game::new(1, 1);
    let u = g.unit(1, "man", 8, 1);
    let log = g.run_bare(&[]);
    assert_eq!(drowned(&log, u), None);
    assert_eq!(g.w.units[u].figures, 8);
}

#[test]
fn ov_bld_vessel_refit_a_longboat_becomes_a_war_galley() {
    // Ten shipwrights preparing a war galley: 30 man-days, three days; the
    // shields and iron go when the work begins.
    let mut g = coast();
    let boat = vessel(&mut g, "lgbt", 1);
    let f1 = g.faction(1);
    g.w.structures[boat].complete = true;
    g.w.structures[boat].faction = Some(f1);
    let wrights = g.unit(1, "man", 10, 1);
    g.learn(wrights, "pwga", 1);
    let (hshd, iron) = (rules().item("hshd").unwrap(), rules().item("iron").unwrap());
    g.w.units[wrights].add_items(hshd, 20, 0);
    g.w.units[wrights].add_items(iron, 30, 0);
    let b = g.w.structures[boat].number;
    g.orders(wrights, &[&format!("TARGET B{b}"), "USE pwga 1"]);
    // A second crew with no TARGET is refused, and says why.
    let idle = g.unit(1, "man", 10, 1);
    g.learn(idle, "pwga", 1);
    g.orders(idle, &["USE pwga 1"]);
    let log = g.run_bare(&[]);
    assert_eq!(
        g.w.structures[boat].kind,
        rules().construction("wgal").unwrap()
    );
    assert_eq!(g.w.units[wrights].count(hshd), 0);
    assert_eq!(g.w.units[wrights].count(iron), 0);
    assert!(g.pending(wrights).is_empty());
    let refit = first(&log, wrights, |w| matches!(w, What::Refitted { .. })).unwrap();
    assert_eq!(refit.day, 3);
    assert!(log.of_unit(idle).any(|e| matches!(
        e.what,
        What::CannotUse {
            why: UseProblem::NoTarget,
            ..
        }
    )));
    assert!(
        !log.events
            .iter()
            .any(|e| matches!(e.what, What::NotAdjudicated { .. }))
    );
}

#[test]
fn ov_uo_017_christen_names_the_structure_its_owner_is_in() {
    let mut g = coast();
    let boat = vessel(&mut g, "lgbt", 1);
    g.w.structures[boat].complete = true;
    let owner = g.leader(1, 1);
    let guest = g.leader(1, 1);
    board(&mut g, &[owner, guest], boat);
    g.orders(owner, &["CHRISTEN \"Nirmal's Roost\""]);
    g.orders(guest, &["CHRISTEN \"Guest House\""]);
    let log = g.run_bare(&[]);
    assert_eq!(g.w.structures[boat].name, "Nirmal's Roost");
    assert!(g.pending(owner).is_empty());
    assert!(
        first(&log, owner, |w| matches!(
            w,
            What::StructureChristened { .. }
        ))
        .is_some()
    );
    // Only the first unit inside owns it: the guest's order waits.
    assert_eq!(g.pending(guest), ["CHRISTEN \"Guest House\""]);
    assert_eq!(
        kept_why(&log, guest),
        ["the unit is not the structure's owner (the first unit inside)"]
    );
}

#[test]
fn ov_uo_018_christen_names_a_place_that_carries_only_its_type_word() {
    let mut g = Game::new(3, 2);
    let plains = rules().terrains[g.w.locations[g.loc(1)].terrain]
        .name
        .clone();
    for n in [1, 3] {
        let l = g.loc(n);
        g.w.locations[l].name = plains.clone();
    }
    // L1: unnamed and nobody's land. L2: has a name. L3: f2's land.
    let l3 = g.loc(3);
    g.w.locations[l3].ownership.owner = Some(g.faction(2));
    let a = g.leader(1, 1);
    let b = g.leader(1, 2);
    let c = g.leader(1, 3);
    for u in [a, b, c] {
        g.orders(u, &["CHRISTEN \"Green Mile\""]);
    }
    let log = g.run_bare(&[]);
    assert_eq!(g.w.locations[g.loc(1)].name, "Green Mile");
    assert!(g.pending(a).is_empty());
    assert_eq!(g.w.locations[g.loc(2)].name, "Place 2");
    assert_eq!(
        kept_why(&log, b),
        ["the unit owns no structure here, and the place already has a name of its own"]
    );
    assert_eq!(g.w.locations[l3].name, plains);
    assert_eq!(
        kept_why(&log, c),
        ["the place belongs to another faction, which names it"]
    );
}

#[test]
fn ov_cmb_070_a_battle_at_sea_is_fought_as_on_land() {
    // The same two crews aboard their ships at L2, ocean or plains: the
    // same battle, blow for blow.
    let fight = |sea: bool| {
        let mut g = Game::new(3, 2);
        if sea {
            let l2 = g.loc(2);
            g.w.locations[l2].terrain = rules().terrain("ocea").unwrap();
        }
        let a = vessel(&mut g, "lgbt", 2);
        let b = vessel(&mut g, "lgbt", 2);
        let (_, raiders) = crew(&mut g, 1, 2, 10, 1, a);
        let (_, sailors) = crew(&mut g, 2, 2, 10, 1, b);
        let swrd = rules().item("swrd").unwrap();
        g.w.units[raiders].add_items(swrd, 10, 10);
        g.learn(raiders, "cmbt", 2);
        g.w.units[sailors].settings.announce = true;
        g.w.units[sailors].settings.advertise = true;
        g.orders(raiders, &["ATTACK U4"]);
        let log = g.run_bare(&[]);
        let fought: Vec<_> = log
            .events
            .iter()
            .filter_map(|e| match &e.what {
                What::BattleFought {
                    place,
                    standing,
                    report,
                    ..
                } => Some((*place, standing.clone(), report.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(fought.len(), 1);
        assert_eq!(fought[0].0, g.loc(2));
        (fought[0].1.clone(), fought[0].2.clone())
    };
    let at_sea = fight(true);
    assert!(!at_sea.1.rounds.is_empty());
    assert_eq!(at_sea, fight(false));
}

#[test]
fn ov_bld_013_a_vessel_appears_in_its_owners_report_with_cargo_weight_and_capacity() {
    let mut g = coast();
    let boat = vessel(&mut g, "lgbt", 1);
    let f1 = g.faction(1);
    g.w.structures[boat].complete = true;
    g.w.structures[boat].faction = Some(f1);
    g.w.structures[boat].name = "Sea Hawk".into();
    let (_captain, sailors) = crew(&mut g, 1, 1, 5, 2, boat);
    let swrd = rules().item("swrd").unwrap();
    g.w.units[sailors].add_items(swrd, 20, 0);
    let log = g.run_bare(&[]);
    let report = g.report(&log, 1);
    let b = g.w.structures[boat].number;
    let line = format!("Sea Hawk [B{b}] longboat at Place 1 [L1].");
    let at = report
        .find(&line)
        .unwrap_or_else(|| panic!("no `{line}` in:\n{report}"));
    let next = report[at..].lines().nth(1).unwrap();
    // A leader (70) and five men (5 × 70) and twenty swords (20 × 4).
    let weight = 70 + 5 * 70 + 20 * 4;
    assert_eq!(
        next,
        format!("  Cargo: 20 swords [swrd]. Weight {weight}. Hull: Capacity 0, swimming 6000.")
    );
    // Another faction's report does not list it among its structures.
    assert!(!g.report(&log, 2).contains(&line));
}

#[test]
fn ov_bld_001_a_stack_too_heavy_for_its_boat_is_told_so_with_the_weights() {
    // The longboat carries 6000; five sailors with 800 iron bars (8 each)
    // are too heavy for it. The way is open to the boat: the reason is
    // the load, with the weights, never "impassable".
    let mut g = coast();
    let ship = vessel(&mut g, "lgbt", 1);
    let (captain, sailors) = crew(&mut g, 1, 1, 5, 2, ship);
    laden(&mut g, sailors, 800);
    g.orders(captain, &["MOVE S"]);
    let weight = stack_load(&g.w, rules(), captain).weight();
    let log = g.run_bare(&[]);
    let Some(Stuck::VesselOverloaded {
        structure,
        weight: w,
        capacity,
    }) = stuck(&log, captain)
    else {
        panic!("{:?}", stuck(&log, captain))
    };
    assert_eq!((structure, w), (ship, weight));
    assert!(w > 6000 && capacity >= 6000 && w > u64::try_from(capacity).unwrap());
    let report = g.report(&log, 1);
    assert!(report.contains("is overloaded"), "{report}");
    assert!(report.contains(&format!("weigh {w}")), "{report}");
    assert!(!report.contains("impassable"), "{report}");
    assert_eq!(g.w.units[captain].location, g.loc(1));
}

mod the_stated_load_decides {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: proptest_cases(16),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// A crewed longboat's stack with any cargo: it sails when the
        /// cargo fits, and when it does not, the reason given is the boat's
        /// load, with the stack's true weight, more than what it carries.
        #[test]
        fn a_boat_that_stays_says_it_is_overloaded_and_by_how_much(iron in 0u64..1500) {
            let mut g = coast();
            let ship = vessel(&mut g, "lgbt", 1);
            let (captain, sailors) = crew(&mut g, 1, 1, 5, 2, ship);
            laden(&mut g, sailors, iron);
            g.orders(captain, &["MOVE S"]);
            let weight = stack_load(&g.w, rules(), captain).weight();
            let log = g.run_bare(&[]);
            match stuck(&log, captain) {
                None => prop_assert!(first(&log, captain, departed).is_some()),
                Some(Stuck::VesselOverloaded { structure, weight: w, capacity }) => {
                    prop_assert_eq!(structure, ship);
                    prop_assert_eq!(w, weight);
                    prop_assert!(i128::from(w) > i128::from(capacity));
                }
                Some(other) => prop_assert!(false, "{other:?}"),
            }
        }
    }
}

#[test]
fn ov_move_029_a_unit_inside_a_building_on_the_water_is_not_stranded() {
    // The alpha game's water mage keeps to his magic tower on an ocean
    // hex: he is in the tower, not "left in water", whatever the dice.
    for seed in 1..=40 {
        let mut g = Game::new(1, 1);
        g.w.seed = seed;
        let l = g.loc(1);
        g.w.locations[l].terrain = rules().terrain("ocea").unwrap();
        let tower = vessel(&mut g, "mtow", 1);
        let mage = g.leader(1, 1);
        let men = g.unit(1, "man", 8, 1);
        board(&mut g, &[mage, men], tower);
        // A unit outside it, in the water, is stranded as ever.
        let swimmer = g.unit(1, "man", 8, 1);
        let log = g.run_bare(&[]);
        assert_eq!(drowned(&log, mage), None, "seed {seed}");
        assert_eq!(drowned(&log, men), None, "seed {seed}");
        assert!(!g.w.units[mage].gone);
        assert_eq!(g.w.units[men].figures, 8);
        assert_eq!(g.w.units[swimmer].figures, 6, "seed {seed}");
    }
}
