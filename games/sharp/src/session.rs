//! The umpire at the table: typed commands against the battle, each
//! answered with its working, the state saved after every one, `undo`, and
//! a log that replays the game exactly.
//!
//! Each command is issued by the umpire or by a side, which acts with its
//! own troops and is answered from what it may see: Groups and Big Men
//! under the other side's Blinds do not exist for it ([`Table::view_for`]).
//! Dice come from the game's seed and the count of commands that rolled
//! (so a replay rolls the same dice, and an undo never buys new ones),
//! unless the players type theirs in with `dice 5,3,6,…` at the end of the
//! command. Distances are typed in (`range 14`); the umpire never pretends
//! to know the table's geometry.
//!
//! The machinery is umpire-core's ([`umpire_core::session`]): this module
//! makes the battle its [`Table`] and lists the commands. The battle is
//! `session.state`.

use std::collections::BTreeSet;

use crate::error::SharpError;
use crate::roll::Rolls;
use crate::state::{Battle, BonusCard, Card};

pub use crate::catalog::COMMANDS;
pub use crate::state::Session;
pub use umpire_core::session::{
    Actor, Answer, Command, Commands, Entry, RollCounts, Table, builtin,
};

impl Battle {
    /// The Groups and Big Men hidden from `viewer`: under the other side's
    /// Blinds.
    pub fn hidden_from(&self, viewer: &Actor) -> (BTreeSet<String>, BTreeSet<String>) {
        let hidden_from = |owner: &str| !viewer.sees_hidden_of(owner);
        let groups: BTreeSet<String> = self
            .groups
            .iter()
            .filter(|g| g.hidden && hidden_from(&g.side))
            .map(|g| g.name.clone())
            .collect();
        let big_men: BTreeSet<String> = self
            .big_men
            .iter()
            .filter(|m| {
                hidden_from(&m.side)
                    && (self.blinds.iter().any(|bl| bl.big_men.contains(&m.name))
                        || m.group.as_ref().is_some_and(|g| groups.contains(g)))
            })
            .map(|m| m.name.clone())
            .collect();
        (groups, big_men)
    }

    /// Everyone but the umpire who may read the table's log: each side,
    /// and an observer.
    pub fn readers(&self) -> Vec<Actor> {
        self.sides
            .iter()
            .map(|s| Actor::Side(s.name.clone()))
            .chain([Actor::Observer])
            .collect()
    }
}

impl Table for Battle {
    type Error = SharpError;
    const COMMANDS: &'static Commands = COMMANDS;
    const PREAMBLE: &'static str =
        "Commands (dice are rolled from the game's seed, or typed with `dice 5,3,…` at the end):";

    fn seed(&self) -> u64 {
        self.seed
    }

    fn rolls(&self) -> &RollCounts {
        &self.rolls
    }

    fn rolls_mut(&mut self) -> &mut RollCounts {
        &mut self.rolls
    }

    fn sides(&self) -> Vec<String> {
        self.sides.iter().map(|s| s.name.clone()).collect()
    }

    /// What a side may not know is gone from its view: the Groups and Big
    /// Men under the other side's Blinds (and what those Blinds hold), the
    /// Formations they are in, their action dice, the other side's bonus
    /// cards (only how many it holds), and the card of a Big Man under a
    /// Blind (only whose side it is).
    fn view_for(&self, viewer: &Actor) -> Option<Battle> {
        if viewer.is_umpire() {
            return None;
        }
        let hidden_from = |owner: &str| !viewer.sees_hidden_of(owner);
        let (groups, big_men) = self.hidden_from(viewer);
        let mut v = self.clone();
        v.groups.retain(|g| !groups.contains(&g.name));
        let owner: Vec<(String, String)> = self
            .big_men
            .iter()
            .map(|m| (m.name.clone(), m.side.clone()))
            .collect();
        v.big_men.retain(|m| !big_men.contains(&m.name));
        for bl in v.blinds.iter_mut().filter(|bl| hidden_from(&bl.side)) {
            bl.groups.clear();
            bl.big_men.clear();
        }
        v.formations
            .retain(|f| !f.groups.iter().any(|g| groups.contains(g)));
        for side in v.sides.iter_mut().filter(|s| hidden_from(&s.name)) {
            for c in &mut side.hand {
                *c = BonusCard {
                    id: "hidden".into(),
                    name: "a card".into(),
                    text: String::new(),
                    at_once: false,
                    rating: None,
                };
            }
        }
        let mask = |c: &mut Card| {
            if let Card::BigMan(n) = c
                && big_men.contains(n.as_str())
            {
                let side = owner
                    .iter()
                    .find(|(m, _)| m == n)
                    .map(|(_, s)| s.clone())
                    .unwrap_or_default();
                *c = Card::HiddenBigMan(side);
            }
        };
        v.deck.iter_mut().for_each(mask);
        v.drawn.iter_mut().for_each(mask);
        if let Some(a) = &mut v.active {
            mask(&mut a.card);
            if matches!(a.card, Card::HiddenBigMan(_)) {
                a.initiatives = 0;
                a.grasped = 0;
                a.made_ready = false;
            }
            a.dice.retain(|(g, _)| !groups.contains(g));
            a.commanded.retain(|g| !groups.contains(g));
            a.chosen.retain(|g| !groups.contains(g));
            a.encouraged.retain(|g| !groups.contains(g));
        }
        Some(v)
    }

    fn dispatch(
        session: &mut Session,
        actor: &Actor,
        words: &[String],
        rolls: &mut Rolls,
    ) -> Result<Answer, SharpError> {
        crate::commands::dispatch(session, actor, words, rolls)
    }
}
