//! A unit's maximum mana: its race's, its equipped items', its skill
//! levels' and its enchantments' `stats.mana` added up, never below zero
//! (OV-MAG-009). Mana above it is lost at the day's end
//! (`turn::magic::mana`).

use crate::rules::Rules;
use crate::world::Unit;

/// The most mana a unit holds without losing it (OV-MAG-009).
pub fn maximum(rules: &Rules, unit: &Unit) -> u32 {
    let mut m = rules.races.get(unit.race).map_or(0, |r| r.stats.mana);
    for h in unit.items.iter().filter(|h| h.equipped > 0) {
        m += rules.items.get(h.item).map_or(0, |i| i.stats.mana);
    }
    for k in &unit.skills {
        if let Some(level) = rules
            .skills
            .get(k.skill)
            .and_then(|s| s.reached(k.experience))
        {
            m += level.stats.mana;
        }
    }
    for e in &unit.effects {
        m += rules
            .enchantments
            .get(e.enchantment)
            .map_or(0, |x| x.stats.mana);
    }
    u32::try_from(m.max(0)).unwrap_or(0)
}
