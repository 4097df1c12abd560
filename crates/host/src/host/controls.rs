//! The game master's controls: pause and resume, the schedule and the
//! deadline, roll back a turn, add and remove players, and see who has
//! sent orders. Each one is written to the audit log in the same
//! transaction as the change.

use super::create::{Told, welcome_intro};
use super::letters::{self, due};
use super::webhook;
use super::{Host, HostError, Result, Settings, blocking};
use crate::kind::{Join, KindError, Removal, SeatPassword};
use crate::lock::RunLock;
use crate::password::{self, Secret};
use crate::schedule::{Schedule, describe, from_ms, moment, zone};
use crate::store::{self, GameRow, Incoming, SeatRow, SeatStatus, Status, now_ms};

/// A seat as the game master sees it.
#[derive(Clone, Debug)]
pub struct SeatView {
    pub seat: SeatRow,
    /// Orders kept for the turn being collected.
    pub has_orders: bool,
    /// On leave for the turn being collected: the last turn of its leave.
    pub on_leave: Option<u32>,
    /// Opened by the game master for a newcomer to take.
    pub open: bool,
}

/// A game at a glance.
#[derive(Clone, Debug)]
pub struct Overview {
    pub game: GameRow,
    pub settings: Settings,
    /// The turn orders are collected for.
    pub collecting: u32,
    /// The next deadline, as players read it.
    pub deadline: Option<String>,
    pub seats: Vec<SeatView>,
    /// The turn is held by the safety valve, waiting for the game master.
    pub held: bool,
    /// Messages waiting in the outbox, and those that cannot be sent.
    pub waiting: usize,
    pub unsendable: usize,
    /// Who the turn waits for before it may run early, and when it would.
    pub readiness: super::Readiness,
}

impl Overview {
    /// Seats in play with no orders for the turn being collected.
    pub fn missing(&self) -> Vec<&SeatView> {
        self.seats
            .iter()
            .filter(|s| s.seat.status.plays() && !s.has_orders && s.on_leave.is_none())
            .collect()
    }
}

impl Host {
    /// A game at a glance: its state and who has sent orders.
    pub async fn overview(&self, game: &str) -> Result<Overview> {
        let row = self.game(game).await?;
        let settings = Settings::of(&row);
        let collecting = row.turn + 1;
        let sent = self.store().seats_with_orders(game, collecting).await?;
        let leaves = self.store().leaves(game).await?;
        let open = self.store().open_seats(Some(game)).await?;
        let seats = self
            .store()
            .seats(game)
            .await?
            .into_iter()
            .map(|s| SeatView {
                has_orders: sent.contains(&s.seat),
                on_leave: leaves
                    .iter()
                    .find(|l| l.seat == s.seat && l.until >= collecting)
                    .map(|l| l.until),
                open: open.iter().any(|o| o.seat == s.seat),
                seat: s,
            })
            .collect();
        let outbox = self.store().outbox(Some(game), None).await?;
        let readiness = self.readiness(game).await?;
        Ok(Overview {
            readiness,
            deadline: row.deadline.map(|d| describe(from_ms(d), &settings.zone)),
            held: row.held_turn == collecting,
            waiting: outbox.iter().filter(|m| m.status == "waiting").count(),
            unsendable: outbox
                .iter()
                .filter(|m| m.status == "no-address" || m.status == "failed")
                .count(),
            collecting,
            settings,
            seats,
            game: row,
        })
    }

    /// Change a game's row and settings in one audited transaction.
    pub(super) async fn change(
        &self,
        game: &str,
        actor: &str,
        action: &str,
        f: impl FnOnce(&mut GameRow, &mut Settings) -> Result<String>,
    ) -> Result<GameRow> {
        self.game(game).await?;
        let (mut tx, mut row) = self.write_on(game).await?;
        let mut settings = Settings::of(&row);
        let detail = f(&mut row, &mut settings)?;
        settings.check()?;
        row.settings = settings.json();
        store::games_update(&mut tx, &row).await?;
        store::audit_record(&mut tx, Some(game), actor, action, &detail).await?;
        // Pausing and resuming are news for the game's webhook.
        let news = match action {
            "pause" => Some(webhook::Event::Paused),
            "resume" => Some(webhook::Event::Resumed {
                next: row.deadline.map(|d| describe(from_ms(d), &settings.zone)),
            }),
            _ => None,
        };
        if let (Some(event), Some(url)) = (news, &settings.webhook) {
            store::queue(&mut tx, &webhook::call(game, url, &event)).await?;
        }
        store::commit(tx, action).await?;
        Ok(row)
    }

    /// No turn runs by itself until [`Host::resume`].
    pub async fn pause(&self, game: &str, actor: &str) -> Result<GameRow> {
        self.change(game, actor, "pause", |row, _| {
            row.status = Status::Paused;
            Ok("paused: no turn runs by itself".to_string())
        })
        .await
    }

    /// Turns run at their deadlines again; a deadline that passed while
    /// paused moves to the schedule's next one.
    pub async fn resume(&self, game: &str, actor: &str) -> Result<GameRow> {
        let now = now_ms();
        self.change(game, actor, "resume", move |row, settings| {
            row.status = Status::Open;
            if row.deadline.is_some_and(|d| d <= now) {
                row.deadline = next_deadline(settings, now)?;
            }
            Ok(format!(
                "resumed; next deadline {}",
                row.deadline
                    .map_or("none".to_string(), |d| describe(from_ms(d), &settings.zone))
            ))
        })
        .await
    }

    /// Set the schedule and time zone (None: keep); the next deadline is
    /// the schedule's next from now. `manual` or `none` removes the
    /// schedule.
    pub async fn set_schedule(
        &self,
        game: &str,
        schedule: Option<&str>,
        zone_name: Option<&str>,
        actor: &str,
    ) -> Result<GameRow> {
        if let Some(z) = zone_name {
            zone(z)?;
        }
        let spec = match schedule.map(str::trim) {
            Some("manual" | "none" | "") => Some(None),
            Some(s) => Some(Some(Schedule::parse(s)?.to_string())),
            None => None,
        };
        let now = now_ms();
        let zone_name = zone_name.map(str::to_string);
        self.change(game, actor, "schedule", move |row, settings| {
            if let Some(z) = zone_name {
                settings.zone = z;
            }
            if let Some(s) = spec {
                settings.schedule = s;
            }
            row.deadline = next_deadline(settings, now)?;
            Ok(format!(
                "schedule {} in {}; next deadline {}",
                settings
                    .schedule
                    .as_deref()
                    .unwrap_or("none (the game master runs turns)"),
                settings.zone,
                row.deadline
                    .map_or("none".to_string(), |d| describe(from_ms(d), &settings.zone))
            ))
        })
        .await
    }

    /// Move this turn's deadline: later `by` minutes, or `to` a date and
    /// time in the game's zone. A turn held by the safety valve is looked
    /// at again at the new deadline.
    pub async fn extend(
        &self,
        game: &str,
        by_minutes: Option<i64>,
        to: Option<&str>,
        actor: &str,
    ) -> Result<GameRow> {
        let row = self.game(game).await?;
        let settings = Settings::of(&row);
        let now = now_ms();
        let new = match (by_minutes, to) {
            (Some(m), None) if m > 0 => row.deadline.unwrap_or(now).max(now) + m * 60_000,
            (Some(m), None) => {
                return Err(HostError::Refused(format!(
                    "extend by a positive time, not {m} minutes"
                )));
            }
            (None, Some(t)) => moment(t, &settings.zone)?.as_millisecond(),
            _ => {
                return Err(HostError::Refused(
                    "say how far: --by (1d, 12h, 30m) or --to DATE TIME".to_string(),
                ));
            }
        };
        if new <= now {
            return Err(HostError::Refused(format!(
                "{} has already passed",
                describe(from_ms(new), &settings.zone)
            )));
        }
        let text = describe(from_ms(new), &settings.zone);
        let collecting = row.turn + 1;
        let shown = text.clone();
        let row = self
            .change(game, actor, "extend", move |row, _| {
                row.deadline = Some(new);
                if row.held_turn == row.turn + 1 {
                    row.held_turn = 0;
                }
                Ok(format!("deadline moved to {shown}"))
            })
            .await?;
        self.tell_all(
            game,
            "notice",
            &format!("[{game}] Deadline moved: turn {collecting} now runs {text}"),
            &format!(
                "The game master moved the deadline of turn {collecting}. {}",
                due(collecting, Some(&text))
            ),
        )
        .await?;
        Ok(row)
    }

    /// Queue one message to every seat in play.
    async fn tell_all(&self, game: &str, kind: &str, subject: &str, body: &str) -> Result<usize> {
        let seats = self.store().seats(game).await?;
        let mut tx = store::begin(self.store()).await?;
        let mut n = 0;
        for s in seats.iter().filter(|s| s.status.plays()) {
            store::queue(
                &mut tx,
                &letters::to_seat(
                    game,
                    &s.seat,
                    s.address(),
                    kind,
                    subject.to_string(),
                    body.to_string(),
                ),
            )
            .await?;
            n += 1;
        }
        store::commit(tx, "the notices").await?;
        Ok(n)
    }

    /// Undo the last turn: the world goes back to what it was before it,
    /// its run is kept but marked rolled back, and the turn is collected
    /// again with the orders sent for it (players may send new ones).
    /// Everything the run queued and has not sent is withdrawn; each
    /// player is told, in the same transaction, which of that turn's
    /// messages already reached them and are void. Refused when a player
    /// joined since.
    pub async fn rollback(&self, game: &str, actor: &str) -> Result<GameRow> {
        let Some(lock) = RunLock::try_take(self.store(), game).await? else {
            return Err(HostError::Busy(format!(
                "a turn of {game} is being run; roll back when it is done"
            )));
        };
        let result = self.rollback_locked(game, actor).await;
        lock.release().await;
        result
    }

    async fn rollback_locked(&self, game: &str, actor: &str) -> Result<GameRow> {
        let (tx, g) = self.write_on(game).await?;
        let mut storage = RollingBack {
            host: self,
            game,
            actor,
            tx: Some(tx),
            g,
            turn: None,
        };
        let named = crate::turns::Named { game, noun: "turn" };
        let g = crate::turns::roll_back(&mut storage, named).await?;
        self.forget(game);
        Ok(g)
    }

    /// Add a player to a running game by its starting rules ("anyone can
    /// join at any time"). They get a password and their initial report
    /// at once.
    pub async fn join(
        &self,
        game: &str,
        name: Option<&str>,
        address: Option<&str>,
        actor: &str,
    ) -> Result<Told> {
        // An address is checked as one before a welcome mail is queued to it.
        if let Some(a) = address.map(str::trim).filter(|a| !a.is_empty()) {
            letters::check_address(a)?;
        }
        let row = self.game(game).await?;
        let settings = Settings::of(&row);
        let loaded = self.loaded(&row).await?;
        let seed = crate::seed::random().map_err(KindError::from)?;
        let join = Join {
            name: name.map(str::to_string),
            address: address.map(str::to_string),
            seed,
        };
        let deadline = row.deadline.map(|d| describe(from_ms(d), &settings.zone));
        let text = deadline.clone().unwrap_or_default();
        let l = loaded.clone();
        let (joined, report, hash, clear) = blocking(move || -> Result<_> {
            let joined = l.game.join(&join)?;
            let game = l.kind.open(&joined.state)?;
            let report = game.welcome(&joined.seat.key, &text)?;
            let (hash, clear) = match joined.seat.password.clone() {
                SeatPassword::Clear(c) | SeatPassword::Known { clear: c, .. } => (
                    password::hash(&c).map_err(|e| HostError::Internal(e.to_string()))?,
                    c,
                ),
                SeatPassword::Hash(_) | SeatPassword::Unknown => {
                    let c = password::generate().map_err(|e| HostError::Internal(e.to_string()))?;
                    (
                        password::hash(&c).map_err(|e| HostError::Internal(e.to_string()))?,
                        c,
                    )
                }
            };
            Ok((joined, report, hash, clear))
        })
        .await??;
        let (mut tx, mut g) = self.write_on(game).await?;
        if g.world_rev != row.world_rev || g.running_turn.is_some() {
            return Err(HostError::Busy(format!(
                "a turn of {game} is running or just ran; join again in a moment"
            )));
        }
        let rev = store::keep_world(&mut tx, game, g.turn, "join", &joined.state).await?;
        g.world_rev = rev;
        store::games_update(&mut tx, &g).await?;
        let told = Told {
            seat: joined.seat.key.clone(),
            name: joined.seat.name.clone(),
            password: Some(clear),
            address: address.map(str::to_string),
        };
        store::upsert_seat(
            &mut tx,
            &SeatRow {
                game: game.to_string(),
                seat: told.seat.clone(),
                name: told.name.clone(),
                password_hash: hash,
                addresses: told.address.iter().cloned().collect(),
                status: SeatStatus::Playing,
                missed: 0,
                joined_turn: g.turn,
            },
        )
        .await?;
        store::keep_report(&mut tx, game, g.turn, 0, &report).await?;
        let intro = welcome_intro(
            loaded.kind.title(),
            game,
            &told,
            g.turn + 1,
            deadline.as_deref(),
        );
        store::queue(
            &mut tx,
            &letters::report_to_seat(
                game,
                &told.seat,
                told.address.as_deref(),
                "welcome",
                format!("[{game}] Welcome: your initial report for {}", told.seat),
                intro,
                (g.turn, 0),
            ),
        )
        .await?;
        store::audit_record(&mut tx, Some(game), actor, "join", &joined.note).await?;
        store::commit(tx, "the new player").await?;
        Ok(told)
    }

    /// Take a seat out of the game by the game's own rules (Overlord:
    /// it resigns at the next turn; En Garde!: the character retires at
    /// once). It takes no more orders. Returns what will happen.
    pub async fn remove(&self, game: &str, seat: &str, actor: &str) -> Result<String> {
        let row = self.game(game).await?;
        let s = self.seat_of(game, seat).await?;
        if !s.status.plays() {
            return Err(HostError::Refused(format!(
                "{seat} is already out of the game ({})",
                s.status.as_str()
            )));
        }
        let loaded = self.loaded(&row).await?;
        let key = seat.to_string();
        let l = loaded.clone();
        let removal = blocking(move || l.game.remove(&key)).await??;
        let note = match &removal {
            Removal::Now(_) => format!("{seat} is out of the game from now"),
            Removal::AtTurn { note, .. } => note.clone(),
        };
        let (submission, _) = match &removal {
            Removal::AtTurn { orders, .. } => {
                let (r, fresh) = self
                    .store()
                    .receive(&Incoming {
                        game: Some(game),
                        source: "gm",
                        sender: None,
                        message_id: None,
                        envelope_to: None,
                        raw: orders.as_bytes(),
                    })
                    .await?;
                (Some(r), fresh)
            }
            Removal::Now(_) => (None, false),
        };
        let (mut tx, mut g) = self.write_on(game).await?;
        if g.world_rev != row.world_rev || g.running_turn.is_some() {
            return Err(HostError::Busy(format!(
                "a turn of {game} is running or just ran; remove {seat} again in a moment"
            )));
        }
        match &removal {
            Removal::Now(state) => {
                g.world_rev = store::keep_world(&mut tx, game, g.turn, "remove", state).await?;
                store::games_update(&mut tx, &g).await?;
            }
            Removal::AtTurn { orders, .. } => {
                if let Some(sub) = &submission {
                    store::keep_orders(&mut tx, game, g.turn + 1, seat, sub.id, orders, None)
                        .await?;
                    store::answer(&mut tx, sub.id, Some(game), "answered", &note).await?;
                }
            }
        }
        let mut s = s;
        s.status = SeatStatus::Removed;
        store::upsert_seat(&mut tx, &s).await?;
        store::queue(
            &mut tx,
            &letters::to_seat(
                game,
                seat,
                s.address(),
                "notice",
                format!("[{game}] {seat} removed by the game master"),
                format!("The game master removed {seat} ({}) from {game}: {note}. No more orders are taken from it.", s.name),
            ),
        )
        .await?;
        store::audit_record(&mut tx, Some(game), actor, "remove", &note).await?;
        store::commit(tx, "the removal").await?;
        self.forget(game);
        Ok(note)
    }

    /// Keep a seat the missed-turn rule handed to the game master: it
    /// plays on, its count of missed turns starts again.
    pub async fn keep(&self, game: &str, seat: &str, actor: &str) -> Result<()> {
        let mut s = self.seat_of(game, seat).await?;
        if s.status != SeatStatus::GmDecides {
            return Err(HostError::Refused(format!(
                "{seat} is {}, not waiting for the game master's decision",
                s.status.as_str()
            )));
        }
        s.status = SeatStatus::Playing;
        s.missed = 0;
        let mut tx = store::begin_on(self.store(), game).await?;
        store::upsert_seat(&mut tx, &s).await?;
        store::audit_record(
            &mut tx,
            Some(game),
            actor,
            "keep",
            &format!("{seat} plays on"),
        )
        .await?;
        store::commit(tx, "the decision").await?;
        Ok(())
    }

    /// Give a seat a new password (the player lost theirs); it is told to
    /// the seat's address and returned once to the game master.
    pub async fn new_password(&self, game: &str, seat: &str, actor: &str) -> Result<Secret> {
        let s = self.seat_of(game, seat).await?;
        let (clear, hash) = blocking(|| -> std::result::Result<_, password::HashError> {
            let c = password::generate()?;
            let h = password::hash(&c)?;
            Ok((c, h))
        })
        .await?
        .map_err(|e| HostError::Internal(e.to_string()))?;
        let mut tx = store::begin_on(self.store(), game).await?;
        store::set_password(&mut tx, game, seat, &hash).await?;
        store::queue(
            &mut tx,
            &letters::to_seat(
                game,
                seat,
                s.address(),
                "password",
                format!("[{game}] A new password for {seat}"),
                format!(
                    "The game master gave {seat} a new password: {}. Write it on your orders from now on.",
                    clear.expose()
                ),
            ),
        )
        .await?;
        store::audit_record(
            &mut tx,
            Some(game),
            actor,
            "password",
            &format!("new password for {seat}"),
        )
        .await?;
        store::commit(tx, "the new password").await?;
        Ok(clear)
    }

    /// Change where a seat's mail goes.
    pub async fn set_address(
        &self,
        game: &str,
        seat: &str,
        address: &str,
        actor: &str,
    ) -> Result<()> {
        let mut s = self.seat_of(game, seat).await?;
        let a = address.trim().to_string();
        letters::check_address(&a)?;
        s.addresses.retain(|x| *x != a);
        s.addresses.insert(0, a.clone());
        let mut tx = store::begin_on(self.store(), game).await?;
        store::upsert_seat(&mut tx, &s).await?;
        store::audit_record(
            &mut tx,
            Some(game),
            actor,
            "address",
            &format!("{seat}'s mail goes to {a}"),
        )
        .await?;
        store::commit(tx, "the address").await?;
        Ok(())
    }
}

impl Host {
    /// Write the game's world as it is now into `folder`, in the game
    /// folder format the command line reads (`umpire overlord show`,
    /// `umpire host import`). Returns the file written.
    pub async fn export(&self, game: &str, folder: &std::path::Path) -> Result<std::path::PathBuf> {
        let row = self.game(game).await?;
        let state = self.store().world(game, row.world_rev).await?;
        let k = self.kinds.get(&row.kind)?;
        let path = folder.join(k.world_file());
        crate::files::write_atomic(&path, &state)
            .map_err(|e| HostError::Refused(format!("{e:#}")))?;
        Ok(path)
    }
}

/// The schedule's next deadline after now.
fn next_deadline(settings: &Settings, now: i64) -> Result<Option<i64>> {
    let tz = zone(&settings.zone)?;
    Ok(settings
        .schedule()
        .map(|s| s.next_after(from_ms(now), &tz).as_millisecond()))
}

/// The database as the storage of a rollback ([`crate::turns::Rollback`]):
/// the checks and the rollback in one transaction on the game's row. The
/// world is told apart by its revision; the world a turn left is the one
/// its run kept. All of it (the world again, the run marked rolled back,
/// its mail withdrawn, each player told, the audit) commits together.
struct RollingBack<'h> {
    host: &'h Host,
    game: &'h str,
    actor: &'h str,
    tx: Option<sqlx::Transaction<'static, sqlx::Any>>,
    /// The game's row, locked by the transaction.
    g: GameRow,
    /// The run of the last turn, once read.
    turn: Option<store::TurnRow>,
}

impl RollingBack<'_> {
    fn tx(&mut self) -> Result<&mut sqlx::AnyConnection> {
        match self.tx.as_mut() {
            Some(tx) => Ok(&mut **tx),
            None => Err(HostError::Internal(
                "the rollback's transaction is gone".to_string(),
            )),
        }
    }
}

impl crate::turns::Rollback for RollingBack<'_> {
    type Error = HostError;
    type Mark = i64;
    type Back = GameRow;

    fn refused(&self, why: String) -> HostError {
        HostError::Refused(why)
    }

    async fn last_run(&mut self) -> Result<u32> {
        Ok(self.g.turn)
    }

    async fn stopped(&mut self, turn: u32) -> Result<bool> {
        Ok(self.g.running_turn == Some(turn))
    }

    async fn kept(
        &mut self,
        n: u32,
    ) -> Result<std::result::Result<crate::turns::Last<i64>, String>> {
        let game = self.game;
        let tx = self.tx()?;
        Ok(match store::kept_turn(tx, game, n).await? {
            Some(turn) => {
                let left = Some(turn.world_after);
                self.turn = Some(turn);
                Ok(crate::turns::Last { turn: n, left })
            }
            None => Err(format!(
                "turn {n} of {game} was not run by this server, so it cannot be rolled back"
            )),
        })
    }

    async fn world_now(&mut self) -> Result<i64> {
        Ok(self.g.world_rev)
    }

    async fn changed_since(&mut self, last: &crate::turns::Last<i64>) -> Result<String> {
        let after = last.left.unwrap_or(self.g.world_rev);
        let worlds = self.host.store().worlds(self.game).await?;
        Ok(worlds
            .iter()
            .filter(|w| w.rev > after)
            .map(|w| w.made_by.clone())
            .collect::<Vec<_>>()
            .join(", "))
    }

    async fn put_back(&mut self, _last: crate::turns::Last<i64>) -> Result<GameRow> {
        let (game, actor) = (self.game, self.actor);
        let Some(turn) = self.turn.take() else {
            return Err(HostError::Internal(
                "the turn to roll back was not read".to_string(),
            ));
        };
        let mut g = self.g.clone();
        let tx = self.tx()?;
        let before = store::world_in(tx, game, turn.world_before).await?;
        let rev = store::keep_world(tx, game, g.turn - 1, "rollback", &before).await?;
        store::roll_back(tx, game, turn.turn, turn.attempt).await?;
        let mail = store::withdraw_run(tx, game, turn.turn, turn.attempt).await?;
        g.turn -= 1;
        g.world_rev = rev;
        g.held_turn = 0;
        if let Some(d) = turn.deadline.filter(|d| *d > now_ms()) {
            g.deadline = Some(d);
        }
        store::games_update(tx, &g).await?;
        let withdrawn = mail.iter().filter(|m| m.status == "withdrawn").count();
        store::audit_record(
            tx,
            Some(game),
            actor,
            "rollback",
            &format!(
                "rolled back turn {} (attempt {}); the world is revision {} again as revision {rev}; {} of its {} message(s) withdrawn before they were sent",
                turn.turn,
                turn.attempt,
                turn.world_before,
                withdrawn,
                mail.len()
            ),
        )
        .await?;
        let settings = Settings::of(&g);
        let deadline = g.deadline.map(|d| describe(from_ms(d), &settings.zone));
        for s in store::seats_in(tx, game).await? {
            if !s.status.plays() {
                continue;
            }
            store::queue(
                tx,
                &letters::to_seat(
                    game,
                    &s.seat,
                    s.address(),
                    "notice",
                    format!(
                        "[{game}] Turn {} was rolled back and will run again",
                        turn.turn
                    ),
                    letters::rolled_back(&s.seat, turn.turn, &mail, deadline.as_deref()),
                ),
            )
            .await?;
        }
        if let Some(tx) = self.tx.take() {
            store::commit(tx, "the rollback").await?;
        }
        Ok(g)
    }
}
