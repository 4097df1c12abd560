//! A game's commands, each declared once: what it does, how it is typed,
//! an example, who may issue it, and who reads its answer. The session
//! checks the declaration before the game sees the command, so the
//! command line and the web obey the same rules.

use std::fmt::Write as _;

use super::actor::Actor;

/// Who may issue a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone, an observer too: a question that changes nothing.
    Ask,
    /// The umpire, or a side acting on its own forces (the game checks
    /// that what it names is the side's, or an enemy piece it may see).
    Own,
    /// The umpire alone. At a table without an umpire, it runs when every
    /// side has asked for it.
    Umpire,
}

/// Who reads a command's answer besides whoever issued it and the umpire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    /// Every side reads it, when it changed the game (as that side may
    /// see it).
    All,
    /// Nobody else: a side's own business (its hand, its questions).
    Issuer,
}

/// One command of a game.
#[derive(Clone, Copy, Debug)]
pub struct Command {
    /// What is typed: `fire`.
    pub name: &'static str,
    /// Other words for it: `view` for `show`.
    pub aliases: &'static [&'static str],
    /// What it does, in a line.
    pub what: &'static str,
    /// How it is typed: `fire GROUP at TARGET range N …`.
    pub usage: &'static str,
    /// A whole line as a player would type it.
    pub example: &'static str,
    pub access: Access,
    pub told: Told,
    /// Whether it takes words after its name (`draw` takes none, and
    /// `draw oops` is refused rather than read as `draw`).
    pub words: bool,
    /// Typed alone, it only asks (`ruling` lists the rulings; `ruling NAME
    /// OPTION` switches one, which is the umpire's).
    pub bare_asks: bool,
}

impl Command {
    /// A command with every setting at its most common: any side or the
    /// umpire, on its own forces, read by all, taking words.
    pub const fn new(
        name: &'static str,
        what: &'static str,
        usage: &'static str,
        example: &'static str,
    ) -> Command {
        Command {
            name,
            aliases: &[],
            what,
            usage,
            example,
            access: Access::Own,
            told: Told::All,
            words: true,
            bare_asks: false,
        }
    }

    /// Other words for it.
    pub const fn aliases(mut self, aliases: &'static [&'static str]) -> Command {
        self.aliases = aliases;
        self
    }

    /// A question: anyone may ask, and only the asker reads the answer.
    pub const fn ask(mut self) -> Command {
        self.access = Access::Ask;
        self.told = Told::Issuer;
        self
    }

    /// The umpire's (every side's together where there is none).
    pub const fn umpire(mut self) -> Command {
        self.access = Access::Umpire;
        self
    }

    /// Only the issuer (and the umpire) read its answer.
    pub const fn private(mut self) -> Command {
        self.told = Told::Issuer;
        self
    }

    /// It takes no words after its name.
    pub const fn bare(mut self) -> Command {
        self.words = false;
        self
    }

    /// Typed alone it only asks.
    pub const fn bare_asks(mut self) -> Command {
        self.bare_asks = true;
        self
    }

    /// Who may issue it typed with `words` after its name.
    pub fn access_for(&self, words_after: usize) -> Access {
        if self.bare_asks && words_after == 0 {
            Access::Ask
        } else {
            self.access
        }
    }

    /// Whether `actor` may issue it at all, at a table with or without an
    /// umpire (without one, a side may ask for the umpire's commands).
    pub fn open_to(&self, actor: &Actor, umpired: bool) -> bool {
        match (actor, self.access) {
            (Actor::Umpire, _) | (_, Access::Ask) => true,
            (Actor::Observer, _) => self.bare_asks,
            (Actor::Side(_), Access::Own) => true,
            (Actor::Side(_), Access::Umpire) => !umpired || self.bare_asks,
        }
    }

    /// Whether `word` names it.
    fn is(&self, word: &str) -> bool {
        self.name.eq_ignore_ascii_case(word)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
    }
}

/// A game's command table.
pub type Commands = [Command];

/// The built-in commands every table has; a game lists them in its table
/// (where it wants them in `help`) and the session runs them.
pub mod builtin {
    use super::Command;

    pub const HELP: Command = Command::new(
        "help",
        "list the commands, or explain one with an example",
        "help [COMMAND]",
        "help fire",
    )
    .aliases(&["?"])
    .ask();

    pub const UNDO: Command = Command::new(
        "undo",
        "take back the last change (a side its own, if it rolled no dice; the umpire any)",
        "undo",
        "undo",
    )
    .bare();

    pub const LOG: Command =
        Command::new("log", "the commands so far that you may read", "log", "log")
            .ask()
            .bare();

    pub const END: Command = Command::new(
        "end",
        "end the game: every log opens to every side",
        "end",
        "end",
    )
    .umpire()
    .bare();
}

/// The command `word` names: its name or an alias, or the one command
/// whose name it begins; otherwise why not, with a suggestion among
/// those `actor` may issue.
pub fn find(
    commands: &'static Commands,
    word: &str,
    actor: &Actor,
    umpired: bool,
) -> Result<&'static Command, String> {
    if let Some(c) = commands.iter().find(|c| c.is(word)) {
        return Ok(c);
    }
    let lower = word.to_ascii_lowercase();
    let begun: Vec<&'static Command> = commands
        .iter()
        .filter(|c| word.len() >= 2 && c.name.starts_with(&lower))
        .collect();
    match begun.as_slice() {
        [one] => Ok(one),
        [] => {
            let open = commands
                .iter()
                .filter(|c| c.open_to(actor, umpired))
                .map(|c| c.name);
            let hint = crate::text::suggest(word, open)
                .map(|h| format!(" (did you mean `{h}`?)"))
                .unwrap_or_default();
            Err(format!(
                "no command `{}`{hint}; `help` lists them",
                crate::text::clip(word)
            ))
        }
        many => Err(format!(
            "`{}` could be {}: type more of it",
            crate::text::clip(word),
            many.iter()
                .map(|c| format!("`{}`", c.name))
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

/// A command's usage line, for an error.
pub fn usage(commands: &Commands, name: &str) -> String {
    commands.iter().find(|c| c.is(name)).map_or_else(
        || "type `help`".to_string(),
        |c| format!("usage: {}", c.usage),
    )
}

/// `help` (the commands `actor` may issue, after `preamble`) or `help
/// COMMAND` (what it does, its usage, an example, who may issue it).
pub fn help(
    commands: &'static Commands,
    asked: Option<&str>,
    preamble: &str,
    actor: &Actor,
    umpired: bool,
) -> String {
    match asked {
        Some(word) => match find(commands, word, actor, umpired) {
            Ok(c) => {
                let mut s = format!(
                    "{}: {}\n  usage: {}\n  example: {}",
                    c.name, c.what, c.usage, c.example
                );
                if !c.aliases.is_empty() {
                    let _ = write!(s, "\n  also typed: {}", c.aliases.join(", "));
                }
                let _ = write!(s, "\n  {}", who_may(c, umpired));
                s
            }
            Err(e) => e,
        },
        None => {
            let open: Vec<&Command> = commands
                .iter()
                .filter(|c| c.open_to(actor, umpired))
                .collect();
            let width = open.iter().map(|c| c.name.len()).max().unwrap_or(0) + 1;
            let mut s = format!("{preamble}\n");
            for c in open {
                let agreed =
                    if matches!(actor, Actor::Side(_)) && c.access == Access::Umpire && !umpired {
                        " (runs when every side asks)"
                    } else {
                        ""
                    };
                let _ = writeln!(s, "  {:<width$}{}{agreed}", c.name, c.what);
            }
            s.push_str("`help COMMAND` explains one, with an example.");
            s
        }
    }
}

/// Who may issue a command, said for `help`.
fn who_may(c: &Command, umpired: bool) -> String {
    let umpire = if umpired {
        "only the umpire"
    } else {
        "every side together (each asks; it runs when the last does)"
    };
    match c.access {
        Access::Ask => "anyone may ask; only the asker reads the answer".to_string(),
        Access::Own if c.told == Told::Issuer => {
            "a side, for its own forces, or the umpire; only they read the answer".to_string()
        }
        Access::Own => "a side, for its own forces, or the umpire".to_string(),
        Access::Umpire if c.bare_asks => {
            format!("typed alone anyone may ask; with words, {umpire}")
        }
        Access::Umpire => umpire.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[Command] = &[
        builtin::HELP,
        Command::new("fire", "a Group fires", "fire GROUP", "fire rifles"),
        Command::new("fight", "fisticuffs", "fight A vs B", "fight a vs b"),
        Command::new("draw", "the next card", "draw", "draw")
            .umpire()
            .bare(),
        Command::new("show", "the battle", "show", "show")
            .aliases(&["view"])
            .ask(),
    ];

    #[test]
    fn names_aliases_and_unique_beginnings_find_a_command() {
        let u = Actor::Umpire;
        assert_eq!(find(TABLE, "FIRE", &u, true).map(|c| c.name), Ok("fire"));
        assert_eq!(find(TABLE, "view", &u, true).map(|c| c.name), Ok("show"));
        assert_eq!(find(TABLE, "dr", &u, true).map(|c| c.name), Ok("draw"));
        assert_eq!(
            find(TABLE, "fi", &u, true).map(|c| c.name),
            Err("`fi` could be `fire` or `fight`: type more of it".into())
        );
        assert_eq!(
            find(TABLE, "frie", &u, true).map(|c| c.name),
            Err("no command `frie` (did you mean `fire`?); `help` lists them".into())
        );
    }

    #[test]
    fn a_side_is_offered_only_what_it_may_issue() {
        let side = Actor::Side("French".into());
        let h = help(TABLE, None, "Commands:", &side, true);
        assert!(h.contains("fire") && !h.contains("draw"), "{h}");
        let h = help(TABLE, None, "Commands:", &side, false);
        assert!(
            h.contains("draw") && h.contains("runs when every side asks"),
            "{h}"
        );
        assert_eq!(
            find(TABLE, "drow", &side, true).map(|c| c.name),
            Err("no command `drow`; `help` lists them".into())
        );
    }

    #[test]
    fn help_on_a_command_gives_an_example_and_who_may_issue_it() {
        let h = help(TABLE, Some("draw"), "", &Actor::Umpire, true);
        assert_eq!(
            h,
            "draw: the next card\n  usage: draw\n  example: draw\n  only the umpire"
        );
    }
}
