//! Bot players: from a [`World`], its [`Rules`] and a seed, the order file a
//! player of one faction could plausibly mail in.
//!
//! [`bot_orders`] writes a whole `#GAME` … `#END` order set with a `UNIT`
//! section for every unit of the faction. Each unit's orders come from its
//! real situation:
//!
//! - **STUDY** a skill the unit may study now: not innate, not a
//!   specialist skill (those need a teacher), open to its kind of student,
//!   below the study limit of its kind (followers level 1, 2 in combat
//!   skills; leaders level 2, 3 in combat, 1 in magic), every prerequisite
//!   of the skill and of the next level met, and a follower keeps to one
//!   basic skill.
//! - **USE** a skill known at level 1 or better whose level has a use, when
//!   what the use needs is there: mana, materials carried, the resource in
//!   the land, a target (set with **TARGET** first) for targeted uses.
//! - **BUILD** with a building skill the unit knows: work on one of the
//!   faction's unfinished structures here, or begin a construction the unit
//!   qualifies for, on land that may be built on, with the materials in hand.
//! - **WORK**, **MOVE** through a real exit of the location the unit can
//!   take (leaders and creatures at the head of their stack), **ATTACK** a
//!   unit of a faction it is hostile or unfriendly to, and now and then one
//!   it is neutral to.
//! - Leaders trade: **SELL** what they carry and the market buys, **BUY**
//!   what the market sells, **RECRUIT** from the location's recruits into a
//!   new unit (which then gets a `UNIT` section of its own) or into one of
//!   the faction's follower units there; coins come from the unit's purse
//!   and, in a city, from the treasury with **WITHDRAW**. Spending is
//!   tracked across the faction's units so that the treasury, the market's
//!   goods and the recruits are not spent twice.
//! - **GUARD** with combat 1 where the faction may guard: NPC factions
//!   anywhere, players where they own the land or hold a title.
//! - A faction whose coins cover fewer than [`RESERVE_MONTHS`] months of
//!   upkeep saves: no study, buying or hiring until it has them again.
//!
//! Every order is built as a typed [`Order`] and printed by its canonical
//! printer, and tags are only those the order checker knows
//! ([`Vocabulary::builtin`]), so the file reads back with no error and no
//! warning.
//!
//! Deterministic: the same world, rules, faction and seed give the same
//! bytes. Each unit rolls on its own dice stream derived from the seed,
//! the faction number and the unit number
//! ([`Dice::derive_indexed`]), so changing one unit does not reshuffle the
//! others' choices (only the shared treasury and market links them).
//!
//! The world keeps only a hash of each password, so the `#GAME` line
//! carries [`BotOptions::password`]: [`PASSWORD_PLACEHOLDER`] unless the
//! caller supplies the real one through [`bot_orders_with`].

use std::fmt::Write as _;

use rustc_hash::FxHashMap;
use umpire_core::Dice;

use crate::orders::catalog::combat::{Attack, AttackTarget, Guard};
use crate::orders::catalog::goods::{Buy, Sell, Withdraw};
use crate::orders::catalog::movement::{Destination, Move};
use crate::orders::catalog::skills::{Build, BuildTarget, Study, Target, TargetRef, Use};
use crate::orders::catalog::units::{Recruit, Work};
use crate::orders::print::one_line;
use crate::orders::words::Direction as OrderDirection;
use crate::orders::{
    Header, LocationRef, NewId, NewKind, Order, Prefix, Repeat, StructureRef, Tag, TagKind,
    UnitOrder, UnitRef, Vocabulary,
};
use crate::rules::races::RaceKind;
use crate::rules::skills::{Product, UseKind, UseTarget};
use crate::rules::terrains::Direction as MapDirection;
use crate::rules::{ItemId, Movement, RaceId, Rules, SkillId, SkillLevel, TerrainId};
use crate::turn::learnable::{may_learn, open_skills};
use crate::world::{
    Exit, Faction, FactionId, Location, LocationId, Player, Stance, Unit, UnitId, World,
};

pub use crate::orders::ast::PASSWORD_PLACEHOLDER;

/// What the caller decides about the order file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotOptions {
    /// The password for the `#GAME` line. The world stores only a hash, so
    /// a caller that means to submit the orders passes the real one.
    /// Control characters cannot be written on the line and are left out;
    /// an empty password becomes [`PASSWORD_PLACEHOLDER`].
    pub password: String,
}

impl Default for BotOptions {
    fn default() -> Self {
        BotOptions {
            password: PASSWORD_PLACEHOLDER.to_string(),
        }
    }
}

/// The bots' dice for `turn` of a world drawn from `world_seed`: a new
/// draw each turn, the same for the same game, so a rerun turn gets the
/// same bot orders.
pub fn bot_seed(world_seed: u64, turn: u32) -> u64 {
    world_seed ^ u64::from(turn).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The order file of `faction`, with [`PASSWORD_PLACEHOLDER`] as password.
/// See [`bot_orders_with`].
pub fn bot_orders(world: &World, rules: &Rules, faction: FactionId, seed: u64) -> String {
    bot_orders_with(world, rules, faction, seed, &BotOptions::default())
}

/// The order file a player of `faction` could send: `#GAME`, a `UNIT`
/// section for each of its units (in the world's order), then sections for
/// the units it recruits into new placeholders, and `#END`.
///
/// A faction id that is not in the world gives an empty string.
pub fn bot_orders_with(
    world: &World,
    rules: &Rules,
    faction: FactionId,
    seed: u64,
    options: &BotOptions,
) -> String {
    let units: Vec<UnitId> = world.units_of(faction).map(|(id, _)| id).collect();
    bot_orders_for(world, rules, faction, &units, seed, options)
}

/// [`bot_orders_with`] for a caller that already knows the faction's units
/// (in the world's order), e.g. from [`World::units_by_faction`]: writing
/// orders for every faction of a big world then costs one pass over the
/// units, not one per faction.
pub fn bot_orders_for(
    world: &World,
    rules: &Rules,
    faction: FactionId,
    units: &[UnitId],
    seed: u64,
    options: &BotOptions,
) -> String {
    let Some(f) = world.factions.get(faction) else {
        return String::new();
    };
    let mut bot = Bot::new(world, rules, faction, f).with_budget(units);
    let dice = Dice::from_seed(seed).derive_indexed("bot", u64::from(f.number));
    let mut out = String::with_capacity(64 + 96 * units.len());

    let header = Header::game(f.number, &options.password, &world.game);
    let _ = writeln!(out, "#{header}");

    for &uid in units {
        let Some(unit) = world.units.get(uid).filter(|u| u.faction == faction) else {
            continue;
        };
        let mut d = dice.derive_indexed("unit", u64::from(unit.number));
        let orders = bot.unit_orders(uid, unit, &mut d);
        let _ = writeln!(
            out,
            "UNIT {}  # {}",
            UnitRef::Id(unit.number),
            bot.describe(unit)
        );
        for o in orders {
            let _ = writeln!(out, "{o}");
        }
    }

    let recruited = std::mem::take(&mut bot.new_units);
    for new in recruited {
        let mut d = dice.derive_indexed("new-unit", u64::from(new.id.number));
        let orders = bot.new_unit_orders(&new, &mut d);
        let _ = writeln!(out, "UNIT {}  # new recruits", UnitRef::New(new.id));
        for o in orders {
            let _ = writeln!(out, "{o}");
        }
    }
    out.push_str("#END\n");
    out
}

/// A tag the order checker knows, or `None`.
fn known_tag(vocab: &Vocabulary, kind: TagKind, text: &str) -> Option<Tag> {
    Tag::new(text).filter(|t| vocab.knows(kind, *t))
}

fn order(prefix: Prefix, order: UnitOrder) -> Order {
    Order { prefix, order }
}

fn plain(o: UnitOrder) -> Order {
    order(Prefix::default(), o)
}

fn repeat(r: Repeat) -> Prefix {
    Prefix {
        repeat: r,
        ..Prefix::default()
    }
}

/// `lo..=hi` (with `hi >= lo`).
fn between(d: &mut Dice, lo: u32, hi: u32) -> u32 {
    lo + d.below(hi.saturating_sub(lo).saturating_add(1))
}

/// `1..=max` for a positive `max` that may not fit in `u32`.
fn one_to(d: &mut Dice, max: u64) -> u64 {
    1 + u64::from(d.below(u32::try_from(max).unwrap_or(u32::MAX)))
}

/// Is this pending order a GUARD (or PATROL), repeated or not?
fn is_guard(order: &str) -> bool {
    let word = order
        .trim_start()
        .trim_start_matches('@')
        .split_whitespace()
        .next()
        .unwrap_or("");
    word.eq_ignore_ascii_case("GUARD") || word.eq_ignore_ascii_case("PATROL")
}

/// The first of a few random draws from `units` that `take` accepts.
/// Listing every acceptable unit of a city of thousands for each unit
/// made the bots quadratic.
fn draw(
    d: &mut Dice,
    units: &[UnitId],
    take: impl Fn(UnitId) -> Option<UnitRef>,
) -> Option<UnitRef> {
    const DRAWS: usize = 8;
    (0..DRAWS).find_map(|_| take(*pick(d, units)?))
}

/// Is `other` (`o`) the stack parent of `unit` (`uid`) or stacked under it?
fn stacked_with(uid: UnitId, unit: &Unit, o: UnitId, other: &Unit) -> bool {
    unit.stack_parent == Some(o) || other.stack_parent == Some(uid)
}

fn pick<'t, T>(d: &mut Dice, items: &'t [T]) -> Option<&'t T> {
    d.pick(items)
}

/// The order language's word for a map direction; east and west have none
/// on a hex map, so those exits are named by their location.
fn order_direction(d: MapDirection) -> Option<OrderDirection> {
    Some(match d {
        MapDirection::North => OrderDirection::N,
        MapDirection::NorthEast => OrderDirection::NE,
        MapDirection::SouthEast => OrderDirection::SE,
        MapDirection::South => OrderDirection::S,
        MapDirection::SouthWest => OrderDirection::SW,
        MapDirection::NorthWest => OrderDirection::NW,
        MapDirection::In => OrderDirection::In,
        MapDirection::Out => OrderDirection::Out,
        MapDirection::Up => OrderDirection::Up,
        MapDirection::Down => OrderDirection::Down,
        MapDirection::Port => OrderDirection::Port,
        MapDirection::Portal => OrderDirection::Portal,
        MapDirection::East | MapDirection::West => return None,
    })
}

/// A unit created this turn by RECRUIT.
struct NewUnit {
    id: NewId,
    race: RaceId,
    location: LocationId,
}

/// One full-day plan for a unit.
enum Plan {
    Study {
        skill: Tag,
        next_level: u8,
    },
    Use {
        skill: Tag,
        target: Option<UseTarget>,
    },
    Build {
        skill: Tag,
        target: BuildTarget,
    },
    Move {
        exit: Exit,
        /// A skill to study on arrival, if the unit has one to study.
        then_study: Option<Tag>,
    },
    Attack(UnitRef),
    Work,
}

/// A skill the unit may study: its tag, the level study leads to, and
/// whether the unit has begun it already.
struct Studyable {
    skill: Tag,
    next_level: u8,
    begun: bool,
}

struct Bot<'w> {
    world: &'w World,
    rules: &'w Rules,
    faction: FactionId,
    me: &'w Faction,
    vocab: &'static Vocabulary,
    coin: Option<ItemId>,
    city: Option<TerrainId>,
    /// Coins left in the faction's treasury after this turn's withdrawals.
    treasury: u64,
    /// Goods still on sale, by location and item (after this turn's buys).
    on_sale: FxHashMap<(LocationId, ItemId), u64>,
    /// Goods the locals still buy.
    wanted: FxHashMap<(LocationId, ItemId), u64>,
    /// Recruits still for hire.
    hires: FxHashMap<(LocationId, RaceId), u32>,
    new_units: Vec<NewUnit>,
    next_placeholder: u8,
    /// Skills open to study by someone (not innate, not specialist, not
    /// for creatures only) with a tag the checker knows.
    learnable: FxHashMap<SkillId, Tag>,
    /// The faction's units, in the world's order.
    mine: Vec<UnitId>,
    /// Units of factions this one is Enemy or Hostile to, by location,
    /// listed once per place: NPC factions hostile to the creatures have
    /// thousands of units in the same cities.
    hostile_at: FxHashMap<LocationId, Vec<UnitId>>,
    /// Whether another faction has a unit on GUARD here, by location.
    guarded_at: FxHashMap<LocationId, bool>,
    /// The faction's coins (treasury and purses) cover fewer than
    /// [`RESERVE_MONTHS`] months of upkeep: it studies, buys and hires
    /// nothing and works instead, as a careful player would.
    thrifty: bool,
}

/// Months of upkeep a bot faction keeps in hand before it spends on study,
/// goods or recruits.
pub const RESERVE_MONTHS: u64 = 3;

impl<'w> Bot<'w> {
    fn new(world: &'w World, rules: &'w Rules, faction: FactionId, me: &'w Faction) -> Self {
        let vocab = Vocabulary::builtin();
        let learnable = open_skills(rules)
            .filter_map(|(id, s)| Some((id, known_tag(vocab, TagKind::Skill, &s.tag)?)))
            .collect();
        Bot {
            world,
            rules,
            faction,
            me,
            vocab,
            coin: rules.item("coin"),
            city: rules.terrain("city"),
            treasury: me.funds,
            on_sale: FxHashMap::default(),
            wanted: FxHashMap::default(),
            hires: FxHashMap::default(),
            new_units: Vec::new(),
            next_placeholder: 1,
            learnable,
            mine: Vec::new(),
            hostile_at: FxHashMap::default(),
            guarded_at: FxHashMap::default(),
            thrifty: false,
        }
    }

    /// Work out whether the faction must save (see [`Bot::thrifty`]), from
    /// its units.
    fn with_budget(mut self, units: &[UnitId]) -> Self {
        self.mine = units.to_vec();
        let mut upkeep = 0u64;
        let mut coins = self.me.funds;
        let mine = units
            .iter()
            .filter_map(|&id| self.world.units.get(id))
            .filter(|u| u.faction == self.faction && !u.gone);
        for u in mine {
            let per = self.rules.races.get(u.race).map_or(0, |r| r.upkeep);
            upkeep += u64::from(per) * u64::from(u.figures);
            coins += self.coins(u);
        }
        self.thrifty = coins < upkeep.saturating_mul(RESERVE_MONTHS);
        self
    }

    fn tag(&self, kind: TagKind, text: &str) -> Option<Tag> {
        known_tag(self.vocab, kind, text)
    }

    fn skill_tag(&self, id: SkillId) -> Option<Tag> {
        self.tag(TagKind::Skill, &self.rules.skills.get(id)?.tag)
    }

    /// `Water Mage: 1 ldr at Anarnium [L18]`, for the comment on the UNIT line.
    fn describe(&self, unit: &Unit) -> String {
        let race = self.rules.races.get(unit.race).map_or("?", |r| &r.tag);
        let at = self.world.locations.get(unit.location).map_or_else(
            || "nowhere".to_string(),
            |l| {
                if l.name.trim().is_empty() {
                    l.code()
                } else {
                    format!("{} [{}]", one_line(&l.name), l.code())
                }
            },
        );
        format!("{}: {} {race} at {at}", one_line(&unit.name), unit.figures)
    }

    fn level(&self, unit: &Unit, skill: SkillId) -> u8 {
        self.rules
            .skills
            .get(skill)
            .map_or(0, |s| s.level_for(unit.experience(skill)))
    }

    fn meets(&self, unit: &Unit, requires: &[SkillLevel]) -> bool {
        requires
            .iter()
            .all(|r| self.level(unit, r.skill.id()) >= r.level)
    }

    fn has_items(&self, unit: &Unit, items: &[crate::rules::common::ItemCount]) -> bool {
        items
            .iter()
            .all(|c| unit.count(c.item.id()) >= u64::from(c.count.max(1)))
    }

    fn coins(&self, unit: &Unit) -> u64 {
        self.coin.map_or(0, |c| unit.count(c))
    }

    fn in_city(&self, loc: &Location) -> bool {
        self.city.is_some_and(|c| c == loc.terrain)
    }

    /// What a unit can spend here: its purse, plus the treasury in a city.
    fn spendable(&self, purse: u64, loc: &Location) -> u64 {
        purse + if self.in_city(loc) { self.treasury } else { 0 }
    }

    /// Pay `cost` from the purse, withdrawing the shortfall; the WITHDRAW
    /// order if one is needed.
    fn pay(&mut self, cost: u64, purse: &mut u64) -> Option<Order> {
        let order = if cost > *purse {
            let short = cost - *purse;
            self.treasury = self.treasury.saturating_sub(short);
            *purse += short;
            Some(plain(UnitOrder::Withdraw(Withdraw {
                amount: u32::try_from(short).unwrap_or(u32::MAX),
                item: None,
            })))
        } else {
            None
        };
        *purse -= cost.min(*purse);
        order
    }

    /// Every order of one unit for the turn.
    fn unit_orders(&mut self, uid: UnitId, unit: &Unit, d: &mut Dice) -> Vec<Order> {
        let kind = self
            .rules
            .races
            .get(unit.race)
            .map_or(RaceKind::Follower, |r| r.kind);
        let Some(loc) = self.world.locations.get(unit.location) else {
            // Not in a checked world; keep the section meaningful anyway.
            let o = if kind == RaceKind::Creature {
                UnitOrder::Guard(Guard)
            } else {
                UnitOrder::Work(Work)
            };
            return vec![order(repeat(Repeat::Always), o)];
        };
        let lid = unit.location;
        let leader = kind == RaceKind::Leader;
        let creature = kind == RaceKind::Creature;
        let mut out = Vec::new();

        // Immediate orders first: guard, trade, hire.
        let guarding = self.may_guard(unit, loc)
            && d.chance_percent(if self.me.player == Player::Npc {
                70
            } else {
                40
            });
        if guarding {
            out.push(order(repeat(Repeat::Always), UnitOrder::Guard(Guard)));
        }
        if leader && !self.thrifty {
            let mut purse = self.coins(unit);
            if d.chance_percent(35) {
                out.extend(self.sell(unit, lid, loc, d));
            }
            if d.chance_percent(30) {
                out.extend(self.buy(lid, loc, &mut purse, d));
            }
            if d.chance_percent(25) {
                out.extend(self.recruit(uid, lid, loc, &mut purse, d));
            }
        }

        // One full-day plan, chosen by weight among what is possible.
        let mut plans: Vec<(u32, Plan)> = Vec::new();
        let study = if creature || self.thrifty {
            Vec::new()
        } else {
            self.studyable(unit)
        };
        {
            let known: Vec<&Studyable> = study.iter().filter(|s| s.begun).collect();
            let choice = if !known.is_empty() && d.chance_percent(75) {
                pick(d, &known).copied()
            } else {
                pick(d, &study.iter().collect::<Vec<_>>()).copied()
            };
            if let Some(s) = choice {
                plans.push((
                    if leader { 4 } else { 3 },
                    Plan::Study {
                        skill: s.skill,
                        next_level: s.next_level,
                    },
                ));
            }
        }
        if let Some((skill, target)) = pick(d, &self.usable(uid, unit, loc)).copied() {
            plans.push((5, Plan::Use { skill, target }));
        }
        if let Some((skill, target, stocked)) = pick(d, &self.buildable(unit, loc)).copied() {
            // Materials in hand make building likelier; without them the
            // order waits for them to arrive.
            let weight = if stocked { 5 } else { 2 };
            plans.push((weight, Plan::Build { skill, target }));
        }
        if (leader || creature) && unit.stack_parent.is_none() && !guarding {
            if let Some(exit) = pick(d, &self.exits(unit, loc)).copied() {
                // After the journey, now and then a study there.
                let then_study = pick(d, &study).map(|s| s.skill);
                plans.push((
                    if creature { 5 } else { 2 },
                    Plan::Move { exit, then_study },
                ));
            }
        }
        if let Some(t) = self.hostile_target(uid, unit, loc, d) {
            plans.push((4, Plan::Attack(t)));
        } else if d.chance_percent(4) {
            if let Some(t) = self.neutral_target(uid, unit, loc, d) {
                plans.push((2, Plan::Attack(t)));
            }
        }
        if !creature && !guarding {
            plans.push((if leader { 2 } else { 3 }, Plan::Work));
        }

        let total: u32 = plans.iter().map(|(w, _)| *w).sum();
        let mut roll = d.below(total);
        let chosen = plans.into_iter().find(|(w, _)| {
            if roll < *w {
                true
            } else {
                roll -= w;
                false
            }
        });
        match chosen {
            Some((_, plan)) => self.emit(plan, uid, unit, loc, guarding, d, &mut out),
            None if out.is_empty() => {
                // A creature with nothing to do keeps watch.
                out.push(order(repeat(Repeat::Always), UnitOrder::Guard(Guard)));
            }
            None => {}
        }
        out
    }

    /// The orders of a full-day plan, with now and then a follow-up.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        plan: Plan,
        uid: UnitId,
        unit: &Unit,
        loc: &Location,
        guarding: bool,
        d: &mut Dice,
        out: &mut Vec<Order>,
    ) {
        let may_work = !guarding
            && self
                .rules
                .races
                .get(unit.race)
                .is_none_or(|r| r.kind != RaceKind::Creature);
        let mut open_ended = false;
        match plan {
            Plan::Study { skill, next_level } => {
                let (prefix, level) = match d.below(10) {
                    0..=3 => (Prefix::default(), Some(u32::from(next_level))),
                    4 | 5 => (repeat(Repeat::Always), None),
                    6..=8 => (repeat(Repeat::Days(between(d, 5, 30))), None),
                    _ => (Prefix::default(), None),
                };
                open_ended = prefix.repeat == Repeat::Always;
                out.push(order(prefix, UnitOrder::Study(Study { skill, level })));
            }
            Plan::Use { skill, target } => {
                if let Some(t) = target.and_then(|t| self.use_target(t, uid, unit, loc, d)) {
                    out.push(plain(UnitOrder::Target(Target { target: t })));
                }
                let (prefix, count) = match d.below(3) {
                    0 => (repeat(Repeat::Always), None),
                    1 => (Prefix::default(), Some(between(d, 1, 10))),
                    _ => (repeat(Repeat::Days(between(d, 5, 30))), None),
                };
                open_ended = prefix.repeat == Repeat::Always;
                out.push(order(prefix, UnitOrder::Use(Use { skill, count })));
            }
            Plan::Build { skill, target } => {
                let (prefix, count) = match d.below(3) {
                    0 => (repeat(Repeat::Always), None),
                    1 => (Prefix::default(), Some(between(d, 1, 20))),
                    _ => (repeat(Repeat::Days(between(d, 5, 30))), None),
                };
                open_ended = prefix.repeat == Repeat::Always;
                out.push(order(
                    prefix,
                    UnitOrder::Build(Build {
                        skill,
                        target: Some(target),
                        count,
                    }),
                ));
            }
            Plan::Move { exit, then_study } => {
                let to = self.destination(exit, loc, d);
                out.push(plain(UnitOrder::Move(Move { to })));
                // After the journey, something to do there.
                if may_work && d.chance_percent(60) {
                    match then_study {
                        Some(skill) if d.chance_percent(50) => out.push(order(
                            repeat(Repeat::Always),
                            UnitOrder::Study(Study { skill, level: None }),
                        )),
                        _ => out.push(order(repeat(Repeat::Always), UnitOrder::Work(Work))),
                    }
                }
                return;
            }
            Plan::Attack(target) => {
                out.push(plain(UnitOrder::Attack(Attack {
                    target: AttackTarget::Unit(target),
                })));
            }
            Plan::Work => {
                let prefix = match d.below(3) {
                    0 => repeat(Repeat::Always),
                    1 => Prefix::default(),
                    _ => repeat(Repeat::Days(between(d, 5, 30))),
                };
                out.push(order(prefix, UnitOrder::Work(Work)));
                return;
            }
        }
        if may_work && !open_ended && d.chance_percent(40) {
            out.push(order(repeat(Repeat::Always), UnitOrder::Work(Work)));
        }
    }

    /// Combat 1 and the right to guard here: NPC factions everywhere,
    /// players where they own or occupy the land or hold a title seated
    /// here or in the location around it.
    fn may_guard(&self, unit: &Unit, loc: &Location) -> bool {
        let fighter = unit.skills.iter().any(|k| {
            self.rules
                .skills
                .get(k.skill)
                .is_some_and(|s| s.flags.combat && s.level_for(k.experience) >= 1)
        });
        if !fighter {
            return false;
        }
        if self.me.player == Player::Npc {
            return true;
        }
        let mine = Some(self.faction);
        if loc.ownership.owner == mine || loc.ownership.occupier == mine {
            return true;
        }
        let outer = loc.outer.and_then(|o| self.world.locations.get(o));
        std::iter::once(loc).chain(outer).any(|l| {
            l.titles.iter().any(|s| {
                s.holder
                    .and_then(|h| self.world.units.get(h))
                    .is_some_and(|h| h.faction == self.faction)
            })
        })
    }

    /// SELL some of what the unit carries and the market here buys.
    fn sell(
        &mut self,
        unit: &Unit,
        lid: LocationId,
        loc: &Location,
        d: &mut Dice,
    ) -> Option<Order> {
        let mut options = Vec::new();
        for h in &unit.items {
            if Some(h.item) == self.coin {
                continue;
            }
            let spare = h.count.saturating_sub(h.equipped);
            let Some(offer) = loc.market.buys.iter().find(|o| o.item == h.item) else {
                continue;
            };
            let left = *self.wanted.get(&(lid, h.item)).unwrap_or(&offer.count);
            let Some(tag) = self
                .rules
                .items
                .get(h.item)
                .and_then(|i| self.tag(TagKind::Item, &i.tag))
            else {
                continue;
            };
            if spare > 0 && left > 0 {
                options.push((h.item, tag, spare.min(left), offer.price));
            }
        }
        let &(item, tag, most, price) = pick(d, &options)?;
        let count = one_to(d, most.min(1_000));
        self.wanted.insert((lid, item), most.saturating_sub(count));
        // Ask the market's price, or a little under it to be sure to sell.
        let price = price.saturating_sub(d.below(price / 10 + 1));
        Some(plain(UnitOrder::Sell(Sell {
            count: u32::try_from(count).unwrap_or(u32::MAX),
            item: tag,
            price: Some(price),
        })))
    }

    /// BUY goods on sale here, spending at most half of what it can.
    fn buy(
        &mut self,
        lid: LocationId,
        loc: &Location,
        purse: &mut u64,
        d: &mut Dice,
    ) -> Vec<Order> {
        let budget = self.spendable(*purse, loc) / 2;
        let mut options = Vec::new();
        for offer in &loc.market.sells {
            let left = *self.on_sale.get(&(lid, offer.item)).unwrap_or(&offer.count);
            if offer.price == 0 || left == 0 || u64::from(offer.price) > budget {
                continue;
            }
            let Some(tag) = self
                .rules
                .items
                .get(offer.item)
                .and_then(|i| self.tag(TagKind::Item, &i.tag))
            else {
                continue;
            };
            options.push((offer.item, tag, left, offer.price));
        }
        let Some(&(item, tag, left, price)) = pick(d, &options) else {
            return Vec::new();
        };
        let most = left.min(budget / u64::from(price)).min(20);
        let count = one_to(d, most);
        self.on_sale.insert((lid, item), left - count);
        let mut out = Vec::new();
        out.extend(self.pay(count * u64::from(price), purse));
        out.push(plain(UnitOrder::Buy(Buy {
            count: u32::try_from(count).unwrap_or(u32::MAX),
            item: tag,
            price: Some(price),
        })));
        out
    }

    /// RECRUIT from the local people into a new unit or into one of the
    /// faction's follower units here of the same race.
    fn recruit(
        &mut self,
        uid: UnitId,
        lid: LocationId,
        loc: &Location,
        purse: &mut u64,
        d: &mut Dice,
    ) -> Vec<Order> {
        let budget = self.spendable(*purse, loc) / 2;
        let mut options = Vec::new();
        for r in &loc.recruits {
            let left = *self.hires.get(&(lid, r.race)).unwrap_or(&r.count);
            let Some(race) = self.rules.races.get(r.race) else {
                continue;
            };
            let Some(tag) = self.tag(TagKind::Race, &race.tag) else {
                continue;
            };
            let cap = if race.kind == RaceKind::Leader { 1 } else { 30 };
            let affordable = if r.price == 0 {
                u64::from(left)
            } else {
                budget / u64::from(r.price)
            };
            let most = u64::from(left).min(affordable).min(cap);
            if most > 0 {
                options.push((r.race, race.kind, tag, most, left, r.price));
            }
        }
        let Some(&(race, kind, tag, most, left, price)) = pick(d, &options) else {
            return Vec::new();
        };
        let count = one_to(d, most);
        let existing: Vec<u32> = if kind == RaceKind::Leader {
            Vec::new()
        } else {
            // The faction's own units, not the whole place: a city holds
            // thousands.
            self.mine
                .iter()
                .filter(|&&u| u != uid)
                .filter_map(|&u| self.world.units.get(u))
                .filter(|u| {
                    u.faction == self.faction && !u.gone && u.location == lid && u.race == race
                })
                .map(|u| u.number)
                .collect()
        };
        let into = match pick(d, &existing) {
            Some(&n) if d.chance_percent(50) => UnitRef::Id(n),
            _ if self.next_placeholder <= 99 => {
                let id = NewId {
                    faction: self.me.number,
                    kind: NewKind::Unit,
                    number: self.next_placeholder,
                };
                self.next_placeholder += 1;
                self.new_units.push(NewUnit {
                    id,
                    race,
                    location: lid,
                });
                UnitRef::New(id)
            }
            _ => match existing.first() {
                Some(&n) => UnitRef::Id(n),
                None => return Vec::new(),
            },
        };
        self.hires.insert(
            (lid, race),
            left.saturating_sub(u32::try_from(count).unwrap_or(u32::MAX)),
        );
        let mut out = Vec::new();
        out.extend(self.pay(count * u64::from(price), purse));
        out.push(plain(UnitOrder::Recruit(Recruit {
            into,
            count: u32::try_from(count).unwrap_or(u32::MAX),
            race: tag,
            price,
        })));
        out
    }

    /// The skills the unit may study now (with a tag the checker knows).
    fn studyable(&self, unit: &Unit) -> Vec<Studyable> {
        may_learn(self.rules, unit)
            .into_iter()
            .filter_map(|(id, next_level)| {
                Some(Studyable {
                    skill: self.learnable.get(&id).copied()?,
                    next_level,
                    begun: unit.experience(id) > 0,
                })
            })
            .collect()
    }

    /// Skills the unit can USE here, with the kind of target each needs.
    fn usable(&self, uid: UnitId, unit: &Unit, loc: &Location) -> Vec<(Tag, Option<UseTarget>)> {
        let mut out = Vec::new();
        for k in &unit.skills {
            let Some(skill) = self.rules.skills.get(k.skill) else {
                continue;
            };
            let Some(u) = skill.reached(k.experience).and_then(|l| l.use_.as_ref()) else {
                continue;
            };
            match u.kind {
                None | Some(UseKind::Combat | UseKind::Build) => continue,
                Some(_) => {}
            }
            if u.mana.is_some_and(|m| m > unit.mana) || !self.has_items(unit, &u.consume) {
                continue;
            }
            if let Some(h) = &u.harvest {
                let item = h.item.id();
                if !loc.resources.iter().any(|r| r.item == item && r.amount > 0) {
                    continue;
                }
            }
            let target = match u.target {
                None | Some(UseTarget::SelfOnly) => None,
                Some(t) => {
                    let there = match t {
                        UseTarget::Unit => loc.units.iter().any(|&o| o != uid),
                        UseTarget::Construction => !loc.structures.is_empty(),
                        UseTarget::NearLocation => !loc.exits.is_empty(),
                        UseTarget::SelfOnly => true,
                    };
                    if !there {
                        continue;
                    }
                    Some(t)
                }
            };
            if let Some(tag) = self.skill_tag(k.skill) {
                out.push((tag, target));
            }
        }
        out
    }

    /// A target for a targeted use: a unit here (one of the faction's
    /// own if there is one), a structure here, or a neighbouring location.
    fn use_target(
        &self,
        t: UseTarget,
        uid: UnitId,
        unit: &Unit,
        loc: &Location,
        d: &mut Dice,
    ) -> Option<TargetRef> {
        match t {
            UseTarget::SelfOnly => None,
            UseTarget::Unit => {
                // One of the faction's own units here if it has any (from
                // its own list: a city holds thousands), else anyone here.
                let own: Vec<u32> = self
                    .mine
                    .iter()
                    .filter(|&&o| o != uid)
                    .filter_map(|&o| self.world.units.get(o))
                    .filter(|o| !o.gone && o.location == unit.location && o.faction == unit.faction)
                    .map(|o| o.number)
                    .collect();
                if own.is_empty() {
                    draw(d, &loc.units, |o| {
                        (o != uid)
                            .then(|| self.world.units.get(o))
                            .flatten()
                            .map(|x| UnitRef::Id(x.number))
                    })
                    .map(TargetRef::Unit)
                } else {
                    pick(d, &own).map(|&n| TargetRef::Unit(UnitRef::Id(n)))
                }
            }
            UseTarget::Construction => {
                let here: Vec<u32> = loc
                    .structures
                    .iter()
                    .filter_map(|&s| self.world.structures.get(s))
                    .map(|s| s.number)
                    .collect();
                pick(d, &here).map(|&n| TargetRef::Structure(StructureRef::Id(n)))
            }
            UseTarget::NearLocation => {
                let near: Vec<u32> = loc
                    .exits
                    .iter()
                    .filter_map(|e| self.world.locations.get(e.to))
                    .map(|l| l.number)
                    .collect();
                pick(d, &near).map(|&n| TargetRef::Location(LocationRef(n)))
            }
        }
    }

    /// What the unit can BUILD here: with each building skill it knows,
    /// the faction's unfinished structures needing that work, and the
    /// constructions it qualifies to begin; and whether it carries the
    /// materials the skill uses up.
    fn buildable(&self, unit: &Unit, loc: &Location) -> Vec<(Tag, BuildTarget, bool)> {
        let land_ok = self
            .rules
            .terrains
            .get(loc.terrain)
            .is_some_and(|t| !t.no_build);
        let mut out = Vec::new();
        for k in &unit.skills {
            let Some(skill) = self.rules.skills.get(k.skill) else {
                continue;
            };
            let Some(u) = skill.reached(k.experience).and_then(|l| l.use_.as_ref()) else {
                continue;
            };
            let Some(Product::Work(work)) = u.produces.as_ref().map(|p| &p.what) else {
                continue;
            };
            if u.kind != Some(UseKind::Build) {
                continue;
            }
            let stocked = self.has_items(unit, &u.consume);
            let Some(skill_tag) = self.tag(TagKind::Skill, &skill.tag) else {
                continue;
            };
            let work = work.id();
            let needs_work = |c: &crate::rules::constructions::Construction| {
                c.works.iter().any(|w| w.work.id() == work)
            };
            for s in loc
                .structures
                .iter()
                .filter_map(|&s| self.world.structures.get(s))
            {
                let unfinished = s.faction == Some(self.faction) && !s.complete;
                if unfinished && self.rules.constructions.get(s.kind).is_some_and(needs_work) {
                    out.push((
                        skill_tag,
                        BuildTarget::Structure(StructureRef::Id(s.number)),
                        stocked,
                    ));
                }
            }
            if !land_ok {
                continue;
            }
            for c in self.rules.constructions.values() {
                let builder_ok = match &c.building_skill {
                    Some(b) => unit.experience(b.skill.id()) >= b.experience,
                    None => !c.build_requires.is_empty(),
                };
                // A city or village stands only in a hex of its own
                // (`turn/settlement.rs`).
                let settles_here = c.settlement.is_none() || loc.outer.is_none();
                if c.vessel.is_some()
                    || c.built_by_skill_use
                    || !settles_here
                    || !needs_work(c)
                    || !builder_ok
                    || !self.meets(unit, &c.build_requires)
                {
                    continue;
                }
                if let Some(t) = self.tag(TagKind::Construction, &c.tag) {
                    out.push((skill_tag, BuildTarget::Kind(t), stocked));
                }
            }
        }
        out
    }

    /// Exits the unit can take on foot (or on the wing, for a flying
    /// race), each destination once.
    fn exits(&self, unit: &Unit, loc: &Location) -> Vec<Exit> {
        let flies = self
            .rules
            .races
            .get(unit.race)
            .is_some_and(|r| r.capacity.fly > 0);
        let mut out: Vec<Exit> = Vec::new();
        for e in &loc.exits {
            let Some(dest) = self.world.locations.get(e.to) else {
                continue;
            };
            let days = self.rules.terrains.get(dest.terrain).map(|t| t.days);
            let ok = match e.only {
                None => days.is_some_and(|t| t.walk.is_some() || (flies && t.fly.is_some())),
                Some((Movement::Walk | Movement::Ride, _)) => true,
                Some((Movement::Fly, _)) => flies,
                Some(_) => false,
            };
            if ok && !out.iter().any(|x| x.to == e.to) {
                out.push(*e);
            }
        }
        out
    }

    /// MOVE's argument: the direction when it names this exit alone,
    /// now and then (and always for east and west) the location.
    fn destination(&self, exit: Exit, loc: &Location, d: &mut Dice) -> Destination {
        let number = self.world.locations.get(exit.to).map_or(0, |l| l.number);
        let unique = loc
            .exits
            .iter()
            .filter(|e| e.direction == exit.direction)
            .all(|e| e.to == exit.to);
        match order_direction(exit.direction) {
            Some(dir) if unique && d.below(4) != 0 => Destination::Direction(dir),
            _ => Destination::Location(LocationRef(number)),
        }
    }

    /// A unit here of a faction this one is Enemy or Hostile to, drawn
    /// at random. A faction hostile to nobody (most are) has none without
    /// a look at the place.
    fn hostile_target(
        &mut self,
        uid: UnitId,
        unit: &Unit,
        loc: &Location,
        d: &mut Dice,
    ) -> Option<UnitRef> {
        let hostile = |s: Stance| matches!(s, Stance::Enemy | Stance::Hostile);
        let (world, me, faction) = (self.world, self.me, self.faction);
        if !hostile(me.default_stance) && !me.stances.iter().any(|&(_, s)| hostile(s)) {
            return None;
        }
        let here = self.hostile_at.entry(unit.location).or_insert_with(|| {
            loc.units
                .iter()
                .copied()
                .filter(|&o| {
                    world.units.get(o).is_some_and(|other| {
                        other.faction != faction && hostile(me.stance_toward(other.faction))
                    })
                })
                .collect()
        });
        draw(d, here, |o| {
            let other = world.units.get(o)?;
            (!stacked_with(uid, unit, o, other)).then_some(UnitRef::Id(other.number))
        })
    }

    /// A unit here of a faction this one is Neutral to, drawn at random;
    /// none where another faction stands guard (its guards would join the
    /// defence, OV-CMB-005: a careful player picks quieter places).
    fn neutral_target(
        &mut self,
        uid: UnitId,
        unit: &Unit,
        loc: &Location,
        d: &mut Dice,
    ) -> Option<UnitRef> {
        let (world, faction) = (self.world, self.faction);
        let guarded = *self.guarded_at.entry(unit.location).or_insert_with(|| {
            loc.units.iter().any(|&o| {
                world
                    .units
                    .get(o)
                    .is_some_and(|x| x.faction != faction && x.orders.iter().any(|t| is_guard(t)))
            })
        });
        if guarded {
            return None;
        }
        draw(d, &loc.units, |o| {
            let other = self.world.units.get(o)?;
            (other.faction != self.faction
                && self.me.stance_toward(other.faction) == Stance::Neutral
                && !stacked_with(uid, unit, o, other))
            .then_some(UnitRef::Id(other.number))
        })
    }

    /// Orders for a unit recruited this turn: study a basic skill, or work.
    fn new_unit_orders(&self, new: &NewUnit, d: &mut Dice) -> Vec<Order> {
        let fresh = Unit::new(0, self.faction, new.race, 1, new.location);
        let basics: Vec<Studyable> = self
            .studyable(&fresh)
            .into_iter()
            .filter(|s| {
                self.rules
                    .index
                    .skills
                    .get(s.skill.as_str())
                    .and_then(|id| self.rules.skills.get(id))
                    .is_some_and(|sk| sk.flags.basic)
            })
            .collect();
        match pick(d, &basics) {
            Some(s) if d.chance_percent(60) => vec![plain(UnitOrder::Study(Study {
                skill: s.skill,
                level: Some(u32::from(s.next_level)),
            }))],
            _ => vec![order(repeat(Repeat::Always), UnitOrder::Work(Work))],
        }
    }
}
