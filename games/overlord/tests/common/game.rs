//! The hand-built worlds of the scenario tests: a row of plains, factions
//! f1, f2…, units added one by one, orders written as players write them
//! and a month run. Shared by `tests/turn` and the report tests through
//! `#[path]`.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, OnceLock};

use umpire_core::ids::TypedId;
use umpire_overlord::orders::{Envelope, OrderSet, ParseOptions, Vocabulary, parse_message};
use umpire_overlord::rules::Rules;
use umpire_overlord::rules::terrains::Direction;
use umpire_overlord::turn::economy::rewards;
use umpire_overlord::turn::{Economy, Event, NoEconomy, TurnLog, What, run_turn_with};
use umpire_overlord::world::{
    Exit, Faction, FactionId, Location, LocationId, Player, Role, Unit, UnitId, World,
};

pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::bundled().expect("bundled rules"))
}

/// A row of plains hexes L1 – L2 – L3 … joined north–south (L1 is north of
/// L2), factions f1, f2…, and units added by the tests.
pub struct Game {
    pub w: World,
}

impl Game {
    pub fn new(locations: u32, factions: u32) -> Game {
        let r = rules();
        let plains = r.terrain("plai").unwrap();
        let fair = r.weather("fair").unwrap();
        let mut w = World {
            game: "test".into(),
            seed: 7,
            ..World::default()
        };
        for n in 1..=factions {
            w.factions
                .push(Faction::new(n, format!("Faction {n}"), Player::Human));
        }
        for n in 1..=locations {
            let mut l = Location::new(n, plains, fair);
            l.name = format!("Place {n}");
            w.locations.push(l);
        }
        for n in 1..locations {
            let (a, b) = (
                LocationId::from_index(n as usize - 1),
                LocationId::from_index(n as usize),
            );
            w.locations[a].exits.push(Exit {
                direction: Direction::South,
                to: b,
                only: None,
                road: false,
            });
            w.locations[b].exits.push(Exit {
                direction: Direction::North,
                to: a,
                only: None,
                road: false,
            });
        }
        Game { w }
    }

    pub fn loc(&self, n: u32) -> LocationId {
        LocationId::from_index(n as usize - 1)
    }

    pub fn faction(&self, n: u32) -> FactionId {
        FactionId::from_index(n as usize - 1)
    }

    /// Make f`n` the game's non-player faction playing `role`, named as
    /// the rules name it.
    pub fn npc(&mut self, n: u32, role: Role) -> FactionId {
        let f = self.faction(n);
        let faction = &mut self.w.factions[f];
        faction.name = role.as_str().into();
        faction.player = Player::Npc;
        faction.role = Some(role);
        f
    }

    /// Unit U<next> of faction `f`, `figures` of `race`, at L`at`.
    pub fn unit(&mut self, f: u32, race: &str, figures: u32, at: u32) -> UnitId {
        let race = rules().race(race).unwrap();
        let n = u32::try_from(self.w.units.len()).unwrap() + 1;
        let (f, l) = (self.faction(f), self.loc(at));
        let id = self.w.units.push(Unit::new(n, f, race, figures, l));
        self.w.locations[l].units.push(id);
        id
    }

    pub fn leader(&mut self, f: u32, at: u32) -> UnitId {
        self.unit(f, "ldr", 1, at)
    }

    /// Pending orders, as if left from last turn.
    pub fn orders(&mut self, u: UnitId, lines: &[&str]) {
        self.w.units[u].orders = lines.iter().map(|s| s.to_string()).collect();
    }

    pub fn learn(&mut self, u: UnitId, skill: &str, level: u8) {
        let r = rules();
        let s = r.skill(skill).unwrap();
        let xp = r.skills[s].levels[usize::from(level) - 1].experience;
        self.w.units[u].learn(s, xp);
    }

    /// Seat land title `tag` (`shrf`, `mayo`…) at L`at`, held by `holder`:
    /// its faction may GUARD the title's area (OV-GRD-003).
    pub fn title(&mut self, at: u32, tag: &str, holder: UnitId) {
        let title = rules().title(tag).unwrap();
        let l = self.loc(at);
        self.w.locations[l]
            .titles
            .push(umpire_overlord::world::Seat {
                title,
                holder: Some(holder),
            });
    }

    pub fn stack(&mut self, u: UnitId, under: UnitId) {
        self.w.units[u].stack_parent = Some(under);
    }

    /// Run a month of the full game (the economy on) with these order
    /// files' text.
    pub fn run(&mut self, mail: &[&str]) -> TurnLog {
        let sets = order_sets(mail);
        let seed = self.w.seed;
        let press = rewards::authors(&self.w, &articles(mail));
        let log = run_turn_with(
            &mut self.w,
            rules(),
            &sets,
            seed,
            &mut Economy::with_press(press),
        );
        let problems = self.w.check();
        assert!(problems.is_empty(), "{problems:?}");
        log
    }

    /// Run a month of the engine alone (no wages, upkeep or evolution),
    /// for tests whose figures the economy would disturb.
    pub fn run_bare(&mut self, mail: &[&str]) -> TurnLog {
        let sets = order_sets(mail);
        let seed = self.w.seed;
        let log = run_turn_with(&mut self.w, rules(), &sets, seed, &mut NoEconomy);
        let problems = self.w.check();
        assert!(problems.is_empty(), "{problems:?}");
        log
    }

    pub fn pending(&self, u: UnitId) -> Vec<String> {
        self.w.units[u].orders.clone()
    }

    /// Faction f`f`'s text report of the month `log`.
    pub fn report(&self, log: &TurnLog, f: u32) -> String {
        use umpire_overlord::report::text::{Inputs, Reports};
        let press = Vec::new();
        Reports::new(Inputs {
            world: &self.w,
            rules: rules(),
            log,
            next_turn: "soon",
            press: &press,
        })
        .report(self.faction(f))
    }
}

pub fn order_sets(mail: &[&str]) -> Vec<OrderSet> {
    let mut out = Vec::new();
    for text in mail {
        let src: Arc<str> = Arc::from("mail");
        let p = parse_message(
            &src,
            text,
            ParseOptions {
                vocabulary: Some(Vocabulary::builtin()),
            },
        );
        let errors: Vec<_> = p.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        for e in p.message.envelopes {
            if let Envelope::Orders(s) = e {
                out.push(s);
            }
        }
    }
    out
}

/// The `#PRESS` and `#RUMOR` envelopes in these messages.
pub fn articles(mail: &[&str]) -> Vec<Envelope> {
    let mut out = Vec::new();
    for text in mail {
        let src: Arc<str> = Arc::from("mail");
        let p = parse_message(
            &src,
            text,
            ParseOptions {
                vocabulary: Some(Vocabulary::builtin()),
            },
        );
        out.extend(
            p.message
                .envelopes
                .into_iter()
                .filter(|e| matches!(e, Envelope::Press(_) | Envelope::Rumor(_))),
        );
    }
    out
}

/// The first event of `u` matching `f`.
pub fn first(log: &TurnLog, u: UnitId, f: impl Fn(&What) -> bool) -> Option<&Event> {
    log.of_unit(u).find(|e| f(&e.what))
}

/// The day of the first event of `u` matching `f`.
pub fn day_of(log: &TurnLog, u: UnitId, f: impl Fn(&What) -> bool) -> Option<u8> {
    first(log, u, f).map(|e| e.day)
}

pub fn worked(log: &TurnLog, u: UnitId) -> u32 {
    log.of_unit(u)
        .find_map(|e| match e.what {
            What::Worked { days } => Some(days),
            _ => None,
        })
        .unwrap_or(0)
}

pub fn departed(w: &What) -> bool {
    matches!(w, What::Departed { .. })
}

pub fn arrived(w: &What) -> bool {
    matches!(w, What::Arrived { .. })
}

/// Why each order `u` keeps for next month was kept, as its faction is
/// told at the month's end.
pub fn kept_why(log: &TurnLog, u: UnitId) -> Vec<String> {
    log.events
        .iter()
        .filter(|e| e.unit == Some(u))
        .filter_map(|e| match &e.what {
            What::OrderKept { why, .. } => Some(why.clone()),
            _ => None,
        })
        .collect()
}
