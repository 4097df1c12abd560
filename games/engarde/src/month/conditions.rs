//! Conditions (3.4): an IF may test only what has already happened.
//!
//! Legality is decided by [`crate::orders::illegal`], the same function the
//! order checker uses; an illegal condition skips its whole IF block, both
//! branches, and the player's report says why (decision EG-COND-013).
//!
//! Answers:
//! - `X IS IN PARIS` / `AT THE FRONT`: where X is when the block is read;
//! - `X RECEIVED ME IN WEEK n`: my toadying to X in that week;
//! - `X DID action IN WEEK n`: X's recorded action that week; a courting is
//!   seen only when done openly (EG-COND-006), so otherwise the answer is
//!   "no";
//! - `I HAVE AT LEAST n`: cash in hand when the block is read.

use crate::events::When;
use crate::orders::ast::{Block, Cond, WeekRef};
use crate::orders::{Phase, illegal};
use crate::world::{CharacterId, Whereabouts};

use super::Month;

/// An order chosen from a sheet's blocks, with the line it came from.
#[derive(Debug, Clone)]
pub struct Chosen<A> {
    pub order: A,
    pub line: u32,
}

/// Walk blocks, answering conditions, and return the orders to run, in the
/// order written. Illegal conditions skip their block with an event.
pub fn choose<A: Clone + std::fmt::Debug>(
    m: &mut Month<'_>,
    me: CharacterId,
    blocks: &[Block<A>],
    phase: Phase,
) -> Vec<Chosen<A>> {
    let mut out = Vec::new();
    walk(m, me, blocks, phase, &mut out);
    out
}

fn walk<A: Clone + std::fmt::Debug>(
    m: &mut Month<'_>,
    me: CharacterId,
    blocks: &[Block<A>],
    phase: Phase,
    out: &mut Vec<Chosen<A>>,
) {
    for b in blocks {
        match b {
            Block::Order(o) => out.push(Chosen {
                order: o.value.clone(),
                line: o.line,
            }),
            Block::If {
                cond,
                then,
                otherwise,
            } => {
                if let Some(reason) = illegal(&cond.value, phase) {
                    let when = match phase {
                        Phase::Premonthly => When::Premonthly,
                        Phase::Week(w) => When::Week(w),
                        Phase::Front => When::Front,
                    };
                    m.record(
                        when,
                        me,
                        crate::events::What::Skipped {
                            order: format!("the IF block on line {}", cond.line),
                            reason,
                        },
                        crate::spsl::Sp::ZERO,
                        0,
                        false,
                    );
                    continue;
                }
                if holds(m, me, &cond.value, phase) {
                    walk(m, me, then, phase, out);
                } else {
                    walk(m, me, otherwise, phase, out);
                }
            }
        }
    }
}

/// The week a reference points at, seen from `phase`.
fn week_of(r: WeekRef, phase: Phase) -> Option<u8> {
    match (r, phase) {
        (WeekRef::Week(w), _) => Some(w),
        (WeekRef::Last, Phase::Week(w)) => w.checked_sub(1).filter(|&w| w >= 1),
        (WeekRef::Last, _) => None,
    }
}

/// Who a name in a condition means ("me" is the issuer).
fn who(m: &Month<'_>, me: CharacterId, name: &str) -> Option<CharacterId> {
    if matches!(name.to_ascii_lowercase().as_str(), "me" | "i" | "myself") {
        Some(me)
    } else {
        m.world.find_character(name)
    }
}

/// Whether a legal condition holds now.
pub fn holds(m: &Month<'_>, me: CharacterId, cond: &Cond, phase: Phase) -> bool {
    match cond {
        Cond::Not(c) => !holds(m, me, c, phase),
        Cond::And(a, b) => holds(m, me, a, phase) && holds(m, me, b, phase),
        Cond::Or(a, b) => holds(m, me, a, phase) || holds(m, me, b, phase),
        Cond::InParis(name) => who(m, me, name).is_some_and(|id| {
            m.ch(id)
                .is_some_and(|c| c.whereabouts == Whereabouts::Paris)
        }),
        Cond::AtFront(name) => who(m, me, name).is_some_and(|id| {
            m.ch(id)
                .is_some_and(|c| c.whereabouts == Whereabouts::Front)
        }),
        Cond::Received { by, week } => {
            let (Some(target), Some(w)) = (who(m, me, by), week_of(*week, phase)) else {
                return false;
            };
            m.facts
                .toadied
                .get(&(me, w))
                .is_some_and(|&(t, received)| t == target && received)
        }
        Cond::Did {
            who: name,
            action,
            week,
        } => {
            let (Some(id), Some(w)) = (who(m, me, name), week_of(*week, phase)) else {
                return false;
            };
            m.facts.acted.get(&(id, w)).is_some_and(|&(kind, openly)| {
                kind == *action
                    && (kind != crate::orders::ast::ActionKind::Court || openly || id == me)
            })
        }
        Cond::CashAtLeast(n) => m.ch(me).is_some_and(|c| c.cash >= *n),
        // Only legal inside the exceptions, which the engine settles itself.
        Cond::Gives { .. } | Cond::Appoints { .. } | Cond::DeathRoll { .. } => false,
    }
}
