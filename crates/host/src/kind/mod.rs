//! A kind of hosted game, behind one interface.
//!
//! The host, the mail gateway and the web speak to a game only through
//! [`GameKind`] (make, import, open a stored world) and [`Game`] (one
//! world between turns: read a submission, run the turn, welcome and join a
//! player, remove one), and what its pages show ([`view`]: a report's
//! blocks, a map's hexes). Adding a game to the server means implementing
//! these two traits and giving the host the kind ([`Kinds`]); the web
//! needs no change. Outside `kind/`, only the game folders' modules
//! (`overlord/`, `engarde/`) and the tables' specs (`tables/`) name a
//! game's internals (`tests/game_boundary.rs`).
//!
//! Turns are counted the same way for every kind: [`Game::turn`] is how
//! many turns have run, and orders are collected for the next one. A game
//! whose own calendar differs (En Garde!'s months) maps onto this count.
//!
//! Passwords are the host's: a kind never checks one. It reads which seat
//! an envelope claims and the password written, and the host checks it
//! against the seat's stored hash ([`crate::password`]).

pub mod engarde;
pub mod overlord;
pub mod view;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

pub use crate::envelope::{Envelope, Mail, Orders, Reading, Request};
use crate::password::{LegacyHash, Secret};

/// Why a kind could not do what was asked, worded for the game master.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct KindError(pub String);

impl KindError {
    pub fn new(why: impl Into<String>) -> KindError {
        KindError(why.into())
    }
}

impl From<serde_json::Error> for KindError {
    fn from(e: serde_json::Error) -> KindError {
        KindError(format!("cannot write JSON: {e}"))
    }
}

impl From<crate::seed::NoRandomSource> for KindError {
    fn from(e: crate::seed::NoRandomSource) -> KindError {
        KindError(e.to_string())
    }
}

impl From<anyhow::Error> for KindError {
    fn from(e: anyhow::Error) -> KindError {
        KindError(format!("{e:#}"))
    }
}

/// Options for a new game, as `name=value` pairs (`factions=12`,
/// `player=Athos`); a name may repeat. Each kind lists the ones it takes in
/// [`GameKind::options`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options(pub Vec<(String, String)>);

impl Options {
    /// Every value given for `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.0
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The last value given for `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Refuse names the kind does not take, with a did-you-mean.
    pub fn check(&self, known: &[OptionSpec]) -> Result<(), KindError> {
        for (name, _) in &self.0 {
            if !known.iter().any(|k| k.name == name) {
                let names = known.iter().map(|k| k.name);
                let hint = umpire_core::text::suggest(name, names)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                let list: Vec<&str> = known.iter().map(|k| k.name).collect();
                return Err(KindError(format!(
                    "this kind of game takes no option `{name}`{hint}; it takes {}",
                    list.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// `name` as a number, or `default` when not given.
    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, KindError> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v.trim().parse().map_err(|_| {
                KindError(format!(
                    "the option `{name}` must be a whole number, not `{v}`"
                ))
            }),
        }
    }
}

/// One option a kind takes when a game is made.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    /// What it means and its default, for `--help` and the web form.
    pub help: &'static str,
    /// It may be given more than once.
    pub repeats: bool,
}

/// A seat of a new or joined game: who plays it and how to reach them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSeat {
    /// The seat's key as players write it: `f5`, or a character's name.
    pub key: String,
    pub name: String,
    /// What the host keeps of the password: the clear password to hash
    /// (a new game), or a stored hash carried over (an imported one).
    pub password: SeatPassword,
    /// The registered address, when known.
    pub address: Option<String>,
}

/// A new seat's password.
#[derive(Clone, PartialEq, Eq)]
pub enum SeatPassword {
    /// In clear: the host hashes it and tells it once to the game master
    /// or the player.
    Clear(Secret),
    /// In clear with the hash the world already keeps (a salted SHA-256):
    /// the host stores that hash, upgraded to argon2id at the first
    /// successful check, and tells the password once.
    Known { clear: Secret, hash: String },
    /// A hash made elsewhere (a game folder's world), checked and upgraded
    /// at the next successful check.
    Hash(String),
    /// None known: the host makes one.
    Unknown,
}

impl fmt::Debug for SeatPassword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatPassword::Clear(_) => f.write_str("Clear(***)"),
            SeatPassword::Known { .. } => f.write_str("Known(***)"),
            SeatPassword::Hash(_) => f.write_str("Hash(***)"),
            SeatPassword::Unknown => f.write_str("Unknown"),
        }
    }
}

/// A game made or imported: its world and its seats.
#[derive(Debug)]
pub struct Created {
    /// The game's name, as players write it on their orders.
    pub name: String,
    pub state: Vec<u8>,
    pub seats: Vec<NewSeat>,
    /// What the game master should know (what an import could not map).
    pub notes: Vec<String>,
}

/// A seat as a world knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub key: String,
    pub name: String,
    /// The address the world holds for it (Overlord's EMAIL), if any.
    pub address: Option<String>,
    /// Still in the game (not resigned, destroyed or dead).
    pub active: bool,
}

/// What a turn is run on: the orders and articles the host kept for it.
#[derive(Debug, Default)]
pub struct TurnInput {
    /// Each seat's orders, in the order received (one per seat).
    pub orders: Vec<(String, String)>,
    /// Articles: seat, signed, text.
    pub articles: Vec<(String, bool, String)>,
    /// When the turn after this one runs, as players read it.
    pub next_deadline: String,
    /// The game master's rulings on lines held for them, oldest first.
    pub rulings: Vec<Ruled>,
}

/// A line of a seat's orders held for the game master's ruling (En
/// Garde!'s EG-ORD-005: a duel challenge, an audience with the Cardinal):
/// the machine does not run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldLine {
    /// Its line in the orders (1-based).
    pub line: u32,
    /// The line as the player wrote it.
    pub text: String,
}

/// The game master's ruling on a held line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// Approved: the game master does what it asks, as the note says.
    Approved { note: String },
    /// Refused, for this reason.
    Refused { reason: String },
}

impl Ruling {
    /// The ruling in words: "approved: the duel is fought at dawn",
    /// "refused: duels are fought by CHALLENGE".
    pub fn words(&self) -> String {
        match self {
            Ruling::Approved { note } if note.trim().is_empty() => "approved".to_string(),
            Ruling::Approved { note } => format!("approved: {}", note.trim()),
            Ruling::Refused { reason } => format!("refused: {}", reason.trim()),
        }
    }
}

/// A ruling on one held line of one seat's orders. It holds the line's
/// text: a ruling on a line the player has since rewritten does not carry
/// over to the new line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruled {
    pub seat: String,
    pub line: u32,
    pub text: String,
    pub ruling: Ruling,
}

/// A seat's report of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatReport {
    pub seat: String,
    pub text: String,
    /// The same report as JSON for client programs, when the kind has one.
    pub json: Option<String>,
    /// The order template for the next turn, when the seat still plays.
    pub template: Option<String>,
}

/// Everything a turn made.
#[derive(Debug)]
pub struct TurnOutput {
    /// The world after the turn.
    pub state: Vec<u8>,
    /// Everything that happened, as JSON.
    pub events: Vec<u8>,
    pub reports: Vec<SeatReport>,
    /// What every player may read (a newspaper, a gazette), by name.
    pub public: BTreeMap<String, String>,
    /// One paragraph for the game master.
    pub summary: String,
    /// Every seat of the world after the turn (addresses changed by the
    /// players' orders, seats out of play).
    pub seats: Vec<SeatInfo>,
    /// The seed the turn's dice came from.
    pub seed: u64,
    /// Orders left out for errors, rendered.
    pub errors: Vec<String>,
    /// Lines held for the game master that were not ruled on before the
    /// turn ran (they did not run), rendered one a line.
    pub unruled: Vec<String>,
}

/// A player joining a running game.
#[derive(Clone, Debug, Default)]
pub struct Join {
    /// The name they chose (a faction's or a character's).
    pub name: Option<String>,
    pub address: Option<String>,
    /// Drawn into the new seat's dice, so the same join gives the same
    /// seat.
    pub seed: u64,
}

/// A joined player: the world with them in it, and their seat.
#[derive(Debug)]
pub struct Joined {
    pub state: Vec<u8>,
    pub seat: NewSeat,
    /// Where and how they start, for the game master.
    pub note: String,
}

/// How a seat leaves play.
#[derive(Debug)]
pub enum Removal {
    /// At once: the world without it.
    Now(Vec<u8>),
    /// At the next turn, by these orders (Overlord's RESIGN), which the
    /// host stores as the seat's orders for the turn being collected.
    AtTurn { orders: String, note: String },
}

/// A kind of game the host can run.
pub trait GameKind: Send + Sync {
    /// The name game masters type: `overlord`, `engarde`.
    fn name(&self) -> &'static str;
    /// The name players read: `Overlord`, `En Garde!`.
    fn title(&self) -> &'static str;
    /// What a seat is: `faction`, `character`.
    fn seat_noun(&self) -> &'static str;
    /// What leaving the game means for a seat, told to the game master
    /// before a player is removed: `the faction resigns`.
    fn leaving(&self) -> &'static str {
        "the seat leaves the game"
    }
    /// The words that begin a submission's envelopes, for an answer to
    /// one that holds none: `#GAME, #PRESS, #RUMOR or #REPORT`.
    fn envelope_keywords(&self) -> String;
    /// The file a game folder keeps the world in (`world.umpire`), for
    /// exporting a hosted game to a folder the command line reads.
    fn world_file(&self) -> &'static str;
    /// The options [`GameKind::create`] takes.
    fn options(&self) -> &'static [OptionSpec];
    /// Make a new game called `name`.
    fn create(&self, name: &str, options: &Options) -> Result<Created, KindError>;
    /// Bring in an existing game from a folder.
    fn import(&self, folder: &Path) -> Result<Created, KindError>;
    /// Open a stored world.
    fn open(&self, state: &[u8]) -> Result<Box<dyn Game>, KindError>;
    /// The players' guide to an order (`help GIVE`), or to all orders when
    /// `topic` is empty; None when there is no such order.
    fn help(&self, topic: &str) -> Option<String>;

    /// A seat as the game writes it in its reports, templates and
    /// orders (Overlord's `f5` is `f05`), so that a player's pages write
    /// it one way; by default as it is.
    fn spelt(&self, seat: &str) -> String {
        seat.to_string()
    }
    /// A stored report as a page's blocks, for the web to lay out; by
    /// default its text under a heading.
    fn report_page(&self, report: view::StoredReport<'_>) -> Vec<view::Block> {
        view::plain_report(report)
    }
    /// A seat's map, from its reports' JSON (turn and document, oldest
    /// first); empty for a game without one.
    fn map(&self, reports: &[(u32, String)]) -> view::Hexes {
        let _ = reports;
        view::Hexes::new()
    }
    /// The name a seat goes by in the game as its report's JSON gives it
    /// (a faction renames itself); None when the report does not say.
    fn name_in_report(&self, json: &str) -> Option<String> {
        let _ = json;
        None
    }
    /// An article for the game's newspaper from `seat`, written as the
    /// player's mail that carries it (its password a placeholder: the
    /// web's player is logged in); None for a game without a newspaper.
    fn article(&self, game: &str, seat: &str, signed: bool, text: &str) -> Option<String> {
        let _ = (game, seat, signed, text);
        None
    }
    /// What a turn gave every player to read, as a news feed shows it (a
    /// newspaper, a gazette), from what the turn kept: `public` (what
    /// every player may read, by name) and one seat's report JSON of it
    /// (a game whose newspaper is in every report); None when there was
    /// nothing. By default, the public texts.
    fn news(&self, public: &BTreeMap<String, String>, report_json: Option<&str>) -> Option<String> {
        let _ = report_json;
        let text: Vec<&str> = public
            .values()
            .map(|t| t.trim_end())
            .filter(|t| !t.is_empty())
            .collect();
        (!text.is_empty()).then(|| text.join("\n\n"))
    }
    /// The order a unit with no orders left does; None when the game has
    /// no such default.
    fn default_order(&self) -> Option<view::DefaultOrder> {
        None
    }
    /// How the game's own worlds hashed passwords before the host did,
    /// for the host to accept such a hash once and upgrade it; None when
    /// they kept none.
    fn legacy_hash(&self) -> Option<LegacyHash> {
        None
    }
}

/// One world of a hosted game, between turns.
pub trait Game: Send + Sync {
    /// The game's name, as players write it.
    fn name(&self) -> &str;
    /// How many turns have run; orders are collected for the next.
    fn turn(&self) -> u32;
    /// Every seat the world has, in play or not.
    fn seats(&self) -> Vec<SeatInfo>;
    /// Read a submission: its envelopes, checked against this world.
    fn read(&self, mail: Mail<'_>) -> Reading;
    /// Check what a seat is writing, as it types: every finding with its
    /// line, against this world (the same checker as `read`).
    fn check(&self, seat: &str, text: &str) -> Vec<umpire_core::Diagnostic>;
    /// Run the next turn.
    fn run(&self, input: &TurnInput) -> Result<TurnOutput, KindError>;
    /// A seat's report of where it stands now, before its first turn (the
    /// rules' initial turn report), with its order template.
    fn welcome(&self, seat: &str, next_deadline: &str) -> Result<SeatReport, KindError>;
    /// Add a player by the game's starting rules.
    fn join(&self, join: &Join) -> Result<Joined, KindError>;
    /// Take a seat out of play, by the game's own rules.
    fn remove(&self, seat: &str) -> Result<Removal, KindError>;
    /// The lines of `seat`'s stored `orders` held for the game master's
    /// ruling; none for a game that holds nothing.
    fn held(&self, seat: &str, orders: &str) -> Vec<HeldLine> {
        let _ = (seat, orders);
        Vec::new()
    }
    /// The orders a bot writes for `seat` for the coming turn, as a
    /// player would send them. The envelope's password is a placeholder:
    /// the host vouches for a bot's seat. The same world gives the same
    /// orders, so a repeated turn gets the same bot orders.
    fn bot_orders(&self, seat: &str) -> Result<String, KindError>;
}

/// Makes a kind: what a registry of kinds holds.
pub type MakeKind = fn() -> Box<dyn GameKind>;

/// The kinds a host runs, found by the name game masters type.
#[derive(Clone)]
pub struct Kinds(Vec<MakeKind>);

fn make_overlord() -> Box<dyn GameKind> {
    Box::new(overlord::Overlord::new())
}

fn make_engarde() -> Box<dyn GameKind> {
    Box::new(engarde::EnGarde::new())
}

impl Kinds {
    /// The kinds this build hosts.
    pub fn hosted() -> Kinds {
        Kinds(vec![make_overlord, make_engarde])
    }

    /// These kinds and one more (a game of one's own, a test's).
    #[must_use]
    pub fn with(mut self, make: MakeKind) -> Kinds {
        self.0.push(make);
        self
    }

    /// Every kind, in the order they were given.
    pub fn all(&self) -> Vec<Box<dyn GameKind>> {
        self.0.iter().map(|make| make()).collect()
    }

    /// The kind called `name`, or why there is none.
    pub fn get(&self, name: &str) -> Result<Box<dyn GameKind>, KindError> {
        let all = self.all();
        let wanted = name
            .trim()
            .to_ascii_lowercase()
            .replace([' ', '!', '-', '_'], "");
        let names: Vec<&'static str> = all.iter().map(|k| k.name()).collect();
        if let Some(k) = all.into_iter().find(|k| k.name() == wanted) {
            return Ok(k);
        }
        let hint = umpire_core::text::suggest(name, names.iter().copied())
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        Err(KindError(format!(
            "no kind of game `{name}`{hint}; this server hosts {}",
            names.join(" and ")
        )))
    }
}

impl Default for Kinds {
    fn default() -> Self {
        Kinds::hosted()
    }
}

/// The kinds this build hosts.
pub fn kinds() -> Vec<Box<dyn GameKind>> {
    Kinds::hosted().all()
}

/// The kind called `name` of those this build hosts, or why there is none.
pub fn kind(name: &str) -> Result<Box<dyn GameKind>, KindError> {
    Kinds::hosted().get(name)
}
