//! A faction's map, drawn on the server as SVG from its own reports and
//! nothing else: every place a report of its showed (the latest report
//! that showed it wins), with its terrain; the places its directions lead
//! to, by terrain alone; settlements, its own units, others it saw, and
//! the titles its units hold. A place the faction never saw is neither
//! drawn nor in the page. Each hex links to the place in the report that
//! last showed it.
//!
//! Hexes are flat-topped in axial coordinates, north is `r - 1`
//! (`umpire_overlord::rules::terrains::Direction::axial_offset`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;

/// What the faction knows of one hex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub id: String,
    pub name: String,
    pub terrain: String,
    /// The report turn it was last shown in, if shown.
    pub shown_in: Option<u32>,
    /// The place's section in that report: the hex's own, or a
    /// settlement's in it when only the settlement was shown.
    pub anchor: String,
    pub settlements: Vec<String>,
    pub own_units: usize,
    pub others_seen: usize,
    pub titles: Vec<String>,
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

fn hex(v: &Value) -> Option<(i32, i32)> {
    let h = v.get("hex")?;
    Some((
        i32::try_from(h.get("q")?.as_i64()?).ok()?,
        i32::try_from(h.get("r")?.as_i64()?).ok()?,
    ))
}

/// Gather the hexes from a seat's reports, oldest first.
pub fn gather(reports: &[(u32, Value)]) -> BTreeMap<(i32, i32), Cell> {
    let mut cells: BTreeMap<(i32, i32), Cell> = BTreeMap::new();
    for (turn, r) in reports {
        let Some(locations) = r.get("locations").and_then(Value::as_array) else {
            continue;
        };
        // What this report saw of each hex replaces what an older one did.
        let mut seen: BTreeMap<(i32, i32), Cell> = BTreeMap::new();
        for l in locations {
            let Some(h) = hex(l) else { continue };
            let inner = l.get("outer").is_some_and(|o| !o.is_null());
            let cell = seen.entry(h).or_default();
            if inner {
                cell.settlements
                    .push(format!("{} [{}]", s(l, "name"), s(l, "id")));
                if let Some(o) = l.get("outer").filter(|_| cell.id.is_empty()) {
                    cell.id = s(o, "id").to_string();
                    cell.name = s(o, "name").to_string();
                    cell.terrain = s(o, "terrain").to_string();
                }
            } else {
                cell.id = s(l, "id").to_string();
                cell.name = s(l, "name").to_string();
                cell.terrain = s(l, "terrain").to_string();
            }
            cell.shown_in = Some(*turn);
            if cell.anchor.is_empty() || !inner {
                cell.anchor = s(l, "id").to_string();
            }
            for u in l
                .get("units")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if s(u, "marker") == "*" {
                    cell.own_units += 1;
                    for t in u
                        .get("titles")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        if let Some(title) = t.get("title") {
                            cell.titles.push(s(title, "name").to_string());
                        }
                    }
                } else {
                    cell.others_seen += 1;
                }
            }
            // The neighbours, by terrain only.
            let outer = l.get("outer_directions").and_then(Value::as_array);
            for d in l
                .get("directions")
                .and_then(Value::as_array)
                .into_iter()
                .chain(outer)
                .flatten()
            {
                let Some(dh) = hex(d) else { continue };
                if dh == h {
                    continue;
                }
                let to = d.get("to").cloned().unwrap_or(Value::Null);
                cells.entry(dh).or_insert_with(|| Cell {
                    id: s(&to, "id").to_string(),
                    name: s(&to, "name").to_string(),
                    terrain: s(d, "terrain").to_string(),
                    ..Cell::default()
                });
            }
        }
        for (h, c) in seen {
            cells.insert(h, c);
        }
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

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The map as SVG; each hex links to `{report}/{turn}#{place}`.
pub fn svg(cells: &BTreeMap<(i32, i32), Cell>, report: &str) -> String {
    const SIZE: f64 = 20.0;
    let s3 = 3f64.sqrt();
    let centre = |q: i32, r: i32| {
        (
            SIZE * 1.5 * f64::from(q),
            SIZE * s3 * (f64::from(r) + f64::from(q) / 2.0),
        )
    };
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(q, r) in cells.keys() {
        let (x, y) = centre(q, r);
        x0 = x0.min(x - SIZE);
        y0 = y0.min(y - SIZE);
        x1 = x1.max(x + SIZE);
        y1 = y1.max(y + SIZE);
    }
    if cells.is_empty() {
        (x0, y0, x1, y1) = (0.0, 0.0, 100.0, 100.0);
    }
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg id="map" class="map" xmlns="http://www.w3.org/2000/svg" viewBox="{:.0} {:.0} {:.0} {:.0}" role="img" aria-label="Map of what the faction knows">"#,
        x0 - 10.0,
        y0 - 10.0,
        x1 - x0 + 20.0,
        y1 - y0 + 20.0
    );
    for (&(q, r), c) in cells {
        let (x, y) = centre(q, r);
        let points: Vec<String> = (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 3.0 * f64::from(k);
                format!("{:.1},{:.1}", x + SIZE * a.cos(), y + SIZE * a.sin())
            })
            .collect();
        let mut title = format!("{} [{}], {}", c.name, c.id, c.terrain);
        for st in &c.settlements {
            let _ = write!(title, "; {st}");
        }
        if c.own_units > 0 {
            let _ = write!(title, "; {} of your units", c.own_units);
        }
        if c.others_seen > 0 {
            let _ = write!(title, "; {} others seen", c.others_seen);
        }
        for t in &c.titles {
            let _ = write!(title, "; your {t}");
        }
        let open = c.shown_in.map(|t| format!("{report}/{t}#{}", c.anchor));
        if let Some(href) = &open {
            let _ = write!(out, r#"<a href="{}">"#, escape(href));
        }
        let _ = write!(
            out,
            r##"<polygon data-place="{}" points="{}" fill="{}" stroke="#8893a2" stroke-width="0.6"{}><title>{}</title></polygon>"##,
            escape(&c.id),
            points.join(" "),
            colour(&c.terrain),
            if c.shown_in.is_none() {
                r#" fill-opacity="0.55""#
            } else {
                ""
            },
            escape(&title)
        );
        if !c.settlements.is_empty() {
            let _ = write!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="8" height="8" fill="#6b3f1d"/>"##,
                x - 4.0,
                y - 4.0
            );
        }
        if c.own_units > 0 {
            let _ = write!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="4" fill="#1f4fbf"/>"##,
                x - 9.0,
                y + 7.0
            );
        }
        if c.others_seen > 0 {
            let _ = write!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="#b3261e"/>"##,
                x + 9.0,
                y + 7.0
            );
        }
        if !c.titles.is_empty() {
            let _ = write!(
                out,
                r##"<path d="M{:.1} {:.1}l3 6h-6z" fill="#d4a017"/>"##,
                x,
                y - 14.0
            );
        }
        if open.is_some() {
            out.push_str("</a>");
        }
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(turn: u32, json: &str) -> (u32, Value) {
        (turn, serde_json::from_str(json).unwrap())
    }

    #[test]
    fn the_latest_report_wins_and_neighbours_are_drawn_by_terrain() {
        let one = report(
            1,
            r#"{"locations":[{"id":"L1","name":"Ford","terrain":"plains","outer":null,"hex":{"q":0,"r":0},
              "units":[{"marker":"*","titles":[]},{"marker":"-","titles":[]}],
              "directions":[{"to":{"id":"L2","name":"Wood"},"terrain":"forest","hex":{"q":0,"r":-1}}]}]}"#,
        );
        let two = report(
            2,
            r#"{"locations":[{"id":"L1","name":"Ford","terrain":"plains","outer":null,"hex":{"q":0,"r":0},"units":[],"directions":[]},
              {"id":"L9","name":"Tarn","terrain":"city","outer":{"id":"L1","name":"Ford","terrain":"plains"},"hex":{"q":0,"r":0},
               "units":[{"marker":"*","titles":[{"title":{"id":"mayo","name":"mayor"}}]}],"directions":[]}]}"#,
        );
        let cells = gather(&[one, two]);
        let ford = &cells[&(0, 0)];
        assert_eq!(ford.shown_in, Some(2));
        assert_eq!(ford.settlements, ["Tarn [L9]"]);
        assert_eq!((ford.own_units, ford.others_seen), (1, 0));
        assert_eq!(ford.titles, ["mayor"]);
        let wood = &cells[&(0, -1)];
        assert_eq!((wood.terrain.as_str(), wood.shown_in), ("forest", None));
        let map = svg(&cells, "/games/g/reports");
        assert!(map.contains(r#"href="/games/g/reports/2#L1""#), "{map}");
        assert_eq!(
            ford.anchor, "L1",
            "the hex's own section wins over its settlement's"
        );
        assert!(!map.contains("#L2\""), "a place never shown has no link");
        assert_eq!(map.matches("<polygon").count(), 2);
    }

    #[test]
    fn a_hex_seen_only_through_its_settlement_links_to_the_settlement() {
        let one = report(
            1,
            r#"{"locations":[{"id":"L9","name":"Tarn","terrain":"city","outer":{"id":"L1","name":"Ford","terrain":"plains"},"hex":{"q":3,"r":1},"units":[],"directions":[]}]}"#,
        );
        let cells = gather(&[one]);
        let ford = &cells[&(3, 1)];
        assert_eq!((ford.id.as_str(), ford.anchor.as_str()), ("L1", "L9"));
        let map = svg(&cells, "/r");
        assert!(map.contains(r#"href="/r/1#L9""#), "{map}");
    }
}
