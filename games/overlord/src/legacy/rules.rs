//! Converting the original engine's rules files (`items.rules`,
//! `skills.rules`…) into our [`Tables`].
//!
//! Everything the conversion cannot place is reported as a [`Note`] with
//! file and line, never dropped silently. The notes on the reference game
//! are listed in `RULES-DECISIONS.md`.

use std::collections::BTreeSet;

use crate::rules::Tables;
use crate::rules::climate::{Season, Weather, WeatherOdds};
use crate::rules::combat::{Combat, CombatActionKind, CombatTarget, DamageType, Grant};
use crate::rules::common::{
    Bonuses, Capacity, EquipSlot, ItemCount, Movement, MovementBonus, Ref, SkillBonus, SkillLevel,
    Stats,
};
use crate::rules::constructions::{
    Construction, ConstructionProduct, SkillExperience, Vessel, Work, WorkCount,
};
use crate::rules::enchantments::{Action, ActionKind, Disease, Enchantment};
use crate::rules::items::{Equip, Item, ItemFlags};
use crate::rules::races::{InnateSkill, Race, RaceKind, StudentType};
use crate::rules::skills::{
    Harvest, Learning, Level, Produces, Product, Skill, SkillFlags, SkillUse, Summoned, Summons,
    UseKind, UseTarget,
};
use crate::rules::terrains::{Terrain, TerrainResource, TravelDays};
use crate::rules::titles::Title;

use super::blocks::{Block, Line, read_file};

/// Something in the original files that the conversion could not map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub file: String,
    pub line: u32,
    pub entry: String,
    pub message: String,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.file, self.line, self.entry, self.message
        )
    }
}

/// The texts of the rules files, by file name (`skills.rules`).
pub trait RulesFiles {
    fn text(&self, name: &str) -> Option<&str>;
}

impl RulesFiles for std::collections::BTreeMap<String, String> {
    fn text(&self, name: &str) -> Option<&str> {
        self.get(name).map(String::as_str)
    }
}

/// Experience at or above which a level cannot be reached.
pub const CLOSED_LEVEL: u32 = 999_999;

/// Built-in engine actions the reference skills produce but never define.
const BUILTIN_ACTIONS: &[(&str, &str, ActionKind)] = &[
    ("evtsigh", "reconnaissance", ActionKind::Reconnoitre),
    ("evtblwl", "wall building", ActionKind::BuildWall),
    ("evtblpf", "platform building", ActionKind::BuildPlatform),
    ("evtskxx", "test action", ActionKind::Test),
];

/// Convert a whole rules set. Missing files count as empty and are noted.
pub fn convert(files: &dyn RulesFiles) -> (Tables, Vec<Note>) {
    let mut c = Converter::default();
    let get = |name: &str, c: &mut Converter| -> String {
        match files.text(name) {
            Some(t) => t.to_string(),
            None => {
                c.note(name, 0, "", "file missing; treated as empty".into());
                String::new()
            }
        }
    };
    // Tag sets first: skills' PRODUCES lines may name items, constructions,
    // works, enchantments or actions.
    let texts: Vec<(&str, String)> = [
        "items.rules",
        "skills.rules",
        "races.rules",
        "terrains.rules",
        "titles.rules",
        "constructions.rules",
        "construction_works.var",
        "enchantments.rules",
        "fx_actions.rules",
        "effects.rules",
        "seasons.rules",
        "weathers.rules",
    ]
    .into_iter()
    .map(|n| (n, get(n, &mut c)))
    .collect();
    let text = |n: &str| -> &str {
        texts
            .iter()
            .find(|(k, _)| *k == n)
            .map_or("", |(_, t)| t.as_str())
    };
    c.known = KnownTags::collect(&texts);

    let mut t = Tables::default();
    for b in read_file(text("items.rules"), Some("ITEM")).blocks {
        t.items.push(c.item(&b));
    }
    for b in read_file(text("skills.rules"), Some("SKILL")).blocks {
        t.skills.push(c.skill(&b));
    }
    for b in read_file(text("races.rules"), Some("RACE")).blocks {
        if let Some(r) = c.race(&b) {
            t.races.push(r);
        }
    }
    for b in read_file(text("terrains.rules"), Some("TERRAIN")).blocks {
        t.terrains.push(c.terrain(&b));
    }
    for b in read_file(text("titles.rules"), Some("TITLE")).blocks {
        if let Some(x) = c.title(&b) {
            t.titles.push(x);
        }
    }
    for b in read_file(text("constructions.rules"), Some("CONSTRUCTION")).blocks {
        t.constructions.push(c.construction(&b));
    }
    for b in read_file(text("construction_works.var"), Some("CONSTRUCTION_WORK")).blocks {
        t.works.push(Work {
            tag: b.tag().to_string(),
            name: c.name(&b, "construction_works.var"),
            plural: c.plural(&b),
        });
    }
    for b in read_file(text("enchantments.rules"), Some("FX_EFFECT")).blocks {
        t.enchantments.push(c.enchantment(&b));
    }
    for b in read_file(text("fx_actions.rules"), Some("FX_ACTION")).blocks {
        if let Some(a) = c.action(&b) {
            t.actions.push(a);
        }
    }
    for (tag, name, kind) in BUILTIN_ACTIONS {
        if c.referenced_actions.contains(*tag) && !t.actions.iter().any(|a| a.tag == *tag) {
            c.note(
                "skills.rules",
                0,
                tag,
                format!("produced by a skill but defined nowhere; mapped to the built-in action `{kind}`"),
            );
            t.actions.push(Action {
                tag: (*tag).to_string(),
                name: (*name).to_string(),
                kind: *kind,
                disease: None,
            });
        }
    }
    for b in read_file(text("effects.rules"), Some("EFFECT_RULES")).blocks {
        if let Some(d) = c.disease(&b) {
            t.diseases.push(d);
        }
    }
    for b in read_file(text("seasons.rules"), Some("SEASON")).blocks {
        t.seasons.push(c.season(&b));
    }
    for b in read_file(text("weathers.rules"), Some("WEATHER")).blocks {
        t.weathers.push(Weather {
            tag: b.tag().to_string(),
            name: c.name(&b, "weathers.rules"),
            bonuses: c.bonuses_only(&b, "weathers.rules"),
            // The reference has no travel table; ours comes from the
            // rules text (OV-MOVE-020..023).
            travel: Vec::new(),
        });
    }
    (t, c.notes)
}

#[derive(Default)]
struct KnownTags {
    items: BTreeSet<String>,
    constructions: BTreeSet<String>,
    works: BTreeSet<String>,
    enchantments: BTreeSet<String>,
    actions: BTreeSet<String>,
}

impl KnownTags {
    fn collect(texts: &[(&str, String)]) -> Self {
        let tags = |file: &str, kw: &str| -> BTreeSet<String> {
            let text = texts
                .iter()
                .find(|(k, _)| *k == file)
                .map_or("", |(_, t)| t.as_str());
            read_file(text, Some(kw))
                .blocks
                .iter()
                .map(|b| b.tag().to_ascii_lowercase())
                .collect()
        };
        KnownTags {
            items: tags("items.rules", "ITEM"),
            constructions: tags("constructions.rules", "CONSTRUCTION"),
            works: tags("construction_works.var", "CONSTRUCTION_WORK"),
            enchantments: tags("enchantments.rules", "FX_EFFECT"),
            actions: tags("fx_actions.rules", "FX_ACTION"),
        }
    }
}

#[derive(Default)]
struct Converter {
    notes: Vec<Note>,
    known: KnownTags,
    referenced_actions: BTreeSet<String>,
}

fn num(s: Option<&str>) -> Option<i64> {
    s?.trim().parse().ok()
}

fn unum(s: Option<&str>) -> Option<u32> {
    s?.trim().parse().ok()
}

impl Converter {
    fn note(&mut self, file: &str, line: u32, entry: &str, message: String) {
        self.notes.push(Note {
            file: file.to_string(),
            line,
            entry: entry.to_string(),
            message,
        });
    }

    fn bad(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>, why: &str) {
        let msg = format!("`{} {}`: {why}", l.key, l.rest);
        self.note(file, l.number, b.tag(), msg);
    }

    fn name(&mut self, b: &Block<'_>, file: &str) -> String {
        match b.first("NAME") {
            Some(l) => unquote(l.rest),
            None => {
                self.note(
                    file,
                    b.head.number,
                    b.tag(),
                    "no NAME; the tag is used".into(),
                );
                b.tag().to_string()
            }
        }
    }

    fn plural(&mut self, b: &Block<'_>) -> String {
        match b.first("PLURAL") {
            Some(l) => unquote(l.rest),
            None => unquote(b.first("NAME").map_or(b.tag(), |l| l.rest)),
        }
    }

    fn uint(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>, i: usize) -> Option<u32> {
        let v = unum(l.arg(i));
        if v.is_none() {
            self.bad(file, b, l, "expected a whole number 0 or more");
        }
        v
    }

    /// `CAPACITY mode n` into a capacity block.
    fn capacity(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>, cap: &mut Capacity) {
        let mode = l.arg(0).and_then(|m| {
            num(Some(m))
                .and_then(Movement::from_index)
                .or_else(|| Movement::from_name(m))
        });
        match (mode, num(l.arg(1))) {
            (Some(mode), Some(n)) => *cap.get_mut(mode) = clamp_i32(n),
            _ => self.bad(
                file,
                b,
                l,
                "expected a movement mode (0-4 or walk/ride/fly/swim/climb) and a number",
            ),
        }
    }

    fn skill_bonus(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>) -> Option<SkillBonus> {
        match (l.arg(0), num(l.arg(1))) {
            (Some(s), Some(v)) => Some(SkillBonus {
                skill: Ref::new(s),
                value: clamp_i32(v),
            }),
            _ => {
                self.bad(file, b, l, "expected a skill tag and a number");
                None
            }
        }
    }

    /// Bonus lines shared by many files. Returns false if the key is not one.
    fn bonus_line(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>, out: &mut Bonuses) -> bool {
        match l.key.to_ascii_uppercase().as_str() {
            "STUDY_BONUS" | "LEARNING_BONUS" => {
                if let Some(x) = self.skill_bonus(file, b, l) {
                    out.study.push(x);
                }
            }
            "LEARNING_LEVEL_BONUS" => {
                if let Some(x) = self.skill_bonus(file, b, l) {
                    out.learning_level.push(x);
                }
            }
            "USE_BONUS" => {
                if let Some(x) = self.skill_bonus(file, b, l) {
                    out.use_skill.push(x);
                }
            }
            "MOVE_BONUS" => {
                let mode = l.arg(0).and_then(Movement::from_name);
                match (mode, num(l.arg(1))) {
                    (Some(mode), Some(p)) => out.movement.push(MovementBonus {
                        mode,
                        percent: clamp_i32(p),
                    }),
                    _ => self.bad(file, b, l, "expected a movement mode and a percentage"),
                }
            }
            _ => return false,
        }
        true
    }

    fn bonuses_only(&mut self, b: &Block<'_>, file: &str) -> Bonuses {
        let mut out = Bonuses::default();
        for l in &b.lines {
            if !matches!(l.key.to_ascii_uppercase().as_str(), "NAME" | "DESCRIPTION")
                && !self.bonus_line(file, b, l, &mut out)
            {
                self.bad(file, b, l, "not understood here");
            }
        }
        out
    }

    /// `SKILL_CONDITION skill [level]` (after EQUIP_CONDITION and friends).
    fn condition(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>) -> Option<SkillLevel> {
        if !l
            .arg(0)
            .is_some_and(|k| k.eq_ignore_ascii_case("SKILL_CONDITION"))
        {
            self.bad(file, b, l, "only SKILL_CONDITION conditions are known");
            return None;
        }
        let skill = l.arg(1)?;
        let level = match l.arg(2) {
            None => 1,
            Some(x) => match x.parse::<u8>() {
                Ok(v) => v,
                Err(_) => {
                    self.bad(file, b, l, "the level must be a small number");
                    return None;
                }
            },
        };
        Some(SkillLevel {
            skill: Ref::new(skill),
            level,
        })
    }

    /// `COMBAT …` lines.
    fn combat_line(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>, c: &mut Combat) {
        let sub = l.arg(0).unwrap_or("").to_ascii_uppercase();
        match sub.as_str() {
            "TARGET" => match l.arg(1).and_then(CombatTarget::from_legacy) {
                Some(t) => c.target = Some(t),
                None => self.bad(file, b, l, "unknown combat target"),
            },
            "RANGE" => match l.arg(1).and_then(|x| x.parse::<u8>().ok()) {
                Some(r) => c.range = Some(r),
                None => self.bad(file, b, l, "expected a range 0-255"),
            },
            "DAMAGE_TYPE" => match num(l.arg(1)).and_then(DamageType::from_index) {
                Some(d) => c.damage_type = Some(d),
                None => self.bad(file, b, l, "expected a damage type 0-5"),
            },
            "BONUS" => {
                let key = l.arg(1).unwrap_or("");
                match (c.bonus.field_mut(key), num(l.arg(2))) {
                    (Some(f), Some(v)) => *f = clamp_i32(v),
                    _ => self.bad(file, b, l, "expected a rating and a number"),
                }
            }
            "GRANTS" => match (l.arg(1), unum(l.arg(2))) {
                (Some(e), Some(n)) => c.grants.push(Grant {
                    effect: Ref::new(e),
                    amount: n,
                }),
                _ => self.bad(file, b, l, "expected an enchantment tag and a number"),
            },
            "SECONDARY_ACTION" => self.secondary(file, b, l, 1, c),
            _ => {
                let v = num(l.arg(1));
                match (c.stats.field_mut(&sub), v) {
                    (Some(f), Some(v)) => *f = clamp_i32(v),
                    _ => self.bad(file, b, l, "unknown combat property"),
                }
            }
        }
    }

    fn secondary(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>, i: usize, c: &mut Combat) {
        match l.arg(i) {
            Some(x) if x.eq_ignore_ascii_case("NEXT") => c.secondary_next_round = true,
            Some(x) => match CombatActionKind::from_legacy(x) {
                Some(k) => c.secondary = Some(k),
                None => self.bad(file, b, l, "unknown combat action"),
            },
            None => self.bad(file, b, l, "expected a combat action"),
        }
    }

    fn item(&mut self, b: &Block<'_>) -> Item {
        const F: &str = "items.rules";
        let mut it = Item {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            plural: self.plural(b),
            weight: 0,
            price: 0,
            token: None,
            capacity: Capacity::default(),
            equip: None,
            stats: Stats::default(),
            bonuses: Bonuses::default(),
            combat: Combat::default(),
            prospect: None,
            knowledge: None,
            class: None,
            fx: None,
            flags: ItemFlags::default(),
        };
        let mut slot = None;
        let mut max = 1;
        let mut equip_cap = Capacity::default();
        let mut requires = Vec::new();
        for l in &b.lines {
            let key = l.key.to_ascii_uppercase();
            if self.bonus_line(F, b, l, &mut it.bonuses) {
                continue;
            }
            if let Some(f) = it.stats.field_mut(&key) {
                if let Some(v) = num(l.arg(0)) {
                    *f = clamp_i32(v);
                } else {
                    self.bad(F, b, l, "expected a number");
                }
                continue;
            }
            match key.as_str() {
                "NAME" | "PLURAL" | "DESCRIPTION" => {}
                "WEIGHT" => it.weight = self.uint(F, b, l, 0).unwrap_or(0),
                "PRICE" => it.price = self.uint(F, b, l, 0).unwrap_or(0),
                "TOKEN" => it.token = self.uint(F, b, l, 0),
                "CAPACITY" => self.capacity(F, b, l, &mut it.capacity),
                "EQUIP_CAPACITY" => self.capacity(F, b, l, &mut equip_cap),
                "EQUIP_CATEGORY" => {
                    slot = num(l.arg(0)).and_then(EquipSlot::from_number).or_else(|| {
                        l.arg(0)
                            .map(|s| s.trim_start_matches("equip_"))
                            .and_then(EquipSlot::from_name)
                    });
                    if slot.is_none() {
                        self.bad(F, b, l, "unknown equipment slot");
                    }
                }
                "EQUIP_MAX" => max = self.uint(F, b, l, 0).unwrap_or(1),
                "EQUIP_CONDITION" => {
                    if let Some(c) = self.condition(F, b, l) {
                        requires.push(c);
                    }
                }
                "COMBAT" => self.combat_line(F, b, l, &mut it.combat),
                "COMBAT_USE" | "COMBAT_ACTION" => {
                    match l.arg(0).and_then(CombatActionKind::from_legacy) {
                        Some(k) => it.combat.action = Some(k),
                        None => self.bad(F, b, l, "unknown combat action"),
                    }
                }
                "PROSPECT_SKILL" => match (l.arg(0), l.arg(1).and_then(|x| x.parse::<u8>().ok())) {
                    (Some(s), Some(v)) => {
                        it.prospect = Some(SkillLevel {
                            skill: Ref::new(s),
                            level: v,
                        })
                    }
                    _ => self.bad(F, b, l, "expected a skill tag and level"),
                },
                "KNOWLEDGE" => it.knowledge = l.arg(0).map(Ref::new),
                "TYPE" => it.class = l.arg(0).and_then(|x| x.parse().ok()),
                "FX" => it.fx = self.uint(F, b, l, 0),
                "SPECIAL" => it.flags.special = true,
                "UNIQUE" => it.flags.unique = true,
                "LIVE" => it.flags.live = true,
                "HIDDEN" => it.flags.hidden = true,
                "NONREGENERATING" => it.flags.nonregenerating = true,
                _ => self.bad(F, b, l, "not an item property"),
            }
        }
        if let Some(slot) = slot {
            it.equip = Some(Equip {
                slot,
                max,
                capacity: equip_cap,
                requires,
            });
        } else if !equip_cap.is_zero() || !requires.is_empty() {
            self.note(
                F,
                b.head.number,
                b.tag(),
                "equip capacity or condition without EQUIP_CATEGORY; dropped".into(),
            );
        }
        it
    }

    fn product(&mut self, tag: &str) -> Option<Product> {
        let k = tag.to_ascii_lowercase();
        if self.known.items.contains(&k) {
            Some(Product::Item(Ref::new(tag)))
        } else if self.known.constructions.contains(&k) {
            Some(Product::Construction(Ref::new(tag)))
        } else if self.known.works.contains(&k) {
            Some(Product::Work(Ref::new(tag)))
        } else if self.known.enchantments.contains(&k) {
            Some(Product::Effect(Ref::new(tag)))
        } else if self.known.actions.contains(&k) || BUILTIN_ACTIONS.iter().any(|(t, _, _)| *t == k)
        {
            self.referenced_actions.insert(k);
            Some(Product::Action(Ref::new(tag)))
        } else {
            None
        }
    }

    fn skill(&mut self, b: &Block<'_>) -> Skill {
        const F: &str = "skills.rules";
        let mut s = Skill {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            flags: SkillFlags::default(),
            learning: Learning::Normal,
            requires: Vec::new(),
            levels: Vec::new(),
        };
        // The state every level inherits until overwritten.
        let mut cur = Level::default();
        let mut leader_only = false;
        let mut creature = false;
        for l in &b.lines {
            let key = l.key.to_ascii_uppercase();
            if key == "LEVEL" {
                if !s.levels.is_empty() || cur.experience != 0 {
                    s.levels.push(cur.clone());
                }
                let Some(exp) = self.uint(F, b, l, 0) else {
                    continue;
                };
                cur.experience = exp;
                cur.closed = exp >= CLOSED_LEVEL;
                if let Some(u) = &mut cur.use_ {
                    u.summoned = u.summoned.take();
                }
                continue;
            }
            if let Some(f) = cur.stats.field_mut(&key) {
                match num(l.arg(0)) {
                    Some(v) => *f = clamp_i32(v),
                    None => self.bad(F, b, l, "expected a number"),
                }
                continue;
            }
            let use_ = cur.use_.get_or_insert_with(SkillUse::default);
            let taken = self.skill_use_line(b, l, &key, use_)
                || self.skill_flag_line(b, l, &key, &mut s.flags, &mut leader_only, &mut creature);
            if !taken {
                match key.as_str() {
                    "NAME" | "DESCRIPTION" => {}
                    "STUDY_COST" => cur.study_cost = self.uint(F, b, l, 0).unwrap_or(0),
                    "REQUIRES" => {
                        let level = match l.arg(1) {
                            None => Some(1),
                            Some(x) => x.parse::<u8>().ok(),
                        };
                        match (l.arg(0), level) {
                            (Some(t), Some(level)) => {
                                let req = SkillLevel {
                                    skill: Ref::new(t),
                                    level,
                                };
                                if s.levels.is_empty() {
                                    s.requires.push(req);
                                } else {
                                    cur.requires.push(req);
                                }
                            }
                            _ => self.bad(F, b, l, "expected a skill tag and level"),
                        }
                    }
                    "CAPACITY" => {
                        let mut cap = cur.capacity;
                        self.capacity(F, b, l, &mut cap);
                        cur.capacity = cap;
                    }
                    "WISDOM" => cur.wisdom = l.arg(0).map(Ref::new),
                    "FX" => cur.fx = self.uint(F, b, l, 0),
                    "COMBAT_ACTION" => match l.arg(0).and_then(CombatActionKind::from_legacy) {
                        Some(k) => cur.combat.action = Some(k),
                        None => self.bad(F, b, l, "unknown combat action"),
                    },
                    "COMBAT_SUMMON" => cur.combat.action = Some(CombatActionKind::Summon),
                    "COMBAT_ENCHANT" => cur.combat.action = Some(CombatActionKind::Enchant),
                    "SECONDARY_ACTION" => {
                        let mut c = std::mem::take(&mut cur.combat);
                        self.secondary(F, b, l, 0, &mut c);
                        cur.combat = c;
                    }
                    "COMBAT" => {
                        let mut c = std::mem::take(&mut cur.combat);
                        self.combat_line(F, b, l, &mut c);
                        cur.combat = c;
                    }
                    _ => self.bad(
                        F,
                        b,
                        l,
                        "not a skill property (a wrapped description line?)",
                    ),
                }
            }
            if cur.use_.as_ref().is_some_and(|u| *u == SkillUse::default()) {
                cur.use_ = None;
            }
        }
        if cur.experience != 0 || !s.levels.is_empty() {
            s.levels.push(cur);
        } else {
            self.note(F, b.head.number, b.tag(), "no LEVEL line".into());
        }
        s.learning = if creature {
            Learning::Creature
        } else if leader_only {
            Learning::Leader
        } else {
            Learning::Normal
        };
        s
    }

    /// A skill level's line about its use (what it produces, harvests,
    /// consumes, targets, summons, grants); false when `key` is not one.
    fn skill_use_line(
        &mut self,
        b: &Block<'_>,
        l: &Line<'_>,
        key: &str,
        use_: &mut SkillUse,
    ) -> bool {
        const F: &str = "skills.rules";
        match key {
            "USING_PARADIGM" => match l.arg(0).and_then(UseKind::from_legacy) {
                Some(k) => use_.kind = Some(k),
                None => self.bad(F, b, l, "unknown use paradigm"),
            },
            "PRODUCES" => {
                let what = l.arg(0).and_then(|t| self.product(t));
                match (what, unum(l.arg(1))) {
                    (Some(what), Some(days)) => {
                        use_.produces = Some(Produces { what, days });
                    }
                    (None, _) => self.bad(
                        F,
                        b,
                        l,
                        "names no known item, construction, work, enchantment or action",
                    ),
                    (_, None) => self.bad(F, b, l, "expected man-days per product"),
                }
            }
            "MULTIPLE" => use_.multiple = unum(l.arg(0)),
            "HARVEST" => match (l.arg(0), unum(l.arg(1))) {
                (Some(i), Some(d)) => {
                    use_.harvest = Some(Harvest {
                        item: Ref::new(i),
                        days: d,
                    })
                }
                _ => self.bad(F, b, l, "expected an item tag and man-days"),
            },
            "RECONSUME" => use_.consume.clear(),
            "CONSUME" => match (l.arg(0), unum(l.arg(1))) {
                (Some(i), Some(n)) => merge_count(&mut use_.consume, i, n),
                _ => self.bad(F, b, l, "expected an item tag and a count"),
            },
            "ITEM" => match (l.arg(0), unum(l.arg(1))) {
                (Some(i), Some(n)) => merge_count(&mut use_.summoned_items, i, n),
                _ => self.bad(F, b, l, "expected an item tag and a count"),
            },
            "TOOL" => use_.tool = l.arg(0).map(Ref::new),
            "USE_MANA" => use_.mana = unum(l.arg(0)),
            "TARGET" => {
                let a = l.arg(0).unwrap_or("").to_ascii_uppercase();
                let b2 = l.arg(1).unwrap_or("").to_ascii_uppercase();
                let t = match (a.as_str(), b2.as_str()) {
                    ("SELF", _) => Some(UseTarget::SelfOnly),
                    ("UNIT", _) => Some(UseTarget::Unit),
                    ("CONSTRUCTION", _) => Some(UseTarget::Construction),
                    ("LOCATION", "NEAR") => Some(UseTarget::NearLocation),
                    _ => None,
                };
                match t {
                    Some(t) => use_.target = Some(t),
                    None => self.bad(F, b, l, "unknown target"),
                }
            }
            "SUMMONS" => match l.arg(0) {
                Some(r) => {
                    let count = unum(l.arg(1)).unwrap_or(1);
                    match use_
                        .summons
                        .iter_mut()
                        .find(|s| s.race.tag().eq_ignore_ascii_case(r))
                    {
                        Some(s) => s.count = count,
                        None => use_.summons.push(Summons {
                            race: Ref::new(r),
                            count,
                        }),
                    }
                }
                None => self.bad(F, b, l, "expected a race tag"),
            },
            "GRANTS" => match (l.arg(0), unum(l.arg(1))) {
                (Some(e), Some(n)) => match use_
                    .grants
                    .iter_mut()
                    .find(|g| g.effect.tag().eq_ignore_ascii_case(e))
                {
                    Some(g) => g.amount = n,
                    None => use_.grants.push(Grant {
                        effect: Ref::new(e),
                        amount: n,
                    }),
                },
                _ => self.bad(F, b, l, "expected an enchantment tag and a number"),
            },
            "UPGRADE" => use_.upgrade = l.arg(0).map(Ref::new),
            "SUMMONED" => {
                let sm = use_.summoned.get_or_insert_with(Summoned::default);
                match l.arg(0).map(str::to_ascii_uppercase).as_deref() {
                    Some("NAME") => sm.name = l.arg(1).map(str::to_string),
                    Some("SKILL") => match (l.arg(1), unum(l.arg(2))) {
                        (Some(k), Some(e)) => sm.skills.push(InnateSkill {
                            skill: Ref::new(k),
                            experience: e,
                        }),
                        _ => self.bad(F, b, l, "expected a skill tag and experience"),
                    },
                    _ => self.bad(F, b, l, "expected NAME or SKILL"),
                }
            }
            "COMBAT_TACTICS" => {
                use_.summoned
                    .get_or_insert_with(Summoned::default)
                    .combat_tactics = Some(l.rest.to_string());
            }
            "COMBAT_ORDER" => {
                use_.summoned
                    .get_or_insert_with(Summoned::default)
                    .combat_orders
                    .push(l.rest.to_string());
            }
            _ => return false,
        }
        true
    }

    /// A skill's flag or learning line; false when `key` is not one.
    fn skill_flag_line(
        &mut self,
        b: &Block<'_>,
        l: &Line<'_>,
        key: &str,
        flags: &mut SkillFlags,
        leader_only: &mut bool,
        creature: &mut bool,
    ) -> bool {
        const F: &str = "skills.rules";
        match key {
            "COMBAT_SKILL" => flags.combat = true,
            "MAGIC_SKILL" => flags.magic = true,
            "BASIC_SKILL" => flags.basic = true,
            "ELEMENTAL_MAGIC_SKILL" => {
                flags.elemental = true;
                flags.magic = true;
            }
            "SPECIALIST" => flags.specialist = true,
            "NO_LEARN" => flags.no_learn = true,
            "USE_ANYONE" => flags.use_anyone = true,
            "NO_EXP" => flags.no_experience = true,
            "STUDENT" => {
                if l.arg(0).is_some_and(|x| x.eq_ignore_ascii_case("LEADER")) {
                    *leader_only = true;
                } else {
                    self.bad(F, b, l, "only STUDENT LEADER is known");
                }
            }
            "LEARNING_PARADIGM" => match l.arg(0).map(str::to_ascii_uppercase).as_deref() {
                Some("LEARNING_NORMAL") => {}
                Some("LEARNING_CREATURE") => *creature = true,
                Some("LEARNING_MAGIC") | Some("LEARNING_ELEMENTAL_MAGIC") => *leader_only = true,
                _ => self.bad(F, b, l, "unknown learning paradigm"),
            },
            _ => return false,
        }
        true
    }

    fn race(&mut self, b: &Block<'_>) -> Option<Race> {
        const F: &str = "races.rules";
        let kind = match b.head.arg(1).map(str::to_ascii_uppercase).as_deref() {
            Some("LEADER") => RaceKind::Leader,
            Some("FOLLOWER") => RaceKind::Follower,
            Some("CREATURE") => RaceKind::Creature,
            _ => {
                self.note(
                    F,
                    b.head.number,
                    b.tag(),
                    "race kind is not LEADER, FOLLOWER or CREATURE; skipped".into(),
                );
                return None;
            }
        };
        let mut r = Race {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            plural: self.plural(b),
            kind,
            student: match kind {
                RaceKind::Leader => StudentType::Leader,
                RaceKind::Follower => StudentType::Follower,
                RaceKind::Creature => StudentType::Creature,
            },
            weight: 0,
            capacity: Capacity::default(),
            upkeep: 0,
            control: 0,
            cost: None,
            fraction: None,
            maximum: None,
            stats: Stats::default(),
            bonuses: Bonuses::default(),
            skills: Vec::new(),
        };
        for l in &b.lines {
            let key = l.key.to_ascii_uppercase();
            if self.bonus_line(F, b, l, &mut r.bonuses) {
                continue;
            }
            // UPKEEP and CONTROL are race fields, not stat modifiers.
            if key != "UPKEEP" && key != "CONTROL" {
                if let Some(f) = r.stats.field_mut(&key) {
                    match num(l.arg(0)) {
                        Some(v) => *f = clamp_i32(v),
                        None => self.bad(F, b, l, "expected a number"),
                    }
                    continue;
                }
            }
            match key.as_str() {
                "NAME" | "PLURAL" | "DESCRIPTION" => {}
                "STUDENT_TYPE" => {
                    r.student = match l.arg(0).map(str::to_ascii_uppercase).as_deref() {
                        Some("STUDENT_LEADER") => StudentType::Leader,
                        Some("STUDENT_FOLLOWER") => StudentType::Follower,
                        Some("STUDENT") => StudentType::Creature,
                        _ => {
                            self.bad(F, b, l, "unknown student type");
                            r.student
                        }
                    }
                }
                "WEIGHT" => r.weight = self.uint(F, b, l, 0).unwrap_or(0),
                "CAPACITY" => self.capacity(F, b, l, &mut r.capacity),
                "UPKEEP" => r.upkeep = self.uint(F, b, l, 0).unwrap_or(0),
                "CONTROL" => r.control = self.uint(F, b, l, 0).unwrap_or(0),
                "COST" => r.cost = self.uint(F, b, l, 0),
                "FRACTION" => r.fraction = self.uint(F, b, l, 0),
                "MAXIMUM" => r.maximum = self.uint(F, b, l, 0),
                "SKILL" => match (l.arg(0), unum(l.arg(1))) {
                    (Some(s), Some(e)) => r.skills.push(InnateSkill {
                        skill: Ref::new(s),
                        experience: e,
                    }),
                    _ => self.bad(F, b, l, "expected a skill tag and experience"),
                },
                _ => self.bad(F, b, l, "not a race property"),
            }
        }
        Some(r)
    }

    fn terrain(&mut self, b: &Block<'_>) -> Terrain {
        const F: &str = "terrains.rules";
        let mut t = Terrain {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            optimum: 0,
            landwalk: None,
            days: TravelDays::default(),
            resources: Vec::new(),
            no_build: false,
            covered: false,
            color: None,
        };
        let mut rgb = [None, None, None];
        for l in &b.lines {
            match l.key.to_ascii_uppercase().as_str() {
                "NAME" | "DESCRIPTION" => {}
                "OPTIMA" => t.optimum = self.uint(F, b, l, 0).unwrap_or(0),
                "LANDWALK" => t.landwalk = l.arg(0).map(Ref::new),
                "DAYS" => match (l.arg(0).and_then(Movement::from_name), unum(l.arg(1))) {
                    (Some(m), Some(d)) => *t.days.get_mut(m) = Some(d),
                    _ => self.bad(F, b, l, "expected a movement mode and days"),
                },
                "RESOURCE" => match (
                    l.arg(0),
                    unum(l.arg(1)),
                    l.arg(2).and_then(|x| x.parse::<u8>().ok()),
                ) {
                    (Some(i), Some(a), Some(c)) => t.resources.push(TerrainResource {
                        item: Ref::new(i),
                        amount: a,
                        chance: c,
                    }),
                    _ => self.bad(
                        F,
                        b,
                        l,
                        "expected an item tag, an amount and a chance in percent",
                    ),
                },
                "NOBUILD" => t.no_build = true,
                "COVERED" => t.covered = true,
                "COLOR_R" => rgb[0] = l.arg(0).and_then(|x| x.parse::<u8>().ok()),
                "COLOR_G" => rgb[1] = l.arg(0).and_then(|x| x.parse::<u8>().ok()),
                "COLOR_B" => rgb[2] = l.arg(0).and_then(|x| x.parse::<u8>().ok()),
                _ => self.bad(F, b, l, "not a terrain property"),
            }
        }
        if let [Some(r), Some(g), Some(bl)] = rgb {
            t.color = Some([r, g, bl]);
        }
        t
    }

    fn title(&mut self, b: &Block<'_>) -> Option<Title> {
        const F: &str = "titles.rules";
        let mut requires = None;
        let mut cost = 0;
        let mut control = 0;
        let mut range = None;
        let mut bonuses = Bonuses::default();
        for l in &b.lines {
            if self.bonus_line(F, b, l, &mut bonuses) {
                continue;
            }
            match l.key.to_ascii_uppercase().as_str() {
                "NAME" | "DESCRIPTION" => {}
                "SKILL" => match (l.arg(0), l.arg(1).and_then(|x| x.parse::<u8>().ok())) {
                    (Some(s), Some(v)) => {
                        requires = Some(SkillLevel {
                            skill: Ref::new(s),
                            level: v,
                        })
                    }
                    _ => self.bad(F, b, l, "expected a skill tag and level"),
                },
                "COST" => cost = self.uint(F, b, l, 0).unwrap_or(0),
                "CONTROL" => control = self.uint(F, b, l, 0).unwrap_or(0),
                "RANGE" => range = self.uint(F, b, l, 0),
                _ => self.bad(F, b, l, "not a title property"),
            }
        }
        let Some(requires) = requires else {
            self.note(
                F,
                b.head.number,
                b.tag(),
                "title without SKILL; skipped".into(),
            );
            return None;
        };
        Some(Title {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            supreme: b
                .head
                .arg(1)
                .is_some_and(|k| k.eq_ignore_ascii_case("OVERLORD")),
            requires,
            cost,
            control,
            range,
            bonuses,
        })
    }

    fn construction(&mut self, b: &Block<'_>) -> Construction {
        const F: &str = "constructions.rules";
        let mut c = Construction {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            works: Vec::new(),
            building_skill: None,
            build_requires: Vec::new(),
            price: 0,
            military: false,
            stats: Stats::default(),
            economy: None,
            bonuses: Bonuses::default(),
            production_bonus: Vec::new(),
            titles: Vec::new(),
            produces: None,
            vessel: None,
            weight: None,
            built_by_skill_use: false,
            settlement: None,
        };
        let mut crew = None;
        let mut crew_requires = Vec::new();
        let mut cargo = Capacity::default();
        let mut seen_stats = BTreeSet::new();
        for l in &b.lines {
            let key = l.key.to_ascii_uppercase();
            if key != "PRODUCTION_BONUS" && self.bonus_line(F, b, l, &mut c.bonuses) {
                continue;
            }
            if c.stats.field_mut(&key).is_some() && !seen_stats.insert(key.clone()) {
                self.bad(
                    F,
                    b,
                    l,
                    "set a second time; the later value is kept, as the original engine did",
                );
            }
            if let Some(f) = c.stats.field_mut(&key) {
                match num(l.arg(0)) {
                    Some(v) => *f = clamp_i32(v),
                    None => self.bad(F, b, l, "expected a number"),
                }
                continue;
            }
            match key.as_str() {
                "NAME" | "DESCRIPTION" | "KEYWORD" => {}
                "RESOURCE" => match (l.arg(0), unum(l.arg(1))) {
                    (Some(w), Some(n)) => {
                        if w.eq_ignore_ascii_case("fortwk") {
                            c.military = true;
                        }
                        c.works.push(WorkCount {
                            work: Ref::new(w),
                            count: n,
                        })
                    }
                    _ => self.bad(F, b, l, "expected a work tag and a count"),
                },
                "BUILDING_SKILL" => match (l.arg(0), unum(l.arg(1))) {
                    (Some(s), Some(e)) => {
                        c.building_skill = Some(SkillExperience {
                            skill: Ref::new(s),
                            experience: e,
                        })
                    }
                    _ => self.bad(F, b, l, "expected a skill tag and experience"),
                },
                "BUILD_CONDITION" => {
                    if let Some(x) = self.condition(F, b, l) {
                        c.build_requires.push(x);
                    }
                }
                "PRICE" => c.price = self.uint(F, b, l, 0).unwrap_or(0),
                "ECONOMY" => c.economy = self.uint(F, b, l, 0),
                "WEIGHT" => c.weight = self.uint(F, b, l, 0),
                "PRODUCTION_BONUS" => {
                    if let Some(x) = self.skill_bonus(F, b, l) {
                        c.production_bonus.push(x);
                    }
                }
                "TITLE" => {
                    if let Some(t) = l.arg(0) {
                        c.titles.push(Ref::new(t));
                    }
                }
                "PRODUCES" => {
                    let what = l.arg(0).and_then(|t| self.product(t));
                    match (what, unum(l.arg(1))) {
                        (Some(what), Some(count)) => {
                            c.produces = Some(ConstructionProduct { what, count })
                        }
                        _ => self.bad(F, b, l, "expected a known tag and a count"),
                    }
                }
                "STAFF_MEN" => crew = self.uint(F, b, l, 0),
                "STAFF_CONDITION" => {
                    if let Some(x) = self.condition(F, b, l) {
                        crew_requires.push(x);
                    }
                }
                "STAFF_CAPACITY" => self.capacity(F, b, l, &mut cargo),
                "BUILDING_PARADIGM" => c.built_by_skill_use = true,
                _ => self.bad(F, b, l, "not a construction property"),
            }
        }
        if crew.is_some() || !cargo.is_zero() || !crew_requires.is_empty() {
            c.vessel = Some(Vessel {
                crew,
                crew_requires,
                capacity: cargo,
            });
        }
        c
    }

    fn enchantment(&mut self, b: &Block<'_>) -> Enchantment {
        const F: &str = "enchantments.rules";
        let name = match b.first("NAME") {
            Some(l) => unquote(l.rest),
            None => b.tag().to_string(),
        };
        let mut e = Enchantment {
            tag: b.tag().to_string(),
            plural: b
                .first("PLURAL")
                .map_or_else(|| name.clone(), |l| unquote(l.rest)),
            name,
            stats: Stats::default(),
            capacity: Capacity::default(),
            bonuses: Bonuses::default(),
            combat: Combat::default(),
            action: None,
            hidden: false,
            report_prefix: None,
            class: None,
            fx: None,
        };
        for l in &b.lines {
            let key = l.key.to_ascii_uppercase();
            if self.bonus_line(F, b, l, &mut e.bonuses) {
                continue;
            }
            if let Some(f) = e.stats.field_mut(&key) {
                match num(l.arg(0)) {
                    Some(v) => *f = clamp_i32(v),
                    None => self.bad(F, b, l, "expected a number"),
                }
                continue;
            }
            match key.as_str() {
                "NAME" | "PLURAL" | "DESCRIPTION" | "TEXT" => {}
                "CAPACITY" => self.capacity(F, b, l, &mut e.capacity),
                "COMBAT" => self.combat_line(F, b, l, &mut e.combat),
                "FX_ACTION" => e.action = l.arg(0).map(Ref::new),
                "HIDDEN" => e.hidden = true,
                "REPORT_PREFIX" => e.report_prefix = Some(l.rest.to_string()),
                "TYPE" => e.class = l.arg(0).and_then(|x| x.parse().ok()),
                "FX" => e.fx = self.uint(F, b, l, 0),
                _ => self.bad(
                    F,
                    b,
                    l,
                    "not an enchantment property (a wrapped description line?)",
                ),
            }
        }
        e
    }

    fn action(&mut self, b: &Block<'_>) -> Option<Action> {
        const F: &str = "fx_actions.rules";
        let kind = match b.head.arg(1).map(str::to_ascii_uppercase).as_deref() {
            Some("PICKPOCKET_ACTION") => ActionKind::Pickpocket,
            Some("RITUAL_ACTION") => ActionKind::Ritual,
            Some("BURY_ACTION") => ActionKind::Bury,
            Some("INFECTION_ACTION") => ActionKind::Infection,
            Some("ASSASSINATE_ACTION") => ActionKind::Assassinate,
            _ => {
                self.note(
                    F,
                    b.head.number,
                    b.tag(),
                    "unknown action routine; skipped".into(),
                );
                return None;
            }
        };
        let mut disease = None;
        for l in &b.lines {
            match l.key.to_ascii_uppercase().as_str() {
                "NAME" | "DESCRIPTION" => {}
                "EFFECT" => disease = l.arg(0).map(Ref::new),
                _ => self.bad(F, b, l, "not an action property"),
            }
        }
        Some(Action {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            kind,
            disease,
        })
    }

    fn disease(&mut self, b: &Block<'_>) -> Option<Disease> {
        const F: &str = "effects.rules";
        let (mut length, mut virality, mut lethality, mut incubation) = (None, None, None, None);
        let (mut infection, mut immunity) = (None, None);
        for l in &b.lines {
            match l.key.to_ascii_uppercase().as_str() {
                "NAME" | "DESCRIPTION" => {}
                "LENGTH" => length = self.uint(F, b, l, 0),
                "VIRALITY" => virality = self.uint(F, b, l, 0),
                "LETHALITY" => lethality = self.uint(F, b, l, 0),
                "INCUBATION_PERIOD" => incubation = self.uint(F, b, l, 0),
                "INFECTION_ENCHANT" => infection = l.arg(0).map(Ref::new),
                "IMMUNITY_ENCHANT" => immunity = l.arg(0).map(Ref::new),
                _ => self.bad(F, b, l, "not an effect property"),
            }
        }
        match (length, virality, lethality, incubation, infection, immunity) {
            (
                Some(length),
                Some(virality),
                Some(lethality),
                Some(incubation),
                Some(infection),
                Some(immunity),
            ) => Some(Disease {
                tag: b.tag().to_string(),
                name: self.name(b, F),
                length,
                virality,
                lethality,
                incubation,
                infection,
                immunity,
            }),
            _ => {
                self.note(F, b.head.number, b.tag(), "incomplete effect (needs LENGTH, VIRALITY, LETHALITY, INCUBATION_PERIOD, INFECTION_ENCHANT, IMMUNITY_ENCHANT); skipped".into());
                None
            }
        }
    }

    fn season(&mut self, b: &Block<'_>) -> Season {
        const F: &str = "seasons.rules";
        let mut s = Season {
            tag: b.tag().to_string(),
            name: self.name(b, F),
            weather: Vec::new(),
            bonuses: Bonuses::default(),
        };
        for l in &b.lines {
            if self.bonus_line(F, b, l, &mut s.bonuses) {
                continue;
            }
            match l.key.to_ascii_uppercase().as_str() {
                "NAME" | "DESCRIPTION" => {}
                "WEATHER" => match (l.arg(0), unum(l.arg(1))) {
                    (Some(w), Some(n)) => s.weather.push(WeatherOdds {
                        weather: Ref::new(w),
                        weight: n,
                    }),
                    _ => self.bad(F, b, l, "expected a weather tag and a weight"),
                },
                _ => self.bad(F, b, l, "not a season property"),
            }
        }
        s
    }
}

/// Add `n` of `item` to a list, replacing the count if the item is there.
fn merge_count(list: &mut Vec<ItemCount>, item: &str, n: u32) {
    match list
        .iter_mut()
        .find(|c| c.item.tag().eq_ignore_ascii_case(item))
    {
        Some(c) => c.count = n,
        None => list.push(ItemCount {
            item: Ref::new(item),
            count: n,
        }),
    }
}

fn clamp_i32(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

fn unquote(s: &str) -> String {
    let s = s.split(" #").next().unwrap_or(s).trim();
    s.strip_prefix('"')
        .and_then(|x| x.strip_suffix('"'))
        .unwrap_or(s)
        .to_string()
}
