//! Upkeep at the month's end (OV-SCH-038, OV-ECON-017..024, OV-WLD-023,
//! OV-FO-013, OV-FO-016, OV-UO-087).
//!
//! Every figure present at the month's end costs its race's upkeep
//! (`races.toml`: leaders and heroes $20, followers $10, creatures their
//! own), whatever day it joined, and before creatures change sides
//! (OV-ECON-018: this step runs before the allegiance step). Equipped
//! items with an upkeep (a hunting hound) add theirs per item equipped.
//! Winter doubles it all (OV-WLD-023).
//!
//! A figure with a ration (the `food` item) equipped eats it instead of
//! 80% of its *normal* upkeep and pays the rest in coin: $2 a follower,
//! $4 a leader (OV-ECON-023/024). Decision OV-ECON-023: in winter the
//! ration still covers the same $8/$16 and the coin part grows to
//! $12/$24. Decision OV-FO-013: with CONSUME UNIT the unit also eats its
//! unequipped food, after the equipped; with CONSUME LEADER, then its
//! stack leader's unequipped food (same faction only). CONSUME SILVER
//! (the default) eats equipped rations only, as the rule says. Decision
//! OV-FO-015: a unit that CONSUMEs (UNIT or LEADER) and is still hungry
//! then eats the unequipped food of units of its own faction present
//! with it that have SHARE on, in arrival order; allies share nothing.
//!
//! The coins are taken, per location, in two rounds (OV-ECON-019): first
//! every unit pays from its own coins (with SUPPORT, OV-ECON-020 /
//! OV-UO-087, from the treasury first); then, in the location's arrival
//! order, what is still owed is taken from the coins other units of the
//! same faction present there have left after their own upkeep, in their
//! arrival order, then from the treasury, which upkeep reaches anywhere
//! (OV-ECON-016). A unit that is travelling pays from its own coins and
//! the treasury only, and lends nothing.
//!
//! Decisions OV-ECON-021/022: whatever coins can be found are spent; a
//! unit still short is unpaid and its dissent (`Unit::dissent`) counts
//! one more month; a month paid in full sets it back to 0, so "a second
//! time" means two months running. On the second such month the unit
//! deserts: its people join the local population, its goods are left on
//! the ground and it leaves the game ([`Turn::remove_unit`]). Units of non-player factions (the
//! Empire's guards, wild creatures) pay no upkeep.

use super::super::calendar;
use super::super::log::What;
use super::super::money;
use super::super::state::Turn;
use crate::rules::ItemId;
use crate::world::unit::Consume;
use crate::world::{FactionId, Player, UnitId};
use rustc_hash::FxHashMap;

/// The item eaten as a ration.
pub const RATION: &str = "food";
/// Share of a figure's normal upkeep a ration covers, in percent.
pub const RATION_PERCENT: u64 = 80;
/// Winter multiplies upkeep by this.
pub const WINTER_FACTOR: u64 = 2;

/// One unit's upkeep this month.
#[derive(Clone, Copy, Debug, Default)]
struct Bill {
    unit: Option<UnitId>,
    due: u64,
    rations: u64,
    from_unit: u64,
    from_others: u64,
    from_funds: u64,
}

impl Bill {
    fn owed(&self) -> u64 {
        self.due - self.from_unit - self.from_others - self.from_funds
    }
}

pub fn upkeep(t: &mut Turn<'_>) {
    let winter = calendar::is_winter(t.log.turn);
    for place in t.world.locations.ids() {
        if t.world.locations[place].units.is_empty() {
            continue;
        }
        let units = t.world.locations[place].units.clone();
        let mut bills: Vec<Bill> = Vec::new();
        // Round one: rations, then the unit's own coins (SUPPORT: the
        // treasury first).
        for &u in &units {
            let Some(mut bill) = eat(t, u, winter) else {
                continue;
            };
            if t.world.units[u].settings.support {
                let funds = money::take_funds(t, u, bill.due);
                bill.from_funds = funds;
            }
            bill.from_unit = money::take_cash(t, u, bill.owed());
            bills.push(bill);
        }
        // Round two: others' leftovers, then the treasury. Lenders are
        // drained in arrival order, so each faction keeps a cursor on its
        // first lender that may still have coins.
        let mut lenders: FxHashMap<FactionId, (Vec<UnitId>, usize)> = FxHashMap::default();
        for &d in &units {
            if !t.travelling(d) {
                let f = t.world.units[d].faction;
                lenders.entry(f).or_default().0.push(d);
            }
        }
        for bill in &mut bills {
            let Some(u) = bill.unit else {
                continue;
            };
            if bill.owed() > 0
                && !t.travelling(u)
                && let Some((list, cur)) = lenders.get_mut(&t.world.units[u].faction)
            {
                while bill.owed() > 0 && *cur < list.len() {
                    let d = list[*cur];
                    if d != u {
                        bill.from_others += money::take_cash(t, d, bill.owed());
                    }
                    // A unit still owing has no coins left to lend.
                    if d == u || money::cash(t, d) == 0 {
                        *cur += 1;
                    }
                }
            }
            if bill.owed() > 0 {
                bill.from_funds += match money::pay(t, u, bill.owed(), money::Draw::Anywhere) {
                    Some(p) => p.from_funds,
                    None => money::take_funds(t, u, bill.owed()),
                };
            }
        }
        for bill in bills {
            let Some(u) = bill.unit else {
                continue;
            };
            let short = bill.owed();
            t.private(
                u,
                What::UpkeepPaid {
                    due: bill.due,
                    rations: bill.rations,
                    from_unit: bill.from_unit,
                    from_others: bill.from_others,
                    from_funds: bill.from_funds,
                },
            );
            let unit = &mut t.world.units[u];
            if short == 0 {
                unit.dissent = 0;
            } else {
                unit.dissent = unit.dissent.saturating_add(1);
                let dissent = unit.dissent;
                t.private(u, What::Unpaid { short, dissent });
                if dissent >= DESERT_AFTER {
                    desert(t, u);
                }
            }
        }
    }
}

/// Unpaid months running after which a unit deserts (OV-ECON-022).
pub const DESERT_AFTER: u32 = 2;

/// The unit deserts (decision OV-ECON-022): leaders and followers join the
/// local people, creatures go back to the wild; what it carried is left on
/// the ground, and the unit leaves the game.
fn desert(t: &mut Turn<'_>, u: UnitId) {
    let unit = &t.world.units[u];
    let (figures, place) = (unit.figures, unit.location);
    let people = t.kind(u) != Some(crate::rules::races::RaceKind::Creature);
    t.private(u, What::Deserted { figures });
    if let Some(l) = t.world.locations.get_mut(place) {
        if people {
            l.population = l.population.saturating_add(figures);
        }
    }
    super::super::orders::goods::leave_all_on_ground(t, u);
    t.remove_unit(u);
}

/// The unit eats its rations and is left with a bill in coin; `None` for
/// units that pay no upkeep.
fn eat(t: &mut Turn<'_>, u: UnitId, winter: bool) -> Option<Bill> {
    let unit = t.world.units.get(u)?;
    let faction = t.world.factions.get(unit.faction)?;
    if faction.player == Player::Npc {
        return None;
    }
    let base = u64::from(t.rules.races.get(unit.race)?.upkeep);
    let factor = if winter { WINTER_FACTOR } else { 1 };
    let figures = u64::from(unit.figures);
    let gear: u64 = unit
        .items
        .iter()
        .filter_map(|h| {
            let per = t.rules.items.get(h.item)?.stats.upkeep;
            u64::try_from(per).ok().map(|p| p * h.equipped)
        })
        .sum();
    let mut bill = Bill {
        unit: Some(u),
        ..Bill::default()
    };
    let per_figure = base * factor;
    let covered = base * RATION_PERCENT / 100;
    if let Some(ration) = t.rules.item(RATION) {
        let consume = unit.settings.consume;
        let mut left = figures;
        left -= eat_from(t, u, ration, left, true);
        if consume != Consume::Silver {
            left -= eat_from(t, u, ration, left, false);
        }
        if consume == Consume::Leader {
            let top = t.top(u);
            if top != u && t.world.units[top].faction == t.world.units[u].faction {
                left -= eat_from(t, top, ration, left, false);
            }
        }
        if consume != Consume::Silver && left > 0 {
            left -= eat_shared(t, u, ration, left);
        }
        bill.rations = figures - left;
    }
    bill.due = figures * per_figure - bill.rations * covered + gear * factor;
    Some(bill)
}

/// Up to `want` rations eaten from the unequipped food of the units of
/// `u`'s faction present with it that SHARE, in arrival order
/// (OV-FO-015); returns how many.
fn eat_shared(t: &mut Turn<'_>, u: UnitId, ration: ItemId, want: u64) -> u64 {
    let unit = &t.world.units[u];
    let (faction, place) = (unit.faction, unit.location);
    if t.travelling(u) {
        return 0;
    }
    let sharers: Vec<UnitId> = t.world.locations[place]
        .units
        .iter()
        .copied()
        .filter(|&d| {
            d != u
                && t.world.units[d].faction == faction
                && t.world.units[d].settings.share
                && !t.travelling(d)
        })
        .collect();
    let mut eaten = 0;
    for d in sharers {
        if eaten == want {
            break;
        }
        eaten += eat_from(t, d, ration, want - eaten, false);
    }
    eaten
}

/// Up to `want` rations eaten from `from`'s equipped (or unequipped)
/// ones; returns how many.
fn eat_from(t: &mut Turn<'_>, from: UnitId, ration: ItemId, want: u64, equipped: bool) -> u64 {
    let Some(unit) = t.world.units.get_mut(from) else {
        return 0;
    };
    let Ok(i) = unit.items.binary_search_by_key(&ration, |h| h.item) else {
        return 0;
    };
    let h = &mut unit.items[i];
    let have = if equipped {
        h.equipped
    } else {
        h.count - h.equipped
    };
    let eaten = have.min(want);
    h.count -= eaten;
    if equipped {
        h.equipped -= eaten;
    }
    if h.count == 0 {
        unit.items.remove(i);
    }
    eaten
}
