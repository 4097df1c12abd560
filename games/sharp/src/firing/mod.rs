//! Firing (SP-FIRE, SP-FMOD, SP-HIT, SP-HORSE, SP-CM, SP-TAP, and the
//! firing parts of SP-FORM): one Group's fire at one target, worked step by
//! step, rolled ([`resolve_fire`]) or weighed before rolling ([`fire_odds`]).
//!
//! The order of working, and of the dice taken from [`Rolls`] (which
//! matters when the players type their dice in):
//!
//! 1. the table (line troops, skirmish, artillery, or the chosen man's own
//!    numbers), the band the range falls in, and the hit number; a dash,
//!    a range beyond the table, or a band beyond the first when low on
//!    ammunition is **out of range** — an answer, not an error;
//! 2. the dice pool: the base (one D6 per man, or the gun's dice), every
//!    whole die added or removed, floored at 0, then cover, then smoke
//!    (ruling `fire-order`); and the pips added to every die;
//! 3. the to-hit roll (all the pool's dice), its 1s and 6s counted for a
//!    firing random event (more 1s than 6s: triggered, not resolved);
//! 4. one effects die per hit, in the order of the hits (1-2 none, 3-5
//!    shock, 6 kill); a Line sharing its hits gives the first hits to the
//!    first-named target;
//! 5. against mounted troops, one die per kill (horse or man), and for a
//!    horse the horse table, its roll again, the falling horse's run
//!    and the unhorsed rider's die and flight, each as it comes;
//! 6. for each attached Big Man, in the order given, the hit die against
//!    the men killed (D10, D6 against skirmishers, D10 for tap-loaded
//!    fire) and, if hit, the wound die.

mod odds;
mod resolve;
pub mod tables;

use serde::Serialize;

use crate::error::SharpError;
use crate::model::{Arm, Cover, Formation, Inches, Quality, Status, Weapon};
use crate::roll::Rolls;
use crate::rulings::Rulings;

pub use odds::{FireOdds, fire_odds};
pub use resolve::{
    BigManCheck, BigManOutcome, EffectRoll, EventTable, FireResult, HorseCheck, HorseFall, Share,
    resolve_fire,
};
pub use tables::{
    Cell, Effect, FireTables, HorseAgain, HorseResult, Mounted, Table, Unhorsed, Wound,
};

/// One line of working (shared by every umpire aid).
pub use umpire_core::working::Step;

/// A Big Man's physique (ruling `physique`: Robust 3, Healthy 2, Weak 1,
/// Sickly Cove 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Physique {
    /// 0: a light wound that brings him here is a bad wound.
    SicklyCove,
    /// 1.
    Weak,
    /// 2.
    Healthy,
    /// 3.
    Robust,
}

impl Physique {
    /// Every step, weakest first.
    pub const ALL: &'static [Physique] = &[
        Physique::SicklyCove,
        Physique::Weak,
        Physique::Healthy,
        Physique::Robust,
    ];

    /// 0 to 3.
    pub fn level(self) -> u32 {
        self as u32
    }

    /// The step `level` (clamped to 0..=3).
    pub fn from_level(level: u32) -> Physique {
        Physique::ALL[level.min(3) as usize]
    }

    /// As the rules write it.
    pub fn name(self) -> &'static str {
        match self {
            Physique::SicklyCove => "Sickly Cove",
            Physique::Weak => "Weak",
            Physique::Healthy => "Healthy",
            Physique::Robust => "Robust",
        }
    }

    /// Read it as typed (any case; spaces, hyphens ignored; or 0-3).
    pub fn parse(word: &str) -> Option<Physique> {
        let k: String = word
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Physique::ALL
            .iter()
            .copied()
            .find(|p| {
                let n: String = p
                    .name()
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric())
                    .map(|c| c.to_ascii_lowercase())
                    .collect();
                n == k || k == p.level().to_string()
            })
            .or(match k.as_str() {
                "sickly" => Some(Physique::SicklyCove),
                _ => None,
            })
    }
}

impl std::fmt::Display for Physique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The Group that fires.
#[derive(Debug, Clone, PartialEq)]
pub struct Firers {
    /// Men firing (for a gun: its crew still serving it).
    pub men: u32,
    /// Their quality.
    pub quality: Quality,
    /// What kind of troops.
    pub arm: Arm,
    /// How they stand (a gun is `Unformed`).
    pub formation: Formation,
    /// What they shoot with.
    pub weapon: Weapon,
    /// Rifles tap-loaded for this shot (SP-TAP).
    pub tap_loaded: bool,
    /// Their first volley (ruling `first-volley`).
    pub first_volley: bool,
    /// Fire on a Big Man's initiative: his status.
    pub initiative: Option<Status>,
    /// Shock points on the Group.
    pub shock: u32,
    /// Gunners lost (ruling `artillery-crew`).
    pub gunners_lost: u32,
    /// Fouled barrels (firing event 5): -1 to hit.
    pub fouled_barrels: bool,
    /// Low on ammunition (firing event 1; ruling `short-range`).
    pub low_on_ammunition: bool,
    /// Firing through smoke (firing event 4): a third fewer dice.
    pub through_smoke: bool,
    /// The Group's chosen man shoots, alone (SP-CM).
    pub chosen_man: bool,
}

impl Firers {
    /// An unformed Group of `men` with nothing special.
    pub fn new(men: u32, quality: Quality, arm: Arm, weapon: Weapon) -> Firers {
        Firers {
            men,
            quality,
            arm,
            formation: Formation::Unformed,
            weapon,
            tap_loaded: false,
            first_volley: false,
            initiative: None,
            shock: 0,
            gunners_lost: 0,
            fouled_barrels: false,
            low_on_ammunition: false,
            through_smoke: false,
            chosen_man: false,
        }
    }

    /// The same Group standing in `formation`.
    pub fn in_formation(mut self, formation: Formation) -> Firers {
        self.formation = formation;
        self
    }
}

/// A Big Man attached to the target Group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BigMan {
    /// His name, for the working.
    pub name: String,
    /// His status.
    pub status: Status,
    /// His physique.
    pub physique: Physique,
    /// Already badly wounded (any further wound kills him, SP-HIT-012).
    pub badly_wounded: bool,
}

impl BigMan {
    /// A hale Big Man.
    pub fn new(name: &str, status: Status, physique: Physique) -> BigMan {
        BigMan {
            name: name.to_string(),
            status,
            physique,
            badly_wounded: false,
        }
    }
}

/// What is shot at.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    /// How it stands.
    pub formation: Formation,
    /// A line taken in enfilade (ruling `enfilade`).
    pub enfiladed: bool,
    /// Cover it is in.
    pub cover: Cover,
    /// Cavalry or other mounted troops (SP-HORSE).
    pub mounted: bool,
    /// Big Men attached to the Group (to the first-named target when a
    /// Line shares its hits).
    pub big_men: Vec<BigMan>,
    /// The men it has, when known: no more can be removed than that.
    pub men: Option<u32>,
}

impl Target {
    /// A target in the open, on foot, with no Big Man.
    pub fn new(formation: Formation) -> Target {
        Target {
            formation,
            enfiladed: false,
            cover: Cover::None,
            mounted: false,
            big_men: Vec::new(),
            men: None,
        }
    }
}

/// One Group's fire at a target.
#[derive(Debug, Clone, PartialEq)]
pub struct FireQuery {
    /// Who fires.
    pub firers: Firers,
    /// At what.
    pub target: Target,
    /// The range, in inches.
    pub range: Inches,
    /// A Line (or Column) sharing its hits over this many targets (1: one
    /// target), SP-FORM-004; the targets are alike, as `target` says.
    pub share_over: u32,
}

impl FireQuery {
    /// Fire at one target.
    pub fn new(firers: Firers, target: Target, range: f64) -> FireQuery {
        FireQuery {
            firers,
            target,
            range: Inches(range),
            share_over: 1,
        }
    }
}

/// Roll `query`'s fire. See [`resolve_fire`]; a convenience for one call
/// with seeded dice.
pub fn resolve_seeded(
    tables: &FireTables,
    rulings: &Rulings,
    query: &FireQuery,
    seed: u64,
) -> Result<FireResult, SharpError> {
    let mut rolls = Rolls::seeded(umpire_core::dice::Dice::from_seed(seed));
    resolve_fire(tables, rulings, query, &mut rolls)
}
