//! One table game behind one interface, whatever it plays: run a line,
//! say what a side may see of the game and of the log.

use umpire_core::session::{Actor, Answer, Commands, Session, Table};

use super::spec::{Piece, Spec};

/// One line of the log as a reader may read it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Read {
    /// Its place in the log.
    pub seq: i64,
    /// Who issued it: a side, `umpire` or `observer`.
    pub who: String,
    /// The command, as the reader may read it.
    pub command: String,
    pub answer: String,
    pub changed: bool,
}

/// A game at the table, of any kind.
pub trait Played: Send {
    /// Run one line as kept (a side's with `as SIDE`).
    fn run(&mut self, line: &str) -> Answer;
    /// The game as `viewer` (a side; None: the umpire) may see it.
    fn board(&self, viewer: Option<&str>) -> String;
    /// The pieces `viewer` may see.
    fn pieces(&self, viewer: Option<&str>) -> Vec<Piece>;
    /// The sides, as the scenario spells them.
    fn sides(&self) -> Vec<String>;
    /// The commands, with what they do, how they are typed and who may
    /// issue them.
    fn commands(&self) -> &'static Commands;
    /// The first line of the page: the scenario, the turn.
    fn title(&self) -> String;
    /// The game's name for people.
    fn game(&self) -> &'static str;
    /// The side called `given`, as the scenario spells it.
    fn side_of(&self, given: &str) -> Result<String, String>;
    /// The log as `viewer` (a side; None: the umpire) may read it.
    fn log_for(&self, viewer: Option<&str>) -> Vec<Read>;
    /// What sides have asked for that waits for the others.
    fn asked(&self) -> Vec<String>;
    /// Whether the game is over.
    fn ended(&self) -> bool;
    /// Whether an umpire runs it.
    fn umpired(&self) -> bool;
}

/// A [`Spec`]'s game in its session.
pub struct Hosted<T: Table + 'static> {
    spec: &'static Spec<T>,
    session: Session<T>,
}

impl<T: Table + 'static> Hosted<T> {
    /// The game as its scenario sets it up, with or without an umpire.
    pub fn new(
        spec: &'static Spec<T>,
        file: &str,
        text: &str,
        umpired: bool,
    ) -> Result<Hosted<T>, String> {
        Ok(Hosted {
            spec,
            session: Session::at_table((spec.load)(file, text)?, umpired),
        })
    }
}

/// The actor a viewer is: a side, or the umpire.
fn actor(viewer: Option<&str>) -> Actor {
    viewer.map_or(Actor::Umpire, |s| Actor::Side(s.to_string()))
}

impl<T: Table + Send + 'static> Played for Hosted<T> {
    fn run(&mut self, line: &str) -> Answer {
        self.session.run(line)
    }

    fn board(&self, viewer: Option<&str>) -> String {
        // A question asked of a copy: the game's own log and history are
        // not touched.
        let mut copy = Session::at_table(self.session.state.clone(), self.session.umpired());
        match viewer {
            Some(side) => copy.run_as(&actor(Some(side)), "show").text,
            None => copy.run(self.spec.umpire_view).text,
        }
    }

    fn pieces(&self, viewer: Option<&str>) -> Vec<Piece> {
        (self.spec.pieces)(&self.session.state, viewer)
    }

    fn sides(&self) -> Vec<String> {
        (self.spec.sides)(&self.session.state)
    }

    fn commands(&self) -> &'static Commands {
        self.spec.commands
    }

    fn title(&self) -> String {
        (self.spec.title)(&self.session.state)
    }

    fn game(&self) -> &'static str {
        self.spec.game
    }

    fn side_of(&self, given: &str) -> Result<String, String> {
        self.spec.side_of(&self.session.state, given)
    }

    fn log_for(&self, viewer: Option<&str>) -> Vec<Read> {
        self.session
            .log_for(&actor(viewer))
            .into_iter()
            .map(|(i, e, r)| Read {
                seq: i64::try_from(i).unwrap_or(i64::MAX),
                who: match &e.actor {
                    Actor::Umpire => "umpire".to_string(),
                    Actor::Side(s) => s.clone(),
                    Actor::Observer => "observer".to_string(),
                },
                command: r.command,
                answer: r.answer,
                changed: e.changed,
            })
            .collect()
    }

    fn asked(&self) -> Vec<String> {
        self.session.asked()
    }

    fn ended(&self) -> bool {
        self.session.ended()
    }

    fn umpired(&self) -> bool {
        self.session.umpired()
    }
}
