//! The umpire at the table: typed commands against the battle, each
//! answered with its working, the state saved after every one, `undo`, and
//! a log that replays the game exactly.
//!
//! Dice for command number N come from the game's seed and N (so a replay
//! rolls the same dice), unless the players type theirs in with
//! `dice 5,3,6,…` at the end of the command. Distances are typed in
//! (`range 14`); the umpire never pretends to know the table's geometry.

use std::fmt::Write as _;

use umpire_core::dice::Dice;

use crate::error::SharpError;
use crate::roll::Rolls;
use crate::state::Battle;

/// A command's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// What to print.
    pub text: String,
    /// Whether the battle changed (and so was saved and can be undone).
    pub changed: bool,
}

/// One entry of the log: the command as typed and what it answered.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    pub command: String,
    pub answer: String,
}

/// A session: the battle, its history for `undo`, and the log.
#[derive(Debug, Clone)]
pub struct Session {
    pub battle: Battle,
    history: Vec<Battle>,
    pub log: Vec<Entry>,
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

impl Session {
    /// Start from a battle.
    pub fn new(battle: Battle) -> Session {
        Session {
            battle,
            history: Vec::new(),
            log: Vec::new(),
        }
    }

    /// Run one typed line. Errors are answers too (nothing changes).
    pub fn run(&mut self, line: &str) -> Answer {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Answer {
                text: String::new(),
                changed: false,
            };
        }
        let before = self.battle.clone();
        let (words, typed) = split_dice(line);
        let mut rolls = match typed {
            Some(Ok(r)) => r,
            Some(Err(e)) => return self.refuse(line, &e),
            None => Rolls::seeded(
                Dice::from_seed(self.battle.seed).derive_indexed("command", self.battle.commands),
            ),
        };
        let result = crate::commands::dispatch(self, &words, &mut rolls);
        match result {
            Ok(mut answer) => {
                if rolls.left_over() > 0 {
                    let _ = write!(answer.text, "\n({} typed dice not used)", rolls.left_over());
                }
                if answer.changed {
                    self.battle.commands += 1;
                    if words.first().map(String::as_str) != Some("undo") {
                        self.history.push(before);
                    }
                }
                self.log.push(Entry {
                    command: line.to_string(),
                    answer: answer.text.clone(),
                });
                answer
            }
            Err(e) => {
                self.battle = before;
                self.refuse(line, &e)
            }
        }
    }

    fn refuse(&mut self, line: &str, e: &SharpError) -> Answer {
        let text = format!("error: {e}");
        self.log.push(Entry {
            command: line.to_string(),
            answer: text.clone(),
        });
        Answer {
            text,
            changed: false,
        }
    }

    /// Take back the last change.
    pub fn undo(&mut self) -> Option<()> {
        let previous = self.history.pop()?;
        self.battle = previous;
        Some(())
    }

    /// The transcript: each command and its answer.
    pub fn transcript(&self) -> String {
        let mut s = String::new();
        for e in &self.log {
            let _ = writeln!(s, "> {}", e.command);
            if !e.answer.is_empty() {
                let _ = writeln!(s, "{}", e.answer);
            }
        }
        s
    }
}

/// Split a line into lower-cased words and the typed dice after `dice`.
fn split_dice(line: &str) -> (Vec<String>, Option<Result<Rolls, SharpError>>) {
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    match words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("dice") || w.eq_ignore_ascii_case("rolled"))
    {
        // `move GROUP dice 2` counts movement dice: a single small number
        // right after `dice` with nothing else is not typed faces for
        // `move`; `move … rolled 4,3` types them.
        Some(i)
            if words
                .first()
                .is_some_and(|w| w.eq_ignore_ascii_case("move"))
                && words[i].eq_ignore_ascii_case("dice") =>
        {
            (words, None)
        }
        Some(i) => {
            let faces = words[i + 1..].join(" ");
            (words[..i].to_vec(), Some(Rolls::parse_typed(&faces)))
        }
        None => (words, None),
    }
}
