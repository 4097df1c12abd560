//! The economy: the steps of the month that make the world live (markets,
//! recruits, mana, wages, upkeep, the land's evolution, press rewards),
//! plugged into the turn through [`Hooks`]. [`Economy`] is the whole
//! game; [`NoEconomy`](super::NoEconomy) is the engine alone, for tests
//! of movement and stacks that should not see coins change.
//!
//! Each step lives in a module named after its rule; [`Economy`] only
//! calls them at the places the month gives (OV-SCH-030, 033, 037..040).

use super::hooks::Hooks;
use super::state::Turn;

pub mod resources;

/// The full game's economy.
#[derive(Clone, Copy, Debug, Default)]
pub struct Economy;

impl Hooks for Economy {
    /// The land evolves (OV-SCH-040): resources for next month
    /// ([`resources::renew`]).
    fn evolve(&mut self, t: &mut Turn<'_>) {
        resources::renew(t);
    }
}
