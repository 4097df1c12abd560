//! The economy: the steps of the month that make the world live (markets,
//! recruits, mana, wages, upkeep, the land's evolution, press rewards),
//! plugged into the turn through [`Hooks`]. [`Economy`] is the whole
//! game; [`NoEconomy`](super::NoEconomy) is the engine alone, for tests
//! of movement and stacks that should not see coins change.
//!
//! Each step lives in a module named after its rule; [`Economy`] only
//! calls them at the places the month gives (OV-SCH-030, 033, 037..040).

pub mod clearing;
pub mod market;
pub mod recruits;

use super::hooks::Hooks;
use super::state::Turn;

/// The full game's economy.
#[derive(Clone, Copy, Debug, Default)]
pub struct Economy;

impl Hooks for Economy {
    fn taxes(&mut self, t: &mut Turn<'_>) {
        super::land::daily(t);
    }

    fn markets(&mut self, t: &mut Turn<'_>) {
        market::markets(t);
    }

    fn recruits(&mut self, t: &mut Turn<'_>) {
        recruits::recruits(t);
    }

    fn evolve(&mut self, t: &mut Turn<'_>) {
        evolve(t);
    }
}

/// The land's monthly evolution (OV-SCH-040).
fn evolve(t: &mut Turn<'_>) {
    market::evolve(t);
    recruits::evolve(t);
}
