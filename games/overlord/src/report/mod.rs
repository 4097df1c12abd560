//! Reports: what each side is told, rendered from the engine's typed
//! events and state (DESIGN: nothing in the engine formats text).
//!
//! - [`faction`]: the opening of a faction's report (header, funds,
//!   control points, diplomacy).
//! - [`unit`]: a unit's section (who, where, title, figures, possessions,
//!   skills, battle settings, upkeep).
//! - [`battle`]: a battle's account, full or terse.
//! - [`event`]: the turn's events in words, and day labels.
//! - [`location`]: a location's section: climate, economy, titles,
//!   directions, events and the units the faction sees there.
//! - [`names`]: how a report names units, places, items and skills.
//! - [`knowledge`]: the items and skill levels a faction learnt of this
//!   turn, described (item and skill knowledge).
//! - [`template`]: the order template that ends a faction's report.
//! - [`model`]: what a faction's report tells, as data (serde), the one
//!   source of both the text and the JSON report.
//! - [`reports`]: what all the reports of a turn share, prepared once, and
//!   each faction's [`model::Report`] built from it.
//! - [`seen`]: the turn's events indexed, who sees whom, the places a
//!   report covers.
//! - [`structure`]: a faction's buildings and vessels.
//! - [`text`]: the whole text report of a faction, laid out from its model.

pub mod battle;
pub mod event;
pub mod faction;
pub mod knowledge;
pub mod location;
pub mod model;
pub mod names;
pub mod reports;
pub mod seen;
pub mod structure;
pub mod template;
pub mod text;
pub mod unit;
