//! A location's section of a faction's report (OV-REP-019..036), in the
//! order of the rules' sample report:
//!
//! ```text
//! Massada [L278], city, located in Tholian Plains [L216], plains.
//! This month was spring; next month should be summer, fair.
//! Population: 5621. Wages: $11, taxes: $11244.
//! For hire: 281 followers [man] at $64, 2 leaders [ldr] at $320.
//! For sale: 17 swords [swrd] at $151.
//! Buying: 56 horses [hrse] at $45.
//! Market days: 15th, 30th.
//! Resources: 40 wood [wood] of 40.
//! Titles: Sheriff [shrf] (requires 1st combat [cmbt], $250), held by Nirmal Yadav [U600] of The Empire [f05].
//! Directions:
//!   Out, to Tholian Plains [L216], plains, 1 day.
//!   SouthWest, to Massada Bay [L282], ocean, 4 days sailing.
//! From outer location:
//!   …
//! Events during turn:
//!   Day 14 - Bal Simba [U219], 1 hero [hero], arrives.
//! Units:
//!   * Nirmal Yadav [U600] of The Empire [f05], 1 hero [hero], Sheriff [shrf] of Massada [L278], has: 1 horse [hrse], 300 coins [coin].
//!   - Nathan [U1245], 1 leader [ldr]. Leading:
//!     - Caravan [U1246], 23 followers [man], has: 23 wagons [wago].
//! » Massada Earth Guild [L279], mage tower, inner location (1 day).
//!   Teaching: 2nd earth magics [eart].
//! ```
//!
//! Decisions (RULES-DECISIONS, "Reports"):
//!
//! - OV-REP-021: the world after a turn holds next month's weather only
//!   (the month's own is replaced at its end), so the climate line gives
//!   the month just played by its season and next month by season and
//!   forecast weather.
//! - OV-REP-025: resources are one line, "Resources:", each item with what
//!   is left of the month's amount ("40 wood [wood] of 40").
//! - OV-REP-027: a direction shows walking days when walking is possible,
//!   else the first of riding, climbing, sailing and flying that is, with
//!   the mode named; otherwise "impassable". Days are those of the
//!   location's weather for next month, as the rules say the rates hold
//!   "for the coming turn"; sorted by days, impassable last, ties in the
//!   location's exit order.
//! - OV-REP-031: '+' needs the unit's faction to be recognised and held at
//!   Friendly or better; an unrecognised unit is '-'.
//! - OV-REP-032/050: a unit seen on guard says so, with its faction and
//!   that faction's stance toward the reader.
//! - OV-REP-034: a unit the reader cannot see is left out of a stack; units
//!   it leads are shown under the nearest leader the reader sees.
//! - Units inside a structure of the location are listed with the
//!   location's units, "in High Eagle Fort [B3]" after their figures
//!   (people in a building see and are seen from outside).

use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::rules::Movement;
use crate::turn::calendar;
use crate::turn::log::{Event, TurnLog, What};
use crate::turn::travel::time::{crossing_days, weathered};
use crate::turn::visibility::{self, Exposure, Glance, Sight};
use crate::world::{FactionId, LocationId, Stance, UnitId, World};

use super::event::day_label;
use super::names::Names;
use super::unit::{ordinal, skill_name};

/// Units exposed on the month's last day (OV-REP-047): on guard, earning
/// coins, harvesting goods with weight.
pub fn final_exposure(rules: &crate::rules::Rules, log: &TurnLog) -> Exposed {
    let mut out: FxHashMap<UnitId, Exposure> = FxHashMap::default();
    for e in log.events.iter().filter(|e| e.day == 30) {
        let Some(u) = e.unit else { continue };
        let x = out.entry(u).or_default();
        match &e.what {
            What::Guarding => x.guarding = true,
            What::Earned { .. } => x.earning_cash = true,
            What::Harvested { item, .. }
                if rules.items.get(*item).is_some_and(|i| i.weight > 0) =>
            {
                x.harvesting = true;
            }
            _ => {}
        }
    }
    Exposed(out)
}

/// What each unit did on the last day that shows it whatever its stealth.
#[derive(Clone, Default, Debug)]
pub struct Exposed(FxHashMap<UnitId, Exposure>);

impl Exposed {
    pub fn of(&self, u: UnitId) -> Exposure {
        self.0.get(&u).copied().unwrap_or_default()
    }
}

/// Who sees whom at the turn's end: the world's [`Sight`] (built once for
/// every report) and what units did on the last day.
#[derive(Clone, Debug)]
pub struct Eyes {
    pub sight: Sight,
    pub exposed: Exposed,
}

impl Eyes {
    pub fn new(world: &World, rules: &crate::rules::Rules, log: &TurnLog) -> Eyes {
        Eyes {
            sight: Sight::build(world, rules),
            exposed: final_exposure(rules, log),
        }
    }

    /// Whether `faction` sees `u`, and knows its faction.
    pub fn glance(&self, world: &World, faction: FactionId, u: UnitId) -> Glance {
        let x = self.exposed.of(u);
        let seen = self.sight.sees(world, faction, u, x);
        Glance {
            seen,
            recognized: seen && self.sight.recognizes(world, faction, u, x),
        }
    }
}

/// The locations a faction's report covers (OV-REP-019): where its units
/// are seen at the turn's end, and every place one of its units acted in
/// or passed through during the turn; in the world's order.
pub fn covered(world: &World, log: &TurnLog, index: &Index, mine: &[UnitId]) -> Vec<LocationId> {
    let mut places: FxHashSet<LocationId> = FxHashSet::default();
    for &u in mine {
        if let Some(at) = visibility::seen_at(world, u) {
            places.insert(at);
        }
        for e in index.of_unit(log, u) {
            if let Some(p) = e.place {
                places.insert(p);
            }
            match &e.what {
                What::Departed { from, .. } => {
                    places.insert(*from);
                }
                What::Arrived { at, .. } => {
                    places.insert(*at);
                }
                _ => {}
            }
        }
    }
    let mut out: Vec<LocationId> = places.into_iter().collect();
    out.sort_unstable();
    out
}

/// The turn's events indexed by unit and by place, built once for all
/// the reports of a turn.
#[derive(Clone, Default, Debug)]
pub struct Index {
    by_unit: FxHashMap<UnitId, Vec<usize>>,
    by_place: FxHashMap<LocationId, Vec<usize>>,
    by_reader: FxHashMap<FactionId, Vec<usize>>,
    /// Events with a place, by reader and place: a city's events are many,
    /// the part one faction may read few.
    by_reader_at: FxHashMap<(FactionId, LocationId), Vec<usize>>,
}

impl Index {
    pub fn new(log: &TurnLog) -> Index {
        let mut index = Index::default();
        for (i, e) in log.events.iter().enumerate() {
            if let Some(u) = e.unit {
                index.by_unit.entry(u).or_default().push(i);
            }
            if let Some(p) = e.place {
                index.by_place.entry(p).or_default().push(i);
            }
            for &f in &e.seen_by {
                index.by_reader.entry(f).or_default().push(i);
                if let Some(p) = e.place {
                    index.by_reader_at.entry((f, p)).or_default().push(i);
                }
            }
        }
        index
    }

    /// The events of one unit, in order.
    pub fn of_unit<'l>(&self, log: &'l TurnLog, u: UnitId) -> impl Iterator<Item = &'l Event> {
        self.by_unit
            .get(&u)
            .into_iter()
            .flatten()
            .filter_map(|&i| log.events.get(i))
    }

    /// The events one faction may see, in order.
    pub fn seen_by<'l>(&self, log: &'l TurnLog, f: FactionId) -> impl Iterator<Item = &'l Event> {
        self.by_reader
            .get(&f)
            .into_iter()
            .flatten()
            .filter_map(|&i| log.events.get(i))
    }

    /// The events at one place that one faction may see, in order.
    pub fn seen_at<'l>(
        &self,
        log: &'l TurnLog,
        f: FactionId,
        p: LocationId,
    ) -> impl Iterator<Item = &'l Event> {
        self.by_reader_at
            .get(&(f, p))
            .into_iter()
            .flatten()
            .filter_map(|&i| log.events.get(i))
    }

    /// The events at one place, in order.
    pub fn at<'l>(&self, log: &'l TurnLog, p: LocationId) -> impl Iterator<Item = &'l Event> {
        self.by_place
            .get(&p)
            .into_iter()
            .flatten()
            .filter_map(|&i| log.events.get(i))
    }
}

/// The section of location `at` for `faction`, whose units are `mine`.
#[allow(clippy::too_many_arguments)]
pub fn section(
    n: &Names<'_>,
    log: &TurnLog,
    index: &Index,
    eyes: &Eyes,
    faction: FactionId,
    mine: &[UnitId],
    at: LocationId,
) -> String {
    let (world, rules) = (n.world, n.rules);
    let Some(l) = world.locations.get(at) else {
        return String::new();
    };
    let mut out = String::new();
    let terrain = |id| rules.terrains.get(id).map_or("land", |t| t.name.as_str());
    let _ = write!(out, "{}, {}", n.place(at), terrain(l.terrain));
    if let Some(o) = l.outer.and_then(|o| world.locations.get(o).map(|x| (o, x))) {
        let _ = write!(
            out,
            ", located in {}, {}",
            n.place(o.0),
            terrain(o.1.terrain)
        );
    }
    out.push_str(".\n");

    // Climate (OV-REP-021).
    let season = |turn: u32| {
        calendar::season(rules, turn)
            .and_then(|s| rules.seasons.get(s))
            .map_or_else(
                || calendar::season_tag(turn).to_string(),
                |s| s.name.clone(),
            )
    };
    let forecast = rules
        .weathers
        .get(l.weather)
        .map_or("", |w| w.name.as_str());
    let _ = writeln!(
        out,
        "This month was {}; next month should be {}{}{forecast}.",
        season(world.turn),
        season(world.turn + 1),
        if forecast.is_empty() { "" } else { ", " }
    );

    // Population, wages, taxes (OV-REP-022).
    if l.population > 0 {
        let _ = writeln!(
            out,
            "Population: {}. Wages: ${}, taxes: ${}.",
            l.population, l.wages, l.taxes
        );
    }
    // Recruits, market, resources (OV-REP-023..025).
    let hire: Vec<String> = l
        .recruits
        .iter()
        .filter(|r| r.count > 0)
        .map(|r| format!("{} at ${}", n.figures(r.race, r.count), r.price))
        .collect();
    if !hire.is_empty() {
        let _ = writeln!(out, "For hire: {}.", hire.join(", "));
    }
    let offers = |v: &[crate::world::Offer]| -> Vec<String> {
        v.iter()
            .filter(|o| o.count > 0)
            .map(|o| format!("{} at ${}", n.items(o.item, o.count), o.price))
            .collect()
    };
    let sells = offers(&l.market.sells);
    if !sells.is_empty() {
        let _ = writeln!(out, "For sale: {}.", sells.join(", "));
    }
    let buys = offers(&l.market.buys);
    if !buys.is_empty() {
        let _ = writeln!(out, "Buying: {}.", buys.join(", "));
    }
    if !sells.is_empty() || !buys.is_empty() {
        if l.market.days.is_empty() {
            out.push_str("Market days: every day.\n");
        } else {
            let days: Vec<String> = l.market.days.iter().map(|d| ordinal(*d)).collect();
            let _ = writeln!(out, "Market days: {}.", days.join(", "));
        }
    }
    let resources: Vec<String> = l
        .resources
        .iter()
        .filter(|r| r.full > 0)
        .map(|r| format!("{} of {}", n.items(r.item, r.amount), r.full))
        .collect();
    if !resources.is_empty() {
        let _ = writeln!(out, "Resources: {}.", resources.join(", "));
    }

    // Titles (OV-REP-026).
    let titles: Vec<String> = l
        .titles
        .iter()
        .filter_map(|s| {
            let t = rules.titles.get(s.title)?;
            let mut line = format!(
                "{} (requires {}, ${})",
                n.title(s.title),
                skill_name(rules, t.requires.skill.id(), t.requires.level),
                t.cost
            );
            match s.holder.and_then(|h| world.units.get(h).map(|u| (h, u))) {
                Some((h, u)) => {
                    let _ = write!(line, ", held by {}", n.unit(h));
                    if world.factions.get(u.faction).is_some() {
                        let _ = write!(line, " of {}", n.faction(u.faction));
                    }
                }
                None => line.push_str(", vacant"),
            }
            Some(line)
        })
        .collect();
    if !titles.is_empty() {
        let _ = writeln!(out, "Titles: {}.", titles.join("; "));
    }

    // Directions (OV-REP-027, 028).
    out.push_str("Directions:\n");
    out.push_str(&directions(n, at));
    if let Some(o) = l.outer {
        out.push_str("From outer location:\n");
        out.push_str(&directions(n, o));
    }

    // Events seen here (OV-REP-029).
    let events: Vec<String> = index
        .seen_at(log, faction, at)
        .filter_map(|e| place_event(n, eyes, faction, e))
        .collect();
    if !events.is_empty() {
        out.push_str("Events during turn:\n");
        for line in events {
            let _ = writeln!(out, "  {line}");
        }
    }

    // Units present (OV-REP-030..036), only with a unit of ours here.
    let here = |u: UnitId| visibility::seen_at(world, u) == Some(at);
    if mine.iter().any(|&u| here(u)) {
        let present: Vec<UnitId> = l.units.iter().copied().filter(|&u| here(u)).collect();
        let glances: FxHashMap<UnitId, Glance> = present
            .iter()
            .map(|&u| (u, eyes.glance(world, faction, u)))
            .collect();
        let seen = |u: UnitId| glances.get(&u).is_some_and(|g| g.seen);
        let is_present = |u: UnitId| glances.contains_key(&u);
        // The nearest ancestor the reader sees, among those present.
        let shown_parent = |u: UnitId| -> Option<UnitId> {
            let mut p = world.units.get(u).and_then(|x| x.stack_parent);
            for _ in 0..present.len() {
                match p {
                    Some(q) if is_present(q) && seen(q) => return Some(q),
                    Some(q) if is_present(q) => {
                        p = world.units.get(q).and_then(|x| x.stack_parent);
                    }
                    _ => return None,
                }
            }
            None
        };
        let listed: Vec<UnitId> = present.iter().copied().filter(|&u| seen(u)).collect();
        let mut children: FxHashMap<UnitId, Vec<UnitId>> = FxHashMap::default();
        let mut tops = Vec::new();
        for &u in &listed {
            match shown_parent(u) {
                Some(p) => children.entry(p).or_default().push(u),
                None => tops.push(u),
            }
        }
        if !listed.is_empty() {
            out.push_str("Units:\n");
            let mut stack: Vec<(UnitId, usize)> = tops.iter().rev().map(|&u| (u, 1)).collect();
            while let Some((u, depth)) = stack.pop() {
                let kids = children.get(&u).cloned().unwrap_or_default();
                let line = unit_line(n, faction, &glances, &eyes.exposed, u, !kids.is_empty());
                let _ = writeln!(out, "{}{line}", "  ".repeat(depth));
                for &k in kids.iter().rev() {
                    stack.push((k, depth + 1));
                }
            }
        }
    }

    // Inner locations and structures (OV-REP-035, 036).
    for (id, inner) in n
        .inner_of(at)
        .iter()
        .filter_map(|&id| world.locations.get(id).map(|x| (id, x)))
    {
        let days = l
            .exits
            .iter()
            .find(|e| e.to == id)
            .map(|e| crossing_days(world, rules, at, e).walk.unwrap_or(1))
            .unwrap_or(1);
        let _ = writeln!(
            out,
            "» {}, {}, inner location ({}).",
            n.place(id),
            terrain(inner.terrain),
            if days == 1 {
                "1 day".to_string()
            } else {
                format!("{days} days")
            }
        );
        let teaching: Vec<String> = inner
            .structures
            .iter()
            .filter_map(|s| world.structures.get(*s))
            .flat_map(|s| s.teaches.iter())
            .map(|t| skill_name(rules, t.skill, t.level))
            .collect();
        if !teaching.is_empty() {
            let _ = writeln!(out, "  Teaching: {}.", teaching.join(", "));
        }
    }
    for &sid in &l.structures {
        let Some(s) = world.structures.get(sid) else {
            continue;
        };
        let kind = rules
            .constructions
            .get(s.kind)
            .map_or("structure", |c| c.name.as_str());
        let _ = writeln!(
            out,
            "» {}, {kind}{}.",
            n.structure(sid),
            if s.complete {
                ""
            } else {
                ", under construction"
            }
        );
        if !s.teaches.is_empty() {
            let teaching: Vec<String> = s
                .teaches
                .iter()
                .map(|t| skill_name(rules, t.skill, t.level))
                .collect();
            let _ = writeln!(out, "  Teaching: {}.", teaching.join(", "));
        }
    }
    out
}

/// The directions out of `at`, sorted by days (impassable last).
fn directions(n: &Names<'_>, at: LocationId) -> String {
    let (world, rules) = (n.world, n.rules);
    let Some(l) = world.locations.get(at) else {
        return String::new();
    };
    let weather = rules.weathers.get(l.weather);
    let mut rows: Vec<(u32, usize, String)> = Vec::new();
    for (i, e) in l.exits.iter().enumerate() {
        let days = crossing_days(world, rules, at, e);
        let pick = [
            (Movement::Walk, days.walk, ""),
            (Movement::Ride, days.ride, " riding"),
            (Movement::Climb, days.climb, " climbing"),
            (Movement::Swim, days.swim, " sailing"),
            (Movement::Fly, days.fly, " flying"),
        ]
        .into_iter()
        .find_map(|(m, d, word)| d.map(|d| (weathered(d, m, weather), word)));
        let there = world
            .locations
            .get(e.to)
            .and_then(|x| rules.terrains.get(x.terrain))
            .map_or("land", |t| t.name.as_str());
        let (key, time) = match pick {
            Some((d, word)) => (
                d,
                format!("{} day{}{word}", d, if d == 1 { "" } else { "s" }),
            ),
            None => (u32::MAX, "impassable".to_string()),
        };
        rows.push((
            key,
            i,
            format!(
                "  {:?}, to {}, {there}, {time}.\n",
                e.direction,
                n.place(e.to)
            ),
        ));
    }
    rows.sort_by_key(|r| (r.0, r.1));
    // The same way listed twice (an exit per travel mode) reads once.
    let mut lines: Vec<String> = Vec::new();
    for (_, _, line) in rows {
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines.concat()
}

/// A unit as the events of a place name it: "Bal Simba [U219] of The Mages
/// [f03], 1 hero [hero]"; its faction only when the reader recognises it
/// now (or it is the reader's own).
fn who(n: &Names<'_>, eyes: &Eyes, faction: FactionId, u: UnitId) -> String {
    let Some(unit) = n.world.units.get(u) else {
        return n.unit(u);
    };
    let g = eyes.glance(n.world, faction, u);
    let mut s = n.unit(u);
    if g.recognized || unit.faction == faction {
        let _ = write!(s, " of {}", n.faction(unit.faction));
    }
    let _ = write!(s, ", {}", n.figures(unit.race, unit.figures));
    s
}

/// An event of a place, as those present saw it, or `None` for events
/// that are a unit's own business.
fn place_event(n: &Names<'_>, eyes: &Eyes, faction: FactionId, e: &Event) -> Option<String> {
    let actor =
        |u: Option<UnitId>| u.map_or_else(|| "someone".to_string(), |u| who(n, eyes, faction, u));
    let text = match &e.what {
        What::Arrived { from, .. } => {
            format!("{}, arrives from {}.", actor(e.unit), n.place(*from))
        }
        What::Departed { to, .. } => format!("{}, departs to {}.", actor(e.unit), n.place(*to)),
        What::StructureBegun { structure } => {
            format!("{} begins {}.", actor(e.unit), n.structure(*structure))
        }
        What::StructureCompleted { structure } => {
            format!("{} is completed.", n.structure(*structure))
        }
        What::Battle {
            attacker, defender, ..
        } => format!(
            "Battle: {} attacks {}.",
            n.unit(*attacker),
            n.unit(*defender)
        ),
        What::TitleClaimed { title, seat } => format!(
            "{}, claims the title of {}!",
            actor(e.unit),
            n.seat(*title, *seat)
        ),
        What::TitleInherited { title, seat, .. } => format!(
            "{}, inherits the title of {}.",
            actor(e.unit),
            n.seat(*title, *seat)
        ),
        What::SettlementFounded { place, .. } => format!("{} is founded.", n.place(*place)),
        What::Pillaged { .. } => format!(
            "{} was pillaged.",
            e.place.map_or_else(String::new, |p| n.place(p))
        ),
        What::Occupied { place } => format!("{} is occupied.", n.place(*place)),
        What::Famine { died } => format!("Famine: {died} die."),
        What::Plague { died } => format!("Plague: {died} die."),
        _ => return None,
    };
    Some(format!("{} - {text}", day_label(e.day)))
}

/// One line of the units-present list.
fn unit_line(
    n: &Names<'_>,
    faction: FactionId,
    glances: &FxHashMap<UnitId, Glance>,
    exposed: &Exposed,
    u: UnitId,
    leads: bool,
) -> String {
    let (world, rules) = (n.world, n.rules);
    let Some(unit) = world.units.get(u) else {
        return String::new();
    };
    let g = glances.get(&u).copied().unwrap_or_default();
    let own = unit.faction == faction;
    let reader = world.factions.get(faction);
    let theirs = world.factions.get(unit.faction);
    let marker = if own {
        '*'
    } else if g.recognized
        && reader.is_some_and(|r| r.stance_toward(unit.faction) >= Stance::Friendly)
    {
        '+'
    } else {
        '-'
    };
    let mut s = format!("{marker} {}", n.unit(u));
    if g.recognized {
        let _ = write!(s, " of {}", n.faction(unit.faction));
    }
    let _ = write!(s, ", {}", n.figures(unit.race, unit.figures));
    if let Some(st) = unit.structure {
        let _ = write!(s, ", in {}", n.structure(st));
    }
    if exposed.of(u).guarding && !own {
        let stance = theirs.map_or(Stance::Neutral, |t| t.stance_toward(faction));
        let _ = write!(s, ", on guard ({} to you)", stance.as_str());
    } else if exposed.of(u).guarding {
        s.push_str(", on guard");
    }
    for &(title, seat) in n.titles_of(u) {
        let _ = write!(s, ", {}", n.seat(title, seat));
    }
    let items: Vec<String> = visibility::shown_items(rules, faction, unit)
        .map(|h| n.items(h.item, h.count))
        .collect();
    if !items.is_empty() {
        let _ = write!(s, ", has: {}", items.join(", "));
    }
    s.push('.');
    if leads {
        s.push_str(" Leading:");
    }
    s
}
