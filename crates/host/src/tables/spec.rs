//! What a table game tells the places that host it (the command line's
//! game folder and prompt, the server's table pages) about itself: how to
//! read a scenario, its sides and commands, the names to offer, the pieces
//! on the table, and what of its log each side may read.

use umpire_core::session::Commands;

/// A figure or stand on the table map: an element, a Group, a Blind, a
/// general.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Piece {
    /// The name commands use (`33rd`, `Blind_1`, `Ney`).
    pub name: String,
    /// The side it belongs to, as the scenario spells it.
    pub side: String,
    /// What it is, shown beside the name (`Group`, `Blind`, `general`).
    pub what: &'static str,
}

/// A table game.
pub struct Spec<T> {
    /// The command family: `sharp`, `nb`, `dbr`.
    pub family: &'static str,
    /// The game's name for people: `Sharp Practice`.
    pub game: &'static str,
    /// The state's file name in a game folder: `battle.json`.
    pub state_file: &'static str,
    /// The built-in scenario: its name and text.
    pub builtin: (&'static str, &'static str),
    /// Read a scenario (file name for messages, text).
    pub load: fn(&str, &str) -> Result<T, String>,
    /// Names to complete at the prompt (groups, generals, sides, keywords).
    pub names: fn(&T) -> Vec<String>,
    /// The first line a prompt shows.
    pub title: fn(&T) -> String,
    /// The commands, with what they do and their usage.
    pub commands: &'static Commands,
    /// The sides' names, as the scenario spells them.
    pub sides: fn(&T) -> Vec<String>,
    /// The pieces `viewer` (a side, or None for the umpire) may see on the
    /// table: nothing hidden from that side is named.
    pub pieces: fn(&T, Option<&str>) -> Vec<Piece>,
    /// The command that shows the umpire the whole game.
    pub umpire_view: &'static str,
}

impl<T> Spec<T> {
    /// The side as the scenario spells it, or why `given` is none of them.
    pub fn side_of(&self, state: &T, given: &str) -> Result<String, String> {
        let sides = (self.sides)(state);
        if let Some(s) = sides.iter().find(|s| s.eq_ignore_ascii_case(given)) {
            return Ok(s.clone());
        }
        let hint = umpire_core::text::suggest(given, sides.iter().map(String::as_str))
            .map(|h| format!(" (did you mean `{h}`?)"))
            .unwrap_or_default();
        Err(format!(
            "`{given}` is not a side of this game{hint}: its sides are {}",
            sides.join(" and ")
        ))
    }
}
