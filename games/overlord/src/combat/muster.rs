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
//! - **Walls**: a defender holding a complete structure adds its
//!   construction's `stats` ([`shelter`], chosen by
//!   `turn::battle::fought::muster_sides`, OV-BLD-031..035).
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
//! - An enchantment on the unit counts its `combat.bonus` in battle as
//!   well as its `stats`.
//! - **Skill, spell and item tags** of the COMBAT list are resolved here
//!   into [`Special`]s ([`super::special`] carries them out): a skill
//!   the unit knows at a level with `combat` data (that level's action,
//!   its `use` mana, components, grants and summons), or an item it holds
//!   with `combat` data (its wielders: the items equipped). A mage's
//!   mana is the unit's, its maximum [`mana::maximum`]. A summoning's
//!   creatures are mustered here too, ready to be called; their own
//!   summonings are not (no summons within summons).
//! - **A leader** (for "target the leader") is a unit of a leader race.

use crate::figures::load::Load;
use crate::figures::mana;
use crate::figures::ratings::part;
pub use crate::figures::ratings::{base, equipment, shelter};
use crate::rules::combat::{CombatActionKind, CombatTarget};
use crate::rules::common::{EquipSlot, Stats};
use crate::rules::items::Item;
use crate::rules::races::RaceKind;
use crate::rules::skills::{Level, Skill, SkillUse};
use crate::rules::{ItemId, Movement, Rules};
use crate::world::unit::{Holding, Tactics};
use crate::world::{FactionId, LocationId, Unit};
use umpire_core::ids::TypedId;

use super::army::{Action, Component, Fighter, Ratings};
use super::field::{Side, Square};
use super::setting::{self, Setting};
use super::special::{Boon, Equipment, Source, Special, Summon};

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

/// The enchantments' battle bonuses.
fn battle_bonus(rules: &Rules, unit: &Unit) -> Stats {
    unit.effects
        .iter()
        .filter_map(|e| rules.enchantments.get(e.enchantment))
        .fold(Stats::default(), |s, en| s.plus(&en.combat.bonus))
}

/// The unit's battle ratings.
pub fn ratings(rules: &Rules, unit: &Unit) -> Ratings {
    ratings_with(rules, unit, &Stats::default())
}

/// The unit's battle ratings with `shelter` (a structure's, see
/// [`shelter`]) added before the floors of 1.
pub fn ratings_with(rules: &Rules, unit: &Unit, shelter: &Stats) -> Ratings {
    let b = base(rules, unit);
    let s = b
        .plus(&battle_bonus(rules, unit))
        .plus(shelter)
        .plus(&equipment(rules, unit));
    let mut range = 0u8;
    for h in unit.items.iter().filter(|h| h.equipped > 0) {
        let Some(item) = rules.items.get(h.item) else {
            continue;
        };
        if item.equip.is_some()
            && item.combat.action == Some(crate::rules::combat::CombatActionKind::Ranged)
        {
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

/// The TACTIC setting the unit fights with: its own, or the default for
/// a unit that never gave one ([`Setting::of_unit`]).
pub fn setting_of(rules: &Rules, unit: &Unit) -> Setting {
    let actions = setting::actions(&unit.combat_orders);
    Setting::of_unit(&unit.tactics.text, &actions, ratings(rules, unit).range)
}

/// The unit as a fighter of `side`.
pub fn fighter(rules: &Rules, unit: &Unit, side: Side) -> Fighter {
    fighter_with(rules, unit, side, true, &Stats::default())
}

/// The unit as a fighter of `side`, with a structure's ratings `shelter`
/// (see [`shelter`]).
pub fn fighter_sheltered(rules: &Rules, unit: &Unit, side: Side, shelter: &Stats) -> Fighter {
    fighter_with(rules, unit, side, true, shelter)
}

/// The unit as a fighter; `summons`: muster its summonings' creatures.
fn fighter_with(rules: &Rules, unit: &Unit, side: Side, summons: bool, shelter: &Stats) -> Fighter {
    let actions = setting::actions(&unit.combat_orders);
    let ratings = ratings_with(rules, unit, shelter);
    // A unit that never chose a TACTIC and shoots first keeps its distance
    // (`setting`).
    let set = Setting::of_unit(&unit.tactics.text, &actions, ratings.range);
    let mut f = Fighter::new(
        unit.number,
        side,
        Square::deploy(side, set.rank, set.file),
        set.movement,
        ratings,
        unit.figures,
    );
    f.actions = actions;
    f.tactics = level(rules, unit, "tact");
    f.strategy = level(rules, unit, "stra");
    f.flying = Load::of_unit(rules, unit).can(Movement::Fly);
    f.mounted = mounted(rules, unit);
    f.fanatic = level(rules, unit, "fana") > 0;
    f.ambush_xp = rules.skill("ambu").map_or(0, |s| unit.experience(s));
    f.leader = rules
        .races
        .get(unit.race)
        .is_some_and(|r| r.kind == RaceKind::Leader);
    f.mana = unit.mana;
    f.max_mana = mana::maximum(rules, unit);
    for a in &f.actions {
        let Action::Special(tag) = a else {
            continue;
        };
        if f.specials.iter().any(|s| &s.tag == tag) {
            continue;
        }
        if let Some(s) = special(rules, unit, side, tag, summons) {
            f.specials.push(s);
        }
    }
    for s in &f.specials {
        for &(item, _) in &s.consume {
            if !f.components.iter().any(|c| c.item == item) {
                f.components.push(Component {
                    item,
                    held: unit.count(item),
                    used: 0,
                });
            }
        }
    }
    f
}

/// What the COMBAT tag `tag` does for this unit, if it can use it.
pub fn special(
    rules: &Rules,
    unit: &Unit,
    side: Side,
    tag: &str,
    summons: bool,
) -> Option<Special> {
    if let Some(id) = rules.skill(tag)
        && let Some(sk) = rules.skills.get(id)
        && let Some(lv) = sk.reached(unit.experience(id))
        && lv.combat.action.is_some()
    {
        return Some(from_skill(rules, unit, side, sk, lv, summons));
    }
    let id = rules.item(tag)?;
    let item = rules.items.get(id)?;
    let held = unit.items.iter().find(|h| h.item == id && h.count > 0)?;
    item.combat.action?;
    Some(from_item(unit, item, held))
}

/// The battle enchantments a list of grants lays.
fn boons(rules: &Rules, grants: &[crate::rules::combat::Grant]) -> Vec<Boon> {
    grants
        .iter()
        .filter_map(|g| {
            let en = rules.enchantments.get(g.effect.id())?;
            Some(Boon {
                tag: en.tag.clone(),
                stats: en.stats.plus(&en.combat.bonus),
                rounds: g.amount,
            })
        })
        .collect()
}

/// Items of the unit equipped that `pick` accepts.
fn equipped(rules: &Rules, unit: &Unit, pick: impl Fn(ItemId, &Item) -> bool) -> u64 {
    unit.items
        .iter()
        .filter(|h| rules.items.get(h.item).is_some_and(|i| pick(h.item, i)))
        .map(|h| h.equipped)
        .sum()
}

fn from_skill(
    rules: &Rules,
    unit: &Unit,
    side: Side,
    sk: &Skill,
    lv: &Level,
    summons: bool,
) -> Special {
    let c = &lv.combat;
    let kind = c.action.unwrap_or(CombatActionKind::Melee);
    let use_ = lv.use_.as_ref();
    let mana_item = rules.item("mana");
    let mut mana = use_.and_then(|u| u.mana).unwrap_or(0);
    let mut consume = Vec::new();
    for ic in use_.map_or(&[][..], |u| u.consume.as_slice()) {
        if Some(ic.item.id()) == mana_item {
            mana += ic.count;
        } else {
            consume.push((ic.item.id(), u64::from(ic.count)));
        }
    }
    let mut grants = boons(rules, &c.grants);
    grants.extend(boons(rules, use_.map_or(&[][..], |u| u.grants.as_slice())));
    let equipment = match use_.and_then(|u| u.tool.as_ref()) {
        Some(tool) => Equipment::Every(equipped(rules, unit, |id, _| id == tool.id())),
        None if kind == CombatActionKind::Ranged && c.stats.missile == 0 => {
            Equipment::Every(equipped(rules, unit, |_, i| {
                i.equip.is_some() && i.combat.action == Some(CombatActionKind::Ranged)
            }))
        }
        None => Equipment::None,
    };
    Special {
        tag: sk.tag.clone(),
        source: Source::Skill,
        magic: sk.flags.magic,
        kind,
        target: c.target.unwrap_or(CombatTarget::Opposing),
        range: c.range,
        damage_type: c.damage_type,
        stats: c.stats,
        bonus: c.bonus,
        wielder: Stats::default(),
        grants,
        secondary: c.secondary,
        mana,
        consume,
        equipment,
        summons: match use_ {
            Some(u) if summons && kind == CombatActionKind::Summon => summoned(rules, u, side),
            _ => Vec::new(),
        },
    }
}

fn from_item(unit: &Unit, item: &Item, held: &Holding) -> Special {
    let c = &item.combat;
    let figures = u64::from(unit.figures.max(1));
    let max = item.equip.as_ref().map_or(1, |e| u64::from(e.max.max(1)));
    let used = held.equipped.min(figures * max);
    // A wielder has the item's full ratings; the unit's carry its share.
    let share = |v: i32| v - part(v, used, figures);
    let i = &item.stats;
    let wielder = Stats {
        melee: share(i.melee),
        missile: share(i.missile),
        initiative: share(i.initiative),
        defense: share(i.defense),
        damage: share(i.damage),
        ranged_damage: share(i.ranged_damage),
        hits: share(i.hits),
        life: share(i.life),
        stealth: share(i.stealth),
        observation: share(i.observation),
        ..Stats::default()
    };
    Special {
        tag: item.tag.clone(),
        source: Source::Item,
        magic: false,
        kind: c.action.unwrap_or(CombatActionKind::Melee),
        target: c.target.unwrap_or(CombatTarget::Opposing),
        range: c.range,
        damage_type: c.damage_type,
        stats: c.stats,
        bonus: c.bonus,
        wielder,
        grants: Vec::new(),
        secondary: c.secondary,
        mana: 0,
        consume: Vec::new(),
        equipment: Equipment::Wielded(held.equipped),
        summons: Vec::new(),
    }
}

/// The creatures one casting of a summoning calls, mustered for `side`.
fn summoned(rules: &Rules, use_: &SkillUse, side: Side) -> Vec<Summon> {
    let sm = use_.summoned.as_ref();
    use_.summons
        .iter()
        .filter(|s| s.count > 0)
        .filter_map(|s| {
            let race = s.race.id();
            let r = rules.races.get(race)?;
            let mut u = Unit::new(
                0,
                FactionId::from_index(0),
                race,
                s.count,
                LocationId::from_index(0),
            );
            for k in &r.skills {
                u.learn(k.skill.id(), k.experience);
            }
            if let Some(sm) = sm {
                for k in &sm.skills {
                    u.learn(k.skill.id(), k.experience);
                }
                if let Some(t) = &sm.combat_tactics {
                    u.tactics = Tactics { text: t.clone() };
                }
                u.combat_orders = sm.combat_orders.clone();
            }
            for c in &use_.summoned_items {
                let item = c.item.id();
                let max = rules
                    .items
                    .get(item)
                    .and_then(|i| i.equip.as_ref())
                    .map_or(0, |e| u64::from(e.max.max(1)) * u64::from(s.count));
                let n = u64::from(c.count);
                u.add_items(item, n, n.min(max));
            }
            let name = sm
                .and_then(|m| m.name.clone())
                .unwrap_or_else(|| r.plural.clone());
            Some(Summon {
                fighter: fighter_with(rules, &u, side, false, &Stats::default()),
                name,
                at_caster: sm.is_none_or(|m| m.combat_tactics.is_none()),
            })
        })
        .collect()
}

/// How a battle in the world opens: whether an ATTACK order began it, and
/// the ambush skill's levels from the rules (OV-CMB-014, 016).
pub fn opening(rules: &Rules, by_attack: bool) -> super::ambush::Opening {
    let ambush_levels = rules
        .skill("ambu")
        .and_then(|s| rules.skills.get(s))
        .map(|s| s.levels.iter().map(|l| l.experience).collect())
        .unwrap_or_default();
    super::ambush::Opening {
        by_attack,
        ambush_levels,
    }
}
