//! Press rewards, paid into the treasury before day 1 (OV-SCH-033,
//! OV-PRESS-005..007).
//!
//! A faction that published a signed article (`#PRESS`) this turn gets
//! $50; otherwise one that published a rumour (`#RUMOR`) gets $30; never
//! more than $50 a turn however many it sent (OV-PRESS-006).
//!
//! Articles reach the turn beside the order sets: [`authors`] reads the
//! parsed envelopes, keeps those whose faction exists, whose password is
//! right and that name no other turn (the checks orders get, `submit.rs`),
//! and drops empty ones; the caller hands the list to
//! [`Economy::with_press`](super::Economy::with_press). Decision
//! OV-PRESS-007: the game master withdraws a reward by taking the article
//! out of the turn's mail before the turn is run.

use super::super::log::What;
use super::super::state::Turn;
use crate::orders::{Envelope, FactionRef};
use crate::world::faction::password_matches;
use crate::world::{FactionId, World};

/// Reward for a signed article.
pub const SIGNED_REWARD: u64 = 50;
/// Reward for a rumour, when no signed article was published.
pub const RUMOUR_REWARD: u64 = 30;

/// What a faction published.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PressKind {
    Rumour,
    Signed,
}

impl PressKind {
    pub fn reward(self) -> u64 {
        match self {
            PressKind::Signed => SIGNED_REWARD,
            PressKind::Rumour => RUMOUR_REWARD,
        }
    }
}

/// An article that will appear in the newspaper: who sent it, signed or
/// a rumour, and its lines verbatim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published {
    pub author: FactionId,
    pub kind: PressKind,
    pub lines: Vec<String>,
}

/// The authors of the articles among `envelopes`, for the turn after
/// `world.turn`: only articles with text whose faction and password check.
pub fn authors<'e>(
    world: &World,
    envelopes: impl IntoIterator<Item = &'e Envelope>,
) -> Vec<(FactionId, PressKind)> {
    published(world, envelopes)
        .into_iter()
        .map(|p| (p.author, p.kind))
        .collect()
}

/// The articles among `envelopes` that are published for the turn after
/// `world.turn` (see [`authors`]), in the order sent.
pub fn published<'e>(
    world: &World,
    envelopes: impl IntoIterator<Item = &'e Envelope>,
) -> Vec<Published> {
    let turn = world.turn + 1;
    let mut out = Vec::new();
    for e in envelopes {
        let (article, kind) = match e {
            Envelope::Press(a) => (a, PressKind::Signed),
            Envelope::Rumor(a) => (a, PressKind::Rumour),
            _ => continue,
        };
        if article.lines.iter().all(|l| l.trim().is_empty()) {
            continue;
        }
        let h = &article.header;
        if h.turn.is_some_and(|n| n != turn) {
            continue;
        }
        let number = match h.faction {
            FactionRef::Player(n) | FactionRef::Npc(n) => n,
        };
        let Some(f) = world.faction_by_number(number) else {
            continue;
        };
        let hash = &world.factions[f].password_hash;
        if !hash.is_empty() && !password_matches(hash, &h.password) {
            continue;
        }
        out.push(Published {
            author: f,
            kind,
            lines: article.lines.clone(),
        });
    }
    out
}

/// Pay each faction the best reward among what it published.
pub fn rewards(t: &mut Turn<'_>, press: &[(FactionId, PressKind)]) {
    let mut best: Vec<(FactionId, PressKind)> = press.to_vec();
    // Best kind first for each faction, then keep one per faction.
    best.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    best.dedup_by_key(|x| x.0);
    for (f, kind) in best {
        let amount = kind.reward();
        let Some(faction) = t.world.factions.get_mut(f) else {
            continue;
        };
        faction.funds = faction.funds.saturating_add(amount);
        t.faction_event(f, What::PressReward { amount });
    }
}
