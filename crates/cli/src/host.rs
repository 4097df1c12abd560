//! `umpire host …`: the game master's controls over hosted games, and
//! `umpire serve`'s shared options (where the data and the database are).
//! Glue over `umpire_host::host`: every change goes through the host, which
//! writes it to the audit log.

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use umpire_host::host::{Early, Host, NewGame, Ran, Settings, Submission, Told, Trigger};
use umpire_host::kind::{Options, Ruling};
use umpire_host::schedule::{describe, from_ms};
use umpire_host::store::Location;

/// Where a server keeps its games.
#[derive(Args, Clone, Debug)]
pub struct Place {
    /// The data folder: the SQLite database (`umpire.db`), its lock files
    /// and `umpire.toml`. Default: $UMPIRE_DATA, or ./umpire-data.
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The database instead of the data folder's SQLite file: a
    /// `postgres://user@host/db` URL (add `?schema=NAME` to use a schema
    /// of its own) or `sqlite:PATH`. Default: $UMPIRE_DATABASE_URL, then
    /// `database` in umpire.toml.
    #[arg(long, global = true, value_name = "URL")]
    pub database: Option<String>,
}

impl Place {
    /// The data folder.
    pub fn data_dir(&self) -> PathBuf {
        self.data
            .clone()
            .or_else(|| std::env::var_os("UMPIRE_DATA").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("umpire-data"))
    }

    /// The database: --database, $UMPIRE_DATABASE_URL, the config file's,
    /// or the data folder's SQLite file.
    pub fn location(&self, configured: Option<&str>) -> Result<Location> {
        let url = self
            .database
            .clone()
            .or_else(|| {
                std::env::var("UMPIRE_DATABASE_URL")
                    .ok()
                    .filter(|s| !s.is_empty())
            })
            .or_else(|| configured.map(str::to_string));
        Ok(match url {
            Some(u) => Location::parse(&u)?,
            None => Location::sqlite(&self.data_dir().join("umpire.db")),
        })
    }
}

/// Who does what, for the audit log: the user at this machine.
pub fn actor() -> String {
    let user = std::env::var("USER").unwrap_or_else(|_| "gm".to_string());
    format!("{user}@command-line")
}

#[derive(Subcommand)]
pub enum Command {
    /// Make a new hosted game.
    ///
    /// Prints every seat's password once (keep them private; each player
    /// also gets theirs with their initial report when an address is
    /// known). With a schedule, turns run at their deadlines while
    /// `umpire serve` runs; without one, when you run them.
    #[command(after_help = "Examples:
  umpire host new overlord westmarch --factions 12 --schedule 'sat 18:00' --zone Europe/Paris --gm gm@example.org
  umpire host new engarde paris --player Athos:athos@example.org --player Porthos:porthos@example.org --schedule 'every 7 days'")]
    New {
        /// overlord or engarde.
        kind: String,
        /// The game's name: one word; players write it on their orders.
        name: String,
        /// Overlord: player factions to place (default 6).
        #[arg(long)]
        factions: Option<u32>,
        /// The game's dice (default: at random).
        #[arg(long)]
        seed: Option<u64>,
        /// Overlord: map size, small/medium/large/huge or WxH.
        #[arg(long)]
        size: Option<String>,
        /// En Garde!: a player's character, NAME or NAME:ADDRESS (repeat).
        #[arg(long = "player", value_name = "NAME[:ADDRESS]")]
        players: Vec<String>,
        /// Any other option of the kind, NAME=VALUE.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
        #[command(flatten)]
        settings: SettingsArgs,
    },
    /// Host a game kept in a folder: an `umpire overlord` or `umpire
    /// engarde` game folder, or the original Overlord engine's game.
    ///
    /// Players keep their passwords when the folder holds them (their
    /// hashes are upgraded at their next order); the others get new ones,
    /// printed here.
    #[command(after_help = "Example:
  umpire host import overlord ../shared/reference/overlord-alpha --name alpha --schedule 'sat 18:00'")]
    Import {
        kind: String,
        folder: PathBuf,
        /// Host it under this name instead of the folder's game name.
        #[arg(long)]
        name: Option<String>,
        #[command(flatten)]
        settings: SettingsArgs,
    },
    /// List the hosted games.
    Games,
    /// A game at a glance: the turn, the deadline, who has sent orders,
    /// the outbox.
    Status { game: String },
    /// Each seat's record over the turns that ran: how many it sent
    /// orders for on time (by the deadline the turn ran for), late (after
    /// it, when the turn still took them) and missed (none, or only a
    /// bot's); a turn on leave without orders is not missed, and is
    /// counted apart. A turn rolled back does not count.
    #[command(after_help = "Example:\n  umpire host record spring")]
    Record { game: String },
    /// Messages between a game's players (written on their pages, or
    /// mailed to a faction's address such as f12@): how many each seat
    /// wrote and was written, and who may read them. By default only the
    /// two seats read a message; `--set gm-reads` when the game's rules
    /// let the game master read them (every player's page says so; only
    /// messages written from then on are readable), `--set off` for none.
    /// `--read` lists the ones the game master may read.
    #[command(after_help = "Examples:
  umpire host messages spring
  umpire host messages spring --set gm-reads
  umpire host messages spring --read")]
    Messages(MessagesArgs),
    /// Take a player's message (a file, or - for standard input) as if it
    /// had come by mail: the answer is printed. Exit status 1 when some
    /// envelope was refused.
    Submit {
        game: String,
        file: PathBuf,
        /// The sender's address: the answer is queued for it.
        #[arg(long, value_name = "ADDRESS")]
        from: Option<String>,
        /// The mail's Message-ID: a message taken before is not taken again.
        #[arg(long, value_name = "ID")]
        message_id: Option<String>,
    },
    /// Run the turn being collected now, whatever the deadline.
    Run { game: String },
    /// Set when turns run: `sat 18:00`, `mon,thu 20:30`, `daily 06:00`,
    /// `every 3 days`, or `manual`.
    Schedule {
        game: String,
        schedule: String,
        /// The game's time zone (IANA name, e.g. Europe/Paris).
        #[arg(long)]
        zone: Option<String>,
    },
    /// Post the game's news (turn ran, deadline near, paused, resumed) to
    /// a webhook: a Discord or Slack channel's incoming webhook address, or
    /// any address taking JSON; `off` stops it. Failed calls show at the
    /// desk and in `outbox`.
    #[command(
        after_help = "Examples:\n  umpire host webhook spring https://discord.com/api/webhooks/123/abc\n  umpire host webhook spring off"
    )]
    Webhook {
        game: String,
        /// The address, or `off`.
        url: String,
    },
    /// Run a turn before its deadline when every seat is ready: `off`,
    /// `sent` (every seat in play has sent orders) or `ready` (and marked
    /// them ready: a `#READY` line, or the Ready button on the web). The
    /// turn waits `--grace` after the last change (default 10m).
    #[command(after_help = "Examples:
  umpire host early westmarch sent --grace 30m
  umpire host early westmarch off")]
    Early {
        game: String,
        #[arg(value_name = "off|sent|ready")]
        mode: String,
        #[arg(long, value_name = "DURATION")]
        grace: Option<String>,
    },
    /// No turn runs by itself until `resume`.
    Pause { game: String },
    /// Turns run at their deadlines again.
    Resume { game: String },
    /// Move this turn's deadline: `--by 1d`, `--by 12h`, `--by 30m`, or
    /// `--to '2026-12-05 18:00'` in the game's zone. The players are told.
    Extend {
        game: String,
        #[arg(long, value_name = "DURATION")]
        by: Option<String>,
        #[arg(long, value_name = "DATE TIME")]
        to: Option<String>,
    },
    /// Undo the last turn; it is collected again with the orders sent for
    /// it, and the players are told. With --rerun, run it again at once.
    Rollback {
        game: String,
        #[arg(long)]
        rerun: bool,
    },
    /// The lines of the orders for the coming turn held for your ruling
    /// (En Garde!: a duel challenge, an audience), with your rulings so
    /// far. A line not ruled on when the turn runs does not run.
    Held { game: String },
    /// Approve a held line: you do what it asks by hand; the note tells
    /// the player what (it goes in their report).
    #[command(
        after_help = "Example:\n  umpire host approve paris athos 7 --note \"the duel is fought at dawn in week 2\""
    )]
    Approve {
        game: String,
        /// The seat (or the character's name).
        seat: String,
        /// The line's number, as `umpire host held` shows it.
        line: u32,
        /// What you do about it, for the player's report.
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Refuse a held line, with the reason the player will read.
    #[command(
        after_help = "Example:\n  umpire host refuse paris athos 7 --reason \"the Cardinal receives nobody this month\""
    )]
    Refuse {
        game: String,
        seat: String,
        line: u32,
        #[arg(long)]
        reason: String,
    },
    /// Add a player by the game's starting rules; prints their password.
    Join {
        game: String,
        /// The faction's or character's name.
        #[arg(long)]
        name: Option<String>,
        /// Where their reports go.
        #[arg(long)]
        address: Option<String>,
    },
    /// Take a player out of the game (Overlord: they resign at the next
    /// turn; En Garde!: the character retires).
    Remove { game: String, seat: String },
    /// Keep a player who missed too many turns: they play on.
    Keep { game: String, seat: String },
    /// Give a seat a new password (printed, and mailed to the seat).
    Password { game: String, seat: String },
    /// Let a bot play a seat nobody plays: when each turn runs, the seat
    /// gets the bot's orders unless its player sent their own. `--off`
    /// stops it.
    Bot {
        game: String,
        seat: String,
        /// Stop the bot playing this seat.
        #[arg(long)]
        off: bool,
    },
    /// Let a bot play every seat on leave while it is away (`on`), or
    /// let their orders carry on as the rules say (`off`, the default).
    #[command(after_help = "Example:\n  umpire host leave-bot westmarch on")]
    LeaveBot {
        game: String,
        #[arg(value_name = "on|off")]
        mode: String,
    },
    /// The most turns a player may be on leave for at once (default 3;
    /// 0: no leave).
    MaxLeave { game: String, turns: u32 },
    /// Open a seat whose player has gone: it is listed on the web's page
    /// of open seats (/open) for a newcomer to take.
    Open { game: String, seat: String },
    /// Close a seat opened for a newcomer: it is no longer offered (its
    /// player came back, or you chose another way).
    Close { game: String, seat: String },
    /// Give an open seat to a newcomer at ADDRESS: a new password is
    /// mailed there with the seat's latest report, and the old player's
    /// password, web logins and API tokens stop working at once.
    #[command(
        after_help = "Example:\n  umpire host open westmarch f3\n  umpire host give westmarch f3 newcomer@example.org"
    )]
    Give {
        game: String,
        seat: String,
        address: String,
    },
    /// Make a game master's login for the web's desk (/desk/login), or
    /// give an existing one a new password; the password is printed once.
    DeskUser { name: String },
    /// Change where a seat's mail goes.
    Address {
        game: String,
        seat: String,
        address: String,
    },
    /// Print a seat's stored report (default the latest).
    Report {
        game: String,
        seat: String,
        turn: Option<u32>,
        #[arg(long)]
        json: bool,
    },
    /// Write the game's world as it is now into a game folder (a backup,
    /// or to look at it with `umpire overlord show`).
    Export { game: String, folder: PathBuf },
    /// Every message received (mail, web, command line), newest first,
    /// and what became of it: answered, passed to you, relayed, refused,
    /// or not answered (a machine's).
    Inbox {
        game: Option<String>,
        /// How many (default 50).
        #[arg(long, default_value_t = 50)]
        last: i64,
    },
    /// The messages queued to send, and what became of them.
    Outbox {
        game: Option<String>,
        /// Only these: waiting, sent, failed, no-address, withdrawn.
        #[arg(long)]
        status: Option<String>,
    },
    /// Every game master's action, oldest first.
    Audit { game: Option<String> },
}

/// A game's settings on the command line.
#[derive(Args, Clone, Debug, Default)]
pub struct SettingsArgs {
    /// When turns run (see `umpire host schedule --help`).
    #[arg(long)]
    pub schedule: Option<String>,
    /// The game's time zone, for deadlines (default UTC).
    #[arg(long)]
    pub zone: Option<String>,
    /// Where your notices go.
    #[arg(long, value_name = "ADDRESS")]
    pub gm: Option<String>,
    /// Warn a seat after this many turns without orders (default 2).
    #[arg(long)]
    pub warn_after: Option<u32>,
    /// Hand a seat to you after this many (default 3).
    #[arg(long)]
    pub gm_after: Option<u32>,
    /// Hold a scheduled turn when more than this percentage of seats sent
    /// nothing (default 50; 100 never holds).
    #[arg(long)]
    pub hold_percent: Option<u32>,
    /// Remind seats with no orders this many hours before the deadline
    /// (default 24; 0 for none).
    #[arg(long)]
    pub remind_hours: Option<u32>,
    /// Post the game's news to this webhook (a Discord or Slack incoming
    /// webhook address); see `umpire host webhook`.
    #[arg(long, value_name = "URL")]
    pub webhook: Option<String>,
    /// Run a turn before its deadline: `off` (default), `sent` (when every
    /// seat in play has sent orders) or `ready` (when every one has also
    /// marked them ready, `#READY` or the web's Ready button).
    #[arg(long, value_name = "off|sent|ready")]
    pub early: Option<String>,
    /// How long an early turn waits after the last change, so a player
    /// may still change their mind: 10m (default), 1h, 0m.
    #[arg(long, value_name = "DURATION")]
    pub grace: Option<String>,
    /// The most turns a player may be on leave for at once (`#LEAVE 2`;
    /// default 3, 0: no leave).
    #[arg(long, value_name = "TURNS")]
    pub max_leave: Option<u32>,
    /// Who reads messages between players: private (the two seats only;
    /// the default), gm-reads (the game's rules let the game master read
    /// them) or off (none).
    #[arg(long, value_name = "private|gm-reads|off")]
    pub messages: Option<String>,
}

impl SettingsArgs {
    fn settings(&self) -> Result<Settings> {
        let d = Settings::default();
        Ok(Settings {
            schedule: self.schedule.clone().filter(|s| s != "manual"),
            zone: self.zone.clone().unwrap_or(d.zone),
            gm_address: self.gm.clone(),
            nmr_warn_after: self.warn_after.unwrap_or(d.nmr_warn_after),
            nmr_gm_after: self.gm_after.unwrap_or(d.nmr_gm_after),
            hold_percent: self.hold_percent.unwrap_or(d.hold_percent),
            remind_hours: self.remind_hours.unwrap_or(d.remind_hours),
            bots: d.bots,
            webhook: self.webhook.clone(),
            mail: d.mail,
            early: self
                .early
                .as_deref()
                .map(Early::parse)
                .transpose()?
                .unwrap_or(d.early),
            grace_minutes: match &self.grace {
                Some(g) => grace_minutes(g)?,
                None => d.grace_minutes,
            },
            max_leave: self.max_leave.unwrap_or(d.max_leave),
            leave_bot: d.leave_bot,
            messages: self
                .messages
                .as_deref()
                .map(umpire_host::host::messages::Messages::parse)
                .transpose()?
                .unwrap_or(d.messages),
        })
    }
}

/// A grace before an early run as minutes: `0m` (none), `10m`, `1h`, or
/// a bare number of minutes.
fn grace_minutes(s: &str) -> Result<u32> {
    let t = s.trim();
    let none = !t.is_empty()
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| c == '0' || "dhmDHM".contains(c));
    let m = if none {
        0
    } else if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        t.parse::<i64>()
            .with_context(|| format!("`{s}` is not a duration: write 10m, 1h or 0m"))?
    } else {
        minutes(s)?
    };
    u32::try_from(m).with_context(|| format!("`{s}` is too long a grace"))
}

/// `1d`, `12h`, `30m`, `1d12h` as minutes.
pub fn minutes(s: &str) -> Result<i64> {
    let mut total = 0i64;
    let mut number = String::new();
    for c in s.trim().chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let n: i64 = number
            .parse()
            .with_context(|| format!("`{s}` is not a duration: write 1d, 12h, 30m or 1d12h"))?;
        number.clear();
        total += n * match c {
            'd' | 'D' => 24 * 60,
            'h' | 'H' => 60,
            'm' | 'M' => 1,
            _ => bail!("`{s}` is not a duration: write 1d, 12h, 30m or 1d12h"),
        };
    }
    if !number.is_empty() || total <= 0 {
        bail!("`{s}` is not a duration: write 1d, 12h, 30m or 1d12h");
    }
    Ok(total)
}

/// A runtime for the host's async calls.
pub fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the runtime")
}

/// The config file's database, if any (`DATA/umpire.toml`).
pub fn configured_database(data: &Path) -> Result<Option<String>> {
    Ok(umpire_server::config::Config::read(&data.join("umpire.toml"), false)?.database)
}

/// Run an `umpire host` command.
pub fn run(place: &Place, cmd: Command) -> Result<ExitCode> {
    let rt = runtime()?;
    rt.block_on(async move {
        let location = place.location(configured_database(&place.data_dir())?.as_deref())?;
        let host = Host::open(&location)
            .await
            .with_context(|| format!("cannot open the games' database {location}"))?;
        let code = command(&host, cmd).await;
        host.store().close().await;
        code
    })
}

async fn command(host: &Host, cmd: Command) -> Result<ExitCode> {
    let actor = actor();
    let mut out = String::new();
    use std::fmt::Write as _;
    match cmd {
        Command::New {
            kind,
            name,
            factions,
            seed,
            size,
            players,
            options,
            settings,
        } => {
            let options = new_game_options(factions, seed, size, players, options)?;
            let made = host
                .create(NewGame {
                    kind,
                    name,
                    options,
                    settings: settings.settings()?,
                    actor,
                })
                .await?;
            made_text(&mut out, &made, "Made");
        }
        Command::Import {
            kind,
            folder,
            name,
            settings,
        } => {
            let made = host
                .import(&kind, folder, name, settings.settings()?, &actor)
                .await?;
            made_text(&mut out, &made, "Imported");
        }
        Command::Games => games_text(&mut out, host).await?,
        Command::Status { game } => status_text(&mut out, host, &game).await?,
        Command::Record { game } => record_text(&mut out, host, &game).await?,
        Command::Messages(args) => messages_text(&mut out, host, &args, &actor).await?,
        Command::Submit {
            game,
            file,
            from,
            message_id,
        } => return submit_cmd(host, &game, &file, from, message_id).await,
        Command::Run { game } => {
            let ran = host.run_turn(&game, Trigger::Now { actor }).await?;
            ran_text(&mut out, &game, &ran);
            if ran == Ran::Busy {
                std::io::stdout().lock().write_all(out.as_bytes())?;
                return Ok(ExitCode::from(1));
            }
        }
        Command::Schedule {
            game,
            schedule,
            zone,
        } => schedule_text(&mut out, host, &game, (&schedule, zone.as_deref()), &actor).await?,
        Command::Webhook { game, url } => webhook_text(&mut out, host, &game, &url, &actor).await?,
        Command::Early { game, mode, grace } => {
            let grace = grace.as_deref().map(grace_minutes).transpose()?;
            host.set_early(&game, Some(Early::parse(&mode)?), grace, &actor)
                .await?;
            early_lines(&mut out, host, &game).await?;
        }
        Command::Pause { game } => pause_text(&mut out, host, &game, &actor).await?,
        Command::Resume { game } => deadline_line(&mut out, &host.resume(&game, &actor).await?),
        Command::Extend { game, by, to } => {
            extend_text(
                &mut out,
                host,
                &game,
                (by.as_deref(), to.as_deref()),
                &actor,
            )
            .await?
        }
        Command::Rollback { game, rerun } => {
            rollback_text(&mut out, host, &game, rerun, actor).await?
        }
        Command::Held { game } => held_text(&mut out, host, &game).await?,
        Command::Approve {
            game,
            seat,
            line,
            note,
        } => {
            let ruling = Ruling::Approved { note };
            rule_text(&mut out, host, (&game, &seat, line), ruling, &actor).await?
        }
        Command::Refuse {
            game,
            seat,
            line,
            reason,
        } => {
            let ruling = Ruling::Refused { reason };
            rule_text(&mut out, host, (&game, &seat, line), ruling, &actor).await?
        }
        Command::Join {
            game,
            name,
            address,
        } => joined_text(
            &mut out,
            &game,
            &host
                .join(&game, name.as_deref(), address.as_deref(), &actor)
                .await?,
        ),
        Command::Keep { game, seat } => keep_text(&mut out, host, &game, &seat, &actor).await?,
        c @ (Command::Remove { .. }
        | Command::Bot { .. }
        | Command::LeaveBot { .. }
        | Command::MaxLeave { .. }
        | Command::Open { .. }
        | Command::Close { .. }
        | Command::Give { .. }) => players_cmd(&mut out, host, c, &actor).await?,
        Command::Password { game, seat } => {
            password_text(&mut out, host, &game, &seat, &actor).await?
        }
        Command::DeskUser { name } => desk_user_text(&mut out, host, &name, &actor).await?,
        Command::Address {
            game,
            seat,
            address,
        } => {
            host.set_address(&game, &seat, &address, &actor).await?;
            let _ = writeln!(out, "{seat}'s mail now goes to {address}.");
        }
        Command::Report {
            game,
            seat,
            turn,
            json,
        } => report_text(&mut out, host, &game, &seat, turn, json).await?,
        Command::Export { game, folder } => export_text(&mut out, host, &game, &folder).await?,
        Command::Inbox { game, last } => inbox_text(&mut out, host, game.as_deref(), last).await?,
        Command::Outbox { game, status } => {
            outbox_text(&mut out, host, game.as_deref(), status.as_deref()).await?
        }
        Command::Audit { game } => audit_text(&mut out, host, game.as_deref()).await?,
    }
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The options of a new game: the named flags first, then each `--option NAME=VALUE`.
fn new_game_options(
    factions: Option<u32>,
    seed: Option<u64>,
    size: Option<String>,
    players: Vec<String>,
    options: Vec<String>,
) -> Result<Options> {
    let mut o = Vec::new();
    if let Some(f) = factions {
        o.push(("factions".to_string(), f.to_string()));
    }
    if let Some(s) = seed {
        o.push(("seed".to_string(), s.to_string()));
    }
    if let Some(s) = size {
        o.push(("size".to_string(), s));
    }
    for p in players {
        o.push(("player".to_string(), p));
    }
    for kv in options {
        let Some((k, v)) = kv.split_once('=') else {
            bail!("--option `{kv}` is not NAME=VALUE");
        };
        o.push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok(Options(o))
}

/// The games, each with its turn, status and next deadline.
async fn games_text(out: &mut String, host: &Host) -> Result<()> {
    use std::fmt::Write as _;
    let games = host.store().games().await?;
    if games.is_empty() {
        out.push_str("No games yet: make one with `umpire host new` or `umpire host import`.\n");
    }
    for g in games {
        let s = Settings::of_row(&g);
        let _ = writeln!(
            out,
            "{:<16} {:<9} turn {:<4} {:<7} next: {}",
            g.id,
            g.kind,
            g.turn,
            g.status.as_str(),
            g.deadline
                .map_or("when the game master runs it".to_string(), |d| describe(
                    from_ms(d),
                    &s.zone
                ))
        );
    }
    Ok(())
}

/// `umpire host submit`: take an order file as if it came by mail (with `--from`) or from the game master.
async fn submit_cmd(
    host: &Host,
    game: &str,
    file: &Path,
    from: Option<String>,
    message_id: Option<String>,
) -> Result<ExitCode> {
    let mut out = String::new();
    let (name, bytes) = read_input(file)?;
    let a = host
        .submit(Submission {
            game,
            source: if from.is_some() { "mail" } else { "cli" },
            sender: from.as_deref(),
            message_id: message_id.as_deref(),
            name: &name,
            bytes: &bytes,
            authenticated: None,
        })
        .await?;
    out.push_str(&a.text);
    if a.repeated {
        out.push_str("(this message was taken before: nothing was done again)\n");
    }
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(if a.refused > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Roll the last turn back, say which orders were withdrawn, and run it again if asked.
async fn rollback_text(
    out: &mut String,
    host: &Host,
    game: &str,
    rerun: bool,
    actor: String,
) -> Result<()> {
    use std::fmt::Write as _;
    let g = host.rollback(game, &actor).await?;
    let turn = g.turn + 1;
    let _ = writeln!(
        out,
        "Turn {turn} of {game} was rolled back; the players are told. Orders sent for it stand."
    );
    withdrawn_text(out, host, game, turn).await?;
    if rerun {
        let ran = host.run_turn(game, Trigger::Now { actor }).await?;
        ran_text(out, game, &ran);
    }
    Ok(())
}

/// A player joined: their seat, password, and where their first report goes.
fn joined_text(out: &mut String, game: &str, told: &Told) {
    use std::fmt::Write as _;
    let _ = writeln!(
        out,
        "{} ({}) joined {game}; password: {}",
        told.seat,
        told.name,
        told.password.as_ref().map_or("(unchanged)", |p| p.expose())
    );
    match &told.address {
        Some(a) => {
            let _ = writeln!(out, "Their initial report is queued for {a}.");
        }
        None => out.push_str(
            "They have no address yet: give them the password and their report (`umpire host report`).\n",
        ),
    }
}

/// A seat's report of a turn (the last by default), as text with its order template or as JSON.
async fn report_text(
    out: &mut String,
    host: &Host,
    game: &str,
    seat: &str,
    turn: Option<u32>,
    json: bool,
) -> Result<()> {
    host.game(game).await?;
    match host.store().report(game, seat, turn).await? {
        Some(r) if json => {
            out.push_str(r.json.as_deref().unwrap_or("null"));
            out.push('\n');
        }
        Some(r) => {
            out.push_str(&r.text);
            if let Some(t) = &r.template {
                out.push_str("\n==== Order template ====\n\n");
                out.push_str(t);
            }
        }
        None => bail!(
            "{game} has no report of {} for {seat}",
            turn.map_or("any turn".to_string(), |t| format!("turn {t}"))
        ),
    }
    Ok(())
}

/// The messages taken in, the newest last, each with the last line of its answer.
async fn inbox_text(out: &mut String, host: &Host, game: Option<&str>, last: i64) -> Result<()> {
    use std::fmt::Write as _;
    let rows = host.store().submissions(game, last).await?;
    if rows.is_empty() {
        out.push_str("No messages yet.\n");
    }
    for m in rows {
        let answer = m
            .answer
            .as_deref()
            .and_then(|a| a.lines().rev().find(|l| !l.trim().is_empty()))
            .unwrap_or("");
        let _ = writeln!(
            out,
            "#{:<5} {} {:<4} {:<12} from {:<28} {:<9} {}",
            m.id,
            describe(from_ms(m.received_at), "UTC"),
            m.source,
            m.game.as_deref().unwrap_or("-"),
            m.sender.as_deref().unwrap_or("-"),
            m.disposition,
            answer
        );
    }
    Ok(())
}

/// The mail queued to go out, with its status and last error.
async fn outbox_text(
    out: &mut String,
    host: &Host,
    game: Option<&str>,
    status: Option<&str>,
) -> Result<()> {
    use std::fmt::Write as _;
    let rows = host.store().outbox(game, status).await?;
    if rows.is_empty() {
        out.push_str("The outbox is empty.\n");
    }
    for m in rows {
        let _ = writeln!(
            out,
            "#{:<5} {:<10} {:<9} to {:<28} {}{}",
            m.id,
            m.status,
            m.message.kind,
            if m.message.to.is_empty() {
                "(no address)"
            } else {
                &m.message.to
            },
            m.message.shown_subject(),
            m.last_error.map(|e| format!(" [{e}]")).unwrap_or_default()
        );
    }
    Ok(())
}

/// The audit log: who did what to which game, and when.
async fn audit_text(out: &mut String, host: &Host, game: Option<&str>) -> Result<()> {
    use std::fmt::Write as _;
    for e in host.store().audit(game).await? {
        let _ = writeln!(
            out,
            "{} {:<12} {:<22} {:<9} {}",
            describe(from_ms(e.at), "UTC"),
            e.game.unwrap_or_default(),
            e.actor,
            e.action,
            e.detail
        );
    }
    Ok(())
}

/// Pause a game: no turn runs by itself until it is resumed.
async fn pause_text(out: &mut String, host: &Host, game: &str, actor: &str) -> Result<()> {
    use std::fmt::Write as _;
    host.pause(game, actor).await?;
    let _ = writeln!(
        out,
        "{game} is paused: no turn runs by itself until `umpire host resume {game}`."
    );
    Ok(())
}

/// Rule on a held line (game, seat, line number) and say what was ruled.
async fn rule_text(
    out: &mut String,
    host: &Host,
    (game, seat, line): (&str, &str, u32),
    ruling: Ruling,
    actor: &str,
) -> Result<()> {
    let h = host.rule(game, seat, line, ruling, actor).await?;
    ruled_text(out, &h);
    Ok(())
}

/// Keep a seat in play: its missed turns count from 0 again.
async fn keep_text(
    out: &mut String,
    host: &Host,
    game: &str,
    seat: &str,
    actor: &str,
) -> Result<()> {
    use std::fmt::Write as _;
    host.keep(game, seat, actor).await?;
    let _ = writeln!(
        out,
        "{seat} plays on in {game}; its missed turns start again from 0."
    );
    Ok(())
}

/// Let a bot play a seat (game, seat), or stop it.
async fn bot_text(
    out: &mut String,
    host: &Host,
    (game, seat): (&str, &str),
    on: bool,
    actor: &str,
) -> Result<()> {
    use std::fmt::Write as _;
    host.set_bot(game, seat, on, actor).await?;
    let _ = if on {
        writeln!(
            out,
            "A bot plays {seat} in {game}: each turn it writes the orders unless {seat} sent their own."
        )
    } else {
        writeln!(out, "No bot plays {seat} in {game} any more.")
    };
    Ok(())
}

/// Who plays a seat: a bot, the bot while its player is on leave (and
/// the longest leave), or a newcomer (open a seat, give it to one).
async fn players_cmd(out: &mut String, host: &Host, cmd: Command, actor: &str) -> Result<()> {
    use std::fmt::Write as _;
    match cmd {
        Command::Bot { game, seat, off } => {
            bot_text(out, host, (&game, &seat), !off, actor).await?
        }
        Command::LeaveBot { game, mode } => leave_bot_text(out, host, &game, &mode, actor).await?,
        Command::MaxLeave { game, turns } => {
            host.set_max_leave(&game, turns, actor).await?;
            let _ = writeln!(out, "A leave in {game} lasts at most {turns} turn(s).");
        }
        Command::Open { game, seat } => {
            let _ = writeln!(out, "{}.", host.open_seat(&game, &seat, actor).await?);
        }
        Command::Close { game, seat } => {
            let _ = writeln!(out, "{}.", host.close_opening(&game, &seat, actor).await?);
        }
        Command::Remove { game, seat } => {
            let _ = writeln!(out, "{}.", host.remove(&game, &seat, actor).await?);
        }
        Command::Give {
            game,
            seat,
            address,
        } => {
            let told = host.take_seat(&game, &seat, &address, actor).await?;
            let _ = writeln!(
                out,
                "{seat} of {game} is played from {} from now on; its new password ({}) is mailed there with its latest report. The old player's password, logins and tokens no longer work.",
                told.address.as_deref().unwrap_or(&address),
                told.password.as_ref().map_or("", |p| p.expose())
            );
        }
        _ => {}
    }
    Ok(())
}

/// Let the bot play the seats on leave (`on`), or not (`off`).
async fn leave_bot_text(
    out: &mut String,
    host: &Host,
    game: &str,
    mode: &str,
    actor: &str,
) -> Result<()> {
    use std::fmt::Write as _;
    let on = match mode.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" => true,
        "off" | "no" => false,
        other => bail!(
            "`{other}` is neither on nor off: write `umpire host leave-bot {game} on` (a bot plays the seats on leave) or `off` (their orders carry on)"
        ),
    };
    host.set_leave_bot(game, on, actor).await?;
    let _ = if on {
        writeln!(
            out,
            "A bot plays every seat on leave in {game} while it is away."
        )
    } else {
        writeln!(
            out,
            "No bot plays the seats on leave in {game}: their orders carry on as the rules say."
        )
    };
    Ok(())
}

/// Give a seat a new password, shown here and queued to its address.
async fn password_text(
    out: &mut String,
    host: &Host,
    game: &str,
    seat: &str,
    actor: &str,
) -> Result<()> {
    use std::fmt::Write as _;
    let p = host.new_password(game, seat, actor).await?;
    let _ = writeln!(
        out,
        "{seat}'s new password: {} (also queued to its address)",
        p.expose()
    );
    Ok(())
}

/// Add a desk login; its password is shown this once.
async fn desk_user_text(out: &mut String, host: &Host, name: &str, actor: &str) -> Result<()> {
    use std::fmt::Write as _;
    let p = host.add_desk_user(name, actor).await?;
    let _ = writeln!(
        out,
        "Desk login {}: password {} (shown this once). Log in at /desk/login on the server's web address.",
        name.trim(),
        p.expose()
    );
    Ok(())
}

/// Set a game's schedule (and time zone) and say when the next turn runs.
async fn schedule_text(
    out: &mut String,
    host: &Host,
    game: &str,
    (schedule, zone): (&str, Option<&str>),
    actor: &str,
) -> Result<()> {
    let g = host.set_schedule(game, Some(schedule), zone, actor).await?;
    deadline_line(out, &g);
    Ok(())
}

/// Move the deadline, by a duration or to a date, and say the new one.
async fn extend_text(
    out: &mut String,
    host: &Host,
    game: &str,
    (by, to): (Option<&str>, Option<&str>),
    actor: &str,
) -> Result<()> {
    let by = by.map(minutes).transpose()?;
    let g = host.extend(game, by, to, actor).await?;
    deadline_line(out, &g);
    out.push_str("The players are told.\n");
    Ok(())
}

/// Write a game out as a folder and say where.
async fn export_text(out: &mut String, host: &Host, game: &str, folder: &Path) -> Result<()> {
    use std::fmt::Write as _;
    let path = host.export(game, folder).await?;
    let _ = writeln!(out, "Wrote {}.", path.display());
    Ok(())
}

/// The lines held for the game master's ruling, and the rulings so far.
async fn held_text(out: &mut String, host: &Host, game: &str) -> Result<()> {
    use std::fmt::Write as _;
    let (turn, held) = host.held(game).await?;
    if held.is_empty() {
        let _ = writeln!(
            out,
            "No line of the orders for turn {turn} of {game} is held for your ruling."
        );
        return Ok(());
    }
    let _ = writeln!(
        out,
        "Lines of the orders for turn {turn} of {game} held for your ruling (one not ruled on when the turn runs does not run):"
    );
    for h in &held {
        let _ = writeln!(
            out,
            "  {:<14} line {:<3} `{}` -- {}",
            h.seat,
            h.line,
            h.text.trim(),
            h.ruling
                .as_ref()
                .map_or("not ruled on yet".to_string(), |(r, by)| {
                    format!("{} (by {by})", r.words())
                })
        );
    }
    let _ = writeln!(
        out,
        "Rule with `umpire host approve {game} SEAT LINE --note …` or `umpire host refuse {game} SEAT LINE --reason …`."
    );
    Ok(())
}

fn ruled_text(out: &mut String, h: &umpire_host::host::HeldView) {
    use std::fmt::Write as _;
    if let Some((r, _)) = &h.ruling {
        let _ = writeln!(
            out,
            "Line {} of {}'s orders (`{}`) {}; their report of the turn will say so.",
            h.line,
            h.name,
            h.text.trim(),
            r.words()
        );
    }
}

/// What became of the mail of the run of `turn` just rolled back: how
/// much was withdrawn, and what had already gone.
async fn withdrawn_text(out: &mut String, host: &Host, game: &str, turn: u32) -> Result<()> {
    use std::fmt::Write as _;
    let Some(run) = host
        .store()
        .turns(game)
        .await?
        .into_iter()
        .rfind(|t| t.turn == turn && t.status == "rolled-back")
    else {
        return Ok(());
    };
    let mail = host.store().outbox_of_run(game, turn, run.attempt).await?;
    let withdrawn = mail.iter().filter(|m| m.status == "withdrawn").count();
    let _ = writeln!(
        out,
        "{withdrawn} message(s) of turn {turn} withdrawn before they were sent."
    );
    for m in mail.iter().filter(|m| m.status != "withdrawn") {
        let _ = writeln!(
            out,
            "  already {}: \"{}\" to {}",
            m.status,
            m.message.subject,
            if m.message.to.is_empty() {
                "(no address)"
            } else {
                &m.message.to
            }
        );
    }
    Ok(())
}

fn read_input(file: &Path) -> Result<(String, Vec<u8>)> {
    if file.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
        Ok(("<stdin>".to_string(), buf))
    } else {
        let name = file.display().to_string();
        let bytes = std::fs::read(file).with_context(|| format!("cannot read {name}"))?;
        Ok((name, bytes))
    }
}

fn made_text(out: &mut String, made: &umpire_host::host::Made, verb: &str) {
    use std::fmt::Write as _;
    let g = &made.game;
    let _ = writeln!(
        out,
        "{verb} {} game `{}`: turn {} run so far, {} seat(s).",
        g.kind,
        g.id,
        g.turn,
        made.seats.len()
    );
    for n in made.notes.iter().take(5) {
        let _ = writeln!(out, "  {n}");
    }
    if made.notes.len() > 5 {
        let _ = writeln!(
            out,
            "  … and {} more notes (the audit log keeps them all: `umpire host audit {}`)",
            made.notes.len() - 5,
            g.id
        );
    }
    deadline_line(out, g);
    let _ = writeln!(out, "Seats and passwords (keep this private):");
    for t in &made.seats {
        let _ = writeln!(
            out,
            "  {:<14} {:<28} {:<12} {}",
            t.seat,
            t.name,
            t.password.as_ref().map_or("(kept)", |p| p.expose()),
            t.address.as_deref().unwrap_or("(no address)")
        );
    }
    if made.welcomed > 0 {
        let _ = writeln!(
            out,
            "{} initial report(s) queued; read one with `umpire host report {} SEAT`.",
            made.welcomed, g.id
        );
    }
}

fn deadline_line(out: &mut String, g: &umpire_host::store::GameRow) {
    use std::fmt::Write as _;
    let s = Settings::of_row(g);
    let _ = writeln!(
        out,
        "Turn {} of {}: {}.",
        g.turn + 1,
        g.id,
        match (g.deadline, g.status) {
            (_, umpire_host::store::Status::Paused) => "paused".to_string(),
            (Some(d), _) => format!(
                "deadline {} ({})",
                describe(from_ms(d), &s.zone),
                s.schedule.as_deref().unwrap_or("set by hand")
            ),
            (None, _) => "no deadline: runs when you run it (`umpire host run`)".to_string(),
        }
    );
}

fn ran_text(out: &mut String, game: &str, ran: &Ran) {
    use std::fmt::Write as _;
    match ran {
        Ran::Kept {
            turn,
            summary,
            reports,
            next,
            missing,
            ..
        } => {
            let _ = writeln!(out, "{summary}");
            if !missing.is_empty() {
                let _ = writeln!(out, "No orders from: {}.", missing.join(", "));
            }
            let _ = writeln!(
                out,
                "Turn {turn} kept: {reports} report(s), mail queued. Next turn: {}.",
                next.as_deref().unwrap_or("when you run it")
            );
        }
        Ran::Held {
            turn,
            missing,
            playing,
        } => {
            let _ = writeln!(
                out,
                "Turn {turn} of {game} held: {missing} of {playing} seats sent nothing."
            );
        }
        Ran::NotDue => {
            let _ = writeln!(out, "Nothing to run in {game} now.");
        }
        Ran::Busy => {
            let _ = writeln!(
                out,
                "A turn of {game} is being run by another process; nothing was done."
            );
        }
    }
}

/// `umpire host webhook GAME URL|off`.
async fn webhook_text(
    out: &mut String,
    host: &Host,
    game: &str,
    url: &str,
    actor: &str,
) -> Result<()> {
    use std::fmt::Write as _;
    host.set_webhook(game, Some(url), actor).await?;
    let _ = match url.trim() {
        "off" | "" => writeln!(out, "{game}'s news is posted to no webhook."),
        u => writeln!(
            out,
            "{game}'s news (turn ran, deadline near, paused, resumed) is posted to the webhook at {} from now on; `umpire serve` posts it.",
            umpire_host::host::webhook::shown(u)
        ),
    };
    Ok(())
}

/// `umpire host messages`'s arguments.
#[derive(clap::Args, Debug)]
pub struct MessagesArgs {
    game: String,
    #[arg(long, value_name = "private|gm-reads|off")]
    set: Option<String>,
    /// List the messages the game master may read, the newest first.
    #[arg(long)]
    read: bool,
}

/// `umpire host messages GAME`: the rule, then the volume by seat, or
/// (`--read`) the messages the game master may read.
async fn messages_text(
    out: &mut String,
    host: &Host,
    args: &MessagesArgs,
    actor: &str,
) -> Result<()> {
    use std::fmt::Write as _;
    use umpire_host::host::messages::Messages;
    let (game, read) = (args.game.as_str(), args.read);
    if let Some(s) = &args.set {
        host.set_messages(game, Messages::parse(s)?, actor).await?;
    }
    let settings = umpire_host::host::Settings::of_row(&host.game(game).await?);
    let _ = writeln!(out, "{game}: {}.", settings.messages.describe());
    if read {
        let rows = host.messages_for_gm(game, 200).await?;
        if rows.is_empty() {
            out.push_str("No message written under this rule yet.\n");
        }
        for m in rows.iter().rev() {
            let _ = writeln!(
                out,
                "\n#{} {} to {}, {}{}\nSubject: {}\n{}",
                m.id,
                m.from_seat,
                m.to_seat,
                describe(from_ms(m.sent_at), "UTC"),
                if m.via == "mail" { ", by mail" } else { "" },
                m.subject,
                m.body
            );
        }
        return Ok(());
    }
    let counts = host.store().message_counts(game, 0).await?;
    if counts.is_empty() {
        out.push_str("No messages yet.\n");
        return Ok(());
    }
    let _ = writeln!(out, "  {:<14} {:>7} {:>8}", "seat", "written", "received");
    for c in &counts {
        let _ = writeln!(out, "  {:<14} {:>7} {:>8}", c.seat, c.sent, c.received);
    }
    Ok(())
}

/// `umpire host record GAME`: a line per seat.
async fn record_text(out: &mut String, host: &Host, game: &str) -> Result<()> {
    use std::fmt::Write as _;
    let mut record = host.record(game).await?;
    // f5 before f10: a seat's letters, then its number.
    record.sort_by_key(|r| {
        let digits = r.seat.trim_start_matches(|c: char| !c.is_ascii_digit());
        let letters = &r.seat[..r.seat.len() - digits.len()];
        (
            letters.to_string(),
            digits.parse::<u64>().ok(),
            r.seat.clone(),
        )
    });
    if record.is_empty() {
        let _ = writeln!(out, "{game}: no turn has run yet, so no seat has a record.");
        return Ok(());
    }
    let _ = writeln!(out, "{game}: each seat's record over the turns that ran");
    let _ = writeln!(
        out,
        "  {:<14} {:>5} {:>7} {:>4} {:>6}",
        "seat", "turns", "on time", "late", "missed"
    );
    for r in &record {
        let mut bot = if r.by_bot > 0 {
            format!(" (a bot played {})", r.by_bot)
        } else {
            String::new()
        };
        if r.on_leave > 0 {
            bot.push_str(&format!(" (on leave {})", r.on_leave));
        }
        let _ = writeln!(
            out,
            "  {:<14} {:>5} {:>7} {:>4} {:>6}{bot}",
            r.seat,
            r.turns(),
            r.on_time,
            r.late,
            r.missed
        );
    }
    Ok(())
}

/// The game's early setting, and who the turn being collected waits for.
async fn early_lines(out: &mut String, host: &Host, game: &str) -> Result<()> {
    use std::fmt::Write as _;
    let g = host.game(game).await?;
    let s = Settings::of_row(&g);
    let r = host.readiness(game).await?;
    if s.early == Early::Off {
        let _ = writeln!(out, "Early runs: off ({}).", s.early.describe());
        return Ok(());
    }
    let _ = writeln!(
        out,
        "Early runs: {} ({}, {} minutes after the last change).",
        s.early,
        s.early.describe(),
        s.grace_minutes
    );
    match r.at_text(&s.zone) {
        Some(at) => {
            let _ = writeln!(
                out,
                "Every seat is ready: turn {} runs early at {at}.",
                r.turn
            );
        }
        None => {
            let _ = writeln!(
                out,
                "Turn {} waits for {} of {} seat(s): {}.",
                r.turn,
                r.waiting,
                r.seats.len(),
                r.seats
                    .iter()
                    .filter(|x| !x.ready)
                    .map(|x| x.seat.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    Ok(())
}

async fn status_text(out: &mut String, host: &Host, game: &str) -> Result<()> {
    use std::fmt::Write as _;
    let o = host.overview(game).await?;
    let g = &o.game;
    let _ = writeln!(
        out,
        "{} ({}): {} turn(s) run, collecting turn {}; {}.",
        g.id,
        g.kind,
        g.turn,
        o.collecting,
        g.status.as_str()
    );
    deadline_line(out, g);
    if o.held {
        let _ = writeln!(
            out,
            "HELD by the safety valve: run it (`umpire host run {}`) or extend the deadline.",
            g.id
        );
    }
    if let Some(t) = g.running_turn {
        let _ = writeln!(
            out,
            "A run of turn {t} began and is not kept yet: it is repeated at the next tick of `umpire serve` (or `umpire host run {}`).",
            g.id
        );
    }
    early_lines(out, host, game).await?;
    let playing = o.seats.iter().filter(|s| s.seat.status.plays()).count();
    let sent = o
        .seats
        .iter()
        .filter(|s| s.seat.status.plays() && s.has_orders)
        .count();
    let away = o.seats.iter().filter(|s| s.on_leave.is_some()).count();
    let _ = writeln!(
        out,
        "Orders for turn {}: {sent} of {playing} in play{}.",
        o.collecting,
        if away > 0 {
            format!(" ({away} on leave)")
        } else {
            String::new()
        }
    );
    for s in &o.seats {
        let mut away = String::new();
        if let Some(until) = s.on_leave {
            away.push_str(&format!("  on leave until turn {until}"));
        }
        if s.open {
            away.push_str("  OPEN for a newcomer");
        }
        let _ = writeln!(
            out,
            "  {:<14} {:<28} {:<10} {:<11} missed {}  {}{away}",
            s.seat.seat,
            s.seat.name,
            if s.has_orders {
                "orders in"
            } else {
                "no orders"
            },
            s.seat.status.as_str(),
            s.seat.missed,
            s.seat.address().unwrap_or("(no address)")
        );
    }
    let _ = writeln!(
        out,
        "Leave: at most {} turn(s); {}.",
        o.settings.max_leave,
        if o.settings.leave_bot {
            "a bot plays the seats on leave"
        } else {
            "the orders of a seat on leave carry on"
        }
    );
    let (_, held) = host.held(game).await?;
    if !held.is_empty() {
        let open = held.iter().filter(|h| h.ruling.is_none()).count();
        let _ = writeln!(
            out,
            "Lines held for your ruling: {} ({open} not ruled on yet): `umpire host held {}`.",
            held.len(),
            g.id
        );
    }
    let _ = writeln!(
        out,
        "Outbox: {} waiting, {} that cannot be sent (no address or failed).",
        o.waiting, o.unsendable
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_game_masters_write_them() {
        assert_eq!(minutes("1d").unwrap(), 1440);
        assert_eq!(minutes("12h").unwrap(), 720);
        assert_eq!(minutes("1d12h30m").unwrap(), 2190);
        for bad in ["", "5", "1w", "h", "-1d", "0m"] {
            assert!(minutes(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_grace_may_be_none() {
        assert_eq!(grace_minutes("0m").unwrap(), 0);
        assert_eq!(grace_minutes("0").unwrap(), 0);
        assert_eq!(grace_minutes("15").unwrap(), 15);
        assert_eq!(grace_minutes("1h").unwrap(), 60);
        for bad in ["", "soon", "m", "-5m"] {
            assert!(grace_minutes(bad).is_err(), "{bad}");
        }
    }
}
