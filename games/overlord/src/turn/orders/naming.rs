//! NAME, DESCRIBE, CHRISTEN and SETTING under a unit (OV-UO-059,
//! OV-UO-025, OV-UO-017/018, OV-UO-083..087).

use super::super::log::{Dropped, What};
use super::super::pending::Outcome;
use super::super::settings;
use super::super::state::Turn;
use crate::orders::catalog::settings::Setting;
use crate::orders::catalog::titles::Christen;
use crate::orders::catalog::units::{Describe, Name};
use crate::orders::words::OnOff;
use crate::world::UnitId;

pub fn name(t: &mut Turn<'_>, u: UnitId, o: &Name) -> Outcome {
    t.world.units[u].name = o.name.clone();
    t.private(u, What::UnitRenamed);
    Outcome::Done
}

/// CHRISTEN "name" (OV-UO-017, 018): the structure the unit owns (is
/// first inside, `vessels::captain`) takes the name; a unit in no
/// structure names its place instead when the place still carries its
/// type word as name ("plains", "castle") or none, and its faction owns the
/// land or nobody does (decision OV-UO-018: no stranger names your land).
/// Until then the order waits, saying why; done once, it leaves the list.
pub fn christen(t: &mut Turn<'_>, u: UnitId, o: &Christen) -> Outcome {
    let Some(unit) = t.world.units.get(u) else {
        return Outcome::wait("the unit is gone");
    };
    let (place, faction) = (unit.location, unit.faction);
    if let Some(s) = unit.structure {
        if super::super::vessels::captain(t, s) != Some(u) {
            return Outcome::wait("the unit is not the structure's owner (the first unit inside)");
        }
        if let Some(st) = t.world.structures.get_mut(s) {
            st.name = o.name.clone();
        }
        let present = t.present_factions(place);
        t.event(
            Some(u),
            What::StructureChristened { structure: s },
            &present,
        );
        return Outcome::Done;
    }
    let Some(loc) = t.world.locations.get(place) else {
        return Outcome::wait("the unit is nowhere");
    };
    let type_word = t
        .rules
        .terrains
        .get(loc.terrain)
        .map_or("", |x| x.name.as_str());
    let unnamed = loc.name.trim().is_empty() || loc.name.trim().eq_ignore_ascii_case(type_word);
    if !unnamed {
        return Outcome::wait(
            "the unit owns no structure here, and the place already has a name of its own",
        );
    }
    if loc.ownership.owner.is_some_and(|f| f != faction) {
        return Outcome::wait("the place belongs to another faction, which names it");
    }
    if let Some(l) = t.world.locations.get_mut(place) {
        l.name = o.name.clone();
    }
    let present = t.present_factions(place);
    t.event(Some(u), What::PlaceChristened { place }, &present);
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
