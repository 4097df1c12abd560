//! WITHDRAW amount [item] (OV-UO-117): coins from the faction's treasury
//! to the unit, only in a city (`money::in_city`, decision
//! OV-ECON-016/OV-UO-117). As many as the treasury holds, up to the
//! amount: `0` takes nothing, a huge amount takes everything. Outside a
//! city the order waits.
//!
//! `WITHDRAW n coin` is the same as `WITHDRAW n`. `WITHDRAW 10 food` takes
//! items the faction funds hold beside the coins (`Faction.stock`,
//! OV-FAC-002): up to the amount, in a city like coins; the unit is told
//! how many came, and when the funds held fewer or none (decision
//! OV-UO-117).

use super::super::log::{Dropped, What};
use super::super::money;
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::drop_order;
use crate::orders::catalog::goods::Withdraw;
use crate::world::UnitId;

pub fn withdraw(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Withdraw) -> Outcome {
    let item = match o.item {
        None => None,
        Some(tag) => match t.item(tag) {
            Some(item) if Some(item) == money::coin(t) => None,
            Some(item) => Some(item),
            // The checker refuses unknown items; a world read with other
            // rules could still bring one.
            None => {
                let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
                    return Outcome::wait("the order is no longer in the list");
                };
                return drop_order(t, u, i, &order, Dropped::NotAllowed);
            }
        },
    };
    if !money::in_city(t, u) {
        return Outcome::wait("the unit is not in a city");
    }
    if let Some(item) = item {
        let asked = u64::from(o.amount);
        let Some(f) = t.world.units.get(u).map(|x| x.faction) else {
            return Outcome::wait("the unit is gone");
        };
        let count = t
            .world
            .factions
            .get_mut(f)
            .map_or(0, |f| f.take_stock(item, asked));
        if let Some(unit) = t.world.units.get_mut(u) {
            unit.add_items(item, count, 0);
        }
        t.private(u, What::WithdrewItems { item, count, asked });
        return Outcome::Done;
    }
    let taken = money::take_funds(t, u, u64::from(o.amount));
    money::add_cash(t, u, taken);
    t.private(u, What::Withdrew { amount: taken });
    Outcome::Done
}
