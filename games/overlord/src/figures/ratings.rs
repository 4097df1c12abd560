//! A unit's ratings outside battle's own rules: what its race, skills and
//! enchantments give each figure ([`base`]), what the complete structure
//! it is inside adds ([`shelter`], OV-BLD-031..034) and what its equipped
//! items add in proportion to the figures equipped ([`equipment`],
//! OV-ITEM-008). Battle, visibility and the report all read these.

use crate::rules::{Rules, Stats};
use crate::world::{Unit, World};

/// Race, skills and enchantments: everything but equipment.
pub fn base(rules: &Rules, unit: &Unit) -> Stats {
    let mut s = rules
        .races
        .get(unit.race)
        .map(|r| r.stats)
        .unwrap_or_default();
    for k in &unit.skills {
        if let Some(level) = rules
            .skills
            .get(k.skill)
            .and_then(|sk| sk.reached(k.experience))
        {
            s = s.plus(&level.stats);
        }
    }
    for e in &unit.effects {
        if let Some(en) = rules.enchantments.get(e.enchantment) {
            s = s.plus(&en.stats);
        }
    }
    s
}

/// `value` × `share` / `whole`, rounded toward zero.
pub fn part(value: i32, share: u64, whole: u64) -> i32 {
    let v = i64::from(value) * i64::try_from(share).unwrap_or(i64::MAX)
        / i64::try_from(whole.max(1)).unwrap_or(1);
    i32::try_from(v).unwrap_or(0)
}

/// The ratings the complete structure the unit is inside gives it: its
/// construction's `stats` (OV-BLD-031..034, OV-UNIT-010). None outside
/// a structure or inside an unfinished one.
pub fn shelter(world: &World, rules: &Rules, unit: &Unit) -> Stats {
    unit.structure
        .and_then(|s| world.structures.get(s))
        .filter(|s| s.complete)
        .and_then(|s| rules.constructions.get(s.kind))
        .map(|c| c.stats)
        .unwrap_or_default()
}

/// What the unit's equipped items add to a figure's ratings (OV-ITEM-008):
/// each item's `stats` in proportion to the share of figures equipped,
/// rounded toward zero, a figure counting at most the item's per-figure
/// maximum. 10 horses (+3 initiative) in a 30-man unit give +1; a ±1 item
/// gives its 1 only when every figure has one. Battle, the report's stats
/// line and the battle's statistics all read this one figure.
pub fn equipment(rules: &Rules, unit: &Unit) -> Stats {
    let figures = u64::from(unit.figures.max(1));
    let mut s = Stats::default();
    for h in &unit.items {
        let Some(item) = rules.items.get(h.item) else {
            continue;
        };
        let Some(equip) = &item.equip else {
            continue;
        };
        let used = h.equipped.min(figures * u64::from(equip.max.max(1)));
        if used == 0 {
            continue;
        }
        let i = item.stats;
        let p = |v: i32| part(v, used, figures);
        s = s.plus(&Stats {
            melee: p(i.melee),
            missile: p(i.missile),
            initiative: p(i.initiative),
            defense: p(i.defense),
            damage: p(i.damage),
            ranged_damage: p(i.ranged_damage),
            hits: p(i.hits),
            life: p(i.life),
            mana: p(i.mana),
            upkeep: p(i.upkeep),
            control: p(i.control),
            stealth: p(i.stealth),
            observation: p(i.observation),
        });
    }
    s
}
