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
//!
//! A newcomer on the public page does not take a seat at once: they ask
//! for it with their address ([`Host::ask_for_seat`]), a code is mailed
//! there, and the seat is theirs when they give the code back
//! ([`Host::take_with_code`]) within [`CLAIM_MINUTES`], in at most
//! [`CLAIM_TRIES`] tries. So nobody takes a seat for an address they do
//! not read, and a stranger's address is never given one unasked. The
//! game master gives a seat directly ([`Host::take_seat`]).

use subtle::ConstantTimeEq;

use super::create::Told;
use super::letters;
use super::web::token_hash;
use super::{Host, HostError, Result, blocking};
use crate::password::{self, Secret};
use crate::store::{self, SeatStatus, now_ms};

/// How long a code mailed to a newcomer stays good, in minutes.
pub const CLAIM_MINUTES: i64 = 60;

/// How many wrong codes a claim takes before a new code is needed.
pub const CLAIM_TRIES: u32 = 5;

/// How long after a code is mailed another is mailed to the same address
/// for the same seat, in seconds: nobody can fill a mailbox with codes.
pub const CLAIM_AGAIN_SECONDS: i64 = 120;

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
        store::drop_claims(&mut tx, game, seat).await?;
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
        store::drop_claims(&mut tx, game, seat).await?;
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

impl Host {
    /// A newcomer at `address` asks for `seat` of `game`, open for one: a
    /// code is mailed to the address (a code asked before for the same
    /// seat and address no longer works). Refused, and why, when the seat
    /// is not open or the address is not one.
    pub async fn ask_for_seat(&self, game: &str, seat: &str, address: &str) -> Result<()> {
        let address = address.trim().to_string();
        letters::check_address(&address)?;
        let row = self.game(game).await?;
        let title = self.kind(&row.kind)?.title();
        let s = self.seat_of(game, seat).await?;
        let open = self.store().open_seats(Some(game)).await?;
        if !s.status.plays() || !open.iter().any(|o| o.seat == s.seat) {
            return Err(HostError::Refused(format!(
                "{seat} of {game} is not open for a newcomer: the page of open seats lists those that are"
            )));
        }
        let code = password::generate().map_err(|e| HostError::Internal(e.to_string()))?;
        let mut tx = store::begin_on(self.store(), game).await?;
        if let Some(before) = store::claim_of(&mut tx, (game, &s.seat, &address)).await? {
            let ago = (now_ms() - before.made_at) / 1000;
            if ago < CLAIM_AGAIN_SECONDS {
                return Err(HostError::Refused(format!(
                    "a code was mailed to {address} {ago} seconds ago: look for it (in the spam folder too), or ask again in {} seconds",
                    CLAIM_AGAIN_SECONDS - ago
                )));
            }
        }
        store::put_claim(
            &mut tx,
            (game, &s.seat, &address),
            &token_hash(code.expose()),
        )
        .await?;
        let body = format!(
            "Someone, we hope you, asked on the page of open seats to take {} ({}) of {game}, a game of {title}, for this address.\n\nThe code is {}. Type it on that page within {CLAIM_MINUTES} minutes, and the seat is yours: its password then comes here with its latest report.\n\nIf you did not ask, do nothing: nothing changes, and the seat stays open for someone else.",
            s.seat,
            s.name,
            code.expose()
        );
        let subject = format!("[{game}] Your code to take {}", s.seat);
        store::queue(
            &mut tx,
            &letters::to_seat(game, &s.seat, Some(&address), "claim", subject, body),
        )
        .await?;
        store::commit(tx, "the claim on the seat").await?;
        Ok(())
    }

    /// The newcomer at `address` gives back `code`, mailed for `seat` of
    /// `game`: the seat is theirs ([`Host::take_seat`]). Refused, and why,
    /// when no code was asked, it is wrong, too old or tried too often.
    pub async fn take_with_code(
        &self,
        game: &str,
        seat: &str,
        address: &str,
        code: &str,
    ) -> Result<Told> {
        let address = address.trim().to_string();
        let key = (game, seat, address.as_str());
        let mut tx = store::begin_on(self.store(), game).await?;
        let Some(claim) = store::claim_of(&mut tx, key).await? else {
            return Err(HostError::Refused(format!(
                "no code was mailed to {address} for {seat} of {game}: ask for one on the page of open seats"
            )));
        };
        if now_ms() - claim.made_at > CLAIM_MINUTES * 60_000 {
            return Err(HostError::Refused(format!(
                "the code mailed to {address} is more than {CLAIM_MINUTES} minutes old: ask for a new one"
            )));
        }
        if claim.tries >= CLAIM_TRIES {
            return Err(HostError::Refused(format!(
                "{CLAIM_TRIES} wrong codes were tried: ask for a new one"
            )));
        }
        let given = code.trim().to_ascii_lowercase();
        let right = token_hash(&given)
            .as_bytes()
            .ct_eq(claim.code_hash.as_bytes());
        if !bool::from(right) {
            store::count_try(&mut tx, key).await?;
            store::commit(tx, "the wrong code").await?;
            return Err(HostError::Refused(format!(
                "that is not the code mailed to {address}; look again at the mail, or ask for a new one"
            )));
        }
        drop(tx);
        self.take_seat(game, seat, &address, &address).await
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
