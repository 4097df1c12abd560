//! `umpire serve --demo`: the game a newcomer plays in the browser.
//!
//! On the first start an Overlord game `demo` is made in the data folder
//! (six player factions, seed 7, the rules' world generator): the
//! newcomer plays the first faction, bots play the other five
//! (`host/bots.rs`), and a turn runs every 20 minutes — or at once from
//! the desk. Every start gives the newcomer's faction and the desk login
//! `gm` new passwords, printed once, so a second start goes on with the
//! same game rather than making another.

use std::net::SocketAddr;

use anyhow::{Result, bail};
use umpire_host::host::{Early, Host, NewGame, Settings};
use umpire_host::kind::Options;
use umpire_host::password::Secret;
use umpire_host::schedule::{describe, from_ms};

/// The demo game's name.
pub const GAME: &str = "demo";
/// How often its turns run.
pub const SCHEDULE: &str = "every 20 minutes";
/// Who the audit log says did it.
const ACTOR: &str = "umpire serve --demo";
/// The desk login printed.
const DESK: &str = "gm";

/// How the newcomer gets in.
pub struct Logins {
    /// The faction the newcomer plays, and its name.
    pub seat: String,
    pub name: String,
    pub password: Secret,
    pub desk_password: Secret,
    /// The factions bots play.
    pub bots: Vec<String>,
    /// True when the game was made by this start.
    pub made: bool,
    /// Turns run so far.
    pub turn: u32,
    /// The key of the newcomer's news feed link.
    pub news_key: String,
    /// When the next turn runs, in words.
    pub next: Option<String>,
}

/// Make the demo game if the data folder has none, and give its player
/// and the desk fresh passwords.
pub async fn prepare(host: &Host) -> Result<Logins> {
    let exists = host.store().games().await?.iter().any(|g| g.id == GAME);
    let made = !exists;
    if made {
        let made = host
            .create(NewGame {
                kind: "overlord".into(),
                name: GAME.into(),
                options: Options(vec![
                    ("factions".into(), "6".into()),
                    ("seed".into(), "7".into()),
                ]),
                settings: Settings {
                    schedule: Some(SCHEDULE.into()),
                    // A turn every 20 minutes needs no reminders, and
                    // should not wait for a newcomer who went for tea.
                    remind_hours: 0,
                    hold_percent: 100,
                    // Once the newcomer's orders are in (the bots' seats
                    // do not count), the turn runs two minutes later.
                    early: Early::Sent,
                    grace_minutes: 2,
                    ..Settings::default()
                },
                actor: ACTOR.into(),
            })
            .await?;
        for t in made.seats.iter().skip(1) {
            host.set_bot(GAME, &t.seat, true, ACTOR).await?;
        }
    }
    let row = host.game(GAME).await?;
    let settings = Settings::of_row(&row);
    if settings.bots.is_empty() {
        bail!(
            "this data folder already hosts a game named `{GAME}` that is not the demo (no bots play in it); start the demo in another folder: umpire serve --demo --data ./umpire-demo"
        );
    }
    let seats = host.store().seats(GAME).await?;
    let Some(mine) = newcomers(&seats, &settings.bots) else {
        bail!(
            "every faction of the demo is played by a bot; start a new demo in another folder: umpire serve --demo --data ./umpire-demo2"
        );
    };
    if !mine.status.plays() {
        bail!(
            "the newcomer's faction of the demo, {}, is out of the game; start a new demo in another folder: umpire serve --demo --data ./umpire-demo2",
            mine.seat
        );
    }
    let password = host.new_password(GAME, &mine.seat, ACTOR).await?;
    let news_key = host.news_key(GAME, &mine.seat).await?.unwrap_or_default();
    let desk_password = host.add_desk_user(DESK, ACTOR).await?;
    Ok(Logins {
        seat: mine.seat.clone(),
        name: mine.name.clone(),
        password,
        news_key,
        desk_password,
        bots: settings.bots.clone(),
        made,
        turn: row.turn,
        next: row.deadline.map(|d| describe(from_ms(d), &settings.zone)),
    })
}

/// The newcomer's seat: the first faction by number that no bot plays
/// (f5 before f10 and f11). The demo makes it first, before any other
/// seat; a player the game master adds later comes after it, and is never
/// handed over (nor given a new password) by a restart.
fn newcomers<'a>(
    seats: &'a [umpire_host::store::SeatRow],
    bots: &[String],
) -> Option<&'a umpire_host::store::SeatRow> {
    seats
        .iter()
        .filter(|s| !bots.contains(&s.seat))
        .min_by_key(|s| (seat_number(&s.seat), s.seat.clone()))
}

/// `f5` → 5; a seat that is not a number sorts last.
fn seat_number(seat: &str) -> u64 {
    seat.trim_start_matches('f').parse().unwrap_or(u64::MAX)
}

/// What a newcomer reads when the server is up: where to point the
/// browser and how to log in.
pub fn welcome(logins: &Logins, web: Option<SocketAddr>) -> String {
    let mut out = String::new();
    let start = if logins.made {
        "made".to_string()
    } else {
        format!(
            "going on after {} turn{}",
            logins.turn,
            if logins.turn == 1 { "" } else { "s" }
        )
    };
    out.push_str(&format!(
        "The demo game is {start}: you play {} ({}); bots play {}.\n\n",
        logins.seat,
        logins.name,
        logins.bots.join(", ")
    ));
    match web {
        Some(addr) => {
            let host = if addr.ip().is_unspecified() {
                "127.0.0.1".to_string()
            } else if addr.is_ipv6() {
                format!("[{}]", addr.ip())
            } else {
                addr.ip().to_string()
            };
            let base = format!("http://{host}:{}", addr.port());
            out.push_str(&format!("  Open       {base}/\n"));
            out.push_str(&format!(
                "  Log in     game {GAME}, faction {}, password {}\n",
                logins.seat,
                logins.password.expose()
            ));
            out.push_str(&format!(
                "  The desk   {base}/desk/login as {DESK}, password {}\n",
                logins.desk_password.expose()
            ));
            out.push_str(&format!(
                "  Calendar   {base}/games/{GAME}/deadlines.ics (the deadlines, for any calendar program)\n"
            ));
            out.push_str(&format!(
                "  News       {base}/games/{GAME}/news.atom?seat={}&key={} (the newspaper, for your feed reader)\n",
                logins.seat, logins.news_key
            ));
            out.push_str(&format!(
                "  A table    {base}/tables/new (Sharp Practice, Napoleon's Battles or DBR, a phone per side)\n\n"
            ));
        }
        None => {
            out.push_str(&format!(
                "  The web is off (--listen off), so read and write by mail or with `umpire host`: game {GAME}, faction {}, password {}\n\n",
                logins.seat,
                logins.password.expose()
            ));
        }
    }
    out.push_str(&format!(
        "A turn runs {SCHEDULE}{}, or two minutes after your orders are in (the bots do not keep it waiting); the desk's \"Run the turn now\" runs one at once.\n",
        logins
            .next
            .as_deref()
            .map(|n| format!(" (the next: {n})"))
            .unwrap_or_default()
    ));
    out.push_str(
        "Stop with Ctrl-C. Starting `umpire serve --demo` again goes on with the same game and prints new passwords.\n",
    );
    out
}
