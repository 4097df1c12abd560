//! A record players can trust: per seat, the turns it sent orders for on
//! time, late, or missed, for the game master at the desk.
//!
//! Counted from what the host kept of every turn that ran (a turn rolled
//! back does not count; its run again does), for each seat that had a
//! report of it, so was in play when it ran:
//!
//! - **on time**: the orders the turn ran with came by the deadline it ran
//!   for (a turn the game master ran early ran for the moment it ran, so
//!   orders it ran with were on time);
//! - **late**: they came after that deadline and the turn still took them
//!   (it was held by the safety valve, extended, or the server was down);
//!   a seat that replaced its orders after the deadline is late by the
//!   last set, the one that ran;
//! - **missed**: it ran with none of the player's orders: none at all, or
//!   only those a bot wrote for the seat (counted apart as `by_bot`);
//! - **on leave**: it ran with none of the player's orders while the seat
//!   was on leave for it (`host/leave.rs`), which the player was told does
//!   not count as missed; whatever a bot wrote for it meanwhile. Orders
//!   the player sent anyway count as on time or late.

use super::{Host, Result};
use crate::store::SeatTurn;

/// One seat's record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub seat: String,
    pub on_time: u32,
    pub late: u32,
    pub missed: u32,
    /// Of the turns missed, those a bot played.
    pub by_bot: u32,
    /// Turns on leave without the player's orders: not missed.
    pub on_leave: u32,
}

impl Record {
    /// The turns the seat was in play for.
    pub fn turns(&self) -> u32 {
        self.on_time + self.late + self.missed + self.on_leave
    }
}

/// Each seat's record from its turns, in the order given (by seat).
pub fn tally(turns: &[SeatTurn]) -> Vec<Record> {
    let mut out: Vec<Record> = Vec::new();
    for t in turns {
        if out.last().is_none_or(|r| r.seat != t.seat) {
            out.push(Record {
                seat: t.seat.clone(),
                ..Record::default()
            });
        }
        let Some(r) = out.last_mut() else {
            continue;
        };
        match (t.received_at, t.source.as_deref()) {
            (None, _) | (Some(_), Some("bot")) if t.on_leave => r.on_leave += 1,
            (None, _) => r.missed += 1,
            (Some(_), Some("bot")) => {
                r.missed += 1;
                r.by_bot += 1;
            }
            (Some(at), _) if t.deadline.is_some_and(|d| at > d) => r.late += 1,
            (Some(_), _) => r.on_time += 1,
        }
    }
    out
}

impl Host {
    /// Every seat's record in `game` (see the module's docs), by seat;
    /// a seat that has not been in play for a turn that ran has none.
    pub async fn record(&self, game: &str) -> Result<Vec<Record>> {
        self.game(game).await?;
        Ok(tally(&self.store().seat_turns(game).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(seat: &str, n: u32, deadline: Option<i64>, at: Option<i64>, source: &str) -> SeatTurn {
        SeatTurn {
            seat: seat.to_string(),
            turn: n,
            deadline,
            received_at: at,
            source: at.map(|_| source.to_string()),
            on_leave: false,
        }
    }

    fn away(t: SeatTurn) -> SeatTurn {
        SeatTurn {
            on_leave: true,
            ..t
        }
    }

    #[test]
    fn each_turn_counts_once_as_on_time_late_or_missed() {
        let turns = [
            turn("f5", 1, Some(100), Some(100), "mail"),
            turn("f5", 2, Some(200), Some(201), "web"),
            turn("f5", 3, None, Some(900), "api"),
            turn("f6", 1, Some(100), None, ""),
            turn("f6", 2, Some(200), Some(150), "bot"),
        ];
        let r = tally(&turns);
        assert_eq!(
            r,
            vec![
                Record {
                    seat: "f5".into(),
                    on_time: 2,
                    late: 1,
                    missed: 0,
                    by_bot: 0,
                    on_leave: 0
                },
                Record {
                    seat: "f6".into(),
                    on_time: 0,
                    late: 0,
                    missed: 2,
                    by_bot: 1,
                    on_leave: 0
                },
            ]
        );
        assert_eq!(r[0].turns(), 3);
        assert!(tally(&[]).is_empty());
    }

    #[test]
    fn a_turn_on_leave_without_the_players_orders_is_not_missed() {
        let turns = [
            away(turn("f5", 1, Some(100), None, "")),
            away(turn("f5", 2, Some(200), Some(150), "bot")),
            away(turn("f5", 3, Some(300), Some(250), "mail")),
            away(turn("f5", 4, Some(400), Some(450), "web")),
            turn("f5", 5, Some(500), None, ""),
        ];
        let r = tally(&turns);
        assert_eq!(
            r,
            vec![Record {
                seat: "f5".into(),
                on_time: 1,
                late: 1,
                missed: 1,
                by_bot: 0,
                on_leave: 2
            }]
        );
        assert_eq!(r[0].turns(), 5);
    }
}
