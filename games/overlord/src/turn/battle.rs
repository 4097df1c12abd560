//! Where battles begin. Movement past guards (OV-MOVE-031) and rival
//! guards (OV-GRD-011) call [`begin`]; the battles are fought at the end
//! of the day (OV-SCH-030). Until the combat rules are in, a battle is
//! recorded as a [`What::Battle`] event that both sides and everyone
//! present see, and nobody is harmed.

pub mod fought;

use super::log::{BattleCause, What};
use super::state::{Clash, Turn};
use crate::world::{FactionId, Stance, UnitId};

/// A battle starts today.
pub fn begin(t: &mut Turn<'_>, attacker: UnitId, defender: UnitId, cause: BattleCause) {
    let place = t.world.units[defender].location;
    t.battles.push(Clash {
        attacker,
        defender,
        place,
        cause,
    });
}

/// The end of the day's battles: rival guards first, then every battle
/// begun today, in the order they began.
pub fn fight_the_day(t: &mut Turn<'_>) {
    rival_guards(t);
    let clashes = std::mem::take(&mut t.battles);
    for c in clashes {
        let mut seen = t.present_factions(c.place);
        seen.push(t.world.units[c.defender].faction);
        t.event(
            Some(c.attacker),
            What::Battle {
                attacker: c.attacker,
                defender: c.defender,
                cause: c.cause,
            },
            &seen,
        );
    }
}

/// Two factions on guard in one place, one holding the other Hostile or
/// worse, fight (OV-GRD-011): the first guard of the faction that holds
/// the grudge attacks the first guard of the other.
fn rival_guards(t: &mut Turn<'_>) {
    for place in t.guarded_places() {
        let guards: Vec<UnitId> = t
            .guards_at(place)
            .into_iter()
            .filter(|&g| !t.travelling(g))
            .collect();
        let mut fought: Vec<(FactionId, FactionId)> = Vec::new();
        for &a in &guards {
            for &d in &guards {
                let (fa, fd) = (t.world.units[a].faction, t.world.units[d].faction);
                if fa == fd || fought.contains(&(fa, fd)) || fought.contains(&(fd, fa)) {
                    continue;
                }
                if t.world.factions[fa].stance_toward(fd) <= Stance::Hostile {
                    fought.push((fa, fd));
                    begin(t, a, d, BattleCause::RivalGuards);
                }
            }
        }
    }
}
