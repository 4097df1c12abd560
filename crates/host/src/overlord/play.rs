//! One Overlord turn played from stored orders, in memory: the orders and
//! articles read, the month run by the engine, and every faction's report
//! and order template. A game folder ([`super::turn`]) and the host both
//! play a turn this way and only keep the results differently.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use umpire_core::diagnostic::{RenderOptions, render};
use umpire_overlord::orders::{self, Envelope, OrderSet, ParseOptions, Vocabulary};
use umpire_overlord::report::knowledge::{Discovered, remember};
use umpire_overlord::report::model::Report;
use umpire_overlord::report::text::{self, Inputs, Reports};
use umpire_overlord::rules::Rules;
use umpire_overlord::turn::economy::rewards;
use umpire_overlord::turn::log::{TurnLog, What};
use umpire_overlord::turn::{Economy, Hooks, Turn, run_turn_with};
use umpire_overlord::world::{FactionId, World};

use super::day_by_day::{self, Handover};

/// The full game's economy, telling the caller as each day ends and
/// handing the day's events to be written and indexed.
struct Progress<'a>(&'a mut dyn FnMut(u8), Economy, Handover);

impl Hooks for Progress<'_> {
    fn rewards(&mut self, t: &mut Turn<'_>) {
        self.1.rewards(t);
    }
    fn markets(&mut self, t: &mut Turn<'_>) {
        self.1.markets(t);
    }
    fn recruits(&mut self, t: &mut Turn<'_>) {
        self.1.recruits(t);
    }
    fn mana(&mut self, t: &mut Turn<'_>) {
        self.1.mana(t);
    }
    fn taxes(&mut self, t: &mut Turn<'_>) {
        self.1.taxes(t);
    }
    fn wages(&mut self, t: &mut Turn<'_>) {
        self.1.wages(t);
    }
    fn upkeep(&mut self, t: &mut Turn<'_>) {
        self.1.upkeep(t);
    }
    fn evolve(&mut self, t: &mut Turn<'_>) {
        self.1.evolve(t);
    }
    fn day_done(&mut self, t: &mut Turn<'_>, day: u8) {
        self.1.day_done(t, day);
        self.2.send_new(&t.log);
        (self.0)(day);
    }
}

/// A file of orders or articles: its name (for findings) and its bytes.
pub struct Source<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
    /// Its orders' passwords were checked when they came in, or the game
    /// master wrote them: the turn does not check them again.
    pub password_checked: bool,
}

/// How to play a turn.
pub struct Play<'a> {
    /// Order files: every envelope of every file is read (mail bodies are
    /// fine); bad orders are reported and left out, never the whole file.
    pub orders: &'a [Source<'a>],
    /// Article files (`#PRESS`, `#RUMOR`).
    pub press: &'a [Source<'a>],
    /// When the next turn runs, for the reports' header.
    pub next: &'a str,
    /// Colour the rendered order errors.
    pub color: bool,
    /// Write the JSON reports compact (for a database) rather than
    /// indented (for files people read).
    pub compact_json: bool,
    /// Called as each of the 30 days ends.
    pub on_day: &'a mut dyn FnMut(u8),
    /// Called as each report is handed over: how many so far, of how many.
    pub on_report: &'a mut dyn FnMut(usize, usize),
    /// Where the log goes as compact JSON (`events.json`): written on a
    /// thread of its own day by day while the turn runs
    /// ([`day_by_day`]), never held whole in memory unless this is a
    /// vector.
    pub events: &'a mut (dyn std::io::Write + Send),
}

/// A faction's report of the turn.
pub struct FactionReport {
    pub number: u32,
    pub text: String,
    /// The same report as JSON (docs/overlord-report-schema.md).
    pub json: Vec<u8>,
    /// The order template for the next turn, unless the faction resigned.
    pub template: Option<String>,
}

/// What a turn did.
pub struct Played {
    pub log: TurnLog,
    /// The engine's time, without reading orders or writing reports.
    pub took: Duration,
    /// Order sets read.
    pub sets: usize,
    /// Articles read.
    pub articles: usize,
    /// Every order left out for an error, rendered compiler-style.
    pub errors: Vec<String>,
}

/// What the game master is told of a turn, counted in one pass over its
/// events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub departed: usize,
    pub arrived: usize,
    pub turned_back: usize,
    pub battles: usize,
    pub orders_refused: usize,
    pub sections_refused: usize,
    pub orders_dropped: usize,
    pub not_adjudicated: usize,
}

impl Tally {
    pub fn of(log: &TurnLog) -> Tally {
        let mut t = Tally::default();
        for e in &log.events {
            let n = match e.what {
                What::Departed { .. } => &mut t.departed,
                What::Arrived { .. } => &mut t.arrived,
                What::TurnedBack { .. } => &mut t.turned_back,
                What::Battle { .. } => &mut t.battles,
                What::OrdersRefused { .. } => &mut t.orders_refused,
                What::SectionRefused { .. } => &mut t.sections_refused,
                What::OrderDropped { .. } => &mut t.orders_dropped,
                What::NotAdjudicated { .. } => &mut t.not_adjudicated,
                _ => continue,
            };
            *n += 1;
        }
        t
    }
}

/// Read the order and article files into order sets and articles.
fn read_sources(play: &Play<'_>) -> (Vec<OrderSet>, Vec<Envelope>, Vec<String>) {
    let parse = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let render_opts = RenderOptions { color: play.color };
    let mut sets: Vec<OrderSet> = Vec::new();
    let mut articles: Vec<Envelope> = Vec::new();
    let mut errors = Vec::new();
    let all = play
        .orders
        .iter()
        .map(|s| (s, false))
        .chain(play.press.iter().map(|s| (s, true)));
    for (source, is_press) in all {
        let checked = orders::check(source.name, source.bytes, parse);
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            errors.push(render(d, Some(&checked.source), render_opts));
        }
        for e in checked.message.envelopes {
            match e {
                Envelope::Orders(mut set) if !is_press => {
                    set.header.password_checked = source.password_checked;
                    sets.push(set);
                }
                // Articles earn press rewards (OV-PRESS-005).
                e @ (Envelope::Press(_) | Envelope::Rumor(_)) => articles.push(e),
                Envelope::Orders(_) | Envelope::Report(_) => {}
            }
        }
    }
    (sets, articles, errors)
}

/// Play the next turn of `world`: it becomes the world after the turn.
/// Each faction's report is handed to `report` as it is written (a faction
/// that resigned this turn gets its last one, without a template); what
/// each faction learnt is remembered in the world, so the next report
/// shows only new knowledge (OV-REP-037, 039).
pub fn play<E: From<serde_json::Error>>(
    world: &mut World,
    rules: &Rules,
    play: Play<'_>,
    report: &mut dyn FnMut(FactionReport) -> Result<(), E>,
) -> Result<Played, E> {
    let (sets, articles, errors) = read_sources(&play);
    let compact = play.compact_json;
    let out = play.events;
    let started = Instant::now();
    let seed = world.seed;
    let turn = world.turn + 1;
    // Articles are checked against the game before the turn.
    let published = rewards::published(world, &articles);
    let authors = published.iter().map(|p| (p.author, p.kind)).collect();
    // The events are written and indexed on the second core as each day
    // ends, while the turn runs on this one.
    let (log, index, written) = std::thread::scope(|s| {
        let (handover, taken) = day_by_day::channel();
        let writing: &mut (dyn std::io::Write + Send) = &mut *out;
        let writer = s.spawn(move || day_by_day::write_and_index(writing, turn, &taken));
        let mut progress = Progress(play.on_day, Economy::with_press(authors), handover);
        let log = run_turn_with(world, rules, &sets, seed, &mut progress);
        progress.2.send_new(&log);
        drop(progress);
        let (index, written) = writer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (log, index, written)
    });
    let took = started.elapsed();
    written?;
    day_by_day::finish(out, &log)?;

    let inputs = Inputs {
        world,
        rules,
        log: &log,
        next_turn: play.next,
        press: &published,
    };
    let all = Reports::with_index(inputs, index);
    // A faction that resigned this turn gets its last report.
    let resigned_now: Vec<FactionId> = log
        .events
        .iter()
        .filter_map(|e| match e.what {
            What::Resigned { faction, .. } => Some(faction),
            _ => None,
        })
        .collect();
    let readers: Vec<Reader> = world
        .factions
        .iter()
        .filter(|(id, f)| !f.resigned || resigned_now.contains(id))
        .map(|(id, f)| Reader {
            faction: id,
            number: f.number,
            resigned: f.resigned,
        })
        .collect();
    let learnt = each_report(&all, &readers, compact, report, play.on_report)?;
    drop(all);
    for (f, d) in &learnt {
        remember(world, *f, d);
    }
    Ok(Played {
        log,
        took,
        sets: sets.len(),
        articles: articles.len(),
        errors,
    })
}

/// A faction that gets a report this turn.
#[derive(Clone, Copy)]
struct Reader {
    faction: FactionId,
    number: u32,
    resigned: bool,
}

/// A reader's report and what it learnt, or `None` for a faction the
/// world does not hold.
type Made = Result<Option<(FactionReport, Discovered)>, serde_json::Error>;

fn make(all: &Reports<'_>, r: Reader, compact: bool) -> Made {
    // The text and the JSON from one model, so they tell the same.
    let Some((model, discovered)) = all.model_and_discovered(r.faction) else {
        return Ok(None);
    };
    Ok(Some((
        faction_report(r.number, r.resigned, &model, compact)?,
        discovered,
    )))
}

/// Every reader's report, handed to `report` in the readers' order, and
/// what each learnt. The reports are made on every core the machine has
/// (each is a pure function of the turn), and handed over on this thread
/// as they come in order, so what is written and in what order does not
/// depend on the cores. The first error stops the making.
fn each_report<E: From<serde_json::Error>>(
    all: &Reports<'_>,
    readers: &[Reader],
    compact: bool,
    report: &mut dyn FnMut(FactionReport) -> Result<(), E>,
    on_report: &mut dyn FnMut(usize, usize),
) -> Result<Vec<(FactionId, Discovered)>, E> {
    let workers = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(readers.len());
    let mut learnt = Vec::with_capacity(readers.len());
    let mut take = |r: Reader, made: Made| -> Result<(), E> {
        if let Some((fr, discovered)) = made? {
            report(fr)?;
            learnt.push((r.faction, discovered));
        }
        on_report(learnt.len(), readers.len());
        Ok(())
    };
    if workers <= 1 {
        for &r in readers {
            take(r, make(all, r, compact))?;
        }
        return Ok(learnt);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let outcome = std::thread::scope(|s| {
        let (tx, rx) = mpsc::sync_channel::<(usize, Made)>(workers * 4);
        for _ in 0..workers {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            s.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&r) = readers.get(i) else { break };
                    if tx.send((i, make(all, r, compact))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Reports that came before their turn wait here.
        let mut early: BTreeMap<usize, Made> = BTreeMap::new();
        let mut want = 0;
        let mut outcome = Ok(());
        for (i, made) in rx {
            early.insert(i, made);
            while let Some(made) = early.remove(&want) {
                let r = readers[want];
                want += 1;
                if outcome.is_ok() {
                    outcome = take(r, made);
                    if outcome.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        outcome
    });
    outcome.map(|()| learnt)
}

fn faction_report(
    number: u32,
    resigned: bool,
    model: &Report<'_>,
    compact: bool,
) -> Result<FactionReport, serde_json::Error> {
    Ok(FactionReport {
        number,
        text: text::render(model),
        json: if compact {
            serde_json::to_vec(model)?
        } else {
            serde_json::to_vec_pretty(model)?
        },
        // The order template for the next turn (OV-REP-041).
        template: (!resigned).then(|| model.template.clone()),
    })
}

/// Faction `number`'s report of where it stands, before any turn of its
/// own: the rules' initial turn report, with its order template.
pub fn welcome(
    world: &World,
    rules: &Rules,
    number: u32,
    next: &str,
) -> Result<Option<FactionReport>, serde_json::Error> {
    let Some(fid) = world.faction_by_number(number) else {
        return Ok(None);
    };
    let log = TurnLog {
        turn: world.turn,
        ..TurnLog::default()
    };
    let inputs = Inputs {
        world,
        rules,
        log: &log,
        next_turn: next,
        press: &[],
    };
    let all = Reports::new(inputs);
    let Some((model, _)) = all.model_and_discovered(fid) else {
        return Ok(None);
    };
    faction_report(number, false, &model, true).map(Some)
}
