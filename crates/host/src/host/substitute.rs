//! Substitutes: the game master opens a seat whose player has gone, it is
//! listed on the public page of open seats, and a newcomer takes it (or
//! the game master gives it to one).
//!
//! Taking a seat, in one transaction: the seat gets a new password, told
//! to the newcomer's address with the seat's latest report; the old
//! player's password, web sessions and API tokens stop working at once;
//! the seat's mail goes to the newcomer only, and mail still waiting for
//! the old player's address is withdrawn; its leave and its count of
//! missed turns start again; and it is no longer open. A seat that is not
//! open cannot be taken. The game master may close an opening again.

use super::create::Told;
use super::letters;
use super::{Host, HostError, Result, blocking};
use crate::password::{self, Secret};
use crate::store::{self, SeatStatus};

/// A seat open for a newcomer, as the public page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub game: String,
    pub seat: String,
    /// The seat's name in the game (a faction's, a character's).
    pub name: String,
    /// What the game calls a seat: `faction`, `character`.
    pub noun: &'static str,
    /// The game's kind, as players read it.
    pub title: &'static str,
    /// Turns the game has run.
    pub turns: u32,
}

impl Host {
    /// Open `seat` of `game` for a newcomer (its player has gone), in the
    /// audit log. Refused for a seat out of play.
    pub async fn open_seat(&self, game: &str, seat: &str, actor: &str) -> Result<String> {
        self.game(game).await?;
        let s = self.seat_of(game, seat).await?;
        if !s.status.plays() {
            return Err(HostError::Refused(format!(
                "{seat} is out of the game ({}): only a seat in play can be opened for a newcomer",
                s.status.as_str()
            )));
        }
        let mut tx = store::begin_on(self.store(), game).await?;
        let note = if store::open_seat(&mut tx, game, seat).await? {
            format!("{seat} is open for a newcomer to take")
        } else {
            format!("{seat} was open already")
        };
        store::audit_record(&mut tx, Some(game), actor, "open", &note).await?;
        store::commit(tx, "the open seat").await?;
        Ok(note)
    }

    /// Close `seat`'s opening: it is no longer offered to a newcomer (its
    /// player came back, or the game master chose another way), in the
    /// audit log. Refused, and why, when it is not open.
    pub async fn close_opening(&self, game: &str, seat: &str, actor: &str) -> Result<String> {
        self.game(game).await?;
        self.seat_of(game, seat).await?;
        let mut tx = store::begin_on(self.store(), game).await?;
        if !store::close_seat(&mut tx, game, seat).await? {
            return Err(HostError::Refused(format!(
                "{seat} of {game} is not open for a newcomer, so there is nothing to close"
            )));
        }
        let note = format!("{seat} is no longer open for a newcomer");
        store::audit_record(&mut tx, Some(game), actor, "close", &note).await?;
        store::commit(tx, "the closed seat").await?;
        Ok(note)
    }

    /// Every seat open for a newcomer, in every game.
    pub async fn openings(&self) -> Result<Vec<Opening>> {
        let mut out = Vec::new();
        for o in self.store().open_seats(None).await? {
            let Some(row) = self.store().game(&o.game).await? else {
                continue;
            };
            // A seat taken out of the game since it was opened is not listed.
            let Some(s) = self
                .store()
                .seat(&o.game, &o.seat)
                .await?
                .filter(|s| s.status.plays())
            else {
                continue;
            };
            let kind = self.kind(&row.kind)?;
            out.push(Opening {
                game: o.game,
                seat: o.seat,
                name: s.name,
                noun: kind.seat_noun(),
                title: kind.title(),
                turns: row.turn,
            });
        }
        Ok(out)
    }

    /// A newcomer takes `seat` of `game`, open for one, at `address`
    /// (`actor`: who did it, the newcomer on the web or the game master).
    /// Returns the seat, its new password and the newcomer's address.
    pub async fn take_seat(
        &self,
        game: &str,
        seat: &str,
        address: &str,
        actor: &str,
    ) -> Result<Told> {
        let address = address.trim().to_string();
        letters::check_address(&address)?;
        let row = self.game(game).await?;
        self.seat_of(game, seat).await?;
        let title = self.kind(&row.kind)?.title();
        let (clear, hash) = blocking(|| -> std::result::Result<_, password::HashError> {
            let c = password::generate()?;
            let h = password::hash(&c)?;
            Ok((c, h))
        })
        .await?
        .map_err(|e| HostError::Internal(e.to_string()))?;
        let latest = self.store().report_run(game, seat, None).await?;
        let mut tx = store::begin_on(self.store(), game).await?;
        if !store::close_seat(&mut tx, game, seat).await? {
            return Err(HostError::Refused(format!(
                "{seat} of {game} is not open for a newcomer: only a seat the game master opened can be taken (the open seats page lists them)"
            )));
        }
        // The seat as it is now (a turn may have run meanwhile).
        let Some(mut s) = store::seats_in(&mut tx, game)
            .await?
            .into_iter()
            .find(|x| x.seat == seat)
        else {
            return Err(HostError::Refused(format!("{game} has no seat {seat}")));
        };
        if !s.status.plays() {
            return Err(HostError::Refused(format!(
                "{seat} of {game} is out of the game ({}): there is nothing left to take",
                s.status.as_str()
            )));
        }
        // The old player's password, sessions and tokens end here.
        store::set_password(&mut tx, game, seat, &hash).await?;
        store::revoke_tokens(&mut tx, game, seat).await?;
        store::set_leave(&mut tx, game, seat, None).await?;
        s.password_hash = hash;
        s.addresses = vec![address.clone()];
        s.missed = 0;
        if s.status == SeatStatus::GmDecides {
            s.status = SeatStatus::Playing;
        }
        store::upsert_seat(&mut tx, &s).await?;
        store::withdraw_seat_mail(&mut tx, game, seat, &address).await?;
        let intro = taken_intro(title, game, seat, &s.name, &clear, row.turn);
        let subject = format!("[{game}] Welcome: you play {seat} from now on");
        let letter = match latest {
            Some(run) => {
                letters::report_to_seat(game, seat, Some(&address), "welcome", subject, intro, run)
            }
            None => letters::to_seat(game, seat, Some(&address), "welcome", subject, intro),
        };
        store::queue(&mut tx, &letter).await?;
        store::audit_record(
            &mut tx,
            Some(game),
            actor,
            "take",
            &format!("{seat} is played from {address} from now on"),
        )
        .await?;
        store::commit(tx, "the seat taken").await?;
        Ok(Told {
            seat: seat.to_string(),
            name: s.name,
            password: Some(clear),
            address: Some(address),
        })
    }
}

/// The newcomer's welcome: the seat, its password, and where its history
/// is.
fn taken_intro(
    title: &str,
    game: &str,
    seat: &str,
    name: &str,
    clear: &Secret,
    turns: u32,
) -> String {
    format!(
        "Welcome to {game}, a game of {title}. You play {seat} ({name}) from now on, after {turns} turn{} run by another player.\n\nYour password is {}. Write it on your orders, and use it to log in to the game's web pages, where every earlier report of {seat} is kept. Its latest report follows.",
        if turns == 1 { "" } else { "s" },
        clear.expose()
    )
}
