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
//! - Skills with their level as an ordinal (none for a skill below 1st)
//!   and whole days of experience.
//! - The battle settings: TACTIC in canonical form and the COMBAT list.
//! - Weight and capacities (OV-REP-011): "Weight 480. Capacity 591,
//!   riding 515." — walking first, then every other mode with a capacity
//!   above zero. A unit leading a stack gives its stack's totals, headed
//!   "Stack weight" so the reader knows whose they are.
//! - May learn (OV-REP-013): every skill the unit may study now unaided,
//!   with the level study leads to ([`learnable::may_learn`]).
//! - Stats (OV-REP-014): the unit's per-figure ratings
//!   ([`visibility::ratings`]) that are not zero, abbreviated as the
//!   rules' "Unit Statistics" list does (ini, att, mis, def, dmg, rng,
//!   life, hit, ste, obs, mana), then the control points it costs (CP).
//!   Decision OV-REP-014: "non-default" is read as "not zero"; a race's
//!   own ratings are shown too, since a reader cannot tell them apart from
//!   bonuses otherwise.
//! - Upkeep: the race's monthly upkeep per figure.

use std::fmt::Write as _;

use crate::combat::setting::Setting;
use crate::orders::print::one_line;
use crate::rules::{Movement, Rules, SkillId, Stats};
use crate::turn::travel::load::{Load, stack_load};
use crate::turn::{control, learnable, visibility};
use crate::world::{UnitId, World};

use super::names::Names;

/// The section of unit `u`; an unknown unit gives an empty string.
pub fn section(world: &World, rules: &Rules, u: UnitId) -> String {
    let names = Names::new(world, rules);
    section_named(&names, u)
}

/// [`section`] with the turn's [`Names`] built once for every report.
pub fn section_named(names: &Names<'_>, u: UnitId) -> String {
    let (world, rules) = (names.world, names.rules);
    let held = names.titles_of(u);
    let Some(unit) = world.units.get(u) else {
        return String::new();
    };
    let mut out = String::new();
    let _ = write!(out, "{} [{}]", one_line(&unit.name), unit.code());
    if let Some(l) = world.locations.get(unit.location) {
        let _ = write!(out, " at {} [{}]", one_line(&l.name), l.code());
    }
    for &(title, seat) in held {
        if let Some(t) = rules.titles.get(title) {
            let place = world.locations.get(seat).map_or("", |x| x.name.as_str());
            let _ = write!(out, ", {} of {}", one_line(&t.name), one_line(place));
        }
    }
    out.push('\n');

    let race = rules.races.get(unit.race);
    let _ = write!(
        out,
        "  {} {} [{}]",
        unit.figures,
        race.map_or("figures", |r| if unit.figures == 1 {
            &r.name
        } else {
            &r.plural
        }),
        race.map_or("?", |r| r.tag.as_str())
    );
    let held: Vec<String> = unit
        .items
        .iter()
        .filter(|h| h.count > 0)
        .filter_map(|h| {
            let item = rules.items.get(h.item)?;
            let name = if h.count == 1 {
                &item.name
            } else {
                &item.plural
            };
            let equipped = if h.equipped > 0 {
                format!(" ({} equipped)", h.equipped)
            } else {
                String::new()
            };
            Some(format!("{} {name} [{}]{equipped}", h.count, item.tag))
        })
        .collect();
    if held.is_empty() {
        out.push_str(".\n");
    } else {
        let _ = writeln!(out, ", has: {}.", held.join(", "));
    }

    let leads = !world.stack_children(u).is_empty();
    let load = if leads {
        stack_load(world, rules, u)
    } else {
        Load::of_unit(rules, unit)
    };
    let _ = writeln!(
        out,
        "  {} {}. {}",
        if leads { "Stack weight" } else { "Weight" },
        load.weight(),
        capacities(&load)
    );

    let skills: Vec<String> = unit
        .skills
        .iter()
        .filter_map(|k| {
            let s = rules.skills.get(k.skill)?;
            let level = s.level_for(k.experience);
            Some(format!(
                "{} ({})",
                skill_name(rules, k.skill, level),
                k.experience / 100
            ))
        })
        .collect();
    if !skills.is_empty() {
        let _ = writeln!(out, "  Skills: {}.", skills.join(", "));
    }
    let may: Vec<String> = learnable::may_learn(rules, unit)
        .into_iter()
        .map(|(s, level)| skill_name(rules, s, level))
        .collect();
    if !may.is_empty() {
        let _ = writeln!(out, "  May learn: {}.", may.join(", "));
    }
    let _ = writeln!(
        out,
        "  Stats: {}.",
        stats(
            &visibility::ratings(rules, unit),
            control::needed(rules, unit)
        )
    );

    let _ = write!(
        out,
        "  Tactic: {}.",
        Setting::parse(&unit.tactics.text).text()
    );
    if !unit.combat_orders.is_empty() {
        let _ = write!(out, " Combat: {}.", unit.combat_orders.join(" "));
    }
    out.push('\n');
    let upkeep = race.map_or(0, |r| u64::from(r.upkeep)) * u64::from(unit.figures);
    let _ = writeln!(out, "  Upkeep: {upkeep} coins.");
    out
}

/// "1st combat [cmbt]"; a level below the first gives the bare name.
pub(crate) fn skill_name(rules: &Rules, skill: SkillId, level: u8) -> String {
    let Some(s) = rules.skills.get(skill) else {
        return String::new();
    };
    if level > 0 {
        format!("{} {} [{}]", ordinal(level), s.name, s.tag)
    } else {
        format!("{} [{}]", s.name, s.tag)
    }
}

/// "Capacity 591, riding 515": walking first (even at zero), then every
/// other mode with a capacity above zero.
pub(crate) fn capacities(load: &Load) -> String {
    let mut out = format!("Capacity {}", load.capacity(Movement::Walk).max(0));
    for (mode, word) in [
        (Movement::Ride, "riding"),
        (Movement::Fly, "flying"),
        (Movement::Swim, "swimming"),
        (Movement::Climb, "climbing"),
    ] {
        let c = load.capacity(mode);
        if c > 0 {
            let _ = write!(out, ", {word} {c}");
        }
    }
    out.push('.');
    out
}

/// "ini 2, att 1, def 1, dmg 1, life 4, obs 4, CP 2": the ratings that
/// are not zero, then the control points.
pub(crate) fn stats(s: &Stats, control_points: u32) -> String {
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
    .filter(|(_, v)| *v != 0)
    .map(|(k, v)| format!("{k} {v}"))
    .collect();
    parts.push(format!("CP {control_points}"));
    parts.join(", ")
}

/// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st.
pub(crate) fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
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
