//! `umpire serve`: one process for every hosted game. Today it keeps the
//! deadlines (runs each turn when it falls due, repeats a run that stopped
//! part way, reminds players), answers submissions left unanswered by a
//! crash, and logs what it does; the mail gateway and the web pages plug
//! into the same loop and the same host.
//!
//! It stops gracefully on Ctrl-C or SIGTERM: a turn being run is given
//! `grace_seconds` to be kept, then abandoned cleanly (nothing of it is
//! kept; it is repeated, byte for byte, at the next start). A second
//! signal stops at once, which is just as safe.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use umpire_host::host::{Host, Ran};

use crate::host::{Place, runtime};

/// `DATA/umpire.toml`; every key may be left out.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The database URL (`postgres://…` or `sqlite:PATH`); default the
    /// data folder's `umpire.db`. --database and $UMPIRE_DATABASE_URL win.
    pub database: Option<String>,
    /// Seconds between looks at the deadlines (default 15).
    pub tick_seconds: u64,
    /// Seconds a turn being run is given to finish when the server is
    /// asked to stop (default 60).
    pub grace_seconds: u64,
    /// What to log (`info`, `debug`, `umpire_host=debug`); $UMPIRE_LOG wins.
    pub log: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            database: None,
            tick_seconds: 15,
            grace_seconds: 60,
            log: "info".to_string(),
        }
    }
}

impl Config {
    /// Read the config file; a missing one is the defaults unless
    /// `required` (it was named on the command line).
    pub fn read(path: &Path, required: bool) -> Result<Config> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => {
                return Ok(Config::default());
            }
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let c: Config = toml::from_str(&text)
            .with_context(|| format!("{} is not a valid config", path.display()))?;
        if c.tick_seconds == 0 {
            bail!("{}: tick_seconds must be at least 1", path.display());
        }
        Ok(c)
    }
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub place: Place,
    /// The config file (default DATA/umpire.toml).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Seconds between looks at the deadlines (overrides the config).
    #[arg(long, value_name = "SECONDS")]
    pub tick: Option<u64>,
    /// Do one round of what is due, then stop (for cron, or a test).
    #[arg(long)]
    pub once: bool,
}

/// `umpire serve`.
pub fn run(args: Args) -> Result<ExitCode> {
    let data = args.place.data_dir();
    let config_path = args
        .config
        .clone()
        .unwrap_or_else(|| data.join("umpire.toml"));
    let config = Config::read(&config_path, args.config.is_some())?;
    let filter = std::env::var("UMPIRE_LOG").unwrap_or_else(|_| config.log.clone());
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .with_context(|| format!("`{filter}` is not a log filter (try info or debug)"))?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    std::fs::create_dir_all(&data)
        .with_context(|| format!("cannot make the data folder {}", data.display()))?;
    let location = args.place.location(config.database.as_deref())?;
    let tick = Duration::from_secs(args.tick.unwrap_or(config.tick_seconds).max(1));
    let grace = Duration::from_secs(config.grace_seconds);
    let rt = runtime()?;
    rt.block_on(async move {
        let host = Host::open(&location)
            .await
            .with_context(|| format!("cannot open the games' database {location}"))?;
        tracing::info!(database = %location, data = %data.display(), "umpire serve started");
        let n = host.answer_waiting().await?;
        if n > 0 {
            tracing::info!(answered = n, "answered messages left from before");
        }
        let host = std::sync::Arc::new(host);
        let result = serve(host.clone(), tick, grace, args.once).await;
        host.store().close().await;
        tracing::info!("umpire serve stopped");
        result
    })?;
    Ok(ExitCode::SUCCESS)
}

/// A signal to stop: Ctrl-C or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn serve(
    host: std::sync::Arc<Host>,
    every: Duration,
    grace: Duration,
    once: bool,
) -> Result<()> {
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        let h = host.clone();
        let mut work = tokio::spawn(async move { h.tick().await });
        tokio::select! {
            done = &mut work => log_tick(done),
            _ = &mut stop => {
                tracing::info!(grace_seconds = grace.as_secs(), "asked to stop: letting the work under way finish");
                tokio::select! {
                    done = tokio::time::timeout(grace, &mut work) => match done {
                        Ok(done) => log_tick(done),
                        Err(_) => tracing::warn!("the turn under way is abandoned; nothing of it was kept, and it is run again at the next start"),
                    },
                    _ = stop_signal() => tracing::warn!("asked again: stopping now; the turn under way is run again at the next start"),
                }
                return Ok(());
            }
        }
        if once {
            return Ok(());
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = &mut stop => return Ok(()),
        }
    }
}

fn log_tick(
    done: std::result::Result<
        umpire_host::host::Result<umpire_host::host::Tick>,
        tokio::task::JoinError,
    >,
) {
    match done {
        Ok(Ok(tick)) => {
            for (game, ran) in &tick.ran {
                match ran {
                    Ran::Kept {
                        turn,
                        run_ms,
                        reports,
                        next,
                        ..
                    } => tracing::info!(
                        game,
                        turn,
                        run_ms,
                        reports,
                        next = next.as_deref().unwrap_or("none"),
                        "turn run and kept"
                    ),
                    Ran::Held {
                        turn,
                        missing,
                        playing,
                    } => tracing::warn!(
                        game,
                        turn,
                        missing,
                        playing,
                        "turn held: too many seats sent nothing; the game master is told"
                    ),
                    Ran::Busy => tracing::info!(game, "a run of this game is going on elsewhere"),
                    Ran::NotDue => {}
                }
            }
            if tick.reminded > 0 {
                tracing::info!(reminders = tick.reminded, "reminders queued");
            }
            for (game, why) in &tick.failed {
                tracing::error!(game, error = %why, "will try again at the next tick");
            }
        }
        Ok(Err(e)) => {
            tracing::error!(error = %e, "the deadlines could not be looked at; trying again at the next tick")
        }
        Err(e) => {
            tracing::error!(error = %e, "the scheduler stopped unexpectedly; trying again at the next tick")
        }
    }
}
