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

use std::path::Path;

use anyhow::{Context, Result};
use umpire_overlord::orders::{self, Envelope as Parsed};
use umpire_overlord::world::World;

use super::layout::{self, faction_file, staging_dir};
use super::reading::Reader;
use crate::envelope::{Mail, Request};
use crate::files;
use crate::password::{self, Check};
use crate::receipt::{self, Decision, Situation};

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
    let mut receipts = Vec::new();
    for (envelope, parsed) in read.reading.envelopes.into_iter().zip(read.parsed) {
        let who = envelope.who.clone();
        let mut receipt = match (&envelope.request, parsed) {
            (Request::Refused { why }, _) => Receipt::refused(&who, why),
            (_, None) => Receipt::refused(&who, "the envelope could not be read"),
            (request, Some(parsed)) => {
                // As the turn does: a faction with no password set takes
                // any. A set one is checked as the host checks a seat's.
                let hash = envelope
                    .seat
                    .as_deref()
                    .and_then(layout::parse_faction)
                    .and_then(|n| world.faction_by_number(n))
                    .map(|f| world.factions[f].password_hash.as_str())
                    .unwrap_or_default();
                if !game_master
                    && !hash.is_empty()
                    && password::check(
                        hash,
                        &envelope.password,
                        crate::kind::GameKind::legacy_hash(&crate::kind::overlord::Overlord::new()),
                    ) == Check::Wrong
                {
                    Receipt::refused(&who, &format!("wrong password for {who}"))
                } else {
                    take(dir, &who, request, &parsed, now, game_master)?
                }
            }
        };
        let mut all = envelope.findings;
        all.append(&mut receipt.findings);
        receipt.findings = all;
        receipts.push(receipt);
    }
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

/// Store what an envelope asks, now that its password checked.
fn take(
    dir: &Path,
    who: &str,
    request: &Request,
    parsed: &Parsed,
    now: Situation,
    game_master: bool,
) -> Result<Receipt> {
    let number = layout::parse_faction(who).unwrap_or_default();
    Ok(match (request, parsed) {
        (Request::Orders(o), Parsed::Orders(set)) => match receipt::orders(o.turn, now) {
            Decision::StoreOrders { turn, archived } => {
                let path = layout::orders_dir(dir, turn).join(faction_file(number));
                let replacing = path.exists();
                files::write_atomic(&path, set.to_string().as_bytes())?;
                let mark = layout::game_master_mark(&path);
                if game_master {
                    files::write_atomic(&mark, b"")?;
                } else if mark.exists() {
                    std::fs::remove_file(&mark)
                        .with_context(|| format!("cannot remove {}", mark.display()))?;
                }
                Receipt::orders_kept(who, o, turn, archived, replacing)
            }
            Decision::Refuse(why) => Receipt::refused(who, &why),
            Decision::StoreArticle { .. } => Receipt::refused(who, "not an article"),
        },
        (
            Request::Article {
                signed, summary, ..
            },
            Parsed::Press(a) | Parsed::Rumor(a),
        ) => match receipt::article(now) {
            Decision::StoreArticle { turn } => {
                let folder = layout::press_dir(dir, turn).join(if *signed {
                    layout::SIGNED
                } else {
                    layout::RUMORS
                });
                let stem = format!("{}", orders::FactionRef::Player(number));
                files::write_new_numbered(&folder, &stem, a.to_string().as_bytes())?;
                Receipt::article(who, summary, turn)
            }
            Decision::Refuse(why) => Receipt::refused(who, &why),
            Decision::StoreOrders { .. } => Receipt::refused(who, "not orders"),
        },
        (Request::Report { turn }, _) => match super::reports::stored(dir, number, *turn)? {
            Ok((turn, text)) => Receipt::report(who, turn, text),
            Err(super::reports::Missing(why)) => Receipt::no_report(who, &why),
        },
        _ => Receipt::refused(who, "the envelope could not be read"),
    })
}
