//! A game's coming deadlines, for its calendar feed: the one set now and
//! the schedule's next ones after it, as the scheduler will set them if
//! nothing is extended. A paused game, or one whose game master runs the
//! turns, has none to announce.

use super::{Host, Result, Settings};
use crate::schedule::{from_ms, upcoming, zone};
use crate::store::Status;

/// One coming deadline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    /// The turn whose orders are due.
    pub turn: u32,
    /// When, in milliseconds since 1970 (UTC).
    pub at: i64,
    /// When, as players read it (`describe`).
    pub text: String,
}

impl Host {
    /// The next `n` deadlines of `game` (see the module's docs).
    pub async fn coming_deadlines(&self, game: &str, n: usize) -> Result<Vec<Due>> {
        let row = self.game(game).await?;
        let settings = Settings::of_row(&row);
        let Some(first) = row.deadline.filter(|_| row.status == Status::Open) else {
            return Ok(Vec::new());
        };
        let tz = zone(&settings.zone).unwrap_or(jiff::tz::TimeZone::UTC);
        let schedule = settings.schedule();
        Ok(upcoming(from_ms(first), schedule.as_ref(), &tz, n)
            .into_iter()
            .zip(row.turn + 1..)
            .map(|(t, turn)| Due {
                turn,
                at: t.as_millisecond(),
                text: crate::schedule::describe(t, &settings.zone),
            })
            .collect())
    }
}
