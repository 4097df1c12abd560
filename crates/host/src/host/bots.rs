//! Seats a bot plays: the demo game's other factions, a game master's
//! stand-in for a seat nobody plays, and, when the game's `leave_bot` is
//! on, every seat on leave (`host/leave.rs`).
//!
//! When a turn is about to run (before the safety valve looks at who sent
//! nothing), every bot seat in play with no orders stored for the turn
//! gets the orders its game's bot writes (`kind::Game::bot_orders`),
//! through the same door as a player's: stored as a submission (source
//! `bot`, the seat proven by the host), read, checked and answered. A
//! player's own orders for a bot seat are never replaced. A repeated run
//! finds the bot orders already stored and writes nothing again.

use super::{Host, HostError, Result, Settings, Submission, blocking};
use crate::store::GameRow;

impl Host {
    /// Let a bot play `seat` (or stop, with `on` false), in the audit log.
    pub async fn set_bot(&self, game: &str, seat: &str, on: bool, actor: &str) -> Result<()> {
        let Some(s) = self.store().seat(game, seat).await? else {
            return Err(HostError::Refused(format!(
                "{game} has no seat {seat}: `umpire host status {game}` lists them"
            )));
        };
        let seat = s.seat;
        self.change(game, actor, "bot", move |_, settings| {
            let had = settings.bots.contains(&seat);
            settings.bots.retain(|b| *b != seat);
            if on {
                settings.bots.push(seat.clone());
                settings
                    .bots
                    .sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
            }
            Ok(match (on, had) {
                (true, false) => format!("a bot plays {seat} from now on"),
                (true, true) => format!("a bot already played {seat}"),
                (false, true) => format!("no bot plays {seat} any more"),
                (false, false) => format!("no bot played {seat}"),
            })
        })
        .await?;
        Ok(())
    }

    /// Before turn `collecting` runs: orders for every bot seat in play
    /// that has none. Returns how many seats the bots played.
    pub(crate) async fn play_bots(
        &self,
        row: &GameRow,
        settings: &Settings,
        collecting: u32,
    ) -> Result<usize> {
        let mut bots = settings.bots.clone();
        if settings.leave_bot {
            let mut away: Vec<String> = self
                .store()
                .on_leave(&row.id, collecting)
                .await?
                .into_iter()
                .filter(|s| !bots.contains(s))
                .collect();
            away.sort();
            bots.extend(away);
        }
        if bots.is_empty() {
            return Ok(0);
        }
        let loaded = self.loaded(row).await?;
        let seats = self.store().seats(&row.id).await?;
        let mut played = 0;
        for seat in &bots {
            let in_play = seats.iter().any(|s| s.seat == *seat && s.status.plays());
            if !in_play
                || self
                    .store()
                    .orders_of(&row.id, collecting, seat)
                    .await?
                    .is_some()
            {
                continue;
            }
            let engine = loaded.clone();
            let who = seat.clone();
            let text = blocking(move || engine.game.bot_orders(&who)).await??;
            let sender = format!("seat:{seat}");
            let answer = self
                .submit(Submission {
                    game: &row.id,
                    source: "bot",
                    sender: Some(&sender),
                    message_id: None,
                    name: "a bot's orders",
                    bytes: text.as_bytes(),
                    authenticated: Some(seat),
                })
                .await?;
            if answer.refused > 0 {
                tracing::warn!(game = %row.id, seat = %seat, answer = %answer.text, "a bot's orders were refused");
            } else {
                played += 1;
            }
        }
        Ok(played)
    }
}
