//! A location's section of a faction's report (OV-REP-019..036), in the
//! order of the rules' sample report:
//!
//! ```text
//! Massada [L278], city, located in Tholian Plains [L216], plains.
//! This month was spring; next month should be summer, fair.
//! Population: 5621. This month's wages: $11, taxes: $11244.
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

use rustc_hash::FxHashMap;

use crate::rules::Movement;
use crate::turn::calendar;
use crate::turn::log::{Event, TurnLog, What};
use crate::turn::travel::time::listed_days;
use crate::turn::visibility::{self, Glance};
use crate::world::{FactionId, LocationId, Stance, UnitId};

use super::model::{
    self, Direction, Holder, Inner, Line, Mode, Offer, Outer, Population, Present, Resource,
    Structure, Title,
};
use super::names::{Names, skill_level, skill_text};
use super::seen::{Exposed, Eyes, Index};
use super::unit::ordinal;

/// What the section of location `at` tells `faction`, whose units are
/// `mine`; `None` for a place the world does not hold.
pub fn of<'a>(
    n: &Names<'a>,
    log: &TurnLog,
    index: &Index,
    eyes: &Eyes,
    faction: FactionId,
    mine: &[UnitId],
    at: LocationId,
) -> Option<model::Location<'a>> {
    let (world, rules) = (n.world, n.rules);
    let l = world.locations.get(at)?;
    let terrain = |id| rules.terrains.get(id).map_or("land", |t| t.name.as_str());
    // Climate (OV-REP-021).
    let season = |turn: u32| {
        calendar::season(rules, turn)
            .and_then(|s| rules.seasons.get(s))
            .map_or_else(|| calendar::season_tag(turn), |s| s.name.as_str())
    };
    // Recruits, market, resources (OV-REP-022..025).
    let offers = |v: &[crate::world::Offer]| -> Vec<Offer<'a>> {
        v.iter()
            .filter(|o| o.count > 0)
            .map(|o| Offer {
                what: n.quantity(o.item, o.count),
                price: u64::from(o.price),
            })
            .collect()
    };
    let for_sale = offers(&l.market.sells);
    let buying = offers(&l.market.buys);
    let market_days = (!for_sale.is_empty() || !buying.is_empty()).then(|| l.market.days.clone());
    // Titles (OV-REP-026).
    let titles = l
        .titles
        .iter()
        .filter_map(|s| {
            let t = rules.titles.get(s.title)?;
            Some(Title {
                title: n.title_ref(s.title),
                rank: rank(t.control),
                requires: skill_level(rules, t.requires.skill.id(), t.requires.level),
                cost: u64::from(t.cost),
                holder: s.holder.and_then(|h| {
                    let u = world.units.get(h)?;
                    Some(Holder {
                        unit: n.unit_ref(h),
                        faction: world
                            .factions
                            .get(u.faction)
                            .map(|_| n.faction_ref(u.faction)),
                    })
                }),
            })
        })
        .collect();
    // Events seen here (OV-REP-029).
    let events = index
        .seen_at(log, faction, at)
        .filter_map(|e| place_event(n, eyes, faction, e))
        .collect();
    // Inner locations and structures (OV-REP-035, 036).
    let inner = n
        .inner_of(at)
        .iter()
        .filter_map(|&id| world.locations.get(id).map(|x| (id, x)))
        .map(|(id, x)| Inner {
            place: n.place_ref(id),
            terrain: terrain(x.terrain),
            days: l
                .exits
                .iter()
                .find(|e| e.to == id)
                .and_then(|e| listed_days(world, rules, at, e))
                .map_or(1, |(_, d)| d),
            teaching: x
                .structures
                .iter()
                .filter_map(|s| world.structures.get(*s))
                .flat_map(|s| s.teaches.iter())
                .map(|t| skill_level(rules, t.skill, t.level))
                .collect(),
        })
        .collect();
    let structures = l
        .structures
        .iter()
        .filter_map(|&sid| world.structures.get(sid).map(|s| (sid, s)))
        .map(|(sid, s)| Structure {
            structure: n.structure_ref(sid),
            kind: n.construction(s.kind),
            complete: s.complete,
            teaching: s
                .teaches
                .iter()
                .map(|t| skill_level(rules, t.skill, t.level))
                .collect(),
        })
        .collect();
    let hex_of = |id| {
        world.locations.get(id).and_then(|x| {
            x.hex
                .or_else(|| x.outer.and_then(|o| world.locations.get(o)?.hex))
        })
    };
    Some(model::Location {
        hex: hex_of(at),
        place: n.place_ref(at),
        terrain: terrain(l.terrain),
        outer: l.outer.and_then(|o| {
            world.locations.get(o).map(|x| Outer {
                place: n.place_ref(o),
                terrain: terrain(x.terrain),
            })
        }),
        season: season(world.turn),
        next_season: season(world.turn + 1),
        forecast: rules
            .weathers
            .get(l.weather)
            .map(|w| w.name.as_str())
            .filter(|w| !w.is_empty()),
        // This month's wage and taxes, as the month began: what WORK
        // earned and the land yielded (a report between turns has no
        // month yet, and shows the figures standing).
        population: (l.population > 0).then(|| {
            let month = log.month_of(at).unwrap_or(crate::turn::log::MonthFigures {
                wages: l.wages,
                taxes: l.taxes,
            });
            Population {
                population: l.population,
                wages: month.wages,
                taxes: month.taxes,
            }
        }),
        for_hire: l
            .recruits
            .iter()
            .filter(|r| r.count > 0)
            .map(|r| Offer {
                what: n.figures_of(r.race, r.count),
                price: u64::from(r.price),
            })
            .collect(),
        for_sale,
        buying,
        market_days,
        resources: l
            .resources
            .iter()
            .filter(|r| r.full > 0)
            .map(|r| Resource {
                item: n.quantity(r.item, r.amount),
                full: r.full,
            })
            .collect(),
        titles,
        // Directions (OV-REP-027, 028).
        directions: directions(n, at),
        outer_directions: l.outer.map(|o| directions(n, o)),
        events,
        units: present(n, eyes, faction, mine, at),
        inner,
        structures,
    })
}

/// The section's text.
pub fn render(l: &model::Location<'_>, out: &mut String) {
    let _ = write!(out, "{}, {}", l.place, l.terrain);
    if let Some(o) = &l.outer {
        let _ = write!(out, ", located in {}, {}", o.place, o.terrain);
    }
    out.push_str(".\n");
    let _ = writeln!(
        out,
        "This month was {}; next month should be {}{}{}.",
        l.season,
        l.next_season,
        if l.forecast.is_some() { ", " } else { "" },
        l.forecast.unwrap_or("")
    );
    if let Some(p) = &l.population {
        let _ = writeln!(
            out,
            "Population: {}. This month's wages: ${}, taxes: ${}.",
            p.population, p.wages, p.taxes
        );
    }
    let offers = |v: &[Offer<'_>]| -> String {
        v.iter()
            .map(|o| format!("{} at ${}", o.what, o.price))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (word, list) in [
        ("For hire", &l.for_hire),
        ("For sale", &l.for_sale),
        ("Buying", &l.buying),
    ] {
        if !list.is_empty() {
            let _ = writeln!(out, "{word}: {}.", offers(list));
        }
    }
    match &l.market_days {
        Some(days) if days.is_empty() => out.push_str("Market days: every day.\n"),
        Some(days) => {
            let days: Vec<String> = days.iter().map(|d| ordinal(*d)).collect();
            let _ = writeln!(out, "Market days: {}.", days.join(", "));
        }
        None => {}
    }
    if !l.resources.is_empty() {
        let resources: Vec<String> = l
            .resources
            .iter()
            .map(|r| format!("{} of {}", r.item, r.full))
            .collect();
        let _ = writeln!(out, "Resources: {}.", resources.join(", "));
    }
    if !l.titles.is_empty() {
        let titles: Vec<String> = l.titles.iter().map(title_text).collect();
        let _ = writeln!(out, "Titles: {}.", titles.join("; "));
    }
    out.push_str("Directions:\n");
    render_directions(&l.directions, out);
    if let Some(outer) = &l.outer_directions {
        out.push_str("From outer location:\n");
        render_directions(outer, out);
    }
    if !l.events.is_empty() {
        out.push_str("Events during turn:\n");
        for line in &l.events {
            let _ = writeln!(out, "  {line}");
        }
    }
    if !l.units.is_empty() {
        out.push_str("Units:\n");
        for p in &l.units {
            let _ = writeln!(out, "{}{}", "  ".repeat(p.depth), present_text(p));
        }
    }
    for i in &l.inner {
        let _ = writeln!(
            out,
            "» {}, {}, inner location ({}).",
            i.place,
            i.terrain,
            if i.days == 1 {
                "1 day".to_string()
            } else {
                format!("{} days", i.days)
            }
        );
        teaching(&i.teaching, out);
    }
    for s in &l.structures {
        let _ = writeln!(
            out,
            "» {}, {}{}.",
            s.structure,
            s.kind,
            if s.complete {
                ""
            } else {
                ", under construction"
            }
        );
        teaching(&s.teaching, out);
    }
}

/// "  Teaching: 2nd earth magics [eart]." unless nothing is taught.
fn teaching(skills: &[model::SkillLevel<'_>], out: &mut String) {
    if !skills.is_empty() {
        let list: Vec<String> = skills.iter().map(skill_text).collect();
        let _ = writeln!(out, "  Teaching: {}.", list.join(", "));
    }
}

/// "Sheriff [shrf] (requires 1st combat [cmbt], $250), held by Nirmal
/// Yadav [U600] of The Empire [f05]".
/// A title's rank, from the control points it gives (the rules' Titles
/// chapter: minor titles give 5, standard 10, major 20; the Overlord's 50
/// is the special one). Decision OV-REP-026: the data's points decide.
pub fn rank(control: u32) -> &'static str {
    match control {
        0..=5 => "minor",
        6..=10 => "standard",
        11..=20 => "major",
        _ => "special",
    }
}

fn title_text(t: &Title<'_>) -> String {
    let mut line = format!(
        "{}, {} title (requires {}, ${})",
        t.title,
        t.rank,
        skill_text(&t.requires),
        t.cost
    );
    match &t.holder {
        Some(h) => {
            let _ = write!(line, ", held by {}", h.unit);
            if let Some(f) = &h.faction {
                let _ = write!(line, " of {f}");
            }
        }
        None => line.push_str(", vacant"),
    }
    line
}

/// The directions out of `at`, sorted by days (impassable last); the
/// same way listed twice (an exit per travel mode) once.
fn directions<'a>(n: &Names<'a>, at: LocationId) -> Vec<Direction<'a>> {
    let (world, rules) = (n.world, n.rules);
    let Some(l) = world.locations.get(at) else {
        return Vec::new();
    };
    let mut rows: Vec<(u32, usize, Direction<'a>)> = Vec::new();
    for (i, e) in l.exits.iter().enumerate() {
        // The journey's own reckoning (OV-REP-027).
        let pick = listed_days(world, rules, at, e).map(|(m, d)| {
            let mode = match m {
                Movement::Walk => Mode::Walking,
                Movement::Ride => Mode::Riding,
                Movement::Climb => Mode::Climbing,
                Movement::Swim => Mode::Sailing,
                Movement::Fly => Mode::Flying,
            };
            (d, mode)
        });
        let there = world
            .locations
            .get(e.to)
            .and_then(|x| rules.terrains.get(x.terrain))
            .map_or("land", |t| t.name.as_str());
        rows.push((
            pick.map_or(u32::MAX, |p| p.0),
            i,
            Direction {
                direction: format!("{:?}", e.direction),
                to: n.place_ref(e.to),
                hex: world.locations.get(e.to).and_then(|x| {
                    x.hex
                        .or_else(|| x.outer.and_then(|o| world.locations.get(o)?.hex))
                }),
                terrain: there,
                road: e.road,
                days: pick.map(|p| p.0),
                mode: pick.map(|p| p.1),
            },
        ));
    }
    rows.sort_by_key(|r| (r.0, r.1));
    let mut out: Vec<Direction<'a>> = Vec::new();
    for (_, _, d) in rows {
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

/// "  South, to Place 2 [L2], plains, 9 days." (", by road" before the
/// days where a road runs) for each way.
fn render_directions(ways: &[Direction<'_>], out: &mut String) {
    for d in ways {
        let time = match (d.days, d.mode) {
            (Some(days), Some(mode)) => format!(
                "{days} day{}{}",
                if days == 1 { "" } else { "s" },
                match mode {
                    Mode::Walking => "",
                    Mode::Riding => " riding",
                    Mode::Climbing => " climbing",
                    Mode::Sailing => " sailing",
                    Mode::Flying => " flying",
                }
            ),
            _ => "impassable".to_string(),
        };
        let road = if d.road { ", by road" } else { "" };
        let _ = writeln!(
            out,
            "  {}, to {}, {}{road}, {time}.",
            d.direction, d.to, d.terrain
        );
    }
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
fn place_event(n: &Names<'_>, eyes: &Eyes, faction: FactionId, e: &Event) -> Option<Line> {
    let actor =
        |u: Option<UnitId>| u.map_or_else(|| "someone".to_string(), |u| who(n, eyes, faction, u));
    let text = match &e.what {
        What::Arrived { from, .. } => {
            format!("{}, arrives from {}.", actor(e.unit), n.place(*from))
        }
        What::Departed { to, .. } => format!("{}, departs to {}.", actor(e.unit), n.place(*to)),
        What::Entering { from, .. } => format!(
            "{}, comes in from {}, on its way here.",
            actor(e.unit),
            n.place(*from)
        ),
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
    Some(Line {
        day: e.day,
        last_day: e.day,
        text,
    })
}

/// The units present at `at` that `faction` sees (OV-REP-030..036), in
/// the order listed, a stack's members after their leader; none without
/// a unit of the faction there.
fn present<'a>(
    n: &Names<'a>,
    eyes: &Eyes,
    faction: FactionId,
    mine: &[UnitId],
    at: LocationId,
) -> Vec<Present<'a>> {
    let world = n.world;
    let Some(l) = world.locations.get(at) else {
        return Vec::new();
    };
    let here = |u: UnitId| visibility::seen_at(world, u) == Some(at);
    if !mine.iter().any(|&u| here(u)) {
        return Vec::new();
    }
    // Those listed here and not seen elsewhere, then the travellers past
    // half their journey to here (OV-MOVE-027), listed where they set out.
    let present: Vec<UnitId> = l
        .units
        .iter()
        .copied()
        .filter(|&u| here(u))
        .chain(eyes.on_the_way_to(at).iter().copied())
        .collect();
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
    let mut out = Vec::new();
    let mut stack: Vec<(UnitId, usize)> = tops.iter().rev().map(|&u| (u, 1)).collect();
    while let Some((u, depth)) = stack.pop() {
        let kids = children.get(&u).map_or(&[][..], Vec::as_slice);
        if let Some(p) = present_unit(n, faction, &glances, &eyes.exposed, u) {
            out.push(Present {
                depth,
                leading: !kids.is_empty(),
                ..p
            });
        }
        for &k in kids.iter().rev() {
            stack.push((k, depth + 1));
        }
    }
    out
}

/// A unit of the units-present list, its depth and leading left to the
/// caller.
fn present_unit<'a>(
    n: &Names<'a>,
    faction: FactionId,
    glances: &FxHashMap<UnitId, Glance>,
    exposed: &Exposed,
    u: UnitId,
) -> Option<Present<'a>> {
    let (world, rules) = (n.world, n.rules);
    let unit = world.units.get(u)?;
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
    let on_guard = exposed.of(u).guarding;
    Some(Present {
        marker,
        unit: n.unit_ref(u),
        faction: g.recognized.then(|| n.faction_ref(unit.faction)),
        figures: n.figures_of(unit.race, unit.figures),
        structure: unit.structure.map(|st| n.structure_ref(st)),
        on_guard,
        guard_stance: (on_guard && !own)
            .then(|| theirs.map_or(Stance::Neutral, |t| t.stance_toward(faction))),
        titles: n
            .titles_of(u)
            .iter()
            .map(|&(title, seat)| n.seat_ref(title, seat))
            .collect(),
        possessions: visibility::shown_items(rules, faction, unit)
            .map(|h| n.quantity(h.item, h.count))
            .collect(),
        depth: 1,
        leading: false,
    })
}

/// One line of the units-present list, without its indentation.
fn present_text(p: &Present<'_>) -> String {
    let mut s = format!("{} {}", p.marker, p.unit);
    if let Some(f) = &p.faction {
        let _ = write!(s, " of {f}");
    }
    let _ = write!(s, ", {}", p.figures);
    if let Some(st) = &p.structure {
        let _ = write!(s, ", in {st}");
    }
    match (p.on_guard, p.guard_stance) {
        (true, Some(stance)) => {
            let _ = write!(s, ", on guard ({} to you)", stance.as_str());
        }
        (true, None) => s.push_str(", on guard"),
        (false, _) => {}
    }
    for t in &p.titles {
        let _ = write!(s, ", {} of {}", t.title, t.seat);
    }
    if !p.possessions.is_empty() {
        let items: Vec<String> = p.possessions.iter().map(ToString::to_string).collect();
        let _ = write!(s, ", has: {}", items.join(", "));
    }
    s.push('.');
    if p.leading {
        s.push_str(" Leading:");
    }
    s
}
