//! Who may do what on someone's land (OV-LAND-003, 004, 007, 010): the
//! default policy, the only one there is (OV-LAND-005).
//!
//! The land's controller is the occupier if there is one, else the legal
//! owner (decision OV-LAND-010: occupation suspends the legal owner's
//! taxes and the occupier's policy prevails). With no controller anything
//! goes. The controller's own units may do everything. Otherwise:
//! - trade (BUY, SELL), recruit and harvest need the controller to hold
//!   the unit Friendly or better — an unrecognised unit may, as
//!   [`relations::allows_harvest`] says (OV-FAC-028);
//! - entertaining needs the same as trade;
//! - taxing needs the controller to hold the unit Ally, as
//!   [`relations::allows_tax`] says (OV-FAC-017, OV-ECON-029);
//! - pillage needs the controller to hold the unit's faction Ally;
//! - entering needs Neutral or better;
//! - nobody may be stopped from working.

pub use super::log::Act;
use super::relations;
use super::state::Turn;
use crate::world::{FactionId, LocationId, Stance, UnitId};

/// The faction whose policy applies in `place`: the occupier, else the
/// legal owner. Inner locations follow their own ownership.
pub fn controller(t: &Turn<'_>, place: LocationId) -> Option<FactionId> {
    let o = &t.world.locations.get(place)?.ownership;
    o.occupier.or(o.owner)
}

/// Why the land's policy forbids `u` to do `act` where it stands, in the
/// player's words, naming the faction whose policy it is; `None` when it
/// is allowed ([`permits`]).
pub fn forbidden(t: &Turn<'_>, u: UnitId, act: Act) -> Option<String> {
    if permits(t, u, act) {
        return None;
    }
    let place = t.world.units.get(u)?.location;
    let o = &t.world.locations.get(place)?.ownership;
    // The legal owner is public (the location's description names it);
    // an occupier is not named, its units may be unknown to the unit.
    let name = match (o.occupier, o.owner) {
        (Some(_), _) => "the land's occupier".to_string(),
        (None, Some(f)) => t.world.factions.get(f).map_or_else(
            || "the land's owner".to_string(),
            // As the report names a faction: "Faction 1 [f01]".
            |f| {
                format!(
                    "{} [{}], which owns the land,",
                    f.name,
                    crate::orders::FactionRef::Player(f.number)
                )
            },
        ),
        (None, None) => return None,
    };
    let needs = match act {
        Act::Pillage => "only its allies may pillage",
        Act::Trade => "only its friends may trade",
        Act::Recruit => "only its friends may recruit",
        Act::Harvest => "only its friends may harvest",
        Act::Entertain => "only its friends may entertain",
        Act::Tax => "only its allies may tax",
        Act::Enter => "enemies may not enter",
        Act::Work => "anyone may work",
    };
    Some(format!("{name} does not allow it: {needs}"))
}

/// The faction a refusal by the land's policy may name: the legal owner,
/// when the land is not occupied (the location's description names its
/// owner; an occupier's units may be unknown to the unit).
pub fn named_ruler(t: &Turn<'_>, place: LocationId) -> Option<FactionId> {
    let o = &t.world.locations.get(place)?.ownership;
    if o.occupier.is_some() { None } else { o.owner }
}

/// May unit `u` do `act` where it stands?
pub fn permits(t: &Turn<'_>, u: UnitId, act: Act) -> bool {
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    if act == Act::Work {
        return true;
    }
    let Some(ruler) = controller(t, unit.location) else {
        return true;
    };
    if ruler == unit.faction {
        return true;
    }
    let rule = |recognized: bool| match act {
        Act::Trade | Act::Recruit | Act::Harvest | Act::Entertain => {
            relations::allows_harvest(t.world, ruler, u, recognized)
        }
        Act::Pillage => relations::effective(t.world, ruler, unit.faction) == Stance::Ally,
        Act::Tax => relations::allows_tax(t.world, ruler, u, recognized),
        Act::Enter => {
            relations::stance_toward_unit(t.world, ruler, u, recognized) >= Stance::Neutral
        }
        Act::Work => true,
    };
    // Whether the ruler recognises the unit matters only when the answer
    // differs; finding out costs a glance over the ruler's units there.
    let (known, unknown) = (rule(true), rule(false));
    if known == unknown {
        return known;
    }
    rule(t.glance(ruler, u).recognized)
}
