//! OV-ORD-030: the rules document's own examples parse, and mean what the
//! text beside them says. The one-line examples are in
//! `fixtures/rules-examples.txt` with the canonical form each must read as
//! (printing is injective, so equal prints mean equal syntax trees); the
//! multi-line ones are below, with their trees spelled out.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{errors, parse, scope};

use umpire_overlord::orders::catalog::goods::{Give, Quantity};
use umpire_overlord::orders::catalog::skills::{Study, Use};
use umpire_overlord::orders::words::{CombatMove, Engage, File, Rank};
use umpire_overlord::orders::{
    Envelope, FactionOrder, FactionRef, NewId, NewKind, Order, Prefix, Repeat, Tag, UnitOrder,
    UnitRef, parse_order_line,
};

const FIXTURE: &str = include_str!("fixtures/rules-examples.txt");

#[test]
fn ov_ord_030_every_rules_example_parses_to_its_canonical_form() {
    let mut section = "";
    let mut checked = 0;
    for (i, line) in FIXTURE.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let (written, canonical) = line
            .split_once("  =>  ")
            .unwrap_or_else(|| panic!("fixture line {} has no `  =>  `", i + 1));
        let printed = match section {
            "[faction]" => {
                let (msg, diags) = parse(&format!("GAME f06 pw\n{written}\nEND\n"));
                assert!(errors(&diags).is_empty(), "{written}: {:?}", errors(&diags));
                let Envelope::Orders(set) = &msg.envelopes[0] else {
                    panic!("no order set")
                };
                assert_eq!(set.faction_orders.len(), 1, "{written}");
                set.faction_orders[0].value.to_string()
            }
            "[unit]" | "[schematic]" => {
                let (order, diags) = parse_order_line(written, scope(section == "[unit]"));
                assert!(errors(&diags).is_empty(), "{written}: {:?}", errors(&diags));
                let order = order.unwrap_or_else(|| panic!("{written}: no order"));
                // The canonical form reads back as the same order.
                let (again, _) = parse_order_line(canonical, scope(section == "[unit]"));
                assert_eq!(
                    again.as_ref(),
                    Some(&order),
                    "{canonical} does not read back"
                );
                order.to_string()
            }
            other => panic!("unknown fixture section {other}"),
        };
        assert_eq!(printed, canonical, "fixture line {}: {written}", i + 1);
        checked += 1;
    }
    assert!(checked >= 140, "only {checked} examples checked");
}

fn one(line: &str) -> Order {
    let (order, diags) = parse_order_line(line, scope(true));
    assert!(errors(&diags).is_empty(), "{line}: {:?}", errors(&diags));
    order.unwrap_or_else(|| panic!("{line}"))
}

fn tag(s: &str) -> Tag {
    Tag::new(s).unwrap()
}

#[test]
fn ov_ord_030_named_examples_have_the_documented_meaning() {
    assert_eq!(
        one("10 USE digg"),
        Order {
            prefix: Prefix {
                repeat: Repeat::Days(10),
                ..Prefix::default()
            },
            order: UnitOrder::Use(Use {
                skill: tag("digg"),
                count: None
            }),
        }
    );
    let buy = one("@BUY 0 iron 25");
    assert_eq!(buy.prefix.repeat, Repeat::Always);
    let UnitOrder::Buy(b) = buy.order else {
        panic!()
    };
    assert_eq!((b.count, b.item, b.price), (0, tag("iron"), Some(25)));

    let p = one("-@PILLAGE");
    assert_eq!((p.prefix.dashes, p.prefix.repeat), (1, Repeat::Always));
    assert!(matches!(p.order, UnitOrder::Pillage(_)));

    let s = one("+30 STUDY CMBT");
    assert!(s.prefix.plus);
    assert_eq!(s.prefix.repeat, Repeat::Days(30));
    assert_eq!(
        s.order,
        UnitOrder::Study(Study {
            skill: tag("cmbt"),
            level: None
        })
    );

    let d = one("D10 DAY 15");
    assert_eq!(d.prefix.day, Some(10));
    let UnitOrder::Day(day) = d.order else {
        panic!()
    };
    assert_eq!(day.day, 15);

    let m = one("--STUDY MAGE 1");
    assert_eq!(m.prefix.dashes, 2);
    assert_eq!(
        m.order,
        UnitOrder::Study(Study {
            skill: tag("mage"),
            level: Some(1)
        })
    );

    assert_eq!(
        one("GIVE U882 swrd 0 5").order,
        UnitOrder::Give(Give {
            to: UnitRef::Id(882),
            item: tag("swrd"),
            quantity: Quantity::Keeping { count: 0, kept: 5 },
        })
    );
    let UnitOrder::Get(g) = one("GET L47 0 coin 50").order else {
        panic!()
    };
    assert_eq!(g.quantity, Quantity::Keeping { count: 0, kept: 50 });
    assert_eq!(g.to_string(), "GET L47 0 coin 50");

    let UnitOrder::Recruit(r) = one("RECRUIT f06nU01 10 man 51").order else {
        panic!()
    };
    assert_eq!(
        r.into,
        UnitRef::New(NewId {
            faction: 6,
            kind: NewKind::Unit,
            number: 1
        })
    );
    assert_eq!((r.count, r.race, r.price), (10, tag("man"), 51));

    let UnitOrder::Tactic(t) = one("TACTIC FIGHT FRONT CENTER CHARGE").order else {
        panic!()
    };
    assert_eq!(t.engage, Some(Engage::Fight));
    assert_eq!(t.rank, Some(Rank::Front));
    assert_eq!(t.file, Some(File::Center));
    assert_eq!(t.movement, Some(CombatMove::Charge));
}

#[test]
fn ov_ord_001_sample_order_file_from_the_overview() {
    let text = "Hello GM, here are my orders.\n\
                GAME f99 mypassword alpha\n\
                \n\
                NAME The Empire\n\
                UNIT U31416\n\
                NAME The Emperor\n\
                STUDY mage # next turn will study fire magic\n\
                \n\
                END\n\
                -- \nmy signature\n";
    let (msg, diags) = parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    let Envelope::Orders(set) = &msg.envelopes[0] else {
        panic!()
    };
    assert_eq!(set.header.faction, FactionRef::Player(99));
    assert_eq!(set.header.password, "mypassword");
    assert_eq!(set.header.game.as_deref(), Some("alpha"));
    assert_eq!(set.header.turn, None);
    assert!(set.header.closed);
    assert!(
        matches!(&set.faction_orders[0].value, FactionOrder::Name(n) if n.name == "The Empire")
    );
    assert_eq!(set.units.len(), 1);
    assert_eq!(set.units[0].unit, UnitRef::Id(31416));
    let orders: Vec<String> = set
        .orders_of(&set.units[0])
        .iter()
        .map(|o| o.value.to_string())
        .collect();
    assert_eq!(orders, ["NAME \"The Emperor\"", "STUDY mage"]);
}

#[test]
fn ov_press_001_press_example_from_the_overview() {
    let text = "PRESS f99 mypassword alpha\n\
                The Empire has decreed that all unrevealed units trespassing through the lands will be attacked on sight.\n \
                END\n";
    let (msg, diags) = parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    let Envelope::Press(a) = &msg.envelopes[0] else {
        panic!()
    };
    assert_eq!(a.header.faction, FactionRef::Player(99));
    assert_eq!(a.lines.len(), 1);
    assert!(a.lines[0].starts_with("The Empire has decreed"));
}

#[test]
fn ov_sch_003_conditional_chain_example() {
    let text =
        "GAME f06 pw\nUNIT U1\nGIVE U2 swrd 1\n-5 STUDY cmbt\nGIVE U3 swrd 1\n-MOVE S\nEND\n";
    let (msg, diags) = parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    let Envelope::Orders(set) = &msg.envelopes[0] else {
        panic!()
    };
    let prefixes: Vec<(u8, Repeat)> = set
        .orders_of(&set.units[0])
        .iter()
        .map(|o| (o.value.prefix.dashes, o.value.prefix.repeat))
        .collect();
    assert_eq!(
        prefixes,
        [
            (0, Repeat::Once),
            (1, Repeat::Days(5)),
            (0, Repeat::Once),
            (1, Repeat::Once)
        ]
    );
}

#[test]
fn synchro_example_is_two_units_with_mirror_orders() {
    let text = "GAME f06 pw\n\
                UNIT U598\nDAY 10\n-SYNCHRO U222\n--DESCRIBE “THE OVERLORD SMELLS LIKE A PIG”\n\
                UNIT U222\nDAY 10\n-SYNCHRO U598\n--DESCRIBE “THE OVERLORD IS GOING DOWN!!!”\nEND\n";
    let (msg, diags) = parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    let Envelope::Orders(set) = &msg.envelopes[0] else {
        panic!()
    };
    assert_eq!(set.units.len(), 2);
    let orders = set.orders_of(&set.units[1]);
    assert_eq!(orders[1].value.to_string(), "-SYNCHRO U598");
    assert_eq!(orders[1].line, 8);
}

#[test]
fn recruit_example_with_orders_for_the_new_units() {
    let text = "GAME f06 pw\n\
                UNIT U5\nRECRUIT f06nU01 10 man 51\nRECRUIT f06nU99 1 ldr 0\n\
                UNIT f06nU01\nNAME “New Jims”\nSTUDY SCOU 1\n\
                UNIT f06nU99\nNAME “Air Master”\nMOVE L48\nSEE U290\n-STACK U290\n--STUDY MAGE 1\nEND\n";
    let (msg, diags) = parse(text);
    assert!(diags.is_empty(), "{diags:?}");
    let Envelope::Orders(set) = &msg.envelopes[0] else {
        panic!()
    };
    assert_eq!(set.units.len(), 3);
    assert_eq!(set.order_count(), 9);
}
