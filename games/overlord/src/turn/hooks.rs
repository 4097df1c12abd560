//! The steps of the month that belong to the economy (markets, recruits,
//! mana, wages, upkeep, the land's evolution, press rewards). The turn
//! engine calls them at their documented places (OV-SCH-030, 033,
//! 037..040); [`run_turn_with`](super::run_turn_with) takes the
//! implementation. [`NoEconomy`] is the engine alone: those steps change
//! nothing, which is what a game without an economy module gets.

use super::state::Turn;

pub trait Hooks {
    /// Before day 1: press and rumour rewards to faction funds (OV-SCH-033).
    fn rewards(&mut self, _t: &mut Turn<'_>) {}
    /// End of each day: the markets clear (OV-SCH-030).
    fn markets(&mut self, _t: &mut Turn<'_>) {}
    /// End of each day: recruits arrive.
    fn recruits(&mut self, _t: &mut Turn<'_>) {}
    /// End of each day: mana gained or lost.
    fn mana(&mut self, _t: &mut Turn<'_>) {}
    /// After day 30: WORK wages (OV-SCH-037).
    fn wages(&mut self, _t: &mut Turn<'_>) {}
    /// Then upkeep, dissent and desertion (OV-SCH-038).
    fn upkeep(&mut self, _t: &mut Turn<'_>) {}
    /// Then the land evolves: population, weather, resources, markets,
    /// recruits (OV-SCH-040).
    fn evolve(&mut self, _t: &mut Turn<'_>) {}
    /// End of each day, after the others: titles out of range are lost,
    /// the land's owners and occupiers are worked out, taxes are paid
    /// (OV-LAND-002).
    fn taxes(&mut self, _t: &mut Turn<'_>) {}
    /// After each day, for progress bars.
    fn day_done(&mut self, _t: &mut Turn<'_>, _day: u8) {}
}

/// The engine with no economy attached.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEconomy;

impl Hooks for NoEconomy {}
