//! A faction's report as data: what the report tells, decided once and
//! rendered twice — as text ([`text`](super::text)) and as JSON
//! ([`Reports::json`](super::reports::Reports::json)) — so the two cannot
//! disagree. `docs/overlord-report-schema.md` documents every field.
//!
//! Ids are written as players write them: `U12`, `L7`, `B3`, `f05`, and
//! the rules' tags for items, races, skills and titles (`swrd`, `ldr`,
//! `cmbt`, `shrf`). Names are on one line, as the text prints them. A day
//! is 1 to 30, `0` before day 1 and `31` at the month's end.
//!
//! Versioning: a field added keeps [`VERSION`]; a field removed, renamed
//! or given another meaning raises it.

use std::borrow::Cow;
use std::fmt;

use serde::{Serialize, Serializer};

use crate::orders::FactionRef;
use crate::world::Stance;

/// The `schema` of every JSON report.
pub const SCHEMA: &str = "umpire-overlord-report";
/// The `version` of the JSON report this code writes.
pub const VERSION: u32 = 1;

/// An id as players write it: `U12`, `L7`, `B3`, `f05`, or a rules tag.
/// Serialized as that string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Id<'a> {
    Unit(u32),
    Location(u32),
    Structure(u32),
    Faction(u32),
    Tag(&'a str),
}

impl fmt::Display for Id<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Unit(n) => write!(f, "U{n}"),
            Id::Location(n) => write!(f, "L{n}"),
            Id::Structure(n) => write!(f, "B{n}"),
            Id::Faction(n) => write!(f, "{}", FactionRef::Player(*n)),
            Id::Tag(t) => f.write_str(t),
        }
    }
}

impl Serialize for Id<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A thing the report names: "Ulric" with id "U1". A thing the world or
/// the rules no longer hold has no id and a phrase for its name ("an
/// unknown unit"); a sound game has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Named<'a> {
    pub id: Option<Id<'a>>,
    pub name: Cow<'a, str>,
}

impl<'a> Named<'a> {
    pub fn new(id: Id<'a>, name: impl Into<Cow<'a, str>>) -> Named<'a> {
        Named {
            id: Some(id),
            name: name.into(),
        }
    }

    /// A thing not found, named by `phrase`.
    pub fn unknown(phrase: &'static str) -> Named<'a> {
        Named {
            id: None,
            name: Cow::Borrowed(phrase),
        }
    }
}

/// "Ulric [U1]"; an unknown thing by its phrase alone.
impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.id {
            Some(id) => write!(f, "{} [{id}]", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// A number of things: "3 swords [swrd]". `name` agrees with `count`
/// (singular for one); `tag` is the item's or race's, none for one the
/// rules do not hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Quantity<'a> {
    pub count: u64,
    pub name: &'a str,
    pub tag: Option<&'a str>,
}

impl fmt::Display for Quantity<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.count, self.name)?;
        match &self.tag {
            Some(tag) => write!(f, " [{tag}]"),
            None => Ok(()),
        }
    }
}

/// A skill at a level: "1st combat [cmbt]"; level 0 is the skill itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SkillLevel<'a> {
    /// The skill's tag; none for a skill the rules do not hold.
    pub id: Option<&'a str>,
    pub name: &'a str,
    pub level: u8,
}

/// The whole report of one faction, in the text's order.
#[derive(Clone, Debug, Serialize)]
pub struct Report<'a> {
    /// Always [`SCHEMA`].
    pub schema: &'static str,
    /// [`VERSION`].
    pub version: u32,
    pub header: Header<'a>,
    pub global_events: Vec<Line>,
    pub units: Vec<Unit<'a>>,
    pub lost_units: Vec<LostUnit<'a>>,
    pub battles: Vec<Battle<'a>>,
    pub structures: Vec<OwnedStructure<'a>>,
    pub locations: Vec<Location<'a>>,
    pub knowledge: Knowledge<'a>,
    pub newspaper: Vec<Article<'a>>,
    /// The order template, as the text ends with it.
    pub template: String,
}

/// The opening: who, when, funds, control points, stances.
#[derive(Clone, Debug, Serialize)]
pub struct Header<'a> {
    pub game: Cow<'a, str>,
    /// The turn just run.
    pub turn: u32,
    pub faction: Named<'a>,
    pub email: Option<String>,
    /// The next turn's date; none: to be announced.
    pub next_turn: Option<String>,
    pub funds: Quantity<'a>,
    /// The items of the faction funds beside the coins (OV-REP-003), in
    /// the rules' item order.
    pub stock: Vec<Quantity<'a>>,
    pub control_points: ControlPoints,
    pub default_stance: Stance,
    pub stances: Vec<StanceToward<'a>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ControlPoints {
    pub used: u32,
    pub limit: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct StanceToward<'a> {
    pub faction: Named<'a>,
    pub stance: Stance,
}

/// A line of a log: what happened on `day`, or every day from `day` to
/// `last_day` ("Days 1-30 - studies combat [cmbt]").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub day: u8,
    pub last_day: u8,
    pub text: String,
}

/// One of the faction's units at the turn's end.
#[derive(Clone, Debug, Serialize)]
pub struct Unit<'a> {
    #[serde(flatten)]
    pub unit: Named<'a>,
    /// Where it is; none if the world lost the place.
    pub location: Option<Named<'a>>,
    pub titles: Vec<TitleSeat<'a>>,
    pub figures: Quantity<'a>,
    pub possessions: Vec<Possession<'a>>,
    /// The unit's weight, or its stack's when it leads one.
    pub weight: u64,
    pub stack_weight: bool,
    pub capacity: Capacity,
    pub skills: Vec<Skill<'a>>,
    pub may_learn: Vec<SkillLevel<'a>>,
    pub stats: Ratings,
    /// A mage's mana: what it holds now and the most it can hold (none for
    /// a unit that can hold none and holds none).
    pub mana: Option<Mana>,
    /// TACTIC in canonical form.
    pub tactic: String,
    /// The COMBAT list.
    pub combat: &'a [String],
    /// Coins a month.
    pub upkeep: u64,
    pub actions: Vec<Line>,
}

/// A title held, at its seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TitleSeat<'a> {
    pub title: Named<'a>,
    pub seat: Named<'a>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Possession<'a> {
    #[serde(flatten)]
    pub item: Quantity<'a>,
    pub equipped: u64,
}

/// Capacity by movement mode; below zero reads zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Capacity {
    pub walking: u64,
    pub riding: u64,
    pub flying: u64,
    pub swimming: u64,
    pub climbing: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Skill<'a> {
    #[serde(flatten)]
    pub skill: SkillLevel<'a>,
    /// Whole days of experience.
    pub days: u32,
}

/// A unit's mana now and its maximum (OV-MAG-009): what a mage can spend on
/// next month's castings, and how far it can fill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Mana {
    pub current: u32,
    pub maximum: u32,
}

/// A unit's per-figure ratings and the control points it costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Ratings {
    pub initiative: i32,
    pub melee: i32,
    pub missile: i32,
    pub defense: i32,
    pub damage: i32,
    pub ranged_damage: i32,
    pub life: i32,
    pub hits: i32,
    pub stealth: i32,
    pub observation: i32,
    pub mana: i32,
    pub control_points: u32,
}

/// A unit lost this turn, with its actions up to the loss.
#[derive(Clone, Debug, Serialize)]
pub struct LostUnit<'a> {
    #[serde(flatten)]
    pub unit: Named<'a>,
    /// The faction it went over to; none: gone.
    pub now_with: Option<Named<'a>>,
    pub actions: Vec<Line>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleSide {
    Attacker,
    Defender,
    /// Told of the battle without a unit in it.
    Party,
}

#[derive(Clone, Debug, Serialize)]
pub struct Battle<'a> {
    pub place: Named<'a>,
    pub day: u8,
    /// The side the faction's units fought on.
    pub side: BattleSide,
    /// The account, full or terse as the faction's SETTING TERSE asks.
    pub account: String,
    /// Every unit's ratings, for the winners only.
    pub statistics: Option<Vec<UnitRatings<'a>>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct UnitRatings<'a> {
    #[serde(flatten)]
    pub unit: Named<'a>,
    pub stats: Ratings,
}

/// A building or vessel of the faction.
#[derive(Clone, Debug, Serialize)]
pub struct OwnedStructure<'a> {
    #[serde(flatten)]
    pub structure: Named<'a>,
    pub kind: &'a str,
    pub location: Named<'a>,
    pub vessel: Option<Vessel<'a>>,
    pub complete: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Vessel<'a> {
    pub cargo: Vec<Quantity<'a>>,
    pub weight: u64,
    pub hull: Capacity,
}

/// A place the faction was at during the turn.
#[derive(Clone, Debug, Serialize)]
pub struct Location<'a> {
    /// Where on the map it is: its hex, an inner location's outer hex's.
    pub hex: Option<crate::world::Hex>,
    #[serde(flatten)]
    pub place: Named<'a>,
    pub terrain: &'a str,
    pub outer: Option<Outer<'a>>,
    /// This month's season and next month's, with its forecast weather.
    pub season: &'a str,
    pub next_season: &'a str,
    pub forecast: Option<&'a str>,
    pub population: Option<Population>,
    pub for_hire: Vec<Offer<'a>>,
    pub for_sale: Vec<Offer<'a>>,
    pub buying: Vec<Offer<'a>>,
    /// With something for sale or bought: the market's days, empty for
    /// every day; none without.
    pub market_days: Option<Vec<u8>>,
    pub resources: Vec<Resource<'a>>,
    pub titles: Vec<Title<'a>>,
    pub directions: Vec<Direction<'a>>,
    /// The outer location's directions, for an inner location.
    pub outer_directions: Option<Vec<Direction<'a>>>,
    pub events: Vec<Line>,
    /// The units the faction sees here, only where one of its own is.
    pub units: Vec<Present<'a>>,
    pub inner: Vec<Inner<'a>>,
    pub structures: Vec<Structure<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Outer<'a> {
    #[serde(flatten)]
    pub place: Named<'a>,
    pub terrain: &'a str,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct Population {
    pub population: u32,
    pub wages: u32,
    pub taxes: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Offer<'a> {
    #[serde(flatten)]
    pub what: Quantity<'a>,
    pub price: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Resource<'a> {
    #[serde(flatten)]
    pub item: Quantity<'a>,
    /// The month's amount; `count` is what is left of it.
    pub full: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Title<'a> {
    #[serde(flatten)]
    pub title: Named<'a>,
    /// `minor`, `standard`, `major` or `special` (OV-REP-026).
    pub rank: &'static str,
    pub requires: SkillLevel<'a>,
    pub cost: u64,
    /// None: vacant.
    pub holder: Option<Holder<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Holder<'a> {
    #[serde(flatten)]
    pub unit: Named<'a>,
    pub faction: Option<Named<'a>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Walking,
    Riding,
    Climbing,
    Sailing,
    Flying,
}

/// A way out: days by the first mode that can take it; impassable has
/// neither days nor mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Direction<'a> {
    pub direction: String,
    pub to: Named<'a>,
    /// Where on the map the way leads.
    pub hex: Option<crate::world::Hex>,
    pub terrain: &'a str,
    /// A road runs this way (walking and riding take a third less time,
    /// already counted in `days`).
    pub road: bool,
    pub days: Option<u32>,
    pub mode: Option<Mode>,
}

/// A unit the faction sees in a location, in the text's order: a stack's
/// members follow their leader, one deeper.
#[derive(Clone, Debug, Serialize)]
pub struct Present<'a> {
    /// `*` own, `+` a recognised friend or ally, `-` anyone else.
    pub marker: char,
    #[serde(flatten)]
    pub unit: Named<'a>,
    /// Its faction, when recognised.
    pub faction: Option<Named<'a>>,
    pub figures: Quantity<'a>,
    pub structure: Option<Named<'a>>,
    /// On guard on the month's last day.
    pub on_guard: bool,
    /// A guard of another faction: that faction's stance toward the
    /// reader.
    pub guard_stance: Option<Stance>,
    pub titles: Vec<TitleSeat<'a>>,
    /// What the reader sees it carry.
    pub possessions: Vec<Quantity<'a>>,
    /// 1 at the top of a stack.
    pub depth: usize,
    /// Leads units listed after it.
    pub leading: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Inner<'a> {
    #[serde(flatten)]
    pub place: Named<'a>,
    pub terrain: &'a str,
    pub days: u32,
    pub teaching: Vec<SkillLevel<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Structure<'a> {
    #[serde(flatten)]
    pub structure: Named<'a>,
    pub kind: &'a str,
    pub complete: bool,
    pub teaching: Vec<SkillLevel<'a>>,
}

/// Items and skill levels new to the faction, each with its entry.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Knowledge<'a> {
    pub items: Vec<Entry<'a>>,
    pub skills: Vec<SkillEntry<'a>>,
    /// Races met (OV-REP-044); added in version 1 without a bump (additive).
    pub races: Vec<Entry<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Entry<'a> {
    #[serde(flatten)]
    pub item: Named<'a>,
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct SkillEntry<'a> {
    #[serde(flatten)]
    pub skill: SkillLevel<'a>,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArticleKind {
    Signed,
    Rumour,
}

#[derive(Clone, Debug, Serialize)]
pub struct Article<'a> {
    pub kind: ArticleKind,
    pub lines: Vec<Cow<'a, str>>,
    /// The signing faction; none for a rumour.
    pub author: Option<Named<'a>>,
}
