//! Meditation and ritual (OV-MAG-015): the `ritual` action (`evtritu`),
//! which makes mana.
//!
//! - **Meditation** (`medi`, target `self`) takes one herbs a casting (its
//!   `consume`) and no mana, and gives the mage `multiple` mana: 1, 2 and
//!   3 at 1st, 2nd and 3rd level, the rules' "one mana per level". A
//!   casting is one man-day, so a lone mage meditates once a day. The mana
//!   comes on top of the day's regain and may take the mage above its
//!   maximum, from where it decays (OV-MAG-014, [`super::mana`]).
//! - **Ritual** (`ritu`, target `unit`) is the same action on another
//!   unit: the caster pays `use.mana` and the target gains `multiple` mana
//!   (1 for 1 at 1st level, 2 for 2 at 2nd, "transfers double amount of
//!   mana per day"). This is how mana passes between mages; GIVE cannot
//!   move it (decision OV-MAG-010).

use super::super::log::What;
use super::super::state::Turn;
use crate::rules::SkillId;
use crate::rules::skills::SkillUse;
use crate::world::UnitId;

/// One casting of a ritual action by `u` on `x` (itself when meditating).
pub fn ritual(t: &mut Turn<'_>, u: UnitId, skill: SkillId, use_: &SkillUse, x: UnitId) {
    let gain = use_.multiple.unwrap_or(1).max(1);
    let Some(target) = t.world.units.get_mut(x) else {
        return;
    };
    target.mana = target.mana.saturating_add(gain);
    let now = target.mana;
    t.private(
        u,
        What::Ritual {
            skill,
            target: x,
            mana: gain,
            now,
        },
    );
    if x != u {
        t.private(
            x,
            What::ManaReceived {
                from: u,
                mana: gain,
                now,
            },
        );
    }
}
