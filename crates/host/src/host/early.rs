//! A turn that runs early when everyone is ready (the game's `early`
//! setting, off by default).
//!
//! The rules, in one place:
//!
//! - The seats that count are those in play (`status.plays()`) that no bot
//!   plays (a bot's orders are written when the turn runs) and that are
//!   not on leave (`host/leave.rs`).
//! - `sent`: a seat is ready when it has orders kept for the turn being
//!   collected and has not said `#NOTREADY` (or pressed Not ready) since.
//! - `ready`: a seat is ready when it has orders kept for the turn and has
//!   marked them ready (`#READY` in the envelope, or the web's Ready
//!   button) since it last sent orders.
//! - Orders sent without a word clear the seat's earlier word; orders sent
//!   with one keep it. A word alone (an envelope with no orders besides its
//!   header, or the web's button) changes only the word, never the orders.
//! - When every seat that counts is ready, the turn runs `grace_minutes`
//!   after the last change any of them made (orders or a word), or after
//!   the world last changed (the turn before ran, a rollback, a join) if
//!   that is later: orders sent for it in advance wait for the players to
//!   read the report before, and a rolled-back turn gives the game master
//!   the grace to pause it. A player who changes their mind within the
//!   grace sends new orders (which starts the grace again and, in `ready`,
//!   takes their mark away unless they carry `#READY`) or says not ready,
//!   and the turn waits.
//! - A game that is paused, held by the safety valve, or has no seat that
//!   counts never runs early. The safety valve does not apply to an early
//!   run: everyone sent.
//!
//! An early run is the same run as at the deadline (the same orders,
//! world and next deadline, so the same reports); only the letters say it
//! ran early, and why.

use super::{Early, Host, HostError, Result, Settings};
use crate::envelope::Word;
use crate::schedule::{describe, from_ms};
use crate::store::{self, GameRow, Status};

/// A seat that counts, as the early run sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatReadiness {
    pub seat: String,
    pub name: String,
    /// Orders kept for the turn being collected.
    pub sent: bool,
    /// Its word on them: ready, not ready, or none.
    pub mark: Option<bool>,
    /// Ready, by the game's setting.
    pub ready: bool,
}

/// Who the turn being collected waits for before it may run early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readiness {
    pub early: Early,
    pub grace_minutes: u32,
    /// The turn being collected.
    pub turn: u32,
    /// Every seat that counts, by seat.
    pub seats: Vec<SeatReadiness>,
    /// How many of them are not ready yet.
    pub waiting: usize,
    /// The last change that counts (orders or a word), ms since 1970.
    pub last: Option<i64>,
    /// When the turn runs early, if every seat is ready (ms since 1970):
    /// the last change and the grace.
    pub at: Option<i64>,
}

impl Readiness {
    /// The early run's time, as players read it.
    pub fn at_text(&self, zone: &str) -> Option<String> {
        self.at.map(|a| describe(from_ms(a), zone))
    }
}

/// Who is ready for `turn` of `row`, read in `c` (inside a transaction,
/// it sees what the transaction kept).
pub(crate) async fn readiness_in(
    c: &mut sqlx::AnyConnection,
    row: &GameRow,
    settings: &Settings,
    turn: u32,
) -> Result<Readiness> {
    let orders = store::orders_for(c, &row.id, turn).await?;
    let marks = store::marks_in(c, &row.id, turn).await?;
    let mut seats = Vec::new();
    let mut last: Option<i64> = None;
    let away = store::on_leave_in(c, &row.id, turn).await?;
    for s in store::seats_in(c, &row.id).await? {
        if !s.status.plays() || settings.bots.contains(&s.seat) || away.contains(&s.seat) {
            continue;
        }
        let sent = orders.iter().find(|o| o.seat == s.seat);
        let mark = marks.iter().find(|m| m.seat == s.seat);
        for at in [sent.map(|o| o.received_at), mark.map(|m| m.at)]
            .into_iter()
            .flatten()
        {
            last = Some(last.map_or(at, |l| l.max(at)));
        }
        let mark = mark.map(|m| m.ready);
        let ready = sent.is_some()
            && match settings.early {
                Early::Off | Early::Sent => mark != Some(false),
                Early::Ready => mark == Some(true),
            };
        seats.push(SeatReadiness {
            seat: s.seat.clone(),
            name: s.name.clone(),
            sent: sent.is_some(),
            mark,
            ready,
        });
    }
    let waiting = seats.iter().filter(|s| !s.ready).count();
    let world = store::world_made_at(c, &row.id, row.world_rev).await?;
    let at = match (settings.early, last) {
        (Early::Sent | Early::Ready, Some(l)) if waiting == 0 && !seats.is_empty() => {
            Some(l.max(world.unwrap_or(l)) + i64::from(settings.grace_minutes) * 60_000)
        }
        _ => None,
    };
    Ok(Readiness {
        early: settings.early,
        grace_minutes: settings.grace_minutes,
        turn,
        seats,
        waiting,
        last,
        at,
    })
}

/// What a seat's answer says of its word and of the early run, after
/// `kept_turn`'s orders (or word) were kept: None when there is nothing
/// to say (the game never runs early and the seat said nothing).
pub(crate) fn words_for(
    settings: &Settings,
    kept_turn: u32,
    word: Option<Word>,
    r: &Readiness,
) -> Option<String> {
    let said = match word {
        Some(Word::Ready) => "marked ready",
        Some(Word::NotReady) => "marked not ready",
        None => "",
    };
    if settings.early == Early::Off {
        return word.map(|_| {
            format!(
                "; {said}, which changes nothing here: this game runs each turn at its deadline"
            )
        });
    }
    if kept_turn != r.turn {
        return word.map(|_| format!("; {said} for turn {kept_turn}"));
    }
    let turn = r.turn;
    let mut out = match word {
        Some(Word::Ready) => format!("; {said}"),
        Some(Word::NotReady) => format!(
            "; {said}: turn {turn} does not run early until you send orders again or mark them ready"
        ),
        None if settings.early == Early::Ready => {
            "; not marked ready (add a #READY line, or press Ready on the orders page, when they are final)"
                .to_string()
        }
        None => String::new(),
    };
    match (r.at, r.waiting) {
        (Some(at), _) => out.push_str(&format!(
            "; every seat is ready, so turn {turn} runs early, at {}, unless someone changes their orders or says not ready before then",
            describe(from_ms(at), &settings.zone)
        )),
        (None, n) if n > 0 && word != Some(Word::NotReady) => out.push_str(&format!(
            "; turn {turn} runs early once every seat is ready: it still waits for {n} seat{}",
            if n == 1 { "" } else { "s" }
        )),
        _ => {}
    }
    Some(out)
}

/// The players' and the game master's word on a turn that ran early:
/// when every seat was ready (every seat not on leave, when `leave` some
/// were), and the deadline it did not wait for.
pub(crate) fn ran_early(
    settings: &Settings,
    row: &GameRow,
    turn: u32,
    leave: bool,
) -> Option<String> {
    let since = row.running_early?;
    let deadline = row
        .running_deadline
        .map(|d| {
            format!(
                ", before its deadline ({})",
                describe(from_ms(d), &settings.zone)
            )
        })
        .unwrap_or_default();
    Some(format!(
        "Turn {turn} ran early{deadline}: every seat in play{} had {} by {}, and nobody changed their mind in the {} minute{} after.",
        if leave { " and not on leave" } else { "" },
        match settings.early {
            Early::Ready => "sent orders and marked them ready",
            _ => "sent orders",
        },
        describe(from_ms(since), &settings.zone),
        settings.grace_minutes,
        if settings.grace_minutes == 1 { "" } else { "s" }
    ))
}

impl Host {
    /// Who the turn being collected in `game` waits for before it may run
    /// early, and when it would.
    pub async fn readiness(&self, game: &str) -> Result<Readiness> {
        let row = self.game(game).await?;
        let settings = Settings::of(&row);
        let mut c =
            self.store().pool().acquire().await.map_err(|e| {
                HostError::Store(store::StoreError::db("cannot reach the database")(e))
            })?;
        readiness_in(&mut c, &row, &settings, row.turn + 1).await
    }

    /// When the turn being collected in `row` may run early now: the last
    /// change every seat's readiness stands on. None when it may not (the
    /// setting is off, the game is paused or held, a run is under way,
    /// someone is not ready, or the grace has not passed).
    pub(super) async fn early_due(&self, row: &GameRow, now: i64) -> Result<Option<i64>> {
        let settings = Settings::of(row);
        let collecting = row.turn + 1;
        if settings.early == Early::Off
            || row.status != Status::Open
            || row.held_turn == collecting
            || row.running_turn.is_some()
        {
            return Ok(None);
        }
        let mut c =
            self.store().pool().acquire().await.map_err(|e| {
                HostError::Store(store::StoreError::db("cannot reach the database")(e))
            })?;
        let r = readiness_in(&mut c, row, &settings, collecting).await?;
        Ok(match (r.at, r.last) {
            (Some(at), Some(last)) if at <= now => Some(last),
            _ => None,
        })
    }

    /// A seat's word on the orders it sent for the turn being collected
    /// (the web's Ready and Not ready buttons): kept, and the answer's
    /// words. Refused when the seat is out of play, has no orders for the
    /// turn, or the turn is being run.
    pub async fn mark_ready(&self, game: &str, seat: &str, word: Word) -> Result<String> {
        let s = self.seat_of(game, seat).await?;
        if !s.status.plays() {
            return Err(HostError::Refused(format!(
                "{seat} is no longer in the game ({})",
                s.status.as_str()
            )));
        }
        let (mut tx, row) = self.write_on(game).await?;
        let settings = Settings::of(&row);
        let collecting = row.turn + 1;
        if row.running_turn == Some(collecting) {
            return Err(HostError::Refused(crate::receipt::running_refusal(
                collecting,
            )));
        }
        let sent = store::orders_for(&mut tx, game, collecting)
            .await?
            .into_iter()
            .any(|o| o.seat == seat);
        if !sent {
            return Err(HostError::Refused(format!(
                "{seat} has sent no orders for turn {collecting} yet: send them first, then mark them ready"
            )));
        }
        store::set_mark(&mut tx, game, collecting, seat, Some(word.ready())).await?;
        let r = readiness_in(&mut tx, &row, &settings, collecting).await?;
        let words = words_for(&settings, collecting, Some(word), &r).unwrap_or_default();
        store::commit(tx, "the seat's word on its orders").await?;
        Ok(format!("{seat}: orders for turn {collecting}{words}",))
    }

    /// Set when turns run early (None: keep) and the grace before an early
    /// run, in minutes (None: keep); written to the audit log.
    pub async fn set_early(
        &self,
        game: &str,
        early: Option<Early>,
        grace_minutes: Option<u32>,
        actor: &str,
    ) -> Result<GameRow> {
        self.change(game, actor, "early", move |_, settings| {
            if let Some(e) = early {
                settings.early = e;
            }
            if let Some(g) = grace_minutes {
                settings.grace_minutes = g;
            }
            Ok(format!(
                "early {}: {}; grace {} minutes",
                settings.early,
                settings.early.describe(),
                settings.grace_minutes
            ))
        })
        .await
    }
}
