//! The day's asks of the land: harvests, taxing and entertaining placed
//! by USE during the day and settled together after the full-day pass
//! (OV-WLD-040, OV-ECON-029/030).

use super::super::log::Purse;
use crate::rules::{ItemId, SkillId};
use crate::world::{LocationId, UnitId};

/// One unit's harvest for the day, settled after the full-day pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub unit: UnitId,
    pub skill: SkillId,
    pub place: LocationId,
    pub item: ItemId,
    /// Items asked of the land.
    pub want: u64,
    /// Items the production building gives besides.
    pub bonus: u64,
    /// The order has a count to bring down.
    pub counted: bool,
}

/// One unit's ask for the day, settled after the full-day pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Earning {
    pub unit: UnitId,
    pub skill: SkillId,
    pub place: LocationId,
    pub purse: Purse,
    pub want: u64,
    pub counted: bool,
}
