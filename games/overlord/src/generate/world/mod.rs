//! The world generator behind `umpire overlord new`: a playable world from
//! a seed.
//!
//! The steps, each in its own module:
//!
//! 1. [`map`]: a hex continent from smooth noise (oceans, coasts, lakes,
//!    mountain chains, forests, deserts, tundra in the north), one land or
//!    sea location per hex with its six exits.
//! 2. [`settlements`]: the Imperial City, the imperial and border cities,
//!    colonial cities and villages as inner locations; population, wages,
//!    taxes, markets, recruits, resources, structures, titles, weather and
//!    the roads between cities.
//! 3. [`npcs`]: the NPC factions (Imperials, Citizens, Mages, Creatures)
//!    with the Emperor, the Advisor, guild and elemental masters, guards
//!    and militia on GUARD, trainers and creatures in the wilds.
//! 4. [`starting_position`]: the player factions, placed by the starting
//!    position rules, each city taking as many as its people allow
//!    ([`spread`]).
//!
//! Every random choice comes from one [`Dice`] stream per step, derived
//! from the seed, so the same parameters give the same world byte for
//! byte. Decisions where the rules are silent are in
//! `RULES-DECISIONS.md` ("World generator").

pub mod join;
pub mod kit;
pub mod map;
pub mod names;
pub mod npcs;
pub mod settlements;
pub mod spread;
pub mod starting_position;

use std::fmt;

use umpire_core::Dice;

use crate::rules::Rules;
use crate::world::World;

pub use starting_position::{LeaderType, PlayerStart, StartType};

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldParams {
    /// The game's name, as players will write it in `#GAME`.
    pub game: String,
    pub seed: u64,
    /// Player factions to place (numbered from 5, after the four NPC
    /// factions).
    pub factions: u32,
    pub size: MapSize,
}

/// The map's extent in hexes: `width` columns by `height` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapSize {
    pub width: u32,
    pub height: u32,
}

impl MapSize {
    /// 432 hexes: a few dozen factions.
    pub const SMALL: MapSize = MapSize::new(24, 18);
    /// 1,728 hexes.
    pub const MEDIUM: MapSize = MapSize::new(48, 36);
    /// 6,000 hexes.
    pub const LARGE: MapSize = MapSize::new(100, 60);
    /// 20,125 hexes: thousands of factions.
    pub const HUGE: MapSize = MapSize::new(175, 115);

    pub const MIN_SIDE: u32 = 8;
    pub const MAX_SIDE: u32 = 1000;

    pub const fn new(width: u32, height: u32) -> Self {
        MapSize { width, height }
    }

    pub fn hexes(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// `small`, `medium`, `large`, `huge` or `WIDTHxHEIGHT` (e.g. `60x40`).
    pub fn parse(s: &str) -> Result<MapSize, String> {
        let named = [
            ("small", MapSize::SMALL),
            ("medium", MapSize::MEDIUM),
            ("large", MapSize::LARGE),
            ("huge", MapSize::HUGE),
        ];
        let lower = s.trim().to_ascii_lowercase();
        if let Some((_, size)) = named.iter().find(|(n, _)| *n == lower) {
            return Ok(*size);
        }
        let Some((w, h)) = lower.split_once('x') else {
            return Err(format!(
                "`{s}` is not a map size: write small, medium, large, huge or WIDTHxHEIGHT such as 60x40"
            ));
        };
        let side = |v: &str, what: &str| -> Result<u32, String> {
            let n: u32 = v
                .trim()
                .parse()
                .map_err(|_| format!("the {what} in `{s}` is not a whole number"))?;
            if !(Self::MIN_SIDE..=Self::MAX_SIDE).contains(&n) {
                return Err(format!(
                    "the {what} in `{s}` must be between {} and {} hexes",
                    Self::MIN_SIDE,
                    Self::MAX_SIDE
                ));
            }
            Ok(n)
        };
        Ok(MapSize::new(side(w, "width")?, side(h, "height")?))
    }

    /// The smallest named size with room for `factions` players (about 40
    /// hexes each), or a larger square-ish map beyond `huge`.
    pub fn for_factions(factions: u32) -> MapSize {
        let want = 300 + 40 * factions as usize;
        for size in [
            MapSize::SMALL,
            MapSize::MEDIUM,
            MapSize::LARGE,
            MapSize::HUGE,
        ] {
            if size.hexes() >= want {
                return size;
            }
        }
        // Keep the 3:2 shape of the named sizes.
        let mut w = 175u32;
        while (w as usize) * (w as usize * 2 / 3) < want && w < Self::MAX_SIDE {
            w += 25;
        }
        MapSize::new(w, (w * 2 / 3).max(Self::MIN_SIDE))
    }
}

impl fmt::Display for MapSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A generated world and what the game master needs to hand out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub world: World,
    /// One entry per faction (NPC factions too), in faction order, with
    /// the password in clear: the world keeps only its hash.
    pub players: Vec<PlayerStart>,
}

/// Why a world could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("the rules have no {kind} `{tag}`, which the world generator needs")]
    MissingRules { kind: &'static str, tag: String },
    #[error(
        "a {size} map has only {land} land hexes, too few for the imperial heartland; use a larger --size"
    )]
    TooSmall { size: MapSize, land: usize },
}

/// Make a world. Same rules and parameters, same world.
pub fn generate(rules: &Rules, params: &WorldParams) -> Result<Generated, GenerateError> {
    let terrain = map::TerrainIds::resolve(rules)?;
    let root = Dice::from_seed(params.seed).derive("generate");
    let mut world = World {
        game: params.game.clone(),
        turn: 0,
        seed: params.seed,
        ..World::default()
    };
    let map = map::build(
        rules,
        terrain,
        params.size,
        &mut root.derive("map"),
        &mut world,
    )?;
    let places = settlements::settle(
        rules,
        terrain,
        &map,
        &mut root.derive("settlements"),
        &mut world,
    )?;
    let mut players = npcs::populate(rules, &map, &places, &mut root.derive("npcs"), &mut world)?;
    world.creatures = Some(kit::CREATURES);
    players.extend(starting_position::place_players(
        rules,
        &places,
        params.factions,
        &mut root.derive("players"),
        &mut world,
    )?);
    Ok(Generated { world, players })
}

/// Look a tag up or say which one is missing.
pub(crate) fn need<I>(found: Option<I>, kind: &'static str, tag: &str) -> Result<I, GenerateError> {
    found.ok_or_else(|| GenerateError::MissingRules {
        kind,
        tag: tag.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_by_name_and_by_extent() {
        assert_eq!(MapSize::parse("small"), Ok(MapSize::SMALL));
        assert_eq!(MapSize::parse(" Huge "), Ok(MapSize::HUGE));
        assert_eq!(MapSize::parse("60x40"), Ok(MapSize::new(60, 40)));
        assert_eq!(
            MapSize::parse("60 by 40"),
            Err("`60 by 40` is not a map size: write small, medium, large, huge or WIDTHxHEIGHT such as 60x40".into())
        );
        assert_eq!(
            MapSize::parse("4x40"),
            Err("the width in `4x40` must be between 8 and 1000 hexes".into())
        );
        assert_eq!(
            MapSize::parse("60xten"),
            Err("the height in `60xten` is not a whole number".into())
        );
    }

    #[test]
    fn the_default_size_grows_with_the_factions() {
        assert_eq!(MapSize::for_factions(3), MapSize::SMALL);
        assert_eq!(MapSize::for_factions(20), MapSize::MEDIUM);
        assert_eq!(MapSize::for_factions(100), MapSize::LARGE);
        assert_eq!(MapSize::for_factions(400), MapSize::HUGE);
        let big = MapSize::for_factions(2000);
        assert!(big.hexes() >= 300 + 40 * 2000, "{big}");
    }
}
