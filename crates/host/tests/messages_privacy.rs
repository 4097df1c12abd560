//! Who reads a message between players, over any sequence of messages,
//! rule changes and mail choices: each seat's page holds exactly the
//! messages it wrote or was written, in the order written; each seat's
//! mail holds only messages written to it while it took them by mail,
//! and no address but its own; the game master's count is the volume,
//! and the game master reads exactly the messages written while the
//! game's rules let them, never one written while they were private.
//! Checked against a model of the rules on a real SQLite database.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use proptest::collection::vec;
use proptest::prelude::*;
use umpire_host::host::mail_prefs::MailPrefs;
use umpire_host::host::messages::{Letter, Messages, Passed, Postage, Via};
use umpire_host::host::{Host, HostError, Settings};

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static R: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    R.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    })
}

fn host() -> &'static Host {
    static H: OnceLock<Host> = OnceLock::new();
    H.get_or_init(|| {
        runtime().block_on(async {
            Host::open(&support::sqlite("messages-privacy"))
                .await
                .unwrap()
        })
    })
}

#[derive(Clone, Debug)]
enum Op {
    /// Seat `from` writes to seat `to` (3: a faction no player holds);
    /// an empty body is refused.
    Write {
        from: usize,
        to: usize,
        words: bool,
    },
    Rule(Messages),
    /// Seat `seat` takes messages by mail, or not.
    ByMail {
        seat: usize,
        on: bool,
    },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0..3usize, 0..4usize, prop::bool::weighted(0.9))
            .prop_map(|(from, to, words)| Op::Write { from, to, words }),
        1 => prop_oneof![
            Just(Messages::Private),
            Just(Messages::GmReads),
            Just(Messages::Off)
        ]
        .prop_map(Op::Rule),
        1 => (0..3usize, any::<bool>()).prop_map(|(seat, on)| Op::ByMail { seat, on }),
    ]
}

/// A message the model expects kept.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Kept {
    from: String,
    to: String,
    body: String,
    gm_reads: bool,
    /// Mailed to the seat (a seat in play that takes messages by mail).
    mailed: bool,
}

fn address(seat: &str) -> String {
    format!("{seat}@players.test")
}

async fn run(host: &Host, game: &str, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut seats = new_game(host, game).await;
    seats.push("f99".to_string());
    let mut rule = Messages::Private;
    let mut by_mail = [true; 3];
    let mut kept: Vec<Kept> = Vec::new();
    for (n, op) in ops.iter().enumerate() {
        match op {
            Op::Write { from, to, words } => {
                let body = if *words {
                    format!("message {n}")
                } else {
                    " ".to_string()
                };
                let letter = Letter {
                    from: seats[*from].clone(),
                    to: seats[*to].clone(),
                    subject: String::new(),
                    body: body.clone(),
                };
                let postage = Postage {
                    way_back: Some(format!("{}@game.test", seats[*from])),
                    gm: Some("gm@game.test".into()),
                };
                let got = host.pass_message(game, &letter, Via::Web, &postage).await;
                let refused = rule == Messages::Off || from == to || !words;
                match got {
                    Ok(Passed::To(_)) if !refused => kept.push(Kept {
                        from: seats[*from].clone(),
                        to: seats[*to].clone(),
                        body,
                        gm_reads: rule == Messages::GmReads,
                        mailed: *to < 3 && by_mail[*to],
                    }),
                    Err(HostError::Refused(_)) if refused => {}
                    other => {
                        return Err(TestCaseError::fail(format!(
                            "{op:?} under {rule:?}: {other:?}"
                        )));
                    }
                }
            }
            Op::Rule(m) => {
                host.set_messages(game, *m, "gm").await.unwrap();
                rule = *m;
            }
            Op::ByMail { seat, on } => {
                let prefs = MailPrefs {
                    messages: *on,
                    ..host.mail_prefs(game, &seats[*seat]).await.unwrap()
                };
                host.set_mail_prefs(game, &seats[*seat], prefs, "p")
                    .await
                    .unwrap();
                by_mail[*seat] = *on;
            }
        }
    }
    // Each seat's page: exactly its own, the newest first.
    for seat in &seats[..3] {
        let page: Vec<(String, String, String)> = host
            .store()
            .messages_of(game, seat, 1000)
            .await
            .unwrap()
            .into_iter()
            .map(|m| (m.from_seat, m.to_seat, m.body))
            .collect();
        let want: Vec<(String, String, String)> = kept
            .iter()
            .rev()
            .filter(|k| &k.from == seat || &k.to == seat)
            .map(|k| (k.from.clone(), k.to.clone(), k.body.trim_end().to_string()))
            .collect();
        prop_assert_eq!(page, want, "the page of {}", seat);
    }
    // Each seat's mail: only what was written to it while it took
    // messages by mail, and no address but its own.
    let outbox = host.store().outbox(Some(game), None).await.unwrap();
    for seat in &seats[..3] {
        let mails: Vec<&str> = outbox
            .iter()
            .filter(|r| r.message.kind == "relay" && r.message.to == address(seat))
            .map(|r| r.message.body.as_str())
            .collect();
        let want: Vec<&Kept> = kept.iter().filter(|k| &k.to == seat && k.mailed).collect();
        prop_assert_eq!(mails.len(), want.len(), "mails to {}", seat);
        for (m, k) in mails.iter().zip(&want) {
            prop_assert!(m.starts_with(&format!("{}\n\n-- \n", k.body)), "{}", m);
            for other in seats[..3].iter().filter(|o| *o != seat) {
                prop_assert!(
                    !m.contains(&address(other)),
                    "{} in a mail to {}",
                    other,
                    seat
                );
            }
        }
    }
    let to_gm = outbox
        .iter()
        .filter(|r| r.message.kind == "relay-gm")
        .count();
    prop_assert_eq!(to_gm, kept.iter().filter(|k| k.to == "f99").count());
    // The game master: the volume, and the words only under the rule.
    let counts = host.store().message_counts(game, 0).await.unwrap();
    let total_sent: u64 = counts.iter().map(|c| c.sent).sum();
    let total_received: u64 = counts.iter().map(|c| c.received).sum();
    prop_assert_eq!(total_sent, kept.len() as u64);
    prop_assert_eq!(total_received, kept.len() as u64);
    match host.messages_for_gm(game, 1000).await {
        Ok(read) => {
            prop_assert_eq!(rule, Messages::GmReads);
            let read: Vec<String> = read.into_iter().map(|m| m.body).collect();
            let want: Vec<String> = kept
                .iter()
                .rev()
                .filter(|k| k.gm_reads)
                .map(|k| k.body.clone())
                .collect();
            prop_assert_eq!(read, want);
        }
        Err(HostError::Refused(_)) => prop_assert_ne!(rule, Messages::GmReads),
        Err(e) => return Err(TestCaseError::fail(e.to_string())),
    }
    Ok(())
}

/// A new game of three factions, each with its own address.
async fn new_game(host: &Host, game: &str) -> Vec<String> {
    let made = host
        .create(umpire_host::host::NewGame {
            kind: "overlord".into(),
            name: game.into(),
            options: umpire_host::kind::Options(vec![
                ("factions".into(), "3".into()),
                ("seed".into(), "5".into()),
                ("size".into(), "small".into()),
            ]),
            settings: Settings::default(),
            actor: "gm".into(),
        })
        .await
        .unwrap();
    let seats: Vec<String> = made.seats.iter().map(|t| t.seat.clone()).collect();
    for s in &seats {
        host.set_address(game, s, &address(s), "gm").await.unwrap();
    }
    seats
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(16)))]

    #[test]
    fn each_seat_reads_only_its_own_messages_and_the_game_master_only_what_the_rules_allow(
        ops in vec(op(), 1..24),
    ) {
        static N: AtomicU32 = AtomicU32::new(0);
        let game = format!("p{}", N.fetch_add(1, Ordering::Relaxed));
        let host = host();
        runtime().block_on(run(host, &game, &ops))?;
    }
}
