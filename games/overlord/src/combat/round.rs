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
//! - Flying (OV-CMB-067..069): +1 attack striking a ground unit; a ground
//!   unit striking a flyer meets +5 defence in melee, +2 against missiles;
//!   a flyer's move goes as far as its setting takes it
//!   ([`movement::flight`]).
//! - A unit in rout (OV-CMB-076) moves as FLEE, only PARRYs, and that
//!   only two times in three; its stealth counts as 0 (decision:
//!   "negated" is set to zero).
//! - Skill, spell and item tags are carried out by [`super::special`],
//!   at the unit's initiative plus the action's own (its `stats` and
//!   `bonus` initiative). Before the list is drawn up a mage whose
//!   remaining spells cannot be paid for gets its whole list back
//!   (OV-CMB-048). At the end of the round every mage below its maximum
//!   regains 1 mana (OV-MAG-013; nothing is lost above it), the round's
//!   bonuses and spent battle enchantments end, and creatures summoned
//!   during the round take the field.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use umpire_core::dice::Dice;

use crate::orders::words::CombatMove;
use crate::rules::combat::CombatActionKind;

use super::army::{Action, Fighter};
use super::field::{SQUARES, Side, Square};
use super::log::{Deed, Round};
use super::movement;
use super::special;
use super::strike::{Acted, Marks, plain};

/// The state a round needs beyond the fighters.
#[derive(Clone, Debug, Default)]
pub struct Field {
    /// Quiet rounds each unit spent at its rear, toward fleeing.
    pub at_rear: Vec<u8>,
}

/// One entry of a unit's list for the round: the action, its initiative
/// and, for an entry of the COMBAT list, its index there.
#[derive(Clone, Debug)]
struct Entry {
    action: Action,
    init: i32,
    slot: Option<usize>,
}

/// A unit's place in the round's queue.
#[derive(Clone, Debug)]
struct Turn {
    unit: usize,
    list: Vec<Entry>,
    next: usize,
    extra_hits: i32,
}

fn list_for(f: &Fighter, actions: &[Action], base: i32, routed: bool) -> Vec<Entry> {
    let entries: Vec<(Action, Option<usize>)> = if routed {
        vec![(Action::Parry, None)]
    } else {
        actions
            .iter()
            .enumerate()
            .filter(|(i, _)| !f.cast.contains(i))
            .map(|(i, a)| (a.clone(), Some(i)))
            .chain([(Action::Melee, None), (Action::Parry, None)])
            .collect()
    };
    let mut cap = i32::MAX;
    entries
        .into_iter()
        .map(|(action, slot)| {
            let own = match &action {
                Action::Special(tag) => f.special(tag).map_or(0, special::Special::initiative),
                a => a.initiative(),
            };
            let init = (base + own).min(cap);
            cap = init;
            Entry { action, init, slot }
        })
        .collect()
}

/// Each present fighter's turn, queued at the initiative of its first
/// action: the side's `bonus` added, flyers 2 quicker; the routed get no
/// extra hits.
fn first_turns(
    fighters: &[Fighter],
    bonus: [i32; 2],
    routed: Option<Side>,
) -> BTreeMap<i32, Vec<Turn>> {
    let mut queue: BTreeMap<i32, Vec<Turn>> = BTreeMap::new();
    for (i, f) in fighters.iter().enumerate() {
        if !f.present() {
            continue;
        }
        let is_routed = routed == Some(f.side);
        let base = f.ratings.initiative + bonus[f.side.index()] + if f.flying { 2 } else { 0 };
        let list = list_for(f, &f.actions, base, is_routed);
        let first = list.first().map_or(base, |x| x.init);
        queue.entry(first).or_default().push(Turn {
            unit: i,
            list,
            next: 0,
            extra_hits: if is_routed {
                0
            } else {
                f.ratings.hits.max(1) - 1
            },
        });
    }
    queue
}

/// The turns due at one initiative in a random order, mounted units twice
/// as likely to go first.
fn in_random_order(fighters: &[Fighter], due: Vec<Turn>, dice: &mut Dice) -> Vec<Turn> {
    let mut keyed: Vec<(u32, Turn)> = due
        .into_iter()
        .map(|t| {
            let f = &fighters[t.unit];
            let mut k = dice.below(1 << 20);
            if f.mounted {
                k = k.max(dice.below(1 << 20));
            }
            (k, t)
        })
        .collect();
    keyed.sort_by_key(|(k, t)| (Reverse(*k), t.unit));
    keyed.into_iter().map(|(_, t)| t).collect()
}

/// The moves of the units whose turn came up, in their order: each moves
/// once a round, by its combat movement (fleeing when its side is routed).
fn move_due(
    fighters: &mut [Fighter],
    due: &[Turn],
    routed: Option<Side>,
    marks: &mut Marks,
    round: &mut Round,
) {
    // Units present on each square, by side, kept as units move;
    // counted when the first unit of the initiative moves.
    let mut occupied: Option<[[u32; SQUARES]; 2]> = None;
    for t in due {
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
        if mv == CombatMove::Stand {
            continue;
        }
        let occupied = occupied.get_or_insert_with(|| occupancy(fighters));
        let f = &fighters[u];
        let enemies: Vec<Square> = (0..SQUARES)
            .filter(|&c| occupied[f.side.other().index()][c] > 0)
            .map(Square::from_cell)
            .collect();
        let to = if f.flying {
            movement::flight(mv, f.side, f.square, f.home_file, &enemies)
        } else {
            movement::step(mv, f.side, f.square, f.home_file, &enemies)
        };
        if to != f.square {
            let mine = &mut occupied[f.side.index()];
            mine[f.square.cell()] = mine[f.square.cell()].saturating_sub(1);
            mine[to.cell()] += 1;
            // The board of who stands where is out of date.
            marks.board = None;
            fighters[u].square = to;
            marks.moved[u] = true;
            round.deeds.push(Deed::Moved {
                unit: fighters[u].number,
                to,
            });
        }
    }
}

/// Run one round. `bonus` is each side's initiative bonus this round
/// (the tactical advantage); `routed` the side in rout, if any. Returns
/// the round's log and whether any wound was inflicted. Creatures
/// summoned during the round are added at the end of `fighters`.
pub fn run(
    fighters: &mut Vec<Fighter>,
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
        arrivals: Vec::new(),
        board: None,
    };
    for f in fighters.iter_mut().filter(|f| f.present()) {
        f.practice.rounds += 1;
        if routed != Some(f.side) && special::restore(f) {
            round.deeds.push(Deed::Restored { unit: f.number });
        }
    }
    // Turns waiting, by initiative, each level in the order they came.
    let mut queue = first_turns(fighters, bonus, routed);
    while let Some((level, due)) = queue.pop_last() {
        let due = in_random_order(fighters, due, dice);
        move_due(fighters, &due, routed, &mut marks, &mut round);
        // Strikers count as they stood when the initiative came up.
        let standing: Vec<u32> = due.iter().map(|t| fighters[t.unit].alive()).collect();
        for (mut t, standing) in due.into_iter().zip(standing) {
            if !fighters[t.unit].present() && standing == 0 {
                continue;
            }
            while let Some(entry) = t.list.get(t.next).cloned() {
                if entry.init < level {
                    queue.entry(entry.init).or_default().push(t);
                    break;
                }
                t.next += 1;
                let routed_unit = routed == Some(fighters[t.unit].side);
                if routed_unit && entry.action == Action::Parry && dice.below(3) == 0 {
                    // The rout: a third of the time not even a parry.
                    break;
                }
                let acted = act(
                    fighters, t.unit, &entry, standing, routed, &mut marks, &mut round, dice,
                );
                let melee_hits = match acted {
                    Acted::Done { melee_hits } => melee_hits,
                    Acted::Impossible => {
                        round.deeds.push(Deed::Skipped {
                            unit: fighters[t.unit].number,
                            action: entry.action,
                        });
                        continue;
                    }
                    Acted::Waited { mana, needs } => {
                        if let Action::Special(tag) = entry.action {
                            round.deeds.push(Deed::Waited {
                                unit: fighters[t.unit].number,
                                tag,
                                mana,
                                needs,
                            });
                        }
                        continue;
                    }
                };
                if let Some(k) = practice_kind(&fighters[t.unit], &entry.action)
                    && let Some(x) = marks.did[t.unit].get_mut(k)
                {
                    *x = true;
                }
                let extra = match entry.action {
                    Action::Melee => t.extra_hits,
                    _ => melee_hits.map_or(0, |h| h.max(1) - 1),
                };
                if extra > 0 {
                    let f = &fighters[t.unit];
                    let again = Turn {
                        unit: t.unit,
                        list: list_for(f, &[], level - 1, false),
                        next: 0,
                        extra_hits: extra - 1,
                    };
                    queue.entry(level - 1).or_default().push(again);
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
    special::end_of_round(fighters, &mut round);
    fighters.append(&mut marks.arrivals);
    (round, marks.wounds)
}

/// Units present on each square: `[side][cell]`.
fn occupancy(fighters: &[Fighter]) -> [[u32; SQUARES]; 2] {
    let mut occupied = [[0u32; SQUARES]; 2];
    for f in fighters.iter().filter(|f| f.present()) {
        occupied[f.side.index()][f.square.cell()] += 1;
    }
    occupied
}

/// Which of the three kinds of practice an action done counts as: melee,
/// parry, ranged.
fn practice_kind(f: &Fighter, action: &Action) -> Option<usize> {
    match action {
        Action::Melee => Some(0),
        Action::Parry => Some(1),
        Action::Ranged => Some(2),
        Action::Special(tag) => {
            let s = f.special(tag)?;
            match (s.kind, s.secondary) {
                (CombatActionKind::Melee, _) | (_, Some(CombatActionKind::Melee)) => Some(0),
                (CombatActionKind::Ranged, _) | (_, Some(CombatActionKind::Ranged)) => Some(2),
                _ => None,
            }
        }
    }
}

/// Carry out one action.
#[allow(clippy::too_many_arguments)]
fn act(
    fighters: &mut [Fighter],
    u: usize,
    entry: &Entry,
    standing: u32,
    routed: Option<Side>,
    marks: &mut Marks,
    round: &mut Round,
    dice: &mut Dice,
) -> Acted {
    match &entry.action {
        Action::Parry => {
            marks.parried[u] = true;
            round.deeds.push(Deed::Parried {
                unit: fighters[u].number,
            });
            Acted::Done { melee_hits: None }
        }
        Action::Melee | Action::Ranged => {
            let ranged = entry.action == Action::Ranged;
            if plain(fighters, u, ranged, standing, routed, marks, round, dice) {
                Acted::Done { melee_hits: None }
            } else {
                Acted::Impossible
            }
        }
        Action::Special(tag) => {
            // A skill, spell or item may change ratings: the board is
            // rebuilt before and after it.
            marks.board = None;
            let acted = special::carry_out(
                fighters, u, tag, entry.slot, standing, routed, marks, round, dice,
            );
            marks.board = None;
            acted
        }
    }
}
