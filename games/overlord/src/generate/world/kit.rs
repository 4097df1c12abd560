//! What the generator makes units with: the four NPC factions' numbers
//! (f1 Imperials, f2 Citizens, f3 Mages, f4 Creatures) and [`Kit`], which
//! makes a unit of a race with its items, skills and orders, and the
//! kinds of trained soldiers ([`Troop`]) the Imperials and Citizens field.

use umpire_core::ids::TypedId;

use super::{GenerateError, need};
use crate::rules::{ItemId, RaceId, Rules, SkillId};
use crate::world::{FactionId, LocationId, StructureId, Unit, UnitId, World};

pub const IMPERIALS: FactionId = FactionId::new(0);
pub const CITIZENS: FactionId = FactionId::new(1);
pub const MAGES: FactionId = FactionId::new(2);
pub const CREATURES: FactionId = FactionId::new(3);

pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Unit-making helpers over the world being built.
pub(crate) struct Kit<'a> {
    pub rules: &'a Rules,
    pub world: &'a mut World,
    pub man: RaceId,
    pub leader: RaceId,
    pub hero: RaceId,
    pub arch_mage: RaceId,
    pub coin_id: ItemId,
    /// Basic skills a Citizens trainer may teach: not combat, not magic.
    pub teachable: Vec<SkillId>,
    /// The number the next unit made gets: one past the highest in the
    /// world, so a running world's units (some gone, some made in turns)
    /// never share one.
    next_unit: u32,
}

impl<'a> Kit<'a> {
    pub fn new(rules: &'a Rules, world: &'a mut World) -> Result<Self, GenerateError> {
        let race = |tag: &str| need(rules.race(tag), "race", tag);
        let teachable = rules
            .skills
            .iter()
            .filter(|(_, s)| s.flags.basic && !s.flags.combat && !s.flags.magic && s.tag != "obse")
            .map(|(id, _)| id)
            .collect::<Vec<_>>();
        if teachable.is_empty() {
            return Err(GenerateError::MissingRules {
                kind: "skill",
                tag: "(a basic craft skill)".into(),
            });
        }
        Ok(Kit {
            man: race("man")?,
            leader: race("ldr")?,
            hero: race("hero")?,
            arch_mage: race("magi")?,
            coin_id: need(rules.item("coin"), "item", "coin")?,
            teachable,
            next_unit: world.units.values().map(|u| u.number).max().unwrap_or(0) + 1,
            rules,
            world,
        })
    }

    pub fn unit(
        &mut self,
        faction: FactionId,
        race: RaceId,
        figures: u32,
        at: LocationId,
        name: &str,
    ) -> UnitId {
        let id = UnitId::from_index(self.world.units.len());
        let number = self.next_unit;
        self.next_unit += 1;
        let mut u = Unit::new(number, faction, race, figures, at);
        u.name = name.to_string();
        self.world.units.push(u);
        self.world.locations[at].units.push(id);
        id
    }

    pub fn coin(&mut self, u: UnitId, amount: u64) {
        self.world.units[u].add_items(self.coin_id, amount, 0);
    }

    /// Give `per_figure` of an item to every figure, equipped.
    pub fn equip(&mut self, u: UnitId, tag: &str, per_figure: u64) -> Result<(), GenerateError> {
        let item = need(self.rules.item(tag), "item", tag)?;
        let n = u64::from(self.world.units[u].figures) * per_figure;
        self.world.units[u].add_items(item, n, n);
        Ok(())
    }

    pub fn carry(&mut self, u: UnitId, tag: &str, count: u64) -> Result<(), GenerateError> {
        let item = need(self.rules.item(tag), "item", tag)?;
        self.world.units[u].add_items(item, count, 0);
        Ok(())
    }

    pub fn learn(&mut self, u: UnitId, tag: &str, experience: u32) -> Result<(), GenerateError> {
        let skill = need(self.rules.skill(tag), "skill", tag)?;
        self.world.units[u].learn(skill, experience);
        Ok(())
    }

    /// Experience for `level` of a skill, or its top level if it has fewer.
    pub fn level_xp(&self, tag: &str, level: usize) -> Result<u32, GenerateError> {
        let id = need(self.rules.skill(tag), "skill", tag)?;
        let s = self
            .rules
            .skills
            .get(id)
            .ok_or(GenerateError::MissingRules {
                kind: "skill",
                tag: tag.to_string(),
            })?;
        let open: Vec<u32> = s
            .levels
            .iter()
            .filter(|l| !l.closed)
            .map(|l| l.experience)
            .collect();
        Ok(open
            .get(level.saturating_sub(1))
            .or(open.last())
            .copied()
            .unwrap_or(0))
    }

    pub fn order(&mut self, u: UnitId, text: &str) {
        self.world.units[u].orders.push(text.to_string());
    }

    pub fn stack(&mut self, u: UnitId, under: UnitId) {
        self.world.units[u].stack_parent = Some(under);
    }

    /// Put `u` inside a structure; the first to enter owns it.
    pub fn enter(&mut self, u: UnitId, structure: Option<StructureId>) {
        self.world.units[u].structure = structure;
        if let Some(s) = structure.and_then(|s| self.world.structures.get_mut(s))
            && s.owner.is_none()
        {
            s.owner = Some(u);
            s.faction = Some(self.world.units[u].faction);
        }
    }

    /// Make `u` the holder of the title seated at `at`.
    pub fn hold(&mut self, at: LocationId, u: UnitId) {
        if let Some(seat) = self.world.locations[at].titles.first_mut() {
            seat.holder = Some(u);
        }
    }

    fn on_guard(&mut self, u: UnitId, ranged: bool) {
        if ranged {
            self.order(u, "COMBAT RANGED");
        }
        self.order(u, "@GUARD");
        let imperial = self.world.units[u].faction == IMPERIALS;
        let s = &mut self.world.units[u].settings;
        if imperial {
            s.silent = true;
        } else {
            s.advertise = true;
        }
    }

    /// A unit of `figures` men of a kind of trained soldiers, on GUARD.
    pub fn troop(
        &mut self,
        faction: FactionId,
        at: LocationId,
        name: &str,
        figures: u32,
        troop: &Troop,
    ) -> Result<UnitId, GenerateError> {
        let u = self.unit(faction, self.man, figures, at, name);
        self.coin(u, 200);
        for tag in troop.kit {
            self.equip(u, tag, 1)?;
        }
        for (s, xp) in troop.skills {
            self.learn(u, s, *xp)?;
        }
        self.on_guard(u, troop.ranged);
        Ok(u)
    }
}

/// A kind of trained soldiers: equipment per figure, experience, and
/// whether they fight at range.
pub(crate) struct Troop {
    kit: &'static [&'static str],
    skills: &'static [(&'static str, u32)],
    ranged: bool,
}

pub(crate) const HEAVY_GUARD: Troop = Troop {
    kit: &["sswd", "plat", "hlmt", "gshd"],
    skills: &[("cmbt", 4_500), ("blde", 9_000), ("parr", 9_000)],
    ranged: false,
};
pub(crate) const ARCHERS: Troop = Troop {
    kit: &["whrs", "cbow", "leat", "coif"],
    skills: &[("cmbt", 1_500), ("arch", 9_000), ("mane", 1_500)],
    ranged: true,
};
pub(crate) const RANGERS: Troop = Troop {
    kit: &["hrse", "lbow", "leat", "coif"],
    skills: &[("cmbt", 1_500), ("arch", 4_500), ("mane", 1_500)],
    ranged: true,
};
pub(crate) const GUARDS: Troop = Troop {
    kit: &["swrd", "leat", "coif", "hshd"],
    skills: &[("cmbt", 1_500), ("blde", 3_000), ("mane", 1_500)],
    ranged: false,
};
