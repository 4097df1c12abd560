//! `umpire serve`: the command line's side of the server — where the data
//! and the config are, and the log. The server itself is
//! `umpire_server::serve`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use umpire_host::host::Host;
use umpire_host::lock::{ServeLock, Serving};
use umpire_server::config::{Config, LogFormat};

use crate::host::{Place, runtime};

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
    /// Where to serve the web (overrides the config's [web] listen):
    /// 127.0.0.1:8080 by default, 0.0.0.0:8080 for every address, `off`
    /// for no web.
    #[arg(long, value_name = "ADDRESS")]
    pub listen: Option<String>,
    /// Do one round of what is due (deadlines, mail in and out), then stop
    /// (for cron, or a test).
    #[arg(long)]
    pub once: bool,
    /// Host the demo game too: an Overlord game `demo` (made on the first
    /// start) where you play one faction in the browser and bots play the
    /// other five; prints where to open it and fresh passwords.
    #[arg(long, conflicts_with = "once")]
    pub demo: bool,
}

/// Start the log on standard error, as text or as one JSON object a
/// line (with the fields of the spans it was written in: a request's id,
/// a turn's game and number).
pub fn logging(filter: &str, format: LogFormat) -> Result<()> {
    let filter = std::env::var("UMPIRE_LOG").unwrap_or_else(|_| filter.to_string());
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .with_context(|| format!("`{filter}` is not a log filter (try info or debug)"))?;
    // Colours only for a person at a terminal, not in a file or journald.
    let log = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => log.try_init(),
        LogFormat::Json => log.json().flatten_event(true).try_init(),
    };
    Ok(())
}

/// The config of a server: --config, or DATA/umpire.toml if there is one.
pub fn config(place: &Place, path: Option<&PathBuf>) -> Result<Config> {
    let p = path
        .cloned()
        .unwrap_or_else(|| place.data_dir().join("umpire.toml"));
    Config::read(&p, path.is_some())
}

/// `umpire serve`.
pub fn run(args: Args) -> Result<ExitCode> {
    let data = args.place.data_dir();
    let mut config = config(&args.place, args.config.as_ref())?;
    if let Some(t) = args.tick {
        config.tick_seconds = t.max(1);
    }
    if let Some(l) = args.listen {
        config.web.listen = l;
        config.web.address()?;
    }
    logging(&config.log, config.log_format)?;
    // The data folder holds the games' database and the mail as received:
    // made, it is its owner's only. One its owner opened to others (a mail
    // pipe run as another user must read the config) is left so, with a
    // word in the log.
    umpire_host::store::make_folder(&data)
        .with_context(|| format!("cannot make the data folder {}", data.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        if let Ok(m) = std::fs::metadata(&data)
            && m.permissions().mode() & 0o077 != 0
        {
            tracing::warn!(
                data = %data.display(),
                mode = format!("{:o}", m.permissions().mode() & 0o777),
                "the data folder is open to other users: `chmod 700` it unless another user (a mail pipe) must read it"
            );
        }
    }
    let location = args.place.location(config.database.as_deref())?;
    // Held while serving: no restore replaces the database meanwhile.
    let _serving = match location.sqlite_path() {
        Some(db) => match ServeLock::serve(&db)? {
            Serving::Held(l) => Some(l),
            Serving::Busy => bail!(
                "a restore of {} is under way: start again when it is done",
                db.display()
            ),
        },
        None => None,
    };
    let rt = runtime()?;
    rt.block_on(async move {
        let host = Host::open(&location)
            .await
            .with_context(|| format!("cannot open the games' database {location}"))?;
        let host = match &config.backup {
            Some(b) => {
                let policy = b.policy(&data);
                tracing::info!(dir = %policy.dir.display(), keep = policy.keep, "a backup before every turn and one a day");
                host.with_backups(policy)?
            }
            None => host,
        };
        tracing::info!(database = %location, data = %data.display(), mail = config.mail.is_some(), web = %config.web.listen, "umpire serve started");
        let host = std::sync::Arc::new(host);
        let demo = if args.demo {
            Some(crate::serve_demo::prepare(&host).await?)
        } else {
            None
        };
        let result = umpire_server::serve::serve_then(host.clone(), &config, args.once, |web| {
            if let Some(d) = &demo {
                use std::io::Write as _;
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(crate::serve_demo::welcome(d, web).as_bytes());
                let _ = out.flush();
            }
        })
        .await;
        host.store().close().await;
        tracing::info!("umpire serve stopped");
        result
    })?;
    Ok(ExitCode::SUCCESS)
}
