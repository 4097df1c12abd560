//! Making a hosted game: a new one, or one brought in from a game folder.
//! Every seat gets a password (the host makes one when none is known) and,
//! for a new game, its initial report ("After you have signed up, you will
//! be sent an initial turn report", the rules' overview).

use std::path::PathBuf;

use super::letters::{self, due};
use super::{Host, HostError, Result, Settings, blocking};
use crate::kind::{Created, Options, SeatPassword};
use crate::password::{self, Secret};
use crate::schedule::{describe, zone};
use crate::store::{self, GameRow, SeatRow, SeatStatus, Status, now_ms};

/// A new game to make.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// `overlord` or `engarde`.
    pub kind: String,
    /// One word: players write it on their orders.
    pub name: String,
    pub options: Options,
    pub settings: Settings,
    /// Who asks, for the audit log.
    pub actor: String,
}

/// A seat's password, told once to the game master.
#[derive(Clone, Debug)]
pub struct Told {
    pub seat: String,
    pub name: String,
    /// None when the game folder's hash was kept (the player knows it).
    pub password: Option<Secret>,
    pub address: Option<String>,
}

/// A game made.
#[derive(Debug)]
pub struct Made {
    pub game: GameRow,
    pub seats: Vec<Told>,
    pub notes: Vec<String>,
    /// Initial reports queued for the players.
    pub welcomed: usize,
}

/// Refuse a game name players could not write on one line.
pub(crate) fn check_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    if ok {
        Ok(())
    } else {
        Err(HostError::Refused(format!(
            "`{name}` cannot be a game's name: players write it on their orders, so it is one word of up to 40 letters, digits, - and _, starting with a letter"
        )))
    }
}

/// What the host keeps of a seat's password, and what it tells.
fn password_of(
    p: SeatPassword,
) -> std::result::Result<(String, Option<Secret>), password::HashError> {
    Ok(match p {
        SeatPassword::Clear(clear) => (password::hash(&clear)?, Some(clear)),
        SeatPassword::Known { clear, hash } => (hash, Some(clear)),
        SeatPassword::Hash(hash) => (hash, None),
        SeatPassword::Unknown => {
            let clear = password::generate()?;
            (password::hash(&clear)?, Some(clear))
        }
    })
}

impl Host {
    /// Make a new game.
    pub async fn create(&self, new: NewGame) -> Result<Made> {
        check_name(&new.name)?;
        new.settings.check()?;
        if self.store().game(&new.name).await?.is_some() {
            return Err(HostError::Refused(format!(
                "there is already a game called `{}` on this server",
                new.name
            )));
        }
        let (kind_name, name, options) = (new.kind.clone(), new.name.clone(), new.options.clone());
        let kinds = self.kinds.clone();
        let created = blocking(move || kinds.get(&kind_name)?.create(&name, &options)).await??;
        self.admit(&new.kind, created, new.settings, &new.actor, "create", true)
            .await
    }

    /// Bring in a game from a folder: an Umpire game folder, or (for
    /// Overlord) the original engine's. Its players keep their passwords
    /// when the folder holds them; the others get new ones.
    pub async fn import(
        &self,
        kind_name: &str,
        folder: PathBuf,
        name: Option<String>,
        settings: Settings,
        actor: &str,
    ) -> Result<Made> {
        settings.check()?;
        let k = kind_name.to_string();
        let kinds = self.kinds.clone();
        let mut created = blocking(move || kinds.get(&k)?.import(&folder)).await??;
        if let Some(n) = name {
            created.name = n;
        }
        check_name(&created.name)?;
        if self.store().game(&created.name).await?.is_some() {
            return Err(HostError::Refused(format!(
                "there is already a game called `{}` on this server; import it under another name",
                created.name
            )));
        }
        self.admit(kind_name, created, settings, actor, "import", false)
            .await
    }

    /// Keep a made or imported game, its seats and (when `welcome`) each
    /// seat's initial report, in one transaction.
    async fn admit(
        &self,
        kind_name: &str,
        created: Created,
        settings: Settings,
        actor: &str,
        made_by: &str,
        welcome: bool,
    ) -> Result<Made> {
        let now = now_ms();
        let deadline = settings.schedule().map(|s| {
            s.next_after(
                crate::schedule::from_ms(now),
                &zone(&settings.zone).unwrap_or(jiff::tz::TimeZone::UTC),
            )
            .as_millisecond()
        });
        let deadline_text = deadline.map(|d| describe(crate::schedule::from_ms(d), &settings.zone));
        let Created {
            name,
            state,
            seats,
            notes,
        } = created;
        let k = kind_name.to_string();
        let state_for_open = state.clone();
        let text = deadline_text.clone().unwrap_or_default();
        // Passwords hashed and initial reports written off the async threads.
        type Prepared = (
            Vec<(crate::kind::NewSeat, String, Option<Secret>)>,
            Vec<crate::kind::SeatReport>,
            u32,
        );
        let kinds = self.kinds.clone();
        let prepared = blocking(move || -> std::result::Result<Prepared, HostError> {
            let game = kinds.get(&k)?.open(&state_for_open)?;
            let mut out = Vec::with_capacity(seats.len());
            let mut reports = Vec::new();
            for s in seats {
                let (hash, told) = password_of(s.password.clone())
                    .map_err(|e| HostError::Internal(e.to_string()))?;
                if welcome {
                    reports.push(game.welcome(&s.key, &text)?);
                }
                out.push((s, hash, told));
            }
            Ok((out, reports, game.turn()))
        })
        .await??;
        let (seats, reports, turn) = prepared;

        let row = GameRow {
            id: name.clone(),
            kind: kind_name.to_string(),
            settings: settings.json(),
            status: Status::Open,
            turn,
            world_rev: 1,
            deadline,
            running_turn: None,
            running_deadline: None,
            running_early: None,
            running_next: None,
            reminded_turn: 0,
            held_turn: 0,
            created_at: now,
        };
        let mut tx = store::begin(self.store()).await?;
        store::games_insert(&mut tx, &row).await?;
        let rev = store::keep_world(&mut tx, &name, turn, made_by, &state).await?;
        let mut told = Vec::new();
        for (s, hash, password) in &seats {
            store::upsert_seat(
                &mut tx,
                &SeatRow {
                    game: name.clone(),
                    seat: s.key.clone(),
                    name: s.name.clone(),
                    password_hash: hash.clone(),
                    addresses: s.address.iter().cloned().collect(),
                    status: SeatStatus::Playing,
                    missed: 0,
                    joined_turn: turn,
                },
            )
            .await?;
            told.push(Told {
                seat: s.key.clone(),
                name: s.name.clone(),
                password: password.clone(),
                address: s.address.clone(),
            });
        }
        let title = self.kinds.get(kind_name)?.title();
        for (r, t) in reports.iter().zip(&told) {
            store::keep_report(&mut tx, &name, turn, 0, r).await?;
            let intro = welcome_intro(title, &name, t, turn + 1, deadline_text.as_deref());
            store::queue(
                &mut tx,
                &letters::report_to_seat(
                    &name,
                    &t.seat,
                    t.address.as_deref(),
                    "welcome",
                    format!("[{name}] Welcome: your initial report for {}", t.seat),
                    intro,
                    (turn, 0),
                ),
            )
            .await?;
        }
        store::audit_record(
            &mut tx,
            Some(&name),
            actor,
            made_by,
            &format!(
                "{made_by} {title} game `{name}` with {} seat(s); {}",
                seats.len(),
                notes.join("; ")
            ),
        )
        .await?;
        store::commit(tx, "the new game").await?;
        debug_assert_eq!(rev, 1);
        let game = self.game(&name).await?;
        Ok(Made {
            game,
            seats: told,
            notes,
            welcomed: reports.len(),
        })
    }
}

/// The opening words of a welcome.
pub(crate) fn welcome_intro(
    title: &str,
    game: &str,
    t: &Told,
    collecting: u32,
    deadline: Option<&str>,
) -> String {
    let password = match &t.password {
        Some(p) => format!(
            "Your password is {}; write it on every order set.",
            p.expose()
        ),
        None => "Your password is the one you had before this game moved here.".to_string(),
    };
    format!(
        "Welcome to {title} game {game}. You play {} ({}).\n{password}\n{}\nYour initial report and your order template follow.",
        t.seat,
        t.name,
        due(collecting, deadline)
    )
}
