//! A unit's section of its faction's report (OV-REP-009, 010, 012, 015,
//! 016), in the spirit of the sample report:
//!
//! ```text
//! Faction Leader [U500] at Anarnium [L18]
//!   1 hero [hero], has: 1 horse [hrse] (1 equipped).
//!   Skills: 2nd observation [obse] (180).
//!   Tactic: AVOID REAR CENTER FLEE.
//!   Upkeep: 20 coins.
//! ```
//!
//! - The header names the unit, where it is and any title it holds
//!   ("Sheriff of Massada").
//! - Composition: figures and race (singular or plural), then everything
//!   it carries, in the order it holds them, with how many are equipped.
//! - Skills with their level as an ordinal ("novice" for a skill below
//!   1st, OV-SKL-002) and whole days of experience.
//! - The battle settings: TACTIC in canonical form and the COMBAT list.
//! - Weight and capacities (OV-REP-011): "Weight 480. Capacity 591,
//!   riding 515." — walking first, then every other mode with a capacity
//!   above zero. A unit leading a stack gives its stack's totals, headed
//!   "Stack weight" so the reader knows whose they are.
//! - May learn (OV-REP-013): every skill the unit may study now unaided,
//!   and those the seat of teaching it is inside teaches it (OV-SKL-034),
//!   with the level study leads to ([`may_learn_in`](crate::turn::learnable::may_learn_in)).
//! - Stats (OV-REP-014): the unit's per-figure ratings
//!   ([`visibility::ratings`]) that differ from their defaults (0; 1 for
//!   life and hits, OV-UNIT-009), abbreviated as the
//!   rules' "Unit Statistics" list does (ini, att, mis, def, dmg, rng,
//!   life, hit, ste, obs, mana), then the control points it costs (CP).
//! - Mana: a unit that can hold mana (or holds some) shows what it holds
//!   now and its maximum ("Mana: 12 of 20."), what a player plans next
//!   month's castings with.
//!   Decision OV-REP-014: "non-default" is read as "not the default"; a race's
//!   own ratings are shown too, since a reader cannot tell them apart from
//!   bonuses otherwise.
//! - Upkeep: the race's monthly upkeep per figure.

use std::fmt::Write as _;

use crate::figures::load::{Load, stack_load};
use crate::orders::print::one_line;
use crate::rules::{Movement, Rules, SkillId, Stats};
use crate::turn::{control, visibility};
use crate::world::{UnitId, World};

use super::model::{self, Capacity, Possession, Ratings, Skill};
use super::names::{Names, skill_level, skill_text};

/// The section of unit `u`; an unknown unit gives an empty string.
pub fn section(world: &World, rules: &Rules, u: UnitId) -> String {
    let names = Names::new(world, rules);
    section_named(&names, u)
}

/// [`section`] with the turn's [`Names`] built once for every report.
pub fn section_named(names: &Names<'_>, u: UnitId) -> String {
    let mut out = String::new();
    if let Some(unit) = of(names, u) {
        render(&unit, &mut out);
    }
    out
}

/// What the section of unit `u` tells, its actions left to the caller;
/// `None` for an unknown unit.
pub fn of<'a>(names: &Names<'a>, u: UnitId) -> Option<model::Unit<'a>> {
    let (world, rules) = (names.world, names.rules);
    let unit = world.units.get(u)?;
    let race = rules.races.get(unit.race);
    let figures = model::Quantity {
        tag: Some(race.map_or("?", |r| r.tag.as_str())),
        ..names.figures_of(unit.race, unit.figures)
    };
    let possessions = unit
        .items
        .iter()
        .filter(|h| h.count > 0 && rules.items.get(h.item).is_some())
        .map(|h| Possession {
            item: names.quantity(h.item, h.count),
            equipped: h.equipped,
        })
        .collect();
    let leads = !world.stack_children(u).is_empty();
    let load = if leads {
        stack_load(world, rules, u)
    } else {
        Load::of_unit(rules, unit)
    };
    let skills = unit
        .skills
        .iter()
        .filter_map(|k| {
            let s = rules.skills.get(k.skill)?;
            Some(Skill {
                skill: skill_level(rules, k.skill, s.level_for(k.experience)),
                days: k.experience / 100,
            })
        })
        .collect();
    Some(model::Unit {
        unit: names.unit_ref(u),
        location: world
            .locations
            .get(unit.location)
            .map(|_| names.place_ref(unit.location)),
        titles: names
            .titles_of(u)
            .iter()
            .map(|&(t, seat)| names.seat_ref(t, seat))
            .collect(),
        figures,
        possessions,
        weight: load.weight(),
        stack_weight: leads,
        capacity: capacity(&load),
        skills,
        may_learn: names
            .may_learn(unit)
            .into_iter()
            .map(|(s, level)| skill_level(rules, s, level))
            .collect(),
        stats: ratings(
            &visibility::ratings(world, rules, unit),
            control::needed(rules, unit),
        ),
        mana: {
            let maximum = control::max_mana(rules, unit);
            (maximum > 0 || unit.mana > 0).then_some(model::Mana {
                current: unit.mana,
                maximum,
            })
        },
        // The setting it fights with, a default included.
        tactic: crate::combat::muster::setting_of(rules, unit).text(),
        combat: &unit.combat_orders,
        upkeep: race.map_or(0, |r| u64::from(r.upkeep)) * u64::from(unit.figures),
        actions: Vec::new(),
    })
}

/// The section's text, its actions left out.
pub fn render(unit: &model::Unit<'_>, out: &mut String) {
    let _ = write!(out, "{}", unit.unit);
    if let Some(l) = &unit.location {
        let _ = write!(out, " at {l}");
    }
    // A title of the rules, at its seat's bare name.
    for t in unit.titles.iter().filter(|t| t.title.id.is_some()) {
        let place = if t.seat.id.is_some() {
            &t.seat.name
        } else {
            ""
        };
        let _ = write!(out, ", {} of {place}", one_line(&t.title.name));
    }
    out.push('\n');

    let _ = write!(out, "  {}", unit.figures);
    let held: Vec<String> = unit
        .possessions
        .iter()
        .map(|p| {
            if p.equipped > 0 {
                format!("{} ({} equipped)", p.item, p.equipped)
            } else {
                p.item.to_string()
            }
        })
        .collect();
    if held.is_empty() {
        out.push_str(".\n");
    } else {
        let _ = writeln!(out, ", has: {}.", held.join(", "));
    }
    let _ = writeln!(
        out,
        "  {} {}. {}",
        if unit.stack_weight {
            "Stack weight"
        } else {
            "Weight"
        },
        unit.weight,
        capacities(&unit.capacity)
    );
    let skills: Vec<String> = unit
        .skills
        .iter()
        .map(|k| {
            // Below 1st level the unit is a novice (OV-SKL-002).
            let novice = if k.skill.level == 0 { "novice " } else { "" };
            format!("{novice}{} ({})", skill_text(&k.skill), k.days)
        })
        .collect();
    if !skills.is_empty() {
        let _ = writeln!(out, "  Skills: {}.", skills.join(", "));
    }
    let may: Vec<String> = unit.may_learn.iter().map(skill_text).collect();
    if !may.is_empty() {
        let _ = writeln!(out, "  May learn: {}.", may.join(", "));
    }
    let _ = writeln!(out, "  Stats: {}.", stats(&unit.stats));
    if let Some(m) = unit.mana {
        let _ = writeln!(out, "  Mana: {} of {}.", m.current, m.maximum);
    }
    let _ = write!(out, "  Tactic: {}.", unit.tactic);
    if !unit.combat.is_empty() {
        let _ = write!(out, " Combat: {}.", unit.combat.join(" "));
    }
    out.push('\n');
    let _ = writeln!(out, "  Upkeep: {} coins.", unit.upkeep);
}

/// "1st combat [cmbt]"; a level below the first gives the bare name.
pub(crate) fn skill_name(rules: &Rules, skill: SkillId, level: u8) -> String {
    skill_text(&skill_level(rules, skill, level))
}

/// A load's capacity by mode, below zero read as zero.
pub(crate) fn capacity(load: &Load) -> Capacity {
    let c = |m| u64::try_from(load.capacity(m)).unwrap_or(0);
    Capacity {
        walking: c(Movement::Walk),
        riding: c(Movement::Ride),
        flying: c(Movement::Fly),
        swimming: c(Movement::Swim),
        climbing: c(Movement::Climb),
    }
}

/// "Capacity 591, riding 515": walking first (even at zero), then every
/// other mode with a capacity above zero.
pub(crate) fn capacities(c: &Capacity) -> String {
    let mut out = format!("Capacity {}", c.walking);
    for (c, word) in [
        (c.riding, "riding"),
        (c.flying, "flying"),
        (c.swimming, "swimming"),
        (c.climbing, "climbing"),
    ] {
        if c > 0 {
            let _ = write!(out, ", {word} {c}");
        }
    }
    out.push('.');
    out
}

/// A unit's ratings and the control points it costs.
pub(crate) fn ratings(s: &Stats, control_points: u32) -> Ratings {
    Ratings {
        initiative: s.initiative,
        melee: s.melee,
        missile: s.missile,
        defense: s.defense,
        damage: s.damage,
        ranged_damage: s.ranged_damage,
        life: s.life,
        hits: s.hits,
        stealth: s.stealth,
        observation: s.observation,
        mana: s.mana,
        control_points,
    }
}

/// "ini 2, att 1, def 1, dmg 1, life 4, obs 4, CP 2": the ratings that
/// differ from their defaults, then the control points. Every rating
/// defaults to 0 but life and hits, whose default is 1 (OV-UNIT-009;
/// hits are kept from 0, battle counting at least 1): life 1, hits 0 and
/// hits 1 are left out.
pub(crate) fn stats(s: &Ratings) -> String {
    let mut parts: Vec<String> = [
        ("ini", s.initiative),
        ("att", s.melee),
        ("mis", s.missile),
        ("def", s.defense),
        ("dmg", s.damage),
        ("rng", s.ranged_damage),
        ("life", s.life),
        ("hit", s.hits),
        ("ste", s.stealth),
        ("obs", s.observation),
        ("mana", s.mana),
    ]
    .into_iter()
    .filter(|&(k, v)| v != 0 && !(v == 1 && matches!(k, "life" | "hit")))
    .map(|(k, v)| format!("{k} {v}"))
    .collect();
    parts.push(format!("CP {}", s.control_points));
    parts.join(", ")
}

/// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st.
pub(crate) fn ordinal(n: u8) -> String {
    format!("{n}{}", suffix(n))
}

/// The ending of `n`'s ordinal: "st", "nd", "rd", "th".
pub(crate) fn suffix(n: u8) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_as_the_sample_report_writes_them() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}
