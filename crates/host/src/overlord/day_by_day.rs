//! The turn's events taken day by day while the turn runs: written as
//! compact JSON (`events.json`) and indexed for the reports on a thread of
//! their own, so the second core does this while the first runs the month
//! instead of adding it to the reports' time afterwards.
//!
//! The JSON is byte for byte what `serde_json::to_writer` makes of the
//! whole [`TurnLog`] (`{"turn":N,"events":[…],"month":[…]}`), and the
//! index is [`Index::new`] of it: the log only ever grows, an event is
//! final once pushed, and each is handed over once, in order.

use std::io::Write;
use std::sync::mpsc;

use umpire_overlord::report::seen::Index;
use umpire_overlord::turn::log::{Event, TurnLog};

/// The turn's side: hands the events the log gained since the last call
/// to the thread ([`write_and_index`]).
pub struct Handover {
    to: mpsc::SyncSender<Vec<Event>>,
    /// Emptied lists back from the thread, kept for the next day's events:
    /// a day's copy is megabytes, and a new one each day leaves the heap
    /// full of holes.
    back: mpsc::Receiver<Vec<Event>>,
    sent: usize,
}

impl Handover {
    /// The events of `log` not yet handed over, copied (the turn keeps its
    /// log: later steps read it, and the reports are made from it). A
    /// thread that stopped on an error takes no more; the error is its.
    pub fn send_new(&mut self, log: &TurnLog) {
        let Some(new) = log.events.get(self.sent..) else {
            return;
        };
        if new.is_empty() {
            return;
        }
        self.sent = log.events.len();
        let mut copy = self.back.try_recv().unwrap_or_default();
        copy.extend_from_slice(new);
        // A closed channel means the writing stopped on an error, which
        // `write_and_index` returns.
        let _ = self.to.send(copy);
    }
}

/// A handover and the receiving end for [`write_and_index`].
pub fn channel() -> (Handover, Taken) {
    let (to, from) = mpsc::sync_channel(1);
    let (give_back, back) = mpsc::sync_channel(1);
    (Handover { to, back, sent: 0 }, Taken { from, give_back })
}

/// The thread's side of a [`Handover`].
pub struct Taken {
    from: mpsc::Receiver<Vec<Event>>,
    give_back: mpsc::SyncSender<Vec<Event>>,
}

/// Write the start of turn `turn`'s log and every event that comes, and
/// index them, until the handover is dropped. The index is whole even
/// when writing failed (the error comes with it); [`finish`] writes the
/// rest of the log.
pub fn write_and_index(
    out: &mut dyn Write,
    turn: u32,
    taken: &Taken,
) -> (Index, Result<(), serde_json::Error>) {
    let mut index = Index::default();
    let mut written: Result<(), serde_json::Error> =
        write!(out, "{{\"turn\":{turn},\"events\":[").map_err(serde_json::Error::io);
    let mut count = 0;
    for mut events in &taken.from {
        index.add(count, &events);
        for e in &events {
            if written.is_ok() {
                written = write_event(out, count == 0, e);
            }
            count += 1;
        }
        events.clear();
        // The handover has one list waiting already, or has gone.
        let _ = taken.give_back.try_send(events);
    }
    (index, written)
}

fn write_event(out: &mut dyn Write, first: bool, e: &Event) -> Result<(), serde_json::Error> {
    if !first {
        out.write_all(b",").map_err(serde_json::Error::io)?;
    }
    serde_json::to_writer(&mut *out, e)
}

/// The rest of `log` after its events: the month's figures, and the
/// writer flushed.
pub fn finish(out: &mut dyn Write, log: &TurnLog) -> Result<(), serde_json::Error> {
    out.write_all(b"],\"month\":")
        .map_err(serde_json::Error::io)?;
    serde_json::to_writer(&mut *out, &log.month)?;
    out.write_all(b"}").map_err(serde_json::Error::io)?;
    out.flush().map_err(serde_json::Error::io)
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use proptest::prelude::*;
    use umpire_overlord::generate::bots::bot_orders;
    use umpire_overlord::generate::world::{MapSize, WorldParams, generate};
    use umpire_overlord::world::World;

    use super::*;
    use crate::overlord::game_dir::rules;
    use crate::overlord::play::{Play, Source, play};

    /// A small generated world's turn played with every faction's bot
    /// orders, as the folder plays it: the log `play` returned and what it
    /// wrote as `events.json`.
    fn played() -> &'static (TurnLog, Vec<u8>) {
        static PLAYED: OnceLock<(TurnLog, Vec<u8>)> = OnceLock::new();
        PLAYED.get_or_init(|| {
            let rules = rules().unwrap();
            let params = WorldParams {
                game: "streamed".into(),
                seed: 7,
                factions: 12,
                size: MapSize::SMALL,
            };
            let mut world: World = generate(&rules, &params).unwrap().world;
            let orders: Vec<(String, Vec<u8>)> = world
                .factions
                .iter()
                .map(|(id, f)| {
                    let text = bot_orders(&world, &rules, id, 11);
                    (format!("f{}", f.number), text.into_bytes())
                })
                .collect();
            let sources: Vec<Source<'_>> = orders
                .iter()
                .map(|(name, bytes)| Source {
                    name,
                    bytes,
                    password_checked: true,
                })
                .collect();
            let mut events = Vec::new();
            let played = play(
                &mut world,
                &rules,
                Play {
                    orders: &sources,
                    press: &[],
                    next: "soon",
                    color: false,
                    compact_json: true,
                    on_day: &mut |_| {},
                    on_report: &mut |_, _| {},
                    events: &mut events,
                },
                &mut |_| Ok::<(), serde_json::Error>(()),
            )
            .unwrap();
            (played.log, events)
        })
    }

    #[test]
    fn a_played_turn_writes_its_whole_log_as_one_json_document() {
        let (log, written) = played();
        assert!(log.events.len() > 1000, "{} events", log.events.len());
        assert!(log.events.iter().any(|e| e.seen_by.len() > 1));
        assert_eq!(written, &serde_json::to_vec(log).unwrap());
    }

    /// The log handed over in pieces cut at `cuts`, as days end.
    fn handed_over(log: &TurnLog, cuts: &[proptest::sample::Index]) -> (Index, Vec<u8>) {
        let mut out = Vec::new();
        let (index, written) = std::thread::scope(|s| {
            let (mut handover, taken) = channel();
            let writing = &mut out;
            let writer = s.spawn(move || write_and_index(writing, log.turn, &taken));
            let mut sorted: Vec<usize> =
                cuts.iter().map(|c| c.index(log.events.len() + 1)).collect();
            sorted.sort_unstable();
            for cut in sorted {
                let so_far = TurnLog {
                    events: log.events[..cut].to_vec(),
                    ..TurnLog::default()
                };
                handover.send_new(&so_far);
            }
            handover.send_new(log);
            drop(handover);
            writer.join().unwrap()
        });
        written.unwrap();
        finish(&mut out, log).unwrap();
        (index, out)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(32)
        ))]

        /// However the events are cut into days, the JSON is the whole
        /// log's, byte for byte, and the index the whole log's.
        #[test]
        fn any_cutting_of_the_log_writes_and_indexes_it_whole(
            cuts in proptest::collection::vec(any::<proptest::sample::Index>(), 0..40)
        ) {
            let (log, _) = played();
            let (index, json) = handed_over(log, &cuts);
            prop_assert_eq!(json, serde_json::to_vec(log).unwrap());
            prop_assert_eq!(index, Index::new(log));
        }
    }
}
