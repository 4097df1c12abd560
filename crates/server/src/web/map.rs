//! A seat's map, drawn on the server as SVG from the hexes its game gave
//! (`GameKind::map`, gathered from the seat's own reports and nothing
//! else): each with its terrain's colour, its settlements, roads, the
//! seat's own units, others it saw, and the titles its units hold. A place
//! the seat never saw is neither drawn nor in the page. Each hex links to
//! the place in the report that last showed it.
//!
//! Hexes are flat-topped in axial coordinates, north is `r - 1`; a
//! place's coordinates are written `q,r`.
//!
//! To find one's way: every place shown carries its name on the map at a
//! size a phone reads (the map opens on the seat's own units, near
//! enough to read), a legend says what each colour and mark means, zoom
//! buttons stand in for a wheel, and a tap on a hex shows the place's
//! summary with a link to it in the report (without the script, the tap
//! opens the report at once).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use umpire_host::kind::view::{Hex, Hexes};

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The map's part of the page: how much is known, how to move about,
/// the zoom buttons, the SVG, the summary a tap fills and the legend;
/// empty when nothing is known.
pub fn drawn(cells: &Hexes, report: &str, seat_noun: &str) -> String {
    if cells.is_empty() {
        return String::new();
    }
    format!(
        "<p class=\"muted\" id=\"map-help\">{} hexes known. Drag to move; zoom with the buttons or the wheel; tap a hex for its summary. \
         By keyboard: Tab to the map, the arrow keys go from hex to hex, Enter shows a hex's summary, \
         + and − zoom, Shift with an arrow moves the view.</p>\
         <div class=\"row map-tools\" id=\"map-tools\" hidden>\
         <button type=\"button\" class=\"quiet\" data-zoom=\"in\">+ Zoom in</button>\
         <button type=\"button\" class=\"quiet\" data-zoom=\"out\">− Zoom out</button>\
         <button type=\"button\" class=\"quiet\" data-zoom=\"mine\">My units</button>\
         <button type=\"button\" class=\"quiet\" data-zoom=\"all\">Whole map</button>\
         <span class=\"row\" role=\"group\" aria-label=\"Move the view\">\
         <button type=\"button\" class=\"quiet\" data-pan=\"w\" aria-label=\"Move the view west\">←</button>\
         <button type=\"button\" class=\"quiet\" data-pan=\"n\" aria-label=\"Move the view north\">↑</button>\
         <button type=\"button\" class=\"quiet\" data-pan=\"s\" aria-label=\"Move the view south\">↓</button>\
         <button type=\"button\" class=\"quiet\" data-pan=\"e\" aria-label=\"Move the view east\">→</button></span></div>\
         {}<section class=\"card\" id=\"place\" hidden aria-live=\"polite\"></section>{}",
        cells.len(),
        svg(cells, report, seat_noun),
        legend(cells)
    )
}

/// What the colours and marks mean: the terrains this map shows, and
/// every mark.
pub fn legend(cells: &Hexes) -> String {
    // Each terrain once, by its name in lower case, in the colour its
    // game gave it.
    let terrains: BTreeMap<String, &str> = cells
        .values()
        .map(|c| (c.terrain.to_ascii_lowercase(), c.fill))
        .filter(|(t, _)| !t.is_empty())
        .collect();
    let swatch = |inner: &str| {
        format!(
            r#"<svg class="swatch" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">{inner}</svg>"#
        )
    };
    let mut out = String::from(r#"<section class="legend" id="legend"><h2>Legend</h2><ul>"#);
    for (t, fill) in &terrains {
        let _ = write!(
            out,
            "<li>{} {}</li>",
            swatch(&format!(
                r##"<rect width="20" height="20" fill="{fill}" stroke="#8893a2"/>"##
            )),
            escape(t)
        );
    }
    for (mark, words) in [
        (
            r##"<rect width="20" height="20" fill="#d8d8d0" fill-opacity="0.55" stroke="#8893a2"/>"##,
            "faded: a place seen only as a neighbour",
        ),
        (
            r##"<rect x="6" y="6" width="8" height="8" fill="#6b3f1d"/>"##,
            "a settlement",
        ),
        (
            r##"<circle cx="10" cy="10" r="5" fill="#1f4fbf"/>"##,
            "your units",
        ),
        (
            r##"<circle cx="10" cy="10" r="4.5" fill="#b3261e"/>"##,
            "others seen",
        ),
        (
            r##"<path d="M10 4l5 10h-10z" fill="#d4a017"/>"##,
            "a title you hold",
        ),
        (
            r##"<path d="M1 10H19" stroke="#7a4b1e" stroke-width="2.5" stroke-dasharray="5 3"/>"##,
            "a road",
        ),
    ] {
        let _ = write!(out, "<li>{} {words}</li>", swatch(mark));
    }
    out.push_str("<li>q,r: a place's coordinates (north is r − 1)</li></ul></section>");
    out
}

/// The map as SVG; each hex links to `{report}/{turn}#{place}`. The map
/// is of what a `seat_noun` (a faction) knows.
pub fn svg(cells: &Hexes, report: &str, seat_noun: &str) -> String {
    // The whole map, and a view near the faction's own units (the
    // centre of them), narrow enough for a phone to read the names.
    let all = whole_view(cells);
    let (fx, fy) = focus(cells, all);
    let (vw, vh) = (FOCUS_WIDTH.min(all.2), (FOCUS_WIDTH * 1.2).min(all.3));
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg id="map" class="map" xmlns="http://www.w3.org/2000/svg" viewBox="{:.0} {:.0} {:.0} {:.0}" data-all="{:.0} {:.0} {:.0} {:.0}" data-focus="{fx:.0} {fy:.0}" role="group" aria-roledescription="map" aria-label="Map of what the {} knows" aria-describedby="map-help">"#,
        fx - vw / 2.0,
        fy - vh / 2.0,
        vw,
        vh,
        all.0,
        all.1,
        all.2,
        all.3,
        escape(seat_noun)
    );
    // One hex takes Tab (the one nearest the opening view's centre); the
    // arrow keys lead from it to the others (a roving tabindex).
    let first = cells
        .keys()
        .map(|&(q, r)| {
            let (x, y) = centre(q, r);
            ((x - fx).powi(2) + (y - fy).powi(2), (q, r))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, h)| h);
    let mut labels = String::new();
    for (&(q, r), c) in cells {
        write_hex(&mut out, (q, r), c, report, first == Some((q, r)));
        // The name of every place shown, and its coordinates, over the
        // hexes (drawn after them all, so no hex covers a name).
        write_label(&mut labels, (q, r), c);
    }
    // Roads over the hexes, centre to centre, each once; clicks go
    // through to the hexes.
    let roads = roads_path(cells);
    if !roads.is_empty() {
        let _ = write!(
            out,
            r##"<path class="roads" d="{roads}" stroke="#7a4b1e" stroke-width="2.5" stroke-dasharray="5 3" fill="none" pointer-events="none"/>"##
        );
    }
    if !labels.is_empty() {
        let _ = write!(
            out,
            r#"<g class="labels" pointer-events="none">{labels}</g>"#
        );
    }
    out.push_str("</svg>");
    out
}

/// A hex's radius, centre to corner, in the map's units.
const SIZE: f64 = 20.0;

/// The centre of hex `q,r` in the map's units.
fn centre(q: i32, r: i32) -> (f64, f64) {
    let s3 = 3f64.sqrt();
    (
        SIZE * 1.5 * f64::from(q),
        SIZE * s3 * (f64::from(r) + f64::from(q) / 2.0),
    )
}

/// The view box (x, y, width, height) of the whole map, with a margin.
fn whole_view(cells: &Hexes) -> (f64, f64, f64, f64) {
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
    (x0 - 10.0, y0 - 10.0, x1 - x0 + 20.0, y1 - y0 + 20.0)
}

/// Where the opening view is centred: on the faction's own units, or on
/// the whole map when it has none.
fn focus(cells: &Hexes, all: (f64, f64, f64, f64)) -> (f64, f64) {
    let mine: Vec<(f64, f64)> = cells
        .iter()
        .filter(|(_, c)| c.own_units > 0)
        .map(|(&(q, r), _)| centre(q, r))
        .collect();
    if mine.is_empty() {
        (all.0 + all.2 / 2.0, all.1 + all.3 / 2.0)
    } else {
        let n = mine.len() as f64;
        (
            mine.iter().map(|p| p.0).sum::<f64>() / n,
            mine.iter().map(|p| p.1).sum::<f64>() / n,
        )
    }
}

/// What is known of a hex, in words: its name, terrain, place, and what
/// stands there.
fn hex_title(c: &Hex, (q, r): (i32, i32)) -> String {
    let mut title = format!("{} [{}], {}, at {q},{r}", c.name, c.id, c.terrain);
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
    title
}

/// One hex: a control reachable by keyboard (`tabbable` is the one that
/// takes Tab), its shape coloured by terrain, and its marks.
fn write_hex(out: &mut String, (q, r): (i32, i32), c: &Hex, report: &str, tabbable: bool) {
    let (x, y) = centre(q, r);
    let points: Vec<String> = (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * f64::from(k);
            format!("{:.1},{:.1}", x + SIZE * a.cos(), y + SIZE * a.sin())
        })
        .collect();
    let title = hex_title(c, (q, r));
    // Every hex is a control one can reach by keyboard: a place shown
    // links to the report; a neighbour seen only by its terrain is a
    // button whose summary says what is known of it.
    let open = c.shown_in.map(|t| format!("{report}/{t}#{}", c.anchor));
    let _ = write!(
        out,
        r#"<a class="hex" data-q="{q}" data-r="{r}" data-x="{x:.1}" data-y="{y:.1}" tabindex="{}" aria-label="{}"{}>"#,
        if tabbable { 0 } else { -1 },
        escape(&title),
        match &open {
            Some(href) => format!(
                r#" href="{}" data-turn="{}""#,
                escape(href),
                c.shown_in.unwrap_or(0)
            ),
            None => r#" role="button""#.to_string(),
        }
    );
    let _ = write!(
        out,
        r##"<polygon data-place="{}" points="{}" fill="{}" stroke="#8893a2" stroke-width="0.6"{}><title>{}</title></polygon>"##,
        escape(&c.id),
        points.join(" "),
        c.fill,
        if c.shown_in.is_none() {
            r#" fill-opacity="0.55""#
        } else {
            ""
        },
        escape(&title)
    );
    write_marks(out, c, (x, y));
    out.push_str("</a>");
}

/// The name of a place shown and its coordinates, to draw over the hexes.
fn write_label(labels: &mut String, (q, r): (i32, i32), c: &Hex) {
    if c.shown_in.is_none() || c.name.is_empty() {
        return;
    }
    let (x, y) = centre(q, r);
    let _ = write!(
        labels,
        r#"<text class="label" x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="{LABEL:.0}">{}</text><text class="coord" x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="{COORD:.0}">{q},{r}</text>"#,
        y + 1.0,
        escape(&short_name(&c.name)),
        y + 9.0
    );
}

/// A hex's marks around its centre: a settlement, the faction's own
/// units, others seen, a title held.
fn write_marks(out: &mut String, c: &Hex, (x, y): (f64, f64)) {
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
}

/// The roads' path data, centre to centre, each road once.
fn roads_path(cells: &Hexes) -> String {
    let mut roads = String::new();
    for (&(q, r), c) in cells {
        for &(dq, dr) in &c.roads {
            let back = cells
                .get(&(dq, dr))
                .is_some_and(|d| d.roads.contains(&(q, r)));
            if back && (dq, dr) < (q, r) {
                continue;
            }
            let ((x, y), (x2, y2)) = (centre(q, r), centre(dq, dr));
            let _ = write!(roads, "M{x:.1} {y:.1}L{x2:.1} {y2:.1}");
        }
    }
    roads
}

/// How wide (in the map's units) the opening view is: about eight hexes,
/// so that on a 390-pixel phone a name is drawn over 11 pixels high.
const FOCUS_WIDTH: f64 = 240.0;
/// A place name's size, and its coordinates', in the map's units.
const LABEL: f64 = 7.0;
const COORD: f64 = 5.0;

/// A name short enough to sit on its hex.
fn short_name(name: &str) -> String {
    const MOST: usize = 10;
    if name.chars().count() <= MOST {
        return name.to_string();
    }
    let mut s: String = name.chars().take(MOST - 1).collect();
    s.push('…');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(turn: u32, json: &str) -> (u32, String) {
        (turn, json.to_string())
    }

    /// The hexes the game of these reports gathers from them (the
    /// reports are in Overlord's schema).
    fn gather(reports: &[(u32, String)]) -> Hexes {
        umpire_host::kind::kind("overlord").unwrap().map(reports)
    }

    fn svg(cells: &Hexes, report: &str) -> String {
        super::svg(cells, report, "faction")
    }

    fn drawn(cells: &Hexes, report: &str) -> String {
        super::drawn(cells, report, "faction")
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
    fn a_road_is_drawn_once_between_the_hexes_it_joins() {
        let one = report(
            1,
            r#"{"locations":[
              {"id":"L1","name":"Ford","terrain":"plains","outer":null,"hex":{"q":0,"r":0},"units":[],
               "directions":[{"to":{"id":"L2","name":"Wood"},"terrain":"forest","road":true,"hex":{"q":0,"r":-1}},
                             {"to":{"id":"L3","name":"Fen"},"terrain":"swamp","road":false,"hex":{"q":1,"r":0}}]},
              {"id":"L2","name":"Wood","terrain":"forest","outer":null,"hex":{"q":0,"r":-1},"units":[],
               "directions":[{"to":{"id":"L1","name":"Ford"},"terrain":"plains","road":true,"hex":{"q":0,"r":0}}]}]}"#,
        );
        let cells = gather(&[one]);
        assert_eq!(cells[&(0, 0)].roads, [(0, -1)]);
        assert_eq!(cells[&(0, -1)].roads, [(0, 0)]);
        assert!(cells[&(1, 0)].roads.is_empty());
        let map = svg(&cells, "/r");
        let roads = attribute_of(&map, r#"class="roads" d=""#);
        assert_eq!(roads.matches('M').count(), 1, "{map}");
        // Without roads, no road is drawn.
        let plain = report(
            1,
            r#"{"locations":[{"id":"L1","name":"Ford","terrain":"plains","outer":null,"hex":{"q":0,"r":0},"units":[],
               "directions":[{"to":{"id":"L2","name":"Wood"},"terrain":"forest","road":false,"hex":{"q":0,"r":-1}}]}]}"#,
        );
        assert!(!svg(&gather(&[plain]), "/r").contains("roads"));
    }

    fn attribute_of<'a>(page: &'a str, prefix: &str) -> &'a str {
        let at = page
            .find(prefix)
            .map(|i| i + prefix.len())
            .unwrap_or(page.len());
        let rest = &page[at..];
        &rest[..rest.find('"').unwrap_or(rest.len())]
    }

    #[test]
    fn places_shown_are_named_with_their_coordinates_and_the_legend_says_what_is_drawn() {
        let one = report(
            1,
            r#"{"locations":[{"id":"L1","name":"Fordingbridge Marsh","terrain":"swamp","outer":null,"hex":{"q":2,"r":-1},
              "units":[{"marker":"*","titles":[]}],
              "directions":[{"to":{"id":"L2","name":"Wood"},"terrain":"forest","hex":{"q":2,"r":-2}}]}]}"#,
        );
        let cells = gather(&[one]);
        let map = svg(&cells, "/r");
        // The place shown is named (cut to fit its hex) with its
        // coordinates; a neighbour seen only by its terrain is not.
        assert!(map.contains(">Fordingbr…</text>"), "{map}");
        assert!(map.contains(">2,-1</text>"), "{map}");
        assert!(!map.contains(">Wood</text>"), "{map}");
        assert!(
            map.contains("Fordingbridge Marsh [L1], swamp, at 2,-1"),
            "{map}"
        );
        // It opens on the faction's units.
        assert!(map.contains(r#"data-focus="60 0""#), "{map}");
        let page = drawn(&cells, "/r");
        for words in [
            "swamp",
            "forest",
            "a settlement",
            "your units",
            "a road",
            "coordinates",
        ] {
            assert!(page.contains(words), "{words}: {page}");
        }
        assert!(page.contains("data-zoom=\"in\"") && page.contains("data-zoom=\"out\""));
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
