//! A faction's whole text report, in the order the rules' sample report
//! gives it:
//!
//! 1. the opening ([`faction`](super::faction)): header, funds, control
//!    points, stances;
//! 2. `// Global events`: what the faction took part in or saw that no
//!    unit of its own did (taxes collected, stances set, battles fought),
//!    by day (OV-REP-006);
//! 3. `// Units`: every unit it has at the turn's end
//!    ([`unit`](super::unit)) with its day-by-day actions, then units lost
//!    during the turn with their actions up to the loss (OV-REP-007, 017);
//! 4. `// Battles`: the account of each battle its units fought, in full
//!    or terse as the faction's SETTING TERSE asks (OV-REP-042, 043);
//! 5. `// Structures`: its buildings and vessels (OV-REP-018);
//! 6. `// Locations`: every place it was during the turn
//!    ([`location`](super::location));
//! 7. `// Knowledge`: items and skill levels new to it
//!    ([`knowledge`](super::knowledge));
//! 8. `// Newspaper`: the turn's signed press and rumours;
//! 9. `// Orders template` ([`template`](super::template)).
//!
//! The report is a pure function of its [`Inputs`] and the faction: the
//! same inputs give the same bytes. [`Reports`] prepares what every
//! faction's report shares (names, the event index, who was exposed on the
//! last day) once, for writing all the reports of a turn.

use std::fmt::Write as _;

use umpire_core::ids::TypedId;

use crate::combat::field::Side;
use crate::orders::print::one_line;
use crate::rules::Rules;
use crate::turn::economy::rewards::{PressKind, Published};
use crate::turn::log::{TurnLog, What};
use crate::turn::travel::load::Load;
use crate::turn::{control, visibility};
use crate::world::{FactionId, UnitId, World};

use super::battle::{Entry, account_of};
use super::event::{action, collapse, faction_event};
use super::location::{self, Eyes, Index};
use super::names::Names;
use super::unit::capacities;
use super::{faction, knowledge, template, unit};

/// What a report needs besides the faction it is for.
#[derive(Clone, Copy)]
pub struct Inputs<'a> {
    /// The world after the turn ran.
    pub world: &'a World,
    pub rules: &'a Rules,
    /// The turn's events (an empty log for a report between turns).
    pub log: &'a TurnLog,
    /// The date of the next turn, as the game master writes it.
    pub next_turn: &'a str,
    /// The turn's published articles ([`published`](crate::turn::economy::rewards::published)).
    pub press: &'a [Published],
}

/// What all the reports of one turn share, prepared once.
pub struct Reports<'a> {
    inputs: Inputs<'a>,
    names: Names<'a>,
    index: Index,
    eyes: Eyes,
    /// Each faction's units at the turn's end, in the world's order.
    by_faction: Vec<Vec<UnitId>>,
    /// Each faction's control point limit.
    limits: Vec<u32>,
    /// Each faction's units lost this turn: gone (slain, disbanded,
    /// drowned, merged away) or gone over to another faction.
    lost: Vec<Vec<UnitId>>,
}

impl<'a> Reports<'a> {
    pub fn new(inputs: Inputs<'a>) -> Self {
        let world = inputs.world;
        let mut by_faction = vec![Vec::new(); world.factions.len()];
        let mut lost: Vec<Vec<UnitId>> = vec![Vec::new(); world.factions.len()];
        for (id, u) in world.units.iter() {
            let list = if u.gone { &mut lost } else { &mut by_faction };
            if let Some(v) = list.get_mut(u.faction.index()) {
                v.push(id);
            }
        }
        for e in &inputs.log.events {
            let (Some(u), true) = (
                e.unit,
                matches!(
                    e.what,
                    What::ChangedFaction { .. } | What::Reverted { .. } | What::Allegiance { .. }
                ),
            ) else {
                continue;
            };
            let now = world.units.get(u).map(|x| x.faction);
            for &f in &e.seen_by {
                if Some(f) != now
                    && let Some(v) = lost.get_mut(f.index())
                    && !v.contains(&u)
                {
                    v.push(u);
                }
            }
        }
        Reports {
            inputs,
            names: Names::new(world, inputs.rules),
            index: Index::new(inputs.log),
            eyes: Eyes::new(world, inputs.rules, inputs.log),
            by_faction,
            limits: control::limits(world, inputs.rules),
            lost,
        }
    }

    /// What `faction` learns this turn (for [`knowledge::remember`] once
    /// the report is written).
    pub fn discovered(&self, faction: FactionId) -> knowledge::Discovered {
        let mine = self.mine(faction);
        knowledge::discover_in(
            self.inputs.world,
            self.inputs.rules,
            self.index.seen_by(self.inputs.log, faction),
            faction,
            mine,
            &|l| self.names.inner_of(l),
        )
    }

    fn mine(&self, faction: FactionId) -> &[UnitId] {
        self.by_faction
            .get(faction.index())
            .map_or(&[], Vec::as_slice)
    }

    /// The full text report of `faction`; an unknown faction gives an
    /// empty string.
    pub fn report(&self, faction: FactionId) -> String {
        let Inputs {
            world,
            rules,
            log,
            next_turn,
            press,
        } = self.inputs;
        let Some(f) = world.factions.get(faction) else {
            return String::new();
        };
        let n = &self.names;
        let mine = self.mine(faction);
        let used: u32 = mine
            .iter()
            .filter_map(|&u| world.units.get(u))
            .map(|u| control::needed(rules, u))
            .sum();
        let limit = self.limits.get(faction.index()).copied().unwrap_or(0);
        let mut out = faction::opening_with(world, rules, faction, next_turn, (used, limit));

        // Global events (OV-REP-006).
        let global: Vec<(u8, String)> = self
            .index
            .seen_by(log, faction)
            .filter(|e| {
                e.unit
                    .is_none_or(|u| world.units.get(u).is_none_or(|x| x.faction != faction))
            })
            .filter(|e| {
                e.unit.is_none()
                    || matches!(e.what, What::BattleFought { .. } | What::Battle { .. })
            })
            .filter_map(|e| Some((e.day, faction_event(n, e)?)))
            .collect();
        if !global.is_empty() {
            out.push_str("\n// Global events\n");
            for line in collapse(&global) {
                let _ = writeln!(out, "{line}");
            }
        }

        // Units (OV-REP-007..017).
        out.push_str("\n// Units\n");
        for &u in mine {
            out.push('\n');
            out.push_str(&unit::section_named(n, u));
            self.actions(&mut out, u);
        }
        // Units lost this turn: slain, disbanded, drowned, gone to another
        // faction; their actions up to the loss.
        let lost = self
            .lost
            .get(faction.index())
            .map_or(&[][..], Vec::as_slice);
        // A unit gone in an earlier turn has no events in this one.
        for &u in lost
            .iter()
            .filter(|&&u| self.index.of_unit(log, u).next().is_some())
        {
            let why = match world.units.get(u) {
                Some(x) if x.gone => "gone".to_string(),
                Some(x) => format!("now with {}", n.faction(x.faction)),
                None => "gone".to_string(),
            };
            let _ = writeln!(out, "\n{} ({why})", n.unit(u));
            self.actions(&mut out, u);
        }

        // Battles (OV-REP-042, 043).
        let battles: Vec<String> = self
            .index
            .seen_by(log, faction)
            .filter_map(|e| match &e.what {
                What::BattleFought {
                    place,
                    units,
                    standing,
                    report,
                } => {
                    let entries: Vec<Entry> = units
                        .iter()
                        .zip(standing)
                        .map(|(&(u, side), s)| {
                            let unit = world.units.get(u);
                            Entry {
                                number: unit.map_or(0, |x| x.number),
                                side,
                                start: s.start,
                                alive: s.alive,
                                fled: s.fled,
                                summoned: None,
                                name: unit.map_or_else(String::new, |x| one_line(&x.name)),
                            }
                        })
                        .collect();
                    let ours =
                        |side: Side| units.iter().any(|&(u, s)| s == side && mine.contains(&u));
                    let as_side = if ours(Side::Attacker) {
                        "attacker"
                    } else if ours(Side::Defender) {
                        "defender"
                    } else {
                        "party"
                    };
                    let mut text = format!(
                        "Battle at {} on {}, your units as {as_side}:\n{}",
                        n.place(*place),
                        super::event::day_label(e.day).to_lowercase(),
                        account_of(report, &entries, f.terse)
                    );
                    // OV-REP-045: the winners see every unit's statistics.
                    if report.winner.is_some_and(ours) {
                        text.push_str("\nBattle statistics:\n");
                        for &(u, _) in units {
                            if let Some(x) = world.units.get(u) {
                                let _ = writeln!(
                                    text,
                                    "  {}: {}.",
                                    n.unit(u),
                                    unit::stats(
                                        &visibility::ratings(rules, x),
                                        control::needed(rules, x)
                                    )
                                );
                            }
                        }
                    }
                    Some(text)
                }
                _ => None,
            })
            .collect();
        if !battles.is_empty() {
            out.push_str("\n// Battles\n");
            for b in battles {
                out.push('\n');
                out.push_str(&b);
            }
        }

        // Structures and vessels (OV-REP-018).
        let owned: Vec<String> = world
            .structures
            .iter()
            .filter(|(_, s)| s.faction == Some(faction))
            .map(|(id, s)| {
                let kind = rules.constructions.get(s.kind);
                let mut line = format!(
                    "{} {} at {}.",
                    n.structure(id),
                    kind.map_or("structure", |c| c.name.as_str()),
                    n.place(s.location)
                );
                if let Some(v) = kind.and_then(|c| c.vessel.as_ref()) {
                    let aboard: Vec<UnitId> = world
                        .locations
                        .get(s.location)
                        .map(|l| {
                            l.units
                                .iter()
                                .copied()
                                .filter(|&u| {
                                    world.units.get(u).is_some_and(|x| x.structure == Some(id))
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    let mut cargo: Vec<(crate::rules::ItemId, u64)> = Vec::new();
                    for u in aboard.iter().filter_map(|&u| world.units.get(u)) {
                        for h in u.items.iter().filter(|h| h.count > 0) {
                            match cargo.iter_mut().find(|(i, _)| *i == h.item) {
                                Some(c) => c.1 += h.count,
                                None => cargo.push((h.item, h.count)),
                            }
                        }
                    }
                    let load = Load::of_units(rules, world, aboard.iter().copied());
                    let hull = Load::of_hull(&v.capacity);
                    let _ = write!(
                        line,
                        "\n  Cargo: {}. Weight {}. Hull: {}",
                        n.item_list(&cargo),
                        load.weight(),
                        capacities(&hull)
                    );
                }
                if !s.complete {
                    line.push_str("\n  Under construction.");
                }
                line
            })
            .collect();
        if !owned.is_empty() {
            out.push_str("\n// Structures\n");
            for s in owned {
                let _ = writeln!(out, "\n{s}");
            }
        }

        // Locations (OV-REP-019..036).
        let places = location::covered(world, log, &self.index, mine);
        if !places.is_empty() {
            out.push_str("\n// Locations\n");
            for at in places {
                out.push('\n');
                out.push_str(&location::section(
                    n,
                    log,
                    &self.index,
                    &self.eyes,
                    faction,
                    mine,
                    at,
                ));
            }
        }

        // Knowledge (OV-REP-037..040).
        let knowledge = knowledge::section(rules, &self.discovered(faction));
        if !knowledge.is_empty() {
            out.push_str("\n// Knowledge\n\n");
            out.push_str(&knowledge);
        }

        // The newspaper: signed articles name their faction, rumours no one.
        if !press.is_empty() {
            out.push_str("\n// Newspaper\n");
            for p in press {
                out.push('\n');
                for l in &p.lines {
                    let _ = writeln!(out, "{}", one_line(l));
                }
                match p.kind {
                    PressKind::Signed => {
                        let _ = writeln!(out, "  -- {}", n.faction(p.author));
                    }
                    PressKind::Rumour => out.push_str("  -- a rumour\n"),
                }
            }
        }

        out.push_str("\n// Orders template\n\n");
        out.push_str(&template::template_of(world, faction, "", mine));
        out
    }

    /// "Name [U1]'s actions:" and a line per day (OV-REP-017).
    fn actions(&self, out: &mut String, u: UnitId) {
        let mut events: Vec<&crate::turn::log::Event> =
            self.index.of_unit(self.inputs.log, u).collect();
        // A level reached is told after the day's work that reached it.
        events.sort_by_key(|e| (e.day, matches!(e.what, What::LevelReached { .. })));
        let lines: Vec<(u8, String)> = events
            .into_iter()
            .filter_map(|e| Some((e.day, action(&self.names, e)?)))
            .collect();
        if lines.is_empty() {
            return;
        }
        let _ = writeln!(out, "{}'s actions:", self.names.unit(u));
        for l in collapse(&lines) {
            let _ = writeln!(out, "  {l}");
        }
    }
}

/// The full text report of `faction` alone; an unknown faction gives an
/// empty string. For all the factions of a turn, build [`Reports`] once.
pub fn report(inputs: Inputs<'_>, faction: FactionId) -> String {
    Reports::new(inputs).report(faction)
}
