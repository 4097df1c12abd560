//! Coins: what a unit carries, what its faction holds in the treasury, and
//! when the treasury may be drawn on (OV-ECON-014..016).
//!
//! Decisions (RULES-DECISIONS, "Money"):
//! - the treasury pays automatically for study and upkeep only
//!   (OV-ECON-015); everything else (BUY, RECRUIT, CLAIM) is paid from the
//!   unit's own coins, and WITHDRAW moves coins from the treasury first;
//! - the treasury can be reached only in a city, except for upkeep, which
//!   draws on it anywhere (OV-ECON-016); a unit is "in a city" when its
//!   location, or the location it stands inside, is a city or a village
//!   (terrain `city` or `vill`), which is what OV-UO-117 leaves open.

use super::state::Turn;
use crate::rules::ItemId;
use crate::world::UnitId;

/// Where a payment may take coins from once the unit's own are spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// The unit's own coins only (BUY, RECRUIT, CLAIM…).
    Never,
    /// Also the faction's treasury, when the unit is in a city (study).
    InCity,
    /// Also the treasury, wherever the unit is (upkeep).
    Anywhere,
}

/// How a payment was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Paid {
    pub from_unit: u64,
    pub from_funds: u64,
}

/// The coin item, if the rules have one.
pub fn coin(t: &Turn<'_>) -> Option<ItemId> {
    t.rules.item("coin")
}

/// Coins the unit carries.
pub fn cash(t: &Turn<'_>, u: UnitId) -> u64 {
    match (coin(t), t.world.units.get(u)) {
        (Some(c), Some(unit)) => unit.count(c),
        _ => 0,
    }
}

/// Give the unit coins.
pub fn add_cash(t: &mut Turn<'_>, u: UnitId, amount: u64) {
    if amount == 0 {
        return;
    }
    if let (Some(c), Some(unit)) = (coin(t), t.world.units.get_mut(u)) {
        unit.add_items(c, amount, 0);
    }
}

/// Take up to `amount` coins from the unit; returns how many were taken.
pub fn take_cash(t: &mut Turn<'_>, u: UnitId, amount: u64) -> u64 {
    match (coin(t), t.world.units.get_mut(u)) {
        (Some(c), Some(unit)) => unit.remove_items(c, amount),
        _ => 0,
    }
}

/// Is the unit in a city or village, where the treasury can be reached?
pub fn in_city(t: &Turn<'_>, u: UnitId) -> bool {
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    let city = |l: crate::world::LocationId| {
        t.world.locations.get(l).is_some_and(|loc| {
            let tag = t.rules.terrains.get(loc.terrain).map(|x| x.tag.as_str());
            matches!(tag, Some("city" | "vill"))
        })
    };
    city(unit.location)
}

/// Coins the unit could pay now under `draw`.
pub fn can_pay(t: &Turn<'_>, u: UnitId, draw: Draw) -> u64 {
    let own = cash(t, u);
    own.saturating_add(reachable_funds(t, u, draw))
}

fn reachable_funds(t: &Turn<'_>, u: UnitId, draw: Draw) -> u64 {
    let reach = match draw {
        Draw::Never => false,
        Draw::InCity => in_city(t, u),
        Draw::Anywhere => true,
    };
    if !reach {
        return 0;
    }
    t.world
        .units
        .get(u)
        .and_then(|x| t.world.factions.get(x.faction))
        .map_or(0, |f| f.funds)
}

/// Pay `amount`, all or nothing: the unit's own coins first, then the
/// treasury as `draw` allows. `None` (and nothing taken) when the unit
/// cannot pay it all.
pub fn pay(t: &mut Turn<'_>, u: UnitId, amount: u64, draw: Draw) -> Option<Paid> {
    if can_pay(t, u, draw) < amount {
        return None;
    }
    let from_unit = take_cash(t, u, amount);
    let from_funds = amount - from_unit;
    if from_funds > 0 {
        take_funds(t, u, from_funds);
    }
    Some(Paid {
        from_unit,
        from_funds,
    })
}

/// Pay `amount` from the treasury first, then the unit's coins (SUPPORT,
/// OV-ECON-020); all or nothing.
pub fn pay_funds_first(t: &mut Turn<'_>, u: UnitId, amount: u64) -> Option<Paid> {
    if can_pay(t, u, Draw::Anywhere) < amount {
        return None;
    }
    let from_funds = reachable_funds(t, u, Draw::Anywhere).min(amount);
    take_funds(t, u, from_funds);
    let from_unit = take_cash(t, u, amount - from_funds);
    Some(Paid {
        from_unit,
        from_funds,
    })
}

/// Take up to `amount` from the unit's faction's treasury; returns how
/// much was taken.
pub fn take_funds(t: &mut Turn<'_>, u: UnitId, amount: u64) -> u64 {
    let Some(f) = t.world.units.get(u).map(|x| x.faction) else {
        return 0;
    };
    let Some(faction) = t.world.factions.get_mut(f) else {
        return 0;
    };
    let taken = faction.funds.min(amount);
    faction.funds -= taken;
    taken
}
