//! The game master rules on lines held for them (En Garde!'s EG-ORD-005:
//! a duel challenge, an audience with the Cardinal). The lines are those
//! of the orders kept for the turn being collected; each can be approved
//! (the game master does what it asks by hand, and the note tells the
//! player what) or refused with the reason the player reads, until the
//! turn runs. The player's report of the turn tells every held line's
//! fate; one not ruled on did not run, and the game master's mail of the
//! run lists those.
//!
//! A ruling holds for its line's text: a line the player rewrites in a
//! later sheet is ruled on afresh. The latest ruling on a line counts.

use super::{Host, HostError, Result};
use crate::kind::{Ruled, Ruling};
use crate::store::{self, SeatRow};

/// A held line as the game master sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldView {
    pub seat: String,
    /// The seat's name (the character's).
    pub name: String,
    pub line: u32,
    pub text: String,
    /// The ruling on it so far, and who made it.
    pub ruling: Option<(Ruling, String)>,
}

impl Host {
    /// Every line held for the game master in the orders kept for the
    /// turn being collected, seat by seat, with the ruling on it so far.
    pub async fn held(&self, game: &str) -> Result<(u32, Vec<HeldView>)> {
        let row = self.game(game).await?;
        let collecting = row.turn + 1;
        let loaded = self.loaded(&row).await?;
        let seats = self.store().seats(game).await?;
        let mut c = self.store().connection().await?;
        let orders = store::orders_for(&mut c, game, collecting).await?;
        let rulings = store::rulings_for(&mut c, game, collecting).await?;
        drop(c);
        let mut out = Vec::new();
        for o in &orders {
            let name = seats
                .iter()
                .find(|s| s.seat == o.seat)
                .map_or_else(|| o.seat.clone(), |s| s.name.clone());
            for h in loaded.game.held(&o.seat, &o.text) {
                let ruling = rulings
                    .iter()
                    .rev()
                    .find(|r| {
                        r.ruled.seat == o.seat && r.ruled.line == h.line && r.ruled.text == h.text
                    })
                    .map(|r| (r.ruled.ruling.clone(), r.actor.clone()));
                out.push(HeldView {
                    seat: o.seat.clone(),
                    name: name.clone(),
                    line: h.line,
                    text: h.text,
                    ruling,
                });
            }
        }
        out.sort_by(|a, b| (&a.seat, a.line).cmp(&(&b.seat, b.line)));
        Ok((collecting, out))
    }

    /// Rule on line `line` of `seat`'s orders for the turn being
    /// collected (`seat` is the seat's key or its name). A refusal needs
    /// the reason the player will read. Refused while the turn runs, and
    /// for a line that is not held.
    pub async fn rule(
        &self,
        game: &str,
        seat: &str,
        line: u32,
        ruling: Ruling,
        actor: &str,
    ) -> Result<HeldView> {
        if let Ruling::Refused { reason } = &ruling
            && reason.trim().is_empty()
        {
            return Err(HostError::Refused(
                "a refusal needs the reason the player will read".to_string(),
            ));
        }
        let seat = self.seat_named(game, seat).await?;
        let (collecting, held) = self.held(game).await?;
        let theirs: Vec<&HeldView> = held.iter().filter(|h| h.seat == seat.seat).collect();
        let Some(h) = theirs.iter().find(|h| h.line == line) else {
            let lines: Vec<String> = theirs.iter().map(|h| h.line.to_string()).collect();
            return Err(HostError::Refused(format!(
                "line {line} of {}'s orders for turn {collecting} is not held for the game master{}",
                seat.name,
                if lines.is_empty() {
                    "; none of its lines is (or it sent no orders)".to_string()
                } else {
                    format!("; the held lines are {}", lines.join(", "))
                }
            )));
        };
        let ruled = Ruled {
            seat: seat.seat.clone(),
            line,
            text: h.text.clone(),
            ruling: ruling.clone(),
        };
        let (mut tx, now) = self.write_on(game).await?;
        if now.turn + 1 != collecting || now.running_turn.is_some() {
            return Err(HostError::Busy(format!(
                "turn {collecting} of {game} is being run or has run; see the held lines again"
            )));
        }
        store::keep_ruling(&mut tx, game, collecting, &ruled, actor).await?;
        store::audit_record(
            &mut tx,
            Some(game),
            actor,
            match ruling {
                Ruling::Approved { .. } => "approve",
                Ruling::Refused { .. } => "refuse",
            },
            &format!(
                "line {line} of {}'s orders for turn {collecting} (`{}`): {}",
                seat.seat,
                h.text.trim(),
                ruling.words()
            ),
        )
        .await?;
        store::commit(tx, "the ruling").await?;
        Ok(HeldView {
            seat: seat.seat,
            name: seat.name,
            line,
            text: h.text.clone(),
            ruling: Some((ruling, actor.to_string())),
        })
    }

    /// A seat by its key, or by its name in any case.
    async fn seat_named(&self, game: &str, seat: &str) -> Result<SeatRow> {
        if let Some(s) = self.store().seat(game, seat).await? {
            return Ok(s);
        }
        let seats = self.store().seats(game).await?;
        seats
            .into_iter()
            .find(|s| s.name.trim().eq_ignore_ascii_case(seat.trim()))
            .ok_or_else(|| HostError::Refused(format!("{game} has no seat {seat}")))
    }
}
