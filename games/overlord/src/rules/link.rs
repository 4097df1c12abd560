//! Validation and linking: every tag resolved to a dense id, every figure
//! checked, every problem reported with file, entry and field.

use umpire_core::ids::{IdVec, TypedId};
use umpire_core::text::suggest;

use std::collections::BTreeSet;

use super::climate::{Season, Weather};
use super::common::{Bonuses, ItemCount, Ref, SkillBonus, SkillLevel};
use super::constructions::Construction;
use super::descriptions::{Descriptions, Kind};
use super::items::Item;
use super::load::{RulesError, RulesErrors};
use super::skills::{Product, Skill, UseKind};
use super::terrains::Terrain;
use super::{Index, Rules, Tables, TagIndex, combat::Combat};

/// Check and link the tables; all errors at once.
pub(crate) fn link(mut t: Tables, descriptions: Descriptions) -> Result<Rules, RulesErrors> {
    let mut errors = Vec::new();
    let index = index_tables(&t, &mut errors);
    let level_counts: Vec<usize> = t.skills.iter().map(|s| s.levels.len()).collect();
    let mut l = Linker {
        ix: &index,
        level_counts: &level_counts,
        errors,
        file: "",
        entry: String::new(),
    };

    for item in &mut t.items {
        l.link_item(item);
    }
    for skill in &mut t.skills {
        l.at("skills.toml", "skill", &skill.tag);
        l.skill_body(skill);
    }
    for race in &mut t.races {
        l.at("races.toml", "race", &race.tag);
        l.bonuses("bonuses", &mut race.bonuses);
        for (i, s) in race.skills.iter_mut().enumerate() {
            l.skill(&format!("skills[{i}].skill"), &mut s.skill);
        }
    }
    for terrain in &mut t.terrains {
        l.link_terrain(terrain);
    }
    for title in &mut t.titles {
        l.at("titles.toml", "title", &title.tag);
        l.skill_level("requires", &mut title.requires);
        l.bonuses("bonuses", &mut title.bonuses);
    }
    let made_by_skills = made_by_skills(&t.skills);
    for c in &mut t.constructions {
        l.link_construction(c, &made_by_skills, &t.terrains);
    }
    for e in &mut t.enchantments {
        l.at("enchantments.toml", "enchantment", &e.tag);
        l.bonuses("bonuses", &mut e.bonuses);
        l.combat("combat", &mut e.combat);
        if let Some(a) = &mut e.action {
            let ix = l.ix.actions.clone();
            l.r("action", a, &ix, "action");
        }
    }
    for a in &mut t.actions {
        l.at("actions.toml", "action", &a.tag);
        if let Some(d) = &mut a.disease {
            let ix = l.ix.diseases.clone();
            l.r("disease", d, &ix, "disease");
        }
    }
    for d in &mut t.diseases {
        l.at("diseases.toml", "disease", &d.tag);
        let ix = l.ix.enchantments.clone();
        l.r("infection", &mut d.infection, &ix, "enchantment");
        l.r("immunity", &mut d.immunity, &ix, "enchantment");
        if d.lethality > 100 || d.virality > 100 {
            l.err(
                "lethality",
                "virality and lethality are percentages from 0 to 100".into(),
            );
        }
    }
    for s in &mut t.seasons {
        l.link_season(s);
    }
    for w in &mut t.weathers {
        l.link_weather(w);
    }

    l.prerequisite_cycles(&t.skills);
    l.descriptions(&descriptions, &t);

    let errors = l.errors;
    if !errors.is_empty() {
        return Err(RulesErrors(errors));
    }
    Ok(Rules {
        items: IdVec::from_iter(t.items),
        skills: IdVec::from_iter(t.skills),
        races: IdVec::from_iter(t.races),
        terrains: IdVec::from_iter(t.terrains),
        titles: IdVec::from_iter(t.titles),
        constructions: IdVec::from_iter(t.constructions),
        works: IdVec::from_iter(t.works),
        enchantments: IdVec::from_iter(t.enchantments),
        actions: IdVec::from_iter(t.actions),
        diseases: IdVec::from_iter(t.diseases),
        seasons: IdVec::from_iter(t.seasons),
        weathers: IdVec::from_iter(t.weathers),
        index,
        descriptions,
    })
}

/// Each table's tag index; a tag used twice, a tag that is not one word
/// and an empty name are errors.
fn index_tables(t: &Tables, errors: &mut Vec<RulesError>) -> Index {
    macro_rules! index {
        ($field:ident, $file:literal, $what:literal) => {{
            let (ix, dups) = TagIndex::build(t.$field.iter().map(|e| e.tag.as_str()));
            for (tag, first, second) in dups {
                errors.push(RulesError {
                    file: $file.into(),
                    line: None,
                    entry: Some(format!("{} `{}`", $what, tag)),
                    field: Some("tag".into()),
                    message: format!(
                        "the tag is used twice (entries {} and {}); tags must be unique",
                        first + 1,
                        second + 1
                    ),
                });
            }
            for (i, e) in t.$field.iter().enumerate() {
                if e.tag.trim().is_empty() || e.tag.contains(char::is_whitespace) {
                    errors.push(RulesError {
                        file: $file.into(),
                        line: None,
                        entry: Some(format!("{} number {}", $what, i + 1)),
                        field: Some("tag".into()),
                        message: format!("`{}` is not a tag: tags are one word", e.tag),
                    });
                }
                if e.name.trim().is_empty() {
                    errors.push(RulesError {
                        file: $file.into(),
                        line: None,
                        entry: Some(format!("{} `{}`", $what, e.tag)),
                        field: Some("name".into()),
                        message: "the name is empty".into(),
                    });
                }
            }
            ix
        }};
    }
    Index {
        items: index!(items, "items.toml", "item"),
        skills: index!(skills, "skills.toml", "skill"),
        races: index!(races, "races.toml", "race"),
        terrains: index!(terrains, "terrains.toml", "terrain"),
        titles: index!(titles, "titles.toml", "title"),
        constructions: index!(constructions, "constructions.toml", "construction"),
        works: index!(works, "works.toml", "work"),
        enchantments: index!(enchantments, "enchantments.toml", "enchantment"),
        actions: index!(actions, "actions.toml", "action"),
        diseases: index!(diseases, "diseases.toml", "disease"),
        seasons: index!(seasons, "climate.toml", "season"),
        weathers: index!(weathers, "climate.toml", "weather"),
    }
}

/// The constructions some skill's use produces (lower-case tags).
fn made_by_skills(skills: &[Skill]) -> BTreeSet<String> {
    skills
        .iter()
        .flat_map(|s| s.levels.iter())
        .filter_map(|lv| lv.use_.as_ref()?.produces.as_ref())
        .filter_map(|p| match &p.what {
            Product::Construction(r) => Some(r.tag().to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

struct Linker<'a> {
    ix: &'a Index,
    level_counts: &'a [usize],
    errors: Vec<RulesError>,
    file: &'static str,
    entry: String,
}

impl Linker<'_> {
    /// An item's equipment, bonuses, combat, prospecting and knowledge.
    fn link_item(&mut self, item: &mut Item) {
        self.at("items.toml", "item", &item.tag);
        if let Some(eq) = &mut item.equip {
            if eq.max == 0 {
                self.err(
                    "equip.max",
                    "an item that can be equipped needs a maximum of at least 1".into(),
                );
            }
            for (i, c) in eq.requires.iter_mut().enumerate() {
                self.skill_level(&format!("equip.requires[{i}]"), c);
            }
        }
        self.bonuses("bonuses", &mut item.bonuses);
        self.combat("combat", &mut item.combat);
        if let Some(p) = &mut item.prospect {
            self.skill_level("prospect", p);
        }
        if let Some(k) = &mut item.knowledge {
            self.skill("knowledge", k);
        }
    }

    /// A terrain's landwalk skill, travel days and resources.
    fn link_terrain(&mut self, terrain: &mut Terrain) {
        self.at("terrains.toml", "terrain", &terrain.tag);
        if let Some(s) = &mut terrain.landwalk {
            self.skill("landwalk", s);
        }
        let d = terrain.days;
        if [d.walk, d.ride, d.fly, d.swim, d.climb]
            .iter()
            .all(Option::is_none)
        {
            self.err(
                "days",
                "no movement mode can enter this terrain; give at least one mode's days".into(),
            );
        }
        for (mode, days) in super::Movement::ALL.iter().map(|m| (m, d.get(*m))) {
            if days == Some(0) {
                self.err(
                    &format!("days.{mode}"),
                    "travel takes at least 1 day".into(),
                );
            }
        }
        for (i, r) in terrain.resources.iter_mut().enumerate() {
            self.item(&format!("resources[{i}].item"), &mut r.item);
            if r.chance == 0 || r.chance > 100 {
                self.err(
                    &format!("resources[{i}].chance"),
                    format!("{} is not a percentage from 1 to 100", r.chance),
                );
            }
        }
    }

    /// A construction: something builds it, its works, skills, titles,
    /// product, vessel crew and settlement terrain.
    fn link_construction(
        &mut self,
        c: &mut Construction,
        made_by_skills: &BTreeSet<String>,
        terrains: &[Terrain],
    ) {
        self.at("constructions.toml", "construction", &c.tag);
        if c.works.is_empty() && !made_by_skills.contains(&c.tag.to_ascii_lowercase()) {
            self.err(
                "works",
                "nothing builds it: give the work it needs, or have a skill's `use.produces` make it".into(),
            );
        }
        for (i, w) in c.works.iter_mut().enumerate() {
            self.r(
                &format!("works[{i}].work"),
                &mut w.work,
                &self.ix.works.clone(),
                "construction work",
            );
            if w.count == 0 {
                self.err(
                    &format!("works[{i}].count"),
                    "a work count must be at least 1".into(),
                );
            }
        }
        if let Some(b) = &mut c.building_skill {
            self.skill("building_skill.skill", &mut b.skill);
        }
        for (i, s) in c.build_requires.iter_mut().enumerate() {
            self.skill_level(&format!("build_requires[{i}]"), s);
        }
        self.bonuses("bonuses", &mut c.bonuses);
        for (i, b) in c.production_bonus.iter_mut().enumerate() {
            self.skill(&format!("production_bonus[{i}].skill"), &mut b.skill);
        }
        for (i, r) in c.titles.iter_mut().enumerate() {
            let ix = self.ix.titles.clone();
            self.r(&format!("titles[{i}]"), r, &ix, "title");
        }
        if let Some(p) = &mut c.produces {
            self.product("produces", &mut p.what);
        }
        if let Some(v) = &mut c.vessel {
            for (i, s) in v.crew_requires.iter_mut().enumerate() {
                self.skill_level(&format!("vessel.crew_requires[{i}]"), s);
            }
        }
        if let Some(x) = &mut c.settlement {
            let ix = self.ix.terrains.clone();
            self.r("settlement", x, &ix, "terrain");
            let empty = x.is_resolved()
                && terrains
                    .get(x.id().index())
                    .is_some_and(|tr| tr.optimum == 0);
            if empty {
                self.err(
                    "settlement",
                    format!(
                        "terrain `{}` has an optimum of 0: nobody would ever live there",
                        x.tag()
                    ),
                );
            }
            // A settlement is built with BUILD and becomes a place: it
            // cannot also be a vessel, carry titles or come from a skill.
            if c.vessel.is_some()
                || !c.titles.is_empty()
                || c.built_by_skill_use
                || c.works.is_empty()
            {
                self.err(
                    "settlement",
                    "a settlement becomes a location when its works are done: give it works, and no vessel, titles or `built_by_skill_use`".into(),
                );
            }
        }
    }

    /// A season's weathers and their weights.
    fn link_season(&mut self, s: &mut Season) {
        self.at("climate.toml", "season", &s.tag);
        if s.weather.iter().map(|w| w.weight).sum::<u32>() == 0 {
            self.err(
                "weather",
                "a season needs at least one weather with a weight above 0".into(),
            );
        }
        for (i, w) in s.weather.iter_mut().enumerate() {
            let ix = self.ix.weathers.clone();
            self.r(
                &format!("weather[{i}].weather"),
                &mut w.weather,
                &ix,
                "weather",
            );
        }
        self.bonuses("bonuses", &mut s.bonuses);
    }

    /// A weather's bonuses and travel changes.
    fn link_weather(&mut self, w: &mut Weather) {
        self.at("climate.toml", "weather", &w.tag);
        self.bonuses("bonuses", &mut w.bonuses);
        for (i, t) in w.travel.iter().enumerate() {
            if t.percent <= -100 {
                self.err(
                    &format!("travel[{i}].percent"),
                    "a weather cannot take 100% or more off a trip's time".into(),
                );
            }
            if w.travel[..i].iter().any(|x| x.mode == t.mode) {
                self.err(
                    &format!("travel[{i}].mode"),
                    format!("the {} mode is listed twice", t.mode),
                );
            }
        }
    }
}

impl Linker<'_> {
    fn at(&mut self, file: &'static str, what: &str, tag: &str) {
        self.file = file;
        self.entry = format!("{what} `{tag}`");
    }

    fn err(&mut self, field: &str, message: String) {
        self.errors.push(RulesError {
            file: self.file.into(),
            line: None,
            entry: Some(self.entry.clone()),
            field: (!field.is_empty()).then(|| field.into()),
            message,
        });
    }

    fn r<I: TypedId>(&mut self, field: &str, r: &mut Ref<I>, ix: &TagIndex<I>, kind: &str) {
        match ix.get(r.tag()) {
            Some(id) => r.resolve(id),
            None => {
                let hint = suggest(r.tag(), ix.tags())
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                let msg = format!("there is no {kind} `{}`{hint}", r.tag());
                self.err(field, msg);
            }
        }
    }

    fn item(&mut self, field: &str, r: &mut Ref<super::ItemId>) {
        let ix = self.ix.items.clone();
        self.r(field, r, &ix, "item");
    }

    fn skill(&mut self, field: &str, r: &mut Ref<super::SkillId>) {
        let ix = self.ix.skills.clone();
        self.r(field, r, &ix, "skill");
    }

    fn skill_level(&mut self, field: &str, s: &mut SkillLevel) {
        self.skill(&format!("{field}.skill"), &mut s.skill);
        if s.level == 0 {
            self.err(&format!("{field}.level"), "skill levels start at 1".into());
        } else if s.skill.is_resolved() {
            let have = self
                .level_counts
                .get(s.skill.id().index())
                .copied()
                .unwrap_or(0);
            if usize::from(s.level) > have {
                self.err(
                    &format!("{field}.level"),
                    format!(
                        "skill `{}` has no level {} (it has {have})",
                        s.skill.tag(),
                        s.level
                    ),
                );
            }
        }
    }

    fn item_counts(&mut self, field: &str, v: &mut [ItemCount]) {
        for (i, c) in v.iter_mut().enumerate() {
            self.item(&format!("{field}[{i}].item"), &mut c.item);
        }
    }

    fn skill_bonuses(&mut self, field: &str, v: &mut [SkillBonus]) {
        for (i, b) in v.iter_mut().enumerate() {
            self.skill(&format!("{field}[{i}].skill"), &mut b.skill);
        }
    }

    fn bonuses(&mut self, field: &str, b: &mut Bonuses) {
        self.skill_bonuses(&format!("{field}.study"), &mut b.study);
        self.skill_bonuses(&format!("{field}.learning_level"), &mut b.learning_level);
        self.skill_bonuses(&format!("{field}.use_skill"), &mut b.use_skill);
    }

    fn combat(&mut self, field: &str, c: &mut Combat) {
        for (i, g) in c.grants.iter_mut().enumerate() {
            let ix = self.ix.enchantments.clone();
            self.r(
                &format!("{field}.grants[{i}].effect"),
                &mut g.effect,
                &ix,
                "enchantment",
            );
        }
    }

    fn product(&mut self, field: &str, p: &mut Product) {
        match p {
            Product::Item(r) => self.item(&format!("{field}.item"), r),
            Product::Construction(r) => {
                let ix = self.ix.constructions.clone();
                self.r(&format!("{field}.construction"), r, &ix, "construction");
            }
            Product::Work(r) => {
                let ix = self.ix.works.clone();
                self.r(&format!("{field}.work"), r, &ix, "construction work");
            }
            Product::Effect(r) => {
                let ix = self.ix.enchantments.clone();
                self.r(&format!("{field}.effect"), r, &ix, "enchantment");
            }
            Product::Action(r) => {
                let ix = self.ix.actions.clone();
                self.r(&format!("{field}.action"), r, &ix, "action");
            }
        }
    }

    fn skill_body(&mut self, skill: &mut Skill) {
        for (i, s) in skill.requires.iter_mut().enumerate() {
            self.skill_level(&format!("requires[{i}]"), s);
        }
        if skill.levels.is_empty() {
            self.err("levels", "a skill needs at least one level".into());
        }
        let mut last = None;
        for (n, level) in skill.levels.iter_mut().enumerate() {
            let f = format!("levels[{}]", n + 1);
            if let Some(prev) = last
                && level.experience <= prev
            {
                self.err(
                    &format!("{f}.experience"),
                    format!(
                        "{} is not more than the previous level's {prev}; levels must need more experience as they go up",
                        level.experience
                    ),
                );
            }
            last = Some(level.experience);
            for (i, s) in level.requires.iter_mut().enumerate() {
                self.skill_level(&format!("{f}.requires[{i}]"), s);
            }
            if let Some(w) = &mut level.wisdom {
                self.item(&format!("{f}.wisdom"), w);
            }
            self.combat(&format!("{f}.combat"), &mut level.combat);
            if let Some(u) = &mut level.use_ {
                if let Some(p) = &mut u.produces {
                    self.product(&format!("{f}.use.produces"), &mut p.what);
                    if p.days == 0 {
                        self.err(
                            &format!("{f}.use.produces.days"),
                            "making one takes at least 1 man-day".into(),
                        );
                    }
                }
                if let Some(h) = &mut u.harvest {
                    self.item(&format!("{f}.use.harvest.item"), &mut h.item);
                }
                if matches!(u.kind, Some(UseKind::Tax | UseKind::Entertain)) {
                    let coins = u.produces.as_ref().is_some_and(
                        |p| matches!(&p.what, Product::Item(r) if r.tag().eq_ignore_ascii_case("coin")),
                    );
                    if !coins {
                        self.err(
                            &format!("{f}.use.produces"),
                            "taxing and entertaining bring coins: write `produces = { item = \"coin\", days = N }`".into(),
                        );
                    }
                }
                self.item_counts(&format!("{f}.use.consume"), &mut u.consume);
                self.item_counts(&format!("{f}.use.summoned_items"), &mut u.summoned_items);
                if let Some(tl) = &mut u.tool {
                    self.item(&format!("{f}.use.tool"), tl);
                }
                for (i, s) in u.summons.iter_mut().enumerate() {
                    let ix = self.ix.races.clone();
                    self.r(
                        &format!("{f}.use.summons[{i}].race"),
                        &mut s.race,
                        &ix,
                        "race",
                    );
                }
                for (i, g) in u.grants.iter_mut().enumerate() {
                    let ix = self.ix.enchantments.clone();
                    self.r(
                        &format!("{f}.use.grants[{i}].effect"),
                        &mut g.effect,
                        &ix,
                        "enchantment",
                    );
                }
                if let Some(up) = &mut u.upgrade {
                    let ix = self.ix.constructions.clone();
                    self.r(&format!("{f}.use.upgrade"), up, &ix, "construction");
                }
                if let Some(s) = &mut u.summoned {
                    for (i, k) in s.skills.iter_mut().enumerate() {
                        self.skill(&format!("{f}.use.summoned.skills[{i}].skill"), &mut k.skill);
                    }
                }
            }
        }
    }

    /// A skill may not, through its prerequisites, require itself.
    fn prerequisite_cycles(&mut self, skills: &[Skill]) {
        let n = skills.len();
        let edges: Vec<Vec<usize>> = skills
            .iter()
            .map(|s| {
                s.requires
                    .iter()
                    .chain(s.levels.iter().flat_map(|l| l.requires.iter()))
                    .filter(|r| r.skill.is_resolved())
                    .map(|r| r.skill.id().index())
                    .filter(|&i| i < n)
                    .collect()
            })
            .collect();
        // Iterative depth-first search with colours; report each cycle once.
        let mut colour = vec![0u8; n];
        for start in 0..n {
            if colour[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            colour[start] = 1;
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                if let Some(&to) = edges[node].get(*next) {
                    *next += 1;
                    match colour[to] {
                        0 => {
                            colour[to] = 1;
                            stack.push((to, 0));
                        }
                        1 => {
                            let from = stack.iter().position(|&(s, _)| s == to).unwrap_or(0);
                            let mut path: Vec<&str> = stack[from..]
                                .iter()
                                .map(|&(s, _)| skills[s].tag.as_str())
                                .collect();
                            path.push(skills[to].tag.as_str());
                            self.at("skills.toml", "skill", &skills[to].tag);
                            self.err(
                                "requires",
                                format!("prerequisites go round in a circle: {}", path.join(" → ")),
                            );
                        }
                        _ => {}
                    }
                } else {
                    colour[node] = 2;
                    stack.pop();
                }
            }
        }
    }

    fn descriptions(&mut self, d: &Descriptions, t: &Tables) {
        for kind in Kind::ALL.iter().copied() {
            let file: &'static str = description_file(kind);
            for (tag, desc) in d.of_kind(kind) {
                let levels = match kind {
                    Kind::Items => self.ix.items.get(tag).map(|_| 0),
                    Kind::Skills => self
                        .ix
                        .skills
                        .get(tag)
                        .and_then(|id| t.skills.get(id.index()))
                        .map(|s| s.levels.len()),
                    Kind::Races => self.ix.races.get(tag).map(|_| 0),
                    Kind::Terrains => self.ix.terrains.get(tag).map(|_| 0),
                    Kind::Titles => self.ix.titles.get(tag).map(|_| 0),
                    Kind::Constructions => self.ix.constructions.get(tag).map(|_| 0),
                    Kind::Works => self.ix.works.get(tag).map(|_| 0),
                    Kind::Enchantments => self.ix.enchantments.get(tag).map(|_| 0),
                    Kind::Actions => self.ix.actions.get(tag).map(|_| 0),
                    Kind::Diseases => self.ix.diseases.get(tag).map(|_| 0),
                    Kind::Seasons => self.ix.seasons.get(tag).map(|_| 0),
                    Kind::Weathers => self.ix.weathers.get(tag).map(|_| 0),
                };
                self.file = file;
                self.entry = format!("`{tag}`");
                match levels {
                    None => self.err(
                        "",
                        format!(
                            "describes `{tag}`, but there is no such entry in {}",
                            kind.as_str()
                        ),
                    ),
                    Some(n) => {
                        for k in desc.levels.keys() {
                            if *k == 0 || *k as usize > n {
                                self.err(
                                    &format!("levels.{k}"),
                                    format!("the skill has levels 1 to {n}, not {k}"),
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

fn description_file(kind: Kind) -> &'static str {
    match kind {
        Kind::Items => "descriptions/items.toml",
        Kind::Skills => "descriptions/skills.toml",
        Kind::Races => "descriptions/races.toml",
        Kind::Terrains => "descriptions/terrains.toml",
        Kind::Titles => "descriptions/titles.toml",
        Kind::Constructions => "descriptions/constructions.toml",
        Kind::Works => "descriptions/works.toml",
        Kind::Enchantments => "descriptions/enchantments.toml",
        Kind::Actions => "descriptions/actions.toml",
        Kind::Diseases => "descriptions/diseases.toml",
        Kind::Seasons => "descriptions/seasons.toml",
        Kind::Weathers => "descriptions/weathers.toml",
    }
}
