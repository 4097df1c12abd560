//! NAME, DESCRIBE and SETTING under a unit (OV-UO-059, OV-UO-025,
//! OV-UO-083..087).

use super::super::log::{Dropped, What};
use super::super::pending::Outcome;
use super::super::settings;
use super::super::state::Turn;
use crate::orders::catalog::settings::Setting;
use crate::orders::catalog::units::{Describe, Name};
use crate::orders::words::OnOff;
use crate::world::UnitId;

pub fn name(t: &mut Turn<'_>, u: UnitId, o: &Name) -> Outcome {
    t.world.units[u].name = o.name.clone();
    t.private(u, What::UnitRenamed);
    Outcome::Done
}

/// With no text the description is erased.
pub fn describe(t: &mut Turn<'_>, u: UnitId, o: &Describe) -> Outcome {
    t.world.units[u].description = o.text.clone().unwrap_or_default();
    t.private(u, What::UnitDescribed);
    Outcome::Done
}

/// A unit's switches. `SETTING x` with no value switches it on (the
/// original engine's form). CONSUME ON eats the unit's own food first,
/// OFF pays in coins. TERSE is a faction setting and cannot be given to a
/// unit.
pub fn setting(t: &mut Turn<'_>, u: UnitId, i: usize, o: &Setting) -> Outcome {
    let on = !matches!(o.value, Some(OnOff::Off));
    let unit = &mut t.world.units[u];
    if !settings::apply(&mut unit.settings, o.name, on) {
        let Some(order) = t.live(u).list.get(i).map(|p| p.order.clone()) else {
            return Outcome::wait("the order is no longer in the list");
        };
        return super::drop_order(t, u, i, &order, Dropped::NotAllowed);
    }
    unit.own_settings |= settings::bit(o.name);
    t.private(
        u,
        What::SettingChanged {
            setting: o.name.as_str().to_ascii_lowercase(),
            on,
        },
    );
    Outcome::Done
}
