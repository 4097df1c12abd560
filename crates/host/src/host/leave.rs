//! A player on leave for some turns: `#LEAVE 2` in a mail (the next two
//! turns, counting the one being collected), `#LEAVE OFF` to come back,
//! or the form on their web page.
//!
//! The rules, in one place:
//!
//! - A seat is on leave for every turn from the one being collected when
//!   it asked up to the last turn of its leave; after that it plays again
//!   by itself, and `#LEAVE OFF` ends the leave at once.
//! - While on leave it gets no reminders, is not counted as missing
//!   (no warnings for turns without orders, no hand-over to the game
//!   master, not holding the safety valve), and no early run waits for it.
//! - Its orders carry on as the rules do; or, when the game master chose
//!   it (the game's `leave_bot`), its bot plays it (`host/bots.rs`).
//! - A leave is at most the game's `max_leave` turns (0: no leave);
//!   longer is refused, and the answer says why.

use super::{Host, HostError, Result, Settings};
use crate::envelope::Leave;
use crate::store::{self, GameRow};

/// The last turn of a leave asked while `collecting` is collected (None:
/// the leave ends), or why it is refused.
pub(crate) fn until(
    settings: &Settings,
    collecting: u32,
    leave: Leave,
) -> std::result::Result<Option<u32>, String> {
    let max = settings.max_leave;
    match leave {
        Leave::Off => Ok(None),
        Leave::Turns(_) if max == 0 => Err(
            "this game allows no leave; write to the game master if you must be away".to_string(),
        ),
        Leave::Turns(0) => Err(format!(
            "write #LEAVE and how many turns you are away (1 to {max}), or #LEAVE OFF"
        )),
        Leave::Turns(n) if n > max => Err(format!(
            "a leave of {n} turns is longer than this game allows ({max} at most); ask the game master if you must be away longer"
        )),
        Leave::Turns(n) => Ok(Some(collecting.saturating_add(n - 1))),
    }
}

/// What a seat is told of its leave.
pub(crate) fn said(settings: &Settings, collecting: u32, until: Option<u32>) -> String {
    let carry = if settings.leave_bot {
        "a bot plays your seat meanwhile"
    } else {
        "your orders carry on as the rules say meanwhile"
    };
    match until {
        Some(u) if u <= collecting => format!(
            "on leave for turn {collecting} only, until turn {u}: no reminders, and it does not count as missed; {carry}; you are back from turn {}",
            u + 1
        ),
        Some(u) => format!(
            "on leave for turns {collecting} to {u}, until turn {u}: no reminders, and they do not count as missed; {carry}; you are back from turn {}",
            u + 1
        ),
        None => format!("not on leave: you play turn {collecting} and on"),
    }
}

/// Keep `seat`'s leave in `tx`, asked while `row` collects its next
/// turn: what the seat is told, or why it is refused.
pub(crate) async fn take(
    tx: &mut sqlx::AnyConnection,
    row: &GameRow,
    seat: &str,
    leave: Leave,
) -> Result<std::result::Result<String, String>> {
    let settings = Settings::of(row);
    let collecting = row.turn + 1;
    let last = match until(&settings, collecting, leave) {
        Ok(l) => l,
        Err(why) => return Ok(Err(why)),
    };
    store::set_leave(tx, &row.id, seat, last).await?;
    Ok(Ok(said(&settings, collecting, last)))
}

impl Host {
    /// A seat's leave asked on the web: kept, and what the seat is told.
    /// Refused when the seat is out of play, the turn is being run, or the
    /// leave is longer than the game allows.
    pub async fn leave(&self, game: &str, seat: &str, leave: Leave) -> Result<String> {
        let s = self.seat_of(game, seat).await?;
        if !s.status.plays() {
            return Err(HostError::Refused(format!(
                "{seat} is no longer in the game ({})",
                s.status.as_str()
            )));
        }
        let (mut tx, row) = self.write_on(game).await?;
        let collecting = row.turn + 1;
        if row.running_turn == Some(collecting) {
            return Err(HostError::Refused(crate::receipt::running_refusal(
                collecting,
            )));
        }
        match take(&mut tx, &row, seat, leave).await? {
            Ok(text) => {
                store::commit(tx, "the seat's leave").await?;
                Ok(format!("{seat}: {text}"))
            }
            Err(why) => Err(HostError::Refused(format!("{seat}: leave refused: {why}"))),
        }
    }

    /// The seats of `game` on leave for the turn being collected, with
    /// the last turn of each one's leave.
    pub async fn on_leave(&self, game: &str) -> Result<Vec<store::Leave>> {
        let row = self.game(game).await?;
        let collecting = row.turn + 1;
        Ok(self
            .store()
            .leaves(game)
            .await?
            .into_iter()
            .filter(|l| l.until >= collecting)
            .collect())
    }

    /// Whether a bot plays the seats on leave (instead of their orders
    /// carrying on), in the audit log.
    pub async fn set_leave_bot(&self, game: &str, on: bool, actor: &str) -> Result<GameRow> {
        self.change(game, actor, "leave-bot", move |_, settings| {
            let had = settings.leave_bot;
            settings.leave_bot = on;
            Ok(match (on, had) {
                (true, false) => "a bot plays every seat on leave from now on".to_string(),
                (true, true) => "a bot already played every seat on leave".to_string(),
                (false, true) => {
                    "no bot plays the seats on leave any more: their orders carry on".to_string()
                }
                (false, false) => "no bot played the seats on leave".to_string(),
            })
        })
        .await
    }

    /// The most turns a leave may last (0: no leave), in the audit log.
    pub async fn set_max_leave(&self, game: &str, turns: u32, actor: &str) -> Result<GameRow> {
        self.change(game, actor, "max-leave", move |_, settings| {
            settings.max_leave = turns;
            Ok(format!("a leave lasts at most {turns} turns"))
        })
        .await
    }
}
