//! Locations: land and sea hexes and the inner locations (cities, caves)
//! inside them, with their people, market, resources and titles.

use serde::{Deserialize, Serialize};

use super::hex::Hex;
use super::ids::{FactionId, LocationId, StructureId, UnitId};
use crate::rules::terrains::Direction;
use crate::rules::{ItemId, Movement, RaceId, TerrainId, TitleId, WeatherId};

/// A way out of a location.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Exit {
    pub direction: Direction,
    pub to: LocationId,
    /// An explicit exit limited to one movement mode, with its own travel
    /// days; `None` for an ordinary hex neighbour (days from the terrain).
    pub only: Option<(Movement, u32)>,
    /// A road runs along this exit: walking and riding take a third less
    /// time (RULES-DECISIONS, OV-MOVE-007).
    pub road: bool,
}

/// Goods offered or wanted on the market: up to `count` at `price` each.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Offer {
    pub item: ItemId,
    pub count: u64,
    pub price: u32,
}

/// Recruits for hire: up to `count` figures of `race` at `price` each.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Recruits {
    pub race: RaceId,
    pub count: u32,
    pub price: u32,
}

/// A resource of the land: `amount` left this month, of `full` at the
/// month's start.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Resource {
    pub item: ItemId,
    pub amount: u64,
    pub full: u64,
}

/// A title seated here and who holds it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seat {
    pub title: TitleId,
    pub holder: Option<UnitId>,
}

/// Who rules a location and how.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Ownership {
    /// The faction holding the land legally…
    pub owner: Option<FactionId>,
    /// …through the title seated at this location.
    pub seat: Option<LocationId>,
    /// The faction occupying it by force, if any.
    pub occupier: Option<FactionId>,
    pub policy: Policy,
}

/// What an owner or occupier lets others do (OV-LAND-007).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Anyone not hostile may trade, harvest and recruit.
    #[default]
    Neutral,
    /// Only friends and allies.
    Friendly,
    /// Only allies.
    Allied,
}

/// The local market.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Market {
    /// Goods for sale to units, sorted by item.
    pub sells: Vec<Offer>,
    /// Goods the locals buy from units, sorted by item.
    pub buys: Vec<Offer>,
    /// Days of the month the market is open; empty means every day.
    pub days: Vec<u8>,
}

/// A location.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Location {
    /// The number players write: `L7` is 7.
    pub number: u32,
    pub name: String,
    pub terrain: TerrainId,
    /// Its hex, for land and sea locations; inner locations share their
    /// outer location's hex and have `None`.
    pub hex: Option<Hex>,
    /// The location this one lies inside (a city in its valley).
    pub outer: Option<LocationId>,
    pub exits: Vec<Exit>,
    pub population: u32,
    pub optimum: u32,
    /// Coins a day a worker earns.
    pub wages: u32,
    /// Coins of tax the population yields this month.
    pub taxes: u64,
    /// Economy rating in percent (buildings add to it).
    pub economy: u32,
    pub market: Market,
    pub recruits: Vec<Recruits>,
    pub resources: Vec<Resource>,
    pub weather: WeatherId,
    pub titles: Vec<Seat>,
    pub ownership: Ownership,
    /// Units here, in arrival order.
    pub units: Vec<UnitId>,
    pub structures: Vec<StructureId>,
    /// Items lying on the ground, sorted by item.
    pub ground: Vec<(ItemId, u64)>,
}

impl Location {
    pub fn new(number: u32, terrain: TerrainId, weather: WeatherId) -> Self {
        Location {
            number,
            name: String::new(),
            terrain,
            hex: None,
            outer: None,
            exits: Vec::new(),
            population: 0,
            optimum: 0,
            wages: 0,
            taxes: 0,
            economy: 100,
            market: Market::default(),
            recruits: Vec::new(),
            resources: Vec::new(),
            weather,
            titles: Vec::new(),
            ownership: Ownership {
                owner: None,
                seat: None,
                occupier: None,
                policy: Policy::Neutral,
            },
            units: Vec::new(),
            structures: Vec::new(),
            ground: Vec::new(),
        }
    }

    /// The id players write: `L7`.
    pub fn code(&self) -> String {
        format!("L{}", self.number)
    }

    pub fn exit(&self, direction: Direction) -> Option<&Exit> {
        self.exits.iter().find(|e| e.direction == direction)
    }
}
