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

pub use umpire_core::session::{
    Actor, Answer, Command, Commands, Entry, RollCounts, Table, builtin,
};

/// A session: the battle (`session.state`), its history for `undo`, and
/// the log.
pub type Session = umpire_core::session::Session<Battle>;

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

/// Every command: what it does, how it is typed, an example, and who may
/// issue it. A side acts with its own Groups, Big Men and cards; drawing
/// cards, bonus cards and setting shock or men by hand are the umpire's
/// (every side's together at a table without one).
pub const COMMANDS: &[Command] = &[
    builtin::HELP,
    Command::new(
        "show",
        "the battle; a side sees only what it may",
        "show [SIDE]",
        "show",
    )
    .aliases(&["view"])
    .ask(),
    Command::new("draw", "draw the next card of the deck", "draw", "draw")
        .umpire()
        .bare(),
    Command::new(
        "initiative",
        "spend the active Big Man's initiative",
        "initiative USE [ARGS]  (uses: self, activate GROUP [range N], musician CALL [for GROUP…], form NAME line|column|square GROUP GROUP…, remove-shock GROUP, charge, encourage GROUP [range N], fervour, action, merge GROUP GROUP, chosen-man GROUP, make-ready GROUP)",
        "initiative activate line-company range 8",
    )
    .aliases(&["init", "spend"]),
    Command::new(
        "fire",
        "a Group fires: the result, then the working",
        "fire GROUP at TARGET range N [cover soft|hard] [enfilade] [smoke] [initiative] [dice …]",
        "fire rifles at voltigeurs range 12 cover soft",
    ),
    Command::new(
        "chosen",
        "a chosen man shoots",
        "chosen GROUP at TARGET range N [cover soft|hard] [dice …]",
        "chosen rifles at voltigeurs range 20",
    ),
    Command::new(
        "fight",
        "fisticuffs: an activated (or encouraged) Group attacks Groups of the other side",
        "fight GROUP[,GROUP] vs GROUP[,GROUP] [lead BIGMAN] [fervour N] [cover light|hard] [flank] [ambushed] [surrounded] [no-escape] [dice …]",
        "fight line-company vs voltigeurs lead Major Lawford",
    ),
    Command::new(
        "move",
        "a Group or Blind moves, spending action dice (1D6 each)",
        "move GROUP|BLIND [actions N] [pace walk|trot|gallop|retire] [dice …]",
        "move rifles actions 2 dice 4,5",
    ),
    Command::new(
        "spot",
        "a Group tries to spot a target",
        "spot GROUP at TARGET range N obscurity open|slight|obscured|badly [modifiers] [dice …]",
        "spot rifles at Blind_1 range 10 obscurity slight",
    ),
    Command::new(
        "odds",
        "the odds before rolling, and the score needed",
        "odds fire|fight|spot …  (as the command, without rolling)",
        "odds spot rifles at Blind_1 range 10 obscurity slight",
    )
    .ask(),
    Command::new(
        "reload",
        "a Group reloads (rifle 2 action dice, musket 1, artillery 2 + 1 per two gunners lost)",
        "reload GROUP",
        "reload rifles",
    ),
    Command::new("tap", "a rifle Group tap-loads", "tap GROUP", "tap rifles").aliases(&["tap-load"]),
    Command::new(
        "act",
        "any other action of the cost table",
        "act GROUP low-obstacle|high-obstacle|enter-building|mount|dismount|open-ranks|task",
        "act line-company low-obstacle",
    ),
    Command::new(
        "event",
        "roll a random event for a Group by hand",
        "event firing|movement GROUP [dice …]",
        "event movement rifles",
    )
    .umpire(),
    Command::new("bonus", "a side draws a bonus card", "bonus SIDE", "bonus British").umpire(),
    Command::new(
        "play",
        "the active Big Man's side plays a held card",
        "play SIDE CARD",
        "play British grasp-the-nettle-2",
    ),
    Command::new(
        "discard",
        "a side throws a held card away",
        "discard SIDE CARD",
        "discard British water",
    )
    .private(),
    Command::new("hand", "a side's bonus cards", "hand SIDE", "hand British").private(),
    Command::new(
        "shock",
        "add or remove shock by hand",
        "shock GROUP +N|-N",
        "shock voltigeurs +1",
    )
    .umpire(),
    Command::new("kill", "remove men by hand", "kill GROUP N", "kill voltigeurs 1").umpire(),
    Command::new(
        "reveal",
        "place a Blind's troops on the table (automatic spotting, or its side's choice)",
        "reveal BLIND",
        "reveal Blind_1",
    ),
    Command::new(
        "ruling",
        "list the rulings, or switch one for this game",
        "ruling [NAME OPTION]",
        "ruling first-volley every-volley",
    )
    .aliases(&["rulings"])
    .umpire()
    .bare_asks(),
    builtin::UNDO,
    builtin::LOG,
    builtin::END,
];
