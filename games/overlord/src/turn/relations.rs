//! How factions treat each other and each other's units: stances
//! (OV-FAC-012..029) turned into answers the turn engine needs — may this
//! unit give to us, harvest, tax, enter our land; do we fight beside it or
//! attack it on sight.
//!
//! Pure functions of the world. Whether the acting faction recognises the
//! unit's faction is passed in (`recognized`, from
//! [`visibility`](super::visibility)); the land's own policy (OV-LAND) and
//! the units' battle settings are left to their callers.
//!
//! Decisions (see `RULES-DECISIONS.md`, "Visibility and stances"):
//!
//! - A faction regards its own units as Ally.
//! - A unit of unknown faction is treated by the default stance
//!   (OV-FAC-026), except that it "quietly identifies itself" when the
//!   explicit stance toward its faction is better than the default and its
//!   faction holds yours at Friendly or better (OV-FAC-029). Such a unit
//!   counts as identified for every purpose, taxes and battle included;
//!   OV-FAC-028's "never tax, never join its battle" applies to units that
//!   are neither recognised nor identified.
//! - Privileges lapse with hostility (OV-FAC-018/021): [`effective`] caps a
//!   Friendly or Ally stance at Neutral while the other faction holds yours
//!   at Hostile or Enemy. Hostile and Enemy stances are never raised.
//! - Gifts follow the declared stance toward the giver's real faction
//!   (OV-FAC-020/027), without the lapse: a gift harms nobody.
//! - Clearing a stance (OV-FAC-015) is `STANCE fid DEFAULT`: the explicit
//!   entry is removed ([`clear_stance`]).
//! - Stances are private (OV-FAC-016): there is no order to ask for the
//!   stances others hold toward you; guards show theirs ([`stance_shown`]).

use crate::world::{Faction, FactionId, JourneyKind, Stance, UnitId, World};

use super::visibility::Exposure;

/// `a`'s declared stance toward `b` (Ally toward itself; Neutral when `a`
/// does not exist).
pub fn declared(world: &World, a: FactionId, b: FactionId) -> Stance {
    if a == b {
        return Stance::Ally;
    }
    world
        .factions
        .get(a)
        .map_or(Stance::Neutral, |f| f.stance_toward(b))
}

/// The stance `a` acts on toward `b`: its declared stance, but a Friendly or
/// Ally stance confers nothing beyond Neutral while `b` holds `a` at
/// Hostile or Enemy (OV-FAC-018, OV-FAC-021).
pub fn effective(world: &World, a: FactionId, b: FactionId) -> Stance {
    let mine = declared(world, a, b);
    if mine > Stance::Neutral && declared(world, b, a) <= Stance::Hostile {
        Stance::Neutral
    } else {
        mine
    }
}

/// OV-FAC-015: forget the explicit stance toward `other`; the default
/// applies again. Returns whether there was one.
pub fn clear_stance(faction: &mut Faction, other: FactionId) -> bool {
    match faction.stances.binary_search_by_key(&other, |(f, _)| *f) {
        Ok(i) => {
            faction.stances.remove(i);
            true
        }
        Err(_) => false,
    }
}

/// The faction `of` knows `unit` to belong to, if any: recognised, its own,
/// or quietly identified (OV-FAC-029).
fn identified(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> Option<FactionId> {
    let u = world.units.get(unit)?;
    if recognized || u.faction == of {
        return Some(u.faction);
    }
    let f = world.factions.get(of)?;
    let explicit = f.stance_toward(u.faction);
    (explicit > f.default_stance && declared(world, u.faction, of) >= Stance::Friendly)
        .then_some(u.faction)
}

/// How `of` treats `unit` (OV-FAC-026, OV-FAC-029): its declared stance
/// toward the unit's faction when it recognises it (or the unit quietly
/// identifies itself), else its default stance.
pub fn stance_toward_unit(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> Stance {
    match identified(world, of, unit, recognized) {
        Some(f) => declared(world, of, f),
        None => world
            .factions
            .get(of)
            .map_or(Stance::Neutral, |f| f.default_stance),
    }
}

/// [`stance_toward_unit`] with the lapse of [`effective`] applied: how `of`
/// acts toward `unit` (the guards of OV-CMB-005 and OV-GRD-009).
pub fn acting_stance(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> Stance {
    match identified(world, of, unit, recognized) {
        Some(f) => effective(world, of, f),
        None => stance_toward_unit(world, of, unit, recognized),
    }
}

/// Does `of` accept a gift from `giver` (OV-FAC-020, OV-FAC-027)? Yes when
/// it holds the giver's real faction at Friendly or better, whether or not
/// it can see that faction.
pub fn accepts_gift(world: &World, of: FactionId, giver: UnitId) -> bool {
    world
        .units
        .get(giver)
        .is_some_and(|u| declared(world, of, u.faction) >= Stance::Friendly)
}

/// May `unit` harvest in land `of` owns, as far as stances go (OV-FAC-019,
/// OV-FAC-021, OV-FAC-022, OV-FAC-028)? Units of unknown faction may;
/// known ones need an effective Friendly or better.
pub fn allows_harvest(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> bool {
    match identified(world, of, unit, recognized) {
        None => world.units.get(unit).is_some(),
        Some(_) => acting_stance(world, of, unit, recognized) >= Stance::Friendly,
    }
}

/// Does `of` know `unit`'s faction and act toward it as Friendly or
/// better? What a guard asks of a unit taking the place's taxes
/// (OV-GRD-009): a unit of unknown faction never may (OV-FAC-028).
pub fn known_friend(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> bool {
    identified(world, of, unit, recognized).is_some()
        && acting_stance(world, of, unit, recognized) >= Stance::Friendly
}

/// May `unit` collect taxes in land `of` owns (OV-FAC-017, OV-FAC-019,
/// OV-FAC-028)? Only an identified unit `of` effectively holds as Ally.
pub fn allows_tax(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> bool {
    identified(world, of, unit, recognized).is_some()
        && acting_stance(world, of, unit, recognized) == Stance::Ally
}

/// Do `of`'s units join a battle on `unit`'s side (OV-FAC-017, OV-FAC-018,
/// OV-FAC-019, OV-FAC-028)? Only for an identified unit effectively held as
/// Ally.
pub fn joins_battle_for(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> bool {
    allows_tax(world, of, unit, recognized)
}

/// Do `of`'s units attack `unit` on sight (OV-FAC-025)? When `of` treats it
/// as Enemy; the attacking unit's own AVOID/DEFEND setting is the caller's
/// to check.
pub fn attacks_on_sight(world: &World, of: FactionId, unit: UnitId, recognized: bool) -> bool {
    world.units.get(unit).is_some_and(|u| u.faction != of)
        && stance_toward_unit(world, of, unit, recognized) == Stance::Enemy
}

/// What happens to a unit arriving in land the faction owns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    Allowed,
    /// Must turn back (OV-FAC-023).
    TurnedBack,
    /// Enters, and the guards fight it (OV-FAC-024).
    Battle,
}

/// How an owner treating an arriving unit as `stance` lets it in
/// (OV-FAC-023, OV-FAC-024, OV-GRD-010). Hostile or worse: a MOVE is
/// turned back, a MARCH enters and meets the guards in battle if the area
/// is guarded; a RETREAT (going back) always passes. A unit nobody of the
/// owner's sees (`seen == false`) cannot be stopped. Inner locations and
/// departures are the caller's to exempt.
pub fn entry(stance: Stance, kind: JourneyKind, seen: bool, guarded: bool) -> Entry {
    if !seen || stance > Stance::Hostile {
        return Entry::Allowed;
    }
    match kind {
        JourneyKind::Retreat => Entry::Allowed,
        JourneyKind::Move => Entry::TurnedBack,
        JourneyKind::March if guarded => Entry::Battle,
        JourneyKind::March => Entry::Allowed,
    }
}

/// The stance a unit shows `viewer` (OV-FAC-016, OV-REP-050): a guard of
/// another faction shows its faction's declared stance toward the viewer;
/// nothing else does.
pub fn stance_shown(
    world: &World,
    viewer: FactionId,
    unit: UnitId,
    exposure: Exposure,
) -> Option<Stance> {
    let u = world.units.get(unit)?;
    (exposure.guarding && u.faction != viewer).then(|| declared(world, u.faction, viewer))
}
