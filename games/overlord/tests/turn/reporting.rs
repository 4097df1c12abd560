//! The parts of a faction's text report (OV-REP), read off small worlds
//! after a month run: which units and places get a section, and what the
//! location sections list.

use umpire_overlord::world::structure::Teaching;
use umpire_overlord::world::{Offer, Recruits, Resource, Seat, Stance, Structure, StructureId};

use super::*;

fn item(tag: &str) -> umpire_overlord::rules::ItemId {
    rules().item(tag).unwrap()
}

fn structure(g: &mut Game, n: u32, tag: &str, at: u32) -> StructureId {
    let l = g.loc(at);
    let s = Structure::new(n, rules().construction(tag).unwrap(), l);
    let id = g.w.structures.push(s);
    g.w.locations[l].structures.push(id);
    id
}

/// The scene most location tests read, f1's report after one month.
///
/// L1 (plains, 5000 people, a market, wood, f1's sheriff) holds f1's
/// Alda leading five men, Shopper in f1's marketplace B7, Sailor aboard
/// f1's longboat B8 with ten swords; f2's Stranger (a sword, coins),
/// f2's Trader (advertised, mayor of Inner) and f2's Browser in the
/// marketplace. Inner [L4], a city inside L1 teaching 2nd combat, holds
/// f1's Insider and f2's Guest. f1's Walker walks L1 → L2 → L3.
struct Scene {
    g: Game,
    log: TurnLog,
    text: String,
    alda: UnitId,
    walker: UnitId,
}

fn named(g: &mut Game, f: u32, name: &str, at: u32) -> UnitId {
    let u = g.leader(f, at);
    g.w.units[u].name = name.into();
    u
}

fn scene() -> Scene {
    let mut g = Game::new(3, 2);
    let (f1, f2) = (g.faction(1), g.faction(2));
    g.w.factions[f1].set_stance(f2, Stance::Friendly);
    let l = g.loc(1);
    {
        let loc = &mut g.w.locations[l];
        loc.population = 5000;
        loc.optimum = 5000;
        loc.recruits.push(Recruits {
            race: rules().race("man").unwrap(),
            count: 10,
            price: 50,
        });
        loc.market.sells.push(Offer {
            item: item("swrd"),
            count: 5,
            price: 100,
        });
        loc.market.buys.push(Offer {
            item: item("hrse"),
            count: 3,
            price: 40,
        });
        loc.market.days = vec![15, 30];
        loc.resources.push(Resource {
            item: item("wood"),
            amount: 40,
            full: 40,
        });
    }
    let alda = named(&mut g, 1, "Alda", 1);
    g.w.units[alda].add_items(item("coin"), 500, 0);
    let men = g.unit(1, "man", 5, 1);
    g.w.units[men].name = "Spears".into();
    g.stack(men, alda);
    g.title(1, "shrf", alda);
    let stranger = named(&mut g, 2, "Stranger", 1);
    g.w.units[stranger].add_items(item("swrd"), 1, 0);
    g.w.units[stranger].add_items(item("coin"), 100, 0);
    let trader = named(&mut g, 2, "Trader", 1);
    g.w.units[trader].settings.advertise = true;
    let walker = named(&mut g, 1, "Walker", 1);
    g.orders(walker, &["MOVE S", "MOVE S"]);
    let r = rules();
    let mut city = Location::new(4, r.terrain("city").unwrap(), r.weather("fair").unwrap());
    city.outer = Some(l);
    city.name = "Inner".into();
    let inner = g.w.locations.push(city);
    g.w.locations[l].exits.push(Exit {
        direction: Direction::In,
        to: inner,
        only: None,
        road: false,
    });
    g.w.locations[inner].exits.push(Exit {
        direction: Direction::Out,
        to: l,
        only: None,
        road: false,
    });
    g.w.locations[inner].titles.push(Seat {
        title: r.title("mayo").unwrap(),
        holder: Some(trader),
    });
    let school = Structure::new(9, r.construction("guld").unwrap(), inner);
    let school = g.w.structures.push(school);
    g.w.structures[school].teaches = vec![Teaching {
        skill: r.skill("cmbt").unwrap(),
        level: 2,
    }];
    g.w.locations[inner].structures.push(school);
    let market = structure(&mut g, 7, "mrkt", 1);
    g.w.structures[market].faction = Some(f1);
    let shopper = named(&mut g, 1, "Shopper", 1);
    g.w.units[shopper].structure = Some(market);
    let browser = named(&mut g, 2, "Browser", 1);
    g.w.units[browser].structure = Some(market);
    let boat = structure(&mut g, 8, "lgbt", 1);
    g.w.structures[boat].faction = Some(f1);
    g.w.structures[boat].name = "Gull".into();
    let sailor = named(&mut g, 1, "Sailor", 1);
    g.w.units[sailor].structure = Some(boat);
    g.w.units[sailor].add_items(item("swrd"), 10, 0);
    g.w.structures[boat].owner = Some(sailor);
    for (f, name) in [(1, "Insider"), (2, "Guest")] {
        let u = g.unit(f, "ldr", 1, 1);
        g.w.units[u].name = name.into();
        let at = g.loc(1);
        g.w.locations[at].units.retain(|&x| x != u);
        g.w.units[u].location = inner;
        g.w.locations[inner].units.push(u);
    }
    let log = g.run(&[]);
    let text = g.report(&log, 1);
    Scene {
        g,
        log,
        text,
        alda,
        walker,
    }
}

/// The section of place `name` in a report, up to the next place's.
fn place_section<'a>(text: &'a str, header: &str) -> &'a str {
    let start = text
        .find(&format!("\n{header}"))
        .unwrap_or_else(|| panic!("no section {header}: {text}"))
        + 1;
    let rest = &text[start..];
    let end = rest[1..]
        .find("\n\nPlace ")
        .or_else(|| rest[1..].find("\n\nInner "))
        .or_else(|| rest[1..].find("\n\n// "))
        .map_or(rest.len(), |e| e + 2);
    &rest[..end]
}

fn lines_of(section: &str) -> Vec<&str> {
    section.lines().collect()
}

#[test]
fn ov_rep_018_structures_with_a_vessels_cargo_weight_and_hull() {
    let s = scene();
    assert!(
        s.text.contains(
            "// Structures\n\nmarketplace [B7] marketplace at Place 1 [L1].\n\n\
             Gull [B8] longboat at Place 1 [L1].\n  \
             Cargo: 10 swords [swrd]. Weight 110. Hull: Capacity 0, swimming 6000.\n"
        ),
        "{}",
        s.text
    );
}

#[test]
fn ov_rep_019_030_a_place_visited_gets_its_section_with_the_days_there() {
    let s = scene();
    // Walker only passed through L2: its section tells its days there
    // and has no units list, as no unit of f1 is there at the turn's end.
    let l2 = place_section(&s.text, "Place 2 [L2], plains.");
    assert!(
        l2.ends_with(
            "Events during turn:\n  \
             Day 4 - Walker [U5] of Faction 1 [f01], 1 leader [ldr], comes in from Place 1 [L1], on its way here.\n  \
             Day 9 - Walker [U5] of Faction 1 [f01], 1 leader [ldr], arrives from Place 1 [L1].\n  \
             Day 10 - Walker [U5] of Faction 1 [f01], 1 leader [ldr], departs to Place 3 [L3].\n"
        ),
        "{l2}"
    );
    assert!(!l2.contains("Units:"), "{l2}");
    // L3, where it ended, lists it.
    let l3 = place_section(&s.text, "Place 3 [L3], plains.");
    assert!(
        l3.contains("Units:\n  * Walker [U5] of Faction 1 [f01], 1 leader [ldr].\n"),
        "{l3}"
    );
    // L1's events: only its departure (f1 was there all month).
    let l1 = place_section(&s.text, "Place 1 [L1], plains.");
    assert!(l1.contains(
        "Events during turn:\n  \
         Day 1 - Walker [U5] of Faction 1 [f01], 1 leader [ldr], departs to Place 2 [L2].\nUnits:\n"
    ));
    assert_eq!(s.g.w.units[s.walker].location, s.g.loc(3));
    // f2 never was in L2 or L3: no section.
    let other = s.g.report(&s.log, 2);
    assert!(!other.contains("\nPlace 2 [L2], plains."), "{other}");
    assert!(!other.contains("\nPlace 3 [L3], plains."), "{other}");
}

#[test]
fn ov_rep_020_the_location_header_names_type_and_containing_place() {
    let s = scene();
    assert!(s.text.contains("\n\nPlace 1 [L1], plains.\n"));
    assert!(
        s.text
            .contains("\n\nInner [L4], city, located in Place 1 [L1], plains.\n"),
        "{}",
        s.text
    );
}

#[test]
fn ov_rep_021_the_climate_line_gives_the_season_and_the_forecast() {
    let s = scene();
    for (n, header) in [(1, "Place 1 [L1], plains."), (2, "Place 2 [L2], plains.")] {
        let weather = &rules().weathers[s.g.w.locations[s.g.loc(n)].weather].name;
        let section = place_section(&s.text, header);
        assert_eq!(
            lines_of(section)[1],
            format!("This month was Spring; next month should be Spring, {weather}."),
        );
    }
}

#[test]
fn ov_rep_023_the_recruitment_line_gives_races_counts_and_prices() {
    let s = scene();
    let offer = &s.g.w.locations[s.g.loc(1)].recruits[0];
    let l1 = place_section(&s.text, "Place 1 [L1], plains.");
    assert!(
        l1.contains(&format!(
            "\nFor hire: {} followers [man] at ${}.\n",
            offer.count, offer.price
        )),
        "{l1}"
    );
}

#[test]
fn ov_rep_024_market_lines_for_sale_wanted_and_days() {
    let s = scene();
    let m = &s.g.w.locations[s.g.loc(1)].market;
    let l1 = place_section(&s.text, "Place 1 [L1], plains.");
    assert!(
        l1.contains(&format!(
            "\nFor sale: {} swords [swrd] at ${}.\nBuying: {} horses [hrse] at ${}.\n\
             Market days: 15th, 30th.\n",
            m.sells[0].count, m.sells[0].price, m.buys[0].count, m.buys[0].price
        )),
        "{l1}"
    );
    // A place without a market has none of these lines.
    let l2 = place_section(&s.text, "Place 2 [L2], plains.");
    assert!(!l2.contains("For sale") && !l2.contains("Market days"));
}

#[test]
fn ov_rep_025_resources_are_listed_with_what_is_left() {
    let s = scene();
    let l1 = place_section(&s.text, "Place 1 [L1], plains.");
    assert!(l1.contains("\nResources: 40 wood [wood] of 40.\n"), "{l1}");
}

#[test]
fn ov_rep_028_an_inner_location_lists_its_outer_directions() {
    let s = scene();
    let inner = place_section(&s.text, "Inner [L4], city");
    assert!(
        inner.contains(
            "Directions:\n  Out, to Place 1 [L1], plains, 1 day.\nFrom outer location:\n  \
             In, to Inner [L4], city, 1 day.\n  South, to Place 2 [L2], plains, 9 days.\n"
        ),
        "{inner}"
    );
    let l1 = place_section(&s.text, "Place 1 [L1], plains.");
    assert!(!l1.contains("From outer location"));
}

#[test]
fn ov_rep_029_location_events_arrivals_and_departures_by_day() {
    let s = scene();
    // Half way (day 13 of the 9-day walk begun on day 10) it counts as
    // entering and is seen here (OV-MOVE-027); it arrives on day 18.
    let l3 = place_section(&s.text, "Place 3 [L3], plains.");
    assert!(
        l3.contains(
            "Events during turn:\n  \
             Day 13 - Walker [U5] of Faction 1 [f01], 1 leader [ldr], comes in from Place 2 [L2], on its way here.\n  \
             Day 18 - Walker [U5] of Faction 1 [f01], 1 leader [ldr], arrives from Place 2 [L2].\n"
        ),
        "{l3}"
    );
}

/// The units-present list of L1 in the scene's report.
fn units_present(s: &Scene) -> Vec<String> {
    let l1 = place_section(&s.text, "Place 1 [L1], plains.");
    let units = &l1[l1.find("Units:\n").unwrap()..l1.find("» ").unwrap()];
    units.lines().map(str::to_string).collect()
}

#[test]
fn ov_rep_031_032_marks_and_what_other_factions_units_show() {
    let s = scene();
    let units = units_present(&s);
    // Another faction's, unrecognised: '-', no faction, only the
    // possessions with weight (its 100 coins are not shown).
    assert!(units.contains(&"  - Stranger [U3], 1 leader [ldr], has: 1 sword [swrd].".to_string()));
    // Recognised and held Friendly: '+', with faction and title.
    assert!(
        units.contains(
            &"  + Trader [U4] of Faction 2 [f02], 1 leader [ldr], mayor [mayo] of Inner [L4]."
                .to_string()
        )
    );
    assert!(units.contains(&"  - Browser [U7], 1 leader [ldr], in marketplace [B7].".to_string()));
    // Own units: '*'.
    let marks: Vec<char> = units[1..]
        .iter()
        .map(|l| l.trim_start().chars().next().unwrap())
        .collect();
    assert_eq!(marks, ['*', '*', '-', '+', '*', '-', '*'], "{units:?}");
}

#[test]
fn ov_rep_033_034_own_possessions_and_stacks_under_their_leader() {
    let s = scene();
    let units = units_present(&s);
    assert_eq!(
        units[..3],
        [
            "Units:",
            // Every possession of an own unit, its coins included (033);
            // the stack under its leader after "Leading:" (034).
            "  * Alda [U1] of Faction 1 [f01], 1 leader [ldr], sheriff [shrf] of Place 1 [L1], \
             has: 390 coins [coin]. Leading:",
            "    * Spears [U2] of Faction 1 [f01], 5 followers [man].",
        ]
    );
    assert!(units.contains(
        &"  * Sailor [U8] of Faction 1 [f01], 1 leader [ldr], in Gull [B8], has: 10 swords [swrd]."
            .to_string()
    ));
    assert_eq!(s.g.w.units[s.alda].count(item("coin")), 390);
}

#[test]
fn ov_rep_035_036_inner_locations_and_structures_after_the_units() {
    let s = scene();
    let l1 = place_section(&s.text, "Place 1 [L1], plains.");
    assert!(
        l1.ends_with(
            "» Inner [L4], city, inner location (1 day).\n  Teaching: 2nd combat [cmbt].\n\
             » marketplace [B7], marketplace.\n» Gull [B8], longboat.\n"
        ),
        "{l1}"
    );
    // The inner location's occupants are not listed with L1's units…
    assert!(!l1.contains("Insider") && !l1.contains("Guest"), "{l1}");
    // …but the marketplace's, seen from outside, are (036).
    assert!(l1.contains("- Browser [U7], 1 leader [ldr], in marketplace [B7]."));
}

/// The unit section of `header` ("Name [Un]…") in a report, with its
/// actions, up to the next blank line after them.
fn unit_section<'a>(text: &'a str, header: &str) -> &'a str {
    let start = text
        .find(&format!("\n{header}"))
        .unwrap_or_else(|| panic!("no unit {header}: {text}"))
        + 1;
    let rest = &text[start..];
    &rest[..rest.find("\n\n").map_or(rest.len(), |e| e + 1)]
}

#[test]
fn ov_rep_006_global_events_by_day() {
    let mut g = Game::new(1, 1);
    let l = g.loc(1);
    g.w.locations[l].population = 10_000;
    g.w.locations[l].optimum = 10_000;
    g.w.locations[l].taxes = 300;
    let h = named(&mut g, 1, "Reeve", 1);
    g.w.units[h].add_items(item("coin"), 100, 0);
    g.title(1, "shrf", h);
    let log = g.run(&["#GAME f01 pw\n#END"]);
    let text = g.report(&log, 1);
    let global = &text[text.find("// Global events\n").unwrap()..text.find("// Units").unwrap()];
    // The sheriff's faction collects a 30th of the month's taxes a day.
    assert_eq!(
        global.lines().collect::<Vec<_>>(),
        [
            "// Global events",
            "Before day 1 - orders of Faction 1 [f01] read: 0 units",
            "Day 1 - 10 coins of taxes from Place 1 [L1] collected",
            "Day 1 - control points checked: 1 needed of 205",
            "Days 2-30 - 10 coins of taxes from Place 1 [L1] collected",
            "",
        ],
        "{global}"
    );
    // Told there, not again in the unit's own log.
    let reeve = unit_section(&text, "Reeve [U1]");
    assert!(!reeve.contains("of taxes"), "{reeve}");
}

#[test]
fn ov_rep_007_units_lost_or_gone_over_keep_a_section() {
    let mut g = Game::new(1, 3);
    g.w.creatures = Some(g.faction(3));
    let doomed = named(&mut g, 1, "Doomed", 1);
    g.orders(doomed, &["DISBAND CONFIRM"]);
    let wolf = g.unit(1, "gwol", 2, 1);
    g.w.units[wolf].name = "Loose".into();
    named(&mut g, 1, "Stays", 1);
    let log = g.run_bare(&[]);
    assert!(g.w.units[doomed].gone);
    assert_eq!(g.w.units[wolf].faction, g.faction(3));
    let text = g.report(&log, 1);
    let gone = unit_section(&text, "Doomed [U1] (gone)");
    assert!(gone.contains("disbands (1 figure)"), "{gone}");
    let over = unit_section(&text, "Loose [U2] (now with Faction 3 [f03])");
    assert!(over.contains("returns to the wild"), "{over}");
    // Gone in an earlier turn: no section any more.
    let log = g.run_bare(&[]);
    let text = g.report(&log, 1);
    assert!(!text.contains("Doomed [U1]"), "{text}");
    assert!(!text.contains("Loose [U2] (now with"), "{text}");
}

#[test]
fn ov_rep_011_weight_and_capacity_of_the_stack_and_substack() {
    let mut g = Game::new(1, 1);
    let top = named(&mut g, 1, "Top", 1);
    let sub = named(&mut g, 1, "Sub", 1);
    let men = g.unit(1, "man", 5, 1);
    g.stack(sub, top);
    g.stack(men, sub);
    let rider = named(&mut g, 1, "Rider", 1);
    g.w.units[rider].add_items(item("hrse"), 1, 1);
    let log = g.run_bare(&[]);
    let text = g.report(&log, 1);
    let line = |h: &str| unit_section(&text, h).lines().nth(2).unwrap().to_string();
    // Leader 70/100, follower 70/90.
    assert_eq!(line("Top [U1]"), "  Stack weight 490. Capacity 650.");
    assert_eq!(line("Sub [U2]"), "  Stack weight 420. Capacity 550.");
    assert_eq!(line("Unit 3 [U3]"), "  Weight 350. Capacity 450.");
    // A mode is listed where the unit can use it.
    assert!(
        line("Rider [U4]").starts_with("  Weight 170. Capacity 220, riding "),
        "{text}"
    );
}

#[test]
fn ov_rep_013_014_may_learn_and_the_stats_line() {
    let mut g = Game::new(1, 1);
    let lord = named(&mut g, 1, "Lord", 1);
    g.learn(lord, "cmbt", 1);
    let men = g.unit(1, "man", 5, 1);
    let log = g.run_bare(&[]);
    let text = g.report(&log, 1);
    let lord_s = unit_section(&text, "Lord [U1]");
    let men_s = unit_section(&text, "Unit 2 [U2]");
    let may = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("  May learn: "))
            .unwrap_or_else(|| panic!("{s}"))
            .to_string()
    };
    // The next combat level, what 1st combat opens, magecraft for a
    // leader; none of those for a follower.
    assert!(may(lord_s).contains("2nd combat [cmbt]"), "{lord_s}");
    assert!(may(lord_s).contains("1st blades [blde]"), "{lord_s}");
    assert!(may(lord_s).contains("1st magecraft [mage]"), "{lord_s}");
    assert!(!may(lord_s).contains("1st combat [cmbt]"), "{lord_s}");
    assert!(may(men_s).contains("1st combat [cmbt]"), "{men_s}");
    assert!(!may(men_s).contains("magecraft"), "{men_s}");
    assert!(!may(men_s).contains("blades"), "{men_s}");
    // Stats: what is not the default, then the control points.
    assert!(
        lord_s.contains("\n  Stats: att 1, def 1, life 3, CP 1.\n"),
        "{lord_s}"
    );
    assert!(men_s.contains("\n  Stats: life 3, CP 1.\n"), "{men_s}");
    let _ = men;
}
