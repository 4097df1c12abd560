//! New cities and villages (OV-BLD-016, 027, 044, 045). A construction
//! whose data names a `settlement` terrain (`city`, `vill` in
//! `constructions.toml`) is begun and built like any structure (TARGET,
//! BUILD, USE: `orders/target.rs`), but when its last work is fitted it
//! becomes a new inner location, not a finished structure.
//!
//! Decisions (RULES-DECISIONS, "New settlements"):
//!
//! - Only cities and villages become places. The rules call castles built
//!   inner locations too, but a castle here stays a structure: it seats
//!   the Baron title (OV-BLD-031..033), units ENTER it, and its defence
//!   applies to those inside — everything the rules give a castle.
//! - A settlement is begun only in a location that lies inside no other
//!   (a hex of land): not on water (`no_build`, OV-BLD-004), not inside a
//!   city, village or cave. Several may stand in one hex.
//! - The new location: the data's terrain; `outer` the place it was built
//!   in; population 0 (OV-BLD-045); optimum the terrain's (`terrains.toml`:
//!   city 5000, village 1000, as the alpha importer gives every city);
//!   wages and taxes 0 until people come; economy rating 100; a market
//!   that wants food and what the land around yields (20 of each at the
//!   nominal price) and sells nothing (a new town has no stock); no resources, titles or owner; the weather of the place outside; an IN
//!   exit from that place and an OUT exit back, ordinary exits like the
//!   world's other inner locations (1 day by every mode the settlement's
//!   terrain allows, OV-MOVE-017). `MOVE IN` takes a place's first IN
//!   exit; `MOVE L<n>` reaches any of them.
//! - Its number is one past the highest location number in use; its dense
//!   id the next in the world's table (locations are never removed).
//! - Its name is the structure's, if the builders named it; otherwise the
//!   name of the place it stands in followed by the construction's name
//!   ("Place 1 village"), or the construction's name alone.
//! - Recruits (the rules: you can recruit in cities and villages): it
//!   offers every race offered in the place it stands in and in that
//!   place's neighbours (the folk it draws its people from), else the
//!   founding unit's race; each offer starts at 0 figures and the race's
//!   nominal cost, and grows with the population at the month's end like
//!   any offer (`economy/recruits.rs`).
//! - Growth is the month end's migration (`economy/population.rs`): an
//!   empty place with an optimum draws people from the place it lies in,
//!   which draws from its own neighbours in turn; people move, none are
//!   made.
//! - The structure that carried the work leaves the place at once: it
//!   moves into the new settlement, complete, where nothing can enter or
//!   work on it, and is taken out of the world when the next turn begins
//!   ([`clear_founded`]) — a turn's events name structures by their dense
//!   ids, so none is removed while a turn runs (as with gone units).
//!   Structure numbers are one past the highest in use, so a later
//!   structure may take the cleared number again.
//! - The event is [`What::SettlementFounded`], seen by those present where
//!   it was built; there is no `StructureCompleted` for it.

use super::log::What;
use super::state::Turn;
use crate::rules::terrains::Direction;
use crate::rules::{ConstructionId, ItemId, RaceId, Rules, TerrainId};
use crate::world::{
    Exit, Location, LocationId, Market, Offer, Recruits, Structure, StructureId, UnitId, World,
};

/// The terrain a construction becomes, if it is a settlement.
pub fn terrain_of(rules: &Rules, kind: ConstructionId) -> Option<TerrainId> {
    rules
        .constructions
        .get(kind)
        .and_then(|c| c.settlement.as_ref())
        .map(|t| t.id())
}

/// A finished settlement's structure, waiting to be cleared.
pub fn founded(rules: &Rules, s: &Structure) -> bool {
    s.complete && terrain_of(rules, s.kind).is_some()
}

/// Take out of the world the structures that became settlements last
/// turn (run before a turn begins).
pub fn clear_founded(world: &mut World, rules: &Rules) {
    world.remove_structures(|s| founded(rules, s));
}

/// Structure `s`, just completed by unit `u`, becomes a new settlement of
/// `terrain` inside the place it stands in. Returns the new location.
pub fn found(
    t: &mut Turn<'_>,
    u: UnitId,
    s: StructureId,
    terrain: TerrainId,
) -> Option<LocationId> {
    let st = t.world.structures.get(s)?;
    let (outer, kind) = (st.location, st.kind);
    let given = st.name.trim().to_string();
    let around = t.world.locations.get(outer)?;
    let weather = around.weather;
    let kind_name = t
        .rules
        .constructions
        .get(kind)
        .map_or_else(String::new, |c| c.name.clone());
    let name = if !given.is_empty() {
        given
    } else if around.name.trim().is_empty() {
        capitalised(&kind_name)
    } else {
        format!("{} {kind_name}", around.name.trim())
    };
    let number = t
        .world
        .locations
        .values()
        .map(|l| l.number)
        .max()
        .unwrap_or(0)
        + 1;
    let mut loc = Location::new(number, terrain, weather);
    loc.name = name;
    loc.outer = Some(outer);
    loc.optimum = t.rules.terrains.get(terrain).map_or(0, |x| x.optimum);
    loc.recruits = recruits(t, outer, u);
    loc.market = opening_market(t, outer);
    loc.exits.push(Exit {
        direction: Direction::Out,
        to: outer,
        only: None,
        road: false,
    });
    loc.structures.push(s);
    let id = t.world.locations.push(loc);
    let place = &mut t.world.locations[outer];
    place.exits.push(Exit {
        direction: Direction::In,
        to: id,
        only: None,
        road: false,
    });
    place.structures.retain(|&x| x != s);
    t.world.structures[s].location = id;
    // Nobody can be inside an unfinished structure, but an imported world
    // may say otherwise: they stay outside.
    for x in t.world.locations[outer].units.clone() {
        if let Some(unit) = t.world.units.get_mut(x)
            && unit.structure == Some(s)
        {
            unit.structure = None;
        }
    }
    // The turn's indexes by place: the number players write, and the
    // walking areas (a new inner location is a new place to reach).
    t.numbers.locations.insert(number, id);
    t.land = super::travel::areas::Areas::default();
    let others = t.present_factions(outer);
    t.event(
        Some(u),
        What::SettlementFounded {
            place: id,
            structure: s,
        },
        &others,
    );
    Some(id)
}

/// What a new settlement's market wants when it opens: food, and what the
/// land around it yields, 20 of each at the item's nominal price. It sells
/// nothing: a town's stock is restored each month to what it held at the
/// start (OV-ECON-013), and a new town holds none.
pub(crate) fn opening_market(t: &Turn<'_>, outer: LocationId) -> Market {
    let rules = t.rules;
    let mut wanted: Vec<ItemId> = t
        .world
        .locations
        .get(outer)
        .and_then(|l| rules.terrains.get(l.terrain))
        .map(|terrain| terrain.resources.iter().map(|r| r.item.id()).collect())
        .unwrap_or_default();
    wanted.extend(rules.item("food"));
    wanted.retain(|&i| {
        rules
            .items
            .get(i)
            .is_some_and(|it| !it.flags.hidden && it.price > 0)
    });
    wanted.sort();
    wanted.dedup();
    Market {
        sells: Vec::new(),
        buys: wanted
            .into_iter()
            .map(|item| Offer {
                item,
                count: OPENING_WANTS,
                price: rules.items.get(item).map_or(1, |i| i.price.max(1)),
            })
            .collect(),
        days: Vec::new(),
    }
}

/// How many of each good a new settlement's market wants.
const OPENING_WANTS: u64 = 20;

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The offers a new settlement starts with: the races offered in `outer`
/// and its neighbours, else the founder's race; 0 figures each, at the
/// race's nominal cost (else the lowest price offered around).
fn recruits(t: &Turn<'_>, outer: LocationId, founder: UnitId) -> Vec<Recruits> {
    let world = &*t.world;
    let around: Vec<&Location> = std::iter::once(outer)
        .chain(
            world
                .locations
                .get(outer)
                .into_iter()
                .flat_map(|l| l.exits.iter().map(|e| e.to)),
        )
        .filter_map(|l| world.locations.get(l))
        .collect();
    let offered = |race: RaceId| {
        around
            .iter()
            .flat_map(|l| l.recruits.iter())
            .filter(|r| r.race == race)
            .map(|r| r.price)
            .min()
    };
    let mut races: Vec<RaceId> = around
        .iter()
        .flat_map(|l| l.recruits.iter().map(|r| r.race))
        .collect();
    races.sort_unstable();
    races.dedup();
    if races.is_empty() {
        races.extend(world.units.get(founder).map(|x| x.race));
    }
    races
        .into_iter()
        .filter_map(|race| {
            let cost = t.rules.races.get(race).and_then(|r| r.cost);
            let price = cost.or_else(|| offered(race)).filter(|&p| p > 0)?;
            Some(Recruits {
                race,
                count: 0,
                price,
            })
        })
        .collect()
}

/// May a settlement be begun in `place`? Only in a location inside no
/// other.
pub fn may_found_in(world: &World, place: LocationId) -> bool {
    world
        .locations
        .get(place)
        .is_some_and(|l| l.outer.is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_capitalised() {
        assert_eq!(capitalised("village"), "Village");
        assert_eq!(capitalised(""), "");
    }
}
