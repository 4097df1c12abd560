//! A battle described in a small TOML file, for the battle simulator
//! (`umpire overlord battle FILE`): two lists of units
//! with their race, figures, skills, equipment, TACTIC and COMBAT.
//!
//! ```toml
//! seed = 7                      # optional: the dice
//!
//! [[attacker]]
//! name = "Swordsmen"            # optional
//! unit = 12                     # optional: the number shown (U12)
//! race = "man"
//! figures = 20
//! skills = { cmbt = 2, blde = 1 }   # skill tag = level
//! items = { swrd = 20 }             # item tag = how many, all equipped
//! tactic = "FIGHT FRONT CENTER CHARGE"
//! combat = "MELEE"
//! mana = 3                          # optional: a mage's mana
//!
//! [[defender]]
//! race = "ldr"
//! figures = 1
//! ```
//!
//! A unit knows its race's innate skills besides those written (as a
//! recruit does). A mage without `mana` starts with its maximum. The
//! COMBAT list may name skill and item tags: a skill the unit knows at a
//! level with a combat action, an item it holds with one; any other tag
//! is fought as impossible and skipped, as in the game.
//!
//! Items are equipped as written, up to each item's per-figure maximum;
//! whether the unit has the skill to equip them is not checked, so a game
//! master can try anything. Every tag is checked against the rules, with
//! a suggestion for a near miss; every problem is reported at once.

use std::collections::BTreeMap;

use serde::Deserialize;
use umpire_core::ids::TypedId;
use umpire_core::text::suggest;

use crate::orders::words::{CombatMove, Engage, File, Rank};
use crate::rules::Rules;
use crate::world::{FactionId, LocationId, Unit};

use super::army::Fighter;
use super::field::Side;
use super::muster;

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BattleFile {
    seed: Option<u64>,
    #[serde(default)]
    attacker: Vec<UnitSpec>,
    #[serde(default)]
    defender: Vec<UnitSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitSpec {
    name: Option<String>,
    unit: Option<u32>,
    race: String,
    figures: u32,
    #[serde(default)]
    skills: BTreeMap<String, u8>,
    #[serde(default)]
    items: BTreeMap<String, u64>,
    tactic: Option<String>,
    combat: Option<String>,
    mana: Option<u32>,
}

/// A battle ready to fight.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub seed: Option<u64>,
    pub fighters: Vec<Fighter>,
    /// Each fighter's name, in the same order.
    pub names: Vec<String>,
}

fn near(word: &str, tags: impl Iterator<Item = String>) -> String {
    let tags: Vec<String> = tags.collect();
    match suggest(word, tags.iter().map(String::as_str)) {
        Some(s) => format!(" (did you mean `{s}`?)"),
        None => String::new(),
    }
}

/// Read a battle description; every problem is listed.
pub fn parse(rules: &Rules, text: &str) -> Result<Scenario, Vec<String>> {
    let file: BattleFile = toml::from_str(text).map_err(|e| vec![e.to_string()])?;
    let mut problems = Vec::new();
    if file.attacker.is_empty() {
        problems.push("no [[attacker]] units: a battle needs two sides".to_string());
    }
    if file.defender.is_empty() {
        problems.push("no [[defender]] units: a battle needs two sides".to_string());
    }
    let mut fighters = Vec::new();
    let mut names = Vec::new();
    let mut next = 1u32;
    let sides = [
        (Side::Attacker, &file.attacker),
        (Side::Defender, &file.defender),
    ];
    for (side, specs) in sides {
        for (i, spec) in specs.iter().enumerate() {
            let at = format!(
                "{} {}",
                match side {
                    Side::Attacker => "attacker",
                    Side::Defender => "defender",
                },
                i + 1
            );
            let number = spec.unit.unwrap_or(next);
            next = next.max(number) + 1;
            match unit(rules, spec, number, side, &at) {
                Ok(u) => {
                    names.push(
                        spec.name
                            .clone()
                            .unwrap_or_else(|| rules.races[u.race].name.clone()),
                    );
                    fighters.push(muster::fighter(rules, &u, side));
                }
                Err(mut e) => problems.append(&mut e),
            }
        }
    }
    if problems.is_empty() {
        Ok(Scenario {
            seed: file.seed,
            fighters,
            names,
        })
    } else {
        Err(problems)
    }
}

fn unit(
    rules: &Rules,
    spec: &UnitSpec,
    number: u32,
    side: Side,
    at: &str,
) -> Result<Unit, Vec<String>> {
    let mut problems = Vec::new();
    let race = rules.race(&spec.race);
    if race.is_none() {
        problems.push(format!(
            "{at}: there is no race `{}`{}",
            spec.race,
            near(&spec.race, rules.races.values().map(|r| r.tag.clone()))
        ));
    }
    if spec.figures == 0 {
        problems.push(format!("{at}: a unit needs at least 1 figure"));
    }
    let faction = FactionId::from_index(side.index());
    let mut u = Unit::new(
        number,
        faction,
        race.unwrap_or_else(|| crate::rules::RaceId::from_index(0)),
        spec.figures,
        LocationId::from_index(0),
    );
    if let Some(r) = race.and_then(|r| rules.races.get(r)) {
        for k in &r.skills {
            u.learn(k.skill.id(), k.experience);
        }
    }
    for (tag, &level) in &spec.skills {
        let Some(s) = rules.skill(tag) else {
            problems.push(format!(
                "{at}: there is no skill `{tag}`{}",
                near(tag, rules.skills.values().map(|s| s.tag.clone()))
            ));
            continue;
        };
        let levels = &rules.skills[s].levels;
        match usize::from(level)
            .checked_sub(1)
            .and_then(|l| levels.get(l))
        {
            Some(l) => u.learn(s, l.experience),
            None => problems.push(format!(
                "{at}: skill `{tag}` has levels 1 to {}, not {level}",
                levels.len()
            )),
        }
    }
    for (tag, &n) in &spec.items {
        let Some(item) = rules.item(tag) else {
            problems.push(format!(
                "{at}: there is no item `{tag}`{}",
                near(tag, rules.items.values().map(|i| i.tag.clone()))
            ));
            continue;
        };
        let max = rules.items[item]
            .equip
            .as_ref()
            .map_or(0, |e| u64::from(e.max.max(1)) * u64::from(spec.figures));
        u.add_items(item, n, n.min(max));
    }
    if let Some(t) = &spec.tactic {
        for w in t.split_whitespace() {
            let known = Engage::from_word(w).is_some()
                || Rank::from_word(w).is_some()
                || File::from_word(w).is_some()
                || CombatMove::from_word(w).is_some();
            if !known {
                problems.push(format!(
                    "{at}: `{w}` is not a battle setting (AVOID|DEFEND|FIGHT, FRONT|MIDDLE|REAR, LEFT|CENTER|RIGHT, FLEE|RETREAT|STAND|ADVANCE|SWEEP|FLANK|CHARGE|FIRE|SUPPORT)"
                ));
            }
        }
        u.tactics.text = t.clone();
    }
    if let Some(c) = &spec.combat {
        u.combat_orders = vec![c.clone()];
    }
    u.mana = spec
        .mana
        .unwrap_or_else(|| crate::figures::mana::maximum(rules, &u));
    if problems.is_empty() {
        Ok(u)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        match Rules::bundled() {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_described_battle_reads_into_fighters() {
        let r = rules();
        let text = r#"
seed = 7
[[attacker]]
name = "Swordsmen"
unit = 12
race = "man"
figures = 20
skills = { cmbt = 2, blde = 1 }
items = { swrd = 20 }
tactic = "FIGHT FRONT LEFT CHARGE"
combat = "MELEE"

[[defender]]
race = "ldr"
figures = 1
"#;
        let s = match parse(&r, text) {
            Ok(s) => s,
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(s.seed, Some(7));
        assert_eq!(s.names, ["Swordsmen", "leader"]);
        assert_eq!(s.fighters[0].number, 12);
        assert_eq!(s.fighters[1].number, 13);
        // cmbt 2: +2/+2; blades 1: +1/+1 (data); sword +3 melee, +2 defence.
        assert_eq!(s.fighters[0].ratings.damage, 2);
        assert_eq!(s.fighters[0].alive(), 20);
        assert_eq!(s.fighters[0].side, Side::Attacker);
    }

    #[test]
    fn every_mistake_is_named_with_a_suggestion() {
        let r = rules();
        let text = r#"
[[attacker]]
race = "mann"
figures = 0
skills = { cmbtt = 1, cmbt = 9 }
items = { swrdd = 1 }
tactic = "FIGHT SIDEWAYS"
"#;
        let e = match parse(&r, text) {
            Ok(_) => panic!("accepted"),
            Err(e) => e,
        };
        assert_eq!(
            e,
            [
                "no [[defender]] units: a battle needs two sides",
                "attacker 1: there is no race `mann` (did you mean `man`?)",
                "attacker 1: a unit needs at least 1 figure",
                "attacker 1: skill `cmbt` has levels 1 to 7, not 9",
                "attacker 1: there is no skill `cmbtt` (did you mean `cmbt`?)",
                "attacker 1: there is no item `swrdd` (did you mean `swrd`?)",
                "attacker 1: `SIDEWAYS` is not a battle setting (AVOID|DEFEND|FIGHT, FRONT|MIDDLE|REAR, LEFT|CENTER|RIGHT, FLEE|RETREAT|STAND|ADVANCE|SWEEP|FLANK|CHARGE|FIRE|SUPPORT)",
            ]
        );
        let bad = parse(&r, "seed = \"x\"").err().unwrap_or_default();
        assert_eq!(bad.len(), 1);
        assert!(bad[0].contains("line 1"), "{}", bad[0]);
    }
}
