//! A stored report as a page. An Overlord report is laid out from its
//! JSON model (`docs/overlord-report-schema.md`), the same data its text
//! is written from: the header, the faction's events, each unit and each
//! place as a section that opens and closes, battles, structures, the
//! knowledge gained (folded: a first report's is long), the newspaper and
//! the order template. It leads with the faction's units and what each
//! will do (its orders in the template), the first thing a player asks.
//! Places carry their id as an anchor (`#L7`), which the map links to. A
//! report without a model (En Garde!) is shown as its text.

use maud::{Markup, html};
use serde_json::Value;

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

fn n(v: &Value, k: &str) -> i64 {
    v.get(k).and_then(Value::as_i64).unwrap_or(0)
}

fn list<'a>(v: &'a Value, k: &str) -> &'a [Value] {
    v.get(k)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// `Name [id]`.
fn named(v: &Value) -> String {
    match v.get("id").and_then(Value::as_str) {
        Some(id) => format!("{} [{id}]", s(v, "name")),
        None => s(v, "name").to_string(),
    }
}

/// `3 swords [swrd]`.
fn quantity(v: &Value) -> String {
    match v.get("tag").and_then(Value::as_str) {
        Some(t) => format!("{} {} [{t}]", n(v, "count"), s(v, "name")),
        None => format!("{} {}", n(v, "count"), s(v, "name")),
    }
}

fn skill(v: &Value) -> String {
    let level = n(v, "level");
    let id = v.get("id").and_then(Value::as_str).unwrap_or("");
    if level > 0 {
        format!("{} {level} [{id}]", s(v, "name"))
    } else {
        format!("{} [{id}]", s(v, "name"))
    }
}

/// `Day 3 - …` / `Days 1-30 - …`.
fn line(v: &Value) -> String {
    let (d, l) = (n(v, "day"), n(v, "last_day"));
    let when = match (d, l) {
        (0, _) => "Before day 1".to_string(),
        (31, _) => "Month end".to_string(),
        (d, l) if d == l => format!("Day {d}"),
        (d, l) => format!("Days {d}-{l}"),
    };
    format!("{when} - {}", s(v, "text"))
}

fn lines(v: &Value, k: &str) -> Markup {
    html! {
        @let ls = list(v, k);
        @if !ls.is_empty() {
            ul { @for l in ls { li { (line(l)) } } }
        }
    }
}

/// A place's ways out, each with its terrain and days.
fn directions(label: &str, dirs: &[Value], known: &dyn Fn(&str) -> bool) -> Markup {
    html! {
        @if !dirs.is_empty() {
            p { (label) ": "
                @for (i, d) in dirs.iter().enumerate() {
                    @if i > 0 { "; " }
                    (s(d, "direction")) " to " (d.get("to").map(|t| place_link(t, known)).unwrap_or_default()) " (" (s(d, "terrain")) ", "
                    @if d.get("road").and_then(Value::as_bool) == Some(true) { "by road, " }
                    @match d.get("days").and_then(Value::as_i64) {
                        Some(days) => { (days) " days " (s(d, "mode")) }
                        None => { "impassable" }
                    }
                    ")"
                }
            }
        }
    }
}

fn place_link(v: &Value, known: &dyn Fn(&str) -> bool) -> Markup {
    let id = v.get("id").and_then(Value::as_str).unwrap_or("");
    html! {
        @if known(id) { a href={ "#" (id) } { (named(v)) } } @else { (named(v)) }
    }
}

fn ratings(v: &Value) -> String {
    const NAMES: [(&str, &str); 12] = [
        ("initiative", "ini"),
        ("melee", "att"),
        ("missile", "mis"),
        ("defense", "def"),
        ("damage", "dmg"),
        ("ranged_damage", "rng"),
        ("life", "life"),
        ("hits", "hit"),
        ("stealth", "ste"),
        ("observation", "obs"),
        ("mana", "mana"),
        ("control_points", "CP"),
    ];
    NAMES
        .iter()
        .filter(|(k, _)| n(v, k) != 0)
        .map(|(k, short)| format!("{short} {}", n(v, k)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The page body of an Overlord report model.
fn overlord(v: &Value) -> Markup {
    let header = v.get("header").cloned().unwrap_or(Value::Null);
    let here: std::collections::BTreeSet<String> = list(v, "locations")
        .iter()
        .map(|l| s(l, "id").to_string())
        .collect();
    let known = |id: &str| here.contains(id);
    html! {
        section.card {
            h1 { "Turn " (n(&header, "turn")) " report for " (header.get("faction").map(named).unwrap_or_default()) }
            p {
                "Funds: " (header.get("funds").map(quantity).unwrap_or_default())
                @for q in list(&header, "stock") { ", " (quantity(q)) }
                ". "
                "Control points: " (header.get("control_points").map(|c| format!("{} of {}", n(c, "used"), n(c, "limit"))).unwrap_or_default()) ". "
                "Default stance: " (s(&header, "default_stance")) "."
            }
            @let stances = list(&header, "stances");
            @if !stances.is_empty() {
                p { "Stances: "
                    @for (i, st) in stances.iter().enumerate() {
                        @if i > 0 { ", " }
                        (st.get("faction").map(named).unwrap_or_default()) " " (s(st, "stance"))
                    }
                }
            }
            p.muted { "Next turn: " (header.get("next_turn").and_then(Value::as_str).unwrap_or("to be announced")) }
        }
        @let template = s(v, "template");
        @let units = list(v, "units");
        @if !units.is_empty() {
            section.card #your-units {
                h2 { "Your units and what they will do" }
                ul.orders {
                    @for u in units {
                        @let id = s(u, "id");
                        @let will = super::receipt::orders_of_unit(template, id);
                        li data-unit=(id) {
                            a href={ "#" (id) } { (s(u, "name")) " [" (id) "]" }
                            @if let Some(at) = u.get("location").filter(|l| !l.is_null()) { ", at " (named(at)) }
                            ": "
                            @if will.is_empty() { code { "WORK" } " (no order: the default)" }
                            @else { @for (i, o) in will.iter().enumerate() { @if i > 0 { ", " } code { (o) } } }
                        }
                    }
                }
            }
        }
        @if !list(v, "global_events").is_empty() {
            h2 { "Events" }
            (lines(v, "global_events"))
        }
        h2 { "Units" }
        @for u in list(v, "units") {
            details id=(s(u, "id")) {
                summary {
                    (s(u, "name")) " [" (s(u, "id")) "], " (u.get("figures").map(quantity).unwrap_or_default())
                    @if let Some(at) = u.get("location").filter(|l| !l.is_null()) { ", at " (named(at)) }
                }
                div {
                    // The place's link is here, not in the summary: a
                    // link inside a summary is a control inside a control.
                    @if let Some(at) = u.get("location").filter(|l| !l.is_null()) { p { "At " (place_link(at, &known)) "." } }
                    @let possessions = list(u, "possessions");
                    @if !possessions.is_empty() {
                        p { "Has: "
                            @for (i, p) in possessions.iter().enumerate() {
                                @if i > 0 { ", " }
                                (quantity(p))
                                @if n(p, "equipped") > 0 { " (" (n(p, "equipped")) " equipped)" }
                            }
                        }
                    }
                    p {
                        (if u.get("stack_weight").and_then(Value::as_bool).unwrap_or(false) { "Stack weight " } else { "Weight " })
                        (n(u, "weight")) ". Capacity " (u.get("capacity").map(|c| n(c, "walking")).unwrap_or(0)) " walking. Upkeep $" (n(u, "upkeep")) "."
                    }
                    @let skills = list(u, "skills");
                    @if !skills.is_empty() {
                        p { "Skills: " @for (i, k) in skills.iter().enumerate() { @if i > 0 { ", " } (skill(k)) " (" (n(k, "days")) ")" } }
                    }
                    @let learn = list(u, "may_learn");
                    @if !learn.is_empty() {
                        p { "May learn: " @for (i, k) in learn.iter().enumerate() { @if i > 0 { ", " } (skill(k)) } }
                    }
                    @for t in list(u, "titles") {
                        p { "Holds " (t.get("title").map(named).unwrap_or_default()) " at " (t.get("seat").map(|x| place_link(x, &known)).unwrap_or_default()) }
                    }
                    @if let Some(st) = u.get("stats") { p { "Stats: " (ratings(st)) } }
                    p.muted { "Tactic: " (s(u, "tactic")) }
                    (lines(u, "actions"))
                }
            }
        }
        @if !list(v, "lost_units").is_empty() {
            h2 { "Units lost" }
            @for u in list(v, "lost_units") {
                details id=(s(u, "id")) {
                    summary {
                        (s(u, "name")) " [" (s(u, "id")) "]"
                        @if let Some(w) = u.get("now_with").filter(|w| !w.is_null()) { ", now with " (named(w)) }
                    }
                    div { (lines(u, "actions")) }
                }
            }
        }
        @if !list(v, "battles").is_empty() {
            h2 { "Battles" }
            @for b in list(v, "battles") {
                details {
                    summary { "Day " (n(b, "day")) ", at " (b.get("place").map(named).unwrap_or_default()) " (" (s(b, "side")) ")" }
                    div {
                        @if let Some(p) = b.get("place") { p { "At " (place_link(p, &known)) "." } }
                        pre { (s(b, "account")) }
                    }
                }
            }
        }
        @if !list(v, "structures").is_empty() {
            h2 { "Structures and vessels" }
            table {
                tr { th { "Structure" } th { "Kind" } th { "Where" } th { "State" } }
                @for st in list(v, "structures") {
                    tr {
                        td { (s(st, "name")) " [" (s(st, "id")) "]" }
                        td { (s(st, "kind")) }
                        td { (st.get("location").map(|p| place_link(p, &known)).unwrap_or_default()) }
                        td { @if st.get("complete").and_then(Value::as_bool).unwrap_or(true) { "complete" } @else { "under construction" } }
                    }
                }
            }
        }
        h2 { "Places" }
        @for l in list(v, "locations") {
            details id=(s(l, "id")) {
                summary { (s(l, "name")) " [" (s(l, "id")) "], " (s(l, "terrain"))
                    @if let Some(o) = l.get("outer").filter(|o| !o.is_null()) { ", in " (named(o)) }
                }
                div {
                    @if let Some(o) = l.get("outer").filter(|o| !o.is_null()) { p { "In " (place_link(o, &known)) "." } }
                    p.muted { "This month " (s(l, "season")) "; next month " (s(l, "next_season"))
                        @if let Some(f) = l.get("forecast").and_then(Value::as_str) { ", " (f) } "." }
                    @if let Some(p) = l.get("population").filter(|p| !p.is_null()) {
                        p { "Population " (n(p, "population")) ", wages $" (n(p, "wages")) ", taxes $" (n(p, "taxes")) "." }
                    }
                    @for (label, key) in [("For hire", "for_hire"), ("For sale", "for_sale"), ("Buying", "buying")] {
                        @let offers = list(l, key);
                        @if !offers.is_empty() {
                            p { (label) ": " @for (i, o) in offers.iter().enumerate() { @if i > 0 { ", " } (quantity(o)) " at $" (n(o, "price")) } }
                        }
                    }
                    @let res = list(l, "resources");
                    @if !res.is_empty() {
                        p { "Resources: " @for (i, r) in res.iter().enumerate() { @if i > 0 { ", " } (quantity(r)) " of " (n(r, "full")) } }
                    }
                    @for t in list(l, "titles") {
                        p { "Title " (s(t, "name")) " [" (s(t, "id")) "], " (s(t, "rank")) " title (requires " (t.get("requires").map(skill).unwrap_or_default()) "): "
                            @if let Some(h) = t.get("holder").filter(|h| !h.is_null()) { "held by " (named(h)) } @else { "vacant" }
                            ", costs $" (n(t, "cost")) }
                    }
                    (directions("Directions", list(l, "directions"), &known))
                    @if let Some(outer) = l.get("outer_directions").and_then(Value::as_array) {
                        (directions("From the outer location", outer, &known))
                    }
                    (lines(l, "events"))
                    @let units = list(l, "units");
                    @if !units.is_empty() {
                        ul {
                            @for u in units {
                                li class={ "depth-" (n(u, "depth").clamp(1, 6)) } {
                                    (s(u, "marker")) " " (s(u, "name")) " [" (s(u, "id")) "]"
                                    @if let Some(f) = u.get("faction").filter(|f| !f.is_null()) { ", " (named(f)) }
                                    ", " (u.get("figures").map(quantity).unwrap_or_default())
                                    @if u.get("on_guard").and_then(Value::as_bool).unwrap_or(false) { ", on guard" }
                                    @for t in list(u, "titles") { ", " (t.get("title").map(named).unwrap_or_default()) }
                                    @let has = list(u, "possessions");
                                    @if !has.is_empty() { ". Has: " @for (i, p) in has.iter().enumerate() { @if i > 0 { ", " } (quantity(p)) } }
                                }
                            }
                        }
                    }
                    @for i in list(l, "inner") {
                        p { "» " (place_link(i, &known)) ", " (s(i, "terrain")) " (" (n(i, "days")) " day)" }
                    }
                    @for st in list(l, "structures") {
                        p { "» " (s(st, "name")) " [" (s(st, "id")) "], " (s(st, "kind")) }
                    }
                }
            }
        }
        @let knowledge = v.get("knowledge").cloned().unwrap_or(Value::Null);
        @if !list(&knowledge, "items").is_empty() || !list(&knowledge, "skills").is_empty() || !list(&knowledge, "races").is_empty() {
            @let count = list(&knowledge, "items").len() + list(&knowledge, "skills").len() + list(&knowledge, "races").len();
            details #knowledge {
                summary { "New knowledge (" (count) ")" }
                div {
                    @for part in ["items", "skills", "races"] {
                        @for k in list(&knowledge, part) { p { (s(k, "text")) } }
                    }
                }
            }
        }
        @if !list(v, "newspaper").is_empty() {
            h2 { "The newspaper" }
            @for a in list(v, "newspaper") {
                blockquote.card {
                    @for l in list(a, "lines") { (l.as_str().unwrap_or("")) br; }
                    p.muted { @match a.get("author").filter(|x| !x.is_null()) { Some(by) => { "— " (named(by)) } None => { "— a rumour" } } }
                }
            }
        }
        h2 { "Order template" }
        pre { (s(v, "template")) }
    }
}

/// A report of `turn` as a page body: from its model when it has one,
/// else its text under a heading that names it.
pub fn render(text: &str, json: Option<&str>, turn: u32) -> Markup {
    let model: Option<Value> = json.and_then(|j| serde_json::from_str(j).ok());
    match model {
        Some(v) if v.get("schema").and_then(Value::as_str) == Some("umpire-overlord-report") => {
            overlord(&v)
        }
        _ => html! { h1 { "Turn " (turn) " report" } pre { (text) } },
    }
}
