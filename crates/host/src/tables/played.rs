//! One table game behind one interface, whatever it plays: run a line,
//! say what a side may see of the game and of each answer.

use umpire_core::session::{Answer, Commands, Session, Table};

use super::spec::{Piece, Spec};

/// A game at the table, of any kind.
pub trait Played: Send {
    /// Run one line as typed (a side's already with `as SIDE`).
    fn run(&mut self, line: &str) -> Answer;
    /// The game as `viewer` (a side; None: the umpire) may see it.
    fn board(&self, viewer: Option<&str>) -> String;
    /// The pieces `viewer` may see.
    fn pieces(&self, viewer: Option<&str>) -> Vec<Piece>;
    /// The sides, as the scenario spells them.
    fn sides(&self) -> Vec<String>;
    /// The commands, with what they do and their usage.
    fn commands(&self) -> &'static Commands;
    /// The first line of the page: the scenario, the turn.
    fn title(&self) -> String;
    /// The game's name for people.
    fn game(&self) -> &'static str;
    /// A side's lines run as `as SIDE …`.
    fn side_prefix(&self) -> bool;
    /// Whether the other side may read what a command that changed the
    /// game answered.
    fn shared(&self, words: &[&str]) -> bool;
    /// The side called `given`, as the scenario spells it.
    fn side_of(&self, given: &str) -> Result<String, String>;
}

/// A [`Spec`]'s game in its session.
pub struct Hosted<T: Table + 'static> {
    spec: &'static Spec<T>,
    session: Session<T>,
}

impl<T: Table + 'static> Hosted<T> {
    /// The game as its scenario sets it up.
    pub fn new(spec: &'static Spec<T>, file: &str, text: &str) -> Result<Hosted<T>, String> {
        Ok(Hosted {
            spec,
            session: Session::new((spec.load)(file, text)?),
        })
    }
}

impl<T: Table + Send + 'static> Played for Hosted<T> {
    fn run(&mut self, line: &str) -> Answer {
        self.session.run(line)
    }

    fn board(&self, viewer: Option<&str>) -> String {
        // A question asked of a copy: the game's own log and history are
        // not touched.
        let line = match viewer {
            Some(side) => format!("show {side}"),
            None => self.spec.umpire_view.to_string(),
        };
        Session::new(self.session.state.clone()).run(&line).text
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

    fn side_prefix(&self) -> bool {
        self.spec.side_prefix
    }

    fn shared(&self, words: &[&str]) -> bool {
        (self.spec.shared)(words)
    }

    fn side_of(&self, given: &str) -> Result<String, String> {
        self.spec.side_of(&self.session.state, given)
    }
}
