//! What a battle did, round by round: typed, for reports to render (full
//! blow-by-blow or terse, OV-CMB "Combat detail") and tests to check.

use crate::rules::combat::{CombatActionKind, DamageType};

use super::army::Action;
use super::field::{Side, Square};

/// One thing a unit did in a round.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Deed {
    Moved {
        unit: u32,
        to: Square,
    },
    Parried {
        unit: u32,
    },
    /// A MELEE or RANGED attack on one target unit: how many figures
    /// struck at it, how many hit, how many of its figures died and how
    /// many were wounded.
    Attacked {
        unit: u32,
        ranged: bool,
        target: u32,
        strikes: u32,
        hits: u32,
        killed: u32,
        wounded: u32,
    },
    /// Every target escaped notice (OV-CMB-054).
    Unseen {
        unit: u32,
    },
    /// An action the unit could not take (OV-CMB-029, 046).
    Skipped {
        unit: u32,
        action: Action,
    },
    /// Three quiet rounds at the rear: it left the field (OV-CMB-032).
    Fled {
        unit: u32,
    },
    /// A skill, spell or item action was carried out (OV-CMB-046..050):
    /// by `users` figures, spending `mana`. An attack's blows follow as
    /// [`Deed::Attacked`]; an enchantment's as [`Deed::Enchanted`]; a
    /// summoning's as [`Deed::Summoned`].
    Used {
        unit: u32,
        tag: String,
        kind: CombatActionKind,
        users: u32,
        mana: u32,
        damage_type: Option<DamageType>,
    },
    /// A battle enchantment laid on `target` for `rounds` rounds.
    Enchanted {
        unit: u32,
        target: u32,
        effect: String,
        rounds: u32,
    },
    /// Creatures called onto the field as the fighter `summoned`.
    Summoned {
        unit: u32,
        summoned: u32,
        figures: u32,
    },
    /// A spell the mage lacks the mana for: it waits (OV-CMB-051).
    Waited {
        unit: u32,
        tag: String,
        mana: u32,
        needs: u32,
    },
    /// No spell left in the list could be cast: the whole COMBAT list
    /// is back (OV-CMB-048).
    Restored {
        unit: u32,
    },
    /// Figures that stood only by a life bonus that has ended: the next
    /// hit kills them (OV-CMB-052).
    Doomed {
        unit: u32,
        figures: u32,
    },
}

/// One round.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Round {
    /// 1 for the first; the rout round is numbered after the last.
    pub number: u32,
    pub deeds: Vec<Deed>,
    /// Figures killed this round on each side (attacker, defender).
    pub killed: [u32; 2],
    /// The rout round after a win (OV-CMB-076).
    pub rout: bool,
}

/// Why the battle stopped (OV-CMB-071).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A side has nobody left on the field.
    Wiped,
    /// A side lost half its figures and its nerve.
    Morale,
    /// Five rounds without a wound.
    Quiet,
    /// A hundred rounds.
    Limit,
}

/// The whole battle.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    pub rounds: Vec<Round>,
    pub ending: Ending,
    /// `None`: a draw (OV-CMB-075).
    pub winner: Option<Side>,
    /// The tactical advantage: which side and how much (OV-CMB-021).
    pub advantage: Option<(Side, i32)>,
    /// Wounded figures that recovered and that died of their wounds after
    /// the battle (OV-CMB-079), per side.
    pub healed: [u32; 2],
    pub died_of_wounds: [u32; 2],
    /// The ambush weighed before the first round (OV-CMB-014..018).
    pub ambush: super::ambush::Outcome,
}
