//! One round of battle (OV-CMB-026..031, 042..044, 052, 066..068).
//!
//! Each unit on the field gets its action list: its COMBAT list, then the
//! implicit MELEE and PARRY (OV-CMB-030). Each action's initiative is the
//! unit's initiative plus the action's modifier, capped by the one before
//! it (OV-CMB-026). The unit's initiative counts the side's tactical
//! advantage for the round (OV-CMB-021) and +2 for flying (OV-CMB-066).
//!
//! Initiatives are taken from the highest down. At each initiative the
//! units due there act "at the same time" (OV-CMB-027): first those not
//! yet activated this round move (OV-CMB-028), in a random order in which a
//! mounted unit counts twice (OV-CMB-036); then each takes its first
//! possible action, skipping impossible ones; if the next possible one has
//! a lower initiative, the unit waits for it (OV-CMB-029). Figures killed
//! at an initiative still strike at that same initiative: a unit attacks
//! with the figures it had when the initiative came up.
//!
//! - PARRY: adds the unit's melee to its defence for the rest of the round
//!   (OV-CMB-042), against attacks made after it.
//! - MELEE: an adjacent enemy (OV-CMB-043). A unit with more than one hit
//!   gets, after each MELEE, a fresh MELEE/PARRY at 1 less initiative, as
//!   many times as its extra hits (OV-CMB-031; decision: 1 less, the
//!   battle chapter's figure, not the 2 of the vital statistics).
//! - RANGED: needs a missile rating and a range; the missile rating
//!   against a third of the target's defence (with any PARRY), rounded
//!   down (OV-CMB-044, 064).
//! - Flying (OV-CMB-067, 068): +1 attack striking a ground unit; a ground
//!   unit striking a flyer meets +5 defence in melee, +2 against missiles.
//! - A unit in rout (OV-CMB-076) moves as FLEE, only PARRYs, and that
//!   only two times in three; its stealth counts as 0 (decision:
//!   "negated" is set to zero).

use std::cmp::Reverse;

use umpire_core::dice::Dice;

use crate::orders::words::CombatMove;

use super::army::{Action, Fighter};
use super::blow::{self, Attack};
use super::field::{Side, Square};
use super::log::{Deed, Round};
use super::movement;
use super::targets::{self, Enemy};

/// The state a round needs beyond the fighters.
#[derive(Clone, Debug, Default)]
pub struct Field {
    /// Quiet rounds each unit spent at its rear, toward fleeing.
    pub at_rear: Vec<u8>,
}

/// A unit's place in the round's queue.
#[derive(Clone, Debug)]
struct Turn {
    unit: usize,
    list: Vec<(Action, i32)>,
    next: usize,
    extra_hits: i32,
}

/// Per-round flags.
struct Marks {
    moved: Vec<bool>,
    activated: Vec<bool>,
    parried: Vec<bool>,
    meleed: Vec<bool>,
    /// Struck in melee, parried, shot: once a round each, for experience.
    did: Vec<[bool; 3]>,
    wounds: bool,
}

fn list_for(f: &Fighter, base: i32, routed: bool) -> Vec<(Action, i32)> {
    let actions: Vec<Action> = if routed {
        vec![Action::Parry]
    } else {
        f.actions
            .iter()
            .cloned()
            .chain([Action::Melee, Action::Parry])
            .collect()
    };
    let mut cap = i32::MAX;
    actions
        .into_iter()
        .map(|a| {
            let i = (base + a.initiative()).min(cap);
            cap = i;
            (a, i)
        })
        .collect()
}

/// Run one round. `bonus` is each side's initiative bonus this round
/// (the tactical advantage); `routed` the side in rout, if any. Returns
/// the round's log and whether any wound was inflicted.
pub fn run(
    fighters: &mut [Fighter],
    field: &mut Field,
    number: u32,
    bonus: [i32; 2],
    routed: Option<Side>,
    dice: &mut Dice,
) -> (Round, bool) {
    let n = fighters.len();
    field.at_rear.resize(n, 0);
    let mut round = Round {
        number,
        ..Round::default()
    };
    let mut marks = Marks {
        moved: vec![false; n],
        activated: vec![false; n],
        parried: vec![false; n],
        meleed: vec![false; n],
        did: vec![[false; 3]; n],
        wounds: false,
    };
    let mut queue: Vec<(i32, Turn)> = Vec::new();
    for f in fighters.iter_mut().filter(|f| f.present()) {
        f.practice.rounds += 1;
    }
    for (i, f) in fighters.iter().enumerate() {
        if !f.present() {
            continue;
        }
        let is_routed = routed == Some(f.side);
        let base = f.ratings.initiative + bonus[f.side.index()] + if f.flying { 2 } else { 0 };
        let list = list_for(f, base, is_routed);
        let first = list.first().map_or(base, |x| x.1);
        queue.push((
            first,
            Turn {
                unit: i,
                list,
                next: 0,
                extra_hits: if is_routed {
                    0
                } else {
                    f.ratings.hits.max(1) - 1
                },
            },
        ));
    }
    while let Some(level) = queue.iter().map(|(i, _)| *i).max() {
        let (mut due, rest): (Vec<_>, Vec<_>) = queue.into_iter().partition(|(i, _)| *i == level);
        queue = rest;
        // A random order, mounted units twice as likely to go first.
        let mut keyed: Vec<(u32, (i32, Turn))> = due
            .drain(..)
            .map(|t| {
                let f = &fighters[t.1.unit];
                let mut k = dice.below(1 << 20);
                if f.mounted {
                    k = k.max(dice.below(1 << 20));
                }
                (k, t)
            })
            .collect();
        keyed.sort_by_key(|(k, t)| (Reverse(*k), t.1.unit));
        let due: Vec<Turn> = keyed.into_iter().map(|(_, (_, t))| t).collect();
        for t in &due {
            let u = t.unit;
            if marks.activated[u] || !fighters[u].present() {
                continue;
            }
            marks.activated[u] = true;
            let mv = if routed == Some(fighters[u].side) {
                CombatMove::Flee
            } else {
                fighters[u].movement
            };
            let enemies: Vec<Square> = fighters
                .iter()
                .filter(|e| e.side != fighters[u].side && e.present())
                .map(|e| e.square)
                .collect();
            let f = &fighters[u];
            let to = movement::step(mv, f.side, f.square, f.home_file, &enemies);
            if to != f.square {
                fighters[u].square = to;
                marks.moved[u] = true;
                round.deeds.push(Deed::Moved {
                    unit: fighters[u].number,
                    to,
                });
            }
        }
        // Strikers count as they stood when the initiative came up.
        let standing: Vec<u32> = fighters.iter().map(Fighter::alive).collect();
        for mut t in due {
            if !fighters[t.unit].present() && standing[t.unit] == 0 {
                continue;
            }
            while let Some((action, init)) = t.list.get(t.next).cloned() {
                if init < level {
                    queue.push((init, t));
                    break;
                }
                t.next += 1;
                let routed_unit = routed == Some(fighters[t.unit].side);
                if routed_unit && action == Action::Parry && dice.below(3) == 0 {
                    // The rout: a third of the time not even a parry.
                    break;
                }
                let done = act(
                    fighters,
                    t.unit,
                    &action,
                    standing[t.unit],
                    routed,
                    &mut marks,
                    &mut round,
                    dice,
                );
                if done {
                    let k = match action {
                        Action::Melee => 0,
                        Action::Parry => 1,
                        Action::Ranged => 2,
                        Action::Special(_) => 3,
                    };
                    if let Some(x) = marks.did[t.unit].get_mut(k) {
                        *x = true;
                    }
                } else {
                    round.deeds.push(Deed::Skipped {
                        unit: fighters[t.unit].number,
                        action,
                    });
                    continue;
                }
                if action == Action::Melee && t.extra_hits > 0 {
                    let f = &fighters[t.unit];
                    let again = Turn {
                        unit: t.unit,
                        list: list_for(
                            &Fighter {
                                actions: Vec::new(),
                                ..f.clone()
                            },
                            level - 1,
                            false,
                        ),
                        next: 0,
                        extra_hits: t.extra_hits - 1,
                    };
                    queue.push((level - 1, again));
                }
                break;
            }
        }
    }
    for (f, did) in fighters.iter_mut().zip(&marks.did) {
        f.practice.melee += u32::from(did[0]);
        f.practice.parry += u32::from(did[1]);
        f.practice.ranged += u32::from(did[2]);
    }
    // Fleeing (OV-CMB-032): three quiet rounds at the rear.
    for (i, f) in fighters.iter_mut().enumerate() {
        if !f.present() {
            continue;
        }
        let fleeing = f.movement == CombatMove::Flee || routed == Some(f.side);
        if fleeing && f.square.is_rear(f.side) && !marks.moved[i] && !marks.meleed[i] {
            field.at_rear[i] += 1;
        } else {
            field.at_rear[i] = 0;
        }
        if fleeing && field.at_rear[i] >= 3 {
            f.fled = true;
            round.deeds.push(Deed::Fled { unit: f.number });
        }
    }
    (round, marks.wounds)
}

/// The enemies of unit `u` as targets see them.
fn enemies_of(fighters: &[Fighter], u: usize, routed: Option<Side>) -> (Vec<usize>, Vec<Enemy>) {
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
                stealth: if routed == Some(f.side) {
                    0
                } else {
                    f.ratings.stealth
                },
                figures: f.alive(),
            }
        })
        .collect();
    (idx, es)
}

/// Carry out one action; false when it was impossible.
#[allow(clippy::too_many_arguments)]
fn act(
    fighters: &mut [Fighter],
    u: usize,
    action: &Action,
    standing: u32,
    routed: Option<Side>,
    marks: &mut Marks,
    round: &mut Round,
    dice: &mut Dice,
) -> bool {
    match action {
        Action::Parry => {
            marks.parried[u] = true;
            round.deeds.push(Deed::Parried {
                unit: fighters[u].number,
            });
            true
        }
        Action::Melee | Action::Ranged => {
            let ranged = *action == Action::Ranged;
            let me = &fighters[u];
            if ranged && (me.ratings.missile <= 0 || me.ratings.range == 0) {
                return false;
            }
            let (idx, es) = enemies_of(fighters, u, routed);
            let order = if ranged {
                targets::ranged(me.square, me.ratings.range, &es)
            } else {
                targets::melee(me.square, &es)
            };
            if order.is_empty() {
                return false;
            }
            let observation = me.ratings.observation;
            let seen: Vec<usize> = order
                .into_iter()
                .filter(|&k| !targets::escapes(es[k].stealth, observation, dice))
                .collect();
            if seen.is_empty() {
                round.deeds.push(Deed::Unseen {
                    unit: fighters[u].number,
                });
                return true;
            }
            strike_all(
                fighters, u, ranged, standing, &idx, &seen, marks, round, dice,
            );
            true
        }
        Action::Special(_) => false,
    }
}

/// Every standing figure of `u` strikes at the targets `seen` (indices
/// into `idx`).
#[allow(clippy::too_many_arguments)]
fn strike_all(
    fighters: &mut [Fighter],
    u: usize,
    ranged: bool,
    standing: u32,
    idx: &[usize],
    seen: &[usize],
    marks: &mut Marks,
    round: &mut Round,
    dice: &mut Dice,
) {
    let me = fighters[u].clone();
    // The targets' standing figures as the volley begins: a figure that
    // falls to one blow is not struck again unless the attackers
    // outnumber the targets and wrap round to it.
    let living: Vec<Vec<usize>> = seen
        .iter()
        .map(|&k| {
            let t = &fighters[idx[k]];
            let life = t.life();
            (0..t.bodies.len())
                .filter(|&b| !t.bodies[b].dead(life))
                .collect()
        })
        .collect();
    let order: Vec<(usize, u32)> = living
        .iter()
        .enumerate()
        .map(|(slot, l)| (slot, u32::try_from(l.len()).unwrap_or(u32::MAX)))
        .collect();
    let blows = targets::deal(standing, &order);
    let mut tally: Vec<(u32, u32, u32, u32)> = vec![(0, 0, 0, 0); seen.len()];
    for (slot, nth) in blows {
        let target = idx[seen[slot]];
        let Some(&body_ix) = living[slot].get(nth as usize) else {
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
        let vs_flyer = t.flying && !me.flying;
        let (stat, defense) = if ranged {
            (
                me.ratings.missile,
                (t.ratings.defense + parry) / 3 + if vs_flyer { 2 } else { 0 },
            )
        } else {
            (
                me.ratings.melee,
                t.ratings.defense + parry + if vs_flyer { 5 } else { 0 },
            )
        };
        let attack = Attack {
            strike_stat: stat,
            attack: stat + i32::from(me.flying && !t.flying),
            base_combat: me.ratings.base_combat,
            damage: u32::try_from(if ranged {
                me.ratings.ranged_damage.max(1)
            } else {
                me.ratings.damage.max(1)
            })
            .unwrap_or(1),
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
    for (slot, &k) in seen.iter().enumerate() {
        let (strikes, hits, killed, wounded) = tally[slot];
        if strikes == 0 {
            continue;
        }
        round.deeds.push(Deed::Attacked {
            unit: me.number,
            ranged,
            target: fighters[idx[k]].number,
            strikes,
            hits,
            killed,
            wounded,
        });
    }
}
