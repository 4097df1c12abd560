//! The month: [`run_turn`] takes the world, the rules, the orders and a
//! seed, and moves the world one month on, returning what happened as typed
//! events. No IO, no clock, no global dice: the same inputs give the same
//! bytes out.
//!
//! The whole month is the table [`MONTH`], run in order by
//! [`run_turn_with`]; one day is [`day::run_day`]. Where to look:
//!
//! | Rule | Module |
//! |---|---|
//! | the order list: dashes, `+`, `@`, counts, `Dnn` | [`pending`] |
//! | who acts when | [`schedule`], [`day`] |
//! | each order | [`orders`] (`orders/stacks.rs`, `orders/travel.rs`…) |
//! | journeys under way, arrival, guards | [`travel_day`] |
//! | vessels sailing with their stack | [`vessels`] |
//! | stranded in water, drowning | [`stranded`] |
//! | weight, capacity, maximum mana, ratings | [`crate::figures`] |
//! | travel time, walking areas | [`travel`] |
//! | who sees whom, stances | [`visibility`], [`relations`] |
//! | control points | [`control`] |
//! | orders in, pending lists out | [`submit`] |
//! | battles begun, who fights on which side, enemies on sight, TACTIC's setting | [`battle`] (`battle/engage.rs`, `battle/on_sight.rs`, `battle/setting.rs`) |
//! | who may guard, what guards stop | `orders/guard.rs` |
//! | the economy's steps | [`hooks`], [`economy`] |
//! | coins and the treasury | [`money`] |
//! | who may trade, recruit, harvest, pillage on owned land | [`policy`] |
//! | land ownership from titles, occupation, taxes | [`land`] |
//! | experience and levels | [`experience`] |
//! | new cities and villages | [`settlement`] |
//! | mana, world spells, enchantments | [`magic`] |
//! | months and seasons | [`calendar`] |
//! | what happened | [`log`] |

pub mod battle;
pub mod calendar;
pub mod control;
pub mod day;
pub mod economy;
pub mod empire;
pub mod experience;
pub mod hooks;
pub mod land;
pub mod learnable;
pub mod log;
pub mod magic;
pub mod money;
pub mod orders;
pub mod pending;
pub mod policy;
pub mod relations;
pub mod schedule;
pub mod settings;
pub mod settlement;
pub mod share;
pub mod state;
pub mod stranded;
pub mod submit;
pub mod travel;
pub mod travel_day;
pub mod vessels;
pub mod visibility;

pub use economy::Economy;
pub use hooks::{Hooks, NoEconomy};
pub use log::{Event, MonthFigures, TurnLog, What};
pub use state::Turn;

use umpire_core::dice::Dice;

use crate::orders::OrderSet;
use crate::rules::Rules;
use crate::world::World;

/// The steps of a month, in the order the rules give (OV-SCH-033..041).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Press rewards to faction funds.
    Rewards,
    /// Faction-wide orders.
    FactionOrders,
    /// RETREAT, which must be a unit's first order of the month.
    Retreats,
    Day1,
    /// Control points, after day 1.
    ControlPoints,
    Days2To30,
    /// Stacks stranded in water drown (OV-MOVE-029).
    Stranded,
    /// WORK wages.
    Wages,
    /// Upkeep, dissent, desertion.
    Upkeep,
    /// Creatures follow their stack leader or go back to the wild.
    Allegiance,
    /// Population, weather, resources, markets, recruits.
    Evolve,
    /// Days worked are told, pending lists are written back.
    Orders,
}

pub const MONTH: [Step; 12] = [
    Step::Rewards,
    Step::FactionOrders,
    Step::Retreats,
    Step::Day1,
    Step::ControlPoints,
    Step::Days2To30,
    Step::Stranded,
    Step::Wages,
    Step::Upkeep,
    Step::Allegiance,
    Step::Evolve,
    Step::Orders,
];

/// Run the next turn of the full game (the engine with the [`Economy`]).
pub fn run_turn(world: &mut World, rules: &Rules, orders: &[OrderSet], seed: u64) -> TurnLog {
    run_turn_with(world, rules, orders, seed, &mut Economy::default())
}

/// Run the next turn: `world.turn` goes up by one.
pub fn run_turn_with(
    world: &mut World,
    rules: &Rules,
    orders: &[OrderSet],
    seed: u64,
    hooks: &mut dyn Hooks,
) -> TurnLog {
    world.compact();
    settlement::clear_founded(world, rules);
    let dice = Dice::for_turn(seed, world.turn + 1);
    let mut t = Turn::new(world, rules, dice);
    submit::read_pending(&mut t);
    let blocks = submit::take(&mut t, orders);
    for step in MONTH {
        match step {
            Step::Rewards => hooks.rewards(&mut t),
            Step::FactionOrders => {
                for &(f, set) in &blocks {
                    submit::faction_orders(&mut t, f, set);
                }
            }
            Step::Retreats => travel_day::retreats(&mut t),
            Step::Day1 => {
                day::run_day(&mut t, hooks, 1);
                hooks.day_done(&mut t, 1);
            }
            Step::ControlPoints => control::check(&mut t),
            Step::Days2To30 => {
                for d in 2..=30 {
                    day::run_day(&mut t, hooks, d);
                    hooks.day_done(&mut t, d);
                }
            }
            Step::Stranded => stranded::drown(&mut t),
            Step::Wages => {
                t.day = log::MONTH_END;
                hooks.wages(&mut t);
            }
            Step::Upkeep => hooks.upkeep(&mut t),
            Step::Allegiance => month_end::allegiance(&mut t),
            Step::Evolve => hooks.evolve(&mut t),
            Step::Orders => {
                month_end::worked(&mut t);
                submit::write_pending(&mut t);
            }
        }
    }
    t.world.turn += 1;
    t.log
}

mod month_end {
    use umpire_core::ids::TypedId;

    use super::log::What;
    use super::state::Turn;
    use crate::rules::races::RaceKind;
    use crate::world::{Role, UnitId};

    /// Each unit's days of WORK, for the wages step and the report.
    pub fn worked(t: &mut Turn<'_>) {
        for i in 0..t.live.len() {
            let days = t.live[i].worked;
            if days > 0 {
                t.private(UnitId::from_index(i), What::Worked { days });
            }
        }
    }

    /// Units sworn by OATH join their new faction, with an empty order
    /// list (decision OV-UO-060). Upkeep has been paid by the old one.
    fn oaths(t: &mut Turn<'_>) {
        for i in 0..t.live.len() {
            let Some(to) = t.live[i].oath.take() else {
                continue;
            };
            let u = UnitId::from_index(i);
            let from = t.world.units[u].faction;
            if t.world.units[u].gone || from == to {
                continue;
            }
            t.change_faction(u, to);
            t.live(u).list.clear();
            t.event(Some(u), What::ChangedFaction { to }, &[from]);
        }
    }

    /// Creatures take their stack leader's side; unstacked ones go back to
    /// the Creatures faction (OV-SCH-039), and those already of a faction
    /// playing the Creatures stay with it. A travelling creature is still
    /// in its stack.
    /// The nearest leader above `u` in its stack, if any: the leader of
    /// the substack it is in (OV-UNIT-023).
    fn substack_leader(t: &Turn<'_>, u: UnitId) -> Option<UnitId> {
        let mut cur = u;
        for _ in 0..t.world.units.len() {
            let p = t.world.units.get(cur).and_then(|x| x.stack_parent)?;
            if t.kind(p) == Some(RaceKind::Leader) {
                return Some(p);
            }
            cur = p;
        }
        None
    }

    pub fn allegiance(t: &mut Turn<'_>) {
        oaths(t);
        let wild = t.world.creatures;
        for u in t.world.units.ids() {
            if t.world.units[u].gone || t.kind(u) != Some(RaceKind::Creature) {
                continue;
            }
            // The leader of the smallest stack it is in: only leaders lead
            // stacks, so the nearest leader above it (OV-UNIT-023).
            let leader = substack_leader(t, u);
            let now = t.world.units[u].faction;
            let (to, what) = if let Some(leader) = leader {
                let f = t.world.units[leader].faction;
                (Some(f), What::Allegiance { to: f })
            } else if t.world.factions[now].npc_role() == Some(Role::Creatures) {
                // Already wild: it stays with the creatures' faction it
                // is in (each copy of a replicated world has its own).
                (None, What::Reverted { to: now })
            } else {
                match wild {
                    Some(f) => (Some(f), What::Reverted { to: f }),
                    None => (None, What::Reverted { to: now }),
                }
            };
            if let Some(to) = to
                && to != now
            {
                t.private(u, what);
                t.change_faction(u, to);
            }
        }
    }
}
