//! What the server does by itself, on every tick: repeat a run that
//! stopped part way, run each turn whose deadline has passed, run early
//! each turn every seat is ready for (`host/early.rs`), and remind the
//! seats that have sent nothing as a deadline nears.

use std::collections::HashSet;

use super::letters::{self, due};
use super::{Host, Ran, Result, Settings, Trigger};
use crate::schedule::{describe, from_ms};
use crate::store::{self, Status, now_ms};

/// What one tick did.
#[derive(Debug, Default)]
pub struct Tick {
    /// Runs started, by game.
    pub ran: Vec<(String, Ran)>,
    /// Reminders queued.
    pub reminded: usize,
    /// Games that failed, and why (each is tried again next tick).
    pub failed: Vec<(String, String)>,
    /// The day's backup, when this tick took it.
    pub backup: Option<std::path::PathBuf>,
}

impl Host {
    /// Do what is due now.
    pub async fn tick(&self) -> Result<Tick> {
        let mut tick = Tick::default();
        if let Some(policy) = self.backups() {
            match policy.daily(self.store()).await {
                Ok(Some(copy)) => {
                    tracing::info!(file = %copy.path.display(), bytes = copy.bytes, "the day's backup is taken");
                    tick.backup = Some(copy.path);
                }
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(error = %e, "the day's backup failed; trying again at the next tick");
                    tick.failed.push(("backup".to_string(), e.to_string()));
                }
            }
        }
        let now = now_ms();
        for g in self.store().games().await? {
            let collecting = g.turn + 1;
            let due = g.running_turn == Some(collecting)
                || (g.status == Status::Open
                    && g.deadline.is_some_and(|d| d <= now)
                    && g.held_turn != collecting);
            let trigger = if due {
                Some(Trigger::Deadline)
            } else {
                match self.early_due(&g, now).await {
                    Ok(e) => e.map(|_| Trigger::Early),
                    Err(e) => {
                        tick.failed.push((g.id.clone(), e.to_string()));
                        None
                    }
                }
            };
            if let Some(trigger) = trigger {
                match self.run_turn(&g.id, trigger).await {
                    Ok(Ran::NotDue) => {}
                    Ok(r) => tick.ran.push((g.id.clone(), r)),
                    Err(e) => {
                        tracing::error!(game = %g.id, error = %e, "the turn could not be run");
                        tick.failed.push((g.id.clone(), e.to_string()));
                    }
                }
                continue;
            }
            match self.remind(&g.id, now).await {
                Ok(n) => tick.reminded += n,
                Err(e) => tick.failed.push((g.id.clone(), e.to_string())),
            }
        }
        Ok(tick)
    }

    /// Remind every seat in play with no orders, once per turn, when the
    /// deadline is within the game's `remind_hours`; and tell the game's
    /// webhook the deadline is near (a day ahead when there are no
    /// reminders).
    pub async fn remind(&self, game: &str, now: i64) -> Result<usize> {
        let row = self.game(game).await?;
        let settings = Settings::of(&row);
        let collecting = row.turn + 1;
        let Some(deadline) = row.deadline else {
            return Ok(0);
        };
        // Without reminders the game's webhook still hears of the deadline
        // a day ahead.
        let lead = i64::from(if settings.remind_hours == 0 {
            24
        } else {
            settings.remind_hours
        }) * 3_600_000;
        if (settings.remind_hours == 0 && settings.webhook.is_none())
            || row.status != Status::Open
            || row.reminded_turn >= collecting
            || now < deadline - lead
            || now >= deadline
        {
            return Ok(0);
        }
        let sent: HashSet<String> = self
            .store()
            .seats_with_orders(game, collecting)
            .await?
            .into_iter()
            .collect();
        let text = describe(from_ms(deadline), &settings.zone);
        let (mut tx, mut g) = self.write_on(game).await?;
        if g.reminded_turn >= collecting {
            return Ok(0);
        }
        if let Some(url) = &settings.webhook {
            let soon = super::webhook::Event::DeadlineSoon {
                turn: collecting,
                at: text.clone(),
            };
            store::queue(&mut tx, &super::webhook::call(game, url, &soon)).await?;
        }
        let away = store::on_leave_in(&mut tx, game, collecting).await?;
        let mut n = 0;
        for s in store::seats_in(&mut tx, game)
            .await?
            .into_iter()
            .filter(|_| settings.remind_hours > 0)
        {
            // A bot seat's orders are written when the turn runs.
            // Nor is a seat on leave, or a player who chose no reminders.
            if !s.status.plays()
                || sent.contains(&s.seat)
                || settings.bots.contains(&s.seat)
                || away.contains(&s.seat)
                || !settings.mail_of(&s.seat).reminders
            {
                continue;
            }
            store::queue(
                &mut tx,
                &letters::to_seat(
                    game,
                    &s.seat,
                    s.address(),
                    "reminder",
                    format!("[{game}] Reminder: no orders from {} for turn {collecting} yet", s.seat),
                    format!(
                        "We have no orders from {} for turn {collecting} yet. {} Without new orders your units carry on with the ones they have.",
                        s.seat,
                        due(collecting, Some(&text))
                    ),
                ),
            )
            .await?;
            n += 1;
        }
        g.reminded_turn = collecting;
        store::games_update(&mut tx, &g).await?;
        store::commit(tx, "the reminders").await?;
        Ok(n)
    }
}
