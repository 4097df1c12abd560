//! Properties of the save format, on random but consistent worlds:
//!
//! 1. save → load gives back an equal world, and the save carries the tags
//!    of the rules it was made under;
//! 2. saving is deterministic: the same world gives the same bytes, and a
//!    loaded world saves to the bytes it was read from;
//! 3. `to_json` is valid JSON that names every unit number and reads back
//!    to the same world;
//! 4. a damaged file (one byte changed, or cut short) is refused with an
//!    error, never a panic; one byte changed in the body may still decode,
//!    but only to a world that keeps every invariant and round-trips;
//! 5. a file from a newer Umpire is refused as `TooNew`.
//!
//! The generator builds worlds of 0–40 factions, locations, structures and
//! units that pass `World::check()`, with every field of every struct set
//! (each struct is written out field by field, so a new field fails to
//! compile here until it is generated), every enum variant, options both
//! ways, empty and full collections, unicode strings and extreme integers,
//! and rules ids taken from the real tags of `Rules::bundled()`. A
//! coverage test walks the JSON of many generated worlds to prove it.
//!
//! Case counts are kept small so the file runs in seconds in debug builds;
//! set `PROPTEST_CASES` to run more.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::LazyLock;

use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::Value;
use umpire_core::ids::{IdVec, TypedId};
use umpire_overlord::rules::terrains::Direction;
use umpire_overlord::rules::{
    ConstructionId, EnchantmentId, ItemId, Movement, RaceId, Rules, SkillId, TerrainId, TitleId,
    WeatherId, WorkId,
};
use umpire_overlord::save::{self, MAGIC, RulesTags, SaveError, VERSION};
use umpire_overlord::world::faction::{Known, hash_password};
use umpire_overlord::world::location::{Ownership, Policy};
use umpire_overlord::world::structure::{Progress, Teaching};
use umpire_overlord::world::unit::{Consume, Effect, Settings, Tactics};
use umpire_overlord::world::{
    Aim, Exit, Faction, FactionId, Hex, Holding, Journey, JourneyKind, Knowledge, Location,
    LocationId, Making, Market, Offer, Player, Recruits, Resource, Role, Seat, Stance, Structure,
    StructureId, Unit, UnitId, World,
};

static RULES: LazyLock<Rules> = LazyLock::new(|| Rules::bundled().expect("the bundled rules load"));

/// `cases` unless `PROPTEST_CASES` is set. The generator draws many
/// numbers per world, so it uses the XorShift generator, several times
/// faster than ChaCha in debug builds (unless `PROPTEST_RNG_ALGORITHM` says
/// otherwise).
fn config(cases: u32) -> Config {
    let mut c = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = cases;
    }
    if std::env::var_os("PROPTEST_RNG_ALGORITHM").is_none() {
        c.rng_algorithm = RngAlgorithm::XorShift;
    }
    c
}

/// A runner that gives the same values every run.
fn deterministic_runner() -> TestRunner {
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(RngAlgorithm::XorShift),
    )
}

// ---------------------------------------------------------------------
// Leaves: integers, strings, enums, rules ids.
// ---------------------------------------------------------------------

fn u8s() -> impl Strategy<Value = u8> {
    prop_oneof![Just(0), Just(u8::MAX), 1..=30u8, any::<u8>()]
}

fn u32s() -> impl Strategy<Value = u32> {
    prop_oneof![Just(0), Just(u32::MAX), 1..1_000u32, any::<u32>()]
}

fn u64s() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0),
        Just(u64::MAX),
        Just(u64::from(u32::MAX) + 1),
        1..100_000u64,
        any::<u64>()
    ]
}

fn i32s() -> impl Strategy<Value = i32> {
    prop_oneof![
        Just(0),
        Just(-1),
        Just(i32::MIN),
        Just(i32::MAX),
        -50..50i32,
        any::<i32>()
    ]
}

/// Figures: never zero.
fn figures() -> impl Strategy<Value = u32> {
    prop_oneof![Just(1), Just(u32::MAX), 1..500u32, 1..=u32::MAX]
}

/// Text as players and importers produce it: empty, plain, any printable
/// unicode, any `char` at all (controls, NUL, BOM), and some awkward
/// fixed cases.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[a-zA-Z0-9 ]{1,12}",
        "\\PC{1,10}",
        prop::collection::vec(any::<char>(), 1..10).prop_map(|c| c.into_iter().collect()),
        select(vec![
            "Łódź",
            "東京の塔",
            "🐉 dragon 🏰",
            "quote \" backslash \\ end",
            "\u{0}",
            "\u{feff}BOM",
            "e\u{301}",
            "line\r\nbreak\ttab",
            "\u{10ffff}",
        ])
        .prop_map(String::from),
    ]
}

/// A salted hash as the game stores it, or none, or any text at all.
fn password_hash() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        text().prop_map(|p| hash_password(&p, "f1")),
        text(),
    ]
}

/// Order text: canonical-looking lines and arbitrary text.
fn order_lines() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop_oneof![
            select(vec!["STUDY cmbt", "MOVE N", "GIVE U12 50 swrd", "#WAIT"])
                .prop_map(String::from),
            text(),
        ],
        0..4,
    )
}

macro_rules! rule_ids {
    ($($name:ident: $table:ident -> $id:ty;)*) => {$(
        /// An id of a real entry of the bundled rules, picked by its tag.
        fn $name() -> BoxedStrategy<$id> {
            // A static slice: `select` then borrows it rather than
            // cloning the whole list into every value it makes.
            static TAGS: LazyLock<Vec<&'static str>> =
                LazyLock::new(|| RULES.$table.values().map(|x| x.tag.as_str()).collect());
            select(TAGS.as_slice())
                .prop_map(|tag| RULES.index.$table.get(tag).expect("a bundled tag resolves"))
                .boxed()
        }
    )*};
}

rule_ids! {
    item: items -> ItemId;
    skill: skills -> SkillId;
    race: races -> RaceId;
    terrain: terrains -> TerrainId;
    title: titles -> TitleId;
    construction: constructions -> ConstructionId;
    work: works -> WorkId;
    enchantment: enchantments -> EnchantmentId;
    weather: weathers -> WeatherId;
}

// Every enum is generated from a list that an exhaustive `match` keeps
// complete: a new variant breaks the build here until it is generated.

fn stance() -> impl Strategy<Value = Stance> {
    select(Stance::ALL.to_vec())
}

fn player() -> impl Strategy<Value = Player> {
    fn _complete(p: Player) {
        match p {
            Player::Human | Player::Npc => {}
        }
    }
    select(vec![Player::Human, Player::Npc])
}

fn role() -> impl Strategy<Value = Option<Role>> {
    fn _complete(r: Role) {
        match r {
            Role::Imperials
            | Role::Citizens
            | Role::FreePeople
            | Role::Outlaws
            | Role::Mages
            | Role::Creatures => {}
        }
    }
    prop_oneof![Just(None), select(Role::ALL.to_vec()).prop_map(Some)]
}

fn consume() -> impl Strategy<Value = Consume> {
    fn _complete(c: Consume) {
        match c {
            Consume::Silver | Consume::Unit | Consume::Leader => {}
        }
    }
    select(vec![Consume::Silver, Consume::Unit, Consume::Leader])
}

fn policy() -> impl Strategy<Value = Policy> {
    fn _complete(p: Policy) {
        match p {
            Policy::Neutral | Policy::Friendly | Policy::Allied => {}
        }
    }
    select(vec![Policy::Neutral, Policy::Friendly, Policy::Allied])
}

fn direction() -> impl Strategy<Value = Direction> {
    select(Direction::ALL.to_vec())
}

fn journey_kind() -> impl Strategy<Value = JourneyKind> {
    fn _complete(k: JourneyKind) {
        match k {
            JourneyKind::Move | JourneyKind::March | JourneyKind::Retreat => {}
        }
    }
    select(vec![
        JourneyKind::Move,
        JourneyKind::March,
        JourneyKind::Retreat,
    ])
}

fn movement() -> impl Strategy<Value = Movement> {
    select(Movement::ALL.to_vec())
}

fn known() -> impl Strategy<Value = Known> {
    fn _complete(k: Known) {
        match k {
            Known::Item(_)
            | Known::Race(_)
            | Known::Terrain(_)
            | Known::Title(_)
            | Known::Construction(_)
            | Known::Enchantment(_) => {}
        }
    }
    prop_oneof![
        item().prop_map(Known::Item),
        race().prop_map(Known::Race),
        terrain().prop_map(Known::Terrain),
        title().prop_map(Known::Title),
        construction().prop_map(Known::Construction),
        enchantment().prop_map(Known::Enchantment),
    ]
}

/// A list that is empty one time in four, else 1..=max long, short more
/// often than long.
fn list<S: Strategy + 'static>(s: S, max: usize) -> BoxedStrategy<Vec<S::Value>>
where
    S::Value: Clone + std::fmt::Debug,
{
    let s = s.boxed();
    let short = max.min(4);
    prop_oneof![
        2 => Just(Vec::new()),
        4 => prop::collection::vec(s.clone(), 1..=short),
        2 => prop::collection::vec(s, 1..=max),
    ]
    .boxed()
}

/// Sorted by key, one entry per key, as the world keeps such lists.
fn sorted_by<T, K: Ord>(mut v: Vec<T>, key: impl Fn(&T) -> K) -> Vec<T> {
    v.sort_by_key(&key);
    v.dedup_by(|a, b| key(a) == key(b));
    v
}

// ---------------------------------------------------------------------
// Entities. Each plan is the entity with its references to other
// entities still open (an `Index` to be taken modulo the table it points
// into); `assemble` closes them so that the world is consistent.
// ---------------------------------------------------------------------

#[derive(Clone, Debug)]
struct FactionPlan {
    faction: Faction,
    stances: Vec<(Index, Stance)>,
}

prop_compose! {
    fn faction_plan()(
        number in u32s(),
        name in text(),
        player in player(),
        password_hash in password_hash(),
        email in text(),
        default_stance in stance(),
        stances in list((any::<Index>(), stance()), 5),
        funds in u64s(),
        stock in list((item(), u64s()), 4),
        control_points in u32s(),
        known in list(known(), 10),
        known_skills in list((skill(), u8s()), 6),
        resigned in any::<bool>(),
        faction_settings in settings(),
        terse in any::<bool>(),
        role in role(),
    ) -> FactionPlan {
        FactionPlan {
            faction: Faction {
                number,
                name,
                player,
                password_hash,
                email,
                default_stance,
                stances: Vec::new(),
                funds,
                stock: sorted_by(stock, |(i, _)| *i),
                control_points,
                known: sorted_by(known, |k| *k),
                known_skills: sorted_by(known_skills, |(s, _)| *s),
                resigned,
                settings: faction_settings,
                terse,
                role,
            },
            stances,
        }
    }
}

fn offers() -> BoxedStrategy<Vec<Offer>> {
    list(
        (item(), u64s(), u32s()).prop_map(|(item, count, price)| Offer { item, count, price }),
        5,
    )
    .prop_map(|v| sorted_by(v, |o| o.item))
    .boxed()
}

fn market() -> impl Strategy<Value = Market> {
    (offers(), offers(), list(u8s(), 6)).prop_map(|(sells, buys, days)| Market {
        sells,
        buys,
        days: sorted_by(days, |d| *d),
    })
}

/// A part of `whole`: none, all, or anything between.
fn part_of(whole: u64, part: Part) -> u64 {
    match part {
        Part::None => 0,
        Part::All => whole,
        Part::Some(r) => whole.checked_add(1).map_or(r, |n| r % n),
    }
}

#[derive(Clone, Copy, Debug)]
enum Part {
    None,
    All,
    Some(u64),
}

fn part() -> impl Strategy<Value = Part> {
    prop_oneof![
        Just(Part::None),
        Just(Part::All),
        any::<u64>().prop_map(Part::Some)
    ]
}

fn resource() -> impl Strategy<Value = Resource> {
    (item(), u64s(), part()).prop_map(|(item, full, amount)| Resource {
        item,
        amount: part_of(full, amount),
        full,
    })
}

fn exit() -> impl Strategy<Value = Exit> {
    (
        direction(),
        prop::option::of((movement(), u32s())),
        any::<bool>(),
    )
        .prop_map(|(direction, only, road)| Exit {
            direction,
            to: LocationId::from_index(0),
            only,
            road,
        })
}

#[derive(Clone, Debug)]
struct LocationPlan {
    location: Location,
    /// Inside a location of lower id (so `outer` never loops).
    outer: Option<Index>,
    /// Each exit, its `to` still open.
    exits: Vec<(Exit, Index)>,
    owner: Option<Index>,
    seat: Option<Index>,
    occupier: Option<Index>,
    titles: Vec<(TitleId, Option<Index>)>,
}

prop_compose! {
    fn location_plan()(
        number in u32s(),
        name in text(),
        terrain in terrain(),
        hex in prop::option::of((i32s(), i32s()).prop_map(|(q, r)| Hex::new(q, r))),
        outer in prop::option::of(any::<Index>()),
        exits in list((exit(), any::<Index>()), 8),
        population in u32s(),
        optimum in u32s(),
        wages in u32s(),
        taxes in u64s(),
        economy in u32s(),
        market in market(),
        recruits in list(
            (race(), u32s(), u32s()).prop_map(|(race, count, price)| Recruits { race, count, price }),
            4,
        ),
        resources in list(resource(), 4),
        weather in weather(),
        titles in list((title(), prop::option::of(any::<Index>())), 3),
        owner in prop::option::of(any::<Index>()),
        seat in prop::option::of(any::<Index>()),
        occupier in prop::option::of(any::<Index>()),
        policy in policy(),
        ground in list((item(), u64s()), 5),
    ) -> LocationPlan {
        LocationPlan {
            location: Location {
                number,
                name,
                terrain,
                hex,
                outer: None,
                exits: Vec::new(),
                population,
                optimum,
                wages,
                taxes,
                economy,
                market,
                recruits: sorted_by(recruits, |r| r.race),
                resources: sorted_by(resources, |r| r.item),
                weather,
                titles: Vec::new(),
                ownership: Ownership {
                    owner: None,
                    seat: None,
                    occupier: None,
                    policy,
                },
                units: Vec::new(),
                structures: Vec::new(),
                ground: sorted_by(ground, |(i, _)| *i),
            },
            outer,
            exits: sorted_by(exits, |(e, _)| e.direction),
            owner,
            seat,
            occupier,
            titles: sorted_by(titles, |(t, _)| *t),
        }
    }
}

#[derive(Clone, Debug)]
struct StructurePlan {
    structure: Structure,
    location: Index,
    faction: Option<Index>,
    /// Among the units inside.
    owner: Option<Index>,
    /// Its place in the location's list.
    arrival: u32,
}

prop_compose! {
    fn structure_plan()(
        number in u32s(),
        name in text(),
        description in text(),
        kind in construction(),
        location in any::<Index>(),
        faction in prop::option::of(any::<Index>()),
        owner in prop::option::of(any::<Index>()),
        progress in list((work(), u32s()).prop_map(|(work, done)| Progress { work, done }), 4),
        complete in any::<bool>(),
        public in any::<bool>(),
        advertise in any::<bool>(),
        tactics in text(),
        teaches in list((skill(), any::<u8>()).prop_map(|(skill, level)| Teaching { skill, level }), 3),
        arrival in any::<u32>(),
    ) -> StructurePlan {
        StructurePlan {
            structure: Structure {
                number,
                name,
                description,
                kind,
                location: LocationId::from_index(0),
                faction: None,
                owner: None,
                progress: sorted_by(progress, |p| p.work),
                complete,
                public,
                advertise,
                tactics,
                teaches,
            },
            location,
            faction,
            owner,
            arrival,
        }
    }
}

fn holding() -> impl Strategy<Value = Holding> {
    (item(), u64s(), part()).prop_map(|(item, count, equipped)| Holding {
        item,
        count,
        equipped: part_of(count, equipped),
    })
}

fn settings() -> impl Strategy<Value = Settings> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        consume(),
    )
        .prop_map(
            |(announce, advertise, silent, share, support, consume)| Settings {
                announce,
                advertise,
                silent,
                share,
                support,
                consume,
            },
        )
}

#[derive(Clone, Debug)]
struct UnitPlan {
    unit: Unit,
    /// Mode, kind, destination, days, and how far along.
    journey: Option<(Movement, JourneyKind, Index, u32, Index)>,
    faction: Index,
    location: Index,
    /// Among the structures in its location.
    structure: Option<Index>,
    /// Among the units in its location of lower rank (so stacks never loop).
    parent: Option<Index>,
    rank: u32,
    /// Its place in the location's list.
    arrival: u32,
}

prop_compose! {
    fn unit_plan()(
        number in u32s(),
        name in text(),
        description in text(),
        race in race(),
        figures in figures(),
        items in list(holding(), 6),
        skills in list((skill(), u32s()).prop_map(|(skill, experience)| Knowledge { skill, experience }), 6),
        effects in list((enchantment(), u32s()).prop_map(|(enchantment, days)| Effect { enchantment, days }), 3),
        mana in u32s(),
        dissent in u32s(),
        settings in settings(),
        own_settings in any::<u8>(),
        gone in prop::bool::weighted(0.1),
        tactics in text(),
        combat_orders in order_lines(),
        orders in order_lines(),
        journey in prop::option::of((movement(), journey_kind(), any::<Index>(), 1..=60u32, any::<Index>())),
        making in list((skill(), u64s(), u64s(), any::<bool>()), 2),
        target in prop::option::of(construction()),
        faction in any::<Index>(),
        location in any::<Index>(),
        structure in prop::option::of(any::<Index>()),
        parent in prop::option::of(any::<Index>()),
        rank in any::<u32>(),
        arrival in any::<u32>(),
    ) -> UnitPlan {
        UnitPlan {
            unit: Unit {
                number,
                name,
                description,
                faction: FactionId::from_index(0),
                race,
                figures,
                location: LocationId::from_index(0),
                structure: None,
                stack_parent: None,
                items: sorted_by(items, |h| h.item),
                skills: sorted_by(skills, |k| k.skill),
                effects,
                mana,
                dissent,
                settings,
                tactics: Tactics { text: tactics },
                combat_orders,
                orders,
                journey: None,
                gone,
                own_settings,
                // Placed with the unit below.
                making: making
                    .into_iter()
                    .map(|(skill, done, extra, started)| Making {
                        skill,
                        place: LocationId::from_index(0),
                        done,
                        extra,
                        started,
                    })
                    .collect(),
                target: target.map(Aim::Kind),
            },
            journey,
            faction,
            location,
            structure,
            parent,
            rank,
            arrival,
        }
    }
}

/// Make the numbers of one kind unique, keeping the first of each.
fn unique_numbers<'a>(numbers: impl Iterator<Item = &'a mut u32>) {
    let mut seen = HashSet::new();
    for n in numbers {
        while !seen.insert(*n) {
            *n = n.wrapping_add(1);
        }
    }
}

fn pick<I: TypedId>(from: &[I], at: Index) -> Option<I> {
    (!from.is_empty()).then(|| from[at.index(from.len())])
}

fn nth<I: TypedId>(n: usize, at: Index) -> I {
    I::from_index(at.index(n))
}

/// Close every reference of the plans so the world is consistent.
fn assemble(
    game: String,
    turn: u32,
    seed: u64,
    factions: Vec<FactionPlan>,
    locations: Vec<LocationPlan>,
    structures: Vec<StructurePlan>,
    units: Vec<UnitPlan>,
) -> World {
    let nf = factions.len();
    let nl = locations.len();
    // Structures need a location; units a location and a faction.
    let structures = if nl == 0 { Vec::new() } else { structures };
    let units = if nl == 0 || nf == 0 {
        Vec::new()
    } else {
        units
    };
    let nu = units.len();

    let mut fs: Vec<Faction> = factions
        .into_iter()
        .map(|p| {
            let mut f = p.faction;
            f.stances = sorted_by(
                p.stances
                    .into_iter()
                    .map(|(at, s)| (nth::<FactionId>(nf, at), s))
                    .collect(),
                |(f, _)| *f,
            );
            f
        })
        .collect();

    let mut ss: Vec<Structure> = Vec::with_capacity(structures.len());
    let mut structures_at: Vec<Vec<(u32, StructureId)>> = vec![Vec::new(); nl];
    for (i, p) in structures.iter().enumerate() {
        let mut s = p.structure.clone();
        s.location = nth(nl, p.location);
        s.faction = p.faction.filter(|_| nf > 0).map(|at| nth(nf, at));
        structures_at[s.location.index()].push((p.arrival, StructureId::from_index(i)));
        ss.push(s);
    }
    for list in &mut structures_at {
        list.sort();
    }

    let mut us: Vec<Unit> = Vec::with_capacity(nu);
    let mut units_at: Vec<Vec<(u32, UnitId)>> = vec![Vec::new(); nl];
    for (i, p) in units.iter().enumerate() {
        let mut u = p.unit.clone();
        u.faction = nth(nf, p.faction);
        u.location = nth(nl, p.location);
        for m in &mut u.making {
            m.place = u.location;
        }
        u.journey = p.journey.map(|(mode, kind, to, days, along)| Journey {
            from: u.location,
            to: nth(nl, to),
            mode,
            kind,
            days,
            elapsed: along.index(days as usize) as u32,
        });
        let here: Vec<StructureId> = structures_at[u.location.index()]
            .iter()
            .map(|(_, s)| *s)
            .collect();
        u.structure = p.structure.and_then(|at| pick(&here, at));
        if u.gone {
            // Gone during the turn just run: listed nowhere, travelling
            // nowhere, inside nothing.
            u.journey = None;
            u.structure = None;
            us.push(u);
            continue;
        }
        units_at[u.location.index()].push((p.arrival, UnitId::from_index(i)));
        us.push(u);
    }
    for list in &mut units_at {
        list.sort();
    }
    // Stacks: a parent in the same location, of lower (rank, id).
    for (i, p) in units.iter().enumerate() {
        let me = (p.rank, i);
        let below: Vec<UnitId> = units_at[us[i].location.index()]
            .iter()
            .map(|(_, u)| *u)
            .filter(|u| (units[u.index()].rank, u.index()) < me)
            .collect();
        us[i].stack_parent = p
            .parent
            .filter(|_| !us[i].gone)
            .and_then(|at| pick(&below, at));
    }
    // A structure's owner is one of the units inside.
    for (i, p) in structures.iter().enumerate() {
        let sid = StructureId::from_index(i);
        let inside: Vec<UnitId> = us
            .iter()
            .enumerate()
            .filter(|(_, u)| u.structure == Some(sid))
            .map(|(j, _)| UnitId::from_index(j))
            .collect();
        ss[i].owner = p.owner.and_then(|at| pick(&inside, at));
    }

    let all_units: Vec<UnitId> = (0..nu).map(UnitId::from_index).collect();
    let mut ls: Vec<Location> = locations
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let mut l = p.location;
            l.outer = p.outer.filter(|_| i > 0).map(|at| nth(i, at));
            if l.outer.is_some() {
                // Inner locations share their outer location's hex.
                l.hex = None;
            }
            l.exits = p
                .exits
                .into_iter()
                .map(|(exit, to)| Exit {
                    to: nth(nl, to),
                    ..exit
                })
                .collect();
            l.ownership.owner = p.owner.filter(|_| nf > 0).map(|at| nth(nf, at));
            l.ownership.seat = p.seat.map(|at| nth(nl, at));
            l.ownership.occupier = p.occupier.filter(|_| nf > 0).map(|at| nth(nf, at));
            l.titles = p
                .titles
                .into_iter()
                .map(|(title, holder)| Seat {
                    title,
                    holder: holder.and_then(|at| pick(&all_units, at)),
                })
                .collect();
            l.units = units_at[i].iter().map(|(_, u)| *u).collect();
            l.structures = structures_at[i].iter().map(|(_, s)| *s).collect();
            l
        })
        .collect();

    unique_numbers(fs.iter_mut().map(|f| &mut f.number));
    unique_numbers(us.iter_mut().map(|u| &mut u.number));
    unique_numbers(ls.iter_mut().map(|l| &mut l.number));
    unique_numbers(ss.iter_mut().map(|s| &mut s.number));

    // The creatures' faction, when there is one, drawn from the seed.
    let creatures = (!fs.is_empty() && seed % 3 != 0)
        .then(|| FactionId::from_index((seed / 3) as usize % fs.len()));
    World {
        game,
        turn,
        seed,
        creatures,
        factions: fs.into_iter().collect::<IdVec<_, _>>(),
        units: us.into_iter().collect::<IdVec<_, _>>(),
        locations: ls.into_iter().collect::<IdVec<_, _>>(),
        structures: ss.into_iter().collect::<IdVec<_, _>>(),
    }
}

/// A random consistent world of 0–40 of each kind of entity.
fn world() -> impl Strategy<Value = World> {
    (
        text(),
        u32s(),
        u64s(),
        list(faction_plan(), 40),
        list(location_plan(), 40),
        list(structure_plan(), 40),
        list(unit_plan(), 40),
    )
        .prop_map(|(game, turn, seed, f, l, s, u)| assemble(game, turn, seed, f, l, s, u))
}

// ---------------------------------------------------------------------
// The generator.
// ---------------------------------------------------------------------

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn generated_worlds_are_consistent(w in world()) {
        let problems = w.check();
        prop_assert!(problems.is_empty(), "{:?}", problems);
    }
}

/// Every JSON path of a world with what was seen there: `null`/`some`,
/// `empty`/`full` lists, `true`/`false`, integer extremes, empty and
/// non-ASCII strings, and the name of every enum value.
fn observe(v: &Value, path: &str, seen: &mut BTreeMap<String, BTreeSet<String>>) {
    let mut note = |what: &str| {
        seen.entry(path.to_string())
            .or_default()
            .insert(what.to_string());
    };
    match v {
        Value::Null => note("null"),
        Value::Bool(b) => {
            note("some");
            note(&b.to_string());
        }
        Value::Number(n) => {
            note("some");
            let extremes: [(&str, bool); 6] = [
                ("0", n.as_u64() == Some(0)),
                ("u8::MAX", n.as_u64() == Some(u64::from(u8::MAX))),
                ("u32::MAX", n.as_u64() == Some(u64::from(u32::MAX))),
                ("u64::MAX", n.as_u64() == Some(u64::MAX)),
                ("i32::MIN", n.as_i64() == Some(i64::from(i32::MIN))),
                ("i32::MAX", n.as_i64() == Some(i64::from(i32::MAX))),
            ];
            for (name, hit) in extremes {
                if hit {
                    note(name);
                }
            }
        }
        Value::String(s) => {
            note("some");
            if s.is_empty() {
                note("\"\"");
            }
            if !s.is_ascii() {
                note("unicode");
            }
            if s.len() <= 12 && s.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
                note(&format!("={s}"));
            }
        }
        Value::Array(a) => {
            note("some");
            note(if a.is_empty() { "[]" } else { "[..]" });
            for x in a {
                observe(x, &format!("{path}[]"), seen);
            }
        }
        Value::Object(m) => {
            note("some");
            for (k, x) in m {
                observe(x, &format!("{path}.{k}"), seen);
            }
        }
    }
}

/// Tuples, which JSON writes as lists that are never empty.
const TUPLES: &[&str] = &[
    "w.factions[].stances[]",
    "w.factions[].known_skills[]",
    "w.factions[].stock[]",
    "w.locations[].exits[].only",
    "w.locations[].ground[]",
];

fn names<T: serde::Serialize>(all: &[T]) -> Vec<String> {
    all.iter()
        .map(|x| format!("={}", serde_json::to_value(x).unwrap().as_str().unwrap()))
        .collect()
}

/// How many worlds the coverage test looks at (fifteen already show
/// everything; the rest is room for changes to the generator).
const WORLDS: usize = 60;

#[test]
fn the_generator_exercises_every_field() {
    let mut runner = deterministic_runner();
    let strategy = world();
    let mut seen = BTreeMap::new();
    for _ in 0..WORLDS {
        let w = strategy.new_tree(&mut runner).unwrap().current();
        assert!(w.check().is_empty(), "{:?}", w.check());
        observe(&serde_json::to_value(&w).unwrap(), "w", &mut seen);
    }
    let mut missing = BTreeSet::new();
    let mut want = |path: &str, what: &[String]| {
        let got = seen.get(path).cloned().unwrap_or_default();
        for x in what {
            if !got.contains(x) {
                missing.insert(format!("{path}: {x}"));
            }
        }
    };
    let s = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();

    // Options both ways, lists empty and full, bools both ways, strings
    // empty and non-ASCII: everywhere, by the shape of the JSON.
    for (path, what) in &seen {
        if what.contains("null") {
            want(path, &s(&["some"]));
        }
        if what.contains("[..]") && !TUPLES.contains(&path.as_str()) {
            want(path, &s(&["[]", "[..]"]));
        }
        if what.contains("true") || what.contains("false") {
            want(path, &s(&["true", "false"]));
        }
    }
    for path in [
        "w.game",
        "w.factions[].name",
        "w.factions[].email",
        "w.factions[].password_hash",
        "w.units[].name",
        "w.units[].description",
        "w.units[].tactics.text",
        "w.units[].orders[]",
        "w.units[].combat_orders[]",
        "w.locations[].name",
        "w.structures[].name",
        "w.structures[].description",
        "w.structures[].tactics",
    ] {
        want(path, &s(&["\"\"", "unicode"]));
    }
    for path in [
        "w.units[].structure",
        "w.units[].stack_parent",
        "w.locations[].hex",
        "w.locations[].outer",
        "w.locations[].exits[].only",
        "w.locations[].titles[].holder",
        "w.locations[].ownership.owner",
        "w.locations[].ownership.seat",
        "w.locations[].ownership.occupier",
        "w.structures[].faction",
        "w.structures[].owner",
    ] {
        want(path, &s(&["null", "some"]));
    }
    // Integer extremes.
    for path in [
        "w.turn",
        "w.factions[].number",
        "w.factions[].control_points",
        "w.units[].number",
        "w.units[].mana",
        "w.units[].dissent",
        "w.units[].skills[].experience",
        "w.units[].effects[].days",
        "w.locations[].number",
        "w.locations[].population",
        "w.locations[].optimum",
        "w.locations[].wages",
        "w.locations[].economy",
        "w.locations[].market.sells[].price",
        "w.locations[].market.buys[].price",
        "w.locations[].recruits[].count",
        "w.locations[].recruits[].price",
        "w.structures[].number",
        "w.structures[].progress[].done",
    ] {
        want(path, &s(&["0", "u32::MAX"]));
    }
    want("w.units[].figures", &s(&["u32::MAX"]));
    want("w.locations[].exits[].only[]", &s(&["0", "u32::MAX"]));
    for path in [
        "w.seed",
        "w.factions[].funds",
        "w.units[].items[].count",
        "w.units[].items[].equipped",
        "w.locations[].taxes",
        "w.locations[].market.sells[].count",
        "w.locations[].market.buys[].count",
        "w.locations[].resources[].amount",
        "w.locations[].resources[].full",
        "w.locations[].ground[][]",
        "w.factions[].stock[][]",
    ] {
        want(path, &s(&["0", "u64::MAX"]));
    }
    want("w.factions[].known_skills[][]", &s(&["0", "u8::MAX"]));
    want("w.locations[].market.days[]", &s(&["0", "u8::MAX"]));
    for path in ["w.locations[].hex.q", "w.locations[].hex.r"] {
        want(path, &s(&["0", "i32::MIN", "i32::MAX"]));
    }
    // Every enum variant.
    want("w.factions[].player", &names(&[Player::Human, Player::Npc]));
    want("w.factions[].role", &names(&Role::ALL));
    want("w.factions[].default_stance", &names(&Stance::ALL));
    want("w.factions[].stances[][]", &names(&Stance::ALL));
    want(
        "w.units[].settings.consume",
        &names(&[Consume::Silver, Consume::Unit, Consume::Leader]),
    );
    want(
        "w.locations[].ownership.policy",
        &names(&[Policy::Neutral, Policy::Friendly, Policy::Allied]),
    );
    want("w.locations[].exits[].direction", &names(Direction::ALL));
    want("w.locations[].exits[].only[]", &names(Movement::ALL));
    for kind in [
        "item",
        "race",
        "terrain",
        "title",
        "construction",
        "enchantment",
    ] {
        want(&format!("w.factions[].known[].{kind}"), &s(&["some"]));
    }
    // Every field of every struct appears under its path.
    let sample = serde_json::to_value(full_world()).unwrap();
    let mut every = BTreeMap::new();
    observe(&sample, "w", &mut every);
    for path in every.keys() {
        want(path, &s(&["some"]));
    }
    assert!(missing.is_empty(), "never generated: {missing:#?}");
}

/// A small world with every entity kind, for the list of JSON paths.
fn full_world() -> World {
    let mut runner = deterministic_runner();
    let strategy = world();
    loop {
        let w = strategy.new_tree(&mut runner).unwrap().current();
        if !w.units.is_empty() && !w.structures.is_empty() {
            return w;
        }
    }
}

// ---------------------------------------------------------------------
// The save format.
// ---------------------------------------------------------------------

/// The tags and world in a save's body, read without `load`'s checks.
fn body(bytes: &[u8]) -> (RulesTags, World) {
    let (body, rest) = postcard::take_from_bytes::<(RulesTags, World)>(&bytes[12..]).unwrap();
    assert!(rest.is_empty());
    body
}

proptest! {
    #![proptest_config(config(48))]

    /// (1) save → load is the identity, and the save names the rules.
    #[test]
    fn a_saved_world_loads_back_equal(w in world()) {
        let bytes = save::save(&w, &RULES);
        prop_assert_eq!(&bytes[..8], MAGIC.as_slice());
        let version = VERSION.to_le_bytes();
        prop_assert_eq!(&bytes[8..12], version.as_slice());
        let back = save::load(&bytes, &RULES);
        prop_assert_eq!(back.as_ref(), Ok(&w));
        let (tags, world) = body(&bytes);
        prop_assert_eq!(tags, RulesTags::of(&RULES));
        prop_assert_eq!(world, w);
    }

    /// (2) The same world always gives the same bytes, and a loaded world
    /// saves to the bytes it came from.
    #[test]
    fn saving_is_deterministic(w in world()) {
        let first = save::save(&w, &RULES);
        let second = save::save(&w.clone(), &RULES);
        prop_assert_eq!(&first, &second);
        let back = save::load(&first, &RULES).unwrap();
        prop_assert_eq!(save::save(&back, &RULES), first);
    }

    /// (3) The JSON view parses, lists every unit by number and reads back
    /// to the same world.
    #[test]
    fn the_json_view_is_valid_and_complete(w in world()) {
        let json = save::to_json(&w);
        let value: Value = serde_json::from_str(&json).unwrap();
        prop_assert!(value.get("error").is_none(), "{}", json);
        let numbers: Vec<u64> = value["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["number"].as_u64().unwrap())
            .collect();
        let want: Vec<u64> = w.units.values().map(|u| u64::from(u.number)).collect();
        prop_assert_eq!(numbers, want);
        for u in w.units.values() {
            let needle = format!("\"number\": {}", u.number);
            prop_assert!(json.contains(&needle), "{}", needle);
        }
        let back: World = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, w);
    }

    /// (4) One changed byte or a cut anywhere: an error, never a panic.
    /// The header's errors are exact; a changed body byte may still decode,
    /// to a world that keeps its invariants and round-trips in turn.
    #[test]
    fn damaged_saves_are_refused_without_panic(
        w in world(),
        flips in prop::collection::vec((any::<Index>(), 1..=u8::MAX), 1..24),
        cuts in prop::collection::vec(any::<Index>(), 1..8),
    ) {
        let bytes = save::save(&w, &RULES);
        for (at, mask) in flips {
            let i = at.index(bytes.len());
            let mut bad = bytes.clone();
            bad[i] ^= mask;
            let got = save::load(&bad, &RULES);
            match i {
                0..8 => prop_assert_eq!(got, Err(SaveError::NotASave)),
                8..12 => {
                    let found = u32::from_le_bytes(bad[8..12].try_into().unwrap());
                    if found > VERSION {
                        prop_assert_eq!(got, Err(SaveError::TooNew { found }));
                    } else {
                        prop_assert!(matches!(got, Err(SaveError::Damaged(_))), "{:?}", got);
                    }
                }
                _ => match got {
                    Err(SaveError::Damaged(_) | SaveError::RulesChanged(_)) => {}
                    Err(e) => prop_assert!(false, "byte {} gave {:?}", i, e),
                    Ok(other) => {
                        // `load` refuses worlds that break an invariant.
                        prop_assert!(other.check().is_empty(), "byte {}: {:?}", i, other.check());
                        prop_assert!(other.check_rules(&RULES).is_empty(), "byte {}", i);
                        let again = save::save(&other, &RULES);
                        prop_assert_eq!(save::load(&again, &RULES), Ok(other));
                    }
                },
            }
        }
        for at in cuts {
            let n = at.index(bytes.len());
            let got = save::load(&bytes[..n], &RULES);
            if n < 8 {
                prop_assert_eq!(got, Err(SaveError::NotASave));
            } else {
                prop_assert!(matches!(got, Err(SaveError::Damaged(_))), "cut at {}: {:?}", n, got);
            }
        }
    }

    /// (5) A save from a newer Umpire is refused, naming its version.
    #[test]
    fn newer_saves_are_refused(
        w in world(),
        found in prop_oneof![Just(VERSION + 1), Just(u32::MAX), (VERSION + 1)..=u32::MAX],
    ) {
        let mut bytes = save::save(&w, &RULES);
        bytes[8..12].copy_from_slice(&found.to_le_bytes());
        prop_assert_eq!(save::load(&bytes, &RULES), Err(SaveError::TooNew { found }));
    }
}
