//! Who owns the land, who occupies it, and the taxes (OV-LAND-001..010,
//! OV-TTL-011, OV-TTL-014..017): checked at the end of every day by the
//! economy's [`Hooks::taxes`](super::hooks::Hooks::taxes) step.
//!
//! Decisions (RULES-DECISIONS, "titles"):
//! - OV-TTL-011: a title's area is every location within its `range` of
//!   walking days from its seat, by the shortest walk. Days are the
//!   travel rules' walking days through each exit (terrain, roads); the
//!   weather and the season do not count, so the land owned does not
//!   change with the month. Going into or out of an inner location costs
//!   nothing, so a Sheriff (range 1) rules his village with the hex it
//!   lies in and whatever lies inside it (OV-TTL-014). The ranges are the
//!   data's, the reference game's figures (Mayor 10, Lord 15, Baron 20,
//!   Marquis 25, Overlord 50 days).
//! - OV-TTL-014..017: a holder loses a land title at the end of a day he
//!   ends (not travelling, or travelling: where he is listed) outside its
//!   area; a Baron keeps his until he is more than half as far again as
//!   his range (the rules' 45 days of a 30-day range). Titles without a
//!   range give no land; the Head of Guild is lost when its holder leaves
//!   the guild's location (OV-TTL-022), the other masters are not lost by
//!   travelling (the rules say nothing of it).
//! - OV-LAND-001: where several areas cover a location, the nearest seat
//!   owns it (a Sheriff keeps his village inside a Baron's land); a tie
//!   goes to the title giving more control points, then to the lower
//!   location id. Vacant titles own nothing.
//! - OV-LAND-007/008: a faction occupies a populated location when its
//!   units there (not travelling) whose every figure can deal damage (an
//!   equipped weapon each, or martial arts) number at least one figure per
//!   50 inhabitants, never fewer than 20 nor more than 50 needed. The
//!   legal owner and the factions it holds Ally do not occupy its land;
//!   among several forces the largest occupies (ties: the lower faction).
//! - OV-LAND-002/010: the location's taxes (`Location::taxes`, the money
//!   stored there for the month) go to the legal owner's faction funds day
//!   by day, as the rules' report shows ("Day 1 166 taxes from Windfort
//!   … collected", "Day 30 166 taxes …"): each day's share is the money
//!   left for the month's remaining days divided by them, and goes to
//!   whoever owns the land that day. On a day nobody owns it, or it is
//!   occupied, that day's share is not collected: it stays stored (for a
//!   pillager, OV-LAND-009) but no owner collects it later, so a title
//!   claimed on day 24 collects 7 days' shares, not the month's taxes.

use rustc_hash::FxHashMap;
use umpire_core::ids::TypedId;

use super::log::What;
use super::relations;
use super::state::Turn;
pub use super::travel::areas::{Areas, walking_days};
use crate::rules::{EquipSlot, Rules, SkillId};
use crate::world::{FactionId, LocationId, Player, Stance, UnitId, World};

/// Give the title at `place` (index `i`) to `holder` (or make it vacant),
/// with the Overlord's stances, and work out the land's owners again.
pub fn set_holder(t: &mut Turn<'_>, place: LocationId, i: usize, holder: Option<UnitId>) {
    let Some(seat) = t.world.locations[place].titles.get_mut(i) else {
        return;
    };
    let old = std::mem::replace(&mut seat.holder, holder);
    let title = seat.title;
    if let Some(o) = old
        && let Some(list) = t.held.get_mut(&o)
        && let Some(k) = list.iter().position(|&x| x == title)
    {
        list.swap_remove(k);
    }
    if let Some(h) = holder {
        t.held.entry(h).or_default().push(title);
    }
    let faction =
        |t: &Turn<'_>, u: Option<UnitId>| u.and_then(|u| t.world.units.get(u)).map(|x| x.faction);
    let (from, to) = (faction(t, old), faction(t, holder));
    if t.rules.titles.get(title).is_some_and(|x| x.supreme) && from != to {
        overlord_stances(t, from, to);
    }
    recompute(t);
}

/// OV-TTL-021 (the Titles chapter's Overlord): the Imperials and the
/// Citizens ally with the faction that gains the Overlord title and turn
/// Enemy to the one that loses it.
fn overlord_stances(t: &mut Turn<'_>, from: Option<FactionId>, to: Option<FactionId>) {
    let npcs: Vec<FactionId> = t
        .world
        .factions
        .iter()
        .filter(|(_, f)| f.npc_role().is_some_and(|r| r.serves_the_overlord()))
        .map(|(id, _)| id)
        .collect();
    for npc in npcs {
        for (toward, stance) in [(from, Stance::Enemy), (to, Stance::Ally)] {
            // Only player factions: the Citizens do not turn on the
            // Imperials when the Emperor falls.
            let Some(f) = toward.filter(|&f| {
                f != npc
                    && t.world
                        .factions
                        .get(f)
                        .is_some_and(|x| x.player != Player::Npc)
            }) else {
                continue;
            };
            t.world.factions[npc].set_stance(f, stance);
            t.faction_event(
                f,
                What::StanceSet {
                    faction: npc,
                    toward: Some(f),
                    stance,
                },
            );
        }
    }
}

/// How far from its seat a holder may be and keep the title: the range,
/// a Baron's half as far again (OV-TTL-017). `None`: not a land title.
pub fn keep_range(rules: &Rules, title: crate::rules::TitleId) -> Option<u32> {
    let x = rules.titles.get(title)?;
    let range = x.range?;
    Some(if x.tag == "baro" {
        range + range / 2
    } else {
        range
    })
}

/// The Head of Guild is lost when the holder leaves the guild's location
/// (OV-TTL-022); the structure itself stands there, so being anywhere at
/// the location or inside it counts as in the guild.
fn stays_in_guild(rules: &Rules, title: crate::rules::TitleId) -> bool {
    rules.titles.get(title).is_some_and(|x| x.tag == "hgld")
}

/// The end of the day: holders out of range lose their titles, the legal
/// owners are worked out again, occupation is checked and the day's taxes
/// are paid.
pub fn daily(t: &mut Turn<'_>) {
    lose_out_of_range(t);
    recompute(t);
    occupy(t);
    collect_taxes(t);
}

/// Every title seated in the world: (seat, index in its list).
fn seats(world: &World) -> Vec<(LocationId, usize)> {
    let mut out = Vec::new();
    for (id, l) in world.locations.iter() {
        for i in 0..l.titles.len() {
            out.push((id, i));
        }
    }
    out
}

/// OV-TTL-014..017: a holder outside the area he must stay in loses the
/// title; a holder that no longer exists too.
pub fn lose_out_of_range(t: &mut Turn<'_>) {
    for (place, i) in seats(t.world) {
        let seat = t.world.locations[place].titles[i];
        let Some(h) = seat.holder else {
            continue;
        };
        let Some(at) = t.world.units.get(h).map(|x| x.location) else {
            set_holder(t, place, i, None);
            continue;
        };
        let within = match keep_range(t.rules, seat.title) {
            Some(keep) => t
                .land
                .around(t.world, t.rules, place, keep)
                .contains_key(&at),
            None if stays_in_guild(t.rules, seat.title) => {
                at == place || t.world.locations.get(at).and_then(|l| l.outer) == Some(place)
            }
            None => true,
        };
        if !within {
            t.private(
                h,
                What::TitleLost {
                    title: seat.title,
                    seat: place,
                },
            );
            set_holder(t, place, i, None);
        }
    }
}

/// OV-LAND-001: each location's legal owner from the titles held. The
/// owners are a function of the claims alone (each land title's seat and
/// its holder's faction: the areas are fixed for the turn), so when the
/// claims are those the owners were last worked out from, nothing is
/// worked out again.
pub fn recompute(t: &mut Turn<'_>) {
    let claims = claims(t);
    if t.owners_from.as_ref() == Some(&claims) {
        return;
    }
    // (days, -control, seat) of the best claim so far, and its owner.
    let mut best: FxHashMap<LocationId, ((u32, i64, LocationId), FactionId)> = FxHashMap::default();
    for c in &claims {
        let control = t.rules.titles.get(c.title).map_or(0, |x| x.control);
        let area = t.land.around(t.world, t.rules, c.seat, c.range);
        for (&l, &d) in area {
            let key = (d, -i64::from(control), c.seat);
            if best.get(&l).is_none_or(|(k, _)| key < *k) {
                best.insert(l, (key, c.faction));
            }
        }
    }
    for id in t.world.locations.ids() {
        let (owner, seat) = match best.get(&id) {
            Some(((_, _, s), f)) => (Some(*f), Some(*s)),
            None => (None, None),
        };
        let l = &mut t.world.locations[id];
        l.ownership.owner = owner;
        l.ownership.seat = seat;
    }
    t.owners_from = Some(claims);
}

/// A held land title, as the land's owners are worked out from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    seat: LocationId,
    title: crate::rules::TitleId,
    range: u32,
    faction: FactionId,
}

/// Every held title with a range, in the world's order of seats.
fn claims(t: &Turn<'_>) -> Vec<Claim> {
    let mut out = Vec::new();
    for (seat, l) in t.world.locations.iter() {
        for s in &l.titles {
            let (Some(h), Some(range)) =
                (s.holder, t.rules.titles.get(s.title).and_then(|x| x.range))
            else {
                continue;
            };
            let Some(faction) = t.world.units.get(h).map(|x| x.faction) else {
                continue;
            };
            out.push(Claim {
                seat,
                title: s.title,
                range,
                faction,
            });
        }
    }
    out
}

/// Figures needed to occupy (and to pillage, decision OV-UO-061) a place
/// of this population (OV-LAND-008).
pub fn significant(population: u32) -> u32 {
    population.div_ceil(50).clamp(20, 50)
}

/// Can every figure of the unit deal damage: an equipped weapon each, or
/// martial arts (OV-LAND-008)?
pub fn deals_damage(t: &Turn<'_>, u: UnitId) -> bool {
    deals_damage_knowing(t, u, t.rules.skill("mart"))
}

/// [`deals_damage`], with martial arts looked up once by the caller.
fn deals_damage_knowing(t: &Turn<'_>, u: UnitId, martial_arts: Option<SkillId>) -> bool {
    let Some(unit) = t.world.units.get(u) else {
        return false;
    };
    if unit.figures == 0 {
        return false;
    }
    if martial_arts.is_some_and(|m| t.level(u, m) >= 1) {
        return true;
    }
    let armed: u64 = unit
        .items
        .iter()
        .filter(|h| {
            t.rules
                .items
                .get(h.item)
                .and_then(|i| i.equip.as_ref())
                .is_some_and(|e| e.slot == EquipSlot::Weapon)
        })
        .map(|h| h.equipped)
        .sum();
    armed >= u64::from(unit.figures)
}

/// OV-LAND-007/008: the occupier of every populated location.
pub fn occupy(t: &mut Turn<'_>) {
    let martial_arts = t.rules.skill("mart");
    // Each faction's armed figures in the place, the list kept between
    // places.
    let mut force: Vec<(FactionId, u32)> = Vec::new();
    for place in t.world.locations.ids() {
        let loc = &t.world.locations[place];
        if loc.population == 0 {
            if loc.ownership.occupier.is_some() {
                t.world.locations[place].ownership.occupier = None;
            }
            continue;
        }
        let need = significant(loc.population);
        let owner = loc.ownership.owner;
        force.clear();
        for &u in &loc.units {
            if t.travelling(u) || !deals_damage_knowing(t, u, martial_arts) {
                continue;
            }
            let unit = &t.world.units[u];
            match force.iter_mut().find(|(f, _)| *f == unit.faction) {
                Some((_, n)) => *n += unit.figures,
                None => force.push((unit.faction, unit.figures)),
            }
        }
        let exempt = |f: FactionId| {
            owner.is_some_and(|o| o == f || relations::effective(t.world, o, f) == Stance::Ally)
        };
        let occupier = force
            .iter()
            .filter(|(f, n)| *n >= need && !exempt(*f))
            .max_by_key(|(f, n)| (*n, std::cmp::Reverse(f.index())))
            .map(|(f, _)| *f);
        let was = t.world.locations[place].ownership.occupier;
        if was != occupier {
            t.world.locations[place].ownership.occupier = occupier;
            if let Some(f) = occupier {
                t.faction_event(f, What::Occupied { place });
            }
        }
    }
}

/// OV-LAND-002/010: the day's share of each location's stored taxes goes
/// to its owner's funds when the land is owned and not occupied; on any
/// other day the share is set aside ([`Turn::untaxed_days`]): it stays
/// stored, for a pillager, but no later owner collects it, so a title
/// held for part of the month collects that part's shares only. A day's
/// share is what is left for the month's remaining days divided by them;
/// taxers (USE taxe) and pillagers draw on the stored money, set-aside
/// shares included.
pub fn collect_taxes(t: &mut Turn<'_>) {
    let days_left = u64::from(31u8.saturating_sub(t.day).max(1));
    for place in t.world.locations.ids() {
        let loc = &t.world.locations[place];
        if loc.taxes == 0 {
            continue;
        }
        let set_aside = t.untaxed_days.get(&place).copied().unwrap_or(0);
        let set_aside = set_aside.min(loc.taxes);
        let amount = (loc.taxes - set_aside) / days_left;
        let (Some(owner), None) = (loc.ownership.owner, loc.ownership.occupier) else {
            t.untaxed_days.insert(place, set_aside + amount);
            continue;
        };
        if amount == 0 {
            continue;
        }
        t.world.locations[place].taxes -= amount;
        if let Some(f) = t.world.factions.get_mut(owner) {
            f.funds = f.funds.saturating_add(amount);
        }
        t.faction_event(owner, What::TaxesCollected { place, amount });
    }
}
