//! A battle from a scenario file (TOML): the sides, their Big Men, Groups
//! and Blinds, the seed, and any rulings switched for the game.
//!
//! ```toml
//! name = "The farm at Vimeiro"
//! seed = 7
//! sides = ["British", "French"]
//! [rulings]
//! tap-duration = "until-reload"
//! [[big_man]]
//! name = "Captain Sharp"
//! side = "British"
//! status = "III"
//! group = "rifles"
//! [[group]]
//! name = "rifles"
//! side = "British"
//! men = 8
//! quality = "elite"
//! arm = "light-infantry"
//! weapon = "rifle"
//! formation = "skirmish"
//! chosen_man = true
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::deck::{builtin_bonus_deck, shuffle, start_turn};
use crate::error::SharpError;
use crate::model::{Arm, Character, Formation, Instrument, Quality, Status, Weapon};
use crate::state::{Battle, BigMan, Blind, Group, Side, Wound};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    name: String,
    seed: u64,
    sides: Vec<String>,
    #[serde(default)]
    rulings: BTreeMap<String, String>,
    #[serde(default)]
    big_man: Vec<BigManEntry>,
    #[serde(default)]
    group: Vec<GroupEntry>,
    #[serde(default)]
    blind: Vec<BlindEntry>,
    /// The game's own bonus deck, in the format of data/deck.toml; the
    /// built-in deck when absent (ruling `deck`).
    #[serde(default)]
    bonus_card: Vec<toml::Value>,
    /// Cards added to every turn's main deck (national cards, events).
    #[serde(default)]
    main_card: Vec<MainCardEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MainCardEntry {
    name: String,
    side: Option<String>,
    text: String,
    #[serde(default = "one")]
    count: u32,
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BigManEntry {
    name: String,
    side: String,
    status: String,
    #[serde(default = "robust")]
    physique: u32,
    group: Option<String>,
    musician: Option<String>,
}

fn robust() -> u32 {
    3
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupEntry {
    name: String,
    side: String,
    men: u32,
    quality: String,
    #[serde(default)]
    character: Option<String>,
    arm: String,
    weapon: String,
    #[serde(default)]
    formation: Option<String>,
    #[serde(default)]
    mounted: Option<bool>,
    #[serde(default)]
    chosen_man: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BlindEntry {
    name: String,
    side: String,
    #[serde(default)]
    groups: Vec<String>,
    #[serde(default)]
    big_men: Vec<String>,
}

fn word<T>(
    file: &str,
    entry: &str,
    what: &'static str,
    given: &str,
    parse: fn(&str) -> Option<T>,
    names: impl Iterator<Item = &'static str> + Clone,
) -> Result<T, SharpError> {
    parse(given).ok_or_else(|| SharpError::Data {
        file: file.to_string(),
        entry: entry.to_string(),
        message: SharpError::unknown(what, given, names).to_string(),
    })
}

/// Read a scenario and start its first turn (deck shuffled, bonus deck
/// shuffled, rulings checked).
/// The most men a Group may start with. The rules' Groups are a dozen
/// or so figures (merging is for two Groups of 6 or fewer; a column of
/// two Groups needs 12 figures); 30 leaves room for a house rule's
/// larger Groups and keeps every dice pool a table could roll.
pub const MAX_GROUP_MEN: u32 = 30;

pub fn battle_from_toml(file: &str, text: &str) -> Result<Battle, SharpError> {
    let s: Scenario = toml::from_str(text).map_err(|e| SharpError::Data {
        file: file.to_string(),
        entry: "(file)".to_string(),
        message: e.to_string(),
    })?;
    let r = Reading { file, scenario: &s };
    let data = |entry: &str, message: String| r.data(entry, message);
    if s.sides.len() < 2 {
        return Err(data("sides", "a battle needs two sides".into()));
    }
    let side_ok = |side: &str, entry: &str| r.side_ok(side, entry);
    let mut groups = r.groups()?;
    let big_men = r.big_men(&groups)?;
    let blinds = r.blinds(&mut groups)?;
    let mut battle = Battle {
        name: s.name.clone(),
        seed: s.seed,
        turn: 1,
        sides: s
            .sides
            .iter()
            .map(|n| Side {
                name: n.clone(),
                hand: Vec::new(),
            })
            .collect(),
        big_men,
        groups,
        formations: Vec::new(),
        blinds,
        deck: Vec::new(),
        drawn: Vec::new(),
        bonus_deck: if s.bonus_card.is_empty() {
            builtin_bonus_deck()?.to_vec()
        } else {
            let mut table = toml::map::Map::new();
            table.insert("card".to_string(), toml::Value::Array(s.bonus_card.clone()));
            let text = toml::to_string(&toml::Value::Table(table))
                .map_err(|e| data("bonus_card", e.to_string()))?;
            crate::deck::bonus_deck_from_toml(file, &text)?
        },
        bonus_discards: Vec::new(),
        active: None,
        rulings: s
            .rulings
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        rolls: umpire_core::session::RollCounts::default(),
        extra_cards: Vec::new(),
    };
    for c in &s.main_card {
        let side = match &c.side {
            Some(x) => Some(side_ok(x, &format!("main_card.{}", c.name))?),
            None => None,
        };
        for _ in 0..c.count {
            battle.extra_cards.push(crate::state::Card::Extra {
                name: c.name.clone(),
                side: side.clone(),
                text: c.text.clone(),
            });
        }
    }
    let rulings = battle
        .rulings()
        .map_err(|e| data("rulings", e.to_string()))?;
    let mut dice = umpire_core::dice::Dice::from_seed(battle.seed).derive("bonus-deck");
    shuffle(&mut battle.bonus_deck, &mut dice);
    start_turn(&mut battle, &rulings);
    Ok(battle)
}

/// A scenario being read, for its entries' errors.
struct Reading<'a> {
    file: &'a str,
    scenario: &'a Scenario,
}

impl Reading<'_> {
    fn data(&self, entry: &str, message: String) -> SharpError {
        SharpError::Data {
            file: self.file.to_string(),
            entry: entry.to_string(),
            message,
        }
    }

    /// A side, as the scenario names it.
    fn side_ok(&self, side: &str, entry: &str) -> Result<String, SharpError> {
        let sides = &self.scenario.sides;
        sides
            .iter()
            .find(|x| x.eq_ignore_ascii_case(side))
            .cloned()
            .ok_or_else(|| {
                self.data(
                    entry,
                    format!("`{side}` is not one of the sides ({})", sides.join(", ")),
                )
            })
    }

    /// The Groups, each checked.
    fn groups(&self) -> Result<Vec<Group>, SharpError> {
        let mut groups = Vec::new();
        for g in &self.scenario.group {
            let entry = format!("group.{}", g.name);
            let arm = word(self.file, &entry, "arm", &g.arm, Arm::parse, Arm::names())?;
            let weapon = word(
                self.file,
                &entry,
                "weapon",
                &g.weapon,
                Weapon::parse,
                Weapon::names(),
            )?;
            let formation = match &g.formation {
                Some(f) => word(
                    self.file,
                    &entry,
                    "formation",
                    f,
                    Formation::parse,
                    Formation::names(),
                )?,
                None => Formation::Unformed,
            };
            if groups
                .iter()
                .any(|x: &Group| x.name.eq_ignore_ascii_case(&g.name))
            {
                return Err(self.data(&entry, "two Groups with this name".into()));
            }
            if g.men == 0 {
                return Err(self.data(&entry, "a Group needs at least one man".into()));
            }
            if g.men > MAX_GROUP_MEN {
                return Err(self.data(
                    &entry,
                    format!(
                        "{} men is more than a Group holds: at most {MAX_GROUP_MEN} (two Groups of 6 or fewer may merge; a Formation joins Groups)",
                        g.men
                    ),
                ));
            }
            if g.chosen_man && !(arm == Arm::LightInfantry && weapon == Weapon::Rifle) {
                return Err(self.data(
                    &entry,
                    "a chosen man belongs to a rifle-armed light infantry Group (SP-CM-001)".into(),
                ));
            }
            groups.push(Group {
                name: g.name.clone(),
                side: self.side_ok(&g.side, &entry)?,
                men: g.men,
                quality: word(
                    self.file,
                    &entry,
                    "quality",
                    &g.quality,
                    Quality::parse,
                    Quality::names(),
                )?,
                character: match &g.character {
                    Some(c) => word(
                        self.file,
                        &entry,
                        "character",
                        c,
                        Character::parse,
                        Character::names(),
                    )?,
                    None => Character::Ordinary,
                },
                arm,
                weapon,
                formation,
                formation_of: None,
                mounted: g.mounted.unwrap_or(arm == Arm::Cavalry),
                shock: 0,
                loaded: true,
                tap_loaded: false,
                first_volley_used: false,
                chosen_man: g.chosen_man,
                chosen_man_spent: false,
                ready: false,
                gunners_lost: 0,
                conditions: Vec::new(),
                hidden: false,
                next_turn_limit: None,
            });
        }
        Ok(groups)
    }

    /// The Big Men, each in a Group that exists.
    fn big_men(&self, groups: &[Group]) -> Result<Vec<BigMan>, SharpError> {
        let mut big_men = Vec::new();
        for b in &self.scenario.big_man {
            let entry = format!("big_man.{}", b.name);
            if let Some(g) = &b.group {
                if !groups.iter().any(|x| x.name.eq_ignore_ascii_case(g)) {
                    return Err(self.data(&entry, format!("no Group called `{g}`")));
                }
            }
            if b.physique > 3 {
                return Err(self.data(&entry, "physique is 0 (Sickly Cove) to 3 (Robust)".into()));
            }
            big_men.push(BigMan {
                name: b.name.clone(),
                side: self.side_ok(&b.side, &entry)?,
                status: word(
                    self.file,
                    &entry,
                    "status",
                    &b.status,
                    Status::parse,
                    Status::names(),
                )?,
                physique: b.physique,
                wound: Wound::Unhurt,
                group: b.group.clone(),
                musician: match &b.musician {
                    Some(m) => Some(word(
                        self.file,
                        &entry,
                        "instrument",
                        m,
                        Instrument::parse,
                        Instrument::names(),
                    )?),
                    None => None,
                },
                conditions: Vec::new(),
                off_table: false,
            });
        }
        Ok(big_men)
    }

    /// The Blinds; the Groups under them are hidden.
    fn blinds(&self, groups: &mut [Group]) -> Result<Vec<Blind>, SharpError> {
        let mut blinds = Vec::new();
        for b in &self.scenario.blind {
            let entry = format!("blind.{}", b.name);
            for g in &b.groups {
                let Some(group) = groups.iter_mut().find(|x| x.name.eq_ignore_ascii_case(g)) else {
                    return Err(self.data(&entry, format!("no Group called `{g}`")));
                };
                group.hidden = true;
            }
            blinds.push(Blind {
                name: b.name.clone(),
                side: self.side_ok(&b.side, &entry)?,
                groups: b.groups.clone(),
                big_men: b.big_men.clone(),
            });
        }
        Ok(blinds)
    }
}

/// The built-in scenario, `vimeiro`: the demo battle, played when no
/// scenario is given.
pub const VIMEIRO: &str = include_str!("../scenarios/vimeiro.toml");
