//! Travel physics: what a stack weighs and can carry, which exit an order
//! names, which mode it travels by and how many days a crossing takes
//! (OV-MOVE-001..024, OV-STK-007, OV-MOVE-034). Pure functions of the
//! world and the rules; the turn engine starts and advances journeys with
//! them.
//!
//! - [`load`]: [`Load`], weights and capacities in thousandths of a unit;
//!   [`stack_load`] sums a stack; [`could_cover`] says which arrivals a
//!   guard can stop.
//! - [`time`]: [`find_exit`], [`crossing_days`] and [`plan`], which
//!   picks the mode and counts the days, or says why there is no trip
//!   ([`NoTrip`]); [`plan_by`] limits the choice to a vessel's modes.
//!
//! Every rules gap settled here is stated in the module that settles it and
//! in RULES-DECISIONS.md, "Movement".

pub mod areas;
pub mod time;

pub use crate::figures::load::{self, Load, could_cover, stack_load};
pub use time::{
    MAX_OVERLOADED_DAYS, NoTrip, Trip, crossing_days, cut_third, find_exit, is_inner_exit,
    is_water, map_direction, overloaded_days, plan, plan_by, weathered,
};
