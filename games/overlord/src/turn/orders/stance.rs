//! STANCE (OV-UO-096, OV-FAC-013/014): toward another faction, or with the
//! faction's own id, the default stance.

use super::super::log::What;
use super::super::pending::Outcome;
use super::super::state::Turn;
use crate::orders::FactionRef;
use crate::orders::catalog::settings::Stance as StanceOrder;
use crate::orders::words::Stance as Word;
use crate::world::{FactionId, Stance};

/// The world's stance for the word players write.
pub fn stance_of(w: Word) -> Stance {
    match w {
        Word::Ally => Stance::Ally,
        Word::Friendly => Stance::Friendly,
        Word::Neutral => Stance::Neutral,
        Word::Hostile => Stance::Hostile,
        Word::Enemy => Stance::Enemy,
    }
}

/// `f06` and `np1` both name a faction by its number.
pub fn faction_ref(t: &Turn<'_>, r: FactionRef) -> Option<FactionId> {
    let n = match r {
        FactionRef::Player(n) | FactionRef::Npc(n) => n,
    };
    t.numbers.factions.get(&n).copied()
}

/// Set `faction`'s stance; returns false when the other faction does not
/// exist (the order is then kept, as any order whose requirement fails).
pub fn apply(t: &mut Turn<'_>, faction: FactionId, o: &StanceOrder) -> bool {
    let Some(toward) = faction_ref(t, o.toward) else {
        return false;
    };
    let stance = stance_of(o.stance);
    let f = &mut t.world.factions[faction];
    let toward = if toward == faction {
        f.default_stance = stance;
        None
    } else {
        f.set_stance(toward, stance);
        Some(toward)
    };
    t.faction_event(
        faction,
        What::StanceSet {
            faction,
            toward,
            stance,
        },
    );
    true
}

pub fn stance(t: &mut Turn<'_>, u: crate::world::UnitId, o: &StanceOrder) -> Outcome {
    let f = t.world.units[u].faction;
    if apply(t, f, o) {
        Outcome::Done
    } else {
        Outcome::wait("the stance cannot be set (see the reason above)")
    }
}
