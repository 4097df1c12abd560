//! The knowledge part that ends a faction's report before the order
//! template (OV-REP-037..040, OV-SKL-035): descriptions of the items and
//! skill levels the faction learnt of this turn, each once.
//!
//! ```text
//! Item knowledge:
//!
//! sword [swrd]: Weight 4. The standard bladed weapon of foot soldiers. Equipped using 1st blades [blde]. Equipment category: weapon, 1 per figure. Equipment gives +3 to melee, +2 to defense, +2 to damage.
//!
//! Skill knowledge:
//!
//! 1st blades [blde]: Skill with swords … Requires 30 days and $1/day to reach the level. Requires 1st combat [cmbt] to learn. This is a combat skill. Gives +1 to melee. Gives +1 to defense.
//! ```
//!
//! One entry per paragraph, on one line: whoever prints the report wraps.
//!
//! **What is discovered** ([`discover`]), from the world after the turn
//! and the turn's log, then closed under "mentions" within the turn:
//!
//! - items held by the faction's units; items on the market lists (sold
//!   or bought) of every location where it has a unit; the land's
//!   resources there (a resource whose item has a `prospect` skill only
//!   when one of the faction's units there has that skill at that level);
//!   items a complete structure there yields by itself; items in events
//!   the faction saw (`Bought`, `Sold`, `Harvested`, `Produced`);
//! - for every skill a unit of the faction holds, every level up to the
//!   one it has reached and the next one (OV-SKL-035; a unit still below
//!   1st level learns of the 1st, the level it works toward); each level
//!   reached this turn (`LevelReached`); the skills a complete structure
//!   teaches, in the unit's location or an inner location of it (the
//!   sample report prints an inner guild's "Teaching:"): a seat's
//!   `teaches` up to its level, a construction's `bonuses.study` skills at
//!   1st level; skills taught in a `Taught` event the faction saw, at 1st
//!   level; skills "open to study" (OV-REP-039): those whose prerequisites
//!   one of the faction's units meets and that it could study without a
//!   teacher (not innate, creature-only, specialist, nor leader-only for
//!   others), at 1st level — the rules' "new skills they open up … you
//!   discover when you achieve the skill level";
//! - closing: an item's equipment skills (at the level it needs), the
//!   skill holding it gives knowledge of, its `prospect` skill and the
//!   skills its bonuses name; a skill level's prerequisites (at the level
//!   required) and the items its use takes, makes, harvests, works with
//!   or hands to summoned creatures. Every step adds an item or raises a
//!   skill's level, both bounded by the rules' tables, and the loop is
//!   capped as well.
//!
//! A skill's entry never names the items it equips (the sample's blades
//! entry does not), so knowing blades does not reveal every sword.
//!
//! **What is new.** `Faction::known` holds the items described; in
//! `Faction::known_skills` a pair `(skill, n)` means levels 1 to n were
//! described. Everything above is kept only when not known, except two
//! things the log says are this turn's news and which are always shown:
//! levels reached this turn (the engine records a reached level in
//! `known_skills` the moment it is reached, for study's sake, OV-UO-101,
//! so only the log can tell the report it is new), and what a `RESHOW`
//! asked for (OV-FO-020..024; `ALL`, `ITEMS`, `SKILLS`, or a tag with an
//! optional first level), taken only from what the faction knows, never
//! revealing more. [`remember`] adds the discoveries to the known lists,
//! after which nothing but those log-carried entries is found again.
//!
//! **Entries.** [`item_entry`] and [`skill_entry`] render what the rules
//! data carries. A level's study figure is the total days of experience
//! to reach it (what the unit section's "(180)" counts), a `closed` level
//! says it cannot be reached; level text comes from the descriptions
//! (level 1 the skill's text, higher levels their own text or none).
//! Innate creature skills are described like any other, saying they cannot
//! be studied.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::OnceLock;

use umpire_core::ids::TypedId;

use crate::orders::words::RuleCategory;
use crate::rules::combat::{Combat, CombatActionKind, CombatTarget};
use crate::rules::common::{Bonuses, Capacity, ItemCount, SkillLevel};
use crate::rules::descriptions::Kind;
use crate::rules::items::Item;
use crate::rules::races::StudentType;
use crate::rules::skills::{Learning, Product, Skill, SkillUse, UseKind, UseTarget};
use crate::rules::{ItemId, Movement, RaceId, Rules, SkillId, Stats};
use crate::turn::log::{Event, TurnLog, What};
use crate::world::{Faction, FactionId, Known, LocationId, Unit, UnitId, World};

use super::model;
use super::model::{Id, Named};
use super::names::{item_ref, skill_level};
use super::unit::ordinal;

/// What a faction learns of this turn: items, and skill levels as
/// `(skill, level)`, each sorted without repeats.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Discovered {
    pub items: Vec<ItemId>,
    pub skills: Vec<(SkillId, u8)>,
    /// Races met: the faction's own units' and, with full battle reports,
    /// those of every unit in a battle it survived (OV-REP-044).
    pub races: Vec<RaceId>,
}

impl Discovered {
    pub fn is_empty(&self) -> bool {
        self.items.is_empty() && self.skills.is_empty() && self.races.is_empty()
    }
}

/// Everything met this turn, closed under mentions: items, and for each
/// skill the highest level to describe (every level below it too).
struct Found<'r> {
    rules: &'r Rules,
    items: BTreeSet<ItemId>,
    skills: BTreeMap<SkillId, u8>,
    todo_items: Vec<ItemId>,
    /// A skill whose levels `from+1 ..= to` were added.
    todo_skills: Vec<(SkillId, u8, u8)>,
}

impl<'r> Found<'r> {
    fn new(rules: &'r Rules) -> Self {
        Found {
            rules,
            items: BTreeSet::new(),
            skills: BTreeMap::new(),
            todo_items: Vec::new(),
            todo_skills: Vec::new(),
        }
    }

    fn item(&mut self, item: ItemId) {
        if self.rules.items.get(item).is_some() && self.items.insert(item) {
            self.todo_items.push(item);
        }
    }

    /// Levels 1 to `level` of `skill` (at least the 1st, at most its last).
    fn skill(&mut self, skill: SkillId, level: u8) {
        let Some(sk) = self.rules.skills.get(skill) else {
            return;
        };
        let level = level.max(1).min(top(sk));
        if level == 0 {
            return;
        }
        let had = self.skills.entry(skill).or_insert(0);
        if level > *had {
            let from = *had;
            *had = level;
            self.todo_skills.push((skill, from, level));
        }
    }

    fn skill_level(&mut self, r: &SkillLevel) {
        self.skill(r.skill.id(), r.level);
    }

    /// Follow mentions until nothing new turns up.
    fn close(&mut self) {
        let rules = self.rules;
        let levels: usize = rules.skills.values().map(|s| s.levels.len()).sum();
        let mut budget = rules.items.len() + levels + 1;
        while budget > 0 {
            budget -= 1;
            if let Some(i) = self.todo_items.pop() {
                let Some(item) = rules.items.get(i) else {
                    continue;
                };
                for r in item.equip.iter().flat_map(|e| &e.requires) {
                    self.skill_level(r);
                }
                if let Some(k) = &item.knowledge {
                    self.skill(k.id(), 1);
                }
                if let Some(p) = &item.prospect {
                    self.skill_level(p);
                }
                for s in bonus_skills(&item.bonuses) {
                    self.skill(s, 1);
                }
            } else if let Some((s, from, to)) = self.todo_skills.pop() {
                let Some(sk) = rules.skills.get(s) else {
                    continue;
                };
                for r in &sk.requires {
                    self.skill_level(r);
                }
                let (from, to) = (usize::from(from), usize::from(to));
                for level in sk.levels.iter().take(to).skip(from) {
                    for r in &level.requires {
                        self.skill_level(r);
                    }
                    if let Some(u) = &level.use_ {
                        for i in use_items(u) {
                            self.item(i);
                        }
                    }
                }
            } else {
                break;
            }
        }
    }
}

/// A skill's last level (a `closed` one included: its text says why it
/// cannot be reached).
fn top(sk: &Skill) -> u8 {
    u8::try_from(sk.levels.len()).unwrap_or(u8::MAX)
}

/// Skills an entry's bonuses name.
fn bonus_skills(b: &Bonuses) -> impl Iterator<Item = SkillId> + '_ {
    b.study
        .iter()
        .chain(&b.learning_level)
        .chain(&b.use_skill)
        .map(|x| x.skill.id())
}

/// Items a skill's use names: what it makes or harvests, its materials,
/// its tool and what summoned creatures are handed.
fn use_items(u: &SkillUse) -> Vec<ItemId> {
    let mut out = Vec::new();
    if let Some(Product::Item(i)) = u.produces.as_ref().map(|p| &p.what) {
        out.push(i.id());
    }
    if let Some(h) = &u.harvest {
        out.push(h.item.id());
    }
    out.extend(u.consume.iter().map(|c| c.item.id()));
    out.extend(u.tool.iter().map(|t| t.id()));
    out.extend(u.summoned_items.iter().map(|c| c.item.id()));
    out
}

/// The level a unit has reached in a skill.
fn level_of(rules: &Rules, unit: &Unit, skill: SkillId) -> u8 {
    rules
        .skills
        .get(skill)
        .map_or(0, |s| s.level_for(unit.experience(skill)))
}

/// What `faction` learns this turn that it did not know (see the module
/// documentation), plus what the log says to show again. An unknown
/// faction learns nothing.
pub fn discover(world: &World, rules: &Rules, log: &TurnLog, faction: FactionId) -> Discovered {
    let mine: Vec<UnitId> = world.units_of(faction).map(|(id, _)| id).collect();
    let inner = super::names::inner_locations(world);
    let inner_of = |l: LocationId| inner.get(&l).map_or(&[][..], Vec::as_slice);
    discover_in(
        world,
        rules,
        &FirstSteps::of(rules),
        log.seen_by(faction),
        faction,
        &mine,
        &inner_of,
    )
}

/// [`discover`] from the events the faction saw and its units, when the
/// caller has them indexed already (all the reports of a turn), with the
/// rules' [`FirstSteps`] made once for them all.
pub fn discover_in<'l>(
    world: &World,
    rules: &Rules,
    steps: &FirstSteps,
    seen: impl IntoIterator<Item = &'l Event>,
    faction: FactionId,
    mine: &[UnitId],
    inner_of: &dyn Fn(LocationId) -> &'l [LocationId],
) -> Discovered {
    let Some(f) = world.factions.get(faction) else {
        return Discovered::default();
    };
    let mut found = Found::new(rules);
    let units: Vec<&Unit> = mine.iter().filter_map(|&u| world.units.get(u)).collect();
    // Races met: the faction's own, and in battles (below).
    let mut races: BTreeSet<RaceId> = units.iter().map(|u| u.race).collect();
    find_held(&mut found, rules, &units);
    find_where_present(&mut found, world, rules, &units, inner_of);
    find_studiable(&mut found, rules, steps, &units);
    let saw = find_in_events(&mut found, world, rules, seen, f, faction, mine);
    races.extend(saw.races);
    found.close();

    let known_items = known_items(f);
    let known_skills = known_skills(f);
    let mut items: BTreeSet<ItemId> = found
        .items
        .iter()
        .copied()
        .filter(|i| !known_items.contains(i))
        .collect();
    let mut skills: BTreeSet<(SkillId, u8)> = BTreeSet::new();
    for (&s, &to) in &found.skills {
        let from = known_skills.get(&s).copied().unwrap_or(0);
        for level in from.saturating_add(1)..=to {
            skills.insert((s, level));
        }
    }
    skills.extend(saw.reached);

    // RESHOW: from what is known, now including this turn's discoveries.
    if !saw.reshow.is_empty() {
        let all_items: Vec<ItemId> = known_items.union(&found.items).copied().collect();
        let mut all_skills = known_skills;
        for (&s, &to) in &found.skills {
            let e = all_skills.entry(s).or_insert(0);
            *e = (*e).max(to);
        }
        for what in saw.reshow {
            reshown(
                rules,
                what,
                &all_items,
                &all_skills,
                &mut items,
                &mut skills,
            );
        }
    }

    let known_races: BTreeSet<RaceId> = f
        .known
        .iter()
        .filter_map(|k| match k {
            Known::Race(r) => Some(*r),
            _ => None,
        })
        .collect();
    Discovered {
        items: items.into_iter().collect(),
        skills: skills.into_iter().collect(),
        races: races.difference(&known_races).copied().collect(),
    }
}

/// The items and skills the faction's units hold.
fn find_held(found: &mut Found<'_>, rules: &Rules, units: &[&Unit]) {
    for u in units {
        for h in u.items.iter().filter(|h| h.count > 0) {
            found.item(h.item);
        }
        for k in &u.skills {
            found.skill(k.skill, level_of(rules, u, k.skill).saturating_add(1));
        }
    }
}

/// Where the faction is: markets, resources its units can see, what
/// structures yield and teach (in the place and its inner places).
fn find_where_present<'l>(
    found: &mut Found<'_>,
    world: &World,
    rules: &Rules,
    units: &[&Unit],
    inner_of: &dyn Fn(LocationId) -> &'l [LocationId],
) {
    let places: BTreeSet<LocationId> = units.iter().map(|u| u.location).collect();
    for &p in &places {
        let Some(l) = world.locations.get(p) else {
            continue;
        };
        for o in l.market.sells.iter().chain(&l.market.buys) {
            found.item(o.item);
        }
        for r in &l.resources {
            let Some(item) = rules.items.get(r.item) else {
                continue;
            };
            let seen = match &item.prospect {
                Some(need) => units
                    .iter()
                    .any(|u| u.location == p && level_of(rules, u, need.skill.id()) >= need.level),
                None => true,
            };
            if seen {
                found.item(r.item);
            }
        }
    }
    let mut looked: BTreeSet<LocationId> = places.clone();
    for &p in &places {
        looked.extend(inner_of(p).iter().copied());
    }
    for id in looked {
        let Some(l) = world.locations.get(id) else {
            continue;
        };
        let here = places.contains(&id);
        for s in l.structures.iter().filter_map(|s| world.structures.get(*s)) {
            if !s.complete {
                continue;
            }
            for t in &s.teaches {
                found.skill(t.skill, t.level);
            }
            let Some(c) = rules.constructions.get(s.kind) else {
                continue;
            };
            for b in c.bonuses.study.iter().filter(|b| b.value > 0) {
                found.skill(b.skill.id(), 1);
            }
            if here {
                if let Some(Product::Item(i)) = c.produces.as_ref().map(|p| &p.what) {
                    found.item(i.id());
                }
            }
        }
    }
}

/// Skills open to study: prerequisites met, no teacher needed.
fn find_studiable(found: &mut Found<'_>, rules: &Rules, steps: &FirstSteps, units: &[&Unit]) {
    let mut candidates: Vec<SkillId> = Vec::new();
    for u in units {
        let Some(student) = rules.races.get(u.race).map(|r| r.student) else {
            continue;
        };
        if student == StudentType::Creature {
            continue;
        }
        candidates.clear();
        candidates.extend_from_slice(&steps.always);
        for k in &u.skills {
            if let Some(v) = steps.by_need.get(&k.skill) {
                candidates.extend_from_slice(v);
            }
        }
        // In the rules' order, as every skill was once looked at.
        candidates.sort_unstable();
        candidates.dedup();
        for &id in &candidates {
            let Some(sk) = rules.skills.get(id) else {
                continue;
            };
            // Creatures' skills are not among the first steps.
            let studiable = sk.learning != Learning::Leader || student == StudentType::Leader;
            if studiable && needs(sk).all(|r| level_of(rules, u, r.skill.id()) >= r.level) {
                found.skill(id, 1);
            }
        }
    }
}

/// What a skill needs before its first level: its own requirements and
/// its first level's.
fn needs(sk: &Skill) -> impl Iterator<Item = &SkillLevel> {
    let first = sk.levels.first().map_or(&[][..], |l| l.requires.as_slice());
    sk.requires.iter().chain(first)
}

/// The skills a unit may begin to study once it meets their needs (skills
/// without needs are not news), arranged so that a unit is checked only
/// against those it may meet from what it knows, not against every skill
/// of the rules for every unit of every report. Made once for all the
/// reports of a turn ([`FirstSteps::of`]).
pub struct FirstSteps {
    /// Skills whose every need is met with no experience at all.
    always: Vec<SkillId>,
    /// The others, by the skill of their first need that takes
    /// experience: a unit that has none in it cannot meet that need.
    by_need: rustc_hash::FxHashMap<SkillId, Vec<SkillId>>,
}

impl FirstSteps {
    pub fn of(rules: &Rules) -> FirstSteps {
        let mut steps = FirstSteps {
            always: Vec::new(),
            by_need: rustc_hash::FxHashMap::default(),
        };
        // The level a unit has in a skill without experience in it.
        let untrained = |s: SkillId| rules.skills.get(s).map_or(0, |x| x.level_for(0));
        for (id, sk) in rules.skills.iter() {
            if sk.flags.no_learn
                || sk.flags.specialist
                || sk.learning == Learning::Creature
                || needs(sk).next().is_none()
            {
                continue;
            }
            match needs(sk).find(|r| untrained(r.skill.id()) < r.level) {
                Some(r) => steps.by_need.entry(r.skill.id()).or_default().push(id),
                None => steps.always.push(id),
            }
        }
        steps
    }
}

/// What the turn's events tell a faction beyond the items and skills they
/// name: levels reached this turn, and the RESHOWs it asked for.
struct SeenInEvents<'l> {
    reached: Vec<(SkillId, u8)>,
    reshow: Vec<&'l str>,
    /// Races met in battle.
    races: BTreeSet<RaceId>,
}

/// The turn's events the faction saw: trades, harvests, lessons, battles
/// it survived, levels reached and RESHOWs asked.
fn find_in_events<'l>(
    found: &mut Found<'_>,
    world: &World,
    rules: &Rules,
    seen: impl IntoIterator<Item = &'l Event>,
    f: &Faction,
    faction: FactionId,
    mine: &[UnitId],
) -> SeenInEvents<'l> {
    let mut races: BTreeSet<RaceId> = BTreeSet::new();
    let mut reached: Vec<(SkillId, u8)> = Vec::new();
    let mut reshow: Vec<&str> = Vec::new();
    for e in seen {
        match &e.what {
            What::Bought { item, .. }
            | What::Sold { item, .. }
            | What::Harvested { item, .. }
            | What::Produced { item, .. } => found.item(*item),
            What::Taught { lessons } => {
                for &(_, s) in lessons {
                    found.skill(s, 1);
                }
            }
            // OV-REP-044: with full battle reports, a faction with a
            // survivor learns the skills and items either side used: every
            // level the fighters had, and what they had equipped.
            What::BattleFought {
                units, standing, ..
            } if !f.terse
                && units
                    .iter()
                    .zip(standing)
                    .any(|(&(u, _), s)| s.alive > 0 && mine.contains(&u)) =>
            {
                for u in units.iter().filter_map(|&(u, _)| world.units.get(u)) {
                    races.insert(u.race);
                    for k in &u.skills {
                        let level = level_of(rules, u, k.skill);
                        if level > 0 {
                            found.skill(k.skill, level);
                        }
                    }
                    for h in u.items.iter().filter(|h| h.equipped > 0) {
                        found.item(h.item);
                    }
                }
            }
            What::LevelReached { skill, level } => {
                if rules
                    .skills
                    .get(*skill)
                    .is_some_and(|s| *level >= 1 && *level <= top(s))
                {
                    reached.push((*skill, *level));
                }
                found.skill(*skill, level.saturating_add(1));
            }
            What::ReshowAsked {
                faction: asker,
                what,
            } if *asker == faction => {
                reshow.push(what);
            }
            _ => {}
        }
    }
    SeenInEvents {
        reached,
        reshow,
        races,
    }
}

/// The items the faction already knows.
fn known_items(f: &Faction) -> BTreeSet<ItemId> {
    f.known
        .iter()
        .filter_map(|k| match k {
            Known::Item(i) => Some(*i),
            _ => None,
        })
        .collect()
}

/// The highest level of each skill the faction already knows.
fn known_skills(f: &Faction) -> BTreeMap<SkillId, u8> {
    let mut known: BTreeMap<SkillId, u8> = BTreeMap::new();
    for &(s, l) in &f.known_skills {
        let e = known.entry(s).or_insert(0);
        *e = (*e).max(l);
    }
    known
}

/// Add what one RESHOW (its canonical text, `RESHOW cmbt 2`) asks for,
/// from `items` and `skills` known.
fn reshown(
    rules: &Rules,
    what: &str,
    known_items: &[ItemId],
    known_skills: &BTreeMap<SkillId, u8>,
    items: &mut BTreeSet<ItemId>,
    skills: &mut BTreeSet<(SkillId, u8)>,
) {
    let mut words = what.split_whitespace();
    if !words
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("RESHOW"))
    {
        return;
    }
    let levels = |s: SkillId, from: u8, to: u8| {
        let last = rules.skills.get(s).map_or(0, top);
        (from.max(1)..=to.min(last)).map(move |l| (s, l))
    };
    let (all_items, all_skills) = match words.next() {
        None => (true, true),
        Some(w) if w.eq_ignore_ascii_case("ALL") => (true, true),
        Some(w) => match RuleCategory::from_word(w) {
            Some(RuleCategory::Items) => (true, false),
            Some(RuleCategory::Skills) => (false, true),
            Some(_) => (false, false),
            None => {
                let from = words
                    .next()
                    .and_then(|n| n.parse::<u32>().ok())
                    .map_or(1, |n| u8::try_from(n).unwrap_or(u8::MAX));
                if let Some(i) = rules.item(w).filter(|i| known_items.contains(i)) {
                    items.insert(i);
                }
                if let Some((&s, &to)) = rules.skill(w).and_then(|s| known_skills.get_key_value(&s))
                {
                    skills.extend(levels(s, from, to));
                }
                (false, false)
            }
        },
    };
    if all_items {
        items.extend(known_items.iter().copied());
    }
    if all_skills {
        for (&s, &to) in known_skills {
            skills.extend(levels(s, 1, to));
        }
    }
}

/// Add `d` to what `faction` knows, keeping the lists sorted, so the next
/// report shows only what is new.
pub fn remember(world: &mut World, faction: FactionId, d: &Discovered) {
    let Some(f) = world.factions.get_mut(faction) else {
        return;
    };
    f.known.extend(d.items.iter().map(|&i| Known::Item(i)));
    f.known.extend(d.races.iter().map(|&r| Known::Race(r)));
    f.known.sort();
    f.known.dedup();
    let mut skills: BTreeMap<SkillId, u8> = BTreeMap::new();
    for &(s, l) in f.known_skills.iter().chain(&d.skills) {
        let e = skills.entry(s).or_insert(0);
        *e = (*e).max(l);
    }
    f.known_skills = skills.into_iter().collect();
}

/// The knowledge part of the report: "Item knowledge:" and "Skill
/// knowledge:", each followed by its entries, paragraphs apart. A part
/// with nothing is left out; nothing at all gives an empty string.
pub fn section(rules: &Rules, d: &Discovered) -> String {
    render(&of(rules, d))
}

/// The entries of what was discovered; an item or level with no entry
/// (unknown to the rules) is left out.
pub fn of<'a>(rules: &'a Rules, d: &Discovered) -> model::Knowledge<'a> {
    of_written(&Entries::new(rules), d)
}

/// Every entry of the rules, each written the first time a report asks
/// for it and kept for the others: all the reports of a turn share one
/// (an entry depends on the rules alone).
pub struct Entries<'r> {
    rules: &'r Rules,
    items: Vec<OnceLock<String>>,
    /// By skill, then by level (0 to the skill's last).
    skills: Vec<Vec<OnceLock<String>>>,
    races: Vec<OnceLock<String>>,
}

impl<'r> Entries<'r> {
    pub fn new(rules: &'r Rules) -> Self {
        let slots = |n: usize| (0..n).map(|_| OnceLock::new()).collect::<Vec<_>>();
        Entries {
            rules,
            items: slots(rules.items.len()),
            skills: rules
                .skills
                .values()
                .map(|s| slots(s.levels.len() + 1))
                .collect(),
            races: slots(rules.races.len()),
        }
    }

    /// [`item_entry`].
    pub fn item(&self, i: ItemId) -> String {
        match self.items.get(i.index()) {
            Some(slot) => slot.get_or_init(|| item_entry(self.rules, i)).clone(),
            None => item_entry(self.rules, i),
        }
    }

    /// [`skill_entry`].
    pub fn skill(&self, s: SkillId, level: u8) -> String {
        match self
            .skills
            .get(s.index())
            .and_then(|l| l.get(usize::from(level)))
        {
            Some(slot) => slot
                .get_or_init(|| skill_entry(self.rules, s, level))
                .clone(),
            None => skill_entry(self.rules, s, level),
        }
    }

    /// [`race_entry`].
    pub fn race(&self, r: RaceId) -> String {
        match self.races.get(r.index()) {
            Some(slot) => slot.get_or_init(|| race_entry(self.rules, r)).clone(),
            None => race_entry(self.rules, r),
        }
    }
}

/// [`of`], with the entries taken from (and kept in) `entries`.
pub fn of_written<'a>(entries: &Entries<'a>, d: &Discovered) -> model::Knowledge<'a> {
    let rules = entries.rules;
    model::Knowledge {
        items: d
            .items
            .iter()
            .filter_map(|&i| {
                let text = entries.item(i);
                (!text.is_empty()).then(|| model::Entry {
                    item: item_ref(rules, i),
                    text,
                })
            })
            .collect(),
        skills: d
            .skills
            .iter()
            .filter_map(|&(s, l)| {
                let text = entries.skill(s, l);
                (!text.is_empty()).then(|| model::SkillEntry {
                    skill: skill_level(rules, s, l),
                    text,
                })
            })
            .collect(),
        races: d
            .races
            .iter()
            .filter_map(|&r| {
                let race = rules.races.get(r)?;
                Some(model::Entry {
                    item: Named::new(Id::Tag(&race.tag), race.name.as_str()),
                    text: entries.race(r),
                })
            })
            .collect(),
    }
}

/// The knowledge part's text (see [`section`]).
pub fn render(k: &model::Knowledge<'_>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let items: Vec<&str> = k.items.iter().map(|e| e.text.as_str()).collect();
    if !items.is_empty() {
        parts.push(format!("Item knowledge:\n\n{}\n", items.join("\n\n")));
    }
    let skills: Vec<&str> = k.skills.iter().map(|e| e.text.as_str()).collect();
    if !skills.is_empty() {
        parts.push(format!("Skill knowledge:\n\n{}\n", skills.join("\n\n")));
    }
    let races: Vec<&str> = k.races.iter().map(|e| e.text.as_str()).collect();
    if !races.is_empty() {
        parts.push(format!("Race knowledge:\n\n{}\n", races.join("\n\n")));
    }
    parts.join("\n")
}

// --- Entries ------------------------------------------------------------

/// A race's entry (OV-REP-044): "hero [hero]: Weight 70, capacity:
/// 100/walking, 20/riding. <description> A leader. Upkeep 20 coins a
/// month, 2 control points. Gives +1 to initiative …".
pub fn race_entry(rules: &Rules, race: RaceId) -> String {
    let Some(r) = rules.races.get(race) else {
        return String::new();
    };
    let mut parts: Vec<String> = Vec::new();
    let mut head = format!("Weight {}", r.weight);
    if let Some(c) = capacity_text(&r.capacity, None) {
        let _ = write!(head, ", {c}");
    }
    parts.push(format!("{head}."));
    parts.extend(sentence(rules.descriptions.text(Kind::Races, &r.tag)));
    parts.push(
        match r.kind {
            crate::rules::races::RaceKind::Leader => "A leader.",
            crate::rules::races::RaceKind::Follower => "Followers.",
            crate::rules::races::RaceKind::Creature => "A creature.",
        }
        .to_string(),
    );
    parts.push(format!(
        "Upkeep {} coin{} a month, {} control point{}.",
        r.upkeep,
        if r.upkeep == 1 { "" } else { "s" },
        r.control,
        if r.control == 1 { "" } else { "s" }
    ));
    let stats: Vec<String> = stat_list(&r.stats)
        .into_iter()
        .map(|(v, name)| format!("{v:+} to {name}"))
        .collect();
    if !stats.is_empty() {
        parts.push(format!("Gives {}.", stats.join(", ")));
    }
    format!("{} [{}]: {}", r.name, r.tag, parts.join(" "))
}

/// Stat names as the rules write them, in the order entries list them.
fn stat_list(s: &Stats) -> Vec<(i32, &'static str)> {
    [
        (s.melee, "melee"),
        (s.missile, "missile"),
        (s.defense, "defense"),
        (s.damage, "damage"),
        (s.ranged_damage, "ranged damage"),
        (s.initiative, "initiative"),
        (s.life, "life"),
        (s.hits, "hits"),
        (s.stealth, "stealth"),
        (s.observation, "observation"),
        (s.mana, "mana"),
        (s.upkeep, "upkeep"),
        (s.control, "control points"),
    ]
    .into_iter()
    .filter(|(v, _)| *v != 0)
    .collect()
}

/// "+3 to melee", "-1 to initiative".
fn signed(v: i32, what: &str) -> String {
    format!("{v:+} to {what}")
}

fn stats_text(s: &Stats) -> Vec<String> {
    stat_list(s)
        .into_iter()
        .map(|(v, n)| signed(v, n))
        .collect()
}

fn mode_name(m: Movement) -> &'static str {
    match m {
        Movement::Walk => "walking",
        Movement::Ride => "riding",
        Movement::Fly => "flying",
        Movement::Swim => "swimming",
        Movement::Climb => "climbing",
    }
}

/// "1st combat [cmbt]" (no ordinal for level 0).
fn skill_name(rules: &Rules, r: &SkillLevel) -> String {
    let Some(s) = rules.skills.get(r.skill.id()) else {
        return format!("[{}]", r.skill.tag());
    };
    if r.level == 0 {
        format!("{} [{}]", s.name, s.tag)
    } else {
        format!("{} {} [{}]", ordinal(r.level), s.name, s.tag)
    }
}

fn skill_ref(rules: &Rules, s: SkillId) -> String {
    rules
        .skills
        .get(s)
        .map_or_else(String::new, |s| format!("{} [{}]", s.name, s.tag))
}

/// "1 horse [hrse]", "10 swords [swrd]".
fn items_of(rules: &Rules, item: ItemId, n: u64) -> String {
    match rules.items.get(item) {
        Some(i) => format!(
            "{n} {} [{}]",
            if n == 1 { &i.name } else { &i.plural },
            i.tag
        ),
        None => format!("{n} ?"),
    }
}

fn item_list(rules: &Rules, list: &[ItemCount]) -> String {
    and_list(
        &list
            .iter()
            .map(|c| items_of(rules, c.item.id(), u64::from(c.count)))
            .collect::<Vec<_>>(),
    )
}

/// "a", "a and b", "a, b and c".
fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A description ending with a full stop, or nothing.
fn sentence(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    if t.ends_with(['.', '!', '?']) {
        Some(t.to_string())
    } else {
        Some(format!("{t}."))
    }
}

/// Days of experience, in whole days when they are whole (`3000` → `30
/// days`, `4550` → `45.5 days`, `100` → `1 day`).
fn days(experience: u32) -> String {
    let (whole, part) = (experience / 100, experience % 100);
    if part == 0 {
        count_days(whole)
    } else if part % 10 == 0 {
        format!("{whole}.{} days", part / 10)
    } else {
        format!("{whole}.{part:02} days")
    }
}

/// "1 day", "6 days".
fn count_days(n: u32) -> String {
    if n == 1 {
        "1 day".to_string()
    } else {
        format!("{n} days")
    }
}

/// "capacity: 120/walking, 95/riding (200 while equipped)".
fn capacity_text(held: &Capacity, equipped: Option<&Capacity>) -> Option<String> {
    let parts: Vec<String> = Movement::ALL
        .iter()
        .filter_map(|&m| {
            let h = held.get(m);
            let e = equipped.map_or(h, |c| c.get(m));
            if h == 0 && e == 0 {
                return None;
            }
            let mut p = format!("{h}/{}", mode_name(m));
            if e != h {
                let _ = write!(p, " ({e} while equipped)");
            }
            Some(p)
        })
        .collect();
    (!parts.is_empty()).then(|| format!("capacity: {}", parts.join(", ")))
}

fn bonus_text(rules: &Rules, b: &Bonuses) -> Vec<String> {
    let mut out = Vec::new();
    for x in &b.study {
        out.push(format!(
            "{:+}% to study of {}",
            x.value,
            skill_ref(rules, x.skill.id())
        ));
    }
    for x in &b.learning_level {
        let levels = if x.value.abs() == 1 {
            "level"
        } else {
            "levels"
        };
        out.push(format!(
            "{:+} {levels} to the study limit of {}",
            x.value,
            skill_ref(rules, x.skill.id())
        ));
    }
    for x in &b.use_skill {
        out.push(format!(
            "{:+}% to use of {}",
            x.value,
            skill_ref(rules, x.skill.id())
        ));
    }
    for m in &b.movement {
        out.push(format!("{:+}% to {} speed", m.percent, mode_name(m.mode)));
    }
    out
}

fn target_name(t: CombatTarget) -> &'static str {
    match t {
        CombatTarget::Opposing => "an opposing unit",
        CombatTarget::Leader => "a leader",
        CombatTarget::SelfOnly => "itself",
        CombatTarget::Friendly => "a friendly unit",
        CombatTarget::All => "the whole battlefield",
        CombatTarget::OwnSide => "its own side",
        CombatTarget::OppositeSide => "the opposite side",
        CombatTarget::OpposingLeader => "an opposing leader",
        CombatTarget::FriendlyLeader => "a friendly leader",
    }
}

fn action_name(a: CombatActionKind) -> &'static str {
    match a {
        CombatActionKind::Melee => "a melee attack",
        CombatActionKind::Ranged => "a ranged attack",
        CombatActionKind::Enchant => "an enchantment",
        CombatActionKind::Summon => "a summoning",
    }
}

/// "In battle: a ranged attack on an opposing unit at range 2, fire
/// damage, with +10 to missile; effect: +3 to initiative; lays …; then a
/// melee attack."
fn combat_text(rules: &Rules, c: &Combat) -> Option<String> {
    if c.is_empty() {
        return None;
    }
    let mut out = String::from("In battle:");
    let mut first = true;
    let mut clause = |out: &mut String, text: &str| {
        out.push_str(if first { " " } else { "; " });
        out.push_str(text);
        first = false;
    };
    let mut what = c.action.map_or("an action", action_name).to_string();
    if let Some(t) = c.target {
        let _ = write!(what, " on {}", target_name(t));
    }
    if let Some(r) = c.range {
        let _ = write!(what, " at range {r}");
    }
    if let Some(d) = c.damage_type {
        let _ = write!(what, ", {d} damage");
    }
    let own = stats_text(&c.stats);
    if !own.is_empty() {
        let _ = write!(what, ", with {}", own.join(", "));
    }
    clause(&mut out, &what);
    let bonus = stats_text(&c.bonus);
    if !bonus.is_empty() {
        clause(&mut out, &format!("effect: {}", bonus.join(", ")));
    }
    for g in &c.grants {
        let name = rules
            .enchantments
            .get(g.effect.id())
            .map_or_else(|| g.effect.tag().to_string(), |e| e.name.clone());
        clause(
            &mut out,
            &format!("lays {name} [{}] ({})", g.effect.tag(), g.amount),
        );
    }
    if let Some(s) = c.secondary {
        let when = if c.secondary_next_round {
            " in the next round"
        } else {
            ""
        };
        clause(&mut out, &format!("then {}{when}", action_name(s)));
    }
    out.push('.');
    Some(out)
}

/// The description of one item (OV-REP-038): name and tag, weight and
/// capacities, description, equipment skills, category and per-figure
/// limit, what equipping gives, its battle use. An unknown item gives an
/// empty string.
pub fn item_entry(rules: &Rules, item: ItemId) -> String {
    let Some(it) = rules.items.get(item) else {
        return String::new();
    };
    let mut parts: Vec<String> = Vec::new();
    let mut head: Vec<String> = Vec::new();
    if it.weight > 0 {
        head.push(format!("Weight {}", it.weight));
    }
    if let Some(c) = capacity_text(&it.capacity, it.equip.as_ref().map(|e| &e.capacity)) {
        head.push(c);
    }
    if !head.is_empty() {
        let mut h = head.join(", ");
        if let Some(first) = h.get(..1) {
            h = first.to_ascii_uppercase() + h.get(1..).unwrap_or("");
        }
        parts.push(format!("{h}."));
    }
    parts.extend(sentence(rules.descriptions.text(Kind::Items, &it.tag)));
    parts.extend(equipment_text(rules, it));
    if let Some(k) = &it.knowledge {
        parts.push(format!(
            "Holding it gives knowledge of {}.",
            skill_ref(rules, k.id())
        ));
    }
    if let Some(p) = &it.prospect {
        parts.push(format!(
            "Found in the land only with {}.",
            skill_name(rules, p)
        ));
    }
    parts.extend(combat_text(rules, &it.combat));
    format!("{} [{}]: {}", it.name, it.tag, parts.join(" "))
        .trim_end()
        .to_string()
}

fn equipment_text(rules: &Rules, it: &Item) -> Vec<String> {
    let mut parts = Vec::new();
    let gives: Vec<String> = stats_text(&it.stats)
        .into_iter()
        .chain(bonus_text(rules, &it.bonuses))
        .collect();
    match &it.equip {
        Some(e) => {
            if !e.requires.is_empty() {
                let needs: Vec<String> = e.requires.iter().map(|r| skill_name(rules, r)).collect();
                parts.push(format!("Equipped using {}.", and_list(&needs)));
            }
            parts.push(format!(
                "Equipment category: {}, {} per figure.",
                e.slot, e.max
            ));
            if !gives.is_empty() {
                parts.push(format!("Equipment gives {}.", gives.join(", ")));
            }
        }
        None => {
            if !gives.is_empty() {
                parts.push(format!("Gives {}.", gives.join(", ")));
            }
        }
    }
    parts
}

/// The description of one level of a skill (OV-REP-040): level, name and
/// tag, description, study days and daily cost, who may study it,
/// prerequisites, its kind, what the level gives, its use and its battle
/// action. An unknown skill gives an empty string; a level the skill does
/// not have gives its name and description only.
pub fn skill_entry(rules: &Rules, skill: SkillId, level: u8) -> String {
    let Some(sk) = rules.skills.get(skill) else {
        return String::new();
    };
    let head = if level == 0 {
        format!("{} [{}]", sk.name, sk.tag)
    } else {
        format!("{} {} [{}]", ordinal(level), sk.name, sk.tag)
    };
    let desc = rules.descriptions.get(Kind::Skills, &sk.tag);
    let text = match level {
        0 | 1 => desc.map(|d| d.text.as_str()),
        n => desc.and_then(|d| d.levels.get(&u32::from(n)).map(String::as_str)),
    };
    let mut parts: Vec<String> = Vec::new();
    parts.extend(text.and_then(sentence));
    let Some(lv) = usize::from(level)
        .checked_sub(1)
        .and_then(|i| sk.levels.get(i))
    else {
        return format!("{head}: {}", parts.join(" "))
            .trim_end()
            .to_string();
    };
    if lv.closed {
        parts.push("This level cannot be reached.".into());
    } else if lv.experience > 0 {
        if lv.study_cost > 0 {
            parts.push(format!(
                "Requires {} and ${}/day to reach the level.",
                days(lv.experience),
                lv.study_cost
            ));
        } else {
            parts.push(format!(
                "Requires {} to reach the level.",
                days(lv.experience)
            ));
        }
    }
    if sk.flags.no_learn {
        parts.push("This skill cannot be studied.".into());
    }
    match sk.learning {
        Learning::Normal => {}
        Learning::Leader => parts.push("Only leaders may study this skill.".into()),
        Learning::Creature => parts.push("Only creatures have this skill.".into()),
    }
    let needs: Vec<String> = sk
        .requires
        .iter()
        .chain(&lv.requires)
        .map(|r| skill_name(rules, r))
        .collect();
    if !needs.is_empty() {
        parts.push(format!("Requires {} to learn.", and_list(&needs)));
    }
    let flags = &sk.flags;
    for (on, what) in [
        (flags.basic, "This is a basic skill."),
        (flags.specialist, "This is a specialist skill."),
        (flags.magic, "This is a magic skill."),
        (flags.elemental, "This is an elemental skill."),
        (flags.combat, "This is a combat skill."),
        (flags.use_anyone, "Anyone may use it without study."),
        (flags.no_experience, "Using it gives no experience."),
    ] {
        if on {
            parts.push(what.into());
        }
    }
    for s in stats_text(&lv.stats) {
        parts.push(format!("Gives {s}."));
    }
    for &m in Movement::ALL {
        let v = lv.capacity.get(m);
        if v != 0 {
            parts.push(format!("Gives {v:+} to {} capacity.", mode_name(m)));
        }
    }
    if let Some(u) = &lv.use_ {
        parts.extend(use_text(rules, u));
    }
    parts.extend(combat_text(rules, &lv.combat));
    format!("{head}: {}", parts.join(" "))
        .trim_end()
        .to_string()
}

fn product_name(rules: &Rules, p: &Product, n: u64) -> (&'static str, String) {
    let named = |name: Option<&str>, tag: &str| match name {
        Some(n) => format!("{n} [{tag}]"),
        None => format!("[{tag}]"),
    };
    match p {
        Product::Item(i) => ("Makes", items_of(rules, i.id(), n)),
        Product::Construction(c) => (
            "Builds",
            named(
                rules.constructions.get(c.id()).map(|x| x.name.as_str()),
                c.tag(),
            ),
        ),
        Product::Work(w) => (
            "Produces",
            match rules.works.get(w.id()) {
                Some(x) => format!(
                    "{n} {} [{}]",
                    if n == 1 { &x.name } else { &x.plural },
                    x.tag
                ),
                None => format!("{n} [{}]", w.tag()),
            },
        ),
        Product::Effect(e) => (
            "Casts",
            named(
                rules.enchantments.get(e.id()).map(|x| x.name.as_str()),
                e.tag(),
            ),
        ),
        Product::Action(a) => (
            "Performs",
            named(rules.actions.get(a.id()).map(|x| x.name.as_str()), a.tag()),
        ),
    }
}

fn use_target(t: UseTarget) -> &'static str {
    match t {
        UseTarget::SelfOnly => "on itself",
        UseTarget::Unit => "on a unit",
        UseTarget::Construction => "on a structure",
        UseTarget::NearLocation => "on a neighbouring location",
    }
}

/// What using the skill at this level does, as one sentence.
fn use_text(rules: &Rules, u: &SkillUse) -> Option<String> {
    let batch = u64::from(u.multiple.unwrap_or(1).max(1));
    let mut what: Vec<String> = Vec::new();
    let time = u.produces.as_ref().map(|p| p.days);
    if let Some(h) = &u.harvest {
        what.push(format!(
            "Harvests {}",
            items_of(rules, h.item.id(), u64::from(h.days.max(1)))
        ));
    } else if let Some(p) = &u.produces {
        match (u.kind, &p.what) {
            (Some(UseKind::Tax), Product::Item(i)) => what.push(format!(
                "Collects {} of taxes",
                items_of(rules, i.id(), batch)
            )),
            (Some(UseKind::Entertain), Product::Item(i)) => what.push(format!(
                "Earns {} by entertaining",
                items_of(rules, i.id(), batch)
            )),
            (_, w) => {
                let (verb, thing) = product_name(rules, w, batch);
                what.push(format!("{verb} {thing}"));
            }
        }
    }
    for s in &u.summons {
        let race = rules.races.get(s.race.id());
        let name = race.map_or(
            s.race.tag(),
            |r| {
                if s.count == 1 { &r.name } else { &r.plural }
            },
        );
        let mut t = format!("summons {} {name} [{}]", s.count, s.race.tag());
        if !u.summoned_items.is_empty() {
            let _ = write!(t, " with {}", item_list(rules, &u.summoned_items));
        }
        what.push(t);
    }
    for g in &u.grants {
        let name = rules
            .enchantments
            .get(g.effect.id())
            .map_or_else(|| g.effect.tag().to_string(), |e| e.name.clone());
        let n = u64::from(g.amount) * batch;
        what.push(format!(
            "lays {name} [{}] for {n} figure-day{}",
            g.effect.tag(),
            if n == 1 { "" } else { "s" }
        ));
    }
    if let Some(c) = &u.upgrade {
        let name = rules
            .constructions
            .get(c.id())
            .map_or_else(|| c.tag().to_string(), |x| x.name.clone());
        what.push(format!("turns a structure into a {name} [{}]", c.tag()));
    }
    if what.is_empty() {
        return None;
    }
    let mut s = and_list(&what);
    if let Some(first) = s.get(..1) {
        s = first.to_ascii_uppercase() + s.get(1..).unwrap_or("");
    }
    if let Some(t) = u.target {
        let _ = write!(s, " {}", use_target(t));
    }
    if let Some(d) = time {
        let _ = write!(s, " in {}", count_days(d));
    }
    if !u.consume.is_empty() {
        let _ = write!(s, " from {}", item_list(rules, &u.consume));
    }
    if let Some(m) = u.mana {
        let _ = write!(s, ", using {m} mana");
    }
    if let Some(t) = &u.tool {
        let name = rules
            .items
            .get(t.id())
            .map_or_else(|| t.tag().to_string(), |i| i.name.clone());
        let _ = write!(s, ", faster with a {name} [{}] equipped", t.tag());
    }
    s.push('.');
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    mod first_steps {
        use proptest::prelude::*;

        use super::*;
        use crate::world::{FactionId, LocationId};

        fn cases() -> u32 {
            std::env::var("PROPTEST_CASES")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(64)
        }

        fn rules() -> &'static Rules {
            static R: OnceLock<Rules> = OnceLock::new();
            R.get_or_init(|| match Rules::bundled() {
                Ok(r) => r,
                Err(e) => panic!("the bundled rules do not load: {e}"),
            })
        }

        /// What a unit may begin to study, found by looking at every skill
        /// of the rules: what [`find_studiable`] must find.
        fn by_every_skill(found: &mut Found<'_>, rules: &Rules, u: &Unit) {
            let Some(student) = rules.races.get(u.race).map(|r| r.student) else {
                return;
            };
            if student == StudentType::Creature {
                return;
            }
            for (id, sk) in rules.skills.iter() {
                let studiable = !sk.flags.no_learn
                    && !sk.flags.specialist
                    && match sk.learning {
                        Learning::Normal => true,
                        Learning::Leader => student == StudentType::Leader,
                        Learning::Creature => false,
                    };
                let mut needs = needs(sk).peekable();
                if studiable
                    && needs.peek().is_some()
                    && needs.all(|r| level_of(rules, u, r.skill.id()) >= r.level)
                {
                    found.skill(id, 1);
                }
            }
        }

        /// A unit of any race knowing any skills, each at or just short
        /// of one of its levels.
        fn unit() -> impl Strategy<Value = Unit> {
            let r = rules();
            let (races, skills) = (r.races.len().max(1), r.skills.len().max(1));
            (
                0..races,
                proptest::collection::vec((0..skills, 0usize..8, any::<bool>()), 0..12),
            )
                .prop_map(move |(race, known)| {
                    let r = rules();
                    let mut u = Unit::new(
                        1,
                        FactionId::from_index(0),
                        RaceId::from_index(race),
                        1,
                        LocationId::from_index(0),
                    );
                    for (skill, level, short) in known {
                        let id = SkillId::from_index(skill);
                        let at = r
                            .skills
                            .get(id)
                            .and_then(|s| s.levels.get(level.checked_sub(1)?))
                            .map_or(0, |l| l.experience);
                        u.learn(id, if short { at.saturating_sub(1) } else { at });
                    }
                    u
                })
        }

        proptest! {
            #![proptest_config(ProptestConfig {
                cases: cases(),
                failure_persistence: None,
                ..ProptestConfig::default()
            })]

            /// OV-REP-038: the skills found from what the units know are
            /// those of checking every unit against every skill, found in
            /// the same order.
            #[test]
            fn the_first_steps_are_those_of_every_skill(
                units in proptest::collection::vec(unit(), 1..6),
            ) {
                let r = rules();
                let steps = FirstSteps::of(r);
                let refs: Vec<&Unit> = units.iter().collect();
                let mut fast = Found::new(r);
                find_studiable(&mut fast, r, &steps, &refs);
                let mut slow = Found::new(r);
                for u in &units {
                    by_every_skill(&mut slow, r, u);
                }
                prop_assert_eq!(&fast.skills, &slow.skills);
                prop_assert_eq!(&fast.todo_skills, &slow.todo_skills);
            }
        }
    }

    #[test]
    fn days_are_whole_when_they_can_be() {
        assert_eq!(days(3000), "30 days");
        assert_eq!(days(100), "1 day");
        assert_eq!(days(4550), "45.5 days");
        assert_eq!(days(4555), "45.55 days");
        assert_eq!(days(5), "0.05 days");
    }

    #[test]
    fn lists_read_as_english() {
        let l = |v: &[&str]| and_list(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(l(&[]), "");
        assert_eq!(l(&["a"]), "a");
        assert_eq!(l(&["a", "b"]), "a and b");
        assert_eq!(l(&["a", "b", "c"]), "a, b and c");
    }

    #[test]
    fn an_unknown_faction_learns_nothing() {
        let Ok(r) = Rules::bundled() else {
            panic!("bundled rules");
        };
        let w = World::default();
        let d = discover(&w, &r, &TurnLog::default(), FactionId::new(3));
        assert!(d.is_empty());
        assert_eq!(section(&r, &d), "");
    }
}
