//! Titles (OV-TTL-001..010, 020, 021) and their orders: CLAIM
//! (OV-UO-019..021), BESTOW (OV-UO-007), YIELD (OV-UO-119) and CANCEL
//! (OV-UO-014, OV-TTL-018, 019); a holder slain in battle
//! ([`holder_killed`], for the combat rules).
//!
//! Decisions (RULES-DECISIONS, "titles"):
//! - OV-TTL-001: a unit holds one title at most; CLAIM and BESTOW to a
//!   unit that already holds one wait (skipped, kept) until it yields.
//! - OV-TTL-003/OV-UO-019: CLAIM runs when the unit is at the title's
//!   location (in it or in a structure there), has the skill at the
//!   level, and can pay the cost from its own coins (never the treasury,
//!   OV-ECON-015); otherwise it is skipped and kept. The cost is paid
//!   whatever the outcome.
//! - OV-TTL-005/006: the challenge compares experience in the title's
//!   skill: more than 110% of a present holder's, at least 90% of an
//!   absent one's (80% for the Head of Guild and the elemental masters,
//!   "20% less", OV-TTL-022/023). A holder is present when he is at the
//!   title's location and not away on a journey. A holder with no
//!   experience at all is beaten by any claimant with some.
//! - OV-TTL-007/008: half the cost (rounded down) goes to the holder's
//!   own coins; both factions are told the challenger's experience as a
//!   whole percentage of the holder's (rounded down).
//! - OV-TTL-021: while the Overlord title is held it cannot be claimed,
//!   bestowed or cancelled; only battle passes it on. When a player
//!   faction gains it, the Imperials and the Citizens (the non-player
//!   factions of those names) declare it Ally; when a player faction
//!   loses it they declare it Enemy. Non-player factions' stances are
//!   left alone.
//! - OV-UO-007: BESTOW hands the title to a leader of any faction, present
//!   (same location, not travelling) and holding no title; the skill is
//!   not needed and nothing is paid.
//! - OV-UO-119: YIELD's tag, when written, must be the title held;
//!   another tag drops the order.
//! - OV-TTL-018/019: a Baron may CANCEL a Sheriff, a Marquis a Lord: at
//!   that title's location, which must lie in the canceller's area, with
//!   more combat experience than its holder. A vacant title is already
//!   free: the order is done.

use umpire_core::ids::TypedId;

use super::super::land;
use super::super::log::{Dropped, What};
use super::super::money::{self, Draw};
use super::super::pending::Outcome;
use super::super::state::Turn;
use super::drop_order;
use crate::orders::Order;
use crate::orders::catalog::titles::{Bestow, Cancel, Claim, Yield};
use crate::rules::TitleId;
use crate::rules::races::RaceKind;
use crate::world::{LocationId, UnitId};

/// The seat (location, index in its titles) of the title `u` holds.
pub fn held_by(t: &Turn<'_>, u: UnitId) -> Option<(LocationId, usize)> {
    t.world.locations.iter().find_map(|(id, l)| {
        l.titles
            .iter()
            .position(|s| s.holder == Some(u))
            .map(|i| (id, i))
    })
}

/// The share of an absent holder's experience a challenger needs, in
/// percent (OV-TTL-006, 022, 023).
pub fn absent_percent(tag: &str) -> u64 {
    match tag {
        "hgld" | "amag" | "emag" | "fmag" | "vmag" | "wmag" => 80,
        _ => 90,
    }
}

/// The claimant's or canceller's place: the location written, else its
/// own (OV-UO-021).
fn at(t: &Turn<'_>, u: UnitId, loc: Option<crate::orders::LocationRef>) -> Option<LocationId> {
    let here = t.world.units.get(u)?.location;
    match loc {
        None => Some(here),
        Some(r) => t.location_ref(r),
    }
}

fn seat_of(t: &Turn<'_>, place: LocationId, title: TitleId) -> Option<usize> {
    t.world
        .locations
        .get(place)?
        .titles
        .iter()
        .position(|s| s.title == title)
}

/// Is the holder at the title's location and not away on a journey?
fn present(t: &Turn<'_>, holder: UnitId, place: LocationId) -> bool {
    t.world
        .units
        .get(holder)
        .is_some_and(|h| h.location == place)
        && !t.travelling(holder)
}

/// `CLAIM title [location] [FREE]` (OV-UO-019..021, OV-TTL-003..008).
pub fn claim(t: &mut Turn<'_>, u: UnitId, o: &Claim) -> Outcome {
    let (Some(place), Some(title)) = (at(t, u, o.location), t.rules.title(o.title.as_str())) else {
        return Outcome::wait("there is no such title or place");
    };
    if t.world.units[u].location != place {
        return Outcome::wait("the unit is not at the title's place");
    }
    let Some(i) = seat_of(t, place, title) else {
        return Outcome::wait("that place has no such title");
    };
    let Some(def) = t.rules.titles.get(title) else {
        return Outcome::wait("that title is not in the rules");
    };
    let (cost, supreme, tag) = (u64::from(def.cost), def.supreme, def.tag.clone());
    let (skill, level) = (def.requires.skill.id(), def.requires.level);
    let holder = t.world.locations[place].titles[i].holder;
    if holder == Some(u) || held_by(t, u).is_some() {
        return Outcome::wait("the unit already holds a title (one title a unit)");
    }
    if t.level(u, skill) < level {
        return Outcome::wait(format!(
            "the title needs level {level} in its skill; the unit has {}",
            t.level(u, skill)
        ));
    }
    // A holder who no longer exists leaves the title vacant.
    let holder = holder.filter(|h| t.world.units.get(*h).is_some());
    if holder.is_some() && (o.free || supreme) {
        return Outcome::wait(
            "the title is held: a held title is taken by a challenge, never FREE, and a supreme title never",
        );
    }
    if money::pay(t, u, cost, Draw::Never).is_none() {
        return Outcome::wait(format!(
            "not enough coins: the title costs {cost}, the unit has {}",
            money::cash(t, u)
        ));
    }
    let Some(h) = holder else {
        land::set_holder(t, place, i, Some(u));
        let seen = t.present_factions(place);
        t.event(Some(u), What::TitleClaimed { title, seat: place }, &seen);
        return Outcome::Done;
    };
    let mine = u64::from(t.world.units[u].experience(skill));
    let theirs = u64::from(t.world.units[h].experience(skill));
    // Against a holder with no experience: 100% for none, else "more
    // than anything" (the largest figure).
    let percent = (mine * 100).checked_div(theirs).unwrap_or(if mine == 0 {
        100
    } else {
        u64::from(u32::MAX)
    });
    let won = if theirs == 0 {
        mine > 0
    } else if present(t, h, place) {
        mine * 100 > theirs * 110
    } else {
        mine * 100 >= theirs * absent_percent(&tag)
    };
    money::add_cash(t, h, cost / 2);
    let holder_faction = t.world.units[h].faction;
    t.event(
        Some(u),
        What::Challenge {
            title,
            seat: place,
            challenger: u,
            holder: h,
            percent: u32::try_from(percent).unwrap_or(u32::MAX),
            won,
        },
        &[holder_faction],
    );
    if won {
        land::set_holder(t, place, i, Some(u));
    }
    Outcome::Done
}

/// `BESTOW unit` (OV-UO-007).
pub fn bestow(t: &mut Turn<'_>, u: UnitId, i: usize, order: &Order, o: &Bestow) -> Outcome {
    let Some((place, s)) = held_by(t, u) else {
        return Outcome::wait("the unit holds no title to bestow");
    };
    let title = t.world.locations[place].titles[s].title;
    if t.rules.titles.get(title).is_some_and(|x| x.supreme) {
        return drop_order(t, u, i, order, Dropped::NotAllowed);
    }
    let Some(to) = t.unit_ref(o.unit) else {
        return Outcome::wait("the unit to receive the title is not here");
    };
    let here = t.world.units[u].location;
    if t.world.units.get(to).is_none_or(|x| x.location != here) {
        return Outcome::wait("the unit to receive the title is not here");
    }
    if t.travelling(to) {
        return Outcome::wait("the unit to receive the title is travelling");
    }
    if t.kind(to) != Some(RaceKind::Leader) {
        return Outcome::wait("the unit to receive the title is not a leader");
    }
    if held_by(t, to).is_some() {
        return Outcome::wait("the unit to receive the title already holds one (one title a unit)");
    }
    land::set_holder(t, place, s, Some(to));
    let to_faction = t.world.units[to].faction;
    t.event(
        Some(u),
        What::TitleBestowed {
            title,
            seat: place,
            to,
        },
        &[to_faction],
    );
    Outcome::Done
}

/// `YIELD [title]` (OV-UO-119).
pub fn yield_title(t: &mut Turn<'_>, u: UnitId, i: usize, order: &Order, o: &Yield) -> Outcome {
    let Some((place, s)) = held_by(t, u) else {
        return Outcome::wait("the unit holds no title to yield");
    };
    let title = t.world.locations[place].titles[s].title;
    if let Some(tag) = o.title
        && t.rules.title(tag.as_str()) != Some(title)
    {
        return drop_order(t, u, i, order, Dropped::NotAllowed);
    }
    land::set_holder(t, place, s, None);
    t.private(u, What::TitleYielded { title, seat: place });
    Outcome::Done
}

/// Which title each title may cancel (OV-TTL-018, 019).
fn cancels(canceller: &str) -> Option<&'static str> {
    match canceller {
        "baro" => Some("shrf"),
        "marq" => Some("lord"),
        _ => None,
    }
}

/// `CANCEL title location` (OV-UO-014, OV-TTL-018, 019).
pub fn cancel(t: &mut Turn<'_>, u: UnitId, i: usize, order: &Order, o: &Cancel) -> Outcome {
    let (Some(place), Some(title)) = (t.location_ref(o.location), t.rules.title(o.title.as_str()))
    else {
        return Outcome::wait("there is no such title or place");
    };
    let Some((mine_at, s)) = held_by(t, u) else {
        return Outcome::wait("the unit holds no title");
    };
    let my_title = t.world.locations[mine_at].titles[s].title;
    let (Some(mine), Some(target)) = (t.rules.titles.get(my_title), t.rules.titles.get(title))
    else {
        return Outcome::wait("that title is not in the rules");
    };
    if cancels(&mine.tag) != Some(target.tag.as_str()) {
        return drop_order(t, u, i, order, Dropped::NotAllowed);
    }
    let range = mine.range.unwrap_or(0);
    if t.world.units[u].location != place {
        return Outcome::wait("the unit is not at that title's place");
    }
    if !t
        .land
        .around(t.world, t.rules, mine_at, range)
        .contains_key(&place)
    {
        return Outcome::wait("that place is beyond the range of the unit's own title");
    }
    let Some(j) = seat_of(t, place, title) else {
        return Outcome::wait("that place has no such title");
    };
    let Some(h) = t.world.locations[place].titles[j].holder else {
        return Outcome::Done;
    };
    let combat = t.rules.skill("cmbt");
    let xp = |x: UnitId| {
        combat.map_or(0, |c| {
            t.world.units.get(x).map_or(0, |unit| unit.experience(c))
        })
    };
    if xp(u) <= xp(h) {
        return Outcome::wait(
            "the holder has as much combat experience as the unit or more: the title cannot be cancelled",
        );
    }
    land::set_holder(t, place, j, None);
    let holder_faction = t.world.units.get(h).map(|x| x.faction);
    t.event(
        Some(u),
        What::TitleCancelled {
            title,
            seat: place,
            holder: h,
        },
        holder_faction.as_slice(),
    );
    Outcome::Done
}

/// A title holder slain in battle (OV-TTL-010, OV-TTL-021), for the
/// combat rules to call. `heirs` are the leaders who may inherit: those of
/// the winning side, or of the holder's own side when there is no loser.
///
/// An ordinary title is lost half the time; otherwise it goes at random
/// to an heir who holds no title and has the skill at the level, with
/// nothing paid (none: lost). The Overlord title goes to the heir with the
/// most combat experience, if he has 5th combat or better (ties: the
/// first listed); otherwise it becomes vacant.
pub fn holder_killed(t: &mut Turn<'_>, dead: UnitId, heirs: &[UnitId]) {
    let Some((place, s)) = held_by(t, dead) else {
        return;
    };
    let title = t.world.locations[place].titles[s].title;
    let Some(def) = t.rules.titles.get(title) else {
        return;
    };
    let (skill, level, supreme) = (def.requires.skill.id(), def.requires.level, def.supreme);
    let heir = if supreme {
        let mut best: Option<(UnitId, u32)> = None;
        for &h in heirs {
            if t.kind(h) != Some(RaceKind::Leader) || held_by(t, h).is_some() {
                continue;
            }
            let xp = t.world.units[h].experience(skill);
            if t.level(h, skill) >= level && best.is_none_or(|(_, b)| xp > b) {
                best = Some((h, xp));
            }
        }
        best.map(|(h, _)| h)
    } else {
        let mut dice = t.dice.derive_indexed("title-slain", dead.index() as u64);
        if dice.chance_percent(50) {
            None
        } else {
            let able: Vec<UnitId> = heirs
                .iter()
                .copied()
                .filter(|&h| {
                    h != dead
                        && t.kind(h) == Some(RaceKind::Leader)
                        && held_by(t, h).is_none()
                        && t.level(h, skill) >= level
                })
                .collect();
            let n = u32::try_from(able.len()).unwrap_or(u32::MAX);
            (n > 0).then(|| able[dice.below(n) as usize])
        }
    };
    land::set_holder(t, place, s, heir);
    match heir {
        Some(h) => {
            let seen = t.world.units.get(dead).map(|x| x.faction);
            t.event(
                Some(h),
                What::TitleInherited {
                    title,
                    seat: place,
                    from: dead,
                },
                seen.as_slice(),
            );
        }
        None => {
            if t.world.units.get(dead).is_some() {
                t.private(dead, What::TitleLost { title, seat: place });
            }
        }
    }
}
