//! A world unit as a [`Fighter`] (OV-CMB "vital statistics", OV-ITEM-008,
//! OV-CMB-020, 022, 036, 066, 077).
//!
//! - **Ratings** per figure: the race's, plus every skill level reached,
//!   plus enchantments — that is the base, whose melee is the "base
//!   combat statistic" of OV-CMB-060 — plus equipment. An equipped item's
//!   ratings count in proportion to the share of figures equipped,
//!   rounded toward zero (OV-ITEM-008: 10 horses giving +3 initiative in a
//!   30-man unit give +1; a ±1 bonus needs every figure equipped); a
//!   figure counts at most the item's per-figure maximum.
//! - At least 1 life, 1 damage and 1 hit (a race with none listed has
//!   one). A ranged attack deals the ranged damage (`ranged_damage`, at
//!   least 1) and reaches the longest `combat.range` of the unit's
//!   equipped ranged weapons.
//! - **Tactics** is the unit's level in tactics [tact]; **strategy**
//!   [stra] keeps the side's tactical advantage all battle (OV-CMB-022,
//!   in [`super::fight`]).
//! - **Flying** when the unit alone can fly (its load, OV-CMB-066);
//!   **mounted** when every figure has a mount equipped (OV-CMB-036);
//!   **fanatic** when it knows fanaticism [fana] (OV-CMB-077).
//! - Where it stands and how it moves: its TACTIC ([`super::setting`]);
//!   what it does: its COMBAT list.

use crate::rules::common::{EquipSlot, Stats};
use crate::rules::{Movement, Rules};
use crate::turn::travel::Load;
use crate::world::Unit;

use super::army::{Fighter, Ratings};
use super::field::{Side, Square};
use super::setting::{self, Setting};

/// The unit's level in the skill tagged `tag`.
pub fn level(rules: &Rules, unit: &Unit, tag: &str) -> u8 {
    rules
        .skill(tag)
        .and_then(|s| {
            rules
                .skills
                .get(s)
                .map(|sk| sk.level_for(unit.experience(s)))
        })
        .unwrap_or(0)
}

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
fn part(value: i32, share: u64, whole: u64) -> i32 {
    let v = i64::from(value) * i64::try_from(share).unwrap_or(i64::MAX)
        / i64::try_from(whole.max(1)).unwrap_or(1);
    i32::try_from(v).unwrap_or(0)
}

/// The unit's battle ratings.
pub fn ratings(rules: &Rules, unit: &Unit) -> Ratings {
    let b = base(rules, unit);
    let figures = u64::from(unit.figures.max(1));
    let mut s = b;
    let mut range = 0u8;
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
        s.melee += part(i.melee, used, figures);
        s.missile += part(i.missile, used, figures);
        s.initiative += part(i.initiative, used, figures);
        s.defense += part(i.defense, used, figures);
        s.damage += part(i.damage, used, figures);
        s.ranged_damage += part(i.ranged_damage, used, figures);
        s.hits += part(i.hits, used, figures);
        s.life += part(i.life, used, figures);
        s.stealth += part(i.stealth, used, figures);
        s.observation += part(i.observation, used, figures);
        if item.combat.action == Some(crate::rules::combat::CombatActionKind::Ranged) {
            range = range.max(item.combat.range.unwrap_or(0));
        }
    }
    Ratings {
        melee: s.melee,
        missile: s.missile,
        defense: s.defense,
        initiative: s.initiative,
        damage: s.damage.max(1),
        ranged_damage: s.ranged_damage.max(1),
        hits: s.hits.max(1),
        life: s.life.max(1),
        stealth: s.stealth,
        observation: s.observation,
        base_combat: b.melee,
        range,
    }
}

/// Does every figure have a mount equipped?
fn mounted(rules: &Rules, unit: &Unit) -> bool {
    let mounts: u64 = unit
        .items
        .iter()
        .filter(|h| {
            rules
                .items
                .get(h.item)
                .and_then(|i| i.equip.as_ref())
                .is_some_and(|e| e.slot == EquipSlot::Mount)
        })
        .map(|h| h.equipped)
        .sum();
    unit.figures > 0 && mounts >= u64::from(unit.figures)
}

/// The unit as a fighter of `side`.
pub fn fighter(rules: &Rules, unit: &Unit, side: Side) -> Fighter {
    let set = Setting::parse(&unit.tactics.text);
    let mut f = Fighter::new(
        unit.number,
        side,
        Square::deploy(side, set.rank, set.file),
        set.movement,
        ratings(rules, unit),
        unit.figures,
    );
    f.actions = setting::actions(&unit.combat_orders);
    f.tactics = level(rules, unit, "tact");
    f.strategy = level(rules, unit, "stra");
    f.flying = Load::of_unit(rules, unit).can(Movement::Fly);
    f.mounted = mounted(rules, unit);
    f.fanatic = level(rules, unit, "fana") > 0;
    f
}
