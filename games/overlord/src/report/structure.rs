//! The structures part of a faction's report (OV-REP-018): each building
//! and vessel it owns, where it is, a vessel's cargo, weight and hull
//! capacity, and whether it is still being built.
//!
//! ```text
//! High Eagle Fort [B3] fort at Massada [L278].
//!
//! Sea Hawk [B4] longship at Massada Bay [L282].
//!   Cargo: 20 swords [swrd]. Weight 1520. Hull: Capacity 0, swimming 5000.
//!   Under construction.
//! ```

use std::fmt::Write as _;

use crate::figures::load::Load;
use crate::rules::ItemId;
use crate::world::{StructureId, UnitId};

use super::model::{OwnedStructure, Vessel};
use super::names::Names;
use super::unit::{capacities, capacity};

/// What the report tells of structure `id`; `None` for one the world
/// does not hold.
pub fn owned<'a>(n: &Names<'a>, id: StructureId) -> Option<OwnedStructure<'a>> {
    let (world, rules) = (n.world, n.rules);
    let s = world.structures.get(id)?;
    let vessel = rules
        .constructions
        .get(s.kind)
        .and_then(|c| c.vessel.as_ref())
        .map(|v| {
            let aboard: Vec<UnitId> = world
                .locations
                .get(s.location)
                .map(|l| {
                    l.units
                        .iter()
                        .copied()
                        .filter(|&u| world.units.get(u).is_some_and(|x| x.structure == Some(id)))
                        .collect()
                })
                .unwrap_or_default();
            let mut cargo: Vec<(ItemId, u64)> = Vec::new();
            for u in aboard.iter().filter_map(|&u| world.units.get(u)) {
                for h in u.items.iter().filter(|h| h.count > 0) {
                    match cargo.iter_mut().find(|(i, _)| *i == h.item) {
                        Some(c) => c.1 += h.count,
                        None => cargo.push((h.item, h.count)),
                    }
                }
            }
            Vessel {
                cargo: cargo.iter().map(|&(i, c)| n.quantity(i, c)).collect(),
                weight: Load::of_units(rules, world, aboard.iter().copied()).weight(),
                hull: capacity(&Load::of_hull(&v.capacity)),
            }
        });
    Some(OwnedStructure {
        structure: n.structure_ref(id),
        kind: n.construction(s.kind),
        location: n.place_ref(s.location),
        vessel,
        complete: s.complete,
    })
}

/// A structure's lines, the last without its line end.
pub fn render(s: &OwnedStructure<'_>, out: &mut String) {
    let _ = write!(out, "{} {} at {}.", s.structure, s.kind, s.location);
    if let Some(v) = &s.vessel {
        let cargo = if v.cargo.is_empty() {
            "nothing".to_string()
        } else {
            v.cargo
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = write!(
            out,
            "\n  Cargo: {cargo}. Weight {}. Hull: {}",
            v.weight,
            capacities(&v.hull)
        );
    }
    if !s.complete {
        out.push_str("\n  Under construction.");
    }
}
