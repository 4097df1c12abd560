//! SETTING, for a unit (OV-UO-083..087) and for a whole faction
//! (OV-FO-010..019).
//!
//! Decision OV-FO-019: a faction SETTING changes the faction's value and
//! that of every unit of the faction that has not set the value itself; a
//! unit SETTING sets the unit's value and marks it as the unit's own, so
//! later faction SETTINGs leave it alone. New units take their faction's
//! values. TERSE is a faction setting only (a unit's TERSE is dropped).
//! `SETTINGS` is read as SETTING by the parser (OV-FO-018).

use crate::orders::words::SettingName;
use crate::world::unit::{Consume, Settings};

/// The bit a setting has in [`Unit::own_settings`](crate::world::Unit::own_settings).
pub fn bit(name: SettingName) -> u8 {
    match name {
        SettingName::Advertise => 1,
        SettingName::Announce => 1 << 1,
        SettingName::Consume => 1 << 2,
        SettingName::Silent => 1 << 3,
        SettingName::Share => 1 << 4,
        SettingName::Support => 1 << 5,
        SettingName::Terse => 1 << 6,
    }
}

/// Switch one setting; false for TERSE, which units do not have.
pub fn apply(s: &mut Settings, name: SettingName, on: bool) -> bool {
    match name {
        SettingName::Advertise => s.advertise = on,
        SettingName::Announce => s.announce = on,
        SettingName::Silent => s.silent = on,
        SettingName::Share => s.share = on,
        SettingName::Support => s.support = on,
        SettingName::Consume => s.consume = if on { Consume::Unit } else { Consume::Silver },
        SettingName::Terse => return false,
    }
    true
}
