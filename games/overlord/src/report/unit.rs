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
//! - Upkeep: the race's monthly upkeep per figure.
//!
//! Weight and capacities, the may-learn list and statistics follow in the
//! next part of issue 7.

use std::fmt::Write as _;

use crate::combat::setting::Setting;
use crate::orders::print::one_line;
use crate::rules::Rules;
use crate::world::{UnitId, World};

/// The section of unit `u`; an unknown unit gives an empty string.
pub fn section(world: &World, rules: &Rules, u: UnitId) -> String {
    let Some(unit) = world.units.get(u) else {
        return String::new();
    };
    let mut out = String::new();
    let _ = write!(out, "{} [{}]", one_line(&unit.name), unit.code());
    if let Some(l) = world.locations.get(unit.location) {
        let _ = write!(out, " at {} [{}]", one_line(&l.name), l.code());
    }
    for (seat, l) in world.locations.iter() {
        for s in l.titles.iter().filter(|s| s.holder == Some(u)) {
            if let Some(t) = rules.titles.get(s.title) {
                let place = world.locations.get(seat).map_or("", |x| x.name.as_str());
                let _ = write!(out, ", {} of {}", one_line(&t.name), one_line(place));
            }
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

    let skills: Vec<String> = unit
        .skills
        .iter()
        .filter_map(|k| {
            let s = rules.skills.get(k.skill)?;
            let level = s.level_for(k.experience);
            let ordinal = if level > 0 {
                format!("{} ", ordinal(level))
            } else {
                String::new()
            };
            Some(format!(
                "{ordinal}{} [{}] ({})",
                s.name,
                s.tag,
                k.experience / 100
            ))
        })
        .collect();
    if !skills.is_empty() {
        let _ = writeln!(out, "  Skills: {}.", skills.join(", "));
    }

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
