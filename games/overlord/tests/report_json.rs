//! The JSON faction report: the same facts as the text
//! report, since both are laid out from one model
//! (`report::model`). Checked on the hand-built world of `report_full.rs`
//! (copied here) and on the imported alpha game after a turn: the units,
//! lost units, locations and who is seen in each, funds, control points
//! and knowledge agree with the text, and nothing the text hides (a
//! stealthy unit, another faction's coins) is in the JSON.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[path = "common/game.rs"]
mod game;
#[path = "common/small_world.rs"]
mod small_world;

use std::collections::BTreeSet;

use game::{Game, rules};
use serde_json::{Value, json};
use umpire_overlord::legacy::world::import;
use umpire_overlord::report::model::{SCHEMA, VERSION};
use umpire_overlord::report::text::{Inputs, Reports};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::economy::rewards::Published;
use umpire_overlord::turn::{TurnLog, run_turn};
use umpire_overlord::world::World;

/// The world of `report_full.rs` (`common/small_world.rs`).
fn scenario() -> (Game, TurnLog) {
    let s = small_world::scenario();
    (s.g, s.log)
}

fn reports<'a>(
    w: &'a World,
    rules: &'a Rules,
    log: &'a TurnLog,
    press: &'a [Published],
) -> Reports<'a> {
    Reports::new(Inputs {
        world: w,
        rules,
        log,
        next_turn: "Sunday 6 December",
        press,
    })
}

/// The ids of a list of objects, in order.
fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap().to_string())
        .collect()
}

/// The part of the text from its `// NAME` line to the next part.
fn part<'t>(text: &'t str, name: &str) -> &'t str {
    let head = format!("\n// {name}\n");
    let Some(at) = text.find(&head) else {
        return "";
    };
    let rest = &text[at + head.len()..];
    rest.find("\n// ").map_or(rest, |end| &rest[..end])
}

/// The first `[U12]`-like id of `prefix` in a line.
fn first_id(line: &str, prefix: char) -> Option<String> {
    let at = line.find(&format!("[{prefix}"))?;
    let rest = &line[at + 1..];
    let end = rest.find(']')?;
    let id = &rest[..end];
    id[1..]
        .chars()
        .all(|c| c.is_ascii_digit())
        .then(|| id.to_string())
}

/// Every string under an `"id"` key anywhere in `v`.
fn all_ids(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k == "id"
                    && let Some(s) = x.as_str()
                {
                    out.insert(s.to_string());
                }
                all_ids(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| all_ids(x, out)),
        _ => {}
    }
}

/// Check that `json` tells the facts `text` tells; returns how many
/// units-present lines were matched.
fn facts_match(text: &str, json: &Value) -> usize {
    // Header: faction, funds, control points.
    let faction = json["header"]["faction"]["id"].as_str().unwrap();
    let first = text.lines().next().unwrap();
    assert!(first.contains(&format!(" [{faction}]")), "{first}");
    let funds = json["header"]["funds"]["count"].as_u64().unwrap();
    assert!(
        text.contains(&format!("\nFaction funds:\n{funds} ")),
        "{faction}: funds {funds}"
    );
    let cp = &json["header"]["control_points"];
    assert!(
        text.contains(&format!(
            "\nControl Points: {} of {}\n",
            cp["used"], cp["limit"]
        )),
        "{faction}: {cp}"
    );

    // Units and lost units: the same ids as the text's headers, in order.
    let units = part(text, "Units");
    let (mut headers, mut lost) = (Vec::new(), Vec::new());
    for line in units.lines() {
        if line.is_empty() || line.starts_with(' ') || line.ends_with("'s actions:") {
            continue;
        }
        let id = first_id(line, 'U').unwrap();
        if line.ends_with(" (gone)") || line.contains(" (now with ") {
            lost.push(id);
        } else {
            headers.push(id);
        }
    }
    assert_eq!(ids(&json["units"]), headers, "{faction}");
    assert_eq!(ids(&json["lost_units"]), lost, "{faction}");

    // Battles: one account each, statistics for the winners.
    let battles = json["battles"].as_array().unwrap();
    assert_eq!(
        battles.len(),
        part(text, "Battles").matches("\nBattle at ").count(),
        "{faction}"
    );
    assert_eq!(
        battles
            .iter()
            .filter(|b| !b["statistics"].is_null())
            .count(),
        text.matches("\nBattle statistics:\n").count(),
        "{faction}"
    );

    // Locations: a section for each, in order, and who is seen there.
    let places = part(text, "Locations");
    let sections: Vec<&str> = places
        .split("\n\n")
        .map(|s| s.trim_start_matches('\n'))
        .filter(|s| !s.is_empty())
        .collect();
    let locations = json["locations"].as_array().unwrap();
    assert_eq!(
        sections
            .iter()
            .map(|s| first_id(s.lines().next().unwrap(), 'L').unwrap())
            .collect::<Vec<_>>(),
        ids(&json["locations"]),
        "{faction}"
    );
    let mut matched = 0;
    for (section, l) in sections.iter().zip(locations) {
        let listed: Vec<&str> = section
            .lines()
            .skip_while(|x| *x != "Units:")
            .skip(1)
            .take_while(|x| x.starts_with(' '))
            .collect();
        let present = l["units"].as_array().unwrap();
        assert_eq!(listed.len(), present.len(), "{faction} {}", l["id"]);
        for (line, p) in listed.iter().zip(present) {
            let depth = p["depth"].as_u64().unwrap() as usize;
            let start = format!(
                "{}{} {} [{}]",
                "  ".repeat(depth),
                p["marker"].as_str().unwrap(),
                p["name"].as_str().unwrap(),
                p["id"].as_str().unwrap()
            );
            assert!(line.starts_with(&start), "{line:?} for {start:?}");
            assert_eq!(line.ends_with(" Leading:"), p["leading"] == json!(true));
            matched += 1;
        }
    }

    // Knowledge: as many entries, each its text's paragraph.
    let knowledge = part(text, "Knowledge");
    let entries = |from: &str, to: &str| -> Vec<&str> {
        knowledge
            .split(from)
            .nth(1)
            .map(|s| s.split(to).next().unwrap_or(s))
            .unwrap_or("")
            .lines()
            .filter(|x| !x.is_empty())
            .collect()
    };
    let items = entries("Item knowledge:\n", "Skill knowledge:");
    let skills = entries("Skill knowledge:\n", "Race knowledge:");
    let races = entries("Race knowledge:\n", "\u{0}");
    let texts = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|e| e["text"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(texts(&json["knowledge"]["items"]), items, "{faction}");
    assert_eq!(texts(&json["knowledge"]["skills"]), skills, "{faction}");
    assert_eq!(texts(&json["knowledge"]["races"]), races, "{faction}");

    // The template ends the text.
    assert!(text.ends_with(json["template"].as_str().unwrap()));

    // Nothing the text hides: every unit, faction and place the JSON
    // names, the text names too.
    let mut named = BTreeSet::new();
    all_ids(json, &mut named);
    for id in named.iter().filter(|id| {
        let mut c = id.chars();
        matches!(c.next(), Some('U' | 'L' | 'B' | 'f')) && c.all(|c| c.is_ascii_digit())
    }) {
        assert!(
            text.contains(&format!("[{id}]")),
            "{faction}: {id} is only in the JSON"
        );
    }
    matched
}

#[test]
fn ov_rep_json_version_1_with_the_documented_top_level_keys() {
    let (g, log) = scenario();
    let press = small_world::press(&g);
    let json = reports(&g.w, rules(), &log, &press).json(g.faction(1));
    assert_eq!(json["schema"], "umpire-overlord-report");
    assert_eq!(json["version"], 1);
    assert_eq!((SCHEMA, VERSION), ("umpire-overlord-report", 1));
    let keys: BTreeSet<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "schema",
            "version",
            "header",
            "global_events",
            "units",
            "lost_units",
            "battles",
            "structures",
            "locations",
            "knowledge",
            "newspaper",
            "template",
        ])
    );
    // A faction not in the world has no report.
    let none =
        reports(&g.w, rules(), &log, &press).json(umpire_overlord::world::FactionId::new(99));
    assert_eq!(none, Value::Null);
}

/// The small world's header for the Wolves: game, turn, funds, stances.
fn header_tells_the_wolves(h: &Value) {
    assert_eq!(h["game"], "test");
    assert_eq!(h["turn"], 1);
    assert_eq!(h["faction"], json!({"id": "f01", "name": "Wolves"}));
    assert_eq!(h["email"], "wolves@example.org");
    assert_eq!(h["next_turn"], "Sunday 6 December");
    assert_eq!(
        h["funds"],
        json!({"count": 850, "name": "coins", "tag": "coin"})
    );
    assert_eq!(h["control_points"], json!({"used": 3, "limit": 200}));
    assert_eq!(h["default_stance"], "neutral");
    assert_eq!(h["stances"], json!([]));
}

/// Ulric, who studied combat this month, with all a unit's report holds.
fn ulric_is_told_in_full(ulric: &Value) {
    assert_eq!(ulric["name"], "Ulric");
    assert_eq!(ulric["location"], json!({"id": "L1", "name": "Place 1"}));
    assert_eq!(
        ulric["figures"],
        json!({"count": 1, "name": "leader", "tag": "ldr"})
    );
    assert_eq!(
        ulric["possessions"],
        json!([{"count": 1, "name": "horse", "tag": "hrse", "equipped": 1}])
    );
    assert_eq!(ulric["weight"], 1730);
    assert_eq!(ulric["stack_weight"], true);
    assert_eq!(
        ulric["capacity"],
        json!({"walking": 2220, "riding": 200, "flying": 0, "swimming": 0, "climbing": 0})
    );
    assert_eq!(
        ulric["skills"],
        json!([{"id": "cmbt", "name": "combat", "level": 1, "days": 30}])
    );
    assert_eq!(ulric["may_learn"].as_array().unwrap().len(), 21);
    assert_eq!(
        ulric["may_learn"][1],
        json!({"id": "cmbt", "name": "combat", "level": 2})
    );
    assert_eq!(ulric["stats"]["initiative"], 3);
    assert_eq!(ulric["stats"]["life"], 3);
    assert_eq!(ulric["stats"]["melee"], 0);
    assert_eq!(ulric["stats"]["control_points"], 1);
    assert_eq!(ulric["tactic"], "FIGHT FRONT CENTER CHARGE");
    assert_eq!(ulric["combat"], json!([]));
    assert_eq!(ulric["upkeep"], 20);
    assert_eq!(
        ulric["actions"],
        json!([
            {"day": 1, "last_day": 30, "text": "studies combat [cmbt]"},
            {"day": 30, "last_day": 30, "text": "achieves 1st combat [cmbt]"},
            {"day": 31, "last_day": 31, "text": "pays 20 coins of upkeep"},
        ])
    );
}

/// Place 1: the way south, the Scout's departure, who is seen and what
/// of them.
fn place_1_is_told_as_seen(l1: &Value) {
    assert_eq!(l1["terrain"], "plains");
    assert_eq!(l1["outer"], Value::Null);
    assert_eq!(
        (&l1["season"], &l1["next_season"], &l1["forecast"]),
        (&json!("Spring"), &json!("Spring"), &json!("fair"))
    );
    assert_eq!(l1["population"], Value::Null);
    assert_eq!(l1["market_days"], Value::Null);
    assert_eq!(
        l1["directions"],
        json!([{
            "direction": "South",
            "to": {"id": "L2", "name": "Place 2"},
            "terrain": "plains",
            "road": false,
            "days": 9,
            "mode": "walking",
            // This hand-made world is not laid out on the hex grid.
            "hex": null
        }])
    );
    assert_eq!(l1["hex"], Value::Null);
    assert_eq!(l1["outer_directions"], Value::Null);
    assert_eq!(
        l1["events"][0]["text"],
        "Scout [U3] of Wolves [f01], 1 leader [ldr], departs to Place 2 [L2]."
    );
    let seen: Vec<(String, String, u64, bool)> = l1["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["marker"].as_str().unwrap().to_string(),
                p["id"].as_str().unwrap().to_string(),
                p["depth"].as_u64().unwrap(),
                p["leading"].as_bool().unwrap(),
            )
        })
        .collect();
    let row = |m: &str, id: &str, d, l| (m.to_string(), id.to_string(), d, l);
    assert_eq!(
        seen,
        [
            row("*", "U1", 1, true),
            row("*", "U2", 2, false),
            row("-", "U6", 2, false),
            row("-", "U4", 1, false),
        ]
    );
    assert_eq!(
        l1["units"][0]["faction"],
        json!({"id": "f01", "name": "Wolves"})
    );
    assert_eq!(
        l1["units"][0]["possessions"],
        json!([{"count": 1, "name": "horse", "tag": "hrse"}])
    );
    // OV-REP-049, 051: the Merchant's sword, not its coins nor faction.
    let merchant = &l1["units"][3];
    assert_eq!(merchant["faction"], Value::Null);
    assert_eq!(
        merchant["possessions"],
        json!([{"count": 1, "name": "sword", "tag": "swrd"}])
    );
    assert_eq!(merchant["on_guard"], false);
    assert_eq!(merchant["guard_stance"], Value::Null);
}

#[test]
fn ov_rep_json_tells_the_small_worlds_facts_as_the_text_does() {
    let (g, log) = scenario();
    let press = small_world::press(&g);
    let all = reports(&g.w, rules(), &log, &press);
    let (text, json) = (all.report(g.faction(1)), all.json(g.faction(1)));
    assert_eq!(facts_match(&text, &json), 5);

    header_tells_the_wolves(&json["header"]);

    assert_eq!(ids(&json["units"]), ["U1", "U2", "U3"]);
    ulric_is_told_in_full(&json["units"][0]);
    assert_eq!(json["units"][1]["stack_weight"], false);
    assert_eq!(json["lost_units"], json!([]));
    assert_eq!(json["battles"], json!([]));
    assert_eq!(json["structures"], json!([]));
    assert_eq!(
        json["global_events"][1],
        json!({"day": 1, "last_day": 1, "text": "control points checked: 3 needed of 200"})
    );

    // Place 1: the way south, the Scout's departure, who is seen.
    assert_eq!(ids(&json["locations"]), ["L1", "L2"]);
    place_1_is_told_as_seen(&json["locations"][0]);

    // Knowledge and the press.
    assert_eq!(json["knowledge"]["items"].as_array().unwrap().len(), 3);
    assert_eq!(json["knowledge"]["skills"].as_array().unwrap().len(), 9);
    assert_eq!(
        json["knowledge"]["items"][0],
        json!({"id": "coin", "name": "coin", "text": "coin [coin]: The basic unit of money."})
    );
    assert_eq!(
        json["knowledge"]["skills"][1]["level"], 2,
        "2nd combat follows the 1st"
    );
    assert_eq!(
        json["newspaper"],
        json!([{
            "kind": "signed",
            "lines": ["The Ravens buy swords at a fair price."],
            "author": {"id": "f02", "name": "Ravens"}
        }])
    );
}

/// OV-MOVE-007: a road a third off the walking time, told in the text
/// ("by road") and in the JSON (`road`), for the map to draw.
#[test]
fn ov_rep_a_road_is_told_in_the_text_and_the_json() {
    let (mut g, log) = scenario();
    for l in g.w.locations.values_mut() {
        for e in &mut l.exits {
            e.road = true;
        }
    }
    let press = small_world::press(&g);
    let all = reports(&g.w, rules(), &log, &press);
    let (text, json) = (all.report(g.faction(1)), all.json(g.faction(1)));
    assert!(
        text.contains("South, to Place 2 [L2], plains, by road, 6 days."),
        "{text}"
    );
    let way = &json["locations"][0]["directions"][0];
    assert_eq!((&way["road"], &way["days"]), (&json!(true), &json!(6)));
}

#[test]
fn ov_rep_046_052_the_json_hides_what_the_text_hides() {
    let (g, log) = scenario();
    let press = small_world::press(&g);
    let all = reports(&g.w, rules(), &log, &press);
    let json = all.json(g.faction(1));
    let s = json.to_string();
    // The Shade (stealth) and the Creeper (deeper in a stack) are unseen;
    // the Shadows are never recognised; the Merchant's coins stay his.
    for hidden in [
        "\"U5\"",
        "\"U7\"",
        "Shade",
        "Creeper",
        "Shadows",
        "\"f03\"",
        "\"count\":500",
    ] {
        assert!(!s.contains(hidden), "{hidden} in {s}");
    }
    // The Lurker, directly under Ulric, is seen (OV-REP-047).
    assert!(s.contains("\"U6\""), "{s}");

    // The Shadows' own report has all three, the Wolves' coins never.
    let (text, json) = (all.report(g.faction(3)), all.json(g.faction(3)));
    facts_match(&text, &json);
    assert_eq!(ids(&json["units"]), ["U5", "U6", "U7"]);
    let s = json.to_string();
    assert!(!s.contains("\"count\":100,\"name\":\"coins\""), "{s}");
}

#[test]
fn ov_rep_json_agrees_with_the_text_for_every_faction_of_alpha() {
    let rules = Rules::bundled().unwrap();
    let mut w = import(&common::alpha_game_files(), &rules).world;
    // Two attacks, for battles, statistics and units lost.
    for (by, order) in [(603, "ATTACK U12"), (503, "ATTACK U703")] {
        let u = w.unit_by_number(by).unwrap();
        w.units[u].orders = vec![order.to_string()];
    }
    let seed = w.seed;
    let log = run_turn(&mut w, &rules, &[], seed);
    let all = reports(&w, &rules, &log, &[]);
    let mut seen = 0;
    let (mut battles, mut lost, mut structures) = (0, 0, 0);
    for (fid, _) in w.factions.iter() {
        let (text, json) = (all.report(fid), all.json(fid));
        seen += facts_match(&text, &json);
        battles += json["battles"].as_array().unwrap().len();
        lost += json["lost_units"].as_array().unwrap().len();
        structures += json["structures"].as_array().unwrap().len();
    }
    assert_eq!(w.factions.len(), 15);
    // 1,085 units-present lines matched (stacks past half their journey
    // listed where they are seen), five battle accounts (each side of the
    // two battles, and a third party), two units lost (the units that
    // never gave TACTIC avoid the battles, as in the original engine),
    // seventeen structures owned.
    assert_eq!((seen, battles, lost, structures), (1085, 5, 2, 17));

    // f05 in detail.
    let f5 = w.faction_by_number(5).unwrap();
    let json = all.json(f5);
    assert_eq!(
        json["header"]["faction"],
        json!({"id": "f05", "name": "f05"})
    );
    assert_eq!(json["header"]["turn"], 1);
    assert_eq!(
        ids(&json["units"]),
        [
            "U500", "U501", "U502", "U504", "U505", "U506", "U507", "U508", "U509", "U510"
        ]
    );
    assert_eq!(
        json["header"]["control_points"],
        json!({"used": 15, "limit": 200})
    );
    assert_eq!(json["header"]["funds"]["count"], 5000);
    // U503 attacked U703 in Anarnium and fell: f05 was the attacker. Its
    // mage and artisan there never gave TACTIC and so, as in the original
    // engine, kept out of the battle and live.
    assert_eq!(ids(&json["lost_units"]), ["U503"]);
    assert_eq!(json["lost_units"][0]["now_with"], Value::Null);
    assert_eq!(
        json["lost_units"][0]["actions"][1],
        json!({"day": 1, "last_day": 1, "text": "loses 30 figures in battle"})
    );
    let b = &json["battles"][0];
    assert_eq!(b["place"], json!({"id": "L18", "name": "Anarnium"}));
    assert_eq!((&b["day"], &b["side"]), (&json!(1), &json!("attacker")));
    assert_eq!(b["statistics"], Value::Null);
    assert_eq!(ids(&json["locations"]), ["L18"]);
    assert_eq!(
        (
            json["knowledge"]["items"].as_array().unwrap().len(),
            json["knowledge"]["skills"].as_array().unwrap().len()
        ),
        (47, 156)
    );
    // The defenders won: f07 gets every unit's statistics.
    let f7 = all.json(w.faction_by_number(7).unwrap());
    assert_eq!(f7["battles"][0]["side"], "defender");
    let stats = f7["battles"][0]["statistics"].as_array().unwrap();
    assert!(stats.iter().any(|s| s["id"] == "U503"), "{stats:?}");
}

/// OV-ITEM-008: the rules' own example, a 30-man unit with 10 horses
/// equipped (+3 initiative each), has +1 initiative: in the text's stats,
/// the JSON's, the battle's statistics, and in the battle itself.
#[test]
fn ov_item_008_equipment_shared_by_part_of_a_unit_counts_in_proportion() {
    use umpire_overlord::combat::muster;
    use umpire_overlord::turn::visibility;
    let mut g = Game::new(1, 2);
    let men = g.unit(1, "man", 30, 1);
    let horse = rules().item("hrse").unwrap();
    g.w.units[men].add_items(horse, 10, 10);
    let raider = g.unit(2, "man", 1, 1);
    g.orders(raider, &["ATTACK U1"]);
    // A seasoned hero of f1 wins the battle, so f1 sees the statistics.
    let hero = g.unit(1, "hero", 1, 1);
    g.learn(hero, "cmbt", 3);
    let base = muster::base(rules(), &g.w.units[men]).initiative;
    // The battle reads the same figure as the report.
    assert_eq!(
        muster::ratings(rules(), &g.w.units[men]).initiative,
        base + 1
    );
    assert_eq!(
        visibility::ratings(&g.w, rules(), &g.w.units[men]).initiative,
        base + 1
    );
    let log = g.run(&[]);
    let all = reports(&g.w, rules(), &log, &[]);
    let (text, json) = (all.report(g.faction(1)), all.json(g.faction(1)));
    let unit = &json["units"][0];
    assert_eq!(unit["id"], "U1");
    assert_eq!(json["battles"][0]["side"], "defender");
    assert_eq!(unit["stats"]["initiative"], base + 1, "{unit}");
    // -1 melee from a third of the unit rounds to nothing.
    assert_eq!(unit["stats"]["melee"], 0, "{unit}");
    let stats_line = text
        .lines()
        .find(|l| l.trim_start().starts_with("Stats:"))
        .unwrap();
    assert!(
        stats_line.contains(&format!("ini {}", base + 1)),
        "{stats_line}"
    );
    let fought = &json["battles"][0]["statistics"];
    let ours = fought
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "U1")
        .unwrap();
    assert_eq!(ours["stats"]["initiative"], base + 1, "{ours}");
}
