//! Terrains: travel days per movement mode, population optimum, natural
//! resources and the skill that makes a unit at home there.

use serde::{Deserialize, Serialize};

use super::common::{Ref, named_enum};
use super::ids::{ItemId, SkillId};

fn is_false(b: &bool) -> bool {
    !*b
}

/// A terrain.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub tag: String,
    pub name: String,
    /// The population the land supports at best.
    #[serde(default)]
    pub optimum: u32,
    /// The "walk" skill that eases travel and survival here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landwalk: Option<Ref<SkillId>>,
    /// Days to cross, per movement mode; a mode not listed cannot enter.
    pub days: TravelDays,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resources: Vec<TerrainResource>,
    /// Nothing can be built here (open water, chasms).
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_build: bool,
    /// Underground or roofed: no weather.
    #[serde(default, skip_serializing_if = "is_false")]
    pub covered: bool,
    /// Map colour, red, green, blue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<[u8; 3]>,
}

/// Travel days per mode; `None` means the mode cannot enter.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TravelDays {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub walk: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ride: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fly: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swim: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub climb: Option<u32>,
}

impl TravelDays {
    pub fn get(&self, mode: super::Movement) -> Option<u32> {
        use super::Movement as M;
        match mode {
            M::Walk => self.walk,
            M::Ride => self.ride,
            M::Fly => self.fly,
            M::Swim => self.swim,
            M::Climb => self.climb,
        }
    }

    pub fn get_mut(&mut self, mode: super::Movement) -> &mut Option<u32> {
        use super::Movement as M;
        match mode {
            M::Walk => &mut self.walk,
            M::Ride => &mut self.ride,
            M::Fly => &mut self.fly,
            M::Swim => &mut self.swim,
            M::Climb => &mut self.climb,
        }
    }
}

/// A resource a terrain may hold: up to `amount` a month, present in a
/// given location with `chance` percent.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainResource {
    pub item: Ref<ItemId>,
    pub amount: u32,
    pub chance: u8,
}

named_enum!(
    /// The six hex directions and the moves between a location and what
    /// lies inside it.
    Direction {
        North = "N",
        NorthEast = "NE",
        SouthEast = "SE",
        South = "S",
        SouthWest = "SW",
        NorthWest = "NW",
        East = "E",
        West = "W",
        In = "IN",
        Out = "OUT",
        Port = "PORT",
        Up = "UP",
        Down = "DOWN",
        Portal = "PORTAL",
    }
);

impl Direction {
    /// The six neighbours of a hex, clockwise from north.
    pub const HEX: [Direction; 6] = [
        Direction::North,
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// Axial offset (q, r) of the neighbour in this direction on a
    /// flat-topped hex map; `None` for non-hex directions, which only exist
    /// as explicit exits.
    pub fn axial_offset(self) -> Option<(i32, i32)> {
        Some(match self {
            Direction::North => (0, -1),
            Direction::NorthEast => (1, -1),
            Direction::SouthEast => (1, 0),
            Direction::South => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::NorthWest => (-1, 0),
            _ => return None,
        })
    }

    pub fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::NorthEast => Direction::SouthWest,
            Direction::SouthEast => Direction::NorthWest,
            Direction::South => Direction::North,
            Direction::SouthWest => Direction::NorthEast,
            Direction::NorthWest => Direction::SouthEast,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::In => Direction::Out,
            Direction::Out => Direction::In,
            Direction::Port => Direction::Port,
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Portal => Direction::Portal,
        }
    }
}
