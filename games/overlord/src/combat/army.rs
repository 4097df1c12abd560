//! The units in a battle, as the combat engine sees them: one
//! [`Fighter`] per unit, its figures' ratings, where it stands, how it
//! moves and what it does each round. The turn builds fighters from the
//! world (race, skills, equipment, enchantments); the battle simulator
//! builds them from its text; the engine reads and wounds them, spends
//! their mana and components, lays battle enchantments on them and adds
//! the creatures they summon.
//!
//! After a battle the turn reads back, for each unit it mustered (the
//! first fighters, in its order): the figures alive, [`Fighter::mana`]
//! (what the mage has left, OV-MAG-013) and [`Fighter::components`]
//! (the items its spells used up). Fighters the battle summoned come
//! after them, marked [`Fighter::summoned`]; they are the battle's only.

use crate::orders::words::CombatMove;
use crate::rules::combat::{CombatActionKind, CombatTarget, DamageType};
use crate::rules::{ItemId, Stats};

use super::blow::Body;
use super::field::{Side, Square};

/// A figure's ratings in battle (OV-CMB, "vital statistics").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ratings {
    pub melee: i32,
    pub missile: i32,
    pub defense: i32,
    pub initiative: i32,
    /// Blows a hit inflicts (at least 1).
    pub damage: i32,
    /// Blows a ranged hit inflicts (at least 1).
    pub ranged_damage: i32,
    /// Blows a figure may strike a round (at least 1, OV-CMB-031).
    pub hits: i32,
    pub life: i32,
    pub stealth: i32,
    pub observation: i32,
    /// The combat statistic without equipment (OV-CMB-060).
    pub base_combat: i32,
    /// Squares a ranged attack reaches; 0: none.
    pub range: u8,
}

/// One entry of a unit's battle action list (COMBAT, OV-CMB-026, 030).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Melee,
    Parry,
    Ranged,
    /// A skill or item tag: carried out by [`super::special`] when the
    /// fighter's [`Fighter::specials`] resolved it, else skipped as
    /// impossible (OV-CMB-046) and named in the battle log.
    Special(String),
}

impl Action {
    /// The action's own initiative modifier: PARRY +2 (OV-CMB-042).
    pub fn initiative(&self) -> i32 {
        match self {
            Action::Parry => 2,
            _ => 0,
        }
    }
}

/// A unit in battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fighter {
    /// The unit's number, for the log (`U12` is 12).
    pub number: u32,
    pub side: Side,
    pub square: Square,
    /// The file its TACTIC set, where FLANK returns (OV-CMB-038).
    pub home_file: u8,
    pub movement: CombatMove,
    pub ratings: Ratings,
    /// Its COMBAT list; MELEE PARRY follow implicitly.
    pub actions: Vec<Action>,
    /// One body per figure still in the fight.
    pub bodies: Vec<Body>,
    /// The unit's level in tactics (OV-CMB-020).
    pub tactics: u8,
    /// Its level in strategy (OV-CMB-022).
    pub strategy: u8,
    pub flying: bool,
    /// Every figure has a mount equipped (OV-CMB-036).
    pub mounted: bool,
    /// Fanatics: never morale-checked, their losses do not count for the
    /// rout, and they die if their side loses (OV-CMB-077).
    pub fanatic: bool,
    /// Figures at the start.
    pub start: u32,
    /// Left the battlefield (FLEE, OV-CMB-032, 078).
    pub fled: bool,
    /// What the unit did, for its combat experience (OV-SKL, "in
    /// battle"): rounds it was on the field, and rounds in which it struck
    /// in melee, parried or shot.
    pub practice: Practice,
    /// Its race is a leader race: the target of "target the leader"
    /// actions.
    pub leader: bool,
    /// What the skill and item tags of its COMBAT list do, resolved when
    /// it was mustered; a tag missing here is impossible.
    pub specials: Vec<Special>,
    /// Spells of `actions` (by index) cast and out of the list until it is
    /// restored (OV-CMB-048).
    pub cast: Vec<usize>,
    /// Battle enchantments and round bonuses in force; their ratings are
    /// counted in `ratings` while they last.
    pub boons: Vec<Boon>,
    /// The mage's mana, spent on spells and regained one a round up to
    /// `max_mana` (OV-CMB-051, OV-MAG-013).
    pub mana: u32,
    pub max_mana: u32,
    /// Spell components the unit holds, and how many the battle used up.
    pub components: Vec<Component>,
    /// Called onto the field by a summoning spell.
    pub summoned: Option<Summoned>,
    /// Experience in ambush [ambu], for the army's ambush level
    /// (OV-CMB-014).
    pub ambush_xp: u32,
    /// It was on GUARD when the battle began (OV-CMB-015).
    pub guarding: bool,
}

/// A spell component: the item, how many the unit held at the start and
/// how many the battle used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    pub item: ItemId,
    pub held: u64,
    pub used: u64,
}

/// Who called a summoned fighter and what it is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summoned {
    /// The summoner's number.
    pub by: u32,
    pub name: String,
}

/// Rounds of each kind a unit fought, for experience.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Practice {
    pub rounds: u32,
    pub melee: u32,
    pub parry: u32,
    pub ranged: u32,
}

impl Fighter {
    /// A unit of `figures` with these ratings, standing at `square`.
    pub fn new(
        number: u32,
        side: Side,
        square: Square,
        movement: CombatMove,
        ratings: Ratings,
        figures: u32,
    ) -> Fighter {
        Fighter {
            number,
            side,
            square,
            home_file: square.file,
            movement,
            ratings,
            actions: Vec::new(),
            bodies: vec![Body::default(); figures as usize],
            tactics: 0,
            strategy: 0,
            flying: false,
            mounted: false,
            fanatic: false,
            start: figures,
            fled: false,
            practice: Practice::default(),
            leader: false,
            specials: Vec::new(),
            cast: Vec::new(),
            boons: Vec::new(),
            mana: 0,
            max_mana: 0,
            components: Vec::new(),
            summoned: None,
            ambush_xp: 0,
            guarding: false,
        }
    }

    /// What the COMBAT tag `tag` does for this unit, if it can use it.
    pub fn special(&self, tag: &str) -> Option<&Special> {
        self.specials.iter().find(|s| s.tag == tag)
    }

    pub fn life(&self) -> u32 {
        u32::try_from(self.ratings.life.max(1)).unwrap_or(1)
    }

    /// Figures still standing.
    pub fn alive(&self) -> u32 {
        let life = self.life();
        u32::try_from(self.bodies.iter().filter(|b| !b.dead(life)).count()).unwrap_or(u32::MAX)
    }

    /// On the battlefield with someone standing.
    pub fn present(&self) -> bool {
        !self.fled && self.alive() > 0
    }

    /// Figures killed so far.
    pub fn killed(&self) -> u32 {
        self.start.saturating_sub(self.alive())
    }

    /// Figures standing and wounded.
    pub fn wounded(&self) -> u32 {
        let life = self.life();
        u32::try_from(
            self.bodies
                .iter()
                .filter(|b| b.wounded && !b.dead(life))
                .count(),
        )
        .unwrap_or(u32::MAX)
    }
}

/// Where a special comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Skill,
    Item,
}

/// What an action needs equipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equipment {
    /// Nothing: every standing figure takes part.
    None,
    /// An item action: the figures wielding one of these many items take
    /// part (OV-CMB-050).
    Wielded(u64),
    /// A skill needing equipment: usable while every standing figure has
    /// one of these many items equipped (OV-CMB-047).
    Every(u64),
}

/// A COMBAT tag resolved for one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Special {
    pub tag: String,
    pub source: Source,
    /// A spell: leaves the list once cast (OV-CMB-048).
    pub magic: bool,
    pub kind: CombatActionKind,
    pub target: CombatTarget,
    /// Squares it reaches; `None`: melee adjacency for a melee attack,
    /// the weapon's range for a ranged one, anywhere for the rest.
    pub range: Option<u8>,
    pub damage_type: Option<DamageType>,
    /// The action's own ratings.
    pub stats: Stats,
    /// Added to the user for the round.
    pub bonus: Stats,
    /// What a wielder has beyond the unit's share of its item (item
    /// actions only).
    pub wielder: Stats,
    /// Enchantments laid on the targets.
    pub grants: Vec<Boon>,
    pub secondary: Option<CombatActionKind>,
    /// Mana a casting costs.
    pub mana: u32,
    /// Components a casting uses up.
    pub consume: Vec<(ItemId, u64)>,
    pub equipment: Equipment,
    pub summons: Vec<Summon>,
}

impl Special {
    /// The action's own initiative modifier.
    pub fn initiative(&self) -> i32 {
        self.stats.initiative + self.bonus.initiative
    }
}

/// A battle enchantment or a round's bonus on a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boon {
    /// The enchantment's tag, or the action's for a round bonus.
    pub tag: String,
    pub stats: Stats,
    /// Rounds left, this one included.
    pub rounds: u32,
}

/// Creatures a summoning calls: a ready fighter, placed when called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summon {
    pub fighter: Fighter,
    pub name: String,
    /// Appears on the caster's square (no tactics of its own).
    pub at_caster: bool,
}
