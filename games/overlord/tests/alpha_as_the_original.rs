//! The imported sample game runs as the original engine runs it, where
//! the rules agree: its Imperials tax their titled land from the first
//! month, and the copies of a replicated world (the scale workloads) behave
//! alike, because a faction's role is data the importer sets, never read
//! from its number. The files are read from
//! `../shared/reference/overlord-alpha` beside the project (override with
//! `UMPIRE_ALPHA_DIR`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[path = "common/game.rs"]
mod game;

use std::collections::BTreeMap;

use umpire_overlord::legacy::replicate::replicate;
use umpire_overlord::legacy::world::import;
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::{What, run_turn};
use umpire_overlord::world::{FactionId, Player, Role, World};

fn rules() -> Rules {
    Rules::bundled().unwrap()
}

/// Per place, the days its taxes reached `f`, and the coins.
fn taxes_of(log: &umpire_overlord::turn::TurnLog, f: FactionId) -> BTreeMap<usize, (u32, u64)> {
    let mut out: BTreeMap<usize, (u32, u64)> = BTreeMap::new();
    for e in &log.events {
        if let What::TaxesCollected { place, amount } = e.what
            && e.seen_by[..] == [f]
        {
            let slot = out
                .entry(umpire_core::ids::TypedId::index(place))
                .or_default();
            slot.0 += 1;
            slot.1 += amount;
        }
    }
    out
}

#[test]
fn ov_land_002_ov_econ_028_the_imported_imperials_tax_their_titled_land_from_the_first_month() {
    let r = rules();
    let mut w = import(&common::alpha_game_files(), &r).world;
    let f01 = w.faction_by_number(1).unwrap();
    let owned: Vec<_> = w
        .locations
        .iter()
        .filter(|(_, l)| l.ownership.owner == Some(f01))
        .map(|(id, _)| id)
        .collect();
    assert_eq!(owned.len(), 39, "f01's titles cover 39 places");
    // The files keep no taxes; the import levies them from the people, one
    // coin a month each (the capital Itora alone has 10,000).
    let itora = w.location_by_number(1).unwrap();
    assert!(w.locations[itora].taxes >= 10_000);
    assert!(owned.iter().all(|&l| w.locations[l].taxes > 0));
    let before = w.factions[f01].funds;
    assert_eq!(before, 31_910);

    let log = run_turn(&mut w, &r, &[], 1);
    let taxes = taxes_of(&log, f01);
    // Every place that is still f01's pays every day of the month. The
    // title's reach is worked out afresh (OV-TTL): two forests the files
    // give f01, L473 and L474, lie beyond it and one place they leave
    // unowned lies within, so 38 places pay 30 days each: 1,140
    // collections (the original engine: about 1,200).
    let still: Vec<usize> = w
        .locations
        .iter()
        .filter(|(_, l)| l.ownership.owner == Some(f01))
        .map(|(id, _)| umpire_core::ids::TypedId::index(id))
        .collect();
    assert_eq!(still.len(), 38);
    assert_eq!(taxes.keys().copied().collect::<Vec<_>>(), still);
    assert!(
        taxes.values().all(|&(days, _)| days == 30),
        "{:?}",
        taxes.values().filter(|(d, _)| *d != 30).collect::<Vec<_>>()
    );
    let collected: u64 = taxes.values().map(|&(_, c)| c).sum();
    // The original engine took f01 from 31,910 to 63,740; the people here
    // count the figures standing there too.
    assert!(
        (30_000..=40_000).contains(&collected),
        "collected {collected}"
    );
    assert!(w.factions[f01].funds >= before + collected - 10_000);
    // Nobody else occupies the Emperor's land (his troops hold the two
    // forests beyond his title's reach).
    assert!(
        !log.events.iter().any(|e| {
            matches!(e.what, What::Occupied { place } if owned.contains(&place))
                && e.seen_by[..] != [f01]
        }),
        "the Emperor's land is occupied"
    );
}

#[test]
fn ov_fac_the_importer_gives_the_sample_npcs_their_roles_by_what_they_are() {
    let r = rules();
    let im = import(&replicate(&common::alpha_game_files(), 2), &r);
    let w = &im.world;
    for copy in 0..2u32 {
        let role = |n: u32| w.factions[w.faction_by_number(n + 100 * copy).unwrap()].role;
        assert_eq!(role(1), Some(Role::Imperials), "copy {copy}: Itorians");
        assert_eq!(role(2), Some(Role::Citizens), "copy {copy}: People");
        assert_eq!(role(3), Some(Role::Creatures), "copy {copy}: Monsters");
        assert_eq!(role(4), Some(Role::Outlaws), "copy {copy}");
        assert_eq!(role(5), None, "copy {copy}: a player's faction");
    }
    // Every NPC has a role, so the import has nothing to say about roles.
    assert!(
        !im.notes.iter().any(|n| n.message.contains("roles")),
        "{:?}",
        im.notes.iter().find(|n| n.message.contains("roles"))
    );
}

#[test]
fn ov_fac_an_unknown_npc_faction_is_imported_without_a_role_and_said_so() {
    let r = rules();
    let mut files = common::alpha_game_files();
    let factions = String::from_utf8(files["factions.dat"].clone()).unwrap();
    files.insert(
        "factions.dat".into(),
        factions
            .replace("NAME Outlaws", "NAME Brigands")
            .into_bytes(),
    );
    let im = import(&files, &r);
    let f04 = im.world.faction_by_number(4).unwrap();
    assert_eq!(im.world.factions[f04].player, Player::Npc);
    assert_eq!(im.world.factions[f04].role, None);
    let note = im
        .notes
        .iter()
        .find(|n| n.entry == "f04")
        .expect("a note on f04");
    assert!(
        note.message
            .contains("`Brigands` plays none of the rules' roles"),
        "{}",
        note.message
    );
}

/// Per copy of a replicated world: battles fought, and each NPC's and
/// the first player's funds after the month.
fn copy_outcomes(w: &World, log: &umpire_overlord::turn::TurnLog, copies: u32) -> Vec<String> {
    (0..copies)
        .map(|k| {
            let battles = log
                .events
                .iter()
                .filter(|e| {
                    matches!(e.what, What::BattleFought { .. })
                        && e.place.is_some_and(|p| w.locations[p].number / 1000 == k)
                })
                .count();
            let funds: Vec<u64> = [1, 2, 3, 4, 5]
                .iter()
                .map(|n| w.factions[w.faction_by_number(n + 100 * k).unwrap()].funds)
                .collect();
            format!("battles {battles}, funds {funds:?}")
        })
        .collect()
}

#[test]
fn ov_grd_004_ov_fac_the_copies_of_a_replicated_alpha_behave_alike() {
    let r = rules();
    let mut w = import(&replicate(&common::alpha_game_files(), 3), &r).world;
    let log = run_turn(&mut w, &r, &[], 1);
    let outcomes = copy_outcomes(&w, &log, 3);
    // Copy 0's f01 and copies 1 and 2's f101 and f201 are the same
    // Imperials: their guards stand where the same battles are (not)
    // fought, and the same taxes come in.
    assert_eq!(outcomes[0], outcomes[1], "{outcomes:#?}");
    assert_eq!(outcomes[0], outcomes[2], "{outcomes:#?}");
}

#[test]
fn ov_uo_016_the_imported_caravan_saved_at_its_last_stop_goes_on_travelling() {
    let r = rules();
    let mut w = import(&common::alpha_game_files(), &r).world;
    let u315 = w.unit_by_number(315).unwrap();
    let log = run_turn(&mut w, &r, &[], 1);
    // It sets out on day 1 back toward L312, instead of waiting all month
    // "at its last stop".
    assert_eq!(game::day_of(&log, u315, game::departed), Some(1));
    assert!(
        !game::kept_why(&log, u315)
            .iter()
            .any(|why| why.contains("last stop")),
        "{:?}",
        game::kept_why(&log, u315)
    );
}

/// Per copy of a replicated world: every unit left standing, as the copy's
/// own numbers (unit, faction, place, figures, items) with the copy's
/// offsets taken off.
fn copy_units(w: &World, copies: u32) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new(); copies as usize];
    for u in w.units.values().filter(|u| !u.gone) {
        let k = u.number / 2000;
        let place = w.locations[u.location].number;
        let faction = w.factions[u.faction].number;
        if let Some(list) = out.get_mut(k as usize) {
            list.push(format!(
                "U{} f{} L{} {} {:?}",
                u.number - 2000 * k,
                faction - 100 * k,
                place - 1000 * k,
                u.figures,
                u.items
            ));
        }
    }
    for list in &mut out {
        list.sort();
    }
    out
}

#[test]
fn ov_sch_039_each_copy_keeps_its_own_creatures_and_behaves_as_the_original() {
    let r = rules();
    let mut w = import(&replicate(&common::alpha_game_files(), 3), &r).world;
    let log = run_turn(&mut w, &r, &[], 1);
    // Copy k's wild creatures stay with copy k's Monsters (f03, f103,
    // f203), not with the first copy's.
    let moved: Vec<String> = log
        .events
        .iter()
        .filter_map(|e| match e.what {
            What::Reverted { to } | What::Allegiance { to } => {
                let u = &w.units[e.unit?];
                (u.number / 2000 != w.factions[to].number / 100).then(|| u.code())
            }
            _ => None,
        })
        .collect();
    assert!(moved.is_empty(), "{moved:?}");
    // And each copy ends the month unit for unit as the first.
    let units = copy_units(&w, 3);
    assert_eq!(units[0].len(), units[1].len());
    assert_eq!(units[0], units[1]);
    assert_eq!(units[0], units[2]);
}
