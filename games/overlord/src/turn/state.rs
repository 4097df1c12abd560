//! The turn in progress: the world being changed, the dice, the log, and
//! what each unit is doing this month (its order list and the day's flags).

use rustc_hash::FxHashMap;
use umpire_core::dice::Dice;
use umpire_core::ids::TypedId;

use super::log::{BattleCause, Event, MonthFigures, Readers, TurnLog, What};
use super::pending::Pending;
use super::visibility::{self, Exposure, Glance};
use crate::orders::{LocationRef, NewId, StructureRef, Tag, UnitRef};
use crate::rules::races::RaceKind;
use crate::rules::{ItemId, Rules, SkillId};
use crate::world::{FactionId, LocationId, Numbers, StructureId, UnitId, World};

/// What a unit is doing this month.
#[derive(Clone, Debug, Default)]
pub struct Live {
    pub list: Vec<Pending>,
    /// Over the control limit and idle for the month (OV-CP-009).
    pub refusing: bool,
    /// On guard today (GUARD ran).
    pub guarding: bool,
    /// Today's full-day order (or travel, or WORK) is done.
    pub day_used: bool,
    /// A SYNCHRO fired today (one a day, OV-UO-103).
    pub synchronised: bool,
    /// Days of WORK this month.
    pub worked: u32,
    /// Pledged by OATH to this faction, which it joins at the month's end.
    pub oath: Option<FactionId>,
    // --- market ---
    /// Placed a BUY, SELL or RECRUIT offer today: may not set out, and
    /// stays behind when its stack leaves (OV-UO-071, OV-UO-082).
    pub trading: bool,
    // --- skills ---
    /// The skill this unit studied today by its own STUDY of it (not a
    /// prerequisite studied in its place) and the teacher it counted on:
    /// what a teacher coming later checks.
    pub studied: Option<(SkillId, Option<UnitId>)>,
    /// Today's TEACH, once run: the skill taught to each pupil (`None`: any
    /// unit here studying it, the original engine's `TEACH skill`).
    pub teaching: Vec<(Option<UnitId>, SkillId)>,
    // --- monthend ---
    /// Where the unit last worked, and the days worked there since it
    /// came: the days that earn wages (OV-ECON-027).
    pub wage_place: Option<LocationId>,
    pub wage_days: u32,
    /// Days of work forfeited by working somewhere new (OV-ECON-027).
    pub wage_lost: u32,
    // --- production ---
    /// The day it last harvested an item with weight (0: not this month),
    /// which shows it whatever its stealth that day (OV-REP-047).
    pub harvested_on: u8,
    // --- magic ---
    /// The spell this unit worked on today: a casting under way that was
    /// not is spoiled at the day's end (OV-MAG-017).
    pub casting: Option<SkillId>,
}

impl Live {
    /// A day of WORK at `place`: working somewhere new forfeits the days
    /// worked elsewhere (OV-ECON-027).
    pub fn work_at(&mut self, place: LocationId) {
        self.worked += 1;
        if self.wage_place != Some(place) {
            self.wage_place = Some(place);
            self.wage_lost += std::mem::take(&mut self.wage_days);
        }
        self.wage_days += 1;
    }
}

impl Live {
    pub fn new_day(&mut self) {
        self.guarding = false;
        self.day_used = false;
        self.synchronised = false;
        self.trading = false;
        self.studied = None;
        self.teaching.clear();
        self.casting = None;
        for p in &mut self.list {
            p.done_today = false;
        }
    }
}

/// The turn being run.
pub struct Turn<'a> {
    pub world: &'a mut World,
    pub rules: &'a Rules,
    pub dice: Dice,
    /// 1–30 while the days run.
    pub day: u8,
    pub log: TurnLog,
    pub live: Vec<Live>,
    pub numbers: Numbers,
    /// New-unit placeholders bound to the units they became.
    pub placeholders: FxHashMap<NewId, UnitId>,
    /// Orders written under a placeholder's UNIT line, waiting for the unit.
    pub deferred: FxHashMap<NewId, Vec<Pending>>,
    /// Orders carried out today that have said nothing yet, with where the
    /// log stood when each ran: by the day's end (battles, markets,
    /// recruits) each has told what it did, or is told as carried out.
    pub quiet: Vec<(UnitId, String, usize)>,
    /// Battles begun today, fought at the end of the day.
    pub battles: Vec<Clash>,
    next_unit: u32,
    /// Who is stacked directly under whom, in the order they joined (the
    /// world's order at the start of the turn). Kept by [`Turn::set_parent`].
    children: FxHashMap<UnitId, Vec<UnitId>>,
    /// Factions present in a place (not travelling), worked out when first
    /// asked and forgotten when someone leaves or arrives.
    present: FxHashMap<LocationId, Presence>,
    /// Today's guards by place, in the place's order; made when first
    /// asked after the immediate passes (when GUARD has run).
    guards: Option<FxHashMap<LocationId, Vec<UnitId>>>,
    /// Each faction's units, kept by [`Turn::joined`] and
    /// [`Turn::change_faction`].
    by_faction: Vec<Vec<UnitId>>,
    // --- titles ---
    /// Title areas worked out this turn (walking days from each seat).
    pub land: super::travel::areas::Areas,
    /// The land titles the locations' owners were last worked out from
    /// (`land::recompute`); none before the first time in the turn.
    pub owners_from: Option<Vec<super::land::Claim>>,
    /// The titles each unit holds, kept by `orders::titles::set_holder`
    /// and [`Turn::remove_unit`] (so study bonuses need not search every
    /// seat of the world).
    pub held: FxHashMap<UnitId, Vec<crate::rules::TitleId>>,
    /// Control points each faction lacks this month, by faction index,
    /// from the check after day 1 (OV-CP-009, OV-CP-011); empty before it.
    pub control_missing: Vec<u32>,
    // --- market ---
    /// Today's market and recruit offers, and the month's dealings with
    /// the towns.
    pub market: super::economy::book::Book,
    // --- skills ---
    /// Today's possible teachers by place (units with an awake TEACH), in
    /// the place's order; made when a STUDY first asks, forgotten by
    /// [`Turn::new_day`].
    pub teachers: Option<FxHashMap<LocationId, Vec<UnitId>>>,
    // --- production ---
    /// Today's harvest requests, settled after the full-day pass
    /// (OV-WLD-040).
    pub harvests: Vec<super::economy::asks::Request>,
    /// Today's taxing and entertaining, settled with the harvests.
    pub earnings: Vec<super::economy::asks::Earning>,
    /// Entertainment money taken this month, by place (OV-ECON-030).
    pub entertained: FxHashMap<LocationId, u64>,
    /// Taxes left uncollected this month, by place: the day's shares of
    /// the days nobody owned the land or it was occupied. They stay stored
    /// (a pillager loots them) but no later owner collects them
    /// (OV-LAND-002, `land::collect_taxes`).
    pub untaxed_days: FxHashMap<LocationId, u64>,
    // --- engagement ---
    /// The land titles each faction holds, as (seat, range): who may
    /// GUARD where (OV-GRD-003..005). Made when a GUARD first asks,
    /// forgotten by [`Turn::new_day`].
    pub land_titles: Option<FxHashMap<FactionId, Vec<(LocationId, u32)>>>,
    /// Today's guards by place, in the order they went on guard: kept by
    /// GUARD as it runs, so that what guards stop (OV-GRD-009) is known
    /// during the immediate passes; forgotten by [`Turn::new_day`].
    pub posted: FxHashMap<LocationId, Vec<UnitId>>,
}

/// Who is present in a place: each faction's count of units there that
/// are not travelling, and the factions in order.
#[derive(Clone, Debug, Default)]
pub struct Presence {
    factions: Vec<FactionId>,
    count: FxHashMap<FactionId, u32>,
}

/// A battle waiting for the end of the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    pub attacker: UnitId,
    pub defender: UnitId,
    pub place: LocationId,
    pub cause: BattleCause,
    /// For a MARCH forcing its way in (OV-CMB-084): the journey the
    /// marching stack has just ended, to go back along after a defeat or
    /// a draw.
    pub march: Option<crate::world::Journey>,
}

impl Turn<'_> {
    /// A battle starts today.
    pub fn begin_battle(&mut self, attacker: UnitId, defender: UnitId, cause: BattleCause) {
        let place = self.world.units[defender].location;
        self.battles.push(Clash {
            attacker,
            defender,
            place,
            cause,
            march: None,
        });
    }

    /// A stack on MARCH that ended `journey` attacks the guard `defender`
    /// barring the way (OV-MOVE-031): after the battle it stays if it won,
    /// and goes back the way it came otherwise (OV-CMB-084).
    pub fn begin_march(
        &mut self,
        leader: UnitId,
        defender: UnitId,
        journey: crate::world::Journey,
    ) {
        let place = self.world.units[defender].location;
        self.battles.push(Clash {
            attacker: leader,
            defender,
            place,
            cause: BattleCause::MarchForces,
            march: Some(journey),
        });
    }
}

impl<'a> Turn<'a> {
    pub fn new(world: &'a mut World, rules: &'a Rules, dice: Dice) -> Self {
        let numbers = world.numbers();
        let live = vec![Live::default(); world.units.len()];
        let turn = world.turn + 1;
        let world_by_faction = world.units_by_faction();
        let month = world
            .locations
            .iter()
            .filter(|(_, l)| l.population > 0)
            .map(|(id, l)| {
                (
                    id,
                    MonthFigures {
                        wages: l.wages,
                        taxes: l.taxes,
                    },
                )
            })
            .collect();
        let mut t = Turn {
            world,
            rules,
            dice,
            day: 0,
            log: TurnLog {
                turn,
                events: Vec::new(),
                month,
            },
            live,
            numbers,
            placeholders: FxHashMap::default(),
            deferred: FxHashMap::default(),
            quiet: Vec::new(),
            battles: Vec::new(),
            next_unit: 0,
            children: FxHashMap::default(),
            present: FxHashMap::default(),
            guards: None,
            by_faction: world_by_faction,
            land: super::travel::areas::Areas::default(),
            owners_from: None,
            held: FxHashMap::default(),
            control_missing: Vec::new(),
            market: Default::default(),
            teachers: None,
            harvests: Vec::new(),
            earnings: Vec::new(),
            entertained: FxHashMap::default(),
            untaxed_days: FxHashMap::default(),
            land_titles: None,
            posted: FxHashMap::default(),
        };
        for l in t.world.locations.values() {
            for seat in &l.titles {
                if let Some(h) = seat.holder {
                    t.held.entry(h).or_default().push(seat.title);
                }
            }
            for &u in &l.units {
                if let Some(p) = t.world.units.get(u).and_then(|x| x.stack_parent) {
                    t.children.entry(p).or_default().push(u);
                }
            }
        }
        t
    }

    /// Stack `u` directly under `parent` (or nowhere): the only way the
    /// turn changes stacks, so that [`Turn::stack_of`] stays quick.
    pub fn set_parent(&mut self, u: UnitId, parent: Option<UnitId>) {
        let Some(unit) = self.world.units.get_mut(u) else {
            return;
        };
        let old = std::mem::replace(&mut unit.stack_parent, parent);
        if old == parent {
            return;
        }
        if let Some(o) = old
            && let Some(list) = self.children.get_mut(&o)
        {
            list.retain(|&c| c != u);
        }
        if let Some(p) = parent {
            self.children.entry(p).or_default().push(u);
        }
    }

    /// Today's guards by place, each list in the place's order; made when
    /// first asked after the immediate passes, forgotten by
    /// [`Turn::new_day`].
    fn guards(&mut self) -> &FxHashMap<LocationId, Vec<UnitId>> {
        let live = &self.live;
        let world = &*self.world;
        self.guards.get_or_insert_with(|| {
            let mut by: FxHashMap<LocationId, Vec<UnitId>> = FxHashMap::default();
            for (i, l) in live.iter().enumerate() {
                let u = UnitId::from_index(i);
                if l.guarding
                    && let Some(unit) = world.units.get(u)
                {
                    by.entry(unit.location).or_default().push(u);
                }
            }
            for (place, list) in by.iter_mut() {
                let order = &world.locations[*place].units;
                list.sort_by_key(|g| order.iter().position(|x| x == g));
            }
            by
        })
    }

    /// The units on guard today in `place`, in its order.
    pub fn guards_at(&mut self, place: LocationId) -> Vec<UnitId> {
        self.guards().get(&place).cloned().unwrap_or_default()
    }

    /// The places with a guard today, in ascending id.
    pub fn guarded_places(&mut self) -> Vec<LocationId> {
        let mut out: Vec<LocationId> = self.guards().keys().copied().collect();
        out.sort_unstable();
        out
    }

    /// A new day: the day's flags and guards are forgotten.
    pub fn new_day(&mut self, day: u8) {
        self.day = day;
        self.guards = None;
        self.land_titles = None;
        self.posted.clear();
        self.teachers = None;
        for l in &mut self.live {
            l.new_day();
        }
    }

    /// Forget who is present in a place (something changed that is
    /// cheaper to work out again than to follow).
    pub fn moved(&mut self, place: LocationId) {
        self.present.remove(&place);
    }

    /// These units stopped being present in `place` (they set out).
    pub fn left(&mut self, place: LocationId, units: &[UnitId]) {
        let Some(p) = self.present.get_mut(&place) else {
            return;
        };
        for &u in units {
            let Some(f) = self.world.units.get(u).map(|x| x.faction) else {
                continue;
            };
            if let Some(c) = p.count.get_mut(&f) {
                *c -= 1;
                if *c == 0 {
                    p.count.remove(&f);
                    if let Ok(i) = p.factions.binary_search(&f) {
                        p.factions.remove(i);
                    }
                }
            }
        }
    }

    /// These units became present in `place` (they arrived).
    pub fn came(&mut self, place: LocationId, units: &[UnitId]) {
        let Some(p) = self.present.get_mut(&place) else {
            return;
        };
        for &u in units {
            let Some(f) = self.world.units.get(u).map(|x| x.faction) else {
                continue;
            };
            let c = p.count.entry(f).or_insert(0);
            *c += 1;
            if *c == 1
                && let Err(i) = p.factions.binary_search(&f)
            {
                p.factions.insert(i, f);
            }
        }
    }

    /// Take unit `u` out of the world for good (DISBAND, desertion, a
    /// merge that leaves nothing): its stack members move up to its own
    /// leader (or stand alone), it leaves its location's list, a title it
    /// held falls vacant, and it is marked [`gone`](crate::world::Unit::gone)
    /// with no figures, items or orders. Later orders naming it find
    /// nothing; the next turn removes it from the world. The caller logs
    /// why it went.
    pub fn remove_unit(&mut self, u: UnitId) {
        let Some(unit) = self.world.units.get(u) else {
            return;
        };
        if unit.gone {
            return;
        }
        let (place, parent, faction, number) =
            (unit.location, unit.stack_parent, unit.faction, unit.number);
        for c in self.children.get(&u).cloned().unwrap_or_default() {
            self.set_parent(c, parent);
        }
        self.set_parent(u, None);
        self.moved(place);
        if let Some(l) = self.world.locations.get_mut(place) {
            l.units.retain(|&x| x != u);
            for seat in &mut l.titles {
                if seat.holder == Some(u) {
                    seat.holder = None;
                }
            }
            self.held.remove(&u);
        }
        for s in self.world.structures.values_mut() {
            if s.owner == Some(u) {
                s.owner = None;
            }
        }
        if let Some(list) = self.by_faction.get_mut(faction.index()) {
            list.retain(|&x| x != u);
        }
        if self.numbers.units.get(&number) == Some(&u) {
            self.numbers.units.remove(&number);
        }
        self.placeholders.retain(|_, id| *id != u);
        if let Some(unit) = self.world.units.get_mut(u) {
            unit.gone = true;
            unit.figures = 0;
            unit.items.clear();
            unit.structure = None;
            unit.journey = None;
        }
        if let Some(l) = self.live.get_mut(u.index()) {
            l.list.clear();
            l.worked = 0;
        }
    }

    /// A number no unit has: one past the highest.
    pub fn next_unit_number(&mut self) -> u32 {
        if self.next_unit == 0 {
            // Gone units keep their numbers until the next turn begins.
            self.next_unit = self
                .world
                .units
                .values()
                .map(|u| u.number)
                .max()
                .unwrap_or(0);
        }
        self.next_unit += 1;
        self.next_unit
    }

    /// A placeholder became unit `id`: the orders written for it become its
    /// list (OV-ORD-022).
    pub fn bind(&mut self, placeholder: NewId, id: UnitId) {
        self.placeholders.insert(placeholder, id);
        let orders = self.deferred.remove(&placeholder).unwrap_or_default();
        self.live(id).list = orders;
        self.private(
            id,
            What::Created {
                placeholder,
                unit: id,
            },
        );
    }

    pub fn live(&mut self, u: UnitId) -> &mut Live {
        let i = u.index();
        if i >= self.live.len() {
            self.live.resize_with(i + 1, Live::default);
        }
        &mut self.live[i]
    }

    /// Record an event the acting unit's faction sees, and also `others`.
    pub fn event(&mut self, unit: Option<UnitId>, what: What, others: &[FactionId]) {
        let place = unit
            .and_then(|u| self.world.units.get(u))
            .map(|u| u.location);
        let mut seen_by: Readers = unit
            .and_then(|u| self.world.units.get(u))
            .map(|u| u.faction)
            .into_iter()
            .chain(others.iter().copied())
            .collect();
        seen_by.sort_unstable();
        seen_by.dedup();
        self.log.events.push(Event {
            day: self.day,
            unit,
            place,
            what,
            seen_by,
        });
    }

    /// [`Turn::event`], placed at `place` rather than where the unit is
    /// listed (a travelling stack seen at its destination).
    pub fn event_at(&mut self, place: LocationId, unit: UnitId, what: What, others: &[FactionId]) {
        let mark = self.log.events.len();
        self.event(Some(unit), what, others);
        if let Some(e) = self.log.events.get_mut(mark) {
            e.place = Some(place);
        }
    }

    /// An event only the unit's own faction learns of.
    pub fn private(&mut self, unit: UnitId, what: What) {
        self.event(Some(unit), what, &[]);
    }

    /// An event of a faction as a whole.
    pub fn faction_event(&mut self, faction: FactionId, what: What) {
        self.log.events.push(Event {
            day: self.day,
            unit: None,
            place: None,
            what,
            seen_by: smallvec::smallvec![faction],
        });
    }

    // --- From what orders write to ids -------------------------------

    pub fn unit_ref(&self, r: UnitRef) -> Option<UnitId> {
        match r {
            UnitRef::Id(n) => self.numbers.units.get(&n).copied(),
            UnitRef::New(id) => self.placeholders.get(&id).copied(),
        }
    }

    pub fn location_ref(&self, r: LocationRef) -> Option<LocationId> {
        self.numbers.locations.get(&r.0).copied()
    }

    pub fn structure_ref(&self, r: StructureRef) -> Option<StructureId> {
        match r {
            StructureRef::Id(n) => self.numbers.structures.get(&n).copied(),
            // Buildings begun this turn are the construction rules'.
            StructureRef::New(_) => None,
        }
    }

    pub fn item(&self, t: Tag) -> Option<ItemId> {
        self.rules.item(t.as_str())
    }

    pub fn skill(&self, t: Tag) -> Option<SkillId> {
        self.rules.skill(t.as_str())
    }

    // --- Facts about units ---------------------------------------------

    pub fn kind(&self, u: UnitId) -> Option<RaceKind> {
        let unit = self.world.units.get(u)?;
        self.rules.races.get(unit.race).map(|r| r.kind)
    }

    /// The level a unit has reached in a skill.
    pub fn level(&self, u: UnitId, skill: SkillId) -> u8 {
        let Some(unit) = self.world.units.get(u) else {
            return 0;
        };
        self.rules
            .skills
            .get(skill)
            .map_or(0, |s| s.level_for(unit.experience(skill)))
    }

    pub fn level_of(&self, u: UnitId, tag: &str) -> u8 {
        self.rules.skill(tag).map_or(0, |s| self.level(u, s))
    }

    /// The unit at the top of `u`'s stack (itself when not stacked).
    pub fn top(&self, u: UnitId) -> UnitId {
        let mut cur = u;
        let mut steps = 0;
        while let Some(p) = self.world.units.get(cur).and_then(|x| x.stack_parent) {
            cur = p;
            steps += 1;
            if steps > self.world.units.len() {
                break;
            }
        }
        cur
    }

    /// Is the unit on a journey, itself or with its stack (OV-SCH-032)?
    pub fn travelling(&self, u: UnitId) -> bool {
        let top = self.top(u);
        self.world
            .units
            .get(top)
            .is_some_and(|x| x.journey.is_some())
    }

    /// Is `a` anywhere above `b` in `b`'s stack?
    pub fn above(&self, a: UnitId, b: UnitId) -> bool {
        let mut cur = self.world.units.get(b).and_then(|x| x.stack_parent);
        let mut steps = 0;
        while let Some(p) = cur {
            if p == a {
                return true;
            }
            steps += 1;
            if steps > self.world.units.len() {
                break;
            }
            cur = self.world.units.get(p).and_then(|x| x.stack_parent);
        }
        false
    }

    /// `u` and everything stacked under it, breadth first, each unit's
    /// children in the order they joined.
    pub fn stack_of(&self, u: UnitId) -> Vec<UnitId> {
        let mut out = vec![u];
        let mut i = 0;
        while i < out.len() && out.len() <= self.world.units.len() {
            if let Some(c) = self.children.get(&out[i]) {
                out.extend_from_slice(c);
            }
            i += 1;
        }
        out
    }

    /// The weight and capacities of `u`'s whole stack (OV-STK-007).
    pub fn stack_load(&self, u: UnitId) -> super::travel::Load {
        super::travel::Load::of_units(self.rules, self.world, self.stack_of(u))
    }

    /// What shows the unit today whatever its stealth (OV-REP-047).
    pub fn exposure(&self, u: UnitId) -> Exposure {
        Exposure {
            guarding: self.live.get(u.index()).is_some_and(|l| l.guarding),
            earning_cash: false,
            harvesting: self.day != 0
                && self
                    .live
                    .get(u.index())
                    .is_some_and(|l| l.harvested_on == self.day),
        }
    }

    /// What `faction` makes of unit `target` where it is seen
    /// (OV-REP-046..053), looking through its own units only.
    pub fn glance(&self, faction: FactionId, target: UnitId) -> Glance {
        let mine = self
            .by_faction
            .get(faction.index())
            .map_or(&[][..], Vec::as_slice);
        visibility::glance(
            self.world,
            self.rules,
            faction,
            mine.iter().copied(),
            target,
            self.exposure(target),
        )
    }

    /// Does `faction` see unit `target` where it is seen?
    pub fn sees(&self, faction: FactionId, target: UnitId) -> bool {
        self.glance(faction, target).seen
    }

    /// A new unit of `faction` (SPLIT, RECRUIT): counted among its eyes.
    pub fn joined(&mut self, faction: FactionId, u: UnitId) {
        if let Some(list) = self.by_faction.get_mut(faction.index()) {
            list.push(u);
        }
    }

    /// A unit changes sides.
    pub fn change_faction(&mut self, u: UnitId, to: FactionId) {
        let Some(from) = self.world.units.get(u).map(|x| x.faction) else {
            return;
        };
        if let Some(list) = self.by_faction.get_mut(from.index()) {
            list.retain(|&x| x != u);
        }
        self.world.units[u].faction = to;
        self.joined(to, u);
    }

    /// Factions with a unit here that is not away on a journey: those who
    /// may witness what happens in the open.
    pub fn present_factions(&mut self, place: LocationId) -> Vec<FactionId> {
        if let Some(p) = self.present.get(&place) {
            return p.factions.clone();
        }
        let Some(loc) = self.world.locations.get(place) else {
            return Vec::new();
        };
        let mut p = Presence::default();
        for &u in &loc.units {
            if self.travelling(u) {
                continue;
            }
            if let Some(unit) = self.world.units.get(u) {
                *p.count.entry(unit.faction).or_insert(0) += 1;
            }
        }
        p.factions = p.count.keys().copied().collect();
        p.factions.sort_unstable();
        let out = p.factions.clone();
        self.present.insert(place, p);
        out
    }
}
