//! A whole battle (OV-CMB-020, 021, 071..079): rounds until an end
//! condition, the rout, and the wounded after.
//!
//! - **Tactical advantage** (OV-CMB-020, 021): each side's tactic level is
//!   its best tactician's level; the higher side adds the difference to
//!   its initiative in round 1, one less each round, down to zero —
//!   unless its best tactician knows strategy, which keeps the whole
//!   advantage every round (decision OV-CMB-022).
//! - **End** (OV-CMB-071..075), checked after each round in this order
//!   (decision OV-CMB-071: all four conditions): a side with nobody on the
//!   field; a side that has lost half its figures and fails its morale
//!   check; five rounds running without a wound; a hundred rounds. If
//!   exactly one side is wiped out or breaks, the other wins; both, or the
//!   last two conditions, make a draw.
//! - **Morale** (OV-CMB-072, 073): each unit's morale is 5% × its defence
//!   plus 5% × the tactics level of the side's best tactician still on the
//!   field; the side's morale is its lowest unit's, less 1 for each round
//!   since the side was first checked; the check fails when a roll of
//!   1–100 is above it. Fanatics are never checked and their losses do not
//!   count toward the half (OV-CMB-077).
//! - **Rout** (OV-CMB-076): a winner sends the loser into one more round
//!   in rout ([`super::round`]).
//! - **Fanatics** of the losing side die (OV-CMB-077); fled units are out
//!   and alive (OV-CMB-078; decision: the commented-out 10% escape from
//!   the rout is not kept — fled units are simply gone).
//! - **Battle enchantments** end with the battle, before the wounds are
//!   seen to ([`super::special`]); summoned creatures stay in `fighters`,
//!   after the units mustered, for the account.
//! - **Wounds** (OV-CMB-079): after the battle each wounded figure still
//!   standing recovers half the time (decision) and otherwise loses one
//!   more life point, dying if that was its last.

use umpire_core::dice::Dice;

use super::ambush::{self, Opening};
use super::army::Fighter;
use super::field::Side;
use super::log::{Ending, Report, Round};
use super::round::{self, Field};
use super::special;

pub const MAX_ROUNDS: u32 = 100;
pub const QUIET_ROUNDS: u32 = 5;
/// Chance in percent a wounded figure recovers after the battle.
pub const RECOVER_PERCENT: u32 = 50;

fn tactic_level(fighters: &[Fighter], side: Side) -> i32 {
    fighters
        .iter()
        .filter(|f| f.side == side && f.present())
        .map(|f| i32::from(f.tactics))
        .max()
        .unwrap_or(0)
}

/// Has the side lost half its (non-fanatic) figures?
fn half_lost(fighters: &[Fighter], side: Side) -> bool {
    let (start, killed) = fighters
        .iter()
        .filter(|f| f.side == side && !f.fanatic)
        .fold((0u32, 0u32), |(s, k), f| (s + f.start, k + f.killed()));
    start > 0 && killed * 2 >= start
}

/// OV-CMB-072: the side's morale in percent before decay; `None` when
/// nobody on the field is checked.
pub fn morale(fighters: &[Fighter], side: Side) -> Option<i32> {
    let best = tactic_level(fighters, side);
    fighters
        .iter()
        .filter(|f| f.side == side && f.present() && !f.fanatic)
        .map(|f| 5 * f.ratings.defense + 5 * best)
        .min()
}

/// Fight it out. The fighters are wounded and killed in place; creatures
/// summoned in the battle are added at the end.
pub fn fight(fighters: &mut Vec<Fighter>, dice: &mut Dice) -> Report {
    let opening = Opening {
        by_attack: true,
        ambush_levels: Vec::new(),
    };
    fight_opening(fighters, &opening, dice)
}

/// [`fight`], with the ambush weighed first ([`super::ambush`]): the
/// armies may swap roles, the ambushed are displaced, and the ambush
/// advantage is added to the attackers' tactic level (OV-CMB-019).
pub fn fight_opening(fighters: &mut Vec<Fighter>, opening: &Opening, dice: &mut Dice) -> Report {
    let sides = [Side::Attacker, Side::Defender];
    let ambush = ambush::weigh(fighters, opening, dice);
    let mut levels = sides.map(|s| tactic_level(fighters, s));
    levels[0] += ambush.advantage;
    let advantage = match levels[0].cmp(&levels[1]) {
        std::cmp::Ordering::Greater => Some((Side::Attacker, levels[0] - levels[1])),
        std::cmp::Ordering::Less => Some((Side::Defender, levels[1] - levels[0])),
        std::cmp::Ordering::Equal => None,
    };
    // OV-CMB-022: a side whose best tactician knows strategy keeps its
    // advantage all battle.
    let keeps = sides.map(|s| {
        fighters
            .iter()
            .filter(|f| f.side == s && f.present())
            .max_by_key(|f| f.tactics)
            .is_some_and(|f| f.strategy > 0)
    });
    let mut field = Field::default();
    let mut rounds: Vec<Round> = Vec::new();
    let mut quiet = 0;
    let mut checked: [Option<u32>; 2] = [None, None];
    let (ending, winner) = loop {
        let number = u32::try_from(rounds.len()).unwrap_or(u32::MAX) + 1;
        let mut bonus = [0, 0];
        if let Some((side, adv)) = advantage {
            let decay = if keeps[side.index()] {
                0
            } else {
                i32::try_from(number - 1).unwrap_or(i32::MAX)
            };
            bonus[side.index()] = (adv - decay).max(0);
        }
        let (round, wounds) = round::run(fighters, &mut field, number, bonus, None, dice);
        rounds.push(round);
        quiet = if wounds { 0 } else { quiet + 1 };
        let wiped = sides.map(|s| !fighters.iter().any(|f| f.side == s && f.present()));
        if wiped[0] || wiped[1] {
            break (Ending::Wiped, decide(wiped));
        }
        let broke = sides.map(|s| {
            let i = s.index();
            if !half_lost(fighters, s) {
                return false;
            }
            let Some(base) = morale(fighters, s) else {
                return false;
            };
            let first = *checked[i].get_or_insert(number);
            let decay = i32::try_from(number - first).unwrap_or(i32::MAX);
            let roll = i32::try_from(dice.percent()).unwrap_or(100);
            roll > base - decay
        });
        if broke[0] || broke[1] {
            break (Ending::Morale, decide(broke));
        }
        if quiet >= QUIET_ROUNDS {
            break (Ending::Quiet, None);
        }
        if number >= MAX_ROUNDS {
            break (Ending::Limit, None);
        }
    };
    if let Some(w) = winner {
        let number = u32::try_from(rounds.len()).unwrap_or(u32::MAX) + 1;
        let (mut round, _) =
            round::run(fighters, &mut field, number, [0, 0], Some(w.other()), dice);
        round.rout = true;
        rounds.push(round);
        for f in fighters.iter_mut().filter(|f| f.side != w && f.fanatic) {
            let life = f.life();
            for b in &mut f.bodies {
                b.lost = b.lost.max(life);
            }
        }
    }
    special::end_of_battle(fighters);
    let mut healed = [0, 0];
    let mut died = [0, 0];
    for f in fighters.iter_mut() {
        let life = f.life();
        let i = f.side.index();
        for b in &mut f.bodies {
            if !b.wounded || b.dead(life) {
                continue;
            }
            b.wounded = false;
            if dice.chance_percent(RECOVER_PERCENT) {
                healed[i] += 1;
            } else {
                b.lost += 1;
                if b.dead(life) {
                    died[i] += 1;
                }
            }
        }
    }
    Report {
        rounds,
        ending,
        winner,
        advantage,
        healed,
        died_of_wounds: died,
        ambush,
    }
}

/// Exactly one side out: the other wins; both: a draw.
fn decide(out: [bool; 2]) -> Option<Side> {
    match out {
        [true, false] => Some(Side::Defender),
        [false, true] => Some(Side::Attacker),
        _ => None,
    }
}
