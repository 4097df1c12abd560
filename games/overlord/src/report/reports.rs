//! What a faction's report tells, decided once per faction from what all
//! the reports of a turn share ([`Reports`], prepared once), as the
//! [`model::Report`] that the text ([`text`](super::text)) and the JSON
//! ([`Reports::json`]) are both rendered from.

use serde_json::Value;
use umpire_core::ids::TypedId;

use crate::rules::Rules;
use crate::turn::control;
use crate::turn::economy::rewards::{PressKind, Published};
use crate::turn::log::{TurnLog, What};
use crate::world::{FactionId, StructureId, UnitId, World};

use super::event::{action, collapse, faction_event};
use super::model::{self, Article, ArticleKind, Line, LostUnit};
use super::names::{Names, line};
use super::seen::{Eyes, Index, covered};
use super::{battle, faction, knowledge, location, structure, template, text, unit};

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
    /// Each faction's structures, in the world's order.
    owned: Vec<Vec<StructureId>>,
    /// The knowledge entries, written once for all the reports.
    entries: knowledge::Entries<'a>,
    /// The skills a unit may begin to study, by what it must know first.
    first_steps: knowledge::FirstSteps,
}

impl<'a> Reports<'a> {
    pub fn new(inputs: Inputs<'a>) -> Self {
        Reports::with_index(inputs, Index::new(inputs.log))
    }

    /// [`Reports::new`] with the log's events already indexed (as they
    /// came, while the turn ran): `index` must be the index of
    /// `inputs.log`.
    pub fn with_index(inputs: Inputs<'a>, index: Index) -> Self {
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
        let mut owned: Vec<Vec<StructureId>> = vec![Vec::new(); world.factions.len()];
        for (id, s) in world.structures.iter() {
            if let Some(v) = s.faction.and_then(|f| owned.get_mut(f.index())) {
                v.push(id);
            }
        }
        Reports {
            inputs,
            names: Names::new(world, inputs.rules),
            index,
            eyes: Eyes::new(world, inputs.rules, inputs.log),
            by_faction,
            limits: control::limits(world, inputs.rules),
            lost,
            owned,
            entries: knowledge::Entries::new(inputs.rules),
            first_steps: knowledge::FirstSteps::of(inputs.rules),
        }
    }

    /// What `faction` learns this turn (for [`knowledge::remember`] once
    /// the report is written).
    pub fn discovered(&self, faction: FactionId) -> knowledge::Discovered {
        let mine = self.mine(faction);
        knowledge::discover_in(
            self.inputs.world,
            self.inputs.rules,
            &self.first_steps,
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
        self.model(faction)
            .map_or_else(String::new, |m| text::render(&m))
    }

    /// The JSON report of `faction` (`docs/overlord-report-schema.md`);
    /// an unknown faction gives `null`.
    pub fn json(&self, faction: FactionId) -> Value {
        self.model(faction)
            .and_then(|m| serde_json::to_value(m).ok())
            .unwrap_or(Value::Null)
    }

    /// What the report of `faction` tells; `None` for an unknown faction.
    pub fn model(&self, faction: FactionId) -> Option<model::Report<'a>> {
        self.model_and_discovered(faction).map(|(m, _)| m)
    }

    /// [`Reports::model`] and what the faction learnt (for
    /// [`knowledge::remember`]), the discovery made once for both.
    pub fn model_and_discovered(
        &self,
        faction: FactionId,
    ) -> Option<(model::Report<'a>, knowledge::Discovered)> {
        let Inputs {
            world,
            rules,
            log,
            next_turn,
            press,
        } = self.inputs;
        let f = world.factions.get(faction)?;
        let n = &self.names;
        let mine = self.mine(faction);
        let used: u32 = mine
            .iter()
            .filter_map(|&u| world.units.get(u))
            .map(|u| control::needed(rules, u))
            .sum();
        let limit = self.limits.get(faction.index()).copied().unwrap_or(0);
        let header = faction::header(n, faction, next_turn, (used, limit))?;

        // Global events (OV-REP-006): what no unit of the faction acted
        // in, battles of others it saw, and others' challenges to its
        // title holders (the challengee always gets notice, OV-TTL-005).
        let global: Vec<(u8, String)> = self
            .index
            .seen_by(log, faction)
            .filter(|e| {
                e.unit
                    .is_none_or(|u| world.units.get(u).is_none_or(|x| x.faction != faction))
            })
            .filter(|e| {
                e.unit.is_none()
                    || matches!(
                        e.what,
                        What::BattleFought { .. } | What::Battle { .. } | What::Challenge { .. }
                    )
            })
            .filter_map(|e| Some((e.day, faction_event(n, e)?)))
            .collect();

        // Units (OV-REP-007..017).
        let units = mine
            .iter()
            .filter_map(|&u| {
                Some(model::Unit {
                    actions: self.actions(u, faction),
                    ..unit::of(n, u)?
                })
            })
            .collect();
        // Units lost this turn; one gone in an earlier turn has no events
        // in this one.
        let lost = self
            .lost
            .get(faction.index())
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter(|&&u| self.index.of_unit(log, u).next().is_some())
            .map(|&u| LostUnit {
                unit: n.unit_ref(u),
                now_with: world
                    .units
                    .get(u)
                    .filter(|x| !x.gone)
                    .map(|x| n.faction_ref(x.faction)),
                actions: self.actions(u, faction),
            })
            .collect();

        // Battles (OV-REP-042..045).
        let battles = self
            .index
            .seen_by(log, faction)
            .filter_map(|e| {
                let ours = |u: UnitId| world.units.get(u).is_some_and(|x| x.faction == faction);
                battle::fought(n, e, &ours, f.terse)
            })
            .collect();

        // Structures and vessels (OV-REP-018).
        let structures = self
            .owned
            .get(faction.index())
            .into_iter()
            .flatten()
            .filter_map(|&s| structure::owned(n, s))
            .collect();

        // Locations (OV-REP-019..036).
        let locations = covered(world, log, &self.index, mine)
            .into_iter()
            .filter_map(|at| location::of(n, log, &self.index, &self.eyes, faction, mine, at))
            .collect();

        // The newspaper: signed articles name their faction, rumours no one.
        let newspaper = press
            .iter()
            .map(|p| Article {
                kind: match p.kind {
                    PressKind::Signed => ArticleKind::Signed,
                    PressKind::Rumour => ArticleKind::Rumour,
                },
                lines: p.lines.iter().map(|l| line(l)).collect(),
                author: (p.kind == PressKind::Signed).then(|| n.faction_ref(p.author)),
            })
            .collect();

        let discovered = self.discovered(faction);
        let report = model::Report {
            schema: model::SCHEMA,
            version: model::VERSION,
            header,
            global_events: collapse(&global),
            units,
            lost_units: lost,
            battles,
            structures,
            locations,
            // Knowledge (OV-REP-037..040).
            knowledge: knowledge::of_written(&self.entries, &discovered),
            newspaper,
            template: template::template_of(world, faction, "", mine),
        };
        Some((report, discovered))
    }

    /// A unit's actions by day (OV-REP-017); a level reached is told
    /// after the day's work that reached it.
    /// The action log of unit `u` as `reader` may read it: a unit that
    /// joined the reader this turn shows only what the reader saw, never
    /// its days under its old faction (OV-REP-008).
    fn actions(&self, u: UnitId, reader: FactionId) -> Vec<Line> {
        let mut events: Vec<&crate::turn::log::Event> = self
            .index
            .of_unit(self.inputs.log, u)
            .filter(|e| e.seen_by.binary_search(&reader).is_ok())
            .collect();
        events.sort_by_key(|e| (e.day, matches!(e.what, What::LevelReached { .. })));
        let lines: Vec<(u8, String)> = events
            .into_iter()
            .filter_map(|e| Some((e.day, action(&self.names, e)?)))
            .collect();
        collapse(&lines)
    }
}
