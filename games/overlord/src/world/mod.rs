//! The game state: factions, units, locations and structures in dense,
//! typed-id storage ([`IdVec`]s indexed by [`FactionId`], [`UnitId`]…).
//! The numbers players write (`U12`, `L7`) live on each entity and are
//! found through [`World::unit_by_number`] and friends.
//!
//! Invariants (checked by [`World::check`]): every id points into its
//! table; a unit is listed once, in exactly the location it says it is in,
//! and so is a structure; a unit inside a structure is where the structure
//! stands; stack parents are in the same location and form no cycle; item
//! counts hold `equipped <= count`; numbers are unique per kind; a journey
//! starts where its unit is listed, ends in a real location and has days
//! left.

pub mod faction;
pub mod hex;
pub mod ids;
pub mod journey;
pub mod location;
pub mod structure;
pub mod unit;

pub use faction::{Faction, Known, Player, Role, Stance};
pub use hex::Hex;
pub use ids::*;
pub use journey::{Journey, JourneyKind};
pub use location::{Exit, Location, Market, Offer, Recruits, Resource, Seat};
pub use structure::Structure;
pub use unit::{Aim, Holding, Knowledge, Making, Unit};

use rustc_hash::{FxHashMap, FxHashSet};

use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use umpire_core::ids::{IdVec, TypedId};

/// The whole game state between turns.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct World {
    /// The game's name, as players write it in `#GAME`.
    pub game: String,
    /// The turn just completed (0 before the first).
    pub turn: u32,
    /// The seed turns derive their dice from.
    pub seed: u64,
    pub factions: IdVec<FactionId, Faction>,
    pub units: IdVec<UnitId, Unit>,
    pub locations: IdVec<LocationId, Location>,
    pub structures: IdVec<StructureId, Structure>,
    /// The faction wild creatures belong to: an unstacked creature returns
    /// to it at the end of the month.
    pub creatures: Option<FactionId>,
}

/// Number → id maps, built on demand.
#[derive(Clone, Debug, Default)]
pub struct Numbers {
    pub factions: FxHashMap<u32, FactionId>,
    pub units: FxHashMap<u32, UnitId>,
    pub locations: FxHashMap<u32, LocationId>,
    pub structures: FxHashMap<u32, StructureId>,
}

impl World {
    pub fn numbers(&self) -> Numbers {
        Numbers {
            factions: self.factions.iter().map(|(id, f)| (f.number, id)).collect(),
            units: self
                .units
                .iter()
                .filter(|(_, u)| !u.gone)
                .map(|(id, u)| (u.number, id))
                .collect(),
            locations: self
                .locations
                .iter()
                .map(|(id, l)| (l.number, id))
                .collect(),
            structures: self
                .structures
                .iter()
                .map(|(id, s)| (s.number, id))
                .collect(),
        }
    }

    pub fn unit_by_number(&self, n: u32) -> Option<UnitId> {
        self.units
            .iter()
            .find(|(_, u)| u.number == n)
            .map(|(id, _)| id)
    }

    pub fn location_by_number(&self, n: u32) -> Option<LocationId> {
        self.locations
            .iter()
            .find(|(_, l)| l.number == n)
            .map(|(id, _)| id)
    }

    pub fn faction_by_number(&self, n: u32) -> Option<FactionId> {
        self.factions
            .iter()
            .find(|(_, f)| f.number == n)
            .map(|(id, _)| id)
    }

    /// Give every non-player faction without a role the one its name
    /// says ([`Role::from_name`]): for a world read from the original
    /// engine's files or from a save older than roles.
    pub fn assign_roles_by_name(&mut self) {
        for f in self.factions.values_mut() {
            if f.player == Player::Npc && f.role.is_none() {
                f.role = Role::from_name(&f.name);
            }
        }
        if let Some(c) = self.creatures
            && let Some(f) = self.factions.get_mut(c)
            && f.role.is_none()
        {
            f.role = Some(Role::Creatures);
        }
    }

    /// The non-player faction named Creatures (or Monsters, as the
    /// original's sample game calls it), for worlds that do not say which
    /// faction wild creatures belong to.
    pub fn guess_creatures(&self) -> Option<FactionId> {
        self.factions
            .iter()
            .find(|(_, f)| {
                f.player == Player::Npc
                    && ["creatures", "monsters"]
                        .iter()
                        .any(|n| f.name.eq_ignore_ascii_case(n))
            })
            .map(|(id, _)| id)
    }

    /// Units stacked directly under `parent`, in the location's order.
    pub fn stack_children(&self, parent: UnitId) -> Vec<UnitId> {
        let Some(p) = self.units.get(parent) else {
            return Vec::new();
        };
        let Some(loc) = self.locations.get(p.location) else {
            return Vec::new();
        };
        loc.units
            .iter()
            .copied()
            .filter(|u| {
                self.units
                    .get(*u)
                    .is_some_and(|x| x.stack_parent == Some(parent))
            })
            .collect()
    }

    /// Units of a faction.
    pub fn units_of(&self, faction: FactionId) -> impl Iterator<Item = (UnitId, &Unit)> {
        self.units
            .iter()
            .filter(move |(_, u)| u.faction == faction && !u.gone)
    }

    /// `top` and every unit stacked under it at any depth, breadth first,
    /// children in the location's order. One pass over the location, then
    /// a search among its stacked units only.
    pub fn stack_members(&self, top: UnitId) -> Vec<UnitId> {
        let Some(t) = self.units.get(top) else {
            return Vec::new();
        };
        let Some(loc) = self.locations.get(t.location) else {
            return vec![top];
        };
        let mut pairs: Vec<(UnitId, usize, UnitId)> = loc
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| {
                self.units
                    .get(c)
                    .and_then(|x| x.stack_parent)
                    .map(|p| (p, i, c))
            })
            .collect();
        let mut out = vec![top];
        if pairs.is_empty() {
            return out;
        }
        pairs.sort_unstable();
        let mut i = 0;
        // A loop cannot be walked forever: no stack is bigger than its
        // location.
        while i < out.len() && out.len() <= loc.units.len() {
            let p = out[i];
            let start = pairs.partition_point(|x| x.0 < p);
            for x in pairs[start..].iter().take_while(|x| x.0 == p) {
                out.push(x.2);
            }
            i += 1;
        }
        out
    }

    /// Every faction's units, in the world's order, indexed by faction.
    pub fn units_by_faction(&self) -> Vec<Vec<UnitId>> {
        let mut out = vec![Vec::new(); self.factions.len()];
        for (id, u) in self.units.iter().filter(|(_, u)| !u.gone) {
            if let Some(list) = out.get_mut(u.faction.index()) {
                list.push(id);
            }
        }
        out
    }

    /// A unit gone this turn is listed nowhere, stacked with nobody, has
    /// nobody under it and is not travelling.
    fn check_gone(&self, id: UnitId, u: &Unit, out: &mut Vec<String>) {
        let listed = self.locations.values().any(|l| l.units.contains(&id));
        let parent = self.units.values().any(|x| x.stack_parent == Some(id));
        if listed || parent || u.stack_parent.is_some() || u.journey.is_some() {
            out.push(format!(
                "{} is gone but still listed, stacked or travelling",
                u.code()
            ));
        }
    }

    /// Remove the units gone last turn, renumbering the dense ids (the
    /// numbers players write do not change). Every reference to a unit
    /// (location lists, stacks, targets, structure owners, title holders) is mapped
    /// to the new ids; references to a gone unit are cleared.
    pub fn compact(&mut self) {
        if !self.units.values().any(|u| u.gone) {
            return;
        }
        let mut map: Vec<Option<UnitId>> = Vec::with_capacity(self.units.len());
        let mut kept = IdVec::new();
        for u in std::mem::take(&mut self.units).into_values() {
            if u.gone {
                map.push(None);
            } else {
                map.push(Some(kept.push(u)));
            }
        }
        let to = |id: UnitId| map.get(id.index()).copied().flatten();
        for u in kept.values_mut() {
            u.stack_parent = u.stack_parent.and_then(to);
            if let Some(unit::Aim::Unit(t)) = u.target {
                u.target = to(t).map(unit::Aim::Unit);
            }
        }
        for l in self.locations.values_mut() {
            l.units = l.units.iter().filter_map(|&u| to(u)).collect();
            for seat in &mut l.titles {
                seat.holder = seat.holder.and_then(to);
            }
        }
        for s in self.structures.values_mut() {
            s.owner = s.owner.and_then(to);
        }
        self.units = kept;
    }

    /// Take out the structures `drop` picks, renumbering the dense ids
    /// like [`World::compact`] (the numbers players write do not change).
    /// Every reference to a structure (location lists, units inside,
    /// targets) is mapped to the new ids; references to a dropped one are
    /// cleared. Run between turns only: a turn's events name structures
    /// by their dense ids.
    pub fn remove_structures(&mut self, drop: impl Fn(&Structure) -> bool) {
        if !self.structures.values().any(&drop) {
            return;
        }
        let mut map: Vec<Option<StructureId>> = Vec::with_capacity(self.structures.len());
        let mut kept = IdVec::new();
        for s in std::mem::take(&mut self.structures).into_values() {
            if drop(&s) {
                map.push(None);
            } else {
                map.push(Some(kept.push(s)));
            }
        }
        let to = |id: StructureId| map.get(id.index()).copied().flatten();
        for l in self.locations.values_mut() {
            l.structures = l.structures.iter().filter_map(|&s| to(s)).collect();
        }
        for u in self.units.values_mut() {
            u.structure = u.structure.and_then(to);
            if let Some(unit::Aim::Structure(s)) = u.target {
                u.target = to(s).map(unit::Aim::Structure);
            }
        }
        self.structures = kept;
    }

    /// Check the invariants; every breach is listed.
    pub fn check(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.check_numbers(&mut out);
        self.check_factions(&mut out);
        for (id, u) in self.units.iter() {
            if u.gone {
                self.check_gone(id, u, &mut out);
                continue;
            }
            self.check_unit_place(id, u, &mut out);
            self.check_unit_state(u, &mut out);
            self.check_unit_stack(id, u, &mut out);
        }
        self.check_locations(&mut out);
        self.check_structures(&mut out);
        out
    }

    /// Numbers are unique per kind (`U12` names one unit).
    fn check_numbers(&self, out: &mut Vec<String>) {
        let mut unique = |kind: &str, prefix: char, numbers: &mut dyn Iterator<Item = u32>| {
            let mut seen = FxHashSet::default();
            for n in numbers {
                if !seen.insert(n) {
                    out.push(format!("{kind} number {prefix}{n} is used twice"));
                }
            }
        };
        unique(
            "faction",
            'f',
            &mut self.factions.values().map(|f| f.number),
        );
        unique("unit", 'U', &mut self.units.values().map(|u| u.number));
        unique(
            "location",
            'L',
            &mut self.locations.values().map(|l| l.number),
        );
        unique(
            "structure",
            'B',
            &mut self.structures.values().map(|s| s.number),
        );
    }

    /// Stances and the creatures' faction name factions that exist.
    fn check_factions(&self, out: &mut Vec<String>) {
        let nf = self.factions.len();
        for f in self.factions.values() {
            if f.stances.iter().any(|(o, _)| o.index() >= nf) {
                out.push(format!(
                    "{} has a stance toward a faction that does not exist",
                    f.code()
                ));
            }
        }
        if self.creatures.is_some_and(|f| f.index() >= nf) {
            out.push("the creatures' faction does not exist".to_string());
        }
    }

    /// A unit's faction exists, its location lists it once, the structure
    /// it is inside stands there.
    fn check_unit_place(&self, id: UnitId, u: &Unit, out: &mut Vec<String>) {
        let nf = self.factions.len();
        if u.faction.index() >= nf {
            out.push(format!(
                "{} belongs to a faction that does not exist",
                u.code()
            ));
        }
        match self.locations.get(u.location) {
            None => out.push(format!("{} is in a location that does not exist", u.code())),
            Some(l) => {
                let listed = l.units.iter().filter(|x| **x == id).count();
                if listed != 1 {
                    out.push(format!(
                        "{} says it is in {} but is listed there {listed} times",
                        u.code(),
                        l.code()
                    ));
                }
            }
        }
        if let Some(s) = u.structure {
            match self.structures.get(s) {
                None => out.push(format!(
                    "{} is inside a structure that does not exist",
                    u.code()
                )),
                Some(st) if st.location != u.location => out.push(format!(
                    "{} is inside {}, which stands in another location",
                    u.code(),
                    st.code()
                )),
                Some(_) => {}
            }
        }
    }

    /// A unit's equipment, aims, work, journey and figures are consistent.
    fn check_unit_state(&self, u: &Unit, out: &mut Vec<String>) {
        let nl = self.locations.len();
        for h in &u.items {
            if h.equipped > h.count {
                out.push(format!("{} has more equipped than held", u.code()));
            }
        }
        // Work under way and TARGET name things that exist.
        let aims_nowhere = match u.target {
            Some(unit::Aim::Structure(s)) => self.structures.get(s).is_none(),
            Some(unit::Aim::Unit(x)) => self.units.get(x).is_none(),
            Some(unit::Aim::Location(l)) => self.locations.get(l).is_none(),
            Some(unit::Aim::Kind(_)) | None => false,
        };
        if aims_nowhere || u.making.iter().any(|m| m.place.index() >= nl) {
            out.push(format!(
                "{} targets or works on something not there",
                u.code()
            ));
        }
        if let Some(j) = &u.journey {
            if j.from != u.location || j.to.index() >= nl {
                out.push(format!(
                    "{} is on a journey that does not start where it is or ends nowhere",
                    u.code()
                ));
            }
            if j.days == 0 || j.elapsed >= j.days {
                out.push(format!(
                    "{} is on a journey of {} days with {} already behind it",
                    u.code(),
                    j.days,
                    j.elapsed
                ));
            }
        }
        // A unit without figures is a stockpile (OV-UO-055): items
        // only, in no stack, on no journey, with no skills. (Orders sent
        // to it are kept but never run.)
        if u.figures == 0
            && (u.stack_parent.is_some() || u.journey.is_some() || !u.skills.is_empty())
        {
            out.push(format!(
                "{} has no figures but is more than a stockpile",
                u.code()
            ));
        }
    }

    /// A unit's stack: same location, no cycle.
    fn check_unit_stack(&self, id: UnitId, u: &Unit, out: &mut Vec<String>) {
        let nu = self.units.len();
        let mut cur = u.stack_parent;
        let mut steps = 0;
        while let Some(p) = cur {
            steps += 1;
            let Some(pu) = self.units.get(p) else {
                out.push(format!(
                    "{} is stacked under a unit that does not exist",
                    u.code()
                ));
                break;
            };
            if pu.location != u.location {
                out.push(format!(
                    "{} is stacked under {} in another location",
                    u.code(),
                    pu.code()
                ));
                break;
            }
            if p == id || steps > nu {
                out.push(format!("{} is in a stack that loops", u.code()));
                break;
            }
            cur = pu.stack_parent;
        }
    }

    /// Each location lists only what is there, and points only at what
    /// exists.
    fn check_locations(&self, out: &mut Vec<String>) {
        let nf = self.factions.len();
        let nl = self.locations.len();
        let nu = self.units.len();
        for (id, l) in self.locations.iter() {
            for u in &l.units {
                if self.units.get(*u).is_none_or(|x| x.location != id) {
                    out.push(format!("{} lists a unit that is not there", l.code()));
                }
            }
            for s in &l.structures {
                if self.structures.get(*s).is_none_or(|x| x.location != id) {
                    out.push(format!("{} lists a structure that is not there", l.code()));
                }
            }
            for e in &l.exits {
                if e.to.index() >= nl {
                    out.push(format!(
                        "{} has an exit to a location that does not exist",
                        l.code()
                    ));
                }
            }
            if let Some(o) = l.outer
                && o.index() >= nl
            {
                out.push(format!(
                    "{} lies inside a location that does not exist",
                    l.code()
                ));
            }
            for seat in &l.titles {
                if seat.holder.is_some_and(|h| h.index() >= nu) {
                    out.push(format!(
                        "{} has a title held by a unit that does not exist",
                        l.code()
                    ));
                }
            }
            let o = &l.ownership;
            if o.owner.is_some_and(|f| f.index() >= nf)
                || o.occupier.is_some_and(|f| f.index() >= nf)
                || o.seat.is_some_and(|s| s.index() >= nl)
            {
                out.push(format!(
                    "{} is owned or ruled from something that does not exist",
                    l.code()
                ));
            }
        }
    }

    /// Each structure stands where it is listed, once, and belongs to what
    /// exists.
    fn check_structures(&self, out: &mut Vec<String>) {
        let nf = self.factions.len();
        let nu = self.units.len();
        for (id, s) in self.structures.iter() {
            match self.locations.get(s.location) {
                None => out.push(format!(
                    "{} stands in a location that does not exist",
                    s.code()
                )),
                Some(l) => {
                    let listed = l.structures.iter().filter(|x| **x == id).count();
                    if listed != 1 {
                        out.push(format!(
                            "{} stands in {} but is listed there {listed} times",
                            s.code(),
                            l.code()
                        ));
                    }
                }
            }
            if s.faction.is_some_and(|f| f.index() >= nf) {
                out.push(format!(
                    "{} belongs to a faction that does not exist",
                    s.code()
                ));
            }
            if s.owner.is_some_and(|u| u.index() >= nu) {
                out.push(format!(
                    "{} is owned by a unit that does not exist",
                    s.code()
                ));
            }
        }
    }

    /// Check that every rules id (race, item, skill, terrain…) names an
    /// entry of `rules`; every breach is listed.
    pub fn check_rules(&self, rules: &Rules) -> Vec<String> {
        let mut out = Vec::new();
        let mut need = |code: &dyn Fn() -> String, what: &str, index: usize, len: usize| {
            if index >= len {
                out.push(format!(
                    "{} names {what} #{index}, which these rules do not have",
                    code()
                ));
            }
        };
        let r = rules;
        for f in self.factions.values() {
            let code = &|| f.code();
            for k in &f.known {
                let (what, index, len) = match *k {
                    Known::Item(i) => ("item", i.index(), r.items.len()),
                    Known::Race(i) => ("race", i.index(), r.races.len()),
                    Known::Terrain(i) => ("terrain", i.index(), r.terrains.len()),
                    Known::Title(i) => ("title", i.index(), r.titles.len()),
                    Known::Construction(i) => ("construction", i.index(), r.constructions.len()),
                    Known::Enchantment(i) => ("enchantment", i.index(), r.enchantments.len()),
                };
                need(code, what, index, len);
            }
            for (s, _) in &f.known_skills {
                need(code, "skill", s.index(), r.skills.len());
            }
            for (i, _) in &f.stock {
                need(code, "item", i.index(), r.items.len());
            }
        }
        for u in self.units.values() {
            let code = &|| u.code();
            need(code, "race", u.race.index(), r.races.len());
            for h in &u.items {
                need(code, "item", h.item.index(), r.items.len());
            }
            for k in &u.skills {
                need(code, "skill", k.skill.index(), r.skills.len());
            }
            for m in &u.making {
                need(code, "skill", m.skill.index(), r.skills.len());
            }
            if let Some(unit::Aim::Kind(c)) = u.target {
                need(code, "construction", c.index(), r.constructions.len());
            }
            for e in &u.effects {
                need(
                    code,
                    "enchantment",
                    e.enchantment.index(),
                    r.enchantments.len(),
                );
            }
        }
        for l in self.locations.values() {
            let code = &|| l.code();
            need(code, "terrain", l.terrain.index(), r.terrains.len());
            need(code, "weather", l.weather.index(), r.weathers.len());
            for o in l.market.sells.iter().chain(&l.market.buys) {
                need(code, "item", o.item.index(), r.items.len());
            }
            for x in &l.recruits {
                need(code, "race", x.race.index(), r.races.len());
            }
            for x in &l.resources {
                need(code, "item", x.item.index(), r.items.len());
            }
            for x in &l.titles {
                need(code, "title", x.title.index(), r.titles.len());
            }
            for (i, _) in &l.ground {
                need(code, "item", i.index(), r.items.len());
            }
        }
        for s in self.structures.values() {
            let code = &|| s.code();
            need(code, "construction", s.kind.index(), r.constructions.len());
            for p in &s.progress {
                need(code, "work", p.work.index(), r.works.len());
            }
            for x in &s.teaches {
                need(code, "skill", x.skill.index(), r.skills.len());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RaceId, TerrainId, WeatherId};

    /// Two locations, a faction, a structure and two stacked units.
    fn world() -> World {
        let mut w = World::default();
        let f = w.factions.push(Faction::new(1, "One", Player::Human));
        let l = w.locations.push(Location::new(
            1,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        w.locations.push(Location::new(
            2,
            TerrainId::from_index(0),
            WeatherId::from_index(0),
        ));
        let s = w.structures.push(Structure {
            number: 1,
            name: String::new(),
            description: String::new(),
            kind: crate::rules::ConstructionId::from_index(0),
            location: l,
            faction: Some(f),
            owner: None,
            progress: Vec::new(),
            complete: true,
            public: false,
            advertise: false,
            tactics: String::new(),
            teaches: Vec::new(),
        });
        w.locations[l].structures.push(s);
        for n in [1, 2] {
            let mut u = Unit::new(n, f, RaceId::from_index(0), 1, l);
            u.structure = Some(s);
            let u = w.units.push(u);
            w.locations[l].units.push(u);
        }
        w.units[UnitId::from_index(1)].stack_parent = Some(UnitId::from_index(0));
        w.structures[s].owner = Some(UnitId::from_index(0));
        w
    }

    #[test]
    fn removed_structures_leave_no_reference_behind() {
        let mut w = world();
        let l = LocationId::from_index(0);
        let second = w.structures.push(Structure::new(
            2,
            crate::rules::ConstructionId::from_index(0),
            l,
        ));
        w.locations[l].structures.push(second);
        let u = UnitId::from_index(1);
        w.units[u].target = Some(unit::Aim::Structure(second));
        w.units[UnitId::from_index(0)].target =
            Some(unit::Aim::Structure(StructureId::from_index(0)));
        w.remove_structures(|s| s.number == 1);
        let kept = StructureId::from_index(0);
        assert_eq!(w.structures.len(), 1);
        assert_eq!(w.structures[kept].number, 2);
        assert_eq!(w.locations[l].structures, [kept]);
        assert_eq!(w.units[u].structure, None, "it was inside B1");
        assert_eq!(w.units[u].target, Some(unit::Aim::Structure(kept)));
        assert_eq!(w.units[UnitId::from_index(0)].target, None);
        assert_eq!(w.check(), Vec::<String>::new());
    }

    #[test]
    fn every_breach_is_named() {
        assert_eq!(world().check(), Vec::<String>::new());
        type Breach = fn(&mut World);
        let cases: [(&str, Breach); 12] = [
            ("faction number f1 is used twice", |w| {
                w.factions.push(Faction::new(1, "Two", Player::Npc));
            }),
            ("location number L1 is used twice", |w| {
                w.locations[LocationId::from_index(1)].number = 1;
            }),
            ("structure number B1 is used twice", |w| {
                let mut s = w.structures[StructureId::from_index(0)].clone();
                s.owner = None;
                let id = w.structures.push(s);
                w.locations[LocationId::from_index(0)].structures.push(id);
            }),
            (
                "f1 has a stance toward a faction that does not exist",
                |w| {
                    w.factions[FactionId::from_index(0)]
                        .set_stance(FactionId::from_index(5), Stance::Ally);
                },
            ),
            ("U1 says it is in L1 but is listed there 2 times", |w| {
                w.locations[LocationId::from_index(0)]
                    .units
                    .push(UnitId::from_index(0));
            }),
            ("U2 is inside B1, which stands in another location", |w| {
                let u = UnitId::from_index(1);
                w.units[u].location = LocationId::from_index(1);
                w.units[u].stack_parent = None;
                w.locations[LocationId::from_index(0)]
                    .units
                    .retain(|x| *x != u);
                w.locations[LocationId::from_index(1)].units.push(u);
            }),
            ("L2 lists a structure that is not there", |w| {
                w.locations[LocationId::from_index(1)]
                    .structures
                    .push(StructureId::from_index(0));
            }),
            ("B1 stands in L1 but is listed there 0 times", |w| {
                w.locations[LocationId::from_index(0)].structures.clear();
            }),
            ("L1 has a title held by a unit that does not exist", |w| {
                w.locations[LocationId::from_index(0)].titles.push(Seat {
                    title: crate::rules::TitleId::from_index(0),
                    holder: Some(UnitId::from_index(7)),
                });
            }),
            (
                "L1 is owned or ruled from something that does not exist",
                |w| {
                    w.locations[LocationId::from_index(0)].ownership.seat =
                        Some(LocationId::from_index(9));
                },
            ),
            ("B1 belongs to a faction that does not exist", |w| {
                w.structures[StructureId::from_index(0)].faction = Some(FactionId::from_index(3));
            }),
            ("B1 is owned by a unit that does not exist", |w| {
                w.structures[StructureId::from_index(0)].owner = Some(UnitId::from_index(3));
            }),
        ];
        for (want, breach) in cases {
            let mut w = world();
            breach(&mut w);
            assert_eq!(w.check(), vec![want.to_string()], "{want}");
        }
    }
}
