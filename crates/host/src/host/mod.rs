//! The host: games kept in the database, players' submissions taken and
//! answered, turns run at their deadlines, and the game master's
//! controls. The command line (`umpire host …`), the scheduler of
//! `umpire serve`, the mail gateway and the web all call this, and only
//! this, to change a game.
//!
//! Guarantees:
//!
//! - **Store first, then act.** A submission is stored raw before it is
//!   read; one stored but not yet answered (a crash came between) is
//!   answered when the server starts again. A message with a Message-ID
//!   already stored has no second effect.
//! - **One transaction per turn.** The new world, the reports, the
//!   templates and the mail they cause are committed together; until then
//!   the previous turn stands.
//! - **One run at a time** ([`crate::lock`]); while a turn runs it takes
//!   no orders or articles, and orders for later turns are still taken
//!   (OV-SRV-009). A run that stopped part way is repeated with the same
//!   orders, world and deadlines, so it writes the same bytes.

mod bots;
mod calendar;
mod controls;
mod create;
mod early;
mod intake;
mod leave;
mod letters;
pub mod mail_prefs;
pub mod messages;
mod news;
mod plain;
mod record;
mod rulings;
mod run;
mod scheduler;
mod substitute;
pub mod web;
pub mod webhook;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

pub use crate::envelope::Word;
pub use calendar::Due;
pub use controls::{Overview, SeatView};
pub use create::{Made, NewGame, Told};
pub use early::{Readiness, SeatReadiness};
pub use intake::{Answer, Reading, Submission};

pub use news::News;
pub use record::Record;
pub use rulings::HeldView;
pub use run::{Ran, Trigger};
pub use scheduler::Tick;
pub use substitute::Opening;

use crate::kind::{Game, GameKind, KindError};
use crate::schedule::{Schedule, ScheduleError, zone};
use crate::store::{GameRow, Location, Store, StoreError};

/// Why the host could not do something, worded for whoever asked.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// The request cannot be done as asked (an unknown game, a bad name, a
    /// rollback with nothing to roll back).
    #[error("{0}")]
    Refused(String),
    /// Another run of the game holds the lock.
    #[error("{0}")]
    Busy(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Kind(#[from] KindError),
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
    #[error("{0}")]
    Internal(String),
}

pub type Result<T> = std::result::Result<T, HostError>;

/// A game's settings, kept as JSON with the game. Every field has a
/// default, so a setting added later reads from older games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// When turns run (`sat 18:00`, `every 3 days`; see
    /// [`crate::schedule`]); none: only when the game master runs them.
    pub schedule: Option<String>,
    /// The game's time zone (IANA name), for the schedule and for the
    /// deadlines players read.
    pub zone: String,
    /// Where the game master's notices go.
    pub gm_address: Option<String>,
    /// Warn a seat after this many turns in a row without orders
    /// (0: never).
    pub nmr_warn_after: u32,
    /// After this many, hand the seat to the game master's decision
    /// (0: never). Its pending orders carry on either way (the rules).
    pub nmr_gm_after: u32,
    /// A scheduled turn does not run by itself when more than this
    /// percentage of the seats in play sent nothing (a mail outage looks
    /// like that); the game master is told and decides. 100: never hold.
    pub hold_percent: u32,
    /// Remind seats with no orders this many hours before the deadline
    /// (0: no reminders).
    pub remind_hours: u32,
    /// Seats a bot plays: when a turn runs, each of them in play with no
    /// orders for it gets the bot's (see `host/bots.rs`).
    pub bots: Vec<String>,
    /// Where the game's news is posted as it happens (a Discord or Slack
    /// incoming webhook, or any address taking JSON): see
    /// `host/webhook.rs`. None: nowhere.
    pub webhook: Option<String>,
    /// What each player chose to be mailed, by seat (none: the default,
    /// see `host/mail_prefs.rs`).
    pub mail: std::collections::BTreeMap<String, mail_prefs::MailPrefs>,
    /// Whether a turn runs before its deadline when every seat in play is
    /// ready (see `host/early.rs`).
    pub early: Early,
    /// How long after the last change (orders, or a word on them) an early
    /// turn waits, in minutes, so that a player may still change their
    /// mind.
    pub grace_minutes: u32,
    /// The most turns a player may be on leave for at once (see
    /// `host/leave.rs`); 0: no leave.
    pub max_leave: u32,
    /// A seat on leave is played by its bot (instead of carrying on with
    /// its orders, as the rules do).
    pub leave_bot: bool,
    /// Who reads the messages players write each other (see
    /// `host/messages.rs`): the two seats only, by default.
    pub messages: messages::Messages,
}

/// The most turns a game may let a player be on leave for at once.
pub const MAX_LEAVE_TURNS: u32 = 52;

/// The longest grace before an early run: a week.
pub const MAX_GRACE_MINUTES: u32 = 7 * 24 * 60;

/// When a turn runs before its deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Early {
    /// Never: turns run at their deadlines.
    #[default]
    Off,
    /// When every seat in play has sent orders (and none said not ready).
    Sent,
    /// When every seat in play has sent orders and marked them ready.
    Ready,
}

impl Early {
    /// `off`, `sent` or `ready` (as the command line and the desk write it).
    pub fn parse(s: &str) -> Result<Early> {
        match s.trim().to_ascii_lowercase().as_str() {
            "off" | "no" | "never" => Ok(Early::Off),
            "sent" | "all-sent" => Ok(Early::Sent),
            "ready" | "all-ready" => Ok(Early::Ready),
            other => Err(HostError::Refused(format!(
                "`{other}` is not a way to run early: write off (at the deadline only), sent (when every seat has sent orders) or ready (when every seat has marked its orders ready)"
            ))),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Early::Off => "off",
            Early::Sent => "sent",
            Early::Ready => "ready",
        }
    }

    /// The setting in words, for the game master.
    pub fn describe(self) -> &'static str {
        match self {
            Early::Off => "turns run at their deadlines only",
            Early::Sent => "a turn runs early when every seat in play has sent orders",
            Early::Ready => {
                "a turn runs early when every seat in play has sent orders and marked them ready"
            }
        }
    }
}

impl std::fmt::Display for Early {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            schedule: None,
            zone: "UTC".to_string(),
            gm_address: None,
            nmr_warn_after: 2,
            nmr_gm_after: 3,
            hold_percent: 50,
            remind_hours: 24,
            bots: Vec::new(),
            webhook: None,
            mail: std::collections::BTreeMap::new(),
            early: Early::Off,
            grace_minutes: 10,
            max_leave: 3,
            leave_bot: false,
            messages: messages::Messages::Private,
        }
    }
}

impl Settings {
    /// Refuse settings that name an unknown zone, an impossible schedule
    /// or a share over 100%.
    pub fn check(&self) -> Result<()> {
        zone(&self.zone)?;
        if let Some(s) = &self.schedule {
            Schedule::parse(s)?;
        }
        if let Some(url) = &self.webhook {
            webhook::check_address(url)?;
        }
        if self.grace_minutes > MAX_GRACE_MINUTES {
            return Err(HostError::Refused(format!(
                "the grace before an early run is at most {MAX_GRACE_MINUTES} minutes (a week), not {}",
                self.grace_minutes
            )));
        }
        if self.max_leave > MAX_LEAVE_TURNS {
            return Err(HostError::Refused(format!(
                "a leave lasts at most {MAX_LEAVE_TURNS} turns, not {}",
                self.max_leave
            )));
        }
        if self.hold_percent > 100 {
            return Err(HostError::Refused(format!(
                "hold_percent is a share of the seats, 0 to 100, not {}",
                self.hold_percent
            )));
        }
        Ok(())
    }

    pub fn schedule(&self) -> Option<Schedule> {
        self.schedule
            .as_deref()
            .and_then(|s| Schedule::parse(s).ok())
    }

    /// The settings kept with a game.
    pub fn of_row(row: &GameRow) -> Settings {
        serde_json::from_str(&row.settings).unwrap_or_default()
    }

    pub(crate) fn of(row: &GameRow) -> Settings {
        Settings::of_row(row)
    }

    pub(crate) fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }
}

/// A world loaded from the store, shared by every submission until the
/// next turn.
pub struct Loaded {
    pub rev: i64,
    pub kind: Box<dyn GameKind>,
    pub game: Box<dyn Game>,
}

/// The host.
pub struct Host {
    store: Store,
    cache: Mutex<HashMap<String, Arc<Loaded>>>,
    /// Held while a world is read into the cache, so that many requests
    /// arriving together read it once.
    loading: tokio::sync::Mutex<()>,
    verified: Arc<crate::password::Verified>,
    /// The automatic backups (`[backup]`): before every turn, and daily.
    backups: Option<crate::backup::Policy>,
    /// The kinds of game this host runs.
    kinds: crate::kind::Kinds,
}

/// Run CPU work (the engine, argon2, reading a world) off the async
/// threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| HostError::Internal(format!("a worker stopped: {e}")))
}

impl Host {
    /// Open the database at `location` (made if missing).
    pub async fn open(location: &Location) -> Result<Host> {
        Ok(Host::new(Store::open(location).await?))
    }

    pub fn new(store: Store) -> Host {
        Host {
            store,
            cache: Mutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            verified: Arc::new(crate::password::Verified::new()),
            backups: None,
            kinds: crate::kind::Kinds::hosted(),
        }
    }

    /// Run these kinds of game instead of the ones this build hosts.
    #[must_use]
    pub fn with_kinds(mut self, kinds: crate::kind::Kinds) -> Host {
        self.kinds = kinds;
        self
    }

    /// The kind of game called `name` (a game row's `kind`).
    pub fn kind(&self, name: &str) -> Result<Box<dyn GameKind>> {
        Ok(self.kinds.get(name)?)
    }

    /// Take a backup before every turn and one a day (SQLite only; a
    /// PostgreSQL database is refused: pg_dump backs it up).
    pub fn with_backups(mut self, policy: crate::backup::Policy) -> Result<Host> {
        if self.store.backend() == crate::store::Backend::Postgres {
            return Err(HostError::Refused(format!(
                "[backup] copies a SQLite database; {} is PostgreSQL: back it up with pg_dump (the README's \"Backups\")",
                self.store.location()
            )));
        }
        self.backups = Some(policy);
        Ok(self)
    }

    /// The automatic backups, if any.
    pub fn backups(&self) -> Option<&crate::backup::Policy> {
        self.backups.as_ref()
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The game called `name`, or why there is none.
    pub async fn game(&self, name: &str) -> Result<GameRow> {
        match self.store.game(name).await? {
            Some(g) => Ok(g),
            None => {
                let names: Vec<String> = self
                    .store
                    .games()
                    .await?
                    .into_iter()
                    .map(|g| g.id)
                    .collect();
                let hint = umpire_core::text::suggest(name, names.iter().map(String::as_str))
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                Err(HostError::Refused(if names.is_empty() {
                    format!("there is no game `{name}`: this server hosts no games yet")
                } else {
                    format!(
                        "there is no game `{name}`{hint}; this server hosts {}",
                        names.join(", ")
                    )
                }))
            }
        }
    }

    fn cached(&self, row: &GameRow) -> Option<Arc<Loaded>> {
        let cache = self.cache.lock().ok()?;
        cache
            .get(&row.id)
            .filter(|l| l.rev == row.world_rev)
            .cloned()
    }

    /// The world of `row` as it is now, loaded once per revision (however
    /// many ask for it at once).
    pub async fn loaded(&self, row: &GameRow) -> Result<Arc<Loaded>> {
        if let Some(l) = self.cached(row) {
            return Ok(l);
        }
        let _loading = self.loading.lock().await;
        if let Some(l) = self.cached(row) {
            return Ok(l);
        }
        let state = self.store.world(&row.id, row.world_rev).await?;
        let kind_name = row.kind.clone();
        let rev = row.world_rev;
        let kinds = self.kinds.clone();
        let loaded = blocking(move || -> std::result::Result<Loaded, KindError> {
            let k = kinds.get(&kind_name)?;
            let game = k.open(&state)?;
            Ok(Loaded { rev, kind: k, game })
        })
        .await??;
        let loaded = Arc::new(loaded);
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(row.id.clone(), loaded.clone());
        }
        Ok(loaded)
    }

    /// The whole text of a queued message: its words, and the report it
    /// carries with the gazette and the order template.
    pub async fn mail_body(&self, m: &crate::store::OutboxRow) -> Result<String> {
        let o = &m.message;
        let (Some((turn, attempt)), Some(game), Some(seat)) = (o.report, &o.game, &o.seat) else {
            return Ok(o.body.clone());
        };
        let Some(r) = self.store.report_of_run(game, seat, turn, attempt).await? else {
            return Ok(o.body.clone());
        };
        let public = if attempt > 0 {
            self.store.public(game, turn, attempt).await?
        } else {
            Vec::new()
        };
        let report = crate::kind::SeatReport {
            seat: r.seat,
            text: r.text,
            json: None,
            template: r.template,
        };
        Ok(letters::with_report(&o.body, &report, &public))
    }

    /// A seat of `game`, or why there is none.
    pub(crate) async fn seat_of(&self, game: &str, seat: &str) -> Result<crate::store::SeatRow> {
        self.store
            .seat(game, seat)
            .await?
            .ok_or_else(|| HostError::Refused(format!("{game} has no seat {seat}")))
    }

    /// Begin a write on `game`, and read its row inside the transaction
    /// (after the lock, so nothing changes it until the commit).
    pub(crate) async fn write_on(
        &self,
        game: &str,
    ) -> Result<(sqlx::Transaction<'static, sqlx::Any>, GameRow)> {
        let mut tx = crate::store::begin_on(&self.store, game).await?;
        match crate::store::game_in(&mut tx, game).await? {
            Some(row) => Ok((tx, row)),
            None => Err(HostError::Refused(format!("game {game} is gone"))),
        }
    }

    /// Forget a loaded world (after a change the cache cannot see).
    pub(crate) fn forget(&self, game: &str) {
        if let Ok(mut cache) = self.cache.lock() {
            cache.remove(game);
        }
    }
}
