//! A player's mail into an Overlord game directory (`umpire overlord
//! submit`).
//!
//! Every envelope of the mail is taken on its own (OV-SRV-002, 004):
//!
//! - `#GAME`: the faction must exist and the password match (a faction
//!   with no password set takes any, as the turn itself does); the game
//!   name, when written, must be this game's. Orders for the turn being
//!   collected (the world's turn + 1, or no turn written) are stored as
//!   `orders/N/fNN.txt`, replacing what the faction sent for that turn
//!   before (OV-SRV-010); orders naming a later turn are archived in that
//!   turn's folder (OV-SRV-007); a turn already run is refused (OV-SRV-008),
//!   and so is the turn being run while `turns/N.partial/` exists
//!   (OV-SRV-009).
//! - `#PRESS` and `#RUMOR`: stored apart, under `press/N/signed/` and
//!   `press/N/rumors/`, one file per article, for the newspaper and the
//!   press rewards of the turn being collected (OV-PRESS-001..004).
//! - `#REPORT faction password [turn]`: nothing is stored; the faction's
//!   stored report of that turn (default the last run) is printed
//!   (OV-SRV-011, 012).
//!
//! What is stored is the envelope as the server understood it, in
//! canonical form (what `umpire overlord fmt` prints): orders with errors
//! are left out and shown to the player now, so the file in `orders/N/` is
//! exactly what the turn will run, free of quoted mail and signatures. The
//! header keeps the password, since the run checks it again — except for
//! orders the game master sent (their own mail, `umpire overlord bots`),
//! which are marked as theirs ([`layout::game_master_mark`]) and taken
//! without a password.
//!
//! A wrong password, an unknown faction or a turn already run stores
//! nothing of that envelope; the answer says why, and the exit status is 1.
//!
//! The envelope loop is the host's one intake ([`crate::intake`]), the
//! same the server's submissions go through; this module is the folder's
//! [`Keep`]: where orders, articles and reports live in a game folder.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result};
use umpire_overlord::orders::{self, Envelope as Parsed};
use umpire_overlord::world::World;

use super::layout::{self, faction_file, staging_dir};
use super::reading::Reader;
use crate::envelope::{Mail, Orders};
use crate::files;
use crate::intake::{self, Keep, Notice, Passwords, Proof, Style};
use crate::password::Stored;
use crate::receipt::{self, Situation};
use crate::store::{Kept, SeatStatus};

pub use crate::receipt::{Receipt, Submitted};

/// Take every envelope of one mail into the game in `dir`, whose world is
/// `world`.
pub fn submit_mail(
    dir: &Path,
    world: &World,
    name: &str,
    bytes: &[u8],
    color: bool,
) -> Result<Submitted> {
    submit(dir, &Reader::new(world), world, name, bytes, color, false)
}

/// As [`submit_mail`], for the game master's own hand: no password is
/// asked (the bots that stand in for players, [`bot_orders`]).
pub fn submit_as_game_master(
    dir: &Path,
    world: &World,
    name: &str,
    bytes: &[u8],
) -> Result<Submitted> {
    submit(dir, &Reader::new(world), world, name, bytes, false, true)
}

/// The bots write the coming turn's orders of every player faction still
/// in the game — of those with none yet, or (`all`) of every one,
/// replacing what was sent — and they are taken as the game master's
/// mail. Calls `progress` after each faction. Returns each faction's
/// number and receipt.
pub fn bot_orders(
    dir: &Path,
    world: &World,
    rules: &umpire_overlord::rules::Rules,
    all: bool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<(u32, Submitted)>> {
    use umpire_overlord::generate::bots::{BotOptions, bot_orders_for as write_orders, bot_seed};
    use umpire_overlord::world::Player;
    let collecting = world.turn + 1;
    let seats: Vec<_> = world
        .factions
        .iter()
        .filter(|(_, f)| f.player == Player::Human && !f.resigned)
        .filter(|(_, f)| {
            all || !layout::orders_dir(dir, collecting)
                .join(faction_file(f.number))
                .exists()
        })
        .map(|(id, f)| (id, f.number))
        .collect();
    // Built once: a big game's index of units would otherwise be made
    // again for every faction.
    let reader = Reader::new(world);
    let units = world.units_by_faction();
    let options = BotOptions::default();
    let mut out = Vec::with_capacity(seats.len());
    for (k, (id, number)) in seats.iter().enumerate() {
        let mine = units
            .get(umpire_core::ids::TypedId::index(*id))
            .map_or(&[][..], Vec::as_slice);
        let seed = bot_seed(world.seed, collecting);
        let text = write_orders(world, rules, *id, mine, seed, &options);
        let done = submit(
            dir,
            &reader,
            world,
            &format!("bot-{}", faction_file(*number)),
            text.as_bytes(),
            false,
            true,
        )?;
        out.push((*number, done));
        progress(k + 1, seats.len());
    }
    Ok(out)
}

/// Take one mail; `game_master` mail needs no password and its orders are
/// marked as the game master's.
fn submit(
    dir: &Path,
    reader: &Reader,
    world: &World,
    name: &str,
    bytes: &[u8],
    color: bool,
    game_master: bool,
) -> Result<Submitted> {
    let read = reader.read(Mail { name, bytes }, color);
    let collecting = world.turn + 1;
    let now = Situation {
        collecting,
        running: staging_dir(dir, collecting).exists(),
    };
    // The factions the envelopes name; as the turn does, one with no
    // password set takes any.
    let upgraded = crate::folder::passwords::Passwords::read(dir)?;
    let mut kept = HashMap::new();
    let mut seats = HashMap::new();
    for key in read
        .reading
        .envelopes
        .iter()
        .filter_map(|e| e.seat.as_ref())
    {
        let faction = layout::parse_faction(key).and_then(|n| world.faction_by_number(n));
        if let Some(f) = faction {
            let hash = &world.factions[f].password_hash;
            let password = if hash.is_empty() {
                Stored::Nothing
            } else {
                upgraded.stored(key, hash)
            };
            kept.insert(key.clone(), hash.clone());
            let status = SeatStatus::Playing;
            seats.insert(key.clone(), intake::Seat { password, status });
        }
    }
    let proof = if game_master {
        Proof::GameMaster
    } else {
        Proof::Password
    };
    let passwords = Passwords {
        legacy: crate::kind::GameKind::legacy_hash(&crate::kind::overlord::Overlord::new()),
        remembered: None,
    };
    let checked = intake::check(read.reading.envelopes, &seats, proof, passwords, STYLE);
    let mut folder = Folder {
        dir,
        parsed: read.parsed,
        game_master,
        kept,
    };
    let mut receipts = intake::at_once(intake::take_all(&mut folder, checked, now))
        .context("a folder's intake does not wait")??;
    if receipts.is_empty() {
        receipts.push(receipt::nothing_found(
            name,
            "#GAME, #PRESS, #RUMOR or #REPORT",
        ));
    }
    Ok(Submitted {
        general: read.reading.general,
        receipts,
    })
}

/// A folder's answer: the orders are not shown back, a wrong password is
/// answered in its place, and a new password stays in the orders, where
/// the turn reads it.
const STYLE: Style = Style {
    hashes_new_passwords: false,
    shows_stored: false,
    wrong_password_first: false,
};

/// Envelopes kept in a game folder's files: each as parsed, whole (the
/// header keeps the password, which the turn checks again).
struct Folder<'a> {
    dir: &'a Path,
    parsed: Vec<Option<Parsed>>,
    game_master: bool,
    /// What the world keeps of each named seat's password.
    kept: HashMap<String, String>,
}

impl Keep for Folder<'_> {
    type Error = anyhow::Error;

    fn style(&self) -> Style {
        STYLE
    }

    /// Kept beside the world ([`crate::folder::passwords`]): the world's
    /// own hash changes only by its turn, which checks it again.
    async fn upgrade(&mut self, seat: &str, hash: &str) -> Result<()> {
        let kept = self.kept.get(seat).map_or("", String::as_str);
        crate::folder::passwords::Passwords::upgrade(self.dir, seat, kept, hash)
    }

    async fn keep_orders(
        &mut self,
        index: usize,
        seat: &str,
        turn: u32,
        orders: &Orders,
        _new_password: Option<&str>,
    ) -> Result<Kept> {
        let number = layout::parse_faction(seat).unwrap_or_default();
        let path = layout::orders_dir(self.dir, turn).join(faction_file(number));
        let text = match self.parsed.get(index) {
            Some(Some(Parsed::Orders(set))) => set.to_string(),
            _ => orders.text.clone(),
        };
        let kept = intake::keep_in_file(&path, text.as_bytes())?;
        let mark = layout::game_master_mark(&path);
        if self.game_master {
            files::write_atomic(&mark, b"")?;
        } else if mark.exists() {
            std::fs::remove_file(&mark)
                .with_context(|| format!("cannot remove {}", mark.display()))?;
        }
        Ok(kept)
    }

    async fn keep_article(
        &mut self,
        index: usize,
        seat: &str,
        turn: u32,
        signed: bool,
        text: &str,
    ) -> Result<()> {
        let number = layout::parse_faction(seat).unwrap_or_default();
        let folder = layout::press_dir(self.dir, turn).join(if signed {
            layout::SIGNED
        } else {
            layout::RUMORS
        });
        let text = match self.parsed.get(index) {
            Some(Some(Parsed::Press(a) | Parsed::Rumor(a))) => a.to_string(),
            _ => text.to_string(),
        };
        let stem = format!("{}", orders::FactionRef::Player(number));
        files::write_new_numbered(&folder, &stem, text.as_bytes())?;
        Ok(())
    }

    async fn report(
        &mut self,
        seat: &str,
        turn: Option<u32>,
        _now: Situation,
    ) -> Result<std::result::Result<(u32, String), String>> {
        let number = layout::parse_faction(seat).unwrap_or_default();
        Ok(super::reports::stored(self.dir, number, turn)?.map_err(|m| m.0))
    }

    /// A folder has no addresses to tell.
    async fn tell(&mut self, _seat: &str, _notice: Notice<'_>) -> Result<bool> {
        Ok(false)
    }
}
