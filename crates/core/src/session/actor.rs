//! Who issues a command at the table: the umpire, a side, or an observer
//! who may only ask.
//!
//! A log keeps the actor in the line itself: a side's lines begin `as
//! SIDE`, the umpire's have no prefix. So a log written by the command
//! line, kept by the server or typed by hand replays with every line
//! issued by the same actor as before.

use serde::{Deserialize, Serialize};

/// Who issues a command.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Actor {
    /// The umpire: runs any command, sees everything. At a table without
    /// an umpire, a command every side agreed to runs as the umpire's.
    Umpire,
    /// A side, as the scenario spells it: commands its own forces and
    /// sees what the rules let it see.
    Side(String),
    /// Someone watching: may ask what every side may know, and change
    /// nothing.
    Observer,
}

impl Actor {
    /// The side, if a side issues it.
    pub fn side(&self) -> Option<&str> {
        match self {
            Actor::Side(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this is the umpire.
    pub fn is_umpire(&self) -> bool {
        matches!(self, Actor::Umpire)
    }

    /// Whether this actor commands `side`'s forces: the umpire commands
    /// every side's, a side its own.
    pub fn commands(&self, side: &str) -> bool {
        match self {
            Actor::Umpire => true,
            Actor::Side(s) => s.eq_ignore_ascii_case(side),
            Actor::Observer => false,
        }
    }

    /// Whether this actor may see what `side` keeps hidden: the umpire
    /// and that side.
    pub fn sees_hidden_of(&self, side: &str) -> bool {
        self.commands(side)
    }

    /// The name people read: `the umpire`, `the French`, `an observer`.
    pub fn name(&self) -> String {
        match self {
            Actor::Umpire => "the umpire".into(),
            Actor::Side(s) => format!("the {s}"),
            Actor::Observer => "an observer".into(),
        }
    }

    /// The actor's own name for its dice: `umpire`, `side:French`,
    /// `observer`.
    pub fn key(&self) -> String {
        match self {
            Actor::Umpire => "umpire".into(),
            Actor::Side(s) => format!("side:{s}"),
            Actor::Observer => "observer".into(),
        }
    }

    /// The line as a log keeps it: `as SIDE …` for a side.
    pub fn line(&self, command: &str) -> String {
        match self {
            Actor::Side(s) => format!("as {s} {command}"),
            _ => command.to_string(),
        }
    }
}

/// The actor a logged line names and the words after it: `as SIDE …` is
/// that side's (as `sides` spell it), anything else the umpire's. A
/// side that is not one of `sides` is an error, with the sides listed.
pub fn read_actor<'w>(
    sides: &[String],
    words: &'w [String],
) -> Result<(Actor, &'w [String]), String> {
    match words {
        [first, rest @ ..] if first.eq_ignore_ascii_case("as") => {
            let Some(given) = rest.first() else {
                return Err("`as` needs a side: `as SIDE COMMAND`".into());
            };
            match sides.iter().find(|s| s.eq_ignore_ascii_case(given)) {
                Some(s) => Ok((Actor::Side(s.clone()), &rest[1..])),
                None => Err(format!(
                    "`{}` is not a side of this game: its sides are {}",
                    crate::text::clip(given),
                    sides.join(" and ")
                )),
            }
        }
        _ => Ok((Actor::Umpire, words)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_side_is_read_from_its_prefix_as_the_scenario_spells_it() {
        let sides = vec!["French".to_string(), "British".to_string()];
        let w = words("as french draw");
        let (a, rest) = read_actor(&sides, &w).unwrap_or((Actor::Observer, &[]));
        assert_eq!(a, Actor::Side("French".into()));
        assert_eq!(rest, &w[2..]);
        let w = words("draw");
        assert_eq!(read_actor(&sides, &w).map(|(a, _)| a), Ok(Actor::Umpire));
        let w = words("as Prussians draw");
        assert_eq!(
            read_actor(&sides, &w).map(|(a, _)| a),
            Err("`Prussians` is not a side of this game: its sides are French and British".into())
        );
    }

    #[test]
    fn who_commands_whom() {
        let f = Actor::Side("French".into());
        assert!(f.commands("french") && !f.commands("British"));
        assert!(Actor::Umpire.commands("British"));
        assert!(!Actor::Observer.commands("French"));
        assert_eq!(f.line("draw"), "as French draw");
        assert_eq!(Actor::Umpire.line("draw"), "draw");
    }
}

/// How many commands each actor has rolled from the seed: the index of its
/// next roll's dice. Each actor draws from a stream of its own, so what
/// one side rolls (or, secretly, does not) never moves the dice of
/// another.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollCounts(pub std::collections::BTreeMap<String, u64>);

impl RollCounts {
    /// The rolls `actor` has made.
    pub fn of(&self, actor: &Actor) -> u64 {
        self.0.get(&actor.key()).copied().unwrap_or(0)
    }

    /// Count one more.
    pub fn bump(&mut self, actor: &Actor) {
        *self.0.entry(actor.key()).or_insert(0) += 1;
    }
}
