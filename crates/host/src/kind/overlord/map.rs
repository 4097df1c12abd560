//! A faction's map from its own reports and nothing else: every place a
//! report of its showed (the latest report that showed it wins), with its
//! terrain; the places its directions lead to, by terrain alone;
//! settlements, roads, its own units, others it saw, and the titles its
//! units hold. A place the faction never saw is not on it. Each hex names
//! the place in the report that last showed it.
//!
//! Hexes are flat-topped in axial coordinates, north is `r - 1`
//! (`umpire_overlord::rules::terrains::Direction::axial_offset`).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::kind::view::{Hex, Hexes};

/// What the map reads of one report: the report schema's `locations`,
/// and of each only what is drawn (the rest of the JSON is skipped
/// unread).
#[derive(Debug, Default, Deserialize)]
pub struct Seen {
    #[serde(default)]
    locations: Vec<Location>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Location {
    id: String,
    name: String,
    terrain: String,
    /// Set for a settlement: the hex it lies in.
    outer: Option<Place>,
    hex: Option<At>,
    units: Vec<UnitSeen>,
    directions: Vec<Direction>,
    outer_directions: Option<Vec<Direction>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Place {
    id: String,
    name: String,
    terrain: String,
}

#[derive(Clone, Copy, Debug, Deserialize)]
struct At {
    q: i32,
    r: i32,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct UnitSeen {
    marker: String,
    titles: Vec<TitleHeld>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct TitleHeld {
    title: Option<Place>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Direction {
    to: Option<Place>,
    terrain: String,
    road: bool,
    hex: Option<At>,
}

/// Read a report's JSON for the map; None when it is not a report.
pub fn read(json: &str) -> Option<Seen> {
    serde_json::from_str(json).ok()
}

/// Gather the hexes from a seat's reports, oldest first.
pub fn gather(reports: &[(u32, Seen)]) -> Hexes {
    let mut cells: Hexes = BTreeMap::new();
    for (turn, r) in reports {
        // What this report saw of each hex replaces what an older one did.
        let mut seen: Hexes = BTreeMap::new();
        for l in &r.locations {
            let Some(At { q, r: rr }) = l.hex else {
                continue;
            };
            let h = (q, rr);
            let cell = seen.entry(h).or_default();
            match &l.outer {
                Some(o) => {
                    cell.settlements.push(format!("{} [{}]", l.name, l.id));
                    if cell.id.is_empty() {
                        cell.id.clone_from(&o.id);
                        cell.name.clone_from(&o.name);
                        cell.terrain.clone_from(&o.terrain);
                    }
                }
                None => {
                    cell.id.clone_from(&l.id);
                    cell.name.clone_from(&l.name);
                    cell.terrain.clone_from(&l.terrain);
                }
            }
            cell.shown_in = Some(*turn);
            if cell.anchor.is_empty() || l.outer.is_none() {
                cell.anchor.clone_from(&l.id);
            }
            for u in &l.units {
                if u.marker == "*" {
                    cell.own_units += 1;
                    cell.titles.extend(
                        u.titles
                            .iter()
                            .filter_map(|t| t.title.as_ref())
                            .map(|t| t.name.clone()),
                    );
                } else {
                    cell.others_seen += 1;
                }
            }
            // The neighbours, by terrain only.
            for d in l
                .directions
                .iter()
                .chain(l.outer_directions.iter().flatten())
            {
                let Some(At { q, r: rr }) = d.hex else {
                    continue;
                };
                let dh = (q, rr);
                if dh == h {
                    continue;
                }
                if d.road {
                    let roads = &mut seen.entry(h).or_default().roads;
                    if !roads.contains(&dh) {
                        roads.push(dh);
                    }
                }
                if cells.contains_key(&dh) {
                    continue;
                }
                let (id, name) = d.to.as_ref().map_or((String::new(), String::new()), |t| {
                    (t.id.clone(), t.name.clone())
                });
                cells.insert(
                    dh,
                    Hex {
                        id,
                        name,
                        terrain: d.terrain.clone(),
                        ..Hex::default()
                    },
                );
            }
        }
        cells.extend(seen);
    }
    for h in cells.values_mut() {
        h.fill = colour(&h.terrain);
    }
    cells
}

/// A terrain's colour.
fn colour(terrain: &str) -> &'static str {
    match terrain.to_ascii_lowercase().as_str() {
        "ocean" | "sea" | "lake" => "#7fa7d1",
        "plains" | "plain" => "#cfe3a0",
        "forest" => "#6e9f5a",
        "jungle" => "#4f8a45",
        "hills" | "hill" => "#c9b27c",
        "mountains" | "mountain" => "#a89b8c",
        "desert" => "#ecd79a",
        "swamp" => "#8fa27a",
        "tundra" => "#dfe6e8",
        "city" | "village" => "#d9c3a5",
        _ => "#d8d8d0",
    }
}

/// A seat's map from its reports' JSON, oldest first; a document that is
/// not a report is passed over.
pub fn hexes(reports: &[(u32, String)]) -> Hexes {
    let seen: Vec<(u32, Seen)> = reports
        .iter()
        .filter_map(|(t, j)| Some((*t, read(j)?)))
        .collect();
    gather(&seen)
}
