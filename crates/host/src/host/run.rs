//! Running a turn: at its deadline, early when every seat is ready
//! (`host/early.rs`), or when the game master says.
//!
//! 1. Take the game's run lock ([`crate::lock`]); another run holding it
//!    means this one does nothing. An early run not due any more (someone
//!    changed their mind) does nothing either.
//! 2. The bots write the orders of their seats that have none
//!    (`host/bots.rs`). At a deadline only: the safety valve. When more than the game's
//!    `hold_percent` of the seats in play sent nothing, the turn is held
//!    and the game master told; it runs when they say so.
//! 3. Mark the turn as running, with the deadline it runs for and the next
//!    one its reports announce (and, early, when every seat was ready: the
//!    letters say so), in one commit. From here orders for it are
//!    refused (OV-SRV-009), so the orders read next are all there will be.
//! 4. Run the engine on the stored world, orders and articles.
//! 5. In one transaction: the new world, the turn, every report and
//!    template, every seat's missed-turn count, the mail to every seat and
//!    to the game master, and the game moved on.
//!
//! Killed anywhere before 5 commits, the game is as it was with the turn
//! marked as running; the next start repeats it with the same marks,
//! world and orders, and so writes the same bytes.
//!
//! Steps 3 to 5 are the rule every storage runs a turn by
//! ([`crate::turns::run`]: claim, papers, engine, keep); the database's
//! way of taking each is `Running` here, a game folder's is
//! [`crate::folder`]'s.

use std::collections::HashSet;
use std::time::Instant;

use super::letters::{self, due};
use super::{Host, HostError, Result, Settings, blocking};
use crate::fault;
use crate::kind::{SeatInfo, SeatReport, TurnInput, TurnOutput};
use crate::lock::RunLock;
use crate::schedule::{describe, from_ms, zone};
use crate::store::{self, GameRow, SeatStatus, TurnRow, now_ms};

/// What started a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The scheduler, at the deadline (or to repeat a run that stopped).
    Deadline,
    /// The game master, now: no deadline or safety valve is waited for.
    Now { actor: String },
    /// The scheduler, before the deadline: every seat in play is ready and
    /// the grace has passed (`host/early.rs`). No safety valve: everyone
    /// sent.
    Early,
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ran {
    /// The turn ran and is kept.
    Kept {
        turn: u32,
        summary: String,
        run_ms: i64,
        reports: usize,
        /// When the next turn runs, as players read it.
        next: Option<String>,
        /// The seats in play that sent no orders for it: `seat (name)`.
        missing: Vec<String>,
    },
    /// Held by the safety valve: too many seats sent nothing.
    Held {
        turn: u32,
        missing: usize,
        playing: usize,
    },
    /// Not due (no deadline passed, paused, or held waiting for the game
    /// master).
    NotDue,
    /// Another run of the game is going on.
    Busy,
}

impl Host {
    /// Run the turn being collected in `game`, if `trigger` allows.
    pub async fn run_turn(&self, game: &str, trigger: Trigger) -> Result<Ran> {
        let Some(lock) = RunLock::try_take(self.store(), game).await? else {
            return Ok(Ran::Busy);
        };
        // Whatever is logged while the turn runs carries the game and the
        // turn (a JSON log's span).
        let span = tracing::info_span!("turn", game = %game, turn = tracing::field::Empty);
        let result = tracing::Instrument::instrument(self.run_locked(game, &trigger), span).await;
        lock.release().await;
        // Counted for the server's metrics (a no-op without a recorder).
        match &result {
            Ok(Ran::Kept { run_ms, .. }) => {
                metrics::counter!("umpire_turns_total", "outcome" => "kept").increment(1);
                metrics::histogram!("umpire_turn_duration_seconds")
                    .record((*run_ms).max(0) as f64 / 1000.0);
            }
            Ok(Ran::Held { .. }) => {
                metrics::counter!("umpire_turns_total", "outcome" => "held").increment(1)
            }
            Ok(Ran::NotDue | Ran::Busy) => {}
            Err(_) => metrics::counter!("umpire_turns_total", "outcome" => "failed").increment(1),
        }
        result
    }

    async fn run_locked(&self, game: &str, trigger: &Trigger) -> Result<Ran> {
        fault::point("locked");
        let row = self.game(game).await?;
        let settings = Settings::of(&row);
        let collecting = row.turn + 1;
        tracing::Span::current().record("turn", collecting);
        let repeating = row.running_turn == Some(collecting);
        let now = now_ms();
        if *trigger == Trigger::Deadline && !repeating {
            let due = row.status == store::Status::Open
                && row.deadline.is_some_and(|d| d <= now)
                && row.held_turn != collecting;
            if !due {
                return Ok(Ran::NotDue);
            }
        }
        // Looked at again under the lock: a player may have changed their
        // mind since the scheduler looked (and once more when the run is
        // marked).
        if *trigger == Trigger::Early && !repeating && self.early_due(&row, now).await?.is_none() {
            return Ok(Ran::NotDue);
        }
        // The bots write their seats' orders before anything counts who
        // sent nothing; the row is read again after their submissions.
        let row = if !repeating && self.play_bots(&row, &settings, collecting).await? > 0 {
            self.game(game).await?
        } else {
            row
        };
        if *trigger == Trigger::Deadline
            && !repeating
            && let Some(held) = self.safety_valve(&row, &settings).await?
        {
            return Ok(held);
        }
        // The game as it stands before the turn, kept apart (`[backup]`).
        // A backup that fails does not stop the turn: the players are owed
        // it; the failure is logged for the game master.
        if !repeating {
            self.back_up_before(game, collecting).await;
        }
        let mut running = Running {
            host: self,
            game,
            trigger,
            settings: &settings,
            repeating,
            row,
            now,
        };
        let engine = |papers: Papers| async move {
            let Papers {
                row,
                loaded,
                orders,
                input,
                next_text,
            } = papers;
            let started = Instant::now();
            let engine = loaded.clone();
            let out = blocking(move || engine.game.run(&input)).await??;
            let run_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
            fault::point("engine-done");
            Ok(Engined {
                row,
                loaded,
                orders,
                next_text,
                out,
                run_ms,
            })
        };
        // A claim declined is an early run no longer due: someone changed
        // their mind.
        Ok(crate::turns::run(&mut running, collecting, engine)
            .await?
            .unwrap_or(Ran::NotDue))
    }

    /// Keep the game as it stands before the turn apart (`[backup]`), when
    /// the host keeps backups. A failure is logged, never returned: the
    /// players are owed the turn.
    async fn back_up_before(&self, game: &str, collecting: u32) {
        let Some(policy) = self.backups() else {
            return;
        };
        match crate::backup::Policy::before(policy, self.store(), game, collecting).await {
            Ok(copy) => {
                tracing::info!(game, turn = collecting, file = %copy.path.display(), bytes = copy.bytes, "backed up before the turn")
            }
            Err(e) => {
                tracing::error!(game, turn = collecting, error = %e, "the backup before the turn failed; the turn runs all the same")
            }
        }
    }

    /// The orders, articles and rulings kept for the turn being collected.
    async fn turn_papers(
        &self,
        game: &str,
        collecting: u32,
    ) -> Result<(
        Vec<store::OrdersRow>,
        Vec<(String, bool, String)>,
        Vec<store::RulingRow>,
    )> {
        let mut c =
            self.store().pool().acquire().await.map_err(|e| {
                HostError::Store(store::StoreError::db("cannot reach the database")(e))
            })?;
        let orders = store::orders_for(&mut c, game, collecting).await?;
        let articles = store::articles_for(&mut c, game, collecting).await?;
        let rulings = store::rulings_for(&mut c, game, collecting).await?;
        drop(c);
        Ok((orders, articles, rulings))
    }

    /// Every seat after the turn: addresses changed by orders, seats out
    /// of play, new passwords, turns missed; each kept in `tx`.
    async fn settle_seats(
        &self,
        tx: &mut sqlx::AnyConnection,
        game: &str,
        settings: &Settings,
        infos: &[SeatInfo],
        orders: &[store::OrdersRow],
        run: (u32, i64),
    ) -> Result<Vec<store::SeatRow>> {
        let sent: HashSet<&str> = orders.iter().map(|o| o.seat.as_str()).collect();
        // A seat on leave for the turn missed nothing, and its record says
        // it was away.
        let away = store::on_leave_in(tx, game, run.0).await?;
        store::mark_on_leave(tx, game, run, &away).await?;
        let mut seats = store::seats_in(tx, game).await?;
        for s in &mut seats {
            let info = infos.iter().find(|i| i.key == s.seat);
            if let Some(i) = info {
                if let Some(a) = &i.address
                    && s.address() != Some(a.as_str())
                {
                    readdress(tx, game, s, a, run).await?;
                }
                if !i.active && s.status.plays() {
                    s.status = SeatStatus::Gone;
                }
            }
            if let Some(h) = orders
                .iter()
                .find(|o| o.seat == s.seat)
                .and_then(|o| o.new_password_hash.clone())
            {
                s.password_hash = h;
            }
            if s.status.plays() {
                if sent.contains(s.seat.as_str()) {
                    s.missed = 0;
                } else if !away.contains(&s.seat) {
                    s.missed += 1;
                    self.missed(tx, game, settings, s, run).await?;
                }
            }
            store::upsert_seat(tx, s).await?;
        }
        Ok(seats)
    }

    /// Mark the turn being collected as running, with the deadline it runs
    /// for and the next one, so that a repeat runs with the same. An early
    /// run is looked at once more in the same transaction, so that no
    /// change of mind slips in between: None when it is no longer due.
    async fn mark_running(
        &self,
        row: &GameRow,
        settings: &Settings,
        trigger: &Trigger,
        now: i64,
    ) -> Result<Option<GameRow>> {
        let collecting = row.turn + 1;
        let next = settings.schedule().map(|s| {
            let tz = zone(&settings.zone).unwrap_or(jiff::tz::TimeZone::UTC);
            // After the deadline that passed, or after now when the turn
            // runs early or the server was down over a deadline.
            let base = row.deadline.unwrap_or(now).max(now);
            s.next_after(from_ms(base), &tz).as_millisecond()
        });
        let (mut tx, mut g) = self.write_on(&row.id).await?;
        if g.turn + 1 != collecting {
            return Err(HostError::Refused(format!(
                "turn {collecting} of {} was run meanwhile",
                row.id
            )));
        }
        if g.running_turn != Some(collecting) {
            let early = match trigger {
                Trigger::Early => {
                    let r = super::early::readiness_in(&mut tx, &g, settings, collecting).await?;
                    match (r.at, r.last) {
                        (Some(at), Some(last))
                            if at <= now_ms()
                                && g.status == store::Status::Open
                                && g.held_turn != collecting =>
                        {
                            Some(last)
                        }
                        _ => return Ok(None),
                    }
                }
                Trigger::Deadline | Trigger::Now { .. } => None,
            };
            g.running_turn = Some(collecting);
            g.running_deadline = match trigger {
                Trigger::Deadline | Trigger::Early => g.deadline,
                Trigger::Now { .. } => Some(now),
            };
            g.running_next = next;
            g.running_early = early;
            store::games_update(&mut tx, &g).await?;
        }
        store::commit(tx, "the start of the run").await?;
        Ok(Some(g))
    }

    /// Hold a scheduled turn when too many seats sent nothing.
    async fn safety_valve(&self, row: &GameRow, settings: &Settings) -> Result<Option<Ran>> {
        if settings.hold_percent >= 100 {
            return Ok(None);
        }
        let collecting = row.turn + 1;
        let sent: HashSet<String> = self
            .store()
            .seats_with_orders(&row.id, collecting)
            .await?
            .into_iter()
            .collect();
        // A seat on leave holds nothing: it is not counted at all.
        let away = self.store().on_leave(&row.id, collecting).await?;
        let playing: Vec<_> = self
            .store()
            .seats(&row.id)
            .await?
            .into_iter()
            .filter(|s| s.status.plays() && !away.contains(&s.seat))
            .collect();
        let missing = playing.iter().filter(|s| !sent.contains(&s.seat)).count();
        if playing.is_empty() || missing * 100 <= playing.len() * settings.hold_percent as usize {
            return Ok(None);
        }
        let (mut tx, mut g) = self.write_on(&row.id).await?;
        g.held_turn = collecting;
        store::games_update(&mut tx, &g).await?;
        let why = format!(
            "Turn {collecting} of {} was not run at its deadline: {missing} of the {} seats in play sent no orders, more than the {}% the game allows. A mail outage looks like that. Run it with `umpire host run {}`, or give the players more time with `umpire host extend {} --by 1d`.",
            row.id,
            playing.len(),
            settings.hold_percent,
            row.id,
            row.id
        );
        store::queue(
            &mut tx,
            &letters::to_gm(
                &row.id,
                settings.gm_address.as_deref(),
                format!(
                    "[{}] Turn {collecting} held: {missing} of {} sent nothing",
                    row.id,
                    playing.len()
                ),
                why.clone(),
            ),
        )
        .await?;
        store::audit_record(&mut tx, Some(&row.id), "scheduler", "hold", &why).await?;
        store::commit(tx, "the hold").await?;
        tracing::warn!(game = %row.id, turn = collecting, missing, "turn held by the safety valve");
        Ok(Some(Ran::Held {
            turn: collecting,
            missing,
            playing: playing.len(),
        }))
    }

    /// A seat that missed a turn: warned after `nmr_warn_after`, handed to
    /// the game master after `nmr_gm_after` (its pending orders carry on
    /// either way, the rules' own answer to a missed turn).
    async fn missed(
        &self,
        tx: &mut sqlx::AnyConnection,
        game: &str,
        settings: &Settings,
        s: &mut store::SeatRow,
        run: (u32, i64),
    ) -> Result<()> {
        let turn = run.0;
        if settings.nmr_warn_after > 0 && s.missed == settings.nmr_warn_after {
            store::queue(
                tx,
                &letters::of_run(letters::to_seat(
                    game,
                    &s.seat,
                    s.address(),
                    "warning",
                    format!("[{game}] No orders from {} for {} turns", s.seat, s.missed),
                    format!(
                        "We have had no orders from {} for the last {} turns (up to turn {turn}). Your units carry on with the orders they had. {}",
                        s.seat,
                        s.missed,
                        if settings.nmr_gm_after > s.missed {
                            format!(
                                "After {} turns without orders the game master decides what becomes of your position.",
                                settings.nmr_gm_after
                            )
                        } else {
                            String::new()
                        }
                    ),
                ), run),
            )
            .await?;
        }
        if settings.nmr_gm_after > 0
            && s.missed >= settings.nmr_gm_after
            && s.status == SeatStatus::Playing
        {
            s.status = SeatStatus::GmDecides;
            store::queue(
                tx,
                &letters::of_run(letters::to_gm(
                    game,
                    settings.gm_address.as_deref(),
                    format!("[{game}] {} has sent nothing for {} turns", s.seat, s.missed),
                    format!(
                        "{} ({}) has sent no orders for {} turns. Its units carry on with their pending orders. Decide: remove it with `umpire host remove {game} {}`, or keep it with `umpire host keep {game} {}`.",
                        s.seat, s.name, s.missed, s.seat, s.seat
                    ),
                ), run),
            )
            .await?;
        }
        Ok(())
    }
}

/// The database as the storage of a turn's run ([`crate::turns::Run`]):
/// the claim is the turn marked as running in the game's row, the papers
/// the stored world, orders, articles and rulings, and the turn is kept
/// in one transaction. An engine that fails leaves the mark: the next
/// start repeats the turn with the same marks, world and orders.
struct Running<'h> {
    host: &'h Host,
    game: &'h str,
    trigger: &'h Trigger,
    settings: &'h Settings,
    /// The run repeats one that stopped: the turn is marked already.
    repeating: bool,
    /// The game's row as read before the claim.
    row: GameRow,
    now: i64,
}

/// What a turn runs on, and what the keeping needs of it.
struct Papers {
    /// The game's row, marked running.
    row: GameRow,
    loaded: std::sync::Arc<super::Loaded>,
    orders: Vec<store::OrdersRow>,
    input: TurnInput,
    /// When the next turn runs, as players read it.
    next_text: Option<String>,
}

/// The turn the engine made, with what the keeping needs of its papers.
struct Engined {
    row: GameRow,
    loaded: std::sync::Arc<super::Loaded>,
    orders: Vec<store::OrdersRow>,
    next_text: Option<String>,
    out: TurnOutput,
    /// How long the engine took.
    run_ms: i64,
}

impl crate::turns::Run for Running<'_> {
    type Error = HostError;
    type Claim = GameRow;
    type Papers = Papers;
    type Out = Engined;
    type Kept = Ran;

    async fn claim(&mut self, _turn: u32) -> Result<Option<GameRow>> {
        let row = if self.repeating {
            self.row.clone()
        } else {
            match self
                .host
                .mark_running(&self.row, self.settings, self.trigger, self.now)
                .await?
            {
                Some(marked) => marked,
                None => return Ok(None),
            }
        };
        fault::point("marked");
        Ok(Some(row))
    }

    async fn papers(&mut self, row: &GameRow) -> Result<Papers> {
        // The orders and articles as they stand now are all the turn gets.
        let collecting = row.turn + 1;
        let loaded = self.host.loaded(row).await?;
        let (orders, articles, rulings) = self.host.turn_papers(self.game, collecting).await?;
        let next_text = row
            .running_next
            .map(|n| describe(from_ms(n), &self.settings.zone));
        let input = TurnInput {
            orders: orders
                .iter()
                .map(|o| (o.seat.clone(), o.text.clone()))
                .collect(),
            articles,
            next_deadline: next_text.clone().unwrap_or_default(),
            rulings: rulings.into_iter().map(|r| r.ruled).collect(),
        };
        Ok(Papers {
            row: row.clone(),
            loaded,
            orders,
            input,
            next_text,
        })
    }

    async fn release(&mut self, _row: GameRow) {
        // The turn stays marked running, to be repeated.
    }

    async fn keep(&mut self, _row: GameRow, engined: Engined) -> Result<Ran> {
        let Engined {
            row,
            loaded,
            orders,
            next_text,
            out,
            run_ms,
        } = engined;
        let (host, game, settings, trigger) = (self.host, self.game, self.settings, self.trigger);
        let collecting = row.turn + 1;
        let sent: HashSet<&str> = orders.iter().map(|o| o.seat.as_str()).collect();
        let (mut tx, mut now_row) = host.write_on(game).await?;
        if now_row.turn + 1 != collecting || now_row.running_turn != Some(collecting) {
            return Err(HostError::Refused(format!(
                "turn {collecting} of {game} was kept by another run meanwhile; this run is dropped"
            )));
        }
        let before = now_row.world_rev;
        let after = store::keep_world(&mut tx, game, collecting, "turn", &out.state).await?;
        fault::point("kept-world");
        let attempt = store::next_attempt(&mut tx, game, collecting).await?;
        // Every message this run queues is marked as its own, so that a
        // rollback withdraws what has not gone.
        let run = (collecting, attempt);
        let kept = kept_turn(game, run, &out, (before, after), run_ms, &row);
        store::keep_turn(&mut tx, &kept, &out.events).await?;
        for r in &out.reports {
            store::keep_report(&mut tx, game, collecting, attempt, r).await?;
        }
        fault::point("kept-reports");

        // Seats: addresses changed by orders, seats out of play, new
        // passwords, turns missed.
        let seats = host
            .settle_seats(&mut tx, game, settings, &out.seats, &orders, run)
            .await?;
        // Each seat's report, by mail, saying so when the turn ran early.
        let title = loaded.kind.title();
        let away = store::on_leave_in(&mut tx, game, collecting).await?;
        let early_words = super::early::ran_early(settings, &row, collecting, !away.is_empty());
        queue_reports(
            &mut tx,
            game,
            title,
            &seats,
            &out.reports,
            (attempt, next_text.as_deref(), early_words.as_deref()),
            run,
        )
        .await?;
        let missing = missing_seats(&seats, &sent, &away);
        let mut gm = gm_letter(&out, (&missing, &away), collecting, next_text.as_deref());
        if let Some(w) = &early_words {
            gm = format!("{w}\n\n{gm}");
        }
        store::queue(
            &mut tx,
            &letters::of_run(
                letters::to_gm(
                    game,
                    settings.gm_address.as_deref(),
                    format!(
                        "[{game}] Turn {collecting} ran{}",
                        if early_words.is_some() { " early" } else { "" }
                    ),
                    gm,
                ),
                run,
            ),
        )
        .await?;
        if let Some(url) = &settings.webhook {
            let ran = super::webhook::Event::TurnRan {
                turn: collecting,
                next: next_text.clone(),
            };
            let call = super::webhook::call(game, url, &ran);
            store::queue(&mut tx, &letters::of_run(call, run)).await?;
        }
        fault::point("queued-mail");
        if let Trigger::Now { actor } = trigger {
            store::audit_record(
                &mut tx,
                Some(game),
                actor,
                "run",
                &format!("ran turn {collecting} now (attempt {attempt})"),
            )
            .await?;
        }
        now_row.turn = collecting;
        now_row.world_rev = after;
        now_row.deadline = now_row.running_next;
        now_row.running_turn = None;
        now_row.running_deadline = None;
        now_row.running_next = None;
        now_row.running_early = None;
        store::games_update(&mut tx, &now_row).await?;
        store::commit(tx, "the turn").await?;
        fault::point("committed");
        tracing::info!(game, turn = collecting, run_ms, "turn kept");
        Ok(Ran::Kept {
            turn: collecting,
            summary: out.summary,
            run_ms,
            reports: out.reports.len(),
            next: next_text,
            missing,
        })
    }
}

/// A seat's new address from its EMAIL order (OV-SRV-014): it goes first
/// in the seat's addresses, and both the old and the new are told.
async fn readdress(
    tx: &mut sqlx::AnyConnection,
    game: &str,
    s: &mut store::SeatRow,
    a: &str,
    run: (u32, i64),
) -> Result<()> {
    let collecting = run.0;
    let before = s.address().map(str::to_string);
    s.addresses.retain(|x| x != a);
    s.addresses.insert(0, a.to_string());
    let body = format!(
        "{}'s reports and answers go to {a} from now on{} (its EMAIL order, kept when turn {collecting} ran).",
        s.seat,
        before
            .as_deref()
            .map(|b| format!(", no longer to {b}"))
            .unwrap_or_default()
    );
    for to in [before.as_deref(), Some(a)].into_iter().flatten() {
        store::queue(
            tx,
            &letters::of_run(
                letters::to_seat(
                    game,
                    &s.seat,
                    Some(to),
                    "notice",
                    format!("[{game}] {}'s address is now {a}", s.seat),
                    body.clone(),
                ),
                run,
            ),
        )
        .await?;
    }
    Ok(())
}

/// Each seat's report of the turn, queued to its address with a word on
/// when the next orders are due (`attempt` is the run's, `next` the next
/// deadline in words).
async fn queue_reports(
    tx: &mut sqlx::AnyConnection,
    game: &str,
    title: &str,
    seats: &[store::SeatRow],
    reports: &[SeatReport],
    (attempt, next, early): (i64, Option<&str>, Option<&str>),
    run: (u32, i64),
) -> Result<()> {
    let collecting = run.0;
    for r in reports {
        let Some(s) = seats.iter().find(|s| s.seat == r.seat) else {
            continue;
        };
        let intro = format!(
            "{title} game {game}: your report of turn {collecting} for {}.\n{}{}",
            s.seat,
            early.map(|w| format!("{w}\n")).unwrap_or_default(),
            if r.template.is_some() {
                due(collecting + 1, next)
            } else {
                "This is your last report: you are no longer in the game.".to_string()
            }
        );
        store::queue(
            tx,
            &letters::of_run(
                letters::report_to_seat(
                    game,
                    &s.seat,
                    s.address(),
                    "report",
                    format!("[{game}] Turn {collecting} report for {}", s.seat),
                    intro,
                    (collecting, attempt),
                ),
                run,
            ),
        )
        .await?;
    }
    Ok(())
}

/// The seats in play that sent no orders, as "seat (name)"; a seat on
/// leave for the turn is not missing, and is said so.
fn missing_seats(
    seats: &[store::SeatRow],
    sent: &HashSet<&str>,
    away: &HashSet<String>,
) -> Vec<String> {
    seats
        .iter()
        .filter(|s| s.status.plays() && !sent.contains(s.seat.as_str()))
        .filter(|s| !away.contains(&s.seat))
        .map(|s| format!("{} ({})", s.seat, s.name))
        .collect()
}

/// The game master's letter on the turn: its summary, who sent nothing
/// (and who was on leave), the orders left out, the held lines not ruled
/// on, and when the next orders are due.
fn gm_letter(
    out: &TurnOutput,
    (missing, away): (&[String], &HashSet<String>),
    collecting: u32,
    next: Option<&str>,
) -> String {
    let mut gm = out.summary.clone();
    if !missing.is_empty() {
        gm.push_str(&format!(
            "\n\nNo orders from {} of the seats in play: {}.",
            missing.len(),
            missing.join(", ")
        ));
    }
    if !away.is_empty() {
        let mut away: Vec<&str> = away.iter().map(String::as_str).collect();
        away.sort_unstable();
        gm.push_str(&format!(
            "\n\nOn leave for turn {collecting} (not missing): {}.",
            away.join(", ")
        ));
    }
    if !out.errors.is_empty() {
        gm.push_str(&format!(
            "\n\n{} order(s) with errors were left out:\n{}",
            out.errors.len(),
            out.errors.join("")
        ));
    }
    if !out.unruled.is_empty() {
        gm.push_str(&format!(
            "\n\n{} line(s) held for your ruling were not ruled on before turn {collecting} ran, so they did not run (their players' reports say so):\n{}",
            out.unruled.len(),
            out.unruled.join("").trim_end()
        ));
    }
    gm.push_str(&format!("\n\n{}", due(collecting + 1, next)));
    gm
}

/// The turn as kept: which run of it, its seed and summary, the worlds
/// before and after, how long the engine took, and the deadlines it ran
/// for and announced.
fn kept_turn(
    game: &str,
    (collecting, attempt): (u32, i64),
    out: &TurnOutput,
    (before, after): (i64, i64),
    run_ms: i64,
    row: &GameRow,
) -> TurnRow {
    TurnRow {
        game: game.to_string(),
        turn: collecting,
        attempt,
        status: "kept".to_string(),
        seed: i64::from_le_bytes(out.seed.to_le_bytes()),
        world_before: before,
        world_after: after,
        summary: out.summary.clone(),
        public: serde_json::to_string(&out.public).unwrap_or_else(|_| "{}".into()),
        run_ms,
        ran_at: now_ms(),
        deadline: row.running_deadline,
        next_deadline: row.running_next,
    }
}
