//! The umpire at the table: typed commands against the battle, each
//! answered with its working, the state saved after every one, `undo`, and
//! a log that replays the game exactly.
//!
//! Dice for command number N come from the game's seed and N (so a replay
//! rolls the same dice), unless the players type theirs in with
//! `dice 5,3,6,…` at the end of the command. Distances are typed in
//! (`range 14`); the umpire never pretends to know the table's geometry.
//!
//! The machinery is umpire-core's ([`umpire_core::session`]): this module
//! makes the battle its [`Table`] and lists the commands. The battle is
//! `session.state`.

use crate::error::SharpError;
use crate::roll::Rolls;
use crate::state::Battle;

pub use umpire_core::session::{Answer, Entry, Table};

/// A session: the battle (`session.state`), its history for `undo`, and
/// the log.
pub type Session = umpire_core::session::Session<Battle>;

impl Table for Battle {
    type Error = SharpError;

    fn seed(&self) -> u64 {
        self.seed
    }

    fn commands_run(&self) -> u64 {
        self.commands
    }

    fn count_command(&mut self) {
        self.commands += 1;
    }

    fn dispatch(
        session: &mut Session,
        words: &[String],
        rolls: &mut Rolls,
    ) -> Result<Answer, SharpError> {
        crate::commands::dispatch(session, words, rolls)
    }

    /// `move GROUP dice 2` counts movement dice: `dice` in a `move` is not
    /// typed faces; `move … rolled 4,3` types them.
    fn dice_word_counts(words: &[String]) -> bool {
        // `as SIDE move …` from a side's own session.
        let command = match words.first() {
            Some(w) if w.eq_ignore_ascii_case("as") => words.get(2),
            first => first,
        };
        command.is_some_and(|w| w.eq_ignore_ascii_case("move"))
    }
}

/// Every command, with its one-line help and its usage.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "help",
        "list the commands, or explain one",
        "help [COMMAND]",
    ),
    (
        "show",
        "the battle; with a side, only what that side may see",
        "show [SIDE]",
    ),
    ("draw", "draw the next card of the deck", "draw"),
    (
        "initiative",
        "spend the active Big Man's initiative",
        "initiative USE [ARGS]  (uses: self, activate GROUP [range N], musician CALL, form NAME line|column|square GROUP GROUP…, remove-shock GROUP, charge, encourage GROUP [range N], fervour, action, merge GROUP GROUP, chosen-man GROUP, make-ready GROUP)",
    ),
    (
        "fire",
        "a Group fires; the working, then the result applied",
        "fire GROUP at TARGET range N [cover soft|hard] [enfilade] [smoke] [initiative] [dice …]",
    ),
    (
        "chosen",
        "a chosen man shoots",
        "chosen GROUP at TARGET range N [cover soft|hard] [dice …]",
    ),
    (
        "fight",
        "fisticuffs between Groups",
        "fight GROUP[,GROUP] vs GROUP[,GROUP] [lead BIGMAN] [fervour N] [cover light|hard] [flank] [ambushed] [surrounded] [no-escape] [dice …]",
    ),
    (
        "move",
        "a Group moves",
        "move GROUP [dice N] [pace walk|trot|gallop|retire] [dice …]",
    ),
    (
        "spot",
        "a Group tries to spot a target",
        "spot GROUP at TARGET range N obscurity open|slight|obscured|badly [modifiers] [dice …]",
    ),
    (
        "odds",
        "the odds before rolling",
        "odds fire|fight|spot …  (as the command, without rolling)",
    ),
    (
        "reload",
        "a Group reloads (rifle 2 action dice, musket 1, artillery 2 + 1 per two gunners lost)",
        "reload GROUP",
    ),
    ("tap", "a rifle Group tap-loads", "tap GROUP"),
    (
        "act",
        "any other action of the cost table",
        "act GROUP low-obstacle|high-obstacle|enter-building|mount|dismount|open-ranks|task",
    ),
    (
        "event",
        "roll a random event for a Group",
        "event firing|movement GROUP [dice …]",
    ),
    ("bonus", "a side draws a bonus card", "bonus SIDE"),
    (
        "play",
        "the active Big Man's side plays a held card",
        "play SIDE CARD",
    ),
    (
        "discard",
        "a side throws a held card away",
        "discard SIDE CARD",
    ),
    ("hand", "a side's bonus cards", "hand SIDE"),
    ("shock", "add or remove shock by hand", "shock GROUP +N|-N"),
    ("kill", "remove men by hand", "kill GROUP N"),
    (
        "reveal",
        "place a Blind's troops on the table (automatic spotting)",
        "reveal BLIND",
    ),
    (
        "ruling",
        "switch a ruling for this game, or list them",
        "ruling [NAME OPTION]",
    ),
    (
        "undo",
        "take back the last command that changed the battle",
        "undo",
    ),
    ("log", "the commands so far", "log"),
];
