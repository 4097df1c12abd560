//! How reports name things: "Nirmal Yadav [U600]", "Massada [L278]",
//! "3 swords [swrd]", "combat [cmbt]", "The Empire [f05]". Every name
//! passes through [`one_line`] so a player's chosen name cannot break the
//! report's layout. An id the world or the rules do not know is named by
//! its number alone, never dropped.

use rustc_hash::FxHashMap;

use crate::orders::FactionRef;
use crate::orders::print::one_line;
use crate::rules::{ItemId, RaceId, Rules, SkillId, TitleId};
use crate::world::{FactionId, LocationId, StructureId, UnitId, World};

/// Names things for the reports of one turn.
#[derive(Clone)]
pub struct Names<'a> {
    pub world: &'a World,
    pub rules: &'a Rules,
    /// The titles each unit holds, with their seats, in the world's order.
    held: FxHashMap<UnitId, Vec<(TitleId, LocationId)>>,
    /// The locations inside each location, in the world's order.
    inner: FxHashMap<LocationId, Vec<LocationId>>,
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
        }
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
        match self.world.units.get(id) {
            Some(u) => format!("{} [{}]", one_line(&u.name), u.code()),
            None => "an unknown unit".to_string(),
        }
    }

    /// "Massada [L278]".
    pub fn place(&self, id: LocationId) -> String {
        match self.world.locations.get(id) {
            Some(l) => format!("{} [{}]", one_line(&l.name), l.code()),
            None => "an unknown place".to_string(),
        }
    }

    /// "High Eagle Fort [B3]".
    pub fn structure(&self, id: StructureId) -> String {
        match self.world.structures.get(id) {
            Some(s) => {
                let name = if s.name.trim().is_empty() {
                    self.rules
                        .constructions
                        .get(s.kind)
                        .map_or("structure", |c| c.name.as_str())
                } else {
                    s.name.as_str()
                };
                format!("{} [{}]", one_line(name), s.code())
            }
            None => "an unknown structure".to_string(),
        }
    }

    /// "The Empire [f05]".
    pub fn faction(&self, id: FactionId) -> String {
        match self.world.factions.get(id) {
            Some(f) => format!("{} [{}]", one_line(&f.name), FactionRef::Player(f.number)),
            None => "an unknown faction".to_string(),
        }
    }

    /// "3 swords [swrd]", "1 sword [swrd]".
    pub fn items(&self, id: ItemId, count: u64) -> String {
        match self.rules.items.get(id) {
            Some(i) => format!(
                "{count} {} [{}]",
                if count == 1 { &i.name } else { &i.plural },
                i.tag
            ),
            None => format!("{count} of an unknown item"),
        }
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
        match self.rules.races.get(race) {
            Some(r) => format!(
                "{count} {} [{}]",
                if count == 1 { &r.name } else { &r.plural },
                r.tag
            ),
            None => format!("{count} figures"),
        }
    }

    /// "Sheriff [shrf]".
    pub fn title(&self, id: TitleId) -> String {
        match self.rules.titles.get(id) {
            Some(t) => format!("{} [{}]", t.name, t.tag),
            None => "an unknown title".to_string(),
        }
    }

    /// "Sheriff [shrf] of Massada [L278]".
    pub fn seat(&self, title: TitleId, seat: LocationId) -> String {
        format!("{} of {}", self.title(title), self.place(seat))
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
