//! The Empire's memory (OV-FAC-003): the Imperials treat player factions
//! as friendly unless they act against the Empire. Decision: attacking a
//! unit of the Imperials, or pillaging land they own, is acting against
//! it; the Imperials then hold the offending faction Enemy (so their
//! guards fall on its units on sight) and tell it so. Nothing forgives it
//! but a change of the Overlord title (OV-TTL-021).

use super::log::What;
use super::state::Turn;
use crate::world::{FactionId, Player, Role, Stance};

/// Faction `actor` acted against faction `against` (or its land): if that
/// is the Imperials and `actor` a player's faction, they turn Enemy.
pub fn offended(t: &mut Turn<'_>, actor: FactionId, against: Option<FactionId>) {
    let Some(imperials) = against.filter(|&f| {
        t.world
            .factions
            .get(f)
            .is_some_and(|x| x.npc_role() == Some(Role::Imperials))
    }) else {
        return;
    };
    let Some(a) = t.world.factions.get(actor) else {
        return;
    };
    if a.player != Player::Human || actor == imperials {
        return;
    }
    if t.world.factions[imperials].stance_toward(actor) == Stance::Enemy {
        return;
    }
    t.world.factions[imperials].set_stance(actor, Stance::Enemy);
    t.faction_event(
        actor,
        What::StanceSet {
            faction: imperials,
            toward: Some(actor),
            stance: Stance::Enemy,
        },
    );
}
