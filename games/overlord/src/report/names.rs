//! How reports name things: "Nirmal Yadav [U600]", "Massada [L278]",
//! "3 swords [swrd]", "combat [cmbt]", "The Empire [f05]". Every name
//! passes through [`one_line`] so a player's chosen name cannot break the
//! report's layout. An id the world or the rules do not know is named by
//! its number alone, never dropped.

use std::borrow::Cow;

use rustc_hash::FxHashMap;

use crate::orders::print::one_line;
use crate::rules::ConstructionId;
use crate::rules::{ItemId, RaceId, Rules, SkillId, TitleId};
use crate::turn::learnable::MayLearn;
use crate::world::{FactionId, LocationId, StructureId, Unit, UnitId, World};

use super::model::{Id, Named, Quantity, SkillLevel, TitleSeat};
use super::unit::suffix;

/// Names things for the reports of one turn.
#[derive(Clone)]
pub struct Names<'a> {
    pub world: &'a World,
    pub rules: &'a Rules,
    /// The titles each unit holds, with their seats, in the world's order.
    held: FxHashMap<UnitId, Vec<(TitleId, LocationId)>>,
    /// The locations inside each location, in the world's order.
    inner: FxHashMap<LocationId, Vec<LocationId>>,
    /// What units may learn, worked out once per race and skills.
    may_learn: MayLearn,
}

/// The locations inside each location, in the world's order.
pub fn inner_locations(world: &World) -> FxHashMap<LocationId, Vec<LocationId>> {
    let mut inner: FxHashMap<LocationId, Vec<LocationId>> = FxHashMap::default();
    for (id, l) in world.locations.iter() {
        if let Some(o) = l.outer {
            inner.entry(o).or_default().push(id);
        }
    }
    inner
}

impl<'a> Names<'a> {
    pub fn new(world: &'a World, rules: &'a Rules) -> Self {
        let mut held: FxHashMap<UnitId, Vec<(TitleId, LocationId)>> = FxHashMap::default();
        for (seat, l) in world.locations.iter() {
            for s in &l.titles {
                if let Some(h) = s.holder {
                    held.entry(h).or_default().push((s.title, seat));
                }
            }
        }
        Names {
            world,
            rules,
            held,
            inner: inner_locations(world),
            may_learn: MayLearn::default(),
        }
    }

    /// The skills `unit` may study next, with the level study leads to
    /// ([`may_learn_in`](crate::turn::learnable::may_learn_in)).
    pub fn may_learn(&self, unit: &Unit) -> Vec<(SkillId, u8)> {
        self.may_learn.of(self.world, self.rules, unit)
    }

    /// The locations inside `at`, in the world's order.
    pub fn inner_of(&self, at: LocationId) -> &[LocationId] {
        self.inner.get(&at).map_or(&[], Vec::as_slice)
    }

    /// The titles `unit` holds, with their seats.
    pub fn titles_of(&self, unit: UnitId) -> &[(TitleId, LocationId)] {
        self.held.get(&unit).map_or(&[], Vec::as_slice)
    }

    /// "Nirmal Yadav [U600]".
    pub fn unit(&self, id: UnitId) -> String {
        self.unit_ref(id).to_string()
    }

    /// The unit `id` as the report names it.
    pub fn unit_ref(&self, id: UnitId) -> Named<'a> {
        match self.world.units.get(id) {
            Some(u) => Named::new(Id::Unit(u.number), line(&u.name)),
            None => Named::unknown("an unknown unit"),
        }
    }

    /// "Massada [L278]".
    pub fn place(&self, id: LocationId) -> String {
        self.place_ref(id).to_string()
    }

    /// The location `id` as the report names it.
    pub fn place_ref(&self, id: LocationId) -> Named<'a> {
        match self.world.locations.get(id) {
            Some(l) => Named::new(Id::Location(l.number), line(&l.name)),
            None => Named::unknown("an unknown place"),
        }
    }

    /// "High Eagle Fort [B3]".
    pub fn structure(&self, id: StructureId) -> String {
        self.structure_ref(id).to_string()
    }

    /// The structure `id` as the report names it: its own name, else its
    /// kind's.
    pub fn structure_ref(&self, id: StructureId) -> Named<'a> {
        match self.world.structures.get(id) {
            Some(s) => {
                let name = if s.name.trim().is_empty() {
                    self.construction(s.kind)
                } else {
                    s.name.as_str()
                };
                Named::new(Id::Structure(s.number), line(name))
            }
            None => Named::unknown("an unknown structure"),
        }
    }

    /// The name of a kind of structure ("structure" for one unknown).
    pub fn construction(&self, kind: ConstructionId) -> &'a str {
        self.rules
            .constructions
            .get(kind)
            .map_or("structure", |c| c.name.as_str())
    }

    /// "The Empire [f05]".
    pub fn faction(&self, id: FactionId) -> String {
        self.faction_ref(id).to_string()
    }

    /// The faction `id` as the report names it.
    pub fn faction_ref(&self, id: FactionId) -> Named<'a> {
        match self.world.factions.get(id) {
            Some(f) => Named::new(Id::Faction(f.number), line(&f.name)),
            None => Named::unknown("an unknown faction"),
        }
    }

    /// "3 swords [swrd]", "1 sword [swrd]".
    pub fn items(&self, id: ItemId, count: u64) -> String {
        self.quantity(id, count).to_string()
    }

    /// `count` of item `id`.
    pub fn quantity(&self, id: ItemId, count: u64) -> Quantity<'a> {
        match self.rules.items.get(id) {
            Some(i) => Quantity {
                count,
                name: if count == 1 { &i.name } else { &i.plural },
                tag: Some(&i.tag),
            },
            None => Quantity {
                count,
                name: "of an unknown item",
                tag: None,
            },
        }
    }

    /// Item `id` as knowledge names it.
    pub fn item_ref(&self, id: ItemId) -> Named<'a> {
        item_ref(self.rules, id)
    }

    /// "sword [swrd]".
    pub fn item(&self, id: ItemId) -> String {
        match self.rules.items.get(id) {
            Some(i) => format!("{} [{}]", i.name, i.tag),
            None => "an unknown item".to_string(),
        }
    }

    /// "combat [cmbt]".
    pub fn skill(&self, id: SkillId) -> String {
        match self.rules.skills.get(id) {
            Some(s) => format!("{} [{}]", s.name, s.tag),
            None => "an unknown skill".to_string(),
        }
    }

    /// "23 followers [man]", "1 hero [hero]".
    pub fn figures(&self, race: RaceId, count: u32) -> String {
        self.figures_of(race, count).to_string()
    }

    /// `count` figures of `race`.
    pub fn figures_of(&self, race: RaceId, count: u32) -> Quantity<'a> {
        match self.rules.races.get(race) {
            Some(r) => Quantity {
                count: u64::from(count),
                name: if count == 1 { &r.name } else { &r.plural },
                tag: Some(&r.tag),
            },
            None => Quantity {
                count: u64::from(count),
                name: "figures",
                tag: None,
            },
        }
    }

    /// "Sheriff [shrf]".
    pub fn title(&self, id: TitleId) -> String {
        self.title_ref(id).to_string()
    }

    /// Title `id` as the report names it.
    pub fn title_ref(&self, id: TitleId) -> Named<'a> {
        match self.rules.titles.get(id) {
            Some(t) => Named::new(Id::Tag(&t.tag), t.name.as_str()),
            None => Named::unknown("an unknown title"),
        }
    }

    /// Title `title` held at `seat`.
    pub fn seat_ref(&self, title: TitleId, seat: LocationId) -> TitleSeat<'a> {
        TitleSeat {
            title: self.title_ref(title),
            seat: self.place_ref(seat),
        }
    }

    /// "1st combat [cmbt]"; a level below the first gives the bare name
    /// (see [`skill_text`]).
    pub fn skill_level(&self, id: SkillId, level: u8) -> SkillLevel<'a> {
        skill_level(self.rules, id, level)
    }

    /// "Sheriff [shrf] of Massada [L278]".
    pub fn seat(&self, title: TitleId, seat: LocationId) -> String {
        let s = self.seat_ref(title, seat);
        format!("{} of {}", s.title, s.seat)
    }

    /// "3 swords [swrd], 1 horse [hrse]"; "nothing" for an empty list.
    pub fn item_list(&self, items: &[(ItemId, u64)]) -> String {
        if items.is_empty() {
            return "nothing".to_string();
        }
        items
            .iter()
            .map(|&(i, n)| self.items(i, n))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Skill `id` at `level` (a skill the rules do not hold has no id).
pub fn skill_level(rules: &Rules, id: SkillId, level: u8) -> SkillLevel<'_> {
    match rules.skills.get(id) {
        Some(s) => SkillLevel {
            id: Some(&s.tag),
            name: &s.name,
            level,
        },
        None => SkillLevel {
            id: None,
            name: "",
            level,
        },
    }
}

/// Item `id` as knowledge names it.
pub fn item_ref(rules: &Rules, id: ItemId) -> Named<'_> {
    match rules.items.get(id) {
        Some(i) => Named::new(Id::Tag(&i.tag), i.name.as_str()),
        None => Named::unknown("an unknown item"),
    }
}

/// "1st combat [cmbt]", "combat [cmbt]" below the first level; nothing
/// for a skill the rules do not hold.
pub fn skill_text(s: &SkillLevel<'_>) -> String {
    match s.id {
        None => String::new(),
        Some(tag) if s.level > 0 => {
            format!("{}{} {} [{tag}]", s.level, suffix(s.level), s.name)
        }
        Some(tag) => format!("{} [{tag}]", s.name),
    }
}

/// `text` on one line ([`one_line`]), borrowed when it already is.
pub fn line(text: &str) -> Cow<'_, str> {
    if text.trim() == text && !text.chars().any(char::is_control) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(one_line(text))
    }
}
