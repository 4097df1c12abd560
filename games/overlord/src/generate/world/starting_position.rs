//! Player factions, placed by the rules' "Starting position" chapter
//! (OV-START-001 to 012).
//!
//! Each faction gets a hero leading a unit of 50 unskilled men stacked
//! beneath it, a horse (equipped), the kit of its leader type, $5000 plus
//! its start bonus, and the sample game's stances towards the NPC
//! factions. Sign-up choices are drawn from the dice here; the game
//! master's sheet (`factions.txt`) lists what each faction got.
//!
//! Decisions (RULES-DECISIONS, "World generator"):
//! * OV-START-003: the leader type's first levels are given ready-made
//!   (experience of level 1), so the first turn is the player's own.
//! * OV-START-004: the "low-level magic items" are the potion of healing,
//!   amulet of radiance, and the rings of true sight, strength and minor
//!   invisibility; a mage gets two different ones.
//! * OV-START-005: the land lore is the `landwalk` skill of the terrain of
//!   the starting city's hex (plains → plainswalk, forest → forestwalk…).
//! * OV-START-006: a craftsman's tools are, per skill, the tool item whose
//!   equipment requires that skill, or the generic tool.
//! * OV-START-009: five factions fill a colonial city before the next one
//!   is used; when all are full the count starts again from the first.
//! * OV-START-020: a place takes new factions up to one per hundred
//!   people; one whose city is full enters at the nearest place with room
//!   ([`spread`](super::spread)).
//! * OV-START-005 again: the land lore is that of the hex the faction
//!   enters.

use std::fmt;

use umpire_core::Dice;

use super::kit::{CITIZENS, CREATURES, IMPERIALS, Kit, MAGES};
use super::settlements::{Places, Rank};
use super::spread::Spread;
use super::{GenerateError, names};
use crate::rules::Rules;
use crate::world::faction::hash_password;
use crate::world::{Faction, LocationId, Player, Stance, World};

/// Factions per colonial city before the next one fills (OV-START-009).
pub const FAIR_COLONIAL: usize = 5;

/// The leader type chosen at sign-up (OV-START-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderType {
    General,
    Mage,
    Adventurer,
    Craftsman,
}

/// Where the faction enters play (OV-START-008).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartType {
    Imperial,
    Border,
    Colonial,
}

impl StartType {
    /// Added to the $5000 every faction starts with (OV-START-010).
    pub fn bonus(self) -> u64 {
        match self {
            StartType::Imperial => 1000,
            StartType::Border => 500,
            StartType::Colonial => 0,
        }
    }
}

impl fmt::Display for LeaderType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LeaderType::General => "general",
            LeaderType::Mage => "mage",
            LeaderType::Adventurer => "adventurer",
            LeaderType::Craftsman => "craftsman",
        })
    }
}

impl fmt::Display for StartType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StartType::Imperial => "Imperial City",
            StartType::Border => "imperial border city",
            StartType::Colonial => "colonial city",
        })
    }
}

/// One line of the game master's sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerStart {
    pub number: u32,
    pub name: String,
    /// In clear, to send to the player; the world keeps only the hash.
    pub password: String,
    pub player: Player,
    pub leader: Option<LeaderType>,
    pub start: Option<StartType>,
    pub location: Option<LocationId>,
    /// The skills the leader type gave, by tag.
    pub skills: Vec<String>,
}

impl PlayerStart {
    pub(crate) fn npc(number: u32, name: &str, password: String) -> Self {
        PlayerStart {
            number,
            name: name.to_string(),
            password,
            player: Player::Npc,
            leader: None,
            start: None,
            location: None,
            skills: Vec::new(),
        }
    }
}

/// A fresh password (ten letters and digits that cannot be misread) and
/// its salted hash.
pub(crate) fn new_password(dice: &mut Dice, faction: u32) -> (String, String) {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let password: String = (0..10)
        .map(|_| ALPHABET[dice.below(ALPHABET.len() as u32) as usize] as char)
        .collect();
    let salt = format!("f{faction}-{:08x}", dice.roll(u32::MAX));
    let hash = hash_password(&password, &salt);
    (password, hash)
}

const MAGIC_ITEMS: [&str; 5] = ["poth", "amra", "rtsi", "rtst", "rtiv"];
const ELEMENTS: [&str; 5] = ["airs", "eart", "fire", "void", "wate"];

/// Add `count` player factions after the NPC factions.
pub fn place_players(
    rules: &Rules,
    places: &Places,
    count: u32,
    dice: &mut Dice,
    world: &mut World,
) -> Result<Vec<PlayerStart>, GenerateError> {
    place_after(rules, places, count, 0, dice, world)
}

/// [`place_players`], counting `colonial_started` factions already in the
/// colonial cities (OV-START-009's fill order). Factions are numbered on
/// from the highest number in the world.
pub(crate) fn place_after(
    rules: &Rules,
    places: &Places,
    count: u32,
    mut colonial_started: usize,
    dice: &mut Dice,
    world: &mut World,
) -> Result<Vec<PlayerStart>, GenerateError> {
    let capital = places.capital();
    let borders: Vec<_> = places.of_rank(Rank::Border).collect();
    let colonies: Vec<_> = places.of_rank(Rank::Colonial).collect();
    let mut sheets = Vec::with_capacity(count as usize);
    let mut spread = Spread::new(world);
    let mut k = Kit::new(rules, world)?;
    let mut number = k
        .world
        .factions
        .values()
        .map(|f| f.number)
        .max()
        .unwrap_or(0);
    for _ in 0..count {
        number += 1;
        let roll = dice.percent();
        let (start, city) = if roll <= 20 || (borders.is_empty() && colonies.is_empty()) {
            (StartType::Imperial, capital)
        } else if roll <= 50 && !borders.is_empty() {
            (
                StartType::Border,
                borders[dice.below(borders.len() as u32) as usize],
            )
        } else if !colonies.is_empty() {
            let c = colonies[(colonial_started / FAIR_COLONIAL) % colonies.len()];
            colonial_started += 1;
            (StartType::Colonial, c)
        } else {
            (
                StartType::Border,
                borders[dice.below(borders.len() as u32) as usize],
            )
        };
        let leader = match dice.below(4) {
            0 => LeaderType::General,
            1 => LeaderType::Mage,
            2 => LeaderType::Adventurer,
            _ => LeaderType::Craftsman,
        };

        let name = format!("Faction {number}");
        let mut f = Faction::new(number, &name, Player::Human);
        f.funds = 5000 + start.bonus();
        f.stances = vec![
            (IMPERIALS, Stance::Ally),
            (CITIZENS, Stance::Friendly),
            (MAGES, Stance::Friendly),
            (CREATURES, Stance::Hostile),
        ];
        let (password, hash) = new_password(dice, number);
        f.password_hash = hash;
        let faction = k.world.factions.push(f);

        // The chosen city, or the nearest place with room (OV-START-020).
        let at = spread.enter(k.world, rules, city.location);
        let hex = k.world.locations[at].outer.unwrap_or(at);
        let hero_name = names::person(dice, &city.name);
        let hero = k.unit(faction, k.hero, 1, at, &hero_name);
        k.equip(hero, "hrse", 1)?;
        let mut skills: Vec<String> = Vec::new();
        let mut learn = |k: &mut Kit, tag: &str| -> Result<(), GenerateError> {
            let xp = k.level_xp(tag, 1)?;
            k.learn(hero, tag, xp)?;
            skills.push(tag.to_string());
            Ok(())
        };
        match leader {
            LeaderType::General => {
                learn(&mut k, "cmbt")?;
                learn(&mut k, "blde")?;
                k.equip(hero, "swrd", 1)?;
                k.equip(hero, "plat", 1)?;
            }
            LeaderType::Mage => {
                learn(&mut k, "mage")?;
                learn(&mut k, ELEMENTS[dice.below(5) as usize])?;
                let first = dice.below(5) as usize;
                let second = (first + 1 + dice.below(4) as usize) % 5;
                k.carry(hero, MAGIC_ITEMS[first], 1)?;
                k.carry(hero, MAGIC_ITEMS[second], 1)?;
            }
            LeaderType::Adventurer => {
                learn(&mut k, "scou")?;
                let lore = rules
                    .terrains
                    .get(k.world.locations[hex].terrain)
                    .and_then(|t| t.landwalk.as_ref())
                    .map_or("plwk".to_string(), |s| s.tag().to_string());
                learn(&mut k, &lore)?;
                k.carry(hero, "food", 30)?;
            }
            LeaderType::Craftsman => {
                let n = k.teachable.len() as u32;
                let first = dice.below(n) as usize;
                let second = (first + 1 + dice.below(n.saturating_sub(1).max(1)) as usize)
                    % k.teachable.len();
                for (i, pick) in [first, second].into_iter().enumerate() {
                    let skill = k.teachable[pick];
                    let tag = rules.skills.get(skill).map_or("", |s| s.tag.as_str());
                    learn(&mut k, tag)?;
                    let tool = rules
                        .items
                        .values()
                        .find(|it| {
                            it.equip
                                .as_ref()
                                .is_some_and(|e| e.requires.iter().any(|r| r.skill.id() == skill))
                                && it
                                    .equip
                                    .as_ref()
                                    .is_some_and(|e| e.slot == crate::rules::EquipSlot::Tool)
                        })
                        .map_or("tool", |it| it.tag.as_str());
                    if i == 0 {
                        k.equip(hero, tool, 1)?;
                    } else {
                        k.carry(hero, tool, 1)?;
                    }
                }
            }
        }
        let men = k.unit(faction, k.man, 50, at, "Followers");
        k.stack(men, hero);
        sheets.push(PlayerStart {
            number,
            name,
            password,
            player: Player::Human,
            leader: Some(leader),
            start: Some(start),
            location: Some(at),
            skills,
        });
    }
    Ok(sheets)
}
