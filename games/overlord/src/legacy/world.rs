//! Importing the original engine's game: `locations.dat`, `units.dat`,
//! `buildings.dat`, `factions.dat`, the game's name and NPC list, and the
//! players' `orders.0`, into a [`World`] under our rules.
//!
//! Everything that cannot be mapped is reported as a [`Note`] (file, line,
//! entry, why); nothing is dropped silently.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use super::blocks::{Block, LegacyFile, Line, read_file};
use super::rules::Note;
use crate::orders::{Envelope, ParseOptions, UnitRef, Vocabulary, check};
use crate::rules::terrains::Direction;
use crate::rules::{Movement, Rules};
use crate::world::location::{Ownership, Policy};
use crate::world::{
    Exit, Faction, FactionId, Hex, Location, LocationId, Offer, Player, Recruits, Resource, Seat,
    Stance, Structure, StructureId, Unit, UnitId, World,
};

/// The files of an original game, by name relative to its directory
/// (`units.dat`, `players/f01/orders.0`).
pub type GameFiles = BTreeMap<String, Vec<u8>>;

/// What the import made and what it could not map.
pub struct Imported {
    pub world: World,
    pub notes: Vec<Note>,
}

fn text(files: &GameFiles, name: &str, notes: &mut Vec<Note>) -> String {
    match files.get(name) {
        Some(b) => umpire_core::source::decode_text(b).0.into_owned(),
        None => {
            notes.push(Note {
                file: name.into(),
                line: 0,
                entry: String::new(),
                message: "file missing; treated as empty".into(),
            });
            String::new()
        }
    }
}

/// `U12` → 12, `f01` → 1, `L7` → 7, `B220` → 220 (prefix letter any case).
fn number(code: &str, prefix: char) -> Option<u32> {
    let mut chars = code.chars();
    let first = chars.next()?;
    if !first.eq_ignore_ascii_case(&prefix) {
        return None;
    }
    chars.as_str().parse().ok()
}

fn stance(word: &str) -> Option<Stance> {
    Some(match word.to_ascii_lowercase().as_str() {
        "ally" | "allied" | "alliance" => Stance::Ally,
        "friend" | "friendly" => Stance::Friendly,
        "neutral" => Stance::Neutral,
        "enemy" => Stance::Enemy,
        "hostile" => Stance::Hostile,
        _ => return None,
    })
}

/// The battle setting the original engine gives a unit that never gave
/// TACTIC. A unit in its files without a `COMBAT_TACTICS` line carries it,
/// so an imported game keeps its players' choice (not having chosen).
/// New games have their own default (`combat::setting`).
pub const ORIGINAL_DEFAULT_TACTICS: &str = "avoid rear center flee";

/// The original engine reverses a CARAVAN's route in memory when it heads
/// for the last stop, but saves the order as first written: a caravan
/// saved standing at its last stop has, to the original, a reversed route.
/// Its route is reversed here, with a note, so it goes on travelling
/// (OV-UO-016) instead of waiting at the last stop for ever.
fn caravans_at_their_last_stop(w: &mut World, im: &mut Importer<'_>) {
    use crate::orders::{Scope, UnitOrder, parse_order_line};
    for u in w.units.ids().collect::<Vec<_>>() {
        let here = w.units[u].location;
        let here = w.locations[here].number;
        for k in 0..w.units[u].orders.len() {
            let (Some(mut order), _) = parse_order_line(&w.units[u].orders[k], Scope::default())
            else {
                continue;
            };
            let UnitOrder::Caravan(c) = &mut order.order else {
                continue;
            };
            let at = c.stops.iter().position(|s| s.0 == here);
            if c.stops.len() < 2 || at != Some(c.stops.len() - 1) {
                continue;
            }
            c.stops.reverse();
            let was = std::mem::replace(&mut w.units[u].orders[k], order.to_string());
            let code = w.units[u].code();
            im.note(
                "units.dat",
                0,
                &code,
                format!(
                    "`{}` stands at its caravan's last stop, where the original engine had reversed the route it saves as first written: the route is reversed to `{}`",
                    was.trim(),
                    w.units[u].orders[k]
                ),
            );
        }
    }
}

struct Importer<'r> {
    rules: &'r Rules,
    notes: Vec<Note>,
}

impl Importer<'_> {
    fn note(&mut self, file: &str, line: u32, entry: &str, message: impl Into<String>) {
        self.notes.push(Note {
            file: file.into(),
            line,
            entry: entry.into(),
            message: message.into(),
        });
    }

    fn bad(&mut self, file: &str, b: &Block<'_>, l: &Line<'_>, why: &str) {
        let msg = format!("`{} {}`: {why}", l.key, l.rest);
        self.note(file, l.number, b.tag(), msg);
    }
}

/// Import a whole game. `rules` are the rules to map tags against
/// (normally the bundled ones, which equal the reference game's).
pub fn import(files: &GameFiles, rules: &Rules) -> Imported {
    let mut im = Importer {
        rules,
        notes: Vec::new(),
    };
    let mut notes = Vec::new();
    let factions_t = text(files, "factions.dat", &mut notes);
    let locations_t = text(files, "locations.dat", &mut notes);
    let units_t = text(files, "units.dat", &mut notes);
    let buildings_t = text(files, "buildings.dat", &mut notes);
    let game_t = files
        .get("alpha.dat")
        .or_else(|| files.get("game.dat"))
        .map(|b| umpire_core::source::decode_text(b).0.into_owned())
        .unwrap_or_default();
    let config_t = files
        .get("overlord.config")
        .map(|b| umpire_core::source::decode_text(b).0.into_owned())
        .unwrap_or_default();
    im.notes.append(&mut notes);

    let mut w = World::default();
    read_game_line(&mut w, &game_t);
    let npcs = npc_factions(&config_t);

    let fac_file = read_file(&factions_t, Some("FACTION"));
    let fac_ids = create_factions(&mut im, &mut w, &fac_file, &npcs);
    read_factions(&mut im, &mut w, &fac_file, &fac_ids);

    // Locations: first pass creates them so exits can point forward.
    let loc_file = read_file(&locations_t, Some("LOCATION"));
    let loc_ids = create_locations(&mut im, &mut w, &loc_file);
    let ids = Ids {
        factions: fac_ids,
        locations: loc_ids,
    };

    // Units and structures are created before they are placed.
    let unit_file = read_file(&units_t, Some("UNIT"));
    let bld_file = read_file(&buildings_t, Some("BUILDING"));

    // Where each unit and structure stands, from the location lists.
    let mut listed = Listings::default();
    let mut parity = None;
    for b in &loc_file.blocks {
        let Some(&id) = number(b.tag(), 'L').and_then(|n| ids.locations.get(&n)) else {
            continue;
        };
        read_location(&mut im, &mut w, &ids, b, id, &mut listed, &mut parity);
    }
    for &(loc, outer) in &listed.inner {
        w.locations[loc].outer = Some(outer);
    }

    let bld_ids = create_structures(&mut im, &mut w, &bld_file, &ids.factions, &listed.bld_loc);
    let units = create_units(&mut im, &mut w, &unit_file, &ids.factions, &listed.unit_loc);
    place_units(&mut im, &mut w, &units, &bld_ids, &listed.unit_loc);
    seat_titles(&mut im, &mut w, listed.seats, &units.ids);
    take_pending_orders(&mut im, &mut w, files, &units.ids);

    caravans_at_their_last_stop(&mut w, &mut im);
    levy_first_taxes(&mut w);

    // The sample's wild creatures belong to f03 "Monsters"; its Itorians
    // and People are the rules' Imperials and Citizens (the original
    // engine knows them by their place in the game, Umpire by their role).
    w.creatures = w.guess_creatures();
    w.assign_roles_by_name();
    // The rules' Outlaws hold everyone Enemy (OV-FAC-009).
    let outlaws: Vec<FactionId> = w
        .factions
        .iter()
        .filter(|(_, f)| {
            f.npc_role() == Some(crate::world::Role::Outlaws) && f.default_stance != Stance::Enemy
        })
        .map(|(id, _)| id)
        .collect();
    for id in outlaws {
        let f = &mut w.factions[id];
        let was = f.default_stance;
        f.default_stance = Stance::Enemy;
        let (tag, name) = (format!("f{:02}", f.number), f.name.clone());
        im.note(
            "factions.dat",
            0,
            &tag,
            format!(
                "`{name}` plays the rules' Outlaws, who hold everyone Enemy (OV-FAC-009): its default stance `{}` is raised to `enemy`",
                was.as_str()
            ),
        );
    }
    for f in w.factions.values() {
        if f.player == Player::Npc && f.role.is_none() {
            let names: Vec<&str> = crate::world::Role::ALL.iter().map(|r| r.as_str()).collect();
            im.note(
                "factions.dat",
                0,
                &format!("f{:02}", f.number),
                format!(
                    "non-player faction `{}` plays none of the rules' roles ({}): it guards only where it holds a title and takes no resigned units",
                    f.name,
                    names.join(", ")
                ),
            );
        }
    }
    Imported {
        world: w,
        notes: im.notes,
    }
}

/// The game's name and turn from its `alpha.dat` (or `game.dat`).
fn read_game_line(w: &mut World, game_t: &str) {
    for l in game_t
        .lines()
        .filter_map(|l| super::blocks::read_line(0, l))
    {
        match l.key.to_ascii_uppercase().as_str() {
            "GAME" => w.game = l.arg(0).unwrap_or("").to_string(),
            "TURN" => w.turn = l.arg(0).and_then(|t| t.parse().ok()).unwrap_or(0),
            _ => {}
        }
    }
}

/// The numbers of the factions the configuration marks `NPC`.
fn npc_factions(config_t: &str) -> Vec<u32> {
    config_t
        .lines()
        .filter_map(|l| super::blocks::read_line(0, l))
        .filter(|l| l.key.eq_ignore_ascii_case("NPC"))
        .filter_map(|l| l.arg(0).and_then(|c| number(c, 'f')))
        .collect()
}

/// What the location lists say stands where: units, structures, inner
/// locations (with their outer one) and titles' seats (with the holder's
/// number, the line and the entry, for a note).
#[derive(Default)]
struct Listings {
    unit_loc: FxHashMap<u32, LocationId>,
    bld_loc: FxHashMap<u32, LocationId>,
    inner: Vec<(LocationId, LocationId)>,
    seats: Vec<TitleSeat>,
}

/// A title's seat as listed: where, which title, the holder's number, the
/// line and entry that list it.
type TitleSeat = (LocationId, crate::rules::TitleId, Option<u32>, u32, String);

/// The factions and locations by the numbers the files give them.
struct Ids {
    factions: FxHashMap<u32, FactionId>,
    locations: FxHashMap<u32, LocationId>,
}

/// The units made, by number, with the stacks and structures they name,
/// to be checked once all exist.
struct Units {
    ids: FxHashMap<u32, UnitId>,
    stack: Vec<(UnitId, u32)>,
    containers: Vec<(UnitId, u32)>,
}

/// One faction per `factions.dat` block, the configuration's NPCs played
/// by the game; their ids by number.
fn create_factions(
    im: &mut Importer<'_>,
    w: &mut World,
    fac_file: &LegacyFile<'_>,
    npcs: &[u32],
) -> FxHashMap<u32, FactionId> {
    let mut fac_ids: FxHashMap<u32, FactionId> = FxHashMap::default();
    for b in &fac_file.blocks {
        let Some(n) = number(b.tag(), 'f') else {
            im.note(
                "factions.dat",
                b.head.number,
                b.tag(),
                "not a faction id; skipped",
            );
            continue;
        };
        let player = if npcs.contains(&n) {
            Player::Npc
        } else {
            Player::Human
        };
        let id = w.factions.push(Faction::new(n, b.tag(), player));
        fac_ids.insert(n, id);
    }
    fac_ids
}

/// The factions' properties: name, password, funds, stances, knowledge.
fn read_factions(
    im: &mut Importer<'_>,
    w: &mut World,
    fac_file: &LegacyFile<'_>,
    fac_ids: &FxHashMap<u32, FactionId>,
) {
    let rules = im.rules;
    for b in &fac_file.blocks {
        let Some(&id) = number(b.tag(), 'f').and_then(|n| fac_ids.get(&n)) else {
            continue;
        };
        const F: &str = "factions.dat";
        for l in &b.lines {
            match l.key.to_ascii_uppercase().as_str() {
                "NAME" => w.factions[id].name = l.rest.trim_matches('"').to_string(),
                "PASSWORD" => {
                    w.factions[id].password_hash =
                        crate::world::faction::hash_password(l.rest, b.tag())
                }
                "EMAIL" => w.factions[id].email = l.rest.to_string(),
                "FUNDS" => match (l.arg(0), l.arg(1).and_then(|x| x.parse::<u64>().ok())) {
                    (Some(c), Some(n)) if c.eq_ignore_ascii_case("coin") => {
                        w.factions[id].funds += n
                    }
                    (Some(c), Some(n)) => match rules.item(c) {
                        Some(item) => w.factions[id].add_stock(item, n),
                        None => im.bad(F, b, l, "no such item in these rules"),
                    },
                    _ => im.bad(F, b, l, "expected `FUNDS item count`"),
                },
                "DEFAULIT_STANCE" | "DEFAULT_STANCE" => match l.arg(0).and_then(stance) {
                    Some(s) => w.factions[id].default_stance = s,
                    None => im.bad(F, b, l, "unknown stance"),
                },
                "STANCE" => {
                    let other = l
                        .arg(0)
                        .and_then(|c| number(c, 'f'))
                        .and_then(|n| fac_ids.get(&n).copied());
                    match (other, l.arg(1).and_then(stance)) {
                        (Some(o), Some(s)) => w.factions[id].set_stance(o, s),
                        _ => im.bad(F, b, l, "unknown faction or stance"),
                    }
                }
                "SKILL_KNOWLEDGE" => {
                    let skill = l.arg(0).and_then(|s| im.rules.skill(s));
                    let level = l.arg(1).and_then(|x| x.parse::<u8>().ok()).unwrap_or(1);
                    match skill {
                        Some(s) => {
                            let k = &mut w.factions[id].known_skills;
                            match k.iter_mut().find(|(x, _)| *x == s) {
                                Some(e) => e.1 = e.1.max(level),
                                None => k.push((s, level)),
                            }
                        }
                        None => im.bad(F, b, l, "unknown skill"),
                    }
                }
                "KNOWLEDGE" => {
                    use crate::world::faction::Known;
                    let r = im.rules;
                    let k = l.arg(0).and_then(|t| {
                        r.item(t)
                            .map(Known::Item)
                            .or_else(|| r.race(t).map(Known::Race))
                            .or_else(|| r.terrain(t).map(Known::Terrain))
                            .or_else(|| r.title(t).map(Known::Title))
                            .or_else(|| r.construction(t).map(Known::Construction))
                            .or_else(|| r.index.enchantments.get(t).map(Known::Enchantment))
                    });
                    match k {
                        Some(k) => {
                            if !w.factions[id].known.contains(&k) {
                                w.factions[id].known.push(k);
                            }
                        }
                        None => im.bad(F, b, l, "names no known item, race, terrain, title, construction or enchantment"),
                    }
                }
                _ => im.bad(F, b, l, "not a faction property"),
            }
        }
        w.factions[id].known.sort();
        w.factions[id].known_skills.sort();
    }
}

/// One location per `locations.dat` block with a known terrain; their ids
/// by number.
fn create_locations(
    im: &mut Importer<'_>,
    w: &mut World,
    loc_file: &LegacyFile<'_>,
) -> FxHashMap<u32, LocationId> {
    let rules = im.rules;
    let mut loc_ids: FxHashMap<u32, LocationId> = FxHashMap::default();
    let fair = rules
        .weather("fair")
        .unwrap_or(crate::rules::WeatherId::new(0));
    for b in &loc_file.blocks {
        let Some(n) = number(b.tag(), 'L') else {
            im.note(
                "locations.dat",
                b.head.number,
                b.tag(),
                "not a location id; skipped",
            );
            continue;
        };
        let terrain = b
            .first("TERRAIN")
            .and_then(|l| l.arg(0))
            .and_then(|t| rules.terrain(t));
        let Some(terrain) = terrain else {
            im.note(
                "locations.dat",
                b.head.number,
                b.tag(),
                "no known TERRAIN; skipped",
            );
            continue;
        };
        let id = w.locations.push(Location::new(n, terrain, fair));
        loc_ids.insert(n, id);
    }
    loc_ids
}

/// A location's block: its properties, what it lists (units, structures,
/// titles, exits), its hex from `XY` (one row parity for the whole map).
fn read_location(
    im: &mut Importer<'_>,
    w: &mut World,
    ids: &Ids,
    b: &Block<'_>,
    id: LocationId,
    listed: &mut Listings,
    parity: &mut Option<i32>,
) {
    let rules = im.rules;
    let loc_ids = &ids.locations;
    let Listings {
        unit_loc,
        bld_loc,
        inner,
        seats,
    } = listed;
    const F: &str = "locations.dat";
    let mut market = crate::world::Market::default();
    let mut xy = None;
    for l in &b.lines {
        let key = l.key.to_ascii_uppercase();
        if location_property(im, &mut w.locations[id], &mut market, ids, b, l, &key) {
            continue;
        }
        match key.as_str() {
            "TITLE" => {
                let title = l.arg(0).and_then(|t| rules.title(t));
                let mut holder = None;
                let mut seat_loc = None;
                for a in l.args.iter().skip(1) {
                    if let Some(u) = number(a, 'U') {
                        holder = Some(u);
                    } else if let Some(x) = number(a, 'L') {
                        seat_loc = Some(x);
                    }
                }
                match title {
                    Some(t) => {
                        // A title is seated where its L argument says.
                        let at = seat_loc
                            .and_then(|x| loc_ids.get(&x).copied())
                            .unwrap_or(id);
                        seats.push((at, t, holder, l.number, b.tag().to_string()));
                    }
                    None => im.bad(F, b, l, "unknown title"),
                }
            }
            "UNIT" => match l.arg(0).and_then(|c| number(c, 'U')) {
                Some(u) => {
                    if let Some(prev) = unit_loc.insert(u, id) {
                        if prev != id {
                            im.bad(F, b, l, "unit listed in two locations; the later is kept");
                        }
                    }
                }
                None => im.bad(F, b, l, "not a unit id"),
            },
            "CONSTRUCTION" => match l.arg(0).and_then(|c| number(c, 'B')) {
                Some(s) => {
                    bld_loc.insert(s, id);
                }
                None => im.bad(F, b, l, "not a structure id"),
            },
            "XY" => {
                let x = l.arg(0).and_then(|v| v.parse::<i32>().ok());
                let y = l.arg(1).and_then(|v| v.parse::<i32>().ok());
                match (x, y) {
                    (Some(x), Some(y)) => xy = Some((x, y, l.number)),
                    _ => im.bad(F, b, l, "expected two numbers"),
                }
            }
            "EXIT" | "EXIT_EXPLICIT" => {
                let dir = l.arg(0).and_then(Direction::from_name);
                let to = l
                    .arg(1)
                    .and_then(|c| number(c, 'L'))
                    .and_then(|n| loc_ids.get(&n).copied());
                let only = if key == "EXIT_EXPLICIT" {
                    match (
                        l.arg(2).and_then(Movement::from_name),
                        l.arg(3).and_then(|x| x.parse::<u32>().ok()),
                    ) {
                        (Some(m), Some(d)) => Some((m, d)),
                        _ => {
                            im.bad(F, b, l, "expected a movement mode and days");
                            continue;
                        }
                    }
                } else {
                    None
                };
                match (dir, to) {
                    (Some(direction), Some(to)) => {
                        let loc = &mut w.locations[id];
                        loc.exits.push(Exit {
                            direction,
                            to,
                            only,
                            road: false,
                        });
                        if direction == Direction::Out {
                            inner.push((id, to));
                        }
                    }
                    _ => im.bad(F, b, l, "unknown direction or location"),
                }
            }
            _ => im.bad(F, b, l, "not a location property"),
        }
    }
    // Inner locations (those with an OUT exit) share their outer
    // location's hex; the original gives them a dummy XY.
    let is_inner = w.locations[id]
        .exits
        .iter()
        .any(|e| e.direction == Direction::Out);
    if let (Some((x, y, line)), false) = (xy, is_inner) {
        let p = (x + y).rem_euclid(2);
        if *parity.get_or_insert(p) != p {
            im.note(
                F,
                line,
                b.tag(),
                format!("`XY {x} {y}`: its row parity differs from the rest of the map; rounded"),
            );
        }
        w.locations[id].hex = Some(Hex::from_doubled(x, y));
    }
    market.sells.sort_by_key(|o| o.item);
    market.buys.sort_by_key(|o| o.item);
    w.locations[id].market = market;
    w.locations[id].ground.sort();
    let t = w.locations[id].terrain;
    w.locations[id].optimum = rules.terrains[t].optimum;
}

/// A location's own property line (name, weather, people, owner, market,
/// recruits, resources, ground); false when `key` is not one.
fn location_property(
    im: &mut Importer<'_>,
    loc: &mut Location,
    market: &mut crate::world::Market,
    ids: &Ids,
    b: &Block<'_>,
    l: &Line<'_>,
    key: &str,
) -> bool {
    const F: &str = "locations.dat";
    let rules = im.rules;
    let (fac_ids, loc_ids) = (&ids.factions, &ids.locations);
    match key {
        "NAME" => loc.name = l.rest.trim_matches('"').to_string(),
        "TERRAIN" => {}
        "WEATHER" => match l.arg(0).and_then(|t| rules.weather(t)) {
            Some(x) => loc.weather = x,
            None => im.bad(F, b, l, "unknown weather"),
        },
        "POPULATION" => loc.population = l.arg(0).and_then(|x| x.parse().ok()).unwrap_or(0),
        "WAGES" => loc.wages = l.arg(0).and_then(|x| x.parse().ok()).unwrap_or(0),
        "ECONOMY" => loc.economy = l.arg(0).and_then(|x| x.parse().ok()).unwrap_or(100),
        "LAND" | "MARKET_TYPE" => {}
        "OWNERSHIP_POLICY" => {
            loc.ownership.policy = match l.arg(0).map(str::to_ascii_lowercase).as_deref() {
                Some("friendly") => Policy::Friendly,
                Some("allied") | Some("ally") => Policy::Allied,
                _ => Policy::Neutral,
            }
        }
        "OWNER" => {
            let f = l
                .arg(0)
                .and_then(|c| number(c, 'f'))
                .and_then(|n| fac_ids.get(&n).copied());
            let seat = l
                .arg(1)
                .and_then(|c| number(c, 'L'))
                .and_then(|n| loc_ids.get(&n).copied());
            match f {
                Some(f) => {
                    loc.ownership = Ownership {
                        owner: Some(f),
                        seat,
                        ..loc.ownership
                    }
                }
                None => im.bad(F, b, l, "unknown faction"),
            }
        }
        "SELL" | "BUY" => {
            let count = l.arg(0).and_then(|x| x.parse::<u64>().ok());
            let item = l.arg(1).and_then(|t| rules.item(t));
            let price = l.arg(2).and_then(|x| x.parse::<u32>().ok());
            match (count, item, price) {
                (Some(count), Some(item), Some(price)) => {
                    let o = Offer { item, count, price };
                    // The original's SELL is what the market sells to units.
                    if key == "SELL" {
                        market.sells.push(o)
                    } else {
                        market.buys.push(o)
                    }
                }
                _ => im.bad(F, b, l, "expected count, known item, price"),
            }
        }
        "RECRUIT" => {
            let count = l.arg(0).and_then(|x| x.parse::<u32>().ok());
            let race = l.arg(1).and_then(|t| rules.race(t));
            let price = l.arg(2).and_then(|x| x.parse::<u32>().ok());
            match (count, race, price) {
                (Some(count), Some(race), Some(price)) => {
                    loc.recruits.push(Recruits { race, count, price })
                }
                _ => im.bad(F, b, l, "expected count, known race, price"),
            }
        }
        "RESOURCES" | "RESOURCE" => {
            let item = l.arg(0).and_then(|t| rules.item(t));
            let a = l.arg(1).and_then(|x| x.parse::<u64>().ok());
            let full = l.arg(2).and_then(|x| x.parse::<u64>().ok()).or(a);
            match (item, a, full) {
                (Some(item), Some(amount), Some(full)) => {
                    loc.resources.push(Resource { item, amount, full })
                }
                _ => im.bad(F, b, l, "expected a known item and amounts"),
            }
        }
        "ITEM" => {
            let item = l.arg(0).and_then(|t| rules.item(t));
            let n = l.arg(1).and_then(|x| x.parse::<u64>().ok());
            match (item, n) {
                (Some(i), Some(n)) => loc.ground.push((i, n)),
                _ => im.bad(F, b, l, "expected a known item and a count"),
            }
        }
        _ => return false,
    }
    true
}

/// One structure per `buildings.dat` block of a known kind standing in a
/// listed location; their ids by number.
fn create_structures(
    im: &mut Importer<'_>,
    w: &mut World,
    bld_file: &LegacyFile<'_>,
    fac_ids: &FxHashMap<u32, FactionId>,
    bld_loc: &FxHashMap<u32, LocationId>,
) -> FxHashMap<u32, StructureId> {
    let rules = im.rules;
    let mut bld_ids: FxHashMap<u32, StructureId> = FxHashMap::default();
    for b in &bld_file.blocks {
        const F: &str = "buildings.dat";
        let Some(n) = number(b.tag(), 'B') else {
            im.note(F, b.head.number, b.tag(), "not a structure id; skipped");
            continue;
        };
        let kind = b
            .first("CONSTRUCTION")
            .and_then(|l| l.arg(0))
            .and_then(|t| rules.construction(t));
        let Some(kind) = kind else {
            im.note(
                F,
                b.head.number,
                b.tag(),
                "no known CONSTRUCTION type; skipped",
            );
            continue;
        };
        let Some(&location) = bld_loc.get(&n) else {
            im.note(F, b.head.number, b.tag(), "stands in no location; skipped");
            continue;
        };
        let mut s = Structure::new(n, kind, location);
        for l in &b.lines {
            match l.key.to_ascii_uppercase().as_str() {
                "NAME" => s.name = l.rest.trim_matches('"').to_string(),
                "DESCRIPTION" => s.description = l.rest.trim_matches('"').trim().to_string(),
                "CONSTRUCTION" => {}
                "FACTION" | "OWNER" => match l
                    .arg(0)
                    .and_then(|c| number(c, 'f'))
                    .and_then(|n| fac_ids.get(&n).copied())
                {
                    Some(f) => s.faction = Some(f),
                    None => im.bad(F, b, l, "unknown faction"),
                },
                "PUBLIC" => s.public = true,
                "ADVERTISE" => s.advertise = true,
                "COMBAT_TACTICS" => s.tactics = l.rest.to_string(),
                "ORDER" if l.arg(0).is_some_and(|o| o.eq_ignore_ascii_case("DESCRIBE")) => {
                    // A standing DESCRIBE order: the description it sets.
                    let text = l
                        .rest
                        .get(8..)
                        .unwrap_or("")
                        .trim()
                        .trim_matches('"')
                        .trim();
                    s.description = text.to_string();
                }
                _ => im.bad(F, b, l, "not a building property"),
            }
        }
        let id = w.structures.push(s);
        bld_ids.insert(n, id);
        w.locations[location].structures.push(id);
    }
    for (n, loc) in bld_loc {
        if !bld_ids.contains_key(n) {
            let code = w.locations[*loc].code();
            im.note(
                "locations.dat",
                0,
                &code,
                format!("lists structure B{n}, which buildings.dat does not define"),
            );
        }
    }
    bld_ids
}

/// One unit per `units.dat` block with a known faction and race, listed
/// in a location; those without combat tactics get the original's.
fn create_units(
    im: &mut Importer<'_>,
    w: &mut World,
    unit_file: &LegacyFile<'_>,
    fac_ids: &FxHashMap<u32, FactionId>,
    unit_loc: &FxHashMap<u32, LocationId>,
) -> Units {
    let rules = im.rules;
    let mut unit_ids: FxHashMap<u32, UnitId> = FxHashMap::default();
    let mut stack: Vec<(UnitId, u32)> = Vec::new();
    let mut containers: Vec<(UnitId, u32)> = Vec::new();
    let mut untold_tactics: Vec<String> = Vec::new();
    for b in &unit_file.blocks {
        const F: &str = "units.dat";
        let Some(n) = number(b.tag(), 'U') else {
            im.note(F, b.head.number, b.tag(), "not a unit id; skipped");
            continue;
        };
        let faction = b
            .first("FACTION")
            .and_then(|l| l.arg(0))
            .and_then(|c| number(c, 'f'))
            .and_then(|x| fac_ids.get(&x).copied());
        let race_line = b.first("RACE");
        let race = race_line.and_then(|l| l.arg(0)).and_then(|t| rules.race(t));
        let figures = race_line
            .and_then(|l| l.arg(1))
            .and_then(|x| x.parse::<u32>().ok());
        let location = unit_loc.get(&n).copied();
        let (Some(faction), Some(race), Some(figures), Some(location)) =
            (faction, race, figures, location)
        else {
            let why = match (faction, race, figures, location) {
                (None, ..) => "no known FACTION",
                (_, None, ..) => "no known RACE",
                (_, _, None, _) => "no figure count on its RACE line",
                _ => "listed in no location",
            };
            im.note(F, b.head.number, b.tag(), format!("{why}; skipped"));
            continue;
        };
        let mut u = Unit::new(n, faction, race, figures, location);
        let mut stack_to = None;
        let mut container = None;
        for l in &b.lines {
            unit_line(im, &mut u, b, l, &mut stack_to, &mut container);
        }
        if u.tactics.text.trim().is_empty() {
            u.tactics.text = ORIGINAL_DEFAULT_TACTICS.to_string();
            untold_tactics.push(u.code());
        }
        let id = w.units.push(u);
        if let Some(p) = stack_to {
            stack.push((id, p));
        }
        if let Some(s) = container {
            containers.push((id, s));
        }
        unit_ids.insert(n, id);
        w.locations[location].units.push(id);
    }
    if !untold_tactics.is_empty() {
        im.note(
            "units.dat",
            0,
            "",
            format!(
                "{} units have no COMBAT_TACTICS; the original engine sets such a unit `{ORIGINAL_DEFAULT_TACTICS}`, so they keep avoiding battle: {}",
                untold_tactics.len(),
                untold_tactics.join(" ")
            ),
        );
    }
    Units {
        ids: unit_ids,
        stack,
        containers,
    }
}

/// One property line of a unit's block; the stack parent and structure
/// it names are kept for later.
fn unit_line(
    im: &mut Importer<'_>,
    u: &mut Unit,
    b: &Block<'_>,
    l: &Line<'_>,
    stack_to: &mut Option<u32>,
    container: &mut Option<u32>,
) {
    const F: &str = "units.dat";
    let rules = im.rules;
    match l.key.to_ascii_uppercase().as_str() {
        "NAME" => u.name = l.rest.trim_matches('"').to_string(),
        "DESCRIPTION" => u.description = l.rest.trim_matches('"').to_string(),
        "FACTION" | "RACE" => {}
        "ORDER" => u.orders.push(l.rest.to_string()),
        "COMBAT_TACTICS" => u.tactics.text = l.rest.to_string(),
        "COMBAT_ORDER" => u.combat_orders.push(l.rest.to_string()),
        "SILENT" => u.settings.silent = true,
        "ADVERTISE" => u.settings.advertise = true,
        "ANNOUNCE" => u.settings.announce = true,
        "ITEM" => {
            let item = l.arg(0).and_then(|t| rules.item(t));
            let count = l.arg(1).and_then(|x| x.parse::<u64>().ok());
            let eq = l.arg(2).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
            match (item, count) {
                (Some(i), Some(c)) => {
                    if eq > c {
                        im.bad(
                            F,
                            b,
                            l,
                            "more equipped than held; equipped cut to the count",
                        );
                    }
                    u.add_items(i, c, eq.min(c));
                }
                _ => im.bad(F, b, l, "expected a known item and a count"),
            }
        }
        "SKILL" => {
            let skill = l.arg(0).and_then(|t| rules.skill(t));
            let exp = l.arg(1).and_then(|x| x.parse::<u32>().ok());
            match (skill, exp) {
                (Some(s), Some(e)) => {
                    if u.experience(s) > 0 {
                        im.bad(F, b, l, "skill listed twice; the higher experience is kept");
                    }
                    u.learn(s, e)
                }
                _ => im.bad(F, b, l, "expected a known skill and experience"),
            }
        }
        "STACK" => match l.arg(0).and_then(|c| number(c, 'U')) {
            Some(p) => *stack_to = Some(p),
            None => im.bad(F, b, l, "not a unit id"),
        },
        "CONTAINER" => match l.arg(0).and_then(|c| number(c, 'B')) {
            Some(s) => *container = Some(s),
            None => im.bad(F, b, l, "not a structure id"),
        },
        "LOYALITY" | "LOYALTY" => im.bad(
            F,
            b,
            l,
            "loyalty is not part of these rules (dissent is); ignored",
        ),
        _ => im.bad(F, b, l, "not a unit property"),
    }
}

/// Units listed but not defined are noted; stacks and structures joined
/// where they stand with the unit.
fn place_units(
    im: &mut Importer<'_>,
    w: &mut World,
    units: &Units,
    bld_ids: &FxHashMap<u32, StructureId>,
    unit_loc: &FxHashMap<u32, LocationId>,
) {
    let unit_ids = &units.ids;
    for (n, loc) in unit_loc {
        if !unit_ids.contains_key(n) {
            let code = w.locations[*loc].code();
            im.note(
                "locations.dat",
                0,
                &code,
                format!("lists unit U{n}, which units.dat does not define or which was skipped"),
            );
        }
    }
    for &(child, parent) in &units.stack {
        match unit_ids.get(&parent) {
            Some(&p) if w.units[p].location == w.units[child].location && p != child => {
                w.units[child].stack_parent = Some(p);
            }
            _ => {
                let code = w.units[child].code();
                im.note(
                    "units.dat",
                    0,
                    &code,
                    format!(
                        "stacked under U{parent}, which is not in the same location; left unstacked"
                    ),
                );
            }
        }
    }
    for &(unit, s) in &units.containers {
        match bld_ids.get(&s) {
            Some(&sid) if w.structures[sid].location == w.units[unit].location => {
                w.units[unit].structure = Some(sid)
            }
            _ => {
                let code = w.units[unit].code();
                im.note(
                    "units.dat",
                    0,
                    &code,
                    format!("inside B{s}, which is not in its location; left outside"),
                );
            }
        }
    }
}

/// Titles, now that units exist; a holder who does not is noted and the
/// title left vacant.
fn seat_titles(
    im: &mut Importer<'_>,
    w: &mut World,
    seats: Vec<TitleSeat>,
    unit_ids: &FxHashMap<u32, UnitId>,
) {
    for (at, title, holder, line, entry) in seats {
        let holder_id = holder.and_then(|h| unit_ids.get(&h).copied());
        if holder.is_some() && holder_id.is_none() {
            im.note(
                "locations.dat",
                line,
                &entry,
                "title holder does not exist; the title is vacant",
            );
        }
        w.locations[at].titles.push(Seat {
            title,
            holder: holder_id,
        });
    }
}

/// Players' pending orders replace the ORDER lines of their units.
fn take_pending_orders(
    im: &mut Importer<'_>,
    w: &mut World,
    files: &GameFiles,
    unit_ids: &FxHashMap<u32, UnitId>,
) {
    let vocab = Vocabulary::builtin();
    for (name, bytes) in files
        .iter()
        .filter(|(n, _)| n.starts_with("players/") && n.ends_with("/orders.0"))
    {
        let checked = check(
            name,
            bytes,
            ParseOptions {
                vocabulary: Some(vocab),
            },
        );
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            im.note(
                name,
                d.position.map_or(0, |p| p.line),
                "",
                format!("{} {}", d.code, d.message),
            );
        }
        for env in &checked.message.envelopes {
            let Envelope::Orders(set) = env else { continue };
            for (section, orders) in set.sections() {
                let UnitRef::Id(n) = section.unit else {
                    continue;
                };
                match unit_ids.get(&n) {
                    Some(&u) => {
                        w.units[u].orders = orders.iter().map(|o| o.value.to_string()).collect()
                    }
                    None => im.note(
                        name,
                        section.line,
                        &format!("U{n}"),
                        "orders for a unit that does not exist",
                    ),
                }
            }
        }
    }
}

/// The original files keep no taxes: the original engine levies them
/// from the people, so the land is taxed from the first month on
/// (OV-ECON-028), at the figure the month's end would set.
fn levy_first_taxes(w: &mut World) {
    let autumn = crate::turn::economy::population::autumn(w.turn + 1);
    for l in w.locations.ids().collect::<Vec<_>>() {
        if w.locations[l].population == 0 {
            continue;
        }
        let people = crate::turn::economy::population::people_at(w, l);
        w.locations[l].taxes = crate::turn::economy::population::taxes_for(people, autumn);
    }
}
