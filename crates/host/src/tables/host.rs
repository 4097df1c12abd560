//! Tables hosted by the server: made from a scenario with one link per
//! side and one for the umpire, kept in the database line by line, and
//! announced to every open page when they change.
//!
//! Who may do what is the game session's ([`umpire_core::session`]), the
//! same as on the command line: a side's lines run as that side (`as SIDE
//! …`), on its own forces and answered from what it may see; the umpire's
//! commands are refused to a side at a table with an umpire and, at a table
//! without one, run when every side has asked; a side takes back only its
//! own last change that rolled nothing. A side reads of the log what the
//! session lets it read; its board is the game's `show` as that side.
//! Ending the game (`end`) opens every log to every side.
//!
//! A table is the database's, not a process's: several servers may share
//! one PostgreSQL and answer the same table. Before it answers, a server
//! catches up with the lines and the map another kept since it last looked
//! ([`Tables::fresh`]), so no view is older than the last line kept. A line
//! is kept under its number: should another server have kept that number
//! first, the table is read again and the line run on the table as it now
//! stands ([`Tables::run`]). Every change is announced to the other servers
//! (`NOTIFY`), whose open pages then update ([`Tables::follow`]). Tables no
//! page has looked at for a while are dropped from memory and read back
//! when asked for.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use tokio::sync::{Mutex, OwnedMutexGuard, broadcast};

use super::{Kind, Piece, Played};
use crate::host::web::{random_token, token_hash};
use crate::store::{Store, StoreError, TableLine, TableRow, now_ms};

/// Why a table cannot do what was asked, worded for the player.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Not as asked: an unknown link, a bad scenario, a piece not seen.
    #[error("{0}")]
    Refused(String),
    #[error(
        "no table opens with this link: check it was copied whole, or ask whoever made the table for it again"
    )]
    NoSuchLink,
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Internal(String),
}

type Result<T> = std::result::Result<T, TableError>;

/// A new table, as asked for.
#[derive(Clone, Debug)]
pub struct NewTable {
    pub kind: Kind,
    /// Its name on the pages (default: the scenario's).
    pub name: Option<String>,
    /// The scenario's text; None: the game's built-in one.
    pub scenario: Option<String>,
    /// An umpire runs it; otherwise the players between them.
    pub umpired: bool,
    /// The table's size in `unit` (`in` or `cm`).
    pub width: i64,
    pub depth: i64,
    pub unit: String,
}

/// A table made: its name and the links that open it.
#[derive(Clone, Debug)]
pub struct Made {
    pub id: String,
    /// The umpire's link's token.
    pub umpire: String,
    /// Each side's link's token, by side.
    pub sides: Vec<(String, String)>,
}

/// Who opened a table: its id, and the side (None: the umpire).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub table: String,
    pub side: Option<String>,
    /// The link's token (for the links the umpire hands out).
    token: String,
}

impl Seat {
    /// Each side's link token, worked from the umpire's (only the umpire's
    /// seat has them).
    pub fn side_links(&self, sides: &[String]) -> Vec<(String, String)> {
        if self.side.is_some() {
            return Vec::new();
        }
        sides
            .iter()
            .map(|s| (s.clone(), side_token(&self.token, s)))
            .collect()
    }
}

/// A side's link token: worked from the umpire's, so the umpire's page can
/// hand out the links while only hashes are kept.
fn side_token(umpire: &str, side: &str) -> String {
    let mut t = token_hash(&format!("umpire table side\n{umpire}\n{side}"));
    t.truncate(40);
    t
}

/// A line as a viewer may read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shown {
    pub seq: i64,
    /// Who typed it: a side, or `umpire`.
    pub who: String,
    /// The command, without `as SIDE`.
    pub command: String,
    pub answer: String,
    pub changed: bool,
}

/// A piece where it stands, in the table's unit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Placed {
    #[serde(flatten)]
    pub piece: Piece,
    pub x: f64,
    pub y: f64,
}

/// A table as one viewer may see it.
#[derive(Clone, Debug)]
pub struct View {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub game: &'static str,
    pub title: String,
    pub side: Option<String>,
    pub sides: Vec<String>,
    pub umpired: bool,
    pub finished: bool,
    /// The game as the viewer may see it.
    pub board: String,
    pub pieces: Vec<Placed>,
    /// The lines the viewer may read, oldest first.
    pub log: Vec<Shown>,
    pub commands: &'static umpire_core::session::Commands,
    pub width: i64,
    pub depth: i64,
    pub unit: String,
    /// What the players have asked to agree on, worded.
    pub asked: Vec<String>,
    /// Changes so far (pages compare it with the live updates').
    pub version: u64,
    /// The kept answers and the replayed ones differ from this line on.
    pub differs: Option<i64>,
}

/// What a request needs of a table besides the view.
#[derive(Clone, Debug)]
pub struct About {
    pub commands: &'static umpire_core::session::Commands,
    /// `in` or `cm`.
    pub unit: String,
}

/// What a line run answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ran {
    pub answer: String,
    pub changed: bool,
}

/// An open table: the game rebuilt, its row and lines.
struct Open {
    row: TableRow,
    game: Box<dyn Played>,
    lines: Vec<TableLine>,
    places: BTreeMap<String, (f64, f64)>,
    version: u64,
    differs: Option<i64>,
    changes: broadcast::Sender<u64>,
    /// When a request last used it (idle tables are dropped from memory).
    used: Instant,
}

impl Open {
    /// Tell every open page of this process that the table changed.
    fn changed(&mut self) {
        self.version += 1;
        let _ = self.changes.send(self.version);
    }
}

/// The tables the server hosts.
pub struct Tables {
    store: Store,
    open: std::sync::Mutex<HashMap<String, Arc<Mutex<Open>>>>,
    /// Held while a table is read in, so that it is read once.
    loading: Mutex<()>,
    /// Turned true when the server stops: live updates end.
    closing: tokio::sync::watch::Sender<bool>,
    /// This process's name in the notes it sends other servers.
    tag: String,
}

/// How many times a line is run again when other servers keep lines
/// before it, before the player is asked to look and type it again.
const RETRIES: usize = 3;

/// How long a table no page looks at stays in memory.
const IDLE: Duration = Duration::from_secs(10 * 60);

/// The largest scenario taken.
const SCENARIO_MAX: usize = 256 * 1024;

impl Tables {
    pub fn new(store: Store) -> Tables {
        Tables {
            store,
            open: std::sync::Mutex::new(HashMap::new()),
            loading: Mutex::new(()),
            closing: tokio::sync::watch::Sender::new(false),
            tag: random_token()
                .map(|t| t.expose().chars().take(12).collect())
                .unwrap_or_else(|_| format!("p{}", std::process::id())),
        }
    }

    /// How many tables are in memory.
    pub fn in_memory(&self) -> usize {
        self.open.lock().map_or(0, |m| m.len())
    }

    /// Turns true when the server stops (live updates end then).
    pub fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// The server stops: end every live update.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Make a table; its links are in what is returned, and only their
    /// hashes are kept.
    pub async fn create(&self, new: NewTable) -> Result<Made> {
        let (file, text) = match &new.scenario {
            Some(t) if t.len() > SCENARIO_MAX => {
                return Err(TableError::Refused(format!(
                    "the scenario is {} KB; the most taken is {} KB",
                    t.len() / 1024,
                    SCENARIO_MAX / 1024
                )));
            }
            Some(t) if !t.trim().is_empty() => ("the scenario", t.clone()),
            _ => (new.kind.builtin().0, new.kind.builtin().1.to_string()),
        };
        let game = new
            .kind
            .open(file, &text, new.umpired)
            .map_err(TableError::Refused)?;
        if !matches!(new.unit.as_str(), "in" | "cm") {
            return Err(TableError::Refused(format!(
                "a table is measured in `in` or `cm`, not `{}`",
                new.unit
            )));
        }
        if !(12..=1200).contains(&new.width) || !(12..=1200).contains(&new.depth) {
            return Err(TableError::Refused(format!(
                "a table of {} by {} {} cannot be laid out: each side is 12 to 1200",
                new.width, new.depth, new.unit
            )));
        }
        let umpire = random_token()
            .map_err(|e| TableError::Internal(e.to_string()))?
            .expose()
            .to_string();
        let id = format!("t{}", &token_hash(&umpire)[..10]);
        let sides = game.sides();
        let name = new.name.filter(|n| !n.trim().is_empty()).map_or_else(
            || {
                let title = game.title();
                title.split(" -- ").next().unwrap_or(&title).to_string()
            },
            |n| n.trim().to_string(),
        );
        let row = TableRow {
            id: id.clone(),
            kind: new.kind.as_str().to_string(),
            name,
            scenario: text,
            umpired: new.umpired,
            width: new.width,
            depth: new.depth,
            unit: new.unit,
            places: "{}".into(),
            consents: "{}".into(),
            finished: false,
            created_at: now_ms(),
        };
        let mut links = vec![(token_hash(&umpire), String::new())];
        let side_links: Vec<(String, String)> = sides
            .iter()
            .map(|s| (s.clone(), side_token(&umpire, s)))
            .collect();
        links.extend(side_links.iter().map(|(s, t)| (token_hash(t), s.clone())));
        self.store.create_table(&row, &links).await?;
        Ok(Made {
            id,
            umpire,
            sides: side_links,
        })
    }

    /// Who a link's token opens the table for.
    pub async fn enter(&self, token: &str) -> Result<Seat> {
        let (table, who) = self
            .store
            .table_link(&token_hash(token))
            .await?
            .ok_or(TableError::NoSuchLink)?;
        Ok(Seat {
            table,
            side: (!who.is_empty()).then_some(who),
            token: token.to_string(),
        })
    }

    /// The table open in memory, read in and replayed when it is not.
    async fn opened(&self, id: &str) -> Result<Arc<Mutex<Open>>> {
        if let Some(o) = self.cached(id) {
            return Ok(o);
        }
        let _one = self.loading.lock().await;
        if let Some(o) = self.cached(id) {
            return Ok(o);
        }
        let row = self
            .store
            .table(id)
            .await?
            .ok_or_else(|| TableError::Refused(format!("there is no table {id}")))?;
        let lines = self.store.table_lines(id).await?;
        let open = tokio::task::spawn_blocking(move || replay(row, lines))
            .await
            .map_err(|e| TableError::Internal(format!("the replay stopped: {e}")))??;
        let open = Arc::new(Mutex::new(open));
        if let Ok(mut m) = self.open.lock() {
            m.insert(id.to_string(), open.clone());
        }
        Ok(open)
    }

    fn cached(&self, id: &str) -> Option<Arc<Mutex<Open>>> {
        self.open.lock().ok().and_then(|m| m.get(id).cloned())
    }

    /// The table as the database has it now, locked for this request: read
    /// in when it is not in memory, caught up with whatever another server
    /// kept since this one last looked.
    async fn fresh(&self, id: &str) -> Result<OwnedMutexGuard<Open>> {
        let open = self.opened(id).await?;
        let mut o = open.lock_owned().await;
        if self.store.backend() == crate::store::Backend::Postgres {
            self.catch_up(&mut o).await?;
        }
        o.used = Instant::now();
        Ok(o)
    }

    /// Run the lines and take the map another server kept since this one
    /// last looked; every open page of this process is told.
    async fn catch_up(&self, o: &mut Open) -> Result<()> {
        let id = o.row.id.clone();
        let row = self
            .store
            .table(&id)
            .await?
            .ok_or_else(|| TableError::Refused(format!("there is no table {id}")))?;
        let mut moved = false;
        if row.places != o.row.places || row.finished != o.row.finished {
            o.places = serde_json::from_str(&row.places).unwrap_or_default();
            o.row.places = row.places;
            o.row.finished = row.finished;
            moved = true;
        }
        let next = o.lines.len() as i64;
        let new = self.store.table_lines_from(&id, next).await?;
        for (l, seq) in new.into_iter().zip(next..) {
            if l.seq != seq {
                self.forget(&id);
                return Err(TableError::Internal(format!(
                    "table {id} skips line {seq}: it is read again on the next request"
                )));
            }
            rerun(o.game.as_mut(), &id, &l, &mut o.differs);
            o.lines.push(l);
            moved = true;
        }
        if moved {
            o.changed();
        }
        Ok(())
    }

    /// Another server changed table `id`: catch up now if a page of this
    /// process watches it (otherwise the next request does).
    async fn heard(&self, id: &str) {
        let Some(open) = self.cached(id) else { return };
        let mut o = open.lock().await;
        if o.changes.receiver_count() == 0 {
            return;
        }
        if let Err(e) = self.catch_up(&mut o).await {
            tracing::warn!(table = %id, error = %e, "cannot catch up with another server's change");
        }
    }

    /// Drop from memory the tables no page watches and no request used
    /// for `idle`.
    pub fn forget_idle(&self, idle: Duration) {
        let Ok(mut m) = self.open.lock() else { return };
        m.retain(|_, open| match open.try_lock() {
            Ok(o) => o.changes.receiver_count() > 0 || o.used.elapsed() < idle,
            Err(_) => true,
        });
    }

    /// Follow the other servers sharing the database until the server
    /// stops: their changes reach this process's open pages, and idle
    /// tables leave memory. With SQLite (one process) it only sweeps.
    pub async fn follow(&self) {
        let mut closing = self.closing();
        let mut sweep = tokio::time::interval(Duration::from_secs(60));
        let mut listener = None;
        let mut retry = Instant::now();
        loop {
            if listener.is_none()
                && self.store.backend() == crate::store::Backend::Postgres
                && retry <= Instant::now()
            {
                match self.store.table_changes().await {
                    Ok(l) => {
                        listener = l;
                        // Whatever was missed while not listening.
                        self.heard_all().await;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot hear other servers' table changes; trying again in 5 s");
                        retry = Instant::now() + Duration::from_secs(5);
                    }
                }
            }
            let step = {
                let heard = async {
                    match listener.as_mut() {
                        Some(l) => Some(l.try_recv().await),
                        None => {
                            tokio::time::sleep(Duration::from_secs(5)).await;
                            None
                        }
                    }
                };
                tokio::select! {
                    _ = closing.wait_for(|c| *c) => return,
                    _ = sweep.tick() => None,
                    got = heard => got,
                }
            };
            match step {
                Some(Ok(Some(n))) => {
                    if let Some((from, id)) = n.payload().split_once(' ')
                        && from != self.tag
                    {
                        self.heard(id).await;
                    }
                }
                // The connection dropped and came back: notes may have been
                // missed.
                Some(Ok(None)) => self.heard_all().await,
                Some(Err(e)) => {
                    tracing::warn!(error = %e, "lost the other servers' table changes; listening again");
                    listener = None;
                }
                None => self.forget_idle(IDLE),
            }
        }
    }

    /// Catch up every table a page of this process watches.
    async fn heard_all(&self) {
        let ids: Vec<String> = self
            .open
            .lock()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        for id in ids {
            self.heard(&id).await;
        }
    }

    /// Tell the other servers that table `id` changed.
    async fn announce(&self, id: &str) {
        if let Err(e) = self.store.table_changed(id, &self.tag).await {
            tracing::warn!(table = %id, error = %e, "cannot tell the other servers of a table's change");
        }
    }

    /// Forget a table read in (the next request reads it again).
    fn forget(&self, id: &str) {
        if let Ok(mut m) = self.open.lock() {
            m.remove(id);
        }
    }

    /// Live updates: the table's change count, each time it changes.
    pub async fn changes(&self, seat: &Seat) -> Result<broadcast::Receiver<u64>> {
        let open = self.opened(&seat.table).await?;
        let o = open.lock().await;
        Ok(o.changes.subscribe())
    }

    /// Run a line typed by `seat`: kept, and every open page told.
    pub async fn run(&self, seat: &Seat, typed: &str) -> Result<Ran> {
        let typed = typed.trim();
        if typed.is_empty() || typed.starts_with('#') {
            return Err(TableError::Refused(
                "type a command (`help` lists them)".into(),
            ));
        }
        let first = typed.split_whitespace().next().unwrap_or_default();
        let (line, who) = match &seat.side {
            None => (typed.to_string(), String::new()),
            Some(side) => {
                if first.eq_ignore_ascii_case("as") {
                    return Err(TableError::Refused(format!(
                        "you play the {side}: type the command alone, it runs as the {side}"
                    )));
                }
                (format!("as {side} {typed}"), side.clone())
            }
        };
        for _ in 0..RETRIES {
            let mut o = self.fresh(&seat.table).await?;
            playing(&o, seat)?;
            let ran = match self.keep(&mut o, who.clone(), &line).await {
                Ok(ran) => ran,
                // Another server kept a line first: the table was
                // forgotten, and is read again as it now stands.
                Err(TableError::Store(e)) if e.is_conflict() => continue,
                Err(e) => return Err(e),
            };
            if o.game.ended() && !o.row.finished {
                self.store.finish_table(&o.row.id).await?;
                o.row.finished = true;
                o.changed();
            }
            self.announce(&o.row.id).await;
            return Ok(ran);
        }
        Err(TableError::Refused(
            "the table moved on while you typed, and your line was not run: look at the table as it is now and type it again".into(),
        ))
    }

    /// Run a line and keep it under the next number; on a failure to keep
    /// it the table is read in again, so memory never runs ahead of the
    /// database.
    async fn keep(&self, o: &mut Open, who: String, line: &str) -> Result<Ran> {
        let answer = o.game.run(line);
        let l = TableLine {
            seq: o.lines.len() as i64,
            who,
            line: line.to_string(),
            answer: answer.text.clone(),
            changed: answer.changed,
            at: now_ms(),
        };
        if let Err(e) = self.store.add_table_line(&o.row.id, &l).await {
            self.forget(&o.row.id);
            return Err(e.into());
        }
        o.lines.push(l);
        o.changed();
        Ok(Ran {
            answer: answer.text,
            changed: answer.changed,
        })
    }

    /// End the game: every log is opened to all. The umpire's word, or
    /// every side's where there is no umpire (each side asks; the last
    /// one's asking ends it).
    pub async fn finish(&self, seat: &Seat) -> Result<String> {
        {
            let o = self.fresh(&seat.table).await?;
            playing(&o, seat)?;
            if o.row.finished || o.game.ended() {
                return Ok("The game is over already; every log is open.".into());
            }
        }
        let ran = self.run(seat, "end").await?;
        if let Some(why) = ran.answer.strip_prefix("error: ") {
            return Err(TableError::Refused(why.to_string()));
        }
        Ok(ran.answer)
    }

    /// A map command typed at the table, for whoever cannot drag or tap:
    /// `measure A B` (the distance between two pieces) or `place PIECE X
    /// Y` (a piece put at X, Y, in the table's unit from its left and far
    /// edges), answered in words. None when the line is neither, so it
    /// goes to the game: a game's own `place` (Napoleon's Battles'
    /// `place FORMATION attack …`) never has two numbers after the name.
    pub async fn typed_on_map(&self, seat: &Seat, line: &str) -> Option<Result<String>> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |w: &str| w.parse::<f64>().ok().filter(|n| n.is_finite());
        match words.as_slice() {
            [m, a, b] if m.eq_ignore_ascii_case("measure") => Some(
                async {
                    let (d, inches) = self.measure(seat, a, b).await?;
                    let unit = self.about(seat).await?.unit;
                    let (a, b) = {
                        let o = self.fresh(&seat.table).await?;
                        (piece_seen(&o, seat, a)?.name, piece_seen(&o, seat, b)?.name)
                    };
                    Ok(if unit == "cm" {
                        format!("{a} to {b}: {d} cm ({inches} in), centre to centre")
                    } else {
                        format!("{a} to {b}: {d} in, centre to centre")
                    })
                }
                .await,
            ),
            [m, ..] if m.eq_ignore_ascii_case("measure") => Some(Err(TableError::Refused(
                "measure names two pieces: `measure A B`".into(),
            ))),
            [p, name, x, y] if p.eq_ignore_ascii_case("place") => {
                let (x, y) = (number(x)?, number(y)?);
                Some(
                    async {
                        let (x, y) = self.place(seat, name, x, y).await?;
                        let unit = self.about(seat).await?.unit;
                        let name = {
                            let o = self.fresh(&seat.table).await?;
                            piece_seen(&o, seat, name)?.name
                        };
                        Ok(format!(
                            "{name} is now at {x:.1}, {y:.1} {unit} (from the left edge and the far edge)"
                        ))
                    }
                    .await,
                )
            }
            _ => None,
        }
    }

    /// Put a piece at `x`, `y` (the table's unit, from its left and far
    /// edges; kept on the table): where it now stands. A side moves its
    /// own pieces; the umpire any.
    pub async fn place(&self, seat: &Seat, name: &str, x: f64, y: f64) -> Result<(f64, f64)> {
        let mut o = self.fresh(&seat.table).await?;
        playing(&o, seat)?;
        let piece = piece_seen(&o, seat, name)?;
        if let Some(side) = &seat.side
            && !piece.side.eq_ignore_ascii_case(side)
        {
            return Err(TableError::Refused(format!(
                "{} is the {}'; the {side} move their own pieces",
                piece.name, piece.side
            )));
        }
        if !(x.is_finite() && y.is_finite()) {
            return Err(TableError::Refused("a place is two numbers".into()));
        }
        let (w, d) = (o.row.width as f64, o.row.depth as f64);
        let at = (x.clamp(0.0, w), y.clamp(0.0, d));
        let id = o.row.id.clone();
        let places = match self.store.place_piece(&id, &piece.name, at).await {
            Ok(p) => p,
            Err(e) => {
                self.forget(&id);
                return Err(e.into());
            }
        };
        o.places = serde_json::from_str(&places).unwrap_or_default();
        o.row.places = places;
        o.changed();
        self.announce(&id).await;
        Ok(at)
    }

    /// The distance between two pieces the seat can see, centre to
    /// centre: in the table's unit, and in inches (what the rules use).
    pub async fn measure(&self, seat: &Seat, a: &str, b: &str) -> Result<(f64, f64)> {
        let o = self.fresh(&seat.table).await?;
        playing(&o, seat)?;
        let (pa, pb) = (piece_seen(&o, seat, a)?, piece_seen(&o, seat, b)?);
        let placed = placed(&o, vec![pa, pb]);
        let [p, q] = placed.as_slice() else {
            return Err(TableError::Internal("two pieces measured".into()));
        };
        let d = ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt();
        let inches = if o.row.unit == "cm" { d / 2.54 } else { d };
        Ok((round1(d), round1(inches)))
    }

    /// What a request needs of the table without laying out a view: its
    /// commands and its unit. Refused for the maker's link of a table with
    /// no umpire, which plays nothing.
    pub async fn about(&self, seat: &Seat) -> Result<About> {
        let o = self.fresh(&seat.table).await?;
        playing(&o, seat)?;
        Ok(About {
            commands: o.game.commands(),
            unit: o.row.unit.clone(),
        })
    }

    /// The table as the seat may see it.
    pub async fn view(&self, seat: &Seat) -> Result<View> {
        let o = self.fresh(&seat.table).await?;
        let viewer = seat.side.as_deref();
        let organiser = playing(&o, seat).is_err();
        let finished = o.row.finished || o.game.ended();
        let log = if organiser {
            Vec::new()
        } else {
            o.game
                .log_for(viewer)
                .into_iter()
                .map(|r| Shown {
                    seq: r.seq,
                    who: r.who,
                    command: r.command,
                    answer: r.answer,
                    changed: r.changed,
                })
                .collect()
        };
        let board = if organiser {
            String::new()
        } else if finished && viewer.is_some() {
            format!("{}\n\n{}", o.game.board(viewer), o.game.board(None))
        } else {
            o.game.board(viewer)
        };
        Ok(View {
            id: o.row.id.clone(),
            name: o.row.name.clone(),
            kind: Kind::parse(&o.row.kind).unwrap_or(Kind::Dbr),
            game: o.game.game(),
            title: o.game.title(),
            side: seat.side.clone(),
            sides: o.game.sides(),
            umpired: o.row.umpired,
            finished,
            board,
            pieces: if organiser {
                Vec::new()
            } else {
                placed(&o, o.game.pieces(viewer))
            },
            log,
            commands: o.game.commands(),
            width: o.row.width,
            depth: o.row.depth,
            unit: o.row.unit.clone(),
            asked: if organiser {
                Vec::new()
            } else {
                o.game.asked()
            },
            version: o.version,
            differs: o.differs,
        })
    }
}

/// Whether the seat plays at the table: the link of whoever made a table
/// with no umpire only hands out the sides' links (a player made it, and
/// must not see or do more than their side).
fn playing(o: &Open, seat: &Seat) -> Result<()> {
    if seat.side.is_none() && !o.row.umpired {
        return Err(TableError::Refused(
            "this table has no umpire: its maker's link only hands out the sides' links; play from your side's link".into(),
        ));
    }
    Ok(())
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The piece called `name`, if the seat may see it.
fn piece_seen(o: &Open, seat: &Seat, name: &str) -> Result<Piece> {
    let seen = o.game.pieces(seat.side.as_deref());
    seen.iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
        .cloned()
        .ok_or_else(|| {
            let hint = umpire_core::text::suggest(name, seen.iter().map(|p| p.name.as_str()))
                .map(|h| format!(" (did you mean `{h}`?)"))
                .unwrap_or_default();
            TableError::Refused(format!("there is no piece `{name}` on the table{hint}"))
        })
}

/// Pieces where they stand: where they were put, or in rows along their
/// side's edge (the first side at the near edge, the second at the far).
fn placed(o: &Open, pieces: Vec<Piece>) -> Vec<Placed> {
    let sides = o.game.sides();
    let all = o.game.pieces(None);
    let (w, d) = (o.row.width as f64, o.row.depth as f64);
    pieces
        .into_iter()
        .map(|piece| {
            let (x, y) = o.places.get(&piece.name).copied().unwrap_or_else(|| {
                let side = sides.iter().position(|s| *s == piece.side).unwrap_or(0);
                let mates: Vec<&Piece> = all.iter().filter(|p| p.side == piece.side).collect();
                let i = mates.iter().position(|p| p.name == piece.name).unwrap_or(0);
                let per_row = ((w / 12.0).floor() as usize).max(1);
                let (row, col) = (i / per_row, i % per_row);
                let x = (col as f64 + 0.5) * w / per_row as f64;
                let y = (0.1 + 0.06 * row as f64).min(0.4) * d;
                (x, if side == 0 { d - y } else { y })
            });
            Placed { piece, x, y }
        })
        .collect()
}

/// Rebuild a table: its game from the scenario and every kept line, each
/// answer checked against the one kept.
fn replay(row: TableRow, lines: Vec<TableLine>) -> Result<Open> {
    let kind = Kind::parse(&row.kind).ok_or_else(|| {
        TableError::Internal(format!(
            "table {} plays an unknown game `{}`",
            row.id, row.kind
        ))
    })?;
    let mut game = kind
        .open("the scenario", &row.scenario, row.umpired)
        .map_err(|e| {
            TableError::Internal(format!("table {}'s scenario no longer reads: {e}", row.id))
        })?;
    let mut differs = None;
    for l in &lines {
        rerun(game.as_mut(), &row.id, l, &mut differs);
    }
    let places = serde_json::from_str(&row.places).unwrap_or_default();
    let (changes, _) = broadcast::channel(64);
    Ok(Open {
        row,
        game,
        lines,
        places,
        version: 0,
        differs,
        changes,
        used: Instant::now(),
    })
}

/// Run a kept line again; the first whose answer differs from the one
/// kept is noted in `differs`.
fn rerun(game: &mut dyn Played, table: &str, l: &TableLine, differs: &mut Option<i64>) {
    let answer = game.run(&l.line);
    if differs.is_none() && (answer.text != l.answer || answer.changed != l.changed) {
        tracing::warn!(
            table,
            seq = l.seq,
            "a replayed answer differs from the one kept"
        );
        *differs = Some(l.seq);
    }
}
