//! An Overlord report's JSON (`docs/overlord-report-schema.md`) read
//! back, typed, for the report's page. The game writes it from
//! `umpire_overlord::report::model`, whose types borrow from the world
//! and are written only; this is their reading side, of what the page
//! shows. A field a stored report lacks (an older version of the schema)
//! reads as empty, as the page has always shown it.

use serde::Deserialize;

/// The schema's name, which every report states.
pub const SCHEMA: &str = umpire_overlord::report::model::SCHEMA;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Report {
    pub schema: String,
    pub header: Header,
    pub global_events: Vec<Line>,
    pub units: Vec<Unit>,
    pub lost_units: Vec<LostUnit>,
    pub battles: Vec<Battle>,
    pub structures: Vec<OwnedStructure>,
    pub locations: Vec<Location>,
    pub knowledge: Knowledge,
    pub newspaper: Vec<Article>,
    pub template: String,
}

/// Something with a name and, when known, an id.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Named {
    pub id: Option<String>,
    pub name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Quantity {
    pub count: i64,
    pub name: String,
    pub tag: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SkillLevel {
    pub id: Option<String>,
    pub name: String,
    pub level: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Header {
    pub turn: i64,
    pub faction: Option<Named>,
    pub next_turn: Option<String>,
    pub funds: Option<Quantity>,
    pub stock: Vec<Quantity>,
    pub control_points: Option<ControlPoints>,
    pub default_stance: String,
    pub stances: Vec<StanceToward>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ControlPoints {
    pub used: i64,
    pub limit: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct StanceToward {
    pub faction: Option<Named>,
    pub stance: String,
}

/// A line of the month: `day` 0 is before day 1, 31 the month's end.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Line {
    pub day: i64,
    pub last_day: i64,
    pub text: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub location: Option<Named>,
    pub titles: Vec<TitleSeat>,
    pub figures: Option<Quantity>,
    pub possessions: Vec<Possession>,
    pub weight: i64,
    pub stack_weight: bool,
    pub capacity: Option<Capacity>,
    pub skills: Vec<Skill>,
    pub may_learn: Vec<SkillLevel>,
    pub stats: Option<Ratings>,
    pub tactic: String,
    pub upkeep: i64,
    pub actions: Vec<Line>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TitleSeat {
    pub title: Option<Named>,
    pub seat: Option<Named>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Possession {
    #[serde(flatten)]
    pub item: Quantity,
    pub equipped: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Capacity {
    pub walking: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Skill {
    #[serde(flatten)]
    pub skill: SkillLevel,
    pub days: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Ratings {
    pub initiative: i64,
    pub melee: i64,
    pub missile: i64,
    pub defense: i64,
    pub damage: i64,
    pub ranged_damage: i64,
    pub life: i64,
    pub hits: i64,
    pub stealth: i64,
    pub observation: i64,
    pub mana: i64,
    pub control_points: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct LostUnit {
    pub id: String,
    pub name: String,
    pub now_with: Option<Named>,
    pub actions: Vec<Line>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Battle {
    pub place: Option<Named>,
    pub day: i64,
    pub side: String,
    pub account: String,
}

#[derive(Debug, Deserialize)]
#[serde(default)]
pub struct OwnedStructure {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub location: Option<Named>,
    pub complete: bool,
}

impl Default for OwnedStructure {
    /// A structure not said to be under construction is complete.
    fn default() -> Self {
        OwnedStructure {
            id: String::new(),
            name: String::new(),
            kind: String::new(),
            location: None,
            complete: true,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Location {
    pub id: String,
    pub name: String,
    pub terrain: String,
    pub outer: Option<Named>,
    pub season: String,
    pub next_season: String,
    pub forecast: Option<String>,
    pub population: Option<Population>,
    pub for_hire: Vec<Offer>,
    pub for_sale: Vec<Offer>,
    pub buying: Vec<Offer>,
    pub resources: Vec<Resource>,
    pub titles: Vec<Title>,
    pub directions: Vec<Direction>,
    pub outer_directions: Option<Vec<Direction>>,
    pub events: Vec<Line>,
    pub units: Vec<Present>,
    pub inner: Vec<Inner>,
    pub structures: Vec<Structure>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Population {
    pub population: i64,
    pub wages: i64,
    pub taxes: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Offer {
    #[serde(flatten)]
    pub what: Quantity,
    pub price: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Resource {
    #[serde(flatten)]
    pub item: Quantity,
    pub full: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Title {
    pub id: String,
    pub name: String,
    pub rank: String,
    pub requires: Option<SkillLevel>,
    pub cost: i64,
    pub holder: Option<Named>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Direction {
    pub direction: String,
    pub to: Option<Named>,
    pub terrain: String,
    pub road: bool,
    pub days: Option<i64>,
    pub mode: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Present {
    pub marker: String,
    pub id: String,
    pub name: String,
    pub faction: Option<Named>,
    pub figures: Option<Quantity>,
    pub on_guard: bool,
    pub titles: Vec<TitleSeat>,
    pub possessions: Vec<Quantity>,
    pub depth: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Inner {
    pub id: Option<String>,
    pub name: String,
    pub terrain: String,
    pub days: i64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Structure {
    pub id: String,
    pub name: String,
    pub kind: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Knowledge {
    pub items: Vec<Entry>,
    pub skills: Vec<Entry>,
    pub races: Vec<Entry>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Entry {
    pub text: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Article {
    pub lines: Vec<String>,
    pub author: Option<Named>,
}

/// A report's JSON read, when it is an Overlord report.
pub fn read(json: &str) -> Option<Report> {
    serde_json::from_str::<Report>(json)
        .ok()
        .filter(|r| r.schema == SCHEMA)
}
