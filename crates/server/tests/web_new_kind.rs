//! A kind of game the web has never heard of: Tally, defined here and
//! nowhere else, in which each counter adds to its own count. The host is
//! given it as one more kind; the web serves its player's report, map
//! and orders pages and the desk's game page from what the kind gives
//! (its report's blocks, its map's hexes, its seat's name), with no line
//! of `crates/server` written for it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use support::web::{Client, blocking, serve};
use umpire_host::host::{Host, NewGame, Ran, Settings, Trigger};
use umpire_host::kind::view::{Block, Hex, Hexes, Inline, Item, ListStyle, StoredReport, text};
use umpire_host::kind::{
    Created, Envelope, Game, GameKind, Join, Joined, KindError, Kinds, Mail, NewSeat, OptionSpec,
    Options, Orders, Reading, Removal, Request, SeatInfo, SeatPassword, SeatReport, TurnInput,
    TurnOutput,
};
use umpire_host::password::Secret;
use umpire_host::testing;

/// A Tally world: the game's name, the turns run and each counter's count.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct World {
    name: String,
    turn: u32,
    counts: BTreeMap<String, i64>,
}

struct Tally;

fn make_tally() -> Box<dyn GameKind> {
    Box::new(Tally)
}

impl GameKind for Tally {
    fn name(&self) -> &'static str {
        "tally"
    }
    fn title(&self) -> &'static str {
        "Tally"
    }
    fn seat_noun(&self) -> &'static str {
        "counter"
    }
    fn envelope_keywords(&self) -> String {
        "#TALLY".to_string()
    }
    fn world_file(&self) -> &'static str {
        "tally.json"
    }
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }
    fn create(&self, name: &str, options: &Options) -> Result<Created, KindError> {
        options.check(&[])?;
        let world = World {
            name: name.to_string(),
            turn: 0,
            counts: [("a".to_string(), 0), ("b".to_string(), 0)].into(),
        };
        Ok(Created {
            name: name.to_string(),
            state: serde_json::to_vec(&world)?,
            seats: world
                .counts
                .keys()
                .map(|k| NewSeat {
                    key: k.clone(),
                    name: format!("Counter {k}"),
                    password: SeatPassword::Clear(Secret::new(format!("pw-{k}"))),
                    address: None,
                })
                .collect(),
            notes: Vec::new(),
        })
    }
    fn import(&self, _folder: &Path) -> Result<Created, KindError> {
        Err(KindError::new("Tally is never imported"))
    }
    fn open(&self, state: &[u8]) -> Result<Box<dyn Game>, KindError> {
        Ok(Box::new(serde_json::from_slice::<World>(state)?))
    }
    fn help(&self, _topic: &str) -> Option<String> {
        Some("ADD n: add n to your count.".to_string())
    }
    fn report_page(&self, report: StoredReport<'_>) -> Vec<Block> {
        let count: i64 = report
            .json
            .and_then(|j| serde_json::from_str(j).ok())
            .unwrap_or(-1);
        vec![
            Block::Card {
                id: Some("tally".to_string()),
                blocks: vec![Block::Heading {
                    level: 1,
                    text: vec![text(format!("Tally after turn {}", report.turn))],
                }],
            },
            Block::List {
                style: ListStyle::Plain,
                items: vec![Item::plain(vec![
                    text("Your count: "),
                    Inline::Link {
                        to: "count".to_string(),
                        text: count.to_string(),
                    },
                ])],
            },
            Block::Fold {
                id: Some("count".to_string()),
                summary: vec![text("How it is counted")],
                blocks: vec![Block::Pre(report.text.to_string())],
            },
        ]
    }
    fn map(&self, reports: &[(u32, String)]) -> Hexes {
        reports
            .iter()
            .map(|(turn, _)| {
                let q = i32::try_from(*turn).unwrap_or(0);
                (
                    (q, 0),
                    Hex {
                        id: format!("M{turn}"),
                        name: format!("Meadow {turn}"),
                        terrain: "meadow".to_string(),
                        fill: "#abcdef",
                        shown_in: Some(*turn),
                        anchor: "count".to_string(),
                        own_units: 1,
                        ..Hex::default()
                    },
                )
            })
            .collect()
    }
    fn name_in_report(&self, json: &str) -> Option<String> {
        let count: i64 = serde_json::from_str(json).ok()?;
        Some(format!("the counter at {count}"))
    }
}

impl World {
    fn report(&self, seat: &str) -> Result<SeatReport, KindError> {
        let count = self.counts.get(seat).copied().unwrap_or(0);
        Ok(SeatReport {
            seat: seat.to_string(),
            text: format!("Turn {}: your count is {count}.\n", self.turn),
            json: Some(serde_json::to_string(&count)?),
            template: Some(format!("#TALLY {seat} PASSWORD\nADD 1\n#END\n")),
        })
    }
}

impl Game for World {
    fn name(&self) -> &str {
        &self.name
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn seats(&self) -> Vec<SeatInfo> {
        self.counts
            .keys()
            .map(|k| SeatInfo {
                key: k.clone(),
                name: format!("Counter {k}"),
                address: None,
                active: true,
            })
            .collect()
    }
    fn read(&self, mail: Mail<'_>) -> Reading {
        let text = String::from_utf8_lossy(mail.bytes);
        let mut envelopes = Vec::new();
        for (i, l) in text.lines().enumerate() {
            let mut words = l.split_whitespace();
            if words.next() != Some("#TALLY") {
                continue;
            }
            let who = words.next().unwrap_or("").to_string();
            let password = Secret::new(words.next().unwrap_or(""));
            let orders: String = text
                .lines()
                .skip(i + 1)
                .take_while(|l| !l.starts_with('#'))
                .map(|l| format!("{l}\n"))
                .collect();
            envelopes.push(Envelope {
                line: u32::try_from(i + 1).unwrap_or(0),
                seat: self.counts.contains_key(&who).then(|| who.clone()),
                who,
                password,
                findings: Vec::new(),
                request: Request::Orders(Orders {
                    turn: None,
                    text: orders.clone(),
                    summary: "a count".to_string(),
                    errors: 0,
                    warnings: Vec::new(),
                    new_password: None,
                    empty: orders.trim().is_empty(),
                    shown: orders,
                }),
            });
        }
        Reading {
            general: Vec::new(),
            envelopes,
            text: umpire_host::blank::passwords(&text),
        }
    }
    fn check(&self, _seat: &str, _text: &str) -> Vec<umpire_core::Diagnostic> {
        Vec::new()
    }
    fn run(&self, input: &TurnInput) -> Result<TurnOutput, KindError> {
        let mut next = self.clone();
        next.turn += 1;
        for (seat, orders) in &input.orders {
            let added: i64 = orders
                .lines()
                .filter_map(|l| l.strip_prefix("ADD "))
                .filter_map(|n| n.trim().parse::<i64>().ok())
                .sum();
            *next.counts.entry(seat.clone()).or_default() += added;
        }
        let reports = next
            .counts
            .keys()
            .map(|k| next.report(k))
            .collect::<Result<_, _>>()?;
        Ok(TurnOutput {
            state: serde_json::to_vec(&next)?,
            events: b"[]".to_vec(),
            reports,
            public: BTreeMap::new(),
            summary: format!("turn {} counted", next.turn),
            seats: next.seats(),
            seed: 0,
            errors: Vec::new(),
            unruled: Vec::new(),
        })
    }
    fn welcome(&self, seat: &str, _next_deadline: &str) -> Result<SeatReport, KindError> {
        self.report(seat)
    }
    fn join(&self, _join: &Join) -> Result<Joined, KindError> {
        Err(KindError::new("Tally takes no one new"))
    }
    fn remove(&self, seat: &str) -> Result<Removal, KindError> {
        let mut next = self.clone();
        next.counts.remove(seat);
        Ok(Removal::Now(serde_json::to_vec(&next)?))
    }
    fn bot_orders(&self, seat: &str) -> Result<String, KindError> {
        Ok(format!("#TALLY {seat} PASSWORD\nADD 1\n#END\n"))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kind_of_game_the_web_never_heard_of_gets_its_report_map_orders_and_desk_pages() {
    let host = Host::open(&testing::sqlite("new-kind"))
        .await
        .unwrap()
        .with_kinds(Kinds::hosted().with(make_tally));
    let host = Arc::new(host);
    let made = host
        .create(NewGame {
            kind: "tally".into(),
            name: "count".into(),
            options: Options::default(),
            settings: Settings::default(),
            actor: "gm".into(),
        })
        .await
        .unwrap();
    assert_eq!(made.seats.len(), 2);
    let answer = host
        .submit(umpire_host::host::Submission {
            game: "count",
            source: "mail",
            sender: None,
            message_id: None,
            name: "a's orders",
            bytes: b"#TALLY a pw-a\nADD 5\n#END\n",
            authenticated: None,
        })
        .await
        .unwrap();
    assert!(answer.text.contains("a count"), "{}", answer.text);
    let ran = host
        .run_turn("count", Trigger::Now { actor: "gm".into() })
        .await
        .unwrap();
    assert!(matches!(ran, Ran::Kept { turn: 1, .. }), "{ran:?}");
    let desk = host.add_desk_user("gm", "test").await.unwrap();
    let desk = desk.expose().to_string();
    let (base, _stop) = serve(host.clone()).await;

    let (report, first, map, orders, desk_page) = blocking(move || {
        let mut p = Client::new(&base);
        p.login("count", "a", "pw-a");
        let report = p.get("/games/count");
        let first = p.get("/games/count/reports/0");
        let map = p.get("/games/count/map");
        let orders = p.get("/games/count/orders");
        let mut gm = Client::new(&base);
        gm.desk_login("gm", &desk);
        let desk_page = gm.get("/desk/games/count");
        (report, first, map, orders, desk_page)
    })
    .await;

    // The report is the blocks the kind gave, laid out.
    assert_eq!(report.status, 200, "{}", report.body);
    let r = &report.body;
    assert!(
        r.contains(r#"<section class="card" id="tally"><h1>Tally after turn 1</h1></section>"#),
        "{r}"
    );
    assert!(
        r.contains(r##"<ul><li>Your count: <a href="#count">5</a></li></ul>"##),
        "{r}"
    );
    assert!(
        r.contains(r#"<details id="count"><summary>How it is counted</summary><div><pre>Turn 1: your count is 5."#),
        "{r}"
    );
    assert_eq!(first.status, 200, "{}", first.body);
    assert!(first.body.contains("Tally after turn 0"), "{}", first.body);
    assert!(first.body.contains("your count is 0."), "{}", first.body);

    // The map is the kind's hexes, each linking to its report's anchor.
    assert_eq!(map.status, 200, "{}", map.body);
    let m = &map.body;
    assert!(m.contains("2 hexes known"), "{m}");
    assert!(
        m.contains(r#"aria-label="Map of what the counter knows""#),
        "{m}"
    );
    assert!(m.contains(r##"fill="#abcdef""##), "{m}");
    assert!(m.contains(r#"href="/games/count/reports/1#count""#), "{m}");
    assert!(m.contains("meadow</li>"), "{m}");

    // The orders page has the editor, the kind's template, and no
    // newspaper: the kind offers none.
    assert_eq!(orders.status, 200, "{}", orders.body);
    assert!(orders.body.contains("ADD 1"), "{}", orders.body);
    assert!(!orders.body.contains("newspaper"), "{}", orders.body);

    // The desk names each seat as the kind reads its report.
    assert_eq!(desk_page.status, 200, "{}", desk_page.body);
    assert!(
        desk_page.body.contains("the counter at 5"),
        "{}",
        desk_page.body
    );
}

/// Every Rust file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
}

/// The web's code, outside its tests, neither depends on a game crate nor
/// branches on a kind's name: what it shows of a game it asks the kind.
#[test]
fn the_web_names_no_game_in_its_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let dependencies = manifest
        .split("[dev-dependencies]")
        .next()
        .unwrap_or_default();
    let games = [
        "umpire-overlord",
        "umpire-engarde",
        "umpire-dbr",
        "umpire-nb",
        "umpire-sharp",
    ];
    for game in games {
        assert!(
            !dependencies.contains(game),
            "crates/server depends on {game}"
        );
    }
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 20, "{files:?}");
    let names = [
        "umpire_overlord",
        "umpire_engarde",
        "umpire_dbr",
        "umpire_nb",
        "umpire_sharp",
        "\"overlord\"",
        "\"engarde\"",
    ];
    for (path, text) in &files {
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for name in names {
            assert!(
                !code.contains(name),
                "{path} names {name} outside its tests"
            );
        }
    }
}
