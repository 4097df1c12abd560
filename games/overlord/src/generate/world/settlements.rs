//! Cities, villages and everything that makes land worth having:
//! population, wages, taxes, markets, recruits, resources, weather,
//! structures, titles and roads.
//!
//! Layout (RULES-DECISIONS, "World generator"):
//! * the **Imperial City** stands in the hex nearest the middle of the
//!   largest landmass;
//! * **imperial cities** 2-3 hexes from it and **imperial border cities**
//!   4-7 hexes out, so walking units reach the next city within a month
//!   (OV-START-011);
//! * **colonial cities** 8 or more hexes out, at least 5 apart, on any
//!   landmass;
//! * **villages** scattered on plains, hills and forest, 2 or more hexes
//!   from any other settlement.
//!
//! Cities and villages are inner locations (terrain `city` / `vill`) with
//! an IN exit from their hex and an OUT exit back, as in the original
//! engine's world.

use umpire_core::Dice;
use umpire_core::ids::TypedId;

use super::map::Map;
use super::map::TerrainIds;
use super::{GenerateError, names, need};
use crate::rules::terrains::Direction;
use crate::rules::{
    ConstructionId, EquipSlot, ItemId, RaceId, Rules, SkillId, TerrainId, TitleId, WeatherId,
};
use crate::world::location::Ownership;
use crate::world::structure::{Structure, Teaching};
use crate::world::{
    Exit, Location, LocationId, Offer, Recruits, Resource, Seat, StructureId, World,
};

/// What kind of settlement, from the heart of the empire outwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Capital,
    Imperial,
    Border,
    Colonial,
    Village,
}

impl Rank {
    pub fn is_city(self) -> bool {
        self != Rank::Village
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub rank: Rank,
    /// The map hex it stands in.
    pub hex: usize,
    /// The inner location itself.
    pub location: LocationId,
    pub name: String,
    /// The title seated here, if any.
    pub title: Option<TitleId>,
    /// The building that comes with the title (mage guild, fortress,
    /// castle), if any.
    pub seat_building: Option<StructureId>,
}

/// An elemental master's tower in the wilds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tower {
    pub element: SkillId,
    pub title: TitleId,
    pub hex: usize,
    pub structure: StructureId,
}

/// What the later steps need to know about the settled world.
#[derive(Clone, Debug)]
pub struct Places {
    /// Capital first, then imperial, border and colonial cities, then
    /// villages.
    pub settlements: Vec<Settlement>,
    pub towers: Vec<Tower>,
    /// Per hex: inside the imperial heartland (no taxes, no claimable
    /// titles, guarded by the Imperials).
    pub imperial: Vec<bool>,
    /// Per hex: hex distance to the nearest settlement.
    pub to_settlement: Vec<u32>,
}

impl Places {
    pub fn capital(&self) -> &Settlement {
        &self.settlements[0]
    }

    pub fn of_rank(&self, rank: Rank) -> impl Iterator<Item = &Settlement> {
        self.settlements.iter().filter(move |s| s.rank == rank)
    }
}

/// Settle the map.
pub fn settle(
    rules: &Rules,
    t: TerrainIds,
    map: &Map,
    dice: &mut Dice,
    world: &mut World,
) -> Result<Places, GenerateError> {
    let land = map.land.len();
    let open = |i: usize| {
        let x = map.terrain[i];
        x == t.plains || x == t.hills || x == t.forest
    };
    // The Imperial City: open land nearest the heart, plains preferred.
    let centre = map.hex_of(map.heart);
    let capital = map
        .land
        .iter()
        .copied()
        .filter(|&i| open(i) && map.landmass[i] == 0)
        .min_by_key(|&i| {
            let far = map.hex_of(i).distance(centre);
            (far + u32::from(map.terrain[i] != t.plains), i)
        })
        .unwrap_or(map.heart);
    let heart_hex = map.hex_of(capital);
    let from_heart: Vec<u32> = (0..map.terrain.len())
        .map(|i| map.hex_of(i).distance(heart_hex))
        .collect();
    let livable = |i: usize| open(i) || map.terrain[i] == t.desert || map.terrain[i] == t.tundra;

    let mut taken = vec![capital];
    let mut sites: Vec<(Rank, usize)> = vec![(Rank::Capital, capital)];
    let plan = [
        (Rank::Imperial, (land / 300).clamp(2, 6), 2, 3, 2),
        (Rank::Border, (land / 250).clamp(2, 10), 4, 7, 3),
        (Rank::Colonial, (land / 150).clamp(2, 400), 8, u32::MAX, 5),
        (Rank::Village, land / 35, 2, u32::MAX, 2),
    ];
    for (rank, count, near, far, spacing) in plan {
        let main_only = matches!(rank, Rank::Imperial | Rank::Border);
        let fits = |i: usize| {
            (if rank == Rank::Village {
                open(i)
            } else {
                livable(i)
            }) && (!main_only || map.landmass[i] == 0)
        };
        for hex in pick_sites(
            map,
            &from_heart,
            fits,
            near,
            far,
            spacing,
            count,
            &mut taken,
            dice,
        ) {
            sites.push((rank, hex));
        }
    }

    let imperial: Vec<bool> = (0..map.terrain.len())
        .map(|i| {
            map.is_land(i)
                && (from_heart[i] <= 4
                    || sites.iter().any(|&(r, s)| {
                        r == Rank::Imperial && map.hex_of(s).distance(map.hex_of(i)) <= 1
                    }))
        })
        .collect();
    let to_settlement = distances_from(map, sites.iter().map(|&(_, h)| h));

    let weather = draw_weather(rules, map, dice)?;
    let economy = Economy::of(rules, t)?;
    // Water is named from a stream of its own, so that naming it leaves
    // every other draw of the world as it was (OV-WLD-001: every location
    // has a name; the original game's seas had theirs, "Massada Bay").
    let mut water_names = dice.derive("water names");
    for i in 0..map.terrain.len() {
        let loc = &mut world.locations[LocationId::from_index(i)];
        loc.weather = weather[i];
        if map.is_land(i) {
            loc.name = names::place(dice);
        } else {
            let kind = if map.terrain[i] == t.lake {
                "Lake"
            } else {
                "Sea"
            };
            loc.name = format!("{} {kind}", names::place(&mut water_names));
        }
        fill_land(rules, &economy, map.terrain[i], imperial[i], loc, dice);
    }

    // The settlements themselves.
    let mut settlements = Vec::with_capacity(sites.len());
    for &(rank, hex) in &sites {
        let id = LocationId::from_index(world.locations.len());
        let number = world.locations.len() as u32 + 1;
        let name = names::place(dice);
        let hex_id = LocationId::from_index(hex);
        let mut loc = Location::new(
            number,
            if rank == Rank::Village {
                t.village
            } else {
                t.city
            },
            weather[hex],
        );
        loc.name = name.clone();
        loc.outer = Some(hex_id);
        loc.exits.push(Exit {
            direction: Direction::Out,
            to: hex_id,
            only: None,
            road: false,
        });
        let nearby: Vec<TerrainId> = std::iter::once(hex)
            .chain(map.neighbours(hex).map(|(_, j)| j))
            .map(|j| map.terrain[j])
            .collect();
        fill_settlement(
            rules,
            &economy,
            rank,
            imperial[hex],
            &nearby,
            &mut loc,
            dice,
        );
        world.locations.push(loc);
        world.locations[hex_id].exits.push(Exit {
            direction: Direction::In,
            to: id,
            only: None,
            road: false,
        });
        settlements.push(Settlement {
            rank,
            hex,
            location: id,
            name,
            title: None,
            seat_building: None,
        });
    }

    let mut places = Places {
        settlements,
        towers: Vec::new(),
        imperial,
        to_settlement,
    };
    seat_titles(rules, map, &mut places, world, dice)?;
    raise_towers(rules, map, &from_heart, &mut places, world, dice)?;
    build_roads(rules, map, &places, world);
    Ok(places)
}

/// Choose up to `count` hexes at hex distance `near..=far` from the
/// heartland that satisfy `fits` and lie at least `spacing` from every
/// hex already `taken`. If too few fit, the ring widens twice.
#[allow(clippy::too_many_arguments)]
fn pick_sites(
    map: &Map,
    from_heart: &[u32],
    fits: impl Fn(usize) -> bool,
    near: u32,
    far: u32,
    spacing: u32,
    count: usize,
    taken: &mut Vec<usize>,
    dice: &mut Dice,
) -> Vec<usize> {
    let mut chosen = Vec::new();
    let mut far = far;
    for _ in 0..3 {
        let mut candidates: Vec<usize> = map
            .land
            .iter()
            .copied()
            .filter(|&i| (near..=far).contains(&from_heart[i]) && fits(i))
            .collect();
        shuffle(&mut candidates, dice);
        for i in candidates {
            if chosen.len() == count {
                break;
            }
            let h = map.hex_of(i);
            if taken.iter().all(|&s| map.hex_of(s).distance(h) >= spacing) {
                taken.push(i);
                chosen.push(i);
            }
        }
        if chosen.len() == count || far == u32::MAX {
            break;
        }
        far = far.saturating_add(2);
    }
    chosen
}

pub(crate) fn shuffle<T>(v: &mut [T], dice: &mut Dice) {
    for i in (1..v.len()).rev() {
        let j = dice.below(i as u32 + 1) as usize;
        v.swap(i, j);
    }
}

/// Breadth-first hex distance from the nearest of `sources`, through any
/// hex.
fn distances_from(map: &Map, sources: impl Iterator<Item = usize>) -> Vec<u32> {
    let mut dist = vec![u32::MAX; map.terrain.len()];
    let mut queue = std::collections::VecDeque::new();
    for s in sources {
        dist[s] = 0;
        queue.push_back(s);
    }
    while let Some(i) = queue.pop_front() {
        let d = dist[i] + 1;
        for (_, j) in map.neighbours(i) {
            if dist[j] > d {
                dist[j] = d;
                queue.push_back(j);
            }
        }
    }
    dist
}

/// The first month's weather: drawn per hex from the spring odds (the
/// game starts in spring, RULES-DECISIONS OV-WLD-022), then every
/// neighbour of a storm gets at least wind or rain (OV-WLD-033).
fn draw_weather(
    rules: &Rules,
    map: &Map,
    dice: &mut Dice,
) -> Result<Vec<WeatherId>, GenerateError> {
    let season = rules
        .seasons
        .values()
        .find(|s| s.tag == "spring")
        .or_else(|| rules.seasons.values().next())
        .ok_or(GenerateError::MissingRules {
            kind: "season",
            tag: "spring".into(),
        })?;
    let fallback = need(rules.weather("fair"), "weather", "fair")?;
    let mut out: Vec<WeatherId> = (0..map.terrain.len())
        .map(|_| season.draw(dice).unwrap_or(fallback))
        .collect();
    crate::rules::climate::spread_storms(
        rules,
        &mut out,
        |i| map.neighbours(i).map(|(_, j)| j).collect(),
        dice,
    );
    Ok(out)
}

/// The rules entries markets and recruiting draw on.
struct Economy {
    /// Manufactured goods a city may sell: equipment, not special, not
    /// unique, not hidden, priced 30 to 400.
    goods: Vec<ItemId>,
    food: ItemId,
    man: RaceId,
    elf: RaceId,
    dwarf: RaceId,
    leader: RaceId,
    hero: RaceId,
    terrain: TerrainIds,
}

impl Economy {
    fn of(rules: &Rules, terrain: TerrainIds) -> Result<Economy, GenerateError> {
        let goods = rules
            .items
            .iter()
            .filter(|(_, it)| {
                it.equip.as_ref().is_some_and(|e| {
                    matches!(
                        e.slot,
                        EquipSlot::Weapon
                            | EquipSlot::Armor
                            | EquipSlot::Helmet
                            | EquipSlot::Shield
                            | EquipSlot::Mount
                            | EquipSlot::Tool
                    )
                }) && !it.flags.special
                    && !it.flags.unique
                    && !it.flags.hidden
                    && (30..=400).contains(&it.price)
            })
            .map(|(id, _)| id)
            .collect();
        let race = |tag: &str| need(rules.race(tag), "race", tag);
        Ok(Economy {
            goods,
            food: need(rules.item("food"), "item", "food")?,
            man: race("man")?,
            elf: race("elve")?,
            dwarf: race("dwar")?,
            leader: race("ldr")?,
            hero: race("hero")?,
            terrain,
        })
    }
}

/// `base` scaled by a random percentage in `low..=high`.
fn vary(dice: &mut Dice, base: u32, low: u32, high: u32) -> u32 {
    let pct = low + dice.below(high - low + 1);
    (u64::from(base) * u64::from(pct) / 100) as u32
}

/// A land or sea hex: people by the terrain's optimum, wages, taxes,
/// resources and a few recruits where people live.
fn fill_land(
    rules: &Rules,
    economy: &Economy,
    terrain: TerrainId,
    imperial: bool,
    loc: &mut Location,
    dice: &mut Dice,
) {
    let Some(tr) = rules.terrains.get(terrain) else {
        return;
    };
    for r in &tr.resources {
        if dice.chance_percent(u32::from(r.chance)) {
            let amount = u64::from(vary(dice, r.amount, 40, 100).max(1));
            loc.resources.push(Resource {
                item: r.item.id(),
                amount,
                full: amount,
            });
        }
    }
    if tr.optimum == 0 {
        return;
    }
    let dense = if imperial { 150 } else { 100 };
    loc.optimum = tr.optimum * dense / 100;
    loc.population = vary(dice, loc.optimum, 70, 130);
    loc.wages = 5 + dice.below(4);
    loc.taxes = if imperial {
        0
    } else {
        crate::turn::economy::population::taxes_for(u64::from(loc.population), false)
    };
    if !imperial && loc.population >= 200 && dice.chance_percent(30) {
        if let Some(race) = rules.races.get(economy.man) {
            loc.recruits.push(Recruits {
                race: economy.man,
                count: loc.population / 50,
                price: vary(dice, race.cost.unwrap_or(50), 80, 100),
            });
        }
    }
}

/// A city or village: people, wages, taxes, a market and recruits.
fn fill_settlement(
    rules: &Rules,
    economy: &Economy,
    rank: Rank,
    imperial: bool,
    nearby: &[TerrainId],
    loc: &mut Location,
    dice: &mut Dice,
) {
    let (people, wages) = match rank {
        Rank::Capital => (10_000, 12),
        Rank::Imperial => (5_000, 11),
        Rank::Border => (4_000, 11),
        Rank::Colonial => (2_500, 10),
        Rank::Village => (900, 9),
    };
    loc.optimum = people;
    loc.population = vary(dice, people, 80, 120);
    loc.wages = wages;
    loc.taxes = if imperial {
        0
    } else {
        crate::turn::economy::population::taxes_for(u64::from(loc.population), false)
    };

    // Market: cities always, villages half the time.
    if rank.is_city() || dice.chance_percent(50) {
        let sells = match rank {
            Rank::Capital => 14,
            Rank::Imperial => 10,
            Rank::Border => 8,
            Rank::Colonial => 6,
            Rank::Village => 3,
        };
        let size = loc.population / 1000 + 1;
        let mut goods: Vec<ItemId> = economy
            .goods
            .iter()
            .copied()
            .filter(|&g| {
                rank != Rank::Village || rules.items.get(g).is_some_and(|i| i.price <= 120)
            })
            .collect();
        shuffle(&mut goods, dice);
        goods.truncate(sells);
        goods.sort();
        let markup = if imperial { 130 } else { 100 };
        for item in goods {
            let price = rules.items.get(item).map_or(0, |i| i.price);
            loc.market.sells.push(Offer {
                item,
                count: u64::from(10 + dice.below(30)) * u64::from(size.min(4)),
                price: vary(dice, price * markup / 100, 110, 140).max(1),
            });
        }
        // It buys what the land around it yields, and food.
        let mut raw: Vec<ItemId> = nearby
            .iter()
            .filter_map(|&t| rules.terrains.get(t))
            .flat_map(|t| t.resources.iter().map(|r| r.item.id()))
            .filter(|&i| {
                rules
                    .items
                    .get(i)
                    .is_some_and(|it| !it.flags.hidden && it.price > 0)
            })
            .chain(std::iter::once(economy.food))
            .collect();
        raw.sort();
        raw.dedup();
        for item in raw {
            let price = rules.items.get(item).map_or(0, |i| i.price);
            loc.market.buys.push(Offer {
                item,
                count: u64::from(20 + dice.below(141)),
                price: vary(dice, price, 60, 90).max(1),
            });
        }
    }

    // Recruits: followers of the local folk, a leader or two, now and
    // then a hero.
    let t = economy.terrain;
    let forest = nearby.iter().filter(|&&x| x == t.forest).count();
    let rocky = nearby
        .iter()
        .filter(|&&x| x == t.hills || x == t.mountains)
        .count();
    let folk = if forest >= 2 && dice.chance_percent(50) {
        economy.elf
    } else if rocky >= 2 && dice.chance_percent(50) {
        economy.dwarf
    } else {
        economy.man
    };
    let cost = |r: RaceId, default: u32| rules.races.get(r).and_then(|x| x.cost).unwrap_or(default);
    loc.recruits.push(Recruits {
        race: folk,
        count: (loc.population / 100).max(5),
        price: vary(dice, cost(folk, 55), 90, 110),
    });
    let leaders = match rank {
        Rank::Capital => 4,
        Rank::Village => 0,
        _ => 1 + dice.below(2),
    };
    if leaders > 0 {
        loc.recruits.push(Recruits {
            race: economy.leader,
            count: leaders,
            price: cost(economy.leader, 400),
        });
    }
    if rank.is_city() && dice.chance_percent(20) {
        loc.recruits.push(Recruits {
            race: economy.hero,
            count: 1,
            price: cost(economy.hero, 1000),
        });
    }
}

fn add_structure(
    world: &mut World,
    kind: ConstructionId,
    rules: &Rules,
    location: LocationId,
    name: String,
) -> StructureId {
    let id = StructureId::from_index(world.structures.len());
    let number = world.structures.len() as u32 + 1;
    let mut s = Structure::new(number, kind, location);
    s.name = name;
    s.public = rules
        .constructions
        .get(kind)
        .is_some_and(|c| c.tag == "mrkt");
    world.structures.push(s);
    world.locations[location].structures.push(id);
    id
}

/// The level a mage guild or a magic tower teaches its skills to: the
/// second, as far as study goes in magic (decision OV-SKL-014).
const TAUGHT_LEVEL: u8 = 2;

/// What a mage guild teaches (OV-MAG-019): one element, and one or two of
/// the spells that element opens (skills that need it), each to the second
/// level. Drawn from its own dice stream, so the rest of the world is the
/// same whatever the guilds teach.
fn guild_teaching(rules: &Rules, dice: &mut Dice) -> Vec<Teaching> {
    let elements: Vec<SkillId> = rules
        .skills
        .iter()
        .filter(|(_, s)| s.flags.elemental)
        .map(|(id, _)| id)
        .collect();
    let Some(&element) = dice.pick(&elements) else {
        return Vec::new();
    };
    let mut spells: Vec<SkillId> = rules
        .skills
        .iter()
        .filter(|(_, s)| s.flags.magic && !s.flags.elemental)
        .filter(|(_, s)| s.requires.iter().any(|r| r.skill.id() == element))
        .map(|(id, _)| id)
        .collect();
    let mut out = vec![Teaching {
        skill: element,
        level: TAUGHT_LEVEL,
    }];
    let wanted = 1 + usize::from(dice.chance_percent(50));
    for _ in 0..wanted {
        if spells.is_empty() {
            break;
        }
        let n = u32::try_from(spells.len()).unwrap_or(u32::MAX);
        let spell = spells.swap_remove(dice.below(n) as usize);
        out.push(Teaching {
            skill: spell,
            level: TAUGHT_LEVEL,
        });
    }
    out
}

/// One title per settlement: Overlord in the Imperial City, mayors held
/// by the Imperials in the imperial cities, Heads of Guild with a mage
/// guild in the first border cities, the craft masters' titles next,
/// then lords (fortress), barons (castle) and mayors in the colonies,
/// sheriffs in villages. Every city has a marketplace.
fn seat_titles(
    rules: &Rules,
    map: &Map,
    places: &mut Places,
    world: &mut World,
    dice: &mut Dice,
) -> Result<(), GenerateError> {
    let title = |tag: &str| need(rules.title(tag), "title", tag);
    let building = |tag: &str| need(rules.construction(tag), "construction", tag);
    let (overlord, mayor, sheriff, lord, baron, guild_head) = (
        title("over")?,
        title("mayo")?,
        title("shrf")?,
        title("lord")?,
        title("baro")?,
        title("hgld")?,
    );
    let (market, guild, fortress, castle) = (
        building("mrkt")?,
        building("mgld")?,
        building("fort")?,
        building("cast")?,
    );
    let mut crafts: Vec<TitleId> = [
        "msea", "masm", "gkep", "smas", "arms", "amas", "bmas", "tmak",
    ]
    .iter()
    .filter_map(|t| rules.title(t))
    .collect();
    let borders = places.of_rank(Rank::Border).count();
    let mut guilds = (borders / 2).clamp(1, 3);
    let mut colonial_seen = 0;
    for s in &mut places.settlements {
        let loc = s.location;
        if !world.locations[loc].market.sells.is_empty() {
            add_structure(world, market, rules, loc, format!("{} Market", s.name));
        }
        let coastal = map.neighbours(s.hex).any(|(_, j)| !map.is_land(j));
        let (t, b) = match s.rank {
            Rank::Capital => (overlord, None),
            Rank::Imperial => (mayor, None),
            Rank::Village => (sheriff, None),
            Rank::Border if guilds > 0 => {
                guilds -= 1;
                (guild_head, Some((guild, "Mages' Guild")))
            }
            Rank::Border | Rank::Colonial if !crafts.is_empty() => {
                // The Master of Seas wants a harbour.
                let k = crafts
                    .iter()
                    .position(|&c| coastal || rules.titles.get(c).is_none_or(|x| x.tag != "msea"))
                    .unwrap_or(0);
                (crafts.remove(k), None)
            }
            Rank::Border => (mayor, None),
            Rank::Colonial => {
                colonial_seen += 1;
                if colonial_seen % 3 == 0 {
                    (baron, Some((castle, "Castle")))
                } else if dice.chance_percent(60) {
                    (lord, Some((fortress, "Fortress")))
                } else {
                    (mayor, None)
                }
            }
        };
        world.locations[loc].titles.push(Seat {
            title: t,
            holder: None,
        });
        s.title = Some(t);
        if let Some((kind, what)) = b {
            let built = add_structure(world, kind, rules, loc, format!("{} {what}", s.name));
            if kind == guild {
                world.structures[built].teaches = guild_teaching(
                    rules,
                    &mut dice.derive_indexed("guild", built.index() as u64),
                );
            }
            s.seat_building = Some(built);
        }
    }
    // The heartland is the Emperor's.
    let seat = places.capital().location;
    for (i, imperial) in places.imperial.iter().enumerate() {
        if *imperial {
            world.locations[LocationId::from_index(i)].ownership = Ownership {
                owner: Some(super::kit::IMPERIALS),
                seat: Some(seat),
                occupier: None,
                policy: Default::default(),
            };
        }
    }
    for s in &places.settlements {
        if places.imperial[s.hex] {
            world.locations[s.location].ownership =
                world.locations[LocationId::from_index(s.hex)].ownership;
        }
    }
    Ok(())
}

/// The five elemental masters' towers, each in fitting wild land at
/// least three hexes from any settlement.
fn raise_towers(
    rules: &Rules,
    map: &Map,
    from_heart: &[u32],
    places: &mut Places,
    world: &mut World,
    dice: &mut Dice,
) -> Result<(), GenerateError> {
    let tower = need(rules.construction("mtow"), "construction", "mtow")?;
    let elements = [
        ("airs", "amag", ["moun", "hill"]),
        ("eart", "emag", ["hill", "plai"]),
        ("fire", "fmag", ["dese", "hill"]),
        ("void", "vmag", ["swmp", "fore"]),
        ("wate", "wmag", ["plai", "fore"]),
    ];
    let mut used: Vec<usize> = Vec::new();
    for (skill, title, terrains) in elements {
        let element = need(rules.skill(skill), "skill", skill)?;
        let title = need(rules.title(title), "title", title)?;
        let wants_coast = skill == "wate";
        let mut hex = None;
        for (pass, tag) in terrains.iter().enumerate() {
            let mut candidates: Vec<usize> = map
                .land
                .iter()
                .copied()
                .filter(|&i| {
                    rules
                        .terrains
                        .get(map.terrain[i])
                        .is_some_and(|t| &t.tag == tag)
                        && places.to_settlement[i] >= 3
                        && from_heart[i] >= 4
                        && !used.contains(&i)
                        && (!wants_coast || map.neighbours(i).any(|(_, j)| !map.is_land(j)))
                })
                .collect();
            if candidates.is_empty() && pass + 1 == terrains.len() {
                candidates = map
                    .land
                    .iter()
                    .copied()
                    .filter(|&i| !used.contains(&i) && places.to_settlement[i] >= 1)
                    .collect();
            }
            shuffle(&mut candidates, dice);
            if let Some(&i) = candidates.first() {
                hex = Some(i);
                break;
            }
        }
        let Some(hex) = hex else { continue };
        used.push(hex);
        let loc = LocationId::from_index(hex);
        let name = format!(
            "Tower of {}",
            rules
                .skills
                .get(element)
                .map_or("magic", |s| s.name.as_str())
        );
        let structure = add_structure(world, tower, rules, loc, name);
        // A tower teaches its element to the second level (OV-MAG-020).
        world.structures[structure].teaches = vec![Teaching {
            skill: element,
            level: TAUGHT_LEVEL,
        }];
        world.locations[loc].titles.push(Seat {
            title,
            holder: None,
        });
        places.towers.push(Tower {
            element,
            title,
            hex,
            structure,
        });
    }
    Ok(())
}

/// Roads: from the Imperial City to every imperial and border city, and
/// from each colonial city to the nearest city already on the network,
/// along the quickest walking route over land.
fn build_roads(rules: &Rules, map: &Map, places: &Places, world: &mut World) {
    let cost: Vec<u32> = map
        .terrain
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            if !map.is_land(i) {
                u32::MAX
            } else {
                rules
                    .terrains
                    .get(t)
                    .and_then(|x| x.days.walk)
                    .unwrap_or(30)
            }
        })
        .collect();
    let capital = places.capital().hex;
    let mut on_network = vec![false; map.terrain.len()];
    on_network[capital] = true;
    let mut only_capital = vec![false; map.terrain.len()];
    only_capital[capital] = true;
    let mut cities: Vec<&Settlement> = places
        .settlements
        .iter()
        .filter(|s| s.rank.is_city() && s.rank != Rank::Capital)
        .collect();
    let heart = map.hex_of(capital);
    cities.sort_by_key(|s| (map.hex_of(s.hex).distance(heart), s.hex));
    for s in cities {
        let targets = if s.rank == Rank::Colonial {
            &on_network
        } else {
            &only_capital
        };
        if let Some(path) = quickest_path(map, &cost, s.hex, targets) {
            for pair in path.windows(2) {
                lay_road(world, pair[0], pair[1]);
            }
        }
        on_network[s.hex] = true;
    }
}

fn lay_road(world: &mut World, a: usize, b: usize) {
    for (from, to) in [(a, b), (b, a)] {
        let to_id = LocationId::from_index(to);
        if let Some(e) = world.locations[LocationId::from_index(from)]
            .exits
            .iter_mut()
            .find(|e| e.to == to_id && e.direction.axial_offset().is_some())
        {
            e.road = true;
        }
    }
}

/// Dijkstra over land from `start` to the nearest hex flagged in
/// `target`; the path includes both ends.
fn quickest_path(map: &Map, cost: &[u32], start: usize, target: &[bool]) -> Option<Vec<usize>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = cost.len();
    let mut dist = vec![u32::MAX; n];
    let mut prev = vec![usize::MAX; n];
    let mut heap = BinaryHeap::new();
    dist[start] = 0;
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        if target[i] {
            let mut path = vec![i];
            let mut k = i;
            while prev[k] != usize::MAX {
                k = prev[k];
                path.push(k);
            }
            path.reverse();
            return Some(path);
        }
        for (_, j) in map.neighbours(i) {
            if cost[j] == u32::MAX {
                continue;
            }
            let nd = d.saturating_add(cost[j]);
            if nd < dist[j] {
                dist[j] = nd;
                prev[j] = i;
                heap.push(Reverse((nd, j)));
            }
        }
    }
    None
}
