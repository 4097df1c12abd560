//! Where battles begin. Movement past guards (OV-MOVE-031) and rival
//! guards (OV-GRD-011) call [`begin`]; the battles are fought at the end
//! of the day (OV-SCH-030). Until the combat rules are in, a battle is
//! recorded as a [`What::Battle`] event that both sides and everyone
//! present see, and nobody is harmed.

use umpire_core::ids::TypedId;

use super::log::{BattleCause, What};
use super::state::{Clash, Turn};
use crate::world::{LocationId, Stance, UnitId};

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
    let mut by_place: Vec<(LocationId, UnitId)> = t
        .live
        .iter()
        .enumerate()
        .filter(|(_, l)| l.guarding)
        .map(|(i, _)| UnitId::from_index(i))
        .filter_map(|u| t.world.units.get(u).map(|x| (x.location, u)))
        .collect();
    by_place.sort_unstable_by_key(|(l, _)| *l);
    for group in by_place.chunk_by(|a, b| a.0 == b.0) {
        let place = group[0].0;
        let order = &t.world.locations[place].units;
        let mut guards: Vec<UnitId> = group.iter().map(|(_, u)| *u).collect();
        guards.sort_by_key(|g| order.iter().position(|x| x == g));
        let mut fought: Vec<(crate::world::FactionId, crate::world::FactionId)> = Vec::new();
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
