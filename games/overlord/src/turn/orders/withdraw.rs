//! WITHDRAW amount [item] (OV-UO-117): coins from the faction's treasury
//! to the unit, only in a city (`money::in_city`, decision
//! OV-ECON-016/OV-UO-117). As many as the treasury holds, up to the
//! amount: `0` takes nothing, a huge amount takes everything. Outside a
//! city the order waits.
//!
//! The treasury holds coins only (`Faction.funds`): `WITHDRAW n coin` is
//! the same as `WITHDRAW n`, and withdrawing any other item can never be
//! done, so the order is dropped (decision OV-UO-117).

use super::super::log::{Dropped, What};
use super::super::money;
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::drop_order;
use crate::orders::catalog::goods::Withdraw;
use crate::world::UnitId;

pub fn withdraw(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Withdraw) -> Outcome {
    if let Some(tag) = o.item
        && t.item(tag) != money::coin(t)
    {
        let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
            return Outcome::wait("the order is no longer in the list");
        };
        return drop_order(t, u, i, &order, Dropped::NotAllowed);
    }
    if !money::in_city(t, u) {
        return Outcome::wait("the unit is not in a city");
    }
    let taken = money::take_funds(t, u, u64::from(o.amount));
    money::add_cash(t, u, taken);
    t.private(u, What::Withdrew { amount: taken });
    Outcome::Done
}
