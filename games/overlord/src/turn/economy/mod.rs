//! The economy: the steps of the month that make the world live (markets,
//! recruits, mana, wages, upkeep, the land's evolution, press rewards),
//! plugged into the turn through [`Hooks`]. [`Economy`] is the whole
//! game; [`NoEconomy`](super::NoEconomy) is the engine alone, for tests
//! of movement and stacks that should not see coins change.
//!
//! Each step lives in a module named after its rule; [`Economy`] only
//! calls them at the places the month gives (OV-SCH-030, 033, 037..040).
//! Orders that cost or earn money as they run (STUDY, CLAIM, BUY…) pay in
//! their own modules under `turn/orders/`.

pub mod asks;
pub mod book;
pub mod clearing;
pub mod entertainment;
pub mod market;
pub mod population;
pub mod recruits;
pub mod resources;
pub mod rewards;
pub mod upkeep;
pub mod wages;
pub mod weather;

use super::hooks::Hooks;
use super::state::Turn;
use crate::world::FactionId;

/// The full game's economy.
#[derive(Clone, Debug, Default)]
pub struct Economy {
    /// Who published in the newspaper this turn (see
    /// [`rewards::authors`]).
    pub press: Vec<(FactionId, rewards::PressKind)>,
}

impl Economy {
    /// The economy of a turn in which these factions published.
    pub fn with_press(press: Vec<(FactionId, rewards::PressKind)>) -> Self {
        Economy { press }
    }
}

impl Hooks for Economy {
    fn rewards(&mut self, t: &mut Turn<'_>) {
        rewards::rewards(t, &self.press);
    }

    fn taxes(&mut self, t: &mut Turn<'_>) {
        super::land::daily(t);
    }

    fn markets(&mut self, t: &mut Turn<'_>) {
        market::markets(t);
    }

    fn recruits(&mut self, t: &mut Turn<'_>) {
        recruits::recruits(t);
    }

    /// Mana regained or lost (OV-MAG-012, 014; `turn/magic/mana.rs`).
    fn mana(&mut self, t: &mut Turn<'_>) {
        super::magic::mana::end_of_day(t);
    }

    fn wages(&mut self, t: &mut Turn<'_>) {
        wages::wages(t);
    }

    fn upkeep(&mut self, t: &mut Turn<'_>) {
        upkeep::upkeep(t);
    }

    /// The land's evolution (OV-SCH-040): people first, then the markets
    /// and recruits that follow them, then next month's weather and
    /// resources.
    fn evolve(&mut self, t: &mut Turn<'_>) {
        population::evolve(t);
        market::evolve(t);
        recruits::evolve(t);
        weather::next_month(t);
        resources::next_month(t);
    }
}
