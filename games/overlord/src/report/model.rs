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

use std::fmt;

use serde::Serialize;

use crate::world::Stance;

/// The `schema` of every JSON report.
pub const SCHEMA: &str = "umpire-overlord-report";
/// The `version` of the JSON report this code writes.
pub const VERSION: u32 = 1;

/// A thing the report names: "Ulric" with id "U1". A thing the world or
/// the rules no longer hold has no id and a phrase for its name ("an
/// unknown unit"); a sound game has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Named {
    pub id: Option<String>,
    pub name: String,
}

impl Named {
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Named {
        Named {
            id: Some(id.into()),
            name: name.into(),
        }
    }

    /// A thing not found, named by `phrase`.
    pub fn unknown(phrase: &str) -> Named {
        Named {
            id: None,
            name: phrase.to_string(),
        }
    }
}

/// "Ulric [U1]"; an unknown thing by its phrase alone.
impl fmt::Display for Named {
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
pub struct Quantity {
    pub count: u64,
    pub name: String,
    pub tag: Option<String>,
}

impl fmt::Display for Quantity {
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
pub struct SkillLevel {
    /// The skill's tag; none for a skill the rules do not hold.
    pub id: Option<String>,
    pub name: String,
    pub level: u8,
}

/// The whole report of one faction, in the text's order.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Always [`SCHEMA`].
    pub schema: &'static str,
    /// [`VERSION`].
    pub version: u32,
    pub header: Header,
    pub global_events: Vec<Line>,
    pub units: Vec<Unit>,
    pub lost_units: Vec<LostUnit>,
    pub battles: Vec<Battle>,
    pub structures: Vec<OwnedStructure>,
    pub locations: Vec<Location>,
    pub knowledge: Knowledge,
    pub newspaper: Vec<Article>,
    /// The order template, as the text ends with it.
    pub template: String,
}

/// The opening: who, when, funds, control points, stances.
#[derive(Clone, Debug, Serialize)]
pub struct Header {
    pub game: String,
    /// The turn just run.
    pub turn: u32,
    pub faction: Named,
    pub email: Option<String>,
    /// The next turn's date; none: to be announced.
    pub next_turn: Option<String>,
    pub funds: Quantity,
    pub control_points: ControlPoints,
    pub default_stance: Stance,
    pub stances: Vec<StanceToward>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ControlPoints {
    pub used: u32,
    pub limit: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct StanceToward {
    pub faction: Named,
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
pub struct Unit {
    #[serde(flatten)]
    pub unit: Named,
    /// Where it is; none if the world lost the place.
    pub location: Option<Named>,
    pub titles: Vec<TitleSeat>,
    pub figures: Quantity,
    pub possessions: Vec<Possession>,
    /// The unit's weight, or its stack's when it leads one.
    pub weight: u64,
    pub stack_weight: bool,
    pub capacity: Capacity,
    pub skills: Vec<Skill>,
    pub may_learn: Vec<SkillLevel>,
    pub stats: Ratings,
    /// TACTIC in canonical form.
    pub tactic: String,
    /// The COMBAT list.
    pub combat: Vec<String>,
    /// Coins a month.
    pub upkeep: u64,
    pub actions: Vec<Line>,
}

/// A title held, at its seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TitleSeat {
    pub title: Named,
    pub seat: Named,
}

#[derive(Clone, Debug, Serialize)]
pub struct Possession {
    #[serde(flatten)]
    pub item: Quantity,
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
pub struct Skill {
    #[serde(flatten)]
    pub skill: SkillLevel,
    /// Whole days of experience.
    pub days: u32,
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
pub struct LostUnit {
    #[serde(flatten)]
    pub unit: Named,
    /// The faction it went over to; none: gone.
    pub now_with: Option<Named>,
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
pub struct Battle {
    pub place: Named,
    pub day: u8,
    /// The side the faction's units fought on.
    pub side: BattleSide,
    /// The account, full or terse as the faction's SETTING TERSE asks.
    pub account: String,
    /// Every unit's ratings, for the winners only.
    pub statistics: Option<Vec<UnitRatings>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct UnitRatings {
    #[serde(flatten)]
    pub unit: Named,
    pub stats: Ratings,
}

/// A building or vessel of the faction.
#[derive(Clone, Debug, Serialize)]
pub struct OwnedStructure {
    #[serde(flatten)]
    pub structure: Named,
    pub kind: String,
    pub location: Named,
    pub vessel: Option<Vessel>,
    pub complete: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Vessel {
    pub cargo: Vec<Quantity>,
    pub weight: u64,
    pub hull: Capacity,
}

/// A place the faction was at during the turn.
#[derive(Clone, Debug, Serialize)]
pub struct Location {
    #[serde(flatten)]
    pub place: Named,
    pub terrain: String,
    pub outer: Option<Outer>,
    /// This month's season and next month's, with its forecast weather.
    pub season: String,
    pub next_season: String,
    pub forecast: Option<String>,
    pub population: Option<Population>,
    pub for_hire: Vec<Offer>,
    pub for_sale: Vec<Offer>,
    pub buying: Vec<Offer>,
    /// With something for sale or bought: the market's days, empty for
    /// every day; none without.
    pub market_days: Option<Vec<u8>>,
    pub resources: Vec<Resource>,
    pub titles: Vec<Title>,
    pub directions: Vec<Direction>,
    /// The outer location's directions, for an inner location.
    pub outer_directions: Option<Vec<Direction>>,
    pub events: Vec<Line>,
    /// The units the faction sees here, only where one of its own is.
    pub units: Vec<Present>,
    pub inner: Vec<Inner>,
    pub structures: Vec<Structure>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Outer {
    #[serde(flatten)]
    pub place: Named,
    pub terrain: String,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct Population {
    pub population: u32,
    pub wages: u32,
    pub taxes: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Offer {
    #[serde(flatten)]
    pub what: Quantity,
    pub price: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Resource {
    #[serde(flatten)]
    pub item: Quantity,
    /// The month's amount; `count` is what is left of it.
    pub full: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Title {
    #[serde(flatten)]
    pub title: Named,
    pub requires: SkillLevel,
    pub cost: u64,
    /// None: vacant.
    pub holder: Option<Holder>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Holder {
    #[serde(flatten)]
    pub unit: Named,
    pub faction: Option<Named>,
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
pub struct Direction {
    pub direction: String,
    pub to: Named,
    pub terrain: String,
    pub days: Option<u32>,
    pub mode: Option<Mode>,
}

/// A unit the faction sees in a location, in the text's order: a stack's
/// members follow their leader, one deeper.
#[derive(Clone, Debug, Serialize)]
pub struct Present {
    /// `*` own, `+` a recognised friend or ally, `-` anyone else.
    pub marker: char,
    #[serde(flatten)]
    pub unit: Named,
    /// Its faction, when recognised.
    pub faction: Option<Named>,
    pub figures: Quantity,
    pub structure: Option<Named>,
    /// On guard on the month's last day.
    pub on_guard: bool,
    /// A guard of another faction: that faction's stance toward the
    /// reader.
    pub guard_stance: Option<Stance>,
    pub titles: Vec<TitleSeat>,
    /// What the reader sees it carry.
    pub possessions: Vec<Quantity>,
    /// 1 at the top of a stack.
    pub depth: usize,
    /// Leads units listed after it.
    pub leading: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Inner {
    #[serde(flatten)]
    pub place: Named,
    pub terrain: String,
    pub days: u32,
    pub teaching: Vec<SkillLevel>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Structure {
    #[serde(flatten)]
    pub structure: Named,
    pub kind: String,
    pub complete: bool,
    pub teaching: Vec<SkillLevel>,
}

/// Items and skill levels new to the faction, each with its entry.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Knowledge {
    pub items: Vec<Entry>,
    pub skills: Vec<SkillEntry>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    #[serde(flatten)]
    pub item: Named,
    pub text: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct SkillEntry {
    #[serde(flatten)]
    pub skill: SkillLevel,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArticleKind {
    Signed,
    Rumour,
}

#[derive(Clone, Debug, Serialize)]
pub struct Article {
    pub kind: ArticleKind,
    pub lines: Vec<String>,
    /// The signing faction; none for a rumour.
    pub author: Option<Named>,
}
