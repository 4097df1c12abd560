//! A player joining a running game ("anyone can join at any time", the
//! rules' overview), placed by the same starting-position rules as the
//! factions of a new world (OV-START-001 to 012).
//!
//! A running world does not remember how its settlements were laid out,
//! so the layout is read back from the map (RULES-DECISIONS, "Joining a
//! running game"):
//!
//! * the **Imperial City** is the city where the Overlord title is seated
//!   (`over`); a world without one (an imported game) takes the city with
//!   the most inhabitants;
//! * every other city is ranked by its hex distance from the Imperial
//!   City as the world generator places them: 1-3 imperial, 4-7 imperial
//!   border, 8 or more colonial;
//! * the colonial cities fill five factions at a time (OV-START-009)
//!   counting the player factions that have a unit in a colonial city now
//!   as having started there.

use umpire_core::Dice;
use umpire_core::ids::TypedId;

use super::settlements::{Places, Rank, Settlement};
use super::starting_position::{PlayerStart, place_after};
use super::{GenerateError, need};
use crate::rules::Rules;
use crate::world::{LocationId, Player, World};

/// The settlements of a running world, ranked as the generator ranks them.
pub fn places_of(rules: &Rules, world: &World) -> Result<Places, GenerateError> {
    let city = need(rules.terrain("city"), "terrain", "city")?;
    let overlord = rules.title("over");
    let mut cities: Vec<(LocationId, LocationId)> = world
        .locations
        .iter()
        .filter(|(_, l)| l.terrain == city)
        .filter_map(|(id, l)| {
            let outer = l.outer?;
            world.locations[outer].hex?;
            Some((id, outer))
        })
        .collect();
    if cities.is_empty() {
        return Err(GenerateError::MissingRules {
            kind: "city in the world",
            tag: "(a city to start in)".to_string(),
        });
    }
    let seats_overlord = |id: LocationId| {
        overlord.is_some_and(|t| world.locations[id].titles.iter().any(|s| s.title == t))
    };
    let capital = cities
        .iter()
        .position(|(id, _)| seats_overlord(*id))
        .unwrap_or_else(|| {
            // The most inhabited city; the first of equals.
            let mut best = 0;
            for (i, (id, _)) in cities.iter().enumerate() {
                if world.locations[*id].population > world.locations[cities[best].0].population {
                    best = i;
                }
            }
            best
        });
    let first = cities.remove(capital);
    let heart = world.locations[first.1].hex;
    let settlement = |rank: Rank, (location, outer): (LocationId, LocationId)| Settlement {
        rank,
        hex: outer.index(),
        location,
        name: world.locations[location].name.clone(),
        title: None,
        seat_building: None,
    };
    let mut settlements = vec![settlement(Rank::Capital, first)];
    for c in cities {
        let distance = match (heart, world.locations[c.1].hex) {
            (Some(a), Some(b)) => a.distance(b),
            _ => u32::MAX,
        };
        let rank = match distance {
            0..=3 => Rank::Imperial,
            4..=7 => Rank::Border,
            _ => Rank::Colonial,
        };
        settlements.push(settlement(rank, c));
    }
    settlements.sort_by_key(|s| s.rank);
    Ok(Places {
        settlements,
        towers: Vec::new(),
        imperial: Vec::new(),
        to_settlement: Vec::new(),
    })
}

/// Player factions with a unit in a colonial city now.
fn in_colonies(world: &World, places: &Places) -> usize {
    let colonies: Vec<LocationId> = places.of_rank(Rank::Colonial).map(|s| s.location).collect();
    world
        .factions
        .iter()
        .filter(|(_, f)| f.player == Player::Human && !f.resigned)
        .filter(|(id, _)| {
            world
                .units
                .values()
                .any(|u| u.faction == *id && !u.gone && colonies.contains(&u.location))
        })
        .count()
}

/// Add one player faction to `world` by the starting-position rules, with
/// `name` if given. Returns its line of the game master's sheet (with the
/// password in clear; the world keeps only its hash).
pub fn join(
    rules: &Rules,
    world: &mut World,
    dice: &mut Dice,
    name: Option<&str>,
) -> Result<PlayerStart, GenerateError> {
    let places = places_of(rules, world)?;
    let started = in_colonies(world, &places);
    let mut sheets = place_after(rules, &places, 1, started, dice, world)?;
    let mut sheet = sheets.pop().ok_or(GenerateError::MissingRules {
        kind: "starting position",
        tag: "(none was made)".to_string(),
    })?;
    if let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) {
        if let Some(f) = world.faction_by_number(sheet.number) {
            world.factions[f].name = n.to_string();
            sheet.name = n.to_string();
        }
    }
    Ok(sheet)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::world::{MapSize, WorldParams, generate};

    fn world() -> (Rules, World) {
        let rules = Rules::bundled().unwrap();
        let made = generate(
            &rules,
            &WorldParams {
                game: "joins".into(),
                seed: 11,
                factions: 3,
                size: MapSize::SMALL,
            },
        )
        .unwrap();
        (rules, made.world)
    }

    #[test]
    fn ov_start_001_a_joining_faction_gets_a_hero_and_fifty_men_in_a_city() {
        let (rules, mut w) = world();
        let before_factions = w.factions.len();
        let max_unit = w.units.values().map(|u| u.number).max().unwrap();
        let sheet = join(&rules, &mut w, &mut Dice::from_seed(5), Some("Late Comers")).unwrap();
        assert_eq!(w.factions.len(), before_factions + 1);
        assert_eq!(sheet.number as usize, before_factions + 1);
        assert_eq!(sheet.name, "Late Comers");
        let f = w.faction_by_number(sheet.number).unwrap();
        assert_eq!(w.factions[f].name, "Late Comers");
        assert!(!w.factions[f].password_hash.is_empty());
        let units: Vec<_> = w.units_of(f).collect();
        assert_eq!(units.len(), 2, "a hero and his followers");
        assert!(
            units.iter().all(|(_, u)| u.number > max_unit),
            "new numbers"
        );
        let at = sheet.location.unwrap();
        assert!(units.iter().all(|(_, u)| u.location == at));
        assert_eq!(rules.terrains[w.locations[at].terrain].tag, "city");
        assert!(units.iter().any(|(_, u)| u.figures == 50));
        assert!(w.check().is_empty(), "{:?}", w.check());
    }

    #[test]
    fn the_imperial_city_is_where_the_overlord_title_sits() {
        let (rules, w) = world();
        let places = places_of(&rules, &w).unwrap();
        let capital = places.capital().location;
        let over = rules.title("over").unwrap();
        assert!(w.locations[capital].titles.iter().any(|s| s.title == over));
        assert!(places.of_rank(Rank::Capital).count() == 1);
    }

    #[test]
    fn the_same_dice_give_the_same_join() {
        let (rules, w) = world();
        let mut a = w.clone();
        let mut b = w;
        join(&rules, &mut a, &mut Dice::from_seed(9), None).unwrap();
        join(&rules, &mut b, &mut Dice::from_seed(9), None).unwrap();
        assert_eq!(a, b);
    }
}
