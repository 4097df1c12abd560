//! The host's test databases: `umpire_host::testing`.

#![allow(unused_imports)]

pub use umpire_host::on_both;
pub use umpire_host::testing::*;

use umpire_host::host::{Answer, Host, NewGame, Settings, Submission};
use umpire_host::kind::Options;
use umpire_host::store::Location;

/// A small Overlord game `name` of `factions` factions with `settings`,
/// and each seat with its password.
#[allow(dead_code)]
pub async fn overlord_game(
    location: &Location,
    name: &str,
    factions: u32,
    settings: Settings,
) -> (Host, Vec<(String, String)>) {
    let host = Host::open(location).await.unwrap();
    let made = host
        .create(NewGame {
            kind: "overlord".into(),
            name: name.into(),
            options: Options(vec![
                ("factions".into(), factions.to_string()),
                ("seed".into(), "5".into()),
                ("size".into(), "small".into()),
            ]),
            settings,
            actor: "gm@test".into(),
        })
        .await
        .unwrap();
    let seats = made
        .seats
        .iter()
        .map(|t| {
            (
                t.seat.clone(),
                t.password.as_ref().unwrap().expose().to_string(),
            )
        })
        .collect();
    (host, seats)
}

/// Take `text` as a mail from `sender` to `game`.
#[allow(dead_code)]
pub async fn mail_in(host: &Host, game: &str, sender: &str, text: &str) -> Answer {
    host.submit(Submission {
        game,
        source: "mail",
        sender: Some(sender),
        message_id: None,
        name: "mail",
        bytes: text.as_bytes(),
        authenticated: None,
    })
    .await
    .unwrap()
}

/// The orders template of `seat`'s latest report, with its password.
#[allow(dead_code)]
pub async fn orders_template(host: &Host, game: &str, seat: &str, password: &str) -> String {
    let r = host
        .store()
        .report(game, seat, None)
        .await
        .unwrap()
        .unwrap();
    r.template.unwrap().replacen("PASSWORD", password, 1)
}

/// The envelope's header line alone, with `line` under it.
#[allow(dead_code)]
pub async fn header_with(
    host: &Host,
    game: &str,
    seat: &str,
    password: &str,
    line: &str,
) -> String {
    let t = orders_template(host, game, seat, password).await;
    let header = t
        .lines()
        .find(|l| l.trim_start().starts_with('#'))
        .unwrap()
        .to_string();
    format!("{header}\n{line}\n")
}
