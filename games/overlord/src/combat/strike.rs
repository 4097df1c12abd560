//! A unit's blows on the enemies it can reach, shared by the round's
//! plain actions and the specials that end in one (OV-CMB-043, 044, 064,
//! 067..069): who are its enemies, a plain MELEE or RANGED, a volley of
//! a special's blows, and the round's marks they leave (moved, parried,
//! struck, wounds, summoned arrivals, the board).

use umpire_core::dice::Dice;

use super::army::{Fighter, Ratings};
use super::blow::{self, Attack};
use super::board::{self, Board, Candidate};
use super::field::Side;
use super::log::{Deed, Round};
use super::targets::{self, Enemy};

/// Per-round flags.
pub(super) struct Marks {
    pub(super) moved: Vec<bool>,
    pub(super) activated: Vec<bool>,
    pub(super) parried: Vec<bool>,
    pub(super) meleed: Vec<bool>,
    /// Struck in melee, parried, shot: once a round each, for experience.
    pub(super) did: Vec<[bool; 3]>,
    pub(super) wounds: bool,
    /// Creatures summoned this round, to take the field at its end.
    pub(super) arrivals: Vec<Fighter>,
    /// Who stands where, for plain attacks; `None` when it must be
    /// rebuilt (after movement, or a skill, spell or item).
    pub(super) board: Option<Board>,
}

/// How a unit's action went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Acted {
    /// Carried out. `melee_hits`: it included a MELEE (a spell's second
    /// action) by a unit with this many hits, who strikes again as after
    /// a MELEE (OV-CMB-031).
    Done { melee_hits: Option<i32> },
    /// Impossible: skipped (OV-CMB-029, 046).
    Impossible,
    /// A spell without the mana for it (OV-CMB-051).
    Waited { mana: u32, needs: u32 },
}

/// The enemies of unit `u` as targets see them: their indices in
/// `fighters`, and each as an [`Enemy`].
pub(super) fn enemies_of(
    fighters: &[Fighter],
    u: usize,
    routed: Option<Side>,
) -> (Vec<usize>, Vec<Enemy>) {
    let side = fighters[u].side;
    let idx: Vec<usize> = (0..fighters.len())
        .filter(|&i| fighters[i].side != side && fighters[i].present())
        .collect();
    let es = idx
        .iter()
        .map(|&i| {
            let f = &fighters[i];
            Enemy {
                side: f.side,
                square: f.square,
                stealth: board::stealth(f, routed),
                figures: f.alive(),
            }
        })
        .collect();
    (idx, es)
}

/// A plain MELEE or RANGED attack with the unit's own ratings; false when
/// impossible.
#[allow(clippy::too_many_arguments)]
pub(super) fn plain(
    fighters: &mut [Fighter],
    u: usize,
    ranged: bool,
    standing: u32,
    routed: Option<Side>,
    marks: &mut Marks,
    round: &mut Round,
    dice: &mut Dice,
) -> bool {
    let me = &fighters[u];
    if ranged && (me.ratings.missile <= 0 || me.ratings.range == 0) {
        return false;
    }
    let blows = Blows::of(&me.ratings, ranged);
    let (side, from, range, observation) =
        (me.side, me.square, me.ratings.range, me.ratings.observation);
    let seen = {
        let board = marks
            .board
            .get_or_insert_with(|| Board::build(fighters, routed));
        let mut order = if ranged {
            board.ranged(fighters, side, from, range)
        } else {
            board.melee(fighters, side, from)
        }
        .peekable();
        if order.peek().is_none() {
            return false;
        }
        sight(fighters, observation, blows.total(standing), order, dice)
    };
    strike_seen(fighters, u, blows, standing, &seen, marks, round, dice);
    true
}

/// The ratings an attack's blows are struck with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Blows {
    pub ranged: bool,
    /// The melee or missile statistic.
    pub stat: i32,
    /// Blows a hit inflicts.
    pub damage: i32,
    /// The attacker's combat statistic without equipment.
    pub base_combat: i32,
    /// Blows each attacking figure strikes in this attack.
    pub per_figure: u32,
}

impl Blows {
    /// The blows `attackers` figures strike.
    fn total(&self, attackers: u32) -> u64 {
        u64::from(attackers) * u64::from(self.per_figure.max(1))
    }
}

impl Blows {
    /// A plain MELEE or RANGED attack.
    pub fn of(r: &Ratings, ranged: bool) -> Blows {
        Blows {
            ranged,
            stat: if ranged { r.missile } else { r.melee },
            damage: if ranged { r.ranged_damage } else { r.damage },
            base_combat: r.base_combat,
            per_figure: 1,
        }
    }
}

/// `attackers` figures of `u` strike at `candidates` (in the order
/// figures are dealt to them), after the stealth escapes (OV-CMB-054).
#[allow(clippy::too_many_arguments)]
pub(super) fn volley(
    fighters: &mut [Fighter],
    u: usize,
    blows: Blows,
    attackers: u32,
    candidates: &[Candidate],
    marks: &mut Marks,
    round: &mut Round,
    dice: &mut Dice,
) {
    let observation = fighters[u].ratings.observation;
    let seen = sight(
        fighters,
        observation,
        blows.total(attackers),
        candidates.iter().copied(),
        dice,
    );
    strike_seen(fighters, u, blows, attackers, &seen, marks, round, dice);
}

/// A target that did not escape an attack, with its figures standing as
/// the volley begins.
struct Seen {
    unit: usize,
    living: Vec<usize>,
}

/// The targets that see an attack of `needed` blows coming: `candidates`
/// in order, less those that escape unnoticed (OV-CMB-054, rolled as each
/// comes up), until their standing figures cover the blows. Blows are
/// dealt a figure each from the first target on ([`targets::deal`]), so
/// targets past that point would receive none.
fn sight(
    fighters: &[Fighter],
    observation: i32,
    needed: u64,
    candidates: impl Iterator<Item = Candidate>,
    dice: &mut Dice,
) -> Vec<Seen> {
    let mut seen = Vec::new();
    let mut covered = 0u64;
    for c in candidates {
        if covered >= needed {
            break;
        }
        if targets::escapes(c.stealth, observation, dice) {
            continue;
        }
        let t = &fighters[c.unit];
        let life = t.life();
        let living: Vec<usize> = (0..t.bodies.len())
            .filter(|&b| !t.bodies[b].dead(life))
            .collect();
        covered += living.len() as u64;
        seen.push(Seen {
            unit: c.unit,
            living,
        });
    }
    seen
}

/// Every one of `attackers` figures of `u` strikes its blows at the
/// targets `seen`; none seen: the attack went unseen.
#[allow(clippy::too_many_arguments)]
fn strike_seen(
    fighters: &mut [Fighter],
    u: usize,
    blows: Blows,
    attackers: u32,
    seen: &[Seen],
    marks: &mut Marks,
    round: &mut Round,
    dice: &mut Dice,
) {
    if blows.total(attackers) == 0 {
        return;
    }
    if seen.is_empty() {
        round.deeds.push(Deed::Unseen {
            unit: fighters[u].number,
        });
        return;
    }
    let (number, flying) = (fighters[u].number, fighters[u].flying);
    let ranged = blows.ranged;
    // The targets' standing figures as the volley begins: a figure that
    // falls to one blow is not struck again unless the attackers
    // outnumber the targets and wrap round to it.
    let order: Vec<(usize, u32)> = seen
        .iter()
        .enumerate()
        .map(|(slot, s)| (slot, u32::try_from(s.living.len()).unwrap_or(u32::MAX)))
        .collect();
    let dealt = targets::deal(attackers.saturating_mul(blows.per_figure.max(1)), &order);
    let mut tally: Vec<(u32, u32, u32, u32)> = vec![(0, 0, 0, 0); seen.len()];
    for (slot, nth) in dealt {
        let target = seen[slot].unit;
        let Some(&body_ix) = seen[slot].living.get(nth as usize) else {
            continue;
        };
        let t = &fighters[target];
        let life = t.life();
        tally[slot].0 += 1;
        if t.bodies[body_ix].dead(life) {
            continue;
        }
        let parry = if marks.parried[target] {
            t.ratings.melee.max(0)
        } else {
            0
        };
        let vs_flyer = t.flying && !flying;
        let defense = if ranged {
            (t.ratings.defense + parry) / 3 + if vs_flyer { 2 } else { 0 }
        } else {
            t.ratings.defense + parry + if vs_flyer { 5 } else { 0 }
        };
        let attack = Attack {
            strike_stat: blows.stat,
            attack: blows.stat + i32::from(flying && !t.flying),
            base_combat: blows.base_combat,
            damage: u32::try_from(blows.damage.max(1)).unwrap_or(1),
        };
        let body = &mut fighters[target].bodies[body_ix];
        if !ranged {
            marks.meleed[target] = true;
        }
        if let blow::Outcome::Hit {
            deadly,
            wound,
            killed,
        } = blow::strike(attack, defense, life, body, dice)
        {
            tally[slot].1 += 1;
            marks.wounds |= deadly > 0 || wound;
            if killed {
                tally[slot].2 += 1;
                round.killed[fighters[target].side.index()] += 1;
            } else if wound {
                tally[slot].3 += 1;
            }
        }
    }
    for (slot, s) in seen.iter().enumerate() {
        let (strikes, hits, killed, wounded) = tally[slot];
        if strikes == 0 {
            continue;
        }
        round.deeds.push(Deed::Attacked {
            unit: number,
            ranged,
            target: fighters[s.unit].number,
            strikes,
            hits,
            killed,
            wounded,
        });
    }
}
